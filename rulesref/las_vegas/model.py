"""Value objects for a game of Las Vegas: stakes, casinos, rounds, the game.

Everything is frozen; money is in thousands of dollars.  A *participant* is a player's
name or :data:`HOUSE`, the white dice on a casino taken together.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from rulesref.las_vegas.editions import Edition, EditionRules, rules_for

#: The name under which all white (neutral) dice on a casino take part.
HOUSE = "white"
HOUSE_ALIASES = ("white", "house", "neutral")
CASINOS = (1, 2, 3, 4, 5, 6)


@dataclass(frozen=True)
class Stake:
    """The dice one participant has on one casino when the round ends."""

    participant: str
    small: int = 0
    big: int = 0  # big dice here (each counts as 2); more than one is a rule problem
    bonus: int = 0  # dice added by a casino tile (Prime Time); not from the player's own stock

    @property
    def count(self) -> int:
        """The number compared at payout: the big die counts as two."""
        return self.small + 2 * self.big + self.bonus

    @property
    def is_house(self) -> bool:
        return self.participant == HOUSE


@dataclass(frozen=True)
class Casino:
    number: int
    money: tuple[int, ...]  # thousands, as stocked (any order)
    stakes: tuple[Stake, ...] = ()

    def stake_of(self, participant: str) -> Stake | None:
        for s in self.stakes:
            if s.participant == participant:
                return s
        return None

    @property
    def total(self) -> int:
        return sum(self.money)


@dataclass(frozen=True)
class TileReward:
    """Money cards and chips a player took from a Royale casino tile (entered as results)."""

    player: str
    money: tuple[int, ...] = ()
    chips: int = 0
    what: str = ""
    tile: str = ""  # the tile's name when the file gives it (``tile`` key, or ``what`` starting with it)
    casino: int | None = None  # the casino the tile lies beside, when the file says


@dataclass(frozen=True)
class Round:
    number: int
    casinos: tuple[Casino, ...]
    chips_spent: tuple[tuple[str, int], ...] = ()  # Royale: chips handed in for passes
    chips_kept: tuple[tuple[str, int], ...] | None = None  # Royale: stated holdings after the round
    tiles: tuple[TileReward, ...] = ()
    start: str | None = None  # stated start player, if any

    def casino(self, number: int) -> Casino | None:
        for c in self.casinos:
            if c.number == number:
                return c
        return None


@dataclass(frozen=True)
class Game:
    edition: Edition
    players: tuple[str, ...]
    rounds: tuple[Round, ...]
    white_dice: bool = False
    big_die: bool = False
    title: str = ""
    source: str | None = None  # path of the file it came from
    lines: dict[str, int] = field(default_factory=dict, compare=False, hash=False)

    @property
    def rules(self) -> EditionRules:
        return rules_for(self.edition)

    @property
    def small_dice(self) -> int:
        """Small dice each player owns."""
        return self.rules.dice_per_player - (1 if self.big_die else 0)

    def line_of(self, key: str) -> int | None:
        """Line of a located part of the file, keyed like ``"round 2 casino 3"``."""
        return self.lines.get(key)
