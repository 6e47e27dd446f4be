"""Estonian word forms and their base forms, as Vabamorf makes them (``et-forms.txt``).

An optional map for the rules search: *kätega* is a form of *käsi*, *toob* of *tooma*,
*rahatähtede* of *rahatäht* (= *raha* + *täht*).  It is data, made by
``rulesref/tools/et_forms.py`` from the words of the books, the search's word lists and
everyday game words with the standard Estonian morphological synthesiser (estnltk's
Vabamorf, needed only to make the file, never at run time).  None ships: measured, it changed
no answer's first place or top 3 (docs/rules.md, "Morphology round"); when the file is made,
:class:`rulesref.estonian.EstonianWords` reads words through it first.

    >>> m = Morphology.parse("# format 2: forms\\ntaring\\ttäring\\ntaringutega\\ttäring\\n"
    ...     "uks\\tuks,üks\\n=rahataht\\traha täht\\n")
    >>> m.lemmas("täringutega"), m.lemmas("TARINGUTEGA"), m.lemmas("uks"), m.lemmas("kaart")
    (('täring',), ('täring',), ('uks', 'üks'), ())
    >>> m.parts("rahatäht")
    ('raha', 'täht')
"""

from __future__ import annotations

import re
import unicodedata
from bisect import bisect_left
from dataclasses import dataclass
from functools import cache
from pathlib import Path

#: The map, made by ``rulesref/tools/et_forms.py`` (docs/rules.md says how).
FORMS_FILE = Path(__file__).with_name("et-forms.txt")
FORMAT = "2"
_ENTRY = re.compile(r"[^\t#][^\t]*\t[^\t]+")


def _fold(word: str) -> str:
    return "".join(c for c in unicodedata.normalize("NFKD", word) if not unicodedata.combining(c))


@dataclass(frozen=True)
class Morphology:
    """Forms without diacritics -> the base forms (as spelt) they are forms of; compounds
    (keyed without diacritics) -> their parts."""

    entries: tuple[str, ...]  # "form<TAB>bases", sorted: looked up by bisection (loads fast)
    compound_parts: dict[str, tuple[str, ...]]

    @classmethod
    def parse(cls, text: str, where: str = FORMS_FILE.name) -> Morphology:
        """The file's text read; ValueError naming the entry when it is not the format."""
        if not re.match(rf"(#.*\n){{0,4}}# format {FORMAT}:", text):
            raise ValueError(f"{where}: not an Estonian forms file of format {FORMAT}")
        lines = [line for line in text.splitlines() if line[:1] != "#"]
        compounds = [line for line in lines if line[:1] == "="]
        entries = [line for line in lines if line[:1] != "="]
        if text.count("\t") != len(lines) or "" in lines:  # quick; the slow look only to say where
            bad = next(line for line in lines if not _ENTRY.fullmatch(line))
            raise ValueError(f"{where}: expected 'form<TAB>base forms', got {bad[:60]!r}")
        if entries != sorted(entries):
            raise ValueError(f"{where}: the forms are not sorted")
        parts = {form[1:]: tuple(bases.split()) for form, bases in (line.split("\t") for line in compounds)}
        return cls(tuple(entries), parts)

    def lemmas(self, word: str) -> tuple[str, ...]:
        """The base forms ``word`` (any case, with or without diacritics) is a form of."""
        key = _fold(word.lower()) + "\t"
        at = bisect_left(self.entries, key)
        if at < len(self.entries) and self.entries[at].startswith(key):
            return tuple(self.entries[at][len(key) :].split(","))
        return ()

    def parts(self, base: str) -> tuple[str, ...]:
        """A compound base form's parts as base forms (``()`` if not a compound)."""
        return self.compound_parts.get(_fold(base.lower()), ())


@cache
def morphology(path: Path = FORMS_FILE) -> Morphology | None:
    """The map, read once when first asked for; None when the file is absent (the search
    then reads Estonian words by its own rules alone)."""
    if not path.is_file():
        return None
    return Morphology.parse(path.read_text(encoding="utf-8"), path.name)
