"""The cover method (and the DP through it) against the independent enumerator (python-constraint2).

Hypothesis draws small editions, tables and constraint sets (consistent or not); both
exact methods of the engine ("cover" and "dp", through
:func:`~cluesolver.clue.engine.covers.count_numpy`) must give the enumerator's deal count
and every (holder, card) count, whichever holder terms and arithmetic the cover method uses.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cluesolver.clue import variants
from cluesolver.clue.engine import covers
from cluesolver.clue.engine.brute_force import enumerate_counts
from cluesolver.clue.record.constraints import ENVELOPE, Has, NotEnvelope, Puzzle, puzzle_of
from cluesolver.clue.record.simulate import random_log
from tests.clue.engine.strategies import puzzles


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
