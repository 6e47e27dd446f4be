"""Who may use a table game's server (``serve --table``): every request names a seat or the
board by its token, checked by :class:`TableGuard` before any route runs.

*Tokens.*  Each seat and the board has its own token, derived from the table's secret (a
``0600`` file in the table folder, :mod:`cluesolver.clue.session.table_files`) with
HMAC-SHA256, so the links stay the same when the host restarts the server on the same
folder, and a new table has new links.  A request carries its token as ``?t=TOKEN`` or as
``Authorization: Bearer TOKEN``; no cookie is set (one browser may hold several seats'
pages, each keeps its own).  Without a token that is one of this table's: ``403``.

*Writes* (any method but GET/HEAD) read the body first (at most
:data:`~cluesolver.web.guard.MAX_BODY` bytes within
:data:`~cluesolver.web.guard.BODY_SECONDS`).  With the token in an ``Authorization`` header
nothing more is asked: a page on another site cannot set that header without the server's
CORS consent, which it never gives.  With the token in ``?t=`` the request must also come
from this server's own page: its ``Origin`` and the viewer's CSRF token (the
``X-CSRF-Token`` header or a form field ``csrf``), as :class:`~cluesolver.web.guard.Guard`
asks of the single-session page.

The rest is the single-session guard's: the ``Host`` must name this server, every answer
carries :data:`~cluesolver.web.guard.SECURITY_HEADERS`, and every request runs confined to
the table folder (no link below it is followed).
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets
from collections.abc import Iterable
from dataclasses import dataclass
from http import HTTPStatus
from pathlib import Path
from urllib.parse import parse_qs

from starlette.types import ASGIApp, Receive, Scope, Send

from cluesolver.web import guard as G
from cluesolver.web.common import CSRF_FIELD, CSRF_HEADER

#: Where a route finds who is asking (``request.scope[VIEWER]``).
VIEWER = "cluesolver.table.viewer"
#: What a refused request says (the page shows it in its banner).
NOT_THIS_TABLE = (
    "This link is not one of this table's (the host started another table, or the link was cut short): "
    "open your seat's link as the host's terminal printed it"
)


@dataclass(frozen=True)
class Viewer:
    """A seat (``seat`` is its name) or the board (``seat`` None), with its token and CSRF token."""

    seat: str | None
    token: str
    csrf: str

    @property
    def board(self) -> bool:
        return self.seat is None

    @property
    def name(self) -> str:
        return self.seat if self.seat is not None else "the board"


def derive(secret: bytes, what: str) -> str:
    """A 144-bit token for ``what`` from the table's secret (URL-safe, 24 characters)."""
    digest = hmac.new(secret, what.encode("utf-8"), hashlib.sha256).digest()
    return base64.urlsafe_b64encode(digest[:18]).decode("ascii")


def viewers_of(secret: bytes, seats: Iterable[str]) -> tuple[Viewer, ...]:
    """The board and each seat, with their tokens."""
    out = [Viewer(None, derive(secret, "board"), derive(secret, "csrf\0board"))]
    out += [Viewer(s, derive(secret, "seat\0" + s), derive(secret, "csrf\0seat\0" + s)) for s in seats]
    return tuple(out)


def _bearer(scope: Scope) -> str | None:
    value = G._header(scope, b"authorization")
    if value is None:
        return None
    kind, _, token = value.strip().partition(" ")
    return token.strip() if kind.lower() == "bearer" else ""


def _same(given: str, expected: str) -> bool:
    return bool(given) and secrets.compare_digest(given.encode("latin-1", "replace"), expected.encode("ascii"))


class TableGuard:
    """The ASGI middleware in front of every route of a table game (see the module)."""

    def __init__(self, app: ASGIApp, viewers: tuple[Viewer, ...], folder: Path) -> None:
        self.app = app
        self.viewers = viewers
        self.folder = folder

    def viewer(self, token: str) -> Viewer | None:
        found = None
        for v in self.viewers:  # every token compared, in constant time each
            if _same(token, v.token):
                found = v
        return found

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        checked = await G.admit(
            self.app, scope, receive, send, lambda: "this server does not answer to that host name: " + NOT_THIS_TABLE
        )
        if checked is None:
            return
        send, host = checked
        bearer = _bearer(scope)
        query = parse_qs(scope.get("query_string", b"").decode("latin-1"))
        token = bearer if bearer is not None else (query.get("t") or [""])[0]
        viewer = self.viewer(token)
        if viewer is None:
            await G._refuse(send, NOT_THIS_TABLE)
            return
        if scope.get("method", "GET") not in G.SAFE_METHODS:
            body = await G._read_body(receive)
            if body is None:
                await G._refuse(
                    send, "refused: the request's body is too large or too slow", HTTPStatus.REQUEST_TIMEOUT
                )
                return
            if bearer is None and not self._own_page(scope, host, body, viewer):
                await G._refuse(send, "refused: this request did not come from this table's own page")
                return
            receive = G._replay(body, receive)
        scope[VIEWER] = viewer
        from rulesref.core.files import confined

        with confined(self.folder):
            await self.app(scope, receive, send)

    @staticmethod
    def _own_page(scope: Scope, host: str, body: bytes, viewer: Viewer) -> bool:
        origin = G._header(scope, b"origin")
        if origin is None or origin.lower() != f"{scope.get('scheme', 'http')}://{host}":
            return False
        if _same(G._header(scope, CSRF_HEADER.lower().encode()) or "", viewer.csrf):
            return True
        try:
            fields = parse_qs(body.decode("utf-8"), max_num_fields=200)
        except (UnicodeDecodeError, ValueError):
            return False
        return _same((fields.get(CSRF_FIELD) or [""])[0], viewer.csrf)
