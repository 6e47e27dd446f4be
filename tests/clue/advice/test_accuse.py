"""Accusation advice: the best accusation and its risk, the timing rule, the expected chance
after a suggestion against brute force, and the game-over answer after a correct accusation."""

from __future__ import annotations

import itertools
from collections import Counter, defaultdict

import pytest
from typer.testing import CliRunner

from cluesolver.cli import app
from cluesolver.clue.advice import accuse
from cluesolver.clue.advice.threat import Threat
from cluesolver.clue.advice.timing import after_suggestion, envelope_odds, timing, turns_until
from cluesolver.clue.analysis.report import analyse
from cluesolver.clue.engine.brute_force import deals
from cluesolver.clue.engine.covers import count_numpy as count
from cluesolver.clue.engine.sampler import deals_for
from cluesolver.clue.record.constraints import ENVELOPE, puzzle_of
from cluesolver.clue.record.reader import parse_log
from tests.helpers import ROOT, tiny_log

DATA = ROOT / "tests" / "data"
EXAMPLE = ROOT / "examples" / "contract-example.clue"
PLAYERS = ("Ann", "Ben", "Cat", "Dan")


def threat(player: str, p: float, out: bool = False) -> Threat:
    return Threat(player, p, out, 100, True)


def test_turns_until_skips_players_who_are_out() -> None:
    assert turns_until(PLAYERS, "Ben", set()) == {"Cat": 1, "Dan": 2, "Ann": 3}
    assert turns_until(PLAYERS, "Ben", {"Cat"}) == {"Dan": 1, "Ann": 2}


def test_certain_always_accuses() -> None:
    t = timing(PLAYERS, "Ann", set(), 1.0, 1.0, (), my_turn=True)
    assert t.decision == "accuse"


def test_on_your_own_turn_suggest_first() -> None:
    t = timing(PLAYERS, "Ann", set(), 0.6, 0.9, (threat("Ben", 0.9),), my_turn=True)
    assert t.decision == "suggest-first"


def test_a_safe_table_waits_and_a_dangerous_one_accuses() -> None:
    quiet = timing(PLAYERS, "Ann", set(), 0.5, 0.8, (threat("Ben", 0.0), threat("Cat", 0.0)))
    assert quiet.decision == "wait" and quiet.danger == 0.0
    # Ben and Cat each know the envelope half the time: waiting wins 0.25 * 0.8 = 0.2 < 0.5
    loud = timing(PLAYERS, "Ann", set(), 0.5, 0.8, (threat("Ben", 0.5), threat("Cat", 0.5)))
    assert loud.decision == "accuse" and loud.danger == pytest.approx(0.75)
    assert loud.wait_value == pytest.approx(0.2)


def test_players_out_are_no_danger() -> None:
    t = timing(PLAYERS, "Ann", {"Ben"}, 0.5, 0.8, (threat("Ben", 0.0, out=True), threat("Cat", 0.0)))
    assert t.danger == 0.0 and t.decision == "wait"


def test_lost_in_vegas_clock() -> None:
    last = timing(PLAYERS, "Ann", set(), 0.4, 0.9, (threat("Ben", 0.1),), rounds_left=1)
    assert last.decision == "accuse" and last.after_next == 0.4  # no answer left before 4 PM
    up = timing(PLAYERS, "Ann", set(), 0.4, 0.9, (threat("Ben", 0.1),), rounds_left=0)
    assert up.decision == "final-bet"


@pytest.mark.parametrize("events", ["", "Ben suggests Blue, Bow, Barn; Cat shows\n"])
@pytest.mark.parametrize("suggester", ["Ann", "Ben"])
def test_chance_after_a_suggestion_matches_brute_force(events: str, suggester: str) -> None:
    log = tiny_log(events)
    puzzle = puzzle_of(log)
    every = list(deals(puzzle))
    listed = deals_for(puzzle, count(puzzle), exact_limit=10_000)
    order = ["Ben", "Cat", "Ann"] if suggester == "Ann" else ["Cat", "Ann", "Ben"]
    seen = suggester == "Ann"
    for cards in [("Blue", "Bow", "Barn"), ("Red", "Club", "Cellar"), ("Gray", "Axe", "Attic")]:
        weight: dict[tuple[str | None, str | None], float] = defaultdict(float)
        groups: dict[tuple[str | None, str | None], Counter[tuple[str, ...]]] = defaultdict(Counter)
        for d in every:
            env = tuple(c for c in puzzle.table.cards if d[c] == ENVELOPE)
            shower = next((k for k in order[:2] if any(d[c] == k for c in cards)), None)
            have = [c for c in cards if shower is not None and d[c] == shower]
            keys = [(shower, c) for c in have] if seen and shower else [(shower, None)]
            for key in keys:
                weight[key] += 1 / len(keys)
                groups[key][env] += 1
        want = sum(w / len(every) * max(groups[k].values()) / sum(groups[k].values()) for k, w in weight.items())
        got = after_suggestion(listed, puzzle.table, suggester, seen, cards)
        assert got == pytest.approx(want, abs=1e-12), cards


def test_envelope_odds_of_all_deals_are_exact() -> None:
    log = tiny_log("Ben suggests Blue, Bow, Barn; Cat shows\n")
    puzzle = puzzle_of(log)
    every = list(deals(puzzle))
    want = Counter(tuple(c for c in puzzle.table.cards if d[c] == ENVELOPE) for d in every)
    got = envelope_odds(deals_for(puzzle, count(puzzle), exact_limit=10_000), puzzle.table)
    assert got == pytest.approx({k: v / len(every) for k, v in want.items()})


def test_classic_endgame_advice_weighs_the_threat() -> None:
    log = parse_log((DATA / "advisor" / "classic-endgame.clue").read_text())
    a = accuse.accusation(log, plan=True)
    assert a.player == "Ben" and not a.certain and a.timing is not None
    assert a.decision == "suggest-first"  # Ben is to move
    threats = {t.player: t for t in a.timing.threats}
    assert threats["Dan"].out and threats["Ann"].probability > 0.5
    assert a.timing.danger == pytest.approx(1 - (1 - threats["Ann"].probability) ** 2)  # counted twice over


def test_after_a_correct_accusation_the_game_is_over() -> None:
    path = DATA / "live" / "after-the-win.clue"
    a = accuse.accusation(parse_log(path.read_text()), plan=True)
    assert a.decision == "game-over" and a.winner is not None and a.to_json()["game_over"] is True
    out = CliRunner().invoke(app, ["clue", "accuse?", "--file", str(path)])
    assert out.exit_code == 0 and "game is over" in out.output and "ACCUSE NOW" not in out.output
    out = CliRunner().invoke(app, ["clue", "next", "--file", str(path), "--json"])
    assert out.exit_code == 0 and '"game_over": true' in out.output


def test_certain_notebook_says_accuse_now() -> None:
    log = tiny_log(
        "Ann suggests Blue, Bow, Barn; Ben shows Blue\nAnn suggests Gray, Club, Cellar; Ben shows Club\n"
        "Ann suggests Gray, Bow, Cellar; Ben passes; Cat shows Cellar\n"
        "Ann suggests Gray, Bow, Barn; Ben passes; Cat shows Barn\n"
    )
    a = accuse.accusation(log, plan=True)
    assert a.certain and a.decision == "accuse"
    assert list(itertools.chain(a.cards)) == ["Gray", "Bow", "Attic"]


def test_accuse_when_certain() -> None:
    log = tiny_log(
        "Ann suggests Blue, Bow, Barn; Ben shows Blue\nAnn suggests Gray, Club, Cellar; Ben shows Club\n"
        "Ann suggests Gray, Bow, Cellar; Ben passes; Cat shows Cellar\n"
        "Ann suggests Gray, Bow, Barn; Ben passes; Cat shows Barn\n",
        cards="Red, Axe",
    )
    a = accuse.accusation(log)
    assert a.certain and a.probability == 1.0 and a.risk == 0.0
    assert a.cards == ("Gray", "Bow", "Attic")
    assert a.open_combinations == 1
    report = analyse(log)
    assert report.solved() and tuple(report.solution().values()) == a.cards


def test_accuse_gives_the_best_guess_and_the_risk() -> None:
    log = parse_log(EXAMPLE.read_text())
    a = accuse.accusation(log, limit=400)
    assert not a.certain
    assert 0 < a.probability < 1 and a.risk == pytest.approx(1 - a.probability)
    assert a.open_combinations is not None and a.open_combinations > 1
    assert all(p <= a.probability for _, p in a.runners_up)
    assert a.to_json()["cards"] == list(a.cards)


def test_accuse_for_a_player_already_out() -> None:
    log = parse_log(EXAMPLE.read_text())
    assert accuse.accusation(log, player="Dan").out_of_game
    assert not accuse.accusation(log, player="Ann").out_of_game
