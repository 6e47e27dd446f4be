"""What a table game's routes share (:mod:`cluesolver.web.table_pages`,
:mod:`cluesolver.web.table_api`): the app's state, who is asking, rendering for them, and
the language of each request (the pages speak the browser's language like the phone page,
:mod:`cluesolver.web.language`; the JSON API under ``/api/`` always English, a contract)."""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import urlencode

from jinja2 import Environment
from starlette.requests import Request
from starlette.responses import HTMLResponse, PlainTextResponse, Response
from starlette.types import Receive, Scope, Send

from cluesolver.web.language import Language
from cluesolver.web.table_events import Hub
from cluesolver.web.table_guard import VIEWER, Viewer
from rulesref.core.i18n import LANGUAGES, NAMES, _, language, mark, speaking

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


class TableLanguage(Language):
    """:class:`cluesolver.web.language.Language` for the table's pages; the API speaks English."""

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and str(scope.get("path", "")).startswith("/api/"):
            with speaking("en"):
                await self.app(scope, receive, send)
            return
        await super().__call__(scope, receive, send)


async def not_for_you(request: Request, exc: Exception) -> Response:
    return PlainTextResponse(
        _("refused: this link is the board's; this page belongs to a seat") + "\n", status_code=403
    )


async def not_found(request: Request, exc: Exception) -> Response:
    return PlainTextResponse(_("not found"), status_code=404)


#: What the table's script writes on the page (table.js reads them from the body's data-texts).
SCRIPT_TEXTS = {
    "connecting": mark("connecting…"),
    "live": mark("live"),
    "offline": mark("reconnecting…"),
    "polling": mark("updates every few seconds"),
    "picked": mark("{n} of {size} picked"),
}


def script_texts() -> dict[str, str]:
    return {k: _(v) for k, v in SCRIPT_TEXTS.items()}


def switch_links(token: str, lang: str) -> list[tuple[str, str, str, bool]]:
    """The language switch of a table page: the page's own link (its token kept: a table sets
    no cookie for it) with ``lang``."""
    return [(code, NAMES[code], "/?" + urlencode({"t": token, "lang": code}), code == lang) for code in LANGUAGES]


def render(request: Request, name: str, status: int = 200, **context: Any) -> HTMLResponse:
    """A template for the viewer asking: its token and CSRF token go with the page's requests."""
    st = state_of(request)
    viewer = viewer_of(request)
    view = context.get("view")
    if "variant" not in context:  # the fragments name cards as the seat's edition does
        context["variant"] = view.log.variant if view is not None else None
    from cluesolver.web.common import LINK_CHANGED

    lang = language()
    html = st.templates.get_template(name).render(
        request=request,
        settings=st,
        viewer=viewer,
        csrf=viewer.csrf,
        token=viewer.token,
        lang=lang,
        languages=switch_links(viewer.token, lang),
        link_changed=_(LINK_CHANGED),
        table_texts=script_texts(),
        is_htmx=request.headers.get("hx-request") == "true",
        **context,
    )
    return HTMLResponse(html, status_code=status)
