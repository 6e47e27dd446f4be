"""Example questions: how players ask, in Estonian, about each section of a book (issue 28).

``rulesref/rules/et/questions/*.toml`` hold, for the sections of one game's book, questions a
player might type at the table whose answer is that section.  They are written from the books
only, never from a test question (the held-out files measure the search on questions nobody
wrote the examples from)::

    # Estonian example questions for the Las Vegas book ...
    game = "las-vegas"
    lang = "et"

    [[section]]
    id = "ties"                        # an id of the game's English book
    questions = [
        "kui kahel on kasiinos sama palju täringuid, kes raha saab",
        "...",
    ]

A game's sections may be spread over several files (a second batch beside the first); every
file is checked at once (:func:`load_examples`, also by ``cluesolver rules lint``).

:class:`ExampleMatcher` compares a question with every example by the words they share.  A
text is read as a set of keys (the search's Estonian keys of its words, stopwords left out);
a key weighs its inverse document frequency over all examples (rare words say more), and a
question's likeness to one example is the cosine of the two weighted sets.  A section's
likeness is the mean of its ``best`` closest examples, so one stray example does not carry a
section.  The search adds it to an Estonian question's scores (``SearchSettings.example_weight``
in :mod:`rulesref.search`): the books' own words still decide, the examples say which of the
neighbouring sections a question like this one is usually about.
"""

from __future__ import annotations

import math
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from rulesref.core.errors import InputError, Problem
from rulesref.core.files import read_text
from rulesref.core.names import closest
from rulesref.core.tomlfile import Problems, TomlText, parse_toml

#: The example files shipped with the package.
EXAMPLES_FOLDER = Path(__file__).with_name("rules") / "et" / "questions"
#: Bounds on a file from outside the package: size, questions per section, characters each.
MAX_FILE_BYTES = 1_000_000
MAX_QUESTIONS = 200
MAX_CHARS = 300
_FILE_KEYS = ("game", "lang", "section")
_SECTION_KEYS = ("id", "questions")
LANGUAGE = "et"


def example_files(folder: Path = EXAMPLES_FOLDER) -> list[Path]:
    """The example files of a folder (none when it is missing), in name order."""
    if not folder.is_dir():
        return []
    return sorted(p for p in folder.iterdir() if p.suffix == ".toml" and p.is_file())


def parse_examples(text: str, name: str, sections: Mapping[str, Collection[str]]) -> dict[str, tuple[str, ...]]:
    """One example file's questions by full section id (``"las-vegas/ties"``).

    ``sections`` holds each game's section ids.  Every problem of the file is raised at
    once as an :class:`InputError`: an unknown game or section (with the closest ids), a
    language other than Estonian, a key the format does not know, a question that is not a
    non-empty string of at most :data:`MAX_CHARS` characters, more than
    :data:`MAX_QUESTIONS` in a section, a section given twice.
    """
    data = parse_toml(text, name)
    out = Problems(text, name)
    raw = TomlText.of(text)
    out.unknown_keys(data, _FILE_KEYS, "an example file")
    game = data.get("game")
    if not isinstance(game, str) or game not in sections:
        out.add("unknown game", key="game", text=game, choices=closest(str(game), sorted(sections)) or sorted(sections))
        out.raise_if_any()
    assert isinstance(game, str)
    if data.get("lang") != LANGUAGE:
        out.add(f"'lang' must be \"{LANGUAGE}\"", key="lang", text=data.get("lang"))
    tables = data.get("section")
    spans = raw.tables("[[section]]")
    found: dict[str, tuple[str, ...]] = {}
    if not isinstance(tables, list) or not all(isinstance(t, dict) for t in tables):
        out.add("'section' must be [[section]] tables", key="section")
        tables = []
    for i, table in enumerate(tables):
        span = spans[i] if i < len(spans) else None
        out.unknown_keys(table, _SECTION_KEYS, f"section {i + 1}", span)
        sid = table.get("id")
        known = sections[game]
        if not isinstance(sid, str) or sid not in known:
            out.add(
                f"section {i + 1}: not a section of {game}",
                key="id",
                span=span,
                text=sid,
                choices=closest(str(sid), sorted(known)),
            )
            continue
        questions = table.get("questions")
        if not isinstance(questions, list) or not questions:
            out.add(f"section '{sid}': 'questions' must be a non-empty list", key="questions", span=span)
            continue
        if len(questions) > MAX_QUESTIONS:
            out.add(f"section '{sid}': more than {MAX_QUESTIONS} questions", key="questions", span=span)
        bad = [q for q in questions if not isinstance(q, str) or not q.strip() or len(q) > MAX_CHARS]
        for q in bad:
            out.add(
                f"section '{sid}': a question must be a non-empty string of at most {MAX_CHARS} characters",
                key="questions",
                span=span,
                text=str(q)[:60],
            )
        full_id = f"{game}/{sid}"
        if full_id in found:
            out.add(f"section '{sid}' is given twice", key="id", span=span, text=sid)
        found[full_id] = tuple(q.strip() for q in questions if isinstance(q, str) and q.strip())
    out.raise_if_any()
    return found


def load_examples(paths: Iterable[Path], sections: Mapping[str, Collection[str]]) -> dict[str, tuple[str, ...]]:
    """Every file's questions by full section id, a section's files joined; every problem of
    every file at once (:class:`InputError`)."""
    out: dict[str, list[str]] = {}
    problems: list[Problem] = []
    for path in paths:
        try:
            found = parse_examples(read_text(path, limit=MAX_FILE_BYTES, what="example file"), str(path), sections)
        except InputError as exc:
            problems.extend(exc.problems())
            continue
        for full_id, questions in found.items():
            have = out.setdefault(full_id, [])
            have.extend(q for q in questions if q not in have)
    if problems:
        raise InputError(problems)
    return {full_id: tuple(qs) for full_id, qs in out.items()}


@dataclass(frozen=True)
class ExampleMatcher:
    """Examples made comparable: each one's section row, the keys' weights, and which
    examples hold each key."""

    rows: tuple[int, ...]  # per example: the index row of its section
    idf: Mapping[str, float]
    norms: tuple[float, ...]  # per example: the sum of its keys' weights
    by_key: Mapping[str, tuple[int, ...]]  # key -> the examples holding it

    @classmethod
    def of(cls, examples: Sequence[tuple[int, Iterable[str]]]) -> ExampleMatcher:
        """From ``(row, keys)`` per example (built on an index's first Estonian question:
        a few milliseconds for the shipped 2,700 examples)."""
        by_key: dict[str, list[int]] = {}
        for i, (_, keys) in enumerate(examples):
            for k in set(keys):
                by_key.setdefault(k, []).append(i)
        n = len(examples)
        idf = {k: math.log((n + 1) / (len(held) + 0.5)) for k, held in by_key.items()}
        norms = [0.0] * n
        for k, held in by_key.items():
            weight = idf[k]
            for i in held:
                norms[i] += weight
        return cls(
            tuple(row for row, _ in examples),
            idf,
            tuple(v or 1.0 for v in norms),
            {k: tuple(v) for k, v in by_key.items()},
        )

    def likeness(self, keys: Iterable[str], rows: Collection[int] | None = None, best: int = 3) -> dict[int, float]:
        """Per section row (only ``rows`` when given): the mean likeness (0-1) of its ``best``
        closest examples to a text read as ``keys``; rows with no example sharing a key are
        left out.

        >>> m = ExampleMatcher.of([(0, ["kasiino", "viik"]), (1, ["kasiino", "raha"]), (1, ["laen"])])
        >>> {row: round(v, 3) for row, v in m.likeness(["viik", "kasiino"], best=1).items()}
        {0: 1.0, 1: 0.324}
        """
        wanted = frozenset(k for k in keys if k in self.idf)
        if not wanted:
            return {}
        norm = sum(self.idf[k] for k in wanted)
        shared: dict[int, float] = {}
        for k in wanted:
            for i in self.by_key[k]:
                shared[i] = shared.get(i, 0.0) + self.idf[k]
        per_row: dict[int, list[float]] = {}
        for i, weight in shared.items():
            row = self.rows[i]
            if rows is None or row in rows:
                per_row.setdefault(row, []).append(weight / math.sqrt(norm * self.norms[i]))
        return {row: sum(sorted(vs, reverse=True)[:best]) / best for row, vs in per_row.items()}
