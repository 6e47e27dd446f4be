"""Random but honest games: a deal, suggestions answered truthfully, as a log.

Used by the benchmarks, the property tests and the self-play simulator.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from cluesolver.clue.record.constraints import ENVELOPE
from cluesolver.clue.record.events import Accusation, GameLog, Header, Reply, Suggestion
from cluesolver.clue.variants import Variant


@dataclass(frozen=True)
class Deal:
    """Who holds what: card → holder (player name or ``envelope``)."""

    owner: dict[str, str]

    def hand(self, player: str) -> list[str]:
        return [c for c, h in self.owner.items() if h == player]

    def envelope(self) -> list[str]:
        return [c for c, h in self.owner.items() if h == ENVELOPE]


def deal(variant: Variant, players: list[str], rng: random.Random) -> Deal:
    owner: dict[str, str] = {}
    rest: list[str] = []
    for cat in variant.categories:
        cards = list(cat.cards)
        pick = rng.choice(cards)
        owner[pick] = ENVELOPE
        rest.extend(c for c in cards if c != pick)
    rng.shuffle(rest)
    for i, card in enumerate(rest):
        owner[card] = players[i % len(players)]
    return Deal(owner)


def answer(
    deal: Deal, suggester: str, cards: tuple[str, ...], players: list[str], me: str | None, rng: random.Random
) -> tuple[Reply, ...]:
    """The replies an honest table gives, as ``me`` would record them."""
    i = players.index(suggester)
    replies = []
    for k in range(1, len(players)):
        p = players[(i + k) % len(players)]
        have = [c for c in cards if deal.owner[c] == p]
        if not have:
            replies.append(Reply(p, False))
            continue
        shown = rng.choice(have)
        replies.append(Reply(p, True, shown if me in (suggester, p) else None))
        break
    return tuple(replies)


def random_log(
    variant: Variant, n_players: int, turns: int, rng: random.Random, spectator: bool = False, accusations: bool = True
) -> tuple[GameLog, Deal]:
    players = [f"P{i + 1}" for i in range(n_players)]
    d = deal(variant, players, rng)
    me = None if spectator else players[0]
    header = Header(
        game=variant.id,
        players=tuple(players),
        me=me,
        my_cards=tuple(c for c in variant.card_names if d.owner[c] == me) if me else (),
    )
    events: list = []
    line = 10
    for t in range(turns):
        who = players[t % n_players]
        cards = tuple(rng.choice(cat.cards) for cat in variant.categories)
        if accusations and rng.random() < 0.04:
            correct = all(d.owner[c] == ENVELOPE for c in cards)
            events.append(Accusation(line, who, cards, correct))
            if correct:
                break
        else:
            events.append(Suggestion(line, who, cards, answer(d, who, cards, players, me, rng)))
        line += 1
    return GameLog(header=header, variant=variant, events=tuple(events)), d
