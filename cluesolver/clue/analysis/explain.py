"""Why a fact holds (exact counter), and where a log contradicts itself (CP-SAT).

Each log line becomes an assumption literal that switches its constraints on; the deal
itself (one holder per card, hand sizes, one envelope card per category) is hard.  A
certain fact is explained by the lines that make its negation infeasible; a
contradictory log by the lines that are infeasible together.  Both sets are shrunk
until dropping any one line breaks the conclusion (a minimal set).
"""

from __future__ import annotations

import re
from typing import Any

from cluesolver.clue.record.constraints import (
    ENVELOPE,
    AtLeastOne,
    Has,
    Lacks,
    NotEnvelope,
    Puzzle,
    puzzle_of,
    slot_holder,
)
from cluesolver.clue.record.events import GameLog, typed
from cluesolver.clue.record.fact import Fact
from rulesref.core.errors import InputError, Problem
from rulesref.core.i18n import _
from rulesref.core.text import clip


class _Model:
    def __init__(self, puzzle: Puzzle) -> None:
        from ortools.sat.python import cp_model

        self.cp_model = cp_model
        t = puzzle.table
        m = cp_model.CpModel()
        self.m = m
        self.x = {(c, h): m.new_bool_var(f"{c}@{h}") for c in t.cards for h in t.holders}
        for c in t.cards:
            m.add_exactly_one(self.x[c, h] for h in t.holders)
        for p, size in zip(t.players, t.sizes):
            m.add(sum(self.x[c, p] for c in t.cards) == size)
        for s in t.slots:
            m.add_exactly_one(self.x[c, s] for c in t.cards)
        for _cat, cards in t.categories:
            m.add_exactly_one(self.x[c, ENVELOPE] for c in cards)
        self.lit: dict[int, Any] = {}
        for con in puzzle.constraints:
            for line in con.lines:
                if line not in self.lit:
                    self.lit[line] = m.new_bool_var(f"line{line}")
            a = [self.lit[line] for line in con.lines]
            if isinstance(con, Has):
                m.add_bool_and([self.x[con.card, con.holder]]).only_enforce_if(a)
            elif isinstance(con, Lacks):
                m.add_bool_and([self.x[con.card, con.holder].negated()]).only_enforce_if(a)
            elif isinstance(con, AtLeastOne):
                m.add_bool_or([self.x[c, con.holder] for c in con.cards]).only_enforce_if(a)
            elif isinstance(con, NotEnvelope):
                m.add_bool_or([self.x[c, ENVELOPE].negated() for c in con.cards]).only_enforce_if(a)

    def infeasible(self, lines: list[int]) -> tuple[bool, list[int]]:
        """Whether the model with these lines on is infeasible, and a core of them."""
        cp = self.cp_model
        self.m.clear_assumptions()
        self.m.add_assumptions([self.lit[ln] for ln in lines])
        solver = cp.CpSolver()
        solver.parameters.num_workers = 1
        status = solver.solve(self.m)
        if status != cp.INFEASIBLE:
            return False, []
        by_index = {self.lit[ln].index: ln for ln in lines}
        core = [by_index[i] for i in solver.sufficient_assumptions_for_infeasibility() if i in by_index]
        return True, sorted(core)

    def minimal(self, lines: list[int]) -> list[int]:
        bad, core = self.infeasible(lines)
        if not bad:
            return []
        keep = list(core)
        for ln in list(core):
            if ln not in keep:
                continue
            trial = [k for k in keep if k != ln]
            still, smaller = self.infeasible(trial)
            if still:
                keep = smaller if smaller and set(smaller) <= set(trial) else trial
        return sorted(keep)


def minimal_conflict(log: GameLog) -> list[int]:
    """A minimal set of log lines that cannot all hold together (empty if consistent)."""
    model = _Model(puzzle_of(log))
    return model.minimal(sorted(model.lit))


def why(log: GameLog, fact: Fact) -> list[int] | None:
    """A minimal set of log lines that force ``fact``; ``None`` if it is not certain.

    An empty list means the fact follows from the deal alone (hand sizes, one envelope
    card per category).  Found with the exact counter (:mod:`cluesolver.clue.analysis.forcing`),
    so a question needs no solver.
    """
    from cluesolver.clue.analysis.forcing import forcing_lines

    return forcing_lines(log, fact)


def parse_fact(log: GameLog, text: str, *, max_length: int = 200) -> Fact:
    """Read a fact as a player says it: 'Ben has Knife', 'Ben does not have Knife',
    'Knife is in the envelope', 'Knife is not in the envelope'."""
    raw = typed(text, _("a fact")).strip()
    if len(raw) > max_length:
        too_long = _("a fact is at most {n} characters").format(n=max_length)
        raise InputError(Problem(too_long, text=clip(raw, max_length)))
    holders = {p.casefold(): p for p in log.players}
    holders.update({ENVELOPE: ENVELOPE, "the envelope": ENVELOPE, log.variant.envelope_name.casefold(): ENVELOPE})
    for slot in log.table_slots:
        holders[slot_holder(slot).casefold()] = slot_holder(slot)
        holders[f"{slot} card".casefold()] = slot_holder(slot)
    m = re.fullmatch(r"(?i)(.+?)\s+is\s+(not\s+)?in\s+(?:the\s+)?(.+)", raw)
    if m and m.group(3).strip().casefold() in holders:
        return Fact(holders[m.group(3).strip().casefold()], _card(log, m.group(1)), m.group(2) is None)
    m = re.fullmatch(r"(?i)(.+?)\s+(does not have|doesn't have|doesnt have|has not|lacks|has no|holds no)\s+(.+)", raw)
    if m and m.group(1).strip().casefold() in holders:
        return Fact(holders[m.group(1).strip().casefold()], _card(log, m.group(3)), False)
    m = re.fullmatch(r"(?i)(.+?)\s+(has|holds)\s+(.+)", raw)
    if m and m.group(1).strip().casefold() in holders:
        return Fact(holders[m.group(1).strip().casefold()], _card(log, m.group(3)), True)
    estonian = _estonian_fact(log, raw)
    if estonian is not None:
        return estonian
    said = re.fullmatch(r"(?i)(.+?)\s+(?:does not have|doesn't have|doesnt have|has not|lacks|has|holds)\s+.+", raw)
    if said:  # the shape of a fact, but not a player of this game
        from rulesref.core.names import closest

        who = said.group(1).strip()
        raise InputError(
            Problem(
                _("unknown player in the fact (players: {players})").format(players=", ".join(log.players)),
                text=who,
                choices=tuple(closest(who, log.players)),
            )
        )
    raise InputError(
        Problem(
            _("a fact reads like 'Ben has Knife', 'Ben does not have Knife' or 'Knife is in the envelope'"), text=raw
        )
    )


#: An Estonian fact, as :meth:`~cluesolver.clue.record.fact.Fact.say` says it (``Pistoda on
#: mängija Cat käes``, ``Pistoda pole ümbrikus``, ``Pistoda on laual kohas Jail``) or with
#: the player's name inflected (``Catil on pistoda``, ``Catil pole pistodat``).
_ET_ENVELOPE = re.compile(r"(?i)(.+?)\s+(on|pole|ei ole)\s+ümbrikus")
_ET_PLAYER = re.compile(r"(?i)(.+?)\s+(on|pole|ei ole)\s+mängija\s+(.+?)\s+käes")
_ET_SLOT = re.compile(r"(?i)(.+?)\s+(on|pole|ei ole)\s+laual\s+kohas\s+(.+)")
_ET_HAS = re.compile(r"(?i)(\S+|mängijal\s+.+?)\s+(on|pole|ei ole)\s+(.+)")


def _estonian_fact(log: GameLog, raw: str) -> Fact | None:
    from cluesolver.clue.record.estonian import inflected_player

    if m := _ET_ENVELOPE.fullmatch(raw):
        return Fact(ENVELOPE, _card(log, m.group(1)), m.group(2).casefold() == "on")
    if (m := _ET_PLAYER.fullmatch(raw)) and m.group(3).strip().casefold() in {p.casefold() for p in log.players}:
        player = next(p for p in log.players if p.casefold() == m.group(3).strip().casefold())
        return Fact(player, _card(log, m.group(1)), m.group(2).casefold() == "on")
    if (m := _ET_SLOT.fullmatch(raw)) and m.group(3).strip().casefold() in {s.casefold() for s in log.table_slots}:
        slot = next(s for s in log.table_slots if s.casefold() == m.group(3).strip().casefold())
        return Fact(slot_holder(slot), _card(log, m.group(1)), m.group(2).casefold() == "on")
    m = _ET_HAS.fullmatch(raw)
    found = inflected_player(m.group(1), log.players) if m else None
    if m and found is not None and found[1] == len(m.group(1)):
        return Fact(found[0], _card(log, m.group(3)), m.group(2).casefold() == "on")
    return None


def _card(log: GameLog, text: str) -> str:
    try:
        return log.variant.match_card(text)
    except InputError as exc:
        if len(found := log.variant.inflected(text)) == 1:  # Estonian: 'pistodat'
            return found[0]
        p = exc.problems()[0]
        raise InputError(Problem(p.message, text=text.strip(), choices=p.choices)) from None


__all__ = ["minimal_conflict", "parse_fact", "why"]
