"""A table game's speed and memory (``serve --table``): from one phone's entry to every
other phone hearing of it, and the server's memory over a whole game.

Starts ``cluesolver serve --table --json --port 0`` as its own process (as the host
does), opens the event stream (``/table/events``) of the four seats and the board, enters
the four hands, then plays a dealt classic game through the API: each turn the suggester
posts the public statement (``POST /api/line``) and the shower tells the card shown
(``POST /api/seen``).  Every post is an entry.  For each entry it times, from just before
the post is sent, the moment each *other* phone whose record changed receives its change
event (a statement: the three other seats and the board; a card: the other of the two who
saw it), and keeps the latest of them: the time until every other phone has heard.  The
server's resident memory (``VmRSS`` of its process) is read after every entry.

    python benchmarks/bench_table.py [--entries 200] [--seed 26]

Prints the median and worst of the entry-to-everyone times, the server's memory before the
game, at its highest and at the end, and the machine's load average.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parent.parent
PLAYERS = ("Ann", "Ben", "Cat", "Dan")


class Stream:
    """One phone's event stream, read in a thread: the arrival time of each change event."""

    def __init__(self, host: str, port: int, token: str) -> None:
        self.times: list[float] = []
        self.cond = threading.Condition()
        self.conn = http.client.HTTPConnection(host, port, timeout=120)
        self.conn.request("GET", "/table/events", headers={"Authorization": f"Bearer {token}"})
        self.answer = self.conn.getresponse()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        try:
            for raw in self.answer:
                if raw.startswith(b"data: "):
                    with self.cond:
                        self.times.append(time.perf_counter())
                        self.cond.notify_all()
        except (OSError, ValueError, AttributeError):
            return

    def next_after(self, count: int, timeout: float = 30.0) -> float:
        """The arrival time of event number ``count`` (0-based), waiting for it."""
        with self.cond:
            if not self.cond.wait_for(lambda: len(self.times) > count, timeout):
                raise TimeoutError(f"no change event {count} within {timeout} s (got {len(self.times)})")
            return self.times[count]


def rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def post(host: str, port: int, token: str, path: str, body: object) -> dict[str, object]:
    conn = http.client.HTTPConnection(host, port, timeout=120)
    try:
        conn.request("POST", path, body=json.dumps(body), headers={"Authorization": f"Bearer {token}"})
        answer = conn.getresponse()
        data: dict[str, object] = json.loads(answer.read())
        if answer.status != 200:
            raise RuntimeError(f"{path}: {answer.status} {data}")
        return data
    finally:
        conn.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--entries", type=int, default=200)
    parser.add_argument("--seed", type=int, default=26)
    args = parser.parse_args()

    from cluesolver.clue import variants
    from cluesolver.clue.record.simulate import deal

    variant = variants.get("classic")
    rng = random.Random(args.seed)
    cards = deal(variant, list(PLAYERS), rng)
    with tempfile.TemporaryDirectory() as tmp:
        proc = subprocess.Popen(
            [sys.executable, "-m", "cluesolver", "serve", "--table", "--game", "classic"]
            + ["--players", ",".join(PLAYERS), "--folder", str(Path(tmp) / "table"), "--port", "0", "--json"],
            stdout=subprocess.PIPE,
            cwd=ROOT,
            env={**os.environ, "CLUESOLVER_HOME": tmp},
        )
        assert proc.stdout is not None
        links = json.loads(proc.stdout.readline())
        parts = urlsplit(links["board"])
        host, port = parts.hostname or "127.0.0.1", parts.port or 80
        tokens = {None: parts.query.removeprefix("t=")}
        tokens.update({s: urlsplit(u).query.removeprefix("t=") for s, u in links["seats"].items()})
        try:
            streams = {who: Stream(host, port, t) for who, t in tokens.items()}
            seen = dict.fromkeys(streams, 1)  # each stream's first event: the version on opening
            for stream in streams.values():
                stream.next_after(0)
            for seat in PLAYERS:
                post(
                    host,
                    port,
                    tokens[seat],
                    "/api/hand",
                    {"cards": [c for c in variant.card_names if cards.owner[c] == seat]},
                )
                seen[seat] += 1
                streams[seat].next_after(seen[seat] - 1)
            memory = [rss_kib(proc.pid)]
            times: list[float] = []

            def entry(
                poster: str, path: str, body: dict[str, object], others: tuple[str | None, ...]
            ) -> dict[str, object]:
                """Post one entry; the time until every other phone whose record changed heard of it."""
                start = time.perf_counter()
                answer = post(host, port, tokens[poster], path, body)
                heard = []
                for w in others:
                    seen[w] += 1
                    heard.append(streams[w].next_after(seen[w] - 1) - start)
                seen[poster] += 1
                streams[poster].next_after(seen[poster] - 1)
                times.append(max(heard))
                memory.append(rss_kib(proc.pid))
                return answer

            turn = 0
            while len(times) < args.entries:
                who = PLAYERS[turn % len(PLAYERS)]
                turn += 1
                suggested = tuple(rng.choice(cat.cards) for cat in variant.categories)
                i = PLAYERS.index(who)
                answers, shower, shown = [], None, None
                for k in range(1, len(PLAYERS)):
                    p = PLAYERS[(i + k) % len(PLAYERS)]
                    have = [c for c in suggested if cards.owner[c] == p]
                    if have:
                        shower, shown = p, rng.choice(have)
                        answers.append(f"{p} shows")
                        break
                    answers.append(f"{p} passes")
                text = f"{who} suggests {', '.join(suggested)}; " + "; ".join(answers)
                others = tuple(w for w in streams if w != who)
                answer = entry(who, "/api/line", {"text": text}, others)
                if shower is not None and shown is not None and len(times) < args.entries:
                    entry(shower, "/api/seen", {"line": answer["line"], "card": shown}, (who,))
        finally:
            proc.send_signal(signal.SIGTERM)
            proc.wait(timeout=30)
    load = os.getloadavg()
    ms = sorted(t * 1000 for t in times)
    print(f"entries: {len(ms)} ({turn} suggestions and the cards shown), 4 seats and the board listening")
    print(f"entry to every other phone's change event: median {statistics.median(ms):.0f} ms, worst {ms[-1]:.0f} ms")
    print(
        f"server memory (RSS): {memory[0] / 1024:.0f} MB before the game, {max(memory) / 1024:.0f} MB at most, "
        f"{memory[-1] / 1024:.0f} MB at the end"
    )
    print(f"load average while it ran: {load[0]:.1f} (2 cores)")


if __name__ == "__main__":
    main()
