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
    from rulesref.welcome.checker import CheckReport
    from rulesref.welcome.results import StreetResult, TableResult

GAME = "welcome-to-new-las-vegas"

app = typer.Typer(
    help="Welcome to New Las Vegas: final scoring and sheet checking for the whole table, street runs.\n\n"
    "Example: cluesolver welcome score examples/welcome-table-3p.toml",
    no_args_is_help=True,
)

TableFile = Annotated[
    Path, typer.Argument(help='A table file (TOML, game = "welcome-to-new-las-vegas").', show_default=False)
]


# -- entry points for the top-level verbs ---------------------------------------------


def score_file(path: Path, *, as_json: bool) -> int:
    """Score every sheet of a table file; prints and returns the exit code."""
    from rulesref.welcome import check_table, load_table, score_table

    table = load_table(path)
    result = score_table(table)
    problems = len(check_table(table).problems)
    if as_json:
        emit_json({"game": GAME, "file": str(path), **result.to_json(), "rule_problems": problems})
    else:
        _print_scores(result)
        if problems:
            console().print(
                f"Warning: {problems} rule problem{'s' if problems != 1 else ''} on these sheets; "
                f"see: cluesolver check {path}",
                markup=False,
                soft_wrap=True,
            )
    return EXIT_OK


def check_file(path: Path, *, as_json: bool) -> int:
    """Check every sheet of a table file; exit 1 when rule problems are found."""
    from rulesref.welcome import check_table, load_table

    report = check_table(load_table(path))
    if as_json:
        emit_json({"game": GAME, "file": str(path), **report.to_json()})
    else:
        _print_check(report)
    return EXIT_OK if report.clean else EXIT_PROBLEMS


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
            "off and opened with 7, '=7' = Extended Casino copy of its neighbour's 7.",
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
    from rulesref.welcome.citations import rule
    from rulesref.welcome.streets import format_street, longest_run, parse_streets, placement_problems

    parsed = parse_streets(notation)
    problems = [p for i, s in enumerate(parsed, start=1) for p in placement_problems(s, i)]
    scoring = rule("street-scoring")
    rows = []
    for number, street in enumerate(parsed, start=1):
        run = longest_run(street)
        rows.append(
            {
                "street": number,
                "written": format_street(street),
                "run": list(run.numbers) if run else [],
                "parity": run.parity.value if run else None,
                "positions": [p + 1 for p in run.positions] if run else [],
                "points": run.length if run else 0,
            }
        )
    if as_json:
        emit_json(
            {
                "game": GAME,
                "streets": rows,
                "rule": scoring.to_json(),
                "problems": [
                    {
                        "street": p.street,
                        "positions": list(p.positions),
                        "message": p.message,
                        "rule": p.citation.to_json(),
                    }
                    for p in problems
                ],
            }
        )
    else:
        from rich.table import Table

        out = console()
        table = Table(title="Longest odd/even run per street", title_justify="left")
        for col, justify in (
            ("street", "right"),
            ("written", "left"),
            ("longest run", "left"),
            ("odd/even", "left"),
            ("points", "right"),
        ):
            table.add_column(col, justify=justify)  # type: ignore[arg-type]
        for row in rows:
            run_text = "-".join(str(n) for n in row["run"]) or "-"  # type: ignore[attr-defined]
            table.add_row(
                str(row["street"]), str(row["written"]), run_text, str(row["parity"] or "-"), str(row["points"])
            )
        out.print(table)
        out.print(
            f"Rule: {scoring}. The street bonus goes to whoever has the longest run in that "
            "street (ties: all of them).",
            markup=False,
            soft_wrap=True,
        )
        for p in problems:
            out.print(f"problem: {p.message} {p.citation}", markup=False, soft_wrap=True)
    return EXIT_PROBLEMS if problems else EXIT_OK


@app.command("new")
@guarded
def new(
    players: Annotated[list[str], typer.Argument(help="Player names, in seating order.", show_default=False)],
    solo: Annotated[bool, typer.Option("--solo", help="Add an [acme] block for a solo game.")] = False,
    output: Annotated[
        Path | None, typer.Option("--output", "-o", help="Write to this file instead of printing.")
    ] = None,
    force: Annotated[bool, typer.Option("--force", help="Overwrite the --output file if it exists.")] = False,
) -> int:
    """A blank table file to fill in from the score sheets, one block per player.

    Example: cluesolver welcome new Maya Jonas Lea -o friday.toml
    """
    import os
    import tempfile

    from rulesref.core.errors import InputError, Problem
    from rulesref.welcome.template import blank_table

    text = blank_table(players, solo=solo, file=str(output or "table.toml"))
    if output is None:
        console().file.write(text)
        return EXIT_OK
    if output.exists() and not force:
        raise InputError(Problem("already exists; use --force to overwrite it", path=str(output)))
    folder = output.parent if str(output.parent) else Path(".")
    handle, temp = tempfile.mkstemp(prefix=".welcome-", suffix=".toml", dir=folder)
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as f:
            f.write(text)
        mask = os.umask(0)
        os.umask(mask)
        os.chmod(temp, 0o666 & ~mask)
        os.replace(temp, output)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise
    console().print(f"Wrote {output}: fill it in, then run cluesolver check {output}", markup=False, soft_wrap=True)
    return EXIT_OK


# -- printing -------------------------------------------------------------------------


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
    out.print(streets)

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
    out.print(f"{label}: {' and '.join(result.winners)} with {best} points", markup=False, soft_wrap=True)


def _street_cell(s: StreetResult) -> str:
    """'2-4-6-8: 4 +6' -- the run, its length and the bonus when it is the table's longest."""
    run = "-".join(str(n) for n in s.run.numbers) + ": " if s.run else ""
    return f"{run}{s.length}" + (f" +{s.bonus_value}" if s.bonus else "")


def _inauguration_line(result: TableResult) -> str:
    places = sorted((p.inauguration for p in result.players), key=lambda i: (i.rank, i.name))
    parts = []
    for i in places:
        if i.scores_rank:
            text = f"{i.name} {i.boxes} boxes, {_ordinal(i.rank)}: {i.points} pts"
            text += (" (improved box)" if i.improved else "") + (", pays the debt" if i.last else "")
        else:
            text = f"{i.name} {i.boxes} cards, {_ordinal(i.rank)}: no rank points"
        parts.append(text)
    return "; ".join(parts)


def _print_check(report: CheckReport) -> None:
    out = console()
    if report.clean:
        n = len(report.players)
        out.print(f"No rule problems on {n} sheet{'' if n == 1 else 's'} ({', '.join(report.players)}).", markup=False)
        return
    for p in report.problems:
        out.print(f"problem: {p.player} [{p.zone}] {p.message} {p.citation}", markup=False, soft_wrap=True)
    sheets = len({p.player for p in report.problems})
    out.print(
        f"{len(report.problems)} rule problem{'s' if len(report.problems) != 1 else ''} "
        f"on {sheets} sheet{'s' if sheets != 1 else ''}.",
        markup=False,
        soft_wrap=True,
    )


def _ordinal(n: int) -> str:
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"
