"""Third Crusade's balance with equal bots: the Alliances' win rates, how games end and the Final
Winner of each Army within its Alliance, each with a 95% Wilson interval (issue 17, "Balance").

Usage: ``python bench/third_crusade_balance.py [--players 2 --players 3 --players 4]
[--scenario NAME ...] [--games N] [--seed K] [--bot scripted] [--jobs J] [--save FILE.jsonl]
[--load FILE.jsonl ...] [--json]``.

``--players P`` plays ``N`` games at ``P`` players, spread in turn over the scenarios of that count
(2: the four pairings; 3: the four lone Armies; 4: ``four``); ``--scenario`` plays ``N`` games of
one scenario instead. Game ``i`` is seeded ``K+i`` and its seat ``j`` bot as ``outremer simulate``
seeds it. Every seat is the same bot (``--bot``, default scripted).

Figures per player count and per scenario: games; the Crusader and Muslim win rates (a victory
shared by every player, R23's option, counts half to each); the share of games ended by End Game
Scoring after the fourth round (the Objectives, ``EndGame.2``) against those ended early at a
victory check with 10 Glory (``VictoryCheck``), and the mean round of the early ends; for each
two-Army Alliance, of the games it won, the share each Army was the Final Winner
(``EndGame.FinalWinner``, a shared win counting half), and how many games each Army took each of
the three tiebreakers in (``EndGame.FinalWinner.1-3``; JSON only); the Glory the Missions moved
towards the Crusaders (``Upkeep.1``) and the Orders each Alliance left un-executed (``Upkeep.3``), a
game, from the log. ``--save`` appends each game as
a JSON line, ``--load`` reads such lines back (played games and loaded ones are counted together), so a large
sample can be gathered over several runs. CPU seconds per game are those of the worker process.
``--missions`` plays nothing: it prints what each Mission would score at the start of each scenario
(the Glory half between the Alliances, the Faith half between partners), the lever of the balance
runs of docs/third-crusade/balance.md.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from samples import play_all, saved

from outremer.bots.match import play_match
from outremer.bots.ratings import wilson
from outremer.bots.registry import make_bot
from outremer.cli.simulate import bot_seed
from outremer.engine.registry import get_game
from outremer.games.third_crusade import control, upkeep
from outremer.games.third_crusade.common import alliance, data
from outremer.games.third_crusade.state import CRUSADER, MUSLIM, NAMES

SLUG = "third-crusade"
SCORING = "after the fourth round"
"""Words of every End Game Scoring reason (``endgame._scoring_run``) and of no victory check's."""
MISSION = re.compile(r"Regions held (\d+) to (\d+)")
"""The Mission's line at upkeep (``upkeep._mission``): the Crusaders' count, then the Muslims'."""
UNEXECUTED = "was not executed"
"""Words of the line of each Order lost at upkeep (``upkeep._orders``, ``Upkeep.3``)."""


def scenarios(players: int) -> list[str]:
    """The standard scenarios of ``players`` players (not the plutorial nor the variable set-up)."""
    game = get_game(SLUG)
    prefix = {2: "two_", 3: "three_", 4: "four"}[players]
    return [s for s in game.scenarios if s.startswith(prefix)]


def mission_glory(state: Any) -> int:
    """The Glory the Missions moved towards the Crusaders over the game, net (``Upkeep.1``): each
    round's count of Regions held by the Crusaders less the Muslims', from the log."""
    held = (MISSION.search(text) for key, _, text in state.log if key == "Upkeep.1")
    return sum(int(m.group(1)) - int(m.group(2)) for m in held if m)


def orders_lost(state: Any) -> dict[str, int]:
    """The Orders each Alliance left un-executed and lost a Glory for over the game (``Upkeep.3``),
    from the log."""
    lost = {CRUSADER: 0, MUSLIM: 0}
    for key, _, text in state.log:
        if key == "Upkeep.3" and UNEXECUTED in text:
            army = next(a for a in state.armies if text.startswith(f"The {NAMES[a]}'s "))
            lost[alliance(army)] += 1
    return lost


def play(job: tuple[str, int, str]) -> dict[str, Any]:
    """One game of ``scenario`` seeded ``seed``, ``bot`` in every seat, as a JSON-ready record."""
    scenario, seed, bot = job
    game = get_game(SLUG)
    roles = game.roles_for(scenario)
    start = time.process_time()
    bots = {r: make_bot(bot, game, bot_seed(seed, k)) for k, r in enumerate(roles)}
    state = play_match(game, bots, seed, scenario).state
    result = state.result
    return {
        "scenario": scenario,
        "players": len(roles),
        "seed": seed,
        "bot": bot,
        "armies": list(roles),
        "alliance": result["alliance"],
        "winners": list(result["winners"]),
        "early": SCORING not in result["reason"],
        "round": state.round + 1,
        "glory": state.glory,
        "reason": result["reason"],
        "tiebreakers": result.get("tiebreakers"),
        "mission glory": mission_glory(state),
        "orders lost": orders_lost(state),
        "cpu seconds": time.process_time() - start,
    }


def rate(score: float, n: int) -> dict[str, Any]:
    """``score / n`` with its 95% Wilson interval (None for no games)."""
    if n == 0:
        return {"rate": None, "ci": None}
    w = wilson(score, n)
    return {"rate": w.value, "ci": [w.low, w.high]}


def summary(name: str, games: list[dict[str, Any]]) -> dict[str, Any]:
    """The figures of ``games`` (see the module docstring)."""
    n = len(games)
    won: dict[str, float] = defaultdict(float)
    for g in games:
        for side in (CRUSADER, MUSLIM):
            if g["alliance"] == side:
                won[side] += 1
            elif g["alliance"] is None:
                won[side] += 0.5
    early = [g for g in games if g["early"]]
    counted = [g for g in games if "mission glory" in g]
    lost = [g["orders lost"] for g in games if "orders lost" in g]
    final: dict[str, dict[str, float]] = defaultdict(lambda: defaultdict(float))
    for g in games:
        side = g["alliance"]
        pair = [a for a in g["armies"] if side is not None and alliance(a) == side]
        if len(pair) != 2:
            continue
        for army in pair:
            final[side][army] += (army in g["winners"]) / len(g["winners"])
    breaks: dict[str, dict[str, dict[str, int]]] = defaultdict(lambda: defaultdict(lambda: defaultdict(int)))
    for g in games:
        for tiebreaker, who in (g.get("tiebreakers") or {}).items():
            for army in who:
                breaks[g["alliance"]][tiebreaker][army] += 1
    per_army = {}
    for side, armies in sorted(final.items()):
        wins = round(sum(armies.values()))
        per_army[side] = {
            "games won": wins,
            **{army: rate(score, wins) for army, score in sorted(armies.items())},
        }
    return {
        "row": name,
        "games": n,
        "crusader": rate(won[CRUSADER], n),
        "muslim": rate(won[MUSLIM], n),
        "objectives after round 4": rate(n - len(early), n),
        "early 10 Glory": rate(len(early), n),
        "mean round of early ends": sum(g["round"] for g in early) / len(early) if early else None,
        "final winner": per_army,
        "tiebreakers won": {side: {k: dict(v) for k, v in d.items()} for side, d in sorted(breaks.items())},
        "missions' net Glory to the Crusaders": (
            sum(g["mission glory"] for g in counted) / len(counted) if counted else None
        ),
        "orders lost a game": (
            {side: sum(x[side] for x in lost) / len(lost) for side in (CRUSADER, MUSLIM)} if lost else None
        ),
        "cpu seconds per game": sum(g["cpu seconds"] for g in games) / n,
    }


def pct(r: dict[str, Any]) -> str:
    """A rate and its interval in percent ("-" for none)."""
    if r["rate"] is None:
        return "-"
    low, high = r["ci"]
    return f"{100 * r['rate']:.0f}% [{100 * low:.0f}, {100 * high:.0f}]"


def table(rows: list[dict[str, Any]]) -> list[str]:
    """The rows as a Markdown table."""
    out = [
        "| row | games | Crusaders win | Muslims win | Objectives after round 4 | early 10 Glory "
        "(mean round) | Final Winner within the Alliance | Missions' Glory to the Crusaders | "
        "Orders lost a game, Crusaders / Muslims | CPU s/game |",
        "|---|---|---|---|---|---|---|---|---|---|",
    ]
    for r in rows:
        mean = r["mean round of early ends"]
        mission = r["missions' net Glory to the Crusaders"]
        lost = r["orders lost a game"]
        orders = "-" if lost is None else f"{lost[CRUSADER]:.1f} / {lost[MUSLIM]:.1f}"
        finals = "; ".join(
            f"{side} ({f['games won']}): "
            + ", ".join(f"{a} {pct(v)}" for a, v in f.items() if a != "games won")
            for side, f in r["final winner"].items()
        )
        out.append(
            f"| {r['row']} | {r['games']} | {pct(r['crusader'])} | {pct(r['muslim'])} | "
            f"{pct(r['objectives after round 4'])} | {pct(r['early 10 Glory'])}"
            f"{'' if mean is None else f' ({mean:.1f})'} | {finals or '-'} | "
            f"{'-' if mission is None else f'{mission:+.1f}'} | {orders} | {r['cpu seconds per game']:.1f} |"
        )
    return out


def missions(names: list[str]) -> list[str]:
    """What each Mission would score at the start of each scenario in ``names`` (``Upkeep.1``, R14):
    its Glory half as the Crusaders' Regions less the Muslims' (positive: towards the Crusaders), and
    for each two-Army Alliance its Faith half as the first Army's Regions less its partner's."""
    game = get_game(SLUG)
    out = [
        "| scenario | Mission | Glory half, Crusaders less Muslims | Faith half, first Army less partner |"
    ]
    out.append("|---|---|---|---|")
    for name in names:
        state = game.setup(1, name)
        for card in data(state).cards.missions.values():
            held = {CRUSADER: 0, MUSLIM: 0}
            for rid in state.regions:
                side = control.holder(state, rid)
                if side is not None and upkeep.meets(state, card.glory, rid):
                    held[side] += 1
            faith = []
            for side in (CRUSADER, MUSLIM):
                pair = [a for a in state.armies if alliance(a) == side]
                if len(pair) == 2:
                    n = [
                        sum(upkeep.meets(state, card.faith, r) for r in control.controlled(state, a))
                        for a in pair
                    ]
                    faith.append(f"{pair[0]} less {pair[1]}: {n[0] - n[1]:+d}")
            out.append(
                f"| {name} | {card.id} | {held[CRUSADER] - held[MUSLIM]:+d} | {'; '.join(faith) or '-'} |"
            )
    return out


def describe(record: dict[str, Any]) -> str:
    """A game's progress line."""
    return f"{record['scenario']} seed {record['seed']}: {record['winners']}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, action="append", default=[], choices=(2, 3, 4))
    parser.add_argument("--scenario", action="append", default=[], help="repeatable")
    parser.add_argument("--games", type=int, default=0, help="games per player count or scenario")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--bot", default="scripted")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--save", type=Path, help="append each game played as a JSON line")
    parser.add_argument("--load", type=Path, action="append", default=[], help="games saved before")
    parser.add_argument("--json", action="store_true")
    parser.add_argument(
        "--missions", action="store_true", help="print what each Mission scores at the start, and stop"
    )
    args = parser.parse_args()
    game = get_game(SLUG)
    if args.missions:
        names = args.scenario or [s for p in args.players or [2, 3, 4] for s in scenarios(p)]
        print("\n".join(missions(names)))
        return
    unknown = [s for s in args.scenario if s not in game.scenarios]
    if unknown:
        raise SystemExit(f"unknown scenario {unknown[0]!r}; {SLUG} has {', '.join(game.scenarios)}")
    jobs = [(s, args.seed + i, args.bot) for s in args.scenario for i in range(args.games)]
    for players in args.players:
        names = scenarios(players)
        jobs += [(names[i % len(names)], args.seed + i, args.bot) for i in range(args.games)]
    games = [g for _, g in saved(args.load)] + play_all(play, jobs, args.jobs, args.save, describe)
    if not games:
        raise SystemExit("no games: give --players, --scenario with --games, or --load")
    rows = []
    for players in sorted({g["players"] for g in games}):
        mine = [g for g in games if g["players"] == players]
        rows.append(summary(f"{players} players", mine))
        names = sorted({g["scenario"] for g in mine})
        if len(names) > 1:
            rows += [summary(s, [g for g in mine if g["scenario"] == s]) for s in names]
    if args.json:
        print(json.dumps({"bots": sorted({g["bot"] for g in games}), "rows": rows}, indent=2))
        return
    print("\n".join(table(rows)))


if __name__ == "__main__":
    main()
