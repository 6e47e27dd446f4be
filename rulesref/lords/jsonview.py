"""Plain dicts of the engine's results for ``--json`` (stable keys, no rich markup)."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from rulesref.core.findings import Finding
from rulesref.lords.actions import ActionResult
from rulesref.lords.board import Lot
from rulesref.lords.gamble import GambleQuote
from rulesref.lords.payout import Payout
from rulesref.lords.state import Casino, State, casinos
from rulesref.lords.track import TrackRun


def reasons(items: tuple[Finding, ...] | list[Finding]) -> list[dict[str, object]]:
    return [r.to_json() for r in items]


def casino(c: Casino) -> dict[str, Any]:
    return {
        "name": c.name,
        "company": c.company.value,
        "colour": c.company.colour,
        "lots": list(c.lots),
        "size": c.size,
        "on_strip": c.on_strip,
        "dice": [{"lot": x, "owner": d.owner, "pips": d.pips} for x, d in c.dice],
        "boss": c.boss.owner,
        "reroll_needed": list(c.boss.tied),
    }


def state(s: State) -> dict[str, Any]:
    return {
        "turn": s.turn,
        "over": s.over,
        "players": [
            {
                "name": p.name,
                "money": p.money,
                "points": p.points,
                "markers": list(s.markers_of(p.name)),
                "dice_on_board": s.dice_on_board(p.name),
            }
            for p in s.players
        ],
        "casinos": [casino(c) for c in casinos(s)],
    }


def track_run(run: TrackRun) -> dict[str, Any]:
    return {
        "start": run.start,
        "end": run.end,
        "lost": run.lost,
        "moves": [{"from": m.start, "points": m.points, "to": m.end, "lost": m.lost} for m in run.moves],
    }


def track_answer(run: TrackRun) -> dict[str, Any]:
    """``lords track --json``: the run and its rule."""
    return {**track_run(run), "rule": run.rule.to_json()}


def lot(x: Lot) -> dict[str, Any]:
    return {
        "lot": x.label,
        "die": x.die,
        "cost": x.cost,
        "sprawl_cost": x.sprawl_cost,
        "setup_value": x.setup_value,
        "card_pays": str(x.pays) if isinstance(x.pays, str) else x.pays.value,
        "strip": x.strip,
    }


def payout(p: Payout) -> dict[str, Any]:
    return {
        "card": p.card,
        "pays": p.pays if isinstance(p.pays, str) else p.pays.value,
        "drawer": p.drawer,
        "takeover": {
            "kind": p.takeover.kind,
            "lot": p.takeover.lot,
            "text": p.takeover.text,
            "rule": p.takeover.rule.to_json(),
        },
        "casinos": [
            {
                **casino(c.casino),
                "money": dict(c.money),
                "points_to": c.boss if c.points else None,
                "points": c.points,
                "note": c.note,
            }
            for c in p.casinos
        ],
        "players": [
            {
                "name": x.name,
                "money_before": x.money_before,
                "lot_income": x.lots,
                "casino_money": x.casinos,
                "money_after": x.money_after,
                "points_before": x.points_before,
                "points_after": x.points_after,
                "track": track_run(x.run),
            }
            for x in p.players
        ],
        "notes": reasons(p.notes),
        "problems": reasons(p.problems),
        "warnings": reasons(p.warnings),
        "draw_again": p.draw_again,
        "winner": p.winner,
        "winners": list(p.winners),
        "game_over": p.game_over,
    }


def action(r: ActionResult) -> dict[str, Any]:
    return r.to_json()


def _frac(f: Fraction) -> dict[str, Any]:
    return {"fraction": str(f), "value": round(float(f), 6)}


def gamble(q: GambleQuote) -> dict[str, Any]:
    out: dict[str, Any] = {
        "gambler": q.gambler,
        "casino": q.casino.name if q.casino else None,
        "boss": q.casino.boss.owner if q.casino else None,
        "bet": q.bet,
        "limit": q.limit,
        "layoff": q.layoff,
        "legal": q.legal,
        "rule": q.rule.to_json(),
        "reasons": reasons(q.reasons),
        "outcomes": [
            {
                "result": s.outcome.name,
                "sums": list(s.outcome.sums),
                "chance": _frac(s.outcome.chance),
                "gambler": s.gambler,
                "boss": s.boss,
                "bank": s.bank,
            }
            for s in q.settlements
        ],
        "win_chance": _frac(q.win_chance),
        "expected_gain": _frac(q.expected),
    }
    if q.roll is not None and q.result is not None:
        out["roll"] = q.roll
        out["result"] = {
            "result": q.result.outcome.name,
            "gambler": q.result.gambler,
            "boss": q.result.boss,
            "bank": q.result.bank,
        }
    return out
