"""Queries and effects shared by the rules modules: who is where, control (10.5), fortresses,
contingents and stacking, dice and random picks from the Bins (3.5, 26.2), reveals (11.0), losses
(23.3) and eliminations (14.5, 32.1-32.5), and the log.

Every rules module goes through these helpers, so that control, eliminations, reveals and the
undo barrier behave the same everywhere.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ...engine import rng
from .board import CONSTANTINOPLE, JERUSALEM, Board, Counter, load_board
from .procedures import PROCEDURES
from .state import BIN, ELIMINATED, REMOVED, TEAM_OWNER, State

BOARD: Board = load_board()
SPACES = BOARD.spaces
COUNTERS = BOARD.counters
MARKERS = BOARD.pilgrimage
ORDER = {c: i for i, c in enumerate(COUNTERS)}
"""Counters in data-pack order: lists of counters are kept in this order."""
SIDE = {c.id: c.side for c in COUNTERS.values()}
"""Counter -> "christian" or "muslim"."""
CONTINGENT = {c.id: c.contingent for c in COUNTERS.values()}
"""Counter -> its contingent (4.1)."""
LEADERS = frozenset(c.id for c in COUNTERS.values() if c.is_leader)
"""Leaders and Emirs (4.2, 32.4)."""
FLEETS = frozenset(c.id for c in COUNTERS.values() if c.is_fleet)
"""Fleets and naval leaders, who count as fleets (25.0, 32.1)."""
CHRISTIAN_LEADERS = tuple(c.id for c in COUNTERS.values() if c.is_leader and c.side == "christian")
"""The Christian leaders, in data-pack order."""

ASSASSIN = next(c.id for c in COUNTERS.values() if c.contingent == "assassin")
MASYAF = next(s.id for s in SPACES.values() if s.fortress == "assassin")
OFF_MAP = frozenset({BIN, ELIMINATED, REMOVED})
FATIMID_SEA = frozenset(
    s.id
    for s in SPACES.values()
    if s.stop("mediterranean") is not None and s.is_land and s.id != CONSTANTINOPLE
)
"""Kypros and Rhodos: Muslims placed there are always Fatimids (27.11)."""
FATIMID_CITIES = frozenset({JERUSALEM, "acre", "ascalon"} & set(SPACES))
"""Where Fatimids are placed once they took Jerusalem (26.4 names Acre, 27.10 Ascalon: both)."""

__all__ = ["ASSASSIN", "BOARD", "CONSTANTINOPLE", "COUNTERS", "JERUSALEM", "MARKERS", "MASYAF", "SPACES"]


# -- the log ----------------------------------------------------------------------------------
def log(state: State, rule: str, template: str, **args: Any) -> None:
    """Write a log entry: ``template`` is English with ``{name}`` fields filled from ``args``.

    Everyone reads the whole log (the player and any observer see the same), so an entry must
    never name a concealed Muslim unit: say "a Seljuk unit", not its name.
    """
    state.log.append([rule, None, template, args])


# -- randomness (stops undo) ------------------------------------------------------------------
def roll(state: State, count: int) -> list[int]:
    """Roll ``count`` dice."""
    state.barrier += 1
    return rng.dice(state, count)


def pick(state: State, pool: list[str]) -> str:
    """Pick one of ``pool`` at random (5.0 "pick"); ``pool`` must not be empty."""
    state.barrier += 1
    return rng.choice(state, pool)


# -- counters -----------------------------------------------------------------------------------
def counter(unit: str) -> Counter:
    return COUNTERS[unit]


def contingent(unit: str) -> str:
    return COUNTERS[unit].contingent


def christian(unit: str) -> bool:
    return COUNTERS[unit].side == "christian"


def muslim(unit: str) -> bool:
    return COUNTERS[unit].side == "muslim"


def crusader_like(unit: str) -> bool:
    """Crusaders and mercenaries, who are treated as Crusader units (32.5)."""
    return COUNTERS[unit].contingent in ("crusader", "mercenary")


def factor(state: State, unit: str) -> int:
    """The combat factor on the side now up (4.2); the Assassin's is rolled each round (31.2)."""
    c = COUNTERS[unit]
    if unit in state.reduced and c.reduced is not None:
        return c.reduced
    return c.factor or 0


def units_at(state: State, space: str) -> list[str]:
    """Every counter in ``space`` (or a place such as the Bins), in data-pack order."""
    loc = state.loc
    listed = loc.listed.get(space)
    if listed is None:
        here = loc.at.get(space)
        if not here:
            return []
        listed = loc.listed[space] = sorted(here, key=ORDER.__getitem__)
    return list(listed)


def christians_at(state: State, space: str) -> list[str]:
    return [u for u in units_at(state, space) if SIDE[u] == "christian"]


def muslims_at(state: State, space: str) -> list[str]:
    return [u for u in units_at(state, space) if SIDE[u] == "muslim"]


def has_muslims(state: State, space: str) -> bool:
    """Whether any Muslim unit is in ``space`` (``bool(muslims_at(...))``, without listing them)."""
    here = state.loc.at.get(space)
    return here is not None and any(SIDE[u] == "muslim" for u in here)


def rules_of_format_1(state: State) -> bool:
    """Whether the game is played under the rules of save format 1: games saved in format 1
    (``outremer/save/1``, on the legacy SplitMix64 generator, an integer ``rng``) are replayed under
    the rules they were played with, so that every action in their saves stays legal. Every game
    set up today is on the keyed generator and gets the rulings made since, which these games keep
    as they were (the code of commit c578d3d): 10.1(1), 32.3 (rulings MV-21, A-13): moves, drops
    and recruits that end an Action with Byzantines and Crusaders (or Armenians) together are
    offered, and a force stuck out of stacking is stopped without being offered the stop."""
    return rng.generator(state.rng) == rng.LEGACY


TAKITIOS = "takitios"
"""The Byzantine leader who may stack with Crusaders (32.3)."""
SIS = "sis"
"""Where a Diplomatic Leader activates Armenia (16.1), so may stay with Armenians (30.2)."""
STACKING_BINS = ("crusader", "byzantine", "armenian")
"""The contingents stacking restricts, in the order a choice among them is offered (10.1)."""


def clashes_among(state: State, space: str | None, units: Iterable[str]) -> list[str]:
    """The contingents of the Christian ``units`` that may not end an Action together in ``space``
    (None: in any space but Constantinople and Sis) (10.1(1)): Byzantines with Armenians; Byzantines
    other than Takitios with Crusaders (32.3); Crusaders with Armenians before Armenia is activated,
    unless a Diplomatic Leader is with them in Sis to activate it (30.2). Mercenaries stack with
    anyone (10.1(4)); Constantinople holds everyone (10.1(2)). Ruling A-9."""
    if space == CONSTANTINOPLE:
        return []
    present: set[str] = set()
    envoy = False
    for u in units:
        present.add(CONTINGENT[u] if u != TAKITIOS else TAKITIOS)
        envoy = envoy or (space == SIS and COUNTERS[u].diplomatic)
    byzantines = "byzantine" in present or TAKITIOS in present
    found: set[str] = set()
    if byzantines and "armenian" in present:
        found |= {"byzantine", "armenian"}
    if "byzantine" in present and "crusader" in present:
        found |= {"byzantine", "crusader"}
    if "crusader" in present and "armenian" in present and not state.flags["armenia"] and not envoy:
        found |= {"crusader", "armenian"}
    return [c for c in STACKING_BINS if c in found]


def leaders_at(state: State, space: str) -> list[str]:
    return [u for u in christians_at(state, space) if COUNTERS[u].is_leader]


def in_bin(state: State, bin_name: str) -> list[str]:
    """The counters in a Bin (3.5), in data-pack order."""
    here = state.loc.at.get(BIN, ())
    return sorted((u for u in here if COUNTERS[u].bin == bin_name), key=ORDER.__getitem__)


def on_map(state: State, unit: str) -> bool:
    return state.loc.get(unit, BIN) not in OFF_MAP


# -- spaces ----------------------------------------------------------------------------------------
def is_fortress(state: State, space: str) -> bool:
    """A fortress for all purposes: a fortress space, Constantinople (29.1), or a Castle (33.7)."""
    return SPACES[space].is_fortress or space in state.castles


def is_port(space: str) -> bool:
    """Fleets may enter; Constantinople is one (20.2, 29.1)."""
    return SPACES[space].port


def control(state: State, space: str) -> str | None:
    """``"christian"``, ``"muslim"``, ``"contested"`` or None (10.5); Constantinople is always
    Christian."""
    if space == CONSTANTINOPLE:
        return "christian"
    here = state.loc.at.get(space)
    if not here:
        return None
    sides = {SIDE[u] for u in here}
    has_c, has_m = "christian" in sides, "muslim" in sides
    if has_c and has_m:
        return "contested"
    if has_c:
        return "christian"
    return "muslim" if has_m else None


def controlled_by(state: State, space: str, contingents: tuple[str, ...]) -> bool:
    """Christian control with a unit of one of ``contingents`` there (12.2 note, 6.1)."""
    if control(state, space) != "christian":
        return False
    return any(COUNTERS[u].contingent in contingents for u in christians_at(state, space))


def clear_buildings(state: State, space: str, rule: str) -> None:
    """33.5: Camps, Castles and Monasteries are removed from a space Muslims hold without any
    Christian unit; the markers can be built again."""
    if control(state, space) != "muslim":
        return
    for what, spaces in (("Camp", state.camps), ("Castle", state.castles), ("Monastery", state.monasteries)):
        if space in spaces:
            spaces.remove(space)
            log(state, rule, "The {what} in {space} is destroyed.", what=what, space=space)


def buildings_overrun(state: State) -> None:
    """33.5 at any moment: every Camp, Castle or Monastery in a space that Muslims hold without a
    Christian unit is removed (for instance a Camp of besiegers who marched off, 34.5)."""
    for space in dict.fromkeys([*state.camps, *state.castles, *state.monasteries]):
        clear_buildings(state, space, "33.5")


# -- Bins, placing and revealing Muslims -------------------------------------------------------------
def reveal(state: State, units: list[str]) -> None:
    """Flip concealed Muslim units face up (11.0)."""
    new = [u for u in units if u not in state.revealed]
    if new:
        state.revealed.update(new)
        state.barrier += 1


def conceal(state: State, units: list[str]) -> None:
    """Place Muslim units face down (24.1, 27.7)."""
    state.revealed.difference_update(units)


def muslim_bin(state: State, space: str) -> str:
    """The Bin Muslims placed in ``space`` come from: the contingent already there (Seljuks and
    Fatimids never share a space, 10.2); else Fatimid in Kypros and Rhodos (27.11) and, once the
    Fatimids took Jerusalem, in Jerusalem, Acre and Ascalon (26.4, 27.10); else Seljuk."""
    held = [COUNTERS[u].contingent for u in muslims_at(state, space)]
    if held and held[0] in ("seljuk", "fatimid"):
        return held[0]
    if space in FATIMID_SEA or (state.flags["fatimid_jerusalem"] and space in FATIMID_CITIES):
        return "fatimid"
    return "seljuk"


def draw_muslims(state: State, space: str, count: int, rule: str, bin_name: str | None = None) -> list[str]:
    """Pick ``count`` units at random from the space's Muslim Bin and place them in ``space``,
    revealed if Christians are there (26.2); as many as the Bin holds."""
    source = bin_name or muslim_bin(state, space)
    placed: list[str] = []
    for _ in range(count):
        pool = in_bin(state, source)
        if not pool:
            break
        unit = pick(state, pool)
        state.loc[unit] = space
        state.revealed.discard(unit)  # placed face down (7.0 note)
        placed.append(unit)
    if placed:
        log(
            state,
            rule,
            "{n} {bin} unit(s) placed in {space}.",
            n=len(placed),
            bin=source.title(),
            space=space,
        )
    if christians_at(state, space):
        reveal(state, muslims_at(state, space))
    if placed and SPACES[space].armenia:
        activate_armenia(state, "30.1")
    return placed


def activate_armenia(state: State, rule: str) -> None:
    """Armenia joins the Christians (30.1)."""
    if not state.flags["armenia"]:
        state.flags["armenia"] = True
        log(state, rule, "Armenia is activated.")


# -- losses -------------------------------------------------------------------------------------------
def reduce(state: State, unit: str, rule: str) -> bool:
    """Take one step from ``unit`` (23.3): flip a full two-step unit, else eliminate it. True if
    it was eliminated."""
    c = COUNTERS[unit]
    if c.steps == 2 and unit not in state.reduced:
        state.reduced.add(unit)
        log(state, rule, "{unit} is reduced.", unit=unit)
        return False
    eliminate(state, unit, rule)
    return True


def eliminate(state: State, unit: str, rule: str) -> None:
    """Remove ``unit`` from the map (23.3): non-leaders and Emirs go back to their Bin (14.5, 32.4),
    mercenaries to the Pilgrimage Bin (14.6); leaders are out for good (32.1); the loss of
    Alexios removes the Byzantines outside Constantinople and fortresses (32.2)."""
    c = COUNTERS[unit]
    name = (
        unit
        if c.side == "christian" or unit in state.revealed
        else f"a concealed {c.contingent.title()} unit"
    )
    state.reduced.discard(unit)
    state.revealed.discard(unit)
    if c.contingent == "assassin":
        state.loc[unit] = ELIMINATED  # back in Masyaf once no Christian is there (31.1)
        log(state, rule, "The Assassin is eliminated.")
        return
    if c.is_leader and c.type != "emir":
        state.loc[unit] = ELIMINATED
    else:
        state.loc[unit] = BIN
    if c.contingent == "mercenary":
        marker = next(m.id for m in MARKERS.values() if m.counter == unit)
        state.markers[marker] = "gone" if c.is_leader else "bin"
    log(state, rule, "{unit} is eliminated.", unit=name)
    if c.id == "alexios":
        alexios_lost(state)


def alexios_lost(state: State) -> None:
    """32.2: every Byzantine unit outside Constantinople and fortresses is removed from play, and
    Byzantines take no more actions."""
    state.flags["alexios_dead"] = True
    for u, where in list(state.loc.items()):
        if where in OFF_MAP or COUNTERS[u].contingent != "byzantine":
            continue
        if where != CONSTANTINOPLE and not is_fortress(state, where):
            state.loc[u] = REMOVED
            state.reduced.discard(u)
            log(state, "32.2", "{unit} is removed from play.", unit=u)


def lost_at_sea(state: State, space: str, rule: str) -> None:
    """25.1, 25.3: land units can be at sea only aboard fleets, one to a fleet; those a sea space
    holds beyond its Christian fleets (their fleets eliminated) are eliminated. When some stay
    aboard, the player selects the units lost (a choice frame, movement's ``attrition`` at its
    ``sink`` stage; ruling MV-4): the caller must have set its own next stage."""
    if not SPACES[space].is_sea:
        return
    units = christians_at(state, space)
    land = [u for u in units if not COUNTERS[u].is_fleet]
    excess = len(land) - (len(units) - len(land))
    if excess <= 0:
        return
    if excess >= len(land):
        for u in land:
            eliminate(state, u, rule)
        return
    PROCEDURES.push(
        state, "attrition", stage="sink", pool=land, units=[], carried=[], hits=0, struck=[], rule=rule
    )


def lift_sieges(state: State) -> None:
    """34.3: a Siege marker stays only while Christian units and besieged Muslims are both in its
    space; once either side is gone, for any reason (a march out, losses, an event, starvation), the
    siege is over, and Muslims left alone there are face down again (11.0). A Camp the besiegers
    built there is removed once the Christians hold the fortress (34.5), back to the box (W-9)."""
    for space in list(state.flags["sieges"]):
        if control(state, space) == "contested":
            continue
        state.flags["sieges"].remove(space)
        conceal(state, muslims_at(state, space))
        log(state, "34.3", "The siege of {space} ends.", space=space)
        if control(state, space) == "christian" and space in state.camps:
            state.camps.remove(space)
            log(
                state,
                "34.5",
                "The Camp in {space} is removed: the Christians hold the fortress.",
                space=space,
            )


def assassin_returns(state: State) -> None:
    """31.1: the Assassin is back in Masyaf whenever no Christian unit is there."""
    if state.loc.get(ASSASSIN) != MASYAF and not christians_at(state, MASYAF):
        state.loc[ASSASSIN] = MASYAF
        state.revealed.discard(ASSASSIN)
        log(state, "31.1", "The Assassin garrison returns to Masyaf.")


# -- actions ---------------------------------------------------------------------------------------
def turn_frame(state: State) -> dict[str, Any]:
    """The turn under way (the bottom frame of the stack)."""
    return state.stack[0]


def available_actions(state: State) -> int:
    """Actions left in the step under way: standard (12.1) or special (12.2)."""
    return state.actions if turn_frame(state).get("stage") == "standard" else state.special


def may_act(state: State, unit: str) -> bool:
    """Whether the player may take ``unit`` into an Action: a Christian unit, Armenian only once
    Armenia is activated (30.1), Byzantine only while Alexios lives (32.2), and during Christian
    Infighting only a Crusader or a mercenary stacked with Crusaders (35.0); in the team game, only
    a unit of the player whose choices these are (37.0, ruling T-3, teams.py)."""
    if SIDE[unit] != "christian" or state.loc.get(unit, BIN) in OFF_MAP:
        return False
    own, flags = CONTINGENT[unit], state.flags
    team = flags.get("team")
    if team is not None and team["lens"] is not None and TEAM_OWNER[own] != team["lens"]:
        return False
    if (own == "armenian" and not flags["armenia"]) or (own == "byzantine" and flags["alexios_dead"]):
        return False
    if not flags["infighting"] or own == "crusader":
        return True
    return own == "mercenary" and any(CONTINGENT[u] == "crusader" for u in state.loc.at[state.loc[unit]])


def spend(state: State, cost: int) -> None:
    """Spend ``cost`` actions of the step under way."""
    if turn_frame(state).get("stage") == "standard":
        state.actions -= cost
    else:
        state.special -= cost
    if state.actions < 0 or state.special < 0:
        raise RuntimeError("spent more actions than there were")


def season(state: State) -> str:
    return BOARD.turns[state.turn].season


def turn_label(state: State) -> str:
    return BOARD.turns[state.turn].label
