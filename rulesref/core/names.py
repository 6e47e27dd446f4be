"""The one "did you mean" matcher: every unknown name is answered the same way.

>>> closest("Mustrd", ["Colonel Mustard", "Mustard", "Plum"])
('Mustard', 'Colonel Mustard')
>>> closest("zzz", ["Knife", "Rope"])
()
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable

#: How alike (0..1, difflib's ratio) a choice must be to be offered.
CUTOFF = 0.5
#: At most this many choices are offered.
HOW_MANY = 3


def closest(word: str, choices: Iterable[str], *, n: int = HOW_MANY, cutoff: float = CUTOFF) -> tuple[str, ...]:
    """The choices most like ``word`` (case-insensitive), best first, each spelt as given.

    A choice that starts with the word, or contains it as a whole word, counts even when the
    ratio is low (``"Plum"`` finds ``"Professor Plum"``).
    """
    by_key: dict[str, str] = {}
    for choice in choices:
        by_key.setdefault(choice.casefold(), choice)
    key = word.casefold().strip()
    if not key:
        return ()
    found = difflib.get_close_matches(key, list(by_key), n=n, cutoff=cutoff)
    if len(found) < n:
        for k in by_key:
            if k not in found and (k.startswith(key) or key in k.split()):
                found.append(k)
                if len(found) == n:
                    break
    return tuple(by_key[k] for k in found)
