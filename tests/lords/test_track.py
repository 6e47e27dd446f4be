"""Score track and breaks, including the rulebook's example from 8."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rulesref.core.errors import InputError
from rulesref.lords.board import track
from rulesref.lords.track import advance, apply_casinos, gap_before


@pytest.mark.parametrize(("points", "end"), [(1, 8), (2, 10), (3, 10), (4, 12), (5, 12)])
def test_rulebook_example_from_8(points: int, end: int) -> None:
    assert advance(8, points).end == end


def test_leftover_points_are_lost() -> None:
    move = advance(8, 3)
    assert (move.end, move.lost) == (10, 1)


def test_one_tile_casinos_never_pass_the_first_break() -> None:
    assert apply_casinos(8, [1, 1, 1, 1]).end == 8


def test_smallest_casino_first() -> None:
    run = apply_casinos(8, [3, 1, 1])
    assert [m.points for m in run.moves] == [1, 1, 3]
    assert (run.end, run.lost) == (10, 3)
    # largest first would have reached 12 (8 +3 -> 10, +1 lost, +1 lost): same here, but
    # 2 then 1 differs from 1 then 2:
    assert apply_casinos(8, [2, 1]).end == 10
    assert advance(advance(8, 2).end, 1).end == 10


def test_gaps_step_up_at_the_breaks() -> None:
    assert [gap_before(s) for s in (8, 10, 23, 36, 49, 60, 73, 81, 90)] == [1, 2, 3, 4, 5, 6, 7, 8, 9]


def test_from_81_nine_points_reach_the_jackpot() -> None:
    assert advance(81, 9).end == 90 and advance(81, 8).end == 81


def test_a_chip_must_stand_on_a_space() -> None:
    with pytest.raises(InputError) as info:
        advance(9, 1)
    assert info.value.problems()[0].choices == ("8", "10")


def test_negative_points_are_refused() -> None:
    with pytest.raises(InputError):
        advance(8, -1)


@given(st.sampled_from(track()), st.integers(min_value=0, max_value=40))
def test_end_is_a_space_and_points_are_spent_or_lost(start: int, points: int) -> None:
    move = advance(start, points)
    assert move.end in track() and move.end >= start
    assert move.end - start + move.lost == points or move.end == 90
    assert move.lost < gap_before(track()[min(track().index(move.end) + 1, len(track()) - 1)]) or move.end == 90
