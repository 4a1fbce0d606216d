"""The Third Crusade Mission, Diplomacy and Objective Cards and the diplomacy board as a data pack.

The card faces and the diplomacy board were pictures. The text gives the cards' anatomies
(`Anatomy.Mission`, `Anatomy.Diplomacy`, `Anatomy.Objective`, L82-L118), their counts
(`Components.General`, L1589-L1591), the Objective Cards' main Cities and loyalty decks
(`VariableSetup.Decks`, L302-L306), one Mission and one Diplomacy Card by name (`Plutorial.Setup`,
L1051), a few faces and diplomacy spaces by example, and the board's movement rule
(`Diplomacy.Board`, L663-L666). ``data/cards.json`` and ``data/diplomacy.json`` hold our
reconstruction of the rest (docs/third-crusade/cards.md), every record with its source. The files
are validated by their JSON Schemas, then checked across records: ids unique; 7 Missions, 7
Diplomacy Cards and 18 Objective Cards; every Region a Mission names and every City an Objective
names on the map (Cities, not Deserts); each Objective's main City first, its deck and north icon
those of the text and of the map, four different Cities and a score rising with the count (R26);
each Diplomacy Card's movement order a permutation of the four places (R18); the board's rows of 1,
2 or 4 spaces, its lines forward one row or sideways within one, every space reachable from the
start, the last row a 4-space row, and the Leaders it offers exactly the Leaders pack's diplomacy
Leaders. A broken file raises :class:`BadData` naming the file, the record and the problem. Nothing
here is a rule, except the movement helper :meth:`DiplomacyBoard.destinations`, which reads the
board as `Diplomacy.Board` (L665) says.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from itertools import pairwise
from pathlib import Path as FilePath
from types import MappingProxyType
from typing import Any

from ...engine.datapack import Loader, fail, read_pack, unique
from ...engine.graphs import reached
from .board import CITY, NORTH, Board, load_board
from .leaders import Leaders, load_leaders

FILES = ("cards", "diplomacy")
COUNTS = {"missions": 7, "diplomacy_cards": 7, "objectives": 18}
"""Components.General (L1589-L1591): 18 Objective, 7 Mission and 7 Diplomacy Cards."""
DECKS = {
    "crusader": frozenset(
        {"adana", "antioch", "ascalon", "heraclium", "selucia", "sidon", "tartosa", "tripoli", "tyre"}
    ),
    "muslim": frozenset({"acre", "ahamant", "aleppo", "damascus", "homs", "iconium", "jaffa", "kerak"}),
    None: frozenset({"famagusta"}),
}
"""VariableSetup.Decks (L302-L306): the main Cities of each loyalty deck; Famagusta's card is set
aside (spellings of R36: Heraclium for the printed Heracium)."""
ROW_SIZES = (1, 2, 4)
"""Diplomacy.Board and Example.DiplomacyBoard (L665, L673-L680): rows of 4 spaces, of 2, and single
spaces."""
START = "start"
Source = Mapping[str, str]


# --- the records -----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Requirement:
    """Which Controlled Regions a Mission half counts (Upkeep.1, L687-L692; R14)."""

    kind: str  # "icon", "port", "mercantile", "type" or "named"
    icon: str | None = None  # kind "icon": an uncovered icon of this kind
    type: str | None = None  # kind "type": "city" or "desert"
    regions: tuple[str, ...] = ()  # kind "named"


@dataclass(frozen=True, slots=True)
class Mission:
    """A Mission Card (Anatomy.Mission, L82-L91; Glossary.MissionCards, L1473-L1476)."""

    id: str
    name: str
    glory: Requirement  # the Alliances compete for it
    faith: Requirement  # the partners of a 2-Army Alliance compete for it
    source: Source


@dataclass(frozen=True, slots=True)
class Reward:
    kind: str  # "glory", "move", "advanced_order", "remove_sabotage", "faith" or "gold"
    amount: int


@dataclass(frozen=True, slots=True)
class DiplomacyCard:
    """A Diplomacy Card (Anatomy.Diplomacy, L102-L109): rewards 1 to 3 and the board order."""

    id: str
    name: str
    rewards: tuple[Reward, Reward, Reward]  # reward number n is rewards[n - 1]
    movement: tuple[int, ...]  # reward numbers in the order they move (4: the bidder with none)
    source: Source

    def reward(self, number: int) -> Reward:
        return self.rewards[number - 1]


@dataclass(frozen=True, slots=True)
class Objective:
    """An Objective Card (Anatomy.Objective, L110-L118; R26)."""

    id: str
    main: str
    deck: str | None  # "crusader", "muslim", or None (set aside in the variable set-up)
    north: bool  # the north icon (VariableSetup, L300)
    cities: tuple[str, ...]  # 4 Cities, the main one first
    score: tuple[int, ...]  # Glory for Controlling 1, 2, 3 or 4 of them
    source: Source

    def glory(self, controlled: Iterable[str]) -> int:
        """The Glory this card gives a player Controlling ``controlled`` (EndGame.2, L767)."""
        n = len(set(controlled) & set(self.cities))
        return self.score[n - 1] if n else 0

    def count(self, controlled: Iterable[str]) -> int:
        """How many of its Cities are in ``controlled`` (EndGame.FinalWinner.3, L777)."""
        return len(set(controlled) & set(self.cities))


@dataclass(frozen=True, slots=True)
class Item:
    """What a diplomacy space gives."""

    item: str  # "token", "triangle", "neutral" or "leader"
    shape: str | None = None  # token
    icons: tuple[str, ...] = ()  # token
    count: int = 1  # token, neutral
    track: str | None = None  # triangle: "glory" or "faith"
    amount: int = 0  # triangle
    unit: str | None = None  # neutral
    leader: str | None = None  # leader: an id of the Leaders pack


@dataclass(frozen=True, slots=True)
class Space:
    id: str
    row: int  # 1 is the first row above the start
    x: float  # across the board, 0 to 3
    contents: tuple[Item, ...]
    source: Source


@dataclass(frozen=True, slots=True)
class DiplomacyBoard:
    spaces: Mapping[str, Space]
    forward: Mapping[str, tuple[str, ...]]  # space (or "start") -> spaces one row up along a line
    sideways: Mapping[str, tuple[str, ...]]  # space -> spaces of its row along a line
    start_source: Source
    links_source: Source

    def row(self, number: int) -> tuple[Space, ...]:
        return tuple(s for s in self.spaces.values() if s.row == number)

    @property
    def rows(self) -> int:
        return max(s.row for s in self.spaces.values())

    def row_size(self, space: str) -> int:
        return len(self.row(self.spaces[space].row))

    def destinations(self, at: str, taken: Iterable[str] = ()) -> frozenset[str]:
        """The free spaces a player standing on ``at`` ("start" before its first move) may move to:
        along the lines, forward or sideways only, passing spaces freely but never going beyond a
        4-space row it has not stopped in (Diplomacy.Board, L665; Example.DiplomacyBoard, L673-L680).
        Spaces are passed whether free or not; ``taken`` are the spaces holding a marker."""
        busy = set(taken)
        here = 0 if at == START else self.spaces[at].row

        def steps(s: str) -> tuple[str, ...]:
            row = 0 if s == START else self.spaces[s].row
            blocked = s != START and row > here and self.row_size(s) == 4  # must stop in this row
            return (() if blocked else self.forward.get(s, ())) + self.sideways.get(s, ())

        seen = reached(at, steps)
        return frozenset(s for s in seen if s != START and s != at and s not in busy)


@dataclass(frozen=True, slots=True)
class Cards:
    missions: Mapping[str, Mission]
    diplomacy_cards: Mapping[str, DiplomacyCard]
    objectives: Mapping[str, Objective]
    board: DiplomacyBoard

    def deck(self, loyalty: str | None) -> tuple[Objective, ...]:
        """The variable set-up's deck of a loyalty (VariableSetup.Decks, L302-L306)."""
        return tuple(x for x in self.objectives.values() if x.deck == loyalty)


# --- reading ---------------------------------------------------------------------------------


def read_cards(
    directory: FilePath | None = None, board: Board | None = None, leaders: Leaders | None = None
) -> Cards:
    """Load, validate and cross-check the cards and the diplomacy board: the shipped ones when
    ``directory`` is None."""
    docs = read_pack(__package__ or __name__, FILES, directory)
    here = directory if directory is not None and (directory / "map.json").exists() else None
    if board is None:
        board = load_board(here)
    if leaders is None:
        has_leaders = here is not None and (here / "leaders.json").exists()
        leaders = load_leaders(here if has_leaders else None)
    doc = docs["cards"]
    for part, n in COUNTS.items():
        unique("cards", part.rstrip("s").replace("_card", " card"), (x["id"] for x in doc[part]))
        if len(doc[part]) != n:
            fail("cards", part, f"{len(doc[part])} cards; the game has {n} (Components.General, L1589-L1591)")
    missions = {x.id: x for x in (_mission(d, board) for d in doc["missions"])}
    cards = {x.id: x for x in (_diplomacy_card(d) for d in doc["diplomacy_cards"])}
    objectives = {x.id: x for x in (_objective(d, board) for d in doc["objectives"])}
    mains = [x.main for x in objectives.values()]
    unique("cards", "objective main City", mains)
    for loyalty, cities in DECKS.items():
        have = {x.main for x in objectives.values() if x.deck == loyalty}
        if have != cities:
            fail(
                "cards",
                f"deck {loyalty or 'set aside'}",
                f"main Cities {sorted(have)}; L302-L306 lists {sorted(cities)}",
            )
    return Cards(
        MappingProxyType(missions),
        MappingProxyType(cards),
        MappingProxyType(objectives),
        _board(docs["diplomacy"], leaders),
    )


load_cards = Loader(read_cards)
"""The shipped pack, loaded once; or the pack in a folder given, loaded afresh."""


def _requirement(rec: str, d: dict[str, Any], board: Board) -> Requirement:
    regions = tuple(d.get("regions", ()))
    for r in regions:
        if r not in board.regions:
            fail("cards", rec, f"names unknown region {r!r}")
    return Requirement(kind=d["kind"], icon=d.get("icon"), type=d.get("type"), regions=regions)


def _mission(d: dict[str, Any], board: Board) -> Mission:
    rec = f"mission {d['id']}"
    glory, faith = _requirement(rec, d["glory"], board), _requirement(rec, d["faith"], board)
    if glory == faith:
        fail("cards", rec, "the Glory and Faith halves ask the same (Anatomy.Mission, L82-L91: two bonuses)")
    return Mission(id=d["id"], name=d["name"], glory=glory, faith=faith, source=d["source"])


def _diplomacy_card(d: dict[str, Any]) -> DiplomacyCard:
    rec = f"diplomacy card {d['id']}"
    if sorted(d["movement"]) != [1, 2, 3, 4]:
        fail("cards", rec, f"movement order {d['movement']} is not an order of the four places (L651, R18)")
    r = tuple(Reward(x["kind"], x["amount"]) for x in d["rewards"])
    return DiplomacyCard(
        id=d["id"],
        name=d["name"],
        rewards=(r[0], r[1], r[2]),
        movement=tuple(d["movement"]),
        source=d["source"],
    )


def _objective(d: dict[str, Any], board: Board) -> Objective:
    rec = f"objective {d['id']}"
    cities = tuple(d["cities"])
    if cities[0] != d["main"]:
        fail(
            "cards",
            rec,
            f"its main City {d['main']!r} must be the first of its Cities (Anatomy.Objective, L110-L118)",
        )
    if len(set(cities)) != len(cities):
        fail("cards", rec, "names a City twice (R26: four Cities)")
    for c in cities:
        region = board.regions.get(c)
        if region is None:
            fail("cards", rec, f"names unknown region {c!r}")
        if region.kind != CITY:
            fail("cards", rec, f"names {c!r}, a {region.kind}; Objective Cards name Cities (L162)")
    main_board = board.regions[d["main"]].board
    north = main_board == NORTH
    if d["north"] != north:
        fail(
            "cards",
            rec,
            f"north icon {d['north']} but its main City is on the {main_board} board (L300, R26)",
        )
    if not north and any(board.regions[c].board == NORTH for c in cities):
        fail(
            "cards",
            rec,
            "a card without the north icon names a north-board City, which 2 and 3 players never use (L180)",
        )
    score = tuple(d["score"])
    if any(a >= b for a, b in pairwise(score)):
        fail("cards", rec, f"score {list(score)} does not rise with the count (EndGame.2, L767; R26)")
    return Objective(
        id=d["id"],
        main=d["main"],
        deck=d["deck"],
        north=d["north"],
        cities=cities,
        score=score,
        source=d["source"],
    )


def _item(d: dict[str, Any]) -> Item:
    return Item(
        item=d["item"],
        shape=d.get("shape"),
        icons=tuple(d.get("icons", ())),
        count=d.get("count", 1),
        track=d.get("track"),
        amount=d.get("amount", 0),
        unit=d.get("unit"),
        leader=d.get("leader"),
    )


def _board(doc: dict[str, Any], leaders: Leaders) -> DiplomacyBoard:
    f = "diplomacy"
    unique(f, "space", (x["id"] for x in doc["spaces"]))
    if any(x["id"] == START for x in doc["spaces"]):
        fail(f, f"space {START}", "the start is no space")
    spaces = {
        d["id"]: Space(d["id"], d["row"], d["x"], tuple(_item(i) for i in d["contents"]), d["source"])
        for d in doc["spaces"]
    }
    rows: dict[int, list[Space]] = {}
    for s in spaces.values():
        rows.setdefault(s.row, []).append(s)
    last = max(rows)
    for n in range(1, last + 1):
        size = len(rows.get(n, ()))
        if size not in ROW_SIZES:
            fail(f, f"row {n}", f"{size} spaces; rows hold 1, 2 or 4 (L665, L673-L680)")
    if len(rows[last]) != 4:
        fail(f, f"row {last}", "the end of the board is a 4-space row (Example.DiplomacyBoard.3, L677)")
    forward: dict[str, list[str]] = {START: []}
    sideways: dict[str, list[str]] = {}
    seen: set[frozenset[str]] = set()
    for e in doc["links"]:
        a, b, kind = e["a"], e["b"], e["kind"]
        rec = f"link {a}-{b}"
        for end in (a, b):
            if end not in spaces:
                fail(f, rec, f"unknown space {end!r}")
        if a == b or frozenset((a, b)) in seen:
            fail(f, rec, "joins a space to itself" if a == b else "listed twice")
        seen.add(frozenset((a, b)))
        ra, rb = spaces[a].row, spaces[b].row
        if kind == "forward" and rb != ra + 1:
            fail(f, rec, f"forward from row {ra} to row {rb}; a line goes up one row")
        if kind == "sideways" and ra != rb:
            fail(f, rec, f"sideways between rows {ra} and {rb}")
        if kind == "forward":
            forward.setdefault(a, []).append(b)
        else:
            sideways.setdefault(a, []).append(b)
            sideways.setdefault(b, []).append(a)
    for first in doc["start"]["links"]:
        if first not in spaces:
            fail(f, "start", f"leads to unknown space {first!r}")
        if spaces[first].row != 1:
            fail(f, "start", f"leads to {first!r} in row {spaces[first].row}; the start leads to row 1")
        forward[START].append(first)
    result = DiplomacyBoard(
        MappingProxyType(spaces),
        MappingProxyType({k: tuple(v) for k, v in forward.items()}),
        MappingProxyType({k: tuple(v) for k, v in sideways.items()}),
        doc["start"]["source"],
        doc["links_source"],
    )
    reach = _reach(result)
    for s in spaces:
        if s not in reach:
            fail(f, f"space {s}", "no line leads to it from the start")
    offered: list[str] = []
    for s in spaces.values():
        for i in s.contents:
            if i.leader is None:
                continue
            x = leaders.leaders.get(i.leader)
            if x is None:
                fail(f, f"space {s.id}", f"offers unknown leader {i.leader!r}")
            if x.enters != "diplomacy":
                fail(
                    f, f"space {s.id}", f"offers {x.name}, who enters by {x.enters}, not the diplomacy board"
                )
            offered.append(x.id)
    unique(f, "offered leader", offered)
    for x in leaders.leaders.values():
        if x.enters == "diplomacy" and x.id not in offered:
            fail(f, f"leader {x.id}", "enters by the diplomacy board (leaders.json) but no space offers him")
    return result


def _reach(b: DiplomacyBoard) -> set[str]:
    """Every space a line leads to from the start, ignoring the 4-space rule (which only delays)."""
    return reached(START, lambda s: b.forward.get(s, ()) + b.sideways.get(s, ())) - {START}
