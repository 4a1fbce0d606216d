"""Search-bot strength: a bot against others, side by side, with 95% Wilson intervals.

Usage: ``python bench/search_strength.py [--game crusader-rex] [--bot ismcts] [--against random,scripted]
[--games N] [--seed K] [--jobs J] [--max-steps M] [--option NAME=VALUE ...] [--seat ROLE ...]
[--json]``.

For every opponent and every role the bot plays that role and the opponent every other role, in
``N`` games seeded ``K``, ``K+1``, ... (the same seeds in every row; bot seeds derive from them). A
solitaire title has no opponent: each named bot then plays the role itself, a baseline to compare
with. Printed per row: wins, draws and losses of the bot's side (a game nobody won as the title's
evaluation counts it: a loss in a solitaire or team game), its win rate with a 95% Wilson
interval, its mean score in the outcome (victory cities, VP), the wall-clock seconds the bot took
per decision (only decisions with a choice: mean and maximum), the CPU seconds (mean: what a busy
machine disturbs least; a search bot's pool of processes included, ``ismcts:workers=N``), its
mean search iterations, and how many of its decisions the search bot's safety cap stopped
(bots/ismcts.py: such a game no longer replays from its seed).
``--jobs`` plays games in parallel processes
(default 1: timings are then those of one core, if the machine is otherwise idle). ``--option``
sets up every game with a title's option (``--option teams=true``: The First Crusade's team game,
the bot in each seat in turn, the opponent in the others); ``--seat`` measures only the seats
named. ``--json`` prints the rows' figures as JSON instead of the table.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass
from typing import Any

from outremer.bots.match import play_match
from outremer.bots.ratings import wilson
from outremer.bots.registry import make_bot
from outremer.cli.common import parse_options
from outremer.engine.game import Action, Game, Role
from outremer.engine.registry import get_game


class Timed:
    """A bot that notes the wall-clock and CPU time and search iterations of each decision with a
    choice."""

    def __init__(self, bot: Any) -> None:
        self.bot = bot
        self.name = bot.name
        self.seconds: list[float] = []
        self.cpu: list[float] = []
        self.iterations: list[int] = []

    def choose(self, game: Game[Any], state: Any, role: Role) -> Action:
        many = len(game.legal_actions(state, role)) > 1
        start, cpu = time.perf_counter(), time.process_time()
        action: Action = self.bot.choose(game, state, role)
        if many:
            self.seconds.append(time.perf_counter() - start)
            # the search bot's pool's CPU too (ismcts:workers=N), this process's share being counted
            self.cpu.append(time.process_time() - cpu + sum(getattr(self.bot, "last_shares", [])[1:]))
            self.iterations.append(getattr(self.bot, "last_iterations", 0))
        return action


@dataclass(frozen=True)
class Game1:
    """One game to play: the bot in ``seat``, ``opponent`` everywhere else."""

    slug: str
    bot: str
    opponent: str
    seat: str
    seed: int
    max_steps: int
    options: tuple[tuple[str, bool], ...] = ()


@dataclass
class Result:
    """How one game went for the bot's side."""

    task: Game1
    score: float  # 1 won, 0.5 drawn or capped, 0 lost (a solitaire or team game nobody won is lost)
    points: float | None  # the seat's score in the outcome (victory cities, VP), if it has one
    seconds: list[float]
    cpu: list[float]
    iterations: list[int]
    capped: int  # decisions the search bot's safety cap stopped


def play(task: Game1) -> Result:
    """Play one game of ``task``."""
    game = get_game(task.slug)
    options = dict(task.options)
    roles = game.roles_for(*game.check_setup(None, options))
    bots: dict[str, Any] = {}
    timed: Timed | None = None
    for i, role in enumerate(roles):
        seed = (task.seed * 31 + i) & 0x7FFFFFFF
        if role == task.seat:
            timed = Timed(make_bot(task.bot, game, seed))
            bots[role] = timed
        else:
            bots[role] = make_bot(task.opponent, game, seed)
    assert timed is not None
    try:
        match = play_match(game, bots, task.seed, None, options, max_steps=task.max_steps)
    finally:
        for bot in (timed.bot, *bots.values()):
            getattr(bot, "close", lambda: None)()  # a search bot's pool of processes, if any
    outcome = game.outcome(match.state)
    judged = None if outcome is None else game.evaluate(match.state)
    if outcome is None:
        score = 0.5
    elif judged is not None:
        score = judged[task.seat]  # the result as the title counts it: no winner may be a loss
    elif not outcome.winners:
        score = 0.5
    else:
        score = 1.0 if task.seat in outcome.winners else 0.0
    points = None if outcome is None else outcome.scores.get(task.seat)
    capped = getattr(timed.bot, "capped", 0)
    return Result(task, score, points, timed.seconds, timed.cpu, timed.iterations, capped)


def tasks(
    game: Game[Any],
    bot: str,
    against: Sequence[str],
    games: int,
    seed: int,
    steps: int,
    options: dict[str, bool],
    seats: Sequence[str] = (),
) -> list[Game1]:
    """Every game to play, row by row (a solitaire title: the bot, then each baseline)."""
    seeds = range(seed, seed + games)
    roles = game.roles_for(*game.check_setup(None, options))
    chosen = tuple(sorted(options.items()))
    if len(roles) == 1:
        return [
            Game1(game.slug, player, "-", roles[0], s, steps, chosen)
            for player in (bot, *against)
            for s in seeds
        ]
    return [
        Game1(game.slug, bot, other, seat, s, steps, chosen)
        for other in against
        for seat in roles
        if not seats or seat in seats
        for s in seeds
    ]


def summary(results: list[Result]) -> list[dict[str, Any]]:
    """The figures of each row, one per bot, opponent and seat (None where there is nothing to
    average)."""
    rows: dict[tuple[str, str, str], list[Result]] = {}
    for r in results:
        rows.setdefault((r.task.bot, r.task.opponent, r.task.seat), []).append(r)
    out = []
    for (bot, opponent, seat), got in rows.items():
        n = len(got)
        won = sum(1 for r in got if r.score == 1.0)
        drawn = sum(1 for r in got if r.score == 0.5)
        rate = wilson(won, n)
        seconds = [s for r in got for s in r.seconds]
        cpu = [s for r in got for s in r.cpu]
        its = [i for r in got for i in r.iterations]
        points = [r.points for r in got if r.points is not None]
        out.append(
            {
                "bot": bot,
                "against": None if opponent == "-" else opponent,
                "seat": seat,
                "games": n,
                "won": won,
                "drawn": drawn,
                "lost": n - won - drawn,
                "win rate": rate.value,
                "win rate 95% CI": [rate.low, rate.high],
                "mean score": sum(points) / len(points) if points else None,
                "seconds per decision": sum(seconds) / len(seconds) if seconds else None,
                "most seconds per decision": max(seconds) if seconds else None,
                "cpu seconds per decision": sum(cpu) / len(cpu) if cpu else None,
                "decisions": len(seconds),
                "capped decisions": sum(r.capped for r in got),
                "mean iterations": sum(its) / len(its) if its else None,
            }
        )
    return out


def report(game: Game[Any], rows: list[dict[str, Any]]) -> None:
    """The table, one row per opponent and seat."""
    print(
        f"| {game.slug}: bot | against | bot plays | games | W-D-L | win rate [95% CI] "
        "| mean score | s/decision (max) | CPU s/decision | iterations | capped |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    for row in rows:
        low, high = row["win rate 95% CI"]
        per = row["seconds per decision"]
        per_shown = "-" if per is None else f"{per:.3f} ({row['most seconds per decision']:.2f})"
        its = "-" if row["mean iterations"] is None else f"{row['mean iterations']:.0f}"
        cpu = "-" if row["cpu seconds per decision"] is None else f"{row['cpu seconds per decision']:.3f}"
        capped = f"{row['capped decisions']} of {row['decisions']}"
        points = "-" if row["mean score"] is None else f"{row['mean score']:.1f}"
        print(
            f"| {row['bot']} | {row['against'] or '(solitaire)'} | {row['seat']} | {row['games']} | "
            f"{row['won']}-{row['drawn']}-{row['lost']} | "
            f"{100 * row['win rate']:.1f}% [{100 * low:.1f}, {100 * high:.1f}] | "
            f"{points} | {per_shown} | {cpu} | {its} | {capped} |"
        )


def main() -> None:
    """Parse arguments, play, print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="crusader-rex")
    parser.add_argument(
        "--bot", default="ismcts", help="the bot measured, settings included (ismcts:iterations=200)"
    )
    parser.add_argument("--against", default="random,scripted", help="comma-separated opponents")
    parser.add_argument("--games", type=int, default=10, help="games per opponent and side")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1, help="games played at once, each in its own process")
    parser.add_argument("--max-steps", type=int, default=20000)
    parser.add_argument("--option", action="append", default=[], help="a title option, NAME=true|false")
    parser.add_argument("--seat", action="append", default=[], help="measure only this seat (repeatable)")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args()
    game = get_game(args.game)
    against = [name for name in args.against.split(",") if name]
    options = parse_options(game, tuple(args.option))
    todo = tasks(game, args.bot, against, args.games, args.seed, args.max_steps, options, args.seat)
    start = time.perf_counter()
    results: list[Result] = []
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        for future in as_completed([pool.submit(play, task) for task in todo]):
            result = future.result()
            results.append(result)
            t = result.task
            print(
                f"[{len(results)}/{len(todo)}] {t.bot} as {t.seat} vs {t.opponent}, seed {t.seed}: "
                f"{result.score} ({time.perf_counter() - start:.0f} s)",
                file=sys.stderr,
                flush=True,
            )
    results.sort(key=lambda r: todo.index(r.task))
    rows = summary(results)
    wall = time.perf_counter() - start
    if args.json:
        figures = {
            "game": game.slug,
            "seed": args.seed,
            "jobs": args.jobs,
            "wall seconds": wall,
            "rows": rows,
        }
        print(json.dumps(figures, indent=2))
        return
    report(game, rows)
    print(f"\n{len(todo)} games, {args.jobs} job(s), {wall:.0f} s wall clock")


if __name__ == "__main__":
    main()
