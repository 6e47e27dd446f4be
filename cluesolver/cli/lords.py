"""Lords of Vegas: board, payouts with score-track breaks, action costs, gamble, game logs.

Only typer, the standard library and ``cluesolver.cli.common`` are imported here at load
time; the engine (``rulesref.lords``) is imported inside each command.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from cluesolver.cli.common import EXIT_OK, EXIT_PROBLEMS, JsonOption, console, emit_json, guarded

if TYPE_CHECKING:
    from rich.console import Console

    from rulesref.lords.state import State

app = typer.Typer(
    help="Lords of Vegas: board, payouts, score track, action costs, gamble, game logs.", no_args_is_help=True
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


def _print_reasons(out: Console, heading: str, items: Any) -> None:
    if items:
        out.print(heading, markup=False)
        for r in items:
            out.print(f"  - {r.message}  {r.rule}", markup=False)


def _load(path: Path) -> State:
    from rulesref.lords.loader import load_state

    return load_state(path)


def _player(state: State, player: str | None) -> str:
    from rulesref.core.errors import InputError, Problem
    from rulesref.lords.actions import require_player

    name = player or state.turn
    if name is None:
        raise InputError(Problem("say who acts with --player"))
    require_player(state, name)
    return name


def _render_state(out: Console, state: State) -> None:
    from rulesref.lords.state import casinos

    players = _table("Player", "Money", "Points", "Markers", "Dice out", title="Players")
    for p in state.players:
        turn = " (to play)" if p.name == state.turn and not state.over else ""
        _add(
            players,
            p.name + turn,
            f"${p.money}",
            str(p.points),
            " ".join(state.markers_of(p.name)) or "-",
            str(state.dice_on_board(p.name)),
        )
    out.print(players)
    table = _table("Casino", "Colour", "Tiles", "Strip", "Dice", "Boss", title="Casinos")
    for c in casinos(state):
        dice = ", ".join(f"{x} {d}" for x, d in c.dice) or "-"
        _add(
            table,
            c.name,
            c.company.colour,
            str(c.size),
            "yes" if c.on_strip else "no",
            dice,
            c.boss.describe() + (f" ({', '.join(c.boss.tied)})" if c.boss.tied else ""),
        )
    if table.row_count:
        out.print(table)
    else:
        out.print("No casinos yet.", markup=False)
    if state.over:
        out.print("The game is over (End of Game card drawn).", markup=False)


# -- board ---------------------------------------------------------------------
@app.command("board")
@guarded
def board(file: BoardArg, as_json: JsonOption = False) -> int:
    """Show a state: players, money, points, markers, casinos and their bosses.

    Example: cluesolver lords board examples/lords-midgame.toml
    """
    return _show_board(file, as_json=as_json)


def _show_board(path: Path, *, as_json: bool) -> int:
    from rulesref.lords import jsonview

    state = _load(path)
    if as_json:
        emit_json(jsonview.state(state))
    else:
        _render_state(console(), state)
    return EXIT_OK


@app.command("lots")
@guarded
def lots_cmd(
    block: Annotated[str | None, typer.Option("--block", help="Only this block (A .. F).")] = None,
    as_json: JsonOption = False,
) -> int:
    """List the printed lots: die, build and sprawl cost, card colour, Strip border.

    Example: cluesolver lords lots --block C
    """
    from rulesref.core.errors import InputError, Problem
    from rulesref.lords.board import lots

    rows = [x for x in lots().values() if block is None or x.block == block.strip().upper()]
    if not rows:
        raise InputError(Problem("no such block (A to F)", text=block))
    if as_json:
        emit_json(
            [
                {
                    "lot": x.label,
                    "die": x.die,
                    "cost": x.cost,
                    "sprawl_cost": x.sprawl_cost,
                    "setup_value": x.setup_value,
                    "card_pays": str(x.pays) if isinstance(x.pays, str) else x.pays.value,
                    "strip": x.strip,
                }
                for x in rows
            ]
        )
        return EXIT_OK
    table = _table("Lot", "Die", "Build", "Sprawl", "Start $", "Card pays", "Strip")
    for x in rows:
        _add(
            table,
            x.label,
            str(x.die),
            f"${x.cost}",
            f"${x.sprawl_cost}",
            f"${x.setup_value}",
            x.pays if isinstance(x.pays, str) else str(x.pays),
            "yes" if x.strip else "no",
        )
    console().print(table)
    return EXIT_OK


# -- track -----------------------------------------------------------------------
@app.command("track")
@guarded
def track(
    at: Annotated[int, typer.Option("--at", help="Where the scoring chip stands now.")],
    casino_points: Annotated[str, typer.Option("--casinos", help="Points of each paying casino, e.g. 1,1,3.")],
    as_json: JsonOption = False,
) -> int:
    """Move a chip on the score track casino by casino (smallest first), with breaks.

    Example: cluesolver lords track --at 8 --casinos 1,1,3
    """
    from rulesref.lords import jsonview
    from rulesref.lords.notation import parse_points
    from rulesref.lords.track import apply_casinos, check_space
    from rulesref.lords.verdict import rule

    check_space(at, "--at")
    run = apply_casinos(at, parse_points(casino_points))
    if as_json:
        emit_json({**jsonview.track_run(run), "rule": rule("score-track").to_json()})
        return EXIT_OK
    out = console()
    table = _table("Casino points", "From", "To", "Lost")
    for m in run.moves:
        _add(table, str(m.points), str(m.start), str(m.end), str(m.lost))
    out.print(table)
    out.print(
        f"Chip ends on {run.end} ({'+' if run.gained >= 0 else ''}{run.gained}); "
        f"{run.lost} point{'s' if run.lost != 1 else ''} lost at breaks.  {rule('score-track')}",
        markup=False,
    )
    return EXIT_OK


# -- payout --------------------------------------------------------------------------
def _render_payout(out: Console, p: Any) -> None:
    from rulesref.lords.verdict import rule

    pays = "the Strip" if p.pays == "Strip" else str(p.pays)
    out.print(f"Card {p.card} pays {pays}; drawn by {p.drawer}.", markup=False)
    if p.problems:
        _print_reasons(out, "This draw is not possible:", p.problems)
        return
    _print_reasons(out, "Warning: this card cannot come up now; paid anyway without a take-over:", p.warnings)
    out.print(f"Take-over: {p.takeover.text}.  {p.takeover.rule}", markup=False)
    table = _table("Paying casino", "Tiles", "Money to dice", "Points")
    for c in p.casinos:
        money = ", ".join(f"{k} ${v}" for k, v in c.money.items()) or "-"
        pts = f"{c.points} to {c.boss}" if c.points else (c.note or "-")
        _add(table, c.casino.name, str(c.casino.size), money, pts)
    if p.casinos:
        out.print(table)
    else:
        out.print("No casino is paid by this card.", markup=False)
    players = _table("Player", "Money", "+Lots", "+Casinos", "=Money", "Points", "=Points")
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
            lost = f", {m.lost} lost at a break" if m.lost else ""
            out.print(f"  {x.name}: +{m.points} from {m.start} -> {m.end}{lost}", markup=False)
    out.print(f"Rules: {rule('lot-income')}; {rule('payouts')}; {rule('score-track')}", markup=False)
    _print_reasons(out, "Notes:", p.notes)


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
    from rulesref.lords import jsonview
    from rulesref.lords.notation import parse_rolls
    from rulesref.lords.payout import draw

    state = _load(file)
    drawer = _player(state, player)
    rerolls = [parse_rolls(spec) for spec in reroll or []]
    result = draw(state, card, drawer, rerolls=rerolls, die_from=die_from, strict=False)
    if as_json:
        emit_json(jsonview.payout(result))
    else:
        _render_payout(console(), result)
    if out_file is not None and not result.problems:
        _write_state(out_file, result.state)
    return EXIT_PROBLEMS if result.problems else EXIT_OK


def _write_state(path: Path, state: State) -> None:
    """Write atomically: a temporary file next to the target, then rename."""
    import os
    import tempfile

    from rulesref.lords.loader import format_state

    text = format_state(state)
    fd, tmp = tempfile.mkstemp(prefix=".lords-", suffix=".toml", dir=str(path.parent or Path(".")))
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


# -- cost -------------------------------------------------------------------------
ACTIONS = ("build", "sprawl", "remodel", "reorganize")


@app.command("cost")
@guarded
def cost(
    action: Annotated[str, typer.Argument(help="build, sprawl, remodel or reorganize.", show_default=False)],
    lot: Annotated[
        str, typer.Argument(help="The lot (for remodel/reorganize: any lot of the casino).", show_default=False)
    ],
    board_file: Annotated[Path | None, typer.Option("--board", "-b", help="State file: also check legality.")] = None,
    player: PlayerOpt = None,
    colour: ColourOpt = None,
    rolls: Annotated[str | None, typer.Option("--rolls", help="Reorganize: the new numbers, e.g. C3=5,C2=1.")] = None,
    die_from: DieFromOpt = None,
    out_file: OutOpt = None,
    as_json: JsonOption = False,
) -> int:
    """Cost and legality of an action; every reason it is illegal, with its rule.

    Without --board only the printed price of build/sprawl is shown. Exit 1 when illegal.

    Example: cluesolver lords cost sprawl C5 --board examples/lords-midgame.toml
    """
    import difflib

    from rulesref.core.errors import InputError, Problem
    from rulesref.lords import actions, jsonview
    from rulesref.lords.board import lot as lot_of
    from rulesref.lords.notation import parse_rolls
    from rulesref.lords.verdict import rule

    verb = action.strip().lower().replace("reorganise", "reorganize")
    if verb not in ACTIONS:
        raise InputError(
            Problem(
                "unknown action", text=action, choices=tuple(difflib.get_close_matches(verb, ACTIONS, n=2, cutoff=0.3))
            )
        )
    here = lot_of(lot)
    if board_file is None:
        if verb in ("remodel", "reorganize"):
            raise InputError(Problem(f"the price of {verb} depends on the casino: give --board"))
        price = here.cost if verb == "build" else here.sprawl_cost
        if as_json:
            emit_json({"action": verb, "target": here.label, "cost": price, "rule": rule(verb).to_json()})
        else:
            console().print(
                f"{verb.capitalize()} on {here.label} costs ${price} (printed price ${here.cost}"
                f"{', doubled' if verb == 'sprawl' else ''}).  {rule(verb)}",
                markup=False,
            )
        return EXIT_OK
    state = _load(board_file)
    who = _player(state, player)
    if out_file is not None and colour is None and verb in ("build", "remodel"):
        raise InputError(Problem(f"say the tile colour with --colour to write the state after the {verb}"))
    if verb == "build":
        result = actions.build(state, who, here.label, colour, die_from)
    elif verb == "sprawl":
        result = actions.sprawl(state, who, here.label, colour, die_from)
    elif verb == "remodel":
        result = actions.remodel(state, who, here.label, colour)
    else:
        result = actions.reorganize(state, who, here.label, parse_rolls(rolls) if rolls else None)
    if as_json:
        emit_json(jsonview.action(result))
    else:
        out = console()
        verdict = "legal" if result.legal else "NOT legal"
        out.print(f"{verb.capitalize()} {here.label} by {who}: ${result.cost}, {verdict}.  {result.rule}", markup=False)
        _print_reasons(out, "Why not:", result.reasons)
        _print_reasons(out, "Notes:", result.notes)
    if out_file is not None and result.state is not None:
        _write_state(out_file, result.state)
    return EXIT_OK if result.legal else EXIT_PROBLEMS


# -- gamble ------------------------------------------------------------------------
def _pct(f: Any) -> str:
    return f"{float(f) * 100:.1f}%"


@app.command("gamble")
@guarded
def gamble(
    board_file: Annotated[Path, typer.Option("--board", "-b", help="State file.")],
    casino: Annotated[str, typer.Option("--casino", help="Any lot of the casino to bet in.")],
    bet: Annotated[int, typer.Option("--bet", help="The bet in $ millions.")],
    player: PlayerOpt = None,
    layoff: Annotated[bool, typer.Option("--layoff", help="The boss lays off half the bet to the bank.")] = False,
    roll: Annotated[int | None, typer.Option("--roll", help="The sum rolled on two dice: settle the bet.")] = None,
    as_json: JsonOption = False,
) -> int:
    """Bet limit, odds and expected value of a gamble (settled when --roll is given).

    Exit 1 when the bet is not allowed.

    Example: cluesolver lords gamble --board examples/lords-midgame.toml --casino C3 --bet 15
    """
    from rulesref.core.errors import InputError, Problem
    from rulesref.lords import jsonview
    from rulesref.lords.gamble import gamble as quote_gamble

    if bet < 1:
        raise InputError(Problem(f"a bet is a whole number of $ millions, at least 1, not {bet}", text=str(bet)))
    state = _load(board_file)
    who = _player(state, player)
    q = quote_gamble(state, who, casino, bet, layoff=layoff, roll=roll)
    if as_json:
        emit_json(jsonview.gamble(q))
        return EXIT_OK if q.legal else EXIT_PROBLEMS
    out = console()
    where = q.casino.name if q.casino else casino
    boss = q.casino.boss.describe() if q.casino else "-"
    out.print(f"{who} bets ${bet} in {where} (boss: {boss}); limit ${q.limit}.  {q.rule}", markup=False)
    if not q.legal:
        _print_reasons(out, "Not allowed:", q.reasons)
        return EXIT_PROBLEMS
    table = _table("Roll (2d6)", "Chance", f"{who}", "Boss", "Bank")
    for s in q.settlements:
        _add(
            table,
            ", ".join(map(str, s.outcome.sums)),
            f"{s.outcome.chance} ({_pct(s.outcome.chance)})",
            f"{s.gambler:+d}",
            f"{s.boss:+d}",
            f"{s.bank:+d}",
        )
    out.print(table)
    exp = q.expected
    out.print(
        f"Chance to win: {q.win_chance} ({_pct(q.win_chance)}). Expected gain: "
        f"{float(exp):+.2f} per bet (exactly {exp}).",
        markup=False,
    )
    if q.result is not None:
        s = q.result
        out.print(
            f"Rolled {roll}: {s.outcome.name}; {who} {s.gambler:+d}, boss {s.boss:+d}"
            + (f", bank {s.bank:+d}" if s.bank else "")
            + ".",
            markup=False,
        )
    return EXIT_OK


# -- verbs over files -----------------------------------------------------------------
def _is_log(path: Path) -> bool:
    """A game log starts with a ``game:`` header line; anything else is read as a TOML state."""
    import re

    from rulesref.core.files import read_text

    if path.suffix.lower() == ".toml":
        return False
    for raw in read_text(path).splitlines():
        line = raw.split("#", 1)[0].strip()
        if line:
            return re.match(r"game\s*:", line, re.IGNORECASE) is not None
    return path.suffix.lower() == ".lov"


def check_file(path: Path, *, as_json: bool) -> int:
    """``cluesolver check``: rule problems of a state, or every step of a game log."""
    if _is_log(path):
        return _check_log(path, as_json=as_json)
    from rulesref.lords import jsonview
    from rulesref.lords.checker import check_state, notes_for

    state = _load(path)
    problems, notes = check_state(state), notes_for(state)
    if as_json:
        emit_json(
            {
                "file": str(path),
                "ok": not problems,
                "problems": jsonview.reasons(problems),
                "notes": jsonview.reasons(notes),
            }
        )
    else:
        out = console()
        if problems:
            _print_reasons(out, f"{path}: {len(problems)} rule problem{'s' if len(problems) != 1 else ''}:", problems)
        else:
            out.print(f"{path}: no rule problems.", markup=False)
        _print_reasons(out, "Notes:", notes)
    return EXIT_PROBLEMS if problems else EXIT_OK


def _render_standings(out: Console, st: Any, title: str = "Standings") -> None:
    table = _table("Place", "Player", "Points", "Money", title=title)
    for r in st.rows:
        _add(table, str(r.place), r.name, str(r.points), f"${r.money}")
    out.print(table)
    out.print(f"Winner: {', '.join(st.winners)}: {st.decided_by.message}.  {st.decided_by.rule}", markup=False)


def score_file(path: Path, *, as_json: bool) -> int:
    """``cluesolver score``: the final payout (End of Game card) and the standings."""
    if _is_log(path):
        return _score_log(path, as_json=as_json)
    from rulesref.core.errors import InputError, Problem
    from rulesref.lords import jsonview
    from rulesref.lords.payout import draw
    from rulesref.lords.standings import standings

    state = _load(path)
    final = None
    if not state.over:
        drawer = state.turn or state.players[0].name
        final = draw(state, "END", drawer)
        if final.problems:
            raise InputError([Problem(r.message, path=str(path)) for r in final.problems])
        state = final.state
    st = standings(state)
    if as_json:
        emit_json(
            {
                "final_payout": jsonview.payout(final) if final else None,
                "standings": st.to_json(),
                "winners": list(st.winners),
                "decided_by": st.decided_by.to_json(),
            }
        )
        return EXIT_OK
    out = console()
    if final is not None:
        out.print("Final payout (End of Game card: owned lots, then the Strip casinos):", markup=False)
        _render_payout(out, final)
    else:
        out.print("The game is already over; standings as recorded.", markup=False)
    _render_standings(out, st)
    return EXIT_OK


def replay_file(path: Path, *, as_json: bool, at: int | None, why: str | None) -> int:
    """``cluesolver replay``: a game log step by step (a state file is just shown).

    ``--why PLAYER`` lists every line that changed that player's money or points.
    """
    if _is_log(path):
        return _replay_log(path, as_json=as_json, at=at, why=why)
    return _show_board(path, as_json=as_json)


def _replay(path: Path, at: int | None = None) -> Any:
    from rulesref.core.errors import InputError, Problem
    from rulesref.lords.gamelog import load_log
    from rulesref.lords.replay import replay

    if at is not None and at < 0:
        raise InputError(Problem("--at counts turns and cannot be negative", text=str(at)))
    return replay(load_log(path), at)


def _replay_json(r: Any) -> dict[str, Any]:
    from rulesref.lords import jsonview

    return {
        "players": list(r.log.players),
        "turns": r.turns,
        "finished": r.finished,
        "stopped_at": r.stopped_at,
        "steps": [
            {
                "line": s.line,
                "text": s.text,
                "turn": s.turn,
                "summary": s.summary,
                "problems": jsonview.reasons(s.problems),
                "notes": jsonview.reasons(s.notes),
            }
            for s in r.steps
        ],
        "problems": [{"line": s.line, **p.to_json()} for s, p in r.problems],
        "state": jsonview.state(r.state),
        "standings": r.standings.to_json(),
        "winners": list(r.standings.winners) if r.finished else [],
        "recorded": [{"player": f.player, "points": f.points, "money": f.money} for f in r.recorded],
        "differences": [
            {
                "player": d.player,
                "recorded": {"points": d.recorded_points, "money": d.recorded_money},
                "computed": {"points": d.points, "money": d.money},
            }
            for d in r.differences
        ],
    }


def _render_differences(out: Console, r: Any) -> None:
    if not r.recorded or r.stopped_at is not None:
        return
    if not r.differences:
        out.print("The recorded final scores match the replay.", markup=False)
        return
    table = _table(
        "Player",
        "Recorded points",
        "Replayed points",
        "Recorded money",
        "Replayed money",
        title="Recorded final scores differ from the replay",
    )
    for d in r.differences:
        _add(table, d.player, str(d.recorded_points), str(d.points), f"${d.recorded_money}", f"${d.money}")
    out.print(table)


def _exit_for(r: Any) -> int:
    return EXIT_PROBLEMS if r.problems or r.differences else EXIT_OK


def _replay_log(path: Path, *, as_json: bool, at: int | None, why: str | None = None) -> int:
    r = _replay(path, at)
    if why is not None:
        return _why(r, why.strip(), as_json=as_json)
    if as_json:
        emit_json(_replay_json(r))
        return _exit_for(r)
    out = console()
    table = _table("Line", "Turn", "What happened", "Rule problems")
    for s in r.steps:
        probs = "\n".join(f"{p.message} {p.rule}" for p in s.problems) or "-"
        _add(table, str(s.line), str(s.turn), s.summary, probs)
    out.print(table)
    where = (
        f"after turn {r.stopped_at}"
        if r.stopped_at is not None
        else ("game over" if r.finished else f"after turn {r.turns}, game not finished")
    )
    out.print(f"Position {where}:", markup=False)
    _render_state(out, r.state)
    if r.finished and r.stopped_at is None:
        _render_standings(out, r.standings, "Final standings")
    _render_differences(out, r)
    n = len(r.problems)
    out.print(f"{n} rule problem{'s' if n != 1 else ''} found." if n else "Every step follows the rules.", markup=False)
    return _exit_for(r)


def _why(r: Any, player: str, *, as_json: bool) -> int:
    from rulesref.lords.replay import history

    changes = history(r, player)
    if as_json:
        emit_json(
            {
                "player": player,
                "changes": [
                    {
                        "line": c.line,
                        "text": c.text,
                        "turn": c.turn,
                        "money": c.money,
                        "points": c.points,
                        "money_after": c.money_after,
                        "points_after": c.points_after,
                    }
                    for c in changes
                ],
            }
        )
        return _exit_for(r)
    table = _table(
        "Line",
        "Turn",
        "Log line",
        "Money",
        "Points",
        "Total",
        title=f"Why {player} has ${changes[-1].money_after if changes else 0} and "
        f"{changes[-1].points_after if changes else 0} points",
    )
    for c in changes:
        _add(
            table,
            str(c.line),
            str(c.turn),
            c.text,
            f"{c.money:+d}" if c.money else "-",
            f"{c.points:+d}" if c.points else "-",
            f"${c.money_after}, {c.points_after} pts",
        )
    console().print(table)
    return _exit_for(r)


def _check_log(path: Path, *, as_json: bool) -> int:
    r = _replay(path)
    if as_json:
        data = _replay_json(r)
        emit_json(
            {
                "file": str(path),
                "ok": _exit_for(r) == EXIT_OK,
                "problems": data["problems"],
                "differences": data["differences"],
            }
        )
        return _exit_for(r)
    out = console()
    for s, p in r.problems:
        out.print(f"{path}:{s.line}: {p.message}  {p.rule}", markup=False)
        out.print(f"    {s.text}", markup=False)
    _render_differences(out, r)
    if not r.problems and not r.differences:
        out.print(f"{path}: {len(r.steps)} lines, {r.turns} turns, no rule problems.", markup=False)
    else:
        out.print(
            f"{path}: {len(r.problems)} rule problem{'s' if len(r.problems) != 1 else ''}"
            + (
                f", {len(r.differences)} recorded score{'s differ' if len(r.differences) != 1 else ' differs'}"
                if r.differences
                else ""
            )
            + ".",
            markup=False,
        )
    return _exit_for(r)


def _score_log(path: Path, *, as_json: bool) -> int:
    r = _replay(path)
    if as_json:
        data = _replay_json(r)
        emit_json(
            {
                "finished": r.finished,
                "standings": data["standings"],
                "winners": data["winners"],
                "decided_by": r.standings.decided_by.to_json(),
                "differences": data["differences"],
                "problems": data["problems"],
            }
        )
        return EXIT_OK
    out = console()
    if not r.finished:
        out.print(f"The game is not finished (after turn {r.turns}): standings so far.", markup=False)
    _render_standings(out, r.standings, "Final standings" if r.finished else "Standings so far")
    _render_differences(out, r)
    if r.problems:
        out.print(f"Note: the log has {len(r.problems)} rule problem(s); run 'cluesolver check {path}'.", markup=False)
    return EXIT_OK


# -- the verbs inside the group too ----------------------------------------------------
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
