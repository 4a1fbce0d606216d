"""Bots: programs that choose actions for a role, seeing only what that role may see."""

from .base import Bot, BotFactory
from .random_bot import RandomBot
from .registry import UnknownBot, bot_names, make_bot

__all__ = ["Bot", "BotFactory", "RandomBot", "UnknownBot", "bot_names", "make_bot"]
