"""The Clue page on a 390x844 phone in a real browser (chromium), for every built-in edition
and a variant file: nothing cut, no sideways page, 44 px tap targets, the notebook one table
whose header row and card column stay in place, the why answer in view, no sticky hover,
dark mode, the wake lock; Vegas result tables in their own scrolling box with a cue.

Screenshots of the phone screens (the viewport) go to tmp/test-output/ (or
``$CLUESOLVER_TEST_OUTPUT``); docs/web.md shows them.
"""

from __future__ import annotations

import re
import shutil
import time
from pathlib import Path
from typing import Any

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webdriver import WebDriver

from tests.web import test_browser as shared
from tests.web.test_browser import EXAMPLES, OUTPUT, Site, text_of, wait_for

browser = shared.browser  # the module's chromium and a server per test, as test_browser.py has them
site = shared.site

PHONE = (390, 844)
#: A log of every built-in edition, two Lost in Vegas table sizes and a variant file.
EDITIONS = [
    "classic-4p.clue",
    "cluedo-3p.clue",
    "clue-2016-5p.clue",
    "master-detective-6p.clue",
    "lost-in-vegas-4p.clue",
    "lost-in-vegas-2p.clue",
    "our-vegas-box.clue",
    "spectator-3p.clue",
]


def open_log(driver: WebDriver, site: Site, name: str) -> None:
    shutil.copy(EXAMPLES / name, site.session)
    if name == "our-vegas-box.clue":
        shutil.copy(EXAMPLES / "our-vegas-box.toml", site.folder / "our-vegas-box.toml")
    driver.set_window_size(*PHONE)
    site.open(driver, "/clue")
    wait_for(driver, lambda d: d.find_element(By.ID, "notebook"))


def phone_shot(driver: WebDriver, name: str, css: str | None = None) -> Path:
    """What the phone's screen shows (390x844), ``css`` scrolled to its top."""
    OUTPUT.mkdir(parents=True, exist_ok=True)
    if css is not None:
        driver.execute_script("document.querySelector(arguments[0]).scrollIntoView({block: 'start'})", css)
    time.sleep(0.2)
    path = OUTPUT / f"{name}-390.png"
    driver.save_screenshot(str(path))
    return path


CUT_CELLS = """
return Array.from(document.querySelectorAll(
    '#notebook thead th, #notebook th.card-col, #notebook tr.cat th, #notebook td .cell'))
  .filter(e => e.scrollWidth > e.clientWidth + 0.5 || e.scrollHeight > e.clientHeight + 0.5
               || getComputedStyle(e).textOverflow === 'ellipsis')
  .map(e => e.innerText)
"""

SMALL_TARGETS = """
const small = [];
for (const e of document.querySelectorAll(arguments[0])) {
  const r = e.getBoundingClientRect();
  if (r.width === 0 && r.height === 0) continue;  // not shown
  if (r.width < 43.5 || r.height < 43.5) small.push([e.id || e.innerText.slice(0, 30), r.width, r.height]);
}
return small;
"""


#: Words of the elements' text laid out over two lines (broken mid-word).
SPLIT_WORDS = """
const split = [];
for (const el of document.querySelectorAll(arguments[0])) {
  const walk = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
  for (let node = walk.nextNode(); node; node = walk.nextNode()) {
    for (const m of node.data.matchAll(/\\S+/g)) {
      const range = document.createRange();
      range.setStart(node, m.index);
      range.setEnd(node, m.index + m[0].length);
      const tops = new Set([...range.getClientRects()].filter(r => r.width > 0).map(r => Math.round(r.top)));
      if (tops.size > 1) split.push(m[0]);
    }
  }
}
return split;
"""


def page_width(driver: WebDriver) -> tuple[int, int]:
    w, c = driver.execute_script("return [document.documentElement.scrollWidth, document.documentElement.clientWidth]")
    return int(w), int(c)


@pytest.mark.parametrize("name", EDITIONS)
def test_every_edition_fits_a_phone_uncut(browser: WebDriver, site: Site, name: str) -> None:
    open_log(browser, site, name)
    assert page_width(browser) == (390, 390)  # the page never scrolls sideways
    assert browser.execute_script(CUT_CELLS) == []  # no header or card name cut
    # one table: a header row of holders, a first column of cards
    assert len(browser.find_elements(By.CSS_SELECTOR, "#notebook")) == 1
    heads = browser.find_elements(By.CSS_SELECTOR, '#notebook thead th[scope="col"]')
    rows = browser.find_elements(By.CSS_SELECTOR, '#notebook th[scope="row"]')
    cards = browser.find_elements(By.CSS_SELECTOR, "#tap button.card[data-card]")
    assert len(rows) == len(cards) and len(heads) >= 3
    # a holder shown by a code has its name in the cell for screen readers and in the legend
    legend = text_of(browser, "#legend")
    for th in heads[1:]:
        label = th.get_attribute("title")
        assert label and label in th.get_attribute("textContent")
        code = th.find_elements(By.CSS_SELECTOR, ".code")
        if code:
            assert f"{code[0].text} {label}" in legend
    # every notebook cell is a 44 px target
    assert browser.execute_script(SMALL_TARGETS, "#notebook .cell") == []
    # the card chips: at least 90 % tappable as 44x44 targets after one tap on the suggest control
    browser.find_element(By.ID, "tap-suggest").click()
    ok = 0
    for chip in cards:
        browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", chip)
        hit = browser.execute_script(
            "const r = arguments[0].getBoundingClientRect();"
            "const top = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);"
            "return [r.width, r.height, top === arguments[0] || arguments[0].contains(top)]",
            chip,
        )
        ok += hit[0] >= 44 and hit[1] >= 44 and hit[2]
    assert ok == len(cards), f"{ok} of {len(cards)} cards are 44x44 targets"
    assert browser.execute_script(SPLIT_WORDS, "#tap button.card[data-card]") == []  # no card name broken mid-word
    assert page_width(browser) == (390, 390)
    # every other control the Clue page shows on a phone is a 44 px target too
    controls = "#main button, #main select, #main input[type=text], .top a, .undo-form a, label.check, .log-line"
    assert browser.execute_script(SMALL_TARGETS, controls) == []


LONG_NAMES = """\
extends = "classic"
id = "long-names"
name = "Long names"
[rename]
"Candlestick" = "Kerzenständerungetümgroß"
"Colonel Mustard" = "Oberstleutnant Senfgelbmann"
"""


def test_a_variant_file_with_long_names_is_not_cut(browser: WebDriver, site: Site) -> None:
    (site.folder / "long.toml").write_text(LONG_NAMES)
    site.session.write_text(
        "game: long.toml\nplayers: Alexandrina, Bartholomew, Cat, Maximiliane\nme: Cat\n"
        "my cards: Knife, Rope, Hall, Study\n\n"
        "Alexandrina suggests Senfgelbmann, Kerzenständerungetümgroß, Hall; Bartholomew shows\n"
    )
    browser.set_window_size(*PHONE)
    site.open(browser, "/clue")
    wait_for(browser, lambda d: d.find_element(By.ID, "notebook"))
    assert page_width(browser) == (390, 390)
    assert browser.execute_script(CUT_CELLS) == []
    legend = text_of(browser, "#legend")
    assert all(x in legend for x in ("Ale Alexandrina", "Bar Bartholomew", "Max Maximiliane", "Env Envelope"))
    assert "Cat" not in legend  # short names stay whole, with no code


def test_six_players_keep_the_header_row_and_the_card_column_in_place(browser: WebDriver, site: Site) -> None:
    open_log(browser, site, "master-detective-6p.clue")
    wrap = browser.find_element(By.CSS_SELECTOR, ".notebook-box .grid-wrap")
    assert browser.execute_script("return arguments[0].scrollWidth > arguments[0].clientWidth", wrap)
    browser.execute_script("arguments[0].scrollIntoView({block: 'start'})", wrap)
    browser.execute_script("arguments[0].scrollTop = 620; arguments[0].scrollLeft = 400;", wrap)
    time.sleep(0.1)
    box, head, corner, card, cat = browser.execute_script(
        """const w = arguments[0], r = e => e.getBoundingClientRect();
        const rows = Array.from(w.querySelectorAll('th.card-col')).filter(e => r(e).top > r(w).top + 60);
        const cats = Array.from(w.querySelectorAll('tr.cat .cat-name')).filter(e => r(e).top > r(w).top + 40);
        return [r(w), r(w.querySelector('thead th:last-child')), r(w.querySelector('thead th.corner')),
                r(rows[0]), r(cats[0])];""",
        wrap,
    )
    assert abs(head["top"] - box["top"]) < 2  # the holders' row stays at the top of the box
    assert abs(corner["left"] - box["left"]) < 2 and abs(card["left"] - box["left"]) < 2  # the cards stay left
    assert cat["left"] >= box["left"] - 1 and cat["right"] <= box["right"] + 1  # the category name stays in view
    assert head["right"] <= box["right"] + 1  # the last holder (the envelope) scrolled into view
    phone_shot(browser, "web-clue-six-players")


def test_the_why_answer_comes_into_view_and_the_tapped_cell_stays_readable(browser: WebDriver, site: Site) -> None:
    open_log(browser, site, "master-detective-6p.clue")
    cell = browser.find_element(By.CSS_SELECTOR, 'button.cell[data-holder="Dan"][data-card="Revolver"]')
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", cell)
    colours = "const s = getComputedStyle(arguments[0]); return [s.color, getComputedStyle(arguments[0].parentNode).backgroundColor]"
    before = browser.execute_script(colours, cell)
    cell.click()
    wait_for(browser, lambda d: "Dan has Revolver" in text_of(d, "#cell-why"))
    time.sleep(0.1)
    top, bottom, height = browser.execute_script(
        "const r = document.getElementById('cell-why').getBoundingClientRect(); return [r.top, r.bottom, innerHeight]"
    )
    assert top >= 0 and bottom <= height, (top, bottom, height)  # in view without scrolling by hand
    assert "cell picked" in (cell.get_attribute("class") or "")
    assert browser.execute_script(colours, cell) == before  # only a ring marks it: its colours stay


def test_hover_styles_only_where_the_pointer_can_hover() -> None:
    css = re.sub(r"/\*.*?\*/", "", (shared.ROOT / "cluesolver" / "web" / "static" / "app.css").read_text(), flags=re.S)
    depth, media, bad = 0, [], []
    for token in re.finditer(r"[^{}]*\{|\}", css):
        text = token.group(0).strip()
        if text.startswith("@media"):
            media.append((depth, text))
            depth += 1
        elif text == "}":
            depth -= 1
            if media and media[-1][0] == depth:
                media.pop()
        else:
            depth += 1
            if ":hover" in text and not any("hover: hover" in m for _, m in media):
                bad.append(text.strip())
    assert bad == []


def test_dark_mode_follows_the_system(browser: WebDriver, site: Site) -> None:
    open_log(browser, site, "classic-4p.clue")

    def colours() -> Any:
        return browser.execute_script(
            "const b = getComputedStyle(document.body);"
            "const c = getComputedStyle(document.querySelector('td.certain .cell'));"
            "const t = getComputedStyle(document.querySelector('td.certain'));"
            "return [b.color, b.backgroundColor, c.color, t.backgroundColor]"
        )

    light = colours()
    browser.execute_cdp_cmd(
        "Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": "dark"}]}
    )
    try:
        time.sleep(0.1)
        dark = colours()
        phone_shot(browser, "web-clue-dark", "#grid-h")
    finally:
        browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})
    assert dark != light
    assert luminance(dark[1]) < 0.05 < luminance(light[1])  # a dark page
    assert contrast(dark[0], dark[1]) >= 7 and contrast(light[0], light[1]) >= 7
    assert contrast(dark[2], dark[3]) >= 3 and contrast(light[2], light[3]) >= 3  # ✓ on green


def luminance(rgb: str) -> float:
    r, g, b = (int(x) / 255 for x in re.findall(r"\d+", rgb)[:3])
    lin = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in (r, g, b)]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def contrast(a: str, b: str) -> float:
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def test_the_screen_stays_awake_during_a_game(browser: WebDriver, site: Site) -> None:
    open_log(browser, site, "classic-4p.clue")
    if not browser.execute_script("return 'wakeLock' in navigator"):
        pytest.skip("this chromium has no Screen Wake Lock API")
    state = wait_for(browser, lambda d: d.execute_script("return document.documentElement.dataset.wakeLock"))
    assert state in ("on", "refused")  # asked for; a headless browser may refuse it


def test_vegas_result_tables_scroll_in_their_own_box_with_a_cue(browser: WebDriver, site: Site) -> None:
    browser.set_window_size(*PHONE)
    site.open(browser, "/vegas")
    browser.find_element(By.ID, "lp-card").send_keys("D5\n")
    wait_for(browser, lambda d: d.find_elements(By.ID, "lords-players"))
    box = browser.find_element(By.CSS_SELECTOR, "#lords-payout-result .scroll-box:has(#lords-players)")
    hint = browser.execute_script("return arguments[0].nextElementSibling", box)
    assert page_width(browser) == (390, 390)
    assert browser.execute_script("return arguments[0].scrollWidth > arguments[0].clientWidth", box)
    wait_for(browser, lambda d: box.get_attribute("data-more") == "true")
    assert hint.is_displayed() and hint.text == "scroll →"
    browser.execute_script("arguments[0].scrollIntoView({block: 'center'})", box)
    phone_shot(browser, "web-vegas-table")
    browser.execute_script("arguments[0].scrollLeft = arguments[0].scrollWidth", box)
    wait_for(browser, lambda d: box.get_attribute("data-more") == "false")
    assert not hint.is_displayed()
    # the last columns read whole once scrolled to ("=Money" and "=Points")
    inside = browser.execute_script(
        "const b = arguments[0].getBoundingClientRect();"
        "return Array.from(arguments[0].querySelectorAll('thead th')).slice(-3)"
        ".map(th => { const r = th.getBoundingClientRect(); return r.left >= b.left - 1 && r.right <= b.right + 1; })",
        box,
    )
    assert inside == [True, True, True]


def test_phone_screens_for_the_docs(browser: WebDriver, site: Site) -> None:
    """The screens docs/web.md shows (each also checked: the page does not scroll sideways)."""
    open_log(browser, site, "classic-4p.clue")
    phone_shot(browser, "web-clue", "#grid-h")
    browser.find_element(By.ID, "tap-suggest").click()
    for css in (
        '#tap button.card[data-card="Mr. Green"]',
        '#tap button.card[data-card="Rope"]',
        '#tap button.card[data-card="Library"]',
    ):
        browser.find_element(By.CSS_SELECTOR, css).click()
    browser.find_element(By.CSS_SELECTOR, '#tap-answers [data-answer-player="Dan"] [data-answer="pass"]').click()
    phone_shot(browser, "web-tap-entry", '#tap [data-category="room"]')
    assert page_width(browser) == (390, 390)
    browser.find_element(By.ID, "tap-clear").click()
    browser.find_element(By.CSS_SELECTOR, '#log-lines a[data-line="11"]').click()
    wait_for(browser, lambda d: "Line 11" in text_of(d, "#line-editor"))
    phone_shot(browser, "web-line-editor", "#line-editor")
    open_log(browser, site, "lost-in-vegas-4p.clue")
    wait_for(browser, lambda d: d.find_element(By.ID, "clock-time"))
    phone_shot(browser, "web-lost-in-vegas", "#tap")
    assert page_width(browser) == (390, 390)
