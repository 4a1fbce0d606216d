"""The First Crusade as numbers, for learning environments (outremer/rl; layout in docs/rl.md).

:func:`action_space` lists every action that can ever be legal in a game set up with some options,
in a fixed order built from the data pack: the pass-like verbs, then each verb over the counters,
leaders, spaces or markers it can name (the gifts of markers only in the team game, 37.0). Some of
them never turn out legal; none is missing (tests/rl/test_env.py checks the legal actions of random
games against it).

:func:`observe` turns the view (views.py; every seat sees the same) into a fixed-length vector of
numbers in [0, 1], plus which seat is looking. It reads nothing but the view, so a face-down Muslim
counter counts only by its contingent in its space (11.0).
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any

from ...engine.features import Features
from .common import BOARD, CHRISTIAN_LEADERS, COUNTERS, MARKERS, SPACES
from .procedures import PROCEDURES
from .state import TEAM_ROLES
from .views import BATTLE_STAGES

Action = tuple[Any, ...]

SPACE_IDS = tuple(SPACES)
CHRISTIANS = tuple(c.id for c in COUNTERS.values() if c.side == "christian")
MUSLIMS = tuple(c.id for c in COUNTERS.values() if c.side == "muslim")
MUSLIM_CONTINGENTS = tuple(sorted({COUNTERS[u].contingent for u in MUSLIMS}))
CHRISTIAN_CONTINGENTS = tuple(sorted({COUNTERS[u].contingent for u in CHRISTIANS}))
BOONS = tuple(m for m, info in MARKERS.items() if info.kind == "boon")
CAPITALS = tuple(BOARD.fortresses("pilgrimage"))
SIDES = ("christian", "muslim")
TURN_STAGES = ("event", "determination", "standard", "special_boons", "special", "reaction", "winter", "end")
BINS = ("pilgrimage", "crusader", "byzantine", "armenian", "seljuk", "fatimid")
MOST_FACTOR = max(c.factor or 0 for c in COUNTERS.values())
MOST_ACTIONS = 6  # the Special Actions index tops out at six (12.2)
MOST_ROUNDS = 6  # a siege attack lasts 1d6 rounds (34.2)
DIE = 6
CROWD = 8  # counters of a kind in one place that fill their slot

PASSES = (("attack",), ("besiege",), ("end",), ("go",), ("stop",))
UNIT_VERBS = ("drop", "embark", "flip", "hit", "leave", "lose", "pick_up", "siege_force", "take")
LEADER_VERBS = ("diplomacy", "kingdom", "pilgrimage", "recruit", "send_home", "strike")
MARCHES = ("march", "leader_march", "sea_move", "leader_sea_move")
SPACE_VERBS = (
    "build_camp",
    "build_castle",
    "build_monastery",
    "camp",
    "move",
    "place",
    "rally",
    "siege_attack",
    "withdraw",
    *MARCHES,
    *(f"supplied_{verb}" for verb in MARCHES),
)
NEGOTIATIONS = ("level", "armenia")
"""What a Negotiations play (scroll) does: lower the Reaction Level or activate Armenia (13.3)."""


@cache
def _action_space(teams: bool) -> tuple[Action, ...]:
    out: list[Action] = list(PASSES)
    out += [(verb, u) for verb in UNIT_VERBS for u in COUNTERS]  # hits fall on Muslim Emirs too
    out += [(verb, u) for verb in LEADER_VERBS for u in CHRISTIAN_LEADERS]
    out += [(verb, s) for verb in SPACE_VERBS for s in SPACE_IDS]
    out += [("eliminate", c, s) for c in CHRISTIAN_CONTINGENTS for s in SPACE_IDS]
    for m in BOONS:
        for symbol in MARKERS[m].symbols:
            if symbol == "scroll":
                out += [("boon", m, symbol, effect) for effect in NEGOTIATIONS]
                continue
            out.append(("boon", m, symbol))
            if symbol == "wagon":
                out += [("boon", m, symbol, s) for s in SPACE_IDS]
    if teams:
        out += [("give", m, role) for m in BOONS for role in TEAM_ROLES]
    return tuple(out)


def action_space(options: Mapping[str, Any]) -> tuple[Action, ...]:
    """Every action that can ever be legal with ``options`` (checked), each once, in a fixed order."""
    return _action_space(bool(options.get("teams")))


SPACE_INDEX = {s: i for i, s in enumerate(SPACE_IDS)}
CHRISTIAN_INDEX = {u: i for i, u in enumerate(CHRISTIANS)}
MUSLIM_INDEX = {u: i for i, u in enumerate(MUSLIMS)}
BOON_INDEX = {m: i for i, m in enumerate(BOONS)}
TURNS = tuple(range(len(BOARD.turns) + 1))  # the last: after the last turn


@cache
def _procedures() -> tuple[str, ...]:
    return tuple(sorted(PROCEDURES.kinds))


def observe(view: Mapping[str, Any], role: str) -> list[float]:
    """The view, seen from seat ``role``, as numbers in [0, 1], always as many (docs/rl.md)."""
    v = Features()
    team = view.get("team")
    v.one_hot(role if team else None, TEAM_ROLES)
    v.one_hot(view["turn_index"], TURNS)
    v.one_hot(None if view["stage"] == "over" else view["stage"], TURN_STAGES)
    v.one_hot(view["procedure"], _procedures())
    v.one_hot(view["reaction"], (1, 2, 3))
    v.share(view["special"], MOST_ACTIONS)
    v.share(view["actions"], MOST_ACTIONS)
    _units(v, view)
    for kind in ("camps", "castles", "monasteries"):
        v.many_hot(view[kind], SPACE_INDEX)
    v.many_hot(view["available"], BOON_INDEX)
    for b in BINS:
        v.share(view["bins"][b], max(1, _bin_size(b)))
    flags = view["flags"]
    for name in ("armenia", "fatimid_jerusalem", "alexios_dead", "infighting"):
        v.flag(flags[name])
    for leader in CHRISTIAN_LEADERS:
        v.one_hot(flags["kingdoms"].get(leader), CAPITALS)
    v.many_hot(flags["sieges"], SPACE_INDEX)
    v.many_hot(flags["massacres"], SPACE_INDEX)
    _battle(v, view["battle"])
    _team(v, team)
    result = view["result"]
    v.flag(result is not None)
    v.flag(result is not None and bool(result["winners"]))
    return v.values


def _bin_size(name: str) -> int:
    if name == "pilgrimage":
        return len(MARKERS)
    return sum(1 for c in COUNTERS.values() if c.contingent == name)


def _units(v: Features, view: Mapping[str, Any]) -> None:
    """Each Christian counter: its space (or eliminated), reduced, its factor now; each Muslim
    counter standing face up: its space, factor; then per space the face-down Muslims by contingent."""
    christians: dict[str, tuple[str, bool, float]] = {}
    muslims: dict[str, tuple[str, float]] = {}
    hidden = [0.0] * (len(SPACE_IDS) * len(MUSLIM_CONTINGENTS))
    for space, units in view["spaces"].items():
        for u in units:
            if u.get("hidden"):
                kind = MUSLIM_CONTINGENTS.index(u["contingent"])
                hidden[SPACE_INDEX[space] * len(MUSLIM_CONTINGENTS) + kind] += 1 / CROWD
            elif u["id"] in CHRISTIAN_INDEX:
                christians[u["id"]] = (space, u["reduced"], (u["factor"] or 0) / MOST_FACTOR)
            else:
                muslims[u["id"]] = (space, (u["factor"] or 0) / MOST_FACTOR)
    eliminated = set(view["eliminated"])
    for u in CHRISTIANS:
        space, reduced, factor = christians.get(u, (None, False, 0.0))
        v.one_hot(space, SPACE_IDS)
        v.flag(u in eliminated)
        v.flag(reduced)
        v.values.append(factor)
    for u in MUSLIMS:
        space, factor = muslims.get(u, (None, 0.0))
        v.one_hot(space, SPACE_IDS)
        v.values.append(factor)
    v.values += [min(h, 1.0) for h in hidden]


def _battle(v: Features, battle: Mapping[str, Any] | None) -> None:
    """The battle under way: where, who attacks, its stage, round and rounds, the Tactical Edge,
    fortress, siege, the Assassin's die; the Christians in it, the Muslims known in it and the
    face-down ones by contingent; the hits to place and on which side."""
    b = battle or {}
    v.flag(battle is not None)
    v.one_hot(b.get("space"), SPACE_IDS)
    v.one_hot(b.get("attacker"), SIDES)
    v.one_hot(b.get("stage"), tuple(BATTLE_STAGES))
    v.share(b.get("round") or 0, MOST_ROUNDS)
    v.share(b.get("rounds") or 0, MOST_ROUNDS)
    v.one_hot(b.get("edge"), SIDES)
    v.flag(b.get("fortress"))
    v.flag(b.get("siege"))
    v.share(b.get("assassin") or 0, DIE)
    units = b.get("units", {})
    v.many_hot((u["id"] for u in units.get("christian", ())), CHRISTIAN_INDEX)
    v.many_hot((u["id"] for u in units.get("muslim", ()) if not u.get("hidden")), MUSLIM_INDEX)
    face_down = [u["contingent"] for u in units.get("muslim", ()) if u.get("hidden")]
    for contingent in MUSLIM_CONTINGENTS:
        v.share(face_down.count(contingent), CROWD)
    v.share(b.get("hits") or 0, CROWD)
    v.one_hot(b.get("hits_on"), SIDES)


def _team(v: Features, team: Mapping[str, Any] | None) -> None:
    """The team game (37.0): whose Action is under way, who has passed, who holds each marker."""
    t = team or {}
    v.one_hot(t.get("action"), TEAM_ROLES)
    v.many_hot(t.get("passed", ()), {r: i for i, r in enumerate(TEAM_ROLES)})
    holders = t.get("holders", {})
    for m in BOONS:
        v.one_hot(holders.get(m), TEAM_ROLES)
