"""``cluesolver serve``: the one-time link of ``--open``, the ``--lan`` warning, slow clients cut off."""

from __future__ import annotations

import select
import shutil
import socket
import threading
import time
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any, ClassVar

import pytest

pytest.importorskip("uvicorn")

with warnings.catch_warnings():  # starlette 1.x suggests httpx2
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient
from typer.testing import CliRunner

from cluesolver.cli import app as cli_app
from cluesolver.web import serve as S
from cluesolver.web.app import WebSettings, cookie_name, create_app
from tests.helpers import ROOT

EXAMPLES = ROOT / "examples"


@pytest.fixture()
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    shutil.copy(EXAMPLES / "classic-4p.clue", tmp_path / "game.clue")
    monkeypatch.setenv("CLUESOLVER_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("COLUMNS", "200")
    return tmp_path


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class FakeServer:
    """Stands in for ``uvicorn.Server.run``: 'starts', keeps the app, waits for the opener."""

    apps: ClassVar[list[Any]] = []
    opened: ClassVar[list[str]] = []

    @staticmethod
    def run(server: Any, sockets: object = None) -> None:
        FakeServer.apps.append(server.config.app)
        server.started = True
        deadline = time.monotonic() + 5
        while not FakeServer.opened and time.monotonic() < deadline:
            time.sleep(0.02)
        server.should_exit = True


@pytest.fixture()
def fake_server(monkeypatch: pytest.MonkeyPatch) -> type[FakeServer]:
    import webbrowser

    import uvicorn

    FakeServer.apps, FakeServer.opened = [], []
    monkeypatch.setattr(uvicorn.Server, "run", FakeServer.run)

    def record(url: str, *args: object, **kwargs: object) -> bool:
        FakeServer.opened.append(url)
        return True

    monkeypatch.setattr(webbrowser, "open", record)
    return FakeServer


def test_open_hands_the_browser_a_one_time_link_not_the_token(folder: Path, fake_server: type[FakeServer]) -> None:
    port = free_port()
    result = CliRunner().invoke(cli_app, ["serve", "--file", str(folder / "game.clue"), "--port", str(port), "--open"])
    assert result.exit_code == 0, result.output
    token = next(ln for ln in result.stdout.splitlines() if ln.startswith("Open: ")).split("?t=", 1)[1]
    assert len(fake_server.opened) == 1
    url = fake_server.opened[0]  # what goes on the browser's command line
    assert token not in url and url.startswith(f"http://127.0.0.1:{port}/open/")
    app = fake_server.apps[0]
    browser = TestClient(app, base_url=f"http://127.0.0.1:{port}", follow_redirects=False)
    r = browser.get(url.split(str(port), 1)[1])
    assert r.status_code == 303 and r.headers["set-cookie"].startswith(f"{cookie_name(port)}={token};")
    assert browser.get("/clue").status_code == 200
    again = TestClient(app, base_url=f"http://127.0.0.1:{port}", follow_redirects=False)
    assert again.get(url.split(str(port), 1)[1]).status_code == 403  # used once


def test_lan_warns_when_there_is_no_network_address(
    folder: Path, fake_server: type[FakeServer], monkeypatch: pytest.MonkeyPatch
) -> None:
    fake_server.opened.append("not waiting")
    monkeypatch.setattr(S, "lan_address", lambda: "127.0.1.1")
    result = CliRunner().invoke(
        cli_app, ["serve", "--file", str(folder / "game.clue"), "--port", str(free_port()), "--lan"]
    )
    assert result.exit_code == 0, result.output
    assert "warning: --lan found no network address (only 127.0.1.1): phones cannot reach this server" in result.stderr
    assert "On the network" not in result.stdout and "127.0.1.1" not in result.stdout


def test_lan_prints_the_network_link_when_there_is_one(
    folder: Path, fake_server: type[FakeServer], monkeypatch: pytest.MonkeyPatch
) -> None:
    fake_server.opened.append("not waiting")
    monkeypatch.setattr(S, "lan_address", lambda: "192.168.1.5")
    port = free_port()
    result = CliRunner().invoke(cli_app, ["serve", "--file", str(folder / "game.clue"), "--port", str(port), "--lan"])
    assert result.exit_code == 0, result.output
    assert f"On the network: http://192.168.1.5:{port}/?t=" in result.stdout
    assert "warning" not in result.stderr


# ----------------------------------------------------------------------------- slow clients


@pytest.fixture()
def live(folder: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[int, str]]:
    """A real server (``serve``'s uvicorn settings) with a one-second deadline for request heads."""
    import uvicorn

    monkeypatch.setattr(S, "HEAD_SECONDS", 1.0)
    settings = WebSettings(token="slow-token-123", folder=folder, session=folder / "game.clue")
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    server = uvicorn.Server(S.server_config(create_app(settings), "127.0.0.1", port))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 10
    while not server.started and time.monotonic() < deadline:
        time.sleep(0.02)
    try:
        yield port, settings.token
    finally:
        server.should_exit = True
        thread.join(timeout=10)
        sock.close()


def closed_after(conn: socket.socket, data: bytes, pace: float, limit: float) -> float | None:
    """Send ``data`` a byte every ``pace`` seconds; the seconds until the server closed the
    connection, or None if it was still open after ``limit`` seconds."""
    start = time.monotonic()
    sent = 0
    while time.monotonic() - start < limit:
        if sent < len(data):
            try:
                conn.send(data[sent : sent + 1])
            except OSError:
                return time.monotonic() - start
            sent += 1
        readable, _, _ = select.select([conn], [], [], pace)
        if readable:
            try:
                if conn.recv(4096) == b"":
                    return time.monotonic() - start
            except OSError:
                return time.monotonic() - start
    return None


def test_a_client_sending_its_head_byte_by_byte_is_cut_off(live: tuple[int, str]) -> None:
    port, token = live
    head = f"GET /clue?t={token} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUser-Agent: slow\r\n\r\n".encode()
    with socket.create_connection(("127.0.0.1", port)) as conn:
        took = closed_after(conn, head, pace=0.1, limit=6)
    assert took is not None and took < 3, took


def test_a_client_that_never_sends_anything_is_cut_off(live: tuple[int, str]) -> None:
    port, _ = live
    with socket.create_connection(("127.0.0.1", port)) as conn:
        took = closed_after(conn, b"", pace=0.1, limit=6)
    assert took is not None and took < 3, took


def test_a_quick_client_is_answered_and_its_next_slow_head_is_cut_off(live: tuple[int, str]) -> None:
    port, token = live
    with socket.create_connection(("127.0.0.1", port)) as conn:
        conn.sendall(f"GET /clue/log?t={token} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n".encode())
        conn.settimeout(5)
        answer = conn.recv(65536)
        assert answer.startswith(b"HTTP/1.1 200")
        took = closed_after(conn, b"GET /clue HTTP/1.1\r\nHost: 127.0.0.1\r\n", pace=0.15, limit=6)
    assert took is not None and took < 3, took
