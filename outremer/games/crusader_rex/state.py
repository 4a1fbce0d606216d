"""The Crusader Rex game state: plain data, cheap to copy, JSON in and out.

The format is documented in ``docs/crusader-rex/state.md``; a position can be written by hand
from it. Working data of a phase (``mv``, ``fight``, ``work``) is JSON-native: dicts with string
keys, lists, strings, integers, booleans and None; never sets or tuples.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...engine import rng
from ...engine.plain import clone, fields_from_json, fields_to_json
from ...engine.rng import KEYED, Value

FORMAT = "outremer/crusader-rex/state/1"

# Fields in to_json order. Sets are stored as sorted lists.
_SET_FIELDS = ("castle", "revealed")
_PLAIN_FIELDS = (
    "rng",
    "barrier",
    "ply",
    "scenario",
    "options",
    "year",
    "turn",
    "phase",
    "active",
    "p1",
    "loc",
    "steps",
    "hands",
    "played",
    "last_card",
    "mv",
    "attacks",
    "fight",
    "work",
    "flags",
    "log",
    "result",
)


SIDES = ("Franks", "Saracens")


def new_flags() -> dict[str, Any]:
    """The per-turn flags, all clear (a new game turn, 4.1)."""
    return {"cancelled": False, "guide": None, "jihad": None, "winter_campaign": None, "events": {}}


class State:
    """Everything about one Crusader Rex game at one moment."""

    __slots__ = _PLAIN_FIELDS + _SET_FIELDS

    rng: Value  # the random generator (engine.rng)
    barrier: int  # bumped on every die roll, shuffle, draw and reveal (undo stops there)
    ply: int  # actions taken so far
    scenario: str
    options: dict[str, bool]
    year: int  # 1187..1192
    turn: int  # game turn in the year, 1..6; 6 is the Winter Turn (8.1)
    phase: str  # the decision point now (see rules.PHASES), "over" at the end
    active: list[str]  # roles that must act now
    p1: str | None  # Player 1 this game turn (4.1)
    loc: dict[str, str]  # block -> town, staging box, "pool", "aside", "dead" or "Masyaf"
    steps: dict[str, int]  # block -> current strength (2.11)
    castle: set[str]  # blocks inside a castle (6.1, 6.5)
    revealed: set[str]  # blocks standing face up to the enemy (6.51, 7.21)
    hands: dict[str, list[str]]  # side -> card ids (4.0)
    played: dict[str, str | None]  # side -> card chosen face down this turn (4.1)
    last_card: dict[str, str | None]  # side -> card played in the previous turn of this year
    mv: dict[str, Any] | None  # the move phase under way (5.x)
    attacks: dict[str, dict[str, Any]]  # town -> who attacked there this turn and by which roads (6.4)
    fight: dict[str, Any] | None  # the battle being fought (6.x)
    work: dict[str, Any] | None  # working data of other phases (deployment, events, draws, winter)
    flags: dict[str, Any]  # this game turn: cancelled, guide, jihad, winter campaign (4.2, cards)
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
        s.phase = "idle"
        s.active = []
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

    def copy(self) -> State:
        new = State.__new__(State)
        new.rng = self.rng
        new.barrier = self.barrier
        new.ply = self.ply
        new.scenario = self.scenario
        new.options = self.options  # never changed after setup
        new.year = self.year
        new.turn = self.turn
        new.phase = self.phase
        new.active = list(self.active)
        new.p1 = self.p1
        new.loc = dict(self.loc)
        new.steps = dict(self.steps)
        new.castle = set(self.castle)
        new.revealed = set(self.revealed)
        new.hands = {k: list(v) for k, v in self.hands.items()}
        new.played = dict(self.played)
        new.last_card = dict(self.last_card)
        new.mv = clone(self.mv)
        new.attacks = clone(self.attacks)
        new.fight = clone(self.fight)
        new.work = clone(self.work)
        new.flags = clone(self.flags)
        new.log = list(self.log)  # entries are never changed once written
        new.result = self.result
        return new

    def to_json(self) -> dict[str, Any]:
        return fields_to_json(self, FORMAT, _PLAIN_FIELDS, _SET_FIELDS)

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> State:
        return fields_from_json(cls, data, FORMAT, _PLAIN_FIELDS, _SET_FIELDS, "Crusader Rex")
