"""Reading variant files: typed, bounded, every problem at once with its line and column.

A variant file is TOML from outside, so nothing in it is trusted: every value is checked
for its type, every size is bounded (:class:`VariantLimits`), every name must be typeable
in a log (no ``,``, ``;``, ``#`` or ``:``, no control characters), and a chain of
``extends`` is followed without recursion, a cycle being named.  Problems are collected
and raised together as one :class:`~rulesref.core.errors.InputError` (exit 2).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cluesolver.clue.variants.model import (
    CLASSIC_RULES,
    RULE_BOOKS,
    Card,
    Category,
    EditionRules,
    Names,
    Variant,
    normalise,
)
from rulesref.core.errors import InputError
from rulesref.core.i18n import LANGUAGES
from rulesref.core.names import closest
from rulesref.core.text import clip
from rulesref.core.tomlfile import Problems, Span


@dataclass(frozen=True)
class VariantLimits:
    """How big a variant may be.  Real editions: 3 categories, 21-30 cards, up to 10 players."""

    max_categories: int = 8
    max_cards_per_category: int = 40
    max_cards: int = 80
    max_aliases: int = 40  # per card, category or edition
    max_name_length: int = 60
    max_players: int = 12
    max_table_cards: int = 12
    max_extends: int = 8  # how long a chain of ``extends`` may be


DEFAULT_LIMITS = VariantLimits()

#: The languages a name may be given in beside English (``name_et``, a card's ``et``).
OTHER_LANGUAGES = tuple(lang for lang in LANGUAGES if lang != "en")
#: Keys of the edition itself, in either kind of file.
SETTINGS_KEYS = (
    "id",
    "name",
    "aliases",
    "min_players",
    "max_players",
    "two_player_table",
    "envelope_name",
    *(f"{key}_{lang}" for lang in OTHER_LANGUAGES for key in ("name", "envelope_name")),
)
FULL_KEYS = (*SETTINGS_KEYS, "provisional", "category", "rules")
EXTENDS_KEYS = (
    "extends",
    *SETTINGS_KEYS,
    "rename",
    "card_aliases",
    "remove_aliases",
    "rules",
    *(f"card_names_{lang}" for lang in OTHER_LANGUAGES),
)
#: The keys of ``[rules]`` and the :class:`EditionRules` field each sets.
RULES_KEYS = {"book": "book", "clock": "clock", "suggest": "suggest_word", "accuse": "accusation_word"}
CATEGORY_KEYS = ("id", "name", "aliases", "cards", *(f"name_{lang}" for lang in OTHER_LANGUAGES))
CARD_KEYS = ("name", "aliases", *OTHER_LANGUAGES)
_FORBIDDEN = ",;#:"


#: How a TOML value's type is named in a message (bool before int: True is an int too).
_TYPE_NAMES: tuple[tuple[type, str], ...] = (
    (bool, "true/false"),
    (int, "a number"),
    (float, "a decimal number"),
    (str, "a string"),
    (list, "a list"),
    (dict, "a table"),
)


def _type_name(value: object) -> str:
    """
    >>> _type_name(True), _type_name(3), _type_name({}), _type_name(None)
    ('true/false', 'a number', 'a table', 'NoneType')
    """
    return next((name for kind, name in _TYPE_NAMES if isinstance(value, kind)), type(value).__name__)


class _Collector(Problems):
    """The core's problem list, each problem also given its column.

    ``needle`` (the offending value as written) is looked for in ``span`` first, then the
    line where ``key`` is assigned; the column is where the needle, else the key, stands.
    """

    def locate(self, key: str | None, span: Span | None, needle: str | None) -> int | None:
        lines = self.text.lines
        start = span.start if span else 0
        end = len(lines) if span is None or span.end is None else span.end
        if needle:
            for i in range(start, end):
                if needle in lines[i]:
                    return i + 1
        if key is not None:
            return self.text.line_of(key, span)
        return start + 1 if span is not None else None

    def column(self, line: int | None, key: str | None, needle: str | None) -> int | None:
        if line is None or not 0 < line <= len(self.text.lines):
            return None
        raw = self.text.lines[line - 1]
        for probe in (needle, key):
            if probe and probe in raw:
                return raw.index(probe) + 1
        return None


class _File:
    """One variant file's checks (a full edition, or one that extends another)."""

    def __init__(self, data: Mapping[str, Any], text: str, path: str, limits: VariantLimits) -> None:
        self.data = data
        self.out = _Collector(text, path)
        self.limits = limits
        self.top = self.out.text.top()

    # -- typed values --------------------------------------------------------------

    def name(
        self, value: object, key: str, span: Span | None = None, what: str = "a name", *, typed: bool = True
    ) -> str | None:
        """A short printable string with a letter or digit.

        A name typed in a log (``typed``: cards, aliases, ids) holds none of ``, ; # :``.
        """
        if not isinstance(value, str):
            self.out.add(f"'{key}' takes {what} in quotes, not {_type_name(value)}", key=key, span=span)
            return None
        quoted = f'"{value}"' if value else None
        if len(value) > self.limits.max_name_length:
            self.out.add(
                f"{what} is longer than {self.limits.max_name_length} characters",
                key=key,
                span=span,
                needle=quoted,
                text=value,
            )
            return None
        bad = sorted({ch for ch in value if (typed and ch in _FORBIDDEN) or not ch.isprintable()})
        if bad:
            shown = " ".join(repr(ch) for ch in bad)
            self.out.add(
                f"{what} cannot hold {shown} (they separate or end parts of a log line)",
                key=key,
                span=span,
                needle=quoted,
                text=value,
            )
            return None
        if not normalise(value):
            self.out.add(f"{what} needs a letter or a digit", key=key, span=span, needle=quoted, text=value)
            return None
        return value.strip()

    def names(self, value: object, key: str, span: Span | None = None, what: str = "names") -> tuple[str, ...]:
        """A list of names (aliases, provisional cards); a bare string is refused, not split."""
        if isinstance(value, str):
            example = clip(value, 30).replace('"', "")
            self.out.add(
                f"'{key}' takes a list of {what} in brackets, e.g. {key} = [\"{example}\"]",
                key=key,
                span=span,
                text=value,
            )
            return ()
        if not isinstance(value, list):
            self.out.add(f"'{key}' takes a list of {what}, not {_type_name(value)}", key=key, span=span)
            return ()
        if len(value) > self.limits.max_aliases:
            self.out.add(f"'{key}' lists {len(value)} {what}; at most {self.limits.max_aliases}", key=key, span=span)
            return ()
        out = [self.name(v, key, span, "each of " + what) for v in value]
        return tuple(v for v in out if v is not None)

    def number(self, key: str, low: int, high: int, default: int) -> int:
        value = self.data.get(key, default)
        if isinstance(value, bool) or not isinstance(value, int):
            self.out.add(
                f"'{key}' takes a whole number from {low} to {high}, not {_type_name(value)}", key=key, span=self.top
            )
            return default
        if not low <= value <= high:
            self.out.add(f"'{key}' must be from {low} to {high}", key=key, span=self.top, text=clip(str(value), 40))
            return default
        return value

    def table(self, key: str) -> dict[str, Any]:
        value = self.data.get(key, {})
        if not isinstance(value, dict):
            self.out.add(f"'{key}' takes a table ([{key}] with lines 'card = ...'), not {_type_name(value)}", key=key)
            return {}
        return value

    # -- the edition's own settings ----------------------------------------------

    def settings(self, parent: Variant | None) -> dict[str, Any]:
        """id, name, aliases, players, table cards and envelope name, each checked."""
        lim = self.limits
        top = self.top
        out: dict[str, Any] = {}
        ident = self.data.get("id", parent.id if parent else None)
        if ident is None:
            self.out.add("a variant needs 'id' (e.g. id = \"our-box\")", key="id", span=top)
        else:
            out["id"] = self.name(ident, "id", top, "an id") or (parent.id if parent else "variant")
        name = self.data.get("name", parent.name if parent else out.get("id", "variant"))
        out["name"] = self.name(name, "name", top, "a name", typed=False) or out.get("id", "variant")
        out["aliases"] = self.names(self.data.get("aliases", []), "aliases", top, "aliases")
        out["min_players"] = self.number("min_players", 2, lim.max_players, parent.min_players if parent else 2)
        out["max_players"] = self.number("max_players", 2, lim.max_players, parent.max_players if parent else 6)
        if out["min_players"] > out["max_players"]:
            self.out.add(
                f"'min_players' ({out['min_players']}) is above 'max_players' ({out['max_players']})",
                key="min_players",
                span=top,
            )
        out["two_player_table"] = self.number(
            "two_player_table", 0, lim.max_table_cards, parent.two_player_table if parent else 0
        )
        envelope = self.data.get("envelope_name", parent.envelope_name if parent else "envelope")
        out["envelope_name"] = (
            self.name(envelope, "envelope_name", top, "the envelope's name", typed=False) or "envelope"
        )
        out["names"] = self.translations(self.data, "name", top, "a name")
        own = self.translations(self.data, "envelope_name", top, "the envelope's name")
        inherited = parent.envelope_names if parent is not None and "envelope_name" not in self.data else ()
        out["envelope_names"] = _merged(inherited, own)
        return out

    def translations(self, table: Mapping[str, Any], key: str, span: Span | None, what: str) -> Names:
        """``key_et = "..."`` and the like: a name in each other language the table gives."""
        found = []
        for lang in OTHER_LANGUAGES:
            if f"{key}_{lang}" in table:
                name = self.name(table[f"{key}_{lang}"], f"{key}_{lang}", span, what, typed=False)
                if name is not None:
                    found.append((lang, name))
        return tuple(found)

    def rules(self, parent: Variant | None) -> EditionRules:
        """The ``[rules]`` table: what the edition's rules add (default: its parent's, or classic)."""
        base = parent.rules if parent is not None else CLASSIC_RULES
        raw = self.data.get("rules")
        if raw is None:
            return base
        if not isinstance(raw, dict):
            self.out.add(
                f"'rules' takes a table ([rules] with lines 'clock = true'), not {_type_name(raw)}", key="rules"
            )
            return base
        span = self.out.text.table("[rules]")
        self.out.unknown_keys(raw, tuple(RULES_KEYS), "[rules]", span)
        got: dict[str, Any] = {}
        if "book" in raw:
            book = raw["book"]
            if book in RULE_BOOKS:
                got["book"] = book
            else:
                self.out.add(
                    "'book' names the rule book the checks cite",
                    key="book",
                    span=span,
                    text=clip(str(book), 40),
                    choices=RULE_BOOKS,
                )
        if "clock" in raw:
            if isinstance(raw["clock"], bool):
                got["clock"] = raw["clock"]
            else:
                self.out.add(f"'clock' takes true or false, not {_type_name(raw['clock'])}", key="clock", span=span)
        for key in ("suggest", "accuse"):
            if key in raw:
                word = self.name(raw[key], key, span, "a word")
                if word is not None:
                    got[RULES_KEYS[key]] = word
        return base._replace(**got)

    # -- a full edition ------------------------------------------------------------

    def full(self) -> tuple[tuple[Category, ...], tuple[Card, ...]]:
        lim = self.limits
        raw = self.data.get("category")
        if raw is None:
            self.out.add("a variant needs [[category]] tables (or 'extends' = a built-in edition)", key="category")
            return (), ()
        if not isinstance(raw, list) or not all(isinstance(c, dict) for c in raw):
            self.out.add(f"'category' takes [[category]] tables, not {_type_name(raw)}", key="category")
            return (), ()
        if not raw:
            self.out.add("a variant needs at least one [[category]]", key="category")
            return (), ()
        if len(raw) > lim.max_categories:
            self.out.add(f"{len(raw)} categories; at most {lim.max_categories}", key="category")
            return (), ()
        spans = self.out.text.tables("[[category]]", "category")
        categories: list[Category] = []
        cards: list[Card] = []
        ids: dict[str, str] = {}
        for n, cat in enumerate(raw):
            span = spans[n] if len(spans) == len(raw) else None
            self.out.unknown_keys(cat, CATEGORY_KEYS, f"category {n + 1}", span)
            if "id" not in cat:
                self.out.add(f"category {n + 1} needs an 'id' (e.g. id = \"weapon\")", span=span)
                continue
            ident = self.name(cat["id"], "id", span, "a category id")
            if ident is None:
                continue
            twice = normalise(ident) in ids
            if twice:
                self.out.add(f"two categories with the id {ident!r}", key="id", span=span, text=ident)
            ids.setdefault(normalise(ident), ident)
            name = self.name(cat.get("name", ident.title()), "name", span, "a category name", typed=False) or ident
            aliases = self.names(cat.get("aliases", []), "aliases", span, "aliases")
            names = self.category_cards(cat.get("cards"), ident, span, cards)
            if names and not twice:
                translated = self.translations(cat, "name", span, "a category name")
                categories.append(Category(ident, name, names, aliases, translated))
        if len(cards) > lim.max_cards:
            self.out.add(f"{len(cards)} cards in all; at most {lim.max_cards}", key="category")
        return tuple(categories), tuple(cards)

    def category_cards(self, raw: object, category: str, span: Span | None, cards: list[Card]) -> tuple[str, ...]:
        lim = self.limits
        if raw is None or raw == []:
            self.out.add(f"category {category!r} has no cards", key="cards", span=span, text=category)
            return ()
        if not isinstance(raw, list):
            self.out.add(f"'cards' takes a list of cards, not {_type_name(raw)}", key="cards", span=span)
            return ()
        if len(raw) > lim.max_cards_per_category:
            self.out.add(
                f"category {category!r} has {len(raw)} cards; at most {lim.max_cards_per_category}",
                key="cards",
                span=span,
            )
            return ()
        names: list[str] = []
        for entry in raw:
            if isinstance(entry, dict):
                self.out.unknown_keys(entry, CARD_KEYS, f"a card of {category!r}", span)
                if "name" not in entry:
                    self.out.add("a card table needs a 'name'", key="cards", span=span)
                    continue
                name = self.name(entry["name"], "name", span, "a card name")
                aliases = self.names(entry.get("aliases", []), "aliases", span, "aliases")
                translated = tuple(
                    (lang, text)
                    for lang in OTHER_LANGUAGES
                    if lang in entry and (text := self.name(entry[lang], lang, span, "a card name")) is not None
                )
            else:
                name = self.name(entry, "cards", span, "a card name")
                aliases, translated = (), ()
            if name is not None:
                names.append(name)
                cards.append(Card(name, category, aliases, translated))
        return tuple(names)

    # -- an edition extending another ----------------------------------------------

    def extend(self, parent: Variant) -> tuple[tuple[Category, ...], tuple[Card, ...], tuple[str, ...]]:
        if "category" in self.data:
            self.out.add(
                "a variant that extends another keeps its categories: rename cards with [rename] instead",
                key="category",
            )
        rename_span = self.out.text.table("[rename]")
        rename: dict[str, str] = {}
        for old, new in self.table("rename").items():
            if old not in parent.card_names:
                self.out.add(
                    "rename of a card the edition does not have",
                    key=old,
                    span=rename_span,
                    text=old,
                    choices=parent.closest(old),
                )
                continue
            checked = self.name(new, old, rename_span, "a card's new name")
            if checked is not None:
                rename[old] = checked
        taken: dict[str, str] = {}  # folded final name -> the parent card that gets it
        for c in parent.cards:
            new = rename.get(c.name, c.name)
            other = taken.setdefault(normalise(new), c.name)
            if other != c.name:
                renamed = c.name if c.name in rename else other
                self.out.add(
                    f"{renamed!r} cannot be renamed to {new!r}: another card has that name",
                    key=renamed,
                    span=rename_span,
                    text=new,
                )
                rename.pop(renamed, None)
        new_names = {c.name: rename.get(c.name, c.name) for c in parent.cards}
        finals = set(new_names.values())
        extra = self._alias_table("card_aliases", finals, parent)
        dropped = self._alias_table("remove_aliases", finals, parent)
        translated = self._translated_names(finals, parent)
        cards = []
        for c in parent.cards:
            new = new_names[c.name]
            aliases = [a for a in c.aliases if normalise(a) != normalise(new)]
            if new != c.name:
                aliases.append(c.name)
            aliases += [a for a in extra.get(new, ()) if a not in aliases]
            drop = {normalise(a) for a in dropped.get(new, ())}
            kept = tuple(a for a in aliases if normalise(a) not in drop)
            if len(kept) > self.limits.max_aliases:
                self.out.add(f"{new!r} would have {len(kept)} aliases; at most {self.limits.max_aliases}", text=new)
            # a renamed card is another card as far as its other names go: only what this file says
            names = _merged(c.names if new == c.name else (), translated.get(new, ()))
            cards.append(Card(new, c.category, kept, names))
        categories = tuple(
            Category(cat.id, cat.name, tuple(new_names[n] for n in cat.cards), cat.aliases, cat.names)
            for cat in parent.categories
        )
        new_ones = set(rename.values())
        provisional = tuple(n for n in (new_names.get(p, p) for p in parent.provisional) if n not in new_ones)
        return categories, tuple(cards), provisional

    def _translated_names(self, cards: set[str], parent: Variant) -> dict[str, Names]:
        """``[card_names_et]``: a card's name in another language, by its (new) name."""
        out: dict[str, list[tuple[str, str]]] = {}
        for lang in OTHER_LANGUAGES:
            key = f"card_names_{lang}"
            span = self.out.text.table(f"[{key}]")
            for name, value in self.table(key).items():
                if name not in cards:
                    self.out.add(
                        "a name for a card the edition does not have",
                        key=name,
                        span=span,
                        text=name,
                        choices=closest(name, cards) or parent.closest(name),
                    )
                    continue
                checked = self.name(value, name, span, "a card name")
                if checked is not None:
                    out.setdefault(name, []).append((lang, checked))
        return {k: tuple(v) for k, v in out.items()}

    def _alias_table(self, key: str, cards: set[str], parent: Variant) -> dict[str, tuple[str, ...]]:
        span = self.out.text.table(f"[{key}]")
        out: dict[str, tuple[str, ...]] = {}
        for name, aliases in self.table(key).items():
            if name not in cards:
                what = "aliases for" if key == "card_aliases" else "removed aliases of"
                self.out.add(
                    f"{what} a card the edition does not have",
                    key=name,
                    span=span,
                    text=name,
                    choices=closest(name, cards) or parent.closest(name),
                )
                continue
            out[name] = self.names(aliases, name, span, "aliases")
        return out

    # -- checks over the whole edition ---------------------------------------------

    def whole(self, cards: tuple[Card, ...], provisional: Iterable[str], settings: Mapping[str, Any]) -> None:
        """One spelling per card: no two cards share a name, no name is another card's alias."""
        owner: dict[str, str] = {}
        for c in cards:
            key = normalise(c.name)
            if key in owner:
                self.out.add(
                    f"card named twice (also {owner[key]!r})" if owner[key] != c.name else "card named twice",
                    needle=f'"{c.name}"',
                    text=c.name,
                )
            owner.setdefault(key, c.name)
        for c in cards:
            for alias in c.aliases:
                other = owner.get(normalise(alias))
                if other is not None and other != c.name:
                    self.out.add(
                        f"an alias of {c.name!r} is the name of another card ({other!r})",
                        needle=f'"{alias}"',
                        text=alias,
                    )
        spelt = {normalise(a): c.name for c in cards for a in (c.name, *c.aliases)}
        for c in cards:
            for lang, name in c.names:
                other = spelt.get(normalise(name), c.name)
                if other != c.name:
                    self.out.add(
                        f"the {lang} name of {c.name!r} is a name or alias of another card ({other!r})",
                        needle=f'"{name}"',
                        text=name,
                    )
                spelt.setdefault(normalise(name), c.name)
        names = {c.name for c in cards}
        for p in provisional:
            if p not in names:
                self.out.add("a provisional card the edition does not have", key="provisional", text=p)
        dealt = len(cards) - len({c.category for c in cards})
        table = settings.get("two_player_table", 0)
        if cards and table and table >= dealt:
            self.out.add(
                f"'two_player_table' ({table}) leaves no card to deal ({dealt} cards are dealt)",
                key="two_player_table",
                span=self.top,
            )


def _merged(base: Names, own: Names) -> Names:
    """``base`` with the languages ``own`` names replaced by its names."""
    given = {lang for lang, _ in own}
    return tuple(pair for pair in base if pair[0] not in given) + own


Lookup = Callable[[str, Path | None], Variant]


def read_variant(
    text: str, data: Mapping[str, Any], path: str, base_dir: Path | None, parent_of: Lookup, limits: VariantLimits
) -> Variant:
    """Check parsed variant data and build the edition (``parent_of`` looks up ``extends``)."""
    file = _File(data, text, path, limits)
    parent: Variant | None = None
    if "extends" in data:
        file.out.unknown_keys(data, EXTENDS_KEYS, "a variant that extends another", file.top)
        base = data["extends"]
        if not isinstance(base, str) or not base.strip():
            file.out.add(f"'extends' takes an edition id or a file name, not {_type_name(base)}", key="extends")
        else:
            try:
                parent = parent_of(base, base_dir)
            except InputError as exc:
                for p in exc.problems():
                    if p.path is None or p.line is None:  # the name itself is wrong: point at our line
                        file.out.add(p.message, key="extends", needle=base, text=p.text or base, choices=p.choices)
                    else:
                        file.out.found.append(p)
        if parent is None:
            raise InputError(file.out.found)
    else:
        file.out.unknown_keys(data, FULL_KEYS, "a variant file", file.top)
    settings = file.settings(parent)
    rules = file.rules(parent)
    if parent is not None:
        categories, cards, provisional = file.extend(parent)
    else:
        categories, cards = file.full()
        provisional = file.names(data.get("provisional", []), "provisional", file.top, "card names")
    file.whole(cards, provisional, settings)
    if file.out.found:
        raise InputError(sorted(file.out.found, key=lambda p: (p.line or 0, p.column or 0)))
    return Variant(
        id=settings["id"],
        name=settings["name"],
        categories=categories,
        cards=cards,
        aliases=settings["aliases"],
        min_players=settings["min_players"],
        max_players=settings["max_players"],
        two_player_table=settings["two_player_table"],
        envelope_name=settings["envelope_name"],
        provisional=tuple(provisional),
        source=path,
        base=parent.family if parent is not None else "",
        rules=rules,
        names=settings["names"],
        envelope_names=settings["envelope_names"],
    )
