"""A dealt table game for the table tests: a seeded deal, honest answers, and the record
each seat should have, built here from the deal alone (never from the table code).

:class:`DealtGame` plays turns in seat order: each suggestion names a random card of each
category, the first player clockwise holding one shows one of them (picked at random); a
player who can name the envelope accuses (correctly) and the game ends.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from cluesolver.clue import variants
from cluesolver.clue.record.constraints import ENVELOPE
from cluesolver.clue.record.events import Accusation, GameLog, Header, Reply, Suggestion
from cluesolver.clue.record.simulate import Deal, deal
from cluesolver.clue.record.writer import format_log

PLAYERS = ("Ann", "Ben", "Cat", "Dan")
#: A hand-made deal of classic (envelope: Mrs. Peacock, Lead Pipe, Billiard Room).
HANDS = {
    "Ann": ["Scarlet", "Mustard", "Green", "Ballroom", "Lounge"],
    "Ben": ["White", "Candlestick", "Wrench", "Dining Room", "Conservatory"],
    "Cat": ["Rope", "Kitchen", "Hall", "Study"],
    "Dan": ["Plum", "Knife", "Revolver", "Library"],
}


@dataclass(frozen=True)
class Turn:
    """One turn: the public statement, who showed which card to whom (None: nobody showed,
    or an accusation)."""

    statement: str
    event: Suggestion | Accusation
    shower: str | None
    card: str | None

    @property
    def suggester(self) -> str:
        return self.event.suggester if isinstance(self.event, Suggestion) else self.event.accuser


@dataclass
class DealtGame:
    seed: int
    game: str = "classic"
    players: tuple[str, ...] = PLAYERS
    deal: Deal = field(init=False)
    turns: list[Turn] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.rng = random.Random(self.seed)
        self.variant = variants.get(self.game)
        self.deal = deal(self.variant, list(self.players), self.rng)

    def hand(self, seat: str) -> list[str]:
        """The seat's cards in the edition's order."""
        return [c for c in self.variant.card_names if self.deal.owner[c] == seat]

    def envelope(self) -> tuple[str, ...]:
        return tuple(c for c in self.variant.card_names if self.deal.owner[c] == ENVELOPE)

    def play(self, line: int, *, accuse_after: int | None = None) -> Turn:
        """The next turn, whose statement will be on ``line``; from turn ``accuse_after`` on
        the player to move accuses the envelope."""
        who = self.players[len(self.turns) % len(self.players)]
        if accuse_after is not None and len(self.turns) >= accuse_after:
            cards = self.envelope()
            event: Suggestion | Accusation = Accusation(line, who, cards, True)
            turn = Turn(f"{who} accuses {', '.join(cards)}; correct", event, None, None)
        else:
            cards = tuple(self.rng.choice(cat.cards) for cat in self.variant.categories)
            i = self.players.index(who)
            replies: list[Reply] = []
            shower = card = None
            for k in range(1, len(self.players)):
                p = self.players[(i + k) % len(self.players)]
                have = [c for c in cards if self.deal.owner[c] == p]
                if have:
                    shower, card = p, self.rng.choice(have)
                    replies.append(Reply(p, True))
                    break
                replies.append(Reply(p, False))
            event = Suggestion(line, who, cards, tuple(replies))
            answers = "; ".join(f"{r.player} {'shows' if r.shows else 'passes'}" for r in replies)
            turn = Turn(f"{who} suggests {', '.join(cards)}; {answers}", event, shower, card)
        self.turns.append(turn)
        return turn

    def record(self, seat: str, *, hand: bool = True) -> str:
        """The ``.clue`` text of the record ``seat`` should have after the turns so far: its
        hand (when entered) and the cards shown to it or by it."""
        events = []
        for t in self.turns:
            e = t.event
            if isinstance(e, Suggestion) and t.card is not None and hand and seat in (e.suggester, t.shower):
                e = Suggestion(e.line, e.suggester, e.cards, (*e.replies[:-1], Reply(t.shower or "", True, t.card)))
            events.append(e)
        header = Header(
            game=self.game,
            players=self.players,
            me=seat if hand else None,
            my_cards=tuple(self.hand(seat)) if hand else (),
        )
        return format_log(GameLog(header=header, variant=self.variant, events=tuple(events)))
