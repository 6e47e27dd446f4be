"""Fit and judge the Estonian re-ranker (:mod:`rulesref.rerank`), each file left out in turn.

    .venv/bin/python -m rulesref.rerank_fit            # leave-one-file-out figures
    .venv/bin/python -m rulesref.rerank_fit --write    # ... then fit on all files, write the weights

Only the labelled files named in :data:`FILES` are read - never a newer held-out file (the
next unseen measure is kept out by name).  A question's candidates are the engine's first
:data:`DEPTH` sections, read with the re-ranker switched off.
"""

from __future__ import annotations

import sys
import tomllib
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from rulesref.core.errors import InputError
from rulesref.rerank import FEATURES, RERANK_FILE, Features, Reranker, fit_pairwise
from rulesref.search import RuleIndex, default_index

DATA = Path(__file__).resolve().parent.parent / "tests" / "data"
FILES = (
    "rules-held-out/estonian.toml",
    "rules-held-out/estonian-2.toml",
    "rules-held-out/estonian-3.toml",
    "rules-held-out/estonian-4.toml",
    "rules-held-out/estonian-5.toml",
    "rules-held-out/estonian-6.toml",
    "rules-held-out/estonian-7.toml",
    "rules-held-out/estonian-8.toml",
    "rules-held-out/estonian-9.toml",
    "rules-held-out/estonian-10.toml",
    "rules-held-out/estonian-11.toml",
    "rules-held-out/estonian-12.toml",
    "rules-held-out/estonian-13.toml",
    "rules-held-out/estonian-14.toml",
    "rules-held-out/estonian-15.toml",
    "rules-table-questions/clue-estonian.toml",
    "rules-table-questions/estonian-vegas.toml",
    "rules-table-questions/more-estonian.toml",
)
DEPTH = 8
#: Held-out files not measured yet (written before a round, measured by the lead before and
#: after it): never read here, nor by tests/rules/test_questions.py.  Empty between rounds.
UNSEEN: tuple[str, ...] = ()


@dataclass(frozen=True)
class Asked:
    """One labelled question and what the engine offers for it."""

    file: str
    q: str
    ids: tuple[str, ...]  # the engine's candidates, best first (all of them when not Estonian)
    features: tuple[Features, ...]  # of the first DEPTH of them (empty when not Estonian)
    expect: frozenset[str]


def candidates(index: RuleIndex, files: Sequence[str] = FILES) -> list[Asked]:
    """Every question of ``files`` with the engine's candidates, re-ranker off."""
    seen: list[tuple[list[str], list[Features]]] = []
    original, before = index._reranked, index.reranker

    def record(ranked, terms, shares, counted, reranker):  # type: ignore[no-untyped-def]
        head = ranked[:DEPTH]
        top = head[0][0] or 1.0
        feats = [index._features(row, s / top, r, terms, shares, counted) for r, (s, _, row) in enumerate(head, 1)]
        seen.append(([index.data.rows[row][0] for _, _, row in head], feats))
        return ranked

    index._reranked = record  # type: ignore[method-assign]
    index.reranker = Reranker(weights=(0.0,) * len(FEATURES), depth=DEPTH)  # on, so record runs
    out = []
    try:
        for name in files:
            if any(unseen in name for unseen in UNSEEN):
                raise SystemExit(f"{name} is the next unseen measure: not read here")
            for q in tomllib.loads((DATA / name).read_text(encoding="utf-8"))["question"]:
                seen.clear()
                game = q.get("game")
                try:
                    hits = [h.section.full_id for h in index.search(q["q"], game=game, limit=DEPTH).hits]
                except InputError:
                    hits = []
                ids, feats = (tuple(seen[0][0]), tuple(seen[0][1])) if seen else (tuple(hits), ())
                out.append(Asked(name, q["q"], ids, feats, frozenset(q["expect"])))
    finally:
        index._reranked = original  # type: ignore[method-assign]
        index.reranker = before
    return out


def ranked(asked: Asked, reranker: Reranker | None) -> list[str]:
    if reranker is None or not asked.features:
        return list(asked.ids)
    head = asked.features[: reranker.depth]
    order = reranker.order(head)
    return [asked.ids[i] for i in order] + list(asked.ids[len(head) :])


def figures(questions: Sequence[Asked], reranker: Reranker | None) -> tuple[int, int]:
    first = top3 = 0
    for a in questions:
        got = ranked(a, reranker)
        first += bool(got) and got[0] in a.expect
        top3 += bool(a.expect & set(got[:3]))
    return first, top3


def fit(questions: Sequence[Asked], depth: int, l2: float) -> Reranker:
    groups = [(a.features[:depth], [i in a.expect for i in a.ids[:depth]]) for a in questions if a.features]
    return Reranker(weights=fit_pairwise(groups, l2=l2), depth=depth)


def leave_one_file_out(questions: Sequence[Asked], depth: int, l2: float) -> dict[str, tuple[int, int, int, int, int]]:
    """Per file: questions, first and top 3 before, first and top 3 with weights fitted on the other files."""
    out = {}
    for name in FILES:
        held = [a for a in questions if a.file == name]
        rest = [a for a in questions if a.file != name]
        model = fit(rest, depth, l2)
        out[name] = (len(held), *figures(held, None), *figures(held, model))
    return out


def main(argv: Sequence[str]) -> int:
    questions = candidates(default_index())
    grid = [(d, l2) for d in (3, 5, 8) for l2 in (0.1, 1.0, 10.0)]
    for depth, l2 in grid:
        table = leave_one_file_out(questions, depth, l2)
        n = sum(v[0] for v in table.values())
        b1, b3, a1, a3 = (sum(v[k] for v in table.values()) for k in (1, 2, 3, 4))
        print(f"depth {depth} l2 {l2:>5}: before {b1 / n:.1%} / {b3 / n:.1%}  left out {a1 / n:.1%} / {a3 / n:.1%}")
        for name, (m, f0, t0, f1, t1) in table.items():
            print(f"    {name:42} {m:3}  {f0:3} {t0:3} -> {f1:3} {t1:3}")
    if "--write" in argv:
        depth, l2 = int(argv[argv.index("--write") + 1]), float(argv[argv.index("--write") + 2])
        model = fit(questions, depth, l2)
        RERANK_FILE.write_text(model.to_toml(), encoding="utf-8")
        print(f"wrote {RERANK_FILE.name}: {model}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
