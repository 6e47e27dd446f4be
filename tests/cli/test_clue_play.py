"""``clue play`` driven through a pseudo-terminal, keys and all."""

from __future__ import annotations

import fcntl
import json
import os
import pty
import re
import select
import signal
import struct
import sys
import termios
import time
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cluesolver.cli import app
from tests.helpers import ANN_OF_FOUR, ROOT

# -- a pseudo-terminal driver (stdlib pty): types keys as a person would

_ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b\][^\x07]*\x07|\x1b[=>]|\r")


class Terminal:
    def __init__(self, args: list[str], env: dict[str, str], cols: int = 160, rows: int = 50) -> None:
        self.pid, self.fd = pty.fork()
        if self.pid == 0:  # child
            os.execvpe(sys.executable, [sys.executable, "-m", "cluesolver", *args], env)
        fcntl.ioctl(self.fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
        self.raw = b""
        self.mark = 0

    def read(self, timeout: float = 0.2) -> None:
        while True:
            ready, _, _ = select.select([self.fd], [], [], timeout)
            if not ready:
                return
            try:
                chunk = os.read(self.fd, 65536)
            except OSError:
                return
            if not chunk:
                return
            self.raw += chunk

    @property
    def text(self) -> str:
        return _ANSI.sub("", self.raw.decode("utf-8", "replace"))

    def expect(self, pattern: str, timeout: float = 20.0) -> str:
        """Wait until ``pattern`` appears after the last match; return the text up to it."""
        deadline = time.monotonic() + timeout
        while True:
            m = re.compile(pattern).search(self.text, self.mark)
            if m:
                seen = self.text[self.mark : m.end()]
                self.mark = m.end()
                return seen
            if time.monotonic() > deadline:
                raise AssertionError(f"{pattern!r} not seen; output so far:\n{self.text[self.mark :][-3000:]}")
            self.read(0.1)

    def send(self, data: str) -> None:
        os.write(self.fd, data.encode())

    def line(self, text: str) -> None:
        self.send(text + "\r")

    def close(self) -> int:
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            pid, status = os.waitpid(self.pid, os.WNOHANG)
            if pid:
                os.close(self.fd)
                return os.waitstatus_to_exitcode(status)
            self.read(0.05)
            time.sleep(0.02)
        os.kill(self.pid, signal.SIGKILL)
        os.waitpid(self.pid, 0)
        os.close(self.fd)
        raise AssertionError("the program did not exit")


GAME = ROOT / "examples" / "live-classic-game.clue"
runner = CliRunner()


@pytest.fixture()
def home(tmp_path: Path) -> Path:
    return tmp_path / "home"


def env_for(home: Path) -> dict[str, str]:
    env = dict(os.environ)
    env.update(CLUESOLVER_HOME=str(home), TERM="xterm", PROMPT_TOOLKIT_NO_CPR="1", NO_COLOR="1", COLUMNS="160")
    return env


def start(home: Path) -> Terminal:
    result = runner.invoke(
        app,
        ["clue", "new", "sat", *ANN_OF_FOUR],
        env={"CLUESOLVER_HOME": str(home)},
    )
    assert result.exit_code == 0, result.output
    term = Terminal(["clue", "play"], env_for(home))
    term.expect("Type 'help' for commands")
    term.expect(r"0 events recorded so far; 'status' shows the notebook")
    term.expect(r"sat>")
    return term


def events(home: Path) -> list[str]:
    lines = (home / "sessions" / "sat.clue").read_text().splitlines()
    start = lines.index("")
    return [line for line in lines[start + 1 :] if line.strip()]


def test_a_whole_game_typed_into_play_gives_the_same_log_and_answers_as_replay(home: Path) -> None:
    term = start(home)
    lines = GAME.read_text().splitlines()
    body = [ln for ln in lines[lines.index("") + 1 :] if ln.strip()]
    for _i, line in enumerate(body, 1):
        term.line(line)
        term.expect("Recorded: ")
        seen = term.expect(r"sat>")
        assert "Deals agreeing with the log" in seen and "Notebook" not in seen  # what changed, not the grid
    term.line("accuse?")
    term.expect(r"ACCUSE NOW: Mrs\. Peacock, Lead Pipe, Ballroom \(certain\)\.")
    term.expect(r"sat>")
    term.send("\x04")  # Ctrl-D leaves
    term.expect("Saved: ")
    assert term.close() == 0
    status = json.loads(runner.invoke(app, ["clue", "status", "--json"], env={"CLUESOLVER_HOME": str(home)}).output)
    replayed = json.loads(runner.invoke(app, ["replay", "--json", str(GAME)]).output)
    assert status == replayed
    exported = runner.invoke(app, ["clue", "export"], env={"CLUESOLVER_HOME": str(home)}).stdout
    canonical = runner.invoke(app, ["clue", "export", "--file", str(GAME)]).stdout
    assert exported == canonical


def test_completion_ctrl_c_errors_undo_why_next(home: Path) -> None:
    term = start(home)
    # Tab completes a keyword and a multi-word card name (via an alias prefix too).
    term.send("Ben sugg\t")
    term.expect("Ben suggests")  # completed before the next keys are typed
    term.send(" Plum, Rope, Libr\t")
    term.expect("Library")
    term.send("; Cat passes; Dan shows\r")
    term.expect("Recorded: Ben suggests Plum, Rope, Library; Cat passes; Dan shows")
    term.expect(r"sat>")
    # Ctrl-C drops the line being typed, nothing is written.
    term.send("Ann suggests Mustard")
    term.send("\x03")
    term.expect("line dropped")
    term.expect(r"sat>")
    # A bad statement is reported and not written; the REPL goes on.
    term.line("Ann suggests Mustrd, Knife, Lounge")
    term.expect(r"unknown card: 'Mustrd'")
    term.expect(r"sat>")
    term.line("Ann suggests Mustard, Knife, Lounge; Ben passes; Cat shows Knife")
    term.expect("New certain facts:")
    term.expect(r"sat>")
    term.line("why Cat has Knife")
    term.expect(r"Cat has Knife: certain\.")
    term.expect(r"sat>")
    term.line("next Lounge")
    term.expect(r"Best suggestions for Ben in the Lounge")
    term.expect(r"sat>")
    term.line("undo")
    term.expect(r"Removed: Ann suggests Mustard, Knife, Lounge; Ben passes; Cat shows Knife")
    term.expect(r"sat>")
    term.line("quit")
    term.expect("Saved: ")
    assert term.close() == 0
    assert events(home) == ["Ben suggests Plum, Rope, Library; Cat passes; Dan shows"]
    history = (home / "sessions" / ".sat.clue.history").read_text()
    assert "why Cat has Knife" in history


def test_completer_offers_players_cards_and_aliases() -> None:
    from prompt_toolkit.completion import CompleteEvent
    from prompt_toolkit.document import Document

    from cluesolver.cli.clue_play import completer_for
    from cluesolver.clue.record.reader import parse_log

    log = parse_log(GAME.read_text())
    comp = completer_for(log)

    def complete(text: str) -> list[str]:
        return [c.text for c in comp.get_completions(Document(text), CompleteEvent(completion_requested=True))]

    assert complete("Be") == ["Ben"]
    assert "accuse?" in complete("acc")
    assert complete("Ben suggests Miss Sc") == ["Miss Scarlet"]  # one spelling per card: not Miss Scarlett too
    assert complete("Ben suggests Sc") == ["Scarlet"]  # an alias when the name does not match
    assert complete("Ben suggests Plum, Lead") == ["Lead Pipe"]
    assert complete("Ben suggests Plum, Lead Pipi") == ["Lead Piping"]  # an alias, once typed
    assert complete("Ben suggests Plum, Rope, Lib") == ["Library"]
    assert complete("Ben suggests Plum; Cat pa") == ["passes"]
    assert complete("") == []


def test_after_a_statement_the_new_facts_stay_on_a_40_row_screen(home: Path) -> None:
    result = runner.invoke(app, ["clue", "new", "sat", *ANN_OF_FOUR], env={"CLUESOLVER_HOME": str(home)})
    assert result.exit_code == 0, result.output
    term = Terminal(["clue", "play"], env_for(home), cols=80, rows=40)
    term.expect(r"sat>")
    term.line("Ann suggests Mustard, Knife, Lounge; Ben passes; Cat shows Knife")
    term.expect("Recorded: ")
    seen = term.expect(r"sat>")
    facts = seen.index("New certain facts:")
    assert "Cat has Knife" in seen[facts:] and "Notebook" not in seen
    assert len(seen.splitlines()) < 40  # all of it on one screen
    term.line("status")
    term.expect("Notebook")  # the notebook on demand
    term.expect(r"sat>")
    term.line("undo")
    term.expect(r"Removed: Ann suggests Mustard, Knife, Lounge; Ben passes; Cat shows Knife  \(0 events left\)")
    term.expect(r"sat>")
    term.line("quit")
    term.expect("Saved: ")
    assert term.close() == 0
