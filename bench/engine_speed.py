"""Engine speed on one core: random games per second and the cost of the contract's hot calls.

Usage: ``python bench/engine_speed.py [--game crusader-rex] [--games N] [--seed K]``.
``--game`` also takes ``module:Class`` to measure a title that is not installed (e.g. the toy).
Timings are CPU time of this process (``time.process_time``), which a shared or virtual machine
disturbs far less than wall-clock time; nothing is asserted about them. Run it pinned to one core
(``taskset -c 0``) for the one-core figure.
"""

from __future__ import annotations

import argparse
import importlib
import random
import time
from typing import Any

from outremer.engine.game import Game
from outremer.engine.registry import get_game

SAMPLE_EVERY = 10  # copy and to_json are timed on every 10th state, outside the games' clock


def load(name: str) -> Game[Any]:
    """An installed title by slug, or ``module:Class``."""
    if ":" in name:
        module, _, attr = name.partition(":")
        return getattr(importlib.import_module(module), attr)()
    return get_game(name)


def run(game: Game[Any], games: int, seed: int, max_steps: int) -> dict[str, float]:
    """Play ``games`` random games and return the measured figures."""
    clock = time.process_time
    t_legal = t_perform = t_copy = t_json = t_sampled = 0.0
    n_legal = n_perform = n_copy = n_json = 0
    total_actions = 0
    start = clock()
    for i in range(games):
        chooser = random.Random(seed + i)
        state = game.setup(seed + i)
        steps = 0
        while steps < max_steps:
            active = game.active_roles(state)
            if not active:
                break
            role = active[0]
            t0 = clock()
            legal = game.legal_actions(state, role)
            t1 = clock()
            action = legal[chooser.randrange(len(legal))]
            t2 = clock()
            game.perform(state, role, action)
            t3 = clock()
            t_legal += t1 - t0
            t_perform += t3 - t2
            n_legal += 1
            n_perform += 1
            steps += 1
            if steps % SAMPLE_EVERY == 0:
                s0 = clock()
                game.copy(state)
                s1 = clock()
                game.to_json(state)
                s2 = clock()
                t_copy += s1 - s0
                t_json += s2 - s1
                n_copy += 1
                n_json += 1
                t_sampled += clock() - s0
        total_actions += steps
    play_seconds = clock() - start - t_sampled

    def micro(total: float, n: int) -> float:
        return total / n * 1e6 if n else 0.0

    return {
        "games": games,
        "play seconds": play_seconds,
        "games per second": games / play_seconds if play_seconds > 0 else 0.0,
        "mean actions per game": total_actions / games,
        "µs per legal_actions": micro(t_legal, n_legal),
        "µs per perform": micro(t_perform, n_perform),
        "µs per copy": micro(t_copy, n_copy),
        "µs per to_json": micro(t_json, n_json),
    }


def main() -> None:
    """Parse arguments, run, print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="crusader-rex", help="title slug, or module:Class")
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--max-steps", type=int, default=20000)
    args = parser.parse_args()
    game = load(args.game)
    figures = run(game, args.games, args.seed, args.max_steps)
    width = max(len(k) for k in figures)
    print(f"{game.slug}: {args.games} random games from seed {args.seed}, one core")
    for key, value in figures.items():
        shown = f"{value:,.0f}" if key == "games" else f"{value:,.2f}"
        print(f"  {key:<{width}}  {shown:>12}")


if __name__ == "__main__":
    main()
