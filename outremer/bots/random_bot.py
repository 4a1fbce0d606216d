"""A bot that picks uniformly among the legal actions."""

from __future__ import annotations

import random
from typing import Any

from ..engine.errors import OutremerError
from ..engine.game import Action, Game, Role


class RandomBot:
    """Uniform among the legal actions, with its own generator (never the game's)."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, game: Game[Any], state: Any, role: Role) -> Action:
        """A legal action of ``role`` chosen uniformly at random."""
        legal = game.legal_actions(state, role)
        if not legal:
            raise OutremerError(f"{role} has no legal action (active: {', '.join(game.active_roles(state))})")
        return legal[self.rng.randrange(len(legal))]
