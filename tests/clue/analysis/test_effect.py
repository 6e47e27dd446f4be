"""What a line changed (:func:`~cluesolver.clue.analysis.effect.line_effect`): new facts,
the odds that moved most, a category settled."""

from __future__ import annotations

from cluesolver.clue.analysis.effect import line_effect
from cluesolver.clue.analysis.report import analyse
from cluesolver.clue.record.reader import parse_log
from tests.helpers import ROOT, tiny_log

EXAMPLE = ROOT / "examples" / "contract-example.clue"


def test_line_effect_lists_new_facts_and_moves() -> None:
    log = parse_log(EXAMPLE.read_text())
    before, after = analyse(log.upto(6)), analyse(log.upto(7))
    effect = line_effect(before, after)
    assert [str(f) for f in effect.new_facts] == ["Cat has Knife"]
    assert effect.deals_before > effect.deals_after
    assert effect.moves and all(abs(m.delta) > 0 for m in effect.moves)
    deltas = [abs(m.delta) for m in effect.moves]
    assert deltas == sorted(deltas, reverse=True)
    assert effect.to_json()["new_facts"] == ["Cat has Knife"]


def test_line_effect_reports_a_settled_category() -> None:
    log = tiny_log(
        "Ben suggests Blue, Bow, Barn; Cat passes; Ann passes\nAnn suggests Blue, Axe, Attic; Ben shows Blue\n"
    )
    effect = line_effect(analyse(log.without_last()), analyse(log))
    assert effect.newly_solved == ("suspect",)
