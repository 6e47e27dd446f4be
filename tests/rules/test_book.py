"""Rule books as data: loading, validation with every problem at once, lookups, citations."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulesref.book import book, books, link_problems, load_books, parse_book, section
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
