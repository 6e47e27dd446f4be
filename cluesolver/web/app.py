"""The Starlette app: the guard, the templates and the routes of every page.

:func:`create_app` builds one app for one run of ``serve``: one session file (or none),
the folder it lives in (the only folder any request may read or write), and the run's
token, checked with the Host, the Origin and a CSRF token by :mod:`cluesolver.web.guard`.
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

__all__ = ["COOKIE", "Guard", "WebSettings", "cookie_name", "create_app", "new_token", "percent", "templates"]

STATIC = Path(__file__).resolve().parent / "static"


def templates() -> Environment:
    env = Environment(
        loader=PackageLoader("cluesolver.web", "templates"),
        autoescape=select_autoescape(["html"]),
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.filters["pct"] = percent
    env.filters["usd"] = lambda k: f"${int(k) * 1000:,}" if isinstance(k, int) else str(k)
    return env


async def not_found(request: Request, exc: Exception) -> Response:
    return PlainTextResponse("not found", status_code=404)


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
        middleware=[Middleware(Guard, settings=settings, links=links)],
        exception_handlers={404: not_found},
    )
    app.state.cs = AppState(settings, templates())
    app.state.links = links  # serve --open issues its one-time link here
    return app
