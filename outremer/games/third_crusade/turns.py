"""Turns in initiative order until every player has passed: the frame the Planning and Command
phases share (``Round.Initiative``, ``Planning.Pass``, ``Command.Pass``).

A frame holds ``at`` (the initiative position of the turn under way, -1 before the first),
``passed`` (the Armies that have passed, in order) and ``roles`` (the Army asked now). A pass is
final for the phase and covers both positions of the lone player of 3 (R22); a player who has
passed is skipped.
"""

from __future__ import annotations

from ...engine.procedures import Frame
from .common import next_position
from .state import NAMES, State


def advance(state: State, frame: Frame) -> bool:
    """Ask the next player in initiative order who has not passed; False once all have passed."""
    passed = frame.setdefault("passed", [])
    at = next_position(state, frame.get("at", -1), lambda army: army not in passed)
    if at is None:
        return False
    frame["at"] = at
    frame["roles"] = [state.initiative[at]]
    return True


def done(frame: Frame) -> None:
    """The turn under way is over: the next is asked when the frame runs again."""
    frame["roles"] = []


def pass_turn(state: State, frame: Frame, role: str, key: str) -> None:
    """``role`` passes for the rest of the phase (``Planning.Pass``, ``Command.Pass``)."""
    frame["passed"].append(role)
    done(frame)
    state.say(key, f"The {NAMES[role]} passes for the rest of the phase.")
