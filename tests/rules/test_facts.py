"""Facts of the rule books checked against the source rulebooks (issue 16).

Each test reads one section as a player would and checks it says what the rulebook says;
where the rulebook is at hand (``$CLUESOLVER_RULEBOOKS``, by default ../shared/rulebooks),
it also checks that the rulebook still holds the passage the fact rests on, so a fact and
its source cannot drift apart.
"""

from __future__ import annotations

import re

from rulesref.book import section
from tests.helpers import rulebook

LOST_IN_VEGAS, LORDS, CLUE_ET, WELCOME, ROYALE = (
    "000_ea9418a0c6532704.txt",
    "001_24bcdc244a3fbfa4.txt",
    "002_4dffc6ea3e02158a.txt",
    "003_9f81285a90f02050.txt",
    "004_768879712fc227c3.txt",
)


def flat(text: str) -> str:
    """Lower case, Markdown emphasis dropped, all white space one space."""
    return re.sub(r"\s+", " ", text.replace("**", "").replace("*", "")).lower()


def source_says(book: str, passage: str) -> None:
    """The rulebook ``book`` holds ``passage`` (skipped when the rulebooks are not here)."""
    path = rulebook(book)
    assert flat(passage) in flat(path.read_text(encoding="utf-8")), (book, passage)


def test_welcome_tie_break_is_play_again() -> None:
    text = flat(section("welcome-to-new-las-vegas/tie-break").text)
    assert "play again" in text and "share" not in text
    source_says(WELCOME, "If there is still a tie, play again!")


def test_royale_cards_nobody_wins_go_under_the_pile_in_every_example() -> None:
    text = flat(section("las-vegas/royale-payout").text)
    examples = text.split("worked cases:")[1]
    everybody_out = next(line for line in examples.split("- ") if "two ties" in line)
    assert "under the money pile" in everybody_out and "stay" not in everybody_out
    source_says(ROYALE, "if there are any money cards left in a casino, put them face down under the money card pile")


def test_royale_winnings_may_be_kept_hidden() -> None:
    text = flat(section("las-vegas/royale-payout").text)
    assert "hide their money cards until the game is over" in text
    source_says(ROYALE, "Players may hide the money they won until the end of the game")


def test_clue_movement_is_the_number_rolled() -> None:
    text = flat(section("clue/movement").text)
    assert "move your pawn that number of squares" in text and "up to" not in text
    assert "entering a room ends your movement" in text
    # "move as many squares as [the die] says"; entering a room ends the move
    source_says(CLUE_ET, "liigub oma mänguplatsi, kui palju ruume ütleb")
    source_says(CLUE_ET, "see lõpeb nende liikumisega")


def test_clue_box_has_one_die() -> None:
    s = section("clue/components")
    assert "one die for movement" in flat(s.text) and "two" not in flat(s.text)
    assert s.unconfirmed is None or "die" not in s.unconfirmed
    source_says(CLUE_ET, "- Üks sureb")  # the translation's word for "one die"


def test_lost_in_vegas_all_players_write_a_bet_at_four() -> None:
    s = section("clue-lost-in-vegas/running-out-of-time")
    text = flat(s.text)
    assert "all the players" in text and "still in the game" not in text
    assert s.unconfirmed is not None and "our reading" in s.unconfirmed
    source_says(LOST_IN_VEGAS, "all players must go all in and write down their final bet")


def test_clue_setup_uses_as_many_characters_as_players() -> None:
    s = section("clue/setup")
    text = flat(s.text)
    assert "only as many characters are in play as there are players" in text
    assert "three characters" in text and "can still be named" not in text
    assert s.unconfirmed is not None and "characters nobody plays" in s.unconfirmed
    source_says(CLUE_ET, "Kui näiteks mängus on ainult kolm mängijat, siis esitatakse ainult kolme tähemärki")


def test_lords_break_is_a_space_costing_more_than_one_point() -> None:
    text = flat(section("lords-of-vegas/score-track").text)
    assert "every space that costs more than 1 point to enter" in text and "is a break" in text
    source_says(LORDS, "To pass a break on the scoring track, you must have enough points")


def test_welcome_solo_acme_first_to_a_project() -> None:
    text = flat(section("welcome-to-new-las-vegas/solo").text)
    assert "write acme's points for it on the score sheet" in text
    assert "turn that project card to its approved side" in text and "only score its lower value" in text
    source_says(WELCOME, "When ACME fulfills a project, write down its score on the score sheet.")
    source_says(WELCOME, "If ACME fulfills the project before you, flip it to its Approved side.")


def test_welcome_solo_acme_hotels_follow_the_rulebook_wording() -> None:
    text = section("welcome-to-new-las-vegas/solo").text
    assert 'A hotel marked "A" fulfils no hotel project.' in text
    assert "never count for your projects" not in text
    source_says(WELCOME, "Note: ACME hotels do not allow them to fulfill a hotel project.")


def test_clue_practices_the_sources_do_not_state_are_flagged() -> None:
    suggestions = section("clue/suggestions")
    assert "one suggestion on a turn" in flat(suggestions.text)
    assert suggestions.unconfirmed is not None and "one suggestion per turn" in suggestions.unconfirmed
    notebook = section("clue/notebook")
    assert "name your own cards in a suggestion" in flat(notebook.text)
    assert notebook.unconfirmed is not None and "own hand" in notebook.unconfirmed
