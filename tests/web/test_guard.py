"""A page no one else can drive: Host, Origin and CSRF checks, cookies per server, the
security headers, the one-time link, links swapped in while a request reads, private files."""

from __future__ import annotations

import os
import shutil
import stat
import warnings
from pathlib import Path

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

with warnings.catch_warnings():  # starlette 1.x suggests httpx2
    warnings.simplefilter("ignore")
    from starlette.routing import Route
    from starlette.testclient import TestClient

from cluesolver.web import game_pages
from cluesolver.web.app import WebSettings, cookie_name, create_app
from cluesolver.web.common import CSRF_HEADER, LINK_CHANGED
from cluesolver.web.guard import OneTimeLinks, own_hosts
from tests.helpers import ROOT

EXAMPLES = ROOT / "examples"
TOKEN = "guard-token-0123456789"
CSRF = "guard-csrf-0123456789"
HOME = "http://testserver"
LINE = "Ann suggests Plum, Rope, Hall; Ben shows"


@pytest.fixture()
def folder(tmp_path: Path) -> Path:
    inside = tmp_path / "served"
    inside.mkdir()
    shutil.copy(EXAMPLES / "classic-4p.clue", inside / "game.clue")
    shutil.copy(EXAMPLES / "las-vegas-night.toml", inside / "night.toml")
    return inside


def app_for(folder: Path) -> object:
    return create_app(WebSettings(token=TOKEN, folder=folder, session=folder / "game.clue", csrf=CSRF))


def client_for(folder: Path, base_url: str = HOME) -> TestClient:
    c = TestClient(app_for(folder), base_url=base_url)  # type: ignore[arg-type]
    port = int(base_url.rsplit(":", 1)[1]) if base_url.count(":") == 2 else 80
    c.cookies.set(cookie_name(port), TOKEN)
    return c


def post_routes() -> list[str]:
    """Every route that changes anything (a POST), as the app lists them: new routes are checked too."""
    app = create_app(WebSettings(token=TOKEN, folder=Path("."), session=None))
    return [r.path for r in app.routes if isinstance(r, Route) and "POST" in (r.methods or ())]


def test_the_app_has_routes_that_write() -> None:
    assert {"/clue/add", "/clue/undo"} <= set(post_routes())


# ----------------------------------------------------------------------------- Origin and CSRF


@pytest.mark.parametrize("path", post_routes())
@pytest.mark.parametrize(
    "origin", ["http://127.0.0.1:9999", "http://testserver:9999", "https://testserver", "null", "http://evil.example"]
)
def test_a_post_from_another_origin_with_a_valid_cookie_is_refused_and_changes_nothing(
    folder: Path, path: str, origin: str
) -> None:
    before = (folder / "game.clue").read_bytes()
    c = client_for(folder)
    form = {"statement": LINE, "line": "9", "n": "9", "force": "on", "csrf": CSRF}
    r = c.post(path, data=form, headers={"Origin": origin, CSRF_HEADER: CSRF, "HX-Request": "true"})
    assert r.status_code == 403
    assert "did not come from this server's own page" in r.text
    assert (folder / "game.clue").read_bytes() == before
    assert not (folder / ".game.clue.undo").exists()


@pytest.mark.parametrize("path", post_routes())
def test_a_post_without_an_origin_is_refused(folder: Path, path: str) -> None:
    before = (folder / "game.clue").read_bytes()
    r = client_for(folder).post(path, data={"statement": LINE, "csrf": CSRF}, headers={CSRF_HEADER: CSRF})
    assert r.status_code == 403 and (folder / "game.clue").read_bytes() == before


@pytest.mark.parametrize("given", [None, "", "wrong", CSRF + "x", TOKEN])
@pytest.mark.parametrize("path", post_routes())
def test_a_missing_or_wrong_csrf_token_is_refused(folder: Path, path: str, given: str | None) -> None:
    before = (folder / "game.clue").read_bytes()
    headers = {"Origin": HOME} | ({CSRF_HEADER: given} if given is not None else {})
    form = {"statement": LINE} | ({"csrf": given} if given is not None else {})
    r = client_for(folder).post(path, data=form, headers=headers)
    assert r.status_code == 403 and r.text == LINK_CHANGED + "\n"
    assert (folder / "game.clue").read_bytes() == before


def test_the_csrf_token_as_a_header_or_a_form_field_lets_the_own_page_write(folder: Path) -> None:
    c = client_for(folder)
    r = c.post("/clue/undo", headers={"Origin": HOME, CSRF_HEADER: CSRF, "HX-Request": "true"})
    assert r.status_code == 200, r.text
    r = c.post("/clue/add", data={"statement": LINE, "csrf": CSRF}, headers={"Origin": HOME, "HX-Request": "true"})
    assert r.status_code == 200, r.text
    assert (folder / "game.clue").read_text().rstrip().endswith(LINE)


def test_the_page_carries_its_csrf_token_for_htmx(folder: Path) -> None:
    html = client_for(folder).get("/clue").text
    assert f'<meta name="csrf-token" content="{CSRF}">' in html
    assert f"""<body hx-headers='{{"X-CSRF-Token": "{CSRF}"}}'>""" in html
    assert '<script src="/static/guard.js" defer></script>' in html
    assert "hx-on" not in html and "<script>" not in html and " onclick=" not in html


def test_a_huge_body_is_refused_before_the_route_reads_it(folder: Path) -> None:
    before = (folder / "game.clue").read_bytes()
    r = client_for(folder).post(
        "/clue/add", content=b"statement=" + b"x" * 200_000, headers={"Origin": HOME, CSRF_HEADER: CSRF}
    )
    assert r.status_code == 408 and (folder / "game.clue").read_bytes() == before


# ----------------------------------------------------------------------------- Host


@pytest.mark.parametrize("host", ["evil.example", "evil.example:80", "127.0.0.1:9999", "localhost.evil:80", ""])
def test_a_host_the_server_does_not_serve_is_refused(folder: Path, host: str) -> None:
    c = client_for(folder)
    r = c.get("/clue", headers={"Host": host})
    assert r.status_code == 403 and "does not answer to that host name" in r.text
    r = c.post("/clue/undo", headers={"Host": host, "Origin": f"http://{host}", CSRF_HEADER: CSRF})
    assert r.status_code == 403


def test_own_hosts_are_loopback_names_and_the_address_the_connection_came_in_on() -> None:
    scope = {"server": ("192.168.1.20", 8765)}
    assert own_hosts(scope) == {
        "127.0.0.1:8765",
        "localhost:8765",
        "[::1]:8765",
        "192.168.1.20:8765",
    }
    assert "[::1]:9000" in own_hosts({"server": ("::1", 9000)})


def test_loopback_names_with_the_port_are_served(folder: Path) -> None:
    c = client_for(folder, "http://127.0.0.1:8765")
    for host in ("127.0.0.1:8765", "localhost:8765"):
        assert c.get("/clue", headers={"Host": host}).status_code == 200
        r = c.post("/clue/undo", headers={"Host": host, "Origin": f"http://{host}", CSRF_HEADER: CSRF})
        assert r.status_code == 200


# ----------------------------------------------------------------------------- cookies and headers


def test_two_servers_on_two_ports_do_not_share_a_cookie(folder: Path, tmp_path: Path) -> None:
    other = tmp_path / "other"
    other.mkdir()
    shutil.copy(EXAMPLES / "classic-4p.clue", other / "game.clue")
    a = TestClient(app_for(folder), base_url="http://127.0.0.1:8001")  # type: ignore[arg-type]
    b = TestClient(
        create_app(WebSettings(token="other-token-987", folder=other, session=other / "game.clue")),
        base_url="http://127.0.0.1:8002",
    )
    set_a = a.get(f"/?t={TOKEN}").headers["set-cookie"]
    set_b = b.get("/?t=other-token-987").headers["set-cookie"]
    name_a, name_b = set_a.split("=", 1)[0], set_b.split("=", 1)[0]
    assert name_a == cookie_name(8001) != name_b == cookie_name(8002)
    for cookie in (set_a, set_b):
        assert "HttpOnly" in cookie and "SameSite=Strict" in cookie and "Path=/" in cookie
    # one browser holding both cookies (cookies do not tell ports apart): each server finds its own
    both = {name_a: TOKEN, name_b: "other-token-987"}
    for c in (a, b):
        c.cookies.clear()
        for k, v in both.items():
            c.cookies.set(k, v)
    assert a.get("/clue/log").status_code == 200 and b.get("/clue/log").status_code == 200


@pytest.mark.parametrize("path", ["/clue", "/clue/log", "/static/app.js", "/no-such-page", "/rules"])
@pytest.mark.parametrize("with_token", [True, False])
def test_every_answer_forbids_framing_and_foreign_scripts(folder: Path, path: str, with_token: bool) -> None:
    c = client_for(folder) if with_token else TestClient(app_for(folder))  # type: ignore[arg-type]
    r = c.get(path)
    assert r.status_code in ((200, 404) if with_token else (403,))
    assert r.headers["X-Frame-Options"] == "DENY"
    csp = r.headers["Content-Security-Policy"]
    assert "frame-ancestors 'none'" in csp and "script-src 'self';" in csp and "unsafe-eval" not in csp
    assert r.headers["X-Content-Type-Options"] == "nosniff"
    assert r.headers["Referrer-Policy"] == "no-referrer"


# ----------------------------------------------------------------------------- the one-time link


def test_the_one_time_link_sets_the_cookie_once(folder: Path) -> None:
    app = app_for(folder)
    code = app.state.links.issue()  # type: ignore[attr-defined]
    assert TOKEN not in code
    c = TestClient(app, base_url="http://127.0.0.1:8765", follow_redirects=False)  # type: ignore[arg-type]
    r = c.get(f"/open/{code}")
    assert r.status_code == 303 and r.headers["location"] == "/"
    assert r.headers["set-cookie"].startswith(f"{cookie_name(8765)}={TOKEN};")
    assert c.get("/clue").status_code == 200
    fresh = TestClient(app, base_url="http://127.0.0.1:8765", follow_redirects=False)  # type: ignore[arg-type]
    again = fresh.get(f"/open/{code}")
    assert again.status_code == 403 and "used already or is too old" in again.text
    assert fresh.get("/open/not-a-code").status_code == 403


def test_a_one_time_code_expires() -> None:
    links = OneTimeLinks(seconds=-1)
    assert not links.redeem(links.issue())
    links = OneTimeLinks()
    code = links.issue()
    assert links.redeem(code) and not links.redeem(code)


# ----------------------------------------------------------------------------- links swapped in


def test_a_game_file_swapped_for_a_link_after_the_listing_is_not_followed(
    folder: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The listing checks the file (no link) and then the file is read: a link swapped in
    between the two must not be followed (the read itself refuses it)."""
    outside = tmp_path / "secret.toml"
    outside.write_text((EXAMPLES / "las-vegas-night.toml").read_text().replace('"Denny"', '"Zorro"'))
    real_pick = game_pages.pick_file

    def racing_pick(served: Path, name: str, game: str) -> Path:
        path = real_pick(served, name, game)  # the listing saw a regular file
        os.replace(path, served / "moved-away")
        path.symlink_to(outside)  # ... and now it is a link out of the folder
        return path

    monkeypatch.setattr(game_pages, "pick_file", racing_pick)
    r = client_for(folder).get("/las-vegas/standings", params={"file": "night.toml"})
    assert "Zorro" not in r.text
    assert r.status_code == 400 and "is a link (links are not followed here)" in r.text


def test_a_session_swapped_for_a_link_is_not_followed(folder: Path, tmp_path: Path) -> None:
    outside = tmp_path / "secret.clue"
    outside.write_text((EXAMPLES / "classic-4p.clue").read_text().replace("Dan", "Zorro"))
    session = folder / "game.clue"
    c = client_for(folder)
    assert c.get("/clue/log").status_code == 200
    session.unlink()
    session.symlink_to(outside)
    for path in ("/clue", "/clue/log", "/clue/panel"):
        r = c.get(path)
        assert "Zorro" not in r.text and "is a link" in r.text, path
    r = c.post("/clue/add", data={"statement": LINE}, headers={"Origin": HOME, CSRF_HEADER: CSRF})
    assert "Zorro" not in r.text and "is a link" in r.text
    assert "Zorro" in outside.read_text() and LINE not in outside.read_text()


# ----------------------------------------------------------------------------- private files


def test_a_session_written_by_the_page_is_0600(folder: Path) -> None:
    session = folder / "game.clue"
    session.chmod(0o644)
    r = client_for(folder).post(
        "/clue/add", data={"statement": LINE}, headers={"Origin": HOME, CSRF_HEADER: CSRF, "HX-Request": "true"}
    )
    assert r.status_code == 200, r.text
    assert stat.S_IMODE(session.stat().st_mode) == 0o600
