"""The line-based Lords of Vegas game log (``.lov``): parse and format.

One line per event; ``#`` starts a comment.  See docs/lords-of-vegas.md::

    game: lords-of-vegas
    players: Ana, Ben, Cleo            # seating order
    start Ana: A1 B2                   # starting cards (money = their values)
    turn Ana draws C3                  # a turn: who draws which card (or END) [from LOT]
    build C3 purple                    # actions of the player whose turn it is
    sprawl C2                          # [colour] [from LOT]
    remodel C3 gold
    reorganize C3: C3=5 C2=1           # the new numbers of every die
    gamble D7 10 roll 7 [layoff]       # casino, bet, sum of the two dice
    reroll C3=4 C2=2                   # breaking a tie for boss
    draw F3                            # two players: drawing again after an F card
    trade Ana -> Ben: $5, lot A1, die C3
    final Ana: 34 points $45           # what the players wrote down at the end

Syntax problems are collected for the whole file and raised together as an
:class:`InputError`; whether the events are legal is the replay's business.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from rulesref.core.amounts import MILLIONS, read_amount
from rulesref.core.errors import InputError, Problem, UnknownNameError
from rulesref.core.files import read_text
from rulesref.core.i18n import _
from rulesref.core.names import closest
from rulesref.core.text import MAX_LINE, split_lines
from rulesref.lords.board import Company, card, company, lot
from rulesref.lords.notation import format_rolls, parse_rolls


@dataclass(frozen=True)
class Start:
    player: str
    cards: tuple[str, ...]


@dataclass(frozen=True)
class Turn:
    player: str
    card: str
    die_from: str | None = None  # all the drawer's dice are out: the tile one is taken from


@dataclass(frozen=True)
class Draw:
    card: str
    die_from: str | None = None


@dataclass(frozen=True)
class Build:
    lot: str
    company: Company
    die_from: str | None = None


@dataclass(frozen=True)
class Sprawl:
    lot: str
    company: Company | None = None
    die_from: str | None = None


@dataclass(frozen=True)
class Remodel:
    lot: str
    company: Company


@dataclass(frozen=True)
class Reorganize:
    lot: str
    rolls: tuple[tuple[str, int], ...]


@dataclass(frozen=True)
class Gamble:
    lot: str
    bet: int
    roll: int
    layoff: bool = False


@dataclass(frozen=True)
class Reroll:
    rolls: tuple[tuple[str, int], ...]


@dataclass(frozen=True)
class Trade:
    giver: str
    receiver: str
    money: int = 0
    lots: tuple[str, ...] = ()
    dice: tuple[str, ...] = ()


@dataclass(frozen=True)
class Final:
    player: str
    points: int
    money: int


Event = Start | Turn | Draw | Build | Sprawl | Remodel | Reorganize | Gamble | Reroll | Trade | Final


@dataclass(frozen=True)
class Entry:
    line: int
    text: str
    event: Event
    actor: str | None = None  # "Ana builds C3 purple": who the line says acts (None: the turn player)


@dataclass(frozen=True)
class GameLog:
    players: tuple[str, ...]
    entries: tuple[Entry, ...]
    path: str | None = None


class _Bad(Exception):
    def __init__(self, message: str, text: str | None = None, choices: tuple[str, ...] = ()) -> None:
        super().__init__(message)
        self.problem = Problem(message, text=text, choices=choices)


def _lot(word: str) -> str:
    try:
        return lot(word).label
    except UnknownNameError as exc:
        p = exc.problems()[0]
        raise _Bad(p.message, word, p.choices) from None


def _card(word: str) -> str:
    try:
        return card(word)
    except UnknownNameError as exc:
        p = exc.problems()[0]
        raise _Bad(_("no such card (a lot like D8, or END)"), word, p.choices) from None


def _company(word: str) -> Company:
    try:
        return company(word)
    except UnknownNameError as exc:
        p = exc.problems()[0]
        raise _Bad(p.message, word, p.choices) from None


def _rolls(text: str) -> tuple[tuple[str, int], ...]:
    try:
        return tuple(parse_rolls(text).items())
    except InputError as exc:
        p = exc.problems()[0]
        raise _Bad(p.message, p.text, p.choices) from None


#: An amount of money as written in a log line: ``10``, ``$10``, ``$10M``, ``$10,000,000``.
_AMOUNT = r"\$?\d[\d,_.]*(?:m|mn|million)?"


def _money(word: str) -> int:
    """An amount in $ millions (the one money reading, :func:`rulesref.core.amounts.read_amount`)."""
    value, problem = read_amount(word, MILLIONS)
    if problem is not None or value is None:
        raise _Bad(problem.message if problem else _("no money given"), word)
    return value


def _player(word: str, players: tuple[str, ...]) -> str:
    name = word.strip()
    if name in players:
        return name
    for p in players:
        if p.lower() == name.lower():
            return p
    raise _Bad(_("unknown player"), name, closest(name, players, cutoff=0.4))


_VERBS = ("start", "turn", "draw", "build", "sprawl", "remodel", "reorganize", "gamble", "reroll", "trade", "final")
_ACTING = {
    "draws": "draw",
    "builds": "build",
    "sprawls": "sprawl",
    "remodels": "remodel",
    "reorganizes": "reorganize",
    "reorganises": "reorganize",
    "gambles": "gamble",
    "rerolls": "reroll",
    "draw": "draw",
    "build": "build",
    "sprawl": "sprawl",
    "remodel": "remodel",
    "reorganize": "reorganize",
    "reorganise": "reorganize",
    "gamble": "gamble",
    "reroll": "reroll",
}


def _split_actor(body: str, players: tuple[str, ...]) -> tuple[str | None, str]:
    """``Ana builds C3 purple`` / ``Ana: build C3 purple`` -> ("Ana", "build C3 purple")."""
    for name in sorted(players, key=len, reverse=True):
        m = re.match(rf"{re.escape(name)}\s*:?\s+(\w+)\b(.*)", body, re.IGNORECASE)
        if m and m.group(1).lower() in _ACTING:
            verb = _ACTING[m.group(1).lower()]
            if verb == "draw":
                return None, f"turn {name} draws{m.group(2)}"
            return name, f"{verb}{m.group(2)}"
    return None, body


def _roll_sum(text: str) -> int:
    parts = re.split(r"[+,]", text)
    if not all(p.strip().isdigit() for p in parts) or len(parts) not in (1, 2):
        raise _Bad(_("a roll is the sum of two dice (7) or both dice (3+4)"), text)
    if len(parts) == 2 and not all(1 <= int(p) <= 6 for p in parts):
        raise _Bad(_("a die shows 1 to 6"), text)
    return sum(int(p) for p in parts)


def _parse_event(body: str, players: tuple[str, ...]) -> Event:
    words = body.split()
    verb = words[0].lower().replace("reorganise", "reorganize")
    rest = body[len(words[0]) :].strip()
    if verb == "start":
        m = re.fullmatch(r"(.+?)\s*:\s*(.*)", rest)
        if not m:
            raise _Bad(_("write 'start PLAYER: LOT LOT'"), body)
        cards = tuple(_lot(w) for w in m.group(2).replace(",", " ").split())
        return Start(_player(m.group(1), players), cards)
    if verb == "turn":
        m = re.fullmatch(r"(.+?)\s+draws\s+(\S+)(?:\s+from\s+(\S+))?", rest, re.IGNORECASE)
        if not m:
            raise _Bad(_("write 'turn PLAYER draws CARD [from LOT]'"), body)
        return Turn(_player(m.group(1), players), _card(m.group(2)), _lot(m.group(3)) if m.group(3) else None)
    if verb == "draw":
        m = re.fullmatch(r"(\S+)(?:\s+from\s+(\S+))?", rest, re.IGNORECASE)
        if not m:
            raise _Bad(_("write 'draw CARD [from LOT]'"), body)
        return Draw(_card(m.group(1)), _lot(m.group(2)) if m.group(2) else None)
    if verb in ("build", "sprawl"):
        m = re.fullmatch(r"(\S+)(?:\s+(?!from\b)(\S+))?(?:\s+from\s+(\S+))?", rest, re.IGNORECASE)
        if not m:
            raise _Bad(
                _("write '{form}'").format(
                    form=f"{verb} LOT{' COLOUR' if verb == 'build' else ' [COLOUR]'} [from LOT]"
                ),
                body,
            )
        where, colour, src = _lot(m.group(1)), m.group(2), m.group(3)
        src_lot = _lot(src) if src else None
        if verb == "build":
            if colour is None:
                raise _Bad(_("say the tile colour: 'build LOT COLOUR'"), body)
            return Build(where, _company(colour), src_lot)
        return Sprawl(where, _company(colour) if colour else None, src_lot)
    if verb == "remodel":
        if len(words) != 3:
            raise _Bad(_("write 'remodel LOT COLOUR'"), body)
        return Remodel(_lot(words[1]), _company(words[2]))
    if verb == "reorganize":
        m = re.fullmatch(r"(\S+?)\s*:\s*(.+)", rest)
        if not m:
            raise _Bad(_("write 'reorganize LOT: LOT=N LOT=N ...' with the new number of every die"), body)
        return Reorganize(_lot(m.group(1)), _rolls(m.group(2)))
    if verb == "gamble":
        m = re.fullmatch(rf"(\S+)\s+({_AMOUNT})\s+rolls?\s+(\d+(?:\s*[+,]\s*\d+)?)(\s+layoff)?", rest, re.IGNORECASE)
        if not m:
            raise _Bad(_("write 'gamble LOT BET roll SUM [layoff]'"), body)
        return Gamble(_lot(m.group(1)), _money(m.group(2)), _roll_sum(m.group(3).replace(" ", "")), bool(m.group(4)))
    if verb == "reroll":
        if not rest:
            raise _Bad(_("write 'reroll LOT=N LOT=N'"), body)
        return Reroll(_rolls(rest))
    if verb == "trade":
        m = re.fullmatch(r"(.+?)\s*->\s*(.+?)\s*:\s*(.+)", rest)
        if not m:
            raise _Bad(_("write 'trade GIVER -> RECEIVER: $N, lot LOT, die LOT'"), body)
        money, lots_, dice = 0, [], []
        for item in [i.strip() for i in m.group(3).split(",") if i.strip()]:
            parts = item.split()
            if re.fullmatch(rf"\${_AMOUNT}", item, re.IGNORECASE):
                money += _money(item)
            elif len(parts) == 2 and parts[0].lower() == "lot":
                lots_.append(_lot(parts[1]))
            elif len(parts) == 2 and parts[0].lower() == "die":
                dice.append(_lot(parts[1]))
            else:
                raise _Bad(_("a traded item is $N, 'lot LOT' or 'die LOT'"), item)
        return Trade(_player(m.group(1), players), _player(m.group(2), players), money, tuple(lots_), tuple(dice))
    if verb == "final":
        m = re.fullmatch(rf"(.+?)\s*:\s*(\d+)\s+points?\s*,?\s*(\${_AMOUNT})", rest, re.IGNORECASE)
        if not m:
            raise _Bad(_("write 'final PLAYER: N points $M'"), body)
        return Final(_player(m.group(1), players), int(m.group(2)), _money(m.group(3)))
    raise _Bad(_("unknown line"), words[0], closest(verb, _VERBS))


def load_log(path: Path) -> GameLog:
    return parse_log(read_text(path), str(path))


def parse_log(text: str, path: str | None = None) -> GameLog:
    """Parse a whole log; every syntax problem is reported at once."""
    problems: list[Problem] = []
    headers: dict[str, tuple[int, str]] = {}
    body: list[tuple[int, str]] = []
    for number, raw in enumerate(split_lines(text), start=1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        if len(line) > MAX_LINE:  # real lines are short; a long one is refused before any regex reads it
            problems.append(
                Problem(
                    _("line too long: {n} characters (at most {most})").format(n=len(line), most=MAX_LINE),
                    path=path,
                    line=number,
                    text=line,
                )
            )
            continue
        m = re.fullmatch(r"([A-Za-z-]+)\s*:\s*(.*)", line)
        if m and not body and m.group(1).lower() in ("game", "players", "date", "title", "note"):
            headers[m.group(1).lower()] = (number, m.group(2).strip())
        else:
            body.append((number, line))
    game = headers.get("game")
    if game is None or game[1].lower().replace(" ", "-") not in ("lords-of-vegas", "lords"):
        problems.append(
            Problem(
                _("a Lords of Vegas log starts with 'game: lords-of-vegas'"),
                path=path,
                line=game[0] if game else 1,
                text=game[1] if game else None,
            )
        )
    players: tuple[str, ...] = ()
    if "players" not in headers:
        problems.append(Problem(_("the header needs 'players: NAME, NAME, ...' in seating order"), path=path, line=1))
    else:
        number, value = headers["players"]
        players = tuple(p.strip() for p in value.split(",") if p.strip())
        if len(set(players)) != len(players) or not players:
            problems.append(
                Problem(_("players must be distinct names separated by commas"), path=path, line=number, text=value)
            )
    entries = []
    if "players" not in headers:
        body = []  # without the players every line would only add noise
    for number, line in body:
        try:
            actor, text_ = _split_actor(line, players)
            entries.append(Entry(number, line, _parse_event(text_, players), actor))
        except _Bad as bad:
            p = bad.problem
            problems.append(Problem(p.message, path=path, line=number, text=p.text, choices=p.choices))
    if problems:
        raise InputError(problems)
    return GameLog(players, tuple(entries), path)


def format_event(event: Event) -> str:
    """One log line for an event; ``parse_log`` reads it back to the same event."""
    match event:
        case Start(player, cards):
            return f"start {player}: {' '.join(cards)}"
        case Turn(player, c, src):
            return f"turn {player} draws {c}" + (f" from {src}" if src else "")
        case Draw(c, src):
            return f"draw {c}" + (f" from {src}" if src else "")
        case Build(x, comp, src):
            return f"build {x} {comp.colour}" + (f" from {src}" if src else "")
        case Sprawl(x, comp, src):
            return f"sprawl {x}" + (f" {comp.colour}" if comp else "") + (f" from {src}" if src else "")
        case Remodel(x, comp):
            return f"remodel {x} {comp.colour}"
        case Reorganize(x, rolls):
            return f"reorganize {x}: {format_rolls(dict(rolls)).replace(',', ' ')}"
        case Gamble(x, bet, roll, layoff):
            return f"gamble {x} {bet} roll {roll}" + (" layoff" if layoff else "")
        case Reroll(rolls):
            return f"reroll {format_rolls(dict(rolls)).replace(',', ' ')}"
        case Trade(giver, receiver, money, lots_, dice):
            items = ([f"${money}"] if money else []) + [f"lot {x}" for x in lots_] + [f"die {x}" for x in dice]
            return f"trade {giver} -> {receiver}: {', '.join(items)}"
        case Final(player, points, money):
            return f"final {player}: {points} points ${money}"
    raise TypeError(event)


def format_log(log: GameLog) -> str:
    lines = ["game: lords-of-vegas", f"players: {', '.join(log.players)}"]
    lines += [format_event(e.event) for e in log.entries]
    return "\n".join(lines) + "\n"
