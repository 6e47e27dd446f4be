"""Make ``rulesref/et-forms.txt``: Estonian word forms and their base forms, from Vabamorf.

    /tmp/estvenv/bin/python rulesref/tools/et_forms.py          # (re)write the data file
    /tmp/estvenv/bin/python rulesref/tools/et_forms.py --check  # exit 1 if it would change

Needs ``estnltk`` (Vabamorf, the standard Estonian morphological analyser and
synthesiser) in the Python that runs it - a throwaway venv, never the project's: ``python3.11
-m venv /tmp/estvenv && /tmp/estvenv/bin/pip install estnltk==1.7.5``.  Without it the script
says so and leaves the file alone (exit 0).  It reads only files of this repository (no
import of ``rulesref``):

- the words of the Estonian books (``rulesref/rules/et/*.toml``), every ``keywords_et`` of
  every book, the search's Estonian word lists (``search-words-et.toml``: glossary words and
  their listed forms; ``search-words.toml``: the Estonian stopwords) and the everyday game
  words of ``rulesref/tools/et-game-words.txt``;
- each word is analysed (no guessing: a word Vabamorf does not know gives nothing, so the
  books' English names stay out) and every base form it may be is kept; a glossary word
  Vabamorf does not know is taken as a base form as written (a noun, or a verb in *-ma*);
- every base form gets all its forms from the synthesiser: nouns, adjectives, numerals and
  pronouns in the 14 cases, singular and plural, and the short illative; verbs in their
  common forms (persons, tenses, moods, impersonal, participles, infinitives) and their
  *-mine* noun's cases;
- a compound's parts are kept as base forms (*rahatäht*: raha + täht).

The file's format (:mod:`rulesref.et_morph` reads it): comment lines start with ``#``; then
one form a line, ``form<TAB>bases``: the form without diacritics (players type both ways)
and the base forms it may be, as spelt, joined by commas (a base form is a form of itself);
a line ``=base<TAB>parts`` gives a compound's parts as base forms, joined by spaces.  Lines
are sorted; the same input always gives the same file.  Expanded like this the file is
larger than a table of endings would be, but it loads in a few milliseconds.
"""

from __future__ import annotations

import re
import sys
import tomllib
import unicodedata
from collections.abc import Iterable, Iterator
from pathlib import Path

HERE = Path(__file__).resolve().parent
PACKAGE = HERE.parent
OUT = PACKAGE / "et-forms.txt"
EVERYDAY = HERE / "et-game-words.txt"
FORMAT = "2"

_WORD = re.compile(r"[a-zõäöüšž]+")
_CASES = ("n", "g", "p", "ill", "in", "el", "all", "ad", "abl", "tr", "ter", "es", "ab", "kom")
_NOMINAL = "SACUNOPH"  # nouns, adjectives (and degrees), numerals, pronouns, proper names
_VERB_FORMS = (
    "ma", "mas", "mast", "maks", "mata", "da", "des", "n", "d", "b", "me", "te", "vad", "takse",
    "s", "sin", "sid", "sime", "site", "ti", "nud", "tud", "tav", "v", "ks", "ksin", "ksid",
    "ksime", "ksite", "nuks", "tuks", "taks", "ge", "gem", "gu", "tagu", "o", "neg", "neg o",
    "neg nud", "neg tud", "neg ge", "neg gu", "neg ks", "vat", "nuvat", "tama", "ta",
)  # fmt: skip


def source_words(package: Path = PACKAGE) -> list[str]:
    """Every word the map is made for, lower-cased and sorted."""
    found: set[str] = set()
    for path in sorted((package / "rules" / "et").glob("*.toml")):
        found.update(_words(_strings(tomllib.loads(path.read_text(encoding="utf-8")))))
    for path in sorted((package / "rules").glob("*.toml")):
        found.update(_words(_strings(tomllib.loads(path.read_text(encoding="utf-8")), "keywords_et")))
    glossary = tomllib.loads((package / "search-words-et.toml").read_text(encoding="utf-8"))
    found.update(_words(glossary.get("gloss", {})))
    found.update(_words(glossary.get("stems", {}), *glossary.get("stems", {}).values()))
    lexicon = tomllib.loads((package / "search-words.toml").read_text(encoding="utf-8"))
    found.update(_words([lexicon.get("estonian", {}).get("stopwords", "")]))
    everyday = [line.split("#")[0] for line in EVERYDAY.read_text(encoding="utf-8").splitlines()]
    found.update(_words(everyday))
    return sorted(found)


def glossary_bases(package: Path = PACKAGE) -> list[str]:
    """The glossary's one-word base forms (taken as base forms even where Vabamorf does not know them)."""
    glossary = tomllib.loads((package / "search-words-et.toml").read_text(encoding="utf-8"))
    return sorted({k.lower() for k in glossary.get("gloss", {}) if _WORD.fullmatch(k.lower())})


def _strings(data: object, key: str | None = None, inside: bool = False) -> Iterator[str]:
    """The strings of a TOML value (only those under ``key`` when one is given)."""
    if isinstance(data, str):
        if key is None or inside:
            yield data
    elif isinstance(data, dict):
        for k, v in data.items():
            yield from _strings(v, key, inside or k == key)
    elif isinstance(data, list):
        for v in data:
            yield from _strings(v, key, inside)


def _words(*texts: Iterable[str]) -> set[str]:
    return {w for group in texts for text in group for w in _WORD.findall(text.lower())}


def build(words: Iterable[str], bases: Iterable[str]) -> dict[str, tuple[str, set[str]]]:
    """base form -> (its compound's parts joined by '+', its forms), from Vabamorf."""
    from estnltk.vabamorf.morf import Vabamorf, synthesize

    morph = Vabamorf.instance()

    def analyse(ws: list[str]) -> list[list[dict[str, object]]]:
        options = {"disambiguate": False, "guess": False, "propername": False, "compound": True}
        return [r["analysis"] for r in morph.analyze(ws, phonetic=False, **options)]

    lemmas: dict[str, tuple[str, tuple[str, ...]]] = {}  # lemma -> (part of speech, root tokens)
    words = sorted(set(words))
    for analyses in analyse(words):
        for a in analyses:
            lemma, pos = str(a["lemma"]).lower(), str(a["partofspeech"])
            if _WORD.fullmatch(lemma) and pos not in "ZY":
                lemmas.setdefault(lemma, (pos, tuple(str(t).lower() for t in a["root_tokens"])))  # type: ignore[attr-defined]
    for base in bases:  # a glossary word Vabamorf does not know: a base form as written
        if base not in lemmas and len(base) >= 3:
            lemmas[base] = ("V" if base.endswith("ma") else "S", (base,))
    heads = sorted({t for _, tokens in lemmas.values() if len(tokens) > 1 for t in tokens[:-1]})
    head_lemma = {w: _first_lemma(w, a) for w, a in zip(heads, analyse(heads))}
    out: dict[str, tuple[str, set[str]]] = {}
    for lemma, (pos, tokens) in sorted(lemmas.items()):
        made: set[str] = set()
        if pos in _NOMINAL:
            for number in ("sg", "pl"):
                for case in _CASES:
                    made.update(synthesize(lemma, f"{number} {case}", pos))
            made.update(synthesize(lemma, "adt", pos))
        elif pos == "V":
            for form in _VERB_FORMS:
                made.update(synthesize(lemma, form, "V"))
            if lemma.endswith("ma"):  # the action noun: veeretamine, veeretamise ...
                noun = lemma[:-2] + "mine"
                for number in ("sg", "pl"):
                    for case in _CASES:
                        made.update(synthesize(noun, f"{number} {case}", "S"))
        parts = ""
        if len(tokens) > 1:
            prefix = "".join(tokens[:-1])
            last = lemma[len(prefix) :] if lemma.startswith(prefix) and len(lemma) > len(prefix) else tokens[-1]
            parts = "+".join([*(head_lemma.get(t, t) for t in tokens[:-1]), last])
        forms = {f.lower() for f in made if _WORD.fullmatch(f.lower())} - {lemma}
        out[lemma] = (parts, forms)
    return out


def _first_lemma(token: str, analyses: list[dict[str, object]]) -> str:
    """The base form of a compound's first part, a nominative or a genitive (*algus*,
    *võtme* -> võti, *tänava* -> tänav), not another case (*algus* is not *alg* + s)."""
    lemmas = [(str(a["lemma"]).lower(), str(a["form"])) for a in analyses]
    for wanted in (lambda lemma, form: lemma == token, lambda lemma, form: form in ("sg g", "pl g")):
        for lemma, form in lemmas:
            if _WORD.fullmatch(lemma) and wanted(lemma, form):
                return lemma
    return token  # a stem of its own (*inglis-*): kept as written


def render(table: dict[str, tuple[str, set[str]]], version: str) -> str:
    """The file's text (see the module's text for its format)."""
    bases_of: dict[str, set[str]] = {}
    for lemma, (_, forms) in table.items():
        for form in (lemma, *forms):
            bases_of.setdefault(fold(form), set()).add(lemma)
    lines = [
        "# Estonian word forms -> base forms for the rules search (rulesref/et_morph.py reads it).",
        f"# Generated by rulesref/tools/et_forms.py with estnltk {version} (Vabamorf); do not edit.",
        f"# format {FORMAT}: form without diacritics<TAB>base forms joined by commas;"
        " =compound<TAB>its parts joined by spaces",
    ]
    lines += sorted(f"{form}\t{','.join(sorted(bases))}" for form, bases in bases_of.items())
    lines += sorted(f"={fold(lemma)}\t{parts.replace('+', ' ')}" for lemma, (parts, _) in table.items() if parts)
    return "\n".join(lines) + "\n"


def fold(word: str) -> str:
    """A word without diacritics, as ``rulesref.estonian.fold`` makes it."""
    return "".join(c for c in unicodedata.normalize("NFKD", word) if not unicodedata.combining(c))


def main(argv: list[str]) -> int:
    try:
        import estnltk
    except ImportError:
        print("estnltk is not installed in this Python: rulesref/et-forms.txt left as it is", file=sys.stderr)
        print("  (python3.11 -m venv /tmp/estvenv && /tmp/estvenv/bin/pip install estnltk==1.7.5)", file=sys.stderr)
        return 0
    text = render(build(source_words(), glossary_bases()), str(estnltk.__version__))
    old = OUT.read_text(encoding="utf-8") if OUT.exists() else ""
    if "--check" in argv:
        print("up to date" if text == old else f"{OUT.name} would change: run without --check")
        return 0 if text == old else 1
    tmp = OUT.with_suffix(".tmp")
    tmp.write_text(text, encoding="utf-8")
    tmp.replace(OUT)
    forms = sum(1 for line in text.splitlines() if line[:1] not in ("#", "="))
    print(f"wrote {OUT.relative_to(PACKAGE.parent)}: {forms} forms, {len(text.encode())} bytes")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
