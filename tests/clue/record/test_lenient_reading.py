"""Statements as people say them at the table (docs/clue-log-format.md, "Accepted input"):
commas or semicolons between answers, the past tense, "shows me CARD", "nobody" alone, an
accusation's result after a comma; refusals that say where a ';' belongs; every problem of a
statement in one attempt.  The canonical writer is unchanged."""

from __future__ import annotations

import random
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cluesolver.clue import variants
from cluesolver.clue.record.events import Accusation, GameLog, Reply, Shown, Suggestion
from cluesolver.clue.record.reader import parse_log
from cluesolver.clue.record.simulate import random_log
from cluesolver.clue.record.writer import format_event, format_log
from rulesref.core.errors import InputError

HEAD = "game: classic\nplayers: Eve, Finn, Gus, Hana\nme: Eve\nmy cards: Miss Scarlet, Rope, Kitchen, Hall, Study\n\n"
SPECTATOR = "game: classic\nplayers: Eve, Finn, Gus, Hana\n\n"


def event(statement: str, head: str = HEAD) -> object:
    (only,) = parse_log(head + statement + "\n", "fri.clue").events
    return only


def problems(statement: str, head: str = HEAD) -> list[str]:
    with pytest.raises(InputError) as err:
        parse_log(head + statement + "\n", "fri.clue")
    return [p.format() for p in err.value.problems()]


CANONICAL = "Finn suggests Professor Plum, Knife, Library; Gus passes; Hana passes; Eve shows"


@pytest.mark.parametrize(
    "said",
    [
        CANONICAL,
        "Finn suggests Plum, Knife, Library; Gus passes, Hana passes, Eve shows",
        "Finn suggested Plum, Knife, Library; Gus passed; Hana passed; Eve showed",
        "Finn suggests Plum, Knife, Library, Gus passes, Hana passes, Eve shows",
        "Finn suggests Plum with the Knife in the Library, Gus passes; Hana passes, Eve shows",
        "Finn suggested Plum, Knife, Library; Eve showed",  # Gus and Hana skipped: they passed
    ],
)
def test_commas_past_tense_and_answers_after_a_comma_read_as_the_canonical_statement(said: str) -> None:
    assert event(said) == event(CANONICAL)


def test_shows_me_card_is_the_card_shown_to_the_notebook_owner() -> None:
    said = event("Eve suggests Plum, Knife, Library; Finn passes, Gus passes, Hana shows me Library")
    assert isinstance(said, Suggestion)
    assert said.replies == (Reply("Finn", False), Reply("Gus", False), Reply("Hana", True, "Library"))
    assert said == event("Eve suggests Plum, Knife, Library; Finn passes; Gus passes; Hana shows Library")


def test_shows_me_outside_a_suggestion_names_the_notebook_owner() -> None:
    assert event("Gus shows me Knife") == Shown(6, "Gus", "Eve", ("Knife",), "Knife")
    assert event("Gus showed me Knife") == event("Gus shows Eve Knife")


@pytest.mark.parametrize("nobody", ["nobody", "no one", "nobody showed", "everyone passed", "none"])
def test_nobody_alone_means_nobody_shows(nobody: str) -> None:
    assert event(f"Eve suggests Plum, Knife, Library; {nobody}") == event(
        "Eve suggests Plum, Knife, Library; nobody shows"
    )


@pytest.mark.parametrize(
    "said", ["Finn accused Plum, Knife, Library; wrong", "Finn accuses Plum, Knife, Library, wrong"]
)
def test_an_accusation_in_the_past_tense_or_with_its_result_after_a_comma(said: str) -> None:
    assert event(said) == Accusation(6, "Finn", ("Professor Plum", "Knife", "Library"), False)


def test_the_writer_still_writes_the_canonical_form() -> None:
    text = HEAD + "Eve suggested Plum, Knife, Library; Finn passed, Gus passed, Hana showed me Library\n"
    assert format_log(parse_log(text)).splitlines()[-1] == (
        "Eve suggests Professor Plum, Knife, Library; Finn passes; Gus passes; Hana shows Library"
    )


# -- refusals that say where ';' belongs ----------------------------------------------------------


def test_an_answer_run_into_the_cards_asks_for_a_semicolon() -> None:
    assert problems("Eve suggests Plum, Knife, Library Finn passes") == [
        "fri.clue:6:35: the answers go after the cards, separated by ';' (or ','): write 'Library; Finn passes'"
    ]


def test_two_answers_run_together_ask_for_a_separator() -> None:
    assert problems("Eve suggests Plum, Knife, Library; Finn passes Gus shows") == [
        "fri.clue:6:48: one answer at a time: separate the answers with ';' or ',': 'Gus shows'"
    ]


def test_a_result_without_a_semicolon_asks_for_one() -> None:
    assert problems("Finn accuses Plum, Knife, Library wrong") == [
        "fri.clue:6:35: the result goes after ';': write '; wrong'"
    ]


def test_shows_me_needs_my_own_suggestion_and_a_notebook_owner() -> None:
    (mine,) = problems("Gus suggests Plum, Knife, Library; Hana passes; Eve passes; Finn shows me Hall")
    assert "Finn showed the card to Gus, who suggested, not to Eve: write 'Finn shows'" in mine
    (nobody,) = problems("Gus suggests Plum, Knife, Library; Hana shows me Knife", head=SPECTATOR)
    assert "this log has no 'me:'" in nobody
    (alone,) = problems("Gus shows me Knife", head=SPECTATOR)
    assert "this log has no 'me:'" in alone


# -- every problem of a statement at once ---------------------------------------------------------


def test_a_verb_typo_and_a_card_typo_in_one_attempt() -> None:
    assert problems("Eve sugests Plum, Knfie, Library; Finn passes") == [
        "fri.clue:6:5: expected a statement: suggests, accuses, has, has none of, shows, looks at, round: "
        "'sugests Plum, Knfie, Library; Finn passes' (did you mean: suggests, bets, accuses?)",
        "fri.clue:6:19: unknown card: 'Knfie' (did you mean: Knife?)",
    ]


def test_a_player_typo_and_a_card_typo_in_one_attempt() -> None:
    found = problems("Evee suggests Plum, Knfie, Library; Finn passes")
    assert [re.sub(r":.*", "", p.split(": ", 1)[1]) for p in found] == [
        "a statement starts with a player's name (Eve, Finn, Gus, Hana)",
        "unknown card",
    ]
    assert "did you mean: Eve?" in found[0] and "did you mean: Knife?" in found[1]


def test_an_accusation_reports_its_card_and_its_result() -> None:
    found = problems("Finn acuses Plum, Knfie, Library; wrng")
    assert len(found) == 3
    assert "did you mean: accuses" in found[0] and "'Knfie'" in found[1] and "'wrng'" in found[2]


def test_an_answer_by_an_unknown_player_quotes_what_was_typed() -> None:
    (found,) = problems("Eve suggests Plum, Knife, Library; Fin passes")
    assert (
        found
        == "fri.clue:6:36: an answer starts with a player's name (Eve, Finn, Gus, Hana): 'Fin' (did you mean: Finn?)"
    )


def test_a_word_that_is_no_verb_at_all_is_one_problem() -> None:
    (found,) = problems("Eve whispers Plum, Knfie, Library")
    assert "expected a statement" in found


# -- lenient text of whole games reads as their canonical text --------------------------------------


def _lenient(e: object, log: GameLog, rng: random.Random) -> str:
    """``e`` said another accepted way: past tense, commas, 'shows me', 'nobody', ', wrong'."""
    if isinstance(e, Accusation):
        verb = rng.choice(("accuses", "accused"))
        sep = rng.choice(("; ", ", "))
        return f"{e.accuser} {verb} {', '.join(e.cards)}{sep}{'correct' if e.correct else 'wrong'}"
    assert isinstance(e, Suggestion)
    text = f"{e.suggester} {rng.choice(('suggests', 'suggested'))} {', '.join(e.cards)}"
    if all(r.passes for r in e.replies) and len(e.replies) == len(log.players) - 1:
        return text + rng.choice(("; nobody", "; nobody showed", ", nobody shows"))
    answers = []
    for r in e.replies:
        if r.passes:
            answers.append(f"{r.player} {rng.choice(('passes', 'passed'))}")
        else:
            me = " me" if r.card and e.suggester == log.header.me and rng.random() < 0.5 else ""
            answers.append(f"{r.player} {rng.choice(('shows', 'showed'))}{me}" + (f" {r.card}" if r.card else ""))
    first = rng.choice(("; ", ", "))
    return text + first + "".join(a + rng.choice(("; ", ", ")) for a in answers[:-1]) + answers[-1]


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), edition=st.sampled_from(["classic", "master-detective"]))
def test_a_game_said_leniently_reads_as_its_canonical_log(seed: int, edition: str) -> None:
    rng = random.Random(seed)
    log, _ = random_log(variants.get(edition), rng.randint(3, 6), 12, rng)
    canonical = format_log(log)
    head, _, _ = canonical.partition("\n\n")
    said = head + "\n\n" + "".join(_lenient(e, log, rng) + "\n" for e in log.events)
    again = parse_log(said)
    assert again.events == parse_log(canonical).events
    assert [format_event(e, again) for e in again.events] == canonical.splitlines()[len(head.splitlines()) + 1 :]
