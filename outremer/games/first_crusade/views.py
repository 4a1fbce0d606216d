"""What the player (and an observer, who sees the same) may see: the view, the log in words, and
actions in words.

Hidden (11.0): the identity and strength of a face-down Muslim unit (only its contingent's
colour shows on its back), which Muslim units are in the Bins, and the random generator. A view
must never change when only those change (tests/first_crusade/test_hidden.py).
"""

from __future__ import annotations

import string
from typing import Any

from ...engine.procedures import Action, Frame
from .combat import CHRISTIAN, MUSLIM, units_of
from .common import BOARD, COUNTERS, MARKERS, ORDER, SPACES, factor, in_bin, turn_label
from .phases import phase_name
from .procedures import PROCEDURES
from .state import BIN, ELIMINATED, State

EVENTS = BOARD.tables.event_names


class _Words(string.Formatter):
    """Log templates: counter and space ids become their names."""

    def format_field(self, value: Any, format_spec: str) -> Any:
        if isinstance(value, str):
            if value in COUNTERS:
                return COUNTERS[value].name
            if value in SPACES:
                return SPACES[value].name
            if value in MARKERS:
                return MARKERS[value].name
            if value in EVENTS:
                return EVENTS[value]
        return super().format_field(value, format_spec)


WORDS = _Words()


def name(token: Any) -> str:
    """A counter, space or marker id in words (anything else as it is)."""
    if isinstance(token, str):
        for table in (COUNTERS, SPACES, MARKERS):
            if token in table:
                return str(table[token].name)
    return str(token)


def unit_view(state: State, unit: str) -> dict[str, Any]:
    """A counter as the player sees it: a face-down Muslim shows only its contingent."""
    c = COUNTERS[unit]
    if c.side == "muslim" and unit not in state.revealed:
        return {"hidden": True, "contingent": c.contingent}
    return {
        "id": unit,
        "name": c.name,
        "contingent": c.contingent,
        "type": c.type,
        "leader": c.leader_kind,
        "steps": c.steps,
        "reduced": unit in state.reduced,
        "factor": factor(state, unit) if c.factor is not None else None,
    }


def view(game: Any, state: State, role: str | None) -> dict[str, Any]:
    here: dict[str, list[str]] = {}
    for unit, where in state.loc.items():
        if where in SPACES:
            here.setdefault(where, []).append(unit)
    spaces = {where: shown(state, units) for where, units in here.items()}
    frame = PROCEDURES.top(state)
    return {
        "prompt": game.prompt(state, role),
        "turn": turn_label(state) if state.turn < len(BOARD.turns) else None,
        "turn_index": state.turn,
        "stage": state.stack[0]["stage"] if state.stack else "over",
        "procedure": frame["kind"] if frame is not None else None,
        "phase_name": phase_name(state),
        "reaction": state.reaction,
        "special": state.special,
        "actions": state.actions,
        "spaces": spaces,
        "camps": list(state.camps),
        "castles": list(state.castles),
        "monasteries": list(state.monasteries),
        "available": [m for m, where in state.markers.items() if where == "available"],
        "bins": {
            "pilgrimage": sum(1 for where in state.markers.values() if where == "bin"),
            **{b: len(in_bin(state, b)) for b in ("crusader", "byzantine", "armenian", "seljuk", "fatimid")},
        },
        "eliminated": [
            u for u, where in state.loc.items() if where == ELIMINATED and COUNTERS[u].side == "christian"
        ],
        "flags": {
            "armenia": state.flags["armenia"],
            "fatimid_jerusalem": state.flags["fatimid_jerusalem"],
            "alexios_dead": state.flags["alexios_dead"],
            "infighting": state.flags["infighting"],
            "kingdoms": dict(state.flags["kingdoms"]),
            "sieges": list(state.flags["sieges"]),
            "massacres": list(state.flags["massacres"]),
        },
        "result": state.result,
        "battle": battle_view(state),
    }


BATTLE_STAGES = {
    "force": "which force attacks",
    "boons": "Pilgrimage markers before the battle",
    "reinforce": "Muslim reinforcements",
    "edge": "the Tactical Edge",
    "rounds": "the number of rounds",
    "round": "a round begins",
    "fire": "fire",
    "hits": "hits",
    "continue": "the round ends",
    "outcome": "the outcome",
    "withdraw": "the withdrawal",
    "embark": "boarding the fleets",
    "leave": "the Muslims after the battle",
    "finish": "the battle ends",
}
"""A battle frame's stage in words (combat.py, 23.1-24.2)."""


def battle_view(state: State) -> dict[str, Any] | None:
    """The innermost battle under way (23.0), or None: where, who attacks, the stage, round and
    rounds (23.1(4)), the side with the Tactical Edge once rolled (23.1(3)), each side's units as
    the player sees them (a face-down Muslim only by contingent, 11.0), the hits still to place
    (23.2-23.3), the siege it belongs to (34.2-34.4), where its log begins and its last dice."""
    frame = next((f for f in reversed(state.stack) if f["kind"] == "battle"), None)
    if frame is None or state.result is not None:
        return None
    opened = _battle_opened(state, frame)
    hits = frame["stage"] == "hits" and frame["hits"] > 0
    return {
        "space": frame["space"],
        "attacker": frame["attacker"],
        "cause": frame["cause"],
        "stage": frame["stage"],
        "stage_words": BATTLE_STAGES.get(frame["stage"], frame["stage"]),
        "round": frame["round"],
        "rounds": frame["rounds"],
        "edge": frame["edge"],
        "fortress": frame["fortress"],
        "siege": frame["siege"],
        "assassin": frame["assassin"],
        "units": {side: _battle_units(state, frame, side) for side in (CHRISTIAN, MUSLIM)},
        "hits": frame["hits"] if hits else 0,
        "hits_on": frame["target"] if hits else None,
        "log_from": opened,
        "dice": _last_dice(state, opened),
    }


def _battle_units(state: State, frame: Frame, side: str) -> list[dict[str, Any]]:
    """A side's units in the battle: the known ones in data-pack order, then the face-down ones by
    contingent, so that the order never tells which counters they are (11.0)."""
    return shown(state, units_of(state, frame, side))


def shown(state: State, units: list[str]) -> list[dict[str, Any]]:
    """Units as the player sees them, the known ones in data-pack order, then the face-down ones by
    contingent, so that the order never tells which counters they are (11.0)."""
    seen = [unit_view(state, u) for u in units]
    return sorted(seen, key=lambda u: (1, u["contingent"], 0) if u.get("hidden") else (0, "", ORDER[u["id"]]))


def _battle_opened(state: State, frame: Frame) -> int:
    """Where the battle's log begins: its last opening entry (23.0) for its space."""
    for i in range(len(state.log) - 1, -1, -1):
        rule, _audience, _template, args = state.log[i]
        if rule == "23.0" and args.get("space") == frame["space"]:
            return i
    return len(state.log)


def _last_dice(state: State, start: int) -> list[int]:
    """The dice of the battle's last roll (its log from ``start``), if any."""
    for _rule, _audience, _template, args in reversed(state.log[start:]):
        if "dice" in args:
            return [int(d) for d in str(args["dice"]).split()]
    return []


def log_entries(state: State, start: int = 0) -> list[dict[str, Any]]:
    """The log from entry ``start`` on; everyone reads the whole log."""
    out = []
    for rule, _audience, template, args in state.log[start:]:
        entry: dict[str, Any] = {"rule": rule, "text": WORDS.format(template, **args)}
        if "dice" in args:
            entry["dice"] = [int(d) for d in str(args["dice"]).split()]
        out.append(entry)
    return out


def describe(state: State, action: Action) -> str:
    """An action in words: its verb, then its arguments by name."""
    verb, *args = action
    words = " ".join(name(a) for a in args)
    return f"{str(verb).replace('_', ' ')} {words}".strip()


__all__ = ["BIN", "COUNTERS", "describe", "log_entries", "view"]
