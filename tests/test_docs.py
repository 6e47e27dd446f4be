"""The documentation's links: every page it points at is in the repository.

A link (``[text](target)``) or a quoted Markdown path (`` `../x.md` ``) in README.md,
CONTRIBUTING.md or ``docs/`` must name a file of this repository, found from the page
that cites it (or from the root): a reader of a fresh clone can follow every one.  The
rule books' sources beside a checkout (``../shared/...``) are named as sources, not pages.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.helpers import ROOT

PAGES = sorted([ROOT / "README.md", ROOT / "CONTRIBUTING.md", *(ROOT / "docs").glob("*.md")])
LINK = re.compile(r"\]\(([^)\s]+)\)")
QUOTED_PAGE = re.compile(r"`([^`\s]*\.md)`")


#: Where the sources of the rule books live beside a checkout (``$CLUESOLVER_RULEBOOKS``,
#: CONTRIBUTING.md): the docs name them as sources, not as pages for the reader.
SOURCES = "../shared/"


def _targets(text: str) -> list[str]:
    found = LINK.findall(text) + QUOTED_PAGE.findall(text)
    return [
        t
        for t in found
        if not re.match(r"[a-z]+:", t) and not t.startswith(("#", SOURCES)) and not re.search(r"[*<]", t)
    ]


def _resolves(page: Path, target: str) -> bool:
    path = target.split("#", 1)[0]
    for base in (page.parent, ROOT):
        full = (base / path).resolve()
        if full.is_relative_to(ROOT) and full.exists():
            return True
    return False


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.name)
def test_every_cited_page_is_in_the_repository(page: Path) -> None:
    missing = [t for t in _targets(page.read_text(encoding="utf-8")) if not _resolves(page, t)]
    assert not missing, f"{page.name} cites pages that are not in the repository: {missing}"


def test_the_check_finds_a_page_outside_the_repository() -> None:
    page = ROOT / "docs" / "clue-log-format.md"
    assert _targets("spelled as in `../reference/clue-variants.md`") == ["../reference/clue-variants.md"]
    assert not _resolves(page, "../reference/clue-variants.md")
    assert _resolves(page, "variants.md")
