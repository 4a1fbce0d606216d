"""Kingdom of Heaven's section keys (docs/kingdom-of-heaven/sections.md) against the rulebook text:
every line of the rulebook in exactly one key's range, in file order; keys unique and shaped like
the book's numbers; every `§key` our documents cite defined, with its lines inside the key; the
rulings numbered once; and no document copying the rulebook's sentences."""

from __future__ import annotations

import re
from collections import Counter
from itertools import pairwise
from pathlib import Path

import pytest

from ..rulebooks import coverage_problems
from .texts import DOCS, SECTIONS, Rows, cited, copied_runs, misplaced, rulebook_lines, section_rows

KEY = re.compile(r"^(Front|Contents|Header|Example|[1-9][0-9]?(\.[0-9]+)*)(\.[A-Z][A-Za-z0-9]*)*$")
"""A key: a printed section number, or one of the named parts, each optionally split by words."""
RULING_ROW = re.compile(r"^\|\s*(K\d+)\s*\|")
OURS = sorted(DOCS.glob("*.md"))


@pytest.fixture(scope="module")
def rows() -> Rows:
    found = section_rows(SECTIONS.read_text(encoding="utf-8"))
    assert len(found) > 150, "the sections table was not found"
    return found


def test_ranges_cover_every_line_once_in_order(rows: Rows) -> None:
    assert coverage_problems(rows, len(rulebook_lines())) == []


def test_keys_are_unique_and_well_formed(rows: Rows) -> None:
    keys = [key for key, _, _ in rows]
    assert [key for key, count in Counter(keys).items() if count > 1] == []
    assert [key for key in keys if not KEY.match(key)] == []


def test_every_numbered_heading_has_its_key(rows: Rows) -> None:
    # a heading such as "## 9.1.1 THE KINGDOM ..." after the table of contents starts its own key
    lines = rulebook_lines()
    starts = {first: key for key, first, _ in rows}
    for n, line in enumerate(lines, start=1):
        heading = re.match(r"^#+ ([0-9]+(?:\.[0-9]+)*)\.? ", line)
        if heading and n > 121:
            assert starts.get(n) == heading[1], f"L{n}: {line}"


@pytest.mark.parametrize("doc", OURS, ids=lambda p: p.name)
def test_documents_cite_keys_that_exist_at_lines_inside_them(doc: Path) -> None:
    assert misplaced(cited(doc.read_text(encoding="utf-8"))) == []


def test_the_citation_check_can_fail() -> None:
    assert misplaced([("10.2.1", "L582")]) == []
    assert misplaced([("10.2.1", "L600")])  # outside the key
    assert misplaced([("17.5.2", None)])  # a cross-reference the book prints, but no section


def test_rulings_are_numbered_once_and_cite_lines_of_the_file() -> None:
    text = (DOCS / "rulings.md").read_text(encoding="utf-8")
    numbers = [m[1] for line in text.splitlines() if (m := RULING_ROW.match(line))]
    assert numbers
    assert [n for n, count in Counter(numbers).items() if count > 1] == []
    # numbered in order down the page; each rule section's rulings take a block of ten (K40 on),
    # so a block may end with numbers unused
    values = [int(n[1:]) for n in numbers]
    assert values == sorted(values)
    assert values[0] == 1
    assert [b for a, b in pairwise(values) if b != a + 1 and b % 10] == []
    total = len(rulebook_lines())
    assert [n for n in map(int, re.findall(r"\bL(\d+)\b", text)) if not 1 <= n <= total] == []


@pytest.mark.parametrize("doc", OURS, ids=lambda p: p.name)
def test_documents_do_not_copy_the_rulebook(doc: Path) -> None:
    assert copied_runs(doc.read_text(encoding="utf-8"), " ".join(rulebook_lines())) == []
