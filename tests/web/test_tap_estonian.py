"""Recording by taps on the page in Estonian, in a real browser (chromium at 390 and 1280 px):
the pad writes Estonian statements (the rulebook's verbs, the cards by their Estonian names),
they read back to the same events as the game's English log, and the page says them in
Estonian with no English word left.

The browser, the server and the helpers are tests/web/test_browser.py's; the taps are
tests/web/test_tap_entry.py's.
"""

from __future__ import annotations

import random

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webdriver import WebDriver

from cluesolver.clue import variants
from cluesolver.clue.record.events import Event, GameLog
from cluesolver.clue.record.reader import parse_log
from cluesolver.clue.record.simulate import random_log
from cluesolver.clue.record.writer import format_header, format_log
from tests.cli.test_clue_estonian_game import english_left
from tests.web import test_browser as shared
from tests.web.test_browser import Site, replay_json, text_of, wait_for
from tests.web.test_tap_entry import VEGAS_EVENTS, Tapper, _parts, q

browser = shared.browser
site = shared.site

#: The Estonian verbs a statement of each kind starts with (after the player).
VERBS = {
    "suggest": (" teeb ettepaneku: ", " panustab: "),
    "accuse": (" süüdistab: ", " paneb kõik mängu: "),
    "shown": (" näitab mängijale ",),
    "has": (" hoiab kaarti ",),
    "none": (" ei hoia ühtegi neist: ",),
    "looks": (" vaatab lauakaarti ",),
    "round": ("ring",),
}


class EstonianTapper(Tapper):
    """Taps as :class:`Tapper` does, on a page that speaks Estonian."""

    def event(self, event: Event, log: GameLog) -> str:
        kind, who, cards, viewer = _parts(event)
        self.ensure(f'#tap [data-kind="{kind}"]')
        if who is not None:
            self.ensure(f'#tap [data-player="{q(who)}"]')
        if viewer is not None:
            self.ensure(f'#tap [data-viewer="{q(viewer)}"]')
        slot = getattr(event, "slot", None)
        if slot is not None:
            self.ensure(f'#tap [data-slot="{q(slot)}"]')
        for card in cards:
            self.ensure(f'#tap button.card[data-card="{q(card)}"]')
        if kind == "suggest":
            self._answers(event, log)  # type: ignore[arg-type]
        if kind == "accuse":
            self.ensure(f'#tap [data-result="{"correct" if getattr(event, "correct", False) else "wrong"}"]')
        statement = text_of(self.driver, "#tap-text")
        assert any(verb in statement for verb in VERBS[kind]), statement
        assert english_left(statement) == [], statement
        self.tap("#tap-record")
        wait_for(self.driver, lambda d: f"Salvestatud: {statement}" in text_of(d, "#messages"))
        wait_for(self.driver, lambda d: not d.find_element(By.ID, "tap-body").is_displayed())
        return statement


def _tap_in_estonian(browser: WebDriver, site: Site, log: GameLog, width: int) -> list[str]:
    site.session.write_text("\n".join(format_header(log.header)) + "\n\n")
    browser.set_window_size(width, 844)
    site.open(browser, "/clue?lang=et")
    wait_for(browser, lambda d: d.find_element(By.ID, "tap-suggest"))
    assert browser.find_element(By.TAG_NAME, "html").get_attribute("lang") == "et"
    tapper = EstonianTapper(browser)
    said = [tapper.event(e, log) for e in log.events]
    typed = site.folder / "typed.clue"
    typed.write_text(format_log(log))
    tapped = parse_log(site.session.read_text(), str(site.session), site.folder)
    assert tapped.events == log.events
    assert replay_json(site.session) == replay_json(typed)
    assert english_left(text_of(browser, "#panel")) == []
    return said


@pytest.mark.parametrize("width", [390, 1280])
def test_a_classic_game_tapped_in_estonian_is_written_in_estonian_and_reads_back(
    browser: WebDriver, site: Site, width: int
) -> None:
    log, _ = random_log(variants.get("classic"), 4, 10, random.Random(28))
    said = _tap_in_estonian(browser, site, log, width)
    body = site.session.read_text(encoding="utf-8")
    assert all(line in body for line in said)
    assert " teeb ettepaneku: " in body and " suggests " not in body
    assert any(name in body for name in ("Küünlajalg", "Pistoda", "Pliitoru", "Köis", "Mutrivõti"))


def test_lost_in_vegas_bets_all_ins_and_rounds_tapped_in_estonian(browser: WebDriver, site: Site) -> None:
    log = parse_log(VEGAS_EVENTS, "vegas.clue")
    said = _tap_in_estonian(browser, site, log, 390)
    assert any(" panustab: " in s for s in said) and any(" paneb kõik mängu: " in s for s in said)
    assert "ring" in said
