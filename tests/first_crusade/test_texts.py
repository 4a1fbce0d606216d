"""First Crusade's own files copy none of its rulebook (shared/rules/first-crusade.txt): no run of ten
words of the book in its documents, its package's code, packs and board script, or its tests.
Rules are cited by number and stated in our words (docs/writing-a-title.md, citing rules)."""

from __future__ import annotations

from ..rulebooks import RULES, copies, own_texts, rulebook_text


def test_no_file_of_the_title_copies_the_rulebook() -> None:
    files = own_texts("first-crusade", "first_crusade")
    assert len(files) > 20, "the title's files were not found"
    assert copies(files, rulebook_text(RULES / "first-crusade.txt")) == {}
