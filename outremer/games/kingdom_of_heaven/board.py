"""The Kingdom of Heaven map as a data pack: provinces and their capitals, spaces with their terrain
(Harsh, Nile, port), walled cities, castle sites and VP, the links between spaces (normal, mountain
pass, Arabian desert) and the three off-map boxes.

The printed map is lost: the rulebook describes it (`§2.2`, L138-L149) and its examples fix a few
dozen facts, each cited by the record it rests on. ``data/map.json`` holds our reconstruction of
the rest (docs/kingdom-of-heaven/map.md, rulings K2-K13), every record carrying its source. The file
is validated by its JSON Schema, then checked across records: ids unique, every reference known,
twelve provinces with one capital each save the Kingdom of Jerusalem's two (`§3.Province`,
L227-L228), links listed once and never joining a space to itself, pass costs of 2 save
Herakleia-Mersin's 3 (`§10.2`, L578), desert links only among Bosra, al-Azraq, Wadi al-Hasa and
Negev (`§2.2`, L142), Minya on the Nile (L146), the three boxes (L148), at most one stronghold in a
space in any scenario (`§17.1`, L945), VP given once for every scenario, every space the rulebook
names present, and every space reached from Jerusalem by land or by sea. A broken file raises
:class:`BadData` naming the file, the record and the problem. Nothing here is a rule beyond what a
record is: castles are counters a scenario places on castle sites (ruling K2).
"""

from __future__ import annotations

import heapq
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path as FilePath
from types import MappingProxyType
from typing import Any

from ...engine import graphs
from ...engine.datapack import Loader, fail, read_pack, unique

FILES = ("map",)
PROVINCES = 12  # §3.Province (L227)
TWO_CAPITALS = ("Acre", "Jerusalem")  # §3.Province (L228), §2.2 (L144): the Kingdom of Jerusalem's
NORMAL, PASS, DESERT = "normal", "pass", "desert"
PASS_COST = 2  # §10.2 (L578), §10.6.Passes (L616)
LONG_PASS = ("Herakleia", "Mersin", 3)  # the one pass that costs 3 (L578)
DESERT_ENDS = frozenset({"Bosra", "al-Azraq", "Wadi al-Hasa", "Negev"})  # §2.2 (L142), §10.6.Desert (L622)
NILE_START = "Minya"  # §2.2 (L146)
BOXES = ("constantinople", "mediterranean", "mosul")  # §2.2 (L148), §3.Terms (L205)
MEDITERRANEAN, RED_SEA = "mediterranean", "red"  # §10.8.Supremacy (L642)
NAMED = {
    # §2.2 (L142-L146), §10.2 (L578) and the examples: every space the rulebook names, with a line
    "Jerusalem": "L140", "Acre": "L144", "Hebron": "L195", "Minya": "L146", "Bosra": "L142",
    "al-Azraq": "L142", "Wadi al-Hasa": "L142", "Negev": "L142", "Herakleia": "L578", "Mersin": "L578",
    "Cairo": "L417", "Kerak": "L417", "Damietta": "L417", "Alexandria": "L417", "Aila": "L1294",
    "Jaffa": "L840", "As-Salt": "L752", "Ras al-Ma'": "L758", "Belvoir": "L758", "Damascus": "L752",
    "Tiberias": "L911", "Banias": "L911", "Marat an'Numan": "L1170", "Hama": "L1172", "Homs": "L1172",
    "An Nabk": "L1365", "Baalbek": "L1294", "Aleppo": "L1308", "Edessa": "L1294", "Harran": "L1294",
    "Deir ez-Zor": "L1308", "Ar Raqqa": "L1308", "Qalat Djabar": "L1308", "Maskanah": "L1308",
    "Nawa": "L1369", "Nablus": "L1369", "Limassol": "L1304", "Famagusta": "L1306", "Tyre": "L1292",
    "Beirut": "L1292", "Tripoli": "L1292", "Antioch": "L1399",
}  # fmt: skip
Source = Mapping[str, str]


# --- the records -----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Province:
    """A province (§3.Province, L227): its spaces share an owner, set by the scenario (§9.1)."""

    id: str
    name: str
    capitals: tuple[str, ...]  # space ids; two only for the Kingdom of Jerusalem
    source: Source


@dataclass(frozen=True, slots=True)
class Space:
    """A space of the map (§2.2, L140) with what is printed on it. Scenario-dependent facts
    (Jerusalem's walls, Jerusalem's and Kerak's VP) are kept per scenario letter."""

    id: str
    name: str
    printed: tuple[str, ...]  # other spellings the rulebook uses
    province: str
    walled_city: frozenset[str]  # scenario letters in which a walled city stands here (§2.2, §17.1.2)
    castle_site: frozenset[str]  # letters in which a scenario may place a castle counter here (K2)
    port: str | None  # "mediterranean", "red" or None (§2.2 L140, §10.8)
    harsh: bool  # §10.6.Harsh (L620)
    nile: bool  # §10.6.Nile (L618)
    vp: Mapping[str, int]  # scenario letter -> VP printed or ruled for the space (§20.1, §20.1.1)
    lat: float  # the place's latitude and longitude, for drawing
    lon: float
    source: Source
    sources: Mapping[str, Source]  # the source of each attribute present, by field name


@dataclass(frozen=True, slots=True)
class Link:
    """A line between two spaces (§2.2, L142): normal (1 MP), a mountain pass (2 MP, or 3) or an
    Arabian desert connection (1 MP, open only to a card of OV 3, §10.6.Desert)."""

    a: str
    b: str
    kind: str
    mp: int
    source: Source

    def other(self, space: str) -> str:
        return self.b if space == self.a else self.a


@dataclass(frozen=True, slots=True)
class Box:
    """An off-map box (§10.6.Boxes, L624): units leave it by land into its entry spaces (1 MP),
    or, for the Mediterranean box, only by sea."""

    id: str
    name: str
    entries: tuple[str, ...]
    lat: float
    lon: float
    source: Source
    entries_source: Source


@dataclass(frozen=True, slots=True)
class Board:
    letters: str  # the scenario letters, in order
    provinces: Mapping[str, Province]
    spaces: Mapping[str, Space]
    links: tuple[Link, ...]
    boxes: Mapping[str, Box]
    _by_space: Mapping[str, tuple[Link, ...]]
    _near: Mapping[str, tuple[str, ...]]  # neighbours() over every line, read once at load
    _scoring: Mapping[str, tuple[tuple[str, int], ...]]  # scoring() of each letter, read once at load

    def links_of(self, space: str) -> tuple[Link, ...]:
        """The links of ``space``, in file order."""
        return self._by_space.get(space, ())

    def neighbours(self, space: str, desert: bool = True) -> tuple[str, ...]:
        """The spaces joined to ``space`` by a line (desert lines only if ``desert``), in file order."""
        if desert:
            return self._near.get(space, ())
        return tuple(k.other(space) for k in self.links_of(space) if k.kind != DESERT)

    def scoring(self, scenario: str) -> tuple[tuple[str, int], ...]:
        """The spaces worth VP in ``scenario`` (§20.1), in file order, with their VP."""
        return self._scoring.get(scenario, ())

    def link(self, a: str, b: str) -> Link | None:
        return next((k for k in self.links_of(a) if k.other(a) == b), None)

    def adjacent(self, a: str, b: str) -> bool:
        return self.link(a, b) is not None

    def spaces_of(self, province: str) -> tuple[str, ...]:
        return tuple(sid for sid, s in self.spaces.items() if s.province == province)

    def is_capital(self, space: str) -> bool:
        return space in self.provinces[self.spaces[space].province].capitals

    def ports(self, sea: str = MEDITERRANEAN) -> tuple[str, ...]:
        """The port spaces of a sea, in file order (§10.8, L636)."""
        return tuple(sid for sid, s in self.spaces.items() if s.port == sea)

    def vp(self, space: str, scenario: str) -> int:
        return self.spaces[space].vp.get(scenario, 0)

    def stronghold(self, space: str, scenario: str) -> str | None:
        """ "walled_city" where the map prints one in ``scenario``, "castle_site" where a scenario
        may place a castle counter, else None."""
        s = self.spaces[space]
        if scenario in s.walled_city:
            return "walled_city"
        return "castle_site" if scenario in s.castle_site else None

    def by_name(self, name: str) -> Space | None:
        """The space called ``name`` or printed so."""
        return next((s for s in self.spaces.values() if name == s.name or name in s.printed), None)

    def mp_costs(self, start: str, desert: bool = False) -> dict[str, int]:
        """The fewest MP to enter each space reachable from ``start`` (a space or a box) over the
        lines (desert lines only if ``desert``), counting each link's cost (§10.2, L578) and 1 MP
        from a box into its entry spaces (§10.6.Boxes, L624)."""
        if start in self.boxes:
            first = {e: 1 for e in self.boxes[start].entries}
        else:
            first = {start: 0}
        best: dict[str, int] = {}
        todo = [(mp, space) for space, mp in first.items()]
        heapq.heapify(todo)
        while todo:
            mp, here = heapq.heappop(todo)
            if here in best:
                continue
            best[here] = mp
            for k in self.links_of(here):
                if (desert or k.kind != DESERT) and k.other(here) not in best:
                    heapq.heappush(todo, (mp + k.mp, k.other(here)))
        return best

    def reached(self, start: str, by_sea: bool = True) -> set[str]:
        """Every space a chain of lines (and naval moves between Mediterranean ports, unless
        ``by_sea`` is False) leads to from ``start``."""
        ports = set(self.ports(MEDITERRANEAN)) if by_sea else set()

        def steps(here: str) -> Iterable[str]:
            yield from self.neighbours(here)
            if here in ports:
                yield from ports

        return graphs.reached(start, steps)


# --- reading and checking --------------------------------------------------------------------


def read_board(directory: FilePath | None = None) -> Board:
    """Load, validate and cross-check a data pack: the shipped one when ``directory`` is None."""
    doc = read_pack(__package__ or __name__, FILES, directory)["map"]
    f = "map"
    letters = doc["scenarios"]["letters"]
    if len(set(letters)) != len(letters):
        fail(f, "scenarios", f"letters {letters!r} list a scenario twice")
    provinces = _provinces(f, doc["provinces"])
    spaces = _spaces(f, doc["spaces"], provinces, letters)
    _capitals(f, provinces, spaces)
    links = _links(f, doc["links"], spaces)
    boxes = _boxes(f, doc["boxes"], spaces)
    by_space: dict[str, list[Link]] = {}
    for k in links:
        by_space.setdefault(k.a, []).append(k)
        by_space.setdefault(k.b, []).append(k)
    board = Board(
        letters=letters,
        provinces=MappingProxyType(provinces),
        spaces=MappingProxyType(spaces),
        links=links,
        boxes=MappingProxyType(boxes),
        _by_space=MappingProxyType({sid: tuple(ks) for sid, ks in by_space.items()}),
        _near=MappingProxyType({sid: tuple(k.other(sid) for k in ks) for sid, ks in by_space.items()}),
        _scoring=MappingProxyType(
            {x: tuple((sid, s.vp[x]) for sid, s in spaces.items() if s.vp.get(x, 0) > 0) for x in letters}
        ),
    )
    _named(f, board)
    holy = board.by_name("Jerusalem")
    assert holy is not None  # _named checked it
    cut = set(spaces) - board.reached(holy.id)
    if cut:
        fail(f, "links", f"{', '.join(sorted(cut))} cannot be reached from Jerusalem by land or sea")
    return board


load_board = Loader(read_board)
"""The shipped data pack, loaded once; or the pack in a folder given, loaded afresh."""


def _provinces(f: str, docs: list[dict[str, Any]]) -> dict[str, Province]:
    unique(f, "province", (p["id"] for p in docs))
    unique(f, "province name", (p["name"] for p in docs))
    if len(docs) != PROVINCES:
        fail(f, "provinces", f"{len(docs)} listed; the map has {PROVINCES} (§3.Province, L227)")
    return {p["id"]: Province(p["id"], p["name"], tuple(p["capitals"]), p["source"]) for p in docs}


def _spaces(
    f: str, docs: list[dict[str, Any]], provinces: Mapping[str, Province], letters: str
) -> dict[str, Space]:
    unique(f, "space", (s["id"] for s in docs))
    unique(f, "space name", (s["name"] for s in docs))
    spaces: dict[str, Space] = {}
    for s in docs:
        rec = f"space {s['id']}"
        if s["province"] not in provinces:
            fail(f, rec, f"names unknown province {s['province']!r}")
        walled = _letters(f, rec, "walled_city", s.get("walled_city"), letters)
        castle = _letters(f, rec, "castle_site", s.get("castle_site"), letters)
        both = walled & castle
        if both:
            why = "one stronghold a space (§17.1, L945)"
            fail(f, rec, f"a walled city and a castle site in scenario {min(both)}: {why}")
        vp: dict[str, int] = {}
        for entry in s.get("vp", []):
            for letter in entry["scenarios"]:
                if letter not in letters:
                    fail(f, rec, f"VP for unknown scenario {letter!r}")
                if letter in vp:
                    fail(f, rec, f"VP given twice for scenario {letter}")
                vp[letter] = entry["value"]
        if "vp" in s and set(vp) != set(letters):
            fail(f, rec, f"VP given for scenarios {''.join(sorted(vp))}, not for all of {letters}")
        fields = ("walled_city", "castle_site", "port", "harsh", "nile")
        sources = {k: s[k]["source"] for k in fields if k in s}
        sources.update({f"vp {e['scenarios']}": e["source"] for e in s.get("vp", [])})
        sources["at"] = s["at"]["source"]
        spaces[s["id"]] = Space(
            id=s["id"],
            name=s["name"],
            printed=tuple(s.get("printed", ())),
            province=s["province"],
            walled_city=walled,
            castle_site=castle,
            port=s["port"]["sea"] if "port" in s else None,
            harsh="harsh" in s,
            nile="nile" in s,
            vp=MappingProxyType(vp),
            lat=s["at"]["lat"],
            lon=s["at"]["lon"],
            source=s["source"],
            sources=MappingProxyType(sources),
        )
    for pid in provinces:
        if not any(s.province == pid for s in spaces.values()):
            fail(f, f"province {pid}", "has no space")
    for sea in (MEDITERRANEAN, RED_SEA):
        if sum(1 for s in spaces.values() if s.port == sea) < 2:
            fail(f, "spaces", f"fewer than two {sea} ports: no naval move is possible there (§10.8)")
    return spaces


def _letters(f: str, rec: str, field: str, entry: dict[str, Any] | None, letters: str) -> frozenset[str]:
    """The scenarios a scenario-dependent attribute holds in: all of them unless it lists some."""
    if entry is None:
        return frozenset()
    chosen = entry.get("scenarios", letters)
    unknown = sorted(set(chosen) - set(letters))
    if unknown:
        fail(f, rec, f"{field} names unknown scenario {unknown[0]!r}")
    return frozenset(chosen)


def _capitals(f: str, provinces: Mapping[str, Province], spaces: Mapping[str, Space]) -> None:
    for p in provinces.values():
        rec = f"province {p.id}"
        for cap in p.capitals:
            if cap not in spaces:
                fail(f, rec, f"names unknown capital {cap!r}")
            if spaces[cap].province != p.id:
                fail(f, rec, f"its capital {cap} lies in province {spaces[cap].province}")
        names = tuple(sorted(spaces[c].name for c in p.capitals))
        if len(p.capitals) == 2 and names != TWO_CAPITALS:
            fail(f, rec, "two capitals: only the Kingdom of Jerusalem has two, Acre and Jerusalem (L228)")
    if not any(tuple(sorted(spaces[c].name for c in p.capitals)) == TWO_CAPITALS for p in provinces.values()):
        fail(f, "provinces", "none has Acre and Jerusalem as its two capitals (§3.Province, L228)")


def _links(f: str, docs: list[dict[str, Any]], spaces: Mapping[str, Space]) -> tuple[Link, ...]:
    out: list[Link] = []
    seen: set[frozenset[str]] = set()
    for e in docs:
        rec = f"link {e['a']}-{e['b']}"
        for end in (e["a"], e["b"]):
            if end not in spaces:
                fail(f, rec, f"names unknown space {end!r}")
        if e["a"] == e["b"]:
            fail(f, rec, "joins a space to itself")
        if frozenset((e["a"], e["b"])) in seen:
            fail(f, rec, "listed twice")
        seen.add(frozenset((e["a"], e["b"])))
        names = {spaces[e["a"]].name, spaces[e["b"]].name}
        long_pass = names == set(LONG_PASS[:2])
        if e["kind"] == PASS:
            want = LONG_PASS[2] if long_pass else PASS_COST
            if e["mp"] != want:
                fail(f, rec, f"a pass of {e['mp']} MP; passes cost {PASS_COST}, Herakleia-Mersin 3 (L578)")
        elif long_pass:
            fail(f, rec, "Herakleia-Mersin is a pass of 3 MP (§10.2, L578)")
        elif e["mp"] != 1:
            fail(f, rec, f"a {e['kind']} link costing {e['mp']} MP; only passes cost more than 1 (L578)")
        if e["kind"] == DESERT and not names <= DESERT_ENDS:
            fail(f, rec, "a desert link outside Bosra, al-Azraq, Wadi al-Hasa and Negev (§2.2, L142)")
        out.append(Link(e["a"], e["b"], e["kind"], e["mp"], e["source"]))
    return tuple(out)


def _boxes(f: str, docs: list[dict[str, Any]], spaces: Mapping[str, Space]) -> dict[str, Box]:
    unique(f, "box", (b["id"] for b in docs))
    boxes: dict[str, Box] = {}
    for b in docs:
        rec = f"box {b['id']}"
        if b["id"] in spaces:
            fail(f, rec, "shares its id with a space")
        for entry in b["entries"]:
            if entry not in spaces:
                fail(f, rec, f"names unknown entry space {entry!r}")
        if (b["id"] == "mediterranean") == bool(b["entries"]):
            fail(f, rec, "only the Mediterranean box is left by sea alone, the others by land (L624)")
        at = b["at"]
        entries = tuple(b["entries"])
        boxes[b["id"]] = Box(
            b["id"], b["name"], entries, at["lat"], at["lon"], b["source"], b["entries_source"]
        )
    missing = [bid for bid in BOXES if bid not in boxes]
    if missing:
        fail(
            f,
            f"box {missing[0]}",
            "missing: the map has three boxes, Constantinople, Mediterranean, Mosul (L148)",
        )
    return boxes


def _named(f: str, board: Board) -> None:
    for name, line in NAMED.items():
        if board.by_name(name) is None:
            fail(f, f"space {name}", f"named by the rulebook ({line}) but not on the map")
    ends = [s.id for name in sorted(DESERT_ENDS) if (s := board.by_name(name))]
    joined = graphs.reached(
        ends[0], lambda here: (k.other(here) for k in board.links_of(here) if k.kind == DESERT)
    )
    if set(ends) - joined:
        fail(f, "links", "the desert links do not join Bosra, al-Azraq, Wadi al-Hasa and Negev (§2.2, L142)")
    minya = board.by_name(NILE_START)
    if minya is None or not minya.nile:
        fail(f, f"space {NILE_START}", "the Nile's course starts at Minya (§2.2, L146)")
    a, b, _ = LONG_PASS
    sa, sb = board.by_name(a), board.by_name(b)
    if sa is None or sb is None or board.link(sa.id, sb.id) is None:
        fail(f, "links", "no pass from Herakleia to Mersin (§10.2, L578)")
