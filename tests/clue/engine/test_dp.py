"""The card-by-card programme (:class:`~cluesolver.clue.engine.dp.DealDP`): its two-modulus
path against the enumerator, its planned memory, and the bound that lets it skip the prime pass."""

from __future__ import annotations

import random

import numpy as np
from hypothesis import HealthCheck, given, settings

from cluesolver.clue import variants
from cluesolver.clue.engine import covers
from cluesolver.clue.engine.brute_force import enumerate_counts
from cluesolver.clue.engine.deal_state import Conflict, propagate, setup
from cluesolver.clue.engine.dp import DealDP, _free_bound
from cluesolver.clue.record.constraints import Puzzle, puzzle_of
from cluesolver.clue.record.simulate import random_log
from tests.clue.engine.strategies import puzzles


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(puzzles())
def test_dp_two_modulus_path(puzzle: Puzzle) -> None:
    """Force the int64-wrap + prime + CRT path of the DP and compare with the enumerator."""
    got = covers.count_numpy(puzzle, "dp", covers.CountSettings(dp_wrap_limit=0))
    truth = enumerate_counts(puzzle)
    assert (got.deals, got.held) == (truth.deals, truth.held)


def test_planned_memory_covers_the_stored_arrays() -> None:
    log, _ = random_log(variants.get("master-detective"), 6, 10, random.Random(2), spectator=True)
    st_ = setup(puzzle_of(log))
    propagate(st_)
    dp = DealDP(st_)
    backs, _ = dp._backs(np.int64)
    assert sum(b.nbytes for b in backs) <= dp.nbytes()
    assert max(b.size for b in backs) <= dp.states()


@settings(max_examples=60, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(puzzles())
def test_free_bound_is_an_upper_bound(puzzle: Puzzle) -> None:
    """The float bound that lets the DP skip its prime pass never undercounts."""
    try:
        st_ = setup(puzzle)
        propagate(st_)
    except Conflict:
        return
    assert _free_bound(st_) >= enumerate_counts(puzzle).deals


def test_one_pass_under_the_tight_bound_equals_the_prime_pass() -> None:
    """A mid-game Master Detective position: its simple bound asks for the prime pass and
    the CRT, the tight bound for one int64 pass; both give the same exact numbers."""
    log, _ = random_log(variants.get("master-detective"), 8, 12, random.Random(4), spectator=True)
    st_ = setup(puzzle_of(log))
    propagate(st_)
    st_.not_env = []
    simple, tight = DealDP(st_, tighten=False), DealDP(st_)
    assert simple.passes() == 2 and tight.passes() == 1
    assert simple.run() == tight.run()
