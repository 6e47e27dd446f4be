"""``cluesolver serve``: the companion as a local web page.

Starlette, Jinja2 and uvicorn are imported inside the command only, so every other
command starts as fast as before.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from cluesolver.cli.common import console, err_console, guarded


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
) -> int:
    """The Clue notebook, Vegas payouts and scores, and the rule books as a local web page.

    Listens on 127.0.0.1 (with --lan on every interface). Every request needs the random
    token in the printed link (--open hands the browser a one-time link instead); the page
    writes the session the way 'clue add' does, and only from its own page.

    Example: cluesolver serve --file game.clue --open
    """
    from cluesolver.web.serve import run

    return run(
        file=file, session=session, port=port, open_browser=open_browser, lan=lan, out=console(), err=err_console()
    )
