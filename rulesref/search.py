"""Search the rule books the way players ask: "can I sprawl into F block with two players".

An SQLite FTS5 index (porter stemming, so plurals match) is built in memory from the rule
books; bm25 ranks sections with titles and keywords counting more than body text.  The
question is cut down to the words that carry meaning (conversational stopwords go),
phrases known from titles and keywords ("all in", "secret passage") are searched as
phrases, numbers match their words ("2" and "two"), and a word found nowhere in the
books is corrected to the closest word that is (difflib), so typos still find sections.

    >>> from rulesref.search import search
    >>> search("secret pasage", game="clue").hits[0].section.full_id
    'clue/secret-passages'
"""

from __future__ import annotations

import difflib
import re
import sqlite3
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cache

from rulesref.book import RuleBook, Section, book, books
from rulesref.core.errors import InputError, Problem

# Words of conversational questions that say nothing about which rule is meant.  Words
# that do ("all", "out", "first", "last", "end", "two") stay out of this list; common
# words inside a keyword ("all in") are still searched as that phrase.
STOPWORDS = frozenset(
    [
        "a",
        "an",
        "the",
        "i",
        "me",
        "my",
        "mine",
        "we",
        "us",
        "our",
        "you",
        "your",
        "yours",
        "he",
        "him",
        "his",
        "she",
        "her",
        "it",
        "its",
        "they",
        "them",
        "their",
        "is",
        "am",
        "are",
        "was",
        "were",
        "be",
        "been",
        "being",
        "do",
        "does",
        "did",
        "doing",
        "done",
        "can",
        "could",
        "may",
        "might",
        "must",
        "shall",
        "should",
        "will",
        "would",
        "have",
        "has",
        "had",
        "having",
        "what",
        "which",
        "who",
        "whom",
        "whose",
        "when",
        "where",
        "why",
        "how",
        "whats",
        "hows",
        "this",
        "that",
        "these",
        "those",
        "there",
        "here",
        "of",
        "to",
        "for",
        "from",
        "with",
        "without",
        "on",
        "at",
        "by",
        "about",
        "into",
        "onto",
        "as",
        "in",
        "if",
        "then",
        "than",
        "so",
        "and",
        "or",
        "but",
        "also",
        "just",
        "any",
        "anyone",
        "anybody",
        "some",
        "someone",
        "somebody",
        "something",
        "get",
        "gets",
        "got",
        "getting",
        "happen",
        "happens",
        "happened",
        "rule",
        "rules",
        "ruling",
        "allowed",
        "allow",
        "legal",
        "ok",
        "okay",
        "really",
        "actually",
        "exactly",
        "way",
        "work",
        "works",
        "working",
        "please",
        "tell",
        "explain",
        "mean",
        "means",
        "let",
        "lets",
        "like",
        "want",
        "wants",
        "need",
        "needs",
        "say",
        "says",
        "said",
        "know",
        "knows",
        "question",
        "again",
        "too",
        "very",
        "much",
        "many",
        "each",
        "other",
        "others",
        "more",
        "thing",
        "things",
        "stuff",
        "now",
        "isnt",
        "arent",
        "doesnt",
        "dont",
        "didnt",
        "cant",
        "cannot",
        "im",
        "ive",
        "id",
        "youre",
        "thats",
        "theres",
        "heres",
        "not",
        "no",
        "yes",
        "make",
        "makes",
        "made",
        "making",
        "use",
        "uses",
        "used",
        "using",
        "go",
        "goes",
        "going",
        "went",
    ]
)

# Phrases never start or end with these ("the river", "my turn", "how many cards").
_EDGE_WORDS = frozenset(
    [
        "a",
        "an",
        "the",
        "i",
        "me",
        "my",
        "you",
        "your",
        "we",
        "our",
        "it",
        "its",
        "is",
        "are",
        "do",
        "does",
        "can",
        "to",
        "of",
        "for",
        "on",
        "at",
        "with",
        "and",
        "or",
        "if",
        "that",
        "this",
        "what",
        "how",
        "who",
        "when",
        "where",
        "why",
    ]
)

_NUMBER_WORDS = {
    "1": "one",
    "2": "two",
    "3": "three",
    "4": "four",
    "5": "five",
    "6": "six",
    "7": "seven",
    "8": "eight",
    "9": "nine",
    "10": "ten",
    "11": "eleven",
    "12": "twelve",
}
_SYNONYMS: dict[str, tuple[str, ...]] = {
    **{d: (w,) for d, w in _NUMBER_WORDS.items()},
    **{w: (d,) for d, w in _NUMBER_WORDS.items()},
    "dice": ("die",),
    "die": ("dice",),
    # the porter stemmer splits these ("ties" -> "ti", "tie" -> "tie")
    "tie": ("ties", "tied"),
    "ties": ("tie", "tied"),
    "tied": ("tie", "ties"),
    "tying": ("tie", "ties"),
    "1st": ("first",),
    "2nd": ("second",),
    "3rd": ("third",),
    # irregular forms the stemmer cannot join to their verb
    "ran": ("run",),
    "won": ("win",),
    "drew": ("draw",),
    "drawn": ("draw",),
    "took": ("take",),
    "taken": ("take",),
    "paid": ("pay",),
    "built": ("build",),
    "bought": ("buy",),
    "sold": ("sell",),
    "threw": ("throw",),
    "thrown": ("throw",),
    "gave": ("give",),
    "given": ("give",),
    "chose": ("choose",),
    "chosen": ("choose",),
    "shown": ("show",),
}

_WORD_RE = re.compile(r"[^\W_]+(?:'[^\W_]+)?")
_MARK_START, _MARK_END = "\x02", "\x03"

Marked = tuple[tuple[str, bool], ...]
"""Text cut into pieces; True marks a piece that matched the query."""


@dataclass(frozen=True)
class Hit:
    section: Section
    score: float  # higher is better (bm25, sign flipped)
    title: Marked
    snippet: Marked


@dataclass(frozen=True)
class SearchResult:
    query: str
    game: str | None  # the game filter, as a game id
    terms: tuple[str, ...]  # words and phrases searched for
    corrections: tuple[tuple[str, str], ...]  # (typed, searched for instead)
    unknown: tuple[str, ...]  # words found nowhere and not corrected
    hits: tuple[Hit, ...]
    game_from_query: bool = False  # the question named the game ("... in lords of vegas")


def words(text: str) -> list[str]:
    """Lower-case words of a text, apostrophes dropped ("don't" -> "dont")."""
    return [w.replace("'", "") for w in _WORD_RE.findall(text.lower())]


def plain(markdown: str) -> str:
    """Markdown reduced to text for the index and snippets."""
    out: list[str] = []
    for line in markdown.splitlines():
        s = line.strip()
        if re.fullmatch(r"\|?\s*:?-{2,}:?\s*(\|\s*:?-{2,}:?\s*)*\|?", s):
            continue  # table rule
        s = re.sub(r"^#+\s*|^>\s*|^[-*+]\s+|^\d+\.\s+", "", s)
        s = s.strip("|").replace("|", " · ")
        s = re.sub(r"\*\*|__|`|(?<!\w)\*(?!\s)|(?<!\s)\*(?!\w)", "", s)
        out.append(s)
    return re.sub(r"\s+", " ", " ".join(out)).strip()


def _norm(word: str) -> str:
    """A rough singular, enough to match phrases ("secret passages" ~ "secret passage")."""
    return word[:-1] if len(word) > 3 and word.endswith("s") and not word.endswith("ss") else word


def _game_names(rule_books: Iterable[RuleBook]) -> dict[str, str]:
    """Runs of words that name one game: ids and aliases first, then titles.

    A title shortened at ':' or '(' ("Clue" of "Clue: Lost in Vegas") never takes a
    name that an id or alias already gives to another game.
    """
    rule_books = list(rule_books)
    found: dict[str, str] = {}
    for names_of in (lambda b: b.names, lambda b: (b.title, re.split(r"[(:]", b.title)[0])):
        owners: dict[str, set[str]] = {}
        for b in rule_books:
            for name in names_of(b):
                ws = " ".join(words(name.replace("-", " ")))
                if ws and ws not in found:
                    owners.setdefault(ws, set()).add(b.game)
        found.update({ws: next(iter(games)) for ws, games in owners.items() if len(games) == 1})
    return found


def _quote(term: str) -> str:
    return '"' + term.replace('"', '""') + '"'


def _marked(text: str) -> Marked:
    pieces: list[tuple[str, bool]] = []
    for i, part in enumerate(re.split(f"[{_MARK_START}{_MARK_END}]", text)):
        if part:
            pieces.append((part, i % 2 == 1))
    return tuple(pieces)


@dataclass(frozen=True)
class SearchSettings:
    """How a search ranks and guesses; the defaults are what the CLI uses."""

    #: bm25 weights of the index columns title, keywords and body
    title_weight: float = 10.0
    keyword_weight: float = 5.0
    body_weight: float = 1.0
    #: words this short are never corrected ("ran" is not "rank")
    shortest_guess: int = 4
    #: how alike (difflib ratio) a correction must be: words of up to 5 letters, longer words
    short_cutoff: float = 0.8
    cutoff: float = 0.75


def _str_list(value: object) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ValueError("expected a list of strings")
    return value


def _str_map(value: object) -> dict[str, str]:
    if not isinstance(value, dict) or not all(isinstance(v, str) for v in value.values()):
        raise ValueError("expected an object of strings")
    return value


@dataclass(frozen=True)
class IndexData:
    """What an index is built from, prepared once from the books (and cached as JSON).

    Runs of words are kept joined by single spaces ("secret passage").
    """

    rows: tuple[tuple[str, str, str, str, str], ...]  # full_id, game, title, keywords, body text
    vocabulary: frozenset[str]
    phrases: frozenset[str]  # 2- to 4-word runs of titles and keywords
    names: frozenset[str]  # whole titles and keywords ("all in")
    names_in_game: frozenset[str]  # "game:words" for every title and keyword
    game_names: Mapping[str, str]  # words naming one game -> its id

    @classmethod
    def of(cls, rule_books: Mapping[str, RuleBook]) -> IndexData:
        vocab: set[str] = set()
        phrases: set[str] = set()
        names: set[str] = set()
        names_in_game: set[str] = set()
        rows = []
        for b in rule_books.values():
            for s in b.sections:
                keywords = " ; ".join((*s.keywords, s.id.replace("-", " ")))
                body = plain(s.text)
                rows.append((s.full_id, s.game, s.title, keywords, body))
                vocab.update(words(s.title), words(keywords), words(body))
                for name in (s.title, *s.keywords):
                    ws = [_norm(w) for w in words(name)]
                    names.add(" ".join(ws))
                    names_in_game.add(f"{s.game}:{' '.join(ws)}")
                    for n in (2, 3, 4):
                        phrases.update(" ".join(ws[i : i + n]) for i in range(len(ws) - n + 1))
        return cls(
            rows=tuple(rows),
            vocabulary=frozenset(vocab),
            phrases=frozenset(phrases),
            names=frozenset(names),
            names_in_game=frozenset(names_in_game),
            game_names=_game_names(rule_books.values()),
        )

    def to_json(self) -> dict[str, object]:
        return {
            "rows": [list(r) for r in self.rows],
            "vocabulary": sorted(self.vocabulary),
            "phrases": sorted(self.phrases),
            "names": sorted(self.names),
            "names_in_game": sorted(self.names_in_game),
            "game_names": dict(sorted(self.game_names.items())),
        }

    @classmethod
    def from_json(cls, data: object) -> IndexData:
        """Read :meth:`to_json`'s form back, checking every type (ValueError if wrong)."""
        if not isinstance(data, dict):
            raise ValueError("index data must be an object")
        rows = []
        for row in data["rows"]:
            full_id, game, title, keywords, body = _str_list(row)
            rows.append((full_id, game, title, keywords, body))
        return cls(
            rows=tuple(rows),
            vocabulary=frozenset(_str_list(data["vocabulary"])),
            phrases=frozenset(_str_list(data["phrases"])),
            names=frozenset(_str_list(data["names"])),
            names_in_game=frozenset(_str_list(data["names_in_game"])),
            game_names=dict(_str_map(data["game_names"])),
        )


class RuleIndex:
    """A full-text index over rule books, built in memory."""

    def __init__(
        self,
        rule_books: Mapping[str, RuleBook],
        *,
        data: IndexData | None = None,
        settings: SearchSettings | None = None,
    ) -> None:
        self.books = dict(rule_books)
        self.settings = settings or SearchSettings()
        self.data = data or IndexData.of(self.books)
        self._sections = {s.full_id: s for b in self.books.values() for s in b.sections}
        unknown = [row[0] for row in self.data.rows if row[0] not in self._sections]
        if unknown:
            raise ValueError(f"index rows name sections of no book: {unknown[:3]}")
        self._db = sqlite3.connect(":memory:", check_same_thread=False)
        self._db.execute(
            "CREATE VIRTUAL TABLE idx USING fts5(full_id UNINDEXED, game UNINDEXED, title, keywords, body,"
            " tokenize = 'porter unicode61 remove_diacritics 2')"
        )
        self._db.executemany("INSERT INTO idx VALUES (?, ?, ?, ?, ?)", self.data.rows)
        self._db.commit()
        self._vocab_by_length: dict[int, list[str]] = {}
        for w in sorted(self.data.vocabulary):
            self._vocab_by_length.setdefault(len(w), []).append(w)

    def state(self) -> dict[str, object]:
        """This index's data as JSON-ready values (see :meth:`from_state`)."""
        return self.data.to_json()

    @classmethod
    def from_state(
        cls, rule_books: Mapping[str, RuleBook], state: object, settings: SearchSettings | None = None
    ) -> RuleIndex:
        """An index from :meth:`state`'s data, checked field by field (ValueError if wrong)."""
        return cls(rule_books, data=IndexData.from_json(state), settings=settings)

    # -- query analysis --------------------------------------------------------------

    def _matches_anything(self, word: str) -> bool:
        row = self._db.execute("SELECT 1 FROM idx WHERE idx MATCH ? LIMIT 1", (_quote(word),)).fetchone()
        return row is not None

    def _correct(self, word: str) -> str | None:
        if len(word) < self.settings.shortest_guess:
            return None  # too short to guess from ("ran" is not "rank")
        pool: list[str] = []
        for n in range(max(1, len(word) - 2), len(word) + 3):
            pool.extend(self._vocab_by_length.get(n, ()))
        cutoff = self.settings.short_cutoff if len(word) <= 5 else self.settings.cutoff
        close = difflib.get_close_matches(word, pool, n=1, cutoff=cutoff)
        return close[0] if close else None

    def _game_spans(self, ws: list[str]) -> list[tuple[int, int, str]]:
        """(start, end, game) for each run of words naming a game, longest first."""
        spans: list[tuple[int, int, str]] = []
        i = 0
        while i < len(ws):
            for n in range(min(8, len(ws) - i), 0, -1):
                game = self.data.game_names.get(" ".join(ws[i : i + n]))
                if game:
                    spans.append((i, i + n, game))
                    i += n
                    break
            else:
                i += 1
        return spans

    def named_game(self, query: str) -> str | None:
        """The one game a question names ("... in lords of vegas"), if it names exactly one."""
        found = {game for _, _, game in self._game_spans(words(query))}
        return found.pop() if len(found) == 1 else None

    def analyse(self, query: str) -> tuple[list[str], list[tuple[str, str]], list[str]]:
        """The FTS terms for a question, the corrections made and the words left out.

        Words that only name a game ("in lords of vegas") are left out: they choose the
        game, not the section.  Names that are also a keyword or title in that same game
        ("cluedo", "master detective") stay.
        """
        typed = words(query)
        for start, end, game in self._game_spans(typed):
            if f"{game}:{' '.join(_norm(w) for w in typed[start:end])}" not in self.data.names_in_game:
                typed[start:end] = [""] * (end - start)
        corrections: list[tuple[str, str]] = []
        unknown: list[str] = []
        fixed: list[str] = []
        for w in typed:
            if not w:
                fixed.append("")
                continue
            if w in STOPWORDS or w in self.data.vocabulary or w in _SYNONYMS or self._matches_anything(w):
                fixed.append(w)
                continue
            better = self._correct(w)
            if better is None:
                unknown.append(w)
                fixed.append("")
            else:
                corrections.append((w, better))
                fixed.append(better)
        terms: list[str] = []
        for n in (4, 3, 2):
            for i in range(len(fixed) - n + 1):
                gram = fixed[i : i + n]
                if not all(gram) or gram[0] in _EDGE_WORDS or gram[-1] in _EDGE_WORDS:
                    continue
                key = " ".join(_norm(g) for g in gram)
                # a run of words from a title or keyword with a content word in it
                # ("secret passage", "more cards than others"), or a whole keyword made
                # of common words only ("all in")
                content = any(g not in STOPWORDS for g in gram)
                if (content and key in self.data.phrases) or key in self.data.names:
                    phrase = " ".join(gram)
                    if not any(phrase in t for t in terms):
                        terms.append(phrase)
        for w in fixed:
            if w and w not in STOPWORDS and w not in terms:
                terms.append(w)
        return terms, corrections, unknown

    # -- searching -------------------------------------------------------------------

    def search(self, query: str, game: str | None = None, limit: int = 3) -> SearchResult:
        """The best sections for a question, best first.

        ``game`` is a game id or alias; raises :class:`InputError` for an empty question
        and :class:`UnknownNameError` for an unknown game.
        """
        if limit < 1:
            raise InputError(Problem("--limit must be at least 1", text=str(limit)))
        game_id = book(game).game if game is not None and game not in self.books else game
        terms, corrections, unknown = self.analyse(query)
        if not terms:
            named_only = self.named_game(query)
            why = (
                "no word of it is in any rule book"
                if unknown
                else f"it only names a game; read it with: cluesolver rules show {named_only}"
                if named_only
                else "it has only common words"
            )
            raise InputError(Problem(f"nothing to search for: {why}", text=query))
        named = self.named_game(query) if game_id is None else None
        if named is not None:
            hits = self._run(terms, named, limit)
            if hits:
                return SearchResult(
                    query=query,
                    game=named,
                    terms=tuple(terms),
                    corrections=tuple(corrections),
                    unknown=tuple(unknown),
                    hits=hits,
                    game_from_query=True,
                )
        return SearchResult(
            query=query,
            game=game_id,
            terms=tuple(terms),
            corrections=tuple(corrections),
            unknown=tuple(unknown),
            hits=self._run(terms, game_id, limit),
        )

    def _run(self, terms: list[str], game_id: str | None, limit: int) -> tuple[Hit, ...]:
        match = " OR ".join(
            "(" + " OR ".join(_quote(t) for t in (term, *_SYNONYMS.get(term, ()))) + ")" for term in terms
        )
        sql = (
            "SELECT full_id, bm25(idx, 0, 0, ?, ?, ?) AS rank,"
            " highlight(idx, 2, ?, ?), snippet(idx, 4, ?, ?, '…', 24)"
            " FROM idx WHERE idx MATCH ?"
        )
        params: list[object] = [
            self.settings.title_weight,
            self.settings.keyword_weight,
            self.settings.body_weight,
            _MARK_START,
            _MARK_END,
            _MARK_START,
            _MARK_END,
            match,
        ]
        if game_id is not None:
            sql += " AND game = ?"
            params.append(game_id)
        sql += " ORDER BY rank, full_id LIMIT ?"
        params.append(limit)
        return tuple(
            Hit(section=self._sections[fid], score=round(-rank, 3), title=_marked(title), snippet=_marked(snip))
            for fid, rank, title, snip in self._db.execute(sql, params)
        )


@cache
def default_index() -> RuleIndex:
    """The index over every rule book shipped with the package (its data cached on disk)."""
    from pathlib import Path

    from rulesref.book import rule_files
    from rulesref.cache import cached

    all_books = books()
    sources = [*rule_files(), Path(__file__), Path(__file__).with_name("book.py")]
    data = cached(
        "rules-index", sources, lambda: IndexData.of(all_books), encode=IndexData.to_json, decode=IndexData.from_json
    )
    try:
        return RuleIndex(all_books, data=data)
    except ValueError:  # cached rows of another set of books
        return RuleIndex(all_books)


def search(query: str, game: str | None = None, limit: int = 3) -> SearchResult:
    """Search the shipped rule books; see :meth:`RuleIndex.search`."""
    return default_index().search(query, game=game, limit=limit)


def marked_text(pieces: Iterable[tuple[str, bool]], before: str = "**", after: str = "**") -> str:
    """Marked text as a string, matches wrapped in ``before``/``after``."""
    return "".join(f"{before}{t}{after}" if hit else t for t, hit in pieces)
