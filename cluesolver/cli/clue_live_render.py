"""Rich renderings for the live companion: what a line changed, advice, the clock, checks.

Readable without colour: every cell carries its meaning in text.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cluesolver.cli.sheet import Table, Text
from rulesref.core.i18n import _, mark, n_, number
from rulesref.core.text import percent

if TYPE_CHECKING:
    from collections.abc import Sequence

    from cluesolver.clue.advice.accuse import AccuseAdvice
    from cluesolver.clue.advice.suggestions import Ranking
    from cluesolver.clue.advice.threat import Threat
    from cluesolver.clue.analysis.effect import LineEffect
    from cluesolver.clue.record.clock import Clock
    from cluesolver.clue.session.store import SessionInfo
    from cluesolver.clue.variants import Variant
    from rulesref.core.findings import CheckReport

ENVELOPE = "envelope"  # the envelope's holder name (cluesolver.clue.record.constraints.ENVELOPE)


def pct(p: float) -> str:
    return percent(p)


def _where(holder: str, card: str) -> str:
    """``Knife in the envelope``, ``Cat has Knife``, ``Jail (table) has Knife``."""
    if holder == ENVELOPE:
        return _("{card} in the envelope").format(card=card)
    if holder.startswith("table:"):
        return _("{slot} (table) has {card}").format(slot=holder.split(":", 1)[1], card=card)
    return _("{player} has {card}").format(player=holder, card=card)


def _category_word(variant: Variant, ident: str) -> str:
    """A category as a sentence names it: its id in English (``suspect``), else its name there."""
    from rulesref.core.i18n import language

    if language() == "en":
        return ident
    cat = next((c for c in variant.categories if c.id == ident), None)
    return ident if cat is None else cat.display_name().lower()


def effect_text(effect: LineEffect, variant: Variant, statement: str | None = None) -> Text:
    out = Text()
    if statement:
        out.append(_("Recorded: {statement}").format(statement=statement) + "\n", style="bold")
    out.append(
        _("Deals agreeing with the log: {before} -> {after}").format(
            before=number(effect.deals_before), after=number(effect.deals_after)
        )
        + "\n"
    )
    if effect.newly_solved:
        settled = ", ".join(_category_word(variant, ident) for ident in effect.newly_solved)
        out.append(_("Settled: {cards}").format(cards=settled) + "\n", style="bold green")
    if effect.new_facts:
        out.append(_("New certain facts:") + "\n", style="bold")
        for f in effect.new_facts:
            out.append(f"  {f.say(variant)}\n")
    else:
        out.append(_("No new certain facts.") + "\n")
    if effect.moves:
        out.append(_("Biggest moves:") + "\n", style="bold")
        for m in effect.moves:
            where = _where(m.holder, variant.display_name(m.card))
            out.append(f"  {where}: {pct(m.before)} -> {pct(m.after)}\n")
    return out


def ranking_table(r: Ranking, variant: Variant, width: int = 80) -> Table | Text:
    """The ranking as a table, or as a list when the terminal is narrower than ``width`` 64."""
    bits = number(r.bits_now, ".2f")
    if r.room:
        title = _("Best suggestions for {player} in the {room} (envelope uncertainty now {bits} bits)").format(
            player=r.player, room=variant.display_name(r.room), bits=bits
        )
    else:
        title = _("Best suggestions for {player} (envelope uncertainty now {bits} bits)").format(
            player=r.player, bits=bits
        )
    if width < 64:
        out = Text(title + "\n", style="bold")
        for i, a in enumerate(r.advice, 1):
            mark = "" if a.exact else "~"
            out.append(f"{i}. {', '.join(variant.display_names(a.cards))}\n")
            said = _("Value {value}, Gain {gain}, Settles {settles}, No show {no_show}").format(
                value=mark + number(a.value, ".2f"),
                gain=mark + number(a.expected_bits, ".2f"),
                settles=pct(a.settle_chance),
                no_show=pct(a.nobody_shows),
            )
            out.append(f"   {said}\n")
        out.append(_ranking_caption(r))
        return out
    table = Table(title=Text(title), header_style="bold")
    table.add_column("#", justify="right", no_wrap=True)
    table.add_column(Text(" / ".join(c.display_name().title() for c in variant.categories)), min_width=12)
    table.add_column(_("Value"), justify="right", no_wrap=True, min_width=5)
    table.add_column(_("Gain"), justify="right", no_wrap=True, min_width=5)
    table.add_column(_("Settles"), justify="right", no_wrap=True, min_width=4)
    table.add_column(_("No show"), justify="right", no_wrap=True, min_width=4)
    for i, a in enumerate(r.advice, 1):
        mark = "" if a.exact else "~"
        table.add_row(
            str(i),
            Text(", ".join(variant.display_names(a.cards))),
            mark + number(a.value, ".2f"),
            mark + number(a.expected_bits, ".2f"),
            pct(a.settle_chance),
            pct(a.nobody_shows),
        )
    table.caption = _ranking_caption(r)
    return table


def _ranking_caption(r: Ranking) -> str:
    if r.all_deals:
        counted = n_("all {n} consistent deal (exact)", "all {n} consistent deals (exact)", r.deals_used).format(
            n=number(r.deals_used)
        )
    else:
        drawn = n_(
            "{n} deal drawn uniformly from the consistent ones",
            "{n} deals drawn uniformly from the consistent ones",
            r.deals_used,
        ).format(n=number(r.deals_used))
        best = n_(
            "the draws' best suggestion then counted exactly: {rows}",
            "the draws' best {n} suggestions then counted exactly: {rows}",
            r.rescored,
        ).format(n=r.rescored, rows=_exact_rows(r))
        counted = _("{drawn}; {best}; ~ marks estimates").format(drawn=drawn, best=best)
    return _(
        "Sorted by Value: the expected drop of the envelope's uncertainty, a bit counting more in the category "
        "furthest from settled, plus envelope cards expected to be ruled out and some weight on what the answer "
        "tells about the suggested cards' holders. Gain: expected bits learnt about the envelope. "
        "Settles: chance the answer settles a category; No show: "
        "chance nobody shows. All {evaluated} allowed suggestions scored on {counted}."
    ).format(evaluated=r.evaluated, counted=counted)


def _exact_rows(r: Ranking) -> str:
    """Which rows of the table were counted exactly (they need not be the top ones: an exact
    count can move a suggestion below estimates)."""
    rows = [str(i) for i, a in enumerate(r.advice, 1) if a.exact]
    if not rows:
        return _("none of them among the rows shown")
    return n_("row {rows}", "rows {rows}", len(rows)).format(rows=", ".join(rows))


def accuse_text(a: AccuseAdvice, variant: Variant) -> Text:
    word = variant.rules.accusation_word
    all_in = word == "all-in"  # the edition's own sentences (Lost in Vegas), else the word in the general ones
    shown = _(word)  # the built-in words are in the catalogue (ACCUSATION_WORDS)
    cards = ", ".join(variant.display_names(a.cards))
    out = Text()
    if a.winner is not None:
        said = (
            _("The game is over: {winner} accused correctly. No more all-ins.")
            if all_in
            else _("The game is over: {winner} accused correctly. No more {word}s.")
        )
        out.append(said.format(winner=a.winner, word=shown) + "\n", style="bold")
        return out
    if a.out_of_game:
        said = (
            _("{player} is already out after a wrong all-in: no second one.")
            if all_in
            else _("{player} is already out after a wrong {word}: no second one.")
        )
        out.append(said.format(player=a.player, word=shown) + "\n", style="bold red")
        return out
    if not a.cards:
        out.append(_("The log contradicts itself: fix it before accusing.") + "\n", style="bold red")
        return out
    if a.certain:
        out.append(_("ACCUSE NOW: {cards} (certain).").format(cards=cards) + "\n", style="bold green")
        return out
    out.append(
        _("Not certain yet. Best guess: {cards}, right {percent} of the time; risk of being out: {risk}.").format(
            cards=cards, percent=pct(a.probability), risk=pct(a.risk)
        )
        + "\n",
        style="bold",
    )
    if a.open_combinations is not None:
        n = a.open_combinations
        said = n_("{n} combination is still possible.", "{n} combinations are still possible.", n)
        out.append(said.format(n=number(n)) + "\n")
    else:
        out.append(_("Too many combinations are still possible to list them all.") + "\n")
    for others, p in a.runners_up:
        said = (
            _("then {cards}: {percent}") if a.exact_odds else _("then {cards}: {percent} (estimated on sampled deals)")
        )
        out.append("  " + said.format(cards=", ".join(variant.display_names(others)), percent=pct(p)) + "\n")
    t = a.timing
    if t is None:
        return out
    out.append(threat_text(t.threats, t.turns_until))
    out.append(
        _(
            "Chance an opponent accuses correctly before your next turn: {danger}; after your best next "
            "suggestion the best guess is right {after} on average, so waiting wins about "
            "{wait} against {now} now."
        ).format(danger=pct(t.danger), after=pct(t.after_next), wait=pct(t.wait_value), now=pct(t.probability))
        + "\n"
    )
    advice = {
        "accuse": (
            _("Advice: make the all-in now with the best guess.")
            if all_in
            else _("Advice: make the {word} now with the best guess.").format(word=shown),
            "bold yellow",
        ),
        "wait": (_("Advice: wait and gather more answers."), "bold"),
        "suggest-first": (_("Advice: suggest first (nobody moves before the answer), then ask again."), "bold"),
        "final-bet": (_("Advice: time is up - write the best guess as your final bet."), "bold yellow"),
    }
    text, style = advice.get(t.decision, (_("Advice: wait."), "bold"))
    out.append(text + "\n", style=style)
    return out


#: The accusation words of the built-in editions (``EditionRules.accusation_word``), for the catalogue.
ACCUSATION_WORDS = (mark("accusation"), mark("all-in"))


def threat_text(threats: Sequence[Threat], turns_until: dict[str, int] | None = None) -> Text:
    """Each opponent's chance of already knowing the envelope (and when they move)."""
    out = Text(_("Opponents who can already name the envelope:") + "\n")
    for t in threats:
        if t.out:
            out.append("  " + _("{player}: out").format(player=t.player) + "\n")
            continue
        when = ""
        if turns_until and t.player in turns_until:
            n = turns_until[t.player]
            when = n_(" (moves in {n} turn)", " (moves in {n} turns)", n).format(n=n)
        how = (
            ""
            if t.exact
            else n_(" (on {n} sampled deal)", " (on {n} sampled deals)", t.deals).format(n=number(t.deals))
        )
        if t.lower_bound:
            how = n_(
                " or more (on {n} deal; some notebooks too costly to count)",
                " or more (on {n} deals; some notebooks too costly to count)",
                t.deals,
            ).format(n=number(t.deals))
        out.append(f"  {t.player}: {pct(t.probability)}{how}{when}\n")
    return out


def _hour(c: Clock) -> str:
    """The clock's time as the language tells it (``2 PM``; Estonian ``14:00``)."""
    from rulesref.core.i18n import language

    return c.label if language() == "en" else f"{c.hour % 24}:00"


def clock_text(c: Clock, variant: Variant, best: AccuseAdvice | None = None) -> Text:
    source = _("from the round markers") if c.from_markers else _("inferred from the turns in the log")
    rounds = n_("{n} full round", "{n} full rounds", c.rounds_done).format(n=c.rounds_done)
    out = Text(
        _("Clock: {time} ({rounds}, {source}); ").format(time=_hour(c), rounds=rounds, source=source), style="bold"
    )
    if c.winner:
        out.append(_("{winner} found Buddy: the game is over.").format(winner=c.winner) + "\n")
        return out
    if c.time_up:
        out.append(_("4 PM: time is up. Everyone still in writes a final bet.") + "\n", style="bold red")
    elif c.last_round:
        out.append(_("the last round before 4 PM: go all in now or prepare a final bet.") + "\n", style="bold yellow")
    else:
        out.append(
            n_("{n} round left before 4 PM.", "{n} rounds left before 4 PM.", c.rounds_left).format(n=c.rounds_left)
            + "\n"
        )
    parts = []
    for p in c.players:
        state = _("out") if p.out else (_("all in used") if p.all_in_line else _("all in available"))
        bets = n_("{n} bet", "{n} bets", p.bets).format(n=p.bets)
        parts.append(_("{player}: {bets}, {state}").format(player=p.name, bets=bets, state=state))
    out.append("  " + "; ".join(parts) + "\n")
    if best is not None and (c.time_up or c.last_round) and best.cards:
        said = _("Best final bet: {cards} ({percent}).").format(
            cards=", ".join(variant.display_names(best.cards)), percent=pct(best.probability)
        )
        out.append(said + "\n", style="bold")
    return out


def check_table(report: CheckReport) -> Table | Text:
    """A rules check: one row per finding (line, severity, problem, rule), or one line when clean."""
    from rulesref.cite import said

    where = report.path or _("log")
    if not report.findings:
        events = report.summary.get("events", 0)
        n = events if isinstance(events, int) else 0
        clean = n_("{where}: no rule problems in {n} event.", "{where}: no rule problems in {n} events.", n)
        return Text(clean.format(where=where, n=number(n)))
    errors = n_("{n} error", "{n} errors", len(report.errors)).format(n=number(len(report.errors)))
    warnings = n_("{n} warning", "{n} warnings", len(report.warnings)).format(n=number(len(report.warnings)))
    table = Table(title=Text(f"{where}: {errors}, {warnings}"), header_style="bold", show_lines=True)
    table.add_column(_("Line"), justify="right")
    table.add_column(_("Severity"))
    table.add_column(_("Problem"))
    table.add_column(_("Rule"))
    for f in report.findings:
        sev = Text(_(f.severity.value).upper(), style="bold red" if f.is_error else "yellow")
        msg = f.message + (f"\n> {f.text}" if f.text else "")
        table.add_row(str(f.line or ""), sev, Text(msg), Text(said(f.rule) if f.rule is not None else ""))
    return table


#: The severities of a finding (``rulesref.core.findings.Severity``), for the catalogue.
SEVERITIES = (mark("error"), mark("warning"), mark("note"))


def sessions_table(items: list[SessionInfo]) -> Table | Text:
    if not items:
        return Text(_("No sessions yet: start one with 'cluesolver clue new'."))
    table = Table(title=_("Sessions"), header_style="bold")
    table.add_column("")
    table.add_column(_("Name"))
    table.add_column(_("Game"))
    table.add_column(_("Players"))
    table.add_column(_("Events"), justify="right")
    for s in items:
        cells = (
            "*" if s.current else "",
            s.name,
            s.game or _("(unreadable)"),
            ", ".join(s.players) if not s.error else s.error,
            str(s.events),
        )
        table.add_row(*(Text(c) for c in cells))
    return table
