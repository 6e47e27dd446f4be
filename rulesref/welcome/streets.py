"""Streets of a city sheet: the little notation, odd/even runs and placement problems.

One street is written left to right as space-separated casinos::

    7       an opened casino with the number 7
    .       a built casino that is still empty
    c       a casino under construction (crane still standing)
    x       a casino whose crane was crossed off (built by Construction), still empty
    x7      the same, opened with a 7 (its construction debt is cleared)
    =7      a 7 written with the Extended Casino bonus, a copy of its neighbour's 7
    -       no casino at this avenue (for streets written aligned to the 11 avenues)

Several streets are separated by ``|`` (top street first)::

    >>> [format_street(s) for s in parse_streets("3 5 7 . 9 | 2 4 c 6 8")]
    ['3 5 7 . 9', '2 4 c 6 8']

A number inside a standing crane (``c7``) or outside 0-17 is read as written so the
checker can point it out; anything else that is not in the notation is an input error.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import Enum

from rulesref.core.errors import InputError, Problem
from rulesref.core.findings import Finding
from rulesref.core.i18n import _
from rulesref.welcome.citations import rule

LOWEST_NUMBER = 0
HIGHEST_NUMBER = 17
EASY_OPENING_ONLY = frozenset({0, 16, 17})
NO_CASINO = "-"

_TOKEN = re.compile(r"^(?P<mark>[cx]?)(?P<ext>=?)(?P<num>[+-]?\d+)?$")


@dataclass(frozen=True)
class Casino:
    """One casino slot of a street."""

    number: int | None = None  # the number written, if opened
    crane: bool = False  # a casino under construction on the printed sheet
    built: bool = True  # False only while the crane stands
    extended: bool = False  # written with the Extended Casino bonus
    absent: bool = False  # no casino at this avenue: a place kept only to align the street

    @property
    def opened(self) -> bool:
        return self.number is not None

    @property
    def standing_crane(self) -> bool:
        return self.crane and not self.built

    @property
    def waiting(self) -> bool:
        """Built but not opened: it breaks runs and keeps the game going."""
        return self.built and self.number is None and not self.absent

    @property
    def skipped(self) -> bool:
        """Not a casino a run or the golf course can count: a standing crane or no casino at all."""
        return self.standing_crane or self.absent

    @property
    def open_debt(self) -> bool:
        """A crane crossed off whose casino is still empty: its debt is not cleared."""
        return self.crane and self.built and self.number is None

    def format(self) -> str:
        if self.absent:
            return NO_CASINO
        mark = ("x" if self.built else "c") if self.crane else ""
        if self.number is None:
            return mark or "."
        return f"{mark}{'=' if self.extended else ''}{self.number}"


Street = tuple[Casino, ...]


def parse_casino(token: str) -> Casino:
    """Read one casino token; raises ``ValueError`` when it is not in the notation."""
    if token == ".":
        return Casino()
    if token == NO_CASINO:
        return Casino(built=False, absent=True)
    m = _TOKEN.match(token.lower())
    if m is None or (m["num"] is None and (m["ext"] or not m["mark"])):
        raise ValueError(token)
    number = int(m["num"]) if m["num"] is not None else None
    crane = m["mark"] in ("c", "x")
    return Casino(number=number, crane=crane, built=m["mark"] != "c", extended=bool(m["ext"]))


def parse_street(text: str, *, where: str | None = None) -> Street:
    """Read one street; every unreadable token becomes one problem of one InputError."""
    problems: list[Problem] = []
    casinos: list[Casino] = []
    where = where or _("street")
    for token in text.replace(",", " ").split():
        try:
            casinos.append(parse_casino(token))
        except ValueError:
            problems.append(
                Problem(
                    _("{where}: '{token}' is not a casino; write a number, '.', 'c', 'x', 'x7', '=7' or '-'").format(
                        where=where, token=token
                    ),
                    text=token,
                )
            )
    if not casinos and not problems:
        problems.append(Problem(_("{where} is empty; write its casinos left to right").format(where=where), text=text))
    if problems:
        raise InputError(problems)
    return tuple(casinos)


def parse_streets(text: str) -> tuple[Street, ...]:
    """Read streets separated by ``|``; reports the problems of every street at once."""
    problems: list[Problem] = []
    streets: list[Street] = []
    for index, part in enumerate(text.split("|"), start=1):
        try:
            streets.append(parse_street(part, where=_("street {n}").format(n=index)))
        except InputError as exc:
            problems.extend(exc.problems())
    if problems:
        raise InputError(problems)
    return tuple(streets)


def format_street(street: Street) -> str:
    return " ".join(c.format() for c in street)


def format_streets(streets: tuple[Street, ...]) -> str:
    return " | ".join(format_street(s) for s in streets)


class Parity(Enum):
    ODD = "odd"
    EVEN = "even"

    @staticmethod
    def of(number: int) -> Parity:
        return Parity.EVEN if number % 2 == 0 else Parity.ODD


@dataclass(frozen=True)
class Run:
    """Neighbouring opened casinos, all odd or all even (standing cranes skipped)."""

    parity: Parity
    positions: tuple[int, ...]  # 0-based slot indices in the street
    numbers: tuple[int, ...]

    @property
    def length(self) -> int:
        return len(self.numbers)


def runs(street: Street) -> tuple[Run, ...]:
    """Every maximal odd/even run, left to right.

    A standing crane is skipped (it does not break a run); a built empty casino breaks it.
    """
    found: list[Run] = []
    positions: list[int] = []
    numbers: list[int] = []

    def close() -> None:
        if numbers:
            found.append(Run(Parity.of(numbers[0]), tuple(positions), tuple(numbers)))
        positions.clear()
        numbers.clear()

    for index, casino in enumerate(street):
        if casino.skipped:
            continue
        if casino.number is None:
            close()
            continue
        if numbers and Parity.of(numbers[0]) != Parity.of(casino.number):
            close()
        positions.append(index)
        numbers.append(casino.number)
    close()
    return tuple(found)


def longest_run(street: Street) -> Run | None:
    """The longest run (the leftmost one when two are as long), or None if nothing is open."""
    best: Run | None = None
    for run in runs(street):
        if best is None or run.length > best.length:
            best = run
    return best


def run_length(street: Street) -> int:
    best = longest_run(street)
    return best.length if best else 0


def placement_problems(street: Street, street_no: int) -> list[Finding]:
    """Every way one street breaks the placement rules, left to right.

    Each finding names the street and the 1-based casino (``other`` for the second casino
    of a pair) in its ``where``.
    """
    out: list[Finding] = []

    def add(message: str, section: str, *positions: int) -> None:
        where: dict[str, str | int] = {"street": street_no, "casino": positions[0] + 1}
        if len(positions) > 1:
            where["other"] = positions[1] + 1
        out.append(Finding(message, rule=rule(section), code="placement", where=where))

    for i, c in enumerate(street):
        if c.number is None:
            continue
        if not LOWEST_NUMBER <= c.number <= HIGHEST_NUMBER:
            add(
                _("street {street}, casino {casino}: {number} is outside 0-17").format(
                    street=street_no, casino=i + 1, number=c.number
                ),
                "placement",
                i,
            )
        if c.standing_crane:
            add(
                _(
                    "street {street}, casino {casino}: {number} is written in a casino still "
                    "under construction (cross the crane off first: x{number})"
                ).format(street=street_no, casino=i + 1, number=c.number),
                "placement",
                i,
            )
        if c.extended and not _has_twin_neighbour(street, i):
            add(
                _(
                    "street {street}, casino {casino}: Extended Casino copy ={number} is not "
                    "directly beside an opened {number}"
                ).format(street=street_no, casino=i + 1, number=c.number),
                "extended-casino",
                i,
            )

    numbered = [(i, c) for i, c in enumerate(street) if c.number is not None]
    for (i, a), (j, b) in zip(numbered, numbered[1:]):
        assert a.number is not None and b.number is not None
        if a.number > b.number:
            add(
                _(
                    "street {street}: {a} (casino {i}) comes before {b} (casino {j}); numbers must rise from left to right"
                ).format(street=street_no, a=a.number, i=i + 1, b=b.number, j=j + 1),
                "placement",
                i,
                j,
            )

    seen: dict[int, int] = {}
    for i, c in numbered:
        if c.extended:
            continue
        assert c.number is not None
        if c.number in seen:
            first = seen[c.number]
            hint = (
                _("; if it is an Extended Casino copy write it as ={number}").format(number=c.number)
                if abs(first - i) == 1
                else ""
            )
            add(
                _("street {street}: {number} appears twice (casinos {first} and {second}){hint}").format(
                    street=street_no, number=c.number, first=first + 1, second=i + 1, hint=hint
                ),
                "placement",
                first,
                i,
            )
        else:
            seen[c.number] = i
    return out


def _has_twin_neighbour(street: Street, i: int) -> bool:
    """An opened casino with the same number right beside casino ``i`` (places without a casino skipped)."""
    present = [j for j, c in enumerate(street) if not c.absent]
    k = present.index(i)
    return any(0 <= m < len(present) and street[present[m]].number == street[i].number for m in (k - 1, k + 1))


def easy_opening_numbers(street: Street) -> tuple[int, ...]:
    """Numbers only Easy Opening can produce (0, 16, 17), not counting Extended copies."""
    return tuple(c.number for c in street if c.number is not None and not c.extended and c.number in EASY_OPENING_ONLY)


def extended_copies(street: Street) -> int:
    return sum(1 for c in street if c.extended and c.number is not None)


def open_construction_debts(street: Street) -> int:
    """Cranes crossed off whose casino is still empty: each is a debt not yet cleared."""
    return sum(1 for c in street if c.open_debt)


def all_built_opened(streets: tuple[Street, ...]) -> bool:
    """True when every built casino of every street is opened (standing cranes do not count)."""
    return all(not c.waiting for s in streets for c in s)
