"""Pieces moving between groups: on the map outside a stronghold (``field``), inside one
(``inside``), in a force pool (``pools``) or in the dead pile (``dead``), and steps lost (§2.3,
§13.5, §3.Terms).

A group is the state's ``{"full": {label: n}, "reduced": {label: n}, "leaders": [ids]}`` (state.py);
a *force* is a mapping Power -> group, the pieces of several Powers that move or fight together.
These helpers keep the state tidy: a count never goes below zero (ValueError: a bug of the caller,
never a player's mistake), and an emptied group or place is dropped, so a state reads the same
however its pieces came there.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from .common import data, units
from .state import State, group

Group = dict[str, Any]
Force = dict[str, Group]
PLACES = ("field", "inside")
"""The two kinds of place on the map: outside a stronghold or inside it (§17.2)."""


def empty(g: Mapping[str, Any]) -> bool:
    """Whether a group holds no unit and no leader."""
    return not units(g) and not g["leaders"]


def at(state: State, place: str, space: str) -> Mapping[str, Group]:
    """The groups in ``space``, outside (``place`` "field") or inside its stronghold ("inside"),
    by Power; read only."""
    found: Mapping[str, Group] = getattr(state, place).get(space, {})
    return found


def pieces(g: Mapping[str, Any]) -> Iterator[tuple[str, str]]:
    """Each unit of a group as (face, label), once per counter, full first."""
    for face in ("full", "reduced"):
        for label, n in sorted(g[face].items()):
            for _ in range(n):
                yield face, label


def add(into: Group, g: Mapping[str, Any]) -> None:
    """The pieces of ``g`` joined to ``into``."""
    for face in ("full", "reduced"):
        for label, n in g[face].items():
            if n:
                into[face][label] = into[face].get(label, 0) + n
    into["leaders"].extend(x for x in g["leaders"] if x not in into["leaders"])


def subtract(src: Group, g: Mapping[str, Any]) -> None:
    """The pieces of ``g`` taken out of ``src`` (ValueError if ``src`` lacks one, ``src`` then
    unchanged)."""
    for face in ("full", "reduced"):
        for label, n in g[face].items():
            if src[face].get(label, 0) < n:
                raise ValueError(f"no {n} {face} {label} to take")
    for leader in g["leaders"]:
        if leader not in src["leaders"]:
            raise ValueError(f"leader {leader} is not there")
    for face in ("full", "reduced"):
        for label, n in g[face].items():
            left = src[face].get(label, 0) - n
            if left:
                src[face][label] = left
            else:
                src[face].pop(label, None)
    for leader in g["leaders"]:
        src["leaders"].remove(leader)


def put(state: State, place: str, space: str, power: str, g: Mapping[str, Any]) -> None:
    """``g`` (pieces of ``power``) placed in ``space``, outside or inside."""
    here = getattr(state, place).setdefault(space, {})
    add(here.setdefault(power, group()), g)


def take(state: State, place: str, space: str, power: str, g: Mapping[str, Any]) -> None:
    """``g`` (pieces of ``power``) lifted from ``space``, outside or inside; emptied groups and
    places are dropped."""
    where = getattr(state, place)
    here = where.get(space, {})
    if power not in here:
        raise ValueError(f"no {power} pieces in {space}")
    subtract(here[power], g)
    if empty(here[power]):
        del here[power]
    if not here:
        where.pop(space, None)


def move(state: State, power: str, g: Mapping[str, Any], src: tuple[str, str], dst: tuple[str, str]) -> None:
    """``g`` of ``power`` from (place, space) ``src`` to (place, space) ``dst``."""
    take(state, *src, power, g)
    put(state, *dst, power, g)


def to_pool(state: State, power: str, g: Mapping[str, Any]) -> None:
    """``g`` into ``power``'s force pool, each unit on the side it shows (§3.Terms; a reduced unit
    stays reduced there until replaced, §6.1)."""
    add(state.pools.setdefault(power, group()), g)


def to_dead(state: State, power: str, g: Mapping[str, Any]) -> None:
    """``g`` into ``power``'s dead pile, every unit full side up (§3.Terms)."""
    pile = state.dead.setdefault(power, group())
    for _face, label in pieces(g):
        pile["full"][label] = pile["full"].get(label, 0) + 1
    pile["leaders"].extend(x for x in g["leaders"] if x not in pile["leaders"])


def one(face: str, label: str) -> Group:
    """A group of one unit."""
    g = group()
    g[face][label] = 1
    return g


def lose_step(state: State, place: str, space: str, power: str, face: str, label: str) -> bool:
    """One step lost by a unit of ``power`` in ``space`` (§13.5): a full unit flips to its reduced
    side, a reduced one goes to the dead pile. True if the unit was eliminated."""
    take(state, place, space, power, one(face, label))
    if face == "full":
        put(state, place, space, power, one("reduced", label))
        return False
    to_dead(state, power, one("full", label))
    return True


def steps(g: Mapping[str, Any]) -> int:
    """The steps of a group: two for a full unit, one for a reduced (§2.3.Units, §13.5)."""
    return 2 * sum(g["full"].values()) + sum(g["reduced"].values())


def strength(state: State, power: str, g: Mapping[str, Any]) -> int:
    """The combat strength of ``power``'s units in ``g`` (§2.3.Units): each full unit its CS, each
    reduced one its reduced CS; leaders add nothing here (their battle rating is §13.2's)."""
    types = {u.label: u for u in data(state).counters.units_of(power)}
    return sum(types[label].cs * n for label, n in g["full"].items()) + sum(
        types[label].reduced_cs * n for label, n in g["reduced"].items()
    )


def cavalry(state: State, power: str, label: str) -> bool:
    """Whether ``power``'s unit type ``label`` is cavalry (MA 6, §2.3.Units)."""
    return any(u.label == label and u.cavalry for u in data(state).counters.units_of(power))
