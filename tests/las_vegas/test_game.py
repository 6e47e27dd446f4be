"""The library entry points behind the verbs: check_file, score_file, replay_file, pay_typed."""

from __future__ import annotations

import pytest

from cluesolver.registry import GAMES
from rulesref.core.errors import InputError, UnknownNameError
from rulesref.core.findings import CheckReport, Severity
from rulesref.core.games import LAS_VEGAS
from rulesref.las_vegas import game
from rulesref.las_vegas.table import pay_typed
from tests.helpers import ROOT

EX = ROOT / "examples"


def test_check_file_is_a_check_report() -> None:
    report = game.check_file(EX / "las-vegas-broken.toml")
    assert isinstance(report, CheckReport) and not report.ok
    assert report.counts() == {"error": 7, "warning": 0, "note": 0}
    assert all(f.rule is not None and f.path == str(EX / "las-vegas-broken.toml") for f in report.findings)
    assert GAMES[LAS_VEGAS].check(EX / "las-vegas-broken.toml") == report


def test_score_and_replay_results() -> None:
    score = game.score_file(EX / "las-vegas-night.toml")
    assert score.rule_problems == 0 and score.to_json()["winners"] == score.to_json()["leaders"]
    part = game.replay_file(EX / "las-vegas-night.toml", at=2)
    data = part.to_json(why="carla")
    assert data["rounds_played"] == 2 and data["why"][0] == "Where Carla's money comes from:"
    with pytest.raises(UnknownNameError):
        part.why("Zed")
    with pytest.raises(InputError):
        game.replay_file(EX / "las-vegas-night.toml", at=5)


def test_pay_typed_labels_every_problem() -> None:
    with pytest.raises(InputError) as info:
        pay_typed("Anna=x", "25", "roy", labels={"casino": "dice", "money": "money", "edition": "edition"})
    assert [p.message.split(":")[0] for p in info.value.problems()] == ["edition", "dice"]
    table = pay_typed("Anna=2", "90", "royale")
    assert [(f.code, f.severity) for f in table.findings] == [("royale-two-cards", Severity.WARNING)]
    assert table.to_json()["warnings"][0]["code"] == "royale-two-cards"
