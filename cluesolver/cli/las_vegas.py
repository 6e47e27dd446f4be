"""Las Vegas (dice game): payouts, checks, replay.

Commands parse their arguments, call one function of :mod:`rulesref.las_vegas` and print
the result.  ``show_check``, ``show_score`` and ``show_replay`` render what
:mod:`rulesref.las_vegas.game` returns for the top-level ``cluesolver check|score|replay``
verbs; ``check_file``, ``score_file`` and ``replay_file`` are the old handlers, now a call
and a render.  The engine is imported inside the commands.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from cluesolver.cli.common import EXIT_OK, EXIT_PROBLEMS, JsonOption, console, emit_json, guarded
from rulesref.core.i18n import _, mark, n_, number

if TYPE_CHECKING:
    from collections.abc import Callable, Iterable

    from rich.console import Console
    from rich.table import Table

    from rulesref.core.findings import CheckReport, Citation, Finding
    from rulesref.las_vegas.editions import Figure
    from rulesref.las_vegas.model import Game
    from rulesref.las_vegas.payout import CasinoPayout
    from rulesref.las_vegas.results import GameResult, ReplayResult, ScoreResult
    from rulesref.las_vegas.scoring import Replay, RoundResult, Standing

app = typer.Typer(
    help="Las Vegas (dice game): payouts, checks, replay.\n\n"
    'Example: cluesolver las-vegas payout --casino "Anna=5 Ben=3 Carla=1+big" --money 90,40',
    no_args_is_help=True,
)

GameFileArg = Annotated[
    Path, typer.Argument(help='A Las Vegas game file (TOML with game = "las-vegas").', show_default=False)
]


def _int(value: object) -> int:
    """A count from a summary (0 when it is not a number)."""
    return value if isinstance(value, int) else 0


def _k(thousands: int) -> str:
    return f"${thousands}k"


def _usd(thousands: int) -> str:
    from rulesref.las_vegas.editions import dollars

    return dollars(thousands)


def _rules_line(citations: Iterable[Citation]) -> str:
    """The deciding sections; those with unconfirmed facts say so."""
    from rulesref.book import section

    lines = [_("Rules:")]
    for c in citations:
        lines.append(f"  {c}")
        if section(c.id).unconfirmed:
            lines.append("    " + _("(partly unconfirmed: cluesolver rules show {id})").format(id=c.id))
    return "\n".join(lines)


#: The editions' column and heading words (:class:`rulesref.las_vegas.editions.EditionRules`), for the catalogue.
EDITION_WORDS = (mark("Money"), mark("Notes"), mark("Cards"), mark("Chips"), mark("Total"), mark("This round"))


# --------------------------------------------------------------------------- payout


@app.command("payout")
@guarded
def payout(
    casino: Annotated[
        str,
        typer.Option(
            "--casino", "-c", show_default=False, help='Dice at the casino, e.g. "Anna=5 Ben=3 Carla=1+big white=2".'
        ),
    ],
    money: Annotated[
        str,
        typer.Option(
            "--money",
            "-m",
            show_default=False,
            help="Money at the casino in thousands, e.g. 90,40 (also 90k 40k, $90,000 $40,000 or 90,000 40,000).",
        ),
    ],
    edition: Annotated[str, typer.Option("--edition", "-e", help="base, boulevard or royale.")] = "base",
    as_json: JsonOption = False,
) -> int:
    """Pay out one casino: ties cancel at any rank, the rest take the biggest money in turn.

    The big die counts as two ("1+big" = 3); "white=N" is the white house dice, which can
    win, tie and cancel like a player (their winnings leave the game).

    Example: cluesolver las-vegas payout --casino "Anna=5 Ben=3 Carla=1+big Denny=1" --money 90,40 --edition royale
    """
    from rulesref.las_vegas.table import pay_typed

    table = pay_typed(casino, money, edition)
    if as_json:
        emit_json(table.to_json())
        return EXIT_OK
    result = table.payout
    out = console()
    out.print(f"{table.rules.title}: one casino with {', '.join(_usd(v) for v in result.money)}", markup=False)
    out.print(_payout_table(result))
    out.print(_leftover_line(result), markup=False)
    for f in table.findings:
        out.print(f"Note: {f.message}\n    rule: {f.rule}", markup=False)
    out.print(_rules_line(result.citations), markup=False)
    return EXIT_OK


def _payout_table(p: CasinoPayout) -> Table:
    from rich.table import Table

    from rulesref.las_vegas.model import HOUSE
    from rulesref.las_vegas.notation import format_stake
    from rulesref.las_vegas.payout import Outcome
    from rulesref.las_vegas.results import ordinal

    table = Table(show_edge=True)
    table.add_column("Player")
    table.add_column("Dice")
    table.add_column("Counts as", justify="right")
    table.add_column("Result")
    for e in p.entries:
        name = "white (house)" if e.participant == HOUSE else e.participant
        if e.outcome is Outcome.WON:
            assert e.money is not None and e.place is not None
            result = f"{ordinal(e.place)}: takes {_usd(e.money)}"
            if e.participant == HOUSE:
                result += " (out of the game)"
        elif e.outcome is Outcome.TIED:
            result = f"tied at {e.count} with {', '.join(e.tied_with)}: nothing"
        else:
            result = "nothing left to take"
        table.add_row(name, format_stake(e.stake).split("=", 1)[1], str(e.count), result)
    return table


def _leftover_line(p: CasinoPayout) -> str:
    if not p.leftovers:
        return "Leftover: none"
    return "Leftover (nobody takes it): " + ", ".join(_usd(v) for v in p.leftovers)


# --------------------------------------------------------------------------- files


def _print_problem_hint(out: Console, result: GameResult, path: Path) -> None:
    count = result.rule_problems
    if count:
        out.print(
            n_(
                "Careful: this file has {n} rule problem (cluesolver check {path})",
                "Careful: this file has {n} rule problems (cluesolver check {path})",
                count,
            ).format(n=count, path=path),
            markup=False,
        )


def show_replay(result: ReplayResult, *, path: Path, as_json: bool, why: str | None = None) -> int:
    """Print a replay: every round's table and running totals; ``why`` explains a player's money."""
    if as_json:
        emit_json(result.to_json(why=why))
        return EXIT_OK
    lines = result.why(why) if why is not None else None
    game, rp = result.game, result.replay
    out = console()
    _print_header(out, game, path)
    for r in rp.rounds:
        _print_round(out, r, game)
    _print_verdict(out, rp)
    _print_problem_hint(out, result, path)
    if lines is not None:
        out.print()
        for line in lines:
            out.print(line, markup=False)
    return EXIT_OK


def show_score(result: ScoreResult, *, path: Path, as_json: bool) -> int:
    """Print final scores: who took which money at each casino, standings, winner and tie-break."""
    if as_json:
        emit_json(result.to_json())
        return EXIT_OK
    out = console()
    _print_header(out, result.game, path)
    out.print(_fitted(out, lambda narrow: _awards_table(result.replay, narrow)))
    _print_standings(out, result.replay)
    _print_problem_hint(out, result, path)
    return EXIT_OK


def show_check(report: CheckReport, *, path: Path, as_json: bool) -> int:
    """Print every finding with its rule section; exit 1 when a rule is broken."""
    if as_json:
        emit_json(report.to_json())
        return EXIT_OK if report.ok else EXIT_PROBLEMS
    out = console()
    if not report.findings:
        s = report.summary
        rounds = _int(s.get("rounds"))
        out.print(
            _("{path}: no rule problems found ({title}, {players} players, {rounds}).").format(
                path=path,
                title=s.get("title"),
                players=s.get("players"),
                rounds=n_("{n} round", "{n} rounds", rounds).format(n=number(rounds)),
            ),
            markup=False,
        )
        return EXIT_OK
    for f in report.findings:
        out.print(_finding_line(path, f), markup=False)
    errors = len(report.errors)
    tail = n_("{n} rule problem found.", "{n} rule problems found.", errors).format(n=errors)
    others = len(report.findings) - errors
    if others:
        tail += n_(" ({n} warning or note as well)", " ({n} warnings or notes as well)", others).format(n=others)
    out.print(tail, markup=False)
    return EXIT_OK if report.ok else EXIT_PROBLEMS


def _finding_line(path: Path, f: Finding) -> str:
    where = f"{path}:{f.line}" if f.line is not None else str(path)
    kind = "" if f.is_error else f"{_(f.severity.value)}: "
    rule = ("\n    " + _("rule: {rule}").format(rule=f.rule)) if f.rule is not None else ""
    return f"{where}: {kind}{f.message}{rule}"


#: The severities' words (``_(severity.value)``), for the catalogue.
SEVERITIES = (mark("error"), mark("warning"), mark("note"))


def replay_file(path: Path, *, as_json: bool, at: int | None = None, why: str | None = None) -> int:
    """Replay a game file round by round with running totals."""
    from rulesref.las_vegas import game

    return show_replay(game.replay_file(path, at=at), path=path, as_json=as_json, why=why)


def score_file(path: Path, *, as_json: bool) -> int:
    """Final scores: who took which money at each casino, standings, winner and tie-break."""
    from rulesref.las_vegas import game

    return show_score(game.score_file(path), path=path, as_json=as_json)


def check_file(path: Path, *, as_json: bool) -> int:
    """Every rule problem in the file; exit 1 when there are any."""
    from rulesref.las_vegas import game

    return show_check(game.check_file(path), path=path, as_json=as_json)


# --------------------------------------------------------------------------- rendering


def _print_header(out: Console, game: Game, path: Path) -> None:
    extras = []
    if game.white_dice:
        extras.append(_("white dice"))
    if game.big_die:
        extras.append(_("big die"))
    title = f"{game.title} — " if game.title else ""
    out.print(
        f"{title}{game.rules.title}: {', '.join(game.players)}" + (f" ({', '.join(extras)})" if extras else ""),
        markup=False,
    )


def _round_table(r: RoundResult, narrow: bool = False) -> Table:
    """One round's casinos; ``narrow`` writes dice as ``Carla 1+big`` so a cell may wrap between entries."""
    from rich.table import Table

    from rulesref.las_vegas.model import HOUSE
    from rulesref.las_vegas.notation import format_stake

    white = _("white")
    table = Table(title=_("Round {n}").format(n=r.number), show_edge=True)
    for col in (_("Casino"), _("Money"), _("Dice"), _("Takes"), _("Tied out / left")):
        table.add_column(col)
    for p in r.payouts:
        takes = ", ".join(f"{white if n == HOUSE else n} {_k(v)}" for n, v in p.awards) or "-"
        out_cells = [
            _("{players} tied at {count}").format(players=", ".join(white if n == HOUSE else n for n in ps), count=c)
            for c, ps in p.tie_groups
        ]
        if p.leftovers:
            out_cells.append(_("left: {money}").format(money=" ".join(_k(v) for v in p.leftovers)))
        stakes = [format_stake(e.stake) for e in p.entries]
        dice = ", ".join(x.replace("=", " ", 1) for x in stakes) if narrow else " ".join(stakes)
        table.add_row(str(p.casino), " ".join(_k(v) for v in p.money), dice, takes, "; ".join(out_cells) or "-")
    return table


def _totals_table(r: RoundResult, game: Game, narrow: bool = False) -> Table:
    """The standings after a round; ``narrow`` gives money in thousands ($270k) so no figure is cut."""
    from rich.table import Table

    money = _k if narrow else _usd
    totals = Table(title=_("After round {n}").format(n=r.number), show_edge=True)
    figures = game.rules.running_columns
    totals.add_column(_("Place"), justify="right")
    totals.add_column(_("Player"), justify="left")
    for col in ("This round", *(name for name, _figure in figures)):
        totals.add_column(_(col), justify="right")
    won = dict(r.won)
    for s in r.standings:
        totals.add_row(str(s.place), s.player, money(won[s.player]), *_figures(s, figures, money))
    return totals


def _print_round(out: Console, r: RoundResult, game: Game) -> None:
    out.print(_fitted(out, lambda narrow: _round_table(r, narrow)))
    for t in r.tiles:
        got = [_usd(v) for v in t.money] + ([_("{n} chip(s)").format(n=t.chips)] if t.chips else [])
        said = (
            _("Tile (casino {casino}): {player} receives {what}")
            if t.casino is not None
            else _("Tile: {player} receives {what}")
        )
        out.print(
            said.format(casino=t.casino, player=t.player, what=", ".join(got) or _("nothing"))
            + (f" ({t.what or t.tile})" if t.what or t.tile else ""),
            markup=False,
        )
    if r.chips_spent and any(v for _p, v in r.chips_spent):
        spent = ", ".join(f"{p} {v}" for p, v in r.chips_spent if v)
        out.print(_("Chips spent: {spent}").format(spent=spent), markup=False)
    out.print(_fitted(out, lambda narrow: _totals_table(r, game, narrow)))
    if r.next_start and r.number < game.rules.rounds:
        out.print(
            _("{player} starts round {n} (best card a player took at the highest casino where a player won).").format(
                player=r.next_start, n=r.number + 1
            ),
            markup=False,
        )


def _figures(
    s: Standing, columns: tuple[tuple[str, Figure], ...], money: Callable[[int], str] | None = None
) -> list[str]:
    """A standing's cells for the edition's columns: money in dollars (or as ``money`` writes it), counts as numbers."""
    from rulesref.las_vegas.editions import Figure

    money = money or _usd
    shown = {
        Figure.MONEY: money(s.money),
        Figure.NOTES: str(s.notes),
        Figure.CHIPS: str(s.chips),
        Figure.TOTAL: money(s.total),
    }
    return [shown[figure] for _, figure in columns]


def _fitted(out: Console, build: Callable[[bool], Table]) -> Table:
    """``build(False)``; on a terminal where it would cut a word short (``Casi…``), ``build(True)``
    (the narrow layout).  A pipe always gets the wide one."""
    table = build(False)
    if not out.is_terminal:
        return table

    def cut(width: int) -> bool:
        lines = out.render_lines(table, out.options.update_width(width), pad=False)
        return any("…" in segment.text for line in lines for segment in line)

    return build(True) if cut(out.width) and not cut(100_000) else table


#: The title of the awards table, by the edition's money heading.
TAKEN = {"Notes": mark("Notes taken"), "Cards": mark("Cards taken")}


def _awards_table(rp: Replay, narrow: bool = False) -> Table:
    """Who took which money: a row per round; ``narrow``: a row per casino (fits 60 columns)."""
    from rich.table import Table

    from rulesref.las_vegas.model import CASINOS, HOUSE

    cells: dict[tuple[int, int], str] = {}
    for r in rp.rounds:
        by_casino = {p.casino: p for p in r.payouts}
        for c in CASINOS:
            p = by_casino.get(c)
            taken = "\n".join(f"{_('white') if n == HOUSE else n} {_k(v)}" for n, v in p.awards) if p else "-"
            cells[r.number, c] = taken or _("nobody")
    table = Table(title=_(TAKEN[rp.game.rules.money_heading]), show_edge=True)
    if narrow:
        table.add_column(_("Casino"), justify="right")
        for r in rp.rounds:
            table.add_column(_("Round {n}").format(n=r.number))
        for c in CASINOS:
            table.add_row(str(c), *(cells[r.number, c] for r in rp.rounds))
        return table
    table.add_column(_("Round"), justify="right")
    for c in CASINOS:
        table.add_column(_("Casino {n}").format(n=c))
    for r in rp.rounds:
        table.add_row(str(r.number), *(cells[r.number, c] for c in CASINOS))
    return table


def _print_standings(out: Console, rp: Replay) -> None:
    from rich.table import Table

    title = (
        _("Final standings")
        if rp.complete
        else _("Standings after round {n} of {rounds} (game not finished)").format(
            n=len(rp.rounds), rounds=rp.game.rules.rounds
        )
    )
    table = Table(title=title, show_edge=True)
    figures = rp.game.rules.standing_columns
    table.add_column(_("Place"), justify="right")
    table.add_column(_("Player"), justify="left")
    for name, _figure in figures:
        table.add_column(_(name), justify="right")
    for s in rp.standings:
        table.add_row(str(s.place), s.player, *_figures(s, figures))
    out.print(table)
    _print_verdict(out, rp)


def _print_verdict(out: Console, rp: Replay) -> None:
    if not rp.complete:
        out.print(
            _("After round {n} of {rounds}: the game is not finished.").format(
                n=len(rp.rounds), rounds=rp.game.rules.rounds
            ),
            markup=False,
        )
    tiles = sum(len(r.tiles) for r in rp.rounds)
    if tiles:
        out.print(_("Money includes {n} casino-tile reward(s).").format(n=tiles), markup=False)
    done = rp.complete
    word = _(rp.game.rules.money_heading).lower()
    if rp.decided_by.value == "shared":
        said = _("Winner: {players} share it — {why}.") if done else _("Leading: {players} share it — {why}.")
        out.print(said.format(players=_(" and ").join(rp.winners), why=rp.what_was_equal()), markup=False)
    elif rp.decided_by.value == "notes":
        top, rivals = rp.standings[0], rp.rivals
        said = (
            _("Winner: {player} — tied on {money} with {rivals}, wins the tie-break with {n} {word} to {m}.")
            if done
            else _("Leading: {player} — tied on {money} with {rivals}, wins the tie-break with {n} {word} to {m}.")
        )
        out.print(
            said.format(
                player=top.player,
                money=_usd(top.total),
                rivals=", ".join(s.player for s in rivals),
                n=top.notes,
                word=word,
                m=rivals[0].notes,
            ),
            markup=False,
        )
    elif rp.winners:
        said = _("Winner: {player} with {money}.") if done else _("Leading: {player} with {money}.")
        out.print(said.format(player=rp.winners[0], money=_usd(rp.standings[0].total)), markup=False)
    out.print(_rules_line(rp.citations), markup=False)


# --------------------------------------------------------------------------- group commands


@app.command("score")
@guarded
def score_cmd(file: GameFileArg, as_json: JsonOption = False) -> int:
    """Final scores of a game file: money taken at each casino, standings, winner, tie-break.

    Example: cluesolver las-vegas score examples/las-vegas-night.toml
    """
    return score_file(file, as_json=as_json)


@app.command("replay")
@guarded
def replay_cmd(
    file: GameFileArg,
    at: Annotated[int | None, typer.Option("--at", help="Stop after this round.")] = None,
    why: Annotated[str | None, typer.Option("--why", help="Explain a player's money, e.g. --why Anna.")] = None,
    as_json: JsonOption = False,
) -> int:
    """Replay a game file round by round, with every payout and the running totals.

    Example: cluesolver las-vegas replay examples/las-vegas-night.toml --at 2
    """
    return replay_file(file, as_json=as_json, at=at, why=why)


@app.command("check")
@guarded
def check_cmd(file: GameFileArg, as_json: JsonOption = False) -> int:
    """Check a game file against the rules; every problem with its rule section, exit 1 if any.

    Example: cluesolver las-vegas check examples/las-vegas-broken.toml
    """
    return check_file(file, as_json=as_json)


@app.command("editions")
@guarded
def editions_cmd(as_json: JsonOption = False) -> int:
    """What each edition plays with: players, rounds, dice, money.

    Example: cluesolver las-vegas editions
    """
    from rich.table import Table

    from rulesref.las_vegas.editions import RULES
    from rulesref.las_vegas.jsonout import editions_json

    if as_json:
        emit_json(editions_json())
        return EXIT_OK
    table = Table(title="Las Vegas editions", show_edge=True)
    for col in ("Edition", "Players", "Rounds", "Dice each", "Money", "Each casino gets"):
        table.add_column(col)
    for r in RULES.values():
        dice = f"{r.dice_per_player - 1} + big" if r.big_die else str(r.dice_per_player)
        money = (
            f"{r.supply_count} {r.money_word}s, {_k(r.denominations[0])} to {_k(r.denominations[-1])} "
            f"({_usd(r.supply_total)})"
        )
        stock = (
            f"exactly {r.cards_per_casino} cards"
            if r.cards_per_casino
            else f"notes up to at least {_usd(r.minimum_stake or 0)}"
        )
        table.add_row(
            f"{r.edition.value}\n({r.title})", f"{r.min_players}-{r.max_players}", str(r.rounds), dice, money, stock
        )
    console().print(table)
    return EXIT_OK
