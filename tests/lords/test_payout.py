"""Drawing a card: take-over, lot income, casino money and points with breaks.

Every expected number here was worked out by hand from the rules.
"""

from __future__ import annotations

import pytest

from rulesref.core.errors import InputError
from rulesref.lords.loader import load_state, parse_state
from rulesref.lords.payout import Payout, draw
from rulesref.lords.standings import standings
from rulesref.lords.state import Die
from tests.helpers import ROOT

EXAMPLE = ROOT / "examples" / "lords-midgame.toml"


def _totals(p: Payout) -> dict[str, tuple[int, int]]:
    return {x.name: (x.money_after, x.points_after) for x in p.players}


def test_strip_card_pays_every_strip_casino_smallest_first() -> None:
    p = draw(load_state(EXAMPLE), "D5", "Ana")
    assert p.takeover.kind == "marker" and p.state.markers["D5"] == "Ana"
    assert [c.casino.name for c in p.casinos] == ["Sphinx B4", "Albion C2+C3+C5", "Sphinx C6", "Vega D4+D7"]
    # Ana: 3 lots + 6 (B4) + 6 + 1 (C3, C5); points 8 +1 (lost at the break) then +3 -> 10, 1 lost
    assert _totals(p) == {"Ana": (39, 10), "Ben": (41, 14), "Cleo": (27, 6)}
    ana = next(x for x in p.players if x.name == "Ana")
    assert [(m.points, m.end, m.lost) for m in ana.run.moves] == [(1, 8, 1), (3, 10, 1)]


def test_colour_card_with_a_die_take_over() -> None:
    p = draw(load_state(EXAMPLE), "C5", "Ben")  # C5 pays Vega (aqua)
    assert p.takeover.kind == "die-replaced"
    assert p.state.tiles["C5"].die == Die("Ben", 1)  # same number as Ana's sprawled die
    # aqua: D4+D7 (Cleo 4, Ben 5): 2 points to Ben, 12 -> 14
    assert _totals(p) == {"Ana": (25, 8), "Ben": (38, 14), "Cleo": (23, 5)}


def test_card_of_a_built_lot_was_drawn_already() -> None:
    p = draw(load_state(EXAMPLE), "D8", "Ana")
    assert [r.rule.id for r in p.problems] == ["lords-of-vegas/turn"]


STATE = """game = "lords-of-vegas"
turn = "Ana"
[players.Ana]
money = 0
points = 8
[players.Ben]
money = 0
[markers]
Ben = ["A1"]
[tiles]
C2 = "gold"
C3 = "gold Ben 3"
B3 = "purple Ana 3"
"""


def test_empty_tile_gets_the_printed_die_and_a_tie_withholds_points() -> None:
    p = draw(parse_state(STATE), "C2", "Ana")  # C2 pays Sphinx (gold)
    assert p.takeover.kind == "die-placed" and p.state.tiles["C2"].die == Die("Ana", 3)
    (casino,) = p.casinos
    assert casino.points == 0 and "reroll" in casino.note
    assert dict(casino.money) == {"Ana": 3, "Ben": 3}
    assert any(n.rule.id == "lords-of-vegas/boss-ties" for n in p.notes)


def test_rerolls_break_the_tie_before_the_payout() -> None:
    p = draw(parse_state(STATE), "C2", "Ana", rerolls=[{"C2": 5, "C3": 1}])
    (casino,) = p.casinos
    assert casino.boss == "Ana" and casino.points == 2 and dict(casino.money) == {"Ana": 5, "Ben": 1}
    assert _totals(p) == {"Ana": (5, 10), "Ben": (2, 0)}


def test_reroll_of_the_wrong_dice_is_a_problem() -> None:
    p = draw(parse_state(STATE), "C2", "Ana", rerolls=[{"C2": 5}])
    assert p.problems and p.problems[0].rule.id == "lords-of-vegas/boss-ties"
    assert p.state == parse_state(STATE)


def test_own_die_changes_nothing() -> None:
    p = draw(parse_state(STATE), "B3", "Ana")
    assert p.takeover.kind == "own-die"


def test_card_already_used_is_a_problem() -> None:
    p = draw(parse_state(STATE), "A1", "Ana")
    assert p.problems and "already" in p.problems[0].message


def test_end_card_final_payout_ends_the_game() -> None:
    p = draw(load_state(EXAMPLE), "END", "Ana")
    assert p.takeover.kind == "none" and p.game_over
    assert _totals(p) == {"Ana": (38, 10), "Ben": (41, 14), "Cleo": (27, 6)}


def test_two_players_f_card_pays_without_take_over_and_draws_again() -> None:
    text = STATE.replace('C3 = "gold Ben 3"', 'C3 = "gold Ben 4"')
    p = draw(parse_state(text), "F3", "Ben")  # F3 pays Sphinx
    assert p.takeover.kind == "none" and "F3" not in p.state.markers and p.draw_again
    assert _totals(p) == {"Ana": (0, 8), "Ben": (5, 2)}


def test_ninety_points_win_at_once() -> None:
    tiles = "\n".join(f'{x} = "purple Ana 1"' for x in ("C1", "C2", "C4", "C5", "C7", "C8", "C10", "C11"))
    text = (
        'game = "lords-of-vegas"\n[players.Ana]\nmoney = 0\npoints = 81\n[players.Ben]\nmoney = 0\n'
        f'[tiles]\n{tiles}\nC3 = "purple Ana 6"\n'
    )
    p = draw(parse_state(text), "D6", "Ben")  # D6 pays Albion: 9 tiles -> 81 + 9 = 90
    assert p.winner == "Ana" and p.game_over and _totals(p)["Ana"] == (14, 90)


def test_all_dice_out_needs_a_die_to_move() -> None:
    tiles = "\n".join(
        f'{x} = "purple Ana 1"' for x in ("C1", "C2", "C4", "C5", "C7", "C8", "C10", "C11", "C3", "E1", "E2", "E4")
    )
    text = (
        f'game = "lords-of-vegas"\n[players.Ana]\nmoney = 0\n[players.Ben]\nmoney = 0\n[tiles]\n{tiles}\nB1 = "gold"\n'
    )
    state = parse_state(text)
    assert draw(state, "B1", "Ana").problems
    p = draw(state, "B1", "Ana", die_from="E4")
    assert not p.problems and p.state.tiles["E4"].die is None and p.state.tiles["B1"].die == Die("Ana", 5)


def test_unknown_drawer_is_bad_input() -> None:
    with pytest.raises(InputError):
        draw(load_state(EXAMPLE), "D8", "Zed")


def _race(ana_money: int, ben_money: int) -> str:
    """Ana runs a 9-tile purple casino in block C, Ben a 9-tile gold one in block D; both on the Strip, both at 81."""
    ana = "\n".join(f'C{i} = "purple Ana {6 if i == 1 else 1}"' for i in range(1, 10))
    ben = "\n".join(f'D{i} = "gold Ben {6 if i == 1 else 1}"' for i in range(1, 10))
    return (
        f'game = "lords-of-vegas"\nturn = "Cleo"\n[players.Ana]\nmoney = {ana_money}\npoints = 81\n'
        f"[players.Ben]\nmoney = {ben_money}\npoints = 81\n[players.Cleo]\nmoney = 0\npoints = 0\n"
        f"[tiles]\n{ana}\n{ben}\n"
    )


def test_two_players_reaching_90_on_one_card_the_money_decides_in_payout_and_score() -> None:
    state = parse_state(_race(ana_money=0, ben_money=10))
    p = draw(state, "A6", "Cleo")  # a Strip card: both casinos pay 9 points
    assert [x.points_after for x in p.players] == [90, 90, 0]
    assert p.winners == ("Ben",) and p.winner == "Ben" and p.game_over
    (why,) = [n for n in p.notes if n.code == "ninety-together"]
    assert "our reading" in why.message and why.rule is not None and why.rule.id == "lords-of-vegas/winning"
    st = standings(p.state)
    assert st.winners == p.winners and "our reading" in st.decided_by.message


def test_two_players_reaching_90_with_equal_money_share_the_win() -> None:
    p = draw(parse_state(_race(ana_money=3, ben_money=3)), "A6", "Cleo")
    assert p.winners == ("Ana", "Ben") and p.winner is None
    assert standings(p.state).winners == ("Ana", "Ben")
