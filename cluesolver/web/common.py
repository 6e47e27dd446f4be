"""What every page shares: the run's settings, the app state, rendering and error answers.

The pages (:mod:`cluesolver.web.clue_pages`, :mod:`cluesolver.web.game_pages`,
:mod:`cluesolver.web.rule_pages`) import this module; :mod:`cluesolver.web.app` builds
the app from them.
"""

from __future__ import annotations

import secrets
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from http import HTTPStatus
from pathlib import Path
from typing import Any

from jinja2 import Environment
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import HTMLResponse

from rulesref.core.errors import CluesolverError
from rulesref.core.i18n import _, language, mark
from rulesref.core.text import percent as core_percent

#: The token cookie's name starts so; each server adds its port (:func:`cookie_name`).
COOKIE = "cluesolver_token"
#: The header (sent by htmx from ``<body hx-headers>``) and form field carrying the CSRF token.
CSRF_HEADER = "X-CSRF-Token"
CSRF_FIELD = "csrf"
OPEN_PRINTED = mark(
    "open the link the server printed (it is in the terminal where 'cluesolver serve' runs: "
    "'Open: http://127.0.0.1:PORT/?t=...')"
)
#: What a refused request says, and the page's banner after one (in English; ``_()`` at use).
LINK_CHANGED = mark(
    "This page's link has changed (the server was restarted or another server took over): "
    "open the link the server printed (it is in the terminal where 'cluesolver serve' runs: "
    "'Open: http://127.0.0.1:PORT/?t=...')"
)


def cookie_name(port: int | None) -> str:
    """The token cookie of the server on ``port``: two servers on two ports never share or
    overwrite one another's cookie (cookies do not tell ports apart)."""
    return f"{COOKIE}_{port}" if port else COOKIE


def new_token() -> str:
    return secrets.token_urlsafe(18)


@dataclass(frozen=True)
class WebSettings:
    """One run of the server.

    ``session`` is the Clue log the page shows and writes (``None``: no session, the
    Clue page says how to start one); ``folder`` is the only folder requests may touch
    (the session's folder); ``poll_ms`` is how often the page asks whether the session
    file changed; ``accuse_limit`` how many open envelope combinations the page counts
    exactly on every update (the full list is one click away); ``csrf`` is the token
    every write carries besides the cookie (:mod:`cluesolver.web.guard`).
    """

    token: str
    folder: Path
    session: Path | None = None
    session_problem: str | None = None
    poll_ms: int = 500
    accuse_limit: int = 8
    csrf: str = field(default_factory=new_token)  # this run's CSRF token, in every page


@dataclass
class AppState:
    """What the routes share: the settings, the templates, one writer at a time."""

    settings: WebSettings
    templates: Environment
    write_lock: threading.Lock = field(default_factory=threading.Lock)
    cache: dict[str, Any] = field(default_factory=dict)
    cache_lock: threading.Lock = field(default_factory=threading.Lock)


def percent(p: float) -> str:
    """A probability as people read it: 0, 100, '<1', '>99' or a whole percent."""
    return core_percent(p, short=True)


def state_of(request: Request) -> AppState:
    st: AppState = request.app.state.cs
    return st


def render(request: Request, name: str, status: int = 200, **context: Any) -> HTMLResponse:
    """``name`` rendered in the request's language (:mod:`cluesolver.web.language`), with the switch."""
    from cluesolver.web.language import switch_links

    st = state_of(request)
    lang = language()
    html = st.templates.get_template(name).render(
        request=request,
        settings=st.settings,
        is_htmx=is_htmx(request),
        csrf=st.settings.csrf,
        lang=lang,
        languages=switch_links(request.url.path, request.url.query, lang),
        link_changed=_(LINK_CHANGED),
        **context,
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
