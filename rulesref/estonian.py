"""Estonian words for the rules search: case endings, stems, compounds, and their meaning.

Estonian has fourteen cases, a plural on top of each and many verb forms, and players
type with or without diacritics.  :class:`EstonianWords` reads a typed word the way the
search needs it, from a glossary of the games' words (``search-words-et.toml``):

1. **Base forms.**  A word is the base form of a glossary word or one of its forms:
   the genitive stem (base form plus a vowel: *täringu*, *tänava*, *raundi*), the weak
   grade of its last consonants (*käik* - *käigu*, *krunt* - *krundi*, *kord* -
   *korra*, *lõppema* - *lõpeb*), the forms of words in *-ne* and *-us* (*kahtlusalune*
   - *kahtlusaluse*, *süüdistus* - *süüdistuse*) and, for verbs (base form in *-ma*),
   the stem (*veeretama* - *veereta-*).  Irregular forms are listed in the glossary
   (*tuba*: *toa*, *tuppa*, *tube*).
2. **Endings.**  Failing that, up to two endings are cut (case, plural, verb endings:
   *täringu-te-ga*, *kasiino-de-sse*, *veereta-takse*) and the rest looked up; the
   fewest cuts win.
3. **Compounds.**  A word still unknown is split in two where the first part is a form
   of a glossary word (nominative or genitive, *tänava-*) and the rest reads as one:
   *tänavaseeria* = *tänav* + *seeria*, *kõrvalkrundile* = *kõrval* + *krunt*.

Each glossary word carries the English words and phrases it stands for (*raund*:
round; *täring*: die, dice), which the search looks for in the English books.  Two or
three glossary words in a row may have a meaning of their own (*suur täring*: big die).

    >>> words = EstonianWords.of(Glossary.from_json({"gloss": {"täring": ["die"], "tänav": ["street"],
    ...     "seeria": ["run"], "kasiino": ["casino"]}, "endings": "ga te de sse"}))
    >>> [words.lemmas(w) for w in ("täringutega", "kasiinodesse", "tanava")]
    [('täring',), ('kasiino',), ('tänav',)]
    >>> words.parts("tänavaseeria")
    ('tänav', 'seeria')
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path

#: The glossary: Estonian words of the games, their irregular forms, and their English.
GLOSSARY_FILE = Path(__file__).with_name("search-words-et.toml")

_VOWELS = "aeiou"  # after folding (õ ä ö ü fold to o a o u)
#: Strong and weak grades of a stem's last consonants (kaart/kaardi, kord/korra, võlg/võla).
_GRADES = (
    ("kk", "k"),
    ("pp", "p"),
    ("tt", "t"),
    ("rd", "rr"),
    ("ld", "ll"),
    ("nd", "nn"),
    ("lg", "l"),
    ("rg", "r"),
    ("k", "g"),
    ("t", "d"),
    ("p", "b"),
)
#: Stems shorter than this are never looked up (too many words share them).
SHORTEST_STEM = 3
#: The endings of the cases that make a noun an adverbial (in, from, into, on, off, onto,
#: as, until, with, without: *kasiino-s*, *panga-st*, *raha-ga*), also after a plural
#: *-de*/*-te*/*-i*: a noun in one of them never qualifies the next noun, as a genitive
#: does (*raundi alguses*: the start of the round), unless that noun agrees with it.
ADVERBIAL_CASES = ("s", "st", "sse", "l", "lt", "le", "ks", "ni", "na", "ta", "ga")


def fold(word: str) -> str:
    """A word without diacritics ("mängija" -> "mangija"), as players type without them."""
    return "".join(c for c in unicodedata.normalize("NFKD", word) if not unicodedata.combining(c))


def _weak(stem: str) -> Iterator[str]:
    """The stem with its last consonants in the weak grade (before a final vowel too)."""
    for strong, weak in _GRADES:
        if stem.endswith(strong):
            yield stem[: -len(strong)] + weak
        if stem[-1:] in _VOWELS and stem[:-1].endswith(strong):
            yield stem[: -len(strong) - 1] + weak + stem[-1]


def forms(base: str, *, derive: bool = True) -> set[str]:
    """The stems a base form (folded) shows up as before its endings (see the module's text).

    With ``derive`` off (a stem listed as irregular), only its weak grade and a vowel after it.
    """
    stems = {base}
    if derive and base.endswith("ma") and len(base) > 2 + SHORTEST_STEM:  # a verb: veeretama -> veereta-
        stems.add(base[:-2])
    if derive and base.endswith("ne"):  # kahtlusalune -> kahtlusaluse-, kahtlusalus-t
        stems.update({base[:-2] + "se", base[:-2] + "s"})
    if derive and base.endswith("us"):  # süüdistus -> süüdistuse-
        stems.add(base + "e")
    if derive and len(base) >= 5 and base[-1] in "lnr" and base[-2] == "e" and base[-3] not in _VOWELS:
        stems.add(base[:-2] + base[-1])  # the vowel of a last -el, -en, -er drops: number -> numbri-
    if derive and len(base) >= 4 and base[-1] in "kpt" and base[-2] in _VOWELS:
        # the short illative doubles a last k, p or t: märkmik -> märkmikku (into the notebook)
        stems.update(base + base[-1] + v for v in _VOWELS)
    for stem in list(stems):
        weak = set(_weak(stem))
        stems.update(weak)
        for s in (stem, *weak):
            if s[-1:] not in _VOWELS:
                stems.update(s + v for v in _VOWELS)
    return {s for s in stems if len(s) >= SHORTEST_STEM}


@dataclass(frozen=True)
class Glossary:
    """The Estonian word list of the search, as read from ``search-words-et.toml``.

    ``gloss`` maps a base form (or several, joined by a space) to the English words and
    phrases it stands for; ``stems`` lists forms the rules cannot make; ``endings`` are
    the endings cut from a word, longest first; ``negations`` the words that deny a
    sentence ("ei", "pole"), folded; ``clause_words`` those that start or join a clause
    ("kus", "mida", "ja"), folded; ``amount_words`` the words that ask how many ("mitu",
    "kui palju"), folded; ``relative_words`` those that start a relative clause after a
    noun ("kus", "mida"), folded.  Keys are kept as written (diacritics and all);
    looking up folds them.
    """

    gloss: Mapping[str, tuple[str, ...]]
    stems: Mapping[str, tuple[str, ...]]
    endings: tuple[str, ...]
    negations: frozenset[str] = frozenset()
    clause_words: frozenset[str] = frozenset()
    amount_words: tuple[str, ...] = ()
    relative_words: frozenset[str] = frozenset()

    @classmethod
    def read(cls, path: Path = GLOSSARY_FILE) -> Glossary:
        from rulesref.core.files import read_text
        from rulesref.core.tomlfile import parse_toml

        return cls.from_json(parse_toml(read_text(path, what="word list"), str(path)))

    @classmethod
    def from_json(cls, data: object) -> Glossary:
        """Read the file's shape (also the cached form), checking every type (ValueError if wrong)."""
        if not isinstance(data, dict):
            raise ValueError("a glossary must be a table")
        endings, negations = _string(data, "endings"), _string(data, "negations")
        clauses, amounts = _string(data, "clause_words"), _string(data, "amount_words")
        relatives = _string(data, "relative_words")
        return cls(
            gloss=_lists(data.get("gloss", {}), "gloss"),
            stems=_lists(data.get("stems", {}), "stems"),
            endings=tuple(sorted({fold(e) for e in endings.split()}, key=lambda e: (-len(e), e))),
            negations=frozenset(fold(w) for w in negations.lower().split()),
            clause_words=frozenset(fold(w) for w in clauses.lower().split()),
            amount_words=tuple(c for c in (" ".join(fold(a).split()) for a in amounts.lower().split(",")) if c),
            relative_words=frozenset(fold(w) for w in relatives.lower().split()),
        )

    def to_json(self) -> dict[str, object]:
        return {
            "gloss": {k: list(v) for k, v in self.gloss.items()},
            "stems": {k: list(v) for k, v in self.stems.items()},
            "endings": " ".join(self.endings),
            "negations": " ".join(sorted(self.negations)),
            "clause_words": " ".join(sorted(self.clause_words)),
            "amount_words": ", ".join(self.amount_words),
            "relative_words": " ".join(sorted(self.relative_words)),
        }


def _string(data: Mapping[str, object], key: str) -> str:
    value = data.get(key, "")
    if not isinstance(value, str):
        raise ValueError(f"'{key}' must be a string")
    return value


def _lists(table: object, name: str) -> dict[str, tuple[str, ...]]:
    if not isinstance(table, dict):
        raise ValueError(f"'{name}' must be a table")
    values = table.values()
    if not (all(type(v) is list for v in values) and all(type(w) is str for v in values for w in v)):
        raise ValueError(f"'{name}' maps a word to a list of strings")
    return {" ".join(str(key).lower().split()): tuple(value) for key, value in table.items()}


class EstonianWords:
    """Reads Estonian words against a :class:`Glossary` (see the module's text)."""

    def __init__(
        self,
        glossary: Glossary,
        forms_of: Mapping[str, str],
        phrases: Mapping[tuple[str, ...], tuple[str, ...]] | None = None,
    ) -> None:
        """``forms_of`` maps a folded form to its base forms joined by commas (a compact
        shape that loads fast from the cache); ``phrases`` the base forms of a phrase of the
        glossary to its English (worked out from the glossary when not given)."""
        self.glossary = glossary
        self._forms = forms_of
        self._known: dict[str, tuple[str, ...]] = {}  # folded word -> its base forms (memo)
        self._cases: dict[str, str | None] = {}  # folded word -> its adverbial case (memo)
        self._endings = frozenset(glossary.endings)
        self._ending_sizes = sorted({len(e) for e in glossary.endings}, reverse=True)
        self._meanings = {base: tuple(english) for base, english in glossary.gloss.items() if " " not in base}
        if phrases is None:  # a phrase's words as base forms: "mängijate arv" -> (mängija, arv)
            phrases = {
                tuple((self.lemmas(w) or (w,))[0] for w in key.split()): english
                for key, english in glossary.gloss.items()
                if " " in key
            }
        self._phrases = dict(phrases)
        self._longest_phrase = max((len(k) for k in self._phrases), default=1)

    @classmethod
    def of(cls, glossary: Glossary) -> EstonianWords:
        """The words of a glossary with every form the rules make (a few milliseconds)."""
        index: dict[str, set[str]] = {}
        singles = {k for k in glossary.gloss if " " not in k} | set(glossary.stems)
        # keyed by the base as spelt: "üks" (one: ühe) and "uks" (a door: ukse) fold alike
        irregular = {b: (fold(b), [fold(s) for s in stems]) for b, stems in glossary.stems.items()}
        for base in singles:
            folded = fold(base)
            made = forms(folded)
            for word, (ending, stems) in irregular.items():  # a compound ends like its last word: rahatäht, -tähe
                if folded.endswith(ending) and (word == base or len(folded) - len(ending) >= SHORTEST_STEM):
                    for stem in stems:
                        made |= forms(folded[: len(folded) - len(ending)] + stem, derive=False)
            for form in made:
                index.setdefault(form, set()).add(base)
        words = cls(glossary, _joined(index))
        unknown = {w for k in glossary.gloss if " " in k for w in k.split() if not words.lemmas(w)}
        for w in unknown:  # a word only met in a phrase ("vahele") is a base form of its own
            for form in forms(fold(w)):
                index.setdefault(form, set()).add(w)
        return cls(glossary, _joined(index)) if unknown else words

    def to_json(self) -> dict[str, object]:
        """The glossary, its forms and its phrases' base forms, for the search index's
        cache (:meth:`from_json` reads it)."""
        return {
            "glossary": self.glossary.to_json(),
            "forms": dict(sorted(self._forms.items())),
            "phrases": [[list(bases), list(english)] for bases, english in self._phrases.items()],
        }

    @classmethod
    def from_json(cls, data: object) -> EstonianWords:
        """:meth:`to_json`'s form back, every type checked (ValueError if wrong)."""
        if not isinstance(data, dict):
            raise ValueError("Estonian words must be an object")
        forms_of, phrases = data.get("forms"), data.get("phrases")
        if type(forms_of) is not dict or not all(type(v) is str for v in forms_of.values()):
            raise ValueError("Estonian forms map a form to its base forms joined by commas")
        if type(phrases) is not list:
            raise ValueError("Estonian phrases must be a list")
        read: dict[tuple[str, ...], tuple[str, ...]] = {}
        for item in phrases:
            bases, english = item  # ValueError unless a pair
            if type(bases) is not list or type(english) is not list or not all(type(w) is str for w in bases + english):
                raise ValueError("an Estonian phrase is a pair of lists of words")
            read[tuple(bases)] = tuple(english)
        return cls(Glossary.from_json(data["glossary"]), forms_of, read)

    def meaning(self, base: str) -> tuple[str, ...]:
        """The English words and phrases a base form stands for (none if only a form is known)."""
        return self._meanings.get(base, ())

    def negated(self, base: str) -> tuple[str, ...]:
        """What a base form means in a denied sentence, where the glossary says ("keegi ...
        ei": "mitte keegi", nobody); else ``()``."""
        return self._phrases.get(("mitte", base), ())

    def is_clause_word(self, word: str) -> bool:
        """Whether a word starts or joins a clause ("kus", "mida", "kui", "ja"): the words on
        either side of it belong to different clauses."""
        return fold(word.lower()) in self.glossary.clause_words

    def amount_at(self, typed: list[str]) -> int | None:
        """Where a question asks how many (the position of the last word of "mitu", "kui
        palju" ...), or None.  A one-word cue right after "kui" says "if several" (*kui mitu
        mängijat on viigis*), not how many."""
        folded = [fold(w.lower()) for w in typed]
        for i in range(len(folded)):
            for cue in self.glossary.amount_words:
                size = len(cue.split())
                if " ".join(folded[i : i + size]) == cue and (size > 1 or i == 0 or folded[i - 1] != "kui"):
                    return i + size - 1
        return None

    def is_relative_word(self, word: str) -> bool:
        """Whether a word starts a relative clause when it follows a noun ("krundile, kus ...")."""
        return fold(word.lower()) in self.glossary.relative_words

    def is_negation(self, word: str) -> bool:
        """Whether a word denies its sentence ("ei", "pole")."""
        return fold(word.lower()) in self.glossary.negations

    def phrase_meaning(self, bases: tuple[str, ...]) -> tuple[str, ...]:
        """The English of two or three base forms in a row that mean something together."""
        return self._phrases.get(bases, ())

    @property
    def longest_phrase(self) -> int:
        return self._longest_phrase

    def lemmas(self, word: str) -> tuple[str, ...]:
        """The base forms ``word`` is a form of, with the fewest endings cut (none: ``()``).

        Typed with diacritics, a word keeps the base forms that agree with them where
        there are several ("üks" is one, not "uks", a door).
        """
        word = word.lower()
        found = self._lemmas(fold(word))
        if len(found) > 1 and word != fold(word):
            agreeing = tuple(b for b in found if _agree(b, word))
            return agreeing or found
        return found

    def parts(self, word: str) -> tuple[str, ...]:
        """The base forms of a compound's two parts (``tänavaseeria`` -> tänav, seeria), or ``()``.

        Only a word that is not itself known is split; the split with the longest
        known first part wins.
        """
        w = fold(word.lower())
        if self._lemmas(w):
            return ()
        for cut in range(len(w) - SHORTEST_STEM, SHORTEST_STEM - 1, -1):
            first = self.form(w[:cut])
            rest = self._lemmas(w[cut:]) if first else ()
            if first and rest:
                return (min(first), rest[0])
        return ()

    def case(self, word: str) -> str | None:
        """The adverbial case ending (:data:`ADVERBIAL_CASES`) of a noun, as the word is read
        with the fewest endings cut: ``"st"`` for *pangast*, ``"sse"`` for *kasiinodesse*;
        ``""`` for a base form, genitive or partitive (*raundi*, *laenu*, *plaate*), for a
        verb and for a word the glossary does not know; ``None`` for a form the glossary
        lists (*tuppa*: its case is not spelt out).

            >>> words = EstonianWords.of(Glossary.from_json({"gloss": {"pank": ["bank"], "laen": ["loan"],
            ...     "kasiino": ["casino"]}, "endings": "st s de desse sse"}))
            >>> [words.case(w) for w in ("pangast", "laenu", "kasiinodesse", "kasiinos", "raha")]
            ['st', '', 'sse', 's', '']
        """
        folded = fold(word.lower())
        if folded not in self._cases:
            if len(self._cases) > 20_000:  # questions from outside: keep the memo bounded
                self._cases.clear()
            self._cases[folded] = self._case(folded)
        return self._cases[folded]

    def _case(self, folded: str) -> str | None:
        bases = self._lemmas(folded)
        if not bases or any(b.endswith("ma") for b in bases):
            return ""
        for cuts, stem in self.candidates(folded):
            if bases[0] in self.form(stem):
                if not cuts:  # a form the glossary lists (tuppa) does not spell its case out
                    return "" if any(folded in forms(fold(b)) for b in bases) else None
                ending = folded[len(stem) :]
                return next((c for c in ADVERBIAL_CASES if ending.endswith(c) and _plural(ending, c)), "")
        return ""

    def bases(self, word: str) -> tuple[str, ...]:
        """What ``word`` stands for: its base forms, else its compound's parts, else ``()``."""
        return self.lemmas(word) or self.parts(word)

    def candidates(self, word: str) -> Iterable[tuple[int, str]]:
        """``(endings cut, stem)`` for every way of cutting up to two endings off ``word``."""
        yield 0, word
        for once in self._cut(word):
            yield 1, once
            for twice in self._cut(once):
                yield 2, twice

    def loan_stems(self, word: str, before_apostrophe: str = "") -> tuple[str, ...]:
        """What an English word with Estonian endings may be without them, most likely first.

        Players inflect the books' English words the Estonian way, with or without an
        apostrophe: *gamble'iga*, *royale'is*, *remodelida*, *shoude*.  Typed with an
        apostrophe, only the part before it (``before_apostrophe``, at least 2 letters:
        *all in'iga* -> in); else the word with one or two endings cut, fewest cuts first,
        each also without the linking *i* or *e* Estonian puts after a consonant
        (*remodeli-da* -> remodeli, remodel).  The word itself is not among them.

            >>> words = EstonianWords.of(Glossary.from_json({"gloss": {}, "endings": "da ga de"}))
            >>> words.loan_stems("remodelida"), words.loan_stems("gambleiga", "gamble")
            (('remodeli', 'remodel'), ('gamble',))
        """
        head = before_apostrophe.lower()
        if head:
            return (head,) if len(head) >= 2 else ()
        found: list[str] = []
        for cuts, stem in self.candidates(word.lower()):
            linked = stem[:-1] if stem[-1] in "ie" and stem[-2] not in _VOWELS + "y" else ""
            for s in (stem, linked) if cuts else ():
                if len(s) >= SHORTEST_STEM and s not in found:
                    found.append(s)
        return tuple(found)

    def _cut(self, word: str) -> Iterator[str]:
        """``word`` without each of the endings it has, leaving at least a short stem."""
        for size in self._ending_sizes:
            if len(word) - size >= SHORTEST_STEM and word[-size:] in self._endings:
                yield word[:-size]

    def bases_known(self) -> frozenset[str]:
        """Every base form the glossary knows."""
        gloss = self.glossary.gloss
        return frozenset(
            {k for k in gloss if " " not in k}
            | set(self.glossary.stems)
            | {w for k in gloss if " " in k for w in k.split()}
        )

    def form(self, stem: str) -> frozenset[str]:
        found = self._forms.get(stem)
        return frozenset(found.split(",")) if found else frozenset()

    def __eq__(self, other: object) -> bool:
        return isinstance(other, EstonianWords) and (self.glossary, self._forms) == (other.glossary, other._forms)

    __hash__ = None  # type: ignore[assignment]

    def _lemmas(self, folded: str) -> tuple[str, ...]:
        """The base forms of a folded word, fewest endings cut first (memoised, bounded)."""
        found = self._known.get(folded)
        if found is None:
            if len(self._known) > 20_000:  # questions from outside: keep the memo bounded
                self._known.clear()
            found = self._known[folded] = _lemmas(self, folded)
        return found


def _joined(index: Mapping[str, Iterable[str]]) -> dict[str, str]:
    """A form index in its compact shape: each form's base forms sorted and joined by commas."""
    return {form: ",".join(sorted(bases)) for form, bases in index.items()}


def _plural(ending: str, case: str) -> bool:
    """Whether ``ending`` is ``case`` alone or after a plural marker (*-de-sse*, *-te-ga*, *-i-s*)."""
    return ending[: len(ending) - len(case)] in ("", "de", "te", "i", "id", "sid")


def _agree(base: str, word: str) -> bool:
    """Whether ``base`` and ``word`` spell their common start (as folded) the same way."""
    same = 0
    for a, b in zip(fold(base), fold(word)):
        if a != b:
            break
        same += 1
    return base[:same] == word[:same]


def _lemmas(words: EstonianWords, folded: str) -> tuple[str, ...]:
    best: tuple[int, set[str]] = (3, set())
    for cuts, stem in words.candidates(folded):
        if cuts > best[0]:
            continue
        found = words.form(stem)
        if found:
            if cuts < best[0]:
                best = (cuts, set(found))
            else:
                best[1].update(found)
    return tuple(sorted(best[1]))
