"""Casinos as connected same-colour tiles; bosses and ties."""

from __future__ import annotations

from rulesref.lords.board import Company
from rulesref.lords.state import Die, Player, State, Tile, boss_of, casinos, ties

P = (Player("Ana", 10), Player("Ben", 10), Player("Cleo", 10))


def _state(**tiles: str) -> State:
    out = {}
    for label, spec in tiles.items():
        colour, owner, pips = spec.split()
        out[label] = Tile({"purple": Company.ALBION, "gold": Company.SPHINX}[colour], Die(owner, int(pips)))
    return State(players=P, tiles=out)


def test_same_colour_tiles_sharing_an_edge_form_one_casino() -> None:
    s = _state(C2="purple Ana 3", C3="purple Ben 6", C6="purple Ana 2")
    (casino,) = casinos(s)
    assert casino.lots == ("C2", "C3", "C6") and casino.size == 3 and casino.boss.owner == "Ben"


def test_streets_and_the_strip_separate_casinos() -> None:
    s = _state(C3="purple Ana 3", D1="purple Ben 6", A6="purple Ben 2")  # three blocks
    assert [c.lots for c in casinos(s)] == [("A6",), ("C3",), ("D1",)]


def test_diagonal_tiles_do_not_join() -> None:
    s = _state(C2="purple Ana 3", C4="purple Ben 6")
    assert len(casinos(s)) == 2


def test_different_colours_stay_apart() -> None:
    s = _state(C2="purple Ana 3", C3="gold Ben 6")
    assert [c.company for c in casinos(s)] == [Company.ALBION, Company.SPHINX]


def test_tie_between_players_needs_a_reroll() -> None:
    s = _state(C2="purple Ana 6", C3="purple Ben 6", C6="purple Cleo 5")
    assert [c.boss.tied for c in ties(s)] == [("C3", "C2")] or [c.boss.tied for c in ties(s)] == [("C2", "C3")]
    assert casinos(s)[0].boss.describe() == "reroll needed"


def test_tie_within_one_player_is_no_tie() -> None:
    assert boss_of((("C2", Die("Ana", 6)), ("C3", Die("Ana", 6)), ("C6", Die("Ben", 5)))).owner == "Ana"


def test_tie_below_the_top_is_ignored() -> None:
    assert boss_of((("C2", Die("Ana", 4)), ("C3", Die("Ben", 4)), ("C6", Die("Cleo", 5)))).owner == "Cleo"


def test_casino_without_dice_has_no_boss() -> None:
    s = State(players=P, tiles={"C2": Tile(Company.ALBION)})
    assert casinos(s)[0].boss.owner is None and not casinos(s)[0].boss.reroll_needed


def test_money_by_owner_counts_pips() -> None:
    s = _state(C2="purple Ana 3", C3="purple Ben 6", C6="purple Ana 2")
    assert casinos(s)[0].money_by_owner() == {"Ana": 5, "Ben": 6}


def test_strip_flag() -> None:
    assert casinos(_state(C2="purple Ana 3", C3="purple Ben 6"))[0].on_strip
    assert not casinos(_state(C2="purple Ana 3"))[0].on_strip
