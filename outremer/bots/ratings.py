"""Ratings from game results: score rates with Wilson intervals, and an Elo fit that knows sides.

Tournaments (bots/tournament.py) report two kinds of figures, both computed here:

- a **score rate** per bot and side: ``(wins + draws / 2) / games`` with a 95% Wilson score
  interval (:func:`wilson`), and the mean of the title's scores with a normal interval
  (:func:`mean_interval`);
- **ratings**: a Bradley-Terry model on the Elo scale with a term per role, fitted by maximum
  likelihood (:func:`fit`). Seat ``i`` (bot ``b``, role ``r``) scores against seat ``j`` with
  probability ``1 / (1 + 10 ** (-(R[b] + A[r] - R[b'] - A[r']) / 400))``: ``R`` is a bot's rating and
  ``A`` a role's advantage, so a side that wins more often whoever holds it does not inflate the
  rating of the bot that happened to hold it. A draw counts as half a win for each seat.

A game of several seats gives one :class:`Comparison` per pair of seats (:func:`comparisons`); a
game of one seat (a solitaire title) is a comparison of the bot with the title itself, whose rating
is held at 0: a bot rated 0 then wins half its games.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Any

Z95 = 1.959963984540054
"""The standard normal quantile of a two-sided 95% interval."""

ELO = 400 / math.log(10)
"""Elo points per unit of the logistic scale (natural log-odds)."""

PRIOR_ELO = 400.0
"""The standard deviation, in Elo, of the weak normal prior on every rating and role advantage.

Without it a bot that wins every game would have an infinite rating. With a few dozen games or
more between any two bots it moves the fit very little.
"""


@dataclass(frozen=True)
class Interval:
    """An estimate with the bounds of its confidence interval."""

    value: float
    low: float
    high: float

    def to_json(self, digits: int = 4) -> dict[str, float]:
        return {
            "value": round(self.value, digits),
            "low": round(self.low, digits),
            "high": round(self.high, digits),
        }


def wilson(score: float, games: int, z: float = Z95) -> Interval:
    """The rate ``score / games`` with its Wilson score interval (95% by default).

    ``score`` may hold halves (a draw is half a win); the interval then treats the rate as a
    proportion of ``games`` trials, which errs on the wide side since draws vary less than wins.
    """
    if games <= 0:
        raise ValueError("a rate needs at least one game")
    if not 0 <= score <= games:
        raise ValueError(f"score {score} is not between 0 and {games}")
    p = score / games
    denominator = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / denominator
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / denominator
    # The interval holds p; min/max keep it so where rounding would not (30 wins of 30: 1 - 1e-16).
    return Interval(p, min(p, max(0.0, centre - half)), max(p, min(1.0, centre + half)))


def mean_interval(values: Sequence[float], z: float = Z95) -> Interval:
    """The mean of ``values`` with a normal interval (the sample standard error; one value: none)."""
    if not values:
        raise ValueError("a mean needs at least one value")
    mean = statistics.fmean(values)
    if len(values) < 2:
        return Interval(mean, mean, mean)
    half = z * statistics.stdev(values) / math.sqrt(len(values))
    return Interval(mean, mean - half, mean + half)


@dataclass(frozen=True)
class Comparison:
    """One seat of a game against another seat, or against the title itself (``opponent`` None)."""

    bot: str
    role: str
    opponent: str | None
    opponent_role: str | None
    score: float
    """1 if ``bot`` won and its opponent did not, 0 the other way round, 0.5 otherwise."""


def comparisons(seats: Mapping[str, str], winners: Collection[str]) -> list[Comparison]:
    """The comparisons of one finished game: ``seats`` maps each role to its bot.

    With several seats, every pair of seats; with one, the seat against the title (a win or not).
    """
    if len(seats) == 1:
        ((role, bot),) = seats.items()
        return [Comparison(bot, role, None, None, 1.0 if role in winners else 0.0)]
    out = []
    for (role, bot), (other_role, other) in combinations(seats.items(), 2):
        won, lost = role in winners, other_role in winners
        out.append(Comparison(bot, role, other, other_role, 0.5 + (won - lost) / 2))
    return out


@dataclass(frozen=True)
class Ratings:
    """The fitted model: Elo ratings of bots and advantages of roles, with 95% intervals.

    ``anchor`` says what 0 means: ``"mean"``, the average of the bots (and role advantages average
    0), or ``"title"``, the title itself in a one-seat game (a bot rated 0 wins half its games).
    """

    bots: dict[str, Interval]
    roles: dict[str, Interval]
    anchor: str
    comparisons: int

    def to_json(self) -> dict[str, Any]:
        return {
            "model": "Bradley-Terry on the Elo scale with a per-role advantage; draws count half",
            "anchor": self.anchor,
            "prior_elo": PRIOR_ELO,
            "comparisons": self.comparisons,
            "bots": {name: est.to_json(1) for name, est in self.bots.items()},
            "roles": {name: est.to_json(1) for name, est in self.roles.items()},
        }


def fit(data: Sequence[Comparison], z: float = Z95) -> Ratings:
    """Fit bot ratings and role advantages (Elo) by maximum likelihood with the weak prior.

    Role advantages are fitted only when comparisons are between seats (a one-seat title has one
    role, whose advantage could not be told from the bots' ratings). Intervals come from the
    curvature of the log-likelihood at its maximum (a normal approximation); directions the games
    cannot tell apart (adding a constant to every rating) are fixed by averaging them to 0.
    """
    if not data:
        return Ratings({}, {}, "mean", 0)
    bots = sorted({c.bot for c in data} | {c.opponent for c in data if c.opponent is not None})
    against_title = any(c.opponent is None for c in data)
    roles: list[str] = []
    if not against_title:
        roles = sorted({c.role for c in data} | {c.opponent_role for c in data if c.opponent_role})
    bot_column = {name: i for i, name in enumerate(bots)}
    role_column = {name: len(bots) + i for i, name in enumerate(roles)}
    tallies: dict[tuple[str, str | None, str, str | None], list[float]] = {}
    for c in data:
        tally = tallies.setdefault((c.bot, c.opponent, c.role, c.opponent_role), [0.0, 0.0])
        tally[0] += c.score
        tally[1] += 1
    size = len(bots) + len(roles)
    design: list[Vector] = []
    for bot, opponent, role, opponent_role in tallies:
        row = [0.0] * size
        row[bot_column[bot]] += 1
        if opponent is not None:
            row[bot_column[opponent]] -= 1
        if roles and opponent_role is not None:
            row[role_column[role]] += 1
            row[role_column[opponent_role]] -= 1
        design.append(row)
    scores = [s for s, _ in tallies.values()]
    counts = [n for _, n in tallies.values()]
    theta, variances = _maximise(design, scores, counts, (PRIOR_ELO / ELO) ** -2)
    spread = [math.sqrt(max(v, 0.0)) for v in variances]

    def estimate(i: int) -> Interval:
        value, half = float(theta[i] * ELO), float(z * spread[i] * ELO)
        low, high = (0.0 if abs(x) < 1e-6 else x for x in (value - half, value + half))  # no "-0"
        return Interval(0.0 if abs(value) < 1e-6 else value, low, high)

    return Ratings(
        {name: estimate(i) for name, i in bot_column.items()},
        {name: estimate(i) for name, i in role_column.items()},
        "title" if against_title else "mean",
        len(data),
    )


Vector = list[float]
Matrix = list[Vector]


def _maximise(design: Matrix, scores: Vector, counts: Vector, precision: float) -> tuple[Vector, Vector]:
    """Newton's method on the penalised logistic log-likelihood; the mode and its variances.

    Row ``k`` of ``design`` stands for ``counts[k]`` comparisons scoring ``scores[k]`` in all. The
    covariance is the inverse curvature, with the directions that no comparison sees (those
    orthogonal to every row of ``design``) projected out; only its diagonal is returned.
    """
    size = len(design[0])
    theta = [0.0] * size

    def objective(t: Vector) -> float:
        total = -precision * _dot(t, t) / 2
        for row, score, count in zip(design, scores, counts, strict=True):
            margin = _dot(row, t)
            total += score * margin - count * _softplus(margin)
        return total

    def curvature(t: Vector) -> Matrix:
        weights = [n * p * (1 - p) for n, p in zip(counts, _chances(design, t), strict=True)]
        return [
            [
                math.fsum(w * row[i] * row[j] for w, row in zip(weights, design, strict=True))
                + (precision if i == j else 0.0)
                for j in range(size)
            ]
            for i in range(size)
        ]

    for _ in range(100):
        residuals = [s - n * p for s, n, p in zip(scores, counts, _chances(design, theta), strict=True)]
        gradient = [
            math.fsum(r * row[i] for r, row in zip(residuals, design, strict=True)) - precision * theta[i]
            for i in range(size)
        ]
        step = _solve(_cholesky(curvature(theta)), gradient)
        before, scale = objective(theta), 1.0
        while objective([t + scale * d for t, d in zip(theta, step, strict=True)]) < before - 1e-12 and (
            scale > 1e-6
        ):
            scale /= 2
        theta = [t + scale * d for t, d in zip(theta, step, strict=True)]
        if max((abs(scale * d) for d in step), default=0.0) < 1e-10:
            break
    factor = _cholesky(curvature(theta))
    covariance = [_solve(factor, [1.0 if i == j else 0.0 for i in range(size)]) for j in range(size)]
    keep = _row_space_projection(design)
    kept = [[_dot(keep[i], column) for column in covariance] for i in range(size)]  # keep @ cov
    return theta, [_dot(kept[i], keep[i]) for i in range(size)]  # diag(keep @ cov @ keep)


def _dot(a: Sequence[float], b: Sequence[float]) -> float:
    return math.fsum(x * y for x, y in zip(a, b, strict=True))


def _softplus(x: float) -> float:
    """``log(1 + e**x)`` without overflow."""
    return x + math.log1p(math.exp(-x)) if x > 0 else math.log1p(math.exp(x))


def _chances(design: Matrix, theta: Vector) -> Vector:
    """The modelled chance of scoring in each row: the logistic function of its margin."""
    out = []
    for row in design:
        margin = _dot(row, theta)
        if margin >= 0:
            out.append(1 / (1 + math.exp(-margin)))
        else:
            e = math.exp(margin)
            out.append(e / (1 + e))
    return out


def _cholesky(matrix: Matrix) -> Matrix:
    """The lower triangular ``L`` with ``L @ L.T == matrix`` (symmetric, positive definite)."""
    size = len(matrix)
    lower = [[0.0] * size for _ in range(size)]
    for i in range(size):
        for j in range(i + 1):
            rest = matrix[i][j] - math.fsum(lower[i][k] * lower[j][k] for k in range(j))
            lower[i][j] = math.sqrt(rest) if i == j else rest / lower[j][j]
    return lower


def _solve(lower: Matrix, b: Vector) -> Vector:
    """``x`` with ``L @ L.T @ x == b``, by forward then back substitution."""
    size = len(b)
    y = [0.0] * size
    for i in range(size):
        y[i] = (b[i] - math.fsum(lower[i][k] * y[k] for k in range(i))) / lower[i][i]
    x = [0.0] * size
    for i in reversed(range(size)):
        x[i] = (y[i] - math.fsum(lower[k][i] * x[k] for k in range(i + 1, size))) / lower[i][i]
    return x


def _row_space_projection(design: Matrix) -> Matrix:
    """The orthogonal projection onto the span of the rows (Gram-Schmidt, orthogonalised twice)."""
    size = len(design[0])
    basis: Matrix = []
    for row in design:
        v = list(row)
        for _ in range(2):
            for q in basis:
                c = _dot(q, v)
                v = [x - c * y for x, y in zip(v, q, strict=True)]
        norm = math.sqrt(_dot(v, v))
        if norm > 1e-9 * max(math.sqrt(_dot(row, row)), 1.0):
            basis.append([x / norm for x in v])
    return [[math.fsum(q[i] * q[j] for q in basis) for j in range(size)] for i in range(size)]
