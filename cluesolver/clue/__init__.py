"""The Clue games: variants, the ``.clue`` log, the exact engine, explanations, advice,
live sessions and rules checks of a log."""

import os

# The advisor's matrix products are small: OpenBLAS worker threads only add waiting on a
# busy 2-core machine (measured ten times slower under load).  A user's own setting wins.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
