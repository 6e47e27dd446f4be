"""Every command's output on every bundled file, recorded so that two trees can be compared.

A refactoring must not change what people or programs see.  This runs the CLI in process
(typer's test runner) over every game file under ``tests/data/`` and ``examples/`` - the
verbs (``replay``, ``check``, ``score``, text and ``--json``), the Clue table commands on
each log (``status``, ``next``, ``accuse?``, ``why``, ``clock``, ``check``, ``export``,
``undo`` then ``add`` of the last line, ``replay --at``), each twice: as in a pipe (plain
lines) and as on an 80-column terminal (rich's boxes and wrapping) - and the web page's
Clue notebook, why, next and accuse answers for each log.  It writes one JSON object
``{key: [exit code, stdout, stderr]}``; ``--compare A B`` lists the keys that differ.

    python benchmarks/sameness.py --out /tmp/new.json
    python benchmarks/sameness.py --tree /tmp/old --out /tmp/old.json    # the other tree
    python benchmarks/sameness.py --compare /tmp/old.json /tmp/new.json

Only the CLI and the web app are used, so the same script runs on both trees whatever
their modules are called.  Paths are replaced by placeholders so that the two runs may
work in different folders.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
SUFFIXES = {".clue", ".toml", ".lov"}


def _files() -> list[Path]:
    found = []
    for top in ("tests/data", "examples"):
        for p in sorted((ROOT / top).rglob("*")):
            if (
                p.is_file()
                and p.suffix in SUFFIXES
                and "rules-questions" not in p.parts
                and "rules-table-questions" not in p.parts
            ):
                found.append(p)
    return found


def _last_event(text: str) -> str | None:
    lines = [ln for ln in text.splitlines() if ln.strip() and not ln.lstrip().startswith("#")]
    if not lines:
        return None
    last = lines[-1]
    if ":" in last.split(" ")[0]:  # a header line (game:, players:, ...)
        return None
    return last


def _facts(replay_json: str) -> list[str]:
    """A few facts to ask ``why`` about: two certain ones and one uncertain, from the contract."""
    try:
        data = json.loads(replay_json)
    except ValueError:
        return []
    holders = data.get("holders") or {}
    facts: list[str] = []
    for name, cards in list(holders.items())[:3]:
        for card, p in cards.items():
            if p == 1.0 and len(facts) < 2:
                facts.append(f"{name} has {card}")
            elif 0 < p < 1 and len(facts) < 3:
                facts.append(f"{name} has {card}")
                break
    for card, p in (data.get("envelope") or {}).items():
        if 0 < p < 1:
            facts.append(f"envelope has {card}")
            break
    return facts


#: Runs one command the way the installed entry point does, in a fresh interpreter (what a
#: command imports, numpy included, can change its answers: the small counter's limits
#: depend on it), optionally from another tree and as if on a terminal.
LAUNCH = """
import sys
tree, terminal = sys.argv[1], sys.argv[2] == "1"
if tree:
    sys.meta_path[:] = [f for f in sys.meta_path if "editable" not in type(f).__module__]
    sys.path.insert(0, tree)
if terminal:
    from cluesolver.cli import common
    common.is_terminal = lambda stream: True
from cluesolver.cli import main
sys.argv = ["cluesolver", *sys.argv[3:]]
main()
"""


class Runner:
    def __init__(self, work: Path, tree: Path | None) -> None:
        self.work = work
        self.tree = str(tree.resolve()) if tree else ""
        self.out: dict[str, Any] = {}
        self.pending: list[tuple[str, list[str], bool]] = []

    def _clean(self, text: str) -> str:
        return text.replace(str(self.work), "<WORK>").replace(str(ROOT), "<ROOT>")

    def run(self, key: str, args: list[str], terminal: bool = False) -> tuple[int, str, str]:
        env = {**os.environ, "COLUMNS": "80", "LINES": "10000", "PAGER": "cat"}
        proc = subprocess.run(
            [sys.executable, "-c", LAUNCH, self.tree, "1" if terminal else "0", *args],
            capture_output=True,
            text=True,
            env=env,
            stdin=subprocess.DEVNULL,
            check=False,
        )
        value = (proc.returncode, self._clean(proc.stdout), self._clean(proc.stderr))
        self.out[key + (" [tty]" if terminal else "")] = value
        return value

    def later(self, key: str, args: list[str], terminal: bool = False) -> None:
        """A command whose output nothing else waits for: run with the others at the end."""
        self.pending.append((key, args, terminal))

    def both(self, key: str, args: list[str]) -> None:
        self.later(key, args, terminal=True)
        self.later(key, args)

    def finish(self, jobs: int) -> None:
        with ThreadPoolExecutor(jobs) as pool:
            list(pool.map(lambda job: self.run(*job), self.pending))
        self.pending.clear()


#: The quick commands of the README and docs, each as text and JSON.
EXTRA = [
    ["variants", "list"],
    ["variants", "show", "master-detective"],
    ["variants", "show", "lost-in-vegas"],
    ["rules", "list"],
    ["rules", "search", "can I sprawl into F block with two players"],
    ["rules", "search", "secret passage"],
    ["las-vegas", "payout", "--casino", "Anna=5 Ben=3 Carla=1+big Denny=1", "--money", "90,40", "--edition", "royale"],
    ["las-vegas", "payout", "--casino", "Mia 3, Noah 2, white 2", "--money", "50"],
    ["lords", "track", "--from", "8", "--casinos", "1,1,3"],
    ["welcome", "streets", "3 5 7 . 9 | 2 4 6 8"],
    ["clue", "next", "--file", "nothing-here.clue"],
    ["replay", "no-such-file.toml"],
]


def record(out: Path, tree: Path | None, jobs: int) -> None:
    work = Path(tempfile.mkdtemp(prefix="sameness-"))
    os.environ["CLUESOLVER_HOME"] = str(work / "home")
    r = Runner(work, tree)
    for path in _files():
        rel = str(path.relative_to(ROOT))
        copy = work / "files" / rel  # read only, by every command (add and undo work on their own copy)
        copy.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(path, copy)
        arg = str(copy)
        for verb in ("replay", "check", "score"):
            r.both(f"{verb} {rel}", [verb, arg])
            r.later(f"{verb} --json {rel}", [verb, arg, "--json"])
        if path.suffix != ".clue":
            continue
        _, replay_json, _ = r.run(f"replay --json {rel} (again)", ["replay", arg, "--json"])
        r.both(f"replay --at 3 {rel}", ["replay", arg, "--at", "3"])
        for cmd in ("status", "next", "accuse?", "clock", "check", "export"):
            r.both(f"clue {cmd} {rel}", ["clue", cmd, "--file", arg])
            if cmd != "export":
                r.later(f"clue {cmd} --json {rel}", ["clue", cmd, "--file", arg, "--json"])
        for fact in _facts(replay_json):
            r.both(f"clue why {fact!r} {rel}", ["clue", "why", fact, "--file", arg])
            r.later(f"clue why --json {fact!r} {rel}", ["clue", "why", fact, "--file", arg, "--json"])
        last = _last_event(path.read_text(encoding="utf-8", errors="replace"))
        if last is not None:
            mine = work / "edit" / path.name
            mine.parent.mkdir(exist_ok=True)
            for terminal, json_flag in ((False, []), (True, []), (False, ["--json"])):
                shutil.copyfile(path, mine)
                tag = " ".join(["clue", *json_flag])
                r.run(f"{tag} undo {rel}", ["clue", "undo", "--file", str(mine), *json_flag], terminal)
                r.run(f"{tag} add {rel}", ["clue", "add", last, "--file", str(mine), *json_flag], terminal)
                key = f"{tag} add {rel} file" + (" [tty]" if terminal else "")
                r.out[key] = mine.read_text(encoding="utf-8", errors="replace")
        _web(r, path, rel, work)
    for args in EXTRA:
        r.both(" ".join(args), args)
        r.later(" ".join(args) + " --json", [*args, "--json"])
    r.finish(jobs)
    out.write_text(json.dumps(r.out, indent=1, sort_keys=True, ensure_ascii=False), encoding="utf-8")
    print(f"{len(r.out)} outputs written to {out}")


def _web(r: Runner, path: Path, rel: str, work: Path) -> None:
    """The Clue page's answers for one log (its own folder, a fixed token), in this process."""
    try:
        from starlette.testclient import TestClient

        from cluesolver.web.app import WebSettings, create_app
    except ImportError:
        return
    folder = work / "web"
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir()
    copy = folder / path.name
    shutil.copyfile(path, copy)
    app = create_app(WebSettings(token="T" * 24, folder=folder, session=copy))
    client = TestClient(app)
    for route in ("/clue?t=" + "T" * 24, "/clue/panel", "/clue/next", "/clue/accuse", "/clue/log"):
        resp = client.get(route)
        body = re.sub(r"\d+(\.\d+)? ?ms", "<ms>", resp.text)
        body = re.sub(r'(csrf-token" content="|"X-CSRF-Token": ")[^"]+', r"\1<csrf>", body)  # random per run
        r.out[f"web {route.split('?')[0]} {rel}"] = [resp.status_code, r._clean(body).replace(str(folder), "<WEB>"), ""]


def compare(a: Path, b: Path) -> int:
    def load(path: Path) -> dict[str, Any]:
        # the web page's file version (mtime, size, inode) differs from run to run
        return {
            k: re.sub(r"\d{12,}-\d+-\d+", "<version>", json.dumps(v))
            for k, v in json.loads(path.read_text(encoding="utf-8")).items()
        }

    old, new = load(a), load(b)
    differ = sorted(k for k in old.keys() | new.keys() if old.get(k) != new.get(k))
    for key in differ:
        print(f"differs: {key}")
    print(f"{len(old)} / {len(new)} outputs, {len(differ)} differ")
    return 1 if differ else 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path)
    parser.add_argument("--compare", nargs=2, type=Path)
    parser.add_argument("--jobs", type=int, default=2, help="commands run at once")
    parser.add_argument("--tree", type=Path, help="import cluesolver and rulesref from this folder (another checkout)")
    args = parser.parse_args()
    if args.tree:  # ahead of an editable install's finder, which would win over sys.path
        sys.meta_path[:] = [f for f in sys.meta_path if "editable" not in type(f).__module__]
        sys.path.insert(0, str(args.tree.resolve()))
    if args.compare:
        return compare(*args.compare)
    if args.out is None:
        parser.error("--out or --compare")
    record(args.out, args.tree, args.jobs)
    return 0


if __name__ == "__main__":
    sys.exit(main())
