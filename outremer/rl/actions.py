"""A title's action space numbered: every action that can ever be legal <-> an integer."""

from __future__ import annotations

import operator
from collections.abc import Iterable, Sequence
from typing import Any

import numpy as np

from ..engine.errors import IllegalAction, OutremerError
from ..engine.game import Action


class ActionNumbers:
    """The actions of :meth:`Game.action_space`, numbered 0..n-1 in their order."""

    def __init__(self, slug: str, actions: Sequence[Action]) -> None:
        self.slug = slug
        self.actions = tuple(actions)
        self.number_of = {a: i for i, a in enumerate(self.actions)}
        if not self.actions:
            raise OutremerError(f"{slug}: the action space is empty")
        if len(self.number_of) != len(self.actions):
            twice = sorted({a for a in self.actions if self.actions.count(a) > 1}, key=repr)
            raise OutremerError(f"{slug}: the action space lists {twice[0]!r} more than once")

    def __len__(self) -> int:
        return len(self.actions)

    def number(self, action: Action) -> int:
        """The number of ``action``; an action missing from the space is the title's mistake."""
        try:
            return self.number_of[action]
        except KeyError:
            missing = f"{self.slug}: the legal action {action!r} is missing from its action space"
            raise OutremerError(missing) from None

    def action(self, number: Any) -> Action:
        """The action numbered ``number`` (an int or a NumPy integer); IllegalAction if there is none."""
        try:
            i = operator.index(number)
        except TypeError:
            raise IllegalAction(f"an action is an integer 0..{len(self) - 1}, not {number!r}") from None
        if not 0 <= i < len(self.actions):
            raise IllegalAction(f"action {i} is outside {self.slug}'s actions 0..{len(self) - 1}")
        return self.actions[i]

    def mask(self, legal: Iterable[Action]) -> np.ndarray:
        """1 for each action of ``legal``, 0 elsewhere (int8, as PettingZoo's classic games)."""
        out = np.zeros(len(self.actions), dtype=np.int8)
        for a in legal:
            out[self.number(a)] = 1
        return out
