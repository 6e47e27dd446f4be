"""What ``welcome streets`` reports: each street's longest run and its placement problems.

>>> report = street_report("3 5 7 . 9 | 2 4 c 6 8")
>>> [row.points for row in report.rows]
[3, 4]
>>> report.ok
True
"""

from __future__ import annotations

from dataclasses import dataclass

from rulesref.core.findings import Citation, Finding
from rulesref.core.games import WELCOME
from rulesref.welcome.citations import rule
from rulesref.welcome.streets import Run, Street, format_street, longest_run, parse_streets, placement_problems


@dataclass(frozen=True)
class StreetRow:
    """One street as written, and its longest odd/even run (the points it scores)."""

    street: int  # 1-based, top street first
    written: Street
    run: Run | None

    @property
    def points(self) -> int:
        return self.run.length if self.run else 0

    def to_json(self) -> dict[str, object]:
        return {
            "street": self.street,
            "written": format_street(self.written),
            "run": list(self.run.numbers) if self.run else [],
            "parity": self.run.parity.value if self.run else None,
            "positions": [p + 1 for p in self.run.positions] if self.run else [],
            "points": self.points,
        }


@dataclass(frozen=True)
class StreetsReport:
    rows: tuple[StreetRow, ...]
    problems: tuple[Finding, ...]
    rule: Citation

    @property
    def ok(self) -> bool:
        return not self.problems

    def to_json(self) -> dict[str, object]:
        return {
            "game": WELCOME,
            "streets": [r.to_json() for r in self.rows],
            "rule": self.rule.to_json(),
            "problems": [p.to_json() for p in self.problems],
        }


def street_report(notation: str) -> StreetsReport:
    """Read streets in the notation (``|`` between streets); InputError if unreadable."""
    streets = parse_streets(notation)
    rows = tuple(StreetRow(n, s, longest_run(s)) for n, s in enumerate(streets, start=1))
    problems = tuple(p for n, s in enumerate(streets, start=1) for p in placement_problems(s, n))
    return StreetsReport(rows, problems, rule("street-scoring"))
