"""How a tile came, built or sprawled: written in state files both ways, recorded by the
actions, and used by payout (a built lot's card never replaces its owner) and the checker."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner, Result

from cluesolver.cli import app
from rulesref.lords.actions import build, sprawl
from rulesref.lords.checker import state_report
from rulesref.lords.loader import format_state, parse_state
from rulesref.lords.payout import draw

BUILT = (
    'game = "lords-of-vegas"\nturn = "Ben"\n[players.Ana]\nmoney = 5\n[players.Ben]\nmoney = 5\n'
    '[tiles]\nC3 = "purple Ana 5%s"\n'
)


def run(*args: object) -> Result:
    env = {"COLUMNS": "100", "LINES": "50", "FORCE_COLOR": None, "TTY_COMPATIBLE": None, "NO_COLOR": "1"}
    return CliRunner().invoke(app, [str(a) for a in args], env=env)


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


def test_check_warns_when_a_built_tile_is_missing_from_the_drawn_list() -> None:
    text = (
        BUILT.replace("[players.Ana]", 'drawn = ["A1"]\n[players.Ana]').replace(
            "[tiles]", '[markers]\nAna = ["A1"]\n[tiles]'
        )
        % " built"
    )
    report = state_report(parse_state(text))
    assert report.ok and [f.code for f in report.warnings] == ["drawn-list"]
