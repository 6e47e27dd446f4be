"""Estonian example questions (rulesref.examples): the files, the matcher, their part in a search."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from rulesref.book import books, parse_book, translations
from rulesref.core.errors import InputError
from rulesref.examples import (
    EXAMPLES_FOLDER,
    MAX_CHARS,
    ExampleMatcher,
    example_files,
    load_examples,
    parse_examples,
)
from rulesref.search import IndexData, RuleIndex, SearchSettings, default_index, example_keys

SECTIONS = {"demo": ["setup", "turn", "scoring"]}
GOOD = """\
# examples
game = "demo"
lang = "et"

[[section]]
id = "setup"
questions = ["kuidas laud valmis panna", "mitu nuppu igaühel alguses on"]

[[section]]
id = "turn"
questions = ["kes alustab", "mis järjekorras käiakse"]
"""


def test_a_file_gives_questions_by_full_section_id() -> None:
    found = parse_examples(GOOD, "demo.toml", SECTIONS)
    assert found == {
        "demo/setup": ("kuidas laud valmis panna", "mitu nuppu igaühel alguses on"),
        "demo/turn": ("kes alustab", "mis järjekorras käiakse"),
    }


def test_every_problem_of_a_file_at_once_with_lines_and_choices() -> None:
    bad = (
        GOOD.replace('lang = "et"', 'lang = "de"\nauthor = "x"')
        .replace('id = "turn"', 'id = "tunr"')
        .replace('"kes alustab"', f'"{"a" * (MAX_CHARS + 1)}", 7')
        + '\n[[section]]\nid = "setup"\nquestions = ["veel üks"]\n'
    )
    with pytest.raises(InputError) as info:
        parse_examples(bad, "demo.toml", SECTIONS)
    by_message = {p.message: p for p in info.value.problems()}
    assert by_message["'lang' must be \"et\""].text == "de"
    assert any("unknown key" in m and p.text == "author" for m, p in by_message.items())
    unknown = by_message["section 2: not a section of demo"]
    assert unknown.text == "tunr" and unknown.choices[0] == "turn" and unknown.line == 11
    assert by_message["section 'setup' is given twice"].line == 15
    assert all(p.path == "demo.toml" for p in info.value.problems())
    with pytest.raises(InputError, match="unknown game"):
        parse_examples(GOOD.replace('"demo"', '"dmeo"'), "x.toml", SECTIONS)
    too_long = GOOD.replace('"kes alustab"', f'"{"a" * (MAX_CHARS + 1)}"')
    with pytest.raises(InputError, match=f"at most {MAX_CHARS} characters"):
        parse_examples(too_long, "x.toml", SECTIONS)
    with pytest.raises(InputError, match="not valid TOML"):
        parse_examples("game = ", "x.toml", SECTIONS)


def test_files_of_one_game_are_joined_and_their_problems_collected(tmp_path: Path) -> None:
    first, second, broken = tmp_path / "a.toml", tmp_path / "b.toml", tmp_path / "c.toml"
    first.write_text(GOOD, encoding="utf-8")
    second.write_text(GOOD.replace("kes alustab", "kes teeb esimese käigu"), encoding="utf-8")
    found = load_examples([first, second], SECTIONS)
    assert found["demo/turn"] == ("kes alustab", "mis järjekorras käiakse", "kes teeb esimese käigu")
    broken.write_text(GOOD.replace('"demo"', '"nope"'), encoding="utf-8")
    with pytest.raises(InputError) as info:
        load_examples([first, broken, tmp_path / "missing.toml"], SECTIONS)
    assert len(info.value.problems()) == 2
    assert example_files(tmp_path) == [first, second, broken] and example_files(tmp_path / "none") == []


def test_shipped_examples_cover_every_section_of_every_book() -> None:
    all_books = books()
    found = load_examples(example_files(), {g: [s.id for s in b.sections] for g, b in all_books.items()})
    assert example_files()[0].parent == EXAMPLES_FOLDER
    for b in all_books.values():
        for s in b.sections:
            assert len(found.get(s.full_id, ())) >= 12, s.full_id


def test_likeness_is_the_mean_of_a_sections_closest_examples() -> None:
    matcher = ExampleMatcher.of([(0, ["kasiino", "viik"]), (0, ["viik"]), (1, ["kasiino", "raha"]), (2, ["laen"])])
    one = matcher.likeness(["viik", "kasiino"], best=1)
    assert one[0] == pytest.approx(1.0) and 0 < one[1] < one[0] and 2 not in one
    two = matcher.likeness(["viik", "kasiino"], best=2)
    assert one[0] > two[0] > 0 and two[1] == pytest.approx(one[1] / 2)  # a single example counts half
    assert matcher.likeness(["viik"], rows={1, 2}) == {} and matcher.likeness(["tundmatu"]) == {}


DEMO = """\
game = "demo"
title = "Demo"
summary = "A demo."

[[section]]
id = "setup"
title = "Setup"
keywords = ["dice", "board"]
keywords_et = ["täring", "laud"]
text = "Each player takes the dice and puts the board out."

[[section]]
id = "turn"
title = "Turn"
keywords = ["dice", "roll"]
keywords_et = ["täring", "veeretama"]
text = "On a turn a player rolls the dice."
"""


def _demo_index(examples: dict[str, tuple[str, ...]], weight: float = 4.0) -> RuleIndex:
    demo = {"demo": parse_book(DEMO, "demo.toml")}
    data = IndexData.of(demo, lexicon=default_index().data.lexicon, examples=examples)
    return RuleIndex(demo, data=data, settings=SearchSettings(example_weight=weight))


def test_examples_decide_between_neighbours_for_an_estonian_question_only() -> None:
    question = "mitu täringut mängijal on kui mäng algab"
    examples = {"demo/setup": ("mitu täringut igal mängijal alguses on", "kuidas laud üles panna")}
    with_them, without = _demo_index(examples), _demo_index(examples, weight=0.0)
    assert [h.section.id for h in without.search(question).hits] == ["turn", "setup"]
    assert [h.section.id for h in with_them.search(question).hits] == ["setup", "turn"]
    english = "how many dice does a player have at the start"
    assert with_them.search(english) == without.search(english)
    only = _demo_index({"demo/turn": ("kes alustab",)})  # found by an example alone
    assert only.search("kes alustab täringuga").hits[0].section.id == "turn"


def test_the_shipped_search_reads_english_exactly_as_without_examples() -> None:
    index = default_index()
    assert index.data.examples
    plain = RuleIndex(index.books, data=index.data, estonian=index.estonian, settings=SearchSettings(example_weight=0))
    for question in ("can i sprawl into f block with two players", "what happens on a tie in las vegas"):
        assert index.search(question) == plain.search(question)


def test_example_keys_are_the_estonian_keys_without_stopwords() -> None:
    lexicon = default_index().data.lexicon
    keys = example_keys(lexicon, "Kas täringutega mängides on kasiinod?")
    assert "taring" in keys and "kas" not in keys


def test_index_data_with_examples_round_trips() -> None:
    data = IndexData.of(books(), estonian=translations("et"), examples={"clue/setup": ("kuidas mäng algab",)})
    assert data.examples and all(data.rows[row][0] == "clue/setup" for row, _ in data.examples)
    again = IndexData.from_json(json.loads(json.dumps(data.to_json())))
    assert again == data
    for wrong in ([[0]], [["0", "a"]], [[10_000, "a"]]):
        with pytest.raises(ValueError):
            IndexData.from_json({**data.to_json(), "examples": wrong})
    assert replace(data, examples=()).to_json()["examples"] == []
