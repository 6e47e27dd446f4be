"""Statements in Estonian (docs/clue-log-format.md, "In Estonian"): the rulebook's words read to
the same events as the canonical English statements, inflected card and player names
included; whole simulated games said in Estonian read back to the same log; the writer stays
English; problems are told in the language spoken."""

from __future__ import annotations

import random
import re
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cluesolver.clue import variants
from cluesolver.clue.record.events import Accusation, Event, GameLog, Header, Suggestion
from cluesolver.clue.record.reader import parse_log
from cluesolver.clue.record.simulate import random_log
from cluesolver.clue.record.writer import format_event, format_log, say_event
from rulesref.core import i18n
from rulesref.core.errors import InputError
from tests.helpers import ROOT

HEAD = "game: classic\nplayers: Ann, Ben, Cat, Dan\nme: Ann\nmy cards: Miss Scarlet, Rope, Kitchen, Hall, Study\n\n"
VEGAS = "game: lost-in-vegas\nplayers: Ann, Ben\nme: Ann\nmy cards: {cards}\ntable: Jail, Hospital, Pool, Spa\n\n"


def event(statement: str, head: str = HEAD) -> Event:
    (only,) = parse_log(head + statement + "\n", "ilt.clue").events
    return only


def problems(statement: str, head: str = HEAD) -> list[str]:
    with pytest.raises(InputError) as err:
        parse_log(head + statement + "\n", "ilt.clue")
    return [p.format() for p in err.value.problems()]


def _doc_rows() -> list[tuple[str, str]]:
    text = (ROOT / "docs" / "clue-log-format.md").read_text(encoding="utf-8")
    section = text.split("## In Estonian", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"^\| `([^`]+)` \| `([^`]+)` \|$", section, flags=re.MULTILINE)


DOC_ROWS = _doc_rows()


def test_the_documented_table_is_read() -> None:
    assert len(DOC_ROWS) >= 15


@pytest.mark.parametrize(("typed", "canonical"), DOC_ROWS)
def test_every_documented_estonian_statement_reads_as_its_canonical_statement(typed: str, canonical: str) -> None:
    assert event(typed) == event(canonical)


@pytest.mark.parametrize(
    ("typed", "canonical"),
    [
        ("Ben kahtlustas Plum, köis, raamatukogu; Cat ei saa näidata; Dan näitas", None),
        ("Ben teeb ettepaneku: Plum, köis ja raamatukogu; Cat ei lükka ümber; Dan lükkab ümber", None),
        ("ben TEEB ETTEPANEKU: plum, KÖIS, Raamatukogu; cat ei näita; dan näitab", None),
        ("Ben teeb ettepaneku: Plum, koiega, raamatukogus; Cat ei naita; Dan naitab", "accents left out"),
    ],
)
def test_synonyms_case_and_a_keyboard_without_accents(typed: str, canonical: str | None) -> None:
    expected = event("Ben suggests Plum, Rope, Library; Cat passes; Dan shows")
    if canonical == "accents left out":  # the verbs need their letters; the cards are folded
        typed = typed.replace("naita", "näita").replace("naitab", "näitab")
    assert event(typed) == expected


@pytest.mark.parametrize(
    ("said", "card"),
    [
        ("köit", "Rope"),
        ("köiega", "Rope"),
        ("küünlajalaga", "Candlestick"),
        ("pistodat", "Knife"),
        ("pliitoruga", "Lead Pipe"),
        ("revolvriga", "Revolver"),
        ("mutrivõtmega", "Wrench"),
        ("kööki", "Kitchen"),
        ("köögis", "Kitchen"),
        ("ballisaalis", "Ballroom"),
        ("talveaias", "Conservatory"),
        ("söögitoas", "Dining Room"),
        ("piljarditoas", "Billiard Room"),
        ("raamatukogus", "Library"),
        ("salongis", "Lounge"),
        ("eeskojas", "Hall"),
        ("kabinetist", "Study"),
    ],
)
def test_an_inflected_estonian_card_name_is_its_card(said: str, card: str) -> None:
    assert variants.get("classic").inflected(said) == (card,)


@pytest.mark.parametrize("english", ["Knifes", "Ropes", "Halls", "Kitchn", "Studies", "Plumm"])
def test_english_words_are_never_read_as_inflected_estonian(english: str) -> None:
    assert variants.get("classic").inflected(english) == ()


@pytest.mark.parametrize(
    ("typed", "canonical"),
    [
        ("Cat näitab Annile Professor Plumi", "Cat shows Ann Professor Plum"),
        ("Cat näitab mulle Mrs. Peacocki", "Cat shows Ann Mrs. Peacock"),
        ("Cat näitab Annile Greeni", "Cat shows Ann Mr. Green"),
        (
            "Ben teeb ettepaneku: White'iga raamatukogus köiega; Cat näitab",
            "Ben suggests White, Library, Rope; Cat shows",
        ),
        ("Benil pole ühtegi neist: Plumi, Mustardit", "Ben has none of Plum, Mustard"),
    ],
)
def test_a_suspect_keeps_its_english_name_and_takes_an_estonian_case_ending(typed: str, canonical: str) -> None:
    assert event(typed) == replace(event(canonical), line=event(typed).line)


def test_an_english_statement_never_reads_a_case_ending_off_a_suspect() -> None:
    assert any("unknown card: 'Plumi'" in p for p in problems("Cat shows Ann Plumi"))


def test_cluedo_and_master_detective_read_the_estonian_names_of_their_cards() -> None:
    cluedo = variants.get("cluedo")
    assert cluedo.match_card("Pistoda") == "Dagger" and cluedo.inflected("pistodaga") == ("Dagger",)
    assert variants.get("master-detective").inflected("mürgiga") == ("Poison",)


def test_an_inflected_player_name() -> None:
    for said in ("Benil on köis", "Beni käes on köis", "Ben'il on köis", "mängijal Ben on köis"):
        assert event(said.replace("köis", "pistoda")) == event("Ben has Knife"), said
    mart = "game: classic\nplayers: Ann, Mart, Cat\n\n"
    assert event("Mardil on pistoda", mart) == event("Mart has Knife", mart)  # gradation: Mart, Mardi


def test_shown_to_someone_else_than_the_suggester_is_refused() -> None:
    said = problems("Dan teeb ettepaneku: Green, mutrivõti, kabinet; Ann näitab Catile mutrivõtit")
    assert said == [
        "ilt.clue:6:49: Ann showed the card to Dan, who suggested, not to Cat: write 'Ann shows': "
        "'Ann näitab Catile mutrivõtit'"
    ]


def test_lost_in_vegas_bets_all_ins_and_table_cards() -> None:
    log = parse_log(
        VEGAS.format(cards="Oliver Gold, Jack Violet, Breakdancing, Action 2, Jail, Hospital, Magic Show")
        + "Ann vaatab lauakaarti Pool: Nathan Jade\n"
        + "Ben panustab: Gold, breakdance, Jail; Ann näitab\n"
        + "Ben paneb kõik mängu: Cobalt, Action 3, Location 5; vale\n"
        + "ring\n"
    )
    assert [format_event(e, log) for e in log.events] == [
        "Ann looks at Pool card: Nathan Jade",
        "Ben suggests Oliver Gold, Breakdancing, Jail; Ann shows",
        "Ben accuses Chloe Cobalt, Action 3, Location 5; wrong",
        "round",
    ]


def test_estonian_header_keys() -> None:
    log = parse_log(
        "mäng: classic\nmängijad: Ann, Ben, Cat\nmina: Ann\nminu kaardid: köis, pistoda, köök, salong, eeskoda, kabinet\n\nBen teeb ettepaneku: Plum, köis, raamatukogu; Cat ei näita; Ann näitab kaarti Köis\n"
    )
    assert log.header.me == "Ann" and log.header.my_cards == ("Rope", "Knife", "Kitchen", "Lounge", "Hall", "Study")
    assert format_log(log).startswith("game: classic\nplayers: Ann, Ben, Cat\nme: Ann\n")


def test_problems_are_told_in_the_language_spoken() -> None:
    bad = "Ben teeb ettepaneku: Plum, köis; Kat näitab"
    english = problems(bad)
    assert english == [
        "ilt.clue:6:22: name one card of each category (suspect, weapon, room): no room: 'Plum, köis'",
        "ilt.clue:6:34: an answer starts with a player's name (Ann, Ben, Cat, Dan): 'Kat' (did you mean: Cat?)",
    ]
    with i18n.speaking("et"):
        estonian = problems(bad)
    assert estonian == [
        "ilt.clue:6:22: nimeta igast kategooriast üks kaart (kahtlusalune, relv, tuba): puudub tuba: 'Plum, köis'",
        "ilt.clue:6:34: vastus algab mängija nimega (Ann, Ben, Cat, Dan): 'Kat' (kas mõtlesid: Cat?)",
    ]
    with i18n.speaking("et"):
        unknown = problems("Ben teeb ettepaneku: Plum, kirves, raamatukogu; Cat näitab")
    assert unknown == ["ilt.clue:6:28: tundmatu kaart: 'kirves' (kas mõtlesid: Köis?)"]  # the choice in Estonian


# ----------------------------------------------------------------------------- whole games said in Estonian

NAMES = ("Ann", "Ben", "Cat", "Dan", "Eve", "Mart")
#: How the table may say each classic card in a sentence: its Estonian name in a few cases.
FORMS = {
    "Candlestick": ("küünlajalg", "küünlajalga", "küünlajalaga"),
    "Knife": ("pistoda", "pistodat", "pistodaga"),
    "Lead Pipe": ("pliitoru", "pliitorut", "pliitoruga"),
    "Revolver": ("revolver", "revolvrit", "revolvriga"),
    "Rope": ("köis", "köit", "köiega"),
    "Wrench": ("mutrivõti", "mutrivõtit", "mutrivõtmega"),
    "Kitchen": ("köök", "kööki", "köögis"),
    "Ballroom": ("ballisaal", "ballisaali", "ballisaalis"),
    "Conservatory": ("talveaed", "talveaeda", "talveaias"),
    "Dining Room": ("söögituba", "söögituba", "söögitoas"),
    "Billiard Room": ("piljardituba", "piljardituba", "piljarditoas"),
    "Library": ("raamatukogu", "raamatukogu", "raamatukogus"),
    "Lounge": ("salong", "salongi", "salongis"),
    "Hall": ("eeskoda", "eeskoda", "eeskojas"),
    "Study": ("kabinet", "kabinetti", "kabinetis"),
}


def _card(card: str, rng: random.Random) -> str:
    forms = FORMS.get(card)
    return rng.choice((card, *forms)) if forms else card  # suspects keep their (English) names


def _player(name: str, ending: str, rng: random.Random) -> str:
    """``Dan`` with a case ending (``Danile``), or uninflected after 'mängija'."""
    if name == "Mart":
        return {"le": "Mardile", "l": "Mardil"}[ending] if rng.random() < 0.5 else f"mängija{ending} Mart"
    return f"{name}i{ending}" if rng.random() < 0.7 else f"mängija{ending} {name}"


def said_in_estonian(e: Event, log: GameLog, rng: random.Random) -> str:
    """A statement as an Estonian table might say ``e``: synonyms, tenses, inflected names."""
    if isinstance(e, Suggestion):
        verb = rng.choice(("teeb ettepaneku:", "tegi ettepaneku", "kahtlustab:", "teeb ettepaneku"))
        cards = ", ".join(_card(c, rng) for c in e.cards)
        text = f"{e.suggester} {verb} {cards}"
        others = len(log.players) - 1
        if len(e.replies) == others and all(r.passes for r in e.replies):
            return text + "; " + rng.choice(("keegi ei näita", "keegi ei näidanud", "mitte keegi", "kõik passivad"))
        for r in e.replies:
            sep = rng.choice(("; ", ", ")) if r is not e.replies[0] else "; "
            if r.passes:
                text += f"{sep}{r.player} " + rng.choice(("ei näita", "ei näidanud", "passib", "ei saa näidata"))
            elif r.card is None:
                text += f"{sep}{r.player} " + rng.choice(("näitab", "näitas", "lükkab ümber"))
            else:
                to = rng.choice(
                    ("", "mulle " if e.suggester == log.header.me else "", _player(e.suggester, "le", rng) + " ")
                )
                card = rng.choice((_card(r.card, rng), f"kaarti {log.variant.display_name(r.card, 'et')}"))
                text += f"{sep}{r.player} {rng.choice(('näitab', 'näitas'))} {to}{card}"
        return text
    if isinstance(e, Accusation):
        verb = rng.choice(("süüdistab:", "süüdistas", "esitab süüdistuse:"))
        result = rng.choice(("õige", "õigesti", "jah")) if e.correct else rng.choice(("vale", "valesti", "eksis"))
        return f"{e.accuser} {verb} {', '.join(_card(c, rng) for c in e.cards)}; {result}"
    raise AssertionError(e)


def _named(log: GameLog) -> GameLog:
    """The simulated log with table names instead of P1, P2, ..."""
    rename = dict(zip(log.players, NAMES, strict=False))

    def r(e: Event) -> Event:
        if isinstance(e, Suggestion):
            replies = tuple(replace(x, player=rename[x.player]) for x in e.replies)
            return replace(e, suggester=rename[e.suggester], replies=replies)
        assert isinstance(e, Accusation)
        return replace(e, accuser=rename[e.accuser])

    h = log.header
    header = Header(h.game, tuple(rename[p] for p in h.players), rename.get(h.me or ""), h.hands, h.my_cards)
    return GameLog(header, log.variant, tuple(map(r, log.events)))


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10**9), players=st.integers(3, 6), spectator=st.booleans())
def test_a_simulated_game_said_in_estonian_reads_to_the_same_log(seed: int, players: int, spectator: bool) -> None:
    rng = random.Random(seed)
    log, _deal = random_log(variants.get("classic"), players, 14, rng, spectator=spectator)
    log = _named(log)
    head = format_log(replace(log, events=()))
    said = [said_in_estonian(e, log, rng) for e in log.events]
    back = parse_log(head + "".join(s + "\n" for s in said))
    assert back.events == log.events, said
    assert format_log(back) == format_log(log)  # the writer stays English


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 10**9), players=st.integers(3, 6))
def test_what_the_table_echoes_in_estonian_reads_back_to_the_event(seed: int, players: int) -> None:
    log, _deal = random_log(variants.get("classic"), players, 10, random.Random(seed))
    log = _named(log)
    with i18n.speaking("et"):
        said = [say_event(e, log) for e in log.events]
    head = format_log(replace(log, events=()))
    assert parse_log(head + "".join(s + "\n" for s in said)).events == log.events
    with i18n.speaking("en"):
        assert [say_event(e, log) for e in log.events] == [format_event(e, log) for e in log.events]
