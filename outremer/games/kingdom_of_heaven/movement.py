"""Movement (§10): who may move, command and rank, and the march step by step.

- ``activation`` (§10.1, §10.1.1, §10.4): a leader activated by a card whose OV is at least his
  strategy rating, a vassal move of OV units (OV+1 all cavalry), up to three cavalry in place of
  a leader, several activations one after another. The player gathers the force in the leader's
  space (``take``), then marches.
- ``march`` (§10.2-§10.9, §13.7, §15.1): one space at a time for its MP (2 by a pass, 3 Herakleia-
  Mersin, the desert links only with an OV 3 card), picking up and dropping off, resting in a
  friendly stronghold, calling for surrender, besieging, stopping. On each entry the enemy's
  reactions come first, then the defender's choice of inside or outside, then the battle; a
  winning mover goes on. Foraging comes at the end of the move (§10.7).

Command (§10.2, §10.2.1, §10.3): :func:`commandable` tries every chain of subordinates and spreads
the units over the leaders by a small flow: a leader commands his own Power's units without limit
but at most one unit of each other Power of his religion, and counts each subordinate as one.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from itertools import product
from typing import Any

from ...engine.procedures import Action, Frame
from . import diplomacy, foraging, forces, sieges, strongholds
from .board import MEDITERRANEAN
from .common import controller, data, side, units
from .effects import handler
from .initiative import outranks
from .names import power_name, role_name, space_name
from .procedures import PROCEDURES
from .state import CHRISTIAN, MUSLIM, NEUTRAL, PLAYERS, State, group, marker

Force = dict[str, dict[str, Any]]
CAVALRY_STACK = 3  # §10.1.1 L574: up to three cavalry in place of a leader
DESERT_OV = 3  # §10.6.Desert L622
NAVAL_OV = 3  # §10.8 L636
NAVAL_UNITS = 5  # §10.8 L636
BOXES_NO_REST = "constantinople"  # §15.2 L905: no MP spent in an entry box


def enemy(player: str) -> str:
    return MUSLIM if player == CHRISTIAN else CHRISTIAN


# --- the force -------------------------------------------------------------------------------


def copy(force: Mapping[str, Mapping[str, Any]]) -> Force:
    return {
        p: {"full": dict(g["full"]), "reduced": dict(g["reduced"]), "leaders": list(g["leaders"])}
        for p, g in force.items()
    }


def plus(force: Mapping[str, Mapping[str, Any]], power: str, g: Mapping[str, Any]) -> Force:
    out = copy(force)
    forces.add(out.setdefault(power, group()), g)
    return out


def minus(force: Mapping[str, Mapping[str, Any]], power: str, g: Mapping[str, Any]) -> Force:
    out = copy(force)
    forces.subtract(out[power], g)
    if forces.empty(out[power]):
        del out[power]
    return out


def leader_group(leader: str) -> dict[str, Any]:
    g = group()
    g["leaders"].append(leader)
    return g


def leaders(force: Mapping[str, Mapping[str, Any]]) -> list[str]:
    return [lid for g in force.values() for lid in g["leaders"]]


def size(force: Mapping[str, Mapping[str, Any]]) -> int:
    return sum(units(g) for g in force.values())


def is_cavalry_army(state: State, force: Mapping[str, Mapping[str, Any]]) -> bool:
    """Whether the force holds only leaders and cavalry units (§18.2 L1208)."""
    return all(forces.cavalry(state, p, label) for p, g in force.items() for _, label in forces.pieces(g))


def has_cavalry(state: State, force: Mapping[str, Mapping[str, Any]]) -> bool:
    return any(forces.cavalry(state, p, label) for p, g in force.items() for _, label in forces.pieces(g))


def allowance(state: State, force: Mapping[str, Mapping[str, Any]]) -> int:
    """The force's MA: its slowest piece's (§10.2 L578, K55); 4 or 6 for units, by their type,
    4 for Christian and 6 for Muslim and Pagan leaders."""
    counters = data(state).counters
    mas = [u.ma for p, g in force.items() for u in counters.units_of(p) if units_of_label(g, u.label)]
    mas += [counters.leader_ma(lid) for lid in leaders(force)]
    return min(mas) if mas else 0


def units_of_label(g: Mapping[str, Any], label: str) -> int:
    return int(g["full"].get(label, 0)) + int(g["reduced"].get(label, 0))


def _flow(caps: dict[str, int], edges: dict[tuple[str, str], int], need: dict[str, int]) -> bool:
    """Whether every unit (``need``: Power -> count) can be placed with a leader (``caps``:
    leader -> free places), ``edges`` giving how many of a Power each leader may take."""
    flow: dict[tuple[str, str], int] = {}
    total = sum(need.values())
    placed = 0
    while placed < total:
        # breadth-first search for an augmenting path: source -> power -> leader -> sink
        prev: dict[Any, Any] = {}
        frontier = [
            ("p", p) for p, n in need.items() if n - sum(v for (pp, _), v in flow.items() if pp == p) > 0
        ]
        for node in frontier:
            prev[node] = None
        found = None
        while frontier and found is None:
            nxt = []
            for kind, name in frontier:
                if kind == "p":
                    for (p, lid), cap in edges.items():
                        if p == name and flow.get((p, lid), 0) < cap and ("l", lid) not in prev:
                            prev[("l", lid)] = (kind, name)
                            if sum(v for (_, ll), v in flow.items() if ll == lid) < caps[lid]:
                                found = ("l", lid)
                                break
                            nxt.append(("l", lid))
                else:
                    for (p, lid), v in flow.items():
                        if lid == name and v > 0 and ("p", p) not in prev:
                            prev[("p", p)] = (kind, name)
                            nxt.append(("p", p))
                if found:
                    break
            frontier = nxt
        if found is None:
            return False
        node = found
        while prev[node] is not None:
            before = prev[node]
            if before[0] == "p":
                flow[(before[1], node[1])] = flow.get((before[1], node[1]), 0) + 1
            else:
                flow[(node[1], before[1])] -= 1
            node = before
        placed += 1
    return True


def commandable(state: State, head: str, force: Mapping[str, Mapping[str, Any]]) -> bool:
    """Whether leader ``head`` can move with ``force`` (himself included): every other leader in a
    chain of subordinates each outranked by his immediate superior (§10.3), each leader's direct
    subordinates and units within his command rating (§10.2 L578), at most one unit of each other
    Power and none of another religion directly under him (§10.2.1 L582-L584; K54)."""
    counters = data(state).counters
    others = [lid for lid in leaders(force) if lid != head]
    if head not in leaders(force):
        return False
    need = {p: units(g) for p, g in force.items() if units(g)}
    bosses = [[b for b in [head, *others] if b != lid and outranks(counters, b, lid)] for lid in others]
    for choice in product(*bosses):
        parent = dict(zip(others, choice, strict=True))
        if not _acyclic(parent, head):
            continue
        caps = {
            lid: counters.leaders[lid].command - sum(1 for c in parent.values() if c == lid)
            for lid in [head, *others]
        }
        if any(c < 0 for c in caps.values()):
            continue
        edges: dict[tuple[str, str], int] = {}
        for lid in caps:
            mine = counters.leaders[lid]
            for p in need:
                if p == mine.power:
                    edges[(p, lid)] = need[p]
                elif counters.powers[p].religion == counters.powers[mine.power].religion:
                    edges[(p, lid)] = 1
        if _flow(caps, edges, need):
            return True
    return False


def _acyclic(parent: Mapping[str, str], head: str) -> bool:
    for start in parent:
        seen, at = set(), start
        while at != head:
            if at in seen:
                return False
            seen.add(at)
            at = parent[at]
    return True


def may_move(state: State, frame: Mapping[str, Any], force: Mapping[str, Mapping[str, Any]]) -> bool:
    """Whether ``force`` is a legal moving stack for the activation kind in ``frame``: under its
    leader's command, or at most three cavalry, or a vassal move within its units."""
    head = frame.get("leader")
    if head:
        return commandable(state, head, force)
    if leaders(force):
        return False
    if frame.get("cavalry"):
        return size(force) <= CAVALRY_STACK and is_cavalry_army(state, force)
    return True


# --- the map ---------------------------------------------------------------------------------


def closed(state: State) -> set[str]:
    """Spaces closed to movement this turn by a lasting event (``close_spaces``)."""
    board, deck = data(state).board, data(state).cards
    shut: set[str] = set()
    for card in state.lasting:
        for e in deck.cards[card].event:
            if e["kind"] == "close_spaces":
                spaces = e["spaces"]
                shut |= {s for s, sp in board.spaces.items() if sp.nile} if spaces == "nile" else set(spaces)
    return shut


def steps_from(state: State, at: str, ov: int) -> list[tuple[str, int, str]]:
    """(space, MP, link kind) for each space a force at ``at`` may enter next: the links (the
    desert ones with an OV 3 card, §10.6.Desert), a box's entries for 1 MP (K7), never a box
    (§10.6.Boxes L624) nor a closed space."""
    board = data(state).board
    if at in board.boxes:
        out = [(e, 1, "normal") for e in board.boxes[at].entries]
    else:
        out = [
            (k.other(at), k.mp, k.kind) for k in board.links_of(at) if k.kind != "desert" or ov >= DESERT_OV
        ]
    shut = closed(state)
    return [o for o in out if o[0] not in shut]


def neutral_powers(state: State, space: str) -> list[str]:
    """The neutral Powers whose territory ``space`` is (§10.9): the province's owner, a
    stronghold's holder, units there."""
    board = data(state).board
    found: list[str] = []
    if space in board.spaces:
        owner = state.owners.get(board.spaces[space].province)
        if owner:
            found.append(owner)
    holder = state.castles.get(space, {}).get("power") or state.cities.get(space)
    if holder:
        found.append(holder)
    found += list(forces.at(state, "field", space)) + list(forces.at(state, "inside", space))
    out: list[str] = []
    for p in found:
        if side(state, p) == NEUTRAL and marker(p) not in [marker(q) for q in out]:
            out.append(p)
    return out


def trespass(state: State, player: str, space: str, leader: bool = False) -> None:
    """A force entering neutral territory turns that Power to the enemy (§10.9 L646, §9.1),
    unless it holds free passage through it (§9.4), or in scenario C the Fatimids to the first
    player entering with a ``leader`` (diplomacy.break_neutrality); diplomacy.py handles what
    follows from a change of orientation (§9.6.1) from the markers."""
    for power in neutral_powers(state, space):
        diplomacy.break_neutrality(state, player, power, "entry", leader=leader)


def enemy_units(state: State, space: str, player: str, place: str = "field") -> bool:
    """Whether units of the enemy or of a neutral Power stand in ``space`` (§10.2.Moving L590)."""
    return any(units(g) and side(state, p) != player for p, g in forces.at(state, place, space).items())


def enemy_outside(state: State, space: str, player: str) -> bool:
    """Whether the mover meets a battle in ``space``: enemy or neutral units outside (§10.2.Moving L590),
    or, at a stronghold of the enemy's, leaders left outside alone (an army is leaders and/or
    units, §3 L191; those outside a stronghold the enemy enters fight, §17.2 L966, K95)."""
    if foraging.stronghold_side(state, space, player) != "enemy":
        return enemy_units(state, space, player)
    field = forces.at(state, "field", space)
    return any(not forces.empty(g) and side(state, p) != player for p, g in field.items())


def present(state: State, space: str, player: str) -> bool:
    return any(side(state, p) == player for place in forces.PLACES for p in forces.at(state, place, space))


# --- activation ------------------------------------------------------------------------------


def here(state: State, space: str, player: str, besieged: bool = False) -> Force:
    """``player``'s pieces in ``space`` that may set out: outside, and inside its stronghold unless
    besieged there (§17.2 L969; ``besieged`` for a naval move out of an unblockaded port, §10.8.Ports)."""
    out: Force = {}
    places = ["field"] if space in state.sieges and not besieged else ["field", "inside"]
    for place in places:
        for p, g in forces.at(state, place, space).items():
            if side(state, p) == player:
                forces.add(out.setdefault(p, group()), g)
    return out


def bring_out(state: State, space: str, force: Mapping[str, Mapping[str, Any]]) -> None:
    """The pieces of ``force`` that are inside the stronghold of ``space`` come out to join it."""
    field = forces.at(state, "field", space)
    for p, g in force.items():
        out = field.get(p, group())
        short = group()
        for face in ("full", "reduced"):
            for label, n in g[face].items():
                if n > out[face].get(label, 0):
                    short[face][label] = n - out[face].get(label, 0)
        short["leaders"] = [lid for lid in g["leaders"] if lid not in out["leaders"]]
        if not forces.empty(short):
            forces.move(state, p, short, ("inside", space), ("field", space))


def available(
    state: State, frame: Mapping[str, Any], space: str, besieged: bool = False
) -> list[tuple[str, str, str]]:
    """(power, face, label) of the player's units in ``space`` not yet in the force, not moved
    this round (§10.1.1 L574) and not kept back by a detach event (K92)."""
    moved = frame.get("moved", {}).get(space, {})
    force = frame.get("group", {})
    kept = frame.get("kept_back", {})
    out = []
    for p, g in sorted(here(state, space, frame["player"], besieged).items()):
        for face in ("full", "reduced"):
            for label, n in sorted(g[face].items()):
                used = sum(x.get(p, group())[face].get(label, 0) for x in (force, moved, kept))
                if n > used:
                    out.append((p, face, label))
    return out


def retakable(frame: Mapping[str, Any], pieces: list[tuple[str, str, str]]) -> list[tuple[str, str, str]]:
    """``pieces`` less the kinds put back while forming this force (:func:`put_back`)."""
    returned = {tuple(x) for x in frame.get("returned", [])}
    return [x for x in pieces if x not in returned]


def put_backs(force: Force, leader: str | None) -> list[Action]:
    """A piece of each kind in the forming ``force`` to put back, but not the last of a force with
    no leader: with a kind put back not taken again (:func:`retakable`), an empty leaderless force
    could be left with nothing to choose; one piece or more always may go."""
    if not leader and size(force) <= 1:
        return []
    return [
        ("put_back", p, face, label)
        for p, g in sorted(force.items())
        for face, label in sorted(set(forces.pieces(g)))
    ]


def put_back(frame: Frame, action: Action) -> None:
    """Leave a piece taken into the force forming here (``("put_back", power, face, label)``).
    Forming a stack to move (§10.1, §10.8) is one choice in the rules, made here a piece at a
    time; a kind put back is not offered to be taken again in the same forming (:func:`retakable`),
    since taking it would only take the putting back back, and the two could go round without
    end (a player who changes his mind takes his steps back with undo)."""
    frame["group"] = minus(frame["group"], action[1], forces.one(action[2], action[3]))
    frame.setdefault("returned", []).append(list(action[1:4]))


def free_leaders(
    state: State, frame: Mapping[str, Any], space: str, besieged: bool = False
) -> list[tuple[str, str]]:
    """The player's leaders in ``space`` that ``frame``'s force may still take: not in it (read
    through :func:`_first_force`, so the activated leader heads it whether the frame was pushed with
    him in it, as :func:`activate` does, or with no force named yet, as the action round does,
    §10.2), not moved this round and not kept back. The multiple activation, the march's pick-ups
    and the naval move ask it with a force already named."""
    moved = leaders(frame.get("moved", {}).get(space, {}))
    taken = leaders(_first_force(state, frame))
    kept = leaders(frame.get("kept_back", {}))  # left behind by a detach event (K92)
    return [
        (p, lid)
        for p, g in sorted(here(state, space, frame["player"], besieged).items())
        for lid in g["leaders"]
        if lid not in moved and lid not in taken and lid not in kept
    ]


def _first_force(state: State, frame: Mapping[str, Any]) -> Force:
    """The force as it stands: the activated leader alone until pieces are taken."""
    if "group" in frame:
        return dict(frame["group"])
    lid, space = frame.get("leader"), frame.get("space")
    return {power_of(state, space, lid): leader_group(lid)} if lid and space else {}


def leader_gone(state: State, frame: Mapping[str, Any]) -> bool:
    """Whether the activated leader has left his space before setting out: a response to the
    announcement (Assassins' Dagger's Leader Loss roll, §8.4.3, §14.2) killed or took him."""
    lid, space = frame.get("leader"), frame.get("space")
    if not lid or not space or frame.get("stage") == "marching":
        return False
    return not any(
        lid in g["leaders"] for place in forces.PLACES for g in forces.at(state, place, space).values()
    )


def _activation_legal(state: State, frame: Frame, role: str) -> list[Action]:
    if frame.get("detach"):
        return _detach_choices(frame) if role == frame["player"] else []
    if role != frame["player"] or leader_gone(state, frame):
        return []
    out: list[Action] = []
    space = frame["space"]
    if space is None:  # a further activation or vassal stack: choose where
        return _next_choices(state, frame)
    force = _first_force(state, frame)
    if frame.get("leader") and len(frame.get("cards", [])) <= 1 and by_sea(state, frame):
        out.append(("by_sea",))
    for p, face, label in retakable(frame, available(state, frame, space)):
        bigger = plus(force, p, forces.one(face, label))
        if may_move(state, frame, bigger) and _within_budget(state, frame, bigger):
            out.append(("take", p, face, label))
    if frame.get("leader"):
        for p, lid in free_leaders(state, frame, space):
            if commandable(state, frame["leader"], plus(force, p, leader_group(lid))):
                out.append(("take_leader", p, lid))
    out += put_backs(force, frame.get("leader"))
    if (frame.get("leader") or size(force)) and may_move(state, frame, force):
        out.append(("go",))
    return out


def _within_budget(state: State, frame: Mapping[str, Any], force: Mapping[str, Mapping[str, Any]]) -> bool:
    """A vassal move takes at most OV units, OV+1 if every one is cavalry (§10.1 L570); the free
    one-unit move, one (``units`` in the frame)."""
    if not frame.get("vassal"):
        return True
    moved = [frame.get("vassal_moved", group())]
    total = size(force) + sum(units(g) for g in moved)
    cap = 1 if frame.get("free") else frame.get("units")
    if cap is not None:
        return total <= cap
    allcav = is_cavalry_army(state, force) and not frame.get("vassal_infantry")
    return total <= frame["ov"] + (1 if allcav else 0)


def _next_choices(state: State, frame: Frame) -> list[Action]:
    """The next stack of a vassal move, or the next leader of a multiple activation (§10.1.1)."""
    out: list[Action] = [("end",)]
    player = frame["player"]
    spaces = sorted({s for s, gs in state.field.items() for p in gs if side(state, p) == player})
    for s in spaces:
        if frame.get("vassal") or frame.get("cavalry"):
            if available(state, frame, s):
                out.append(("from", s))
        else:
            out += [("leader", s, lid) for _, lid in free_leaders(state, frame, s)]
    return out


def _detach_choices(frame: Frame) -> list[Action]:
    todo = frame["detach"]
    force = frame["group"]
    out: list[Action] = []
    if todo["leaders"]:
        out += [
            ("leave_leader", p, lid)
            for p, g in sorted(force.items())
            for lid in g["leaders"]
            if lid != frame["leader"]
        ]
    if todo["units"]:
        out += [
            ("leave", p, face, label)
            for p, g in sorted(force.items())
            for face, label in sorted(set(forces.pieces(g)))
        ]
    return out or [("done_detach",)]


def absorb(frame: Frame) -> None:
    """A response card played on this action (its window pushed above the frame) is kept in
    ``responses``, where the rolls read their roll_drm (reactions.card_drm)."""
    done = frame.pop("done", None)
    if done and done.get("kind") == "response" and done.get("card"):
        frame.setdefault("responses", []).append(done["card"])


def by_sea(state: State, frame: Mapping[str, Any]) -> bool:
    """Whether the activated leader may make a naval move instead (§10.8 L636): an OV 3 card
    played alone (§8.6 L486), the Christian in the Mediterranean, from a friendly port or the
    Mediterranean box; only one force of the card sails."""
    at = frame["space"]
    if frame.get("sailed"):  # one force a card (§10.8 L636)
        return False
    spaces = data(state).board.spaces  # the Constantinople and Mosul boxes are no ports
    port = at == "mediterranean" or (at in spaces and spaces[at].port == MEDITERRANEAN)
    return bool(
        port and frame["ov"] >= NAVAL_OV and frame["player"] == CHRISTIAN and controls_port(state, frame)
    )


def controls_port(state: State, frame: Mapping[str, Any]) -> bool:
    at = frame["space"]
    return bool(at == "mediterranean" or controller(state, at) == frame["player"])


def _activation_perform(state: State, frame: Frame, role: str, action: Action) -> None:
    absorb(frame)
    frame["group"] = _first_force(state, frame)
    verb = action[0]
    if verb == "take":
        frame["group"] = plus(frame["group"], action[1], forces.one(action[2], action[3]))
    elif verb == "take_leader":
        frame["group"] = plus(frame["group"], action[1], leader_group(action[2]))
    elif verb == "put_back":
        put_back(frame, action)
    elif verb in ("leave", "leave_leader", "done_detach"):
        _detach(state, frame, action)
    elif verb == "end":
        PROCEDURES.pop(state, frame)
    elif verb == "from":
        frame["space"] = action[1]
        frame["group"] = {}
        frame.pop("returned", None)
        frame.pop("kept_back", None)
    elif verb == "leader":
        frame["space"], frame["leader"] = action[1], action[2]
        frame.pop("returned", None)
        frame.pop("kept_back", None)
        power = power_of(state, action[1], action[2])
        frame["group"] = {power: leader_group(action[2])}
        frame["left"] -= 1
    elif verb == "go":
        _go(state, frame)
    elif verb == "by_sea":
        frame["stage"], frame["sailed"] = "marching", True
        who = frame["player"]
        bring_out(state, frame["space"], frame["group"])
        PROCEDURES.push(
            state, "naval", player=who, roles=[who], card=frame.get("card"), ov=frame["ov"],
            at=frame["space"], leader=frame["leader"], group=frame["group"], event=False, sea=MEDITERRANEAN,
            units=NAVAL_UNITS,
        )  # fmt: skip
        if frame["space"] != MEDITERRANEAN:  # a fleet roll to come: the opponent may answer it (K43)
            at, lid = frame["space"], frame["leader"]
            PROCEDURES.push(state, "response", player=enemy(who), trigger="naval", space=at, actor=lid)


def power_of(state: State, space: str, leader: str) -> str:
    return next(
        p
        for place in forces.PLACES
        for p, g in forces.at(state, place, space).items()
        if leader in g["leaders"]
    )


def _detach(state: State, frame: Frame, action: Action) -> None:
    """The opponent's card makes the force leave pieces behind (``detach``, e.g. Aggravated
    Subordinate): the moving player names them (§Example.C4 L1328, K92); units a leaving
    subordinate can no longer keep stay too. What is left is not taken again in this forming,
    nor picked up by the march where it was left (K92), or the card would keep nothing back."""
    todo = frame["detach"]
    if action[0] in ("leave_leader", "leave"):
        piece = leader_group(action[2]) if action[0] == "leave_leader" else forces.one(action[2], action[3])
        frame["group"] = minus(frame["group"], action[1], piece)
        frame["kept_back"] = plus(frame.get("kept_back", {}), action[1], piece)
        todo["leaders" if action[0] == "leave_leader" else "units"] -= 1
    else:
        todo["leaders"] = todo["units"] = 0
    if not (todo["leaders"] or todo["units"]) or _detach_choices(frame) == [("done_detach",)]:
        del frame["detach"]  # the player is asked again: put back what is now beyond command, then go


def _go(state: State, frame: Frame) -> None:
    if frame.get("detach_pending"):
        frame["detach"] = frame.pop("detach_pending")
        return
    force, space = frame["group"], frame["space"]
    if frame.get("vassal"):
        vm = frame.setdefault("vassal_moved", group())
        for g in force.values():
            forces.add(vm, {"full": g["full"], "reduced": g["reduced"], "leaders": []})
        if not is_cavalry_army(state, force):
            frame["vassal_infantry"] = True
    bring_out(state, space, force)
    bonus = sum(int(x) for x in frame.get("mp", []))
    march = start(state, frame["player"], space, force, frame.get("leader"), frame["ov"], bonus)
    if frame.get("kept_back"):  # nor picked up where it was left (K92)
        march["kept"] = {space: frame["kept_back"]}
    frame["stage"] = "marching"


def start(
    state: State, player: str, space: str, force: Force, leader: str | None, ov: int, bonus: int = 0
) -> Frame:
    """Push the march of ``force`` from ``space`` (its MP: its MA plus ``bonus``)."""
    board = data(state).board
    safe = space in board.boxes or foraging.stronghold_side(state, space, player) == "friendly"
    return PROCEDURES.push(
        state,
        "march",
        player=player,
        roles=[player],
        group=copy(force),
        at=space,
        began=space,
        began_safe=safe,
        leader=leader,
        ov=ov,
        bonus=bonus,
        spent=0,
        path=[space],
        entries=[],
        dropped={},
        stage="move",
    )


def _activation_run(state: State, frame: Frame) -> None:
    done = frame.pop("done", None)
    if leader_gone(state, frame):  # the card is spent, the leader moves no more (§8.4.3)
        state.say("§10.1", "The activated leader is gone before he sets out: his activation ends.")
        frame["stage"] = "marching"
    if frame.get("stage") == "marching":
        if done and done.get("kind") == "march":
            ended = done.get("at")
            moved = frame.setdefault("moved", {}).setdefault(ended, {}) if ended else None
            if moved is not None:
                for p, g in done.get("group", {}).items():
                    forces.add(moved.setdefault(p, group()), g)
            for space, left in done.get("dropped", {}).items():
                for p, g in left.items():
                    forces.add(frame.setdefault("moved", {}).setdefault(space, {}).setdefault(p, group()), g)
        frame["stage"] = None
        frame["space"] = None
        frame["group"] = {}
        more = frame.get("vassal") and not frame.get("free") and _vassal_room(state, frame)
        if frame.get("left", 0) > 0 or more:
            frame["leader"] = None
            return
    PROCEDURES.pop(state, frame)


def _vassal_room(state: State, frame: Frame) -> bool:
    moved = units(frame.get("vassal_moved", group()))
    return moved < frame["ov"] + (0 if frame.get("vassal_infantry") else 1)


def _activation_roles(state: State, frame: Frame) -> list[str]:
    if frame.get("stage") == "marching":
        return []
    return [frame["player"]]


def _activation_prompt(state: State, frame: Frame, role: str) -> str:
    if frame.get("detach"):
        return "The opponent's event: choose the pieces your force leaves behind (K92)."
    return f"Activation with an OV {frame['ov']} card: gather the force, then go (§10.1, §10.2)."


def _activation_offers(state: State, frame: Frame, role: str) -> bool:
    """Whether _activation_legal lists anything (procedures.py, ``offers``), without listing where
    the answer is sure: a further activation always offers "end", a force with units a put_back."""
    if frame.get("detach") or role != frame["player"] or leader_gone(state, frame):
        return bool(_activation_legal(state, frame, role))
    if frame["space"] is None:
        return True
    force = _first_force(state, frame)
    if any(n for g in force.values() for face in ("full", "reduced") for n in g[face].values()):
        return True
    return bool(_activation_legal(state, frame, role))


PROCEDURES.procedure(
    "activation",
    legal=_activation_legal,
    perform=_activation_perform,
    run=_activation_run,
    prompt=_activation_prompt,
    roles=_activation_roles,
    rule="10.1",
    offers=_activation_offers,
)


def activate(
    state: State, player: str, card: str | None, ov: int, leader: str | None, space: str, **kind: Any
) -> Frame:
    """Push an activation: of ``leader`` (his strategy at most ``ov``, §10.1 L570), or with
    ``vassal=True`` or ``cavalry=True`` a leaderless stack in ``space``."""
    if leader is not None and data(state).counters.leaders[leader].strategy > ov:
        raise ValueError(f"{leader}'s strategy rating is above the card's OV {ov}")
    force: Force = {} if leader is None else {power_of(state, space, leader): leader_group(leader)}
    return PROCEDURES.push(
        state, "activation", player=player, card=card, ov=ov, leader=leader, space=space, group=force,
        left=kind.pop("left", 0), **kind,
    )  # fmt: skip


@handler("activations")
def _activations(state: State, player: str, effect: Mapping[str, Any], context: Mapping[str, Any]) -> None:
    """Several leaders activate one after another (§10.1.1 L574): the player names each in turn."""
    PROCEDURES.push(
        state, "activation", player=player, card=context.get("card"), ov=int(context.get("ov", 0)),
        leader=None, space=None, group={}, left=int(effect["count"]), stage=None,
    )  # fmt: skip


@handler("mp")
def _mp(state: State, player: str, effect: Mapping[str, Any], context: Mapping[str, Any]) -> None:
    """MP added to (or taken from) the force activated now (Forced March, Poor Roads)."""
    frame = PROCEDURES.find(state, "march") or PROCEDURES.find(state, "activation")
    if frame is None:
        raise ValueError("an mp effect with no force moving")
    if frame["kind"] == "march":
        frame["bonus"] += int(effect["value"])
    else:
        frame.setdefault("mp", []).append(int(effect["value"]))


@handler("detach")
def _detach_effect(state: State, player: str, effect: Mapping[str, Any], context: Mapping[str, Any]) -> None:
    """The activated force leaves that many subordinate leaders and units behind (Aggravated
    Subordinate), chosen by the card's player when the force sets out."""
    frame = PROCEDURES.find(state, "activation")
    if frame is None:
        raise ValueError("a detach effect with no activation under way")
    frame["detach_pending"] = {"leaders": int(effect["leaders"]), "units": int(effect["units"])}


# --- the march -------------------------------------------------------------------------------


def mp_left(state: State, frame: Mapping[str, Any]) -> int:
    return allowance(state, frame["group"]) + frame["bonus"] - frame["spent"]


def _march_legal(state: State, frame: Frame, role: str) -> list[Action]:
    if frame["stage"] != "move" or role != frame["player"]:
        return []
    player, at, force = frame["player"], frame["at"], frame["group"]
    if not any(not forces.empty(g) for g in force.values()):
        return [("stop",)]  # every piece dropped off: nothing left to move, call or besiege
    board = data(state).board
    out: list[Action] = []
    left = mp_left(state, frame)
    if at != "mediterranean":
        out += [("move", s) for s, cost, _ in steps_from(state, at, frame["ov"]) if cost <= left]
    rules = {"leader": frame["leader"]}
    if at in board.spaces:
        fake = {"player": player, "group": force, "moved": {at: frame["dropped"].get(at, {})}}
        fake["kept_back"] = frame.get("kept", {}).get(at, {})
        for p, face, label in available(state, fake, at) if frame["leader"] else []:
            bigger = plus(force, p, forces.one(face, label))
            if may_move(state, rules, bigger) and allowance(state, bigger) + frame["bonus"] >= frame["spent"]:
                out.append(("pick", p, face, label))
        if frame["leader"]:
            for p, lid in free_leaders(state, fake, at):
                bigger = plus(force, p, leader_group(lid))
                if (
                    commandable(state, frame["leader"], bigger)
                    and allowance(state, bigger) + frame["bonus"] >= frame["spent"]
                ):
                    out.append(("pick_leader", p, lid))
        for p, g in sorted(force.items()):
            for face, label in sorted(set(forces.pieces(g))):
                if may_move(state, rules, minus(force, p, forces.one(face, label))):
                    out.append(("drop", p, face, label))
            for lid in g["leaders"]:
                if lid != frame["leader"] and may_move(state, rules, minus(force, p, leader_group(lid))):
                    out.append(("drop_leader", p, lid))
        if foraging.stronghold_side(state, at, player) == "friendly" and left >= 1:
            out.append(("rest",))
        if strongholds.can_call(state, player, at):
            out.append(("call",))
        if sieges.can_besiege(state, player, at):
            out.append(("besiege",))
    out.append(("stop",))
    return out


def _march_perform(state: State, frame: Frame, role: str, action: Action) -> None:
    verb = action[0]
    at, player = frame["at"], frame["player"]
    if verb == "move":
        _enter(state, frame, action[1])
    elif verb == "rest":
        frame["spent"] += 1
        _rest_entry(frame)["rest"] += 1
        state.say(
            "§15.2",
            f"The {role_name(player)} force spends an MP gathering supplies in {space_name(state, at)}.",
        )
    elif verb in ("pick", "pick_leader"):
        g = forces.one(action[2], action[3]) if verb == "pick" else leader_group(action[2])
        frame["group"] = plus(frame["group"], action[1], g)
        bring_out(state, at, frame["group"])
        state.say(
            "§10.2.Moving",
            f"The {role_name(player)} force picks up a {power_name(state, action[1])} piece in "
            f"{space_name(state, at)}.",
        )
    elif verb in ("drop", "drop_leader"):
        g = forces.one(action[2], action[3]) if verb == "drop" else leader_group(action[2])
        frame["group"] = minus(frame["group"], action[1], g)
        d = frame["dropped"].setdefault(at, {})
        forces.add(d.setdefault(action[1], group()), g)
        state.say(
            "§10.2.Moving",
            f"The {role_name(player)} force drops off a {power_name(state, action[1])} "
            f"piece in {space_name(state, at)}.",
        )
        _forage_dropped(state, frame, action[1], g)
    elif verb == "call":
        frame["stage"] = "call"
        PROCEDURES.push(
            state, "call", player=player, space=at, group=copy(frame["group"]), leader=frame["leader"]
        )
    elif verb == "besiege":
        frame["stage"] = "besiege"
        PROCEDURES.push(state, "besiege", player=player, space=at, group=copy(frame["group"]))
    elif verb == "stop":
        _finish(state, frame)


def _rest_entry(frame: Frame) -> dict[str, Any]:
    """The entry of the space the force stands in, made for its starting space if it rests there
    before moving (§15.2.Example L911)."""
    if not frame["entries"] or frame["entries"][-1]["space"] != frame["at"]:
        frame["entries"].append(
            {
                "space": frame["at"],
                "stronghold": "friendly",
                "harsh": False,
                "pass": False,
                "rest": 0,
                "start": True,
            }
        )
    entry: dict[str, Any] = frame["entries"][-1]
    return entry


def _forage_dropped(state: State, frame: Frame, power: str, g: Mapping[str, Any]) -> None:
    """Units dropped off roll for attrition at once, for their route so far (§15.1 L878)."""
    if not units(g):
        return
    player, at = frame["player"], frame["at"]
    safe = foraging.stronghold_side(state, at, player) == "friendly"
    shadow = frame.get("shadow")
    if foraging.needs_forage(frame["entries"], frame["began_safe"], safe, bool(shadow)):
        av = foraging.route_av(frame["entries"]) + (size(shadow["group"]) if shadow else 0)
        foraging.push(state, player, at, {power: dict(g)}, "dropped", av)


def _enter(state: State, frame: Frame, dst: str) -> None:
    """The force enters ``dst``: MP paid, pieces moved, the route noted, neutrality broken; then
    the reactions (§10.2, §10.9, §11, §12)."""
    at, player = frame["at"], frame["player"]
    cost, kind = next((c, k) for s, c, k in steps_from(state, at, frame["ov"]) if s == dst)
    besieging = state.sieges.get(at, {}).get("besieger") == player
    for p, g in frame["group"].items():
        forces.move(state, p, g, ("field", at), ("field", dst))
    if besieging and any(
        side(state, p) == player and units(g) for p, g in forces.at(state, "field", at).items()
    ):
        PROCEDURES.push(state, "left_behind", player=enemy(player), space=at)  # §17.9 L1149
    frame["spent"] += cost
    frame["at"] = dst
    frame["came_from"] = at
    frame["path"].append(dst)
    state.say(
        "§10.2",
        f"The {role_name(player)} force moves from {space_name(state, at)} to "
        f"{space_name(state, dst)} ({cost} MP).",
    )
    trespass(state, player, dst, leader=bool(leaders(frame["group"])))
    frame["entries"].append(foraging.entry(state, player, dst, kind))
    if at == "constantinople":  # §10.6.Boxes L626, §15.1 L882: the crossing of Asia Minor
        foraging.push(state, player, dst, copy(frame["group"]), "asia_minor", foraging.ASIA_MINOR)
    frame["stage"] = "react"


def _march_run(state: State, frame: Frame) -> None:
    done = frame.pop("done", None)
    stage = frame["stage"]
    player, at = frame["player"], frame["at"]
    foe = enemy(player)
    if stage == "react":
        if at in data(state).board.boxes:
            frame["stage"] = "move"
            return
        sh = frame.get("shadow")
        frame["stage"] = "shadowed"
        if sh and sh["active"]:  # what of the shadower a retreat or a stronghold has not taken
            sh["group"] = survivors(state, sh["at"], sh["group"])
            sh["active"] = bool(sh["group"])
        if sh and sh["active"] and len(frame["path"]) > sh["step"]:  # §12.4.1 L736: it follows
            PROCEDURES.push(state, "shadow", player=sh["player"], roles=[sh["player"]])
        return
    if stage == "shadowed":
        frame["group"] = _survivors(state, frame)
        if not frame["group"]:
            PROCEDURES.pop(state, frame, at=None, group={})
            return
        frame["stage"] = "reacted"
        PROCEDURES.push(
            state,
            "reactions",
            player=player,
            space=at,
            came_from=frame["came_from"],
            group=copy(frame["group"]),
        )
        return
    if stage == "reacted":
        if done and done.get("kind") == "forage":
            return
        frame["failed_avoid"] = bool(done and done.get("failed_avoid"))
        if done and done.get("battle"):
            frame["stage"] = "battle"
            PROCEDURES.push(
                state, "battle", space=at, attacker=foe, defender=player, mover=False,
                came_from=done["came_from"], defender_from=frame["came_from"], why="interception", drm=1,
                force=done["force"], route=[dict(e) for e in frame["entries"]],
            )  # fmt: skip
            return
        frame["stage"] = "inside"
        if foraging.stronghold_side(state, at, player) == "enemy" and present(state, at, foe):
            PROCEDURES.push(state, "stronghold_entry", space=at, player=foe)
        return
    if stage == "inside":
        if enemy_outside(state, at, player):
            frame["stage"] = "battle"
            frame["attacking"] = True
            why = sieges.battle_why(state, at, player)
            PROCEDURES.push(
                state, "battle", space=at, attacker=player, defender=foe, mover=True,
                came_from=frame["came_from"], why=why, drm=sieges.relief_drm(why), force=copy(frame["group"]),
                avoid_failed=bool(frame.pop("failed_avoid", False)),
                route=[dict(e) for e in frame["entries"]],
            )  # fmt: skip
            return
        frame["stage"] = "move"
        return
    if stage == "battle":
        standing = _survivors(state, frame)
        left = bool(done and done.get("attacker_left" if frame.pop("attacking", False) else "defender_left"))
        if not standing or left:
            state.say(
                "§13.7",
                f"The {role_name(player)} force's move ends with the battle in {space_name(state, at)}.",
            )
            PROCEDURES.pop(state, frame, at=None, group={})
            return
        frame["group"] = standing
        frame["stage"] = "inside" if enemy_outside(state, at, player) else "move"
        return
    if stage == "call":
        frame["stage"] = "move"
        frame["group"] = _survivors(state, frame)  # a garrison put in or flipped (§17.10.1)
        if not frame["group"]:
            PROCEDURES.pop(state, frame, at=None, group={})
            return
        if done and done.get("fell"):
            for e in frame["entries"]:
                if e["space"] == at and e["stronghold"] == "enemy":
                    e["stronghold"] = "surrendered"
        if done and done.get("stop"):
            _finish(state, frame)
        return
    if stage == "besiege":
        _finish(state, frame)
        return
    if stage == "forage":
        frame["group"] = _survivors(state, frame)
        PROCEDURES.pop(state, frame, at=at, group=frame["group"], dropped=frame["dropped"])
        return
    raise AssertionError(f"march stage {stage} asks its player")


def _survivors(state: State, frame: Frame) -> Force:
    return survivors(state, frame["at"], frame["group"])


def survivors(state: State, space: str, force: Mapping[str, Mapping[str, Any]]) -> Force:
    """``force`` as a battle or a roll left it in ``space``: each piece still there, full or
    flipped."""
    out: Force = {}
    here = forces.at(state, "field", space)
    for p, g in force.items():
        there = here.get(p)
        if there is None:
            continue
        kept = group()
        for label in sorted({*g["full"], *g["reduced"]}):
            had = g["full"].get(label, 0) + g["reduced"].get(label, 0)
            full = min(g["full"].get(label, 0), there["full"].get(label, 0))
            reduced = min(had - full, there["reduced"].get(label, 0))
            if full:
                kept["full"][label] = full
            if reduced:
                kept["reduced"][label] = reduced
        kept["leaders"] = [lid for lid in g["leaders"] if lid in there["leaders"]]
        if not forces.empty(kept):
            out[p] = kept
    return out


def _finish(state: State, frame: Frame) -> None:
    """The move ends: the mover forages if its route calls for it, then a shadower, then forces
    that avoided battle through Harsh spaces (§10.7, §12.3.1, §12.4.2, §15.1)."""
    player, at = frame["player"], frame["at"]
    frame["stage"] = "forage"
    shadow = frame.get("shadow")
    safe = at in data(state).board.boxes or foraging.stronghold_side(state, at, player) == "friendly"
    state.say("§10.2", f"The {role_name(player)} force ends its move in {space_name(state, at)}.")
    for av in frame.get("avoiders", []):
        if any(e["harsh"] and e["stronghold"] != "friendly" for e in av["entries"]):
            foraging.push(
                state, av["player"], av["at"], av["group"], "avoid", foraging.route_av(av["entries"])
            )
    if shadow:
        foraging.push(
            state,
            shadow["player"],
            shadow["at"],
            shadow["group"],
            "shadow",
            foraging.route_av(shadow["entries"], per_space=True),
        )
    if foraging.needs_forage(frame["entries"], frame["began_safe"], safe, bool(shadow)):
        av = foraging.route_av(frame["entries"]) + (size(shadow["group"]) if shadow else 0)
        foraging.push(state, player, at, copy(frame["group"]), "march", av)


def _march_roles(state: State, frame: Frame) -> list[str]:
    return [frame["player"]] if frame["stage"] == "move" else []


def _march_prompt(state: State, frame: Frame, role: str) -> str:
    return f"March from {space_name(state, frame['at'])}: {mp_left(state, frame)} MP left (§10.2)."


def _march_offers(state: State, frame: Frame, role: str) -> bool:
    """Whether _march_legal lists anything (procedures.py, ``offers``): the marching player always
    may stop while the force moves (§10.2)."""
    return frame["stage"] == "move" and role == frame["player"]


PROCEDURES.procedure(
    "march", legal=_march_legal, perform=_march_perform, run=_march_run, prompt=_march_prompt,
    roles=_march_roles, rule="10.2", offers=_march_offers,
)  # fmt: skip


def players_here(state: State, space: str) -> Iterable[str]:
    return [p for p in PLAYERS if present(state, space, p)]
