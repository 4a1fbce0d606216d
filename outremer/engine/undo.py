"""The undo rule, and why an undo is refused, written once (docs/architecture.md#undo).

A seat may take back its own most recent actions, one at a time, if a person took them (a bot's
action is never taken back). Undo stops at an action

- taken by another role,
- across which :meth:`Game.barrier` changed (a die roll, a reveal, a shuffle, a random draw), or
- after which the role was no longer among the active roles (a change of player, or a committed
  simultaneous choice such as a face-down card).

Nothing before such an action can ever be undone, so :class:`Undo` keeps the state before each
action since the last such one only; taking one back is then a constant-time swap. A game played
in one process (engine/session.py) and a game on the server (server/store.py) each keep one.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .game import Action, Game, Role


def undoable(game: Game[Any], role: Role, before: Any, after: Any) -> bool:
    """Whether ``role``'s action that led from ``before`` to ``after`` may later be taken back:
    :meth:`Game.barrier` did not change across it and ``role`` is still active after it."""
    return game.barrier(before) == game.barrier(after) and role in game.active_roles(after)


@dataclass
class Step:
    """An action that may still be taken back: its role, the state right before it, and whether a
    person took it."""

    role: Role
    before: Any
    by_person: bool = True


class Undo:
    """The actions of one game that may still be taken back, the most recent last."""

    def __init__(self) -> None:
        self.steps: list[Step] = []

    def taken(self, game: Game[Any], role: Role, before: Any, after: Any, *, by_person: bool = True) -> None:
        """Note ``role``'s action from ``before`` to ``after``: one more step to take back, or, where
        it may never be taken back, none at all from now on."""
        if undoable(game, role, before, after):
            self.steps.append(Step(role, before, by_person))
        else:
            self.steps.clear()

    def can_undo(self, role: Role) -> bool:
        """Whether ``role`` may take back the game's most recent action now."""
        return bool(self.steps) and self.steps[-1].role == role and self.steps[-1].by_person

    def why_not(self, role: Role, actions: Sequence[tuple[Role, Action]]) -> str:
        """Words for why ``role`` may not undo now ("" if it may), given the game's ``actions`` so
        far (its record's)."""
        if self.can_undo(role):
            return ""
        if not actions:
            return "nothing has been done yet"
        last_role = actions[-1][0]
        if last_role != role:
            # No possessive built on a role's name: "Saracens's" reads wrong (issue 15).
            return f"the last action was taken by {last_role}"
        if self.steps and self.steps[-1].role == role:
            return "the last action was not taken by a person at this seat"
        return "the last action drew randomness, revealed something, or passed the turn"

    def pop(self) -> Step:
        """The most recent step, taken off (the caller checked :meth:`can_undo`)."""
        return self.steps.pop()
