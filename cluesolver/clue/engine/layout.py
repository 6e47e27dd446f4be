"""How the exact engine numbers a table's cards and holders, and the greedy card order.

Every programme over the deals (:mod:`.deal_state` and the numpy engine, the small counter
:mod:`.small`, the deal sampler :mod:`.sampler`) works with holder *numbers* instead of
names, in one layout (:class:`HolderLayout`):

* the players, ``0 .. P-1``, in the table's order;
* one envelope *place* per category, ``P .. P+K-1``, in category order: the place of
  category ``k`` takes that category's one envelope card and no other card;
* the table slots, ``P+K .. P+K+S-1``, in the table's order.

Cards are numbered in the table's order.  :class:`~cluesolver.clue.engine.results.Counts`
name the holders as :attr:`Table.holders <cluesolver.clue.record.constraints.Table.holders>`
does (the players, one ``ENVELOPE``, the slots): :attr:`HolderLayout.names` and
:attr:`HolderLayout.table_holder` go from a holder number to that name and its index.

The card order of the small counter and of the sampler is one greedy pass
(:func:`greedy_order`, with each one's tie-breaks and place for unconstrained cards); the
numpy DP plans its own, weighed by cost (:func:`cluesolver.clue.engine.dp.plan_order`).
The sampler and the DP measure an order by the same spans (:func:`spans`, :func:`most_open`).

Plain Python (no numpy): the small counter runs before numpy is loaded.
"""

from __future__ import annotations

import functools
from collections.abc import Collection, Mapping, Sequence

from cluesolver.clue.record.constraints import ENVELOPE, Table

__all__ = ["HolderLayout", "greedy_order", "most_open", "spans"]


class HolderLayout:
    """The numbering of one table's cards and holders (see the module's docstring).

    Made by :meth:`of` (remembered per table) and read-only: shared by every programme
    over that table's deals.  (A plain class with slots: a frozen dataclass of this many
    fields costs the table commands most of a millisecond to define at start-up.)"""

    __slots__ = (
        "caps",
        "card_cat",
        "card_index",
        "envelope_of",
        "index",
        "n_cats",
        "n_players",
        "names",
        "not_envelope",
        "table",
        "table_holder",
        "well_formed",
    )

    table: Table
    n_players: int  # P: holders 0 .. P-1 are the players
    n_cats: int  # K: holders P .. P+K-1 are the envelope places, one per category
    names: tuple[str, ...]  # holder number -> its name in Counts (every envelope place: ENVELOPE)
    caps: tuple[int, ...]  # holder number -> the cards it receives in all (an envelope place or a slot: 1)
    index: Mapping[str, int]  # player or slot name -> holder number (the envelope has a place per category)
    card_index: Mapping[str, int]  # card name -> card number
    card_cat: tuple[int, ...]  # card number -> its category's number
    envelope_of: tuple[int, ...]  # card number -> the envelope place of its category
    not_envelope: tuple[int, ...]  # the holder numbers of the players and the slots, ascending
    table_holder: tuple[int, ...]  # holder number -> its index in table.holders (the envelope places: ENVELOPE's)
    well_formed: bool  # every card once, and the categories hold exactly the table's cards

    def __init__(self, table: Table) -> None:
        """The layout of ``table`` (:meth:`of` remembers it).  ``KeyError``: a card in no category.

        A card in two categories belongs to the first (as :meth:`Table.category_of` says);
        such a table is not :attr:`well_formed`."""
        P, K, S = len(table.players), len(table.categories), len(table.slots)
        first_cat: dict[str, int] = {}
        for k, (_, cat_cards) in enumerate(table.categories):
            for c in cat_cards:
                first_cat.setdefault(c, k)
        card_cat = tuple(first_cat[c] for c in table.cards)
        index = {name: i for i, name in enumerate(table.players)}
        index.update({s: P + K + j for j, s in enumerate(table.slots)})
        self.table = table
        self.n_players = P
        self.n_cats = K
        self.names = (*table.players, *([ENVELOPE] * K), *table.slots)
        self.caps = (*table.sizes, *([1] * K), *([1] * S))
        self.index = index
        self.card_index = {c: i for i, c in enumerate(table.cards)}
        self.card_cat = card_cat
        self.envelope_of = tuple(P + k for k in card_cat)
        self.not_envelope = (*range(P), *range(P + K, P + K + S))
        self.table_holder = (*range(P), *([P] * K), *range(P + 1, P + 1 + S))
        self.well_formed = len(self.card_index) == len(table.cards) and set(self.card_index) == set(first_cat)

    @staticmethod
    @functools.lru_cache(maxsize=16)
    def of(table: Table) -> HolderLayout:
        """The layout of ``table``, remembered for a few tables."""
        return HolderLayout(table)

    @property
    def n_holders(self) -> int:
        """Holder numbers in all: players, envelope places, slots."""
        return len(self.names)

    def is_envelope(self, h: int) -> bool:
        """Whether holder ``h`` is an envelope place."""
        return self.n_players <= h < self.n_players + self.n_cats

    def holder(self, name: str, card: int) -> int:
        """The holder number of ``name`` for card number ``card`` (``ENVELOPE``: the place
        of the card's category).  ``KeyError``: a name the table does not know."""
        return self.envelope_of[card] if name == ENVELOPE else self.index[name]


def greedy_order(
    cards: Sequence[int],
    groups: Sequence[Collection[int]],
    *,
    unconstrained_first: bool,
    holders: Sequence[int] | None = None,
) -> list[int]:
    """``cards`` in an order that keeps few ``groups`` (the cards of each open constraint)
    open at once, greedily: each step deals the card in some group whose step opens the
    fewest groups net of those it closes.  A group *opens* at its first card dealt while
    others are to come, and *closes* at its last card dealt after others.

    Ties go, with ``holders`` (the number of holders each card may go to: the small
    counter), to the card in more groups already open, then to the card with fewer holders;
    then (without ``holders`` at once: the sampler) to the card earlier in ``cards``.  The
    cards in no group keep their order in ``cards``, before the others with
    ``unconstrained_first`` (the sampler), else after them (the small counter)."""
    member: dict[int, list[int]] = {c: [] for c in cards}
    left = [0] * len(groups)  # cards of each group not dealt yet
    for j, group in enumerate(groups):
        for c in group:
            if c in member:
                member[c].append(j)
                left[j] += 1
    opened = [False] * len(groups)
    todo = [c for c in cards if member[c]]
    order: list[int] = []
    while todo:
        best, best_key = -1, None
        for c in todo:
            net = 0  # groups opened minus groups closed
            was_open = 0
            for j in member[c]:
                if opened[j]:
                    was_open += 1
                    if left[j] == 1:
                        net -= 1
                elif left[j] > 1:
                    net += 1
            key = (net,) if holders is None else (net, -was_open, holders[c])
            if best_key is None or key < best_key:
                best, best_key = c, key
        todo.remove(best)
        order.append(best)
        for j in member[best]:
            opened[j] = True
            left[j] -= 1
    free = [c for c in cards if not member[c]]
    return free + order if unconstrained_first else order + free


def spans(order: Sequence[int], sets: Sequence[Collection[int]], kept: int = 0) -> list[tuple[int, int]]:
    """Per set of cards, the positions in ``order`` of its first and last card (``(-1, -1)``:
    none of its cards is in the order).  The last ``kept`` sets, once opened, stay open to
    the end of the order (the DP's envelope labels)."""
    pos = {c: i for i, c in enumerate(order)}
    out = []
    for j, cs in enumerate(sets):
        ps = [pos[c] for c in cs if c in pos]
        out.append((min(ps), len(order) - 1 if j >= len(sets) - kept else max(ps)) if ps else (-1, -1))
    return out


def most_open(ranges: Sequence[tuple[int, int]], n: int) -> int:
    """The most of ``ranges`` (spans, see :func:`spans`) open at once over positions
    ``0 .. n-1`` of an order (0 for none)."""
    return max((sum(1 for a, b in ranges if a <= i <= b) for i in range(n)), default=0)
