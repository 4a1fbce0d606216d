"""The steps of an Order's or an Event Card's effect, carried out one at a time: the procedure
``step``.

Both packs speak one vocabulary (orders.schema.json ``$defs/effect``, docs/third-crusade/events.md):
``muster``, ``remove``, ``place``, ``sabotage``, ``bandit``, ``clear``, ``gain``, ``leader``,
``assassination``, ``advanced_orders`` here, and the four marches in marches.py. A step frame
carries the acting Army, the step as plain data, the Order (for a Battle it starts) and where it
may act: ``regions`` (an Order's own Region, or the Region of the step before for ``same_region``,
E2) or ``banner`` (an Event Card's part, whose banner picks the Regions,
``Command.Event.Regions``). The player first
chooses the Region among those where the step can do something, then carries it out piece by piece
and may stop at any point (``Command.Event.Partial``, ``Command.Order.Partial``). A step that can
apply nowhere is skipped (``Command.Event.Ignore``). Pieces placed where enemies stand start a
Battle at once (``Command.Event.Battle``; R8: they came from no Region). The tracks follow at the
end of every step (``Command.Event.Tracks``, ``Command.Order.Tracks``). A step ends telling its
caller what it did (R52): the Regions where the Army's own Units were added (``units``, one entry a
Unit, the Units an overflow step placed next door included) and the March it made (``marched``:
the step's kind once a group set off, else None), which a Bot's card triggers and column read;
nothing for the action of an Order Fail (``order_fail``), which is not the Order's.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import asdict
from typing import Any

from ...engine.procedures import Action, Frame
from . import control, marches, solo
from .board import SHAPES
from .common import alliance, data, move_faith, move_glory, owner, port_open, presence_holds
from .pieces import (
    enemies_in,
    free_slots,
    home,
    kind_of,
    on_map,
    piece_name,
    shape_of,
    slot_choices,
    take_from_board,
)
from .procedures import PROCEDURES
from .state import NAMES, NEUTRAL, SABOTAGE, State, unit

STEP = "step"
ORDER_TOKENS = {"sabotage": SABOTAGE, "bandit": "bandit"}
"""The Orders' token steps, each placing one token of its name (orders.schema.json)."""
NO_REGION = ("gain", "advanced_orders")
"""The steps that act in no Region (docs/third-crusade/events.md)."""
ORDER_FAIL = "bot_order_fail"
"""The procedure of a Bot Order whose Units find no room (``Solo.Pieces.Adding``), bot_play's."""
ONCE = ("sabotage", "bandit", "assassination", "leader")
"""Steps printed without a count: they act once."""


def as_plain(step: Any) -> dict[str, Any]:
    """An Order's or an Event Card's step (a dataclass of orders.py or events.py) as frame data."""
    out = {k: list(v) if isinstance(v, tuple) else v for k, v in asdict(step).items()}
    if out["action"] in ONCE:
        out["count"] = 1
    return out


def push(state: State, army: str, step: Any, order: str | None, **where: Any) -> None:
    """Start carrying out ``step`` for ``army``; ``where`` gives ``regions`` (the only Regions it
    may act in), ``banner`` ({card, part}: the Regions meeting that banner), or both."""
    plain = as_plain(step)
    frame = PROCEDURES.push(
        state, STEP, army=army, step=plain, order=order, region=None, n=0, added=[], **where
    )
    fixed = where.get("regions")
    if fixed is not None and len(fixed) == 1 and plain["action"] not in NO_REGION:
        frame["region"] = next(iter(_candidates(state, frame)), None)  # no choice to make
        if frame["region"] is None:
            frame["meant"] = fixed[0]  # it could not act there (a Bot's Units may go next to it)


def banner_regions(state: State, banner: dict[str, Any]) -> list[str]:
    """The Regions meeting an Event Card part's banner (``Command.Event.Regions``,
    ``Glossary.NamedRegion``; E5, E8): every Presence icon, the Region type, the named Region, the
    Region of the named Leader (none while he is off the map). A Bot's main event may ignore the
    Region type (``ignore_region``) or the Presence (``ignore_presence``), as its column says
    (``BotTable.Command``)."""
    card = data(state).events.cards[banner["card"]]
    b = (card.main if banner["part"] == "main" else card.crown).banner
    ignore = banner.get("ignore")  # a Bot's column: BotTable.Command, columns 2 and 3
    out = []
    for rid in state.regions:
        region = data(state).board.regions[rid]
        if b.named is not None and rid != b.named:
            continue
        if b.leader is not None and on_map(state, b.leader) != rid:
            continue
        typed = b.region if ignore != "ignore_region" else None
        if typed == "port" and not (region.is_city and port_open(state, rid)):
            continue
        if typed in ("city", "desert") and region.kind != typed:
            continue
        if ignore == "ignore_presence" or all(presence_holds(state, icon, rid) for icon in b.presence):
            out.append(rid)
    return out


def can_apply(state: State, army: str, step: Any, regions: list[str]) -> bool:
    """Whether ``step`` can do something for ``army`` in one of ``regions`` (a step acting in no
    Region always can): how a Bot judges a crown event at least partly useful
    (``Solo.Command.Events``)."""
    plain = as_plain(step)
    if plain["action"] in NO_REGION:
        return True
    frame = {"army": army, "step": plain, "n": 0, "added": [], "region": None}
    return any(rid in state.regions and APPLIES[plain["action"]](state, frame, rid) for rid in regions)


def _candidates(state: State, frame: Frame) -> list[str]:
    regions: list[str] = frame.get("regions") or list(state.regions)
    if "regions" in frame and not frame["regions"]:
        return []
    if frame.get("banner") is not None:
        met = banner_regions(state, frame["banner"])
        regions = [rid for rid in regions if rid in met]
    return [
        rid for rid in regions if rid in state.regions and APPLIES[frame["step"]["action"]](state, frame, rid)
    ]


# -- what each step can do in a Region --------------------------------------------------------
def placing(state: State, frame: Frame) -> str | None:
    """The piece a muster or leader step places next, None if it has none to place."""
    step, army = frame["step"], frame["army"]
    if step["action"] == "leader":
        lid = step["leader"]
        gone = lid in state.leader_box or on_map(state, lid) is not None
        aboard = any(lid in cargo["leaders"] for ship in state.ships.values() for cargo in ship.values())
        return None if gone or aboard else str(lid)
    if step.get("neutral"):
        return unit(NEUTRAL, step["unit"])
    return unit(army, step["unit"]) if state.board_units[army][step["unit"]] > 0 else None


def _place_slots(state: State, frame: Frame, region: str) -> list[int]:
    piece = placing(state, frame)
    if piece is None:
        return []
    if kind_of(piece) == "siege_engine" and not data(state).board.regions[region].is_city:
        return []  # R39: Siege Engines are built in Cities only
    return slot_choices(state, region, shape_of(state, piece))


def _removable(state: State, frame: Frame, region: str) -> list[int]:
    """Slots holding Units an effect may remove (E9: Units of the named Army or Alliance, never Leaders)."""
    step = frame["step"]
    out = []
    for i, piece in enumerate(state.regions[region]["slots"]):
        if piece is None or piece == SABOTAGE or kind_of(piece) is None:
            continue
        who = owner(state, piece)
        if (
            who != NEUTRAL
            and step["of"][0] in (who, alliance(who))
            and step["unit"] in ("any", kind_of(piece))
        ):
            out.append(i)
    return out


def _leaders(state: State, frame: Frame, region: str) -> list[int]:
    """Slots holding Leaders of the colours an Assassination names (``Glossary.Assassination``)."""
    of = frame["step"]["of"]
    out = []
    for i, piece in enumerate(state.regions[region]["slots"]):
        if piece is None or piece == SABOTAGE or kind_of(piece) is not None:
            continue
        who = owner(state, piece)
        if who in of or (who != NEUTRAL and alliance(who) in of):
            out.append(i)
    return out


def _token_targets(state: State, frame: Frame, region: str) -> list[Action]:
    """Where a place, sabotage or clear step may put or take its next token (``Iconography.General``)."""
    step, here = frame["step"], state.regions[region]
    token = ORDER_TOKENS.get(step["action"]) or step["token"]
    roads = [("road", nb) for nb in data(state).board.neighbours(region, state.north)]
    if step["action"] == "clear":
        if token == SABOTAGE:
            return [("slot", i) for i, p in enumerate(here["slots"]) if p == SABOTAGE]
        if token == "bandit":
            return [r for r in roads if state.bandits.get(road(region, r[1]), 0) > 0]
        return [("port",)] if here["destroyed_ports"] > 0 else []  # R10: a printed removal
    if token == SABOTAGE:  # Glossary.Sabotage: an empty slot, never in Jerusalem
        if data(state).board.regions[region].jerusalem:
            return []
        return [("slot", i) for shape in SHAPES for i in slot_choices(state, region, shape)]
    if token == "bandit":
        return roads
    if token == "destroyed_port":
        return [("port",)] if port_open(state, region) else []
    # E7, R46: a Resource token on a free slot of its shape printing no icon and holding no token
    printed = data(state).board.regions[region].slots
    used = {at for at, _ in here["resources"]}
    plain = [i for i in slot_choices(state, region, step["shape"]) if printed[i].icon is None]
    return [("slot", i) for i in plain if i not in used]


def road(a: str, b: str) -> str:
    """The key of the Road between two Regions in ``state.bandits``."""
    return "|".join(sorted((a, b)))


def _targets(state: State, frame: Frame, region: str) -> list[Action]:
    action = frame["step"]["action"]
    if action in ("muster", "leader"):
        return [("slot", i) for i in _place_slots(state, frame, region)]
    if action == "remove":
        return [("slot", i) for i in _removable(state, frame, region)]
    if action == "assassination":
        return [("slot", i) for i in _leaders(state, frame, region)]
    return _token_targets(state, frame, region)


APPLIES: dict[str, Callable[[State, Frame, str], bool]] = {
    **{a: lambda s, f, r: bool(_targets(s, f, r)) for a in ("muster", "leader", "remove", "assassination")},
    **{a: lambda s, f, r: bool(_token_targets(s, f, r)) for a in ("place", "sabotage", "bandit", "clear")},
    **{a: marches.applies for a in marches.KINDS},
}


# -- the procedure ----------------------------------------------------------------------------
def _legal(state: State, frame: Frame, role: str) -> list[Action]:
    step = frame["step"]
    action = step["action"]
    if frame.get("over"):
        return []
    if action == "gain":
        return [*(("gain", n) for n in range(1, step["amount"] + 1)), ("done",)]
    if action == "advanced_orders":
        if frame["n"] >= step["count"]:
            return []
        return [*(("take", oid) for oid in state.advanced[role]), ("done",)]
    if frame["region"] is None:
        regions = _candidates(state, frame)
        return [*(("region", rid) for rid in regions), ("done",)] if regions else []
    if action in marches.KINDS:
        return marches.legal(state, frame)
    if frame["n"] >= step["count"]:
        return []
    targets = _targets(state, frame, frame["region"])
    return [*targets, ("done",)] if targets else []


def _perform(state: State, frame: Frame, role: str, action: Action) -> None:
    step = frame["step"]
    if action[0] == "done":
        frame["over"] = True
    elif action[0] == "region":
        frame["region"] = action[1]
        what = str(step["action"]).replace("_", " ")
        state.say(_key(frame), f"{NAMES[role]}: {what} in {_name(state, action[1])}.")
    elif step["action"] in marches.KINDS:
        marches.perform(state, frame, action)
    else:
        DO[step["action"]](state, frame, action)
        frame["n"] += 1


def _run(state: State, frame: Frame) -> None:
    """The step is over: the Army's own pieces placed among enemies start a Battle from no Region
    (``Command.Event.Battle``, R8); Neutral pieces placed go with the Region's Controller
    (``Glossary.Neutral``). Then the tracks."""
    region, army = frame["region"], frame["army"]
    own = [piece for piece in frame["added"] if owner(state, piece) == army]
    frame["added"] = []
    done = frame.pop("done", None)
    if done is not None and done["kind"] == STEP:  # an overflow step's Units count as this one's
        frame["units"] = [*frame.get("units", []), *done["units"]]
    if own and enemies_in(state, army, region):
        here = state.regions[region]["slots"]
        for piece in own:
            here[here.index(piece)] = None
        where = {"region": region, "attacker": army, "order": frame["order"], "strength": 0, "origin": None}
        PROCEDURES.push(state, "battle", **where, road=own)
        return
    if _overflow(state, frame):
        return
    if frame["region"] is None and frame["step"]["action"] not in NO_REGION and not frame.get("over"):
        state.say(
            _key(frame), f"{NAMES[frame['army']]}: {frame['step']['action']} can apply nowhere; skipped."
        )
    control.update_tracks(state)
    marched = frame["step"]["action"] if frame.get("marched") else None
    if frame.get("order_fail"):  # R52: the die's action of an Order Fail counts for no trigger
        frame["units"], marched = [], None
    PROCEDURES.pop(
        state, frame, region=region, to=frame.get("to"), units=frame.get("units", []), marched=marched
    )


def _overflow(state: State, frame: Frame) -> bool:
    """A Bot's muster that its Region cannot hold, no free slot without an icon being left there
    (it covers none), goes on in an adjacent Region without enemies, once
    (``Solo.Pieces.Adding``, L906): a step for the Units left, among those Regions, which the Bot
    chooses by its priorities (bot_play). None to go to: the rest of an Event is not played, an
    Order fails (:data:`ORDER_FAIL`)."""
    step, army = frame["step"], frame["army"]
    region = frame["region"] or frame.get("meant")
    if (
        step["action"] != "muster"
        or region is None
        or army not in solo.bots(state)
        or frame.get("overflow_from") is not None
        or frame.get("overflowed")
        or frame["n"] >= step["count"]
    ):
        return False
    piece = placing(state, frame)
    if piece is None or bare_slots(state, region, shape_of(state, piece)):
        return False
    frame["overflowed"] = True
    around = [
        nb
        for nb in data(state).board.neighbours(region, state.north)
        if not enemies_in(state, army, nb) and bare_slots(state, nb, shape_of(state, piece))
    ]
    if not around:
        if frame["order"] is None:  # an Event's part: the rest is not played
            state.say(
                "Solo.Pieces.Adding",
                f"{NAMES[army]}: no room by {_name(state, region)}; the rest is not played.",
            )
            return False
        PROCEDURES.push(state, ORDER_FAIL, army=army, region=region)  # an Order: bot_play's Order Fail
        return True
    state.say(
        "Solo.Pieces.Adding", f"{NAMES[army]}: {_name(state, region)} is full; the rest goes next to it."
    )
    rest = {**step, "count": step["count"] - frame["n"]}
    PROCEDURES.push(
        state,
        STEP,
        army=army,
        step=rest,
        order=frame["order"],
        region=None,
        n=0,
        added=[],
        regions=around,
        overflow_from=region,
    )
    return True


def bare_slots(state: State, region: str, shape: str) -> list[int]:
    """The free slots of ``shape`` in ``region`` showing no Resource, printed or on a token, the
    only ones a Bot fills (``Solo.Pieces.Adding``)."""
    printed = data(state).board.regions[region].slots
    tokens = {at for at, _ in state.regions[region]["resources"]}
    return [i for i in free_slots(state, region, shape) if printed[i].icon is None and i not in tokens]


def _key(frame: Frame) -> str:
    return "Command.Order.Effect" if frame.get("banner") is None else "Command.Event"


def _name(state: State, region: str) -> str:
    return data(state).board.regions[region].name


# -- carrying out one piece or token -----------------------------------------------------------
def _place(state: State, frame: Frame, action: Action) -> None:
    """Muster (``Glossary.Muster``) or a Named Leader (``Glossary.NamedLeader``, E8) into a slot
    the player chooses (R12)."""
    piece = placing(state, frame)
    assert piece is not None
    kind = kind_of(piece)
    if kind is not None and owner(state, piece) != NEUTRAL:
        take_from_board(state, frame["army"], kind)
        frame["units"] = [*frame.get("units", []), frame["region"]]  # R52: what the step did
    for beside in state.leaders_beside.values():
        if piece in beside:
            beside.remove(piece)
    state.regions[frame["region"]]["slots"][action[1]] = piece
    frame["added"].append(piece)
    where = _name(state, frame["region"])
    state.say(_key(frame), f"{NAMES[frame['army']]} places {piece_name(state, piece)} in {where}.")


def _remove(state: State, frame: Frame, action: Action) -> None:
    """An enemy Unit goes home (E9) or a Leader to the box (``Glossary.Assassination``)."""
    here = state.regions[frame["region"]]["slots"]
    piece = here[action[1]]
    here[action[1]] = None
    home(state, piece)
    where = _name(state, frame["region"])
    state.say(_key(frame), f"{NAMES[frame['army']]} removes {piece_name(state, piece)} from {where}.")


def _token(state: State, frame: Frame, action: Action) -> None:
    """Put or take a token (``Iconography.General``; ``Glossary.Sabotage``, ``Glossary.Bandit``,
    ``Glossary.DestroyedPort``, R10; a Resource token, E7)."""
    step, region = frame["step"], frame["region"]
    here = state.regions[region]
    sign = -1 if step["action"] == "clear" else 1
    token = ORDER_TOKENS.get(step["action"]) or step["token"]
    if action[0] == "road":
        key = road(region, action[1])
        state.bandits[key] = state.bandits.get(key, 0) + sign
        if state.bandits[key] == 0:
            del state.bandits[key]
    elif action[0] == "port":
        here["destroyed_ports"] += sign
    elif token == SABOTAGE:
        here["slots"][action[1]] = SABOTAGE if sign > 0 else None
    else:
        here["resources"].append([action[1], token])
    verb = "clears" if sign < 0 else "places"
    said = token.replace("_", " ")
    state.say(_key(frame), f"{NAMES[frame['army']]} {verb} a {said} token in {_name(state, region)}.")


def _gain(state: State, frame: Frame, action: Action) -> None:
    """Glory, Faith, gold chits or current command points (``Iconography.General``; E7)."""
    army, track, n = frame["army"], frame["step"]["track"], action[1]
    if track == "glory":
        move_glory(state, alliance(army), n)
    elif track == "faith":
        move_faith(state, army, n)
    elif track == "gold":
        state.gold[army] += n
    else:
        state.tracks[army]["current"] += n
    state.say(_key(frame), f"{NAMES[army]} gains {n} {track.replace('_', ' ')}.")
    frame["over"] = True


def _advanced(state: State, frame: Frame, action: Action) -> None:
    """An Advanced Order behind the screen for free (``Glossary.AdvancedOrder``)."""
    state.advanced[frame["army"]].remove(action[1])
    state.order_box[frame["army"]].append(action[1])
    name = data(state).orders.orders[action[1]].name
    state.say(_key(frame), f"{NAMES[frame['army']]} takes the Advanced Order {name} for free.")


DO: dict[str, Callable[[State, Frame, Action], None]] = {
    "muster": _place,
    "leader": _place,
    "remove": _remove,
    "assassination": _remove,
    "place": _token,
    "sabotage": _token,
    "bandit": _token,
    "clear": _token,
    "gain": _gain,
    "advanced_orders": _advanced,
}

PROCEDURES.procedure(
    STEP,
    legal=_legal,
    perform=_perform,
    run=_run,
    roles=lambda state, frame: [frame["army"]],
    prompt="Carry out the effect's step, or stop (Command.Order.Partial, Command.Event.Partial).",
    rule="Command.Order.Effect",
)
