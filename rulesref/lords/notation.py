"""Small text notations shared by the command line and the game log.

* rolls: ``C3=4,C2=2`` (lot = new number; spaces or commas between pairs);
* casino points: ``1,1,3``;
* money: ``$12`` or ``12``.

    >>> parse_rolls("C3=4, c2=2")
    {'C3': 4, 'C2': 2}
    >>> format_rolls({'C3': 4, 'C2': 2})
    'C3=4,C2=2'
"""

from __future__ import annotations

import re

from rulesref.core.errors import InputError, Problem, UnknownNameError
from rulesref.lords.board import lot


def parse_rolls(text: str) -> dict[str, int]:
    out: dict[str, int] = {}
    problems: list[Problem] = []
    for part in [p for p in re.split(r"[,\s]+", text.strip()) if p]:
        label, sep, pips = part.partition("=")
        if not sep:
            problems.append(Problem("a roll is LOT=NUMBER, e.g. C3=4", text=part))
            continue
        try:
            name = lot(label).label
        except UnknownNameError as exc:
            problems.extend(exc.problems())
            continue
        if not pips.strip().isdigit() or not 1 <= int(pips) <= 6:
            problems.append(Problem("a die shows 1 to 6", text=part))
            continue
        if name in out:
            problems.append(Problem(f"{name} is rolled twice", text=part))
        out[name] = int(pips)
    if not out and not problems:
        problems.append(Problem("no rolls given (LOT=NUMBER, ...)", text=text))
    if problems:
        raise InputError(problems)
    return out


def format_rolls(rolls: dict[str, int]) -> str:
    return ",".join(f"{k}={v}" for k, v in rolls.items())


def parse_points(text: str) -> list[int]:
    out: list[int] = []
    problems: list[Problem] = []
    for part in [p for p in re.split(r"[,\s]+", text.strip()) if p]:
        if not part.isdigit():
            problems.append(
                Problem(f"casino points are whole numbers of at least 0 (e.g. 1,1,3), not {part!r}", text=part)
            )
        else:
            out.append(int(part))
    if problems:
        raise InputError(problems)
    return out


def parse_money(text: str) -> int | None:
    t = text.strip().lstrip("$").rstrip("mM")
    return int(t) if t.isdigit() else None
