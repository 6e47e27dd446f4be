"""The projects zone: what each claimed project is worth, for a player or for ACME.

Players and ACME score projects alike (the high value for the first to fulfil one, the
low value for everybody later), so both scorers use :func:`project_zone`.
"""

from __future__ import annotations

from collections.abc import Sequence

from rulesref.welcome.citations import rule
from rulesref.welcome.model import ProjectClaim, Table
from rulesref.welcome.results import Zone, ZoneScore


def project_zone(table: Table, claims: Sequence[ProjectClaim]) -> ZoneScore:
    """The projects zone: each claimed project's high or low value from the table file."""
    parts = []
    points = 0
    for claim in claims:
        project = table.project(claim.colour)
        value = project.points(claim.claim) if project else 0
        points += value
        parts.append(f"{claim.colour.value} {claim.claim.value} {value}")
    return ZoneScore(Zone.PROJECTS, points, " + ".join(parts) or "none", rule("project-scoring"))
