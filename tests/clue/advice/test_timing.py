"""The timing's danger and its ``hazard`` allowance (the table counts each threat twice over)."""

from __future__ import annotations

import pytest

from cluesolver.clue.advice import accuse, selfplay
from cluesolver.clue.advice.suggestions import DEFAULTS, AdvisorSettings
from cluesolver.clue.advice.threat import Threat
from cluesolver.clue.advice.timing import danger_of, timing, turns_until
from cluesolver.clue.record.reader import parse_log

PLAYERS = ("Ann", "Ben", "Cat", "Dan")
THREATS = (Threat("Ben", 0.3, False, 100, True), Threat("Cat", 0.0, False, 100, True))


def test_hazard_one_is_the_plain_danger() -> None:
    ahead = turns_until(PLAYERS, "Ann", set())
    loud = (Threat("Ben", 0.5, False, 100, True), Threat("Cat", 0.5, False, 100, True))
    assert danger_of(loud, ahead) == 0.75
    assert danger_of(THREATS, ahead) == 1 - (1 - 0.3)
    assert danger_of(THREATS, turns_until(PLAYERS, "Ann", {"Ben"})) == 0.0  # Ben is out


def test_a_higher_hazard_turns_waiting_into_accusing() -> None:
    # waiting: 0.7 * 0.8 = 0.56 beats 0.5; counted twice over: 0.49 * 0.8 = 0.392 does not
    plain = timing(PLAYERS, "Ann", set(), 0.5, 0.8, THREATS)
    assert plain.decision == "wait" and plain.danger == pytest.approx(0.3)
    wary = timing(PLAYERS, "Ann", set(), 0.5, 0.8, THREATS, hazard=2.0)
    assert wary.decision == "accuse" and wary.danger == pytest.approx(0.51)


def test_hazard_must_be_positive() -> None:
    with pytest.raises(ValueError, match="hazard must be positive, not 0"):
        danger_of(THREATS, {}, 0)
    with pytest.raises(ValueError, match=r"hazard must be positive, not -1\.0"):
        selfplay.Advisor(hazard=-1.0)


def test_the_advisor_seat_times_its_accusation_with_its_hazard(monkeypatch: pytest.MonkeyPatch) -> None:
    log = parse_log(
        "game: classic\nplayers: Ann, Ben, Cat, Dan\nme: Ann\nmy cards: Knife, Rope, Library, Mrs. White, Hall\n"
    )
    seat = selfplay.Seat("Ann", log)
    guess = ("Miss Scarlet", "Wrench", "Kitchen")

    def advice(*args: object, settings: AdvisorSettings, **kwargs: object) -> accuse.AccuseAdvice:
        when = timing(PLAYERS, "Ann", set(), 0.5, 0.8, THREATS, hazard=settings.hazard)
        return accuse.AccuseAdvice("Ann", False, guess, 0.5, (), None, False, timing=when)

    monkeypatch.setattr(accuse, "accusation", advice)
    monkeypatch.setattr(selfplay, "_best_share", lambda seat: 0.5)
    assert selfplay.Advisor(hazard=1.0).accuse(seat) is None  # counting only opponents certain now: wait
    assert selfplay.Advisor().accuse(seat) == guess  # the table's advice (hazard 2): accuse
    assert selfplay.Advisor(hazard=2.0).accuse(seat) == guess and DEFAULTS.hazard == 2.0
