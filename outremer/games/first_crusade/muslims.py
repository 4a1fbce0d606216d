"""The Muslims, run by the game (26.1-26.3, 26.6, 27.0-27.11; option 34.3-34.4).

- :func:`reaction`: the Muslim Reaction Step (27.0): the Reaction Level check (27.2), then a
  Counteroffensive (27.3);
- :func:`counteroffensive`: a roll on the Counteroffensive Table and its result: Attack (27.4),
  Relief Force (27.5), Raid (27.6) with Reoccupation (27.7), Naval Action (27.8); also for Jihad
  (35.0), with its +1 Tactical Edge;
- :func:`raid`: a raid on one space (27.6), also for the Ambush bane (13.2 chart);
- :func:`fatimids_intervene`: the Fatimids take Jerusalem (27.10);
- the Reaction Level moves within I-III (27.1) by ``indexes.change_level``.

Muslims come from the space's Bin (26.2, 27.10, 27.11: ``common.muslim_bin``) and are never placed
in Constantinople (27.3, 29.1) nor Masyaf (31.1), with one exception: an Ambush on a Pilgrimage there
draws them for its battle only, and the ``ambush_leave`` procedure sends back whoever is left (ruling
M-27.3). Rulings: docs/first-crusade/rulings-muslims.md (M-n below).
"""

from __future__ import annotations

from ...engine.procedures import Frame
from . import combat, pilgrimage
from .board import CONSTANTINOPLE, JERUSALEM, LAND_ROUTES
from .common import (
    ASSASSIN,
    BOARD,
    COUNTERS,
    MASYAF,
    SPACES,
    christians_at,
    clear_buildings,
    conceal,
    control,
    draw_muslims,
    factor,
    is_fortress,
    log,
    lost_at_sea,
    muslims_at,
    on_map,
    reduce,
    roll,
)
from .indexes import change_level
from .procedures import PROCEDURES
from .state import BIN, State

NEVER = frozenset({CONSTANTINOPLE, MASYAF})
"""Muslims are never placed here (27.3, 29.1, 31.1), but for an Ambush's battle (ruling M-27.3)."""
ROUTE_NAMES = {r: r.title() for r in LAND_ROUTES}


# -- the Reaction Level (27.1, 27.2) ----------------------------------------------------------
def reaction(state: State) -> None:
    """The Muslim Reaction Step (8.1 step 4): the Reaction Level check, then a Counteroffensive."""
    check_level(state)
    counteroffensive(state)


def held_fortresses(state: State) -> int:
    """27.2: fortresses the Christians control or contest, of any contingent (ruling M-27.2: the
    note counts Armenian ones even before activation, so "Crusader" means Christian here), Castles
    included (33.7), Constantinople never."""
    spaces = [*BOARD.fortresses(), *state.castles]
    return sum(control(state, s) in ("christian", "contested") for s in spaces)


def check_level(state: State) -> None:
    """27.2: three dice; a total at most the number of held fortresses raises the level by one."""
    held = held_fortresses(state)
    dice = roll(state, 3)
    log(
        state,
        "27.2",
        "Reaction Level check: {dice} against {held} fortress(es) held.",
        dice=" ".join(map(str, dice)),
        held=held,
    )
    if sum(dice) <= held:
        change_level(state, 1, "27.2")


def reinforcement_dice(state: State) -> int:
    """How many dice of Muslims the current level calls for (27.1)."""
    return BOARD.reaction_levels[state.reaction - 1].dice


# -- the Counteroffensive (27.3) -------------------------------------------------------------------
def counteroffensive(state: State, *, muslim_bonus: int = 0) -> None:
    """27.3: a column die and a row die on the Counteroffensive Table, then the result;
    ``muslim_bonus`` is added to the Muslims' Tactical Edge in a battle it starts (Jihad, 35.0)."""
    column, row = roll(state, 2)
    result = BOARD.tables.counteroffensive(column, row)
    dice = f"{column} {row}"
    if result.kind == "naval_action":
        log(state, "27.3", "Counteroffensive roll {dice}: Naval Action.", dice=dice)
        naval_action(state)
    elif result.kind == "raid":
        assert result.space is not None
        log(state, "27.3", "Counteroffensive roll {dice}: Raid on {space}.", dice=dice, space=result.space)
        raid(state, result.space, muslim_bonus=muslim_bonus, rule="27.6")
    else:
        assert result.route is not None
        kind = "Attack" if result.kind == "attack" else "Relief Force"
        log(
            state,
            "27.3",
            "Counteroffensive roll {dice}: {kind} on the {route} route.",
            dice=dice,
            kind=kind,
            route=ROUTE_NAMES[result.route],
        )
        if result.kind == "attack":
            attack(state, result.route, muslim_bonus=muslim_bonus)
        else:
            relief(state, result.route, muslim_bonus=muslim_bonus)


def _closest(route: str, spaces: list[str]) -> str | None:
    """The one of ``spaces`` closest to Jerusalem along ``route`` (27.4); None if none."""
    best: tuple[int, str] | None = None
    for s in spaces:
        stop = SPACES[s].stop(route)
        assert stop is not None and stop.to_jerusalem is not None
        if best is None or stop.to_jerusalem < best[0]:
            best = (stop.to_jerusalem, s)
    return best[1] if best else None


def _occupied(state: State, route: str) -> list[str]:
    """The route's spaces with Christian units, Constantinople aside (27.3: never a target)."""
    return [s for s in BOARD.routes[route] if s not in NEVER and christians_at(state, s)]


def attack(state: State, route: str, *, muslim_bonus: int = 0) -> None:
    """27.4: Muslims attack the Christian-occupied space of ``route`` closest to Jerusalem
    (Jerusalem itself when Christians are there, it being on every land route, 29.3; ruling
    M-27.4a). No
    Christians on the route, or only in Constantinople: no effect (ruling M-27.4b)."""
    target = _closest(route, _occupied(state, route))
    if target is None:
        log(state, "27.4", "No Christian force on the {route} route: no effect.", route=ROUTE_NAMES[route])
        return
    assault(state, target, muslim_bonus=muslim_bonus, rule="27.4")


def relief(state: State, route: str, *, muslim_bonus: int = 0) -> None:
    """27.5: an Attack on the route's fortress (Castles count, 33.7) with Christian units in it
    closest to Jerusalem. None: a raid (ruling M-27.5) on the route's fortress closest to
    Jerusalem that no unit holds, which the Muslims reoccupy (27.7); none such: no effect."""
    fortresses = [s for s in _occupied(state, route) if is_fortress(state, s)]
    target = _closest(route, fortresses)
    if target is not None:
        assault(state, target, muslim_bonus=muslim_bonus, rule="27.5")
        return
    empty = [
        s
        for s in BOARD.routes[route]
        if s not in NEVER and is_fortress(state, s) and control(state, s) is None
    ]
    target = _closest(route, empty)
    if target is None:
        log(
            state,
            "27.5",
            "No fortress on the {route} route is held by Christians or empty: no effect.",
            route=ROUTE_NAMES[route],
        )
        return
    log(
        state,
        "27.5",
        "No Christian-held fortress on the {route} route: the Relief Force raids {space}.",
        route=ROUTE_NAMES[route],
        space=target,
    )
    reoccupy(state, target)


def raid(state: State, space: str, *, muslim_bonus: int = 0, rule: str) -> None:
    """27.6: a raid on ``space``: with Christians there, an Attack on it (27.4); without, no
    battle and no re-roll, but the Muslims may reoccupy it (27.7). The table never names
    Constantinople nor Masyaf (27.3, 29.1, 31.1; the data pack's loader refuses it), so only an
    Ambush raids them (13.2 chart: the pilgrim's space): the Muslims drawn fight the pilgrim's force
    there and leave after the battle, and the space is never reoccupied (ruling M-27.3)."""
    if space in NEVER and not christians_at(state, space):
        log(state, rule, "Muslims never enter {space}: the raid has no effect.", space=space)
    elif space in NEVER:
        PROCEDURES.push(state, "ambush_leave", space=space)
        assault(state, space, muslim_bonus=muslim_bonus, rule=rule)
    elif christians_at(state, space):
        assault(state, space, muslim_bonus=muslim_bonus, rule=rule)
    else:
        reoccupy(state, space)


def _run_ambush_leave(state: State, frame: Frame) -> None:
    """Ruling M-27.3: once the Ambush's battle in Constantinople or Masyaf is over (the frame sits
    under it), the Muslims still there go back to their Bin, face down: they may not stay (27.3
    note, 29.1, 31.1). Constantinople was Christian-controlled throughout (10.5); the Assassin, back
    in an empty Masyaf (31.1), stays."""
    space = frame["space"]
    left = [u for u in muslims_at(state, space) if u != ASSASSIN]
    for unit in left:
        state.loc[unit] = BIN
    conceal(state, left)
    if left:
        log(
            state,
            "29.1" if space == CONSTANTINOPLE else "31.1",
            "Muslims never stay in {space}: {n} Muslim unit(s) go back to their Bin.",
            space=space,
            n=len(left),
        )
    PROCEDURES.pop(state, frame)


def assault(state: State, space: str, *, muslim_bonus: int, rule: str) -> None:
    """27.4: roll the level's dice, place that many Muslims in ``space`` and they attack there;
    the Christians defend. The placement is the battle's reinforcement (23.1(1), ruling M-23.1).
    Where Christians besiege Muslims (option 34.3-34.4) the newcomers join the besieged and all
    attack together; the battle's siege rules are the combat module's (ruling M-34.4)."""
    dice = roll(state, reinforcement_dice(state))
    log(
        state,
        rule,
        "Muslim attack on {space}: {dice} for {n} unit(s).",
        space=space,
        dice=" ".join(map(str, dice)),
        n=sum(dice),
    )
    draw_muslims(state, space, sum(dice), rule)
    if not muslims_at(state, space):
        log(state, rule, "No Muslim unit is left to attack {space}.", space=space)
        return
    if space in state.flags["sieges"]:
        log(state, "34.4", "The Muslims placed join the besieged garrison of {space}.", space=space)
    combat.start_battle(state, space, "muslim", reinforce=False, muslim_bonus=muslim_bonus, cause=rule)


def reoccupy(state: State, space: str) -> None:
    """27.7: a chosen space with no Christians, if a fortress (Castles count) or a town with no
    Muslim unit, receives one face-down unit; Camps, Castles and Monasteries there are removed
    (33.5). Otherwise nothing happens (ruling M-27.7)."""
    if not (is_fortress(state, space) or SPACES[space].kind == "town"):
        log(state, "27.7", "{space} is neither a fortress nor a town: no effect.", space=space)
    elif muslims_at(state, space):
        log(state, "27.7", "Muslims already hold {space}: no effect.", space=space)
    else:
        draw_muslims(state, space, 1, "27.7")
        clear_buildings(state, space, "33.5")


# -- the Naval Action (27.8) -----------------------------------------------------------------------
def eastern_fleets(state: State) -> list[str]:
    """Christian fleets (naval leaders included, 32.1) on the Mediterranean route on or east of
    Rhodos, ports included (27.8)."""
    return [
        u
        for u, where in state.loc.items()
        if COUNTERS[u].is_fleet
        and COUNTERS[u].side == "christian"
        and on_map(state, u)
        and BOARD.east_of_rhodos(where)
    ]


def passengers(state: State, fleets: list[str]) -> list[str]:
    """Land units aboard ``fleets``: the Christian units other than fleets in a sea space with
    them (ruling M-25.2: a land unit at sea is always aboard; in a port it is ashore)."""
    seas = {state.loc[f] for f in fleets if SPACES[state.loc[f]].is_sea}
    return [u for s in sorted(seas) for u in christians_at(state, s) if not COUNTERS[u].is_fleet]


def naval_action(state: State) -> None:
    """27.8: only with Christian fleets on or east of Rhodos. Two dice are the Muslim fleet; at
    most the fleets' combat total: the Christians win one Special Action and one Pilgrimage draw
    (24.0); above it: every such fleet and the land units aboard lose a step, and the Christians
    lose as for a lost battle (24.1: a boon and a Special Action); land units left at sea with no
    fleet are lost (25.1). Rulings M-27.8a, M-27.8b, M-25.1."""
    fleets = eastern_fleets(state)
    if not fleets:
        log(state, "27.8", "No Christian fleet on or east of Rhodos: no effect.")
        return
    total = sum(factor(state, f) for f in fleets)
    dice = roll(state, 2)
    log(
        state,
        "27.8",
        "Muslim fleet strength {dice} against the Christian fleets' {total}.",
        dice=" ".join(map(str, dice)),
        total=total,
    )
    if sum(dice) <= total:
        log(state, "27.8", "The Christian fleets win the naval action.")
        pilgrimage.reward(state, CONSTANTINOPLE, "27.8")
        return
    log(state, "27.8", "The Muslim fleet wins the naval action.")
    seas = sorted({state.loc[f] for f in fleets})
    for unit in [*fleets, *passengers(state, fleets)]:
        reduce(state, unit, "27.8")
    for space in seas:
        lost_at_sea(state, space, "25.1")
    pilgrimage.penalty(state, "27.8")


# -- Fatimids Intervene (27.10) --------------------------------------------------------------------
def fatimids_intervene(state: State) -> None:
    """27.10: if the Seljuks control Jerusalem and the Fatimids have not yet taken it, the Seljuks
    there go back to their Bin, one die of Fatimids is placed there, and from now on Muslims placed
    in Jerusalem (and Acre and Ascalon, common.muslim_bin) are Fatimids. Otherwise no effect
    (ruling M-27.10)."""
    if state.flags["fatimid_jerusalem"]:
        log(state, "27.10", "The Fatimids already hold the Take Jerusalem marker: no effect.")
        return
    seljuks = muslims_at(state, JERUSALEM)
    if control(state, JERUSALEM) != "muslim" or COUNTERS[seljuks[0]].contingent != "seljuk":
        log(state, "27.10", "The Seljuks do not control Jerusalem: no effect.")
        return
    for unit in seljuks:
        state.loc[unit] = BIN
    state.revealed.difference_update(seljuks)
    log(state, "27.10", "The Seljuk garrison of Jerusalem goes back to its Bin.")
    state.flags["fatimid_jerusalem"] = True
    (n,) = roll(state, 1)
    log(state, "27.10", "The Fatimids take Jerusalem with {dice} unit(s).", dice=str(n))
    draw_muslims(state, JERUSALEM, n, "27.10", bin_name="fatimid")


PROCEDURES.procedure("ambush_leave", run=_run_ambush_leave, rule="27.3")
