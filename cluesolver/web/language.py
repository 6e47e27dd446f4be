"""The page's language: English or Estonian, chosen per request.

In order: the switch on the page (a link with ``?lang=et``, which the page then keeps in a
cookie named per server like the token's, ``SameSite=Strict``), that cookie, the browser's
``Accept-Language``, else English.  :class:`Language` is the ASGI middleware in front of
the guard: every request, refusals included, is answered inside
:class:`rulesref.core.i18n.speaking`, a context variable that follows the request into the
worker thread that renders it.  The switch changes nothing on the server (the browser keeps
the choice), so it is a plain link, not a form.
"""

from __future__ import annotations

from urllib.parse import parse_qs, urlencode

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from rulesref.core.i18n import LANGUAGES, NAMES, from_accept_language, normalise, speaking

#: The query parameter of the switch, and the start of its cookie's name (each server adds its port).
PARAM = "lang"
COOKIE = "cluesolver_lang"


def cookie_name(port: int | None) -> str:
    """The language cookie of the server on ``port`` (cookies do not tell ports apart)."""
    return f"{COOKIE}_{port}" if port else COOKIE


def _header(scope: Scope, name: bytes) -> str:
    return next((v.decode("latin-1") for k, v in scope.get("headers", ()) if k == name), "")


def _cookie(scope: Scope, name: str) -> str:
    for key, value in scope.get("headers", ()):
        if key == b"cookie":
            for part in value.decode("latin-1").split(";"):
                k, sep, v = part.strip().partition("=")
                if sep and k == name:
                    return v
    return ""


def choose(scope: Scope) -> tuple[str, bool]:
    """The language of a request, and whether the switch chose it (then it is kept in the cookie)."""
    query = parse_qs(scope.get("query_string", b"").decode("latin-1"))
    asked = normalise((query.get(PARAM) or [""])[0][:20])
    if asked:
        return asked, True
    port = (scope.get("server") or (None, None))[1]
    kept = normalise(_cookie(scope, cookie_name(port))[:20])
    if kept:
        return kept, False
    return from_accept_language(_header(scope, b"accept-language")[:1000]) or "en", False


def switch_links(path: str, query: str, lang: str) -> list[tuple[str, str, str, bool]]:
    """The switch: (language, its name in itself, link, is it the one spoken) for each language.

    The link is the page itself with ``lang`` set (the run's token ``t`` left out: the cookie
    holds it)."""
    params = [(k, v) for k, v in parse_qs(query, keep_blank_values=True).items() if k not in (PARAM, "t")]
    out = []
    for code in LANGUAGES:
        pairs = [(k, x) for k, vs in params for x in vs] + [(PARAM, code)]
        out.append((code, NAMES[code], f"{path}?{urlencode(pairs)}", code == lang))
    return out


class Language:
    """The ASGI middleware that answers each request in its language (see the module's description)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        lang, chosen = choose(scope)
        if chosen:  # the switch: the browser keeps the choice
            port = (scope.get("server") or (None, None))[1]
            send = _with_cookie(send, f"{cookie_name(port)}={lang}; Path=/; SameSite=Strict".encode())
        with speaking(lang):
            await self.app(scope, receive, send)


def _with_cookie(send: Send, cookie: bytes) -> Send:
    async def sending(message: Message) -> None:
        if message["type"] == "http.response.start":
            message = {**message, "headers": [*list(message.get("headers", ())), (b"set-cookie", cookie)]}
        await send(message)

    return sending
