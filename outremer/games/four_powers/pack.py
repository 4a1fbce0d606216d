"""The Four Powers data pack: everything the rules read that the rulebook's text lacks or prints
only in pictures, as checked records.

Files (``data/``, each validated by its JSON Schema, every record with its source):
- ``map.json``: the board (:mod:`.board`);
- ``locations.json``: each City's Influence costs, income and ransack Gold on both sides of its
  Location card (Locations.Anatomy.3-6, Players.1);
- ``cards.json``: the 54 Action cards, the Bluff and the 8 Round cards (:mod:`.cards`);
- ``components.json``: the component limits (Components, R16), the custom die (Battle.10), the
  four factions' colours, starting Presence (Setup.8) and supplies (PlayerSetup.6);
- ``tracks.json``: the three Upgrade tracks of a player board (PlayerSetup.4, R3b).

The values the text lacks are our reconstruction (docs/four-powers/reconstruction.md). After the
schemas, :func:`read_pack` checks across records and files; a broken pack raises :class:`BadData`
naming the file and the record. Nothing here is a rule.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType
from typing import Any

from ...engine import datapack
from ...engine.datapack import Loader, fail, unique
from .board import Board, read_board
from .cards import ActionCard, Effect, RoundCard, read_cards

__all__ = [
    "ActionCard",
    "City",
    "CitySide",
    "Components",
    "Effect",
    "Face",
    "Faction",
    "Pack",
    "RoundCard",
    "Track",
    "load_pack",
    "read_pack",
]

FILES = ("locations", "cards", "components", "tracks")
LEVELS: Mapping[str, int] = MappingProxyType({"four": 4, "two": 3})  # Locations.Anatomy.5, .8, R11b
START_LEVELS = ("left", "middle")  # Setup.8 names the first two levels of the four side
SEATS = ("Crusaders", "Byzantines", "Caliphate", "Seljuk")  # seat order, R8a
TRACKS = ("church", "fortress", "citadel")  # PlayerSetup.4: one row per kind of building
TRACK_SPACES = 4  # R3b
DIE_FACES = 6  # Components: six-sided custom dice
STARTING_VALUE = 15  # Gold + Faith + Units at their cost, the same for every faction (PlayerSetup.6)
UNIT_COST: Mapping[str, int] = MappingProxyType({"footman": 1, "tower": 2, "knight": 3})  # Units
BUILDINGS = MappingProxyType({"christians": "church", "muslims": "mosque"})  # Buildings.Church


@dataclass(frozen=True, slots=True)
class CitySide:
    """One side of a Location card (Locations.Anatomy.3-6)."""

    costs: tuple[int, ...]  # Gold to place Influence on each level, first level first; the last controls
    income: tuple[int, ...]  # Gold each level's Influence yields (Income.3)
    ransack: int  # Gold for ransacking (Siege.12.2)


@dataclass(frozen=True, slots=True)
class City:
    location: str
    sides: Mapping[str, CitySide]  # "four" and "two" (Players.1)
    source: Mapping[str, str]


@dataclass(frozen=True, slots=True)
class Face:
    """One face of the custom die (Battle.10): its Strength and its Wounds."""

    strength: int
    wounds: int


@dataclass(frozen=True, slots=True)
class Track:
    """One row of the player board (PlayerSetup.4, R3b)."""

    kind: str  # "church" | "fortress" | "citadel"
    values: tuple[int, ...]  # church: Gold per building at Income; fortress: Strength each; citadel: Strength
    stars: tuple[int, ...]  # indexes of the starred spaces (1 VP on reaching one, Victory.1)


@dataclass(frozen=True, slots=True)
class Faction:
    id: str
    role: str  # the role name in play
    colour: str
    faith: str  # "christians" | "muslims"
    building: str  # "church" | "mosque"
    influence: Mapping[str, str]  # starting Influence, four side: location -> "left" | "middle" (Setup.8)
    support: Mapping[str, int]  # starting Support by location (Setup.8)
    presence: int  # Presence markers in supply at the start (PlayerSetup.6)
    gold: int
    faith_tokens: int
    footman: int
    tower: int
    knight: int
    source: Mapping[str, str]


@dataclass(frozen=True, slots=True)
class Components:
    """The counts of the box (Components) that limit play (R16)."""

    presence_per_player: int
    buildings_per_kind: int
    footman: int
    tower: int
    knight: int
    faith: int
    dice: int


@dataclass(frozen=True, slots=True)
class Pack:
    board: Board
    cities: Mapping[str, City]  # by location id, in the map's order
    cards: Mapping[str, ActionCard]  # by id, in number order
    bluff: ActionCard  # the template of the four Bluff cards (R6c)
    rounds: tuple[RoundCard, ...]  # Rounds 1-5, X, Y, Last
    die: tuple[Face, ...]
    tracks: Mapping[str, Track]
    factions: Mapping[str, Faction]  # by role, in seat order (R8a)
    components: Components


def read_pack(directory: Path | None = None) -> Pack:
    """Load, validate and cross-check a data pack: the shipped one when ``directory`` is None."""
    board = read_board(directory)
    docs = datapack.read_pack(__package__ or __name__, FILES, directory)
    cards, bluff, rounds = read_cards(docs["cards"])
    comp = docs["components"]
    components = Components(**{k: v for k, v in comp["components"].items() if k != "source"})
    if docs["cards"]["bluff"]["count"] != len(SEATS):
        fail(
            "cards",
            "bluff",
            f"{docs['cards']['bluff']['count']} Bluff cards; one per player, 4 (PlayerSetup.5)",
        )
    return Pack(
        board=board,
        cities=_cities(docs["locations"]["cities"], board),
        cards=cards,
        bluff=bluff,
        rounds=rounds,
        die=_die(comp["die"]),
        tracks=_tracks(docs["tracks"]["tracks"]),
        factions=_factions(comp["factions"], board, components),
        components=components,
    )


load_pack = Loader(read_pack)
"""The shipped data pack, loaded once; or the pack in a folder given (which holds ``map.json``
    too), loaded afresh."""


def _cities(docs: list[dict[str, Any]], board: Board) -> Mapping[str, City]:
    """One City per Location of the map, each side with its levels (4 on the four side, 3 on the two
    side), costs and income never falling towards the control level."""
    f = "locations"
    unique(f, "city", (c["location"] for c in docs))
    by_location = {}
    for c in docs:
        rec = f"city {c['location']}"
        if c["location"] not in board.locations:
            fail(f, rec, f"names unknown location {c['location']!r}")
        sides = {}
        for side, levels in LEVELS.items():
            s = c[side]
            for field in ("costs", "income"):
                if len(s[field]) != levels:
                    fail(f, rec, f"{side} side: {len(s[field])} {field}; that side has {levels} levels")
                if list(s[field]) != sorted(s[field]):  # a higher level never costs or yields less
                    fail(f, rec, f"{side} side: {field} {s[field]} fall towards the control level")
            sides[side] = CitySide(tuple(s["costs"]), tuple(s["income"]), s["ransack"])
        by_location[c["location"]] = City(
            c["location"], MappingProxyType(sides), MappingProxyType(dict(c["source"]))
        )
    for lid in board.locations:
        if lid not in by_location:
            fail(f, f"location {lid}", "has no city values; every Location is a City (Locations)")
    return MappingProxyType({lid: by_location[lid] for lid in board.locations})


def _die(doc: dict[str, Any]) -> tuple[Face, ...]:
    faces = tuple(Face(x["strength"], x["wounds"]) for x in doc["faces"])
    if len(faces) != DIE_FACES:
        fail("components", "die", f"{len(faces)} faces; the dice are six-sided (Components)")
    return faces


def _tracks(docs: list[dict[str, Any]]) -> Mapping[str, Track]:
    """A church, a fortress and a citadel track of 4 spaces each (PlayerSetup.4, R3b)."""
    f = "tracks"
    unique(f, "track", (t["kind"] for t in docs))
    tracks = {}
    for t in docs:
        rec = f"track {t['kind']}"
        if len(t["values"]) != TRACK_SPACES:
            fail(f, rec, f"{len(t['values'])} spaces; a track has {TRACK_SPACES} (R3b)")
        if list(t["values"]) != sorted(t["values"]):
            fail(f, rec, f"values {t['values']} fall along the track; an Upgrade never weakens a building")
        for star in t["stars"]:
            if star >= TRACK_SPACES:
                fail(f, rec, f"star on space {star}, past the track's end")
        unique(f, f"{rec}: star", (str(s) for s in t["stars"]))
        tracks[t["kind"]] = Track(t["kind"], tuple(t["values"]), tuple(t["stars"]))
    for kind in TRACKS:
        if kind not in tracks:
            fail(f, "tracks", f"no {kind} track; a player board has one per kind of building (PlayerSetup.4)")
    return MappingProxyType({k: tracks[k] for k in TRACKS})


def _factions(docs: list[dict[str, Any]], board: Board, components: Components) -> Mapping[str, Faction]:
    """The four factions: starting places on known Locations, one Influence per City level, ten
    Presence markers each between board and supply, equal starting value (Setup.8, PlayerSetup.6)."""
    f = "components"
    unique(f, "faction", (x["id"] for x in docs))
    unique(f, "faction role", (x["role"] for x in docs))
    held: dict[tuple[str, str], str] = {}
    factions = {}
    for x in docs:
        rec = f"faction {x['id']}"
        for lid in (*x["influence"], *x["support"]):
            if lid not in board.locations:
                fail(f, rec, f"names unknown location {lid!r}")
            if lid not in board.in_play():
                fail(f, rec, f"starts in {lid}, which joins the board only in the 2nd Crusade (Setup.2)")
        for lid, level in x["influence"].items():
            if (lid, level) in held:
                fail(
                    f,
                    rec,
                    f"the {level} level of {lid} already holds {held[lid, level]} (Presence.Influence.8)",
                )
            held[lid, level] = x["id"]
        if BUILDINGS[x["faith"]] != x["building"]:
            fail(
                f,
                rec,
                f"{x['faith']} build {BUILDINGS[x['faith']]}es, not {x['building']}es (Buildings.Church)",
            )
        placed = len(x["influence"]) + sum(x["support"].values())
        if placed + x["presence"] != components.presence_per_player:
            fail(
                f,
                rec,
                f"{placed} Presence on the board and {x['presence']} in supply; "
                f"each player has {components.presence_per_player} (Markers)",
            )
        value = x["gold"] + x["faith_tokens"] + sum(x[u] * cost for u, cost in UNIT_COST.items())
        if value != STARTING_VALUE:
            fail(
                f,
                rec,
                f"starts with {value} in Gold, Faith and Units; every faction starts with {STARTING_VALUE}",
            )
        factions[x["role"]] = Faction(
            id=x["id"],
            role=x["role"],
            colour=x["colour"],
            faith=x["faith"],
            building=x["building"],
            influence=MappingProxyType(dict(x["influence"])),
            support=MappingProxyType(dict(x["support"])),
            presence=x["presence"],
            gold=x["gold"],
            faith_tokens=x["faith_tokens"],
            footman=x["footman"],
            tower=x["tower"],
            knight=x["knight"],
            source=MappingProxyType(dict(x["source"])),
        )
    if sorted(factions) != sorted(SEATS):
        fail(f, "factions", f"the four factions are {', '.join(SEATS)}; found {', '.join(factions)}")
    for unit in UNIT_COST:
        total = sum(getattr(x, unit) for x in factions.values())
        if total > getattr(components, unit):
            fail(
                f,
                "factions",
                f"start with {total} {unit} between them; the box holds {getattr(components, unit)}",
            )
    return MappingProxyType({role: factions[role] for role in SEATS})
