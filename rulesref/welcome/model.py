"""What a table of Welcome to New Las Vegas looks like at the end: sheets as values.

The printed numbers of the sheet are not known to this project, so a sheet holds what
the player reads on it: the current (lowest visible) value of each zone, counts of what
was built, and the marks in the four streets.  Everything the rules decide (runs,
rankings, the bank, the safe, the winner) is computed from these values elsewhere.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import Enum

from rulesref.welcome.streets import Street

STREETS_PER_CITY = 4
AVENUES = 11
UNFILLED = "?"  # what the blank file from `welcome new` holds where a value is still to be entered
DEFAULT_BONUS_SET_SIZE = 2  # an online help page's figure; the printed sets are unknown
PRINTED_SAFE_BUNDLES = 1
FIRST_GAME_SAFE_BUNDLES = 3


class BankVote(Enum):
    LOAN = "loan"
    REFUSE = "refuse"


class Claim(Enum):
    """Which value of a project a player wrote: first to fulfil it (high) or later (low)."""

    HIGH = "high"
    LOW = "low"


class Colour(Enum):
    PINK = "pink"
    PURPLE = "purple"
    YELLOW = "yellow"


class Effect(Enum):
    CONSTRUCTION = "construction"
    IMPROVEMENT = "improvement"
    INAUGURATION = "inauguration"
    LIMO = "limo"
    SHOW = "show"


@dataclass(frozen=True)
class Counted:
    """How many of something a player has, and what one is worth on their sheet now."""

    count: int = 0
    value: int = 0
    avenues: tuple[int, ...] | None = None  # hotels only: which avenues, when the player says

    @property
    def points(self) -> int:
        return self.count * self.value


@dataclass(frozen=True)
class Hotels:
    large: Counted = Counted()
    small: Counted = Counted()

    @property
    def total(self) -> int:
        return self.large.count + self.small.count


@dataclass(frozen=True)
class Golf:
    par3: Counted = Counted()
    par4: Counted = Counted()
    par5: Counted = Counted()


@dataclass(frozen=True)
class ShowColumn:
    value: int = 0  # lowest visible number
    boxes: int | None = None  # show boxes crossed off, if given
    debts: int = 0  # debts of the column still circled (0-2): as written, else worked out
    expected_debts: int | None = None  # what the printed debt positions leave, when the table gives them


@dataclass(frozen=True)
class RedCarpets:
    """Red-carpet casinos of one kind that the limousine visited."""

    opened: int = 0  # visited and opened: these count
    unopened: int = 0  # visited but never opened: nothing
    value: int = 0  # lowest visible value (none for Mafia)


@dataclass(frozen=True)
class Limo:
    vip: RedCarpets = RedCarpets()
    luxury: RedCarpets = RedCarpets()
    mafia: RedCarpets = RedCarpets()
    missing_lines: int = 0  # fewest lines still needed to close the trip: as written, else worked out
    penalty: int = 0  # the most negative value visible (<= 0)
    trip: tuple[tuple[int, int], ...] | None = None  # lamps of the drawn trip, from its start, when given
    fewest_missing: int | None = None  # lines missing worked out from the trip (None: no trip, or no way back)


@dataclass(frozen=True)
class ProjectClaim:
    colour: Colour
    claim: Claim
    turn: int | None = None  # the turn it was fulfilled, if the player noted it
    derived: bool = False  # high/low worked out from the turns or the "first" list


@dataclass(frozen=True)
class Bonuses:
    """Bonuses used.  Free Action and Easy Opening leave the same marks on the sheet (a
    circled set, its debt crossed off), so ``free_or_easy`` counts uses that can be either."""

    free_action: int = 0
    easy_opening: int = 0
    extended_casino: int = 0
    free_or_easy: int = 0

    @property
    def crossed_debt(self) -> int:
        """Uses whose debt was crossed off: Free Action or Easy Opening, which look the same."""
        return self.free_action + self.easy_opening + self.free_or_easy

    @property
    def total(self) -> int:
        return self.crossed_debt + self.extended_casino


@dataclass(frozen=True)
class Inauguration:
    checked: int = 3  # boxes crossed off, counting the 3 printed ones
    circled: int | None = None  # boxes circled for bonuses (default: bonuses x set size)
    improved: bool = False  # the 10/5/2 box crossed off: 15/8/0 instead
    last_box: bool = False  # the box after the scissors is checked


@dataclass(frozen=True)
class DeclaredDebts:
    """Debts the player says are still circled; check compares them with the sheet."""

    construction: int | None = None
    extended_casino: int | None = None
    show: int | None = None


@dataclass(frozen=True)
class Sheet:
    name: str
    streets: tuple[Street, ...]
    street_bonus: tuple[int, ...]
    hotels: Hotels = Hotels()
    golf: Golf = Golf()
    shows: tuple[ShowColumn, ...] = (ShowColumn(), ShowColumn())
    limo: Limo = Limo()
    projects: tuple[ProjectClaim, ...] = ()
    inauguration: Inauguration = Inauguration()
    bonuses: Bonuses = Bonuses()
    bank: BankVote | None = None
    safe_start: int | None = None  # bundles before the bank (default 1, or 3 in a first game)
    debts: DeclaredDebts = DeclaredDebts()
    line: int | None = None  # where the player starts in the file
    lines: Mapping[str, int] = field(default_factory=dict, hash=False, compare=False)  # key -> line in the file

    def claim(self, colour: Colour) -> ProjectClaim | None:
        return next((p for p in self.projects if p.colour is colour), None)


@dataclass(frozen=True)
class Project:
    colour: Colour
    high: int
    low: int
    name: str | None = None
    first: tuple[str, ...] | None = None  # who the table agrees fulfilled it first
    line: int | None = None

    def points(self, claim: Claim) -> int:
        return self.high if claim is Claim.HIGH else self.low


@dataclass(frozen=True)
class DomainValue:
    basic: int
    improved: int
    threshold: int  # Improvement cards ACME needs for the improved value


ACME_DOMAINS = ("inauguration", "shows", "hotels", "streets", "golf", "limo")


@dataclass(frozen=True)
class Acme:
    """The solo opponent: its pile of cards and the values of its Architect card."""

    stack: tuple[Effect, ...]
    values: dict[str, DomainValue] = field(hash=False)
    crane: int = 0  # crane modifier added to its Construction cards
    bank_threshold: int = 0  # hidden card >= this: ACME asked for a loan
    hidden_card: int = 0
    hotels: int = 0  # hotels marked "A"
    projects: tuple[ProjectClaim, ...] = ()
    card: str | None = None  # name of the Architect card, for display
    name: str = "ACME"

    def count(self, effect: Effect) -> int:
        return sum(1 for e in self.stack if e is effect)

    def claim(self, colour: Colour) -> ProjectClaim | None:
        return next((p for p in self.projects if p.colour is colour), None)


@dataclass(frozen=True)
class Blank:
    """A value the blank table file left as ``"?"`` and that is still to be entered."""

    owner: str  # the player's name, "ACME", "pink project", or "" for the top of the file
    zone: str  # the part of the sheet: "bank", "hotels", "projects" ...
    name: str  # the value within the zone, e.g. "large value" ("" when the zone is one value)
    line: int | None = None


@dataclass(frozen=True)
class PrintedSheet:
    """What every sheet of the table has printed, when the table file gives it."""

    show_debts: tuple[tuple[int, ...], ...] | None = None  # per show column: the boxes beside its 2 debts
    limo_lamps: tuple[int, int] | None = None  # the limo map as a grid of lamps: rows, columns


@dataclass(frozen=True)
class Table:
    players: tuple[Sheet, ...]
    projects: tuple[Project, ...] = ()
    first_game: bool = False
    bonus_set_size: int = DEFAULT_BONUS_SET_SIZE
    inauguration_track: int | None = None  # boxes on the printed track, if given
    acme: Acme | None = None
    title: str | None = None
    path: str | None = None
    blanks: tuple[Blank, ...] = ()  # values still "?" (check reports them, score refuses)
    printed: PrintedSheet = PrintedSheet()

    def project(self, colour: Colour) -> Project | None:
        return next((p for p in self.projects if p.colour is colour), None)

    @property
    def solo(self) -> bool:
        return self.acme is not None
