"""Tournaments: every pairing of bots on every side of a title, many seeded games each.

The schedule (:func:`schedule`), for bots listed in order and a title with N roles:

- one role (a solitaire title): each bot alone, its own "pairing";
- two or more roles and two or more bots: each pair of bots (A, B), in the order listed, in every
  **seating** that gives each role to A or to B and lets both play, in a fixed order (for two roles
  A-B then B-A; for three, 6 seatings; for four, 14). Swapping A and B maps these seatings onto
  themselves, so each bot holds each role equally often against the same company: no side is
  favoured;
- two or more roles and one bot: the bot plays itself (one seating), which measures the sides.

Game ``i`` of every pairing and seating is seeded ``seed + i``: each seating plays the same deals,
as in duplicate bridge, and the bot in role ``j`` (the order of :meth:`Game.roles_for`) is seeded
:func:`bot_seed` of the game's seed. ``outremer simulate GAME --games 1 --seed S --bots B1,B2`` (the
bots in role order, same scenario, options and step cap) replays game ``S`` exactly, as long as
the bots are deterministic for their seed (not limited by time).

Games run in this process, on local cores (a process pool) or on a Ray cluster. A game that raises
or hits the step cap is recorded with its seed and left out of the results, never fatal.
"""

from __future__ import annotations

import logging
import os
import time
import traceback
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass, field
from itertools import combinations, product
from multiprocessing import get_all_start_methods, get_context
from types import ModuleType
from typing import Any

from ..engine.errors import OutremerError
from ..engine.game import Game, Role
from .match import MAX_STEPS, play_match
from .ratings import Interval, Ratings, comparisons, fit, mean_interval, wilson
from .registry import make_bot


class TournamentError(OutremerError):
    """A tournament that cannot be run as asked (bad bots, Ray missing...)."""


def bot_seed(game_seed: int, role_index: int) -> int:
    """The seed of the bot in role ``role_index`` of the game seeded ``game_seed`` (as simulate's)."""
    return game_seed * 1_000_003 + role_index


def local_cores() -> int:
    """The cores this process may run on."""
    affinity = getattr(os, "sched_getaffinity", None)
    return len(affinity(0)) if affinity is not None else os.cpu_count() or 1


# -- the schedule --------------------------------------------------------------------------------
def pairings(bots: Sequence[str], seats: int) -> list[tuple[str, ...]]:
    """The pairings of ``bots`` for a title of ``seats`` roles (see the module docstring)."""
    if seats == 1 or len(bots) == 1:
        return [(bot,) for bot in bots]
    return list(combinations(bots, 2))


def seatings(pairing: Sequence[str], seats: int) -> list[tuple[str, ...]]:
    """Every assignment of the pairing's bots to ``seats`` roles in which each of them plays."""
    if len(pairing) == 1:
        return [tuple(pairing) * seats]
    return [seating for seating in product(pairing, repeat=seats) if len(set(seating)) == len(pairing)]


@dataclass(frozen=True)
class Fixture:
    """One game to play: its place in the schedule, the bot of each role, and its seed."""

    index: int
    pairing: tuple[str, ...]
    bots: tuple[str, ...]
    """One bot name per role, in the order of the title's roles."""
    seed: int


def schedule(bots: Sequence[str], seats: int, games: int, seed: int) -> list[Fixture]:
    """Every game of the tournament, in order: pairing, then seating, then game ``i`` seeded ``seed + i``."""
    fixtures: list[Fixture] = []
    for pairing in pairings(bots, seats):
        for seating in seatings(pairing, seats):
            for i in range(games):
                fixtures.append(Fixture(len(fixtures), pairing, seating, seed + i))
    return fixtures


# -- playing one game ----------------------------------------------------------------------------
@dataclass(frozen=True)
class Setup:
    """What every game of a tournament shares; sent once to each worker."""

    game: Game[Any]
    roles: tuple[Role, ...]
    scenario: str
    options: dict[str, bool]
    max_steps: int


@dataclass(frozen=True)
class Played:
    """A played fixture: ``status`` is ``finished``, ``capped`` (hit the step cap) or ``error``."""

    fixture: Fixture
    status: str
    winners: tuple[Role, ...] = ()
    scores: dict[Role, float] = field(default_factory=dict)
    reason: str = ""
    """The outcome's reason in words, or the error and the end of its traceback."""
    steps: int = 0


def play_fixture(setup: Setup, fixture: Fixture) -> Played:
    """Play one game of the tournament; an error in it is returned, never raised."""
    game = setup.game
    try:
        bots = {
            role: make_bot(name, game, bot_seed(fixture.seed, j))
            for j, (role, name) in enumerate(zip(setup.roles, fixture.bots, strict=True))
        }
        match = play_match(game, bots, fixture.seed, setup.scenario, setup.options, setup.max_steps)
    except Exception as exc:
        where = traceback.format_exc(limit=-3).rstrip()
        return Played(fixture, "error", reason=f"{type(exc).__name__}: {exc}\n{where}")
    outcome = game.outcome(match.state)
    if match.capped or outcome is None:
        return Played(fixture, "capped", reason=f"no outcome after {match.steps} actions", steps=match.steps)
    return Played(fixture, "finished", outcome.winners, dict(outcome.scores), outcome.reason, match.steps)


# -- running many games --------------------------------------------------------------------------
_worker_setup: Setup | None = None


def _start_worker(setup: Setup) -> None:
    global _worker_setup
    _worker_setup = setup


def _play_in_worker(fixture: Fixture) -> Played:
    assert _worker_setup is not None, "the worker was not started with the tournament's setup"
    return play_fixture(_worker_setup, fixture)


def run_here(setup: Setup, fixtures: Sequence[Fixture]) -> Iterator[Played]:
    """Play the fixtures one after another in this process."""
    for fixture in fixtures:
        yield play_fixture(setup, fixture)


def run_on_cores(setup: Setup, fixtures: Sequence[Fixture], workers: int) -> Iterator[Played]:
    """Play the fixtures in a pool of ``workers`` processes, yielding results as they finish.

    The title itself travels to each worker (pickled once, at its start), so a title registered at
    run time works as well as an installed one. Workers are forked from a clean server process
    (``forkserver``) where the platform has one, never from this possibly threaded process.
    """
    method = "forkserver" if "forkserver" in get_all_start_methods() else "spawn"
    pool = ProcessPoolExecutor(
        max_workers=max(1, min(workers, len(fixtures))),
        mp_context=get_context(method),
        initializer=_start_worker,
        initargs=(setup,),
    )
    try:
        pending: set[Future[Played]] = {pool.submit(_play_in_worker, f) for f in fixtures}
        while pending:
            done, pending = wait(pending, return_when=FIRST_COMPLETED)
            for future in done:
                yield future.result()
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


def _play_on_ray(setup: Setup, fixture: Fixture) -> Played:
    return play_fixture(setup, fixture)


def import_ray() -> ModuleType:
    """Ray, which only the ``cluster`` extra installs; without it, an error naming the extra."""
    try:
        import ray
    except ImportError as exc:
        raise TournamentError("--ray needs Ray: pip install 'outremer[cluster]'") from exc
    return ray


def run_on_ray(setup: Setup, fixtures: Sequence[Fixture], address: str) -> Iterator[Played]:
    """Play the fixtures as Ray tasks, one core each, yielding results as they finish.

    ``address`` is given to ``ray.init`` (``"auto"``, ``"ray://host:10001"``...); ``"local"``
    starts a Ray instance on this machine for the run. If Ray is already initialised in this
    process, that connection is used and left open. Every node needs Outremer installed.
    """
    ray = import_ray()
    started = not ray.is_initialized()
    if started:
        try:
            ray.init(
                address=None if address == "local" else address,
                include_dashboard=False,
                log_to_driver=False,
                logging_level=logging.WARNING,
            )
        except Exception as exc:  # Ray raises ConnectionError, ValueError, RuntimeError...
            raise TournamentError(f"cannot start Ray at {address!r}: {type(exc).__name__}: {exc}") from exc
    try:
        task = ray.remote(num_cpus=1)(_play_on_ray)
        shared = ray.put(setup)
        pending = [task.remote(shared, f) for f in fixtures]
        while pending:
            done, pending = ray.wait(pending, num_returns=min(len(pending), 64), timeout=0.5)
            for ref in done:
                yield ray.get(ref)
    finally:
        if started:
            ray.shutdown()


# -- the tournament ------------------------------------------------------------------------------
@dataclass(frozen=True)
class Row:
    """How one bot of a pairing fared in one role (``role`` None: in all roles together)."""

    pairing: tuple[str, ...]
    bot: str
    role: Role | None
    games: int
    wins: int
    draws: int
    losses: int
    score: Interval
    """(wins + draws / 2) / games with its 95% Wilson interval."""
    mean_score: Interval | None
    """The mean of the title's score for the role, with a 95% interval (None: no scores)."""

    def to_json(self) -> dict[str, Any]:
        return {
            "pairing": list(self.pairing),
            "bot": self.bot,
            "role": self.role,
            "games": self.games,
            "wins": self.wins,
            "draws": self.draws,
            "losses": self.losses,
            "score": self.score.to_json(),
            "mean_score": None if self.mean_score is None else self.mean_score.to_json(),
        }


@dataclass
class Tournament:
    """A tournament's settings and the games played so far (in schedule order once complete)."""

    setup: Setup
    bots: tuple[str, ...]
    games: int
    seed: int
    fixtures: list[Fixture]
    results: list[Played] = field(default_factory=list)
    seconds: float = 0.0
    workers: str = ""

    def seats(self, played: Played) -> dict[Role, str]:
        """The bot of each role in a played game."""
        return dict(zip(self.setup.roles, played.fixture.bots, strict=True))

    def result_of(self, played: Played, role: Role) -> str:
        """``win``, ``draw`` or ``loss`` for ``role`` in a finished game.

        A game without winners is a draw between seats; in a one-role title, where there is nobody
        to draw with, it is a loss.
        """
        if role in played.winners:
            return "win"
        return "draw" if not played.winners and len(self.setup.roles) > 1 else "loss"

    def finished(self) -> list[Played]:
        return [p for p in self.results if p.status == "finished"]

    def rows(self) -> list[Row]:
        """A row per pairing, bot and role, then per pairing and bot over all roles (several roles)."""
        groups: dict[tuple[tuple[str, ...], str, Role | None], list[tuple[str, float | None]]] = {}
        for pairing in pairings(self.bots, len(self.setup.roles)):
            for bot in pairing:
                for role in self.setup.roles:
                    groups[pairing, bot, role] = []
                if len(self.setup.roles) > 1:
                    groups[pairing, bot, None] = []
        for played in self.finished():
            for role, bot in self.seats(played).items():
                entry = (self.result_of(played, role), played.scores.get(role))
                groups[played.fixture.pairing, bot, role].append(entry)
                if (played.fixture.pairing, bot, None) in groups:
                    groups[played.fixture.pairing, bot, None].append(entry)
        return [
            _row(pairing, bot, role, entries) for (pairing, bot, role), entries in groups.items() if entries
        ]

    def ratings(self) -> Ratings:
        """The Elo fit with role advantages over every finished game (bots/ratings.py)."""
        data = []
        for played in self.finished():
            data.extend(comparisons(self.seats(played), played.winners))
        return fit(data)

    def replay_command(self, played: Played) -> str:
        """The ``outremer simulate`` command that plays this game again."""
        defaults = {o.name: o.default for o in self.setup.game.options}
        options = "".join(
            f" --option {name}={str(value).lower()}"
            for name, value in self.setup.options.items()
            if value != defaults.get(name)
        )
        return (
            f"outremer simulate {self.setup.game.slug} --games 1 --seed {played.fixture.seed}"
            f" --bots {','.join(played.fixture.bots)} --scenario {self.setup.scenario}{options}"
            f" --max-steps {self.setup.max_steps}"
        )

    def to_json(self) -> dict[str, Any]:
        """Everything: settings, counts, rows, ratings and every game with its seed and bots."""
        counts = {
            status: sum(p.status == status for p in self.results)
            for status in ("finished", "capped", "error")
        }
        return {
            "game": self.setup.game.slug,
            "scenario": self.setup.scenario,
            "options": self.setup.options,
            "roles": list(self.setup.roles),
            "bots": list(self.bots),
            "games_per_seating": self.games,
            "seed": self.seed,
            "max_steps": self.setup.max_steps,
            "played": len(self.results),
            "finished": counts["finished"],
            "capped": counts["capped"],
            "errors": counts["error"],
            "rows": [row.to_json() for row in self.rows()],
            "ratings": self.ratings().to_json(),
            "games": [self._game_json(p) for p in self.results],
            "workers": self.workers,
            "seconds": round(self.seconds, 3),
        }

    def _game_json(self, played: Played) -> dict[str, Any]:
        out: dict[str, Any] = {
            "seed": played.fixture.seed,
            "pairing": list(played.fixture.pairing),
            "seats": self.seats(played),
            "status": played.status,
            "winners": list(played.winners),
            "scores": played.scores,
            "reason": played.reason,
            "steps": played.steps,
        }
        if played.status != "finished":
            out["replay"] = self.replay_command(played)
        return out


def _row(
    pairing: tuple[str, ...], bot: str, role: Role | None, entries: Sequence[tuple[str, float | None]]
) -> Row:
    results = [result for result, _ in entries]
    wins, draws = results.count("win"), results.count("draw")
    scores = [s for _, s in entries if s is not None]
    return Row(
        pairing,
        bot,
        role,
        len(results),
        wins,
        draws,
        results.count("loss"),
        wilson(wins + draws / 2, len(results)),
        mean_interval(scores) if len(scores) == len(results) else None,
    )


def prepare(
    game: Game[Any],
    bots: Sequence[str],
    games: int,
    seed: int = 1,
    scenario: str | None = None,
    options: Mapping[str, bool] | None = None,
    max_steps: int = MAX_STEPS,
) -> Tournament:
    """Check the settings and lay out the schedule; TournamentError or IllegalAction says what is wrong."""
    if not bots:
        raise TournamentError("name at least one bot")
    if len(set(bots)) != len(bots):
        raise TournamentError(f"a bot is named twice in {', '.join(bots)}")
    if games < 1 or max_steps < 1:
        raise TournamentError("the games per seating and the step cap must be at least 1")
    chosen_scenario, chosen = game.check_setup(scenario, options)
    for name in bots:
        make_bot(name, game, 0)  # UnknownBot (an OutremerError) names the bots there are
    setup = Setup(game, game.roles_for(chosen_scenario, chosen), chosen_scenario, chosen, max_steps)
    return Tournament(setup, tuple(bots), games, seed, schedule(bots, len(setup.roles), games, seed))


def run(
    tournament: Tournament,
    workers: int | None = None,
    ray_address: str | None = None,
    on_result: Callable[[Played], None] | None = None,
) -> Tournament:
    """Play the tournament's fixtures: on Ray if ``ray_address``, else on ``workers`` local processes
    (None: one per core; 1: in this process). ``on_result`` is called here as each game ends."""
    fixtures, start = tournament.fixtures, time.perf_counter()
    results: Iterable[Played]
    if ray_address is not None:
        tournament.workers = f"ray {ray_address}"
        results = run_on_ray(tournament.setup, fixtures, ray_address)
    else:
        count = local_cores() if workers is None else workers
        if count < 1:
            raise TournamentError("--workers must be at least 1")
        tournament.workers = f"{count} process{'es' if count > 1 else ''}"
        results = (
            run_here(tournament.setup, fixtures)
            if count == 1
            else run_on_cores(tournament.setup, fixtures, count)
        )
    for played in results:
        tournament.results.append(played)
        if on_result is not None:
            on_result(played)
    tournament.results.sort(key=lambda p: p.fixture.index)
    tournament.seconds = time.perf_counter() - start
    return tournament
