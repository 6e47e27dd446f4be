"""The server of a table game (``serve --table``): one app over one table folder.

:func:`create_table_app` builds the app: :class:`~cluesolver.web.table_guard.TableGuard`
in front (each request is a seat or the board, by its token), the seat and board pages
(:mod:`cluesolver.web.table_pages`), the JSON API (:mod:`cluesolver.web.table_api`) and the
event stream (:mod:`cluesolver.web.table_events`).  The server keeps nothing of its own but
the tokens' secret's derivations and caches: everything shown is read from the folder, so
restarting the server on the folder resumes the game.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from jinja2 import Environment
from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import HTMLResponse, PlainTextResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from cluesolver.web.table_events import Hub
from cluesolver.web.table_guard import VIEWER, TableGuard, Viewer, viewers_of

if TYPE_CHECKING:
    from cluesolver.clue.session.table import Table

#: How often the pages poll as a fallback to the event stream (milliseconds).
FALLBACK_POLL_MS = 5000


class NotForYou(Exception):
    """A route of the seats asked for with the board's token (or the other way round): 403."""


@dataclass
class TableState:
    """What the routes share: the table, who may ask, the templates, the event hub, one
    writer at a time, and views cached per record version."""

    table: Table
    viewers: tuple[Viewer, ...]
    templates: Environment
    hub: Hub = field(default_factory=Hub)
    write_lock: threading.Lock = field(default_factory=threading.Lock)
    cache: dict[Any, Any] = field(default_factory=dict)
    cache_lock: threading.Lock = field(default_factory=threading.Lock)
    poll_ms: int = FALLBACK_POLL_MS
    accuse_limit: int = 8

    @property
    def folder(self) -> Path:
        return self.table.folder

    def viewer(self, seat: str | None) -> Viewer:
        return next(v for v in self.viewers if v.seat == seat)


def state_of(request: Request) -> TableState:
    st: TableState = request.app.state.table
    return st


def viewer_of(request: Request) -> Viewer:
    viewer: Viewer = request.scope[VIEWER]
    return viewer


def seat_of(request: Request) -> str:
    """The seat asking; the board's token on a seat's route is refused."""
    seat = viewer_of(request).seat
    if seat is None:
        raise NotForYou
    return seat


async def not_for_you(request: Request, exc: Exception) -> Response:
    return PlainTextResponse("refused: this link is the board's; this page belongs to a seat\n", status_code=403)


async def not_found(request: Request, exc: Exception) -> Response:
    return PlainTextResponse("not found", status_code=404)


def render(request: Request, name: str, status: int = 200, **context: Any) -> HTMLResponse:
    """A template for the viewer asking: its token and CSRF token go with the page's requests."""
    st = state_of(request)
    viewer = viewer_of(request)
    view = context.get("view")
    if "variant" not in context:  # the fragments name cards as the seat's edition does
        context["variant"] = view.log.variant if view is not None else None
    html = st.templates.get_template(name).render(
        request=request,
        settings=st,
        viewer=viewer,
        csrf=viewer.csrf,
        token=viewer.token,
        is_htmx=request.headers.get("hx-request") == "true",
        **context,
    )
    return HTMLResponse(html, status_code=status)


def create_table_app(table: Table, *, poll_ms: int = FALLBACK_POLL_MS) -> Starlette:
    """The app of one ``serve --table`` run over ``table``."""
    from cluesolver.web import table_api, table_pages
    from cluesolver.web.app import STATIC, templates
    from cluesolver.web.table_events import events_response

    async def events(request: Request) -> Response:
        st = state_of(request)
        path = st.table.path(viewer_of(request).seat)
        from cluesolver.web.clue_view import version_of

        return events_response(st.hub, lambda: version_of(path))

    routes = [
        Route("/", table_pages.page, methods=["GET"]),
        Route("/table/events", events, methods=["GET"]),
        Route("/table/board", table_pages.board_panel, methods=["GET"]),
        Route("/table/asks", table_pages.asks, methods=["GET"]),
        Route("/table/hand", table_pages.hand_box, methods=["GET"]),
        Route("/table/show", table_pages.show, methods=["GET"]),
        Route("/table/line", table_pages.post_line, methods=["POST"]),
        Route("/table/hand", table_pages.post_hand, methods=["POST"]),
        Route("/table/seen", table_pages.post_seen, methods=["POST"]),
        Route("/clue/panel", table_pages.panel, methods=["GET"]),
        Route("/clue/why", table_pages.why, methods=["GET"]),
        Route("/clue/next", table_pages.advice, methods=["GET"]),
        Route("/clue/accuse", table_pages.accuse, methods=["GET"]),
        Route("/clue/line", table_pages.line, methods=["GET"]),
        Route("/api/state", table_api.state, methods=["GET"]),
        Route("/api/board", table_api.board, methods=["GET"]),
        Route("/api/hand", table_api.hand, methods=["POST"]),
        Route("/api/line", table_api.line, methods=["POST"]),
        Route("/api/seen", table_api.seen, methods=["POST"]),
        Mount("/static", app=StaticFiles(directory=STATIC), name="static"),
    ]
    viewers = viewers_of(table.secret(), table.players)
    app = Starlette(
        routes=routes,
        middleware=[Middleware(TableGuard, viewers=viewers, folder=table.folder)],
        exception_handlers={404: not_found, NotForYou: not_for_you},
    )
    app.state.table = TableState(table, viewers, templates(), poll_ms=poll_ms)
    return app
