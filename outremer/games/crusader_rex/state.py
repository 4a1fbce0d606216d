"""The Crusader Rex game state: plain data, cheap to copy, JSON in and out.

The format is documented in ``docs/crusader-rex/state.md``; a position can be written by hand
from it. Working data of a phase (``mv``, ``fight``, ``work``) is JSON-native: dicts with string
keys, lists, strings, integers, booleans and None; never sets or tuples.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...engine import rng
from ...engine.plain import (
    FLAT,
    FLAT_VALUES,
    GENERATOR,
    LOG,
    NESTED,
    SET,
    SHARED,
    Kind,
    PlainState,
    clone,
    slots,
)
from ...engine.rng import KEYED, Value
from .frames import FORMAT_1, migrate
from .records import Attack, Fight, Flags, MovePhase, Work

FORMAT = "outremer/crusader-rex/state/2"
"""Format 2 keeps the procedures under way as ``stack``; format 1 kept ``phase`` and ``active``
(read by :meth:`State.from_json` through frames.migrate)."""

FRAMES = Kind("frames", "[{{**f}} for f in {}]", clone, clone)
"""The stack (procedures.py): a copy has its own frames, which share their values, since the rules
never change a value in a frame in place (a frame's list of roles is replaced, not edited)."""

# Fields in to_json order, each with how deep a copy goes (engine.plain). Sets are stored as sorted
# lists. The options are never changed after setup, the result never once the game is over.
FIELDS = (
    ("rng", GENERATOR),
    ("barrier", SHARED),
    ("ply", SHARED),
    ("scenario", SHARED),
    ("options", SHARED),
    ("year", SHARED),
    ("turn", SHARED),
    ("stack", FRAMES),
    ("p1", SHARED),
    ("loc", FLAT),
    ("steps", FLAT),
    ("hands", FLAT_VALUES),
    ("played", FLAT),
    ("last_card", FLAT),
    ("mv", NESTED),
    ("attacks", NESTED),
    ("fight", NESTED),
    ("work", NESTED),
    ("flags", NESTED),
    ("log", LOG),
    ("result", SHARED),
    ("castle", SET),
    ("revealed", SET),
)


SIDES = ("Franks", "Saracens")


def new_flags() -> Flags:
    """The per-turn flags, all clear (a new game turn, 4.1)."""
    return {"cancelled": False, "guide": None, "jihad": None, "winter_campaign": None, "events": {}}


class State(PlainState, fields=FIELDS, json_format=FORMAT, title="Crusader Rex"):
    """Everything about one Crusader Rex game at one moment; ``copy``, ``to_json`` and
    ``from_json`` come from ``FIELDS`` (engine.plain)."""

    __slots__ = slots(FIELDS)

    rng: Value  # the random generator (engine.rng)
    barrier: int  # bumped on every die roll, shuffle, draw and reveal (undo stops there)
    ply: int  # actions taken so far
    scenario: str
    options: dict[str, bool]
    year: int  # 1187..1192
    turn: int  # game turn in the year, 1..6; 6 is the Winter Turn (8.1)
    stack: list[dict[str, Any]]  # the procedures under way, innermost last (procedures.py, frames.py)
    p1: str | None  # Player 1 this game turn (4.1)
    loc: dict[str, str]  # block -> town, staging box, "pool", "aside", "dead" or "Masyaf"
    steps: dict[str, int]  # block -> current strength (2.11)
    castle: set[str]  # blocks inside a castle (6.1, 6.5)
    revealed: set[str]  # blocks standing face up to the enemy (6.51, 7.21)
    hands: dict[str, list[str]]  # side -> card ids (4.0)
    played: dict[str, str | None]  # side -> card chosen face down this turn (4.1)
    last_card: dict[str, str | None]  # side -> card played in the previous turn of this year
    mv: MovePhase | None  # the move phase under way (5.x)
    attacks: dict[str, Attack]  # town -> who attacked there this turn and by which roads (6.4)
    fight: Fight | None  # the battle phase: battles fought, the one being fought (6.x)
    work: Work | None  # working data of other phases (deployment, events, draws, winter)
    flags: Flags  # this game turn: cancelled, guide, jihad, winter campaign (4.2, cards)
    log: list[list[Any]]  # [rule, audience or None, template, args]
    result: dict[str, Any] | None  # the outcome once the game is over

    @classmethod
    def blank(
        cls,
        seed: int,
        scenario: str,
        options: dict[str, bool],
        year: int,
        turn: int,
        generator: str = KEYED,
    ) -> State:
        """A state with no block placed, no cards dealt and no phase under way; its random
        generator is ``generator`` seeded from ``seed``."""
        s = cls.__new__(cls)
        s.rng = rng.seed_state(seed, generator)
        s.barrier = 0
        s.ply = 0
        s.scenario = scenario
        s.options = dict(options)
        s.year = year
        s.turn = turn
        s.stack = []
        s.p1 = None
        s.loc = {}
        s.steps = {}
        s.castle = set()
        s.revealed = set()
        s.hands = {side: [] for side in SIDES}
        s.played = {side: None for side in SIDES}
        s.last_card = {side: None for side in SIDES}
        s.mv = None
        s.attacks = {}
        s.fight = None
        s.work = None
        s.flags = new_flags()
        s.log = []
        s.result = None
        return s

    @property
    def phase(self) -> str:
        """The decision under way, as views name it: the innermost frame's kind; "over" once the
        game is over, "idle" before anything is under way (a position built by hand)."""
        if self.result is not None:
            return "over"
        return self.stack[-1]["kind"] if self.stack else "idle"

    @property
    def active(self) -> list[str]:
        """The roles the decision under way asks (none once the game is over)."""
        if self.result is not None or not self.stack:
            return []
        return list(self.stack[-1].get("roles", ()))

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> State:
        """A state from JSON; a state of format 1 is read as format 2 (frames.migrate)."""
        if isinstance(data, Mapping) and data.get("format") == FORMAT_1:
            data = migrate(data, FORMAT)
        return super().from_json(data)
