"""What the Clue page shows, gathered from the library (nothing decided here).

:func:`clue_view` reads a session and asks the library for the analysis
(:func:`cluesolver.clue.analysis.report.analyse`), the last line's effect, the accusation
advice, the Lost in Vegas clock and whose turn it is; :func:`record` and :func:`take_back`
write through :mod:`cluesolver.clue.session.store` exactly as ``clue add`` / ``clue undo`` do.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from cluesolver.clue.analysis.report import Report
from cluesolver.clue.record.events import KEYWORDS, GameLog
from cluesolver.clue.record.writer import example_line
from rulesref.core.text import split_lines

if TYPE_CHECKING:
    from cluesolver.clue.advice.accuse import AccuseAdvice
    from cluesolver.clue.analysis.effect import LineEffect
    from cluesolver.clue.record.clock import Clock
    from cluesolver.clue.session.store import Change
    from cluesolver.clue.session.view import Seat, TableView
    from cluesolver.clue.variants.model import EditionRules
    from cluesolver.web.tap_view import TapPad
from rulesref.core.errors import InputError, Problem
from rulesref.core.i18n import _, language, mark

#: The words of a finding's severity, for the catalogue (shown as ``_(severity.value)``).
SEVERITIES = (mark("error"), mark("warning"), mark("note"))


@dataclass(frozen=True)
class Cell:
    holder: str
    probability: float
    mine: bool  # one of the notebook owner's own cards

    @property
    def certain(self) -> bool:
        return self.probability >= 1.0

    @property
    def impossible(self) -> bool:
        return self.probability <= 0.0


@dataclass(frozen=True)
class Row:
    card: str  # the canonical name (what the page sends back)
    cells: tuple[Cell, ...]
    mine: bool
    placed: bool  # some holder is certain
    name: str = ""  # the card as the edition names it in the page's language

    @property
    def shown(self) -> str:
        return self.name or self.card


@dataclass(frozen=True)
class Block:
    category: str
    rows: tuple[Row, ...]


@dataclass(frozen=True)
class ClueView:
    """The page's view of the session: the table's view (:class:`TableView`, worked out here
    in the worker thread) and the notebook grid, odds and entry line around it."""

    path: Path
    version: str
    text_lines: tuple[str, ...]
    table: TableView
    holders: tuple[tuple[str, str], ...]  # (holder id, label)
    blocks: tuple[Block, ...]
    envelope: tuple[tuple[str, tuple[tuple[str, float], ...]], ...]
    accuse: AccuseAdvice | None
    effect: LineEffect | None  # what the last event line changed (None when the log contradicts itself)
    rule_notes: tuple[str, ...]
    clock: Clock | None  # with an edition's clock
    final_bet: AccuseAdvice | None
    players: tuple[Seat, ...]
    rooms: tuple[str, ...]
    room_label: str
    phrases: tuple[str, ...]
    example: str  # a statement in this game's names, for the entry line's placeholder
    pad: TapPad | None = None  # the tap pad's data (None: none is shown)
    codes: tuple[str, ...] = ()  # each holder's label as the narrow notebook header shows it

    @property
    def log(self) -> GameLog:
        return self.table.log

    @property
    def report(self) -> Report:
        return self.table.report

    @property
    def rules(self) -> EditionRules:
        return self.table.rules

    @property
    def last_line(self) -> str | None:
        return self.table.last_said

    @property
    def fact_example(self) -> str:
        """A fact as the why box takes it, in the language spoken (``Dan has Kitchen``)."""
        from cluesolver.clue.record.fact import Fact

        return Fact(self.log.players[-1], self.rooms[0], True).say(self.log.variant)

    def line_text(self, n: int) -> str:
        return self.text_lines[n - 1].strip() if 0 < n <= len(self.text_lines) else ""

    @property
    def event_lines(self) -> tuple[tuple[int, str], ...]:
        """Each event line of the log: its file line number and its text as written."""
        return tuple((e.line, self.line_text(e.line)) for e in self.log.events)

    @property
    def legend(self) -> tuple[tuple[str, str], ...]:
        """(code, label) of the holders whose header is a code."""
        return tuple((c, label) for c, (_, label) in zip(self.codes, self.holders) if c != label)


def version_of(path: Path) -> str:
    """Changes whenever the session file is replaced (the writer renames a new file over it)."""
    try:
        st = os.lstat(path)  # a link swapped in is not followed, not even for its size
    except OSError:
        return "missing"
    return f"{st.st_mtime_ns}-{st.st_size}-{st.st_ino}"


def holder_label(log: GameLog, holder: str) -> str:
    from cluesolver.clue.record.constraints import ENVELOPE

    if holder == ENVELOPE:
        return log.variant.display_envelope().capitalize()
    return holder.removeprefix("table:")


def _known(log: GameLog, reports: Sequence[Report]) -> Report | None:
    """An analysis already made of exactly this log (same header and events), if any."""
    return next((r for r in reports if r.log.header == log.header and r.log.events == log.events), None)


def clue_view(path: Path, known: Sequence[Report] = (), accuse_limit: int = 8) -> ClueView:
    """Everything the Clue page shows for the session at ``path``.

    ``known``: analyses already made (the view shown before, what recording a line
    computed), reused when the log on disk, or the log before its last line, is the
    one they analysed.  ``accuse_limit``: up to this many open
    envelope combinations are each counted exactly for the accusation advice; beyond it
    the advice is the likeliest card of each category with its exact joint chance (the
    advisor's own fallback), which keeps a page update to a few counts.
    """
    from cluesolver.clue.analysis.report import analyse
    from cluesolver.clue.record.constraints import ENVELOPE
    from cluesolver.clue.session.store import read_session
    from cluesolver.clue.session.view import table_view
    from cluesolver.web.tap_view import short_codes, tap_pad

    version = version_of(path)
    text, log = read_session(path)
    report = _known(log, known) or analyse(log)
    before = _known(log.without_last(), known) if log.events else None
    table = table_view(log, report, before=before, accuse_limit=accuse_limit)
    me = log.header.me
    mine = set(log.header.my_cards)
    holders = tuple((h, holder_label(log, h)) for h in report.holders)
    blocks = []
    for cat in log.variant.categories:
        rows = []
        for card in cat.cards:
            cells = tuple(Cell(h, report.probability(h, card), h == me and card in mine) for h, _ in holders)
            rows.append(Row(card, cells, card in mine, any(c.certain for c in cells), log.variant.display_name(card)))
        blocks.append(Block(cat.display_name(), tuple(rows)))
    envelope = tuple(
        (
            cat.display_name(),
            tuple(
                (log.variant.display_name(c), p)
                for c, p in sorted(
                    ((c, report.probability(ENVELOPE, c)) for c in cat.cards if report.probability(ENVELOPE, c) > 0),
                    key=lambda x: -x[1],
                )
            ),
        )
        for cat in log.variant.categories
    )
    from rulesref.cite import said

    effect = table.effect if report.consistent else None
    notes = tuple(
        _("{severity}: {message}").format(severity=_(p.severity.value), message=p.message)
        + (f" {said(p.rule)}" if p.rule else "")
        for p in table.rule_problems
    )
    accuse = table.accusation
    clock = table.clock
    standing = log.variant.standing_category()
    return ClueView(
        path,
        version,
        tuple(split_lines(text)),
        table,
        holders,
        tuple(blocks),
        envelope,
        accuse,
        effect,
        notes,
        clock.clock if clock is not None else None,
        clock.final_bet if clock is not None else None,
        table.seats,
        standing.cards,
        standing.display_name(),
        phrases(log),
        example_line(log),
        tap_pad(log, path.name),
        short_codes(tuple(label for _, label in holders)),
    )


def phrases(log: GameLog) -> tuple[str, ...]:
    """What the entry line completes: players, card names and every alias, table slots, keywords."""
    names: list[str] = list(log.players)
    for card in log.variant.cards:
        names.append(card.name)
        names.extend(card.aliases)
    names.extend(log.table_slots)
    names.extend(KEYWORDS)
    return tuple(sorted(set(names), key=str.casefold))


# ----------------------------------------------------------------------------- writing


def record(path: Path, statement: str, *, force: bool = False) -> Change:
    """Append a statement exactly as ``clue add`` does: the session code's validated,
    locked, atomic :func:`~cluesolver.clue.session.store.add`, refusing a line after which no
    deal agrees with the log (:func:`cluesolver.clue.session.live.refuse_contradiction`, the
    lines it conflicts with) unless ``force``.

    Unlike :func:`cluesolver.clue.session.live.record` it does not analyse the log before and
    after: the page has the analysis before already and makes the one after itself.
    """
    from cluesolver.clue.session import store as S
    from cluesolver.clue.session.live import refuse_contradiction

    new_lines = S.check_statements([statement])

    def allow(before: GameLog, after: GameLog) -> None:
        if not force:
            refuse_contradiction(path, after, new_lines)

    return S.add(path, [statement], allow=allow)


def take_back(path: Path) -> Change:
    """``clue undo``: drop the last event line."""
    from cluesolver.clue.session import store as S

    return S.undo(path)


# ----------------------------------------------------------------------------- why


@dataclass(frozen=True)
class WhyAnswer:
    fact: str
    probability: float
    lines: tuple[tuple[int, str], ...] | None  # the lines forcing it (None: not certain)
    opposite: tuple[tuple[int, str], ...] | None  # for an impossible fact: the lines forcing its opposite


def why_cell(view: ClueView, holder: str, card: str) -> WhyAnswer:
    """Why ``holder`` holds ``card`` is certain (or impossible), or how likely it is."""
    from cluesolver.clue.analysis.report import Fact
    from rulesref.core.names import closest

    ids = [h for h, _ in view.holders]
    labels = {label.casefold(): h for h, label in view.holders}
    h = holder if holder in ids else labels.get(holder.strip().casefold())
    if h is None:
        labels_shown = [x for _h, x in view.holders]
        raise InputError(Problem(_("unknown holder"), text=holder, choices=closest(holder, labels_shown)))
    card_name = view.log.variant.match_card(card)
    return _answer(view, Fact(h, card_name, True))


def why_text(view: ClueView, text: str) -> WhyAnswer:
    """``clue why FACT``: a fact as a player says it ('Dan has Library')."""
    from cluesolver.clue.analysis.explain import parse_fact

    return _answer(view, parse_fact(view.log, text))


def _answer(view: ClueView, fact: object) -> WhyAnswer:
    from cluesolver.clue.analysis.explain import why
    from cluesolver.clue.analysis.report import Fact

    assert isinstance(fact, Fact)
    if not view.report.consistent:
        raise InputError(Problem(_("the log contradicts itself: nothing is certain until the conflict is fixed")))
    p = view.report.probability(fact.holder, fact.card)
    p = p if fact.holds else 1 - p
    used = why(view.log, fact) if p == 1.0 else None
    against = why(view.log, Fact(fact.holder, fact.card, not fact.holds)) if p == 0.0 else None

    def quoted(lines: list[int] | None) -> tuple[tuple[int, str], ...] | None:
        return None if lines is None else tuple((n, view.line_text(n)) for n in lines)

    if language() == "en":
        label = str(fact).replace(fact.holder, fact.holder.removeprefix("table:"), 1)
    else:  # the fact as the language says it, the card by the edition's name there
        label = fact.say(view.log.variant)
    return WhyAnswer(label, p, quoted(used), quoted(against))
