"""Bots: the random bot and the bot registry."""

from __future__ import annotations

import pytest

from outremer.bots import Bot, RandomBot, UnknownBot, bot_names, make_bot
from outremer.bots.match import play_match
from outremer.bots.registry import default_bot
from outremer.engine import OutremerError

from .toy import BLUE, RED, GreedyBot, ToyGame


def test_random_bot_is_legal_and_deterministic() -> None:
    game = ToyGame()
    picks: list[list[tuple[object, ...]]] = []
    for _ in range(2):
        bot, state = RandomBot(42), game.setup(1)
        seq: list[tuple[object, ...]] = []
        for _ in range(200):
            if game.outcome(state) is not None:
                state = game.setup(len(seq))
            role = game.active_roles(state)[0]
            action = bot.choose(game, state, role)
            assert action in game.legal_actions(state, role)
            game.perform(state, role, action)
            seq.append(action)
        picks.append(seq)
    assert picks[0] == picks[1]


def test_random_bot_independent_of_game_generator() -> None:
    game = ToyGame()
    state = game.setup(1)
    rng_before = state.rng
    RandomBot(3).choose(game, state, RED)
    assert state.rng == rng_before


def test_random_bot_is_roughly_uniform() -> None:
    game = ToyGame()
    state = game.setup(1)
    bot = RandomBot(7)
    counts = {a: 0 for a in game.legal_actions(state, RED)}
    for _ in range(3000):
        counts[bot.choose(game, state, RED)] += 1
    assert all(800 < n < 1200 for n in counts.values())


def test_random_bot_refuses_when_nothing_is_legal() -> None:
    game = ToyGame()
    state = game.setup(1)
    game.perform(state, RED, ("bid", 1))
    with pytest.raises(OutremerError, match="Red has no legal action"):
        RandomBot(1).choose(game, state, RED)


def test_make_bot_builtin_and_title_bots() -> None:
    game = ToyGame()
    assert bot_names(game) == ["greedy", "ismcts", "random"]  # ismcts: the toy has a sampler
    assert isinstance(make_bot("random", game, 1), RandomBot)
    greedy = make_bot("greedy", game, 1)
    assert isinstance(greedy, GreedyBot) and isinstance(greedy, Bot)
    assert default_bot(game) == "random"
    with pytest.raises(UnknownBot, match="no bot 'alphazero' for toy; available: greedy, ismcts, random"):
        make_bot("alphazero", game, 1)


def test_play_match_reaches_the_end_or_the_cap() -> None:
    game = ToyGame()
    match = play_match(game, {RED: make_bot("greedy", game, 1), BLUE: RandomBot(2)}, 9)
    assert not match.capped and game.outcome(match.state) is not None
    capped = play_match(game, {RED: RandomBot(1), BLUE: RandomBot(2)}, 9, max_steps=3)
    assert capped.capped and capped.steps == 3


def test_play_match_stops_where_asked_even_between_simultaneous_actions() -> None:
    # Game.positions reaches its positions so: here the first round's bids (T.2), made at once,
    # stopped once Red's is sealed and before Blue's.
    game = ToyGame()

    def red_has_bid(state: object) -> bool:
        return any(e["text"] == f"{RED} bids face down." for e in game.log(state, None))

    match = play_match(game, {RED: RandomBot(1), BLUE: RandomBot(2)}, 9, until=red_has_bid)
    assert not match.capped and red_has_bid(match.state)
    assert [role for role, _ in match.record.actions] == [RED]
    assert BLUE in game.active_roles(match.state)
