"""Text notation for stakes and money, as typed at the table; parse/format round-trip.

Stakes: ``"Anna=5 Ben=3 Carla=1+big Denny=1 white=2"`` or ``"Anna 5, Ben 3, Carla 1+big"``
(the count notation every game shares, :mod:`rulesref.core.amounts`).  Each entry is a
name and a sum of parts: a number of small dice, ``big`` (the big die, counting as two;
``2big`` for a second one, which the checker will object to) and ``Nbonus`` (dice a casino
tile added).  ``white`` (or ``house``) is the house.

Money: ``"90,40"`` or ``"90k 40k"`` or ``"$90,000 $40,000"`` or ``"90,000 40,000"``, in
thousands of dollars (a comma followed by ``000`` is a thousands separator; one amount
is read as :func:`rulesref.core.amounts.read_amount` reads it).

    >>> format_stakes(parse_stakes("Carla=1+big Anna=5"))
    'Carla=1+big Anna=5'
    >>> parse_money("90,40"), parse_money("90,000 40,000")
    ((90, 40), (90, 40))
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from rulesref.core.amounts import THOUSANDS, glue_thousands, read_amount, split_counts
from rulesref.core.errors import InputError, Problem
from rulesref.core.names import closest
from rulesref.las_vegas.model import HOUSE, HOUSE_ALIASES, Stake

_PART = re.compile(r"^(?P<n>\d+)?(?P<kind>big|b|bonus|tile)?$", re.IGNORECASE)


def resolve_name(name: str, players: Sequence[str] | None) -> tuple[str | None, Problem | None]:
    """Map a typed name to a roster name (case-insensitive) or the house."""
    key = name.strip()
    if key.lower() in HOUSE_ALIASES:
        return HOUSE, None
    if players is None:
        return key, None
    for p in players:
        if p.lower() == key.lower():
            return p, None
    choices = closest(key, [*players, HOUSE], cutoff=0.6)
    return None, Problem("unknown player", text=name, choices=tuple(choices or players))


def parse_stake_spec(name: str, spec: object) -> tuple[Stake | None, list[Problem]]:
    """One participant's dice: an int (small dice) or a string like ``"1+big"``."""
    if isinstance(spec, bool) or not isinstance(spec, (int, str)):
        return None, [Problem(f'dice for {name} must be a number or text like "1+big"', text=str(spec))]
    if isinstance(spec, int):
        if spec < 0:
            return None, [Problem(f"negative dice count for {name}", text=str(spec))]
        return Stake(name, small=spec), []
    small = big = bonus = 0
    text = spec.strip()
    if not text:
        return None, [Problem(f"no dice given for {name}", text=spec)]
    for part in text.split("+"):
        part = part.strip()
        if part.startswith("-"):
            return None, [Problem(f"negative dice count for {name}", text=spec)]
        m = _PART.match(part)
        if not part or m is None:
            return None, [Problem(f'cannot read dice for {name} (use a number, "big", e.g. "1+big")', text=spec)]
        n = int(m["n"]) if m["n"] is not None else (1 if m["kind"] else 0)
        kind = (m["kind"] or "").lower()
        if kind in ("big", "b"):
            big += n
        elif kind in ("bonus", "tile"):
            bonus += n
        else:
            small += n
    return Stake(name, small=small, big=big, bonus=bonus), []


def stakes_from_pairs(
    pairs: Iterable[tuple[str, object]],
    players: Sequence[str] | None,
) -> tuple[tuple[Stake, ...], list[Problem]]:
    """Stakes from (name, spec) pairs; every problem is collected, none raised."""
    problems: list[Problem] = []
    stakes: list[Stake] = []
    seen: set[str] = set()
    for raw_name, spec in pairs:
        name, problem = resolve_name(raw_name, players)
        if problem is not None:
            problems.append(problem)
            continue
        assert name is not None
        if name in seen:
            problems.append(Problem(f"{name} is listed twice on the same casino", text=raw_name))
            continue
        seen.add(name)
        stake, found = parse_stake_spec(name, spec)
        problems.extend(found)
        if stake is not None and stake.count > 0:
            stakes.append(stake)
    return tuple(stakes), problems


#: A dice count as written: a number, ``big``, ``2bonus`` or a sum of them (``1+big``).
_SPEC = re.compile(r"^-?\d*(big|b|bonus|tile)?(\+-?\d*(big|b|bonus|tile)?)*$", re.IGNORECASE)
#: The message for words that are no entry (the count notation of rulesref.core.amounts).
ENTRY_FORM = "expected NAME DICE, e.g. Anna 3, Anna=3 or Carla 1+big"


def is_dice(word: str) -> bool:
    """Whether ``word`` reads as dice (``3``, ``big``, ``1+big``; ``-1`` too: its problem comes later)."""
    return _SPEC.match(word) is not None and any(ch.isalnum() for ch in word)


def split_entries(text: str) -> tuple[list[tuple[str, str]], list[Problem]]:
    """``NAME DICE`` entries in the one count notation (:func:`rulesref.core.amounts.split_counts`)."""
    entries, problems = split_counts(text, is_dice, ENTRY_FORM)
    return [(e.name, e.value) for e in entries], problems


def parse_stakes_collect(
    text: str,
    players: Sequence[str] | None = None,
) -> tuple[tuple[Stake, ...], list[Problem]]:
    pairs, problems = split_entries(text)
    stakes, more = stakes_from_pairs(pairs, players)
    return stakes, problems + more


def parse_stakes(text: str, players: Sequence[str] | None = None) -> tuple[Stake, ...]:
    """Parse a stake line; raise :class:`InputError` with every problem at once."""
    stakes, problems = parse_stakes_collect(text, players)
    if problems:
        raise InputError(problems)
    return stakes


def format_stake(stake: Stake) -> str:
    parts: list[str] = []
    if stake.small or not (stake.big or stake.bonus):
        parts.append(str(stake.small))
    if stake.big:
        parts.append("big" if stake.big == 1 else f"{stake.big}big")
    if stake.bonus:
        parts.append(f"{stake.bonus}bonus")
    return f"{stake.participant}=" + "+".join(parts)


def format_stakes(stakes: Iterable[Stake]) -> str:
    return " ".join(format_stake(s) for s in stakes)


#: What ``--money`` and ``money = [...]`` accept, for messages.
MONEY_FORMS = THOUSANDS.forms.removeprefix("in thousands: ")


def parse_money_item(item: object) -> tuple[int | None, Problem | None]:
    """One amount in thousands: ``90``, ``"90k"``, ``"$90000"``, ``"$90,000"`` (the one money reading,
    :func:`rulesref.core.amounts.read_amount`)."""
    return read_amount(item, THOUSANDS)


def parse_money_collect(text: str) -> tuple[tuple[int, ...], list[Problem]]:
    """Amounts separated by spaces, commas or semicolons; ``90,000`` is one amount (ninety thousand)."""
    values: list[int] = []
    problems: list[Problem] = []
    glued = glue_thousands(text.strip())
    tokens = [t for t in re.split(r"[\s,;/]+", glued) if t]
    for token in tokens:
        value, problem = parse_money_item(token)
        if problem is not None:
            problems.append(problem)
        elif value is not None:
            values.append(value)
    if not tokens:
        problems.append(Problem(f"no money given (in thousands: {MONEY_FORMS})", text=text))
    return tuple(values), problems


def parse_money(text: str) -> tuple[int, ...]:
    """Parse a money list; raise :class:`InputError` with every problem at once."""
    values, problems = parse_money_collect(text)
    if problems:
        raise InputError(problems)
    return values


def format_money(values: Iterable[int]) -> str:
    return ",".join(str(v) for v in values)
