"""Property tests of the game contract, run against every installed title (and the toy title).

Random play from a seed must never raise, never get stuck, replay identically from its record,
survive a JSON round trip at any point, refuse bad actions without changing the state, and give
JSON-able views and logs.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from outremer.engine import IllegalAction, Record, get_game, normalize_action, register, replay, titles
from outremer.engine.game import Game

from .engine.toy import ToyGame

IN_PROGRESS: set[str] = set()
"""Titles still being written: their contract tests may fail (xfail, not strict). Empty it when done."""

MAX_STEPS = 3000
EXAMPLES = 8
CHECKS_PER_GAME = 10
"""How many random points of each game the slower checks look at."""


def load(slug: str) -> Game[Any]:
    """The title ``slug``; the toy title is (re-)registered first, as other tests unregister it."""
    if slug == "toy":
        register("toy", ToyGame)
    return get_game(slug)


def title_params() -> list[Any]:
    """Every title with its default setup, and once more with each option that changes its roles
    (a team variant): ``(slug, options)``."""
    out = []
    for slug in sorted(set(titles()) | {"toy"}):
        marks = [pytest.mark.xfail(strict=False, reason=f"{slug} in progress")] if slug in IN_PROGRESS else []
        out.append(pytest.param(slug, None, marks=marks, id=slug))
        game = load(slug)
        for option in game.options:
            chosen = {option.name: not option.default}
            if game.roles_for(*game.check_setup(None, chosen)) != game.roles:
                out.append(pytest.param(slug, chosen, marks=marks, id=f"{slug}-{option.name}"))
    return out


TITLES = title_params()
SEEDS = st.integers(min_value=0, max_value=2**31 - 1)
# No shrinking: a smaller seed is not a simpler game, and shrinking replays whole games.
SETTINGS = settings(
    max_examples=EXAMPLES,
    deadline=None,
    phases=[Phase.explicit, Phase.reuse, Phase.generate],
    suppress_health_check=[HealthCheck.too_slow],
)


def dump(game: Game[Any], state: Any) -> str:
    return json.dumps(game.to_json(state), sort_keys=True)


def roles(game: Game[Any], options: dict[str, bool] | None) -> tuple[str, ...]:
    return game.roles_for(*game.check_setup(None, options))


def random_play(
    game: Game[Any], seed: int, check: Any = None, chosen: dict[str, bool] | None = None
) -> tuple[Record, Any]:
    """Play from ``seed`` with uniform random choices, checking the contract at every step."""
    chooser = random.Random(seed)
    scenario, options = game.check_setup(None, chosen)
    state = game.setup(seed, scenario, options)
    record = Record(game.slug, seed, scenario, options)
    checks = 0
    for _ in range(MAX_STEPS):
        active = game.active_roles(state)
        if game.outcome(state) is not None:
            assert active == (), "a finished game has no active roles"
            break
        assert active, "the game is not over, yet nobody may act"
        offered = {role: game.legal_actions(state, role) for role in active}
        for role in active:
            assert offered[role], f"{role} is active but has no legal action"
        if check is not None and checks < CHECKS_PER_GAME and (checks == 0 or chooser.random() < 0.05):
            checks += 1
            check(state, chooser)
            offered = {role: game.legal_actions(state, role) for role in active}  # as the check left it
        role = active[chooser.randrange(len(active))]
        legal = offered[role]
        action = legal[chooser.randrange(len(legal))]
        game.perform(state, role, action)
        record.actions.append((role, action))
    return record, state


@pytest.mark.parametrize(("slug", "options"), TITLES)
@SETTINGS
@given(seed=SEEDS)
def test_random_play_and_replay(slug: str, options: dict[str, bool] | None, seed: int) -> None:
    game = load(slug)
    record, state = random_play(game, seed, None, options)
    assert dump(game, replay(game, record)) == dump(game, state)


@pytest.mark.parametrize(("slug", "options"), TITLES)
@SETTINGS
@given(seed=SEEDS)
def test_json_round_trip_and_copy(slug: str, options: dict[str, bool] | None, seed: int) -> None:
    game = load(slug)

    def check(state: Any, chooser: random.Random) -> None:
        data = game.to_json(state)
        again = game.from_json(json.loads(json.dumps(data)))
        assert game.to_json(again) == data
        # a copy is independent: advancing it leaves the original as it was
        before = dump(game, state)
        twin = game.copy(state)
        role = game.active_roles(twin)[0]
        game.perform(twin, role, game.legal_actions(twin, role)[0])
        assert dump(game, state) == before

    random_play(game, seed, check, options)


def bad_actions(
    game: Game[Any], state: Any, chooser: random.Random, seats: tuple[str, ...]
) -> list[tuple[str, Any]]:
    active = game.active_roles(state)
    role = active[0]
    legal = game.legal_actions(state, role)
    bad: list[tuple[str, Any]] = [
        (role, ("nonsense",)),
        (role, []),
        (role, [1, 2]),
        (role, None),
        (role, ["x", 1.5]),
        (role, [*chooser.choice(legal), "extra"]),
        ("no such role", legal[0]),
    ]
    for other in seats:
        theirs = set(game.legal_actions(state, other))
        wrong = next((a for a in legal if a not in theirs), None)
        if wrong is not None:
            bad.append((other, wrong))
    return [(r, a) for r, a in bad if not is_legal(game, state, r, a)]


def is_legal(game: Game[Any], state: Any, role: str, action: Any) -> bool:
    try:
        return normalize_action(action) in game.legal_actions(state, role)
    except IllegalAction:
        return False


@pytest.mark.parametrize(("slug", "options"), TITLES)
@SETTINGS
@given(seed=SEEDS)
def test_bad_actions_are_refused_and_change_nothing(
    slug: str, options: dict[str, bool] | None, seed: int
) -> None:
    game = load(slug)

    def check(state: Any, chooser: random.Random) -> None:
        before = dump(game, state)
        for role, action in bad_actions(game, state, chooser, roles(game, options)):
            with pytest.raises(IllegalAction):
                game.apply_in_place(state, role, action)
            assert dump(game, state) == before, f"{role} {action!r} changed the state"

    random_play(game, seed, check, options)


@pytest.mark.parametrize(("slug", "options"), TITLES)
@SETTINGS
@given(seed=SEEDS)
def test_views_and_logs_are_json(slug: str, options: dict[str, bool] | None, seed: int) -> None:
    game = load(slug)

    def check(state: Any, chooser: random.Random) -> None:
        for role in (*roles(game, options), None):
            view = game.view(state, role)
            json.dumps(view)
            assert isinstance(view.get("prompt"), str), "a view carries a prompt in words"
            for entry in game.log(state, role):
                json.dumps(entry)
                assert isinstance(entry.get("text"), str) and "rule" in entry
        for role in game.active_roles(state):
            for action in game.legal_actions(state, role):
                assert isinstance(game.describe_action(state, role, action), str)

    random_play(game, seed, check, options)


@pytest.mark.parametrize(("slug", "options"), TITLES)
@SETTINGS
@given(seed=SEEDS)
def test_logs_only_grow(slug: str, options: dict[str, bool] | None, seed: int) -> None:
    """A later state's log begins with the earlier state's whole log, for every role, and
    ``log(state, role, start)`` is the log from entry ``start`` on: what lets a client fetch only
    the entries it has not read (docs/engine.md)."""
    game = load(slug)
    earlier: dict[Any, list[dict[str, Any]]] = {}

    def check(state: Any, chooser: random.Random) -> None:
        for role in (*roles(game, options), None):
            entries = game.log(state, role)
            before = earlier.get(role, [])
            assert entries[: len(before)] == before, f"{role}'s log changed instead of growing"
            earlier[role] = entries
            start = chooser.randint(0, len(entries) + 1)
            assert game.log(state, role, start) == entries[start:]

    random_play(game, seed, check, options)


@pytest.mark.parametrize(("slug", "options"), TITLES)
@SETTINGS
@given(seed=SEEDS)
def test_samples_keep_what_the_role_sees_and_read_nothing_hidden(
    slug: str, options: dict[str, bool] | None, seed: int
) -> None:
    """``Game.sample`` (the search bots' determinizations, docs/bots.md): a sample keeps the role's
    view, log, legal actions and turning points, is a state the title reads back from JSON and
    plays on from; and the sampler reads nothing hidden from the role. A sample differs from the
    state it came from only in what the role cannot see, so sampling from it with a generator
    seeded alike must give the very same sample: a sampler that read hidden information would
    tell the two apart."""
    game = load(slug)
    seats = roles(game, options)
    if not game.provides("sampler"):
        pytest.skip(f"{slug} has no sampler yet")

    def check(state: Any, chooser: random.Random) -> None:
        for role in seats:
            key = chooser.getrandbits(32)
            sample = game.sample(state, role, random.Random(key))
            assert game.view(sample, role) == game.view(state, role)
            assert game.log(sample, role) == game.log(state, role)
            assert game.legal_actions(sample, role) == game.legal_actions(state, role)
            # The turning points a search settles by rollouts are told from what the role sees.
            choices = game.rollout_choices(state, role)
            assert game.rollout_choices(sample, role) == choices
            assert choices is None or set(choices) <= set(game.legal_actions(state, role))
            assert dump(game, game.from_json(json.loads(dump(game, sample)))) == dump(game, sample)
            other = game.sample(state, role, random.Random(key + 1))
            assert dump(game, game.sample(other, role, random.Random(key))) == dump(game, sample)
            for _ in range(30):
                active = game.active_roles(sample)
                if not active:
                    assert game.outcome(sample) is not None
                    break
                mover = active[chooser.randrange(len(active))]
                legal = game.legal_actions(sample, mover)
                game.perform(sample, mover, legal[chooser.randrange(len(legal))])

    random_play(game, seed, check, options)


@pytest.mark.parametrize(("slug", "options"), TITLES)
@SETTINGS
@given(seed=SEEDS)
def test_the_evaluation_of_a_finished_game_is_its_result(
    slug: str, options: dict[str, bool] | None, seed: int
) -> None:
    """``Game.evaluate`` (docs/engine.md, Search) gives a finished game's result: 1 for a winner,
    0 for a loser; a game nobody won is worth the same to every role, and nothing to the players
    of a title whose roles all win together (a solitaire or team game: no winner is a loss)."""
    game = load(slug)
    seats = roles(game, options)
    _, state = random_play(game, seed, None, options)
    outcome = game.outcome(state)
    assert outcome is not None
    judged = game.evaluate(state)
    if judged is None:
        pytest.skip(f"{slug} has no evaluation")
    assert set(judged) == set(seats)
    if outcome.winners:
        assert judged == {r: 1.0 if r in outcome.winners else 0.0 for r in seats}
    else:
        assert len(set(judged.values())) == 1
        # A solitaire game, or a team variant (an option that changes the roles): the seats win
        # together, so no winner is a loss; otherwise a draw between opposed sides.
        together = len(seats) == 1 or options is not None
        assert judged[seats[0]] == (0.0 if together else 0.5)
