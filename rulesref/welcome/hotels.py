"""Hotels from the streets: an avenue's hotel is built once every casino of the avenue is open.

When every street is written aligned to the 11 avenues (one place per avenue, ``-``
where the street has no casino), the tool can tell which avenues are complete, and so
how many hotels a sheet holds; the player only says which of them are Large.

    >>> from rulesref.welcome.streets import parse_street
    >>> row = "1 2 3 4 5 6 7 8 9 10 11"
    >>> complete_avenues([parse_street(row), parse_street(row), parse_street("- " + row[2:]), parse_street(row)])
    (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11)
    >>> complete_avenues([parse_street("1 2 3")] * 4) is None
    True
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from rulesref.welcome.model import AVENUES, STREETS_PER_CITY, Hotels
from rulesref.welcome.streets import Street


def aligned(streets: Sequence[Street]) -> bool:
    """Every street written with one place per avenue."""
    return len(streets) == STREETS_PER_CITY and all(len(s) == AVENUES for s in streets)


def complete_avenues(streets: Sequence[Street]) -> tuple[int, ...] | None:
    """The avenues (1-based) whose casinos are all opened, or None when the streets are not aligned."""
    if not aligned(streets):
        return None
    out = []
    for avenue in range(AVENUES):
        places = [s[avenue] for s in streets]
        if any(not c.absent for c in places) and all(c.absent or c.opened for c in places):
            out.append(avenue + 1)
    return tuple(out)


def twice(avenues: Sequence[int]) -> list[int]:
    """Avenues listed more than once: an avenue has one hotel."""
    return sorted(a for a, n in Counter(avenues).items() if n > 1)


def unbuilt(hotels: Hotels, complete: Sequence[int]) -> list[int]:
    """Avenues listed with a hotel whose casinos are not all opened."""
    listed = (hotels.large.avenues or ()) + (hotels.small.avenues or ())
    return sorted(a for a in set(listed) if a not in complete)
