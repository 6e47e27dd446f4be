"""Rich renderings of a Clue analysis: the notebook grid, envelope odds, facts, conflicts.

Everything here reads a :class:`~cluesolver.clue.analysis.report.Report` and builds renderables; it
never decides anything about the game.  Names from logs and variant files go in as
:class:`~rich.text.Text`, never as markup, so ``[/]`` prints as written.  Cells stay readable without colour:
``HAS`` certain, ``-`` impossible, ``37%`` otherwise.
"""

from __future__ import annotations

from collections.abc import Sequence

from cluesolver.cli.sheet import Group, Table, Text
from cluesolver.clue.analysis.report import Fact, Report
from cluesolver.clue.engine.envelope import Solution
from cluesolver.clue.engine.results import Estimate
from cluesolver.clue.record.constraints import ENVELOPE
from cluesolver.clue.variants import Variant
from rulesref.core.i18n import _, n_, number
from rulesref.core.text import percent


def cell(p: float, *, short: bool = False) -> Text:
    """A notebook cell: ``HAS``, ``-`` or a percentage (no ``%``, at most 3 characters, when ``short``)."""
    if p >= 1.0:
        return Text(_("HAS"), style="bold green")
    if p <= 0.0:
        return Text("-", style="dim")
    return Text(percent(p, short=short), style="yellow" if p >= 0.5 else "")


def holder_label(report: Report, holder: str) -> str:
    if holder == ENVELOPE:
        return _("Envelope")
    if holder.startswith("table:"):
        return _("{slot} (table)").format(slot=holder.split(":", 1)[1])
    return _("{player} (me)").format(player=holder) if holder == report.log.header.me else holder


def notebook(report: Report, width: int | None = None) -> Table | Group:
    """The notebook grid: a row per card, a column per holder.

    When the grid would be wider than ``width`` (a narrow terminal), the holders are headed
    by short codes, cells lose their ``%`` and a legend under the grid names every code, so
    every player stays visible.
    """
    labels = [holder_label(report, h) for h in report.holders]
    variant = report.log.variant
    names = [
        card for cat in variant.categories for card in (cat.display_name().upper(), *variant.display_names(cat.cards))
    ]
    natural = max(map(len, names), default=4) + 4 + sum(max(len(label), 5) + 3 for label in labels)
    compact = width is not None and natural > width
    codes = short_codes(labels)
    if compact:
        table = _narrow_notebook(codes, width or 0)
    else:
        table = Table(title=_("Notebook"), show_lines=False, header_style="bold")
        table.add_column(_("Card"), no_wrap=True)
        for label in labels:
            table.add_column(Text(label), justify="right", no_wrap=True)
    for cat in variant.categories:
        table.add_row(Text(cat.display_name().upper(), style="bold"), *["" for _h in report.holders])
        for card in cat.cards:
            cells = [cell(report.probability(h, card), short=compact) for h in report.holders]
            table.add_row(Text(variant.display_name(card)), *cells)
    if not compact:
        return table
    legend = ", ".join(f"{code} = {label}" for code, label in zip(codes, labels, strict=True))
    return Group(table, Text(_("{legend}. Numbers are % chances; HAS certain, - impossible.").format(legend=legend)))


def short_codes(labels: Sequence[str]) -> list[str]:
    """Short distinct codes for ``labels``: one letter, longer prefixes (up to 3) only where
    two labels share one, then a digit (``A``, ``Be``, ``Bo``, ``An1``, ``An2``)."""
    words = ["".join(ch for ch in label if ch.isalnum()).title() or "?" for label in labels]
    sizes = [1] * len(words)
    for _round in range(2):
        codes = [w[:k] for w, k in zip(words, sizes, strict=True)]
        sizes = [k + 1 if codes.count(c) > 1 else k for c, k in zip(codes, sizes, strict=True)]
    codes = [w[:k] for w, k in zip(words, sizes, strict=True)]
    for code in {c for c in codes if codes.count(c) > 1}:
        numbered = iter(range(1, len(codes) + 1))
        codes = [f"{c[:2]}{next(numbered)}" if c == code else c for c in codes]
    return codes


def _narrow_notebook(codes: Sequence[str], width: int) -> Table:
    """An empty notebook for a narrow terminal: columns headed by the holders' codes."""
    table = Table(title=_("Notebook"), box="SIMPLE_HEAD", header_style="bold", padding=(0, 0), show_edge=False)
    cells = [max(3, len(code)) for code in codes]
    card_width = max(6, width - sum(cells) - len(cells) - 1)
    table.add_column(_("Card"), overflow="ellipsis", no_wrap=True, max_width=card_width)
    for code, size in zip(codes, cells, strict=True):
        table.add_column(Text(code), justify="right", no_wrap=True, min_width=size)
    return table


def envelope_odds(report: Report, top: int = 4) -> Table:
    variant = report.log.variant
    title = _("The {envelope}").format(envelope=variant.display_envelope())
    table = Table(title=Text(title[:1].upper() + title[1:]), header_style="bold")
    table.add_column(_("Category"))
    table.add_column(_("Candidates (most likely first)"))
    solution = report.solution()
    for cat in variant.categories:
        certain = solution[cat.id]
        if certain:
            shown = _("{card} (certain)").format(card=variant.display_name(certain))
            table.add_row(Text(cat.display_name()), Text(shown, style="bold green"))
            continue
        odds = sorted(((report.probability(ENVELOPE, c), c) for c in cat.cards), key=lambda x: (-x[0], x[1]))
        live = [f"{variant.display_name(c)} {number(p * 100, '.1f')}%" for p, c in odds if p > 0]
        more = len(live) - top
        text = ", ".join(live[:top]) + (_(", +{n} more").format(n=more) if more > 0 else "")
        table.add_row(Text(cat.display_name()), Text(text))
    return table


def summary(report: Report, at: int | None = None, top: list[Solution] | None = None) -> Text:
    variant = report.log.variant
    est = report.counts.estimate
    if est is None:
        deals = number(report.deals)
        if at is None:
            said = n_("{deals} deal agrees with the log.", "{deals} deals agree with the log.", report.deals)
        else:
            said = n_(
                "{deals} deal agrees with the log after line {at}.",
                "{deals} deals agree with the log after line {at}.",
                report.deals,
            )
        line = Text(said.format(deals=deals, at=at) + " ")
    else:
        widest = max((e for row in est.error.values() for e in row.values()), default=0.0)
        where = "" if at is None else _(" after line {at}").format(at=at)
        said = _(
            "ESTIMATE: about {deals} deals (± {error}) agree with the log{where}; odds are sampled ({sampled}; "
            "± up to {points} points, {z} standard errors), certain facts are exact."
        )
        line = Text(
            said.format(
                deals=number(report.deals, ".3g"),
                error=number(est.deals_error, ".2g"),
                where=where,
                sampled=_sampled(est),
                points=number(widest * 100, ".1f"),
                z=number(est.z, "g"),
            )
            + " ",
            style="bold yellow",
        )
    if report.solved():
        cards = ", ".join(variant.display_name(c) for c in report.solution().values() if c)
        line.append(_("Solved: {cards}").format(cards=cards), style="bold green")
    elif top:
        best = top[0]
        said = n_(
            "Most likely solution: {cards} ({percent}, {n} combination still possible).",
            "Most likely solution: {cards} ({percent}, {n} combinations still possible).",
            len(top),
        )
        line.append(
            said.format(
                cards=", ".join(variant.display_names(best.cards)),
                percent=number(best.probability * 100, ".1f") + "%",
                n=number(len(top)),
            )
        )
    else:
        likeliest = [max(cat.cards, key=lambda c: report.probability(ENVELOPE, c)) for cat in variant.categories]
        said = _("Likeliest card of each category: {cards}.")
        line.append(said.format(cards=", ".join(variant.display_names(likeliest))))
    return line


def _sampled(est: Estimate) -> str:
    """How much sampling the estimated odds rest on, as a player reads it."""
    if est.walks:
        return _("Markov chains over the consistent deals, worth about {n} independent deals").format(
            n=number(est.effective, ",.0f")
        )
    if not est.accepted:
        return _("no consistent deal could be drawn: the odds are unknown")
    return n_("from {n} deal", "from {n} deals", est.accepted).format(n=number(est.accepted))


def facts_text(report: Report) -> Text:
    """The cards placed for certain, beyond the notebook owner's own hand."""
    me = report.log.header.me
    variant = report.log.variant
    placed: dict[str, list[str]] = {}
    for fact in report.certain:
        if fact.holds and fact.holder != me:
            placed.setdefault(fact.holder, []).append(variant.display_name(fact.card))
    out = Text(_("Certain: "), style="bold")
    if not placed:
        out.append(
            _("no card placed yet beyond my own hand.") if me else _("no card placed yet beyond what the log says.")
        )
        return out
    said = [_holds(report, h, ", ".join(cards)) for h, cards in placed.items()]
    out.append("; ".join(said) + ".")
    return out


def _holds(report: Report, holder: str, cards: str) -> str:
    """``Cat has Knife, Rope`` (a player, the envelope or a table slot)."""
    if holder == ENVELOPE:
        return _("Envelope has {cards}").format(cards=cards)
    if holder.startswith("table:"):
        return _("{slot} (table) has {cards}").format(slot=holder.split(":", 1)[1], cards=cards)
    return _("{holder} has {cards}").format(holder=holder_label(report, holder), cards=cards)


def conflict(report: Report, lines: Sequence[str]) -> Group:
    out = Text(_("The log contradicts itself: no deal agrees with all of it.") + "\n", style="bold red")
    out.append(_("These lines cannot all be true (drop any one and the rest agree):") + "\n")
    for n in report.conflict:
        text = lines[n - 1].strip() if 0 < n <= len(lines) else ""
        out.append("  " + _("line {n}: {text}").format(n=n, text=text) + "\n")
    return Group(out)


def why_text(
    fact: Fact, lines_used: Sequence[int] | None, lines: Sequence[str], probability: float, variant: Variant
) -> Text:
    said = fact.say(variant)
    if lines_used is None:
        return Text(
            _("Not certain: {fact} holds in {percent} of the consistent deals.").format(
                fact=said, percent=number(probability * 100, ".1f") + "%"
            )
        )
    out = Text(_("{fact}: certain.").format(fact=said) + "\n", style="bold")
    if not lines_used:
        out.append(_("It follows from the deal itself (hand sizes, one card of each category in the envelope).") + "\n")
        return out
    out.append(_("These lines force it (drop any one and it no longer follows):") + "\n")
    for n in lines_used:
        text = lines[n - 1].strip() if 0 < n <= len(lines) else ""
        out.append("  " + _("line {n}: {text}").format(n=n, text=text) + "\n")
    out.append(_("together with the deal itself (hand sizes, one envelope card per category).") + "\n", style="dim")
    return out
