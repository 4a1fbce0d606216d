"""The Kingdom of Heaven combat tables pack (outremer/games/kingdom_of_heaven/data/tables.json): each
worked example's battle, pursuit, attrition and leader-loss figures replayed on the tables, every
source citing a key at lines inside it, broken copies refused naming the record, and tables.md's
grids the pack's."""

from __future__ import annotations

import json
from collections.abc import Callable
from importlib import resources
from pathlib import Path
from typing import Any

import pytest

from outremer.engine.errors import BadData
from outremer.games.kingdom_of_heaven.tables import Table, Tables, load_tables, read_tables

from ..datapacks import changed_copy
from .texts import REPO, copied_runs, misplaced, rulebook_lines, source_citations, table
from .texts import cited as citations

DATA = Path(str(resources.files("outremer.games.kingdom_of_heaven").joinpath("data")))
DOC = REPO / "docs" / "kingdom-of-heaven" / "tables.md"


@pytest.fixture(scope="module")
def tables() -> Tables:
    return load_tables()


def column(t: Table, value: int, shift: int = 0) -> str:
    index = t.column(value, shift)
    assert index is not None
    return t.columns[index].label


def dice_for(tables: Tables, modifier: int, result: str) -> list[int]:
    """The 2d6 totals that give ``result`` with ``modifier`` on the Leader Loss Table."""
    return [d for d in range(2, 13) if tables.leader_loss.result(d + modifier) == result]


# --- the pack as a whole ---------------------------------------------------------------------


def test_every_record_cites_a_key_at_lines_inside_it() -> None:
    text = (DATA / "tables.json").read_text(encoding="utf-8")
    cited = source_citations(json.loads(text))
    assert len(cited) > 30
    assert misplaced(cited) == []
    assert misplaced(citations(text)) == []


def test_the_pack_and_its_doc_copy_no_sentence_of_the_rulebook() -> None:
    rulebook = " ".join(rulebook_lines())
    assert copied_runs((DATA / "tables.json").read_text(encoding="utf-8"), rulebook) == []
    assert copied_runs(DOC.read_text(encoding="utf-8"), rulebook) == []


def test_grids_rise_with_strength_and_roll(tables: Tables) -> None:
    # §13.2 (L792), §13.4 (L813), §15.2 (L907): more strength or a higher roll never gives less
    for t in (tables.crt, tables.pursuit, tables.attrition):
        for value in range(1, 60):
            row = [t.result(value, r) for r in range(t.low - 1, t.high + 2)]
            assert row == sorted(row), (t.name, value)
        for r in range(t.low, t.high + 1):
            col = [t.result(value, r) for value in range(1, 60)]
            assert col == sorted(col), (t.name, r)


# --- §13.7: Richard against Saladin at Jerusalem ------------------------------------------------


def test_the_battle_for_jerusalem(tables: Tables) -> None:
    # §13.7.Example (L842-L844): 22 and 19 on 17-25; Richard 3 +1, Saladin 4: four each (before
    # Feigned Flight); Saladin's 17 pursues on 16-24 with 4 +1: eight steps; Richard's dice total 5,
    # +4 -2: a prisoner
    crt = tables.crt
    assert column(crt, 22) == column(crt, 19) == "17-25"
    assert crt.result(22, 3 + 1) == 4
    assert crt.result(19, 4) == 4
    assert column(tables.pursuit, 17) == "16-24"
    assert tables.pursuit.result(17, 4 + 1) == 8
    assert tables.leader_loss.result(5 + 4 - 2) == "prisoner"


# --- the extended example ------------------------------------------------------------------------


def test_foraging_on_cyprus(tables: Tables) -> None:
    # §Example.C1 (L1306): AV 5 + 2 = 7 on 7-9, a roll of 3: no loss
    assert column(tables.attrition, 5 + 2) == "7-9"
    assert tables.attrition.result(5 + 2, 3) == 0


def test_foraging_before_acre(tables: Tables) -> None:
    # §Example.C4 (L1332): AV 6 + 2 - 3 = 5 on 5-6, a roll of 5: one step
    assert column(tables.attrition, 6 + 2 - 3) == "5-6"
    assert tables.attrition.result(6 + 2 - 3, 5) == 1


def test_the_assault_on_acre(tables: Tables) -> None:
    # §Example.C6.End (L1367): 22 is 17-25, two left for RF 2 is 7-10, 3 +1: two losses; the
    # garrison's 5 on 3-6 with 3 +2: one; two for one is a major victory
    crt = tables.crt
    assert column(crt, 22) == "17-25"
    assert column(crt, 22, -2) == "7-10"
    inflicted, suffered = crt.result(22, 3 + 1, -2), crt.result(5, 3 + 2)
    assert (inflicted, suffered) == (2, 1)
    assert inflicted >= 2 * suffered


def test_shadowed_back_to_acre(tables: Tables) -> None:
    # §Example.C7 (L1383): Richard's AV 7 + 7 - 3 = 11 on 10-12, a 6: two steps; Saladin's 7 - 1 = 6,
    # a 1: none
    assert column(tables.attrition, 11) == "10-12"
    assert tables.attrition.result(7 + 7 - 3, 6) == 2
    assert tables.attrition.result(7 - 1, 1) == 0


def test_the_battle_of_jaffa(tables: Tables) -> None:
    # §Example.C8 (L1387-L1391): 25 and 21 on 17-25; Richard 3 +1: four; Saladin 3 -1 = 2: two (K21);
    # a major victory; Richard's 23 pursues on 16-24 with a 2: three more
    crt = tables.crt
    assert column(crt, 25) == column(crt, 21) == "17-25"
    inflicted, suffered = crt.result(25, 3 + 1), crt.result(21, 3 - 1)
    assert (inflicted, suffered) == (4, 2)
    assert inflicted >= 2 * suffered
    assert column(tables.pursuit, 23) == "16-24"
    assert tables.pursuit.result(23, 2) == 3


# --- §15.2 and §12.4.2: foraging -----------------------------------------------------------------


def test_louis_ix_to_damascus(tables: Tables) -> None:
    # §15.2.Example (L913): 5 + 4 - 2 = 7 on 7-9, a 6: two steps
    assert column(tables.attrition, 5 + 4 - 2) == "7-9"
    assert tables.attrition.result(7, 6) == 2


def test_amalric_shadowed_to_damascus(tables: Tables) -> None:
    # §12.4.2.Example (L760-L762): 5 + 6 + 3 + 2 = 16 on 16-19; the shadowers' 2 + 1 - 2 = 1 on 1-2;
    # had he turned back, 5 + 2 + 1 - 3 = 5 on 5-6
    assert column(tables.attrition, 5 + 6 + 3 + 2) == "16-19"
    assert column(tables.attrition, 2 + 1 - 2) == "1-2"
    assert column(tables.attrition, 5 + 2 + 1 - 3) == "5-6"


def test_attrition_above_twenty(tables: Tables) -> None:
    # §15.2 (L907): above 20, +1 to the roll at 25, +2 at 30; below 1, no loss
    a = tables.attrition
    assert a.result(24, 3) == a.result(20, 3)
    assert a.result(25, 3) == a.result(20, 4)
    assert a.result(30, 3) == a.result(20, 5)
    assert a.result(0, 6) == 0


# --- §17.11: the siege of Damascus ----------------------------------------------------------------


def test_the_siege_of_damascus(tables: Tables) -> None:
    a, crt = tables.attrition, tables.crt
    # L1182: foraging, 10 + 2 + 2 - 1 = 13 on 13-15, a 1: no loss
    assert column(a, 10 + 2 + 2 - 1) == "13-15"
    assert a.result(13, 1) == 0
    # L1186: Besieger's Supplies Run Low, 10 + 3 on 13-15, a 6: three infantry flipped
    assert a.result(10 + 3, 6) == 3
    # L1190: starvation with an OV 3 card, Yusuf's four units on 3-4 (none above four to shift), 4 +3:
    # two steps; Hulegu's ten on 10-12, a 3: one
    assert column(a, 4, max(0, 4 - 4)) == "3-4"
    assert a.result(4, 4 + 3) == 2
    assert a.result(10, 3) == 1
    # L1196: the assault, 32 two left is 11-16, 3 +1: three; Yusuf's 6 on 3-6, 3 +2: one; major
    assert column(crt, 32, -2) == "11-16"
    inflicted, suffered = crt.result(32, 3 + 1, -2), crt.result(6, 3 + 2)
    assert (inflicted, suffered) == (3, 1)
    assert inflicted >= 2 * suffered
    # L1196: Yusuf, battle 2, after the assault of a blockaded city, ends a prisoner
    modifier = 2 + tables.leader_loss.modifiers["assault_blockaded"]
    assert dice_for(tables, modifier, "prisoner")


def test_below_the_first_column(tables: Tables) -> None:
    # §17.7 (L1113): an assault shifted below 1-2 inflicts nothing whatever the roll
    crt = tables.crt
    assert crt.result(5, 9, -3) == 0
    assert crt.result(5, 9, -1) > 0


# --- §13.6: the Leader Loss Table ------------------------------------------------------------------


@pytest.mark.parametrize(
    ("total", "result"),
    [
        (2, "death"),
        (6, "death"),
        (7, "prisoner"),
        (9, "prisoner"),
        (10, "escape_maybe"),
        (11, "escape_maybe"),
        (12, "escape"),
        (16, "escape"),
        (-2, "death"),
    ],
)
def test_the_leader_loss_table(tables: Tables, total: int, result: str) -> None:
    # §13.6 (L828-L834)
    assert tables.leader_loss.result(total) == result


def test_leader_loss_modifiers(tables: Tables) -> None:
    # §13.6 (L830-L834): -2 after a major field victory, -4 and -2 after assaults
    assert dict(tables.leader_loss.modifiers) == {
        "major_field_victory": -2,
        "assault_blockaded": -4,
        "assault_unblockaded": -2,
    }


# --- broken copies --------------------------------------------------------------------------------


def _cell(doc: dict[str, Any], name: str, column: str, roll: int) -> dict[str, Any]:
    return next(c for c in doc[name]["cells"] if (c["column"], c["roll"]) == (column, roll))


def _set(doc: dict[str, Any], name: str, column: str, roll: int, value: int) -> None:
    doc[name]["results"][column][roll - doc[name]["rolls"]["low"]] = value


BROKEN: list[tuple[str, Callable[[Any], None], str]] = [
    (
        "Jaffa's cell",
        lambda d: (_set(d, "crt", "17-25", 2, 3), _set(d, "crt", "17-25", 3, 3)),
        "crt cell 17-25 roll 2: the example it cites needs 2",
    ),
    ("pursuit's eight", lambda d: _set(d, "pursuit", "16-24", 5, 7), "pursuit cell 16-24 roll 5"),
    ("falling row", lambda d: _set(d, "attrition", "1-2", 10, 0), "attrition column 1-2: a higher roll"),
    (
        "weaker column",
        lambda d: _set(d, "crt", "36+", 0, 1),
        "crt column 36+: a stronger column may not give less",
    ),
    ("short row", lambda d: d["crt"]["results"]["3-6"].pop(), "crt column 3-6: needs 10 results"),
    (
        "gap in columns",
        lambda d: d["crt"]["columns"][1].update(low=4, label="4-6"),
        "crt column 4-6: columns must run from 1 without gap",
    ),
    (
        "Hulegu's column",
        lambda d: d["crt"]["columns_seen"][6].update(column="7-10"),
        "crt column of 32: the example it cites reads column 7-10",
    ),
    (
        "stray results",
        lambda d: d["pursuit"]["results"].update({"99+": [0] * 10}),
        "pursuit column 99+: results for a column",
    ),
    (
        "cell off the rows",
        lambda d: _cell(d, "attrition", "3-4", 7).update(roll=12),
        "attrition cell 3-4 roll 12",
    ),
    (
        "Richard freed",
        lambda d: d["leader_loss"]["bands"][1].update(low=8),
        "leader_loss band prisoner: bands must run without gap",
    ),
    (
        "modifier twice",
        lambda d: d["leader_loss"]["modifiers"].append({"id": "assault_blockaded", "value": -3}),
        "leader_loss modifier assault_blockaded: listed twice",
    ),
    ("no source", lambda d: d["crt"].pop("source"), "'source' is a required property"),
]


@pytest.mark.parametrize(("change", "message"), [b[1:] for b in BROKEN], ids=[b[0] for b in BROKEN])
def test_a_broken_copy_is_refused_naming_the_record(
    tmp_path: Path, change: Callable[[Any], None], message: str
) -> None:
    folder = changed_copy(DATA, tmp_path, "tables", change)
    with pytest.raises(BadData, match="^tables.json") as refused:
        read_tables(folder)
    assert message in str(refused.value)


# --- the documentation ------------------------------------------------------------------------


def grid(t: Table) -> list[str]:
    """The rows of a grid of tables.md, as the pack gives them (the header first)."""
    rows = ["| roll | " + " | ".join(c.label for c in t.columns) + " |"]
    for i, r in enumerate(range(t.low, t.high + 1)):
        label = f"{r} or less" if r == t.low else f"{r} or more" if r == t.high else str(r)
        rows.append(f"| {label} | " + " | ".join(str(t.results[c.label][i]) for c in t.columns) + " |")
    return rows


def test_the_grids_of_tables_md_match_the_pack(tables: Tables) -> None:
    text = DOC.read_text(encoding="utf-8")
    assert table(text, "## Combat Results Table") == grid(tables.crt)
    assert table(text, "## Pursuit Table") == grid(tables.pursuit)
    assert table(text, "## Attrition Table") == grid(tables.attrition)
    doc = json.loads((DATA / "tables.json").read_text(encoding="utf-8"))
    cells = [
        f"| {c['roll']} | {name} | {c['column']} | {c['result']} |"
        for name in ("crt", "pursuit", "attrition")
        for c in doc[name]["cells"]
    ]
    assert [row.rsplit(" |", 2)[0] + " |" for row in table(text, "## Cells the examples fix")[1:]] == cells
