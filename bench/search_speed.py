"""Search-bot speed: the CPU seconds a whole game takes with a bot (by default the search bot) in
every seat, scenario by scenario, and a digest of each game's actions, so that a change meant to
make the bot faster can be shown to leave every move as it was (docs/bots.md, "Speed").

Usage: ``python bench/search_speed.py [--game kingdom-of-heaven] [--scenario X ...] [--games N]
[--seed S] [--bot NAME] [--max-steps M] [--parts] [--json]``. Game i of a scenario is seeded S+i and the
bot of the j-th role S+i+j (as bench/kingdom_of_heaven_balance.py seeds its two bots). Printed
per scenario: the CPU seconds of each game and their mean, the actions, the decisions the bots
made with a choice and the CPU milliseconds of each, and the first 12 hex digits of the SHA-256
of the game's actions (as JSON): the same digest before and after a change is the same game.
``--parts`` also says where each game's CPU went: the share of the title's ``sample``,
``legal_actions``, ``active_roles``, ``perform``, ``evaluate`` and ``view`` (a scripted guide's
view, with the legal actions it lists) where the bots call them, each counted once where it was
first called (``legal_actions`` in a view counts as the view's), and the rest (the search's own
work, the guides' scoring and copies); timing every call costs a few percent more CPU.
Games are played one after another in this process (CPU time by ``time.process_time``); run it
at a low priority (``nice``) on a shared machine: CPU time is disturbed little by other work, but
not nothing (caches). Prints figures only; nothing is asserted.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import statistics
import time
from typing import Any

from outremer.bots.match import play_match
from outremer.bots.registry import make_bot
from outremer.engine.game import Action, Game, Role
from outremer.engine.registry import get_game

PARTS = ("sample", "legal_actions", "active_roles", "perform", "evaluate", "view")
"""The title's methods whose CPU time ``--parts`` measures."""


def timed(game: Game[Any], spent: dict[str, float]) -> Game[Any]:
    """``game`` with the CPU seconds of each outermost call of its ``PARTS`` added up in ``spent``."""
    cls = type(game)
    depth = [0]

    def part(name: str) -> Any:
        method = getattr(cls, name)

        def call(self: Any, *args: Any) -> Any:
            if depth[0]:
                return method(self, *args)
            depth[0] += 1
            start = time.process_time()
            try:
                return method(self, *args)
            finally:
                spent[name] = spent.get(name, 0.0) + time.process_time() - start
                depth[0] -= 1

        return call

    out: Game[Any] = type(f"Timed{cls.__name__}", (cls,), {name: part(name) for name in PARTS})()
    return out


class Counted:
    """A bot that counts its decisions with a choice (asking ``plain``, not a timed game)."""

    def __init__(self, bot: Any, plain: Game[Any]) -> None:
        self.bot = bot
        self.name = bot.name
        self.plain = plain
        self.decisions = 0

    def choose(self, game: Game[Any], state: Any, role: Role) -> Action:
        if len(self.plain.legal_actions(state, role)) > 1:
            self.decisions += 1
        action: Action = self.bot.choose(game, state, role)
        return action


def one(
    slug: str, scenario: str | None, seed: int, bot: str, max_steps: int, parts: bool = False
) -> dict[str, Any]:
    """One game: its CPU seconds, actions, decisions with a choice, digest and outcome (and with
    ``parts`` where the CPU went)."""
    spent: dict[str, float] = {}
    game = timed(get_game(slug), spent) if parts else get_game(slug)
    scenario, chosen = game.check_setup(scenario, None)
    roles = game.roles_for(scenario, chosen)
    bots = {role: Counted(make_bot(bot, game, seed + j), get_game(slug)) for j, role in enumerate(roles)}
    start = time.process_time()
    try:
        match = play_match(game, bots, seed, scenario, chosen, max_steps=max_steps)
    finally:
        for b in bots.values():
            getattr(b.bot, "close", lambda: None)()
    cpu = time.process_time() - start
    actions = [[role, list(action)] for role, action in match.record.actions]
    digest = hashlib.sha256(json.dumps(actions).encode()).hexdigest()[:12]
    outcome = game.outcome(match.state)
    decisions = sum(b.decisions for b in bots.values())
    shares = {name: round(spent.get(name, 0.0) / cpu, 3) for name in PARTS} if parts else {}
    if parts:
        shares["rest"] = round(1 - sum(shares.values()), 3)
    return {
        "seed": seed,
        "cpu": round(cpu, 2),
        "actions": len(actions),
        "decisions": decisions,
        "ms per decision": round(1000 * cpu / max(decisions, 1), 1),
        "digest": digest,
        "winners": None if outcome is None else list(outcome.winners),
        **({"parts": shares} if parts else {}),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="kingdom-of-heaven")
    parser.add_argument("--scenario", action="append")
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--seed", type=int, default=9001)
    parser.add_argument("--bot", default="ismcts:iterations=10")
    parser.add_argument("--max-steps", type=int, default=20000)
    parser.add_argument("--parts", action="store_true")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    game = get_game(args.game)
    scenarios = args.scenario or [None]
    out: dict[str, Any] = {"game": args.game, "bot": args.bot, "seed": args.seed, "scenarios": {}}
    for scenario in scenarios:
        games = [
            one(args.game, scenario, args.seed + i, args.bot, args.max_steps, args.parts)
            for i in range(args.games)
        ]
        cpu = [g["cpu"] for g in games]
        out["scenarios"][scenario or game.check_setup(None, None)[0]] = {
            "mean cpu": round(statistics.fmean(cpu), 2),
            "total cpu": round(sum(cpu), 2),
            "games": games,
        }
    if args.json:
        print(json.dumps(out))
        return
    print(f"{args.game}, {args.bot} in every seat, seeds from {args.seed}")
    print("scenario  seed   CPU s  actions  decisions  ms/decision  digest        winners")
    for sc, r in out["scenarios"].items():
        for g in r["games"]:
            print(
                f"{sc!s:<8}  {g['seed']:<5} {g['cpu']:7.2f}  {g['actions']:7}  {g['decisions']:9}  "
                f"{g['ms per decision']:11.1f}  {g['digest']}  {','.join(g['winners'] or ['-'])}"
            )
            if args.parts:
                print("          " + ", ".join(f"{k} {100 * v:.0f}%" for k, v in g["parts"].items()))
        print(f"{sc!s:<8}  mean  {r['mean cpu']:7.2f}")


if __name__ == "__main__":
    main()
