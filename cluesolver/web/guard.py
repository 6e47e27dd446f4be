"""The page no one else can drive: every request passes :class:`Guard` first.

In order, for every HTTP request:

1. **Host**: the ``Host`` header must name this server: ``127.0.0.1``, ``localhost`` or
   ``[::1]`` with its port, or the address the connection came in on (the network address
   ``--lan`` prints).  Another name (a DNS name pointing at 127.0.0.1, a rebinding attack)
   is refused: ``403``.
2. **One-time link** ``/open/CODE`` (what ``serve --open`` gives the browser, so the token
   is never on a command line): valid once and for :data:`OPEN_SECONDS`; it sets the
   cookie and sends the browser to ``/``.
3. **Token**: the run's token in the cookie (``HttpOnly``, ``SameSite=Strict``, named per
   server: :func:`~cluesolver.web.common.cookie_name`) or in the link's ``?t=``, which
   sets the cookie.  Else ``403`` with :data:`~cluesolver.web.common.LINK_CHANGED`.
4. **Writes** (any method but GET/HEAD): the ``Origin`` must be this server's own
   (``http://HOST:PORT``; a missing or ``null`` origin is refused) and the run's CSRF token
   must come with the request (the ``X-CSRF-Token`` header, which the page's htmx sends
   from ``<body hx-headers>``, or a form field ``csrf``).  The body is read first, at most
   :data:`MAX_BODY` bytes within :data:`BODY_SECONDS`.  Else ``403``, nothing done.
5. The request runs inside :func:`rulesref.core.files.confined` for the served folder: no
   file below it is read through a link, whenever the link appeared.

Every answer, refusals included, carries :data:`SECURITY_HEADERS` (no framing, only the
page's own scripts, no sniffing, no referrer).
"""

from __future__ import annotations

import secrets
import threading
import time
from collections.abc import Callable, Iterable
from http import HTTPStatus
from typing import Any
from urllib.parse import parse_qs

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from cluesolver.web.common import CSRF_FIELD, CSRF_HEADER, LINK_CHANGED, OPEN_PRINTED, WebSettings, cookie_name
from rulesref.core.i18n import _

#: How long the link ``serve --open`` hands the browser stays valid (seconds).
OPEN_SECONDS = 60.0
#: The largest request body read (bytes): a statement is at most 2000 characters.
MAX_BODY = 64 * 1024
#: The time a client has to send a request's body (seconds).
BODY_SECONDS = 10.0
LOOPBACK = ("127.0.0.1", "localhost", "[::1]")
SAFE_METHODS = ("GET", "HEAD")

SECURITY_HEADERS: tuple[tuple[bytes, bytes], ...] = (
    (b"x-frame-options", b"DENY"),
    (
        b"content-security-policy",
        b"default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
        b"connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'; object-src 'none'",
    ),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"cross-origin-resource-policy", b"same-origin"),
    (b"cross-origin-opener-policy", b"same-origin"),
    (b"cache-control", b"no-store"),
)


class OneTimeLinks:
    """Codes for ``/open/CODE``: each valid once, for ``seconds`` after it is made."""

    def __init__(self, seconds: float = OPEN_SECONDS) -> None:
        self.seconds = seconds
        self._codes: dict[str, float] = {}
        self._lock = threading.Lock()

    def issue(self) -> str:
        code = secrets.token_urlsafe(18)
        with self._lock:
            self._codes[code] = time.monotonic() + self.seconds
        return code

    def redeem(self, code: str) -> bool:
        """Whether ``code`` is valid now; it never is again."""
        with self._lock:
            now = time.monotonic()
            for old in [c for c, until in self._codes.items() if until < now]:
                del self._codes[old]
            matched = next((c for c in self._codes if secrets.compare_digest(c.encode(), code.encode())), None)
            if matched is None:
                return False
            del self._codes[matched]
            return True


def _header(scope: Scope, name: bytes) -> str | None:
    for key, value in scope.get("headers", ()):
        if key == name:
            return str(value.decode("latin-1"))
    return None


def _cookies(scope: Scope) -> dict[str, str]:
    out: dict[str, str] = {}
    for key, value in scope.get("headers", ()):
        if key == b"cookie":
            for part in value.decode("latin-1").split(";"):
                name, sep, val = part.strip().partition("=")
                if sep:
                    out.setdefault(name, val)
    return out


def own_hosts(scope: Scope) -> frozenset[str]:
    """The ``Host`` values that name this server for this connection."""
    server = scope.get("server") or (None, None)
    address, port = server[0], server[1]
    names = set(LOOPBACK)
    if address:
        names.add(f"[{address}]" if ":" in address else address)
    hosts = {f"{n}:{port}" for n in names} if port else set()
    if port in (None, 80):
        hosts |= names
    return frozenset(h.lower() for h in hosts)


async def admit(
    app: ASGIApp, scope: Scope, receive: Receive, send: Send, wrong_host: Callable[[], str]
) -> tuple[Send, str] | None:
    """What every guard does first: the server's start and stop pass to ``app``, anything but
    HTTP is dropped, every answer gets the security headers, and a request to a host name this
    server is not is refused (``wrong_host()`` says why).  Returns the ``send`` to answer the
    request with and the host name it came to, or None when it is already answered."""
    if scope["type"] == "lifespan":
        await app(scope, receive, send)
        return None
    if scope["type"] != "http":  # no websockets here
        return None
    send = _with_headers(send, SECURITY_HEADERS)
    host = (_header(scope, b"host") or "").strip().lower()
    if host not in own_hosts(scope):
        await _refuse(send, wrong_host())
        return None
    return send, host


class Guard:
    """The ASGI middleware in front of every route (see the module's description)."""

    def __init__(self, app: ASGIApp, settings: WebSettings, links: OneTimeLinks) -> None:
        self.app = app
        self.settings = settings
        self.token = settings.token.encode()
        self.csrf = settings.csrf.encode()
        self.links = links

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        checked = await admit(
            self.app,
            scope,
            receive,
            send,
            lambda: _("this server does not answer to that host name: {how}").format(how=_(OPEN_PRINTED)),
        )
        if checked is None:
            return
        send, host = checked
        server_port = (scope.get("server") or (None, None))[1]
        cookie = cookie_name(server_port)
        path: str = scope.get("path", "")
        if path.startswith("/open/"):
            await self._open(scope, send, path.removeprefix("/open/"), cookie)
            return
        from_cookie = _cookies(scope).get(cookie, "")
        from_query = (parse_qs(scope.get("query_string", b"").decode("latin-1")).get("t") or [""])[0]
        set_cookie = None
        if not self._ok(from_cookie, self.token):
            if not self._ok(from_query, self.token):
                await _refuse(send, _(LINK_CHANGED))
                return
            set_cookie = _cookie_header(cookie, from_query)
        if scope.get("method", "GET") not in SAFE_METHODS:
            origin = _header(scope, b"origin")
            if origin is None or origin.lower() != f"{scope.get('scheme', 'http')}://{host}":
                await _refuse(send, _("refused: this request did not come from this server's own page"))
                return
            body = await _read_body(receive)
            if body is None:
                await _refuse(
                    send, _("refused: the request's body is too large or too slow"), HTTPStatus.REQUEST_TIMEOUT
                )
                return
            if not (self._ok(_header(scope, CSRF_HEADER.lower().encode()) or "", self.csrf) or self._form_csrf(body)):
                await _refuse(send, _(LINK_CHANGED))
                return
            receive = _replay(body, receive)
        if set_cookie is not None:
            send = _with_headers(send, ((b"set-cookie", set_cookie),))
        from rulesref.core.files import confined

        with confined(self.settings.folder):
            await self.app(scope, receive, send)

    async def _open(self, scope: Scope, send: Send, code: str, cookie: str) -> None:
        if scope.get("method") not in SAFE_METHODS or not self.links.redeem(code):
            await _refuse(
                send, _("this one-time link was used already or is too old: {how}").format(how=_(OPEN_PRINTED))
            )
            return
        await send(
            {
                "type": "http.response.start",
                "status": HTTPStatus.SEE_OTHER,
                "headers": [(b"location", b"/"), (b"set-cookie", _cookie_header(cookie, self.settings.token))],
            }
        )
        await send({"type": "http.response.body", "body": b""})

    @staticmethod
    def _ok(given: str, expected: bytes) -> bool:
        return bool(given) and secrets.compare_digest(given.encode("latin-1", "replace"), expected)

    def _form_csrf(self, body: bytes) -> bool:
        try:
            fields = parse_qs(body.decode("utf-8"), max_num_fields=200)
        except (UnicodeDecodeError, ValueError):
            return False
        return self._ok((fields.get(CSRF_FIELD) or [""])[0], self.csrf)


def _cookie_header(name: str, token: str) -> bytes:
    return f"{name}={token}; Path=/; HttpOnly; SameSite=Strict".encode()


def _with_headers(send: Send, headers: Iterable[tuple[bytes, bytes]]) -> Send:
    extra = tuple(headers)

    async def sending(message: Message) -> None:
        if message["type"] == "http.response.start":
            message = {**message, "headers": [*list(message.get("headers", ())), *extra]}
        await send(message)

    return sending


async def _refuse(send: Send, message: str, status: int = HTTPStatus.FORBIDDEN) -> None:
    body = (message + "\n").encode()
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [(b"content-type", b"text/plain; charset=utf-8"), (b"content-length", str(len(body)).encode())],
        }
    )
    await send({"type": "http.response.body", "body": body})


async def _read_body(receive: Receive) -> bytes | None:
    """The whole request body, or None when it is over :data:`MAX_BODY` or too slow."""
    import anyio

    chunks: list[bytes] = []
    size = 0
    with anyio.move_on_after(BODY_SECONDS):
        while True:
            message = await receive()
            if message["type"] != "http.request":
                return None
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > MAX_BODY:
                return None
            chunks.append(chunk)
            if not message.get("more_body", False):
                return b"".join(chunks)
    return None


def _replay(body: bytes, receive: Receive) -> Receive:
    """A ``receive`` that gives the app the body already read, then the client's later messages."""
    sent = False

    async def receiving() -> Any:
        nonlocal sent
        if not sent:
            sent = True
            return {"type": "http.request", "body": body, "more_body": False}
        return await receive()

    return receiving
