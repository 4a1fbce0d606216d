"""Fit the weights of The First Crusade's quick evaluation (victory.chance) from scripted-bot games.

At the start of every turn of each game the current VP (6.1, as if the game ended now), the turn and
the Muslim Reaction Level are noted; a logistic regression then predicts whether the game ends in a
Victory or better (6.2). Prints the weights to paste into victory.py, the log-loss and the base rate
(``--json``: the same figures as JSON).

    python bench/first_crusade_evaluation.py --games 60 --seed 100 [--json]
"""

from __future__ import annotations

import argparse
import json

import numpy as np

from outremer.bots.registry import make_bot
from outremer.engine.registry import get_game
from outremer.games.first_crusade import victory
from outremer.games.first_crusade.state import PLAYER


def collect(games: int, seed: int) -> np.ndarray:
    game = get_game("first-crusade")
    rows = []
    for i in range(games):
        state = game.setup(seed + i)
        bot = make_bot("scripted", game, seed + i)
        seen: list[list[float]] = []
        last = None
        while game.active_roles(state):
            if state.turn != last:
                last = state.turn
                seen.append(victory.features(state))
            game.perform(state, PLAYER, bot.choose(game, state, PLAYER))
        outcome = game.outcome(state)
        won = 1.0 if outcome is not None and outcome.winners else 0.0
        rows += [[*x, won] for x in seen]
    return np.array(rows, dtype=float)


def fit(rows: np.ndarray, ridge: float = 1e-3) -> np.ndarray:
    """Logistic regression by Newton's method (a little ridge keeps it finite)."""
    x, y = rows[:, :-1], rows[:, -1]
    w = np.zeros(x.shape[1])
    for _ in range(50):
        p = 1 / (1 + np.exp(-x @ w))
        hessian = x.T @ (x * (p * (1 - p))[:, None]) + ridge * np.eye(len(w))
        w += np.linalg.solve(hessian, x.T @ (y - p) - ridge * w)
    return w


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--seed", type=int, default=100)
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args()
    rows = collect(args.games, args.seed)
    w = fit(rows)
    p = 1 / (1 + np.exp(-rows[:, :-1] @ w))
    y = rows[:, -1]
    loss = -np.mean(y * np.log(p) + (1 - y) * np.log(1 - p))
    base = y.mean()
    prior = -(base * np.log(base) + (1 - base) * np.log(1 - base))
    if args.json:
        figures = {
            "games": args.games,
            "seed": args.seed,
            "turn starts": len(rows),
            "victory or better": float(base),
            "log-loss": float(loss),
            "constant guess log-loss": float(prior),
            "weights": [float(v) for v in w],
        }
        print(json.dumps(figures, indent=2))
        return
    print(f"{len(rows)} turn starts of {args.games} games; Victory or better in {100 * base:.1f}%")
    print(f"log-loss {loss:.3f} (a constant guess: {prior:.3f})")
    print("WEIGHTS =", tuple(round(float(v), 3) for v in w))


if __name__ == "__main__":
    main()
