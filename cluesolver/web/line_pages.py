"""Fixing a past line from the Clue page: edit, delete, or insert a statement before it.

Tapping a line of the page's log (``GET /clue/line?n=N``) opens the line editor
(``templates/clue_line.html``); its forms post to ``/clue/line/edit``, ``/clue/line/delete``
and ``/clue/line/insert``, which call the session code's
:func:`~cluesolver.clue.session.edit.edit_line`, :func:`~cluesolver.clue.session.edit.delete_line`
and :func:`~cluesolver.clue.session.edit.insert_line` exactly as ``clue edit``, ``clue delete``
and ``clue insert`` do (the session lock, the whole log re-read, a contradiction refused with
its conflicting lines unless forced, the undo journal).  The answer is the editor again (what
was done, or the refusal with a "change it anyway" button) and the fresh panel.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from http import HTTPStatus
from typing import TYPE_CHECKING, Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import RedirectResponse, Response

from cluesolver.web.clue_pages import MAX_STATEMENT, _session, _view
from cluesolver.web.common import AppState, is_htmx, messages_of, render, state_of, status_of
from rulesref.core.errors import CluesolverError, InputError, Problem
from rulesref.core.i18n import _

if TYPE_CHECKING:
    from cluesolver.clue.session.edit import Fixed, Kind
    from cluesolver.web.clue_view import ClueView

#: A line number the page accepts (larger ones are refused before the session is read).
MAX_LINE_NUMBER = 1_000_000


@dataclass(frozen=True)
class LineEditor:
    """The line editor for one statement line: its number, its text, its draft for the tap pad,
    and what was typed into its boxes (kept after a refusal)."""

    line: int
    text: str
    draft: str  # JSON of the tap pad's draft of this line (static/tap.js)
    edit_text: str
    insert_text: str


def editor_of(view: ClueView, line: int, typed: dict[str, str] | None = None) -> LineEditor:
    """The editor of statement line ``line`` of the session in ``view``; refused (with the
    nearest statements as choices) when that line holds no statement."""
    from cluesolver.web.tap_view import draft_of

    event = next((e for e in view.log.events if e.line == line), None)
    if event is None:
        near = [n for n, _ in view.event_lines]
        before = [n for n in near if n < line][-1:]
        after = [n for n in near if n > line][:1]
        raise InputError(
            Problem(
                _("line {line} holds no statement of the log: pick a line of the log").format(line=line),
                text=str(line),
                choices=tuple(_("line {n}: {text}").format(n=n, text=view.line_text(n)) for n in before + after),
            )
        )
    typed = typed or {}
    text = view.line_text(line)
    draft = json.dumps(draft_of(event, view.log.players), ensure_ascii=False)
    return LineEditor(line, text, draft, typed.get("edit", text), typed.get("insert", ""))


def _line_number(raw: object) -> int:
    text = raw.strip() if isinstance(raw, str) else ""
    if not text.isdigit() or not 0 < int(text) <= MAX_LINE_NUMBER:
        raise InputError(Problem(_("a line number is a whole number from 1"), text=text[:20] or None))
    return int(text)


async def line_form(request: Request) -> Response:
    """``GET /clue/line?n=N``: the editor of line N (a fragment for htmx, else the whole page)."""
    st = state_of(request)

    def compute() -> tuple[ClueView, LineEditor]:
        view = _view(st)
        return view, editor_of(view, _line_number(request.query_params.get("n")))

    try:
        view, editor = await run_in_threadpool(compute)
    except CluesolverError as exc:
        return await _answer(request, st, None, None, messages_of(exc), status_of(exc))
    name = "clue_line.html" if is_htmx(request) else "clue.html"
    return render(request, name, view=view, editor=editor, errors=[], line_errors=[], line_done=None)


async def edit(request: Request) -> Response:
    return await _change(request, "edit")


async def delete(request: Request) -> Response:
    return await _change(request, "delete")


async def insert(request: Request) -> Response:
    return await _change(request, "insert")


def fix(st: AppState, kind: Kind, line: int, statement: str, force: bool) -> Fixed:
    """One change through the session code, one writer at a time per server."""
    from cluesolver.clue.session.edit import delete_line, edit_line, insert_line

    with st.write_lock:
        path = _session(st)
        if kind == "edit":
            return edit_line(path, line, statement, force=force)
        if kind == "delete":
            return delete_line(path, line, force=force)
        return insert_line(path, line, statement, force=force)


async def _change(request: Request, kind: Kind) -> Response:
    st = state_of(request)
    form = await request.form()
    raw = form.get("statement", "")
    statement = raw if isinstance(raw, str) else ""
    force = form.get("force") in ("1", "on", "true")
    typed: dict[str, str] = {kind: statement} if kind != "delete" else {}
    try:
        line = _line_number(form.get("line"))
    except CluesolverError as exc:
        return await _answer(request, st, None, None, messages_of(exc), status_of(exc))
    if len(statement) > MAX_STATEMENT:
        problem = _("a statement is at most {n} characters").format(n=MAX_STATEMENT)
        return await _answer(request, st, line, None, [problem], HTTPStatus.BAD_REQUEST, typed)
    try:
        fixed = await run_in_threadpool(fix, st, kind, line, statement, force)
    except CluesolverError as exc:
        retry = {"op": kind, "line": str(line), "statement": statement}
        status = status_of(exc)
        retry_or_none = retry if status == HTTPStatus.CONFLICT else None
        return await _answer(request, st, line, None, messages_of(exc), status, typed, retry_or_none)
    return await _answer(request, st, None, fixed.summary(), [], HTTPStatus.OK)


async def _answer(
    request: Request,
    st: AppState,
    line: int | None,
    done: str | None,
    errors: list[str],
    status: int,
    typed: dict[str, str] | None = None,
    retry: dict[str, str] | None = None,
) -> Response:
    """The editor after a change or a refusal (of ``line``, kept open to be fixed), and the panel."""
    if not is_htmx(request) and not errors:
        return RedirectResponse("/clue", status_code=HTTPStatus.SEE_OTHER)

    def compute() -> tuple[ClueView | None, LineEditor | None, list[str]]:
        try:
            view = _view(st)
        except CluesolverError as exc:
            return None, None, messages_of(exc)
        if line is None:
            return view, None, []
        try:
            return view, editor_of(view, line, typed), []
        except CluesolverError:
            return view, None, []  # the line moved or went: the refusal is still shown

    view, editor, more = await run_in_threadpool(compute)
    context: dict[str, Any] = {"view": view, "editor": editor, "line_errors": errors + more, "line_done": done}
    context.update(errors=more if view is None else [], retry=retry)  # a page without a view shows ``errors``
    name = "clue_line_done.html" if is_htmx(request) else "clue.html"
    return render(request, name, status=status, **context)
