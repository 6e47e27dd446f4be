"""Whose turn it is: the seating, players out after a wrong accusation, nobody after a correct one."""

from __future__ import annotations

from cluesolver.clue.record import turns
from cluesolver.clue.record.reader import parse_log
from tests.helpers import ROOT, tiny_log

EXAMPLE = ROOT / "examples" / "contract-example.clue"


def test_to_move_follows_the_seating_and_skips_players_who_are_out() -> None:
    log = parse_log(EXAMPLE.read_text())
    # Last turn was Dan's accusation (wrong): Ann is next.
    assert turns.to_move(log) == "Ann"
    assert turns.eliminated(log) == ("Dan",)
    assert turns.to_move(log.upto(8)) == "Cat"
    assert turns.to_move(log.upto(0)) == "Ann"
    log2 = tiny_log("Ann suggests Blue, Bow, Barn; Ben shows Bow\nBen accuses Red, Axe, Attic; wrong\n")
    assert turns.to_move(log2) == "Cat"
    log3 = tiny_log(
        "Cat accuses Gray, Club, Cellar; wrong\nAnn suggests Blue, Bow, Barn; Ben shows Bow\n"
        "Ben suggests Blue, Bow, Barn; Ann passes\n"
    )
    assert turns.to_move(log3) == "Ann"  # Cat is out


def test_nobody_moves_after_a_correct_accusation() -> None:
    log = tiny_log("Ben accuses Gray, Club, Cellar; correct\n")
    assert turns.winner(log) == "Ben"
    assert turns.to_move(log) is None
