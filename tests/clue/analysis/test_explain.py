"""Explanations (--why) and minimal conflicts, checked for minimality."""

from __future__ import annotations

from dataclasses import replace

import pytest

from cluesolver.clue.analysis.explain import minimal_conflict, parse_fact, why
from cluesolver.clue.analysis.report import Fact, analyse
from cluesolver.clue.record.events import GameLog
from cluesolver.clue.record.reader import parse_log, read_log
from rulesref.core.errors import InputError
from tests.helpers import ROOT

DATA = ROOT / "tests" / "data" / "clue"


def only(log: GameLog, lines: list[int]) -> GameLog:
    """The log with just these lines (header facts other than 'my cards' stay)."""
    header = log.header
    if header.lines.get("my cards") not in lines:
        header = replace(header, me=None, my_cards=())
    return replace(log, header=header, events=tuple(e for e in log.events if e.line in lines))


def drop(log: GameLog, line: int) -> GameLog:
    keep = [e.line for e in log.events] + [log.header.lines.get("my cards", 0)]
    return only(log, [ln for ln in keep if ln != line])


def certain(log: GameLog, fact: Fact) -> bool:
    report = analyse(log)
    p = report.probability(fact.holder, fact.card)
    return report.consistent and p == (1.0 if fact.holds else 0.0)


@pytest.mark.parametrize(
    "text, expected",
    [
        ("Cat has Knife", [7]),
        ("Dan does not have Mr. Green", [9]),
        ("Kitchen is not in the envelope", [5]),
    ],
)
def test_why_names_the_forcing_lines(text: str, expected: list[int]) -> None:
    log = read_log(DATA / "contract-example.clue")
    fact = parse_fact(log, text)
    assert why(log, fact) == expected


def test_why_is_minimal_on_a_longer_game() -> None:
    log = read_log(DATA / "recorded-game.clue")
    report = analyse(log)
    facts = [f for f in report.certain if f.holder not in ("Jaan",)]
    assert facts
    for fact in facts[:6]:
        lines = why(log, fact)
        assert lines is not None
        assert certain(only(log, lines), fact)
        for ln in lines:  # drop any one line of the set and the fact no longer follows
            assert not certain(only(log, [x for x in lines if x != ln]), fact), (fact, ln)


def test_not_certain_gives_none() -> None:
    log = read_log(DATA / "contract-example.clue")
    assert why(log, parse_fact(log, "Ben has Plum")) is None


def test_conflict_lines_are_minimal() -> None:
    text = (
        "game: classic\nplayers: Ann, Ben, Cat\nme: Ann\nmy cards: Scarlet, Rope, Kitchen, Hall, Study, Lounge\n"
        "Ben suggests Plum, Knife, Library; Cat passes; Ann passes\n"
        "Cat suggests Plum, Knife, Library; Ann passes; Ben passes\n"
        "Ann accuses Plum, Knife, Library; wrong\n"
        "Ben has Wrench\n"
    )
    log = parse_log(text)
    assert not analyse(log).consistent
    lines = minimal_conflict(log)
    assert lines == [5, 6, 7]
    for ln in lines:
        assert analyse(drop(log, ln)).consistent


@pytest.mark.parametrize("text", ["Ben knows Knife", "Eve has Knife", "Ben has Knif3"])
def test_bad_facts_are_input_errors(text: str) -> None:
    log = read_log(DATA / "contract-example.clue")
    with pytest.raises(InputError):
        parse_fact(log, text)


def test_fact_forms() -> None:
    log = read_log(DATA / "vegas-2p.clue")
    assert parse_fact(log, "Oliver Gold is in the hotel key sleeve") == Fact("envelope", "Oliver Gold", True)
    assert parse_fact(log, "Jail card has Nathan Jade") == Fact("table:Jail", "Nathan Jade", True)
    assert parse_fact(log, "ben doesn't have jade") == Fact("Ben", "Nathan Jade", False)
