"""Every suggestion ranked: the sampler is uniform, the vectorised scores equal the exact
counts, the best suggestion is never missed, and every ranking is sorted by its measure."""

from __future__ import annotations

import itertools
import json
from collections import Counter

import numpy as np
import pytest
from typer.testing import CliRunner

from cluesolver.cli import app
from cluesolver.clue.advice import suggestions as advisor
from cluesolver.clue.advice.scoring import score_all
from cluesolver.clue.engine.brute_force import deals
from cluesolver.clue.engine.covers import count_numpy as count
from cluesolver.clue.engine.sampler import DealSampler, deals_for
from cluesolver.clue.record.constraints import puzzle_of
from cluesolver.clue.record.events import GameLog
from cluesolver.clue.record.reader import parse_log
from tests.helpers import ROOT

DATA = ROOT / "tests" / "data"
ENDGAME = DATA / "advisor" / "classic-endgame.clue"
EXAMPLE = ROOT / "examples" / "contract-example.clue"


def tiny(events: str = "", me: str | None = "Ann", cards: str = "Red, Axe", players: str = "Ann, Ben, Cat") -> GameLog:
    head = f"game: tiny.toml\nplayers: {players}\n"
    if me:
        head += f"me: {me}\nmy cards: {cards}\n"
    return parse_log(head + "\n" + events, None, DATA / "live")


LOGS = [
    tiny(),
    tiny("Ben suggests Blue, Bow, Barn; Cat shows\n"),
    tiny("Ben suggests Blue, Bow, Barn; Cat shows\nCat suggests Gray, Bow, Cellar; Ann passes; Ben passes\n"),
    tiny("Ann suggests Blue, Bow, Barn; Ben shows Bow\nBen accuses Gray, Club, Cellar; wrong\n"),
    tiny("Ben suggests Blue, Club, Attic; Cat shows\n", me=None),
]


# ----------------------------------------------------------------------------- sampler


@pytest.mark.parametrize("log", LOGS)
def test_all_deals_are_the_consistent_deals(log: GameLog) -> None:
    puzzle = puzzle_of(log)
    counts = count(puzzle)
    listed = DealSampler(puzzle, counts).all_deals(10_000)
    assert listed is not None and listed.exact
    got = {tuple(listed.holders[h] for h in row) for row in listed.owner}
    want = {tuple(d[c] for c in puzzle.table.cards) for d in deals(puzzle)}
    assert got == want and listed.size == counts.deals


@pytest.mark.parametrize("log", LOGS)
def test_draws_are_uniform(log: GameLog) -> None:
    puzzle = puzzle_of(log)
    counts = count(puzzle)
    n = 20 * counts.deals + 2000
    drawn = DealSampler(puzzle, counts).sample(n, np.random.default_rng(7))
    seen = Counter(tuple(int(h) for h in row) for row in drawn.owner)
    assert len(seen) == counts.deals  # every deal drawn, nothing else
    p = 1 / counts.deals
    sd = (n * p * (1 - p)) ** 0.5
    assert all(abs(k - n * p) < 5 * sd for k in seen.values())


def test_sampled_marginals_match_the_exact_counts_on_a_classic_game() -> None:
    log = parse_log(EXAMPLE.read_text())
    puzzle = puzzle_of(log)
    counts = count(puzzle)
    n = 6000
    drawn = DealSampler(puzzle, counts).sample(n, np.random.default_rng(3))
    for ci, card in enumerate(drawn.cards):
        for hi, holder in enumerate(drawn.holders):
            p = counts.held[holder][card] / counts.deals
            share = float((drawn.owner[:, ci] == hi).mean())
            assert abs(share - p) <= 5 * (p * (1 - p) / n) ** 0.5 + 1e-12, (holder, card)


# ----------------------------------------------------------------------------- scores


@pytest.mark.parametrize("log", LOGS[:4])
@pytest.mark.parametrize("suggester", ["Ann", "Ben"])
def test_vectorised_scores_equal_the_exact_counts(log: GameLog, suggester: str) -> None:
    puzzle = puzzle_of(log)
    counts = count(puzzle)
    table = puzzle.table
    every = deals_for(puzzle, counts, exact_limit=10_000)
    assert every.exact
    pools = [np.array([table.cards.index(c) for c in cs]) for _, cs in table.categories]
    scores = score_all(every, table, suggester, suggester == log.header.me, pools)
    now = advisor.envelope_bits(counts, table.categories)
    assert scores.bits_now == pytest.approx(now)
    for m, combo in enumerate(itertools.product(*(cs for _, cs in table.categories))):
        assert tuple(table.cards[int(c)] for c in scores.candidates[m]) == combo
        exact = advisor._evaluate(puzzle, counts, log, suggester, combo, now)
        assert scores.env_gain[m] == pytest.approx(exact.expected_bits, abs=1e-9), combo
        assert scores.hand_gain[m] == pytest.approx(exact.expected_deal_bits, abs=1e-9), combo
        assert scores.settle[m] == pytest.approx(exact.settle_chance, abs=1e-9), combo
        assert scores.nobody[m] == pytest.approx(exact.nobody_shows, abs=1e-9), combo
        balanced = advisor._evaluate(puzzle, counts, log, suggester, combo, now, norm=2.0)
        assert scores.norm_gain[m] == pytest.approx(balanced.expected_norm_bits, abs=1e-9), combo
        assert scores.open_gain[m] == pytest.approx(balanced.expected_open, abs=1e-9), combo
        # norm 1 is the sum of the categories' entropies: the plain Gain
        assert exact.expected_norm_bits == pytest.approx(exact.expected_bits, abs=1e-9), combo


def _exact_best(log: GameLog, who: str) -> float:
    puzzle = puzzle_of(log)
    counts = count(puzzle)
    cats = puzzle.table.categories
    now = advisor.envelope_bits(counts, cats)
    settings = advisor.DEFAULTS
    weight = settings.hands_weight * now / sum(np.log2(len(cs)) for _, cs in cats)
    best = -np.inf
    for combo in itertools.product(*(cs for _, cs in cats)):
        a = advisor._evaluate(puzzle, counts, log, who, combo, now, settings.norm)
        best = max(
            best, advisor.measure(a.expected_norm_bits, a.expected_deal_bits, a.expected_open, 0.0, weight, settings)
        )
    return float(best)


@pytest.mark.parametrize("log", LOGS[:4])
def test_the_best_suggestion_is_never_missed(log: GameLog) -> None:
    best = _exact_best(log, "Ann")
    assert advisor.rank(log, player="Ann").advice[0].value == pytest.approx(best, abs=1e-9)
    # forced to sample: the exact re-count of the top few still finds the best
    sampled = advisor.rank(log, player="Ann", settings=advisor.AdvisorSettings(exact_limit=0, samples=4000, rescore=6))
    assert sampled.all_deals is False and sampled.rescored == 6
    assert sampled.advice[0].exact and sampled.advice[0].value == pytest.approx(best, abs=1e-9)


@pytest.mark.parametrize("room", [None, "Lounge"])
def test_rankings_are_sorted_by_their_measure(room: str | None) -> None:
    log = parse_log(EXAMPLE.read_text())
    ranking = advisor.rank(log, player="Ann", room=room, top=12)
    values = [a.value for a in ranking.advice]
    assert values == sorted(values, reverse=True)
    data = ranking.to_json()
    assert data["sorted_by"] == "value"
    rows = data["suggestions"]
    assert isinstance(rows, list) and [r["value"] for r in rows] == values


def test_classic_endgame_ranks_a_suggestion_worth_at_least_0_8_bits_first() -> None:
    out = CliRunner().invoke(app, ["clue", "next", "--file", str(ENDGAME), "--json"])
    assert out.exit_code == 0, out.output
    data = json.loads(out.output)
    assert data["player"] == "Ben" and data["candidates"] == 324 == data["evaluated"]
    first = data["suggestions"][0]
    assert first["expected_bits"] >= 0.8
    assert [r["value"] for r in data["suggestions"]] == sorted((r["value"] for r in data["suggestions"]), reverse=True)
