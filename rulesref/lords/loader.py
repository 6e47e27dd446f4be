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

import re
from pathlib import Path
from typing import Any

from rulesref.core.amounts import MILLIONS, read_amount
from rulesref.core.errors import InputError, UnknownNameError
from rulesref.core.files import atomic_write, read_text
from rulesref.core.i18n import _, mark
from rulesref.core.names import closest
from rulesref.core.tomlfile import Problems, Span, parse_toml
from rulesref.lords.board import card, company, lots
from rulesref.lords.state import HOWS, Die, Player, State, Tile
from rulesref.lords.track import is_space, nearest_spaces

#: The most [players.NAME] tables read; more are refused at once (the checker reports a
#: table of 5 to 12 as a rule problem).
MAX_NAMES = 12

TOP_KEYS = ("game", "turn", "players", "markers", "tiles", "drawn", "reorganized", "gambled", "over", "rerolls")
PLAYER_KEYS = ("money", "points")


def load_state(path: Path) -> State:
    return parse_state(read_text(path), str(path))


def save_state(path: Path, state: State) -> None:
    """Write ``state`` to ``path`` whole or not at all (read back by :func:`load_state`)."""
    atomic_write(path, format_state(state))


def parse_state(text: str, path: str | None = None) -> State:
    """Parse a TOML state; raise :class:`InputError` listing every problem."""
    return state_from_data(parse_toml(text, path), text, path)


def _item_line(c: Problems, needle: str, span: Span | None) -> int | None:
    """The line inside ``span`` where a list item (a lot in ``Ana = ["A1", "B2"]``) is written."""
    start = span.start if span else 0
    end = len(c.text.lines) if span is None or span.end is None else span.end
    for i in range(start, end):
        if needle in c.text.lines[i].split("#", 1)[0]:
            return i + 1
    return None


def state_from_data(data: dict[str, Any], text: str = "", path: str | None = None) -> State:
    c = Problems(text, path)
    top = c.text.top()
    c.unknown_keys(data, TOP_KEYS, _("a state file"), top)
    game = data.get("game")
    if game is not None and str(game).strip().lower() not in ("lords-of-vegas", "lords", "lords of vegas"):
        c.add(_("this is not a Lords of Vegas file"), key="game", span=top, text=game)
    players = _players(data.get("players"), c)
    names = [p.name for p in players]
    before_board = len(c.found)
    markers = _markers(*_section(data, "markers", "owner = [lots]", c), names, c)
    tiles = _tiles(*_section(data, "tiles", 'lot = "colour owner pips"', c), names, c)
    for label in sorted(set(markers) & set(tiles), key=list(lots()).index):
        c.add(_("a lot cannot carry both a marker and a tile"), key=label, span=c.text.table("[tiles]"), text=label)
    board_read = bool(names) and len(c.found) == before_board  # the ties rerolls break can be found
    turn = data.get("turn")
    if turn is not None and turn not in names:
        c.add(_("'turn' names no player"), key="turn", span=top, text=turn, choices=closest(str(turn), names))
        turn = None
    drawn = _cards(data.get("drawn", []), "drawn", c)
    reorganized = _lot_list(data.get("reorganized", []), "reorganized", c)
    gambled, over = data.get("gambled", False), data.get("over", False)
    for key, value in (("gambled", gambled), ("over", over)):
        if not isinstance(value, bool):
            c.add(_("'{key}' must be true or false").format(key=key), key=key, span=top, text=value)
    rerolls = data.get("rerolls", [])
    if not isinstance(rerolls, list) or not all(isinstance(r, str) for r in rerolls):
        c.add(_("'rerolls' is a list of tie rerolls like \"C2=5 C3=1\""), key="rerolls", span=top)
        rerolls = []
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
    return _apply_rerolls(state, rerolls, c, board_read=board_read)


def _apply_rerolls(state: State, rerolls: list[str], c: Problems, *, board_read: bool = True) -> State:
    """Ties recorded as broken: each entry gives the new numbers of one casino's tied top dice.

    Problems found so far are reported together with the rerolls' own; when the players,
    markers or tiles could not all be read, the rerolls are only read, not matched to ties
    (a tile left out would make a sound reroll look wrong).
    """
    from rulesref.lords.actions import reroll
    from rulesref.lords.notation import parse_rolls

    for spec in rerolls:
        try:
            rolls = parse_rolls(spec)
        except InputError as exc:
            for p in exc.problems():
                c.add(p.message, key="rerolls", span=c.text.top(), text=p.text, choices=p.choices)
            continue
        if not board_read:
            continue
        result = reroll(state, next(iter(rolls)), rolls)
        for r in result.reasons:
            c.add(f"{r.message} {r.rule}", key="rerolls", span=c.text.top(), text=spec)
        if result.state is not None:
            state = result.state
    c.raise_if_any()
    return state


def _players(raw: Any, c: Problems) -> list[Player]:
    if not isinstance(raw, dict) or not raw:
        c.add(_("a state needs a [players.NAME] table for every player"), key="players")
        return []
    if len(raw) > MAX_NAMES:  # the game seats 2 to 4; thousands of tables only cost time
        c.add(_("{n} players: Lords of Vegas seats 2 to 4").format(n=len(raw)), key="players")
        c.raise_if_any()
    out = []
    for name, fields in raw.items():
        span = c.text.table(f"[players.{name}]") or c.text.table(f'[players."{name}"]')
        if not isinstance(fields, dict):
            c.add(_("a player needs a table with money and points"), key=name, text=name)
            continue
        for key in fields:
            if key not in PLAYER_KEYS:
                c.add(_("unknown player field"), key=key, span=span, text=key, choices=closest(key, PLAYER_KEYS))
        money = _money(fields.get("money"), name, c, span)
        points = _whole(fields.get("points", 0), name, "points", c, span)
        if points is not None and not is_space(points):
            c.add(
                _("{player}'s points {points} are not a space of the score track").format(player=name, points=points),
                key="points",
                span=span,
                text=points,
                choices=nearest_spaces(points),
            )
        # a player with a bad field still exists: other sections may name them
        out.append(Player(name=str(name), money=money or 0, points=points or 0))
    return out


def _whole(value: Any, name: str, key: str, c: Problems, span: Span | None) -> int | None:
    if value is None:
        line = span.start + 1 if span is not None else c.text.line_of(name)
        c.add(_("{player}'s {key} is missing: write {key} = N").format(player=name, key=key), line=line)
        return None
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        c.add(
            _("{player}'s {key} must be a whole number of at least 0").format(player=name, key=key),
            key=key,
            span=span,
            text=value,
        )
        return None
    return value


def _money(value: Any, name: str, c: Problems, span: Span | None) -> int | None:
    """A player's money in $ millions: ``23``, or text such as ``"$23"``, ``"$23M"``, ``"$23,000,000"``."""
    if not isinstance(value, str):
        return _whole(value, name, "money", c, span)
    amount, problem = read_amount(value, MILLIONS)
    if problem is not None:
        c.add(
            _("{player}'s {problem} ({forms})").format(player=name, problem=problem.message, forms=MILLIONS.forms),
            key="money",
            span=span,
            text=value,
        )
    return amount


def _lot_label(raw: Any, c: Problems, line: int | None) -> str | None:
    try:
        name = card(str(raw))
    except UnknownNameError as exc:
        p = exc.problems()[0]
        c.add(p.message, line=line, text=raw, choices=p.choices)
        return None
    if name == "END":
        c.add(_("the End of Game card names no lot"), line=line, text=raw)
        return None
    return name


def _section(data: dict[str, Any], name: str, form: str, c: Problems) -> tuple[dict[str, Any], Span | None]:
    """The table ``[name]`` (empty when missing) and where it is written."""
    raw = data.get(name, {})
    if not isinstance(raw, dict):
        c.add(_("[{name}] must be a table: {form}").format(name=name, form=form), key=name)
        raw = {}
    return raw, c.text.table(f"[{name}]")


def _markers(raw: dict[str, Any], span: Span | None, names: list[str], c: Problems) -> dict[str, str]:
    out: dict[str, str] = {}
    for owner, labels in raw.items():
        known = owner in names
        if not known:
            c.add(_("unknown player"), key=owner, span=span, text=owner, choices=closest(str(owner), names))
        if isinstance(labels, str):
            labels = [labels]
        if not isinstance(labels, list):
            c.add(_("markers are a list of lots"), key=owner, span=span, text=labels)
            continue
        for item in labels:
            line = _item_line(c, f'"{item}"', span) or c.text.line_of(owner, span)
            label = _lot_label(item, c, line)
            if label is None:
                continue
            if label in out:
                c.add(_("lot {lot} carries two markers").format(lot=label), line=line, text=label)
            elif known:
                out[label] = owner
    return out


TILE_KEYS = ("colour", "color", "owner", "pips", "how")
TILE_FORM = mark("a tile is 'colour [owner pips] [built|sprawled]', e.g. \"purple Ana 6 built\"")


def parse_tile(spec: Any, names: list[str]) -> tuple[Tile | None, list[tuple[str, tuple[str, ...]]]]:
    """Parse ``"purple Ana 6 built"`` / ``"purple"`` or ``{colour, owner, pips, how}``.

    The last word ``built`` or ``sprawled`` (or ``how``) records how the tile came; it may be
    left out.  Returns the tile (or None) and every error as (message, suggested choices).
    """
    how: str | None = None
    errors: list[tuple[str, tuple[str, ...]]] = []
    if isinstance(spec, dict):
        colour, owner, pips = spec.get("colour", spec.get("color")), spec.get("owner"), spec.get("pips")
        words = [str(colour)] + ([str(owner), str(pips)] if owner is not None or pips is not None else [])
        errors += [
            (_("unknown tile field {key}").format(key=repr(k)), closest(str(k), TILE_KEYS))
            for k in spec
            if k not in TILE_KEYS
        ]
        if spec.get("how") is not None:
            how = str(spec["how"]).strip().lower()
            if how not in HOWS:
                errors.append((_("'how' is built or sprawled, not {how}").format(how=repr(spec["how"])), HOWS))
    elif isinstance(spec, str):
        words = spec.split()
        if len(words) > 1 and words[-1].lower() in HOWS:
            how = words.pop().lower()
    else:
        words = []
    if len(words) == 2 or not words:
        return None, [(_(TILE_FORM), ())]
    comp = None
    try:
        comp = company(words[0])
    except UnknownNameError as exc:
        errors.append((_("unknown casino colour {colour}").format(colour=repr(words[0])), exc.problems()[0].choices))
    if len(words) == 1:
        return (Tile(comp, None, how) if comp and not errors else None), errors
    owner, pips_text = " ".join(words[1:-1]), words[-1]
    if owner not in names:
        errors.append((_("unknown player {name}").format(name=repr(owner)), closest(owner, names)))
    if not pips_text.isdigit() or not 1 <= int(pips_text) <= 6:
        errors.append((_("a die shows 1 to 6, not {pips}").format(pips=repr(pips_text)), ()))
    if errors or comp is None:
        return None, errors
    return Tile(comp, Die(owner, int(pips_text)), how), []


def _tiles(raw: dict[str, Any], span: Span | None, names: list[str], c: Problems) -> dict[str, Tile]:
    out: dict[str, Tile] = {}
    seen: dict[str, tuple[str, int | None]] = {}  # lot -> the key and line that first named it
    for key, spec in raw.items():
        line = c.text.line_of(key, span)
        label = _lot_label(key, c, line)
        if label is not None and label in seen:
            first, first_line = seen[label]
            c.add(
                _(
                    "lot {lot} is given two tiles: line {first_line} ({first} = ...) and line {line} ({key} = ...); "
                    "lot names ignore case"
                ).format(lot=label, first_line=first_line, first=first, line=line, key=key),
                line=line,
                text=key,
            )
            continue
        if label is not None:
            seen[label] = (key, line)
        tile, errors = parse_tile(spec, names)
        for message, choices in errors:
            c.add(message, line=line, text=spec, choices=choices)
        if label is not None and tile is not None:
            out[label] = tile
    return out


def _cards(raw: Any, key: str, c: Problems) -> list[str]:
    out: list[str] = []
    top = c.text.top()
    if not isinstance(raw, list):
        c.add(_("'{key}' must be a list of cards").format(key=key), key=key, span=top)
        return out
    for item in raw:
        try:
            name = card(str(item))
        except UnknownNameError as exc:
            c.add(_("no such card"), key=key, span=top, text=item, choices=exc.problems()[0].choices)
            continue
        if name in out:
            c.add(_("card listed twice"), key=key, span=top, text=name)
        out.append(name)
    return out


def _lot_list(raw: Any, key: str, c: Problems) -> list[str]:
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
