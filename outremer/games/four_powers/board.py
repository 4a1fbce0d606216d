"""The Four Powers board as a data pack: its Locations, Regions, adjacency and Fortress spaces.

The rulebook shows the board only in pictures: it names the nine Locations (L38-L40, L66-L71,
L450-L451, L625-L629) and fixes two adjacencies by its examples, Iconium-Antiocheia (L724-L729) and
Tripoli-Antiocheia (L625-L629). ``data/map.json`` holds our reconstruction of the rest
(docs/four-powers/map.md), every record carrying its source. The file is validated by its JSON
Schema, then checked across records (adjacencies join two different known Locations once each,
every Location has one Region and every Region a Location, Fortress spaces lie between adjacent
Locations, the board is connected both before and after Damascus and Aleppo join). A broken file
raises :class:`BadData` naming the file, the record and the problem. Nothing here is a rule.
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
SETUP = "setup"
SECOND_CRUSADE = "second_crusade"  # Damascus and Aleppo join at the end of the 1st Crusade (L450-L451)
Source = Mapping[str, str]


# --- the records -----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Location:
    id: str
    name: str  # as the rulebook spells it
    arrives: str  # "setup", or "second_crusade" for Damascus and Aleppo (L38-L40, L450-L451)
    lat: float  # the real place, for drawing
    lon: float
    source: Source


@dataclass(frozen=True, slots=True)
class Region:
    """The Support half of a Location card (L197-L205)."""

    id: str
    location: str
    church_mosque_spaces: int  # field 10 of the card (L222); how many: reconstructed
    source: Source


@dataclass(frozen=True, slots=True)
class Adjacency:
    a: str
    b: str
    source: Source

    @property
    def key(self) -> frozenset[str]:
        return frozenset((self.a, self.b))


@dataclass(frozen=True, slots=True)
class FortressSpace:
    """A place for one Fortress between two adjacent Locations (L508, L518-L520)."""

    id: str
    between: tuple[str, str]
    source: Source


@dataclass(frozen=True, slots=True)
class Board:
    locations: Mapping[str, Location]
    regions: Mapping[str, Region]  # by Location id
    adjacency: tuple[Adjacency, ...]
    fortress_spaces: Mapping[str, FortressSpace]
    fortress_space_holds: int
    glyphs: Mapping[str, tuple[str, ...]]  # icon -> its OCR renderings in the rulebook file

    def in_play(self, second_crusade: bool = False) -> tuple[str, ...]:
        """The Locations on the board: Damascus and Aleppo only in the 2nd Crusade (L450-L451)."""
        return tuple(lid for lid, loc in self.locations.items() if second_crusade or loc.arrives == SETUP)

    def neighbours(self, location: str, second_crusade: bool = False) -> tuple[str, ...]:
        """The Locations adjacent to ``location`` on the board of that Crusade, in file order."""
        here = set(self.in_play(second_crusade))
        out = []
        for e in self.adjacency:
            if location in (e.a, e.b) and e.a in here and e.b in here:
                out.append(e.b if e.a == location else e.a)
        return tuple(out)

    def adjacent(self, a: str, b: str, second_crusade: bool = False) -> bool:
        return b in self.neighbours(a, second_crusade)

    def fortress_spaces_by(self, location: str, second_crusade: bool = False) -> tuple[str, ...]:
        """The Fortress spaces next to ``location`` (L285-L289: a Fortress adjacent to a Region)."""
        here = set(self.in_play(second_crusade))
        return tuple(
            f.id for f in self.fortress_spaces.values() if location in f.between and set(f.between) <= here
        )

    def reached(self, start: str, second_crusade: bool = False) -> set[str]:
        """Every Location a chain of adjacencies leads to from ``start``."""
        return graphs.reached(start, lambda here: self.neighbours(here, second_crusade))


# --- reading and checking --------------------------------------------------------------------


def read_board(directory: FilePath | None = None) -> Board:
    """Load, validate and cross-check a data pack: the shipped one when ``directory`` is None."""
    doc = read_pack(__package__ or __name__, FILES, directory)["map"]
    f = "map"
    unique(f, "location", (loc["id"] for loc in doc["locations"]))
    locations = {
        loc["id"]: Location(
            loc["id"], loc["name"], loc["arrives"], loc["place"]["lat"], loc["place"]["lon"], loc["source"]
        )
        for loc in doc["locations"]
    }
    regions = _regions(f, doc["regions"], locations)
    adjacency = _adjacency(f, doc["adjacency"], locations)
    pairs = {e.key for e in adjacency}
    unique(f, "fortress space", (s["id"] for s in doc["fortress_spaces"]))
    spaces: dict[str, FortressSpace] = {}
    for s in doc["fortress_spaces"]:
        a, b = s["between"]
        rec = f"fortress space {s['id']}"
        _known(f, rec, (a, b), locations)
        if frozenset((a, b)) not in pairs:
            fail(f, rec, f"{a} and {b} are not adjacent; a Fortress stands between adjacent Locations (L508)")
        spaces[s["id"]] = FortressSpace(s["id"], (a, b), s["source"])
    unique(f, "glyph", (g["id"] for g in doc["glyphs"]))
    board = Board(
        locations=MappingProxyType(locations),
        regions=MappingProxyType(regions),
        adjacency=adjacency,
        fortress_spaces=MappingProxyType(spaces),
        fortress_space_holds=doc["fortress_space_holds"]["count"],
        glyphs=MappingProxyType({g["id"]: tuple(g["ocr"]) for g in doc["glyphs"]}),
    )
    for second in (False, True):
        here = board.in_play(second)
        if not here:
            fail(f, "locations", "none is on the board at set-up")
        cut = set(here) - board.reached(here[0], second)
        if cut:
            when = "in the 2nd Crusade" if second else "at set-up"
            fail(f, "adjacency", f"{', '.join(sorted(cut))} cannot be reached from {here[0]} {when}")
    return board


load_board = Loader(read_board)
"""The shipped data pack, loaded once; or the pack in a folder given, loaded afresh."""


def _known(f: str, rec: str, ids: Iterable[str], locations: Mapping[str, Location]) -> None:
    for lid in ids:
        if lid not in locations:
            fail(f, rec, f"names unknown location {lid!r}")


def _regions(f: str, docs: list[dict[str, Any]], locations: Mapping[str, Location]) -> dict[str, Region]:
    """One Region per Location card (L197-L199), each naming its Location."""
    unique(f, "region", (r["id"] for r in docs))
    regions: dict[str, Region] = {}
    for r in docs:
        rec = f"region {r['id']}"
        _known(f, rec, (r["location"],), locations)
        if r["location"] in regions:
            fail(f, rec, f"{r['location']} already has region {regions[r['location']].id}")
        regions[r["location"]] = Region(
            r["id"], r["location"], r["church_mosque_spaces"]["count"], r["source"]
        )
    for lid in locations:
        if lid not in regions:
            fail(f, f"location {lid}", "has no region; every Location is a City and a Region (L197-L199)")
    return regions


def _adjacency(
    f: str, docs: list[dict[str, Any]], locations: Mapping[str, Location]
) -> tuple[Adjacency, ...]:
    out: list[Adjacency] = []
    seen: set[frozenset[str]] = set()
    for e in docs:
        rec = f"adjacency {e['a']}-{e['b']}"
        _known(f, rec, (e["a"], e["b"]), locations)
        if e["a"] == e["b"]:
            fail(f, rec, "joins a location to itself")
        edge = Adjacency(e["a"], e["b"], e["source"])
        if edge.key in seen:
            fail(f, rec, "listed twice")
        seen.add(edge.key)
        out.append(edge)
    return tuple(out)
