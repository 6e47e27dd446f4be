"""Recording a line counts the new log once: the contradiction check's counts are reused."""

from __future__ import annotations

from pathlib import Path

import pytest

import cluesolver.clue.analysis.report as report
from cluesolver.clue.engine.results import Counts
from cluesolver.clue.record.events import GameLog
from cluesolver.clue.record.reader import parse_log
from cluesolver.clue.session.live import record

LOG = """game: classic
players: Ann, Ben, Cat, Dan
me: Ben
my cards: Colonel Mustard, Candlestick, Ballroom, Billiard Room, Study

Ann suggests Miss Scarlet, Knife, Kitchen; Ben passes; Cat shows
"""
LINE = "Ben suggests Mrs. Peacock, Rope, Lounge; Cat shows Rope"


@pytest.mark.parametrize("force", [False, True])
def test_the_new_log_is_counted_once_and_the_answer_is_unchanged(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, force: bool
) -> None:
    path = tmp_path / "game.clue"
    path.write_text(LOG, encoding="utf-8")
    counted: list[int] = []
    real = report.count_log

    def spy(log: GameLog) -> Counts:
        counted.append(len(log.events))
        return real(log)

    monkeypatch.setattr(report, "count_log", spy)
    done = record(path, [LINE], force=force)
    assert sorted(counted) == [1, 2]  # the log before, and the log after once (checked or not)
    fresh = report.analyse(parse_log(path.read_text(encoding="utf-8"), str(path)))
    assert (done.after.counts.deals, done.after.counts.held) == (fresh.counts.deals, fresh.counts.held)
    assert done.after.certain == fresh.certain
