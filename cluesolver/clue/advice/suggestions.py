"""What to suggest next: every allowed suggestion scored by what its answer is expected to teach.

Everything here is exact over the consistent deals of the log (see :mod:`cluesolver.clue.engine.covers`).

*Information.*  The uncertainty about the envelope is measured in bits as the sum, over
the categories, of the entropy of that category's envelope card (an upper bound of the
entropy of the whole envelope that is cheap to compute exactly).  A suggestion's value
is the expected drop of that number once its answer is known.

*Who answers.*  Answers go clockwise from the suggester's left and stop at the first
player holding one of the cards.  The probability of each answer is counted exactly by
adding the answer's constraints to the puzzle.  When the log's owner makes the
suggestion they see the card, so the answer includes it; a player holding several of
the cards is assumed to pick one of them uniformly.  What an answer teaches is measured
on the log as it will be written (``Ben shows Knife``: Ben holds the Knife), which is
what every later analysis works from.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from cluesolver.clue.engine import count, count_variants
from cluesolver.clue.engine.results import Counts
from cluesolver.clue.record.constraints import ENVELOPE, AtLeastOne, Constraint, Has, Lacks, Puzzle, puzzle_of
from cluesolver.clue.record.events import Event, GameLog, Suggestion
from cluesolver.clue.record.turns import to_move
from rulesref.core.errors import InputError, Problem, UnknownNameError
from rulesref.core.i18n import _, language
from rulesref.core.names import closest

if TYPE_CHECKING:
    import numpy as np

    from cluesolver.clue.advice.scoring import Scores
    from cluesolver.clue.engine.sampler import Deals

# ----------------------------------------------------------------------------- entropy


def envelope_bits(counts: Counts, categories: tuple[tuple[str, tuple[str, ...]], ...]) -> float:
    """Uncertainty about the envelope: the sum of each category's entropy, in bits."""
    return sum(_category_bits([counts.held[ENVELOPE][c] for c in cards], counts.deals) for _, cards in categories)


def _category_bits(weights: list[float], total: float) -> float:
    if total <= 0:
        return 0.0
    bits = 0.0
    for w in weights:
        if w > 0:
            p = w / total
            bits -= p * math.log2(p)
    return max(bits, 0.0)


# ----------------------------------------------------------------------------- suggestions


@dataclass(frozen=True)
class AdvisorSettings:
    """The advisor's tunables (chosen by self-play, ``benchmarks/selfplay.py``).

    ``hands_weight``: weight of the expected information about the suggested cards'
    holders next to the envelope's (0 = envelope only), at the start of the game; with
    ``hands_decay`` it shrinks with the envelope's uncertainty.  ``exact_limit``: when at most this many deals
    agree with the log every one is listed and every figure is exact; otherwise
    ``samples`` deals are drawn uniformly and the best ``rescore`` suggestions are then counted exactly.
    ``leak_weight``: how much the ranking avoids suggestions that tell the opponents about
    the envelope (0 = not at all).  ``norm``: the envelope's uncertainty is ranked as the
    L-``norm`` of the categories' entropies (1: their sum, the Gain shown; 2: a bit counts
    more in the category furthest from settled).  ``open_weight``: worth of each envelope
    card expected to be ruled out (the goal is one possible card per category).
    ``hazard``: how the accusation timing counts each opponent's threat
    (:func:`cluesolver.clue.advice.timing.danger_of`): 2 counts their chance of not being
    certain twice over, an allowance for an opponent who becomes certain with their own
    next suggestion (self-play: +0.7 ± 0.3 points of wins over 1 counting only opponents
    certain now, whose danger fell far short of what happened; docs/benchmark-history.md).
    ``seed``: the draw is reproducible.
    """

    hands_weight: float = 0.3
    hands_decay: bool = True
    exact_limit: int = 2000
    samples: int = 1000
    rescore: int = 1
    leak_weight: float = 0.0
    norm: float = 2.0
    open_weight: float = 0.5
    threat_samples: int = 200
    threat_counts: int = 60
    hazard: float = 2.0
    seed: int = 0


DEFAULTS = AdvisorSettings()


@dataclass(frozen=True)
class Outcome:
    """One way a suggestion can be answered, as the log's owner would see it."""

    shower: str | None  # None: nobody shows
    card: str | None  # the card seen, when the owner made the suggestion
    probability: float
    bits_after: float
    settles: tuple[str, ...]  # categories that would become certain
    deal_bits_after: float = 0.0
    category_bits: tuple[float, ...] = ()  # bits_after per category
    category_open: tuple[int, ...] = ()  # envelope cards still possible per category


@dataclass(frozen=True)
class Advice:
    cards: tuple[str, ...]
    expected_bits: float  # expected drop of the envelope's uncertainty
    settle_chance: float  # chance the answer settles at least one category
    outcomes: tuple[Outcome, ...]
    expected_deal_bits: float = 0.0  # expected drop of the uncertainty about the suggested cards' holders
    exact: bool = True  # counted exactly (else estimated on sampled deals)
    leak: float = 0.0  # what the opponents are expected to learn about the envelope (bits)
    value: float = 0.0  # the ranking measure (see :func:`rank`)
    expected_norm_bits: float = 0.0  # expected drop of the L-norm of the categories' entropies
    expected_open: float = 0.0  # expected drop of the envelope cards still possible (beyond one per category)

    def score(self, hands_weight: float = 0.0, leak_weight: float = 0.0) -> float:
        return self.expected_bits + hands_weight * self.expected_deal_bits - leak_weight * self.leak

    @property
    def nobody_shows(self) -> float:
        return sum(o.probability for o in self.outcomes if o.shower is None)

    def to_json(self) -> dict[str, object]:
        return {
            "cards": list(self.cards),
            "value": self.value,
            "exact": self.exact,
            "expected_bits": self.expected_bits,
            "expected_hand_bits": self.expected_deal_bits,
            "settle_chance": self.settle_chance,
            "nobody_shows": self.nobody_shows,
            "leak_bits": self.leak,
            "outcomes": [
                {
                    "shower": o.shower,
                    "card": o.card,
                    "probability": o.probability,
                    "bits_after": o.bits_after,
                    "settles": list(o.settles),
                }
                for o in self.outcomes
            ],
        }


@dataclass(frozen=True)
class Ranking:
    player: str
    room: str | None
    bits_now: float
    advice: tuple[Advice, ...]
    candidates: int  # suggestions allowed
    evaluated: int  # of those, scored (all of them)
    deals_used: int = 0  # the deals they were scored on
    all_deals: bool = True  # every consistent deal (exact), else a uniform sample
    rescored: int = 0  # the best ones counted exactly after a sampled scoring

    def to_json(self) -> dict[str, object]:
        return {
            "player": self.player,
            "room": self.room,
            "bits_now": self.bits_now,
            "candidates": self.candidates,
            "evaluated": self.evaluated,
            "deals_used": self.deals_used,
            "all_deals": self.all_deals,
            "rescored": self.rescored,
            "sorted_by": "value",
            "suggestions": [a.to_json() for a in self.advice],
        }


def room_category(log: GameLog) -> str:
    """The category a player stands in (room, location); the last one otherwise."""
    return log.variant.standing_category().id


def match_room(log: GameLog, text: str) -> str:
    """The card of the standing category (room, location) ``text`` names.  A problem names
    the category as the edition does and lists its cards."""
    variant = log.variant
    standing = variant.standing_category()
    word = standing.display_name().lower()
    cards = variant.display_names(standing.cards)
    every = _("{word}s: {cards}").format(word=word, cards=", ".join(cards))
    names = variant.candidates(text) or variant.inflected(text)  # 'raamatukogus'
    mine = [n for n in names if n in standing.cards]
    if len(mine) == 1:
        return mine[0]
    if mine:
        said = _("ambiguous {word}").format(word=word)
        raise UnknownNameError(Problem(said, text=text.strip(), choices=tuple(variant.display_names(mine))))
    shown = tuple(variant.display_name(c) for c in closest(text, standing.cards))
    if len(names) == 1:
        other = variant.category(variant.category_of(names[0]))
        other_word = other.id if language() == "en" else other.display_name().lower()
        said = _("not a {word}: {card} is a {other} ({every})")
        said = said.format(word=word, card=variant.display_name(names[0]), other=other_word, every=every)
        raise InputError(Problem(said, text=text, choices=shown))
    raise UnknownNameError(
        Problem(_("unknown {word} ({every})").format(word=word, every=every), text=text.strip(), choices=shown)
    )


def rank(
    log: GameLog,
    player: str | None = None,
    room: str | None = None,
    top: int = 5,
    counts: Counts | None = None,
    settings: AdvisorSettings = DEFAULTS,
    deals: Deals | None = None,
) -> Ranking:
    """Every allowed suggestion for ``player`` (default: whoever is to move), best first.

    All combinations are scored (only those in ``room`` when given) over every consistent
    deal, or over a uniform sample of them when there are more than
    ``settings.exact_limit`` (:mod:`cluesolver.clue.advice.scoring`); then the best
    ``settings.rescore`` sampled ones are counted exactly.  The measure (``value``) is the
    expected envelope information plus ``hands_weight`` times the expected information
    about who holds the suggested cards (which pays off in later deductions; scaled by the
    share of the envelope's uncertainty still left), minus
    ``leak_weight`` times what a spectator would learn about the envelope from the answer.
    """
    import numpy as np

    from cluesolver.clue.advice.scoring import score_all
    from cluesolver.clue.engine.sampler import deals_of

    puzzle = puzzle_of(log)
    counts = counts if counts is not None else count(puzzle)
    who = player or to_move(log) or log.header.me or log.players[0]
    table = puzzle.table
    cats = table.categories
    room_cat = room_category(log)
    pools = [((room,) if room is not None and cat == room_cat else cards) for cat, cards in cats]
    allowed = math.prod(len(p) for p in pools)
    if not counts.deals:
        return Ranking(who, room, 0.0, (), allowed, 0)
    index = {c: i for i, c in enumerate(table.cards)}
    pool_ix = [np.array([index[c] for c in pool], dtype=np.intp) for pool in pools]
    seen = who == log.header.me
    if deals is None:
        deals = deals_of(puzzle, counts, settings.samples, settings.seed, settings.exact_limit)
    scores = score_all(deals, table, who, seen, pool_ix, settings.norm)
    candidates = scores.candidates
    leak = np.zeros(len(candidates))
    if settings.leak_weight:
        leak = leak_bits(log, pool_ix, who, settings)
    now = envelope_bits(counts, cats)
    # learning hands pays off in later deductions: less so as the envelope closes in
    hands = settings.hands_weight
    if settings.hands_decay:
        hands *= now / max(sum(math.log2(len(cs)) for _, cs in cats), 1e-9)
    value = measure(scores.norm_gain, scores.hand_gain, scores.open_gain, leak, hands, settings)
    order = sorted(range(len(candidates)), key=lambda m: (-round(float(value[m]), 9), -float(scores.settle[m]), m))
    advice: list[Advice] = []
    rescored = 0
    for m in order[: max(top, settings.rescore)]:
        cards = tuple(table.cards[int(c)] for c in candidates[m])
        if not deals.exact and rescored < settings.rescore:
            rescored += 1
            exact = _evaluate(puzzle, counts, log, who, cards, now, settings.norm)
            v = measure(
                exact.expected_norm_bits, exact.expected_deal_bits, exact.expected_open, leak[m], hands, settings
            )
            advice.append(replace(exact, leak=float(leak[m]), value=float(v)))
        else:
            advice.append(_from_scores(scores, m, cards, cats, float(leak[m]), float(value[m]), deals.exact))
    advice.sort(key=lambda a: (-round(a.value, 9), -a.settle_chance, a.cards))
    return Ranking(who, room, now, tuple(advice[:top]), allowed, len(candidates), deals.size, deals.exact, rescored)


def _from_scores(
    scores: Scores,
    m: int,
    cards: tuple[str, ...],
    cats: tuple[tuple[str, tuple[str, ...]], ...],
    leak: float,
    value: float,
    exact: bool,
) -> Advice:
    outcomes = []
    for g, (shower, j) in enumerate(scores.keys):
        prob = float(scores.outcome_prob[m, g])
        if prob <= 0:
            continue
        settles = tuple(cat for k, (cat, _) in enumerate(cats) if scores.outcome_settles[m, g, k])
        card = cards[j] if j is not None else None
        hand_after = float(scores.outcome_hand_bits[m, g])
        outcomes.append(Outcome(shower, card, prob, float(scores.outcome_bits[m, g]), settles, hand_after))
    outcomes.sort(key=lambda o: -o.probability)
    return Advice(
        cards,
        float(scores.env_gain[m]),
        float(scores.settle[m]),
        tuple(outcomes),
        float(scores.hand_gain[m]),
        exact,
        leak,
        value,
        float(scores.norm_gain[m]),
        float(scores.open_gain[m]),
    )


def leak_bits(log: GameLog, pools: list[np.ndarray], who: str, settings: AdvisorSettings) -> np.ndarray:
    """What a spectator (who hears every answer but sees no card) is expected to learn about
    the envelope from each suggestion's answer, in bits: the opponents' side of a leak."""
    import numpy as np

    from cluesolver.clue.advice.scoring import score_all
    from cluesolver.clue.engine.covers import count_numpy as count_deals
    from cluesolver.clue.engine.sampler import deals_for

    public = spectator_log(log)
    puzzle = puzzle_of(public)
    counts = count_deals(puzzle)
    if not counts.deals:
        return np.zeros(math.prod(len(p) for p in pools))
    deals = deals_for(puzzle, counts, settings.samples, np.random.default_rng(settings.seed + 1))
    return score_all(deals, puzzle.table, who, False, pools).env_gain


def spectator_log(log: GameLog) -> GameLog:
    """The log as someone who sees no card would keep it: no hand, no card named."""
    from cluesolver.clue.record.events import Header, Holds, LooksAt, Reply, Shown

    events: list[Event] = []
    for e in log.events:
        if isinstance(e, Suggestion):
            replies = tuple(Reply(r.player, r.shows, None, r.implied) for r in e.replies)
            events.append(replace(e, replies=replies))
        elif isinstance(e, (Shown, LooksAt)):
            events.append(replace(e, card=None))
        elif not isinstance(e, Holds):
            events.append(e)
    h = log.header
    header = Header(h.game, h.players, None, h.hands, (), h.table, h.lines)
    return GameLog(header, log.variant, tuple(events), log.path)


def _evaluate(
    puzzle: Puzzle, counts: Counts, log: GameLog, who: str, cards: tuple[str, ...], now: float, norm: float = 1.0
) -> Advice:
    me = log.header.me
    players = log.players
    i = players.index(who)
    order = [players[(i + k) % len(players)] for k in range(1, len(players))]
    cats = puzzle.table.categories
    solved_now = {cat for cat, cs in cats if any(counts.held[ENVELOPE][c] == counts.deals for c in cs)}
    total = counts.deals
    # Every answer's puzzle is the log's with a few facts about the suggested cards: they
    # are listed first and counted together (count_variants), then read answer by answer.
    extras: list[tuple[Constraint, ...]] = []
    answers: list[tuple[str | None, int | _Seen]] = []
    before: list[Constraint] = []
    for k in order:
        if all(counts.held[k][c] == 0 for c in cards):
            before.extend(Lacks(k, c) for c in cards)
            continue
        if who == me and k != me:
            answers.append((k, _seen_asks(counts, k, cards, tuple(before), extras)))
        else:
            extras.append((*before, AtLeastOne(k, cards)))
            answers.append((k, len(extras) - 1))
        before.extend(Lacks(k, c) for c in cards)
        if any(counts.held[k][c] == total for c in cards):
            break
    else:
        extras.append(tuple(before))
        answers.append((None, len(extras) - 1))
    got = count_variants(puzzle, extras)
    outcomes: list[Outcome] = []
    for shower, asked in answers:
        if isinstance(asked, _Seen):
            assert shower is not None
            outcomes.extend(_seen_outcomes(counts, shower, cards, asked, got, cats, solved_now))
            continue
        sub = got[asked]
        if sub.deals:
            outcomes.append(_outcome(shower, None, sub.deals / total, sub.deals, _rows(sub), cats, solved_now, cards))
    expected = sum(o.probability * o.bits_after for o in outcomes)
    settle = sum(o.probability for o in outcomes if o.settles)
    deal_now = _deal_bits(_rows(counts), counts.deals, cards)
    deal_gain = deal_now - sum(o.probability * o.deal_bits_after for o in outcomes)
    env = counts.held[ENVELOPE]
    norm_now = _norm([_category_bits([env[c] for c in cs], total) for _, cs in cats], norm)
    open_now = sum(max(sum(1 for c in cs if env[c] > 0) - 1, 0) for _, cs in cats)
    norm_gain = norm_now - sum(o.probability * _norm(o.category_bits, norm) for o in outcomes)
    open_gain = open_now - sum(o.probability * sum(max(k - 1, 0) for k in o.category_open) for o in outcomes)
    outcomes.sort(key=lambda o: -o.probability)
    return Advice(
        cards,
        max(now - expected, 0.0),
        settle,
        tuple(outcomes),
        max(deal_gain, 0.0),
        expected_norm_bits=norm_gain,
        expected_open=max(open_gain, 0.0),
    )


def _norm(bits: tuple[float, ...] | list[float], p: float) -> float:
    """The L-``p`` norm of the categories' entropies (``p`` 1: their sum)."""
    return float(sum(max(b, 0.0) ** p for b in bits) ** (1 / p))


def measure(norm_gain: Any, hand_gain: Any, open_gain: Any, leak: Any, hands: float, settings: AdvisorSettings) -> Any:
    """The ranking measure (``value``), for one suggestion or an array of them: the expected
    drop of the envelope's uncertainty as a norm of the categories' entropies, plus
    ``hands`` times the information about the suggested cards' holders, plus
    ``open_weight`` times the envelope cards expected to be ruled out, minus
    ``leak_weight`` times what a spectator learns."""
    return norm_gain + hands * hand_gain + settings.open_weight * open_gain - settings.leak_weight * leak


def _rows(counts: Counts) -> Mapping[str, Mapping[str, float]]:
    return counts.held  # read only: no copy


def _deal_bits(rows: Mapping[str, Mapping[str, float]], weight: float, cards: tuple[str, ...]) -> float:
    """The uncertainty about where ``cards`` lie: the sum over them of their holder's entropy."""
    return sum(_category_bits([rows[h][c] for h in rows], weight) for c in cards)


@dataclass(frozen=True)
class _Seen:
    """The counts an answer by one player to the owner's suggestion needs (indexes into the
    family of answer puzzles): per card they may show, "holds it"; per set of three or more
    of those cards, all but the last placed (the deals holding the whole set are that
    count's holder count of the last)."""

    possible: tuple[str, ...]
    seen: dict[str, int]
    placed: dict[tuple[str, ...], int]


def _seen_asks(
    counts: Counts, k: str, cards: tuple[str, ...], before: tuple[Constraint, ...], extras: list[tuple[Constraint, ...]]
) -> _Seen:
    """List in ``extras`` the puzzles :func:`_seen_outcomes` counts for ``k``'s answer."""
    possible = tuple(c for c in cards if counts.held[k][c] > 0)
    seen: dict[str, int] = {}
    for c in possible:
        extras.append((*before, Has(k, c)))
        seen[c] = len(extras) - 1
    placed: dict[tuple[str, ...], int] = {}
    for size in range(3, len(possible) + 1):
        for subset in itertools.combinations(possible, size):
            extras.append((*before, *(Has(k, c) for c in subset[:-1])))
            placed[subset] = len(extras) - 1
    return _Seen(possible, seen, placed)


def _seen_outcomes(
    counts: Counts,
    k: str,
    cards: tuple[str, ...],
    asked: _Seen,
    got: list[Counts],
    cats: tuple[tuple[str, tuple[str, ...]], ...],
    solved_now: set[str],
) -> list[Outcome]:
    """Answers by ``k`` to the owner's own suggestion: which card ``k`` shows.

    The chance of each card counts ``k`` picking uniformly among the cards they hold;
    what is learnt is what the log will say: ``k`` holds that card (and the players
    before ``k`` hold none of the cards).
    """
    weight = dict.fromkeys(cards, 0.0)
    possible = list(asked.possible)
    # ``k`` holds c: one count per card, also giving (as its holder counts) the deals where
    # k holds c and one more card; bigger sets need a count with all but one of them placed.
    seen = {c: got[j] for c, j in asked.seen.items()}

    def holds_all(subset: tuple[str, ...]) -> int:
        if len(subset) == 1:
            return seen[subset[0]].deals
        if len(subset) == 2:
            return seen[subset[0]].held[k][subset[1]]
        return got[asked.placed[subset]].held[k][subset[-1]]

    for size in range(1, len(possible) + 1):
        for subset in itertools.combinations(possible, size):
            # deals where k holds exactly ``subset`` of the cards (inclusion–exclusion over supersets)
            rest = [c for c in possible if c not in subset]
            n = sum(
                (-1) ** len(more) * holds_all(tuple(c for c in possible if c in subset or c in more))
                for t in range(len(rest) + 1)
                for more in itertools.combinations(rest, t)
            )
            for c in subset:
                weight[c] += n / size
    out = []
    for c in cards:
        if weight[c] <= 0:
            continue
        seen_c = seen[c]
        out.append(_outcome(k, c, weight[c] / counts.deals, seen_c.deals, _rows(seen_c), cats, solved_now, cards))
    return out


def _outcome(
    shower: str | None,
    card: str | None,
    probability: float,
    weight: float,
    rows: Mapping[str, Mapping[str, float]],
    cats: tuple[tuple[str, tuple[str, ...]], ...],
    solved_now: set[str],
    cards: tuple[str, ...],
) -> Outcome:
    env = rows[ENVELOPE]
    per_cat = tuple(_category_bits([env[c] for c in cs], weight) for _, cs in cats)
    open_ = tuple(sum(1 for c in cs if env[c] > 0) for _, cs in cats)
    bits = sum(per_cat)
    settles = tuple(
        cat
        for cat, cs in cats
        if cat not in solved_now and any(abs(env[c] - weight) <= 1e-9 * max(weight, 1) for c in cs)
    )
    return Outcome(shower, card, probability, bits, settles, _deal_bits(rows, weight, cards), per_cat, open_)
