"""Fixing a past line from the page, in-process: the line editor and its three changes.

Each change must leave the session exactly as the session code's edit_line / delete_line /
insert_line (what ``clue edit|delete|insert`` run) leave it, be refused on a contradiction
with the file byte for byte unchanged, and be taken back by undo.  The client and its
folder are test_http's (the same guard, cookie and headers).
"""

from __future__ import annotations

import json
import re
import shutil
from html import unescape
from pathlib import Path
from typing import TYPE_CHECKING

from cluesolver.clue.session.edit import delete_line, edit_line, insert_line
from tests.web import test_http as shared
from tests.web.test_http import EXAMPLES, HX, errors

client = shared.client  # the app, its folder and the guard's headers, as test_http.py has them
folder = shared.folder

if TYPE_CHECKING:
    from starlette.testclient import TestClient

# line 10 of classic-4p.clue: Ann (the notebook's owner) showed Professor Plum, one of her cards
PASSES_WITH_HER_CARD = "Dan suggests Professor Plum, Lead Pipe, Library; Ann passes; Ben passes; Cat passes"
ORIGINAL = (EXAMPLES / "classic-4p.clue").read_bytes()


def _copy(where: Path, name: str) -> Path:
    shutil.copy(EXAMPLES / "classic-4p.clue", where / name)
    return where / name


def _line(path: Path, n: int) -> str:
    return path.read_text().splitlines()[n - 1]


def test_tapping_a_line_opens_its_editor_with_the_pads_draft(client: TestClient) -> None:
    r = client.get("/clue/line?n=10", headers=HX)
    assert r.status_code == 200
    html = r.text
    assert 'id="line-editor"' in html and "Line 10" in html
    assert 'value="Dan suggests Professor Plum, Lead Pipe, Library; Ann shows Professor Plum"' in html
    draft = json.loads(unescape(re.search(r"data-tap-op=\"edit\" data-line=\"10\" data-draft='(.*?)'", html)[1]))
    assert draft["kind"] == "suggest" and draft["who"] == "Dan"
    assert draft["cards"] == ["Professor Plum", "Lead Pipe", "Library"]
    assert draft["answers"] == [["Ann", "show", "Professor Plum"]]
    # without htmx: the whole page with the editor open
    page = client.get("/clue/line?n=10").text
    assert "<h1>" in page and 'id="edit-text"' in page


def test_the_page_lists_the_log_with_its_file_line_numbers(client: TestClient) -> None:
    html = client.get("/clue").text
    lines = re.findall(r'hx-get="/clue/line\?n=(\d+)"[^>]*data-line="\d+"><span class="ln">(\d+)</span>', html)
    assert [int(a) for a, _ in lines] == list(range(7, 21))
    assert all(a == b for a, b in lines)


def test_a_line_without_a_statement_is_refused(client: TestClient) -> None:
    r = client.get("/clue/line?n=5", headers=HX)  # the 'my cards' header line
    assert r.status_code == 400
    assert errors(r.text) == [
        "line 5 holds no statement of the log: pick a line of the log "
        "(did you mean: line 7: Ann suggests Mrs. Peacock, Wrench, Hall; Ben shows Wrench?)"
    ]
    for bad in ("abc", "0", "-3", "99999999999", ""):
        r = client.get(f"/clue/line?n={bad}", headers=HX)
        assert r.status_code == 400 and "a line number is a whole number from 1" in r.text


def test_edit_writes_what_the_session_code_writes(client: TestClient, folder: Path) -> None:
    new = "Cat suggests Professor Plum, Lead Pipe, Lounge; Dan passes; Ann shows Lounge"
    r = client.post("/clue/line/edit", data={"line": "9", "statement": new}, headers=HX)
    assert r.status_code == 200, r.text[:800]
    assert f"Line 9 now: {new}" in unescape(r.text)
    assert 'hx-swap-oob="true"' in r.text  # the fresh panel comes along
    edit_line(_copy(folder, "lib.clue"), 9, new)
    assert (folder / "game.clue").read_bytes() == (folder / "lib.clue").read_bytes()


def test_delete_and_insert_write_what_the_session_code_writes(client: TestClient, folder: Path) -> None:
    r = client.post("/clue/line/delete", data={"line": "12"}, headers=HX)
    assert r.status_code == 200 and "Deleted line 12" in unescape(r.text)
    delete_line(_copy(folder, "lib.clue"), 12)
    assert (folder / "game.clue").read_bytes() == (folder / "lib.clue").read_bytes()
    r = client.post("/clue/line/insert", data={"line": "8", "statement": "Cat has Knife"}, headers=HX)
    assert r.status_code == 200 and "Inserted at line 8: Cat has Knife" in unescape(r.text)
    insert_line(folder / "lib.clue", 8, "Cat has Knife")
    assert (folder / "game.clue").read_bytes() == (folder / "lib.clue").read_bytes()
    assert _line(folder / "game.clue", 8) == "Cat has Knife"


def test_a_contradicting_edit_is_refused_then_forced_then_undone(client: TestClient, folder: Path) -> None:
    path = folder / "game.clue"
    r = client.post("/clue/line/edit", data={"line": "10", "statement": PASSES_WITH_HER_CARD}, headers=HX)
    assert r.status_code == 409
    assert path.read_bytes() == ORIGINAL
    (message,) = errors(r.text)
    assert message.startswith("not changed: editing line 10 would contradict the log (line ")
    assert "line 10: " + PASSES_WITH_HER_CARD in message
    # the editor stays open on line 10 with what was typed, and offers to force it
    assert 'id="line-force"' in r.text and "Change it anyway" in r.text
    assert f'name="statement" value="{PASSES_WITH_HER_CARD}"' in r.text
    assert 'name="force" value="1"' in r.text
    r = client.post("/clue/line/edit", data={"line": "10", "statement": PASSES_WITH_HER_CARD, "force": "1"}, headers=HX)
    assert r.status_code == 200
    assert _line(path, 10) == PASSES_WITH_HER_CARD
    assert "The log contradicts itself" in r.text  # the panel says so
    r = client.post("/clue/undo", headers=HX)
    assert r.status_code == 200
    assert "Undid the edit of line 10" in unescape(r.text)
    assert path.read_bytes() == ORIGINAL


def test_undo_takes_back_a_delete_and_an_insert(client: TestClient, folder: Path) -> None:
    path = folder / "game.clue"
    assert client.post("/clue/line/insert", data={"line": "7", "statement": "Cat has Knife"}, headers=HX).is_success
    assert client.post("/clue/line/delete", data={"line": "15"}, headers=HX).is_success
    assert "Undid the deletion of line 15" in unescape(client.post("/clue/undo", headers=HX).text)
    assert "Undid the insert at line 7" in unescape(client.post("/clue/undo", headers=HX).text)
    assert path.read_bytes() == ORIGINAL


def test_bad_statements_and_lines_write_nothing(client: TestClient, folder: Path) -> None:
    path = folder / "game.clue"
    cases = [
        ("edit", {"line": "9", "statement": "Cat suggests Plum, Ropz, Hall"}, "unknown card"),
        ("edit", {"line": "3", "statement": "Cat has Knife"}, "line 3 is the header line 'players:'"),
        ("insert", {"line": "2", "statement": "Cat has Knife"}, "line 2 is in the header"),
        ("delete", {"line": "6"}, "line 6 is a blank line"),
        ("edit", {"line": "x", "statement": "Cat has Knife"}, "a line number is a whole number from 1"),
        ("insert", {"line": "9", "statement": "Cat has Knife\nDan has Rope"}, "one statement at a time"),
        ("insert", {"line": "9", "statement": "x" * 2001}, "a statement is at most 2000 characters"),
    ]
    for op, data, said in cases:
        r = client.post(f"/clue/line/{op}", data=data, headers=HX)
        assert r.status_code == 400, (op, data)
        assert said in unescape(r.text), (op, data, errors(r.text))
        assert path.read_bytes() == ORIGINAL


def test_without_htmx_a_change_redirects_and_a_refusal_is_the_whole_page(client: TestClient) -> None:
    r = client.post("/clue/line/insert", data={"line": "7", "statement": "Cat has Knife"}, follow_redirects=False)
    assert r.status_code == 303 and r.headers["location"] == "/clue"
    r = client.post("/clue/line/edit", data={"line": "10", "statement": PASSES_WITH_HER_CARD})
    assert r.status_code == 409 and "<h1>" in r.text and "Change it anyway" in r.text
    assert len(errors(r.text)) == 1  # shown once, in the editor


def test_a_contradicting_add_offers_to_record_it_anyway(client: TestClient, folder: Path) -> None:
    line = "Ann suggests Miss Scarlet, Knife, Hall; Ben shows Miss Scarlet"
    r = client.post("/clue/add", data={"statement": line}, headers=HX)
    assert r.status_code == 409 and 'id="add-force"' in r.text
    form = re.search(r'<form class="retry".*?</form>', r.text, flags=re.S)
    assert form is not None and 'name="force" value="1"' in form[0] and f'value="{line}"' in form[0]
    r = client.post("/clue/add", data={"statement": line}, headers={})
    assert r.status_code == 409 and 'id="add-force"' in r.text
    bad = client.post("/clue/add", data={"statement": "Ann suggests Plum, Ropz, Hall"}, headers=HX)
    assert bad.status_code == 400 and 'id="add-force"' not in bad.text
