"""What every title's tests share about its rulebook text and the section keys our documents cite
(docs/writing-a-title.md, citing rules): the text beside the repository, the rows of the title's
sections.md, the cover of the book's lines by those rows, the citations that fall outside their
key, the runs of words our files would copy from the book (and which of a title's own files do),
and the rows of our documents' tables. Each title binds its own paths in its tests' texts.py."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
RULES = REPO.parent / "shared" / "rules"
"""The folder of the rulebooks' texts, beside the repository (not shipped with it)."""
ROW = re.compile(r"^\|\s*`(?P<key>[^`]+)`\s*\|(?P<what>.*)\|\s*L(?P<first>\d+)-L(?P<last>\d+)\s*\|\s*$")
"""A row of a sections table: key, what it covers, its lines."""
LINES = re.compile(r"L(\d+)(?:-L(\d+))?")
"""The lines a citation gives: `L582` or `L582-L584`."""

Rows = list[tuple[str, int, int]]
Citation = tuple[str, str | None]
"""A cited key with the lines cited in it, or None where only the key is cited."""
RUN = 10
"""Words in a row that, found in the rulebook too, count as copied."""


def section_rows(text: str) -> Rows:
    """The (key, first line, last line) of every row of a sections table, in the table's order."""
    rows = []
    for line in text.splitlines():
        match = ROW.match(line)
        if match:
            rows.append((match["key"], int(match["first"]), int(match["last"])))
    return rows


def coverage_problems(rows: Rows, total: int) -> list[str]:
    """What is wrong with the ranges as a cover of lines 1..total, each exactly once, in order."""
    problems = []
    expected = 1
    for key, first, last in rows:
        if first > last:
            problems.append(f"{key}: L{first}-L{last} runs backwards")
        if first != expected:
            what = "overlaps the range before" if first < expected else f"leaves L{expected}-L{first - 1} out"
            problems.append(f"{key}: starts at L{first}, {what}")
        expected = max(expected, last + 1)
    if expected != total + 1:
        problems.append(f"the last range ends at L{expected - 1}, the file has {total} lines")
    return problems


def words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9']+", text.lower())


def copied_runs(ours: str, rulebook: str) -> list[str]:
    """Every run of ``RUN`` words of ``ours`` that the rulebook has too (none should be), but for
    runs mostly of numbers: a table of facts (a set-up's counts beside its Armies) is no prose."""
    theirs = " " + " ".join(words(rulebook)) + " "
    mine = words(ours)
    runs = {" ".join(mine[i : i + RUN]) for i in range(len(mine) - RUN + 1)}
    return sorted(run for run in runs if f" {run} " in theirs and _prose(run))


def _prose(run: str) -> bool:
    """Whether more than half the words of ``run`` are words, not numbers."""
    return sum(not w.isdigit() for w in run.split()) * 2 > RUN


def rulebook_text(path: Path) -> str:
    """A rulebook's text; the test is skipped where the rulebook is not beside the repository."""
    if not path.exists():
        pytest.skip(f"rulebook text not here: {path}")
    return path.read_text(encoding="utf-8")


def own_texts(slug: str, package: str) -> list[Path]:
    """A title's own files, none of which may copy its rulebook: its documents (docs/<slug>), the
    code, packs and board script of its package (outremer/games/<package>) and its tests."""
    code = REPO / "outremer" / "games" / package
    found = [*(REPO / "docs" / slug).glob("*.md"), *(REPO / "tests" / package).glob("*.py")]
    found += [path for pattern in ("*.py", "*.json", "*.js") for path in code.rglob(pattern)]
    return sorted(found)


def copies(paths: Iterable[Path], rulebook: str) -> dict[Path, list[str]]:
    """The runs each of the files that copy any takes from the rulebook."""
    found = {path: copied_runs(path.read_text(encoding="utf-8"), rulebook) for path in paths}
    return {path: runs for path, runs in found.items() if runs}


@dataclass(frozen=True)
class Rulebook:
    """A title's rulebook text, its sections.md, and the first cells of the header rows of the
    tables in its documents (so that ``table`` gives the rows below them)."""

    path: Path
    sections: Path
    headers: tuple[str, ...]

    def text(self) -> str:
        """The rulebook's text; the test is skipped where the rulebook is not beside the repository."""
        return rulebook_text(self.path)

    def lines(self) -> list[str]:
        return self.text().splitlines()

    def rows(self) -> Rows:
        return section_rows(self.sections.read_text(encoding="utf-8"))

    def misplaced(self, citations: Iterable[Citation]) -> list[Citation]:
        """The (key, lines) citations whose key sections.md lacks, whose lines are not `Lnnn` or
        `Lnnn-Lmmm`, or whose first range of lines is not inside that key's range (further ranges
        may point at the other lines a fact rests on). Lines None cite the key alone."""
        ranges = {key: (first, last) for key, first, last in self.rows()}
        wrong = []
        for key, lines in citations:
            if key not in ranges:
                wrong.append((key, lines))
                continue
            if lines is None:
                continue
            head = LINES.match(lines)
            first, last = ranges[key]
            if not head or not first <= int(head[1]) <= int(head[2] or head[1]) <= last:
                wrong.append((key, lines))
        return wrong

    def table(self, text: str, heading: str) -> list[str]:
        """The rows (not the header or rule) of the table under ``heading``."""
        lines = text.splitlines()
        start = lines.index(heading)
        rows: list[str] = []
        for line in lines[start + 1 :]:
            if line.startswith("#"):
                break
            if line.startswith("| ") and not line.startswith(self.headers):
                rows.append(line)
        return rows
