"""A small learned re-ranking of an Estonian question's best sections.

The engine (:mod:`rulesref.search`) ranks every section; for a question in Estonian its
first few candidates are then ordered again by a linear score over what the engine
already knows of each (:data:`FEATURES`): its own score and rank, where the question's
words were found (title, keywords, text), its phrases, the title's cover, a count the
question asks for, how much of the question the section's game knows, and where the
section stands in its book.  The weights are data (``search-rerank.toml``), fitted by
pairwise logistic regression (:func:`fit_pairwise`: each right section against each wrong
one above or below it) on the labelled Estonian question files; docs/rules.md says how
they were judged (each file left out in turn).

    >>> r = Reranker(weights=(1.0,) + (0.0,) * (len(FEATURES) - 1), depth=3)
    >>> r.order([(0.5,) + (0.0,) * (len(FEATURES) - 1), (1.0,) + (0.0,) * (len(FEATURES) - 1)])
    [1, 0]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

RERANK_FILE = Path(__file__).with_name("search-rerank.toml")  # also rulesref.search.RERANK_FILE

#: what a candidate is described by, in this order (each in 0..1)
FEATURES = (
    "score",  # the engine's score over the first candidate's
    "rank",  # 1 / the engine's rank
    "title",  # share of the question's words (by weight) found in the title
    "keywords",  # ... in the keywords (English or Estonian)
    "body",  # ... in the text
    "phrases",  # share of the question's phrases found in the title or keywords
    "title_cover",  # share of the title's words the question names
    "counted",  # the question asks how many and the text gives a number of that thing
    "game_share",  # share of the question's words the section's game knows
    "opening",  # 1 for a game's first section, falling to 0 for its last
)

Features = tuple[float, ...]


class RerankFileError(ValueError):
    """The weights file is not what :func:`read` expects (names the file and the key)."""


@dataclass(frozen=True)
class Reranker:
    """A linear score over :data:`FEATURES`; the first ``depth`` candidates are reordered."""

    weights: tuple[float, ...]
    depth: int = 8

    def __post_init__(self) -> None:
        if len(self.weights) != len(FEATURES):
            raise RerankFileError(f"{len(self.weights)} weights for {len(FEATURES)} features")
        if self.depth < 2:
            raise RerankFileError(f"depth {self.depth}: at least 2 candidates are reordered")

    def score(self, features: Features) -> float:
        return sum(w * f for w, f in zip(self.weights, features, strict=True))

    def order(self, candidates: Sequence[Features]) -> list[int]:
        """The candidates' indexes, best first (ties keep the engine's order)."""
        return sorted(range(len(candidates)), key=lambda i: (-self.score(candidates[i]), i))

    def to_toml(self) -> str:
        lines = [f"depth = {self.depth}", "", "[weights]"]
        lines += [f"{name} = {w!r}" for name, w in zip(FEATURES, self.weights, strict=True)]
        return "\n".join(lines) + "\n"


def read(path: Path = RERANK_FILE) -> Reranker | None:
    """The re-ranker of a weights file; None when the file is absent or says ``enabled = false``."""
    if not path.exists():
        return None
    import tomllib  # only when a weights file ships (none does now): start-up is measured

    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as e:
        raise RerankFileError(f"{path.name}: {e}") from e
    if data.get("enabled", True) is False:
        return None
    weights = data.get("weights")
    if not isinstance(weights, dict) or set(weights) != set(FEATURES):
        raise RerankFileError(f"{path.name}: [weights] must name exactly {', '.join(FEATURES)}")
    depth = data.get("depth", 8)
    if not isinstance(depth, int) or isinstance(depth, bool):
        raise RerankFileError(f"{path.name}: depth must be a whole number, not {depth!r}")
    values = [weights[name] for name in FEATURES]
    if not all(isinstance(v, int | float) and not isinstance(v, bool) for v in values):
        raise RerankFileError(f"{path.name}: every weight must be a number")
    return Reranker(weights=tuple(float(v) for v in values), depth=depth)


def fit_pairwise(
    questions: Sequence[tuple[Sequence[Features], Sequence[bool]]],
    *,
    l2: float = 1.0,
    steps: int = 300,
) -> tuple[float, ...]:
    """Weights from labelled candidates: for each question its candidates' features and
    which are right.  Pairwise logistic regression (every right candidate against every
    wrong one of the same question) with an L2 penalty, by Newton's method (numpy, loaded
    only here).  Questions with no right or no wrong candidate teach nothing."""
    import numpy as np

    diffs = [
        np.subtract(features[i], features[j])
        for features, right in questions
        for i in range(len(features))
        if right[i]
        for j in range(len(features))
        if not right[j]
    ]
    size = len(FEATURES)
    if not diffs:
        return (0.0,) * size
    x = np.array(diffs, dtype=float)
    w = np.zeros(size)
    for _ in range(steps):
        p = 1.0 / (1.0 + np.exp(-(x @ w)))
        grad = x.T @ (p - 1.0) + l2 * w
        hess = (x * (p * (1 - p))[:, None]).T @ x + l2 * np.eye(size)
        step = np.linalg.solve(hess, grad)
        w -= step
        if float(np.abs(step).max()) < 1e-9:
            break
    return tuple(round(float(v), 6) for v in w)
