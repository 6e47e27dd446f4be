"""Clue editions as data: categories, cards and aliases, looked up by id or alias.

Built-in editions live in ``data/*.toml``; a user variant file has the same shape and
may ``extends = "<built-in id>"`` to rename cards (``[rename]``) and add aliases in any
language (``[card_aliases]``).  See ``docs/variants.md``.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from pathlib import Path

from rulesref.core.errors import InputError, Problem, UnknownNameError
from rulesref.core.files import read_text
from rulesref.core.names import closest
from rulesref.core.tomlfile import parse_toml

BUILT_IN = ("classic", "cluedo", "clue-2016", "master-detective", "lost-in-vegas")


def normalise(text: str) -> str:
    """Fold a name for matching: case, accents, punctuation and a leading 'the'."""
    folded = unicodedata.normalize("NFKD", text.casefold())
    kept = "".join(ch if ch.isalnum() else " " for ch in folded if not unicodedata.combining(ch))
    words = kept.split()
    if words and words[0] == "the" and len(words) > 1:
        words = words[1:]
    return " ".join(words)


@dataclass(frozen=True)
class Card:
    name: str
    category: str
    aliases: tuple[str, ...] = ()


@dataclass(frozen=True)
class Category:
    id: str
    name: str
    cards: tuple[str, ...]
    aliases: tuple[str, ...] = ()


@dataclass(frozen=True)
class Variant:
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
    _index: dict[str, tuple[str, ...]] = field(default_factory=dict, compare=False, repr=False)

    def __post_init__(self) -> None:
        index: dict[str, set[str]] = {}
        for card in self.cards:
            for spelling in (card.name, *card.aliases):
                index.setdefault(normalise(spelling), set()).add(card.name)
        self._index.update({k: tuple(sorted(v)) for k, v in index.items()})

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
            raise UnknownNameError(Problem("ambiguous card", text=text.strip(), choices=names))
        raise UnknownNameError(Problem("unknown card", text=text.strip(), choices=self.closest(text)))

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


def _parse(data: dict, origin: str, base_dir: Path | None = None) -> Variant:
    problems: list[Problem] = []
    if "extends" in data:
        parent = get(str(data["extends"]), base_dir)
        return _extend(parent, data, origin)
    for key in ("id", "category"):
        if key not in data:
            problems.append(Problem(f"a variant needs '{key}'", path=origin))
    if problems:
        raise InputError(problems)
    categories: list[Category] = []
    cards: list[Card] = []
    for cat in data["category"]:
        if not cat.get("cards"):
            problems.append(Problem(f"category {cat.get('id')!r} has no cards", path=origin))
            continue
        names = []
        for raw in cat["cards"]:
            entry = {"name": raw} if isinstance(raw, str) else raw
            names.append(entry["name"])
            cards.append(Card(entry["name"], cat["id"], tuple(entry.get("aliases", ()))))
        categories.append(
            Category(cat["id"], cat.get("name", cat["id"].title()), tuple(names), tuple(cat.get("aliases", ())))
        )
    seen: set[str] = set()
    for c in cards:
        if normalise(c.name) in seen:
            problems.append(Problem("card named twice", path=origin, text=c.name))
        seen.add(normalise(c.name))
    if problems:
        raise InputError(problems)
    return Variant(
        id=str(data["id"]),
        name=str(data.get("name", data["id"])),
        categories=tuple(categories),
        cards=tuple(cards),
        aliases=tuple(data.get("aliases", ())),
        min_players=int(data.get("min_players", 2)),
        max_players=int(data.get("max_players", 6)),
        two_player_table=int(data.get("two_player_table", 0)),
        envelope_name=str(data.get("envelope_name", "envelope")),
        provisional=tuple(data.get("provisional", ())),
        source=origin,
    )


def _extend(parent: Variant, data: dict, origin: str) -> Variant:
    rename: dict[str, str] = dict(data.get("rename", {}))
    extra: dict[str, list[str]] = dict(data.get("card_aliases", {}))
    dropped: dict[str, list[str]] = dict(data.get("remove_aliases", {}))
    problems = [
        Problem("rename of a card the edition does not have", path=origin, text=old, choices=parent.closest(old))
        for old in rename
        if old not in parent.card_names
    ]
    new_names = {c.name: rename.get(c.name, c.name) for c in parent.cards}
    problems += [
        Problem("aliases for a card the edition does not have", path=origin, text=name, choices=parent.closest(name))
        for name in extra
        if name not in new_names.values()
    ]
    if problems:
        raise InputError(problems)
    cards = []
    for c in parent.cards:
        new = new_names[c.name]
        aliases = [a for a in c.aliases if normalise(a) != normalise(new)]
        if new != c.name:
            aliases.append(c.name)
        aliases += [a for a in extra.get(new, []) if a not in aliases]
        drop = {normalise(a) for a in dropped.get(new, [])}
        aliases = [a for a in aliases if normalise(a) not in drop]
        cards.append(Card(new, c.category, tuple(aliases)))
    categories = tuple(
        Category(cat.id, cat.name, tuple(new_names[n] for n in cat.cards), cat.aliases) for cat in parent.categories
    )
    provisional = tuple(n for n in (new_names.get(p, p) for p in parent.provisional) if n not in rename.values())
    return Variant(
        id=str(data.get("id", parent.id)),
        name=str(data.get("name", parent.name)),
        categories=categories,
        cards=tuple(cards),
        aliases=tuple(data.get("aliases", ())),
        min_players=int(data.get("min_players", parent.min_players)),
        max_players=int(data.get("max_players", parent.max_players)),
        two_player_table=int(data.get("two_player_table", parent.two_player_table)),
        envelope_name=str(data.get("envelope_name", parent.envelope_name)),
        provisional=provisional,
        source=origin,
        base=parent.family,
    )


@cache
def _built_in(variant_id: str) -> Variant:
    text = (resources.files("cluesolver.clue.variants") / "data" / f"{variant_id}.toml").read_text(encoding="utf-8")
    return _parse(parse_toml(text, f"built-in:{variant_id}"), f"built-in:{variant_id}")


def built_ins() -> list[Variant]:
    return [_built_in(v) for v in BUILT_IN]


def load_file(path: Path) -> Variant:
    """Read a user variant file (TOML)."""
    text = read_text(path, what="variant file")
    return _parse(parse_toml(text, str(path)), str(path), path.parent)


def get(name: str, base_dir: Path | None = None) -> Variant:
    """A variant by id, alias, or path to a variant file (relative to ``base_dir``)."""
    key = normalise(name).replace(" ", "-")
    for vid in BUILT_IN:
        v = _built_in(vid)
        if key == vid or key in {normalise(a).replace(" ", "-") for a in v.aliases}:
            return v
    if name.endswith(".toml") or "/" in name or "\\" in name:
        path = Path(name)
        if base_dir is not None and not path.is_absolute():
            path = base_dir / path
        return load_file(path)
    names = list(BUILT_IN) + [a for v in BUILT_IN for a in _built_in(v).aliases]
    raise UnknownNameError(
        Problem(
            "unknown game variant",
            text=name,
            choices=closest(key, names, cutoff=0.3) or BUILT_IN,
        )
    )
