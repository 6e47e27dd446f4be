"""The threat's exact test of an opponent's notebook: a search for one deal with another
envelope (:class:`cluesolver.clue.engine.feasible.Feasibility`) must give the answer of the
exact count it replaces, on every notebook the cheap tests leave open."""

from __future__ import annotations

import random
from typing import Any

import pytest

import cluesolver.clue.advice.threat as T
from cluesolver.clue import variants
from cluesolver.clue.engine import count_once
from cluesolver.clue.engine.feasible import Feasibility
from cluesolver.clue.record.constraints import ENVELOPE, Constraint, Has, Lacks, Puzzle, puzzle_of
from cluesolver.clue.record.events import GameLog
from cluesolver.clue.record.simulate import random_log


@pytest.mark.parametrize(
    ("edition", "players", "seed", "turns"),
    [
        ("master-detective", 6, 1, 30),
        ("master-detective", 6, 2, 45),
        ("master-detective", 5, 0, 45),
        ("master-detective", 5, 5, 45),
        ("classic", 4, 0, 30),
        ("classic", 6, 2, 30),
    ],
)
def test_every_notebook_searched_is_decided_as_the_exact_count_decides(
    edition: str, players: int, seed: int, turns: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    full, _ = random_log(variants.get(edition), players, turns + 1, random.Random(seed), accusations=False)
    log = GameLog(full.header, full.variant, full.events[:-1])
    searched = [0]  # notebooks the search was asked about (and answered)
    real_search = Feasibility.has_deal

    def search(self: Feasibility, extra: list[Constraint], *args: Any, **kwargs: Any) -> bool | None:
        got = real_search(self, extra, *args, **kwargs)
        searched[0] += got is not None
        return got

    decided: list[tuple[str, tuple[str, ...], list[tuple[str, str]], tuple[tuple[str, str], ...], bool, bool]] = []
    real_certain = T._certain

    def certain(
        j: str,
        deal: T._Deal,
        public: T._Public,
        seen: list[tuple[str, str]],
        hand: tuple[str, ...],
        slots: tuple[tuple[str, str], ...],
        *rest: object,
    ) -> bool | None:
        before = searched[0]
        got = real_certain(j, deal, public, seen, hand, slots, *rest)  # type: ignore[arg-type]
        if got is not None:
            decided.append((j, hand, list(seen), slots, got, searched[0] > before))
        return got

    monkeypatch.setattr(Feasibility, "has_deal", search)
    monkeypatch.setattr(T, "_certain", certain)
    T.threats(log, samples=80, seed=seed, max_counts=10**6)
    assert searched[0]  # the search answered at least once
    table = puzzle_of(log).table
    public = T._Public.of(T._public(log)[0]).constraints
    by_search = [d for d in decided if d[5]]
    for j, hand, seen, slots, got, _ in by_search[:40] + [d for d in decided if not d[5]][:10]:
        mine: list[Constraint] = [Has(j, c) for c in hand]
        mine += [Lacks(j, c) for c in table.cards if c not in hand]
        mine += [Has(k, c) for k, c in seen] + [Has(h, c) for h, c in slots]
        counts = count_once(Puzzle(table, public + tuple(mine)))
        env = counts.held[ENVELOPE]
        single = counts.deals > 0 and all(sum(1 for c in cs if env[c] > 0) == 1 for _, cs in table.categories)
        assert got == single, (j, hand, seen)
