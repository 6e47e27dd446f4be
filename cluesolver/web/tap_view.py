"""What the Clue page's tap pad offers, and short names for the notebook's narrow columns.

The pad (``templates/clue_tap.html``, ``static/tap.js``) records every event of the log by
taps: it builds the same statement text one would type (the ``clue add`` grammar,
docs/clue-log-format.md) and posts it through the same route.  This module gives it its
data: the players in seat order, the notebook's owner and cards, each category's cards,
the face-down table slots, and the words of the edition's table
(:class:`~cluesolver.clue.variants.model.EditionRules`: a Lost in Vegas player bets and goes
all in).  :func:`draft_of` turns a recorded event back into the pad's draft, so a past line
can be re-entered by taps starting from what it says.

:func:`short_codes` gives each notebook column a label that fits a phone's column (the full
names stay in the table for screen readers, and in a legend).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from cluesolver.clue.record.events import (
    Accusation,
    Event,
    GameLog,
    Holds,
    HoldsNone,
    LooksAt,
    RoundEnd,
    Shown,
    Suggestion,
)
from rulesref.core.i18n import _, mark

if TYPE_CHECKING:
    from cluesolver.clue.variants.model import EditionRules

#: The statement verb of an accusation, by the edition's word for it (``EditionRules.accusation_word``).
ACCUSE_VERBS = {"all-in": "goes all in", "all in": "goes all in"}

#: Labels at most this long stay whole in the notebook's header; longer ones get a code.
SHORT_LABEL = 4


def verb_base(verb: str) -> str:
    """The plain form of a statement verb, for a button: 'suggests' -> 'suggest', 'bets' -> 'bet'."""
    for ending in ("sses", "shes", "ches", "xes", "zes"):
        if verb.endswith(ending):
            return verb[:-2]
    if verb.endswith("s") and not verb.endswith("ss"):
        return verb[:-1]
    return verb


@dataclass(frozen=True)
class PadWords:
    """The words of the edition's table: statement verbs and the pad's button labels."""

    suggest: str  # the statement verb: "suggests", "bets"
    suggest_label: str  # the button: "Suggest", "Bet"
    accuse: str  # the statement verb: "accuses", "goes all in"
    accuse_label: str  # the button: "Accuse", "All-in"
    clock: bool  # the edition has a clock: the pad offers the 'round' line

    @property
    def who_suggests(self) -> str:
        """The legend over the players for a suggestion, in English (``_()`` when shown): 'Who suggests'."""
        return f"Who {self.suggest}"

    @property
    def who_accuses(self) -> str:
        return f"Who {self.accuse}"

    @classmethod
    def of(cls, rules: EditionRules) -> PadWords:
        word = rules.accusation_word.strip()
        accuse = ACCUSE_VERBS.get(word.casefold(), "accuses")
        label = "Accuse" if word.casefold() in ("", "accusation") else word[:1].upper() + word[1:]
        suggest = rules.suggest_word.strip() or "suggests"
        return cls(suggest, verb_base(suggest).capitalize(), accuse, label, rules.clock)


#: The built-in editions' words on the pad (:class:`PadWords`), for the catalogue: the page
#: shows ``_(word)``; an edition file's own words stay as it writes them.
PAD_WORDS = (
    mark("Suggest"),
    mark("Bet"),
    mark("Accuse"),
    mark("All-in"),
    mark("Who suggests"),
    mark("Who bets"),
    mark("Who accuses"),
    mark("Who goes all in"),
)


def pad_texts() -> dict[str, str]:
    """What ``static/tap.js`` writes on the pad, in the page's language (``{line}``: a line number)."""
    return {
        "me": _(" (me)"),
        "passes": _("passes"),
        "shows": _("shows"),
        "showsCard": _("shows {card}"),
        "whichToShow": _("which to show?"),
        "nobodyShows": _("passes (nobody shows)"),
        "notAsked": _("not asked"),
        "implied": _("passes (implied)"),
        "oneEach": _("One card of each kind."),
        "one": _("One card."),
        "many": _("Every card it may be (tap again to take one off)."),
        "record": _("Record"),
        "replace": _("Replace line {line}"),
        "insert": _("Insert before line {line}"),
        "reentering": _("Re-entering line {line} by taps."),
        "inserting": _("Inserting before line {line} by taps."),
    }


@dataclass(frozen=True)
class PadCategory:
    id: str
    name: str
    cards: tuple[str, ...]


@dataclass(frozen=True)
class TapPad:
    """Everything the tap pad shows for one session."""

    key: str  # names the session's draft in the browser's storage
    players: tuple[str, ...]  # seat order, clockwise
    me: str | None
    my_cards: tuple[str, ...]
    categories: tuple[PadCategory, ...]
    slots: tuple[str, ...]  # two-player Lost in Vegas: face-down table cards
    words: PadWords
    standing: str  # the category a suggester stands in (room, location): preset from the room picker

    def to_json(self) -> dict[str, Any]:
        """What ``static/tap.js`` reads from the page (the chips themselves are in the HTML);
        ``lang: "et"`` when the page speaks Estonian: the pad then writes Estonian statements."""
        from rulesref.core.i18n import language

        data = {
            "key": self.key,
            "players": list(self.players),
            "me": self.me,
            "myCards": list(self.my_cards),
            "categories": [c.id for c in self.categories],
            "suggest": self.words.suggest,
            "accuse": self.words.accuse,
            "standing": self.standing,
        }
        if language() == "et":
            data["lang"] = "et"
        return data


def tap_pad(log: GameLog, key: str) -> TapPad:
    """The pad of a session whose log is ``log`` (``key``: the session's name)."""
    categories = tuple(PadCategory(c.id, c.display_name(), c.cards) for c in log.variant.categories)
    return TapPad(
        key,
        log.players,
        log.header.me,
        log.header.my_cards,
        categories,
        log.table_slots,
        PadWords.of(log.variant.rules),
        log.variant.standing_category().id,
    )


def draft_of(event: Event, players: tuple[str, ...]) -> dict[str, Any]:
    """A recorded event as the pad's draft (the shape ``static/tap.js`` keeps): re-entering a
    past line by taps starts from what it says.  Passes the reader implied are left out, as
    the pad leaves them out."""
    draft: dict[str, Any] = {"kind": "", "who": "", "viewer": "", "slot": "", "cards": [], "answers": []}
    draft.update(nobody=False, result="")
    if isinstance(event, Suggestion):
        explicit = [r for r in event.replies if not r.implied]
        draft.update(kind="suggest", who=event.suggester, cards=list(event.cards))
        if len(event.replies) == len(players) - 1 and all(r.passes for r in event.replies):
            draft["nobody"] = True
        else:
            draft["answers"] = [[r.player, "show" if r.shows else "pass", r.card or ""] for r in explicit]
    elif isinstance(event, Accusation):
        draft.update(kind="accuse", who=event.accuser, cards=list(event.cards))
        draft["result"] = "correct" if event.correct else "wrong"
    elif isinstance(event, Shown):
        draft.update(kind="shown", who=event.shower, viewer=event.viewer, cards=list(event.cards))
    elif isinstance(event, Holds):
        draft.update(kind="has", who=event.player, cards=[event.card])
    elif isinstance(event, HoldsNone):
        draft.update(kind="none", who=event.player, cards=list(event.cards))
    elif isinstance(event, LooksAt):
        draft.update(kind="looks", who=event.player, slot=event.slot, cards=[event.card] if event.card else [])
    elif isinstance(event, RoundEnd):
        draft["kind"] = "round"
    return draft


# ----------------------------------------------------------------------------- short names


def short_codes(labels: tuple[str, ...], limit: int = SHORT_LABEL) -> tuple[str, ...]:
    """A label for each column that fits a narrow column: the label itself when it is at most
    ``limit`` characters, else its words' initials ('Hotel key sleeve' -> 'HKS') or its first
    three letters ('Envelope' -> 'Env'), lengthened until no two columns share one.

    >>> short_codes(("Ann", "Ben", "Envelope", "Hotel key sleeve", "Magic Show"))
    ('Ann', 'Ben', 'Env', 'HKS', 'MS')
    >>> short_codes(("Hospital", "Hosting"))
    ('Hos', 'Host')
    """
    codes: list[str] = []
    for label in labels:
        if len(label) <= limit:
            codes.append(label)
            continue
        words = label.split()
        base = "".join(w[0].upper() for w in words) if len(words) > 1 else label[:3]
        code, extra = base[:limit], 0
        taken = set(codes) | {x for x in labels if len(x) <= limit and x != label}
        while code.casefold() in {c.casefold() for c in taken} and extra < len(label):
            extra += 1
            code = label.replace(" ", "")[: 3 + extra] if len(words) == 1 else base + words[-1][1 : 1 + extra]
        codes.append(code)
    return tuple(codes)
