"""Lords of Vegas: board, payouts with score-track breaks, action costs, gamble, game logs.

Every command parses its arguments, calls one function of the library
(:mod:`rulesref.lords.table` for the group's questions, :mod:`rulesref.lords.game` for
``check``/``score``/``replay``) and prints the result; the renderers ``show_check``,
``show_score`` and ``show_replay`` serve the top-level verbs too.  Only typer, the standard
library and ``cluesolver.cli.common`` are imported at load time.
"""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from cluesolver.cli.common import EXIT_OK, EXIT_PROBLEMS, JsonOption, console, emit_json, guarded
from rulesref.core.i18n import _, mark, n_, number

if TYPE_CHECKING:
    from rich.console import Console

    from rulesref.core.findings import CheckReport, Finding
    from rulesref.lords.payout import Payout
    from rulesref.lords.replay import Replay
    from rulesref.lords.results import FinalScore, Position
    from rulesref.lords.standings import Standings
    from rulesref.lords.state import State

app = typer.Typer(
    help="Lords of Vegas: board, payouts, score track, action costs, gamble, game logs.\n\n"
    "Example: cluesolver lords payout examples/lords-midgame.toml --card D5",
    no_args_is_help=True,
)

BoardArg = Annotated[Path, typer.Argument(help="A Lords of Vegas state file (TOML).", show_default=False)]
PlayerOpt = Annotated[str | None, typer.Option("--player", "-p", help="Who acts (default: whose turn the file says).")]
OutOpt = Annotated[Path | None, typer.Option("--out", "-o", help="Write the state after it here (TOML).")]
DieFromOpt = Annotated[
    str | None, typer.Option("--die-from", help="When all of the player's dice are out: the tile to take one from.")
]
ColourOpt = Annotated[str | None, typer.Option("--colour", "--color", help="Tile colour or company.")]


# -- helpers -----------------------------------------------------------------
def _table(*columns: str, title: str | None = None) -> Any:
    from rich import box
    from rich.table import Table

    table = Table(title=title, box=box.SIMPLE_HEAD, title_justify="left", show_edge=False)
    for col in columns:
        table.add_column(col, overflow="fold")
    return table


def _add(table: Any, *cells: str) -> None:
    """Add a row of plain text (rule ids in brackets are not rich markup)."""
    from rich.text import Text

    table.add_row(*(Text(c) for c in cells))


def _print_reasons(out: Console, heading: str, items: Iterable[Finding]) -> None:
    items = list(items)
    if items:
        out.print(heading, markup=False)
        for r in items:
            out.print(f"  - {r.message}  {r.rule}", markup=False)


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'s' if n != 1 else ''}"


def _count(n: int, what: str) -> str:
    """``n`` rule problems, lines, turns or points, in the language spoken now."""
    forms = {
        "rule problem": n_("{n} rule problem", "{n} rule problems", n),
        "line": n_("{n} line", "{n} lines", n),
        "turn": n_("{n} turn", "{n} turns", n),
        "point": n_("{n} point", "{n} points", n),
    }
    return forms[what].format(n=n)


#: The companies' colours (``rulesref.lords.board.Company.colour``), for the catalogue.
COLOURS = (mark("purple"), mark("gold"), mark("aqua"), mark("silver"), mark("brown"))


def _int(value: object) -> int:
    return value if isinstance(value, int) else 0


def _render_state(out: Console, state: State, *, picture: bool = False) -> None:
    """Players and casinos; with ``picture``, the board too (which lots touch)."""
    players = _table(_("Player"), _("Money"), _("Points"), _("Markers"), _("Dice out"), title=_("Players"))
    for p in state.players:
        turn = _(" (to play)") if p.name == state.turn and not state.over else ""
        _add(
            players,
            p.name + turn,
            f"${p.money}",
            str(p.points),
            " ".join(state.markers_of(p.name)) or "-",
            str(state.dice_on_board(p.name)),
        )
    out.print(players)
    table = _table(_("Casino"), _("Colour"), _("Tiles"), _("Strip"), _("Dice"), _("Boss"), title=_("Casinos"))
    for c in state.casinos():
        dice = ", ".join(f"{x} {d}" for x, d in c.dice) or "-"
        _add(
            table,
            c.name,
            _(c.company.colour),
            str(c.size),
            _("yes") if c.on_strip else _("no"),
            dice,
            c.boss.describe() + (f" ({', '.join(c.boss.tied)})" if c.boss.tied else ""),
        )
    if table.row_count:
        out.print(table)
    else:
        out.print(_("No casinos yet."), markup=False)
    if picture:
        for line in board_picture(state, out.width if out.is_terminal else None):
            out.print(line, markup=False)
    if state.over:
        out.print(_("The game is over (End of Game card drawn)."), markup=False)


#: Width of one lot in the board picture: the label (``C12``) and what is on it (4 letters).
_LOT_CELL = 8
_GAP = "  "


def board_picture(state: State, width: int | None = None) -> list[str]:
    """The board as printed, block by block, with what is on each lot; ``width``: the terminal's.

    ``[n]`` is a tile of the n-th casino of the Casinos table, a name (4 letters) a marker,
    ``·`` an empty lot.  Blocks facing each other across the Strip (``|``) sit side by side
    unless ``width`` is too narrow for two.
    """
    from rulesref.lords.board import across_the_strip, block_rows

    key = {label: n for n, c in enumerate(state.casinos(), 1) for label in c.lots}

    def cell(label: str) -> str:
        what = f"[{key[label]}]" if label in key else state.markers.get(label, "·")[:4]
        return f"{label:<3} {what:<4}"

    def block(name: str) -> list[str]:
        return [_GAP.join(cell(x) for x in row) for row in block_rows(name)]

    side = 3 * _LOT_CELL + 2 * len(_GAP)
    lines = [_("Board")]
    together = width is None or width >= 2 * side + 3
    for n, (left, right) in enumerate(across_the_strip()):
        if together:
            rows_left, rows_right = block(left), block(right)
            rows = max(len(rows_left), len(rows_right))
            rows_left += [""] * (rows - len(rows_left))
            rows_right += [""] * (rows - len(rows_right))
            lines += [f"{'':<{side}} |"] if n else []
            block_name = _("Block {name}")
            lines.append(f"{block_name.format(name=left):<{side}} | {block_name.format(name=right)}")
            lines += [f"{a:<{side}} | {b}".rstrip() for a, b in zip(rows_left, rows_right)]
        else:
            for name, said in (
                (left, _("Block {name} (the Strip on its right)")),
                (right, _("Block {name} (the Strip on its left)")),
            ):
                lines.append(said.format(name=name))
                lines += [row.rstrip() for row in block(name)]
    lines.append(
        _(
            "| is the Strip. A street runs round every block: only lots side by side or one above the other "
            "in a block touch. [n]: a tile of casino n, a name: a marker, ·: an empty lot."
        )
    )
    casinos = [f"[{n}] {c.name}" for n, c in enumerate(state.casinos(), 1)]
    if casinos:
        lines.append(_("Casinos: {casinos}").format(casinos=", ".join(casinos)))
    return lines


def _show_position(position: Position, *, as_json: bool) -> int:
    if as_json:
        emit_json(position.to_json())
    else:
        _render_state(console(), position.state, picture=True)
    return EXIT_OK


# -- board ---------------------------------------------------------------------
@app.command("board")
@guarded
def board(file: BoardArg, as_json: JsonOption = False) -> int:
    """Show a state: players, money, points, markers, casinos and their bosses.

    Example: cluesolver lords board examples/lords-midgame.toml
    """
    from rulesref.lords import table

    return _show_position(table.board(file), as_json=as_json)


@app.command("lots")
@guarded
def lots_cmd(
    block: Annotated[str | None, typer.Option("--block", help="Only this block (A .. F).")] = None,
    as_json: JsonOption = False,
) -> int:
    """List the printed lots: die, build and sprawl cost, card colour, Strip border.

    Example: cluesolver lords lots --block C
    """
    from rulesref.lords import jsonview, table

    rows = table.lots_in(block)
    if as_json:
        emit_json([jsonview.lot(x) for x in rows])
        return EXIT_OK
    grid = _table(_("Lot"), _("Die"), _("Build"), _("Sprawl"), _("Start $"), _("Card pays"), _("Strip"))
    for x in rows:
        _add(
            grid,
            x.label,
            str(x.die),
            f"${x.cost}",
            f"${x.sprawl_cost}",
            f"${x.setup_value}",
            x.pays if isinstance(x.pays, str) else str(x.pays),
            _("yes") if x.strip else _("no"),
        )
    console().print(grid)
    return EXIT_OK


# -- track -----------------------------------------------------------------------
@app.command("track")
@guarded
def track(
    at: Annotated[int, typer.Option("--from", "--at", help="Where the scoring chip stands now.")],
    casino_points: Annotated[str, typer.Option("--casinos", help="Points of each paying casino, e.g. 1,1,3.")],
    as_json: JsonOption = False,
) -> int:
    """Move a chip on the score track casino by casino (smallest first), with breaks.

    Example: cluesolver lords track --from 8 --casinos 1,1,3
    """
    from rulesref.lords import jsonview, table

    run = table.track(at, casino_points)
    if as_json:
        emit_json(jsonview.track_answer(run))
        return EXIT_OK
    out = console()
    grid = _table(_("Casino points"), _("From"), _("To"), _("Lost"))
    for m in run.moves:
        _add(grid, str(m.points), str(m.start), str(m.end), str(m.lost))
    out.print(grid)
    out.print(
        n_(
            "Chip ends on {end} ({gained}); {n} point lost at breaks.  {rule}",
            "Chip ends on {end} ({gained}); {n} points lost at breaks.  {rule}",
            run.lost,
        ).format(end=run.end, gained=f"{'+' if run.gained >= 0 else ''}{run.gained}", n=run.lost, rule=run.rule),
        markup=False,
    )
    return EXIT_OK


# -- payout --------------------------------------------------------------------------
def _render_payout(out: Console, p: Payout) -> None:
    pays = _("the Strip") if p.pays == "Strip" else str(p.pays)
    out.print(
        _("Card {card} pays {pays}; drawn by {player}.").format(card=p.card, pays=pays, player=p.drawer), markup=False
    )
    if p.problems:
        _print_reasons(out, _("This draw is not possible:"), p.problems)
        return
    used = [w for w in p.warnings if w.code == "used-card"]
    _print_reasons(out, _("Warning: this card cannot come up now; paid anyway without a take-over:"), used)
    _print_reasons(out, _("Warning:"), [w for w in p.warnings if w.code != "used-card"])
    out.print(_("Take-over: {what}.").format(what=p.takeover.text) + f"  {p.takeover.rule}", markup=False)
    grid = _table(_("Paying casino"), _("Tiles"), _("Money to dice"), _("Points"))
    for c in p.casinos:
        money = ", ".join(f"{k} ${v}" for k, v in c.money.items()) or "-"
        pts = _("{points} to {player}").format(points=c.points, player=c.boss) if c.points else (c.note or "-")
        _add(grid, c.casino.name, str(c.casino.size), money, pts)
    if p.casinos:
        out.print(grid)
    else:
        out.print(_("No casino is paid by this card."), markup=False)
    players = _table(_("Player"), _("Money"), _("+Lots"), _("+Casinos"), _("=Money"), _("Points"), _("=Points"))
    for x in p.players:
        _add(
            players,
            x.name,
            f"${x.money_before}",
            f"${x.lots}",
            f"${x.casinos}",
            f"${x.money_after}",
            str(x.points_before),
            str(x.points_after),
        )
    out.print(players)
    for x in p.players:
        for m in x.run.moves:
            lost = _(", {n} lost at a break").format(n=m.lost) if m.lost else ""
            moved = _("{player}: +{points} from {start} -> {end}").format(
                player=x.name, points=m.points, start=m.start, end=m.end
            )
            out.print(f"  {moved}{lost}", markup=False)
    out.print(_("Rules: {rules}").format(rules="; ".join(str(r) for r in p.rules)), markup=False)
    _print_reasons(out, _("Notes:"), p.notes)


@app.command("payout")
@guarded
def payout(
    file: BoardArg,
    card: Annotated[str, typer.Option("--card", "-c", help="The drawn card: a lot (D8) or END.")],
    player: PlayerOpt = None,
    reroll: Annotated[
        list[str] | None,
        typer.Option(
            "--reroll", help="Break a boss tie the take-over causes: new numbers of the tied dice, e.g. C3=4,C2=2."
        ),
    ] = None,
    die_from: DieFromOpt = None,
    out_file: OutOpt = None,
    as_json: JsonOption = False,
) -> int:
    """Who gets what money and points when a card is drawn (with take-over and breaks).

    A card that was already used is paid anyway, with a warning. Exit 1 when the draw is
    impossible (the game is over, a die must move, a reroll does not fit the tie).

    Example: cluesolver lords payout examples/lords-midgame.toml --card D5
    """
    from rulesref.lords import jsonview, table

    result = table.payout(file, card, player=player, rerolls=reroll or [], die_from=die_from, out=out_file)
    if as_json:
        emit_json(jsonview.payout(result))
    else:
        _render_payout(console(), result)
    return EXIT_PROBLEMS if result.problems else EXIT_OK


# -- cost -------------------------------------------------------------------------
@app.command("cost")
@guarded
def cost(
    action: Annotated[str, typer.Argument(help="build, sprawl, remodel or reorganize.", show_default=False)],
    lot: Annotated[
        str, typer.Argument(help="The lot (for remodel/reorganize: any lot of the casino).", show_default=False)
    ],
    board_file: Annotated[
        Path | None, typer.Option("--file", "-f", "--board", "-b", help="State file: also check legality.")
    ] = None,
    player: PlayerOpt = None,
    colour: ColourOpt = None,
    rolls: Annotated[str | None, typer.Option("--rolls", help="Reorganize: the new numbers, e.g. C3=5,C2=1.")] = None,
    die_from: DieFromOpt = None,
    out_file: OutOpt = None,
    as_json: JsonOption = False,
) -> int:
    """Cost and legality of an action; every reason it is illegal, with its rule.

    Without --file only the printed price of build/sprawl is shown. Exit 1 when illegal.

    Example: cluesolver lords cost sprawl C5 --file examples/lords-midgame.toml
    """
    from rulesref.lords import jsonview, table

    result = table.cost(
        action, lot, board=board_file, player=player, colour=colour, rolls=rolls, die_from=die_from, out=out_file
    )
    if as_json:
        emit_json(jsonview.action(result))
        return EXIT_OK if result.legal else EXIT_PROBLEMS
    out = console()
    verb = _(ACTION_WORDS.get(result.action, result.action)).capitalize()
    if result.printed is not None:
        said = (
            _("{verb} on {lot} costs ${cost} (printed price ${printed}, doubled).  {rule}")
            if result.action == "sprawl"
            else _("{verb} on {lot} costs ${cost} (printed price ${printed}).  {rule}")
        )
        out.print(
            said.format(verb=verb, lot=result.target, cost=result.cost, printed=result.printed, rule=result.rule),
            markup=False,
        )
        return EXIT_OK
    said = (
        _("{verb} {lot} by {player}: ${cost}, legal.  {rule}")
        if result.legal
        else _("{verb} {lot} by {player}: ${cost}, NOT legal.  {rule}")
    )
    out.print(
        said.format(verb=verb, lot=result.target, player=result.player, cost=result.cost, rule=result.rule),
        markup=False,
    )
    _print_reasons(out, _("Why not:"), result.reasons)
    _print_reasons(out, _("Notes:"), result.notes)
    return EXIT_OK if result.legal else EXIT_PROBLEMS


# -- gamble ------------------------------------------------------------------------
def _pct(f: Any) -> str:
    return number(float(f) * 100, ".1f") + "%"


#: The building actions' names (:data:`rulesref.lords.actions.ACTIONS`), for the catalogue.
ACTION_WORDS = {
    "build": mark("build"),
    "sprawl": mark("sprawl"),
    "remodel": mark("remodel"),
    "reorganize": mark("reorganize"),
}


@app.command("gamble")
@guarded
def gamble(
    board_file: Annotated[Path, typer.Option("--file", "-f", "--board", "-b", help="State file.")],
    casino: Annotated[str, typer.Option("--casino", "-c", help="Any lot of the casino to bet in.")],
    bet: Annotated[str, typer.Option("--bet", help="The bet in $ millions, e.g. 10, $10 or $10M.")],
    player: PlayerOpt = None,
    layoff: Annotated[bool, typer.Option("--layoff", help="The boss lays off half the bet to the bank.")] = False,
    roll: Annotated[int | None, typer.Option("--roll", help="The sum rolled on two dice: settle the bet.")] = None,
    as_json: JsonOption = False,
) -> int:
    """Bet limit, odds and expected value of a gamble (settled when --roll is given).

    Exit 1 when the bet is not allowed.

    Example: cluesolver lords gamble --file examples/lords-midgame.toml --casino C3 --bet 15
    """
    from rulesref.lords import jsonview, table

    q = table.gamble(board_file, casino, bet, player=player, layoff=layoff, roll=roll)
    if as_json:
        emit_json(jsonview.gamble(q))
        return EXIT_OK if q.legal else EXIT_PROBLEMS
    out = console()
    who = q.gambler
    where = q.casino.name if q.casino else casino
    boss = q.casino.boss.describe() if q.casino else "-"
    out.print(
        _("{player} bets ${bet} in {casino} (boss: {boss}); limit ${limit}.  {rule}").format(
            player=who, bet=q.bet, casino=where, boss=boss, limit=q.limit, rule=q.rule
        ),
        markup=False,
    )
    if not q.legal:
        _print_reasons(out, _("Not allowed:"), q.reasons)
        return EXIT_PROBLEMS
    grid = _table(_("Roll (2d6)"), _("Chance"), f"{who}", _("Boss"), _("Bank"))
    for s in q.settlements:
        _add(
            grid,
            ", ".join(map(str, s.outcome.sums)),
            f"{s.outcome.chance} ({_pct(s.outcome.chance)})",
            f"{s.gambler:+d}",
            f"{s.boss:+d}",
            f"{s.bank:+d}",
        )
    out.print(grid)
    owner = q.casino.boss.owner if q.casino else None
    for s in q.settlements:
        if s.capped:
            half = _(" (the boss's half after the lay-off; the bank pays its half in full)") if q.layoff else ""
            out.print(
                _(
                    "On {sums} {owner} owes ${owed}{half} but has only ${has}: the boss's cash caps the payment, "
                    "so {player} gets {gain}.  {rule}"
                ).format(
                    sums=", ".join(map(str, s.outcome.sums)),
                    owner=owner,
                    owed=s.owed,
                    half=half,
                    has=-s.boss,
                    player=who,
                    gain=f"{s.gambler:+d}",
                    rule=q.rule,
                ),
                markup=False,
            )
    exp = q.expected
    out.print(
        _("Chance to win: {chance} ({pct}). Expected gain: {gain} per bet (exactly {exact}).").format(
            chance=q.win_chance, pct=_pct(q.win_chance), gain=number(float(exp), "+.2f"), exact=exp
        ),
        markup=False,
    )
    if q.result is not None:
        s = q.result
        out.print(
            _("Rolled {roll}: {outcome}; {player} {gain}, boss {boss}").format(
                roll=roll, outcome=_(s.outcome.name), player=who, gain=f"{s.gambler:+d}", boss=f"{s.boss:+d}"
            )
            + (_(", bank {money}").format(money=f"{s.bank:+d}") if s.bank else "")
            + (_(" (the boss owed ${money}: capped by the boss's cash)").format(money=s.owed) if s.capped else "")
            + ".",
            markup=False,
        )
    return EXIT_OK


# -- renderers of the verbs over files (check / score / replay) ---------------------------
def _render_standings(out: Console, st: Standings, title: str | None = None, pending: Iterable[Finding] = ()) -> None:
    waiting = list(pending)
    title = title if title is not None else _("Standings")
    grid = _table(
        _("Place"), _("Player"), _("Points"), _("Money"), title=title + (_(" (not final)") if waiting else "")
    )
    for r in st.rows:
        _add(grid, str(r.place), r.name, str(r.points), f"${r.money}")
    out.print(grid)
    if waiting:
        _print_reasons(out, _("No winner yet:"), waiting)
        out.print(
            _("Record the reroll (rerolls = [...] in a state file, a reroll line in a log) and score again."),
            markup=False,
        )
        return
    winner = _("Winner: {players}: {why}.").format(players=", ".join(st.winners), why=st.decided_by.message)
    out.print(f"{winner}  {st.decided_by.rule}", markup=False)


def _render_differences(out: Console, differences: Iterable[Any]) -> None:
    rows = list(differences)
    if not rows:
        out.print(_("The recorded final scores match the replay."), markup=False)
        return
    grid = _table(
        _("Player"),
        _("Recorded points"),
        _("Replayed points"),
        _("Recorded money"),
        _("Replayed money"),
        title=_("Recorded final scores differ from the replay"),
    )
    for d in rows:
        _add(
            grid,
            d["player"],
            str(d["recorded"]["points"]),
            str(d["computed"]["points"]),
            f"${d['recorded']['money']}",
            f"${d['computed']['money']}",
        )
    out.print(grid)


def show_check(report: CheckReport, *, path: Path, as_json: bool) -> int:
    """``check``: every rule problem of a state or a game log; exit 1 if any."""
    code = EXIT_OK if report.ok else EXIT_PROBLEMS
    if as_json:
        emit_json(report.to_json())
        return code
    out = console()
    summary = report.summary
    problems = [f for f in report.errors if f.code != "recorded-score"]
    others = [f for f in report.findings if not f.is_error]
    if summary.get("kind") == "state":
        if problems:
            _print_reasons(out, f"{path}: {_count(len(problems), 'rule problem')}:", problems)
        else:
            out.print(_("{path}: no rule problems.").format(path=path), markup=False)
        _print_reasons(out, _("Notes:"), others)
        return code
    for f in problems:
        out.print(f"{path}:{f.line}: {f.message}  {f.rule}", markup=False)
        out.print(f"    {f.text}", markup=False)
    raw = summary.get("differences")
    differences: list[Any] = list(raw) if isinstance(raw, list) else []
    if summary.get("recorded"):
        _render_differences(out, differences)
    _print_reasons(out, _("Notes:"), others)
    if report.ok:
        out.print(
            _("{path}: {lines}, {turns}, no rule problems.").format(
                path=path,
                lines=_count(_int(summary.get("lines")), "line"),
                turns=_count(_int(summary.get("turns")), "turn"),
            ),
            markup=False,
        )
    else:
        differ = len(differences)
        tail = (
            n_(", {n} recorded score differs", ", {n} recorded scores differ", differ).format(n=differ)
            if differ
            else ""
        )
        out.print(f"{path}: {_count(len(problems), 'rule problem')}{tail}.", markup=False)
    return code


def show_score(result: FinalScore, *, path: Path, as_json: bool) -> int:
    """``score``: the final payout and standings of a state, or the standings of a game log."""
    code = EXIT_PROBLEMS if result.pending else EXIT_OK
    if as_json:
        emit_json(result.to_json())
        return code
    out = console()
    if result.kind == "state":
        if result.final_payout is not None:
            out.print(_("Final payout (End of Game card: owned lots, then the Strip casinos):"), markup=False)
            _render_payout(out, result.final_payout)
        else:
            out.print(_("The game is already over; standings as recorded."), markup=False)
        _render_standings(out, result.standings, pending=result.pending)
        return code
    if not result.finished:
        turns = result.replay.turns if result.replay is not None else 0
        out.print(_("The game is not finished (after turn {n}): standings so far.").format(n=turns), markup=False)
    _render_standings(
        out, result.standings, _("Final standings") if result.finished else _("Standings so far"), result.pending
    )
    if result.replay is not None and result.replay.recorded:
        _render_differences(out, (d.to_json() for d in result.differences))
    if result.problems:
        out.print(
            _("Note: the log has {n} rule problem(s); run 'cluesolver check {path}'.").format(
                n=len(result.problems), path=path
            ),
            markup=False,
        )
    return code


def _show_why(r: Replay, player: str, *, as_json: bool) -> int:
    changes = r.why(player)
    code = EXIT_OK if r.ok else EXIT_PROBLEMS
    if as_json:
        emit_json({"player": player, "changes": [c.to_json() for c in changes]})
        return code
    last = changes[-1] if changes else None
    grid = _table(
        _("Line"),
        _("Turn"),
        _("Log line"),
        _("Money"),
        _("Points"),
        _("Total"),
        title=_("Why {player} has {money} and {points}").format(
            player=player,
            money=f"${last.money_after if last else 0}",
            points=_count(last.points_after if last else 0, "point"),
        ),
    )
    for c in changes:
        _add(
            grid,
            str(c.line),
            str(c.turn),
            c.text,
            f"{c.money:+d}" if c.money else "-",
            f"{c.points:+d}" if c.points else "-",
            _("${money}, {points} pts").format(money=c.money_after, points=c.points_after),
        )
    console().print(grid)
    return code


def show_replay(result: Replay | Position, *, path: Path, as_json: bool, why: str | None = None) -> int:
    """``replay``: a game log step by step (exit 1 on rule problems); a state file is just shown.

    ``why`` names a player: every line that changed their money or points.
    """
    from rulesref.lords.results import Position

    if isinstance(result, Position):
        return _show_position(result, as_json=as_json)
    r = result
    if why is not None:
        return _show_why(r, why.strip(), as_json=as_json)
    code = EXIT_OK if r.ok else EXIT_PROBLEMS
    if as_json:
        emit_json(r.to_json())
        return code
    out = console()
    grid = _table(_("Line"), _("Turn"), _("What happened"), _("Rule problems"))
    for s in r.steps:
        probs = "\n".join(f"{p.message} {p.rule}" for p in s.problems) or "-"
        _add(grid, str(s.line), str(s.turn), s.summary, probs)
    out.print(grid)
    where = (
        _("Position after turn {n}:").format(n=r.stopped_at)
        if r.stopped_at is not None
        else (
            _("Position game over:")
            if r.finished
            else _("Position after turn {n}, game not finished:").format(n=r.turns)
        )
    )
    out.print(where, markup=False)
    _render_state(out, r.state, picture=True)
    if r.finished and r.stopped_at is None:
        _render_standings(out, r.standings, _("Final standings"))
    if r.recorded and r.stopped_at is None:
        _render_differences(out, (d.to_json() for d in r.differences))
    n = len(r.problems)
    out.print(
        n_("{n} rule problem found.", "{n} rule problems found.", n).format(n=n)
        if n
        else _("Every step follows the rules."),
        markup=False,
    )
    return code


# -- the verbs: thin wrappers kept for cli/verbs.py -----------------------------------
def check_file(path: Path, *, as_json: bool) -> int:
    """``cluesolver check``: rule problems of a state, or every step of a game log."""
    from rulesref.lords import game

    return show_check(game.check_file(path), path=path, as_json=as_json)


def score_file(path: Path, *, as_json: bool) -> int:
    """``cluesolver score``: the final payout (End of Game card) and the standings."""
    from rulesref.lords import game

    return show_score(game.score_file(path), path=path, as_json=as_json)


def replay_file(path: Path, *, as_json: bool, at: int | None, why: str | None) -> int:
    """``cluesolver replay``: a game log step by step (a state file is just shown)."""
    from rulesref.lords import game

    return show_replay(game.replay_file(path, at=at), path=path, as_json=as_json, why=why)


FileArg = Annotated[Path, typer.Argument(help="A Lords of Vegas state (TOML) or game log (.lov).", show_default=False)]


@app.command("replay")
@guarded
def replay_cmd(
    file: FileArg,
    at: Annotated[int | None, typer.Option("--at", help="Stop after this turn.")] = None,
    why: Annotated[str | None, typer.Option("--why", help="List every line that changed this player's score.")] = None,
    as_json: JsonOption = False,
) -> int:
    """Replay a game log step by step, every line checked (a state file is just shown). Exit 1 on problems.

    Example: cluesolver lords replay examples/lords-night.lov --at 5
    """
    return replay_file(file, as_json=as_json, at=at, why=why)


@app.command("check")
@guarded
def check_cmd(file: FileArg, as_json: JsonOption = False) -> int:
    """Every rule problem in a state or game log, each with its rule; exit 1 if any.

    Example: cluesolver lords check examples/lords-mistakes.lov
    """
    return check_file(file, as_json=as_json)


@app.command("score")
@guarded
def score_cmd(file: FileArg, as_json: JsonOption = False) -> int:
    """Final payout, standings and tie-break of a state, or the standings of a game log.

    Example: cluesolver lords score examples/lords-midgame.toml
    """
    return score_file(file, as_json=as_json)
