"""What a ``.clue`` log holds: its header and its events, as small value objects.

The format is the contract in ``docs/clue-log-format.md``; :mod:`.reader` reads it
(every problem at once, located) and :mod:`.writer` writes the canonical form.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import NamedTuple, Union

from cluesolver.clue.variants import Variant
from rulesref.core.errors import InputError, Problem, UnknownNameError
from rulesref.core.i18n import _
from rulesref.core.names import closest
from rulesref.core.text import clip as quote

#: How alike a word must be to a player, keyword or location to be offered as a choice.
NAME_CUTOFF = 0.4


class LogLimits(NamedTuple):
    """How much of a log is read: real lines are under 200 characters, names under 20.  (A
    named tuple: a frozen dataclass would cost every command about 0.7 ms to define.)"""

    max_line: int = 1000  # characters in one line
    max_name: int = 40  # characters in a player's name
    max_problems: int = 100  # problems reported before "and N more"
    max_digits: int = 3  # digits in a hand size


DEFAULT_LIMITS = LogLimits()


def typed(text: str, what: str = "the text") -> str:
    """``text`` as typed on a command line; bytes that were not UTF-8 are refused (exit 2).

    Python keeps such bytes of ``argv`` as lone surrogates, which no file or terminal can hold.
    """
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        shown = text.encode("utf-8", "backslashreplace").decode("utf-8")
        raise InputError(Problem(f"{what} is not UTF-8 text", text=quote(shown))) from None
    return text


HEADER_KEYS = ("game", "players", "me", "hands", "my cards", "table")
#: The words of the statements, as an entry line offers them for completion.
KEYWORDS = (
    "suggests",
    "bets",
    "accuses",
    "goes all in",
    "passes",
    "shows",
    "nobody shows",
    "has",
    "has none of",
    "looks at",
    "round",
    "wrong",
    "correct",
    "a card from",
    "with the",
    "in the",
)

# ----------------------------------------------------------------------------- model


@dataclass(frozen=True)
class Reply:
    """One player's answer to a suggestion."""

    player: str
    shows: bool
    card: str | None = None  # the card, when the log may name it
    implied: bool = field(default=False, compare=False)  # a pass taken from a skipped player

    @property
    def passes(self) -> bool:
        return not self.shows


@dataclass(frozen=True)
class Suggestion:
    """``Ben suggests Plum, Rope, Library`` and the answers, clockwise from the suggester's left."""

    line: int = field(compare=False)
    suggester: str
    cards: tuple[str, ...]
    replies: tuple[Reply, ...] = ()

    @property
    def shower(self) -> str | None:
        return next((r.player for r in self.replies if r.shows), None)


@dataclass(frozen=True)
class Accusation:
    """``Dan accuses Plum, Wrench, Hall; wrong``."""

    line: int = field(compare=False)
    accuser: str
    cards: tuple[str, ...]
    correct: bool


@dataclass(frozen=True)
class Holds:
    """``Ben has Knife``: seen some other way."""

    line: int = field(compare=False)
    player: str
    card: str


@dataclass(frozen=True)
class HoldsNone:
    """``Ben has none of Knife, Rope``."""

    line: int = field(compare=False)
    player: str
    cards: tuple[str, ...]


@dataclass(frozen=True)
class Shown:
    """A card passed between two players outside a suggestion."""

    line: int = field(compare=False)
    shower: str
    viewer: str
    cards: tuple[str, ...]  # the cards it was one of
    card: str | None = None  # named when the log's owner is shower or viewer


@dataclass(frozen=True)
class LooksAt:
    """Two-player Lost in Vegas: a player looks at a face-down table card."""

    line: int = field(compare=False)
    player: str
    slot: str
    card: str | None = None


@dataclass(frozen=True)
class RoundEnd:
    """The end of a round (Lost in Vegas: the clock moves on)."""

    line: int = field(compare=False)


Event = Union[Suggestion, Accusation, Holds, HoldsNone, Shown, LooksAt, RoundEnd]


@dataclass(frozen=True)
class Header:
    """The header lines: game, players in seating order, whose notebook, hands, my cards, table."""

    game: str
    players: tuple[str, ...]
    me: str | None = None
    hands: tuple[int, ...] | None = None  # as written; None = the default deal
    my_cards: tuple[str, ...] = ()
    table: tuple[str, ...] = ()
    lines: dict[str, int] = field(default_factory=dict, compare=False)


@dataclass(frozen=True)
class GameLog:
    """A parsed ``.clue`` log: its header, its game (variant) and its events in order."""

    header: Header
    variant: Variant = field(compare=False)
    events: tuple[Event, ...] = ()
    path: str | None = field(default=None, compare=False)

    @property
    def players(self) -> tuple[str, ...]:
        return self.header.players

    @property
    def hand_sizes(self) -> tuple[int, ...]:
        if self.header.hands is not None:
            return self.header.hands
        return self.variant.default_hands(len(self.players), len(self.header.table))

    @property
    def table_slots(self) -> tuple[str, ...]:
        return self.header.table

    def upto(self, line: int | None) -> GameLog:
        """The log as it stood after file line ``line`` (header always kept)."""
        if line is None:
            return self
        return replace(self, events=tuple(e for e in self.events if e.line <= line))

    def without_last(self) -> GameLog:
        return replace(self, events=self.events[:-1])

    def match_player(self, text: str) -> str:
        """The player ``text`` names (ignoring case); UnknownNameError with the closest names."""
        key = typed(text, "a player's name").strip().casefold()
        for p in self.players:
            if p.casefold() == key:
                return p
        raise UnknownNameError(
            Problem(_("unknown player"), text=text, choices=closest(text, self.players, cutoff=NAME_CUTOFF))
        )
