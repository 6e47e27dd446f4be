"""The Starlette app: settings, the token guard, templates and the routes of every page.

:func:`create_app` builds one app for one run of ``serve``: one session file (or none),
the folder it lives in (the only folder any request may read or write), and the run's
token.  Pages are in :mod:`cluesolver.web.clue_pages`, :mod:`cluesolver.web.game_pages`
and :mod:`cluesolver.web.rule_pages`; they ask the library for data and render it.
"""

from __future__ import annotations

import secrets
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from http import HTTPStatus
from pathlib import Path
from typing import Any

from jinja2 import Environment, PackageLoader, select_autoescape
from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import HTMLResponse, PlainTextResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Receive, Scope, Send

from rulesref.core.errors import CluesolverError, Problem

COOKIE = "cluesolver_token"
STATIC = Path(__file__).resolve().parent / "static"


@dataclass(frozen=True)
class WebSettings:
    """One run of the server.

    ``session`` is the Clue log the page shows and writes (``None``: no session, the
    Clue page says how to start one); ``folder`` is the only folder requests may touch
    (the session's folder); ``poll_ms`` is how often the page asks whether the session
    file changed; ``accuse_limit`` how many open envelope combinations the page counts
    exactly on every update (the full list is one click away).
    """

    token: str
    folder: Path
    session: Path | None = None
    session_problem: str | None = None
    poll_ms: int = 500
    accuse_limit: int = 8


def new_token() -> str:
    return secrets.token_urlsafe(18)


@dataclass
class AppState:
    """What the routes share: the settings, the templates, one writer at a time."""

    settings: WebSettings
    templates: Environment
    write_lock: threading.Lock = field(default_factory=threading.Lock)
    cache: dict[str, Any] = field(default_factory=dict)
    cache_lock: threading.Lock = field(default_factory=threading.Lock)


class TokenGuard:
    """Refuse every request without the run's token (query ``t`` or the cookie): 403, empty.

    A request carrying a right ``t`` gets the token set as a cookie (HttpOnly,
    SameSite=Strict), so links and htmx requests need not repeat it.
    """

    def __init__(self, app: ASGIApp, token: str) -> None:
        self.app = app
        self.token = token.encode()

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        request = Request(scope)
        from_query = request.query_params.get("t", "")
        from_cookie = request.cookies.get(COOKIE, "")
        if self._ok(from_cookie):
            await self.app(scope, receive, send)
            return
        if not self._ok(from_query):
            await Response(status_code=HTTPStatus.FORBIDDEN, media_type="text/plain")(scope, receive, send)
            return
        token = from_query

        async def send_with_cookie(message: dict[str, Any]) -> None:
            if message["type"] == "http.response.start":
                cookie = f"{COOKIE}={token}; Path=/; HttpOnly; SameSite=Strict"
                message.setdefault("headers", [])
                message["headers"] = [*list(message["headers"]), (b"set-cookie", cookie.encode())]
            await send(message)

        await self.app(scope, receive, send_with_cookie)  # type: ignore[arg-type]

    def _ok(self, given: str) -> bool:
        return bool(given) and secrets.compare_digest(given.encode(), self.token)


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


def percent(p: float) -> str:
    """A probability as people read it: 0, 100, '<1', '>99' or a whole percent."""
    if p <= 0:
        return "0"
    if p >= 1:
        return "100"
    if p < 0.01:
        return "<1"
    if p > 0.99:
        return ">99"
    return str(round(p * 100))


def state_of(request: Request) -> AppState:
    st: AppState = request.app.state.cs
    return st


def render(request: Request, name: str, status: int = 200, **context: Any) -> HTMLResponse:
    st = state_of(request)
    html = st.templates.get_template(name).render(
        request=request, settings=st.settings, is_htmx=is_htmx(request), **context
    )
    return HTMLResponse(html, status_code=status)


async def answer(
    request: Request, template: str, compute: Callable[[], dict[str, Any]], empty: dict[str, Any]
) -> HTMLResponse:
    """Render ``template`` with what ``compute`` returns (run in a worker thread).

    An expected failure renders it with ``empty`` and the CLI's messages, with status
    400 (or 409 for a contradiction).
    """
    try:
        context = await run_in_threadpool(compute)
    except CluesolverError as exc:
        return render(request, template, status=status_of(exc), errors=messages_of(exc), **empty)
    return render(request, template, errors=[], **context)


def is_htmx(request: Request) -> bool:
    return request.headers.get("hx-request") == "true"


def status_of(exc: CluesolverError) -> int:
    """Exit code 3 (the log contradicts itself) is 409 Conflict; other expected failures 400."""
    return HTTPStatus.CONFLICT if exc.exit_code == 3 else HTTPStatus.BAD_REQUEST


def messages_of(exc: CluesolverError) -> list[str]:
    """The lines the CLI prints for an expected failure, without its ``error: `` prefix."""
    return [p.format() for p in exc.problems()]


def problem(message: str, text: str | None = None, choices: tuple[str, ...] = ()) -> Problem:
    return Problem(message, text=text, choices=choices)


async def not_found(request: Request, exc: Exception) -> Response:
    return PlainTextResponse("not found", status_code=404)


def create_app(settings: WebSettings) -> Starlette:
    """The app of one ``serve`` run."""
    from cluesolver.web import clue_pages, game_pages, rule_pages

    routes = [
        Route("/", clue_pages.page, methods=["GET"]),
        Route("/clue", clue_pages.page, methods=["GET"]),
        Route("/clue/panel", clue_pages.panel, methods=["GET"]),
        Route("/clue/add", clue_pages.add, methods=["POST"]),
        Route("/clue/undo", clue_pages.undo, methods=["POST"]),
        Route("/clue/why", clue_pages.why, methods=["GET"]),
        Route("/clue/next", clue_pages.advice, methods=["GET"]),
        Route("/clue/accuse", clue_pages.accuse, methods=["GET"]),
        Route("/clue/log", clue_pages.log_text, methods=["GET"]),
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
    app = Starlette(
        routes=routes,
        middleware=[Middleware(TokenGuard, token=settings.token)],
        exception_handlers={404: not_found},
    )
    app.state.cs = AppState(settings, templates())
    return app
