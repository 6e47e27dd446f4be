"""Every whole envelope's deals from one forward run of the card-by-card programme.

:func:`cluesolver.clue.engine.envelope.solutions` reads the joint from :meth:`DealDP.envelopes`
(some categories fixed along a batch axis, the others kept as labels, interchangeable
cards told apart only once, wrong accusations dropped afterwards).  It must give exactly
the deals of counting each whole envelope on its own: against the enumerator on small
random tables, and against the count per partial envelope on real editions.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cluesolver.clue import variants
from cluesolver.clue.engine import covers
from cluesolver.clue.engine.brute_force import enumerate_counts
from cluesolver.clue.engine.deal_state import propagate, setup
from cluesolver.clue.engine.dp import WRAP_LIMIT, DealDP, Split
from cluesolver.clue.engine.envelope import JointLimits, solutions
from cluesolver.clue.engine.results import Counts
from cluesolver.clue.engine.small import SmallLimits
from cluesolver.clue.record.constraints import (
    ENVELOPE,
    AtLeastOne,
    Constraint,
    Has,
    Lacks,
    NotEnvelope,
    Puzzle,
    Table,
    puzzle_of,
)
from cluesolver.clue.record.simulate import random_log

NO_WALK = SmallLimits(max_steps=1)  # the small programme gives up: the main engine answers


@st.composite
def tables_with_clues(draw: st.DrawFn) -> Puzzle:
    """A small table (two or three categories, some with twin cards) and clues about it."""
    sizes = draw(st.lists(st.integers(1, 4), min_size=2, max_size=3))
    cats = tuple((f"k{k}", tuple(f"k{k}c{i}" for i in range(m))) for k, m in enumerate(sizes))
    cards = tuple(c for _, cs in cats for c in cs)
    players = tuple(f"p{i}" for i in range(draw(st.integers(1, 3))))
    dealt = len(cards) - len(cats)
    slots = ("table:A",) if dealt >= 2 and draw(st.booleans()) else ()
    dealt -= len(slots)
    cuts = sorted(draw(st.lists(st.integers(0, dealt), min_size=len(players) - 1, max_size=len(players) - 1)))
    table = Table(cards, cats, players, tuple(b - a for a, b in zip([0, *cuts], [*cuts, dealt])), slots)
    clues: list[Constraint] = []
    for kind in draw(st.lists(st.sampled_from(["has", "lacks", "one", "accused"]), max_size=8)):
        if kind == "has":
            clues.append(Has(draw(st.sampled_from(table.holders)), draw(st.sampled_from(cards))))
        elif kind == "lacks":
            clues.append(Lacks(draw(st.sampled_from(table.holders)), draw(st.sampled_from(cards))))
        elif kind == "one":
            some = draw(st.lists(st.sampled_from(cards), min_size=1, max_size=3, unique=True))
            clues.append(AtLeastOne(draw(st.sampled_from(players + slots)), tuple(some)))
        else:
            clues.append(NotEnvelope(tuple(draw(st.sampled_from(cs)) for _, cs in cats)))
    return Puzzle(table, tuple(clues))


def _each_envelope(
    puzzle: Puzzle, count: Callable[[Puzzle], Counts] = enumerate_counts
) -> list[tuple[tuple[str, ...], int]]:
    """Every whole envelope counted on its own (by ``count``), most likely first."""
    out = []
    for combo in itertools.product(*(cs for _, cs in puzzle.table.categories)):
        fixed = Puzzle(puzzle.table, puzzle.constraints + tuple(Has(ENVELOPE, c) for c in combo))
        n = count(fixed).deals
        if n:
            out.append((combo, n))
    out.sort(key=lambda s: (-s[1], s[0]))
    return out


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tables_with_clues())
def test_joint_matches_the_enumerator(puzzle: Puzzle) -> None:
    counts = enumerate_counts(puzzle)
    got = solutions(puzzle, counts, limit=10**6, small=NO_WALK)
    assert got is not None
    assert [(s.cards, s.deals) for s in got] == _each_envelope(puzzle)
    assert sum(s.deals for s in got) == counts.deals


@pytest.mark.parametrize(
    ("edition", "players", "turns", "seed", "accusations"),
    [
        ("master-detective", 6, 12, 2, False),
        ("master-detective", 5, 10, 7, False),
        ("classic", 5, 16, 8, True),
        ("lost-in-vegas", 3, 10, 2, True),
    ],
)
def test_every_split_and_both_arithmetics_give_the_same_joint(
    edition: str, players: int, turns: int, seed: int, accusations: bool
) -> None:
    """Batched or labelled, one wrapping pass or the prime pass and the CRT: the same deals,
    adding up to every deal of the log without its wrong accusations."""
    log, _ = random_log(variants.get(edition), players, turns, random.Random(seed), accusations=accusations)
    puzzle = puzzle_of(log)
    state = setup(puzzle)
    propagate(state)
    state.not_env = []
    free = state.free()
    open_env = [h for h in range(state.n_players, state.n_players + state.n_cats) if free[h] > 0]
    answers = []
    for r in range(len(open_env) + 1):
        for batched in itertools.combinations(open_env, r):
            split = Split(batched, tuple(h for h in open_env if h not in batched))
            for wrap_limit in (WRAP_LIMIT, 1) if r == 1 else (WRAP_LIMIT,):
                dp = DealDP(state, wrap_limit=wrap_limit, polish=False, split=split)
                order = [*dp.batched, *dp.labelled]
                answers.append({tuple(sorted(zip(order, key))): n for key, n in dp.envelopes().items()})
    assert all(a == answers[0] for a in answers)
    unaccused = Puzzle(puzzle.table, tuple(c for c in puzzle.constraints if not isinstance(c, NotEnvelope)))
    assert sum(answers[0].values()) == covers.count_numpy(unaccused).deals


@pytest.mark.parametrize(
    ("edition", "players", "turns", "seed", "accusations"),
    [
        ("master-detective", 6, 12, 2, False),
        ("master-detective", 6, 20, 5, False),
        ("master-detective", 4, 16, 3, False),
        ("classic", 6, 18, 3, True),
        ("lost-in-vegas", 3, 10, 2, True),
    ],
)
def test_joint_and_partial_envelope_counts_agree(
    edition: str, players: int, turns: int, seed: int, accusations: bool
) -> None:
    """The whole list from one programme is the list of one count per partial envelope
    (and, where it is small, of one count per whole envelope)."""
    log, deal = random_log(variants.get(edition), players, turns, random.Random(seed), accusations=accusations)
    puzzle = puzzle_of(log)
    counts = covers.count_numpy(puzzle, "dp")
    joint = solutions(puzzle, counts, limit=10**6, small=NO_WALK)
    partial = solutions(puzzle, counts, limit=10**6, small=NO_WALK, joint=None)
    assert joint is not None and joint == partial
    assert sum(s.deals for s in joint) == counts.deals
    assert any(set(s.cards) == set(deal.envelope()) for s in joint)
    if len(joint) <= 60:
        assert [(s.cards, s.deals) for s in joint] == _each_envelope(puzzle, lambda p: covers.count_numpy(p, "dp"))


def test_past_the_budget_the_partial_envelopes_are_counted() -> None:
    log, _ = random_log(variants.get("master-detective"), 6, 12, random.Random(2), accusations=False)
    puzzle = puzzle_of(log)
    counts = covers.count_numpy(puzzle)
    tiny = JointLimits(max_work=1.0)
    assert solutions(puzzle, counts, limit=10**6, small=NO_WALK, joint=tiny) == solutions(
        puzzle, counts, limit=10**6, small=NO_WALK, joint=None
    )
