"""The joint envelope distribution: one count per partial envelope, exactly as one per whole envelope.

:func:`cluesolver.clue.envelope.solutions` fixes every category but the widest and reads the
widest category's envelope odds from each count; it must give exactly the deals of counting
each whole envelope on its own.
"""

from __future__ import annotations

import itertools
import random

import pytest

import cluesolver.clue.count as engine
from cluesolver.clue import variants
from cluesolver.clue.constraints import ENVELOPE, Has, Puzzle, puzzle_of
from cluesolver.clue.envelope import solutions
from cluesolver.clue.simulate import random_log


def _one_by_one(puzzle: Puzzle) -> list[tuple[tuple[str, ...], int]]:
    counts = engine.count(puzzle, "dp")
    live = [[c for c in cards if counts.held[ENVELOPE][c] > 0] for _, cards in puzzle.table.categories]
    out = []
    for combo in itertools.product(*live):
        n = engine.count(Puzzle(puzzle.table, puzzle.constraints + tuple(Has(ENVELOPE, c) for c in combo)), "dp").deals
        if n:
            out.append((combo, n))
    out.sort(key=lambda s: (-s[1], s[0]))
    return out


@pytest.mark.parametrize(
    ("edition", "players", "turns", "seed"),
    [("classic", 4, 12, 3), ("classic", 6, 18, 3), ("classic", 3, 8, 5), ("master-detective", 4, 16, 3)],
)
def test_partial_envelopes_give_every_whole_envelope_exactly(edition: str, players: int, turns: int, seed: int) -> None:
    log, deal = random_log(variants.get(edition), players, turns, random.Random(seed), accusations=False)
    puzzle = puzzle_of(log)
    counts = engine.count(puzzle, "dp")
    got = solutions(puzzle, counts, limit=10**6)
    assert got is not None
    assert [(s.cards, s.deals) for s in got] == _one_by_one(puzzle)
    assert sum(s.deals for s in got) == counts.deals
    assert all(s.probability == s.deals / counts.deals for s in got)
    assert any(set(s.cards) == set(deal.envelope()) for s in got)  # an honest log keeps the real envelope
