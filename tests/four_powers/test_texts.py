"""Four Powers' own files copy none of its rulebook (shared/rules/four-powers.txt): no run of ten
words of the book in its documents, its package's code, packs and board script, or its tests.
Rules are cited by number and stated in our words (docs/writing-a-title.md, citing rules)."""

from __future__ import annotations

from ..rulebooks import RULES, copies, own_texts, rulebook_text


def test_no_file_of_the_title_copies_the_rulebook() -> None:
    files = own_texts("four-powers", "four_powers")
    assert len(files) > 20, "the title's files were not found"
    assert copies(files, rulebook_text(RULES / "four-powers.txt")) == {}
