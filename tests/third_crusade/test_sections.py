"""Third Crusade's section keys (docs/third-crusade/sections.md) against the rulebook text: every line
of the rulebook in exactly one key's range, in file order; keys unique; every key the rulings cite
defined; and neither document copies the rulebook's sentences."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

from .texts import REPO, RULES, SECTIONS, Rows, copied_runs, section_rows

DOCS = REPO / "docs" / "third-crusade"
RULINGS = DOCS / "rulings.md"

CITED_KEY = re.compile(r"`([A-Z][A-Za-z0-9]*(?:\.[A-Za-z0-9]+)*)`")
CITED_LINE = re.compile(r"\bL(\d+)\b")
RULING_ROW = re.compile(r"^\|\s*(R\d+[a-z]?)\s*\|")


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


@pytest.fixture(scope="module")
def rules_lines() -> list[str]:
    if not RULES.exists():
        pytest.skip(f"rulebook text not here: {RULES}")
    return RULES.read_text(encoding="utf-8").splitlines()


@pytest.fixture(scope="module")
def rows() -> Rows:
    found = section_rows(SECTIONS.read_text(encoding="utf-8"))
    assert len(found) > 100, "the sections table was not found"
    return found


def test_ranges_cover_every_line_once_in_order(rows: Rows, rules_lines: list[str]) -> None:
    assert coverage_problems(rows, len(rules_lines)) == []


def test_the_coverage_check_can_fail() -> None:
    good = [("A", 1, 3), ("B", 4, 6)]
    assert coverage_problems(good, 6) == []
    assert coverage_problems([("A", 1, 3), ("B", 5, 6)], 6)  # a gap
    assert coverage_problems([("A", 1, 4), ("B", 4, 6)], 6)  # an overlap
    assert coverage_problems([("B", 4, 6), ("A", 1, 3)], 6)  # out of order
    assert coverage_problems(good, 7)  # the end of the file left out


def test_keys_are_unique(rows: Rows) -> None:
    twice = [key for key, count in Counter(key for key, _, _ in rows).items() if count > 1]
    assert twice == []


def test_every_key_the_rulings_cite_exists(rows: Rows) -> None:
    keys = {key for key, _, _ in rows}
    cited = set(CITED_KEY.findall(RULINGS.read_text(encoding="utf-8")))
    assert cited, "no key cited in rulings.md"
    assert sorted(cited - keys) == []


def test_rulings_are_numbered_once_and_cite_lines_of_the_file(rules_lines: list[str]) -> None:
    text = RULINGS.read_text(encoding="utf-8")
    numbers = [m[1] for line in text.splitlines() if (m := RULING_ROW.match(line))]
    assert len(numbers) >= 30
    assert [n for n, count in Counter(numbers).items() if count > 1] == []
    lines = [int(n) for n in CITED_LINE.findall(text)]
    assert lines
    assert [n for n in lines if not 1 <= n <= len(rules_lines)] == []


@pytest.mark.parametrize("doc", [SECTIONS, RULINGS], ids=lambda p: p.name)
def test_docs_do_not_copy_the_rulebook(doc: Path, rules_lines: list[str]) -> None:
    assert copied_runs(doc.read_text(encoding="utf-8"), " ".join(rules_lines)) == []
