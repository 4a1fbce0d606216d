"""Third Crusade bots against each other: win rates with 95% Wilson intervals, seat by seat.

Usage: ``python bench/third_crusade_bots.py [--bot scripted] [--against random]
[--scenario four --scenario two_hre_turkoman ...] [--games N] [--seed K] [--jobs J] [--json]``.

For every scenario and every seat, the bot plays that seat and the opponent every other seat in
``N`` games seeded ``K``, ``K+1``, ... (bot seeds derive from them). A shared victory
(``EndGame.FinalWinner.Shared``, two Bots of a solo game) counts ``1/k`` to each of its ``k``
winners, so random play's expected rate is one over the number of seats. Printed per seat and per
scenario (all seats): games, the bot's wins, its win rate with a 95% Wilson interval, what random
play would win, how games ended (a victory check or End Game Scoring) and the bot's mean seconds
per decision with a choice. ``--json`` prints the same figures as JSON.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any

from outremer.bots.match import play_match
from outremer.bots.ratings import wilson
from outremer.bots.registry import make_bot
from outremer.engine.game import Action
from outremer.engine.registry import get_game

SLUG = "third-crusade"


@dataclass(frozen=True)
class Task:
    """One game: ``bot`` in ``seat`` of ``scenario``, ``opponent`` in every other seat."""

    bot: str
    opponent: str
    scenario: str
    seat: str
    seed: int


@dataclass(frozen=True)
class Result:
    task: Task
    share: float  # 1/k if the seat is one of k winners, else 0
    early: bool  # won at a victory check before End Game Scoring (VictoryCheck)
    seconds: float  # the bot's total seconds over its decisions with a choice
    decisions: int


class Timed:
    """A bot that notes the time it takes over decisions with a choice."""

    def __init__(self, bot: Any) -> None:
        self.bot, self.name = bot, bot.name
        self.seconds, self.decisions = 0.0, 0

    def choose(self, game: Any, state: Any, role: str) -> Action:
        start = time.perf_counter()
        action: Action = self.bot.choose(game, state, role)
        if len(game.legal_actions(state, role)) > 1:
            self.seconds += time.perf_counter() - start
            self.decisions += 1
        return action


def play(task: Task) -> Result:
    """Play one game of ``task``."""
    game = get_game(SLUG)
    roles = game.roles_for(task.scenario)
    timed = Timed(make_bot(task.bot, game, task.seed * 31))
    bots = {
        r: timed if r == task.seat else make_bot(task.opponent, game, task.seed * 31 + k + 1)
        for k, r in enumerate(roles)
    }
    state = play_match(game, bots, task.seed, task.scenario).state
    winners = state.result["winners"]
    share = 1 / len(winners) if task.seat in winners else 0.0
    early = "after the fourth round" not in state.result["reason"]
    return Result(task, share, early, timed.seconds, timed.decisions)


def row(name: str, got: list[Result], seats: int) -> dict[str, Any]:
    """The figures of ``got``, games of a scenario with ``seats`` seats."""
    n = len(got)
    won = sum(r.share for r in got)
    rate = wilson(won, n)
    decisions = sum(r.decisions for r in got)
    return {
        "row": name,
        "games": n,
        "won": won,
        "win rate": rate.value,
        "win rate 95% CI": [rate.low, rate.high],
        "random play": 1 / seats,
        "ended at a victory check": sum(r.early for r in got) / n,
        "seconds per decision": sum(r.seconds for r in got) / decisions if decisions else None,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bot", default="scripted")
    parser.add_argument("--against", default="random")
    parser.add_argument(
        "--scenario", action="append", default=[], help="repeatable; default four and two_hre_turkoman"
    )
    parser.add_argument("--games", type=int, default=10, help="games per seat")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    game = get_game(SLUG)
    scenarios = args.scenario or ["four", "two_hre_turkoman"]
    todo = [
        Task(args.bot, args.against, scenario, seat, seed)
        for scenario in scenarios
        for seat in game.roles_for(scenario)
        for seed in range(args.seed, args.seed + args.games)
    ]
    start = time.perf_counter()
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        results = []
        for i, result in enumerate(pool.map(play, todo), 1):
            results.append(result)
            t = result.task
            print(
                f"[{i}/{len(todo)}] {t.scenario} {t.seat} seed {t.seed}: {result.share:.2f} "
                f"({time.perf_counter() - start:.0f} s)",
                file=sys.stderr,
                flush=True,
            )
    rows = []
    for scenario in scenarios:
        seats = game.roles_for(scenario)
        mine = [r for r in results if r.task.scenario == scenario]
        for seat in seats:
            rows.append(row(f"{scenario} {seat}", [r for r in mine if r.task.seat == seat], len(seats)))
        rows.append(row(f"{scenario} all seats", mine, len(seats)))
    wall = time.perf_counter() - start
    if args.json:
        print(
            json.dumps(
                {
                    "bot": args.bot,
                    "against": args.against,
                    "seed": args.seed,
                    "wall seconds": wall,
                    "rows": rows,
                },
                indent=2,
            )
        )
        return
    print(
        f"| {args.bot} against {args.against} | games | won | win rate [95% CI] | random "
        "| ended early | s/decision |"
    )
    print("|---|---|---|---|---|---|---|")
    for r in rows:
        low, high = r["win rate 95% CI"]
        per = "-" if r["seconds per decision"] is None else f"{r['seconds per decision']:.3f}"
        print(
            f"| {r['row']} | {r['games']} | {r['won']:.1f} | {100 * r['win rate']:.0f}% "
            f"[{100 * low:.0f}, {100 * high:.0f}] | {100 * r['random play']:.0f}% | "
            f"{100 * r['ended at a victory check']:.0f}% | {per} |"
        )
    print(f"\n{len(todo)} games, {args.jobs} job(s), {wall:.0f} s wall clock")


if __name__ == "__main__":
    main()
