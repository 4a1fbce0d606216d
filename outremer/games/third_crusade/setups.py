"""The Third Crusade set-ups as a data pack: the pieces each Army sets in each Region, the tokens,
the Genoa ships, the starting values and the scenarios of 2, 3 and 4 players and the variable set-up.

The set-up pages were pictures (`Setup2p`, L213-L270; `Setup4p`, L271-L297). The text keeps their
rules (own pieces only, one own piece for each two-coloured piece, a Neutral Infantry in every empty
City, L213), the printed track values of each Army (`Setup2p.Tracks`, L225-L234; `Setup4p.Tracks`,
L290-L297), the steps of `PlayerSetup` and `BoardSetup` (L132-L212) and the variable set-up
(`VariableSetup`, L298-L326); the plutorial plays the Angevin's and the Ayyubid's 2-player start and
so bounds their pieces. The 3-player page (L60) is lost with its text: a 3-player game lays out the
2-player page, with the placements marked ``only: lone`` for its lone Army and the tokens marked
``only: pair`` for an Army playing beside its partner (R41); records marked ``only: two`` are set only
in the 2-player scenarios of the Armies' choice (the page's balance, not the plutorial). ``data/setups.json``
holds our reconstruction (docs/third-crusade/setups.md),
every record with its source. The file is validated by its JSON Schema, then each scenario is laid
out and checked against the other packs: every Region on the map and on a board in use at its
player count (`BoardSetup.1`, L180); the Armies right for the count (`PlayerSetup.1`, L134;
`Goal`, L15-L20); every Leader known, of its Army, placed at most once and entering as leaders.json
says; no more Units than an Army has (`Components.PerPlayer`, L1610) and its player board holds;
the pieces on plain slots, Siege Engines in Cities (`BoardSetup.2`, L182; R39); the track values
the icons Controlled give (`BoardSetup.4`, L199-L204; R1) equal to the printed ones. A broken file
raises :class:`BadData` naming the file, the record and the problem. Nothing here is a rule.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from itertools import product
from pathlib import Path as FilePath
from types import MappingProxyType
from typing import Any

from ...engine.datapack import Loader, fail, read_pack, unique
from .board import ALLIANCES, CITY, Board, load_board
from .cards import Cards, load_cards
from .leaders import Leaders, load_leaders
from .orders import ARMIES, Orders, load_orders

FILES = ("setups",)
F = "setups"
NEUTRAL = "neutral"
UNITS = {"infantry": "square", "cavalry": "hexagon", "siege_engine": "trapezoid"}
"""Each Unit type and the slot it takes (Glossary.Slots, L1555)."""
TRACKS = {"command_points": "command_point", "crowns": "crown", "supply": "supply", "gold": "gold"}
"""The four tracks set at BoardSetup.4 (L199) and the icon each counts; printed in this order (R41)."""
Source = Mapping[str, str]


@dataclass(frozen=True, slots=True)
class Pieces:
    """What one Army (or the Neutral pool) sets in one Region, or loads on one Genoa ship."""

    where: str  # a Region id, or the ship's period ("1191_spring", "1191_autumn")
    owner: str  # an Army or "neutral"
    infantry: int = 0
    cavalry: int = 0
    siege_engine: int = 0
    leaders: tuple[str, ...] = ()

    def units(self, unit: str) -> int:
        return int(getattr(self, unit))

    @property
    def count(self) -> int:
        """Units and Leaders: what Control counts (Glossary.Control, L1405; R1)."""
        return self.infantry + self.cavalry + self.siege_engine + len(self.leaders)


@dataclass(frozen=True, slots=True)
class Token:
    """A token set at the start: a Sabotage covering an icon, or a Resource token showing one."""

    region: str
    token: str  # "sabotage" or "resource"
    shape: str
    icon: str
    source: Source


@dataclass(frozen=True, slots=True)
class Tracks:
    """The four player-board tracks of BoardSetup.4 (L199-L204)."""

    command_points: int  # base and current alike at the start
    crowns: int
    supply: int
    gold: int


@dataclass(frozen=True, slots=True)
class Faith:
    """An Alliance's Faith track at the start (BoardSetup.2.Faith, L188; R3)."""

    faith: int
    mercantile: int | None  # None: a lone Army uses no Mercantile marker


@dataclass(frozen=True, slots=True)
class Scenario:
    """One start: the Armies in play and everything on the table before the first round."""

    id: str
    players: int
    armies: tuple[str, ...]
    lone: str | None  # 3 players: the Army played alone
    boards: tuple[str, ...]
    pieces: tuple[Pieces, ...]  # on the map, Neutral pieces included
    tokens: tuple[Token, ...]
    ships: tuple[Pieces, ...]  # the Genoa ships' loads of the Armies in play
    tracks: Mapping[str, Tracks]  # what the icons Controlled give (BoardSetup.4)
    printed: bool  # the tracks are the page's printed values
    gold: Mapping[str, int]  # gold chits in hand (PlayerSetup.B)
    faith: Mapping[str, Faith]  # by Alliance
    initiative: tuple[str, ...]  # a fixed order, top first; () for the random draw (BoardSetup.2.Initiative)
    objectives: int  # Objective Cards dealt to each player
    mission: str | None
    diplomacy: str | None
    later_objectives: Mapping[str, str]
    source: Source

    def in_region(self, region: str) -> tuple[Pieces, ...]:
        return tuple(p for p in self.pieces if p.where == region)

    def controller(self, region: str) -> str | None:
        """The Army with the most Units and Leaders in ``region`` (R1); None on a tie or with only
        Neutral pieces."""
        return controller(self.in_region(region))

    def on_map(self, army: str, unit: str) -> int:
        return sum(p.units(unit) for p in self.pieces if p.owner == army)


@dataclass(frozen=True, slots=True)
class Start:
    """What every player takes whatever the scenario (PlayerSetup, BoardSetup)."""

    glory: int
    round: str
    initiative: tuple[tuple[int, int], tuple[int, int]]  # the positions of the first and the second Alliance
    orders_in_box: int
    orders_beside: int
    diplomacy_markers: int
    pawns: int


@dataclass(frozen=True, slots=True)
class Variable:
    """The variable set-up's draws and limits (VariableSetup, L298-L326)."""

    players: tuple[int, ...]
    set_aside: str
    deal: int
    discard: int
    points: Mapping[str, int]
    costs: Mapping[str, int]  # per Unit type, and "leader"
    main_cities: int
    deserts: int
    jerusalem: tuple[str, int, int]  # the Alliance allowed, its square and hexagonal cap
    fill: str
    objectives: int
    scenarios: Mapping[str, str]  # a variable set-up's id -> the scenario whose Armies it deploys


VARIABLE = "variable_"
"""The prefix of a variable set-up's id: ``variable_four`` deploys the Armies of ``four``."""


@dataclass(frozen=True, slots=True)
class Setups:
    scenarios: Mapping[str, Scenario]
    start: Start
    variable: Variable

    def played(self, scenario: str) -> Scenario | None:
        """The scenario whose Armies, ships and starting values a game of ``scenario`` uses: the
        scenario itself, or the one a variable set-up deploys; None if there is no such id."""
        return self.scenarios.get(self.variable.scenarios.get(scenario, scenario))


def controller(pieces: Iterable[Pieces]) -> str | None:
    counts = Counter[str]()
    for p in pieces:
        if p.owner != NEUTRAL:
            counts[p.owner] += p.count
    ranked = counts.most_common(2)
    if not ranked or (len(ranked) == 2 and ranked[0][1] == ranked[1][1]):
        return None
    return ranked[0][0]


# --- reading and checking --------------------------------------------------------------------


def read_setups(directory: FilePath | None = None) -> Setups:
    """Load, validate and cross-check the set-ups: the shipped ones when ``directory`` is None; the
    other packs come from the same folder when it holds them."""
    doc = read_pack(__package__ or __name__, FILES, directory)[F]
    here = directory if directory is not None and (directory / "map.json").exists() else None
    board, leaders, orders, cards = load_board(here), load_leaders(here), load_orders(here), load_cards(here)
    start = _start(doc["start"], orders)
    ships = _ships(doc["genoa"], leaders)
    unique(F, "page", (p["id"] for p in doc["pages"]))
    pages: dict[int, dict[str, Any]] = {}
    for page in doc["pages"]:
        _check_page(page, board, leaders)
        for n in page["players"]:
            if n in pages:
                fail(F, f"page {page['id']}", f"{n} players already use page {pages[n]['id']}")
            pages[n] = page
    unique(F, "scenario", (s["id"] for s in doc["scenarios"]))
    scenarios = {}
    for d in doc["scenarios"]:
        if d["players"] not in pages:
            fail(F, f"scenario {d['id']}", f"no page for {d['players']} players")
        s = _scenario(d, pages[d["players"]], doc["start"], ships, board, leaders)
        _check_scenario(s, pages[d["players"]], board, leaders, orders, cards)
        scenarios[s.id] = s
    _check_every_pairing(scenarios.values())
    return Setups(MappingProxyType(scenarios), start, _variable(doc["variable"], board, cards, scenarios))


load_setups = Loader(read_setups)
"""The shipped pack, loaded once; or the pack in a folder given, loaded afresh."""


def _start(d: dict[str, Any], orders: Orders) -> Start:
    first, second = tuple(d["initiative"]["first"]), tuple(d["initiative"]["second"])
    if sorted(first + second) != [1, 2, 3, 4]:
        fail(F, "start initiative", f"positions {first} and {second} are not 1 to 4 once each (L187)")
    for army in ARMIES:
        basic, advanced = len(orders.of(army, advanced=False)), len(orders.of(army, advanced=True))
        if (d["orders"]["in_box"], d["orders"]["beside_board"]) != (basic, advanced):
            have = f"{basic} basic and {advanced} Advanced Orders"
            fail(F, "start orders", f"the {army} has {have} (orders.json)")
    return Start(
        glory=d["glory"]["value"],
        round=d["round"]["value"],
        initiative=(first, second),
        orders_in_box=d["orders"]["in_box"],
        orders_beside=d["orders"]["beside_board"],
        diplomacy_markers=d["diplomacy"]["markers"],
        pawns=d["diplomacy"]["pawns"],
    )


def _pieces(d: dict[str, Any], where: str, owner: str) -> Pieces:
    leaders = tuple(d.get("leaders", ()))
    return Pieces(where, owner, d["infantry"], d["cavalry"], d.get("siege_engine", 0), leaders)


def _ships(docs: list[dict[str, Any]], leaders: Leaders) -> tuple[Pieces, ...]:
    unique(F, "ship", (f"{d['period']} {d['army']}" for d in docs))
    out = []
    for d in docs:
        rec = f"ship {d['period']} {d['army']}"
        if ARMIES[d["army"]] != "crusader":
            fail(F, rec, "the Genoa ships bring Crusader pieces only (L743)")
        for lid in d["leaders"]:
            leader = leaders.leaders.get(lid)
            if leader is None or leader.army != d["army"] or leader.enters != f"genoa_{d['period']}":
                fail(F, rec, f"leader {lid!r} is no {d['army']} Leader of this ship in leaders.json")
        aboard = {x.id for x in leaders.ship(d["period"]) if x.army == d["army"]}
        if aboard - set(d["leaders"]):
            fail(F, rec, f"leaders.json puts {sorted(aboard - set(d['leaders']))} on this ship")
        out.append(_pieces(d, d["period"], d["army"]))
    return tuple(out)


def _boards(board: Board, armies: int) -> tuple[str, ...]:
    """The map boards in use with ``armies`` Armies in play (BoardSetup.1, L180; map.json)."""
    return tuple(b.id for b in board.boards.values() if armies in b.armies)


def _check_page(page: dict[str, Any], board: Board, leaders: Leaders) -> None:
    pid = page["id"]
    if not set(page["printed_for"]) <= set(page["players"]):
        fail(F, f"page {pid}", f"printed_for {page['printed_for']} not among its players {page['players']}")
    places = [(p["region"], _placement_id(p)) for p in page["placements"]]
    places += [(n["region"], f"neutral {n['region']}") for n in page["neutrals"]]
    places += [(t["region"], _token_id(t)) for t in page["tokens"]]
    for region, rec in places:
        if region not in board.regions:
            fail(F, f"page {pid} {rec}", f"unknown region {region!r}")
        for n in page["players"]:
            on = board.regions[region].board
            if on not in _boards(board, n):
                fail(F, f"page {pid} {rec}", f"on the {on} board, not in use with {n} players (L180)")
    unique(F, f"page {pid} placement", (_placement_id(p) for p in page["placements"]))
    for p in page["placements"]:
        rec = f"page {pid} {_placement_id(p)}"
        two_coloured = p["owner"] in ALLIANCES
        if two_coloured != ("pair" in p) or ("pair" in p and ARMIES[p["pair"]] != p["owner"]):
            fail(
                F,
                rec,
                "a two-coloured piece, and only it, names its Alliance's Army for a pair (R41)",
            )
        if p.get("only") == "lone" and (two_coloured or 3 not in page["players"]):
            fail(F, rec, "only an Army's own placement on a page of 3 players is kept to a lone Army (R41)")
        if p.get("only") == "two" and (two_coloured or 2 not in page["players"]):
            fail(F, rec, "only an Army's own placement on a page of 2 players is kept to 2-player games")
        for lid in p["leaders"]:
            leader = leaders.leaders.get(lid)
            if leader is None:
                fail(F, rec, f"unknown leader {lid!r}")
            if leader.army != p["owner"]:
                fail(F, rec, f"leader {lid} is of the {leader.army}, not the {p['owner']}")
            if leader.enters != "setup":
                fail(F, rec, f"leader {lid} enters by {leader.enters}, not at set-up (leaders.json)")
    for t in page["tokens"]:
        only = t.get("only")
        if only != "two" and (("only" in t) != ("army" in t) or ("only" in t and 3 not in page["players"])):
            fail(
                F,
                f"page {pid} {_token_id(t)}",
                "a token kept to a pair names its Army, on a page of 3 players (R41)",
            )
        if only == "two" and ("army" not in t or 2 not in page["players"]):
            fail(
                F,
                f"page {pid} {_token_id(t)}",
                "a token kept to 2-player games names its Army, on a page of 2 players",
            )


def _placement_id(p: dict[str, Any]) -> str:
    return f"placement {p['region']} {p['owner']}{' ' + p['only'] if 'only' in p else ''}"


def _token_id(t: dict[str, Any]) -> str:
    return f"token {t['token']} {t['region']}" + "".join(f" {t[k]}" for k in ("army", "only") if k in t)


def _scenario(
    d: dict[str, Any],
    page: dict[str, Any],
    start: dict[str, Any],
    ships: tuple[Pieces, ...],
    board: Board,
    leaders: Leaders,
) -> Scenario:
    armies = tuple(d["armies"])
    rec = f"scenario {d['id']}"
    _check_armies(rec, d["players"], armies, d.get("lone"))
    placed: list[Pieces] = []
    two = _two(d)
    for p in page["placements"]:
        owner = _owner(p, armies, d.get("lone"), two)
        if owner is not None:
            placed.append(_pieces(p, p["region"], owner))
    placed += [_pieces(n, n["region"], NEUTRAL) for n in page["neutrals"]]
    held = {p.where for p in placed}
    boards = _boards(board, len(armies))
    fill = page["fill"]["unit"]
    for rid in board.in_play(north=len(boards) > 1):
        if board.regions[rid].is_city and rid not in held:  # Setup2p L213: every empty City
            placed.append(Pieces(rid, NEUTRAL, int(fill == "infantry"), int(fill == "cavalry")))
    kept = [t for t in page["tokens"] if _kept(t, armies, d.get("lone"), two)]
    for t in kept:
        if "army" not in t:
            continue
        holder = controller(p for p in placed if p.where == t["region"])
        where = f"{rec} {_token_id(t)}"
        if t.get("unheld"):
            if holder is not None:
                fail(F, where, f"the {holder} Controls {t['region']} at the start, marked unheld")
        elif holder != t["army"]:
            fail(F, where, f"the {t['army']} does not Control {t['region']} at the start (R41)")
    tokens = tuple(Token(t["region"], t["token"], t["shape"], t["icon"], t["source"]) for t in kept)
    pair = {a for a in ALLIANCES if sum(ARMIES[x] == a for x in armies) == 2}
    g, f = start["gold"], start["faith"]
    return Scenario(
        id=d["id"],
        players=d["players"],
        armies=armies,
        lone=d.get("lone"),
        boards=boards,
        pieces=tuple(placed),
        tokens=tokens,
        ships=tuple(s for s in ships if s.owner in armies),
        tracks=MappingProxyType({a: _tracks(a, placed, tokens, board, leaders) for a in armies}),
        printed=d["players"] in page["printed_for"],
        gold=MappingProxyType({a: g["lone"] if a == d.get("lone") else g["player"] for a in armies}),
        faith=MappingProxyType(
            {a: Faith(f["pair"], f["mercantile"]) if a in pair else Faith(f["lone"], None) for a in ALLIANCES}
        ),
        initiative=tuple(d.get("initiative", ())),
        objectives=d.get("objectives", start["objectives"]["count"]),
        mission=d.get("mission"),
        diplomacy=d.get("diplomacy"),
        later_objectives=MappingProxyType(dict(d.get("later_objectives", {}))),
        source=d["source"],
    )


def _two(d: dict[str, Any]) -> bool:
    """Whether a scenario is a 2-player game that fixes nothing but its Armies, where the records
    marked ``only: two`` are set (the 2-player page's balance additions; not the plutorial, which
    plays the book's scripted start; docs/third-crusade/balance.md, step 17)."""
    return bool(d["players"] == 2 and not d.get("initiative") and d.get("mission") is None)


def _owner(placement: dict[str, Any], armies: tuple[str, ...], lone: str | None, two: bool) -> str | None:
    """Who sets a placement's pieces in this game: its Army if in play (one marked ``only: lone``
    only in a 3-player game where that Army plays alone: the 3-player page's additions, R41); for
    a two-coloured piece its Alliance's Army in play, or the Army it names when both play (Setup2p
    L213; R41)."""
    owner = placement["owner"]
    if placement.get("only") == "lone" and owner != lone:
        return None
    if placement.get("only") == "two" and not two:
        return None
    if owner in ARMIES:
        return owner if owner in armies else None
    mine = [a for a in armies if ARMIES[a] == owner]
    return str(placement["pair"]) if len(mine) == 2 else (mine[0] if mine else None)


def _kept(token: dict[str, Any], armies: tuple[str, ...], lone: str | None, two: bool) -> bool:
    """Whether a token is set in this game: always, or, one marked ``only: pair``, in a 3-player game
    where its Army plays beside its partner (the 3-player page's additions, R41); one marked
    ``only: two``, in a 2-player scenario of the Armies' choice where its Army plays."""
    if token.get("only") == "two":
        return two and token["army"] in armies
    if token.get("only") != "pair":
        return True
    return lone is not None and token["army"] in armies and token["army"] != lone


def _check_armies(rec: str, players: int, armies: tuple[str, ...], lone: str | None) -> None:
    """The Armies the text allows for a player count (PlayerSetup.1 L134; Goal.1-3 L15-L20)."""
    if len(armies) != players:
        fail(F, rec, f"{len(armies)} Armies for {players} players")
    sides = Counter(ARMIES[a] for a in armies)
    if players == 2 and set(sides.values()) != {1}:
        fail(F, rec, "2 players take opposite Alliances (L134)")
    if (players == 3) != (lone is not None):
        fail(F, rec, "a lone Army is named for 3 players, and only then (L17)")
    if lone is not None and (lone not in armies or sides[ARMIES[lone]] != 1):
        fail(F, rec, f"the lone {lone} is not alone in its Alliance")


def _check_every_pairing(scenarios: Iterable[Scenario]) -> None:
    """Every Army composition the text allows has a scenario."""
    have = {(s.players, frozenset(s.armies)) for s in scenarios}
    crusaders = [a for a in ARMIES if ARMIES[a] == "crusader"]
    muslims = [a for a in ARMIES if ARMIES[a] == "muslim"]
    wanted = {(2, frozenset(p)) for p in product(crusaders, muslims)}
    wanted |= {(3, frozenset(ARMIES) - {a}) for a in ARMIES}
    wanted.add((4, frozenset(ARMIES)))
    for players, armies in sorted(wanted - have, key=lambda w: (w[0], sorted(w[1]))):
        fail(F, "scenarios", f"no scenario for {players} players with {', '.join(sorted(armies))}")


def _free_plain(region: str, shape: str, tokens: Iterable[Token], board: Board) -> int:
    """The plain slots of ``shape`` in ``region`` that no token takes."""
    plain = sum(s.icon is None for s in board.regions[region].slots_of(shape))
    return plain - sum(1 for t in tokens if t.region == region and t.shape == shape and t.token == "resource")


def _check_tokens(rec: str, tokens: tuple[Token, ...], board: Board) -> None:
    covered = Counter((t.region, t.shape, t.icon) for t in tokens if t.token == "sabotage")
    for t in tokens:
        r = board.regions[t.region]
        where = f"{rec} token {t.token} {t.region}"
        if t.token == "sabotage":
            if r.jerusalem:
                fail(F, where, "no Sabotage in Jerusalem (Glossary.Sabotage, L1539)")
            if r.icons(t.shape).count(t.icon) < covered[t.region, t.shape, t.icon]:
                fail(F, where, f"no {t.shape} slot with a {t.icon} icon left to cover")
        elif _free_plain(t.region, t.shape, tokens, board) < 0:
            fail(F, where, f"no plain {t.shape} slot left for it")


def _check_scenario(
    s: Scenario, page: dict[str, Any], board: Board, leaders: Leaders, orders: Orders, cards: Cards
) -> None:
    rec = f"scenario {s.id}"
    _check_tokens(rec, s.tokens, board)
    for region in {p.where for p in s.pieces}:
        here = s.in_region(region)
        r = board.regions[region]
        for unit, shape in UNITS.items():
            need = sum(p.units(unit) for p in here)
            need += sum(leaders.leaders[lid].shape == shape for p in here for lid in p.leaders)
            free = _free_plain(region, shape, s.tokens, board)
            if need > free:
                problem = f"{need} {shape} pieces for {free} plain slots: a Resource covered (L182)"
                fail(F, f"{rec} region {region}", problem)
        if r.kind != CITY and any(p.siege_engine for p in here):
            fail(F, f"{rec} region {region}", "a Siege Engine set in a Desert (L319; R39)")
    unique(F, f"{rec} leader", (lid for p in (*s.pieces, *s.ships) for lid in p.leaders))
    for army in s.armies:
        for unit, have in orders.board.units.items():
            used = s.on_map(army, unit) + sum(p.units(unit) for p in s.ships if p.owner == army)
            if used > have:
                fail(F, f"{rec} army {army}", f"{used} {unit} set out; the player board holds {have} (L1610)")
        if s.printed:
            printed = page["tracks"][army]
            want = Tracks(*(printed[t] for t in TRACKS))
            if s.tracks[army] != want:
                fail(F, f"{rec} army {army}", f"the icons Controlled give {s.tracks[army]}; printed {want}")
    if s.initiative and sorted(s.initiative) != sorted(s.armies):
        fail(F, rec, f"initiative {list(s.initiative)} is not an order of its Armies")
    if s.mission is not None and s.mission not in cards.missions:
        fail(F, rec, f"unknown mission {s.mission!r}")
    if s.diplomacy is not None and s.diplomacy not in cards.diplomacy_cards:
        fail(F, rec, f"unknown diplomacy card {s.diplomacy!r}")
    for army, objective in s.later_objectives.items():
        if army not in s.armies or objective not in cards.objectives:
            fail(F, rec, f"later objective {army}: {objective!r} is no Objective of an Army in play")


def _tracks(
    army: str, pieces: list[Pieces], tokens: tuple[Token, ...], board: Board, leaders: Leaders
) -> Tracks:
    """What ``army`` counts at BoardSetup.4 (L199-L204): the uncovered icons and Resource tokens of
    the Regions it Controls (R1; the pieces sit on plain slots), and its Leaders' icons on the map."""
    icons: Counter[str] = Counter()
    for region in {p.where for p in pieces}:
        if controller(p for p in pieces if p.where == region) != army:
            continue
        icons.update(board.regions[region].icons())
        for t in tokens:
            if t.region == region:
                icons[t.icon] += 1 if t.token == "resource" else -1
    for p in pieces:
        if p.owner == army:
            for lid in p.leaders:
                icons.update(leaders.leaders[lid].icons)
    return Tracks(*(icons[icon] for icon in TRACKS.values()))


def _variable(d: dict[str, Any], board: Board, cards: Cards, scenarios: Mapping[str, Scenario]) -> Variable:
    """The variable set-up's record, and the games it is offered for: each scenario of its player
    counts that fixes nothing but its Armies (not the plutorial's scripted start)."""
    rec = "variable"
    if not set(d["players"]) <= {2, 4}:
        fail(F, rec, f"players {d['players']}: the text offers it for 4, or 2 (L300)")
    aside = cards.objectives.get(d["decks"]["set_aside"])
    if aside is None or aside.deck is not None:
        fail(F, f"{rec} decks", f"{d['decks']['set_aside']!r} is not the set-aside Objective of cards.json")
    if not 0 < d["decks"]["discard"] < d["decks"]["deal"]:
        fail(F, f"{rec} decks", "a player keeps some of the cards dealt, after discarding at least one")
    jerusalem = board.regions[board.jerusalem]
    cap = d["jerusalem"]
    for shape in ("square", "hexagon"):
        if cap[shape] > len(jerusalem.slots_of(shape)):
            slots = len(jerusalem.slots_of(shape))
            fail(F, f"{rec} jerusalem", f"{cap[shape]} {shape} pieces; Jerusalem has {slots} such slots")
    return Variable(
        players=tuple(d["players"]),
        set_aside=d["decks"]["set_aside"],
        deal=d["decks"]["deal"],
        discard=d["decks"]["discard"],
        points=MappingProxyType({a: d["points"][a] for a in ARMIES}),
        costs=MappingProxyType({k: v for k, v in d["costs"].items() if k != "source"}),
        main_cities=d["regions"]["main_cities"],
        deserts=d["regions"]["deserts"],
        jerusalem=(cap["alliance"], cap["square"], cap["hexagon"]),
        fill=d["end"]["fill"],
        objectives=d["end"]["objectives"],
        scenarios=MappingProxyType(
            {
                VARIABLE + s.id: s.id
                for s in scenarios.values()
                if s.players in d["players"] and not s.initiative and s.mission is None
            }
        ),
    )
