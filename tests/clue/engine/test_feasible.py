"""Whether any deal is left, by a search for one deal (``clue why``'s test per part of the log).

:func:`cluesolver.clue.engine.feasible.has_deal` must say exactly whether the count is positive,
or give up (``None``) past its budget; ``clue why`` relies on it to find forcing lines
without counting (and, on a classic table, without numpy).
"""

from __future__ import annotations

import random
import subprocess
import sys

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cluesolver.clue import variants
from cluesolver.clue.engine.brute_force import enumerate_counts
from cluesolver.clue.engine.covers import count_numpy as count
from cluesolver.clue.engine.feasible import Feasibility, has_deal
from cluesolver.clue.record.constraints import Has, Lacks, Puzzle, puzzle_of
from cluesolver.clue.record.simulate import random_log
from tests.clue.engine.strategies import puzzles

UNLIMITED = 10**9


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(puzzles())
def test_has_deal_is_whether_the_enumerator_finds_one(puzzle: Puzzle) -> None:
    assert has_deal(puzzle, UNLIMITED) == (enumerate_counts(puzzle).deals > 0)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.sampled_from(["classic", "master-detective", "clue-2016", "lost-in-vegas"]),
    st.integers(0, 10**6),
    st.integers(3, 6),
    st.integers(0, 24),
)
def test_has_deal_on_parts_of_honest_logs(edition: str, seed: int, players: int, turns: int) -> None:
    """Parts of real logs with a fact's opposite added, as ``clue why`` asks them: the
    answer is the engine's (deals left or not) whenever the search answers."""
    rng = random.Random(seed)
    log, _ = random_log(variants.get(edition), players, turns, rng)
    puzzle = puzzle_of(log)
    holders = puzzle.table.holders
    for _ in range(6):
        keep = [c for c in puzzle.constraints if rng.random() < 0.8]
        card, holder = rng.choice(puzzle.table.cards), rng.choice(holders)
        part = Puzzle(puzzle.table, (*keep, (Has if rng.random() < 0.5 else Lacks)(holder, card)))
        got = has_deal(part)
        if got is not None:
            assert got == (count(part).deals > 0)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(puzzles(), st.integers(0, 10**6))
def test_a_puzzle_read_once_answers_with_facts_added_as_the_whole_puzzle(puzzle: Puzzle, seed: int) -> None:
    """:class:`Feasibility`: the puzzle's first constraints read once, the rest added per
    question (and a player's whole hand), gives the answer of the whole puzzle read at once."""
    rng = random.Random(seed)
    cut = rng.randint(0, len(puzzle.constraints))
    base = Feasibility.of(Puzzle(puzzle.table, puzzle.constraints[:cut]))
    whole = has_deal(puzzle, UNLIMITED)
    if base is None:
        assert whole is None
        return
    assert base.has_deal(puzzle.constraints[cut:], UNLIMITED) == whole
    assert base.has_deal((), UNLIMITED) == has_deal(Puzzle(puzzle.table, puzzle.constraints[:cut]), UNLIMITED)
    player = rng.choice(puzzle.table.players)
    hand = {c for c in puzzle.table.cards if rng.random() < 0.4}
    whole_hand = [Has(player, c) for c in hand] + [Lacks(player, c) for c in puzzle.table.cards if c not in hand]
    with_hand = has_deal(Puzzle(puzzle.table, (*puzzle.constraints, *whole_hand)), UNLIMITED)
    assert base.has_deal(puzzle.constraints[cut:], UNLIMITED, hand=(player, hand)) == with_hand


def test_why_on_a_six_player_classic_log_needs_no_numpy() -> None:
    """The table benchmark's 6-player classic log: every test of the search is answered by
    a search for one deal, so the main engine (and numpy) is never loaded."""
    code = (
        "import random, sys\n"
        "from cluesolver.clue import variants\n"
        "from cluesolver.clue.analysis.explain import parse_fact, why\n"
        "from cluesolver.clue.record.events import GameLog\n"
        "from cluesolver.clue.record.simulate import random_log\n"
        "full, _ = random_log(variants.get('classic'), 6, 19, random.Random(3), accusations=False)\n"
        "log = GameLog(full.header, full.variant, full.events[:-1])\n"
        "print(why(log, parse_fact(log, 'P2 has Mrs. Peacock')), 'numpy' in sys.modules)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    lines, numpy = out.stdout.rsplit(" ", 1)
    assert lines.startswith("[") and lines != "[]" and lines != "None"
    assert numpy.strip() == "False"
