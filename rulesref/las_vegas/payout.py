"""Paying out a casino: ties cancel at any rank, the rest take the biggest money in turn.

>>> from rulesref.las_vegas.notation import parse_stakes
>>> from rulesref.las_vegas.editions import Edition, rules_for
>>> p = pay_casino(1, (90, 40), parse_stakes("Anna=5 Ben=3 Carla=1+big Denny=1"),
...                rules_for(Edition.ROYALE))
>>> p.awards
(('Anna', 90), ('Denny', 40))
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from rulesref.cite import Citation, cite
from rulesref.las_vegas.editions import GAME_ID, EditionRules
from rulesref.las_vegas.model import HOUSE, Casino, Stake


class Outcome(StrEnum):
    WON = "won"  # took a note or card
    TIED = "tied"  # cancelled by a tie
    NOTHING = "nothing"  # untied, but the money ran out before their turn


@dataclass(frozen=True)
class Entry:
    """One participant's result at one casino."""

    stake: Stake
    outcome: Outcome
    money: int | None = None  # thousands, when won
    place: int | None = None  # 1 = took the biggest money
    tied_with: tuple[str, ...] = ()

    @property
    def participant(self) -> str:
        return self.stake.participant

    @property
    def count(self) -> int:
        return self.stake.count


@dataclass(frozen=True)
class CasinoPayout:
    casino: int
    money: tuple[int, ...]  # biggest first
    entries: tuple[Entry, ...]  # most dice first
    leftovers: tuple[int, ...]  # money nobody took (biggest first)
    citations: tuple[Citation, ...]

    @property
    def awards(self) -> tuple[tuple[str, int], ...]:
        """(participant, money) for everyone who took money, the house included."""
        return tuple((e.participant, e.money) for e in self.entries if e.outcome is Outcome.WON and e.money is not None)

    @property
    def player_awards(self) -> tuple[tuple[str, int], ...]:
        return tuple(a for a in self.awards if a[0] != HOUSE)

    @property
    def house_takes(self) -> tuple[int, ...]:
        """Money the white dice won: out of the game."""
        return tuple(m for p, m in self.awards if p == HOUSE)

    @property
    def tie_groups(self) -> tuple[tuple[int, tuple[str, ...]], ...]:
        """(dice count, participants) for every cancelled group, biggest count first."""
        groups: dict[int, list[str]] = {}
        for e in self.entries:
            if e.outcome is Outcome.TIED:
                groups.setdefault(e.count, []).append(e.participant)
        return tuple((c, tuple(ps)) for c, ps in groups.items())


def pay_casino(number: int, money: Sequence[int], stakes: Sequence[Stake], rules: EditionRules) -> CasinoPayout:
    """Settle one casino.  Participants with no dice are ignored."""
    present = [s for s in stakes if s.count > 0]
    by_count = Counter(s.count for s in present)
    ordered = sorted(present, key=lambda s: (-s.count, s.participant == HOUSE))
    notes = sorted(money, reverse=True)
    entries: list[Entry] = []
    next_note = 0
    place = 0
    for s in ordered:
        if by_count[s.count] > 1:
            others = tuple(o.participant for o in present if o.count == s.count and o is not s)
            entries.append(Entry(s, Outcome.TIED, tied_with=others))
        elif next_note < len(notes):
            place += 1
            entries.append(Entry(s, Outcome.WON, money=notes[next_note], place=place))
            next_note += 1
        else:
            entries.append(Entry(s, Outcome.NOTHING))
    citations = [cite(rules.rules_section_payout)]
    if any(by_count[s.count] > 1 for s in present):
        citations.append(cite(f"{GAME_ID}/ties"))
    if any(s.big for s in present):
        citations.append(cite(f"{GAME_ID}/big-die"))
    if any(s.participant == HOUSE for s in present):
        citations.append(cite(f"{GAME_ID}/white-dice"))
    if next_note < len(notes) and rules.cards_per_casino is None:  # Royale's payout section covers its own
        citations.append(cite(f"{GAME_ID}/leftovers"))
    return CasinoPayout(
        casino=number,
        money=tuple(notes),
        entries=tuple(entries),
        leftovers=tuple(notes[next_note:]),
        citations=tuple(citations),
    )


def pay_round(casinos: Sequence[Casino], rules: EditionRules) -> tuple[CasinoPayout, ...]:
    return tuple(pay_casino(c.number, c.money, c.stakes, rules) for c in sorted(casinos, key=lambda c: c.number))


def next_start_player(payouts: Sequence[CasinoPayout]) -> str | None:
    """Royale: who starts the next round.

    The player who took the higher card at casino 6; the rule book looks at a lower casino
    only when nobody won anything at 6.  When the white dice took the higher card and a
    player the lower one, somebody did win there: that player starts (our reading, the
    white dice cannot start).  Only when no player won anything at a casino do we look
    one casino lower.
    """
    for p in sorted(payouts, key=lambda p: -p.casino):
        players = p.player_awards  # best first
        if players:
            return players[0][0]
    return None
