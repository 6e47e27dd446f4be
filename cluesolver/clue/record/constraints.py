"""From a log to constraints on the deal, each tagged with the log lines it came from.

A deal gives every card to one holder: a player, the envelope (one card of each
category) or a face-down table slot.  The log's statements become:

* :class:`Has` — a holder holds a card;
* :class:`Lacks` — a holder does not hold a card;
* :class:`AtLeastOne` — a holder holds at least one of some cards (an unseen show);
* :class:`NotEnvelope` — the envelope is not exactly these cards (a wrong accusation).

Hand sizes are part of the deal itself (:class:`Table`), not constraints.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Union

from cluesolver.clue.record.events import Accusation, GameLog, Holds, HoldsNone, LooksAt, Shown, Suggestion

ENVELOPE = "envelope"


def slot_holder(slot: str) -> str:
    return f"table:{slot}"


@dataclass(frozen=True)
class Has:
    """``holder`` holds ``card``."""

    holder: str
    card: str
    lines: tuple[int, ...] = field(default=(), compare=False)


@dataclass(frozen=True)
class Lacks:
    """``holder`` does not hold ``card``."""

    holder: str
    card: str
    lines: tuple[int, ...] = field(default=(), compare=False)


@dataclass(frozen=True)
class AtLeastOne:
    """``holder`` holds at least one of ``cards`` (an unseen show)."""

    holder: str
    cards: tuple[str, ...]
    lines: tuple[int, ...] = field(default=(), compare=False)


@dataclass(frozen=True)
class NotEnvelope:
    """The envelope is not exactly ``cards`` (a wrong accusation)."""

    cards: tuple[str, ...]
    lines: tuple[int, ...] = field(default=(), compare=False)


Constraint = Union[Has, Lacks, AtLeastOne, NotEnvelope]


@dataclass(frozen=True)
class Table:
    """What a deal looks like: cards by category, holders and their sizes."""

    cards: tuple[str, ...]
    categories: tuple[tuple[str, tuple[str, ...]], ...]  # (category id, its cards)
    players: tuple[str, ...]
    sizes: tuple[int, ...]  # per player
    slots: tuple[str, ...] = ()  # table slot holders ("table:Jail")

    @property
    def holders(self) -> tuple[str, ...]:
        return (*self.players, ENVELOPE, *self.slots)

    def category_of(self, card: str) -> str:
        for cat, cards in self.categories:
            if card in cards:
                return cat
        raise KeyError(card)


@dataclass(frozen=True)
class Puzzle:
    """A table and the constraints on its deal: what the counting engines count."""

    table: Table
    constraints: tuple[Constraint, ...]


def table_of(log: GameLog) -> Table:
    v = log.variant
    return Table(
        cards=v.card_names,
        categories=tuple((c.id, c.cards) for c in v.categories),
        players=log.players,
        sizes=log.hand_sizes,
        slots=tuple(slot_holder(s) for s in log.table_slots),
    )


def constraints_of(log: GameLog) -> tuple[Constraint, ...]:
    """Every constraint the log puts on the deal, in log order."""
    out: list[Constraint] = []
    h = log.header
    if h.me is not None and h.my_cards:
        line = (h.lines.get("my cards", 0),)
        out.extend(Has(h.me, c, line) for c in h.my_cards)
        out.extend(Lacks(h.me, c, line) for c in log.variant.card_names if c not in h.my_cards)
    for e in log.events:
        ln = (e.line,)
        if isinstance(e, Suggestion):
            for r in e.replies:
                if r.passes:
                    out.extend(Lacks(r.player, c, ln) for c in e.cards)
                elif r.card is not None:
                    out.append(Has(r.player, r.card, ln))
                else:
                    out.append(AtLeastOne(r.player, e.cards, ln))
        elif isinstance(e, Accusation):
            if e.correct:
                out.extend(Has(ENVELOPE, c, ln) for c in e.cards)
            else:
                out.append(NotEnvelope(e.cards, ln))
        elif isinstance(e, Holds):
            out.append(Has(e.player, e.card, ln))
        elif isinstance(e, HoldsNone):
            out.extend(Lacks(e.player, c, ln) for c in e.cards)
        elif isinstance(e, Shown):
            if e.card is not None:
                out.append(Has(e.shower, e.card, ln))
            else:
                out.append(AtLeastOne(e.shower, e.cards, ln))
        elif isinstance(e, LooksAt) and e.card is not None:
            out.append(Has(slot_holder(e.slot), e.card, ln))
    return tuple(out)


def puzzle_of(log: GameLog) -> Puzzle:
    return Puzzle(table_of(log), constraints_of(log))
