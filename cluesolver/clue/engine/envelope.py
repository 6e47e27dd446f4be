"""The exact joint distribution of the envelope: how likely each whole solution is.

Per-card envelope odds say how likely each card is; an accusation needs the odds of a
whole combination.  A small position gives them all from one run of the small counter's
programme (:func:`cluesolver.clue.engine.small.envelope_deals`: the paths carried forward
with the envelope's cards taken so far, in plain Python; "small" is :class:`JointLimits`).
Otherwise one forward run of the main engine's card-by-card programme gives them all
(:meth:`DealDP.envelopes`): some categories' envelope cards fixed in turn along a batch
axis, at most one category's kept as a label; of these ways to split the categories, the
one with the least planned work runs.  Cards that are interchangeable (same possible
holders, same constraints) have the same odds, so only one of each such group is told
apart.  Wrong accusations are dropped from the list afterwards.  Past the engine's budget,
every category but the widest is fixed in the envelope, one combination of them at a
time, and counted exactly.
"""

from __future__ import annotations

import itertools
import math
import sys
from dataclasses import dataclass
from typing import TYPE_CHECKING

from cluesolver.clue.engine import count_many
from cluesolver.clue.engine.results import Counts
from cluesolver.clue.engine.small import SmallLimits, envelope_deals
from cluesolver.clue.record.constraints import ENVELOPE, Has, NotEnvelope, Puzzle

if TYPE_CHECKING:  # numpy comes with the engine, imported only when a position needs it
    from cluesolver.clue.engine.deal_state import DealState
    from cluesolver.clue.engine.dp import DealDP

#: Positions the small counter takes on by default (see :class:`SmallLimits`).
SMALL = SmallLimits()


@dataclass(frozen=True)
class JointLimits:
    """How big a programme :func:`solutions` runs for the whole joint (else it counts each
    partial envelope on its own); planned element operations of its forward pass."""

    #: The small programme's walk (plain Python) answers positions below this size: open
    #: envelopes times the product of (room + 1) of the players with room left (about 3,000
    #: a millisecond); past it the main engine, whose import takes about 50 ms ...
    walk_below: float = 1.8e5
    #: ... or, once numpy is loaded, past this one (a run then takes a few milliseconds).
    walk_below_loaded: float = 3e4
    max_work: float = 3e8
    max_bytes: int = 256 * 2**20
    polish_above: float = 1e7  # past this work the two most promising orders are improved
    polish_seconds: float = 0.03


JOINT = JointLimits()


@dataclass(frozen=True)
class Solution:
    """One possible whole envelope: its cards (in category order), its deals and its probability."""

    cards: tuple[str, ...]
    deals: int
    probability: float


def solutions(
    puzzle: Puzzle,
    counts: Counts,
    limit: int = 2000,
    small: SmallLimits = SMALL,
    joint: JointLimits | None = JOINT,
) -> list[Solution] | None:
    """Every possible envelope with its exact probability, most likely first.

    ``None`` when more than ``limit`` combinations are still open (early game), or when
    ``counts`` is an estimate (each combination would be a count past the budget too).
    ``small``: how big a position is read from one run of the small counter's programme
    (tried first when the position is small, see :class:`JointLimits`); ``joint``: how big from one run of the main engine's (``None``:
    count each partial envelope instead).
    """
    if counts.deals == 0:
        return []
    if counts.estimate is not None:
        return None
    live = [[c for c in cards if counts.held[ENVELOPE][c] > 0] for _, cards in puzzle.table.categories]
    total = 1
    for cards in live:
        total *= len(cards)
    if total > limit:
        return None
    whole = None
    if joint is None or _walk_size(counts, total) < (
        joint.walk_below_loaded if "numpy" in sys.modules else joint.walk_below
    ):
        whole = envelope_deals(puzzle, small)
    if whole is None and joint is not None:
        whole = _joint(puzzle, joint)
    if whole is None:
        whole = _by_partial_envelopes(puzzle, live)
    out = [Solution(cards, n, n / counts.deals) for cards, n in whole.items() if n]
    out.sort(key=lambda s: (-s.deals, s.cards))
    return out


def _walk_size(counts: Counts, envelopes: int) -> int:
    """How big the small programme's walk over whole envelopes is, roughly: the open
    envelopes times the product of (room + 1) of the players with room left."""
    t = counts.table
    room = [size - sum(1 for c in t.cards if counts.held[p][c] == counts.deals) for p, size in zip(t.players, t.sizes)]
    return envelopes * math.prod(r + 1 for r in room)


def _by_partial_envelopes(puzzle: Puzzle, live: list[list[str]]) -> dict[tuple[str, ...], int]:
    """Fix every category but the widest one: one count per partial envelope gives, as its
    envelope odds, the exact number of deals for each card of the widest category."""
    wide = max(range(len(live)), key=lambda i: len(live[i]))
    partials = list(itertools.product(*(cards for i, cards in enumerate(live) if i != wide)))
    fixed = (Puzzle(puzzle.table, puzzle.constraints + tuple(Has(ENVELOPE, c) for c in part)) for part in partials)
    out = {}
    for part, got in zip(partials, count_many(fixed)):
        if not got.deals:
            continue
        for card in live[wide]:
            n = got.held[ENVELOPE][card]
            if n:
                out[(*part[:wide], card, *part[wide:])] = n
    return out


def _joint(puzzle: Puzzle, limits: JointLimits) -> dict[tuple[str, ...], int] | None:
    """Every whole envelope's deals from one forward run of the card-by-card programme
    (``None`` when even the cheapest way to run it is past ``limits``)."""
    from cluesolver.clue.engine.deal_state import Conflict, propagate, setup
    from cluesolver.clue.engine.dp import DealDP, Split

    try:
        st = setup(puzzle)
        propagate(st)
    except Conflict:
        return {}
    st.not_env = []  # wrong accusations: dropped from the list below
    twins = _keep_one_of_twins(st)
    free = st.free()
    open_env = [h for h in range(st.n_players, st.n_players + st.n_cats) if free[h] > 0]
    # at most one category labelled: the greedy order is poor with more labels kept to the
    # end, and improving it costs more than the run saves
    splits = [Split(tuple(h for h in open_env if h != k), (k,)) for k in open_env] + [Split(tuple(open_env))]
    plans = sorted((DealDP(st, polish=False, split=split) for split in splits), key=_work)
    if _work(plans[0]) > limits.polish_above:  # improve the orders of the two most promising
        polished = (DealDP(st, split=dp.split, polish_seconds=limits.polish_seconds) for dp in plans[:2])
        plans = sorted([*polished, *plans], key=_work)
    dp = plans[0]
    if _work(dp) > limits.max_work or _nbytes(dp) > limits.max_bytes:
        return None
    known = {st.card_cat[c]: c for c, f in enumerate(st.fixed) if f != -1 and st.is_env(f)}
    told = [h - st.n_players for h in (*dp.batched, *dp.labelled)]  # the categories of the keys, in order
    names = puzzle.table.cards
    accused = [frozenset(con.cards) for con in puzzle.constraints if isinstance(con, NotEnvelope)]
    out: dict[tuple[str, ...], int] = {}
    for key, n in dp.envelopes().items():
        for cards in itertools.product(*(twins[c] for c in key)):
            chosen = dict(known) | dict(zip(told, cards))
            combo = tuple(names[chosen[k]] for k in range(st.n_cats))
            if not any(a <= set(combo) for a in accused):
                out[combo] = n
    return out


def _work(dp: DealDP) -> float:
    """Planned work of a forward run, Python's cost per step and holder included."""
    steps = sum(sum(1 for h in dp.receivers if dp.st.allowed[p.card, h]) for p in dp.plans)
    return dp.forward_work() * dp.passes() + 2_000 * steps


def _nbytes(dp: DealDP) -> int:
    """Peak memory of a forward run: a step's frontier and its temporaries."""
    return 8 * 6 * dp.states()


def _keep_one_of_twins(st: DealState) -> dict[int, list[int]]:
    """Interchangeable envelope cards (same possible holders, same constraints) have the
    same deals with every choice of the other categories: only the first of each group
    may stay in the envelope of ``st`` (changed in place).  Returns each remaining card's
    group (the card first)."""
    member: dict[int, list[int]] = {}
    for g, (_, cs) in enumerate(st.at_least):
        for c in cs:
            member.setdefault(c, []).append(g)
    groups: dict[tuple[bytes, tuple[int, ...]], list[int]] = {}
    for c in st.unknown():
        if st.allowed[c, st.env_holder(c)]:
            groups.setdefault((st.allowed[c].tobytes(), tuple(member.get(c, ()))), []).append(c)
    twins: dict[int, list[int]] = {}
    for cards in groups.values():
        for c in cards[1:]:
            st.allowed[c, st.env_holder(c)] = False
        twins[cards[0]] = cards
    return twins
