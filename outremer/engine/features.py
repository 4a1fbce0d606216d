"""Numeric observations for learning environments (:meth:`Game.observe`): a builder of feature
vectors that titles share."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any


class Features:
    """A feature vector being written for a learning environment (Game.observe): every method
    appends numbers in [0, 1]."""

    def __init__(self) -> None:
        self.values: list[float] = []

    def flag(self, on: Any) -> None:
        self.values.append(1.0 if on else 0.0)

    def share(self, count: float, most: float) -> None:
        """``count`` out of at most ``most``, capped at 1."""
        self.values.append(min(count / most, 1.0))

    def one_hot(self, value: Any, choices: Sequence[Any]) -> None:
        """One slot per choice, 1 for ``value``; all 0 when ``value`` is None."""
        slots = [0.0] * len(choices)
        if value is not None:
            slots[choices.index(value)] = 1.0
        self.values += slots

    def many_hot(self, values: Iterable[Any], choices: Mapping[Any, int]) -> None:
        """One slot per choice, 1 for each of ``values``."""
        slots = [0.0] * len(choices)
        for v in values:
            slots[choices[v]] = 1.0
        self.values += slots
