"""The small-position counter (plain Python, no numpy) against the main covers.

:func:`cluesolver.clue.engine.small.count_small` answers small positions so that a replay
need not import numpy; it must give exactly the engine's deal count and every
(holder, card) count, or ``None`` (then the engine answers).
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cluesolver.clue import variants
from cluesolver.clue.engine import count, count_many, covers
from cluesolver.clue.engine.brute_force import deals, enumerate_counts
from cluesolver.clue.engine.small import SmallLimits, count_small, envelope_deals, small_deals
from cluesolver.clue.record.constraints import ENVELOPE, AtLeastOne, Constraint, Has, NotEnvelope, Puzzle, puzzle_of
from cluesolver.clue.record.simulate import random_log
from tests.clue.engine.strategies import puzzles

#: Never give up: every position of these tests is counted here.
UNLIMITED = SmallLimits(max_states=10**9, max_steps=10**12)


def _same(puzzle: Puzzle, limits: SmallLimits = UNLIMITED) -> bool:
    """Whether the small counter answered; when it did, it must be the engine's answer."""
    got = count_small(puzzle, limits)
    if got is None:
        return False
    truth = covers.count_numpy(puzzle, "dp")
    assert got.deals == truth.deals
    assert got.held == truth.held
    assert got.exact
    return True


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(puzzles())
def test_small_counter_matches_the_engine_and_the_enumerator(puzzle: Puzzle) -> None:
    assert _same(puzzle)
    got = count_small(puzzle, UNLIMITED)
    truth = enumerate_counts(puzzle)
    assert got is not None and (got.deals, got.held) == (truth.deals, truth.held)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    st.sampled_from(["classic", "cluedo", "clue-2016", "lost-in-vegas"]),
    st.integers(0, 10**6),
    st.integers(3, 6),
    st.integers(0, 24),
)
def test_small_counter_on_honest_logs_with_a_notebook_owner(edition: str, seed: int, players: int, turns: int) -> None:
    """Real editions, as a player records them: answered here, and exactly."""
    log, deal = random_log(variants.get(edition), players, turns, random.Random(seed))
    puzzle = puzzle_of(log)
    # the production limits take these on (all but a rare early 5-6 player position,
    # e.g. classic, 6 players, 6 turns, seed 7848, which the main engine then counts)
    if not _same(puzzle, SmallLimits()):
        assert players >= 5
        return
    got = count_small(puzzle)
    assert got is not None and all(got.held[h][c] > 0 for c, h in deal.owner.items())


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10**6), st.integers(3, 4), st.integers(0, 12), st.booleans())
def test_small_counter_on_spectator_logs_and_accusations(seed: int, players: int, turns: int, wrong: bool) -> None:
    """No notebook owner (many more deals), with a wrong accusation or an envelope fixed."""
    v = variants.get("classic")
    log, deal = random_log(v, players, turns, random.Random(seed), spectator=True)
    puzzle = puzzle_of(log)
    envelope = tuple(c for c, h in deal.owner.items() if h == ENVELOPE)
    extra: tuple[Constraint, ...] = (NotEnvelope(envelope),) if wrong else tuple(Has(ENVELOPE, c) for c in envelope)
    _same(Puzzle(puzzle.table, puzzle.constraints + extra))


def test_contradictions_and_odd_constraints_count_zero() -> None:
    v = variants.get("classic")
    base = puzzle_of(random_log(v, 3, 0, random.Random(3))[0])
    p1 = base.table.players[1]
    extras: list[tuple[Constraint, ...]] = [
        (AtLeastOne(p1, ()),),  # at least one of no cards
        (NotEnvelope(()),),  # the envelope is not all of no cards
        (Has(p1, v.card_names[0]), Has(ENVELOPE, v.card_names[0])),  # one card, two holders
    ]
    for extra in extras:
        got = count_small(Puzzle(base.table, base.constraints + extra))
        assert got is not None and got.deals == 0
        assert covers.count_numpy(Puzzle(base.table, base.constraints + extra)).deals == 0


def test_past_the_limits_it_hands_over() -> None:
    log, _ = random_log(variants.get("master-detective"), 8, 4, random.Random(5), spectator=True)
    puzzle = puzzle_of(log)
    assert count_small(puzzle) is None  # far past the production limits
    assert count_small(puzzle, SmallLimits(max_states=1)) is None
    whole = count(puzzle)  # the light entry point: the main engine answers
    assert (whole.deals, whole.held) == (covers.count_numpy(puzzle).deals, covers.count_numpy(puzzle).held)
    many = list(count_many([puzzle, puzzle_of(random_log(variants.get("classic"), 4, 20, random.Random(1))[0])]))
    assert [m.deals for m in many] == [whole.deals, many[1].deals] and many[1].deals > 0


@pytest.mark.parametrize("method", ["cover", "dp"])
def test_a_forced_method_runs_in_the_main_engine(method: str) -> None:
    puzzle = puzzle_of(random_log(variants.get("classic"), 4, 10, random.Random(2))[0])
    got = count(puzzle, method)
    truth = covers.count_numpy(puzzle, method)
    assert (got.deals, got.held) == (truth.deals, truth.held)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(puzzles())
def test_small_deals_list_every_deal_once(puzzle: Puzzle) -> None:
    """Listed deals are exactly the enumerator's deals, each once."""
    got = small_deals(puzzle, 10, random.Random(0), exact_limit=10**9, limits=UNLIMITED)
    assert got is not None and got.exact
    names = puzzle.table.holders
    listed = sorted(tuple(names[h] for h in row) for row in got.rows)
    truth = sorted(tuple(d[c] for c in puzzle.table.cards) for d in deals(puzzle))
    assert listed == truth


def test_small_deals_draws_are_consistent_and_uniform() -> None:
    """Past ``exact_limit`` the deals are drawn: each one consistent, and every deal about
    equally often (a chi-square bound far in the tail of a uniform draw)."""
    log, _ = random_log(variants.get("classic"), 4, 16, random.Random(4))  # 445 deals
    puzzle = puzzle_of(log)
    every = small_deals(puzzle, 0, random.Random(0), exact_limit=10**9)
    assert every is not None and every.exact
    n = 40 * every.size
    drawn = small_deals(puzzle, n, random.Random(1), exact_limit=0)
    assert drawn is not None and not drawn.exact and drawn.size == n
    allowed = set(every.rows)
    seen: dict[tuple[int, ...], int] = {}
    for row in drawn.rows:
        assert row in allowed
        seen[row] = seen.get(row, 0) + 1
    expect = n / len(allowed)
    chi2 = sum((seen.get(r, 0) - expect) ** 2 / expect for r in allowed)
    dof = len(allowed) - 1
    assert chi2 < dof + 6 * (2 * dof) ** 0.5
    again = small_deals(puzzle, n, random.Random(1), exact_limit=0)
    assert again is not None and again.rows == drawn.rows  # the same seed, the same draw


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(puzzles())
def test_envelope_deals_match_the_enumerator(puzzle: Puzzle) -> None:
    """Each whole envelope's deals, from one run of the programme, against listing every deal."""
    got = envelope_deals(puzzle, UNLIMITED)
    truth: dict[tuple[str, ...], int] = {}
    for d in deals(puzzle):
        combo = tuple(next(c for c in cs if d[c] == ENVELOPE) for _, cs in puzzle.table.categories)
        truth[combo] = truth.get(combo, 0) + 1
    assert got == truth


def test_counts_are_remembered_per_puzzle_until_forgotten() -> None:
    """The same puzzle is counted once (the commands count a log from several places);
    ``forget`` starts afresh; ``count_once`` gives the same answer."""
    from cluesolver.clue.engine import count_once, forget

    puzzle = puzzle_of(random_log(variants.get("classic"), 4, 10, random.Random(6))[0])
    first = count(puzzle)
    assert count(puzzle) is first
    assert count_once(puzzle).held == first.held
    forget()
    again = count(puzzle)
    assert again is not first and (again.deals, again.held) == (first.deals, first.held)


def test_counter_stops_trying_the_small_counter_after_it_gives_up(monkeypatch: pytest.MonkeyPatch) -> None:
    """A family of similar puzzles: the small counter until its first give-up, then only the
    main engine; every answer is the engine's."""
    import cluesolver.clue.engine as engine_front
    import cluesolver.clue.engine.small as small_module
    from cluesolver.clue.engine import counter

    log, _ = random_log(variants.get("master-detective"), 6, 20, random.Random(5))
    puzzle = puzzle_of(log)
    family = [
        Puzzle(puzzle.table, (*puzzle.constraints, Has(p, c))) for p in log.players[1:4] for c in ("Knife", "Rope")
    ]
    tried: list[bool] = []
    real = small_module.count_small

    def spy(p: Puzzle, limits: SmallLimits = UNLIMITED) -> object:
        got = real(p, limits)
        tried.append(got is not None)
        return got

    monkeypatch.setattr(engine_front, "count_small", spy)  # the front door's own reference
    one = counter(SmallLimits(max_states=2, max_steps=2))  # gives up on the first of them
    for p in family:
        got = one(p)
        truth = covers.count_numpy(p, "dp")
        assert (got.deals, got.held) == (truth.deals, truth.held)
    assert tried == [False]
    both = counter(UNLIMITED)  # never gives up: every one counted here
    assert [both(p).deals for p in family] == [covers.count_numpy(p, "dp").deals for p in family]
    assert tried == [False] + [True] * len(family)


def test_counter_like_a_puzzle_the_small_counter_gave_up_on_goes_straight_to_the_engine(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``counter(like=...)``: puzzles alike to one the small counter gave up on are counted by
    the main engine without an attempt each; alike to one it takes, they are tried as usual.
    The answers are the engine's either way."""
    import cluesolver.clue.engine as engine_front
    import cluesolver.clue.engine.small as small_module
    from cluesolver.clue.engine import counter

    log, _ = random_log(variants.get("master-detective"), 6, 20, random.Random(5))
    puzzle = puzzle_of(log)
    family = [Puzzle(puzzle.table, (*puzzle.constraints, Has(p, "Knife"))) for p in log.players[1:4]]
    tried: list[Puzzle] = []
    real = small_module.count_small

    def spy(p: Puzzle, limits: SmallLimits = UNLIMITED) -> object:
        tried.append(p)
        return real(p, limits)

    monkeypatch.setattr(engine_front, "count_small", spy)  # the front door's own reference
    tiny = SmallLimits(max_states=2, max_steps=2)
    assert count_small(puzzle, tiny) is None  # the small counter gives up on the log's puzzle
    one = counter(tiny, like=puzzle)
    for p in family:
        got = one(p)
        truth = covers.count_numpy(p, "dp")
        assert (got.deals, got.held) == (truth.deals, truth.held)
    assert tried == []
    both = counter(UNLIMITED, like=puzzle)  # takes the log's puzzle: each one tried here
    assert [both(p).deals for p in family] == [covers.count_numpy(p, "dp").deals for p in family]
    assert tried == family
