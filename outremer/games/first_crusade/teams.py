"""The team game (37.0, option ``teams``): the Christians split between a Crusader, a Byzantine and
an Armenian player, who play against the game's Muslims together. Rulings T-n:
docs/first-crusade/rulings-teams.md.

37.0 leaves the arrangement to the players; the engine fixes one that any table can agree to:

- three seats, one per contingent (T-1); one person may take several of them (the server's and the
  terminal's seats), which covers the two-player arrangements. Mercenaries belong to the Crusader
  player (they are treated as Crusaders, 32.5).
- At the Standard and Special Actions steps, and when Special Action markers may be played, every
  player who can do something may act: taking an Action with his own Leaders or units, playing or
  giving away one of his markers, or passing (T-2). The first to act takes the Action; the step
  ends when everyone has passed since the last thing done. This is 37.0's negotiation in play.
- Everything inside an Action is decided by the player who took it, and an Action takes only that
  player's units (T-3). Any other choice is made by the player with the most units concerned (T-4).
- A Pilgrimage marker belongs to the player whose choice drew it; only he plays it, and he may give
  it to another player at the Actions steps (37.0: trades; T-5).
- The team wins or loses together by the Victory Points of 6.1 (37.0: a mutual victory); each
  player's score is his contribution, the VP of what his own units hold and of his lost Leaders
  (T-6).

The working data is ``state.flags["team"]``: ``action`` (the player of the Action under way),
``passed`` and ``at`` (who has passed at which step), ``holders`` (marker -> player) and ``lens``
(the player whose choices are being worked out, while they are; read by :func:`common.may_act`
and :func:`pilgrimage.available`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from ...engine.procedures import Action, Frame
from .common import COUNTERS, SPACES, christians_at
from .procedures import PROCEDURES
from .state import PLAYER, TEAM_OWNER, TEAM_ROLES, State

ROLES = TEAM_ROLES
"""The seats of the team game, in the order they are asked when several may act (T-1)."""
CRUSADERS = ROLES[0]
STEPS = ("standard", "special", "special_boons")
"""The turn's stages at which every player may act (T-2)."""
PASSES = (("end",), ("go",))
"""At those stages, ending the step (or going on without markers) is one player's pass."""
GIVE = "give"

Check = Callable[[State], None]


def new() -> dict[str, Any]:
    """The team's working data at the start of the game."""
    return {"action": None, "passed": [], "at": None, "holders": {}, "lens": None}


def playing(state: State) -> bool:
    """Whether this is a team game."""
    return "team" in state.flags


def owner(unit: str) -> str:
    """The player who owns a Christian counter (T-1)."""
    return TEAM_OWNER[COUNTERS[unit].contingent]


def lens(state: State) -> str | None:
    """The player whose choices are being worked out now, or None (any player's)."""
    team = state.flags.get("team")
    return None if team is None else team["lens"]


def holders(state: State) -> dict[str, str]:
    return dict(state.flags["team"]["holders"])


@contextmanager
def looking_as(state: State, role: str) -> Iterator[None]:
    """Work out choices (or carry one out) as ``role`` sees them: his units, his markers."""
    team = state.flags["team"]
    before = team["lens"]
    team["lens"] = role
    try:
        yield
    finally:
        team["lens"] = before


# -- who decides -----------------------------------------------------------------------------------
def _side_legal(state: State) -> list[Action]:
    """The Christian side's choices in the procedure under way, as the lens lets them be seen."""
    return PROCEDURES.legal(state, PLAYER)


def _at_step(frame: Frame) -> bool:
    return frame["kind"] == "turn" and frame.get("stage") in STEPS


def _step_key(state: State, frame: Frame) -> list[Any]:
    return [state.turn, frame["stage"]]


def _passed(state: State, frame: Frame) -> list[str]:
    team = state.flags["team"]
    return list(team["passed"]) if team["at"] == _step_key(state, frame) else []


def _in_action(state: State) -> bool:
    return any(f["kind"] == "action" for f in state.stack)


def _own_legal(state: State, role: str) -> list[Action]:
    with looking_as(state, role):
        return _side_legal(state)


def _wanting(state: State, frame: Frame) -> list[str]:
    """The players who have not passed at this step and could do more than pass."""
    passed = _passed(state, frame)
    return [
        r
        for r in ROLES
        if r not in passed and any(a not in PASSES for a in _own_legal(state, r) + gifts(state, r))
    ]


def _concerned(state: State, frame: Frame) -> str:
    """T-4: the player with the most units among those the choice names (ties in seat order), else
    the owner of the frame's unit, else the one with most units in the frame's space."""
    counts: Counter[str] = Counter()
    for action in _side_legal(state):
        for part in action[1:]:
            if isinstance(part, str) and part in COUNTERS and COUNTERS[part].side == "christian":
                counts[owner(part)] += 1
    unit = frame.get("unit")
    if not counts and isinstance(unit, str) and unit in COUNTERS and COUNTERS[unit].side == "christian":
        return owner(unit)
    space = frame.get("space")
    if not counts and isinstance(space, str) and space in SPACES:
        counts.update(owner(u) for u in christians_at(state, space))
    if not counts:
        return CRUSADERS
    most = max(counts.values())
    return next(r for r in ROLES if counts[r] == most)


def deciders(state: State) -> tuple[str, ...]:
    """The players who must (or may) decide now (T-2 to T-4); none once the game is over."""
    frame = PROCEDURES.top(state)
    if frame is None:
        return ()
    if _at_step(frame):
        return tuple(_wanting(state, frame))
    if _in_action(state) and state.flags["team"]["action"] is not None:
        return (state.flags["team"]["action"],)
    return (_concerned(state, frame),)


def gifts(state: State, role: str) -> list[Action]:
    """T-5: ``("give", marker, player)`` for each of ``role``'s markers, at the Actions steps."""
    frame = PROCEDURES.top(state)
    if frame is None or not _at_step(frame):
        return []
    mine = [m for m, r in state.flags["team"]["holders"].items() if r == role]
    return [(GIVE, m, other) for m in sorted(mine) for other in ROLES if other != role]


def legal(state: State, role: str) -> list[Action]:
    """``role``'s choices now: those of the procedure under way as he sees them, his gifts."""
    if role not in deciders(state):
        return []
    own = _own_legal(state, role)
    if not own:  # a choice that none of the decider's own units or markers can make (T-4)
        own = _side_legal(state)
    return own + gifts(state, role)


# -- carrying out ----------------------------------------------------------------------------------
def _as_the_action_player(check: Check) -> Check:
    """``check`` run before every step of a procedure, which also sets the lens to the player of the
    Action under way, if any: what runs inside an Action runs as his (T-3), the rest as no one's."""

    def checked(state: State) -> None:
        team = state.flags["team"]
        team["lens"] = team["action"] if _in_action(state) else None
        check(state)

    return checked


def perform(state: State, role: str, action: Action, check: Check) -> None:
    """Carry out ``role``'s legal ``action`` and run on until someone must decide."""
    frame = PROCEDURES.top(state)
    if frame is None:
        raise RuntimeError("the game is over")
    team = state.flags["team"]
    check = _as_the_action_player(check)
    if _at_step(frame):
        if action in PASSES:
            team["passed"] = [*_passed(state, frame), role]
            team["at"] = _step_key(state, frame)
        else:
            team["passed"], team["at"] = [], None
            if action[0] == GIVE:
                team["holders"][action[1]] = action[2]
            else:
                team["action"] = role
                with looking_as(state, role):
                    PROCEDURES.perform(state, PLAYER, action, check)
    else:
        with looking_as(state, role):
            PROCEDURES.perform(state, PLAYER, action, check)
    _claim_markers(state, role)
    run_on(state, check)
    team["lens"] = None


def run_on(state: State, check: Check) -> None:
    """End a step everyone has passed at (or at which nobody can do more than pass), as many times
    as that happens; then every player has something to decide, or the game is over."""
    while True:
        frame = PROCEDURES.top(state)
        if frame is None or not _at_step(frame) or _wanting(state, frame):
            return
        ending = next(a for a in PASSES if a in _side_legal(state))
        state.flags["team"]["passed"], state.flags["team"]["at"] = [], None
        PROCEDURES.perform(state, PLAYER, ending, check)


def _claim_markers(state: State, role: str) -> None:
    """T-5: a marker drawn is the drawing player's; a marker back in the Bin is no one's."""
    held = state.flags["team"]["holders"]
    for marker, where in state.markers.items():
        if where == "available":
            held.setdefault(marker, role)
        else:
            held.pop(marker, None)


# -- the end ---------------------------------------------------------------------------------------
def credit(state: State, token: str | None) -> str:
    """The player a VP item of 6.1 counts for (T-6): a counter's owner; for a space, the player with
    the most units there (ties in seat order); otherwise (Castles and Monasteries, built by Crusader
    Leaders, 33.2-33.3; Kingdoms, 36.0) the Crusaders."""
    if token is None:
        return CRUSADERS
    if token in COUNTERS:
        return owner(token)
    if token in SPACES:
        counts = Counter(owner(u) for u in christians_at(state, token))
        if counts:
            most = max(counts.values())
            return next(r for r in ROLES if counts[r] == most)
    return CRUSADERS


def view(state: State) -> dict[str, Any]:
    """What every player sees of the team: the seats, whose Action is under way, who has passed,
    who holds each marker."""
    team = state.flags["team"]
    frame = PROCEDURES.top(state)
    return {
        "roles": list(ROLES),
        "action": team["action"] if _in_action(state) else None,
        "passed": _passed(state, frame) if frame is not None and _at_step(frame) else [],
        "holders": dict(team["holders"]),
    }


def check_json(data: Any) -> None:
    """Raise ValueError unless ``data`` is well-formed team working data."""
    if not isinstance(data, dict) or set(data) != set(new()):
        raise ValueError("the team's working data has the wrong fields")
    if data["action"] not in (None, *ROLES) or data["lens"] is not None:
        raise ValueError("the team's working data names an unknown player")
    if not isinstance(data["passed"], list) or any(r not in ROLES for r in data["passed"]):
        raise ValueError("the team's passes name an unknown player")
    holders = data["holders"]
    if not isinstance(holders, dict) or any(r not in ROLES for r in holders.values()):
        raise ValueError("the team's markers name an unknown player")
