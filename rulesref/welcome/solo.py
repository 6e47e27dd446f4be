"""Solo mode: ACME's score from its pile of cards and the values of its Architect card.

ACME never writes on a sheet.  Its pile (cards in the order they were put on it) and
the Architect card decide everything: how many Improvement cards it has (which domains
use their improved value), its street run, its golf holes, its bank choice.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rulesref.core.i18n import _
from rulesref.welcome.citations import rule
from rulesref.welcome.model import Acme, BankVote, Effect, Table
from rulesref.welcome.projects import project_zone
from rulesref.welcome.results import (
    BankOutcome,
    InaugurationPlace,
    PlayerResult,
    SafeResult,
    StreetResult,
    Zone,
    ZoneScore,
)


@dataclass(frozen=True)
class AcmeView:
    """What ACME's pile and card decide before anybody is compared with it."""

    improvements: int
    improved: frozenset[str]  # domains whose threshold is reached
    run: int  # its longest odd/even run, the same in every street
    inauguration_cards: int
    golf_holes: int
    vote: BankVote

    def value(self, acme: Acme, domain: str) -> int:
        v = acme.values.get(domain)
        if v is None:
            return 0
        return v.improved if domain in self.improved else v.basic


def golf_holes(stack: Sequence[Effect]) -> int:
    """One hole per card whose effect repeats the card just before it."""
    return sum(1 for a, b in zip(stack, stack[1:]) if a is b)


def street_run(acme: Acme) -> int:
    """Construction cards plus the crane modifier, never below 1."""
    return max(1, acme.count(Effect.CONSTRUCTION) + acme.crane)


def acme_view(acme: Acme) -> AcmeView:
    improvements = acme.count(Effect.IMPROVEMENT)
    improved = frozenset(d for d, v in acme.values.items() if improvements >= v.threshold)
    vote = BankVote.LOAN if acme.hidden_card >= acme.bank_threshold else BankVote.REFUSE
    return AcmeView(
        improvements, improved, street_run(acme), acme.count(Effect.INAUGURATION), golf_holes(acme.stack), vote
    )


def acme_result(
    table: Table, view: AcmeView, bank: BankOutcome, best: Sequence[int], place: InaugurationPlace
) -> PlayerResult:
    acme = table.acme
    assert acme is not None

    def val(domain: str) -> int:
        return view.value(acme, domain)

    def how(domain: str) -> str:
        return _("improved") if domain in view.improved else _("basic")

    streets = tuple(
        StreetResult(street=i + 1, run=None, length=view.run, bonus_value=val("streets"), bonus=view.run == best[i])
        for i in range(4)
    )
    neither = bank.loans == 0 and not table.first_game
    penalty = -acme.hidden_card if neither else 0
    safe = SafeResult(start=0, bank=bank.bundles, mafia=0, debts=(), unlimited=True, penalty=penalty)
    n_inaug, n_show, n_limo = (acme.count(e) for e in (Effect.INAUGURATION, Effect.SHOW, Effect.LIMO))
    zones = (
        project_zone(table, acme.projects),
        ZoneScore(
            Zone.HOTELS,
            acme.hotels * val("hotels"),
            _("{n} hotels marked A x{value} ({how})").format(n=acme.hotels, value=val("hotels"), how=how("hotels")),
            rule("solo-scoring"),
        ),
        ZoneScore(
            Zone.INAUGURATION,
            n_inaug * val("inauguration"),
            _("{n} Inauguration cards x{value} ({how}), no rank points").format(
                n=n_inaug, value=val("inauguration"), how=how("inauguration")
            ),
            rule("solo-scoring"),
        ),
        ZoneScore(
            Zone.GOLF,
            view.golf_holes * val("golf"),
            _("{n} repeated effects = holes x{value} ({how})").format(
                n=view.golf_holes, value=val("golf"), how=how("golf")
            ),
            rule("solo-scoring"),
        ),
        ZoneScore(
            Zone.SHOWS,
            n_show * val("shows"),
            _("{n} Show cards x{value} ({how})").format(n=n_show, value=val("shows"), how=how("shows")),
            rule("solo-scoring"),
        ),
        ZoneScore(
            Zone.LIMO,
            n_limo * val("limo"),
            _("{n} Limo cards x{value} ({how})").format(n=n_limo, value=val("limo"), how=how("limo")),
            rule("solo-scoring"),
        ),
        ZoneScore(
            Zone.STREETS,
            sum(s.points for s in streets),
            _("run {run} in each street ({n} Construction {crane} crane)").format(
                run=view.run, n=acme.count(Effect.CONSTRUCTION), crane=f"{acme.crane:+d}"
            )
            + "".join(
                _(", bonus street {street} +{bonus}").format(street=s.street, bonus=s.bonus_value)
                for s in streets
                if s.bonus
            ),
            rule("solo-scoring"),
        ),
        ZoneScore(
            Zone.SAFE,
            penalty,
            (
                _("nobody borrowed: minus the hidden card {card}").format(card=acme.hidden_card)
                if neither
                else _("hidden card {card}: {vote}; ACME never runs short").format(
                    card=acme.hidden_card, vote=_("loan") if view.vote is BankVote.LOAN else _("no loan")
                )
            ),
            rule("solo-scoring"),
        ),
    )
    return PlayerResult(acme.name, zones, streets, place, safe, acme.hotels, acme.hotels, acme=True)
