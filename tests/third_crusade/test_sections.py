"""Third Crusade's section keys (docs/third-crusade/sections.md) against the rulebook text: every line
of the rulebook in exactly one key's range, in file order; keys unique; every key the rulings cite
defined; and neither document copies the rulebook's sentences."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

from ..rulebooks import coverage_problems
from .texts import DOCS, SECTIONS, Rows, copied_runs, rulebook_text, section_rows

RULINGS = DOCS / "rulings.md"

CITED_KEY = re.compile(r"`([A-Z][A-Za-z0-9]*(?:\.[A-Za-z0-9]+)*)`")
CITED_LINE = re.compile(r"\bL(\d+)\b")
RULING_ROW = re.compile(r"^\|\s*(R\d+[a-z]?)\s*\|")


@pytest.fixture(scope="module")
def rules_lines() -> list[str]:
    return rulebook_text().splitlines()


@pytest.fixture(scope="module")
def rows() -> Rows:
    found = section_rows(SECTIONS.read_text(encoding="utf-8"))
    assert len(found) > 100, "the sections table was not found"
    return found


def test_ranges_cover_every_line_once_in_order(rows: Rows, rules_lines: list[str]) -> None:
    assert coverage_problems(rows, len(rules_lines)) == []


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
