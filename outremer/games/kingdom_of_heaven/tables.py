"""The Kingdom of Heaven combat tables as a data pack: the Combat Results Table (`§13.2`, L781-L792),
the Pursuit Table (`§13.4`, L804-L813), the Attrition Table (`§15.2`, L907-L910) and the Leader Loss
Table (`§13.6`, L828-L834).

The first three are lost with the player aids. Each is a grid of results by column (a band of
strength or Attrition Value) and modified die roll, with rows for rolls off the die (K25), and
lists the cells and columns the worked examples fix; the loader refuses a grid that breaks one of
them, or whose results fall as strength or the roll rises. The Leader Loss Table is the rulebook's.
A broken file raises :class:`BadData` naming the file, the record and the problem.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from itertools import pairwise
from pathlib import Path as FilePath
from types import MappingProxyType
from typing import Any

from ...engine.datapack import Loader, fail, read_pack, unique

FILES = ("tables",)
GRIDS = ("crt", "pursuit", "attrition")
Source = Mapping[str, str]


@dataclass(frozen=True, slots=True)
class Column:
    label: str
    low: int
    high: int | None  # None: open above

    def holds(self, value: int) -> bool:
        return self.low <= value and (self.high is None or value <= self.high)


@dataclass(frozen=True, slots=True)
class Table:
    """A grid of results: a column for a band of strength (or AV), a row for each modified roll
    from ``low`` (and below) to ``high`` (and above), K25."""

    name: str
    columns: tuple[Column, ...]
    low: int
    high: int
    results: Mapping[str, tuple[int, ...]]
    above: tuple[int, int] | None  # (from, every): one added to the roll per ``every`` over ``from``

    def column(self, value: int, shift: int = 0) -> int | None:
        """The index of the column for ``value``, moved ``shift`` columns (left if negative, as an
        assault's RF moves the besieger's, §17.7 L1113; right, as starvation's crowd moves the
        garrison's, §17.6.4 L1071); the last column if beyond it, None if before the first."""
        found = next((i for i, c in enumerate(self.columns) if c.holds(value)), None)
        if found is None:
            return None
        index = found + shift
        return None if index < 0 else min(index, len(self.columns) - 1)

    def result(self, value: int, roll: int, shift: int = 0) -> int:
        """The result for a force of ``value`` and a modified ``roll``: nothing below the first
        column (§17.7 L1113); a roll off the rows reads the nearest row (K25); above ``above``'s
        threshold the roll gains one per step (§15.2 L907)."""
        index = self.column(value, shift)
        if index is None:
            return 0
        if self.above is not None and value > self.above[0]:
            roll += (value - self.above[0]) // self.above[1]
        row = min(max(roll, self.low), self.high) - self.low
        return self.results[self.columns[index].label][row]


@dataclass(frozen=True, slots=True)
class LeaderLoss:
    """The Leader Loss Table (§13.6 L828-L834): bands of 2d6 plus modifiers."""

    bands: tuple[tuple[int, int | None, str], ...]
    modifiers: Mapping[str, int]

    def result(self, total: int) -> str:
        """ "death", "prisoner", "escape_maybe" or "escape" for a modified 2d6 ``total``; below the
        first band is death, as the first band is."""
        for low, high, result in self.bands:
            if total >= low and (high is None or total <= high):
                return result
        return self.bands[0][2]


@dataclass(frozen=True, slots=True)
class Tables:
    crt: Table
    pursuit: Table
    attrition: Table
    leader_loss: LeaderLoss


def read_tables(directory: FilePath | None = None) -> Tables:
    """Load, validate and cross-check the tables pack: the shipped one when ``directory`` is None."""
    doc = read_pack(__package__ or __name__, FILES, directory)["tables"]
    f = "tables"
    grids = {name: _table(f, name, doc[name]) for name in GRIDS}
    return Tables(grids["crt"], grids["pursuit"], grids["attrition"], _leader_loss(f, doc["leader_loss"]))


load_tables = Loader(read_tables)
"""The shipped data pack, loaded once; or the pack in a folder given, loaded afresh."""


def _table(f: str, name: str, doc: dict[str, Any]) -> Table:
    columns = tuple(Column(c["label"], c["low"], c.get("high")) for c in doc["columns"])
    unique(f, f"{name} column", (c.label for c in columns))
    expected = 1
    for i, c in enumerate(columns):
        last = i == len(columns) - 1
        label = f"{c.low}+" if c.high is None else f"{c.low}-{c.high}"
        if c.low != expected or (c.high is None) != last or c.label != label or (c.high or c.low) < c.low:
            fail(
                f,
                f"{name} column {c.label}",
                f"columns must run from 1 without gap, the last open; {expected} next",
            )
        expected = (c.high or 0) + 1
    rolls = doc["rolls"]
    width = rolls["high"] - rolls["low"] + 1
    results: dict[str, tuple[int, ...]] = {}
    for c in columns:
        row = doc["results"].get(c.label)
        if row is None or len(row) != width:
            fail(
                f,
                f"{name} column {c.label}",
                f"needs {width} results, rolls {rolls['low']} to {rolls['high']}",
            )
        if any(a > b for a, b in pairwise(row)):
            fail(f, f"{name} column {c.label}", "a higher roll may not give less")
        if results and any(a > b for a, b in zip(list(results.values())[-1], row, strict=True)):
            fail(f, f"{name} column {c.label}", "a stronger column may not give less at the same roll")
        results[c.label] = tuple(row)
    stray = sorted(set(doc["results"]) - set(results))
    if stray:
        fail(f, f"{name} column {stray[0]}", "results for a column the table does not have")
    above = doc.get("above")
    table = Table(
        name,
        columns,
        rolls["low"],
        rolls["high"],
        MappingProxyType(results),
        (above["from"], above["every"]) if above else None,
    )
    for cell in doc["cells"]:
        got = results.get(cell["column"])
        row = cell["roll"] - table.low
        if got is None or not 0 <= row < width or got[row] != cell["result"]:
            fail(
                f,
                f"{name} cell {cell['column']} roll {cell['roll']}",
                f"the example it cites needs {cell['result']}",
            )
    for seen in doc["columns_seen"]:
        index = table.column(seen["value"], seen.get("shift", 0))
        if index is None or columns[index].label != seen["column"]:
            fail(
                f, f"{name} column of {seen['value']}", f"the example it cites reads column {seen['column']}"
            )
    return table


def _leader_loss(f: str, doc: dict[str, Any]) -> LeaderLoss:
    bands = tuple((b["low"], b.get("high"), b["result"]) for b in doc["bands"])
    expected = bands[0][0]
    for i, (low, high, result) in enumerate(bands):
        if low != expected or (high is None) != (i == len(bands) - 1) or (high is not None and high < low):
            fail(
                f, f"leader_loss band {result}", f"bands must run without gap, the last open; {expected} next"
            )
        expected = (high or 0) + 1
    unique(f, "leader_loss modifier", (m["id"] for m in doc["modifiers"]))
    table = LeaderLoss(bands, MappingProxyType({m["id"]: m["value"] for m in doc["modifiers"]}))
    for cell in doc["cells"]:
        if table.result(cell["roll"]) != cell["result"]:
            fail(f, f"leader_loss roll {cell['roll']}", f"the example it cites needs {cell['result']}")
    return table
