"""Recording by taps in a real browser (chromium, 390x844): whole games tapped give the same
``replay --json`` as their typed logs; the tap count of a plain suggestion; a half-entered
statement survives a reload and a new tab; fixing past lines from the page's log.

The browser, the server and the helpers are tests/web/test_browser.py's.
"""

from __future__ import annotations

import random
import shutil
import time
from pathlib import Path

from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webdriver import WebDriver

from cluesolver.clue import variants
from cluesolver.clue.record.events import (
    Accusation,
    Event,
    GameLog,
    Holds,
    HoldsNone,
    LooksAt,
    RoundEnd,
    Shown,
    Suggestion,
)
from cluesolver.clue.record.reader import parse_log
from cluesolver.clue.record.simulate import random_log
from cluesolver.clue.record.turns import to_move
from cluesolver.clue.record.writer import format_header, format_log
from tests.web import test_browser as shared
from tests.web.test_browser import EXAMPLES, Site, replay_json, text_of, wait_for

browser = shared.browser  # the module's chromium and a server per test, as test_browser.py has them
site = shared.site

PHONE = (390, 844)
#: A Lost in Vegas table with every event the pad offers besides bets: shown to me, a card
#: seen, none of, a card passed between two others, the clock's round, an all-in.
VEGAS_EVENTS = """\
game: lost-in-vegas
players: Zoe, Max, Ivy, Leo
me: Ivy
my cards: Action 6, Helicopter Landing, Location 8, Location 9

Zoe bets Frieda Rosé, Action 4, Magic Show; Max shows
Max bets Jack Violet, Breakdancing, Hospital; Ivy passes; Leo shows
Ivy bets Chloe Cobalt, Breakdancing, Hospital; Leo shows Breakdancing
Max shows Ivy Jack Violet
Leo has Hospital
Zoe has none of Jail, Action 2
Max shows Leo a card from Oliver Gold, Action 3
Leo bets Frieda Rosé, Action 4, Hospital; Zoe passes; Max passes; Ivy passes
round
Zoe goes all in Oliver Gold, Action 2, Location 5; wrong
Max bets Nathan Jade, Action 5, Jail; Ivy passes
"""


def q(value: str) -> str:
    """A value inside a CSS attribute selector's double quotes."""
    return value.replace("\\", "\\\\").replace('"', '\\"')


class Tapper:
    """Taps the pad the way a player would, counting the taps."""

    def __init__(self, driver: WebDriver) -> None:
        self.driver = driver
        self.taps = 0

    def tap(self, css: str) -> None:
        self.driver.find_element(By.CSS_SELECTOR, css).click()
        self.taps += 1

    def ensure(self, css: str) -> None:
        """Tap ``css`` unless it is already pressed (a preset)."""
        if self.driver.find_element(By.CSS_SELECTOR, css).get_attribute("aria-pressed") != "true":
            self.tap(css)

    def event(self, event: Event, log: GameLog) -> str:
        """Tap ``event`` in and record it; the statement the pad recorded."""
        kind, who, cards, viewer = _parts(event)
        self.ensure(f'#tap [data-kind="{kind}"]')
        if who is not None:
            self.ensure(f'#tap [data-player="{q(who)}"]')
        if viewer is not None:
            self.ensure(f'#tap [data-viewer="{q(viewer)}"]')
        if isinstance(event, LooksAt):
            self.ensure(f'#tap [data-slot="{q(event.slot)}"]')
        for card in cards:
            self.ensure(f'#tap button.card[data-card="{q(card)}"]')
        if isinstance(event, Suggestion):
            self._answers(event, log)
        if isinstance(event, Accusation):
            self.ensure(f'#tap [data-result="{"correct" if event.correct else "wrong"}"]')
        statement = text_of(self.driver, "#tap-text")
        self.tap("#tap-record")
        wait_for(self.driver, lambda d: f"Recorded: {statement}" in text_of(d, "#messages"))
        wait_for(self.driver, lambda d: not d.find_element(By.ID, "tap-body").is_displayed())
        return statement

    def _answers(self, event: Suggestion, log: GameLog) -> None:
        row = '#tap-answers [data-answer-player="{}"] '
        shower = next((r for r in event.replies if r.shows), None)
        if shower is not None:
            which = f'[data-card="{q(shower.card)}"]' if shower.card else ":not([data-card])"
            self.tap(row.format(q(shower.player)) + f'[data-answer="show"]{which}')
        elif len(event.replies) == len(log.players) - 1:
            self.tap("#tap-nobody")
        elif event.replies:
            self.tap(row.format(q(event.replies[-1].player)) + '[data-answer="pass"]')


def _parts(event: Event) -> tuple[str, str | None, tuple[str, ...], str | None]:
    """(kind, who, cards, viewer) of an event as the pad takes it."""
    if isinstance(event, Suggestion):
        return "suggest", event.suggester, event.cards, None
    if isinstance(event, Accusation):
        return "accuse", event.accuser, event.cards, None
    if isinstance(event, Shown):
        return "shown", event.shower, event.cards, event.viewer
    if isinstance(event, Holds):
        return "has", event.player, (event.card,), None
    if isinstance(event, HoldsNone):
        return "none", event.player, event.cards, None
    if isinstance(event, LooksAt):
        return "looks", event.player, (event.card,) if event.card else (), None
    assert isinstance(event, RoundEnd)
    return "round", None, (), None


def _start(browser: WebDriver, site: Site, log: GameLog) -> None:
    site.session.write_text("\n".join(format_header(log.header)) + "\n\n")
    browser.set_window_size(*PHONE)
    site.open(browser, "/clue")
    wait_for(browser, lambda d: d.find_element(By.ID, "tap-suggest"))


def _tap_whole_log(browser: WebDriver, site: Site, log: GameLog, typed: Path) -> list[int]:
    """Tap every event of ``log`` into the site's fresh session; the same replay as ``typed``.
    Returns the taps of each suggestion made by the player to move."""
    _start(browser, site, log)
    tapper = Tapper(browser)
    plain: list[int] = []
    for i, event in enumerate(log.events):
        before = tapper.taps
        tapper.event(event, log)
        moving = to_move(GameLog(log.header, log.variant, log.events[:i]))
        if isinstance(event, Suggestion) and event.suggester == moving:
            plain.append(tapper.taps - before)
    tapped = parse_log(site.session.read_text(), str(site.session), site.folder)
    assert tapped.events == log.events
    assert replay_json(site.session) == replay_json(typed)
    return plain


def test_a_whole_dealt_game_by_taps_replays_like_the_typed_log(browser: WebDriver, site: Site) -> None:
    log, _ = random_log(variants.get("classic"), 4, 18, random.Random(2024))
    assert any(isinstance(e, Accusation) for e in log.events) or len(log.events) == 18
    typed = site.folder / "typed.clue"
    typed.write_text(format_log(log))
    plain = _tap_whole_log(browser, site, log, typed)
    assert plain and max(plain) <= 8, plain  # a plain suggestion: at most 8 taps (6 here: the suggester is preset)
    assert max(plain) == 6


def test_a_master_detective_game_with_six_players_by_taps(browser: WebDriver, site: Site) -> None:
    log, _ = random_log(variants.get("master-detective"), 6, 8, random.Random(11))
    typed = site.folder / "typed.clue"
    typed.write_text(format_log(log))
    assert max(_tap_whole_log(browser, site, log, typed)) <= 8


def test_lost_in_vegas_bets_all_in_and_rounds_by_taps(browser: WebDriver, site: Site) -> None:
    typed = site.folder / "typed.clue"
    typed.write_text(VEGAS_EVENTS)
    log = parse_log(VEGAS_EVENTS, str(typed), site.folder)
    _start(browser, site, log)
    # the words of the edition's table
    assert browser.find_element(By.ID, "tap-suggest").text == "Bet"
    assert browser.find_element(By.ID, "tap-accuse").text == "All-in"
    assert browser.find_element(By.ID, "tap-round").text == "Round ends"
    tapper = Tapper(browser)
    said = [tapper.event(e, log) for e in log.events]
    assert said[0] == "Zoe bets Frieda Rosé, Action 4, Magic Show; Max shows"
    assert said[8] == "round"
    assert said[9] == "Zoe goes all in Oliver Gold, Action 2, Location 5; wrong"
    assert parse_log(site.session.read_text(), None, site.folder).events == log.events
    assert replay_json(site.session) == replay_json(typed)


def test_two_player_lost_in_vegas_looks_at_table_cards_by_taps(browser: WebDriver, site: Site) -> None:
    typed = site.folder / "typed.clue"
    shutil.copy(EXAMPLES / "live-vegas-2p.clue", typed)
    log = parse_log(typed.read_text(), str(typed), site.folder)
    _tap_whole_log(browser, site, log, typed)


def test_a_half_entered_statement_survives_a_reload_and_a_new_tab(browser: WebDriver, site: Site) -> None:
    browser.set_window_size(*PHONE)
    site.open(browser, "/clue")
    tapper = Tapper(browser)
    tapper.tap("#tap-suggest")
    assert text_of(browser, "#tap-text") == "Ann suggests …"  # the player to move is preset
    tapper.tap('#tap button.card[data-card="Mrs. Peacock"]')
    tapper.tap('#tap button.card[data-card="Rope"]')
    assert text_of(browser, "#tap-text") == "Ann suggests Mrs. Peacock, Rope …"

    def kept(d: WebDriver) -> bool:
        pressed = [b.text for b in d.find_elements(By.CSS_SELECTOR, '#tap button[aria-pressed="true"]')]
        return pressed == ["Suggest", "Ann (me)", "Mrs. Peacock", "Rope"]

    browser.refresh()
    wait_for(browser, kept)
    assert text_of(browser, "#tap-text") == "Ann suggests Mrs. Peacock, Rope …"
    first = browser.current_window_handle
    browser.switch_to.new_window("tab")
    site.open(browser, "/clue")
    wait_for(browser, kept)
    browser.close()
    browser.switch_to.window(first)
    # finished and recorded: the draft is gone
    tapper.tap('#tap button.card[data-card="Hall"]')
    tapper.tap('#tap-answers [data-answer-player="Cat"] [data-answer="show"][data-card="Rope"]')
    assert text_of(browser, "#tap-text") == "Ann suggests Mrs. Peacock, Rope, Hall; Cat shows Rope"
    tapper.tap("#tap-record")
    wait_for(
        browser, lambda d: "Recorded: Ann suggests Mrs. Peacock, Rope, Hall; Cat shows Rope" in text_of(d, "#messages")
    )
    browser.refresh()
    wait_for(browser, lambda d: d.find_element(By.ID, "tap-suggest"))
    time.sleep(0.2)
    assert not browser.find_element(By.ID, "tap-body").is_displayed()
    assert browser.find_elements(By.CSS_SELECTOR, '#tap button[aria-pressed="true"]') == []


def test_answers_follow_the_seats_and_a_show_ends_them(browser: WebDriver, site: Site) -> None:
    browser.set_window_size(*PHONE)
    site.open(browser, "/clue")
    tapper = Tapper(browser)
    tapper.tap("#tap-suggest")
    tapper.tap('#tap [data-player="Cat"]')  # not the preset: Cat suggests
    rows = [
        r.get_attribute("data-answer-player") for r in browser.find_elements(By.CSS_SELECTOR, "[data-answer-player]")
    ]
    assert rows == ["Dan", "Ann", "Ben"]  # clockwise from Cat's left
    for card in ("Miss Scarlet", "Knife", "Kitchen"):
        tapper.tap(f'#tap button.card[data-card="{card}"]')
    # Ann (me) may name the card she shows, the others may not
    assert browser.find_elements(By.CSS_SELECTOR, '[data-answer-player="Dan"] [data-card]') == []
    assert (
        len(browser.find_elements(By.CSS_SELECTOR, '[data-answer-player="Ann"] [data-card]')) == 0
    )  # none in her hand
    tapper.tap('[data-answer-player="Ben"] [data-answer="show"]')
    notes = [e.text for e in browser.find_elements(By.CSS_SELECTOR, ".answer-note")]
    assert notes[:2] == ["passes (implied)", "passes (implied)"]
    assert text_of(browser, "#tap-text") == "Cat suggests Miss Scarlet, Knife, Kitchen; Ben shows"
    tapper.tap('[data-answer-player="Dan"] [data-answer="show"]')  # Dan shows instead: Ben is not asked
    assert text_of(browser, "#tap-text") == "Cat suggests Miss Scarlet, Knife, Kitchen; Dan shows"
    assert not browser.find_element(By.CSS_SELECTOR, '[data-answer-player="Ben"] [data-answer="pass"]').is_enabled()
    tapper.tap("#tap-as-text")  # to the typed line, to finish by hand
    assert browser.find_element(By.ID, "statement").get_attribute("value") == (
        "Cat suggests Miss Scarlet, Knife, Kitchen; Dan shows"
    )


# ----------------------------------------------------------------------------- fixing past lines


def _open_line(browser: WebDriver, n: int) -> None:
    browser.find_element(By.CSS_SELECTOR, f'#log-lines a[data-line="{n}"]').click()
    wait_for(browser, lambda d: f"Line {n}" in text_of(d, "#line-editor h2"))


def test_edit_delete_and_insert_from_the_pages_log(browser: WebDriver, site: Site) -> None:
    shutil.copy(EXAMPLES / "classic-4p.clue", site.session)
    original = site.session.read_bytes()
    browser.set_window_size(*PHONE)
    site.open(browser, "/clue")
    wait_for(browser, lambda d: d.find_element(By.ID, "log-lines"))
    # a contradicting edit: refused with its lines, the file unchanged, then forced
    _open_line(browser, 10)
    editor = browser.find_element(By.ID, "line-editor")
    top = editor.rect["y"] - browser.execute_script("return window.scrollY")
    assert 0 <= top < PHONE[1]  # the editor came into view
    box = browser.find_element(By.ID, "edit-text")
    assert box.get_attribute("value") == "Dan suggests Professor Plum, Lead Pipe, Library; Ann shows Professor Plum"
    box.clear()
    box.send_keys("Dan suggests Professor Plum, Lead Pipe, Library; nobody shows")
    browser.find_element(By.ID, "edit-save").click()
    wait_for(browser, lambda d: "would contradict the log" in text_of(d, "#line-editor"))
    assert "line 10: Dan suggests Professor Plum, Lead Pipe, Library; nobody shows" in text_of(browser, "#line-editor")
    assert site.session.read_bytes() == original
    browser.find_element(By.ID, "line-force").click()
    wait_for(browser, lambda d: "Line 10 now:" in text_of(d, "#line-editor"))
    wait_for(browser, lambda d: "The log contradicts itself" in text_of(d, "#panel"))
    # undo takes it back
    browser.find_element(By.ID, "undo").click()
    wait_for(browser, lambda d: "Undid the edit of line 10" in text_of(d, "#messages"))
    assert site.session.read_bytes() == original
    # delete line 12
    _open_line(browser, 12)
    browser.find_element(By.ID, "line-delete").click()
    wait_for(browser, lambda d: "Deleted line 12" in text_of(d, "#line-editor"))
    assert "Ben suggests Mrs. White" not in site.session.read_text()
    browser.find_element(By.ID, "undo").click()
    wait_for(browser, lambda d: "Undid the deletion of line 12" in text_of(d, "#messages"))
    assert site.session.read_bytes() == original
    # insert before line 8, typed
    _open_line(browser, 8)
    browser.find_element(By.ID, "insert-text").send_keys("Cat has Knife")
    browser.find_element(By.ID, "insert-save").click()
    wait_for(browser, lambda d: "Inserted at line 8: Cat has Knife" in text_of(d, "#line-editor"))
    assert site.session.read_text().splitlines()[7] == "Cat has Knife"
    wait_for(browser, lambda d: d.find_element(By.CSS_SELECTOR, '#log-lines a[data-line="21"]'))
    browser.find_element(By.ID, "line-editor-close").click()
    assert not browser.find_element(By.ID, "line-editor").is_displayed()


def test_re_enter_and_insert_a_past_line_by_taps(browser: WebDriver, site: Site) -> None:
    shutil.copy(EXAMPLES / "classic-4p.clue", site.session)
    browser.set_window_size(*PHONE)
    site.open(browser, "/clue")
    wait_for(browser, lambda d: d.find_element(By.ID, "log-lines"))
    tapper = Tapper(browser)
    # line 11: Ann suggests Mrs. Peacock, Knife, Hall; Ben passes; Cat shows Mrs. Peacock
    _open_line(browser, 11)
    tapper.tap('#line-editor [data-tap-op="edit"]')
    wait_for(browser, lambda d: "Re-entering line 11" in text_of(d, "#tap-target"))
    assert text_of(browser, "#tap-text") == "Ann suggests Mrs. Peacock, Knife, Hall; Ben passes; Cat shows Mrs. Peacock"
    tapper.tap('#tap-answers [data-answer-player="Cat"] [data-answer="show"][data-card="Knife"]')
    assert browser.find_element(By.ID, "tap-record").text == "Replace line 11"
    tapper.tap("#tap-record")
    wait_for(browser, lambda d: "Line 11 now:" in text_of(d, "#line-editor"))
    assert (
        site.session.read_text().splitlines()[10]
        == "Ann suggests Mrs. Peacock, Knife, Hall; Ben passes; Cat shows Knife"
    )
    wait_for(browser, lambda d: not d.find_element(By.ID, "tap-body").is_displayed())
    # insert before line 7 by taps: a card seen
    _open_line(browser, 7)
    tapper.tap('#line-editor [data-tap-op="insert"]')
    tapper.tap("#tap-has")
    tapper.tap('#tap [data-player="Cat"]')
    tapper.tap('#tap button.card[data-card="Knife"]')
    assert browser.find_element(By.ID, "tap-record").text == "Insert before line 7"
    tapper.tap("#tap-record")
    wait_for(browser, lambda d: "Inserted at line 7: Cat has Knife" in text_of(d, "#line-editor"))
    assert site.session.read_text().splitlines()[6] == "Cat has Knife"


def test_which_card_to_show_when_a_suggestion_reaches_me(browser: WebDriver, site: Site) -> None:
    shutil.copy(EXAMPLES / "classic-4p.clue", site.session)
    browser.set_window_size(*PHONE)
    site.open(browser, "/clue")
    tapper = Tapper(browser)
    tapper.tap("#tap-suggest")  # Cat is to move
    tapper.tap('#tap button.card[data-card="Professor Plum"]')
    tapper.tap('#tap button.card[data-card="Revolver"]')
    assert browser.find_elements(By.CSS_SELECTOR, "[data-show-advice]") == []  # not before the three cards
    tapper.tap('#tap button.card[data-card="Hall"]')
    # Ann (me) holds Professor Plum and Revolver: she may show either, and asks which tells Cat least
    mine = [b.text for b in browser.find_elements(By.CSS_SELECTOR, '[data-answer-player="Ann"] [data-card]')]
    assert mine == ["shows Professor Plum", "shows Revolver"]
    tapper.tap('[data-answer-player="Ann"] [data-show-advice]')
    wait_for(browser, lambda d: "You may show Cat" in text_of(d, "#tap-show"))
    assert len(browser.find_elements(By.CSS_SELECTOR, "#tap-show #show-cards tbody tr")) == 2
    # a different card clears the advice
    tapper.tap('#tap button.card[data-card="Lounge"]')
    assert text_of(browser, "#tap-show") == ""
