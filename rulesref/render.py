"""Rule books and search results as Markdown for people and as JSON-ready dicts.

Nothing here prints; the CLI hands the Markdown to rich.
"""

from __future__ import annotations

from rulesref.book import ENGLISH, RuleBook, Section, books
from rulesref.search import Hit, SearchResult, marked_text

#: The few words the rendering adds around a rule text, in each language of the books.
LABELS: dict[str, dict[str, str]] = {
    "en": {"unconfirmed": "Not confirmed:", "see": "See also:", "also": "also:"},
    "et": {"unconfirmed": "Kinnitamata:", "see": "Vaata ka:", "also": "ka:"},
}


def _label(lang: str, key: str) -> str:
    return LABELS.get(lang, LABELS[ENGLISH])[key]


def _title_of(full_id: str, lang: str = ENGLISH) -> str:
    """The title of a linked section, in ``lang`` where its book has that language."""
    game, _, local = full_id.partition("/")
    b = books(lang).get(game)
    for s in b.sections if b else ():
        if s.id == local:
            return s.title
    return full_id


def section_body_markdown(s: Section) -> str:
    """A section without its title: id, text, the not-confirmed note, see-also links."""
    parts = [f"`{s.full_id}`", s.text]
    if s.unconfirmed:
        parts.append(f"> **{_label(s.lang, 'unconfirmed')}** {s.unconfirmed}")
    if s.see:
        links = ", ".join(f"{_title_of(link, s.lang)} (`{link}`)" for link in s.see)
        parts.append(f"*{_label(s.lang, 'see')}* {links}")
    return "\n\n".join(parts)


def book_intro_markdown(b: RuleBook) -> str:
    """A game's aliases, summary and table of contents."""
    parts = [f"`{b.game}`" + (f" · {_label(b.lang, 'also')} {', '.join(b.aliases)}" if b.aliases else "")]
    if b.summary:
        parts.append(b.summary)
    parts.append("\n".join(f"{i}. {s.title} · `{s.id}`" for i, s in enumerate(b.sections, 1)))
    return "\n\n".join(parts)


def section_json(s: Section) -> dict[str, object]:
    return {
        "id": s.full_id,
        "section": s.id,
        "game": s.game,
        "title": s.title,
        "text": s.text,
        "keywords": list(s.keywords),
        "keywords_et": list(s.keywords_et),
        "unconfirmed": s.unconfirmed,
        "see": [{"id": link, "title": _title_of(link, s.lang)} for link in s.see],
        "lang": s.lang,
    }


def book_json(b: RuleBook, *, with_text: bool = True) -> dict[str, object]:
    out: dict[str, object] = {
        "game": b.game,
        "title": b.title,
        "aliases": list(b.aliases),
        "summary": b.summary,
        "lang": b.lang,
    }
    if with_text:
        out["sections"] = [section_json(s) for s in b.sections]
    else:
        out["sections"] = [
            {"id": s.full_id, "section": s.id, "title": s.title, "unconfirmed": s.unconfirmed is not None}
            for s in b.sections
        ]
    return out


def hit_json(h: Hit) -> dict[str, object]:
    return {
        "id": h.section.full_id,
        "game": h.section.game,
        "title": h.section.title,
        "score": h.score,
        "snippet": marked_text(h.snippet),
        "unconfirmed": h.section.unconfirmed,
        "lang": h.section.lang,
    }


def result_json(r: SearchResult, *, full: bool = False) -> dict[str, object]:
    """A search result; with ``full``, the best section whole under ``best``."""
    out: dict[str, object] = {
        "query": r.query,
        "game": r.game,
        "terms": list(r.terms),
        "corrections": [{"typed": a, "used": b} for a, b in r.corrections],
        "unknown": list(r.unknown),
        "per_game": r.per_game,
        "lang": r.lang,
        "results": [hit_json(h) for h in r.hits],
    }
    if full and r.hits:
        out["best"] = section_json(r.hits[0].section)
    return out
