"""The server of a table game (``serve --table``): one app over one table folder.

:func:`create_table_app` builds the app: :class:`~cluesolver.web.table_guard.TableGuard`
in front (each request is a seat or the board, by its token), the seat and board pages
(:mod:`cluesolver.web.table_pages`), the JSON API (:mod:`cluesolver.web.table_api`) and the
event stream (:mod:`cluesolver.web.table_events`).  The server keeps nothing of its own but
the tokens' secret's derivations and caches: everything shown is read from the folder, so
restarting the server on the folder resumes the game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from cluesolver.web import table_api, table_pages
from cluesolver.web.table_common import (
    FALLBACK_POLL_MS,
    NotForYou,
    TableLanguage,
    TableState,
    not_for_you,
    not_found,
    state_of,
    viewer_of,
)
from cluesolver.web.table_guard import TableGuard, viewers_of

if TYPE_CHECKING:
    from cluesolver.clue.session.table import Table


def create_table_app(table: Table, *, poll_ms: int = FALLBACK_POLL_MS) -> Starlette:
    """The app of one ``serve --table`` run over ``table``."""
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
        middleware=[Middleware(TableLanguage), Middleware(TableGuard, viewers=viewers, folder=table.folder)],
        exception_handlers={404: not_found, NotForYou: not_for_you},
    )
    app.state.table = TableState(table, viewers, templates(), poll_ms=poll_ms)
    return app
