"""Citations: calculators and checkers attach the deciding rule section to a verdict.

    >>> from rulesref import cite
    >>> cite("lords-of-vegas/sprawl").title
    'Sprawl'
"""

from __future__ import annotations

from dataclasses import dataclass

from rulesref.book import section


@dataclass(frozen=True)
class Citation:
    id: str       # full id, e.g. "lords-of-vegas/sprawl"
    game: str
    title: str

    def __str__(self) -> str:
        return f"[{self.id}] {self.title}"

    def to_json(self) -> dict[str, str]:
        return {"id": self.id, "title": self.title}


def cite(full_id: str) -> Citation:
    """The citation for a section; raises :class:`UnknownNameError` for an unknown id."""
    s = section(full_id)
    return Citation(id=s.full_id, game=s.game, title=s.title)
