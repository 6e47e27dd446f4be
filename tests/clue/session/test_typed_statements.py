"""A problem in a statement typed on the command line is named by the statement ("statement 2,
column 6"), not by the file line it would have taken; problems in the file keep their
``path:line:column``; the JSON keeps the file's path and line (docs/clue-log-format.md)."""

from __future__ import annotations

from pathlib import Path

import pytest

from cluesolver.clue.session import store as S
from rulesref.core.errors import InputError

HEAD = "game: classic\nplayers: Eve, Finn, Gus, Hana\nme: Eve\nmy cards: Scarlet, Rope, Kitchen, Hall, Study\n\n"


def test_problems_of_typed_statements_are_named_by_statement(tmp_path: Path) -> None:
    path = tmp_path / "fri.clue"
    path.write_text(HEAD + "Finn suggests Plum, Knife, Library; Gus shows\n")
    with pytest.raises(InputError) as err:
        S.add(path, ["Gus suggests Plum, Knife, Hall; Hana passes", "Hana sugests Plum, Knfe, Hall; Eve passes"])
    found = err.value.problems()
    assert [p.format() for p in found] == [
        "statement 2, column 6: expected a statement: suggests, accuses, has, has none of, shows, looks at, round: "
        "'sugests Plum, Knfe, Hall; Eve passes' (did you mean: suggests, bets, accuses?)",
        "statement 2, column 20: unknown card: 'Knfe' (did you mean: Knife?)",
    ]
    assert [(p.path, p.line, p.column) for p in found] == [(str(path), 8, 6), (str(path), 8, 20)]
    assert path.read_text() == HEAD + "Finn suggests Plum, Knife, Library; Gus shows\n"  # nothing written


def test_a_problem_already_in_the_file_keeps_its_file_line(tmp_path: Path) -> None:
    path = tmp_path / "fri.clue"
    path.write_text(HEAD + "Finn suggests Plum, Knfe, Library; Gus shows")  # no newline at the end
    with pytest.raises(InputError) as err:
        S.add(path, ["Gus suggests Plum, Knife, Hall; Hana pases"])
    assert [p.format().split(": ")[0] for p in err.value.problems()] == [f"{path}:6:21"]  # the file's own line


def test_a_contradiction_names_the_typed_statement_and_the_file_lines(tmp_path: Path) -> None:
    from cluesolver.clue.session.live import record
    from rulesref.core.errors import ContradictionError

    path = tmp_path / "fri.clue"
    path.write_text(HEAD + "Eve suggests Plum, Knife, Library; Finn passes; Gus shows Knife\n")
    with pytest.raises(ContradictionError) as err:
        record(path, ["Finn suggests Plum, Knife, Hall; Gus passes; Hana passes; Eve passes"])
    message = err.value.message
    assert "line 6: Eve suggests Plum, Knife, Library; Finn passes; Gus shows Knife" in message
    assert "statement 1: Finn suggests Plum, Knife, Hall; Gus passes; Hana passes; Eve passes" in message
    assert err.value.lines[-1] == 7  # the JSON and the exit code keep the file line it would take
