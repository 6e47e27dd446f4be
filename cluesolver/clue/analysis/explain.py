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
        for _, cards in t.categories:
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
    raw = typed(text, "a fact").strip()
    if len(raw) > max_length:
        raise InputError(Problem(f"a fact is at most {max_length} characters", text=clip(raw, max_length)))
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
    said = re.fullmatch(r"(?i)(.+?)\s+(?:does not have|doesn't have|doesnt have|has not|lacks|has|holds)\s+.+", raw)
    if said:  # the shape of a fact, but not a player of this game
        from rulesref.core.names import closest

        who = said.group(1).strip()
        raise InputError(
            Problem(
                f"unknown player in the fact (players: {', '.join(log.players)})",
                text=who,
                choices=tuple(closest(who, log.players)),
            )
        )
    raise InputError(
        Problem("a fact reads like 'Ben has Knife', 'Ben does not have Knife' or 'Knife is in the envelope'", text=raw)
    )


def _card(log: GameLog, text: str) -> str:
    try:
        return log.variant.match_card(text)
    except InputError as exc:
        p = exc.problems()[0]
        raise InputError(Problem(p.message, text=text.strip(), choices=p.choices)) from None


__all__ = ["minimal_conflict", "parse_fact", "why"]
