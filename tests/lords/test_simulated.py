"""Whole random games played with the engine, written as logs, and replayed.

A game is played by choosing random legal moves (every action is tried through the engine
and kept only when legal); every step is written in the log format.  Replaying that text
must find no rule problem and reach the same table, which ties the log format, the replay
and the engine together.  Money bookkeeping is checked on every payout.
"""

from __future__ import annotations

import random

import pytest

from rulesref.lords import actions
from rulesref.lords.board import END, Company, lot, lots
from rulesref.lords.gamble import gamble
from rulesref.lords.gamelog import parse_log
from rulesref.lords.notation import format_rolls
from rulesref.lords.payout import Payout, draw, paying
from rulesref.lords.replay import replay
from rulesref.lords.state import Player, State, ties
from rulesref.lords.trading import trade

NAMES = ("Ana", "Ben", "Cleo", "Dev")


def _roll_ties(state: State, rng: random.Random) -> list[dict[str, int]]:
    out = []
    for c in ties(state):
        out.append({x: rng.randint(1, 6) for x in c.boss.tied})
    return out


def _resolve(state: State, rng: random.Random, log: list[str]) -> State:
    while ties(state):
        c = ties(state)[0]
        rolls = {x: rng.randint(1, 6) for x in c.boss.tied}
        result = actions.reroll(state, c.lots[0], rolls)
        assert result.legal and result.state is not None
        state = result.state
        log.append("reroll " + format_rolls(rolls).replace(",", " "))
    return state


def _draw(state: State, card: str, who: str, rng: random.Random) -> tuple[Payout, list[dict[str, int]], str]:
    """Draw with the rerolls its take-over needs; the tile a die comes from when all are out."""
    rerolls: list[dict[str, int]] = []
    src = None
    if state.dice_on_board(who) >= 12:
        src = rng.choice([x for x, t in state.tiles.items() if t.die and t.die.owner == who and x != card])
    while True:
        p = draw(state, card, who, rerolls=rerolls, die_from=src)
        assert not p.problems, p.problems
        pending = _roll_ties(p.state, rng)
        if not pending:
            return p, rerolls, f" from {src}" if src else ""
        rerolls.append(pending[0])


def _check_money(before: State, p: Payout) -> None:
    lots_paid = len(before.markers) + (1 if p.takeover.kind == "marker" else 0)
    pips = sum(c.pips for c in paying(p.state, p.pays))
    assert sum(x.money_after - x.money_before for x in p.players) == lots_paid + pips


def _candidate(state: State, who: str, kind: str, rng: random.Random) -> str:
    """A lot where the action has a fair chance to be legal (and sometimes any lot)."""
    from rulesref.lords.board import neighbours
    from rulesref.lords.state import casinos

    mine = [c for c in casinos(state) if c.boss.owner == who]
    if kind == "build" and state.markers_of(who) and rng.random() < 0.9:
        return rng.choice(state.markers_of(who))
    if kind == "sprawl" and mine and rng.random() < 0.9:
        near = sorted({n for c in mine for x in c.lots for n in neighbours(x)})
        return rng.choice(near)
    if kind == "remodel" and mine:
        return rng.choice(mine).lots[0]
    if kind in ("reorganize", "gamble") and casinos(state):
        return rng.choice(casinos(state)).lots[0]
    return rng.choice(list(lots()))


def _try_actions(state: State, who: str, rng: random.Random, log: list[str]) -> State:
    for _ in range(rng.randint(0, 8)):
        kind = rng.choice(["build", "build", "build", "sprawl", "sprawl", "remodel", "reorganize", "gamble", "trade"])
        colour = rng.choice(list(Company))
        label = _candidate(state, who, kind, rng)
        src = None
        if state.dice_on_board(who) >= 12 and kind in ("build", "sprawl"):
            src = rng.choice([x for x, t in state.tiles.items() if t.die and t.die.owner == who])
        tail = f" from {src}" if src else ""
        if kind == "build":
            r = actions.build(state, who, label, colour, src)
            line = f"build {label} {colour.colour}{tail}"
        elif kind == "sprawl":
            r = actions.sprawl(state, who, label, None, src)
            line = f"sprawl {label}{tail}"
        elif kind == "remodel":
            r = actions.remodel(state, who, label, colour)
            line = f"remodel {label} {colour.colour}"
        elif kind == "reorganize":
            casino = state.casino_at(label)
            rolls = {x: rng.randint(1, 6) for x, _ in casino.dice} if casino else {}
            r = actions.reorganize(state, who, label, rolls)
            line = f"reorganize {label}: " + format_rolls(rolls).replace(",", " ")
        elif kind == "gamble":
            bet, roll = rng.randint(1, 15), rng.randint(1, 6) + rng.randint(1, 6)
            q = gamble(state, who, label, bet, roll=roll, layoff=rng.random() < 0.3)
            if q.legal and q.state is not None:
                state = q.state
                log.append(f"gamble {label} {bet} roll {roll}" + (" layoff" if q.layoff else ""))
            continue
        else:
            other = rng.choice([n for n in state.names if n != who])
            money = rng.randint(0, 3)
            mine = state.markers_of(who)
            give = (rng.choice(mine),) if mine and rng.random() < 0.5 else ()
            r = trade(state, who, other, money=money, lots=give)
            items = ([f"${money}"] if money else []) + [f"lot {x}" for x in give]
            if not items:
                continue
            line = f"trade {who} -> {other}: {', '.join(items)}"
        if r.legal and r.state is not None:
            state = r.state
            log.append(line)
            state = _resolve(state, rng, log)
    return state


def play(seed: int) -> tuple[str, State]:
    rng = random.Random(seed)
    names = NAMES[: rng.randint(2, 4)]
    two = len(names) == 2
    deck = list(lots())
    rng.shuffle(deck)
    log = ["game: lords-of-vegas", f"players: {', '.join(names)}"]
    state = State(players=tuple(Player(n, 0) for n in names))
    for n in names:
        cards = []
        while len(cards) < 2:
            c = deck.pop()
            if two and lot(c).block == "F":
                deck.insert(0, c)
                continue
            cards.append(c)
        state = state.with_player(n, money=sum(lot(c).setup_value for c in cards))
        for c in cards:
            state = state.with_marker(c, n)
        state = State(players=state.players, markers=state.markers, drawn=state.drawn + tuple(cards))
        log.append(f"start {n}: {' '.join(cards)}")
    deck.insert(rng.randint(0, len(deck) // 4), END)  # the deck is drawn from the end
    turn = rng.randrange(len(names))
    while deck and not state.over:
        who = names[turn % len(names)]
        card = deck.pop()
        p, rerolls, tail = _draw(state, card, who, rng)
        _check_money(state, p)
        log.append(f"turn {who} draws {card}{tail}")
        log += ["reroll " + format_rolls(r).replace(",", " ") for r in rerolls]
        state = p.state
        while p.draw_again and deck and not state.over:
            card = deck.pop()
            p, rerolls, tail = _draw(state, card, who, rng)
            log.append(f"draw {card}{tail}")
            log += ["reroll " + format_rolls(r).replace(",", " ") for r in rerolls]
            state = p.state
        if not state.over:
            state = _try_actions(state, who, rng, log)
        turn += 1
    for pl in state.players:
        log.append(f"final {pl.name}: {pl.points} points ${pl.money}")
    return "\n".join(log) + "\n", state


@pytest.mark.parametrize("seed", range(12))
def test_random_game_replays_cleanly(seed: int) -> None:
    text, final = play(seed)
    r = replay(parse_log(text, f"seed-{seed}.lov"))
    assert [(s.line, p.message) for s, p in r.problems] == []
    assert r.differences == ()
    assert r.state.players == final.players and dict(r.state.tiles) == dict(final.tiles)
    assert dict(r.state.markers) == dict(final.markers)
