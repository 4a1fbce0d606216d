"""Kingdom of Heaven's balance as the bots play it: the Christian's score in each scenario (a win 1,
a draw 1/2, §20.2), with a 95% interval, the final VP's distribution, the game's length and the
share of endings by kind (with ``--json``, each game's too: score, ending, last turn, VP).

Usage: ``python bench/kingdom_of_heaven_balance.py [--games N] [--seed S] [--jobs J]
[--scenario X ...] [--christian BOT] [--muslim BOT] [--json]``. Game i of a scenario is seeded S+i,
its bots S+i (Christian) and S+i+1 (Muslim); the bots are any the registry makes (default:
``scripted`` for both; ``random`` against ``scripted`` measures the bot). A game that raises is
counted apart (``errors``) with its seed, not scored. Endings by kind: ``automatic`` (§5.8 L321),
``crusade_cancelled`` (§19.2 L1226), ``christian`` and ``muslim`` (a condition met at the end,
§20.2 L1244), ``marginal`` (K27), ``draw`` (§20.2 L1246), ``unfinished``. Prints figures only;
nothing is asserted.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from outremer.bots.match import play_match
from outremer.bots.registry import make_bot
from outremer.games.kingdom_of_heaven.common import pack_at
from outremer.games.kingdom_of_heaven.game import KingdomOfHeaven
from outremer.games.kingdom_of_heaven.state import CHRISTIAN, MUSLIM

KINDS = ("automatic", "crusade_cancelled", "christian", "muslim", "marginal", "draw", "unfinished")


def kind(reason: str) -> str:
    """The kind of an ending from the reason victory.end gives it."""
    if reason.startswith("automatic"):
        return "automatic"
    if "Crusade is never launched" in reason:
        return "crusade_cancelled"
    if reason.startswith("marginal"):
        return "marginal"
    if reason.startswith("a draw"):
        return "draw"
    for side in (CHRISTIAN, MUSLIM):
        if reason.lower().startswith(side):
            return side
    return reason


def one(scenario: str, seed: int, christian: str, muslim: str) -> dict[str, Any]:
    """One game: the Christian's score (None: the game raised), the ending's kind, the last turn
    played and each side's VP at the end."""
    game = KingdomOfHeaven()
    bots = {CHRISTIAN: make_bot(christian, game, seed), MUSLIM: make_bot(muslim, game, seed + 1)}
    try:
        match = play_match(game, bots, seed, scenario)
    except Exception as e:  # a rules crash: reported, not scored
        return {"score": None, "error": f"seed {seed}: {type(e).__name__}: {e}"[:200]}
    state = match.state
    outcome = game.outcome(state)
    vp = dict(state.vp)
    if outcome is None:
        return {"score": 0.5, "kind": "unfinished", "turn": state.turn, "vp": vp}
    score = 0.5 if not outcome.winners else (1.0 if CHRISTIAN in outcome.winners else 0.0)
    return {"score": score, "kind": kind(outcome.reason), "turn": state.turn, "vp": vp}


def interval(scores: list[float]) -> tuple[float, float, float]:
    """The mean and its 95% interval (normal approximation, at least the Wilson width at 0 or 1)."""
    n = len(scores)
    if n == 0:
        return math.nan, math.nan, math.nan
    mean = sum(scores) / n
    var = sum((s - mean) ** 2 for s in scores) / max(n - 1, 1)
    half = 1.96 * math.sqrt(max(var, mean * (1 - mean) / 2, 1 / (4 * n)) / n)
    return mean, max(0.0, mean - half), min(1.0, mean + half)


def spread(values: list[int]) -> dict[str, float]:
    """Mean, standard deviation, least, median and most of ``values``."""
    if not values:
        return {}
    return {
        "mean": round(statistics.fmean(values), 2),
        "sd": round(statistics.pstdev(values), 2),
        "min": min(values),
        "median": statistics.median(values),
        "max": max(values),
    }


def summary(games: list[dict[str, Any]], turns: int) -> dict[str, Any]:
    """The figures of one scenario's games."""
    played = [g for g in games if g["score"] is not None]
    mean, low, high = interval([g["score"] for g in played])
    ends = {k: sum(1 for g in played if g["kind"] == k) for k in KINDS}
    ends.update({g["kind"]: ends.get(g["kind"], 0) + 1 for g in played if g["kind"] not in KINDS})
    return {
        "christian": mean,
        "low": low,
        "high": high,
        "scored": len(played),
        "ends": {k: n for k, n in ends.items() if n},
        "share": {k: round(n / len(played), 3) for k, n in ends.items() if n and played},
        "turns": turns,
        "length": spread([g["turn"] for g in played]),
        "vp": {side: spread([g["vp"][side] for g in played]) for side in (CHRISTIAN, MUSLIM)},
        "errors": [g["error"] for g in games if g["score"] is None],
        "games": played,
    }


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
    pack = pack_at(None)
    out: dict[str, Any] = {"christian": args.christian, "muslim": args.muslim, "games": args.games}
    out["scenarios"] = {
        sc: summary(
            [r for j, r in zip(jobs, results, strict=True) if j[0] == sc],
            pack.scenarios[sc].turns,
        )
        for sc in scenarios
    }
    out["seconds"] = round(time.time() - start, 1)
    if args.json:
        print(json.dumps(out))
        return
    print(f"Christian {args.christian} vs Muslim {args.muslim}, {args.games} games a scenario")
    print("sc  Christian [95%]      ended by                     turn (of)   VP Christian    VP Muslim")
    for sc, r in out["scenarios"].items():
        ends = " ".join(f"{k}:{n}" for k, n in sorted(r["ends"].items(), key=lambda x: -x[1]))
        length, vc, vm = r["length"], r["vp"][CHRISTIAN], r["vp"][MUSLIM]
        print(
            f"{sc}   {r['christian']:.2f} [{r['low']:.2f}, {r['high']:.2f}]  {ends:<28} "
            f"{length.get('mean', 0):4.1f} ({r['turns']})   "
            f"{vc.get('mean', 0):5.1f} ±{vc.get('sd', 0):4.1f}   "
            f"{vm.get('mean', 0):5.1f} ±{vm.get('sd', 0):4.1f}"
        )
        for e in r["errors"]:
            print(f"    error {e}")
    print(f"{out['seconds']} s")


if __name__ == "__main__":
    main()
