"""TOML slips people make in inline tables are said in plain words, at the exact place."""

from __future__ import annotations

import pytest

from rulesref.core.errors import InputError
from rulesref.core.tomlfile import parse_toml


def problem_of(text: str) -> tuple[int | None, int | None, str, str | None]:
    with pytest.raises(InputError) as info:
        parse_toml(text, "x.toml")
    (p,) = info.value.problems()
    return p.line, p.column, p.message, p.text


def test_a_trailing_comma_in_an_inline_table() -> None:
    line, column, message, text = problem_of('a = 1\ncasino.1 = { money = [30], dice = "Ann=4", }\n')
    assert (line, column, text) == (2, 42, ", }")
    assert message == (
        "not valid TOML: a comma after the last value of an inline table { ... }: remove it (TOML allows none there)"
    )
    assert "Invalid initial character" not in message


def test_an_inline_table_over_two_lines() -> None:
    line, column, message, text = problem_of("hotels = { large = 1,\n  small = 2 }\n")
    assert (line, column, text) == (1, 21, "hotels = { large = 1,")
    assert message.endswith("an inline table { ... } is written on one line: join its lines, or write it as a [table]")


def test_a_missing_comma_between_values() -> None:
    line, column, message, text = problem_of('c = { money = [30] dice = "A=4" }\n')
    assert (line, column, text) == (1, 20, 'c = { money = [30] dice = "A=4" }')
    assert "not closed on its line" in message


def test_other_slips_keep_the_parser_words_and_place() -> None:
    line, column, message, _ = problem_of("a = 1\na = 2\n")
    assert (line, column) == (2, 6) and message == "not valid TOML: Cannot overwrite a value (at line 2, column 6)"


def test_a_trailing_comma_in_an_array_is_fine() -> None:
    assert parse_toml("a = [1, 2,]\n") == {"a": [1, 2]}
