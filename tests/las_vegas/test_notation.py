"""Stake and money notation: parse/format round-trip and one problem per bad entry."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rulesref.core.errors import InputError
from rulesref.las_vegas.model import Stake
from rulesref.las_vegas.notation import (
    format_money,
    format_stake,
    format_stakes,
    parse_money,
    parse_stakes,
)


@pytest.mark.parametrize(
    ("text", "small", "big", "count"),
    [
        ("Carla=1+big", 1, 1, 3),
        ("Carla=big", 0, 1, 2),
        ("Carla=big+1", 1, 1, 3),
        ("Carla=3", 3, 0, 3),
        ("Carla=2+2big", 2, 2, 6),
        ("Carla:4", 4, 0, 4),
        ("Carla=1+B", 1, 1, 3),
    ],
)
def test_stake_forms(text: str, small: int, big: int, count: int) -> None:
    (stake,) = parse_stakes(text)
    assert (stake.small, stake.big, stake.count) == (small, big, count)


def test_names_resolve_to_the_roster_case_insensitively() -> None:
    stakes = parse_stakes("anna=2, BEN=1", ["Anna", "Ben"])
    assert [s.participant for s in stakes] == ["Anna", "Ben"]


def test_every_problem_at_once() -> None:
    with pytest.raises(InputError) as info:
        parse_stakes("Ana=3 Ben=-1 Carla=x Denny Anna=2 Anna=1", ["Anna", "Ben", "Carla", "Denny"])
    messages = [p.format() for p in info.value.problems()]
    assert messages == [
        "expected NAME DICE, e.g. Anna 3, Anna=3 or Carla 1+big: 'Denny'",
        "unknown player: 'Ana' (did you mean: Anna?)",
        "negative dice count for Ben: '-1'",
        'cannot read dice for Carla (use a number, "big", e.g. "1+big"): \'x\'',
        "Anna is listed twice on the same casino",
    ]


@pytest.mark.parametrize(
    ("text", "values"),
    [
        ("90,40", (90, 40)),
        ("90k 40k", (90, 40)),
        ("$90,000 $40,000", (90, 40)),
        ("90000;40000", (90, 40)),
        ("100", (100,)),
        ("$90000", (90,)),
    ],
)
def test_money_forms(text: str, values: tuple[int, ...]) -> None:
    assert parse_money(text) == values


@pytest.mark.parametrize("text", ["", "x", "-10", "0", "12.5", "1500"])
def test_bad_money(text: str) -> None:
    with pytest.raises(InputError):
        parse_money(text)


names = st.sampled_from(["Anna", "Ben", "Carla", "Denny", "Eve"])
stakes = st.builds(Stake, names, st.integers(0, 8), st.integers(0, 2), st.just(0)).filter(lambda s: s.count > 0)


@given(st.lists(stakes, max_size=5, unique_by=lambda s: s.participant))
def test_stakes_round_trip(items: list[Stake]) -> None:
    assert parse_stakes(format_stakes(items)) == tuple(items)


@given(st.lists(st.integers(1, 100), min_size=1, max_size=6))
def test_money_round_trip(values: list[int]) -> None:
    assert parse_money(format_money(values)) == tuple(values)


def test_format_stake() -> None:
    assert format_stake(Stake("Anna", 0, 1)) == "Anna=big"
    assert format_stake(Stake("Anna", 2, 0, 1)) == "Anna=2+1bonus"


@pytest.mark.parametrize(
    "text, values",
    [
        ("90,000 40,000", (90, 40)),
        ("90,000,40,000", (90, 40)),
        ("100,000 30,000", (100, 30)),
        ("$90,000, $40,000", (90, 40)),
        ("90,40", (90, 40)),
        ("30,100", (30, 100)),
    ],
)
def test_money_with_thousands_separators(text: str, values: tuple[int, ...]) -> None:
    assert parse_money(text) == values
