"""An opponent's chance of naming the envelope by the end of their next turn
(:func:`cluesolver.clue.advice.threat.next_turn_threats`) against brute force on a tiny
edition: every deal, every card a shower could pick, every suggestion a careful player
could make next and every card its answer could show, and every deal the opponent's
notebook then allows."""

from __future__ import annotations

import itertools

import pytest

from cluesolver.clue.advice.threat import next_turn_threats, threats
from cluesolver.clue.engine.brute_force import deals
from cluesolver.clue.record.constraints import ENVELOPE, AtLeastOne, Constraint, Has, Lacks, Puzzle, puzzle_of
from cluesolver.clue.record.events import GameLog, Suggestion
from tests.clue.advice.test_threat import LOGS


def brute_force(log: GameLog, j: str) -> float:
    puzzle = puzzle_of(log)
    table = puzzle.table
    public: list[Constraint] = []
    shown: list[tuple[str, tuple[str, ...], str | None]] = []
    for e in log.events:
        assert isinstance(e, Suggestion)
        for r in e.replies:
            if r.passes:
                public.extend(Lacks(r.player, c) for c in e.cards)
            else:
                public.append(AtLeastOne(r.player, e.cards))
                if e.suggester == j:
                    shown.append((r.player, e.cards, r.card))
    i = log.players.index(j)
    order = [log.players[(i + k) % len(log.players)] for k in range(1, len(log.players))]
    mine = list(deals(puzzle))
    total = 0.0
    for d in mine:
        hand = [c for c in table.cards if d[c] == j]
        options = [[card] if card else [c for c in cards if d[c] == k] for k, cards, card in shown]
        picks = list(itertools.product(*options))
        for pick in picks:
            seen = [(k, c) for (k, _, _), c in zip(shown, pick)]
            known = set(hand) | {c for _, c in seen}
            open_ = [[c for c in cs if c not in known] or list(cs) for _, cs in table.categories]
            suggestions = list(itertools.product(*open_))
            for cards in suggestions:
                new: list[Constraint] = []
                shows: list[tuple[str, str] | None] = [None]
                for k in order:
                    held = [c for c in cards if d[c] == k]
                    if not held:
                        new.extend(Lacks(k, c) for c in cards)
                        continue
                    new.append(AtLeastOne(k, cards))
                    shows = [(k, c) for c in held]
                    break
                for show in shows:
                    view = [*public, *new, *(Has(j, c) for c in hand)]
                    view += [Lacks(j, c) for c in table.cards if c not in hand]
                    view += [Has(k, c) for k, c in [*seen, *([show] if show else [])]]
                    envelopes = {
                        tuple(c for c in table.cards if v[c] == ENVELOPE) for v in deals(Puzzle(table, tuple(view)))
                    }
                    total += (len(envelopes) == 1) / len(shows) / len(suggestions) / len(picks)
    return total / len(mine)


@pytest.mark.parametrize("log", LOGS[:4])
def test_the_chance_by_the_end_of_the_next_turn_matches_brute_force(log: GameLog) -> None:
    got = {t.player: t for t in next_turn_threats(log, max_counts=10**6, every=10**6)}
    now = {t.player: t.probability for t in threats(log)}
    assert set(got) == {"Ben", "Cat"}
    for j, t in got.items():
        assert t.exact and not t.lower_bound
        assert t.probability == pytest.approx(brute_force(log, j), abs=1e-12), j
        assert t.probability >= now[j] - 1e-12


def test_a_player_out_is_no_threat_next_turn_either() -> None:
    got = {t.player: t for t in next_turn_threats(LOGS[4])}
    assert got["Cat"].out and got["Cat"].probability == 0.0
    assert 0.0 <= got["Ben"].probability <= 1.0


def test_one_way_drawn_per_deal_is_marked_as_an_estimate() -> None:
    got = {t.player: t for t in next_turn_threats(LOGS[1])}
    assert not got["Ben"].exact and got["Ben"].deals > 0
