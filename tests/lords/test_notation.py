"""Rolls and money as written in Lords of Vegas options, state files and logs: the one notation."""

from __future__ import annotations

import pytest

from rulesref.core.errors import InputError
from rulesref.lords.gamelog import Final, Gamble, Reorganize, Reroll, Trade, parse_log
from rulesref.lords.notation import money, parse_rolls


@pytest.mark.parametrize("text", ["C3=4,C2=2", "C3=4 C2=2", "C3 4, C2 2", "c3: 4; c2: 2", "C3 = 4, C2=2"])
def test_roll_forms(text: str) -> None:
    assert parse_rolls(text) == {"C3": 4, "C2": 2}


def test_every_bad_roll_at_once() -> None:
    with pytest.raises(InputError) as info:
        parse_rolls("C3 7, Z9 2, C2")
    assert [p.text for p in info.value.problems()] == ["C2", "C3=7", "Z9"]


@pytest.mark.parametrize("written", [12, "12", "$12", "$12M", "12 million", "$12,000,000"])
def test_money_in_millions(written: object) -> None:
    assert money(written) == 12


def test_log_lines_take_the_same_money() -> None:
    log = parse_log(
        "game: lords-of-vegas\nplayers: Ana, Ben\n"
        "gamble D7 $10M roll 7\ngamble D7 10 roll 3+4 layoff\n"
        "trade Ana -> Ben: $5M, lot A1\nreorganize C3: C3 5, C2 1\nreroll C3 4 C2 2\n"
        "final Ana: 34 points $45\nfinal Ben: 30 points $40,000,000\n"
    )
    events = [e.event for e in log.entries]
    assert events[0] == Gamble("D7", 10, 7, False) and events[1] == Gamble("D7", 10, 7, True)
    assert isinstance(events[2], Trade) and events[2].money == 5
    assert events[3] == Reorganize("C3", (("C3", 5), ("C2", 1)))
    assert events[4] == Reroll((("C3", 4), ("C2", 2)))
    assert events[5] == Final("Ana", 34, 45) and events[6] == Final("Ben", 30, 40)
