"""The First Crusade data pack: map, counters, markers and tables, loaded and checked.

The rulebook text gives the rules but not the printed map, counter sheet or map-sheet tables; the
files in ``data/`` are our reconstruction (docs/first-crusade/reconstruction.md), every record
carrying its source. Each file is validated by its JSON Schema, then the facts are checked across
files (paths end at known spaces, routes are unbroken chains, counts add up to the counter sheet,
table cells name known events, routes and spaces). A broken file raises :class:`BadData` naming
the file, the record and the problem. Nothing here is a rule: the rules modules read these tables.
"""

from __future__ import annotations

import re
from collections import Counter as Tally
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from itertools import pairwise
from pathlib import Path as FilePath
from types import MappingProxyType
from typing import Any

from ...engine import graphs
from ...engine.datapack import Loader, fail, read_pack

FILES = ("map", "counters", "markers", "tables")

CONSTANTINOPLE = "constantinople"
JERUSALEM = "jerusalem"
RHODOS = "rhodos"
ROUTES = ("eastern", "central", "coastal", "mediterranean")
LAND_ROUTES = ("eastern", "central", "coastal")
SEA_ROUTE = "mediterranean"
PATH_KINDS = ("road", "sea", "pass")
FORTRESS_CLASSES = ("pilgrimage", "byzantine_objective", "armenian", "assassin", "other")

CHRISTIAN = ("crusader", "byzantine", "armenian", "mercenary")
MUSLIM = ("seljuk", "fatimid", "assassin")
CAVALRY = ("heavy_cavalry", "light_cavalry", "horse_archer")
HOME_BIN = {
    "crusader": "crusader",
    "byzantine": "byzantine",
    "armenian": "armenian",
    "mercenary": "pilgrimage",
    "seljuk": "seljuk",
    "fatimid": "fatimid",
    "assassin": None,
}
SYMBOLS = ("scroll", "sword", "shield", "eye", "wagon")
EVENTS = 17  # the Random Events Table's events, besides "none" (35.0)
REACTION_DICE = (1, 2, 3)  # Low, Medium, High (27.1)
VP_AWARDS = (
    "jerusalem_crusader",
    "jerusalem_other",
    "pilgrimage_fortress",
    "armenian_fortress",
    "byzantine_objective",
    "masyaf",
    "other_fortress",
    "ascalon",
    "monastery",
    "castle",
    "alexios_eliminated",
    "mercenary_leader_eliminated",
    "christian_leader_eliminated",
    "kingdom_jerusalem",
    "kingdom_other",
)
Neighbours = dict[str, dict[str, tuple[str, ...]]]  # path kind -> space -> neighbours
_COUNTEROFFENSIVE = re.compile(r"^(?:(attack|relief):([a-z]+)|raid:([a-z][a-z0-9_]*)|(naval_action))$")


# --- the records -----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class RouteStop:
    route: str
    order: int  # 0 at Constantinople, counting along the route
    to_jerusalem: int | None  # spaces left to Jerusalem along a land route (27.4); None at sea


@dataclass(frozen=True, slots=True)
class Space:
    id: str
    name: str
    kind: str  # constantinople, open, desert, town, fortress, port, sea (3.1)
    fortress: str | None  # pilgrimage, byzantine_objective, armenian, assassin, other (3.1, 12.2)
    port: bool  # fleets may enter (20.2, 29.1)
    lat: float
    lon: float
    stops: tuple[RouteStop, ...]
    armenia: bool  # Sis and Vahka (30.0)
    garrison: str | None  # seljuk_militia where the setup puts one (7.0)
    source: str

    @property
    def routes(self) -> tuple[str, ...]:
        return tuple(s.route for s in self.stops)

    def stop(self, route: str) -> RouteStop | None:
        for s in self.stops:
            if s.route == route:
                return s
        return None

    @property
    def is_sea(self) -> bool:
        return self.kind == "sea"

    @property
    def is_land(self) -> bool:
        return self.kind != "sea"

    @property
    def is_fortress(self) -> bool:
        """A fortress for all purposes, Constantinople included (29.1)."""
        return self.kind in ("fortress", "constantinople")


@dataclass(frozen=True, slots=True)
class Path:
    a: str
    b: str
    kind: str  # road, sea, pass (3.1)
    name: str | None  # "Cilician Gates"
    source: str

    @property
    def key(self) -> str:
        return path_key(self.a, self.b)

    def other(self, end: str) -> str:
        return self.b if end == self.a else self.a


@dataclass(frozen=True, slots=True)
class Counter:
    id: str
    name: str
    contingent: str  # crusader, byzantine, armenian, mercenary, seljuk, fatimid, assassin (4.1)
    type: str  # leader, emir, heavy_cavalry, light_cavalry, horse_archer, heavy_infantry, ...
    leader_kind: str | None  # military or diplomatic (4.2); None for a unit that is no leader
    naval: bool  # a naval leader: a fleet with leader abilities (32.1)
    arm: str | None  # what a leader counts as: heavy_cavalry, ..., fleet; None for other units
    steps: int  # 1 or 2 (4.2)
    factor: int | None  # full side; None for the Assassin
    reduced: int | None  # reduced side of a two-step unit
    variable_factor: str | None  # "1d6" for the Assassin (31.2)
    bin: str | None  # crusader, byzantine, armenian, seljuk, fatimid, pilgrimage (3.5)
    start: str  # a space id, "bin" or "garrison" (7.0)
    source: str

    @property
    def side(self) -> str:
        return "christian" if self.contingent in CHRISTIAN else "muslim"

    @property
    def is_leader(self) -> bool:
        return self.leader_kind is not None

    @property
    def diplomatic(self) -> bool:
        return self.leader_kind == "diplomatic"

    @property
    def is_fleet(self) -> bool:
        return self.type == "fleet" or self.naval

    @property
    def cavalry(self) -> bool:
        """Cavalry of any type, leaders by their arm (35.1)."""
        return (self.arm if self.is_leader else self.type) in CAVALRY

    @property
    def horse_archer(self) -> bool:
        return (self.arm if self.is_leader else self.type) == "horse_archer"


@dataclass(frozen=True, slots=True)
class SetupDraw:
    bin: str
    count: str  # "2" or "2d6"
    to: str
    source: str

    @property
    def most(self) -> int:
        if "d" in self.count:
            n, sides = self.count.split("d")
            return int(n) * int(sides)
        return int(self.count)


@dataclass(frozen=True, slots=True)
class Marker:
    """A Pilgrimage marker (13.2): a boon with its symbols, a bane, or a mercenary unit."""

    id: str
    name: str
    kind: str  # boon, bane, mercenary
    symbols: tuple[str, ...]  # scroll, sword, shield, eye, wagon
    bane: str | None  # ambush or event
    counter: str | None  # the mercenary's unit in counters.json
    source: str


@dataclass(frozen=True, slots=True)
class CounterResult:
    """One cell of the Muslim Counteroffensive Table (27.3)."""

    kind: str  # attack, relief, raid, naval_action
    route: str | None  # for attack and relief
    space: str | None  # for raid

    @property
    def text(self) -> str:
        if self.kind == "naval_action":
            return "naval_action"
        return f"{self.kind}:{self.route if self.route else self.space}"


@dataclass(frozen=True, slots=True)
class Turn:
    turn: int
    year: int
    season: str
    winter_after: bool

    @property
    def label(self) -> str:
        return f"{self.year} {self.season.title()}"


@dataclass(frozen=True, slots=True)
class ReactionLevel:
    level: int
    numeral: str
    name: str
    dice: int


@dataclass(frozen=True, slots=True)
class VictoryBand:
    min: int | None
    max: int | None
    result: str
    name: str

    def holds(self, vp: int) -> bool:
        return (self.min is None or vp >= self.min) and (self.max is None or vp <= self.max)


@dataclass(frozen=True, slots=True)
class Tables:
    event_grid: tuple[tuple[str, ...], ...]  # [column - 1][row - 1] (9.0)
    event_names: Mapping[str, str]  # id -> name, "none" included
    counteroffensive_grid: tuple[tuple[CounterResult, ...], ...]  # [column - 1][row - 1] (27.3)
    vp: Mapping[str, int]  # award id -> VP (6.1, 36.8)
    bands: tuple[VictoryBand, ...]  # 6.2
    kingdoms_shift: int  # 36.8

    def event(self, column: int, row: int) -> str:
        """The event id at the first die ``column`` and second die ``row`` (9.0)."""
        return self.event_grid[column - 1][row - 1]

    def counteroffensive(self, column: int, row: int) -> CounterResult:
        return self.counteroffensive_grid[column - 1][row - 1]

    def band(self, vp: int, kingdoms: bool = False) -> VictoryBand:
        """The victory level of a final score (6.2); the optional Kingdoms raise every bound (36.8)."""
        shifted = vp - self.kingdoms_shift if kingdoms else vp
        for b in self.bands:
            if b.holds(shifted):
                return b
        raise ValueError(f"no victory band holds {vp} VP")


@dataclass(frozen=True, slots=True)
class Board:
    """All static facts of one data pack."""

    spaces: Mapping[str, Space]
    paths: Mapping[str, Path]  # by path_key(a, b)
    routes: Mapping[str, tuple[str, ...]]  # route id -> its spaces from Constantinople on
    adjacency: Mapping[str, Mapping[str, tuple[str, ...]]]  # path kind -> space -> neighbours
    counters: Mapping[str, Counter]
    setup_draws: tuple[SetupDraw, ...]
    pilgrimage: Mapping[str, Marker]
    buildings: Mapping[str, int]  # camp, castle_monastery -> how many counters (33.9)
    administrative: Mapping[str, int]
    sheet_total: int
    blanks: int
    turns: tuple[Turn, ...]
    reaction_levels: tuple[ReactionLevel, ...]
    reaction_start: int
    tables: Tables
    by_contingent: Mapping[str, tuple[Counter, ...]] = field(init=False, repr=False, compare=False)
    """Contingent -> its counters in file order (``counters_of``), listed once."""

    def __post_init__(self) -> None:
        by: dict[str, list[Counter]] = {}
        for c in self.counters.values():
            by.setdefault(c.contingent, []).append(c)
        object.__setattr__(self, "by_contingent", MappingProxyType({k: tuple(v) for k, v in by.items()}))

    # -- the map --

    def neighbours(self, space: str, kinds: Iterable[str] = PATH_KINDS) -> tuple[str, ...]:
        """Spaces one path of the given kinds away, in file order."""
        out: list[str] = []
        for kind in kinds:
            out.extend(self.adjacency[kind][space])
        return tuple(out)

    def path(self, a: str, b: str) -> Path | None:
        return self.paths.get(path_key(a, b))

    def distances(self, start: str | Iterable[str], kinds: Iterable[str] = PATH_KINDS) -> dict[str, int]:
        """Fewest paths of the given kinds from ``start`` (a space or several) to every space reached."""
        kinds = tuple(kinds)
        starts = [start] if isinstance(start, str) else list(start)
        return graphs.distances(starts, lambda here: self.neighbours(here, kinds))

    def fortresses(self, cls: str | None = None) -> tuple[str, ...]:
        """Fortress spaces, of one class if given; Constantinople is never among them (27.2)."""
        return tuple(
            s.id for s in self.spaces.values() if s.kind == "fortress" and (cls is None or s.fortress == cls)
        )

    @property
    def armenia(self) -> tuple[str, ...]:
        return tuple(s.id for s in self.spaces.values() if s.armenia)

    def mediterranean_order(self, space: str) -> int | None:
        """Place along the Mediterranean route: a route space's own order, a port's is the furthest
        route sea space it opens on (27.8 counts ports); None off the sea."""
        stop = self.spaces[space].stop(SEA_ROUTE)
        if stop is not None:
            return stop.order
        orders = [
            o for o in (self.spaces[n].stop(SEA_ROUTE) for n in self.adjacency["sea"][space]) if o is not None
        ]
        return max(s.order for s in orders) if orders else None

    def east_of_rhodos(self, space: str) -> bool:
        """On or east of Rhodos on the Mediterranean route, ports included (27.8)."""
        order = self.mediterranean_order(space)
        rhodos = self.spaces[RHODOS].stop(SEA_ROUTE)
        return order is not None and rhodos is not None and order >= rhodos.order

    # -- counters --

    def counters_of(self, contingent: str) -> tuple[Counter, ...]:
        return self.by_contingent.get(contingent, ())

    def max_vp(self) -> int:
        """The most VP the map allows (6.1, base game): every fortress, Ascalon and every
        castle/monastery counter built, no leader lost."""
        vp = self.tables.vp
        award = {
            "pilgrimage": vp["pilgrimage_fortress"],
            "armenian": vp["armenian_fortress"],
            "byzantine_objective": vp["byzantine_objective"],
            "assassin": vp["masyaf"],
            "other": vp["other_fortress"],
        }
        total = vp["jerusalem_crusader"]
        for s in self.spaces.values():
            if s.kind == "fortress" and s.id != JERUSALEM:
                total += award[s.fortress or "other"]
        if "ascalon" in self.spaces:
            total += vp["ascalon"]
        return total + self.buildings.get("castle_monastery", 0) * max(vp["castle"], vp["monastery"])


def path_key(a: str, b: str) -> str:
    return f"{a}|{b}" if a < b else f"{b}|{a}"


# --- reading and checking --------------------------------------------------------------------


def read_board(directory: FilePath | None = None) -> Board:
    """Load, validate and cross-check a data pack: the shipped one when ``directory`` is None."""
    docs = read_pack(__package__ or __name__, FILES, directory)
    spaces, paths, routes, adjacency = _map(docs["map"])
    counters, draws = _counters(docs["counters"], spaces)
    pilgrimage, buildings, admin, sheet, turns, levels, start = _markers(docs["markers"], counters)
    tables = _tables(docs["tables"], spaces)
    return Board(
        spaces=MappingProxyType(spaces),
        paths=MappingProxyType(paths),
        routes=MappingProxyType(routes),
        adjacency=MappingProxyType({k: MappingProxyType(v) for k, v in adjacency.items()}),
        counters=MappingProxyType(counters),
        setup_draws=draws,
        pilgrimage=MappingProxyType(pilgrimage),
        buildings=MappingProxyType(buildings),
        administrative=MappingProxyType(admin),
        sheet_total=sheet[0],
        blanks=sheet[1],
        turns=turns,
        reaction_levels=levels,
        reaction_start=start,
        tables=tables,
    )


load_board = Loader(read_board)
"""The shipped data pack, loaded once; or the pack in a folder given, loaded afresh."""


def _map(
    doc: dict[str, Any],
) -> tuple[dict[str, Space], dict[str, Path], dict[str, tuple[str, ...]], Neighbours]:
    f = "map"
    route_kind: dict[str, str] = {}
    for r in doc["routes"]:
        if r["id"] in route_kind:
            fail(f, f"route {r['id']}", "listed twice")
        route_kind[r["id"]] = r["kind"]
    for rid in ROUTES:
        if rid not in route_kind:
            fail(f, f"route {rid}", "missing (17.2 names four routes)")
        if route_kind[rid] != ("sea" if rid == SEA_ROUTE else "land"):
            fail(f, f"route {rid}", f"kind {route_kind[rid]!r} is wrong (17.2)")

    spaces: dict[str, Space] = {}
    for s in doc["spaces"]:
        sid = s["id"]
        if sid in spaces:
            fail(f, f"space {sid}", "listed twice")
        stops: list[RouteStop] = []
        for st in s["routes"]:
            if any(o.route == st["route"] for o in stops):
                fail(f, f"space {sid}", f"lists route {st['route']} twice")
            if (st["to_jerusalem"] is None) != (route_kind[st["route"]] == "sea"):
                fail(f, f"space {sid}", f"to_jerusalem must be given on a land route only ({st['route']})")
            stops.append(RouteStop(st["route"], st["order"], st["to_jerusalem"]))
        if s["garrison"] is not None and s["kind"] != "fortress":
            fail(f, f"space {sid}", "a setup garrison stands only in a fortress (7.0)")
        if s["armenia"] != (s["fortress"] == "armenian"):
            fail(f, f"space {sid}", "Armenia is exactly its Armenian fortresses (30.0)")
        spaces[sid] = Space(
            id=sid,
            name=s["name"],
            kind=s["kind"],
            fortress=s["fortress"],
            port=s["port"],
            lat=float(s["lat"]),
            lon=float(s["lon"]),
            stops=tuple(stops),
            armenia=s["armenia"],
            garrison=s["garrison"],
            source=s["source"],
        )
    for sid, kind in ((CONSTANTINOPLE, "constantinople"), (JERUSALEM, "fortress"), (RHODOS, "fortress")):
        if sid not in spaces or spaces[sid].kind != kind:
            fail(f, f"space {sid}", f"missing or not of kind {kind}")
    if sum(1 for s in spaces.values() if s.kind == "constantinople") != 1:
        fail(f, "spaces", "exactly one space is Constantinople")

    routes: dict[str, tuple[str, ...]] = {}
    for rid in ROUTES:
        members = sorted(
            ((st.order, s.id) for s in spaces.values() for st in s.stops if st.route == rid),
        )
        orders = [o for o, _ in members]
        if orders != list(range(len(orders))):
            fail(f, f"route {rid}", f"orders must run 0, 1, 2, ... without gaps or repeats, not {orders}")
        seq = tuple(sid for _, sid in members)
        if not seq or seq[0] != CONSTANTINOPLE:
            fail(f, f"route {rid}", "must start at Constantinople (order 0)")
        land = route_kind[rid] == "land"
        if land and seq[-1] != JERUSALEM:
            fail(f, f"route {rid}", "a land route ends at Jerusalem (29.3)")
        for i, sid in enumerate(seq):
            sp = spaces[sid]
            stop = sp.stop(rid)
            assert stop is not None
            if land and stop.to_jerusalem != len(seq) - 1 - i:
                want_left = len(seq) - 1 - i
                fail(f, f"space {sid}", f"to_jerusalem on {rid} is {stop.to_jerusalem}, not {want_left}")
            if land and sp.is_sea:
                fail(f, f"space {sid}", f"a sea space cannot lie on land route {rid}")
            if not land and not (sp.is_sea or sp.port):
                fail(f, f"space {sid}", "the Mediterranean route holds only sea spaces and ports (25.1)")
        routes[rid] = seq

    paths: dict[str, Path] = {}
    adjacency: dict[str, dict[str, list[str]]] = {k: {sid: [] for sid in spaces} for k in PATH_KINDS}
    for p in doc["paths"]:
        a, b, kind = p["a"], p["b"], p["kind"]
        rec = f"{kind} path {a}-{b}"
        for end in (a, b):
            if end not in spaces:
                fail(f, rec, f"ends at unknown space {end!r}")
        if a == b:
            fail(f, rec, "joins a space to itself")
        key = path_key(a, b)
        if key in paths:
            fail(f, rec, "is listed twice (one path per pair of spaces)")
        sa, sb = spaces[a], spaces[b]
        if kind == "sea":
            if not (sa.is_sea or sb.is_sea):
                fail(f, rec, "a sea path must touch a sea space (3.1)")
            for s in (sa, sb):
                if not (s.is_sea or s.port):
                    fail(f, rec, f"{s.id} is neither a sea space nor a port (20.2)")
        else:
            if sa.is_sea or sb.is_sea:
                fail(f, rec, f"a {kind} joins land spaces only (3.1)")
            shared = set(sa.routes) & set(sb.routes) & set(LAND_ROUTES)
            if kind == "road" and not any(_consecutive(sa, sb, r) for r in shared):
                fail(f, rec, "a road joins neighbouring spaces of a land route (3.1)")
            if kind == "pass" and shared:
                fail(f, rec, f"a pass crosses between routes, but both ends lie on {sorted(shared)} (3.1)")
        paths[key] = Path(a, b, kind, p.get("name"), p["source"])
        adjacency[kind][a].append(b)
        adjacency[kind][b].append(a)

    for rid, seq in routes.items():
        want = "road" if route_kind[rid] == "land" else "sea"
        for prev, sid in pairwise(seq):
            link = paths.get(path_key(prev, sid))
            if link is None or link.kind != want:
                fail(f, f"route {rid}", f"no {want} path joins {prev} to the next space, {sid}")

    for s in spaces.values():
        if not any(adjacency[k][s.id] for k in PATH_KINDS):
            fail(f, f"space {s.id}", "no path leads to it")
        if not s.stops and (s.is_sea or adjacency["road"][s.id] or adjacency["sea"][s.id]):
            fail(f, f"space {s.id}", "a space on no route is reached by passes only (31.1)")
    reached = _reach(CONSTANTINOPLE, adjacency)
    for sid in spaces:
        if sid not in reached:
            fail(f, f"space {sid}", "cannot be reached from Constantinople")
    return spaces, paths, routes, {k: {s: tuple(n) for s, n in v.items()} for k, v in adjacency.items()}


def _consecutive(a: Space, b: Space, route: str) -> bool:
    sa, sb = a.stop(route), b.stop(route)
    return sa is not None and sb is not None and abs(sa.order - sb.order) == 1


def _reach(start: str, adjacency: Mapping[str, Mapping[str, list[str]]]) -> set[str]:
    seen = {start}
    todo = [start]
    while todo:
        here = todo.pop()
        for kind in PATH_KINDS:
            for there in adjacency[kind][here]:
                if there not in seen:
                    seen.add(there)
                    todo.append(there)
    return seen


def _counters(
    doc: dict[str, Any], spaces: Mapping[str, Space]
) -> tuple[dict[str, Counter], tuple[SetupDraw, ...]]:
    f = "counters"
    counters: dict[str, Counter] = {}
    for c in doc["counters"]:
        cid = c["id"]
        rec = f"counter {cid}"
        if cid in counters:
            fail(f, rec, "listed twice")
        leader = c["leader"]
        is_leader = c["type"] in ("leader", "emir")
        if is_leader != (leader is not None):
            fail(f, rec, "leader details are given for leaders and emirs, and only for them")
        if is_leader != (c["arm"] is not None):
            fail(f, rec, "an arm is given for leaders and emirs, and only for them")
        naval = bool(leader and leader["naval"])
        if naval and c["arm"] != "fleet":
            fail(f, rec, "a naval leader counts as a fleet (32.1): its arm must be fleet")
        if c["type"] == "emir" and c["contingent"] not in ("seljuk", "fatimid"):
            fail(f, rec, "emirs are Muslim leaders (32.4)")
        if c["contingent"] in (*MUSLIM, "mercenary") and c["steps"] != 1:
            fail(f, rec, "Muslim and mercenary units have one step (4.2, 32.5)")
        if (c["steps"] == 2) != (c["reduced"] is not None):
            fail(f, rec, "a reduced factor is given for two-step units, and only for them")
        if (c["factor"] is None) != (c["variable_factor"] is not None):
            fail(f, rec, "give either a combat factor or a variable one (31.2)")
        if c["reduced"] is not None and c["factor"] is not None and c["reduced"] >= c["factor"]:
            fail(f, rec, f"reduced factor {c['reduced']} must be below the full factor {c['factor']}")
        if c["bin"] != HOME_BIN[c["contingent"]]:
            fail(f, rec, f"a {c['contingent']} unit belongs in bin {HOME_BIN[c['contingent']]!r} (3.5)")
        start = c["start"]
        if start == "bin":
            if c["bin"] is None:
                fail(f, rec, "starts in a bin but has none")
        elif start == "garrison":
            if (c["contingent"], c["type"]) != ("seljuk", "militia"):
                fail(f, rec, "only Seljuk militia are setup garrisons (7.0)")
        elif start not in spaces:
            fail(f, rec, f"starts at unknown space {start!r}")
        counters[cid] = Counter(
            id=cid,
            name=c["name"],
            contingent=c["contingent"],
            type=c["type"],
            leader_kind=leader["kind"] if leader else None,
            naval=naval,
            arm=c["arm"],
            steps=c["steps"],
            factor=c["factor"],
            reduced=c["reduced"],
            variable_factor=c["variable_factor"],
            bin=c["bin"],
            start=start,
            source=c["source"],
        )
    garrisons = [s.id for s in spaces.values() if s.garrison == "seljuk_militia"]
    militia = [c.id for c in counters.values() if c.start == "garrison"]
    if len(militia) != len(garrisons):
        fail(
            f,
            "setup garrisons",
            f"{len(militia)} militia start as garrisons; map.json garrisons {len(garrisons)} (7.0)",
        )
    draws = []
    need: Tally[str] = Tally()
    for d in doc["setup_draws"]:
        draw = SetupDraw(d["bin"], d["count"], d["to"], d["source"])
        if draw.to not in spaces:
            fail(f, f"setup draw from {draw.bin}", f"goes to unknown space {draw.to!r}")
        need[draw.bin] += draw.most
        draws.append(draw)
    for b, n in need.items():
        have = sum(1 for c in counters.values() if c.bin == b and c.start == "bin" and not c.is_leader)
        if have < n:
            fail(f, f"setup draws from {b}", f"may take {n} units, the bin holds {have} non-leaders (7.0)")
    return counters, tuple(draws)


def _markers(
    doc: dict[str, Any], counters: Mapping[str, Counter]
) -> tuple[
    dict[str, Marker],
    dict[str, int],
    dict[str, int],
    tuple[int, int],
    tuple[Turn, ...],
    tuple[ReactionLevel, ...],
    int,
]:
    f = "markers"
    symbols = [s["id"] for s in doc["symbols"]]
    if sorted(symbols) != sorted(SYMBOLS):
        fail(f, "symbols", f"must be the five boon symbols {SYMBOLS} once each")
    pilgrimage: dict[str, Marker] = {}
    for m in doc["pilgrimage"]:
        mid = m["id"]
        rec = f"pilgrimage marker {mid}"
        if mid in pilgrimage:
            fail(f, rec, "listed twice")
        if m["kind"] == "mercenary":
            unit = counters.get(m["counter"])
            if unit is None:
                fail(f, rec, f"names unknown counter {m['counter']!r}")
            if unit.contingent != "mercenary":
                fail(f, rec, f"counter {unit.id} is not a mercenary unit (32.5)")
        pilgrimage[mid] = Marker(
            mid, m["name"], m["kind"], tuple(m["symbols"]), m["bane"], m["counter"], m["source"]
        )
    used = Tally(m.counter for m in pilgrimage.values() if m.counter)
    for c in counters.values():
        if c.contingent == "mercenary" and used[c.id] != 1:
            fail(f, "pilgrimage", f"mercenary {c.id} must be one Pilgrimage marker, not {used[c.id]} (4.1)")
    buildings: dict[str, int] = {}
    for b in doc["buildings"]:
        if b["id"] in buildings:
            fail(f, f"building {b['id']}", "listed twice")
        buildings[b["id"]] = b["count"]
    for need in ("camp", "castle_monastery"):
        if need not in buildings:
            fail(f, f"building {need}", "missing (33.9)")
    admin: dict[str, int] = {}
    for a in doc["administrative"]:
        if a["id"] in admin:
            fail(f, f"administrative marker {a['id']}", "listed twice")
        admin[a["id"]] = a["count"]
    sheet = doc["counter_sheet"]
    units = len(counters)
    plain = sum(1 for m in pilgrimage.values() if m.kind != "mercenary")
    total = units + plain + sum(buildings.values()) + sum(admin.values()) + sheet["blanks"]
    if total != sheet["total"]:
        fail(
            f,
            "counter_sheet",
            f"{units} units + {plain} other Pilgrimage markers + {sum(buildings.values())} buildings"
            f" + {sum(admin.values())} administrative + {sheet['blanks']} blanks = {total},"
            f" not {sheet['total']} (2.0)",
        )
    seasons = ("spring", "summer", "autumn")
    turns: list[Turn] = []
    for i, t in enumerate(doc["turns"]):
        rec = f"turn {t['turn']}"
        if t["turn"] != i + 1:
            fail(f, rec, f"turns are numbered 1, 2, 3, ...; this is the {i + 1}th")
        if i == 0 and (t["year"], t["season"]) != (1097, "spring"):
            fail(f, rec, "the game begins in 1097 Spring (7.0)")
        if i:
            prev = turns[-1]
            step = seasons.index(prev.season) + 1
            want = (prev.year + step // 3, seasons[step % 3])
            if (t["year"], t["season"]) != want:
                fail(f, rec, f"follows {prev.label}, so it is {want[0]} {want[1]}")
        if t["winter_after"] != (t["season"] == "autumn"):
            fail(f, rec, "the Winter supply step follows every Autumn turn and only those (8.1, 28.0)")
        turns.append(Turn(t["turn"], t["year"], t["season"], t["winter_after"]))
    reaction = doc["reaction"]
    levels = tuple(
        ReactionLevel(lv["level"], lv["numeral"], lv["name"], lv["dice"]) for lv in reaction["levels"]
    )
    if [lv.level for lv in levels] != list(range(1, len(levels) + 1)):
        fail(f, "reaction", "levels are numbered 1, 2, 3, ...")
    if tuple(lv.dice for lv in levels) != REACTION_DICE:
        fail(f, "reaction", f"the index has three levels, rolling {REACTION_DICE} dice (27.1)")
    if reaction["start"] > len(levels):
        fail(f, "reaction", f"starts at level {reaction['start']}, which is not on the index")
    sheet_counts = (sheet["total"], sheet["blanks"])
    return pilgrimage, buildings, admin, sheet_counts, tuple(turns), levels, reaction["start"]


def _grid_counts(grid: list[list[str]]) -> Tally[str]:
    return Tally(cell for column in grid for cell in column)


def _frequencies(f: str, table: str, doc: dict[str, Any], counts: Tally[str]) -> None:
    listed: set[str] = set()
    for fr in doc["frequencies"]:
        if fr["result"] in listed:
            fail(f, f"{table} frequencies", f"{fr['result']} listed twice")
        listed.add(fr["result"])
        if counts[fr["result"]] != fr["cells"]:
            fail(
                f,
                f"{table} frequencies",
                f"{fr['result']} is said to fill {fr['cells']} cells but fills {counts[fr['result']]}",
            )
    for result in counts:
        if result not in listed:
            fail(f, f"{table} frequencies", f"{result} fills cells but has no frequency and reason")
    for k in doc["known_cells"]:
        cell = doc["grid"][k["column"] - 1][k["row"] - 1]
        if cell != k["result"]:
            where = f"{table} cell ({k['column']},{k['row']})"
            fail(f, where, f"must be {k['result']} ({k['source']}), not {cell}")


def _tables(doc: dict[str, Any], spaces: Mapping[str, Space]) -> Tables:
    f = "tables"
    ev = doc["events"]
    names: dict[str, str] = {}
    for e in ev["list"]:
        if e["id"] in names:
            fail(f, f"event {e['id']}", "listed twice")
        names[e["id"]] = e["name"]
    if len(set(names) - {"none"}) != EVENTS:
        fail(f, "events list", f"names {len(set(names) - {'none'})} events, not {EVENTS} (35.0)")
    for c, column in enumerate(ev["grid"], 1):
        for r, cell in enumerate(column, 1):
            if cell not in names:
                fail(f, f"events cell ({c},{r})", f"names unknown event {cell!r}")
    _frequencies(f, "events", ev, _grid_counts(ev["grid"]))

    co = doc["counteroffensive"]
    grid: list[tuple[CounterResult, ...]] = []
    for c, column in enumerate(co["grid"], 1):
        cells = []
        for r, cell in enumerate(column, 1):
            rec = f"counteroffensive cell ({c},{r})"
            m = _COUNTEROFFENSIVE.match(cell)
            if m is None:
                fail(f, rec, f"cannot read {cell!r}")
            kind, route, raid, naval = m.groups()
            if naval:
                cells.append(CounterResult("naval_action", None, None))
            elif raid:
                target = spaces.get(raid)
                if target is None:
                    fail(f, rec, f"raids unknown space {raid!r}")
                if target.is_sea or target.kind == "constantinople" or target.fortress == "assassin":
                    fail(f, rec, f"Muslims are never placed in {target.name} (27.3, 29.1, 31.1)")
                cells.append(CounterResult("raid", None, raid))
            else:
                if route not in LAND_ROUTES:
                    fail(f, rec, f"{kind} on {route!r}: attacks and relief name a land route (27.4, 27.11)")
                cells.append(CounterResult(kind, route, None))
        grid.append(tuple(cells))
    _frequencies(f, "counteroffensive", co, _grid_counts(co["grid"]))

    vic = doc["victory"]
    vp: dict[str, int] = {}
    for a in vic["awards"]:
        if a["id"] in vp:
            fail(f, f"victory award {a['id']}", "listed twice")
        vp[a["id"]] = a["vp"]
    for need in VP_AWARDS:
        if need not in vp:
            fail(f, f"victory award {need}", "missing (6.1)")
    bands = tuple(VictoryBand(b["min"], b["max"], b["result"], b["name"]) for b in vic["bands"])
    if bands[0].min is not None or bands[-1].max is not None:
        fail(f, "victory bands", "the lowest band has no floor and the highest no ceiling (6.2)")
    for lo, hi in pairwise(bands):
        if lo.max is None or hi.min != lo.max + 1:
            fail(f, f"victory band {hi.result}", f"must begin at {None if lo.max is None else lo.max + 1}")
        if hi.max is not None and hi.max < hi.min:
            fail(f, f"victory band {hi.result}", "ends before it begins")
    return Tables(
        event_grid=tuple(tuple(column) for column in ev["grid"]),
        event_names=MappingProxyType(names),
        counteroffensive_grid=tuple(grid),
        vp=MappingProxyType(vp),
        bands=bands,
        kingdoms_shift=vic["kingdoms_shift"],
    )
