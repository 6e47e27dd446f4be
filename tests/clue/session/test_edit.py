"""Fixing past lines: edit, delete and insert, the whole log checked again, undo through the journal."""

from __future__ import annotations

import errno
import fcntl
import json
import os
import stat
import textwrap
from pathlib import Path

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from cluesolver.clue.session import edit as E
from cluesolver.clue.session import journal as J
from cluesolver.clue.session import store as S
from rulesref.core.errors import ContradictionError, InputError, SessionError
from rulesref.core.text import split_lines

LOG = textwrap.dedent("""\
    game: classic
    players: Ann, Ben, Cat, Dan
    me: Ann
    my cards: Miss Scarlet, Rope, Kitchen, Hall, Study

    Ben suggests Plum, Knife, Library; Cat shows
    # a comment
    Cat suggests Green, Wrench, Lounge; Dan passes; Ann passes; Ben shows
    """)
#: Line 6 says Cat showed one of Plum, Knife, Library: this contradicts it.
CONTRADICTS_6 = "Cat has none of Plum, Knife, Library"


@pytest.fixture()
def session(tmp_path: Path) -> Path:
    path = tmp_path / "game.clue"
    path.write_text(LOG, encoding="utf-8")
    return path


def files_in(folder: Path) -> list[str]:
    """The files in ``folder`` but the lock file (left in place between writes)."""
    return sorted(n for n in os.listdir(folder) if not n.endswith(".lock"))


# ----------------------------------------------------------------------------- the three changes and undo


def test_edit_replaces_the_line_and_undo_takes_it_back(session: Path) -> None:
    fixed = E.edit_line(session, 6, "Ben suggests Plum, Knife, Library; Cat passes; Dan shows")
    assert fixed.kind == "edit" and fixed.line == 6
    assert fixed.old == "Ben suggests Plum, Knife, Library; Cat shows"
    assert fixed.new == "Ben suggests Plum, Knife, Library; Cat passes; Dan shows"
    assert fixed.summary() == (
        "Line 6 now: Ben suggests Plum, Knife, Library; Cat passes; Dan shows"
        "  (was: Ben suggests Plum, Knife, Library; Cat shows)"
    )
    lines = session.read_text().splitlines()
    assert lines[5] == "Ben suggests Plum, Knife, Library; Cat passes; Dan shows"
    assert lines[6] == "# a comment" and len(lines) == 8
    assert fixed.effect.deals_before == fixed.before.deals and fixed.effect.deals_after == fixed.after.deals
    assert fixed.after.probability("Cat", "Knife") == 0.0  # Cat passed now
    change = S.undo(session)
    assert change.undone is not None and change.undone.kind == "edit"
    assert (
        change.undone.describe()
        == "Undid the edit of line 6; it is again: Ben suggests Plum, Knife, Library; Cat shows"
    )
    assert session.read_text() == LOG


def test_delete_moves_the_lines_up_and_undo_puts_it_back(session: Path) -> None:
    fixed = E.delete_line(session, 6)
    assert (
        fixed.summary()
        == "Deleted line 6: Ben suggests Plum, Knife, Library; Cat shows  (the lines after it moved up one)"
    )
    assert [e.line for e in fixed.after.log.events] == [7]
    assert fixed.new is None and fixed.lines_after == 2
    assert S.undo(session).undone is not None
    assert session.read_text() == LOG


def test_insert_puts_the_statement_before_the_line(session: Path) -> None:
    fixed = E.insert_line(session, 7, "Dan has Knife")
    assert session.read_text().splitlines()[6] == "Dan has Knife"
    assert [e.line for e in fixed.after.log.events] == [6, 7, 9]
    assert fixed.after.probability("Dan", "Knife") == 1.0
    assert "Dan has Knife" in [str(f) for f in fixed.effect.new_facts]
    at_end = E.insert_line(session, 10, "Dan has Plum")
    assert at_end.summary() == "Inserted at line 10: Dan has Plum"
    assert session.read_text().endswith("Ben shows\nDan has Plum\n")
    assert S.undo(session).undone is not None and S.undo(session).undone is not None
    assert session.read_text() == LOG


def test_undo_is_a_stack_with_plain_adds(session: Path) -> None:
    E.edit_line(session, 6, "Ben suggests Plum, Knife, Library; Cat passes; Dan shows")
    S.add(session, ["Dan suggests Mustard, Rope, Hall; Ann shows"])
    first = S.undo(session)  # the add: the file is not what the edit left, so the last line goes
    assert first.undone is None and first.lines == ("Dan suggests Mustard, Rope, Hall; Ann shows",)
    second = S.undo(session)
    assert second.undone is not None and second.undone.kind == "edit"
    assert session.read_text() == LOG
    third = S.undo(session)  # the journal is empty: plain undo again
    assert third.undone is None and third.lines == (
        "Cat suggests Green, Wrench, Lounge; Dan passes; Ann passes; Ben shows",
    )
    assert not J.journal_path(session).exists()


def test_a_file_edited_by_hand_since_falls_back_to_dropping_the_last_line(session: Path) -> None:
    E.delete_line(session, 8)
    session.write_text(session.read_text() + "Dan has Plum\n")
    change = S.undo(session)
    assert change.undone is None and change.lines == ("Dan has Plum",)


@pytest.mark.parametrize("ending", ["\n", "\r\n", "\r"])
@pytest.mark.parametrize("last_newline", [True, False])
def test_line_endings_survive_every_change_and_undo_byte_for_byte(
    tmp_path: Path, ending: str, last_newline: bool
) -> None:
    path = tmp_path / "g.clue"
    text = ending.join(LOG.splitlines()) + (ending if last_newline else "")
    path.write_bytes(text.encode())
    E.edit_line(path, 8, "Cat suggests Green, Wrench, Lounge; Dan shows")
    E.insert_line(path, 9, "Dan has Plum")
    E.delete_line(path, 6)
    E.insert_line(path, 6, "Ben has Knife")
    data = path.read_bytes().decode()
    assert set(split_lines(data)) >= {"Ben has Knife", "Dan has Plum"}
    assert "\n" not in data.replace("\r\n", "") if ending == "\r\n" else True
    for _ in range(4):
        assert S.undo(path).undone is not None
    assert path.read_bytes() == text.encode()


def test_an_edit_to_the_same_text_writes_nothing(session: Path) -> None:
    fixed = E.edit_line(session, 6, "Ben suggests Plum, Knife, Library; Cat shows")
    assert not fixed.written and fixed.summary().startswith("Line 6 unchanged")
    assert not J.journal_path(session).exists()


# ----------------------------------------------------------------------------- refusals


@pytest.mark.parametrize(
    ("change", "line", "says"),
    [
        ("edit", 1, "line 1 is the header line 'game:', not a statement: only a statement can be edited"),
        ("delete", 4, "line 4 is the header line 'my cards:', not a statement: only a statement can be deleted"),
        ("delete", 5, "line 5 is a blank line, not a statement: only a statement can be deleted"),
        ("edit", 7, "line 7 is a comment, not a statement: only a statement can be edited"),
    ],
)
def test_header_blank_and_comment_lines_are_refused_naming_what_they_are(
    session: Path, change: str, line: int, says: str
) -> None:
    with pytest.raises(InputError) as caught:
        if change == "edit":
            E.edit_line(session, line, "Dan has Knife")
        else:
            E.delete_line(session, line)
    problem = caught.value.problems()[0]
    assert says in problem.message and problem.line == line and problem.path == str(session)
    assert caught.value.exit_code == 2
    assert any(c.startswith(("line 6: ", "line 8: ")) for c in problem.choices)
    assert session.read_text() == LOG and files_in(session.parent) == ["game.clue"]


@pytest.mark.parametrize(("line", "count"), [(0, 8), (9, 8), (10_000, 8), (-3, 8)])
def test_a_line_past_the_file_is_refused(session: Path, line: int, count: int) -> None:
    with pytest.raises(InputError, match=f"no line {line}: the session has {count} lines"):
        E.delete_line(session, line)
    with pytest.raises(InputError, match=f"no line {line}"):
        E.edit_line(session, line, "Dan has Knife")
    assert session.read_text() == LOG


@pytest.mark.parametrize("line", [1, 4, 0, 10, 99])
def test_insert_goes_after_the_header_and_at_most_one_past_the_end(session: Path, line: int) -> None:
    with pytest.raises(InputError, match="insert puts a statement before a line after the header, line 5 to 9"):
        E.insert_line(session, line, "Dan has Knife")
    assert session.read_text() == LOG


@pytest.mark.parametrize(
    ("statement", "says"),
    [
        ("x" * 5000, "a statement is at most 1000 characters (this one has 5000)"),
        ("Dan has Knife\nDan has Plum", "one statement at a time: this text has 2 lines"),
        ("   ", "nothing to write"),
        ("# only a comment", "not a statement: line 6 would be a comment; to remove the line use 'clue delete 6'"),
        ("hands: 5, 5, 4, 4", "not a statement: line 6 would be the header line 'hands:'"),
        ("Dan has Knfe", "unknown card"),
    ],
)
def test_bad_statements_are_refused_and_nothing_is_written(session: Path, statement: str, says: str) -> None:
    with pytest.raises(InputError) as caught:
        E.edit_line(session, 6, statement)
    assert says in caught.value.problems()[0].format()
    assert session.read_text() == LOG and files_in(session.parent) == ["game.clue"]


def test_a_new_header_line_is_not_a_statement(tmp_path: Path) -> None:
    path = tmp_path / "g.clue"
    path.write_text("game: classic\nplayers: Ann, Ben, Cat\n\n")
    with pytest.raises(InputError, match="not a statement: line 3 would be the header line 'hands:'"):
        E.insert_line(path, 3, "hands: 6, 6, 6")


def test_a_contradicting_change_is_refused_with_the_lines_and_nothing_written(session: Path) -> None:
    before = session.read_bytes()
    with pytest.raises(ContradictionError) as caught:
        E.insert_line(session, 7, CONTRADICTS_6)
    assert caught.value.exit_code == 3
    assert caught.value.lines == [6, 7]
    message = caught.value.message
    assert message.startswith("not changed: inserting at line 7 would contradict the log, numbered as after the insert")
    assert "line 6: Ben suggests Plum, Knife, Library; Cat shows; line 7: " + CONTRADICTS_6 in message
    assert message.endswith("make the change anyway with --force")
    assert session.read_bytes() == before and files_in(session.parent) == ["game.clue"]
    with pytest.raises(ContradictionError, match="editing line 8 would contradict"):
        E.edit_line(session, 8, CONTRADICTS_6)
    assert session.read_bytes() == before


def test_force_writes_a_contradiction_and_undo_takes_it_back(session: Path) -> None:
    fixed = E.insert_line(session, 7, CONTRADICTS_6, force=True)
    assert not fixed.after.consistent and fixed.after.conflict == (6, 7)
    assert fixed.to_json()["conflict"] == [6, 7] and fixed.to_json()["consistent"] is False
    assert CONTRADICTS_6 in session.read_text()
    S.undo(session)
    assert session.read_text() == LOG


def test_a_log_that_already_contradicted_itself_may_be_fixed_step_by_step(session: Path) -> None:
    E.insert_line(session, 7, CONTRADICTS_6, force=True)
    fixed = E.insert_line(session, 9, "Dan has Knife")  # still contradictory, but not made so by this change
    assert not fixed.after.consistent
    repaired = E.delete_line(session, 7)
    assert repaired.after.consistent


# ----------------------------------------------------------------------------- lock, atomicity, modes


def test_a_change_is_refused_while_another_writer_holds_the_lock(session: Path) -> None:
    with S.locked(session), pytest.raises(SessionError, match="another process is writing this session"):
        E.edit_line(session, 6, "Dan has Knife")
    assert session.read_text() == LOG


def test_the_lock_is_held_while_the_session_is_written(session: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import rulesref.core.files as F

    seen: list[bool] = []
    real = F.atomic_write

    def watching(path: Path, data: str | bytes, **kw: object) -> None:
        fd = os.open(session.parent / f".{session.name}.lock", os.O_RDWR)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            seen.append(False)
        except OSError as exc:
            seen.append(exc.errno in (errno.EWOULDBLOCK, errno.EAGAIN))
        finally:
            os.close(fd)
        real(path, data, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(F, "atomic_write", watching)
    E.edit_line(session, 6, "Dan has Knife")
    assert seen and all(seen)  # the journal and the session, both under the lock


def test_a_failed_write_leaves_the_file_and_no_temp_files(session: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import rulesref.core.files as F

    real = F._atomic_write

    def full_disk(path: Path, payload: bytes, mode: int, private: bool = False) -> None:
        if path == session:
            raise OSError(errno.ENOSPC, "No space left on device")
        real(path, payload, mode, private)

    monkeypatch.setattr(F, "_atomic_write", full_disk)
    with pytest.raises(OSError, match="cannot write"):
        E.edit_line(session, 6, "Dan has Knife")
    assert session.read_text() == LOG
    assert not [n for n in files_in(session.parent) if n.endswith(".tmp")]
    monkeypatch.undo()
    change = S.undo(session)  # the journal's entry does not match the file: a plain undo
    assert change.undone is None


def test_no_temp_files_are_left_after_changes(session: Path) -> None:
    E.edit_line(session, 6, "Dan has Knife")
    E.insert_line(session, 6, "Ben has Plum")
    E.delete_line(session, 6)
    S.undo(session)
    assert files_in(session.parent) == [".game.clue.undo", "game.clue"]


def test_session_and_journal_are_private_and_a_0644_session_is_tightened(session: Path) -> None:
    session.chmod(0o644)
    E.edit_line(session, 6, "Dan has Knife")
    for p in (session, J.journal_path(session), session.parent / ".game.clue.lock"):
        assert stat.S_IMODE(p.stat().st_mode) == 0o600, p


def test_new_sessions_and_their_folders_are_private(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(S.HOME_ENV, str(tmp_path / "home"))
    path, _ = S.start({"game": "classic", "players": "Ann,Ben,Cat"}, name="g")
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert stat.S_IMODE(path.parent.stat().st_mode) == 0o700
    assert stat.S_IMODE((tmp_path / "home").stat().st_mode) == 0o700
    assert stat.S_IMODE((tmp_path / "home" / "current").stat().st_mode) == 0o600


def test_starting_a_session_over_forgets_its_journal(session: Path) -> None:
    E.delete_line(session, 8)
    assert J.journal_path(session).exists()
    S.create(session, "game: classic\nplayers: Ann, Ben, Cat\n\n", force=True)
    assert not J.journal_path(session).exists()


# ----------------------------------------------------------------------------- the journal


def test_the_journal_keeps_the_newest_entries(session: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(J, "MAX_ENTRIES", 3)
    for k in range(5):
        E.insert_line(session, 9 + k, "Dan has Plum" if k % 2 == 0 else "Dan has Knife")
    entries = J.read_journal(session)
    assert [e.line for e in entries] == [11, 12, 13]


@pytest.mark.parametrize(
    "content",
    [b"not json", b'{"format": 99, "entries": []}', b'{"format": 1, "entries": [{"change": "edit"}]}', b"[1]" * 10],
)
def test_a_damaged_journal_counts_as_empty(session: Path, content: bytes) -> None:
    E.delete_line(session, 8)
    J.journal_path(session).write_bytes(content)
    change = S.undo(session)
    assert change.undone is None and change.lines == ("Ben suggests Plum, Knife, Library; Cat shows",)


def test_a_journal_that_is_a_link_is_neither_read_nor_written_through(session: Path, tmp_path: Path) -> None:
    elsewhere = tmp_path / "elsewhere.json"
    entry = J.Entry("delete", 8, "x", None, J.Splice(7, ("x\n",), ()), "0", J.digest(LOG))
    elsewhere.write_text(json.dumps({"format": 1, "entries": [entry.stored()]}))
    J.journal_path(session).symlink_to(elsewhere)
    assert J.read_journal(session) == []
    kept = elsewhere.read_bytes()
    E.delete_line(session, 8)
    assert elsewhere.read_bytes() == kept and not J.journal_path(session).is_symlink()


@given(st.text(alphabet="ab \r\n#", max_size=40))
def test_segments_are_the_lines_every_message_numbers(text: str) -> None:
    segs = J.segments(text)
    assert "".join(segs) == text
    assert [s.rstrip("\r\n") for s in segs] == split_lines(text)


@given(
    st.lists(st.sampled_from(["a", "b", "", "# c"]), max_size=8),
    st.sampled_from(["\n", "\r\n", "\r"]),
    st.booleans(),
    st.integers(0, 9),
    st.integers(0, 2),
    st.lists(st.sampled_from(["x", "", "y z"]), max_size=2),
)
def test_a_splice_and_its_reverse_give_the_text_back(
    lines: list[str], eol: str, last: bool, at: int, n: int, added: list[str]
) -> None:
    text = eol.join(lines) + (eol if last and lines else "")
    segs = J.segments(text)
    at = min(at, len(segs))
    assume(at < len(segs) or not segs or segs[-1].endswith(eol))  # edit.py adds the last line's ending first
    splice = J.Splice(at, tuple(segs[at : at + n]), tuple(a + eol for a in added))
    changed = splice.apply(text)
    assert J.segments(changed)[at : at + len(added)] == [a + eol for a in added]
    assert splice.reverse().apply(changed) == text
