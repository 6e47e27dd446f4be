"""A table seat's page in Estonian in a real chromium at 390 px (issue 28): the ?lang=et switch
turns the page and its script's texts Estonian (the live indicator, the hand's count), the
hand is tapped by the cards' Estonian names and saved as the canonical ones, and nothing
scrolls sideways.  Skipped without chromium and its driver, as tests/web/test_browser.py."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from selenium.webdriver.common.by import By

from cluesolver.clue.record.reader import parse_log
from cluesolver.clue.session.table import create_table
from tests.clue.session.table_play import PLAYERS
from tests.web.test_browser import wait_for  # skips the module without chromium
from tests.web.test_table_browser import Host, new_browser

#: Ben's hand of tests.clue.session.table_play.HANDS by the cards' canonical names.
BEN = ("Mrs. White", "Candlestick", "Wrench", "Dining Room", "Conservatory")


@pytest.fixture()
def host(tmp_path: Path) -> Iterator[Host]:
    h = Host(create_table(tmp_path / "table", game="classic", players=",".join(PLAYERS)))
    try:
        yield h
    finally:
        h.stop()


def test_a_seat_taps_its_hand_on_the_estonian_page_at_390_px(host: Host) -> None:
    driver, profile = new_browser()
    try:
        driver.get(host.url("Ben") + "&lang=et")
        wait_for(driver, lambda d: d.find_element(By.ID, "live").text == "otse")
        assert driver.find_element(By.TAG_NAME, "html").get_attribute("lang") == "et"
        assert driver.find_element(By.ID, "hand-h").text == "Sinu käsi"
        chips = driver.find_elements(By.CSS_SELECTOR, "#hand-form label.chip")
        by_value = {el.find_element(By.TAG_NAME, "input").get_attribute("value"): el for el in chips}
        names = {value: el.find_element(By.TAG_NAME, "span").text for value, el in by_value.items()}
        assert names["Candlestick"] == "Küünlajalg" and names["Wrench"] == "Mutrivõti"
        count = driver.find_element(By.ID, "hand-count")
        for card in BEN:  # tapped by the names shown; the values are the canonical cards
            by_value[card].click()
        wait_for(driver, lambda d: count.text == f"{len(BEN)}/{len(BEN)} valitud")
        wide = driver.execute_script("return [document.documentElement.scrollWidth, window.innerWidth]")
        assert wide[0] <= wide[1], wide
        driver.find_element(By.ID, "hand-save").click()
        wait_for(driver, lambda d: "Sinu käsi:" in d.find_element(By.ID, "messages").text)
        record = parse_log(host.table.path("Ben").read_text())
        assert sorted(record.header.my_cards) == sorted(BEN)  # saved by their canonical names
        driver.get(host.url("Ben"))  # the cookie keeps the choice
        wait_for(driver, lambda d: d.find_element(By.ID, "live").text == "otse")
        assert "★ Küünlajalg" in driver.find_element(By.ID, "hand").text
    finally:
        driver.quit()
        shutil.rmtree(profile, ignore_errors=True)
