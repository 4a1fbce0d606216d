"""The four marches of an Order or an Event Card, carried out inside a ``step`` frame (steps.py).

``march`` (``Glossary.March``): pieces the Army Controls in a Region go along a Road to one
Adjacent Region (R6: Roads only). ``forced_march`` (``Glossary.ForcedMarch``): a first March capped
by the free slots of the Region entered, then a second March from there with any of the pieces
there; a Battle on the first ends it. ``disperse`` (``Glossary.Disperse``): two Marches from the one
Region into two different Adjacent Regions. ``sea_move`` (``Glossary.SeaMove``, ``Glossary.Port``):
from a Region with a usable Port to any other such Region, no Road crossed. ``move`` and ``attack``
(``Iconography.Actions``, ruling R27; no card of the pack prints them): a March that may not enter
a Region where it would fight, so it never starts a Battle; a March that must go into a Region
holding enemy pieces.

The mover takes its own pieces, the Neutral ones of a Region it Controls (``Glossary.Neutral``;
R1) and, on a ``coordinated`` march, its partner's and its Alliance's Neutrals
(``Glossary.CoordinatedMarch``). A move into a Region without enemy pieces brings only what fits
its free slots; into enemy pieces it may bring more, which wait on the Road for the Battle (R9,
``Battle.Road``). Crossing a Road with Bandits costs 2 of the moving Units per Bandit, chosen by the
mover, then the Bandits go; ``ignore_bandit`` crosses free and leaves them (R11). Pieces arriving
without a Battle take the slots their owner chooses (R12). A move into enemy pieces pushes
``battle`` (docs/third-crusade/rules.md, the hand-over) with the step's March Strength (R27); so
does a move into Neutral pieces alone with the option ``neutral_regions_fight`` (R38).
"""

from __future__ import annotations

from ...engine.procedures import Action, Frame
from .common import alliance, counts, data, owner, port_open
from .control import controller, holder
from .options import on
from .pieces import enemies_in, free_slots, home, kind_of, piece_name, shape_of, slot_choices
from .procedures import PROCEDURES
from .state import NAMES, NEUTRAL, SABOTAGE, State

KINDS = ("march", "forced_march", "disperse", "sea_move", "move", "attack")
"""The movement steps (``Iconography.Actions``; Move and Attack as R27 defines them)."""
MOVES = {"march": 1, "forced_march": 2, "disperse": 2, "sea_move": 1, "move": 1, "attack": 1}
"""How many moves each makes."""
BANDIT_LOSS = 2
"""Units lost per Bandit on the Road crossed (``Glossary.Bandit``, R11)."""


def movable(state: State, frame: Frame, region: str) -> list[int]:
    """The slots of ``region`` whose pieces the mover may take along."""
    army, coordinated = frame["army"], frame["step"].get("coordinated", False)
    ours = controller(state, region) == army or (coordinated and holder(state, region) == alliance(army))
    out = []
    for i, piece in enumerate(state.regions[region]["slots"]):
        if piece is None or piece == SABOTAGE:
            continue
        who = owner(state, piece)
        if (
            who == army
            or (who == NEUTRAL and ours)
            or (coordinated and who != NEUTRAL and alliance(who) == alliance(army))
        ):
            out.append(i)
    return out


def destinations(state: State, frame: Frame, origin: str) -> list[str]:
    """Where the next move from ``origin`` may go (R6; a Sea Move between usable Ports; R27: a Move
    only where it would not fight, an Attack only into enemy pieces)."""
    action, army = frame["step"]["action"], frame["army"]
    if action == "sea_move":
        if not port_open(state, origin):
            return []
        return [rid for rid in state.regions if rid != origin and port_open(state, rid)]
    used = frame.get("used", [])
    return [
        rid
        for rid in data(state).board.neighbours(origin, state.north)
        if rid in state.regions
        and rid not in used
        and not (action == "move" and _hostile(state, army, rid))
        and not (action == "attack" and not enemies_in(state, army, rid))
    ]


def applies(state: State, frame: Frame, region: str) -> bool:
    """The march can start in ``region``: the mover has pieces there and somewhere to go."""
    return bool(movable(state, frame, region)) and bool(destinations(state, frame, region))


def _hostile(state: State, army: str, region: str) -> bool:
    """``region`` holds pieces ``army`` must fight: an enemy Army's, or with the option
    ``neutral_regions_fight`` Neutral pieces alone (R38)."""
    if enemies_in(state, army, region):
        return True
    here = counts(state, region)
    return bool(here) and set(here) == {NEUTRAL} and on(state, "neutral_regions_fight")


def _fits(state: State, frame: Frame, slot: int) -> bool:
    """R9: into a Region without enemies, or on a Forced March's first move, only what fits."""
    origin, to = frame.get("from") or frame["region"], frame["to"]
    capped = frame["step"]["action"] == "forced_march" and frame.get("moves", 0) == 0
    if _hostile(state, frame["army"], to) and not capped:
        return True
    here = state.regions[origin]["slots"]
    shape = shape_of(state, here[slot])
    taken = sum(shape_of(state, here[i]) == shape for i in frame["take"])
    return taken < len(free_slots(state, to, shape))


def legal(state: State, frame: Frame) -> list[Action]:
    phase = frame.get("phase", "to")
    origin = frame.get("from") or frame["region"]
    if phase == "to":
        if frame.get("moves", 0) >= MOVES[frame["step"]["action"]]:
            return []
        return [*(("to", rid) for rid in destinations(state, frame, origin)), ("done",)]
    if phase == "take":
        takes = [
            ("take", i)
            for i in movable(state, frame, origin)
            if i not in frame["take"] and _fits(state, frame, i)
        ]
        return [*takes, *([("go",)] if frame["take"] else []), ("done",)]
    if phase == "bandit":
        return [("lose", j) for j, piece in enumerate(frame["group"]) if kind_of(piece) is not None]
    return [("slot", i) for i in slot_choices(state, frame["to"], shape_of(state, frame["group"][0]))]


def perform(state: State, frame: Frame, action: Action) -> None:
    origin = frame.get("from") or frame["region"]
    if action[0] == "to":
        frame.update(phase="take", to=action[1], take=[])
    elif action[0] == "take":
        frame["take"].append(action[1])
    elif action[0] == "go":
        _go(state, frame, origin)
    elif action[0] == "lose":
        piece = frame["group"].pop(action[1])
        home(state, piece)
        state.say("Glossary.Bandit", f"{piece} is lost to Bandits.")
        frame["lose"] -= 1
        if frame["lose"] == 0 or not any(kind_of(p) for p in frame["group"]):
            state.bandits.pop(_road(origin, frame["to"]), None)
            _arrive(state, frame, origin)
    else:
        state.regions[frame["to"]]["slots"][action[1]] = frame["group"].pop(0)
        if not frame["group"]:
            _moved(state, frame, battle=False)


def _road(a: str, b: str) -> str:
    return "|".join(sorted((a, b)))


def _go(state: State, frame: Frame, origin: str) -> None:
    here = state.regions[origin]["slots"]
    frame["group"] = [here[i] for i in frame["take"]]
    frame["marched"] = True  # R52: a group set off (steps.py tells the step's caller)
    for i in frame["take"]:
        here[i] = None
    names = data(state).board.regions
    moved = ", ".join(piece_name(state, p) for p in frame["group"])
    trip = f"from {names[origin].name} to {names[frame['to']].name}"
    state.say("Glossary.March", f"{NAMES[frame['army']]} moves {moved} {trip}.")
    bandits = 0
    if frame["step"]["action"] != "sea_move" and not frame["step"].get("ignore_bandit"):
        bandits = state.bandits.get(_road(origin, frame["to"]), 0)
    units = sum(kind_of(p) is not None for p in frame["group"])
    frame["lose"] = min(BANDIT_LOSS * bandits, units)
    if frame["lose"]:
        frame["phase"] = "bandit"
        return
    if bandits:
        state.bandits.pop(_road(origin, frame["to"]), None)
    _arrive(state, frame, origin)


def _arrive(state: State, frame: Frame, origin: str) -> None:
    to, army = frame["to"], frame["army"]
    if frame["group"] and _hostile(state, army, to):
        road, frame["group"] = frame["group"], []
        strength = frame["step"].get("strength", 0)
        _moved(state, frame, battle=True)
        PROCEDURES.push(
            state,
            "battle",
            region=to,
            attacker=army,
            order=frame["order"],
            strength=strength,
            origin=origin,
            road=road,
        )
        return
    if frame["group"]:
        frame["phase"] = "land"
    else:
        _moved(state, frame, battle=False)


def _moved(state: State, frame: Frame, battle: bool) -> None:
    """One move made: a Forced March goes on from where it arrived unless it fought there; a
    Disperse makes its second move from the same Region."""
    frame["moves"] = frame.get("moves", 0) + 1
    frame.setdefault("used", []).append(frame["to"])
    frame["phase"] = "to"
    action = frame["step"]["action"]
    if action == "forced_march":
        if battle:
            frame["over"] = True
        else:
            frame["from"], frame["used"] = frame["to"], []
    elif frame["moves"] >= MOVES[action]:
        frame["over"] = True
