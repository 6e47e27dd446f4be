"""The registry's entry for Lords of Vegas: check/score/replay of states and logs as value objects."""

from __future__ import annotations

import json

from rulesref.core.findings import CheckReport, Severity
from rulesref.lords import game
from rulesref.lords.replay import Replay
from rulesref.lords.results import FinalScore, Position
from tests.helpers import ROOT

EX = ROOT / "examples"


def test_check_of_a_log_locates_every_problem() -> None:
    report = game.check_file(EX / "lords-mistakes.lov")
    assert isinstance(report, CheckReport) and not report.ok
    errors = [f for f in report.findings if f.severity is Severity.ERROR]
    rule_lines = [f.line for f in errors if f.code != "recorded-score"]
    assert rule_lines == [11, 15, 18, 21, 23, 27, 28, 29]
    recorded = [f for f in errors if f.code == "recorded-score"]
    assert [(f.line, dict(f.where)) for f in recorded] == [(32, {"player": "Ana"}), (33, {"player": "Ben"})]
    assert report.summary["kind"] == "log" and report.summary["turns"] == 8
    data = json.loads(json.dumps(report.to_json()))
    assert sorted(data) == ["counts", "findings", "game", "ok", "path", "summary"]
    assert data["counts"]["error"] == 10


def test_check_of_a_state_has_the_same_shape() -> None:
    report = game.check_file(EX / "lords-tie.toml")
    assert not report.ok and report.summary["kind"] == "state"
    (tie,) = report.errors
    assert tie.rule is not None and tie.rule.id == "lords-of-vegas/boss-ties"
    assert game.check_file(EX / "lords-midgame.toml").ok


def test_score_and_replay_are_value_objects() -> None:
    score = game.score_file(EX / "lords-midgame.toml")
    assert isinstance(score, FinalScore) and score.kind == "state" and score.final_payout is not None
    assert score.to_json()["winners"] == list(score.standings.winners)
    logged = game.score_file(EX / "lords-night.lov")
    assert logged.kind == "log" and logged.winners == ("Ben",)
    replayed = game.replay_file(EX / "lords-night.lov", at=4)
    assert isinstance(replayed, Replay) and replayed.stopped_at == 4
    shown = game.replay_file(EX / "lords-midgame.toml")
    assert isinstance(shown, Position) and shown.to_json()["turn"] == "Ana"


def test_registry_finds_the_lords_entry() -> None:
    from cluesolver.registry import game_of

    entry = game_of(EX / "lords-night.lov")
    assert entry.check(EX / "lords-night.lov").ok
