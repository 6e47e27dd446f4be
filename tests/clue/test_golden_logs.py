"""Golden Clue logs with their expected results (tests/data/clue/*.clue → *.json).

The expected JSON is the contract output; every golden log is also counted by both
exact methods, which must agree with each other and with the file.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from cluesolver.clue.analysis.explain import minimal_conflict
from cluesolver.clue.analysis.report import analyse
from cluesolver.clue.engine import covers
from cluesolver.clue.record.constraints import puzzle_of
from cluesolver.clue.record.reader import read_log
from tests.helpers import ROOT

DATA = ROOT / "tests" / "data" / "clue"
GOLDEN = sorted(DATA.glob("*.clue"))


@pytest.mark.parametrize("path", GOLDEN, ids=lambda p: p.stem)
def test_golden_result(path: Path) -> None:
    expected = json.loads(path.with_suffix(".json").read_text(encoding="utf-8"))
    got: dict[str, Any] = analyse(read_log(path)).to_json()
    assert got["deals"] == expected["deals"]
    assert isinstance(got["deals"], int)
    assert got["consistent"] == expected["consistent"]
    assert got["solution"] == expected["solution"]
    assert got.get("conflict") == expected.get("conflict")
    assert list(got["holders"]) == list(expected["holders"])
    for holder, row in expected["holders"].items():
        for card, p in row.items():
            assert got["holders"][holder][card] == pytest.approx(p, abs=1e-12), (holder, card)
    assert got["envelope"] == got["holders"]["envelope"]


@pytest.mark.parametrize("path", GOLDEN, ids=lambda p: p.stem)
def test_both_methods_agree(path: Path) -> None:
    puzzle = puzzle_of(read_log(path))
    results = [covers.count_numpy(puzzle, method) for method in ("cover", "dp")]
    assert results[0].deals == results[1].deals
    assert results[0].held == results[1].held


def test_contract_example_facts() -> None:
    report = analyse(read_log(DATA / "contract-example.clue"))
    assert report.deals == 16627
    assert report.probability("Cat", "Knife") == 1.0
    assert report.probability("Dan", "Mr. Green") == 0.0  # Dan passed on Green
    assert report.probability("envelope", "Knife") == 0.0
    # Dan's wrong accusation and 'nobody shows' leave Peacock / Lead Pipe / Ballroom likely
    assert report.probability("envelope", "Lead Pipe") > 0.6


def test_contradiction_is_minimal() -> None:
    log = read_log(DATA / "contradiction.clue")
    lines = minimal_conflict(log)
    assert lines == [6, 8]
    for drop in lines:
        rest = log.upto(None)
        from dataclasses import replace

        without = replace(rest, events=tuple(e for e in rest.events if e.line != drop))
        assert analyse(without).consistent


@pytest.mark.parametrize(
    "path",
    [p for p in GOLDEN if json.loads(p.with_suffix(".json").read_text())["deals"] <= 20000],
    ids=lambda p: p.stem,
)
def test_small_goldens_by_cp_sat_enumeration(path: Path) -> None:
    """A third, independent count: CP-SAT lists every deal of the smaller golden logs."""
    from ortools.sat.python import cp_model

    from cluesolver.clue.analysis.explain import _Model

    puzzle = puzzle_of(read_log(path))
    model = _Model(puzzle)
    for lit in model.lit.values():
        model.m.add(lit == 1)
    held: dict[tuple[str, str], int] = {}

    class Collect(cp_model.CpSolverSolutionCallback):
        def __init__(self) -> None:
            super().__init__()
            self.n = 0

        def on_solution_callback(self) -> None:
            self.n += 1
            for key, var in model.x.items():
                if self.Value(var):
                    held[key] = held.get(key, 0) + 1

    solver = cp_model.CpSolver()
    solver.parameters.enumerate_all_solutions = True
    solver.parameters.num_workers = 1
    cb = Collect()
    solver.Solve(model.m, cb)
    counts = covers.count_numpy(puzzle)
    assert cb.n == counts.deals
    for (card, holder), n in held.items():
        assert counts.held[holder][card] == n
