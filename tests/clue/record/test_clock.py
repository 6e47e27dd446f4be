"""Lost in Vegas clock: rounds from markers or from turns, all-ins, the warning and time up."""

from __future__ import annotations

from cluesolver.clue.record.clock import clock, hour_label, turns
from cluesolver.clue.record.reader import parse_log

HEAD = "game: lost-in-vegas\nplayers: Ann, Ben, Cat\n\n"


def test_hour_labels() -> None:
    assert [hour_label(h) for h in (9, 11, 12, 13, 16)] == ["9 AM", "11 AM", "12 PM", "1 PM", "4 PM"]


def test_clock_starts_at_nine() -> None:
    c = clock(parse_log(HEAD))
    assert (c.label, c.rounds_done, c.rounds_left, c.time_up) == ("9 AM", 0, 7, False)


def test_rounds_from_markers() -> None:
    c = clock(parse_log(HEAD + "Ann bets Gold, Breakdancing, Jail; Ben shows\nround\nround\n"))
    assert c.from_markers and c.rounds_done == 2 and c.label == "11 AM"


def test_rounds_inferred_from_turns_even_with_skipped_turns() -> None:
    log = parse_log(
        HEAD + "Ann bets Gold, Breakdancing, Jail; Ben shows\n"
        "Cat bets Gold, Breakdancing, Jail; Ann shows\n"  # Ben's turn not logged
        "Ben bets Gold, Breakdancing, Jail; Cat shows\n"
    )  # a new round
    assert [t.round for t in turns(log)] == [0, 0, 1]
    c = clock(log)
    assert not c.from_markers and c.rounds_done == 1


def test_the_round_ends_when_the_last_seat_still_in_has_played() -> None:
    log = parse_log(
        HEAD + "Cat goes all in Gold, Breakdancing, Jail; wrong\n"
        "Ann bets Gold, Breakdancing, Jail; Ben shows\n"
        "Ben bets Gold, Breakdancing, Jail; Cat shows\n"
    )
    assert clock(log).rounds_done == 2  # round 1 ended with Cat; round 2 with Ben (Cat is out)


def test_bet_then_all_in_is_one_turn_and_all_in_once() -> None:
    log = parse_log(
        HEAD + "Ann bets Gold, Breakdancing, Jail; Ben shows\nAnn goes all in Gold, Breakdancing, Hospital; wrong\n"
    )
    c = clock(log)
    assert len(turns(log)) == 1
    ann = c.player("Ann")
    assert ann.bets == 1 and ann.out and not ann.may_go_all_in and ann.all_in_line == 5
    assert c.player("Ben").may_go_all_in


def test_last_round_and_time_up() -> None:
    six = clock(parse_log(HEAD + "round\n" * 6))
    assert six.last_round and not six.time_up and six.label == "3 PM"
    seven = clock(parse_log(HEAD + "round\n" * 7))
    assert seven.time_up and seven.label == "4 PM"
    assert clock(parse_log(HEAD + "round\n" * 9)).label == "4 PM"


def test_winner_stops_the_clock() -> None:
    c = clock(parse_log(HEAD + "Ben goes all in Gold, Breakdancing, Jail; correct\n"))
    assert c.winner == "Ben"
    assert c.to_json()["winner"] == "Ben"
