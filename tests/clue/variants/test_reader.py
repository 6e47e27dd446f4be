"""The variant reader against bad and hostile files: exit 2 with every problem located, never a crash."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from cluesolver.cli import app
from cluesolver.clue import variants
from rulesref.core.errors import InputError
from tests.helpers import ROOT, damaged_lines

BUILT_IN_DIR = ROOT / "cluesolver" / "clue" / "variants" / "data"
runner = CliRunner()


def problems_of(path: Path) -> list[str]:
    with pytest.raises(InputError) as err:
        variants.load_file(path)
    return [p.format() for p in err.value.problems()]


def show(path: Path) -> tuple[int, str]:
    result = runner.invoke(app, ["variants", "show", str(path)])
    assert "Traceback" not in result.output
    return result.exit_code, result.output


def write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_a_variant_extending_itself_is_a_named_cycle(tmp_path: Path) -> None:
    path = write(tmp_path, "self.toml", 'extends = "self.toml"\nid = "loop"\n')
    assert problems_of(path) == [f"{path}:1:12: 'extends' makes a cycle: self.toml extends self.toml"]
    code, out = show(path)
    assert code == 2 and "cycle" in out


def test_two_variants_extending_each_other_are_a_named_cycle(tmp_path: Path) -> None:
    a = write(tmp_path, "a.toml", 'extends = "b.toml"\n')
    write(tmp_path, "b.toml", 'extends = "a.toml"\n')
    (found,) = problems_of(a)
    assert "'extends' makes a cycle: a.toml extends b.toml extends a.toml" in found
    assert found.startswith(f"{tmp_path / 'b.toml'}:1:")


def test_a_long_chain_of_extends_is_bounded(tmp_path: Path) -> None:
    for i in range(12):
        write(tmp_path, f"v{i}.toml", f'extends = "v{i + 1}.toml"\n')
    write(tmp_path, "v12.toml", 'extends = "classic"\n')
    assert any("more than 8 files deep" in p for p in problems_of(tmp_path / "v0.toml"))


def test_a_huge_player_count_is_refused_at_once(tmp_path: Path) -> None:
    path = write(tmp_path, "big.toml", 'extends = "classic"\nmax_players = 1000000000\n')
    start = time.perf_counter()
    code, out = show(path)
    assert time.perf_counter() - start < 2
    assert code == 2 and f"{path}:2:1: 'max_players' must be from 2 to 12: '1000000000'" in out


def test_sizes_are_bounded(tmp_path: Path) -> None:
    cards = ", ".join(f'"Card {i}"' for i in range(41))
    path = write(tmp_path, "wide.toml", f'id = "wide"\n[[category]]\nid = "who"\ncards = [{cards}]\n')
    assert problems_of(path) == [f"{path}:4:1: category 'who' has 41 cards; at most 40"]
    many = "".join(f'[[category]]\nid = "c{i}"\ncards = ["X{i}"]\n' for i in range(9))
    path = write(tmp_path, "many.toml", f'id = "many"\n{many}')
    assert problems_of(path) == [f"{path}:2:3: 9 categories; at most 8"]
    aliases = ", ".join(f'"a{i}"' for i in range(41))
    path = write(tmp_path, "aka.toml", f'extends = "classic"\n[card_aliases]\n"Knife" = [{aliases}]\n')
    assert problems_of(path) == [f"{path}:3:2: 'Knife' lists 41 aliases; at most 40"]


def test_renaming_a_card_to_another_cards_name_is_refused(tmp_path: Path) -> None:
    path = write(tmp_path, "r.toml", 'extends = "classic"\n[rename]\n"Knife" = "Rope"\n')
    assert problems_of(path) == [f"{path}:3:2: 'Knife' cannot be renamed to 'Rope': another card has that name"]
    path = write(tmp_path, "r2.toml", 'extends = "classic"\n[rename]\n"Knife" = "Axe"\n"Rope" = "axe"\n')
    assert problems_of(path) == [f"{path}:4:2: 'Rope' cannot be renamed to 'axe': another card has that name"]
    path = write(tmp_path, "r3.toml", 'extends = "classic"\n[rename]\n"Knife" = "Gun"\n')
    assert problems_of(path) == [f"{path}:3:11: an alias of 'Revolver' is the name of another card ('Gun')"]


def test_a_string_where_a_list_of_aliases_belongs_is_refused(tmp_path: Path) -> None:
    path = write(tmp_path, "s.toml", 'extends = "classic"\n[card_aliases]\n"Knife" = "Dagger"\n')
    assert problems_of(path) == [
        f"""{path}:3:2: 'Knife' takes a list of aliases in brackets, e.g. Knife = ["Dagger"]"""
    ]
    path = write(tmp_path, "s2.toml", 'id = "t"\n[[category]]\nid = "who"\ncards = [{ name = "A", aliases = "xy" }]\n')
    assert problems_of(path) == [
        f"""{path}:4:24: 'aliases' takes a list of aliases in brackets, e.g. aliases = ["xy"]"""
    ]


def test_two_categories_with_one_id_are_bad_input_not_a_contradiction(tmp_path: Path) -> None:
    write(
        tmp_path,
        "twice.toml",
        'id = "twice"\n[[category]]\nid = "who"\ncards = ["A", "B", "C"]\n'
        '[[category]]\nid = "who"\ncards = ["D", "E", "F"]\n',
    )
    log = write(tmp_path, "g.clue", "game: twice.toml\nplayers: Ann, Ben\n")
    result = runner.invoke(app, ["replay", str(log)])
    assert result.exit_code == 2, result.output
    assert f"{tmp_path / 'twice.toml'}:6:1: two categories with the id 'who'" in result.output


def test_every_problem_at_once_with_line_column_and_closest_choice(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        "bad.toml",
        'id = 5\nmax_player = 4\nmin_players = "3"\n[[category]]\nid = "who"\ncards = ["A", 5, "B;C"]\n'
        '[[category]]\nidd = "what"\ncards = "Rope"\n',
    )
    assert problems_of(path) == [
        f"{path}:1:1: 'id' takes an id in quotes, not a number",
        f"{path}:2:1: unknown key in a variant file: 'max_player' (did you mean: max_players, min_players, two_player_table?)",
        f"{path}:3:1: 'min_players' takes a whole number from 2 to 12, not a string",
        f"{path}:6:1: 'cards' takes a card name in quotes, not a number",
        f"{path}:6:18: a card name cannot hold ';' (they separate or end parts of a log line): 'B;C'",
        f"{path}:7: category 2 needs an 'id' (e.g. id = \"weapon\")",
        f"{path}:8:1: unknown key in category 2: 'idd' (did you mean: id?)",
    ]


def test_wrong_types_and_bad_encoding_are_exit_2_with_a_line(tmp_path: Path) -> None:
    path = tmp_path / "latin.toml"
    path.write_bytes(b'id = "t"\nname = "caf\xe9"\n')
    code, out = show(path)
    assert code == 2 and f"{path}:2: not UTF-8 text" in out
    path = write(tmp_path, "types.toml", 'extends = "classic"\nrename = ["Knife"]\n')
    code, out = show(path)
    assert code == 2 and f"{path}:2:1: 'rename' takes a table" in out
    path = write(tmp_path, "cat.toml", 'id = "t"\ncategory = "who"\n')
    code, out = show(path)
    assert code == 2 and f"{path}:2:1: 'category' takes [[category]] tables, not a string" in out


def test_a_variant_file_that_is_a_device_or_a_pipe_is_refused(tmp_path: Path) -> None:
    import os

    fifo = tmp_path / "pipe.toml"
    os.mkfifo(fifo)
    for name in ("/dev/zero", str(fifo)):
        log = write(tmp_path, "g.clue", f"game: {name}\nplayers: Ann, Ben, Cat\n")
        start = time.perf_counter()
        result = runner.invoke(app, ["replay", str(log)])
        assert time.perf_counter() - start < 2
        assert result.exit_code == 2 and "not a regular file" in result.output


def test_a_big_custom_edition_never_overflows(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    cats = "".join(
        f'[[category]]\nid = "k{c}"\ncards = [{", ".join(f"{chr(34)}C{c}x{i}{chr(34)}" for i in range(10))}]\n'
        for c in range(8)
    )
    write(tmp_path, "big.toml", f'id = "big"\nmax_players = 12\n{cats}')
    log = write(tmp_path, "g.clue", "game: big.toml\nplayers: A, B, C\n")
    result = runner.invoke(app, ["replay", str(log), "--json"])
    assert result.exit_code in (0, 2), result.output
    assert "Overflow" not in result.output and "Traceback" not in result.output
    # Where exact arithmetic gives out, the refusal says what would make this log countable.
    from cluesolver.clue.analysis import report
    from cluesolver.clue.record.reader import read_log

    def too_big(puzzle: object) -> object:
        raise OverflowError("counts beyond 2**93 deals")

    monkeypatch.setattr(report, "count", too_big)
    with pytest.raises(InputError) as err:
        report.analyse(read_log(log))
    (problem,) = err.value.problems()
    assert problem.line == 1 and problem.text == "big.toml"
    assert "80 cards among 3 players" in problem.message
    assert "give the notebook owner's cards ('me:' and 'my cards:')" in problem.message
    assert "at most about 30 cards" in problem.message


def test_names_in_a_variant_print_literally(tmp_path: Path) -> None:
    path = write(
        tmp_path, "m.toml", 'id = "m"\nname = "[bold]Box[/]"\n[[category]]\nid = "who"\ncards = ["A[/]", "[red]x"]\n'
    )
    code, out = show(path)
    assert code == 0, out
    assert "[bold]Box[/]" in out and "A[/]" in out and "[red]x" in out


# ----------------------------------------------------------------------------- fuzz

SOURCES = [p.read_text(encoding="utf-8") for p in sorted(BUILT_IN_DIR.glob("*.toml"))] + [
    (ROOT / "tests" / "data" / "live" / "tiny.toml").read_text(encoding="utf-8"),
    'extends = "lost-in-vegas"\nid = "our-box"\n[rename]\n"Action 2" = "Karaoke"\n'
    '[card_aliases]\n"Karaoke" = ["laulmine"]\n[remove_aliases]\n"Karaoke" = ["Action 2"]\n',
]
PIECES = [
    "=",
    '"',
    "[",
    "]",
    "{",
    "}",
    ",",
    'extends = "self.toml"',
    "extends = 5",
    "[[category]]",
    "[rename]",
    "[card_aliases]",
    'aliases = "x"',
    "max_players = 1000000000",
    "min_players = -1",
    "two_player_table = 99",
    'id = "suspect"',
    "cards = []",
    "name = 3",
    "[/]",
    "\u2028",
    "\x00",
    "#",
    "\n",
]


def mutated_variant() -> st.SearchStrategy[str]:
    return damaged_lines(SOURCES, PIECES, most=5)


@settings(
    max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture]
)
@given(text=mutated_variant())
def test_mutated_variant_files_exit_0_or_2_without_a_traceback(tmp_path: Path, text: str) -> None:
    path = tmp_path / "self.toml"
    path.write_text(text, encoding="utf-8")
    start = time.perf_counter()
    result = runner.invoke(app, ["variants", "show", str(path)])
    assert time.perf_counter() - start < 5
    assert result.exit_code in (0, 2), result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    assert "Traceback" not in result.output
    if result.exit_code == 2:
        assert "error:" in result.output
