"""The joint envelope distribution: one count per partial envelope, exactly as one per whole envelope.

:func:`cluesolver.clue.engine.envelope.solutions` fixes every category but the widest and reads the
widest category's envelope odds from each count; it must give exactly the deals of counting
each whole envelope on its own.
"""

from __future__ import annotations

import itertools
import random

import pytest

from cluesolver.clue import variants
from cluesolver.clue.engine import covers
from cluesolver.clue.engine.envelope import solutions
from cluesolver.clue.record.constraints import ENVELOPE, Has, Puzzle, puzzle_of
from cluesolver.clue.record.simulate import random_log


def _one_by_one(puzzle: Puzzle) -> list[tuple[tuple[str, ...], int]]:
    counts = covers.count_numpy(puzzle, "dp")
    live = [[c for c in cards if counts.held[ENVELOPE][c] > 0] for _, cards in puzzle.table.categories]
    out = []
    for combo in itertools.product(*live):
        n = covers.count_numpy(
            Puzzle(puzzle.table, puzzle.constraints + tuple(Has(ENVELOPE, c) for c in combo)), "dp"
        ).deals
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
    counts = covers.count_numpy(puzzle, "dp")
    got = solutions(puzzle, counts, limit=10**6)
    assert got is not None
    assert [(s.cards, s.deals) for s in got] == _one_by_one(puzzle)
    assert sum(s.deals for s in got) == counts.deals
    assert all(s.probability == s.deals / counts.deals for s in got)
    assert any(set(s.cards) == set(deal.envelope()) for s in got)  # an honest log keeps the real envelope


def test_a_family_shares_one_small_budget_and_answers_exactly() -> None:
    """Members past their share of the budget go to the main engine: the same answers."""
    from cluesolver.clue.engine import count_many
    from cluesolver.clue.engine.small import SmallLimits

    log, _ = random_log(variants.get("master-detective"), 6, 24, random.Random(3), accusations=False)
    base = puzzle_of(log)
    family = [Puzzle(base.table, base.constraints + (Has(ENVELOPE, c),)) for c in base.table.categories[0][1]]
    for limits in (SmallLimits(), SmallLimits(max_steps=1), SmallLimits(max_steps=10**12, max_states=10**9)):
        got = list(count_many(iter(family), limits))
        truth = [covers.count_numpy(p, "dp") for p in family]
        assert [(g.deals, g.held) for g in got] == [(t.deals, t.held) for t in truth]


@pytest.mark.parametrize(
    ("edition", "players", "turns", "seed", "accusations"),
    [
        ("classic", 4, 12, 3, False),
        ("classic", 5, 16, 8, True),
        ("master-detective", 6, 24, 3, False),
        ("lost-in-vegas", 3, 10, 2, True),
    ],
)
def test_one_programme_and_partial_envelope_counts_agree(
    edition: str, players: int, turns: int, seed: int, accusations: bool
) -> None:
    """The whole joint from one run of the small programme, and by a count per partial
    envelope (the small counter forced to give up), are the same list (wrong accusations
    and table cards included)."""
    from cluesolver.clue.engine.small import SmallLimits, envelope_deals

    log, _ = random_log(variants.get(edition), players, turns, random.Random(seed), accusations=accusations)
    puzzle = puzzle_of(log)
    counts = covers.count_numpy(puzzle, "dp")
    assert envelope_deals(puzzle) is not None  # the production limits take these on
    whole = solutions(puzzle, counts, limit=10**6)
    partial = solutions(puzzle, counts, limit=10**6, small=SmallLimits(max_steps=1))
    assert whole is not None and whole == partial
    assert sum(s.deals for s in whole) == counts.deals
