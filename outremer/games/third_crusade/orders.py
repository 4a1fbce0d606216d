"""The Third Crusade Orders of each Army and the Unit Sections of a player board, as a data pack.

The Order overview and the player board were pictures (`Foldout.Orders`, L1679-L1682;
`Foldout.PlayerBoard`, L1645-L1656). The text gives the count of Orders, 22 per Army, 12 basic and
10 Advanced (`Plutorial.Upkeep.4.B`, L1267; `Components.PerPlayer`, L1611), the icons an Order
shows (`Anatomy.Order`, L92-L101; `Foldout.OrderIcons`, L1683-L1705), the Orders the plutorial and
the examples play with their costs, and the supply the Sections ask (`Upkeep.4.A`, L711-L718).
``data/orders.json`` and ``data/sections.json`` hold our reconstruction of the rest
(docs/third-crusade/orders.md), each record with its source. Each file is validated by its JSON
Schema, then checked across records: ids unique, the counts of the text, Blank Orders without
cost, Presence or effect, Reaction Orders with Reaction effects only, the Tithe of every basic
Reaction (ruling R15), Sea Moves from a Port, Siege Engines built in Cities (R39), each Army's
Advanced March for 1 (`Solo.Setup.3`, L815), Presence icons of the Order's own side, the Regions
the text shows an Order in present on the map and of the Order's type; the Sections holding
exactly the Army's pieces. A broken file raises :class:`BadData` naming the file, the record and
the problem. Nothing here is a rule.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path as FilePath
from types import MappingProxyType
from typing import Any

from ...engine.datapack import Loader, fail, read_pack, unique
from .board import Board, load_board

FILES = ("orders", "sections")
ARMIES = {"angevin": "crusader", "hre": "crusader", "ayyubid": "muslim", "turkoman": "muslim"}
"""Glossary.Alliance (L1365): each Army and its Alliance."""
ORDERS_PER_ARMY, BASIC, ADVANCED = 22, 12, 10  # Components.PerPlayer L1611; Plutorial.Upkeep.4.B L1267
UNITS = {"infantry": 30, "cavalry": 12, "siege_engine": 6}  # Components.PerPlayer L1610
REACTIONS = ("defence", "reinforce", "diversion", "retreat", "tactical_retreat")
"""The Reaction effects (Iconography.Orders, L1774-L1779; Glossary, L1411, L1431, L1517, L1529, L1565)."""
MARCHES = ("march", "forced_march", "disperse", "sea_move", "move", "attack")
"""The movement actions (Iconography.Actions, L1767-L1773; Move and Attack as ruling R27 defines them)."""
Source = Mapping[str, str]


# --- the records -----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Step:
    """One icon of an Order's effect, carried out in the Order's Region (see orders.schema.json)."""

    action: str
    unit: str | None = None  # muster: the Unit type
    count: int = 0  # muster: how many
    strength: int = 0  # defence: the bonus; a march: +/- March Strength (R27)
    per_unit: int = 0  # reinforce
    coordinated: bool = False  # a march that may bring the partner's pieces
    ignore_bandit: bool = False
    of: tuple[str, ...] = ()  # assassination: the colours that may be removed

    @property
    def moves(self) -> bool:
        return self.action in MARCHES


@dataclass(frozen=True, slots=True)
class Order:
    """An Order of one Army (Anatomy.Order, L92-L101)."""

    id: str
    army: str
    name: str
    advanced: bool
    blank: bool
    cost: int | None  # None only for a Blank
    presence: tuple[str, ...]  # every icon must hold; "disregarding" alone means none is needed
    region: str | None  # "city", "desert", "port" or None (any Region)
    reaction: bool
    tithe: bool
    effect: tuple[Step, ...]
    shown: tuple[tuple[str, str, str], ...]  # (region, key, lines) where the text plays it
    source: Source

    @property
    def marches(self) -> bool:
        return any(step.moves for step in self.effect)


@dataclass(frozen=True, slots=True)
class Section:
    """A Unit Section of the player board (Glossary.Section, L1545-L1548): while it is not full its
    owner needs its supply at upkeep (Upkeep.4.A, L711)."""

    id: str
    unit: str
    size: int
    supply: int
    source: Source


@dataclass(frozen=True, slots=True)
class PlayerBoard:
    """The Sections of a player board, left to right, and how Units leave and return."""

    armies: tuple[str, ...]
    sections: tuple[Section, ...]
    units: Mapping[str, int]
    take_from: str  # "left": BoardSetup.2 L182
    refill: str  # "right": ruling R13
    tracks: tuple[str, ...]

    def of(self, unit: str) -> tuple[Section, ...]:
        """The Sections of one Unit type, left to right."""
        return tuple(s for s in self.sections if s.unit == unit)

    def contents(self, unit: str, away: int) -> tuple[int, ...]:
        """How many Units each Section of ``unit`` holds when ``away`` of them are off the board.
        Units leave from the left and come back from the right (R13), so the board is a function
        of the count: the leftmost Sections empty first."""
        if not 0 <= away <= self.units[unit]:
            raise ValueError(f"{away} {unit} off the board; the Army has {self.units[unit]}")
        out = []
        for s in self.of(unit):
            took = min(s.size, away)
            away -= took
            out.append(s.size - took)
        return tuple(out)

    def not_full(self, away: Mapping[str, int]) -> tuple[Section, ...]:
        """The Sections not fully stacked when ``away`` Units of each type are off the board."""
        out: list[Section] = []
        for unit in self.units:
            for s, held in zip(self.of(unit), self.contents(unit, away.get(unit, 0)), strict=True):
                if held < s.size:
                    out.append(s)
        return tuple(out)

    def supply_needed(self, away: Mapping[str, int]) -> int:
        """The supply the Sections ask at upkeep step 4.A (L711)."""
        return sum(s.supply for s in self.not_full(away))


@dataclass(frozen=True, slots=True)
class Orders:
    orders: Mapping[str, Order]
    board: PlayerBoard

    def of(self, army: str, advanced: bool | None = None) -> tuple[Order, ...]:
        """An Army's Orders in file order: all, or only its basic or its Advanced ones."""
        return tuple(o for o in self.orders.values() if o.army == army and advanced in (None, o.advanced))

    def bot_groups(self, army: str) -> tuple[tuple[Order, ...], tuple[Order, ...], tuple[Order, ...]]:
        """A Bot's Reaction, Prepared and Advanced groups at set-up (Solo.Setup.2-3, L811-L815):
        basic Reactions and Blanks; the other basic Orders and the Advanced March for 1; the rest."""
        march = swift_march(self, army)
        basic = self.of(army, advanced=False)
        reaction = tuple(o for o in basic if o.reaction or o.blank)
        prepared = (*(o for o in basic if not (o.reaction or o.blank)), march)
        advanced = tuple(o for o in self.of(army, advanced=True) if o is not march)
        return reaction, prepared, advanced


def swift_march(orders: Orders, army: str) -> Order:
    """The Army's Advanced March costing 1 (Solo.Setup.3, L815)."""
    return next(o for o in orders.of(army, advanced=True) if _is_swift_march(o))


def _is_swift_march(o: Order) -> bool:
    return o.cost == 1 and len(o.effect) == 1 and o.effect[0].action == "march"


# --- reading and checking --------------------------------------------------------------------


def read_orders(directory: FilePath | None = None, board: Board | None = None) -> Orders:
    """Load, validate and cross-check the Orders and Sections: the shipped ones when ``directory``
    is None. ``board`` is the map the shown Regions are checked against (the shipped one if None)."""
    docs = read_pack(__package__ or __name__, FILES, directory)
    if board is None:
        board = load_board(directory if directory is not None and _has_map(directory) else None)
    orders = _orders("orders", docs["orders"]["orders"], board)
    return Orders(MappingProxyType(orders), _player_board("sections", docs["sections"]))


load_orders = Loader(read_orders)
"""The shipped pack, loaded once; or the pack in a folder given, loaded afresh."""


def _has_map(directory: FilePath) -> bool:
    return (directory / "map.json").exists()


def _step(doc: dict[str, Any]) -> Step:
    return Step(
        action=doc["action"],
        unit=doc.get("unit"),
        count=doc.get("count", 0),
        strength=doc.get("strength", 0),
        per_unit=doc.get("per_unit", 0),
        coordinated=doc.get("coordinated", False),
        ignore_bandit=doc.get("ignore_bandit", False),
        of=tuple(doc.get("of", ())),
    )


def _orders(f: str, docs: list[dict[str, Any]], board: Board) -> dict[str, Order]:
    unique(f, "order", (o["id"] for o in docs))
    out: dict[str, Order] = {}
    for d in docs:
        o = Order(
            id=d["id"],
            army=d["army"],
            name=d["name"],
            advanced=d["advanced"],
            blank=d["blank"],
            cost=d["cost"],
            presence=tuple(d["presence"]),
            region=d["region"],
            reaction=d["reaction"],
            tithe=d["tithe"],
            effect=tuple(_step(s) for s in d["effect"]),
            shown=tuple((s["region"], s["key"], s["lines"]) for s in d.get("shown", ())),
            source=d["source"],
        )
        _check_order(f, o, board)
        out[o.id] = o
    for army in ARMIES:
        mine = [o for o in out.values() if o.army == army]
        basic = sum(1 for o in mine if not o.advanced)
        if len(mine) != ORDERS_PER_ARMY or basic != BASIC:
            fail(
                f,
                f"army {army}",
                f"{basic} basic and {len(mine) - basic} Advanced Orders; "
                f"an Army has {BASIC} and {ADVANCED} (L1267)",
            )
        if not any(o.blank for o in mine):
            fail(f, f"army {army}", "no Blank Order: every Army bluffs with them (L1391, L812)")
        swift = [o for o in mine if o.advanced and _is_swift_march(o)]
        if len(swift) != 1:
            fail(f, f"army {army}", f"{len(swift)} Advanced Marches costing 1; the Bot needs one (L815)")
        names = [o.name for o in mine if not o.blank]
        unique(f, f"army {army}: order name", names)
    return out


def _check_order(f: str, o: Order, board: Board) -> None:
    rec = f"order {o.id}"
    if not o.id.startswith(f"{o.army}_"):
        fail(f, rec, f"its id does not begin with its Army {o.army!r}")
    if o.blank:
        if o.advanced or o.reaction or o.tithe or o.cost is not None or o.presence or o.region or o.effect:
            fail(f, rec, "a Blank is basic, without cost, Presence, Region, Reaction, Tithe, effect (L1391)")
        return
    if o.cost is None or not o.presence or not o.effect:
        fail(f, rec, "only a Blank Order lacks a cost, a Presence icon or an effect (L92-L101)")
    reacts = [s.action in REACTIONS for s in o.effect]
    if o.reaction != all(reacts) or (any(reacts) and not all(reacts)):
        fail(f, rec, "a Reaction Order has Reaction effects only, and only a Reaction Order has them (L1513)")
    if o.reaction and not o.advanced and not o.tithe:
        fail(f, rec, "a basic Reaction Order carries the Tithe icon (R15, L1245)")
    if o.tithe and not o.reaction:
        fail(f, rec, "the Tithe icon is on Reaction Orders only in this pack (R15)")
    _check_presence(f, rec, o)
    for step in o.effect:
        if step.action == "sea_move" and o.region != "port":
            fail(f, rec, "a Sea Move starts from a Port: its Region icon must be the Port (L473, L1543)")
        if step.action == "muster" and step.unit == "siege_engine" and o.region not in ("city", "port"):
            fail(f, rec, "a Siege Engine is placed only in a City (R39, L319)")
        if step.coordinated and ARMIES[o.army] not in o.presence:
            fail(f, rec, "a Coordinated March Order shows its Alliance's Presence (L1743, L1750)")
    for region, key, lines in o.shown:
        _check_shown(f, rec, o, board, region, f"{key} {lines}")


def _check_presence(f: str, rec: str, o: Order) -> None:
    if "disregarding" in o.presence and len(o.presence) > 1:
        fail(f, rec, "Disregarding Presence stands alone (L1511, L1755)")
    side = ARMIES[o.army]
    for icon in o.presence:
        if icon.startswith("no_"):
            if icon[3:] in o.presence:
                fail(f, rec, f"asks both {icon[3:]!r} and {icon!r} Presence")
        elif icon not in ("disregarding", o.army, side):
            fail(f, rec, f"asks {icon!r} Presence: an Order asks its Army's or Alliance's, or none (L473)")


def _check_shown(f: str, rec: str, o: Order, board: Board, region: str, where: str) -> None:
    r = board.regions.get(region)
    if r is None:
        fail(f, rec, f"shown in unknown region {region!r} ({where})")
    if o.region == "port" and not r.ports:
        fail(f, rec, f"a Port Order shown in {region}, which has no Port ({where})")
    if o.region in ("city", "port") and not r.is_city:
        fail(f, rec, f"a City Order shown in {region}, a Desert ({where})")
    if o.region == "desert" and r.is_city:
        fail(f, rec, f"a Desert Order shown in {region}, a City ({where})")


def _player_board(f: str, doc: dict[str, Any]) -> PlayerBoard:
    armies = tuple(doc["armies"]["list"])
    if set(armies) != set(ARMIES):
        fail(f, "armies", f"lists {', '.join(armies)}; the game has {', '.join(ARMIES)} (L1373)")
    units = {u: doc["units"][u] for u in UNITS}
    for unit, count in UNITS.items():
        if units[unit] != count:
            fail(f, f"units {unit}", f"{units[unit]}; each Army has {count} (L1610)")
    unique(f, "section", (s["id"] for s in doc["sections"]))
    sections = tuple(
        Section(s["id"], s["unit"], s["size"], s["supply"], s["source"]) for s in doc["sections"]
    )
    for unit, count in UNITS.items():
        mine = [s for s in sections if s.unit == unit]
        if not mine:
            fail(f, f"sections {unit}", "none: the board has Sections of each Unit type (L1648-L1650)")
        if sum(s.size for s in mine) != count:
            fail(f, f"sections {unit}", f"hold {sum(s.size for s in mine)}; the Army has {count} (L1610)")
    _contiguous(f, [s.unit for s in sections])
    if doc["take_from"]["side"] != "left":
        fail(f, "take_from", "pieces leave from the leftmost part of the board (L182)")
    if doc["refill"]["side"] != "right":
        fail(f, "refill", "returned Units go to the rightmost Section not full (R13)")
    return PlayerBoard(
        armies=armies,
        sections=sections,
        units=MappingProxyType(units),
        take_from=doc["take_from"]["side"],
        refill=doc["refill"]["side"],
        tracks=tuple(doc["tracks"]["list"]),
    )


def _contiguous(f: str, units: Iterable[str]) -> None:
    seen: list[str] = []
    for unit in units:
        if seen and seen[-1] != unit and unit in seen:
            fail(f, f"sections {unit}", "split by another type: Sections of a type stand together (L1648)")
        if not seen or seen[-1] != unit:
            seen.append(unit)
