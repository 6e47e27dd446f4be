"""How a player's count and an amount of money are written, the same in every game.

**Counts** (dice at a Las Vegas casino, tied dice rerolled on Lords lots, Clue hand
sizes): ``NAME COUNT``, ``NAME=COUNT`` or ``NAME: COUNT``, entries separated by commas
or semicolons.  Spaces separate entries too when each entry is one word with its ``=``
or ``:`` (``Anna=5 Ben=3``), and a name may hold spaces when commas separate the
entries (``Mary Ann 3, Bob 2``).

    >>> [(e.name, e.value) for e in split_counts("Mia 3, Noah=2; white: 2")[0]]
    [('Mia', '3'), ('Noah', '2'), ('white', '2')]
    >>> [(e.name, e.value) for e in split_counts("Anna=5 Ben 3")[0]]
    [('Anna', '5'), ('Ben', '3')]

**Money**: a plain number is in the game's unit (Las Vegas: thousands of dollars; Lords
of Vegas: millions), a ``$`` in front changes nothing, ``k`` and ``M`` say the unit
(``$50k``, ``$25M``), and an amount of at least the unit written out in whole dollars,
with or without thousands separators, is read as dollars (``$50,000``, ``50000``).

    >>> [read_amount(x, THOUSANDS)[0] for x in ("$50k", "50k", "$50,000", 50000, 50, "$50")]
    [50, 50, 50, 50, 50, 50]
    >>> [read_amount(x, MILLIONS)[0] for x in ("$25", 25, "25M", "$25,000,000")]
    [25, 25, 25, 25]
    >>> read_amount("$500k", MILLIONS)[1].message
    'money comes in whole $ millions'
"""

from __future__ import annotations

import re
from collections.abc import Callable
from fractions import Fraction
from typing import NamedTuple

from rulesref.core.errors import Problem

# -- counts ------------------------------------------------------------------------------


class Entry(NamedTuple):
    """One ``NAME COUNT`` entry as written: the name and the count's text."""

    name: str
    value: str


def is_number(token: str) -> bool:
    """A count written as digits (the default reading of a count)."""
    return token.isdigit()


_CHUNKS = re.compile(r"[,;]")
_SEPARATORS = "=:"


def split_counts(
    text: str,
    is_value: Callable[[str], bool] = is_number,
    form: str = "expected NAME COUNT, e.g. Ann 5, Ann=5 or Ann: 5",
) -> tuple[list[Entry], list[Problem]]:
    """The entries of ``text`` and a problem (quoting the words) for each part that is no entry.

    ``is_value`` says whether a word is a count (Las Vegas dice also take ``1+big``);
    ``form`` is the message for words without a count.
    """
    entries: list[Entry] = []
    problems: list[Problem] = []
    for chunk in _CHUNKS.split(text):
        words = _words(chunk)
        if not words:
            continue
        whole = _one_entry(chunk, is_value)
        if whole is not None:
            entries.append(whole)
            continue
        pending: list[str] = []
        i = 0
        while i < len(words):
            word = words[i]
            name, sep, value = _cut(word)
            if sep and name:  # Anna=5, Anna=, Anna:
                if pending:
                    problems.append(Problem(form, text=" ".join(pending)))
                    pending = []
                if not value and i + 1 < len(words) and not _cut(words[i + 1])[1]:
                    i += 1
                    value = words[i]
                _add(entries, problems, name, value, form)
            elif sep:  # "Anna = 5", "Anna =5"
                if not value and i + 1 < len(words) and not _cut(words[i + 1])[1]:
                    i += 1
                    value = words[i]
                if pending:
                    _add(entries, problems, " ".join(pending), value, form)
                else:
                    problems.append(Problem(form, text=word if value in word else f"{word} {value}"))
                pending = []
            elif pending and is_value(word):
                entries.append(Entry(" ".join(pending), word))
                pending = []
            else:
                pending.append(word)
            i += 1
        if pending:
            problems.append(Problem(form, text=" ".join(pending)))
    return entries, problems


def _words(chunk: str) -> list[str]:
    return chunk.split()


def _cut(word: str) -> tuple[str, str, str]:
    """``Anna=5`` -> (Anna, =, 5); a word without ``=`` or ``:`` -> (word, "", "")."""
    at = min((word.find(s) for s in _SEPARATORS if s in word), default=-1)
    if at < 0:
        return word, "", ""
    return word[:at], word[at], word[at + 1 :]


def _one_entry(chunk: str, is_value: Callable[[str], bool]) -> Entry | None:
    """A chunk that is exactly one entry whose name may hold spaces: ``Mary Ann 3``, ``Mary Ann: 3``."""
    stripped = chunk.strip()
    for sep in _SEPARATORS:
        name, found, value = stripped.partition(sep)
        if found and " " in name.strip() and is_value(value.strip()) and not any(s in value for s in _SEPARATORS):
            return Entry(" ".join(name.split()), value.strip())
    words = stripped.split()
    if len(words) > 2 and is_value(words[-1]) and not any(is_value(w) or _cut(w)[1] for w in words[:-1]):
        return Entry(" ".join(words[:-1]), words[-1])
    return None


def _add(entries: list[Entry], problems: list[Problem], name: str, value: str, form: str) -> None:
    if value:
        entries.append(Entry(name, value))
    else:
        problems.append(Problem(f"no count for {name}: {form}", text=name))


# -- money -------------------------------------------------------------------------------


class Unit(NamedTuple):
    """The unit a game counts money in, and how its messages name it."""

    words: str  # "thousands", "$ millions"
    dollars: int  # 1_000
    forms: str  # the accepted forms, for messages
    minimum: int = 1  # the least amount read (Lords players may hold $0)


THOUSANDS = Unit("thousands", 1_000, "in thousands: 90,40 or 90k 40k or $90,000 $40,000 or 90,000 40,000", minimum=1)
MILLIONS = Unit("$ millions", 1_000_000, "in $ millions: 25, $25, $25M or $25,000,000", minimum=0)

_SUFFIX = {"k": 1_000, "thousand": 1_000, "m": 1_000_000, "mn": 1_000_000, "million": 1_000_000}
_AMOUNT = re.compile(r"^(?P<sign>-)?\$?(?P<sign2>-)?(?P<n>\d+(?:\.\d+)?)\s*(?P<suffix>[a-z]+)?$", re.IGNORECASE)
#: A dollar amount written with thousands separators: ``90,000``, ``$100,000``, ``$25,000,000``.
THOUSANDS_SEPARATED = re.compile(r"(?<![\d.])(\$?\d{1,3})((?:,\d{3})*,000)(?![\d.])")
_MAX_DIGITS = 15  # no table holds a trillion dollars; float() would lose or overflow it


def glue_thousands(text: str) -> str:
    """``$90,000`` -> ``$90000``: a comma followed by ``000`` is a thousands separator."""
    return THOUSANDS_SEPARATED.sub(lambda m: m[1] + m[2].replace(",", ""), text)


def read_amount(item: object, unit: Unit) -> tuple[int | None, Problem | None]:
    """One amount in ``unit`` from a TOML value or typed text; a problem instead when unreadable."""
    if isinstance(item, bool) or not isinstance(item, (int, str)):
        return None, Problem(f"money must be a number of {unit.words}, e.g. 90", text=str(item))
    if isinstance(item, int):
        number, written = Fraction(item), str(item)
        dollars = abs(item) >= unit.dollars  # written out in whole dollars: 90000
        scale = 1
    else:
        written = item
        m = _AMOUNT.match(glue_thousands(item.strip().replace("_", "")))
        suffix = (m["suffix"] or "").lower() if m else ""
        if m is None or (suffix and suffix not in _SUFFIX):
            return None, Problem(f"cannot read money ({unit.forms})", text=item)
        if len(m["n"]) > _MAX_DIGITS:
            return None, Problem(f"money far beyond any table's ({unit.words}, e.g. 90)", text=item)
        number = Fraction(m["n"]) * (-1 if m["sign"] or m["sign2"] else 1)
        scale = _SUFFIX.get(suffix, 1)
        dollars = bool(suffix) or abs(number) >= unit.dollars
    value = number * scale / unit.dollars if dollars else number
    if value.denominator != 1:
        return None, Problem(f"money comes in whole {unit.words}", text=written)
    if value < unit.minimum:
        need = "positive" if unit.minimum == 1 else f"at least {unit.minimum}"
        return None, Problem(f"money must be {need}", text=written)
    return int(value), None
