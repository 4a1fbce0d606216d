"""The move phase (5.0-5.5), crusader entries (7.22, 7.23), Winter Turn moves (8.1) and the
optional forced marches.

A Move card gives as many moves as its number (5.0). Each move is one of:
- ``("group", town)``: a Group Move (5.2) of blocks from one town; then ``("step", block, town)``
  moves one block of the group one town along a road, as often as its Move Rating allows, and
  ``("end",)`` closes the group.
- ``("muster",)`` then ``("muster", town)``: a Muster (5.3) to a friendly town (``("end",)`` in
  between takes the choice back without spending the move); then blocks from anywhere step
  towards it, one block at a time until it arrives, and ``("end",)`` closes the muster.
- ``("sea", block, port)``: one block's Sea Move between friendly ports (5.4), from a staging box
  for the English and French (7.22), or an English sea attack (7.22).
- ``("enter", block, town)``: a German block enters at Aleppo, Antioch or St. Simeon (7.23).
- ``("campaign", town)``: in the Winter Turn, the Winter Campaign card keeps one siege going (8.2).
``("end",)`` outside a group or muster ends the phase; unused moves are lost (5.0).

Rulings (docs/crusader-rex/rulings.md): a block never re-enters a town it has already entered or
left this move; it stops on entering a town holding enemy blocks, unless its own side holds that
town's field (a siege it is besieging, 5.3); a Muster's blocks travel only through friendly or
vacant towns and cannot start or join a battle (5.3); in the Winter Turn no block may enter a town
holding enemy blocks, sea attacks are not allowed and no block may enter a besieged port by sea
(8.1); pinning (5.5) counts Player 1's non-reserve attackers in the town and lets Player 2 move out
only the blocks beyond that number, never along a road Player 1 attacked by. The first road the
attacker uses into a battle is its Main Attack road (6.41).
"""

from __future__ import annotations

from typing import Literal

from ...engine.procedures import Frame
from .board import FRANKS, SIDES, enemy, road_key
from .common import (
    BLOCKS,
    BOARD,
    TOWNS,
    besieged_side,
    castle_limit,
    log,
    others,
    reduce,
    roll,
    rules_of_format_1,
)
from .procedures import PROCEDURES, Action, ask, begin, decision, end, opening, sequence
from .records import MovePhase
from .state import State

GERMAN_ENTRIES = ("Aleppo", "Antioch", "St. Simeon")
ADJ = BOARD.adjacent
TOWN_ADJ = {t: [(n, r) for n, r in ADJ[t] if n in TOWNS] for t in TOWNS}


def start_move_phase(
    state: State,
    side: str,
    moves: int,
    *,
    event: Literal["guide", "jihad"] | None = None,
    winter_campaign: bool = False,
) -> None:
    """``side``'s move phase with ``moves`` moves (5.0), from a position built by hand
    (positions.py); cards.py and events.py push it by kind."""
    begin(
        state, "move_phase", {"moves": moves, "event": event, "winter_campaign": winter_campaign}, side=side
    )
    PROCEDURES.settle(state)


def _move_phase(state: State, frame: Frame) -> None:
    """A move phase (5.0): opened from the card's moves, it asks its side for moves until the side
    ends them; then the forced-march rolls, and it ends."""
    start = opening(frame)
    if start is not None:
        _open(state, frame["side"], start["moves"], start.get("event"), start.get("winter_campaign", False))
    else:
        _finish(state)
        end(state)


def _open(
    state: State, side: str, moves: int, event: Literal["guide", "jihad"] | None, winter_campaign: bool
) -> None:
    """Open ``side``'s move phase with ``moves`` moves (5.0)."""
    mv: MovePhase = {
        "side": side,
        "moves": moves,
        "kind": None,
        "origin": None,
        "target": None,
        "transit": None,
        "moved": [],
        "path": {},
        "stopped": [],
        "roads": {},
        "forced": [],
        "free": {},
        "barred": {},
        "event": event,
        "campaign": winter_campaign and state.turn == 6,
    }
    state.mv = mv
    if side != state.p1:
        _pin(state, mv)
    if moves <= 0:
        log(state, "5.0", "The {side} have no moves.", side=side)
        return
    log(state, "5.0", "The {side} have {moves} move(s).", side=side, moves=moves)
    ask(state, "move", side)


def _pin(state: State, mv: MovePhase) -> None:
    """Pinning (5.5): Player 1's non-reserve attackers hold as many of Player 2's blocks."""
    p2 = mv["side"]
    p1 = enemy(p2)
    for town, rec in state.attacks.items():
        if rec["attacker"] != p1:
            continue
        reserves = rec["reserves"]
        here = [b for b, w in state.loc.items() if w == town]
        attackers = sum(1 for b in here if BLOCKS[b].side == p1 and b not in reserves)
        defenders = sum(1 for b in here if BLOCKS[b].side == p2 and b not in state.castle)
        mv["free"][town] = max(0, defenders - attackers)
        mv["barred"][town] = list(rec["roads"].get(p1, []))


# -- town states, computed once per call -------------------------------------------------------
SIDE = {b: info.side for b, info in BLOCKS.items()}
SIDE_BIT = {"Franks": 1, "Saracens": 2, "Assassins": 4}
MOVE = {b: info.move for b, info in BLOCKS.items()}
MAX_MOVE = max(MOVE.values()) + 1  # a forced march adds one town
# Town bitmasks for the muster search: bits in sorted name order.
BIT = {t: 1 << i for i, t in enumerate(sorted(TOWNS))}
TOWN_OF_BIT = {bit: t for t, bit in BIT.items()}
NBR = {BIT[t]: sum(BIT[n] for n, _ in TOWN_ADJ[t]) for t in TOWNS}
ROAD_BITS = {r.key: (BIT[r.a], BIT[r.b]) for r in BOARD.roads.values() if r.a in TOWNS and r.b in TOWNS}
ENTERABLE_MASK = sum(b for t, b in BIT.items() if not TOWNS[t].no_entry)
HOME_MASK = {
    side: sum(b for t, b in BIT.items() if TOWNS[t].side == side and not TOWNS[t].no_entry) for side in SIDES
}


class _Map:
    """Who is where, for one look at the board by the moving side (one pass over the blocks).

    Town summaries are bitmasks over towns (``BIT``): where the side and the enemy stand in the
    field, which towns are occupied, which hold any enemy block.
    """

    __slots__ = (
        "besieged",
        "foe_field",
        "foe_mask",
        "foes",
        "full",
        "holds",
        "mine",
        "movers",
        "occ",
        "occ_mask",
        "open_mask",
        "own_field",
        "ports",
        "side",
        "winter",
    )

    def __init__(self, state: State, side: str):
        self.side = side
        winter = self.winter = state.turn == 6
        castle = state.castle
        occ: dict[str, list[str]] = {}
        mine: dict[str, list[str]] = {}
        holders: dict[str, str] = {}
        foes: set[str] = set()
        occ_mask = foe_mask = own_field = foe_field = 0
        for b, w in state.loc.items():
            tb = BIT.get(w)
            if tb is None:
                continue
            sd = SIDE[b]
            if w in occ:
                occ[w].append(b)
            else:
                occ[w] = [b]
            occ_mask |= tb
            if sd != side:
                foes.add(w)
                foe_mask |= tb
            if b in castle:
                holders[w] = sd
            elif sd == side:
                own_field |= tb
                if w in mine:
                    mine[w].append(b)
                else:
                    mine[w] = [b]
            else:
                foe_field |= tb
        self.occ = occ
        self.mine = mine
        self.foes = foes
        self.occ_mask = occ_mask
        self.foe_mask = foe_mask
        self.own_field = own_field
        self.foe_field = foe_field
        self.holds = own_field & ~foe_field
        self.open_mask = ENTERABLE_MASK & (~occ_mask | self.holds) & ~(foe_mask if winter else 0)
        self.besieged = {t: h for t, h in holders.items() if BIT[t] & (foe_field if h == side else own_field)}
        self.full = _full_roads(state, side)
        self.ports: list[str] | None = None
        self.movers: dict[str, list[str]] = {}

    def muster_mask(self) -> int:
        """Every town that may be a muster's target: friendly, or a siege the side is besieging; in
        winter a town with no enemy block at all (5.3, 8.1)."""
        vacant_home = HOME_MASK[self.side] & ~self.occ_mask
        held = self.holds & ~(self.foe_mask if self.winter else 0)
        castle_only = self.occ_mask & ~(self.own_field | self.foe_field) & ~self.foe_mask
        return vacant_home | held | castle_only

    @classmethod
    def of_muster(cls, state: State, side: str) -> _Map:
        """A light look for a muster: the side's field blocks, open towns, full roads."""
        m = cls.__new__(cls)
        m.side = side
        winter = m.winter = state.turn == 6
        castle = state.castle
        mine: dict[str, list[str]] = {}
        occ_mask = foe_mask = own_field = foe_field = 0
        for b, w in state.loc.items():
            tb = BIT.get(w)
            if tb is None:
                continue
            occ_mask |= tb
            if SIDE[b] != side:
                foe_mask |= tb
                if b not in castle:
                    foe_field |= tb
            elif b not in castle:
                own_field |= tb
                if w in mine:
                    mine[w].append(b)
                else:
                    mine[w] = [b]
        m.mine = mine
        holds = own_field & ~foe_field
        m.open_mask = ENTERABLE_MASK & (~occ_mask | holds) & ~(foe_mask if winter else 0)
        m.full = _full_roads(state, side)
        m.movers = {}
        return m

    @classmethod
    def of_group(cls, state: State, side: str, origin: str) -> _Map:
        """A light look for a group move: the blocks of its town, enemy towns, full roads."""
        m = cls.__new__(cls)
        m.side = side
        m.winter = state.turn == 6
        mine = [b for b, w in state.loc.items() if w == origin and SIDE[b] == side and b not in state.castle]
        m.mine = {origin: mine} if mine else {}
        m.foes = {w for b, w in state.loc.items() if w in TOWNS and SIDE[b] != side} if m.winter else set()
        m.full = _full_roads(state, side)
        m.movers = {}
        return m

    def enemy_at(self, town: str) -> bool:
        return town in self.foes

    def holds_field(self, town: str) -> bool:
        """The side has blocks in the field of ``town`` and the enemy has none there."""
        return bool(BIT[town] & self.holds)

    def friendly(self, town: str) -> bool:
        """Friendly to the side (1.12): its field, or vacant in its own kingdom."""
        tb = BIT[town]
        if tb & (self.own_field | self.foe_field):
            return bool(tb & self.holds)
        if tb & self.occ_mask:  # only castle blocks: they are alone in the town
            return not tb & self.foe_mask
        return TOWNS[town].side == self.side

    def port_friendly(self, town: str) -> bool:
        """A friendly port (5.4): Tyre and Tripoli stay with their besieged side (6.51)."""
        t = TOWNS[town]
        if not t.port:
            return False
        holder = self.besieged.get(town)
        if holder is not None and t.fortified:
            return holder == self.side
        return self.friendly(town)

    def passable(self, town: str) -> bool:
        """A muster may pass: friendly or vacant (5.3), with no enemy at all in winter (8.1)."""
        return bool(BIT[town] & self.open_mask)


def _full_roads(state: State, side: str) -> set[str]:
    """Roads ``side`` has filled to their limit this phase (5.1)."""
    mv = state.mv
    if mv is None or not mv["roads"]:
        return set()
    guide = state.flags.get("guide") == side
    iron = state.options.get("iron_bridge", False)
    return {r for r, n in mv["roads"].items() if n >= BOARD.limit(r, guide, iron)}


def _town_sides(state: State, town: str, side: str) -> tuple[bool, bool]:
    """(enemy blocks at ``town``, ``side`` alone holds its field), by one look at that town."""
    castle = state.castle
    foe = False
    field: set[str] = set()
    for b, w in state.loc.items():
        if w == town:
            sd = SIDE[b]
            if sd != side:
                foe = True
            if b not in castle:
                field.add(sd)
    return foe, field == {side}


def _allowance(state: State, block: str) -> int:
    return BLOCKS[block].move + (1 if state.options.get("forced_marches") else 0)


def _can_leave(mv: MovePhase, town: str) -> bool:
    return mv["free"].get(town, 1) > 0


# -- group moves (5.2) -------------------------------------------------------------------------
def _group_steps(state: State, mv: MovePhase, m: _Map, block: str) -> list[str]:
    """Towns ``block`` may step to next in a group move."""
    if block in mv["stopped"]:
        return []
    path = mv["path"].get(block, [])
    if len(path) >= _allowance(state, block):
        return []
    at = state.loc[block]
    origin = mv["origin"] if mv["kind"] == "group" else at
    out = []
    for nxt, road in ADJ[at]:
        if nxt not in TOWNS or TOWNS[nxt].no_entry or nxt == origin or nxt in path:
            continue
        if road in m.full:
            continue
        if not path and road in mv["barred"].get(at, ()):
            continue
        if m.winter and m.enemy_at(nxt):
            continue
        out.append(nxt)
    return out


def _road_movers(mv: MovePhase, m: _Map, town: str) -> list[str]:
    """Blocks of the mover in the field of ``town`` that may still make a road move this phase."""
    found = m.movers.get(town)
    if found is None:
        if _can_leave(mv, town):
            moved = mv["moved"]
            found = [b for b in m.mine.get(town, ()) if b not in moved and MOVE[b] > 0]
        else:
            found = []
        m.movers[town] = found
    return found


# -- musters (5.3) -----------------------------------------------------------------------------
def _open_road(m: _Map, road: str) -> bool:
    return road not in m.full


def _distances_to(state: State, mv: MovePhase, m: _Map, target: str) -> dict[str, int]:
    """Road distance to ``target`` through towns a muster may pass, over roads with room left."""
    dist = {target: 0}
    frontier = [target]
    open_mask = m.open_mask
    full = m.full
    d = 0
    while frontier and d < MAX_MOVE:
        d += 1
        nxt_frontier = []
        for town in frontier:
            if town != target and not BIT[town] & open_mask:
                continue
            for nxt, road in TOWN_ADJ[town]:
                if nxt in dist or road in full:
                    continue
                dist[nxt] = d
                nxt_frontier.append(nxt)
        frontier = nxt_frontier
    return dist


def _muster_steps(state: State, mv: MovePhase, m: _Map, block: str, dist: dict[str, int]) -> list[str]:
    """Next towns for ``block`` from which the muster town stays within reach (5.3)."""
    at = state.loc[block]
    path = mv["path"].get(block, [])
    left = _allowance(state, block) - len(path)
    target = mv["target"]
    here = dist.get(at, 99)
    if left <= 0 or at == target or here > left:
        return []
    out = []
    for nxt, road in ADJ[at]:
        # Each step brings the block strictly closer, so it can never be stranded.
        if dist.get(nxt, 99) >= here or not _open_road(m, road):
            continue
        if not path and road in mv["barred"].get(at, ()):
            continue
        if nxt != target and not BIT[nxt] & m.open_mask:
            continue
        out.append(nxt)
    return out


def _can_muster(state: State, mv: MovePhase, m: _Map) -> bool:
    """Whether any muster town exists: a block next to one is the usual case; else search."""
    ok = m.muster_mask()
    for town in m.mine:
        if not _road_movers(mv, m, town):
            continue
        barred = mv["barred"].get(town, ())
        for nxt, road in TOWN_ADJ[town]:
            if BIT[nxt] & ok and road not in m.full and road not in barred:
                return True
    return bool(_muster_targets(state, mv, m))


def _muster_targets(state: State, mv: MovePhase, m: _Map) -> list[str]:
    """Towns some block could muster to (5.3): reachable from another town of movers within its
    Move Rating, through open towns, by roads with room, not by a barred first road.

    Breadth first over town bitmasks (a town's first visit is by its shortest route); town bits
    follow the sorted town names, so the answer comes out sorted.
    """
    open_mask = m.open_mask
    blocked: dict[int, int] = {}
    for road in m.full:
        ends = ROAD_BITS.get(road)
        if ends:
            a, b = ends
            blocked[a] = blocked.get(a, 0) | b
            blocked[b] = blocked.get(b, 0) | a
    extra = 1 if state.options.get("forced_marches") else 0
    reach_all = 0
    for town in m.mine:
        movers = _road_movers(mv, m, town)
        if not movers:
            continue
        start = BIT[town]
        first = NBR[start] & ~blocked.get(start, 0)
        for road in mv["barred"].get(town, ()):
            ends = ROAD_BITS.get(road)
            if ends:
                first &= ~(ends[0] | ends[1])
        visited = start | first
        reach = first
        frontier = first & open_mask
        for _ in range(max(MOVE[b] for b in movers) + extra - 1):
            nxt = 0
            while frontier:
                low = frontier & -frontier
                nxt |= NBR[low] & ~blocked.get(low, 0)
                frontier ^= low
            nxt &= ~visited
            visited |= nxt
            reach |= nxt
            frontier = nxt & open_mask
        reach_all |= reach
    found = reach_all & m.muster_mask()
    out = []
    while found:
        low = found & -found
        out.append(TOWN_OF_BIT[low])
        found ^= low
    return out


def _muster_blocks(state: State, mv: MovePhase, m: _Map) -> list[str]:
    out = []
    for t in m.mine:
        if t != mv.get("target"):
            out.extend(_road_movers(mv, m, t))
    return out


# -- sea moves (5.4, 7.22) and German entry (7.23) --------------------------------------------
def _nation_ready(state: State, nation: str) -> bool:
    """All three crusaders of a nation are out of the draw pool (7.21)."""
    return not any(info.nation == nation and state.loc[b] == "pool" for b, info in BLOCKS.items())


def _sea_sources(state: State, mv: MovePhase, m: _Map) -> list[str]:
    side = mv["side"]
    moved = mv["moved"]
    out = []
    for box in ("England", "France") if side == FRANKS else ():
        waiting = [b for b, w in state.loc.items() if w == box and b not in moved]
        if waiting and _nation_ready(state, BLOCKS[waiting[0]].nation or ""):
            out.extend(waiting)
    for port in BOARD.ports:
        if port not in m.occ or not _can_leave(mv, port) or not m.port_friendly(port):
            continue
        own_castle = TOWNS[port].fortified and m.besieged.get(port) == side
        for b in m.occ[port]:
            if SIDE[b] != side or b in moved:
                continue
            if b in state.castle and not own_castle:
                continue
            out.append(b)
    return out


def _sea_targets(state: State, mv: MovePhase, m: _Map, block: str) -> list[str]:
    at = state.loc[block]
    if BLOCKS[block].sea_attack and not m.winter:
        return [p for p in _port_targets(state, mv, m, True) if p != at]
    if m.ports is None:
        m.ports = _port_targets(state, mv, m, False)
    return [p for p in m.ports if p != at]


def _port_targets(state: State, mv: MovePhase, m: _Map, english_attack: bool) -> list[str]:
    side = mv["side"]
    out = []
    for port in BOARD.ports:
        holder = m.besieged.get(port)
        if holder is not None:
            if m.winter:
                continue
            if holder == side:
                if (
                    TOWNS[port].fortified and sum(b in state.castle for b in m.occ[port]) < castle_limit(port)
                ) or english_attack:
                    out.append(port)
                continue
        # Past the branch above, a holder is the enemy: the side besieges an ordinary port, which
        # its field makes friendly to it (6.51), and a block sailing in joins that field (not in a
        # game of save format 1: common.rules_of_format_1).
        besieging = holder is not None and not rules_of_format_1(state)
        if (m.port_friendly(port) and (besieging or not m.enemy_at(port))) or (
            english_attack and holder is None
        ):
            out.append(port)
    return out


def _german_entries(state: State, mv: MovePhase, m: _Map) -> list[Action]:
    side = mv["side"]
    if side != FRANKS or not _nation_ready(state, "German"):
        return []
    out: list[Action] = []
    for b, w in state.loc.items():
        if w != "Germania" or b in mv["moved"]:
            continue
        for town in GERMAN_ENTRIES:
            road = road_key("Germania", town)
            if road in m.full:
                continue
            if m.winter and m.enemy_at(town):
                continue
            out.append(("enter", b, town))
    return out


# -- the phase ---------------------------------------------------------------------------------
def _legal(state: State, role: str) -> list[Action]:
    mv = state.mv
    assert mv is not None
    out: list[Action] = []
    kind = mv["kind"]
    if kind == "group":
        origin = mv["origin"]
        assert origin is not None
        m = _Map.of_group(state, role, origin)
        members = [b for b in mv["path"] if b not in mv["stopped"]]
        members += _road_movers(mv, m, origin)
        for b in members:
            out.extend(("step", b, t) for t in _group_steps(state, mv, m, b))
        out.append(("end",))
        return out
    if kind == "muster":
        m = _Map.of_muster(state, role)
        target = mv["target"]
        assert target is not None
        transit = mv["transit"]
        movers = [transit] if transit else _muster_blocks(state, mv, m)
        dist = _distances_to(state, mv, m, target)
        for b in movers:
            out.extend(("step", b, t) for t in _muster_steps(state, mv, m, b, dist))
        if not transit:
            out.append(("end",))
        return out
    if kind == "muster_pick":
        out.extend(("muster", t) for t in _muster_targets(state, mv, _Map(state, role)))
        out.append(("end",))
        return out
    # between moves
    m = _Map(state, role)
    if mv["moves"] > 0:
        if mv["campaign"] and not mv["moved"]:
            out.extend(("campaign", t) for t in _campaign_towns(state, role))
        for t in sorted(m.mine):
            if any(_group_steps(state, mv, m, b) for b in _road_movers(mv, m, t)):
                out.append(("group", t))
        if mv["event"] is None:
            if _can_muster(state, mv, m):
                out.append(("muster",))
            for b in _sea_sources(state, mv, m):
                out.extend(("sea", b, p) for p in _sea_targets(state, mv, m, b))
            out.extend(_german_entries(state, mv, m))
    out.append(("end",))
    return out


def _campaign_towns(state: State, side: str) -> list[str]:
    """Sieges ``side`` is besieging, for the Winter Campaign (8.2)."""
    towns = {w for b, w in state.loc.items() if w in TOWNS and b in state.castle}
    return sorted(t for t in towns if besieged_side(state, t) == enemy(side))


def _perform(state: State, role: str, action: Action) -> None:
    mv = state.mv
    assert mv is not None
    verb = action[0]
    if verb == "step":
        _step(state, mv, action[1], action[2])
    elif verb == "end":
        if mv["kind"] is None:
            end(state)
            return
        mv["kind"] = mv["origin"] = mv["target"] = None
        mv["transit"] = None
        # 5.0: the blocks of the move just ended have moved for the phase (they stay in "moved");
        # not in a game of save format 1 (common.rules_of_format_1).
        if not rules_of_format_1(state):
            mv["path"], mv["stopped"] = {}, []
    elif verb == "group":
        mv["moves"] -= 1
        mv["kind"], mv["origin"] = "group", action[1]
        log(state, "5.2", "The {side} make a group move from {town}.", side=role, town=action[1])
    elif verb == "muster" and len(action) == 1:
        mv["kind"] = "muster_pick"
    elif verb == "muster":
        mv["moves"] -= 1
        mv["kind"], mv["target"] = "muster", action[1]
        log(state, "5.3", "The {side} muster at {town}.", side=role, town=action[1])
    elif verb == "sea":
        _sea(state, mv, action[1], action[2])
    elif verb == "enter":
        _enter(state, mv, action[1], action[2])
    elif verb == "campaign":
        state.flags["winter_campaign"] = {"side": role, "town": action[1]}
        mv["moves"] = 0
        log(
            state,
            "8.2",
            "The {side} keep the siege of {town} going over the winter.",
            side=role,
            town=action[1],
        )
    if mv["moves"] <= 0 and mv["kind"] is None:
        end(state)


def _depart(mv: MovePhase, block: str, town: str) -> None:
    mv["moved"].append(block)
    if town in mv["free"]:
        mv["free"][town] -= 1


def _step(state: State, mv: MovePhase, block: str, town: str) -> None:
    side = mv["side"]
    at = state.loc[block]
    road = road_key(at, town)
    mv["roads"][road] = mv["roads"].get(road, 0) + 1
    if block not in mv["path"]:
        mv["path"][block] = []
        _depart(mv, block, at)
    enemy_there, held = _town_sides(state, town, side)
    passing = enemy_there and held
    state.loc[block] = town
    state.castle.discard(block)
    mv["path"][block].append(town)
    if len(mv["path"][block]) > BLOCKS[block].move and block not in mv["forced"]:
        mv["forced"].append(block)
    log(
        state, "5.2", "{block} moves from {a} to {b}.", audience=side, block=BLOCKS[block].label, a=at, b=town
    )
    log(
        state,
        "5.2",
        "A {side:adj} block moves from {a} to {b}.",
        audience=others(side),
        side=side,
        a=at,
        b=town,
    )
    if enemy_there:
        _arrive(state, block, town, road)
        if not passing:
            mv["stopped"].append(block)
    if mv["kind"] == "muster":
        mv["transit"] = None if town == mv["target"] else block


def _sea(state: State, mv: MovePhase, block: str, port: str) -> None:
    side = mv["side"]
    at = state.loc[block]
    mv["moves"] -= 1
    _depart(mv, block, at)
    enemy_there = _town_sides(state, port, side)[0]
    into_castle = besieged_side(state, port) == side and TOWNS[port].fortified
    state.loc[block] = port
    state.castle.discard(block)
    if into_castle:
        state.castle.add(block)
    rule = "7.22" if at in ("England", "France") or enemy_there else "5.4"
    log(state, rule, "{block} sails from {a} to {b}.", audience=side, block=BLOCKS[block].label, a=at, b=port)
    if block in state.revealed:
        log(
            state,
            rule,
            "{block} sails from {a} to {b}.",
            audience=others(side),
            block=BLOCKS[block].label,
            a=at,
            b=port,
        )
    else:
        log(
            state,
            rule,
            "A {side:adj} block sails from {a} to {b}.",
            audience=others(side),
            side=side,
            a=at,
            b=port,
        )
    if enemy_there and not into_castle:
        _arrive(state, block, port, "sea")


def _enter(state: State, mv: MovePhase, block: str, town: str) -> None:
    side = mv["side"]
    road = road_key("Germania", town)
    mv["moves"] -= 1
    mv["roads"][road] = mv["roads"].get(road, 0) + 1
    _depart(mv, block, "Germania")
    enemy_there = _town_sides(state, town, side)[0]
    state.loc[block] = town
    log(state, "7.23", "{block} enters the map at {town}.", block=BLOCKS[block].label, town=town)
    if enemy_there:
        _arrive(state, block, town, road)


def _arrive(state: State, block: str, town: str, road: str) -> None:
    """Record a block entering a town held by the enemy (6.41, 6.42, 6.56, 7.22)."""
    side = BLOCKS[block].side
    rec = state.attacks.get(town)
    if rec is None:
        if _field_is(state, town, side, block):
            return  # joining the field of a siege it is already besieging: there from round 1
        relief_by_p2 = side != state.p1 and besieged_side(state, town) == side
        rec = {
            "attacker": side,
            "roads": {side: [road]},
            "main": road,
            "reserves": {},
            "first": 2 if relief_by_p2 else 1,
        }
        state.attacks[town] = rec
        if relief_by_p2:
            rec["reserves"][block] = 2
        log(state, "6.41", "The {side} attack {town}.", side=side, town=town)
        return
    roads = rec["roads"].setdefault(side, [])
    if rec["attacker"] == side:
        first = rec.get("first", 1)
        if road == "sea" and BLOCKS[block].sea_attack and rec["main"] != "sea":
            # 7.22: combined with other attacks, the English sea attack is the Main Attack.
            for b, w in state.loc.items():
                if w == town and BLOCKS[b].side == side and b != block and b not in rec["reserves"]:
                    rec["reserves"][b] = first + 1
            rec["main"] = "sea"
        elif road != rec["main"]:
            rec["reserves"][block] = first + 1
        elif first > 1:
            rec["reserves"][block] = first
    else:
        # 6.42: Player 2 answering a battle: round 2 by the first road it uses, round 3 by others.
        response = rec.setdefault("response", road)
        rec["reserves"][block] = 2 if road == response else 3
    if road not in roads:
        roads.append(road)


def _field_is(state: State, town: str, side: str, block: str) -> bool:
    """Whether ``side`` alone held the field of ``town`` before ``block`` came."""
    foe = enemy(side)
    sides = {
        BLOCKS[b].side for b, w in state.loc.items() if w == town and b != block and b not in state.castle
    }
    return sides == {side} and foe not in sides


def _finish(state: State) -> None:
    """End of a move phase: forced-march rolls (optional rule)."""
    mv = state.mv
    assert mv is not None
    side = mv["side"]
    for b in mv["forced"]:
        if state.loc[b] not in TOWNS:
            continue
        (die,) = roll(state, 1)
        lost = die <= 3
        what = ": it loses a step" if lost else ""
        log(  # the enemy reads "a Frank block", the owner the block's name (issue 15)
            state,
            "5.0",
            "Forced march: a {side:adj} block at {town} rolls {die}{what}.",
            audience=others(side),
            side=side,
            town=state.loc[b],
            die=die,
            what=what,
        )
        log(
            state,
            "5.0",
            "Forced march: {block} at {town} rolls {die}{what}.",
            audience=side,
            block=BLOCKS[b].label,
            town=state.loc[b],
            die=die,
            what=what,
        )
        if lost:
            reduce(state, b, 1, "5.0")


def _prompt(state: State, role: str) -> str:
    mv = state.mv
    assert mv is not None
    if mv["kind"] == "group":
        return f"Group move from {mv['origin']}: move blocks one town at a time, then end the group move."
    if mv["kind"] == "muster":
        return f"Muster at {mv['target']}: move blocks towards it, then end the muster."
    if mv["kind"] == "muster_pick":
        return "Muster: choose the town to muster at (or end to choose another move)."
    n = mv["moves"]
    return f"{n} move{'' if n == 1 else 's'} left: start a group move, muster or sea move, or end your moves."


sequence("move_phase", _move_phase, "5.0")
decision("move", _legal, _perform, _prompt, "5.0")
