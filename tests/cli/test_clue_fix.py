"""``clue edit``, ``clue delete``, ``clue insert`` and ``clue undo`` of them, through the CLI."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cluesolver.cli import app
from tests.helpers import ANN_OF_FOUR

runner = CliRunner()

FIRST = "Ben suggests Plum, Knife, Library; Cat shows"
SECOND = "Cat suggests Green, Wrench, Lounge; Dan passes; Ann passes; Ben shows"


@pytest.fixture(autouse=True)
def session(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("CLUESOLVER_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("COLUMNS", "40")
    assert run("clue", "new", "sat", "--game", "classic", *ANN_OF_FOUR)[0] == 0
    assert run("clue", "add", FIRST, "# a comment", SECOND)[0] == 0
    return tmp_path / "home" / "sessions" / "sat.clue"


def run(*args: str) -> tuple[int, str]:
    result = runner.invoke(app, list(args))
    return result.exit_code, result.output


def test_edit_says_what_the_line_is_now_and_what_it_changed(session: Path) -> None:
    code, out = run("clue", "edit", "6", "Ben suggests Plum, Knife, Library; Cat passes; Dan shows")
    assert code == 0, out
    lines = out.splitlines()
    assert lines[0] == f"Session sat: {session}"
    assert lines[1] == ("Line 6 now: Ben suggests Plum, Knife, Library; Cat passes; Dan shows  (was: " + FIRST + ")")
    assert lines[2].startswith("Deals agreeing with the log: ")
    assert "Cat has Knife: " in out and " -> 0%" in out
    assert session.read_text().splitlines()[5] == "Ben suggests Plum, Knife, Library; Cat passes; Dan shows"


def test_delete_and_insert_and_undo_each_one(session: Path) -> None:
    original = session.read_bytes()
    code, out = run("clue", "delete", "8")
    assert code == 0, out
    assert out.splitlines()[1] == f"Deleted line 8: {SECOND}"
    code, out = run("clue", "undo")
    assert code == 0 and out.splitlines()[1] == f"Undid the deletion of line 8; it is back: {SECOND}  (2 events)"
    assert session.read_bytes() == original
    code, out = run("clue", "insert", "7", "Dan has Knife")
    assert code == 0, out
    assert out.splitlines()[1] == "Inserted at line 7: Dan has Knife  (the lines after it moved down one)"
    assert "New certain facts:" in out and "  Dan has Knife" in out
    code, out = run("clue", "undo")
    assert out.splitlines()[1] == "Undid the insert at line 7; removed: Dan has Knife  (2 events)"
    assert session.read_bytes() == original
    code, out = run("clue", "undo")  # nothing in the journal: the last line goes, as always
    assert out.splitlines()[1].startswith(f"Removed: {SECOND}  (1 event")


def test_json_shapes(session: Path) -> None:
    code, out = run("clue", "edit", "6", "Ben suggests Plum, Knife, Library; Cat passes; Dan shows", "--json")
    assert code == 0
    data = json.loads(out)
    assert set(data) == {
        "change",
        "line",
        "old",
        "new",
        "written",
        "events",
        "effect",
        "no_longer_certain",
        "consistent",
        "conflict",
        "solution",
        "rule_problems",
    }
    assert (data["change"], data["line"], data["old"], data["events"]) == ("edit", 6, FIRST, 2)
    assert set(data["effect"]) == {"new_facts", "moves", "deals_before", "deals_after", "newly_solved"}
    assert data["consistent"] is True and data["conflict"] == []
    undo = json.loads(run("clue", "undo", "--json")[1])
    assert undo == {
        "removed": ["Ben suggests Plum, Knife, Library; Cat passes; Dan shows"],
        "events": 2,
        "undid": {
            "change": "edit",
            "line": 6,
            "old": FIRST,
            "new": "Ben suggests Plum, Knife, Library; Cat passes; Dan shows",
        },
    }
    plain = json.loads(run("clue", "undo", "--json")[1])
    assert plain == {"removed": [SECOND], "events": 1}  # a plain undo keeps its shape


def test_a_contradicting_edit_exits_3_and_leaves_the_file_byte_for_byte(session: Path) -> None:
    before = session.read_bytes()
    result = runner.invoke(app, ["clue", "insert", "7", "Cat has none of Plum, Knife, Library"])
    assert result.exit_code == 3
    assert result.stderr.strip() == (
        "error: not changed: inserting at line 7 would contradict the log, numbered as after the insert "
        f"(line 6: {FIRST}; line 7: Cat has none of Plum, Knife, Library). "
        "Check what was said, or make the change anyway with --force"
    )
    assert session.read_bytes() == before
    assert not (session.parent / ".sat.clue.undo").exists()


def test_force_writes_the_contradiction_and_exits_3(session: Path) -> None:
    code, out = run("clue", "edit", "8", "Cat has none of Plum, Knife, Library", "--force")
    assert code == 3
    assert "Warning: the log contradicts itself (lines 6, 8)." in out
    assert "Cat has none of Plum, Knife, Library" in session.read_text()
    data = json.loads(run("clue", "delete", "6", "--json")[1])
    assert data["consistent"] is True


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["edit", "2", "Dan has Knife"], ":2: line 2 is the header line 'players:', not a statement"),
        (["delete", "5"], ":5: line 5 is a blank line, not a statement: only a statement can be deleted"),
        (["delete", "7"], ":7: line 7 is a comment, not a statement: only a statement can be deleted: '# a comment'"),
        (["delete", "40"], ": no line 40: the session has 8 lines (its statements are on lines 6 to 8)"),
        (["insert", "3", "Dan has Knife"], "line 3 is in the header: insert puts a statement before a line after"),
        (["edit", "6", "Dan has Knfe"], ":6:9: unknown card: 'Knfe' (did you mean: Knife"),
        (["edit", "6", "x" * 3000], "a statement is at most 1000 characters (this one has 3000)"),
    ],
)
def test_refusals_cite_the_line_and_exit_2(session: Path, args: list[str], says: str) -> None:
    before = session.read_bytes()
    result = runner.invoke(app, ["clue", *args])
    assert result.exit_code == 2
    assert says in result.stderr
    assert "Traceback" not in result.output
    assert session.read_bytes() == before


def test_a_line_that_is_not_a_number_is_a_usage_error() -> None:
    result = runner.invoke(app, ["clue", "delete", "six"])
    assert result.exit_code == 2 and "Traceback" not in result.output


@pytest.mark.parametrize("command", ["edit", "delete", "insert"])
def test_help_has_an_example(command: str) -> None:
    code, out = run("clue", command, "--help")
    assert code == 0 and f"Example: cluesolver clue {command} 9" in out


def test_clue_new_and_every_change_leave_private_files(session: Path) -> None:
    import stat

    assert stat.S_IMODE(session.stat().st_mode) == 0o600  # made by clue new, written by clue add
    assert stat.S_IMODE(session.parent.stat().st_mode) == 0o700
    session.chmod(0o644)
    assert run("clue", "delete", "8")[0] == 0
    for path in (session, session.parent / ".sat.clue.undo", session.parent / ".sat.clue.lock"):
        assert stat.S_IMODE(path.stat().st_mode) == 0o600, path
