"""The Clue page in Estonian (issue 28), over HTTP in-process: a whole classic game recorded
with Estonian statements from a browser asking for Estonian (Accept-Language: et), and every
fragment the page shows on the way - the panel after each statement, a refused statement, why,
next, accuse?, show?, the line editor, undo - holds no English word once the names are taken
out; the last line and the new certain facts are said in Estonian."""

from __future__ import annotations

import re
import warnings
from html import unescape
from pathlib import Path

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

with warnings.catch_warnings():  # starlette 1.x suggests httpx2, which is not on PyPI's index here
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from cluesolver.web.app import WebSettings, cookie_name, create_app
from tests.cli.test_clue_estonian_game import SAID, english_left

TOKEN = "test-token-et"
HX = {"hx-request": "true"}
HEADER = "game: classic\nplayers: Ann, Ben, Cat, Dan\nme: Ann\nmy cards: Professor Plum, Revolver, Ballroom, Lounge, Study\n\n"


def shown(html: str) -> str:
    """What a reader sees of ``html``: its text and the attributes read out or shown (title,
    aria-label, placeholder), without scripts, styles or the values sent back."""
    html = re.sub(r"(?s)<script.*?</script>|<style.*?</style>", " ", html)
    said = re.findall(r'(?:title|aria-label|placeholder)="([^"]*)"', html)
    return unescape(re.sub(r"<[^>]+>", " ", html) + "\n" + "\n".join(said))


@pytest.fixture()
def page(tmp_path: Path) -> TestClient:
    (tmp_path / "game.clue").write_text(HEADER, encoding="utf-8")
    app = create_app(WebSettings(token=TOKEN, folder=tmp_path, session=tmp_path / "game.clue"))
    c = TestClient(app)
    c.headers.update(
        {
            "Origin": "http://testserver",
            "X-CSRF-Token": app.state.cs.settings.csrf,
            "Accept-Language": "et-EE,et;q=0.9,en;q=0.5",
        }
    )
    c.cookies.set(cookie_name(80), TOKEN)
    return c


def test_the_shown_text_check_sees_english() -> None:
    assert english_left(shown('<p title="The notebook">Märkmik</p><script>var envelope;</script>')) == [
        "notebook",
        "the",
    ]
    assert english_left(shown("<h2>Notebook</h2>")) == ["notebook"]
    assert english_left(shown('<td data-card="Wrench">Mutrivõti</td>')) == []


def test_a_whole_game_on_the_page_in_estonian(page: TestClient, tmp_path: Path) -> None:
    first = page.get("/clue")
    assert first.status_code == 200 and '<html lang="et"' in first.text
    fragments = {"page": first.text}
    for i, statement in enumerate(SAID):
        r = page.post("/clue/add", data={"statement": statement}, headers=HX)
        assert r.status_code == 200, (statement, r.text[:300])
        fragments[f"add {i}"] = r.text
    last = fragments[f"add {len(SAID) - 1}"]
    assert "Viimane rida 19: Ben teeb ettepaneku: Mrs. Peacock, Pliitoru, Söögituba; Cat näitab" in shown(last)
    assert "Uued kindlad faktid:" in shown(fragments["add 0"])
    assert "Mutrivõti on mängija Ben käes" in shown(fragments["add 0"])
    refused = page.post(
        "/clue/add", data={"statement": "Cat teeb ettepaneku: Peacok, köis, eeskoda; Dan näitab"}, headers=HX
    )
    assert refused.status_code == 400 and "tundmatu kaart: 'Peacok' (kas mõtlesid: Mrs. Peacock?)" in shown(
        refused.text
    )
    fragments["refused"] = refused.text
    fragments["page after"] = page.get("/clue").text
    fragments["panel"] = page.get("/clue/panel").text
    fragments["why"] = page.get("/clue/why", params={"holder": "Ben", "card": "Wrench"}).text
    assert "Mutrivõti on mängija Ben käes: kindel, seda nõuavad need read:" in re.sub(r"<[^>]+>", "", fragments["why"])
    fragments["why envelope"] = page.get("/clue/why", params={"holder": "envelope", "card": "Knife"}).text
    fragments["why fact"] = page.get("/clue/why", params={"fact": "Benil on pistoda"}).text
    fragments["why unknown"] = page.get("/clue/why", params={"fact": "Dan has Knofe"}).text
    fragments["next"] = page.get("/clue/next").text
    fragments["next room"] = page.get("/clue/next", params={"room": "Köök"}).text
    fragments["accuse"] = page.get("/clue/accuse").text
    fragments["show"] = page.get("/clue/show", params={"statement": "Dan teeb ettepaneku: Plum, revolver, köök"}).text
    fragments["line"] = page.get("/clue/line", params={"n": 7}, headers=HX).text
    fragments["undo"] = page.post("/clue/undo", headers=HX).text
    for name, html in fragments.items():
        assert english_left(shown(html)) == [], (name, english_left(shown(html)))
    assert "Pistoda on mängija Ben käes" in shown(fragments["why fact"])
    assert "Eemaldatud: " in shown(fragments["undo"])


def test_english_is_unchanged_for_an_english_browser(page: TestClient) -> None:
    for statement in SAID[:2]:
        assert page.post("/clue/add", data={"statement": statement}, headers=HX).status_code == 200
    page.headers["Accept-Language"] = "en"
    page.cookies.clear()
    page.cookies.set(cookie_name(80), TOKEN)
    panel = shown(page.get("/clue/panel").text)
    assert "Last line 7: Ben suggests Mr. Green, Candlestick, Ballroom; Cat shows" in panel
    why = re.sub(r"<[^>]+>", "", page.get("/clue/why", params={"holder": "Ben", "card": "Wrench"}).text)
    assert "Ben has Wrench is certain, forced by these lines:" in why
    assert 'placeholder="Dan has Kitchen"' in page.get("/clue").text
