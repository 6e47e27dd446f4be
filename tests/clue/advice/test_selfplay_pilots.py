"""The issue-25 self-play pilots' suggestion picks: ``Race`` (late in the game, the
shortlist ranked by the chance of the best whole guess after the answer) and ``Quiet``
(among near-best suggestions, the one that tells the opponents least)."""

from __future__ import annotations

import random

import numpy as np
import pytest

from cluesolver.clue import variants
from cluesolver.clue.advice import selfplay
from cluesolver.clue.advice.suggestions import DEFAULTS, leak_bits, rank
from cluesolver.clue.advice.timing import after_suggestion
from cluesolver.clue.engine.sampler import deals_of
from cluesolver.clue.record.constraints import puzzle_of
from cluesolver.clue.record.simulate import random_log


@pytest.fixture(scope="module")
def seat() -> selfplay.Seat:
    """P1's notebook after 24 turns of a random 4-player classic game (late: 24 deals left)."""
    log, _ = random_log(variants.get("classic"), 4, 24, random.Random(12), accusations=False)
    return selfplay.Seat("P1", log)


def test_early_the_race_plays_the_table_first_row(seat: selfplay.Seat) -> None:
    table = rank(seat.log, player="P1", top=selfplay.TABLE_ROWS, counts=seat.counts).advice[0].cards
    assert selfplay.Race(start=1.1).suggest(seat, DEFAULTS) == table


def test_late_the_race_plays_the_shortlist_best_chance_after_the_answer(seat: selfplay.Seat) -> None:
    puzzle = puzzle_of(seat.log)
    deals = deals_of(puzzle, seat.counts, DEFAULTS.samples, DEFAULTS.seed, DEFAULTS.exact_limit)
    shortlist = rank(seat.log, player="P1", top=10, counts=seat.counts, deals=deals).advice
    after = [after_suggestion(deals, puzzle.table, "P1", True, a.cards) for a in shortlist]
    got = selfplay.Race(start=0.0).suggest(seat, DEFAULTS)
    assert got in [a.cards for a in shortlist]
    assert after[[a.cards for a in shortlist].index(got)] == pytest.approx(max(after))
    assert max(after) > after[0]  # this position: the race's pick is not the table's first row
    assert got != shortlist[0].cards


def test_quiet_plays_the_near_best_suggestion_that_tells_a_spectator_least(seat: selfplay.Seat) -> None:
    shortlist = rank(seat.log, player="P1", top=10, counts=seat.counts).advice
    tied = [a.cards for a in shortlist if a.value >= shortlist[0].value - 1e-9]
    assert selfplay.Quiet(margin=0.0).suggest(seat, DEFAULTS) in tied
    index = {c: i for i, c in enumerate(seat.counts.table.cards)}

    def leak(cards: tuple[str, ...]) -> float:  # one suggestion alone: no product order to get wrong
        return float(leak_bits(seat.log, [np.array([index[c]]) for c in cards], "P1", DEFAULTS)[0])

    leaks = [leak(a.cards) for a in shortlist]
    got = selfplay.Quiet(margin=10.0).suggest(seat, DEFAULTS)
    assert got is not None
    assert leaks[[a.cards for a in shortlist].index(got)] == pytest.approx(min(leaks), abs=1e-9)
    assert len(set(np.round(leaks, 6))) > 1
