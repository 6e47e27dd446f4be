"""The web companion in-process (starlette's TestClient): every route, the token, bad input.

Bad input must be refused with exactly the CLI's message and leave the files untouched.
"""

from __future__ import annotations

import re
import shutil
import warnings
from html import unescape
from pathlib import Path

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

with warnings.catch_warnings():  # starlette 1.x suggests httpx2, which is not on PyPI's index here
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient
from typer.testing import CliRunner

from cluesolver.cli import app as cli_app
from cluesolver.web.app import WebSettings, cookie_name, create_app, percent
from cluesolver.web.common import LINK_CHANGED
from tests.helpers import ROOT

EXAMPLES = ROOT / "examples"
TOKEN = "test-token-123"
HX = {"hx-request": "true"}
COOKIE = cookie_name(80)  # the TestClient's server is testserver:80


def own_page(app: object) -> TestClient:
    """A client that writes as the server's own page does: its Origin and the run's CSRF token."""
    c = TestClient(app)  # type: ignore[arg-type]
    c.headers.update({"Origin": "http://testserver", "X-CSRF-Token": c.app.state.cs.settings.csrf})  # type: ignore[attr-defined]
    return c


BAD_CARD = "Ann suggests Plum, Ropz, Hall; Ben shows"
CONTRADICTION = "Ann suggests Miss Scarlet, Knife, Hall; Ben shows Miss Scarlet"


@pytest.fixture()
def folder(tmp_path: Path) -> Path:
    for name in ("classic-4p.clue", "las-vegas-night.toml", "lords-midgame.toml", "welcome-table-3p.toml"):
        shutil.copy(EXAMPLES / name, tmp_path / name)
    shutil.copy(EXAMPLES / "classic-4p.clue", tmp_path / "game.clue")
    return tmp_path


@pytest.fixture()
def client(folder: Path) -> TestClient:
    settings = WebSettings(token=TOKEN, folder=folder, session=folder / "game.clue")
    c = own_page(create_app(settings))
    c.cookies.set(COOKIE, TOKEN)
    return c


def errors(html: str) -> list[str]:
    return [unescape(m) for m in re.findall(r'<p class="error">error: (.*?)</p>', html, flags=re.S)]


def cli_errors(args: list[str]) -> tuple[int, list[str]]:
    result = CliRunner().invoke(cli_app, args)
    lines = [ln.removeprefix("error: ") for ln in result.stderr.splitlines() if ln.startswith("error: ")]
    return result.exit_code, lines


# ----------------------------------------------------------------------------- the token


ROUTES = [
    "/",
    "/clue",
    "/clue/panel",
    "/clue/why?holder=Ben&card=Wrench",
    "/clue/next?room=Hall",
    "/clue/log",
    "/clue/line?n=7",
    "/vegas",
    "/las-vegas/payout?casino=Anna%3D5+Ben%3D3&money=90,40",
    "/las-vegas/standings?file=las-vegas-night.toml",
    "/lords/track?at=8&casinos=1,1,3",
    "/lords/payout?file=lords-midgame.toml&card=D5",
    "/welcome/score?file=welcome-table-3p.toml",
    "/rules?q=sprawl",
    "/rules/lords-of-vegas/sprawl",
    "/rules/clue",
    "/static/htmx.min.js",
    "/static/app.css",
    "/static/app.js",
    "/static/tap.js",
    "/static/wake.js",
    "/no-such-page",
]


@pytest.mark.parametrize("url", ROUTES)
def test_without_the_token_every_route_is_403_and_says_how_to_get_in(folder: Path, url: str) -> None:
    c = own_page(create_app(WebSettings(token=TOKEN, folder=folder, session=folder / "game.clue")))
    r = c.get(url)
    assert r.status_code == 403 and r.text == LINK_CHANGED + "\n"
    r = c.get(url + ("&" if "?" in url else "?") + "t=wrong-token")
    assert r.status_code == 403 and r.text == LINK_CHANGED + "\n"
    c.cookies.set(COOKIE, "wrong-token")
    assert c.get(url).status_code == 403


def test_posts_without_the_token_write_nothing(folder: Path) -> None:
    before = (folder / "game.clue").read_bytes()
    c = own_page(create_app(WebSettings(token=TOKEN, folder=folder, session=folder / "game.clue")))
    assert c.post("/clue/add", data={"statement": "Ann suggests Plum, Rope, Hall; Ben shows"}).status_code == 403
    assert c.post("/clue/undo").status_code == 403
    assert (folder / "game.clue").read_bytes() == before


def test_token_in_the_link_sets_a_cookie_for_later_requests(folder: Path) -> None:
    c = own_page(create_app(WebSettings(token=TOKEN, folder=folder, session=folder / "game.clue")))
    r = c.get(f"/?t={TOKEN}")
    assert r.status_code == 200
    cookie = r.headers["set-cookie"]
    assert f"{COOKIE}={TOKEN}" in cookie and "HttpOnly" in cookie and "SameSite=Strict" in cookie
    assert c.get("/clue/panel").status_code == 200  # the cookie alone now


@pytest.mark.parametrize("url", [u for u in ROUTES if u != "/no-such-page"])
def test_every_route_answers(client: TestClient, url: str) -> None:
    r = client.get(url)
    assert r.status_code == 200, r.text[:500]
    assert errors(r.text) == []


def test_unknown_page_is_404(client: TestClient) -> None:
    assert client.get("/no-such-page").status_code == 404


# ----------------------------------------------------------------------------- the Clue page


def test_clue_page_shows_the_notebook(client: TestClient) -> None:
    html = client.get("/clue").text
    assert "175</strong> deals agree with the log" in html
    assert 'aria-label="Dan, Miss Scarlet: 100 percent, certain"' in html  # a certain cell
    assert 'aria-label="my card"' in html  # Ann's own cards are marked
    # more open combinations than the page counts per update: the likeliest card of each category
    assert "Most likely: <strong>Mr. Green, Knife, Kitchen</strong> — 10%" in html
    assert "Cat to move." in html
    # completion phrases: players, cards, aliases (Estonian too), keywords
    phrases = re.search(r"data-phrases='(.*?)'", html)
    assert phrases is not None
    for word in ("Ben", "Knife", "nuga", "köis", "suggests", "nobody shows"):
        assert f'"{word}"' in unescape(phrases.group(1)).replace("\\u00f6", "ö")


def test_add_writes_through_the_session_like_clue_add(client: TestClient, folder: Path) -> None:
    line = "Cat suggests Mr. Green, Knife, Hall; Dan passes; Ann passes; Ben passes"
    r = client.post("/clue/add", data={"statement": line}, headers=HX)
    assert r.status_code == 200
    assert f"Recorded: {line}" in r.text
    assert 'hx-swap-oob="true"' in r.text and "40</strong> deals" in r.text
    assert (folder / "game.clue").read_text().endswith(line + "\n")
    # the same line through the CLI gives the same file
    shutil.copy(EXAMPLES / "classic-4p.clue", folder / "cli.clue")
    assert CliRunner().invoke(cli_app, ["clue", "add", "--file", str(folder / "cli.clue"), line]).exit_code == 0
    assert (folder / "cli.clue").read_text() == (folder / "game.clue").read_text()


def test_add_without_htmx_redirects_to_the_page(client: TestClient) -> None:
    r = client.post(
        "/clue/add", data={"statement": "Cat suggests Mr. Green, Knife, Hall; Dan shows"}, follow_redirects=False
    )
    assert r.status_code == 303 and r.headers["location"] == "/clue"


@pytest.mark.parametrize(
    ("statement", "status", "code"),
    [(BAD_CARD, 400, 2), (CONTRADICTION, 409, 3), ("", 400, 2), ("Zed suggests Plum, Rope, Hall", 400, 2)],
)
def test_bad_lines_are_refused_with_the_clis_message_and_nothing_written(
    client: TestClient, folder: Path, statement: str, status: int, code: int
) -> None:
    path = folder / "game.clue"
    before = path.read_bytes()
    for headers in (HX, {}):
        r = client.post("/clue/add", data={"statement": statement}, headers=headers)
        assert r.status_code == status
        assert path.read_bytes() == before
    web = errors(r.text)
    exit_code, cli = cli_errors(["clue", "add", "--file", str(path), statement])
    assert exit_code == code
    assert web == cli and web
    assert path.read_bytes() == before
    assert statement in r.text  # the typed line is kept to fix it


def test_force_records_a_contradiction(client: TestClient, folder: Path) -> None:
    r = client.post("/clue/add", data={"statement": CONTRADICTION, "force": "1"}, headers=HX)
    assert r.status_code == 200
    assert "The log contradicts itself" in r.text
    assert (folder / "game.clue").read_text().endswith(CONTRADICTION + "\n")


def test_undo_drops_the_last_line(client: TestClient, folder: Path) -> None:
    path = folder / "game.clue"
    last = path.read_text().splitlines()[-1]
    r = client.post("/clue/undo", headers=HX)
    assert r.status_code == 200 and f"Removed: {last}" in r.text
    assert path.read_text() == (EXAMPLES / "classic-4p.clue").read_text().replace(last + "\n", "")


def test_undo_with_no_events_says_so(folder: Path) -> None:
    header = "".join(ln + "\n" for ln in (EXAMPLES / "classic-4p.clue").read_text().splitlines()[:6])
    (folder / "empty.clue").write_text(header)
    c = own_page(create_app(WebSettings(token=TOKEN, folder=folder, session=folder / "empty.clue")))
    c.cookies.set(COOKIE, TOKEN)
    r = c.post("/clue/undo", headers=HX)
    assert r.status_code == 400
    assert errors(r.text) == [f"{folder / 'empty.clue'}: nothing to undo (the session has no events yet)"]
    assert (folder / "empty.clue").read_text() == header


def test_a_locked_session_is_refused(client: TestClient, folder: Path) -> None:
    from cluesolver.clue.session.store import locked

    path = folder / "game.clue"
    before = path.read_bytes()
    import subprocess
    import sys

    holder = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "import sys, time; from pathlib import Path; from cluesolver.clue.session.store import locked\n"
            "with locked(Path(sys.argv[1])):\n    print('locked', flush=True); time.sleep(30)",
            str(path),
        ],
        stdout=subprocess.PIPE,
        text=True,
        cwd=ROOT,
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "locked"
        r = client.post("/clue/add", data={"statement": "Cat suggests Mr. Green, Knife, Hall; Dan shows"}, headers=HX)
        assert r.status_code == 400
        assert "another process is writing this session" in errors(r.text)[0]
        assert path.read_bytes() == before
    finally:
        holder.kill()
        holder.wait()
    assert locked is not None


def test_panel_polling_is_204_until_the_file_changes(client: TestClient, folder: Path) -> None:
    html = client.get("/clue/panel").text
    version = re.search(r'data-version="([^"]+)"', html)
    assert version is not None
    assert client.get("/clue/panel", params={"v": version.group(1)}).status_code == 204
    # a clue add in a terminal
    result = CliRunner().invoke(
        cli_app, ["clue", "add", "--file", str(folder / "game.clue"), "Cat suggests Mr. Green, Knife, Hall; Dan shows"]
    )
    assert result.exit_code == 0
    r = client.get("/clue/panel", params={"v": version.group(1)})
    assert r.status_code == 200
    assert "Last line 21: Cat suggests Mr. Green, Knife, Hall; Dan shows" in r.text


def test_why_a_cell_is_certain_quotes_the_lines(client: TestClient) -> None:
    r = client.get("/clue/why", params={"holder": "Ben", "card": "Wrench"})
    assert "<strong>Ben has Wrench</strong> is certain, forced by these lines:" in r.text
    assert "Ann suggests Mrs. Peacock, Wrench, Hall; Ben shows Wrench" in unescape(r.text)
    r = client.get("/clue/why", params={"holder": "envelope", "card": "Miss Scarlet"})
    assert "impossible" in r.text
    r = client.get("/clue/why", params={"holder": "Cat", "card": "Knife"})
    assert "<strong>Cat has Knife</strong>: not certain — 19% of the deals" in r.text
    r = client.get("/clue/why", params={"fact": "Dan has Scarlet"})
    assert "<strong>Dan has Miss Scarlet</strong> is certain" in r.text


def test_why_refuses_unknown_names_like_clue_why(client: TestClient, folder: Path) -> None:
    r = client.get("/clue/why", params={"fact": "Dan has Knofe"})
    assert r.status_code == 400
    _, cli = cli_errors(["clue", "why", "--file", str(folder / "game.clue"), "Dan has Knofe"])
    assert errors(r.text) == cli
    r = client.get("/clue/why", params={"holder": "Zed", "card": "Knife"})
    assert r.status_code == 400 and errors(r.text)[0].startswith("unknown holder: 'Zed'")
    assert client.get("/clue/why").status_code == 400


def test_next_suggestions_in_a_room(client: TestClient, folder: Path) -> None:
    r = client.get("/clue/next", params={"room": "Hall"})
    assert r.status_code == 200
    assert "For <strong>Cat</strong> in the Hall: all 36 suggestions scored exactly on every consistent deal" in r.text
    assert r.text.count("<tr><td>") == 5
    r = client.get("/clue/next", params={"room": "Knife"})
    assert r.status_code == 400
    _, cli = cli_errors(["clue", "next", "--file", str(folder / "game.clue"), "--room", "Knife"])
    assert errors(r.text) == cli


def test_accuse_weighs_now_against_each_opponents_threat(client: TestClient, folder: Path) -> None:
    from cluesolver.clue.advice.accuse import accusation
    from cluesolver.clue.session.store import read_session

    advice = accusation(read_session(folder / "game.clue")[1], plan=True)
    assert advice.timing is not None
    r = client.get("/clue/accuse")
    assert r.status_code == 200
    assert f'data-decision="{advice.decision}"' in r.text
    assert f"{advice.open_combinations} combinations still possible, each counted exactly." in r.text
    best = f"<li><strong>{', '.join(advice.cards)}</strong> {percent(advice.probability)}%"
    assert best in r.text
    for threat in advice.timing.threats:
        assert f'<tr><th scope="row">{threat.player}</th>' in r.text
    assert client.get("/clue/accuse").text == r.text  # cached for the file version


def test_after_a_correct_accusation_the_game_is_over(client: TestClient, folder: Path) -> None:
    line = "Cat accuses Mr. Green, Knife, Dining Room; correct"
    assert client.post("/clue/add", data={"statement": line, "force": "1"}, headers=HX).status_code == 200
    assert "The game is over:</strong> Cat accused correctly." in client.get("/clue/accuse").text
    assert "The game is over: someone accused correctly." in client.get("/clue/next").text


def test_log_text_is_the_session_file(client: TestClient, folder: Path) -> None:
    assert client.get("/clue/log").text == (folder / "game.clue").read_text()


def test_without_a_session_the_clue_page_says_how_to_start(folder: Path) -> None:
    settings = WebSettings(token=TOKEN, folder=folder, session=None, session_problem="no current session: start one")
    c = own_page(create_app(settings))
    c.cookies.set(COOKIE, TOKEN)
    r = c.get("/clue")
    assert r.status_code == 400 and errors(r.text) == ["no current session: start one"]
    assert c.post("/clue/add", data={"statement": "x"}, headers=HX).status_code == 400
    assert c.get("/vegas").status_code == 200


@pytest.mark.parametrize("example", sorted(p.name for p in EXAMPLES.glob("*.clue")))
def test_every_example_log_renders(folder: Path, example: str) -> None:
    shutil.copy(EXAMPLES / example, folder / "x.clue")
    if example == "our-vegas-box.clue":
        shutil.copy(EXAMPLES / "our-vegas-box.toml", folder / "our-vegas-box.toml")
    c = own_page(create_app(WebSettings(token=TOKEN, folder=folder, session=folder / "x.clue")))
    c.cookies.set(COOKIE, TOKEN)
    r = c.get("/clue")
    assert r.status_code in (200, 400), r.text[:300]  # 400: a log the reader refuses, with its message
    if r.status_code == 200:
        assert 'id="notebook"' in r.text or "The log contradicts itself" in r.text
        assert c.get("/clue/accuse").status_code == 200
    else:
        assert errors(r.text)


def test_lost_in_vegas_shows_the_clock(folder: Path) -> None:
    shutil.copy(EXAMPLES / "lost-in-vegas-4p.clue", folder / "vegas.clue")
    c = own_page(create_app(WebSettings(token=TOKEN, folder=folder, session=folder / "vegas.clue")))
    c.cookies.set(COOKIE, TOKEN)
    html = c.get("/clue").text
    assert 'id="clock-time"' in html and "All in?" in html and "All-in</th>" in html


# ----------------------------------------------------------------------------- Vegas pages


def test_vegas_page_lists_only_the_folders_game_files(client: TestClient) -> None:
    html = client.get("/vegas").text
    for name in ("las-vegas-night.toml", "lords-midgame.toml", "welcome-table-3p.toml"):
        assert f"<option>{name}</option>" in html
    assert "game.clue" not in html


@pytest.mark.parametrize("name", ["../game.clue", "/etc/passwd", "game.clue", "sub/x.toml", "..", ""])
def test_files_outside_the_listing_are_refused(client: TestClient, name: str) -> None:
    for url in ("/las-vegas/standings", "/welcome/score"):
        r = client.get(url, params={"file": name})
        assert r.status_code == 400
        assert "no such" in errors(r.text)[0]
    r = client.get("/lords/payout", params={"file": name, "card": "D5"})
    assert r.status_code == 400


def test_a_link_in_the_folder_is_not_followed(
    client: TestClient, folder: Path, tmp_path_factory: pytest.TempPathFactory
) -> None:
    outside = tmp_path_factory.mktemp("outside") / "secret.toml"
    shutil.copy(EXAMPLES / "welcome-table-3p.toml", outside)
    (folder / "linked.toml").symlink_to(outside)
    assert "linked.toml" not in client.get("/vegas").text
    assert client.get("/welcome/score", params={"file": "linked.toml"}).status_code == 400


def test_las_vegas_payout(client: TestClient) -> None:
    r = client.get(
        "/las-vegas/payout",
        params={"casino": "Anna=5 Ben=3 Carla=1+big Denny=1", "money": "90,40", "edition": "royale"},
    )
    assert r.status_code == 200
    assert "1. takes $90,000" in r.text and "ties with Carla: cancelled" in r.text and "2. takes $40,000" in r.text


def test_las_vegas_payout_bad_input_gives_the_librarys_messages(client: TestClient) -> None:
    from cluesolver.web.game_pages import LV_LABELS
    from rulesref.core.errors import InputError
    from rulesref.las_vegas.table import pay_typed

    args = ("Anna=5 Bob", "90,35", "royal")
    r = client.get("/las-vegas/payout", params=dict(zip(("casino", "money", "edition"), args)))
    assert r.status_code == 400
    with pytest.raises(InputError) as exc:
        pay_typed(*args, labels=LV_LABELS)
    assert errors(r.text) == [p.format() for p in exc.value.problems()]
    assert len(errors(r.text)) >= 2


def test_las_vegas_standings(client: TestClient) -> None:
    r = client.get("/las-vegas/standings", params={"file": "las-vegas-night.toml"})
    assert "Winner: <strong>Carla</strong>" in r.text
    assert '<td>Carla</td><td class="num">$520,000</td>' in r.text


def test_lords_track(client: TestClient) -> None:
    r = client.get("/lords/track", params={"at": "8", "casinos": "1,1,3"})
    assert "Chip ends on <strong>10</strong> (from 8); 3 points lost at breaks." in r.text
    r = client.get("/lords/track", params={"at": "eight", "casinos": "1"})
    assert r.status_code == 400 and errors(r.text) == ["the chip's space is a whole number: 'eight'"]
    r = client.get("/lords/track", params={"at": "8", "casinos": "1,x"})
    assert r.status_code == 400 and errors(r.text)
    r = client.get("/lords/track", params={"at": "9", "casinos": "1"})
    assert r.status_code == 400 and errors(r.text)[0].startswith("start 9 is not a space of the score track")


def test_lords_payout_reads_the_state_and_writes_nothing(client: TestClient, folder: Path) -> None:
    before = (folder / "lords-midgame.toml").read_bytes()
    r = client.get("/lords/payout", params={"file": "lords-midgame.toml", "card": "D5"})
    assert r.status_code == 200
    assert "Card <strong>D5</strong> pays the Strip; drawn by Ana." in r.text
    assert "Take-over: Ana puts a marker on D5." in r.text
    assert (folder / "lords-midgame.toml").read_bytes() == before
    r = client.get("/lords/payout", params={"file": "lords-midgame.toml", "card": "D5", "player": "Zed"})
    assert r.status_code == 400 and errors(r.text)[0].startswith("unknown player: 'Zed'")


def test_welcome_scores_every_zone(client: TestClient) -> None:
    r = client.get("/welcome/score", params={"file": "welcome-table-3p.toml"})
    assert "Winner: <strong>Lea</strong>" in r.text
    for zone in ("projects", "hotels", "inauguration", "golf", "shows", "limo", "streets", "safe"):
        assert f'<th class="num">{zone}</th>' in r.text


# ----------------------------------------------------------------------------- rules


def test_rules_search_links_to_whole_sections(client: TestClient) -> None:
    r = client.get("/rules", params={"q": "can I sprawl into F block with two players"})
    assert r.status_code == 200
    links = re.findall(r'<li class="hit"><a href="(/rules/[^"]+)">', r.text)
    assert links and links[0].startswith("/rules/lords-of-vegas/")
    section = client.get(links[0])
    assert section.status_code == 200 and 'id="section-text"' in section.text


def test_rules_section_escapes_and_unknown_is_404(client: TestClient) -> None:
    r = client.get("/rules/lords-of-vegas/sprawll")
    assert r.status_code == 404 and "no section" in errors(r.text)[0]
    assert client.get("/rules/<script>").status_code == 404
    r = client.get("/rules", params={"q": "<script>alert(1)</script>"})
    assert "<script>alert" not in r.text


def test_percent_reads_like_the_cli() -> None:
    assert [percent(p) for p in (0, 0.004, 0.5, 0.996, 1)] == ["0", "<1", "50", ">99", "100"]


# ----------------------------------------------------------------------------- serve


def test_serve_help_and_lazy_imports() -> None:
    import subprocess
    import sys

    result = CliRunner().invoke(cli_app, ["serve", "--help"])
    assert result.exit_code == 0 and "--lan" in result.stdout and "Example: cluesolver serve" in result.stdout
    code = (
        "import sys, cluesolver.cli; print(sorted(m for m in ('starlette', 'jinja2', 'uvicorn') if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True).stdout
    assert out.strip() == "[]"


def test_serve_settings_and_qr(folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from cluesolver.web.serve import link, qr_text, settings_for

    monkeypatch.setenv("CLUESOLVER_HOME", str(folder / "home"))
    s = settings_for(folder / "game.clue", None)
    assert s.session == (folder / "game.clue").resolve() and s.folder == folder.resolve() and len(s.token) >= 20
    assert settings_for(folder / "game.clue", None).token != s.token
    none = settings_for(None, None)
    assert none.session is None and "no current session" in (none.session_problem or "")
    url = link("192.168.1.5", 8765, "abc")
    assert url == "http://192.168.1.5:8765/?t=abc"
    qr = qr_text(url)
    assert (len(qr.splitlines()) > 10 and "█" in qr) or "▀" in qr


def test_serve_from_the_installed_command(folder: Path) -> None:
    import os
    import signal
    import socket
    import subprocess
    import sys
    import time
    import urllib.error
    import urllib.request

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    env = {**os.environ, "CLUESOLVER_HOME": str(folder / "home"), "COLUMNS": "200"}
    proc = subprocess.Popen(
        [sys.executable, "-m", "cluesolver", "serve", "--file", str(folder / "game.clue"), "--port", str(port)],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env=env,
        cwd=ROOT,
    )
    try:
        assert proc.stdout is not None
        lines = [proc.stdout.readline() for _ in range(3)]
        url = next(ln.split("Open: ", 1)[1].strip() for ln in lines if ln.startswith("Open: "))
        assert url.startswith(f"http://127.0.0.1:{port}/?t=")
        deadline = time.monotonic() + 20
        while True:
            try:
                with urllib.request.urlopen(url, timeout=5) as r:
                    assert r.status == 200 and b'id="notebook"' in r.read()
                    assert r.headers["X-Frame-Options"] == "DENY"
                    assert "frame-ancestors 'none'" in r.headers["Content-Security-Policy"]
                break
            except (urllib.error.URLError, ConnectionError):
                assert time.monotonic() < deadline, "the server did not answer"
                time.sleep(0.1)
        with pytest.raises(urllib.error.HTTPError) as refused:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=5)
        assert refused.value.code == 403 and refused.value.read() == (LINK_CHANGED + "\n").encode()
    finally:
        proc.send_signal(signal.SIGINT)
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def test_serve_refuses_a_taken_port_and_a_non_clue_file(folder: Path) -> None:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        s.listen()
        port = s.getsockname()[1]
        code, lines = cli_errors(["serve", "--file", str(folder / "game.clue"), "--port", str(port)])
    assert code == 2 and "choose another with --port" in lines[0]
    code, lines = cli_errors(["serve", "--file", str(folder / "welcome-table-3p.toml")])
    assert code == 2 and "serve takes a .clue session" in lines[0]
