"""Casino payouts: rulebook 004's worked examples, the base game's cases, held-out rounds."""

from __future__ import annotations

import tomllib

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rulesref.las_vegas.editions import Edition, rules_for
from rulesref.las_vegas.loader import load_game
from rulesref.las_vegas.model import HOUSE, Casino, Stake
from rulesref.las_vegas.notation import parse_stakes
from rulesref.las_vegas.payout import Outcome, next_start_player, pay_casino, pay_round
from tests.helpers import ROOT

DATA = ROOT / "tests" / "data" / "las-vegas"
CASES = tomllib.loads((DATA / "payouts.toml").read_text(encoding="utf-8"))["case"]
ROUNDS = tomllib.loads((DATA / "rounds.toml").read_text(encoding="utf-8"))["round"]


@pytest.mark.parametrize("case", CASES, ids=[c["name"] for c in CASES])
def test_golden_payout(case: dict) -> None:
    rules = rules_for(Edition(case["edition"]))
    result = pay_casino(1, case["money"], parse_stakes(case["dice"]), rules)
    assert dict(result.player_awards) == case["expect"]
    assert list(result.house_takes) == case.get("house", [])
    assert list(result.leftovers) == case["leftovers"]
    tied = sorted(e.participant for e in result.entries if e.outcome is Outcome.TIED)
    assert tied == sorted(case["tied"])


def test_issue_command_case_places_and_citations() -> None:
    result = pay_casino(1, (90, 40), parse_stakes("Anna=5 Ben=3 Carla=1+big Denny=1"), rules_for(Edition.ROYALE))
    places = {e.participant: e.place for e in result.entries}
    assert places == {"Anna": 1, "Ben": None, "Carla": None, "Denny": 2}
    ids = [c.id for c in result.citations]
    assert ids == ["las-vegas/royale-payout", "las-vegas/ties", "las-vegas/big-die"]
    assert result.tie_groups == ((3, ("Ben", "Carla")),)


def test_base_payout_cites_base_rule_and_house() -> None:
    result = pay_casino(2, (60,), parse_stakes("white=3 Anna=3 Ben=2"), rules_for(Edition.BASE))
    ids = [c.id for c in result.citations]
    assert ids[0] == "las-vegas/payout"
    assert "las-vegas/white-dice" in ids and "las-vegas/ties" in ids


def test_money_order_in_input_does_not_matter() -> None:
    rules = rules_for(Edition.BASE)
    a = pay_casino(1, (10, 50, 40), parse_stakes("Anna=5 Ben=3"), rules)
    b = pay_casino(1, (50, 40, 10), parse_stakes("Ben=3 Anna=5"), rules)
    assert a.player_awards == b.player_awards == (("Anna", 50), ("Ben", 40))


def test_zero_dice_are_not_a_participant() -> None:
    result = pay_casino(1, (60,), (Stake("Anna", 0), Stake("Ben", 0)), rules_for(Edition.BASE))
    assert result.entries == () and result.leftovers == (60,)


def test_bonus_dice_count() -> None:
    result = pay_casino(1, (90, 30), (Stake("Anna", 2, bonus=2), Stake("Ben", 3)), rules_for(Edition.ROYALE))
    assert result.player_awards == (("Anna", 90), ("Ben", 30))


def test_start_player_skips_casinos_nobody_won() -> None:
    rules = rules_for(Edition.ROYALE)
    payouts = [
        pay_casino(6, (90, 70), parse_stakes("Anna=2 Ben=2"), rules),
        pay_casino(5, (80, 60), parse_stakes("white=3 Carla=1"), rules),
        pay_casino(4, (70, 40), parse_stakes("Denny=2 Carla=1"), rules),
    ]
    # casino 6: everyone tied, nobody won anything; casino 5: the house took the higher card and
    # Carla the lower one - somebody won there, so Carla starts (casino 4 is not looked at)
    assert next_start_player(payouts) == "Carla"
    assert next_start_player([payouts[0], payouts[2]]) == "Denny"
    assert next_start_player([payouts[0]]) is None


@pytest.mark.parametrize("golden", ROUNDS, ids=[f"{r['file']}#{r['round']}" for r in ROUNDS])
def test_held_out_rounds(golden: dict) -> None:
    game = load_game(ROOT / golden["file"])
    rnd = game.rounds[golden["round"] - 1]
    payouts = pay_round(rnd.casinos, game.rules)
    for p in payouts:
        key = str(p.casino)
        assert dict(p.player_awards) == golden["awards"].get(key, {}), key
        assert list(p.house_takes) == golden["house"].get(key, []), key
        assert list(p.leftovers) == golden["leftovers"].get(key, []), key
    won = dict.fromkeys(game.players, 0)
    for p in payouts:
        for name, value in p.player_awards:
            won[name] += value
    assert won == golden["won"]
    if "next_start" in golden:
        assert next_start_player(payouts) == golden["next_start"]


@pytest.mark.parametrize("alias", ["white", "house", "Neutral", "WHITE"])
def test_house_aliases(alias: str) -> None:
    (stake,) = parse_stakes(f"{alias}=2", None)
    assert stake.participant == HOUSE and stake.count == 2


participants = st.sampled_from(["Anna", "Ben", "Carla", "Denny", "Eve", HOUSE])
stakes = st.lists(
    st.builds(Stake, participants, st.integers(0, 8), st.integers(0, 1)), max_size=6, unique_by=lambda s: s.participant
)
money = st.lists(st.sampled_from([10, 20, 30, 40, 50, 60, 70, 80, 90]), min_size=1, max_size=5)


@given(stakes, money)
def test_payout_invariants(items: list[Stake], notes: list[int]) -> None:
    result = pay_casino(1, notes, items, rules_for(Edition.BOULEVARD))
    taken = [m for _, m in result.awards]
    # every note ends up taken or left over, none twice
    assert sorted(taken + list(result.leftovers)) == sorted(notes)
    # winners have distinct counts, take notes biggest first in order of count
    winners = [e for e in result.entries if e.outcome is Outcome.WON]
    assert [e.money for e in winners] == sorted(notes, reverse=True)[: len(winners)]
    assert [e.count for e in winners] == sorted((e.count for e in winners), reverse=True)
    assert len({e.count for e in winners}) == len(winners)
    # a tied participant shares its count with someone; an untied one shares it with nobody
    counts = [s.count for s in items if s.count > 0]
    for e in result.entries:
        assert (e.outcome is Outcome.TIED) == (counts.count(e.count) > 1)
    # money is left over only when every untied participant was paid
    if result.leftovers:
        assert all(e.outcome is not Outcome.NOTHING for e in result.entries)


def test_start_player_house_higher_card_player_lower_card() -> None:
    rules = rules_for(Edition.ROYALE)
    casinos = [
        Casino(5, (90, 80), parse_stakes("Ben=3")),
        Casino(6, (100, 90), parse_stakes("white=3 Anna=2")),  # the house takes $100k, Anna $90k
    ]
    assert next_start_player(pay_round(casinos, rules)) == "Anna"
    nobody = [Casino(5, (90, 80), parse_stakes("Ben=3")), Casino(6, (100, 90), parse_stakes("white=3 Anna=2 Carla=2"))]
    assert next_start_player(pay_round(nobody, rules)) == "Ben"  # only the house won at 6: look lower
