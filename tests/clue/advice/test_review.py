"""The review of a game: certain_at against ``replay --at``, each suggestion against the
advisor's own scores, the accusation moments, spectator logs and contradictions."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from cluesolver.clue.advice.review import review
from cluesolver.clue.advice.suggestions import DEFAULTS, envelope_bits, rank
from cluesolver.clue.analysis.report import replay
from cluesolver.clue.engine import count
from cluesolver.clue.record.constraints import puzzle_of
from cluesolver.clue.record.events import Accusation, GameLog, Suggestion
from cluesolver.clue.record.reader import read_log
from cluesolver.clue.record.simulate import random_log
from cluesolver.clue.variants import get, load_file
from rulesref.core.i18n import speaking
from tests.helpers import DATA, ROOT, tiny_log

BUNDLED = ["classic-4p.clue", "cluedo-3p.clue", "live-classic-game.clue", "our-vegas-box.clue", "live-vegas-2p.clue"]


def first_named(log: GameLog) -> int | None:
    """The first file line where ``replay --at LINE`` names every category."""
    last = log.events[-1].line if log.events else 1
    for at in range(1, last + 1):
        if replay(log, (), at).report.solved():
            return at
    return None


def _games() -> list[GameLog]:
    rng = random.Random(11)
    tiny = load_file(DATA / "live" / "tiny.toml")
    games = [random_log(tiny, 3, 12, rng)[0] for _ in range(3)]
    games += [random_log(get("classic"), 3, 30, rng, accusations=False)[0]]
    return games


def test_a_suggestion_naming_its_cards_out_of_order_is_scored_as_in_order() -> None:
    """'Ann suggests Mustard, Conservatory, Knife' (the natural 'Mustard in the conservatory
    with the knife', or Estonian 'Mustard talveaias pistodaga') is the same suggestion: the
    review used to look it up in the typed order and crashed (IndexError)."""
    ordered = "Ann suggests Blue, Bow, Barn; Ben shows Bow\nBen suggests Red, Club, Attic; Cat shows\n"
    shuffled = "Ann suggests Barn, Blue, Bow; Ben shows Bow\nBen suggests Red, Club, Attic; Cat shows\n"
    want, got = review(tiny_log(ordered)).players[0].suggestions, review(tiny_log(shuffled)).players[0].suggestions
    assert [(s.gain_bits, s.best_bits, s.learned_bits) for s in got] == [
        (s.gain_bits, s.best_bits, s.learned_bits) for s in want
    ]
    assert got[0].cards == ("Barn", "Blue", "Bow")


@pytest.mark.parametrize("name", BUNDLED)
def test_certain_at_is_where_replay_first_names_the_envelope(name: str) -> None:
    log = read_log(ROOT / "examples" / name)
    got = review(log)
    assert got.certain_at == first_named(log)
    mine = [e for e in log.events if isinstance(e, Suggestion) and e.suggester == log.header.me]
    entries = got.players[0].suggestions
    assert [s.line for s in entries] == [e.line for e in mine]
    assert all(s.best_bits >= s.gain_bits and s.best_bits >= s.room_best_bits >= s.gain_bits for s in entries)


def test_random_games_certain_at_and_one_entry_per_own_suggestion() -> None:
    named = 0
    for log in _games():
        got = review(log)
        assert got.certain_at == first_named(log)
        named += got.certain_at is not None
        me = log.header.me
        assert [s.line for s in got.players[0].suggestions] == [
            e.line for e in log.events if isinstance(e, Suggestion) and e.suggester == me
        ]
        if got.certain_at is not None and got.players[0].accuse_advised_at is not None:
            assert got.players[0].accuse_advised_at <= got.certain_at
    assert named >= 2  # the check is about lines where the envelope does get named


def test_gain_and_best_are_the_advisors_scores_and_learned_is_what_happened() -> None:
    log = tiny_log(
        "Ann suggests Blue, Bow, Barn; Ben shows Bow\n"
        "Ben suggests Red, Club, Attic; Cat shows\n"
        "Cat suggests Gray, Axe, Cellar; Ann shows Axe\n"
        "Ann suggests Gray, Club, Cellar; Ben passes; Cat shows Cellar\n"
    )
    got = review(log).players[0].suggestions
    assert [s.line for s in got] == [6, 9]
    for s in got:
        before = log.upto(s.line - 1)
        ranking = rank(before, player="Ann", top=27, settings=replace(DEFAULTS, rescore=0))
        gains = {a.cards: a.expected_bits for a in ranking.advice}
        assert ranking.all_deals and s.exact
        assert s.gain_bits == pytest.approx(gains[s.cards])
        assert s.best_bits == pytest.approx(max(gains.values()))
        assert gains[s.best_cards] == pytest.approx(s.best_bits)
        cats = puzzle_of(log).table.categories
        was = envelope_bits(count(puzzle_of(before)), cats)
        assert s.learned_bits == pytest.approx(was - envelope_bits(count(puzzle_of(log.upto(s.line))), cats))
    with speaking("en"):  # the sentence is in the language spoken: pinned whatever the locale
        assert got[1].sentence().startswith("Line 9: Ann suggests Gray, Club, Cellar: expected ")


def test_accusations_and_the_moment_accuse_would_have_said_so() -> None:
    log = tiny_log(
        "Ann suggests Blue, Bow, Barn; Ben passes; Cat passes\n"  # nobody holds them: Blue, Bow, Barn are not dealt out
        "Ben suggests Red, Club, Attic; Cat shows\n"
        "Cat suggests Gray, Axe, Cellar; Ann shows Axe\n"
        "Ann accuses Blue, Bow, Barn; correct\n"
    )
    got = review(log)
    assert got.certain_at == 6
    mine = got.players[0]
    assert mine.accuse_advised_at == 6 and mine.accused_at == 9 and mine.accusation_correct is True
    data = got.to_json()
    assert data["certain_at"] == 6 and data["accused_at"] == 9 and data["accuse_advised_at"] == 6
    assert [s["line"] for s in data["suggestions"]] == [6]  # type: ignore[attr-defined]


def test_spectator_logs_review_every_player_from_public_information() -> None:
    log = read_log(ROOT / "examples" / "spectator-3p.clue")
    got = review(log)
    assert got.player is None and [p.player for p in got.players] == list(log.players)
    for p in got.players:
        assert [s.line for s in p.suggestions] == [
            e.line for e in log.events if isinstance(e, Suggestion) and e.suggester == p.player
        ]
        assert all(s.best_bits >= s.gain_bits for s in p.suggestions)
    data = got.to_json()
    assert data["spectator"] is True and "accused_at" not in data
    assert len(data["suggestions"]) == sum(isinstance(e, Suggestion) for e in log.events)  # type: ignore[arg-type]


def test_a_contradiction_stops_the_review_at_its_line() -> None:
    log = tiny_log("Ann suggests Blue, Bow, Barn; Ben shows Bow\nBen has none of Bow\nAnn suggests Gray, Club, Cellar")
    got = review(log)
    assert got.contradiction_at == 7
    assert [s.line for s in got.players[0].suggestions] == [6]


def test_a_game_with_a_wrong_accusation_stops_the_advice_for_that_player() -> None:
    log = tiny_log("Ann suggests Blue, Bow, Barn; Ben shows Bow\nAnn accuses Blue, Club, Barn; wrong")
    mine = review(log).players[0]
    assert mine.accused_at == 7 and mine.accusation_correct is False
    assert isinstance(log.events[-1], Accusation)
