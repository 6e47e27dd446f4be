"""What a line changed: the new certain facts and the biggest moves of the probabilities."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from cluesolver.clue.record.constraints import ENVELOPE

if TYPE_CHECKING:
    from cluesolver.clue.analysis.report import Fact, Report


@dataclass(frozen=True)
class Move:
    """A probability that moved: ``holder`` holds ``card`` went from ``before`` to ``after``."""

    holder: str
    card: str
    before: float
    after: float

    @property
    def delta(self) -> float:
        return self.after - self.before


@dataclass(frozen=True)
class LineEffect:
    new_facts: tuple[Fact, ...]
    moves: tuple[Move, ...]
    deals_before: int
    deals_after: int
    newly_solved: tuple[str, ...]  # categories settled by this line

    def to_json(self) -> dict[str, object]:
        return {
            "new_facts": [str(f) for f in self.new_facts],
            "moves": [{"holder": m.holder, "card": m.card, "before": m.before, "after": m.after} for m in self.moves],
            "deals_before": self.deals_before,
            "deals_after": self.deals_after,
            "newly_solved": list(self.newly_solved),
        }


def line_effect(before: Report, after: Report, top: int = 5) -> LineEffect:
    """New certain facts and the biggest probability moves from ``before`` to ``after``."""
    old = {(f.holder, f.card) for f in before.certain}
    me = after.log.header.me
    new = tuple(f for f in after.certain if (f.holder, f.card) not in old and f.holder != me)
    moves: list[Move] = []
    if before.consistent and after.consistent:
        for h in after.holders:
            for c in after.log.variant.card_names:
                a, b = before.probability(h, c), after.probability(h, c)
                if abs(b - a) > 1e-9 and b < 1.0 and (h, c) not in old:
                    moves.append(Move(h, c, a, b))
    moves.sort(key=lambda m: (-abs(m.delta), m.holder != ENVELOPE, m.holder, m.card))
    sol_a, sol_b = before.solution(), after.solution()
    settled = tuple(k for k, v in sol_b.items() if v is not None and sol_a.get(k) is None)
    return LineEffect(new, tuple(moves[:top]), before.deals, after.deals, settled)
