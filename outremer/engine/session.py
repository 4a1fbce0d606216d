"""A game being played interactively: its record, its current state, and undo.

Undo rule (DESIGN.md): a role may take back its own most recent actions, one at a time. Undo stops
at an action

- taken by another role,
- across which :meth:`Game.barrier` changed (a die roll, a reveal, a shuffle), or
- after which the role was no longer among the active roles (a change of player).

Nothing before such an action can ever be undone, so the session keeps snapshots (state copies)
only for the actions since the last one of them; undo is then a constant-time swap.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .errors import BadSave, IllegalAction, brief
from .game import Action, Game, Outcome, Role
from .record import Record, new_state


def undoable(game: Game[Any], role: Role, before: Any, after: Any) -> bool:
    """Whether ``role``'s action that led from ``before`` to ``after`` may later be taken back:
    :meth:`Game.barrier` did not change across it and ``role`` is still active after it."""
    return game.barrier(before) == game.barrier(after) and role in game.active_roles(after)


@dataclass
class _Step:
    role: Role
    before: Any  # the state right before the action


class Session:
    """A game in play: ``game`` (the title), ``record`` (setup + actions), ``state`` (current)."""

    def __init__(self, game: Game[Any], record: Record, state: Any) -> None:
        self.game = game
        self.record = record
        self.state = state
        self._undo: list[_Step] = []

    @property
    def roles(self) -> tuple[Role, ...]:
        """The roles of this game (they may depend on its scenario and options)."""
        return self.game.roles_for(self.record.scenario, self.record.options)

    # -- starting --------------------------------------------------------------------------------
    @classmethod
    def new(
        cls, game: Game[Any], seed: int, scenario: str | None = None, options: Mapping[str, Any] | None = None
    ) -> Session:
        """A new game; raises IllegalAction on an unknown scenario or option."""
        scenario, chosen = game.check_setup(scenario, options)
        state = game.setup(seed, scenario, chosen)
        return cls(game, Record(game.slug, seed, scenario, chosen, []), state)

    @classmethod
    def from_record(cls, game: Game[Any], record: Record) -> Session:
        """The session after replaying ``record`` (checked); raises BadSave on a bad record.

        Undo works afterwards as if the actions had just been played.
        """
        session = cls(game, Record(record.game, record.seed, record.scenario, dict(record.options)), None)
        session.state = new_state(game, record)
        for i, (role, action) in enumerate(record.actions, start=1):
            try:
                session.act(role, action)
            except IllegalAction as exc:
                raise BadSave(f"action {i} ({role} {brief(list(action))}) is illegal: {exc}") from exc
        return session

    # -- playing ---------------------------------------------------------------------------------
    def active_roles(self) -> tuple[Role, ...]:
        """The roles that must act now."""
        return self.game.active_roles(self.state)

    def legal_actions(self, role: Role) -> list[Action]:
        """What ``role`` may do now."""
        return self.game.legal_actions(self.state, role)

    def view(self, role: Role | None) -> dict[str, Any]:
        """What ``role`` sees now (None: an observer)."""
        return self.game.view(self.state, role)

    def outcome(self) -> Outcome | None:
        """None while the game goes on."""
        return self.game.outcome(self.state)

    def act(self, role: Role, action: Any) -> Action:
        """Check and take ``action`` for ``role``; on IllegalAction nothing changes."""
        game = self.game
        before = self.state
        after = game.copy(before)
        act = game.apply_in_place(after, role, action)
        self.state = after
        self.record.actions.append((role, act))
        if undoable(game, role, before, after):
            self._undo.append(_Step(role, before))
        else:
            self._undo.clear()
        return act

    # -- taking back -----------------------------------------------------------------------------
    def can_undo(self, role: Role) -> bool:
        """Whether ``role`` may take back the most recent action now."""
        return bool(self._undo) and self._undo[-1].role == role

    def why_not_undo(self, role: Role) -> str:
        """Words for why ``role`` may not undo now ("" if it may)."""
        if self.can_undo(role):
            return ""
        if not self.record.actions:
            return "nothing has been done yet"
        last_role = self.record.actions[-1][0]
        if last_role != role:
            return f"the last action was {last_role}'s"
        return "the last action drew randomness, revealed something, or passed the turn"

    def undo(self, role: Role) -> Action:
        """Take back ``role``'s most recent action and return it; IllegalAction if not allowed."""
        if not self.can_undo(role):
            raise IllegalAction(f"{role} cannot undo: {self.why_not_undo(role)}")
        step = self._undo.pop()
        self.state = step.before
        _, action = self.record.actions.pop()
        return action
