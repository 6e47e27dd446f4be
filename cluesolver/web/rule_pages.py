"""The rules page: one search box over every rule book, results linking to whole sections.

Search is :func:`rulesref.search.search` (as ``rules search``); a section page shows the
whole section (as ``rules show``), its Markdown turned into HTML with raw HTML off.
"""

from __future__ import annotations

from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import Response

from cluesolver.web.common import answer, messages_of, render
from rulesref.core.errors import CluesolverError
from rulesref.core.i18n import language

MAX_QUERY = 300


def markdown_html(text: str) -> str:
    """Markdown to HTML; raw HTML in the text is escaped, never passed through."""
    from markdown_it import MarkdownIt

    html: str = MarkdownIt("commonmark", {"html": False}).enable("table").render(text)
    return html


async def search_page(request: Request) -> Response:
    query = (request.query_params.get("q") or "").strip()[:MAX_QUERY]
    game = (request.query_params.get("game") or "").strip()[:60] or None

    def compute() -> dict[str, Any]:
        from rulesref.book import ENGLISH, books
        from rulesref.search import search

        # an Estonian page shows the Estonian books where there are; an English one answers
        # a question in its own language, as ``rules search`` does
        lang = language()
        shown = lang if lang != ENGLISH else None
        result = search(query, game=game, limit=10, lang=shown) if query else None
        return {"result": result, "books": list(books(lang).values()), "query": query, "game": game, "page": "rules"}

    empty: dict[str, Any] = {"result": None, "books": [], "query": query, "game": game, "page": "rules"}
    return await answer(request, "rules.html", compute, empty)


def _title(full_id: str, lang: str) -> str:
    from rulesref.book import section

    try:
        return section(full_id, lang).title
    except CluesolverError:
        return full_id


async def section_page(request: Request) -> Response:
    """A whole section (``game/section``), or a whole book's contents (``game``)."""
    full_id = request.path_params["full_id"][:200]

    lang = language()

    def run() -> dict[str, Any]:
        from rulesref.book import book, section

        if "/" not in full_id:
            b = book(full_id, lang)
            return {"book": b, "section": None}
        s = section(full_id, lang)
        see = [(link, _title(link, lang)) for link in s.see]
        return {"book": book(s.game, lang), "section": s, "html": markdown_html(s.text), "see": see}

    try:
        data = await run_in_threadpool(run)
    except CluesolverError as exc:
        return render(request, "rule_section.html", status=404, data=None, errors=messages_of(exc), page="rules")
    return render(request, "rule_section.html", data=data, errors=[], page="rules")
