"""Where a force may go and end: Armenians within two spaces of Armenia (30.2), a Kingdom Leader in
his realm (36.4), stacking where a move ends (10.1(1), 30.2, 32.3), and the spaces a force may
withdraw to after a stalemate (24.2). Movement (a march) and combat (a withdrawal) both ask."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from .common import (
    BOARD,
    CONTINGENT,
    COUNTERS,
    SIS,
    SPACES,
    christians_at,
    clashes_among,
    muslims_at,
    rules_of_format_1,
)
from .state import State

LAND_PATHS = ("road", "pass")
ARMENIAN_REACH = 2
ARMENIA_DISTANCE = BOARD.distances(BOARD.armenia)
"""Paths of any kind from Sis or Vahka (30.2: "by paths or passes"; ruling MV-13)."""
REALMS = {capital: frozenset([capital, *BOARD.neighbours(capital, LAND_PATHS)]) for capital in SPACES}
"""Option 36.4: a Kingdom Leader's capital and the land spaces a road or a pass joins to it
(ruling MV-14)."""


def limits(state: State, units: list[str]) -> Callable[[str], bool]:
    """Where ``units`` may go: Armenians keep within two spaces of Armenia (30.2), Kingdom Leaders
    to their realm (36.4)."""
    armenians = any(CONTINGENT[u] == "armenian" for u in units)
    kingdoms = state.flags["kingdoms"] if state.options.get("kingdoms") else {}
    realms = [REALMS[kingdoms[u]] for u in units if u in kingdoms]

    def within(there: str) -> bool:
        if armenians and ARMENIA_DISTANCE.get(there, ARMENIAN_REACH + 1) > ARMENIAN_REACH:
            return False
        return all(there in realm for realm in realms)

    return within


def may_end(state: State, units: Iterable[str], space: str) -> bool:
    """Whether ``units`` (all those that would end there) may end a move in ``space``: no contingents
    that may not stack there together (10.1(1), 32.3: Byzantines with Crusaders or Armenians;
    ``common.clashes_among``), and before Armenia is activated no units with Armenian units, but
    with a Diplomatic Leader in Sis, come to activate it (30.2, 16.1; ruling MV-12)."""
    units = list(units)
    if not rules_of_format_1(state) and clashes_among(state, space, units):
        return False
    if state.flags["armenia"] or not any(CONTINGENT[u] == "armenian" for u in state.loc.at.get(space, ())):
        return True
    return space == SIS and any(COUNTERS[u].diplomatic for u in units)


def retreat_spaces(state: State, space: str, units: list[str]) -> list[str]:
    """24.2: the adjacent spaces without Muslims the force may withdraw to: land units by road,
    or by a pass with a land Leader among them (17.5); fleets by sea, each carrying one land unit
    (25.1, 25.3). Armenians and Kingdom Leaders keep their limits (30.2, 36.4), and no force ends
    with Armenians before Armenia is active (30.2). The units that cannot reach the space chosen
    are eliminated by the battle (24.2; ruling MV-17)."""
    fleets = [u for u in units if COUNTERS[u].is_fleet]
    land = [u for u in units if u not in fleets]
    paths: list[str] = []
    if land:
        paths = ["road", "pass"] if any(COUNTERS[u].is_leader for u in land) else ["road"]
    if fleets:
        paths.append("sea")
    out: list[str] = []
    within = limits(state, units)
    for there in BOARD.neighbours(space, paths):
        if there in out or muslims_at(state, there) or not within(there):
            continue
        if may_end(state, [*units, *christians_at(state, there)], there):
            out.append(there)
    return out
