"""The score track and its breaks.

The track does not count every number: past 8 the spaces are 10, 12, ... 90 and entering
a space costs the gap to the previous one.  Points from one casino move you space by
space while they can pay the next gap; whatever is left over is lost.  Several casinos
paying the same player are applied one at a time, smallest first.

    >>> advance(8, 1).end, advance(8, 3).end, advance(8, 5).end
    (8, 10, 12)
"""

from __future__ import annotations

import bisect
from dataclasses import dataclass

from rulesref.core.errors import InputError, Problem
from rulesref.core.findings import Citation
from rulesref.core.i18n import _
from rulesref.lords.board import track
from rulesref.lords.verdict import rule

WIN_AT = 90


@dataclass(frozen=True)
class Move:
    """The points of one casino applied to a player's chip."""

    start: int
    points: int
    end: int
    lost: int


@dataclass(frozen=True)
class TrackRun:
    """Several casinos' points applied in order (smallest first)."""

    start: int
    moves: tuple[Move, ...]

    @property
    def end(self) -> int:
        return self.moves[-1].end if self.moves else self.start

    @property
    def lost(self) -> int:
        return sum(m.lost for m in self.moves)

    @property
    def gained(self) -> int:
        return self.end - self.start

    @property
    def rule(self) -> Citation:
        return rule("score-track")


def is_space(points: int) -> bool:
    return points in track()


def nearest_spaces(points: int) -> tuple[str, ...]:
    """The track spaces either side of ``points`` (for error messages)."""
    spaces = track()
    i = bisect.bisect_left(spaces, points)
    return tuple(str(s) for s in spaces[max(0, i - 1) : i + 1])


def check_space(points: int, what: str | None = None) -> None:
    if not is_space(points):
        raise InputError(
            Problem(
                _("{what} {points} is not a space of the score track").format(what=what or _("score"), points=points),
                text=str(points),
                choices=nearest_spaces(points),
            )
        )


def gap_before(space: int) -> int:
    """Points needed to enter ``space`` from the previous one (1 up to 8, then 2 .. 9)."""
    spaces = track()
    i = spaces.index(space)
    return spaces[i] - spaces[i - 1] if i else 0


def advance(start: int, points: int) -> Move:
    """Move a chip at ``start`` forward by one casino's ``points``; leftovers are lost."""
    check_space(start)
    if points < 0:
        raise InputError(Problem(_("points cannot be negative"), text=str(points)))
    spaces = track()
    i = spaces.index(start)
    left = points
    while i + 1 < len(spaces) and left >= spaces[i + 1] - spaces[i]:
        left -= spaces[i + 1] - spaces[i]
        i += 1
    return Move(start=start, points=points, end=spaces[i], lost=left)


def apply_casinos(start: int, casino_points: list[int] | tuple[int, ...]) -> TrackRun:
    """Apply several casinos' points to one chip, smallest casino first."""
    at = start
    moves = []
    for pts in sorted(casino_points):
        move = advance(at, pts)
        moves.append(move)
        at = move.end
    return TrackRun(start=start, moves=tuple(moves))
