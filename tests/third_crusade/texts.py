"""What the Third Crusade tests share about the rulebook text, the section keys and the pack's
sources: where they are, the check that our files copy none of the rulebook's sentences, the rows
of sections.md, citations that fall outside their key, a source in the words the docs' tables use,
and the rows of a table of those docs."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from importlib import resources
from pathlib import Path

import pytest

DATA = Path(str(resources.files("outremer.games.third_crusade").joinpath("data")))
REPO = Path(__file__).resolve().parents[2]
RULES = REPO.parent / "shared" / "rules" / "third-crusade.txt"
SECTIONS = REPO / "docs" / "third-crusade" / "sections.md"
ROW = re.compile(r"^\|\s*`(?P<key>[^`]+)`\s*\|(?P<what>.*)\|\s*L(?P<first>\d+)-L(?P<last>\d+)\s*\|\s*$")
"""A row of the sections table: key, what it covers, its lines."""

Rows = list[tuple[str, int, int]]
RUN = 10
"""Words in a row that, found in the rulebook too, count as copied."""


def rulebook_text() -> str:
    """The rulebook's text; the test is skipped where the rulebook is not beside the repository."""
    if not RULES.exists():
        pytest.skip(f"rulebook text not here: {RULES}")
    return RULES.read_text(encoding="utf-8")


def section_rows(text: str) -> Rows:
    """The (key, first line, last line) of every row of the sections table, in the table's order."""
    rows = []
    for line in text.splitlines():
        match = ROW.match(line)
        if match:
            rows.append((match["key"], int(match["first"]), int(match["last"])))
    return rows


def misplaced(citations: Iterable[tuple[str, str]]) -> list[tuple[str, str]]:
    """The (key, lines) citations whose key sections.md lacks, or whose first range of lines is not
    inside that key's range (further ranges may point at the other lines a fact rests on)."""
    ranges = {key: (first, last) for key, first, last in section_rows(SECTIONS.read_text(encoding="utf-8"))}
    wrong = []
    for key, lines in citations:
        head = re.match(r"L(\d+)(?:-L(\d+))?", lines)
        if key not in ranges or not head:
            wrong.append((key, lines))
            continue
        lo, hi = int(head[1]), int(head[2] or head[1])
        first, last = ranges[key]
        if not first <= lo <= hi <= last:
            wrong.append((key, lines))
    return wrong


def words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9']+", text.lower())


def copied_runs(ours: str, rulebook: str) -> list[str]:
    """Every run of ``RUN`` words of ``ours`` that the rulebook has too (none should be)."""
    theirs = " " + " ".join(words(rulebook)) + " "
    mine = words(ours)
    runs = {" ".join(mine[i : i + RUN]) for i in range(len(mine) - RUN + 1)}
    return sorted(run for run in runs if f" {run} " in theirs)


def table(text: str, heading: str) -> list[str]:
    """The rows (not the header or rule) of the table under ``heading``."""
    lines = text.splitlines()
    start = lines.index(heading)
    rows: list[str] = []
    for line in lines[start + 1 :]:
        if line.startswith("#"):
            break
        if line.startswith("| ") and not line.startswith("| id |"):
            rows.append(line)
    return rows


def source_words(source: Mapping[str, str]) -> str:
    """A record's source as the docs' tables give it."""
    if source["kind"] == "rulebook":
        head = f"rulebook `{source['key']}` {source['lines']}"
        return head + (f": {source['reason']}" if source.get("reason") else "")
    return f"reconstructed: {source['reason']}"
