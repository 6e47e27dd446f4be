"""Read and write Lords of Vegas board states (TOML).

A state file looks like this (see docs/lords-of-vegas.md)::

    game = "lords-of-vegas"
    turn = "Ana"                  # optional: whose turn it is (default: first player)

    [players.Ana]                 # in seating order
    money = 23
    points = 8

    [markers]                     # owner = lots carrying their markers
    Ana = ["A1", "B2"]

    [tiles]                       # lot = "colour [owner pips]"
    C3 = "purple Ana 6"
    C1 = "purple"                 # a tile whose die is gone

    rerolls = ["C2=5 C3=1"]       # optional: ties for boss broken by these rolls, in order

Every problem in the file is reported at once as an :class:`InputError`; rule problems
(too many tiles, tied bosses...) are left to the checker.  ``format_state`` writes a file
that ``parse_state`` reads back to the same state.
"""

from __future__ import annotations

import difflib
import re
import tomllib
from pathlib import Path
from typing import Any

from rulesref.core.errors import InputError, Problem, UnknownNameError
from rulesref.core.files import read_text
from rulesref.core.tomlfile import toml_problem
from rulesref.lords.board import card, company, lots
from rulesref.lords.state import Die, Player, State, Tile
from rulesref.lords.track import is_space, nearest_spaces

TOP_KEYS = ("game", "turn", "players", "markers", "tiles", "drawn", "reorganized", "gambled", "over", "rerolls")


class _Collector:
    """Gathers problems with a line number found by searching the raw text."""

    def __init__(self, text: str, path: str | None) -> None:
        self.lines = text.splitlines()
        self.path = path
        self.problems: list[Problem] = []

    def line_of(self, key: str, section: str | None = None) -> int | None:
        start = 0
        if section is not None:
            header = re.compile(rf"^\s*\[\s*{re.escape(section)}\s*\]")
            for i, raw in enumerate(self.lines):
                if header.match(raw):
                    start = i + 1
                    break
        pattern = re.compile(rf'^\s*"?{re.escape(key)}"?\s*=')
        for i in range(start, len(self.lines)):
            if pattern.match(self.lines[i]):
                return i + 1
        for i, raw in enumerate(self.lines):
            if key in raw:
                return i + 1
        return None

    def add(
        self,
        message: str,
        *,
        key: str | None = None,
        section: str | None = None,
        text: str | None = None,
        choices: tuple[str, ...] = (),
    ) -> None:
        line = self.line_of(key, section) if key else None
        self.problems.append(Problem(message, path=self.path, line=line, text=text, choices=choices))


def _close(word: str, options: list[str]) -> tuple[str, ...]:
    return tuple(difflib.get_close_matches(word, options, n=3, cutoff=0.5))


def load_state(path: Path) -> State:
    return parse_state(read_text(path), str(path))


def parse_state(text: str, path: str | None = None) -> State:
    """Parse a TOML state; raise :class:`InputError` listing every problem."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise InputError(toml_problem(exc, path)) from None
    return state_from_data(data, text, path)


def state_from_data(data: dict[str, Any], text: str = "", path: str | None = None) -> State:
    c = _Collector(text, path)
    for key in data:
        if key not in TOP_KEYS:
            c.add("unknown key", key=key, text=key, choices=_close(key, list(TOP_KEYS)))
    game = data.get("game")
    if game is not None and str(game).strip().lower() not in ("lords-of-vegas", "lords", "lords of vegas"):
        c.add("this is not a Lords of Vegas file", key="game", text=str(game))
    players = _players(data.get("players"), c)
    names = [p.name for p in players]
    markers = _markers(data.get("markers", {}), names, c)
    tiles = _tiles(data.get("tiles", {}), names, c)
    for label in sorted(set(markers) & set(tiles), key=list(lots()).index):
        c.add("a lot cannot carry both a marker and a tile", key=label, section="tiles", text=label)
    turn = data.get("turn")
    if turn is not None and turn not in names:
        c.add("'turn' names no player", key="turn", text=str(turn), choices=_close(str(turn), names))
        turn = None
    drawn = _cards(data.get("drawn", []), "drawn", c)
    reorganized = _lot_list(data.get("reorganized", []), "reorganized", c)
    gambled, over = data.get("gambled", False), data.get("over", False)
    for key, value in (("gambled", gambled), ("over", over)):
        if not isinstance(value, bool):
            c.add(f"'{key}' must be true or false", key=key, text=str(value))
    rerolls = data.get("rerolls", [])
    if not isinstance(rerolls, list) or not all(isinstance(r, str) for r in rerolls):
        c.add("'rerolls' is a list of tie rerolls like \"C2=5 C3=1\"", key="rerolls")
        rerolls = []
    if c.problems:
        raise InputError(c.problems)
    state = State(
        players=tuple(players),
        markers=markers,
        tiles=tiles,
        turn=turn or (names[0] if names else None),
        reorganized=frozenset(reorganized),
        gambled=bool(gambled),
        drawn=tuple(drawn),
        over=bool(over),
    )
    return _apply_rerolls(state, rerolls, c)


def _apply_rerolls(state: State, rerolls: list[str], c: _Collector) -> State:
    """Ties recorded as broken: each entry gives the new numbers of one casino's tied top dice."""
    from rulesref.lords.actions import reroll
    from rulesref.lords.notation import parse_rolls

    for spec in rerolls:
        try:
            rolls = parse_rolls(spec)
        except InputError as exc:
            for p in exc.problems():
                c.add(p.message, key="rerolls", text=p.text, choices=p.choices)
            continue
        result = reroll(state, next(iter(rolls)), rolls)
        for r in result.reasons:
            c.add(f"{r.message} {r.rule}", key="rerolls", text=spec)
        if result.state is not None:
            state = result.state
    if c.problems:
        raise InputError(c.problems)
    return state


def _players(raw: Any, c: _Collector) -> list[Player]:
    if not isinstance(raw, dict) or not raw:
        c.add("a state needs a [players.NAME] table for every player", key="players")
        return []
    out = []
    for name, fields in raw.items():
        section = f"players.{name}"
        if not isinstance(fields, dict):
            c.add("a player needs a table with money and points", key=name, text=name)
            continue
        for key in fields:
            if key not in ("money", "points"):
                c.add(
                    "unknown player field", key=key, section=section, text=key, choices=_close(key, ["money", "points"])
                )
        money = _whole(fields.get("money"), f"{name}'s money", c, section)
        points = _whole(fields.get("points", 0), f"{name}'s points", c, section)
        if points is not None and not is_space(points):
            c.add(
                f"{name}'s points {points} are not a space of the score track",
                key="points",
                section=section,
                text=str(points),
                choices=nearest_spaces(points),
            )
        # a player with a bad field still exists: other sections may name them
        out.append(Player(name=str(name), money=money or 0, points=points or 0))
    return out


def _whole(value: Any, what: str, c: _Collector, section: str) -> int | None:
    key = "money" if what.endswith("money") else "points"
    if value is None:
        c.add(f"{what} is missing: write {key} = N", key=section.split(".", 1)[1], text=None)
        return None
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        c.add(f"{what} must be a whole number of at least 0", key=key, section=section, text=str(value))
        return None
    return value


def _owner(name: Any, names: list[str], c: _Collector, key: str, section: str) -> bool:
    if name in names:
        return True
    c.add("unknown player", key=key, section=section, text=str(name), choices=_close(str(name), names))
    return False


def _lot_label(raw: Any, c: _Collector, key: str, section: str | None) -> str | None:
    try:
        name = card(str(raw))
    except UnknownNameError as exc:
        p = exc.problems()[0]
        c.add(p.message, key=key, section=section, text=str(raw), choices=p.choices)
        return None
    if name == "END":
        c.add("the End of Game card names no lot", key=key, section=section, text=str(raw))
        return None
    return name


def _markers(raw: Any, names: list[str], c: _Collector) -> dict[str, str]:
    out: dict[str, str] = {}
    if not isinstance(raw, dict):
        c.add("[markers] must be a table: owner = [lots]", key="markers")
        return out
    for owner, labels in raw.items():
        known = _owner(owner, names, c, owner, "markers")
        if isinstance(labels, str):
            labels = [labels]
        if not isinstance(labels, list):
            c.add("markers are a list of lots", key=owner, section="markers", text=str(labels))
            continue
        for item in labels:
            label = _lot_label(item, c, str(item), "markers")
            if label is None:
                continue
            if label in out:
                c.add(f"lot {label} carries two markers", key=str(item), section="markers", text=label)
            elif known:
                out[label] = owner
    return out


def parse_tile(spec: Any, names: list[str]) -> tuple[Tile | None, list[tuple[str, tuple[str, ...]]]]:
    """Parse ``"purple Ana 6"`` / ``"purple"`` or ``{colour, owner, pips}``.

    Returns the tile (or None) and every error as (message, suggested choices).
    """
    if isinstance(spec, dict):
        colour, owner, pips = spec.get("colour", spec.get("color")), spec.get("owner"), spec.get("pips")
        words = [str(colour)] + ([str(owner), str(pips)] if owner is not None or pips is not None else [])
    elif isinstance(spec, str):
        words = spec.split()
    else:
        words = []
    if len(words) == 2 or not words:
        return None, [("a tile is 'colour' or 'colour owner pips', e.g. \"purple Ana 6\"", ())]
    errors: list[tuple[str, tuple[str, ...]]] = []
    comp = None
    try:
        comp = company(words[0])
    except UnknownNameError as exc:
        errors.append((f"unknown casino colour {words[0]!r}", exc.problems()[0].choices))
    if len(words) == 1:
        return (Tile(comp) if comp else None), errors
    owner, pips_text = " ".join(words[1:-1]), words[-1]
    if owner not in names:
        errors.append((f"unknown player {owner!r}", _close(owner, names)))
    if not pips_text.isdigit() or not 1 <= int(pips_text) <= 6:
        errors.append((f"a die shows 1 to 6, not {pips_text!r}", ()))
    if errors or comp is None:
        return None, errors
    return Tile(comp, Die(owner, int(pips_text))), []


def _tiles(raw: Any, names: list[str], c: _Collector) -> dict[str, Tile]:
    out: dict[str, Tile] = {}
    if not isinstance(raw, dict):
        c.add('[tiles] must be a table: lot = "colour owner pips"', key="tiles")
        return out
    for key, spec in raw.items():
        label = _lot_label(key, c, key, "tiles")
        tile, errors = parse_tile(spec, names)
        for message, choices in errors:
            c.add(message, key=key, section="tiles", text=str(spec), choices=choices)
        if label is not None and tile is not None:
            out[label] = tile
    return out


def _cards(raw: Any, key: str, c: _Collector) -> list[str]:
    out: list[str] = []
    if not isinstance(raw, list):
        c.add(f"'{key}' must be a list of cards", key=key)
        return out
    for item in raw:
        try:
            name = card(str(item))
        except UnknownNameError as exc:
            c.add("no such card", key=key, text=str(item), choices=exc.problems()[0].choices)
            continue
        if name in out:
            c.add("card listed twice", key=key, text=name)
        out.append(name)
    return out


def _lot_list(raw: Any, key: str, c: _Collector) -> list[str]:
    return [x for x in _cards(raw, key, c) if x != "END"]


def _q(name: str) -> str:
    return name if re.fullmatch(r"[A-Za-z0-9_-]+", name) else '"' + name.replace('"', '\\"') + '"'


def format_state(state: State) -> str:
    """The TOML text of a state; ``parse_state(format_state(s)) == s``."""
    out = ['game = "lords-of-vegas"']
    if state.turn:
        out.append(f"turn = {_s(state.turn)}")
    if state.drawn:
        out.append("drawn = [" + ", ".join(_s(x) for x in state.drawn) + "]")
    if state.reorganized:
        out.append("reorganized = [" + ", ".join(_s(x) for x in sorted(state.reorganized)) + "]")
    if state.gambled:
        out.append("gambled = true")
    if state.over:
        out.append("over = true")
    for p in state.players:
        out += ["", f"[players.{_q(p.name)}]", f"money = {p.money}", f"points = {p.points}"]
    out += ["", "[markers]"]
    for p in state.players:
        mine = state.markers_of(p.name)
        if mine:
            out.append(f"{_q(p.name)} = [" + ", ".join(_s(x) for x in mine) + "]")
    out += ["", "[tiles]"]
    for label in lots():
        if label in state.tiles:
            out.append(f"{label} = {_s(state.tiles[label].format())}")
    return "\n".join(out) + "\n"


def _s(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'
