"""Control of a Region and the track markers that follow it.

Control (``Glossary.Control``, L1405; R1): each Army counts its Units and Leaders in a Region; the
Army with the larger number Controls it, with its Resources and the Neutral pieces there
(``Glossary.Neutral``, L1491). Equal numbers mean no Army Controls it; Neutral pieces count for
nobody, and a Region holding only them is Controlled by no one (L1495).

The tracks (``BoardSetup.4``, L199-L204; ``Command.Event.Tracks``, L464-L466;
``Command.Order.Tracks``; ``Battle.After``): an Army's base command points, crowns, supply and gold
tracks show the command point, crown, supply and gold icons of the Regions it Controls, printed on
slots or on Resource tokens, that no piece and no Sabotage covers (``Glossary.Slots``, L1557;
``Glossary.Sabotage``, L1539), plus those of its Leaders on the map (not on the ships). Glory icons
count only at upkeep (``Upkeep.E``). The current command points do not follow (``Command.Event.Example2``,
L467-L468). A pair's Mercantile marker starts at 0 (``BoardSetup.2.Faith``, L188) and moves a step
towards a partner for each Mercantile City it comes to Control, away for each it loses
(``Battle.After``, L641-L645): it shows how the difference between the partners' counts has moved
since the set-up (``Glossary.MercantileCities``; R3, R43).

Whatever moves pieces or tokens calls :func:`update_tracks` once it is done.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from functools import cache, lru_cache

from .common import COUNTED, alliance, data, pack_at, slot_counts
from .options import on
from .state import NEUTRAL, State

TRACK_ICONS = {"base": "command_point", "crowns": "crown", "supply": "supply", "gold": "gold"}
"""The tracks that follow Control, each with the icon it counts (``BoardSetup.4``)."""
MERCANTILE_MAX = 5
"""The last space of a Faith scale (R3): the Mercantile marker stops there."""


def _counted(state: State, region: str) -> Counter[str]:
    """The pieces that count for Control in ``region`` by owner: Units and Leaders (R1), Units only
    with the option ``control_units_only``. Shared like ``common.counts``: never change it."""
    return _counted_in(state.pack, on(state, "control_units_only"), tuple(state.regions[region]["slots"]))


@lru_cache(maxsize=COUNTED)
def _counted_in(pack: str | None, units_only: bool, slots: tuple[str | None, ...]) -> Counter[str]:
    """:func:`_counted` of a Region whose slots hold ``slots``."""
    if not units_only:
        return slot_counts(pack, slots)
    return Counter(p.split(":", 1)[0] for p in slots if p is not None and ":" in p)


def controller(state: State, region: str) -> str | None:
    """The Army Controlling ``region``, or None on a tie or with only Neutral pieces (R1)."""
    return _controller(state.pack, on(state, "control_units_only"), tuple(state.regions[region]["slots"]))


@lru_cache(maxsize=COUNTED)
def _controller(pack: str | None, units_only: bool, slots: tuple[str | None, ...]) -> str | None:
    """:func:`controller` of a Region whose slots hold ``slots``."""
    ranked = [(n, who) for who, n in _counted_in(pack, units_only, slots).items() if who != NEUTRAL]
    ranked.sort(reverse=True)
    if not ranked or (len(ranked) > 1 and ranked[0][0] == ranked[1][0]):
        return None
    return ranked[0][1]


def holder(state: State, region: str) -> str | None:
    """The Alliance holding ``region``: its Controlling Army's, or the Alliance whose partners tie
    there (``Glossary.Neutral``, L1491: it then holds the Neutral pieces; R1, R23); None when no
    Army or Armies of both Alliances are there."""
    army = controller(state, region)
    if army is not None:
        return alliance(army)
    sides = {alliance(who) for who in _counted(state, region) if who != NEUTRAL}
    return sides.pop() if len(sides) == 1 else None


def icons(state: State, region: str) -> Counter[str]:
    """The Resource icons of ``region`` that nothing covers: printed on its slots or on its Resource
    tokens, a slot being covered by a piece or a Sabotage token (``Glossary.Slots``, L1557). Shared
    by every call on the same contents: read it, never change it."""
    here = state.regions[region]
    tokens = tuple((at, icon) for at, icon in here["resources"])
    return _icons(state.pack, region, tuple(here["slots"]), tokens)


@lru_cache(maxsize=COUNTED)
def _icons(
    pack: str | None, region: str, slots: tuple[str | None, ...], tokens: tuple[tuple[int, str], ...]
) -> Counter[str]:
    """:func:`icons` of ``region`` with ``slots`` and the Resource tokens ``tokens``."""
    found: Counter[str] = Counter()
    for slot, printed in zip(slots, pack_at(pack).board.regions[region].slots, strict=True):
        if slot is None and printed.icon is not None:
            found[printed.icon] += 1
    for at, icon in tokens:
        if slots[at] is None:
            found[icon] += 1
    return found


def controlled(state: State, army: str, owners: Mapping[str, str | None] | None = None) -> list[str]:
    """The Regions ``army`` Controls, in map order; ``owners``: every Region's controller, if
    already read."""
    if owners is not None:
        return [rid for rid, who in owners.items() if who == army]
    return [rid for rid in state.regions if controller(state, rid) == army]


def counted(state: State, army: str, owners: Mapping[str, str | None] | None = None) -> dict[str, int]:
    """What ``army``'s tracks that follow Control should show now (``BoardSetup.4``)."""
    return _all_counted(state, (army,), owners)[army]


def _all_counted(
    state: State, armies: Iterable[str], owners: Mapping[str, str | None] | None = None
) -> dict[str, dict[str, int]]:
    """:func:`counted` for each of ``armies``, read in one pass over the map."""
    if owners is None:
        owners = {rid: controller(state, rid) for rid in state.regions}
    found: dict[str, Counter[str]] = {army: Counter() for army in armies}
    for rid, who in owners.items():
        if who in found:
            found[who].update(icons(state, rid))
    leaders = data(state).leaders.leaders
    for here in state.regions.values():
        for piece in here["slots"]:
            if piece in leaders and leaders[piece].army in found:
                found[leaders[piece].army].update(leaders[piece].icons)
    return {army: {track: f[icon] for track, icon in TRACK_ICONS.items()} for army, f in found.items()}


def mercantile(state: State, army: str, owners: Mapping[str, str | None] | None = None) -> int:
    """How many Mercantile Cities ``army`` Controls (``Glossary.MercantileCities``)."""
    regions = data(state).board.regions
    return sum(regions[rid].mercantile for rid in controlled(state, army, owners))


def mercantile_at_start(state: State, army: str) -> int:
    """How many Mercantile Cities ``army`` Controlled at the set-up of the scenario played (once
    deployed, in the variable set-up: ``VariableSetup.End``)."""
    if state.variable is not None:
        return int(state.variable["mercantile"][army])
    return _mercantile_at_start(state.pack, state.scenario, army)


@cache
def _mercantile_at_start(pack: str | None, scenario: str, army: str) -> int:
    """:func:`mercantile_at_start` of a scenario's set-up page, read once per pack."""
    regions = pack_at(pack).board.regions
    start = pack_at(pack).setups.scenarios[scenario]
    return sum(regions[rid].mercantile and start.controller(rid) == army for rid in regions)


def mercantile_marker(
    state: State, side: str, owners: Mapping[str, str | None] | None = None
) -> list[str | int | None]:
    """Where a pair's Mercantile marker stands: [the partner it leans to or None, spaces] (R3,
    R43): the partners' difference now less their difference at the set-up, at most 5 spaces."""
    first, second = (a for a in state.armies if alliance(a) == side)
    moved = mercantile(state, first, owners) - mercantile(state, second, owners)
    moved -= mercantile_at_start(state, first) - mercantile_at_start(state, second)
    lean = first if moved > 0 else second if moved < 0 else None
    return [lean, min(abs(moved), MERCANTILE_MAX)]


def update_tracks(state: State) -> None:
    """Move every track marker that follows Control to what the map gives now, saying each move
    (``Command.Event.Tracks``, ``Battle.After``; R3 and R43 for the Mercantile markers)."""
    owners = {rid: controller(state, rid) for rid in state.regions}  # read once for every track
    due = _all_counted(state, state.armies, owners)
    for army in state.armies:
        track = state.tracks[army]
        for name, value in due[army].items():
            if track[name] != value:
                state.say("Command.Event.Tracks", f"{army}: {name} track {track[name]} -> {value}.")
                track[name] = value
    for side, marker in state.mercantile.items():
        if marker is None:
            continue
        shown = mercantile_marker(state, side, owners)
        if marker != shown:
            state.say("Battle.After", f"The {side} Mercantile marker -> {shown[1]} ({shown[0] or 'centre'}).")
            marker[:] = shown
