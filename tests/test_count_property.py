"""The fast engine against the independent enumerator (python-constraint2).

Hypothesis draws small editions, tables and constraint sets (consistent or not); both
exact methods of the engine ("cover" and "dp") must give the enumerator's deal count
and every (holder, card) count.  The estimate path (past the exact budget) must keep
certain facts exact and every probability inside its error bar.
"""

from __future__ import annotations

import random

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cluesolver.clue import variants
from cluesolver.clue.analysis.report import Report
from cluesolver.clue.engine import covers
from cluesolver.clue.engine.brute_force import enumerate_counts
from cluesolver.clue.engine.covers import count_numpy as count
from cluesolver.clue.engine.deal_state import Conflict, propagate, setup
from cluesolver.clue.engine.dp import DealDP, _free_bound
from cluesolver.clue.engine.results import Counts, CountSettings
from cluesolver.clue.record.constraints import (
    ENVELOPE,
    AtLeastOne,
    Constraint,
    Has,
    Lacks,
    NotEnvelope,
    Puzzle,
    Table,
    puzzle_of,
)
from cluesolver.clue.record.simulate import random_log


@st.composite
def puzzles(draw: st.DrawFn) -> Puzzle:
    ncat = draw(st.integers(1, 3))
    cats = []
    n = 0
    for k in range(ncat):
        m = draw(st.integers(1, 3))
        cats.append((f"k{k}", tuple(f"c{n + i}" for i in range(m))))
        n += m
    cards = tuple(c for _, cs in cats for c in cs)
    players = tuple(f"p{i}" for i in range(draw(st.integers(1, 3))))
    dealt = len(cards) - ncat
    slots: tuple[str, ...] = ()
    if dealt >= 1 and draw(st.booleans()):
        slots = ("table:A",)
        dealt -= 1
    cuts = sorted(draw(st.lists(st.integers(0, dealt), min_size=len(players) - 1, max_size=len(players) - 1)))
    sizes = tuple(b - a for a, b in zip([0, *cuts], [*cuts, dealt]))
    table = Table(cards, tuple(cats), players, sizes, slots)
    holders = table.holders
    owners = players + slots
    cons: list[Constraint] = []
    for _ in range(draw(st.integers(0, 10))):
        kind = draw(st.sampled_from(["has", "lacks", "lacks", "one", "one", "one", "notenv"]))
        if kind == "has":
            cons.append(Has(draw(st.sampled_from(holders)), draw(st.sampled_from(cards))))
        elif kind == "lacks":
            cons.append(Lacks(draw(st.sampled_from(holders)), draw(st.sampled_from(cards))))
        elif kind == "one":
            some = draw(st.lists(st.sampled_from(cards), min_size=1, max_size=3, unique=True))
            cons.append(AtLeastOne(draw(st.sampled_from(owners)), tuple(some)))
        else:
            cons.append(NotEnvelope(tuple(draw(st.sampled_from(cs)) for _, cs in cats)))
    return Puzzle(table, tuple(cons))


def _check(puzzle: Puzzle, settings: covers.CountSettings = covers.DEFAULT_SETTINGS) -> None:
    truth = enumerate_counts(puzzle)
    for method in ("cover", "dp"):
        got = covers.count_numpy(puzzle, method, settings)
        assert got.deals == truth.deals, method
        assert got.held == truth.held, method
    if truth.deals:
        t = puzzle.table
        for c in t.cards:
            assert sum(truth.held[h][c] for h in t.holders) == truth.deals
        for p, size in zip(t.players, t.sizes):
            assert sum(truth.held[p].values()) == size * truth.deals


@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(puzzles())
def test_engine_matches_enumerator_on_random_constraints(puzzle: Puzzle) -> None:
    _check(puzzle)


@pytest.mark.parametrize("holder_method", ["unions", "subsets"])
@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(puzzles())
def test_both_holder_terms_of_the_cover_method(holder_method: str, puzzle: Puzzle) -> None:
    _check(puzzle, covers.CountSettings(holder_method=holder_method))


def _tiny_variant(rng: random.Random) -> variants.Variant:
    cats = []
    for _k, name in enumerate(["who", "what", "where"][: rng.choice([2, 3])]):
        cats.append(variants.Category(name, name, tuple(f"{name}{i}" for i in range(rng.choice([2, 3])))))
    cards = tuple(variants.Card(c, cat.id) for cat in cats for c in cat.cards)
    return variants.Variant("tiny", "Tiny", tuple(cats), cards)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10**6), st.integers(2, 3), st.integers(0, 8), st.booleans())
def test_engine_matches_enumerator_on_honest_logs(seed: int, players: int, turns: int, spectator: bool) -> None:
    rng = random.Random(seed)
    log, deal = random_log(_tiny_variant(rng), players, turns, rng, spectator=spectator)
    puzzle = puzzle_of(log)
    _check(puzzle)
    # an honest log is consistent with the deal that produced it
    assert covers.count_numpy(puzzle).deals >= 1
    assert all(covers.count_numpy(puzzle).held[h][c] > 0 for c, h in deal.owner.items())


def test_wrong_accusation_only_removes_that_envelope() -> None:
    v = variants.get("classic")
    base = puzzle_of(random_log(v, 3, 0, random.Random(1))[0])
    counts = covers.count_numpy(base)
    accused = tuple(next(c for c in cat.cards if counts.held[ENVELOPE][c] > 0) for cat in v.categories)
    with_acc = Puzzle(base.table, base.constraints + (NotEnvelope(accused),))
    fixed = Puzzle(base.table, base.constraints + tuple(Has(ENVELOPE, c) for c in accused))
    assert covers.count_numpy(with_acc).deals == covers.count_numpy(base).deals - covers.count_numpy(fixed).deals


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(puzzles())
def test_dp_two_modulus_path(puzzle: Puzzle) -> None:
    """Force the int64-wrap + prime + CRT path of the DP and compare with the enumerator."""
    got = covers.count_numpy(puzzle, "dp", covers.CountSettings(dp_wrap_limit=0))
    truth = enumerate_counts(puzzle)
    assert (got.deals, got.held) == (truth.deals, truth.held)


def test_huge_counts_agree_between_methods() -> None:
    """A Master Detective spectator log: counts far beyond int64 (object arrays vs CRT)."""
    rng = random.Random(8)
    log, _ = random_log(variants.get("master-detective"), 6, 3, rng, spectator=True, accusations=False)
    puzzle = puzzle_of(log)
    results = [covers.count_numpy(puzzle, method) for method in ("cover", "dp")]
    assert results[0].deals > 2**64
    assert results[0].deals == results[1].deals and results[0].held == results[1].held


@pytest.mark.parametrize("path", ["crt", "python-ints"])
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(puzzles())
def test_cover_arithmetic_paths(path: str, puzzle: Puzzle) -> None:
    """Force the cover method's prime pass + CRT, or its Python-integer arrays."""
    limits = (0, 1 << 200) if path == "crt" else (0, 0)
    settings = covers.CountSettings(cover_wrap_exact=limits[0], cover_py_ints_from=limits[1])
    got = covers.count_numpy(puzzle, "cover", settings)
    truth = enumerate_counts(puzzle)
    assert (got.deals, got.held) == (truth.deals, truth.held)


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
