"""Starting the server: which session, which folder, the token, the link and the QR code,
and a server that does not wait for slow clients.

Slow clients: uvicorn closes a connection idle between requests after
:data:`KEEP_ALIVE_SECONDS`, but waits for ever for a request head sent a byte at a time
(or never sent).  :func:`timed_protocol` adds a deadline: a request's head (its request
line and headers, at most :data:`MAX_HEAD_BYTES`) must arrive within :data:`HEAD_SECONDS`
of the connection's start or of the previous answer, else the connection is closed.  The
body has :data:`cluesolver.web.guard.BODY_SECONDS` (read by the guard).
"""

from __future__ import annotations

import socket
import threading
from pathlib import Path
from typing import TYPE_CHECKING, Any

from cluesolver.web.common import WebSettings, new_token
from rulesref.core.errors import CluesolverError, InputError, Problem

if TYPE_CHECKING:
    import uvicorn
    from rich.console import Console
    from starlette.applications import Starlette

LOCAL = "127.0.0.1"
EVERYWHERE = "0.0.0.0"
#: Seconds a client has to send a whole request head.
HEAD_SECONDS = 10.0
#: Seconds an idle connection is kept open between requests.
KEEP_ALIVE_SECONDS = 5
#: The largest request head (request line and headers) read, in bytes.
MAX_HEAD_BYTES = 16 * 1024
#: Connections served at once (more get 503).
MAX_CONNECTIONS = 100


def settings_for(file: Path | None, session: str | None, token: str | None = None) -> WebSettings:
    """The session to serve and its folder; without a session, the sessions folder."""
    from cluesolver.clue.session.store import resolve, sessions_dir

    token = token or new_token()
    try:
        path = resolve(file, session).resolve()
    except CluesolverError as exc:
        return WebSettings(token=token, folder=sessions_dir(), session=None, session_problem=exc.message)
    if not path.is_file():
        raise InputError(Problem("no such session file", text=str(path)))
    if path.suffix.lower() != ".clue":
        raise InputError(Problem("serve takes a .clue session (Vegas files are picked on the page)", text=str(path)))
    return WebSettings(token=token, folder=path.parent, session=path)


def lan_address() -> str:
    """This machine's address on the local network (the interface a default route uses);
    a loopback address (``127.x``) when there is none (see :func:`is_loopback`)."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        try:
            s.connect(("10.255.255.255", 1))  # no packet is sent for a UDP connect
            address: str = s.getsockname()[0]
        except OSError:
            address = socket.gethostbyname(socket.gethostname())
    return address


def is_loopback(address: str) -> bool:
    import ipaddress

    try:
        return ipaddress.ip_address(address).is_loopback
    except ValueError:
        return False


def link(host: str, port: int, token: str) -> str:
    return f"http://{host}:{port}/?t={token}"


def qr_text(url: str) -> str:
    """The link as a QR code drawn with text blocks, for a phone's camera."""
    import io

    import segno

    buffer = io.StringIO()
    segno.make(url, error="m").terminal(out=buffer, compact=True, border=2)
    return buffer.getvalue()


def check_port(host: str, port: int) -> None:
    """Refuse at once, with one message, when the port is taken."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            s.bind((host, port))
        except OSError as exc:
            raise InputError(
                Problem(f"cannot listen on {host}:{port} ({exc.strerror}): choose another with --port", text=str(port))
            ) from None


def timed_protocol() -> type[Any]:
    """uvicorn's h11 protocol with a deadline on each request head (:data:`HEAD_SECONDS`)."""
    import asyncio

    from uvicorn.protocols.http.h11_impl import H11Protocol

    class TimedH11Protocol(H11Protocol):
        head_seconds = HEAD_SECONDS
        _head_timer: asyncio.TimerHandle | None = None

        def connection_made(self, transport: asyncio.BaseTransport) -> None:
            super().connection_made(transport)  # type: ignore[arg-type]
            self._arm()

        def data_received(self, data: bytes) -> None:
            scope = self.scope
            super().data_received(data)
            if self.scope is not scope:  # a whole request head came in
                self._disarm()

        def on_response_complete(self) -> None:
            scope = self.scope
            super().on_response_complete()
            if self.scope is scope and not self.transport.is_closing():
                self._arm()  # the next request's head has its own deadline

        def connection_lost(self, exc: Exception | None) -> None:
            self._disarm()
            super().connection_lost(exc)

        def _arm(self) -> None:
            self._disarm()
            self._head_timer = self.loop.call_later(self.head_seconds, self._too_slow)

        def _disarm(self) -> None:
            if self._head_timer is not None:
                self._head_timer.cancel()
                self._head_timer = None

        def _too_slow(self) -> None:
            self._head_timer = None
            busy = self.cycle is not None and not self.cycle.response_complete
            if not busy and not self.transport.is_closing():
                self.transport.close()

    return TimedH11Protocol


def server_config(app: Starlette, host: str, port: int) -> uvicorn.Config:
    """How ``serve`` runs uvicorn: quiet, with the slow-client limits of this module."""
    import uvicorn

    return uvicorn.Config(
        app,
        host=host,
        port=port,
        log_level="warning",
        access_log=False,
        http=timed_protocol(),
        timeout_keep_alive=KEEP_ALIVE_SECONDS,
        h11_max_incomplete_event_size=MAX_HEAD_BYTES,
        limit_concurrency=MAX_CONNECTIONS,
    )


def open_when_listening(server: uvicorn.Server, url: str, wait: float = 15.0) -> threading.Thread:
    """Open ``url`` in the browser once ``server`` listens (in a thread; gives up after ``wait``)."""

    def opener() -> None:
        import time
        import webbrowser

        deadline = time.monotonic() + wait
        while not server.started and not server.should_exit and time.monotonic() < deadline:
            time.sleep(0.05)
        if server.started:
            webbrowser.open(url)

    thread = threading.Thread(target=opener, name="open-browser", daemon=True)
    thread.start()
    return thread


def run(
    *,
    file: Path | None,
    session: str | None,
    port: int,
    open_browser: bool,
    lan: bool,
    out: Console,
    err: Console | None = None,
) -> int:
    import uvicorn

    from cluesolver.web.app import create_app

    if not 0 < port < 65536:
        raise InputError(Problem("--port takes a port number from 1 to 65535", text=str(port)))
    settings = settings_for(file, session)
    host = EVERYWHERE if lan else LOCAL
    check_port(host, port)
    url = link(LOCAL, port, settings.token)
    what = settings.session.name if settings.session else "no Clue session (" + (settings.session_problem or "") + ")"
    out.print(f"Serving {what}; files from {settings.folder}", markup=False)
    out.print(f"Open: {url}", markup=False)
    if lan:
        address = lan_address()
        if is_loopback(address):
            (err or out).print(
                f"warning: --lan found no network address (only {address}): phones cannot reach this server. "
                "Join a network (Wi-Fi) and start it again; the link above works on this machine.",
                markup=False,
            )
        else:
            lan_url = link(address, port, settings.token)
            out.print(f"On the network: {lan_url}", markup=False)
            out.print(qr_text(lan_url), markup=False, highlight=False, crop=False, soft_wrap=True)
    out.print("Ctrl-C stops the server.", markup=False)
    app = create_app(settings)
    server = uvicorn.Server(server_config(app, host, port))
    if open_browser:  # a one-time link: the token never appears on the browser's command line
        open_when_listening(server, f"http://{LOCAL}:{port}/open/{app.state.links.issue()}")
    server.run()
    return 0
