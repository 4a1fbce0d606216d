"""The First Crusade game state: plain data, cheap to copy, JSON in and out.

Where every counter is (``loc``), which are reduced or face up, the markers, the indexes (turn,
Muslim Reaction Level, Special Actions), the flags of rules in effect, and the stack of procedures
under way (``stack``: see :mod:`.procedures`). Working data is JSON-native: dicts with string keys,
lists, strings, integers, booleans and None; never sets or tuples.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...engine import rng
from ...engine.plain import FLAT, GENERATOR, LOG, NESTED, SET, SHARED, Kind, PlainState, clone, slots
from ...engine.rng import KEYED, Value

FORMAT = "outremer/first-crusade/state/1"

PLAYER = "Christians"
"""The one role of the solitaire game: the player leads every Christian contingent (1.0)."""

TEAM_ROLES = ("Crusaders", "Byzantines", "Armenians")
"""The seats of the team game (37.0, option ``teams``; teams.py), in the order they are asked."""

TEAM_OWNER = {
    "crusader": "Crusaders",
    "mercenary": "Crusaders",
    "byzantine": "Byzantines",
    "armenian": "Armenians",
}
"""Which team player owns a Christian contingent's counters; mercenaries are the Crusaders' (32.5)."""

BIN = "bin"
"""``loc`` of a counter in its contingent's Bin (3.5); mercenaries' Bin is the Pilgrimage Bin."""
ELIMINATED = "eliminated"
"""``loc`` of a leader eliminated for good (14.5, 32.1): the Eliminated Leaders boxes (3.2)."""
REMOVED = "removed"
"""``loc`` of a unit removed from play by a rule (32.2)."""


def new_flags() -> dict[str, Any]:
    """Rules in effect, as set at the start of the game (7.0)."""
    return {
        "armenia": False,  # Armenia activated (30.1)
        "fatimid_jerusalem": False,  # the Fatimid Take Jerusalem marker is placed (27.10)
        "alexios_dead": False,  # Alexios eliminated: Byzantines take no actions (32.2)
        "infighting": False,  # Christian Infighting this turn: Crusader actions only (35.0)
        "negotiated_armenia": False,  # a Negotiations marker has activated Armenia (once a game)
        "kingdoms": {},  # optional 36.0: leader -> capital
        "established": [],  # optional 36.8: capitals whose Kingdom was ever established (VP)
        "sieges": [],  # optional 34.0: spaces under siege
        "massacres": [],  # optional 34.6: spaces with a Massacre marker
        "work": None,  # a Castle or Monastery being built over several actions (33.2-33.3)
    }


class Locations(dict[str, str]):
    """``counter -> place``, keeping the reverse index ``at`` (place -> counters) up to date, so
    that "who is in this space" costs a lookup, not a scan of every counter. ``listed`` keeps
    places' counters once put in order (common.units_at); a move forgets both places' lists."""

    __slots__ = ("at", "listed")

    def __init__(self, items: Mapping[str, str] | None = None) -> None:
        super().__init__(items or {})
        self.at: dict[str, set[str]] = {}
        self.listed: dict[str, list[str]] = {}
        for unit, where in self.items():
            self.at.setdefault(where, set()).add(unit)

    def __setitem__(self, unit: str, where: str) -> None:
        old = self.get(unit)
        if old is not None:
            here = self.at[old]
            here.discard(unit)
            if not here:
                del self.at[old]
            self.listed.pop(old, None)
        super().__setitem__(unit, where)
        self.at.setdefault(where, set()).add(unit)
        self.listed.pop(where, None)

    def __delitem__(self, unit: str) -> None:
        raise TypeError("counters are never removed from the state, only moved")

    def update(self, *args: Any, **kwargs: Any) -> None:
        for unit, where in dict(*args, **kwargs).items():
            self[unit] = where

    def copy(self) -> Locations:
        new = Locations.__new__(Locations)
        for unit, where in self.items():
            dict.__setitem__(new, unit, where)
        new.at = {where: set(units) for where, units in self.at.items()}
        new.listed = dict(self.listed)  # the lists are never changed, only replaced
        return new


LOCATIONS = Kind("locations", "{}.copy()", clone, Locations)
"""``State.loc``: copied by :meth:`Locations.copy`, written as a plain dict and read back into one."""

# Fields in to_json order, each with how deep a copy goes (engine.plain). Sets are stored as sorted
# lists. The options are never changed after setup, the result never once the game is over.
FIELDS = (
    ("rng", GENERATOR),
    ("barrier", SHARED),
    ("ply", SHARED),
    ("scenario", SHARED),
    ("options", SHARED),
    ("turn", SHARED),
    ("reaction", SHARED),
    ("special", SHARED),
    ("actions", SHARED),
    ("loc", LOCATIONS),
    ("markers", FLAT),
    ("camps", FLAT),
    ("castles", FLAT),
    ("monasteries", FLAT),
    ("flags", NESTED),
    ("stack", NESTED),
    ("log", LOG),
    ("result", SHARED),
    ("reduced", SET),
    ("revealed", SET),
)


class State(PlainState, fields=FIELDS, json_format=FORMAT, title="First Crusade"):
    """Everything about one game of The First Crusade at one moment; ``copy``, ``to_json`` and
    ``from_json`` come from ``FIELDS`` (engine.plain)."""

    __slots__ = slots(FIELDS)

    rng: Value  # the random generator (engine.rng)
    barrier: int  # bumped on every die roll, pick and reveal (undo stops there)
    ply: int  # actions taken so far
    scenario: str
    options: dict[str, bool]
    turn: int  # 0 = 1097 Spring ... 8 = 1099 Autumn (the turn track, 7.0)
    reaction: int  # Muslim Reaction Level: 1 Low, 2 Medium, 3 High (27.1)
    special: int  # Special Actions on the index, 0-6 (12.2)
    actions: int  # actions left in the step under way (3 standard at most, 12.1)
    loc: Locations  # counter -> space id, BIN, ELIMINATED or REMOVED
    markers: dict[str, str]  # pilgrimage marker -> "bin" or "available" (13.2)
    camps: list[str]  # spaces holding a Camp (33.1)
    castles: list[str]  # spaces holding a Castle (33.2)
    monasteries: list[str]  # spaces holding a Monastery (33.3)
    reduced: set[str]  # two-step units on their reduced side (4.2)
    revealed: set[str]  # Muslim units on the map standing face up (11.0)
    flags: dict[str, Any]  # rules in effect (new_flags)
    stack: list[dict[str, Any]]  # procedures under way, innermost last (procedures.py)
    log: list[list[Any]]  # [rule, audience or None, template, args]
    result: dict[str, Any] | None  # the outcome once the game is over

    @classmethod
    def blank(cls, seed: int, scenario: str, options: dict[str, bool], generator: str = KEYED) -> State:
        """A state with nothing placed and nothing under way; its random generator is
        ``generator`` seeded from ``seed``."""
        s = cls.__new__(cls)
        s.rng = rng.seed_state(seed, generator)
        s.barrier = 0
        s.ply = 0
        s.scenario = scenario
        s.options = dict(options)
        s.turn = 0
        s.reaction = 1
        s.special = 0
        s.actions = 0
        s.loc = Locations()
        s.markers = {}
        s.camps = []
        s.castles = []
        s.monasteries = []
        s.reduced = set()
        s.revealed = set()
        s.flags = new_flags()
        s.stack = []
        s.log = []
        s.result = None
        return s
