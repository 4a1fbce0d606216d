"""Setting up a game of Kingdom of Heaven: the starting state of a scenario of the scenarios pack,
each random step drawn from the state's own generator (engine.rng).

Section keys are those of docs/kingdom-of-heaven/sections.md. The pieces and strongholds go where
the scenario says (§4.1), the political status markers too (§4.2); the deck is the basic cards
and the scenario's own, shuffled (§4.3), or, with the optional rule, the scenario's own shuffled
apart and one dealt to each player first (§4.3.Variant); then each player is dealt seven, one at a
time from the Christian (§5.3, §8.1). Turn 1 has no replacement or mustering phase (§5.1, §5.2) and
nobody is a prisoner yet, so the game stands at the initiative (§5.4). The VP are those of the map
as set up (§20.1), which the scenarios pack checked against the scenario's stated VP.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from ...engine import rng
from ...engine.errors import IllegalAction
from .common import Pack, pack_at, vp
from .scenarios import POOL, Scenario, Stack
from .state import PLAYERS, State, group, marker

HAND = 7
"""The cards each player is dealt each turn (§5.3 L295, §8.1 L427)."""
OPTIONS = {
    "scenario_card_first": "§4.3.Variant: one of the scenario's own cards dealt to each player first",
    "combined_cards": "§8.6: the OV of several cards added together for one activation",
    "marginal_victory": "§20.2: a side missing its condition by fewer VP wins a marginal victory",
}
"""The rulebook's optional rules, off unless chosen."""


def new_game(
    seed: int,
    scenario: str,
    options: Mapping[str, Any] | None = None,
    *,
    generator: str = rng.KEYED,
    pack: Path | None = None,
) -> State:
    """A game of ``scenario`` (a letter, A to H or J) set up from ``seed``, the cards of turn 1
    dealt. An unknown scenario or option is refused (IllegalAction)."""
    folder = None if pack is None else str(pack)
    packs = pack_at(folder)
    s = packs.scenarios.get(scenario)
    if s is None:
        raise IllegalAction(
            f"Kingdom of Heaven has no scenario {scenario!r}: there are {', '.join(packs.scenarios)}"
        )
    chosen = dict(options or {})
    for name, on in chosen.items():
        if name not in OPTIONS:
            raise IllegalAction(f"Kingdom of Heaven has no option {name!r}: there are {', '.join(OPTIONS)}")
        if not isinstance(on, bool):
            raise IllegalAction(f"option {name!r} is on or off (true or false), not {on!r}")
    state = _blank(seed, generator, s, folder)
    state.options = {name: bool(chosen.get(name, False)) for name in OPTIONS}
    _lay_out(state, packs, s)
    state.vp = vp(state)
    state.say("§20.1", f"VP at the start: Christian {state.vp['christian']}, Muslim {state.vp['muslim']}.")
    _deal(state, packs, s)
    state.barrier += 1
    return state


def _blank(seed: int, generator: str, s: Scenario, folder: str | None) -> State:
    state = State.__new__(State)
    state.rng = rng.seed_state(seed, generator)
    state.barrier = 0
    state.scenario = s.id
    state.options = {}
    state.turn = 1  # §5.7: the turn marker on the first turn
    state.phase = "deal"
    state.first = None
    state.political = {}
    for power, side in s.orientation.items():  # §4.2, the Orders on the Kingdom's marker (§9.1.1)
        state.political[marker(power)] = side
    state.rates = dict(s.rates)
    state.rp = {}
    state.rebuilds = {}
    state.owners = {**s.owners, **s.box_owners}
    state.field = {}
    state.inside = {}
    state.pools = {power: group() for power in s.orientation}
    state.dead = {power: group() for power in s.orientation}
    state.prisoners = {p: [] for p in PLAYERS}
    state.castles = {}
    state.cities = {}
    state.sieges = {}
    state.failed_calls = dict.fromkeys(PLAYERS, 0)  # §17.5.1
    state.calls = []
    state.vp = dict.fromkeys(PLAYERS, 0)
    state.advantage = None  # §9.3 L518: nobody holds it at the start
    state.passage = None
    state.diplomacy = {"tried": [], "moved": []}
    state.deck = []
    state.hands = {p: [] for p in PLAYERS}
    state.known = {p: [] for p in PLAYERS}
    state.discard = []
    state.removed = []
    state.reshuffle = False
    state.lasting = []
    state.wintering = []
    state.crusade = None if s.crusade is None else "scheduled"  # §19.1
    state.stack = []
    state.log = []
    state.result = None
    state.pack = folder
    state.say("§4", f"Scenario {s.id}, {s.name}: {s.first_year}-{s.year(s.turns)}, {s.turns} turns.")
    return state


def _lay_out(state: State, packs: Pack, s: Scenario) -> None:
    """Strongholds and stacks where the scenario puts them (§4.1): castle counters on their sites,
    every walled city of the scenario with its holder (§17.1.1), stacks on the map inside or
    outside (§17.2), in a box, or in the force pool."""
    board = packs.board
    for space, c in s.castles.items():
        state.castles[space] = {"power": c.power, "low": c.low}
    for space in board.spaces:
        if board.stronghold(space, s.id) == "walled_city":
            state.cities[space] = s.holder(space, board)
    for x in s.stacks:
        _add(_place(state, x), x)


def _place(state: State, x: Stack) -> dict[str, Any]:
    """The group ``x`` joins: its Power's in the force pool, inside a stronghold, or outside."""
    if x.at == POOL:
        return state.pools[x.power]
    where = state.inside if x.inside else state.field
    return where.setdefault(x.at, {}).setdefault(x.power, group())


def _add(g: dict[str, Any], x: Stack) -> None:
    for face, counted in (("full", x.full), ("reduced", x.reduced)):
        for label, n in counted.items():
            g[face][label] = g[face].get(label, 0) + n
    g["leaders"].extend(x.leaders)


def _deal(state: State, packs: Pack, s: Scenario) -> None:
    """The strategy deck shuffled (§4.3) and the cards of turn 1 dealt (§8.1); with the variant,
    the scenario's own cards are shuffled apart, one dealt to each player first and the rest
    shuffled into the deck (§4.3.Variant L271)."""
    basic = [c.id for c in packs.cards.basic()]
    own = [c.id for c in packs.cards.of_scenario(s.id)]
    if state.options["scenario_card_first"]:
        rng.shuffle(state, own)
        for player in PLAYERS:
            state.hands[player].append(own.pop(0))
    deck = basic + own
    rng.shuffle(state, deck)
    state.deck = deck
    deal(state)
    state.phase = "initiative"  # turn 1: no prisoner to ransom (§5.3)


def deal(state: State) -> None:
    """Cards from the top of the deck, one at a time, the Christian first, until each player holds
    seven (§8.1 L427). A deck emptied is at once rebuilt from the discards (§8.5 L482, draw); with
    deck and discards both empty the deal stops short (K31)."""
    while any(len(state.hands[p]) < HAND for p in PLAYERS) and state.deck:
        for player in PLAYERS:
            if len(state.hands[player]) < HAND and state.deck:
                draw(state, player)
    state.say("§8.1", f"Each player is dealt up to {HAND} cards; {len(state.deck)} remain in the deck.")
    short = [p for p in PLAYERS if len(state.hands[p]) < HAND]
    if short:
        held = ", ".join(f"{p.capitalize()} {len(state.hands[p])}" for p in short)
        state.say("§8.5", f"No cards are left to deal, in the deck or the discards: {held} (K31).")


def draw(state: State, player: str) -> None:
    """The deck's top card to ``player``'s hand; a deck emptied by it is replaced at once by the
    discard pile shuffled with the state's generator (§8.5 L482). Removed cards are never in the
    discards (§8.4.1), so they stay out; the log tells the count, never the order."""
    state.hands[player].append(state.deck.pop(0))
    state.barrier += 1
    if not state.deck and state.discard:
        state.deck, state.discard = list(state.discard), []
        rng.shuffle(state, state.deck)
        state.say(
            "§8.5", f"The deck is empty: the {len(state.deck)} discarded cards are shuffled into a new deck."
        )
