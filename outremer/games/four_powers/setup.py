"""Setting up a game of Four Powers: the scenarios (who plays, which side of the Location cards),
the options (the rulings a group may read the other way) and the starting state.

Keys are those of docs/four-powers/sections.md: the board (``Setup.1-8``), each faction's set-up
(``PlayerSetup.1-6``), fewer players (``Players.1-5``); rulings (R8a, R11a, R11b) those of
docs/four-powers/rulings.md.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from ...engine import rng
from ...engine.game import Option
from .common import data
from .pack import Pack
from .procedures import PROCEDURES
from .rounds import round_deck
from .state import (
    BOARD,
    BUILDINGS,
    BYZANTINES,
    CALIPHATE,
    COLUMNS,
    CRUSADERS,
    FAITH,
    FOUR,
    ROLES,
    SELJUK,
    TWO,
    State,
)

START_LEVEL = {"left": 0, "middle": 1}
"""The two City levels Setup.8 names on the four-player side, first level first."""


@dataclass(frozen=True)
class Scenario:
    """Who plays, in seat order (R8a), and the side of the Location cards in use (``Players.1``)."""

    players: tuple[str, ...]
    side: str


def _without(role: str) -> Scenario:
    return Scenario(tuple(r for r in ROLES if r != role), TWO)


SCENARIOS: Mapping[str, Scenario] = {
    "four": Scenario(ROLES, FOUR),
    "three-without-crusaders": _without(CRUSADERS),
    "three-without-byzantines": _without(BYZANTINES),
    "three-without-caliphate": _without(CALIPHATE),
    "three-without-seljuk": _without(SELJUK),
    "two-crusaders-caliphate": Scenario((CRUSADERS, CALIPHATE), TWO),
    "two-crusaders-seljuk": Scenario((CRUSADERS, SELJUK), TWO),
    "two-byzantines-caliphate": Scenario((BYZANTINES, CALIPHATE), TWO),
    "two-byzantines-seljuk": Scenario((BYZANTINES, SELJUK), TWO),
}
"""The scenarios by name, the default first: four players; three (``Players.1-2``); two, always
Christians against Muslims (``Players.3-5``)."""

OPTIONS = (
    Option("own_columns", False, "Each player has a set of action columns of its own", "Actions.1, R1"),
    Option(
        "push_all",
        False,
        "A placement pushes every other Influence below it down one level",
        "Presence.Influence.3, R2",
    ),
    Option(
        "conflicts_any_action",
        False,
        "Conflicts may start after any action, not only Movement",
        "Movement.4, R5a",
    ),
    Option(
        "three_player_card_removal",
        False,
        "Single-faction cards leave the game with 3 players too",
        "Players.5, R11a",
    ),
    Option(
        "absent_faction_cards",
        False,
        "With 3 players the absent faction's single-faction cards leave the game",
        "Players.2, R11c",
    ),
)
"""The setup options, each the other reading of a ruling (docs/four-powers/rulings.md)."""


def new_game(
    seed: int,
    scenario: str,
    options: Mapping[str, bool],
    *,
    generator: str = rng.KEYED,
    pack: str | Path | None = None,
) -> State:
    """A game set up for ``scenario`` (``Setup``, ``PlayerSetup``, ``Players``), the first player
    drawn (R8a), the opening draft under way (``Draft.1``)."""
    if scenario not in SCENARIOS:
        raise ValueError(f"no scenario {scenario!r}: there are {', '.join(SCENARIOS)}")
    unknown = sorted(set(options) - {o.name for o in OPTIONS})
    if unknown:
        raise ValueError(f"no option {unknown[0]!r}: there are {', '.join(o.name for o in OPTIONS)}")
    chosen = SCENARIOS[scenario]
    players = list(chosen.players)
    state = State.__new__(State)
    state.rng = rng.seed_state(seed, generator)
    state.barrier = 0
    state.pack = None if pack is None else str(pack)
    state.scenario = scenario
    state.options = {o.name: bool(options.get(o.name, o.default)) for o in OPTIONS}
    state.players = players
    state.side = chosen.side
    state.crusade = 1
    state.round = 0
    state.round_card = None
    state.discard = []
    state.hands = {r: [] for r in players}
    state.draft = {}
    owners = players if state.options["own_columns"] else [BOARD]
    state.columns = {o: {c: [] for c in COLUMNS} for o in owners}  # Actions.1, R1
    state.vp = {r: 0 for r in players}  # Setup.6
    state.last_conflict = None
    state.stack = []
    state.log = []
    state.result = None
    pk = data(state)
    _board(state, pk)
    _presence(state, pk)
    _players(state, pk)
    state.round_deck = round_deck(state)
    state.deck = _action_deck(state, pk)
    state.first = rng.choice(state, players)  # R8a: a public draw
    state.barrier += 1
    state.say("Setup", f"Four Powers: {', '.join(players)} ({scenario}).")
    state.say("R8a", f"{state.first} is drawn as the first player.")
    PROCEDURES.push(state, "game", stage="start")
    PROCEDURES.settle(state)
    return state


def _board(state: State, pk: Pack) -> None:
    """Setup.2-3: the Locations of the 1st Crusade on the board, every City empty with its
    Control marker on its card; Damascus and Aleppo wait beside the board."""
    locations = list(pk.board.locations)
    state.in_play = list(pk.board.in_play(False))
    state.influence = {loc: [None] * len(pk.cities[loc].sides[state.side].costs) for loc in locations}
    state.control = {loc: None for loc in locations}
    state.support = {loc: {} for loc in locations}
    state.churches = {loc: [] for loc in locations}
    state.fortresses = {}
    state.citadels = {}


def starting_places(
    players: list[str], pk: Pack
) -> tuple[dict[str, dict[str, int]], dict[str, dict[str, int]]]:
    """Each player's starting Influence (location -> level on the four-player side) and Support
    (location -> count): its own (``Setup.8``) and, with 2 players, its co-religionist's where that
    is higher than its own (``Players.4``), the co-religionist's Support added to its own."""
    influence: dict[str, dict[str, int]] = {}
    support: dict[str, dict[str, int]] = {}
    for role in players:
        fac = pk.factions[role]
        influence[role] = {loc: START_LEVEL[lvl] for loc, lvl in fac.influence.items()}
        support[role] = dict(fac.support)
    if len(players) == 2:
        for absent in ROLES:
            if absent in players:
                continue
            heir = next(r for r in players if FAITH[r] == FAITH[absent])
            other = pk.factions[absent]
            for loc, lvl in other.influence.items():
                if START_LEVEL[lvl] > influence[heir].get(loc, -1):
                    influence[heir][loc] = START_LEVEL[lvl]
            for loc, n in other.support.items():
                support[heir][loc] = support[heir].get(loc, 0) + n
    return influence, support


def _presence(state: State, pk: Pack) -> None:
    """Setup.8 on the side in use: on both sides left is the first level and middle the second
    (R11b: the two-column side lacks only the four side's third column)."""
    influence, support = starting_places(state.players, pk)
    for role in state.players:
        for loc, n in support[role].items():
            state.support[loc][role] = n
        for loc, lvl in influence[role].items():
            state.influence[loc][lvl] = role


def _players(state: State, pk: Pack) -> None:
    """PlayerSetup.3-6: buildings on the player board, Upgrade markers on the first space, the
    starting Units in front of the screen and the Gold and Faith behind it."""
    n = pk.components.buildings_per_kind
    state.stock = {r: {k: n for k in BUILDINGS} for r in state.players}
    state.tracks = {r: {k: 0 for k in BUILDINGS} for r in state.players}
    fac = pk.factions
    state.gold = {r: fac[r].gold for r in state.players}
    state.faith = {r: fac[r].faith_tokens for r in state.players}
    state.units = {
        r: {"footman": fac[r].footman, "tower": fac[r].tower, "knight": fac[r].knight} for r in state.players
    }


def _action_deck(state: State, pk: Pack) -> list[str]:
    """The Action deck shuffled (``Setup.5``); with 2 players (and with 3 under the option
    ``three_player_card_removal``, R11a) the single-faction cards leave the game (``Players.5``);
    with 3 players under ``absent_faction_cards`` (R11c) those of the faction not in play leave it
    (``Players.2``)."""
    deck = list(pk.cards)
    n = len(state.players)
    if n == 2 or (n == 3 and state.options["three_player_card_removal"]):
        factions = {f.id for f in pk.factions.values()}
        deck = [c for c in deck if pk.cards[c].affiliation not in factions]
        state.say("Players.5", f"The single-faction Action cards leave the game; {len(deck)} remain.")
    elif n == 3 and state.options["absent_faction_cards"]:
        absent = {f.id for r, f in pk.factions.items() if r not in state.players}
        deck = [c for c in deck if pk.cards[c].affiliation not in absent]
        state.say("Players.2", f"The absent faction's Action cards leave the game; {len(deck)} remain.")
    rng.shuffle(state, deck)
    return deck
