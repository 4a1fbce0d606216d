"""The Crusader Rex data pack, loaded into fast look-up tables (rules 1.x, 2.x).

Every fact comes from the files in ``data/`` (map, blocks, cards), each validated by its strict JSON
Schema when loaded, then checked across files: the counts the rulebook states (2.2-2.4, 4.0, 1.2),
no record listed twice, and every reference (a road's ends, a town's kingdom, a block's seats and
start) naming a place on the map. A broken file raises :class:`BadData` naming the file, the record
and the problem. Nothing here is a rule: the rules modules read these tables.
"""

from __future__ import annotations

from collections import Counter as Tally
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from ...engine.datapack import fail, read_pack, unique

FRANKS = "Franks"
SARACENS = "Saracens"
ASSASSINS = "Assassins"
SIDES = (FRANKS, SARACENS)
STAGING = ("England", "France", "Germania")
# How many blocks of each group, and whose they are (2.21-2.25, 2.31-2.32, 2.4).
GROUPS = {
    "outremers": (FRANKS, 10),
    "military_orders": (FRANKS, 7),
    "turcopoles": (FRANKS, 2),
    "crusaders": (FRANKS, 9),
    "pilgrims": (FRANKS, 3),
    "emirs": (SARACENS, 19),
    "nomads": (SARACENS, 12),
    "assassins": (ASSASSINS, 1),
}
CARD_KINDS = {"move": 22, "event": 5}  # 4.0
VICTORY_CITIES = 7  # 1.2


def enemy(side: str) -> str:
    return SARACENS if side == FRANKS else FRANKS


@dataclass(frozen=True, slots=True)
class Town:
    name: str
    kingdom: str
    side: str  # the side whose kingdom holds the town (1.12)
    rating: int  # shields: castle limit, supply, replacements (1.11, 6.52, 8.3, 8.4)
    port: bool
    fortified: bool  # Tyre and Tripoli (1.14)
    victory: bool  # one of the seven victory cities (1.2)
    no_entry: bool  # Masyaf (1.12)
    shields: tuple[str, ...]
    lat: float | None
    lon: float | None


@dataclass(frozen=True, slots=True)
class Road:
    key: str  # "A|B" with the names sorted
    a: str
    b: str
    kind: str  # major, minor, iron-bridge
    off_map: bool


@dataclass(frozen=True, slots=True)
class Block:
    id: str
    name: str  # as printed on the block
    label: str  # the name, made unique where blocks share one: "Templars (Gaza)", "Kurds (2)"
    side: str
    group: str
    nation: str | None
    max_steps: int
    initiative: str
    firepower: int
    move: int
    home: str | None
    seats: tuple[str, ...]  # home seat first, then alternate seats (1.13)
    permanent: bool  # 6.34
    charge: bool  # 6.32
    harry: bool  # 6.33
    sea_attack: bool  # 7.22


@dataclass(frozen=True, slots=True)
class Card:
    id: str
    name: str
    kind: str  # move or event
    moves: int  # 0 for events
    rank: int  # 3/2/1 for moves, 4 for events (4.1)


class Board:
    """All static facts of one data pack."""

    def __init__(self, map_doc: dict[str, Any], blocks_doc: dict[str, Any], cards_doc: dict[str, Any]):
        self._map(map_doc)
        self._blocks(blocks_doc["blocks"])
        self._cards(cards_doc["cards"])

    def _map(self, doc: dict[str, Any]) -> None:
        kingdoms = {k: v["friendly_to"] for k, v in doc["kingdoms"].items()}
        unique("map", "town", [t["name"] for t in doc["towns"]])
        unique("map", "place", [t["name"] for t in doc["towns"]] + [s["name"] for s in doc["staging_areas"]])
        self.towns: dict[str, Town] = {}
        for t in doc["towns"]:
            if t["kingdom"] not in kingdoms:
                fail("map", f"town {t['name']}", f"is in unknown kingdom {t['kingdom']!r}")
            self.towns[t["name"]] = Town(
                name=t["name"],
                kingdom=t["kingdom"],
                side=kingdoms[t["kingdom"]],
                rating=t["rating"],
                port=t["port"],
                fortified=t["fortified_port"],
                victory=t["victory_city"],
                no_entry=bool(t.get("no_entry")),
                shields=tuple(t["shields"]),
                lat=t.get("lat"),
                lon=t.get("lon"),
            )
        self.staging = {s["name"]: s["nation"] for s in doc["staging_areas"]}
        if sorted(self.staging) != sorted(STAGING):
            fail(
                "map", "staging_areas", f"must be {', '.join(STAGING)} (7.21), not {', '.join(self.staging)}"
            )
        places = set(self.towns) | set(self.staging)
        self.roads: dict[str, Road] = {}
        self.adjacent: dict[str, list[tuple[str, str]]] = {p: [] for p in places}
        for r in doc["roads"]:
            a, b = r["a"], r["b"]
            for end in (a, b):
                if end not in places:
                    fail("map", f"road {a}-{b}", f"ends at unknown place {end!r}")
            if a == b:
                fail("map", f"road {a}-{b}", "joins a town to itself")
            key = road_key(a, b)
            if key in self.roads:
                fail("map", f"road {a}-{b}", "listed twice")
            self.roads[key] = Road(key, a, b, r["type"], bool(r.get("off_map")))
            self.adjacent[a].append((b, key))
            self.adjacent[b].append((a, key))
        limits = doc["road_limits"]
        self.road_limit = {
            "major": limits["major"],
            "minor": limits["minor"],
            "iron-bridge": limits["iron-bridge"],
        }
        self.iron_bridge_optional_limit: int = limits["iron-bridge_with_optional_rule"]
        self.guide_limit: dict[str, int] = dict(limits["with_guide_event"])
        self.victory_cities = tuple(doc["victory_cities"]["list"])
        unique("map", "victory city", self.victory_cities)
        marked = [n for n, t in self.towns.items() if t.victory]
        for v in self.victory_cities:
            if v not in self.towns or not self.towns[v].victory:
                fail("map", f"victory city {v}", "is not a town marked victory_city")
        for v in marked:
            if v not in self.victory_cities:
                fail("map", f"town {v}", "is marked victory_city but not in victory_cities")
        if len(self.victory_cities) != VICTORY_CITIES:
            fail("map", "victory_cities", f"lists {len(self.victory_cities)}, not {VICTORY_CITIES} (1.2)")
        for side, cities in doc["victory_cities"]["start"].items():
            for v in cities:
                if v not in self.victory_cities:
                    fail("map", f"victory_cities start ({side})", f"{v!r} is not a victory city")
        self.ports = tuple(n for n, t in self.towns.items() if t.port)

    def _blocks(self, blocks: list[dict[str, Any]]) -> None:
        unique("blocks", "block", [b["id"] for b in blocks])
        places = set(self.towns) | set(self.staging)
        nations = set(self.staging.values())
        symbols = {b["seat_symbol"] for b in blocks}
        for t in self.towns.values():
            for shield in t.shields:
                if shield not in symbols:
                    fail("map", f"town {t.name}", f"shows shield {shield!r}, no block's seat_symbol (1.13)")
        self.blocks: dict[str, Block] = {}
        self.start: dict[str, str | None] = {}
        for b in blocks:
            rec = f"block {b['id']}"
            side = GROUPS[b["group"]][0]
            if b["side"] != side:
                fail("blocks", rec, f"{b['group']} are {side} blocks, not {b['side']} (2.2-2.4)")
            home = b["home_seat"]
            if home is not None and home not in places:
                fail("blocks", rec, f"has unknown home {home!r}")
            for s in b["alternate_seats"]:
                if s not in self.towns:
                    fail("blocks", rec, f"has unknown seat {s!r}")
                if b["seat_symbol"] not in self.towns[s].shields:
                    fail("blocks", rec, f"seat {s} does not show its shield {b['seat_symbol']!r} (1.13)")
            seats = tuple(s for s in [home, *b["alternate_seats"]] if s in self.towns)
            for s in seats:
                if self.towns[s].no_entry and b["side"] != ASSASSINS:
                    fail("blocks", rec, f"has a seat in no-entry {s} (1.12)")
            if b.get("nation") is not None and b["nation"] not in nations:
                fail("blocks", rec, f"nation {b['nation']!r} has no staging area (7.21)")
            where = b["start"]["where"]
            if where is not None and where not in self.towns:
                fail("blocks", rec, f"starts at unknown town {where!r}")
            self.blocks[b["id"]] = Block(
                id=b["id"],
                name=b["name"],
                label=_label(b, blocks),
                side=b["side"],
                group=b["group"],
                nation=b.get("nation"),
                max_steps=b["max_steps"],
                initiative=b["initiative"],
                firepower=b["firepower"],
                move=b["move"],
                home=home,
                seats=seats,
                permanent=b["permanently_eliminated"],
                charge=b["knights_charge"],
                harry=b["harry"],
                sea_attack=bool(b.get("sea_attack")),
            )
            self.start[b["id"]] = where
        have = Tally(b["group"] for b in blocks)
        for group, (_, count) in GROUPS.items():
            if have[group] != count:
                fail("blocks", f"group {group}", f"has {have[group]} blocks, not {count} (2.2-2.4)")
        self.block_ids = tuple(self.blocks)
        # Seat look-up (1.13): the towns where a block deploys at full strength.
        self.seats: dict[str, tuple[str, ...]] = {b.id: b.seats for b in self.blocks.values()}

    def _cards(self, cards: list[dict[str, Any]]) -> None:
        unique("cards", "card", [c["id"] for c in cards])
        have = Tally(c["kind"] for c in cards)
        for kind, count in CARD_KINDS.items():
            if have[kind] != count:
                fail("cards", f"{kind} cards", f"the deck has {count}, not {have[kind]} (4.0)")
        self.cards: dict[str, Card] = {}
        for c in cards:
            moves = c["moves"] or 0
            self.cards[c["id"]] = Card(
                c["id"], c["name"], c["kind"], moves, 4 if c["kind"] == "event" else moves
            )
        self.card_ids = tuple(self.cards)

    def limit(self, road: str, guide: bool, iron_bridge_rule: bool) -> int:
        """How many blocks of one player may use ``road`` in one phase (5.1, Guide, iron bridge)."""
        kind = self.roads[road].kind
        if guide:
            return self.guide_limit[kind]
        if kind == "iron-bridge" and iron_bridge_rule:
            return self.iron_bridge_optional_limit
        return self.road_limit[kind]


def _label(block: dict[str, Any], blocks: list[dict[str, Any]]) -> str:
    """A block's name, with the tail of its id added when other blocks share the name."""
    if sum(1 for other in blocks if other["name"] == block["name"]) == 1:
        return str(block["name"])
    tail = block["id"].split("_", 1)[-1].replace("_", " ")
    return f"{block['name']} ({tail.title() if not tail.isdigit() else tail})"


def road_key(a: str, b: str) -> str:
    return f"{a}|{b}" if a < b else f"{b}|{a}"


def load_board(directory: Path | None = None) -> Board:
    """Load and check a data pack: the shipped one, or the one in ``directory``."""
    docs = read_pack(__package__ or __name__, ("map", "blocks", "cards"), directory)
    return Board(docs["map"], docs["blocks"], docs["cards"])


@cache
def default_board() -> Board:
    return load_board()
