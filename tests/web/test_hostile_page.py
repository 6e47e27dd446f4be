"""A hostile page on another local port, in real Chromium, with the player's cookie present:
its form and its fetch cannot write, it cannot frame the page, and a refused request leaves
the page's content in place with a banner saying how to get back in."""

from __future__ import annotations

import functools
import http.server
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webdriver import WebDriver

from tests.web.test_browser import Site, browser, site, text_of, wait_for  # noqa: F401 (fixtures)

LINE = "Ann suggests Plum, Rope, Hall; Ben shows"


@pytest.fixture()
def hostile(tmp_path: Path) -> Iterator[tuple[str, Path]]:
    """A plain web server on another port of 127.0.0.1, serving the pages written into its folder."""
    folder = tmp_path / "hostile"
    folder.mkdir()
    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=str(folder))
    handler.log_message = lambda *a, **k: None  # type: ignore[attr-defined]
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}", folder
    finally:
        server.shutdown()
        server.server_close()


def settle(seconds: float = 1.0) -> None:
    time.sleep(seconds)


def test_a_form_from_another_port_is_refused_with_the_cookie_present(
    browser: WebDriver,  # noqa: F811
    site: Site,  # noqa: F811
    hostile: tuple[str, Path],
) -> None:
    site.open(browser, "/clue")  # the player's cookie is set
    before = site.session.read_bytes()
    base, folder = hostile
    (folder / "form.html").write_text(
        f"""<!doctype html><form method="post" action="{site.url}/clue/add">
        <input name="statement" value="{LINE}"><input name="force" value="on"><input name="csrf" value="guess">
        </form><script>document.forms[0].submit()</script>"""
    )
    browser.get(f"{base}/form.html")
    wait_for(browser, lambda d: d.current_url.startswith(site.url))
    body = browser.find_element(By.TAG_NAME, "body").text
    assert "did not come from this server's own page" in body  # the cookie passed; the Origin did not
    assert site.session.read_bytes() == before
    for path in ("/clue/undo", "/clue/line/delete"):
        (folder / "undo.html").write_text(
            f"""<!doctype html><form method="post" action="{site.url}{path}"><input name="n" value="7"></form>
            <script>document.forms[0].submit()</script>"""
        )
        browser.get(f"{base}/undo.html")
        wait_for(browser, lambda d: d.current_url.startswith(site.url))
        assert site.session.read_bytes() == before


def test_a_fetch_from_another_port_is_refused_with_the_cookie_present(
    browser: WebDriver,  # noqa: F811
    site: Site,  # noqa: F811
    hostile: tuple[str, Path],
) -> None:
    site.open(browser, "/clue")
    before = site.session.read_bytes()
    base, folder = hostile
    (folder / "fetch.html").write_text(
        f"""<!doctype html><title>waiting</title><script>
        var body = new URLSearchParams({{statement: "{LINE}", force: "on"}});
        Promise.allSettled([
          fetch("{site.url}/clue/add", {{method: "POST", body: body, credentials: "include", mode: "no-cors"}}),
          fetch("{site.url}/clue/undo", {{method: "POST", credentials: "include", mode: "no-cors"}}),
          fetch("{site.url}/clue/add", {{method: "POST", body: body, credentials: "include",
                 headers: {{"X-CSRF-Token": "guess", "HX-Request": "true"}}}})
        ]).then(function (r) {{ document.title = "done " + r.map(function (x) {{ return x.status; }}).join(","); }});
        </script>"""
    )
    browser.get(f"{base}/fetch.html")
    wait_for(browser, lambda d: d.title.startswith("done"))
    assert site.session.read_bytes() == before


def test_the_page_cannot_be_framed_by_another_page(
    browser: WebDriver,  # noqa: F811
    site: Site,  # noqa: F811
    hostile: tuple[str, Path],
) -> None:
    site.open(browser, "/clue")
    base, folder = hostile
    (folder / "frame.html").write_text(
        f'<!doctype html><title>frame</title><iframe id="f" src="{site.url}/clue" width="800" height="600"></iframe>'
    )
    browser.get(f"{base}/frame.html")
    settle()
    browser.switch_to.frame(browser.find_element(By.ID, "f"))
    try:
        framed = browser.page_source
    finally:
        browser.switch_to.default_content()
    assert 'id="notebook"' not in framed and "Miss Scarlet" not in framed


def test_a_refused_request_keeps_the_page_and_shows_how_to_get_back_in(
    browser: WebDriver,  # noqa: F811
    site: Site,  # noqa: F811
) -> None:
    site.open(browser, "/clue")
    wait_for(browser, lambda d: d.find_elements(By.ID, "notebook"))
    grid = text_of(browser, "#notebook")
    assert grid
    for cookie in browser.get_cookies():  # as when another server took over the port: the cookie no longer fits
        browser.add_cookie({**cookie, "value": "another-servers-token"})
    wait_for(browser, lambda d: "link has changed" in text_of(d, "#link-changed"))  # the page's own polling was refused
    banner = text_of(browser, "#link-changed")
    assert "open the link the server printed" in banner and "cluesolver serve" in banner
    assert text_of(browser, "#notebook") == grid  # nothing swapped away
    statement = browser.find_element(By.ID, "statement")
    statement.send_keys(LINE)
    statement.submit()
    settle()
    assert text_of(browser, "#notebook") == grid
    assert LINE not in site.session.read_text()
