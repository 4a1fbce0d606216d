"""Random Events (9.0-9.1) and what each event does (35.0).

:func:`roll_event` rolls two dice on the Random Events Table (9.0; the Event bane, 9.1) and
:func:`resolve` applies the event. Where an event lets the player select (5.0) there is a choice
frame, one counter or space at a time: the Assassins' target (``("strike", leader)``), the Crusader
Leader who goes home (``("send_home", leader)``), where a reinforcement or a mercenary arrives
(``("place", space)``). Rulings: docs/first-crusade/rulings-muslims.md (E-n below).
"""

from __future__ import annotations

from collections.abc import Callable

from ...engine.procedures import Action, Frame, Role
from . import muslims, pilgrimage
from .board import CHRISTIAN, CONSTANTINOPLE, JERUSALEM
from .common import (
    BOARD,
    COUNTERS,
    MASYAF,
    SPACES,
    activate_armenia,
    assassin_returns,
    christians_at,
    clear_buildings,
    control,
    controlled_by,
    crusader_like,
    factor,
    in_bin,
    is_fortress,
    is_port,
    log,
    lost_at_sea,
    on_map,
    pick,
    reduce,
    roll,
    turn_frame,
    units_at,
)
from .indexes import add_special, change_level
from .procedures import PROCEDURES
from .state import BIN, State

RULE = "35.0"
CRUSADERS = ("crusader", "mercenary")  # mercenaries are treated as Crusader units (32.5)
PILGRIMAGE_FORTRESSES = BOARD.fortresses("pilgrimage")
CIVIL_WAR_FORTRESSES = ("nicaea", "iconium", "damascus")
JIHAD_SPACES = (JERUSALEM, "damascus")


def roll_event(state: State) -> None:
    """9.0-9.1: two dice, the first the column and the second the row of the Random Events Table,
    then the event."""
    column, row = roll(state, 2)
    event = BOARD.tables.event(column, row)
    log(
        state,
        "9.0",
        "Random event roll {dice}: {event}.",
        dice=f"{column} {row}",
        event=BOARD.tables.event_names[event],
    )
    resolve(state, event)


def resolve(state: State, event_id: str) -> None:
    """Apply the event ``event_id`` (35.0; "none" does nothing)."""
    EVENTS[event_id](state)


# -- the Muslims and the Reaction Level ------------------------------------------------------------
def fatimids_intervene(state: State) -> None:
    """Only with two or more Crusader Pilgrimage Fortresses under Christian control (any
    contingent, ruling E-35.0a): then 27.10."""
    held = sum(control(state, f) == "christian" for f in PILGRIMAGE_FORTRESSES)
    if held < 2:
        log(state, RULE, "Christians control {n} Crusader Pilgrimage Fortress(es): no effect.", n=held)
        return
    muslims.fatimids_intervene(state)


def jihad(state: State) -> None:
    """Only if Christians occupy Jerusalem or Damascus (contested counts): the Reaction Level
    rises by one, then a Counteroffensive at once, the Muslims +1 on the Tactical Edge (ruling
    E-35.0a, M-27.1)."""
    if not any(christians_at(state, s) for s in JIHAD_SPACES):
        log(state, RULE, "No Christian force occupies Jerusalem or Damascus: no effect.")
        return
    change_level(state, 1, RULE)
    muslims.counteroffensive(state, muslim_bonus=1)


def muslim_infighting(state: State) -> None:
    """The Reaction Level falls by one, and one Special Action."""
    change_level(state, -1, RULE)
    add_special(state, 1, RULE)


def turk_civil_war(state: State) -> None:
    """With two or more of Nicaea, Iconium and Damascus under Christian control: the Reaction Level
    falls by one, and one Special Action; otherwise no effect."""
    held = sum(control(state, f) == "christian" for f in CIVIL_WAR_FORTRESSES)
    if held < 2:
        log(state, RULE, "Christians control {n} of Nicaea, Iconium and Damascus: no effect.", n=held)
        return
    muslim_infighting(state)


# -- Special Actions and the turn ------------------------------------------------------------------
def gesta_francorum(state: State) -> None:
    """Two Special Actions."""
    add_special(state, 2, RULE)


def armenian_alliance(state: State) -> None:
    """Armenia is activated (30.1); if it already is, one Special Action."""
    if state.flags["armenia"]:
        add_special(state, 1, RULE)
    else:
        activate_armenia(state, RULE)


def earthquake(state: State) -> None:
    """The turn ends at once: no more Actions, no Muslim Reaction; in Autumn the Winter Supply Step
    comes next (the turn frame's stage, engine.md; ruling E-35.0i)."""
    frame = turn_frame(state)
    frame["stage"] = "winter" if BOARD.turns[state.turn].winter_after else "end"
    state.actions = 0
    state.special = 0
    log(state, RULE, "The turn comes to an end.")


def christian_infighting(state: State) -> None:
    """One Available marker is picked and goes back to the Bin; for the rest of the turn only
    Crusader units (and mercenaries with them) may act (``flags["infighting"]``, cleared by the
    next turn)."""
    pilgrimage.lose_markers(state, 1, RULE)
    state.flags["infighting"] = True
    log(state, RULE, "Only Crusader units may take Actions for the rest of the turn.")


# -- Pilgrimage markers ----------------------------------------------------------------------------
def celestial_wonder(state: State) -> None:
    """Every Available marker goes back to the Bin, then as many are drawn: boons are kept,
    mercenaries placed in Constantinople (ruling E-35.0c: the event names no other place), banes
    returned unplayed."""
    n = len(pilgrimage.available(state))
    if not n:
        log(state, RULE, "No Pilgrimage marker is available: no effect.")
        return
    pilgrimage.lose_markers(state, n, RULE)
    pilgrimage.draw(state, n, space=None, leader=None, mode="keep", rule=RULE, place="constantinople")


def papal_support(state: State) -> None:
    """One die of Pilgrimage draws: boons kept, banes returned unplayed, each mercenary placed in
    Constantinople or a Crusader-controlled port, as the player selects (pilgrimage.draw)."""
    (n,) = roll(state, 1)
    log(state, RULE, "Papal Support: {dice} Pilgrimage draw(s).", dice=str(n))
    pilgrimage.draw(state, n, space=None, leader=None, mode="keep", rule=RULE, place="choice")


# -- reinforcements --------------------------------------------------------------------------------
def byzantine_reinforcement(state: State) -> None:
    """One unit picked from the Byzantine Bin arrives in Constantinople."""
    arrive(state, "byzantine")


def crusader_reinforcement(state: State) -> None:
    """One unit picked from the Crusader Bin arrives in Constantinople or a Crusader-controlled
    port, as the player selects (an ``arrival`` frame; ruling E-35.0f)."""
    unit = arrive(state, "crusader")
    if unit is not None:
        PROCEDURES.push(state, "arrival", unit=unit)


def arrive(state: State, bin_name: str) -> str | None:
    """Pick a unit from a Christian Bin into Constantinople; None if the Bin is empty."""
    pool = in_bin(state, bin_name)
    if not pool:
        log(state, RULE, "The {bin} Bin is empty: no reinforcement.", bin=bin_name.title())
        return None
    unit = pick(state, pool)
    state.loc[unit] = CONSTANTINOPLE
    log(state, RULE, "{unit} arrives in {space}.", unit=unit, space=CONSTANTINOPLE)
    return unit


def crusader_ports(state: State) -> list[str]:
    """Ports other than Constantinople under Crusader control (mercenaries count, 32.5) where a
    Crusader unit may stand: not one a mercenary holds with Byzantines other than Takitios (10.1(1),
    32.3), which the arrival would put out of stacking (ruling E-35.0f)."""
    return [
        s
        for s in SPACES
        if s != CONSTANTINOPLE
        and is_port(s)
        and controlled_by(state, s, CRUSADERS)
        and not any(
            COUNTERS[u].contingent == "byzantine" and u != "takitios" for u in christians_at(state, s)
        )
    ]


def _place_legal(state: State, frame: Frame, role: Role) -> list[Action]:
    ports = crusader_ports(state)
    return [("place", s) for s in (CONSTANTINOPLE, *ports)] if ports else []


def _place_perform(state: State, frame: Frame, role: Role, action: Action) -> None:
    PROCEDURES.pop(state, frame)
    if action[1] != CONSTANTINOPLE:
        state.loc[frame["unit"]] = action[1]
        log(state, RULE, "{unit} goes on to {space}.", unit=frame["unit"], space=action[1])


def _place_run(state: State, frame: Frame) -> None:
    """No Crusader-controlled port: the unit stays in Constantinople."""
    PROCEDURES.pop(state, frame)


def _place_prompt(state: State, frame: Frame, role: Role) -> str:
    return f"Where does {COUNTERS[frame['unit']].name} arrive: Constantinople or a Crusader-held port?"


# -- losses and departures -------------------------------------------------------------------------
def _home(state: State, units: list[str]) -> None:
    """Counters back to their Bin at full strength (14.3)."""
    for unit in units:
        state.loc[unit] = BIN
        state.reduced.discard(unit)


def byzantines_go_home(state: State) -> None:
    """One die for each Byzantine force (its units in one space) outside fortresses and
    Constantinople: on 1-2 its Byzantine units go back to their Bin (ruling E-35.0d); a mercenary
    left at sea without a fleet is lost (25.1, ruling M-25.1)."""
    for space in SPACES:
        force = [u for u in christians_at(state, space) if COUNTERS[u].contingent == "byzantine"]
        if not force or is_fortress(state, space):
            continue
        (n,) = roll(state, 1)
        if n <= 2:
            _home(state, force)
            log(state, RULE, "The Byzantines in {space} roll {dice}: they go home.", space=space, dice=str(n))
            lost_at_sea(state, space, "25.1")  # a mercenary their fleets carried (ruling M-25.1)
        else:
            log(state, RULE, "The Byzantines in {space} roll {dice}: they stay.", space=space, dice=str(n))


def plague(state: State) -> None:
    """One die for each space with three or more units (of both sides, Constantinople included): on
    a 6 every unit there loses a step (23.3; ruling E-35.0g), and land units left at sea with no
    fleet are lost (25.1, ruling M-25.1)."""
    for space in SPACES:
        units = units_at(state, space)
        if len(units) < 3:
            continue
        (n,) = roll(state, 1)
        log(state, RULE, "Plague in {space}: {dice}.", space=space, dice=str(n))
        if n < 6:
            continue
        for unit in units:
            if state.loc[unit] == space:  # Alexios's loss may already have removed it (32.2)
                reduce(state, unit, RULE)
        clear_buildings(state, space, "33.5")
        lost_at_sea(state, space, "25.1")
    assassin_returns(state)


def storms(state: State) -> None:
    """One die for each sea space with Christian fleets: on 1-2 its fleets, and the land units
    aboard them (rulings M-25.2, E-35.0h), go to Constantinople."""
    for space in SPACES:
        units = christians_at(state, space)
        if not SPACES[space].is_sea or not any(COUNTERS[u].is_fleet for u in units):
            continue
        (n,) = roll(state, 1)
        if n <= 2:
            for unit in units:
                state.loc[unit] = CONSTANTINOPLE
            log(
                state,
                RULE,
                "Storms in {space} ({dice}): the fleets run for Constantinople.",
                space=space,
                dice=str(n),
            )
        else:
            log(
                state, RULE, "Storms in {space} ({dice}): the fleets ride them out.", space=space, dice=str(n)
            )


# -- leaders ---------------------------------------------------------------------------------------
def leaders_on_map(state: State, contingents: tuple[str, ...]) -> list[str]:
    return [
        c.id for c in COUNTERS.values() if c.is_leader and c.contingent in contingents and on_map(state, c.id)
    ]


def assassins_strike(state: State) -> None:
    """With Crusaders (mercenaries count, 32.5) in Masyaf: no effect but one Special Action.
    Otherwise one Available marker is picked and goes back to the Bin, and the player selects a
    Christian Leader on the map: one die above his combat factor reduces him (23.3; ruling
    E-35.0e)."""
    if any(crusader_like(u) for u in christians_at(state, MASYAF)):
        log(state, RULE, "Crusaders hold Masyaf: the Assassins do not strike.")
        add_special(state, 1, RULE)
        return
    pilgrimage.lose_markers(state, 1, RULE)
    PROCEDURES.push(state, "assassins_strike")


def strike(state: State, leader: str) -> None:
    (n,) = roll(state, 1)
    log(
        state,
        RULE,
        "The Assassins strike at {leader} (combat {f}): {dice}.",
        leader=leader,
        f=factor(state, leader),
        dice=str(n),
    )
    if n > factor(state, leader):
        where = state.loc[leader]
        if reduce(state, leader, RULE):
            lost_at_sea(state, where, "25.1")  # a naval leader's passenger (ruling M-25.1)
    else:
        log(state, RULE, "{leader} escapes.", leader=leader)


def crusader_leader_goes_home(state: State) -> None:
    """The player selects a Crusader Leader on the map (ruling E-35.0b): back to the Crusader Bin, to
    be recruited again; a Kingdom title leaves the map with him (36.3)."""
    PROCEDURES.push(state, "leader_goes_home")


def send_home(state: State, leader: str) -> None:
    _home(state, [leader])
    state.flags["kingdoms"].pop(leader, None)
    log(state, RULE, "{leader} goes home.", leader=leader)


def _select_leader(
    kind: str, verb: str, contingents: tuple[str, ...], effect: Callable[[State, str], None], prompt: str
) -> None:
    """Register the procedure ``kind``: the player selects one leader of ``contingents`` on the map
    (``(verb, leader)``) for ``effect``; with only one, he is taken without asking; with none,
    nothing happens."""

    def legal(state: State, frame: Frame, role: Role) -> list[Action]:
        leaders = leaders_on_map(state, contingents)
        return [(verb, u) for u in leaders] if len(leaders) > 1 else []

    def perform(state: State, frame: Frame, role: Role, action: Action) -> None:
        PROCEDURES.pop(state, frame)
        effect(state, action[1])

    def run(state: State, frame: Frame) -> None:
        PROCEDURES.pop(state, frame)
        for leader in leaders_on_map(state, contingents):
            effect(state, leader)

    PROCEDURES.procedure(kind, legal=legal, perform=perform, run=run, prompt=prompt, rule=RULE)


def _none(state: State) -> None:
    """No event."""


EVENTS: dict[str, Callable[[State], None]] = {
    "armenian_alliance": armenian_alliance,
    "assassins_strike": assassins_strike,
    "byzantines_go_home": byzantines_go_home,
    "byzantine_reinforcement": byzantine_reinforcement,
    "celestial_wonder": celestial_wonder,
    "christian_infighting": christian_infighting,
    "crusader_leader_goes_home": crusader_leader_goes_home,
    "crusader_reinforcement": crusader_reinforcement,
    "earthquake": earthquake,
    "fatimids_intervene": fatimids_intervene,
    "gesta_francorum": gesta_francorum,
    "jihad": jihad,
    "muslim_infighting": muslim_infighting,
    "papal_support": papal_support,
    "plague": plague,
    "storms": storms,
    "turk_civil_war": turk_civil_war,
    "none": _none,
}

_select_leader(
    "assassins_strike",
    "strike",
    CHRISTIAN,
    strike,
    "Assassins Strike: select the Christian Leader they strike at.",
)
_select_leader(
    "leader_goes_home", "send_home", ("crusader",), send_home, "Crusader Leader Goes Home: select the Leader."
)
PROCEDURES.procedure(
    "arrival", legal=_place_legal, perform=_place_perform, run=_place_run, prompt=_place_prompt, rule=RULE
)
