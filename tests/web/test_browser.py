"""The web companion in a real browser: Debian's headless chromium driven by selenium.

One browser for the whole module; each test gets its own server (uvicorn in a thread)
over its own folder.  Screenshots at 390 px and 1280 px are written to
``tmp/test-output/`` (or ``$CLUESOLVER_TEST_OUTPUT``) for a person to look at.

Skipped only when chromium or its driver is not installed (``.ci/run`` installs them).
"""

from __future__ import annotations

import json
import os
import shutil
import socket
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from tests.helpers import ROOT

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
DRIVER = shutil.which("chromedriver")
if CHROMIUM is None or DRIVER is None:
    pytest.skip("chromium and chromium-driver are not installed", allow_module_level=True)

from selenium import webdriver  # noqa: E402
from selenium.common.exceptions import NoSuchElementException, StaleElementReferenceException  # noqa: E402
from selenium.webdriver.chrome.service import Service  # noqa: E402
from selenium.webdriver.common.action_chains import ActionChains  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.common.keys import Keys  # noqa: E402
from selenium.webdriver.remote.webdriver import WebDriver  # noqa: E402
from selenium.webdriver.support.ui import Select, WebDriverWait  # noqa: E402
from typer.testing import CliRunner  # noqa: E402

from cluesolver.cli import app as cli_app  # noqa: E402

EXAMPLES = ROOT / "examples"
OUTPUT = Path(os.environ.get("CLUESOLVER_TEST_OUTPUT") or ROOT / "tmp" / "test-output")
FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
    "--hide-scrollbars",
)


@pytest.fixture(scope="module")
def browser() -> Iterator[WebDriver]:
    options = webdriver.ChromeOptions()
    for flag in FLAGS:
        options.add_argument(flag)
    profile = tempfile.mkdtemp(prefix="cluesolver-chromium-")
    options.add_argument(f"--user-data-dir={profile}")
    assert CHROMIUM is not None and DRIVER is not None
    options.binary_location = CHROMIUM
    driver = webdriver.Chrome(options=options, service=Service(DRIVER))
    driver.set_window_size(1280, 1000)
    try:
        yield driver
    finally:
        driver.quit()
        shutil.rmtree(profile, ignore_errors=True)


@dataclass
class Site:
    url: str
    token: str
    folder: Path
    session: Path

    def open(self, driver: WebDriver, path: str = "/") -> None:
        sep = "&" if "?" in path else "?"
        driver.get(f"{self.url}{path}{sep}t={self.token}")


def _header(log: Path) -> str:
    """A log's header lines (up to the first blank line after them)."""
    out = []
    for line in log.read_text().splitlines():
        if not line.strip() and any(":" in x for x in out):
            break
        out.append(line)
    return "\n".join(out) + "\n\n"


def _events(log: Path) -> list[str]:
    body = log.read_text().split("\n\n", 1)[1]
    return [ln for ln in body.splitlines() if ln.strip() and not ln.lstrip().startswith("#")]


@pytest.fixture()
def site(tmp_path: Path) -> Iterator[Site]:
    import uvicorn

    from cluesolver.web.app import WebSettings, create_app, new_token

    for name in ("lords-midgame.toml", "welcome-table-3p.toml", "las-vegas-night.toml"):
        shutil.copy(EXAMPLES / name, tmp_path / name)
    session = tmp_path / "game.clue"
    session.write_text(_header(EXAMPLES / "classic-4p.clue"))
    settings = WebSettings(token=new_token(), folder=tmp_path, session=session)
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(create_app(settings), log_level="warning", access_log=False))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 10
    while not server.started and time.monotonic() < deadline:
        time.sleep(0.02)
    try:
        yield Site(f"http://127.0.0.1:{port}", settings.token, tmp_path, session)
    finally:
        server.should_exit = True
        thread.join(timeout=10)
        sock.close()


def wait_for(driver: WebDriver, check: Callable[[WebDriver], Any], timeout: float = 10) -> Any:
    """Poll ``check`` until it is true; an element that htmx swapped out between finding it and
    reading it (stale) or that is not there yet is polled again, not a failure."""
    ignored = (NoSuchElementException, StaleElementReferenceException)
    return WebDriverWait(driver, timeout, poll_frequency=0.02, ignored_exceptions=ignored).until(check)


def text_of(driver: WebDriver, css: str) -> str:
    """The text of the first element matching ``css`` now (read in one step: htmx swaps elements)."""
    text = driver.execute_script("const e = document.querySelector(arguments[0]); return e ? e.innerText : ''", css)
    return str(text)


def screenshot(driver: WebDriver, name: str, width: int) -> Path:
    """A full-page screenshot at ``width`` px; fails if the page scrolls sideways."""
    OUTPUT.mkdir(parents=True, exist_ok=True)
    driver.set_window_size(width, 900)
    time.sleep(0.2)
    scroll, client = driver.execute_script(
        "return [document.documentElement.scrollWidth, document.documentElement.clientWidth]"
    )
    assert scroll <= client, f"{name}: the page scrolls sideways at {width} px ({scroll} > {client})"
    height = driver.execute_script("return document.documentElement.scrollHeight")
    driver.set_window_size(width, min(int(height) + 140, 6000))
    time.sleep(0.2)
    path = OUTPUT / f"{name}-{width}.png"
    driver.save_screenshot(str(path))
    driver.set_window_size(1280, 1000)
    return path


def type_line(driver: WebDriver, line: str) -> None:
    box = driver.find_element(By.ID, "statement")
    box.clear()
    box.send_keys(line)
    box.send_keys(Keys.ENTER)


def replay_json(path: Path) -> dict[str, Any]:
    result = CliRunner().invoke(cli_app, ["replay", str(path), "--json"])
    assert result.exit_code == 0, result.output
    data: dict[str, Any] = json.loads(result.stdout)
    return data


# ----------------------------------------------------------------------------- tests


def test_a_whole_game_typed_through_the_page_replays_like_the_log(browser: WebDriver, site: Site) -> None:
    site.open(browser, "/clue")
    wait_for(browser, lambda d: d.find_element(By.ID, "statement"))
    for line in _events(EXAMPLES / "classic-4p.clue"):
        type_line(browser, line)
        wait_for(browser, lambda d, line=line: f"Recorded: {line}" in text_of(d, "#messages"))
        wait_for(browser, lambda d: d.find_element(By.ID, "statement").get_attribute("value") == "")
    assert replay_json(site.session) == replay_json(EXAMPLES / "classic-4p.clue")
    assert _events(site.session) == _events(EXAMPLES / "classic-4p.clue")
    assert "175 deals agree with the log (14 lines)" in text_of(browser, ".summary")
    wait_for(browser, lambda d: "Opponent threat" in text_of(d, "#accuse-all"))  # loaded after the panel
    assert [el.text for el in browser.find_elements(By.CSS_SELECTOR, "#threats tbody th")] == ["Ben", "Cat", "Dan"]
    screenshot(browser, "clue", 390)
    screenshot(browser, "clue", 1280)


def test_a_line_added_in_a_terminal_shows_up_within_a_second(browser: WebDriver, site: Site) -> None:
    site.open(browser, "/clue")
    wait_for(browser, lambda d: "0 lines" in text_of(d, ".summary"))
    line = "Ben suggests Plum, Rope, Library; Cat passes; Dan shows"
    time.sleep(0.3)
    result = CliRunner().invoke(cli_app, ["clue", "add", "--file", str(site.session), line])
    assert result.exit_code == 0, result.output
    start = time.monotonic()
    wait_for(browser, lambda d: "Ben suggests Professor Plum, Rope, Library" in text_of(d, ".summary"), timeout=5)
    elapsed = time.monotonic() - start
    assert elapsed < 1.0, f"the page took {elapsed:.2f} s to show the new line"


def test_bad_input_shows_the_clis_message_and_writes_nothing(browser: WebDriver, site: Site) -> None:
    site.open(browser, "/clue")
    before = site.session.read_bytes()
    type_line(browser, "Ann suggests Plum, Ropz, Hall; Ben shows")
    wait_for(browser, lambda d: "unknown card" in text_of(d, "#messages"))
    assert "statement 1, column 20: unknown card: 'Ropz'" in text_of(browser, "#messages")  # as the CLI names it
    assert "(did you mean: Rope?)" in text_of(browser, "#messages")
    assert site.session.read_bytes() == before
    # the typed line stays to be fixed
    assert browser.find_element(By.ID, "statement").get_attribute("value") == "Ann suggests Plum, Ropz, Hall; Ben shows"


def test_completion_offers_players_cards_and_estonian_aliases(browser: WebDriver, site: Site) -> None:
    site.open(browser, "/clue")
    box = wait_for(browser, lambda d: d.find_element(By.ID, "statement"))
    options = "return Array.from(document.querySelectorAll('#statement-options option')).map(o => o.value)"
    box.send_keys("Ann sugg")
    wait_for(browser, lambda d: "Ann suggests" in d.execute_script(options))
    box.send_keys(Keys.CONTROL, "a")
    box.send_keys("Ann suggests Plum, nu")
    wait_for(browser, lambda d: "Ann suggests Plum, nuga" in d.execute_script(options))
    box.send_keys(Keys.CONTROL, "a")
    box.send_keys("Ann suggests Plum, Knife, Lib")
    wait_for(browser, lambda d: "Ann suggests Plum, Knife, Library" in d.execute_script(options))


def test_keyboard_only_record_undo_and_why(browser: WebDriver, site: Site) -> None:
    site.open(browser, "/clue")
    wait_for(browser, lambda d: d.find_element(By.ID, "statement"))
    active = browser.switch_to.active_element
    for _ in range(10):  # Tab from the top of the page to the entry line
        ActionChains(browser).send_keys(Keys.TAB).perform()
        active = browser.switch_to.active_element
        if active.get_attribute("id") == "statement":
            break
    assert active.get_attribute("id") == "statement"
    active.send_keys("Ann suggests Scarlet, Knife, Hall; Ben shows Knife", Keys.ENTER)
    wait_for(
        browser, lambda d: "Recorded: Ann suggests Scarlet, Knife, Hall; Ben shows Knife" in text_of(d, "#messages")
    )
    # Tab on to the first cell of the grid and ask why with Enter
    active = browser.switch_to.active_element
    for _ in range(12):
        ActionChains(browser).send_keys(Keys.TAB).perform()
        active = browser.switch_to.active_element
        if "cell" in (active.get_attribute("class") or ""):
            break
    assert "cell" in (active.get_attribute("class") or "")
    active.send_keys(Keys.ENTER)
    wait_for(browser, lambda d: "Ann has Miss Scarlet: impossible" in text_of(d, "#cell-why"))
    # the Ben/Knife cell: certain, with the line that forces it (the answer shows under the grid)
    browser.find_element(By.CSS_SELECTOR, 'button.cell[data-holder="Ben"][data-card="Knife"]').send_keys(Keys.ENTER)
    wait_for(browser, lambda d: "Ben has Knife is certain" in text_of(d, "#cell-why"))
    assert "line 7" in text_of(browser, "#cell-why")
    # undo from the keyboard
    undo = browser.find_element(By.ID, "undo")
    undo.send_keys(Keys.ENTER)
    wait_for(browser, lambda d: "Removed: Ann suggests" in text_of(d, "#messages"))
    assert _events(site.session) == []


def test_next_suggestions_with_a_room_picker(browser: WebDriver, site: Site) -> None:
    site.open(browser, "/clue")
    Select(wait_for(browser, lambda d: d.find_element(By.ID, "room"))).select_by_visible_text("Hall")
    browser.find_element(By.ID, "next-button").click()
    wait_for(browser, lambda d: "in the Hall" in text_of(d, "#next"))
    assert len(browser.find_elements(By.CSS_SELECTOR, "#ranking tbody tr")) == 5


def test_vegas_pages(browser: WebDriver, site: Site) -> None:
    site.open(browser, "/vegas")
    at = wait_for(browser, lambda d: d.find_element(By.ID, "lt-at"))
    at.send_keys("8")
    browser.find_element(By.ID, "lt-casinos").send_keys("1,1,3", Keys.ENTER)
    wait_for(browser, lambda d: "Chip ends on 10" in text_of(d, "#lords-track-result"))
    browser.find_element(By.ID, "lv-casino").send_keys("Anna=5 Ben=3 Carla=1+big Denny=1")
    Select(browser.find_element(By.ID, "lv-edition")).select_by_visible_text("royale")
    browser.find_element(By.ID, "lv-money").send_keys("90,40", Keys.ENTER)
    wait_for(browser, lambda d: "takes $90,000" in text_of(d, "#lv-payout-result"))
    browser.find_element(By.ID, "lp-card").send_keys("D5", Keys.ENTER)
    wait_for(browser, lambda d: "Take-over: Ana puts a marker on D5" in text_of(d, "#lords-payout-result"))
    browser.find_element(By.CSS_SELECTOR, "#w-file + button").click()
    wait_for(browser, lambda d: "Winner: Lea" in text_of(d, "#welcome-result"))
    browser.find_element(By.CSS_SELECTOR, "#lv-file + button").click()
    wait_for(browser, lambda d: "Winner: Carla" in text_of(d, "#lv-standings-result"))
    screenshot(browser, "vegas", 390)
    screenshot(browser, "vegas", 1280)


def test_rules_search_and_section(browser: WebDriver, site: Site) -> None:
    site.open(browser, "/rules")
    box = wait_for(browser, lambda d: d.find_element(By.ID, "q"))
    box.send_keys("can I sprawl into F block with two players", Keys.ENTER)
    first = wait_for(browser, lambda d: d.find_element(By.CSS_SELECTOR, "#hits li.hit a"))
    screenshot(browser, "rules", 390)
    first.click()
    wait_for(browser, lambda d: d.find_element(By.ID, "section-text"))
    screenshot(browser, "rule-section", 390)


def test_rules_in_estonian_answer_from_a_translated_vegas_book(browser: WebDriver, site: Site) -> None:
    """The switch to Estonian: a question about Lords of Vegas finds its Estonian section (issue 28)."""
    site.open(browser, "/rules?lang=et")
    box = wait_for(browser, lambda d: d.find_element(By.ID, "q"))
    box.send_keys("kas ma võin laieneda kõrvalkrundile", Keys.ENTER)
    first = wait_for(browser, lambda d: d.find_element(By.CSS_SELECTOR, "#hits li.hit a"))
    assert "Laienemine" in text_of(browser, "#hits li.hit")
    for width in (390, 1280):
        screenshot(browser, "rules-et", width)
    first.click()
    wait_for(browser, lambda d: d.find_element(By.ID, "section-text"))
    assert "naaberkrundile" in text_of(browser, "#section-text")
    for width in (390, 1280):
        screenshot(browser, "rule-section-et", width)
    site.open(browser, "/rules?lang=en")  # the switch back, for the tests after this one


def test_lost_in_vegas_clock_on_a_phone(browser: WebDriver, site: Site) -> None:
    shutil.copy(EXAMPLES / "lost-in-vegas-4p.clue", site.session)
    site.open(browser, "/clue")
    wait_for(browser, lambda d: d.find_element(By.ID, "clock-time"))
    wait_for(browser, lambda d: d.find_elements(By.ID, "advice") or not d.find_elements(By.ID, "accuse-all"))
    screenshot(browser, "clue-lost-in-vegas", 390)


def test_six_players_on_a_phone_scroll_only_inside_the_grid(browser: WebDriver, site: Site) -> None:
    shutil.copy(EXAMPLES / "master-detective-6p.clue", site.session)
    site.open(browser, "/clue")
    wait_for(browser, lambda d: d.find_element(By.ID, "notebook"))
    browser.set_window_size(390, 900)
    inner = browser.execute_script(
        "const w = document.querySelector('.grid-wrap'); return [w.scrollWidth, w.clientWidth]"
    )
    assert inner[0] > inner[1]  # the grid is wider than the phone and scrolls in its box
    screenshot(browser, "clue-six-players", 390)  # which fails if the page itself scrolls sideways
