"""Whole matches the bot tests share (outremer/bots/match.py): a title's scripted bot against random
play, for the tests that it is clearly the stronger."""

from __future__ import annotations

from typing import Any

from outremer.bots.match import play_match
from outremer.bots.registry import make_bot
from outremer.engine.game import Game


def win_rate(game: Game[Any], scenario: str, games: int) -> float:
    """The scripted bot's share of the wins over ``games`` matches of ``scenario``, seated in turn in
    each seat against random bots; a shared victory counts 1/k to each of its k winners (the title's
    own rule for a shared win: cite it where the rate is asserted)."""
    roles = game.roles_for(scenario)
    won = 0.0
    for i in range(games):
        seat = roles[i % len(roles)]
        bots = {
            r: make_bot("scripted" if r == seat else "random", game, i * 10 + k) for k, r in enumerate(roles)
        }
        winners = play_match(game, bots, 1000 + i, scenario).state.result["winners"]
        if seat in winners:
            won += 1 / len(winners)
    return won / games
