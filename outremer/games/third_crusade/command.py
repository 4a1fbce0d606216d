"""The Command phase's frame (``Command``, ``Sequence.Command``): turns in initiative order, each
executing one Event Card, executing one Order, or passing, until every player has passed; then a
victory check (``Command.Pass``, ``VictoryCheck``).

What a player may execute is decided here: an Event Card picked for it this round (``Command.Event``),
or one of its own Orders on the map, not yet executed, that is no Blank (``Command.Order.Blank``), no
Reaction Order (those run only in a Battle, ``Command.Reaction``), whose Region is of its type, with
a Port not all destroyed for a Port Order (``Command.Order.Requirements``), whose Presence icons all
hold there (``Glossary.Presence``) and whose cost its current command points pay
(``Command.Order.Cost``). Carrying one out is the business of the procedures ``event`` (the main
and crown events, their crown price, ``Command.Event.*``) and ``order`` (turning the Order to face
the enemy, paying, the effect, setting it above the board, ``Command.Order.*``), pushed by kind with
the Army and the card or Region. Neither is built yet (docs/third-crusade/rules.md): the engine
refuses the push before anything changes.
"""

from __future__ import annotations

from ...engine.procedures import Action, Frame
from . import turns, victory
from .common import alliance, data, port_open, presence_holds
from .procedures import PROCEDURES
from .state import State

COMMAND = "command"
EVENT, ORDER = "event", "order"
"""The procedures that carry out an Event Card and an Order (not built yet)."""


def executable(state: State, army: str, region: str) -> bool:
    """Whether ``army`` may execute its Order in ``region`` on its turn now."""
    placed = state.placed.get(region, {}).get(alliance(army))
    if placed is None or placed["army"] != army or placed["up"]:
        return False
    order = data(state).orders.orders[placed["order"]]
    if order.blank or order.reaction or order.cost is None:
        return False
    kind = data(state).board.regions[region].kind
    if order.region == "port":
        if not port_open(state, region):
            return False
    elif order.region is not None and order.region != kind:
        return False
    if not all(presence_holds(state, icon, region) for icon in order.presence):
        return False
    return order.cost <= state.tracks[army]["current"]


def _legal(state: State, frame: Frame, role: str) -> list[Action]:
    events: list[Action] = [(EVENT, card) for card in state.event_cards[role]]
    orders: list[Action] = [(ORDER, rid) for rid in state.placed if executable(state, role, rid)]
    return [*events, *orders, ("pass",)]


def _perform(state: State, frame: Frame, role: str, action: Action) -> None:
    if action[0] == "pass":
        turns.pass_turn(state, frame, role, "Command.Pass")
        return
    if action[0] == EVENT:
        PROCEDURES.push(state, EVENT, army=role, card=action[1])
    else:
        PROCEDURES.push(state, ORDER, army=role, region=action[1])
    turns.done(frame)


def _run(state: State, frame: Frame) -> None:
    if turns.advance(state, frame):
        return
    state.say("Command.Pass", "Every player has passed; the Command phase ends.")
    PROCEDURES.pop(state, frame)
    victory.check(state, "the Command phase")


PROCEDURES.procedure(
    COMMAND,
    legal=_legal,
    perform=_perform,
    run=_run,
    prompt="Execute an Event Card or an Order, or pass for the phase (Command).",
    rule="Command",
)
