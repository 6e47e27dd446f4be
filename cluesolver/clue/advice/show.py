"""Which card to show: when a suggestion reaches you and you hold several of its cards,
the one that tells the suggester least about the envelope.

*What the suggester knows.*  Their notebook as :mod:`.threat` rebuilds it in a deal:
their own hand, everything said at the table (passes, who showed, wrong accusations), the
cards shown to them (a card the log names, else the one the shower picked, uniformly
among the suggested cards they hold in that deal; every pick when there are at most
``max_picks`` combinations, else one drawn at random), their looks at table cards, and of
this suggestion: the players between them and you passed, and you show a card.  We do
not know their hand, so the figures average over the deals that agree with our log and
with the suggestion reaching us.

*The leak of a card* ``c`` is what the suggester learns about the envelope from "you hold
``c``" beyond "you show a card": in a deal, with ``p_k`` the suggester's chance of each
envelope card of category ``k`` before and ``q_k`` after,

    leak(c) = sum over categories k of KL(q_k || p_k) = sum_k sum_e q_k(e) log2(q_k(e) / p_k(e))  (bits),

averaged over the deals (and picks) in which you hold ``c``.  It is 0 exactly when their
notebook does not move (a card you showed them before: it is in their notebook already)
and never negative; averaged over what the suggester themselves expects to be shown it is
the expected drop of their uncertainty as the advisor measures it (the sum of the
categories' entropies, :func:`.suggestions.envelope_bits`), which is reported beside it as
``drop_bits`` (one deal's drop may be negative: a surprise can spread the odds).  Each
notebook is counted exactly; the deals are all of them when at most ``exact_limit``,
else ``samples`` uniform draws (then ``exact`` is false).
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from cluesolver.clue.advice.threat import public_knowledge
from cluesolver.clue.engine import count, counter
from cluesolver.clue.engine.results import Counts
from cluesolver.clue.engine.small import SmallDeals, SmallLimits, small_deals
from cluesolver.clue.record.constraints import ENVELOPE, AtLeastOne, Constraint, Has, Lacks, Puzzle, puzzle_of
from cluesolver.clue.record.events import GameLog, Suggestion
from rulesref.core.errors import InputError, Problem
from rulesref.core.i18n import _, number

if TYPE_CHECKING:
    from cluesolver.clue.engine.sampler import Deals
    from cluesolver.clue.variants import Variant

#: Deals at most this many are all used (exact); more are sampled (``samples`` of them).
EXACT_LIMIT = 200
SAMPLES = 100
#: The suggester's notebooks are counted by the small counter up to these limits (they are
#: small: the suggester knows their hand), faster there than the numpy engine; bigger ones by it.
NOTEBOOK_LIMITS = SmallLimits(max_states=30_000, max_steps=300_000)


@dataclass(frozen=True)
class CardLeak:
    """One card you may show, and what showing it tells the suggester (averaged over the deals)."""

    card: str
    leak_bits: float  # what the suggester learns about the envelope (see the module)
    drop_bits: float  # the expected drop of their envelope uncertainty (may be negative)
    shown_before: bool  # you showed them this card before (the log names it)
    holds: float  # the chance the player holds it (1 for the log's owner)
    names_envelope: float  # the chance they can name the whole envelope once shown it

    def to_json(self) -> dict[str, object]:
        return {
            "card": self.card,
            "leak_bits": self.leak_bits,
            "drop_bits": self.drop_bits,
            "shown_before": self.shown_before,
            "holds": self.holds,
            "names_envelope": self.names_envelope,
        }


@dataclass(frozen=True)
class ShowAdvice:
    """The cards ``player`` may show ``to``, least leak first (``cards[0]`` is the advice)."""

    player: str
    to: str
    suggested: tuple[str, ...]
    cards: tuple[CardLeak, ...]
    passed: tuple[str, ...] = ()  # players taken to have passed before ``player``
    deals: int = 0  # deals of our log the figures average over
    exact: bool = True  # over every such deal, each notebook counted exactly
    consistent: bool = True  # False: the log contradicts itself (no figures)
    names_envelope_before: float = 0.0  # the chance they can name it knowing only that ``player`` shows
    owner: bool = True  # ``player`` is the log's owner (their hand is known)

    @property
    def best(self) -> str | None:
        return self.cards[0].card if self.cards else None

    def message(self, variant: Variant | None = None) -> str:
        """The advice in one sentence, in the language spoken now (the cards as ``variant``
        names them there; canonical names without it)."""

        def name(card: str) -> str:
            return card if variant is None else variant.display_name(card)

        if not self.consistent:
            return _("No advice: the log contradicts itself.")
        if not self.cards:
            cards = ", ".join(map(name, self.suggested))
            if self.owner:
                return _("You hold none of {cards}: pass.").format(cards=cards)
            return _("{player} holds none of {cards}: pass.").format(player=self.player, cards=cards)
        first = self.cards[0]
        card = name(first.card)
        if len(self.cards) == 1:
            if self.owner:
                return _("Show {card}: the only one of the three you can show.").format(card=card)
            return _("Show {card}: the only one of the three {player} can show.").format(card=card, player=self.player)
        if first.shown_before:
            if self.owner:
                why = _("{to} has seen it from you before (nothing new)").format(to=self.to)
            else:
                why = _("{to} has seen it from {player} before (nothing new)").format(to=self.to, player=self.player)
        else:
            why = _("it tells {to} least ({bits} bits)").format(to=self.to, bits=number(first.leak_bits, ".2f"))
        return _("Show {card}: {why}.").format(card=card, why=why)

    def to_json(self) -> dict[str, object]:
        return {
            "player": self.player,
            "to": self.to,
            "suggestion": list(self.suggested),
            "cards": [c.to_json() for c in self.cards],
            "show": self.best,
            "message": self.message(),
            "passed": list(self.passed),
            "deals": self.deals,
            "exact": self.exact,
            "consistent": self.consistent,
            "names_envelope_before": self.names_envelope_before,
            "sorted_by": "leak_bits",
        }


def suggestion_of(log: GameLog, text: str) -> Suggestion:
    """The suggestion a statement makes ('Ben suggests Plum, Rope, Library'; answers after
    ';' are ignored), read by the log's grammar: aliases and Lost in Vegas bets too."""
    from cluesolver.clue.record.reader import parse_statement

    head = text.split(";", 1)[0]
    where = _("statement")
    event = parse_statement(log, head, where)
    if not isinstance(event, Suggestion):
        example = ", ".join(log.variant.display_name(c.cards[0]) for c in log.variant.categories)
        raise InputError(
            Problem(
                _("not a suggestion: write '<player> suggests <cards>', e.g. '{player} suggests {cards}'").format(
                    player=log.players[-1], cards=example
                ),
                path=where,
                text=head.strip(),
            )
        )
    return event


def show_advice(
    log: GameLog,
    suggestion: Suggestion,
    player: str | None = None,
    *,
    deals: Deals | SmallDeals | None = None,
    counts: Counts | None = None,
    samples: int = SAMPLES,
    exact_limit: int = EXACT_LIMIT,
    seed: int = 0,
    max_picks: int = 8,
) -> ShowAdvice:
    """The cards ``player`` (default: the log's owner) may show ``suggestion``'s suggester,
    least leak first; with none, an empty list (pass).

    How to call it: ``show_advice(log, suggestion_of(log, "Ben suggests Plum, Rope, Library"))``,
    or with a :class:`~cluesolver.clue.record.events.Suggestion` made directly
    (``Suggestion(0, "Ben", cards)``; its replies are not read).  ``log`` is the log as it
    stands before the suggestion; the players between the suggester and ``player`` are
    taken to have passed (unless the log rules that out: then nobody is, and ``passed``
    is empty).

    For many calls (self-play): pass ``deals``, deals of ``log`` already drawn (the
    advisor's :func:`cluesolver.clue.engine.sampler.deals_of`, or the threat's
    :class:`~cluesolver.clue.engine.small.SmallDeals`): those where the suggestion reaches
    ``player`` are kept (a uniform sample of them), at most ``samples`` used; ``counts``:
    the log's counts (saves counting it).  The cost is about one exact count per distinct
    notebook of the suggester per card (a few milliseconds each on the classic board), so
    ``samples`` bounds it: 20-50 deals make a sound choice.  With one card, or a card the
    log shows was already shown to the suggester, the choice needs no counting:
    :func:`choose_card` skips it.
    """
    who = player or log.header.me
    if who is None:
        raise InputError(Problem(_("a spectator's log (no 'me:'): name the player who answers (--player)")))
    to = suggestion.suggester
    cards = suggestion.cards
    owner = who == log.header.me
    if who == to:
        raise InputError(
            Problem(_("{player} made the suggestion: nobody answers their own suggestion").format(player=who), text=to)
        )
    puzzle = puzzle_of(log)
    table = puzzle.table
    now = counts if counts is not None else count(puzzle)
    empty = ShowAdvice(who, to, cards, (), owner=owner)
    if not now.deals:
        return ShowAdvice(who, to, cards, (), consistent=False, owner=owner)
    if all(now.held[who][c] == 0 for c in cards):
        return empty
    i = log.players.index(to)
    between = []
    for k in range(1, len(log.players)):
        p = log.players[(i + k) % len(log.players)]
        if p == who:
            break
        between.append(p)
    shows = () if any(now.held[who][c] == now.deals for c in cards) else (AtLeastOne(who, cards),)
    reached = puzzle
    passed: tuple[str, ...] = ()
    for tried in (tuple(between), ()):
        extra = tuple(Lacks(p, c) for p in tried for c in cards) + shows
        reached = Puzzle(table, puzzle.constraints + extra) if extra else puzzle
        got = now if not extra else count(reached)
        if got.deals:
            passed = tried
            break
    else:  # cannot happen: ``who`` may hold one of the cards
        return empty
    holders, rows, exact = _rows(log, reached, got, deals, who, passed, cards, samples, exact_limit, seed)
    if not rows:
        return empty
    facts, shown, looks = public_knowledge(log)
    public = (*facts, *(Lacks(p, c) for p in passed for c in cards), AtLeastOne(who, cards))
    before_named = {s.card for s in shown[to] if s.shower == who and s.card is not None}
    rng = random.Random(seed + 31)
    one = counter(NOTEBOOK_LIMITS)
    book: dict[tuple[object, ...], _Notebook] = {}
    total: dict[str, list[float]] = {c: [0.0, 0.0, 0.0, 0.0] for c in cards}  # weight, leak, drop, names
    held = dict.fromkeys(cards, 0)
    names_before = 0.0
    categories = table.categories
    for row in rows:
        deal = dict(zip(table.cards, [holders[h] for h in row]))
        mine = [c for c in cards if deal[c] == who]
        for c in mine:
            held[c] += 1
        options = [[s.card] if s.card is not None else [c for c in s.cards if deal[c] == s.shower] for s in shown[to]]
        picks: list[tuple[str, ...]]
        if math.prod(map(len, options)) <= max_picks:
            picks = list(itertools.product(*options))
        else:
            picks = [tuple(rng.choice(o) for o in options)]
            exact = False
        hand = tuple(c for c in table.cards if deal[c] == to)
        slots = tuple(
            (f"table:{slot}", next(c for c in table.cards if deal[c] == f"table:{slot}")) for slot, _ in looks[to]
        )
        for pick in picks:
            seen = tuple(sorted({(s.shower, c) for s, c in zip(shown[to], pick)}))
            key = (hand, seen, slots)
            note = book.get(key)
            if note is None:
                known: list[Constraint] = [Has(to, c) for c in hand]
                known += [Lacks(to, c) for c in table.cards if deal[c] != to]
                known += [Has(h, c) for h, c in (*seen, *slots)]
                note = book[key] = _Notebook(Puzzle(table, (*public, *known)), one)
            weight = 1 / len(picks)
            names_before += weight * note.certain(note.base)
            for c in mine:
                leak, drop, names = note.leak(who, c, categories)
                sums = total[c]
                sums[0] += weight
                sums[1] += weight * leak
                sums[2] += weight * drop
                sums[3] += weight * names
            exact = exact and note.exact
    n = len(rows)
    out = []
    for c in cards:
        weight, leak, drop, names = total[c]
        if weight <= 0:
            continue
        out.append(
            CardLeak(c, _tidy(leak / weight), _tidy(drop / weight), c in before_named, held[c] / n, names / weight)
        )
    out.sort(key=lambda x: (round(x.leak_bits, 9), not x.shown_before, -x.holds, cards.index(x.card)))
    return ShowAdvice(who, to, cards, tuple(out), passed, n, exact, True, names_before / n, owner)


def choose_card(log: GameLog, suggestion: Suggestion, player: str | None = None, **options: object) -> str | None:
    """The card to show (None: ``player`` holds none of them), without counting when the
    choice is plain: the only card the log's owner holds among the three, or one they showed
    the suggester before (the log names it; the first such in the suggestion's order).
    Otherwise :func:`show_advice` (``options`` are its keyword arguments) decides."""
    who = player or log.header.me
    if who is not None and who == log.header.me:
        mine = [c for c in suggestion.cards if c in log.header.my_cards]
        if len(mine) <= 1:
            return mine[0] if mine else None
        _facts, shown, _looks = public_knowledge(log)
        before = {s.card for s in shown.get(suggestion.suggester, ()) if s.shower == who}
        for c in mine:
            if c in before:
                return c
    return show_advice(log, suggestion, player, **options).best  # type: ignore[arg-type]


class _Notebook:
    """One notebook of the suggester: its counts now, and after each card they may be shown."""

    __slots__ = ("after", "base", "exact", "one", "puzzle")

    def __init__(self, puzzle: Puzzle, one: Callable[[Puzzle], Counts]) -> None:
        self.puzzle = puzzle
        self.one = one
        self.base: Counts = self._count(puzzle)
        self.after: dict[str, tuple[float, float, float]] = {}
        self.exact = self.base.estimate is None

    def _count(self, puzzle: Puzzle) -> Counts:
        return self.one(puzzle)

    @staticmethod
    def certain(got: Counts) -> bool:
        env = got.held[ENVELOPE]
        return got.deals > 0 and all(sum(1 for c in cs if env[c] > 0) == 1 for _, cs in got.table.categories)

    def leak(
        self, who: str, card: str, categories: tuple[tuple[str, tuple[str, ...]], ...]
    ) -> tuple[float, float, float]:
        """(leak bits, drop of the uncertainty, names the envelope) of showing ``card``."""
        done = self.after.get(card)
        if done is not None:
            return done
        base = self.base
        if base.held[who][card] >= base.deals:  # they know it already
            done = (0.0, 0.0, float(self.certain(base)))
        else:
            after = self._count(Puzzle(self.puzzle.table, (*self.puzzle.constraints, Has(who, card))))
            self.exact = self.exact and after.estimate is None
            leak = drop = 0.0
            p_env, q_env = base.held[ENVELOPE], after.held[ENVELOPE]
            for _, cs in categories:
                for e in cs:
                    if q_env[e] > 0:
                        q = q_env[e] / after.deals
                        leak += q * math.log2(q * base.deals / p_env[e])
                        drop += q * math.log2(q)
                drop -= sum(p * math.log2(p) for e in cs if (p := p_env[e] / base.deals) > 0)
            done = (max(leak, 0.0), drop, float(self.certain(after)))
        self.after[card] = done
        return done


def _tidy(bits: float) -> float:
    """Rounding noise of sums of logarithms taken off (a notebook that does not move gives 0)."""
    return 0.0 if abs(bits) < 1e-12 else bits


def _rows(
    log: GameLog,
    reached: Puzzle,
    got: Counts,
    deals: Deals | SmallDeals | None,
    who: str,
    passed: tuple[str, ...],
    cards: tuple[str, ...],
    samples: int,
    exact_limit: int,
    seed: int,
) -> tuple[tuple[str, ...], list[tuple[int, ...]], bool]:
    """The deals the figures average over, as rows of holder indices: of ``deals`` (the
    log's) those where the suggestion reaches ``who``, else drawn afresh; at most ``samples``."""
    rng = random.Random(seed + 17)
    if deals is not None:
        if isinstance(deals, SmallDeals):
            holders, rows, exact = deals.holders, list(deals.rows), deals.exact
        else:
            holders, rows, exact = deals.holders, [tuple(r) for r in deals.owner.tolist()], deals.exact
        index = {c: i for i, c in enumerate(reached.table.cards)}
        w, out = holders.index(who), {holders.index(p) for p in passed}
        ix = [index[c] for c in cards]
        rows = [r for r in rows if any(r[i] == w for i in ix) and not any(r[i] in out for i in ix)]
        if rows:
            if len(rows) > samples:
                rows = rng.sample(rows, samples)
                exact = False
            return holders, rows, exact
    drawn = small_deals(reached, samples, rng, exact_limit=exact_limit)
    if drawn is not None:
        return drawn.holders, drawn.rows, drawn.exact
    from cluesolver.clue.engine.sampler import deals_for

    sampled = deals_for(reached, got, samples, rng, exact_limit=exact_limit)
    return sampled.holders, [tuple(r) for r in sampled.owner.tolist()], sampled.exact
