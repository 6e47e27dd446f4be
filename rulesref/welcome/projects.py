"""The projects zone: what each claimed project is worth, for a player or for ACME.

Players and ACME score projects alike (the high value for the first to fulfil one, the
low value for everybody later), so both scorers use :func:`project_zone`.  A sheet may
give only when a project was fulfilled; :func:`settle_claims` then decides high or low
from the order of completion.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from rulesref.core.i18n import _, mark
from rulesref.welcome.citations import rule
from rulesref.welcome.model import Claim, Colour, Project, ProjectClaim, Table
from rulesref.welcome.results import Zone, ZoneScore


def project_zone(table: Table, claims: Sequence[ProjectClaim]) -> ZoneScore:
    """The projects zone: each claimed project's high or low value from the table file."""
    parts = []
    points = 0
    for claim in claims:
        project = table.project(claim.colour)
        value = project.points(claim.claim) if project else 0
        points += value
        parts.append(f"{_(claim.colour.value)} {_(claim.claim.value)} {value}")
    return ZoneScore(Zone.PROJECTS, points, " + ".join(parts) or _("none"), rule("project-scoring"))


#: The claims' words (:class:`rulesref.welcome.model.Claim`), for the catalogue.
CLAIMS = (mark("high"), mark("low"))


@dataclass(frozen=True)
class Fulfilled:
    """A project someone fulfilled, as written: the value chosen, or only when (or "done")."""

    colour: Colour
    claim: Claim | None  # None: work it out from the turns or the project's "first" list
    turn: int | None = None


def settle_claims(
    written: Mapping[str, Sequence[Fulfilled]], projects: Sequence[Project], acme: str | None = None
) -> tuple[dict[str, tuple[ProjectClaim, ...]], list[tuple[str, Colour, str]]]:
    """Decide high or low for every project written without its value.

    ``written`` maps each owner (a player, or ACME) to what they fulfilled.  A project
    without a value is high for whoever the project's ``first`` list names, or else for
    the earliest turn among everyone who fulfilled it (ties share it) - which needs the
    turn of each of them.  Returns the claims per owner and the (owner, colour, reason)
    of every project that cannot be decided.
    """
    by_colour: dict[Colour, list[tuple[str, Fulfilled]]] = {}
    for owner, items in written.items():
        for item in items:
            by_colour.setdefault(item.colour, []).append((owner, item))
    firsts = {p.colour: p.first for p in projects}
    settled: dict[str, list[ProjectClaim]] = {owner: [] for owner in written}
    undecided: list[tuple[str, Colour, str]] = []
    for colour, entries in by_colour.items():
        first = firsts.get(colour)
        turns = [f.turn for _, f in entries]
        earliest = min(t for t in turns if t is not None) if any(t is not None for t in turns) else None
        for owner, item in entries:
            claim = item.claim
            if claim is None and first is not None:
                listed = owner in first or (owner == acme and any(f.lower() == "acme" for f in first))
                claim = Claim.HIGH if listed else Claim.LOW
            elif claim is None and earliest is not None and None not in turns:
                claim = Claim.HIGH if item.turn == earliest else Claim.LOW
            if claim is None:
                missing = [o for o, f in entries if f.turn is None]
                reason = _(
                    "cannot tell whether the {colour} project is worth its high or low value: write "
                    '"high" or "low", or the turn it was fulfilled ({players} gave no turn), '
                    "or list who was first on the project"
                ).format(colour=_(colour.value), players=", ".join(missing))
                undecided.append((owner, colour, reason))
                continue
            settled[owner].append(ProjectClaim(colour, claim, item.turn, derived=item.claim is None))
    return {owner: tuple(c) for owner, c in settled.items()}, undecided
