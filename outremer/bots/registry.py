"""Bots by name: ``random`` for every title, plus the bots a title offers itself.

A title offers bots through an optional method ``bots() -> dict[str, factory]`` on its Game, each
factory called as ``factory(game, seed)``; Crusader Rex, for instance, offers ``"scripted"``.
"""

from __future__ import annotations

from typing import Any

from ..engine.errors import OutremerError
from ..engine.game import Game
from .base import Bot, BotFactory
from .random_bot import RandomBot


class UnknownBot(OutremerError, LookupError):
    """A bot name that neither the engine nor the title knows."""


def _random(game: Game[Any], seed: int) -> Bot:
    return RandomBot(seed)


BUILTIN: dict[str, BotFactory] = {"random": _random}


def title_bots(game: Game[Any]) -> dict[str, BotFactory]:
    """The bots ``game`` offers itself (empty if none)."""
    offer = getattr(game, "bots", None)
    if offer is None:
        return {}
    found = offer() if callable(offer) else offer
    return dict(found or {})


def bot_names(game: Game[Any]) -> list[str]:
    """Every bot name usable with ``game``."""
    return sorted(set(BUILTIN) | set(title_bots(game)))


def default_bot(game: Game[Any]) -> str:
    """The title's ``scripted`` bot if it has one, else ``random``."""
    return "scripted" if "scripted" in title_bots(game) else "random"


def make_bot(name: str, game: Game[Any], seed: int) -> Bot:
    """A new bot called ``name`` for ``game``, seeded with ``seed``; UnknownBot if there is none."""
    offered = title_bots(game)
    factory = offered.get(name) or BUILTIN.get(name)
    if factory is None:
        raise UnknownBot(f"no bot {name!r} for {game.slug}; available: {', '.join(bot_names(game))}")
    return factory(game, seed)
