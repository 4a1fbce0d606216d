"""Kingdom of Heaven's balance as the bots play it: the Christian's score in each scenario (a win 1,
a draw 1/2, §20.2), with a 95% interval.

Usage: ``python bench/kingdom_of_heaven_balance.py [--games N] [--seed S] [--jobs J]
[--scenario X ...] [--christian BOT] [--muslim BOT] [--json]``. Game i of a scenario is seeded S+i,
its bots S+i (Christian) and S+i+1 (Muslim); the bots are any the registry makes (default:
``scripted`` for both; ``random`` against ``scripted`` measures the bot). A game that raises is
counted apart (``errors``) with its seed, not scored. Prints figures only; nothing is asserted.
"""

from __future__ import annotations

import argparse
import json
import math
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from outremer.bots.match import play_match
from outremer.bots.registry import make_bot
from outremer.games.kingdom_of_heaven.game import KingdomOfHeaven
from outremer.games.kingdom_of_heaven.state import CHRISTIAN, MUSLIM


def one(scenario: str, seed: int, christian: str, muslim: str) -> tuple[float | None, str]:
    """The Christian's score in one game (None: the game raised) and how it ended."""
    game = KingdomOfHeaven()
    bots = {CHRISTIAN: make_bot(christian, game, seed), MUSLIM: make_bot(muslim, game, seed + 1)}
    try:
        match = play_match(game, bots, seed, scenario)
    except Exception as e:  # a rules crash: reported, not scored
        return None, f"seed {seed}: {type(e).__name__}: {e}"[:200]
    outcome = game.outcome(match.state)
    if outcome is None:
        return 0.5, "unfinished"
    score = 0.5 if not outcome.winners else (1.0 if CHRISTIAN in outcome.winners else 0.0)
    return score, outcome.reason


def interval(scores: list[float]) -> tuple[float, float, float]:
    """The mean and its 95% interval (normal approximation, at least the Wilson width at 0 or 1)."""
    n = len(scores)
    if n == 0:
        return math.nan, math.nan, math.nan
    mean = sum(scores) / n
    var = sum((s - mean) ** 2 for s in scores) / max(n - 1, 1)
    half = 1.96 * math.sqrt(max(var, mean * (1 - mean) / 2, 1 / (4 * n)) / n)
    return mean, max(0.0, mean - half), min(1.0, mean + half)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--scenario", action="append")
    parser.add_argument("--christian", default="scripted")
    parser.add_argument("--muslim", default="scripted")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    scenarios = args.scenario or list(KingdomOfHeaven.scenarios)
    jobs = [(sc, args.seed + i, args.christian, args.muslim) for sc in scenarios for i in range(args.games)]
    start = time.time()
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        results = list(pool.map(one, *zip(*jobs, strict=True)))
    out: dict[str, Any] = {"christian": args.christian, "muslim": args.muslim, "games": args.games}
    rows: dict[str, Any] = {}
    for sc in scenarios:
        mine = [r for j, r in zip(jobs, results, strict=True) if j[0] == sc]
        scores = [s for s, _ in mine if s is not None]
        mean, low, high = interval(scores)
        ends: dict[str, int] = {}
        for s, how in mine:
            if s is not None:
                ends[how] = ends.get(how, 0) + 1
        errors = [how for s, how in mine if s is None]
        rows[sc] = {
            "christian": mean,
            "low": low,
            "high": high,
            "scored": len(scores),
            "ends": ends,
            "errors": errors,
        }
    out["scenarios"] = rows
    out["seconds"] = round(time.time() - start, 1)
    if args.json:
        print(json.dumps(out, indent=1))
        return
    print(f"Christian {args.christian} vs Muslim {args.muslim}, {args.games} games a scenario")
    for sc, r in rows.items():
        print(f"{sc}: Christian {r['christian']:.2f} [{r['low']:.2f}, {r['high']:.2f}] over {r['scored']}")
        for how, n in sorted(r["ends"].items(), key=lambda x: -x[1]):
            print(f"    {n:3d}  {how}")
        for e in r["errors"]:
            print(f"    error {e}")
    print(f"{out['seconds']} s")


if __name__ == "__main__":
    main()
