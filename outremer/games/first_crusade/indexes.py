"""The two indexes the rules move from many places: the Special Actions index (12.2) and the Muslim
Reaction Level (27.1). Battles, Pilgrimage markers, events and the Muslims all move them, so they
sit here, below every rules section."""

from __future__ import annotations

from .common import BOARD, log
from .state import State


def add_special(state: State, n: int, rule: str = "12.2") -> None:
    """Move the Special Actions index by ``n`` (may be negative), kept within 0-6 (12.2)."""
    before = state.special
    state.special = max(0, min(6, state.special + n))
    if state.special != before:
        log(state, rule, "Special Actions: {a} -> {b}.", a=before, b=state.special)


def change_level(state: State, n: int, rule: str) -> None:
    """Move the Reaction Level by ``n``, kept within I-III: a change past either end is lost
    (ruling M-27.1)."""
    levels = BOARD.reaction_levels
    before = state.reaction
    state.reaction = max(1, min(len(levels), before + n))
    if state.reaction == before:
        log(state, rule, "The Muslim Reaction Level stays {level}.", level=levels[before - 1].name)
        return
    log(
        state,
        rule,
        "The Muslim Reaction Level goes from {a} to {b}.",
        a=levels[before - 1].name,
        b=levels[state.reaction - 1].name,
    )
