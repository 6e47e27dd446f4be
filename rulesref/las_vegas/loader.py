"""Read a Las Vegas game file (TOML) into a :class:`Game`, reporting every input problem.

Input problems (syntax, unknown keys or players, negative dice, unreadable money) raise
:class:`InputError` all at once.  Rule problems (wrong dice totals, too little money, ...)
are *not* raised here: the file loads and :mod:`rulesref.las_vegas.checker` reports them.
The shape is documented in ``docs/las-vegas.md``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rulesref.core.errors import Problem, UnknownNameError
from rulesref.core.files import read_text
from rulesref.core.games import LAS_VEGAS, normalise_game
from rulesref.core.i18n import _
from rulesref.core.names import closest
from rulesref.core.tomlfile import Problems, Span, TomlText, parse_toml
from rulesref.las_vegas.editions import Edition, rules_for
from rulesref.las_vegas.locate import block, body, casino_line, header_line, round_blocks, table_lines
from rulesref.las_vegas.model import CASINOS, HOUSE, HOUSE_ALIASES, Casino, Game, Round, Stake, TileReward
from rulesref.las_vegas.notation import (
    parse_money_item,
    parse_stakes_collect,
    resolve_name,
    stakes_from_pairs,
)
from rulesref.las_vegas.tiles import CONFIRMED, TILE_NAMES, tile_named

#: The most player names read; more are refused at once (an edition seats at most 8, the
#: checker reports 6 to 8 at the wrong table as rule problems).
MAX_NAMES = 20

TOP_KEYS = ("game", "edition", "title", "players", "white_dice", "big_die", "round")
ROUND_KEYS = ("casino", "chips_spent", "chips_kept", "tile", "start", "note")
CASINO_KEYS = ("money", "dice", "bonus_dice")
TILE_KEYS = ("player", "money", "chips", "what", "tile", "casino")


@dataclass
class _File:
    """What the reader knows while walking the data: problems, raw lines, located parts."""

    found: Problems
    blocks: list[Span]
    lines: dict[str, int] = field(default_factory=dict)

    @property
    def text(self) -> TomlText:
        return self.found.text

    def top_line(self, key: str) -> int | None:
        return self.text.line_of(key, self.text.top())

    def round_line(self, index: int) -> int | None:
        return header_line(block(self.blocks, index))

    def key_line(self, key: str, index: int) -> int | None:
        span = block(self.blocks, index)
        return self.text.line_of(key, span) if span.end else None


def load_game(path: Path) -> Game:
    return parse_game(read_text(path), str(path))


def parse_game(text: str, path: str | None = None) -> Game:
    """Parse the text of a game file; raise :class:`InputError` with every problem."""
    data = parse_toml(text, path)
    found = Problems(text, path)
    f = _File(found, round_blocks(found.text))
    top = f.text.top()
    found.unknown_keys(data, TOP_KEYS, _("the game file"), top)

    game = data.get("game")
    if game is not None and (not isinstance(game, str) or normalise_game(game) != LAS_VEGAS):
        found.add(_("this is not a Las Vegas game file"), key="game", span=top, text=game, choices=("las-vegas",))

    edition = Edition.BASE  # "game = las-vegas-royale" also names the edition
    raw_edition = data.get(
        "edition",
        "royale" if str(game).endswith("royale") else "boulevard" if str(game).endswith("boulevard") else "base",
    )
    try:
        edition = Edition.parse(str(raw_edition))
    except UnknownNameError as exc:
        found.extend(exc.problems(), f.top_line("edition"))

    for key in ("game", "edition", "white_dice", "big_die"):
        f.lines[key] = f.top_line(key) or 1
    players = _players(f, data.get("players"))
    white = _flag(f, data, "white_dice")
    big = _flag(f, data, "big_die")
    title = data.get("title", "")
    if not isinstance(title, str):
        found.add(_("title must be text"), key="title", span=top, text=title)
        title = ""

    raw_rounds = data.get("round", [])
    rounds: list[Round] = []
    if not isinstance(raw_rounds, list) or not all(isinstance(x, dict) for x in raw_rounds):
        found.add(_("rounds are written as [[round]] tables"), key="round", span=top)
    elif not raw_rounds:
        found.add(_("the file has no [[round]]"))
    else:
        for index, raw in enumerate(raw_rounds):
            rounds.append(_round(f, index, raw, players))

    found.raise_if_any()
    uses_house = any(s.participant == HOUSE for rd in rounds for c in rd.casinos for s in c.stakes)
    return Game(
        edition=edition,
        players=tuple(players),
        rounds=tuple(rounds),
        white_dice=uses_house if white is None else white,
        big_die=rules_for(edition).big_die if big is None else big,
        title=title,
        source=path,
        lines=f.lines,
    )


def _flag(f: _File, data: Mapping[str, Any], key: str) -> bool | None:
    """An optional true/false setting at the top of the file."""
    value = data.get(key)
    if value is not None and not isinstance(value, bool):
        f.found.add(_("{key} must be true or false").format(key=key), key=key, span=f.text.top(), text=value)
        return None
    return value


def _players(f: _File, raw: object) -> list[str]:
    line = f.top_line("players")
    if raw is None:
        f.found.add(_('the file needs a players list, e.g. players = ["Anna", "Ben"]'), line=1)
        return []
    if not isinstance(raw, list) or not all(isinstance(p, str) for p in raw):
        f.found.add(_("players must be a list of names"), line=line, text=raw)
        return []
    if len(raw) > MAX_NAMES:  # no edition seats more than 8; thousands of names only cost time
        f.found.add(_("{n} players: no edition of Las Vegas seats more than 8").format(n=len(raw)), line=line)
        f.found.raise_if_any()
    players: list[str] = []
    for name in raw:
        clean = name.strip()
        if not clean:
            f.found.add(_("empty player name"), line=line, text=name)
        elif clean.lower() in HOUSE_ALIASES:
            f.found.add(
                _("'{name}' is reserved for the white house dice; pick another player name").format(name=clean),
                line=line,
                text=name,
            )
        elif clean.lower() in (p.lower() for p in players):
            f.found.add(_("player listed twice"), line=line, text=name)
        else:
            players.append(clean)
    f.lines["players"] = line or 1
    return players


def _round(f: _File, index: int, raw: Mapping[str, Any], players: Sequence[str]) -> Round:
    number = index + 1
    span = block(f.blocks, index)
    rline = f.round_line(index)
    f.lines[f"round {number}"] = rline or 1
    f.found.unknown_keys(raw, ROUND_KEYS, _("round {n}").format(n=number), span)

    casinos: list[Casino] = []
    raw_casinos = raw.get("casino", {})
    entries: list[tuple[str, object, int | None]] = []  # (casino key, body, line)
    if isinstance(raw_casinos, dict):
        entries = [(key, value, casino_line(f.text, span, key) or rline) for key, value in raw_casinos.items()]
    elif isinstance(raw_casinos, list):  # [[round.casino]] tables with number = N
        heads = table_lines(f.text, span, "casino")
        for i, value in enumerate(raw_casinos):
            line = heads[i] if i < len(heads) else rline
            if not isinstance(value, dict) or "number" not in value:
                f.found.add(_("round {n}: each [[round.casino]] needs number = 1 to 6").format(n=number), line=line)
                continue
            rest = {k: v for k, v in value.items() if k != "number"}
            entries.append((str(value["number"]), rest, line))
    else:
        said = _('round {n}: casinos are written casino.1 = {{ money = [...], dice = "..." }}').format(n=number)
        f.found.add(said, line=rline)
    seen: set[int] = set()
    for key, value, cline in entries:
        if not key.strip().isdigit() or int(key) not in CASINOS:
            f.found.add(
                _("round {n}: there is no casino {key}; casinos are 1 to 6").format(n=number, key=repr(key)), line=cline
            )
            continue
        c = int(key)
        if c in seen:
            f.found.add(_("round {n}: casino {casino} is written twice").format(n=number, casino=c), line=cline)
            _casino(f, number, c, value, players, cline)  # still report what is wrong inside
            continue
        seen.add(c)
        f.lines[f"round {number} casino {c}"] = cline or 1
        casino = _casino(f, number, c, value, players, cline)
        if casino is not None:
            casinos.append(casino)

    spent = _chip_table(f, raw.get("chips_spent"), "chips_spent", index, players)
    kept = _chip_table(f, raw.get("chips_kept"), "chips_kept", index, players) if "chips_kept" in raw else None
    tiles = _tiles(f, index, raw.get("tile", []), players)
    start = raw.get("start")
    start_name: str | None = None
    if start is not None:
        sline = f.key_line("start", index)
        f.lines[f"round {number} start"] = sline or 1
        name, problem = (
            resolve_name(start, players)
            if isinstance(start, str)
            else (None, Problem(_("start must be a player's name"), text=str(start)))
        )
        if problem is not None or name == HOUSE:
            f.found.extend([problem or Problem(_("the house cannot start a round"), text=str(start))], sline)
        start_name = name
    return Round(
        number=number,
        casinos=tuple(sorted(casinos, key=lambda c: c.number)),
        chips_spent=spent,
        chips_kept=kept,
        tiles=tiles,
        start=start_name,
    )


def _money_list(f: _File, where: str, raw: object, line: int | None) -> list[int]:
    """A money value or list of values; each unreadable item is reported at ``line``."""
    money: list[int] = []
    for item in raw if isinstance(raw, list) else [raw]:
        value, problem = parse_money_item(item)
        if problem is not None:
            f.found.extend([Problem(f"{where}: {problem.message}", text=problem.text)], line)
        elif value is not None:
            money.append(value)
    return money


def _key_line(f: _File, span: Span, key: str, default: int | None = None) -> int | None:
    """The line where ``key`` of a casino or tile is written (its table's header when not found)."""
    return f.text.line_of(key, span) if span.end else default


def _casino(f: _File, rnd: int, number: int, raw: object, players: Sequence[str], line: int | None) -> Casino | None:
    where = _("round {n} casino {casino}").format(n=rnd, casino=number)
    if not isinstance(raw, dict):
        f.found.add(_('{where}: expected {{ money = [...], dice = "..." }}').format(where=where), line=line, text=raw)
        return None
    span = body(f.text, line)
    f.found.unknown_keys(raw, CASINO_KEYS, where, span)
    raw_money = raw.get("money")
    if raw_money is None:
        f.found.add(_("{where}: no money given").format(where=where), line=line)
    money = _money_list(f, where, raw_money if raw_money is not None else [], _key_line(f, span, "money", line))
    stakes = _dice(f, where, raw.get("dice", {}), players, _key_line(f, span, "dice", line))
    bonus = _dice(f, where, raw.get("bonus_dice", {}), players, _key_line(f, span, "bonus_dice", line))
    if bonus:
        merged: dict[str, Stake] = {s.participant: s for s in stakes}
        for b in bonus:
            base = merged.get(b.participant, Stake(b.participant))
            merged[b.participant] = Stake(b.participant, base.small, base.big, base.bonus + b.small + 2 * b.big)
        stakes = tuple(merged.values())
    return Casino(number=number, money=tuple(money), stakes=stakes)


def _dice(f: _File, where: str, raw: object, players: Sequence[str], line: int | None) -> tuple[Stake, ...]:
    if isinstance(raw, str):
        stakes, problems = parse_stakes_collect(raw, players)
    elif isinstance(raw, dict):
        stakes, problems = stakes_from_pairs(raw.items(), players)
    else:
        f.found.add(
            _('{where}: dice are written "Anna=3 Ben=1+big" or {{ Anna = 3 }}').format(where=where), line=line, text=raw
        )
        return ()
    f.found.extend([Problem(f"{where}: {p.message}", text=p.text, choices=p.choices) for p in problems], line)
    return stakes


def _chip_table(
    f: _File,
    raw: object,
    key: str,
    index: int,
    players: Sequence[str],
) -> tuple[tuple[str, int], ...]:
    if raw is None:
        return ()
    line = f.key_line(key, index)
    f.lines[f"round {index + 1} {key}"] = line or 1
    if not isinstance(raw, dict):
        f.found.add(
            _("round {n}: {key} is a table like {{ Anna = 1 }}").format(n=index + 1, key=key), line=line, text=raw
        )
        return ()
    out: list[tuple[str, int]] = []
    for name, value in raw.items():
        player, problem = resolve_name(name, players)
        if problem is not None or player is None or player == HOUSE:
            f.found.extend([problem or Problem(_("the house has no chips"), text=name)], line)
            continue
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            f.found.add(
                _("round {n}: {key} for {player} must be a whole number of chips, 0 or more").format(
                    n=index + 1, key=key, player=player
                ),
                line=line,
                text=value,
            )
            continue
        out.append((player, value))
    return tuple(out)


def _tiles(f: _File, index: int, raw: object, players: Sequence[str]) -> tuple[TileReward, ...]:
    rline = f.round_line(index)
    if not isinstance(raw, list):
        f.found.add(_("round {n}: tile results are written as [[round.tile]] tables").format(n=index + 1), line=rline)
        return ()
    heads = table_lines(f.text, block(f.blocks, index), "tile")
    out: list[TileReward] = []
    for t, value in enumerate(raw):
        line = heads[t] if t < len(heads) else rline
        where = _("round {n} tile result {t}").format(n=index + 1, t=t + 1)
        f.lines[f"round {index + 1} tile {t + 1}"] = line or 1
        if not isinstance(value, dict):
            f.found.add(_("{where}: expected a table with player, money and chips").format(where=where), line=line)
            continue
        f.found.unknown_keys(value, TILE_KEYS, where, body(f.text, line))
        tile = _tile(f, where, value, players, line)
        if tile is not None:
            out.append(tile)
    return tuple(out)


def _tile(f: _File, where: str, raw: Mapping[str, Any], players: Sequence[str], line: int | None) -> TileReward | None:
    who = raw.get("player")
    if not isinstance(who, str) or not who.strip():
        f.found.add(_('{where}: needs the player who received it, e.g. player = "Anna"').format(where=where), line=line)
        return None
    span = body(f.text, line)
    name, problem = resolve_name(who, players)
    if problem is not None or name is None or name == HOUSE:
        f.found.extend(
            [problem or Problem(_("{where}: the house takes no tile rewards").format(where=where), text=who)],
            _key_line(f, span, "player"),
        )
        return None
    money = _money_list(f, where, raw.get("money", []), _key_line(f, span, "money"))
    chips = raw.get("chips", 0)
    if isinstance(chips, bool) or not isinstance(chips, int) or chips < 0:
        said = _("{where}: chips must be a whole number, 0 or more").format(where=where)
        f.found.add(said, key="chips", span=span, text=chips)
        chips = 0
    what = str(raw.get("what", ""))
    tile = tile_named(what) or ""
    if "tile" in raw:
        tile = tile_named(str(raw["tile"]), exact=True) or ""
        if not tile:
            f.found.add(
                _("{where}: unknown casino tile").format(where=where),
                key="tile",
                span=span,
                text=raw["tile"],
                choices=closest(str(raw["tile"]), TILE_NAMES) or CONFIRMED,
            )
    casino = raw.get("casino")
    if casino is not None and (isinstance(casino, bool) or not isinstance(casino, int) or casino not in CASINOS):
        f.found.add(
            _("{where}: there is no casino {casino}; tiles lie beside casinos 1 to 3").format(
                where=where, casino=casino
            ),
            key="casino",
            span=span,
            text=casino,
        )
        casino = None
    return TileReward(player=name, money=tuple(money), chips=chips, what=what, tile=tile, casino=casino)
