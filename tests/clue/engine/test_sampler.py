"""The deal sampler: every consistent deal listed once, draws that are consistent deals,
the same draws for the same seed as recorded, and Python's uniforms made in bulk.

``data/sampler/draws.json`` holds fingerprints (SHA-256 of the arrays, the programme's
total as a float's hex) of the draws of the logs in ``data/sampler`` made by the sampler
of 93bf216, before its programme and draws were rewritten for speed: the advice printed
depends on these exact deals, so any change to them must be deliberate.  Regenerate with
``python -c "from tests.clue.engine.test_sampler import write_golden; write_golden()"`` only when the
draws are meant to change.
"""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cluesolver.clue.engine.brute_force import deals
from cluesolver.clue.engine.covers import count_numpy as count
from cluesolver.clue.engine.sampler import (
    _CHUNK,
    LOW_ACCEPTANCE,
    MAX_STATES,
    DealSampler,
    _uniform,
    deals_for,
    deals_of,
    keeping_more,
)
from cluesolver.clue.record.constraints import ENVELOPE, AtLeastOne, Constraint, Has, Lacks, Puzzle, puzzle_of
from cluesolver.clue.record.reader import parse_log
from tests.clue.engine.strategies import puzzles
from tests.helpers import ROOT

DATA = ROOT / "tests" / "data" / "sampler"
GOLDEN = DATA / "draws.json"


def _digest(owner: np.ndarray) -> str:
    return hashlib.sha256(f"{owner.dtype}{owner.shape}".encode() + np.ascontiguousarray(owner).tobytes()).hexdigest()


def fingerprints(path: Path) -> dict[str, str]:
    """The draws the table's commands make from the log at ``path``, and a few more."""
    puzzle = puzzle_of(parse_log(path.read_text(encoding="utf-8")))
    counts = count(puzzle)
    out = {
        "next": _digest(deals_of(puzzle, counts, 1000, 0, 2000).owner),  # clue next, accuse? (seed 0)
        "threats": _digest(deals_for(puzzle, counts, 200, random.Random(17), exact_limit=200).owner),
        "numpy": _digest(deals_for(puzzle, counts, 300, np.random.default_rng(1)).owner),
    }
    for states, n in ((MAX_STATES, 300), (400, 30)):  # 400: some constraints left to rejection
        sampler = DealSampler(puzzle, counts, max_states=states)
        out[f"total-{states}"] = sampler.total.hex()
        out[f"sample-{states}"] = _digest(sampler.sample(n, random.Random(states)).owner)
    return out


def write_golden() -> None:
    golden = {p.name: fingerprints(p) for p in sorted(DATA.glob("*.clue"))}
    GOLDEN.write_text(json.dumps(golden, indent=1, sort_keys=True) + "\n", encoding="utf-8")


@pytest.mark.parametrize("name", sorted(p.name for p in DATA.glob("*.clue")))
def test_the_same_draws_for_the_same_seed(name: str) -> None:
    assert fingerprints(DATA / name) == json.loads(GOLDEN.read_text(encoding="utf-8"))[name]


def test_the_recorded_logs_reach_the_hard_cases() -> None:
    """Counts past 2**53 (the float sums must keep their order), constraints left to
    rejection, and wrong accusations (an envelope ruled out)."""
    seen = {"big": False, "rejected": False, "not_env": False}
    for path in DATA.glob("*.clue"):
        puzzle = puzzle_of(parse_log(path.read_text(encoding="utf-8")))
        counts = count(puzzle)
        sampler = DealSampler(puzzle, counts, max_states=400)
        seen["big"] |= counts.deals > 2**53
        seen["rejected"] |= bool(sampler._rejected)
        seen["not_env"] |= bool(sampler._not_env)
    assert all(seen.values()), seen


def _every_deal(puzzle: Puzzle) -> set[tuple[str, ...]]:
    return {tuple(d[c] for c in puzzle.table.cards) for d in deals(puzzle)}


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(puzzles(), st.sampled_from([MAX_STATES, 12, 3]))
def test_every_deal_listed_once_and_draws_are_deals(puzzle: Puzzle, states: int) -> None:
    counts = count(puzzle)
    want = _every_deal(puzzle)
    assert len(want) == counts.deals
    sampler = DealSampler(puzzle, counts, max_states=states)
    if counts.deals:
        assert sampler.total >= counts.deals  # the programme counts a superset of the deals
        if not sampler._rejected and not sampler._not_env:
            assert sampler.total == counts.deals
    listed = sampler.all_deals(10**6)
    assert listed is not None and listed.exact
    rows = [tuple(listed.holders[h] for h in row) for row in listed.owner]
    assert len(rows) == len(set(rows)) and set(rows) == want
    drawn = sampler.sample(50, random.Random(1))
    assert drawn.size == (50 if counts.deals else 0)
    assert {tuple(drawn.holders[h] for h in row) for row in drawn.owner} <= want


def test_draws_with_rejection_are_consistent_deals() -> None:
    log = parse_log((DATA / "accusations.clue").read_text(encoding="utf-8"))
    puzzle = puzzle_of(log)
    counts = count(puzzle)
    sampler = DealSampler(puzzle, counts, max_states=400)
    assert sampler._rejected and sampler._not_env
    listed = sampler.all_deals(10**6)
    assert listed is not None and listed.size == counts.deals
    drawn = sampler.sample(3000, np.random.default_rng(5))
    every = {row.tobytes() for row in listed.owner}
    got = [row.tobytes() for row in drawn.owner]
    assert set(got) <= every and len(set(got)) > 2000  # 3000 draws from 6495 deals: about 2,400 differ


@pytest.mark.parametrize("n", [0, 1, 2, 7, 1000, _CHUNK + 3])
def test_uniforms_in_bulk_are_the_calls_of_random(n: int) -> None:
    bulk, calls = random.Random(n), random.Random(n)
    got = _uniform(bulk, n)
    want = [calls.random() for _ in range(n)]
    assert got.dtype == np.float64 and got.tolist() == want
    assert bulk.getstate() == calls.getstate()


def test_uniforms_of_other_generators() -> None:
    class Counted(random.Random):
        def random(self) -> float:
            return 0.25

    assert _uniform(Counted(1), 3).tolist() == [0.25, 0.25, 0.25]
    a, b = np.random.default_rng(4), np.random.default_rng(4)
    assert np.array_equal(_uniform(a, 5), b.random(5))


def test_a_sampler_that_would_reject_most_draws_keeps_more_constraints() -> None:
    """A spectator's Master Detective log leaves a dozen "at least one" constraints to
    rejection at the default budget (about one draw in 700 accepted, seconds of drawing);
    the sampler the commands use is made again with more states and keeps them."""
    puzzle = puzzle_of(parse_log((DATA.parent / "spectator" / "md6-12.clue").read_text(encoding="utf-8")))
    counts = count(puzzle)
    first = DealSampler(puzzle, counts)
    assert first.acceptance < LOW_ACCEPTANCE and first._rejected
    used = keeping_more(first, puzzle, counts)
    assert used.acceptance >= LOW_ACCEPTANCE and len(used._cons) > len(first._cons)
    assert keeping_more(used, puzzle, counts) is used  # a good enough sampler is kept as it is
    drawn = deals_for(puzzle, counts, 200, random.Random(3))
    assert drawn.size == 200
    for row in drawn.owner:  # every draw agrees with every constraint of the log
        deal = dict(zip(drawn.cards, (drawn.holders[h] for h in row)))
        assert all(_agrees(con, deal) for con in puzzle.constraints)


def _agrees(con: Constraint, deal: dict[str, str]) -> bool:
    if isinstance(con, Has):
        return deal[con.card] == con.holder
    if isinstance(con, Lacks):
        return deal[con.card] != con.holder
    if isinstance(con, AtLeastOne):
        return any(deal[c] == con.holder for c in con.cards)
    return not all(deal[c] == ENVELOPE for c in con.cards)
