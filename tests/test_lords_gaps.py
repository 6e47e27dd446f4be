"""Issue 17, Lords of Vegas: each gap found by the held-out review, pinned by a test.

* one lot written twice in [tiles] in different case;
* two players reaching 90 on the same card (payout and score agree);
* score on a state whose final payout waits for a tie reroll;
* how a tile came (built or sprawled) in state files, used by payout;
* a log whose End of Game card comes far earlier than the setup allows.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from cluesolver.cli import app
from rulesref.core.errors import InputError
from rulesref.core.findings import Severity
from rulesref.lords import game
from rulesref.lords.actions import build, sprawl
from rulesref.lords.board import lot, lots
from rulesref.lords.gamelog import parse_log
from rulesref.lords.loader import format_state, parse_state
from rulesref.lords.payout import draw
from rulesref.lords.replay import replay
from rulesref.lords.standings import standings

ROOT = Path(__file__).resolve().parent.parent
EX = ROOT / "examples"


def run(*args: object) -> Result:
    env = {"COLUMNS": "100", "LINES": "50", "FORCE_COLOR": None, "TTY_COMPATIBLE": None, "NO_COLOR": "1"}
    return CliRunner().invoke(app, [str(a) for a in args], env=env)


# -- one lot, two keys --------------------------------------------------------------
def test_a_lot_written_twice_in_different_case_is_an_error_naming_both_lines() -> None:
    text = 'game = "lords-of-vegas"\n[players.Ana]\nmoney = 1\n\n[tiles]\nC3 = "purple Ana 6"\nc3 = "gold Ana 2"\n'
    with pytest.raises(InputError) as info:
        parse_state(text, "two.toml")
    (p,) = info.value.problems()
    assert p.line == 7 and p.path == "two.toml"
    assert "C3" in p.message and "line 6" in p.message and "line 7" in p.message


def test_the_same_lot_once_still_reads() -> None:
    text = 'game = "lords-of-vegas"\n[players.Ana]\nmoney = 1\n[tiles]\nc3 = "purple Ana 6"\nC2 = "purple"\n'
    assert set(parse_state(text).tiles) == {"C2", "C3"}


# -- 90 points on the same card ------------------------------------------------------
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


# -- score with a tie waiting for a reroll ------------------------------------------------
def test_score_with_an_unresolved_boss_tie_is_not_final() -> None:
    result = game.score_file(EX / "lords-tie.toml")
    assert not result.final and result.winners == ()
    assert [f.code for f in result.pending] == ["tie-pending"]
    res = run("score", EX / "lords-tie.toml")
    assert res.exit_code == 1
    flat = " ".join(res.output.split())
    assert "not final until the reroll" in flat and "Winner:" not in flat
    data = json.loads(run("score", EX / "lords-tie.toml", "--json").output)
    assert data["final"] is False and data["winners"] == [] and data["pending"][0]["code"] == "tie-pending"


def test_score_after_the_reroll_is_final(tmp_path: Path) -> None:
    rerolled = tmp_path / "tie.toml"
    rerolled.write_text(
        (EX / "lords-tie.toml").read_text(encoding="utf-8").replace("# rerolls", "rerolls"), encoding="utf-8"
    )
    res = run("score", rerolled, "--json")
    data = json.loads(res.output)
    # the reroll gives Ana the casino's 2 points: 8 each, Ben has more money
    assert res.exit_code == 0 and data["final"] is True and data["winners"] == ["Ben"]
    assert [(r["player"], r["points"]) for r in data["standings"]] == [("Ben", 8), ("Ana", 8)]


# -- how a tile came -----------------------------------------------------------------------
BUILT = (
    'game = "lords-of-vegas"\nturn = "Ben"\n[players.Ana]\nmoney = 5\n[players.Ben]\nmoney = 5\n'
    '[tiles]\nC3 = "purple Ana 5%s"\n'
)


def test_tile_origin_round_trips_in_both_forms() -> None:
    built = parse_state(BUILT % " built")
    assert built.tiles["C3"].how == "built"
    assert parse_state(format_state(built)) == built
    table = parse_state(
        BUILT.replace('"purple Ana 5%s"', '{ colour = "purple", owner = "Ana", pips = 5, how = "sprawled" }')
    )
    assert table.tiles["C3"].how == "sprawled"
    bare = parse_state(BUILT.replace('"purple Ana 5%s"', '"purple built"'))
    assert bare.tiles["C3"].how == "built" and bare.tiles["C3"].die is None


def test_payout_on_a_built_lot_does_not_replace_the_owner() -> None:
    p = draw(parse_state(BUILT % " built"), "C3", "Ben", strict=False)
    assert p.takeover.kind == "none" and p.state.tiles["C3"].die is not None
    assert p.state.tiles["C3"].die.owner == "Ana"
    assert [w.code for w in p.warnings] == ["used-card"]
    strict = draw(parse_state(BUILT % " built"), "C3", "Ben")
    assert strict.problems and strict.problems[0].code == "used-card"


def test_payout_on_a_sprawled_lot_takes_the_die_over() -> None:
    p = draw(parse_state(BUILT % " sprawled"), "C3", "Ben", strict=False)
    assert p.takeover.kind == "die-replaced" and p.warnings == ()


def test_payout_on_a_tile_of_unknown_origin_warns() -> None:
    p = draw(parse_state(BUILT % ""), "C3", "Ben", strict=False)
    assert p.takeover.kind == "die-replaced"
    assert [w.code for w in p.warnings] == ["tile-origin-unknown"]


def test_a_drawn_list_tells_a_sprawled_tile_and_the_cli_shows_the_warning(tmp_path: Path) -> None:
    listed = draw(parse_state(BUILT.replace("[players.Ana]", 'drawn = ["A1"]\n[players.Ana]') % ""), "C3", "Ben")
    assert listed.takeover.kind == "die-replaced" and listed.warnings == ()  # C3 never came up: sprawled
    bare = tmp_path / "bare.toml"
    bare.write_text(BUILT % "", encoding="utf-8")
    res = run("lords", "payout", bare, "--card", "C3")
    assert res.exit_code == 0 and "built or sprawled" in " ".join(res.output.split())


def test_actions_record_how_the_tile_came() -> None:
    state = parse_state('game = "lords-of-vegas"\n[players.Ana]\nmoney = 50\n[markers]\nAna = ["C2"]\n')
    built = build(state, "Ana", "C2", "purple").state
    assert built is not None and built.tiles["C2"].how == "built"
    spread = sprawl(built, "Ana", "C3").state
    assert spread is not None and spread.tiles["C3"].how == "sprawled"
    assert 'C2 = "purple Ana 3 built"' in format_state(spread)


# -- the End of Game card far too early ----------------------------------------------------------
def _log(turns: int) -> str:
    """Three players, no actions: ``turns`` lot cards (outside the start cards), then END."""
    names = ("Ana", "Ben", "Cleo")
    free = [x for x in lots() if lot(x).block != "F"]
    lines = ["game: lords-of-vegas", "players: Ana, Ben, Cleo"]
    for i, n in enumerate(names):
        lines.append(f"start {n}: {free[2 * i]} {free[2 * i + 1]}")
    deck = free[6:]
    for t in range(turns):
        lines.append(f"turn {names[t % 3]} draws {deck[t]}")
    lines.append(f"turn {names[turns % 3]} draws END")
    return "\n".join(lines) + "\n"


def test_an_early_end_card_gets_a_note() -> None:
    r = replay(parse_log(_log(5), "short.lov"))
    found = [f for f in r.findings() if f.code == "end-early"]
    assert len(found) == 1 and found[0].severity is Severity.NOTE and found[0].line == 11
    assert found[0].rule is not None and found[0].rule.id == "lords-of-vegas/setup"
    assert r.ok  # a note, not a rule problem


def test_an_end_card_where_the_setup_puts_it_gets_no_note() -> None:
    r = replay(parse_log(_log(30), "long.lov"))
    assert r.finished and not [f for f in r.findings() if f.code == "end-early"]


def test_check_prints_the_early_end_note() -> None:
    res = run("check", EX / "lords-night.lov")
    assert res.exit_code == 0 and "End of Game card" in " ".join(res.output.split())


def test_check_warns_when_a_built_tile_is_missing_from_the_drawn_list() -> None:
    text = (
        BUILT.replace("[players.Ana]", 'drawn = ["A1"]\n[players.Ana]').replace(
            "[tiles]", '[markers]\nAna = ["A1"]\n[tiles]'
        )
        % " built"
    )
    from rulesref.lords.checker import state_report

    report = state_report(parse_state(text))
    assert report.ok and [f.code for f in report.warnings] == ["drawn-list"]
