"""The player's Actions (12.0-12.6, 34.0 summary) other than movement, and the frame every Action runs
in, which checks stacking at its end (10.1, 30.2, 32.3).

Actions, each by one leader or in one space (12.4, 12.5), with their cost in Actions:

- ``("recruit", leader)`` 1: 14.1-14.4, 36.6;
- ``("rally", space)`` 1: 15.1-15.3 (a ``rally`` frame when the reduced units outnumber the leaders);
- ``("diplomacy", leader)`` 1: 16.1, 30.1;
- ``("pilgrimage", leader)`` 1: 13.1, 29.3, 33.8, 36.6 (the draw is pilgrimage.py's, the banes'
  effects the Action's: 13.2);
- ``("build_camp", space)`` 1, ``("build_castle", space)`` 3, ``("build_monastery", space)`` 2:
  33.1-33.3, 33.9, 36.7; a build begun at the Standard step with too few actions left goes on at the
  Special step (33.3 note: ``state.flags["work"]``);
- ``("kingdom", leader)`` 1: 36.2 (option ``kingdoms``).

Movement's actions (17.0-22.0, 34.1) are listed and run by movement.py. Who may act: common.may_act
(30.1, 32.2, 35.0 Christian Infighting). Rulings A-n: docs/first-crusade/rulings-actions.md.
"""

from __future__ import annotations

from typing import Any

from ...engine.procedures import Action, Frame, Role
from . import combat, events, movement, muslims, pilgrimage
from .board import CONSTANTINOPLE, JERUSALEM
from .common import (
    BOARD,
    CHRISTIAN_LEADERS,
    COUNTERS,
    MARKERS,
    SIS,
    SPACES,
    activate_armenia,
    available_actions,
    christians_at,
    clashes_among,
    contingent,
    control,
    controlled_by,
    crusader_like,
    eliminate,
    in_bin,
    is_fortress,
    is_port,
    leaders_at,
    log,
    lost_at_sea,
    may_act,
    on_map,
    pick,
    rules_of_format_1,
    spend,
    turn_frame,
)
from .procedures import PROCEDURES
from .state import State

CRUSADERS = ("crusader", "mercenary")
CAPITALS = BOARD.fortresses("pilgrimage")
"""The five possible Kingdom capitals (36.1): the Crusader Pilgrimage Fortresses."""
RECRUIT_BINS = ("crusader", "byzantine", "armenian")
COSTS = {
    "recruit": 1,
    "rally": 1,
    "diplomacy": 1,
    "pilgrimage": 1,
    "build_camp": 1,
    "build_castle": 3,
    "build_monastery": 2,
    "kingdom": 1,
    "siege_attack": 1,
}
BUILDS = {"build_camp": "camp", "build_castle": "castle", "build_monastery": "monastery"}
VERB = {kind: verb for verb, kind in BUILDS.items()}
VERB_RULE = {"build_camp": "33.1", "build_castle": "33.2", "build_monastery": "33.3"}


# -- who and where ---------------------------------------------------------------------------------
def acting_leaders(state: State) -> list[str]:
    """Christian leaders on the map who may take an Action now, in data-pack order (which leader
    serves for which Action: ruling A-1)."""
    return [u for u in CHRISTIAN_LEADERS if may_act(state, u)]


def acting_at(state: State, space: str) -> list[str]:
    """The leaders in ``space`` who may take an Action now."""
    return [u for u in leaders_at(state, space) if may_act(state, u)]


def clear(state: State, space: str) -> bool:
    """No Muslim unit in the leader's space: needed for every Action here (ruling A-2)."""
    return control(state, space) == "christian"


def titled(state: State, leader: str) -> bool:
    """A Kingdom Leader on the map (36.3)."""
    return bool(state.options.get("kingdoms")) and leader in state.flags["kingdoms"] and on_map(state, leader)


def picks(state: State, leader: str) -> int:
    """Units recruited or markers picked: two for a Diplomatic or a Kingdom Leader (14.1, 13.1, 36.6)."""
    return 2 if COUNTERS[leader].diplomatic or titled(state, leader) else 1


def _first_of_each(candidates: list[tuple[Any, Action]]) -> list[Action]:
    """One action for each key: leaders that would do the same are not all offered (ruling A-12)."""
    seen: set[Any] = set()
    out: list[Action] = []
    for key, action in candidates:
        if key not in seen:
            seen.add(key)
            out.append(action)
    return out


# -- Recruit (14.0) --------------------------------------------------------------------------------
def recruit_site(space: str) -> bool:
    """Constantinople, a port, a Crusader Pilgrimage or an Armenian fortress (14.1; ruling A-4)."""
    s = SPACES[space]
    return space == CONSTANTINOPLE or s.port or s.fortress in ("pilgrimage", "armenian")


def recruits(state: State) -> list[Action]:
    """14.1: a leader in a recruiting space whose contingent's Bin is not empty (14.4); mercenary
    leaders have no recruit Bin (ruling A-3); not where the units recruited could not stay at the
    end of the Action (10.1(1): Takitios among Crusaders may not recruit other Byzantines; ruling A-13)."""
    candidates = []
    leaders = acting_leaders(state)
    stocked = [own for own in RECRUIT_BINS if in_bin(state, own)] if leaders else []
    for leader in leaders:
        space, own = state.loc[leader], contingent(leader)
        stays = rules_of_format_1(state) or _recruits_stay(state, leader)
        if own in stocked and recruit_site(space) and clear(state, space) and stays:
            candidates.append(((space, own, picks(state, leader)), ("recruit", leader)))
    return _first_of_each(candidates)


def _recruits_stay(state: State, leader: str) -> bool:
    """Whether every unit the leader could pick may end the Action where it is placed (10.1(1)): in
    his space, or in Constantinople for a fleet recruited away from a port (14.2)."""
    space = state.loc[leader]
    placed = [u for u in in_bin(state, contingent(leader)) if is_port(space) or not COUNTERS[u].is_fleet]
    return not placed or not clashes_among(state, space, [*christians_at(state, space), *placed])


def recruit(state: State, leader: str) -> None:
    """14.1-14.3: pick one unit (two for a Diplomatic or Kingdom Leader) from the leader's own
    contingent's Bin, at full strength, in the leader's space; a fleet goes there only if it is a
    port, else to Constantinople."""
    space, own = state.loc[leader], contingent(leader)
    for _ in range(picks(state, leader)):
        pool = in_bin(state, own)
        if not pool:
            log(state, "14.4", "The {bin} Bin is empty.", bin=own.title())
            return
        unit = pick(state, pool)
        where = space if not COUNTERS[unit].is_fleet or is_port(space) else CONSTANTINOPLE
        state.loc[unit] = where
        state.reduced.discard(unit)
        log(state, "14.1", "{leader} recruits {unit} in {space}.", leader=leader, unit=unit, space=where)


# -- Rally (15.0) ----------------------------------------------------------------------------------
def rally_units(state: State, space: str) -> list[str]:
    return [u for u in christians_at(state, space) if u in state.reduced and may_act(state, u)]


def rallies(state: State) -> list[Action]:
    """15.1: a space in Constantinople, a port or any fortress (Castles too, 33.7) with a leader and
    a reduced unit that may act."""
    spaces = dict.fromkeys(state.loc[u] for u in acting_leaders(state))
    return [
        ("rally", s)
        for s in spaces
        if (is_port(s) or is_fortress(state, s)) and clear(state, s) and rally_units(state, s)
    ]


def rally(state: State, space: str) -> None:
    """15.1-15.2: one reduced unit flipped for each leader there; the player chooses which when there
    are more than leaders."""
    count = len(acting_at(state, space))
    PROCEDURES.push(state, "rally", space=space, left=count)


def _kind(unit: str) -> Any:
    """Units that rally alike: a leader is itself; other units by contingent, type and factors."""
    c = COUNTERS[unit]
    return unit if c.is_leader else (c.contingent, c.type, c.factor, c.reduced)


def _rally_legal(state: State, frame: Frame, role: Role) -> list[Action]:
    units = rally_units(state, frame["space"])
    if frame["left"] <= 0 or len(units) <= frame["left"]:
        return []
    choices = _first_of_each([(_kind(u), ("flip", u)) for u in units])
    return choices if len(choices) > 1 else []


def _flip(state: State, frame: Frame, unit: str) -> None:
    state.reduced.discard(unit)
    frame["left"] -= 1
    log(state, "15.1", "{unit} is rallied to full strength.", unit=unit)


def _rally_perform(state: State, frame: Frame, role: Role, action: Action) -> None:
    _flip(state, frame, action[1])


def _rally_run(state: State, frame: Frame) -> None:
    units = rally_units(state, frame["space"])
    if frame["left"] <= 0 or not units:
        PROCEDURES.pop(state, frame)
        return
    _flip(state, frame, units[0])


PROCEDURES.procedure(
    "rally",
    legal=_rally_legal,
    perform=_rally_perform,
    run=_rally_run,
    prompt="Rally: choose a reduced unit to restore to full strength.",
    rule="15.1",
)


# -- Diplomacy (16.0) ------------------------------------------------------------------------------
def diplomacies(state: State) -> list[Action]:
    """16.1: a Diplomatic Leader in Sis; once Armenia is active, only while the Pilgrimage Bin holds
    a marker."""
    if not clear(state, SIS) or (state.flags["armenia"] and "bin" not in state.markers.values()):
        return []
    envoys = [u for u in acting_at(state, SIS) if COUNTERS[u].diplomatic]
    return [("diplomacy", envoys[0])] if envoys else []


def diplomacy(state: State, leader: str) -> None:
    """16.1: Armenia is activated (30.1(1)); if it already is, one Pilgrimage marker is picked, not
    a Pilgrimage, so a bane does nothing (13.2)."""
    if not state.flags["armenia"]:
        log(state, "16.1", "{leader} negotiates in Sis.", leader=leader)
        activate_armenia(state, "16.1")
    else:
        pilgrimage.draw(state, 1, space=SIS, leader=leader, mode="keep", rule="16.1")


# -- Go on a Pilgrimage (13.1) ---------------------------------------------------------------------
def pilgrimage_site(state: State, space: str) -> bool:
    """13.1, 33.8: a Crusader-controlled Crusader Pilgrimage Fortress, or a Monastery with no Muslims."""
    if SPACES[space].fortress == "pilgrimage" and controlled_by(state, space, CRUSADERS):
        return True
    return space in state.monasteries and clear(state, space)


def draws(state: State, leader: str) -> int:
    """13.1, 29.3, 36.6: one marker, two for a Diplomatic or Kingdom Leader, one more in Jerusalem."""
    return picks(state, leader) + (1 if state.loc[leader] == JERUSALEM else 0)


def pilgrimages(state: State) -> list[Action]:
    """13.1: a Crusader Leader (a mercenary leader counts as one, 32.5; ruling A-5) in a Pilgrimage
    site, while the Pilgrimage Bin holds a marker."""
    if "bin" not in state.markers.values():
        return []
    candidates = [
        ((state.loc[u], draws(state, u)), ("pilgrimage", u))
        for u in acting_leaders(state)
        if crusader_like(u) and pilgrimage_site(state, state.loc[u])
    ]
    return _first_of_each(candidates)


def go_on_pilgrimage(state: State, leader: str) -> None:
    space = state.loc[leader]
    n = draws(state, leader)
    log(
        state,
        "13.1",
        "{leader} goes on a Pilgrimage in {space}: {n} marker(s).",
        leader=leader,
        space=space,
        n=n,
    )
    pilgrim_draw(state, n, space, leader)


def pilgrim_draw(state: State, n: int, space: str, leader: str) -> list[str]:
    """13.1-13.2: ``leader``'s Pilgrimage in ``space`` picks ``n`` markers (pilgrimage.draw); a bane
    picked ends the draw and acts at once, then stays in the Bin (chart): an Ambush is a Muslim raid
    on the pilgrim's space with +1 to the Muslim Tactical Edge, a battle even in Constantinople or
    Masyaf (27.6; ruling M-27.3); an Event is one roll on the Random Events Table (9.1). Returns the
    markers picked."""
    picked = pilgrimage.draw(state, n, space=space, leader=leader, mode="pilgrimage", rule="13.1")
    last = MARKERS[picked[-1]] if picked else None
    if last is None or last.kind != "bane":
        return picked
    if last.bane == "ambush":
        log(state, "13.2", "Ambush! Muslims raid {space}.", space=space)
        muslims.raid(state, space, muslim_bonus=1, rule="13.2")
    else:
        log(state, "9.1", "The bane calls for a Random Event.")
        events.roll_event(state)
    return picked


# -- Camps, Castles and Monasteries (33.0) ---------------------------------------------------------
def builder(leader: str, kind: str) -> bool:
    """33.1-33.3: any Christian Leader builds a Camp; a Crusader Military Leader a Castle; a Crusader
    Diplomatic Leader a Monastery (mercenary leaders count as Crusaders, 32.5)."""
    if kind == "camp":
        return True
    if not crusader_like(leader):
        return False
    return COUNTERS[leader].diplomatic == (kind == "monastery")


def counters_left(state: State, kind: str) -> int:
    """33.9: the counter mix; a castle/monastery counter serves either side."""
    if kind == "camp":
        return BOARD.buildings["camp"] - len(state.camps)
    return BOARD.buildings["castle_monastery"] - len(state.castles) - len(state.monasteries)


def capitals(state: State) -> list[str]:
    """Capitals of Kingdoms in force: their Leader is on the map (36.3)."""
    return [cap for leader, cap in state.flags["kingdoms"].items() if on_map(state, leader)]


def near_capital(state: State, space: str) -> bool:
    """36.7: with the Kingdoms, Castles and Monasteries only on or next to a capital."""
    if not state.options.get("kingdoms"):
        return True
    return any(space == cap or space in BOARD.neighbours(cap) for cap in capitals(state))


def build_site(state: State, kind: str, space: str) -> bool:
    """33.1-33.3 on land (ruling A-6): never Desert; a Camp nor a Castle in a fortress (Castles and
    Constantinople count) or beside a Camp; a Monastery not beside another. A Camp may go in a
    fortress its force besieges (34.5; ruling A-7). Otherwise no Muslims there (ruling A-2)."""
    s = SPACES[space]
    if s.is_sea or s.kind == "desert" or counters_left(state, kind) <= 0:
        return False
    if kind == "camp":
        besieged = space in state.flags["sieges"]
        return space not in state.camps and (
            besieged or (clear(state, space) and not is_fortress(state, space))
        )
    if not clear(state, space) or not near_capital(state, space):
        return False
    if kind == "castle":
        return not is_fortress(state, space) and space not in state.camps
    return space not in state.monasteries


def builds(state: State) -> list[Action]:
    out: list[Action] = []
    for verb, kind in BUILDS.items():
        spaces = dict.fromkeys(state.loc[u] for u in acting_leaders(state) if builder(u, kind))
        out += [(verb, s) for s in spaces if build_site(state, kind, s)]
    return out


def work(state: State) -> dict[str, Any] | None:
    """The build begun at this turn's Standard step that the Special Actions left can finish (33.3
    note; ruling A-8); None otherwise."""
    w = state.flags["work"]
    if (
        w
        and w["turn"] == state.turn
        and turn_frame(state).get("stage") == "special"
        and state.special >= w["left"]
    ):
        return dict(w)
    return None


def build(state: State, frame: Frame) -> None:
    """33.1-33.3: place the marker once all its Actions are spent; until then the work is kept."""
    verb, space = frame["action"]
    kind = BUILDS[verb]
    if frame["left"] > 0:
        state.flags["work"] = {"kind": kind, "space": space, "left": frame["left"], "turn": state.turn}
        log(
            state,
            "33.3",
            "Work begins on a {kind} in {space}: {n} more Action(s) at this turn's Special Actions step.",
            kind=kind.title(),
            space=space,
            n=frame["left"],
        )
        return
    state.flags["work"] = None
    built = {"camp": state.camps, "castle": state.castles, "monastery": state.monasteries}
    built[kind].append(space)
    log(state, VERB_RULE[verb], "A {kind} is built in {space}.", kind=kind.title(), space=space)


def _drop_work(state: State) -> None:
    w = state.flags["work"]
    if w:
        state.flags["work"] = None
        log(
            state,
            "33.3",
            "The unfinished {kind} in {space} is abandoned.",
            kind=w["kind"].title(),
            space=w["space"],
        )


# -- Establish a Crusader Kingdom (36.2, option) ---------------------------------------------------
def kingdoms(state: State) -> list[Action]:
    """36.2-36.3: a Crusader Leader without a Title in a Crusader-held capital whose Kingdom is not
    in force (ruling A-11)."""
    if not state.options.get("kingdoms"):
        return []
    held = capitals(state)
    return [
        ("kingdom", u)
        for u in acting_leaders(state)
        if crusader_like(u)
        and state.loc[u] in CAPITALS
        and state.loc[u] not in held
        and not titled(state, u)
        and controlled_by(state, state.loc[u], CRUSADERS)
    ]


def establish(state: State, leader: str) -> None:
    """36.2: the Leader takes the Title of his space; a Title lapsed with its Leader passes to him
    (36.3). The Kingdom counts once for VP, however often it is established (36.8, ruling A-11)."""
    capital = state.loc[leader]
    for old in [u for u, cap in state.flags["kingdoms"].items() if cap == capital]:
        del state.flags["kingdoms"][old]
    state.flags["kingdoms"][leader] = capital
    established = state.flags.setdefault("established", [])
    if capital not in established:
        established.append(capital)
    log(state, "36.2", "{leader} establishes the Kingdom of {space}.", leader=leader, space=capital)


# -- what the player may start ---------------------------------------------------------------------
def affordable(state: State, action: Action) -> bool:
    """Enough actions left (12.1, 12.2); a build may begin at the Standard step with fewer (33.3)."""
    verb, left = action[0], available_actions(state)
    if verb in BUILDS and turn_frame(state).get("stage") == "standard":
        return left >= 1
    return left >= COSTS[verb]


def offered(state: State) -> list[Action]:
    """Every Action the player may start now, movement's included; while a build begun at the
    Standard step can be finished, only that (12.5; ruling A-8)."""
    w = work(state)
    if w:
        return [(VERB[w["kind"]], w["space"])]
    own = [
        *combat.siege_attacks(state),
        *recruits(state),
        *rallies(state),
        *diplomacies(state),
        *pilgrimages(state),
        *builds(state),
        *kingdoms(state),
    ]
    return [a for a in own if affordable(state, a)] + movement.offered(state)


def start(state: State, action: Action) -> None:
    """Spend the Action's cost and push the ``action`` frame that carries it out and then checks
    stacking (10.1). A build spends what the step has, up to what it still needs (33.3 note); a
    movement Action spends one, any more is movement's to spend (ruling A-10)."""
    w = work(state)
    if w is not None and [VERB[w["kind"]], w["space"]] == list(action):
        need = w["left"]
    else:
        _drop_work(state)
        need = COSTS.get(action[0], 1)
    spent = min(need, available_actions(state))
    spend(state, spent)
    PROCEDURES.push(state, "action", action=list(action), stage="do", left=need - spent)


RUN = {
    "recruit": recruit,
    "rally": rally,
    "diplomacy": diplomacy,
    "pilgrimage": go_on_pilgrimage,
    "kingdom": establish,
}


def _run(state: State, frame: Frame) -> None:
    if frame["stage"] == "do":
        frame["stage"] = "stacking"
        _do(state, frame)
    else:
        _check_stacking(state, frame)


def _do(state: State, frame: Frame) -> None:
    verb, *args = frame["action"]
    if verb in BUILDS:
        build(state, frame)
    elif verb in RUN:
        RUN[verb](state, args[0])
    elif verb == "siege_attack":
        combat.siege_attack(state, args[0])
    else:
        movement.start(state, tuple(frame["action"]))


PROCEDURES.procedure("action", run=_run, rule="12.0")


# -- stacking at the end of an Action (10.1) -------------------------------------------------------
def clashes(state: State, space: str) -> list[str]:
    """The contingents whose units in ``space`` may not end an Action together (10.1, 30.2, 32.3;
    ruling A-9): ``common.clashes_among``."""
    return clashes_among(state, space, christians_at(state, space))


def violation(state: State) -> tuple[str, list[str]] | None:
    """The first space (data-pack order) breaking the stacking rules, with the contingents there."""
    spaces = dict.fromkeys(w for u, w in state.loc.items() if w in SPACES and COUNTERS[u].side == "christian")
    for space in SPACES:
        if space in spaces:
            found = clashes(state, space)
            if found:
                return space, found
    return None


def _check_stacking(state: State, frame: Frame) -> None:
    found = violation(state)
    if found is None:
        PROCEDURES.pop(state, frame)
        return
    space, contingents = found
    log(state, "10.1", "Stacking is broken in {space}.", space=space)
    PROCEDURES.push(state, "stacking", space=space, options=contingents)


def _stacking_legal(state: State, frame: Frame, role: Role) -> list[Action]:
    return [("eliminate", c, frame["space"]) for c in frame["options"]]


def _stacking_perform(state: State, frame: Frame, role: Role, action: Action) -> None:
    """10.1(1): every unit of the chosen contingent in the space is eliminated."""
    _, chosen, space = action
    for unit in [u for u in christians_at(state, space) if contingent(u) == chosen]:
        eliminate(state, unit, "10.1")
    PROCEDURES.pop(state, frame)
    lost_at_sea(state, space, "25.1")  # land units left at sea beyond their fleets (ruling MV-4)


def _stacking_prompt(state: State, frame: Frame, role: Role) -> str:
    return f"Stacking is broken in {SPACES[frame['space']].name}: choose the contingent eliminated there."


PROCEDURES.procedure(
    "stacking", legal=_stacking_legal, perform=_stacking_perform, prompt=_stacking_prompt, rule="10.1"
)
