"""The Kingdom of Heaven game state: plain data, cheap to copy, JSON in and out.

Section keys (``§9.1.1``) are those of docs/kingdom-of-heaven/sections.md. Two roles, the
Christian and the Muslim player (§1); the engine runs the Neutral Powers (§9.1). What each role may
see is decided by the views: the strategy deck's order and each hand are hidden (§8.1), save the
cards of a hand its opponent knows (a ransom draw, §13.6); every stack, the discards and the
removed cards are open to both (§10.5.1). Working data is JSON-native.

Units of a Power with the same face are alike, so a group of pieces is counted, not listed:
``{"full": {label: n}, "reduced": {label: n}, "leaders": [ids]}``, labels as the counters pack
writes them ("2-6", §2.3.Units).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NoReturn, Self

from ...engine import rng
from ...engine.errors import BadSave
from ...engine.plain import FLAT, FLAT_VALUES, GENERATOR, LOG, NESTED, SHARED, Kind, PlainState, clone, slots
from ...engine.procedures import Frame

FORMAT = "outremer/kingdom-of-heaven/state/1"

CHRISTIAN, NEUTRAL, MUSLIM = "christian", "neutral", "muslim"  # the orientations (§9.1 L492)
PLAYERS = (CHRISTIAN, MUSLIM)  # the two roles (§1), the Christian first where order matters

__all__ = ["CHRISTIAN", "MUSLIM", "NEUTRAL", "PHASES", "PLAYERS", "State", "copy_groups", "group", "marker"]

SHARED_MARKER = {"templars": "jerusalem", "hospitallers": "jerusalem"}
"""The Orders move with the Kingdom of Jerusalem's political status marker (§9.1.1 L504)."""


PHASES = ("replacement", "mustering", "deal", "initiative", "strategy", "demobilization", "end")
"""The phases of a turn in order (§5.1-§5.7); the deal includes the ransom (§5.3)."""


def marker(power: str) -> str:
    """The political status marker ``power`` follows: the Kingdom's for the Orders, else its own."""
    return SHARED_MARKER.get(power, power)


def group() -> dict[str, Any]:
    """An empty group of one Power's pieces in one place."""
    return {"full": {}, "reduced": {}, "leaders": []}


_GROUP = '{{"full": g["full"].copy(), "reduced": g["reduced"].copy(), "leaders": g["leaders"].copy()}}'
POWER_GROUPS = Kind("power groups", "{{p: " + _GROUP + " for p, g in {}.items()}}", clone, clone)
"""Power -> group (pools, dead): a copy has its own of each group and of its three parts, as
NESTED gives, written out for the group's shape (a search bot copies states thousands of times)."""
PLACE_GROUPS = Kind(
    "place groups",
    "{{at: {{p: " + _GROUP + " for p, g in gs.items()}} for at, gs in {}.items()}}",
    clone,
    clone,
)
"""Place -> Power -> group (field, inside): as POWER_GROUPS, one level deeper."""


copy_groups = POWER_GROUPS.copier()
"""Power -> group, copied as POWER_GROUPS copies it (for the views)."""


# The state's fields in JSON order, each with how deep a copy goes (engine.plain).
FIELDS = (
    ("rng", GENERATOR),
    ("barrier", SHARED),
    ("scenario", SHARED),
    ("options", SHARED),
    ("turn", SHARED),
    ("phase", SHARED),
    ("first", SHARED),
    ("political", FLAT),
    ("rates", FLAT),
    ("rp", FLAT),
    ("rebuilds", FLAT),
    ("owners", FLAT),
    ("field", PLACE_GROUPS),
    ("inside", PLACE_GROUPS),
    ("pools", POWER_GROUPS),
    ("dead", POWER_GROUPS),
    ("prisoners", FLAT_VALUES),
    ("castles", FLAT_VALUES),
    ("cities", FLAT),
    ("sieges", FLAT_VALUES),
    ("failed_calls", FLAT),
    ("calls", NESTED),
    ("vp", FLAT),
    ("advantage", SHARED),
    ("passage", SHARED),
    ("diplomacy", NESTED),
    ("deck", FLAT),
    ("hands", FLAT_VALUES),
    ("known", FLAT_VALUES),
    ("discard", FLAT),
    ("removed", FLAT),
    ("reshuffle", SHARED),
    ("lasting", FLAT),
    ("wintering", FLAT),
    ("crusade", SHARED),
    ("stack", NESTED),
    ("log", LOG),
    ("result", SHARED),
    ("pack", SHARED),
)


class State(PlainState, fields=FIELDS, json_format=FORMAT, title="Kingdom of Heaven"):
    """The whole game; ``copy``, ``to_json`` and ``from_json`` come from ``FIELDS``."""

    __slots__ = slots(FIELDS)

    rng: rng.Value  # the random generator (engine.rng)
    barrier: int  # bumped by every shuffle and draw: undo stops there
    scenario: str  # the scenario's letter, A to H or J (scenarios pack)
    options: dict[str, bool]  # the optional rules chosen at set-up (setup.OPTIONS), never changed
    turn: int  # the Game Turn marker, 1 to the scenario's turns (§5.7)
    phase: str  # the phase of the turn under way (PHASES)
    first: str | None  # the player taking the first action round this turn (§5.4), None before
    political: dict[str, str]  # status marker -> christian, neutral or muslim (§9.1, §9.1.1; marker())
    rates: dict[str, str]  # power -> replacement rate, "0", "2", "1/2", "1/3" (§6.1), events may change
    rp: dict[str, int]  # power -> RP left to spend in the replacement phase; never kept (§6.1 L347)
    rebuilds: dict[str, int]  # dead leader -> the one RP spent on him on an earlier turn (§6.1 L339)
    owners: dict[str, str | None]  # province or box -> owning Power, None: no Power in play (§3.Control)
    field: dict[str, dict[str, dict[str, Any]]]  # space or box -> power -> group outside (§17.2)
    inside: dict[str, dict[str, dict[str, Any]]]  # space -> power -> group inside its stronghold
    pools: dict[str, dict[str, Any]]  # power -> group in the force pool of its controller (§3.Terms)
    dead: dict[str, dict[str, Any]]  # power -> group in the dead pile, leaders killed too (§3.Terms)
    prisoners: dict[str, list[str]]  # player -> enemy leaders held in his force pool (§13.6)
    castles: dict[str, dict[str, Any]]  # space -> {"power", "low"}: crest and side (§17.1.1, §17.10)
    cities: dict[str, str | None]  # walled city -> the Power holding it, None: no Power in play (§17.1.1)
    sieges: dict[str, dict[str, Any]]  # besieged space -> {"besieger", "rf", "blockade"} (§17.4, §17.6)
    failed_calls: dict[str, int]  # player -> failed Calls for Surrender since his last assault (§17.5.1)
    calls: list[list[str]]  # [player, space] Calls for Surrender made this turn (§17.5 L1000)
    vp: dict[str, int]  # player -> VP (§20.1)
    advantage: str | None  # the player holding the Diplomatic Advantage marker, None: nobody (§9.3)
    passage: dict[str, str] | None  # the free passage granted: {"player", "power"} (§9.4), else None
    diplomacy: dict[str, list[Any]]  # this turn's "tried" [player, power] and "moved" powers (§9.2)
    deck: list[str]  # the strategy deck, top first: hidden order (§4.3, §8.1)
    hands: dict[str, list[str]]  # player -> his cards: hidden from the other (§8.1)
    known: dict[str, list[str]]  # player -> cards of his hand his opponent has seen (§13.6 ransom)
    discard: list[str]  # the discard pile, last discarded last: public (§8.5)
    removed: list[str]  # cards out of the game, Remove If Played: public (§8.4.1)
    reshuffle: bool  # a card ordered deck and discards shuffled together at the turn's end (§8.5)
    lasting: list[str]  # cards whose events hold for the rest of the turn
    wintering: list[str]  # leaders whose forces a Winter Campaign keeps in the field this turn (§16.1 L927)
    crusade: str | None  # "scheduled", "arrived" or "cancelled" (§19.1, §19.2); None: none scheduled
    stack: list[Frame]  # the procedures under way, innermost last (engine.procedures)
    log: list[list[Any]]  # [key, audience, text]; audience None for both, else a list of players
    result: dict[str, Any] | None  # winner and how once the game is over (§20.2)
    pack: str | None  # the folder of the data packs played with; None: the shipped ones

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Self:
        """A state read from ``data``; BadSave names the field and what is wrong with its shape
        (common.load_state checks it against the data packs too)."""
        state = super().from_json(data)
        try:
            _check(state)
        except (TypeError, ValueError, KeyError, AttributeError) as e:
            raise BadSave(f"Kingdom of Heaven state is malformed: {e}") from e
        return state

    def say(self, key: str, text: str, audience: list[str] | None = None) -> None:
        """Write a log entry citing ``key`` for both players, or for those in ``audience``."""
        self.log.append([key, audience, text])

    def orientation(self, power: str) -> str:
        """``power``'s political status: christian, neutral or muslim (§9.1, §9.1.1)."""
        return self.political[marker(power)]


def _check(state: State) -> None:
    """BadSave unless every field of ``state`` has the shape the rules expect."""
    if not isinstance(state.turn, int) or state.turn < 1:
        _bad("turn", f"{state.turn!r} is not a turn")
    if state.phase not in PHASES:
        _bad("phase", f"{state.phase!r} is not one of {', '.join(PHASES)}")
    for name in ("vp", "failed_calls", "hands", "known", "prisoners"):
        if set(getattr(state, name)) != set(PLAYERS):
            _bad(name, "must hold the Christian and the Muslim player, no one else")
    for name in ("vp", "failed_calls"):
        if not all(type(v) is int for v in getattr(state, name).values()):
            _bad(name, "holds a value that is not a whole number")
    for who in (state.first, state.advantage):
        if who is not None and who not in PLAYERS:
            _bad("first/advantage", f"{who!r} is not a player")
    sides = {CHRISTIAN, NEUTRAL, MUSLIM}
    for m, side in state.political.items():
        if side not in sides:
            _bad("political", f"{m} stands on {side!r}, not one of {', '.join(sorted(sides))}")
    held = cards(state)
    twice = sorted({c for c in held if held.count(c) > 1})
    if twice:
        _bad("cards", f"card {twice[0]} is in two places at once")
    for player, seen in state.known.items():
        if not set(seen) <= set(state.hands[player]):
            _bad("known", f"names a card the {player} player does not hold")
    for rec, power, g in groups(state):
        if marker(power) not in state.political:
            _bad(rec, "a Power not in play")
        if not isinstance(g, dict) or set(g) != {"full", "reduced", "leaders"}:
            _bad(rec, "a group is {full, reduced, leaders}")
        for face in ("full", "reduced"):
            for label, n in g[face].items():
                if type(n) is not int or n < 0:
                    _bad(rec, f"{n!r} {face} {label!r} is not a count")


def cards(state: State) -> list[str]:
    """Every card of the game, wherever it is: deck, hands, discards, removed."""
    return [*state.deck, *state.discard, *state.removed, *(c for h in state.hands.values() for c in h)]


def groups(state: State) -> list[tuple[str, str, Any]]:
    """Every group of pieces as (where, Power, group): on the map, inside, pooled and dead."""
    found = [(f"field {at} {p}", p, g) for at, gs in state.field.items() for p, g in gs.items()]
    found += [(f"inside {at} {p}", p, g) for at, gs in state.inside.items() for p, g in gs.items()]
    found += [(f"pools {p}", p, g) for p, g in state.pools.items()]
    found += [(f"dead {p}", p, g) for p, g in state.dead.items()]
    return found


def _bad(field: str, problem: str) -> NoReturn:
    raise BadSave(f"Kingdom of Heaven state, {field}: {problem}")
