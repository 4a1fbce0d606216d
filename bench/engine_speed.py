"""Engine speed on one core: random games per second and the cost of the contract's hot calls.

Usage: ``python bench/engine_speed.py [--game crusader-rex] [--scenario S|all] [--games N] [--seed K]
[--json]``. ``--game`` also takes ``module:Class`` to measure a title that is not installed (e.g. the
toy); ``--scenario all`` measures every scenario of the title in turn, one table (or JSON record) each.
The legal-actions and perform costs are given as a mean (best of three passes) and as a median of
single calls, each perform on its own copy of the state, the copy outside the clock.
Timings are CPU time of this process (``time.process_time``), which a shared or virtual machine
disturbs far less than wall-clock time; nothing is asserted about them. Run it pinned to one core
(``taskset -c 0``) for the one-core figure.
"""

from __future__ import annotations

import argparse
import importlib
import json
import random
import statistics
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


def play(
    game: Game[Any], games: int, seed: int, max_steps: int, keep_every: int = 0, scenario: str | None = None
) -> tuple[int, list[Any]]:
    """Play ``games`` random games (legal actions listed and one performed at every step).

    Returns the number of actions and, if ``keep_every``, a copy of every ``keep_every``-th state
    with the role to act, for the per-call measurements.
    """
    total = 0
    kept: list[Any] = []
    for i in range(games):
        chooser = random.Random(seed + i)
        state = game.setup(seed + i, scenario)
        steps = 0
        while steps < max_steps:
            active = game.active_roles(state)
            if not active:
                break
            role = active[0]
            legal = game.legal_actions(state, role)
            if keep_every and steps % keep_every == 0:
                kept.append((game.copy(state), role, legal[chooser.randrange(len(legal))]))
            game.perform(state, role, legal[chooser.randrange(len(legal))])
            steps += 1
        total += steps
    return total, kept


def per_call(fn: Any, items: list[Any], repeat: int = 3) -> float:
    """Microseconds per call of ``fn`` over ``items`` (the best of ``repeat`` passes)."""
    best = float("inf")
    for _ in range(repeat):
        start = time.process_time()
        for item in items:
            fn(*item)
        best = min(best, time.process_time() - start)
    return best / len(items) * 1e6 if items else 0.0


def median_call(fn: Any, items: list[Any], prepare: Any = None) -> float:
    """Median microseconds of one call of ``fn`` over ``items``, each timed alone; ``prepare`` turns
    an item into the call's arguments outside the clock (a fresh copy of the state to perform on)."""
    times = []
    clock = time.process_time
    for item in items:
        args = prepare(*item) if prepare else item
        start = clock()
        fn(*args)
        times.append(clock() - start)
    return statistics.median(times) * 1e6 if times else 0.0


def run(
    game: Game[Any], games: int, seed: int, max_steps: int, scenario: str | None = None
) -> dict[str, float]:
    """Whole games timed with no clock inside the loop, then each hot call timed on sampled states."""
    start = time.process_time()
    actions, _ = play(game, games, seed, max_steps, scenario=scenario)
    play_seconds = time.process_time() - start
    _, sample = play(game, max(1, games // 5), seed, max_steps, keep_every=SAMPLE_EVERY, scenario=scenario)

    def perform_on_copy(state: Any, role: str, action: Any) -> None:
        game.perform(game.copy(state), role, action)

    def fresh(state: Any, role: str, action: Any) -> tuple[Any, str, Any]:
        return game.copy(state), role, action

    copy_us = per_call(lambda st, role, action: game.copy(st), sample)
    return {
        "games": games,
        "play seconds": play_seconds,
        "games per second": games / play_seconds if play_seconds > 0 else 0.0,
        "mean actions per game": actions / games,
        "µs per legal_actions": per_call(lambda st, role, action: game.legal_actions(st, role), sample),
        "µs per perform": per_call(perform_on_copy, sample) - copy_us,
        "µs per copy": copy_us,
        "µs per to_json": per_call(lambda st, role, action: game.to_json(st), sample),
        "median µs per legal_actions": median_call(
            lambda st, role, action: game.legal_actions(st, role), sample
        ),
        "median µs per perform": median_call(game.perform, sample, fresh),
    }


SUMMARY = (
    ("games/s", "games per second"),
    ("actions/game", "mean actions per game"),
    ("legal µs (median)", "median µs per legal_actions"),
    ("perform µs (median)", "median µs per perform"),
    ("legal µs (mean)", "µs per legal_actions"),
    ("perform µs (mean)", "µs per perform"),
    ("copy µs", "µs per copy"),
)


def summary(runs: list[tuple[str, dict[str, float]]]) -> str:
    """One line a scenario: the figures of SUMMARY as columns."""
    lines = ["  ".join(["scenario", *(f"{head:>{len(head)}}" for head, _ in SUMMARY)])]
    for scenario, figures in runs:
        cells = (f"{figures[key]:>{len(head)},.1f}" for head, key in SUMMARY)
        lines.append("  ".join([f"{scenario:<8}", *cells]))
    return "\n".join(lines)


def main() -> None:
    """Parse arguments, run, print the table or JSON."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="crusader-rex", help="title slug, or module:Class")
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--max-steps", type=int, default=20000)
    parser.add_argument("--scenario", default=None, help="the title's scenario (default: its first), or all")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args()
    if args.games < 1:
        parser.error("--games takes a whole number of at least 1")
    game = load(args.game)
    chosen = list(game.scenarios) if args.scenario == "all" else [args.scenario or game.scenarios[0]]
    for scenario in chosen:
        if scenario not in game.scenarios:
            parser.error(f"{game.slug} has no scenario {scenario!r}: {', '.join(game.scenarios)}")
    runs = [(scenario, run(game, args.games, args.seed, args.max_steps, scenario)) for scenario in chosen]
    if args.json:
        out = [{"game": game.slug, "scenario": s, "seed": args.seed, "figures": f} for s, f in runs]
        print(json.dumps(out if args.scenario == "all" else out[0], indent=2))
        return
    if args.scenario == "all":
        print(f"{game.slug}: {args.games} random games a scenario from seed {args.seed}, one core")
        print(summary(runs))
        return
    figures = runs[0][1]
    width = max(len(k) for k in figures)
    print(f"{game.slug} ({chosen[0]}): {args.games} random games from seed {args.seed}, one core")
    for key, value in figures.items():
        shown = f"{value:,.0f}" if key == "games" else f"{value:,.2f}"
        print(f"  {key:<{width}}  {shown:>12}")


if __name__ == "__main__":
    main()
