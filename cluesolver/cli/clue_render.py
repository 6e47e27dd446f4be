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
from rulesref.core.text import percent, plural


def cell(p: float, *, short: bool = False) -> Text:
    """A notebook cell: ``HAS``, ``-`` or a percentage (no ``%``, at most 3 characters, when ``short``)."""
    if p >= 1.0:
        return Text("HAS", style="bold green")
    if p <= 0.0:
        return Text("-", style="dim")
    return Text(percent(p, short=short), style="yellow" if p >= 0.5 else "")


def holder_label(report: Report, holder: str) -> str:
    if holder == ENVELOPE:
        return "Envelope"
    if holder.startswith("table:"):
        return holder.split(":", 1)[1] + " (table)"
    return holder + (" (me)" if holder == report.log.header.me else "")


def notebook(report: Report, width: int | None = None) -> Table | Group:
    """The notebook grid: a row per card, a column per holder.

    When the grid would be wider than ``width`` (a narrow terminal), the holders are headed
    by short codes, cells lose their ``%`` and a legend under the grid names every code, so
    every player stays visible.
    """
    labels = [holder_label(report, h) for h in report.holders]
    names = [card for cat in report.log.variant.categories for card in (cat.name.upper(), *cat.cards)]
    natural = max(map(len, names), default=4) + 4 + sum(max(len(label), 5) + 3 for label in labels)
    compact = width is not None and natural > width
    codes = short_codes(labels)
    if compact:
        table = _narrow_notebook(codes, width or 0)
    else:
        table = Table(title="Notebook", show_lines=False, header_style="bold")
        table.add_column("Card", no_wrap=True)
        for label in labels:
            table.add_column(Text(label), justify="right", no_wrap=True)
    for cat in report.log.variant.categories:
        table.add_row(Text(cat.name.upper(), style="bold"), *["" for _ in report.holders])
        for card in cat.cards:
            table.add_row(Text(card), *[cell(report.probability(h, card), short=compact) for h in report.holders])
    if not compact:
        return table
    legend = ", ".join(f"{code} = {label}" for code, label in zip(codes, labels, strict=True))
    return Group(table, Text(f"{legend}. Numbers are % chances; HAS certain, - impossible."))


def short_codes(labels: Sequence[str]) -> list[str]:
    """Short distinct codes for ``labels``: one letter, longer prefixes (up to 3) only where
    two labels share one, then a digit (``A``, ``Be``, ``Bo``, ``An1``, ``An2``)."""
    words = ["".join(ch for ch in label if ch.isalnum()).title() or "?" for label in labels]
    sizes = [1] * len(words)
    for _ in range(2):
        codes = [w[:k] for w, k in zip(words, sizes, strict=True)]
        sizes = [k + 1 if codes.count(c) > 1 else k for c, k in zip(codes, sizes, strict=True)]
    codes = [w[:k] for w, k in zip(words, sizes, strict=True)]
    for code in {c for c in codes if codes.count(c) > 1}:
        numbered = iter(range(1, len(codes) + 1))
        codes = [f"{c[:2]}{next(numbered)}" if c == code else c for c in codes]
    return codes


def _narrow_notebook(codes: Sequence[str], width: int) -> Table:
    """An empty notebook for a narrow terminal: columns headed by the holders' codes."""
    table = Table(title="Notebook", box="SIMPLE_HEAD", header_style="bold", padding=(0, 0), show_edge=False)
    cells = [max(3, len(code)) for code in codes]
    card_width = max(6, width - sum(cells) - len(cells) - 1)
    table.add_column("Card", overflow="ellipsis", no_wrap=True, max_width=card_width)
    for code, size in zip(codes, cells, strict=True):
        table.add_column(Text(code), justify="right", no_wrap=True, min_width=size)
    return table


def envelope_odds(report: Report, top: int = 4) -> Table:
    table = Table(title=Text(f"The {report.log.variant.envelope_name}"), header_style="bold")
    table.add_column("Category")
    table.add_column("Candidates (most likely first)")
    solution = report.solution()
    for cat in report.log.variant.categories:
        if solution[cat.id]:
            table.add_row(Text(cat.name), Text(f"{solution[cat.id]} (certain)", style="bold green"))
            continue
        odds = sorted(((report.probability(ENVELOPE, c), c) for c in cat.cards), key=lambda x: (-x[0], x[1]))
        live = [f"{c} {p * 100:.1f}%" for p, c in odds if p > 0]
        more = len(live) - top
        text = ", ".join(live[:top]) + (f", +{more} more" if more > 0 else "")
        table.add_row(Text(cat.name), Text(text))
    return table


def summary(report: Report, at: int | None = None, top: list[Solution] | None = None) -> Text:
    where = f" after line {at}" if at is not None else ""
    est = report.counts.estimate
    if est is None:
        agree = "deal agrees" if report.deals == 1 else "deals agree"
        line = Text(f"{report.deals:,} {agree} with the log{where}. ")
    else:
        widest = max((e for row in est.error.values() for e in row.values()), default=0.0)
        line = Text(
            f"ESTIMATE: about {report.deals:.3g} deals (± {est.deals_error:.2g}) agree with the log{where}; "
            f"odds are sampled ({_sampled(est)}; ± up to {widest * 100:.1f} points, "
            f"{est.z:g} standard errors), certain facts are exact. ",
            style="bold yellow",
        )
    if report.solved():
        line.append("Solved: " + ", ".join(c for c in report.solution().values() if c), style="bold green")
    elif top:
        best = top[0]
        line.append(
            f"Most likely solution: {', '.join(best.cards)} ({best.probability * 100:.1f}%, "
            f"{plural(len(top), 'combination')} still possible)."
        )
    else:
        cards = [max(cat.cards, key=lambda c: report.probability(ENVELOPE, c)) for cat in report.log.variant.categories]
        line.append(f"Likeliest card of each category: {', '.join(cards)}.")
    return line


def _sampled(est: Estimate) -> str:
    """How much sampling the estimated odds rest on, as a player reads it."""
    if est.walks:
        return f"Markov chains over the consistent deals, worth about {est.effective:,.0f} independent deals"
    if not est.accepted:
        return "no consistent deal could be drawn: the odds are unknown"
    return f"from {plural(est.accepted, 'deal')}"


def facts_text(report: Report) -> Text:
    """The cards placed for certain, beyond the notebook owner's own hand."""
    me = report.log.header.me
    placed: dict[str, list[str]] = {}
    for fact in report.certain:
        if fact.holds and fact.holder != me:
            placed.setdefault(fact.holder, []).append(fact.card)
    out = Text("Certain: ", style="bold")
    if not placed:
        out.append("no card placed yet beyond " + ("my own hand." if me else "what the log says."))
        return out
    out.append("; ".join(f"{holder_label(report, h)} has {', '.join(cards)}" for h, cards in placed.items()) + ".")
    return out


def conflict(report: Report, lines: Sequence[str]) -> Group:
    out = Text("The log contradicts itself: no deal agrees with all of it.\n", style="bold red")
    out.append("These lines cannot all be true (drop any one and the rest agree):\n")
    for n in report.conflict:
        text = lines[n - 1].strip() if 0 < n <= len(lines) else ""
        out.append(f"  line {n}: {text}\n")
    return Group(out)


def why_text(fact: Fact, lines_used: Sequence[int] | None, lines: Sequence[str], probability: float) -> Text:
    if lines_used is None:
        return Text(f"Not certain: {fact} holds in {probability * 100:.1f}% of the consistent deals.")
    out = Text(f"{fact}: certain.\n", style="bold")
    if not lines_used:
        out.append("It follows from the deal itself (hand sizes, one card of each category in the envelope).\n")
        return out
    out.append("These lines force it (drop any one and it no longer follows):\n")
    for n in lines_used:
        text = lines[n - 1].strip() if 0 < n <= len(lines) else ""
        out.append(f"  line {n}: {text}\n")
    out.append("together with the deal itself (hand sizes, one envelope card per category).\n", style="dim")
    return out
