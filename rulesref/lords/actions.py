"""The four building actions and tie rerolls: build, sprawl, remodel, reorganize.

Each function returns an :class:`ActionResult`: the price, every reason the action is
illegal (all of them, each citing its rule), notes (e.g. a tie that now needs a reroll),
and the new state when the action is legal.

    >>> from rulesref.lords.state import Player, State
    >>> s = State(players=(Player("Ana", 20), Player("Ben", 5)), markers={"A5": "Ana"}, turn="Ana")
    >>> r = build(s, "Ana", "A5", "purple")
    >>> r.legal, r.cost, r.state.player("Ana").money
    (True, 9, 11)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace

from rulesref.core.errors import InputError, Problem
from rulesref.core.findings import Citation, Finding
from rulesref.core.i18n import _, n_
from rulesref.core.names import closest
from rulesref.lords.board import Company, company, lot, neighbours, supply
from rulesref.lords.state import BUILT, SPRAWLED, Casino, Die, State, Tile, casinos, ties
from rulesref.lords.verdict import note, reason, rule

REMODEL_PER_TILE = 5


@dataclass(frozen=True)
class ActionResult:
    action: str  # "build", "sprawl", "remodel", "reorganize", "reroll"
    player: str
    target: str  # the lot named by the player
    cost: int
    rule: Citation
    reasons: tuple[Finding, ...] = ()  # why it is illegal; empty when legal
    notes: tuple[Finding, ...] = ()
    state: State | None = None  # the state after the action, when legal
    printed: int | None = None  # priced without a board: the printed price of the lot

    @property
    def legal(self) -> bool:
        return not self.reasons

    def to_json(self) -> dict[str, object]:
        if self.printed is not None:
            return {"action": self.action, "target": self.target, "cost": self.cost, "rule": self.rule.to_json()}
        return {
            "action": self.action,
            "player": self.player,
            "target": self.target,
            "cost": self.cost,
            "legal": self.legal,
            "rule": self.rule.to_json(),
            "reasons": [r.to_json() for r in self.reasons],
            "notes": [n.to_json() for n in self.notes],
        }


def require_player(state: State, name: str) -> None:
    if name not in state.names:
        raise InputError(Problem(_("unknown player"), text=name, choices=closest(name, state.names, cutoff=0.4)))


def acting_player(state: State, name: str | None, *, ask: str | None = None) -> str:
    """Who acts: the player named, else whose turn the state says it is (``ask``: the message when neither)."""
    who = name or state.turn
    if who is None:
        raise InputError(Problem(ask or _("say who acts with --player")))
    require_player(state, who)
    return who


def _common(state: State, player: str, label: str, out: list[Finding]) -> None:
    """Reasons shared by every action: game over, someone else's turn, block F with two players."""
    if state.over:
        out.append(reason(_("the game is over: the End of Game card was drawn"), "end"))
    if state.turn is not None and player != state.turn:
        out.append(
            reason(_("it is {turn}'s turn; {player} cannot act now").format(turn=state.turn, player=player), "turn")
        )
    if len(state.players) == 2 and lot(label).block == "F":
        out.append(
            reason(_("block F is closed in a two-player game ({lot})").format(lot=lot(label).label), "two-players")
        )


def _pay(state: State, player: str, cost: int, out: list[Finding], section: str) -> None:
    have = state.player(player).money
    if have < cost:
        out.append(
            reason(
                _("{player} has ${have} but this costs ${cost}").format(player=player, have=have, cost=cost), section
            )
        )


def _colour_left(state: State, comp: Company, needed: int, out: list[Finding], what: str) -> None:
    left = supply().tiles_per_company - state.tiles_of(comp)
    if left < needed:
        out.append(
            reason(
                n_(
                    "{what} needs {needed} {colour} tile but {left} left in the supply",
                    "{what} needs {needed} {colour} tiles but {left} left in the supply",
                    needed,
                ).format(
                    what=what,
                    needed=needed,
                    colour=_(comp.colour),
                    left=n_("{n} is", "{n} are", left).format(n=left),
                ),
                "components",
            )
        )


def _die_for(
    state: State, player: str, die_from: str | None, target: str, out: list[Finding], notes: list[Finding]
) -> State:
    """Take a die from the supply, or from ``die_from`` when all of the player's dice are out."""
    if state.dice_on_board(player) < supply().dice_per_player:
        if die_from is not None:
            notes.append(
                note(
                    _("{player} still has dice in the supply; {lot} keeps its die").format(player=player, lot=die_from),
                    "components",
                )
            )
        return state
    if die_from is None:
        out.append(
            reason(
                _("all {n} of {player}'s dice are on the board: say which tile to take one from").format(
                    n=supply().dice_per_player, player=player
                ),
                "components",
            )
        )
        return state
    src = lot(die_from).label
    tile = state.tiles.get(src)
    if tile is None or tile.die is None or tile.die.owner != player or src == target:
        out.append(reason(_("{lot} carries no die of {player} to move").format(lot=src, player=player), "components"))
        return state
    notes.append(
        note(
            _("{player}'s die leaves {lot}; that tile now has no die and no owner").format(player=player, lot=src),
            "components",
        )
    )
    return state.with_tile(src, tile.with_die(None))


def _tie_notes(state: State) -> list[Finding]:
    return [tie_note(c) for c in ties(state)]


def tie_note(c: Casino) -> Finding:
    """A casino whose boss is tied: which dice to reroll."""
    return note(
        _("tie for boss in {casino}: reroll {lots}").format(casino=c.name, lots=", ".join(c.boss.tied)), "boss-ties"
    )


def _company_or_none(colour: str | Company | None) -> Company | None:
    if colour is None or isinstance(colour, Company):
        return colour
    return company(colour)


def _any_colour(
    state: State, needed: int, exclude: Company | None, what: str, out: list[Finding], notes: list[Finding]
) -> None:
    """No colour chosen: legal if some colour still has ``needed`` tiles; the player picks later."""
    left = {c: supply().tiles_per_company - state.tiles_of(c) for c in Company if c != exclude}
    usable = [c.colour for c, n in left.items() if n >= needed]
    if usable:
        notes.append(
            note(
                _("no colour given: {what} with any of {colours}").format(
                    what=what, colours=", ".join(_(c) for c in usable)
                ),
                "components",
            )
        )
    else:
        out.append(
            reason(
                _("{what} needs {needed} tiles of one colour and no colour has that many left").format(
                    what=what, needed=needed
                ),
                "components",
            )
        )


def build(
    state: State, player: str, label: str, colour: str | Company | None, die_from: str | None = None
) -> ActionResult:
    """Build on a lot carrying the player's marker (``colour=None``: only check and price it)."""
    require_player(state, player)
    here = lot(label)
    comp = _company_or_none(colour)
    out: list[Finding] = []
    notes: list[Finding] = []
    _common(state, player, here.label, out)
    owner = state.markers.get(here.label)
    if here.label in state.tiles:
        out.append(reason(_("{lot} already has a casino tile").format(lot=here.label), "build"))
    elif owner is None:
        out.append(reason(_("{lot} carries no marker: only its owner can build there").format(lot=here.label), "build"))
    elif owner != player:
        out.append(
            reason(
                _("{lot} carries {owner}'s marker, not {player}'s").format(lot=here.label, owner=owner, player=player),
                "build",
            )
        )
    if comp is None:
        _any_colour(state, 1, None, _("building"), out, notes)
    else:
        _colour_left(state, comp, 1, out, _("building"))
    _pay(state, player, here.cost, out, "build")
    after = _die_for(state, player, die_from, here.label, out, notes)
    if out or comp is None:
        return ActionResult("build", player, here.label, here.cost, rule("build"), tuple(out), tuple(notes))
    after = after.with_marker(here.label, None).with_tile(here.label, Tile(comp, Die(player, here.die), BUILT))
    after = after.with_player(player, money=-here.cost)
    notes += _tie_notes(after)
    return ActionResult("build", player, here.label, here.cost, rule("build"), (), tuple(notes), after)


def _next_to(label: str, state: State) -> list[Casino]:
    near = neighbours(label)
    return [c for c in casinos(state) if near & set(c.lots)]


def sprawl(
    state: State, player: str, label: str, colour: str | Company | None = None, die_from: str | None = None
) -> ActionResult:
    """Sprawl a casino the player runs onto an empty, unowned neighbouring lot."""
    require_player(state, player)
    here = lot(label)
    cost = here.sprawl_cost
    out: list[Finding] = []
    notes: list[Finding] = []
    _common(state, player, here.label, out)
    if here.label in state.markers:
        out.append(
            reason(
                _("{lot} carries {owner}'s marker: you can only sprawl onto an unowned lot").format(
                    lot=here.label, owner=state.markers[here.label]
                ),
                "sprawl",
            )
        )
    elif here.label in state.tiles:
        out.append(reason(_("{lot} already has a casino tile").format(lot=here.label), "sprawl"))
    wanted = None if colour is None else (colour if isinstance(colour, Company) else company(colour))
    near = _next_to(here.label, state)
    mine = [c for c in near if c.boss.owner == player]
    if wanted is not None:
        mine = [c for c in mine if c.company == wanted]
    comps = sorted({c.company for c in mine}, key=lambda c: c.value)
    if not near:
        out.append(
            reason(
                _("{lot} is not next to any casino (neighbours inside the block: {lots})").format(
                    lot=here.label, lots=", ".join(sorted(neighbours(here.label)))
                ),
                "sprawl",
            )
        )
    elif not mine:
        run_by = "; ".join(_("{casino} run by {boss}").format(casino=c.name, boss=c.boss.describe()) for c in near)
        said = (
            _("{player} is not boss of any casino of colour {colour} next to {lot} ({run_by})")
            if wanted
            else _("{player} is not boss of any casino next to {lot} ({run_by})")
        )
        colour = _(wanted.colour) if wanted else ""
        out.append(reason(said.format(player=player, colour=colour, lot=here.label, run_by=run_by), "sprawl"))
    elif len(comps) > 1:
        out.append(
            reason(
                _("{lot} touches {player}'s casinos of several colours: say which ({colours})").format(
                    lot=here.label, player=player, colours=_(" or ").join(_(c.colour) for c in comps)
                ),
                "sprawl",
            )
        )
    comp = comps[0] if len(comps) == 1 else None
    if comp is not None:
        _colour_left(state, comp, 1, out, _("sprawling"))
    _pay(state, player, cost, out, "sprawl")
    after = _die_for(state, player, die_from, here.label, out, notes)
    if out or comp is None:
        return ActionResult("sprawl", player, here.label, cost, rule("sprawl"), tuple(out), tuple(notes))
    after = after.with_tile(here.label, Tile(comp, Die(player, here.die), SPRAWLED)).with_player(player, money=-cost)
    notes.append(
        note(
            _("the card of {lot} is still in the deck: whoever draws it takes this die over").format(lot=here.label),
            "take-over",
        )
    )
    notes += _tie_notes(after)
    return ActionResult("sprawl", player, here.label, cost, rule("sprawl"), (), tuple(notes), after)


def _casino(state: State, label: str, out: list[Finding], section: str) -> Casino | None:
    found = state.casino_at(lot(label).label)
    if found is None:
        out.append(reason(_("there is no casino on {lot}").format(lot=lot(label).label), section))
    return found


def remodel(state: State, player: str, label: str, colour: str | Company | None) -> ActionResult:
    """Change every tile of the casino on ``label`` to another colour (``None``: only check and price it)."""
    require_player(state, player)
    comp = _company_or_none(colour)
    out: list[Finding] = []
    notes: list[Finding] = []
    _common(state, player, lot(label).label, out)
    here = _casino(state, label, out, "remodel")
    cost = REMODEL_PER_TILE * (here.size if here else 0)
    if here is not None:
        if here.boss.owner != player:
            out.append(
                reason(
                    _("only the boss can remodel {casino} (boss: {boss})").format(
                        casino=here.name, boss=here.boss.describe()
                    ),
                    "remodel",
                )
            )
        if comp is None:
            _any_colour(state, here.size, here.company, _("remodelling {casino}").format(casino=here.name), out, notes)
        elif here.company == comp:
            out.append(
                reason(_("{casino} is already {colour}").format(casino=here.name, colour=_(comp.colour)), "remodel")
            )
        else:
            _colour_left(state, comp, here.size, out, _("remodelling {casino}").format(casino=here.name))
        _pay(state, player, cost, out, "remodel")
    if out or here is None or comp is None:
        return ActionResult("remodel", player, lot(label).label, cost, rule("remodel"), tuple(out), tuple(notes))
    after = state
    for x in here.lots:
        after = after.with_tile(x, replace(state.tiles[x], company=comp))
    after = after.with_player(player, money=-cost)
    merged = after.casino_at(here.lots[0])
    if merged is not None and merged.size > here.size:
        notes.append(
            note(
                _("it merges into {casino}, boss: {boss}").format(casino=merged.name, boss=merged.boss.describe()),
                "casinos",
            )
        )
    notes += _tie_notes(after)
    return ActionResult("remodel", player, lot(label).label, cost, rule("remodel"), (), tuple(notes), after)


def _check_rolls(
    rolls: Mapping[str, int], expected: tuple[str, ...], what: str, section: str, out: list[Finding]
) -> dict[str, int]:
    given = {lot(k).label: v for k, v in rolls.items()}
    for k, v in given.items():
        if not isinstance(v, int) or not 1 <= v <= 6:
            out.append(reason(_("a die shows 1 to 6, not {v} ({lot})").format(v=v, lot=k), section))
    missing = [x for x in expected if x not in given]
    extra = [x for x in given if x not in expected]
    if missing:
        out.append(reason(_("{what}: no new number for {lots}").format(what=what, lots=", ".join(missing)), section))
    if extra:
        out.append(
            reason(
                n_(
                    "{what}: {lots} is not rerolled (only {expected})",
                    "{what}: {lots} are not rerolled (only {expected})",
                    len(extra),
                ).format(what=what, lots=", ".join(extra), expected=", ".join(expected)),
                section,
            )
        )
    return given


def reorganize(state: State, player: str, label: str, rolls: Mapping[str, int] | None = None) -> ActionResult:
    """Pay $1 per pip of all dice in a casino and reroll them; ``rolls`` gives the new numbers by lot."""
    require_player(state, player)
    out: list[Finding] = []
    _common(state, player, lot(label).label, out)
    here = _casino(state, label, out, "reorganize")
    cost = here.pips if here else 0
    if here is not None:
        if not any(d.owner == player for _lot, d in here.dice):
            out.append(
                reason(_("{player} has no die in {casino}").format(player=player, casino=here.name), "reorganize")
            )
        again = [x for x, _die in here.dice if x in state.reorganized]
        if again:
            out.append(
                reason(
                    n_(
                        "{lots} was already reorganized this turn",
                        "{lots} were already reorganized this turn",
                        len(again),
                    ).format(lots=", ".join(again)),
                    "reorganize",
                )
            )
        _pay(state, player, cost, out, "reorganize")
    given: dict[str, int] = {}
    if here is not None and rolls is not None:
        given = _check_rolls(rolls, tuple(x for x, _die in here.dice), _("reorganize"), "reorganize", out)
    if out or here is None:
        return ActionResult("reorganize", player, lot(label).label, cost, rule("reorganize"), tuple(out))
    after = state.with_player(player, money=-cost)
    notes: list[Finding] = []
    if rolls is None:
        notes.append(
            note(
                _("roll {n} dice; owners place their own dice on their own tiles").format(n=len(here.dice)),
                "reorganize",
            )
        )
    for x, d in here.dice:
        if x in given:
            after = after.with_tile(x, state.tiles[x].with_die(Die(d.owner, given[x])))
    after = replace(after, reorganized=after.reorganized | {x for x, _die in here.dice})
    notes += _tie_notes(after)
    return ActionResult("reorganize", player, lot(label).label, cost, rule("reorganize"), (), tuple(notes), after)


def reroll(state: State, label: str, rolls: Mapping[str, int]) -> ActionResult:
    """Resolve a boss tie: the tied top dice of the casino on ``label`` get new numbers."""
    out: list[Finding] = []
    here = _casino(state, label, out, "boss-ties")
    if here is not None and not here.boss.reroll_needed:
        out.append(
            reason(
                _("{casino} has no tie for boss (boss: {boss})").format(casino=here.name, boss=here.boss.describe()),
                "boss-ties",
            )
        )
    given: dict[str, int] = {}
    if not out and here is not None:
        given = _check_rolls(rolls, here.boss.tied, _("tie reroll"), "boss-ties", out)
    if out or here is None:
        return ActionResult("reroll", "", lot(label).label, 0, rule("boss-ties"), tuple(out))
    after = state
    for x, d in here.dice:
        if x in given:
            after = after.with_tile(x, state.tiles[x].with_die(Die(d.owner, given[x])))
    again = after.casino_at(here.lots[0])
    notes = (
        [note(_("{casino}: boss is now {boss}").format(casino=again.name, boss=again.boss.describe()), "boss-ties")]
        if again
        else []
    )
    if again is not None and again.boss.reroll_needed:
        still = _("still tied in {casino}: reroll {lots}").format(casino=again.name, lots=", ".join(again.boss.tied))
        notes = [note(still, "boss-ties")]
    return ActionResult("reroll", "", lot(label).label, 0, rule("boss-ties"), (), tuple(notes), after)


#: The four building actions a player can price with ``cost``.
ACTIONS = ("build", "sprawl", "remodel", "reorganize")


def action_name(word: str) -> str:
    """``build``, ``sprawl``, ``remodel`` or ``reorganize`` (``reorganise`` too, any case)."""
    verb = word.strip().lower().replace("reorganise", "reorganize")
    if verb not in ACTIONS:
        raise InputError(Problem(_("unknown action"), text=word, choices=closest(verb, ACTIONS, n=2, cutoff=0.3)))
    return verb


def printed_price(verb: str, label: str) -> ActionResult:
    """The price of a build or sprawl from the board alone (remodel and reorganize need a casino)."""
    here = lot(label)
    if verb not in ("build", "sprawl"):
        raise InputError(Problem(_("the price of {verb} depends on the casino: give --file").format(verb=verb)))
    price = here.cost if verb == "build" else here.sprawl_cost
    return ActionResult(verb, "", here.label, price, rule(verb), printed=here.cost)


def act(
    state: State,
    verb: str,
    player: str,
    label: str,
    *,
    colour: str | Company | None = None,
    rolls: Mapping[str, int] | None = None,
    die_from: str | None = None,
) -> ActionResult:
    """One of the four actions by name: its price, every reason it is illegal, the state after."""
    if verb == "build":
        return build(state, player, label, colour, die_from)
    if verb == "sprawl":
        return sprawl(state, player, label, colour, die_from)
    if verb == "remodel":
        return remodel(state, player, label, colour)
    if verb == "reorganize":
        return reorganize(state, player, label, rolls)
    raise InputError(Problem(_("unknown action"), text=verb, choices=ACTIONS))
