"""Suggestion advice: each suggestion's outcomes and expected information against brute
force, the ranking with and without a room, and which category is the room."""

from __future__ import annotations

import itertools
import math
from collections import defaultdict

import pytest

from cluesolver.clue.advice import suggestions as advisor
from cluesolver.clue.analysis.report import analyse
from cluesolver.clue.engine.brute_force import deals
from cluesolver.clue.record.constraints import ENVELOPE, puzzle_of
from cluesolver.clue.record.events import GameLog
from cluesolver.clue.record.reader import parse_log
from rulesref.core.errors import InputError
from tests.helpers import ROOT, tiny_log

EXAMPLE = ROOT / "examples" / "contract-example.clue"


def _brute_force(log: GameLog, suggester: str, cards: tuple[str, ...]) -> tuple[dict, float]:
    """Outcome probabilities and expected envelope bits after the answer, by listing deals.

    The shower picks uniformly among the suggested cards they hold; what is learnt is what
    the log records: the players before the shower hold none of the cards, the shower
    holds the card shown (or one of them, unseen), or nobody holds any.
    """
    puzzle = puzzle_of(log)
    me = log.header.me
    players = list(log.players)
    i = players.index(suggester)
    order = [players[(i + k) % len(players)] for k in range(1, len(players))]
    all_deals = list(deals(puzzle))
    weight: dict[tuple, float] = defaultdict(float)
    for d in all_deals:
        for k in order:
            have = [c for c in cards if d[c] == k]
            if have:
                if suggester == me and k != me:
                    for c in have:
                        weight[(k, c)] += 1 / len(have)
                else:
                    weight[(k, None)] += 1
                break
        else:
            weight[(None, None)] += 1
    probs = {k: w / len(all_deals) for k, w in weight.items()}

    def agrees(d: dict[str, str], key: tuple) -> bool:
        shower, card = key
        before = order if shower is None else order[: order.index(shower)]
        if any(d[c] == p for p in before for c in cards):
            return False
        if shower is None:
            return True
        return d[card] == shower if card is not None else any(d[c] == shower for c in cards)

    cats = [cat.cards for cat in log.variant.categories]
    expected_after = 0.0
    for key in weight:
        posterior = [d for d in all_deals if agrees(d, key)]
        bits = 0.0
        for cs in cats:
            for c in cs:
                p = sum(1 for d in posterior if d[c] == ENVELOPE) / len(posterior)
                if p > 0:
                    bits -= p * math.log2(p)
        expected_after += probs[key] * bits
    return probs, expected_after


CASES = [
    ("", "Ann"),
    ("Ben suggests Blue, Bow, Barn; Cat shows\n", "Ann"),
    ("Ben suggests Blue, Bow, Barn; Cat shows\nCat suggests Gray, Bow, Cellar; Ann passes; Ben passes\n", "Ann"),
    ("Ann suggests Blue, Bow, Barn; Ben shows Bow\n", "Ben"),
]


@pytest.mark.parametrize("events,suggester", CASES)
def test_suggestion_values_match_brute_force(events: str, suggester: str) -> None:
    log = tiny_log(events)
    report = analyse(log)
    from cluesolver.clue.engine.covers import count_numpy as count

    counts = count(puzzle_of(log))
    now = advisor.envelope_bits(counts, puzzle_of(log).table.categories)
    for cards in itertools.product(*(cat.cards for cat in log.variant.categories)):
        got = advisor._evaluate(puzzle_of(log), counts, log, suggester, cards, now)
        probs, expected_after = _brute_force(log, suggester, cards)
        got_probs = {(o.shower, o.card): o.probability for o in got.outcomes}
        assert got_probs.keys() == probs.keys(), cards
        for key, p in probs.items():
            assert got_probs[key] == pytest.approx(p, abs=1e-12), (cards, key)
        assert got.expected_bits == pytest.approx(now - expected_after, abs=1e-9), cards
    assert report.consistent


def test_rank_orders_by_value_and_respects_the_room() -> None:
    log = parse_log(EXAMPLE.read_text())
    ranking = advisor.rank(log, player="Ann", room="Lounge", top=4)
    assert ranking.player == "Ann" and ranking.room == "Lounge"
    assert ranking.candidates == 36 and ranking.evaluated == 36
    assert all(a.cards[2] == "Lounge" for a in ranking.advice)
    values = [a.value for a in ranking.advice]
    assert values == sorted(values, reverse=True)
    for a in ranking.advice:
        assert sum(o.probability for o in a.outcomes) == pytest.approx(1.0)
        assert 0 <= a.settle_chance <= 1
    suggestions = ranking.to_json()["suggestions"]
    assert isinstance(suggestions, list) and suggestions[0]["cards"] == list(ranking.advice[0].cards)


def test_rank_without_a_room_scores_every_suggestion() -> None:
    log = parse_log(EXAMPLE.read_text())
    ranking = advisor.rank(log, player="Ann", top=3)
    assert ranking.candidates == 6 * 6 * 9 == ranking.evaluated
    assert len(ranking.advice) == 3


def test_match_room_refuses_a_weapon() -> None:
    log = parse_log(EXAMPLE.read_text())
    assert advisor.match_room(log, "lounge") == "Lounge"
    with pytest.raises(InputError, match="not a room"):
        advisor.match_room(log, "Knife")


def test_room_category_of_lost_in_vegas_is_location() -> None:
    log = parse_log("game: lost-in-vegas\nplayers: Ann, Ben, Cat\n")
    assert advisor.room_category(log) == "location"
