"""The estimate past the exact budget against the exact counts: certain facts exact, every
probability inside its error bar, and the estimate used only past the budget."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cluesolver.clue import variants
from cluesolver.clue.analysis.report import Report
from cluesolver.clue.engine.brute_force import enumerate_counts
from cluesolver.clue.engine.covers import count_numpy as count
from cluesolver.clue.engine.results import Counts, CountSettings
from cluesolver.clue.record.constraints import AtLeastOne, Lacks, Puzzle, puzzle_of
from cluesolver.clue.record.simulate import random_log
from tests.clue.engine.strategies import puzzles

# -- past the exact budget: certain facts exact, probabilities inside their error bars --
# The estimate path draws deals uniformly (fixed seed, a fixed number of draws: no timing
# here) and decides certain facts with CP-SAT; the enumerator and the exact methods are
# the truth it is held to.  Bars of 4 standard errors (the default) miss about once in
# 16,000 pairs by chance, and these tests check thousands of pairs, so they ask for 5
# (once in 1.7 million) and the examples are derandomized: the same ones every run.

#: a fixed number of draws, never a clock
SAMPLED = CountSettings(method="estimate", sample_seconds=1e9, max_samples=20_000, seed=7, z=5.0)


def _within_bars(got: Counts, truth: Counts) -> None:
    if truth.deals == 0:  # a contradiction is always exact
        assert got.deals == 0 and got.exact
        return
    assert got.estimate is not None and not got.exact
    assert abs(got.deals - truth.deals) <= got.estimate.deals_error + 1
    for h, row in truth.held.items():
        for c, n in row.items():
            # certain facts and impossibilities are exact, never sampled
            assert (got.held[h][c] == got.deals) == (n == truth.deals), (h, c)
            assert (got.held[h][c] == 0) == (n == 0), (h, c)
            p = n / truth.deals
            assert abs(got.probability(h, c) - p) <= got.error(h, c) + 1e-9, (h, c, p)


@settings(max_examples=40, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(puzzles())
def test_estimate_bars_contain_the_exact_value(puzzle: Puzzle) -> None:
    _within_bars(count(puzzle, settings=SAMPLED), enumerate_counts(puzzle))


#: few draws, so that swap walks start from them (a fixed number of steps, never a clock)
WALKED = CountSettings(
    method="estimate",
    sample_seconds=1e9,
    max_samples=300,
    walk_below=400,
    walk_chains=600,
    walk_seconds=1e9,
    walk_steps=300,
    seed=11,
    z=5.0,
)


@settings(max_examples=40, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(puzzles())
def test_walk_bars_contain_the_exact_value(puzzle: Puzzle) -> None:
    _within_bars(count(puzzle, settings=WALKED), enumerate_counts(puzzle))


@settings(max_examples=15, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10**6), st.integers(3, 4), st.integers(2, 10))
def test_walks_on_classic_spectator_logs(seed: int, players: int, turns: int) -> None:
    log, _ = random_log(variants.get("classic"), players, turns, random.Random(seed), spectator=True)
    puzzle = puzzle_of(log)
    got = count(puzzle, settings=WALKED)
    _within_bars(got, count(puzzle, "dp"))


@settings(max_examples=15, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10**6), st.integers(3, 4), st.integers(2, 10))
def test_estimate_on_classic_spectator_logs(seed: int, players: int, turns: int) -> None:
    log, _ = random_log(variants.get("classic"), players, turns, random.Random(seed), spectator=True)
    puzzle = puzzle_of(log)
    _within_bars(count(puzzle, settings=SAMPLED), count(puzzle, "dp"))


#: chains from relaxed draws that broke a constraint (a relaxed programme with no
#: constraint at all), brought to consistency first
REPAIRED = CountSettings(
    method="estimate",
    max_seconds=0.0,
    sample_seconds=1e9,
    max_samples=300,
    walk_chains=256,
    walk_seconds=1e9,
    walk_steps=400,
    seed=13,
    z=5.0,
)
#: no draws at all (the relaxed programme is past the memory budget): chains from a
#: CP-SAT deal, scrambled, then brought to consistency
SCRAMBLED = CountSettings(
    method="estimate",
    max_bytes=0,
    walk_chains=256,
    walk_seconds=1e9,
    walk_steps=400,
    seed=17,
    z=5.0,
)


@pytest.mark.parametrize("chosen", [REPAIRED, SCRAMBLED], ids=["repaired", "scrambled"])
@settings(max_examples=30, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(puzzles())
def test_chain_bars_contain_the_exact_value(chosen: CountSettings, puzzle: Puzzle) -> None:
    _within_bars(count(puzzle, settings=chosen), enumerate_counts(puzzle))


@pytest.mark.parametrize("chosen", [REPAIRED, SCRAMBLED], ids=["repaired", "scrambled"])
@settings(max_examples=10, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10**6), st.integers(3, 6), st.integers(2, 12))
def test_chains_on_classic_spectator_logs(chosen: CountSettings, seed: int, players: int, turns: int) -> None:
    log, _ = random_log(variants.get("classic"), players, turns, random.Random(seed), spectator=True)
    puzzle = puzzle_of(log)
    _within_bars(count(puzzle, settings=chosen), count(puzzle, "dp"))


def test_no_draw_kept_still_gives_many_effective_deals() -> None:
    """A 10-player Master Detective spectator log whose draws are almost all rejected."""
    log, _ = random_log(variants.get("master-detective"), 10, 30, random.Random(2), spectator=True)
    puzzle = puzzle_of(log)
    got = count(puzzle, settings=CountSettings(method="estimate", max_seconds=0.0, z=5.0))
    assert got.estimate is not None and got.estimate.accepted < 50 and got.estimate.walks > 0
    _within_bars(got, count(puzzle, "dp"))
    error = got.estimate.to_json()
    assert set(error) == {"reason", "method", "samples", "accepted", "walks", "standard_errors", "deals", "holders"}
    assert "effective sample size" in str(error["method"])
    assert max(e for row in got.estimate.error.values() for e in row.values()) < 0.25


def test_left_out_constraints_are_rejected() -> None:
    """With a budget too small for any constraint, every one is enforced by rejection."""
    log, _ = random_log(variants.get("classic"), 3, 8, random.Random(3), spectator=True)
    puzzle = puzzle_of(log)
    tiny = CountSettings(method="estimate", sample_seconds=1e9, max_samples=20_000, max_seconds=0.0, z=5.0)
    got = count(puzzle, settings=tiny)
    assert got.estimate is not None and got.estimate.accepted < got.estimate.samples
    _within_bars(got, count(puzzle, "dp"))


def test_auto_estimates_only_past_the_budget() -> None:
    log, _ = random_log(variants.get("classic"), 4, 6, random.Random(5), spectator=True)
    puzzle = puzzle_of(log)
    assert count(puzzle).exact
    broke = CountSettings(max_seconds=0.0, max_bytes=0, sample_seconds=1e9, max_samples=5_000)
    got = count(puzzle, settings=broke)
    assert not got.exact and got.estimate is not None
    assert "budget" in got.estimate.reason
    report = Report(log, got).to_json()
    assert report["exact"] is False
    assert set(report) >= {"variant", "consistent", "deals", "envelope", "holders", "solution", "error"}
    assert isinstance(report["deals"], int)


def test_contradiction_is_exact_even_past_the_budget() -> None:
    log, _ = random_log(variants.get("classic"), 3, 6, random.Random(9), spectator=True)
    base = puzzle_of(log)
    cards = base.table.cards[:2]
    bad = Puzzle(base.table, (*base.constraints, AtLeastOne("P1", cards), *(Lacks("P1", c) for c in cards)))
    got = count(bad, settings=CountSettings(max_seconds=0.0, max_bytes=0))
    assert got.deals == 0
