"""Every phone at a table updates within a second of any entry: server-sent events.

``GET /table/events`` is a ``text/event-stream`` that stays open: one ``change`` event
(``data: {"version": "..."}``) when it opens and one each time the viewer's own record
changes (a seat's record for a seat, the public record for the board).  The page then
fetches its own fragments.  A write through this server wakes every stream at once
(:meth:`Hub.changed`); a record changed any other way (``clue add`` on a seat's file) is
seen within :data:`CHECK_SECONDS`.  A comment line every :data:`PING_SECONDS` keeps the
connection open through idle proxies; the browser's ``EventSource`` reconnects by itself
(``retry``), and the pages still poll now and then as a fallback.

The event names no card and no line: it says only that the viewer's own record changed.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import threading
import time
from collections.abc import AsyncIterator, Callable

from starlette.responses import StreamingResponse

#: How often a stream looks at its record's version when nothing woke it (seconds).
CHECK_SECONDS = 1.0
#: How often an idle stream sends a comment line (seconds).
PING_SECONDS = 15.0
#: How long a browser waits before reconnecting a dropped stream (milliseconds).
RETRY_MS = 1000


class Hub:
    """Wakes every open stream when this server wrote something; says when to stop.

    ``changed`` is called on the event loop (after a write finished in a worker thread);
    ``stop`` from any thread (the server's signal handler)."""

    def __init__(self) -> None:
        self._event: asyncio.Event | None = None
        self.stopping = threading.Event()

    def _current(self) -> asyncio.Event:
        if self._event is None:
            self._event = asyncio.Event()
        return self._event

    def changed(self) -> None:
        event, self._event = self._current(), asyncio.Event()
        event.set()

    def stop(self) -> None:
        self.stopping.set()

    async def wait(self, seconds: float) -> None:
        """Until the next change, or ``seconds``."""
        event = self._current()
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(event.wait(), seconds)


def event_text(version: str) -> str:
    return f"event: change\ndata: {json.dumps({'version': version})}\n\n"


async def stream(hub: Hub, version: Callable[[], str]) -> AsyncIterator[str]:
    """The events of one viewer: a change whenever ``version()`` differs from the last sent."""
    yield f"retry: {RETRY_MS}\n\n"
    last = None
    quiet_since = time.monotonic()
    while not hub.stopping.is_set():
        now = version()
        if now != last:
            last = now
            quiet_since = time.monotonic()
            yield event_text(now)
        elif time.monotonic() - quiet_since >= PING_SECONDS:
            quiet_since = time.monotonic()
            yield ": ping\n\n"
        await hub.wait(CHECK_SECONDS)  # a closed connection cancels this (the response listens for it)


def events_response(hub: Hub, version: Callable[[], str]) -> StreamingResponse:
    return StreamingResponse(
        stream(hub, version),
        media_type="text/event-stream",
        headers={"x-accel-buffering": "no"},
    )
