"""Starting a table game's server (``serve --table``): the folder (a new table, or the one
it holds: the game resumes), the links with their tokens and QR codes, and a server that
stops cleanly on Ctrl-C or SIGTERM.

With ``--json`` the first line on stdout is one JSON object, ``{"board": URL, "seats":
{"Ann": URL, ...}}``, flushed at once (a program reading the pipe gets it before the server
answers anything); nothing else is printed.  The links carry each viewer's token as
``?t=TOKEN``; uvicorn's access log (which would print them with every request) is off.
"""

from __future__ import annotations

import datetime
import json
import signal
import socket
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from cluesolver.web.serve import EVERYWHERE, LOCAL, is_loopback, lan_address, qr_text, server_config
from rulesref.core.errors import InputError, Problem

if TYPE_CHECKING:
    from rich.console import Console

    from cluesolver.clue.session.table import Table
    from cluesolver.web.table_events import Hub

#: Seconds open event streams get to close when the server stops.
GRACE_SECONDS = 3


def table_folder(folder: Path | None, now: datetime.datetime | None = None) -> Path:
    """``--folder``, else a new folder beside the sessions (``table-20261130-1815`` ...)."""
    if folder is not None:
        return folder.expanduser().absolute()
    from cluesolver.clue.session.read import sessions_dir

    base = sessions_dir() / ("table-" + (now or datetime.datetime.now()).strftime("%Y%m%d-%H%M"))
    name, k = base, 2
    while name.exists():
        name, k = base.with_name(f"{base.name}-{k}"), k + 1
    return name


def open_or_create(folder: Path, game: str | None, players: str | None, hands: str | None) -> Table:
    """The table in ``folder`` (its options, when given, must be the table's), else a new one."""
    from cluesolver.clue.session.table import create_table, is_table, open_table

    if is_table(folder):
        table = open_table(folder)
        log = table.read(None).log
        if players is not None and [p.strip().casefold() for p in players.split(",")] != [
            p.casefold() for p in table.players
        ]:
            raise InputError(
                Problem(
                    f"--players: {folder} holds a table of {', '.join(table.players)}; leave --players out to resume it, "
                    "or give another --folder for a new table",
                    text=players,
                )
            )
        if game is not None:
            from cluesolver.clue import variants

            if variants.get(game, Path.cwd()).id != log.variant.id:
                raise InputError(
                    Problem(
                        f"--game: {folder} holds a table of {log.variant.name}; leave --game out to resume it",
                        text=game,
                    )
                )
        return table
    if game is None or players is None:
        raise InputError(
            Problem(
                "a new table needs --game and --players (e.g. --game classic --players Ann,Ben,Cat,Dan); "
                "to resume a table give its --folder",
                text=str(folder),
            )
        )
    return create_table(folder, game=game, players=players, hands=hands)


def listen(host: str, port: int) -> socket.socket:
    """A socket bound to ``host:port`` (port 0: a free one), refused at once when taken."""
    if not 0 <= port < 65536:
        raise InputError(Problem("--port takes a port number from 1 to 65535 (0: any free port)", text=str(port)))
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
    except OSError as exc:
        sock.close()
        raise InputError(
            Problem(f"cannot listen on {host}:{port} ({exc.strerror}): choose another with --port", text=str(port))
        ) from None
    sock.listen(128)  # connections wait in the backlog from the moment the links are printed
    sock.set_inheritable(False)
    return sock


def links(base: str, viewers: Any) -> dict[str, Any]:
    """``{"board": URL, "seats": {"Ann": URL, ...}}``."""
    seats = {v.seat: f"{base}/?t={v.token}" for v in viewers if v.seat is not None}
    board = next(f"{base}/?t={v.token}" for v in viewers if v.seat is None)
    return {"board": board, "seats": seats}


def run_table(
    *,
    game: str | None,
    players: str | None,
    hands: str | None,
    folder: Path | None,
    port: int,
    lan: bool,
    as_json: bool,
    out: Console,
    err: Console | None = None,
) -> int:
    import uvicorn

    from cluesolver.web.table_app import create_table_app

    host = EVERYWHERE if lan else LOCAL
    sock = listen(host, port)
    try:
        table = open_or_create(table_folder(folder), game, players, hands)
        app = create_table_app(table)
        port = sock.getsockname()[1]
        address = LOCAL
        if lan:
            address = lan_address()
            if is_loopback(address):
                address = LOCAL
                if not as_json:
                    (err or out).print(
                        "warning: --lan found no network address: phones cannot reach this server. "
                        "Join a network (Wi-Fi) and start it again; the links below work on this machine.",
                        markup=False,
                    )
        urls = links(f"http://{address}:{port}", app.state.table.viewers)
        if as_json:
            sys.stdout.write(json.dumps(urls, ensure_ascii=False) + "\n")
            sys.stdout.flush()
        else:
            _print_links(out, table, urls)
        server = _server(uvicorn, app, host, port, app.state.table.hub)
        _serve(server, sock)
    finally:
        sock.close()
    return 0


def _print_links(out: Console, table: Table, urls: dict[str, Any]) -> None:
    log = table.read(None).log
    out.print(f"Table game: {log.variant.name}, {', '.join(table.players)}; records in {table.folder}", markup=False)
    out.print(f"Board (public: whose turn, the public record): {urls['board']}", markup=False)
    for seat, url in urls["seats"].items():
        out.print(f"{seat} (this link is {seat}'s alone): {url}", markup=False)
        out.print(qr_text(url), markup=False, highlight=False, crop=False, soft_wrap=True)
    out.print(
        "Ctrl-C stops the server; start it again with the same --folder to resume (the links stay the same).",
        markup=False,
    )


def _server(uvicorn: Any, app: Any, host: str, port: int, hub: Hub) -> Any:
    config = server_config(app, host, port)
    config.timeout_graceful_shutdown = GRACE_SECONDS

    class TableServer(uvicorn.Server):
        def handle_exit(self, sig: int, frame: Any) -> None:
            hub.stop()  # the event streams end, so their connections close
            super().handle_exit(sig, frame)

    return TableServer(config)


def _serve(server: Any, sock: socket.socket) -> None:
    """Run until SIGINT or SIGTERM, then return (uvicorn re-raises the signal it caught once it
    has stopped; quiet handlers meanwhile make that a clean exit 0)."""
    quiet = {sig: signal.signal(sig, lambda *_: None) for sig in (signal.SIGINT, signal.SIGTERM)}
    try:
        server.run(sockets=[sock])
    finally:
        for sig, handler in quiet.items():
            signal.signal(sig, handler)
