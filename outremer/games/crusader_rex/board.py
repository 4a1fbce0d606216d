"""The Crusader Rex data pack, loaded into fast look-up tables (rules 1.x, 2.x).

Every fact comes from the files in ``data/`` (map, blocks, cards), each validated by its JSON
Schema when loaded; a broken file raises :class:`BadData` naming the file and the problem.
Nothing here is a rule: the rules modules read these tables.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

import jsonschema

from ...engine.errors import BadData

FRANKS = "Franks"
SARACENS = "Saracens"
ASSASSINS = "Assassins"
SIDES = (FRANKS, SARACENS)
STAGING = ("England", "France", "Germania")


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
        kingdoms = {k: v["friendly_to"] for k, v in map_doc["kingdoms"].items()}
        self.towns: dict[str, Town] = {}
        for t in map_doc["towns"]:
            if t["kingdom"] not in kingdoms:
                raise BadData(f"map.json: town {t['name']} is in unknown kingdom {t['kingdom']!r}")
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
        self.staging = {s["name"]: s["nation"] for s in map_doc["staging_areas"]}
        places = set(self.towns) | set(self.staging)
        self.roads: dict[str, Road] = {}
        self.adjacent: dict[str, list[tuple[str, str]]] = {p: [] for p in places}
        for r in map_doc["roads"]:
            a, b = r["a"], r["b"]
            for end in (a, b):
                if end not in places:
                    raise BadData(f"map.json: road {a}-{b} ends at unknown place {end!r}")
            key = road_key(a, b)
            if key in self.roads:
                raise BadData(f"map.json: road {a}-{b} is listed twice")
            self.roads[key] = Road(key, a, b, r["type"], bool(r.get("off_map")))
            self.adjacent[a].append((b, key))
            self.adjacent[b].append((a, key))
        limits = map_doc["road_limits"]
        self.road_limit = {
            "major": limits["major"],
            "minor": limits["minor"],
            "iron-bridge": limits["iron-bridge"],
        }
        self.iron_bridge_optional_limit: int = limits["iron-bridge_with_optional_rule"]
        self.guide_limit: dict[str, int] = dict(limits["with_guide_event"])
        self.victory_cities = tuple(map_doc["victory_cities"]["list"])
        for v in self.victory_cities:
            if v not in self.towns or not self.towns[v].victory:
                raise BadData(f"map.json: victory city {v!r} is not a town marked victory_city")
        self.ports = tuple(n for n, t in self.towns.items() if t.port)

        self.blocks: dict[str, Block] = {}
        self.start: dict[str, str | None] = {}
        for b in blocks_doc["blocks"]:
            if b["id"] in self.blocks:
                raise BadData(f"blocks.json: block id {b['id']!r} is listed twice")
            seats = tuple(s for s in [b["home_seat"], *b["alternate_seats"]] if s in self.towns)
            for s in seats:
                if self.towns[s].no_entry and b["side"] != ASSASSINS:
                    raise BadData(f"blocks.json: {b['id']} has a seat in no-entry {s}")
            home = b["home_seat"]
            if home is not None and home not in places:
                raise BadData(f"blocks.json: {b['id']} has unknown home {home!r}")
            self.blocks[b["id"]] = Block(
                id=b["id"],
                name=b["name"],
                label=_label(b, blocks_doc["blocks"]),
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
            where = b["start"]["where"]
            if where is not None and where not in self.towns:
                raise BadData(f"blocks.json: {b['id']} starts at unknown town {where!r}")
            self.start[b["id"]] = where
        self.block_ids = tuple(self.blocks)

        self.cards: dict[str, Card] = {}
        for c in cards_doc["cards"]:
            moves = c["moves"] or 0
            self.cards[c["id"]] = Card(
                c["id"], c["name"], c["kind"], moves, 4 if c["kind"] == "event" else moves
            )
        self.card_ids = tuple(self.cards)
        # Seat look-up (1.13): the towns where a block deploys at full strength.
        self.seats: dict[str, tuple[str, ...]] = {b.id: b.seats for b in self.blocks.values()}

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


def _read(directory: Path | None, name: str) -> dict[str, Any]:
    try:
        if directory is None:
            text = resources.files(__package__).joinpath("data").joinpath(name).read_text(encoding="utf-8")
        else:
            text = (directory / name).read_text(encoding="utf-8")
        doc = json.loads(text)
    except FileNotFoundError as e:
        raise BadData(f"{name}: file not found") from e
    except json.JSONDecodeError as e:
        raise BadData(f"{name}: not valid JSON ({e})") from e
    return doc


def load_board(directory: Path | None = None) -> Board:
    """Load and validate a data pack (the shipped one when ``directory`` is None)."""
    docs = {}
    for part in ("map", "blocks", "cards"):
        doc = _read(directory, f"{part}.json")
        schema = _read(None, f"{part}.schema.json")
        try:
            jsonschema.validate(doc, schema)
        except jsonschema.ValidationError as e:
            where = "/".join(str(p) for p in e.absolute_path) or "(top)"
            raise BadData(f"{part}.json: at {where}: {e.message}") from e
        docs[part] = doc
    try:
        return Board(docs["map"], docs["blocks"], docs["cards"])
    except KeyError as e:
        raise BadData(f"data pack: missing field {e}") from e


@cache
def default_board() -> Board:
    return load_board()
