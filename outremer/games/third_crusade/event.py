"""Activating an Event Card on a player's turn: the procedure ``event`` (``Command.Event``).

Pushed by the Command frame (command.py) with the Army and a card picked for it. The card leaves
the player's hand for the discard at once. The player then carries out the main event and the crown
event in the order it likes, each as far as it wishes, or stops (``Command.Event``,
``Command.Event.Partial``):

- the main event is free; an OR asks which of its two effects (``Command.Event.Or``);
- the crown event needs the crown track at its requirement, the track not spent; each crown short
  costs 2 gold (``Command.Event``; ``events.crown_gold``);
- an "In same Region" crown acts in the Region of the main event's first step that acted in one,
  so only after it; an "Instead" crown replaces the main event, so neither follows the other (E6);
- each step acts in a Region meeting its part's banner (``Command.Event.Regions``), or where the
  step before it acted (``same_region``, E2), and is skipped where it cannot apply
  (``Command.Event.Ignore``); steps.py carries them out, Battles and tracks included
  (``Command.Event.Battle``, ``Command.Event.Tracks``).
"""

from __future__ import annotations

from typing import Any

from ...engine.procedures import Action, Frame
from . import steps
from .common import data
from .events import EventCard, crown_gold
from .procedures import PROCEDURES
from .state import NAMES, State

EVENT = "event"
MAIN, CROWN = "main", "crown"


def _card(state: State, frame: Frame) -> EventCard:
    return data(state).events.cards[frame["card"]]


def _price(state: State, frame: Frame) -> int:
    """The gold the crown event costs now (``Command.Event``)."""
    return crown_gold(_card(state, frame).crown, state.tracks[frame["army"]]["crowns"])


def _legal(state: State, frame: Frame, role: str) -> list[Action]:
    if "started" not in frame or frame["queue"] or "done" in frame or frame.get("over"):
        return []
    card, done = _card(state, frame), frame["parts"]
    out: list[Action] = []
    if MAIN not in done and not (CROWN in done and card.crown.mode == "instead"):
        out += [(MAIN, i) for i in range(len(card.main.choices))]
    crown_open = CROWN not in done and _price(state, frame) <= state.gold[role]
    if card.crown.mode == "instead":
        crown_open = crown_open and MAIN not in done
    if card.crown.mode == "same_region":
        crown_open = crown_open and frame["main_region"] is not None
    if crown_open:
        out += [(CROWN, i) for i in range(len(card.crown.choices))]
    return [*out, ("end",)] if out else []


def _perform(state: State, frame: Frame, role: str, action: Action) -> None:
    if action[0] == "end":
        frame["over"] = True
        return
    part, choice = action
    card = _card(state, frame)
    effect = card.main if part == MAIN else card.crown
    if part == CROWN:
        price = _price(state, frame)
        state.gold[role] -= price
        paid = f", paying {price} gold for the crowns it lacks" if price else ""
        state.say("Command.Event", f"{NAMES[role]} carries out the crown event of {card.title}{paid}.")
    else:
        state.say("Command.Event", f"{NAMES[role]} carries out the main event of {card.title}.")
    frame["parts"].append(part)
    frame.update(part=part, queue=list(range(len(effect.choices[choice]))), choice=choice, last=None)


def _run(state: State, frame: Frame) -> None:
    if "started" not in frame:
        _play(state, frame)
        return
    if "done" in frame:  # a step is over: where it acted (E2, E6)
        region = frame.pop("done").get("region")
        frame["last"] = region
        if frame["part"] == MAIN and frame["main_region"] is None:
            frame["main_region"] = region
        return
    if frame["queue"]:
        _next_step(state, frame)
        return
    PROCEDURES.pop(state, frame)


def _play(state: State, frame: Frame) -> None:
    """The card leaves the hand for the discard as it is activated."""
    army, card = frame["army"], _card(state, frame)
    state.event_cards[army].remove(card.id)
    state.event_discard.append(card.id)
    frame.update(started=True, parts=[], queue=[], main_region=None)
    state.say("Command.Event", f"{NAMES[army]} activates the Event Card {card.title}.")


def _next_step(state: State, frame: Frame) -> None:
    card = _card(state, frame)
    part = frame["part"]
    effect = card.main if part == MAIN else card.crown
    step = effect.choices[frame["choice"]][frame["queue"].pop(0)]
    where: dict[str, Any] = {"banner": {"card": card.id, "part": part}}
    if step.same_region:  # E2
        where["regions"] = [frame["last"]] if frame["last"] is not None else []
    elif part == CROWN and card.crown.mode == "same_region":  # E6
        where["regions"] = [frame["main_region"]]
    steps.push(state, frame["army"], step, None, **where)


PROCEDURES.procedure(
    EVENT,
    legal=_legal,
    perform=_perform,
    run=_run,
    roles=lambda state, frame: [frame["army"]],
    prompt="Carry out the main or the crown event, or end the card (Command.Event).",
    rule="Command.Event",
)
