"""Welcome to New Las Vegas: final scoring and checking of a table file, street runs.

The engine lives in :mod:`rulesref.welcome`; this module only reads arguments, calls it
and prints.  ``check_file`` and ``score_file`` also serve the top-level ``check`` and
``score`` verbs for files with ``game = "welcome-to-new-las-vegas"``.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from cluesolver.cli.common import EXIT_OK, EXIT_PROBLEMS, JsonOption, console, emit_json, guarded

if TYPE_CHECKING:
    from rich.console import Console
    from rich.table import Table

    from rulesref.core.findings import CheckReport
    from rulesref.welcome.results import ScoreReport, StreetResult, TableResult
    from rulesref.welcome.street_report import StreetsReport

from rulesref.core.games import WELCOME as GAME
from rulesref.core.text import plural

app = typer.Typer(
    help="Welcome to New Las Vegas: final scoring and sheet checking for the whole table, street runs.\n\n"
    "Example: cluesolver welcome score examples/welcome-table-3p.toml",
    no_args_is_help=True,
)

TableFile = Annotated[
    Path, typer.Argument(help='A table file (TOML, game = "welcome-to-new-las-vegas").', show_default=False)
]


# -- renderers for the top-level verbs ------------------------------------------------


def show_score(result: ScoreReport, *, path: Path, as_json: bool) -> int:
    """Print the final scores (and a warning when the sheets break rules); exit 0."""
    if as_json:
        emit_json(result.to_json())
        return EXIT_OK
    _print_scores(result.result)
    problems = result.rule_problems
    if problems:
        console().print(
            f"Warning: {problems} rule problem{'s' if problems != 1 else ''} on these sheets; "
            f"see: cluesolver check {path}",
            markup=False,
            soft_wrap=True,
        )
    return EXIT_OK


def show_check(report: CheckReport, *, path: Path, as_json: bool) -> int:
    """Print every rule problem; exit 1 when there are any."""
    if as_json:
        emit_json(report.to_json())
    else:
        _print_check(report)
    return EXIT_OK if report.ok else EXIT_PROBLEMS


def score_file(path: Path, *, as_json: bool) -> int:
    """Score every sheet of a table file; prints and returns the exit code."""
    from rulesref.welcome import game

    return show_score(game.score_file(path), path=path, as_json=as_json)


def check_file(path: Path, *, as_json: bool) -> int:
    """Check every sheet of a table file; exit 1 when rule problems are found."""
    from rulesref.welcome import game

    return show_check(game.check_file(path), path=path, as_json=as_json)


# -- commands -------------------------------------------------------------------------


@app.command("score")
@guarded
def score(file: TableFile, as_json: JsonOption = False) -> int:
    """Final scores of every player, zone by zone, and the winner.

    Streets, inauguration ranking, the bank vote, the safe and tie-breaks are decided
    here; the zone values come from what each player reads on their sheet.

    Example: cluesolver welcome score examples/welcome-table-3p.toml
    """
    return score_file(file, as_json=as_json)


@app.command("check")
@guarded
def check(file: TableFile, as_json: JsonOption = False) -> int:
    """Every rule problem on every sheet, each with the rule section that decides it.

    Exit code 0 when all sheets are clean, 1 when problems are found, 2 on bad input.

    Example: cluesolver welcome check examples/welcome-broken-sheets.toml
    """
    return check_file(file, as_json=as_json)


@app.command("streets")
@guarded
def streets(
    notation: Annotated[
        str,
        typer.Argument(
            help="Streets left to right, separated by '|': a number = opened casino, '.' = built empty "
            "casino, 'c' = crane standing, 'x' = crane crossed off (empty), 'x7' = crane crossed "
            "off and opened with 7, '=7' = Extended Casino copy of its neighbour's 7, '-' = no casino at "
            "this avenue (streets written along the 11 avenues).",
            show_default=False,
        ),
    ],
    as_json: JsonOption = False,
) -> int:
    """Longest run of odd or even numbers in each street, and any placement problem.

    A standing crane (c) does not break a run; a built empty casino (. or x) does.
    Exit code 1 when a street breaks the placement rules.

    Example: cluesolver welcome streets "3 5 7 . 9 | 2 4 c 6 8 | 0 2 4 =4 6"
    """
    from rulesref.welcome.street_report import street_report

    report = street_report(notation)
    if as_json:
        emit_json(report.to_json())
    else:
        _print_streets(report)
    return EXIT_OK if report.ok else EXIT_PROBLEMS


@app.command("new")
@guarded
def new(
    players: Annotated[list[str], typer.Argument(help="Player names, in seating order.", show_default=False)],
    solo: Annotated[
        bool, typer.Option("--solo", help="Add an [acme] block for a solo game (one player always plays solo).")
    ] = False,
    output: Annotated[
        Path | None, typer.Option("--out", "-o", "--output", help="Write to this file instead of printing.")
    ] = None,
    force: Annotated[bool, typer.Option("--force", help="Overwrite the --out file if it exists.")] = False,
) -> int:
    """A blank table file to fill in from the score sheets, one block per player.

    Every value still to read off a sheet is "?": check lists those left, score waits for them.

    Example: cluesolver welcome new Maya Jonas Lea -o friday.toml
    """
    from rulesref.welcome.template import blank_table, write_blank_table

    if output is None:
        console().file.write(blank_table(players, solo=solo))
        return EXIT_OK
    write_blank_table(output, players, solo=solo, force=force)
    console().print(f"Wrote {output}: fill it in, then run cluesolver check {output}", markup=False, soft_wrap=True)
    return EXIT_OK


# -- printing -------------------------------------------------------------------------


def _print_streets(report: StreetsReport) -> None:
    from rich.table import Table

    from rulesref.welcome.streets import format_street

    out = console()
    table = Table(title="Longest odd/even run per street", title_justify="left")
    table.add_column("street", justify="right")
    table.add_column("written")
    table.add_column("longest run")
    table.add_column("odd/even")
    table.add_column("points", justify="right")
    for row in report.rows:
        run = row.run
        table.add_row(
            str(row.street),
            format_street(row.written),
            "-".join(str(n) for n in run.numbers) if run else "-",
            run.parity.value if run else "-",
            str(row.points),
        )
    out.print(table)
    out.print(
        f"Rule: {report.rule}. The street bonus goes to whoever has the longest run in that "
        "street (ties: all of them).",
        markup=False,
        soft_wrap=True,
    )
    for p in report.problems:
        out.print(f"problem: {p.message} {p.rule}", markup=False, soft_wrap=True)


def _print_scores(result: TableResult) -> None:
    from rich.table import Table

    from rulesref.welcome.results import ZONE_ORDER

    out = console()
    table = Table(title="Final scores", title_justify="left")
    table.add_column("zone")
    for p in result.players:
        table.add_column(p.name, justify="right")
    table.add_column("rule")
    sheet = next(p for p in result.players if not p.acme)
    for zone in ZONE_ORDER:
        cite = sheet.zone(zone).citation.id.split("/", 1)[1]
        table.add_row(zone.value, *(str(p.zone(zone).points) for p in result.players), cite)
    table.add_section()
    table.add_row("total", *(str(p.total) for p in result.players), "")
    table.add_row("place", *(_ordinal(p.place) for p in result.players), "tie-break")
    out.print(table)
    out.print(f"rule: a section of the {GAME} rule book, full id {GAME}/<rule>", markup=False, soft_wrap=True)

    streets = Table(title="Streets: longest odd/even run, +bonus where longest", title_justify="left")
    streets.add_column("player")
    for n in range(1, len(result.street_best) + 1):
        streets.add_column(f"street {n}", justify="right")
    for p in result.players:
        streets.add_row(p.name, *(_street_cell(s) for s in p.streets))
    streets.add_section()
    streets.add_row("longest", *(str(b) for b in result.street_best))
    out.print(streets if _fits(out, streets) else _streets_by_row(result))

    out.print("How each total was made:", markup=False, soft_wrap=True)
    for p in result.players:
        out.print(f"  {p.name}:", markup=False, soft_wrap=True)
        for z in p.zones:
            out.print(f"    {z.zone.value:<13}{z.points:>5}  {z.detail}", markup=False, soft_wrap=True)
    out.print(f"Inauguration: {_inauguration_line(result)}", markup=False, soft_wrap=True)
    out.print(f"Bank: {result.bank.reason} {result.bank.citation}", markup=False, soft_wrap=True)
    for p in result.players:
        if not p.acme:
            debts = ", ".join(f"{n} {kind}" for kind, n in p.safe.debts if n) or "none"
            verdict = "short: -20" if p.safe.short else "enough"
            bundles = f"{p.safe.bundles} bundle{'' if p.safe.bundles == 1 else 's'}"
            out.print(
                f"Safe of {p.name}: {p.safe.start} printed + {p.safe.bank} bank + {p.safe.mafia} Mafia "
                f"= {bundles}; debts {debts}; {verdict}",
                markup=False,
                soft_wrap=True,
            )
    for t in result.triggers:
        out.print(f"End of game: {t.name} {t.reason} {t.citation}", markup=False, soft_wrap=True)
    for note in result.notes:
        out.print(f"Note: {note}", markup=False, soft_wrap=True)
    if result.tie_note:
        out.print(f"Tie: {result.tie_note} {result.tie_citation}", markup=False, soft_wrap=True)
    label = "Winner" if len(result.winners) == 1 else "Shared win"
    best = result.players[0].total
    out.print(f"{label}: {' and '.join(result.winners)} with {plural(best, 'point')}", markup=False, soft_wrap=True)


def _fits(out: Console, table: Table) -> bool:
    """Whether ``table`` fits the console's width without cutting a cell."""
    from rich.measure import Measurement

    return Measurement.get(out, out.options.update_width(1_000_000), table).maximum <= out.width


def _streets_by_row(result: TableResult) -> Table:
    """The streets for a narrow terminal: one row per player and street, so no run is cut."""
    from rich.table import Table

    table = Table(title="Streets: longest odd/even run, +bonus where longest", title_justify="left")
    for col in ("player", "street", "longest run", "length/longest", "bonus"):
        table.add_column(col, justify="left" if col in ("player", "longest run") else "right")
    for p in result.players:
        for n, s in enumerate(p.streets, 1):
            run = "-".join(str(x) for x in s.run.numbers) if s.run else "-"
            best = result.street_best[n - 1]
            table.add_row(
                p.name if n == 1 else "", str(n), run, f"{s.length}/{best}", f"+{s.bonus_value}" if s.bonus else ""
            )
    return table


def _street_cell(s: StreetResult) -> str:
    """'2-4-6-8: 4 +6' -- the run, its length and the bonus when it is the table's longest."""
    run = "-".join(str(n) for n in s.run.numbers) + ": " if s.run else ""
    return f"{run}{s.length}" + (f" +{s.bonus_value}" if s.bonus else "")


def _inauguration_line(result: TableResult) -> str:
    places = sorted((p.inauguration for p in result.players), key=lambda i: (i.rank, i.name))
    parts = []
    for i in places:
        if i.scores_rank:
            text = f"{i.name} {plural(i.boxes, 'box', 'boxes')}, {_ordinal(i.rank)}: {i.points} pts"
            text += (" (improved box)" if i.improved else "") + (", pays the debt" if i.last else "")
        else:
            text = f"{i.name} {plural(i.boxes, 'card')}, {_ordinal(i.rank)}: no rank points"
        parts.append(text)
    return "; ".join(parts)


def _print_check(report: CheckReport) -> None:
    from rulesref.welcome.checker import whose

    out = console()
    if report.ok:
        players = report.summary.get("players")
        names = [str(n) for n in players] if isinstance(players, list) else []
        n = len(names)
        out.print(f"No rule problems on {n} sheet{'' if n == 1 else 's'} ({', '.join(names)}).", markup=False)
        return
    for p in report.findings:
        rule = f" {p.rule}" if p.rule else ""
        where = p.location()
        out.print(
            f"{where + ': ' if where else ''}{whose(p.where)} [{p.where.get('zone')}] {p.message}{rule}",
            markup=False,
            soft_wrap=True,
        )
    players = report.summary.get("players")
    on = {p.where.get("player") for p in report.findings}
    sheets = len(on & set(players)) if isinstance(players, list) else len(on)
    n = len(report.findings)
    out.print(
        f"{n} rule problem{'s' if n != 1 else ''} on {sheets} sheet{'s' if sheets != 1 else ''}.",
        markup=False,
        soft_wrap=True,
    )


def _ordinal(n: int) -> str:
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"
