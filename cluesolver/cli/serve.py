"""``cluesolver serve``: the companion as a local web page.

Starlette, Jinja2 and uvicorn are imported inside the command only, so every other
command starts as fast as before.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from cluesolver.cli.common import console, err_console, guarded
from rulesref.core.errors import InputError, Problem


@guarded
def serve(
    file: Annotated[
        Path | None, typer.Option("--file", "-f", help="Serve this .clue file instead of the current session.")
    ] = None,
    session: Annotated[
        str | None, typer.Option("--session", "-s", help="Serve this named session instead of the current one.")
    ] = None,
    port: Annotated[int, typer.Option("--port", "-p", help="Port to listen on.")] = 8765,
    open_browser: Annotated[bool, typer.Option("--open", help="Open the page in the default browser.")] = False,
    lan: Annotated[
        bool,
        typer.Option("--lan", help="Listen on the network too (phones may join); prints the link and a QR code."),
    ] = False,
    table: Annotated[
        bool,
        typer.Option(
            "--table", help="Serve a whole table: a page and link per seat (each hand private) and a public board."
        ),
    ] = False,
    game: Annotated[str | None, typer.Option("--game", "-g", help="With --table: the game or edition.")] = None,
    players: Annotated[
        str | None, typer.Option("--players", help="With --table: the seats in seating order, comma-separated.")
    ] = None,
    hands: Annotated[
        str | None,
        typer.Option("--hands", help='With --table: hand sizes when not the usual deal, e.g. "Ann 5, Ben 4".'),
    ] = None,
    folder: Annotated[
        Path | None,
        typer.Option("--folder", help="With --table: the folder of the table's records (its table resumes)."),
    ] = None,
    as_json: Annotated[
        bool, typer.Option("--json", help="With --table: first print the links as one JSON line (for programs).")
    ] = False,
) -> int:
    """The Clue notebook, Vegas payouts and scores, and the rule books as a local web page.

    Listens on 127.0.0.1 (with --lan on every interface). Every request needs the random
    token in the printed link (--open hands the browser a one-time link instead); the page
    writes the session the way 'clue add' does, and only from its own page.

    With --table: one game for the whole table, a link per seat and a board; every seat's
    record is an ordinary .clue file in --folder (start it again on the folder to resume).

    Example: cluesolver serve --file game.clue --open
    """
    if table:
        from cluesolver.web.table_serve import run_table

        if file is not None or session is not None or open_browser:
            raise InputError(Problem("--table serves its own --folder: --file, --session and --open do not go with it"))
        return run_table(
            game=game,
            players=players,
            hands=hands,
            folder=folder,
            port=port,
            lan=lan,
            as_json=as_json,
            out=console(),
            err=err_console(),
        )
    given = [
        name
        for name, value in (("--game", game), ("--players", players), ("--hands", hands), ("--folder", folder))
        if value is not None
    ]
    if given or as_json:
        raise InputError(Problem(f"{', '.join(given or ['--json'])} go with --table (serve a whole table)"))
    from cluesolver.web.serve import run

    return run(
        file=file, session=session, port=port, open_browser=open_browser, lan=lan, out=console(), err=err_console()
    )
