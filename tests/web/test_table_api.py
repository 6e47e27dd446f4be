"""A table game's JSON API through starlette's TestClient (docs/web.md, "The table's API"):
a dealt four-player game driven through it gives every seat exactly the notebook of the
record it should have, a seat that did not show or see a card cannot tell it, and no route
answers without a token of this table."""

from __future__ import annotations

import json
import warnings
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("uvicorn")

with warnings.catch_warnings():  # starlette 1.x suggests httpx2
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient
from typer.testing import CliRunner

from cluesolver.cli import app as cli_app
from cluesolver.clue.session import table_files as F
from cluesolver.clue.session.table import Table, create_table, open_table
from cluesolver.web.table_app import create_table_app
from cluesolver.web.table_guard import Viewer
from tests.clue.session.table_play import HANDS, PLAYERS, DealtGame, Turn

runner = CliRunner()


class Seats:
    """A client per seat and one for the board, each sending its own token as a Bearer header."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.app = create_table_app(table)
        self.viewers: dict[str | None, Viewer] = {v.seat: v for v in self.app.state.table.viewers}
        self.client = TestClient(self.app)

    def headers(self, seat: str | None) -> dict[str, str]:
        return {"Authorization": f"Bearer {self.viewers[seat].token}"}

    def get(self, seat: str | None, path: str) -> Any:
        return self.client.get(path, headers=self.headers(seat))

    def post(self, seat: str | None, path: str, body: object) -> Any:
        return self.client.post(path, content=json.dumps(body), headers=self.headers(seat))


def files(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir()) if p.is_file() and not p.name.endswith(".lock")}


def replay_json(path: Path) -> str:
    result = runner.invoke(cli_app, ["replay", str(path), "--json"])
    assert result.exit_code in (0, 3), result.output
    return result.stdout


@pytest.fixture()
def seats(tmp_path: Path) -> Seats:
    return Seats(create_table(tmp_path / "table", game="classic", players=",".join(PLAYERS)))


def check_states(seats: Seats, game: DealtGame, tmp_path: Path) -> None:
    """Every seat's /api/state is `replay --json` of its record plus "seat", byte for byte as
    JSON, and the same as `replay --json` of the record it should have (built from the deal)."""
    for seat in game.players:
        answer = seats.get(seat, "/api/state")
        assert answer.status_code == 200
        cli = replay_json(seats.table.path(seat))
        assert answer.text == cli.rstrip()[:-2] + f',\n  "seat": "{seat}"\n}}\n'
        expected = tmp_path / f"expected-{seat}.clue"
        expected.write_text(game.record(seat))
        assert json.loads(answer.text) == {**json.loads(replay_json(expected)), "seat": seat}


def play_turn(seats: Seats, game: DealtGame, k: int, *, tell: bool = True) -> Turn:
    line = F.HEADER_LINES + 1 + len(game.turns)
    turn = game.play(line, accuse_after=18)
    answer = seats.post(game.players[(k + 1) % 4], "/api/line", {"text": turn.statement})  # any seat may post it
    assert answer.status_code == 200, answer.text
    assert answer.json() == {"line": line}
    if tell and turn.shower is not None and turn.card is not None:
        outsider = next(p for p in game.players if p not in (turn.suggester, turn.shower))
        before = files(seats.table.folder)
        refused = seats.post(outsider, "/api/seen", {"line": line, "card": turn.card})
        assert refused.status_code in (400, 403), refused.text
        assert files(seats.table.folder) == before
        tellers = [(turn.shower, turn.suggester), (turn.suggester,), (turn.shower,)][k % 3]
        for who in tellers:
            told = seats.post(who, "/api/seen", {"line": line, "card": turn.card})
            assert told.status_code == 200, told.text
            assert told.json()["card"] == turn.card
    return turn


@pytest.mark.parametrize("seed", [11, 26])
def test_a_dealt_game_through_the_api_gives_every_seat_its_own_notebook(
    seats: Seats, tmp_path: Path, seed: int
) -> None:
    game = DealtGame(seed)
    for seat in game.players:
        assert seats.post(seat, "/api/hand", {"cards": game.hand(seat)}).status_code == 200
    check_states(seats, game, tmp_path)
    for k in range(40):
        turn = play_turn(seats, game, k)
        if "accuses" in turn.statement:
            break
        if k % 2 == 1:  # after every second suggestion
            check_states(seats, game, tmp_path)
    check_states(seats, game, tmp_path)
    board = seats.get(None, "/api/board").json()
    assert board["winner"] == game.turns[-1].suggester
    assert [x["line"] for x in board["lines"]] == [t.event.line for t in game.turns]


def test_hands_entered_after_the_game_started_get_the_cards_told_meanwhile(seats: Seats, tmp_path: Path) -> None:
    game = DealtGame(5)
    for k in range(8):
        play_turn(seats, game, k, tell=False)
    shown = [t for t in game.turns if t.shower is not None and t.card is not None]
    first = shown[0]
    assert first.shower is not None and first.card is not None
    refused = seats.post(first.shower, "/api/seen", {"line": first.event.line, "card": first.card})
    assert refused.status_code == 400 and "enter your hand first" in refused.json()["error"]
    early = ("Ann", "Cat")
    for seat in early:
        assert seats.post(seat, "/api/hand", {"cards": game.hand(seat)}).status_code == 200
    for t in shown:  # told by Ann or Cat: kept waiting in the other seat's record until its hand comes
        teller = t.shower if t.shower in early else t.suggester if t.suggester in early else None
        if teller is not None:
            assert seats.post(teller, "/api/seen", {"line": t.event.line, "card": t.card}).status_code == 200
    for seat in game.players:
        if seat not in early:
            assert seats.post(seat, "/api/hand", {"cards": game.hand(seat)}).status_code == 200
    for t in shown:
        if t.shower not in early and t.suggester not in early:
            assert seats.post(t.shower or "", "/api/seen", {"line": t.event.line, "card": t.card}).status_code == 200
    check_states(seats, game, tmp_path)


def test_seen_from_a_seat_that_neither_showed_nor_saw_is_refused_and_changes_nothing(seats: Seats) -> None:
    for seat, hand in HANDS.items():
        assert seats.post(seat, "/api/hand", {"cards": hand}).status_code == 200
    assert seats.post(
        "Ann", "/api/line", {"text": "Ann suggests Plum, Rope, Library; Ben passes; Cat shows"}
    ).json() == {"line": 8}
    before = files(seats.table.folder)
    for seat, body in [
        ("Ben", {"line": 8, "card": "Rope"}),  # passed
        ("Dan", {"line": 8, "card": "Plum"}),  # not asked
        (None, {"line": 8, "card": "Rope"}),  # the board
    ]:
        answer = seats.post(seat, "/api/seen", body)
        assert answer.status_code == 403, answer.text
    assert files(seats.table.folder) == before


def test_refusals_say_why_and_write_nothing(seats: Seats) -> None:
    game = DealtGame(4)
    seats.post("Ann", "/api/hand", {"cards": game.hand("Ann")})
    before = files(seats.table.folder)
    cases = [
        ("/api/line", {"text": "Ann suggests Plum, Rope, Library; Ben shows Rope"}, 400, "/api/seen"),
        ("/api/line", {"text": "Ann suggests Plum, Rope, Libary; Ben shows"}, 400, "unknown card"),
        ("/api/line", {"statement": "Ann suggests Plum, Rope, Library"}, 400, '{"text"'),
        ("/api/hand", {"cards": game.hand("Ben")}, 409, "entered already"),
        ("/api/hand", {"cards": "Rope"}, 400, '{"cards"'),
        ("/api/seen", {"line": "8", "card": "Rope"}, 400, '{"line"'),
        ("/api/seen", {"line": 8, "card": "Rope"}, 400, "not a statement"),
    ]
    for path, body, status, says in cases:
        answer = seats.post("Ann", path, body)
        assert answer.status_code == status, (path, body, answer.text)
        assert says in answer.json()["error"], answer.json()
    not_json = seats.client.post("/api/line", content=b"{oops", headers=seats.headers("Ann"))
    assert not_json.status_code == 400 and "not JSON" in not_json.json()["error"]
    assert files(seats.table.folder) == before


ROUTES = [
    ("GET", "/"),
    ("GET", "/api/state"),
    ("GET", "/api/board"),
    ("POST", "/api/hand"),
    ("POST", "/api/line"),
    ("POST", "/api/seen"),
    ("GET", "/table/events"),
    ("GET", "/table/board"),
    ("GET", "/table/asks"),
    ("GET", "/table/hand"),
    ("GET", "/table/show?line=8"),
    ("POST", "/table/line"),
    ("POST", "/table/hand"),
    ("POST", "/table/seen"),
    ("GET", "/clue/panel"),
    ("GET", "/clue/why?fact=Ann+has+Rope"),
    ("GET", "/clue/next"),
    ("GET", "/clue/accuse"),
    ("GET", "/clue/line?n=8"),
    ("GET", "/static/table.js"),
    ("GET", "/nowhere"),
]


def test_the_routes_tried_are_every_route_of_the_app(seats: Seats) -> None:
    tried = {(m, p.split("?")[0]) for m, p in ROUTES} | {("GET", "/static")}
    for route in seats.app.routes:
        for method in getattr(route, "methods", None) or {"GET"}:
            if method != "HEAD":
                assert (method, route.path) in tried, route.path


@pytest.mark.parametrize(("method", "path"), ROUTES)
def test_no_token_or_a_wrong_one_is_403_on_every_route(seats: Seats, method: str, path: str) -> None:
    before = files(seats.table.folder)
    body = json.dumps({"text": "Ann suggests Plum, Rope, Library; nobody shows", "cards": [], "line": 8, "card": "X"})
    other = create_table(seats.table.folder.parent / "other", game="classic", players="Ann,Ben,Cat,Dan")
    wrong = Seats(other).viewers["Ann"].token  # a token of another table
    for headers, query in [
        ({}, ""),
        ({"Authorization": "Bearer nope"}, ""),
        ({"Authorization": f"Bearer {wrong}"}, ""),
        ({"Authorization": f"Basic {seats.viewers['Ann'].token}"}, ""),
        ({}, f"t={wrong}"),
        ({}, "t="),
    ]:
        url = path + (("&" if "?" in path else "?") + query if query else "")
        answer = seats.client.request(method, url, content=body if method == "POST" else None, headers=headers)
        assert answer.status_code == 403, (headers, url, answer.text)
        assert "not one of this table's" in answer.text
    assert files(seats.table.folder) == before


@pytest.mark.parametrize(
    "path", ["/api/state", "/api/hand", "/api/line", "/api/seen", "/table/asks", "/clue/panel", "/table/line"]
)
def test_the_boards_token_opens_the_board_only(seats: Seats, path: str) -> None:
    before = files(seats.table.folder)
    method = "POST" if path in ("/api/hand", "/api/line", "/api/seen", "/table/line") else "GET"
    answer = seats.client.request(
        method,
        path,
        content=json.dumps({"text": "Ann suggests Plum, Rope, Library; nobody shows"}),
        headers=seats.headers(None),
    )
    assert answer.status_code == 403
    assert files(seats.table.folder) == before
    assert seats.get(None, "/api/board").status_code == 200


def test_a_write_with_the_token_in_the_link_needs_the_pages_origin_and_csrf(seats: Seats) -> None:
    ann = seats.viewers["Ann"]
    body = json.dumps({"text": "Ann suggests Plum, Rope, Library; nobody shows"})
    before = files(seats.table.folder)
    for headers in [
        {},
        {"Origin": "http://testserver"},
        {"Origin": "http://evil.example", "X-CSRF-Token": ann.csrf},
        {"Origin": "http://testserver", "X-CSRF-Token": seats.viewers["Ben"].csrf},
    ]:
        answer = seats.client.post(f"/api/line?t={ann.token}", content=body, headers=headers)
        assert answer.status_code == 403, headers
    assert files(seats.table.folder) == before
    ok = seats.client.post(
        f"/api/line?t={ann.token}", content=body, headers={"Origin": "http://testserver", "X-CSRF-Token": ann.csrf}
    )
    assert ok.status_code == 200 and ok.json() == {"line": 8}
    assert seats.post("Ben", "/api/line", {"text": "Ben suggests Green, Rope, Hall; nobody shows"}).json() == {
        "line": 9
    }  # a Bearer token needs no CSRF token: another site's page cannot send that header


def test_the_table_resumes_with_the_same_links(seats: Seats) -> None:
    seats.post("Ann", "/api/line", {"text": "Ann suggests Plum, Rope, Library; nobody shows"})
    again = Seats(open_table(seats.table.folder))
    assert again.viewers == seats.viewers
    assert again.get("Cat", "/api/state").json() == seats.get("Cat", "/api/state").json()
    assert again.post("Ben", "/api/line", {"text": "Ben suggests Green, Rope, Hall; nobody shows"}).json() == {
        "line": 9
    }


def private_strings(seats: Seats, seat: str) -> list[str]:
    """What only ``seat`` may see: its hand as its record lists it, and each of its lines
    naming a card (the card it showed or was shown)."""
    rec = seats.table.read(seat)
    public = seats.table.read(None).lines
    out = [", ".join(rec.log.header.my_cards)] if rec.log.header.my_cards else []
    out += [f"★ {c}" for c in rec.log.header.my_cards]
    out += [line for line, said in zip(rec.lines, public) if line != said]
    return out


def test_no_seat_sees_another_seats_hand_or_the_cards_it_showed_or_saw(seats: Seats, tmp_path: Path) -> None:
    game = DealtGame(8)
    for seat in game.players:
        seats.post(seat, "/api/hand", {"cards": game.hand(seat)})
    for k in range(12):
        play_turn(seats, game, k)
    answers: dict[str | None, str] = {}
    for viewer in (None, *game.players):
        pages = [
            "/",
            "/api/board",
            "/table/board",
            *(
                ["/api/state", "/table/asks", "/table/hand", "/clue/panel", "/clue/accuse", "/clue/next"]
                if viewer
                else []
            ),
        ]
        answers[viewer] = "\n".join(seats.get(viewer, p).text for p in pages)
    for seat in game.players:
        secrets = private_strings(seats, seat)
        assert len(secrets) > 3  # a hand and some cards shown
        for viewer, text in answers.items():
            if viewer == seat:
                continue
            mine = set(private_strings(seats, viewer)) if viewer else set()
            leaked = [s for s in secrets if s in text and s not in mine]
            assert not leaked, (seat, viewer, leaked)
    for viewer in game.players:  # and each seat's own page does show its own
        assert f"★ {game.hand(viewer)[0]}" in answers[viewer]
