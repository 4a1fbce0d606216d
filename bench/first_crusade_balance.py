"""The First Crusade's balance, as the scripted bot plays it: the spread of final VP and of the
levels of victory (6.2), sudden deaths (6.3), how far games go and when Jerusalem falls.

Usage: ``python bench/first_crusade_balance.py [--games N] [--seed S] [--option NAME=BOOL ...]
[--bot scripted|random] [--no-abbot] [--json]``. Game i is seeded S+i and its bot as ``outremer simulate``
seeds it. ``--no-abbot`` plays the scripted bot without its Monastery in Constantinople
(docs/first-crusade/bot.md). Prints figures only (``--json``: as JSON); nothing is asserted.
Timings are CPU time of this process (``time.process_time``).
"""

from __future__ import annotations

import argparse
import json
import re
import statistics
import time
from collections import Counter
from typing import Any

from outremer.bots.match import play_match
from outremer.bots.registry import make_bot
from outremer.cli.simulate import bot_seed
from outremer.games.first_crusade.bot import ScriptedBot
from outremer.games.first_crusade.common import BOARD
from outremer.games.first_crusade.game import FirstCrusade
from outremer.games.first_crusade.state import PLAYER

LEVELS = ("Defeat and Disgrace", "Draw", "Victory", "Overwhelming Victory")
TURN = re.compile(r"^(\d{4} \w+) begins\.$")


def parse_options(game: FirstCrusade, pairs: list[str]) -> dict[str, bool]:
    """``name=true``/``name=false`` pairs (a bare ``name`` is true) as the game's options."""
    known = {o.name for o in game.options}
    out: dict[str, bool] = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if name not in known:
            raise SystemExit(f"unknown option {name!r}; first-crusade has {', '.join(sorted(known))}")
        word = value.strip().lower() if sep else "true"
        if word not in ("true", "false", "yes", "no", "on", "off", "1", "0"):
            raise SystemExit(f"option {name!r} takes true or false, not {value!r}")
        out[name] = word in ("true", "yes", "on", "1")
    return out


def jerusalem_taken(game: FirstCrusade, state: Any) -> str | None:
    """The turn in which the Christians first won a battle in Jerusalem (29.3), from the log."""
    turn = None
    for entry in game.log(state, PLAYER):
        m = TURN.match(entry["text"])
        if m:
            turn = m.group(1)
        elif entry["text"].startswith("The Christians win the battle in Jerusalem"):
            return turn
    return None


def histogram(values: list[int], width: int = 5, bar: int = 50) -> list[str]:
    """A text histogram of ``values`` in bins ``width`` wide."""
    if not values:
        return []
    low = (min(values) // width) * width
    high = (max(values) // width) * width
    counts = Counter((v // width) * width for v in values)
    top = max(counts.values())
    lines = []
    for start in range(low, high + 1, width):
        n = counts.get(start, 0)
        lines.append(f"  {start:4d}-{start + width - 1:<4d} {n:4d} {'#' * round(bar * n / top)}")
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games to play (default 200)")
    parser.add_argument("--seed", type=int, default=1, help="game i is seeded SEED+i (default 1)")
    parser.add_argument("--option", action="append", default=[], metavar="NAME=BOOL", help="a rules option")
    parser.add_argument("--bot", default="scripted", help="scripted (default) or random")
    parser.add_argument("--no-abbot", action="store_true", help="the scripted bot without its abbot")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args()

    game = FirstCrusade()
    options = parse_options(game, args.option)
    kingdoms = bool(options.get("kingdoms"))
    scenario, chosen = game.check_setup(None, options)
    vps: list[int] = []
    levels: Counter[str] = Counter()
    sudden: Counter[str] = Counter()
    turns: list[int] = []
    taken: Counter[str] = Counter()
    actions = 0
    start = time.process_time()
    for i in range(args.games):
        seed = args.seed + i
        bot = make_bot(args.bot, game, bot_seed(seed, 0))
        if args.no_abbot and isinstance(bot, ScriptedBot):
            bot.use_abbot = False
        match = play_match(game, {PLAYER: bot}, seed, scenario, chosen)
        result = match.state.result
        vps.append(int(result["vp"]))
        levels[BOARD.tables.band(int(result["vp"]), kingdoms=kingdoms).name] += 1
        if result["reason"].startswith("Sudden death"):
            sudden[result["level"]] += 1
        turns.append(match.state.turn + 1)
        taken[jerusalem_taken(game, match.state) or "never"] += 1
        actions += match.steps
    seconds = time.process_time() - start

    n = len(vps)
    q1, q2, q3 = statistics.quantiles(vps, n=4) if n > 1 else (vps[0],) * 3
    bot_name = args.bot + (" (no abbot)" if args.no_abbot else "")
    order = [t.label for t in BOARD.turns] + ["never"]
    if args.json:
        figures = {
            "games": n,
            "seed": args.seed,
            "bot": bot_name,
            "options": options,
            "final VP": {
                "mean": statistics.mean(vps),
                "sd": statistics.pstdev(vps),
                "quartiles": [q1, q2, q3],
                "min": min(vps),
                "max": max(vps),
                "each game": vps,
            },
            "levels of victory": {level: levels[level] for level in LEVELS},
            "sudden deaths": dict(sudden),
            "mean turn reached": statistics.mean(turns),
            "Jerusalem first taken": {t: taken[t] for t in order if taken[t]},
            "mean actions per game": actions / n,
            "games per second": n / seconds,
            "CPU seconds": seconds,
        }
        print(json.dumps(figures, indent=2))
        return
    print(f"The First Crusade: {n} games from seed {args.seed}, bot {bot_name}, options {options or 'none'}")
    print(
        f"final VP: mean {statistics.mean(vps):.1f}, sd {statistics.pstdev(vps):.1f}, min {min(vps)}, ",
        end="",
    )
    print(f"quartiles {q1:.1f} / {q2:.1f} / {q3:.1f}, max {max(vps)}")
    print(*histogram(vps), sep="\n")
    print("levels of victory (6.2):")
    for level in LEVELS:
        print(f"  {level:<22} {levels[level]:4d}  {100 * levels[level] / n:5.1f}%")
    kinds = ", ".join(f"{k} {v}" for k, v in sudden.items()) or "none"
    print(f"sudden deaths (6.3): {sum(sudden.values())} ({kinds})")
    print(f"mean turn reached: {statistics.mean(turns):.2f} of {len(BOARD.turns)}")
    print("Jerusalem first taken:", ", ".join(f"{t} {taken[t]}" for t in order if taken[t]))
    print(f"mean actions per game: {actions / n:.0f}")
    print(f"speed: {n / seconds:.2f} games per second ({seconds:.1f} s CPU)")


if __name__ == "__main__":
    main()
