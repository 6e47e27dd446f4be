"""Write a :class:`Game` back as a game file; ``parse_game(format_game(g))`` gives ``g`` back."""

from __future__ import annotations

import json
import re

from rulesref.las_vegas.editions import Edition
from rulesref.las_vegas.model import Game, Round, Stake
from rulesref.las_vegas.notation import format_stakes
from rulesref.las_vegas.tiles import tile_named

_BARE = re.compile(r"^[A-Za-z0-9_-]+$")


def _key(name: str) -> str:
    return name if _BARE.match(name) else json.dumps(name, ensure_ascii=False)


def _str(text: str) -> str:
    return json.dumps(text, ensure_ascii=False)


def _table(pairs: tuple[tuple[str, int], ...]) -> str:
    return "{ " + ", ".join(f"{_key(k)} = {v}" for k, v in pairs) + " }" if pairs else "{}"


def _dice(stakes: tuple[Stake, ...]) -> str:
    own = tuple(Stake(s.participant, s.small, s.big) for s in stakes if s.small or s.big)
    if all(_BARE.match(s.participant) for s in stakes):
        return _str(format_stakes(own))
    return "{ " + ", ".join(f"{_key(s.participant)} = {_str(format_stakes([s]).split('=', 1)[1])}" for s in own) + " }"


def format_round(rd: Round) -> str:
    lines = [f"[[round]]  # round {rd.number}"]
    if rd.start is not None:
        lines.append(f"start = {_str(rd.start)}")
    if rd.chips_spent:
        lines.append(f"chips_spent = {_table(rd.chips_spent)}")
    if rd.chips_kept is not None:
        lines.append(f"chips_kept = {_table(rd.chips_kept)}")
    for c in rd.casinos:
        body = f"money = [{', '.join(str(v) for v in c.money)}], dice = {_dice(c.stakes)}"
        bonus = tuple((s.participant, s.bonus) for s in c.stakes if s.bonus)
        if bonus:
            body += f", bonus_dice = {_table(bonus)}"
        lines.append(f"casino.{c.number} = {{ {body} }}")
    for t in rd.tiles:
        lines.append("")
        lines.append("[[round.tile]]")
        lines.append(f"player = {_str(t.player)}")
        if t.money:
            lines.append(f"money = [{', '.join(str(v) for v in t.money)}]")
        if t.chips:
            lines.append(f"chips = {t.chips}")
        if t.what:
            lines.append(f"what = {_str(t.what)}")
        if t.tile and tile_named(t.what) != t.tile:
            lines.append(f"tile = {_str(t.tile)}")
        if t.casino is not None:
            lines.append(f"casino = {t.casino}")
    return "\n".join(lines) + "\n"


def format_game(game: Game) -> str:
    head = ['game = "las-vegas"', f"edition = {_str(game.edition.value)}"]
    if game.title:
        head.append(f"title = {_str(game.title)}")
    head.append("players = [" + ", ".join(_str(p) for p in game.players) + "]")
    head.append(f"white_dice = {'true' if game.white_dice else 'false'}")
    if game.edition is Edition.BOULEVARD or game.big_die != (game.edition is Edition.ROYALE):
        head.append(f"big_die = {'true' if game.big_die else 'false'}")
    head.append("# money in thousands of dollars; dice: NAME=N, the big die as +big, white = the house dice")
    return "\n".join(head) + "\n\n" + "\n".join(format_round(rd) for rd in game.rounds)
