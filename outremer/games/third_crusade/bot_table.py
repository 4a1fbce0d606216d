"""The Third Crusade Bot Table and the Bot's fixed priorities, as a data pack.

The solo rules (`Solo`, L798-L1012) make a Bot play an Army by a table whose column a die picks
each round (`Solo.Strategy.Roll`, L855). The table was a picture: its text survives in four lines
(`BotTable`, L1013-L1017) without the die faces heading its columns and without many icons. The
solo rules add the Bot's three piles of Orders (`Solo.Setup.2`, L811-L815), its priority lists
(`Solo.Planning`, `Solo.Command.Priority`, `Solo.Pieces`, `Solo.Battle.Losses`, `Solo.March`,
`Solo.Diplomacy.Card`, `Solo.Diplomacy.Board`) and its tie-break, Proximity (`SoloGlossary.Proximity`,
L1035). ``data/bot.json`` holds all of it, every cell and list with its source; the lost cells are
reconstructed under rulings R28-R32 (docs/third-crusade/bot.md). The file is validated by its JSON
Schema, then checked across records and against the other packs: one column per die face, in
order, an Order count that never falls from column to column (R28); every Unit, Region type, March
kind and icon one the Orders pack and the map know; a bonus only on a track the Bot keeps; the
three piles sharing out each Army's 22 Orders, and every Order the solo rules name held by every
Army in its pile; every Advanced Order a column keeps present in each Army's Advanced pile; the
priority lists complete for their vocabulary (the Sabotage icons those of the map, the Diplomacy
Card rewards those of the cards, every diplomacy board space ranked); the map's Proximity order for
either human Alliance. A broken file raises :class:`BadData` naming the file, the record and the
problem. Nothing here plays the Bot.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from itertools import pairwise
from pathlib import Path as FilePath
from types import MappingProxyType
from typing import Any

from ...engine.datapack import Loader, fail, read_pack, unique
from .board import ALLIANCES, Board, load_board
from .cards import Cards, Item, load_cards
from .leaders import Leaders, load_leaders
from .orders import ARMIES, MARCHES, REACTIONS, UNITS, Order, Orders, Step, load_orders, swift_march

F = "bot"
FACES = (1, 2, 3, 4, 5, 6)
"""BotTable (L1014-L1017) and Solo.Strategy.Roll (L855): six columns, one per face of the Bot's die."""
REGION_TYPES = ("city", "desert", "port")  # the Region icons of an Order (Anatomy.Order, L92-L101)
BOT_TRACKS = ("crown", "gold", "faith", "glory")
"""Solo.Setup.6 and .8 (L818-L820): a Bot keeps only its crown and gold tracks, and the Faith and
Glory tracks of the game; a bonus can only move these (R29)."""
TAKES = ("basic_reaction", "blank", "basic_other", "advanced_march_1", "advanced_other")
PLACES = ("bot_control", "alliance_presence", "empty_next_to_bot_control", "human_control")
VOCABULARY: Mapping[str, tuple[str, ...]] = {
    "planning_regions": PLACES,
    "command_regions": ("jerusalem_below_limit", "weakest_bot_control", "presence_partner_control"),
    "march_targets": ("winnable_human_strongest", "empty_with_own_order", "empty", "friendly"),
    "adding_overflow": ("weakest_adjacent", "adjacent_with_neutrals", "empty_adjacent"),
    "leader_removal": ("cavalry", "infantry"),
    "sabotage": (),  # the map's icons
    "sabotage_removal": (),
    "resources": (),
    "losses_city": ("neutral", *UNITS, "leader"),
    "losses_desert": ("neutral", *UNITS, "leader"),
    "retreat": ("weakest_with_units", "nearest_jerusalem", "proximity"),
    "diplomacy_card": (),  # the cards' reward kinds
    "diplomacy_board": (
        "glory",
        "hexagon_leader",
        "square_leader",
        "crown",
        "faith",
        "command_point",
        "neutral",
        "gold",
        "supply",
    ),
}
"""The Bot's priority lists and the words each may use; every list is required."""
COMPLETE = (
    "planning_regions",
    "losses_city",
    "losses_desert",
    "diplomacy_board",
    "sabotage",
    "diplomacy_card",
)
"""Lists that must rank every word of their vocabulary."""
Source = Mapping[str, str]


# --- the records -----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Trigger:
    """A card trigger: an executed Order that makes the Bot play an Event Card next turn
    (SoloGlossary.CardTrigger, L1027; BotTable.Command, L1015)."""

    kind: str  # "adds_units", "marches" or "reaction"
    at_least: int = 0  # adds_units: how many new Units
    region: str | None = None  # adds_units: only into a Region of this type
    alliance: str | None = None  # the line is for a Bot of this Alliance
    actions: tuple[str, ...] = ()  # marches: the kinds of March that count


@dataclass(frozen=True, slots=True)
class EventRule:
    """How a column changes the Bot's Event Cards (BotTable.Command, L1015)."""

    kind: str  # "free_crown", "ignore_region", "ignore_presence" or "extra_unit"
    when: str | None = None  # extra_unit: "main_adds_units", "main_marches" or "adds_units"
    unit: str | None = None
    count: int = 0


@dataclass(frozen=True, slots=True)
class Bonus:
    """What a column gives the Bot at the end of the Command Phase (BotTable.Command, L1015; R29)."""

    kind: str  # "neutral", "track" or "sabotage"
    unit: str | None = None  # neutral
    count: int = 0  # neutral, sabotage
    where: str | None = None  # neutral: "leader_regions" or "weakest"
    track: str | None = None  # track
    amount: int = 0  # track


@dataclass(frozen=True, slots=True)
class Column:
    """One column of the Bot Table, chosen by the die face ``face`` (Solo.Strategy.Roll, L855)."""

    face: int
    place: int  # Orders placed in Planning (BotTable.Planning, L1014; R28)
    jerusalem: int  # the Bot's Strength in Jerusalem it places and executes Orders up to (L861, L890)
    triggers: tuple[Trigger, ...]
    event: EventRule
    bonus: Bonus
    bid_gold: str  # the gold added to the die: "all", "half_up" or "none" (BotTable.Diplomacy; R31)
    advanced_draw: int  # Advanced Orders drawn at upkeep (BotTable.Upkeep, L1017)
    advanced_keep: str  # which are kept: "any", "not_reaction", "march", "reaction" or "none"
    sources: Mapping[str, Source]  # cell ("place", "jerusalem", ...) -> its source


@dataclass(frozen=True, slots=True)
class Draw:
    """A random choice of the Bot: a die roll, or Orders or cards drawn unseen."""

    id: str
    phase: str
    drawn_from: str  # "die", "prepared", "reaction", "advanced" or "event_cards"
    count: int | None  # None: as many as the column says
    selects: str
    option: str | None  # the setup option of an alternative rule
    source: Source


@dataclass(frozen=True, slots=True)
class Group:
    """One of the Bot's hidden piles of Orders (Solo.Setup.2-4, L811-L816)."""

    id: str  # "reaction", "prepared" or "advanced"
    takes: tuple[str, ...]
    source: Source


@dataclass(frozen=True, slots=True)
class NamedOrder:
    """An Order the solo rules name, which every Army holds (in ``group``, if given)."""

    id: str
    action: str
    group: str | None
    advanced: bool | None
    cost: int | None
    held_by: str  # "every" Army, or "some" Army at least
    source: Source


@dataclass(frozen=True, slots=True)
class Placement:
    """How the Bot places its Orders in Planning (Solo.Planning, L857-L871)."""

    before_humans: bool
    two_bots: str  # "higher_initiative_first": the Bot higher on initiative places all its Orders first
    first: str  # "strongest": one Order in the Bot's strongest Region (Jerusalem up to the column's limit)
    then: str  # "weakest_first": the rest through the planning categories, weakest Region first
    equal_strength: str  # "leader_only_first": R33
    equal_strength_option: str  # the setup option of the other reading of R33
    ties: str  # "proximity"
    short: str  # "place_what_there_is": a pile holding fewer Orders than the column's count
    source: Source


@dataclass(frozen=True, slots=True)
class Bidding:
    """The Bot's bid (Solo.Diplomacy, L979-L982): after the humans; it pays only the gold part."""

    after_humans: bool
    pays: str  # "gold_only"
    source: Source


@dataclass(frozen=True, slots=True)
class Priority:
    """One of the Bot's priority lists, first choice first (unranked: a set the text lists)."""

    id: str
    items: tuple[str, ...]
    ranked: bool
    matches: Mapping[str, tuple[Mapping[str, str], ...]]  # diplomacy_board: item -> board contents
    source: Source


@dataclass(frozen=True, slots=True)
class OrderFail:
    """What a failed Bot Order becomes: a die roll among six actions (BotTable.Command, L1015; R32)."""

    faces: Mapping[int, tuple[Step, ...]]
    unusable: str  # a face the Bot cannot carry out: "reroll"
    source: Source


@dataclass(frozen=True, slots=True)
class ProximityUse:
    """A Bot decision whose ties Proximity breaks (SoloGlossary.Proximity, L1035)."""

    id: str
    decides: str
    source: Source


@dataclass(frozen=True, slots=True)
class BotSetup:
    """A Bot's set-up and what it keeps (Solo.Setup, L806-L821; Solo.Upkeep.Orders, L1008)."""

    objectives: int
    tracks: tuple[str, ...]
    first_on_initiative: bool  # in round 1
    faith_lone: int
    faith_pair: int
    glory_for_unexecuted: bool
    source: Source


@dataclass(frozen=True, slots=True)
class BotTable:
    columns: Mapping[int, Column]
    jerusalem_two_bots: str  # "both_armies": two Bots compare their joint Strength with the limit (B1)
    draws: Mapping[str, Draw]
    groups: Mapping[str, Group]
    named_orders: Mapping[str, NamedOrder]
    placement: Placement
    bidding: Bidding
    priorities: Mapping[str, Priority]
    order_fail: OrderFail
    proximity: Mapping[str, ProximityUse]
    setup: BotSetup

    def column(self, face: int) -> Column:
        """The column a die showing ``face`` selects."""
        return self.columns[face]

    def piles(self, orders: Orders, army: str) -> Mapping[str, tuple[Order, ...]]:
        """An Army's Orders shared out into the Bot's piles at set-up, in the Orders pack's order."""
        swift = swift_march(orders, army)
        return MappingProxyType(
            {
                g.id: tuple(o for o in orders.of(army) if kind(o, swift) in g.takes)
                for g in self.groups.values()
            }
        )


def kind(o: Order, swift: Order) -> str:
    """Which pile word of Solo.Setup.2-3 (L811-L815) an Order answers to; ``swift`` is its Army's
    Advanced March costing 1."""
    if o.blank:
        return "blank"
    if not o.advanced:
        return "basic_reaction" if o.reaction else "basic_other"
    return "advanced_march_1" if o is swift else "advanced_other"


# --- reading ---------------------------------------------------------------------------------


def read_bot_table(directory: FilePath | None = None) -> BotTable:
    """Load, validate and cross-check the Bot Table: the shipped one when ``directory`` is None; the
    other packs come from the same folder when it holds them."""
    doc = read_pack(__package__ or __name__, (F,), directory)[F]
    here = directory if directory is not None and (directory / "map.json").exists() else None
    board, orders, leaders = load_board(here), load_orders(here), load_leaders(here)
    cards = load_cards(here)
    columns = _columns(doc["columns"])
    unique(F, "draw", (d["id"] for d in doc["draws"]))
    draws = {d["id"]: _draw(d) for d in doc["draws"]}
    unique(F, "group", (g["id"] for g in doc["groups"]))
    groups = {g["id"]: Group(g["id"], tuple(g["takes"]), g["source"]) for g in doc["groups"]}
    unique(F, "named order", (n["id"] for n in doc["named_orders"]))
    named = {n["id"]: _named(n) for n in doc["named_orders"]}
    unique(F, "priority", (p["id"] for p in doc["priorities"]))
    priorities = {p["id"]: _priority(p) for p in doc["priorities"]}
    unique(F, "proximity", (p["id"] for p in doc["proximity"]))
    proximity = {p["id"]: ProximityUse(p["id"], p["decides"], p["source"]) for p in doc["proximity"]}
    s = doc["setup"]
    setup = BotSetup(
        s["objectives"],
        tuple(s["tracks"]),
        s["first_on_initiative"],
        s["faith"]["lone"],
        s["faith"]["pair"],
        s["glory_for_unexecuted"],
        s["source"],
    )
    table = BotTable(
        columns=MappingProxyType(columns),
        jerusalem_two_bots=doc["jerusalem"]["two_bots"],
        draws=MappingProxyType(draws),
        groups=MappingProxyType(groups),
        named_orders=MappingProxyType(named),
        placement=Placement(**doc["placement"]),
        bidding=Bidding(**doc["bidding"]),
        priorities=MappingProxyType(priorities),
        order_fail=_order_fail(doc["order_fail"]),
        proximity=MappingProxyType(proximity),
        setup=setup,
    )
    _check_piles(table, orders)
    _check_priorities(table, board, cards, leaders)
    _check_rest(table, board)
    return table


load_bot_table = Loader(read_bot_table)
"""The shipped pack, loaded once; or the pack in a folder given, loaded afresh."""


def _columns(docs: list[dict[str, Any]]) -> dict[int, Column]:
    faces = [d["face"] for d in docs]
    if tuple(faces) != FACES:
        fail(F, "columns", f"faces {faces}; the table has one column per face 1 to 6, in order (L1014-L1017)")
    out = {d["face"]: _column(d) for d in docs}
    for a, b in pairwise(out.values()):
        if b.place < a.place:
            fail(
                F,
                f"column {b.face}",
                f"places {b.place} Orders, fewer than column {a.face}'s {a.place} (R28)",
            )
    return out


def _column(d: dict[str, Any]) -> Column:
    rec = f"column {d['face']}"
    triggers = tuple(
        Trigger(
            kind=t["kind"],
            at_least=t.get("at_least", 0),
            region=t.get("region"),
            alliance=t.get("alliance"),
            actions=tuple(t.get("actions", ())),
        )
        for t in d["trigger"]["lines"]
    )
    for t in triggers:
        if t.kind == "adds_units" and not t.at_least:
            fail(F, rec, "a trigger on added Units says how many (L1015)")
        if t.kind == "marches" and not t.actions:
            fail(F, rec, "a March trigger names the kinds of March it counts (L1015)")
        if t.region is not None and t.region not in REGION_TYPES:
            fail(F, rec, f"trigger on unknown Region type {t.region!r}")
        if t.alliance is not None and t.alliance not in ALLIANCES:
            fail(F, rec, f"trigger for unknown Alliance {t.alliance!r}")
        for action in t.actions:
            if action not in MARCHES:
                fail(F, rec, f"trigger on {action!r}, no March of the Orders pack ({', '.join(MARCHES)})")
    lines = [t.alliance for t in triggers]
    if (None in lines and len(lines) > 1) or len(set(lines)) != len(lines):
        fail(F, rec, "trigger lines are one for every Bot, or one per Alliance")
    e = d["event"]
    event = EventRule(e["kind"], e.get("when"), e.get("unit"), e.get("count", 0))
    if (event.kind == "extra_unit") != (
        event.unit is not None and event.when is not None and event.count > 0
    ):
        fail(F, rec, "an extra Unit for Event Cards names its Unit, count and condition, and only it does")
    if event.unit is not None and event.unit not in UNITS:
        fail(F, rec, f"Event Cards add unknown Unit {event.unit!r}")
    b = d["bonus"]
    bonus = Bonus(
        b["kind"], b.get("unit"), b.get("count", 0), b.get("where"), b.get("track"), b.get("amount", 0)
    )
    _check_bonus(rec, bonus)
    advanced = d["advanced"]
    if (advanced["draw"] == 0) != (advanced["keep"] == "none"):
        fail(F, rec, "a column keeps no Advanced Order exactly when it draws none (L1017)")
    return Column(
        face=d["face"],
        place=d["place"]["count"],
        jerusalem=d["jerusalem"]["limit"],
        triggers=triggers,
        event=event,
        bonus=bonus,
        bid_gold=d["bid"]["gold"],
        advanced_draw=advanced["draw"],
        advanced_keep=advanced["keep"],
        sources=MappingProxyType(
            {
                "place": d["place"]["source"],
                "jerusalem": d["jerusalem"]["source"],
                "trigger": d["trigger"]["source"],
                "event": e["source"],
                "bonus": b["source"],
                "bid": d["bid"]["source"],
                "advanced": advanced["source"],
            }
        ),
    )


def _check_bonus(rec: str, b: Bonus) -> None:
    if b.kind == "neutral" and (b.unit not in UNITS or b.where is None or not b.count):
        fail(F, rec, "a Neutral bonus names a Unit of the Orders pack, a count and where it goes (L1015)")
    if b.kind == "track" and (b.track not in BOT_TRACKS or not b.amount):
        fail(F, rec, f"a track bonus moves one of the Bot's tracks {', '.join(BOT_TRACKS)} (L818, R29)")
    if b.kind == "sabotage" and not b.count:
        fail(F, rec, "a Sabotage bonus says how many tokens (R29)")


def _draw(d: dict[str, Any]) -> Draw:
    return Draw(d["id"], d["phase"], d["from"], d["count"], d["selects"], d["option"], d["source"])


def _named(d: dict[str, Any]) -> NamedOrder:
    if d["action"] not in ("muster", *MARCHES, *REACTIONS):
        fail(F, f"named order {d['id']}", f"action {d['action']!r} is no action of the Orders pack")
    return NamedOrder(d["id"], d["action"], d["group"], d["advanced"], d["cost"], d["held_by"], d["source"])


def _priority(d: dict[str, Any]) -> Priority:
    rec = f"priority {d['id']}"
    unique(F, f"{rec}: item", d["items"])
    matches = {k: tuple(v) for k, v in d.get("matches", {}).items()}
    return Priority(d["id"], tuple(d["items"]), d["ranked"], MappingProxyType(matches), d["source"])


def _order_fail(d: dict[str, Any]) -> OrderFail:
    faces = [x["face"] for x in d["faces"]]
    if tuple(faces) != FACES:
        fail(F, "order_fail", f"faces {faces}; the die has one action per face 1 to 6 (L1015, R32)")
    out: dict[int, tuple[Step, ...]] = {}
    for x in d["faces"]:
        steps = tuple(Step(s["action"], unit=s.get("unit"), count=s.get("count", 0)) for s in x["steps"])
        for s in steps:
            muster = s.action == "muster" and s.unit in UNITS and s.count > 0
            if not muster and (s.action not in MARCHES or s.unit is not None):
                fail(
                    F,
                    f"order_fail face {x['face']}",
                    f"{s.action} {s.unit or '-'} is no step of the Orders pack",
                )
        out[x["face"]] = steps
    return OrderFail(MappingProxyType(out), d["unusable"], d["source"])


# --- checks against the other packs ---------------------------------------------------------------


def _check_piles(table: BotTable, orders: Orders) -> None:
    if set(table.groups) != {"reaction", "prepared", "advanced"}:
        fail(
            F,
            "groups",
            f"{sorted(table.groups)}; the Bot has the piles reaction, prepared, advanced (L811-L814)",
        )
    taken = [w for g in table.groups.values() for w in g.takes]
    if sorted(taken) != sorted(TAKES):
        fail(F, "groups", f"share out {sorted(taken)}; every kind of Order goes to one pile (L811-L815)")
    for n in table.named_orders.values():
        holders = [army for army in ARMIES if any(_is(o, n) for o in _pool(table, orders, army, n.group))]
        where = f"in its {n.group} pile" if n.group else "among its Orders"
        if n.held_by == "every" and len(holders) < len(ARMIES):
            army = next(a for a in ARMIES if a not in holders)
            fail(F, f"named order {n.id}", f"the {army} has no {n.action} Order {where} (orders.json)")
        if not holders:
            fail(F, f"named order {n.id}", f"no Army has a {n.action} Order {where} (orders.json)")
    for army in ARMIES:
        advanced = table.piles(orders, army)["advanced"]
        for c in table.columns.values():
            if c.advanced_keep in ("march", "reaction") and not any(
                _keeps(o, c.advanced_keep) for o in advanced
            ):
                fail(
                    F,
                    f"column {c.face}",
                    f"keeps a {c.advanced_keep} Order; the {army}'s Advanced pile has none",
                )


def _pool(table: BotTable, orders: Orders, army: str, group: str | None) -> tuple[Order, ...]:
    return table.piles(orders, army)[group] if group else orders.of(army)


def _is(o: Order, n: NamedOrder) -> bool:
    return (
        any(s.action == n.action for s in o.effect)
        and n.advanced in (None, o.advanced)
        and (n.cost is None or o.cost == n.cost)
    )


def _keeps(o: Order, keep: str) -> bool:
    return o.reaction if keep == "reaction" else o.marches


def _check_priorities(table: BotTable, board: Board, cards: Cards, leaders: Leaders) -> None:
    missing = sorted(set(VOCABULARY) - set(table.priorities))
    if missing:
        fail(F, f"priority {missing[0]}", "missing: the solo rules give this list")
    rewards = tuple(sorted({r.kind for c in cards.diplomacy_cards.values() for r in c.rewards}))
    vocabulary = dict(
        VOCABULARY,
        sabotage=board.icons,
        sabotage_removal=board.icons,
        resources=board.icons,
        diplomacy_card=rewards,
    )
    for p in table.priorities.values():
        rec = f"priority {p.id}"
        words = vocabulary.get(p.id)
        if words is None:
            fail(F, rec, "no list of the solo rules")
        for item in p.items:
            if item not in words:
                fail(F, rec, f"ranks {item!r}, not one of {', '.join(words)}")
        if p.id in COMPLETE and sorted(p.items) != sorted(words):
            fail(F, rec, f"ranks {', '.join(p.items)}; it must rank each of {', '.join(words)}")
    board_list = table.priorities["diplomacy_board"]
    if set(board_list.matches) != set(board_list.items):
        fail(
            F, "priority diplomacy_board", "says what board contents each item takes, and only for its items"
        )
    for space in cards.board.spaces.values():
        for i in space.contents:
            if not any(takes(pattern, i, leaders) for ps in board_list.matches.values() for pattern in ps):
                fail(F, "priority diplomacy_board", f"ranks nothing of space {space.id} (diplomacy.json)")


def takes(pattern: Mapping[str, str], i: Item, leaders: Leaders) -> bool:
    """Whether a diplomacy space's item ``i`` answers to a ``matches`` pattern of the board list."""
    shape = leaders.leaders[i.leader].shape if i.leader else None
    have = {
        "item": i.item,
        "icon": i.icons[0] if len(i.icons) == 1 else None,
        "track": i.track,
        "shape": shape,
    }
    return all(have.get(k) == v for k, v in pattern.items())


def _check_rest(table: BotTable, board: Board) -> None:
    for side in ALLIANCES:
        if not board.proximity.get(side):
            fail(F, "proximity", f"the map has no Proximity order against a {side} human (map.json)")
    if table.placement.ties == "proximity" and "planning" not in table.proximity:
        fail(F, "placement", "breaks ties by Proximity, but no use of Proximity names planning")
    for p in table.proximity.values():
        if p.source["kind"] != "rulebook":
            fail(F, f"proximity {p.id}", "a use of Proximity is one the text names")
    for track in table.setup.tracks:
        if track not in board.icons:
            fail(F, "setup", f"keeps track {track!r}, no icon of the map")
    for d in table.draws.values():
        if d.count is None and d.drawn_from not in ("prepared", "advanced"):
            fail(F, f"draw {d.id}", "only the Planning and upkeep draws take their count from the column")
