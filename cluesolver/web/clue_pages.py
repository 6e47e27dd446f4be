"""The Clue page: notebook grid, odds, entry line, undo, why, next suggestions, accuse, clock.

Full pages for a plain request; fragments for htmx requests.  Writes go through
:mod:`cluesolver.web.clue_view` to the session code (lock, validation, atomic write),
one at a time per server.  The page polls ``/clue/panel?v=VERSION`` and gets 204 until
the session file changes (a ``clue add`` in a terminal shows up within a poll).
"""

from __future__ import annotations

from http import HTTPStatus
from pathlib import Path
from typing import TYPE_CHECKING, Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import PlainTextResponse, RedirectResponse, Response

from cluesolver.web.clue_view import ClueView, clue_view, record, take_back, version_of, why_cell, why_text
from cluesolver.web.common import AppState, answer, is_htmx, messages_of, render, state_of, status_of
from rulesref.core.errors import CluesolverError, InputError, Problem, SessionError
from rulesref.core.i18n import _

if TYPE_CHECKING:
    from cluesolver.clue.session.store import Change

MAX_STATEMENT = 2000


def _session(st: AppState) -> Path:
    path = st.settings.session
    if path is None:
        raise SessionError(st.settings.session_problem or _("no session"))
    return path


def _view(st: AppState) -> ClueView:
    """The view of the session as it is on disk now (cached per file version).

    The analysis of the view shown before is reused for what the last line changed.
    """
    path = _session(st)
    version = version_of(path)
    with st.cache_lock:
        cached = st.cache.get("clue")
    if cached is not None and cached.version == version:
        return cached
    known = [cached.report] if cached is not None else []
    view = clue_view(path, known, st.settings.accuse_limit)
    with st.cache_lock:
        st.cache["clue"] = view
    return view


async def page(request: Request) -> Response:
    st = state_of(request)
    try:
        view = await run_in_threadpool(_view, st)
    except CluesolverError as exc:
        return render(request, "clue.html", status=status_of(exc), view=None, errors=messages_of(exc))
    return render(request, "clue.html", view=view, errors=[], done=None)


async def panel(request: Request) -> Response:
    """The notebook panel; 204 while the session file is the version the page has."""
    st = state_of(request)
    try:
        path = _session(st)
    except CluesolverError as exc:
        return PlainTextResponse(messages_of(exc)[0], status_code=status_of(exc))
    if request.query_params.get("v") == version_of(path):
        return Response(status_code=HTTPStatus.NO_CONTENT)
    try:
        view = await run_in_threadpool(_view, st)
    except CluesolverError as exc:
        return render(
            request, "clue_error.html", status=status_of(exc), errors=messages_of(exc), version=version_of(path)
        )
    return render(request, "clue_panel.html", view=view)


async def add(request: Request) -> Response:
    st = state_of(request)
    form = await request.form()
    raw = form.get("statement", "")
    statement = raw if isinstance(raw, str) else ""
    force = form.get("force") in ("1", "on", "true")
    if len(statement) > MAX_STATEMENT:
        too_long = _("a statement is at most {n} characters").format(n=MAX_STATEMENT)
        return await _written(request, st, None, [too_long], 400)

    def write() -> Change:
        with st.write_lock:
            return record(_session(st), statement, force=force)

    try:
        change = await run_in_threadpool(write)
    except CluesolverError as exc:
        return await _written(request, st, None, messages_of(exc), status_of(exc), statement)
    return await _written(request, st, _("Recorded: {lines}").format(lines="; ".join(change.lines)), [], 200)


async def undo(request: Request) -> Response:
    st = state_of(request)

    def write() -> Change:
        with st.write_lock:
            return take_back(_session(st))

    try:
        change = await run_in_threadpool(write)
    except CluesolverError as exc:
        return await _written(request, st, None, messages_of(exc), status_of(exc))
    said = (
        change.undone.describe()
        if change.undone is not None
        else _("Removed: {lines}").format(lines="; ".join(change.lines))
    )
    return await _written(request, st, said, [], 200)


async def _written(
    request: Request,
    st: AppState,
    done: str | None,
    errors: list[str],
    status: int,
    typed: str = "",
) -> Response:
    """After a write (or a refused one): the messages and the fresh panel."""
    if not is_htmx(request) and not errors:
        return RedirectResponse("/clue", status_code=HTTPStatus.SEE_OTHER)
    try:
        view = await run_in_threadpool(_view, st)
    except CluesolverError as exc:
        view = None
        errors = errors + messages_of(exc)
    name = "clue_written.html" if is_htmx(request) else "clue.html"
    retry = typed if status == HTTPStatus.CONFLICT else ""  # offered again with --force
    return render(request, name, status=status, view=view, errors=errors, done=done, typed=typed, retry_add=retry)


async def why(request: Request) -> Response:
    """Why a cell (or a fact typed as a player says it) is certain, or how likely it is."""
    st = state_of(request)
    q = request.query_params
    holder, card, fact = q.get("holder"), q.get("card"), q.get("fact")

    def compute() -> dict[str, Any]:
        view = _view(st)
        if fact is not None:
            return {"answer": why_text(view, fact[:300])}
        if holder is None or card is None:
            raise InputError(Problem(_("ask about a cell (holder and card) or a fact such as 'Dan has Library'")))
        return {"answer": why_cell(view, holder[:100], card[:100])}

    return await answer(request, "clue_why.html", compute, {"answer": None})


async def advice(request: Request) -> Response:
    """``clue next``: the best suggestions for the player to move, in the room picked."""
    st = state_of(request)
    room = (request.query_params.get("room") or "").strip() or None

    def compute() -> dict[str, Any]:
        from cluesolver.clue.advice.suggestions import match_room, rank
        from cluesolver.clue.record.turns import to_move

        view = _view(st)
        room_card = match_room(view.log, room[:100]) if room is not None else None
        if to_move(view.log) is None:
            return {"ranking": None, "view": view}
        return {"ranking": rank(view.log, room=room_card, top=5, counts=view.report.counts), "view": view}

    return await answer(request, "clue_next.html", compute, {"ranking": None})


async def show(request: Request) -> Response:
    """``clue show?``: which of the cards of ``statement`` (a suggestion that reached the
    notebook's owner) to show, least told to the suggester first."""
    st = state_of(request)
    statement = (request.query_params.get("statement") or "").strip()

    def compute() -> dict[str, Any]:
        from cluesolver.clue.advice.show import show_advice, suggestion_of

        if not statement:
            raise InputError(
                Problem(_("type the suggestion that reached you, e.g. 'Ben suggests Plum, Rope, Library'"))
            )
        view = _view(st)
        advice = show_advice(view.log, suggestion_of(view.log, statement[:MAX_STATEMENT]))
        return {"show": advice, "variant": view.log.variant}

    return await answer(request, "clue_show.html", compute, {"show": None, "variant": None})


async def accuse(request: Request) -> Response:
    """``clue accuse?``: accuse now or wait, with each opponent's threat (the advisor's plan).

    Cached per file version: the panel loads it after every change.
    """
    st = state_of(request)

    def compute() -> dict[str, Any]:
        from cluesolver.clue.advice.accuse import accusation

        view = _view(st)
        with st.cache_lock:
            cached = st.cache.get("accuse")
        if cached is not None and cached[0] == view.version:
            return {"advice": cached[1], "rules": view.rules, "variant": view.log.variant}
        advice = accusation(view.log, plan=True)
        with st.cache_lock:
            st.cache["accuse"] = (view.version, advice)
        return {"advice": advice, "rules": view.rules, "variant": view.log.variant}

    return await answer(request, "clue_accuse.html", compute, {"advice": None, "variant": None})


async def log_text(request: Request) -> Response:
    """The session's log as it is on disk (to read along or copy)."""
    st = state_of(request)
    try:
        view = await run_in_threadpool(_view, st)
    except CluesolverError as exc:
        return PlainTextResponse("\n".join(messages_of(exc)), status_code=status_of(exc))
    return PlainTextResponse("\n".join(view.text_lines) + "\n")
