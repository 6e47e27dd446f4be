"""The language the tool speaks (rulesref.core.i18n): choosing it, and translating with gettext."""

from __future__ import annotations

import pytest

from rulesref.core import i18n


@pytest.mark.parametrize(
    ("tag", "lang"),
    [("et", "et"), ("et_EE.UTF-8", "et"), ("et-ee", "et"), ("ET", "et"), ("en_GB", "en"), ("fr_FR", None), ("", None)],
)
def test_normalise(tag: str, lang: str | None) -> None:
    assert i18n.normalise(tag) == lang


def test_the_environment_chooses_cluesolver_lang_first_then_the_locale() -> None:
    assert i18n.from_environment({"CLUESOLVER_LANG": "et", "LANG": "en_US.UTF-8"}) == "et"
    assert i18n.from_environment({"LANG": "et_EE.UTF-8"}) == "et"
    assert i18n.from_environment({"LC_ALL": "C", "LANG": "et_EE.UTF-8"}) == "en"  # LC_ALL wins, and says C
    assert i18n.from_environment({"LANGUAGE": "fr:et:en"}) == "et"
    assert i18n.from_environment({}) == "en"


def test_accept_language_by_weight() -> None:
    assert i18n.from_accept_language("fr-FR,fr;q=0.9,et;q=0.8,en;q=0.7") == "et"
    assert i18n.from_accept_language("en;q=0.5, et;q=0.9") == "et"
    assert i18n.from_accept_language("de, fr") is None
    assert i18n.from_accept_language("et;q=0, en") == "en"
    assert i18n.from_accept_language(None) is None


def test_english_is_the_text_itself_and_plurals_follow_the_count() -> None:
    with i18n.speaking("en"):
        assert i18n._("Notebook") == "Notebook"
        assert i18n.n_("{n} deal", "{n} deals", 1) == "{n} deal"
        assert i18n.n_("{n} deal", "{n} deals", 2) == "{n} deals"


def test_a_block_speaks_its_language_and_the_process_keeps_its_own() -> None:
    before = i18n.language()
    with i18n.speaking("et"):
        assert i18n.language() == "et"
        with i18n.speaking("en"):
            assert i18n.language() == "en"
        assert i18n.language() == "et"
    assert i18n.language() == before
