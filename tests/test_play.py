"""``clue play`` driven through a pseudo-terminal, keys and all."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cluesolver.cli import app

sys.path.insert(0, str(Path(__file__).parent))
from live_pty import Terminal  # noqa: E402

GAME = Path(__file__).parent.parent / "examples" / "live-classic-game.clue"
runner = CliRunner()


@pytest.fixture()
def home(tmp_path: Path) -> Path:
    return tmp_path / "home"


def env_for(home: Path) -> dict[str, str]:
    env = dict(os.environ)
    env.update(CLUESOLVER_HOME=str(home), TERM="xterm", PROMPT_TOOLKIT_NO_CPR="1", NO_COLOR="1", COLUMNS="160")
    return env


def start(home: Path) -> Terminal:
    result = runner.invoke(app, ["clue", "new", "sat", "--players", "Ann,Ben,Cat,Dan", "--me", "Ann",
                                 "--cards", "Scarlet, Rope, Kitchen, Hall, Study"],
                           env={"CLUESOLVER_HOME": str(home)})
    assert result.exit_code == 0, result.output
    term = Terminal(["clue", "play"], env_for(home))
    term.expect("Type 'help' for commands")
    term.expect(r"Notebook")
    term.expect(r"sat>")
    return term


def events(home: Path) -> list[str]:
    lines = (home / "sessions" / "sat.clue").read_text().splitlines()
    start = lines.index("")
    return [line for line in lines[start + 1:] if line.strip()]


def test_a_whole_game_typed_into_play_gives_the_same_log_and_answers_as_replay(home: Path) -> None:
    term = start(home)
    lines = GAME.read_text().splitlines()
    body = [ln for ln in lines[lines.index("") + 1:] if ln.strip()]
    for i, line in enumerate(body, 1):
        term.line(line)
        term.expect("Recorded: ")
        term.expect("Notebook")
        term.expect(r"sat>")
    term.line("accuse?")
    term.expect(r"ACCUSE NOW: Mrs\. Peacock, Lead Pipe, Ballroom \(certain\)\.")
    term.expect(r"sat>")
    term.send("\x04")   # Ctrl-D leaves
    term.expect("Saved: ")
    assert term.close() == 0
    status = json.loads(runner.invoke(app, ["clue", "status", "--json"], env={"CLUESOLVER_HOME": str(home)}).output)
    replayed = json.loads(runner.invoke(app, ["replay", "--json", str(GAME)]).output)
    assert status == replayed
    exported = runner.invoke(app, ["clue", "export"], env={"CLUESOLVER_HOME": str(home)}).output
    canonical = runner.invoke(app, ["clue", "export", "--file", str(GAME)]).output
    assert exported == canonical


def test_completion_ctrl_c_errors_undo_why_next(home: Path) -> None:
    term = start(home)
    # Tab completes a keyword and a multi-word card name (via an alias prefix too).
    term.send("Ben sugg\t")
    term.expect("Ben suggests")          # completed before the next keys are typed
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
    from cluesolver.log import parse_log

    log = parse_log(GAME.read_text())
    comp = completer_for(log)

    def complete(text: str) -> list[str]:
        return [c.text for c in comp.get_completions(Document(text), CompleteEvent(completion_requested=True))]

    assert complete("Be") == ["Ben"]
    assert "accuse?" in complete("acc")
    offered = complete("Ben suggests Miss Sc")
    assert offered[0] == "Miss Scarlet" and "Miss Scarlett" in offered   # longest match first, aliases too
    assert "Lead Pipe" in complete("Ben suggests Plum, Lead")
    assert "Lead Piping" in complete("Ben suggests Plum, Lead")     # an alias
    assert complete("Ben suggests Plum, Rope, Lib") == ["Library"]
    assert complete("Ben suggests Plum; Cat pa") == ["passes"]
    assert complete("") == []
