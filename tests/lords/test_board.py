"""The printed board: lot data, neighbours, the Strip, company names."""

from __future__ import annotations

import pytest

from rulesref.core.errors import UnknownNameError
from rulesref.lords.board import END, STRIP, Company, card, card_pays, company, lot, lots, neighbours, supply, track


def test_48_lots_in_six_blocks_of_the_right_sizes() -> None:
    sizes: dict[str, int] = {}
    for x in lots().values():
        sizes[x.block] = sizes.get(x.block, 0) + 1
    assert sizes == {"A": 6, "B": 6, "C": 12, "D": 9, "E": 6, "F": 9}


def test_rulebook_examples_of_prices() -> None:
    assert (lot("A2").die, lot("A2").cost) == (2, 6)
    assert (lot("A5").cost, lot("A5").sprawl_cost) == (9, 18)
    assert lot("D8").pays is Company.SPHINX and Company.SPHINX.colour == "gold"


def test_die_one_lots_cost_more_than_die_two() -> None:
    assert {x.cost for x in lots().values() if x.die == 1} == {8}
    assert {x.cost for x in lots().values() if x.die == 2} == {6}


def test_sixteen_strip_lots() -> None:
    strip = sorted(x.label for x in lots().values() if x.strip)
    assert strip == sorted(
        ["A3", "A6", "B1", "B4", "C3", "C6", "C9", "C12", "D1", "D4", "D7", "E3", "E6", "F1", "F4", "F7"]
    )


def test_nine_cards_per_company_and_three_strip_lots() -> None:
    for comp in Company:
        assert sum(1 for x in lots().values() if x.pays is comp) == 9
    assert sorted(x.label for x in lots().values() if x.pays == STRIP) == ["A6", "D5", "F8"]
    assert card_pays(END) == STRIP


def test_neighbours_stay_inside_the_block_and_skip_diagonals() -> None:
    assert neighbours("C5") == {"C2", "C4", "C6", "C8"}
    assert neighbours("A3") == {"A2", "A6"}  # B1 is across the Strip
    assert neighbours("C12") == {"C9", "C11"}
    assert "D1" not in neighbours("C3")


def test_setup_values_are_ten_minus_die() -> None:
    assert all(x.setup_value == 10 - x.die for x in lots().values())


def test_supply_and_track() -> None:
    assert supply().tiles_per_company == 9 and supply().dice_per_player == 12
    assert track()[:10] == (0, 1, 2, 3, 4, 5, 6, 7, 8, 10) and track()[-1] == 90


def test_company_words() -> None:
    assert company("Purple") is Company.ALBION
    assert company("teal") is Company.VEGA
    assert company("grey") is Company.TIVOLI


def test_unknown_lot_suggests_close_labels() -> None:
    with pytest.raises(UnknownNameError) as info:
        lot("C13")
    problem = info.value.problems()[0]
    assert problem.text == "C13" and "C1" in problem.choices


def test_unknown_colour_is_an_input_error() -> None:
    with pytest.raises(UnknownNameError):
        company("pink")


def test_card_names() -> None:
    assert card("end") == END and card("d8") == "D8"
