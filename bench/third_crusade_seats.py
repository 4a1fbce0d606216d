"""What each Army does in a Third Crusade game, counted from the log: the means per game of one seat
against the others, to find why a bot is weak in one seat.

Usage: ``python bench/third_crusade_seats.py [--bot scripted] [--against random] [--scenario four]
[--seat hre] [--games N] [--seed K] [--json]``.

The bot plays ``--seat`` (every seat in turn without it) and the opponent every other seat, in the
games of bench/third_crusade_bots.py (the same seeds and bot seeds). Counted per Army, as means per
game: Orders placed (``Planning.Facing``) and executed (``Command.Order``), Glory lost at upkeep
for Orders left un-executed (``Upkeep.3``) and for supply (``Upkeep.4.A``), Glory icons counted
(``Upkeep.4.E``), Battles attacked and defended and those won, Regions Controlled, Cities of its
best Objective Card, gold at the end; and per game: the Army's Alliance won, the Army won, and the
tiebreakers of the Final Winner it took (``EndGame.FinalWinner``, R24).
"""

from __future__ import annotations

import argparse
import json
import re
from collections import Counter, defaultdict
from typing import Any

from outremer.bots.match import play_match
from outremer.bots.registry import make_bot
from outremer.engine.registry import get_game
from outremer.games.third_crusade import forecast
from outremer.games.third_crusade.common import alliance, data
from outremer.games.third_crusade.state import NAMES

SLUG = "third-crusade"


def count(state: Any) -> dict[str, Counter[str]]:
    """The counts of one finished game, per Army (see the module docstring)."""
    by_name = {name: army for army, name in NAMES.items()}
    names = "|".join(re.escape(n) for n in sorted(by_name, key=len, reverse=True))
    out: dict[str, Counter[str]] = defaultdict(Counter)
    attacker = ""
    for key, audience, text in state.log:
        if audience is not None and audience[:1] != ["!"]:
            continue  # private lines have a public twin
        m = re.match(rf"The ({names})", text) or re.match(rf"({names})", text)
        army = by_name.get(m.group(1), "") if m else ""
        if key == "Planning.Facing" and "places" in text:
            out[army]["placed"] += 1
        elif key == "Command.Order" and "executes" in text:
            out[army]["executed"] += 1
        elif key == "Upkeep.3" and "not executed" in text:
            out[army]["glory lost: orders"] += 1
        elif key == "Upkeep.4.A" and "Glory lost" in text:
            out[army]["glory lost: supply"] += int(re.search(r"(\d+) Glory lost", text).group(1))  # type: ignore[union-attr]
        elif key == "Upkeep.4.E":
            out[army]["glory icons"] += int(re.search(r"counts (\d+)", text).group(1))  # type: ignore[union-attr]
        elif key == "Battle.Roles":
            m2 = re.match(rf"Battle in .*: ({names}) attacks(?:, ({names}) defends)?", text)
            if m2:
                attacker = by_name[m2.group(1)]
                out[attacker]["battles attacked"] += 1
                if m2.group(2):
                    out[by_name[m2.group(2)]]["battles defended"] += 1
        elif key == "Battle.Losses" and attacker:
            side = re.search(r"the (\w+) side wins", text)
            if side and side.group(1) == alliance(attacker):
                out[attacker]["battles won attacking"] += 1
            attacker = ""
    held = forecast.holdings(state)
    cards = data(state).cards.objectives
    for army in state.armies:
        mine = set(held.of(army))
        out[army]["regions"] += len(mine)
        out[army]["objective cities"] += max(
            (cards[c].count(mine) for c in state.objectives[army]), default=0
        )
        out[army]["gold"] += state.gold[army]
        out[army]["rounds"] += state.round + 1
        winners = state.result["winners"]
        out[army]["alliance won"] += int(any(alliance(w) == alliance(army) for w in winners))
        out[army]["won"] += int(army in winners)
        for name, who in (state.result.get("tiebreakers") or {}).items():
            out[army][f"tiebreaker {name}"] += int(army in who)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bot", default="scripted")
    parser.add_argument("--against", default="random")
    parser.add_argument("--scenario", default="four")
    parser.add_argument("--seat", action="append", default=[], help="repeatable; default every seat")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    game = get_game(SLUG)
    roles = game.roles_for(args.scenario)
    report: dict[str, Any] = {}
    for seat in args.seat or roles:
        totals: dict[str, Counter[str]] = defaultdict(Counter)
        for seed in range(args.seed, args.seed + args.games):
            bots = {
                r: make_bot(
                    args.bot if r == seat else args.against, game, seed * 31 + (0 if r == seat else k + 1)
                )
                for k, r in enumerate(roles)
            }
            state = play_match(game, bots, seed, args.scenario).state
            for army, c in count(state).items():
                if army:
                    totals[army].update(c)
        report[seat] = {a: {k: v / args.games for k, v in sorted(totals[a].items())} for a in roles}
    if args.json:
        print(
            json.dumps(
                {"bot": args.bot, "against": args.against, "games": args.games, "seats": report}, indent=2
            )
        )
        return
    for seat, per in report.items():
        print(f"\n{args.bot} in {seat}, {args.against} elsewhere: means over {args.games} games")
        keys = sorted({k for c in per.values() for k in c})
        print("| | " + " | ".join(roles) + " |")
        print("|---|" + "---|" * len(roles))
        for k in keys:
            print(f"| {k} | " + " | ".join(f"{per[a].get(k, 0):.2f}" for a in roles) + " |")


if __name__ == "__main__":
    main()
