"""What the Kingdom of Heaven tests share about the rulebook text and its section keys: where they
are, the rows of sections.md, the `§key Lnnn` citations of our documents and the packs' sources that
fall outside their key, the check that our files copy none of the rulebook's sentences, the source
records of a pack and the rows of our documents' tables (the logic shared with the other titles is
in tests/rulebooks.py)."""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from typing import Any

from .. import rulebooks
from ..rulebooks import REPO, Citation, Rows, Rulebook, copied_runs, section_rows

__all__ = [
    "DOCS",
    "REPO",
    "RULES",
    "SECTIONS",
    "Rows",
    "cited",
    "copied_runs",
    "misplaced",
    "rulebook_lines",
    "section_rows",
    "source_citations",
    "source_words",
    "sources",
    "table",
]

RULES = rulebooks.RULES / "kingdom-of-heaven.txt"
DOCS = REPO / "docs" / "kingdom-of-heaven"
SECTIONS = DOCS / "sections.md"
BOOK = Rulebook(RULES, SECTIONS, headers=("| space |", "| Power |", "| leader |", "| marker |"))
"""The rulebook, and the first cell of the header rows of our documents' tables."""
CITATION = re.compile(r"§(?P<key>[A-Za-z0-9]+(?:\.[A-Za-z0-9]+)*)(?: (?P<lines>L\d+(?:-L\d+)?))?")
"""A citation in our documents: `§10.2.1`, or with lines of it, `§10.2.1 L582-L584`."""

rulebook_lines = BOOK.lines
misplaced = BOOK.misplaced
table = BOOK.table


def cited(text: str) -> list[Citation]:
    """Every `§key` (with its lines, if given) that ``text`` cites."""
    return [(m["key"], m["lines"]) for m in CITATION.finditer(text)]


KINDS = ("rulebook", "example", "public", "reconstructed")
"""The four shapes of a source in our packs."""
CITING = ("rulebook", "example")
"""The shapes of a source that cite a key of the rulebook, at lines of it."""


def sources(node: Any) -> Iterator[dict[str, str]]:
    """Every source record in a document: a dict whose kind is one of the four."""
    if isinstance(node, dict):
        if node.get("kind") in KINDS:
            yield node
        for value in node.values():
            yield from sources(value)
    elif isinstance(node, list):
        for value in node:
            yield from sources(value)


def source_citations(doc: Any) -> list[Citation]:
    """The (key, lines) of every source in a document that cites the rulebook."""
    return [(s["key"], s["lines"]) for s in sources(doc) if s["kind"] in CITING]


def source_words(source: Mapping[str, str]) -> str:
    """A source as our documents' tables give it: its kind, and the key and lines it cites."""
    return source["kind"] + (f" §{source['key']} {source['lines']}" if source["kind"] in CITING else "")
