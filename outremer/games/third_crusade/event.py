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

A Bot's column changes its cards (``BotTable.Command``, ``Solo.Command.Events``): column 1 makes
the crown event free, columns 2 and 3 let the main event ignore the Region type or the Presence of
its banner, columns 4 to 6 add a Unit after a part that added Units or made a March, by what its
steps did (R52).
"""

from __future__ import annotations

from typing import Any

from ...engine.procedures import Action, Frame
from . import solo, steps
from .bot_table import EventRule
from .common import counts, data
from .events import EventCard, crown_gold
from .orders import Step
from .procedures import PROCEDURES
from .state import NAMES, State

EVENT = "event"
MAIN, CROWN = "main", "crown"
EXTRA = -1
"""The queue's mark for the Unit a Bot's column adds after a part (``BotTable.Command``)."""


def _card(state: State, frame: Frame) -> EventCard:
    return data(state).events.cards[frame["card"]]


def _bot_rule(state: State, army: str) -> EventRule | None:
    """How a Bot's column changes its Event Cards this round (``BotTable.Command``); None for a human."""
    column = solo.rolled(state, army)
    return None if column is None else column.event


def _price(state: State, frame: Frame) -> int:
    """The gold the crown event costs now (``Command.Event``); nothing for a Bot whose column makes
    crown events free (``BotTable.Command``, column 1; ``Solo.Command.Events``)."""
    rule = _bot_rule(state, frame["army"])
    if rule is not None and rule.kind == "free_crown":
        return 0
    return crown_gold(_card(state, frame).crown, state.tracks[frame["army"]]["crowns"])


def _extra_may(rule: EventRule | None, part: str) -> bool:
    """Whether a Bot's column may add a Unit after this part (``BotTable.Command``, columns 4 to 6):
    after the main event, or after any part for column 6; whether it does, :func:`_extra_due` reads
    once the part is over."""
    return rule is not None and rule.kind == "extra_unit" and (part == MAIN or rule.when == "adds_units")


def _extra_due(rule: EventRule, frame: Frame) -> bool:
    """Whether the part just carried out earns the column's Unit: it added Units, or it made a
    March, by what its steps did rather than by what the card prints (R52)."""
    if rule.when == "main_marches":
        return bool(frame["did_march"])
    return bool(frame["did_units"])


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
    chosen = effect.choices[choice]
    extra = [EXTRA] if _extra_may(_bot_rule(state, role), part) else []
    frame.update(part=part, queue=[*range(len(chosen)), *extra], choice=choice, last=None, last_to=None)
    frame.update(did_units=[], did_march=False)  # R52: what this part's steps do


def _run(state: State, frame: Frame) -> None:
    if "started" not in frame:
        _play(state, frame)
        return
    if "done" in frame:  # a step is over: where it acted (E2, E6)
        done = frame.pop("done")
        region = done.get("region")
        frame["last"], frame["last_to"] = region, done.get("to")
        if done["kind"] == steps.STEP:
            frame["did_units"] = [*frame.get("did_units", []), *done["units"]]
            frame["did_march"] = frame.get("did_march", False) or done["marched"] is not None
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
    index = frame["queue"].pop(0)
    if index == EXTRA:
        _extra(state, frame)
        return
    step = effect.choices[frame["choice"]][index]
    where: dict[str, Any] = {"banner": {"card": card.id, "part": part}}
    rule = _bot_rule(state, frame["army"])
    if part == MAIN and rule is not None and rule.kind in ("ignore_region", "ignore_presence"):
        where["banner"]["ignore"] = rule.kind  # BotTable.Command, columns 2 and 3
    if step.same_region:  # E2
        where["regions"] = [frame["last"]] if frame["last"] is not None else []
    elif part == CROWN and card.crown.mode == "same_region":  # E6
        where["regions"] = [frame["main_region"]]
    steps.push(state, frame["army"], step, None, **where)


def _extra(state: State, frame: Frame) -> None:
    """The Unit a Bot's column adds after a part (``BotTable.Command``, columns 4 to 6): where the
    part's last step acted, or where its March went if the Bot has pieces there (rules.md, "The
    solo game"); none if the part acted nowhere."""
    army = frame["army"]
    rule = _bot_rule(state, army)
    assert rule is not None and rule.unit is not None
    if not _extra_due(rule, frame):
        state.say(
            "BotTable.Command", f"{NAMES[army]}: the event did not do what the column asks; no Unit added."
        )
        return
    to = frame.get("last_to")
    region = to if to is not None and counts(state, to)[army] else frame["last"]
    if region is None:
        state.say("BotTable.Command", f"{NAMES[army]}: the event acted in no Region; no Unit added.")
        return
    state.say("BotTable.Command", f"{NAMES[army]}'s column adds {rule.count} {rule.unit.replace('_', ' ')}.")
    steps.push(state, army, Step("muster", unit=rule.unit, count=rule.count), None, regions=[region])


PROCEDURES.procedure(
    EVENT,
    legal=_legal,
    perform=_perform,
    run=_run,
    roles=lambda state, frame: [frame["army"]],
    prompt="Carry out the main or the crown event, or end the card (Command.Event).",
    rule="Command.Event",
)
