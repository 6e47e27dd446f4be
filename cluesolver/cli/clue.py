"""``cluesolver clue``: live Clue sessions at the table.

A session is a ``.clue`` log kept in the user data folder (or ``$CLUESOLVER_HOME``, or
any file given with ``--file``).  Every command reads it afresh; ``new``, ``add`` and
``undo`` write it atomically under a lock.
"""

from __future__ import annotations

import datetime
from pathlib import Path
from typing import Annotated

import typer

from cluesolver.cli.common import EXIT_CONTRADICTION, JsonOption, console, emit_json, err_console, guarded

app = typer.Typer(
    help="Live Clue sessions at the table: record the game as it happens, get answers at once.", no_args_is_help=True
)

FileOpt = Annotated[
    Path | None, typer.Option("--file", "-f", help="Work on this .clue file instead of a named session.")
]
SessionOpt = Annotated[
    str | None, typer.Option("--session", "-s", help="Work on this named session instead of the current one.")
]


def _path(file: Path | None, session: str | None) -> Path:
    from cluesolver.clue.session import resolve

    return resolve(file, session)


def _load(file: Path | None, session: str | None):  # type: ignore[no-untyped-def]
    from cluesolver.clue.session import read_session

    path = _path(file, session)
    text, log = read_session(path)
    return path, text, log


# ----------------------------------------------------------------------------- new / list / use / export


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
    from cluesolver.clue import session as S
    from cluesolver.clue.log import format_header, parse_log
    from rulesref.core.errors import InputError, Problem

    if not players.strip():
        raise InputError(Problem("--players is required: names in seating order, e.g. --players Ann,Ben,Cat,Dan"))
    fields = [
        ("--game", "game", game),
        ("--players", "players", players),
        ("--me", "me", me),
        ("--hands", "hands", hands),
        ("--cards", "my cards", cards),
        ("--table", "table", table),
    ]
    given = [(opt, key, value) for opt, key, value in fields if value is not None]
    text = "".join(f"{key}: {value}\n" for _, key, value in given)
    try:
        log = parse_log(text, None, Path.cwd())
    except InputError as exc:
        problems = []
        for p in exc.problems():
            opt = given[p.line - 1][0] if p.line and p.line <= len(given) else None
            problems.append(Problem(f"{opt}: {p.message}" if opt else p.message, text=p.text, choices=p.choices))
        raise InputError(problems) from None
    if file is not None:
        path = file
    else:
        name = S.check_name(name) if name else _fresh_name()
        path = S.path_of(name)
    canonical = "\n".join(format_header(log.header)) + "\n\n"
    S.create(path, canonical, force=force)
    if file is None:
        S.set_current(path.name[: -len(S.SUFFIX)])
    if as_json:
        emit_json({"path": str(path), "name": path.stem, "players": list(log.players), "game": log.variant.id})
        return 0
    console().print(f"New session {path.stem} ({log.variant.name}, {', '.join(log.players)}): {path}", markup=False)
    console().print(
        'Record what happens with: cluesolver clue add "Ben suggests Plum, Rope, Library; Cat passes; Dan shows"',
        markup=False,
    )
    return 0


def _fresh_name() -> str:
    from cluesolver.clue import session as S

    base = "game-" + datetime.datetime.now().strftime("%Y%m%d-%H%M")
    name, k = base, 2
    while S.path_of(name).exists():
        name, k = f"{base}-{k}", k + 1
    return name


@app.command("list")
@guarded
def list_(as_json: JsonOption = False) -> int:
    """List the saved sessions; * marks the current one.

    Example: cluesolver clue list
    """
    from cluesolver.clue import session as S

    items = S.list_sessions()
    if as_json:
        emit_json(
            {
                "home": str(S.home()),
                "current": S.current_name(),
                "sessions": [
                    {
                        "name": s.name,
                        "path": str(s.path),
                        "current": s.current,
                        "game": s.game,
                        "players": list(s.players),
                        "events": s.events,
                        "error": s.error,
                    }
                    for s in items
                ],
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
    from cluesolver.clue import session as S
    from rulesref.core.errors import Problem, UnknownNameError

    path = S.path_of(name)
    if not path.exists():
        import difflib

        names = [s.name for s in S.list_sessions()]
        raise UnknownNameError(
            Problem(
                "no such session", text=name, choices=tuple(difflib.get_close_matches(name, names, n=3, cutoff=0.4))
            )
        )
    S.set_current(S.check_name(name))
    console().print(f"Current session: {S.check_name(name)}", markup=False)
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
    from cluesolver.clue.log import format_log

    _, _, log = _load(file, session)
    text = format_log(log)
    if out is None:
        import sys

        sys.stdout.write(text)
        return 0
    from cluesolver.clue.session import atomic_write

    atomic_write(out, text)
    err_console().print(f"Wrote {out}", markup=False)
    return 0


# ----------------------------------------------------------------------------- add / undo


@app.command("add")
@guarded
def add(
    statements: Annotated[
        list[str],
        typer.Argument(
            help='One or more log lines, e.g. "Ben suggests Plum, Rope, Library; Dan shows".', show_default=False
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

    return record(_path(file, session), statements, force=force, as_json=as_json)


@app.command("undo")
@guarded
def undo(file: FileOpt = None, session: SessionOpt = None, as_json: JsonOption = False) -> int:
    """Drop the last recorded line.

    Example: cluesolver clue undo
    """
    from cluesolver.clue import session as S

    change = S.undo(_path(file, session))
    if as_json:
        emit_json({"removed": list(change.lines), "events": len(change.after.events)})
        return 0
    console().print(f"Removed: {change.lines[0]}  ({len(change.after.events)} events left)", markup=False)
    return 0


# ----------------------------------------------------------------------------- questions


@app.command("status")
@guarded
def status(file: FileOpt = None, session: SessionOpt = None, as_json: JsonOption = False) -> int:
    """Notebook, envelope odds and what the last line changed.

    Example: cluesolver clue status
    """
    from cluesolver.cli.clue_live import show_status

    _path, text, log = _load(file, session)
    return show_status(log, text.splitlines(), as_json=as_json)


@app.command("why")
@guarded
def why(
    fact: Annotated[
        str, typer.Argument(help="A fact: 'Dan has Library', 'Knife is not in the envelope'.", show_default=False)
    ],
    file: FileOpt = None,
    session: SessionOpt = None,
    as_json: JsonOption = False,
) -> int:
    """Which recorded lines force a fact (or how likely it is when not certain).

    Example: cluesolver clue why "Dan has Library"
    """
    from cluesolver.cli.clue_live import explain

    _, text, log = _load(file, session)
    return explain(log, fact, text.splitlines(), as_json=as_json)


@app.command("next")
@guarded
def next_(
    room: Annotated[str | None, typer.Option("--room", "-r", help="The room (location) you stand in.")] = None,
    player: Annotated[
        str | None, typer.Option("--player", help="Advise this player (default: whoever is to move).")
    ] = None,
    top: Annotated[int, typer.Option("--top", min=1, max=50, help="How many suggestions to show.")] = 5,
    file: FileOpt = None,
    session: SessionOpt = None,
    as_json: JsonOption = False,
) -> int:
    """Best suggestions from here, by expected information about the envelope.

    Example: cluesolver clue next --room Lounge
    """
    from cluesolver.cli.clue_live import advise

    _, _, log = _load(file, session)
    return advise(log, room=room, player=player, top=top, as_json=as_json)


def _accuse(player: str | None, file: Path | None, session: str | None, as_json: bool) -> int:
    from cluesolver.cli.clue_live import accuse_advice

    _, _, log = _load(file, session)
    return accuse_advice(log, player=player, as_json=as_json)


PlayerOpt = Annotated[str | None, typer.Option("--player", help="Whose accusation (default: me).")]


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

    _, _, log = _load(file, session)
    return show_clock(log, as_json=as_json)


@app.command("check")
@guarded
def check(file: FileOpt = None, session: SessionOpt = None, as_json: JsonOption = False) -> int:
    """Rules check of the session's log; exit 1 if problems are found.

    Example: cluesolver clue check
    """
    from cluesolver.cli.clue_check import check_log_file

    return check_log_file(_path(file, session), as_json=as_json)


@app.command("play")
@guarded
def play(file: FileOpt = None, session: SessionOpt = None) -> int:
    """Interactive mode: type statements with completion, see the notebook update.

    Example: cluesolver clue play
    """
    from cluesolver.cli.clue_play import run

    return run(_path(file, session))


__all__ = ["EXIT_CONTRADICTION", "app"]
