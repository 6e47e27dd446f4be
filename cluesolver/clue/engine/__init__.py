"""Counting the deals that agree with a log.

The front door is :func:`count` (below): it chooses the method - the small counter in
plain Python (:mod:`.small`), else the numpy engine (:mod:`.covers`, :mod:`.dp`), else
an estimate (:mod:`.estimate`) - and remembers the last answers.  Beside it the other
programmes over the same deals: the sampler, feasibility, whole envelopes, and the
independent enumerator that the tests check everything against (:mod:`.brute_force`).
"""

from __future__ import annotations

import functools
import sys
from collections.abc import Callable, Iterable, Iterator, Sequence

from cluesolver.clue.engine.results import Counts, CountSettings
from cluesolver.clue.engine.small import DEFAULT_LIMITS, LOADED_LIMITS, Programme, SmallLimits, count_small
from cluesolver.clue.record.constraints import Constraint, Puzzle

_DEFAULT_SETTINGS = CountSettings()


def count(puzzle: Puzzle, method: str | None = None, settings: CountSettings = _DEFAULT_SETTINGS) -> Counts:
    """:func:`cluesolver.clue.engine.covers.count_numpy`, with small positions counted here (no numpy).

    Only the automatic choice (``method`` and ``settings.method`` unset / "auto") takes
    the small path; a forced method always runs in the main engine.
    """
    return _count(puzzle, method, settings)


@functools.lru_cache(maxsize=8)
def _count(puzzle: Puzzle, method: str | None, settings: CountSettings) -> Counts:
    """:func:`count`, remembered: the commands at the table count the same log from several
    places (the analysis, the threat, the advice), and a count depends on the puzzle only."""
    return count_once(puzzle, method, settings)


def forget() -> None:
    """Drop the remembered counts and programmes (a benchmark's runs each start afresh)."""
    _count.cache_clear()
    Programme.run.cache_clear()


def count_once(puzzle: Puzzle, method: str | None = None, settings: CountSettings = _DEFAULT_SETTINGS) -> Counts:
    """:func:`count` without remembering the answer (for the many one-off puzzles of a search)."""
    if method is None and settings.method == "auto":
        # Once numpy is loaded the main engine is the faster one past a tiny position; both
        # are exact, so which one answers never changes the answer.
        small = count_small(puzzle, _limits())
        if small is not None:
            return small
    from cluesolver.clue.engine.covers import count_numpy as engine_count

    return engine_count(puzzle, method, settings)


def counter(limits: SmallLimits | None = None, like: Puzzle | None = None) -> Callable[[Puzzle], Counts]:
    """:func:`count` for similar puzzles asked one after another (the parts of a search,
    the answers to one suggestion): the small counter is tried until it first gives up on
    one of them, then the main engine counts the rest, which would give up too.  Both are
    exact, so the answers are those of :func:`count`.  ``limits``: the small counter's
    (by default as in :func:`count`).  ``like``: a puzzle they are all alike to (the log's,
    which they add a few facts to); when the small counter has given up on it (remembered
    from counting it), the main engine counts them all."""
    small = like is None or Programme.run(like, limits or _limits()) is not None

    def one(puzzle: Puzzle) -> Counts:
        nonlocal small
        if small:
            got = count_small(puzzle, limits or _limits())
            if got is not None:
                return got
            small = False
        from cluesolver.clue.engine.covers import count_numpy as engine_count

        return engine_count(puzzle)

    return one


def count_variants(puzzle: Puzzle, extras: Sequence[tuple[Constraint, ...]]) -> list[Counts]:
    """:func:`count` of ``puzzle`` with each of ``extras`` added (the answers to one
    suggestion), in order.  As :func:`counter` ``(like=puzzle)`` when the small counter
    takes the log's puzzle; otherwise the main engine's
    :func:`~cluesolver.clue.engine.covers.count_family`, which counts such a family in one pass
    when that is cheaper.  Every route is exact: the counts are those of :func:`count`."""
    if Programme.run(puzzle, _limits()) is not None:
        one = counter(like=puzzle)
        return [one(Puzzle(puzzle.table, puzzle.constraints + tuple(e))) for e in extras]
    from cluesolver.clue.engine.covers import count_family

    return count_family(puzzle, extras)


def count_many(puzzles: Iterable[Puzzle], limits: SmallLimits = DEFAULT_LIMITS) -> Iterator[Counts]:
    """:func:`count` of each puzzle of a family of similar ones (e.g. one per envelope).

    The whole family shares one small budget: each member may take ``limits.max_steps``
    divided by the family's size, so many members of a middling size go to the main
    engine (several times faster on those once numpy is loaded) instead of adding up to
    far more than one small count.  Once one member is past its share, the rest go
    straight to the main engine, so a big family never pays for many attempts that give up.
    """
    family = list(puzzles)
    one = counter(SmallLimits(limits.max_states, limits.max_steps // max(1, len(family))))
    for puzzle in family:
        yield one(puzzle)


def _limits() -> SmallLimits:
    """The small counter's limits now: smaller once numpy is loaded (the main engine is then
    the faster one past a tiny position)."""
    return LOADED_LIMITS if "numpy" in sys.modules else DEFAULT_LIMITS
