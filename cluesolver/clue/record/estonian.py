"""The Estonian words of a ``.clue`` statement: the reader's second vocabulary.

The Estonian rulebook's own words (docs/clue-log-format.md, "In Estonian"): a player *teeb
ettepaneku* (suggests), the others *näitavad* a card or *ei näita* (show, pass), a card
*lükkab ettepaneku ümber* (refutes it), a player *süüdistab* (accuses) and is *õige* or
*vale*.  Every pattern here is matched against case-folded text, like the English ones of
:mod:`.reader`, and reads to the same events: the writer still writes the canonical
English statement.

Names are inflected in Estonian (``Benile``, ``köit``, ``raamatukogus``): a player's name
is read with a case ending after it (:func:`inflected_player`), a card by its name in the
edition's Estonian (:meth:`~cluesolver.clue.variants.model.Variant.inflected`).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from cluesolver.clue.variants.model import fold, normalise

#: What a statement is, by the verb after its player (as :data:`.reader._VERBS`).
VERBS = (
    (
        "suggestion",
        r"(teeb ettepaneku|tegi ettepaneku|teen ettepaneku|kahtlustab|kahtlustas|panustab|panustas"
        r"|teeb panuse|tegi panuse)\b\s*:?",
    ),
    (
        "accusation",
        r"(süüdistab|süüdistas|esitab süüdistuse|esitas süüdistuse|paneb kõik mängu|pani kõik mängu)\b\s*:?",
    ),
    (
        "holds-none",
        r"(ei hoia|ei hoidnud|käes pole|käes ei ole|pole|ei ole|polnud|ei olnud)\b(\s+käes)?(\s+ühtegi)?"
        r"(\s+(neist|nendest|kaarti|kaartidest))?\s*:?",
    ),
    ("holds", r"(hoiab|hoidis|käes on|on käes|on)\b(\s+käes)?"),
    ("shown", r"(näitab|näitas)\b"),
    ("looks", r"(vaatab|vaatas)\b(\s+(lauakaarti|kaarti))?"),
)
#: The words an unknown verb is compared with, for "did you mean".
VERB_WORDS = ("teeb ettepaneku", "süüdistab", "hoiab", "ei hoia", "näitab", "vaatab", "panustab")
#: A misspelt first word close to one of these is taken for that kind, to read the rest of the line.
VERB_GUESSES = {"süüdistab": "accusation", "süüdistas": "accusation", "näitab": "shown", "hoiab": "holds"}
#: An answer that passes, and one that shows.
PASS = (
    r"ei näita|ei näidanud|ei saa näidata|ei saanud näidata|ei lükka ümber|ei lükanud ümber"
    r"|ei saa ümber lükata|ei saanud ümber lükata|passib|passis"
)
SHOW = r"näitab|näitas|lükkab ümber|lükkas ümber"
#: Every other player passed.
NOBODY = (
    r"(mitte )?keegi ei (näita|näidanud|saa näidata|saanud näidata|lükka ümber|lükanud ümber"
    r"|saa ümber lükata|saanud ümber lükata)|mitte keegi|kõik (passivad|passisid)"
)
#: ``näitab mulle``: shows me (the notebook's owner).
TO_ME = r"mulle\b"
#: ``üht kaarti neist: ...``: a card from these.
A_CARD_FROM = r"(üht|ühte|ühe)\s+kaarti?(\s+(neist|nendest|nende seast|nende hulgast))?\s*:?"
#: Words that join the cards of the natural form (``Plum raamatukogus koos köiega``).
JOIN = r"koos|ja"
#: An accusation's result.
WRONG = ("vale", "valesti", "eksis", "eksib", "ei")
RIGHT = ("õige", "õigesti", "jah", "võitis", "võidab")
#: The end of a round (Lost in Vegas clock).
ROUND = ("ring", "ringi lõpp", "uus ring", "voor", "vooru lõpp", "uus voor")
#: Header keys in Estonian.
HEADER = {
    "mäng": "game",
    "mängijad": "players",
    "mina": "me",
    "minu kaardid": "my cards",
    "mu kaardid": "my cards",
    "minu käsi": "my cards",
    "kaartide arv": "hands",
    "käte suurused": "hands",
    "laud": "table",
    "lauakaardid": "table",
}
#: An Estonian verb before a colon: the line is a statement, not a header key.
BEFORE_COLON = re.compile(
    r"(?i)\b(teeb ettepaneku|tegi ettepaneku|kahtlustab|kahtlustas|panustab|panustas|süüdistab|süüdistas"
    r"|esitab süüdistuse|esitas süüdistuse|paneb kõik mängu|pani kõik mängu|vaatab|vaatas|ei hoia|ei hoidnud"
    r"|pole|ei ole|näitab|näitas)\b"
)
#: The case endings a player's name takes in a statement (``Benil``, ``Annile``, ``Cat'ilt``).
PLAYER_ENDINGS = ("ile", "il", "ilt", "le", "l", "lt", "i")
#: ``mängijal Ann``, ``mängijale Ann``: the name after the word "player", uninflected.
PLAYER_NOUN = re.compile(r"(?i)mängija(l|le|lt)?\s+")
#: The case endings of a card name that stays English in Estonian (the suspects: ``Plumi``,
#: ``Mrs. Peacockile``, ``White'iga``), longest first, an apostrophe before them or not.
NAME_ENDINGS = ("iga", "ile", "ilt", "ist", "isse", "il", "is", "it", "i", "ga")


def name_stems(text: str) -> list[str]:
    """``text`` with each case ending its last word may have taken off, longest first:
    ``Professor Plumi`` -> [``Professor Plum``], ``Mrs. White'iga`` -> [``Mrs. White``,
    ``Mrs. White'i``].  Nothing when the last word has no such ending."""
    text = text.strip()
    out: list[str] = []
    for ending in NAME_ENDINGS:
        m = re.search(rf"(?i)['’]?{ending}$", text)
        if m is not None and m.start() >= 3 and text[m.start() - 1].isalpha():
            out.append(text[: m.start()])
    return out


def _key(word: str) -> str:
    """A word folded for comparing inflected names: no case, accents, apostrophes or hyphens."""
    return fold(normalise(word.replace("'", "").replace("’", "").replace("-", "")).replace(" ", ""))


def inflected_player(text: str, players: tuple[str, ...]) -> tuple[str, int] | None:
    """The player ``text`` starts with in an inflected form, and how many characters that
    takes: ``Benile köit`` -> (Ben, 6), ``Mardil on`` -> (Mart, 6), ``mängijale Ann`` ->
    (Ann, 13).  None when it starts with no player's name so written."""
    m = PLAYER_NOUN.match(text)
    if m:
        rest = text[m.end() :]
        low = rest.casefold()
        fits = [p for p in players if low.startswith(p.casefold()) and not low[len(p) : len(p) + 1].isalnum()]
        if fits:
            best = max(fits, key=len)
            return best, m.end() + len(best)
        return None
    word = re.match(r"[\w'’-]+", text)
    if word is None:
        return None
    key = _key(word.group())
    for p in sorted(players, key=len, reverse=True):
        base = _key(p)
        if any(key == base + fold(e) for e in PLAYER_ENDINGS):
            return p, word.end()
    return None


def segment(words: list[tuple[str, int]], fits: Callable[[str], bool]) -> list[tuple[str, int]] | None:
    """The cards of ``Plum raamatukogus köiega``: ``words`` (text, column) split into runs of
    one to four words that each name exactly one card (``fits(text)``), the fewest runs
    first; None when no split names a card with every run."""
    n = len(words)
    best: list[list[tuple[str, int]] | None] = [None] * (n + 1)
    best[0] = []
    for end in range(1, n + 1):
        for size in range(1, min(4, end) + 1):
            start = end - size
            before = best[start]
            if before is None:
                continue
            text = " ".join(w for w, _ in words[start:end])
            if fits(text) and (best[end] is None or len(before) + 1 < len(best[end] or ())):
                best[end] = [*before, (text, words[start][1])]
    return best[n]
