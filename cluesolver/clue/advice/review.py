"""A game looked back on: when the notebook named the envelope, what each suggestion was
expected to teach next to the best one then, and when accusing was advised.

Everything is measured on the log's own notebook (the owner's; on a spectator's log the
public one, the same for every player), position by position: the position *before* a
line is the log up to the line before it, *after* it the log up to it.

* ``certain_at``: the first file line after which the notebook names the envelope (one
  possible card in every category): the first ``LINE`` where ``replay --at LINE`` names
  all categories (line 1 when the header alone does); ``None`` if it never does.
* Per suggestion (the owner's; on a spectator's log every player's):
  ``gain_bits``, the drop of the envelope's uncertainty (:func:`.suggestions.envelope_bits`,
  the sum of the categories' entropies) its answer was expected to bring, scored as the
  advisor scores every allowed suggestion (:func:`.scoring.score_all`, the owner seeing the
  card shown) over the deals of the position before it (every deal up to the advisor's
  ``exact_limit``, else the same uniform sample for all of them, so ``exact`` is false);
  ``best_bits``, the largest of those expected drops over every allowed suggestion
  (``best_cards``; so ``best_bits >= gain_bits`` always) and ``room_best_bits`` over those
  made in the same room (location); ``learned_bits``, the drop that actually happened (the
  notebook's exact uncertainty before minus after the line: luck can make it bigger than
  any expectation).  ``cost_bits = best_bits - gain_bits``: what the choice was expected
  to give away; the costliest three are told in words.
* ``accuse_advised_at``: the first line after which ``accuse?`` for the player says
  accuse (certain, or the timing advice says the best guess beats waiting).  As in
  self-play, a position where the product of each category's best card's chance is below
  :data:`.timing.FLOOR` (only an opponent all but sure to win first could make accusing
  there right) is taken as "wait" without working out the timing.  ``accused_at``: the line of the player's
  accusation (or all-in), and whether it was right.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING

from cluesolver.clue.advice.suggestions import DEFAULTS, AdvisorSettings, envelope_bits, room_category
from cluesolver.clue.engine import count
from cluesolver.clue.engine.results import Counts
from cluesolver.clue.record.constraints import ENVELOPE, puzzle_of
from cluesolver.clue.record.events import Accusation, Event, GameLog, Suggestion
from rulesref.core.i18n import _, number

if TYPE_CHECKING:
    from cluesolver.clue.record.constraints import Table
    from cluesolver.clue.variants import Variant

#: How many of the costliest suggestions are told in words.
COSTLIEST = 3


@dataclass(frozen=True)
class SuggestionReview:
    """One suggestion next to the best one available then (see the module)."""

    line: int
    player: str
    cards: tuple[str, ...]
    gain_bits: float  # its expected drop of the envelope's uncertainty, as the advisor scored it
    best_bits: float  # the best expected drop among the allowed suggestions then
    best_cards: tuple[str, ...]
    room_best_bits: float  # the best in the same room (location)
    room_best_cards: tuple[str, ...]
    learned_bits: float  # the drop that happened
    bits_before: float  # the notebook's uncertainty before the line
    exact: bool  # scored over every consistent deal (else the same uniform sample for all)

    @property
    def cost_bits(self) -> float:
        return max(self.best_bits - self.gain_bits, 0.0)

    def sentence(self, variant: Variant | None = None) -> str:
        """The suggestion in plain words: what it was expected to bring, what it brought, the
        best then (in the language spoken now; the cards as ``variant`` names them there)."""

        def names(cards: tuple[str, ...]) -> str:
            return ", ".join(cards if variant is None else variant.display_names(cards))

        said = _("Line {line}: {player} suggests {cards}: expected {gain} bits, learned {learned}").format(
            line=self.line,
            player=self.player,
            cards=names(self.cards),
            gain=number(float(_two(self.gain_bits)), ".2f"),
            learned=number(float(_two(self.learned_bits)), ".2f"),
        )
        if self.best_cards == self.cards:
            return said + _("; nothing was expected to bring more.")
        return said + _("; {cards} would have expected {bits}.").format(
            cards=names(self.best_cards), bits=number(float(_two(self.best_bits)), ".2f")
        )

    def to_json(self) -> dict[str, object]:
        return {
            "line": self.line,
            "player": self.player,
            "cards": list(self.cards),
            "gain_bits": self.gain_bits,
            "best_bits": self.best_bits,
            "best_cards": list(self.best_cards),
            "room_best_bits": self.room_best_bits,
            "room_best_cards": list(self.room_best_cards),
            "learned_bits": self.learned_bits,
            "cost_bits": self.cost_bits,
            "bits_before": self.bits_before,
            "exact": self.exact,
        }


@dataclass(frozen=True)
class PlayerReview:
    """One player's game: their suggestions, when accusing was advised and when they accused."""

    player: str
    suggestions: tuple[SuggestionReview, ...]
    accuse_advised_at: int | None
    accused_at: int | None
    accusation_correct: bool | None

    @property
    def costliest(self) -> tuple[SuggestionReview, ...]:
        """The suggestions that gave most away (expected), at most :data:`COSTLIEST`, by line."""
        worst = sorted((s for s in self.suggestions if s.cost_bits > 1e-9), key=lambda s: (-s.cost_bits, s.line))
        return tuple(sorted(worst[:COSTLIEST], key=lambda s: s.line))

    def to_json(self) -> dict[str, object]:
        return {
            "player": self.player,
            "suggestions": [s.to_json() for s in self.suggestions],
            "accuse_advised_at": self.accuse_advised_at,
            "accused_at": self.accused_at,
            "accusation_correct": self.accusation_correct,
            "costliest": [{"line": s.line, "text": s.sentence()} for s in self.costliest],
        }


@dataclass(frozen=True)
class GameReview:
    """The review of a log (see the module); ``player`` None: a spectator's log."""

    player: str | None
    last_line: int  # the last line reviewed
    certain_at: int | None
    players: tuple[PlayerReview, ...]
    contradiction_at: int | None = None  # the first line after which the log contradicts itself

    @property
    def mine(self) -> PlayerReview | None:
        return next((p for p in self.players if p.player == self.player), None)

    def to_json(self) -> dict[str, object]:
        mine = self.mine
        suggestions = sorted((s for p in self.players for s in p.suggestions), key=lambda s: s.line)
        out: dict[str, object] = {
            "player": self.player,
            "spectator": self.player is None,
            "last_line": self.last_line,
            "certain_at": self.certain_at,
            "contradiction_at": self.contradiction_at,
            "suggestions": [s.to_json() for s in suggestions],
        }
        if mine is not None:
            out["accuse_advised_at"] = mine.accuse_advised_at
            out["accused_at"] = mine.accused_at
            out["accusation_correct"] = mine.accusation_correct
            out["costliest"] = [{"line": s.line, "text": s.sentence()} for s in mine.costliest]
        out["players"] = [p.to_json() for p in self.players]
        return out


def review(log: GameLog, settings: AdvisorSettings = DEFAULTS) -> GameReview:
    """The review of ``log`` as far as it goes (see the module for every figure)."""
    me = log.header.me
    who = (me,) if me is not None else log.players
    table = puzzle_of(log).table
    cats = table.categories
    # the notebook before any event, then after each line that holds an event
    steps: list[tuple[int, Counts]] = [(1, count(puzzle_of(log.upto(0))))]
    contradiction = None
    for e in log.events:
        if steps[-1][0] == e.line:
            continue
        got = count(puzzle_of(log.upto(e.line)))
        steps.append((e.line, got))
        if not got.deals:
            contradiction = e.line
            break
    certain_at = next((line for line, got in steps if got.deals and _named(got, cats)), None)
    after = dict(steps)
    before = {e.line: steps[i][1] for i, e in enumerate(_distinct(log)) if i < len(steps)}
    reviews: dict[str, list[SuggestionReview]] = {p: [] for p in who}
    for e in log.events:
        if contradiction is not None and e.line >= contradiction:
            break
        if isinstance(e, Suggestion) and e.suggester in reviews:
            reviews[e.suggester].append(_suggestion(log, e, before[e.line], after[e.line], table, settings))
    players = tuple(
        PlayerReview(p, tuple(reviews[p]), _advised_at(log, p, steps, settings), *_accused(log, p)) for p in who
    )
    last = log.events[-1].line if log.events else 1
    return GameReview(me, last, certain_at, players, contradiction)


def _distinct(log: GameLog) -> list[Event]:
    """The events, one per file line (the first of a line)."""
    out: list[Event] = []
    lines: set[int] = set()
    for e in log.events:
        if e.line not in lines:
            lines.add(e.line)
            out.append(e)
    return out


def _named(counts: Counts, cats: tuple[tuple[str, tuple[str, ...]], ...]) -> bool:
    """The notebook names the envelope: one possible card in every category."""
    env = counts.held[ENVELOPE]
    return all(sum(1 for c in cs if env[c] > 0) == 1 for _, cs in cats)


def _suggestion(
    log: GameLog, e: Suggestion, before: Counts, after: Counts, table: Table, settings: AdvisorSettings
) -> SuggestionReview:
    """``e`` scored among every allowed suggestion at the position before it."""
    import numpy as np

    from cluesolver.clue.advice.scoring import score_all
    from cluesolver.clue.engine.sampler import deals_of

    cats = table.categories
    now = envelope_bits(before, cats)
    learned = now - envelope_bits(after, cats)
    index = {c: i for i, c in enumerate(table.cards)}
    pools = [np.array([index[c] for c in cs], dtype=np.intp) for _, cs in cats]
    puzzle = puzzle_of(log.upto(e.line - 1))
    deals = deals_of(puzzle, before, settings.samples, settings.seed, settings.exact_limit)
    scores = score_all(deals, table, e.suggester, e.suggester == log.header.me, pools, settings.norm)
    gains = scores.env_gain
    # the suggestion's cards in the categories' order, as the candidates are (a log may name them in any order)
    wanted = np.array([index[next(c for c in e.cards if c in cs)] for _, cs in cats])
    m = int(np.flatnonzero((scores.candidates == wanted).all(axis=1))[0])
    best = int(np.argmax(gains))
    room_k = next(k for k, (cat, _) in enumerate(cats) if cat == room_category(log))
    same = np.flatnonzero(scores.candidates[:, room_k] == wanted[room_k])
    room_best = int(same[np.argmax(gains[same])])

    def cards_of(row: int) -> tuple[str, ...]:
        return tuple(table.cards[int(c)] for c in scores.candidates[row])

    return SuggestionReview(
        e.line,
        e.suggester,
        e.cards,
        _tidy(float(gains[m])),
        _tidy(float(gains[best])),
        cards_of(best),
        _tidy(float(gains[room_best])),
        cards_of(room_best),
        _tidy(learned),
        now,
        deals.exact,
    )


def _two(bits: float) -> str:
    """Bits to two decimals (a tiny negative is 0.00, not -0.00)."""
    text = f"{bits:.2f}"
    return "0.00" if text == "-0.00" else text


def _tidy(bits: float) -> float:
    return 0.0 if abs(bits) < 1e-12 else bits


def _advised_at(log: GameLog, player: str, steps: list[tuple[int, Counts]], settings: AdvisorSettings) -> int | None:
    """The first line after which ``accuse?`` for ``player`` says accuse (see the module)."""
    from cluesolver.clue.advice.accuse import accusation
    from cluesolver.clue.advice.timing import FLOOR

    cats = puzzle_of(log).table.categories
    for line, got in steps:
        upto = log.upto(line)
        if any(isinstance(e, Accusation) and (e.correct or e.accuser == player) for e in upto.events):
            return None  # the game is over, or the player accused already (and is out or has won)
        if not got.deals:
            return None
        if _named(got, cats):
            return line
        env = got.held[ENVELOPE]
        if math.prod(max(env[c] for c in cs) / got.deals for _, cs in cats) < FLOOR:
            continue  # the best guess is below the floor: wait
        if accusation(upto, player=player, settings=settings, plan=True).decision == "accuse":
            return line
    return None


def _accused(log: GameLog, player: str) -> tuple[int | None, bool | None]:
    """The line of ``player``'s accusation and whether it was right (None, None: none)."""
    e = next((e for e in log.events if isinstance(e, Accusation) and e.accuser == player), None)
    return (None, None) if e is None else (e.line, e.correct)
