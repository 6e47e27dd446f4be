"""The optional Vabamorf map of Estonian forms (rulesref/et_morph.py) and its generator."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from rulesref.estonian import EstonianWords, Glossary
from rulesref.et_morph import FORMS_FILE, Morphology
from rulesref.tools import et_forms

#: As the generator writes it: forms without diacritics, base forms as spelt, compounds last.
SMALL_MAP = et_forms.render(
    {
        "täring": ("", {"täringu", "täringut", "täringutega", "täringuid"}),
        "võitma": ("", {"võidab", "võita", "võitis"}),
        "käsi": ("", {"käe", "kätega", "kätt"}),
        "uks": ("", {"ukse"}),
        "üks": ("", {"ühe", "ühte"}),
        "võtmeümbris": ("võti+ümbris", {"võtmeümbrisesse", "võtmeümbrise"}),
    },
    "test",
)

GLOSSARY = Glossary.from_json(
    {
        "gloss": {
            "täring": ["die", "dice"],
            "võit": ["win"],
            "võitma": ["win"],
            "käsi": ["hand"],
            "võti": ["key"],
            "ümbris": ["envelope"],
            "alguses": ["at the start"],
            "üks": ["1"],
            "uks": ["door"],
        },
        "endings": "sse s st le l lt ks ga t d de te id sid n b da ta takse mine dega",
    }
)


@pytest.fixture(scope="module")
def small_map() -> Morphology:
    return Morphology.parse(SMALL_MAP, "small")


def test_the_map_gives_the_base_forms_of_inflected_forms(small_map: Morphology) -> None:
    assert small_map.lemmas("täringutega") == ("täring",)
    assert small_map.lemmas("TARINGUTEGA") == ("täring",)  # any case, with or without diacritics
    assert small_map.lemmas("kätega") == ("käsi",)  # no ending rule makes käsi of kätega
    assert small_map.lemmas("täring") == ("täring",)  # a base form is a form of itself
    assert small_map.lemmas("uks") == ("uks", "üks")  # folded alike: both, as spelt
    assert small_map.lemmas("kaart") == ()


def test_a_compound_is_split_into_base_forms(small_map: Morphology) -> None:
    assert small_map.lemmas("võtmeümbrisesse") == ("võtmeümbris",)
    assert small_map.parts("võtmeümbris") == ("võti", "ümbris")
    assert small_map.parts("votmeumbris") == ("võti", "ümbris")
    assert small_map.parts("täring") == ()


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("täring\ttäring\n", "not an Estonian forms file of format 2"),
        ("# format 2: x\ntaring\n", "expected 'form<TAB>base forms', got 'taring'"),
        ("# format 2: x\ntaring\ttäring\textra\n", "expected 'form<TAB>base forms'"),
        ("# format 2: x\ntaringu\ttäring\ntaring\ttäring\n", "the forms are not sorted"),
    ],
)
def test_a_broken_map_is_refused_with_what_is_wrong(text: str, problem: str) -> None:
    with pytest.raises(ValueError, match=problem):
        Morphology.parse(text, "broken")


def test_words_are_read_through_the_map_first(small_map: Morphology) -> None:
    plain = EstonianWords.of(GLOSSARY, morphology=lambda: None)
    mapped = EstonianWords.of(GLOSSARY, morphology=lambda: small_map)
    assert plain.lemmas("võidab") == ("võit", "võitma")  # the ending rules guess both
    assert mapped.lemmas("võidab") == ("võitma",)  # the map knows it is the verb
    assert mapped.lemmas("kätega") == ("käsi",)
    assert (plain.lemmas("ühte"), mapped.lemmas("ühte"), mapped.lemmas("ukse")) == ((), ("üks",), ("uks",))
    # a compound the rules cannot split (võtme- is no form they make of võti)
    assert plain.parts("võtmeümbrisesse") == ()
    assert mapped.parts("võtmeümbrisesse") == ("võti", "ümbris")


def test_words_the_map_does_not_settle_fall_back_to_the_rules(small_map: Morphology) -> None:
    plain = EstonianWords.of(GLOSSARY, morphology=lambda: None)
    mapped = EstonianWords.of(GLOSSARY, morphology=lambda: small_map)
    for word in ("täringutesse", "võitjaga", "alguses", "ümbrisega", "kaardid"):
        assert mapped.lemmas(word) == plain.lemmas(word), word
    assert mapped.lemmas("alguses") == ("alguses",)  # a glossary word as typed stays itself
    assert mapped.lemmas("täringutesse") == ("täring",)  # not in the map: the ending rules


def test_without_the_map_file_nothing_is_read_through_it(tmp_path: Path) -> None:
    from rulesref.et_morph import morphology

    assert morphology(tmp_path / "absent.txt") is None


def test_the_generator_writes_what_the_reader_reads(small_map: Morphology) -> None:
    lines = SMALL_MAP.splitlines()
    assert lines[2].startswith(f"# format {et_forms.FORMAT}:")
    assert Morphology.parse(SMALL_MAP).lemmas("ühte") == ("üks",)
    assert et_forms.render({"a": ("", {"b"})}, "x") == et_forms.render({"a": ("", {"b"})}, "x")  # stable
    if FORMS_FILE.is_file():  # made with the generator (none ships): it must read back
        assert Morphology.parse(FORMS_FILE.read_text(encoding="utf-8")).lemmas("täringutega") == ("täring",)


def test_the_generator_reads_the_books_and_word_lists() -> None:
    found = set(et_forms.source_words())
    assert {"täring", "ümbrik", "süüdistus", "kasiino", "raund", "mängija"} <= found
    assert "accusation" not in found or "accusation" in {w for w in found if w.isascii()}
    assert "täring" in et_forms.glossary_bases()


@pytest.mark.skipif(importlib.util.find_spec("estnltk") is not None, reason="estnltk would make the file")
def test_the_generator_without_estnltk_leaves_the_file_alone(capsys: pytest.CaptureFixture[str]) -> None:
    before = FORMS_FILE.read_bytes() if FORMS_FILE.is_file() else None
    assert et_forms.main([]) == 0
    assert "estnltk is not installed" in capsys.readouterr().err
    assert (FORMS_FILE.read_bytes() if FORMS_FILE.is_file() else None) == before
