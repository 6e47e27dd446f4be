"""The fast engine against the independent enumerator (python-constraint2), exactly.

Hypothesis draws small editions, tables and constraint sets (consistent or not); both
exact methods of the engine ("cover" and "dp") must give the enumerator's deal count
and every (holder, card) count.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import cluesolver.clue.count as engine
from cluesolver.clue import variants
from cluesolver.clue.constraints import ENVELOPE, AtLeastOne, Has, Lacks, NotEnvelope, Puzzle, Table, puzzle_of
from cluesolver.clue.enumerate import enumerate_counts
from cluesolver.clue.simulate import random_log


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
    cons = []
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


def _check(puzzle: Puzzle, settings: engine.CountSettings = engine.DEFAULT_SETTINGS) -> None:
    truth = enumerate_counts(puzzle)
    for method in ("cover", "dp"):
        got = engine.count(puzzle, method, settings)
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
    _check(puzzle, engine.CountSettings(holder_method=holder_method))


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
    assert engine.count(puzzle).deals >= 1
    assert all(engine.count(puzzle).held[h][c] > 0 for c, h in deal.owner.items())


def test_wrong_accusation_only_removes_that_envelope() -> None:
    v = variants.get("classic")
    base = puzzle_of(random_log(v, 3, 0, random.Random(1))[0])
    counts = engine.count(base)
    accused = tuple(next(c for c in cat.cards if counts.held[ENVELOPE][c] > 0) for cat in v.categories)
    with_acc = Puzzle(base.table, base.constraints + (NotEnvelope(accused),))
    fixed = Puzzle(base.table, base.constraints + tuple(Has(ENVELOPE, c) for c in accused))
    assert engine.count(with_acc).deals == engine.count(base).deals - engine.count(fixed).deals


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(puzzles())
def test_dp_two_modulus_path(puzzle: Puzzle) -> None:
    """Force the int64-wrap + prime + CRT path of the DP and compare with the enumerator."""
    got = engine.count(puzzle, "dp", engine.CountSettings(dp_wrap_limit=0))
    truth = enumerate_counts(puzzle)
    assert (got.deals, got.held) == (truth.deals, truth.held)


def test_huge_counts_agree_between_methods() -> None:
    """A Master Detective spectator log: counts far beyond int64 (object arrays vs CRT)."""
    rng = random.Random(8)
    log, _ = random_log(variants.get("master-detective"), 6, 3, rng, spectator=True, accusations=False)
    puzzle = puzzle_of(log)
    results = [engine.count(puzzle, method) for method in ("cover", "dp")]
    assert results[0].deals > 2**64
    assert results[0].deals == results[1].deals and results[0].held == results[1].held


@pytest.mark.parametrize("path", ["crt", "python-ints"])
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(puzzles())
def test_cover_arithmetic_paths(path: str, puzzle: Puzzle) -> None:
    """Force the cover method's prime pass + CRT, or its Python-integer arrays."""
    limits = (0, 1 << 200) if path == "crt" else (0, 0)
    settings = engine.CountSettings(cover_wrap_exact=limits[0], cover_py_ints_from=limits[1])
    got = engine.count(puzzle, "cover", settings)
    truth = enumerate_counts(puzzle)
    assert (got.deals, got.held) == (truth.deals, truth.held)
