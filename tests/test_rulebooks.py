"""The rulebook-text checks every title's tests use (tests/rulebooks.py) can fail: on ranges, a
sections table, texts and tables built for the purpose, each mistake they exist to catch is found."""

from __future__ import annotations

from pathlib import Path

import pytest

from .rulebooks import (
    REPO,
    Rulebook,
    copied_runs,
    copies,
    coverage_problems,
    own_texts,
    section_rows,
)

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


def test_a_run_mostly_of_numbers_is_a_table_of_facts_not_a_copy() -> None:
    book = "Ayyubid 3 2 4 3 Turkoman 2 2 7 1 and the Angevin 2 2 4 Infantry in the slots of Acre."
    assert copied_runs("ayyubid 3 2 4 3 turkoman 2 2 7 1", book) == []  # 8 numbers of 10
    assert copied_runs("1 and the angevin 2 2 4 infantry in the", book) == [
        "1 and the angevin 2 2 4 infantry in the"  # 6 words of 10: prose
    ]


def test_a_table_gives_its_rows_under_the_heading_only(book: Rulebook) -> None:
    text = "# Doc\n## A\n| id | x |\n| a | 1 |\n## B\n| id | y |\n| b | 2 |\n"
    assert book.table(text, "## A") == ["| a | 1 |"]
    assert book.table(text, "## B") == ["| b | 2 |"]


def test_a_missing_rulebook_skips_the_test(book: Rulebook) -> None:
    with pytest.raises(pytest.skip.Exception, match="rulebook text not here"):
        book.text()


def test_only_the_files_that_copy_are_named(tmp_path: Path) -> None:
    book = "One two three four five six seven eight nine ten eleven."
    (tmp_path / "a.md").write_text(
        "we say: one two three four five six seven eight nine ten", encoding="utf-8"
    )
    (tmp_path / "b.md").write_text("one two three four five six seven eight nine", encoding="utf-8")
    assert copies(sorted(tmp_path.glob("*.md")), book) == {
        tmp_path / "a.md": ["one two three four five six seven eight nine ten"]
    }


def test_a_titles_own_texts_are_its_docs_code_packs_board_script_and_tests() -> None:
    found = own_texts("first-crusade", "first_crusade")
    game = REPO / "outremer" / "games" / "first_crusade"
    for path in (
        REPO / "docs" / "first-crusade" / "rulings-actions.md",
        game / "actions.py",
        game / "data" / "map.json",
        game / "web" / "board.js",
        REPO / "tests" / "first_crusade" / "test_board.py",
    ):
        assert path in found, path
    homes = (REPO / "docs" / "first-crusade", game, REPO / "tests" / "first_crusade")
    assert [path for path in found if not any(home in path.parents for home in homes)] == []
    assert [path for path in found if path.suffix not in (".md", ".py", ".json", ".js")] == []
