"""The limousine's trip on a grid of street lamps: its rule problems and the fewest lines
still missing to bring it back to its start.

The printed map is not known to this project, so the table file describes it as a grid
of lamps (``limo-lamps = [rows, columns]``), each joined to the lamps beside it, above
and below.  A trip is written lamp by lamp from its start, rows as letters (A = top) and
columns as numbers: ``"A1 A2 B2 B3"``.  One line joins two neighbouring lamps; a line is
never drawn twice (crossing is allowed) and a trip back at its start stops there.

    >>> grid = LampGrid(3, 4)
    >>> trip = parse_trip("A1 A2 B2 B3", grid)
    >>> missing_lines(trip, grid)  # A1-A2 and B2-B3 are drawn: back by C3 C2 B2 B1 (or C1 B1)
    5
    >>> missing_lines(parse_trip("A1 A2 B2 B1 A1", grid), grid)
    0
"""

from __future__ import annotations

import re
import string
from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass

from rulesref.core.errors import InputError, Problem
from rulesref.core.i18n import _

Lamp = tuple[int, int]  # (row, column), 0-based
Line = frozenset[Lamp]

_LAMP = re.compile(r"^([A-Za-z])(\d{1,2})$")


@dataclass(frozen=True)
class LampGrid:
    rows: int
    columns: int

    def __contains__(self, lamp: object) -> bool:
        return isinstance(lamp, tuple) and 0 <= lamp[0] < self.rows and 0 <= lamp[1] < self.columns

    def neighbours(self, lamp: Lamp) -> list[Lamp]:
        r, c = lamp
        return [n for n in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)) if n in self]


def lamp_name(lamp: Lamp) -> str:
    return f"{string.ascii_uppercase[lamp[0]]}{lamp[1] + 1}"


def parse_trip(text: str, grid: LampGrid) -> tuple[Lamp, ...]:
    """Read a trip ``"A1 A2 B2"``; every unreadable or off-map lamp is one problem."""
    problems: list[Problem] = []
    lamps: list[Lamp] = []
    for token in text.replace(",", " ").split():
        m = _LAMP.match(token)
        lamp = (string.ascii_uppercase.index(m[1].upper()), int(m[2]) - 1) if m else None
        if lamp is None or lamp not in grid:
            last = f"{string.ascii_uppercase[grid.rows - 1]}{grid.columns}" if 0 < grid.rows <= 26 else "?"
            problems.append(
                Problem(
                    _("'{token}' is not a lamp of the map: write A1 to {last}").format(token=token, last=last),
                    text=token,
                )
            )
            continue
        lamps.append(lamp)
    if problems:
        raise InputError(problems)
    return tuple(lamps)


def lines_of(trip: Sequence[Lamp]) -> list[Line]:
    return [frozenset((a, b)) for a, b in zip(trip, trip[1:])]


def trip_problems(trip: Sequence[Lamp]) -> list[str]:
    """Every way the drawn trip breaks the limousine rules."""
    out: list[str] = []
    for a, b in zip(trip, trip[1:]):
        if abs(a[0] - b[0]) + abs(a[1] - b[1]) != 1:
            out.append(
                _("the trip jumps from {a} to {b}: a line joins neighbouring lamps").format(
                    a=lamp_name(a), b=lamp_name(b)
                )
            )
    seen: set[Line] = set()
    for line in lines_of(trip):
        if line in seen and len(line) == 2:
            a, b = sorted(line)
            out.append(
                _("the line {a}-{b} is drawn twice; a trip may cross itself but not reuse a line").format(
                    a=lamp_name(a), b=lamp_name(b)
                )
            )
        seen.add(line)
    if trip and trip[0] in trip[1:-1]:
        out.append(
            _("the trip goes on after coming back to its start {a}; it stops there").format(a=lamp_name(trip[0]))
        )
    return out


def missing_lines(trip: Sequence[Lamp], grid: LampGrid) -> int | None:
    """The fewest lines still to draw to bring the trip back to its start (0 when closed).

    The way back may cross the trip but never uses one of its lines again, and never
    passes the start before arriving.  None when there is no way back.
    """
    if len(trip) < 2:
        return 0 if trip else None
    start, end = trip[0], trip[-1]
    if start == end:
        return 0
    used = set(lines_of(trip))
    dist = {end: 0}
    queue = deque([end])
    while queue:
        here = queue.popleft()
        for there in grid.neighbours(here):
            if there in dist or frozenset((here, there)) in used:
                continue
            if there == start:
                return dist[here] + 1
            dist[there] = dist[here] + 1
            queue.append(there)
    return None
