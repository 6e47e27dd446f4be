"""Whether any deal agrees with a puzzle, by a small search in plain Python (no numpy).

Asking only "is there a deal?" is much cheaper than counting them: when deals are many,
a search that places the cards one at a time finds one almost at once, and when there is
none, the same reasoning as propagation (a card with no holder left, a holder who cannot
fill their hand, a "shows one of these" no card can meet any more) usually proves it
within a few steps.  The search is complete, so its answer is exact; past a budget of
search nodes it gives up (``None``) and the caller counts instead.

The puzzle is read as the small counter reads it, by its public reader
:class:`cluesolver.clue.engine.small.SmallPlan` (made without a card order): allowed
holders per card (numbered by :class:`~cluesolver.clue.engine.layout.HolderLayout`: one
envelope holder per category), each holder's hand size (``plan.layout.caps``), every other
constraint as "at least one of these cards goes to one of these holders", and the
questions' facts read into copies with ``plan.read`` / ``plan.read_hand``.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable

from cluesolver.clue.engine.small import SmallPlan
from cluesolver.clue.record.constraints import Constraint, Puzzle

__all__ = ["Feasibility", "has_deal"]

#: Search nodes tried before giving up (each costs a few microseconds per card).
DEFAULT_BUDGET = 400


class _OutOfBudget(Exception):
    pass


def has_deal(puzzle: Puzzle, budget: int = DEFAULT_BUDGET) -> bool | None:
    """``True`` when at least one deal agrees with ``puzzle``, ``False`` when none does,
    ``None`` when the search passed ``budget`` nodes (or the puzzle is unusual)."""
    base = Feasibility.of(puzzle, settle=False)  # one question: its search propagates at its root
    return None if base is None else base.has_deal((), budget)


class Feasibility:
    """A puzzle read once, for many questions "is there a deal with these facts too?"
    (the threat asks one per opponent's notebook, each adding a few facts to the same log).

    The puzzle's own deductions (propagation) are made once too: they stay true with facts
    added, so each question starts from them."""

    __slots__ = ("_cons", "_dom", "_placed", "_plan", "_room")

    def __init__(self, plan: SmallPlan, settle: bool = True) -> None:
        """``plan``: the puzzle as :class:`SmallPlan` reads it (its card order is not used;
        its hand sizes must add up to the cards, see :meth:`of`)."""
        self._plan = plan
        self._cons = [(tuple(sorted(cards)), who) for cards, who in plan.constraints]
        self._dom: list[set[int]] | None = [set(a) for a in plan.allowed]
        self._room = list(plan.layout.caps)
        self._placed = [-1] * len(plan.allowed)
        if settle:
            still = _propagate(self._dom, self._room, self._placed, self._cons)
            if still is None:
                self._dom = None  # no deal at all
            else:
                self._cons = still  # a constraint met stays met

    @staticmethod
    def of(puzzle: Puzzle, settle: bool = True) -> Feasibility | None:
        """``puzzle`` read (and with ``settle``, its deductions made once for every question);
        ``None`` when it is unusual (a name the table does not know, hand sizes that do not
        add up to the cards)."""
        try:
            plan = SmallPlan(puzzle, ordered=False)
        except KeyError:
            return None
        return Feasibility(plan, settle) if sum(plan.layout.caps) == len(plan.allowed) else None

    def has_deal(
        self,
        extra: Iterable[Constraint],
        budget: int = DEFAULT_BUDGET,
        hand: tuple[str, Collection[str]] | None = None,
    ) -> bool | None:
        """:func:`has_deal` of the puzzle with the constraints ``extra`` added, and ``hand``
        (a player and their whole hand: as "has" each of those cards and "lacks" every
        other, read at once)."""
        if self._dom is None:
            return False
        plan = self._plan
        dom = [set(d) for d in self._dom]
        added: list[tuple[frozenset[int], frozenset[int]]] = []
        try:
            if hand is not None:
                plan.read_hand(hand[0], hand[1], dom)
            for con in extra:
                plan.read(con, dom, added)
        except KeyError:
            return None
        if not all(dom):  # a card left without a holder (one placed already included)
            return False
        cons = self._cons + [(tuple(sorted(cards)), who) for cards, who in added] if added else self._cons
        try:
            return _search(dom, list(self._room), list(self._placed), cons, [budget])
        except _OutOfBudget:
            return None


def _search(
    dom: list[set[int]],
    room: list[int],
    placed: list[int],
    cons: list[tuple[tuple[int, ...], frozenset[int]]],
    nodes: list[int],
) -> bool:
    nodes[0] -= 1
    if nodes[0] < 0:
        raise _OutOfBudget
    still = _propagate(dom, room, placed, cons)
    if still is None:
        return False
    # branch on the open constraint with the fewest ways to meet it, else on the card
    # with the fewest holders left
    best: list[tuple[int, int]] | None = None
    for cards, who in still:
        ways = [(c, h) for c in cards if placed[c] == -1 for h in sorted(dom[c] & who)]
        if best is None or len(ways) < len(best):
            best = ways
    if best is None:
        free = [c for c in range(len(placed)) if placed[c] == -1]
        if not free:
            return True
        card = min(free, key=lambda c: len(dom[c]))
        best = [(card, h) for h in sorted(dom[card], key=lambda h: -room[h])]
    for c, h in best:
        d = [set(x) for x in dom]
        r = list(room)
        p = list(placed)
        _place(d, r, p, c, h)
        if _search(d, r, p, still, nodes):
            return True
    return False


def _place(dom: list[set[int]], room: list[int], placed: list[int], c: int, h: int) -> None:
    placed[c] = h
    dom[c] = {h}
    room[h] -= 1


def _propagate(
    dom: list[set[int]], room: list[int], placed: list[int], cons: list[tuple[tuple[int, ...], frozenset[int]]]
) -> list[tuple[tuple[int, ...], frozenset[int]]] | None:
    """Sound deductions until nothing changes: the constraints not met yet (in their order;
    one met stays met), ``None`` when no deal is left.

    Each round: a card loses the holders whose hands are full and is placed when one holder
    is left; a holder with exactly as many cards able to go to them as room left takes them
    all (too few: no deal); a "one of these" that a single card can still meet keeps that
    card among the holders meeting it (none: no deal)."""
    n = len(placed)
    holders = range(len(room))
    changed = True
    while changed:
        changed = False
        full = {h for h in holders if room[h] <= 0}
        for c in range(n):
            if placed[c] != -1:
                continue
            d = dom[c]
            if full and not full.isdisjoint(d):
                d -= full
            if not d:
                return None
            if len(d) == 1:
                h = next(iter(d))
                _place(dom, room, placed, c, h)
                if room[h] <= 0:
                    full.add(h)
                changed = True
        takers = [0] * len(room)  # cards not placed yet that each holder may take
        for c in range(n):
            if placed[c] == -1:
                for h in dom[c]:
                    takers[h] += 1
        for h in holders:
            left = room[h]
            if left < 0:
                return None
            if left == 0:
                continue
            if takers[h] < left:
                return None
            if takers[h] == left:
                for c in range(n):
                    if placed[c] == -1 and h in dom[c]:
                        for other in dom[c]:
                            takers[other] -= 1
                        _place(dom, room, placed, c, h)
                changed = True
        still = []
        for con in cons:
            cards, who = con
            live = 0  # cards not placed yet that may still meet it; ``last``: the last of them
            last = -1
            for c in cards:
                h = placed[c]
                if h == -1:
                    if not who.isdisjoint(dom[c]):
                        live += 1
                        last = c
                elif h in who:
                    break  # met
            else:
                still.append(con)
                if not live:
                    return None
                if live == 1:
                    d = dom[last]
                    if not d <= who:
                        d.intersection_update(who)
                        changed = True
        cons = still
    return cons
