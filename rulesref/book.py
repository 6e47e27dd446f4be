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

Reading a file checks everything it can at once and raises one :class:`InputError`
carrying a :class:`Problem` per mistake (with the file's line where it is found).
Cross-links between books are checked by :func:`link_problems`.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from rulesref.core.errors import InputError, Problem, UnknownNameError
from rulesref.core.tomlfile import toml_problem

_ID_RE = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
_BOOK_KEYS = frozenset({"game", "title", "aliases", "summary", "section"})
_SECTION_KEYS = frozenset({"id", "title", "keywords", "see", "unconfirmed", "text"})


@dataclass(frozen=True)
class Section:
    game: str
    id: str  # local id, e.g. "sprawl"
    title: str
    text: str
    keywords: tuple[str, ...] = ()
    see: tuple[str, ...] = ()  # full ids
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
        """A section by local id (``sprawl``), full id of this game, or exact title.

        Spaces stand for dashes, so ``"all in"`` finds ``all-in``.
        """
        key = local_id.strip().lower()
        if key.startswith(self.game + "/"):
            key = key[len(self.game) + 1 :]
        dashed = re.sub(r"[\s_]+", "-", key)
        for s in self.sections:
            if s.id in (key, dashed) or s.title.lower() == key:
                return s
        raise UnknownNameError(
            Problem(
                f"no section '{local_id}' in {self.game}", text=local_id, choices=_closest_sections(key, self.sections)
            )
        )

    @property
    def names(self) -> tuple[str, ...]:
        """The id and every alias, for matching what a player types."""
        return (self.game, *self.aliases)


def _closest_sections(key: str, sections: Iterable[Section]) -> tuple[str, ...]:
    """Closest section ids to ``key``, matching ids and titles alike."""
    by_name: dict[str, str] = {}
    for s in sections:
        by_name.setdefault(s.id, s.id)
        by_name.setdefault(s.title.lower(), s.id)
    found: list[str] = []
    for name in difflib.get_close_matches(key.lower(), list(by_name), n=6, cutoff=0.5):
        if by_name[name] not in found:
            found.append(by_name[name])
    if not found:  # a word of the title, e.g. "trams" for "Vegas trams"
        for s in sections:
            if key and (key in s.id or key in s.title.lower()):
                found.append(s.id)
    return tuple(found[:3])


def _line_of(raw: str, pattern: str, start: int = 0, end: int | None = None) -> int | None:
    """The 1-based line where ``pattern`` (a regex) first matches in ``raw[start:end]``."""
    m = re.compile(pattern, re.MULTILINE).search(raw, start, len(raw) if end is None else end)
    return raw.count("\n", 0, m.start()) + 1 if m else None


def _section_starts(raw: str) -> list[int]:
    """Offsets of each ``[[section]]`` header, in file order."""
    return [m.start() for m in re.finditer(r"^\s*\[\[section\]\]", raw, re.MULTILINE)]


def _str_list(value: object) -> bool:
    return isinstance(value, list) and all(isinstance(v, str) for v in value)


def _strings(value: object) -> list[str] | None:
    """``value`` if it is a list of strings, else None."""
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        return [str(v) for v in value]
    return None


@dataclass(frozen=True)
class _Span:
    """Where one [[section]] sits in the raw text, to find the lines of its keys."""

    raw: str
    start: int
    end: int | None

    def line(self, key: str) -> int | None:
        return _line_of(self.raw, rf"^\s*{key}\s*=", self.start, self.end) or _line_of(
            self.raw, r"^\s*\[\[section\]\]", self.start, self.end
        )


def _parse_section(
    raw: dict[str, object], index: int, game: str, span: _Span, seen: set[str], bad: Callable[..., None]
) -> Section:
    """One ``[[section]]`` table; problems go to ``bad(message, line, text, choices)``."""
    sid = raw.get("id")
    label = f"section {index + 1}"
    if not isinstance(sid, str) or not _ID_RE.match(sid):
        bad(f"{label}: 'id' must be lower-case words joined by '-'", span.line("id"), None if sid is None else str(sid))
        sid = f"section-{index + 1}"
    elif sid in seen:
        bad(f"duplicate section id '{sid}'", span.line("id"), sid)
    label = f"section '{sid}'"
    for key in raw:
        if key not in _SECTION_KEYS:
            bad(
                f"{label}: unknown key",
                span.line(re.escape(key)),
                key,
                tuple(difflib.get_close_matches(key, sorted(_SECTION_KEYS), n=2)),
            )
    title = raw.get("title")
    if not isinstance(title, str) or not title.strip():
        bad(f"{label}: 'title' must be a non-empty string", span.line("title"))
        title = sid
    body = raw.get("text")
    if not isinstance(body, str) or not body.strip():
        bad(f"{label}: 'text' must be non-empty", span.line("text"))
        body = ""
    keywords = _strings(raw.get("keywords", []))
    if keywords is None:
        bad(f"{label}: 'keywords' must be a list of strings", span.line("keywords"))
    see = _strings(raw.get("see", []))
    if see is None:
        bad(f"{label}: 'see' must be a list of section ids", span.line("see"))
    unconfirmed = raw.get("unconfirmed")
    if unconfirmed is not None and (not isinstance(unconfirmed, str) or not unconfirmed.strip()):
        bad(f"{label}: 'unconfirmed' must be a non-empty string when given", span.line("unconfirmed"))
        unconfirmed = None
    return Section(
        game=game,
        id=sid,
        title=title.strip(),
        text=body.strip(),
        keywords=tuple(k.strip() for k in keywords or () if k.strip()),
        see=tuple(s if "/" in s else f"{game}/{s}" for s in see or ()),
        unconfirmed=unconfirmed.strip() if isinstance(unconfirmed, str) else None,
    )


def parse_book(text: str, name: str = "<rules>") -> RuleBook:
    """Read one rule file's text; ``name`` is the path used in problems.

    Raises :class:`InputError` with every problem found.
    """
    import tomllib  # only when the cache has to be rebuilt

    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise InputError(toml_problem(exc, name, "rule file is not valid TOML")) from None
    problems: list[Problem] = []

    def bad(message: str, line: int | None = None, text: str | None = None, choices: tuple[str, ...] = ()) -> None:
        problems.append(Problem(message, path=name, line=line, text=text, choices=choices))

    game = data.get("game")
    if not isinstance(game, str) or not _ID_RE.match(game):
        bad(
            "'game' must be an id such as \"lords-of-vegas\"",
            _line_of(text, r"^\s*game\s*="),
            None if game is None else str(game),
        )
        game = "?"
    stem = Path(name).stem
    if name != "<rules>" and game not in ("?", stem):
        bad(f"the file name should be {game}.toml", _line_of(text, r"^\s*game\s*="), stem)
    for key in data:
        if key not in _BOOK_KEYS:
            bad(
                "unknown key",
                _line_of(text, rf"^\s*{re.escape(key)}\s*="),
                key,
                tuple(difflib.get_close_matches(key, sorted(_BOOK_KEYS), n=2)),
            )
    title = data.get("title")
    if not isinstance(title, str) or not title.strip():
        bad("'title' must be a non-empty string", _line_of(text, r"^\s*title\s*="))
        title = game
    aliases = data.get("aliases", [])
    if not _str_list(aliases):
        bad("'aliases' must be a list of strings", _line_of(text, r"^\s*aliases\s*="))
        aliases = []
    summary = data.get("summary", "")
    if not isinstance(summary, str):
        bad("'summary' must be a string", _line_of(text, r"^\s*summary\s*="))
        summary = ""

    raw_sections = data.get("section", [])
    if not isinstance(raw_sections, list) or not raw_sections:
        bad("a rule book needs at least one [[section]]")
        raw_sections = []
    starts = _section_starts(text)
    sections: list[Section] = []
    seen: set[str] = set()
    for index, raw in enumerate(raw_sections):
        at = starts[index] if index < len(starts) else 0
        end = starts[index + 1] if index + 1 < len(starts) else None
        if not isinstance(raw, dict):
            bad(f"section {index + 1} must be a [[section]] table", _line_of(text, r"^\s*section\s*="))
            continue
        section = _parse_section(raw, index, game, _Span(text, at, end), seen, bad)
        seen.add(section.id)
        sections.append(section)
    if problems:
        raise InputError(problems)
    return RuleBook(
        game=game,
        title=title.strip(),
        summary=summary.strip(),
        aliases=tuple(a.strip().lower() for a in aliases),
        sections=tuple(sections),
    )


# Kept for callers of the first version.
def _parse_book(name: str, text: str) -> RuleBook:
    return parse_book(text, name)


def load_books(paths: Iterable[Path]) -> dict[str, RuleBook]:
    """Read rule files from disk, collecting the problems of all of them at once."""
    out: dict[str, RuleBook] = {}
    problems: list[Problem] = []
    for path in paths:
        try:
            b = parse_book(path.read_text(encoding="utf-8"), str(path))
        except InputError as exc:
            problems.extend(exc.problems())
            continue
        if b.game in out:
            problems.append(Problem("two rule files define the same game", path=str(path), text=b.game))
        out[b.game] = b
    if problems:
        raise InputError(problems)
    return out


def rules_folder() -> Path:
    """The folder of the rule files shipped with the package."""
    return Path(__file__).with_name("rules")


def rule_files() -> list[Path]:
    return sorted(p for p in rules_folder().iterdir() if p.suffix == ".toml")


@cache
def books() -> dict[str, RuleBook]:
    """Every rule book shipped with the package, by game id, in file-name order."""
    from rulesref.cache import cached

    files = rule_files()
    return cached("rulebooks", [*files, Path(__file__)], lambda: load_books(files))


def link_problems(all_books: Mapping[str, RuleBook]) -> list[Problem]:
    """Every ``see`` cross-link that names no section, and alias clashes between books."""
    problems: list[Problem] = []
    known = {s.full_id for b in all_books.values() for s in b.sections}
    for b in all_books.values():
        for s in b.sections:
            for link in s.see:
                if link not in known:
                    game, _, local = link.partition("/")
                    pool = all_books[game].sections if game in all_books else ()
                    choices = tuple(f"{game}/{c}" for c in _closest_sections(local, pool))
                    problems.append(
                        Problem(
                            f"{s.full_id}: 'see' names no section", path=f"{b.game}.toml", text=link, choices=choices
                        )
                    )
    owners: dict[str, str] = {}
    for b in all_books.values():
        for name in b.names:
            if name in owners and owners[name] != b.game:
                problems.append(Problem(f"alias of both {owners[name]} and {b.game}", path=f"{b.game}.toml", text=name))
            owners.setdefault(name, b.game)
    return problems


def book(game: str) -> RuleBook:
    """Look a game's rule book up by id or alias."""
    key = game.strip().lower()
    all_books = books()
    if key in all_books:
        return all_books[key]
    for b in all_books.values():
        if key in b.aliases:
            return b
    names = list(all_books) + [a for b in all_books.values() for a in b.aliases]
    raise UnknownNameError(
        Problem("unknown game", text=game, choices=tuple(difflib.get_close_matches(key, names, n=3, cutoff=0.3)))
    )


def section(full_id: str) -> Section:
    """Look a section up by its full id ``game/section`` (the game may be an alias)."""
    game, sep, local = full_id.strip().partition("/")
    if not sep:
        raise UnknownNameError(Problem("a section id has the form game/section", text=full_id))
    return book(game).section(local)
