"""The interface every bot implements.

A bot may use only ``game.view(state, role)``, ``game.legal_actions(state, role)``,
``game.describe_action`` and other public information (the title's rules and data). It must never
read the hidden parts of ``state`` (the opponent's hand or face-down blocks, the deck order, the
random generator): a bot that peeks is cheating, and the same bot must later run in a server where
it receives only its role's view.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol, runtime_checkable

from ..engine.game import Action, Game, Role


@runtime_checkable
class Bot(Protocol):
    """Chooses one of the legal actions of ``role`` in ``state``."""

    name: str

    def choose(self, game: Game[Any], state: Any, role: Role) -> Action:
        """One action from ``game.legal_actions(state, role)``.

        Use only the role's view and legal actions (see the module docstring). Raise an error if
        the role has no legal action.
        """
        ...


BotFactory = Callable[[Game[Any], int], Bot]
"""Makes a bot for a title from a seed: ``factory(game, seed) -> Bot``."""
