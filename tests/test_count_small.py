"""The small-position counter (plain Python, no numpy) against the main engine.

:func:`cluesolver.clue.count_small.count_small` answers small positions so that a replay
need not import numpy; it must give exactly the engine's deal count and every
(holder, card) count, or ``None`` (then the engine answers).
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import cluesolver.clue.count as engine
from cluesolver.clue import variants
from cluesolver.clue.constraints import ENVELOPE, AtLeastOne, Constraint, Has, NotEnvelope, Puzzle, puzzle_of
from cluesolver.clue.count_small import SmallLimits, count, count_many, count_small
from cluesolver.clue.enumerate import enumerate_counts
from cluesolver.clue.simulate import random_log
from tests.test_count_property import puzzles

#: Never give up: every position of these tests is counted here.
UNLIMITED = SmallLimits(max_states=10**9, max_steps=10**12)


def _same(puzzle: Puzzle, limits: SmallLimits = UNLIMITED) -> bool:
    """Whether the small counter answered; when it did, it must be the engine's answer."""
    got = count_small(puzzle, limits)
    if got is None:
        return False
    truth = engine.count(puzzle, "dp")
    assert got.deals == truth.deals
    assert got.held == truth.held
    assert got.exact
    return True


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(puzzles())
def test_small_counter_matches_the_engine_and_the_enumerator(puzzle: Puzzle) -> None:
    assert _same(puzzle)
    got = count_small(puzzle, UNLIMITED)
    truth = enumerate_counts(puzzle)
    assert got is not None and (got.deals, got.held) == (truth.deals, truth.held)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.sampled_from(["classic", "cluedo", "clue-2016", "lost-in-vegas"]),
    st.integers(0, 10**6),
    st.integers(3, 6),
    st.integers(0, 24),
)
def test_small_counter_on_honest_logs_with_a_notebook_owner(edition: str, seed: int, players: int, turns: int) -> None:
    """Real editions, as a player records them: answered here, and exactly."""
    log, deal = random_log(variants.get(edition), players, turns, random.Random(seed))
    puzzle = puzzle_of(log)
    assert _same(puzzle, SmallLimits())  # the production limits take these on
    got = count_small(puzzle)
    assert got is not None and all(got.held[h][c] > 0 for c, h in deal.owner.items())


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10**6), st.integers(3, 4), st.integers(0, 12), st.booleans())
def test_small_counter_on_spectator_logs_and_accusations(seed: int, players: int, turns: int, wrong: bool) -> None:
    """No notebook owner (many more deals), with a wrong accusation or an envelope fixed."""
    v = variants.get("classic")
    log, deal = random_log(v, players, turns, random.Random(seed), spectator=True)
    puzzle = puzzle_of(log)
    envelope = tuple(c for c, h in deal.owner.items() if h == ENVELOPE)
    extra: tuple[Constraint, ...] = (NotEnvelope(envelope),) if wrong else tuple(Has(ENVELOPE, c) for c in envelope)
    _same(Puzzle(puzzle.table, puzzle.constraints + extra))


def test_contradictions_and_odd_constraints_count_zero() -> None:
    v = variants.get("classic")
    base = puzzle_of(random_log(v, 3, 0, random.Random(3))[0])
    p1 = base.table.players[1]
    extras: list[tuple[Constraint, ...]] = [
        (AtLeastOne(p1, ()),),  # at least one of no cards
        (NotEnvelope(()),),  # the envelope is not all of no cards
        (Has(p1, v.card_names[0]), Has(ENVELOPE, v.card_names[0])),  # one card, two holders
    ]
    for extra in extras:
        got = count_small(Puzzle(base.table, base.constraints + extra))
        assert got is not None and got.deals == 0
        assert engine.count(Puzzle(base.table, base.constraints + extra)).deals == 0


def test_past_the_limits_it_hands_over() -> None:
    log, _ = random_log(variants.get("master-detective"), 8, 4, random.Random(5), spectator=True)
    puzzle = puzzle_of(log)
    assert count_small(puzzle) is None  # far past the production limits
    assert count_small(puzzle, SmallLimits(max_states=1)) is None
    whole = count(puzzle)  # the light entry point: the main engine answers
    assert (whole.deals, whole.held) == (engine.count(puzzle).deals, engine.count(puzzle).held)
    many = list(count_many([puzzle, puzzle_of(random_log(variants.get("classic"), 4, 20, random.Random(1))[0])]))
    assert [m.deals for m in many] == [whole.deals, many[1].deals] and many[1].deals > 0


@pytest.mark.parametrize("method", ["cover", "dp"])
def test_a_forced_method_runs_in_the_main_engine(method: str) -> None:
    puzzle = puzzle_of(random_log(variants.get("classic"), 4, 10, random.Random(2))[0])
    got = count(puzzle, method)
    truth = engine.count(puzzle, method)
    assert (got.deals, got.held) == (truth.deals, truth.held)
