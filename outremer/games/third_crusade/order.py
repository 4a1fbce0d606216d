"""Executing an Order on a player's turn: the procedure ``order`` (``Command.Order``).

Pushed by the Command frame (command.py) with the Army and the Region, once the Order's
requirements and cost are known to be met (``Command.Order.Requirements``, ``Command.Order.Cost``).
The Order is turned to face the enemy (``Command.Order``), its cost comes off the current command
points (``Command.Order.Cost``; a Bot, which keeps none, is never charged and the log tells no
cost, ``Solo.Setup.6``), its effect is carried out step by step in its own Region, each step as far
as the player wishes (``Command.Order.Effect``, ``Command.Order.Partial``; steps.py), a March into
enemies starting a Battle at once (``Command.Order.Battle``), and the Order then leaves the map to
wait above its owner's board until upkeep (``Command.Order.After``). What its steps did (the Units
added and where, the Marches made) is gathered in the frame; a Bot's card trigger reads it once the
Order is over (``SoloGlossary.CardTrigger``, R52).
"""

from __future__ import annotations

from ...engine.procedures import Frame
from . import solo, steps
from .common import alliance, data
from .procedures import PROCEDURES
from .state import NAMES, State

ORDER = "order"


def _run(state: State, frame: Frame) -> None:
    army, region = frame["army"], frame["region"]
    placed = state.placed[region][alliance(army)]
    order = data(state).orders.orders[placed["order"]]
    done = frame.pop("done", None)  # a step is over: what it did (R52)
    if done is not None and done["kind"] == steps.STEP:
        frame["units"] = [*frame.get("units", []), *done["units"]]
        frame["marches"] = [*frame.get("marches", []), *([done["marched"]] if done["marched"] else [])]
    if "next" not in frame:
        placed["up"] = True
        state.barrier += 1  # the Order is turned up: a hidden fact is shown
        assert order.cost is not None  # Command.Order.Blank: the Command frame offers no Blank
        where = data(state).board.regions[region].name
        if army in solo.bots(state):  # Solo.Setup.6: a Bot keeps no command points
            state.say("Command.Order", f"{NAMES[army]} executes {order.name} in {where}, free of cost.")
        else:
            state.tracks[army]["current"] -= order.cost
            state.say(
                "Command.Order", f"{NAMES[army]} executes {order.name} in {where}, paying {order.cost}."
            )
        frame["next"] = 0
    if frame["next"] < len(order.effect):
        frame["next"] += 1
        steps.push(state, army, order.effect[frame["next"] - 1], order.id, regions=[region])
        return
    del state.placed[region][alliance(army)]
    if not state.placed[region]:
        del state.placed[region]
    state.executed[army].append(order.id)
    state.say("Command.Order.After", f"{NAMES[army]} sets {order.name} above its board.")
    PROCEDURES.pop(state, frame)
    if army in solo.bots(state):
        solo.card_trigger(state, army, units=frame.get("units", []), marches=frame.get("marches", []))


PROCEDURES.procedure(ORDER, run=_run, rule="Command.Order")
