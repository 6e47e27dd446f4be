"""Final scoring of a whole table: every zone of every sheet, the bank, the safe, the winner.

>>> from rulesref.welcome.model import BankVote
>>> bank_outcome([BankVote.LOAN, BankVote.REFUSE, BankVote.REFUSE]).bundles
2
"""

from __future__ import annotations

from collections.abc import Sequence

from rulesref.core.errors import InputError, Problem
from rulesref.core.i18n import _, n_
from rulesref.welcome import solo
from rulesref.welcome.checker import blank_findings, whose
from rulesref.welcome.citations import rule
from rulesref.welcome.model import (
    FIRST_GAME_SAFE_BUNDLES,
    PRINTED_SAFE_BUNDLES,
    BankVote,
    Sheet,
    Table,
)
from rulesref.welcome.projects import project_zone
from rulesref.welcome.results import (
    BankOutcome,
    EndTrigger,
    InaugurationPlace,
    PlayerResult,
    SafeResult,
    StreetResult,
    TableResult,
    Zone,
    ZoneScore,
)
from rulesref.welcome.streets import (
    all_built_opened,
    longest_run,
    open_construction_debts,
)

RANK_POINTS = {1: (10, 15), 2: (5, 8), 3: (2, 0)}  # rank: (normal, 10/5/2 box improved)
BANKRUPTCY = -20


def bank_outcome(votes: Sequence[BankVote], *, first_game: bool = False) -> BankOutcome:
    """The bundles every player gets from the bank, decided by the hidden votes."""
    loans = sum(1 for v in votes if v is BankVote.LOAN)
    refusals = len(votes) - loans
    if first_game:
        return BankOutcome(loans, refusals, 0, _("first game: no bank vote, 3 bundles to start"), rule("first-game"))
    if loans == 0:
        return BankOutcome(loans, refusals, 0, _("nobody asked for a loan: no extra bundles"), rule("bank"))
    if 2 * loans > len(votes):
        return BankOutcome(
            loans,
            refusals,
            4,
            _("{n} of {votes} asked for a loan, more than half: 4 bundles each").format(n=loans, votes=len(votes)),
            rule("bank"),
        )
    return BankOutcome(
        loans,
        refusals,
        2,
        _("{n} of {votes} refused, half or more: 2 bundles each").format(n=refusals, votes=len(votes)),
        rule("bank"),
    )


def unspent_boxes(sheet: Sheet, bonus_set_size: int) -> int:
    """Checked inauguration boxes not circled for bonuses (never below 0)."""
    circled = sheet.inauguration.circled
    if circled is None:
        circled = sheet.bonuses.total * bonus_set_size
    return max(0, sheet.inauguration.checked - circled)


def rank_points(rank: int, improved: bool) -> int:
    normal, better = RANK_POINTS.get(rank, (0, 0))
    return better if improved else normal


def rank_inauguration(entries: Sequence[tuple[str, int, bool, bool]]) -> dict[str, InaugurationPlace]:
    """Rank (name, boxes, improved, scores_rank) entries: most boxes first, ties share a rank.

    Ranks follow the distinct box counts (10, 10, 7 -> 1st, 1st, 2nd).  The fewest boxes
    are last and pay the debt, unless everybody is tied.
    """
    counts = sorted({boxes for _, boxes, _, _ in entries}, reverse=True)
    fewest = counts[-1] if len(counts) > 1 else None
    out: dict[str, InaugurationPlace] = {}
    for name, boxes, improved, scores_rank in entries:
        rank = counts.index(boxes) + 1
        out[name] = InaugurationPlace(
            name=name,
            boxes=boxes,
            rank=rank,
            points=rank_points(rank, improved) if scores_rank else 0,
            last=scores_rank and boxes == fewest,
            improved=improved,
            scores_rank=scores_rank,
            tied_with=tuple(n for n, b, _, _ in entries if b == boxes and n != name),
        )
    return out


def street_results(sheet: Sheet, best: Sequence[int]) -> tuple[StreetResult, ...]:
    out = []
    for index, street in enumerate(sheet.streets):
        run = longest_run(street)
        length = run.length if run else 0
        top = best[index] if index < len(best) else 0
        bonus_value = sheet.street_bonus[index] if index < len(sheet.street_bonus) else 0
        out.append(StreetResult(index + 1, run, length, bonus_value, length > 0 and length == top, street))
    return tuple(out)


def safe_result(sheet: Sheet, table: Table, bank: BankOutcome, last: bool) -> SafeResult:
    if sheet.safe_start is not None:
        start = sheet.safe_start
    else:
        start = FIRST_GAME_SAFE_BUNDLES if table.first_game else PRINTED_SAFE_BUNDLES
    debts = (
        ("construction", sum(open_construction_debts(s) for s in sheet.streets)),
        ("show", sum(c.debts for c in sheet.shows)),
        ("extended-casino", sheet.bonuses.extended_casino),
        ("inauguration", 1 if last else 0),
    )
    bundles = start + bank.bundles + sheet.limo.mafia.opened
    short = sum(n for _, n in debts) > bundles
    return SafeResult(start, bank.bundles, sheet.limo.mafia.opened, debts, penalty=BANKRUPTCY if short else 0)


def _boxes(n: int) -> str:
    return n_("{n} box", "{n} boxes", n).format(n=n)


def _bundles(n: int) -> str:
    return n_("{n} bundle", "{n} bundles", n).format(n=n)


def player_result(
    sheet: Sheet, table: Table, bank: BankOutcome, best: Sequence[int], place: InaugurationPlace
) -> PlayerResult:
    """Every zone of one sheet; ``best`` is the table's longest run per street."""
    h, g, lm = sheet.hotels, sheet.golf, sheet.limo
    streets = street_results(sheet, best)
    safe = safe_result(sheet, table, bank, place.last)
    rank = _("rank {rank} with {boxes}").format(rank=place.rank, boxes=_boxes(place.boxes))
    if place.tied_with:
        rank += _(", tied with {players}").format(players=", ".join(place.tied_with))
    if place.last:
        rank += _(", fewest: circles the debt")
    limo_detail = _("VIP {vip}x{vip_value} + Luxury {luxury}x{luxury_value} + missing {missing}x{penalty}").format(
        vip=lm.vip.opened,
        vip_value=lm.vip.value,
        luxury=lm.luxury.opened,
        luxury_value=lm.luxury.value,
        missing=lm.missing_lines,
        penalty=lm.penalty,
    )
    if lm.mafia.opened:
        limo_detail += _("; Mafia {n} -> {bundles}").format(n=lm.mafia.opened, bundles=_bundles(lm.mafia.opened))
    zones = (
        project_zone(table, sheet.projects),
        ZoneScore(
            Zone.HOTELS,
            h.large.points + h.small.points,
            _("{large} large x{large_value} + {small} small x{small_value}").format(
                large=h.large.count, large_value=h.large.value, small=h.small.count, small_value=h.small.value
            ),
            rule("hotel-scoring"),
        ),
        ZoneScore(
            Zone.INAUGURATION,
            place.points,
            rank + (_(" (10/5/2 box improved)") if place.improved else ""),
            rule("inauguration-ranking"),
        ),
        ZoneScore(
            Zone.GOLF,
            g.par3.points + g.par4.points + g.par5.points,
            f"par3 {g.par3.count}x{g.par3.value} + par4 {g.par4.count}x{g.par4.value}"
            f" + par5 {g.par5.count}x{g.par5.value}",
            rule("golf-scoring"),
        ),
        ZoneScore(
            Zone.SHOWS,
            sum(c.value for c in sheet.shows),
            " + ".join(str(c.value) for c in sheet.shows),
            rule("show-scoring"),
        ),
        ZoneScore(
            Zone.LIMO,
            lm.vip.opened * lm.vip.value + lm.luxury.opened * lm.luxury.value + lm.missing_lines * lm.penalty,
            limo_detail,
            rule("limo-scoring"),
        ),
        ZoneScore(
            Zone.STREETS,
            sum(s.points for s in streets),
            " + ".join(f"{s.length}{'+' + str(s.bonus_value) if s.bonus else ''}" for s in streets),
            rule("street-scoring"),
        ),
        ZoneScore(
            Zone.SAFE,
            safe.penalty,
            _("{bundles} for {debts}").format(
                bundles=_bundles(safe.bundles), debts=n_("{n} debt", "{n} debts", safe.owed).format(n=safe.owed)
            )
            + (_(": short, -20") if safe.short else ""),
            rule("safe"),
        ),
    )
    return PlayerResult(sheet.name, zones, streets, place, safe, h.total, h.large.count)


def end_triggers(table: Table) -> tuple[EndTrigger, ...]:
    """Who met which end-of-game condition."""
    out: list[EndTrigger] = []
    for sheet in table.players:
        track = table.inauguration_track
        if sheet.inauguration.last_box or (track is not None and sheet.inauguration.checked >= track):
            out.append(EndTrigger(sheet.name, _("checked the last inauguration box"), rule("end")))
        if len(sheet.projects) == 3:
            out.append(EndTrigger(sheet.name, _("fulfilled all three projects"), rule("end")))
        if sheet.streets and all_built_opened(sheet.streets):
            out.append(EndTrigger(sheet.name, _("opened every built casino"), rule("end")))
    if table.acme is not None and len(table.acme.projects) == 3:
        out.append(EndTrigger(table.acme.name, _("fulfilled all three projects"), rule("end")))
    return tuple(out)


def standings(results: Sequence[PlayerResult]) -> tuple[tuple[PlayerResult, ...], str | None]:
    """Order by total, then hotels, then Large Hotels; returns the ordered results and a tie note."""

    def key(r: PlayerResult) -> tuple[int, int, int]:
        return (r.total, r.hotels, r.large_hotels)

    ordered = sorted(results, key=key, reverse=True)
    placed: list[PlayerResult] = []
    for index, r in enumerate(ordered):
        place = index + 1
        if index and key(ordered[index - 1]) == key(r):
            place = placed[-1].place
        placed.append(
            PlayerResult(r.name, r.zones, r.streets, r.inauguration, r.safe, r.hotels, r.large_hotels, place, r.acme)
        )
    note = None
    tied = [r for r in placed if r.total == placed[0].total] if placed else []
    if len(tied) > 1:
        names = _(" and ").join(r.name for r in tied)
        winners = [r for r in tied if r.place == 1]
        if len(winners) > 1:
            note = _(
                "{players} tie on {total} points, hotels ({hotels}) and Large Hotels ({large}): they share the win "
                "(or play again!)"
            ).format(players=names, total=tied[0].total, hotels=tied[0].hotels, large=tied[0].large_hotels)
        elif winners[0].hotels > tied[1].hotels:
            note = _(
                "{players} tie on {total} points: {winner} wins with more hotels ({hotels} against {other})"
            ).format(
                players=names,
                total=tied[0].total,
                winner=winners[0].name,
                hotels=winners[0].hotels,
                other=tied[1].hotels,
            )
        else:
            note = _(
                "{players} tie on {total} points and {hotels} hotels: {winner} wins with more Large Hotels "
                "({large} against {other})"
            ).format(
                players=names,
                total=tied[0].total,
                hotels=tied[0].hotels,
                winner=winners[0].name,
                large=winners[0].large_hotels,
                other=tied[1].large_hotels,
            )
    return tuple(placed), note


def unconfirmed_notes(
    table: Table, places: dict[str, InaugurationPlace], acme_run: int | None, best: Sequence[int]
) -> list[str]:
    """Say so whenever a result leans on a rule the sources do not confirm."""
    notes: list[str] = []
    if any(p.tied_with for p in places.values()):
        notes.append(
            _(
                "not confirmed: how inauguration ties rank; tied players share the rank and the next "
                "count takes the next rank [welcome-to-new-las-vegas/inauguration-ranking]"
            )
        )
    if any(p.bonuses.total and p.inauguration.circled is None for p in table.players):
        notes.append(
            _(
                "not confirmed: a bonus costs {n} checked boxes (bonus-set-size); give "
                "'circled' if your track says otherwise [welcome-to-new-las-vegas/bonuses]"
            ).format(n=table.bonus_set_size)
        )
    if (
        acme_run is not None
        and any(acme_run == b for b in best)
        and any(run == acme_run for p in table.players for run in _runs(p))
    ):
        notes.append(
            _(
                "not confirmed: a street tie between you and ACME gives both the street bonus "
                "[welcome-to-new-las-vegas/solo-scoring]"
            )
        )
    return notes


def _runs(sheet: Sheet) -> list[int]:
    out = []
    for street in sheet.streets:
        run = longest_run(street)
        out.append(run.length if run else 0)
    return out


def score_table(table: Table) -> TableResult:
    """Score every sheet of the table (and ACME in a solo game).

    A table whose file still holds values not entered (``"?"``) cannot be scored yet: an
    InputError lists each of them.
    """
    if table.blanks:
        raise InputError(
            [
                Problem(
                    f"{whose(f.where)} [{f.where['zone']}] {f.message}",
                    path=f.path,
                    line=f.line,
                )
                for f in blank_findings(table)
            ]
        )
    acme = solo.acme_view(table.acme) if table.acme else None
    votes = [p.bank or BankVote.REFUSE for p in table.players] + ([acme.vote] if acme else [])
    bank = bank_outcome(votes, first_game=table.first_game)

    best = [0, 0, 0, 0]
    for sheet in table.players:
        for index, street in enumerate(sheet.streets[:4]):
            run = longest_run(street)
            best[index] = max(best[index], run.length if run else 0)
    if acme:
        best = [max(b, acme.run) for b in best]

    entries = [(p.name, unspent_boxes(p, table.bonus_set_size), p.inauguration.improved, True) for p in table.players]
    if acme and table.acme:
        entries.append((table.acme.name, acme.inauguration_cards, False, False))
    places = rank_inauguration(entries)

    results = [player_result(p, table, bank, best, places[p.name]) for p in table.players]
    if acme and table.acme:
        results.append(solo.acme_result(table, acme, bank, best, places[table.acme.name]))
    ordered, tie_note = standings(results)
    winners = tuple(r.name for r in ordered if r.place == 1)
    triggers = end_triggers(table)
    notes: list[str] = []
    if not triggers:
        notes.append(_("no end-of-game condition is met yet: these are the scores so far"))
    if table.first_game:
        notes.append(_("first game: no bank vote, every safe starts with 3 bundles"))
    notes += unconfirmed_notes(table, places, acme.run if acme else None, best)
    return TableResult(
        players=ordered,
        winners=winners,
        tie_note=tie_note,
        tie_citation=rule("tie-break") if tie_note else None,
        bank=bank,
        street_best=tuple(best),
        triggers=triggers,
        notes=tuple(notes),
    )
