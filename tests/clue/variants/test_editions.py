"""Clue editions as data: lookup, card matching, user variant files."""

from __future__ import annotations

from pathlib import Path

import pytest

from cluesolver.clue import variants
from rulesref.core.errors import InputError, UnknownNameError


def test_built_ins_have_the_reference_card_counts() -> None:
    sizes = {v.id: (len(v.cards), tuple(len(c.cards) for c in v.categories)) for v in variants.built_ins()}
    assert sizes == {
        "classic": (21, (6, 6, 9)),
        "cluedo": (21, (6, 6, 9)),
        "clue-2016": (21, (6, 6, 9)),
        "master-detective": (30, (10, 8, 12)),
        "lost-in-vegas": (21, (6, 6, 9)),
    }


@pytest.mark.parametrize("name", ["classic", "Clue", "US", "md", "Master-Detective", "uk", "vegas", "2016"])
def test_lookup_by_id_or_alias(name: str) -> None:
    assert variants.get(name).id in variants.BUILT_IN


def test_unknown_variant_suggests_close_ids() -> None:
    with pytest.raises(UnknownNameError) as err:
        variants.get("clasic")
    assert "classic" in err.value.problems()[0].choices


@pytest.mark.parametrize(
    "text, card",
    [
        ("Mustard", "Colonel Mustard"),
        ("col. mustard", "Colonel Mustard"),
        ("Colonel Mustard", "Colonel Mustard"),
        ("pea", "Mrs. Peacock"),
        ("the Lead Pipe", "Lead Pipe"),
        ("LEAD-PIPE", "Lead Pipe"),
        ("Dagger", "Knife"),
        ("pistoda", "Knife"),
        ("salong", "Lounge"),
        ("Spanner", "Wrench"),
        ("billiard", "Billiard Room"),
        ("Scarlett", "Miss Scarlet"),
    ],
)
def test_classic_card_matching(text: str, card: str) -> None:
    assert variants.get("classic").match_card(text) == card


def test_ambiguous_and_unknown_cards_name_candidates() -> None:
    classic = variants.get("classic")
    with pytest.raises(UnknownNameError) as err:
        classic.match_card("Mrs")
    assert err.value.problems()[0].choices == ("Mrs. Peacock", "Mrs. White")
    with pytest.raises(UnknownNameError) as err:
        classic.match_card("Kitchn")
    assert err.value.problems()[0].choices[0] == "Kitchen"


def test_cluedo_renames_with_us_names_as_aliases() -> None:
    uk = variants.get("cluedo")
    assert "Miss Scarlett" in uk.card_names and "Dagger" in uk.card_names and "Lead Piping" in uk.card_names
    assert uk.match_card("knife") == "Dagger"
    assert uk.match_card("Rev Green") == "Reverend Green"


def test_clue_2016_has_dr_orchid_and_no_white() -> None:
    v = variants.get("clue-2016")
    assert "Dr. Orchid" in v.card_names and "Mrs. White" not in v.card_names
    assert v.match_card("orchid") == "Dr. Orchid"
    assert v.candidates("white") == ()


def test_lost_in_vegas_accents_and_provisional_names() -> None:
    v = variants.get("lost-in-vegas")
    assert v.match_card("frieda rose") == "Frieda Rosé"
    assert "Action 2" in v.provisional and "Breakdancing" not in v.provisional
    assert v.two_player_table == 4
    assert v.default_hands(2, 4) == (7, 7)


@pytest.mark.parametrize(
    "players, hands",
    [
        (3, (9, 9, 9)),
        (4, (7, 7, 7, 6)),
        (5, (6, 6, 5, 5, 5)),
        (6, (5, 5, 5, 4, 4, 4)),
        (7, (4, 4, 4, 4, 4, 4, 3)),
        (8, (4, 4, 4, 3, 3, 3, 3, 3)),
        (10, (3, 3, 3, 3, 3, 3, 3, 2, 2, 2)),
    ],
)
def test_master_detective_hands_match_the_reference(players: int, hands: tuple[int, ...]) -> None:
    assert variants.get("master-detective").default_hands(players) == hands


def test_user_variant_extends_and_renames(tmp_path: Path) -> None:
    f = tmp_path / "box.toml"
    f.write_text(
        'extends = "lost-in-vegas"\nid = "our-box"\n[rename]\n"Action 2" = "Karaoke"\n"Location 5" = "Pool"\n'
        '[card_aliases]\n"Karaoke" = ["laulmine"]\n',
        encoding="utf-8",
    )
    v = variants.get(str(f))
    assert v.id == "our-box"
    assert v.match_card("laulmine") == "Karaoke"
    assert v.match_card("Action 2") == "Karaoke"
    assert "Karaoke" not in v.provisional and "Action 3" in v.provisional
    assert v.category_of("Pool") == "location"


def test_user_variant_errors_are_all_reported(tmp_path: Path) -> None:
    f = tmp_path / "bad.toml"
    f.write_text('extends = "classic"\n[rename]\n"Mustart" = "X"\n"Nope" = "Y"\n', encoding="utf-8")
    with pytest.raises(InputError) as err:
        variants.get(str(f))
    problems = err.value.problems()
    assert [p.text for p in problems] == ["Mustart", "Nope"]
    assert problems[0].choices[0] == "Colonel Mustard"


def test_full_user_variant(tmp_path: Path) -> None:
    f = tmp_path / "tiny.toml"
    f.write_text(
        'id = "tiny"\nname = "Tiny"\n[[category]]\nid = "who"\ncards = ["A", "B"]\n'
        '[[category]]\nid = "what"\ncards = ["X", { name = "Y", aliases = ["why"] }]\n',
        encoding="utf-8",
    )
    v = variants.load_file(f)
    assert v.card_names == ("A", "B", "X", "Y") and v.match_card("why") == "Y"
