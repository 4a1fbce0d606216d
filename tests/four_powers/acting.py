"""Playing actions on built positions in the tests of the sequence of play and the four actions:
only legal actions, each checked against the legal list before it is carried out."""

from __future__ import annotations

from typing import Any

from outremer.games.four_powers.procedures import PROCEDURES
from outremer.games.four_powers.state import State


def act(state: State, role: str, *action: Any) -> None:
    """``role`` takes ``action``, which must be among its legal actions now."""
    legal = PROCEDURES.legal(state, role)
    assert action in legal, f"{action} is not legal for {role}: {legal}"
    PROCEDURES.perform(state, role, action)


def top(state: State) -> dict[str, Any]:
    """The innermost procedure under way."""
    return state.stack[-1]


def said(state: State, text: str) -> bool:
    """Whether some public log entry contains ``text``."""
    return any(text in entry[2] for entry in state.log if entry[1] is None)
