"""Nobody learns the dice to come (issue 13 section 2): what a role is shown never holds the game's
random generator, and the search bot plays the same whatever the real game's key, since every state
it searches is keyed anew from its own randomness."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from outremer.bots.random_bot import RandomBot
from outremer.bots.registry import make_bot
from outremer.engine import rng
from outremer.engine.game import Game
from outremer.engine.registry import get_game

TITLES = ["crusader-rex", "first-crusade", "four-powers", "third-crusade", "kingdom-of-heaven"]
ROLLING = [t for t in TITLES if t != "third-crusade"]
"""Titles whose play draws at random after the set-up: Third Crusade's decks are shuffled once
(PlayerSetup.A) and nothing else is drawn in a game of players, so a search has no dice to roll."""
OTHER_KEY = "0123456789abcdef" * 2


def states_along_a_game(game: Game[Any], seed: int, every: int = 15) -> list[Any]:
    """Every ``every``-th state of a random game to its end."""
    state, out, bots = game.setup(seed), [], {r: RandomBot(seed + i) for i, r in enumerate(game.roles_for())}
    for step in range(5000):
        active = game.active_roles(state)
        if not active:
            break
        if step % every == 0:
            out.append(game.copy(state))
        game.perform(state, active[0], bots[active[0]].choose(game, state, active[0]))
    return [*out, state]


def keys_in(data: Any) -> set[str]:
    if isinstance(data, dict):
        return set(data).union(*(keys_in(v) for v in data.values()))
    if isinstance(data, list):
        return set().union(*(keys_in(v) for v in data))
    return set()


def twin(game: Game[Any], state: Any) -> Any:
    """``state`` with only its generator's key changed."""
    other = game.copy(state)
    other.rng = [OTHER_KEY, state.rng[1]]
    return other


@pytest.mark.parametrize("slug", TITLES)
def test_no_view_nor_log_shows_the_generator(slug: str) -> None:
    game = get_game(slug)
    for state in states_along_a_game(game, 3):
        key = state.rng[0]
        for role in [*game.roles_for(state.scenario, getattr(state, "options", None)), None]:
            shown = {"view": game.view(state, role), "log": game.log(state, role)}
            assert key not in json.dumps(shown)
            assert "rng" not in keys_in(shown)


@pytest.mark.parametrize("slug", TITLES)
def test_a_sample_is_keyed_anew_and_reads_no_key(slug: str) -> None:
    game = get_game(slug)
    state = states_along_a_game(game, 4)[3]
    role = game.active_roles(state)[0]
    samples = [game.sample(state, role, random.Random(k)) for k in range(4)]
    assert all(s.rng[0] != state.rng[0] for s in samples)
    assert len({s.rng[0] for s in samples}) == 4
    again = game.sample(twin(game, state), role, random.Random(0))
    assert game.to_json(again) == game.to_json(samples[0])


@pytest.mark.parametrize("slug", ROLLING)
def test_the_search_bot_never_draws_with_the_real_key(slug: str, monkeypatch: pytest.MonkeyPatch) -> None:
    game = get_game(slug)
    drawn: list[str] = []
    keyed = rng._keyed

    def spy(key: str, count: int) -> int:
        drawn.append(key)
        return keyed(key, count)

    monkeypatch.setattr(rng, "_keyed", spy)

    def search(real: Any, role: str) -> tuple[Any, dict[Any, int]]:
        drawn.clear()
        bot = make_bot("ismcts:iterations=40", game, 9)
        return bot.choose(game, real, role), dict(bot.last_visits)

    # the first state from the third on whose search rolls dice or shuffles (a game's opening, a
    # draft say, may have none within the search's reach)
    for state in states_along_a_game(game, 5, every=7)[2:]:
        role = game.active_roles(state)[0]
        first = search(state, role)
        if drawn:
            break
    assert drawn and state.rng[0] not in drawn  # the search rolled dice, never the real game's
    again = search(twin(game, state), role)
    assert drawn and state.rng[0] not in drawn and OTHER_KEY not in drawn
    assert first == again
