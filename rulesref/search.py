"""Search the rule books the way players ask: "can I sprawl into F block with two players".

How a question is answered:

1. The words that name a game ("... in lords of vegas") choose the game (when it names
   one) and are not searched.  Question words of English and Estonian ("can I", "kas",
   "kes") are dropped (``search-words.toml``).
2. Every other word is looked up in the books of the game(s) searched: an English word by
   its stem (SQLite FTS5's porter stemmer, so "passages" finds "passage") in the titles,
   keywords and text; an Estonian word by a light Estonian stem (case endings cut,
   diacritics folded, so "mängijad" finds "mängija" and "suudistus" finds "süüdistus") in
   the sections' Estonian keywords.
3. A word found in neither is corrected to the closest word (difflib) of the same
   language, and only of the game(s) searched: an Estonian word never becomes an English
   one ("vale" does not become "value").
4. Runs of words found in a title or keyword ("secret passage") also count as phrases;
   synonyms players use ("paid", "nobody won", "key sleeve", "bet") add their
   alternatives, some only in one game ("bet" is a suggestion in classic Clue).
5. Sections are ranked by BM25 over the sections of their own game: a word found in most
   of a game's sections ("card" in Clue, "money" in Las Vegas) weighs little there.
   An Estonian question is also compared with each section's example questions
   (:mod:`rulesref.examples`): how alike it is to a section's closest examples adds to
   that section's score (``example_weight``), which settles most close calls between
   neighbouring sections.
6. With no game chosen, if several games match about equally, the best section of each
   game is shown and the result says how to narrow the search (``-g``).

    >>> from rulesref.search import search
    >>> search("secret pasage", game="clue").hits[0].section.full_id
    'clue/secret-passages'
    >>> search("kes alustab mängu", game="clue").hits[0].section.full_id
    'clue/turn-order'
"""

from __future__ import annotations

import difflib
import math
import re
import sqlite3
import threading
import unicodedata
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import cache, lru_cache
from itertools import product
from pathlib import Path
from typing import TYPE_CHECKING

from rulesref.book import ENGLISH, RuleBook, Section, book, books, language, translations
from rulesref.core.errors import InputError, Problem
from rulesref.estonian import GLOSSARY_FILE, EstonianWords, Glossary

if TYPE_CHECKING:
    from rulesref.examples import ExampleMatcher
    from rulesref.rerank import Features, Reranker

#: The word lists of the search (stopwords, synonyms); see the file's comments.
LEXICON_FILE = Path(__file__).with_name("search-words.toml")
#: The Estonian re-ranker's weights (:mod:`rulesref.rerank`), when fitted ones ship.
RERANK_FILE = Path(__file__).with_name("search-rerank.toml")

_WORD_RE = re.compile(r"[^\W_]+(?:'[^\W_]+)?")
_MARK_START, _MARK_END = "\x02", "\x03"
_ESTONIAN_LETTERS = frozenset("õäöüšž")
_ET_VOWELS = "aeiou"
_TOKEN_COLUMNS = ("title", "keywords", "body", "et", "et_title", "et_body")
_ENGLISH_COLUMNS = (0, 1, 2)
_ESTONIAN_COLUMNS = (3, 4, 5)

Marked = tuple[tuple[str, bool], ...]
"""Text cut into pieces; True marks a piece that matched the query."""


@dataclass(frozen=True)
class SearchSettings:
    """How a search ranks and guesses; the defaults are what the CLI uses."""

    #: how much a match counts in the title, the keywords, the text, the Estonian keywords
    title_weight: float = 2.0
    keyword_weight: float = 3.0
    body_weight: float = 1.0
    estonian_weight: float = 2.5
    #: a run of words found in a title or keyword counts this much on top of its words
    phrase_weight: float = 1.5
    #: a synonym's match counts this share of the typed word's
    synonym_weight: float = 0.8
    #: an Estonian word's English meaning (glossary) counts this share of a match of the word
    gloss_weight: float = 1.0
    #: an Estonian word counts in a section by its better language (its Estonian match or its
    #: English meaning's); with this on, by the sum of both
    add_languages: bool = False
    #: an Estonian question's run of words found in a section's keywords counts this share
    #: when it is only a part of a longer keyword ("end card" of "end card position"), in
    #: full when it is a whole keyword
    part_of_keyword: float = 0.25
    #: a word also searched inside a several-word synonym ("nobody" of "nobody won") counts this much
    covered_weight: float = 0.5
    #: a game's name kept because it is a keyword of that game ("cluedo") counts this much
    game_name_weight: float = 0.25
    #: a question naming an edition of a game ("royale", "boulevardiga", "master detective'is"):
    #: the sections of that game that never mention it count this share
    edition_share: float = 0.5
    #: a word found in more than this share of a game's sections is filler there ...
    filler_share: float = 0.5
    #: ... and counts only this much
    filler_weight: float = 0.5
    #: a section whose title's words the question names all gets this much more (less in
    #: proportion, squared, when it names some of them)
    title_cover: float = 6.0
    #: in an Estonian question each section's score is multiplied by the share of the
    #: question's words (not phrases) it holds, to this power (0: not at all); a phrase and
    #: its own words would otherwise outweigh the word a section is about
    coverage_power: float = 0.5
    #: in an Estonian question two words with up to this many words between them that make
    #: a whole keyword, in either order, count as that phrase (Estonian word order is free) ...
    free_order_gap: int = 2
    #: ... at this share of a phrase's weight
    free_order_share: float = 0.75
    #: the words of an Estonian relative clause ("krundile, kus on kellegi teise marker") count
    #: this much: they say which one, not what is asked
    relative_weight: float = 0.6
    #: an Estonian question asking how many ("mitu tuba"): a section giving a number of that
    #: thing ("nine rooms") counts this much more
    amount_boost: float = 0.5
    #: with no game chosen, each game's scores are multiplied by the share of the question's
    #: words its book knows, to this power
    game_share_power: float = 2.0
    #: with no game chosen, a word's weight comes from all games' sections (else per game)
    idf_across_games: bool = True
    #: BM25 saturation and the text's length normalisation
    k1: float = 1.2
    body_b: float = 0.75
    #: a longer question is refused (a table question is a line or two)
    longest_question: int = 500
    #: words this short are never corrected ("ran" is not "rank")
    shortest_guess: int = 4
    #: how alike (difflib ratio) a correction must be: words of up to 5 letters, longer words
    short_cutoff: float = 0.75
    cutoff: float = 0.7
    #: a correction is one typo away (a letter missing, extra, wrong or two swapped), or two
    #: for words at least this long
    two_typos_from: int = 8
    #: with no game chosen, one game is shown alone when its best section scores this many
    #: times the best section of any other game; otherwise the best of each game is shown
    clear_lead: float = 1.6
    #: an Estonian question's likeness (0-1) to a section's example questions
    #: (:mod:`rulesref.examples`) adds this many times the best section's score to it ...
    example_weight: float = 4.0
    #: ... the likeness being the mean over the section's this many closest examples
    example_best: int = 4


@dataclass(frozen=True)
class Hit:
    section: Section
    score: float  # higher is better
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
    per_game: bool = False  # several games matched: the best section of each is shown
    lang: str = ENGLISH  # the language of the hits' titles and snippets (where a book has it)


def words(text: str) -> list[str]:
    """Lower-case words of a text, apostrophes dropped ("don't" -> "dont")."""
    return [w.replace("'", "") for w in _WORD_RE.findall(text.lower())]


def fold(word: str) -> str:
    """A word without diacritics ("mängija" -> "mangija"), as players type without them."""
    return "".join(c for c in unicodedata.normalize("NFKD", word) if not unicodedata.combining(c))


@lru_cache(maxsize=4096)
def et_stem(word: str, endings: tuple[str, ...] = ()) -> str:
    """A light Estonian stem: diacritics folded, one ending cut (the longest of ``endings``
    that leaves 4 letters), then a final vowel.

    >>> ends = ("d", "b", "t", "s")
    >>> [et_stem(w, ends) for w in ("mängijad", "süüdistuse", "alustab", "kaarti")]
    ['mangij', 'suudistus', 'alust', 'kaart']
    """
    w = fold(word.lower())
    for ending in endings:
        if w.endswith(ending) and len(w) - len(ending) >= 4:
            w = w[: -len(ending)]
            break
    if len(w) > 4 and w[-1] in _ET_VOWELS:
        w = w[:-1]
    return w


def _et_alike(a: str, b: str) -> bool:
    """Two Estonian stems of one word: equal, or one a prefix of the other (at most 2 more)."""
    if a == b:
        return True
    short, long_ = (a, b) if len(a) <= len(b) else (b, a)
    return len(short) >= 4 and len(long_) - len(short) <= 2 and long_.startswith(short)


def _typos(a: str, b: str) -> int:
    """Letters missing, extra, changed or two swapped (optimal string alignment distance)."""
    before: list[int] = []
    row = list(range(len(b) + 1))
    for i in range(1, len(a) + 1):
        current = [i] + [0] * len(b)
        for j in range(1, len(b) + 1):
            cost = 0 if a[i - 1] == b[j - 1] else 1
            current[j] = min(row[j] + 1, current[j - 1] + 1, row[j - 1] + cost)
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                current[j] = min(current[j], before[j - 2] + 1)
        before, row = row, current
    return row[len(b)]


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


_FTS_TOKENIZER = "tokenize = 'porter unicode61 remove_diacritics 2'"


class _Stemmer:
    """English stems exactly as the index makes them: FTS5's porter tokenizer, asked directly."""

    def __init__(self) -> None:
        self._db = sqlite3.connect(":memory:", check_same_thread=False)
        self._db.execute(f"CREATE VIRTUAL TABLE scratch USING fts5(x, {_FTS_TOKENIZER})")
        self._db.execute("CREATE VIRTUAL TABLE scratch_terms USING fts5vocab(scratch, 'instance')")
        self._known: dict[str, tuple[str, ...]] = {}
        self._lock = threading.Lock()  # the web pages search from several threads

    def tokens(self, texts: Sequence[str]) -> list[tuple[str, ...]]:
        """The stems of each text, in order."""
        with self._lock:
            return self._tokens(texts)

    def _tokens(self, texts: Sequence[str]) -> list[tuple[str, ...]]:
        if len(self._known) > 50_000:  # questions from outside: keep the memo bounded
            self._known.clear()
        wanted = [t for t in dict.fromkeys(texts) if t not in self._known]
        if wanted:
            self._db.executemany("INSERT INTO scratch(rowid, x) VALUES (?, ?)", list(enumerate(wanted, 1)))
            found: dict[int, list[str]] = {}
            for term, doc in self._db.execute("SELECT term, doc FROM scratch_terms ORDER BY doc, offset"):
                found.setdefault(doc, []).append(term)
            self._db.execute("DELETE FROM scratch")
            for i, text in enumerate(wanted, 1):
                self._known[text] = tuple(found.get(i, ()))
        return [self._known[t] for t in texts]


@dataclass(frozen=True)
class Lexicon:
    """The search's word lists (``search-words.toml``)."""

    en_stop: frozenset[str]
    et_stop: frozenset[str]  # folded (no diacritics)
    et_endings: tuple[str, ...]  # Estonian endings, longest first
    edge: frozenset[str]
    synonyms: Mapping[str, tuple[str, ...]]  # typed words (joined by a space) -> alternatives
    game_synonyms: Mapping[str, Mapping[str, tuple[str, ...]]]
    estonian: EstonianWords  # the Estonian glossary: base forms, their forms, their English

    @classmethod
    def read(cls, path: Path = LEXICON_FILE, glossary: Path = GLOSSARY_FILE) -> Lexicon:
        from rulesref.core.files import read_text
        from rulesref.core.tomlfile import parse_toml

        data = parse_toml(read_text(path, what="word list"), str(path))
        return cls.from_json({**data, "estonian-words": EstonianWords.of(Glossary.read(glossary)).to_json()})

    @classmethod
    def from_json(cls, data: object) -> Lexicon:
        """Read the file's shape (also the cached form), checking every type (ValueError if wrong)."""
        if not isinstance(data, dict):
            raise ValueError("a word list must be a table")
        english, estonian = _table(data, "english"), _table(data, "estonian")
        games = _table(data, "game-synonyms")
        return cls(
            en_stop=frozenset(_text(english, "stopwords").split()),
            et_stop=frozenset(fold(w) for w in _text(estonian, "stopwords").split()),
            et_endings=tuple(sorted(set(_text(estonian, "endings").split()), key=lambda e: (-len(e), e))),
            edge=frozenset(_text(english, "edge").split()),
            synonyms=_synonyms(_table(data, "synonyms")),
            game_synonyms={game: _synonyms(_table(games, game)) for game in games},
            estonian=EstonianWords.from_json(data["estonian-words"]),
        )

    def to_json(self) -> dict[str, object]:
        return {
            "english": {"stopwords": " ".join(sorted(self.en_stop)), "edge": " ".join(sorted(self.edge))},
            "estonian": {"stopwords": " ".join(sorted(self.et_stop)), "endings": " ".join(self.et_endings)},
            "synonyms": {k: list(v) for k, v in self.synonyms.items()},
            "game-synonyms": {g: {k: list(v) for k, v in s.items()} for g, s in self.game_synonyms.items()},
            "estonian-words": self.estonian.to_json(),
        }

    def is_stop(self, word: str) -> bool:
        return word in self.en_stop or fold(word) in self.et_stop

    def et_stem(self, word: str) -> str:
        """:func:`et_stem` with this word list's endings."""
        return et_stem(word, self.et_endings)

    def et_keys(self, word: str) -> tuple[str, ...]:
        """How an Estonian word is indexed and searched: the glossary's base forms it stands
        for (a compound: those of its parts), else its light stem (:func:`et_stem`)."""
        return self.estonian.bases(word) or (self.et_stem(word),)


def example_keys(lexicon: Lexicon, text: str) -> frozenset[str]:
    """An Estonian text as :mod:`rulesref.examples` compares it: the folded keys
    (:meth:`Lexicon.et_keys`) of its words, stopwords and single letters left out."""
    return frozenset(
        fold(key) for w in words(text) if len(w) > 1 and not lexicon.is_stop(w) for key in lexicon.et_keys(w)
    )


def _table(data: Mapping[str, object], key: str) -> dict[str, object]:
    value = data.get(key, {})
    if not isinstance(value, dict):
        raise ValueError(f"'{key}' must be a table")
    return value


def _text(data: Mapping[str, object], key: str) -> str:
    value = data.get(key, "")
    if not isinstance(value, str):
        raise ValueError(f"'{key}' must be a string")
    return value


def _str_list(value: object) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ValueError("expected a list of strings")
    return value


def _synonyms(table: Mapping[str, object]) -> dict[str, tuple[str, ...]]:
    return {" ".join(words(k)): tuple(_str_list(v)) for k, v in table.items()}


@dataclass(frozen=True)
class IndexData:
    """What an index is built from, prepared once from the books (and cached as JSON).

    ``tokens`` holds, per section, its stems in six columns: title, keywords and text
    (porter stems), then the Estonian keywords and, where the book is translated into
    Estonian, the Estonian title and text (:meth:`Lexicon.et_keys`).  Runs of words are
    kept joined by single spaces.
    """

    rows: tuple[tuple[str, str, str, str, str], ...]  # full_id, game, title, keywords, body text
    et_rows: tuple[tuple[str, str], ...]  # the Estonian title and text ("" when not translated)
    tokens: tuple[tuple[tuple[str, ...], ...], ...]  # per row: the stems of each column
    words_en: Mapping[str, frozenset[str]]  # game -> words of its texts, for corrections
    words_et: Mapping[str, frozenset[str]]  # game -> words of its Estonian keywords
    phrases: Mapping[str, frozenset[str]]  # game -> 2- to 4-stem runs of its titles and keywords
    et_phrases: Mapping[str, frozenset[str]]  # game -> 2- to 4-key runs of its Estonian keywords
    names: Mapping[str, frozenset[str]]  # game -> whole titles and keywords, as stems
    game_names: Mapping[str, str]  # words naming one game -> its id
    lexicon: Lexicon
    #: the Estonian example questions (:mod:`rulesref.examples`): (row, keys) per question
    examples: tuple[tuple[int, tuple[str, ...]], ...] = ()

    @classmethod
    def of(
        cls,
        rule_books: Mapping[str, RuleBook],
        lexicon: Lexicon | None = None,
        estonian: Mapping[str, RuleBook] | None = None,
        examples: Mapping[str, Sequence[str]] | None = None,
    ) -> IndexData:
        """The data of an index over ``rule_books``; ``estonian`` holds the books translated
        into Estonian (default: none), whose titles and texts are indexed beside them, and
        ``examples`` Estonian example questions by full section id (default: none)."""
        lexicon = lexicon or Lexicon.read()
        estonian = estonian or {}
        stemmer = _Stemmer()
        rows: list[tuple[str, str, str, str, str]] = []
        et_rows: list[tuple[str, str]] = []
        tokens: list[tuple[tuple[str, ...], ...]] = []
        words_en: dict[str, set[str]] = {}
        words_et: dict[str, set[str]] = {}
        phrases: dict[str, set[str]] = {}
        et_phrases: dict[str, set[str]] = {}
        names: dict[str, set[str]] = {}
        for b in rule_books.values():
            for s in b.sections:
                keywords = " ; ".join((*s.keywords, s.id.replace("-", " ")))
                body = plain(s.text)
                rows.append((s.full_id, s.game, s.title, keywords, body))
                title_t, keywords_t, body_t = stemmer.tokens([s.title, keywords, body])
                translated = estonian[b.game].section(s.id) if b.game in estonian else None
                et_title, et_body = (translated.title, plain(translated.text)) if translated else ("", "")
                et_rows.append((et_title, et_body))
                et_keywords = [w for k in s.keywords_et for w in words(k)]
                # the Estonian text's own words: not the English names and terms it quotes
                english = {*title_t, *keywords_t, *body_t}
                et_text = [
                    [w for w, stems in zip(ws, stemmer.tokens(ws)) if not (stems and english.issuperset(stems))]
                    for ws in (words(et_title), words(et_body))
                ]
                et_columns = tuple(
                    tuple(key for w in ws for key in lexicon.et_keys(w)) for ws in (et_keywords, *et_text)
                )
                tokens.append((title_t, keywords_t, body_t, *et_columns))
                words_en.setdefault(s.game, set()).update(words(s.title), words(keywords), words(body))
                words_et.setdefault(s.game, set()).update(et_keywords, *et_text)
                for keyword in s.keywords_et:
                    keys = [key for w in words(keyword) for key in lexicon.et_keys(w)]
                    for n in (2, 3, 4):
                        et_phrases.setdefault(s.game, set()).update(
                            " ".join(keys[i : i + n]) for i in range(len(keys) - n + 1)
                        )
                for name_stems in stemmer.tokens([s.title, *s.keywords]):
                    names.setdefault(s.game, set()).add(" ".join(name_stems))
                    for n in (2, 3, 4):
                        phrases.setdefault(s.game, set()).update(
                            " ".join(name_stems[i : i + n]) for i in range(len(name_stems) - n + 1)
                        )
        return cls(
            rows=tuple(rows),
            et_rows=tuple(et_rows),
            tokens=tuple(tokens),
            words_en={g: frozenset(v) for g, v in words_en.items()},
            words_et={g: frozenset(v) for g, v in words_et.items()},
            phrases={g: frozenset(v) for g, v in phrases.items()},
            et_phrases={g: frozenset(v) for g, v in et_phrases.items()},
            names={g: frozenset(v) for g, v in names.items()},
            game_names=_game_names(rule_books.values()),
            lexicon=lexicon,
            examples=tuple(
                (row, tuple(sorted(example_keys(lexicon, q))))
                for row, (full_id, *_) in enumerate(rows)
                for q in (examples or {}).get(full_id, ())
            ),
        )

    def to_json(self) -> dict[str, object]:
        def by_game(m: Mapping[str, frozenset[str]]) -> dict[str, list[str]]:
            return {g: sorted(v) for g, v in m.items()}

        return {
            "rows": [list(r) for r in self.rows],
            "et_rows": [list(r) for r in self.et_rows],
            "tokens": [[" ".join(col) for col in row] for row in self.tokens],
            "words_en": by_game(self.words_en),
            "words_et": by_game(self.words_et),
            "phrases": by_game(self.phrases),
            "et_phrases": by_game(self.et_phrases),
            "names": by_game(self.names),
            "game_names": dict(sorted(self.game_names.items())),
            "lexicon": self.lexicon.to_json(),
            "examples": [[row, " ".join(keys)] for row, keys in self.examples],
        }

    @classmethod
    def from_json(cls, data: object) -> IndexData:
        """Read :meth:`to_json`'s form back, checking every type (ValueError if wrong)."""
        if not isinstance(data, dict):
            raise ValueError("index data must be an object")
        rows = []
        for row in _list(data["rows"]):
            full_id, game, title, keywords, body = _str_list(row)
            rows.append((full_id, game, title, keywords, body))
        et_rows = []
        for row in _list(data["et_rows"]):
            et_title, et_body = _str_list(row)
            et_rows.append((et_title, et_body))
        tokens = []
        for row in _list(data["tokens"]):
            columns = _str_list(row)
            if len(columns) != len(_TOKEN_COLUMNS):
                raise ValueError("a token row has one entry per column")
            tokens.append(tuple(tuple(col.split()) for col in columns))
        if len(tokens) != len(rows) or len(et_rows) != len(rows):
            raise ValueError("one token row and one Estonian row per section")

        def by_game(value: object) -> dict[str, frozenset[str]]:
            if not isinstance(value, dict):
                raise ValueError("expected an object of games")
            return {str(g): frozenset(_str_list(v)) for g, v in value.items()}

        game_names = data["game_names"]
        if not isinstance(game_names, dict) or not all(isinstance(v, str) for v in game_names.values()):
            raise ValueError("game names must map words to a game")
        examples = []
        for item in _list(data.get("examples", [])):
            pair = _list(item)
            if len(pair) != 2 or not isinstance(pair[0], int) or not isinstance(pair[1], str):
                raise ValueError("an example is [row, keys]")
            if not 0 <= pair[0] < len(rows):
                raise ValueError("an example's row is not a section")
            examples.append((pair[0], tuple(pair[1].split())))
        return cls(
            rows=tuple(rows),
            et_rows=tuple(et_rows),
            tokens=tuple(tokens),
            words_en=by_game(data["words_en"]),
            words_et=by_game(data["words_et"]),
            phrases=by_game(data["phrases"]),
            et_phrases=by_game(data["et_phrases"]),
            names=by_game(data["names"]),
            game_names=dict(game_names),
            lexicon=Lexicon.from_json(data["lexicon"]),
            examples=tuple(examples),
        )


def _list(value: object) -> list[object]:
    if not isinstance(value, list):
        raise ValueError("expected a list")
    return value


@dataclass(frozen=True)
class _Term:
    """One thing searched for: English alternatives (each a run of stems, in the English
    columns) and Estonian ones (single keys, in the Estonian columns).

    A word typed in English has English alternatives only.  A word typed in Estonian has
    its keys (:meth:`Lexicon.et_keys`, and the books' Estonian keys alike to its light
    stem) and, when the glossary knows it, its English meaning as English alternatives.
    """

    label: str  # as shown to the reader
    alternatives: tuple[tuple[tuple[str, ...], float], ...]  # (stems, how much a match counts)
    estonian: bool = False  # typed in Estonian
    weight: float = 1.0
    et_alternatives: tuple[str, ...] = ()  # Estonian keys
    meaning: tuple[str, ...] = ()  # the English words of an Estonian term, as written (for highlights)


@dataclass
class _Word:
    typed: str
    used: str  # after correction; "" when left out
    english: bool = False
    estonian: bool = False
    stop: bool = False
    game_name: bool = False  # names the game and is one of its keywords ("cluedo")
    lemmas: tuple[str, ...] = ()  # the glossary's base forms of an Estonian word
    parts: tuple[str, ...] = ()  # or of the parts of an Estonian compound


class RuleIndex:
    """Rule books made searchable (see the module's text for how a question is answered)."""

    def __init__(
        self,
        rule_books: Mapping[str, RuleBook],
        *,
        data: IndexData | None = None,
        settings: SearchSettings | None = None,
        estonian: Mapping[str, RuleBook] | None = None,
        reranker: Reranker | None = None,
    ) -> None:
        """``estonian`` holds the books translated into Estonian (indexed beside the English
        ones, and shown for answers in Estonian); ``reranker`` orders an Estonian question's
        first candidates again (:mod:`rulesref.rerank`)."""
        self.books = dict(rule_books)
        self.reranker = reranker
        self.estonian = dict(estonian or {})
        self.settings = settings or SearchSettings()
        self.data = data or IndexData.of(self.books, estonian=self.estonian)
        by_id = {s.full_id: s for b in self.books.values() for s in b.sections}
        unknown = [row[0] for row in self.data.rows if row[0] not in by_id]
        if unknown or len(by_id) != len(self.data.rows):
            raise ValueError(f"index rows do not match the books: {unknown[:3]}")
        self._sections = [by_id[row[0]] for row in self.data.rows]
        self._rows_of: dict[str, list[int]] = {}
        for i, row in enumerate(self.data.rows):
            self._rows_of.setdefault(row[1], []).append(i)
        # counts of the English columns now, of the Estonian ones when an Estonian word asks
        self._counts: list[list[Counter[str] | None]] = [
            [Counter(col) for col in row[:3]] + [None] * len(_ESTONIAN_COLUMNS) for row in self.data.tokens
        ]
        self._avg_body = {
            game: max(1.0, sum(len(self.data.tokens[i][2]) for i in rows) / len(rows))
            for game, rows in self._rows_of.items()
        }
        self._avg_et_body = {
            game: max(1.0, sum(len(self.data.tokens[i][5]) for i in rows) / len(rows))
            for game, rows in self._rows_of.items()
        }
        self._stems_of = {
            game: frozenset(t for i in rows for col in self.data.tokens[i][:3] for t in col)
            for game, rows in self._rows_of.items()
        }
        self._named_of = {  # stems of titles and keywords: the words a section is known by
            game: frozenset(t for i in rows for col in self.data.tokens[i][:2] for t in col)
            for game, rows in self._rows_of.items()
        }
        stop = self._stemmer_stop()
        self._title_words = [frozenset(t for t in row[0] if t not in stop) for row in self.data.tokens]
        self._proper: dict[str, tuple[frozenset[str], frozenset[str]]] = {}
        self._forms: dict[str, tuple[str, ...]] | None = None
        self._number_stems: frozenset[str] | None = None
        self._own_words = {  # the words of a game's own name: its id and its title's first part
            game: frozenset(words(game.replace("-", " ")) + words(re.split(r"[(:]", b.title)[0]))
            for game, b in self.books.items()
        }
        self._et_words = frozenset(k for k in self.data.lexicon.estonian.glossary.gloss if " " not in k)
        self._et_bases = self.data.lexicon.estonian.bases_known()  # keys that are glossary words
        # made when first needed (most of it only by questions in Estonian):
        self._et_title_words: dict[int, frozenset[str]] = {}
        self._et_by_start: dict[str, dict[str, tuple[str, ...]]] = {}
        self._keyword_runs: dict[tuple[int, int], tuple[str, ...]] = {}
        self._matcher: ExampleMatcher | None = None
        self._db = sqlite3.connect(":memory:", check_same_thread=False)
        self._db.execute(
            "CREATE VIRTUAL TABLE idx USING fts5(full_id UNINDEXED, game UNINDEXED, title, keywords, body,"
            f" {_FTS_TOKENIZER})"
        )
        self._db.executemany(
            "INSERT INTO idx(rowid, full_id, game, title, keywords, body) VALUES (?, ?, ?, ?, ?, ?)",
            [(i, *row) for i, row in enumerate(self.data.rows)],
        )
        self._db.commit()

    def _stemmer_stop(self) -> frozenset[str]:
        """The English stopwords as stems (title words that do not count for coverage)."""
        self._stemmer = _Stemmer()
        stop = sorted(self.data.lexicon.en_stop)
        return frozenset(" ".join(t) for t in self._stemmer.tokens(stop))

    def state(self) -> dict[str, object]:
        """This index's data as JSON-ready values (see :meth:`from_state`)."""
        return self.data.to_json()

    @classmethod
    def from_state(
        cls, rule_books: Mapping[str, RuleBook], state: object, settings: SearchSettings | None = None
    ) -> RuleIndex:
        """An index from :meth:`state`'s data, checked field by field (ValueError if wrong)."""
        return cls(rule_books, data=IndexData.from_json(state), settings=settings)

    # -- which game ------------------------------------------------------------------

    def _game_spans(self, ws: list[str]) -> list[tuple[int, int, str, str]]:
        """(start, end, game, name) for each run of words naming a game, longest first; the
        name as the book spells it ("las vegas royale" for "las vegas royale'is")."""
        spans: list[tuple[int, int, str, str]] = []
        i = 0
        while i < len(ws):
            for n in range(min(8, len(ws) - i), 0, -1):
                typed = " ".join(ws[i : i + n])
                game = self.data.game_names.get(typed)
                name = (typed, game) if game else self._inflected_name(ws[i : i + n])
                if name:
                    spans.append((i, i + n, name[1], name[0]))
                    i += n
                    break
            else:
                i += 1
        return spans

    def _inflected_name(self, ws: list[str]) -> tuple[str, str] | None:
        """(name, game) named by words whose last one carries an Estonian ending ("las vegases")."""
        if not ws or len(ws[-1]) < 5:
            return None
        last = self.data.lexicon.et_stem(ws[-1])
        for name, game in self.data.game_names.items():
            parts = name.split()
            if (
                len(parts) == len(ws)
                and parts[:-1] == ws[:-1]
                and _et_alike(self.data.lexicon.et_stem(parts[-1]), last)
            ):
                return name, game
        return None

    def named_game(self, query: str) -> str | None:
        """The one game a question names ("... in lords of vegas"), if it names exactly one."""
        found = {game for _, _, game, _ in self._game_spans(words(query))}
        return found.pop() if len(found) == 1 else None

    # -- the question's words --------------------------------------------------------

    def _synonyms(self, games: Sequence[str]) -> dict[str, tuple[str, ...]]:
        out = dict(self.data.lexicon.synonyms)
        if len(games) == 1:
            for key, alternatives in self.data.lexicon.game_synonyms.get(games[0], {}).items():
                out[key] = alternatives
        return out

    def _correct(self, word: str, pool: Iterable[str]) -> str | None:
        """The closest word of ``pool``: alike by difflib's ratio, at most one typo away (two
        for words of 8 letters or more) and starting with the same letter (or the first two
        swapped), ties broken by the ratio.  "steal" is not taken for "teal"."""
        s = self.settings
        if len(word) < s.shortest_guess:
            return None  # too short to guess from ("ran" is not "rank")
        most = 1 if len(word) < s.two_typos_from else 2
        near = sorted(
            w
            for w in pool
            if abs(len(w) - len(word)) <= most and (w[0] == word[0] or (w[:2] == word[1::-1] and len(w) > 1))
        )
        cutoff = s.short_cutoff if len(word) <= 5 else s.cutoff
        for candidate in difflib.get_close_matches(word, near, n=5, cutoff=cutoff):
            if _typos(word, candidate) <= most:
                return candidate
        return None

    def _read_words(
        self, typed: list[str], games: Sequence[str], heads: Sequence[str] = ()
    ) -> tuple[list[_Word], bool]:
        """Each typed word: a stopword, English, Estonian or corrected into one of them; and
        whether the question is in Estonian.  ``heads`` holds, for each word typed with an
        apostrophe, the part before it ("gamble'iga": gamble), else ""."""
        lexicon = self.data.lexicon
        stems = frozenset().union(*(self._stems_of.get(g, frozenset()) for g in games))
        named = frozenset().union(*(self._named_of.get(g, frozenset()) for g in games))
        synonyms = self._synonyms(games)
        out: list[_Word] = []
        english = self._stemmer.tokens(typed)
        for w, w_stems in zip(typed, english):
            if not w:
                out.append(_Word(w, ""))
                continue
            word = _Word(w, w, stop=lexicon.is_stop(w))
            if not word.stop:
                # a word with õ, ä, ö or ü is never English ("üks" is not "uks", stem "uk")
                word.english = not (_ESTONIAN_LETTERS & set(w)) and (
                    (bool(w_stems) and " ".join(w_stems) in stems) or w in synonyms
                )
                self._read_estonian(word, games)
            out.append(word)
        # which language the question is in: its stopwords and the words only one language knows
        et_votes = sum(
            1
            for x in out
            if (fold(x.typed) in lexicon.et_stop and x.typed not in lexicon.en_stop)
            or (x.estonian and not x.english)
            or _ESTONIAN_LETTERS & set(x.typed)
        )
        en_votes = sum(
            1
            for x in out
            if (x.typed in lexicon.en_stop and fold(x.typed) not in lexicon.et_stop) or (x.english and not x.estonian)
        )
        in_estonian = et_votes > en_votes
        heads = list(heads) + [""] * (len(out) - len(heads))
        for word, w_stems, head in zip(out, english, heads):
            if word.english and word.estonian and not in_estonian and (" ".join(w_stems) in named or self._loan(word)):
                word.estonian = False  # an English question: "boss" is the English keyword
                word.lemmas = word.parts = ()
            elif word.english and word.lemmas and in_estonian:
                # an Estonian question: "boss", "tuba" are the glossary's words, whose reading
                # already looks for their English; read twice they would count twice
                word.english = False
            if in_estonian and word.used and not (word.stop or word.english) and (head or not word.estonian):
                # an English word of the books with an Estonian ending (gamble'iga, remodelida)
                loan = self._loan_word(word.typed, head, stems, synonyms)
                if loan:
                    word.used, word.lemmas, word.parts, word.estonian = loan, (), (), False
                    word.stop, word.english = lexicon.is_stop(loan), not lexicon.is_stop(loan)
                    continue
            if word.stop or word.english or word.estonian or not word.used:
                continue
            estonian = bool(_ESTONIAN_LETTERS & set(word.typed)) or in_estonian
            if estonian:
                spelt = {fold(w): w for g in games for w in sorted(self.data.words_et.get(g, ()))}
                spelt.update({fold(w): w for w in sorted(self._et_words) if fold(w) not in spelt})
                folded = self._correct(fold(word.typed), spelt)
                better = spelt[folded] if folded else None
                if better is not None:
                    word.used = better
                    self._read_estonian(word, games)
                elif in_estonian and not _ESTONIAN_LETTERS & set(word.typed):
                    # nor Estonian: an English word with an ending and a typo ("shoude": show)
                    pool = frozenset().union(*(self.data.words_en.get(g, frozenset()) for g in games))
                    stem = next(iter(self.data.lexicon.estonian.loan_stems(word.typed)), "")
                    guess = self._correct(stem, pool) if stem else None
                    if guess:
                        word.used, word.english = guess, True
                        continue
                word.estonian = better is not None
            else:
                pool = frozenset().union(*(self.data.words_en.get(g, frozenset()) for g in games))
                # else perhaps a loanword alone with an Estonian ending ("sprawlimine")
                better = self._correct(word.typed, pool) or self._loan_word(word.typed, head, stems, synonyms) or None
                word.english = better is not None
            word.used = better or ""
        return out, in_estonian

    def _loan_word(self, typed: str, head: str, stems: frozenset[str], synonyms: Mapping[str, tuple[str, ...]]) -> str:
        """The English word of the books (or an English stopword after an apostrophe: *all
        in'iga*) that ``typed`` is with its Estonian endings cut, fewest cuts first; else ""."""
        lexicon = self.data.lexicon
        found = lexicon.estonian.loan_stems(typed, head)
        for stem, tokens in zip(found, self._stemmer.tokens(list(found))):
            if (tokens and " ".join(tokens) in stems) or stem in synonyms or (head and stem in lexicon.en_stop):
                return stem
        return ""

    def _loan(self, word: _Word) -> bool:
        """Whether an Estonian word means itself in English ("boss", "golf", "number")."""
        meaning = {m for lemma in word.lemmas for m in self.data.lexicon.estonian.meaning(lemma)}
        return bool(meaning) and self._stemmer.tokens([word.typed])[0] in {
            tuple(t) for t in self._stemmer.tokens(sorted(meaning))
        }

    def _keys_by_start(self, game: str) -> dict[str, tuple[str, ...]]:
        """A game's Estonian keys that are not glossary words (light stems), by their first
        four letters: two stems are alike only when they share them (:func:`_et_alike`)."""
        found = self._et_by_start.get(game)
        if found is None:
            rows = self._rows_of.get(game, [])
            keys = {t for i in rows for col in _ESTONIAN_COLUMNS for t in self.data.tokens[i][col]}
            by_start: dict[str, list[str]] = {}
            for key in sorted(keys - self._et_bases):
                by_start.setdefault(key[:4], []).append(key)
            found = self._et_by_start[game] = {start: tuple(keys) for start, keys in by_start.items()}
        return found

    def _et_title(self, row: int) -> frozenset[str]:
        """The keys of a section's Estonian title, question words left out."""
        found = self._et_title_words.get(row)
        if found is None:
            stop = self.data.lexicon.et_stop
            found = self._et_title_words[row] = frozenset(k for k in self.data.tokens[row][4] if k not in stop)
        return found

    def _alike(self, stem: str, games: Sequence[str]) -> list[str]:
        """The books' Estonian keys (not glossary words) alike to a light stem, sorted."""
        found = {key for game in games for key in self._keys_by_start(game).get(stem[:4], ()) if _et_alike(stem, key)}
        return sorted(found)

    def _read_estonian(self, word: _Word, games: Sequence[str]) -> None:
        """Whether ``word.used`` is Estonian: a glossary word (or compound), or alike to a
        word of the books' Estonian texts."""
        glossary = self.data.lexicon.estonian
        word.lemmas = glossary.lemmas(word.used)
        word.parts = () if word.lemmas else glossary.parts(word.used)
        word.estonian = bool(word.lemmas or word.parts) or bool(
            self._alike(self.data.lexicon.et_stem(word.used), games)
        )

    def _terms(self, read: list[_Word], games: Sequence[str]) -> list[_Term]:
        """Words, phrases and synonyms to search for, best-known first."""
        lexicon = self.data.lexicon
        settings = self.settings
        synonyms = self._synonyms(games)
        used = [w.used if (w.english or w.stop) else "" for w in read]
        stems = self._stemmer.tokens(used)
        phrases = frozenset().union(*(self.data.phrases.get(g, frozenset()) for g in games))
        names = frozenset().union(*(self.data.names.get(g, frozenset()) for g in games))
        terms: list[_Term] = []
        labels: set[str] = set()
        covered: set[int] = set()  # words searched as part of a synonym phrase

        def alternatives(typed: str, own: tuple[str, ...]) -> tuple[tuple[tuple[str, ...], float], ...]:
            found: list[tuple[tuple[str, ...], float]] = [(own, 1.0)] if own else []
            extra = synonyms.get(typed, ())
            for alt in self._stemmer.tokens(list(extra)):
                if alt and alt != own:
                    found.append((alt, settings.synonym_weight))
            return tuple(found)

        for n in (4, 3, 2):
            for i in range(len(used) - n + 1):
                gram = used[i : i + n]
                if not all(gram):
                    continue
                text = " ".join(gram)
                key = " ".join(" ".join(s) for s in stems[i : i + n])
                content = any(g not in lexicon.en_stop for g in gram)
                is_phrase = (
                    gram[0] not in lexicon.edge
                    and gram[-1] not in lexicon.edge
                    and ((content and key in phrases) or key in names)
                )
                if text in synonyms and text not in labels:
                    terms.append(_Term(text, alternatives(text, tuple(key.split())), weight=settings.phrase_weight))
                    labels.add(text)
                    covered.update(range(i, i + n))
                elif is_phrase and not any(text in label for label in labels):
                    # a whole keyword counts fully; a run of a title or keyword by its content words
                    share = 1.0 if key in names else max(0.5, sum(g not in lexicon.en_stop for g in gram) / n)
                    weight = settings.phrase_weight * share
                    terms.append(_Term(text, ((tuple(key.split()), 1.0),), weight=weight))
                    labels.add(text)
        negated = any(lexicon.estonian.is_negation(w.typed) for w in read if w.typed)
        et_covered = self._estonian_phrases(read, terms, labels)
        et_covered |= self._english_runs(read, terms, labels, phrases | names, negated)
        et_covered |= self._estonian_runs(read, terms, labels, games)
        said: set[tuple[str, ...]] = set()  # the base forms of the Estonian words searched
        for i, word in enumerate(read):
            if word.stop or not word.used or word.used in labels:
                continue
            if word.english:
                own = stems[i]
                alts = alternatives(word.used, own)
                if alts:
                    weight = (
                        settings.game_name_weight
                        if word.game_name
                        else settings.covered_weight
                        if i in covered
                        else 1.0
                    )
                    terms.append(_Term(word.used, alts, weight=weight))
                    labels.add(word.used)
            if word.estonian:
                weight = (
                    settings.game_name_weight if word.game_name else settings.covered_weight if i in et_covered else 1.0
                )
                if word.parts:  # a compound: each part searched as a word of its own
                    for part in word.parts:
                        if part not in labels:
                            terms.append(self._estonian_term(part, (part,), games, weight, negated=negated))
                            labels.add(part)
                    continue
                if word.lemmas and word.lemmas in said:
                    continue  # a word said twice ("lillad plaadid ... lillat") counts once
                said.add(word.lemmas)
                label = word.used if word.used not in labels else f"{word.used} (et)"
                terms.append(self._estonian_term(label, word.lemmas, games, weight, word.used, negated))
                labels.add(label)
        return self._described(read, terms)

    def _described(self, read: Sequence[_Word], terms: list[_Term]) -> list[_Term]:
        """An Estonian relative clause - a relative word right after the noun it describes:
        "ehitada krundile, kus on kellegi teise marker" - says which one, not what is asked:
        the Estonian terms made only of its words count ``relative_weight``."""
        glossary = self.data.lexicon.estonian
        start = next(
            (k + 1 for k in range(1, len(read)) if glossary.is_relative_word(read[k].typed) and _noun(read[k - 1])),
            None,
        )
        if start is None:
            return terms
        inside = {n for w in read[start:] for n in (w.typed, w.used, *w.parts) if n}
        inside -= {n for w in read[:start] for n in (w.typed, w.used, *w.parts) if n}
        weight = self.settings.relative_weight
        return [
            replace(t, weight=t.weight * weight)
            if t.estonian and inside.issuperset(t.label.removesuffix(" (et)").split())
            else t
            for t in terms
        ]

    def _meaning(self, lemmas: Iterable[str], negated: bool = False) -> tuple[str, ...]:
        """The English of an Estonian word's base forms; in a denied question the denied
        meaning where the glossary has one ("keegi ... ei": nobody, not someone)."""
        glossary = self.data.lexicon.estonian
        return tuple(
            dict.fromkeys(m for b in lemmas for m in ((negated and glossary.negated(b)) or glossary.meaning(b)))
        )

    def _english_forms(self) -> dict[str, tuple[str, ...]]:
        """English forms the stemmer cannot join to a word the glossary gives ("took",
        "taken" of "take"; "won" of "win"): the synonyms of one word for one word, read
        backwards."""
        if self._forms is None:
            found: dict[str, list[str]] = {}
            for typed, alternatives in self.data.lexicon.synonyms.items():
                if " " not in typed and len(alternatives) == 1 and " " not in alternatives[0]:
                    found.setdefault(alternatives[0], []).append(typed)
            self._forms = {base: tuple(forms) for base, forms in found.items()}
        return self._forms

    def _estonian_term(
        self,
        label: str,
        lemmas: tuple[str, ...],
        games: Sequence[str],
        weight: float,
        typed: str = "",
        negated: bool = False,
    ) -> _Term:
        """An Estonian word: its keys and the books' keys alike to its light stem, and the
        English its glossary base forms stand for."""
        lexicon = self.data.lexicon
        stem = lexicon.et_stem(typed or label)
        keys = (*lemmas, *self._alike(stem, games))
        meaning = self._meaning(lemmas, negated)
        meaning += tuple(f for m in meaning for f in self._english_forms().get(m, ()) if f not in meaning)
        english = tuple(
            (tuple(alt), self.settings.gloss_weight) for alt in dict.fromkeys(map(tuple, self._stemmer.tokens(meaning)))
        )
        return _Term(label, english, estonian=True, weight=weight, et_alternatives=keys, meaning=meaning)

    def _estonian_phrases(self, read: list[_Word], terms: list[_Term], labels: set[str]) -> set[int]:
        """Runs of Estonian words the glossary gives a meaning of their own ("suur täring":
        big die), added to ``terms``; the positions of their words."""
        glossary = self.data.lexicon.estonian
        covered: set[int] = set()

        def add(label: str, meaning: tuple[str, ...], at: Iterable[int]) -> None:
            if meaning and label not in labels:
                english = tuple((tuple(alt), 1.0) for alt in self._stemmer.tokens(meaning) if alt)
                weight = self.settings.phrase_weight
                terms.append(_Term(label, english, estonian=True, weight=weight, meaning=meaning))
                labels.add(label)
                covered.update(at)

        for i, word in enumerate(read):  # a compound's parts ("krundikaart": krunt + kaart)
            if word.parts:
                add(word.typed, glossary.phrase_meaning(word.parts), (i,))
        # a question word may still be part of a phrase ("kõik mängu": all in)
        options = [
            (*(w.lemmas or (glossary.lemmas(w.typed) if w.stop else ())), fold(w.typed)) if w.typed else ()
            for w in read
        ]
        for n in range(min(glossary.longest_phrase, len(read)), 1, -1):
            for i in range(len(read) - n + 1):
                if not all(options[i : i + n]) or not any(read[j].estonian for j in range(i, i + n)):
                    continue
                found = [glossary.phrase_meaning(bases) for bases in product(*options[i : i + n])]
                if n == 2:  # a particle verb comes first in a clause: "plaadid said otsa" (otsa saama)
                    found += [
                        glossary.phrase_meaning((b, a)) for a, b in product(*options[i : i + 2]) if a.endswith("ma")
                    ]
                add(" ".join(w.typed for w in read[i : i + n]), next((m for m in found if m), ()), range(i, i + n))
        return covered

    def _estonian_runs(self, read: list[_Word], terms: list[_Term], labels: set[str], games: Sequence[str]) -> set[int]:
        """Runs of two to four Estonian words, at least two of them not question words, found
        as keys in a row in an Estonian keyword ("samasse tuppa jääda"), added to ``terms``;
        their positions."""
        lexicon = self.data.lexicon
        known = frozenset().union(*(self.data.et_phrases.get(g, frozenset()) for g in games))
        keys = [
            lexicon.et_keys(w.used) if w.used and (w.estonian or (w.stop and fold(w.typed) in lexicon.et_stop)) else ()
            for w in read
        ]
        covered: set[int] = set()
        for n in (4, 3, 2):
            for i in range(len(read) - n + 1):
                content = sum(not read[j].stop for j in range(i, i + n))
                if not all(keys[i : i + n]) or content < 2 or covered & set(range(i, i + n)):
                    continue  # a run of question words ("mis vahe", "mitu kaarti") says too little
                if not all(self._qualifies(read, j, j + 1) for j in range(i, i + n - 1)):
                    continue
                label = " ".join(w.typed for w in read[i : i + n])
                runs = [" ".join(choice) for choice in product(*keys[i : i + n]) if " ".join(choice) in known]
                if runs and not any(f" {label} " in f" {other} " for other in labels):
                    terms.append(
                        _Term(label, (), estonian=True, weight=self.settings.phrase_weight, et_alternatives=tuple(runs))
                    )
                    labels.add(label)
                    covered.update(range(i, i + n))
        # Estonian word order is free: two content words with a word or two between them
        # that make a whole keyword, in either order, count as it ("kell jõuab nelja": kell
        # neli; "süüdistus on vale": vale süüdistus)
        gap = self.settings.free_order_gap
        for i, j in ((a, b) for a in range(len(read)) for b in range(a + 2, min(a + 2 + gap, len(read)))):
            if read[i].stop or read[j].stop or not (keys[i] and keys[j]) or covered & {i, j}:
                continue
            if not all(self._splits_a_phrase(read[k]) for k in range(i + 1, j)):
                continue  # "numbrit kuhu kirjutada": the number and the writing are two clauses
            if not (self._qualifies(read, i, j) and self._qualifies(read, j, i)):
                continue  # "kasiinos ... rahatähe": in the casino, not a casino's note
            whole = self._whole_keywords(keys[i], keys[j], games)
            english = self._whole_english(read[i], read[j], games)
            label = f"{read[i].typed} {read[j].typed}"
            if (whole or english) and label not in labels:
                weight = self.settings.phrase_weight * self.settings.free_order_share
                alternatives = tuple((stems, 1.0) for stems in dict.fromkeys(english.values()))
                terms.append(
                    _Term(
                        label,
                        alternatives,
                        estonian=True,
                        weight=weight,
                        et_alternatives=whole,
                        meaning=tuple(english),
                    )
                )
                labels.add(label)
                covered.update((i, j))
        # a question word and a verb that make a whole keyword: the question a section answers
        # ("kes alustab": who starts), also with a question word between them ("kes mängu
        # alustab"); a question word with a noun ("mitu kaarti") says too little
        pairs = [
            (i, j)
            for i, j in ((a, b) for a in range(len(read)) for b in (a + 1, a + 2) if b < len(read))
            if keys[i]
            and keys[j]
            and (j == i + 1 or read[i + 1].stop)
            and read[i].stop != read[j].stop
            and any(m.endswith("ma") for m in (*read[i].lemmas, *read[j].lemmas))
        ]
        for i, j in pairs:
            if covered & {i, j}:
                continue
            runs = [
                " ".join(choice)
                for choice in product(keys[i], keys[j])
                if " ".join(choice) in known and self._is_keyword(" ".join(choice), games)
            ]
            label = f"{read[i].typed} {read[j].typed}"
            if runs and label not in labels:
                weight = self.settings.phrase_weight / 2  # by its content word
                terms.append(_Term(label, (), estonian=True, weight=weight, et_alternatives=tuple(runs)))
                labels.add(label)
                covered.update((i, j))
        return covered

    def _qualifies(self, read: Sequence[_Word], i: int, j: int) -> bool:
        """Whether Estonian word ``i`` may qualify word ``j`` after it in one phrase: not when
        it stands in an adverbial case (*pangast*, *kasiinos*) that ``j`` does not share
        (*suures kasiinos* agree).  English words and unknown cases do not say."""
        if not read[i].estonian or not read[i].typed:
            return True
        glossary = self.data.lexicon.estonian
        case = glossary.case(read[i].typed)
        if not case:
            return True
        other = glossary.case(read[j].typed) if read[j].estonian and read[j].typed else ""
        return other is None or other == case

    def _whole_keywords(self, first: Sequence[str], second: Sequence[str], games: Sequence[str]) -> tuple[str, ...]:
        """The Estonian keywords of ``games`` made of two words, one with a key of ``first``
        and one of ``second``, in either order (a word the glossary reads two ways, *vale*:
        vale, valge, is indexed with both: "vale valge süüdistus"); only the sections
        holding a key of ``first`` are read."""
        allowed, a, b = {*first, *second}, set(first), set(second)
        found: dict[str, None] = {}
        for game in games:
            for row in self._rows_of.get(game, []):
                if not a.intersection(self.data.tokens[row][3]):
                    continue
                for keyword in self._section_keywords(row, 3):
                    keys = keyword.split()
                    if len(keys) > 1 and allowed.issuperset(keys) and a.intersection(keys) and b.intersection(keys):
                        found[keyword] = None
        return tuple(found)

    def _splits_a_phrase(self, word: _Word) -> bool:
        """Whether a word may stand between two words of one phrase: a verb ("kell jõuab
        nelja") or a small word ("süüdistus on vale"), not one that starts a clause ("kus",
        "kui") nor a noun with words of its own ("numbri kõrvale kirjutamine")."""
        if self.data.lexicon.estonian.is_clause_word(word.typed):
            return False
        return word.stop or _verb(word)

    def _whole_english(self, first: _Word, second: _Word, games: Sequence[str]) -> dict[str, tuple[str, ...]]:
        """The English the meanings of two Estonian words make, in either order, that is a
        whole keyword or title of ``games`` ("süüdistus ... vale": wrong accusation), with
        its stems."""
        names = frozenset().union(*(self.data.names.get(g, frozenset()) for g in games))
        a, b = self._meaning(first.lemmas), self._meaning(second.lemmas)
        texts = [text for x in a for y in b for text in (f"{x} {y}", f"{y} {x}", f"{y} of {x}", f"{y} of the {x}")]
        return {
            text: tuple(stems) for text, stems in zip(texts, self._stemmer.tokens(texts)) if " ".join(stems) in names
        }

    def _is_keyword(self, run: str, games: Sequence[str]) -> bool:
        """Whether a run of Estonian keys is a whole Estonian keyword of a section of ``games``
        (only the sections holding its first key are read)."""
        first = run.split(maxsplit=1)[0]
        return any(
            run in self._section_keywords(row, 3)
            for game in games
            for row in self._rows_of.get(game, [])
            if first in self.data.tokens[row][3]
        )

    def _english_runs(
        self, read: list[_Word], terms: list[_Term], labels: set[str], known: frozenset[str], negated: bool = False
    ) -> set[int]:
        """Two Estonian words in a row whose English meanings, in either order, make a run
        of words of a title or keyword ("raundi alguses": start of the round; "värvi
        vahetamine": change colour), added to ``terms`` as that phrase; their positions.

        Estonian puts the genitive first ("raundi algus"), English the "of" after ("start
        of the round"), so both orders are tried, with and without "of (the)".
        """
        glossary = self.data.lexicon.estonian
        covered: set[int] = set()
        units: list[tuple[tuple[int, ...], str, tuple[str, ...]]] = []  # (positions, typed, English)
        for i, word in enumerate(read):
            if word.parts:  # a compound's parts are a pair of their own ("tänavaseeria")
                first, second = (tuple(glossary.meaning(p)) for p in word.parts)
                self._add_run(((i,), word.typed, first), ((i,), word.typed, second), terms, labels, known, covered)
            bases = word.lemmas or (glossary.lemmas(word.typed) if word.stop and word.typed else ())
            english = self._meaning(bases, negated)
            units.append(((i,), word.typed, english if word.typed and not word.english else ()))
        pairs: list[tuple[tuple[int, ...], _Term]] = []  # (positions, term) of each pair found
        for left, right in zip(units, units[1:]):
            if not self._qualifies(read, left[0][0], right[0][0]):
                continue  # "rahast kasiinos" (from the money, in the casino) is not "casino money"
            if left[2] and right[2] and (read[left[0][0]].estonian or read[right[0][0]].estonian):
                # a run with a question word ("mängu lõpus": at the end of the game) counts by
                # its content word, as an English run of a title does
                share = 0.5 if read[left[0][0]].stop or read[right[0][0]].stop else 1.0
                found = self._add_run(left, right, terms, labels, known, covered, share)
                if found:
                    pairs.append(((*left[0], *right[0]), found))
        # a pair found goes on with the next word ("mängu lõpu" + "kaart": end of game card);
        # the longer run replaces the pairs inside it
        for at, label, meaning in [(at, t.label, t.meaning) for at, t in pairs]:
            after = at[-1] + 1
            fits = after < len(units) and bool(units[after][2]) and read[after].estonian
            fits = fits and self._qualifies(read, at[-1], after)
            if fits and self._add_run((at, label, meaning), units[after], terms, labels, known, covered):
                inside = {t.label for pos, t in pairs if set(pos) <= {*at, after}}
                terms[:] = [t for t in terms if t.label not in inside]
                labels.difference_update(inside)
        if negated:  # "keegi kasiinost ei saanud": nobody + the denied verb, wherever they stand
            denied = [units[n + 1] for n in range(len(read) - 1) if glossary.is_negation(read[n].typed)]
            for i, word in enumerate(read):
                if any(glossary.negated(b) for b in word.lemmas):
                    for verb in denied:
                        if verb[0] != (i,):
                            self._add_run(units[i], verb, terms, labels, known, covered)
        return covered

    def _add_run(
        self,
        left: tuple[tuple[int, ...], str, tuple[str, ...]],
        right: tuple[tuple[int, ...], str, tuple[str, ...]],
        terms: list[_Term],
        labels: set[str],
        known: frozenset[str],
        covered: set[int],
        share: float = 1.0,
    ) -> _Term | None:
        """The term of a run of two units (Estonian words, or a run and a word) whose
        English is a run of a title or keyword, added to ``terms``; None if there is none."""
        label = left[1] if left[0] == right[0] else f"{left[1]} {right[1]}"
        if not left[2] or not right[2] or label in labels:
            return None
        texts = [
            text
            for a in left[2]
            for b in right[2]
            for text in (f"{a} {b}", f"{b} {a}", f"{b} of {a}", f"{b} of the {a}", f"{b} a {a}", f"{b} the {a}")
        ]
        found = {
            text: tuple(stems) for text, stems in zip(texts, self._stemmer.tokens(texts)) if " ".join(stems) in known
        }
        if found:
            alternatives = tuple((stems, 1.0) for stems in dict.fromkeys(found.values()))
            weight = self.settings.phrase_weight * share
            term = _Term(label, alternatives, estonian=True, weight=weight, meaning=tuple(found))
            terms.append(term)
            labels.add(label)
            covered.update((*left[0], *right[0]))
            return term
        return None

    def analyse(self, query: str, game: str | None = None) -> tuple[list[str], list[tuple[str, str]], list[str]]:
        """The terms searched for, the corrections made and the words left out."""
        games = [game] if game else sorted(self._rows_of)
        read, _, _ = self._question(query, games)
        terms = self._terms(read, games)
        return (
            [t.label for t in terms],
            [(w.typed, w.used) for w in read if w.used and w.used != w.typed],
            [w.typed for w in read if w.typed and not w.used and not w.stop],
        )

    def _question(
        self, query: str, games: Sequence[str]
    ) -> tuple[list[_Word], bool, tuple[tuple[str, tuple[str, ...]], ...]]:
        """The question's words read for ``games``, the words naming a game blanked; whether
        it is in Estonian; and the editions it names as (game, stems) ("royale")."""
        typed = words(query)
        heads = [w.split("'")[0] if "'" in w else "" for w in _WORD_RE.findall(query.lower())]
        names: set[int] = set()
        editions: list[tuple[str, tuple[str, ...]]] = []
        for start, end, game, name in self._game_spans(typed):
            spelt = name.split()
            stems = " ".join(" ".join(s) for s in self._stemmer.tokens(spelt))
            edition = self._edition(game, spelt)
            keep = range(start, end) if stems in self.data.names.get(game, frozenset()) else ()
            if edition:
                editions.append((game, edition[1]))
                keep = range(start + edition[0], end)
            for i in range(start, end):  # kept as the book spells it ("royale'is" -> royale)
                typed[i] = spelt[i - start] if i in keep else ""
            names.update(keep)
        read, in_estonian = self._read_words(typed, games, heads)
        for i in names:
            read[i].game_name = True
        return read, in_estonian, tuple(editions)

    def _edition(self, game: str, name: list[str]) -> tuple[int, tuple[str, ...]] | None:
        """The edition a game's name names, if it does: its last words beyond the game's own
        name ("royale" of "las vegas royale", "master detective"), a title or keyword of that
        game's sections and a name its book writes capitalised ("dice" of "vegas dice" is no
        edition); (first word, stems)."""
        own = self._own_words.get(game, frozenset())
        first = next((i for i, w in enumerate(name) if w not in own), len(name))
        edition = name[first:]
        capitalised, proper = self._proper_names(game)
        if not edition or any(w in own for w in edition):
            return None
        if not capitalised.issuperset(edition) or not proper.intersection(edition):
            return None
        stems = tuple(t for ts in self._stemmer.tokens(edition) for t in ts)
        if not stems or " ".join(stems) not in self.data.names.get(game, frozenset()):
            return None
        return first, stems

    def _proper_names(self, game: str) -> tuple[frozenset[str], frozenset[str]]:
        """The words (lower-cased) a game's titles write capitalised (or numbers), and those
        of them its titles and texts never write in lower case: the names of things
        ("royale", "cluedo", "2016", "master" of "Master Detective")."""
        found = self._proper.get(game)
        if found is None:
            upper: set[str] = set()
            lower: set[str] = set()
            for i in self._rows_of.get(game, []):
                _, _, title, _, body = self.data.rows[i]
                upper.update(w.lower() for w in _WORD_RE.findall(title) if w[0].isupper() or w.isdigit())
                lower.update(w for w in _WORD_RE.findall(f"{title} {body}") if w.islower())
            found = self._proper[game] = (frozenset(upper), frozenset(upper - lower))
        return found

    def _mentions(self, row: int, stems: tuple[str, ...]) -> bool:
        """Whether a section's title, keywords or text hold a run of stems."""
        size = len(stems)
        return any(
            tuple(tokens[i : i + size]) == stems
            for tokens in self.data.tokens[row][:3]
            for i in range(len(tokens) - size + 1)
            if tokens[i] == stems[0]
        )

    # -- ranking ---------------------------------------------------------------------

    def _count(self, row: int, term: _Term, column: int) -> float:
        """How often ``term`` occurs in one column of one section (synonyms weighted)."""
        counts = self._counts[row][column]
        if counts is None:
            counts = self._counts[row][column] = Counter(self.data.tokens[row][column])
        if column in _ESTONIAN_COLUMNS:
            total = 0.0
            for key in term.et_alternatives:
                if " " in key and column == 3:  # a run of keys ("sama tuba jääma"), keyword by keyword
                    total += self._in_keywords(row, column, tuple(key.split()))
                elif " " in key:
                    run, tokens = tuple(key.split()), self.data.tokens[row][column]
                    total += sum(1 for i in range(len(tokens) - len(run) + 1) if tokens[i : i + len(run)] == run)
                else:
                    total += counts.get(key, 0)
            return total
        tokens = self.data.tokens[row][column]
        total = best = 0.0
        for stems, worth in term.alternatives:
            if len(stems) == 1:
                n: float = counts.get(stems[0], 0)
            elif column == 1 and term.estonian:
                n = self._in_keywords(row, column, stems)
            else:
                first, size = stems[0], len(stems)
                n = sum(
                    1
                    for i in range(len(tokens) - size + 1)
                    if tokens[i] == first and tuple(tokens[i : i + size]) == stems
                )
            total += worth * n
            best = max(best, worth * n)
        # an Estonian word's English meanings are one word's readings ("vahetama": change,
        # swap, trade): the best of them counts, not their sum
        return best if term.estonian else total

    def _in_keywords(self, row: int, column: int, run: tuple[str, ...]) -> float:
        """How often a run of stems (column 1) or Estonian keys (column 3) is one of a
        section's keywords (1 each) or a part of a longer one (``part_of_keyword`` each)."""
        tokens, size = self.data.tokens[row][column], len(run)
        if not any(tokens[i : i + size] == run for i in range(len(tokens) - size + 1) if tokens[i] == run[0]):
            return 0.0  # not in the keywords at all (most sections): no need to read them one by one
        keywords = self._section_keywords(row, column)
        wanted = " ".join(run)
        whole = sum(1 for k in keywords if k == wanted)
        part = sum(1 for k in keywords if k != wanted and f" {wanted} " in f" {k} ")
        return whole + self.settings.part_of_keyword * part

    def _section_keywords(self, row: int, column: int) -> tuple[str, ...]:
        """A section's keywords as stems (column 1) or its Estonian keywords as keys (3)."""
        keywords = self._keyword_runs.get((row, column))
        if keywords is None:
            section = self._sections[row]
            if column == 1:
                found = (" ".join(t) for t in self._stemmer.tokens(list(section.keywords)))
            else:
                et_keys = self.data.lexicon.et_keys
                found = (" ".join(key for w in words(k) for key in et_keys(w)) for k in section.keywords_et)
            keywords = self._keyword_runs[(row, column)] = tuple(found)
        return keywords

    def _columns(self, term: _Term) -> tuple[int, ...]:
        """The columns a term is looked for in."""
        return (_ENGLISH_COLUMNS if term.alternatives else ()) + (_ESTONIAN_COLUMNS if term.et_alternatives else ())

    def _score(self, games: Sequence[str], terms: Sequence[_Term], in_estonian: bool = False) -> dict[int, float]:
        """BM25 over the sections of ``games``.

        Searching one game, a word's weight comes from that game's sections; searching
        several, from all of their sections, so a word that marks one game ("buddy",
        "bet") helps find that game.  Either way a word found in most sections of a game
        is filler there and counts less.  An Estonian word counts in a section by its
        Estonian match or its English meaning's, whichever is better.
        """
        s = self.settings
        english = ((0, s.title_weight, 0.0), (1, s.keyword_weight, 0.0), (2, s.body_weight, s.body_b))
        estonian = ((3, s.estonian_weight, 0.0), (4, s.title_weight, 0.0), (5, s.body_weight, s.body_b))
        scores: dict[int, float] = {}
        # the question's own words (not phrases, not a game's name): which each section holds
        units = {t.label for t in terms if " " not in t.label and t.weight > s.game_name_weight}
        found_units: set[str] = set()
        held: dict[int, float] = {}
        for term in terms:
            parts: dict[str, dict[int, float]] = {}
            for game in games:
                found = parts.setdefault(game, {})
                for row in self._rows_of.get(game, []):
                    by_language = [
                        self._bm25(row, term, cols, game)
                        for cols, wanted in ((english, term.alternatives), (estonian, term.et_alternatives))
                        if wanted
                    ]
                    part = sum(by_language) if s.add_languages else max(by_language, default=0.0)
                    if part:
                        found[row] = part
            n_all = sum(len(p) for p in parts.values())
            total_all = sum(len(self._rows_of.get(g, [])) for g in games)
            for game, found in parts.items():
                if not found:
                    continue
                n, total = len(found), len(self._rows_of[game])
                if s.idf_across_games and len(games) > 1:
                    idf = math.log(1 + (total_all - n_all + 0.5) / (n_all + 0.5))
                else:
                    idf = math.log(1 + (total - n + 0.5) / (n + 0.5))
                if n > s.filler_share * total:
                    idf *= s.filler_weight
                for row, part in found.items():
                    scores[row] = scores.get(row, 0.0) + term.weight * idf * part
                    if term.label in units:
                        held[row] = held.get(row, 0.0) + 1.0
                        found_units.add(term.label)
        named = {stems[0] for term in terms for stems, _ in term.alternatives if len(stems) == 1}
        et_named = {key for term in terms for run in term.et_alternatives for key in run.split()}
        for row in scores:
            share = 0.0
            et_title = self._et_title(row) if et_named else frozenset()
            for title, wanted in ((self._title_words[row], named), (et_title, et_named)):
                if title:
                    share = max(share, len(title & wanted) / len(title))
            scores[row] += s.title_cover * share * share
            if found_units and s.coverage_power and in_estonian:
                # a section holding more of the question's words (found anywhere) is more
                # likely its answer
                scores[row] *= (held.get(row, 0.0) / len(found_units)) ** s.coverage_power
        return scores

    def _bm25(self, row: int, term: _Term, columns: Sequence[tuple[int, float, float]], game: str) -> float:
        """A term's BM25 part in one section over some columns (before the word's weight)."""
        s = self.settings
        part = 0.0
        for col, weight, b in columns:
            tf = self._count(row, term, col)
            if tf:
                average = self._avg_et_body[game] if col in _ESTONIAN_COLUMNS else self._avg_body[game]
                size = len(self.data.tokens[row][col]) / average if b else 1.0
                part += weight * tf * (s.k1 + 1) / (tf + s.k1 * (1 - b + b * size))
        return part

    def _known_share(self, game: str, terms: Sequence[_Term]) -> float:
        """How much of the question (terms by weight) occurs anywhere in ``game``'s book."""
        total = sum(t.weight for t in terms)
        rows = self._rows_of.get(game, [])
        found = sum(
            t.weight for t in terms if any(self._count(row, t, col) for row in rows for col in self._columns(t))
        )
        return found / total if total else 0.0

    def _marks(self, row: int, terms: Sequence[_Term], read: Sequence[_Word]) -> tuple[Marked, Marked]:
        """The title and a snippet of the text of one section, matched words marked."""
        typed = [w.used for w in read if w.english and w.used and not w.stop]
        alternatives = [t.label for t in terms if not t.estonian]
        for word in typed:
            alternatives.extend(self._synonyms([self.data.rows[row][1]]).get(word, ()))
        alternatives.extend(m for t in terms for m in t.meaning)
        if alternatives:
            match = "{title body} : (" + " OR ".join(_quote(a) for a in dict.fromkeys(alternatives)) + ")"
            got = self._db.execute(
                "SELECT highlight(idx, 2, ?, ?), snippet(idx, 4, ?, ?, '…', 24) FROM idx WHERE idx MATCH ? AND rowid = ?",
                (_MARK_START, _MARK_END, _MARK_START, _MARK_END, match, row),
            ).fetchone()
            if got:
                return _marked(got[0]), _marked(got[1])
        body = self.data.rows[row][4].split()
        return ((self.data.rows[row][2], False),), ((" ".join(body[:24]) + (" …" if len(body) > 24 else ""), False),)

    def _et_marks(self, row: int, terms: Sequence[_Term]) -> tuple[Marked, Marked]:
        """The Estonian title and a snippet of the Estonian text, matched words marked."""
        wanted = {key for t in terms for run in t.et_alternatives for key in run.split()}
        lexicon = self.data.lexicon
        # only words starting like a wanted key or one of its listed forms are read (reading
        # every word is slow); the rules change a word's end, never its first letters
        stems = lexicon.estonian.glossary.stems
        starts = {fold(key)[:2] for key in wanted} | {fold(s)[:2] for key in wanted for s in stems.get(key, ())}

        def matched(word: str) -> bool:
            word = word.lower().replace("'", "")
            return fold(word)[:2] in starts and bool(wanted.intersection(lexicon.et_keys(word)))

        def pieces(text: str) -> list[tuple[str, bool]]:
            out: list[tuple[str, bool]] = []
            at = 0
            for m in _WORD_RE.finditer(text):
                if m.start() > at:
                    out.append((text[at : m.start()], False))
                out.append((m.group(), matched(m.group())))
                at = m.end()
            if at < len(text):
                out.append((text[at:], False))
            return out

        title, body = self.data.et_rows[row]
        return _joined(pieces(title)), _joined(_window(pieces(body), 24))

    # -- searching -------------------------------------------------------------------

    def search(self, query: str, game: str | None = None, limit: int = 3, lang: str | None = None) -> SearchResult:
        """The best sections for a question, best first.

        ``game`` is a game id or alias.  ``lang`` is the language of the titles and
        snippets shown, where a book has that language (:data:`rulesref.book.LANGUAGES`);
        by default the question's own.  Raises :class:`InputError` for an empty question
        and :class:`UnknownNameError` for an unknown game or language.
        """
        if limit < 1:
            raise InputError(Problem("--limit must be at least 1", text=str(limit)))
        if len(query) > self.settings.longest_question:
            raise InputError(
                Problem(f"the question is longer than {self.settings.longest_question} characters", text=query[:60])
            )
        shown = language(lang) if lang is not None else None
        game_id = book(game).game if game is not None and game not in self.books else game
        named = self.named_game(query) if game_id is None else None
        chosen = game_id or named
        games = [chosen] if chosen else sorted(self._rows_of)
        read, in_estonian, editions = self._question(query, games)
        shown = shown or ("et" if in_estonian else ENGLISH)
        terms = self._terms(read, games)
        corrections = tuple((w.typed, w.used) for w in read if w.used and w.used != w.typed)
        unknown = tuple(w.typed for w in read if w.typed and not w.used and not w.stop)
        if not terms and named and any(w.typed for w in read):
            # the question names a game but none of its other words is known there or they
            # only ask ("mis on lords of vegas"): the game's opening sections (what it is
            # about), the words left out said as usual
            rows = self._rows_of.get(named, [])[:limit]
            return SearchResult(
                query=query,
                game=named,
                terms=(),
                corrections=corrections,
                unknown=unknown,
                hits=tuple(self._hit(row, 0.0, terms, read, shown) for row in rows),
                game_from_query=True,
                lang=shown,
            )
        if not terms:
            why = (
                (f"no word of it is in the rule book of {chosen}" if chosen else "no word of it is in any rule book")
                if unknown
                else f"it only names a game; read it with: cluesolver rules show {named}"
                if named
                else "it has only common words"
            )
            raise InputError(Problem(f"nothing to search for: {why}", text=query))
        ranked: list[tuple[float, str, int]] = []
        shares = {
            # with several games, one that knows only some of the question's words is less likely
            g: self._known_share(g, terms) ** self.settings.game_share_power if len(games) > 1 else 1.0
            for g in games
        }
        counted = self._counted(read, games) if in_estonian else frozenset()
        for row, score in self._score(games, terms, in_estonian).items():
            game_of = self.data.rows[row][1]
            if row in counted:
                score *= 1 + self.settings.amount_boost  # "mitu tuba": a section saying "nine rooms"
            if any(g == game_of and not self._mentions(row, stems) for g, stems in editions):
                score *= self.settings.edition_share  # "... in royale": a section not about it

            ranked.append((score * shares[game_of], self.data.rows[row][0], row))
        if in_estonian and self.data.examples and self.settings.example_weight:
            ranked = self._with_examples(ranked, query, games)
        ranked.sort(key=lambda x: (-x[0], x[1]))
        per_game = False
        if chosen is None and ranked:
            best: dict[str, tuple[float, str, int]] = {}
            for item in ranked:
                best.setdefault(self.data.rows[item[2]][1], item)
            leaders = sorted(best.values(), key=lambda x: (-x[0], x[1]))
            if len(leaders) > 1 and leaders[0][0] < self.settings.clear_lead * leaders[1][0]:
                per_game = True
                ranked = leaders
            else:  # one game leads clearly: its sections only, never several games mixed
                lead = self.data.rows[leaders[0][2]][1]
                ranked = [item for item in ranked if self.data.rows[item[2]][1] == lead]
        if in_estonian and self.reranker is not None and len(ranked) > 1:
            ranked = self._reranked(ranked, terms, shares, counted, self.reranker)
        hits = tuple(self._hit(row, round(score, 3), terms, read, shown) for score, _, row in ranked[:limit])
        return SearchResult(
            query=query,
            game=chosen,
            terms=tuple(t.label for t in terms),
            corrections=corrections,
            unknown=unknown,
            hits=hits,
            game_from_query=named is not None,
            per_game=per_game,
            lang=shown,
        )

    def _with_examples(
        self, ranked: list[tuple[float, str, int]], query: str, games: Sequence[str]
    ) -> list[tuple[float, str, int]]:
        """Each section's score plus ``example_weight`` times the best section's score times
        the question's likeness to the section's example questions (:mod:`rulesref.examples`);
        a section of the searched games that only its examples find enters with that alone."""
        if self._matcher is None:
            from rulesref.examples import ExampleMatcher

            self._matcher = ExampleMatcher.of(self.data.examples)
        rows = {row for g in games for row in self._rows_of.get(g, ())}
        keys = example_keys(self.data.lexicon, query)
        like = self._matcher.likeness(keys, rows, self.settings.example_best)
        if not like:
            return ranked
        top = max((score for score, _, _ in ranked), default=0.0)
        extra = self.settings.example_weight * (top or 1.0)
        scored = {row: score for score, _, row in ranked}
        for row, value in like.items():
            scored[row] = scored.get(row, 0.0) + extra * value
        return [(score, self.data.rows[row][0], row) for row, score in scored.items()]

    def _reranked(
        self,
        ranked: list[tuple[float, str, int]],
        terms: Sequence[_Term],
        shares: Mapping[str, float],
        counted: frozenset[int],
        reranker: Reranker,
    ) -> list[tuple[float, str, int]]:
        """The first ``reranker.depth`` candidates in the re-ranker's order, the rest as they were."""
        head = ranked[: reranker.depth]
        top = head[0][0] or 1.0
        features = [
            self._features(row, score / top, rank, terms, shares, counted)
            for rank, (score, _, row) in enumerate(head, 1)
        ]
        return [head[i] for i in reranker.order(features)] + ranked[reranker.depth :]

    def _features(
        self,
        row: int,
        score: float,
        rank: int,
        terms: Sequence[_Term],
        shares: Mapping[str, float],
        counted: frozenset[int],
    ) -> Features:
        """One candidate as :data:`rulesref.rerank.FEATURES` describes it."""
        total = sum(t.weight for t in terms) or 1.0
        found = [0.0, 0.0, 0.0]  # title, keywords, text
        for term in terms:
            columns = self._columns(term)
            for k, pair in enumerate(((0, 4), (1, 3), (2, 5))):
                if any(self._count(row, term, col) for col in pair if col in columns):
                    found[k] += term.weight
        phrases = [t for t in terms if " " in t.label]
        in_names = sum(
            1 for t in phrases if any(self._count(row, t, col) for col in (0, 1, 3, 4) if col in self._columns(t))
        )
        named = {stems[0] for term in terms for stems, _ in term.alternatives if len(stems) == 1}
        et_named = {key for term in terms for run in term.et_alternatives for key in run.split()}
        cover = 0.0
        for title, wanted in ((self._title_words[row], named), (self._et_title(row), et_named)):
            if title:
                cover = max(cover, len(title & wanted) / len(title))
        game = self.data.rows[row][1]
        rows = self._rows_of[game]
        place = rows.index(row) / max(1, len(rows) - 1)
        return (
            max(0.0, score),
            1.0 / rank,
            found[0] / total,
            found[1] / total,
            found[2] / total,
            in_names / len(phrases) if phrases else 0.0,
            cover,
            1.0 if row in counted else 0.0,
            shares.get(game, 1.0),
            1.0 - place,
        )

    def _counted(self, read: Sequence[_Word], games: Sequence[str]) -> frozenset[int]:
        """The sections of ``games`` whose text gives a number of what a question asks how
        many of ("mitu tuba mõisas on": "nine rooms", "9 rooms"): a number at most two words
        before the English of the first noun after "mitu" (else before it).  Empty when the
        question does not ask how many."""
        at = self.data.lexicon.estonian.amount_at([w.typed for w in read])
        if at is None:
            return frozenset()
        numbers = self._numbers()
        things: set[str] = set()
        for word in (*read[at + 1 :], *reversed(read[:at])):
            if word.estonian and not word.stop and not word.game_name and not _verb(word):
                meaning = self._meaning(word.lemmas or word.parts[-1:])
                stems = {tokens[-1] for tokens in self._stemmer.tokens(meaning) if tokens}
                if stems and not stems & numbers:  # "kui palju üks žetoon": the chip, not one
                    things = stems
                    break
        found: set[int] = set()
        for game in games:
            for row in self._rows_of.get(game, []):
                body = self.data.tokens[row][2]
                if any(t in things and numbers.intersection(body[max(0, i - 2) : i]) for i, t in enumerate(body)):
                    found.add(row)
        return frozenset(found)

    def _numbers(self) -> frozenset[str]:
        """Numbers as the English text's stems: digits and the number words of the synonyms."""
        if self._number_stems is None:
            spelt = [w for digits, words in self.data.lexicon.synonyms.items() if digits.isdigit() for w in words]
            digits = (str(n) for n in range(1000))
            self._number_stems = frozenset(t for ts in self._stemmer.tokens(spelt) for t in ts).union(digits)
        return self._number_stems

    def _hit(self, row: int, score: float, terms: Sequence[_Term], read: Sequence[_Word], lang: str) -> Hit:
        """One section found: in Estonian when asked for and its book is translated."""
        section = self._sections[row]
        if lang == "et" and section.game in self.estonian and self.data.et_rows[row][0]:
            return Hit(self.estonian[section.game].section(section.id), score, *self._et_marks(row, terms))
        return Hit(section, score, *self._marks(row, terms, read))


def _noun(word: _Word) -> bool:
    """Whether an Estonian word the glossary knows may be a noun (not a verb nor a question word)."""
    return word.estonian and not word.stop and bool(word.lemmas or word.parts) and not _verb(word)


def _verb(word: _Word) -> bool:
    """Whether the glossary reads an Estonian word as a verb (base form in -ma)."""
    return any(b.endswith("ma") for b in word.lemmas)


def _joined(pieces: Sequence[tuple[str, bool]]) -> Marked:
    """Neighbouring pieces of the same kind joined, as FTS5's highlight gives them."""
    out: list[tuple[str, bool]] = []
    for text, hit in pieces:
        if out and out[-1][1] == hit:
            out[-1] = (out[-1][0] + text, hit)
        elif text:
            out.append((text, hit))
    return tuple(out)


def _window(pieces: list[tuple[str, bool]], size: int, lead: int = 3) -> list[tuple[str, bool]]:
    """The ``size`` words of a text with the most matches, '…' where cut; of the runs with
    as many, the one whose first match comes closest after ``lead`` words."""
    at = [i for i, (text, _) in enumerate(pieces) if _WORD_RE.fullmatch(text)]
    if len(at) <= size:
        return pieces
    hits = [int(pieces[i][1]) for i in at]
    best, start = (-1, 0), 0
    for first in range(len(at) - size + 1):
        run = hits[first : first + size]
        offset = run.index(1) if 1 in run else 0
        rank = (sum(run), -abs(offset - lead))
        if rank > best:
            best, start = rank, first
    lo, hi = at[start], at[start + size - 1] + 1
    return [*([("…", False)] if start else []), *pieces[lo:hi], *([("…", False)] if hi < len(pieces) else [])]


@cache
def default_index() -> RuleIndex:
    """The index over every rule book shipped with the package (its data cached on disk)."""
    from rulesref.book import rule_files
    from rulesref.cache import cached
    from rulesref.examples import example_files, load_examples

    all_books = books()
    estonian = translations("et")
    sections = {game: [s.id for s in b.sections] for game, b in all_books.items()}
    sources = [
        *rule_files(),
        *rule_files("et"),
        *example_files(),
        Path(__file__).with_name("examples.py"),
        Path(__file__),
        Path(__file__).with_name("book.py"),
        Path(__file__).with_name("estonian.py"),
        LEXICON_FILE,
        GLOSSARY_FILE,
    ]

    def build() -> IndexData:
        return IndexData.of(all_books, estonian=estonian, examples=load_examples(example_files(), sections))

    data = cached("rules-index", sources, build, encode=IndexData.to_json, decode=IndexData.from_json)
    reranker = None
    if RERANK_FILE.exists():  # none ships now (docs/rules.md): the module is not even loaded
        from rulesref.rerank import read

        reranker = read(RERANK_FILE)
    try:
        return RuleIndex(all_books, data=data, estonian=estonian, reranker=reranker)
    except ValueError:  # cached rows of another set of books
        return RuleIndex(all_books, data=build(), estonian=estonian, reranker=reranker)


def search(query: str, game: str | None = None, limit: int = 3, lang: str | None = None) -> SearchResult:
    """Search the shipped rule books; see :meth:`RuleIndex.search`."""
    return default_index().search(query, game=game, limit=limit, lang=lang)


def marked_text(pieces: Iterable[tuple[str, bool]], before: str = "**", after: str = "**") -> str:
    """Marked text as a string, matches wrapped in ``before``/``after``."""
    return "".join(f"{before}{t}{after}" if hit else t for t, hit in pieces)
