"""Read a Las Vegas game file (TOML) into a :class:`Game`, reporting every input problem.

Input problems (syntax, unknown keys or players, negative dice, unreadable money) raise
:class:`InputError` all at once.  Rule problems (wrong dice totals, too little money, ...)
are *not* raised here: the file loads and :mod:`rulesref.las_vegas.checker` reports them.
The shape is documented in ``docs/las-vegas.md``.
"""

from __future__ import annotations

import difflib
import tomllib
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from rulesref.core.errors import InputError, Problem, UnknownNameError
from rulesref.core.files import read_text
from rulesref.core.games import LAS_VEGAS, normalise_game
from rulesref.core.tomlfile import toml_problem
from rulesref.las_vegas.editions import Edition, rules_for
from rulesref.las_vegas.locate import TextMap
from rulesref.las_vegas.model import CASINOS, HOUSE, HOUSE_ALIASES, Casino, Game, Round, Stake, TileReward
from rulesref.las_vegas.notation import (
    parse_money_item,
    parse_stakes_collect,
    resolve_name,
    stakes_from_pairs,
)

TOP_KEYS = ("game", "edition", "title", "players", "white_dice", "big_die", "round")
ROUND_KEYS = ("casino", "chips_spent", "chips_kept", "tile", "start", "note")
CASINO_KEYS = ("money", "dice", "bonus_dice")
TILE_KEYS = ("player", "money", "chips", "what", "casino")


class _Reader:
    """Collects problems while walking the TOML data."""

    def __init__(self, text: str, path: str | None) -> None:
        self.map = TextMap.of(text)
        self.path = path
        self.problems: list[Problem] = []
        self.lines: dict[str, int] = {}

    def problem(self, message: str, line: int | None, text: str | None = None, choices: Sequence[str] = ()) -> None:
        self.problems.append(Problem(message, path=self.path, line=line, text=text, choices=tuple(choices)))

    def relocate(self, found: Sequence[Problem], line: int | None) -> None:
        for p in found:
            near = self.map.find(p.text, line) if p.text else line
            self.problems.append(Problem(p.message, path=self.path, line=near, text=p.text, choices=p.choices))

    def unknown_keys(self, table: Mapping[str, Any], allowed: Sequence[str], where: str, line_of: Any) -> None:
        for key in table:
            if key not in allowed:
                self.problem(
                    f"unknown key in {where}",
                    line_of(key),
                    key,
                    difflib.get_close_matches(key, allowed, n=3, cutoff=0.5) or allowed,
                )


def load_game(path: Path) -> Game:
    return parse_game(read_text(path), str(path))


def parse_game(text: str, path: str | None = None) -> Game:
    """Parse the text of a game file; raise :class:`InputError` with every problem."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise InputError(toml_problem(exc, path)) from None
    r = _Reader(text, path)
    r.unknown_keys(data, TOP_KEYS, "the game file", r.map.key_line)

    game = data.get("game")
    if game is not None and (not isinstance(game, str) or normalise_game(game) != LAS_VEGAS):
        r.problem("this is not a Las Vegas game file", r.map.key_line("game"), str(game), ("las-vegas",))

    edition = Edition.BASE  # "game = las-vegas-royale" also names the edition
    raw_edition = data.get(
        "edition",
        "royale" if str(game).endswith("royale") else "boulevard" if str(game).endswith("boulevard") else "base",
    )
    try:
        edition = Edition.parse(str(raw_edition))
    except UnknownNameError as exc:
        for p in exc.problems():
            r.problem(p.message, r.map.key_line("edition"), p.text, p.choices)

    for key in ("game", "edition", "white_dice", "big_die"):
        r.lines[key] = r.map.key_line(key) or 1
    players = _players(r, data.get("players"))
    white = data.get("white_dice")
    if white is not None and not isinstance(white, bool):
        r.problem("white_dice must be true or false", r.map.key_line("white_dice"), str(white))
        white = None
    big = data.get("big_die")
    if big is not None and not isinstance(big, bool):
        r.problem("big_die must be true or false", r.map.key_line("big_die"), str(big))
        big = None
    title = data.get("title", "")
    if not isinstance(title, str):
        r.problem("title must be text", r.map.key_line("title"), str(title))
        title = ""

    raw_rounds = data.get("round", [])
    rounds: list[Round] = []
    if not isinstance(raw_rounds, list) or not all(isinstance(x, dict) for x in raw_rounds):
        r.problem("rounds are written as [[round]] tables", r.map.key_line("round"))
    elif not raw_rounds:
        r.problem("the file has no [[round]]", None)
    else:
        for index, raw in enumerate(raw_rounds):
            rounds.append(_round(r, index, raw, players))

    if r.problems:
        raise InputError(r.problems)
    uses_house = any(s.participant == HOUSE for rd in rounds for c in rd.casinos for s in c.stakes)
    return Game(
        edition=edition,
        players=tuple(players),
        rounds=tuple(rounds),
        white_dice=uses_house if white is None else white,
        big_die=rules_for(edition).big_die if big is None else big,
        title=title,
        source=path,
        lines=r.lines,
    )


def _players(r: _Reader, raw: object) -> list[str]:
    line = r.map.key_line("players")
    if raw is None:
        r.problem('the file needs a players list, e.g. players = ["Anna", "Ben"]', 1)
        return []
    if not isinstance(raw, list) or not all(isinstance(p, str) for p in raw):
        r.problem("players must be a list of names", line, str(raw))
        return []
    players: list[str] = []
    for name in raw:
        clean = name.strip()
        if not clean:
            r.problem("empty player name", line, name)
        elif clean.lower() in HOUSE_ALIASES:
            r.problem(f"'{clean}' is reserved for the white house dice; pick another player name", line, name)
        elif clean.lower() in (p.lower() for p in players):
            r.problem("player listed twice", line, name)
        else:
            players.append(clean)
    r.lines["players"] = line or 1
    return players


def _round(r: _Reader, index: int, raw: Mapping[str, Any], players: Sequence[str]) -> Round:
    number = index + 1
    rline = r.map.round_line(index)
    r.lines[f"round {number}"] = rline or 1
    r.unknown_keys(raw, ROUND_KEYS, f"round {number}", lambda k: r.map.key_line(k, index) or rline)

    casinos: list[Casino] = []
    raw_casinos = raw.get("casino", {})
    entries: list[tuple[str, object, int | None]] = []  # (casino key, body, line)
    if isinstance(raw_casinos, dict):
        entries = [(key, body, r.map.casino_line(index, key) or rline) for key, body in raw_casinos.items()]
    elif isinstance(raw_casinos, list):  # [[round.casino]] tables with number = N
        for i, body in enumerate(raw_casinos):
            line = r.map.table_line(index, "casino", i) or rline
            if not isinstance(body, dict) or "number" not in body:
                r.problem(f"round {number}: each [[round.casino]] needs number = 1 to 6", line)
                continue
            rest = {k: v for k, v in body.items() if k != "number"}
            entries.append((str(body["number"]), rest, line))
    else:
        r.problem(f'round {number}: casinos are written casino.1 = {{ money = [...], dice = "..." }}', rline)
    seen: set[int] = set()
    for key, body, cline in entries:
        if not key.strip().isdigit() or int(key) not in CASINOS:
            r.problem(f"round {number}: there is no casino {key!r}; casinos are 1 to 6", cline, key)
            continue
        c = int(key)
        if c in seen:
            r.problem(f"round {number}: casino {c} is written twice", cline)
            _casino(r, number, c, body, players, cline)  # still report what is wrong inside
            continue
        seen.add(c)
        r.lines[f"round {number} casino {c}"] = cline or 1
        casino = _casino(r, number, c, body, players, cline)
        if casino is not None:
            casinos.append(casino)

    spent = _chip_table(r, raw.get("chips_spent"), "chips_spent", index, players)
    kept = _chip_table(r, raw.get("chips_kept"), "chips_kept", index, players) if "chips_kept" in raw else None
    tiles = _tiles(r, index, raw.get("tile", []), players)
    start = raw.get("start")
    start_name: str | None = None
    if start is not None:
        sline = r.map.key_line("start", index)
        r.lines[f"round {number} start"] = sline or 1
        name, problem = (
            resolve_name(str(start), players)
            if isinstance(start, str)
            else (None, Problem("start must be a player's name", text=str(start)))
        )
        if problem is not None or name == HOUSE:
            r.relocate([problem or Problem("the house cannot start a round", text=str(start))], sline)
        start_name = name
    return Round(
        number=number,
        casinos=tuple(sorted(casinos, key=lambda c: c.number)),
        chips_spent=spent,
        chips_kept=kept,
        tiles=tiles,
        start=start_name,
    )


def _money_list(r: _Reader, where: str, raw: object, line: int | None) -> list[int]:
    """A money value or list of values; each unreadable item is reported at ``line``."""
    money: list[int] = []
    for item in raw if isinstance(raw, list) else [raw]:
        value, problem = parse_money_item(item)
        if problem is not None:
            r.relocate([Problem(f"{where}: {problem.message}", text=problem.text)], line)
        elif value is not None:
            money.append(value)
    return money


def _casino(r: _Reader, rnd: int, number: int, body: object, players: Sequence[str], line: int | None) -> Casino | None:
    where = f"round {rnd} casino {number}"
    if not isinstance(body, dict):
        r.problem(f'{where}: expected {{ money = [...], dice = "..." }}', line, str(body))
        return None
    r.unknown_keys(body, CASINO_KEYS, where, lambda k: r.map.find(k, line))
    raw_money = body.get("money")
    if raw_money is None:
        r.problem(f"{where}: no money given", line)
    money = _money_list(r, where, raw_money if raw_money is not None else [], line)
    stakes = _dice(r, where, body.get("dice", {}), players, line)
    bonus = _dice(r, where, body.get("bonus_dice", {}), players, line)
    if bonus:
        merged: dict[str, Stake] = {s.participant: s for s in stakes}
        for b in bonus:
            base = merged.get(b.participant, Stake(b.participant))
            merged[b.participant] = Stake(b.participant, base.small, base.big, base.bonus + b.small + 2 * b.big)
        stakes = tuple(merged.values())
    return Casino(number=number, money=tuple(money), stakes=stakes)


def _dice(r: _Reader, where: str, raw: object, players: Sequence[str], line: int | None) -> tuple[Stake, ...]:
    if isinstance(raw, str):
        stakes, found = parse_stakes_collect(raw, players)
    elif isinstance(raw, dict):
        stakes, found = stakes_from_pairs(raw.items(), players)
    else:
        r.problem(f'{where}: dice are written "Anna=3 Ben=1+big" or {{ Anna = 3 }}', line, str(raw))
        return ()
    r.relocate([Problem(f"{where}: {p.message}", text=p.text, choices=p.choices) for p in found], line)
    return stakes


def _chip_table(
    r: _Reader,
    raw: object,
    key: str,
    index: int,
    players: Sequence[str],
) -> tuple[tuple[str, int], ...]:
    if raw is None:
        return ()
    line = r.map.key_line(key, index)
    r.lines[f"round {index + 1} {key}"] = line or 1
    if not isinstance(raw, dict):
        r.problem(f"round {index + 1}: {key} is a table like {{ Anna = 1 }}", line, str(raw))
        return ()
    out: list[tuple[str, int]] = []
    for name, value in raw.items():
        player, problem = resolve_name(name, players)
        if problem is not None or player == HOUSE:
            r.relocate([problem or Problem("the house has no chips", text=name)], line)
            continue
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            r.problem(
                f"round {index + 1}: {key} for {player} must be a whole number of chips, 0 or more", line, str(value)
            )
            continue
        assert player is not None
        out.append((player, value))
    return tuple(out)


def _tiles(r: _Reader, index: int, raw: object, players: Sequence[str]) -> tuple[TileReward, ...]:
    if not isinstance(raw, list):
        r.problem(f"round {index + 1}: tile results are written as [[round.tile]] tables", r.map.round_line(index))
        return ()
    out: list[TileReward] = []
    for t, body in enumerate(raw):
        line = r.map.tile_line(index, t) or r.map.round_line(index)
        where = f"round {index + 1} tile result {t + 1}"
        r.lines[f"round {index + 1} tile {t + 1}"] = line or 1
        if not isinstance(body, dict):
            r.problem(f"{where}: expected a table with player, money and chips", line)
            continue
        r.unknown_keys(body, TILE_KEYS, where, lambda k, line=line: r.map.find(k, line))
        if not isinstance(body.get("player"), str) or not body["player"].strip():
            r.problem(f'{where}: needs the player who received it, e.g. player = "Anna"', line)
            continue
        name, problem = resolve_name(body["player"], players)
        if problem is not None or name == HOUSE:
            r.relocate([problem or Problem(f"{where}: the house takes no tile rewards", text=body["player"])], line)
            continue
        money = _money_list(r, where, body.get("money", []), line)
        chips = body.get("chips", 0)
        if isinstance(chips, bool) or not isinstance(chips, int) or chips < 0:
            r.problem(f"{where}: chips must be a whole number, 0 or more", line, str(chips))
            chips = 0
        assert name is not None
        out.append(TileReward(player=name, money=tuple(money), chips=chips, what=str(body.get("what", ""))))
    return tuple(out)
