"""Plain JSON-ready dicts for the engine's results.  Money leaves as whole dollars."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rulesref.book import section
from rulesref.core.findings import Citation
from rulesref.las_vegas.editions import RULES
from rulesref.las_vegas.model import HOUSE
from rulesref.las_vegas.notation import format_stake
from rulesref.las_vegas.payout import CasinoPayout
from rulesref.las_vegas.scoring import Replay, RoundResult, Standing


def usd(thousands: int) -> int:
    return thousands * 1000


def citations(cs: Sequence[Citation]) -> list[dict[str, str]]:
    """Citations, each with the section's ``unconfirmed`` note when it has one."""
    out = []
    for c in cs:
        item = c.to_json()
        note = section(c.id).unconfirmed
        if note:
            item["unconfirmed"] = note
        out.append(item)
    return out


def payout_json(p: CasinoPayout) -> dict[str, Any]:
    return {
        "casino": p.casino,
        "money": [usd(v) for v in p.money],
        "participants": [
            {
                "name": e.participant,
                "house": e.participant == HOUSE,
                "dice": format_stake(e.stake).split("=", 1)[1],
                "count": e.count,
                "outcome": e.outcome.value,
                "money": usd(e.money) if e.money is not None else None,
                "place": e.place,
                "tied_with": list(e.tied_with),
            }
            for e in p.entries
        ],
        "awards": [{"name": n, "money": usd(v)} for n, v in p.player_awards],
        "house_takes": [usd(v) for v in p.house_takes],
        "leftovers": [usd(v) for v in p.leftovers],
        "rules": citations(p.citations),
    }


def standing_json(s: Standing) -> dict[str, Any]:
    return {
        "place": s.place,
        "player": s.player,
        "money": usd(s.money),
        "notes": s.notes,
        "chips": s.chips,
        "total": usd(s.total),
    }


def round_json(r: RoundResult) -> dict[str, Any]:
    return {
        "round": r.number,
        "casinos": [payout_json(p) for p in r.payouts],
        "tiles": [
            {
                "player": t.player,
                "money": [usd(v) for v in t.money],
                "chips": t.chips,
                "what": t.what,
                "tile": t.tile or None,
                "casino": t.casino,
            }
            for t in r.tiles
        ],
        "won": {p: usd(v) for p, v in r.won},
        "chips_spent": dict(r.chips_spent),
        "standings": [standing_json(s) for s in r.standings],
        "next_start": r.next_start,
    }


def replay_json(rp: Replay, *, rounds: bool = True) -> dict[str, Any]:
    out: dict[str, Any] = {
        "game": "las-vegas",
        "edition": rp.game.edition.value,
        "title": rp.game.title,
        "players": list(rp.game.players),
        "rounds_played": len(rp.rounds),
        "rounds_in_game": rp.game.rules.rounds,
        "complete": rp.complete,
    }
    if rounds:
        out["rounds"] = [round_json(r) for r in rp.rounds]
    out["standings"] = [standing_json(s) for s in rp.standings]
    out["winners"] = list(rp.winners) if rp.complete else []
    out["leaders"] = list(rp.winners)
    out["decided_by"] = rp.decided_by.value
    out["rules"] = citations(rp.citations)
    return out


def editions_json() -> dict[str, Any]:
    """What each edition plays with (``las-vegas editions --json``)."""
    return {
        "editions": [
            {
                "edition": r.edition.value,
                "title": r.title,
                "players": [r.min_players, r.max_players],
                "rounds": r.rounds,
                "dice_per_player": r.dice_per_player,
                "big_die": r.big_die,
                "money": [{"value": usd(v), "count": n} for v, n in r.supply],
                "minimum_stake": usd(r.minimum_stake) if r.minimum_stake else None,
                "cards_per_casino": r.cards_per_casino,
                "chips_per_round": r.chips_per_round,
                "chip_value": usd(r.chip_value),
            }
            for r in RULES.values()
        ]
    }
