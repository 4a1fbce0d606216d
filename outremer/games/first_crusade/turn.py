"""The Sequence of Play (8.1): the turn frame at the bottom of the stack walks through the steps.

Stages of the ``turn`` frame, in order:

- ``event``: roll for a Random Event (9.0) and apply it (events.py);
- ``standard``: up to three Actions (12.1); the player picks one of ``actions.offered`` or ends;
- ``special_boons``: Special Action markers may be played (12.2, chart: shield), then
  ``determination`` adds the Special Actions of fortresses held (12.2, 29.2);
- ``special``: the Special Actions (12.2); the index is set to 0 when the step ends;
- ``reaction``: the Muslim Reaction Step (27.0, muslims.py);
- ``winter``: after an Autumn turn only, the Winter Supply Step (28.0, winter.py);
- ``end``: the next turn, or the end of the game after the last (8.0, victory.py).
"""

from __future__ import annotations

from ...engine.procedures import Action, Frame, Role
from . import actions, events, muslims, pilgrimage, victory, winter
from .common import (
    BOARD,
    available_actions,
    controlled_by,
    crusader_like,
    leaders_at,
    log,
    on_map,
    turn_label,
)
from .indexes import add_special
from .procedures import END, GO, PROCEDURES
from .state import State

PILGRIMAGE_FORTRESSES = BOARD.fortresses("pilgrimage")
BYZANTINE_OBJECTIVES = BOARD.fortresses("byzantine_objective")
ARMENIAN_FORTRESSES = BOARD.fortresses("armenian")


def start(state: State) -> None:
    """Put the first turn's frame on the stack (7.0: the Step marker on Events)."""
    state.stack = []
    PROCEDURES.push(state, "turn", stage="event")


def _legal(state: State, frame: Frame, role: Role) -> list[Action]:
    stage = frame["stage"]
    if stage in ("standard", "special"):
        if available_actions(state) <= 0:
            return []
        return [*actions.offered(state), *pilgrimage.anytime(state), END]
    if stage == "special_boons":
        boons = pilgrimage.special_action_boons(state)
        return [*boons, GO] if boons else []
    return []


def _perform(state: State, frame: Frame, role: Role, action: Action) -> None:
    if action == END:
        if frame["stage"] == "standard":
            state.actions = 0
        else:
            state.special = 0
        log(state, "12.0", "No more actions in this step.")
        return
    if action == GO:
        frame["stage"] = "determination"
        return
    if pilgrimage.is_boon_play(action):
        pilgrimage.play(state, action)
        return
    actions.start(state, action)


def _run(state: State, frame: Frame) -> None:
    stage = frame["stage"]
    if stage == "event":
        state.flags["infighting"] = False
        log(state, "8.1", "{turn} begins.", turn=turn_label(state))
        frame["stage"] = "standard"
        state.actions = 3
        events.roll_event(state)  # 9.0: the first die the column, the second the row
    elif stage == "standard":  # no action left
        state.actions = 0
        frame["stage"] = "special_boons"
    elif stage == "special_boons":  # no Special Action marker to play
        frame["stage"] = "determination"
    elif stage == "determination":
        frame["stage"] = "special"
        determine_special_actions(state)
    elif stage == "special":
        state.special = 0
        frame["stage"] = "reaction"
    elif stage == "reaction":
        frame["stage"] = "winter" if BOARD.turns[state.turn].winter_after else "end"
        muslims.reaction(state)
    elif stage == "winter":
        frame["stage"] = "end"
        winter.start(state)
    elif stage == "end":
        if state.turn + 1 >= len(BOARD.turns):
            victory.final(state)
            return
        state.turn += 1
        frame["stage"] = "event"
    else:
        raise RuntimeError(f"unknown turn stage {stage!r}")


def determine_special_actions(state: State) -> None:
    """12.2: one Special Action for each group of fortresses held by its own contingent, and
    29.2(3) one for each Crusader Pilgrimage Fortress a Crusader Leader occupies (5.0: enemy units
    there or not, so a besieger counts) (with the optional Kingdoms, one per titled Leader instead,
    36.5); never more than six. Mercenaries are treated as Crusaders (32.5, ruling A-1)."""
    gained = 0
    crusaders = ("crusader", "mercenary")
    held = sum(controlled_by(state, f, crusaders) for f in PILGRIMAGE_FORTRESSES)
    if not state.options.get("kingdoms"):
        if held >= 3:
            gained += 1
            log(
                state,
                "12.2",
                "Crusaders hold {n} Crusader Pilgrimage Fortresses: one Special Action.",
                n=held,
            )
        led = [f for f in PILGRIMAGE_FORTRESSES if any(crusader_like(u) for u in leaders_at(state, f))]
        if led:
            gained += len(led)
            log(
                state,
                "29.2",
                "Crusader Leaders in {n} Pilgrimage Fortress(es): as many Special Actions.",
                n=len(led),
            )
    else:
        titled = sum(on_map(state, leader) for leader in state.flags["kingdoms"])
        if titled:
            gained += titled
            log(state, "36.5", "{n} Kingdom Leader(s): as many Special Actions.", n=titled)
    if sum(controlled_by(state, f, ("byzantine",)) for f in BYZANTINE_OBJECTIVES) >= 3:
        gained += 1
        log(state, "12.2", "Byzantines hold three Byzantine Objectives: one Special Action.")
    if all(controlled_by(state, f, ("armenian",)) for f in ARMENIAN_FORTRESSES):
        gained += 1
        log(state, "12.2", "Armenians hold Sis and Vahka: one Special Action.")
    add_special(state, gained)


def _prompt(state: State, frame: Frame, role: Role) -> str:
    stage = frame["stage"]
    if stage == "standard":
        return f"{turn_label(state)}: standard actions, {state.actions} left. Choose an action."
    if stage == "special":
        return f"{turn_label(state)}: special actions, {state.special} left. Choose an action."
    if stage == "special_boons":
        return "Play Special Action markers before the Special Actions are counted?"
    return f"{turn_label(state)}."


PROCEDURES.procedure("turn", legal=_legal, perform=_perform, run=_run, prompt=_prompt, rule="8.1")
