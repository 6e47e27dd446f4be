"""A whole table in real browsers: four phones (one chromium each, 390 px wide) and a board
play a dealt game to its end through the pages, by taps.

After every turn each seat's notebook on its page is ``replay --json`` of its own record;
no seat's page holds another seat's hand or the cards it showed or saw; a phone that
reloads rejoins; the server restarted mid-game resumes (the pages reconnect by themselves).
Skipped without chromium and its driver, as tests/web/test_browser.py.
"""

from __future__ import annotations

import re
import shutil
import socket
import tempfile
import threading
import time
import warnings
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webdriver import WebDriver

from cluesolver.clue.record.reader import parse_log
from cluesolver.clue.session import table_files as F
from cluesolver.clue.session.table import Table, create_table, open_table
from cluesolver.web.clue_view import version_of
from cluesolver.web.common import percent
from cluesolver.web.table_app import create_table_app
from tests.clue.session.table_play import PLAYERS, DealtGame, Turn
from tests.web import test_browser as shared  # skips the module without chromium
from tests.web.test_browser import OUTPUT, replay_json, text_of, wait_for
from tests.web.test_tap_entry import Tapper, q

PHONE = (390, 844)


def new_browser() -> tuple[WebDriver, str]:
    options = webdriver.ChromeOptions()
    for flag in shared.FLAGS:
        options.add_argument(flag)
    profile = tempfile.mkdtemp(prefix="cluesolver-table-")
    options.add_argument(f"--user-data-dir={profile}")
    assert shared.CHROMIUM is not None and shared.DRIVER is not None
    options.binary_location = shared.CHROMIUM
    driver = webdriver.Chrome(options=options, service=Service(shared.DRIVER))
    driver.set_window_size(*PHONE)
    return driver, profile


@pytest.fixture(scope="module")
def browsers() -> Iterator[dict[str | None, WebDriver]]:
    """One chromium per seat and one for the board: five browser contexts, nothing shared."""
    made: dict[str | None, tuple[WebDriver, str]] = {}
    try:
        for seat in (None, *PLAYERS):
            made[seat] = new_browser()
        yield {seat: d for seat, (d, _) in made.items()}
    finally:
        for driver, profile in made.values():
            driver.quit()
            shutil.rmtree(profile, ignore_errors=True)


class Host:
    """The host's server (uvicorn in a thread) over a table folder; restarted on the same port."""

    def __init__(self, table: Table) -> None:
        self.table = table
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            self.port = s.getsockname()[1]
        self.start()

    def start(self) -> None:
        import uvicorn

        self.app = create_table_app(open_table(self.table.folder))
        self.tokens = {v.seat: v.token for v in self.app.state.table.viewers}
        self.sock = socket.socket()
        self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.sock.bind(("127.0.0.1", self.port))
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            self.server = uvicorn.Server(uvicorn.Config(self.app, log_level="warning", access_log=False))
        self.thread = threading.Thread(target=self.server.run, kwargs={"sockets": [self.sock]}, daemon=True)
        self.thread.start()
        deadline = time.monotonic() + 10
        while not self.server.started and time.monotonic() < deadline:
            time.sleep(0.02)

    def stop(self) -> None:
        self.app.state.table.hub.stop()
        self.server.should_exit = True
        self.thread.join(timeout=15)
        self.sock.close()

    def url(self, seat: str | None) -> str:
        return f"http://127.0.0.1:{self.port}/?t={self.tokens[seat]}"


@pytest.fixture()
def host(tmp_path: Path) -> Iterator[Host]:
    h = Host(create_table(tmp_path / "table", game="classic", players=",".join(PLAYERS)))
    try:
        yield h
    finally:
        h.stop()


def shows_version(driver: WebDriver, path: Path) -> Callable[[WebDriver], bool]:
    """The page shows the record at ``path`` as it is now (its panel or board is that version)."""
    want = version_of(path)
    css = "#board" if path.name == F.PUBLIC else "#panel"
    return lambda d: (
        d.execute_script(
            "const e = document.querySelector(arguments[0]); return e && e.getAttribute('data-version')", css
        )
        == want
    )


def notebook_of(driver: WebDriver) -> dict[str, Any]:
    """The page's notebook: each cell's text by (holder, card), and the deals."""
    cells = driver.execute_script(
        "return Array.from(document.querySelectorAll('#notebook button.cell'))"
        ".map(b => [b.dataset.holder, b.dataset.card, b.textContent.trim()])"
    )
    return {"cells": {(h, c): t for h, c, t in cells}, "deals": re.sub(r"\D", "", text_of(driver, "#deals"))}


def expected_notebook(path: Path, seat: str) -> dict[str, Any]:
    """``replay --json`` of the seat's own record, as the grid writes it."""
    data = replay_json(path)
    mine = set(parse_log(path.read_text()).header.my_cards)
    cells = {}
    for holder, row in data["holders"].items():
        for card, p in row.items():
            cells[(holder, card)] = (
                "★" if holder == seat and card in mine else "✓" if p >= 1 else "·" if p <= 0 else percent(p)
            )
    return {"cells": cells, "deals": str(data["deals"])}


def check_notebooks(browsers: dict[str | None, WebDriver], host: Host) -> None:
    for seat in PLAYERS:
        driver, path = browsers[seat], host.table.path(seat)
        wait_for(driver, shows_version(driver, path), timeout=20)
        assert notebook_of(driver) == expected_notebook(path, seat), seat
    wait_for(browsers[None], shows_version(browsers[None], host.table.path(None)), timeout=20)


def tap_turn(driver: WebDriver, turn: Turn) -> None:
    """The suggester (or accuser) taps the turn in on its own phone."""
    tapper = Tapper(driver)
    e = turn.event
    kind = "accuse" if "accuses" in turn.statement else "suggest"
    tapper.ensure(f'#tap [data-kind="{kind}"]')
    tapper.ensure(f'#tap [data-player="{q(turn.suggester)}"]')
    for card in e.cards:
        tapper.ensure(f'#tap button.card[data-card="{q(card)}"]')
    if kind == "accuse":
        tapper.ensure('#tap [data-result="correct"]')
    elif turn.shower is not None:
        tapper.tap(f'#tap-answers [data-answer-player="{q(turn.shower)}"] [data-answer="show"]:not([data-card])')
    else:
        tapper.tap("#tap-nobody")
    tapper.tap("#tap-record")
    wait_for(driver, lambda d: f"(line {e.line})" in text_of(d, "#messages"))


def tell_card(driver: WebDriver, line: int, card: str) -> None:
    """A phone asked which card was shown on ``line`` answers it."""
    css = f'#asks .ask[data-line="{line}"] button[name="card"][value="{q(card)}"]'
    wait_for(driver, lambda d: d.find_elements(By.CSS_SELECTOR, css), timeout=20)
    driver.find_element(By.CSS_SELECTOR, css).click()
    wait_for(driver, lambda d: f"Line {line}: {card}" in text_of(d, "#messages"))


def enter_hand(driver: WebDriver, cards: list[str]) -> None:
    for card in cards:
        driver.find_element(By.CSS_SELECTOR, f'#hand-form label.pick:has(input[value="{q(card)}"])').click()
    assert text_of(driver, "#hand-count") == f"{len(cards)} of {len(cards)} picked"
    driver.find_element(By.ID, "hand-save").click()
    wait_for(driver, lambda d: "Your hand:" in text_of(d, "#messages"))


def private_lines(table: Table, seat: str) -> list[str]:
    """The lines only ``seat``'s record has (the cards it showed or saw) and its hand."""
    rec, public = table.read(seat), table.read(None).lines
    hand = list(rec.log.header.my_cards)
    return [", ".join(hand), *(f"★ {c}" for c in hand), *(a for a, b in zip(rec.lines, public) if a != b)]


def test_four_phones_and_a_board_play_a_dealt_game_to_its_end(
    browsers: dict[str | None, WebDriver], host: Host
) -> None:
    game = DealtGame(2026)
    for seat, driver in browsers.items():
        driver.get(host.url(seat))
    OUTPUT.mkdir(parents=True, exist_ok=True)
    for seat in PLAYERS:
        wait_for(browsers[seat], lambda d: text_of(d, "#live") == "live")
        if seat == "Ann":
            browsers[seat].save_screenshot(str(OUTPUT / "web-table-hand-390.png"))
        enter_hand(browsers[seat], game.hand(seat))
    check_notebooks(browsers, host)
    line = F.HEADER_LINES + 1
    restarted = reloaded = False
    for k in range(30):
        turn = game.play(line, accuse_after=10)
        tap_turn(browsers[turn.suggester], turn)
        if turn.shower is not None and turn.card is not None:
            # the shower's phone asks which card, with show?'s advice; on odd turns the suggester tells it first
            teller = turn.shower if k % 2 == 0 else turn.suggester
            if teller == turn.shower:
                wait_for(browsers[teller], lambda d: d.find_elements(By.CSS_SELECTOR, "#asks .show-answer"), timeout=30)
                if not (OUTPUT / "web-table-show-390.png").exists() or k < 2:
                    browsers[teller].execute_script("document.getElementById('asks').scrollIntoView()")
                    browsers[teller].save_screenshot(str(OUTPUT / "web-table-show-390.png"))
            tell_card(browsers[teller], line, turn.card)
        check_notebooks(browsers, host)
        assert browsers[None].find_elements(By.CSS_SELECTOR, f'#board li[data-line="{line}"]')
        if k == 3 and not reloaded:  # a phone that reloads rejoins with its link
            browsers["Ben"].refresh()
            wait_for(browsers["Ben"], lambda d: text_of(d, "#live") == "live")
            reloaded = True
            check_notebooks(browsers, host)
        if k == 5 and not restarted:  # the host restarts the server: the game resumes from its files
            host.stop()
            host.start()
            restarted = True
            for seat in PLAYERS:
                wait_for(browsers[seat], lambda d: text_of(d, "#live") == "live", timeout=30)
        line += 1
        if "accuses" in turn.statement:
            break
    assert restarted and reloaded
    assert f"{game.turns[-1].suggester} accused correctly" in text_of(browsers[None], "#board")
    # no seat's page holds another seat's hand or the cards it showed or saw
    pages = {seat: d.page_source for seat, d in browsers.items()}
    for seat in PLAYERS:
        secrets = private_lines(host.table, seat)
        for viewer, html in pages.items():
            if viewer != seat:
                mine = set(private_lines(host.table, viewer)) if viewer else set()
                assert not [s for s in secrets if s in html and s not in mine], (seat, viewer)
    for width, height in (PHONE, (1280, 1000)):  # no page scrolls sideways, on a phone or a desktop
        for seat in ("Cat", None):
            driver = browsers[seat]
            driver.set_window_size(width, height)
            wide = driver.execute_script("return [document.documentElement.scrollWidth, window.innerWidth]")
            assert wide[0] <= wide[1], (seat, width, wide)
            name = "seat" if seat else "board"
            driver.save_screenshot(str(OUTPUT / f"web-table-{name}-{width}.png"))
            driver.set_window_size(*PHONE)
