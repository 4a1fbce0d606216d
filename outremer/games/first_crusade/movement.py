"""Movement (17.0-22.0, 25.0-25.4): the March, Leader March, Sea Move, Leader Sea Move and Supplied
March Actions, from forming the force to the attack that ends it (where a force may go and end, and
the withdrawal of 24.2, are reach.py's).

A march is a ``march`` frame, stages in order:

- ``form``: the player takes units into the force or leaves them out, one at a time, then goes
  (10.0, 12.4); contingents as 10.1, 30.1-30.2, 32.2, 35.0 Christian Infighting allow; fleets carry
  one land unit each (25.2-25.3);
- ``move``: the Movement Allowance is rolled (17.3, 18.1, 19.1, 20.1, 21.0; option 35.1), then the
  force moves one space at a time (17.4), by roads and passes on land (17.5) or by sea (20.2-20.3,
  25.1), dropping off and picking up units (17.4); it stops on entering a space held by Muslims
  (10.4, 17.6) unless Treachery lets it through, in Constantinople (29.1) and Jerusalem (29.3);
  Masyaf is reached by a pass only (31.1); Armenians keep within two spaces of Armenia (30.2); a
  Kingdom Leader keeps to his realm (36.4, option ``kingdoms``); no unit ends the move, nor is
  dropped off, where it may not stack (10.1(1), 30.2; ruling MV-21), and ``warning`` tells the front
  ends which ``go`` and ``stop`` risk an elimination for it;
- ``attrition``: the check of 18.2 when the roll calls for it (an ``attrition`` frame, 18.2, 20.1,
  25.3; Supplies may cancel it), none for a Supplied March (22.0);
- ``camp``: a Camp used by a Supplied March is expended (22.1, 33.6); Camps never move (33.4);
- ``engage``: a force that stopped among Muslims attacks (18.1, 19.1, 20.1, 23.0), or besieges
  (34.1, option ``siege``).

Verbs: ``march``, ``leader_march``, ``sea_move``, ``leader_sea_move`` and each with ``supplied_``
in front (22.0), as ``(verb, space)``. Inside the frame: ``("take", unit)``, ``("leave", unit)``,
``("go",)``, ``("move", space)``, ``("drop", unit)``, ``("pick_up", unit)``, ``("stop",)``,
``("hit", unit)``, ``("lose", unit)``, ``("camp", space)``, ``("attack",)``, ``("besiege",)``.
Rulings MV-n: docs/first-crusade/rulings-movement.md.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable
from typing import Any

from ...engine.procedures import Action, Frame, Role
from . import combat, pilgrimage
from .board import CONSTANTINOPLE, JERUSALEM, path_key
from .common import (
    BOARD,
    COUNTERS,
    FLEETS,
    LEADERS,
    MASYAF,
    ORDER,
    SPACES,
    assassin_returns,
    available_actions,
    christians_at,
    clashes_among,
    control,
    eliminate,
    has_muslims,
    is_fortress,
    log,
    may_act,
    muslims_at,
    on_map,
    reduce,
    reveal,
    roll,
    rules_of_format_1,
    spend,
)
from .procedures import GO, PROCEDURES
from .reach import LAND_PATHS, limits, may_end
from .state import State

STOP = ("stop",)
ATTACK = ("attack",)
BESIEGE = ("besiege",)
MOVES = ("march", "leader_march", "sea_move", "leader_sea_move")
VERBS = (*MOVES, *(f"supplied_{verb}" for verb in MOVES))
"""The movement Actions (34.0 summary): each is ``(verb, space)``."""
ALLOWANCE = {False: 1, True: 2}
"""Dice of the Movement Allowance: one without a Leader, two with (18.1, 19.1, 20.1, 21.0)."""
CAVALRY_BONUS = {False: 1, True: 2}
"""Option 35.1: +1 for a March, +2 for a Leader March."""


# -- the kinds of move ----------------------------------------------------------------------------
def kind(verb: str) -> tuple[bool, bool, bool]:
    """``(sea, leader, supplied)`` of a movement verb."""
    base = verb.removeprefix("supplied_")
    return base.endswith("sea_move"), base.startswith("leader_"), base != verb


KINDS = {verb: kind(verb) for verb in VERBS}


def _new(state: State, verb: str, space: str) -> Frame:
    """The working data of a march from ``space``, its force prefilled (not yet pushed)."""
    sea, leader, supplied = KINDS[verb]
    depots = _depots(state, space) if supplied and _depot(state, space) else []
    return {
        "verb": verb,
        "sea": sea,
        "leader": leader,
        "supplied": supplied,
        "start": space,
        "here": space,
        "stage": "form",
        "force": _prefill(sea, _candidates(sea, leader, space, _able(state, space))),
        "pool": [],
        "mp": 0,
        "dice": [],
        "entered": [],
        "ended": False,
        "passing": False,
        "pass_through": 0,
        "engage": False,
        "reinforce": False,
        "depots": depots,
        "camps": [s for s in [space, *depots] if s in state.camps and not _fortress_supply(state, s)],
    }


def offered(state: State) -> list[Action]:
    """The movement Actions that may start now: one of each kind for each space whose units could
    form such a force (17.1, 34.0 summary), a Supplied March only where one could end in a depot.
    Each space's four prefilled forces serve its Supplied Marches too."""
    out: list[Action] = []
    depots: list[str] | None = None  # the Christian depots, listed for the first Supplied March
    for space in SPACES:
        able = _able(state, space) if space in state.loc.at else []
        if not able:
            continue
        forces: dict[tuple[bool, bool], list[str]] = {}
        for verb in VERBS:
            sea, leader, supplied = KINDS[verb]
            if (sea, leader) not in forces:
                force = _prefill(sea, _candidates(sea, leader, space, able))
                forces[sea, leader] = force if _valid(state, sea, leader, space, force) else []
            force = forces[sea, leader]
            if force and supplied:
                depots = _christian_depots(state) if depots is None else depots
                force = force if _supplied_start(state, sea, leader, space, force, depots) else []
            if force:
                out.append((verb, space))
    return out


def start(state: State, action: Action) -> None:
    """Push the ``march`` frame of a movement Action (its cost is already spent, 12.1)."""
    verb, space = action
    PROCEDURES.push(state, "march", **_new(state, str(verb), str(space)))


def _supplied_start(
    state: State, sea: bool, leader: bool, start: str, force: list[str], depots: list[str]
) -> bool:
    """Whether ``force`` may set out on a Supplied March: from a depot, to another of the Christian
    ``depots`` that the best roll could reach (22.0; ruling MV-11)."""
    if not _depot(state, start):
        return False
    ends = [s for s in depots if s != start]
    top = 6 * ALLOWANCE[leader] + _cavalry_bonus(state, sea, leader, force)
    return bool(ends) and _Way(state, sea, force, True, ends).reaches_depot(start, top)


# -- forming the force (10.0, 10.1, 25.2-25.3, 30.1-30.2) ------------------------------------------
def _suits(sea: bool, leader: bool, unit: str) -> bool:
    """Fleets move only by sea (25.1, ruling MV-8); a March or Sea Move has no Leader (18.1, 20.1,
    ruling MV-1)."""
    if unit in FLEETS and not sea:
        return False
    return leader or unit not in LEADERS


def _able(state: State, start: str) -> list[str]:
    """The Christian units in ``start`` that may act (30.1, 32.2, 35.0)."""
    return [u for u in christians_at(state, start) if may_act(state, u)]


def _candidates(sea: bool, leader: bool, start: str, able: list[str]) -> list[str]:
    """Of the units ``able`` to act in ``start``, those that suit the move; a land move never
    starts at sea."""
    if not sea and not SPACES[start].is_land:
        return []
    return [u for u in able if _suits(sea, leader, u)]


def _fleets(units: Iterable[str]) -> int:
    return sum(1 for u in units if u in FLEETS)


def _carried(units: Iterable[str]) -> int:
    return sum(1 for u in units if u not in FLEETS)


MIX = {
    c.id: (
        int(c.contingent == "armenian"),
        int(c.contingent not in ("armenian", "mercenary")),
        1 if c.id in FLEETS else -1,
    )
    for c in COUNTERS.values()
}
"""What a unit adds to a force's make-up (``_tally``)."""


def _tally(units: Iterable[str]) -> tuple[int, int, int]:
    """A force's make-up: its Armenian units, its units neither Armenian nor mercenary, and its
    fleets less its land units."""
    armenians = others = spare = 0
    for u in units:
        a, o, s = MIX[u]
        armenians, others, spare = armenians + a, others + o, spare + s
    return armenians, others, spare


def _with(tally: tuple[int, int, int], unit: str, sign: int = 1) -> tuple[int, int, int]:
    """The make-up once ``unit`` joins the force (``sign`` -1: once it leaves)."""
    a, o, s = MIX[unit]
    return tally[0] + sign * a, tally[1] + sign * o, tally[2] + sign * s


def _well_formed(sea: bool, tally: tuple[int, int, int]) -> bool:
    """Armenians move only with Armenians and mercenaries (30.2, ruling MV-2); at sea each fleet
    carries one unit (25.3)."""
    armenians, others, spare = tally
    return not (armenians and others) and (not sea or spare >= 0)


def _fits(sea: bool, units: Iterable[str]) -> bool:
    """Whether ``units`` may move together (_well_formed)."""
    return _well_formed(sea, _tally(units))


def _valid(state: State, sea: bool, leader: bool, start: str, force: list[str]) -> bool:
    """A force that may set out: not empty, a Leader in a Leader's move (19.1, 21.0), fleets for
    a sea move carrying every unit, and none left at sea without a fleet (25.1, 25.3)."""
    if not force or (leader and not any(u in LEADERS for u in force)):
        return False
    if not sea:
        return True
    left = [u for u in christians_at(state, start) if u not in force]
    stranded = SPACES[start].is_sea and _carried(left) > _fleets(left)
    return _fleets(force) > 0 and _fits(sea, force) and not stranded


def _prefill(sea: bool, units: list[str]) -> list[str]:
    """Every unit that may join (``units``, the candidates), fleets first at sea, as long as the
    force stays well formed; the player then leaves out or takes in units one at a time (ruling
    MV-20)."""
    if sea:
        units = sorted(units, key=lambda u: u not in FLEETS)
    force: list[str] = []
    tally = (0, 0, 0)
    for u in units:
        joined = _with(tally, u)
        if _well_formed(sea, joined):
            force.append(u)
            tally = joined
    return _ordered(force)


def _ordered(units: Iterable[str]) -> list[str]:
    return sorted(units, key=ORDER.__getitem__)


def _twin(state: State, unit: str) -> Any:
    """Units that are the same in play (not leaders: each is named and counted, 6.1)."""
    c = COUNTERS[unit]
    if c.is_leader:
        return unit
    return c.contingent, c.type, c.factor, c.reduced, c.steps, unit in state.reduced


def _distinct(state: State, units: Iterable[str]) -> list[str]:
    """One unit of each kind of twins, in the order given: the others would be the same choice."""
    seen: set[Any] = set()
    out: list[str] = []
    for u in units:
        key = _twin(state, u)
        if key not in seen:
            seen.add(key)
            out.append(u)
    return out


def _form_legal(state: State, frame: Frame) -> list[Action]:
    force, sea, leader, start = frame["force"], frame["sea"], frame["leader"], frame["start"]
    candidates = _candidates(sea, leader, start, _able(state, start))
    tally = _tally(force)
    takes = [u for u in candidates if u not in force and _well_formed(sea, _with(tally, u))]
    leaves = [u for u in force if len(candidates) > 1 and _well_formed(sea, _with(tally, u, -1))]
    choices: list[Action] = [("take", u) for u in _distinct(state, takes)]
    choices += [("leave", u) for u in _distinct(state, leaves)]
    if _valid(state, sea, leader, start, force):
        choices.append(GO)
    return [] if choices == [GO] else choices


def _form_perform(state: State, frame: Frame, action: Action) -> None:
    verb = action[0]
    if verb == "take":
        frame["force"] = _ordered([*frame["force"], action[1]])
    elif verb == "leave":
        frame["force"] = [u for u in frame["force"] if u != action[1]]
    else:
        _set_out(state, frame)


def _cavalry_bonus(state: State, sea: bool, leader: bool, force: list[str]) -> int:
    """Option 35.1: a land force of full-strength cavalry only moves farther (ruling MV-19)."""
    if not state.options.get("cavalry") or sea or not force:
        return 0
    if all(COUNTERS[u].cavalry and u not in state.reduced for u in force):
        return CAVALRY_BONUS[leader]
    return 0


def _set_out(state: State, frame: Frame) -> None:
    """Roll the Movement Allowance (17.3, 18.1, 19.1, 20.1, 21.0)."""
    dice = roll(state, ALLOWANCE[frame["leader"]])
    bonus = _cavalry_bonus(state, frame["sea"], frame["leader"], frame["force"])
    frame.update(stage="move", dice=dice, mp=sum(dice) + bonus, pool=list(frame["force"]))
    log(
        state,
        "17.3",
        "{verb} from {space} with {n} unit(s): movement allowance {mp} (roll {dice}{extra}).",
        verb=frame["verb"].replace("_", " ").capitalize(),
        space=frame["start"],
        n=len(frame["force"]),
        mp=frame["mp"],
        dice=" ".join(str(d) for d in dice),
        extra=f", +{bonus} cavalry" if bonus else "",
    )


# -- where the force may go (17.4-17.6, 20.2, 25.1, 29.1, 29.3, 30.2, 31.1, 36.4) -----------------
def _edge(here: str, there: str) -> tuple[bool, bool]:
    """Whether the path from ``here`` to ``there`` is a pass, which uses all movement (17.5, ruling
    MV-18), and whether the step ends the move: every force stops in Constantinople and Jerusalem
    (29.1, 29.3; ruling MV-9); a fleet entering a port, or leaving one other than Constantinople,
    stops (20.2, 29.1; ruling MV-7)."""
    path = BOARD.paths[path_key(here, there)].kind
    if path == "pass":
        return True, True
    ends = there in (CONSTANTINOPLE, JERUSALEM)
    if path == "sea":
        ends = ends or SPACES[there].port or (SPACES[here].port and here != CONSTANTINOPLE)
    return False, ends


EDGES = {
    paths: {
        here: tuple((there, *_edge(here, there)) for there in BOARD.neighbours(here, paths))
        for here in SPACES
    }
    for paths in (("sea",), ("road",), LAND_PATHS)
}
"""Paths of a kind -> space -> ``(neighbour, pass, ends the move)`` in map order (_edge)."""


def _cost(here: str, there: str, mp: int) -> tuple[int, bool]:
    """Movement left after the step and whether the step ends the move (_edge)."""
    passes, ends = _edge(here, there)
    return (0 if passes else mp - 1), ends


def _joined(state: State, force: list[str], space: str) -> list[str]:
    """The force and the Christians already in ``space``."""
    return [*force, *christians_at(state, space)]


class _Way:
    """The map as one force sees it: the steps it may take (17.5: passes with a Leader; 20.2, 25.1:
    by sea) and the spaces it may enter (``may_enter``); for a Supplied March, the depots it must
    be able to reach (22.0)."""

    __slots__ = ("depots", "edges", "force", "state", "supplied", "within")

    def __init__(self, state: State, sea: bool, force: list[str], supplied: bool, depots: list[str]) -> None:
        self.state = state
        self.force = force
        leader = any(u in LEADERS for u in force)
        self.edges = EDGES[("sea",) if sea else LAND_PATHS if leader else ("road",)]
        self.within = limits(state, force)
        self.supplied = supplied
        self.depots = frozenset(depots)

    @classmethod
    def of(cls, state: State, frame: Frame) -> _Way:
        return cls(state, frame["sea"], frame["force"], frame["supplied"], frame["depots"])

    def steps(self, here: str, mp: int) -> list[tuple[str, int, bool]]:
        """Each space one path away, with the movement left and whether the step ends the move."""
        return [(there, 0 if passes else mp - 1, ends) for there, passes, ends in self.edges[here]]

    def may_enter(self, there: str, ending: bool) -> bool:
        """Within the force's limits (30.2, 36.4); Jerusalem held by Muslims only with one more
        Action to attack it (29.3; ruling MV-9); a space it would end its move in only if it may
        end there (30.2)."""
        if not self.within(there):
            return False
        state = self.state
        if there == JERUSALEM and has_muslims(state, there) and available_actions(state) < 1:
            return False
        return not ending or may_end(state, _joined(state, self.force, there), there)

    def reaches_depot(self, here: str, mp: int) -> bool:
        """Whether a depot can still be reached from ``here`` with ``mp`` (Muslim spaces stop the
        way). More movement in a space never reaches less, so a space is searched again only with
        more movement than before."""
        best = {here: mp}
        todo = deque([(here, mp)])
        while todo:
            space, left = todo.popleft()
            for there, passes, ends in self.edges[space]:
                after = 0 if passes else left - 1
                ending = ends or after == 0 or has_muslims(self.state, there)
                if not self.may_enter(there, ending):
                    continue
                if there in self.depots:
                    return True
                if not ending and best.get(there, -1) < after:
                    best[there] = after
                    todo.append((there, after))
        return False

    def supply_ok(self, there: str, mp: int, ending: bool) -> bool:
        """A Supplied March only takes steps that still lead to a depot (ruling MV-11)."""
        if not self.supplied or there in self.depots:
            return True
        return not ending and self.reaches_depot(there, mp)


def _passes(frame: Frame, mp: int, ends: bool) -> bool:
    """Treachery lets the force through a Muslim space if it could go on from there (ruling MV-16)."""
    return frame["pass_through"] > 0 and not ends and mp > 0


def _moves(state: State, frame: Frame) -> list[str]:
    """The spaces the force may enter next; none while it has more units than its fleets carry."""
    if not _fits(frame["sea"], frame["force"]):
        return []
    way = _Way.of(state, frame)
    out = []
    for there, mp, ends in way.steps(frame["here"], frame["mp"]):
        held = has_muslims(state, there)
        ending = ends or mp == 0 or (held and not _passes(frame, mp, ends))
        if way.may_enter(there, ending) and way.supply_ok(there, mp, ending):
            out.append(there)
    return out


def _treachery_window(state: State, frame: Frame) -> bool:
    """Whether a Muslim space next door could be moved through with Treachery (chart)."""
    if frame["pass_through"]:
        return False
    way = _Way.of(state, frame)
    return any(
        has_muslims(state, there)
        and not ends
        and mp > 0
        and way.may_enter(there, False)
        and way.supply_ok(there, mp, False)
        for there, mp, ends in way.steps(frame["here"], frame["mp"])
    )


# -- Supplied March (22.0-22.1, 33.6) --------------------------------------------------------------
FORTRESS_SPACES = frozenset(s.id for s in SPACES.values() if s.is_fortress)


def _fortress_supply(state: State, space: str) -> bool:
    """A fortress held by Christians supplies a march, unless a Massacre took it (34.6) or it is
    besieged (34.6: then no fortress for the besiegers)."""
    return (
        is_fortress(state, space)
        and control(state, space) == "christian"
        and space not in state.flags["massacres"]
    )


def _depot(state: State, space: str) -> bool:
    """A Fortress or Camp a Supplied March may start or end in (22.0, 33.6; ruling MV-11)."""
    return space in state.camps or _fortress_supply(state, space)


def _christian_depots(state: State) -> list[str]:
    """Every Fortress or Camp held by Christians, in map order: where Supplied Marches may end
    (22.0, 34.0 summary)."""
    candidates = {*FORTRESS_SPACES, *state.camps, *state.castles}
    return [s for s in SPACES if s in candidates and control(state, s) == "christian" and _depot(state, s)]


def _depots(state: State, start: str) -> list[str]:
    """Where a Supplied March from ``start`` may end: another Fortress or Camp held by Christians
    at the start of the Action (22.0, 34.0 summary)."""
    return [s for s in _christian_depots(state) if s != start]


def _supplied(frame: Frame) -> bool:
    return frame["supplied"] and frame["here"] in frame["depots"]


# -- moving (17.4-17.6) ---------------------------------------------------------------------------
def _drops(state: State, frame: Frame) -> list[str]:
    """Units that may be dropped off here (17.4): one stays in the force, and at sea no unit is
    left without a fleet (25.1, 25.3): a fleet goes first, then the unit it keeps (ruling MV-6)."""
    force, here = frame["force"], frame["here"]
    if len(force) < 2:
        return []
    staying = [v for v in christians_at(state, here) if v not in force]
    out = []
    for u in force:
        left = [*staying, u]
        if SPACES[here].is_sea and _carried(left) > _fleets(left):
            continue
        if may_end(state, left, here):
            out.append(u)
    return out


def _pick_ups(state: State, frame: Frame) -> list[str]:
    """Units that may join the force here (17.4): units that may act (30.1, 32.2, 35.0) and suit
    the move, never picked up twice; at sea, fleets only (25.2; ruling MV-6)."""
    here, force = frame["here"], frame["force"]
    out = []
    for u in christians_at(state, here):
        if u in frame["pool"] or not may_act(state, u) or not _suits(frame["sea"], frame["leader"], u):
            continue
        if frame["sea"] and not COUNTERS[u].is_fleet:
            continue
        left = [v for v in christians_at(state, here) if v not in force and v != u]
        if SPACES[here].is_sea and _carried(left) > _fleets(left):
            continue
        if _fits(frame["sea"], [*force, u]):
            out.append(u)
    return out


def _may_stop(state: State, frame: Frame) -> bool:
    """The force may end its move here: never inside a space it moves through (Treachery); a
    Supplied March in a depot (22.0), or where it began without moving (18.1 note)."""
    if frame["passing"]:
        return False
    if not frame["entered"]:
        return True
    if frame["supplied"] and frame["here"] not in frame["depots"]:
        return False
    return may_end(state, christians_at(state, frame["here"]), frame["here"])


def _move_legal(state: State, frame: Frame) -> list[Action]:
    if frame["ended"] or frame["mp"] == 0:
        return []
    moves = _moves(state, frame)
    choices: list[Action] = [("move", s) for s in moves]
    if frame["entered"] and not frame["passing"] and not frame["supplied"]:
        choices += [("drop", u) for u in _distinct(state, _drops(state, frame))]
        choices += [("pick_up", u) for u in _distinct(state, _pick_ups(state, frame))]
    if _treachery_window(state, frame):
        choices += pilgrimage.march_boons(state, frame, "path")
    if _may_stop(state, frame) or not moves:
        choices.append(STOP)
    if choices == [STOP] and (rules_of_format_1(state) or not _breaks_stacking(state, frame["here"])):
        return []
    return choices


def _breaks_stacking(state: State, space: str) -> bool:
    """Units in ``space`` may not end the Action together (10.1(1)): a force stuck there stops only
    as the player's choice, after the warning (``warning``), so that the move may be taken back."""
    return bool(clashes_among(state, space, christians_at(state, space)))


def _move_perform(state: State, frame: Frame, action: Action) -> None:
    verb = action[0]
    if pilgrimage.is_boon_play(action):
        pilgrimage.play_in_march(state, frame, action)
    elif verb == "move":
        _enter(state, frame, action[1])
    elif verb == "drop":
        frame["force"] = [u for u in frame["force"] if u != action[1]]
        log(state, "17.4", "{unit} is dropped off in {space}.", unit=action[1], space=frame["here"])
    elif verb == "pick_up":
        frame["force"] = _ordered([*frame["force"], action[1]])
        frame["pool"].append(action[1])
        log(state, "17.4", "{unit} joins the force in {space}.", unit=action[1], space=frame["here"])
    else:
        _finish_move(state, frame)


def _enter(state: State, frame: Frame, there: str) -> None:
    """The force enters ``there`` (17.4): it stops among Muslims, revealed at once (10.4, 11.0,
    17.6), unless Treachery lets it through; one more Action for a Muslim Jerusalem (29.3)."""
    here = frame["here"]
    mp, ends = _cost(here, there, frame["mp"])
    muslims = muslims_at(state, there)
    had_christians = bool(christians_at(state, there))
    for u in frame["force"]:
        state.loc[u] = there
    frame.update(here=there, passing=False)
    frame["entered"].append(there)
    log(state, "17.4", "The force enters {space}.", space=there)
    if here == MASYAF:
        assassin_returns(state)
    if muslims:
        ends = _meet(state, frame, there, mp, ends, had_christians)
    frame.update(mp=0 if ends else mp, ended=ends)


def _meet(state: State, frame: Frame, there: str, mp: int, ends: bool, had_christians: bool) -> bool:
    """Muslims in the space entered: reveal them (11.0); through with Treachery, else stop to
    attack (17.6), with the reinforcement draw unless Christians were there already (ruling MV-10)."""
    reveal(state, muslims_at(state, there))
    frame["reinforce"] = not had_christians and there != MASYAF
    if there == JERUSALEM:
        spend(state, 1)
        log(state, "29.3", "Moving into Jerusalem to attack it costs one more Action.")
    if _passes(frame, mp, ends):
        frame["pass_through"] -= 1
        frame["passing"] = True
        log(state, "10.4", "The force moves through {space} without stopping (Treachery).", space=there)
        return False
    frame["engage"] = True
    log(state, "17.6", "Muslims hold {space}: the force stops there.", space=there)
    return True


def _finish_move(state: State, frame: Frame) -> None:
    """The move ends; a force that cannot get out of a space it meant to move through stays
    there to fight (ruling MV-16)."""
    frame["stage"] = "attrition"
    frame["engage"] = frame["engage"] or frame["passing"]
    if frame["entered"]:
        log(state, "17.4", "The force ends its move in {space}.", space=frame["here"])
    else:
        log(state, "18.1", "The force does not move.")


# -- attrition (18.1-18.2, 19.1, 20.1, 21.0, 25.3) --------------------------------------------------
def attrition_due(frame: Frame) -> bool:
    """The roll of the Movement Allowance calls for attrition: 6 on one die, 7 on two (18.1, 19.1,
    20.1), also 5 or 8 if a Desert space was entered (ruling MV-3), 7 or 8 for a Leader Sea Move
    (21.0, ruling MV-3)."""
    total = sum(frame["dice"])
    desert = any(SPACES[s].kind == "desert" for s in frame["entered"])
    if frame["sea"]:
        return total in ((7, 8) if frame["leader"] else (6,))
    if frame["leader"]:
        return total == 7 or (desert and total == 8)
    return total == 6 or (desert and total == 5)


def _check_attrition(state: State, frame: Frame) -> None:
    frame["stage"] = "camp"
    if _supplied(frame):
        log(state, "22.0", "A Supplied March: no attrition.")
        return
    if frame["supplied"]:
        log(state, "22.0", "The march did not end in a Fortress or Camp: it was not a Supplied March.")
    if not attrition_due(frame):
        return
    pool = [u for u in frame["pool"] if on_map(state, u)]
    checked = [u for u in pool if COUNTERS[u].is_fleet] if frame["sea"] else pool
    carried = [u for u in pool if u not in checked]
    rule = "20.1" if frame["sea"] else "18.2"
    PROCEDURES.push(
        state,
        "attrition",
        stage="roll",
        pool=pool,
        units=checked,
        carried=carried,
        hits=0,
        struck=[],
        rule=rule,
    )


def _targets(state: State, frame: Frame) -> list[str]:
    return [u for u in frame["units"] if on_map(state, u) and u not in frame["struck"]]


def _pointless(state: State, frame: Frame) -> bool:
    """Every way to take the losses comes to the same: all must lose, or all are twins."""
    targets = _targets(state, frame)
    return frame["hits"] >= len(targets) or len(_distinct(state, targets)) == 1


def _attrition_legal(state: State, frame: Frame, role: Role) -> list[Action]:
    """The player selects the units that lose a step (18.2); before any does, Supplies may cancel
    the attrition (18.2 note, chart; ruling MV-5)."""
    if frame["stage"] == "sink":
        return (
            [("lose", u) for u in _distinct(state, _stranded(state, frame)[1])]
            if _sink_choice(state, frame)
            else []
        )
    if frame["stage"] != "hit" or frame.get("no_attrition"):
        return []
    fresh = frame["rule"] != "25.3" and not frame["struck"]
    boons = pilgrimage.march_boons(state, frame, "attrition") if fresh else []
    if _pointless(state, frame):
        return [*boons, GO] if boons else []
    return [*boons, *[("hit", u) for u in _distinct(state, _targets(state, frame))]]


def _attrition_perform(state: State, frame: Frame, role: Role, action: Action) -> None:
    if pilgrimage.is_boon_play(action):
        pilgrimage.play_in_march(state, frame, action)
    elif action[0] == "hit":
        _strike(state, frame, action[1])
        if frame["hits"] == 0:
            _next_losses(state, frame)
    elif action[0] == "lose":
        eliminate(state, action[1], "25.1")
    else:
        _strike_all(state, frame)


def _strike(state: State, frame: Frame, unit: str) -> None:
    frame["struck"].append(unit)
    frame["hits"] -= 1
    reduce(state, unit, frame["rule"])


def _strike_all(state: State, frame: Frame) -> None:
    """Losses where the choice would change nothing: the first units, in data-pack order."""
    for u in _targets(state, frame)[: frame["hits"]]:
        _strike(state, frame, u)
    _next_losses(state, frame)


def _next_losses(state: State, frame: Frame) -> None:
    """After the fleets, the units they carry: one loses a step for each fleet hit beyond those
    sailing empty (20.1, 25.3; ruling MV-4); then units left at sea without a fleet (25.1)."""
    carried = [u for u in frame["carried"] if on_map(state, u)]
    hits = len(frame["struck"]) - max(0, len(frame["units"]) - len(frame["carried"]))
    frame["hits"] = 0
    if carried and hits > 0 and frame["rule"] != "25.3":
        frame.update(units=carried, hits=hits, struck=[], rule="25.3", carried=[])
        log(state, "25.3", "{n} carried unit(s) lose a step with their fleets.", n=min(hits, len(carried)))
        return
    frame["stage"] = "sink"


def _stranded(state: State, frame: Frame) -> tuple[int, list[str]]:
    """The first sea space holding more land units than fleets: how many too many, and the units."""
    for space in dict.fromkeys(state.loc[u] for u in frame["pool"] if on_map(state, u)):
        if SPACES[space].is_sea:
            here = christians_at(state, space)
            land = [u for u in here if not COUNTERS[u].is_fleet]
            if len(land) > _fleets(here):
                return len(land) - _fleets(here), land
    return 0, []


def _sink_choice(state: State, frame: Frame) -> bool:
    excess, land = _stranded(state, frame)
    return bool(excess) and excess < len(land) and len(_distinct(state, land)) > 1


def _attrition_run(state: State, frame: Frame) -> None:
    stage = frame["stage"]
    if stage == "roll":
        _roll_attrition(state, frame)
    elif stage == "hit" and frame.get("no_attrition"):
        PROCEDURES.pop(state, frame)
    elif stage == "hit":
        _strike_all(state, frame)
    else:
        _sink(state, frame)


def _roll_attrition(state: State, frame: Frame) -> None:
    """18.2: one die, the number of units untouched; the others lose a step each."""
    (spared,) = roll(state, 1)
    hits = max(0, len(_targets(state, frame)) - spared)
    log(state, "18.2", "Attrition check {dice}: {n} unit(s) lose a step.", dice=str(spared), n=hits)
    frame.update(stage="hit", hits=hits)
    if hits == 0:
        PROCEDURES.pop(state, frame)


def _sink(state: State, frame: Frame) -> None:
    """25.1: a unit left at sea without a fleet to carry it is lost (ruling MV-4)."""
    excess, land = _stranded(state, frame)
    if not excess:
        PROCEDURES.pop(state, frame)
        return
    for u in land[:excess]:
        eliminate(state, u, "25.1")


def _attrition_prompt(state: State, frame: Frame, role: Role) -> str:
    if frame["stage"] == "sink":
        return "Units are left at sea without a fleet: choose one to lose."
    if _pointless(state, frame):
        return f"Attrition: {frame['hits']} unit(s) lose a step. Play Supplies to spare them?"
    return f"Attrition: choose a unit to lose a step ({frame['hits']} to go)."


PROCEDURES.procedure(
    "attrition",
    legal=_attrition_legal,
    perform=_attrition_perform,
    run=_attrition_run,
    prompt=_attrition_prompt,
    rule="18.2",
)


# -- Camps (22.1, 33.6) ---------------------------------------------------------------------------
def _used_camps(state: State, frame: Frame) -> list[str]:
    if not _supplied(frame):
        return []
    ends = dict.fromkeys([frame["start"], frame["here"]])
    return [s for s in ends if s in frame["camps"] and s in state.camps]


def _expend_camp(state: State, space: str) -> None:
    """22.1: the Camp goes back to the Available box."""
    state.camps.remove(space)
    log(state, "22.1", "The Camp in {space} is used up.", space=space)


# -- the attack at the end (18.1, 19.1, 20.1, 23.0, 34.1) ---------------------------------------------
def _force_left(state: State, frame: Frame) -> list[str]:
    return [u for u in frame["force"] if state.loc.get(u) == frame["here"]]


def _engaging(state: State, frame: Frame) -> bool:
    return frame["engage"] and bool(_force_left(state, frame)) and bool(muslims_at(state, frame["here"]))


def _siege_choice(state: State, frame: Frame) -> bool:
    """Option 34.1: a Military Leader's force may besiege the fortress instead of attacking it;
    any force may join a siege already laid (34.3; ruling MV-15)."""
    here = frame["here"]
    if not state.options.get("siege") or not is_fortress(state, here) or here == MASYAF:
        return False
    military = any(COUNTERS[u].is_leader and not COUNTERS[u].diplomatic for u in _force_left(state, frame))
    return military or here in state.flags["sieges"]


def _battle(state: State, frame: Frame) -> None:
    frame["stage"] = "end"
    combat.start_battle(
        state,
        frame["here"],
        "christian",
        reinforce=frame["reinforce"],
        christian_units=_force_left(state, frame),
        cause="march",
    )


def _besiege(state: State, frame: Frame) -> None:
    frame["stage"] = "end"
    here = frame["here"]
    if here in state.flags["sieges"]:
        log(state, "34.3", "The force joins the siege of {space}.", space=here)
    else:
        combat.start_siege(state, here, _force_left(state, frame))


# -- the march frame -------------------------------------------------------------------------------
def _legal(state: State, frame: Frame, role: Role) -> list[Action]:
    stage = frame["stage"]
    if stage == "form":
        return _form_legal(state, frame)
    if stage == "move":
        return _move_legal(state, frame)
    if stage == "camp":
        camps = _used_camps(state, frame)
        return [("camp", s) for s in camps] if len(camps) > 1 else []
    if stage == "engage" and _engaging(state, frame) and _siege_choice(state, frame):
        return [ATTACK, BESIEGE]
    return []


def _perform(state: State, frame: Frame, role: Role, action: Action) -> None:
    stage = frame["stage"]
    if stage == "form":
        _form_perform(state, frame, action)
    elif stage == "move":
        _move_perform(state, frame, action)
    elif stage == "camp":
        frame["stage"] = "engage"
        _expend_camp(state, action[1])
    elif action == BESIEGE:
        _besiege(state, frame)
    else:
        _battle(state, frame)


def _run(state: State, frame: Frame) -> None:
    stage = frame["stage"]
    if stage == "form":
        _set_out(state, frame)
    elif stage == "move":
        _finish_move(state, frame)
    elif stage == "attrition":
        _check_attrition(state, frame)
    elif stage == "camp":
        frame["stage"] = "engage"
        for space in _used_camps(state, frame):
            _expend_camp(state, space)
    elif stage == "engage" and _engaging(state, frame):
        _battle(state, frame)
    else:
        PROCEDURES.pop(state, frame, space=frame["here"], force=_force_left(state, frame))


def _prompt(state: State, frame: Frame, role: Role) -> str:
    stage = frame["stage"]
    if stage == "form":
        return f"Form the force in {SPACES[frame['start']].name}: take or leave units, then go."
    if stage == "move":
        return f"Move the force from {SPACES[frame['here']].name} ({frame['mp']} movement left)."
    if stage == "camp":
        return "Choose the Camp the Supplied March uses up."
    return f"Attack {SPACES[frame['here']].name}, or besiege it?"


PROCEDURES.procedure("march", legal=_legal, perform=_perform, run=_run, prompt=_prompt, rule="18.0")


def _names(contingents: list[str]) -> str:
    return " and ".join(c.title() for c in contingents)


def warning(state: State, action: Action) -> str | None:
    """The caution a front end asks the player to confirm (``Game.warning``), for a march whose
    units may not end the Action together (10.1(1)): ``go`` with a force of such contingents, which
    can only stop again in Constantinople unless they part on the way (ruling MV-21), and ``stop``
    (offered when no move is left) where units already break stacking, so that every unit of one
    contingent there is eliminated."""
    frame = PROCEDURES.top(state)
    if frame is None or frame["kind"] != "march":
        return None
    if action == GO and frame["stage"] == "form":
        found = clashes_among(state, None, frame["force"])
        if found:
            return (
                f"10.1(1): {_names(found)} units may not end an Action together outside "
                "Constantinople. Unless they part on the way, this force can stop only back in "
                "Constantinople, or every unit of one contingent is eliminated."
            )
    elif action == STOP and frame["stage"] == "move":
        here = frame["here"]
        found = clashes_among(state, here, christians_at(state, here))
        if found:
            return (
                f"10.1(1): {_names(found)} units would end the Action together in "
                f"{SPACES[here].name}: every unit of one contingent there is eliminated."
            )
    return None
