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
    for (owner, zone, _), blanks in groups.items():
        names = ", ".join(b.name for b in blanks if b.name)
        still = f'not entered yet (still "{UNFILLED}")'
        message = f"{len(blanks)} values are {still}: {names}" if len(blanks) > 1 else f"'{names or zone}' is {still}"
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
    return str(where["player"]) if "player" in where else f"{where.get('project')} project"


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
            f"{_count(len(special), 'number')} only Easy Opening can give ({', '.join(map(str, special))}) "
            f"but only {_count(b.crossed_debt, 'bonus')} with its debt crossed off (Free Action or Easy "
            "Opening, which look the same) can have made them",
            "easy-opening",
        )
    copies = sum(extended_copies(s) for s in sheet.streets)
    if copies != b.extended_casino:
        add(
            "bonuses",
            f"the streets hold {_count(copies, 'Extended Casino copy')} (=N) but Extended Casino "
            f"was used {_times(b.extended_casino)}",
            "extended-casino",
        )
    if ina.checked < 3:
        add("inauguration", f"{ina.checked} boxes checked, but every track starts with 3 crossed off", "setup")
    track = table.inauguration_track
    if track is not None and ina.checked > track:
        add("inauguration", f"{ina.checked} boxes checked on a track of {track}", "inauguration")
    if ina.circled is None:
        needed = b.total * table.bonus_set_size
        if needed > ina.checked:
            add(
                "bonuses",
                f"{_count(b.total, 'bonus')} need {needed} checked boxes "
                f"({table.bonus_set_size} a set) but only {ina.checked} are checked",
                "bonuses",
            )
    else:
        if ina.circled > ina.checked:
            add("bonuses", f"{ina.circled} boxes circled for bonuses but only {ina.checked} are checked", "bonuses")
        if ina.circled < b.total:
            add(
                "bonuses",
                f"{_count(b.total, 'bonus')} used but only {_count(ina.circled, 'box')} circled to pay for them",
                "bonuses",
            )

    # Debts the player declared against what the sheet shows
    d = sheet.debts
    built_empty = sum(open_construction_debts(s) for s in sheet.streets)
    if d.construction is not None and d.construction != built_empty:
        add(
            "debts",
            f"{_count(d.construction, 'construction debt')} declared, but the streets show "
            f"{_count(built_empty, 'built casino')} still empty (x) after a Construction",
            "construction",
        )
    if d.extended_casino is not None and d.extended_casino != b.extended_casino:
        add(
            "debts",
            f"{_count(d.extended_casino, 'Extended Casino debt')} declared, but Extended Casino was "
            f"used {_times(b.extended_casino)}",
            "extended-casino",
        )
    column_debts = sum(c.debts for c in sheet.shows)
    if d.show is not None and d.show != column_debts:
        add("debts", f"{_count(d.show, 'show debt')} declared, but the show columns hold {column_debts}", "show")
    for number, col in enumerate(sheet.shows, start=1):
        if col.expected_debts is not None and col.debts != col.expected_debts:
            add(
                "shows",
                f"show column {number} has {_count(col.debts, 'debt')} written, but with "
                f"{_count(col.boxes or 0, 'box')} crossed off the printed debts leave {col.expected_debts}",
                "show",
            )
        if col.debts > DEBTS_PER_COLUMN:
            add("shows", f"show column {number} has {col.debts} debts; a column has only 2", "show")
        elif col.boxes == 0 and col.debts:
            add(
                "shows",
                f"show column {number} has debts circled but no box crossed; its debts are circled "
                f"only when its first box is crossed",
                "show",
            )

    # The limousine's trip, when it is drawn lamp by lamp
    limo = sheet.limo
    for message in trip_problems(limo.trip or ()):
        add("limo", message, "limousine")
    if limo.fewest_missing is not None and limo.missing_lines != limo.fewest_missing:
        add(
            "limo",
            f"{_count(limo.missing_lines, 'missing line')} written, but the trip needs at least "
            f"{limo.fewest_missing} more to get back to its start",
            "limo-scoring",
        )

    # What was built elsewhere on the sheet
    if sheet.hotels.total > AVENUES:
        add("hotels", f"{sheet.hotels.total} hotels on a city of {AVENUES} avenues", "hotels")
    complete = complete_avenues(sheet.streets)
    if complete is not None:
        for avenue in unbuilt(sheet.hotels, complete):
            add(
                "hotels",
                f"a hotel is listed on avenue {avenue}, but not every casino of that avenue is opened",
                "hotels",
            )
        if sheet.hotels.total != len(complete):
            add(
                "hotels",
                f"{_count(sheet.hotels.total, 'hotel')} on the sheet, but the streets complete "
                f"{_count(len(complete), 'avenue')} ({', '.join(map(str, complete)) or 'none'}); a hotel is built "
                "when every casino of its avenue is opened",
                "hotels",
            )
    golf = sheet.golf
    holes = golf.par3.count + golf.par4.count + golf.par5.count
    course = _longest_opened_row(sheet.streets[0]) if sheet.streets else 0
    if table.first_game and holes:
        add("golf", f"{_count(holes, 'golf hole')} in a first game, which is played without golf", "first-game")
    elif holes > course:
        add(
            "golf",
            f"{_count(holes, 'golf hole')} circled but the longest row of neighbouring opened casinos "
            f"in the top street is {course}; the course only grows from casino to neighbouring casino",
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
                        f"claims the high value of the {colour.value} project, but only "
                        f"{', '.join(first) or 'nobody'} fulfilled it first",
                        line,
                    )
                if c.claim is Claim.LOW and listed:
                    add(name, f"fulfilled the {colour.value} project first but wrote its low value", line)
            if earliest is not None and c.turn is not None:
                if c.claim is Claim.HIGH and c.turn > earliest:
                    add(
                        name,
                        f"claims the high value of the {colour.value} project on turn {c.turn}, but it was "
                        f"first fulfilled on turn {earliest}",
                        line,
                    )
                if c.claim is Claim.LOW and c.turn == earliest:
                    add(
                        name,
                        f"fulfilled the {colour.value} project on turn {earliest}, among the first, but wrote "
                        "its low value",
                        line,
                    )
        claimants = {name for name, _ in entries}
        for who in first or ():
            if who not in claimants and not (who.lower() == "acme" and table.acme and table.acme.name in claimants):
                add(who, f"is listed as first on the {colour.value} project but did not score it", at_project)
        if entries and not highs:
            add(
                ", ".join(name for name, _ in entries),
                f"the {colour.value} project is scored low but nobody has its high value: someone must have "
                "fulfilled it first",
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


def _count(n: int, word: str) -> str:
    if n == 1:
        return f"1 {word}"
    if word.endswith("copy"):
        return f"{n} {word[:-1]}ies"
    if word.endswith(("x", "s")):
        return f"{n} {word}es"
    return f"{n} {word}s"


def _times(n: int) -> str:
    return {0: "0 times", 1: "once", 2: "twice"}.get(n, f"{n} times")
