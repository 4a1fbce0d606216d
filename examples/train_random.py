"""Train a linear policy against the random bot with REINFORCE, through the PettingZoo environment.

    python examples/train_random.py                      # the toy title, a few seconds
    python examples/train_random.py --game crusader-rex  # any installed title (slower to learn)

``toy`` is the tiny title of the engine's tests (tests/engine/toy.py, in a source checkout): two
roles racing pawns with face-down bids, dice and secret cards; it learns in seconds.

The agent plays one role of each game (the roles taken in turn), every other role plays at random
(uniformly among the legal actions, as the platform's ``random`` bot). Its policy is a softmax over
the legal actions (the action mask) of

    logit(a) = bias[a] + weights[verb(a)] . observation

one bias per action and one weight vector per verb (an action's first part: "card", "step",
"fire"...), so that actions of a kind share what they learn. After each game every decision of the
agent moves along the gradient of its log-probability, scaled by the reward (+1 win, -1 loss, 0 draw)
minus a running baseline. Before and after training, the policy plays ``--games`` evaluation games
per role against the random bot; the script prints both win rates with 95% confidence intervals.
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

from outremer import rl
from outremer.engine import Game


def title(slug: str) -> str | Game[Any]:
    """An installed title's slug as it is, or the toy title of the engine's tests for ``toy``."""
    if slug != "toy":
        return slug
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    from tests.engine.toy import ToyGame

    return ToyGame()


class LinearPolicy:
    """A masked softmax over actions: a bias per action plus a linear function of the observation per
    verb."""

    def __init__(self, env: rl.GameEnv, rate: float) -> None:
        verbs = sorted({env.action_of(i)[0] for i in range(len(env.numbers))})
        self.verb = np.array([verbs.index(env.action_of(i)[0]) for i in range(len(env.numbers))])
        self.bias = np.zeros(len(env.numbers))
        self.weights = np.zeros((len(verbs), env.observation_size))
        self.rate = rate

    def probabilities(self, observation: np.ndarray, legal: np.ndarray) -> np.ndarray:
        """The policy over the ``legal`` action numbers."""
        logits = self.bias[legal] + self.weights[self.verb[legal]] @ observation
        logits -= logits.max()
        p = np.exp(logits)
        return p / p.sum()

    def choose(self, obs: dict[str, np.ndarray], rng: np.random.Generator, trace: list[Any] | None) -> int:
        """An action number drawn from the policy; with ``trace``, what learning needs is kept."""
        legal = np.flatnonzero(obs["action_mask"])
        p = self.probabilities(obs["observation"], legal)
        k = int(rng.choice(len(legal), p=p))
        if trace is not None:
            trace.append((obs["observation"], legal, p, k))
        return int(legal[k])

    def learn(self, trace: list[Any], advantage: float) -> None:
        """One REINFORCE step: each decision's log-probability gradient, times ``advantage``."""
        step = self.rate * advantage / max(1, len(trace))
        for observation, legal, p, k in trace:
            chosen = -p
            chosen[k] += 1.0  # d log p(k) / d logit = onehot(k) - p
            np.add.at(self.bias, legal, step * chosen)
            verbs = self.verb[legal]
            per_verb = np.bincount(verbs, weights=chosen, minlength=len(self.weights))
            used = np.flatnonzero(per_verb)
            self.weights[used] += step * np.outer(per_verb[used], observation)


def play(
    env: rl.GameEnv,
    seed: int,
    me: str,
    policy: LinearPolicy,
    rng: np.random.Generator,
    trace: list[Any] | None = None,
) -> float:
    """One game: ``me`` plays by ``policy``, the others at random. Returns ``me``'s reward."""
    env.reset(seed=seed)
    total = 0.0
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, _ = env.last()
        if agent == me:
            total += reward
        if terminated or truncated:
            env.step(None)
        elif agent == me:
            env.step(policy.choose(obs, rng, trace))
        else:
            env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    return total


def win_rate(results: list[float]) -> tuple[float, float]:
    """The share of wins and the half-width of its 95% (Wilson) confidence interval."""
    n = len(results)
    wins = sum(1 for r in results if r > 0)
    z = 1.96
    centre = (wins + z * z / 2) / (n + z * z)
    half = z * math.sqrt(wins * (n - wins) / n + z * z / 4) / (n + z * z)
    return centre, half


def evaluate(env: rl.GameEnv, policy: LinearPolicy, games: int, seed: int) -> dict[str, list[float]]:
    """``games`` games against random for each role (the same seeds for each), rewards by role."""
    rng = np.random.default_rng(seed)
    return {me: [play(env, seed + i, me, policy, rng) for i in range(games)] for me in env.possible_agents}


def report(label: str, results: dict[str, list[float]], say: Callable[[str], None]) -> None:
    """Say the win rates of ``results``: over all games, then per role."""
    parts = []
    for me, rewards in results.items():
        rate, half = win_rate(rewards)
        parts.append(f"as {me} {100 * rate:.0f}% ± {100 * half:.0f}")
    every = [r for rewards in results.values() for r in rewards]
    rate, half = win_rate(every)
    say(f"{label}: wins {100 * rate:.0f}% ± {100 * half:.0f} over {len(every)} games ({', '.join(parts)})")


def positive(text: str) -> int:
    """A command-line count of at least 1."""
    n = int(text)
    if n < 1:
        raise argparse.ArgumentTypeError(f"expected a count of at least 1, not {n}")
    return n


def main(argv: list[str] | None = None, say: Callable[[str], None] = print) -> dict[str, Any]:
    """Evaluate, train, evaluate again; say each step and return the evaluations' rewards by role."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", default="toy", help="a title's slug, or toy (the default)")
    parser.add_argument("--option", action="append", default=[], help="a setup option NAME=true|false")
    parser.add_argument("--episodes", type=positive, default=3000, help="training games")
    parser.add_argument(
        "--games", type=positive, default=300, help="evaluation games per role, before and after"
    )
    parser.add_argument("--rate", type=float, default=0.5, help="learning rate")
    parser.add_argument("--seed", type=int, default=1, help="the first game seed")
    args = parser.parse_args(argv)
    options = {}
    for item in args.option:
        name, _, value = item.partition("=")
        if value not in ("true", "false"):
            parser.error(f"--option takes NAME=true or NAME=false, not {item!r}")
        options[name] = value == "true"
    env = rl.env(title(args.game), options=options)
    policy = LinearPolicy(env, args.rate)
    start = time.perf_counter()
    eval_seed = args.seed + 1_000_000  # evaluation games never repeat a training game
    before = evaluate(env, policy, args.games, eval_seed)
    report("before training (a uniform policy)", before, say)
    rng = np.random.default_rng(args.seed)
    baseline = 0.0
    roles = env.possible_agents
    steps = 0
    training = time.perf_counter()
    for episode in range(args.episodes):
        me = roles[episode % len(roles)]
        trace: list[Any] = []
        reward = play(env, args.seed + episode, me, policy, rng, trace)
        steps += env.steps
        policy.learn(trace, reward - baseline)
        baseline += 0.05 * (reward - baseline)
        if (episode + 1) % max(1, args.episodes // 5) == 0:
            say(f"  trained {episode + 1} games, running mean reward {baseline:+.2f}")
    trained = time.perf_counter() - training
    after = evaluate(env, policy, args.games, eval_seed)
    report("after training", after, say)
    seconds = time.perf_counter() - start
    say(f"{seconds:.0f} s in all; training: {steps} environment steps, {steps / trained:.0f} a second")
    return {"before": before, "after": after, "seconds": seconds}


if __name__ == "__main__":
    main()
