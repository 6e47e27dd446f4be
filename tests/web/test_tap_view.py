"""The tap pad's data and the notebook's short column names (cluesolver/web/tap_view.py)."""

from __future__ import annotations

import pytest

from cluesolver.clue import variants
from cluesolver.clue.record.reader import parse_log
from cluesolver.clue.record.writer import format_event
from cluesolver.clue.variants.model import EditionRules
from cluesolver.web.tap_view import PadWords, draft_of, short_codes, tap_pad, verb_base
from tests.helpers import ROOT

EXAMPLES = ROOT / "examples"


@pytest.mark.parametrize(
    ("verb", "base"),
    [("suggests", "suggest"), ("bets", "bet"), ("guesses", "guess"), ("wishes", "wish"), ("pass", "pass")],
)
def test_verb_base(verb: str, base: str) -> None:
    assert verb_base(verb) == base


def test_the_words_come_from_the_editions_rules() -> None:
    classic = PadWords.of(variants.get("classic").rules)
    assert (classic.suggest, classic.suggest_label, classic.accuse, classic.accuse_label) == (
        "suggests",
        "Suggest",
        "accuses",
        "Accuse",
    )
    assert not classic.clock
    vegas = PadWords.of(variants.get("lost-in-vegas").rules)
    assert (vegas.suggest, vegas.suggest_label, vegas.accuse, vegas.accuse_label) == (
        "bets",
        "Bet",
        "goes all in",
        "All-in",
    )
    assert vegas.clock
    # a variant file's own words: a verb the pad does not know stays 'accuses' under its label
    own = PadWords.of(EditionRules(suggest_word="asks", accusation_word="charge"))
    assert (own.suggest, own.suggest_label, own.accuse, own.accuse_label) == ("asks", "Ask", "accuses", "Charge")


def test_pad_of_a_log() -> None:
    log = parse_log((EXAMPLES / "lost-in-vegas-2p.clue").read_text(), None, EXAMPLES)
    pad = tap_pad(log, "game.clue")
    assert pad.players == ("Ann", "Ben") and pad.me == "Ben"
    assert pad.slots == ("Jail", "Hospital", "Magic Show", "Helicopter Landing")
    assert [c.id for c in pad.categories] == ["character", "action", "location"]
    assert pad.standing == "location"
    data = pad.to_json()
    assert data["suggest"] == "bets" and data["accuse"] == "goes all in" and data["key"] == "game.clue"
    assert data["myCards"] == list(log.header.my_cards)


ROUND_TRIPS = [
    "Ann suggests Mrs. Peacock, Wrench, Hall; Ben shows Wrench",
    "Ben suggests Mr. Green, Candlestick, Ballroom; Cat shows",
    "Ann suggests Mrs. Peacock, Knife, Hall; Ben passes; Cat shows Mrs. Peacock",
    "Dan suggests Miss Scarlet, Rope, Library; nobody shows",
    "Dan suggests Miss Scarlet, Rope, Library; Ann passes",
    "Cat accuses Miss Scarlet, Rope, Library; wrong",
    "Ben has Knife",
    "Ben has none of Knife, Rope",
    "Cat shows Ann Knife",
    "Cat shows Ben a card from Knife, Rope",
]


def _statement(draft: dict[str, object], suggest: str = "suggests") -> str:
    """What static/tap.js builds from a complete draft (its statement(), in Python for the test)."""
    who, cards = str(draft["who"]), ", ".join(draft["cards"])  # type: ignore[arg-type]
    kind = draft["kind"]
    if kind == "suggest":
        text = f"{who} {suggest} {cards}"
        if draft["nobody"]:
            return text + "; nobody shows"
        for player, what, card in draft["answers"]:  # type: ignore[attr-defined]
            text += f"; {player} passes" if what == "pass" else f"; {player} shows" + (f" {card}" if card else "")
        return text
    if kind == "accuse":
        return f"{who} accuses {cards}; {draft['result']}"
    if kind == "has":
        return f"{who} has {cards}"
    if kind == "none":
        return f"{who} has none of {cards}"
    if kind == "shown":
        named = len(draft["cards"]) == 1 and "Ann" in (who, draft["viewer"])  # type: ignore[arg-type]
        return f"{who} shows {draft['viewer']} " + (cards if named else f"a card from {cards}")
    raise AssertionError(kind)


@pytest.mark.parametrize("line", ROUND_TRIPS)
def test_a_recorded_line_as_the_pads_draft_reads_back_the_same(line: str) -> None:
    header = (EXAMPLES / "classic-4p.clue").read_text().split("\n\n")[0] + "\n\n"
    log = parse_log(header + line + "\n", None, None)
    draft = draft_of(log.events[0], log.players)
    again = parse_log(header + _statement(draft) + "\n", None, None)
    assert again.events == log.events
    assert format_event(again.events[0], again) == format_event(log.events[0], log)


def test_implied_passes_are_left_out_of_the_draft() -> None:
    header = (EXAMPLES / "classic-4p.clue").read_text().split("\n\n")[0] + "\n\n"
    log = parse_log(header + "Ann suggests Plum, Knife, Hall; Dan shows\n", None, None)
    draft = draft_of(log.events[0], log.players)
    assert draft["answers"] == [["Dan", "show", ""]]
    log = parse_log(header + "Ann suggests Plum, Knife, Hall; Ben passes; nobody shows\n", None, None)
    assert draft_of(log.events[0], log.players)["nobody"] is True


def test_rounds_and_looks_as_drafts() -> None:
    log = parse_log((EXAMPLES / "live-vegas-2p.clue").read_text(), None, EXAMPLES)
    kinds = [draft_of(e, log.players)["kind"] for e in log.events]
    assert kinds == ["looks", "suggest", "looks", "suggest", "round", "suggest", "suggest", "round"]
    first = draft_of(log.events[0], log.players)
    assert (first["who"], first["slot"], first["cards"]) == ("Ann", "Jail", ["Nathan Jade"])


def test_short_codes_never_cut_and_never_clash() -> None:
    assert short_codes(("Ann", "Ben", "Cat", "Dan", "Envelope")) == ("Ann", "Ben", "Cat", "Dan", "Env")
    assert short_codes(("Zoe", "Hotel key sleeve")) == ("Zoe", "HKS")
    codes = short_codes(("Ann", "Ben", "Hotel key sleeve", "Jail", "Hospital", "Magic Show", "Helicopter Landing"))
    assert codes == ("Ann", "Ben", "HKS", "Jail", "Hos", "MS", "HL")
    # names that share their first letters still get codes of their own
    codes = short_codes(("Alexandra", "Alexander", "Alex", "Envelope"))
    assert len(set(codes)) == 4 and codes[2] == "Alex"
    assert all(len(c) <= 9 for c in codes)
    # two-word names with the same initials
    codes = short_codes(("Magic Show", "Main Street", "Envelope"))
    assert len({c.casefold() for c in codes}) == 3
