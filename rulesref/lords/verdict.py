"""Reasons with their rule: every verdict of the engine says which section decides it."""

from __future__ import annotations

from dataclasses import dataclass

from rulesref.cite import Citation, cite


@dataclass(frozen=True)
class Reason:
    """One finding (why an action is illegal, a note, a rule problem) and its rule section."""

    message: str
    rule: Citation

    def __str__(self) -> str:
        return f"{self.message} {self.rule}"

    def to_json(self) -> dict[str, object]:
        return {"message": self.message, "rule": self.rule.to_json()}


def rule(section: str) -> Citation:
    """The citation of a Lords of Vegas section by its local id (``"sprawl"``)."""
    return cite(f"lords-of-vegas/{section}")


def reason(message: str, section: str) -> Reason:
    return Reason(message, rule(section))
