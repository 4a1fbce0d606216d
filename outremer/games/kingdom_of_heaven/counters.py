"""The Kingdom of Heaven counter mix as a data pack: the Powers and their religions, the unit types
of each Power with both sides and their number, the castle counters of each Power, the leaders with
their strategy, battle and command ratings, and the markers, 528 counters in all (`§2.1`, L136).

The counter sheets are lost. The Powers are the rulebook's (`§3.Powers`, L209-L223); six leaders are
rated in the text, a dozen more and several unit sides are fixed by the examples' arithmetic, each
cited by its record; ``data/counters.json`` reconstructs the rest (docs/kingdom-of-heaven/counters.md).
The file is validated by its JSON Schema, then checked across records: the nineteen Powers with their
religions, homes that are provinces or boxes of the map pack beside it, every reference known, unit
types listed once with a reduced side no stronger than the full one, the yellow dot exactly on 3-6
and 4-6 cavalry and on Christian 2-6 cavalry (`§7.3.Selecting`, L407), leaders' scenarios among the
map's letters, a walled-city counter for every walled city of the map, and the counters adding up to
the total. A broken file raises :class:`BadData` naming the file, the record and the problem.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path as FilePath
from types import MappingProxyType
from typing import Any

from ...engine.datapack import Loader, fail, read_pack, unique
from .board import Board, read_board

FILES = ("counters",)
POWERS = {
    # §3.Powers (L211-L223): every Power, with its religion
    "Crusaders": "catholic", "Templars": "catholic", "Hospitallers": "catholic",
    "Kingdom of Jerusalem": "catholic", "County of Tripoli": "catholic",
    "Principality of Antioch": "catholic", "County of Edessa": "catholic", "Kingdom of Cyprus": "catholic",
    "Byzantium": "orthodox", "Principality of Cyprus": "orthodox", "Armenia": "orthodox",
    "Damascus": "sunni", "Aleppo": "sunni", "Ayyubids": "sunni", "Seljuks": "sunni", "Mamluks": "sunni",
    "Fatimids": "shiite", "Assassins": "shiite",
    "Mongols": "pagan",
}  # fmt: skip
CHRISTIAN = frozenset({"catholic", "orthodox"})  # §3.Powers (L215)
CAVALRY_MA = 6  # §2.3.Units (L154): a unit of MA 6 is cavalry
LEADER_MA = {"catholic": 4, "orthodox": 4, "sunni": 6, "shiite": 6, "pagan": 6}  # §2.3.Leaders (L161)
WALLED_CITY_MARKER = "walled_city"
Source = Mapping[str, str]


@dataclass(frozen=True, slots=True)
class Power:
    """A Power (§3.Powers, L209): its religion and home province or box (§3.Terms, L203), if any."""

    id: str
    name: str
    religion: str
    home: str | None
    source: Source

    @property
    def christian(self) -> bool:
        return self.religion in CHRISTIAN


@dataclass(frozen=True, slots=True)
class UnitType:
    """The units of one Power with one face: combat strength and MA on the full side, combat
    strength on the reduced side (the MA stays), how many counters, and the yellow dot (§2.3.Units)."""

    power: str
    cs: int
    ma: int
    reduced_cs: int
    count: int
    yellow_dot: bool
    source: Source
    reduced_source: Source

    @property
    def cavalry(self) -> bool:
        return self.ma == CAVALRY_MA

    @property
    def label(self) -> str:
        return f"{self.cs}-{self.ma}"


@dataclass(frozen=True, slots=True)
class Leader:
    """A leader counter (§2.3.Leaders, L159): strategy, battle and command ratings, and the
    scenarios he serves in."""

    id: str
    name: str
    power: str
    strategy: int
    battle: int
    command: int
    scenarios: frozenset[str]
    source: Source

    @property
    def ratings(self) -> str:
        return f"{self.strategy}/{self.battle}/{self.command}"


@dataclass(frozen=True, slots=True)
class Counters:
    powers: Mapping[str, Power]
    units: tuple[UnitType, ...]
    castles: Mapping[str, int]  # power id -> castle counters
    leaders: Mapping[str, Leader]
    markers: Mapping[str, int]  # marker id -> counters
    total: int

    def units_of(self, power: str) -> tuple[UnitType, ...]:
        return tuple(u for u in self.units if u.power == power)

    def leader_ma(self, leader: str) -> int:
        """4 for a Christian leader, 6 for a Muslim or Pagan one (§2.3.Leaders, L161)."""
        return LEADER_MA[self.powers[self.leaders[leader].power].religion]

    def by_name(self, name: str) -> Leader | None:
        return next((x for x in self.leaders.values() if x.name == name), None)

    def counted(self) -> int:
        """Every counter of the mix: units, castles, leaders, markers and one political status
        marker per Power (§2.3.Markers, L169)."""
        units = sum(u.count for u in self.units)
        return (
            units
            + sum(self.castles.values())
            + len(self.leaders)
            + sum(self.markers.values())
            + len(self.powers)
        )


def read_counters(directory: FilePath | None = None) -> Counters:
    """Load, validate and cross-check the counters pack (and the map pack beside it, for homes,
    scenario letters and walled cities): the shipped ones when ``directory`` is None."""
    board = read_board(directory)
    doc = read_pack(__package__ or __name__, FILES, directory)["counters"]
    f = "counters"
    powers = _powers(f, doc["powers"], board)
    units = _units(f, doc["units"], powers)
    unique(f, "castles of", (c["power"] for c in doc["castles"]))
    for c in doc["castles"]:
        _known(f, f"castles of {c['power']}", c["power"], powers)
    leaders = _leaders(f, doc["leaders"], powers, board)
    unique(f, "marker", (m["id"] for m in doc["markers"]))
    markers = {m["id"]: m["count"] for m in doc["markers"]}
    walled = sum(1 for s in board.spaces.values() if s.walled_city)
    if markers.get(WALLED_CITY_MARKER, 0) < walled:
        fail(
            f, f"marker {WALLED_CITY_MARKER}", f"fewer counters than the map's {walled} walled cities (L165)"
        )
    counters = Counters(
        powers=MappingProxyType(powers),
        units=units,
        castles=MappingProxyType({c["power"]: c["count"] for c in doc["castles"]}),
        leaders=MappingProxyType(leaders),
        markers=MappingProxyType(markers),
        total=doc["total"]["count"],
    )
    if counters.counted() != counters.total:
        fail(f, "total", f"the mix has {counters.counted()} counters, not {counters.total} (§2.1, L136)")
    return counters


load_counters = Loader(read_counters)
"""The shipped data pack, loaded once; or the pack in a folder given, loaded afresh."""


def _powers(f: str, docs: list[dict[str, Any]], board: Board) -> dict[str, Power]:
    unique(f, "power", (p["id"] for p in docs))
    unique(f, "power name", (p["name"] for p in docs))
    powers: dict[str, Power] = {}
    for p in docs:
        rec = f"power {p['id']}"
        if POWERS.get(p["name"]) != p["religion"]:
            fail(
                f,
                rec,
                f"{p['name']} ({p['religion']}) is no Power of the rulebook of that religion (L211-L223)",
            )
        home = p.get("home")
        if home is not None and home not in board.provinces and home not in board.boxes:
            fail(f, rec, f"its home {home!r} is neither a province nor a box of the map")
        powers[p["id"]] = Power(p["id"], p["name"], p["religion"], home, p["source"])
    missing = sorted(set(POWERS) - {p.name for p in powers.values()})
    if missing:
        fail(f, f"power {missing[0]}", "missing: the rulebook names it (§3.Powers, L209-L223)")
    return powers


def _units(f: str, docs: list[dict[str, Any]], powers: Mapping[str, Power]) -> tuple[UnitType, ...]:
    unique(f, "unit type", (f"{u['power']} {u['cs']}-{u['ma']}" for u in docs))
    units: list[UnitType] = []
    for u in docs:
        t = UnitType(
            u["power"],
            u["cs"],
            u["ma"],
            u["reduced_cs"],
            u["count"],
            u["yellow_dot"],
            u["source"],
            u["reduced_source"],
        )
        rec = f"unit type {t.power} {t.label}"
        _known(f, rec, t.power, powers)
        if t.reduced_cs > t.cs:
            fail(f, rec, f"its reduced side ({t.reduced_cs}) is stronger than its full side")
        dotted = t.cavalry and (t.cs >= 3 or (t.cs == 2 and powers[t.power].christian))
        if t.yellow_dot != dotted:
            want = "carries" if dotted else "carries no"
            fail(f, rec, f"{want} yellow dot: 3-6, 4-6 and Christian 2-6 cavalry do, nothing else (L407)")
        units.append(t)
    bare = sorted(set(powers) - {t.power for t in units})
    if bare:
        fail(f, f"power {bare[0]}", "has no units")
    return tuple(units)


def _leaders(
    f: str, docs: list[dict[str, Any]], powers: Mapping[str, Power], board: Board
) -> dict[str, Leader]:
    unique(f, "leader", (x["id"] for x in docs))
    unique(f, "leader name", (x["name"] for x in docs))
    leaders: dict[str, Leader] = {}
    for x in docs:
        rec = f"leader {x['id']}"
        _known(f, rec, x["power"], powers)
        unknown = sorted(set(x["scenarios"]) - set(board.letters))
        if unknown:
            fail(f, rec, f"serves in unknown scenario {unknown[0]!r}")
        scenarios = frozenset(x["scenarios"])
        leaders[x["id"]] = Leader(
            x["id"], x["name"], x["power"], x["strategy"], x["battle"], x["command"], scenarios, x["source"]
        )
    return leaders


def _known(f: str, rec: str, power: str, powers: Mapping[str, Power]) -> None:
    if power not in powers:
        fail(f, rec, f"names unknown power {power!r}")
