"""One casino paid out at the table, from what people type: ``las-vegas payout``.

>>> t = pay_typed("Anna=5 Ben=3 Carla=1+big Denny=1", "90,40", "royale")
>>> t.payout.awards, t.findings
((('Anna', 90), ('Denny', 40)), ())
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from rulesref.core.errors import InputError, Problem
from rulesref.core.findings import Finding, Severity
from rulesref.las_vegas.checker import check_casino_money, check_stakes
from rulesref.las_vegas.editions import Edition, EditionRules, dollars, rules_for
from rulesref.las_vegas.jsonout import payout_json
from rulesref.las_vegas.notation import parse_money_collect, parse_stakes_collect
from rulesref.las_vegas.payout import CasinoPayout, pay_casino

#: How each typed value is named in messages (the command's option names).
LABELS: Mapping[str, str] = {"casino": "--casino", "money": "--money", "edition": "--edition"}


@dataclass(frozen=True)
class TablePayout:
    """One casino's payout and what about its money or dice cannot be right (warnings)."""

    rules: EditionRules
    payout: CasinoPayout
    findings: tuple[Finding, ...] = ()

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"game": "las-vegas", "edition": self.rules.edition.value, **payout_json(self.payout)}
        data.pop("casino")
        data["warnings"] = [f.to_json() for f in self.findings]
        return data


def _labelled(label: str, problems: list[Problem]) -> list[Problem]:
    return [Problem(f"{label}: {p.message}", text=p.text, choices=p.choices) for p in problems]


def pay_typed(casino: str, money: str, edition: str = "base", *, labels: Mapping[str, str] = LABELS) -> TablePayout:
    """Pay out one casino typed as ``"Anna=5 Ben=3 white=2"`` with money ``"90,40"``.

    Input that cannot be read, or money the edition does not have, is an
    :class:`InputError` listing every problem; money or dice the table cannot have had
    (one card in Royale, a big die in the base game, two big dice for one player, a big die
    among the white dice) are warnings in ``findings``, as the file checker reports them.
    """
    problems: list[Problem] = []
    rules: EditionRules | None = None
    try:
        rules = rules_for(Edition.parse(edition))
    except InputError as exc:
        problems.extend(_labelled(labels["edition"], exc.problems()))
    stakes, found = parse_stakes_collect(casino)
    problems.extend(_labelled(labels["casino"], found))
    values, found = parse_money_collect(money)
    problems.extend(_labelled(labels["money"], found))
    if rules is not None and len(stakes) > rules.max_players + 1:  # every player and the white dice
        problems.append(
            Problem(
                f"{labels['casino']}: {len(stakes)} entries; {rules.title} has at most {rules.max_players} players "
                "and the white dice at a casino"
            )
        )
        stakes = ()
    if rules is not None:
        for v in values:
            if v not in rules.denominations:
                nearest = sorted(rules.denominations, key=lambda d: (abs(d - v), d))[:2]
                problems.append(
                    Problem(
                        f"{labels['money']}: there is no {dollars(v)} {rules.money_word} in {rules.title}",
                        text=str(v),
                        choices=tuple(f"{d}k" for d in sorted(nearest)),
                    )
                )
    if problems or rules is None:
        raise InputError(problems)
    notes = [f for f in check_casino_money("this casino", values, rules) if f.code != "money-value"]
    notes += check_stakes("this casino", stakes, rules)
    warnings = tuple(_warning(f) for f in notes)
    return TablePayout(rules, pay_casino(0, values, stakes, rules), warnings)


def _warning(finding: Finding) -> Finding:
    return Finding(finding.message, finding.rule, Severity.WARNING, finding.code)
