"""Fit the weights of Crusader Rex's evaluation (``games/crusader_rex/evaluation.py``) for search.

Usage: ``python bench/crusader_rex_evaluation.py [--games 150] [--seed 0] [--every 12] [--json]``.

Plays games of the scripted bot against itself (for variety, in a quarter of the games each
decision is a random legal action with probability 10%, in another quarter 30%),
notes the evaluation's features every ``--every`` actions and the game's winner, and fits a
logistic regression (Newton's method, a light L2 penalty) of "the Franks win" on the features.
Prints the log-loss on the games of every fifth seed held out, against a constant guess, how many
steps short of full strength the blocks on the map are (the sampler's ``STEPS_SHORT``), then the
weights fitted on all games, ready to paste as ``WEIGHTS`` (``--json``: the same figures as JSON).
"""

from __future__ import annotations

import argparse
import json
import random
from collections import Counter

import numpy as np

from outremer.bots.registry import make_bot
from outremer.engine.registry import get_game
from outremer.games.crusader_rex import evaluation
from outremer.games.crusader_rex.common import BLOCKS, TOWNS

NOISE = (0.0, 0.0, 0.1, 0.3)


def play(seed: int, every: int, short: Counter[int]) -> tuple[list[list[float]], float]:
    """The features of one game's positions, and 1 if the Franks won (0.5 a draw, else 0); counts
    into ``short`` how many steps short of full strength each block on the map is at each."""
    game = get_game("crusader-rex")
    state = game.setup(seed)
    noise = random.Random(seed).choice(NOISE)
    chooser = random.Random(seed)
    bots = {role: make_bot("scripted", game, seed * 7 + i) for i, role in enumerate(game.roles)}
    rows: list[list[float]] = []
    steps = 0
    while game.outcome(state) is None:
        for role in game.active_roles(state):
            if role not in game.active_roles(state):
                continue
            legal = game.legal_actions(state, role)
            if chooser.random() < noise:
                action = chooser.choice(legal)
            else:
                action = bots[role].choose(game, state, role)
            game.perform(state, role, action)
            steps += 1
            if steps % every == 0 and game.outcome(state) is None:
                rows.append(evaluation.features(state))
                short.update(
                    BLOCKS[b].max_steps - state.steps[b]
                    for b, where in state.loc.items()
                    if where in TOWNS and BLOCKS[b].side in game.roles
                )
    outcome = game.outcome(state)
    assert outcome is not None
    won = 1.0 if outcome.winners == ("Franks",) else 0.0 if outcome.winners else 0.5
    return rows, won


def fit(x: np.ndarray, y: np.ndarray, l2: float = 1e-2) -> np.ndarray:
    """Logistic regression weights by Newton's method."""
    w = np.zeros(x.shape[1])
    for _ in range(50):
        p = 1 / (1 + np.exp(-x @ w))
        gradient = x.T @ (p - y) + l2 * w
        hessian = (x.T * (p * (1 - p))) @ x + l2 * np.eye(len(w))
        w -= np.linalg.solve(hessian, gradient)
    return w


def log_loss(w: np.ndarray, x: np.ndarray, y: np.ndarray) -> float:
    p = np.clip(1 / (1 + np.exp(-x @ w)), 1e-9, 1 - 1e-9)
    return float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p)))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=150)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--every", type=int, default=12, help="actions between noted positions")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args()
    rows, labels, seeds = [], [], []
    short: Counter[int] = Counter()
    for seed in range(args.seed, args.seed + args.games):
        got, won = play(seed, args.every, short)
        rows += got
        labels += [won] * len(got)
        seeds += [seed] * len(got)
    x, y, s = np.array(rows), np.array(labels), np.array(seeds)
    held = s % 5 == 0
    w = fit(x[~held], y[~held])
    constant = np.zeros_like(w)
    constant[0] = np.log(y[~held].mean() / (1 - y[~held].mean()))
    held_out, guess = log_loss(w, x[held], y[held]), log_loss(constant, x[held], y[held])
    total = sum(short.values())
    steps_short = {k: short[k] / total for k in sorted(short)}
    w = fit(x, y)
    if args.json:
        figures = {
            "games": args.games,
            "seed": args.seed,
            "positions": len(y),
            "franks won": float(y.mean()),
            "held-out log-loss": held_out,
            "constant guess log-loss": guess,
            "steps short": steps_short,
            "weights": dict(zip(evaluation.NAMES, map(float, w), strict=True)),
        }
        print(json.dumps(figures, indent=2))
        return
    print(f"{args.games} games, {len(y)} positions, the Franks won {100 * y.mean():.1f}% of them")
    print(f"held-out log-loss {held_out:.3f} (a constant guess: {guess:.3f})")
    shares = ", ".join(f"{k}: {v:.2f}" for k, v in steps_short.items())
    print(f"blocks on the map, steps short of full strength (sampler.STEPS_SHORT): {shares}")
    for name, value in zip(evaluation.NAMES, w, strict=True):
        print(f"  {name:<12} {value:+.3f}")
    print("WEIGHTS = (" + ", ".join(f"{v:.3f}" for v in w) + ")")


if __name__ == "__main__":
    main()
