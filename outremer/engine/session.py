"""A game being played interactively: its record, its current state, and undo (the rule and its
explanation are in engine/undo.py; docs/architecture.md#undo)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .errors import BadSave, IllegalAction, brief
from .game import Action, Game, Outcome, Role
from .record import Record, new_state
from .undo import Undo


class Session:
    """A game in play: ``game`` (the title), ``record`` (setup + actions), ``state`` (current)."""

    def __init__(self, game: Game[Any], record: Record, state: Any) -> None:
        self.game = game
        self.record = record
        self.state = state
        self._undo = Undo()

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
        self._undo.taken(game, role, before, after)
        return act

    # -- taking back -----------------------------------------------------------------------------
    def can_undo(self, role: Role) -> bool:
        """Whether ``role`` may take back the most recent action now."""
        return self._undo.can_undo(role)

    def why_not_undo(self, role: Role) -> str:
        """Words for why ``role`` may not undo now ("" if it may)."""
        return self._undo.why_not(role, self.record.actions)

    def undo(self, role: Role) -> Action:
        """Take back ``role``'s most recent action and return it; IllegalAction if not allowed."""
        if not self.can_undo(role):
            raise IllegalAction(f"{role} cannot undo: {self.why_not_undo(role)}")
        step = self._undo.pop()
        self.state = step.before
        _, action = self.record.actions.pop()
        return action
