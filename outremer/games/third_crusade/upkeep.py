"""The Upkeep phase (``Upkeep``, ``Sequence.Upkeep``): ten steps in order, then the round's end.

1. The active Mission (``Upkeep.1``): the Alliance holding more Regions that meet the card's Glory
   half gains the difference in Glory; within a two-Army Alliance, the partner Controlling more
   Regions that meet its Faith half moves the Faith marker to its side by the difference. Icons
   count only uncovered (R14).
2. Tithe (``Upkeep.2``, R15): in initiative order each player may cash each of its un-executed Orders
   with the Tithe icon for 1 gold, if the Presence its icons ask holds there and its current command
   points pay its cost; the Order leaves the map.
3. Orders (``Upkeep.3``, R15): every other un-executed Order costs its Alliance 1 Glory (a Blank
   nothing, a Bot's nothing, ``Solo.Upkeep.Orders``); every Order of the round goes back to its
   Order box.
4. The map board: A, supply (``Upkeep.4.A``): a player whose not-full Sections ask more supply than
   it Controls loses 1 Glory per missing point, then takes Units of its choice off the map back to
   its board (R13) until the need is met; B, Advanced Orders (``Upkeep.4.B``): each 2 supply left
   over buys one, into the Order box; C, Jerusalem (``Upkeep.4.C``): 2 Glory to the Crusaders if
   they hold it; D, income (``Upkeep.4.D``): gold equal to the gold track; E, Glory
   (``Upkeep.4.E``): 1 per uncovered Glory icon or token in the Regions a player Controls.
5. A victory check (``Upkeep.5``, ``VictoryCheck``).
6. The round marker (``Upkeep.6``, R20): after 1192 the game goes to End Game Scoring (endgame.py)
   and the remaining steps are skipped.
7. Genoa ships (``Upkeep.7``): in the period a ship names, each Crusader player in initiative order
   lands its pieces in a Port (not all destroyed, R45) where it has Presence, the rest in a second such
   Port if it wants; what finds no room is lost (Units to the player board, Leaders to the box).
   Pieces take slots without icons before those with one (the player's choice under R12, never
   worse for it).
8. The Diplomacy Card of the round is discarded (``Upkeep.8``); 9. the next Mission becomes active
   (``Upkeep.9``); 10. the initiative markers move down one, the last to the top (``Upkeep.10``).
Then (``Upkeep.End``, R21) the round's Event Cards go to the discard and current command points
return to the base.

In the solo game (``Solo.Upkeep``) a Bot, which keeps no command points and no supply
(``Solo.Setup.6``), does not tithe, takes no supply check and buys no Advanced Order: at step 4.B
it draws from its Advanced pile by its column instead (``BotTable.Upkeep``; R15, R34).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from ...engine.procedures import Action, Frame
from . import control, endgame, refill, solo, victory
from .cards import Requirement
from .common import (
    alliance,
    data,
    has_presence,
    move_faith,
    move_glory,
    pack_at,
    players,
    port_open,
    presence_holds,
)
from .events import ROUNDS
from .options import on
from .procedures import PROCEDURES
from .state import CRUSADER, MUSLIM, NAMES, SABOTAGE, UNIT_KINDS, State, unit

UPKEEP = "upkeep"
ADVANCED_PRICE = 2
"""The supply an Advanced Order costs (``Upkeep.4.B``)."""
JERUSALEM_GLORY = 2
"""The Crusaders' Glory for holding Jerusalem at upkeep (``Upkeep.4.C``)."""
SHAPES = {"infantry": "square", "cavalry": "hexagon", "siege_engine": "trapezoid"}
"""The slot each Unit type takes (``Glossary.Slots``)."""
STEPS = (
    "mission",
    "tithe",
    "orders",
    "supply",
    "advanced",
    "map",
    "victory",
    "round",
    "genoa",
    "cards",
    "end",
)
"""The steps in order; those that ask go through the players in initiative order."""
ASKING = {"tithe", "supply", "advanced", "genoa"}
UNKEPT = {"tithe", "supply", "advanced"}
"""The steps a Bot skips, keeping no command points or supply (``Solo.Setup.6``; R15, R34); at
``advanced`` it draws from its Advanced pile instead (``BotTable.Upkeep``)."""


# -- step 1: the Mission ---------------------------------------------------------------------------
def meets(state: State, need: Requirement, region: str) -> bool:
    """Whether ``region`` meets a Mission half for its Controller (``Upkeep.1``, R14; with the option
    ``missions_count_covered`` a printed icon counts even when covered)."""
    r = data(state).board.regions[region]
    if need.kind == "icon" and on(state, "missions_count_covered"):  # R14's other reading
        tokens = (icon for _, icon in state.regions[region]["resources"])
        return need.icon in (*(s.icon for s in r.slots), *tokens)
    if need.kind == "icon":
        return control.icons(state, region)[need.icon or ""] > 0
    if need.kind == "port":
        return port_open(state, region)
    if need.kind == "mercantile":
        return r.mercantile
    if need.kind == "type":
        return r.kind == need.type
    return region in need.regions


def _mission(state: State) -> None:
    card = data(state).cards.missions[state.mission] if state.mission else None
    if card is None:
        return
    held = {CRUSADER: 0, MUSLIM: 0}
    for rid in state.regions:
        side = control.holder(state, rid)
        if side is not None and meets(state, card.glory, rid):
            held[side] += 1
    (a, na), (b, nb) = held.items()
    if na != nb:
        side = a if na > nb else b
        move_glory(state, side, abs(na - nb))
    state.say(
        "Upkeep.1", f"Mission {card.name}: Regions held {na} to {nb}; the Glory marker at {state.glory}."
    )
    for side in held:
        pair = [x for x in state.armies if alliance(x) == side]
        if len(pair) != 2:
            continue
        n = {x: sum(meets(state, card.faith, rid) for rid in control.controlled(state, x)) for x in pair}
        first, second = pair
        if n[first] != n[second]:
            move_faith(state, first if n[first] > n[second] else second, abs(n[first] - n[second]))
        state.say("Upkeep.1", f"Faith half: {NAMES[first]} {n[first]}, {NAMES[second]} {n[second]}.")


# -- steps 2 and 3: the Orders left on the map -----------------------------------------------------
def unexecuted(state: State, army: str) -> list[str]:
    """The Regions where ``army`` has an Order still face down (never executed)."""
    return [
        rid
        for rid, sides in state.placed.items()
        for p in sides.values()
        if p["army"] == army and not p["up"]
    ]


def titheable(state: State, army: str) -> list[str]:
    """The Regions of ``army``'s un-executed Tithe Orders it may cash now (``Upkeep.2``, R15)."""
    out = []
    for rid in unexecuted(state, army):
        order = data(state).orders.orders[state.placed[rid][alliance(army)]["order"]]
        cost = order.cost or 0
        pays = order.tithe and cost <= state.tracks[army]["current"]
        if pays and all(presence_holds(state, icon, rid) for icon in order.presence):
            out.append(rid)
    return out


def _tithe(state: State, army: str, region: str) -> None:
    placed = state.placed[region].pop(alliance(army))
    order = data(state).orders.orders[placed["order"]]
    state.tracks[army]["current"] -= order.cost or 0
    state.gold[army] += 1
    state.order_box[army].append(order.id)
    state.barrier += 1  # the Order is shown
    state.say(
        "Upkeep.2",
        f"The {NAMES[army]} tithes its {order.name} in {data(state).board.regions[region].name}: "
        f"{order.cost} command points paid, 1 gold gained.",
    )


def _orders(state: State) -> None:
    """``Upkeep.3``: 1 Glory lost per un-executed Order that is no Blank, but a Bot's
    (``Solo.Upkeep.Orders``); all Orders go home."""
    bots = solo.bots(state)
    for rid, sides in state.placed.items():
        for placed in sides.values():
            army, order = placed["army"], data(state).orders.orders[placed["order"]]
            spared = order.reaction and on(state, "unused_reactions_unpunished")  # R15's other reading
            if not placed["up"] and army in bots:
                where = data(state).board.regions[rid].name
                state.say(
                    "Solo.Upkeep.Orders", f"The {NAMES[army]}'s Order in {where} goes back: no Glory lost."
                )
            elif not placed["up"] and not order.blank and not spared:
                move_glory(state, alliance(army), -1)
                where = data(state).board.regions[rid].name
                state.say(
                    "Upkeep.3", f"The {NAMES[army]}'s {order.name} in {where} was not executed: 1 Glory lost."
                )
            if order.id not in state.order_box[army]:
                state.order_box[army].append(order.id)
    state.placed = {}
    state.barrier += 1  # the Orders left on the map are shown
    for army, done in state.executed.items():
        state.order_box[army].extend(o for o in done if o not in state.order_box[army])
        state.executed[army] = []
    state.say("Upkeep.3", f"Every Order returns to its Order box; the Glory marker at {state.glory}.")


# -- step 4: the map board -------------------------------------------------------------------------
def away(state: State, army: str) -> dict[str, int]:
    """Units of each type off ``army``'s player board."""
    total = data(state).orders.board.units
    return {k: total[k] - state.board_units[army][k] for k in UNIT_KINDS}


def need(state: State, army: str) -> int:
    """The supply ``army``'s not-full Sections ask (``Upkeep.4.A``): by R13 a function of the count
    per type, with the option ``refill_chosen_section`` what each Section holds."""
    if state.sections is not None:
        return refill.supply_needed(state, army)
    return _supply_needed(state.pack, tuple(away(state, army).items()))


@lru_cache(maxsize=1024)
def _supply_needed(pack: str | None, away: tuple[tuple[str, int], ...]) -> int:
    """:func:`need` by R13 with ``away`` Units of each type off the board, read once per count."""
    return pack_at(pack).orders.board.supply_needed(dict(away))


def _units_on_map(state: State, army: str) -> list[Action]:
    out: list[Action] = []
    for rid, here in state.regions.items():
        kinds = sorted(
            {p.split(":")[1] for p in here["slots"] if p and p != SABOTAGE and p.startswith(f"{army}:")}
        )
        out.extend(("remove", rid, k) for k in kinds)
    return out


def _remove(state: State, army: str, region: str, kind: str) -> None:
    """A Unit of ``kind`` leaves ``region``, from a slot printing an icon if one does (uncovering an
    icon is never worse for its owner, R12)."""
    slots, printed = state.regions[region]["slots"], data(state).board.regions[region].slots
    held = [i for i, p in enumerate(slots) if p == unit(army, kind)]
    slots[max(held, key=lambda i: printed[i].icon is not None)] = None
    refill.returned(state, army, kind)  # R13: into the rightmost Section not full, or by choice
    control.update_tracks(state)
    state.say(
        "Upkeep.4.A",
        f"The {NAMES[army]} takes one {kind.replace('_', ' ')} from {data(state).board.regions[region].name}"
        f" back to its board: it needs {need(state, army)} supply, has {state.tracks[army]['supply']}.",
    )


def _short(state: State, army: str) -> bool:
    return need(state, army) > state.tracks[army]["supply"]


def leftover(state: State, army: str) -> int:
    """The supply left after the supply check (``Upkeep.4.B``)."""
    return max(0, state.tracks[army]["supply"] - need(state, army))


def _map(state: State) -> None:
    """``Upkeep.4.C-E``: Jerusalem, income, Glory icons."""
    if control.holder(state, data(state).board.jerusalem) == CRUSADER:
        move_glory(state, CRUSADER, JERUSALEM_GLORY)
        state.say("Upkeep.4.C", f"The Crusaders hold Jerusalem: {JERUSALEM_GLORY} Glory.")
    for army in players(state):
        state.gold[army] += state.tracks[army]["gold"]
        state.say(
            "Upkeep.4.D", f"The {NAMES[army]} takes {state.tracks[army]['gold']} gold ({state.gold[army]})."
        )
    for army in players(state):
        glory = sum(control.icons(state, rid)["glory"] for rid in control.controlled(state, army))
        move_glory(state, alliance(army), glory)
        state.say("Upkeep.4.E", f"The {NAMES[army]} counts {glory} Glory icons; the marker at {state.glory}.")


# -- step 7: the Genoa ships -----------------------------------------------------------------------
def cargo(state: State, army: str) -> list[str]:
    """The pieces still aboard ``army``'s ship of the period the round marker has reached."""
    hold: dict[str, Any] = state.ships.get(ROUNDS[state.round], {}).get(army, {})
    units = [unit(army, k) for k in UNIT_KINDS for _ in range(hold.get(k, 0))]
    return units + list(hold.get("leaders", []))


def _shape(state: State, piece: str) -> str:
    if ":" in piece:
        return SHAPES[piece.split(":")[1]]
    return data(state).leaders.leaders[piece].shape


def free_slots(state: State, region: str, shape: str) -> list[int]:
    """The free slots of ``shape`` in ``region``, those without an icon first."""
    printed = data(state).board.regions[region].slots
    here = state.regions[region]["slots"]
    free = [i for i, s in enumerate(printed) if s.shape == shape and here[i] is None]
    return sorted(free, key=lambda i: printed[i].icon is not None)


def landings(state: State, army: str, frame: Frame) -> list[str]:
    """The Ports ``army`` may land in: open, with its Presence, room for a piece aboard, not used yet."""
    shapes = {_shape(state, p) for p in frame["aboard"]}
    return [
        rid
        for rid in data(state).board.ports(state.north)
        if rid not in frame["landed"]
        and port_open(state, rid)
        and has_presence(state, army, rid)
        and any(free_slots(state, rid, s) for s in shapes)
    ]


def _land(state: State, army: str, frame: Frame, region: str) -> None:
    frame["landed"].append(region)
    left = []
    for piece in frame["aboard"]:
        slots = free_slots(state, region, _shape(state, piece))
        if slots:
            state.regions[region]["slots"][slots[0]] = piece
        else:
            left.append(piece)
    landed = len(frame["aboard"]) - len(left)
    frame["aboard"] = left
    control.update_tracks(state)
    where = data(state).board.regions[region].name
    state.say("Upkeep.7", f"The {NAMES[army]} lands {landed} pieces from the Genoa ship in {where}.")


def _lose(state: State, army: str, frame: Frame) -> None:
    for piece in frame["aboard"]:
        if ":" in piece:
            refill.returned(state, army, piece.split(":")[1])
        else:
            state.leader_box.append(piece)
    if frame["aboard"]:
        state.say(
            "Upkeep.7", f"{len(frame['aboard'])} pieces of the {NAMES[army]}'s Genoa ship find no Port: lost."
        )
    frame["aboard"] = []


# -- the frame -------------------------------------------------------------------------------------
def _legal(state: State, frame: Frame, role: str) -> list[Action]:
    step = frame["step"]
    if step == "tithe":  # every player with a face-down Order is asked: whose can be cashed is hidden
        tithes: list[Action] = [("tithe", rid) for rid in titheable(state, role)]
        return [*tithes, ("done",)] if unexecuted(state, role) else []
    if step == "supply":
        return _units_on_map(state, role) if _short(state, role) else []
    if step == "advanced":
        if leftover(state, role) - ADVANCED_PRICE * frame["bought"] < ADVANCED_PRICE:
            return []
        return [*(("buy", o) for o in state.advanced[role]), ("done",)]
    if step == "genoa":
        ports: list[Action] = [("land", rid) for rid in landings(state, role, frame)]
        return [*ports, ("lose",)] if frame["landed"] and ports else ports
    return []


def _perform(state: State, frame: Frame, role: str, action: Action) -> None:
    if action[0] == "tithe":
        _tithe(state, role, action[1])
    elif action[0] == "remove":
        _remove(state, role, action[1], action[2])
    elif action[0] == "buy":
        state.advanced[role].remove(action[1])
        state.order_box[role].append(action[1])
        frame["bought"] += 1
        name = data(state).orders.orders[action[1]].name
        state.say(
            "Upkeep.4.B", f"The {NAMES[role]} buys the Advanced Order {name} for {ADVANCED_PRICE} supply."
        )
    elif action[0] == "land":
        _land(state, role, frame, action[1])
    elif action[0] == "lose":
        _lose(state, role, frame)
    else:
        frame["roles"] = []
    if action[0] in ("remove", "land") and not _legal(state, frame, role):
        frame["roles"] = []
    if action[0] == "tithe" and not titheable(state, role):  # the Order shown, the turn is over
        frame["roles"] = []


def _start_player(state: State, frame: Frame, army: str) -> None:
    """What a step does as a player's turn in it begins."""
    step = frame["step"]
    if step == "supply" and _short(state, army):
        short = need(state, army) - state.tracks[army]["supply"]
        move_glory(state, alliance(army), -short)
        state.say(
            "Upkeep.4.A",
            f"The {NAMES[army]} needs {need(state, army)} supply and Controls "
            f"{state.tracks[army]['supply']}: {short} Glory lost.",
        )
    elif step == "advanced":
        frame["bought"] = 0
    elif step == "genoa":
        frame["aboard"], frame["landed"] = cargo(state, army), []
        ship = state.ships.get(ROUNDS[state.round], {})
        ship.pop(army, None)


def _next_player(state: State, frame: Frame) -> bool:
    """Ask the next player of an asking step; False once all have had their turn."""
    if frame.get("army") is not None and frame["step"] == "genoa":
        _lose(state, frame["army"], frame)
    order = players(state)
    at = frame.get("at", -1) + 1
    while at < len(order):
        army = order[at]
        frame["at"], frame["army"] = at, army
        if frame["step"] == "genoa" and alliance(army) != CRUSADER:
            at += 1
            continue
        if frame["step"] in UNKEPT and army in solo.bots(state):  # Solo.Setup.6, R15, R34
            if frame["step"] == "advanced":
                solo.gain_advanced(state, army)  # UPKEEP: BOT ROLL
            at += 1
            continue
        _start_player(state, frame, army)
        if _legal(state, frame, army):
            frame["roles"] = [army]
            return True
        if frame["step"] == "genoa":
            _lose(state, army, frame)
        at += 1
    frame["roles"] = []
    frame.pop("at", None)
    frame.pop("army", None)
    for key in ("bought", "aboard", "landed"):
        frame.pop(key, None)
    return False


def _run(state: State, frame: Frame) -> None:
    step = frame.setdefault("step", STEPS[0])
    if step in ASKING and _next_player(state, frame):
        return
    frame["step"] = STEPS[STEPS.index(step) + 1] if step != "end" else "end"
    if step == "mission":
        _mission(state)
    elif step == "orders":
        _orders(state)
    elif step == "map":
        _map(state)
    elif step == "victory":
        victory.check(state, "upkeep step 5 (Upkeep.5)")
    elif step == "round":
        if state.round == len(ROUNDS) - 1:  # R20: 1192 was the last round
            state.say("Upkeep.6", f"The round of {ROUNDS[state.round]} was the last: End Game Scoring.")
            PROCEDURES.pop(state, frame)
            PROCEDURES.push(state, endgame.SCORING)
            return
        state.round += 1
        state.say("Upkeep.6", f"The round marker moves to {ROUNDS[state.round].replace('_', ' ')}.")
    elif step == "cards":
        _cards(state)
    elif step == "end":
        _end(state)
        PROCEDURES.pop(state, frame)


def _cards(state: State) -> None:
    """``Upkeep.8-10``: the Diplomacy Card, the Mission, the initiative track."""
    if state.diplomacy_cards:
        state.diplomacy_cards.pop(0)
    if state.missions:
        state.mission = state.missions.pop(0)
    state.initiative = [state.initiative[-1], *state.initiative[:-1]]
    order = ", ".join(NAMES[a] for a in state.initiative)
    state.say("Upkeep.10", f"A new Diplomacy Card and Mission; initiative, top first: {order}.")


def _end(state: State) -> None:
    """``Upkeep.End``, R21: the round's Event Cards go; current command points back to base."""
    for army in state.armies:
        state.event_discard.extend(state.event_cards[army])
        state.event_cards[army] = []
        state.tracks[army]["current"] = state.tracks[army]["base"]
    state.say("Upkeep.End", "The round's Event Cards are discarded; current command points return to base.")


def _prompt(state: State, frame: Frame, role: str) -> str:
    return {
        "tithe": "Tithe an un-executed Order for 1 gold, or go on (Upkeep.2).",
        "supply": "Take a Unit off the map back to your board until your supply holds (Upkeep.4.A).",
        "advanced": "Buy an Advanced Order for 2 supply left over, or go on (Upkeep.4.B).",
        "genoa": "Land the Genoa ship's pieces in a Port where you have Presence (Upkeep.7).",
    }.get(frame["step"], "Upkeep")


PROCEDURES.procedure(UPKEEP, legal=_legal, perform=_perform, run=_run, prompt=_prompt, rule="Upkeep")
