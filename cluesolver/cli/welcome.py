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
from rulesref.core.i18n import _, language, mark, n_, p_

if TYPE_CHECKING:
    from rich.console import Console
    from rich.table import Table

    from rulesref.core.findings import CheckReport
    from rulesref.welcome.results import ScoreReport, StreetResult, TableResult
    from rulesref.welcome.street_report import StreetsReport

from rulesref.core.games import WELCOME as GAME

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
            n_(
                "Warning: {n} rule problem on these sheets; see: cluesolver check {path}",
                "Warning: {n} rule problems on these sheets; see: cluesolver check {path}",
                problems,
            ).format(n=problems, path=path),
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
    console().print(
        _("Wrote {path}: fill it in, then run cluesolver check {path}").format(path=output),
        markup=False,
        soft_wrap=True,
    )
    return EXIT_OK


# -- printing -------------------------------------------------------------------------


def _print_streets(report: StreetsReport) -> None:
    from rich.table import Table

    from rulesref.welcome.streets import format_street

    out = console()
    table = Table(title=_("Longest odd/even run per street"), title_justify="left")
    table.add_column(_("street"), justify="right")
    table.add_column(_("written"))
    table.add_column(_("longest run"))
    table.add_column(_("odd/even"))
    table.add_column(_("points"), justify="right")
    for row in report.rows:
        run = row.run
        table.add_row(
            str(row.street),
            format_street(row.written),
            "-".join(str(n) for n in run.numbers) if run else "-",
            _(run.parity.value) if run else "-",
            str(row.points),
        )
    out.print(table)
    out.print(
        _(
            "Rule: {rule}. The street bonus goes to whoever has the longest run in that street (ties: all of them)."
        ).format(rule=report.rule),
        markup=False,
        soft_wrap=True,
    )
    for p in report.problems:
        out.print(_("problem: {message} {rule}").format(message=p.message, rule=p.rule), markup=False, soft_wrap=True)


def _print_scores(result: TableResult) -> None:
    from rich.table import Table

    from rulesref.welcome.results import ZONE_ORDER

    out = console()
    table = Table(title=_("Final scores"), title_justify="left")
    table.add_column(_("zone"))
    for p in result.players:
        table.add_column(p.name, justify="right")
    table.add_column(_("rule"))
    sheet = next(p for p in result.players if not p.acme)
    for zone in ZONE_ORDER:
        cite = sheet.zone(zone).citation.id.split("/", 1)[1]
        table.add_row(zone_word(zone.value), *(str(p.zone(zone).points) for p in result.players), cite)
    table.add_section()
    table.add_row(_("total"), *(str(p.total) for p in result.players), "")
    table.add_row(_("place"), *(_ordinal(p.place) for p in result.players), "tie-break")
    out.print(table)
    out.print(
        _("rule: a section of the {game} rule book, full id {game}/<rule>").format(game=GAME),
        markup=False,
        soft_wrap=True,
    )

    streets = Table(title=_("Streets: longest odd/even run, +bonus where longest"), title_justify="left")
    streets.add_column(_("player"))
    for n in range(1, len(result.street_best) + 1):
        streets.add_column(_("street {n}").format(n=n), justify="right")
    for p in result.players:
        streets.add_row(p.name, *(_street_cell(s) for s in p.streets))
    streets.add_section()
    streets.add_row(_("longest"), *(str(b) for b in result.street_best))
    out.print(streets if _fits(out, streets) else _streets_by_row(result))

    out.print(_("How each total was made:"), markup=False, soft_wrap=True)
    for p in result.players:
        out.print(f"  {p.name}:", markup=False, soft_wrap=True)
        for z in p.zones:
            out.print(f"    {zone_word(z.zone.value):<13}{z.points:>5}  {z.detail}", markup=False, soft_wrap=True)
    out.print(_("Inauguration: {line}").format(line=_inauguration_line(result)), markup=False, soft_wrap=True)
    out.print(
        _("Bank: {reason} {rule}").format(reason=result.bank.reason, rule=result.bank.citation),
        markup=False,
        soft_wrap=True,
    )
    for p in result.players:
        if not p.acme:
            debts = ", ".join(f"{n} {_(kind)}" for kind, n in p.safe.debts if n) or _("none")
            verdict = _("short: -20") if p.safe.short else _("enough")
            bundles = n_("{n} bundle", "{n} bundles", p.safe.bundles).format(n=p.safe.bundles)
            out.print(
                _(
                    "Safe of {player}: {start} printed + {bank} bank + {mafia} Mafia = {bundles}; debts {debts}; {verdict}"
                ).format(
                    player=p.name,
                    start=p.safe.start,
                    bank=p.safe.bank,
                    mafia=p.safe.mafia,
                    bundles=bundles,
                    debts=debts,
                    verdict=verdict,
                ),
                markup=False,
                soft_wrap=True,
            )
    for t in result.triggers:
        out.print(
            _("End of game: {player} {reason} {rule}").format(player=t.name, reason=t.reason, rule=t.citation),
            markup=False,
            soft_wrap=True,
        )
    for note in result.notes:
        out.print(_("Note: {note}").format(note=note), markup=False, soft_wrap=True)
    if result.tie_note:
        out.print(
            _("Tie: {note} {rule}").format(note=result.tie_note, rule=result.tie_citation), markup=False, soft_wrap=True
        )
    best = result.players[0].total
    said = (
        n_("Winner: {players} with {n} point", "Winner: {players} with {n} points", best)
        if len(result.winners) == 1
        else n_("Shared win: {players} with {n} point", "Shared win: {players} with {n} points", best)
    )
    out.print(said.format(players=_(" and ").join(result.winners), n=best), markup=False, soft_wrap=True)


def _fits(out: Console, table: Table) -> bool:
    """Whether ``table`` fits the console's width without cutting a cell."""
    from rich.measure import Measurement

    return Measurement.get(out, out.options.update_width(1_000_000), table).maximum <= out.width


def _streets_by_row(result: TableResult) -> Table:
    """The streets for a narrow terminal: one row per player and street, so no run is cut."""
    from rich.table import Table

    table = Table(title=_("Streets: longest odd/even run, +bonus where longest"), title_justify="left")
    for col in ("player", "street", "longest run", "length/longest", "bonus"):
        table.add_column(_(col), justify="left" if col in ("player", "longest run") else "right")
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
            text = n_("{player} {n} box, {place}: {points} pts", "{player} {n} boxes, {place}: {points} pts", i.boxes)
            text = text.format(player=i.name, n=i.boxes, place=_ordinal(i.rank), points=i.points)
            text += (_(" (improved box)") if i.improved else "") + (_(", pays the debt") if i.last else "")
        else:
            text = n_(
                "{player} {n} card, {place}: no rank points", "{player} {n} cards, {place}: no rank points", i.boxes
            )
            text = text.format(player=i.name, n=i.boxes, place=_ordinal(i.rank))
        parts.append(text)
    return "; ".join(parts)


def _print_check(report: CheckReport) -> None:
    from rulesref.welcome.checker import whose

    out = console()
    if report.ok:
        players = report.summary.get("players")
        names = [str(n) for n in players] if isinstance(players, list) else []
        n = len(names)
        out.print(
            n_("No rule problems on {n} sheet ({players}).", "No rule problems on {n} sheets ({players}).", n).format(
                n=n, players=", ".join(names)
            ),
            markup=False,
        )
        return
    for p in report.findings:
        rule = f" {p.rule}" if p.rule else ""
        where = p.location()
        out.print(
            f"{where + ': ' if where else ''}{whose(p.where)} [{zone_word(p.where.get('zone'))}] {p.message}{rule}",
            markup=False,
            soft_wrap=True,
        )
    players = report.summary.get("players")
    on = {p.where.get("player") for p in report.findings}
    sheets = len(on & set(players)) if isinstance(players, list) else len(on)
    n = len(report.findings)
    out.print(
        n_("{n} rule problem on {sheets}.", "{n} rule problems on {sheets}.", n).format(
            n=n, sheets=n_("{n} sheet", "{n} sheets", sheets).format(n=sheets)
        ),
        markup=False,
        soft_wrap=True,
    )


def zone_word(zone: object) -> str:
    """A zone of the sheet (:class:`rulesref.welcome.results.Zone`, or a finding's zone) in the
    language spoken; a name we do not know as written.  By context: 'shows' is also a Clue verb."""
    words = {
        "projects": p_("welcome zone", "projects"),
        "hotels": p_("welcome zone", "hotels"),
        "inauguration": p_("welcome zone", "inauguration"),
        "golf": p_("welcome zone", "golf"),
        "shows": p_("welcome zone", "shows"),
        "limo": p_("welcome zone", "limo"),
        "streets": p_("welcome zone", "streets"),
        "safe": p_("welcome zone", "safe"),
        "bonuses": p_("welcome zone", "bonuses"),
        "debts": p_("welcome zone", "debts"),
    }
    return words.get(zone, str(zone)) if isinstance(zone, str) else str(zone)


#: The debts' kinds, the table's column words and the runs' parity, for the catalogue.
WORDS = (
    mark("construction"),
    mark("show"),
    mark("extended-casino"),
    mark("street"),
    mark("longest run"),
    mark("length/longest"),
    mark("bonus"),
    mark("odd"),
    mark("even"),
)


def _ordinal(n: int) -> str:
    if language() != "en":
        return f"{n}."
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"
