"""How long bots play without a pause: for every scenario of every installed title, the longest run
of actions one seat takes with no other seat acting between, and the longest game, over games of
the title's scripted bots (the random bot where a title has none). The server stops a bot whose run
or game goes far beyond these (``outremer/server/bots.py``: ``RUN_LIMIT``, ``MAX_STEPS``;
docs/server.md), so these are the figures its limits rest on.

Usage: ``python bench/bot_runs.py [--games N] [--seed K] [--game SLUG ...] [--json]``. Game i of a
scenario is seeded K+i and its seats' bots K+i+j. Prints figures only; nothing is asserted.
"""

from __future__ import annotations

import argparse
import itertools
import json
from typing import Any

from outremer.bots.match import play_match
from outremer.bots.registry import bot_names, make_bot
from outremer.engine.game import Game
from outremer.engine.registry import get_game, titles


def longest_run(actions: list[tuple[str, Any]]) -> int:
    """The most actions one role took in a row."""
    return max((len(list(run)) for _, run in itertools.groupby(role for role, _ in actions)), default=0)


def measure(game: Game[Any], scenario: str, games: int, seed: int) -> dict[str, Any]:
    """The longest run and game over ``games`` games of ``scenario``, and the bot that played them."""
    bot = "scripted" if "scripted" in bot_names(game) else "random"
    roles = game.roles_for(*game.check_setup(scenario, None))
    runs, lengths = [], []
    for i in range(games):
        bots = {role: make_bot(bot, game, seed + i + j) for j, role in enumerate(roles)}
        match = play_match(game, bots, seed + i, scenario)
        runs.append(longest_run(match.record.actions))
        lengths.append(match.steps)
    return {"bot": bot, "seats": len(roles), "longest run": max(runs), "longest game": max(lengths)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3, help="games a scenario")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--game", action="append", default=[], help="a title (repeatable; all by default)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    if args.games < 1:
        parser.error("--games must be at least 1")
    figures: dict[str, dict[str, Any]] = {}
    for slug in args.game or titles():
        game = get_game(slug)
        for scenario in game.scenarios:
            row = measure(game, scenario, args.games, args.seed)
            figures.setdefault(slug, {})[scenario] = row
            if not args.json:
                seats = f"{row['bot']}, {row['seats']} seats"
                longest = f"longest run {row['longest run']}, longest game {row['longest game']}"
                print(f"{slug} {scenario} ({seats}): {longest}", flush=True)
    if args.json:
        print(json.dumps({"games": args.games, "seed": args.seed, "titles": figures}, indent=2))


if __name__ == "__main__":
    main()
