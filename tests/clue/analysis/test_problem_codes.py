"""Problem codes: the ``.clue`` reader codes the problems that the log check and ``clue new`` sort.

The log check turns a reader refusal into a rule finding by its code, and ``clue new``
points at ``--hands`` by code: a message reworded keeps its classification, and a message
that loses its code loses it, whatever its words.  Codes show in no output.
"""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cluesolver.cli import app
from cluesolver.cli.clue import _about_hands
from cluesolver.clue.analysis import logcheck
from cluesolver.clue.analysis.logcheck import check_text
from cluesolver.clue.record import codes, reader
from cluesolver.clue.record.reader import parse_log
from rulesref.core.errors import InputError, Problem

HEADER = "game: classic\nplayers: Ann, Ben, Cat, Dan\n"
ANN = "me: Ann\nmy cards: Scarlet, Rope, Kitchen, Hall, Study\n"

#: A log for each coded reader problem, and the line the problem is on.
LOGS = {
    codes.ANSWER_ORDER: (HEADER + "Ann suggests Plum, Knife, Library; Dan passes; Ben passes\n", 3),
    codes.ANSWER_AFTER_SHOW: (HEADER + "Ann suggests Plum, Knife, Library; Ben shows; Cat passes\n", 3),
    codes.ANSWER_AFTER_NOBODY: (HEADER + "Ann suggests Plum, Knife, Library; nobody shows; Ben passes\n", 3),
    codes.SHOWN_NOT_SUGGESTED: (HEADER + ANN + "Ann suggests Plum, Knife, Library; Ben shows Lounge\n", 5),
    codes.SELF_ANSWER: (HEADER + "Ann suggests Plum, Knife, Library; Ann passes\n", 3),
    codes.MY_CARDS: (HEADER + "me: Ann\nmy cards: Scarlet, Rope\n", 4),
    codes.HAND_TOTAL: (HEADER + "hands: Ann 5, Ben 5, Cat 4, Dan 2\n", 3),
}

#: The codes the log check turns into rule findings (all but the one ``clue new`` makes).
RULE_CODES = sorted(set(LOGS))


def problems_of(text: str) -> list[Problem]:
    with pytest.raises(InputError) as exc:
        parse_log(text)
    return exc.value.problems()


@pytest.mark.parametrize("code", RULE_CODES)
def test_the_reader_codes_its_problem(code: str) -> None:
    text, line = LOGS[code]
    found = problems_of(text)
    assert [(p.code, p.line) for p in found] == [(code, line)]


@pytest.mark.parametrize("code", RULE_CODES)
def test_the_log_check_finds_it_under_the_same_code(code: str) -> None:
    text, line = LOGS[code]
    report = check_text(text)
    assert [(f.code, f.line) for f in report.errors if f.line == line] == [(code, line)]


def test_problems_that_are_not_about_the_rules_carry_no_code() -> None:
    found = problems_of(HEADER + "Ann suggests Plum, Spoon, Library; Ben passes\n")
    assert [p.code for p in found] == [None]
    with pytest.raises(InputError):
        check_text(HEADER + "Ann suggests Plum, Spoon, Library; Ben passes\n")


def test_every_code_is_in_the_table_and_the_log_check_knows_each_rule_code() -> None:
    table = codes.__doc__ or ""
    named = {v for k, v in vars(codes).items() if k.isupper() and isinstance(v, str)}
    assert named == {*RULE_CODES, codes.HANDS_OPTION}
    assert all(f"\n{code} " in table for code in named)
    assert set(logcheck._READER_RULES) == set(RULE_CODES)


def _reworded(monkeypatch: pytest.MonkeyPatch, *, keep_code: bool) -> None:
    """Every message the reader makes is reworded; its code kept or dropped."""
    made = reader._Line.problem

    def problem(self: reader._Line, message: str, *args: object, **kwargs: object) -> Problem:
        p = made(self, f"reworded {len(message)}", *args, **kwargs)  # type: ignore[arg-type]
        return p if keep_code else replace(p, code=None)

    monkeypatch.setattr(reader._Line, "problem", problem)


@pytest.mark.parametrize("code", RULE_CODES)
def test_classification_does_not_depend_on_the_wording(code: str, monkeypatch: pytest.MonkeyPatch) -> None:
    text, _ = LOGS[code]
    before = check_text(text)
    _reworded(monkeypatch, keep_code=True)
    after = check_text(text)
    assert [(f.code, f.line) for f in after.findings] == [(f.code, f.line) for f in before.findings]
    assert any(f.code == code for f in after.findings)


@pytest.mark.parametrize("code", RULE_CODES)
def test_a_message_without_its_code_is_no_longer_classified(code: str, monkeypatch: pytest.MonkeyPatch) -> None:
    text, _ = LOGS[code]
    monkeypatch.setattr(reader._Line, "problem", _strip_code(reader._Line.problem))
    with pytest.raises(InputError) as exc:  # the same words, no code: not a rule problem, the log is unreadable
        check_text(text)
    assert all(p.code is None for p in exc.value.problems())


def _strip_code(made):  # type: ignore[no-untyped-def]
    def problem(self: reader._Line, *args: object, **kwargs: object) -> Problem:
        return replace(made(self, *args, **kwargs), code=None)

    return problem


def test_the_code_is_in_no_output() -> None:
    bare = Problem("a message", path="x.clue", line=3, column=2, text="t", choices=("a", "b"))
    coded = replace(bare, code=codes.ANSWER_ORDER)
    assert coded.format() == bare.format()
    assert coded.to_json() == bare.to_json()
    assert "code" not in coded.to_json()
    assert str(InputError(coded)) == str(InputError(bare))


# ----------------------------------------------------------------------------- clue new --hands


HINT = "Hand sizes that are not the usual deal go in --hands."


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("CLUESOLVER_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("COLUMNS", "120")
    return tmp_path


@pytest.mark.parametrize(
    ("options", "code", "hinted"),
    [
        (("--me", "Ann", "--cards", "Scarlet, Rope"), codes.MY_CARDS, True),
        (("--hands", "Ann 5, Ben 5, Cat 4, Dan 2"), codes.HAND_TOTAL, True),
        (("--hands", "Ann x"), codes.HANDS_OPTION, True),
        (("--hands", "Ann 5, Ben 5, Cat 4, Zed 4"), codes.HANDS_OPTION, True),
        (("--me", "Zed"), None, False),
    ],
)
def test_clue_new_points_at_hands_by_code(home: Path, options: tuple[str, ...], code: str | None, hinted: bool) -> None:
    from cluesolver.clue.session.store import header_of

    keys = {"--me": "me", "--cards": "my cards", "--hands": "hands"}
    given = {keys[o]: v for o, v in zip(options[::2], options[1::2], strict=True)}
    with pytest.raises(InputError) as exc:
        header_of({"game": "classic", "players": "Ann,Ben,Cat,Dan", **given})
    assert [p.code for p in exc.value.problems()] == [code]
    assert _about_hands(exc.value) is hinted

    result = CliRunner().invoke(app, ["clue", "new", "--players", "Ann,Ben,Cat,Dan", *options])
    assert result.exit_code == 2
    assert (HINT in result.output) is hinted


def test_a_hands_option_that_is_not_utf8_is_about_hands() -> None:
    from cluesolver.clue.session.store import header_of

    with pytest.raises(InputError) as exc:
        header_of({"game": "classic", "players": "Ann,Ben,Cat,Dan", "hands": "Ann \udcff5"})
    assert [p.code for p in exc.value.problems()] == [codes.HANDS_OPTION]
    assert exc.value.problems()[0].message == "--hands is not UTF-8 text"


def test_the_hint_follows_the_code_not_the_words() -> None:
    worded = InputError(Problem("--hands: Ann holds 5 cards in this deal but 'my cards' lists 2"))
    assert not _about_hands(worded)  # the old words, no code
    assert _about_hands(InputError(Problem("reworded", code=codes.MY_CARDS)))
    assert _about_hands(InputError(Problem("reworded", code=codes.HANDS_OPTION)))


def test_the_json_error_of_clue_new_is_unchanged_by_codes(home: Path) -> None:
    result = CliRunner().invoke(
        app, ["clue", "new", "--players", "Ann,Ben,Cat,Dan", "--hands", "Ann 5, Ben 5, Cat 4, Dan 2", "--json"]
    )
    data = json.loads(result.stdout)
    assert data["problems"] == [
        {
            "message": "--hands: hand sizes add up to 16 but 18 cards are dealt",
            "path": None,
            "line": None,
            "column": None,
            "text": "Ann 5, Ben 5, Cat 4, Dan 2",
            "choices": [],
        }
    ]
