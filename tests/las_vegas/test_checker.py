"""The checker: every planted error found with its rule, nothing in valid games."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

import pytest

from rulesref.las_vegas.checker import check_casino_money, check_game
from rulesref.las_vegas.editions import Edition, rules_for
from rulesref.las_vegas.loader import load_game, parse_game
from rulesref.las_vegas.model import Casino, Stake
from rulesref.las_vegas.simulate import simulate
from tests.helpers import ROOT

DATA = ROOT / "tests" / "data" / "las-vegas"
VALID = sorted((DATA / "valid").glob("*.toml")) + [
    ROOT / "examples" / n for n in ("las-vegas-night.toml", "las-vegas-royale.toml", "las-vegas-boulevard.toml")
]
BROKEN = sorted((DATA / "broken").glob("*.toml"))
NAMES = ["Anna", "Ben", "Carla", "Denny", "Eve", "Fred", "Gus", "Hal"]


@pytest.mark.parametrize("path", VALID, ids=lambda p: p.name)
def test_valid_files_are_clean(path: Path) -> None:
    assert check_game(load_game(path)).findings == ()


@pytest.mark.parametrize("path", BROKEN, ids=lambda p: p.name)
def test_broken_files_report_exactly_the_planted_errors(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    expected = re.search(r"^# expect: (.+)$", text, re.M)
    assert expected is not None
    problems = check_game(load_game(path)).findings
    assert sorted({p.code for p in problems}) == sorted(c.strip() for c in expected[1].split(","))
    for p in problems:
        assert p.rule is not None and p.rule.id.startswith("las-vegas/") and p.line is not None


def test_broken_example_has_every_problem_with_lines() -> None:
    problems = check_game(load_game(ROOT / "examples" / "las-vegas-broken.toml")).findings
    assert [(p.line, p.code, p.rule and p.rule.id) for p in problems] == [
        (2, "round-count", "las-vegas/end"),
        (6, "white-dice-players", "las-vegas/white-dice"),
        (10, "money-overstocked", "las-vegas/setup"),
        (16, "dice-count", "las-vegas/turn"),
        (17, "money-minimum", "las-vegas/setup"),
        (29, "big-die-edition", "las-vegas/big-die"),
        (30, "money-supply", "las-vegas/money"),
    ]


@pytest.mark.parametrize(
    "edition, players",
    [
        (Edition.BASE, 2),
        (Edition.BASE, 3),
        (Edition.BASE, 4),
        (Edition.BASE, 5),
        (Edition.ROYALE, 2),
        (Edition.ROYALE, 4),
        (Edition.ROYALE, 5),
        (Edition.BOULEVARD, 8),
    ],
)
def test_simulated_games_are_clean(edition: Edition, players: int) -> None:
    for seed in range(12):
        game = simulate(edition, NAMES[:players], seed, tiles=True)
        assert check_game(game).findings == (), seed


def _mutate_casino(game, rnd: int, number: int, **changes):  # type: ignore[no-untyped-def]
    rounds = list(game.rounds)
    r = rounds[rnd - 1]
    casinos = tuple(replace(c, **changes) if c.number == number else c for c in r.casinos)
    rounds[rnd - 1] = replace(r, casinos=casinos)
    return replace(game, rounds=tuple(rounds))


@pytest.mark.parametrize("seed", range(6))
def test_planted_extra_die_is_found_for_the_right_player(seed: int) -> None:
    game = simulate(Edition.BASE, NAMES[:4], seed)
    casino = game.rounds[1].casino(4)
    assert casino is not None
    stakes = tuple(s for s in casino.stakes if s.participant != "Carla") + (
        Stake("Carla", (casino.stake_of("Carla") or Stake("Carla")).small + 1),
    )
    problems = check_game(_mutate_casino(game, 2, 4, stakes=stakes)).findings
    assert [(p.code, p.where.get("round"), p.where.get("player")) for p in problems] == [("dice-count", 2, "Carla")]


def test_missing_casino() -> None:
    game = simulate(Edition.ROYALE, NAMES[:3], 1)
    r = game.rounds[0]
    gone = replace(r, casinos=r.casinos[:-1])
    problems = check_game(replace(game, rounds=(gone,) + game.rounds[1:])).findings
    assert "casino-missing" in {p.code for p in problems}


def test_chips_outside_royale_and_overspent() -> None:
    base = simulate(Edition.BASE, NAMES[:3], 2)
    r = replace(base.rounds[0], chips_spent=(("Anna", 1),))
    assert [p.code for p in check_game(replace(base, rounds=(r,) + base.rounds[1:])).findings] == ["chips-edition"]
    royale = simulate(Edition.ROYALE, NAMES[:3], 2)
    r = replace(royale.rounds[0], chips_spent=(("Anna", 3),))
    codes = [p.code for p in check_game(replace(royale, rounds=(r,) + royale.rounds[1:])).findings]
    assert codes == ["chips-overspent"]


def test_wrong_start_player_in_royale() -> None:
    game = simulate(Edition.ROYALE, NAMES[:4], 5)
    r2 = game.rounds[1]
    wrong = next(p for p in game.players if p != r2.start)
    problems = check_game(replace(game, rounds=(game.rounds[0], replace(r2, start=wrong), game.rounds[2]))).findings
    assert [(p.code, p.rule and p.rule.id) for p in problems] == [("start-player", "las-vegas/start-player")]


@pytest.mark.parametrize(
    "money, codes",
    [
        ((90,), []),
        ((10, 20, 30), []),
        ((40,), ["money-minimum"]),
        ((60, 50), ["money-overstocked"]),
        ((30, 20, 10), []),
        ((25, 30), ["money-value"]),
        ((40, 10), []),
        ((40, 10, 10), []),
        ((50, 50), ["money-overstocked"]),
        ((50, 10), []),
    ],
)
def test_base_stocking(money: tuple[int, ...], codes: list[str]) -> None:
    assert [f.code for f in check_casino_money("casino 1", money, rules_for(Edition.BASE))] == codes


def test_royale_money() -> None:
    rules = rules_for(Edition.ROYALE)
    assert [f.code for f in check_casino_money("casino 1", (90, 40), rules)] == []
    assert [f.code for f in check_casino_money("casino 1", (90,), rules)] == ["royale-two-cards"]
    assert [f.code for f in check_casino_money("casino 1", (20, 90), rules)] == ["money-value"]


def test_boulevard_has_100k_notes_but_base_does_not() -> None:
    assert check_casino_money("casino 1", (100,), rules_for(Edition.BOULEVARD)) == []
    assert [f.code for f in check_casino_money("casino 1", (100,), rules_for(Edition.BASE))] == ["money-value"]


def test_house_with_big_die() -> None:
    text = (DATA / "valid" / "base-2p-white.toml").read_text(encoding="utf-8")
    text = text.replace("white=", "white=big+", 1)
    codes = {p.code for p in check_game(parse_game(text)).findings}
    assert "house-big-die" in codes


def test_casino_stakes_identity_is_kept() -> None:
    c = Casino(1, (50,), (Stake("Anna", 2),))
    assert c.stake_of("Anna") == Stake("Anna", 2) and c.stake_of("Ben") is None


def test_white_dice_switched_off_but_present() -> None:
    text = (DATA / "valid" / "base-2p-white.toml").read_text(encoding="utf-8")
    problems = check_game(parse_game(text.replace("white_dice = true", "white_dice = false"))).findings
    assert {p.code for p in problems} == {"white-dice-off"} and len(problems) == 4


def test_royale_without_big_die_is_reported_once() -> None:
    text = (DATA / "valid" / "royale-5p.toml").read_text(encoding="utf-8")
    problems = check_game(
        parse_game(text.replace("white_dice = false", "white_dice = false\nbig_die = false"))
    ).findings
    assert [(p.code, p.rule and p.rule.id) for p in problems] == [("big-die-edition", "las-vegas/royale")]


def test_leftover_90s_still_count_while_the_deck_has_not_run_through() -> None:
    game = load_game(DATA / "valid" / "base-4p-no-white.toml")
    # put a $90k note, unclaimed by anyone, at casinos 1 and 2 of rounds 1 to 3; none is won
    for rnd in (1, 2, 3):
        for number in (1, 2):
            game = _mutate_casino(game, rnd, number, money=(90,), stakes=())
    supply = [p for p in check_game(game).findings if p.code == "money-supply"]
    assert [(p.where.get("round"), p.message) for p in supply] == [
        (3, "round 3: 8 × $90,000 have come out by now, but the game has only 5")
    ]  # 6 planted + 2 dealt in round 3


def test_payout_and_checker_agree_on_the_white_big_die() -> None:
    text = (ROOT / "tests" / "data" / "las-vegas" / "valid" / "base-2p-white.toml").read_text(encoding="utf-8")
    found = check_game(parse_game(text.replace("white=", "white=big+", 1))).findings
    assert [f.code for f in found if f.code == "house-big-die"] == ["house-big-die"]


def test_a_boulevard_game_written_as_base_says_so_once() -> None:
    """Six players, big dice and $100,000 notes in a base file: one finding names edition = "boulevard"."""
    text = (ROOT / "examples" / "las-vegas-boulevard.toml").read_text(encoding="utf-8")
    for base in (
        text.replace('edition = "boulevard"', 'edition = "base"'),
        re.sub(r"(?m)^(edition|big_die) =.*$", "", text),
    ):
        findings = check_game(parse_game(base, "six.toml")).findings
        hinted = [f for f in findings if 'write edition = "boulevard"' in f.message]
        assert len(findings) >= 5 and len(hinted) == 1
        assert hinted[0] is findings[0] and hinted[0].code == "player-count"
        assert check_game(parse_game(text, "six.toml")).findings == ()


def test_a_stray_big_die_in_a_base_game_is_no_boulevard() -> None:
    findings = check_game(load_game(ROOT / "examples" / "las-vegas-broken.toml")).findings
    assert not any("boulevard" in f.message for f in findings)
