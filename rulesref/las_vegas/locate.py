"""Find where things are in a game file's raw text, for messages with line numbers.

tomllib gives data without positions, so we scan the text: the ``[[round]]`` headers cut
the file into blocks, and inside a block we look for a key or a casino entry.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_ROUND = re.compile(r"^\s*\[\[\s*round\s*\]\]")
_CASINO_PATTERNS = (
    r"^\s*casino\s*\.\s*\"?{n}\"?\s*[.=]",  # casino.3 = {...}   casino.3.money = [...]
    r"^\s*\[\s*round\s*\.\s*casino\s*\.\s*\"?{n}\"?\s*\]",  # [round.casino.3]
    r"^\s*\"?{n}\"?\s*=",  # inside [round.casino]: 3 = {...}
)


@dataclass(frozen=True)
class TextMap:
    lines: tuple[str, ...]
    rounds: tuple[int, ...]  # 0-based line index of each [[round]] header

    @classmethod
    def of(cls, text: str) -> TextMap:
        lines = tuple(text.splitlines())
        return cls(lines, tuple(i for i, line in enumerate(lines) if _ROUND.match(line)))

    def _span(self, round_index: int | None) -> tuple[int, int]:
        if round_index is None:
            end = self.rounds[0] if self.rounds else len(self.lines)
            return 0, end
        if round_index >= len(self.rounds):
            return len(self.lines), len(self.lines)
        start = self.rounds[round_index]
        end = self.rounds[round_index + 1] if round_index + 1 < len(self.rounds) else len(self.lines)
        return start, end

    def round_line(self, round_index: int) -> int | None:
        return self.rounds[round_index] + 1 if round_index < len(self.rounds) else None

    def key_line(self, key: str, round_index: int | None = None) -> int | None:
        """1-based line where ``key =`` (or ``key.x =``) is set, at the top or in a round."""
        start, end = self._span(round_index)
        pattern = re.compile(rf"^\s*\"?{re.escape(key)}\"?\s*[.=]")
        for i in range(start, end):
            if pattern.match(self.lines[i]):
                return i + 1
        return None

    def casino_line(self, round_index: int, number: str) -> int | None:
        start, end = self._span(round_index)
        patterns = [re.compile(p.format(n=re.escape(number))) for p in _CASINO_PATTERNS]
        for pattern in patterns:
            for i in range(start, end):
                if pattern.match(self.lines[i]):
                    return i + 1
        return None

    def table_line(self, round_index: int, name: str, table_index: int) -> int | None:
        """1-based line of the n-th ``[[round.<name>]]`` header inside a round."""
        start, end = self._span(round_index)
        header = re.compile(rf"^\s*\[\[\s*round\s*\.\s*{re.escape(name)}\s*\]\]")
        found = [i for i in range(start, end) if header.match(self.lines[i])]
        return found[table_index] + 1 if table_index < len(found) else None

    def tile_line(self, round_index: int, tile_index: int) -> int | None:
        return self.table_line(round_index, "tile", tile_index)

    def find(self, needle: str, near: int | None) -> int | None:
        """The first line at or after ``near`` (1-based) containing ``needle``; else ``near``."""
        if near is None:
            return None
        for i in range(near - 1, min(len(self.lines), near + 8)):
            if needle in self.lines[i]:
                return i + 1
        return near
