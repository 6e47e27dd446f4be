"""The table game's pages in Estonian (issue 28): a seat's page, its fragments and the board
speak the browser's language (Accept-Language, or the ?lang= switch kept in a cookie), cards
by the edition's Estonian names while the values sent back stay canonical; the JSON API
under /api/ answers in English whatever the browser asks."""

from __future__ import annotations

import json
import warnings
from pathlib import Path

import pytest

pytest.importorskip("uvicorn")

with warnings.catch_warnings():  # starlette 1.x suggests httpx2
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

from cluesolver.clue.session.table import create_table
from cluesolver.web.table_app import create_table_app
from tests.clue.session.table_play import HANDS, PLAYERS

ET = {"Accept-Language": "et-EE,et;q=0.9,en;q=0.5"}


class Table:
    def __init__(self, folder: Path) -> None:
        self.table = create_table(folder, game="classic", players=",".join(PLAYERS))
        self.app = create_table_app(self.table)
        self.tokens = {v.seat: v.token for v in self.app.state.table.viewers}
        self.client = TestClient(self.app)

    def get(self, seat: str | None, path: str, **headers: str) -> str:
        answer = self.client.get(path, headers={"Authorization": f"Bearer {self.tokens[seat]}", **headers})
        assert answer.status_code == 200, answer.text
        return answer.text

    def post(self, seat: str | None, path: str, body: object, **headers: str) -> dict[str, object]:
        answer = self.client.post(
            path, content=json.dumps(body), headers={"Authorization": f"Bearer {self.tokens[seat]}", **headers}
        )
        assert answer.status_code == 200, answer.text
        data: dict[str, object] = answer.json()
        return data


@pytest.fixture()
def table(tmp_path: Path) -> Table:
    return Table(tmp_path / "table")


def test_a_seats_page_speaks_estonian_and_sends_canonical_cards(table: Table) -> None:
    page = table.get("Ann", "/", **ET)
    assert '<html lang="et">' in page
    for text in ("Mängija Ann märkmik", "Sinu käsi", "See on minu käsi", "Puuduta oma", "ühendan…"):
        assert text in page, text
    # the hand's chips: the Estonian name shown, the canonical name sent back
    assert 'value="Candlestick"> <span>Küünlajalg</span>' in page
    assert "Your hand" not in page and "This is my hand" not in page
    texts = json.loads(page.split("data-texts='", 1)[1].split("'", 1)[0])
    assert texts["picked"] == "{n}/{size} valitud" and texts["live"] == "otse"


def test_the_same_page_in_english_is_unchanged_in_its_words(table: Table) -> None:
    page = table.get("Ann", "/", **{"Accept-Language": "en"})
    assert '<html lang="en">' in page
    assert "Ann's notebook" in page and "This is my hand" in page
    assert 'value="Candlestick"> <span>Candlestick</span>' in page


def test_the_switch_keeps_the_token_and_its_choice(table: Table) -> None:
    token = table.tokens["Ben"]
    page = table.client.get(f"/?t={token}&lang=et")
    assert page.status_code == 200 and "Mängija Ben märkmik" in page.text
    assert f'href="/?t={token}&amp;lang=en"' in page.text  # the switch back, the seat's link kept
    again = table.client.get(f"/?t={token}", headers={"Accept-Language": "en"})  # the cookie wins
    assert "Mängija Ben märkmik" in again.text


def test_writes_answer_in_estonian_and_the_board_too(table: Table) -> None:
    hand = HANDS["Ann"]
    token = table.tokens["Ann"]
    csrf = table.app.state.table.viewer("Ann").csrf
    answer = table.client.post(
        "/table/hand",
        data={"card": list(hand), "csrf": csrf},
        headers={"Authorization": f"Bearer {token}", "X-CSRF-Token": csrf, **ET},
    )
    assert answer.status_code == 200, answer.text
    assert "Sinu käsi:" in answer.text
    board = table.get(None, "/", **ET)
    assert "Avalik logi" in board and "Veel pole ühtki kirjet" in board and "Mängijad" in board
    assert "The public record" not in board


def test_the_api_stays_english_whatever_the_browser_asks(table: Table) -> None:
    state_et = table.get("Cat", "/api/state", **ET)
    state_en = table.get("Cat", "/api/state", **{"Accept-Language": "en"})
    assert state_et == state_en
    refused = table.client.post(
        "/api/hand",
        content=json.dumps({"cards": ["Nope"]}),
        headers={"Authorization": f"Bearer {table.tokens['Cat']}", **ET},
    )
    assert refused.status_code == 400
    message = refused.json()["error"]
    assert message.isascii(), message
