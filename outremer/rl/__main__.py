"""``python -m outremer.rl``: the spaces of every installed title's environment (docs/rl.md).

One line per title, and per option that changes its roles: the agents, the number of actions
(``Discrete(n)``) and the length of the observation. Without the ``rl`` extra, one line saying how
to install it, and exit status 1.
"""

from __future__ import annotations

import sys

from .. import rl
from ..engine.registry import get_game, titles


def main() -> None:
    if rl.missing is not None:
        sys.exit(rl.NEEDS_EXTRA)
    print(f"{'title':<28} {'agents':<36} {'actions':>8} {'observation':>12}")
    for slug in sorted(titles()):
        game = get_game(slug)
        setups: list[tuple[str, dict[str, bool] | None]] = [(slug, None)]
        for option in game.options:
            chosen = {option.name: not option.default}
            if game.roles_for(*game.check_setup(None, chosen)) != game.roles:
                setups.append((f"{slug} {option.name}={str(chosen[option.name]).lower()}", chosen))
        for label, options in setups:
            e = rl.env(game, options=options)
            agents = ", ".join(e.possible_agents)
            print(f"{label:<28} {agents:<36} {len(e.numbers):>8} {e.observation_size:>12}")


if __name__ == "__main__":
    main()
