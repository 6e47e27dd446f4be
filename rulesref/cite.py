"""Citations: calculators and checkers attach the deciding rule section to a verdict.

>>> from rulesref.cite import cite
>>> cite("lords-of-vegas/sprawl").title
'Sprawl'
"""

from __future__ import annotations

from rulesref.book import section
from rulesref.core.findings import Citation

__all__ = ["Citation", "cite", "said"]


def cite(full_id: str) -> Citation:
    """The citation for a section; raises :class:`UnknownNameError` for an unknown id."""
    s = section(full_id)
    return Citation(id=s.full_id, game=s.game, title=s.title)


def said(citation: Citation) -> str:
    """``citation`` as text for people in the language spoken now: ``[clue/eliminated-players]``
    and the section's title in that language's book where it has one (the citation itself, as
    ``--json`` gives it, stays English; in English this is ``str(citation)``)."""
    from rulesref.core.errors import UnknownNameError
    from rulesref.core.i18n import language

    lang = language()
    if lang == "en":
        return str(citation)
    try:
        title = section(citation.id, lang).title
    except UnknownNameError:  # a section the book cannot give: its English title
        title = citation.title
    return f"[{citation.id}] {title}"
