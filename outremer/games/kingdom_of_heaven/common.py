"""Queries every rule section of Kingdom of Heaven shares: the data packs in play, who a Power
answers to, who controls a space and the VP that follow.

Section keys (``§3.Control``) are those of docs/kingdom-of-heaven/sections.md.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, NoReturn

from ...engine.errors import BadSave, OutremerError
from .board import Board, load_board
from .cards import Deck, load_cards
from .counters import Counters, load_counters
from .scenarios import Scenario, load_scenarios
from .state import NEUTRAL, PLAYERS, SHARED_MARKER, State, cards, groups, marker


@dataclass(frozen=True)
class Pack:
    """The title's data packs, read together from one folder."""

    board: Board
    counters: Counters
    cards: Deck
    scenarios: Mapping[str, Scenario]


@cache
def pack_at(folder: str | None) -> Pack:
    """The packs in ``folder`` (None: the shipped ones), read once."""
    path = None if folder is None else Path(folder)
    return Pack(load_board(path), load_counters(path), load_cards(path), load_scenarios(path))


_PACKS: dict[str | None, Pack] = {}
"""The packs by folder once read: data() is called for nearly every rule query."""


def data(state: State) -> Pack:
    """The data packs the game is played with."""
    pack = _PACKS.get(state.pack)
    if pack is None:
        pack = _PACKS[state.pack] = pack_at(state.pack)
    return pack


@cache
def provinces_of(folder: str | None) -> Mapping[str, str]:
    """Space -> its province, for the packs in ``folder`` (a lookup controller() makes for every
    space at every step)."""
    return {sid: s.province for sid, s in pack_at(folder).board.spaces.items()}


def load_state(saved: Mapping[str, Any]) -> State:
    """A state from a save (State.from_json) whose scenario, turn, cards, places, Powers, units
    and leaders the data packs it names know; else BadSave naming the field and the problem."""
    state = State.from_json(saved)
    try:
        packs = data(state)
    except OutremerError as e:
        _bad("pack", str(e))
    if state.scenario not in packs.scenarios:
        _bad("scenario", f"{state.scenario!r} is no scenario of the pack")
    turns = packs.scenarios[state.scenario].turns
    if state.turn > turns:
        _bad("turn", f"{state.turn} is past the scenario's {turns}")
    for card in cards(state):
        if card not in packs.cards.cards:
            _bad("cards", f"{card!r} is no card of the pack")
    board, counters = packs.board, packs.counters
    for at in state.field:
        if at not in board.spaces and at not in board.boxes:
            _bad("field", f"{at!r} is no space or box of the map")
    for at in [*state.inside, *state.castles, *state.cities, *state.sieges]:
        if at not in board.spaces:
            _bad("strongholds", f"{at!r} is no space of the map")
    for rec, power, g in groups(state):
        labels = {u.label for u in counters.units_of(power)}
        for label in [*g["full"], *g["reduced"]]:
            if label not in labels:
                _bad(rec, f"no {label!r} unit in the {power} counter mix")
        for lid in g["leaders"]:
            if lid not in counters.leaders:
                _bad(rec, f"{lid!r} is no leader of the pack")
    for space, c in state.castles.items():
        if marker(c["power"]) not in state.political:
            _bad("castles", f"the castle at {space} is of {c['power']!r}, a Power not in play")
    return state


def _bad(field: str, problem: str) -> NoReturn:
    raise BadSave(f"Kingdom of Heaven state, {field}: {problem}")


def side(state: State, power: str | None) -> str | None:
    """The player ``power`` answers to, ``"neutral"``, or None for no Power in play (§9.1)."""
    return None if power is None else state.political[SHARED_MARKER.get(power, power)]


def units(g: Mapping[str, Any]) -> int:
    """The units of a group, full and reduced."""
    return sum(g["full"].values()) + sum(g["reduced"].values())


def stronghold_holder(state: State, space: str) -> str | None:
    """The Power holding the stronghold in ``space``, None without one or its holder out of play
    (§17.1.1: a castle its crest's, a walled city its holder's)."""
    if space in state.castles:
        return str(state.castles[space]["power"])
    return state.cities.get(space)


def controller(state: State, space: str) -> str | None:
    """The player controlling ``space`` (§3.Control L193): the stronghold's, else the one player
    with units there, else the province owner's; None when that is a neutral Power or nobody.

    Written out (side() and units() inlined): every rule asks it, the VP of every step too."""
    political = state.political
    if space in state.castles:
        power: str | None = str(state.castles[space]["power"])
    elif space in state.cities:
        power = state.cities[space]
    else:
        sides = set()
        here = state.field.get(space)
        if here:
            for p, g in here.items():
                if sum(g["full"].values()) + sum(g["reduced"].values()):
                    sides.add(political[SHARED_MARKER.get(p, p)])
            sides.discard(NEUTRAL)
        if len(sides) == 1:
            who = sides.pop()
            return who if who in PLAYERS else None
        power = state.owners[provinces_of(state.pack)[space]]
    if power is None:
        return None
    who = political[SHARED_MARKER.get(power, power)]
    return who if who in PLAYERS else None


def vp(state: State) -> dict[str, int]:
    """Each player's VP as the map stands: the VP spaces he controls (§20.1 L1236); a neutral
    stronghold gives none (§17.1.1)."""
    board = data(state).board
    total = dict.fromkeys(PLAYERS, 0)
    for space in board.spaces:
        who = controller(state, space)
        if who is not None:
            total[who] += board.vp(space, state.scenario)
    return total
