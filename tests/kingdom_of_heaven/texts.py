"""What the Kingdom of Heaven tests share about the rulebook text and its section keys: where they
are, the rows of sections.md, the `§key Lnnn` citations of our documents and the packs' sources that
fall outside their key, the check that our files copy none of the rulebook's sentences, the source
records of a pack and the rows of our documents' tables."""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

import pytest

REPO = Path(__file__).resolve().parents[2]
RULES = REPO.parent / "shared" / "rules" / "kingdom-of-heaven.txt"
DOCS = REPO / "docs" / "kingdom-of-heaven"
SECTIONS = DOCS / "sections.md"
ROW = re.compile(r"^\|\s*`(?P<key>[^`]+)`\s*\|(?P<what>.*)\|\s*L(?P<first>\d+)-L(?P<last>\d+)\s*\|\s*$")
"""A row of the sections table: key, what it covers, its lines."""
CITATION = re.compile(r"§(?P<key>[A-Za-z0-9]+(?:\.[A-Za-z0-9]+)*)(?: (?P<lines>L\d+(?:-L\d+)?))?")
"""A citation in our documents: `§10.2.1`, or with lines of it, `§10.2.1 L582-L584`."""

Rows = list[tuple[str, int, int]]
RUN = 10
"""Words in a row that, found in the rulebook too, count as copied."""


def rulebook_lines() -> list[str]:
    """The rulebook's lines; the test is skipped where the rulebook is not beside the repository."""
    if not RULES.exists():
        pytest.skip(f"rulebook text not here: {RULES}")
    return RULES.read_text(encoding="utf-8").splitlines()


def section_rows(text: str) -> Rows:
    """The (key, first line, last line) of every row of the sections table, in the table's order."""
    rows = []
    for line in text.splitlines():
        match = ROW.match(line)
        if match:
            rows.append((match["key"], int(match["first"]), int(match["last"])))
    return rows


def key_ranges() -> dict[str, tuple[int, int]]:
    return {key: (first, last) for key, first, last in section_rows(SECTIONS.read_text(encoding="utf-8"))}


def misplaced(citations: Iterable[tuple[str, str | None]]) -> list[tuple[str, str | None]]:
    """The (key, lines) citations whose key sections.md lacks, or whose first range of lines (if
    any) is not inside that key's range (further ranges may point at other lines the fact rests on)."""
    ranges = key_ranges()
    wrong = []
    for key, lines in citations:
        if key not in ranges:
            wrong.append((key, lines))
            continue
        if not lines:
            continue
        head = re.match(r"L(\d+)(?:-L(\d+))?", lines)
        first, last = ranges[key]
        if not head or not first <= int(head[1]) <= int(head[2] or head[1]) <= last:
            wrong.append((key, lines))
    return wrong


def cited(text: str) -> list[tuple[str, str | None]]:
    """Every `§key` (with its lines, if given) that ``text`` cites."""
    return [(m["key"], m["lines"]) for m in CITATION.finditer(text)]


def words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9']+", text.lower())


def copied_runs(ours: str, rulebook: str) -> list[str]:
    """Every run of ``RUN`` words of ``ours`` that the rulebook has too (none should be)."""
    theirs = " " + " ".join(words(rulebook)) + " "
    mine = words(ours)
    runs = {" ".join(mine[i : i + RUN]) for i in range(len(mine) - RUN + 1)}
    return sorted(run for run in runs if f" {run} " in theirs)


HEADERS = ("| space |", "| Power |", "| leader |", "| marker |")
"""The first cell of the header rows of our documents' tables."""


def table(text: str, heading: str) -> list[str]:
    """The rows (not the header or rule) of the table under ``heading``."""
    lines = text.splitlines()
    start = lines.index(heading)
    rows: list[str] = []
    for line in lines[start + 1 :]:
        if line.startswith("#"):
            break
        if line.startswith("| ") and not line.startswith(HEADERS):
            rows.append(line)
    return rows


KINDS = ("rulebook", "example", "public", "reconstructed")
"""The four shapes of a source in our packs."""


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
