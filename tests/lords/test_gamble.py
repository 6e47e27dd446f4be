"""Gambling: the 2d6 table, the bet limit, the boss's cash, the lay-off."""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given
from hypothesis import strategies as st

from rulesref.lords.gamble import OUTCOMES, gamble, settle, ways
from rulesref.lords.loader import load_state
from tests.helpers import ROOT

EXAMPLE = ROOT / "examples" / "lords-midgame.toml"


def test_the_table_covers_every_roll_once() -> None:
    sums = sorted(s for o in OUTCOMES for s in o.sums)
    assert sums == list(range(2, 13)) and sum(ways(s) for s in sums) == 36
    assert [o.chance for o in OUTCOMES] == [Fraction(2, 36), Fraction(14, 36), Fraction(20, 36)]


def test_house_edge_is_one_eighteenth() -> None:
    q = gamble(load_state(EXAMPLE), "Ana", "D7", 10)
    assert q.legal and q.limit == 10
    assert q.expected == Fraction(-10, 18) and q.win_chance == Fraction(16, 36)


def test_limit_is_five_per_tile_and_own_money() -> None:
    s = load_state(EXAMPLE)
    assert [r.rule.id for r in gamble(s, "Ana", "D7", 15).reasons] == ["lords-of-vegas/gamble"]
    assert "Ana is the boss" in gamble(s, "Ana", "C3", 5).reasons[0].message
    assert gamble(s, "Ana", "A1", 5).reasons[0].message == "there is no casino on A1"


def test_boss_pays_only_what_they_have() -> None:
    double = OUTCOMES[0]
    assert settle(10, double, boss_money=7, layoff=False).gambler == 7
    assert settle(10, double, boss_money=70, layoff=False).gambler == 20


def test_lay_off_halves_the_boss_share_rounded_down() -> None:
    win, lose = OUTCOMES[1], OUTCOMES[2]
    s = settle(5, win, boss_money=50, layoff=True)
    assert (s.gambler, s.boss, s.bank) == (5, -2, -3)
    s = settle(5, lose, boss_money=50, layoff=True)
    assert (s.gambler, s.boss, s.bank) == (-5, 2, 3)


def test_a_roll_settles_and_marks_the_turn() -> None:
    q = gamble(load_state(EXAMPLE), "Ana", "D7", 10, roll=12)
    assert q.state is not None and q.state.gambled
    assert q.state.player("Ana").money == 43 and q.state.player("Ben").money == 11
    again = gamble(q.state, "Ana", "D7", 5)
    assert "already gambled" in again.reasons[0].message


def test_roll_out_of_range() -> None:
    assert not gamble(load_state(EXAMPLE), "Ana", "D7", 5, roll=13).legal


@given(st.integers(1, 60), st.integers(0, 80), st.booleans())
def test_expected_gain_matches_all_36_rolls(bet: int, boss_money: int, layoff: bool) -> None:
    from rulesref.lords.gamble import outcome_of

    by_roll = [settle(bet, outcome_of(a + b), boss_money, layoff).gambler for a in range(1, 7) for b in range(1, 7)]
    settlements = [settle(bet, o, boss_money, layoff) for o in OUTCOMES]
    assert Fraction(sum(by_roll), 36) == sum((s.outcome.chance * s.gambler for s in settlements), Fraction(0))
    for s in settlements:
        assert s.gambler + s.boss + s.bank == 0  # money only changes hands
        assert -s.boss <= max(boss_money, 0) or s.boss >= 0


def test_a_capped_payment_says_what_the_boss_owed() -> None:
    double, win, lose = OUTCOMES
    capped = settle(10, double, boss_money=8, layoff=True)
    assert (capped.gambler, capped.boss, capped.bank, capped.owed, capped.capped) == (18, -8, -10, 10, True)
    assert not settle(10, win, boss_money=8, layoff=True).capped
    assert not settle(10, lose, boss_money=0, layoff=False).capped
    assert settle(10, double, boss_money=20, layoff=False).owed == 0
