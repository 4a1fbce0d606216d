"""What the player (and an observer, who sees the same) may see: the view, the log in words, and
actions in words.

Hidden (11.0): the identity and strength of a face-down Muslim unit (only its contingent's
colour shows on its back), which Muslim units are in the Bins, and the random generator. A view
must never change when only those change (tests/first_crusade/test_hidden.py).
"""

from __future__ import annotations

import string
from typing import Any

from .common import BOARD, COUNTERS, MARKERS, SPACES, factor, in_bin, turn_label
from .procedures import Action, prompt, top
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
    spaces: dict[str, list[dict[str, Any]]] = {}
    for unit, where in state.loc.items():
        if where in SPACES:
            spaces.setdefault(where, []).append(unit_view(state, unit))
    frame = top(state)
    return {
        "prompt": game.prompt(state, role),
        "turn": turn_label(state) if state.turn < len(BOARD.turns) else None,
        "turn_index": state.turn,
        "stage": state.stack[0]["stage"] if state.stack else "over",
        "procedure": frame["kind"] if frame is not None else None,
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
    }


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


__all__ = ["BIN", "COUNTERS", "describe", "log_entries", "prompt", "view"]
