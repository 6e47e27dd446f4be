"""Findings with their rule: every verdict of the engine says which section decides it.

A verdict is a :class:`rulesref.core.findings.Finding` (the one finding type of the
project) citing a Lords of Vegas section:

    >>> f = reason("C4 carries Ben's marker, not Ana's", "build")
    >>> (f.severity.value, str(f.rule))
    ('error', '[lords-of-vegas/build] Build')
    >>> note("a note", "turn").severity.value
    'note'
"""

from __future__ import annotations

from rulesref.cite import cite
from rulesref.core.findings import Citation, Finding, Severity


def rule(section: str) -> Citation:
    """The citation of a Lords of Vegas section by its local id (``"sprawl"``)."""
    return cite(f"lords-of-vegas/{section}")


def reason(message: str, section: str, *, code: str | None = None) -> Finding:
    """A rule problem: why an action is illegal, or what is wrong in a state or log."""
    return Finding(message, rule=rule(section), severity=Severity.ERROR, code=code)


def warning(message: str, section: str, *, code: str | None = None) -> Finding:
    """Probably a mistake, but the calculation goes on (e.g. a card paid twice)."""
    return Finding(message, rule=rule(section), severity=Severity.WARNING, code=code)


def note(message: str, section: str, *, code: str | None = None) -> Finding:
    """Something worth knowing that breaks no rule."""
    return Finding(message, rule=rule(section), severity=Severity.NOTE, code=code)


def cites(finding: Finding, section: str) -> bool:
    """Whether ``finding`` cites the Lords of Vegas section ``section``."""
    return finding.rule is not None and finding.rule.id == f"lords-of-vegas/{section}"
