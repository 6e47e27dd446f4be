"""Rich renderings for the live companion: what a line changed, advice, the clock, checks.

Readable without colour: every cell carries its meaning in text.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cluesolver.cli.sheet import Table, Text
from rulesref.core.text import percent, plural

if TYPE_CHECKING:
    from collections.abc import Sequence

    from cluesolver.clue.advice.accuse import AccuseAdvice
    from cluesolver.clue.advice.suggestions import Ranking
    from cluesolver.clue.advice.threat import Threat
    from cluesolver.clue.analysis.effect import LineEffect
    from cluesolver.clue.record.clock import Clock
    from cluesolver.clue.session.store import SessionInfo
    from rulesref.core.findings import CheckReport

ENVELOPE = "envelope"  # the envelope's holder name (cluesolver.clue.record.constraints.ENVELOPE)


def pct(p: float) -> str:
    return percent(p)


def _holder(h: str) -> str:
    if h == ENVELOPE:
        return "envelope"
    return h.split(":", 1)[1] + " (table)" if h.startswith("table:") else h


def effect_text(effect: LineEffect, statement: str | None = None) -> Text:
    out = Text()
    if statement:
        out.append(f"Recorded: {statement}\n", style="bold")
    out.append(f"Deals agreeing with the log: {effect.deals_before:,} -> {effect.deals_after:,}\n")
    if effect.newly_solved:
        out.append(f"Settled: {', '.join(effect.newly_solved)}\n", style="bold green")
    if effect.new_facts:
        out.append("New certain facts:\n", style="bold")
        for f in effect.new_facts:
            out.append(f"  {f}\n")
    else:
        out.append("No new certain facts.\n")
    if effect.moves:
        out.append("Biggest moves:\n", style="bold")
        for m in effect.moves:
            where = f"{m.card} in the envelope" if m.holder == ENVELOPE else f"{_holder(m.holder)} has {m.card}"
            out.append(f"  {where}: {pct(m.before)} -> {pct(m.after)}\n")
    return out


def ranking_table(r: Ranking, categories: list[str], width: int = 80) -> Table | Text:
    """The ranking as a table, or as a list when the terminal is narrower than ``width`` 64."""
    where = f" in the {r.room}" if r.room else ""
    title = f"Best suggestions for {r.player}{where} (envelope uncertainty now {r.bits_now:.2f} bits)"
    if width < 64:
        out = Text(title + "\n", style="bold")
        for i, a in enumerate(r.advice, 1):
            mark = "" if a.exact else "~"
            out.append(f"{i}. {', '.join(a.cards)}\n")
            out.append(
                f"   Value {mark}{a.value:.2f}, Gain {mark}{a.expected_bits:.2f}, Settles {pct(a.settle_chance)}, "
                f"No show {pct(a.nobody_shows)}\n"
            )
        out.append(_ranking_caption(r))
        return out
    table = Table(title=Text(title), header_style="bold")
    table.add_column("#", justify="right", no_wrap=True)
    table.add_column(Text(" / ".join(c.title() for c in categories)), min_width=12)
    table.add_column("Value", justify="right", no_wrap=True, min_width=5)
    table.add_column("Gain", justify="right", no_wrap=True, min_width=5)
    table.add_column("Settles", justify="right", no_wrap=True, min_width=4)
    table.add_column("No show", justify="right", no_wrap=True, min_width=4)
    for i, a in enumerate(r.advice, 1):
        mark = "" if a.exact else "~"
        table.add_row(
            str(i),
            Text(", ".join(a.cards)),
            f"{mark}{a.value:.2f}",
            f"{mark}{a.expected_bits:.2f}",
            pct(a.settle_chance),
            pct(a.nobody_shows),
        )
    table.caption = _ranking_caption(r)
    return table


def _ranking_caption(r: Ranking) -> str:
    counted = (
        f"all {plural(r.deals_used, 'consistent deal')} (exact)"
        if r.all_deals
        else f"{plural(r.deals_used, 'deal')} drawn uniformly from the consistent ones; "
        + ("the draws' best suggestion" if r.rescored == 1 else f"the draws' best {r.rescored} suggestions")
        + f" then counted exactly: {_exact_rows(r)}; ~ marks estimates"
    )
    return (
        f"Sorted by Value: the expected drop of the envelope's uncertainty, a bit counting more in the category "
        f"furthest from settled, plus envelope cards expected to be ruled out and some weight on what the answer "
        f"tells about the suggested cards' holders. Gain: expected bits learnt about the envelope. "
        f"Settles: chance the answer settles a category; No show: "
        f"chance nobody shows. All {r.evaluated} allowed suggestions scored on {counted}."
    )


def _exact_rows(r: Ranking) -> str:
    """Which rows of the table were counted exactly (they need not be the top ones: an exact
    count can move a suggestion below estimates)."""
    rows = [str(i) for i, a in enumerate(r.advice, 1) if a.exact]
    if not rows:
        return "none of them among the rows shown"
    return ("row " if len(rows) == 1 else "rows ") + ", ".join(rows)


def accuse_text(a: AccuseAdvice, word: str = "accusation") -> Text:
    out = Text()
    if a.winner is not None:
        out.append(f"The game is over: {a.winner} accused correctly. No more {word}s.\n", style="bold")
        return out
    if a.out_of_game:
        out.append(f"{a.player} is already out after a wrong {word}: no second one.\n", style="bold red")
        return out
    if not a.cards:
        out.append("The log contradicts itself: fix it before accusing.\n", style="bold red")
        return out
    if a.certain:
        out.append(f"ACCUSE NOW: {', '.join(a.cards)} (certain).\n", style="bold green")
        return out
    out.append(
        f"Not certain yet. Best guess: {', '.join(a.cards)}, right {pct(a.probability)} of the time; "
        f"risk of being out: {pct(a.risk)}.\n",
        style="bold",
    )
    if a.open_combinations is not None:
        n = a.open_combinations
        out.append(f"{plural(n, 'combination')} {'is' if n == 1 else 'are'} still possible.\n")
    else:
        out.append("Too many combinations are still possible to list them all.\n")
    about = "" if a.exact_odds else " (estimated on sampled deals)"
    for cards, p in a.runners_up:
        out.append(f"  then {', '.join(cards)}: {pct(p)}{about}\n")
    t = a.timing
    if t is None:
        return out
    out.append(threat_text(t.threats, t.turns_until))
    out.append(
        f"Chance an opponent accuses correctly before your next turn: {pct(t.danger)}; after your best next "
        f"suggestion the best guess is right {pct(t.after_next)} on average, so waiting wins about "
        f"{pct(t.wait_value)} against {pct(t.probability)} now.\n"
    )
    advice = {
        "accuse": (f"Advice: make the {word} now with the best guess.", "bold yellow"),
        "wait": ("Advice: wait and gather more answers.", "bold"),
        "suggest-first": ("Advice: suggest first (nobody moves before the answer), then ask again.", "bold"),
        "final-bet": ("Advice: time is up - write the best guess as your final bet.", "bold yellow"),
    }
    text, style = advice.get(t.decision, ("Advice: wait.", "bold"))
    out.append(text + "\n", style=style)
    return out


def threat_text(threats: Sequence[Threat], turns_until: dict[str, int] | None = None) -> Text:
    """Each opponent's chance of already knowing the envelope (and when they move)."""
    out = Text("Opponents who can already name the envelope:\n")
    for t in threats:
        if t.out:
            out.append(f"  {t.player}: out\n")
            continue
        when = ""
        if turns_until and t.player in turns_until:
            n = turns_until[t.player]
            when = f" (moves in {n} turn{'s' if n != 1 else ''})"
        how = "" if t.exact else f" (on {plural(t.deals, 'sampled deal')})"
        if t.lower_bound:
            how = f" or more (on {plural(t.deals, 'deal')}; some notebooks too costly to count)"
        out.append(f"  {t.player}: {pct(t.probability)}{how}{when}\n")
    return out


def clock_text(c: Clock, best: AccuseAdvice | None = None) -> Text:
    source = "from the round markers" if c.from_markers else "inferred from the turns in the log"
    out = Text(f"Clock: {c.label} ({plural(c.rounds_done, 'full round')}, {source}); ", style="bold")
    if c.winner:
        out.append(f"{c.winner} found Buddy: the game is over.\n")
        return out
    if c.time_up:
        out.append("4 PM: time is up. Everyone still in writes a final bet.\n", style="bold red")
    elif c.last_round:
        out.append("the last round before 4 PM: go all in now or prepare a final bet.\n", style="bold yellow")
    else:
        out.append(f"{plural(c.rounds_left, 'round')} left before 4 PM.\n")
    parts = []
    for p in c.players:
        state = "out" if p.out else ("all in used" if p.all_in_line else "all in available")
        parts.append(f"{p.name}: {p.bets} bet{'' if p.bets == 1 else 's'}, {state}")
    out.append("  " + "; ".join(parts) + "\n")
    if best is not None and (c.time_up or c.last_round) and best.cards:
        out.append(f"Best final bet: {', '.join(best.cards)} ({pct(best.probability)}).\n", style="bold")
    return out


def check_table(report: CheckReport) -> Table | Text:
    """A rules check: one row per finding (line, severity, problem, rule), or one line when clean."""
    where = report.path or "log"
    if not report.findings:
        events = report.summary.get("events", 0)
        return Text(f"{where}: no rule problems in {plural(events if isinstance(events, int) else 0, 'event')}.")
    table = Table(
        title=Text(f"{where}: {plural(len(report.errors), 'error')}, {plural(len(report.warnings), 'warning')}"),
        header_style="bold",
        show_lines=True,
    )
    table.add_column("Line", justify="right")
    table.add_column("Severity")
    table.add_column("Problem")
    table.add_column("Rule")
    for f in report.findings:
        sev = Text(f.severity.value.upper(), style="bold red" if f.is_error else "yellow")
        msg = f.message + (f"\n> {f.text}" if f.text else "")
        table.add_row(str(f.line or ""), sev, Text(msg), Text(str(f.rule or "")))
    return table


def sessions_table(items: list[SessionInfo]) -> Table | Text:
    if not items:
        return Text("No sessions yet: start one with 'cluesolver clue new'.")
    table = Table(title="Sessions", header_style="bold")
    table.add_column("")
    table.add_column("Name")
    table.add_column("Game")
    table.add_column("Players")
    table.add_column("Events", justify="right")
    for s in items:
        cells = (
            "*" if s.current else "",
            s.name,
            s.game or "(unreadable)",
            ", ".join(s.players) if not s.error else s.error,
            str(s.events),
        )
        table.add_row(*(Text(c) for c in cells))
    return table
