"""What the next upkeep is due to do to the Glory track if the map stays as it is, for the bots
(bot.py's ``worth``, evaluation.py). Read from a whole state, so a bot calls it on its samples only.

The upkeep moves the Glory marker for the active Mission's Glory half (``Upkeep.1``), for every
un-executed Order that is no Blank and is not tithed (``Upkeep.2``, ``Upkeep.3``, R15; an Order of
action its Army may still execute this round is not counted lost), for each supply point a player
lacks (``Upkeep.4.A``), for the Crusaders holding Jerusalem (``Upkeep.4.C``) and for the Glory
icons uncovered in each player's Regions (``Upkeep.4.E``). Bots of the solo game
lose nothing for their Orders and take no supply check (``Solo.Upkeep.Orders``, ``Solo.Setup.6``).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from . import control, solo, upkeep
from .command import COMMAND
from .common import alliance, data, players, port_open, presence_holds
from .options import on
from .planning import PLANNING
from .state import CRUSADER, MUSLIM, State


@dataclass(frozen=True)
class Holdings:
    """Who Controls each Region and which Alliance holds it (``Glossary.Control``, R1), read once."""

    controller: dict[str, str | None]
    holder: dict[str, str | None]
    by_army: dict[str, list[str]] = field(default_factory=dict)
    """Army -> the Regions it Controls, in map order (read from ``controller`` once)."""

    def __post_init__(self) -> None:
        for rid, who in self.controller.items():
            if who is not None:
                self.by_army.setdefault(who, []).append(rid)

    def of(self, army: str) -> list[str]:
        """The Regions ``army`` Controls, in map order."""
        return list(self.by_army.get(army, ()))


def holdings(state: State) -> Holdings:
    """The Control of every Region of ``state``: a Region without a Controller may still be held
    by an Alliance whose partners tie there (``control.holder``)."""
    controller = {rid: control.controller(state, rid) for rid in state.regions}
    holder = {
        rid: alliance(who) if who is not None else control.holder(state, rid)
        for rid, who in controller.items()
    }
    return Holdings(controller, holder)


def toward(side: str) -> int:
    """+1 for a move towards the Crusader end of the Glory track, -1 towards the Muslim end."""
    return 1 if side == CRUSADER else -1


def mission(state: State, held: Holdings) -> int:
    """The Mission's Glory half (``Upkeep.1``): the difference in Regions held that meet it, signed
    towards the Crusaders."""
    card = data(state).cards.missions[state.mission] if state.mission else None
    if card is None:
        return 0
    count = {CRUSADER: 0, MUSLIM: 0}
    for rid, side in held.holder.items():
        if side is not None and upkeep.meets(state, card.glory, rid):
            count[side] += 1
    return count[CRUSADER] - count[MUSLIM]


def requirements_hold(state: State, oid: str, region: str) -> bool:
    """Whether the Order ``oid`` could be executed in ``region`` as the map stands: its Region's
    type, an open Port for a Port Order, its Presence icons (``Command.Order.Requirements``)."""
    order = data(state).orders.orders[oid]
    if order.region == "port":
        if not port_open(state, region):
            return False
    elif order.region is not None and order.region != data(state).board.regions[region].kind:
        return False
    return all(presence_holds(state, icon, region) for icon in order.presence)


def still_to_act(state: State, army: str) -> bool:
    """Whether ``army`` may still execute Orders this round: in Planning, or in Command before it
    has passed (``Planning.Pass``, ``Command.Pass``)."""
    for frame in state.stack:
        if frame["kind"] == PLANNING:
            return True
        if frame["kind"] == COMMAND:
            return army not in frame.get("passed", [])
    return False


def still_to_tithe(state: State, army: str) -> bool:
    """Whether ``army`` may still tithe at the next upkeep (``Upkeep.2``): before that step, or at
    it while its turn has not ended (the players are asked in initiative order)."""
    for frame in state.stack:
        if frame["kind"] == upkeep.UPKEEP:
            step = frame.get("step", upkeep.STEPS[0])
            if step != "tithe":
                return upkeep.STEPS.index(step) < upkeep.STEPS.index("tithe")
            at, mine = frame.get("at", -1), players(state).index(army)
            return at < mine or (at == mine and bool(frame["roles"]))
    return True


def order_losses(state: State, army: str) -> int:
    """The Glory ``army`` is due to lose for its un-executed Orders (``Upkeep.3``): one per Order
    that is no Blank, but the Orders of action it may still execute (:func:`still_to_act`, its
    requirements holding, its command points paying them cheapest first) and then the Reaction
    Orders it can tithe with the points left while it may still tithe (:func:`still_to_tithe`,
    ``Upkeep.2``, R15)."""
    if army in solo.bots(state):
        return 0
    acting, tithing = still_to_act(state, army), still_to_tithe(state, army)
    orders = data(state).orders.orders
    side = alliance(army)
    pending = sorted(
        ((rid, orders[state.placed[rid][side]["order"]]) for rid in upkeep.unexecuted(state, army)),
        key=lambda p: (p[1].reaction, p[1].cost or 0),
    )
    points = state.tracks[army]["current"]
    lost = 0
    for rid, order in pending:
        if order.blank or (order.reaction and on(state, "unused_reactions_unpunished")):
            continue
        cost = order.cost or 0
        can = cost <= points and requirements_hold(state, order.id, rid)
        if can and (order.tithe and tithing if order.reaction else acting):
            points -= cost  # executed in Command, or tithed at upkeep
        else:
            lost += 1
    return lost


def supply_short(state: State, army: str) -> int:
    """The supply points ``army`` lacks at the supply check (``Upkeep.4.A``)."""
    if army in solo.bots(state):
        return 0
    return max(0, upkeep.need(state, army) - state.tracks[army]["supply"])


def icons(state: State, army: str, held: Holdings) -> int:
    """The Glory icons and tokens uncovered in the Regions ``army`` Controls (``Upkeep.4.E``)."""
    return sum(control.icons(state, rid)["glory"] for rid in held.of(army))


def upkeep_glory(state: State, held: Holdings | None = None) -> int:
    """The spaces the next upkeep would move the Glory marker, signed towards the Crusaders."""
    held = held or holdings(state)
    moved = mission(state, held)
    if held.holder[data(state).board.jerusalem] == CRUSADER:
        moved += upkeep.JERUSALEM_GLORY
    for army in players(state):
        moved += toward(alliance(army)) * (
            icons(state, army, held) - order_losses(state, army) - supply_short(state, army)
        )
    return moved
