"""When to accuse: now, with the best guess, or after another turn.

Accusing now wins with ``p``, the chance the best guess is the envelope (a wrong
accusation puts the player out).  Waiting a turn loses if an opponent accuses correctly
before the player's next turn (``danger``: at least one of the opponents still in can
already name the envelope, see :mod:`cluesolver.clue.advice.threat`, each one's chance of
not being able to counted twice over as an allowance for their own next suggestion, see
:func:`danger_of`; they all move before the player does again), and otherwise leads to the next suggestion, after which the best
guess is right with ``after_next`` on average (counted over the answers to the best
suggestion now).  The advice is to accuse when ``p`` beats ``(1 - danger) * after_next``,
and always when certain.  On the player's own turn, before their suggestion, no opponent
moves before the answer: suggest first (and ask again) unless certain.

Lost in Vegas: each player has one all-in; when the clock reaches 4 PM everyone still in
makes a final bet, so in the last round waiting gains no new answer (``after_next = p``)
and at 4 PM the advice is the final bet.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from cluesolver.clue.advice.threat import Threat
from cluesolver.clue.engine.sampler import Deals
from cluesolver.clue.record.constraints import ENVELOPE, Table

#: Below this chance of being right, accusing cannot beat waiting unless the danger is
#: nearly certain; the threat is then not worth computing (self-play shortcut).
FLOOR = 0.2


@dataclass(frozen=True)
class Timing:
    """Accuse now or wait: the decision and the figures it was taken from."""

    decision: str  # "accuse", "wait", "suggest-first" or "final-bet"
    probability: float  # the best guess is the envelope
    danger: float  # an opponent accuses correctly before the player's next turn
    after_next: float  # expected chance of the best guess after the next suggestion
    threats: tuple[Threat, ...]
    turns_until: dict[str, int]  # opponent -> turns until they move
    rounds_left: int | None = None  # Lost in Vegas clock

    @property
    def wait_value(self) -> float:
        return (1 - self.danger) * self.after_next

    def to_json(self) -> dict[str, object]:
        return {
            "decision": self.decision,
            "probability": self.probability,
            "danger_before_next_turn": self.danger,
            "chance_after_next_suggestion": self.after_next,
            "wait_value": self.wait_value,
            "rounds_left": self.rounds_left,
            "threats": [dict(t.to_json(), turns_until_they_move=self.turns_until.get(t.player)) for t in self.threats],
        }


def turns_until(players: tuple[str, ...], me: str, out: set[str]) -> dict[str, int]:
    """For every opponent still in: how many turns until they move (1 = the next turn)."""
    i = players.index(me)
    ahead = [players[(i + k) % len(players)] for k in range(1, len(players))]
    live = [p for p in ahead if p not in out]
    return {p: n for n, p in enumerate(live, start=1)}


def _envelope_codes(deals: Deals, table: Table) -> np.ndarray:
    """Per deal, its whole envelope as one number (mixed radix over the categories)."""
    env = deals.holders.index(ENVELOPE)
    key = np.zeros(deals.size, dtype=np.int64)
    for _, cards in table.categories:
        cols = np.array([table.cards.index(c) for c in cards])
        key = key * len(cards) + np.argmax(deals.owner[:, cols] == env, axis=1)
    return key


def envelope_odds(deals: Deals, table: Table) -> dict[tuple[str, ...], float]:
    """The share of ``deals`` giving each whole envelope."""
    codes, n = np.unique(_envelope_codes(deals, table), return_counts=True)
    out: dict[tuple[str, ...], float] = {}
    for code, k in zip(codes.tolist(), n.tolist()):
        combo = []
        for _, cards in reversed(table.categories):
            combo.append(cards[code % len(cards)])
            code //= len(cards)
        out[tuple(reversed(combo))] = k / deals.size
    return out


def after_suggestion(deals: Deals, table: Table, suggester: str, seen: bool, cards: tuple[str, ...]) -> float:
    """Expected chance of the best whole guess once ``cards`` is answered (answers as the log
    records them: the shower holds the card shown, the players before hold none)."""
    if deals.size == 0:
        return 0.0
    players = list(table.players)
    i = players.index(suggester)
    order = [players[(i + k) % len(players)] for k in range(1, len(players))]
    combo = _envelope_codes(deals, table)
    idx = [table.cards.index(c) for c in cards]
    held = deals.owner[:, idx]
    first = np.full(deals.size, len(order), dtype=np.int64)
    for r in range(len(order) - 1, -1, -1):
        first = np.where((held == deals.holders.index(order[r])).any(axis=1), r, first)
    total = 0.0
    for r in range(len(order) + 1):
        in_r = first == r
        if not in_r.any():
            continue
        if not seen or r == len(order):
            groups = [(in_r, in_r.astype(float))]
        else:
            code = deals.holders.index(order[r])
            mine = held == code
            share = 1.0 / np.maximum(mine.sum(axis=1), 1)
            groups = [(in_r & mine[:, j], np.where(in_r & mine[:, j], share, 0.0)) for j in range(len(cards))]
        for members, weight in groups:
            size = int(members.sum())
            if not size:
                continue
            best = np.bincount(combo[members]).max() / size
            total += float(weight.sum()) / deals.size * best
    return total


def danger_of(threats: tuple[Threat, ...], ahead: dict[str, int], hazard: float = 1.0) -> float:
    """The chance that at least one opponent in ``ahead`` accuses correctly before the
    player's next turn: each can already name the envelope with their threat's chance.
    ``hazard`` > 1 counts each opponent's chance of *not* being certain as if it had to
    hold ``hazard`` times over, ``(1 - p) ** hazard``: a rough allowance for an opponent
    who becomes certain with their own next suggestion and accuses right after it (the
    table uses ``AdvisorSettings.hazard``, 2, since self-play measured it: row
    ``danger-2`` of ``benchmarks/selfplay.py``; 1 counts only opponents certain now)."""
    if hazard <= 0:
        raise ValueError(f"hazard must be positive, not {hazard!r}")
    safe = 1.0
    for t in threats:
        if t.player in ahead:
            safe *= (1 - t.probability) ** hazard
    return 1 - safe


def timing(
    players: tuple[str, ...],
    me: str,
    out: set[str],
    probability: float,
    after_next: float,
    threats: tuple[Threat, ...],
    rounds_left: int | None = None,
    my_turn: bool = False,
    hazard: float = 1.0,
) -> Timing:
    """The decision from the figures (see the module's description).  ``my_turn``: the
    player has not suggested yet this turn, so the next suggestion comes before any
    opponent moves: suggest first unless nothing is left to learn.  ``hazard``: see
    :func:`danger_of` (1: the table's advice)."""
    ahead = turns_until(players, me, out)
    danger = danger_of(threats, ahead, hazard)
    if rounds_left is not None and rounds_left <= 0:
        return Timing("final-bet", probability, danger, probability, threats, ahead, rounds_left)
    if rounds_left is not None and rounds_left <= 1:
        after_next = probability
    after_next = max(after_next, probability)
    if probability >= 1 - 1e-12:
        return Timing("accuse", probability, danger, after_next, threats, ahead, rounds_left)
    if my_turn and after_next > probability:
        return Timing("suggest-first", probability, danger, after_next, threats, ahead, rounds_left)
    accuse = probability > (1 - danger) * after_next
    return Timing("accuse" if accuse else "wait", probability, danger, after_next, threats, ahead, rounds_left)
