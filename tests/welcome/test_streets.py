"""Street notation, odd/even runs and placement problems of Welcome to New Las Vegas."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rulesref.core.errors import InputError
from rulesref.welcome.streets import (
    Casino,
    Parity,
    all_built_opened,
    format_street,
    format_streets,
    longest_run,
    open_construction_debts,
    parse_street,
    parse_streets,
    placement_problems,
    run_length,
    runs,
)


def street(text: str):  # type: ignore[no-untyped-def]
    return parse_street(text)


def test_rulebook_example_run_of_four_even_numbers() -> None:
    run = longest_run(street("3 2 4 6 8 11"))
    assert run is not None
    assert run.numbers == (2, 4, 6, 8)
    assert run.parity is Parity.EVEN
    assert run.length == 4


def test_standing_crane_does_not_break_a_run() -> None:
    assert longest_run(street("1 3 c 5 7")).numbers == (1, 3, 5, 7)  # type: ignore[union-attr]


def test_built_empty_casino_breaks_a_run() -> None:
    assert run_length(street("1 3 . 5 7 9")) == 3
    assert run_length(street("1 3 x 5 7 9")) == 3


def test_easy_opening_zero_and_extended_copy_count_in_runs() -> None:
    assert run_length(street("0 2 4 6")) == 4
    assert longest_run(street("5 =5 7")).numbers == (5, 5, 7)  # type: ignore[union-attr]


def test_parity_change_starts_a_new_run_and_first_longest_wins() -> None:
    found = runs(street("1 3 4 6 7"))
    assert [r.numbers for r in found] == [(1, 3), (4, 6), (7,)]
    assert longest_run(street("1 3 4 6 7")).numbers == (1, 3)  # type: ignore[union-attr]


def test_street_without_opened_casino_has_no_run() -> None:
    assert longest_run(street("c . x")) is None
    assert run_length(street("c . x")) == 0


def test_tokens_read_as_documented() -> None:
    assert street("7")[0] == Casino(number=7)
    assert street(".")[0] == Casino()
    assert street("c")[0] == Casino(crane=True, built=False)
    assert street("x")[0] == Casino(crane=True, built=True)
    assert street("x7")[0] == Casino(number=7, crane=True, built=True)
    assert street("=7")[0] == Casino(number=7, extended=True)
    assert street("c7")[0].standing_crane and street("c7")[0].number == 7


def test_several_streets_and_commas() -> None:
    parsed = parse_streets("3 5 7 . 9 | 2,4,c,6")
    assert format_streets(parsed) == "3 5 7 . 9 | 2 4 c 6"


def test_every_bad_token_reported_at_once() -> None:
    with pytest.raises(InputError) as info:
        parse_streets("1 q | 2 | zz =")
    messages = [p.message for p in info.value.problems()]
    assert len(messages) == 3
    assert "street 1: 'q' is not a casino" in messages[0]
    assert "street 3: 'zz'" in messages[1]
    assert "street 3: '='" in messages[2]


def test_empty_street_is_an_input_error() -> None:
    with pytest.raises(InputError, match="street 2 is empty"):
        parse_streets("1 2 |  ")


token = st.one_of(
    st.integers(0, 17).map(str),
    st.sampled_from([".", "c", "x"]),
    st.integers(0, 17).map(lambda n: f"x{n}"),
    st.integers(0, 17).map(lambda n: f"={n}"),
)


@given(st.lists(token, min_size=1, max_size=12))
def test_parse_format_round_trip(tokens: list[str]) -> None:
    text = " ".join(tokens)
    assert format_street(parse_street(text)) == text


@given(st.lists(token, min_size=1, max_size=12))
def test_runs_are_single_parity_and_longest_is_maximal(tokens: list[str]) -> None:
    s = parse_street(" ".join(tokens))
    found = runs(s)
    for r in found:
        assert len({n % 2 for n in r.numbers}) == 1
    assert run_length(s) == max((r.length for r in found), default=0)


def messages(text: str) -> list[str]:
    return [p.message for p in placement_problems(street(text), 1)]


def test_valid_street_has_no_problem() -> None:
    assert messages("1 3 . c 8 x 10 x12 =12 13") == []


def test_descending_numbers() -> None:
    assert messages("1 8 6") == [
        "street 1: 8 (casino 2) comes before 6 (casino 3); numbers must rise from left to right"
    ]


def test_duplicate_suggests_extended_notation_when_neighbours() -> None:
    (msg,) = messages("5 5 7")
    assert "5 appears twice (casinos 1 and 2)" in msg and "=5" in msg
    (msg,) = messages("5 . 5")
    assert "5 appears twice (casinos 1 and 3)" in msg and "=5" not in msg


def test_out_of_range_and_number_under_crane() -> None:
    problems = placement_problems(street("-1 c4 18"), 2)
    texts = [p.message for p in problems]
    assert any("-1 is outside 0-17" in t for t in texts)
    assert any("4 is written in a casino still under construction" in t for t in texts)
    assert any("18 is outside 0-17" in t for t in texts)
    assert {p.rule.id for p in problems if p.rule} == {"welcome-to-new-las-vegas/placement"}


def test_extended_copy_must_sit_beside_its_twin() -> None:
    problems = placement_problems(street("5 . =5"), 3)
    assert [p.rule.id for p in problems if p.rule] == ["welcome-to-new-las-vegas/extended-casino"]
    assert problems[0].where == {"street": 3, "casino": 3}
    assert placement_problems(street("=5 5 7"), 1) == []


def test_debts_and_end_condition_helpers() -> None:
    assert open_construction_debts(street("x x5 c x")) == 2
    assert all_built_opened(parse_streets("1 c 3 | 2 x4"))
    assert not all_built_opened(parse_streets("1 c 3 | 2 x"))
    assert not all_built_opened(parse_streets("1 . 3"))


def test_no_casino_places_do_not_break_runs_and_round_trip() -> None:
    from rulesref.welcome.streets import format_street, longest_run, parse_street

    street = parse_street("1 - 3 5 . 7")
    assert format_street(street) == "1 - 3 5 . 7"
    run = longest_run(street)
    assert run is not None and run.numbers == (1, 3, 5)
