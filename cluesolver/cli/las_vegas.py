"""Las Vegas (dice game): payouts, checks, replay.

Also the ``replay_file``, ``check_file`` and ``score_file`` handlers behind the top-level
``cluesolver replay|check|score`` verbs for files with ``game = "las-vegas"``.  The engine
lives in :mod:`rulesref.las_vegas` and is imported inside the commands.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from cluesolver.cli.common import EXIT_OK, EXIT_PROBLEMS, JsonOption, console, emit_json, guarded

if TYPE_CHECKING:
    from collections.abc import Iterable

    from rich.console import Console
    from rich.table import Table

    from rulesref.core.findings import Citation
    from rulesref.las_vegas.checker import RuleProblem
    from rulesref.las_vegas.model import Game
    from rulesref.las_vegas.payout import CasinoPayout
    from rulesref.las_vegas.scoring import Replay, RoundResult

app = typer.Typer(help="Las Vegas (dice game): payouts, checks, replay.", no_args_is_help=True)

GameFileArg = Annotated[
    Path, typer.Argument(help='A Las Vegas game file (TOML with game = "las-vegas").', show_default=False)
]


def _k(thousands: int) -> str:
    return f"${thousands}k"


def _usd(thousands: int) -> str:
    return f"${thousands * 1000:,}"


def _ordinal(n: int) -> str:
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(n, f"{n}th")


def _rules_line(citations: Iterable[Citation]) -> str:
    """The deciding sections; those with unconfirmed facts say so."""
    from rulesref.book import section

    lines = ["Rules:"]
    for c in citations:
        lines.append(f"  {c}")
        if section(c.id).unconfirmed:
            lines.append(f"    (partly unconfirmed: cluesolver rules show {c.id})")
    return "\n".join(lines)


# --------------------------------------------------------------------------- payout


@app.command("payout")
@guarded
def payout(
    casino: Annotated[
        str,
        typer.Option(
            "--casino", "-c", show_default=False, help='Dice at the casino, e.g. "Anna=5 Ben=3 Carla=1+big white=2".'
        ),
    ],
    money: Annotated[
        str,
        typer.Option(
            "--money",
            "-m",
            show_default=False,
            help="Money at the casino in thousands, e.g. 90,40 (also 90k or $90,000).",
        ),
    ],
    edition: Annotated[str, typer.Option("--edition", "-e", help="base, boulevard or royale.")] = "base",
    as_json: JsonOption = False,
) -> int:
    """Pay out one casino: ties cancel at any rank, the rest take the biggest money in turn.

    The big die counts as two ("1+big" = 3); "white=N" is the white house dice, which can
    win, tie and cancel like a player (their winnings leave the game).

    Example: cluesolver las-vegas payout --casino "Anna=5 Ben=3 Carla=1+big Denny=1" --money 90,40 --edition royale
    """
    from rulesref.core.errors import InputError, Problem
    from rulesref.las_vegas.checker import check_casino_money
    from rulesref.las_vegas.editions import Edition, dollars, rules_for
    from rulesref.las_vegas.jsonout import payout_json
    from rulesref.las_vegas.notation import parse_money_collect, parse_stakes_collect
    from rulesref.las_vegas.payout import pay_casino

    problems: list[Problem] = []
    try:
        rules = rules_for(Edition.parse(edition))
    except InputError as exc:
        problems.extend(Problem(f"--edition: {p.message}", text=p.text, choices=p.choices) for p in exc.problems())
        rules = None
    stakes, found = parse_stakes_collect(casino)
    problems.extend(Problem(f"--casino: {p.message}", text=p.text, choices=p.choices) for p in found)
    values, found = parse_money_collect(money)
    problems.extend(Problem(f"--money: {p.message}", text=p.text, choices=p.choices) for p in found)
    if rules is not None:
        for v in values:
            if v not in rules.denominations:
                nearest = sorted(rules.denominations, key=lambda d: (abs(d - v), d))[:2]
                problems.append(
                    Problem(
                        f"--money: there is no {dollars(v)} {rules.money_word} in {rules.title}",
                        text=str(v),
                        choices=tuple(f"{d}k" for d in sorted(nearest)),
                    )
                )
    if problems:
        raise InputError(problems)
    assert rules is not None
    result = pay_casino(0, values, stakes, rules)
    warnings = [w for w in check_casino_money("this casino", values, rules) if w[0] != "money-value"]
    if as_json:
        data = {"game": "las-vegas", "edition": rules.edition.value, **payout_json(result)}
        data.pop("casino")
        data["warnings"] = [{"code": code, "message": msg, "rule": c.to_json()} for code, msg, c in warnings]
        emit_json(data)
        return EXIT_OK
    out = console()
    out.print(f"{rules.title}: one casino with {', '.join(_usd(v) for v in result.money)}", markup=False)
    out.print(_payout_table(result))
    out.print(_leftover_line(result), markup=False)
    for _, msg, c in warnings:
        out.print(f"Note: {msg}\n    rule: {c}", markup=False)
    out.print(_rules_line(result.citations), markup=False)
    return EXIT_OK


def _payout_table(p: CasinoPayout) -> Table:
    from rich.table import Table

    from rulesref.las_vegas.model import HOUSE
    from rulesref.las_vegas.notation import format_stake
    from rulesref.las_vegas.payout import Outcome

    table = Table(show_edge=True)
    table.add_column("Player")
    table.add_column("Dice")
    table.add_column("Counts as", justify="right")
    table.add_column("Result")
    for e in p.entries:
        name = "white (house)" if e.participant == HOUSE else e.participant
        if e.outcome is Outcome.WON:
            assert e.money is not None and e.place is not None
            result = f"{_ordinal(e.place)}: takes {_usd(e.money)}"
            if e.participant == HOUSE:
                result += " (out of the game)"
        elif e.outcome is Outcome.TIED:
            result = f"tied at {e.count} with {', '.join(e.tied_with)}: nothing"
        else:
            result = "nothing left to take"
        table.add_row(name, format_stake(e.stake).split("=", 1)[1], str(e.count), result)
    return table


def _leftover_line(p: CasinoPayout) -> str:
    if not p.leftovers:
        return "Leftover: none"
    return "Leftover (nobody takes it): " + ", ".join(_usd(v) for v in p.leftovers)


# --------------------------------------------------------------------------- files


def _load(path: Path) -> Game:
    from rulesref.las_vegas.loader import load_game

    return load_game(path)


def _problem_count(game: Game) -> int:
    from rulesref.las_vegas.checker import check_game

    return len(check_game(game))


def _print_problem_hint(out: Console, count: int, path: Path) -> None:
    if count:
        out.print(
            f"Careful: this file has {count} rule problem{'s' if count != 1 else ''} (cluesolver check {path})",
            markup=False,
        )


def replay_file(path: Path, *, as_json: bool, at: int | None = None, why: str | None = None) -> int:
    """Replay a game file round by round with running totals."""
    from rulesref.core.errors import InputError, Problem
    from rulesref.las_vegas.jsonout import replay_json
    from rulesref.las_vegas.scoring import replay

    game = _load(path)
    if at is not None and not 1 <= at <= len(game.rounds):
        raise InputError(Problem(f"--at must be a round from 1 to {len(game.rounds)}", path=str(path), text=str(at)))
    focus = _parse_why(why, game, path) if why is not None else None
    rp = replay(game, upto=at)
    problems = _problem_count(game)
    if as_json:
        data = replay_json(rp)
        data["rule_problems"] = problems
        if focus is not None:
            data["why"] = _why_lines(rp, focus)
        emit_json(data)
        return EXIT_OK
    out = console()
    _print_header(out, game, path)
    for r in rp.rounds:
        _print_round(out, r, game)
    _print_verdict(out, rp)
    _print_problem_hint(out, problems, path)
    if focus is not None:
        out.print()
        for line in _why_lines(rp, focus):
            out.print(line, markup=False)
    return EXIT_OK


def score_file(path: Path, *, as_json: bool) -> int:
    """Final scores: who took which money at each casino, standings, winner and tie-break."""
    from rulesref.las_vegas.jsonout import payout_json, replay_json
    from rulesref.las_vegas.scoring import replay

    game = _load(path)
    rp = replay(game)
    problems = _problem_count(game)
    if as_json:
        data = replay_json(rp, rounds=False)
        data["casinos"] = [{"round": r.number, **payout_json(p)} for r in rp.rounds for p in r.payouts]
        data["rule_problems"] = problems
        emit_json(data)
        return EXIT_OK
    out = console()
    _print_header(out, game, path)
    out.print(_awards_table(rp))
    _print_standings(out, rp)
    _print_problem_hint(out, problems, path)
    return EXIT_OK


def check_file(path: Path, *, as_json: bool) -> int:
    """Every rule problem in the file; exit 1 when there are any."""
    from rulesref.las_vegas.checker import check_game
    from rulesref.las_vegas.jsonout import problems_json

    game = _load(path)
    problems = check_game(game)
    if as_json:
        emit_json(problems_json(problems, str(path)))
    else:
        out = console()
        if not problems:
            out.print(
                f"{path}: no rule problems found ({game.rules.title}, {len(game.players)} players, "
                f"{len(game.rounds)} rounds).",
                markup=False,
            )
        else:
            for p in problems:
                out.print(_problem_line(path, p), markup=False)
            out.print(f"{len(problems)} rule problem{'s' if len(problems) != 1 else ''} found.", markup=False)
    return EXIT_PROBLEMS if problems else EXIT_OK


def _problem_line(path: Path, p: RuleProblem) -> str:
    where = f"{path}:{p.line}" if p.line is not None else str(path)
    return f"{where}: {p.message}\n    rule: {p.citation}"


# --------------------------------------------------------------------------- rendering


def _print_header(out: Console, game: Game, path: Path) -> None:
    extras = []
    if game.white_dice:
        extras.append("white dice")
    if game.big_die:
        extras.append("big die")
    title = f"{game.title} — " if game.title else ""
    out.print(
        f"{title}{game.rules.title}: {', '.join(game.players)}" + (f" ({', '.join(extras)})" if extras else ""),
        markup=False,
    )


def _print_round(out: Console, r: RoundResult, game: Game) -> None:
    from rich.table import Table

    from rulesref.las_vegas.model import HOUSE
    from rulesref.las_vegas.notation import format_stakes

    table = Table(title=f"Round {r.number}", show_edge=True)
    for col in ("Casino", "Money", "Dice", "Takes", "Tied out / left"):
        table.add_column(col)
    for p in r.payouts:
        takes = ", ".join(f"{'white' if n == HOUSE else n} {_k(v)}" for n, v in p.awards) or "-"
        out_cells = [f"{', '.join('white' if n == HOUSE else n for n in ps)} tied at {c}" for c, ps in p.tie_groups]
        if p.leftovers:
            out_cells.append("left: " + " ".join(_k(v) for v in p.leftovers))
        dice = format_stakes(e.stake for e in p.entries)
        table.add_row(str(p.casino), " ".join(_k(v) for v in p.money), dice, takes, "; ".join(out_cells) or "-")
    out.print(table)
    for t in r.tiles:
        got = [_usd(v) for v in t.money] + ([f"{t.chips} chip(s)"] if t.chips else [])
        out.print(
            f"Tile: {t.player} receives {', '.join(got) or 'nothing'}" + (f" ({t.what})" if t.what else ""),
            markup=False,
        )
    if r.chips_spent and any(v for _, v in r.chips_spent):
        out.print("Chips spent: " + ", ".join(f"{p} {v}" for p, v in r.chips_spent if v), markup=False)
    totals = Table(title=f"After round {r.number}", show_edge=True)
    cols = (
        ["Place", "Player", "This round", "Total", "Notes"]
        if game.edition.value != "royale"
        else ["Place", "Player", "This round", "Money", "Cards", "Chips", "Total"]
    )
    for col in cols:
        totals.add_column(col, justify="left" if col == "Player" else "right")
    won = dict(r.won)
    for s in r.standings:
        if game.edition.value == "royale":
            totals.add_row(
                str(s.place), s.player, _usd(won[s.player]), _usd(s.money), str(s.notes), str(s.chips), _usd(s.total)
            )
        else:
            totals.add_row(str(s.place), s.player, _usd(won[s.player]), _usd(s.total), str(s.notes))
    out.print(totals)
    if r.next_start and r.number < game.rules.rounds:
        out.print(
            f"{r.next_start} starts round {r.number + 1} (higher card at the highest casino that paid).", markup=False
        )


def _awards_table(rp: Replay) -> Table:
    from rich.table import Table

    from rulesref.las_vegas.model import HOUSE

    word = "Cards" if rp.game.edition.value == "royale" else "Notes"
    table = Table(title=f"{word} taken", show_edge=True)
    table.add_column("Round", justify="right")
    for c in range(1, 7):
        table.add_column(f"Casino {c}")
    for r in rp.rounds:
        cells = []
        by_casino = {p.casino: p for p in r.payouts}
        for c in range(1, 7):
            p = by_casino.get(c)
            if p is None:
                cells.append("-")
                continue
            cells.append("\n".join(f"{'white' if n == HOUSE else n} {_k(v)}" for n, v in p.awards) or "nobody")
        table.add_row(str(r.number), *cells)
    return table


def _print_standings(out: Console, rp: Replay) -> None:
    from rich.table import Table

    royale = rp.game.edition.value == "royale"
    title = (
        "Final standings"
        if rp.complete
        else f"Standings after round {len(rp.rounds)} of {rp.game.rules.rounds} (game not finished)"
    )
    table = Table(title=title, show_edge=True)
    cols = ["Place", "Player", "Money", "Cards", "Chips", "Total"] if royale else ["Place", "Player", "Money", "Notes"]
    for col in cols:
        table.add_column(col, justify="left" if col == "Player" else "right")
    for s in rp.standings:
        if royale:
            table.add_row(str(s.place), s.player, _usd(s.money), str(s.notes), str(s.chips), _usd(s.total))
        else:
            table.add_row(str(s.place), s.player, _usd(s.total), str(s.notes))
    out.print(table)
    _print_verdict(out, rp)


def _print_verdict(out: Console, rp: Replay) -> None:
    royale = rp.game.edition.value == "royale"
    if not rp.complete:
        out.print(f"After round {len(rp.rounds)} of {rp.game.rules.rounds}: the game is not finished.", markup=False)
    tiles = sum(len(r.tiles) for r in rp.rounds)
    if tiles:
        out.print(f"Money includes {tiles} casino-tile reward(s).", markup=False)
    verb = "Winner" if rp.complete else "Leading"
    word = "cards" if royale else "notes"
    if rp.decided_by.value == "shared":
        out.print(f"{verb}: {' and '.join(rp.winners)} share it — same money and same number of {word}.", markup=False)
    elif rp.decided_by.value == "notes":
        top = rp.standings[0]
        rivals = [s for s in rp.standings[1:] if s.total == top.total]
        out.print(
            f"{verb}: {top.player} — tied on {_usd(top.total)} with {', '.join(s.player for s in rivals)}, "
            f"wins the tie-break with {top.notes} {word} to {rivals[0].notes}.",
            markup=False,
        )
    elif rp.winners:
        out.print(f"{verb}: {rp.winners[0]} with {_usd(rp.standings[0].total)}.", markup=False)
    out.print(_rules_line(rp.citations), markup=False)


# --------------------------------------------------------------------------- --why


def _parse_why(why: str, game: Game, path: Path) -> str:
    """``--why`` names a player: explain where their money came from."""
    from rulesref.core.errors import Problem, UnknownNameError
    from rulesref.las_vegas.notation import resolve_name

    name, problem = resolve_name(why.removeprefix("why ").strip(), game.players)
    if problem is not None or name is None:
        assert problem is not None
        raise UnknownNameError(
            Problem(f"--why: {problem.message}", path=str(path), text=problem.text, choices=problem.choices)
        )
    return name


def _why_lines(rp: Replay, player: str) -> list[str]:
    from rulesref.las_vegas.payout import Outcome

    lines = [f"Where {player}'s money comes from:"]
    for r in rp.rounds:
        for p in r.payouts:
            for e in p.entries:
                if e.participant != player:
                    continue
                where = f"round {r.number}, casino {p.casino}: {e.count} {'die' if e.count == 1 else 'dice'}"
                if e.outcome is Outcome.WON and e.money is not None and e.place is not None:
                    lines.append(f"{where}, {_ordinal(e.place)} after ties, takes {_usd(e.money)}")
                elif e.outcome is Outcome.TIED:
                    lines.append(f"{where}, tied with {', '.join(e.tied_with)}: nothing")
                else:
                    lines.append(f"{where}, untied but the money ran out: nothing")
        for t in r.tiles:
            if t.player == player:
                lines.append(
                    f"round {r.number}, casino tile: {', '.join(_usd(v) for v in t.money) or 'no money'}"
                    + (f" and {t.chips} chip(s)" if t.chips else "")
                )
    return lines


# --------------------------------------------------------------------------- group commands


@app.command("score")
@guarded
def score_cmd(file: GameFileArg, as_json: JsonOption = False) -> int:
    """Final scores of a game file: money taken at each casino, standings, winner, tie-break.

    Example: cluesolver las-vegas score examples/las-vegas-night.toml
    """
    return score_file(file, as_json=as_json)


@app.command("replay")
@guarded
def replay_cmd(
    file: GameFileArg,
    at: Annotated[int | None, typer.Option("--at", help="Stop after this round.")] = None,
    why: Annotated[str | None, typer.Option("--why", help="Explain a player's money, e.g. --why Anna.")] = None,
    as_json: JsonOption = False,
) -> int:
    """Replay a game file round by round, with every payout and the running totals.

    Example: cluesolver las-vegas replay examples/las-vegas-night.toml --at 2
    """
    return replay_file(file, as_json=as_json, at=at, why=why)


@app.command("check")
@guarded
def check_cmd(file: GameFileArg, as_json: JsonOption = False) -> int:
    """Check a game file against the rules; every problem with its rule section, exit 1 if any.

    Example: cluesolver las-vegas check examples/las-vegas-broken.toml
    """
    return check_file(file, as_json=as_json)


@app.command("editions")
@guarded
def editions_cmd(as_json: JsonOption = False) -> int:
    """What each edition plays with: players, rounds, dice, money.

    Example: cluesolver las-vegas editions
    """
    from rich.table import Table

    from rulesref.las_vegas.editions import RULES

    if as_json:
        emit_json(
            {
                "editions": [
                    {
                        "edition": r.edition.value,
                        "title": r.title,
                        "players": [r.min_players, r.max_players],
                        "rounds": r.rounds,
                        "dice_per_player": r.dice_per_player,
                        "big_die": r.big_die,
                        "money": [{"value": v * 1000, "count": n} for v, n in r.supply],
                        "minimum_stake": r.minimum_stake * 1000 if r.minimum_stake else None,
                        "cards_per_casino": r.cards_per_casino,
                        "chips_per_round": r.chips_per_round,
                        "chip_value": r.chip_value * 1000,
                    }
                    for r in RULES.values()
                ]
            }
        )
        return EXIT_OK
    table = Table(title="Las Vegas editions", show_edge=True)
    for col in ("Edition", "Players", "Rounds", "Dice each", "Money", "Each casino gets"):
        table.add_column(col)
    for r in RULES.values():
        dice = f"{r.dice_per_player - 1} + big" if r.big_die else str(r.dice_per_player)
        count = sum(n for _, n in r.supply)
        total = sum(v * n for v, n in r.supply)
        money = f"{count} {r.money_word}s, {_k(r.denominations[0])} to {_k(r.denominations[-1])} ({_usd(total)})"
        stock = (
            f"exactly {r.cards_per_casino} cards"
            if r.cards_per_casino
            else f"notes up to at least {_usd(r.minimum_stake or 0)}"
        )
        table.add_row(
            f"{r.edition.value}\n({r.title})", f"{r.min_players}-{r.max_players}", str(r.rounds), dice, money, stock
        )
    console().print(table)
    return EXIT_OK
