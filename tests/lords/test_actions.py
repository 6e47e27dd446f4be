"""Build, sprawl, remodel, reorganize, tie rerolls and trades: prices and every reason."""

from __future__ import annotations

from rulesref.lords.actions import ActionResult, build, remodel, reorganize, reroll, sprawl
from rulesref.lords.board import Company, lots
from rulesref.lords.loader import load_state, parse_state
from rulesref.lords.state import Die, Tile
from rulesref.lords.trading import trade
from tests.helpers import ROOT

EXAMPLE = ROOT / "examples" / "lords-midgame.toml"


def _rules(result: ActionResult) -> list[str]:
    return [r.rule.id.split("/")[1] for r in result.reasons]


def test_build_on_own_marker() -> None:
    r = build(load_state(EXAMPLE), "Ana", "A1", "brown")
    assert r.legal and r.cost == 9
    assert r.state is not None and r.state.tiles["A1"] == Tile(Company.PIONEER, Die("Ana", 3), "built")
    assert "A1" not in r.state.markers and r.state.player("Ana").money == 14


def test_build_reasons() -> None:
    s = load_state(EXAMPLE)
    assert _rules(build(s, "Ana", "C4", "gold")) == ["build"]  # Ben's marker
    assert _rules(build(s, "Ana", "A2", "gold")) == ["build"]  # nobody's lot
    assert _rules(build(s, "Ana", "C3", "gold")) == ["build"]  # already built
    assert _rules(build(s, "Ben", "C4", "gold")) == ["turn"]  # not Ben's turn


def test_build_can_create_a_tie_for_boss() -> None:
    s = parse_state(
        'game = "lords-of-vegas"\nturn = "Ana"\n[players.Ana]\nmoney = 99\n[players.Ben]\nmoney = 0\n'
        '[markers]\nAna = ["C2"]\n[tiles]\nC3 = "purple Ben 3"\n'
    )
    r = build(s, "Ana", "C2", "purple")  # C2's printed die is 3, like Ben's
    assert r.legal and [n.rule.id for n in r.notes] == ["lords-of-vegas/boss-ties"]


def test_tiles_of_a_colour_run_out() -> None:
    tiles = "\n".join(f'{x} = "gold"' for x in ("E1", "E2", "E3", "E4", "E5", "E6", "D1", "D2", "D3"))
    s = parse_state(
        f'game = "lords-of-vegas"\n[players.Ana]\nmoney = 99\n[players.Ben]\nmoney = 0\n'
        f'[markers]\nAna = ["A1"]\n[tiles]\n{tiles}\n'
    )
    r = build(s, "Ana", "A1", "gold")
    assert _rules(r) == ["components"] and "0 are left" in r.reasons[0].message
    assert build(s, "Ana", "A1", "purple").legal


def test_sprawl_doubles_the_price_and_keeps_the_colour() -> None:
    r = sprawl(load_state(EXAMPLE), "Ana", "C6".replace("C6", "C1"))  # C1 next to C2 (Ana is boss)
    assert r.cost == 24 and _rules(r) == ["sprawl"]  # Ana has $23
    r = sprawl(load_state(EXAMPLE), "Ana", "C8")  # next to C5
    assert r.legal and r.cost == 16 and r.state is not None
    assert r.state.tiles["C8"] == Tile(Company.ALBION, Die("Ana", 1), "sprawled")


def test_sprawl_reasons() -> None:
    s = load_state(EXAMPLE)
    assert _rules(sprawl(s, "Ana", "C4")) == ["sprawl"]  # Ben's marker
    assert _rules(sprawl(s, "Ana", "E2")) == ["sprawl"]  # no casino next to it
    r = sprawl(s, "Ana", "C9")  # next to C6: Cleo's casino; and $24 > Ana's $23
    assert _rules(r) == ["sprawl", "sprawl"] and "Cleo" in r.reasons[0].message and "$24" in r.reasons[1].message
    assert _rules(sprawl(s, "Ana", "C2")) == ["sprawl"]  # already a tile


def test_sprawl_with_two_colours_needs_a_choice() -> None:
    s = parse_state(
        'game = "lords-of-vegas"\n[players.Ana]\nmoney = 99\n[players.Ben]\nmoney = 0\n'
        '[tiles]\nC1 = "gold Ana 4"\nC3 = "purple Ana 6"\n'
    )
    assert _rules(sprawl(s, "Ana", "C2")) == ["sprawl"]
    r = sprawl(s, "Ana", "C2", "gold")
    assert r.legal and r.state is not None and r.state.tiles["C2"].company is Company.SPHINX


def test_two_players_cannot_use_block_f() -> None:
    s = parse_state(
        'game = "lords-of-vegas"\n[players.Ana]\nmoney = 99\n[players.Ben]\nmoney = 0\n[tiles]\nF1 = "gold Ana 6"\n'
    )
    assert "two-players" in _rules(sprawl(s, "Ana", "F2"))


def test_remodel() -> None:
    s = load_state(EXAMPLE)
    r = remodel(s, "Ana", "C3", "gold")
    assert r.legal and r.cost == 15 and r.state is not None
    # C3 turns gold and joins Cleo's gold C6: Ana's 6 still tops it
    merged = r.state.casino_at("C6")
    assert merged is not None and merged.lots == ("C2", "C3", "C5", "C6") and merged.boss.owner == "Ana"
    assert any(n.rule.id == "lords-of-vegas/casinos" for n in r.notes)
    assert _rules(remodel(s, "Ana", "C3", "purple")) == ["remodel"]
    assert _rules(remodel(s, "Ana", "D7", "gold")) == ["remodel"]  # Ben is boss there


def test_remodel_needs_enough_tiles_of_the_new_colour() -> None:
    tiles = "\n".join(f'{x} = "gold"' for x in ("E1", "E2", "E3", "E4", "E5", "E6", "D1", "D2"))
    s = parse_state(
        f'game = "lords-of-vegas"\n[players.Ana]\nmoney = 99\n[players.Ben]\nmoney = 0\n'
        f'[tiles]\n{tiles}\nC1 = "purple Ana 4"\nC2 = "purple Ana 3"\n'
    )
    assert _rules(remodel(s, "Ana", "C1", "gold")) == ["components"]


def test_reorganize_costs_every_pip_and_once_per_turn() -> None:
    s = load_state(EXAMPLE)
    r = reorganize(s, "Ana", "C2", {"C2": 2, "C3": 1, "C5": 5})
    assert r.legal and r.cost == 10 and r.state is not None
    assert r.state.tiles["C2"].die == Die("Ben", 2) and r.state.casino_at("C2").boss.owner == "Ana"  # type: ignore[union-attr]
    again = reorganize(r.state, "Ana", "C3", {"C2": 2, "C3": 1, "C5": 5})
    assert _rules(again) == ["reorganize"]
    assert _rules(reorganize(s, "Ana", "D7")) == ["reorganize"]  # no die of Ana's there
    assert _rules(reorganize(s, "Ana", "C2", {"C2": 2})) == ["reorganize"]  # every die gets a number


def test_tie_reroll() -> None:
    s = load_state(EXAMPLE)
    tied = reorganize(s, "Ana", "C2", {"C2": 6, "C3": 6, "C5": 1}).state
    assert tied is not None and tied.casino_at("C2").boss.reroll_needed  # type: ignore[union-attr]
    assert _rules(reroll(tied, "C2", {"C2": 3})) == ["boss-ties"]
    done = reroll(tied, "C2", {"C2": 4, "C3": 2})
    assert done.legal and done.state.casino_at("C2").boss.owner == "Ben"  # type: ignore[union-attr]
    assert _rules(reroll(s, "C2", {"C2": 1})) == ["boss-ties"]  # no tie to break


def test_trade() -> None:
    s = load_state(EXAMPLE)
    r = trade(s, "Ana", "Ben", money=5, lots=("A1",), dice=("C5",))
    assert r.legal and r.state is not None
    assert r.state.markers["A1"] == "Ben" and r.state.tiles["C5"].die == Die("Ben", 1)
    assert r.state.player("Ben").money == 36
    assert _rules(trade(s, "Ana", "Ben", money=50)) == ["trading"]
    assert _rules(trade(s, "Ana", "Ben", lots=("C4",))) == ["trading"]


def test_build_and_remodel_without_a_colour_are_only_priced() -> None:
    s = load_state(EXAMPLE)
    r = build(s, "Ana", "A1", None)
    assert r.legal and r.cost == 9 and r.state is None and "any of purple" in r.notes[0].message
    r = remodel(s, "Ana", "C3", None)
    assert r.legal and r.cost == 15 and r.state is None and "purple" not in r.notes[0].message.split("any of")[1]


def test_remodel_without_a_colour_when_no_colour_has_enough_tiles() -> None:
    free = [x for x in lots() if x[0] in "CDEF"]
    lines = [f'{free.pop()} = "{colour}"' for colour in ("gold", "aqua", "silver", "brown") for _ in range(7)]
    text = (
        'game = "lords-of-vegas"\n[players.Ana]\nmoney = 99\n[players.Ben]\nmoney = 0\n[tiles]\n'
        'A1 = "purple Ana 3"\nA2 = "purple Ana 2"\nA3 = "purple Ana 5"\n' + "\n".join(lines) + "\n"
    )
    r = remodel(parse_state(text), "Ana", "A1", None)  # 3 tiles to replace, 2 left of every other colour
    assert [x.rule.id for x in r.reasons] == ["lords-of-vegas/components"]
