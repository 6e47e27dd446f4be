"""Rule sections of Welcome to New Las Vegas that verdicts cite."""

from __future__ import annotations

from rulesref.cite import Citation, cite

GAME = "welcome-to-new-las-vegas"


def rule(section: str) -> Citation:
    """The citation of a local section id of this game, e.g. ``rule("street-scoring")``."""
    return cite(f"{GAME}/{section}")
