"""The exact joint distribution of the envelope: how likely each whole solution is.

Per-card envelope odds say how likely each card is; an accusation needs the odds of a
whole combination.  A position the small counter takes on gives them all from one run of
its programme (:func:`cluesolver.clue.count_small.envelope_deals`: the paths carried
forward with the envelope's cards taken so far).  Otherwise every category but the widest
is fixed in the envelope, one combination of them at a time, and counted exactly; the
envelope odds of that count give the deals of each card of the widest category with it
(one count per partial envelope, not one per whole envelope: 24 counts instead of 240 in
a Master Detective midgame).
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass

from cluesolver.clue.constraints import ENVELOPE, Has, Puzzle
from cluesolver.clue.count_small import SmallLimits, count_many, envelope_deals
from cluesolver.clue.counts import Counts

#: Positions the small counter takes on by default (see :class:`SmallLimits`).
SMALL = SmallLimits()


@dataclass(frozen=True)
class Solution:
    cards: tuple[str, ...]
    deals: int
    probability: float


def solutions(puzzle: Puzzle, counts: Counts, limit: int = 2000, small: SmallLimits = SMALL) -> list[Solution] | None:
    """Every possible envelope with its exact probability, most likely first.

    ``None`` when more than ``limit`` combinations are still open (early game), or when
    ``counts`` is an estimate (each combination would be a count past the budget too).
    ``small``: how big a position is read from one run of the small counter's programme.
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
    whole = envelope_deals(puzzle, small)
    if whole is not None:  # small enough: every envelope's deals from one programme
        out = [Solution(cards, n, n / counts.deals) for cards, n in whole.items() if n]
        out.sort(key=lambda s: (-s.deals, s.cards))
        return out
    # Fix every category but the widest one: one count per partial envelope gives, as its
    # envelope odds, the exact number of deals for each card of the widest category.
    wide = max(range(len(live)), key=lambda i: len(live[i]))
    partials = list(itertools.product(*(cards for i, cards in enumerate(live) if i != wide)))
    fixed = (Puzzle(puzzle.table, puzzle.constraints + tuple(Has(ENVELOPE, c) for c in part)) for part in partials)
    out = []
    for part, got in zip(partials, count_many(fixed)):
        if not got.deals:
            continue
        for card in live[wide]:
            n = got.held[ENVELOPE][card]
            if n:
                out.append(Solution((*part[:wide], card, *part[wide:]), n, n / counts.deals))
    out.sort(key=lambda s: (-s.deals, s.cards))
    return out
