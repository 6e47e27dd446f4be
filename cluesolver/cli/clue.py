"""``cluesolver clue``: live Clue sessions at the table.

A session is a ``.clue`` log kept in the user data folder (or ``$CLUESOLVER_HOME``, or
any file given with ``--file``).  Every command reads it afresh; ``new``, ``add`` and
``undo`` write it atomically under a lock.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from cluesolver.cli.clue_advice import register as register_advice
from cluesolver.cli.common import (
    EXIT_CONTRADICTION,
    JsonOption,
    console,
    emit_json,
    err_console,
    guarded,
    report_error,
)
from rulesref.core.errors import CluesolverError
from rulesref.core.i18n import _, n_, number

if TYPE_CHECKING:
    from cluesolver.clue.analysis.report import Replay
    from cluesolver.clue.record.events import GameLog

app = typer.Typer(
    help="Live Clue sessions at the table: record the game as it happens, get answers at once.\n\n"
    'Example: cluesolver clue add "Ben suggests Plum, Rope, Library; Cat passes; Dan shows"',
    no_args_is_help=True,
)

FileOpt = Annotated[
    Path | None, typer.Option("--file", "-f", help="Work on this .clue file instead of a named session.")
]
SessionOpt = Annotated[
    str | None, typer.Option("--session", "-s", help="Work on this named session instead of the current one.")
]


def _complete_statement(ctx: typer.Context, incomplete: str) -> list[str]:
    """Shell completion of 'clue add': players, cards and keywords of the session's game."""
    from cluesolver.cli.clue_complete import completer_params, shell_statement

    return shell_statement(completer_params(ctx), incomplete)


def _complete_fact(ctx: typer.Context, incomplete: str) -> list[str]:
    """Shell completion of 'clue why': players, cards, 'has'."""
    from cluesolver.cli.clue_complete import completer_params, shell_fact

    return shell_fact(completer_params(ctx), incomplete)


def _path(file: Path | None, session: str | None, *, as_json: bool = False, to_stderr: bool = False) -> Path:
    """The session file a command works on, named on the first line of its output.

    Nothing is added to ``--json`` output; ``to_stderr`` keeps stdout for the log itself.
    """
    from cluesolver.clue.session.read import resolve

    path = resolve(file, session)
    if not as_json:
        console(stderr=to_stderr).print(_("Session {name}: {path}").format(name=path.stem, path=path))
    return path


def _load(file: Path | None, session: str | None, *, as_json: bool = False) -> GameLog:
    from cluesolver.clue.session.read import read_session

    return read_session(_path(file, session, as_json=as_json))[1]


def _replay(file: Path | None, session: str | None, *, as_json: bool = False) -> Replay:
    from cluesolver.clue.session.read import replay_session

    return replay_session(_path(file, session, as_json=as_json))


# ----------------------------------------------------------------------------- new / list / use / export


def _about_hands(exc: CluesolverError) -> bool:
    """Whether a refusal is about how many cards someone holds (then --hands is the way out)."""
    from cluesolver.clue.record.codes import ABOUT_HANDS

    return any(p.code in ABOUT_HANDS for p in exc.problems())


@app.command("new")
@guarded
def new(
    name: Annotated[
        str | None, typer.Argument(help="Session name (default: game-<date>-<time>).", show_default=False)
    ] = None,
    game: Annotated[
        str,
        typer.Option(
            "--game",
            "-g",
            help="Variant: classic, cluedo, clue-2016, master-detective, lost-in-vegas, or a variant file.",
        ),
    ] = "classic",
    players: Annotated[
        str, typer.Option("--players", "-p", help="Player names in seating order, clockwise, comma-separated.")
    ] = "",
    me: Annotated[
        str | None, typer.Option("--me", help="Whose notebook this is (leave out for a spectator's log).")
    ] = None,
    cards: Annotated[str | None, typer.Option("--cards", "-c", help="My cards, comma-separated (with --me).")] = None,
    hands: Annotated[
        str | None,
        typer.Option("--hands", help='Hand sizes when not the usual deal, e.g. "Ann 5, Ben 5, Cat 4, Dan 4".'),
    ] = None,
    table: Annotated[
        str | None, typer.Option("--table", help="Lost in Vegas, two players: locations holding a face-down card.")
    ] = None,
    file: FileOpt = None,
    force: Annotated[bool, typer.Option("--force", help="Start over an existing session of that name.")] = False,
    as_json: JsonOption = False,
) -> int:
    """Start a session and make it the current one.

    Example: cluesolver clue new --game classic --players Ann,Ben,Cat,Dan --me Ann --cards "Scarlet, Rope, Kitchen, Hall, Study"
    """
    from cluesolver.clue.session import store as S

    values = {"game": game, "players": players, "me": me, "hands": hands, "my cards": cards, "table": table}
    try:
        path, log = S.start(values, name=name, file=file, force=force, base_dir=Path.cwd())
    except CluesolverError as exc:  # refused: nothing written, the current session stays as it was
        code = report_error(exc, as_json)
        current = S.current_name()
        if current:
            said = _("No session started and nothing changed: the current session is still {name}.")
        else:
            said = _("No session started and nothing changed: there is no current session.")
        hint = " " + _("Hand sizes that are not the usual deal go in --hands.") if _about_hands(exc) else ""
        err_console().print(said.format(name=current) + hint)
        raise typer.Exit(code) from None
    if as_json:
        emit_json({"path": str(path), "name": path.stem, "players": list(log.players), "game": log.variant.id})
        return 0
    from cluesolver.clue.record.writer import example_line

    said = _("New session {name} ({game}, {players}): {path}").format(
        name=path.stem, game=log.variant.display_title(), players=", ".join(log.players), path=path
    )
    console().print(said, markup=False)
    hint = _('Record what happens with: cluesolver clue add "{example}"').format(example=example_line(log))
    console().print(hint, markup=False)
    return 0


@app.command("list")
@guarded
def list_(as_json: JsonOption = False) -> int:
    """List the saved sessions; * marks the current one.

    Example: cluesolver clue list
    """
    from cluesolver.clue.session import store as S

    items = S.list_sessions()
    if as_json:
        emit_json(
            {
                "home": str(S.home()),
                "current": S.current_name(),
                "sessions": [s.to_json() for s in items],
            }
        )
        return 0
    from cluesolver.cli.clue_live_render import sessions_table

    console().print(sessions_table(items))
    return 0


@app.command("use")
@guarded
def use(name: Annotated[str, typer.Argument(help="A session name from 'clue list'.", show_default=False)]) -> int:
    """Make a saved session the current one.

    Example: cluesolver clue use saturday
    """
    from cluesolver.clue.session import store as S

    console().print(_("Current session: {name}").format(name=S.use(name)), markup=False)
    return 0


@app.command("export")
@guarded
def export(
    out: Annotated[
        Path | None, typer.Option("--out", "-o", help="Write the log to this file (never half-written).")
    ] = None,
    file: FileOpt = None,
    session: SessionOpt = None,
) -> int:
    """Print the session's log in canonical form (or write it with --out).

    Example: cluesolver clue export --out saturday.clue
    """
    from cluesolver.clue.record.writer import format_log
    from cluesolver.clue.session.read import read_session

    text = format_log(read_session(_path(file, session, to_stderr=True))[1])
    if out is None:
        import sys

        sys.stdout.write(text)
        return 0
    from rulesref.core.files import atomic_write

    atomic_write(out, text)
    err_console().print(_("Wrote {path}").format(path=out), markup=False)
    return 0


# ----------------------------------------------------------------------------- add / undo


@app.command("add")
@guarded
def add(
    statements: Annotated[
        list[str],
        typer.Argument(
            help='One or more log lines, e.g. "Ben suggests Plum, Rope, Library; Dan shows".',
            show_default=False,
            autocompletion=_complete_statement,
        ),
    ],
    force: Annotated[bool, typer.Option("--force", help="Record the line even if it contradicts the log.")] = False,
    file: FileOpt = None,
    session: SessionOpt = None,
    as_json: JsonOption = False,
) -> int:
    """Record what just happened; shows the new certain facts and the biggest moves.

    Example: cluesolver clue add "Ben suggests Plum, Rope, Library; Cat passes; Dan shows"
    """
    from cluesolver.cli.clue_live import record

    return record(_path(file, session, as_json=as_json), statements, force=force, as_json=as_json)


@app.command("undo")
@guarded
def undo(file: FileOpt = None, session: SessionOpt = None, as_json: JsonOption = False) -> int:
    """Drop the last recorded line, or take back the last edit, delete or insert.

    Example: cluesolver clue undo
    """
    from cluesolver.clue.session import store as S

    change = S.undo(_path(file, session, as_json=as_json))
    if as_json:
        undid = {"undid": change.undone.to_json()} if change.undone is not None else {}
        emit_json({"removed": list(change.lines), "events": len(change.after.events), **undid})
        return 0
    n = len(change.after.events)
    if change.undone is not None:
        events = n_("{n} event", "{n} events", n).format(n=number(n))
        console().print(f"{change.undone.describe()}  ({events})", markup=False)
        return 0
    from cluesolver.cli.clue_fix import removed_line

    console().print(removed_line(change.lines[0], n), markup=False)
    return 0


# ----------------------------------------------------------------------------- edit / delete / insert

LineArg = Annotated[
    int, typer.Argument(help="The file line, as every message numbers it (clue status shows them).", show_default=False)
]
ForceFix = Annotated[bool, typer.Option("--force", help="Make the change even if it contradicts the log.")]


@app.command("edit")
@guarded
def edit(
    line: LineArg,
    statement: Annotated[
        str,
        typer.Argument(help="The line's new statement, as 'clue add' takes it.", autocompletion=_complete_statement),
    ],
    force: ForceFix = False,
    file: FileOpt = None,
    session: SessionOpt = None,
    as_json: JsonOption = False,
) -> int:
    """Replace the statement on a past line; the whole log is checked again ('clue undo' takes it back).

    Example: cluesolver clue edit 9 "Ben suggests Plum, Rope, Library; Cat shows"
    """
    from cluesolver.cli.clue_fix import fix

    return fix(_path(file, session, as_json=as_json), "edit", line, statement, force=force, as_json=as_json)


@app.command("delete")
@guarded
def delete(
    line: LineArg,
    force: ForceFix = False,
    file: FileOpt = None,
    session: SessionOpt = None,
    as_json: JsonOption = False,
) -> int:
    """Remove the statement on a past line; the lines after it move up one ('clue undo' takes it back).

    Example: cluesolver clue delete 9
    """
    from cluesolver.cli.clue_fix import fix

    return fix(_path(file, session, as_json=as_json), "delete", line, None, force=force, as_json=as_json)


@app.command("insert")
@guarded
def insert(
    line: LineArg,
    statement: Annotated[
        str,
        typer.Argument(help="The statement to put before that line.", autocompletion=_complete_statement),
    ],
    force: ForceFix = False,
    file: FileOpt = None,
    session: SessionOpt = None,
    as_json: JsonOption = False,
) -> int:
    """Put a statement before a past line (it becomes that line; the lines after move down one).

    Example: cluesolver clue insert 9 "Cat has Knife"
    """
    from cluesolver.cli.clue_fix import fix

    return fix(_path(file, session, as_json=as_json), "insert", line, statement, force=force, as_json=as_json)


# ----------------------------------------------------------------------------- questions


@app.command("status")
@guarded
def status(
    file: FileOpt = None,
    session: SessionOpt = None,
    as_json: JsonOption = False,
    threats: Annotated[
        bool, typer.Option("--threats", help="With --json: add each opponent's threat (the text always shows it).")
    ] = False,
) -> int:
    """Notebook, envelope odds, what the last line changed, and each opponent's threat.

    Example: cluesolver clue status
    """
    from cluesolver.cli.clue_live import show_status

    return show_status(_replay(file, session, as_json=as_json), as_json=as_json, threats=threats)


@app.command("why")
@guarded
def why(
    fact: Annotated[
        str,
        typer.Argument(
            help="A fact: 'Dan has Library', 'Knife is not in the envelope'.",
            show_default=False,
            autocompletion=_complete_fact,
        ),
    ],
    file: FileOpt = None,
    session: SessionOpt = None,
    as_json: JsonOption = False,
) -> int:
    """Which recorded lines force a fact (or how likely it is when not certain).

    Example: cluesolver clue why "Dan has Library"
    """
    from cluesolver.cli.clue_files import show_why

    return show_why(_replay(file, session, as_json=as_json), fact, as_json=as_json)


@app.command("next")
@guarded
def next_(
    room: Annotated[str | None, typer.Option("--room", "-r", help="The room (location) you stand in.")] = None,
    player: Annotated[
        str | None, typer.Option("--player", "-p", help="Advise this player (default: whoever is to move).")
    ] = None,
    top: Annotated[
        int, typer.Option("--limit", "-n", "--top", min=1, max=50, help="How many suggestions to show.")
    ] = 5,
    file: FileOpt = None,
    session: SessionOpt = None,
    as_json: JsonOption = False,
) -> int:
    """Best suggestions from here, by expected information about the envelope.

    Example: cluesolver clue next --room Lounge
    """
    from cluesolver.cli.clue_live import advise

    log = _load(file, session, as_json=as_json)
    return advise(log, room=room, player=player, top=top, as_json=as_json)


def _accuse(player: str | None, file: Path | None, session: str | None, as_json: bool) -> int:
    from cluesolver.cli.clue_live import accuse_advice

    log = _load(file, session, as_json=as_json)
    return accuse_advice(log, player=player, as_json=as_json)


PlayerOpt = Annotated[str | None, typer.Option("--player", "-p", help="Whose accusation (default: me).")]


@app.command("accuse?")
@guarded
def accuse_q(
    player: PlayerOpt = None, file: FileOpt = None, session: SessionOpt = None, as_json: JsonOption = False
) -> int:
    """Accuse now when certain; otherwise the best guess and the risk of accusing it.

    Example: cluesolver clue accuse?
    """
    return _accuse(player, file, session, as_json)


@app.command("accuse")
@guarded
def accuse(
    player: PlayerOpt = None, file: FileOpt = None, session: SessionOpt = None, as_json: JsonOption = False
) -> int:
    """Same as 'accuse?' (easier to type in a shell).

    Example: cluesolver clue accuse
    """
    return _accuse(player, file, session, as_json)


@app.command("clock")
@guarded
def clock(file: FileOpt = None, session: SessionOpt = None, as_json: JsonOption = False) -> int:
    """Lost in Vegas: the time, bets and all-ins, and the best final bet near 4 PM.

    Example: cluesolver clue clock
    """
    from cluesolver.cli.clue_live import show_clock

    log = _load(file, session, as_json=as_json)
    return show_clock(log, as_json=as_json)


@app.command("check")
@guarded
def check(file: FileOpt = None, session: SessionOpt = None, as_json: JsonOption = False) -> int:
    """Rules check of the session's log; exit 1 if problems are found.

    Example: cluesolver clue check
    """
    from cluesolver.cli.clue_files import check_file

    return check_file(_path(file, session, as_json=as_json), as_json=as_json)


@app.command("play")
@guarded
def play(file: FileOpt = None, session: SessionOpt = None) -> int:
    """Interactive mode: type statements with completion, see the notebook update.

    Example: cluesolver clue play
    """
    from cluesolver.cli.clue_play import run

    return run(_path(file, session))


register_advice(app, _load)  # show?, show, review (cluesolver/cli/clue_advice.py)

__all__ = ["EXIT_CONTRADICTION", "app"]
