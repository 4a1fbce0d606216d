"""Fit the weights of Third Crusade's evaluation (``games/third_crusade/evaluation.py``) for search.

Usage: ``python bench/third_crusade_evaluation.py [--games 60] [--seed 0] [--scenario four ...]
[--every 20] [--json]``.

Plays games of the scripted bot in every seat (for variety, in a quarter of the games each decision
is a random legal action with probability 10%, in another quarter 30%), notes the evaluation's
features every ``--every`` actions, and fits two logistic regressions (Newton's method, an L2
penalty of 1: the positions of a game are alike, so the games, not the positions, are the sample):
"the Crusaders win" on ``evaluation.features`` (``WEIGHTS``), and, for each two-Army Alliance that
won, "the Army listed first is the Final Winner" (a shared win counts 1/2) on
``evaluation.partner_features`` (``PARTNER_WEIGHTS``; its ``first`` feature is the bias, the
others are the partners' differences). Prints the log-loss on the games of every fifth seed held
out, against a constant guess and against the weights in the module, then the weights fitted on all
games, ready to paste (``--json``: the same figures as JSON).
"""

from __future__ import annotations

import argparse
import json
import random
from typing import Any

import numpy as np

from outremer.bots.registry import make_bot
from outremer.engine.registry import get_game
from outremer.games.third_crusade import evaluation, forecast
from outremer.games.third_crusade.common import alliance, allies
from outremer.games.third_crusade.state import CRUSADER

NOISE = (0.0, 0.0, 0.1, 0.3)


def play(
    seed: int, scenario: str, every: int
) -> tuple[list[list[float]], float, list[tuple[list[float], float]]]:
    """One game's positions: the features of each, 1 if the Crusaders won (else 0), and each
    winning partner's features, for the Army listed first in the Alliance (its partner's are their
    negatives), with 1 if it was the Final Winner (1/2 shared, else 0)."""
    game = get_game("third-crusade")
    state = game.setup(seed, scenario)
    noise = random.Random(seed).choice(NOISE)
    chooser = random.Random(seed)
    bots = {role: make_bot("scripted", game, seed * 7 + i) for i, role in enumerate(game.roles_for(scenario))}
    rows: list[list[float]] = []
    partners: list[tuple[str, list[float]]] = []
    steps = 0
    while state.result is None:
        role = game.active_roles(state)[0]
        legal = game.legal_actions(state, role)
        action = chooser.choice(legal) if chooser.random() < noise else bots[role].choose(game, state, role)
        game.perform(state, role, action)
        steps += 1
        if steps % every == 0 and state.result is None:
            held = forecast.holdings(state)
            rows.append(evaluation.features(state, held))
            first = [a for a in state.armies if len(allies(state, a)) == 2 and a == allies(state, a)[0]]
            partners += [(a, evaluation.partner_features(state, a, held)) for a in first]
    winners = state.result["winners"]
    side = state.result.get("alliance")
    won = 1.0 if side == CRUSADER else 0.0
    final = [
        (x, (a in winners) / len(winners)) for a, x in partners if alliance(a) == side and len(winners) <= 2
    ]
    return rows, won, final


def fit(x: np.ndarray, y: np.ndarray, l2: float = 1.0) -> np.ndarray:
    """Logistic regression weights by Newton's method."""
    w = np.zeros(x.shape[1])
    for _ in range(50):
        p = 1 / (1 + np.exp(-x @ w))
        gradient = x.T @ (p - y) + l2 * w
        hessian = (x.T * (p * (1 - p))) @ x + l2 * np.eye(len(w))
        w -= np.linalg.solve(hessian, gradient)
    return w


def log_loss(w: np.ndarray, x: np.ndarray, y: np.ndarray) -> float:
    p = np.clip(1 / (1 + np.exp(-np.clip(x @ w, -30, 30))), 1e-9, 1 - 1e-9)
    return float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p)))


def figures(x: np.ndarray, y: np.ndarray, s: np.ndarray, now: tuple[float, ...], bias: int) -> dict[str, Any]:
    """Held-out log-losses (every fifth seed held out) and the weights fitted on all rows;
    ``bias``: the column of the feature that is 1 in every row."""
    held = s % 5 == 0
    w = fit(x[~held], y[~held])
    constant = np.zeros_like(w)  # the rate of the training rows, on the feature that is always 1
    rate = min(max(y[~held].mean(), 1e-6), 1 - 1e-6)
    constant[bias] = np.log(rate / (1 - rate))
    return {
        "positions": len(y),
        "label mean": float(y.mean()),
        "held-out log-loss": log_loss(w, x[held], y[held]),
        "constant guess log-loss": log_loss(constant, x[held], y[held]),
        "module weights log-loss": log_loss(np.array(now), x[held], y[held]),
        "weights": [float(v) for v in fit(x, y)],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=60, help="games per scenario")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--scenario", action="append", default=[], help="repeatable; default four")
    parser.add_argument("--every", type=int, default=20, help="actions between noted positions")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args()
    rows, labels, seeds, pairs, shares, pair_seeds = [], [], [], [], [], []
    for scenario in args.scenario or ["four"]:
        for seed in range(args.seed, args.seed + args.games):
            got, won, final = play(seed, scenario, args.every)
            rows += got
            labels += [won] * len(got)
            seeds += [seed] * len(got)
            pairs += [x for x, _ in final]
            shares += [y for _, y in final]
            pair_seeds += [seed] * len(final)
    side = figures(np.array(rows), np.array(labels), np.array(seeds), evaluation.WEIGHTS, bias=0)
    partner = figures(
        np.array(pairs), np.array(shares), np.array(pair_seeds), evaluation.PARTNER_WEIGHTS, bias=4
    )
    if args.json:
        out: dict[str, Any] = {"games": args.games, "seed": args.seed, "scenarios": args.scenario or ["four"]}
        out["crusaders"] = {**side, "names": list(evaluation.NAMES)}
        out["partner"] = {**partner, "names": list(evaluation.PARTNER_NAMES)}
        print(json.dumps(out, indent=2))
        return
    tables: list[tuple[str, dict[str, Any], tuple[str, ...]]] = [
        ("the Crusaders win", side, evaluation.NAMES),
        ("the Army listed first is Final Winner", partner, evaluation.PARTNER_NAMES),
    ]
    for title, fitted, names in tables:
        print(f"{title}: {fitted['positions']} positions, label mean {fitted['label mean']:.3f}")
        print(
            f"  held-out log-loss {fitted['held-out log-loss']:.3f} (constant guess "
            f"{fitted['constant guess log-loss']:.3f}, "
            f"module weights {fitted['module weights log-loss']:.3f})"
        )
        for name, value in zip(names, fitted["weights"], strict=True):
            print(f"  {name:<12} {value:+.3f}")
        print("  (" + ", ".join(f"{v:.3f}" for v in fitted["weights"]) + ")")


if __name__ == "__main__":
    main()
