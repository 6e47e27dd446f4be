"""Rule books as data: loading, validation with every problem at once, lookups, citations."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulesref.book import (
    book,
    books,
    is_translation,
    language,
    link_problems,
    load_books,
    lookup,
    parse_book,
    parse_translation,
    section,
    translations,
)
from rulesref.cite import cite
from rulesref.core.errors import InputError, UnknownNameError

GOOD = '''
game = "demo"
title = "Demo Game"
aliases = ["dg"]
summary = "A tiny game."

[[section]]
id = "setup"
title = "Setup"
keywords = ["prepare"]
see = ["turn"]
text = """
Put the pieces out.
"""

[[section]]
id = "turn"
title = "A turn"
unconfirmed = "nobody is sure"
text = "Roll and move."
'''


def test_parse_good_book() -> None:
    b = parse_book(GOOD, "demo.toml")
    assert b.game == "demo" and b.aliases == ("dg",)
    assert [s.full_id for s in b.sections] == ["demo/setup", "demo/turn"]
    assert b.sections[0].see == ("demo/turn",)  # local links become full ids
    assert b.sections[0].text == "Put the pieces out."
    assert b.section("turn").unconfirmed == "nobody is sure"
    assert b.section("demo/turn").title == "A turn"  # a full id of the same game works


def test_every_problem_reported_at_once_with_lines() -> None:
    bad = GOOD.replace('id = "turn"', 'id = "setup"').replace('text = "Roll and move."', 'text = "  "')
    bad = bad.replace('keywords = ["prepare"]', 'keywords = ["prepare"]\nkeyword = "oops"')
    with pytest.raises(InputError) as info:
        parse_book(bad, "demo.toml")
    problems = info.value.problems()
    messages = [p.message for p in problems]
    assert any("duplicate section id 'setup'" in m for m in messages)
    assert any("'text' must be non-empty" in m for m in messages)
    unknown = next(p for p in problems if "unknown key" in p.message)
    assert unknown.text == "keyword" and "keywords" in unknown.choices
    assert unknown.line == bad.splitlines().index('keyword = "oops"') + 1
    assert all(p.path == "demo.toml" for p in problems)


def test_file_name_must_match_game() -> None:
    with pytest.raises(InputError, match=r"file name should be demo\.toml"):
        parse_book(GOOD, "other.toml")


def test_toml_syntax_error_has_line_and_column() -> None:
    with pytest.raises(InputError) as info:
        parse_book('game = "demo"\ntitle = \n', "demo.toml")
    (p,) = info.value.problems()
    assert p.line == 2 and p.column is not None and "not valid TOML" in p.message


def test_load_books_collects_problems_of_all_files(tmp_path: Path) -> None:
    (tmp_path / "demo.toml").write_text(GOOD.replace('title = "Setup"', 'title = ""'), encoding="utf-8")
    (tmp_path / "other.toml").write_text("game = 'other'\n", encoding="utf-8")
    with pytest.raises(InputError) as info:
        load_books(sorted(tmp_path.iterdir()))
    paths = {Path(p.path or "").name for p in info.value.problems()}
    assert paths == {"demo.toml", "other.toml"}


def test_broken_see_link_reported_with_choices() -> None:
    b = parse_book(GOOD.replace('see = ["turn"]', 'see = ["trun"]'), "demo.toml")
    (p,) = link_problems({"demo": b})
    assert p.text == "demo/trun" and p.choices == ("demo/turn",)


def test_shipped_books_have_no_link_problems() -> None:
    assert link_problems(books()) == []


def test_every_section_has_title_and_text() -> None:
    for b in books().values():
        assert b.sections, b.game
        for s in b.sections:
            assert s.title.strip() and s.text.strip(), s.full_id


def test_lookup_by_alias_and_unknown_names() -> None:
    assert book("Cluedo").game == "clue"
    assert book("liv").game == "clue-lost-in-vegas"
    assert section("lost-in-vegas/trams").full_id == "clue-lost-in-vegas/trams"
    assert section("liv/All in").id == "all-in"  # spaces for dashes
    assert section("clue/Secret passages").id == "secret-passages"  # the exact title
    with pytest.raises(UnknownNameError) as info:
        book("clu")
    assert "clue" in info.value.problems()[0].choices
    with pytest.raises(UnknownNameError) as info:
        section("clue/refutng")
    assert info.value.problems()[0].choices[0] == "refuting"
    with pytest.raises(UnknownNameError):
        section("clue")


def test_cite_gives_id_and_title() -> None:
    c = cite("clue/secret-passages")
    assert (c.id, c.game, c.title) == ("clue/secret-passages", "clue", "Secret passages")
    assert str(c) == "[clue/secret-passages] Secret passages"
    assert cite("liv/all-in").to_json() == {"id": "clue-lost-in-vegas/all-in", "title": "Going all in (accusation)"}
    with pytest.raises(UnknownNameError):
        cite("clue/no-such-section")


def test_unconfirmed_facts_are_marked() -> None:
    liv = book("clue-lost-in-vegas")
    assert liv.section("two-player").unconfirmed
    assert liv.section("mystery-cards").unconfirmed
    assert book("clue").section("refuting").unconfirmed is None


DEMO_ET = """
game = "demo"
lang = "et"
title = "Demomäng"
summary = "Väike mäng."

[[section]]
id = "turn"
title = "Käik"
unconfirmed = "keegi pole kindel"
text = "Veereta ja liigu."

[[section]]
id = "setup"
title = "Ettevalmistus"
text = "Pane nupud välja."
"""


def test_a_translation_follows_its_english_book() -> None:
    english = {"demo": parse_book(GOOD, "demo.toml")}
    b = parse_translation(DEMO_ET, "et/demo.toml", english)
    assert (b.game, b.lang, b.title, b.aliases) == ("demo", "et", "Demomäng", ("dg",))
    assert [s.id for s in b.sections] == ["setup", "turn"]  # the English book's order
    setup = b.section("setup")
    assert (setup.title, setup.text, setup.lang) == ("Ettevalmistus", "Pane nupud välja.", "et")
    assert setup.keywords == ("prepare",) and setup.see == ("demo/turn",)  # from the English book
    assert b.section("turn").unconfirmed == "keegi pole kindel"


def test_every_problem_of_a_translation_at_once() -> None:
    english = {"demo": parse_book(GOOD, "demo.toml")}
    bad = DEMO_ET.replace('id = "setup"', 'id = "setpu"').replace('unconfirmed = "keegi pole kindel"\n', "")
    bad = bad.replace('lang = "et"', 'lang = "de"').replace('title = "Käik"', 'title = "Käik"\nkeywords = ["x"]')
    with pytest.raises(InputError) as info:
        parse_translation(bad, "et/demo.toml", english)
    problems = info.value.problems()
    by_message = {p.message: p for p in problems}
    assert by_message["'lang' must be a language of the translations: et"].text == "de"
    unknown_id = by_message["section 2: 'id' must name a section of the English book demo"]
    assert unknown_id.text == "setpu" and unknown_id.choices[0] == "setup"
    assert "section 'turn': the English section has an 'unconfirmed' note: translate it too" in by_message
    assert "sections of demo not translated: setup" in by_message
    assert any("unknown key" in p.message and p.text == "keywords" for p in problems)
    assert all(p.path == "et/demo.toml" for p in problems)
    with pytest.raises(InputError, match="'game' must be the id of an English rule book"):
        parse_translation(DEMO_ET.replace('game = "demo"', 'game = "dmeo"'), "et/dmeo.toml", english)


def test_is_translation_reads_the_top_lang_key() -> None:
    assert is_translation(DEMO_ET) and not is_translation(GOOD)


def test_books_in_estonian_fall_back_to_english(monkeypatch: pytest.MonkeyPatch) -> None:
    et = books("et")
    assert list(et) == list(books())
    assert et["clue"].lang == "et" and et["clue"].section("object").title == "Mängu eesmärk"
    assert all(b.lang == "et" for b in et.values()) and set(translations("et")) == set(books())
    assert et["lords-of-vegas"].section("sprawl").title.startswith("Laienemine")
    assert translations("en") == {}
    only_clue = {"clue": et["clue"]}
    import rulesref.book

    monkeypatch.setattr(rulesref.book, "translations", lambda lang: only_clue)
    fallback = books.__wrapped__("et")  # (not cached) a game with no translation keeps its English book
    assert fallback["clue"] == et["clue"] and fallback["lords-of-vegas"] == books()["lords-of-vegas"]
    assert fallback["lords-of-vegas"].lang == "en"
    assert [s.id for s in et["clue"].sections] == [s.id for s in books()["clue"].sections]
    assert section("clue/refuting", "et").title == "Ettepanekule vastamine: kaardi näitamine"
    assert lookup("clue", "Secret passages", "et").title == "Salakäigud"  # an English title finds it
    assert lookup("clue", "salakäigud", "et").id == "secret-passages"


def test_language_codes() -> None:
    assert [language(c) for c in ("et", "ET", "et_EE.UTF-8", "et-ee", "en_GB", "en")] == ["et"] * 4 + ["en"] * 2
    with pytest.raises(UnknownNameError) as info:
        language("fi")
    assert info.value.problems()[0].choices == ("en", "et")
    with pytest.raises(UnknownNameError):
        books("fi")
