"""The JSON API of a table game, beside its pages (docs/web.md, "The table's API").

Each route answers for the viewer its token names (:mod:`cluesolver.web.table_guard`):

* ``GET /api/state``: the seat's exact notebook, the same keys and values as
  ``cluesolver replay --json`` on the seat's own record (the same library call), plus
  ``"seat"``;
* ``GET /api/board``: the public record: its lines, whose turn, who is out or has won;
* ``POST /api/hand`` ``{"cards": [...]}``: the seat's own hand, once;
* ``POST /api/line`` ``{"text": "..."}``: a public statement into every record: ``{"line": N}``;
* ``POST /api/seen`` ``{"line": N, "card": "Rope"}``: the card shown on line N, from its
  suggester or its shower only.

Refusals are ``{"error": ..., "problems": [...]}``: 400 for bad input, 403 for a seat that
may not tell a card (and for the board's token on a seat's route), 409 for a
contradiction or a different card or hand than the one told before.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from http import HTTPStatus
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import Response

from cluesolver.web.table_common import TableState, seat_of, state_of
from rulesref.core.errors import CluesolverError, InputError, Problem


def json_response(obj: Any, status: int = HTTPStatus.OK) -> Response:
    """``obj`` as ``--json`` prints it (two-space indent, UTF-8 as is)."""
    text = json.dumps(obj, indent=2, ensure_ascii=False) + "\n"
    return Response(text.encode("utf-8"), status_code=status, media_type="application/json")


def refused(exc: CluesolverError) -> Response:
    from cluesolver.clue.session.table import NotYourCard

    if isinstance(exc, NotYourCard):
        status = HTTPStatus.FORBIDDEN
    elif exc.exit_code == 3:
        status = HTTPStatus.CONFLICT
    else:
        status = HTTPStatus.BAD_REQUEST
    return json_response(
        {"error": exc.message, "problems": [p.to_json() for p in exc.problems()]},
        status,
    )


async def _body(request: Request) -> dict[str, Any]:
    try:
        data = json.loads(await request.body())
    except (ValueError, UnicodeDecodeError):
        raise InputError(Problem("the request's body is not JSON")) from None
    if not isinstance(data, dict):
        raise InputError(Problem("the request's body is a JSON object"))
    return data


async def _write(request: Request, do: Callable[[TableState, str, dict[str, Any]], dict[str, Any]]) -> Response:
    """Run a change for the seat asking (one at a time), wake every page, answer in JSON."""
    st = state_of(request)
    seat = seat_of(request)
    try:
        data = await _body(request)

        def work() -> dict[str, Any]:
            with st.write_lock:
                return do(st, seat, data)

        answer = await run_in_threadpool(work)
    except CluesolverError as exc:
        return refused(exc)
    st.hub.changed()
    return json_response(answer)


async def state(request: Request) -> Response:
    st = state_of(request)
    seat = seat_of(request)

    def compute() -> dict[str, Any]:
        from cluesolver.registry import game_of

        path = st.table.path(seat)
        out: dict[str, Any] = game_of(path).replay(path).to_json()
        out["seat"] = seat
        return out

    try:
        return json_response(await run_in_threadpool(compute))
    except CluesolverError as exc:
        return refused(exc)


async def board(request: Request) -> Response:
    st = state_of(request)

    def compute() -> dict[str, Any]:
        from cluesolver.clue.record.turns import eliminated, to_move, winner

        rec = st.table.read(None)
        lines = rec.lines
        return {
            "players": list(rec.log.players),
            "lines": [{"line": e.line, "text": lines[e.line - 1].strip()} for e in rec.log.events],
            "to_move": to_move(rec.log),
            "out": list(eliminated(rec.log)),
            "winner": winner(rec.log),
        }

    try:
        return json_response(await run_in_threadpool(compute))
    except CluesolverError as exc:
        return refused(exc)


def _hand(st: TableState, seat: str, data: dict[str, Any]) -> dict[str, Any]:
    cards = data.get("cards")
    if not isinstance(cards, list) or not all(isinstance(c, str) for c in cards):
        raise InputError(Problem('a hand is {"cards": ["Miss Scarlet", "Rope", ...]}'))
    hand = st.table.enter_hand(seat, cards)
    return {"seat": seat, "cards": list(hand.cards), "changed": hand.changed}


def _line(st: TableState, seat: str, data: dict[str, Any]) -> dict[str, Any]:
    text = data.get("text")
    if not isinstance(text, str):
        raise InputError(Problem('a statement is {"text": "Ann suggests Plum, Rope, Library; Ben passes; Cat shows"}'))
    return {"line": st.table.post(text, by=seat).line}


def _seen(st: TableState, seat: str, data: dict[str, Any]) -> dict[str, Any]:
    line, card = data.get("line"), data.get("card")
    if not isinstance(line, int) or isinstance(line, bool) or not isinstance(card, str):
        raise InputError(Problem('the card shown is {"line": 12, "card": "Rope"}'))
    told = st.table.tell(seat, line, card)
    return {"line": told.line, "card": told.card, "changed": told.changed}


async def hand(request: Request) -> Response:
    return await _write(request, _hand)


async def line(request: Request) -> Response:
    return await _write(request, _line)


async def seen(request: Request) -> Response:
    return await _write(request, _seen)
