"""What a role may see of a Third Crusade game: the view and the log.

Hidden (``Strategy.Place``, ``Planning.Place``, ``Planning.Facing``, ``PlayerSetup.A``,
``PlayerSetup.H``): the order of every Event deck and of the Objective deck (counts only, even to
their owner, since they are face down); the Event Cards a player has drawn and not yet revealed, and
how it has laid them while the others lay theirs (to it alone); the Orders behind a player's screen
(to it alone); an Order face down on the map (to its Army and its partner; the others see whose it
is); the Objective Cards (to their holder alone, not even the partner); in the variable set-up, the
Objective Cards not dealt, and the cards dealt and the one laid face down (to their holder alone,
``VariableSetup.Decks``). Everything else is public.
A view never changes when only facts hidden from its role change (tests/third_crusade/test_views.py).
"""

from __future__ import annotations

from typing import Any

from ...engine.plain import clone
from ...engine.procedures import public_frame
from .common import alliance, allies
from .events import ROUNDS
from .procedures import PROCEDURES
from .refill import view as sections_view
from .solo import describe as solo_view
from .state import NAMES, State
from .variable_setup import view as variable_view

PHASES = {
    "variable_setup": ("The variable set-up", "VariableSetup"),
    "variable_discard": ("The variable set-up: an Objective Card laid face down", "VariableSetup.Decks"),
    "deploy": ("The variable set-up: deployment", "VariableSetup.Deploy"),
    "game": ("The round", "Round"),
    "strategy": ("Strategy Phase", "Strategy"),
    "strategy_place": ("Strategy Phase: laying the Event Cards", "Strategy.Place"),
    "strategy_pick": ("Strategy Phase: picking Event Cards", "Strategy.Pick"),
    "planning": ("Planning Phase", "Planning.Place"),
    "command": ("Command Phase", "Command"),
    "order": ("Command Phase: an Order carried out", "Command.Order"),
    "step": ("Command Phase: an effect carried out", "Command.Order.Effect"),
    "event": ("Command Phase: an Event Card played", "Command.Event"),
    "battle": ("Command Phase: a Battle", "Battle"),
    "diplomacy_bid": ("Diplomacy Phase: sealed bids", "Diplomacy.Bid"),
    "diplomacy": ("Diplomacy Phase", "Diplomacy"),
    "upkeep": ("Upkeep Phase", "Upkeep"),
    "end_scoring": ("End Game Scoring", "EndGame.2"),
    "final_winner": ("End Game: the final winner", "EndGame.FinalWinner"),
}
"""The step each procedure stands for, in the rulebook's words, with its key."""


def phase_name(state: State) -> str:
    """The step under way in the rulebook's words, with its section key."""
    frame = PROCEDURES.top(state)
    if frame is None:
        return "The end of the game (EndGame)"
    words, key = PHASES.get(frame["kind"], (frame["kind"], PROCEDURES.get(frame["kind"]).rule))
    return f"{words} ({key})"


def reads(entry: list[Any], role: str | None) -> bool:
    """Whether ``role`` (None: an observer) may read a log entry."""
    audience = entry[1]
    if audience is None:
        return True
    if audience and audience[0] == "!":
        return role not in audience[1:]
    return role in audience


def log(state: State, role: str | None) -> list[list[Any]]:
    return [[key, text] for key, audience, text in state.log if reads([key, audience, text], role)]


def army_view(state: State, role: str | None, army: str) -> dict[str, Any]:
    """One Army's board: public tracks and cards; its drawn cards, screen and Objectives to itself;
    with the option ``refill_chosen_section`` the Units in each Section (R13, refill.py)."""
    own = role == army
    year = ROUNDS[state.round]
    sections = sections_view(state, army)
    return {
        "name": NAMES[army],
        "alliance": alliance(army),
        "tracks": dict(state.tracks[army]),
        "gold": state.gold[army],
        "board_units": dict(state.board_units[army]),
        "leaders_beside": list(state.leaders_beside[army]),
        "event_deck": len(state.event_decks[army][year]),
        "drawn": list(state.drawn[army]) if own else len(state.drawn[army]),
        "event_cards": list(state.event_cards[army]),
        "order_box": sorted(state.order_box[army]) if own else len(state.order_box[army]),
        "advanced": list(state.advanced[army]),
        "executed": list(state.executed[army]),
        "objectives": list(state.objectives[army]) if own else len(state.objectives[army]),
        "diplomacy_at": state.diplomacy_at[army],
        "markers": state.markers[army],
        **({} if sections is None else {"sections": sections}),
    }


def order_view(state: State, role: str | None, placed: dict[str, Any]) -> dict[str, Any]:
    """An Order on the map: face up to all, face down to its Army's Alliance only
    (``Planning.Facing``)."""
    seen = placed["up"] or (role is not None and role in allies(state, placed["army"]))
    return {"army": placed["army"], "order": placed["order"] if seen else None, "up": placed["up"]}


def view(state: State, role: str | None) -> dict[str, Any]:
    """All that ``role`` (None: an observer) may see, as JSON-able data."""
    return {
        "scenario": state.scenario,
        "round": ROUNDS[state.round],
        "phase_name": phase_name(state),
        "initiative": list(state.initiative),
        "glory": state.glory,
        "faith": {k: list(v) for k, v in state.faith.items()},
        "mercantile": {k: (None if v is None else list(v)) for k, v in state.mercantile.items()},
        "armies": {a: army_view(state, role, a) for a in state.armies},
        "bidding": {a: list(row) for a, row in state.bidding.items()},
        "regions": {
            rid: {
                "slots": list(r["slots"]),
                "resources": [list(x) for x in r["resources"]],
                "destroyed_ports": r["destroyed_ports"],
                "orders": {side: order_view(state, role, p) for side, p in state.placed.get(rid, {}).items()},
            }
            for rid, r in state.regions.items()
        },
        "bandits": dict(state.bandits),
        "ships": clone(state.ships),
        "leader_box": list(state.leader_box),
        "event_discard": list(state.event_discard),
        "mission": state.mission,
        "next_mission": state.missions[0] if state.missions else None,
        "diplomacy_card": state.diplomacy_cards[0] if state.diplomacy_cards else None,
        "objective_deck": len(state.objective_deck),
        "diplomacy_marks": dict(state.diplomacy_marks),
        "stack": [public_frame(f, role) for f in state.stack],
        "solo": solo_view(state),
        "variable": variable_view(state, role),
        "result": state.result,
        "log": log(state, role),
        "prompt": PROCEDURES.prompt(state, role) if role is not None else "",
        "legal": [list(a) for a in PROCEDURES.legal(state, role)] if role is not None else [],
    }
