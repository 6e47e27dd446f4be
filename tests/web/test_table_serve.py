"""``cluesolver serve --table``: the links as the first JSON line of a real process (read
from a pipe), a clean exit on SIGTERM, the game resumed from its folder with the same
links, the options' refusals, and server-sent events reaching every other phone."""

from __future__ import annotations

import http.client
import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

pytest.importorskip("uvicorn")

from typer.testing import CliRunner

from cluesolver.cli import app as cli_app
from cluesolver.clue.session.table import create_table
from cluesolver.web.table_app import create_table_app
from tests.clue.session.table_play import HANDS, PLAYERS
from tests.helpers import ROOT

runner = CliRunner()


def start(folder: Path, *extra: str) -> tuple[subprocess.Popen[bytes], dict[str, Any]]:
    """``serve --table --json --port 0`` as a process; its first line, read from the pipe."""
    env = {**os.environ, "CLUESOLVER_HOME": str(folder.parent / "home"), "COLUMNS": "40"}
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "cluesolver",
            "serve",
            "--table",
            "--folder",
            str(folder),
            "--port",
            "0",
            "--json",
            *extra,
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=ROOT,
        env=env,
    )
    assert proc.stdout is not None
    line = proc.stdout.readline()
    assert line, proc.stderr.read().decode() if proc.stderr else ""
    return proc, json.loads(line)


def request(url: str, path: str, body: object | None = None) -> tuple[int, str]:
    """A request with the token of ``url`` (a seat's or the board's link) as a Bearer header."""
    parts = urlsplit(url)
    token = parts.query.removeprefix("t=")
    conn = http.client.HTTPConnection(parts.hostname, parts.port, timeout=30)
    try:
        conn.request(
            "POST" if body is not None else "GET",
            path,
            body=json.dumps(body) if body is not None else None,
            headers={"Authorization": f"Bearer {token}"},
        )
        answer = conn.getresponse()
        return answer.status, answer.read().decode()
    finally:
        conn.close()


def stop(proc: subprocess.Popen[bytes]) -> tuple[int, str, str]:
    proc.send_signal(signal.SIGTERM)
    out, err = proc.communicate(timeout=20)
    return proc.returncode, out.decode(), err.decode()


def test_json_first_line_then_serves_until_sigterm_and_resumes_with_the_same_links(tmp_path: Path) -> None:
    folder = tmp_path / "table"
    proc, links = start(folder, "--game", "classic", "--players", ",".join(PLAYERS))
    try:
        assert sorted(links) == ["board", "seats"] and list(links["seats"]) == list(PLAYERS)
        for url in (links["board"], *links["seats"].values()):
            assert url.startswith("http://127.0.0.1:") and "/?t=" in url
        assert len({*links["seats"].values(), links["board"]}) == 5
        status, _ = request(links["seats"]["Cat"], "/api/hand", {"cards": HANDS["Cat"]})
        assert status == 200
        status, body = request(
            links["seats"]["Ann"], "/api/line", {"text": "Ann suggests Plum, Rope, Library; Ben passes; Cat shows"}
        )
        assert (status, json.loads(body)) == (200, {"line": 8})
        assert request(links["seats"]["Cat"], "/api/seen", {"line": 8, "card": "Rope"})[0] == 200
        assert request(links["board"], "/api/state")[0] == 403
        assert request(links["board"].split("?")[0] + "?t=wrong", "/api/board")[0] == 403
    finally:
        code, out, err = stop(proc)
    assert code == 0, err
    assert out == "" and err == ""  # nothing after the first line: no access log with tokens, no cards
    assert (folder / "Cat.clue").read_text().splitlines()[7].endswith("Cat shows Rope")

    again, links2 = start(folder)  # no --game, --players: the folder's table resumes
    try:
        assert {k: v.split("?")[1] for k, v in links2["seats"].items()} == {
            k: v.split("?")[1] for k, v in links["seats"].items()
        }
        status, body = request(links2["seats"]["Ann"], "/api/board")
        assert status == 200 and json.loads(body)["lines"][0]["line"] == 8
    finally:
        assert stop(again)[0] == 0


def test_sigint_stops_it_cleanly_too(tmp_path: Path) -> None:
    proc, links = start(tmp_path / "t", "--game", "classic", "--players", "Ann,Ben,Cat")
    assert request(links["board"], "/api/board")[0] == 200
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=20)
    assert proc.returncode == 0 and err == b""


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["serve", "--game", "classic"], "--game go with --table"),
        (["serve", "--json"], "--json go with --table"),
        (["serve", "--table", "--file", "x.clue"], "--file, --session and --open do not go with it"),
        (["serve", "--table", "--players", "Ann,Ben"], "needs --game and --players"),
        (["serve", "--table", "--game", "classic", "--players", "Ann,B/n,Cat"], "file name"),
        (["serve", "--table", "--game", "clasic", "--players", "Ann,Ben,Cat"], "unknown"),
        (["serve", "--table", "--game", "classic", "--players", "Ann,Ben,Cat", "--port", "70000"], "--port"),
    ],
)
def test_options_are_refused_with_one_message_and_exit_2(tmp_path: Path, args: list[str], says: str) -> None:
    result = runner.invoke(cli_app, [*args, "--folder", str(tmp_path / "t")] if "--table" in args else args)
    assert result.exit_code == 2, result.output
    assert says in result.stderr
    assert "Traceback" not in result.output
    assert not (tmp_path / "t" / "table.clue").exists()


def test_a_table_resumed_with_other_players_or_game_is_refused(tmp_path: Path) -> None:
    create_table(tmp_path / "t", game="classic", players="Ann,Ben,Cat")
    for extra, says in [(["--players", "Ann,Ben,Dan"], "--players"), (["--game", "cluedo"], "--game")]:
        result = runner.invoke(cli_app, ["serve", "--table", "--folder", str(tmp_path / "t"), *extra])
        assert result.exit_code == 2 and says in result.stderr, result.output


def test_the_links_are_printed_with_qr_codes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import uvicorn

    monkeypatch.setattr(uvicorn.Server, "run", lambda self, sockets=None: None)
    result = runner.invoke(
        cli_app,
        ["serve", "--table", "--game", "classic", "--players", "Ann,Ben,Cat", "--folder", str(tmp_path / "t")],
        env={"COLUMNS": "40"},
    )
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0].startswith("Table game: Clue (classic), Ann, Ben, Cat; records in ")
    assert lines[1].startswith("Board (public: whose turn, the public record): http://127.0.0.1:")
    assert sum(ln.startswith(("Ann (this link", "Ben (this link", "Cat (this link")) for ln in lines) == 3
    assert "▀" in result.stdout or "█" in result.stdout  # the QR codes
    assert lines[-1].startswith("Ctrl-C stops the server")


# ----------------------------------------------------------------------------- events


class Stream:
    """An open ``/table/events`` stream of one viewer, read in a thread: (time, version) of each event."""

    def __init__(self, port: int, token: str) -> None:
        self.events: list[tuple[float, str]] = []
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
        self.conn.request("GET", "/table/events", headers={"Authorization": f"Bearer {token}"})
        self.answer = self.conn.getresponse()
        assert self.answer.status == 200
        assert self.answer.getheader("content-type", "").startswith("text/event-stream")
        self.thread = threading.Thread(target=self._read, daemon=True)
        self.thread.start()

    def _read(self) -> None:
        try:
            for raw in self.answer:
                line = raw.decode().strip()
                if line.startswith("data: "):
                    self.events.append((time.monotonic(), json.loads(line[6:])["version"]))
        except (OSError, ValueError, AttributeError):  # closed under the reader by close()
            return

    def wait(self, count: int, seconds: float = 5) -> None:
        deadline = time.monotonic() + seconds
        while len(self.events) < count and time.monotonic() < deadline:
            time.sleep(0.005)

    def close(self) -> None:
        self.conn.close()


@pytest.fixture()
def server(tmp_path: Path) -> Iterator[tuple[int, dict[str | None, str]]]:
    import uvicorn

    table = create_table(tmp_path / "t", game="classic", players=",".join(PLAYERS))
    app = create_table_app(table)
    tokens = {v.seat: v.token for v in app.state.table.viewers}
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        srv = uvicorn.Server(uvicorn.Config(app, log_level="warning", access_log=False))
    thread = threading.Thread(target=srv.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 10
    while not srv.started and time.monotonic() < deadline:
        time.sleep(0.02)
    try:
        yield port, tokens
    finally:
        app.state.table.hub.stop()
        srv.should_exit = True
        thread.join(timeout=10)
        sock.close()


def post(port: int, token: str, path: str, body: object) -> int:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    conn.request("POST", path, body=json.dumps(body), headers={"Authorization": f"Bearer {token}"})
    status = conn.getresponse().status
    conn.close()
    return status


def test_every_other_phone_hears_of_an_entry_within_a_second(server: tuple[int, dict[str | None, str]]) -> None:
    port, tokens = server
    for seat, hand in HANDS.items():
        assert post(port, tokens[seat], "/api/hand", {"cards": hand}) == 200
    streams = {seat: Stream(port, token) for seat, token in tokens.items()}
    try:
        for s in streams.values():
            s.wait(1)
            assert len(s.events) == 1  # the version the page has on opening
        sent = time.monotonic()
        assert (
            post(port, tokens["Ann"], "/api/line", {"text": "Ann suggests Plum, Rope, Library; Ben passes; Cat shows"})
            == 200
        )
        for seat, s in streams.items():
            s.wait(2)
            assert len(s.events) == 2, seat
            assert s.events[1][0] - sent < 1.0, seat
        # the card shown reaches Ann's and Cat's records only: only their phones hear of it
        assert post(port, tokens["Cat"], "/api/seen", {"line": 8, "card": "Rope"}) == 200
        streams["Ann"].wait(3)
        streams["Cat"].wait(3)
        time.sleep(1.5)
        assert [len(s.events) for s in streams.values()] == [2, 3, 2, 3, 2]  # board, Ann, Ben, Cat, Dan
    finally:
        for s in streams.values():
            s.close()
