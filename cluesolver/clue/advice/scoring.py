"""Every legal suggestion scored at once over a set of deals (all of them, or a uniform sample).

For a suggestion and a deal the answer is fixed: clockwise from the suggester's left, the
first player holding one of the cards shows.  When the notebook's owner suggests they
see the card (a shower holding several picks one uniformly), so "Cat shows Knife" and
"Cat shows Lounge" are different answers; otherwise only who showed is seen.  What an
answer teaches is taken as the log will record it: the players before the shower hold
none of the cards and the shower holds the card shown (or one of them).  Over a set of
deals (:class:`cluesolver.clue.engine.sampler.Deals`) this gives, for every suggestion, the
chance of each answer and the deals agreeing with it, and from those the expected drop
of the envelope's uncertainty (bits, summed over categories) and of the uncertainty
about the suggested cards' holders.  A few matrix products over the deals do it for all
suggestions together.

With every deal listed the figures are exact; with a sample they are estimates.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from cluesolver.clue.engine.sampler import Deals
from cluesolver.clue.record.constraints import ENVELOPE, Table


@dataclass(frozen=True)
class Scores:
    """Per candidate (rows of ``candidates``): the figures, and per answer the details."""

    candidates: np.ndarray  # (M, categories) card indices
    bits_now: float
    env_gain: np.ndarray  # (M,)
    hand_gain: np.ndarray  # (M,)
    settle: np.ndarray  # (M,) chance the answer settles a category not settled now
    nobody: np.ndarray  # (M,)
    outcome_prob: np.ndarray  # (M, G)
    outcome_bits: np.ndarray  # (M, G) envelope bits after each answer
    outcome_hand_bits: np.ndarray  # (M, G) hands bits after each answer
    outcome_settles: np.ndarray  # (M, G, categories) bool
    keys: tuple[tuple[str | None, int | None], ...]  # per answer column: (shower, position of the card seen)
    norm_gain: np.ndarray  # (M,) expected drop of the L-``norm`` of the categories' entropies (see below)
    open_gain: np.ndarray  # (M,) expected drop of the envelope cards still possible beyond one per category


def _entropy(counts: np.ndarray, size: np.ndarray) -> np.ndarray:
    """Entropy in bits along the last axis of ``counts`` (group totals ``size``)."""
    with np.errstate(divide="ignore", invalid="ignore"):
        p = counts / size[..., None]
        terms = np.log2(np.where(p > 0, p, 1.0))
        terms *= p  # p log p, 0 where p is 0; its sum negated below (exactly the sum of -p log p)
    return 0.0 - terms.sum(axis=-1)


def _sum_rows(a: np.ndarray) -> np.ndarray:
    """The sum over the first axis, added up as numpy adds up a contiguous last axis
    (pairwise: eight running sums from eight items on, blocks of 128 halved), so that the
    figures stay those of ``a.T.sum(axis=-1)`` to the last bit while every addition runs
    over whole rows."""
    n = len(a)
    if n < 8:
        total = 0.0 + a[0]
        for i in range(1, n):
            total += a[i]
        return total
    if n <= 128:
        acc = [a[j].copy() for j in range(8)]
        i = 8
        while i < n - n % 8:
            for j in range(8):
                acc[j] += a[i + j]
            i += 8
        total = ((acc[0] + acc[1]) + (acc[2] + acc[3])) + ((acc[4] + acc[5]) + (acc[6] + acc[7]))
        for tail in range(i, n):
            total += a[tail]
        return total
    half = n // 2
    half -= half % 8
    return _sum_rows(a[:half]) + _sum_rows(a[half:])


def _entropy_rows(counts: np.ndarray, size: np.ndarray) -> np.ndarray:
    """:func:`_entropy` along the first axis of ``counts`` (the same figures to the last bit)."""
    p = counts / size
    terms = np.log2(np.maximum(p, np.finfo(np.float64).tiny))  # p is 0 or at least 1 / size
    terms *= p  # p log p; -0.0 where p is 0, which adds nothing
    return 0.0 - _sum_rows(terms)


def candidates_of(pools: list[np.ndarray]) -> np.ndarray:
    """Every combination of one card per pool, in ``itertools.product`` order (M, pools)."""
    grids = np.meshgrid(*pools, indexing="ij")
    return np.stack([g.ravel() for g in grids], axis=1).astype(np.int64)


def _outer_t(factors: list[np.ndarray], op: np.ufunc = np.multiply) -> np.ndarray:
    """Outer product (or with ``op`` another outer operation) per deal of (p_k, n) factors,
    deals along the last axis: (prod p_k, n), rows in product order."""
    out = factors[0]
    for f in factors[1:]:
        out = op(out[:, None, :], f[None, :, :]).reshape(-1, out.shape[-1])
    return out


def score_all(
    deals: Deals, table: Table, suggester: str, seen: bool, pools: list[np.ndarray], norm: float = 2.0
) -> Scores:
    """Score every combination of ``pools`` (card indices per category) for ``suggester``;
    ``seen``: the suggester sees the card shown.

    Hands information is measured on the suggested cards: the entropy of each one's
    holder, summed.  Next to the envelope's bits (the sum of the categories' entropies)
    the drop of their L-``norm`` ((sum of H_k ** norm) ** (1 / norm); 1 gives the sum) is
    given: with ``norm`` 2 a bit counts more in the category furthest from settled, which
    is the one that keeps the envelope open longest.  ``open_gain`` counts cards: the
    expected drop of the number of envelope candidates beyond one per category.  Membership of a deal in an answer is a product of one indicator per
    suggested card (``the first shower sits at r`` = every card's holder sits at r or
    later, minus the same for r + 1), so every statistic is a matrix product over the
    deals.
    """
    owner = deals.owner.astype(np.intp)
    n = owner.shape[0]
    players = list(table.players)
    n_pl = len(players)
    me_at = players.index(suggester)
    order = np.array([(me_at + k) % n_pl for k in range(1, n_pl)], dtype=np.intp)
    k_cat = len(pools)
    sizes = [len(p) for p in pools]
    candidates = candidates_of(pools)
    m_all = len(candidates)
    env_code = deals.holders.index(ENVELOPE)
    n_hold = len(deals.holders)
    cat_cards = [np.array([table.cards.index(c) for c in cs]) for _, cs in table.categories]
    env_pos = [np.argmax(owner[:, cs] == env_code, axis=1) for cs in cat_cards]
    env_now = [np.bincount(e, minlength=len(cs)).astype(np.float64)[None, :] for e, cs in zip(env_pos, cat_cards)]
    total = np.array([float(n)])
    cat_now = [float(_entropy(e, total)[0]) for e in env_now]
    bits_now = float(sum(cat_now))
    norm_now = float(sum(b**norm for b in cat_now) ** (1 / norm))
    solved_now = np.array([bool((e == n).any()) for e in env_now])
    hold_now = np.stack([np.bincount(owner[:, c], minlength=n_hold) for c in range(len(table.cards))])
    card_bits_now = _entropy(hold_now.astype(np.float64), total.repeat(len(table.cards)))
    hand_now = card_bits_now[candidates].sum(axis=1)
    q_all = sum(len(cs) for cs in cat_cards)  # the envelope histogram's columns: every category's cards
    # Seats answer in turn from the suggester's left (0, 1, ...); the suggester, the envelope
    # and the table's slots never show (the last seat).  Per-card arrays run over the deals
    # along their last axis (the products below are then contiguous), the deals sorted by
    # the first category's envelope card (its groups are then slices); the weights below
    # keep the deals' own order.
    seat = np.full(n_hold, n_pl - 1, dtype=np.int8)
    seat[order] = np.arange(n_pl - 1, dtype=np.int8)
    by_first = np.argsort(env_pos[0], kind="stable")
    back = np.empty(n, dtype=np.intp)
    back[by_first] = np.arange(n)
    held = [owner[by_first][:, p].T for p in pools]  # (p_k, n)
    pos = [seat[h] for h in held]  # (p_k, n): where each pooled card's holder answers
    # the holders in seat order: those seated at r or later are the rows from r on
    by_seat = np.array([*order.tolist(), *(h for h in range(n_hold) if h not in set(order.tolist()))], dtype=np.intp)
    # the holders' one-hot (rows: holder in seat order, then card; deals along the row),
    # without the rows of a holder who has the card in no deal
    hot = []
    for h in held:
        full = (h[None, :, :] == by_seat[:, None, None]).reshape(-1, n)
        kept = np.flatnonzero(full.any(axis=1))
        hot.append((kept, full[kept].astype(np.float32)))

    def place(j: int, out: np.ndarray, width: int) -> np.ndarray:
        """Rows (``width`` values per card of category j) by columns (the other categories'
        combinations) to (width, M), the candidates in product order."""
        out = out.reshape([width, sizes[j], *(s for i, s in enumerate(sizes) if i != j)])
        return np.moveaxis(out, 1, 1 + j).reshape(width, m_all)

    made: dict[tuple[int, ...], np.ndarray] = {}  # products of a seat's factors (emptied at each seat)

    def product_of(factors: list[np.ndarray]) -> np.ndarray:
        key = tuple(id(f) for f in factors)
        if key not in made:
            made[key] = _outer_t(factors) if factors else np.ones((1, n), dtype=np.float32)
        return made[key]

    def others(factors: list[np.ndarray], j: int) -> np.ndarray:
        return product_of([f for i, f in enumerate(factors) if i != j])

    # the deals grouped by each category's envelope card: (order, slice bounds per card)
    groups: list[tuple[np.ndarray | None, list[int]]] = []
    for k, (e, cs) in enumerate(zip(env_pos, cat_cards)):
        by_card = np.argsort(e[by_first], kind="stable") if k else None  # the first category's: in order
        bounds = np.searchsorted(e[by_first][by_card if k else slice(None)], np.arange(len(cs) + 1)).tolist()
        groups.append((by_card, bounds))

    def envelope_of(first: np.ndarray, right: np.ndarray) -> np.ndarray:
        """The envelope histogram per candidate (q, M): for each category's card x, the
        deals with x in the envelope summed alone (the same sums as ``first`` times the
        envelope's one-hot times ``right``, without the one-hot's zeros)."""
        out = np.zeros((q_all, sizes[0], len(right)), dtype=np.float32)
        col = 0
        for by_card, bounds in groups:
            f, r = (first, right) if by_card is None else (first[:, by_card], right[:, by_card])
            for k in range(len(bounds) - 1):
                lo, hi = bounds[k], bounds[k + 1]
                if hi > lo:
                    np.matmul(f[:, lo:hi], r[:, lo:hi].T, out=out[col])
                col += 1
        return out.reshape(q_all, m_all)

    def stats(factors: list[np.ndarray], r: int, known: int | None = None) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """For the deals weighted by the product of ``factors`` (every card's holder seated
        at r or later, card ``known``'s at r): per candidate the weight (M), the envelope
        histogram (sum of category sizes, M) and the holders of the suggested cards (k,
        holders in seat order, M).  Card ``known``'s holder is the player at r, so its row
        needs no product; the others' holders are seated at r or later (the one-hot's rows
        from r on)."""
        right = others(factors, 0)
        env = envelope_of(factors[0], right)
        size = env[: len(cat_cards[0])].sum(axis=0)  # every deal has one envelope card per category
        hands = np.zeros((k_cat, n_hold, m_all), dtype=np.float32)
        wide = n_hold - r
        for j in range(k_cat):
            if j == known:
                hands[j, r] = size
                continue
            kept, rows = hot[j]
            later = int(np.searchsorted(kept, r * sizes[j]))  # the rows of holders seated at r or later
            rest = right if j == 0 else others(factors, j)
            out = np.zeros((wide * sizes[j], len(rest)), dtype=np.float32)
            out[kept[later:] - r * sizes[j]] = rows[later:] @ rest.T
            hands[j, r:] = place(j, out, wide)
        return size, env, hands

    if seen:
        keys: list[tuple[str | None, int | None]] = [(players[int(p)], j) for p in order for j in range(k_cat)]
    else:
        keys = [(players[int(p)], None) for p in order]
    keys.append((None, None))
    n_keys = len(keys)
    size = np.zeros((m_all, n_keys))
    weight = np.zeros((m_all, n_keys))
    env = np.zeros((q_all, n_keys, m_all), dtype=np.float32)  # deal counts, exact in float32
    hands = np.zeros((k_cat, n_hold, n_keys, m_all), dtype=np.float32)  # holders in seat order
    at_least = [[(q >= r).astype(np.float32) for q in pos] for r in range(n_pl)]
    if seen:
        exactly = [[(q == r).astype(np.float32) for q in pos] for r in range(n_pl)]
        # A shower holding t more of the cards shows card j once in 1 + t: per deal and
        # combination of the other cards the weight is 1 / (1 + t) when all of them are
        # seated at r or later (t: those at r), else 0.  These are sums of fractions in
        # float32: the product's operands keep the memory layouts that make every sum add
        # up in the same order (the weights deals-major, row by row; the card at r
        # card-major).
        pos_own = [seat[owner[:, p].T] for p in pools]
        for r in range(n_pl - 1):
            made.clear()
            for j in range(k_cat):
                g = r * k_cat + j
                fs = [exactly[r][i] if i == j else at_least[r][i] for i in range(k_cat)]
                size[:, g], env[:, g], hands[:, :, g] = stats(fs, r, known=j)
                rest = [i for i in range(k_cat) if i != j]
                by_deal = np.ones((n, 1), dtype=np.float32)
                if rest:
                    ways = _outer_t([exactly[r][rest[0]] + 1, *(exactly[r][i] for i in rest[1:])], np.add)
                    ways = np.divide(product_of([at_least[r][i] for i in rest]), ways, out=ways)
                    by_deal = np.ascontiguousarray(np.take(ways.T, back, axis=0))  # the deals' own order
                shown = ((pos_own[j] == r).astype(np.float32) @ by_deal).reshape(
                    [sizes[j], *(s for i, s in enumerate(sizes) if i != j)]
                )
                weight[:, g] = np.moveaxis(shown, 0, j).reshape(m_all)
        made.clear()
        size[:, -1], env[:, -1], hands[:, :, -1] = stats(at_least[n_pl - 1], n_pl - 1)
        weight[:, -1] = size[:, -1]
    else:
        cum = []
        for r in range(n_pl):
            made.clear()
            cum.append(stats(at_least[r], r))
        for r in range(n_pl - 1):
            size[:, r] = cum[r][0] - cum[r + 1][0]
            env[:, r] = cum[r][1] - cum[r + 1][1]
            hands[:, :, r] = cum[r][2] - cum[r + 1][2]
        size[:, -1], env[:, -1], hands[:, :, -1] = cum[n_pl - 1]
        weight[:] = size
    # Only the answers that happen in some deal are worked out (often fewer than half of
    # them); the others stay at zero, as the same formulas give for an empty answer.
    live = np.nonzero(size > 0)
    size_l = size[live]
    at = live[1] * m_all + live[0]  # the live answers in the (answer, candidate) columns below
    env_l = np.take(env.reshape(q_all, -1), at, axis=1).astype(np.float64)  # (q, live answers)
    bits_l = np.zeros(len(size_l))
    opened_l = np.zeros(len(size_l))
    powered_l = np.zeros(len(size_l))
    settles_l = np.zeros((len(size_l), k_cat), dtype=bool)
    opened_now = 0.0
    start = 0
    for k, cs in enumerate(cat_cards):
        part = env_l[start : start + len(cs)]
        start += len(cs)
        cat_bits = _entropy_rows(part, size_l)
        bits_l += cat_bits
        powered_l += np.maximum(cat_bits, 0.0) ** norm
        opened_l += np.maximum(np.count_nonzero(part > 0.5, axis=0) - 1, 0)
        opened_now += max(int((env_now[k] > 0).sum()) - 1, 0)
        settles_l[:, k] = (part >= size_l - 0.5).any(axis=0) & ~solved_now[k]
    bits = np.zeros((m_all, n_keys))
    opened = np.zeros((m_all, n_keys))
    powered = np.zeros((m_all, n_keys))
    settles = np.zeros((m_all, n_keys, k_cat), dtype=bool)
    hand_after = np.zeros((m_all, n_keys))
    bits[live], opened[live], powered[live], settles[live] = bits_l, opened_l, powered_l, settles_l
    seat_of = np.argsort(by_seat)  # each holder's row in seat order
    hands_l = np.take(hands.reshape(k_cat, n_hold, -1), at, axis=2)[:, seat_of].astype(np.float64)  # (k, holders, live)
    hand_after[live] = _sum_rows(np.stack([_entropy_rows(h, size_l) for h in hands_l]))
    prob = weight / n
    return Scores(
        candidates,
        bits_now,
        np.maximum(bits_now - (prob * bits).sum(axis=1), 0.0),
        np.maximum(hand_now - (prob * hand_after).sum(axis=1), 0.0),
        (prob * settles.any(axis=2)).sum(axis=1),
        prob[:, -1],
        prob,
        bits,
        hand_after,
        settles,
        tuple(keys),
        norm_now - (prob * powered ** (1 / norm)).sum(axis=1),
        np.maximum(opened_now - (prob * opened).sum(axis=1), 0.0),
    )
