"""Setting up a game of Third Crusade: the starting state of a scenario of setups.json, each random
step drawn from the state's own generator (engine.rng).

Keys are those of docs/third-crusade/sections.md: each player's set-up (``PlayerSetup.1-H``), the
board's (``BoardSetup.1-7``), the plutorial's (``Plutorial.Setup``, ``Plutorial.HowToPlay``,
``Plutorial.Strategy.Rows``); rulings R22, R41 and R42 those of docs/third-crusade/rulings.md. The
pieces, tokens, ships and track values come laid out from the set-ups pack, which checked them.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import replace
from pathlib import Path
from typing import Any

from ...engine import rng
from ...engine.errors import IllegalAction
from . import bot_play, initiative, refill, rounds, solo, variable_setup
from . import options as rulings
from .cards import START
from .common import Pack, alliance, pack_at
from .events import ROUNDS
from .procedures import PROCEDURES
from .setups import Pieces, Scenario
from .state import ALLIANCES, NAMES, SABOTAGE, UNIT_KINDS, State, unit

PLUTORIAL = "plutorial"
PLUTORIAL_ROWS = {
    "angevin": (
        "Conquests of Cyprus", "Guy's Expedition",
        "Ayyubid Servants Loot Their Own Camp", "Henry II of Champagne",
    ),
    "ayyubid": (
        "Tughril's Rebellion", "Crusader Fleet Suffer Defeats",
        "Forced Slaughter of Horses", "Al-Adil's Victory",
    ),
}  # fmt: skip
"""The plutorial's 1190 cards, in the slots it has each player place them (``Plutorial.Strategy.Rows``,
L1071-L1088): the set-up puts them on top of the 1190 decks in that order, so that the players draw
them (R36 spells Tughril)."""


def new_game(
    seed: int,
    scenario: str,
    *,
    generator: str = rng.KEYED,
    pack: Path | None = None,
    bots: str | None = None,
    options: Mapping[str, Any] | None = None,
) -> State:
    """A game of ``scenario`` (an id of setups.json, or ``variable_`` and one) set up from ``seed``
    and settled at the first decision: the Strategy phase of 1190, or the variable set-up's first
    (variable_setup.py). An unknown scenario is refused (IllegalAction), and so is a variable set-up
    with Bots (V7). ``bots`` names the Alliance the rules play in a solo game (solo.py,
    ``Solo.Setup``); ``options`` the rulings' other readings played (options.py)."""
    folder = None if pack is None else str(pack)
    packs = pack_at(folder)
    s = packs.setups.played(scenario)
    if s is None:
        known = ", ".join((*packs.setups.scenarios, *packs.setups.variable.scenarios))
        raise IllegalAction(f"Third Crusade has no scenario {scenario!r}: there are {known}")
    variable = scenario in packs.setups.variable.scenarios
    if variable and bots is not None:
        raise IllegalAction("the variable set-up is for people only: the Bots have no rules to deploy (V7)")
    state = _blank(seed, generator, s, folder, scenario)
    state.options = rulings.chosen(options)
    if variable:  # VariableSetup: an empty map and the tracks on 0 until the players deploy
        s = replace(s, pieces=(), tokens=())
        state.tracks = {a: dict.fromkeys(state.tracks[a], 0) for a in s.armies}
    _lay_out(state, packs, s)
    _decks(state, packs, s)
    _cards(state, packs, s, deal=not variable)
    if s.initiative:
        state.initiative = list(s.initiative)
        initiative.say(state)
    elif not variable:  # the variable set-up draws it once the Objectives are shown
        initiative.draw(state)
    solo.start(state, bots, options)
    state.sections = refill.initial(state)  # the option refill_chosen_section (R13)
    state.barrier += 1
    PROCEDURES.push(state, rounds.GAME)
    if variable:
        variable_setup.start(state)
    bot_play.settle(state)
    return state


def _blank(seed: int, generator: str, s: Scenario, folder: str | None, scenario: str) -> State:
    state = State.__new__(State)
    state.rng = rng.seed_state(seed, generator)
    state.barrier = 0
    state.scenario = scenario
    state.armies = list(s.armies)
    state.lone = s.lone
    state.north = len(s.boards) > 1
    state.round = 0  # BoardSetup.2.Round: 1190
    state.initiative = []
    state.glory = 0  # BoardSetup.2.Glory
    state.faith = {}
    state.mercantile = {}
    for side in ALLIANCES:  # BoardSetup.2.Faith, R3: a lone Army's marker on its own side
        f = s.faith[side]
        alone = [a for a in s.armies if alliance(a) == side]
        lean = alone[0] if f.mercantile is None else None
        state.faith[side] = [lean, f.faith]
        state.mercantile[side] = None if f.mercantile is None else [None, f.mercantile]
    state.tracks = {
        a: {
            "base": t.command_points,
            "current": t.command_points,
            "crowns": t.crowns,
            "supply": t.supply,
            "gold": t.gold,
        }
        for a, t in s.tracks.items()
    }  # BoardSetup.4
    state.gold = dict(s.gold)  # PlayerSetup.B
    state.regions = {}
    state.bandits = {}
    state.board_units = {}
    state.sections = None
    state.leaders_beside = {}
    state.leader_box = []
    state.ships = {}
    state.event_decks = {}
    state.drawn = {a: [] for a in s.armies}
    state.bidding = {a: [] for a in s.armies}
    state.event_cards = {a: [] for a in s.armies}
    state.event_discard = []
    state.order_box = {}
    state.advanced = {}
    state.placed = {}
    state.executed = {a: [] for a in s.armies}
    state.mission = None
    state.missions = []
    state.diplomacy_cards = []
    state.objectives = {}
    state.objective_deck = []
    state.later_objectives = dict(s.later_objectives)
    state.diplomacy_at = {a: START for a in s.armies}  # BoardSetup.5.B
    state.diplomacy_marks = {}
    state.markers = {}
    state.stack = []
    state.log = []
    state.solo = None
    state.variable = None
    state.result = None
    state.pack = folder
    armies = ", ".join(NAMES[a] for a in s.armies)
    which = "The plutorial's" if s.id == "plutorial" else f"The {s.players}-player"
    state.say("PlayerSetup.1", f"{which} set-up: {armies}, on the {' and '.join(s.boards)} board.")
    return state


def _lay_out(state: State, packs: Pack, s: Scenario) -> None:
    """The map, the ships and the player boards (``BoardSetup.2-3``, ``PlayerSetup.C-G``): tokens
    first, so that pieces take the plain slots they leave (``BoardSetup.2``)."""
    board, leaders = packs.board, packs.leaders
    for rid in board.in_play(state.north):
        empty: list[str | None] = [None] * len(board.regions[rid].slots)
        state.regions[rid] = {"slots": empty, "resources": [], "destroyed_ports": 0}
    for t in s.tokens:
        slots = board.regions[t.region].slots
        here = state.regions[t.region]
        if t.token == SABOTAGE:  # on a slot printing its icon
            printed = (t.shape, t.icon)
            at = next(i for i, x in enumerate(slots) if (x.shape, x.icon) == printed and not here["slots"][i])
            here["slots"][at] = SABOTAGE
        else:  # a Resource token on a plain slot
            used = {i for i, _ in here["resources"]}
            plain = (t.shape, None)
            at = next(i for i, x in enumerate(slots) if (x.shape, x.icon) == plain and i not in used)
            here["resources"].append([at, t.icon])
    for p in s.pieces:
        here = state.regions[p.where]
        slots = board.regions[p.where].slots
        covered = {i for i, _ in here["resources"]}
        for piece, shape in _pieces(p, packs):
            at = next(
                i
                for i, x in enumerate(slots)
                if x.shape == shape and x.icon is None and i not in covered and here["slots"][i] is None
            )
            here["slots"][at] = piece
    away = {a: dict.fromkeys(UNIT_KINDS, 0) for a in s.armies}
    for p in (*s.pieces, *s.ships):
        if p.owner in away:
            for kind in UNIT_KINDS:
                away[p.owner][kind] += p.units(kind)
    for p in s.ships:  # BoardSetup.3
        cargo = {kind: p.units(kind) for kind in UNIT_KINDS}
        state.ships.setdefault(p.where, {})[p.owner] = {**cargo, "leaders": list(p.leaders)}
    placed = {lid for p in (*s.pieces, *s.ships) for lid in p.leaders}
    for a in s.armies:
        have = packs.orders.board.units
        state.board_units[a] = {kind: have[kind] - away[a][kind] for kind in UNIT_KINDS}  # PlayerSetup.C
        state.leaders_beside[a] = [x.id for x in leaders.of(a) if x.id not in placed]  # PlayerSetup.D
        state.order_box[a] = [o.id for o in packs.orders.of(a, advanced=False)]  # PlayerSetup.F
        state.advanced[a] = [o.id for o in packs.orders.of(a, advanced=True)]  # PlayerSetup.G
        state.markers[a] = packs.setups.start.diplomacy_markers  # BoardSetup.5.B


def _pieces(p: Pieces, packs: Pack) -> Iterable[tuple[str, str]]:
    """Each piece of a placement and the shape of slot it takes (``Glossary.Slots``)."""
    shapes = {"infantry": "square", "cavalry": "hexagon", "siege_engine": "trapezoid"}
    for kind in UNIT_KINDS:
        for _ in range(p.units(kind)):
            yield unit(p.owner, kind), shapes[kind]
    for lid in p.leaders:
        yield lid, packs.leaders.leaders[lid].shape


def _decks(state: State, packs: Pack, s: Scenario) -> None:
    """Four shuffled Event decks per Army, one per year, without the cards marked for an absent
    Army (``PlayerSetup.A``); the plutorial's rows on top of the 1190 decks."""
    cards = packs.events.in_play(s.armies)
    for a in s.armies:
        state.event_decks[a] = {}
        for year in ROUNDS:
            deck = [c.id for c in cards if c.army == a and c.round == year]
            rng.shuffle(state, deck)
            if s.id == PLUTORIAL and year == ROUNDS[0] and a in PLUTORIAL_ROWS:
                top = [packs.events.titled(t).id for t in PLUTORIAL_ROWS[a]]
                deck = top + [c for c in deck if c not in top]
            state.event_decks[a][year] = deck


def _cards(state: State, packs: Pack, s: Scenario, *, deal: bool) -> None:
    """Missions and Diplomacy Cards shuffled face up, the scenario's named ones first
    (``BoardSetup.2.Missions``, ``BoardSetup.2.Diplomacy``, ``Plutorial.Setup``); Objectives dealt
    secretly (``PlayerSetup.H``), those of north-board Cities only with the north board (R42),
    unless the variable set-up deals them (``deal`` False)."""
    missions = [m for m in packs.cards.missions if m != s.mission]
    rng.shuffle(state, missions)
    state.mission = s.mission if s.mission is not None else missions.pop(0)
    state.missions = missions
    dips = [d for d in packs.cards.diplomacy_cards if d != s.diplomacy]
    rng.shuffle(state, dips)
    state.diplomacy_cards = ([s.diplomacy] if s.diplomacy is not None else []) + dips
    if not deal:
        state.objectives = {a: [] for a in s.armies}
        state.objective_deck = []
        return
    deck = [o.id for o in packs.cards.objectives.values() if state.north or not o.north]
    rng.shuffle(state, deck)
    for a in s.armies:
        state.objectives[a] = deck[: s.objectives]
        del deck[: s.objectives]
    state.objective_deck = deck
