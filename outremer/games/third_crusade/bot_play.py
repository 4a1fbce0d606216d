"""The Bot's decisions in the solo game, by procedure (``Solo.*``; docs/third-crusade/bot.md).

:func:`choose` picks the Bot's answer among the legal ones (or acts itself and returns None) from
the facts the rules let it read: the pieces and Control on the map, its own piles, cards and
column, the public tracks. Its weighing of Regions is the Battle Strength of all its pieces there
(``Solo.Changes.6``), ties broken by Proximity (``SoloGlossary.Proximity``). Random picks are the
state's draws (engine.rng).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...engine import rng
from ...engine.procedures import Action, Frame
from . import diplomacy, refill, solo, steps, turns
from .battle_moves import ROAD, piece_at
from .battle_strength import defender_in_charge, faith, piece_strength
from .bot_table import takes
from .common import alliance, allies, counts, data, enemies, move_faith, owner, port_open, presence_holds
from .control import controlled, controller, holder, update_tracks
from .orders import Step
from .pieces import SHAPE, enemies_in, free_slots, kind_of, shape_of
from .procedures import PROCEDURES
from .solo import column, table
from .state import NAMES, NEUTRAL, SABOTAGE, State, unit

Chooser = Callable[[State, Frame, str, list[Action]], Action | None]
ORDER_FAIL = steps.ORDER_FAIL


# -- weighing Regions --------------------------------------------------------------------------
def strength(state: State, army: str, region: str) -> int:
    """The Battle Strength of ``army``'s pieces in ``region`` (``Solo.Changes.6``, L832)."""
    kind = data(state).board.regions[region].kind
    return sum(piece_strength(state, p, kind) for p in own(state, army, region))


def side_strength(state: State, army: str, region: str) -> int:
    """The Battle Strength of ``army``'s Alliance in ``region``."""
    return sum(strength(state, a, region) for a in allies(state, army))


def _leader_alone(state: State, army: str, region: str) -> bool:
    """A Leader of ``army`` without Units there counts stronger at equal Strength (``Solo.Changes.7``)."""
    mine = own(state, army, region)
    return bool(mine) and all(kind_of(p) is None for p in mine)


def proximity(state: State, army: str) -> dict[str, int]:
    """Each Region's place in the Proximity order against the human Alliance (``SoloGlossary.Proximity``)."""
    human = "muslim" if alliance(army) == "crusader" else "crusader"
    return {r: i for i, r in enumerate(data(state).board.proximity_order(human, state.north))}


def weakest_first(state: State, army: str, regions: list[str], *, leader_first: bool = False) -> list[str]:
    """``regions`` weakest first for ``army``, then by Proximity (``Solo.Planning.Ties``); at equal
    Strength a lone Leader's Region counts stronger (``Solo.Changes.7``), except in Planning, where
    R33 has it take its Order first as the planning example does (``leader_first``)."""
    near = proximity(state, army)

    def key(r: str) -> tuple[int, bool, int]:
        alone = _leader_alone(state, army, r)
        return (strength(state, army, r), not alone if leader_first else alone, near.get(r, 99))

    return sorted(regions, key=key)


def strongest_first(state: State, army: str, regions: list[str]) -> list[str]:
    near = proximity(state, army)
    return sorted(regions, key=lambda r: (-strength(state, army, r), near.get(r, 99)))


def own(state: State, army: str, region: str) -> list[str]:
    """``army``'s Units and Leaders in ``region``."""
    return [
        p for p in state.regions[region]["slots"] if p not in (None, SABOTAGE) and owner(state, p) == army
    ]


def _is_leader(piece: str | None) -> bool:
    return piece is not None and piece != SABOTAGE and kind_of(piece) is None


def _empty(state: State, region: str) -> bool:
    return not counts(state, region)


# -- Strategy ------------------------------------------------------------------------------------
def _place(state: State, frame: Frame, army: str, legal: list[Action]) -> Action:
    """The Bot's cards go under the slots unseen, in a random order (``Solo.Strategy``, L843-L846)."""
    column(state, army)  # STRATEGY: BOT ROLL
    return rng.choice(state, legal)


# -- Planning ------------------------------------------------------------------------------------
def planning_targets(state: State, army: str, regions: list[str]) -> list[str]:
    """Where the Bot places its Orders (``Solo.Planning.Order``, L861-L867): first its strongest
    Region, then its own Regions, its Alliance's, the empty ones next to its own, the humans',
    each weakest first; Jerusalem only up to the column's limit."""
    limit = column(state, army).jerusalem
    jerusalem = data(state).board.jerusalem
    board = data(state).board
    ok = [r for r in regions if r != jerusalem or strength(state, army, r) <= limit]
    mine = [r for r in ok if controller(state, r) == army]
    if not any(state.placed.get(r, {}).get(alliance(army), {}).get("army") == army for r in state.placed):
        first = strongest_first(state, army, mine)[:1]
        if first:
            return first
    partner = [r for r in ok if r not in mine and side_strength(state, army, r) > 0]
    empty = [
        r
        for r in ok
        if _empty(state, r) and any(controller(state, n) == army for n in board.neighbours(r, state.north))
    ]
    human = [r for r in ok if controller(state, r) in enemies(state, army)]
    return [
        *weakest_first(state, army, mine, leader_first=True),
        *weakest_first(state, army, partner, leader_first=True),
        *weakest_first(state, army, empty, leader_first=True),
        *_weakest_human(state, army, human),
    ]


def _weakest_human(state: State, army: str, regions: list[str]) -> list[str]:
    near = proximity(state, army)
    foes = enemies(state, army)
    return sorted(regions, key=lambda r: (sum(strength(state, f, r) for f in foes), near.get(r, 99)))


def _planning(state: State, frame: Frame, army: str, legal: list[Action]) -> Action:
    """PLANNING: BOT ROLL: as many Orders as the column says, drawn unseen from the Prepared pile
    (``Solo.Planning``, L857-L860), placed by the planning priorities; then the Bot passes."""
    placed = sum(1 for r in state.placed.values() for p in r.values() if p["army"] == army)
    assert state.solo is not None
    prepared = set(state.solo["piles"][army]["prepared"])
    orders = [a for a in legal if a[0] == "order" and a[1] in prepared]
    passing = [a for a in legal if a[0] != "order"]
    if placed >= column(state, army).place or not orders:
        return passing[0]
    ids = sorted({a[1] for a in orders})
    drawn = rng.choice(state, ids)
    regions = [a[2] for a in orders if a[1] == drawn]
    targets = planning_targets(state, army, regions)
    if not targets:
        return passing[0]
    return ("order", drawn, targets[0])


def plan_all(state: State, frame: Frame) -> None:
    """At the start of Planning every Bot places all its Orders, the one higher on initiative first,
    before the humans place any (``Solo.Planning``, L857-L860); on its turns it then passes."""
    assert state.solo is not None
    frame["bots_placed"] = True
    proc = PROCEDURES.get(frame["kind"])
    assert proc.legal is not None and proc.perform is not None
    asked = frame.get("roles")
    for army in sorted(state.solo["bots"], key=state.initiative.index):
        while True:
            action = _planning(state, frame, army, proc.legal(state, frame, army))
            if action[0] != "order":
                break
            proc.perform(state, frame, army, action)
    if asked is None:
        frame.pop("roles", None)
    else:
        frame["roles"] = asked


# -- Command -------------------------------------------------------------------------------------
def _command_rank(state: State, army: str, regions: list[str]) -> list[str]:
    """The Bot's priorities for Orders and Events (``Solo.Command.Priority``, L888-L893): Jerusalem
    under the column's limit, its weakest Controlled Region, a Region with its Presence its partner
    Controls; the rest by Proximity."""
    jerusalem = data(state).board.jerusalem
    limit = column(state, army).jerusalem
    near = proximity(state, army)

    def rank(r: str) -> tuple[int, int, int]:
        if r == jerusalem and strength(state, army, r) < limit:
            return (0, 0, 0)
        if controller(state, r) == army:
            return (1, strength(state, army, r), near.get(r, 99))
        return (2, 0, near.get(r, 99))

    return sorted(regions, key=rank)


def bot_orders(state: State, army: str) -> list[str]:
    """The Regions of the Bot's Orders it may execute: cost and Region type ignored, a Sea Move
    from a Port only, Presence as printed (``Solo.Command.Orders``, L894-L897)."""
    out = []
    for region, sides in state.placed.items():
        placed = sides.get(alliance(army))
        if placed is None or placed["army"] != army or placed["up"]:
            continue
        order = data(state).orders.orders[placed["order"]]
        if order.blank or order.reaction or order.cost is None:
            continue
        if order.region == "port" and not port_open(state, region):
            continue
        if all(presence_holds(state, icon, region) for icon in order.presence):
            out.append(region)
    return out


def _command(state: State, frame: Frame, army: str, legal: list[Action]) -> Action | None:
    """The Bot's turn (``Solo.Command``, L884-L903): a random Event Card if its last Order set one
    off (a CARD TRIGGER of its column); else its face-down Order first by its priorities (public
    facts only), turned up and executed paying nothing (order.py, ``Solo.Setup.6``), or Order Fail
    if it cannot be executed (R32; a Disperse that cannot split its pieces, ``Solo.March.7``), or
    nothing for a Blank or a Reaction; else the cards left, drawn at random; else it passes and
    gains its column's bonus."""
    assert state.solo is not None
    events = [a for a in legal if a[0] == "event"]
    if events and state.solo.setdefault("triggered", {}).pop(army, False):
        return rng.choice(state, events)
    face_down = _command_rank(state, army, _face_down(state, army))
    if face_down:
        region = face_down[0]  # chosen by public facts alone: the Order is still face down
        order = data(state).orders.orders[state.placed[region][alliance(army)]["order"]]
        split = any(s.action == "disperse" for s in order.effect)
        if region in bot_orders(state, army) and not (split and disperse_share(state, army, region) < 1):
            PROCEDURES.push(state, "order", army=army, region=region)  # its card trigger: order.py
        elif order.blank or order.reaction or order.cost is None:
            _turn_up_idle(state, army, region)
        else:
            order_fail(state, army, region)
        turns.done(frame)
        return None
    if events:
        return rng.choice(state, events)
    bonus(state, army)
    return ("pass",)


def _face_down(state: State, army: str) -> list[str]:
    """The Regions of the Bot's Orders still face down on the map: the Bot tries them by its
    priorities, which read only public facts, and learns what each is when it turns it up
    (``Solo.Command.Orders``, L894-L897)."""
    return [r for r, sides in state.placed.items() if _mine_face_down(sides.get(alliance(army)), army)]


def _mine_face_down(placed: dict[str, Any] | None, army: str) -> bool:
    return placed is not None and placed["army"] == army and not placed["up"]


def _turn_up_idle(state: State, army: str, region: str) -> None:
    """A Blank or a Reaction Order turned up in the Command phase: there is nothing to execute
    (``Command.Order.Blank``, ``Command.Reaction``); it leaves the map as executed."""
    placed = state.placed[region].pop(alliance(army))
    if not state.placed[region]:
        del state.placed[region]
    state.executed[army].append(placed["order"])
    state.barrier += 1  # the Order is turned up: a hidden fact is shown
    name = data(state).orders.orders[placed["order"]].name
    where = data(state).board.regions[region].name
    state.say("Solo.Command.Orders", f"The {NAMES[army]} turns up {name} in {where}: nothing to execute.")


def order_fail(state: State, army: str, region: str) -> None:
    """ORDER FAIL (``SoloGlossary.OrderFail``; R32): the Order leaves the map as executed and a die
    gives its action in the Region, rolled again for an action the Bot cannot carry out."""
    placed = state.placed[region].pop(alliance(army))
    if not state.placed[region]:
        del state.placed[region]
    state.executed[army].append(placed["order"])
    state.barrier += 1  # the Order is turned up: a hidden fact is shown
    name = data(state).orders.orders[placed["order"]].name
    where = data(state).board.regions[region].name
    state.say(
        "SoloGlossary.OrderFail", f"The {NAMES[army]} turns up {name} in {where}: it cannot be executed."
    )
    fail_action(state, army, region)


def fail_action(state: State, army: str, region: str) -> None:
    """The action of ORDER FAIL (R32): a die gives it in ``region``, rolled again for an action the
    Bot cannot carry out, such as Units that find no room (R55)."""
    faces = table(state).order_fail.faces
    usable = [f for f in sorted(faces) if all(_can(state, army, step, region) for step in faces[f])]
    if not usable:
        state.say(
            "SoloGlossary.OrderFail", "The Bot's Order fails and no action of the die can be carried out."
        )
        return
    face = usable[rng.below(state, len(usable))]  # R32: a face it cannot use is rolled again
    state.say("SoloGlossary.OrderFail", f"The Bot's Order fails; the die gives face {face}.")
    for step in reversed(faces[face]):  # R52: what the die's action does is not the Order's
        steps.push(state, army, step, None, regions=[region], order_fail=True)


def _order_fail_run(state: State, frame: Frame) -> None:
    """An Order of the Bot whose Units find no room, even next to its Region, fails
    (``Solo.Pieces.Adding``, L906-L907; pushed by steps.py): the Order Fail action follows."""
    PROCEDURES.pop(state, frame)
    where = data(state).board.regions[frame["region"]].name
    state.say(
        "Solo.Pieces.Adding", f"The {NAMES[frame['army']]}'s Units find no room by {where}: Order Fail."
    )
    fail_action(state, frame["army"], frame["region"])


PROCEDURES.procedure(ORDER_FAIL, run=_order_fail_run, rule="SoloGlossary.OrderFail")


def _can(state: State, army: str, step: Step, region: str) -> bool:
    if step.action == "muster":
        return state.board_units[army].get(step.unit or "", 0) > 0 and _room(state, army, step, region)
    return strength(state, army, region) > 0 and region != data(state).board.jerusalem


def _room(state: State, army: str, step: Step, region: str) -> bool:
    """Whether a Unit of a muster step finds a slot the Bot fills (no Resource shown, a Siege Engine
    in a City only, R39) in ``region`` or, by ``Solo.Pieces.Adding``, in an adjacent Region without
    enemies: a die face whose Units find none is one the Bot cannot execute (R55)."""
    board = data(state).board
    shape = shape_of(state, unit(army, step.unit or ""))
    around = [nb for nb in board.neighbours(region, state.north) if not enemies_in(state, army, nb)]
    return any(
        steps.bare_slots(state, r, shape) and (step.unit != "siege_engine" or board.regions[r].is_city)
        for r in (region, *around)
    )


def bonus(state: State, army: str) -> None:
    """The column's BONUS at the end of the Bot's Command (``BotTable.Command``; R29): a track,
    Neutral Units in its Leaders' Regions or its weakest, or Sabotage placed by
    ``Solo.Pieces.Sabotage`` (:func:`sabotage_spots`)."""
    b = column(state, army).bonus
    if b.kind == "track" and b.track == "faith":
        move_faith(state, army, b.amount)
    elif b.kind == "track" and b.track == "gold":
        state.gold[army] += b.amount
    elif b.kind == "neutral" and b.unit is not None:
        mine = [r for r in state.regions if strength(state, army, r) > 0 or _is_leader_region(state, army, r)]
        if b.where == "leader_regions":
            where = [r for r in mine if _is_leader_region(state, army, r)]
        else:
            where = weakest_first(state, army, [r for r in mine if controller(state, r) == army])[:1]
        for region in where:
            for _ in range(b.count):
                piece = unit(NEUTRAL, b.unit)
                free = free_slots(state, region, shape_of(state, piece))
                if free:
                    state.regions[region]["slots"][free[0]] = piece
    elif b.kind == "sabotage":
        for region, slot in sabotage_spots(state, army, list(state.regions))[: b.count]:
            state.regions[region]["slots"][slot] = SABOTAGE
            name = data(state).board.regions[region].name
            state.say("Solo.Pieces.Sabotage", f"The {NAMES[army]} sabotages a slot in {name}.")
        update_tracks(state)
    else:
        return
    state.say("BotTable.Command", f"The Bot gains its column's bonus ({b.kind}).")


def _is_leader_region(state: State, army: str, region: str) -> bool:
    return any(_is_leader(p) and owner(state, p) == army for p in state.regions[region]["slots"])


def _event(state: State, frame: Frame, army: str, legal: list[Action]) -> Action:
    """The main event, then the crown event, which the Bot always tries when at least part of it
    can do something, buying the crowns it lacks with gold (``Solo.Command.Events``, L900)."""
    card = data(state).events.cards[frame["card"]]
    for action in legal:
        if action[0] == "main":
            return action
    for action in legal:
        if action[0] == "crown":
            chosen = card.crown.choices[int(action[1])]
            if card.crown.mode == "same_region":
                regions = [frame["main_region"]] if frame.get("main_region") else []
            else:
                regions = steps.banner_regions(state, {"card": card.id, "part": "crown"})
            if any(steps.can_apply(state, army, step, regions) for step in chosen):
                return action
    return ("end",) if ("end",) in legal else legal[0]


# -- steps of Orders and Events ----------------------------------------------------------------
def _march_target(state: State, frame: Frame, army: str, targets: list[str]) -> str | None:
    """Where the Bot marches (``Solo.March``, L951-L954): a human Region it would win, the strongest
    such; else an empty one, one holding its own Order first; else a friendly one; Proximity."""
    near = proximity(state, army)
    origin = frame.get("from") or frame.get("region")
    foes = enemies(state, army)

    def foe_strength(r: str) -> int:
        return sum(strength(state, f, r) for f in foes)

    def wins(r: str) -> bool:
        """The Bot's Battle Strength beats the Region's, each side's Faith +1 counted (Solo.Battle.Faith,
        L924: the Bot against the Army that would defend there, Battle.Roles)."""
        defender = defender_in_charge(state, r, alliance(foes[0]))
        if defender is None:
            return False
        ours, theirs = faith(state, army), faith(state, defender)
        return foe_strength(r) + int(theirs > ours) < attack(state, army, origin, r) + int(ours > theirs)

    winnable = [r for r in targets if foe_strength(r) > 0 and wins(r)]
    if winnable:
        return sorted(winnable, key=lambda r: (-foe_strength(r), near.get(r, 99)))[0]
    empty = [r for r in targets if _empty(state, r)]
    if empty:
        mine = alliance(army)
        return sorted(empty, key=lambda r: (mine not in state.placed.get(r, {}), near.get(r, 99)))[0]
    friendly = [r for r in targets if side_strength(state, army, r) > 0 and foe_strength(r) == 0]
    if friendly:
        return sorted(friendly, key=lambda r: near.get(r, 99))[0]
    return None


def attack(state: State, army: str, origin: str | None, target: str) -> int:
    """The Strength the Bot can bring from ``origin`` into ``target``: its pieces there by the
    target's type, less one weakest Unit left behind (``Solo.March.5``, ``Solo.March.Example.Sidon``)."""
    if origin is None:
        return 0
    kind = data(state).board.regions[target].kind
    pieces = [
        p for p in state.regions[origin]["slots"] if p not in (None, SABOTAGE) and owner(state, p) == army
    ]
    units = sorted(piece_strength(state, p, kind) for p in pieces if kind_of(p) is not None)
    if not units:
        return 0
    return sum(piece_strength(state, p, kind) for p in pieces) - units[0]


def disperse_share(state: State, army: str, origin: str) -> int:
    """How many of its pieces in ``origin`` the Bot sends into each Region of a Disperse
    (``Solo.March.7``, L973-L978): the origin keeps a third of them rounded down, at least one, and
    one more when the rest is odd; the rest is split evenly (5 pieces: 2 and 2, 1 kept; 4: 1 and 1,
    2 kept, as the example has it). 0: it cannot disperse."""
    n = len(own(state, army, origin))
    return (n - max(1, n // 3)) // 2


def _how_many(state: State, frame: Frame, army: str, mine: int) -> int:
    """How many pieces the Bot marches: half, rounded up, into an empty Region (``Solo.March.6``);
    into a friendly one enough to even both out, the new one taking the odd piece
    (``Solo.March.4``); into a Battle all but one (``Solo.March.5``)."""
    to = frame.get("to")
    if not to or _empty(state, to):
        return max(1, (mine + 1) // 2)
    if any(strength(state, f, to) for f in enemies(state, army)) or counts(state, to)[NEUTRAL]:
        return mine - 1
    there = sum(counts(state, to)[a] for a in allies(state, army))
    return max(1, (mine - there + 1) // 2)


def _disperse_fails(state: State, frame: Frame, army: str, origin: str) -> None:
    """A Disperse that cannot split by thirds follows the Order Fail instructions (``Solo.March.7``),
    an Event Card's as an Order's (R53): the step ends unmade and the die's action (R32) takes place
    in the Region it would have left."""
    frame["over"] = True
    where = data(state).board.regions[origin].name
    state.say("Solo.March.7", f"The {NAMES[army]} cannot split its pieces in {where} by thirds: Order Fail.")
    fail_action(state, army, origin)


def _step(state: State, frame: Frame, army: str, legal: list[Action]) -> Action | None:
    """A step: a March by ``Solo.March`` (never out of Jerusalem, ``Solo.March.2``; half the pieces
    into an empty Region, ``Solo.March.6``; one Unit always left, ``Solo.March.5``; a Disperse by
    thirds from a Region where it can split, else the Order Fail instructions, ``Solo.March.7``,
    R53), the rest the first choice offered, going on while it can (None: it acted itself)."""
    done = [a for a in legal if a[0] == "done"]
    regions = [a[1] for a in legal if a[0] == "region"]
    if _token(frame) is not None and done:
        return _token_choice(state, frame, army, legal)
    if regions:
        return _step_region(state, frame, army, regions)
    if frame["step"]["action"] == "remove" and legal[0][0] == "slot":
        chosen = _target_slot(state, frame, army, [a for a in legal if a[0] == "slot"])
        piece = state.regions[frame["region"]]["slots"][chosen[1]]
        neutral = owner(state, piece) == NEUTRAL
        return done[0] if neutral and done else chosen
    tos = [a for a in legal if a[0] == "to"]
    if tos:
        origin = frame.get("from") or frame["region"]
        if origin == data(state).board.jerusalem and done:
            return done[0]
        if frame["step"]["action"] == "disperse":  # Solo.March.7: the share is set before the first move
            share = frame.setdefault("share", disperse_share(state, army, origin))
            if share < 1:
                _disperse_fails(state, frame, army, origin)
                return None
        target = _march_target(state, frame, army, [a[1] for a in tos])
        if target is None:
            return done[0] if done else tos[0]
        return ("to", target)
    takes = [a for a in legal if a[0] == "take"]
    if takes:
        region = frame.get("from") or frame["region"]
        slots = state.regions[region]["slots"] if region else []
        mine = sum(1 for p in slots if p not in (None, SABOTAGE) and owner(state, p) == army)
        taken = len(frame.get("take", []))
        goal = frame["share"] if "share" in frame else _how_many(state, frame, army, mine)
        go = [a for a in legal if a[0] == "go"]
        if taken >= goal and go:
            return go[0]
        to = frame.get("to")
        kind = data(state).board.regions[to].kind if to else "city"

        def rank(action: Action) -> tuple[bool, int]:
            piece = slots[action[1]] if action[1] in range(len(slots)) else None
            if piece is None or piece == SABOTAGE:
                return (True, 0)
            return (not _is_leader(piece), -piece_strength(state, piece, kind))

        return min(takes, key=rank)  # Solo.March.1, .3: Leaders, then the strongest there
    slots = [a for a in legal if a[0] == "slot"]
    piece = steps.placing(state, frame) if frame["step"]["action"] == "muster" else None
    if piece is not None and slots and done:  # Solo.Pieces.Adding: no Resource covered
        bare = steps.bare_slots(state, frame["region"], shape_of(state, piece))
        return next((a for a in slots if a[1] in bare), done[0])
    if slots:
        region = frame.get("to") if frame.get("phase") == "land" else frame.get("region")
        return _bare(state, region, slots, 1)
    rest = [a for a in legal if a[0] != "done"]
    return rest[0] if rest else legal[0]


def _step_region(state: State, frame: Frame, army: str, regions: list[str]) -> Action:
    """Where a step of the Bot acts that puts or takes no token (those: :func:`_token_choice`):
    Units removed where the human has fewest (``Solo.Pieces.Removing``); the rest by its command
    priorities (``Solo.Command.Priority``)."""
    action = frame["step"]["action"]
    foes = enemies(state, army)

    def human(r: str) -> int:
        return sum(counts(state, r)[f] for f in foes)

    if action == "remove":
        present = [r for r in regions if human(r) > 0] or regions  # none: the first the rules allow
        near = proximity(state, army)
        return ("region", min(present, key=lambda r: (human(r), near.get(r, 99))))
    if action == "muster":
        return ("region", adding_regions(state, army, regions, frame.get("overflow_from"))[0])
    if action == "disperse":  # Solo.March.7, R53: where it can split by thirds, if anywhere
        jerusalem = data(state).board.jerusalem
        split = [r for r in regions if r != jerusalem and disperse_share(state, army, r) >= 1]
        regions = split or regions
    return ("region", _command_rank(state, army, regions)[0])


def adding_regions(state: State, army: str, regions: list[str], overflow_from: str | None) -> list[str]:
    """Where the Bot adds Units, best first (``Solo.Pieces.Adding``, L906-L907): by its command
    priorities among Regions with its Alliance's Presence; Units a full Region could not hold
    (``overflow_from``) into the weakest adjacent Region of its Alliance, else one holding only
    Neutral pieces, else an empty one; with no Presence anywhere offered, an empty Region or one of
    Neutral pieces next to its weakest Region, Neutrals first. Proximity breaks ties."""
    near = proximity(state, army)

    def by_near(r: str) -> int:
        return near.get(r, 99)

    ours = [r for r in regions if any(counts(state, r)[a] for a in allies(state, army))]
    neutral = sorted(
        (r for r in regions if {w for w, n in counts(state, r).items() if n} == {NEUTRAL}), key=by_near
    )
    empty = sorted((r for r in regions if _empty(state, r)), key=by_near)
    if overflow_from is not None:
        kinds = {
            "weakest_adjacent": weakest_first(state, army, ours),
            "adjacent_with_neutrals": neutral,
            "empty_adjacent": empty,
        }
        ranked = [r for item in table(state).priorities["adding_overflow"].items for r in kinds[item]]
        return list(dict.fromkeys([*ranked, *regions]))
    if ours:
        return _command_rank(state, army, ours)
    weakest = weakest_first(state, army, [r for r in state.regions if own(state, army, r)])[:1]
    beside = set(data(state).board.neighbours(weakest[0], state.north)) if weakest else set()
    return list(
        dict.fromkeys([*(r for r in [*neutral, *empty] if r in beside), *_command_rank(state, army, regions)])
    )


def _target_slot(state: State, frame: Frame, army: str, slots: list[Action]) -> Action:
    """Which piece the Bot removes: never a Neutral, a Cavalry-type Leader before an Infantry-type
    one (``Solo.Pieces.Removing``)."""
    region = frame["region"]
    pieces = state.regions[region]["slots"]
    leaders = data(state).leaders.leaders

    def rank(a: Action) -> tuple[bool, int]:
        piece = pieces[a[1]]
        if owner(state, piece) == NEUTRAL:
            return (True, 0)
        if kind_of(piece) is None:
            return (False, 0 if leaders[piece].icon("cavalry") else 1)
        return (False, 2)

    return min(slots, key=rank)


# -- tokens: Sabotage, Bandits, Destroyed Ports, Resources (Solo.Pieces) -----------------------
def _token(frame: Frame) -> str | None:
    """The token a step puts or takes, None for a step of pieces."""
    step = frame["step"]
    return steps.ORDER_TOKENS.get(step["action"]) or step.get("token")


def _icon_at(state: State, region: str, slot: int) -> str | None:
    """The Resource a slot shows: its printed icon, or the Resource token on it."""
    tokens = {at: icon for at, icon in state.regions[region]["resources"]}
    return data(state).board.regions[region].slots[slot].icon or tokens.get(slot)


def _rank(items: tuple[str, ...], icon: str | None) -> int:
    return items.index(icon) if icon in items else len(items)


def sabotage_spots(state: State, army: str, regions: list[str]) -> list[tuple[str, int]]:
    """Where the Bot puts a Sabotage token, best first (``Solo.Pieces.Sabotage``, L910): a free slot
    in a Region where a human Army has Presence (never Jerusalem, ``Glossary.Sabotage``), the icon
    it covers by the Bot's priority, then the slot of the Unit type stronger in that Region's type,
    then Proximity."""
    order = table(state).priorities["sabotage"].items
    near = proximity(state, army)
    spots = []
    for r in regions:
        region = data(state).board.regions[r]
        if region.jerusalem or not any(counts(state, r)[f] for f in enemies(state, army)):
            continue
        for kind, shape in SHAPE.items():
            power = piece_strength(state, unit(NEUTRAL, kind), region.kind)
            for i in free_slots(state, r, shape):
                spots.append(((_rank(order, _icon_at(state, r, i)), -power, near.get(r, 99)), r, i))
    return [(r, i) for _, r, i in sorted(spots)]


def _clearings(state: State, army: str, token: str, regions: list[str]) -> list[Action]:
    """What the Bot takes away, best first, as ("region", r, choice) (``Solo.Pieces``): a Sabotage
    token in a Region of its Alliance, by the icon it frees, skipping command points, the stronger
    Region first (``.Sabotage``, L910); a Bandit only from a Road into Jerusalem while a human
    Army holds it (``.Bandits``, L912); a Destroyed Port where it is strongest (``.DestroyedPort``,
    L914)."""
    order = table(state).priorities["sabotage_removal"].items
    near = proximity(state, army)
    board = data(state).board
    if token == SABOTAGE:
        found = []
        for r in regions:
            if not any(counts(state, r)[a] for a in allies(state, army)):
                continue
            for i, p in enumerate(state.regions[r]["slots"]):
                if p == SABOTAGE and _icon_at(state, r, i) in order:
                    key = (
                        _rank(order, _icon_at(state, r, i)),
                        -side_strength(state, army, r),
                        near.get(r, 99),
                    )
                    found.append((key, r, ("slot", i)))
        return [("region", r, c) for _, r, c in sorted(found)]
    if token == "bandit":
        jerusalem = board.jerusalem
        if holder(state, jerusalem) in (None, alliance(army)):
            return []
        roads = [
            nb
            for nb in board.neighbours(jerusalem, state.north)
            if state.bandits.get(steps.road(jerusalem, nb))
        ]
        out = [("region", jerusalem, ("road", nb)) for nb in roads if jerusalem in regions]
        return out + [("region", nb, ("road", jerusalem)) for nb in roads if nb in regions]
    if token == "destroyed_port":
        ports = [r for r in strongest_first(state, army, regions) if state.regions[r]["destroyed_ports"]]
        return [("region", r, ("port",)) for r in ports]
    return []


def _token_choice(state: State, frame: Frame, army: str, legal: list[Action]) -> Action:
    """A step putting or taking a token, by the Bot's rules (``Solo.Pieces``): Sabotage on the human
    (:func:`sabotage_spots`), never a Bandit (``.Bandits``), a Destroyed Port where the human is
    strongest (``.DestroyedPort``), a Resource token of the Bot's kinds in its strongest Region,
    on a slot without an icon (``.Resources``); removals by :func:`_clearings`. With nothing its
    rules allow, it stops."""
    token, region = _token(frame), frame["region"]
    assert token is not None
    regions = [a[1] for a in legal if a[0] == "region"] if region is None else [region]
    wanted: list[tuple[str, Action]] = []
    if frame["step"]["action"] == "clear":
        wanted = [(r, c) for _, r, c in _clearings(state, army, token, regions)]
    elif token == SABOTAGE:
        wanted = [(r, ("slot", i)) for r, i in sabotage_spots(state, army, regions)]
    elif token == "destroyed_port":
        foes = enemies(state, army)
        ranked = sorted(regions, key=lambda r: -sum(strength(state, f, r) for f in foes))
        wanted = [(r, ("port",)) for r in ranked]
    elif token in table(state).priorities["resources"].items:
        slots = [c for c in legal if c[0] == "slot"]
        wanted = [(r, slots[0] if slots else ("done",)) for r in strongest_first(state, army, regions)]
    for r, choice in wanted:
        if region is None and ("region", r) in legal:
            return ("region", r)
        if region is not None and choice in legal:
            return choice
    return ("done",)


def _bare(state: State, region: str | None, choices: list[Action], at: int) -> Action:
    """A slot without a Resource icon where there is one: the Bot covers none (``Solo.Pieces.Adding``)."""
    if region is None:
        return choices[0]
    printed = data(state).board.regions[region].slots
    bare = [a for a in choices if a[at] in range(len(printed)) and printed[a[at]].icon is None]
    return (bare or choices)[0]


def _upkeep(state: State, frame: Frame, army: str, legal: list[Action]) -> Action:
    """Upkeep: the Genoa ship's pieces into the Bot's weakest Region (``Solo.Upkeep.Genoa``); a
    Bot is asked nothing else (upkeep.py draws its Advanced Orders, ``BotTable.Upkeep``)."""
    lands = [a for a in legal if a[0] == "land"]
    if lands:
        return ("land", weakest_first(state, army, [a[1] for a in lands])[0])
    return _first(state, frame, army, legal)


# -- Battles -----------------------------------------------------------------------------------
def _battle(state: State, frame: Frame, army: str, legal: list[Action]) -> Action:
    """Reactions drawn from the Reaction pile (``Solo.Battle.Reaction``); losses by the Bot's order
    (``Solo.Battle.Losses.1``); retreats to its weakest Region (``Solo.Battle.Losses.3``)."""
    if legal and legal[-1] == ("pass",):
        return _react(state, frame, army, legal)
    if legal[0][0] == "lose":
        return _loss(state, frame, army, legal)
    if legal[0][0] == "move":
        regions = weakest_first(state, army, sorted({a[2] for a in legal}))
        return _bare(state, regions[0], [a for a in legal if a[2] == regions[0]], 3)
    return legal[0]


def _react(state: State, frame: Frame, army: str, legal: list[Action]) -> Action:
    """One Order drawn at random from the Reaction pile and set aside until upkeep: a Blank is no
    Reaction; a Reaction goes to the defended Region, or the Region attacked from, a Reinforce to
    the strongest Region beside the Battle with the Bot's Presence, replacing an unexecuted Order
    there (``Solo.Battle.Reaction.1-3``, L930-L942), and is executed at once. One the Battle cannot
    use is not used: it is not placed and replaces nothing (R54). It costs the Bot nothing
    (``Solo.Setup.6``: the Battle charges a Bot nothing); executed, it may be a card trigger
    (column 6, R52)."""
    assert state.solo is not None
    piles = state.solo["piles"][army]
    if not piles["reaction"]:
        return ("pass",)
    drawn = piles["reaction"].pop(rng.below(state, len(piles["reaction"])))
    piles["used"].append(drawn)
    state.barrier += 1  # drawn from a hidden pile and shown
    order = data(state).orders.orders[drawn]
    state.say("Solo.Battle.Reaction", f"The Bot draws {order.name} from its Reaction pile.")
    if order.blank:
        return ("pass",)
    region = frame["region"] if army != frame["attacker"] else frame.get("origin")
    if "reinforce" in {s.action for s in order.effect}:
        near = [
            r
            for r in data(state).board.neighbours(frame["region"], state.north)
            if strength(state, army, r) > 0
        ]
        region = strongest_first(state, army, near)[0] if near else None
    action = None if region is None else _place_reaction(state, army, drawn, region)
    if action is None:
        state.say(
            "Solo.Battle.Reaction", f"The {NAMES[army]} cannot use its {order.name} here; it is set aside."
        )
        return ("pass",)
    solo.card_trigger(state, army, reaction=True)  # BotTable.Command, column 6: it is executed
    return action


def _place_reaction(state: State, army: str, drawn: str, region: str) -> Action | None:
    """The drawn Reaction placed face down in ``region`` and the Battle's action executing it (a
    Diversion cancelling the first enemy Reaction offered); None, and nothing changed, if the
    Battle offers none there or an Order of its Alliance that it may not replace stands there (the
    partner's, or one under way) (R54)."""
    side = state.placed.setdefault(region, {})
    old = side.get(alliance(army))
    if old is not None and (old["up"] or old["army"] != army):
        return None
    side[alliance(army)] = {"army": army, "order": drawn, "up": False}
    usable = [a for a in PROCEDURES.legal(state, army) if a[0] == "react" and a[1] == region]
    if not usable:  # R54: not placed after all
        if old is None:
            del side[alliance(army)]
        else:
            side[alliance(army)] = old
        if not side:
            del state.placed[region]
        return None
    if old is not None:
        state.order_box[army].append(old["order"])
    if drawn in state.order_box[army]:
        state.order_box[army].remove(drawn)
    return usable[0]


def _loss(state: State, frame: Frame, army: str, legal: list[Action]) -> Action:
    """One Neutral first, then by Unit type for the Battle Region's type, Leaders last
    (``Solo.Battle.Losses.1``); with a Reinforce in the Battle, each loss from the stronger of the
    places its pieces fight from (the Battle Region, or the Road for an attacker, and the Reinforcing
    Region), ties by Proximity (``Solo.Battle.Losses.2``)."""
    priorities = table(state).priorities
    kind = data(state).board.regions[frame["region"]].kind if "region" in frame else "city"
    order = priorities["losses_city" if kind == "city" else "losses_desert"].items
    near = proximity(state, army)

    def power(where: str) -> int:
        if where != ROAD:
            return strength(state, army, where)
        return sum(piece_strength(state, p, kind) for p in frame["road"] if owner(state, p) == army)

    def rank(action: Action) -> tuple[bool, bool, int, int, int]:
        piece = piece_at(state, frame, action[1], action[2])
        word = NEUTRAL if owner(state, piece) == NEUTRAL else (kind_of(piece) or "leader")
        where = frame.get("region", "") if action[1] == ROAD else action[1]
        return (
            word == "leader",
            word != NEUTRAL,
            -power(action[1]),
            near.get(where, 99),
            order.index(word) if word in order else len(order),
        )

    return min(legal, key=rank)


# -- Diplomacy, upkeep, the end ----------------------------------------------------------------
def _bid(state: State, frame: Frame, army: str, legal: list[Action]) -> Action:
    """DIPLOMACY: BOT ROLL: the gold the column adds to its die, all or half rounded up, which is
    all the Bot pays; diplomacy.py rolls the die when the bids are shown (``Solo.Diplomacy``,
    L979-L982; R31)."""
    gold = column(state, army).bid_gold
    have = max(a[1] for a in legal)
    want = have if gold == "all" else (have + 1) // 2 if gold == "half_up" else 0
    return ("bid", min(want, have))


def _diplomacy(state: State, frame: Frame, army: str, legal: list[Action]) -> Action:
    """Rewards and board moves by the Bot's priorities (``Solo.Diplomacy.Card``, ``.Board``). What
    a space gives goes by the general placement rules (``Solo.Diplomacy``, L981): a Resource token
    into its strongest Region (``Solo.Pieces.Resources``, L916), pieces by its command priorities,
    Jerusalem under the column's limit, then its weakest Region (``Solo.Pieces.Adding``, L906; R56)."""
    rewards = [a for a in legal if a[0] == "reward"]
    if rewards:
        ranked = table(state).priorities["diplomacy_card"].items
        kinds = {a: diplomacy.card(state).reward(int(a[1])).kind for a in rewards}
        return min(rewards, key=lambda a: ranked.index(kinds[a]) if kinds[a] in ranked else len(ranked))
    places = [str(a[1]) for a in legal if a[0] == "place"]
    if places:
        token = diplomacy.item_of(state, frame["tasks"][0]).item == "token"
        regions = strongest_first(state, army, places) if token else adding_regions(state, army, places, None)
        return ("place", regions[0])
    moves = [a for a in legal if a[0] == "move"]
    if moves:
        return min(moves, key=lambda a: board_rank(state, str(a[1])))
    return legal[0]


def board_rank(state: State, space: str) -> tuple[int, int]:
    """How much the Bot wants a diplomacy board space (``Solo.Diplomacy.Board``, L992-L1003): the
    best of its items by the Bot's list, each item known by the list's ``matches`` (data/bot.json);
    of equal ones, the space giving more (more Neutral Units make a Region stronger)."""
    board_list = table(state).priorities["diplomacy_board"]
    leaders = data(state).leaders
    best = (len(board_list.items), 0)
    for item in data(state).cards.board.spaces[space].contents:
        for i, word in enumerate(board_list.items):
            if any(takes(pattern, item, leaders) for pattern in board_list.matches[word]):
                best = min(best, (i, -max(item.count, item.amount)))
                break
    return best


def _objective(state: State, frame: Frame, army: str, legal: list[Action]) -> Action:
    """End Game Scoring: the Bot shows the one of its Objective Cards that scores it the most
    Glory for the Cities it Controls (``Solo.Setup.5``, L817; ``EndGame.2``, R26)."""
    cards = data(state).cards.objectives
    mine = controlled(state, army)
    return max(legal, key=lambda a: cards[a[1]].glory(mine))


def _first(state: State, frame: Frame, army: str, legal: list[Action]) -> Action:
    """A choice the solo rules leave to the general rules: the first one offered."""
    return legal[0]


CHOOSERS: dict[str, Chooser] = {
    "strategy_place": _place,
    "planning": _planning,
    "command": _command,
    "event": _event,
    "step": _step,
    "battle": _battle,
    "diplomacy_bid": _bid,
    "diplomacy": _diplomacy,
    "upkeep": _upkeep,
    "end_scoring": _objective,
}


def choose(state: State, frame: Frame, army: str, legal: list[Action]) -> Action | None:
    """The Bot's answer to the procedure under way (None: it has acted itself)."""
    return CHOOSERS.get(frame["kind"], _first)(state, frame, army, legal)


# -- running the Bots ---------------------------------------------------------------------------
def act(state: State) -> None:
    """Every decision the procedures ask of a Bot, taken by the rules (the check the game
    settles with); returns once no Bot is asked. A Unit back on a player board waiting for its
    Section is asked for first (refill.py)."""
    refill.ask(state)
    if not state.solo:
        return
    while state.result is None and state.stack:
        top = state.stack[-1]
        if top["kind"] == "planning" and not top.get("bots_placed"):
            plan_all(state, top)
        refill.ask(state)
        asked = [r for r in PROCEDURES.deciders(state) if r in state.solo["bots"]]
        if not asked:
            return
        army = asked[0]
        frame = state.stack[-1]
        legal = PROCEDURES.legal(state, army)
        action = choose(state, frame, army, legal)
        proc = PROCEDURES.get(frame["kind"])
        if action is not None:
            assert proc.perform is not None
            proc.perform(state, frame, army, action)


def settle(state: State) -> None:
    """Run the procedures to the next human decision, Bots answering on the way."""
    PROCEDURES.settle(state, act)
