"""The text summary of an estimated position says what its odds rest on (cli/clue_render.py)."""

from __future__ import annotations

import random

from cluesolver.cli.clue_render import summary
from cluesolver.clue import variants
from cluesolver.clue.analysis.report import analyse
from cluesolver.clue.engine.covers import count_numpy as count
from cluesolver.clue.engine.results import CountSettings
from cluesolver.clue.record.constraints import puzzle_of
from cluesolver.clue.record.simulate import random_log


def _summary(settings: CountSettings, players: int, turns: int, seed: int, edition: str) -> str:
    log, _ = random_log(variants.get(edition), players, turns, random.Random(seed), spectator=True)
    counts = count(puzzle_of(log), settings=settings)
    assert counts.estimate is not None
    return summary(analyse(log, counts)).plain


def test_chains_are_named_with_their_effective_sample_size() -> None:
    """Few draws kept, the chains carry the odds: the summary quotes their worth, not '0 deals'."""
    text = _summary(CountSettings(method="estimate", max_seconds=0.0, z=5.0), 10, 30, 2, "master-detective")
    assert text.startswith("ESTIMATE: about ")
    assert "Markov chains over the consistent deals, worth about " in text
    assert "from 0 deals" not in text


def test_plain_draws_are_counted() -> None:
    settings = CountSettings(method="estimate", sample_seconds=1e9, max_samples=3_000, walk_below=0, seed=7, z=5.0)
    text = _summary(settings, 4, 6, 1, "classic")
    assert "odds are sampled (from " in text and " deals; ± up to " in text
