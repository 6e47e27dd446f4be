"""Show debts from where they are printed: what is still owed in each show column.

A column's two debts are circled when its first box is crossed off; each is cleared when
the box beside it is crossed off.  Given the boxes beside the debts (the same printed
positions on every sheet), the debts still owed follow from how many boxes are crossed.

    >>> debts_left(boxes=3, beside=(2, 4))
    1
    >>> debts_left(boxes=0, beside=(2, 4))
    0
"""

from __future__ import annotations

from collections.abc import Sequence

DEBTS_PER_COLUMN = 2


def debts_left(boxes: int, beside: Sequence[int]) -> int:
    """Debts still circled in a column with ``boxes`` crossed off (from the top)."""
    if boxes == 0:
        return 0  # never circled: the first box circles them
    return sum(1 for position in beside if position > boxes)
