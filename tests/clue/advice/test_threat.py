"""Opponent threat against brute force: every deal, every card a shower could pick, and
every deal the opponent's own notebook allows, listed on a tiny edition."""

from __future__ import annotations

import itertools

import pytest

from cluesolver.clue.advice.threat import threats
from cluesolver.clue.engine.brute_force import deals
from cluesolver.clue.record.constraints import (
    ENVELOPE,
    AtLeastOne,
    Constraint,
    Has,
    Lacks,
    NotEnvelope,
    Puzzle,
    puzzle_of,
)
from cluesolver.clue.record.events import Accusation, GameLog, Suggestion
from cluesolver.clue.record.reader import parse_log
from tests.helpers import ROOT

DATA = ROOT / "tests" / "data" / "live"


def tiny(events: str, players: str = "Ann, Ben, Cat", cards: str = "Red, Axe") -> GameLog:
    head = f"game: tiny.toml\nplayers: {players}\nme: Ann\nmy cards: {cards}\n\n"
    return parse_log(head + events, None, DATA)


def brute_force(log: GameLog, j: str) -> float:
    """The share of (deal, picks) in which j's notebook leaves one envelope."""
    puzzle = puzzle_of(log)
    table = puzzle.table
    public: list[Constraint] = []
    shown: list[tuple[str, tuple[str, ...], str | None]] = []
    for e in log.events:
        if isinstance(e, Suggestion):
            for r in e.replies:
                if r.passes:
                    public.extend(Lacks(r.player, c) for c in e.cards)
                else:
                    public.append(AtLeastOne(r.player, e.cards))
                    if e.suggester == j:
                        shown.append((r.player, e.cards, r.card))
        elif isinstance(e, Accusation) and not e.correct:
            public.append(NotEnvelope(e.cards))
    total = 0.0
    mine = list(deals(puzzle))
    for d in mine:
        options = [[card] if card else [c for c in cards if d[c] == k] for k, cards, card in shown]
        picks = list(itertools.product(*options))
        hits = 0
        for pick in picks:
            hand = [c for c in table.cards if d[c] == j]
            view = list(public) + [Has(j, c) for c in hand] + [Lacks(j, c) for c in table.cards if c not in hand]
            view += [Has(k, c) for (k, _, _), c in zip(shown, pick)]
            envelopes = {tuple(c for c in table.cards if v[c] == ENVELOPE) for v in deals(Puzzle(table, tuple(view)))}
            hits += len(envelopes) == 1
        total += hits / len(picks)
    return total / len(mine)


LOGS = [
    tiny(""),
    tiny("Ben suggests Blue, Bow, Barn; Cat shows\nBen suggests Red, Club, Barn; Cat passes; Ann shows Red\n"),
    tiny("Ben suggests Blue, Bow, Barn; Cat shows\nBen suggests Gray, Club, Cellar; Cat shows\n"),
    tiny(
        "Cat suggests Blue, Bow, Barn; Ann passes; Ben shows\nCat suggests Gray, Club, Attic; Ann passes; Ben passes\n"
    ),
    tiny("Ben suggests Gray, Bow, Attic; Cat passes; Ann passes\nCat accuses Blue, Club, Cellar; wrong\n"),
]


@pytest.mark.parametrize("log", LOGS)
def test_threat_matches_brute_force(log: GameLog) -> None:
    got = {t.player: t for t in threats(log)}
    assert set(got) == {"Ben", "Cat"}
    for j, t in got.items():
        assert t.exact
        if t.out:
            assert t.probability == 0.0
            continue
        assert t.probability == pytest.approx(brute_force(log, j), abs=1e-12), j


def test_a_player_out_is_no_threat_and_json_names_the_figure() -> None:
    got = {t.player: t for t in threats(LOGS[4])}
    assert got["Cat"].out and got["Cat"].probability == 0.0
    data = got["Ben"].to_json()
    assert set(data) == {"player", "can_name_envelope", "out", "deals", "exact", "lower_bound"}


def _notebook_allows(moved: dict[str, str], public: list[Constraint], seen: set[tuple[str, str]]) -> bool:
    """Brute force: the whole deal ``moved`` keeps every public fact and what ``j`` saw."""
    for con in public:
        if isinstance(con, Lacks) and moved[con.card] == con.holder:
            return False
        if isinstance(con, Has) and moved[con.card] != con.holder:
            return False
        if isinstance(con, AtLeastOne) and con.holder != ENVELOPE and all(moved[c] != con.holder for c in con.cards):
            return False
        if isinstance(con, NotEnvelope) and all(moved[c] == ENVELOPE for c in con.cards):
            return False
    return all(moved[c] == k for k, c in seen)


@pytest.mark.parametrize("seed", range(12))
def test_every_exchange_found_is_a_deal_the_opponent_cannot_rule_out(
    seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The cheap tests' alternative deals (one swap, a cycle of three cards, a swap and a
    trade) keep every fact the opponent knows, their hand and hand sizes, and change the
    envelope; and a notebook they call uncertain is uncertain by an exact count."""
    import random

    import cluesolver.clue.advice.threat as T
    from cluesolver.clue import variants
    from cluesolver.clue.engine import count_once
    from cluesolver.clue.record.simulate import random_log

    found: list[tuple[dict[str, str], dict[str, str], str, set[tuple[str, str]], T._Public]] = []
    real_valid = T._valid
    current = [""]  # the opponent whose notebook is being tested

    def spy(moves: dict[str, str], deal: T._Deal, public: T._Public, seen: set[tuple[str, str]]) -> bool:
        ok = real_valid(moves, deal, public, seen)
        if ok:
            found.append((moves, deal.owner, current[0], seen, public))
        return ok

    monkeypatch.setattr(T, "_valid", spy)
    rng = random.Random(seed)
    log, _ = random_log(variants.get("classic"), rng.choice([3, 4, 5]), rng.randint(6, 20), rng, accusations=True)
    uncertain: list[tuple[str, tuple[str, ...], tuple[tuple[str, str], ...], T._Public]] = []
    real_certain = T._certain

    def watch(j: str, deal: T._Deal, public: T._Public, seen: list[tuple[str, str]], *rest: object) -> bool:
        current[0] = j
        got = real_certain(j, deal, public, seen, *rest)  # type: ignore[arg-type]
        if not got:
            uncertain.append((j, deal.hands.get(j, ()), tuple(seen), public))
        return got

    monkeypatch.setattr(T, "_certain", watch)
    T.threats(log, samples=60, max_counts=10**6)
    puzzle = puzzle_of(log)
    for moves, owner, j, seen, public in found:
        moved = {**owner, **moves}
        assert sorted(moved.values()) == sorted(owner.values())  # the same hand sizes
        assert any(owner[c] == ENVELOPE for c in moves)  # the envelope changed
        assert all(owner[c] != j and h != j for c, h in moves.items())  # the opponent's hand stays
        assert _notebook_allows(moved, list(public.constraints), seen)
    for j, hand, seen_facts, public in uncertain[:15]:
        mine: list[Constraint] = [Has(j, c) for c in hand]
        mine += [Lacks(j, c) for c in puzzle.table.cards if c not in hand]
        mine += [Has(k, c) for k, c in seen_facts]
        got = count_once(Puzzle(puzzle.table, public.constraints + tuple(mine)))
        env = got.held[ENVELOPE]
        assert sum(1 for c in puzzle.table.cards if env[c] > 0) > len(puzzle.table.categories)
