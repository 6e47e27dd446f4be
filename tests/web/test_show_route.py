"""``/clue/show?statement=...``: the page's fragment of ``clue show?`` (the token, the
answer, and bad input refused with exactly the CLI's message)."""

from __future__ import annotations

import shutil
import warnings
from html import unescape
from pathlib import Path

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

with warnings.catch_warnings():  # as in test_http: starlette may suggest another httpx
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from cluesolver.web.app import WebSettings, create_app
from cluesolver.web.common import LINK_CHANGED
from tests.helpers import ROOT
from tests.web.test_http import COOKIE, TOKEN, errors, own_page

URL = "/clue/show?statement=Ben+suggests+Plum%2C+Revolver%2C+Ballroom"


@pytest.fixture()
def client(tmp_path: Path) -> TestClient:
    shutil.copy(ROOT / "examples" / "classic-4p.clue", tmp_path / "game.clue")
    c = own_page(create_app(WebSettings(token=TOKEN, folder=tmp_path, session=tmp_path / "game.clue")))
    c.cookies.set(COOKIE, TOKEN)
    return c


def test_the_fragment_ranks_the_cards_like_the_cli(client: TestClient) -> None:
    r = client.get(URL, headers={"hx-request": "true"})
    assert r.status_code == 200 and errors(r.text) == []
    text = unescape(r.text)
    assert "may show <strong>Ben</strong> (Professor Plum, Revolver, Ballroom)" in text
    rows = [row.split("</td>")[0] for row in text.split("<tr><td>")[1:]]
    assert rows == ["Ballroom", "Professor Plum", "Revolver"]
    assert "Show Ballroom: Ben has seen it from you before (nothing new)." in text
    none = unescape(client.get("/clue/show?statement=Ben+suggests+Green,+Knife,+Hall").text)
    assert "You hold none of Mr. Green, Knife, Hall: pass." in none


def test_bad_statements_get_the_clis_message(client: TestClient) -> None:
    r = client.get("/clue/show?statement=Ben+suggests+Plumm,+Rope,+Hall")
    assert r.status_code == 400
    assert errors(r.text)[0].startswith("statement:1:14: unknown card: 'Plumm'")
    r = client.get("/clue/show")
    assert r.status_code == 400 and "type the suggestion that reached you" in errors(r.text)[0]
    r = client.get("/clue/show?statement=Ann+suggests+Plum,+Rope,+Hall")
    assert r.status_code == 400 and errors(r.text) == ["Ann made the suggestion: nobody answers their own suggestion"]


def test_without_the_token_it_is_403(tmp_path: Path) -> None:
    shutil.copy(ROOT / "examples" / "classic-4p.clue", tmp_path / "game.clue")
    c = own_page(create_app(WebSettings(token=TOKEN, folder=tmp_path, session=tmp_path / "game.clue")))
    r = c.get(URL)
    assert r.status_code == 403 and r.text == LINK_CHANGED + "\n"
