"""Search: FTS5 ranking, stopwords, phrases, plurals, typos, game filters, highlights."""

from __future__ import annotations

import pytest

from rulesref.book import books, parse_book, parse_translation, translations
from rulesref.core.errors import InputError, UnknownNameError
from rulesref.search import RuleIndex, SearchSettings, marked_text, plain, search, words

TINY = """
game = "tiny"
title = "Tiny Game"
aliases = ["tg"]

[[section]]
id = "bridges"
title = "Bridges"
keywords = ["crossing"]
text = "Pay one coin to cross the river."

[[section]]
id = "river"
title = "The river"
text = "Boats float. A bridge is mentioned here once, and the river twice: river."

[[section]]
id = "all-in"
title = "Going all in"
keywords = ["all in"]
text = "Bet everything you have."
"""


@pytest.fixture(scope="module")
def tiny() -> RuleIndex:
    return RuleIndex({"tiny": parse_book(TINY, "tiny.toml")})


def ids(result) -> list[str]:  # type: ignore[no-untyped-def]
    return [h.section.full_id for h in result.hits]


def test_title_counts_more_than_body(tiny: RuleIndex) -> None:
    assert ids(tiny.search("bridge"))[:2] == ["tiny/bridges", "tiny/river"]


def test_plural_and_singular_match(tiny: RuleIndex) -> None:
    assert ids(tiny.search("bridges"))[0] == ids(tiny.search("bridge"))[0] == "tiny/bridges"


def test_typo_is_corrected_against_the_vocabulary(tiny: RuleIndex) -> None:
    r = tiny.search("how do I crsos the rivr")
    assert ("rivr", "river") in r.corrections
    assert ids(r)[0] in {"tiny/bridges", "tiny/river"}


def test_unknown_words_are_reported_not_searched(tiny: RuleIndex) -> None:
    r = tiny.search("river xylophonequartet")
    assert r.unknown == ("xylophonequartet",) and ids(r)[0] == "tiny/river"


def test_conversational_words_are_dropped(tiny: RuleIndex) -> None:
    terms, _, _ = tiny.analyse("can I please cross the river with you")
    assert terms == ["cross", "river"]


def test_keyword_phrase_made_of_common_words_is_kept(tiny: RuleIndex) -> None:
    terms, _, _ = tiny.analyse("can I go all in now")
    assert "go all in" in terms  # a run of the title "Going all in", which holds the keyword
    assert ids(tiny.search("can I go all in now"))[0] == "tiny/all-in"


def test_only_common_words_is_an_input_error(tiny: RuleIndex) -> None:
    with pytest.raises(InputError, match="nothing to search for"):
        tiny.search("can I do it with you")


def test_limit_and_bad_limit(tiny: RuleIndex) -> None:
    assert len(tiny.search("river bridge", limit=1).hits) == 1
    with pytest.raises(InputError):
        tiny.search("river", limit=0)


def test_highlights_mark_matched_words(tiny: RuleIndex) -> None:
    hit = tiny.search("river boats").hits[0]
    assert marked_text(hit.title) == "The **river**"
    assert "**river**" in marked_text(hit.snippet)
    assert marked_text(hit.snippet, "<", ">") == (
        "<Boats> float. A bridge is mentioned here once, and the <river> twice: <river>."
    )


def test_words_and_plain() -> None:
    assert words("Don't ROLL 2 dice!") == ["dont", "roll", "2", "dice"]
    md = "# Head\n\n| a | b |\n|---|---|\n| **x** | y |\n\n- item *one*"
    assert plain(md) == "Head a · b x · y item one"


# --- the shipped books --------------------------------------------------------------


def test_numbers_match_their_words() -> None:
    assert ids(search("2 player game", game="liv"))[0] == "clue-lost-in-vegas/two-player"


def test_game_filter_by_alias() -> None:
    r = search("show a card", game="cluedo", limit=5)
    assert r.game == "clue" and all(i.startswith("clue/") for i in ids(r))


def test_unknown_game_filter() -> None:
    with pytest.raises(UnknownNameError) as info:
        search("card", game="cleu")
    assert "clue" in info.value.problems()[0].choices


def test_game_named_in_the_question_filters() -> None:
    r = search("what happens when I am eliminated in lost in vegas")
    assert r.game_from_query and r.game == "clue-lost-in-vegas"
    assert ids(r)[0] == "clue-lost-in-vegas/out-of-the-game"
    assert "vegas" not in r.terms and "lost" not in r.terms


def test_two_games_named_means_no_filter() -> None:
    r = search("is a bet in lost in vegas a suggestion in cluedo")
    assert not r.game_from_query and r.game is None


def test_only_a_game_name_points_to_show() -> None:
    with pytest.raises(InputError, match="rules show clue-lost-in-vegas"):
        search("lost in vegas")


def test_a_question_naming_a_game_with_only_unknown_words_gets_its_opening_sections() -> None:
    r = search("mida lost in vegases blorptik", limit=2)
    assert r.unknown == ("blorptik",) and r.terms == () and r.game == "clue-lost-in-vegas"
    assert ids(r) == ["clue-lost-in-vegas/object", "clue-lost-in-vegas/components"]
    assert [h.score for h in r.hits] == [0.0, 0.0]
    assert ids(search("mis on lords of vegas", limit=1)) == ["lords-of-vegas/components"]  # only question words
    with pytest.raises(InputError, match="no word of it is in the rule book of clue"):
        search("blorptik", game="clue")  # the game chosen by -g, not named: still said so


def test_secret_passage_typo_example() -> None:
    r = search("secret pasage", game="clue")
    assert r.corrections == (("pasage", "passage"),)
    assert ids(r)[0] == "clue/secret-passages"


def test_short_words_are_not_guessed_and_irregular_verbs_join(tiny: RuleIndex) -> None:
    r = tiny.search("ran over the river")
    assert r.corrections == () and "ran" in r.terms
    assert tiny.search("rvr river").unknown == ("rvr",)


def test_search_is_the_same_from_a_cached_state(tiny: RuleIndex) -> None:
    again = RuleIndex.from_state(tiny.books, tiny.state())
    for q in ("bridge", "all in", "crsos rivr"):
        assert again.search(q) == tiny.search(q)


def test_bare_clue_names_the_classic_game() -> None:
    r = search("how do I set up clue")
    assert r.game_from_query and r.game == "clue"
    assert ids(r)[0] == "clue/setup"


def test_game_name_that_is_also_a_keyword_of_that_game_is_searched() -> None:
    r = search("what is different in cluedo")
    assert r.game == "clue" and "cluedo" in r.terms
    assert ids(r)[0] == "clue/cluedo"
    # "Lost in Vegas" is a keyword of clue/editions, but it names the other game
    assert "lost" not in search("who are the characters in lost in vegas").terms


# --- languages, synonyms, filler words, several games (issue 16) ----------------------


def test_estonian_question_finds_who_starts() -> None:
    r = search("kes alustab mängu", game="clue")
    assert ids(r)[0] == "clue/turn-order" and r.corrections == ()


def test_an_estonian_word_is_not_corrected_into_english() -> None:
    r = search("vale süüdistus", game="clue")
    assert r.corrections == () and "value" not in r.terms
    assert ids(r)[0] in {"clue/accusations", "clue/eliminated-players"}
    assert search("mis juhtub kui suudistus on vale", game="clue").corrections == ()  # no diacritics typed


def test_estonian_typo_is_corrected_towards_estonian() -> None:
    assert search("kes alustb", game="clue").corrections == ()  # the stem already matches
    r = search("kus on salakäok", game="clue")
    assert r.corrections == (("salakäok", "salakäik"),) and ids(r)[0] == "clue/secret-passages"


def test_typos_are_corrected_only_towards_the_game_searched() -> None:
    assert search("sprwal", game="lords").corrections == (("sprwal", "sprawl"),)
    with pytest.raises(InputError, match="no word of it is in the rule book of clue"):
        search("sprwal", game="clue")  # "sprawl" is a Lords of Vegas word


def test_a_real_word_is_not_taken_for_a_different_one() -> None:
    assert ("steal", "teal") not in search("reroll to steal a casino", game="lords").corrections
    assert ("dragged", "dagger") not in search("my pawn got dragged into the library", game="clue").corrections


@pytest.mark.parametrize(
    ("query", "game", "expected"),
    [
        ("who gets paid first", "las-vegas", "las-vegas/payout"),
        ("what if nobody won the money", "las-vegas", "las-vegas/leftovers"),
        ("unclaimed notes", "las-vegas", "las-vegas/leftovers"),
        ("what goes in the key sleeve", "clue", "clue/setup"),
        ("what goes in the envelope", "liv", "clue-lost-in-vegas/setup"),
        ("can i bet a room i am not in", "clue", "clue/suggestions"),
        ("when can i make my final bet", "clue", "clue/accusations"),
        ("max bet", "lords", "lords-of-vegas/gamble"),
    ],
)
def test_synonyms_players_use(query: str, game: str, expected: str) -> None:
    assert expected in ids(search(query, game=game))


def test_a_word_in_most_sections_of_a_game_weighs_little() -> None:
    filler = "\n".join(
        f'[[section]]\nid = "s{i}"\ntitle = "Part {i}"\ntext = "The card goes here, card after card."\n'
        for i in range(6)
    )
    text = (
        f'game = "f"\ntitle = "F"\n{filler}\n[[section]]\nid = "rare"\ntitle = "Other"\ntext = "A tram and a card."\n'
    )
    index = RuleIndex({"f": parse_book(text, "f.toml")})
    assert ids(index.search("card tram"))[0] == "f/rare"


def test_several_games_give_the_best_section_of_each() -> None:
    r = search("what happens on a tie")
    assert r.per_game and r.game is None
    games = [h.section.game for h in r.hits]
    assert len(games) == len(set(games)) == 3


def test_one_game_leading_clearly_is_shown_alone() -> None:
    r = search("secret passage from the kitchen")
    assert not r.per_game and {h.section.game for h in r.hits} == {"clue"}


def test_estonian_case_ending_on_a_game_name() -> None:
    r = search("kes võidab las vegases")
    assert r.game == "las-vegas" and r.game_from_query
    assert ids(r)[0] == "las-vegas/end"


def test_a_very_long_question_is_refused_quickly() -> None:
    with pytest.raises(InputError, match="longer than 500 characters"):
        search("secret passage " * 1000)


def test_searches_from_several_threads_agree() -> None:
    from concurrent.futures import ThreadPoolExecutor

    questions = ["secret passage", "kes alustab mängu", "sprawl cost", "what happens on a tie", "key sleeve"] * 20
    alone = {q: ids(search(q)) for q in set(questions)}
    with ThreadPoolExecutor(6) as pool:
        together = list(pool.map(lambda q: (q, ids(search(q))), questions))
    assert all(alone[q] == got for q, got in together)


# -- Estonian ------------------------------------------------------------------------------

TINY_ET = """
game = "tiny"
lang = "et"
title = "Pisimäng"

[[section]]
id = "bridges"
title = "Sillad"
text = "Jõe ületamiseks maksa üks münt."

[[section]]
id = "river"
title = "Jõgi"
text = "Paadid ujuvad. Silda mainitakse siin korra, jõge kaks korda: jõgi."

[[section]]
id = "all-in"
title = "Kõik mängu"
text = "Panusta kõik, mis sul on."
"""


@pytest.fixture(scope="module")
def tiny_et() -> RuleIndex:
    english = {"tiny": parse_book(TINY, "tiny.toml")}
    return RuleIndex(english, estonian={"tiny": parse_translation(TINY_ET, "et/tiny.toml", english)})


def test_an_estonian_question_matches_the_estonian_text_and_shows_it(tiny_et: RuleIndex) -> None:
    r = tiny_et.search("kas paadid ujuvad jões")
    assert r.lang == "et" and ids(r)[0] == "tiny/river"
    hit = r.hits[0]
    assert hit.section.title == "Jõgi" and hit.section.lang == "et"
    assert "**Paadid** **ujuvad**" in marked_text(hit.snippet)
    english = tiny_et.search("kas paadid ujuvad jões", lang="en")
    assert english.lang == "en" and english.hits[0].section.title == "The river"
    assert ids(tiny_et.search("kuidas jõge ületada"))[0] == "tiny/bridges"  # "jõe ületamiseks"


def test_an_english_question_stays_english_beside_a_translation(tiny_et: RuleIndex, tiny: RuleIndex) -> None:
    r = tiny_et.search("bridge")
    assert r.lang == "en" and [(h.section.full_id, h.score) for h in r.hits] == [
        (h.section.full_id, h.score) for h in tiny.search("bridge").hits
    ]
    assert tiny_et.search("bridge", lang="et").hits[0].section.title == "Sillad"


def test_estonian_words_the_book_lacks_are_read_through_the_glossary() -> None:
    r = search("mitu raundi Las Vegas kestab")
    assert r.game == "las-vegas" and ids(r)[0] in {"las-vegas/end", "las-vegas/base"}
    r = search("tänava pikima paaris- või paaritute kasiinode seeria")
    assert ids(r)[0] == "welcome-to-new-las-vegas/street-scoring"


def test_a_compound_is_searched_by_its_parts() -> None:
    r = search("tänavaseeria punktid", game="welcome")
    assert {"tänav", "seeria"} <= set(r.terms) and ids(r)[0] == "welcome-to-new-las-vegas/street-scoring"


def test_estonian_phrases_of_the_glossary() -> None:
    r = search("suur täring", game="las-vegas")
    assert "suur täring" in r.terms and ids(r)[0] == "las-vegas/big-die"


def test_a_word_with_estonian_letters_is_never_english() -> None:
    r = search("üks kaart rohkem", game="clue")
    assert ids(r)[0] != "clue/cluedo"  # "üks" is not "uks", which stems to "uk"


def test_english_words_the_estonian_text_quotes_stay_english() -> None:
    # "accusation" and the English card names appear in the Estonian book; a typo of an
    # English word must still be corrected into English
    r = search("my accusaton was wrong, am i out", game="clue")
    assert r.corrections == (("accusaton", "accusation"),) and r.lang == "en"


def test_a_genitive_chain_is_read_as_one_english_run() -> None:
    # mängu lõpu kaart: the card of the end of the game, "end of game card", a whole keyword
    # of the end; the pair "lõpu kaart" (end card) inside it is not counted again
    r = search("mängu lõpu kaart lords of vegases")
    assert "mängu lõpu kaart" in r.terms and "lõpu kaart" not in r.terms
    assert ids(r)[0] == "lords-of-vegas/end"


def test_a_run_only_part_of_a_longer_keyword_counts_less() -> None:
    # "showing a photo" is the title of showing-photos, "keep showing photos" a part of a
    # keyword of out-of-the-game
    assert ids(search("kellele fotot näidatakse", game="clue-lost-in-vegas"))[0] == "clue-lost-in-vegas/showing-photos"


def test_a_question_word_and_a_verb_make_a_whole_estonian_keyword() -> None:
    r = search("kes mängu alustab lost in vegases")
    assert "kes alustab" in r.terms and ids(r)[0] == "clue-lost-in-vegas/turn"
    assert "mitu kaarti" not in search("mitu kaarti ümbrikus on", game="clue").terms  # a noun says too little


def test_an_estonian_question_prefers_sections_holding_more_of_its_words() -> None:
    # "kahe täringuga" (two dice) is a keyword of the components; movement holds every word
    r = search("kahe täringuga liikumine lost in vegases")
    assert ids(r)[0] == "clue-lost-in-vegas/movement"
    english = RuleIndex(books(), estonian=translations("et"), settings=SearchSettings(coverage_power=0.0))
    assert ids(english.search("two dice moving", game="clue-lost-in-vegas")) == ids(
        search("two dice moving", game="clue-lost-in-vegas")
    )  # English questions are ranked without it


def test_a_particle_verb_is_read_in_either_order_and_a_word_said_twice_counts_once() -> None:
    r = search("lillad plaadid said otsa, kas saab veel lillat ehitada", game="lords")
    assert "said otsa" in r.terms  # otsa saama: run out
    assert "lillad" in r.terms and "lillat" not in r.terms
    assert ids(r)[0] == "lords-of-vegas/components"
