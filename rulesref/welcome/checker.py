"""Every rule problem on every sheet of a table, each with the section that decides it.

The checker never stops at the first problem: it walks every sheet and reports all of
them, so a table can fix its sheets in one pass.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping
from dataclasses import replace

from rulesref.core.findings import CheckReport, Citation, Finding
from rulesref.core.games import WELCOME
from rulesref.core.i18n import _, mark, n_
from rulesref.welcome.citations import rule
from rulesref.welcome.hotels import complete_avenues, unbuilt
from rulesref.welcome.limo import trip_problems
from rulesref.welcome.model import AVENUES, UNFILLED, Blank, Claim, Colour, ProjectClaim, Sheet, Table
from rulesref.welcome.shows import DEBTS_PER_COLUMN
from rulesref.welcome.streets import (
    Street,
    easy_opening_numbers,
    extended_copies,
    open_construction_debts,
    placement_problems,
)


def check_table(table: Table) -> CheckReport:
    """Every rule problem of every sheet (and of the projects across sheets), as findings."""
    findings = blank_findings(table)
    for sheet in table.players:
        findings += check_sheet(sheet, table)
    findings += check_projects(table)
    names = [p.name for p in table.players] + ([table.acme.name] if table.acme else [])
    return CheckReport(
        game=WELCOME,
        path=table.path,
        findings=tuple(findings),
        summary={"players": names, "sheets": len(table.players), "solo": table.solo},
    )


def blank_findings(table: Table) -> list[Finding]:
    """One finding per line of each sheet's zone that still holds values not entered ("?"), in file order."""
    groups: dict[tuple[str, str, int | None], list[Blank]] = {}
    for blank in sorted(table.blanks, key=lambda b: b.line or 0):
        groups.setdefault((blank.owner, blank.zone, blank.line), []).append(blank)
    out = []
    for (owner, zone, _line), blanks in groups.items():
        names = ", ".join(b.name for b in blanks if b.name)
        message = (
            _('{n} values are not entered yet (still "{unfilled}"): {names}').format(
                n=len(blanks), unfilled=UNFILLED, names=names
            )
            if len(blanks) > 1
            else _("'{name}' is not entered yet (still \"{unfilled}\")").format(name=names or zone, unfilled=UNFILLED)
        )
        out.append(
            Finding(
                message,
                code="not-entered",
                path=table.path,
                line=blanks[0].line,
                where=_owner(table, owner) | {"zone": zone},
            )
        )
    return out


def whose(where: Mapping[str, object]) -> str:
    """Who a finding is about, for people: the player (ACME included), or "pink project"."""
    if "player" in where:
        return str(where["player"])
    return _("{colour} project").format(colour=_(str(where.get("project"))))


def _owner(table: Table, owner: str) -> dict[str, str | int]:
    """Whose values these are: a player (ACME included) or a project of the table."""
    colour = owner.removesuffix(" project")
    if colour != owner and colour in {p.colour.value for p in table.projects}:
        return {"project": colour}
    return {"player": owner}


def _finding(table: Table, player: str, zone: str, message: str, cite: Citation, line: int | None) -> Finding:
    return Finding(message, rule=cite, code=zone, path=table.path, line=line, where={"player": player, "zone": zone})


def check_sheet(sheet: Sheet, table: Table) -> list[Finding]:
    out: list[Finding] = []

    def add(zone: str, message: str, section: str) -> None:
        out.append(_finding(table, sheet.name, zone, message, rule(section), sheet.lines.get(zone, sheet.line)))

    for number, street in enumerate(sheet.streets, start=1):
        for p in placement_problems(street, number):
            where = {"player": sheet.name, "zone": "streets", **p.where}
            line = sheet.lines.get(f"street {number}", sheet.lines.get("streets", sheet.line))
            out.append(replace(p, path=table.path, line=line, where=where))

    # Bonuses against the streets and the inauguration track
    b, ina = sheet.bonuses, sheet.inauguration
    special = [n for s in sheet.streets for n in easy_opening_numbers(s)]
    # Free Action and Easy Opening leave the same marks: only their sum can be checked.
    if len(special) > b.crossed_debt:
        add(
            "bonuses",
            n_(
                "{n} number only Easy Opening can give ({numbers}) but only {bonuses} with its debt crossed off "
                "(Free Action or Easy Opening, which look the same) can have made them",
                "{n} numbers only Easy Opening can give ({numbers}) but only {bonuses} with its debt crossed off "
                "(Free Action or Easy Opening, which look the same) can have made them",
                len(special),
            ).format(n=len(special), numbers=", ".join(map(str, special)), bonuses=_bonuses(b.crossed_debt)),
            "easy-opening",
        )
    copies = sum(extended_copies(s) for s in sheet.streets)
    if copies != b.extended_casino:
        add(
            "bonuses",
            n_(
                "the streets hold {n} Extended Casino copy (=N) but Extended Casino was used {times}",
                "the streets hold {n} Extended Casino copies (=N) but Extended Casino was used {times}",
                copies,
            ).format(n=copies, times=_times(b.extended_casino)),
            "extended-casino",
        )
    if ina.checked < 3:
        add(
            "inauguration",
            _("{n} boxes checked, but every track starts with 3 crossed off").format(n=ina.checked),
            "setup",
        )
    track = table.inauguration_track
    if track is not None and ina.checked > track:
        add(
            "inauguration",
            _("{n} boxes checked on a track of {track}").format(n=ina.checked, track=track),
            "inauguration",
        )
    if ina.circled is None:
        needed = b.total * table.bonus_set_size
        if needed > ina.checked:
            add(
                "bonuses",
                n_(
                    "{n} bonus need {needed} checked boxes ({size} a set) but only {checked} are checked",
                    "{n} bonuses need {needed} checked boxes ({size} a set) but only {checked} are checked",
                    b.total,
                ).format(n=b.total, needed=needed, size=table.bonus_set_size, checked=ina.checked),
                "bonuses",
            )
    else:
        if ina.circled > ina.checked:
            add(
                "bonuses",
                _("{n} boxes circled for bonuses but only {checked} are checked").format(
                    n=ina.circled, checked=ina.checked
                ),
                "bonuses",
            )
        if ina.circled < b.total:
            add(
                "bonuses",
                n_(
                    "{n} bonus used but only {boxes} circled to pay for them",
                    "{n} bonuses used but only {boxes} circled to pay for them",
                    b.total,
                ).format(n=b.total, boxes=_boxes(ina.circled)),
                "bonuses",
            )

    # Debts the player declared against what the sheet shows
    d = sheet.debts
    built_empty = sum(open_construction_debts(s) for s in sheet.streets)
    if d.construction is not None and d.construction != built_empty:
        add(
            "debts",
            n_(
                "{n} construction debt declared, but the streets show {built} still empty (x) after a Construction",
                "{n} construction debts declared, but the streets show {built} still empty (x) after a Construction",
                d.construction,
            ).format(
                n=d.construction,
                built=n_("{n} built casino", "{n} built casinos", built_empty).format(n=built_empty),
            ),
            "construction",
        )
    if d.extended_casino is not None and d.extended_casino != b.extended_casino:
        add(
            "debts",
            n_(
                "{n} Extended Casino debt declared, but Extended Casino was used {times}",
                "{n} Extended Casino debts declared, but Extended Casino was used {times}",
                d.extended_casino,
            ).format(n=d.extended_casino, times=_times(b.extended_casino)),
            "extended-casino",
        )
    column_debts = sum(c.debts for c in sheet.shows)
    if d.show is not None and d.show != column_debts:
        said = n_(
            "{n} show debt declared, but the show columns hold {held}",
            "{n} show debts declared, but the show columns hold {held}",
            d.show,
        )
        add("debts", said.format(n=d.show, held=column_debts), "show")
    for number, col in enumerate(sheet.shows, start=1):
        if col.expected_debts is not None and col.debts != col.expected_debts:
            add(
                "shows",
                n_(
                    "show column {column} has {n} debt written, but with {boxes} crossed off the printed debts "
                    "leave {expected}",
                    "show column {column} has {n} debts written, but with {boxes} crossed off the printed debts "
                    "leave {expected}",
                    col.debts,
                ).format(column=number, n=col.debts, boxes=_boxes(col.boxes or 0), expected=col.expected_debts),
                "show",
            )
        if col.debts > DEBTS_PER_COLUMN:
            add(
                "shows",
                _("show column {column} has {n} debts; a column has only 2").format(column=number, n=col.debts),
                "show",
            )
        elif col.boxes == 0 and col.debts:
            add(
                "shows",
                _(
                    "show column {column} has debts circled but no box crossed; its debts are circled "
                    "only when its first box is crossed"
                ).format(column=number),
                "show",
            )

    # The limousine's trip, when it is drawn lamp by lamp
    limo = sheet.limo
    for message in trip_problems(limo.trip or ()):
        add("limo", message, "limousine")
    if limo.fewest_missing is not None and limo.missing_lines != limo.fewest_missing:
        add(
            "limo",
            n_(
                "{n} missing line written, but the trip needs at least {fewest} more to get back to its start",
                "{n} missing lines written, but the trip needs at least {fewest} more to get back to its start",
                limo.missing_lines,
            ).format(n=limo.missing_lines, fewest=limo.fewest_missing),
            "limo-scoring",
        )

    # What was built elsewhere on the sheet
    if sheet.hotels.total > AVENUES:
        add(
            "hotels",
            _("{n} hotels on a city of {avenues} avenues").format(n=sheet.hotels.total, avenues=AVENUES),
            "hotels",
        )
    complete = complete_avenues(sheet.streets)
    if complete is not None:
        for avenue in unbuilt(sheet.hotels, complete):
            add(
                "hotels",
                _("a hotel is listed on avenue {avenue}, but not every casino of that avenue is opened").format(
                    avenue=avenue
                ),
                "hotels",
            )
        if sheet.hotels.total != len(complete):
            add(
                "hotels",
                n_(
                    "{n} hotel on the sheet, but the streets complete {avenues} ({which}); a hotel is built "
                    "when every casino of its avenue is opened",
                    "{n} hotels on the sheet, but the streets complete {avenues} ({which}); a hotel is built "
                    "when every casino of its avenue is opened",
                    sheet.hotels.total,
                ).format(
                    n=sheet.hotels.total,
                    avenues=n_("{n} avenue", "{n} avenues", len(complete)).format(n=len(complete)),
                    which=", ".join(map(str, complete)) or _("none"),
                ),
                "hotels",
            )
    golf = sheet.golf
    holes = golf.par3.count + golf.par4.count + golf.par5.count
    course = _longest_opened_row(sheet.streets[0]) if sheet.streets else 0
    if table.first_game and holes:
        said = n_(
            "{n} golf hole in a first game, which is played without golf",
            "{n} golf holes in a first game, which is played without golf",
            holes,
        )
        add("golf", said.format(n=holes), "first-game")
    elif holes > course:
        add(
            "golf",
            n_(
                "{n} golf hole circled but the longest row of neighbouring opened casinos in the top street is "
                "{course}; the course only grows from casino to neighbouring casino",
                "{n} golf holes circled but the longest row of neighbouring opened casinos in the top street is "
                "{course}; the course only grows from casino to neighbouring casino",
                holes,
            ).format(n=holes, course=course),
            "golf",
        )
    return out


def check_projects(table: Table) -> list[Finding]:
    """High values only for the first to fulfil a project, low values only after them."""
    out: list[Finding] = []
    claims: dict[Colour, list[tuple[str, ProjectClaim]]] = defaultdict(list)
    lines: dict[str, int | None] = {}
    for sheet in table.players:
        lines[sheet.name] = sheet.lines.get("projects", sheet.line)
        for c in sheet.projects:
            claims[c.colour].append((sheet.name, c))
    if table.acme:
        for c in table.acme.projects:
            claims[c.colour].append((table.acme.name, c))
    cite = rule("projects")
    for colour in Colour:
        entries = claims.get(colour, [])
        project = table.project(colour)
        at_project = project.line if project else None

        def add(who: str, message: str, line: int | None) -> None:
            out.append(_finding(table, who, "projects", message, cite, line))

        first = project.first if project else None
        turns = [c.turn for _, c in entries if c.turn is not None]
        earliest = min(turns) if turns else None
        highs = [name for name, c in entries if c.claim is Claim.HIGH]
        for name, c in entries:
            line = lines.get(name, at_project)
            if first is not None:
                listed = name in first or (
                    table.acme is not None and name == table.acme.name and any(f.lower() == "acme" for f in first)
                )
                if c.claim is Claim.HIGH and not listed:
                    add(
                        name,
                        _("claims the high value of the {colour} project, but only {first} fulfilled it first").format(
                            colour=_(colour.value), first=", ".join(first) or _("nobody")
                        ),
                        line,
                    )
                if c.claim is Claim.LOW and listed:
                    said = _("fulfilled the {colour} project first but wrote its low value")
                    add(name, said.format(colour=_(colour.value)), line)
            if earliest is not None and c.turn is not None:
                if c.claim is Claim.HIGH and c.turn > earliest:
                    add(
                        name,
                        _(
                            "claims the high value of the {colour} project on turn {turn}, but it was "
                            "first fulfilled on turn {earliest}"
                        ).format(colour=_(colour.value), turn=c.turn, earliest=earliest),
                        line,
                    )
                if c.claim is Claim.LOW and c.turn == earliest:
                    add(
                        name,
                        _(
                            "fulfilled the {colour} project on turn {earliest}, among the first, but wrote its low value"
                        ).format(colour=_(colour.value), earliest=earliest),
                        line,
                    )
        claimants = {name for name, _ in entries}
        for who in first or ():
            if who not in claimants and not (who.lower() == "acme" and table.acme and table.acme.name in claimants):
                said = _("is listed as first on the {colour} project but did not score it")
                add(who, said.format(colour=_(colour.value)), at_project)
        if entries and not highs:
            add(
                ", ".join(name for name, _ in entries),
                _(
                    "the {colour} project is scored low but nobody has its high value: someone must have "
                    "fulfilled it first"
                ).format(colour=_(colour.value)),
                at_project,
            )
    return out


def _longest_opened_row(street: Street) -> int:
    """Most neighbouring opened casinos in a row: the longest golf course the street allows."""
    best = current = 0
    for casino in street:
        if casino.absent:
            continue
        current = current + 1 if casino.opened else 0
        best = max(best, current)
    return best


#: The projects' colours (:class:`rulesref.welcome.model.Colour`), for the catalogue.
COLOURS = (mark("pink"), mark("purple"), mark("yellow"))


def _bonuses(n: int) -> str:
    return n_("{n} bonus", "{n} bonuses", n).format(n=n)


def _boxes(n: int) -> str:
    return n_("{n} box", "{n} boxes", n).format(n=n)


def _times(n: int) -> str:
    if n == 1:
        return _("once")
    if n == 2:
        return _("twice")
    return n_("{n} time", "{n} times", n).format(n=n)
