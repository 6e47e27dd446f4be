"""Small text notations shared by the command line and the game log.

* rolls: ``C3=4,C2=2`` or ``C3 4, C2 2`` (lot and new number, in the count notation every
  game shares: :func:`rulesref.core.amounts.split_counts`);
* casino points: ``1,1,3``;
* money, in $ millions: ``12``, ``$12``, ``$12M`` or ``$12,000,000``
  (:func:`rulesref.core.amounts.read_amount`).

    >>> parse_rolls("C3=4, c2=2"), parse_rolls("C3 4, C2: 2")
    ({'C3': 4, 'C2': 2}, {'C3': 4, 'C2': 2})
    >>> money("$25"), money("25M"), money(25)
    (25, 25, 25)
    >>> format_rolls({'C3': 4, 'C2': 2})
    'C3=4,C2=2'
"""

from __future__ import annotations

import re

from rulesref.core.amounts import MILLIONS, read_amount, split_counts
from rulesref.core.errors import InputError, Problem, UnknownNameError
from rulesref.core.i18n import _, mark
from rulesref.lords.board import lot

#: The message for words that are no roll.
ROLL_FORM = mark("a roll is LOT NUMBER, e.g. C3=4 or C3 4")


def parse_rolls(text: str) -> dict[str, int]:
    out: dict[str, int] = {}
    entries, problems = split_counts(text, lambda w: w.lstrip("-").isdigit(), _(ROLL_FORM))
    for label, pips in entries:
        part = f"{label}={pips}"
        try:
            name = lot(label).label
        except UnknownNameError as exc:
            problems.extend(exc.problems())
            continue
        if not pips.strip().isdigit() or not 1 <= int(pips) <= 6:
            problems.append(Problem(_("a die shows 1 to 6"), text=part))
            continue
        if name in out:
            problems.append(Problem(_("{lot} is rolled twice").format(lot=name), text=part))
        out[name] = int(pips)
    if not out and not problems:
        problems.append(Problem(_("no rolls given (LOT=NUMBER, ...)"), text=text))
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
                Problem(
                    _("casino points are whole numbers of at least 0 (e.g. 1,1,3), not {part}").format(part=repr(part)),
                    text=part,
                )
            )
        else:
            out.append(int(part))
    if problems:
        raise InputError(problems)
    return out


def money(item: object) -> int:
    """An amount in $ millions as a state file or an option gives it; :class:`InputError` when unreadable."""
    value, problem = read_amount(item, MILLIONS)
    if problem is not None or value is None:
        raise InputError(problem or Problem(_("no money given"), text=str(item)))
    return value
