"""The one way to write a player's count and an amount of money (rulesref.core.amounts)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rulesref.core.amounts import MILLIONS, THOUSANDS, Entry, read_amount, split_counts


@pytest.mark.parametrize(
    "text",
    [
        "Ann 5, Ben 4",
        "Ann=5, Ben=4",
        "Ann: 5, Ben: 4",
        "Ann=5 Ben=4",
        "Ann 5 Ben 4",
        "Ann = 5; Ben =4",
        "Ann:5,Ben:4",
        " Ann 5 ,  Ben 4 ,",
    ],
)
def test_every_count_form_reads_the_same(text: str) -> None:
    assert split_counts(text) == ([Entry("Ann", "5"), Entry("Ben", "4")], [])


def test_a_name_with_spaces_between_commas() -> None:
    assert split_counts("Mary Ann 3, Bob 2")[0] == [Entry("Mary Ann", "3"), Entry("Bob", "2")]
    assert split_counts("Mary Ann: 3, Bob=2")[0] == [Entry("Mary Ann", "3"), Entry("Bob", "2")]


def test_words_without_a_count_are_each_one_problem_quoting_them() -> None:
    entries, problems = split_counts("Ann 5, Ben, Cat 3 Dan")
    assert entries == [Entry("Ann", "5"), Entry("Cat", "3")]
    assert [p.text for p in problems] == ["Ben", "Dan"]
    assert all(p.message == "expected NAME COUNT, e.g. Ann 5, Ann=5 or Ann: 5" for p in problems)


def test_an_empty_count_is_not_taken_from_the_next_entry() -> None:
    entries, problems = split_counts("Ann= Ben=3")
    assert entries == [Entry("Ben", "3")]
    assert [p.text for p in problems] == ["Ann"]


def test_the_game_says_what_a_count_is() -> None:
    def dice(word: str) -> bool:
        return word in ("big", "1+big") or word.isdigit()

    assert split_counts("Carla 1+big, Anna big", dice)[0] == [Entry("Carla", "1+big"), Entry("Anna", "big")]


names = st.sampled_from(["Ann", "Ben", "Cat", "Mary Ann"])
counts = st.integers(0, 99).map(str)


@given(
    st.lists(st.tuples(names, counts), min_size=1, max_size=5, unique_by=lambda e: e[0]),
    st.sampled_from(["{n} {c}", "{n}={c}", "{n}: {c}", "{n} = {c}"]),
    st.sampled_from([", ", "; ", ","]),
)
def test_written_entries_read_back(entries: list[tuple[str, str]], form: str, between: str) -> None:
    text = between.join(form.format(n=n, c=c) for n, c in entries)
    assert split_counts(text) == ([Entry(n, c) for n, c in entries], [])


@pytest.mark.parametrize("written", ["$50k", "50k", "$50K", "$50,000", "50,000", 50000, "50000", 50, "50", "$50"])
def test_las_vegas_money_in_thousands(written: object) -> None:
    assert read_amount(written, THOUSANDS) == (50, None)


@pytest.mark.parametrize("written", ["$25", "25", 25, "25M", "$25m", "$25 million", "$25,000,000", 25_000_000])
def test_lords_money_in_millions(written: object) -> None:
    assert read_amount(written, MILLIONS) == (25, None)


@pytest.mark.parametrize(
    ("written", "unit", "message"),
    [
        ("$500k", MILLIONS, "money comes in whole $ millions"),
        ("1500", THOUSANDS, "money comes in whole thousands"),
        ("12.5", THOUSANDS, "money comes in whole thousands"),
        ("0", THOUSANDS, "money must be positive"),
        ("-3", MILLIONS, "money must be at least 0"),
        ("ten", THOUSANDS, f"cannot read money ({THOUSANDS.forms})"),
        ("$5 euros", MILLIONS, f"cannot read money ({MILLIONS.forms})"),
        (True, THOUSANDS, "money must be a number of thousands, e.g. 90"),
    ],
)
def test_unreadable_money_is_one_problem_quoting_it(written: object, unit: object, message: str) -> None:
    value, problem = read_amount(written, unit)  # type: ignore[arg-type]
    assert value is None and problem is not None
    assert problem.message == message and problem.text == str(written)


def test_zero_is_money_in_lords() -> None:
    assert read_amount(0, MILLIONS) == (0, None)
