"""Advice at the table: what a line changed, what to suggest next, whether to accuse.

Everything here is exact over the consistent deals of the log (see :mod:`cluesolver.clue.count`).

*Information.*  The uncertainty about the envelope is measured in bits as the sum, over
the categories, of the entropy of that category's envelope card (an upper bound of the
entropy of the whole envelope that is cheap to compute exactly).  A suggestion's value
is the expected drop of that number once its answer is known.

*Who answers.*  Answers go clockwise from the suggester's left and stop at the first
player holding one of the cards.  The probability of each answer is counted exactly by
adding the answer's constraints to the puzzle.  When the log's owner makes the
suggestion they see the card, so the answer includes it; a player holding several of
the cards is assumed to pick one of them uniformly.  What an answer teaches is measured
on the log as it will be written (``Ben shows Knife``: Ben holds the Knife), which is
what every later analysis works from.
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass

from cluesolver.clue.constraints import ENVELOPE, AtLeastOne, Constraint, Has, Lacks, Puzzle, puzzle_of
from cluesolver.clue.count import Counts, count
from cluesolver.clue.log import Accusation, GameLog, Suggestion
from cluesolver.clue.report import Fact, Report
from rulesref.core.errors import InputError, Problem
from rulesref.core.names import closest

# ----------------------------------------------------------------------------- turns


def eliminated(log: GameLog) -> tuple[str, ...]:
    """Players out of the game after a wrong accusation, in the order they went out."""
    out: list[str] = []
    for e in log.events:
        if isinstance(e, Accusation) and not e.correct and e.accuser not in out:
            out.append(e.accuser)
    return tuple(out)


def winner(log: GameLog) -> str | None:
    return next((e.accuser for e in log.events if isinstance(e, Accusation) and e.correct), None)


def to_move(log: GameLog) -> str | None:
    """Whose turn it is: the next player still in after the last one who took a turn."""
    if winner(log) is not None:
        return None
    out = set(eliminated(log))
    players = log.players
    last = next((e for e in reversed(log.events) if isinstance(e, (Suggestion, Accusation))), None)
    start = 0 if last is None else players.index(last.suggester if isinstance(last, Suggestion) else last.accuser) + 1
    for k in range(len(players)):
        p = players[(start + k) % len(players)]
        if p not in out:
            return p
    return None


# ----------------------------------------------------------------------------- entropy


def envelope_bits(counts: Counts, categories: tuple[tuple[str, tuple[str, ...]], ...]) -> float:
    """Uncertainty about the envelope: the sum of each category's entropy, in bits."""
    return sum(_category_bits([counts.held[ENVELOPE][c] for c in cards], counts.deals) for _, cards in categories)


def _category_bits(weights: list[float], total: float) -> float:
    if total <= 0:
        return 0.0
    bits = 0.0
    for w in weights:
        if w > 0:
            p = w / total
            bits -= p * math.log2(p)
    return max(bits, 0.0)


# ----------------------------------------------------------------------------- what changed


@dataclass(frozen=True)
class Move:
    """A probability that moved: ``holder`` holds ``card`` went from ``before`` to ``after``."""

    holder: str
    card: str
    before: float
    after: float

    @property
    def delta(self) -> float:
        return self.after - self.before


@dataclass(frozen=True)
class LineEffect:
    new_facts: tuple[Fact, ...]
    moves: tuple[Move, ...]
    deals_before: int
    deals_after: int
    newly_solved: tuple[str, ...]  # categories settled by this line

    def to_json(self) -> dict[str, object]:
        return {
            "new_facts": [str(f) for f in self.new_facts],
            "moves": [{"holder": m.holder, "card": m.card, "before": m.before, "after": m.after} for m in self.moves],
            "deals_before": self.deals_before,
            "deals_after": self.deals_after,
            "newly_solved": list(self.newly_solved),
        }


def line_effect(before: Report, after: Report, top: int = 5) -> LineEffect:
    """New certain facts and the biggest probability moves from ``before`` to ``after``."""
    old = {(f.holder, f.card) for f in before.certain}
    me = after.log.header.me
    new = tuple(f for f in after.certain if (f.holder, f.card) not in old and f.holder != me)
    moves: list[Move] = []
    if before.consistent and after.consistent:
        for h in after.holders:
            for c in after.log.variant.card_names:
                a, b = before.probability(h, c), after.probability(h, c)
                if abs(b - a) > 1e-9 and b < 1.0 and (h, c) not in old:
                    moves.append(Move(h, c, a, b))
    moves.sort(key=lambda m: (-abs(m.delta), m.holder != ENVELOPE, m.holder, m.card))
    sol_a, sol_b = before.solution(), after.solution()
    settled = tuple(k for k, v in sol_b.items() if v is not None and sol_a.get(k) is None)
    return LineEffect(new, tuple(moves[:top]), before.deals, after.deals, settled)


# ----------------------------------------------------------------------------- suggestions


@dataclass(frozen=True)
class AdvisorSettings:
    """The advisor's tunables (chosen by self-play, ``benchmarks/selfplay.py``).

    ``hands_weight``: weight of the expected information about every card's holder next
    to the envelope's (0 = envelope only).  ``max_exact``: at most this many suggestions
    are counted exactly.
    """

    hands_weight: float = 0.3
    max_exact: int = 48


DEFAULTS = AdvisorSettings()


@dataclass(frozen=True)
class Outcome:
    """One way a suggestion can be answered, as the log's owner would see it."""

    shower: str | None  # None: nobody shows
    card: str | None  # the card seen, when the owner made the suggestion
    probability: float
    bits_after: float
    settles: tuple[str, ...]  # categories that would become certain
    deal_bits_after: float = 0.0


@dataclass(frozen=True)
class Advice:
    cards: tuple[str, ...]
    expected_bits: float  # expected drop of the envelope's uncertainty
    settle_chance: float  # chance the answer settles at least one category
    outcomes: tuple[Outcome, ...]
    expected_deal_bits: float = 0.0  # expected drop of the uncertainty about every card's holder

    def score(self, hands_weight: float = 0.0) -> float:
        return self.expected_bits + hands_weight * self.expected_deal_bits

    @property
    def nobody_shows(self) -> float:
        return sum(o.probability for o in self.outcomes if o.shower is None)

    def to_json(self) -> dict[str, object]:
        return {
            "cards": list(self.cards),
            "expected_bits": self.expected_bits,
            "expected_hand_bits": self.expected_deal_bits,
            "settle_chance": self.settle_chance,
            "nobody_shows": self.nobody_shows,
            "outcomes": [
                {
                    "shower": o.shower,
                    "card": o.card,
                    "probability": o.probability,
                    "bits_after": o.bits_after,
                    "settles": list(o.settles),
                }
                for o in self.outcomes
            ],
        }


@dataclass(frozen=True)
class Ranking:
    player: str
    room: str | None
    bits_now: float
    advice: tuple[Advice, ...]
    candidates: int  # suggestions allowed
    evaluated: int  # of those, counted exactly

    def to_json(self) -> dict[str, object]:
        return {
            "player": self.player,
            "room": self.room,
            "bits_now": self.bits_now,
            "candidates": self.candidates,
            "evaluated": self.evaluated,
            "suggestions": [a.to_json() for a in self.advice],
        }


def room_category(log: GameLog) -> str:
    """The category a player stands in (room, location); the last one otherwise."""
    ids = [c.id for c in log.variant.categories]
    return next((i for i in ids if i in ("room", "location")), ids[-1])


def match_room(log: GameLog, text: str) -> str:
    card = log.variant.match_card(text)
    cat = room_category(log)
    if log.variant.category_of(card) != cat:
        rooms = next(c.cards for c in log.variant.categories if c.id == cat)
        raise InputError(
            Problem(
                f"not a {cat}: {card} is a {log.variant.category_of(card)}", text=text, choices=closest(text, rooms)
            )
        )
    return card


def rank(
    log: GameLog,
    player: str | None = None,
    room: str | None = None,
    top: int = 5,
    counts: Counts | None = None,
    settings: AdvisorSettings = DEFAULTS,
) -> Ranking:
    """The suggestions for ``player`` (default: whoever is to move), best first.

    The order is by expected envelope information plus ``hands_weight`` times the expected
    information about who holds every card (which pays off in later deductions).  At most
    ``max_exact`` suggestions are counted exactly: per category the cards whose place is
    most uncertain.
    """
    puzzle = puzzle_of(log)
    counts = counts if counts is not None else count(puzzle)
    who = player or to_move(log) or log.header.me or log.players[0]
    cats = puzzle.table.categories
    now = envelope_bits(counts, cats)
    room_cat = room_category(log)
    pools = [((room,) if room is not None and cat == room_cat else cards) for cat, cards in cats]
    allowed = math.prod(len(p) for p in pools)
    if not counts.deals:
        return Ranking(who, room, 0.0, (), allowed, 0)
    chosen = _shortlist(pools, counts, who, settings.max_exact)
    advice = [_evaluate(puzzle, counts, log, who, s, now) for s in chosen]
    advice.sort(key=lambda a: (-round(a.score(settings.hands_weight), 9), -a.settle_chance, a.cards))
    return Ranking(who, room, now, tuple(advice[:top]), allowed, len(chosen))


def _binary_bits(p: float) -> float:
    if p <= 0 or p >= 1:
        return 0.0
    return -(p * math.log2(p) + (1 - p) * math.log2(1 - p))


def _interest(card: str, counts: Counts) -> float:
    """How much naming a card can teach: doubt about the envelope, then about its holder."""
    return _binary_bits(counts.probability(ENVELOPE, card)) + 0.25 * (
        1 - max(counts.probability(h, card) for h in counts.held)
    )


def _shortlist(pools: list[tuple[str, ...]], counts: Counts, who: str, max_exact: int) -> list[tuple[str, ...]]:
    """The suggestions worth counting exactly: all of them when few enough; otherwise, per
    category, as many of the most uncertain cards as ``max_exact`` allows (see
    :func:`_narrow` for the blocker card)."""
    if math.prod(len(p) for p in pools) <= max_exact:
        return list(itertools.product(*pools))
    width = 1
    narrowed = [_narrow(pool, counts, who, width) for pool in pools]
    while True:
        wider = [_narrow(pool, counts, who, width + 1) for pool in pools]
        if wider == narrowed or math.prod(len(p) for p in wider) > max_exact:
            break
        width, narrowed = width + 1, wider
    return list(itertools.product(*narrowed))


def _narrow(pool: tuple[str, ...], counts: Counts, who: str, width: int) -> tuple[str, ...]:
    """The ``width`` most uncertain cards of a category, and a blocker when none is left
    (a card nobody can show: the certain envelope card, or one of the suggester's own)."""
    if len(pool) <= 1:
        return pool
    ranked = sorted(pool, key=lambda c: (-_interest(c, counts), c))
    out = [c for c in ranked if _interest(c, counts) > 0][:width]
    sure = [c for c in pool if counts.held[ENVELOPE][c] == counts.deals]
    own = [c for c in pool if counts.held[who][c] == counts.deals]
    blocker = (sure + own)[:1]
    if not out and blocker and blocker[0] not in out:
        out.append(blocker[0])
    return tuple(out or ranked[:1])


def _evaluate(puzzle: Puzzle, counts: Counts, log: GameLog, who: str, cards: tuple[str, ...], now: float) -> Advice:
    me = log.header.me
    players = log.players
    i = players.index(who)
    order = [players[(i + k) % len(players)] for k in range(1, len(players))]
    cats = puzzle.table.categories
    solved_now = {cat for cat, cs in cats if any(counts.held[ENVELOPE][c] == counts.deals for c in cs)}
    total = counts.deals
    outcomes: list[Outcome] = []
    before: list[Constraint] = []
    for k in order:
        if all(counts.held[k][c] == 0 for c in cards):
            before.extend(Lacks(k, c) for c in cards)
            continue
        if who == me and k != me:
            outcomes.extend(_seen_outcomes(puzzle, counts, k, cards, before, cats, solved_now))
        else:
            sub = count(Puzzle(puzzle.table, puzzle.constraints + tuple(before) + (AtLeastOne(k, cards),)))
            if sub.deals:
                outcomes.append(_outcome(k, None, sub.deals / total, sub.deals, _rows(sub), cats, solved_now))
        before.extend(Lacks(k, c) for c in cards)
        if any(counts.held[k][c] == total for c in cards):
            break
    else:
        sub = count(Puzzle(puzzle.table, puzzle.constraints + tuple(before)))
        if sub.deals:
            outcomes.append(_outcome(None, None, sub.deals / total, sub.deals, _rows(sub), cats, solved_now))
    expected = sum(o.probability * o.bits_after for o in outcomes)
    settle = sum(o.probability for o in outcomes if o.settles)
    deal_now = _deal_bits(_rows(counts), counts.deals)
    deal_gain = deal_now - sum(o.probability * o.deal_bits_after for o in outcomes)
    outcomes.sort(key=lambda o: -o.probability)
    return Advice(cards, max(now - expected, 0.0), settle, tuple(outcomes), max(deal_gain, 0.0))


def _rows(counts: Counts) -> dict[str, dict[str, float]]:
    return {h: dict(row) for h, row in counts.held.items()}


def _deal_bits(rows: dict[str, dict[str, float]], weight: float) -> float:
    """The uncertainty about where every card lies: the sum over cards of its holder's entropy."""
    cards = next(iter(rows.values())).keys()
    return sum(_category_bits([rows[h][c] for h in rows], weight) for c in cards)


def _seen_outcomes(
    puzzle: Puzzle,
    counts: Counts,
    k: str,
    cards: tuple[str, ...],
    before: list[Constraint],
    cats: tuple[tuple[str, tuple[str, ...]], ...],
    solved_now: set[str],
) -> list[Outcome]:
    """Answers by ``k`` to the owner's own suggestion: which card ``k`` shows.

    The chance of each card counts ``k`` picking uniformly among the cards they hold;
    what is learnt is what the log will say: ``k`` holds that card (and the players
    before ``k`` hold none of the cards).
    """
    weight = dict.fromkeys(cards, 0.0)
    possible = [c for c in cards if counts.held[k][c] > 0]
    for size in range(1, len(possible) + 1):
        for subset in itertools.combinations(possible, size):
            extra = [Has(k, c) for c in subset] + [Lacks(k, c) for c in cards if c not in subset]
            n = count(Puzzle(puzzle.table, puzzle.constraints + tuple(before) + tuple(extra))).deals
            for c in subset:
                weight[c] += n / size
    out = []
    for c in cards:
        if weight[c] <= 0:
            continue
        seen = count(Puzzle(puzzle.table, puzzle.constraints + tuple(before) + (Has(k, c),)))
        out.append(_outcome(k, c, weight[c] / counts.deals, seen.deals, _rows(seen), cats, solved_now))
    return out


def _outcome(
    shower: str | None,
    card: str | None,
    probability: float,
    weight: float,
    rows: dict[str, dict[str, float]],
    cats: tuple[tuple[str, tuple[str, ...]], ...],
    solved_now: set[str],
) -> Outcome:
    env = rows[ENVELOPE]
    bits = sum(_category_bits([env[c] for c in cs], weight) for _, cs in cats)
    settles = tuple(
        cat
        for cat, cs in cats
        if cat not in solved_now and any(abs(env[c] - weight) <= 1e-9 * max(weight, 1) for c in cs)
    )
    return Outcome(shower, card, probability, bits, settles, _deal_bits(rows, weight))


# ----------------------------------------------------------------------------- accusing


@dataclass(frozen=True)
class AccuseAdvice:
    player: str | None
    certain: bool
    cards: tuple[str, ...]
    probability: float  # that ``cards`` is the envelope
    runners_up: tuple[tuple[tuple[str, ...], float], ...]
    open_combinations: int | None  # None: too many to list
    out_of_game: bool  # the player already accused wrongly

    @property
    def risk(self) -> float:
        return 1.0 - self.probability

    def to_json(self) -> dict[str, object]:
        return {
            "player": self.player,
            "certain": self.certain,
            "cards": list(self.cards),
            "probability": self.probability,
            "risk": self.risk,
            "open_combinations": self.open_combinations,
            "out_of_game": self.out_of_game,
            "runners_up": [{"cards": list(c), "probability": p} for c, p in self.runners_up],
        }


def accusation(log: GameLog, player: str | None = None, limit: int = 400) -> AccuseAdvice:
    """Accuse when certain; otherwise the likeliest whole solution and its risk."""
    from cluesolver.clue.envelope import solutions

    puzzle = puzzle_of(log)
    counts = count(puzzle)
    who = player or log.header.me
    out = who is not None and who in eliminated(log)
    if not counts.deals:
        return AccuseAdvice(who, False, (), 0.0, (), 0, out)
    sols = solutions(puzzle, counts, limit=limit)
    if sols:
        best = sols[0]
        runners = tuple((s.cards, s.probability) for s in sols[1:4])
        return AccuseAdvice(who, best.probability >= 1.0, best.cards, best.probability, runners, len(sols), out)
    # Too many combinations to list: take each category's likeliest card and count that one exactly.
    cards = tuple(max(cs, key=lambda c: (counts.held[ENVELOPE][c], c)) for _, cs in puzzle.table.categories)
    n = count(Puzzle(puzzle.table, puzzle.constraints + tuple(Has(ENVELOPE, c) for c in cards))).deals
    return AccuseAdvice(who, False, cards, n / counts.deals, (), None, out)
