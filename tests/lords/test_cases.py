"""Golden cases (tests/data/lords-of-vegas/cases.toml) on a four-player state."""

from __future__ import annotations

import tomllib
from fractions import Fraction
from typing import Any

import pytest

from rulesref.lords import actions
from rulesref.lords.gamble import gamble
from rulesref.lords.loader import load_state
from rulesref.lords.payout import draw
from rulesref.lords.standings import standings
from tests.helpers import ROOT

DATA = ROOT / "tests" / "data" / "lords-of-vegas"
CASES = tomllib.loads((DATA / "cases.toml").read_text(encoding="utf-8"))
STATE = load_state(DATA / "four-players.toml")


@pytest.mark.parametrize("case", CASES["payout"], ids=lambda c: f"{c['card']}-{c['drawer']}")
def test_payout(case: dict[str, Any]) -> None:
    p = draw(STATE, case["card"], case["drawer"])
    assert not p.problems
    assert p.takeover.kind == case["takeover"]
    assert [x.money_after for x in p.players] == case["money"]
    assert [x.points_after for x in p.players] == case["points"]


def test_final_standings() -> None:
    final = draw(STATE, "END", "Ana").state
    assert [r.name for r in standings(final).rows] == CASES["final"]["order"]


@pytest.mark.parametrize("case", CASES["cost"], ids=lambda c: f"{c['action']}-{c['lot']}")
def test_cost(case: dict[str, Any]) -> None:
    func = getattr(actions, case["action"])
    args = [STATE, case.get("player", "Ana"), case["lot"]] + ([case["colour"]] if "colour" in case else [])
    result = func(*args)
    assert result.cost == case["cost"]
    assert [r.rule.id.split("/")[1] for r in result.reasons] == case["reasons"]


@pytest.mark.parametrize("case", CASES["gamble"], ids=lambda c: c["casino"])
def test_gamble(case: dict[str, Any]) -> None:
    q = gamble(STATE, "Ana", case["casino"], case["bet"])
    assert q.limit == case["limit"]
    assert [r.rule.id.split("/")[1] for r in q.reasons] == case.get("reasons", [])
    if "gambler" in case:
        assert [s.gambler for s in q.settlements] == case["gambler"]
        assert q.expected == Fraction(case["expected"])
