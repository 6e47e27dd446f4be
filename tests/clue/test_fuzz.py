"""Damaged logs never crash: they parse and analyse, or raise a CluesolverError."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cluesolver.clue.analysis.report import analyse
from cluesolver.clue.record.reader import parse_log
from cluesolver.clue.record.writer import format_log
from rulesref.core.errors import CluesolverError
from tests.helpers import ROOT, damaged_lines

SOURCES = [p.read_text(encoding="utf-8") for p in sorted((ROOT / "tests" / "data" / "clue").glob("*.clue"))]
WORDS = [
    "suggests",
    "shows",
    "passes",
    "nobody",
    "has",
    "none of",
    "accuses",
    "wrong",
    "correct",
    ";",
    ",",
    ":",
    "Ann",
    "Ben",
    "Knife",
    "Hall",
    "round",
    "me:",
    "hands:",
    "table:",
    "looks at",
    "card",
    "\n",
    "#",
]


def damaged() -> st.SearchStrategy[str]:
    return damaged_lines(SOURCES, [f" {w} " for w in WORDS], most=4).map(lambda text: text.rstrip("\n") + "\n")


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(damaged())
def test_damaged_logs_fail_cleanly(text: str) -> None:
    try:
        log = parse_log(text, "fuzz.clue")
    except CluesolverError as exc:
        assert exc.problems() and all(p.message for p in exc.problems())
        return
    assert parse_log(format_log(log)) == log
    report = analyse(log)
    if not report.consistent:
        assert report.conflict
