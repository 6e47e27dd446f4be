"""Starting the server: which session, which folder, the token, the link and the QR code."""

from __future__ import annotations

import socket
from pathlib import Path
from typing import TYPE_CHECKING

from cluesolver.web.common import WebSettings, new_token
from rulesref.core.errors import CluesolverError, InputError, Problem

if TYPE_CHECKING:
    from rich.console import Console

LOCAL = "127.0.0.1"
EVERYWHERE = "0.0.0.0"


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
    """This machine's address on the local network (the interface a default route uses)."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        try:
            s.connect(("10.255.255.255", 1))  # no packet is sent for a UDP connect
            address: str = s.getsockname()[0]
        except OSError:
            address = socket.gethostbyname(socket.gethostname())
    return address


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


def run(*, file: Path | None, session: str | None, port: int, open_browser: bool, lan: bool, out: Console) -> int:
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
        lan_url = link(lan_address(), port, settings.token)
        out.print(f"On the network: {lan_url}", markup=False)
        out.print(qr_text(lan_url), markup=False, highlight=False, crop=False, soft_wrap=True)
    out.print("Ctrl-C stops the server.", markup=False)
    if open_browser:
        import webbrowser

        webbrowser.open(url)
    uvicorn.run(create_app(settings), host=host, port=port, log_level="warning", access_log=False)
    return 0
