"""Regenerate the simulated example games in examples/ (honest play, fixed seeds).

Run: python tools/make_examples.py   — the files are committed; this documents how.
"""

from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path

from cluesolver.clue import variants
from cluesolver.clue.engine.covers import count_numpy as count
from cluesolver.clue.record.constraints import ENVELOPE, puzzle_of
from cluesolver.clue.record.events import Accusation, GameLog, Header, LooksAt, RoundEnd, Suggestion
from cluesolver.clue.record.simulate import answer, deal
from cluesolver.clue.record.writer import format_log

OUT = Path(__file__).resolve().parent.parent / "examples"


def play(
    variant_id: str,
    players: list[str],
    me: str | None,
    seed: int,
    turns: int,
    title: str,
    rounds: bool = False,
    table: list[str] | None = None,
) -> str:
    rng = random.Random(seed)
    v = variants.get(variant_id)
    d = deal(v, players, rng)
    owner = dict(d.owner)
    header = Header(
        game=v.id,
        players=tuple(players),
        me=me,
        table=tuple(table or ()),
        my_cards=tuple(c for c in v.card_names if owner[c] == me) if me else (),
    )
    if table:  # two-player Lost in Vegas: four dealt cards go face down instead
        dealt = [c for c in v.card_names if owner[c] != ENVELOPE]
        rng.shuffle(dealt)
        for slot, card in zip(table, dealt[: len(table)]):
            owner[card] = f"table:{slot}"
        rest = dealt[len(table) :]
        for i, card in enumerate(rest):
            owner[card] = players[i % len(players)]
        header = replace(header, my_cards=tuple(c for c in v.card_names if owner[c] == me))
    from cluesolver.clue.record.simulate import Deal

    d = Deal(owner)
    log = GameLog(header=header, variant=v, events=())
    events: list = []
    line = 100
    looked: set[str] = set()
    for t in range(turns):
        who = players[t % len(players)]
        if rounds and t and t % len(players) == 0:
            events.append(RoundEnd(line))
            line += 1
        if table and rng.random() < 0.3:
            slot = rng.choice(table)
            if (who, slot) not in looked:
                looked.add((who, slot))  # type: ignore[arg-type]
                card = next(c for c, h in owner.items() if h == f"table:{slot}")
                events.append(LooksAt(line, who, slot, card if who == me else None))
                line += 1
        cur = replace(log, events=tuple(events))
        counts = count(puzzle_of(cur))
        env = [c for c in v.card_names if counts.held[ENVELOPE][c] == counts.deals]
        if who == me and len(env) == len(v.categories):
            events.append(Accusation(line, who, tuple(env), True))
            break
        cards = tuple(rng.choice(cat.cards) for cat in v.categories)
        if who == me:  # ask about cards still open, as a player would
            cards = tuple(
                max(cat.cards, key=lambda c: (counts.probability(ENVELOPE, c), rng.random()))
                if rng.random() < 0.6
                else rng.choice([c for c in cat.cards if counts.held[me][c] == 0] or list(cat.cards))
                for cat in v.categories
            )
        events.append(Suggestion(line, who, cards, answer(d, who, cards, players, me, rng)))
        line += 1
    text = format_log(replace(log, events=tuple(events)))
    return f"# {title}\n" + text


def main() -> None:
    games = {
        "classic-4p.clue": play(
            "classic",
            ["Ann", "Ben", "Cat", "Dan"],
            "Ann",
            11,
            14,
            "Classic Clue, four friends, Ann's notebook (simulated honest play)",
        ),
        "cluedo-3p.clue": play(
            "cluedo",
            ["Mari", "Jaan", "Liis"],
            "Mari",
            7,
            18,
            "Cluedo with the UK cards, three players, Mari's notebook",
        ),
        "clue-2016-5p.clue": play(
            "clue-2016",
            ["Ann", "Ben", "Cat", "Dan", "Eve"],
            "Cat",
            3,
            30,
            "Clue 2016 (Dr. Orchid), five players, Cat's notebook",
        ),
        "master-detective-6p.clue": play(
            "master-detective",
            ["Ann", "Ben", "Cat", "Dan", "Eve", "Finn"],
            "Finn",
            5,
            40,
            "Master Detective, six players, Finn's notebook",
        ),
        "lost-in-vegas-4p.clue": play(
            "lost-in-vegas",
            ["Zoe", "Max", "Ivy", "Leo"],
            "Ivy",
            9,
            24,
            "Clue: Lost in Vegas, four players, Ivy's sheet, with round markers",
            rounds=True,
        ),
        "lost-in-vegas-2p.clue": play(
            "lost-in-vegas",
            ["Ann", "Ben"],
            "Ben",
            4,
            16,
            "Clue: Lost in Vegas, two players with four face-down table cards",
            table=["Jail", "Hospital", "Magic Show", "Helicopter Landing"],
        ),
        "spectator-3p.clue": play(
            "classic",
            ["Ann", "Ben", "Cat"],
            None,
            21,
            14,
            "A spectator's log: only what everyone at the table sees (no 'me')",
        ),
    }
    for name, text in games.items():
        (OUT / name).write_text(text, encoding="utf-8")
        print("wrote", name)


if __name__ == "__main__":
    main()
