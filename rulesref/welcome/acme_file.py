"""The ``[acme]`` table of a solo game: ACME's pile of cards and its Architect card."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rulesref.core.i18n import _
from rulesref.core.names import closest
from rulesref.core.tomlfile import Span
from rulesref.welcome.model import ACME_DOMAINS, AVENUES, UNFILLED, Acme, DomainValue, Effect
from rulesref.welcome.reader import Reader

ACME_KEYS = ("card", "stack", "values", "crane", "bank-threshold", "hidden-card", "hotels", "projects")
ClaimReader = Callable[[Reader, Any, Span], None]


def read_acme(r: Reader, raw: Any, read_claims: ClaimReader) -> Acme | None:
    """The ``[acme]`` table; ``read_claims`` notes its projects like a player's."""
    heads = r.header_lines("[acme]")
    start = heads[0] if heads else 0
    scope = Span("acme", start, None)
    if not isinstance(raw, dict):
        r.problem(scope, None, _("should be an [acme] table"))
        return None
    r.reading("ACME", scope)
    r.check_keys(raw, ACME_KEYS, scope)
    stack = _stack(r, raw.get("stack"), scope)
    read_claims(r, raw.get("projects", {}), scope)
    values_raw = r.table(raw, "values", scope)
    inner = r.sub(scope, "values", "acme values")
    r.check_keys(values_raw, ACME_DOMAINS, inner)
    values: dict[str, DomainValue] = {}
    for domain in ACME_DOMAINS:
        v = values_raw.get(domain)
        if isinstance(v, list) and UNFILLED in v:
            r.blank(UNFILLED, inner, domain)
            values[domain] = DomainValue(0, 0, 0)
            continue
        if not (isinstance(v, list) and len(v) == 3 and all(isinstance(x, int) and not isinstance(x, bool) for x in v)):
            r.problem(
                inner,
                domain,
                _("should be [basic, improved, threshold] from the Architect card, e.g. [3, 5, 7]"),
                text=v,
            )
            continue
        if any(x < 0 for x in v):
            r.problem(inner, domain, _("cannot hold a value below 0: copy the numbers of the Architect card"), text=v)
        values[domain] = DomainValue(*v)
    return Acme(
        stack=stack,
        values=values,
        crane=r.integer(raw, "crane", scope, 0),
        bank_threshold=r.integer(raw, "bank-threshold", scope, minimum=0),
        hidden_card=r.integer(raw, "hidden-card", scope, minimum=1, maximum=15),
        hotels=r.integer(raw, "hotels", scope, 0, minimum=0, maximum=AVENUES),
        card=r.string(raw, "card", scope, None),
    )


EFFECT_WORDS = {
    "construction": Effect.CONSTRUCTION,
    "improvement": Effect.IMPROVEMENT,
    "inauguration": Effect.INAUGURATION,
    "limo": Effect.LIMO,
    "limousine": Effect.LIMO,
    "show": Effect.SHOW,
}


def parse_effect(token: str) -> Effect:
    """An effect from any unambiguous start of its name: C, Im, In, L, S, constr, ..."""
    word = token.strip().lower()
    hits = {e for w, e in EFFECT_WORDS.items() if w.startswith(word)} if word else set()
    if len(hits) != 1:
        raise ValueError(token)
    return hits.pop()


def _stack(r: Reader, raw: Any, scope: Span) -> tuple[Effect, ...]:
    if r.blank(raw, scope, "stack"):
        return ()
    if isinstance(raw, str):
        tokens = raw.replace(",", " ").split()
    elif isinstance(raw, list) and all(isinstance(x, str) for x in raw):
        tokens = list(raw)
    else:
        r.problem(scope, "stack", _('should list ACME\'s cards in pile order, e.g. "C Im L S In C"'), text=raw)
        return ()
    out: list[Effect] = []
    for token in tokens:
        try:
            out.append(parse_effect(token))
        except ValueError:
            r.problem(
                scope,
                "stack",
                _("has a card that is not an effect (C, Im, In, L, S)"),
                text=token,
                choices=closest(token, list(EFFECT_WORDS)),
            )
    return tuple(out)
