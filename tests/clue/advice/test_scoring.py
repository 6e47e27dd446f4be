"""score_all's building blocks: the row sums and entropies it uses give numpy's own figures
to the last bit (the scores of the ranking must not move when the arithmetic is rearranged),
and the scores match a direct count over the deals."""

from __future__ import annotations

import itertools
from pathlib import Path

import numpy as np
import pytest

from cluesolver.clue.advice.scoring import Scores, _entropy, _entropy_rows, _sum_rows, candidates_of, score_all
from cluesolver.clue.engine.covers import count_numpy as count
from cluesolver.clue.engine.sampler import Deals, deals_of
from cluesolver.clue.record.constraints import ENVELOPE, Table, puzzle_of
from cluesolver.clue.record.reader import parse_log
from tests.helpers import ROOT

LOGS = [
    ROOT / "tests" / "data" / "advisor" / "classic-endgame.clue",
    ROOT / "tests" / "data" / "clue" / "master-detective-4p.clue",
    ROOT / "examples" / "master-detective-6p.clue",
    ROOT / "examples" / "clue-2016-5p.clue",
    ROOT / "examples" / "classic-4p.clue",
]


@pytest.mark.parametrize("rows", [1, 2, 3, 7, 8, 9, 10, 12, 15, 16, 17, 31, 64, 127, 128, 129, 200, 300])
def test_row_sums_are_numpys_sums_to_the_last_bit(rows: int) -> None:
    rng = np.random.default_rng(rows)
    for cols in (1, 5, 333):
        a = -rng.random((rows, cols)) * 10.0 ** rng.integers(-9, 3, (rows, cols))
        a[rng.random((rows, cols)) < 0.3] = 0.0
        assert np.array_equal(_sum_rows(a), np.ascontiguousarray(a.T).sum(axis=-1))
        three = a.reshape(rows, cols, 1) * np.array([1.0, 0.5, 3.0])  # more axes after the first
        assert np.array_equal(_sum_rows(three), np.ascontiguousarray(np.moveaxis(three, 0, -1)).sum(axis=-1))


@pytest.mark.parametrize("width", [2, 6, 7, 8, 9, 12, 21])
def test_row_entropies_are_the_entropies_to_the_last_bit(width: int) -> None:
    rng = np.random.default_rng(width)
    counts = rng.integers(0, 40, (width, 500)).astype(np.float64)
    counts[:, :50] = 0.0
    counts[0, :50] = 17.0  # one place only: 0 bits
    counts[rng.random(counts.shape) < 0.3] = 0.0
    size = counts.sum(axis=0)
    size[size == 0] = 1.0
    got = _entropy_rows(counts, size)
    assert np.array_equal(got, _entropy(np.ascontiguousarray(counts.T), size))
    assert not np.signbit(got).any()


# ----------------------------------------------------------------------------- the straight formulation
# The first vectorised version of score_all, kept here as the reference: the fast one must
# give its figures to the last bit (the seen-case weights are sums of fractions in float32,
# so even the order of those sums is pinned).


def _product(factors: list[np.ndarray]) -> np.ndarray:
    """Row-wise outer product of (n, p_k) factors: (n, prod p_k), columns in product order."""
    out = factors[0]
    for f in factors[1:]:
        out = (out[:, :, None] * f[:, None, :]).reshape(out.shape[0], -1)
    return out


def _straight_score_all(
    deals: Deals, table: Table, suggester: str, seen: bool, pools: list[np.ndarray], norm: float = 2.0
) -> Scores:
    """The scores as the first vectorised version worked them out, step by step."""
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
    seat = np.full(n_hold, n_pl - 1, dtype=np.int8)
    seat[order] = np.arange(n_pl - 1, dtype=np.int8)
    pos = [seat[owner[:, p]] for p in pools]  # (n, p_k): where each pooled card's holder answers
    held = [owner[:, p] for p in pools]
    hot = [np.stack([(h == code) for code in range(n_hold)], axis=2).astype(np.float32) for h in held]

    def split(j: int, left: np.ndarray, right: np.ndarray, width: int = 1) -> np.ndarray:
        """``left.T @ right`` where ``left`` is category j's factor (n, p_j * width) and
        ``right`` the product of the others' factors: per candidate, ``width`` values."""
        out = (left.T @ right).reshape([sizes[j], width, *(s for i, s in enumerate(sizes) if i != j)])
        out = np.moveaxis(out, [0, 1], [j, k_cat])
        return out.reshape(m_all, width)  # float32: whole numbers (deal counts) stay exact, as do the weights

    def others(factors: list[np.ndarray], j: int) -> np.ndarray:
        rest = [f for i, f in enumerate(factors) if i != j]
        return _product(rest) if rest else np.ones((n, 1), dtype=np.float32)

    # left factors shared by several answers are made once (keyed by the factor array, kept alive in ``made``)
    made: dict[tuple[int, int], tuple[np.ndarray, np.ndarray]] = {}

    def left_of(j: int, f: np.ndarray) -> np.ndarray:
        """``f`` times card j's holders' one-hot, flattened."""
        if (j, id(f)) not in made:
            made[j, id(f)] = (f, (f[:, :, None] * hot[j]).reshape(n, -1))
        return made[j, id(f)][1]

    # the deals grouped by each category's envelope card: (order, slice bounds per card)
    groups = []
    for e, cs in zip(env_pos, cat_cards):
        by_card = np.argsort(e, kind="stable")
        bounds = np.searchsorted(e[by_card], np.arange(len(cs) + 1))
        groups.append((by_card, bounds))

    def envelope_of(first: np.ndarray, right: np.ndarray) -> np.ndarray:
        """The envelope histogram per candidate (M, q): for each category's card x, the
        deals with x in the envelope summed alone (the same sums as ``first`` times the
        envelope's one-hot times ``right``, without the one-hot's zeros)."""
        out = np.empty((m_all, q_all), dtype=np.float32)
        col = 0
        for by_card, bounds in groups:
            f, r = first[by_card], right[by_card]
            for k in range(len(bounds) - 1):
                lo, hi = bounds[k], bounds[k + 1]
                out[:, col] = (f[lo:hi].T @ r[lo:hi]).ravel() if hi > lo else 0.0
                col += 1
        return out

    def stats(factors: list[np.ndarray], r: int, known: int | None = None) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """For the deals weighted by the product of ``factors``: per candidate the weight,
        the envelope histogram (M, sum of category sizes) and the holders of the
        suggested cards (M, k, holders).  With ``known``, that card's holder answers at
        seat ``r``: its holder is the player there, so its column needs no product."""
        right = others(factors, 0)
        size = split(0, factors[0], right)[:, 0]
        env = envelope_of(factors[0], right)
        hands = np.zeros((m_all, k_cat, n_hold), dtype=np.float32)
        for j in range(k_cat):
            if j == known:
                hands[:, j, order[r]] = size
                continue
            y = left_of(j, factors[j])  # (n, p_j * H)
            hands[:, j, :] = split(j, y, right if j == 0 else others(factors, j), n_hold)
        return size, env, hands

    if seen:
        keys: list[tuple[str | None, int | None]] = [(players[int(p)], j) for p in order for j in range(k_cat)]
    else:
        keys = [(players[int(p)], None) for p in order]
    keys.append((None, None))
    n_keys = len(keys)
    size = np.zeros((m_all, n_keys))
    weight = np.zeros((m_all, n_keys))
    env = np.zeros((m_all, n_keys, q_all), dtype=np.float32)  # deal counts, exact in float32
    hands = np.zeros((m_all, n_keys, k_cat, n_hold), dtype=np.float32)
    at_least = [[(q >= r).astype(np.float32) for q in pos] for r in range(n_pl)]
    if seen:
        exactly = [[(q == r).astype(np.float32) for q in pos] for r in range(n_pl)]
        later = [[(q > r).astype(np.float32) for q in pos] for r in range(n_pl)]
        for r in range(n_pl - 1):
            for j in range(k_cat):
                g = r * k_cat + j
                fs = [exactly[r][i] if i == j else at_least[r][i] for i in range(k_cat)]
                size[:, g], env[:, g], hands[:, g] = stats(fs, r, known=j)
                # a shower holding t more of the cards shows card j once in 1 + t
                rest = [i for i in range(k_cat) if i != j]
                right = np.zeros((n, m_all // sizes[j]), dtype=np.float32)
                for t in range(len(rest) + 1):
                    for chosen in itertools.combinations(rest, t):
                        fw = [exactly[r][i] if i in chosen else later[r][i] for i in rest]
                        right += _product(fw) / (1 + t) if fw else 1.0 / (1 + t)
                weight[:, g] = split(j, exactly[r][j], right)[:, 0]
        size[:, -1], env[:, -1], hands[:, -1] = stats(at_least[n_pl - 1], n_pl - 1)
        weight[:, -1] = size[:, -1]
    else:
        cum = [stats(at_least[r], r) for r in range(n_pl)]
        for r in range(n_pl - 1):
            size[:, r] = cum[r][0] - cum[r + 1][0]
            env[:, r] = cum[r][1] - cum[r + 1][1]
            hands[:, r] = cum[r][2] - cum[r + 1][2]
        size[:, -1], env[:, -1], hands[:, -1] = cum[n_pl - 1]
        weight[:] = size
    # Only the answers that happen in some deal are worked out (often fewer than half of
    # them); the others stay at zero, as the same formulas give for an empty answer.
    live = np.nonzero(size > 0)
    env_l, size_l = env[live].astype(np.float64), size[live]
    bits_l = np.zeros(len(size_l))
    opened_l = np.zeros(len(size_l))
    powered_l = np.zeros(len(size_l))
    settles_l = np.zeros((len(size_l), k_cat), dtype=bool)
    opened_now = 0.0
    start = 0
    for k, cs in enumerate(cat_cards):
        part = env_l[:, start : start + len(cs)]
        start += len(cs)
        cat_bits = _entropy(part, size_l)
        bits_l += cat_bits
        powered_l += np.maximum(cat_bits, 0.0) ** norm
        opened_l += np.maximum((part > 0.5).sum(axis=1) - 1, 0)
        opened_now += max(int((env_now[k] > 0).sum()) - 1, 0)
        settles_l[:, k] = (part >= size_l[:, None] - 0.5).any(axis=1) & ~solved_now[k]
    bits = np.zeros((m_all, n_keys))
    opened = np.zeros((m_all, n_keys))
    powered = np.zeros((m_all, n_keys))
    settles = np.zeros((m_all, n_keys, k_cat), dtype=bool)
    hand_after = np.zeros((m_all, n_keys))
    bits[live], opened[live], powered[live], settles[live] = bits_l, opened_l, powered_l, settles_l
    hand_after[live] = _entropy(hands[live].astype(np.float64), np.repeat(size_l[:, None], k_cat, axis=1)).sum(axis=1)
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


def _same(a: Scores, b: Scores) -> list[str]:
    """The fields of two Scores that differ in type, dtype, shape or any bit."""
    differ = []
    for name in Scores.__dataclass_fields__:
        x, y = getattr(a, name), getattr(b, name)
        if isinstance(x, np.ndarray):
            same = isinstance(y, np.ndarray) and x.dtype == y.dtype and x.shape == y.shape and np.array_equal(x, y)
        else:
            same = type(x) is type(y) and x == y
        if not same:
            differ.append(name)
    return differ


@pytest.mark.parametrize("path", LOGS, ids=lambda p: p.name)
def test_score_all_gives_the_straight_figures_to_the_last_bit(path: Path) -> None:
    log = parse_log(path.read_text(encoding="utf-8"), str(path), path.parent)
    puzzle = puzzle_of(log)
    counts = count(puzzle)
    deals = deals_of(puzzle, counts, 300, 7, 400)
    table = puzzle.table
    full = [np.array([table.cards.index(c) for c in cs], dtype=np.intp) for _, cs in table.categories]
    one_room = [*full[:-1], full[-1][:1]]
    for who in table.players:
        for seen, pools, norm in ((who == log.header.me, full, 2.0), (who != log.header.me, one_room, 1.0)):
            fast = score_all(deals, table, who, seen, pools, norm)
            straight = _straight_score_all(deals, table, who, seen, pools, norm)
            assert _same(fast, straight) == [], (who, seen, norm)


def test_score_all_on_every_deal_and_on_reordered_deals() -> None:
    """The deal counts do not depend on the deals' order (the weights do, bit by bit, and
    follow the given order as the straight version does)."""
    path = LOGS[0]
    log = parse_log(path.read_text(encoding="utf-8"), str(path), path.parent)
    puzzle = puzzle_of(log)
    counts = count(puzzle)
    deals = deals_of(puzzle, counts, 300, 7, 5000)
    assert deals.exact
    table = puzzle.table
    pools = [np.array([table.cards.index(c) for c in cs], dtype=np.intp) for _, cs in table.categories]
    flipped = Deals(deals.holders, deals.cards, deals.owner[::-1].copy(), deals.exact)
    for who in table.players:
        a = score_all(deals, table, who, who == log.header.me, pools)
        b = score_all(flipped, table, who, who == log.header.me, pools)
        assert _same(a, _straight_score_all(deals, table, who, who == log.header.me, pools)) == []
        assert _same(b, _straight_score_all(flipped, table, who, who == log.header.me, pools)) == []
        np.testing.assert_allclose(a.outcome_prob, b.outcome_prob, rtol=1e-6, atol=1e-7)
        np.testing.assert_array_equal(a.outcome_bits, b.outcome_bits)
