"""The Third Crusade map boards as a data pack: Regions, their slots and icons, Roads, Ports,
Mercantile Cities, the drawing layout and the Bot's Proximity order.

The rulebook shows its two map boards only in pictures (`BoardSetup.1`, L180; `Setup2p.Map`,
L235-L266). It names twenty Cities and fixes a few facts by its examples: Tripoli's only
neighbours are two Deserts and Sidon is not one of them (`Example.TripoliBattle.Defender`, L620-L625;
`Example.TripoliBattle.5`, L588-L591); Al-Adil's Forced March runs Ahamant, a Desert, Jerusalem
(`Plutorial.Command.3`, L1162-L1167); Damascus has a Desert to the west and one to the south
(`Plutorial.Command.7`, L1186-L1189). ``data/map.json`` holds our reconstruction of the rest
(docs/third-crusade/map.md), every record carrying its source. The file is validated by its JSON
Schema, then checked across records: ids unique, every reference known, Roads listed once and never
joining a Region to itself, every Region with the slots of `Glossary.Slots` (L1555), Ports only in
Cities (`Foldout.BattleOverview`, L1662), one Jerusalem, every City the rulebook names present, the
south board at least as large as its printed labels, each board set connected by Road and sea, and
the Proximity order of each human side covering every Region once. A broken file raises
:class:`BadData` naming the file, the record and the problem. Nothing here is a rule.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path as FilePath
from types import MappingProxyType
from typing import Any

from ...engine import graphs
from ...engine.datapack import Loader, fail, read_pack, unique

FILES = ("map",)
SOUTH, NORTH = "south", "north"
BOARDS = (SOUTH, NORTH)  # BoardSetup.1 (L180): the south board always, the north one with 4 players
CITY, DESERT = "city", "desert"
SHAPES = ("square", "hexagon", "trapezoid")  # Glossary.Slots (L1555): Infantry, Cavalry, Siege Engine
ALLIANCES = ("crusader", "muslim")
NAMED_CITIES = {
    # Setup2p.Map (L235-L266): the labels of the pictured south board
    "Ascalon": "L235", "Jaffa": "L237", "Acre": "L239", "Tyre": "L241", "Famagusta": "L243",
    "Sidon": "L249", "Tripoli": "L251", "Kerak": "L253", "Jerusalem": "L259", "Damascus": "L261",
    "Hama": "L263", "Homs": "L265",
    # VariableSetup.Decks (L304, L306): the main Cities of the Objective Cards
    "Adana": "L304", "Antioch": "L304", "Heraclium": "L304", "Selucia": "L304", "Tartosa": "L304",
    "Ahamant": "L306", "Aleppo": "L306", "Iconium": "L306",
}  # fmt: skip
"""Every City the rulebook names (spelled as ruling R36 fixes), with a line that names it."""
SOUTH_LABELS = {CITY: 12, DESERT: 4}
"""Setup2p.Map (L235-L266): the pictured south board shows at least these many labels of each type."""
Source = Mapping[str, str]


# --- the records -----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Slot:
    """One slot of a Region: its shape (what it holds) and the Resource icon printed on it, if any."""

    shape: str  # "square", "hexagon" or "trapezoid"
    icon: str | None  # "command_point", "crown", "supply", "gold", "glory" or None


@dataclass(frozen=True, slots=True)
class Region:
    """A City or a Desert (Glossary.Region, L1521-L1524) with its slots and printed icons."""

    id: str
    name: str  # the spelling of ruling R36
    board: str  # "south" or "north"
    kind: str  # "city" or "desert"
    jerusalem: bool
    ports: int  # Port icons printed (Glossary.DestroyedPort, L1421: a Region may have several)
    mercantile: bool  # Glossary.MercantileCities (L1465-L1468)
    slots: tuple[Slot, ...]  # in file order: the squares, the hexagons, the trapezoid
    x: float  # drawing coordinates, map units: x east, y south
    y: float
    source: Source
    slots_source: Source

    @property
    def is_city(self) -> bool:
        return self.kind == CITY

    def icons(self, shape: str | None = None) -> tuple[str, ...]:
        """The icons printed on the Region's slots (of one shape), in slot order."""
        return tuple(s.icon for s in self.slots if s.icon is not None and shape in (None, s.shape))

    def slots_of(self, shape: str) -> tuple[Slot, ...]:
        return tuple(s for s in self.slots if s.shape == shape)


@dataclass(frozen=True, slots=True)
class Road:
    """A Road between two Regions (Glossary.Road, L1533-L1536): they are Adjacent (L1357)."""

    a: str
    b: str
    source: Source

    @property
    def key(self) -> frozenset[str]:
        return frozenset((self.a, self.b))


@dataclass(frozen=True, slots=True)
class MapBoard:
    id: str
    name: str
    armies: tuple[int, ...]  # the numbers of Armies in play that use this board
    top: float  # the board's extent on the drawing, in map units
    bottom: float


@dataclass(frozen=True, slots=True)
class Layout:
    """Where the players and the Glory track sit, for drawing and for the Bot's Proximity
    (Solo.Changes.8, L834-L836)."""

    width: float
    sides: Mapping[str, str]  # alliance -> "west" or "east": the edge its players sit at
    glory_track: str  # the edge the Glory track runs along
    band: float  # Regions within one band of this width from a side are "more or less equally close"


@dataclass(frozen=True, slots=True)
class Board:
    regions: Mapping[str, Region]
    roads: tuple[Road, ...]
    boards: Mapping[str, MapBoard]
    slot_counts: Mapping[str, int]
    layout: Layout
    proximity: Mapping[str, tuple[str, ...]]  # human alliance -> every Region, nearest its side first
    icons: tuple[str, ...]

    def boards_in_play(self, north: bool = False) -> tuple[str, ...]:
        """The map boards of the game: the south one, and the north one too with 4 players (L180)."""
        return BOARDS if north else (SOUTH,)

    def in_play(self, north: bool = False) -> tuple[str, ...]:
        """The Regions on the table, in file order."""
        here = self.boards_in_play(north)
        return tuple(rid for rid, r in self.regions.items() if r.board in here)

    def neighbours(self, region: str, north: bool = False) -> tuple[str, ...]:
        """The Regions joined to ``region`` by a Road on the boards in play, in file order. Ports are
        not Adjacent by Road (ruling R6): see :meth:`sea_neighbours`."""
        here = set(self.in_play(north))
        out = []
        for road in self.roads:
            if region in (road.a, road.b) and road.a in here and road.b in here:
                out.append(road.b if road.a == region else road.a)
        return tuple(out)

    def adjacent(self, a: str, b: str, north: bool = False) -> bool:
        return b in self.neighbours(a, north)

    def ports(self, north: bool = False) -> tuple[str, ...]:
        """The Regions printing a Port (all Cities, L1662), in file order."""
        return tuple(rid for rid in self.in_play(north) if self.regions[rid].ports)

    def sea_neighbours(self, region: str, north: bool = False) -> tuple[str, ...]:
        """Every other Port Region in play: Port Cities are Adjacent to each other for a Sea Move
        (Glossary.Port, L1507; ruling R6). Destroyed Ports are the state's business."""
        if not self.regions[region].ports:
            return ()
        return tuple(rid for rid in self.ports(north) if rid != region)

    @property
    def jerusalem(self) -> str:
        return next(rid for rid, r in self.regions.items() if r.jerusalem)

    def proximity_order(self, human: str, north: bool = False) -> tuple[str, ...]:
        """The Regions in play, nearest the ``human`` alliance's side first (SoloGlossary.Proximity,
        L1035-L1036): the order a Bot breaks its ties by."""
        here = set(self.in_play(north))
        return tuple(rid for rid in self.proximity[human] if rid in here)

    def reached(self, start: str, north: bool = False, by_sea: bool = True) -> set[str]:
        """Every Region a chain of Roads (and Sea Moves, unless ``by_sea`` is False) leads to."""

        def steps(here: str) -> tuple[str, ...]:
            return self.neighbours(here, north) + (self.sea_neighbours(here, north) if by_sea else ())

        return graphs.reached(start, steps)


# --- reading and checking --------------------------------------------------------------------


def read_board(directory: FilePath | None = None) -> Board:
    """Load, validate and cross-check a data pack: the shipped one when ``directory`` is None."""
    doc = read_pack(__package__ or __name__, FILES, directory)["map"]
    f = "map"
    boards = _boards(f, doc["boards"])
    counts = {shape: doc["slot_counts"][shape] for shape in SHAPES}
    layout = Layout(
        doc["layout"]["width"],
        MappingProxyType(dict(doc["layout"]["sides"])),
        doc["layout"]["glory_track"],
        doc["layout"]["band"],
    )
    if layout.sides["crusader"] == layout.sides["muslim"]:
        fail(f, "layout", "both alliances sit at the same edge")
    regions = _regions(f, doc["regions"], boards, counts, layout)
    roads = _roads(f, doc["roads"], regions)
    proximity = _proximity(f, doc["proximity"], regions)
    board = Board(
        regions=MappingProxyType(regions),
        roads=roads,
        boards=MappingProxyType(boards),
        slot_counts=MappingProxyType(counts),
        layout=layout,
        proximity=MappingProxyType(proximity),
        icons=tuple(doc["icons"]),
    )
    for north in (False, True):
        here = board.in_play(north)
        cut = set(here) - board.reached(board.jerusalem, north)
        if cut:
            when = "with the north board" if north else "on the south board alone"
            fail(f, "roads", f"{', '.join(sorted(cut))} cannot be reached from {board.jerusalem} {when}")
    return board


load_board = Loader(read_board)
"""The shipped data pack, loaded once; or the pack in a folder given, loaded afresh."""


def _boards(f: str, docs: list[dict[str, Any]]) -> dict[str, MapBoard]:
    unique(f, "board", (b["id"] for b in docs))
    boards = {b["id"]: MapBoard(b["id"], b["name"], tuple(b["armies"]), b["top"], b["bottom"]) for b in docs}
    for bid in BOARDS:
        if bid not in boards:
            fail(f, f"board {bid}", "missing: the game has a south and a north map board (L180)")
    for b in boards.values():
        if b.top >= b.bottom:
            fail(f, f"board {b.id}", f"its top {b.top} is not above its bottom {b.bottom}")
    if set(boards[SOUTH].armies) != {2, 3, 4} or set(boards[NORTH].armies) != {4}:
        fail(f, "boards", "the south board serves 2, 3 and 4 Armies, the north one only 4 (L180)")
    return boards


def _regions(
    f: str,
    docs: list[dict[str, Any]],
    boards: Mapping[str, MapBoard],
    counts: Mapping[str, int],
    layout: Layout,
) -> dict[str, Region]:
    unique(f, "region", (r["id"] for r in docs))
    unique(f, "region name", (r["name"] for r in docs))
    regions: dict[str, Region] = {}
    for r in docs:
        rec = f"region {r['id']}"
        if r["board"] not in boards:
            fail(f, rec, f"names unknown board {r['board']!r}")
        for shape in SHAPES:
            if len(r["slots"][shape]) != counts[shape]:
                fail(
                    f,
                    rec,
                    f"has {len(r['slots'][shape])} {shape} slots, every Region has {counts[shape]} (L1555)",
                )
        ports = r.get("ports", {}).get("count", 0)
        if ports and r["type"] != CITY:
            fail(f, rec, "a Desert with a Port: Ports stand only in Cities (L1662)")
        if "mercantile" in r and r["type"] != CITY:
            fail(f, rec, "a Mercantile Desert: only Cities are Mercantile (L1467)")
        extent = boards[r["board"]]
        x, y = r["at"]["x"], r["at"]["y"]
        if not (0 <= x <= layout.width and extent.top <= y <= extent.bottom):
            fail(f, rec, f"drawn at ({x}, {y}), off the {extent.id} board")
        slots = tuple(Slot(shape, icon) for shape in SHAPES for icon in r["slots"][shape])
        regions[r["id"]] = Region(
            id=r["id"],
            name=r["name"],
            board=r["board"],
            kind=r["type"],
            jerusalem=r.get("jerusalem", False),
            ports=ports,
            mercantile="mercantile" in r,
            slots=slots,
            x=x,
            y=y,
            source=r["source"],
            slots_source=r["slots"]["source"],
        )
    holy = [r for r in regions.values() if r.jerusalem]
    if len(holy) != 1:
        fail(f, "regions", f"{len(holy)} marked Jerusalem, the map has one")
    if not holy[0].is_city or holy[0].board != SOUTH:
        fail(
            f,
            f"region {holy[0].id}",
            "Jerusalem is a City of the south board (L259; a City Order runs there, L1204)",
        )
    by_name = {r.name: r for r in regions.values()}
    for name, line in NAMED_CITIES.items():
        found = by_name.get(name)
        if found is None or not found.is_city:
            fail(f, f"city {name}", f"named by the rulebook ({line}) but not a City of the map")
    for kind, least in SOUTH_LABELS.items():
        have = sum(1 for r in regions.values() if r.board == SOUTH and r.kind == kind)
        if have < least:
            fail(f, f"board {SOUTH}", f"{have} {kind} Regions; the pictured board labels {least} (L235-L266)")
    return regions


def _roads(f: str, docs: list[dict[str, Any]], regions: Mapping[str, Region]) -> tuple[Road, ...]:
    out: list[Road] = []
    seen: set[frozenset[str]] = set()
    for e in docs:
        rec = f"road {e['a']}-{e['b']}"
        _known(f, rec, (e["a"], e["b"]), regions)
        if e["a"] == e["b"]:
            fail(f, rec, "joins a region to itself")
        road = Road(e["a"], e["b"], e["source"])
        if road.key in seen:
            fail(f, rec, "listed twice")
        seen.add(road.key)
        out.append(road)
    return tuple(out)


def _proximity(
    f: str, docs: list[dict[str, Any]], regions: Mapping[str, Region]
) -> dict[str, tuple[str, ...]]:
    unique(f, "proximity", (p["human"] for p in docs))
    out: dict[str, tuple[str, ...]] = {}
    for p in docs:
        rec = f"proximity {p['human']}"
        _known(f, rec, p["order"], regions)
        unique(f, f"{rec}: region", p["order"])
        missing = [rid for rid in regions if rid not in p["order"]]
        if missing:
            fail(f, rec, f"leaves out {', '.join(missing)}")
        out[p["human"]] = tuple(p["order"])
    for side in ALLIANCES:
        if side not in out:
            fail(f, f"proximity {side}", "missing: the Bot needs an order against either human side")
    return out


def _known(f: str, rec: str, ids: Iterable[str], regions: Mapping[str, Region]) -> None:
    for rid in ids:
        if rid not in regions:
            fail(f, rec, f"names unknown region {rid!r}")
