"""What the Las Vegas tables show is edition data: the casinos, the standing's figures and their names."""

from __future__ import annotations

from rulesref.las_vegas.editions import RULES, Edition, Figure
from rulesref.las_vegas.model import CASINOS


def test_six_casinos() -> None:
    assert CASINOS == (1, 2, 3, 4, 5, 6)


def test_base_and_boulevard_show_money_and_notes() -> None:
    for edition in (Edition.BASE, Edition.BOULEVARD):
        rules = RULES[edition]
        assert not rules.chips_count and rules.money_heading == "Notes"
        assert rules.standing_columns == (("Money", Figure.MONEY), ("Notes", Figure.NOTES))
        assert rules.running_columns == (("Total", Figure.TOTAL), ("Notes", Figure.NOTES))


def test_royale_adds_chips_and_a_total() -> None:
    rules = RULES[Edition.ROYALE]
    assert rules.chips_count and rules.money_heading == "Cards"
    expected = (("Money", Figure.MONEY), ("Cards", Figure.NOTES), ("Chips", Figure.CHIPS), ("Total", Figure.TOTAL))
    assert rules.standing_columns == rules.running_columns == expected


def test_figures_name_the_fields_of_a_standing() -> None:
    from dataclasses import fields

    from rulesref.las_vegas.scoring import Standing

    assert {f.value for f in Figure} <= {f.name for f in fields(Standing)}
