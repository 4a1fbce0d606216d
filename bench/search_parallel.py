"""The search bot's turning points on several cores: time per decision with one process and with
several, on the same positions and seeds, and whether the moves are the same (issue 19).

Usage: ``python bench/search_parallel.py [--game crusader-rex] [--bot ismcts] [--workers 2]
[--games N] [--seed K] [--positions P] [--max-steps M] [--match-steps S] [--json]``.

For each of ``N`` games (seeds ``K``, ``K+1``, ...) the title's default bot plays every role for
``M`` actions at most; of the decisions on the way that are turning points
(:meth:`Game.rollout_choices`, docs/bots.md), ``P`` evenly spread are kept. Two search bots named
``--bot`` with ``workers=1`` and ``workers=W``, seeded alike, are then asked every kept position in
turn (the one asked first alternating), as one bot is asked a game's decisions. The first position
is the warm-up (the pool of processes starts there) and is reported apart. Printed per count of
workers: decisions, wall-clock seconds per decision (mean, and the first), CPU seconds per decision
(this process and the pool's together), the speed-up in wall-clock time over one process, the CPU
it costs, and how many answers (action and visits) are the same as with one process: all of them,
by construction (bots/rollouts.py), which is why strength at equal budget needs no games.
Wall-clock figures are those of the machine as loaded. So the speed-up is also estimated from CPU
times, as an idle machine with a core for each process would give it: a decision then takes the
CPU time of its serial part (the tree search, this process's time outside the rounds) plus that of
the longest share of the rounds (``CPU-bound speed-up``). With ``--match-steps S``, a game of seed
``K`` is also played for ``S`` actions, the search bot in the first role against the default bot,
with one process and with ``W``: whether the two records are the same, and the seconds each took.
``--json`` prints the figures as JSON.
"""

from __future__ import annotations

import argparse
import json
import pickle
import random
import time
from dataclasses import dataclass, field
from typing import Any

from outremer.bots.ismcts import SearchBot
from outremer.bots.match import play_match
from outremer.bots.registry import default_bot, make_bot
from outremer.engine.game import Action, Game, Role
from outremer.engine.registry import get_game


@dataclass
class Timing:
    """How one bot did on the kept positions: each answer, wall-clock and CPU seconds."""

    answers: list[tuple[Action, dict[Action, int]]] = field(default_factory=list)
    wall: list[float] = field(default_factory=list)
    cpu: list[float] = field(default_factory=list)
    path: list[float] = field(default_factory=list)
    """CPU seconds of the serial part and of the longest share of the rounds."""


def turning_points(game: Game[Any], seed: int, count: int, steps: int) -> list[tuple[Any, Role]]:
    """``count`` turning points evenly spread along a game of the default bots seeded ``seed``."""
    name = default_bot(game)
    bots = {role: make_bot(name, game, seed + i) for i, role in enumerate(game.roles)}
    state = game.setup(seed)
    order = random.Random(seed)
    found: list[tuple[Any, Role]] = []
    for _ in range(steps):
        active = game.active_roles(state)
        if not active or game.outcome(state) is not None:
            break
        role = order.choice(active)
        legal = game.legal_actions(state, role)
        if len(legal) > 1 and game.rollout_choices(state, role):
            found.append((game.copy(state), role))
        game.apply_in_place(state, role, bots[role].choose(game, state, role))
    if not found:
        raise SystemExit(f"{game.slug} named no turning point in {steps} actions of seed {seed}")
    step = max(1, len(found) // count)
    return found[::step][:count]


def ask(bot: SearchBot, game: Game[Any], state: Any, role: Role, into: Timing) -> None:
    """``bot``'s answer at ``state``, timed: wall clock, CPU of this process and the pool's, and
    the CPU time of its serial part and longest share of rounds."""
    wall, cpu = time.perf_counter(), time.process_time()
    action = bot.choose(game, state, role)
    into.wall.append(time.perf_counter() - wall)
    here = time.process_time() - cpu
    shares = bot.last_shares or [0.0]
    into.cpu.append(here + sum(shares[1:]))
    into.path.append(here - shares[0] + max(shares))
    into.answers.append((action, dict(bot.last_visits)))


def measure(
    game: Game[Any], name: str, workers: int, seed: int, positions: list[tuple[Any, Role]]
) -> list[Timing]:
    """The two bots (one process, ``workers`` processes) asked every position, alternately first."""
    bots = [make_bot(f"{name}:workers={n}", game, seed) for n in (1, workers)]
    timings = [Timing(), Timing()]
    try:
        for i, (state, role) in enumerate(positions):
            for k in (0, 1) if i % 2 == 0 else (1, 0):
                bot = bots[k]
                assert isinstance(bot, SearchBot)
                ask(bot, game, state, role, timings[k])
    finally:
        for bot in bots:
            if isinstance(bot, SearchBot):
                bot.close()
    return timings


def same_game(game: Game[Any], name: str, workers: int, seed: int, steps: int) -> dict[str, Any]:
    """A game of ``steps`` actions at most, the search bot ``name`` in the first role (with one
    process, then ``workers``) against the default bot: whether the records are the same, and the
    wall-clock seconds of each."""
    records, seconds = [], []
    for n in (1, workers):
        bot = make_bot(f"{name}:workers={n}", game, seed)
        assert isinstance(bot, SearchBot)
        others = {role: make_bot(default_bot(game), game, seed + i) for i, role in enumerate(game.roles) if i}
        start = time.perf_counter()
        try:
            match = play_match(game, {game.roles[0]: bot, **others}, seed, max_steps=steps)
        finally:
            bot.close()
        seconds.append(time.perf_counter() - start)
        records.append(match.record.actions)
    return {
        "role": game.roles[0],
        "actions": len(records[0]),
        "same record": records[0] == records[1],
        "wall seconds": dict(zip((1, workers), seconds, strict=True)),
    }


def mean(values: list[float]) -> float | None:
    return sum(values) / len(values) if values else None


def main() -> None:
    """Parse arguments, measure, print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="crusader-rex")
    parser.add_argument("--bot", default="ismcts", help="the search bot, settings included (no workers)")
    parser.add_argument("--workers", type=int, default=2, help="the processes compared with one")
    parser.add_argument("--games", type=int, default=2, help="games whose turning points are taken")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--positions", type=int, default=6, help="turning points kept per game")
    parser.add_argument("--max-steps", type=int, default=1500, help="actions of each game looked along")
    parser.add_argument("--match-steps", type=int, default=0, help="also play a game this long both ways")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args()
    if args.workers < 2:
        parser.error("--workers must be at least 2 (it is compared with 1)")
    if args.positions < 2:
        parser.error("--positions must be at least 2 (the first is the warm-up)")
    game = get_game(args.game)
    totals = [Timing(), Timing()]
    firsts: list[list[float]] = [[], []]
    sizes: list[int] = []
    for seed in range(args.seed, args.seed + args.games):
        positions = turning_points(game, seed, args.positions, args.max_steps)
        sizes += [len(pickle.dumps(state)) for state, _ in positions]
        for total, first, got in zip(
            totals, firsts, measure(game, args.bot, args.workers, seed, positions), strict=True
        ):
            first.append(got.wall[0])
            total.answers += got.answers[1:]
            total.wall += got.wall[1:]
            total.cpu += got.cpu[1:]
            total.path += got.path[1:]
    serial = totals[0]
    rows = []
    for n, timing, first in zip((1, args.workers), totals, firsts, strict=True):
        wall, cpu = mean(timing.wall), mean(timing.cpu)
        rows.append(
            {
                "workers": n,
                "decisions": len(timing.wall),
                "wall seconds per decision": wall,
                "first decision wall seconds": mean(first),
                "cpu seconds per decision": cpu,
                "speed-up": sum(serial.wall) / sum(timing.wall),
                "cpu ratio": sum(timing.cpu) / sum(serial.cpu),
                "cpu-bound speed-up": sum(serial.cpu) / sum(timing.path),
                "same answers": sum(a == b for a, b in zip(timing.answers, serial.answers, strict=True)),
            }
        )
    match = same_game(game, args.bot, args.workers, args.seed, args.match_steps) if args.match_steps else None
    if args.json:
        figures = {
            "game": game.slug,
            "bot": args.bot,
            "seed": args.seed,
            "games": args.games,
            "state pickle bytes": mean([float(s) for s in sizes]),
            "rows": rows,
            "game played both ways": match,
        }
        print(json.dumps(figures, indent=2))
        return
    print(
        f"| {game.slug}: {args.bot} workers | decisions | wall s/decision | first decision wall s "
        "| CPU s/decision | speed-up | CPU-bound speed-up | CPU ratio | same answers |"
    )
    print("|---|---|---|---|---|---|---|---|---|")
    for row in rows:
        print(
            f"| {row['workers']} | {row['decisions']} | {row['wall seconds per decision']:.3f} | "
            f"{row['first decision wall seconds']:.2f} | {row['cpu seconds per decision']:.3f} | "
            f"{row['speed-up']:.2f} | {row['cpu-bound speed-up']:.2f} | {row['cpu ratio']:.2f} | "
            f"{row['same answers']} of {row['decisions']} |"
        )
    print(f"\nstate pickled: {mean([float(s) for s in sizes]):.0f} bytes on average")
    if match is not None:
        walls = ", ".join(f"{n} worker(s) {t:.0f} s" for n, t in match["wall seconds"].items())
        same = "the same" if match["same record"] else "NOT the same"
        print(f"a game of {match['actions']} actions, the bot as {match['role']}: records {same} ({walls})")


if __name__ == "__main__":
    main()
