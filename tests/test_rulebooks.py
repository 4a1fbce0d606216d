"""The rulebook-text checks every title's tests use (tests/rulebooks.py) can fail: on ranges, a
sections table, texts and tables built for the purpose, each mistake they exist to catch is found."""

from __future__ import annotations

from pathlib import Path

import pytest

from .rulebooks import Rulebook, copied_runs, coverage_problems, section_rows

SECTIONS = """\
| key | what | lines |
| --- | --- | --- |
| `1` | the first part | L1-L3 |
| `1.Example` | its example | L4-L6 |
"""


@pytest.fixture
def book(tmp_path: Path) -> Rulebook:
    (tmp_path / "sections.md").write_text(SECTIONS, encoding="utf-8")
    return Rulebook(tmp_path / "book.txt", tmp_path / "sections.md", headers=("| id |",))


def test_the_rows_of_a_sections_table() -> None:
    assert section_rows(SECTIONS) == [("1", 1, 3), ("1.Example", 4, 6)]


def test_the_coverage_check_can_fail() -> None:
    good = [("A", 1, 3), ("B", 4, 6)]
    assert coverage_problems(good, 6) == []
    assert coverage_problems([("A", 1, 3), ("B", 5, 6)], 6)  # a gap
    assert coverage_problems([("A", 1, 4), ("B", 4, 6)], 6)  # an overlap
    assert coverage_problems([("B", 4, 6), ("A", 1, 3)], 6)  # out of order
    assert coverage_problems([("A", 3, 1), ("B", 4, 6)], 6)  # backwards
    assert coverage_problems(good, 7)  # the end of the file left out


def test_the_citation_check_can_fail(book: Rulebook) -> None:
    good = [("1", "L2"), ("1", "L1-L3"), ("1.Example", None), ("1.Example", "L5-L6, L2")]
    assert book.misplaced(good) == []
    wrong = [("2", None), ("1", "L4"), ("1", "L2-L4"), ("1", "line 2"), ("1", "")]
    assert book.misplaced(good + wrong) == wrong


def test_a_copied_run_is_found_whatever_its_case_and_punctuation() -> None:
    book = "One two three four five six seven eight nine ten eleven."
    assert copied_runs("one, two; three four FIVE six seven eight nine ten", book) == [
        "one two three four five six seven eight nine ten"
    ]
    assert copied_runs("one two three four five six seven eight nine eleven", book) == []
    assert copied_runs("zero one two three four five six seven eight nine", book) == []


def test_a_table_gives_its_rows_under_the_heading_only(book: Rulebook) -> None:
    text = "# Doc\n## A\n| id | x |\n| a | 1 |\n## B\n| id | y |\n| b | 2 |\n"
    assert book.table(text, "## A") == ["| a | 1 |"]
    assert book.table(text, "## B") == ["| b | 2 |"]


def test_a_missing_rulebook_skips_the_test(book: Rulebook) -> None:
    with pytest.raises(pytest.skip.Exception, match="rulebook text not here"):
        book.text()
