"""The Starlette app: the guard, the templates and the routes of every page.

:func:`create_app` builds one app for one run of ``serve``: one session file (or none),
the folder it lives in (the only folder any request may read or write), and the run's
token, checked with the Host, the Origin and a CSRF token by :mod:`cluesolver.web.guard`;
each request in its language (:mod:`cluesolver.web.language`).
Pages are in :mod:`cluesolver.web.clue_pages`, :mod:`cluesolver.web.game_pages` and
:mod:`cluesolver.web.rule_pages`; they ask the library for data and render it.
"""

from __future__ import annotations

from pathlib import Path

from jinja2 import Environment, PackageLoader, select_autoescape
from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import PlainTextResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from cluesolver.web.common import COOKIE, AppState, WebSettings, cookie_name, new_token, percent
from cluesolver.web.guard import Guard, OneTimeLinks
from cluesolver.web.language import Language
from rulesref.core.i18n import _

__all__ = ["COOKIE", "Guard", "WebSettings", "cookie_name", "create_app", "new_token", "percent", "templates"]

STATIC = Path(__file__).resolve().parent / "static"


def templates() -> Environment:
    from rulesref.core import i18n

    env = Environment(
        loader=PackageLoader("cluesolver.web", "templates"),
        autoescape=select_autoescape(["html"]),
        trim_blocks=True,
        lstrip_blocks=True,
        extensions=["jinja2.ext.i18n"],
    )
    # Every text of the templates is ``_("...")`` (``n_`` with a count), looked up in the
    # language of the request (:mod:`cluesolver.web.language`); trimmed as tools/catalog.py extracts them.
    env.install_gettext_callables(gettext=i18n._, ngettext=i18n.n_, newstyle=True)  # type: ignore[attr-defined]
    env.globals["n_"] = env.globals["ngettext"]
    env.globals["p_"] = i18n.p_  # a word with two meanings, by its context
    env.policies["ext.i18n.trimmed"] = True
    env.filters["pct"] = percent
    # a card's canonical name as the edition names it in the page's language (``{{ c|name(variant) }}``)
    env.filters["name"] = lambda card, variant: variant.display_name(card) if variant is not None else card
    env.filters["names"] = lambda cards, variant: [variant.display_name(c) if variant else c for c in cards]
    env.filters["num"] = i18n.number
    env.globals["tap_texts"] = _tap_texts
    env.filters["plain"] = str  # a translated text as plain text (escaped like any string), not markup
    env.filters["usd"] = lambda k: "$" + i18n.number(int(k) * 1000) if isinstance(k, int) else str(k)
    return env


def _tap_texts() -> dict[str, str]:
    from cluesolver.web.tap_view import pad_texts

    return pad_texts()


async def not_found(request: Request, exc: Exception) -> Response:
    return PlainTextResponse(_("not found"), status_code=404)


def create_app(settings: WebSettings) -> Starlette:
    """The app of one ``serve`` run."""
    from cluesolver.web import clue_pages, game_pages, line_pages, rule_pages

    routes = [
        Route("/", clue_pages.page, methods=["GET"]),
        Route("/clue", clue_pages.page, methods=["GET"]),
        Route("/clue/panel", clue_pages.panel, methods=["GET"]),
        Route("/clue/add", clue_pages.add, methods=["POST"]),
        Route("/clue/undo", clue_pages.undo, methods=["POST"]),
        Route("/clue/why", clue_pages.why, methods=["GET"]),
        Route("/clue/next", clue_pages.advice, methods=["GET"]),
        Route("/clue/accuse", clue_pages.accuse, methods=["GET"]),
        Route("/clue/show", clue_pages.show, methods=["GET"]),
        Route("/clue/log", clue_pages.log_text, methods=["GET"]),
        Route("/clue/line", line_pages.line_form, methods=["GET"]),
        Route("/clue/line/edit", line_pages.edit, methods=["POST"]),
        Route("/clue/line/delete", line_pages.delete, methods=["POST"]),
        Route("/clue/line/insert", line_pages.insert, methods=["POST"]),
        Route("/vegas", game_pages.page, methods=["GET"]),
        Route("/las-vegas/payout", game_pages.las_vegas_payout, methods=["GET"]),
        Route("/las-vegas/standings", game_pages.las_vegas_standings, methods=["GET"]),
        Route("/lords/track", game_pages.lords_track, methods=["GET"]),
        Route("/lords/payout", game_pages.lords_payout, methods=["GET"]),
        Route("/welcome/score", game_pages.welcome_score, methods=["GET"]),
        Route("/rules", rule_pages.search_page, methods=["GET"]),
        Route("/rules/{full_id:path}", rule_pages.section_page, methods=["GET"]),
        Mount("/static", app=StaticFiles(directory=STATIC), name="static"),
    ]
    links = OneTimeLinks()
    app = Starlette(
        routes=routes,
        middleware=[Middleware(Language), Middleware(Guard, settings=settings, links=links)],
        exception_handlers={404: not_found},
    )
    app.state.cs = AppState(settings, templates())
    app.state.links = links  # serve --open issues its one-time link here
    return app
