"""Lords of Vegas: the board, table states, payouts, actions, gambling, game logs.

Modules, from the ground up:

* :mod:`~rulesref.lords.board` — the printed board (lots, blocks, the Strip, companies);
* :mod:`~rulesref.lords.track` — the score track and its breaks;
* :mod:`~rulesref.lords.state` — a table state as a value; casinos and their bosses;
* :mod:`~rulesref.lords.loader` — TOML state files (read every problem at once, write);
* :mod:`~rulesref.lords.payout` — drawing a card: take-over, income, casino payouts;
* :mod:`~rulesref.lords.actions` / :mod:`~rulesref.lords.trading` / :mod:`~rulesref.lords.gamble`
  — what a player does, each returning the new state or every reason it is illegal;
* :mod:`~rulesref.lords.checker`, :mod:`~rulesref.lords.standings` — rule problems, winners;
* :mod:`~rulesref.lords.gamelog`, :mod:`~rulesref.lords.replay` — ``.lov`` game logs.

Every verdict carries the rule section that decides it (:mod:`~rulesref.lords.verdict`).
"""
