"""The cost of the game's random generator (engine/rng.py): the keyed BLAKE2b one of new games
against the legacy SplitMix64 of old saves.

Usage: ``python bench/rng_speed.py [--draws N] [--json]``. Figures, in nanoseconds of CPU time of
this process (``time.process_time``, the best of five passes; nothing is asserted about them):

- ``ns per d6``: one die, drawn after the one before from the same generator (eight draws share
  a hash: the common case in play);
- ``ns per d6, new key each``: one die from a generator never drawn from before (a hash every die:
  the worst case, say the first die of each search sample);
- ``ns per shuffle of 27``: a 27-card deck shuffled (Crusader Rex's deck, 4.0).
"""

from __future__ import annotations

import argparse
import json
import random
import time
from collections.abc import Callable
from types import SimpleNamespace

from outremer.engine import rng

DECK = 27


def best_ns(fn: Callable[[], None], count: int, repeat: int = 5) -> float:
    """Nanoseconds per unit of ``fn``, which does ``count`` units (the best of ``repeat`` passes)."""
    best = float("inf")
    for _ in range(repeat):
        start = time.process_time()
        fn()
        best = min(best, time.process_time() - start)
    return best / count * 1e9


def figures(generator: str, draws: int) -> dict[str, float]:
    """The three figures of ``generator``."""
    keys = random.Random(1)
    starts = [
        rng.seed_state(keys.getrandbits(64), generator) if generator == rng.LEGACY else rng.fresh(keys)
        for _ in range(draws)
    ]

    def dice() -> None:
        holder = SimpleNamespace(rng=rng.seed_state(1, generator))
        for _ in range(draws):
            rng.d6(holder)

    def first_dice() -> None:
        for start in starts:
            rng.d6(SimpleNamespace(rng=start))

    shuffles = max(1, draws // DECK)

    def shuffle() -> None:
        holder = SimpleNamespace(rng=rng.seed_state(1, generator))
        for _ in range(shuffles):
            rng.shuffle(holder, list(range(DECK)))

    return {
        "ns per d6": best_ns(dice, draws),
        "ns per d6, new key each": best_ns(first_dice, draws),
        f"ns per shuffle of {DECK}": best_ns(shuffle, shuffles),
    }


def main() -> None:
    """Parse arguments, measure both generators, print a table or JSON."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--draws", type=int, default=200_000, help="dice per pass")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args()
    if args.draws < 1:
        parser.error("--draws takes a whole number of at least 1")
    results = {name: figures(name, args.draws) for name in (rng.KEYED, rng.LEGACY)}
    if args.json:
        print(json.dumps({"draws": args.draws, "generators": results}, indent=2))
        return
    rows = list(results[rng.KEYED])
    width = max(len(r) for r in rows)
    print(f"random generators: {args.draws:,} dice per pass, best of 5, CPU time")
    print(f"  {'':<{width}}  {rng.KEYED:>12}  {rng.LEGACY:>12}")
    for row in rows:
        print(f"  {row:<{width}}  {results[rng.KEYED][row]:>12,.0f}  {results[rng.LEGACY][row]:>12,.0f}")


if __name__ == "__main__":
    main()
