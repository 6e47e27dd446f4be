"""A fact about the deal, as a player says it: who holds (or does not hold) a card.

>>> str(Fact("Ben", "Knife", True)), str(Fact("envelope", "Rope", False))
('Ben has Knife', 'Rope is not in the envelope')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from cluesolver.clue.record.constraints import ENVELOPE
from rulesref.core.i18n import _

if TYPE_CHECKING:
    from cluesolver.clue.variants import Variant


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

    def say(self, variant: Variant) -> str:
        """The fact in the language spoken now, naming the card as the edition does there
        (English: the same words as ``str(fact)``)."""
        card = variant.display_name(self.card)
        if self.holder == ENVELOPE:
            text = _("{card} is in the envelope") if self.holds else _("{card} is not in the envelope")
            return text.format(card=card)
        if self.holder.startswith("table:"):
            text = _("table:{slot} has {card}") if self.holds else _("table:{slot} does not have {card}")
            return text.format(slot=self.holder.removeprefix("table:"), card=card)
        text = _("{player} has {card}") if self.holds else _("{player} does not have {card}")
        return text.format(player=self.holder, card=card)

    def opposite(self) -> Fact:
        return Fact(self.holder, self.card, not self.holds)
