"""Sessions: where they live, validated atomic writes, undo, the lock, and kills mid-write."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from cluesolver.clue.record.events import GameLog
from cluesolver.clue.record.reader import parse_log
from cluesolver.clue.record.writer import format_log
from cluesolver.clue.session import store as S
from rulesref.core.errors import InputError, SessionError

HEADER = textwrap.dedent("""\
    game: classic
    players: Ann, Ben, Cat, Dan
    me: Ann
    my cards: Miss Scarlet, Rope, Kitchen, Hall, Study

    """)


@pytest.fixture()
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv(S.HOME_ENV, str(tmp_path / "home"))
    return tmp_path / "home"


def test_home_follows_the_environment_variable(home: Path) -> None:
    assert S.sessions_dir() == home / "sessions"
    assert S.path_of("saturday") == home / "sessions" / "saturday.clue"
    assert S.path_of("saturday.clue") == home / "sessions" / "saturday.clue"


def test_home_defaults_to_the_user_data_dir(monkeypatch: pytest.MonkeyPatch) -> None:
    import platformdirs

    monkeypatch.delenv(S.HOME_ENV, raising=False)
    assert S.home() == Path(platformdirs.user_data_dir("cluesolver"))


@pytest.mark.parametrize("name", ["../escape", "a/b", "", "-dash", "x" * 65])
def test_bad_session_names_are_refused(home: Path, name: str) -> None:
    with pytest.raises(InputError):
        S.path_of(name)


def test_create_add_undo_round_trip(home: Path) -> None:
    path = S.path_of("g1")
    S.create(path, HEADER)
    change = S.add(path, ["Ben suggests Plum, Rope, Library; Cat passes; Dan shows"])
    assert len(change.before.events) == 0 and len(change.after.events) == 1
    S.add(path, ["# a comment stays", "Cat suggests Green, Wrench, Study; Dan passes; Ann shows"])
    text = path.read_text()
    assert "# a comment stays" in text
    log = parse_log(text)
    assert [e.line for e in log.events] == [6, 8]
    undone = S.undo(path)
    assert undone.lines == ("Cat suggests Green, Wrench, Study; Dan passes; Ann shows",)
    assert len(parse_log(path.read_text()).events) == 1
    assert "# a comment stays" in path.read_text()


def test_create_refuses_to_overwrite_without_force(home: Path) -> None:
    path = S.path_of("g1")
    S.create(path, HEADER)
    S.add(path, ["Ben suggests Plum, Rope, Library; Cat passes; Dan shows"])
    with pytest.raises(SessionError, match="exists already"):
        S.create(path, HEADER)
    assert "Ben suggests" in path.read_text()
    S.create(path, HEADER, force=True)
    assert "Ben suggests" not in path.read_text()


def test_a_bad_line_writes_nothing_and_reports_every_problem(home: Path) -> None:
    path = S.path_of("g1")
    S.create(path, HEADER)
    before = path.read_text()
    with pytest.raises(InputError) as err:
        S.add(path, ["Bne suggests Plum, Rope, Library", "Cat suggests Grene, Wrench, Study"])
    problems = err.value.problems()
    assert len(problems) == 2
    assert problems[0].line == 6 and "Ben" in problems[0].choices
    assert problems[1].line == 7 and problems[1].text == "Grene"
    assert path.read_text() == before


def test_empty_statement_is_refused(home: Path) -> None:
    path = S.path_of("g1")
    S.create(path, HEADER)
    with pytest.raises(InputError, match="nothing to add"):
        S.add(path, ["   "])


def test_undo_on_an_empty_session(home: Path) -> None:
    path = S.path_of("g1")
    S.create(path, HEADER)
    with pytest.raises(SessionError, match="nothing to undo"):
        S.undo(path)


def test_allow_hook_can_refuse_a_change(home: Path) -> None:
    path = S.path_of("g1")
    S.create(path, HEADER)

    def refuse(before: GameLog, after: GameLog) -> None:
        raise SessionError("no")

    with pytest.raises(SessionError):
        S.add(path, ["Ben suggests Plum, Rope, Library"], allow=refuse)
    assert parse_log(path.read_text()).events == ()


def test_current_pointer_and_listing(home: Path) -> None:
    assert S.current_name() is None
    with pytest.raises(SessionError, match="no current session"):
        S.resolve()
    S.create(S.path_of("a"), HEADER)
    S.create(S.path_of("b"), HEADER)
    S.set_current("b")
    assert S.resolve() == S.path_of("b")
    assert S.resolve(name="a") == S.path_of("a")
    assert S.resolve(file=Path("/x/y.clue")) == Path("/x/y.clue")
    (S.sessions_dir() / "broken.clue").write_text("game: nonsense\n")
    listed = {s.name: s for s in S.list_sessions()}
    assert set(listed) == {"a", "b", "broken"}
    assert listed["b"].current and not listed["a"].current
    assert listed["a"].players == ("Ann", "Ben", "Cat", "Dan")
    assert listed["broken"].error is not None


def test_a_second_writer_is_refused_cleanly(home: Path) -> None:
    path = S.path_of("g1")
    S.create(path, HEADER)
    holder = subprocess.Popen(
        [
            sys.executable,
            "-c",
            textwrap.dedent(f"""
            import sys, time
            from pathlib import Path
            from cluesolver.clue.session import store as S
            with S.locked(Path({str(path)!r})):
                print("locked", flush=True)
                time.sleep(30)
            """),
        ],
        stdout=subprocess.PIPE,
        text=True,
        env=dict(os.environ),
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "locked"
        with pytest.raises(SessionError, match=f"another process is writing this session \\(process {holder.pid}\\)"):
            S.add(path, ["Ben suggests Plum, Rope, Library; Cat passes; Dan shows"])
        assert parse_log(path.read_text()).events == ()
    finally:
        holder.kill()
        holder.wait()
    S.add(path, ["Ben suggests Plum, Rope, Library; Cat passes; Dan shows"])  # the lock died with it


WRITER = """
import sys
from pathlib import Path
from cluesolver.clue.session import store as S
path = Path(sys.argv[1])
print("ready", flush=True)
sys.stdin.readline()
S.add(path, [sys.argv[2]])
"""


def test_a_kill_at_any_point_of_a_write_leaves_the_old_or_the_new_log(home: Path) -> None:
    """SIGKILL a writer at random moments: the session is always one valid version."""
    path = S.path_of("g1")
    # A long log makes each write take a while, so kills land inside it.
    lines = [f"Ben suggests Plum, Rope, Library; Cat passes; Dan shows  # padding {'x' * 200} {i}" for i in range(400)]
    S.create(path, HEADER)
    S.add(path, lines)
    old = path.read_text()
    new_line = "Cat suggests Green, Wrench, Study; Dan passes; Ann shows"
    rng = random.Random(7)
    outcomes = {"old": 0, "new": 0}
    for attempt in range(25):
        proc = subprocess.Popen(
            [sys.executable, "-c", WRITER, str(path), new_line],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        assert proc.stdout is not None and proc.stdin is not None
        assert proc.stdout.readline().strip() == "ready"
        proc.stdin.write("go\n")
        proc.stdin.flush()
        time.sleep(rng.uniform(0.0, 0.06))
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        text = path.read_text()
        assert text in (old, old + new_line + "\n"), f"attempt {attempt}: a torn write"
        parse_log(text)
        if text == old:
            outcomes["old"] += 1
        else:
            outcomes["new"] += 1
            S.undo(path)
            assert path.read_text() == old
    # The same writer left alone writes the line (so the kills above did interrupt real writes).
    done = subprocess.run(
        [sys.executable, "-c", WRITER, str(path), new_line], input="go\n", capture_output=True, text=True, check=True
    )
    assert done.stdout.strip() == "ready" and path.read_text() == old + new_line + "\n"
    S.undo(path)
    # The next write cleans any temp file a killed writer left behind.
    S.add(path, [new_line])
    assert not list(path.parent.glob(f".{path.name}.*.tmp"))
    assert outcomes["old"] + outcomes["new"] == 25


def test_export_text_is_canonical(home: Path) -> None:
    path = S.path_of("g1")
    S.create(path, HEADER)
    S.add(path, ["ben SUGGESTS plum with the rope in the library; dan shows"])
    _, log = S.read_session(path)
    assert format_log(log).splitlines()[-1] == "Ben suggests Professor Plum, Rope, Library; Cat passes; Dan shows"


def test_atomic_write_replaces_whole_file(tmp_path: Path) -> None:
    target = tmp_path / "deep" / "f.txt"
    S.atomic_write(target, "one\n")
    S.atomic_write(target, "two\n")
    assert target.read_text() == "two\n"
    assert sorted(p.name for p in target.parent.iterdir()) == ["f.txt"]
