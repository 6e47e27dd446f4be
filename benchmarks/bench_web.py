"""Server time per event of the web companion (``cluesolver serve``), in-process.

A classic game (``examples/classic-4p.clue`` by default) is typed into a fresh session
one event at a time through ``POST /clue/add`` (as the page's entry line does, htmx
request: the messages and the whole new panel come back).  Each request is timed from
the call to the full response in starlette's TestClient, so the figure includes the
session write (lock, validation, contradiction check, atomic write), the analysis and
the rendering.  Then the same game again, each event written by the session code as
``clue add`` in a terminal does, timing the page's poll that finds the file changed
(``GET /clue/panel``) and the next poll that finds nothing new (204).  The panel then
loads the accusation advice with each opponent's threat (``GET /clue/accuse``), timed
after each page entry: it is not part of the panel's answer, but the server does it per
event too.

    python benchmarks/bench_web.py [--runs 5] [--log examples/classic-4p.clue]

Prints the median over the runs of each event's time, and the median and worst of those.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
import warnings
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def header_and_events(log: Path) -> tuple[str, list[str]]:
    head, _, body = log.read_text().partition("\n\n")
    events = [ln for ln in body.splitlines() if ln.strip() and not ln.lstrip().startswith("#")]
    return head + "\n\n", events


def _version(html: str) -> str:
    return html.split('data-version="', 1)[1].split('"', 1)[0]


def one_run(log: Path) -> tuple[list[float], list[float], list[float], list[float]]:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from starlette.testclient import TestClient

    from cluesolver.clue.session.store import add
    from cluesolver.web.app import COOKIE, WebSettings, create_app

    header, events = header_and_events(log)
    with tempfile.TemporaryDirectory() as tmp:
        session = Path(tmp) / "game.clue"
        session.write_text(header)
        client = TestClient(create_app(WebSettings(token="bench", folder=Path(tmp), session=session)))
        client.cookies.set(COOKIE, "bench")
        client.get("/clue")  # warm: imports, templates, first analysis
        posts: list[float] = []
        advice: list[float] = []
        for line in events:  # typed into the page's entry line
            start = time.perf_counter()
            r = client.post("/clue/add", data={"statement": line}, headers={"hx-request": "true"})
            posts.append(time.perf_counter() - start)
            assert r.status_code == 200, r.text[:300]
            start = time.perf_counter()  # what the new panel loads next: accuse now or wait, threats
            r = client.get("/clue/accuse")
            advice.append(time.perf_counter() - start)
            assert r.status_code == 200
        session.write_text(header)
        version = _version(client.get("/clue/panel").text)
        polls: list[float] = []
        idle: list[float] = []
        for line in events:  # typed in a terminal: the page's next poll renders it
            add(session, [line])
            start = time.perf_counter()
            r = client.get("/clue/panel", params={"v": version})
            polls.append(time.perf_counter() - start)
            assert r.status_code == 200
            version = _version(r.text)
            start = time.perf_counter()
            r = client.get("/clue/panel", params={"v": version})
            idle.append(time.perf_counter() - start)
            assert r.status_code == 204
    return posts, polls, idle, advice


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--log", type=Path, default=ROOT / "examples" / "classic-4p.clue")
    args = parser.parse_args()
    runs = [one_run(args.log) for _ in range(args.runs)]
    for k, what in enumerate(
        (
            "POST /clue/add (page entry line)",
            "GET /clue/panel after a terminal add",
            "GET /clue/panel, nothing new (204)",
            "GET /clue/accuse (the new panel loads it: accuse or wait, threats)",
        )
    ):
        per_event = [statistics.median(run[k][i] for run in runs) * 1000 for i in range(len(runs[0][k]))]
        print(
            f"{what}: {len(per_event)} events, median {statistics.median(per_event):.1f} ms, "
            f"worst event {max(per_event):.1f} ms  (median of {args.runs} runs per event)"
        )
        print("   per event (ms): " + " ".join(f"{t:.0f}" for t in per_event))


if __name__ == "__main__":
    main()
