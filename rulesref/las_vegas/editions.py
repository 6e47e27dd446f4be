"""The three editions and the numbers each one plays with.

Money is counted in thousands of dollars throughout the engine (``90`` is a $90,000
note or card); only the CLI and JSON turn it into dollars.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from rulesref.core.errors import Problem, UnknownNameError
from rulesref.core.i18n import number, p_
from rulesref.core.names import closest

GAME_ID = "las-vegas"

#: The base game's 54 notes, value (thousands) -> how many.
BASE_NOTES: tuple[tuple[int, int], ...] = (
    (10, 6),
    (20, 8),
    (30, 8),
    (40, 6),
    (50, 6),
    (60, 5),
    (70, 5),
    (80, 5),
    (90, 5),
)
#: Boulevard shuffles five $100,000 notes into the base notes.
BOULEVARD_NOTES: tuple[tuple[int, int], ...] = BASE_NOTES + ((100, 5),)
#: Royale's 90 money cards.
ROYALE_CARDS: tuple[tuple[int, int], ...] = (
    (30, 11),
    (40, 11),
    (50, 13),
    (60, 15),
    (70, 13),
    (80, 11),
    (90, 9),
    (100, 7),
)


class Edition(StrEnum):
    BASE = "base"
    BOULEVARD = "boulevard"
    ROYALE = "royale"

    @classmethod
    def parse(cls, text: str) -> Edition:
        """``"Royale"``, ``"las-vegas-royale"``, ``"base"`` ... -> an edition."""
        key = text.strip().lower().replace("_", "-").removeprefix("las-vegas-").removeprefix("las vegas ")
        key = {"basic": "base", "classic": "base", "las-vegas": "base"}.get(key, key)
        try:
            return cls(key)
        except ValueError:
            names = [e.value for e in cls]
            raise UnknownNameError(
                Problem(
                    "unknown edition",
                    text=text,
                    choices=closest(key, names, cutoff=0.3) or tuple(names),
                )
            ) from None


class Figure(StrEnum):
    """A figure of a player's standing (a field of :class:`rulesref.las_vegas.scoring.Standing`)."""

    MONEY = "money"  # thousands taken in notes (cards), tile money included
    NOTES = "notes"  # how many notes (cards) taken: the tie-break
    CHIPS = "chips"  # Royale chips held
    TOTAL = "total"  # money and chips at their value


@dataclass(frozen=True)
class EditionRules:
    """What an edition fixes: players, dice, rounds, money supply, stocking rule."""

    edition: Edition
    title: str
    min_players: int
    max_players: int
    rounds: int
    dice_per_player: int  # all dice a player owns, the big die included
    big_die: bool  # whether each player owns a big die by default
    supply: tuple[tuple[int, int], ...]
    minimum_stake: int | None  # thousands a casino must reach (base stocking)
    overstock_is_checkable: bool  # whether "more than needed" can be flagged
    cards_per_casino: int | None  # Royale: exactly two
    chips_per_round: int
    chip_value: int
    white_dice_max_players: int = 4
    white_dice_in_play: int = 8

    @property
    def denominations(self) -> tuple[int, ...]:
        return tuple(value for value, _ in self.supply)

    def supply_of(self, value: int) -> int:
        return dict(self.supply).get(value, 0)

    @property
    def supply_count(self) -> int:
        """How many notes (cards) the game has."""
        return sum(n for _, n in self.supply)

    @property
    def supply_total(self) -> int:
        """All the money in the game, in thousands."""
        return sum(v * n for v, n in self.supply)

    @property
    def money_word(self) -> str:
        return "card" if self.edition is Edition.ROYALE else "note"

    @property
    def money_heading(self) -> str:
        """The heading of how many notes (cards) a player took: ``Notes`` or ``Cards``."""
        return f"{self.money_word.capitalize()}s"

    @property
    def chips_count(self) -> bool:
        """Whether chips add to a player's total (Royale): then money and total differ."""
        return self.chip_value > 0

    @property
    def standing_columns(self) -> tuple[tuple[str, Figure], ...]:
        """A standing's figures after place and player, by column name.

        Every edition has the money and the notes (cards) taken, the tie-break; where chips
        count (Royale) it adds the chips and the total of money and chips.
        """
        if self.chips_count:
            return (
                ("Money", Figure.MONEY),
                (self.money_heading, Figure.NOTES),
                ("Chips", Figure.CHIPS),
                ("Total", Figure.TOTAL),
            )
        return (("Money", Figure.MONEY), (self.money_heading, Figure.NOTES))

    @property
    def running_columns(self) -> tuple[tuple[str, Figure], ...]:
        """The running figures after each round: where chips do not count, the money so far is the total."""
        if self.chips_count:
            return self.standing_columns
        return (("Total", Figure.TOTAL), (self.money_heading, Figure.NOTES))

    @property
    def rules_section_payout(self) -> str:
        return f"{GAME_ID}/royale-payout" if self.edition is Edition.ROYALE else f"{GAME_ID}/payout"

    @property
    def rules_section_money(self) -> str:
        return {
            Edition.BASE: f"{GAME_ID}/money",
            Edition.BOULEVARD: f"{GAME_ID}/boulevard-money",
            Edition.ROYALE: f"{GAME_ID}/royale-cards",
        }[self.edition]


RULES: dict[Edition, EditionRules] = {
    Edition.BASE: EditionRules(
        edition=Edition.BASE,
        title="Las Vegas",
        min_players=2,
        max_players=5,
        rounds=4,
        dice_per_player=8,
        big_die=False,
        supply=BASE_NOTES,
        minimum_stake=50,
        overstock_is_checkable=True,
        cards_per_casino=None,
        chips_per_round=0,
        chip_value=0,
    ),
    Edition.BOULEVARD: EditionRules(
        edition=Edition.BOULEVARD,
        title="Las Vegas Boulevard",
        min_players=2,
        max_players=8,
        rounds=4,
        dice_per_player=8,
        big_die=True,
        supply=BOULEVARD_NOTES,
        minimum_stake=50,
        overstock_is_checkable=False,
        cards_per_casino=None,
        chips_per_round=0,
        chip_value=0,
    ),
    Edition.ROYALE: EditionRules(
        edition=Edition.ROYALE,
        title="Las Vegas Royale",
        min_players=2,
        max_players=5,
        rounds=3,
        dice_per_player=8,
        big_die=True,
        supply=ROYALE_CARDS,
        minimum_stake=None,
        overstock_is_checkable=False,
        cards_per_casino=2,
        chips_per_round=2,
        chip_value=10,
    ),
}


def rules_for(edition: Edition) -> EditionRules:
    return RULES[edition]


def dollars(thousands: int) -> str:
    """``90`` -> ``"$90,000"`` (Estonian: ``$90 000``, as the language writes numbers)."""
    return "$" + number(thousands * 1000)


def money_word(rules: EditionRules, many: bool = False) -> str:
    """The edition's money (``note`` or ``card``, ``notes`` or ``cards``) in the language spoken now."""
    if rules.money_word == "card":
        return p_("money", "cards") if many else p_("money", "card")
    return p_("money", "notes") if many else p_("money", "note")
