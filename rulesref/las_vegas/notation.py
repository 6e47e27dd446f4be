"""Text notation for stakes and money, as typed at the table; parse/format round-trip.

Stakes: ``"Anna=5 Ben=3 Carla=1+big Denny=1 white=2"``.  Each entry is a name, ``=``,
and a sum of parts: a number of small dice, ``big`` (the big die, counting as two; ``2big``
for a second one, which the checker will object to) and ``Nbonus`` (dice a casino tile
added).  Entries are separated by spaces or commas; ``white`` (or ``house``) is the house.

Money: ``"90,40"`` or ``"90k 40k"`` or ``"$90,000 $40,000"`` or ``"90,000 40,000"``, in
thousands of dollars (a comma followed by ``000`` is a thousands separator).

    >>> format_stakes(parse_stakes("Carla=1+big Anna=5"))
    'Carla=1+big Anna=5'
    >>> parse_money("90,40"), parse_money("90,000 40,000")
    ((90, 40), (90, 40))
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence

from rulesref.core.errors import InputError, Problem
from rulesref.core.names import closest
from rulesref.las_vegas.model import HOUSE, HOUSE_ALIASES, Stake

_ENTRY_SPLIT = re.compile(r"[\s,;]+")
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


def split_entries(text: str) -> tuple[list[tuple[str, str]], list[Problem]]:
    pairs: list[tuple[str, str]] = []
    problems: list[Problem] = []
    for token in _ENTRY_SPLIT.split(text.strip()):
        if not token:
            continue
        name, sep, spec = token.partition("=")
        if not sep:
            name, sep, spec = token.partition(":")
        if not sep or not name.strip():
            problems.append(Problem("expected NAME=DICE, e.g. Anna=3 or Carla=1+big", text=token))
            continue
        pairs.append((name, spec))
    return pairs, problems


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


_MONEY_TOKEN = re.compile(r"^\$?(?P<n>-?\d+(?:\.\d+)?)(?P<k>k|000)?$", re.IGNORECASE)
#: A dollar amount written with thousands separators: ``90,000``, ``$100,000``.
_THOUSANDS = re.compile(r"(?<!\d)(\$?\d{1,3})((?:,\d{3})*,000)(?!\d)")
#: What ``--money`` and ``money = [...]`` accept, for messages.
MONEY_FORMS = "90,40 or 90k 40k or $90,000 $40,000 or 90,000 40,000"


def parse_money_item(item: object) -> tuple[int | None, Problem | None]:
    """One amount in thousands: ``90``, ``"90k"``, ``"$90000"``, ``"$90,000"``."""
    if isinstance(item, bool) or not isinstance(item, (int, str)):
        return None, Problem("money must be a number of thousands, e.g. 90", text=str(item))
    if isinstance(item, int):
        value = item
        if value >= 1000:  # dollars typed out in full: 90000
            if value % 1000:
                return None, Problem("money comes in whole thousands", text=str(item))
            value //= 1000
    else:
        token = _THOUSANDS.sub(lambda m: m[1] + m[2].replace(",", ""), item.strip().replace("_", ""))
        m = _MONEY_TOKEN.match(token)
        if m is None:
            return None, Problem(f"cannot read money (in thousands: {MONEY_FORMS})", text=item)
        if len(m["n"]) > 15:  # no casino holds a trillion dollars; float() would lose or overflow it
            return None, Problem("money far beyond any casino's (in thousands, e.g. 90)", text=item)
        number = float(m["n"])
        if m["k"] is None and number >= 1000:
            number /= 1000
        if number != int(number):
            return None, Problem("money comes in whole thousands", text=item)
        value = int(number)
    if value <= 0:
        return None, Problem("money must be positive", text=str(item))
    return value, None


def parse_money_collect(text: str) -> tuple[tuple[int, ...], list[Problem]]:
    """Amounts separated by spaces, commas or semicolons; ``90,000`` is one amount (ninety thousand)."""
    values: list[int] = []
    problems: list[Problem] = []
    glued = _THOUSANDS.sub(lambda m: m[1] + m[2].replace(",", ""), text.strip())
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
