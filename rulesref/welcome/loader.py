"""Read a table file (TOML) into a :class:`~rulesref.welcome.model.Table`.

The file shape is documented in ``docs/welcome-to-new-las-vegas.md``.  Every problem of
the file (syntax, unknown keys, wrong types, unknown players or effects) is reported at
once in one :class:`~rulesref.core.errors.InputError`; nothing is half-read.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from rulesref.core.errors import InputError
from rulesref.core.files import read_text
from rulesref.core.games import WELCOME, normalise_game
from rulesref.core.i18n import _
from rulesref.core.names import closest
from rulesref.core.tomlfile import Span, parse_toml
from rulesref.welcome.acme_file import read_acme
from rulesref.welcome.hotels import complete_avenues, twice
from rulesref.welcome.limo import Lamp, LampGrid, missing_lines, parse_trip
from rulesref.welcome.model import (
    AVENUES,
    DEFAULT_BONUS_SET_SIZE,
    STREETS_PER_CITY,
    UNFILLED,
    BankVote,
    Blank,
    Bonuses,
    Claim,
    Colour,
    Counted,
    DeclaredDebts,
    Golf,
    Hotels,
    Inauguration,
    Limo,
    PrintedSheet,
    Project,
    RedCarpets,
    Sheet,
    ShowColumn,
    Table,
)
from rulesref.welcome.projects import Fulfilled, settle_claims
from rulesref.welcome.reader import REQUIRED, Reader
from rulesref.welcome.shows import DEBTS_PER_COLUMN, debts_left
from rulesref.welcome.streets import Street, parse_street

GAME_ID = WELCOME
TOP_KEYS = (
    "game",
    "title",
    "first-game",
    "bonus-set-size",
    "inauguration-track",
    "show-debts",
    "limo-lamps",
    "project",
    "player",
    "acme",
)
PLAYER_KEYS = (
    "name",
    "bank",
    "streets",
    "street-bonus",
    "projects",
    "hotels",
    "golf",
    "shows",
    "limo",
    "inauguration",
    "bonuses",
    "debts",
    "safe",
)


def load_table(path: Path) -> Table:
    """Read the table file at ``path`` (a regular UTF-8 file of bounded size)."""
    return parse_table(read_text(path), path=str(path))


def parse_table(text: str, *, path: str | None = None) -> Table:
    """Parse the text of a table file; raises InputError listing every problem."""
    data = parse_toml(text, path)
    r = Reader(path, text)
    top = Span("", 0, None)
    r.check_keys(data, TOP_KEYS, top)
    game = data.get("game")
    if not (isinstance(game, str) and normalise_game(game) == GAME_ID):
        r.problem(top, "game", _('should be "{game}"').format(game=GAME_ID), text=game)

    first_game = r.boolean(data, "first-game", top)
    set_size = r.integer(data, "bonus-set-size", top, DEFAULT_BONUS_SET_SIZE, minimum=1)
    track = r.integer(data, "inauguration-track", top, None, minimum=3)
    title = r.string(data, "title", top, None)

    projects = _projects(r, data.get("project", []))
    printed = PrintedSheet(
        show_debts=_show_debts(r, data.get("show-debts"), top), limo_lamps=_limo_lamps(r, data.get("limo-lamps"), top)
    )
    players = _players(r, data.get("player", []), first_game, printed)
    acme = read_acme(r, data["acme"], _claims) if "acme" in data else None
    if acme is not None and len(players) != 1:
        r.problem(
            top, "acme", _("a solo game against ACME has exactly one player, this file has {n}").format(n=len(players))
        )
    for p in players:
        if acme is not None and p.name.lower() == acme.name.lower():
            start = (p.line or 1) - 1
            r.problem(
                Span(_("player '{name}'").format(name=p.name), start, r.next_header(start)),
                "name",
                _("cannot be {acme} in a solo game: {acme} is the opponent").format(acme=acme.name),
            )

    names = list(dict.fromkeys(p.name for p in players))
    for project in projects:
        for who in project.first or ():
            if who not in names and not (acme is not None and who.lower() == "acme"):
                r.problem(
                    Span(
                        _("project {colour}").format(colour=_(project.colour.value)),
                        (project.line or 1) - 1,
                        r.next_header((project.line or 1) - 1),
                    ),
                    "first",
                    _("names an unknown player"),
                    text=who,
                    choices=closest(who, names + (["ACME"] if acme else [])),
                )
    settled, undecided = settle_claims(r.fulfilled, projects, acme.name if acme else None)
    for owner, _colour, reason in undecided:
        sheet = next((p for p in players if p.name == owner), None)
        where = _("player '{name}'").format(name=owner) if sheet else owner
        r.found.add(f"{where}: {reason}", line=sheet.lines.get("projects", sheet.line) if sheet else None)
    players = [replace(p, projects=settled.get(p.name, ())) for p in players]
    if acme is not None:
        acme = replace(acme, projects=settled.get(acme.name, ()))
    claimed = {c.colour for p in players for c in p.projects} | ({c.colour for c in acme.projects} if acme else set())
    for colour in sorted(claimed - {p.colour for p in projects}, key=lambda c: c.value):
        r.problem(
            top,
            None,
            _(
                'a player scored the {colour} project but there is no [[project]] with colour = "{value}" '
                "giving its high and low values"
            ).format(colour=_(colour.value), value=colour.value),
        )
    if len(players) == 1 and acme is None:
        r.problem(
            Span(_("player '{name}'").format(name=players[0].name), (players[0].line or 1) - 1),
            None,
            _(
                "one player alone plays the solo game against ACME: add an [acme] table with ACME's pile and "
                "the numbers of its Architect card (see 'Solo against ACME' in docs/welcome-to-new-las-vegas.md)"
            ),
        )
    r.found.raise_if_any()
    return Table(
        players=tuple(players),
        projects=tuple(projects),
        first_game=first_game,
        bonus_set_size=set_size,
        inauguration_track=track,
        acme=acme,
        title=title,
        path=path,
        blanks=tuple(r.blanks),
        printed=printed,
    )


# -- projects ------------------------------------------------------------------------


def _projects(r: Reader, raw: Any) -> list[Project]:
    if not isinstance(raw, list):
        r.problem(Span(""), "project", _("should be [[project]] tables"))
        return []
    out: list[Project] = []
    seen: set[Colour] = set()
    for _index, scope, item in r.entries(raw, "[[project]]", "project"):
        r.check_keys(item, ("colour", "color", "name", "high", "low", "first"), scope)
        colour_text = item.get("colour", item.get("color"))
        colour = r.choice(colour_text, "colour", scope, [c.value for c in Colour])
        r.reading(f"{colour} project" if colour else scope.label, scope, zone="projects")
        name = r.string(item, "name", scope, None)
        high = r.integer(item, "high", scope, minimum=0)
        low = r.integer(item, "low", scope, minimum=0)
        if high < low:
            r.problem(scope, "low", _("({low}) is above the high value ({high})").format(low=low, high=high))
        first = item.get("first")
        if first is not None and not (isinstance(first, list) and all(isinstance(x, str) for x in first)):
            r.problem(scope, "first", _('should be a list of player names, e.g. ["Ana"]'), text=first)
            first = None
        if colour is None:
            continue
        if Colour(colour) in seen:
            r.problem(
                scope,
                "colour",
                _("there is already a {colour} project; a game has one of each colour").format(colour=_(colour)),
            )
        seen.add(Colour(colour))
        out.append(
            Project(Colour(colour), high, low, name, tuple(first) if first is not None else None, line=scope.start + 1)
        )
    return out


# -- players -------------------------------------------------------------------------


def _players(r: Reader, raw: Any, first_game: bool, printed: PrintedSheet) -> list[Sheet]:
    top = Span("")
    if not isinstance(raw, list) or not raw:
        r.problem(top, "player", _("a table file needs at least one [[player]] with a name and four streets"))
        return []
    out: list[Sheet] = []
    names: set[str] = set()
    for index, span, item in r.entries(raw, "[[player]]", "player"):
        name = item.get("name")
        scope = (
            replace(span, label=_("player '{name}'").format(name=name))
            if isinstance(name, str) and name.strip()
            else span
        )
        r.reading(name.strip() if isinstance(name, str) and name.strip() else span.label, scope)
        sheet = _sheet(r, item, scope, index, first_game, printed)
        if sheet.name in names:
            r.problem(scope, "name", _("is used by two players"), text=sheet.name)
        names.add(sheet.name)
        out.append(sheet)
    return out


def _sheet(r: Reader, item: dict[str, Any], scope: Span, index: int, first_game: bool, printed: PrintedSheet) -> Sheet:
    r.check_keys(item, PLAYER_KEYS, scope)
    name = r.string(item, "name", scope).strip() or f"player {index + 1}"
    bank_text = item.get("bank")
    bank = None
    if bank_text is None and not first_game:
        r.problem(
            scope,
            None,
            _(
                '\'bank\' is missing: write bank = "loan" or bank = "refuse" (the choice hidden under the folded corner)'
            ),
        )
    if bank_text is not None:
        chosen = r.choice(bank_text, "bank", scope, [b.value for b in BankVote])
        bank = BankVote(chosen) if chosen else None
    streets = _streets(r, item, scope)
    _claims(r, item.get("projects", {}), scope)
    street_bonus = _street_bonus(r, item.get("street-bonus"), scope)
    return Sheet(
        name=name,
        streets=streets,
        street_bonus=street_bonus,
        hotels=_hotels(r, r.table(item, "hotels", scope), scope, streets),
        golf=_golf(r, r.table(item, "golf", scope), scope),
        shows=_shows(r, item.get("shows"), scope, printed.show_debts),
        limo=_limo(r, r.table(item, "limo", scope), scope, printed.limo_lamps),
        inauguration=_inauguration(r, r.table(item, "inauguration", scope), scope),
        bonuses=_bonuses(r, r.table(item, "bonuses", scope), scope),
        bank=bank,
        safe_start=r.integer(item, "safe", scope, None, minimum=0),
        debts=_debts(r, r.table(item, "debts", scope), scope),
        line=scope.start + 1,
        lines={key: line for key in item if key in PLAYER_KEYS and (line := r.line_of(key, scope)) is not None}
        | street_lines(r, item.get("streets"), scope),
    )


def _street_bonus(r: Reader, bonus: Any, scope: Span) -> tuple[int, ...]:
    """The four street bonuses; a "?" is a value still to enter, a negative one is refused."""
    if isinstance(bonus, list) and UNFILLED in bonus:
        r.blank(UNFILLED, scope, "street-bonus")
        return (0,) * STREETS_PER_CITY
    if not (
        isinstance(bonus, list)
        and len(bonus) == STREETS_PER_CITY
        and all(isinstance(b, int) and not isinstance(b, bool) for b in bonus)
    ):
        r.problem(
            scope,
            "street-bonus",
            _("should list the 4 street bonuses you see, top street first, e.g. [6, 7, 8, 9]"),
            text=bonus,
        )
        return (0,) * STREETS_PER_CITY
    for b in bonus:
        if b < 0:
            r.problem(scope, "street-bonus", _("cannot be below 0"), text=b)
    return tuple(bonus)


def _streets(r: Reader, item: dict[str, Any], scope: Span) -> tuple[Street, ...]:
    raw = item.get("streets")
    if not (isinstance(raw, list) and all(isinstance(s, str) for s in raw)):
        r.problem(
            scope,
            "streets",
            _('should list the 4 streets as text, top street first, e.g. ["1 3 c 8", ". 4 6", "2 x 9", "5 7 =7"]'),
            text=raw,
        )
        return ()
    if len(raw) != STREETS_PER_CITY:
        r.problem(
            scope, "streets", _("a city has {n} streets, this lists {count}").format(n=STREETS_PER_CITY, count=len(raw))
        )
    out: list[Street] = []
    lines = street_lines(r, raw, scope)
    for number, text in enumerate(raw, start=1):
        if text == UNFILLED:
            r.blanks.append(Blank(r.owner, "streets", f"street {number}", lines.get(f"street {number}")))
            out.append(())
            continue
        try:
            out.append(parse_street(text, where=_("street {n}").format(n=number)))
        except InputError as exc:
            for p in exc.problems():
                where = f"{scope.label}: 'streets' " if scope.label else ""
                r.found.add(f"{where}{p.message}", line=lines.get(f"street {number}"), text=p.text)
    return tuple(out)


def street_lines(r: Reader, raw: Any, scope: Span, reach: int = 8) -> dict[str, int]:
    """The line of each street's text (``"street 1"`` ...), streets written one per line or not.

    Each street is looked for after the one before it, so two streets written alike (``"?"``)
    get their own lines; one not found is placed on the line of the one before.
    """
    near = r.line_of("streets", scope)
    out: dict[str, int] = {}
    if near is None or not isinstance(raw, list):
        return out
    lines = r.text.lines
    row, column = near - 1, lines[near - 1].find("=") + 1
    for number, text in enumerate(raw, start=1):
        if not isinstance(text, str):
            continue
        needle = f'"{text}"'
        for i in range(row, min(len(lines), row + reach)):
            at = lines[i].find(needle, column if i == row else 0)
            if at >= 0:
                row, column = i, at + len(needle)
                break
        out[f"street {number}"] = row + 1
    return out


def _counted(r: Reader, data: dict[str, Any], key: str, scope: Span, count_key: str) -> Counted:
    part = data.get(key, {})
    if isinstance(part, int) and not isinstance(part, bool):
        part = {count_key: part}
    if not isinstance(part, dict):
        r.problem(scope, key, _("should be {{ {key} = ..., value = ... }}").format(key=count_key), text=part)
        return Counted()
    inner = r.sub(scope, key, f"{scope.label} {key}")
    r.check_keys(part, (count_key, "value"), inner)
    count = r.integer(part, count_key, inner, 0, minimum=0)
    value = r.integer(part, "value", inner, None if count == 0 else REQUIRED, minimum=0)
    return Counted(count, value or 0)


def _hotels(r: Reader, data: dict[str, Any], scope: Span, streets: tuple[Street, ...]) -> Hotels:
    """Large and Small Hotels: counts (``built``) or ``avenues``; with streets aligned to the
    avenues, the count the player leaves out is the rest of the complete avenues."""
    inner = r.sub(scope, "hotels", f"{scope.label} hotels")
    r.check_keys(data, ("large", "small"), inner)
    large, small = (_hotel(r, data, key, inner) for key in ("large", "small"))
    for avenue in twice((large.avenues or ()) + (small.avenues or ())):
        r.problem(
            inner,
            None,
            _("avenue {avenue} is listed twice: an avenue has one hotel, Large or Small").format(avenue=avenue),
        )
    complete = complete_avenues(streets)
    hint = ""
    if complete is not None and (large.count is None or small.count is None):
        hint = _(" (the streets complete {n} avenues: {avenues})").format(
            n=len(complete), avenues=", ".join(map(str, complete)) or _("none")
        )
        if large.count is None and small.count is None and complete:
            r.problem(
                inner,
                None,
                _(
                    "the streets complete avenues {avenues}, so their hotels are built: say "
                    "which are Large, e.g. large = {{ avenues = [3], value = 12 }} (or built = 1); the rest are Small"
                ).format(avenues=", ".join(map(str, complete))),
            )
        elif large.count is None:
            large = large.rest(complete, small)
        elif small.count is None:
            small = small.rest(complete, large)
    return Hotels(*(h.counted(r, inner, key, hint) for h, key in ((large, "large"), (small, "small"))))


@dataclass(frozen=True)
class _Hotel:
    """One size of hotel as written: how many (None: not said), where, and its value."""

    count: int | None = None
    avenues: tuple[int, ...] | None = None
    value: int | None = None
    blank: bool = False  # the value is the blank file's "?": listed as not entered, not as missing

    def rest(self, complete: tuple[int, ...], other: _Hotel) -> _Hotel:
        """The complete avenues the other size does not hold."""
        if other.avenues is not None:
            avenues = tuple(a for a in complete if a not in other.avenues)
            return _Hotel(len(avenues), avenues, self.value, self.blank)
        return _Hotel(max(0, len(complete) - (other.count or 0)), None, self.value, self.blank)

    def counted(self, r: Reader, scope: Span, key: str, hint: str) -> Counted:
        count = self.count or 0
        if count and self.value is None and not self.blank:
            r.problem(
                Span(f"{scope.label} {key}", scope.start, scope.end),
                "value",
                _("is missing{hint}").format(hint=hint),
                missing=True,
            )
        return Counted(count, self.value or 0, self.avenues)


def _hotel(r: Reader, data: dict[str, Any], key: str, scope: Span) -> _Hotel:
    part = data.get(key)
    if part is None:
        return _Hotel()
    if isinstance(part, int) and not isinstance(part, bool):
        part = {"built": part}
    if not isinstance(part, dict):
        r.problem(
            scope, key, _("should be { built = ..., value = ... } or { avenues = [...], value = ... }"), text=part
        )
        return _Hotel()
    inner = r.sub(scope, key, f"{scope.label} {key}")
    r.check_keys(part, ("built", "avenues", "value"), inner)
    built = r.integer(part, "built", inner, None, minimum=0, maximum=AVENUES)
    avenues = r.avenues(part.get("avenues"), inner, "avenues") if "avenues" in part else None
    if avenues is not None and built is not None and built != len(avenues):
        r.problem(
            inner, "built", _("({built}) does not match the {n} avenues listed").format(built=built, n=len(avenues))
        )
    value = r.integer(part, "value", inner, None, minimum=0)
    blank = part.get("value") == UNFILLED
    return _Hotel(len(avenues) if avenues is not None else built, avenues, value, blank)


def _golf(r: Reader, data: dict[str, Any], scope: Span) -> Golf:
    inner = r.sub(scope, "golf", f"{scope.label} golf")
    r.check_keys(data, ("par3", "par4", "par5"), inner)
    return Golf(*(_counted(r, data, k, inner, "holes") for k in ("par3", "par4", "par5")))


def _show_debts(r: Reader, raw: Any, scope: Span) -> tuple[tuple[int, ...], ...] | None:
    """The printed ``show-debts``: for each column, the two boxes its debts sit beside."""
    if raw is None or r.blank(raw, scope, "show-debts"):
        return None
    if not (
        isinstance(raw, list)
        and len(raw) == 2
        and all(
            isinstance(col, list)
            and len(col) == DEBTS_PER_COLUMN
            and all(isinstance(p, int) and not isinstance(p, bool) and p >= 1 for p in col)
            for col in raw
        )
    ):
        r.problem(
            scope,
            "show-debts",
            _(
                "should give, for each of the 2 show columns, the boxes (counted from the top, from 1) that its "
                "2 debts are printed beside, e.g. [[2, 4], [3, 5]]"
            ),
            text=raw,
        )
        return None
    return tuple(tuple(col) for col in raw)


def _shows(r: Reader, raw: Any, scope: Span, beside: tuple[tuple[int, ...], ...] | None) -> tuple[ShowColumn, ...]:
    """The 2 show columns; with the printed debt positions, debts not written are worked out."""
    if raw is None:
        return (ShowColumn(), ShowColumn())
    if not (isinstance(raw, list) and len(raw) == 2):
        r.problem(
            scope,
            "shows",
            _("should list the 2 show columns, e.g. [{ value = 9, boxes = 3, debts = 0 }, { value = 0 }]"),
            text=raw,
        )
        return (ShowColumn(), ShowColumn())
    out: list[ShowColumn] = []
    columns = r.item_lines("shows", scope)
    for number, col in enumerate(raw, start=1):
        inner = r.sub(scope, "shows", f"{scope.label} shows, column {number}")
        if len(columns) == len(raw):  # each column's own line (the same line when written on one)
            inner = Span(inner.label, columns[number - 1] - 1, inner.end)
        if isinstance(col, int) and not isinstance(col, bool):
            col = {"value": col}
        if not isinstance(col, dict):
            r.problem(
                scope,
                "shows",
                _("column {n} should be {{ value = ..., boxes = ..., debts = ... }}").format(n=number),
                text=col,
            )
            out.append(ShowColumn())
            continue
        r.check_keys(col, ("value", "boxes", "debts"), inner)
        boxes = r.integer(col, "boxes", inner, None, minimum=0)
        debts = r.integer(col, "debts", inner, None, minimum=0)
        expected = debts_left(boxes, beside[number - 1]) if beside is not None and boxes is not None else None
        out.append(
            ShowColumn(
                value=r.integer(col, "value", inner, 0, minimum=0),
                boxes=boxes,
                debts=debts if debts is not None else (expected or 0),
                expected_debts=expected,
            )
        )
    return tuple(out)


def _carpets(r: Reader, data: dict[str, Any], key: str, scope: Span, with_value: bool) -> RedCarpets:
    part = data.get(key, {})
    if not isinstance(part, dict):
        r.problem(scope, key, _("should be { opened = ..., unopened = ..., value = ... }"), text=part)
        return RedCarpets()
    inner = r.sub(scope, key, f"{scope.label} {key}")
    r.check_keys(part, ("opened", "unopened", "value") if with_value else ("opened", "unopened"), inner)
    opened = r.integer(part, "opened", inner, 0, minimum=0)
    value = r.integer(part, "value", inner, 0 if not (with_value and opened) else REQUIRED, minimum=0)
    return RedCarpets(opened, r.integer(part, "unopened", inner, 0, minimum=0), value)


def _limo_lamps(r: Reader, raw: Any, scope: Span) -> tuple[int, int] | None:
    """The printed limo map as a grid of street lamps: ``[rows, columns]``."""
    if raw is None or r.blank(raw, scope, "limo-lamps"):
        return None
    if not (
        isinstance(raw, list)
        and len(raw) == 2
        and all(isinstance(n, int) and not isinstance(n, bool) and 1 <= n <= 26 for n in raw)
    ):
        r.problem(
            scope, "limo-lamps", _("should be the lamps of the limo map as [rows, columns], e.g. [5, 12]"), text=raw
        )
        return None
    return (raw[0], raw[1])


def _limo(r: Reader, data: dict[str, Any], scope: Span, lamps: tuple[int, int] | None) -> Limo:
    inner = r.sub(scope, "limo", f"{scope.label} limo")
    r.check_keys(data, ("vip", "luxury", "mafia", "missing-lines", "penalty", "trip"), inner)
    trip, fewest = _trip(r, data, inner, lamps)
    missing = r.integer(data, "missing-lines", inner, None, minimum=0)
    if missing is None:
        missing = fewest or 0
    penalty = r.integer(data, "penalty", inner, 0 if missing == 0 else REQUIRED, maximum=0)
    return Limo(
        vip=_carpets(r, data, "vip", inner, True),
        luxury=_carpets(r, data, "luxury", inner, True),
        mafia=_carpets(r, data, "mafia", inner, False),
        missing_lines=missing,
        penalty=penalty,
        trip=trip,
        fewest_missing=fewest,
    )


def _trip(
    r: Reader, data: dict[str, Any], scope: Span, lamps: tuple[int, int] | None
) -> tuple[tuple[Lamp, ...] | None, int | None]:
    """The drawn trip and the fewest lines still missing to close it."""
    raw = data.get("trip")
    if raw is None or r.blank(raw, scope, "trip"):
        return None, None
    if not isinstance(raw, str):
        r.problem(scope, "trip", _('should list the lamps of the trip from its start, e.g. "A1 A2 B2"'), text=raw)
        return None, None
    if lamps is None:
        r.problem(scope, "trip", _("needs the map: write limo-lamps = [rows, columns] at the top of the file"))
        return None, None
    grid = LampGrid(*lamps)
    try:
        trip = parse_trip(raw, grid)
    except InputError as exc:
        for p in exc.problems():
            r.problem(scope, "trip", p.message, text=p.text)
        return None, None
    fewest = missing_lines(trip, grid)
    if fewest is None:
        r.problem(scope, "trip", _("has no way back to its start without drawing a line twice: write 'missing-lines'"))
    return trip, fewest


def _claims(r: Reader, raw: Any, scope: Span) -> None:
    """Projects fulfilled by the owner being read: "high"/"low", a turn, "done" or { claim, turn }.

    They are noted in ``r.fulfilled``; high or low is settled once every sheet is read.
    """
    r.fulfilled[r.owner] = _fulfilled(r, raw, scope)


def _fulfilled(r: Reader, raw: Any, scope: Span) -> tuple[Fulfilled, ...]:
    if r.blank(raw, scope, "projects"):
        return ()
    if not isinstance(raw, dict):
        r.problem(scope, "projects", _('should be a table like { pink = "high", yellow = 7 }'), text=raw)
        return ()
    out: list[Fulfilled] = []
    colours = [c.value for c in Colour]
    for key, value in raw.items():
        if key not in colours:
            r.problem(scope, key, _("is not a project colour"), choices=closest(key, colours))
            continue
        turn = None
        if isinstance(value, int) and not isinstance(value, bool):
            value = {"turn": value}
        if isinstance(value, dict):
            inner = r.sub(scope, key, f"{scope.label} {key} project")
            r.check_keys(value, ("claim", "turn"), inner)
            turn = r.integer(value, "turn", inner, None, minimum=1)
            value = value.get("claim", "done")
        if value in (None, "none", False) or r.blank(value, scope, key):
            continue
        chosen = r.choice(value, key, scope, [c.value for c in Claim] + ["done"])
        if chosen:
            out.append(Fulfilled(Colour(key), None if chosen == "done" else Claim(chosen), turn))
    return tuple(out)


def _inauguration(r: Reader, data: dict[str, Any], scope: Span) -> Inauguration:
    inner = r.sub(scope, "inauguration", f"{scope.label} inauguration")
    r.check_keys(data, ("checked", "circled", "improved", "last-box"), inner)
    return Inauguration(
        checked=r.integer(data, "checked", inner, 3, minimum=0),
        circled=r.integer(data, "circled", inner, None, minimum=0),
        improved=r.boolean(data, "improved", inner),
        last_box=r.boolean(data, "last-box", inner),
    )


def _bonuses(r: Reader, data: dict[str, Any], scope: Span) -> Bonuses:
    inner = r.sub(scope, "bonuses", f"{scope.label} bonuses")
    keys = ("free-action", "easy-opening", "extended-casino", "free-or-easy")
    r.check_keys(data, keys, inner)
    return Bonuses(*(r.integer(data, k, inner, 0, minimum=0) for k in keys))


def _debts(r: Reader, data: dict[str, Any], scope: Span) -> DeclaredDebts:
    inner = r.sub(scope, "debts", f"{scope.label} debts")
    r.check_keys(data, ("construction", "extended-casino", "show"), inner)
    return DeclaredDebts(
        *(r.integer(data, k, inner, None, minimum=0) for k in ("construction", "extended-casino", "show"))
    )
