"""Four Powers' balance, as the bots play it: each faction's share of the wins at each player
count, the first player's edge, when the Last Round card falls, Conflicts, the VP spread and the
share of each action (docs/four-powers/balance.md).

Usage: ``python bench/four_powers_balance.py [--games N] [--seed S] [--scenario NAME ...]
[--bots NAME[,NAME...]] [--option NAME ...] [--pack DIR] [--jobs J] [--json]``. Game i of a scenario is seeded
S+i; the bot in seat k of game S+i is seeded as ``outremer simulate`` seeds it. ``--bots`` takes one
name for every seat or one per seat in seat order (``ismcts,scripted``). Without ``--scenario``
every scenario is played (the four-player game, each three-player and each two-player one). A
shared victory counts 1/k to each of its k winners (R7b). Prints figures only; nothing is
asserted. The harness reads the whole state (it is no player): the first player of round 1
(R8a), the round each Crusade ends in (``Round.1``), the actions taken.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from outremer.bots.registry import make_bot
from outremer.cli.simulate import bot_seed
from outremer.games.four_powers.game import FourPowers
from outremer.games.four_powers.pack import read_pack
from outremer.games.four_powers.setup import SCENARIOS, new_game

ACTIONS = ("development", "presence", "movement", "income", "discard")


def wilson(share: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson interval of a rate ``share`` observed over ``n`` games."""
    if n == 0:
        return (0.0, 1.0)
    centre = (share + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(share * (1 - share) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def play(args: tuple[str, int, list[str], dict[str, bool], str | None]) -> dict[str, Any]:
    """One game: who won, who went first, when each Crusade ended, Conflicts and actions; played
    with the data pack in the folder ``args[4]`` (None: the shipped one)."""
    scenario, seed, names, options, pack = args
    game = FourPowers()
    roles = game.roles_for(scenario)
    bots = {r: make_bot(names[i], game, bot_seed(seed, i)) for i, r in enumerate(roles)}
    _, chosen = game.check_setup(scenario, options)
    state = new_game(seed, scenario, chosen, pack=pack)
    first: str | None = None
    ends: dict[int, int] = {}
    actions: Counter[str] = Counter()
    conflicts: Counter[str] = Counter()
    steps = 0
    while game.outcome(state) is None:
        role = game.active_roles(state)[0]
        action = bots[role].choose(game, state, role)
        if first is None and state.crusade == 1 and state.round == 1:
            first = state.first
        top = state.stack[-1]["kind"] if state.stack else ""
        if top == "turn" and action[0] == "play":
            actions[str(action[2])] += 1
        elif top == "turn" and action[0] == "discard":
            actions["discard"] += 1
        elif top == "conflicts" and action[0] in ("battle", "siege"):
            conflicts[str(action[0])] += 1
        crusade, rnd = state.crusade, state.round
        game.perform(state, role, action)
        steps += 1
        if state.crusade != crusade or game.outcome(state) is not None:
            ends[crusade] = rnd
    outcome = game.outcome(state)
    assert outcome is not None
    scores = dict(outcome.scores)
    return {
        "winners": list(outcome.winners),
        "first": first,
        "ends": ends,
        "actions": dict(actions),
        "conflicts": dict(conflicts),
        "spread": max(scores.values()) - min(scores.values()),
        "vp": scores,
        "steps": steps,
    }


def play_many(
    scenario: str,
    names: list[str],
    games: int,
    seed: int,
    options: dict[str, bool],
    pack: str | None,
    jobs: int,
) -> list[dict[str, Any]]:
    """Games ``seed`` to ``seed + games - 1`` of ``scenario`` (see :func:`play`), on ``jobs``
    worker processes."""
    work = [(scenario, seed + i, names, options, pack) for i in range(games)]
    if jobs > 1:
        with ProcessPoolExecutor(jobs) as pool:
            return list(pool.map(play, work, chunksize=16))
    return [play(w) for w in work]


def summarise(scenario: str, games: list[dict[str, Any]]) -> dict[str, Any]:
    roles = list(SCENARIOS[scenario].players)
    n = len(games)
    fair = 1 / len(roles)
    share: Counter[str] = Counter()
    first_won = 0.0
    for g in games:
        for w in g["winners"]:
            share[w] += 1 / len(g["winners"])
        if g["first"] in g["winners"]:
            first_won += 1 / len(g["winners"])
    factions = {}
    for r in roles:
        rate = share[r] / n
        low, high = wilson(rate, n)
        factions[r] = {
            "win rate": rate,
            "95%": [low, high],
            "mean VP": statistics.mean(g["vp"][r] for g in games),
        }
    first_rate = first_won / n
    last_round = {c: Counter(g["ends"].get(c) for g in games) for c in (1, 2)}
    acts: Counter[str] = Counter()
    for g in games:
        acts.update(g["actions"])
    total = sum(acts.values()) or 1
    spreads = [g["spread"] for g in games]
    quart = statistics.quantiles(spreads, n=4) if n > 1 else [spreads[0]] * 3
    return {
        "scenario": scenario,
        "games": n,
        "fair share": fair,
        "factions": factions,
        "first player": {"win rate": first_rate, "95%": list(wilson(first_rate, n))},
        "Last Round in round": {
            str(c): {str(k): v for k, v in sorted(cnt.items())} for c, cnt in last_round.items()
        },
        "Battles per game": sum(g["conflicts"].get("battle", 0) for g in games) / n,
        "Sieges per game": sum(g["conflicts"].get("siege", 0) for g in games) / n,
        "VP spread": {"mean": statistics.mean(spreads), "quartiles": list(quart)},
        "action share": {a: acts[a] / total for a in ACTIONS},
        "steps per game": statistics.mean(g["steps"] for g in games),
    }


def report(s: dict[str, Any]) -> None:
    print(f"{s['scenario']}: {s['games']} games, fair share {s['fair share']:.3f}")
    for r, f in s["factions"].items():
        low, high = f["95%"]
        mark = "" if low <= s["fair share"] <= high else "  <- outside"
        print(f"  {r:<11} {f['win rate']:.3f}  [{low:.3f}, {high:.3f}]  mean VP {f['mean VP']:.1f}{mark}")
    fp = s["first player"]
    print(f"  first player {fp['win rate']:.3f}  [{fp['95%'][0]:.3f}, {fp['95%'][1]:.3f}]")
    for c, dist in s["Last Round in round"].items():
        print(f"  Crusade {c} ends in round: " + ", ".join(f"{k}: {v}" for k, v in dist.items()))
    print(f"  Battles {s['Battles per game']:.2f}, Sieges {s['Sieges per game']:.2f} per game")
    q = s["VP spread"]["quartiles"]
    mean = s["VP spread"]["mean"]
    print(f"  VP spread (winner - last): mean {mean:.1f}, quartiles {q[0]:.0f}/{q[1]:.0f}/{q[2]:.0f}")
    print("  actions: " + ", ".join(f"{a} {100 * v:.0f}%" for a, v in s["action share"].items()))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games per scenario (default 200)")
    parser.add_argument("--seed", type=int, default=1, help="game i is seeded SEED+i (default 1)")
    parser.add_argument(
        "--scenario", action="append", default=[], choices=list(SCENARIOS), help="a scenario (default: all)"
    )
    parser.add_argument("--bots", default="scripted", help="one bot, or one per seat (default scripted)")
    parser.add_argument("--option", action="append", default=[], help="a rules option to turn on")
    parser.add_argument("--pack", type=Path, help="play with the data pack in this folder")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args()
    pack = None
    if args.pack is not None:
        read_pack(args.pack)  # a broken pack stops here, naming its file and record
        pack = str(args.pack.resolve())

    scenarios = args.scenario or list(SCENARIOS)
    options = {name: True for name in args.option}
    out = []
    start = time.perf_counter()
    for scenario in scenarios:
        seats = len(SCENARIOS[scenario].players)
        names = [n.strip() for n in args.bots.split(",") if n.strip()]
        names = names * seats if len(names) == 1 else names
        if len(names) != seats:
            raise SystemExit(f"--bots: give one bot or {seats} for {scenario}")
        games = play_many(scenario, names, args.games, args.seed, options, pack, args.jobs)
        summary = summarise(scenario, games)
        summary["bots"] = names
        out.append(summary)
        if not args.json:
            report(summary)
    if args.json:
        print(json.dumps({"seed": args.seed, "options": options, "pack": pack, "scenarios": out}, indent=2))
    else:
        print(f"{time.perf_counter() - start:.1f} s")


if __name__ == "__main__":
    main()
