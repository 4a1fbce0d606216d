"""Playing actions on built positions in the tests of the sequence of play and the four actions:
only legal actions of a role that is asked (``fights.act``), and what the state then shows."""

from __future__ import annotations

from typing import Any

from outremer.games.four_powers.state import State

from .fights import act

__all__ = ["act", "said", "top"]


def top(state: State) -> dict[str, Any]:
    """The innermost procedure under way."""
    return state.stack[-1]


def said(state: State, text: str) -> bool:
    """Whether some public log entry contains ``text``."""
    return any(text in entry[2] for entry in state.log if entry[1] is None)
