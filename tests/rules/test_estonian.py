"""Estonian words for the rules search: cases, plurals, verb forms, grades, compounds."""

from __future__ import annotations

import json

import pytest

from rulesref.estonian import EstonianWords, Glossary, fold, forms

SMALL = Glossary.from_json(
    {
        "gloss": {
            "täring": ["die", "dice"],
            "tänav": ["street"],
            "seeria": ["run"],
            "kasiino": ["casino"],
            "krunt": ["lot"],
            "kõrval": ["adjacent"],
            "kord": ["turn", "round"],
            "käik": ["turn"],
            "veeretama": ["roll"],
            "süüdistus": ["accusation"],
            "kahtlusalune": ["suspect"],
            "tuba": ["room"],
            "üks": ["1"],
            "uks": ["door"],
            "suur täring": ["big die"],
        },
        "stems": {"tuba": ["toa", "tuppa", "tube"]},
        "endings": "sse s st le l lt ks ga t d de te id sid n b da ta takse mine dega",
    }
)


@pytest.fixture(scope="module")
def small() -> EstonianWords:
    return EstonianWords.of(SMALL)


@pytest.fixture(scope="module")
def shipped() -> EstonianWords:
    return EstonianWords.of(Glossary.read())


@pytest.mark.parametrize(
    ("typed", "base"),
    [
        ("täringuid", "täring"),  # plural partitive
        ("täringutega", "täring"),  # plural comitative: two endings
        ("tanava", "tänav"),  # genitive, typed without diacritics
        ("kasiinode", "kasiino"),  # plural genitive
        ("kasiinodesse", "kasiino"),
        ("krundile", "krunt"),  # weak grade: nt -> nd
        ("käigul", "käik"),  # k -> g
        ("korra", "kord"),  # rd -> rr
        ("korda", "kord"),
        ("veeretan", "veeretama"),  # verb forms on the verb's stem
        ("veeretatakse", "veeretama"),
        ("veeretamine", "veeretama"),
        ("süüdistuse", "süüdistus"),  # -us words
        ("kahtlusaluste", "kahtlusalune"),  # -ne words
        ("toas", "tuba"),  # an irregular form listed in the glossary
        ("tuppa", "tuba"),
    ],
)
def test_a_form_is_read_back_to_its_base(small: EstonianWords, typed: str, base: str) -> None:
    assert small.lemmas(typed) == (base,)


def test_unknown_words_and_short_stems_are_not_guessed(small: EstonianWords) -> None:
    assert small.lemmas("xylofon") == ()
    assert small.lemmas("ga") == ()  # an ending alone is no word
    assert "tu" not in forms("tuba") and all(len(f) >= 3 for f in forms("kord"))


def test_compounds_split_against_the_glossary(small: EstonianWords) -> None:
    assert small.parts("tänavaseeria") == ("tänav", "seeria")
    assert small.parts("kõrvalkrundile") == ("kõrval", "krunt")
    assert small.parts("täring") == ()  # a known word is not split
    assert small.parts("tänavaxyz") == ()  # both parts must be known
    assert small.bases("tänavaseeria") == ("tänav", "seeria")


def test_diacritics_choose_between_words_that_fold_alike(small: EstonianWords) -> None:
    assert small.lemmas("üks") == ("üks",)
    assert small.lemmas("uks") == ("uks", "üks")  # typed without diacritics: both readings stay


def test_meanings_and_phrases(small: EstonianWords) -> None:
    assert small.meaning("täring") == ("die", "dice")
    assert small.meaning("suur") == ()  # a word met only in a phrase means nothing alone
    assert small.phrase_meaning(("suur", "täring")) == ("big die",)
    assert small.lemmas("suured") == ("suur",)  # a phrase's word is read in its forms too


def test_round_trip_through_json_and_type_checks(small: EstonianWords) -> None:
    again = EstonianWords.from_json(json.loads(json.dumps(small.to_json())))
    assert again == small and again.lemmas("kasiinode") == ("kasiino",)
    with pytest.raises(ValueError):
        Glossary.from_json({"gloss": {"täring": "die"}})
    with pytest.raises(ValueError):
        Glossary.from_json({"endings": ["s"]})
    good = small.to_json()
    for bad in ({"forms": {"x": ["y"]}}, {"forms": "x=y"}, {"phrases": [["suur"]]}, {"phrases": [[["suur"], "x"]]}):
        with pytest.raises(ValueError):
            EstonianWords.from_json({**good, **bad})


def test_every_shipped_word_reads_back_to_itself(shipped: EstonianWords) -> None:
    bases = [k for k in shipped.glossary.gloss if " " not in k]
    assert len(bases) > 400
    wrong = [b for b in bases if b not in shipped.lemmas(b)]
    assert wrong == []


@pytest.mark.parametrize(
    ("typed", "bases"),
    [
        ("raundi", ("raund",)),
        ("vooru", ("voor",)),
        ("täringuid", ("täring",)),
        ("kasiinode", ("kasiino",)),
        ("tänava", ("tänav",)),
        ("seeriat", ("seeria",)),
        ("paaritute", ("paaritu",)),
        ("tänavaseeria", ("tänav", "seeria")),
        ("pannakse", ("panema",)),  # listed stems get endings too
        ("kaubelda", ("kauplema",)),
        ("rahatähe", ("rahatäht",)),  # a compound word ends like its last word (täht, tähe)
        ("kõrvalkrundile", ("kõrval", "krunt")),
        ("süüdistada", ("süüdistama",)),
        ("otsima", ("otsima",)),  # everyday verbs players use (issue 28, part D)
        ("tuuakse", ("tooma",)),
        ("laotakse", ("laduma",)),
        ("arvestatakse", ("arvestama",)),
        ("puutuvad", ("puutuma",)),
        ("kummalegi", ("kumbki",)),
        ("ühe", ("üks",)),  # üks and uks (a door) fold alike; each keeps its own stems
        ("annab", ("andma",)),
    ],
)
def test_the_shipped_glossary_reads_table_words(shipped: EstonianWords, typed: str, bases: tuple[str, ...]) -> None:
    assert shipped.bases(typed) == bases


def test_fold() -> None:
    assert fold("Mängija õõs ÄÖÜ") == "Mangija oos AOU"
