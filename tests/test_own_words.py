"""No title's own files copy its rulebook (shared/rules/<slug>.txt): no run of ten words of the book
in its documents, its package's code, packs and board script, or its tests. Rules are cited by
number and stated in our words (docs/writing-a-title.md, citing rules). Skipped where the rulebook
is absent."""

from __future__ import annotations

import pytest

from .rulebooks import RULES, copies, own_texts, rulebook_text

TITLES = ("crusader-rex", "first-crusade", "four-powers", "third-crusade", "kingdom-of-heaven")


@pytest.mark.parametrize("slug", TITLES)
def test_no_file_of_the_title_copies_the_rulebook(slug: str) -> None:
    files = own_texts(slug, slug.replace("-", "_"))
    assert len(files) > 20, "the title's files were not found"
    assert copies(files, rulebook_text(RULES / f"{slug}.txt")) == {}
