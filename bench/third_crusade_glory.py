"""Third Crusade: where the Glory of a game comes from, counted by the rule step that moved it and
the Alliance it helped, over seeded games of one scenario (issue 17: why a bot loses to the Bot).

Usage: ``python bench/third_crusade_glory.py --scenario NAME [--bots muslim|crusader|none]
[--games N] [--seed K] [--bot scripted] [--json]``.

``--bots`` gives the rules' Bot that side (``Solo``; the options of bench/third_crusade_solo.py), or
none: ``--bot`` then plays every Army. Game ``i`` is seeded ``K+i``, each Army's bot seeded as
``outremer simulate`` seeds it. Every move of the Glory marker (``common.move_glory``) on the game
itself is counted, not those on the states a bot tries out: by the function that called it (in
battle.py: Battles won, ``Battle.Glory``; in upkeep.py: the Mission, ``Upkeep.1``, Orders left
un-executed, ``Upkeep.3``, Jerusalem and Glory icons, ``Upkeep.4.C``/``4.E``, supply short,
``Upkeep.4.A``; in diplomacy.py and steps.py: rewards and events; in endgame.py: Objectives) and
the Alliance the marker moved towards. The count wraps ``move_glory`` where the title's modules
imported it, for this process only.
"""

from __future__ import annotations

import argparse
import importlib
import json
import pkgutil
import sys
from collections import Counter
from typing import Any

import outremer.games.third_crusade as title
from outremer.bots.match import play_match
from outremer.bots.registry import make_bot
from outremer.cli.simulate import bot_seed
from outremer.engine.registry import get_game
from outremer.games.third_crusade import common
from outremer.games.third_crusade.state import CRUSADER, MUSLIM

SLUG = "third-crusade"
SIDES = (MUSLIM, CRUSADER, "none")


class Ledger:
    """The Glory steps moved on one state (the game being played), by caller and Alliance."""

    def __init__(self) -> None:
        self.game_state: Any = None
        self.steps: Counter[tuple[str, str]] = Counter()

    def install(self) -> None:
        """Wrap ``move_glory`` in every module of the title that imported it."""
        moved = common.move_glory

        def counted(state: Any, side: str, steps: int) -> None:
            before = state.glory
            moved(state, side, steps)
            if state is self.game_state and state.glory != before:
                caller = sys._getframe(1).f_code
                towards = CRUSADER if state.glory > before else MUSLIM
                where = f"{caller.co_filename.rsplit('/', 1)[-1][:-3]}.{caller.co_name.lstrip('_')}"
                self.steps[where, towards] += abs(state.glory - before)

        for module in pkgutil.iter_modules(title.__path__):
            loaded = importlib.import_module(f"{title.__name__}.{module.name}")
            if getattr(loaded, "move_glory", None) is moved:
                loaded.move_glory = counted


def options(side: str) -> dict[str, bool]:
    """The setup options that have the rules play ``side`` (none: no Bot)."""
    return {} if side == "none" else {"solo": True, "crusader_bots": side == CRUSADER}


def count(scenario: str, side: str, games: int, seed: int, bot: str) -> dict[str, Any]:
    """The Glory steps of ``games`` games by source and Alliance, and the Crusaders' wins."""
    game = get_game(SLUG)
    ledger = Ledger()
    ledger.install()
    chosen = options(side)
    humans = game.roles_for(scenario, chosen)
    wins = 0

    def watch(state: Any) -> bool:
        ledger.game_state = state  # the game itself, asked before every action: never stops it
        return False

    for i in range(games):
        bots = {r: make_bot(bot, game, bot_seed(seed + i, k)) for k, r in enumerate(humans)}
        match = play_match(game, bots, seed + i, scenario, chosen, until=watch)
        wins += match.state.result["alliance"] == CRUSADER
    sources = sorted({where for where, _ in ledger.steps})
    return {
        "scenario": scenario,
        "bot side": side,
        "bot": bot,
        "games": games,
        "seeds": [seed, seed + games - 1],
        "crusader wins": wins,
        "glory steps": {w: {a: ledger.steps[w, a] for a in (CRUSADER, MUSLIM)} for w in sources},
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scenario", required=True)
    parser.add_argument("--bots", default=CRUSADER, choices=SIDES, help="the Bot's side, or none")
    parser.add_argument("--games", type=int, default=24)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--bot", default="scripted")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args()
    report = count(args.scenario, args.bots, args.games, args.seed, args.bot)
    if args.json:
        print(json.dumps(report))
        return
    print(
        f"{report['scenario']}, Bot: {report['bot side']}, {report['bot']} elsewhere, "
        f"seeds {report['seeds'][0]}-{report['seeds'][1]}: the Crusaders won "
        f"{report['crusader wins']} of {report['games']}"
    )
    print("| source | Glory steps towards the Crusaders | towards the Muslims |")
    print("|---|---|---|")
    for where, steps in report["glory steps"].items():
        print(f"| {where} | {steps[CRUSADER]} | {steps[MUSLIM]} |")


if __name__ == "__main__":
    main()
