"""The nine Kingdom of Heaven scenarios (A to H and J) as a data pack: each one's years and turns, the
Powers in play with their orientation and replacement rate, the owner of every province and box,
the Powers open to diplomacy with each player's target, the castles and the walled cities held by a
Power other than the province's, every stack of units and leaders, the scheduled Crusade (B, D and
H), the VP at the start, the victory conditions, the special rules and the names of the scenario's
own cards.

The Scenario Book is lost: the rulebook fixes a few facts (scenario D's replacement rates and
Antioch target, `§6.1.Example` L348-L359, `§Example.M3` L1324; the Crusades of B, D and H, `§19.1`
L1220; Jerusalem and Kerak, `§20.1.1` L1240; the Kingdom of Jerusalem in scenario E, `§3.Control`
L195), the examples a few more, and ``data/scenarios.json`` reconstructs the rest from each
campaign's history, every record with its source (docs/kingdom-of-heaven/scenarios.md). The file is
validated by its JSON Schema, then checked against the map and counter packs beside it: one
scenario per letter of the map, Powers, provinces, spaces, boxes, unit types and leaders all known,
castles only on the map's castle sites and held cities only on its walled cities, the counter mix
never exceeded (`§7.3.Selecting` L409), every leader of the scenario placed once with his own
Power, no more than three pieces inside a castle (`§10.5` L608), every Power that can be dissolved
holding a stronghold (`§17.11` L1168), no player's stack inside a neutral Power's province (`§9.1`
L498), the Kingdom and the Orders sharing one orientation (`§9.1.1` L504), Crusaders without
replacements (`§6.1` L341), a Crusade exactly in B, D and H arriving in a box, the VP at the start
as the set-up gives them, and the 50 scenario cards (`§2.1` L136). Card ids are left to the cards
pack: ``cards.ids`` stays null until it fills them. A broken file raises :class:`BadData` naming
the file, the record and the problem.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path as FilePath
from types import MappingProxyType
from typing import Any

from ...engine.datapack import Loader, fail, read_pack, unique
from .board import Board, read_board
from .counters import Counters, read_counters

FILES = ("scenarios",)
CHRISTIAN, NEUTRAL, MUSLIM = "christian", "neutral", "muslim"  # §9.1 (L492)
PLAYERS = (CHRISTIAN, MUSLIM)
POOL = "pool"  # a stack set aside in its player's force pool (§3.Terms L199)
CRUSADES = "BDH"  # the scenarios with a scheduled Crusade (§19.1 L1220)
SHARED = ("jerusalem", "templars", "hospitallers")  # one orientation marker (§9.1.1 L504)
NO_REPLACEMENTS = "crusaders"  # Crusaders take RP only by event (§6.1 L341)
NEVER_DISSOLVED = frozenset(
    {"crusaders", "byzantium", "mongols", "templars", "hospitallers"}
)  # §17.11 (L1168)
CASTLE_ROOM = 3  # pieces inside a castle (§10.5 L608, §17.2.1 L972)
SCENARIO_CARDS = 50  # §2.1 (L136)
FIRST_YEAR, LAST_YEAR = 1097, 1291  # the game's span (§Front)
Source = Mapping[str, str]


@dataclass(frozen=True, slots=True)
class Stack:
    """Units and leaders of one Power set up together: in a space (inside its stronghold or not,
    §17.2), in an off-map box, or in the force pool."""

    at: str
    power: str
    full: Mapping[str, int]  # unit label ("2-6") -> counters on the full side
    reduced: Mapping[str, int]  # unit label -> counters on the reduced side
    leaders: tuple[str, ...]
    inside: bool
    source: Source

    def units(self) -> int:
        return sum(self.full.values()) + sum(self.reduced.values())


@dataclass(frozen=True, slots=True)
class Castle:
    """A castle counter of ``power`` on a castle site (ruling K2), on its Full or Low side (§17.10)."""

    space: str
    power: str
    low: bool
    source: Source


@dataclass(frozen=True, slots=True)
class Condition:
    """One player's victory condition: a player's VP at least or at most a number (§20.2 L1244)."""

    vp_of: str
    at_least: int | None
    at_most: int | None
    source: Source

    def met(self, vp: Mapping[str, int]) -> bool:
        return self.shortfall(vp) == 0

    def shortfall(self, vp: Mapping[str, int]) -> int:
        """How many VP the condition is missed by, 0 when it holds: the measure of the optional
        marginal victory (§20.2 L1246, ruling K27)."""
        have = vp[self.vp_of]
        if self.at_least is not None:
            return max(0, self.at_least - have)
        assert self.at_most is not None  # the schema requires one of the two
        return max(0, have - self.at_most)


@dataclass(frozen=True, slots=True)
class Automatic:
    """An automatic victory (§5.8 L321): ``side`` wins at once on controlling every space listed."""

    side: str
    controls: tuple[str, ...]
    source: Source


@dataclass(frozen=True, slots=True)
class Victory:
    christian: Condition
    muslim: Condition
    automatic: tuple[Automatic, ...]
    source: Source

    def winner(self, vp: Mapping[str, int], marginal: bool = False) -> tuple[str | None, str]:
        """Who wins at the end and how (§20.2 L1244-L1248): ``(side, "victory")`` for a side that
        meets its condition (the Christian if both do), else ``(None, "draw")``; with the optional
        rule, the side that misses its condition by fewer VP wins ``"marginal"`` (ruling K27)."""
        if self.christian.met(vp):
            return CHRISTIAN, "victory"
        if self.muslim.met(vp):
            return MUSLIM, "victory"
        if marginal:
            short_c, short_m = self.christian.shortfall(vp), self.muslim.shortfall(vp)
            if short_c != short_m:
                return (CHRISTIAN if short_c < short_m else MUSLIM), "marginal"
        return None, "draw"


@dataclass(frozen=True, slots=True)
class Crusade:
    """A scheduled Crusade (§19.1 L1220): its stacks enter their boxes at the start of ``turn`` if
    the Muslim then has at least ``threshold`` VP; otherwise the Christian wins at once (§19.2)."""

    turn: int
    threshold: int
    stacks: tuple[Stack, ...]
    source: Source


@dataclass(frozen=True, slots=True)
class SpecialRule:
    id: str
    text: str
    source: Source


@dataclass(frozen=True, slots=True)
class Scenario:
    id: str
    name: str
    campaign: str
    first_year: int
    turns: int
    orientation: Mapping[str, str]  # power -> christian, neutral or muslim (§9.1)
    rates: Mapping[str, str]  # power -> replacement rate, "0", "2", "1/2", "1/3" (§6.1)
    owners: Mapping[str, str | None]  # province -> owning power, None for no Power in play (§3.Control)
    box_owners: Mapping[str, str | None]  # off-map box -> owning power, as provinces (§3.Control L193)
    diplomacy: Mapping[str, tuple[int, int]]  # power -> (Christian, Muslim) targets (§9.6)
    castles: Mapping[str, Castle]  # space -> castle
    held: Mapping[str, str]  # walled city -> power holding it instead of the province's (§17.1.2)
    stacks: tuple[Stack, ...]
    crusade: Crusade | None
    start_vp: Mapping[str, int]
    victory: Victory
    special_rules: tuple[SpecialRule, ...]
    card_names: tuple[str, ...]
    card_ids: tuple[str, ...] | None  # filled by the cards pack, in the order of card_names
    sources: Mapping[str, Source]

    def year(self, turn: int) -> int:
        """One turn a campaigning year (§Example L1280: scenario D's turn 4 is 1190)."""
        return self.first_year + turn - 1

    def side(self, power: str | None) -> str | None:
        """The player a Power answers to, ``"neutral"``, or None for a Power not in play."""
        return None if power is None else self.orientation.get(power)

    def holder(self, space: str, board: Board) -> str | None:
        """The Power holding the stronghold in ``space`` at the start: a castle's crest (§17.1.1
        L952), a walled city's holder or else its province's owner (L954), None without one."""
        if space in self.castles:
            return self.castles[space].power
        if board.stronghold(space, self.id) == "walled_city":
            return self.held.get(space, self.owners[board.spaces[space].province])
        return None

    def controller(self, space: str, board: Board) -> str | None:
        """The player controlling ``space`` at the start (§3.Control L193): the stronghold's, else
        the one side with units there, else the province owner's; None for a neutral Power or
        no Power in play."""
        if space in self.castles or board.stronghold(space, self.id) == "walled_city":
            side = self.side(self.holder(space, board))
        else:
            sides = {self.side(s.power) for s in self.stacks if s.at == space and s.units()}
            sides.discard(NEUTRAL)
            side = sides.pop() if len(sides) == 1 else self.side(self.owners[board.spaces[space].province])
        return side if side in PLAYERS else None

    def vp(self, board: Board) -> dict[str, int]:
        """Each player's VP at the start: the VP spaces he controls (§20.1 L1236)."""
        vp = dict.fromkeys(PLAYERS, 0)
        for space in board.spaces:
            side = self.controller(space, board)
            if side is not None:
                vp[side] += board.vp(space, self.id)
        return vp

    def replacement_points(self, power: str, turn: int) -> int:
        """The RP ``power`` receives on ``turn`` (§6.1 L329): "1/2" one on even turns, "1/3" one
        on turns 3, 6, 9; none on turn 1, which has no replacement phase (§5.1 L287)."""
        rate = self.rates[power]
        if turn == 1:
            return 0
        if "/" in rate:
            return 1 if turn % int(rate.split("/")[1]) == 0 else 0
        return int(rate)


def read_scenarios(directory: FilePath | None = None) -> Mapping[str, Scenario]:
    """Load, validate and cross-check the scenarios pack (with the map and counter packs beside
    it): the shipped ones when ``directory`` is None. The scenarios by letter, in the map's order."""
    counters = read_counters(directory)  # checks the map beside it too
    board = read_board(directory)
    doc = read_pack(__package__ or __name__, FILES, directory)["scenarios"]
    f = "scenarios"
    unique(f, "scenario", (s["id"] for s in doc["scenarios"]))
    letters = "".join(s["id"] for s in doc["scenarios"])
    if letters != board.letters:
        fail(f, "scenarios", f"letters {letters!r}, not the map's {board.letters!r} in order (§4.3 L265)")
    out = {s["id"]: _scenario(f, s, board, counters) for s in doc["scenarios"]}
    unique(f, "scenario card", (n for s in out.values() for n in s.card_names))
    cards = sum(len(s.card_names) for s in out.values())
    if cards != SCENARIO_CARDS:
        fail(f, "cards", f"{cards} scenario cards named; the game has {SCENARIO_CARDS} (§2.1 L136)")
    return MappingProxyType(out)


load_scenarios = Loader(read_scenarios)
"""The shipped data pack, loaded once; or the pack in a folder given, loaded afresh."""


def _scenario(f: str, s: dict[str, Any], board: Board, counters: Counters) -> Scenario:
    letter = s["id"]
    rec = f"scenario {letter}"
    last = s["first_year"] + s["turns"] - 1
    if s["first_year"] < FIRST_YEAR or last > LAST_YEAR:
        fail(f, rec, f"runs {s['first_year']}-{last}, outside the game's {FIRST_YEAR}-{LAST_YEAR}")
    orientation, rates = _powers(f, rec, s["powers"], counters)
    owners = _owners(
        f, rec, s["provinces"], "province", board.provinces, "is no province of the map", orientation
    )
    box_owners = _owners(f, rec, s["boxes"], "box", board.boxes, "is no off-map box of the map", orientation)
    diplomacy = _diplomacy(f, rec, s["diplomacy"], orientation)
    castles, held = _strongholds(f, rec, s["strongholds"], board, counters, orientation)
    stacks = tuple(_stack(f, rec, x, board, counters, orientation) for x in s["forces"])
    crusade = None
    if "crusade" in s:
        c = s["crusade"]
        if letter not in CRUSADES:
            fail(
                f, f"{rec} crusade", f"only scenarios {', '.join(CRUSADES)} schedule a Crusade (§19.1 L1220)"
            )
        if c["turn"] > s["turns"]:
            fail(f, f"{rec} crusade", f"arrives on turn {c['turn']} of {s['turns']}")
        arriving = tuple(_stack(f, f"{rec} crusade", x, board, counters, orientation) for x in c["forces"])
        for x in arriving:
            if x.at not in board.boxes:
                fail(f, f"{rec} crusade", f"a stack arrives in {x.at!r}, not an off-map box (§19.1 L1220)")
        crusade = Crusade(c["turn"], c["threshold"], arriving, c["source"])
    elif letter in CRUSADES:
        fail(f, rec, "schedules no Crusade, but the rulebook gives one to B, D and H (§19.1 L1220)")
    automatic = tuple(
        Automatic(a["side"], tuple(a["controls"]), a["source"]) for a in s["victory"]["automatic"]
    )
    for a in automatic:
        for space in a.controls:
            if space not in board.spaces:
                fail(f, f"{rec} victory", f"names unknown space {space!r}")
    v = s["victory"]
    victory = Victory(_condition(v["christian"]), _condition(v["muslim"]), automatic, v["source"])
    unique(f, f"{rec} special rule", (r["id"] for r in s["special_rules"]))
    names = tuple(c["name"] for c in s["cards"]["names"])
    ids = s["cards"]["ids"]
    if ids is not None and (len(ids) != len(names) or any(i[0] != letter for i in ids)):
        fail(
            f,
            f"{rec} cards",
            f"ids {ids!r} do not match its {len(names)} cards lettered {letter} (§2.4 L183)",
        )
    scenario = Scenario(
        id=letter,
        name=s["name"],
        campaign=s["campaign"],
        first_year=s["first_year"],
        turns=s["turns"],
        orientation=MappingProxyType(orientation),
        rates=MappingProxyType(rates),
        owners=MappingProxyType(owners),
        box_owners=MappingProxyType(box_owners),
        diplomacy=MappingProxyType(diplomacy),
        castles=MappingProxyType(castles),
        held=MappingProxyType(held),
        stacks=stacks,
        crusade=crusade,
        start_vp=MappingProxyType({p: s["start_vp"][p] for p in PLAYERS}),
        victory=victory,
        special_rules=tuple(SpecialRule(r["id"], r["text"], r["source"]) for r in s["special_rules"]),
        card_names=names,
        card_ids=None if ids is None else tuple(ids),
        sources=MappingProxyType({"name": s["name_source"], "length": s["length_source"]}),
    )
    everyone = stacks + (crusade.stacks if crusade else ())
    _placed(f, rec, scenario, everyone, board, counters)
    holding = {scenario.holder(space, board) for space in board.spaces}
    for power in scenario.orientation:
        if power not in NEVER_DISSOLVED and power not in holding:
            fail(
                f, f"{rec} power {power}", "holds no stronghold: it would be dissolved at once (§17.11 L1168)"
            )
    vp = scenario.vp(board)
    if vp != dict(scenario.start_vp):
        fail(f, f"{rec} start_vp", f"says {dict(scenario.start_vp)}, the set-up gives {vp} (§20.1 L1236)")
    return scenario


def _powers(
    f: str, rec: str, docs: list[dict[str, Any]], counters: Counters
) -> tuple[dict[str, str], dict[str, str]]:
    unique(f, f"{rec} power", (p["power"] for p in docs))
    for p in docs:
        if p["power"] not in counters.powers:
            fail(f, f"{rec} power {p['power']}", "is no Power of the counters pack")
        if p["power"] == NO_REPLACEMENTS and p["rr"] != "0":
            fail(f, f"{rec} power {p['power']}", "Crusaders take replacements only by event (§6.1 L341)")
    orientation = {p["power"]: p["orientation"] for p in docs}
    shared = {orientation[p] for p in SHARED if p in orientation}
    if len(shared) > 1:
        fail(f, rec, "the Kingdom of Jerusalem and the Orders share one orientation (§9.1.1 L504)")
    return orientation, {p["power"]: p["rr"] for p in docs}


def _owners(
    f: str,
    rec: str,
    docs: list[dict[str, Any]],
    key: str,
    places: Iterable[str],
    nowhere: str,
    orientation: Mapping[str, str],
) -> dict[str, str | None]:
    """The owner of every province or off-map box (``key``) of the map, one each, a Power in play or
    none (§3.Control L193); ``nowhere`` says what a name not among ``places`` is not."""
    unique(f, f"{rec} {key}", (p[key] for p in docs))
    known = set(places)
    owners: dict[str, str | None] = {}
    for p in docs:
        where = f"{rec} {key} {p[key]}"
        if p[key] not in known:
            fail(f, where, nowhere)
        if p["owner"] is not None and p["owner"] not in orientation:
            fail(f, where, f"owned by {p['owner']!r}, a Power not in play")
        owners[p[key]] = p["owner"]
    missing = sorted(known - set(owners))
    if missing:
        fail(f, f"{rec} {key} {missing[0]}", "has no owner listed (null for none, §3.Control L193)")
    return owners


def _diplomacy(
    f: str, rec: str, docs: list[dict[str, Any]], orientation: Mapping[str, str]
) -> dict[str, tuple[int, int]]:
    unique(f, f"{rec} diplomacy", (d["power"] for d in docs))
    for d in docs:
        if d["power"] not in orientation:
            fail(f, f"{rec} diplomacy {d['power']}", "a Power not in play (§9.2 L508)")
    return {d["power"]: (d["christian"], d["muslim"]) for d in docs}


def _strongholds(
    f: str,
    rec: str,
    docs: list[dict[str, Any]],
    board: Board,
    counters: Counters,
    orientation: Mapping[str, str],
) -> tuple[dict[str, Castle], dict[str, str]]:
    unique(f, f"{rec} stronghold", (d["space"] for d in docs))
    castles: dict[str, Castle] = {}
    held: dict[str, str] = {}
    letter = rec.split()[-1]
    for d in docs:
        where = f"{rec} stronghold {d['space']}"
        if d["space"] not in board.spaces:
            fail(f, where, "is no space of the map")
        power = d.get("castle", d.get("held_by"))
        if not isinstance(power, str) or power not in orientation:
            fail(f, where, f"held by {power!r}, a Power not in play")
        kind = board.stronghold(d["space"], letter)
        if "castle" in d:
            if kind != "castle_site":
                fail(f, where, f"a castle where the map has no castle site in {letter} (ruling K2)")
            castles[d["space"]] = Castle(d["space"], power, d["side"] == "low", d["source"])
        else:
            if kind != "walled_city":
                fail(f, where, f"held as a walled city, but the map has none here in {letter} (§17.1.2 L960)")
            held[d["space"]] = power
    for power, n in Counter(c.power for c in castles.values()).items():
        if n > counters.castles.get(power, 0):
            fail(
                f,
                f"{rec} castles of {power}",
                f"{n} placed, the mix has {counters.castles.get(power, 0)} (§7.3.Selecting L409)",
            )
    return castles, held


def _stack(
    f: str, rec: str, x: dict[str, Any], board: Board, counters: Counters, orientation: Mapping[str, str]
) -> Stack:
    where = f"{rec} stack of {x['power']} at {x['at']}"
    if x["at"] not in board.spaces and x["at"] not in board.boxes and x["at"] != POOL:
        fail(f, where, "is neither a space, a box nor the force pool")
    if x["power"] not in orientation:
        fail(f, where, "a Power not in play")
    labels = {u.label for u in counters.units_of(x["power"])}
    for label in [*x.get("units", {}), *x.get("reduced", {})]:
        if label not in labels:
            fail(f, where, f"no {label} unit in the {x['power']} counter mix")
    for lid in x.get("leaders", ()):
        leader = counters.leaders.get(lid)
        if leader is None:
            fail(f, where, f"names unknown leader {lid!r}")
        if leader.power != x["power"]:
            fail(f, where, f"{leader.name} is a {leader.power} leader")
        if rec.split()[1] not in leader.scenarios:
            fail(f, where, f"{leader.name} serves in scenarios {''.join(sorted(leader.scenarios))} only")
    if x.get("inside") and x["at"] not in board.spaces:
        fail(f, where, "inside a stronghold off the map")
    return Stack(
        x["at"],
        x["power"],
        MappingProxyType(dict(x.get("units", {}))),
        MappingProxyType(dict(x.get("reduced", {}))),
        tuple(x.get("leaders", ())),
        bool(x.get("inside")),
        x["source"],
    )


def _placed(
    f: str, rec: str, scenario: Scenario, stacks: Iterable[Stack], board: Board, counters: Counters
) -> None:
    """Checks over every stack at once: the counter mix, the leaders, castle room, strongholds and
    neutral provinces."""
    stacks = tuple(stacks)
    used: Counter[tuple[str, str]] = Counter()
    for x in stacks:
        for face in (x.full, x.reduced):
            used.update({(x.power, label): n for label, n in face.items()})
    mix = {(u.power, u.label): u.count for u in counters.units}
    for (power, label), n in sorted(used.items()):
        if n > mix[(power, label)]:
            fail(
                f,
                f"{rec} units {power} {label}",
                f"{n} placed, the mix has {mix[(power, label)]} (§7.3.Selecting L409)",
            )
    unique(f, f"{rec} leader", (lid for x in stacks for lid in x.leaders))
    placed = {lid for x in stacks for lid in x.leaders}
    for lid, leader in counters.leaders.items():
        if scenario.id in leader.scenarios and lid not in placed:
            fail(f, f"{rec} leader {lid}", f"{leader.name} serves in {scenario.id} but is not set up")
    inside: Counter[str] = Counter()
    for x in stacks:
        where = f"{rec} stack of {x.power} at {x.at}"
        side = scenario.side(x.power)
        if x.at in board.boxes:
            boss = scenario.box_owners[x.at]
            if boss is not None and boss != x.power and (side == NEUTRAL or scenario.side(boss) != side):
                fail(
                    f,
                    where,
                    f"in a box of {boss}, not its side's (boxes are held like provinces, §3.Control L193)",
                )
        if x.at not in board.spaces:
            continue
        holder = scenario.holder(x.at, board)
        if holder is not None and holder != x.power and (side == NEUTRAL or scenario.side(holder) != side):
            fail(f, where, f"stands in the space of a {holder} stronghold, not its side's (§17.1 L943)")
        if x.inside:
            if holder is None:
                fail(f, where, "inside, but there is no stronghold here")
            if x.at in scenario.castles:
                inside[x.at] += x.units() + len(x.leaders)
        owner = scenario.owners[board.spaces[x.at].province]
        if side in PLAYERS and scenario.side(owner) == NEUTRAL and scenario.side(holder) != side:
            fail(f, where, f"in a province of neutral {owner}: its neutrality would be broken (§9.1 L498)")
        if side == NEUTRAL and owner != x.power and holder != x.power:
            fail(f, where, "a neutral stack outside its own provinces and strongholds (§9.6.1 L554)")
    for space, n in sorted(inside.items()):
        if n > CASTLE_ROOM:
            fail(f, f"{rec} castle {space}", f"{n} pieces inside; a castle holds {CASTLE_ROOM} (§10.5 L608)")
    neutral = {(x.at, x.power) for x in stacks if scenario.side(x.power) == NEUTRAL}
    if len(neutral) > counters.markers.get("neutral", 0):
        fail(f, rec, f"{len(neutral)} neutral stacks, more than the Neutral markers (§4.1 L257)")


def _condition(c: dict[str, Any]) -> Condition:
    return Condition(c["vp_of"], c.get("at_least"), c.get("at_most"), c["source"])
