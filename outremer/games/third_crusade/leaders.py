"""The Third Crusade Leaders as a data pack: each named piece's Army, shape and icons.

The Leader pieces were pictures. The text names them in the variable set-up
(`VariableSetup.Forces`, L310-L318), the plutorial, the Tripoli Battle and the Event examples; a
Leader takes a slot of its shape, square or hexagonal (`Glossary.Leader`, L1461), its Infantry and
Cavalry icons give it Battle Strength (L1463) and its command point, crown, supply and gold icons
count on its owner's tracks while it is on the map (`BoardSetup.4`, L199-L204). ``data/leaders.json``
holds our reconstruction (docs/third-crusade/orders.md), every record with its source. The file is
validated by its JSON Schema, then checked across records: ids and names unique, every Leader the
rulebook names present with its Army, the variable set-up's lists exactly, the shapes those of the
map's slots, the Regions the text shows a Leader in present on the map, and the Leaders of the
Genoa ships on Crusader Armies. A broken file raises :class:`BadData` naming the file, the record
and the problem. Nothing here is a rule.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path as FilePath
from types import MappingProxyType
from typing import Any

from ...engine.datapack import Loader, fail, read_pack, unique
from .board import Board, load_board
from .orders import ARMIES

FILES = ("leaders",)
NEUTRAL = "neutral"
UNIT_ICONS = ("infantry", "cavalry")
RESOURCE_ICONS = ("command_point", "crown", "supply", "gold")  # BoardSetup.4 L199
NAMED = {
    # VariableSetup.Forces L312-L315 (the Army icons lost; the order and the names give them)
    "William": ("angevin", "L312"), "James": ("angevin", "L312"),
    "Frederick I": ("hre", "L313"), "Diepold": ("hre", "L313"), "Guido": ("hre", "L313"),
    "Saladin": ("ayyubid", "L314"), "Al-Adil": ("ayyubid", "L314"), "Al-Afdal": ("ayyubid", "L314"),
    "Ibn Shaddad": ("ayyubid", "L314"),
    "Zangi": ("turkoman", "L315"), "Qilij Arslan II": ("turkoman", "L315"),
    "Ibn Marwan": ("turkoman", "L315"),
    # Plutorial.Upkeep.7.Example L1296: the Angevin's Leaders of the 1191 Spring ship
    "Richard I": ("angevin", "L1296"), "Philip II": ("angevin", "L1296"),
    # Example.TripoliBattle.Attacker L614: the Turkoman attacker and the Neutral Leader in Tripoli
    "Badr al-Din": ("turkoman", "L614"), "Conrad": (NEUTRAL, "L614"),
    # Command.Event.Example L441: the general an Ayyubid Event adds (his Army is not stated)
    "Tughril": (None, "L441"),
}  # fmt: skip
"""Every Leader the rulebook names (spellings of ruling R36), its Army where the text fixes it,
and a line that names it."""
VARIABLE_SETUP = {
    "angevin": {"William", "James"},
    "hre": {"Frederick I", "Diepold", "Guido"},
    "ayyubid": {"Saladin", "Al-Adil", "Al-Afdal", "Ibn Shaddad"},
    "turkoman": {"Zangi", "Qilij Arslan II", "Ibn Marwan"},
}
"""VariableSetup.Forces (L312-L315): the Leaders each Army receives."""
Source = Mapping[str, str]


@dataclass(frozen=True, slots=True)
class Leader:
    """A named piece (Glossary.Leader, L1459-L1464)."""

    id: str
    name: str
    army: str  # an Army, or "neutral" (white, Controlled with its Region: Glossary.Neutral, L1491)
    shape: str  # "square" or "hexagon": the slot it takes
    icons: Mapping[str, int]  # infantry, cavalry, command_point, crown, supply, gold
    enters: str  # "setup", "genoa_1191_spring", "genoa_1191_autumn", "event" or "diplomacy"
    variable_setup: bool
    shown: tuple[tuple[str, str, str], ...]  # (region, key, lines) where the text shows the Leader
    source: Source

    def icon(self, name: str) -> int:
        return self.icons.get(name, 0)

    def strength(self, kind: str) -> int:
        """Battle Strength in a City or a Desert (Battle.Strength.Table, L549-L555): the Units its
        icons picture; 0 without Unit icons (L1463)."""
        cavalry = 2 if kind == "desert" else 1
        return self.icon("infantry") + cavalry * self.icon("cavalry")

    @property
    def fights(self) -> bool:
        return any(self.icon(u) for u in UNIT_ICONS)


@dataclass(frozen=True, slots=True)
class Leaders:
    leaders: Mapping[str, Leader]

    def of(self, army: str) -> tuple[Leader, ...]:
        return tuple(x for x in self.leaders.values() if x.army == army)

    def named(self, name: str) -> Leader:
        return next(x for x in self.leaders.values() if x.name == name)

    def variable_setup(self, army: str) -> tuple[Leader, ...]:
        """The Leaders an Army receives in the variable set-up (VariableSetup.Forces, L312-L315)."""
        return tuple(x for x in self.of(army) if x.variable_setup)

    def ship(self, period: str) -> tuple[Leader, ...]:
        """The Leaders on the Genoa ship of ``period`` ("1191_spring" or "1191_autumn")."""
        return tuple(x for x in self.leaders.values() if x.enters == f"genoa_{period}")


def read_leaders(directory: FilePath | None = None, board: Board | None = None) -> Leaders:
    """Load, validate and cross-check the Leaders: the shipped ones when ``directory`` is None."""
    doc = read_pack(__package__ or __name__, FILES, directory)["leaders"]
    if board is None:
        board = load_board(directory if directory is not None and (directory / "map.json").exists() else None)
    f = "leaders"
    unique(f, "leader", (x["id"] for x in doc["leaders"]))
    unique(f, "leader name", (x["name"] for x in doc["leaders"]))
    shapes = set(board.slot_counts) - {"trapezoid"}  # Glossary.Slots L1555: the trapezoid is a Siege Engine's
    out: dict[str, Leader] = {}
    for d in doc["leaders"]:
        x = _leader(d)
        rec = f"leader {x.id}"
        if x.shape not in shapes:
            fail(f, rec, f"shape {x.shape!r} is no Leader slot of the map ({', '.join(sorted(shapes))})")
        if x.enters.startswith("genoa_") and (x.army == NEUTRAL or ARMIES[x.army] != "crusader"):
            fail(f, rec, "on a Genoa ship, which brings only Crusader pieces (L743)")
        if x.variable_setup and (x.enters != "setup" or x.army == NEUTRAL):
            fail(f, rec, "handed out by the variable set-up, so an Army's starting Leader (L312-L315)")
        if x.enters == "setup" and any(x.icon(i) for i in RESOURCE_ICONS):
            fail(f, rec, "a starting Leader with resource icons: Regions alone give start values (map.md)")
        for region, key, lines in x.shown:
            if region not in board.regions:
                fail(f, rec, f"shown in unknown region {region!r} ({key} {lines})")
        out[x.id] = x
    by_name = {x.name: x for x in out.values()}
    for name, (army, line) in NAMED.items():
        found = by_name.get(name)
        if found is None:
            fail(f, f"leader {name}", f"named by the rulebook ({line}) but missing")
        if army is not None and found.army != army:
            fail(f, f"leader {found.id}", f"of the {found.army}; the rulebook makes {name} {army}'s ({line})")
    for army, names in VARIABLE_SETUP.items():
        have = {x.name for x in out.values() if x.army == army and x.variable_setup}
        if have != names:
            fail(f, f"army {army}", f"variable set-up Leaders {sorted(have)}; the text lists {sorted(names)}")
    return Leaders(MappingProxyType(out))


load_leaders = Loader(read_leaders)
"""The shipped pack, loaded once; or the pack in a folder given, loaded afresh."""


def _leader(d: dict[str, Any]) -> Leader:
    return Leader(
        id=d["id"],
        name=d["name"],
        army=d["army"],
        shape=d["shape"],
        icons=MappingProxyType(dict(d["icons"])),
        enters=d["enters"],
        variable_setup=d["variable_setup"],
        shown=tuple((s["region"], s["key"], s["lines"]) for s in d.get("shown", ())),
        source=d["source"],
    )
