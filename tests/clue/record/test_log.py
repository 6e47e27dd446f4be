"""The .clue reader and canonical writer (the contract in docs/clue-log-format.md)."""

from __future__ import annotations

from pathlib import Path

import pytest

from cluesolver.clue.record.events import Accusation, Holds, HoldsNone, LooksAt, Reply, RoundEnd, Shown, Suggestion
from cluesolver.clue.record.reader import parse_log, read_log
from cluesolver.clue.record.writer import format_log
from rulesref.core.errors import InputError
from tests.helpers import ROOT

EXAMPLES = ROOT / "examples"
HEAD = "game: classic\nplayers: Ann, Ben, Cat, Dan\nme: Ann\nmy cards: Miss Scarlet, Rope, Kitchen, Hall, Study\n"


def problems(text: str) -> list[tuple[int | None, int | None, str]]:
    with pytest.raises(InputError) as err:
        parse_log(text, "t.clue")
    return [(p.line, p.column, p.message) for p in err.value.problems()]


def test_contract_example() -> None:
    log = read_log(EXAMPLES / "contract-example.clue")
    assert log.players == ("Ann", "Ben", "Cat", "Dan") and log.header.me == "Ann"
    assert log.hand_sizes == (5, 5, 4, 4)
    s1, s2, s3, s4, acc = log.events
    assert s1 == Suggestion(
        7, "Ann", ("Colonel Mustard", "Knife", "Lounge"), (Reply("Ben", False), Reply("Cat", True, "Knife"))
    )
    assert s2.cards == ("Professor Plum", "Rope", "Library") and s2.shower == "Dan"
    assert s3.replies == (Reply("Dan", False), Reply("Ann", True))
    assert [r.player for r in s4.replies] == ["Ann", "Ben", "Cat"] and all(r.implied for r in s4.replies)
    assert acc == Accusation(11, "Dan", ("Mrs. Peacock", "Lead Pipe", "Billiard Room"), False)
    assert [e.line for e in log.events] == [7, 8, 9, 10, 11]


@pytest.mark.parametrize(
    "path", [p for p in sorted(EXAMPLES.glob("*.clue")) if "mistakes" not in p.name], ids=lambda p: p.name
)
def test_round_trip_of_every_example(path: Path) -> None:
    log = read_log(path)
    again = parse_log(format_log(log), base_dir=path.parent)
    assert again == log
    assert format_log(again) == format_log(log)


def test_implied_pass_for_skipped_players() -> None:
    log = parse_log(HEAD + "Ann suggests Mustard, Knife, Lounge; Dan shows Knife\n")
    (s,) = log.events
    assert s.replies == (
        Reply("Ben", False, implied=True),
        Reply("Cat", False, implied=True),
        Reply("Dan", True, "Knife"),
    )


def test_partial_answers_record_only_what_they_name() -> None:
    (s,) = parse_log(HEAD + "Ben suggests Plum, Rope, Hall; Cat passes\n").events
    assert s.replies == (Reply("Cat", False),)


def test_natural_form_aliases_and_any_order() -> None:
    (s,) = parse_log(HEAD + "Ben suggests the Library, col. mustard with the Dagger\n").events
    assert s.cards == ("Library", "Colonel Mustard", "Knife")
    (s,) = parse_log(HEAD + "Ben suggests Plum with the Rope in the Library; nobody shows\n").events
    assert s.cards == ("Professor Plum", "Rope", "Library") and len(s.replies) == 3


def test_other_statements() -> None:
    text = HEAD + (
        "Ben has Knife\nCat has none of Rope, Wrench\nCat shows Ann Knife\n"
        "Dan shows Ben a card from Plum, Hall\nround\nBen accuses Plum, Rope, Hall; correct\n"
    )
    events = parse_log(text).events
    assert events == (
        Holds(6, "Ben", "Knife"),
        HoldsNone(7, "Cat", ("Rope", "Wrench")),
        Shown(8, "Cat", "Ann", ("Knife",), "Knife"),
        Shown(9, "Dan", "Ben", ("Professor Plum", "Hall"), None),
        RoundEnd(10),
        Accusation(11, "Ben", ("Professor Plum", "Rope", "Hall"), True),
    )


def test_lost_in_vegas_words_and_table_cards() -> None:
    text = (
        "game: lost-in-vegas\nplayers: Ann, Ben\nme: Ann\ntable: Jail, Hospital, Pool, Spa\n"
        "my cards: Oliver Gold, Breakdancing, Magic Show, Action 2, Action 3, Location 5, Location 6\n"
        "Ann looks at Jail card: Jack Violet\nBen looks at the Pool card\n"
        "Ann bets Chloe, Action 4, Hospital; Ben shows Action 4\nBen goes all in Ava, Action 5, Jail; wrong\n"
    )
    log = parse_log(text)
    assert log.hand_sizes == (7, 7) and log.table_slots == ("Jail", "Hospital", "Pool", "Spa")
    looks, looks2, bet, allin = log.events
    assert looks == LooksAt(6, "Ann", "Jail", "Jack Violet") and looks2 == LooksAt(7, "Ben", "Pool", None)
    assert bet.replies == (Reply("Ben", True, "Action 4"),)
    assert allin == Accusation(9, "Ben", ("Ava Carmine", "Action 5", "Jail"), False)


def test_hands_header_and_sum_check() -> None:
    log = parse_log(HEAD.replace("me: Ann\n", "me: Ann\nhands: Ann 5, Ben 4, Cat 5, Dan 4\n"))
    assert log.hand_sizes == (5, 4, 5, 4)
    assert (
        problems(HEAD.replace("me: Ann\n", "hands: Ann 5, Ben 5, Cat 5, Dan 4\nme: Ann\n"))[0][2]
        == "hand sizes add up to 19 but 18 cards are dealt"
    )


def test_every_problem_is_reported_with_line_and_column() -> None:
    text = HEAD + (
        "Ann suggests Mustard, Knive, Lounge\n"  # unknown card
        "Ben suggests Plum, Rope, Library; Dan passes; Cat shows\n"  # out of order
        "Eve has Rope\n"  # unknown player
        "Cat suggests Plum, Rope, Mrs\n"  # ambiguous
        "Dan suggests Plum, Rope, Knife\n"  # two weapons, no room
        "Ben accuses Plum, Rope, Hall\n"  # no result
        "Ben shows Knife\n"
    )  # named card in a show outside: not me
    found = problems(text)
    assert [(line, col) for line, col, _ in found] == [(5, 23), (6, 47), (7, 1), (8, 26), (9, 14), (10, 13), (11, 11)]
    messages = [m for _, _, m in found]
    assert messages[0] == "unknown card"
    assert "out of order" in messages[1]
    assert messages[2] == "a statement starts with a player's name (Ann, Ben, Cat, Dan)"
    assert messages[3] == "ambiguous card"
    assert messages[4].startswith("name one card of each category")
    assert "result" in messages[5]


def test_named_card_rules() -> None:
    # Ann (me) is neither suggester nor shower: the card cannot be named
    assert (
        "notebook of the suggester or the shower"
        in problems(HEAD + "Ben suggests Plum, Rope, Hall; Cat shows Rope\n")[0][2]
    )
    # the shown card must be one of the three
    assert "one of the suggested" in problems(HEAD + "Ann suggests Plum, Rope, Hall; Ben shows Knife\n")[0][2]
    # spectator logs never name shown cards
    spectator = "game: classic\nplayers: Ann, Ben, Cat\nAnn suggests Plum, Rope, Hall; Ben shows Rope\n"
    assert "no 'me:'" in problems(spectator)[0][2]
    # nothing after a show
    assert "after a player showed" in problems(HEAD + "Ann suggests Plum, Knife, Hall; Ben shows; Cat passes\n")[0][2]


def test_header_problems() -> None:
    found = problems("game: clasic\nplayers: Ann, Ann\nsize: 4\n")
    assert found[0][:2] == (3, 1) and found[0][2] == "unknown header key"
    assert any(m.startswith("unknown game variant") for _, _, m in found)
    assert any(m == "player named twice" for _, _, m in found)
    assert problems("players: Ann, Ben, Cat\n")[0][2].startswith("missing header 'game:'")
    assert "my cards" in problems("game: classic\nplayers: Ann, Ben, Cat\nme: Ann\n")[0][2]
    assert "holds 6 cards" in problems("game: classic\nplayers: Ann, Ben, Cat\nme: Ann\nmy cards: Rope, Hall\n")[0][2]
    assert "after the first event" in problems(HEAD + "Ben has Knife\nme: Ben\n")[0][2]


def test_upto_keeps_the_header() -> None:
    log = read_log(EXAMPLES / "contract-example.clue")
    assert [e.line for e in log.upto(9).events] == [7, 8, 9]
    assert log.upto(6).events == () and log.upto(6).header == log.header
