"""What the Third Crusade tests share about the rulebook text, the section keys and the pack's
sources: where they are, the check that our files copy none of the rulebook's sentences, the rows
of sections.md, citations that fall outside their key, a source in the words the docs' tables use,
and the rows of a table of those docs (the logic shared with the other titles is in
tests/rulebooks.py)."""

from __future__ import annotations

from collections.abc import Mapping
from importlib import resources
from pathlib import Path

from .. import rulebooks
from ..rulebooks import REPO, Rows, Rulebook, copied_runs, section_rows

__all__ = [
    "DATA",
    "DOCS",
    "REPO",
    "RULES",
    "SECTIONS",
    "Rows",
    "copied_runs",
    "misplaced",
    "rulebook_text",
    "section_rows",
    "source_words",
    "table",
]

DATA = Path(str(resources.files("outremer.games.third_crusade").joinpath("data")))
RULES = rulebooks.RULES / "third-crusade.txt"
DOCS = REPO / "docs" / "third-crusade"
SECTIONS = DOCS / "sections.md"
BOOK = Rulebook(RULES, SECTIONS, headers=("| id |",))
"""The rulebook, and the first cell of the header rows of the docs' tables."""

rulebook_text = BOOK.text
misplaced = BOOK.misplaced
table = BOOK.table


def source_words(source: Mapping[str, str]) -> str:
    """A record's source as the docs' tables give it."""
    if source["kind"] == "rulebook":
        head = f"rulebook `{source['key']}` {source['lines']}"
        return head + (f": {source['reason']}" if source.get("reason") else "")
    return f"reconstructed: {source['reason']}"
