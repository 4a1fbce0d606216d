"""The Third Crusade Event Cards of each Army as a data pack: 32 per Army, 8 in each round's deck.

The card faces were pictures. The text gives the fields of a card (`Anatomy.Event`, L69-L81), the
count (`Components.PerPlayer`, L1609), the decks by the year on the back and the mark for an enemy
Army (`PlayerSetup.A`, L138-L143), how a card is carried out (`Command.Event`, L433-L468), the
plutorial's eight 1190 titles and the four it plays (`Plutorial.Strategy.Rows`, L1071-L1088;
`Plutorial.Command.2-5`, L1154-L1177), a few untitled examples, and the names of the icons
(`Iconography`, L1706-L1779). ``data/events.json`` holds our reconstruction of the rest
(docs/third-crusade/events.md), every card with its source. The file is validated by its JSON
Schema, then checked across records: ids and titles unique; 128 cards, 8 per Army and round; every
Region and Leader named exists (on the map, in leaders.json); icons that fit the Region (a Port for
a Sea Move or a Destroyed Port, a City for a Siege Engine, no Sabotage in Jerusalem), pieces that fit
one Region's slots, removals and Assassinations aimed at the enemy; the mark of the one enemy Army a
card names (ruling E4) and the north icon of a card naming a north Region (E5); every Leader that
enters by an Event brought by one; the printed cards as the text gives them; and the balance
between the Armies (E10). A broken file raises :class:`BadData` naming the file, the record and the
problem. Nothing here is a rule, except :func:`crown_gold`, the price of a crown event as
`Command.Event` (L435) sets it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path as FilePath
from types import MappingProxyType
from typing import Any

from ...engine.datapack import Loader, fail, read_pack, unique
from .board import CITY, DESERT, NORTH, Board, load_board
from .leaders import NEUTRAL, Leaders, load_leaders
from .orders import ARMIES, MARCHES

FILES = ("events",)
ROUNDS = ("1190", "1191_spring", "1191_autumn", "1192")
"""The four decks, one per round (Setup2p.Board L217-L219, Setup4p.Board L280-L286; ruling E1)."""
PER_ROUND = 8  # Components.PerPlayer L1609: 32 Event Cards per Army, 8 per year
PER_ARMY = PER_ROUND * len(ROUNDS)
PLACES = ("muster", "remove", *MARCHES, "place", "clear", "leader", "assassination")
"""Steps carried out in a Region of the banner (Command.Event.Regions, L449); the others, gain
and advanced_orders, need none."""
OBSTACLES = ("sabotage", "bandit", "destroyed_port")
UNIT_ADDS_APART = 1
"""Cards whose main event adds Units: per round, the Armies' counts differ by at most this (E10)."""
STRENGTH_APART = 2
"""The Strength the Armies' cards of a round add: they differ by at most this (E10)."""
Source = Mapping[str, str]


# --- the records -----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Banner:
    """The Presence and Region icons of an effect (Anatomy.Event 4, L74; Command.Event.Regions,
    L449-L450), and a Region the card names or defines by a Leader (Glossary.NamedRegion, L1487)."""

    presence: tuple[str, ...]  # every icon must hold; "disregarding" alone means none is needed
    region: str | None = None  # "city", "desert", "port" or None (any)
    named: str | None = None  # a Region id
    leader: str | None = None  # a Leader id: the Region where that Leader stands


@dataclass(frozen=True, slots=True)
class Step:
    """One icon group of an effect (see events.schema.json, ``$defs/step``)."""

    action: str
    unit: str | None = None  # muster, remove
    count: int = 0  # muster, remove, place, clear, advanced_orders
    neutral: bool = False  # muster: white pieces from the pool
    of: tuple[str, ...] = ()  # remove: one Army or Alliance; assassination: the colours
    token: str | None = None  # place, clear
    shape: str | None = None  # place: a Resource token's shape
    track: str | None = None  # gain
    amount: int = 0  # gain
    leader: str | None = None  # leader
    coordinated: bool = False  # the marches
    ignore_bandit: bool = False
    strength: int = 0
    same_region: bool = False  # in the Region of the step before (E2)

    @property
    def placed(self) -> bool:
        return self.action in PLACES


@dataclass(frozen=True, slots=True)
class Effect:
    """A main or crown event: its banner and its steps, or a choice of two lists of steps."""

    banner: Banner
    choices: tuple[tuple[Step, ...], ...]  # one list, or the two of an OR (Command.Event.Or, L455)

    @property
    def steps(self) -> tuple[Step, ...]:
        return tuple(s for choice in self.choices for s in choice)

    @property
    def either(self) -> bool:
        return len(self.choices) == 2


@dataclass(frozen=True, slots=True)
class Crown(Effect):
    """The crown event (Anatomy.Event 7-8, L78-L79; Command.Event, L435)."""

    requirement: int = 0  # crowns on the track, or 2 gold each for the shortfall
    mode: str = "add"  # "add", "same_region" or "instead" (Command.Event.Or, L457)


@dataclass(frozen=True, slots=True)
class EventCard:
    """An Event Card (Anatomy.Event, L69-L81)."""

    id: str
    army: str
    round: str
    title: str
    marked_for: str | None  # PlayerSetup.A L138-L143
    north: bool  # VariableSetup L300
    main: Effect
    crown: Crown
    source: Source

    @property
    def adds_units(self) -> bool:
        """The main event adds Units (the Bot Table's cards: BotTable.Command, L1015)."""
        return any(s.action == "muster" for s in self.main.steps)

    @property
    def marches(self) -> bool:
        """The main event includes a March of any kind (BotTable.Command, L1015)."""
        return any(s.action in MARCHES for s in self.main.steps)


@dataclass(frozen=True, slots=True)
class Events:
    cards: Mapping[str, EventCard]

    def deck(self, army: str, round: str) -> tuple[EventCard, ...]:
        """An Army's deck for a round, in file order (PlayerSetup.A, L138)."""
        return tuple(c for c in self.cards.values() if c.army == army and c.round == round)

    def in_play(self, armies: Iterable[str]) -> tuple[EventCard, ...]:
        """The cards of the Armies in play, without those marked for an absent Army
        (PlayerSetup.A, L138-L143)."""
        playing = set(armies)
        return tuple(
            c
            for c in self.cards.values()
            if c.army in playing and (c.marked_for is None or c.marked_for in playing)
        )

    def titled(self, title: str) -> EventCard:
        return next(c for c in self.cards.values() if c.title == title)


def crown_gold(crown: Crown, crowns: int) -> int:
    """The gold a player with ``crowns`` on its crown track pays to carry out ``crown``: 2 for each
    crown it lacks; the track is not spent (Command.Event, L435)."""
    return 2 * max(0, crown.requirement - crowns)


def strength(card: EventCard, leaders: Leaders) -> int:
    """The Battle Strength the pieces a card adds would have (main and crown, the larger half of
    an OR): Infantry 1, Cavalry 2 where the banner asks a Desert and 1 elsewhere, a Siege Engine 3
    (Battle.Strength.Table, L549-L555); a Leader by its Unit icons. A measure for balance (E10)."""
    return sum(_adds(effect, leaders) for effect in (card.main, card.crown))


def _adds(effect: Effect, leaders: Leaders) -> int:
    horse = 2 if effect.banner.region == DESERT else 1
    best = 0
    for choice in effect.choices:
        total = 0
        for s in choice:
            if s.action == "muster":
                total += s.count * {"infantry": 1, "cavalry": horse, "siege_engine": 3}[str(s.unit)]
            elif s.action == "leader":
                x = leaders.leaders[str(s.leader)]
                total += x.icon("infantry") + horse * x.icon("cavalry")
        best = max(best, total)
    return best


# --- what the text prints ----------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Printed:
    """What the text gives of a titled card: its Army, deck and line; where it plays the card, its
    banner, main event and crown requirement (exact, or the least one the example allows)."""

    army: str
    round: str | None
    line: str
    banner: Banner | None = None
    main: tuple[Step, ...] = ()
    crown: int | None = None
    crown_at_least: int = 0
    marked_for: str | None = None


PRINTED = {
    # Plutorial.Strategy.Rows L1071-L1088: the Angevin's and the Ayyubid's 1190 cards (R36: Tughril)
    "Conquests of Cyprus": Printed("angevin", "1190", "L1075"),
    "Guy's Expedition": Printed(
        "angevin", "1190", "L1076, L1174", Banner(("angevin",), DESERT),
        (Step("muster", unit="cavalry", count=1, neutral=True),
         Step("muster", unit="infantry", count=1, neutral=True, same_region=True)),
        crown_at_least=4,  # 1 crown and 4 gold do not pay it (L227, L1174)
    ),
    "Ayyubid Servants Loot Their Own Camp": Printed(
        "angevin", "1190", "L1077, L1158", Banner(("ayyubid",)),
        (Step("place", token="sabotage", count=1), Step("remove", unit="infantry", count=1, of=("ayyubid",))),
        crown_at_least=4,  # 1 crown and 4 gold do not pay it (L227, L1158)
        marked_for="ayyubid",
    ),
    "Henry II of Champagne": Printed("angevin", "1190", "L1078, L1091"),
    # Command.Event.Example L439-L448: Tughril and a Cavalry into an empty Desert, crown 4 (E3)
    "Tughril's Rebellion": Printed(
        "ayyubid", "1190", "L1082, L441", Banner(("no_crusader", "no_muslim"), DESERT),
        (Step("leader", leader="tughril"), Step("muster", unit="cavalry", count=1, same_region=True)),
        crown=4,
    ),
    "Crusader Fleet Suffer Defeats": Printed(
        "ayyubid", "1190", "L1083, L1176", Banner(("disregarding",), "port"),
        (Step("place", token="destroyed_port", count=1), Step("place", token="sabotage", count=1)),
        crown=3,  # 2 crowns (L1168), and the last 2 gold would have bought it (L1176)
    ),
    "Forced Slaughter of Horses": Printed("ayyubid", "1190", "L1084, L1093", marked_for="angevin"),
    "Al-Adil's Victory": Printed(
        "ayyubid", "1190", "L1085, L1164", Banner(("ayyubid",), leader="al_adil"),
        (Step("forced_march"),), crown=3,  # 2 crowns and 1 bought (L1168)
    ),
    # PlayerSetup.A L142: marked for the Ayyubid
    "Burning of Haifa": Printed("angevin", None, "L142", marked_for="ayyubid"),
    # Strategy.Example L361: a Turkoman card
    "Greek Fire": Printed("turkoman", None, "L361"),
}  # fmt: skip
"""Every title the rulebook gives, and what it gives of the card (spellings of ruling R36)."""
CROWN_TOKEN = Printed(
    "hre", None, "L467", Banner(("hre",), CITY),
    (Step("muster", unit="infantry", count=1), Step("place", token="crown", count=1, shape="square")),
    crown=3,
)  # fmt: skip
"""Command.Event.Example2 L467-L468: a Holy Roman Empire main event placing an Infantry and a crown
token in Cities it holds; 3 crowns pay its crown event, 2 did not (E3: a card without a printed
title)."""
FAITH_OR_GLORY = ((Step("gain", track="faith", amount=1),), (Step("gain", track="glory", amount=3),))
"""Command.Event.Or L459: 1 Faith or 3 Glory."""


# --- reading and checking --------------------------------------------------------------------


def read_events(
    directory: FilePath | None = None, board: Board | None = None, leaders: Leaders | None = None
) -> Events:
    """Load, validate and cross-check the Event Cards: the shipped ones when ``directory`` is None.
    ``board`` and ``leaders`` are the map and the Leaders they are checked against (the shipped
    ones if None)."""
    doc = read_pack(__package__ or __name__, FILES, directory)["events"]
    here = directory if directory is not None and (directory / "map.json").exists() else None
    board = board if board is not None else load_board(here)
    leaders = leaders if leaders is not None else load_leaders(here)
    f = "events"
    unique(f, "card", (c["id"] for c in doc["cards"]))
    unique(f, "card title", (c["title"] for c in doc["cards"]))
    cards: dict[str, EventCard] = {}
    for d in doc["cards"]:
        card = _card(d)
        _check_card(f, card, board, leaders)
        cards[card.id] = card
    events = Events(MappingProxyType(cards))
    _check_counts(f, events)
    _check_leaders(f, events, leaders)
    _check_printed(f, events)
    _check_balance(f, events, leaders)
    return events


load_events = Loader(read_events)
"""The shipped pack, loaded once; or the pack in a folder given, loaded afresh."""


def _banner(d: dict[str, Any]) -> Banner:
    return Banner(tuple(d["presence"]), d.get("region"), d.get("named"), d.get("leader"))


def _step(d: dict[str, Any]) -> Step:
    of = d.get("of", ())
    return Step(
        action=d["action"],
        unit=d.get("unit"),
        count=d.get("count", 0),
        neutral=d.get("neutral", False),
        of=(of,) if isinstance(of, str) else tuple(of),
        token=d.get("token"),
        shape=d.get("shape"),
        track=d.get("track"),
        amount=d.get("amount", 0),
        leader=d.get("leader"),
        coordinated=d.get("coordinated", False),
        ignore_bandit=d.get("ignore_bandit", False),
        strength=d.get("strength", 0),
        same_region=d.get("same_region", False),
    )


def _choices(d: dict[str, Any]) -> tuple[tuple[Step, ...], ...]:
    lists = d["or"] if "or" in d else [d["steps"]]
    return tuple(tuple(_step(s) for s in steps) for steps in lists)


def _card(d: dict[str, Any]) -> EventCard:
    c = d["crown"]
    return EventCard(
        id=d["id"],
        army=d["army"],
        round=d["round"],
        title=d["title"],
        marked_for=d.get("marked_for"),
        north=d.get("north", False),
        main=Effect(_banner(d["main"]["banner"]), _choices(d["main"])),
        crown=Crown(_banner(c["banner"]), _choices(c), requirement=c["requirement"], mode=c["mode"]),
        source=d["source"],
    )


def _check_card(f: str, card: EventCard, board: Board, leaders: Leaders) -> None:
    rec = f"card {card.id}"
    if not card.id.startswith(f"{card.army}_"):
        fail(f, rec, f"its id does not begin with its Army {card.army!r}")
    for part, effect in (("main", card.main), ("crown", card.crown)):
        _check_effect(f, f"{rec}: {part}", card.army, effect, board, leaders)
    if card.crown.mode == "same_region" and not any(s.placed for s in card.main.steps):
        fail(f, rec, "an 'In same Region' crown event needs a main event carried out in a Region (E6)")
    named = [e.banner.named for e in (card.main, card.crown) if e.banner.named is not None]
    north = any(board.regions[r].board == NORTH for r in named)
    if card.north != north:
        fail(f, rec, f"north icon {card.north}, but it {'names' if north else 'names no'} north Region (E5)")
    enemies = sorted(_enemies_named(card, leaders))
    if len(enemies) > 1:
        fail(f, rec, f"names the enemy Armies {', '.join(enemies)}; a card aims at one at most (E4)")
    mark = enemies[0] if enemies else None
    if card.marked_for != mark:
        fail(f, rec, f"marked for {card.marked_for}; it names {mark or 'no single enemy Army'} (E4, L142)")


def _check_effect(f: str, rec: str, army: str, e: Effect, board: Board, leaders: Leaders) -> None:
    b = e.banner
    if "disregarding" in b.presence and len(b.presence) > 1:
        fail(f, rec, "Disregarding Presence stands alone (L1511, L1755)")
    for icon in b.presence:
        if icon.startswith("no_") and icon[3:] in b.presence:
            fail(f, rec, f"asks both {icon[3:]!r} and {icon!r} Presence")
    kind, ports = b.region, b.region == "port"
    if b.named is not None:
        r = board.regions.get(b.named)
        if r is None:
            fail(f, rec, f"names unknown region {b.named!r}")
        if (kind in (CITY, "port") and not r.is_city) or (kind == DESERT and r.is_city):
            fail(f, rec, f"names {b.named}, a {r.kind}, under a {kind} icon")
        kind, ports = r.kind, r.ports > 0
    if b.leader is not None and b.leader not in leaders.leaders:
        fail(f, rec, f"names unknown leader {b.leader!r}")
    side = ARMIES[army]
    for choice in e.choices:
        _check_steps(f, rec, army, side, choice, b, kind, ports, board, leaders)


def _check_steps(
    f: str,
    rec: str,
    army: str,
    side: str,
    steps: tuple[Step, ...],
    b: Banner,
    kind: str | None,
    ports: bool,
    board: Board,
    leaders: Leaders,
) -> None:
    enemy = {"crusader", "muslim"} - {side}
    group: list[Step] = []
    for i, s in enumerate(steps):
        if s.same_region and (i == 0 or not s.placed or not steps[i - 1].placed):
            fail(f, rec, f"{s.action}: 'same Region' follows a step carried out in a Region (E2)")
        group = [*group, s] if s.same_region else [s]
        _check_fits(f, rec, group, board)
        if s.action == "muster" and s.unit == "siege_engine" and kind not in (CITY, "port"):
            fail(f, rec, "a Siege Engine is placed only in a City (R39, L319)")
        if (s.action == "sea_move" or s.token == "destroyed_port") and not ports:
            what = "a Destroyed Port" if s.token else "a Sea Move"
            fail(f, rec, f"{what} needs a Port: the banner's Port icon or a named Port (L1421, L1543)")
        if s.action == "place" and s.token == "sabotage" and b.named == board.jerusalem:
            fail(f, rec, "no Sabotage in Jerusalem (L1539)")
        if s.action == "place" and (s.token in OBSTACLES) == (s.shape is not None):
            fail(f, rec, "a Resource token has a slot's shape, an obstacle none (Glossary.Resources, L1527)")
        if s.action in MARCHES and s.coordinated and side not in b.presence:
            fail(f, rec, "a Coordinated March shows its Alliance's Presence (L1743, L1750)")
        if s.action == "remove" and not all(ARMIES.get(x, x) in enemy for x in s.of):
            fail(f, rec, f"removes Units of {', '.join(s.of)}: an Event removes enemy Units (L1158)")
        if s.action == "assassination" and not all(ARMIES.get(x, x) in enemy | {NEUTRAL} for x in s.of):
            fail(f, rec, f"assassinates {', '.join(s.of)}: enemy or Neutral Leaders only (L1377)")
        if s.action == "leader":
            x = leaders.leaders.get(str(s.leader))
            if x is None:
                fail(f, rec, f"adds unknown leader {s.leader!r}")
            if x.enters != "event" or x.army not in (army, NEUTRAL):
                fail(f, rec, f"adds {x.name}, who is not an own or Neutral Leader entering by an Event")


def _check_fits(f: str, rec: str, group: list[Step], board: Board) -> None:
    """Pieces added together in one Region fit its slots (Glossary.Slots, L1555)."""
    shape = {"infantry": "square", "cavalry": "hexagon", "siege_engine": "trapezoid"}
    need: dict[str, int] = {}
    for s in group:
        if s.action == "muster":
            need[shape[str(s.unit)]] = need.get(shape[str(s.unit)], 0) + s.count
    for sh, n in need.items():
        if n > board.slot_counts[sh]:
            fail(
                f,
                rec,
                f"adds {n} pieces for {sh} slots in one Region, which has {board.slot_counts[sh]} (L1555)",
            )


def _enemies_named(card: EventCard, leaders: Leaders) -> set[str]:
    """The enemy Armies a card names: in its Presence icons, its removals and Assassinations, and
    by the Leaders that define its Regions (E4)."""
    names: set[str] = set()
    for e in (card.main, card.crown):
        names.update(p.removeprefix("no_") for p in e.banner.presence)
        if e.banner.leader is not None:
            names.add(leaders.leaders[e.banner.leader].army)
        for s in e.steps:
            if s.action in ("remove", "assassination"):
                names.update(s.of)
    return {n for n in names if n in ARMIES and ARMIES[n] != ARMIES[card.army]}


def _check_counts(f: str, events: Events) -> None:
    if len(events.cards) != PER_ARMY * len(ARMIES):
        fail(f, "cards", f"{len(events.cards)} cards; the game has {PER_ARMY * len(ARMIES)} (L1609)")
    for army in ARMIES:
        for rnd in ROUNDS:
            n = len(events.deck(army, rnd))
            if n != PER_ROUND:
                fail(f, f"deck {army} {rnd}", f"{n} cards; each year's deck has {PER_ROUND} (L1609)")


def _check_leaders(f: str, events: Events, leaders: Leaders) -> None:
    added = {s.leader for c in events.cards.values() for e in (c.main, c.crown) for s in e.steps}
    for x in leaders.leaders.values():
        if x.enters == "event" and x.id not in added:
            fail(f, f"leader {x.id}", "enters by an Event Card (leaders.json), but no card adds him")


def _check_printed(f: str, events: Events) -> None:
    by_title = {c.title: c for c in events.cards.values()}
    for title, p in PRINTED.items():
        card = by_title.get(title)
        if card is None:
            fail(f, f"card {title!r}", f"printed ({p.line}) but missing")
        rec = f"card {card.id}"
        if card.army != p.army or p.round not in (None, card.round):
            fail(
                f,
                rec,
                f"{card.army} {card.round}; the text has it {p.army} {p.round or ''} ({p.line})".strip(),
            )
        if p.marked_for is not None and card.marked_for != p.marked_for:
            fail(f, rec, f"the text marks it for the {p.marked_for} ({p.line})")
        if p.banner is not None and (card.main.banner, card.main.choices) != (p.banner, (p.main,)):
            fail(f, rec, f"main event differs from the one the text gives ({p.line})")
        if p.crown is not None and card.crown.requirement != p.crown:
            fail(f, rec, f"crown requirement {card.crown.requirement}; the text's is {p.crown} ({p.line})")
        if card.crown.requirement < p.crown_at_least:
            fail(
                f,
                rec,
                f"crown requirement {card.crown.requirement}; the text needs {p.crown_at_least} or more",
            )
    if not any(_plays(c, CROWN_TOKEN) for c in events.cards.values()):
        fail(f, "cards", f"none is the Holy Roman Empire's Infantry and crown token ({CROWN_TOKEN.line})")
    if not any(e.choices == FAITH_OR_GLORY for c in events.cards.values() for e in (c.main, c.crown)):
        fail(f, "cards", "none offers 1 Faith or 3 Glory (L459)")
    cavalry = Step("remove", unit="cavalry", count=1, of=("turkoman",))
    if not any(ARMIES[c.army] == "crusader" and cavalry in c.main.steps for c in events.cards.values()):
        fail(f, "cards", "no Crusader card removes a Turkoman Cavalry (L853)")


def _plays(card: EventCard, p: Printed) -> bool:
    """The card is the Army's whose main event and crown requirement are those of ``p``."""
    same = (card.main.banner, card.main.choices, card.crown.requirement) == (p.banner, (p.main,), p.crown)
    return card.army == p.army and same


def _check_balance(f: str, events: Events, leaders: Leaders) -> None:
    for rnd in ROUNDS:
        adds = {a: sum(c.adds_units for c in events.deck(a, rnd)) for a in ARMIES}
        if max(adds.values()) - min(adds.values()) > UNIT_ADDS_APART:
            fail(
                f,
                f"round {rnd}",
                f"cards adding Units per Army {adds}: more than {UNIT_ADDS_APART} apart (E10)",
            )
        power = {a: sum(strength(c, leaders) for c in events.deck(a, rnd)) for a in ARMIES}
        if max(power.values()) - min(power.values()) > STRENGTH_APART:
            fail(
                f, f"round {rnd}", f"Strength added per Army {power}: more than {STRENGTH_APART} apart (E10)"
            )
        for a in ARMIES:
            deck = events.deck(a, rnd)
            if sum(c.adds_units for c in deck) < 2 or not any(c.marches for c in deck):
                fail(
                    f, f"deck {a} {rnd}", "needs 2 cards adding Units and 1 that Marches (the Bot Table, E10)"
                )
