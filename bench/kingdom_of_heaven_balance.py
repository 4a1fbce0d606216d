"""Kingdom of Heaven's balance as the bots play it: the Christian's score in each scenario (a win 1,
a draw 1/2, §20.2), with a 95% interval, the final VP's distribution, the game's length and the
share of endings by kind (with ``--json``, each game's too: score, ending, last turn, VP).

Usage: ``python bench/kingdom_of_heaven_balance.py [--games N] [--seed S] [--jobs J]
[--scenario X ...] [--christian BOT] [--muslim BOT] [--save FILE.jsonl] [--load FILE.jsonl ...]
[--json]``. Game i of a scenario is seeded S+i,
its bots S+i (Christian) and S+i+1 (Muslim); the bots are any the registry makes (default:
``scripted`` for both; ``random`` against ``scripted`` measures the bot). A game that raises is
counted apart (``errors``) with its seed, not scored. Endings by kind: ``automatic`` (§5.8 L321),
``crusade_cancelled`` (§19.2 L1226), ``christian`` and ``muslim`` (a condition met at the end,
§20.2 L1244), ``marginal`` (K27), ``draw`` (§20.2 L1246), ``unfinished``. ``--save`` appends
each game as a JSON line as it ends (scenario, seed, bots, score, ending, last turn, VP; a raised
game with its error), ``--load`` reads such lines back: the games loaded and those played are
counted together, so a large sample gathers over several runs and sessions (``--games`` then
defaults to 0). Only games of the bots asked for are pooled, each scenario and seed once. Prints
figures only; nothing is asserted.
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from samples import play_all, saved

from outremer.bots.match import play_match
from outremer.bots.registry import make_bot
from outremer.games.kingdom_of_heaven.common import pack_at
from outremer.games.kingdom_of_heaven.game import KingdomOfHeaven
from outremer.games.kingdom_of_heaven.state import CHRISTIAN, MUSLIM

SAVED = ("score", "kind", "turn", "vp")
"""The fields of a saved game that was scored (a raised one has ``error`` instead)."""
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


def one(job: tuple[str, int, str, str]) -> dict[str, Any]:
    """One game, named by its scenario, seed and bots (``job``): the Christian's score (None: the
    game raised), the ending's kind, the last turn played and each side's VP at the end."""
    scenario, seed, christian, muslim = job
    game = KingdomOfHeaven()
    bots = {CHRISTIAN: make_bot(christian, game, seed), MUSLIM: make_bot(muslim, game, seed + 1)}
    name = {"scenario": scenario, "seed": seed, "christian": christian, "muslim": muslim}
    try:
        match = play_match(game, bots, seed, scenario)
    except Exception as e:  # a rules crash: reported, not scored
        return {**name, "score": None, "error": f"seed {seed}: {type(e).__name__}: {e}"[:200]}
    state = match.state
    outcome = game.outcome(state)
    vp = dict(state.vp)
    if outcome is None:
        return {**name, "score": 0.5, "kind": "unfinished", "turn": state.turn, "vp": vp}
    score = 0.5 if not outcome.winners else (1.0 if CHRISTIAN in outcome.winners else 0.0)
    return {**name, "score": score, "kind": kind(outcome.reason), "turn": state.turn, "vp": vp}


def load(paths: list[Path], christian: str, muslim: str) -> list[dict[str, Any]]:
    """The games saved in ``paths`` (one JSON object a line, as ``--save`` writes them) played by
    ``christian`` and ``muslim``; a line that is not such a game, or a scenario and seed met twice,
    is an error (SystemExit) naming the file and line."""
    games: list[dict[str, Any]] = []
    seen: dict[tuple[str, int], str] = {}
    for where, game in saved(paths):
        try:
            key = (str(game["scenario"]), int(game["seed"]))
            bots = (game["christian"], game["muslim"])
            missing = [] if "error" in game else [k for k in SAVED if k not in game]
        except (ValueError, TypeError, KeyError) as e:
            raise SystemExit(f"{where}: not a saved game ({type(e).__name__}: {e})") from e
        if missing:
            raise SystemExit(f"{where}: not a saved game (no {', '.join(missing)})")
        if bots != (christian, muslim):
            continue
        if key in seen:
            raise SystemExit(f"{where}: scenario {key[0]} seed {key[1]} already loaded from {seen[key]}")
        seen[key] = where
        games.append(game)
    return games


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
    parser.add_argument("--games", type=int, help="games a scenario (default 20, 0 with --load)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--scenario", action="append")
    parser.add_argument("--christian", default="scripted")
    parser.add_argument("--muslim", default="scripted")
    parser.add_argument("--save", type=Path, help="append each game played as a JSON line")
    parser.add_argument("--load", type=Path, action="append", default=[], help="games saved before")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    unknown = [sc for sc in args.scenario or [] if sc not in KingdomOfHeaven.scenarios]
    if unknown:
        raise SystemExit(f"unknown scenario {unknown[0]!r}; there are {', '.join(KingdomOfHeaven.scenarios)}")
    games = load(args.load, args.christian, args.muslim)
    count = args.games if args.games is not None else (0 if args.load else 20)
    played = {(g["scenario"], g["seed"]) for g in games}
    scenarios = args.scenario or list(KingdomOfHeaven.scenarios)
    jobs = [(sc, args.seed + i, args.christian, args.muslim) for sc in scenarios for i in range(count)]
    twice = next((j for j in jobs if j[:2] in played), None)
    if twice is not None:
        raise SystemExit(f"scenario {twice[0]} seed {twice[1]} is loaded already: choose another --seed")
    start = time.time()
    games += play_all(one, jobs, args.jobs, args.save)
    if not games:
        raise SystemExit("no games: give --games, or --load games of these bots")
    pack = pack_at(None)
    shown = args.scenario or [
        sc for sc in KingdomOfHeaven.scenarios if any(g["scenario"] == sc for g in games)
    ]
    out: dict[str, Any] = {"christian": args.christian, "muslim": args.muslim, "games": count}
    out["scenarios"] = {
        sc: summary([g for g in games if g["scenario"] == sc], pack.scenarios[sc].turns) for sc in shown
    }
    out["seconds"] = round(time.time() - start, 1)
    if args.json:
        print(json.dumps(out))
        return
    print(
        f"Christian {args.christian} vs Muslim {args.muslim}, {len(jobs)} games played, {len(games)} counted"
    )
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
