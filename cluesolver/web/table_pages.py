"""The pages of a table game: each seat's phone and the board.

A seat's page (``GET /`` with the seat's token) is its own notebook, the Clue page's panel
over the seat's own record (:func:`cluesolver.web.clue_view.clue_view`): the grid, why,
next, accuse?, and ``show?`` when a suggestion reaches it.  Above it: the seat's hand
(entered once), the cards it should tell (which card it showed, or was shown, on a line),
and the entry of a public statement by taps (the phone page's tap pad, without a shown
card) or typed.  The board's page (``GET /`` with the board's token) is the public
record: whose turn, the players, the Lost in Vegas clock, every statement.

Every page listens to ``/table/events`` (:mod:`cluesolver.web.table_events`) and fetches
its own fragments when its record changes; nothing on a page comes from another seat's
record.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from http import HTTPStatus
from typing import TYPE_CHECKING, Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import Response

from cluesolver.web.table_common import TableState, render, seat_of, state_of, viewer_of
from rulesref.core.errors import CluesolverError, InputError, Problem
from rulesref.core.i18n import _, language

if TYPE_CHECKING:
    from cluesolver.clue.record.events import GameLog
    from cluesolver.clue.session.table import Ask
    from cluesolver.clue.session.view import TableView
    from cluesolver.web.clue_view import ClueView
    from cluesolver.web.tap_view import TapPad


# ----------------------------------------------------------------------------- views


def seat_view(st: TableState, seat: str) -> ClueView:
    """The seat's notebook view as its record is now (cached per record version)."""
    from cluesolver.web.clue_view import clue_view, version_of

    path = st.table.path(seat)
    version = version_of(path)
    key = ("seat", seat, language())  # the view names cards in the page's language
    with st.cache_lock:
        cached = st.cache.get(key)
    if cached is not None and cached.version == version:
        return cached
    known = [cached.report] if cached is not None else []
    view = clue_view(path, known, st.accuse_limit)
    with st.cache_lock:
        st.cache[key] = view
    return view


@dataclass(frozen=True)
class SeatPage:
    """What a seat's page shows besides the notebook."""

    seat: str
    view: ClueView
    hand: tuple[str, ...] | None  # None: not entered yet
    hand_size: int
    categories: tuple[tuple[str, tuple[str, ...]], ...]  # (the name in the page's language, canonical cards)
    asks: tuple[Ask, ...]  # lines whose card the seat may tell and nobody told yet
    told: tuple[Ask, ...]
    pad: TapPad

    @property
    def log(self) -> GameLog:
        return self.view.log

    @property
    def view_with_pad(self) -> ClueView:
        """The notebook's view with the table's tap pad (public statements: no "me", no card named)."""
        return replace(self.view, pad=self.pad)


def seat_page(st: TableState, seat: str) -> SeatPage:
    view = seat_view(st, seat)
    log = view.log
    hand = log.header.my_cards if log.header.me == seat else None
    asks = st.table.asks(seat)
    assert view.pad is not None
    pad = replace(view.pad, key=f"table:{st.folder.name}:{seat}", me=None, my_cards=hand or ())
    return SeatPage(
        seat,
        view,
        hand,
        log.hand_sizes[log.players.index(seat)],
        tuple((c.display_name(), c.cards) for c in log.variant.categories),
        tuple(a for a in asks if a.told is None),
        tuple(a for a in asks if a.told is not None),
        pad,
    )


@dataclass(frozen=True)
class BoardView:
    """The board: the public record and the table view of it."""

    version: str
    lines: tuple[tuple[int, str], ...]
    table: TableView


def board_view(st: TableState) -> BoardView:
    from cluesolver.clue.session.view import table_view
    from cluesolver.web.clue_view import version_of

    path = st.table.path(None)
    version = version_of(path)
    key = ("board", language())
    with st.cache_lock:
        cached = st.cache.get(key)
    if cached is not None and cached.version == version:
        return cached
    rec = st.table.read(None)
    text = rec.lines
    board = BoardView(version, tuple((e.line, text[e.line - 1].strip()) for e in rec.log.events), table_view(rec.log))
    board.table.seats  # worked out here, in the worker thread  # noqa: B018
    with st.cache_lock:
        st.cache[key] = board
    return board


# ----------------------------------------------------------------------------- pages


async def page(request: Request) -> Response:
    st = state_of(request)
    viewer = viewer_of(request)
    try:
        if viewer.seat is None:
            board = await run_in_threadpool(board_view, st)
            return render(request, "table_board.html", board=board, errors=[])
        seat = await run_in_threadpool(seat_page, st, viewer.seat)
    except CluesolverError as exc:
        return render(request, "table_error.html", status=_status(exc), errors=_messages(exc))
    return render(request, "table_seat.html", page=seat, view=seat.view, errors=[], done=None)


async def board_panel(request: Request) -> Response:
    st = state_of(request)
    if request.query_params.get("v") == _version(st, None):
        return Response(status_code=HTTPStatus.NO_CONTENT)
    try:
        board = await run_in_threadpool(board_view, st)
    except CluesolverError as exc:
        return render(request, "table_error.html", status=_status(exc), errors=_messages(exc))
    return render(request, "table_board_panel.html", board=board)


async def panel(request: Request) -> Response:
    """The seat's notebook panel; 204 while its record is the version the page has."""
    st = state_of(request)
    seat = seat_of(request)
    if request.query_params.get("v") == _version(st, seat):
        return Response(status_code=HTTPStatus.NO_CONTENT)
    try:
        view = await run_in_threadpool(seat_view, st, seat)
    except CluesolverError as exc:
        return render(request, "table_error.html", status=_status(exc), errors=_messages(exc))
    return render(request, "clue_panel.html", view=view)


async def asks(request: Request) -> Response:
    return await _fragment(request, "table_asks.html")


async def hand_box(request: Request) -> Response:
    return await _fragment(request, "table_hand.html")


async def _fragment(request: Request, name: str) -> Response:
    st = state_of(request)
    seat = seat_of(request)
    try:
        seat_data = await run_in_threadpool(seat_page, st, seat)
    except CluesolverError as exc:
        return render(request, "table_error.html", status=_status(exc), errors=_messages(exc))
    return render(request, name, page=seat_data, view=seat_data.view)


# ----------------------------------------------------------------------------- writes


async def post_line(request: Request) -> Response:
    form = await request.form()
    statement = form.get("statement", "")

    def do(st: TableState, seat: str) -> str:
        posted = st.table.post(statement if isinstance(statement, str) else "", by=seat)
        return _("Recorded: {text} (line {line})").format(text=posted.text, line=posted.line)

    return await _write(request, do, typed=statement if isinstance(statement, str) else "")


async def post_hand(request: Request) -> Response:
    form = await request.form()
    cards = [c for c in form.getlist("card") if isinstance(c, str)]

    def do(st: TableState, seat: str) -> str:
        if not cards:
            raise InputError(Problem(_("tap the cards of your hand, then 'This is my hand'")))
        hand = st.table.enter_hand(seat, cards)
        variant = seat_view(st, seat).log.variant
        said = _("Your hand: {cards}") if hand.changed else _("Your hand: {cards} (entered already)")
        return said.format(cards=", ".join(variant.display_names(hand.cards)))

    return await _write(request, do)


async def post_seen(request: Request) -> Response:
    form = await request.form()
    raw_line, card = form.get("line", ""), form.get("card", "")

    def do(st: TableState, seat: str) -> str:
        try:
            line = int(str(raw_line))
        except ValueError:
            raise InputError(Problem(_("which line? a line number"), text=str(raw_line)[:20])) from None
        told = st.table.tell(seat, line, str(card))
        shown = seat_view(st, seat).log.variant.display_name(told.card)
        said = _("Line {line}: {card}") if told.changed else _("Line {line}: {card} (told already)")
        return said.format(line=told.line, card=shown)

    return await _write(request, do)


async def _write(request: Request, do: Any, typed: str = "") -> Response:
    """One change for the seat asking; the messages and the seat's fresh fragments back."""
    st = state_of(request)
    seat = seat_of(request)

    def work() -> str:
        with st.write_lock:
            result: str = do(st, seat)
            return result

    try:
        done = await run_in_threadpool(work)
    except CluesolverError as exc:
        errors, done_text, status = _messages(exc), None, _status(exc)
    else:
        st.hub.changed()
        errors, done_text, status, typed = [], done, HTTPStatus.OK, ""
    try:
        seat_data = await run_in_threadpool(seat_page, st, seat)
    except CluesolverError as exc:
        return render(request, "table_error.html", status=_status(exc), errors=errors + _messages(exc))
    return render(
        request,
        "table_written.html",
        status=status,
        page=seat_data,
        view=seat_data.view,
        errors=errors,
        done=done_text,
        typed=typed,
    )


# ----------------------------------------------------------------------------- the notebook's questions


async def why(request: Request) -> Response:
    from cluesolver.web.clue_view import why_cell, why_text

    q = request.query_params
    holder, card, fact = q.get("holder"), q.get("card"), q.get("fact")

    def compute(view: ClueView) -> dict[str, Any]:
        if fact is not None:
            return {"answer": why_text(view, fact[:300])}
        if holder is None or card is None:
            raise InputError(Problem(_("ask about a cell (holder and card) or a fact such as 'Dan has Library'")))
        return {"answer": why_cell(view, holder[:100], card[:100])}

    return await _answer(request, "clue_why.html", compute, {"answer": None})


async def advice(request: Request) -> Response:
    room = (request.query_params.get("room") or "").strip() or None

    def compute(view: ClueView) -> dict[str, Any]:
        from cluesolver.clue.advice.suggestions import match_room, rank
        from cluesolver.clue.record.turns import to_move

        room_card = match_room(view.log, room[:100]) if room is not None else None
        if to_move(view.log) is None:
            return {"ranking": None, "view": view}
        return {"ranking": rank(view.log, room=room_card, top=5, counts=view.report.counts), "view": view}

    return await _answer(request, "clue_next.html", compute, {"ranking": None})


async def accuse(request: Request) -> Response:
    st = state_of(request)
    seat = seat_of(request)

    def compute(view: ClueView) -> dict[str, Any]:
        from cluesolver.clue.advice.accuse import accusation

        key = ("accuse", seat)
        with st.cache_lock:
            cached = st.cache.get(key)
        if cached is not None and cached[0] == view.version:
            return {"advice": cached[1], "rules": view.rules}
        made = accusation(view.log, plan=True)
        with st.cache_lock:
            st.cache[key] = (view.version, made)
        return {"advice": made, "rules": view.rules}

    return await _answer(request, "clue_accuse.html", compute, {"advice": None})


async def show(request: Request) -> Response:
    """``show?`` on the seat's own record for the suggestion on ``line`` that reached it:
    which of its cards tells the suggester least (counted on the record before that line)."""
    raw = request.query_params.get("line") or ""

    def compute(view: ClueView) -> dict[str, Any]:
        from cluesolver.clue.advice.show import show_advice
        from cluesolver.clue.record.events import Suggestion

        try:
            n = int(raw)
        except ValueError:
            raise InputError(Problem(_("which line? a line number"), text=raw[:20])) from None
        event = next((e for e in view.log.events if e.line == n), None)
        if not isinstance(event, Suggestion):
            raise InputError(Problem(_("line {n} is not a suggestion").format(n=n), text=raw[:20]))
        return {"show": show_advice(view.log.upto(n - 1), event)}

    return await _answer(request, "clue_show.html", compute, {"show": None})


async def line(request: Request) -> Response:
    """A tapped log line: at a table a past line is in every record, so it is not changed here."""
    n = request.query_params.get("n", "")
    return render(request, "table_line.html", line=n[:10])


async def _answer(request: Request, template: str, compute: Any, empty: dict[str, Any]) -> Response:
    st = state_of(request)
    seat = seat_of(request)

    def work() -> dict[str, Any]:
        view = seat_view(st, seat)
        result: dict[str, Any] = compute(view)
        result.setdefault("variant", view.log.variant)
        return result

    try:
        context = await run_in_threadpool(work)
    except CluesolverError as exc:
        return render(request, template, status=_status(exc), errors=_messages(exc), **empty)
    return render(request, template, errors=[], **context)


# ----------------------------------------------------------------------------- helpers


def _version(st: TableState, seat: str | None) -> str:
    from cluesolver.web.clue_view import version_of

    return version_of(st.table.path(seat))


def _status(exc: CluesolverError) -> int:
    from cluesolver.clue.session.table import NotYourCard

    if isinstance(exc, NotYourCard):
        return HTTPStatus.FORBIDDEN
    return HTTPStatus.CONFLICT if exc.exit_code == 3 else HTTPStatus.BAD_REQUEST


def _messages(exc: CluesolverError) -> list[str]:
    return [p.format() for p in exc.problems()]
