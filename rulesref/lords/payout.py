"""Drawing a property card: take-over, lot income, casino payouts and points.

``draw(state, card, drawer)`` resolves the first step of a turn and returns a
:class:`Payout` with every amount and move on the score track, the new state, and the
rule section behind each part.  The End of Game card gives the final payout.

    >>> from rulesref.lords.state import Player, State
    >>> s = State(players=(Player("Ana", 0, 8), Player("Ben", 0)), markers={"A1": "Ana"})
    >>> p = draw(s, "D8", "Ben")
    >>> p.takeover.kind, [(x.name, x.money_after) for x in p.players]
    ('marker', [('Ana', 1), ('Ben', 1)])
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

from rulesref.core.findings import Citation, Finding, Severity
from rulesref.core.i18n import _
from rulesref.lords.actions import require_player, reroll
from rulesref.lords.board import END, STRIP, Company, card, card_pays, lot, supply
from rulesref.lords.standings import standings
from rulesref.lords.state import BUILT, Casino, Die, State, casinos, ties
from rulesref.lords.track import WIN_AT, TrackRun, apply_casinos
from rulesref.lords.verdict import note, reason, rule, warning


@dataclass(frozen=True)
class Takeover:
    kind: str  # "marker", "die-replaced", "die-placed", "own-die", "none"
    lot: str | None
    text: str
    rule: Citation


@dataclass(frozen=True)
class CasinoPay:
    casino: Casino
    money: Mapping[str, int]  # owner -> $ for their dice
    boss: str | None
    points: int  # points paid to the boss (0 when nobody can take them)
    note: str = ""


@dataclass(frozen=True)
class PlayerPay:
    name: str
    money_before: int
    lots: int
    casinos: int
    run: TrackRun

    @property
    def money_after(self) -> int:
        return self.money_before + self.lots + self.casinos

    @property
    def points_before(self) -> int:
        return self.run.start

    @property
    def points_after(self) -> int:
        return self.run.end


@dataclass(frozen=True)
class Payout:
    card: str
    pays: Company | str
    drawer: str
    takeover: Takeover
    casinos: tuple[CasinoPay, ...]
    players: tuple[PlayerPay, ...]
    notes: tuple[Finding, ...]
    problems: tuple[Finding, ...]  # why this draw cannot happen; the state is then unchanged
    state: State
    warnings: tuple[Finding, ...] = ()  # not strict: what is wrong with a draw that is paid anyway
    draw_again: bool = False  # two players, an F card: the drawer draws again
    winners: tuple[str, ...] = ()  # who wins at once on 90 points (several only with the same money)

    @property
    def winner(self) -> str | None:
        """The one player who wins at once on this card, if exactly one does."""
        return self.winners[0] if len(self.winners) == 1 else None

    @property
    def game_over(self) -> bool:
        return self.state.over

    @property
    def rules(self) -> tuple[Citation, ...]:
        """The sections behind every payout: lot income, casino payouts, the score track."""
        return (rule("lot-income"), rule("payouts"), rule("score-track"))


def _takeover(
    state: State, name: str, drawer: str, die_from: str | None, problems: list[Finding], notes: list[Finding]
) -> tuple[State, Takeover]:
    here = lot(name)
    tile = state.tiles.get(here.label)
    if tile is None:
        if len(state.markers_of(drawer)) >= supply().markers_per_player:
            notes.append(
                note(
                    _("{player} has no marker left; the rules are silent, the marker is placed anyway").format(
                        player=drawer
                    ),
                    "markers-run-out",
                )
            )
        return (
            state.with_marker(here.label, drawer),
            Takeover(
                "marker",
                here.label,
                _("{player} puts a marker on {lot}").format(player=drawer, lot=here.label),
                rule("take-over"),
            ),
        )
    if tile.die is not None and tile.die.owner == drawer:
        text = _("{lot} already carries {player}'s die").format(lot=here.label, player=drawer)
        return state, Takeover("own-die", here.label, text, rule("take-over"))
    pips = tile.die.pips if tile.die else here.die
    after = state
    if state.dice_on_board(drawer) >= supply().dice_per_player:
        src = lot(die_from).label if die_from else None
        src_tile = state.tiles.get(src) if src else None
        if src is None or src_tile is None or src_tile.die is None or src_tile.die.owner != drawer or src == here.label:
            problems.append(
                reason(
                    _(
                        "all of {player}'s dice are on the board: say which tile to take one from (a tile with your die)"
                    ).format(player=drawer),
                    "components",
                )
            )
            return state, Takeover("none", here.label, _("nothing"), rule("take-over"))
        after = after.with_tile(src, src_tile.with_die(None))
        notes.append(note(_("{player}'s die leaves {lot}").format(player=drawer, lot=src), "components"))
    after = after.with_tile(here.label, tile.with_die(Die(drawer, pips)))
    if tile.die is not None:
        text = _("{player}'s die replaces {owner}'s on {lot}, still showing {pips}").format(
            player=drawer, owner=tile.die.owner, lot=here.label, pips=pips
        )
        kind = "die-replaced"
    else:
        text = _("{player} puts a die showing {pips} on the empty tile of {lot}").format(
            player=drawer, pips=pips, lot=here.label
        )
        kind = "die-placed"
    return after, Takeover(kind, here.label, text, rule("take-over"))


def _used(state: State, name: str) -> list[Finding]:
    """Why the card ``name`` cannot come up now: it was drawn, or its lot shows it was."""
    tile = state.tiles.get(name)
    if name in state.drawn:
        why = _("the card {card} was already drawn (each card comes up once)").format(card=name)
        return [reason(why, "turn", code="used-card")]
    if name != END and name in state.markers:
        why = _("{lot} already carries {owner}'s marker, so its card was drawn before").format(
            lot=name, owner=state.markers[name]
        )
        return [reason(why, "take-over", code="used-card")]
    if tile is not None and tile.how == BUILT:
        why = _("{lot} was built on, so its card came up before (a build needs the owner's marker)").format(lot=name)
        return [reason(why, "build", code="used-card")]
    return []


def _origin_unknown(state: State, name: str, drawer: str) -> list[Finding]:
    """A die would replace another player's on a tile the state does not say was sprawled."""
    tile = state.tiles.get(name)
    if tile is None or tile.how is not None or tile.die is None or tile.die.owner == drawer:
        return []
    return [
        warning(
            _(
                "the state does not say whether {lot} was built or sprawled: if it was built, its card came up "
                "before and {owner} keeps the die (write 'built' or 'sprawled' after the tile, or list "
                "the drawn cards)"
            ).format(lot=name, owner=tile.die.owner),
            "take-over",
            code="tile-origin-unknown",
        )
    ]


def paying(state: State, pays: Company | str) -> tuple[Casino, ...]:
    """The casinos a card pays: all of one company, or all touching the Strip."""
    if pays == STRIP:
        return tuple(c for c in casinos(state) if c.on_strip)
    return tuple(c for c in casinos(state) if c.company == pays)


def draw(
    state: State,
    card_name: str,
    drawer: str,
    *,
    rerolls: Sequence[Mapping[str, int]] = (),
    die_from: str | None = None,
    strict: bool = True,
) -> Payout:
    """Resolve drawing ``card_name`` by ``drawer``.

    ``rerolls`` settles boss ties the take-over creates, in order: each maps the tied lots of
    one casino to their new numbers (``{"C3": 4, "C2": 2}``).  A card that was already used
    (listed as drawn, or its lot carries a marker) is a problem when ``strict``; otherwise
    the payout is still worked out, without a take-over, and ``warnings`` says why.
    """
    require_player(state, drawer)
    name = card(card_name)
    if die_from is not None:
        die_from = lot(die_from).label  # an unknown lot is bad input even when no die has to move
    pays = card_pays(name)
    problems: list[Finding] = []
    notes: list[Finding] = []
    if state.over:
        problems.append(reason(_("the game is already over"), "end"))
    warnings: list[Finding] = []
    used = _used(state, name)
    (problems if strict else warnings).extend(replace(u, severity=Severity.WARNING) if not strict else u for u in used)
    if not used and not state.drawn:
        warnings.extend(_origin_unknown(state, name, drawer))
    two_f = len(state.players) == 2 and name != END and lot(name).block == "F"
    # a card starts a turn: nothing is reorganized or gambled yet (a two-player redraw has no actions between)
    after = replace(state, turn=drawer, reorganized=frozenset(), gambled=False)
    if name == END:
        take = Takeover("none", None, _("the End of Game card names no lot"), rule("end"))
    elif two_f:
        take = Takeover(
            "none", lot(name).label, _("block F is closed with two players: nobody takes it"), rule("two-players")
        )
    elif problems or used:
        take = Takeover("none", lot(name).label, _("nothing (the card was used before)"), rule("take-over"))
    else:
        after, take = _takeover(after, name, drawer, die_from, problems, notes)
    for rolls in rerolls:
        if not rolls or problems:
            continue
        result = reroll(after, next(iter(rolls)), rolls)
        if result.legal and result.state is not None:
            after = result.state
        problems += result.reasons
    if problems:
        return Payout(name, pays, drawer, take, (), (), tuple(notes), tuple(problems), state, tuple(warnings))
    for c in ties(after):
        notes.append(
            note(
                _("tie for boss in {casino}: its points wait for a reroll of {lots}").format(
                    casino=c.name, lots=", ".join(c.boss.tied)
                ),
                "boss-ties",
            )
        )
    income = {p.name: len(after.markers_of(p.name)) for p in after.players}
    pays_list = []
    money = {p.name: 0 for p in after.players}
    points: dict[str, list[int]] = {p.name: [] for p in after.players}
    for c in paying(after, pays):
        by_owner = c.money_by_owner()
        for owner, amount in by_owner.items():
            money[owner] += amount
        remark = ""
        if c.boss.reroll_needed:
            remark = _("reroll needed: no points until the tie is broken")
        elif c.boss.owner is None:
            remark = _("no dice: nobody takes the points")
        else:
            points[c.boss.owner].append(c.size)
        pays_list.append(CasinoPay(c, by_owner, c.boss.owner, c.size if c.boss.owner else 0, remark))
    players = []
    reached = []
    for p in after.players:
        run = apply_casinos(p.points, points[p.name])
        players.append(PlayerPay(p.name, p.money, income[p.name], money[p.name], run))
        after = after.with_player(p.name, money=income[p.name] + money[p.name], points=run.end)
        if run.end >= WIN_AT and p.points < WIN_AT:
            reached.append(p.name)
    winners: tuple[str, ...] = ()
    if reached:
        # one rule with the final standings: among those on 90, the most money wins (see standings)
        final = standings(after)
        winners = final.winners
        if len(reached) == 1:
            notes.append(
                note(_("{player} reaches {n} points and wins at once").format(player=reached[0], n=WIN_AT), "winning")
            )
        else:
            notes.append(final.decided_by)
    after = replace(after, drawn=after.drawn + (name,), over=after.over or name == END or bool(reached))
    if two_f:
        notes.append(note(_("{player} draws again (an F card with two players)").format(player=drawer), "two-players"))
    return Payout(
        name,
        pays,
        drawer,
        take,
        tuple(pays_list),
        tuple(players),
        tuple(notes),
        (),
        after,
        tuple(warnings),
        draw_again=two_f,
        winners=winners,
    )
