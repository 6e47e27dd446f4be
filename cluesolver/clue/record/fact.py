"""A fact about the deal, as a player says it: who holds (or does not hold) a card.

>>> str(Fact("Ben", "Knife", True)), str(Fact("envelope", "Rope", False))
('Ben has Knife', 'Rope is not in the envelope')
"""

from __future__ import annotations

from dataclasses import dataclass

from cluesolver.clue.record.constraints import ENVELOPE


@dataclass(frozen=True)
class Fact:
    """``holder`` holds (or, with ``holds=False``, does not hold) ``card``."""

    holder: str
    card: str
    holds: bool

    def __str__(self) -> str:
        if self.holder == ENVELOPE:
            return f"{self.card} is {'' if self.holds else 'not '}in the envelope"
        return f"{self.holder} {'has' if self.holds else 'does not have'} {self.card}"

    def opposite(self) -> Fact:
        return Fact(self.holder, self.card, not self.holds)
