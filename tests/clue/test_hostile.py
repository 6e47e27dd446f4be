"""Hostile and careless .clue input, planted files in the session folder, names that look like markup."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from cluesolver.cli import app
from cluesolver.clue.record.reader import parse_log
from cluesolver.clue.session import store as S
from rulesref.core.errors import InputError, SessionError
from tests.helpers import ROOT, damaged_lines

HEAD = "game: classic\nplayers: Ann, Ben, Cat\n"
runner = CliRunner()


@pytest.fixture()
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv(S.HOME_ENV, str(tmp_path / "home"))
    return tmp_path / "home"


def run(*args: str) -> tuple[int, str]:
    result = runner.invoke(app, list(args))
    assert "Traceback" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    return result.exit_code, result.output


def problems(text: str) -> list[str]:
    with pytest.raises(InputError) as err:
        parse_log(text, "x.clue")
    return [p.format() for p in err.value.problems()]


# ----------------------------------------------------------------------------- the reader


@pytest.mark.parametrize(
    "hands",
    ["Ann" + " " * 3000 + "x", "Ann" + " " * 900 + "x", " " * 900 + ": " * 40, "Ann " + "1 " * 400 + "x"],
)
def test_a_hands_header_full_of_blanks_answers_at_once(hands: str) -> None:
    start = time.perf_counter()
    found = problems(HEAD + f"hands: {hands}\n")
    assert time.perf_counter() - start < 0.5
    assert len(found) == 1 and len(found[0]) < 200


def test_hand_sizes_keep_their_spellings() -> None:
    log = parse_log(HEAD + "hands: Ann: 6, Ben=6, Cat 6\n")
    assert log.hand_sizes == (6, 6, 6)
    assert problems(HEAD + "hands: Ann 99999999999999999999, Ben 1, Cat 1\n") == [
        "x.clue:3:8: a hand size is a small number: '99999999999999999999'"
    ]


def test_a_huge_line_is_quoted_short(tmp_path: Path) -> None:
    path = tmp_path / "long.clue"
    path.write_text(HEAD + "Ann suggests " + "x" * 5_000_000 + "\n", encoding="utf-8")
    start = time.perf_counter()
    code, out = run("replay", str(path))
    assert time.perf_counter() - start < 2
    assert code == 2
    assert "line too long: 5000013 characters (at most 1000)" in out
    assert len(out) < 400


def test_a_flood_of_bad_lines_stops_after_100_problems() -> None:
    found = problems(HEAD + "Bob suggests Knife\n" * 50_000)
    assert len(found) == 101 and found[-1] == "x.clue: stopped reading after 100 problems: fix these first"


def test_unicode_line_separators_in_a_comment_do_not_start_an_event() -> None:
    for sep in ("\u2028", "\u2029", "\x85", "\x0c", "\x1c"):
        text = HEAD + f"# a note{sep}Ben has Knife\nAnn suggests Plum, Rope, Hall; Ben passes; Cat shows\n"
        log = parse_log(text)
        assert [e.line for e in log.events] == [4]
    # the usual line ends all count, and line numbers follow them
    log = parse_log("game: classic\r\nplayers: Ann, Ben, Cat\r# note\rBen has Knife\n")
    assert [e.line for e in log.events] == [4]
    from rulesref.core.text import split_lines

    assert split_lines("a\u2028b\r\nc\rd\n") == ["a\u2028b", "c", "d"]


def fuzz_sources() -> list[str]:
    files = sorted((ROOT / "tests" / "data" / "clue").glob("*.clue")) + sorted(
        (ROOT / "tests" / "data" / "live").glob("*.clue")
    )
    return [p.read_text(encoding="utf-8") for p in files if "vegas" not in p.name]


SOURCES = fuzz_sources()
WORDS = [
    "suggests",
    "shows",
    "passes",
    "nobody shows",
    "has none of",
    "accuses",
    "; wrong",
    ";",
    ",",
    ":",
    "Ann",
    "Knife",
    "round",
    "hands: ",
    "game: ",
    "game: /dev/zero",
    "players: [/], [bold]x",
    "[/]",
    "#",
    "\u2028",
    "\r",
    "\x00",
    " " * 200,
    "9" * 30,
]


def damaged_log() -> st.SearchStrategy[str]:
    return damaged_lines(SOURCES, WORDS, most=4)


@settings(
    max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture]
)
@given(text=damaged_log(), verb=st.sampled_from(["replay", "check"]))
def test_damaged_logs_through_the_cli_exit_0_to_3_without_a_traceback(tmp_path: Path, text: str, verb: str) -> None:
    path = tmp_path / "fuzz.clue"
    path.write_text(text, encoding="utf-8")
    start = time.perf_counter()
    code, out = run(verb, str(path))
    assert time.perf_counter() - start < 20
    assert code in (0, 1, 2, 3), out


# ----------------------------------------------------------------------------- sessions


def new_session(name: str = "g1") -> Path:
    path = S.path_of(name)
    S.create(path, HEAD + "\n")
    return path


def test_a_lock_file_that_is_a_link_never_touches_its_target(home: Path, tmp_path: Path) -> None:
    path = new_session()
    target = tmp_path / "precious.txt"
    target.write_text("keep me\n")
    lock = path.parent / f".{path.name}.lock"
    lock.unlink(missing_ok=True)
    lock.symlink_to(target)
    with pytest.raises(SessionError, match="lock file is a link"):
        S.add(path, ["Ben suggests Plum, Rope, Hall; Cat passes; Ann shows"])
    assert target.read_text() == "keep me\n"
    assert parse_log(path.read_text()).events == ()
    code, out = run("clue", "add", "--file", str(path), "Ben suggests Plum, Rope, Hall; Cat passes; Ann shows")
    assert code == 2 and "lock file is a link" in out
    assert target.read_text() == "keep me\n"


def test_planted_temp_links_are_never_followed(home: Path, tmp_path: Path) -> None:
    path = new_session()
    target = tmp_path / "precious.txt"
    target.write_text("keep me\n")
    for tag in (*map(str, range(5)), str(os.getpid())):  # the pid: the name the old writer used
        (path.parent / f".{path.name}.{tag}.tmp").symlink_to(target)
    S.add(path, ["Ben suggests Plum, Rope, Hall; Cat passes; Ann shows"])
    assert target.read_text() == "keep me\n"
    assert len(parse_log(path.read_text()).events) == 1


def test_a_session_that_is_a_link_to_a_device_is_listed_as_unreadable(home: Path) -> None:
    new_session("g1")
    S.path_of("dev").symlink_to("/dev/zero")
    start = time.perf_counter()
    code, out = run("clue", "list")
    assert time.perf_counter() - start < 2
    assert code == 0 and "not a regular file" in out
    code, out = run("clue", "status", "--session", "dev")
    assert code == 2 and "not a regular file" in out


@pytest.mark.parametrize("content", [b"\xff\xfe\x00garbage", b"../../etc/passwd\n", b"x" * 10_000])
def test_a_broken_current_file_is_a_clear_message(home: Path, content: bytes) -> None:
    new_session("g1")
    (home / "current").write_bytes(content)
    for args in (["clue", "status"], ["clue", "list"]):
        code, out = run(*args)
        assert code == 2, out
        assert "current" in out and "cluesolver clue use NAME" in out
    code, out = run("clue", "use", "g1")
    assert code == 0 and (home / "current").read_text() == "g1\n"


def test_the_play_history_never_follows_a_link(tmp_path: Path) -> None:
    from cluesolver.cli.clue_play import SafeHistory

    target = tmp_path / "precious.txt"
    target.write_text("keep me\n")
    link = tmp_path / ".g.clue.history"
    link.symlink_to(target)
    history = SafeHistory(link)
    assert list(history.load_history_strings()) == []
    history.store_string("Ben has Knife")
    assert target.read_text() == "keep me\n"
    plain = SafeHistory(tmp_path / ".h.clue.history")
    plain.store_string("Ben has Knife")
    plain.store_string("Ann has Rope")
    assert list(plain.load_history_strings()) == ["Ann has Rope", "Ben has Knife"]
    os.mkfifo(tmp_path / ".f.clue.history")
    assert list(SafeHistory(tmp_path / ".f.clue.history").load_history_strings()) == []


# ----------------------------------------------------------------------------- names are not markup

MARKUP = (
    "game: classic\nplayers: [/], [bold]x, Cat\nme: [/]\nmy cards: Plum, Rope, Hall, Knife, Study, Lounge\n\n"
    "[bold]x suggests Plum, Rope, Hall; Cat passes; [/] shows Rope\n"
    "[/] suggests Mustard, Knife, Study; [bold]x passes; Cat passes\n"
    "[bold]x suggests Mustard, Knife, Study; Cat passes; [/] shows\n"
)


def test_player_names_that_look_like_markup_print_literally(home: Path, tmp_path: Path) -> None:
    path = tmp_path / "markup.clue"
    path.write_text(MARKUP, encoding="utf-8")
    code, out = run("replay", str(path))
    assert code == 0, out
    assert "[/] (me)" in out and "[bold]x" in out
    code, out = run("replay", str(path), "--why", "[bold]x has Rope")
    assert code == 0 and "[bold]x has Rope: impossible" in out
    code, out = run("check", str(path))
    assert code == 0 and "[/] takes a turn but Cat was next after [bold]x" in out
    code, out = run("clue", "status", "--file", str(path))
    assert code == 0 and "[bold]x suggests Colonel Mustard, Knife, Study; Cat passes; [/] shows" in out
    code, out = run("clue", "why", "--file", str(path), "Cat does not have Rope")
    assert code == 0 and "Cat does not have Rope: certain." in out
    code, out = run("clue", "new", "m", "--players", "[/],[red]Ben,Cat")
    assert code == 0 and "[/], [red]Ben, Cat" in out
    code, out = run("clue", "list")
    assert code == 0 and "[/], [red]Ben, Cat" in out
