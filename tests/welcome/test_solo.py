"""Solo mode: ACME's score from its pile and its Architect card."""

from __future__ import annotations

from dataclasses import replace

from rulesref.welcome import load_table, score_table
from rulesref.welcome.model import Acme, BankVote, DomainValue, Effect
from rulesref.welcome.solo import acme_view, golf_holes, street_run
from tests.helpers import ROOT

DATA = ROOT / "tests" / "data" / "welcome"
C, Im, In, L, S = (Effect.CONSTRUCTION, Effect.IMPROVEMENT, Effect.INAUGURATION, Effect.LIMO, Effect.SHOW)


def acme(stack: tuple[Effect, ...], **kw: object) -> Acme:
    values = {d: DomainValue(1, 2, 3) for d in ("inauguration", "shows", "hotels", "streets", "golf", "limo")}
    base = Acme(stack=stack, values=values, bank_threshold=11, hidden_card=5)
    return replace(base, **kw)  # type: ignore[arg-type]


def test_golf_holes_count_repeated_effects() -> None:
    assert golf_holes((In, In, In)) == 2  # three in a row make two holes
    assert golf_holes((C, L, C, L)) == 0
    assert golf_holes((S, S, L, L, S)) == 2
    assert golf_holes(()) == 0


def test_street_run_never_below_one() -> None:
    assert street_run(acme((C, C, C), crane=-1)) == 2
    assert street_run(acme((C,), crane=-4)) == 1
    assert street_run(acme((), crane=1)) == 1


def test_improvement_thresholds_switch_domains_to_improved() -> None:
    values = {
        "inauguration": DomainValue(2, 3, 2),
        "shows": DomainValue(3, 4, 3),
        "hotels": DomainValue(5, 7, 9),
        "streets": DomainValue(4, 6, 2),
        "golf": DomainValue(1, 2, 1),
        "limo": DomainValue(2, 3, 4),
    }
    view = acme_view(acme((Im, C, Im), values=values))
    assert view.improvements == 2
    assert view.improved == frozenset({"inauguration", "streets", "golf"})
    a = acme((Im, C, Im), values=values)
    assert (view.value(a, "inauguration"), view.value(a, "shows")) == (3, 3)


def test_hidden_card_decides_acme_bank_vote() -> None:
    assert acme_view(acme((), hidden_card=11)).vote is BankVote.LOAN
    assert acme_view(acme((), hidden_card=10)).vote is BankVote.REFUSE


def test_solo_table_against_acme() -> None:
    result = score_table(load_table(DATA / "solo-acme.toml"))
    sam, robot = result.player("Sam"), result.player("ACME")
    assert robot.acme and not sam.acme
    # Sam has 6 unspent boxes against ACME's 4 Inauguration cards: Sam is first, no debt
    assert (sam.inauguration.rank, sam.inauguration.points, sam.inauguration.last) == (1, 10, False)
    assert robot.inauguration.points == 0
    # Streets: ACME's run of 4 ties Sam in streets 2 and 3, both get the bonus there
    assert [s.bonus for s in sam.streets] == [True, True, True, False]
    assert [s.bonus for s in robot.streets] == [False, True, True, True]
    # Nobody borrowed: ACME loses its hidden card, Sam has 1 bundle for 2 debts
    assert robot.safe.penalty == -9
    assert sam.safe.penalty == -20


def test_player_second_to_acme_circles_the_debt() -> None:
    table = load_table(DATA / "solo-acme.toml")
    assert table.acme is not None
    more = replace(table, acme=replace(table.acme, stack=table.acme.stack + (In, In, In)))
    result = score_table(more)
    sam = result.player("Sam")
    assert (sam.inauguration.rank, sam.inauguration.points, sam.inauguration.last) == (2, 5, True)
    assert dict(sam.safe.debts)["inauguration"] == 1


def test_acme_borrowing_gives_both_bundles() -> None:
    table = load_table(DATA / "solo-acme.toml")
    assert table.acme is not None
    rich = replace(table, acme=replace(table.acme, hidden_card=12))
    result = score_table(rich)
    assert result.bank.bundles == 2  # one of two asked: half refused
    assert result.player("ACME").safe.penalty == 0
    assert result.player("Sam").safe.penalty == 0  # 3 bundles for 2 debts
