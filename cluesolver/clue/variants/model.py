"""A Clue edition as data: categories, cards and aliases, and how names are matched."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import NamedTuple

from rulesref.core.errors import Problem, UnknownNameError
from rulesref.core.i18n import _, language
from rulesref.core.names import closest

#: Every ASCII character that is not a letter or a digit, as a space (:func:`normalise`).
_ASCII_SPACES = str.maketrans({chr(i): " " for i in range(128) if not chr(i).isalnum()})


def normalise(text: str) -> str:
    """Fold a name for matching: case, accents, punctuation and a leading 'the'.

    ASCII text (almost every name a log holds) takes a shortcut with the same result: it
    has no accents to take apart, and its case folds as ``lower()`` does.
    """
    if text.isascii():
        words = text.lower().translate(_ASCII_SPACES).split()
    else:
        import unicodedata  # loaded only for names beyond ASCII

        folded = unicodedata.normalize("NFKD", text.casefold())
        words = "".join(ch if ch.isalnum() else " " for ch in folded if not unicodedata.combining(ch)).split()
    if words and words[0] == "the" and len(words) > 1:
        words = words[1:]
    return " ".join(words)


#: Names in another language than English: ``(("et", "Küünlajalg"),)`` - a tuple of pairs,
#: so that the value objects stay hashable.
Names = tuple[tuple[str, str], ...]


def _in(names: Names, lang: str) -> str | None:
    return next((n for code, n in names if code == lang), None)


#: Estonian case endings (and the plural's ``de``/``te`` before them), longest first, as
#: :func:`normalise` writes them (no accents).
_ENDINGS = tuple(
    sorted(
        {
            *("dega", "tega", "desse", "tesse", "des", "tes", "dest", "test", "del", "tel", "dele", "tele"),
            *("sse", "ga", "st", "lt", "le", "ks", "ni", "na", "ta", "s", "l", "t", "d", "i", "e"),
        },
        key=len,
        reverse=True,
    )
)
#: Estonian consonant gradation writes g/k, b/p, d/t and single/double letters for one stem
#: (köök - köögi, tuba - toa, talveaed - talveaia): they are folded together.
_GRADES = str.maketrans({"g": "k", "b": "p", "d": "t"})


def fold(word: str) -> str:
    """``word`` (normalised) with Estonian gradation folded: ``kook`` and ``koogi`` -> ``kok``, ``koki``."""
    word = word.translate(_GRADES)
    return "".join(ch for i, ch in enumerate(word) if i == 0 or ch != word[i - 1])


def inflection_match(word: str, name: str) -> bool:
    """Whether ``word`` (normalised) is an inflected form of the one-word ``name`` (normalised):
    a case ending taken off (or none), the stems folded by :func:`fold`, then the stem
    starts with the name, or they share all of the name but its last one to three letters
    (as the name is longer) and differ in length by at most three.

    >>> [inflection_match(w, "kois") for w in ("koiega", "koit", "koie", "kook")]
    [True, True, True, False]
    >>> inflection_match("soogitoas", "soogituba"), inflection_match("koogis", "kook")
    (True, True)
    """
    target = fold(name)
    if len(target) < 3:
        return False
    stems = [word, *(word[: -len(e)] for e in _ENDINGS if word.endswith(e) and len(word) - len(e) >= 3)]
    slack = 1 if len(target) <= 4 else 2 if len(target) <= 7 else 3
    need = max(3, len(target) - slack)
    for stem in stems:
        folded = fold(stem)
        if len(folded) < 3 or abs(len(folded) - len(target)) > 3:
            continue
        if folded.startswith(target):
            return True
        common = next((i for i, (a, b) in enumerate(zip(folded, target)) if a != b), min(len(folded), len(target)))
        if common >= need:
            return True
    return False


@dataclass(frozen=True)
class Card:
    """A card: its name, its category's id and the other spellings a log may use.

    ``names``: what the edition's printed cards call it in another language (the Estonian
    rulebook's ``Küünlajalg``), shown when that language is spoken and read as an alias.
    """

    name: str
    category: str
    aliases: tuple[str, ...] = ()
    names: Names = ()


@dataclass(frozen=True)
class Category:
    """A category (suspect, weapon, room ...): its cards in the edition's order."""

    id: str
    name: str
    cards: tuple[str, ...]
    aliases: tuple[str, ...] = ()
    names: Names = ()  # its name in other languages (``Relv``)

    def display_name(self, lang: str | None = None) -> str:
        """The category's name in ``lang`` (default: the language spoken now)."""
        return _in(self.names, lang or language()) or self.name


#: The rule books an edition's checks may cite (``rulesref/rules/*.toml``).
RULE_BOOKS = ("clue", "clue-lost-in-vegas")


class EditionRules(NamedTuple):
    """What an edition's rules add to the classic game, as data (a variant file's ``[rules]``).

    ``book``: the rule book its checks cite (one of :data:`RULE_BOOKS`).  ``clock``: the Lost
    in Vegas clock - turns go round to 4 PM, each player may go all in once instead of an
    accusation, and at 4 PM everyone still in writes a final bet.  ``suggest_word``: the
    verb of a suggestion at this table (a Lost in Vegas player "bets").  ``accusation_word``:
    what an accusation is called there ("all-in").  (A named tuple: a frozen dataclass would
    cost every command about 0.7 ms to define.)
    """

    book: str = "clue"
    clock: bool = False
    suggest_word: str = "suggests"
    accusation_word: str = "accusation"


CLASSIC_RULES = EditionRules()


@dataclass(frozen=True)
class Variant:
    """An edition: its categories and cards, the players it takes, where it was read from."""

    id: str
    name: str
    categories: tuple[Category, ...]
    cards: tuple[Card, ...]
    aliases: tuple[str, ...] = ()
    min_players: int = 2
    max_players: int = 6
    two_player_table: int = 0  # face-down table cards in a two-player game
    envelope_name: str = "envelope"
    provisional: tuple[str, ...] = ()  # card names not confirmed by any source
    source: str = "built-in"
    base: str = ""  # the built-in edition this one follows ("" = itself)
    rules: EditionRules = CLASSIC_RULES  # what its rules add: a clock, the words at its table
    names: Names = ()  # the edition's name in other languages
    envelope_names: Names = ()  # the envelope's name in other languages (``ümbrik``)
    _index: dict[str, tuple[str, ...]] = field(default_factory=dict, compare=False, repr=False)
    _shown: dict[str, dict[str, str]] = field(default_factory=dict, compare=False, repr=False)

    def __post_init__(self) -> None:
        index: dict[str, set[str]] = {}
        for card in self.cards:
            for spelling in (card.name, *card.aliases, *(n for _lang, n in card.names)):
                index.setdefault(normalise(spelling), set()).add(card.name)
            for lang, name in card.names:
                self._shown.setdefault(lang, {})[card.name] = name
        self._index.update({k: tuple(sorted(v)) for k, v in index.items()})

    # -- names as people read them ---------------------------------------------------

    def display_name(self, card: str, lang: str | None = None) -> str:
        """``card`` (a canonical name) as the edition names it in ``lang`` (default: the
        language spoken now); the canonical name when it has no name of its own there."""
        shown = self._shown.get(lang or language())
        return card if shown is None else shown.get(card, card)

    def display_names(self, cards: Iterable[str], lang: str | None = None) -> list[str]:
        return [self.display_name(c, lang) for c in cards]

    def display_title(self, lang: str | None = None) -> str:
        """The edition's name in ``lang`` (default: the language spoken now)."""
        return _in(self.names, lang or language()) or self.name

    def display_envelope(self, lang: str | None = None) -> str:
        """What the edition calls its envelope in ``lang`` (``hotel key sleeve``, ``ümbrik``)."""
        return _in(self.envelope_names, lang or language()) or self.envelope_name

    @property
    def family(self) -> str:
        """The edition whose rules apply: a user file extending Lost in Vegas plays its clock."""
        return self.base or self.id

    @property
    def card_names(self) -> tuple[str, ...]:
        return tuple(c.name for c in self.cards)

    def card(self, name: str) -> Card:
        for c in self.cards:
            if c.name == name:
                return c
        raise UnknownNameError(Problem(f"no card {name!r} in {self.id}"))

    def category_of(self, card_name: str) -> str:
        return self.card(card_name).category

    def match_card(self, text: str) -> str:
        """The canonical name of the card ``text`` means; raise on unknown or ambiguous.

        Matching ignores case, accents, punctuation and a leading "the", and accepts
        aliases and a unique prefix (of the name or of any of its words).
        """
        names = self.candidates(text)
        if len(names) == 1:
            return names[0]
        if names:
            raise UnknownNameError(
                Problem(_("ambiguous card"), text=text.strip(), choices=tuple(self.display_names(names)))
            )
        raise UnknownNameError(
            Problem(_("unknown card"), text=text.strip(), choices=tuple(self.display_names(self.closest(text))))
        )

    def candidates(self, text: str) -> tuple[str, ...]:
        key = normalise(text)
        if not key:
            return ()
        if key in self._index:
            return self._index[key]
        found: set[str] = set()
        for spelling, names in self._index.items():
            words = spelling.split()
            if spelling.startswith(key) or any(" ".join(words[i:]).startswith(key) for i in range(1, len(words))):
                found.update(names)
        return tuple(sorted(found))

    def inflected(self, text: str, lang: str = "et") -> tuple[str, ...]:
        """The cards whose name in ``lang`` ``text`` is an inflected form of (Estonian:
        ``köiega``, ``köit``, ``raamatukogus``, ``söögitoas`` - a case ending taken off and
        the stem compared leniently, :func:`inflection_match`).  Only the edition's names in
        that language are compared, so English input is never read this way."""
        shown = self._shown.get(lang)
        if not shown:
            return ()
        words = normalise(text).split()
        if not words:
            return ()
        found = []
        for card, name in shown.items():
            parts = normalise(name).split()
            if len(parts) != len(words) or parts[:-1] != words[:-1]:
                continue
            if inflection_match(words[-1], parts[-1]):
                found.append(card)
        return tuple(found)

    def closest(self, text: str, n: int = 3) -> tuple[str, ...]:
        key = normalise(text)
        hits = closest(key, self._index, n=8, cutoff=0.6)
        out: list[str] = []
        for h in hits:
            for name in self._index[h]:
                if name not in out:
                    out.append(name)
        return tuple(out[:n])

    def category(self, ident: str) -> Category:
        key = normalise(ident)
        for cat in self.categories:
            if key in {normalise(cat.id), normalise(cat.name), *(normalise(a) for a in cat.aliases)}:
                return cat
        raise UnknownNameError(
            Problem(f"no category {ident!r} in {self.id}", choices=tuple(c.id for c in self.categories))
        )

    def standing_category(self) -> Category:
        """The category a player stands in when suggesting (room, location); the last one otherwise."""
        return next((c for c in self.categories if c.id in ("room", "location")), self.categories[-1])

    def player_counts(self) -> range:
        """The table sizes this edition is played at."""
        return range(max(2, self.min_players), self.max_players + 1)

    def summary_json(self) -> dict[str, object]:
        """What ``variants list --json`` says of an edition."""
        return {
            "id": self.id,
            "name": self.name,
            "aliases": list(self.aliases),
            "cards": len(self.cards),
            "min_players": self.min_players,
            "max_players": self.max_players,
            "provisional": list(self.provisional),
            "source": self.source,
        }

    def to_json(self) -> dict[str, object]:
        """What ``variants show --json`` says: the summary, every card by category, hand sizes."""
        data = self.summary_json()
        data["categories"] = [
            {
                "id": c.id,
                "name": c.name,
                "aliases": list(c.aliases),
                "cards": [{"name": n, "aliases": list(self.card(n).aliases)} for n in c.cards],
            }
            for c in self.categories
        ]
        data["hands"] = {str(n): list(self.default_hands(n)) for n in self.player_counts()}
        return data

    def default_hands(self, players: int, table: int = 0) -> tuple[int, ...]:
        """Hand sizes when the dealt cards go round one at a time from the first player."""
        dealt = len(self.cards) - len(self.categories) - table
        return tuple(dealt // players + (1 if i < dealt % players else 0) for i in range(players))
