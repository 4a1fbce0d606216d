"""Third Crusade: a bot (the scripted one by default) against the rulebook's Bot, the solo game's
Bot Table (``Solo``, ``BotTable``), with 95% Wilson intervals (issue 17: "a strong scripted player
beats the Bot more often than not, but not always").

Usage: ``python bench/third_crusade_solo.py [--players 2 --players 4] [--scenario NAME ...]
[--bots muslim --bots crusader] [--games N] [--seed K] [--bot scripted] [--jobs J]
[--save FILE.jsonl] [--load FILE.jsonl ...] [--json]``.

A game is set up with the option ``solo`` (the rules play the Muslims) or ``solo`` and
``crusader_bots`` (the Crusaders; ``--bots`` picks the sides, both by default); ``--bot`` plays every
human seat, each seeded as ``outremer simulate`` seeds it. ``--players P`` spreads ``N`` games in turn
over the scenarios of that count and the Bot sides (2: the four pairings; 3: the four lone Armies;
4: ``four``), ``--scenario`` plays ``N`` of one scenario so; game ``i`` is seeded ``K+i``.

Figures per player count, per Bot side and per scenario: games; the share the humans' Alliance won
(a victory shared by every Army, R23's option, counts half); of those, the share ended at a victory
check with 10 Glory before End Game Scoring (``VictoryCheck``, ``EndGame.2``); the same for the Bot's
wins; the mean final Glory marker counted towards the humans' Alliance (negative: the Bot's), with
its standard error (games saved before it was recorded show a dash); CPU seconds a game. ``--save``
appends each game as a JSON line and ``--load`` reads them back, counted with those played.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from samples import play_all, saved
from third_crusade_balance import SCORING, SLUG, pct, rate, scenarios

from outremer.bots.match import play_match
from outremer.bots.registry import make_bot
from outremer.cli.simulate import bot_seed
from outremer.engine.registry import get_game
from outremer.games.third_crusade.state import CRUSADER, MUSLIM

SIDES = (MUSLIM, CRUSADER)
HUMANS_EARLY = "humans' wins at a victory check"
BOT_EARLY = "Bot's wins at a victory check"
GLORY = "final Glory towards the humans"


def margin(values: list[int]) -> tuple[float, float] | None:
    """The mean of ``values`` and its standard error (None without values): a finer figure than
    the win rate for comparing two versions of a bot on the same seeds."""
    n = len(values)
    if not n:
        return None
    mean = sum(values) / n
    spread = sum((v - mean) ** 2 for v in values) / (n - 1) if n > 1 else 0.0
    return mean, (spread / n) ** 0.5


def options(side: str) -> dict[str, bool]:
    """The setup options that have the rules play ``side`` (``Solo``; solo.bot_side)."""
    return {"solo": True, "crusader_bots": side == CRUSADER}


def play(job: tuple[str, str, int, str]) -> dict[str, Any]:
    """One game of ``scenario`` seeded ``seed``, the Bot playing ``side`` and ``bot`` every other
    Army, as a JSON-ready record."""
    scenario, side, seed, bot = job
    game = get_game(SLUG)
    chosen = options(side)
    humans = game.roles_for(scenario, chosen)
    start = time.process_time()
    bots = {r: make_bot(bot, game, bot_seed(seed, k)) for k, r in enumerate(humans)}
    state = play_match(game, bots, seed, scenario, chosen).state
    result = state.result
    return {
        "scenario": scenario,
        "players": len(game.roles_for(scenario)),
        "bot side": side,
        "seed": seed,
        "bot": bot,
        "humans": list(humans),
        "alliance": result["alliance"],
        "winners": list(result["winners"]),
        "early": SCORING not in result["reason"],
        "round": state.round + 1,
        "reason": result["reason"],
        "glory": state.glory if side == MUSLIM else -state.glory,
        "cpu seconds": time.process_time() - start,
    }


def summary(name: str, games: list[dict[str, Any]]) -> dict[str, Any]:
    """The figures of ``games`` (see the module docstring)."""
    n = len(games)
    human = [g for g in games if g["alliance"] not in (None, g["bot side"])]
    bot = [g for g in games if g["alliance"] == g["bot side"]]
    shared = n - len(human) - len(bot)
    return {
        "row": name,
        "games": n,
        "humans win": rate(len(human) + shared / 2, n),
        HUMANS_EARLY: rate(sum(g["early"] for g in human), len(human)),
        BOT_EARLY: rate(sum(g["early"] for g in bot), len(bot)),
        GLORY: margin([g["glory"] for g in games if "glory" in g]),
        "cpu seconds per game": sum(g["cpu seconds"] for g in games) / n,
    }


def table(bot: str, rows: list[dict[str, Any]]) -> list[str]:
    """The rows as a Markdown table."""
    out = [
        f"| row | games | {bot} wins | of its wins, at a victory check | of the Bot's wins, at a "
        "victory check | final Glory towards the humans (s.e.) | CPU s/game |",
        "|---|---|---|---|---|---|---|",
    ]
    for r in rows:
        out.append(
            f"| {r['row']} | {r['games']} | {pct(r['humans win'])} | "
            f"{pct(r[HUMANS_EARLY])} | {pct(r[BOT_EARLY])} | {glory(r[GLORY])} | "
            f"{r['cpu seconds per game']:.1f} |"
        )
    return out


def glory(value: tuple[float, float] | None) -> str:
    """A mean final Glory with its standard error, or a dash for games saved without it."""
    return "-" if value is None else f"{value[0]:+.1f} ({value[1]:.1f})"


def describe(record: dict[str, Any]) -> str:
    """A game's progress line."""
    return f"{record['scenario']} Bot {record['bot side']} seed {record['seed']}: {record['winners']}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, action="append", default=[], choices=(2, 3, 4))
    parser.add_argument("--scenario", action="append", default=[], help="repeatable")
    parser.add_argument("--bots", action="append", default=[], choices=SIDES, help="the Bot's side")
    parser.add_argument("--games", type=int, default=0, help="games per player count or scenario")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--bot", default="scripted", help="the bot in every human seat")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--save", type=Path, help="append each game played as a JSON line")
    parser.add_argument("--load", type=Path, action="append", default=[], help="games saved before")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    game = get_game(SLUG)
    unknown = [s for s in args.scenario if s not in game.scenarios]
    if unknown:
        raise SystemExit(f"unknown scenario {unknown[0]!r}; {SLUG} has {', '.join(game.scenarios)}")
    sides = args.bots or list(SIDES)
    groups = [[s] for s in args.scenario] + [scenarios(p) for p in args.players]
    jobs = []
    for names in groups:
        pairs = [(s, side) for s in names for side in sides]
        jobs += [(*pairs[i % len(pairs)], args.seed + i, args.bot) for i in range(args.games)]
    games = [g for _, g in saved(args.load)] + play_all(play, jobs, args.jobs, args.save, describe)
    if not games:
        raise SystemExit("no games: give --players or --scenario with --games, or --load")
    rows = []
    for players in sorted({g["players"] for g in games}):
        mine = [g for g in games if g["players"] == players]
        rows.append(summary(f"{players} players", mine))
        for side in SIDES:
            theirs = [g for g in mine if g["bot side"] == side]
            if theirs:
                rows.append(summary(f"{players} players, Bot {side}", theirs))
                names = sorted({g["scenario"] for g in theirs})
                if len(names) > 1:
                    for s in names:
                        rows.append(summary(f"{s}, Bot {side}", [g for g in theirs if g["scenario"] == s]))
    bots = sorted({g["bot"] for g in games})
    if args.json:
        print(json.dumps({"bots": bots, "rows": rows}, indent=2))
        return
    print("\n".join(table(", ".join(bots), rows)))


if __name__ == "__main__":
    main()
