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
    keywords_et = ["laienda"]          # what players ask in Estonian
    see = ["build", "lords-of-vegas/casinos"]   # cross-links, local or full ids
    unconfirmed = "optional: what is not confirmed, said to the reader"
    text = '''
    Markdown in the project's own words.
    '''

Sections keep the order of the file.  Every section must have a non-empty text.

Reading a file checks everything it can at once and raises one :class:`InputError`
carrying a :class:`Problem` per mistake (with the file's line where it is found).
Cross-links between books are checked by :func:`link_problems`.

Every book is written in English.  A book may also come in another language
(:data:`LANGUAGES`): ``rulesref/rules/<lang>/<game>.toml`` holds its title, summary and,
section by section under the same ids, the titles, texts and notes in that language::

    game = "clue"
    lang = "et"
    title = "Clue (klassikaline)"
    summary = "..."

    [[section]]
    id = "object"                      # an id of the English book
    title = "Mängu eesmärk"
    text = '''...'''
    unconfirmed = "..."                # exactly where the English section has a note

Aliases, keywords and links come from the English book, so citations, links and search
words are the same in every language.  ``books("et")`` gives each game's book in
Estonian where it has one and in English otherwise.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, replace
from functools import cache
from pathlib import Path

from rulesref.core.errors import InputError, Problem, UnknownNameError
from rulesref.core.files import read_text
from rulesref.core.names import closest
from rulesref.core.tomlfile import Problems, Span, TomlText, parse_toml

_ID_RE = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
_BOOK_KEYS = frozenset({"game", "title", "aliases", "summary", "section"})
_SECTION_KEYS = frozenset({"id", "title", "keywords", "keywords_et", "see", "unconfirmed", "text"})
_TRANSLATION_KEYS = frozenset({"game", "lang", "title", "summary", "section"})
_TRANSLATED_SECTION_KEYS = frozenset({"id", "title", "text", "unconfirmed"})

#: The languages of the rule texts: every book is in English, some also in Estonian.
LANGUAGES = ("en", "et")
ENGLISH = "en"


def language(code: str) -> str:
    """A language code as the books name it: ``"et"``, ``"et_EE.UTF-8"``, ``"ET-ee"`` -> ``"et"``.

    Raises :class:`UnknownNameError` (with the languages known) for any other language.
    """
    key = re.split(r"[_.@-]", code.strip().lower(), maxsplit=1)[0]
    if key in LANGUAGES:
        return key
    raise UnknownNameError(Problem("unknown language", text=code, choices=LANGUAGES))


@dataclass(frozen=True)
class Section:
    game: str
    id: str  # local id, e.g. "sprawl"
    title: str
    text: str
    keywords: tuple[str, ...] = ()
    keywords_et: tuple[str, ...] = ()  # what players ask in Estonian
    see: tuple[str, ...] = ()  # full ids
    unconfirmed: str | None = None
    lang: str = ENGLISH  # the language of the title, text and note

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
    lang: str = ENGLISH  # the language of the title, summary and sections

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
    for name in closest(key.lower(), by_name, n=6):
        if by_name[name.casefold()] not in found:
            found.append(by_name[name.casefold()])
    return tuple(found[:3])


def _strings(value: object) -> list[str] | None:
    """``value`` if it is a list of strings, else None."""
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        return [str(v) for v in value]
    return None


def _section_spans(text: TomlText) -> list[Span]:
    """Where each ``[[section]]`` sits: from its header to the next one."""
    starts = text.header_lines("[[section]]")
    ends = [*starts[1:], None]
    return [Span(f"section {n}", a, b) for n, (a, b) in enumerate(zip(starts, ends), 1)]


def _parse_section(raw: dict[str, object], index: int, game: str, span: Span, seen: set[str], out: Problems) -> Section:
    """One ``[[section]]`` table; every problem goes to ``out``."""
    sid = raw.get("id")
    label = f"section {index + 1}"
    if not isinstance(sid, str) or not _ID_RE.match(sid):
        out.add(
            f"{label}: 'id' must be lower-case words joined by '-'",
            key="id",
            span=span,
            text=None if sid is None else sid,
        )
        sid = f"section-{index + 1}"
    elif sid in seen:
        out.add(f"duplicate section id '{sid}'", key="id", span=span, text=sid)
    out.unknown_keys(raw, sorted(_SECTION_KEYS), f"section '{sid}'", span)
    label = f"section '{sid}'"
    title = raw.get("title")
    if not isinstance(title, str) or not title.strip():
        out.add(f"{label}: 'title' must be a non-empty string", key="title", span=span)
        title = sid
    body = raw.get("text")
    if not isinstance(body, str) or not body.strip():
        out.add(f"{label}: 'text' must be non-empty", key="text", span=span)
        body = ""
    keywords = _strings(raw.get("keywords", []))
    if keywords is None:
        out.add(f"{label}: 'keywords' must be a list of strings", key="keywords", span=span)
    keywords_et = _strings(raw.get("keywords_et", []))
    if keywords_et is None:
        out.add(f"{label}: 'keywords_et' must be a list of strings", key="keywords_et", span=span)
    see = _strings(raw.get("see", []))
    if see is None:
        out.add(f"{label}: 'see' must be a list of section ids", key="see", span=span)
    unconfirmed = raw.get("unconfirmed")
    if unconfirmed is not None and (not isinstance(unconfirmed, str) or not unconfirmed.strip()):
        out.add(f"{label}: 'unconfirmed' must be a non-empty string when given", key="unconfirmed", span=span)
        unconfirmed = None
    return Section(
        game=game,
        id=sid,
        title=title.strip(),
        text=body.strip(),
        keywords=tuple(k.strip() for k in keywords or () if k.strip()),
        keywords_et=tuple(k.strip() for k in keywords_et or () if k.strip()),
        see=tuple(s if "/" in s else f"{game}/{s}" for s in see or ()),
        unconfirmed=unconfirmed.strip() if isinstance(unconfirmed, str) else None,
    )


def book_from_data(data: Mapping[str, object], out: Problems, *, file_stem: str | None = None) -> RuleBook:
    """A rule book from parsed data (a rule file's TOML, or :func:`book_data`'s JSON).

    Every problem goes to ``out``; the caller raises them.  ``file_stem`` is the name of
    the file the data came from, which must be the game id.
    """
    top = out.text.top()
    game = data.get("game")
    if not isinstance(game, str) or not _ID_RE.match(game):
        out.add(
            "'game' must be an id such as \"lords-of-vegas\"",
            key="game",
            span=top,
            text=None if game is None else game,
        )
        game = "?"
    if file_stem is not None and game not in ("?", file_stem):
        out.add(f"the file name should be {game}.toml", key="game", span=top, text=file_stem)
    out.unknown_keys(data, sorted(_BOOK_KEYS), "the rule book", top)
    title = data.get("title")
    if not isinstance(title, str) or not title.strip():
        out.add("'title' must be a non-empty string", key="title", span=top)
        title = game
    aliases = _strings(data.get("aliases", []))
    if aliases is None:
        out.add("'aliases' must be a list of strings", key="aliases", span=top)
    summary = data.get("summary", "")
    if not isinstance(summary, str):
        out.add("'summary' must be a string", key="summary", span=top)
        summary = ""
    raw_sections = data.get("section", [])
    if not isinstance(raw_sections, list) or not raw_sections:
        out.add("a rule book needs at least one [[section]]")
        raw_sections = []
    spans = _section_spans(out.text)
    sections: list[Section] = []
    seen: set[str] = set()
    for index, raw in enumerate(raw_sections):
        span = spans[index] if index < len(spans) else Span(f"section {index + 1}")
        if not isinstance(raw, dict):
            out.add(f"section {index + 1} must be a [[section]] table", key="section", span=span)
            continue
        found = _parse_section(raw, index, game, span, seen, out)
        seen.add(found.id)
        sections.append(found)
    return RuleBook(
        game=game,
        title=title.strip(),
        summary=summary.strip(),
        aliases=tuple(a.strip().lower() for a in aliases or ()),
        sections=tuple(sections),
    )


def book_data(b: RuleBook) -> dict[str, object]:
    """A rule book as plain data in the shape of its file; :func:`book_from_data` reads it back."""
    return {
        "game": b.game,
        "title": b.title,
        "aliases": list(b.aliases),
        "summary": b.summary,
        "section": [
            {
                "id": s.id,
                "title": s.title,
                "keywords": list(s.keywords),
                "keywords_et": list(s.keywords_et),
                "see": list(s.see),
                "text": s.text,
                **({"unconfirmed": s.unconfirmed} if s.unconfirmed else {}),
            }
            for s in b.sections
        ],
    }


def parse_book(text: str, name: str = "<rules>") -> RuleBook:
    """Read one rule file's text; ``name`` is the path used in problems.

    Raises :class:`InputError` with every problem found.
    """
    data = parse_toml(text, name)
    out = Problems(text, name)
    b = book_from_data(data, out, file_stem=None if name == "<rules>" else Path(name).stem)
    out.raise_if_any()
    return b


def load_books(paths: Iterable[Path]) -> dict[str, RuleBook]:
    """Read rule files from disk, collecting the problems of all of them at once."""
    out: dict[str, RuleBook] = {}
    problems: list[Problem] = []
    for path in paths:
        try:
            b = parse_book(read_text(path, what="rule file"), str(path))
        except InputError as exc:
            problems.extend(exc.problems())
            continue
        if b.game in out:
            problems.append(Problem("two rule files define the same game", path=str(path), text=b.game))
        out[b.game] = b
    if problems:
        raise InputError(problems)
    return out


def _translated_section(
    raw: dict[str, object], index: int, base: RuleBook, span: Span, seen: set[str], out: Problems
) -> Section | None:
    """One ``[[section]]`` of a translation, over the English section of the same id."""
    sid = raw.get("id")
    label = f"section {index + 1}"
    known = {s.id: s for s in base.sections}
    if not isinstance(sid, str) or sid not in known:
        choices = _closest_sections(sid, base.sections) if isinstance(sid, str) else tuple(known)[:3]
        out.add(
            f"{label}: 'id' must name a section of the English book {base.game}",
            key="id",
            span=span,
            text=sid if isinstance(sid, str) else None,
            choices=choices,
        )
        return None
    if sid in seen:
        out.add(f"duplicate section id '{sid}'", key="id", span=span, text=sid)
    label = f"section '{sid}'"
    out.unknown_keys(raw, sorted(_TRANSLATED_SECTION_KEYS), label, span)
    english = known[sid]
    title, body, note = raw.get("title"), raw.get("text"), raw.get("unconfirmed")
    if not isinstance(title, str) or not title.strip():
        out.add(f"{label}: 'title' must be a non-empty string", key="title", span=span)
        title = english.title
    if not isinstance(body, str) or not body.strip():
        out.add(f"{label}: 'text' must be non-empty", key="text", span=span)
        body = english.text
    if note is not None and (not isinstance(note, str) or not note.strip()):
        out.add(f"{label}: 'unconfirmed' must be a non-empty string when given", key="unconfirmed", span=span)
        note = None
    if english.unconfirmed and note is None:
        out.add(f"{label}: the English section has an 'unconfirmed' note: translate it too", key="id", span=span)
    if note is not None and not english.unconfirmed:
        out.add(f"{label}: 'unconfirmed' where the English section has no note", key="unconfirmed", span=span)
    return replace(
        english,
        title=title.strip(),
        text=body.strip(),
        unconfirmed=note.strip() if isinstance(note, str) and english.unconfirmed else english.unconfirmed,
    )


def translation_from_data(
    data: Mapping[str, object], out: Problems, english: Mapping[str, RuleBook], *, file_stem: str | None = None
) -> RuleBook:
    """A book in another language from a translation file's data, over its English book.

    Every problem goes to ``out``: an unknown language or game, a section id the English
    book does not have (with the closest ids), an English section left untranslated, a
    note missing or added.  Aliases, keywords and links are the English book's.
    """
    top = out.text.top()
    lang = data.get("lang")
    if not isinstance(lang, str) or lang not in LANGUAGES or lang == ENGLISH:
        others = tuple(code for code in LANGUAGES if code != ENGLISH)
        out.add(
            f"'lang' must be a language of the translations: {', '.join(others)}",
            key="lang",
            span=top,
            text=lang if isinstance(lang, str) else None,
            choices=others,
        )
        lang = "?"
    game = data.get("game")
    if not isinstance(game, str) or game not in english:
        out.add(
            "'game' must be the id of an English rule book",
            key="game",
            span=top,
            text=game if isinstance(game, str) else None,
            choices=closest(game, list(english)) if isinstance(game, str) else tuple(english)[:3],
        )
        raise InputError(out.found)
    if file_stem is not None and game != file_stem:
        out.add(f"the file name should be {game}.toml", key="game", span=top, text=file_stem)
    out.unknown_keys(data, sorted(_TRANSLATION_KEYS), "the translation", top)
    base = english[game]
    title, summary = data.get("title"), data.get("summary", "")
    if not isinstance(title, str) or not title.strip():
        out.add("'title' must be a non-empty string", key="title", span=top)
        title = base.title
    if not isinstance(summary, str):
        out.add("'summary' must be a string", key="summary", span=top)
        summary = ""
    raw_sections = data.get("section", [])
    if not isinstance(raw_sections, list):
        out.add("'section' must be [[section]] tables", key="section", span=top)
        raw_sections = []
    spans = _section_spans(out.text)
    found: dict[str, Section] = {}
    for index, raw in enumerate(raw_sections):
        span = spans[index] if index < len(spans) else Span(f"section {index + 1}")
        if not isinstance(raw, dict):
            out.add(f"section {index + 1} must be a [[section]] table", key="section", span=span)
            continue
        translated = _translated_section(raw, index, base, span, set(found), out)
        if translated is not None:
            found[translated.id] = replace(translated, lang=lang)
    missing = [s.id for s in base.sections if s.id not in found]
    if missing:
        out.add(f"sections of {game} not translated: {', '.join(missing)}", key="section", span=top)
    return RuleBook(
        game=game,
        title=title.strip(),
        summary=summary.strip(),
        aliases=base.aliases,
        sections=tuple(found.get(s.id, s) for s in base.sections),
        lang=lang,
    )


def parse_translation(text: str, name: str, english: Mapping[str, RuleBook]) -> RuleBook:
    """Read one translation file's text over the English books; raises :class:`InputError`."""
    data = parse_toml(text, name)
    out = Problems(text, name)
    b = translation_from_data(data, out, english, file_stem=None if name == "<rules>" else Path(name).stem)
    out.raise_if_any()
    return b


def load_translations(paths: Iterable[Path], english: Mapping[str, RuleBook]) -> dict[str, RuleBook]:
    """Read translation files from disk, collecting the problems of all of them at once."""
    out: dict[str, RuleBook] = {}
    problems: list[Problem] = []
    for path in paths:
        try:
            b = parse_translation(read_text(path, what="rule file"), str(path), english)
        except InputError as exc:
            problems.extend(exc.problems())
            continue
        if b.game in out:
            problems.append(Problem("two translation files define the same game", path=str(path), text=b.game))
        out[b.game] = b
    if problems:
        raise InputError(problems)
    return out


def is_translation(text: str) -> bool:
    """Whether a rule file's text is a translation (it has a top-level ``lang`` key)."""
    return re.search(r"^lang\s*=", text.split("[[section]]", 1)[0], re.MULTILINE) is not None


def rules_folder() -> Path:
    """The folder of the rule files shipped with the package."""
    return Path(__file__).with_name("rules")


def rule_files(lang: str = ENGLISH) -> list[Path]:
    """The shipped rule files of one language (English: every book; others: translations)."""
    folder = rules_folder() if lang == ENGLISH else rules_folder() / lang
    if not folder.is_dir():
        return []
    return sorted(p for p in folder.iterdir() if p.suffix == ".toml" and p.is_file())


def _encode_books(all_books: Mapping[str, RuleBook]) -> object:
    return [book_data(b) for b in all_books.values()]


def _decode_books(stored: object) -> dict[str, RuleBook]:
    """Books back from the cache, checked as strictly as a rule file (any problem: refused)."""
    if not isinstance(stored, list):
        raise ValueError("cached rule books must be a list")
    out: dict[str, RuleBook] = {}
    for data in stored:
        if not isinstance(data, dict):
            raise ValueError("a cached rule book must be an object")
        problems = Problems("", "<cache>")
        b = book_from_data(data, problems)
        problems.raise_if_any()
        out[b.game] = b
    return out


def _decoder(lang: str) -> Callable[[object], dict[str, RuleBook]]:
    """Books in ``lang`` back from the cache (stored in the English books' shape)."""

    def decode(stored: object) -> dict[str, RuleBook]:
        return {
            game: replace(b, lang=lang, sections=tuple(replace(s, lang=lang) for s in b.sections))
            for game, b in _decode_books(stored).items()
        }

    return decode


@cache
def books(lang: str = ENGLISH) -> dict[str, RuleBook]:
    """Every rule book shipped with the package, by game id, in file-name order.

    In another language (:data:`LANGUAGES`), each game's book in that language where it
    has one (:func:`translations`), else its English book.
    """
    from rulesref.cache import cached

    lang = language(lang)
    if lang != ENGLISH:
        return {game: translations(lang).get(game, b) for game, b in books().items()}
    files = rule_files()
    return cached(
        "rulebooks", [*files, Path(__file__)], lambda: load_books(files), encode=_encode_books, decode=_decode_books
    )


@cache
def translations(lang: str) -> dict[str, RuleBook]:
    """The books translated into ``lang``, by game id (none for English)."""
    from rulesref.cache import cached

    lang = language(lang)
    if lang == ENGLISH:
        return {}
    english = books()
    files = rule_files(lang)
    return cached(
        f"rulebooks-{lang}",
        [*files, *rule_files(), Path(__file__)],
        lambda: load_translations(files, english),
        encode=_encode_books,
        decode=_decoder(lang),
    )


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


def book(game: str, lang: str = ENGLISH) -> RuleBook:
    """Look a game's rule book up by id or alias (in ``lang`` when it has that language)."""
    key = game.strip().lower()
    all_books = books(lang)
    if key in all_books:
        return all_books[key]
    for b in all_books.values():
        if key in b.aliases:
            return b
    names = list(all_books) + [a for b in all_books.values() for a in b.aliases]
    raise UnknownNameError(Problem("unknown game", text=game, choices=closest(key, names)))


def _section_of(b: RuleBook, local: str) -> Section:
    """A section of ``b`` by id or title; a translated book also knows its English titles."""
    try:
        return b.section(local)
    except UnknownNameError:
        if b.lang == ENGLISH:
            raise
        return b.section(book(b.game).section(local).id)


def section(full_id: str, lang: str = ENGLISH) -> Section:
    """Look a section up by its full id ``game/section`` (the game may be an alias)."""
    game, sep, local = full_id.strip().partition("/")
    if not sep:
        raise UnknownNameError(Problem("a section id has the form game/section", text=full_id))
    return _section_of(book(game, lang), local)


def chosen_books(game: str | None = None, lang: str = ENGLISH) -> list[RuleBook]:
    """One game's book (id or alias), or every book when ``game`` is None."""
    return [book(game, lang)] if game else list(books(lang).values())


def lookup(game: str, local: str | None = None, lang: str = ENGLISH) -> RuleBook | Section:
    """What ``rules show`` names: a book, or one of its sections, in ``lang`` where the
    book has that language (else in English).

    ``game`` may be a full section id (``clue/refuting``); ``local`` is a section id or
    title (in either language), spaces standing for dashes.
    """
    if local is None and "/" in game:
        game, _, local = game.partition("/")
    b = book(game, lang)
    return _section_of(b, local) if local else b


@dataclass(frozen=True)
class LintReport:
    """What ``rules lint`` found: the books read, their sections and every problem."""

    books: tuple[str, ...]
    sections: int
    problems: tuple[Problem, ...]
    examples: int = 0  # Estonian example questions read (rulesref.examples)

    @property
    def ok(self) -> bool:
        return not self.problems

    def to_json(self) -> dict[str, object]:
        return {
            "ok": self.ok,
            "books": list(self.books),
            "sections": self.sections,
            "examples": self.examples,
            "problems": [p.to_json() for p in self.problems],
        }


def lint(paths: Iterable[Path] | None = None) -> LintReport:
    """Check rule files (default: the shipped ones, translations and example questions
    included): every problem of every file.

    Links are checked against the shipped books as well, so a new file may point into
    them; a translation (a file with a ``lang`` key) is checked against the English book
    of its game; a file in a folder named ``questions`` holds example questions
    (:mod:`rulesref.examples`), checked against the books' sections.  A missing file is an
    :class:`InputError`.
    """
    from rulesref.examples import example_files, load_examples

    if paths is not None:
        chosen = list(paths)
    else:
        chosen = [
            *rule_files(),
            *(p for code in LANGUAGES if code != ENGLISH for p in rule_files(code)),
            *example_files(),
        ]
    for p in chosen:
        if not p.is_file():
            if p.exists():  # a folder, device or pipe: the reader says which
                read_text(p, what="rule file")
            raise InputError(Problem("no such rule file", path=str(p)))
    problems: list[Problem] = []
    loaded: dict[str, RuleBook] = {}
    translated: list[tuple[Path, str]] = []
    examples = [p for p in chosen if p.parent.name == "questions"]
    for p in chosen:
        if p in examples:
            continue
        try:
            text = read_text(p, what="rule file")
        except InputError as exc:
            problems.extend(exc.problems())
            continue
        if is_translation(text):
            translated.append((p, text))
            continue
        try:
            loaded.update(load_books([p]))
        except InputError as exc:
            problems.extend(exc.problems())
    try:
        pool = dict(books()) if paths is not None else {}
    except InputError:
        pool = {}
    pool.update(loaded)
    problems.extend(link_problems(pool))
    names = sorted(loaded)
    sections = sum(len(b.sections) for b in loaded.values())
    for p, text in translated:
        try:
            b = parse_translation(text, str(p), pool)
        except InputError as exc:
            problems.extend(exc.problems())
            continue
        names.append(f"{b.lang}/{b.game}")
        sections += len(b.sections)
    asked = 0
    sections_of = {g: [s.id for s in b.sections] for g, b in pool.items()}
    for p in examples:
        try:
            asked += sum(len(qs) for qs in load_examples([p], sections_of).values())
        except InputError as exc:
            problems.extend(exc.problems())
    return LintReport(books=tuple(names), sections=sections, problems=tuple(problems), examples=asked)
