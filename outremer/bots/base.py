"""The interface every bot implements.

A bot may use only ``game.view(state, role)``, ``game.legal_actions(state, role)``,
``game.describe_action`` and other public information (the title's rules and data). It must never
read the hidden parts of ``state`` (the opponent's hand or face-down blocks, the deck order, the
random generator): a bot that peeks is cheating, and the same bot must later run in a server where
it receives only its role's view.

The interface itself is part of the contract (:class:`~outremer.engine.game.Bot`), since a title
offers its own bots through ``Game.bots``; it is named here for the bots' sake.
"""

from __future__ import annotations

from ..engine.game import Bot, BotFactory

__all__ = ["Bot", "BotFactory"]
