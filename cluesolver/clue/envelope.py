"""The exact joint distribution of the envelope: how likely each whole solution is.

Per-card envelope odds say how likely each card is; an accusation needs the odds of a
whole combination.  Each candidate combination (every card with a non-zero envelope
probability) is counted exactly by fixing it in the envelope.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass

from cluesolver.clue.constraints import ENVELOPE, Has, Puzzle
from cluesolver.clue.count_small import count_many
from cluesolver.clue.counts import Counts


@dataclass(frozen=True)
class Solution:
    cards: tuple[str, ...]
    deals: int
    probability: float


def solutions(puzzle: Puzzle, counts: Counts, limit: int = 2000) -> list[Solution] | None:
    """Every possible envelope with its exact probability, most likely first.

    ``None`` when more than ``limit`` combinations are still open (early game), or when
    ``counts`` is an estimate (each combination would be a count past the budget too).
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
    out = []
    combos = list(itertools.product(*live))
    fixed = (Puzzle(puzzle.table, puzzle.constraints + tuple(Has(ENVELOPE, c) for c in combo)) for combo in combos)
    for combo, got in zip(combos, count_many(fixed)):
        n = got.deals
        if n:
            out.append(Solution(combo, n, n / counts.deals))
    out.sort(key=lambda s: (-s.deals, s.cards))
    return out
