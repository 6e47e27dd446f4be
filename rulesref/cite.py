"""Citations: calculators and checkers attach the deciding rule section to a verdict.

>>> from rulesref.cite import cite
>>> cite("lords-of-vegas/sprawl").title
'Sprawl'
"""

from __future__ import annotations

from rulesref.book import section
from rulesref.core.findings import Citation

__all__ = ["Citation", "cite"]


def cite(full_id: str) -> Citation:
    """The citation for a section; raises :class:`UnknownNameError` for an unknown id."""
    s = section(full_id)
    return Citation(id=s.full_id, game=s.game, title=s.title)
