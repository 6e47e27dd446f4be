"""Rule texts as data: one TOML file per game under ``rulesref/rules/``.

File shape (``rulesref/rules/<game>.toml``)::

    game = "lords-of-vegas"            # the game id, also the file name
    title = "Lords of Vegas"
    aliases = ["lords", "lov"]
    summary = "One paragraph on what the game is."

    [[section]]
    id = "sprawl"                      # stable; the full id is "lords-of-vegas/sprawl"
    title = "Sprawl"
    keywords = ["expand", "adjacent lot", "double cost"]
    see = ["build", "lords-of-vegas/casinos"]   # cross-links, local or full ids
    unconfirmed = "optional: what is not confirmed, said to the reader"
    text = '''
    Markdown in the project's own words.
    '''

Sections keep the order of the file.  Every section must have a non-empty text.
"""

from __future__ import annotations

import difflib
import tomllib
from dataclasses import dataclass
from functools import cache
from importlib import resources

from cluesolver.errors import InputError, Problem, UnknownNameError


@dataclass(frozen=True)
class Section:
    game: str
    id: str                      # local id, e.g. "sprawl"
    title: str
    text: str
    keywords: tuple[str, ...] = ()
    see: tuple[str, ...] = ()    # full ids
    unconfirmed: str | None = None

    @property
    def full_id(self) -> str:
        return f"{self.game}/{self.id}"


@dataclass(frozen=True)
class RuleBook:
    game: str
    title: str
    summary: str
    aliases: tuple[str, ...]
    sections: tuple[Section, ...]

    def section(self, local_id: str) -> Section:
        for s in self.sections:
            if s.id == local_id:
                return s
        raise UnknownNameError(Problem(
            f"no section '{local_id}' in {self.game}", text=local_id,
            choices=tuple(difflib.get_close_matches(local_id, [s.id for s in self.sections], n=3, cutoff=0.3))))


def _parse_book(name: str, text: str) -> RuleBook:
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise InputError(Problem(f"rule file is not valid TOML: {exc}", path=name)) from None
    game = data["game"]
    sections = []
    for raw in data.get("section", []):
        see = tuple(s if "/" in s else f"{game}/{s}" for s in raw.get("see", []))
        sections.append(Section(game=game, id=raw["id"], title=raw["title"], text=raw["text"].strip(),
                                keywords=tuple(raw.get("keywords", [])), see=see,
                                unconfirmed=raw.get("unconfirmed")))
    return RuleBook(game=game, title=data["title"], summary=data.get("summary", "").strip(),
                    aliases=tuple(data.get("aliases", [])), sections=tuple(sections))


@cache
def books() -> dict[str, RuleBook]:
    """Every rule book shipped with the package, by game id, in file-name order."""
    out: dict[str, RuleBook] = {}
    folder = resources.files("rulesref") / "rules"
    for entry in sorted(folder.iterdir(), key=lambda e: e.name):
        if entry.name.endswith(".toml"):
            book = _parse_book(entry.name, entry.read_text(encoding="utf-8"))
            out[book.game] = book
    return out


def book(game: str) -> RuleBook:
    """Look a game's rule book up by id or alias."""
    key = game.strip().lower()
    all_books = books()
    if key in all_books:
        return all_books[key]
    for b in all_books.values():
        if key in (a.lower() for a in b.aliases):
            return b
    names = list(all_books) + [a for b in all_books.values() for a in b.aliases]
    raise UnknownNameError(Problem("unknown game", text=game,
                                   choices=tuple(difflib.get_close_matches(key, names, n=3, cutoff=0.3))))


def section(full_id: str) -> Section:
    """Look a section up by its full id ``game/section``."""
    game, sep, local = full_id.partition("/")
    if not sep:
        raise UnknownNameError(Problem("a section id has the form game/section", text=full_id))
    return book(game).section(local)
