"""Kingdom of Heaven as numbers (encoding.py): every legal action met in random games of every
scenario has a number, and a role's observation stays in [0, 1], keeps its length and reads
nothing but the role's view (§8.1: the opponent's hand and the deck's order are hidden)."""

from __future__ import annotations

import random

import pytest

from outremer.games.kingdom_of_heaven import encoding
from outremer.games.kingdom_of_heaven.common import data
from outremer.games.kingdom_of_heaven.game import KingdomOfHeaven
from outremer.games.kingdom_of_heaven.state import PLAYERS

GAME = KingdomOfHeaven()


def test_numbers_each_action_once() -> None:
    space = GAME.action_space()
    assert len(space) == len(set(space))
    assert encoding.index()[space[-1]] == len(space) - 1


@pytest.mark.parametrize("scenario", GAME.scenarios)
def test_every_legal_action_of_random_games_has_a_number(scenario: str) -> None:
    numbers = encoding.index()
    state = GAME.setup(3, scenario)
    rng = random.Random(3)
    length = None
    for step in range(1500):
        if GAME.outcome(state) is not None:
            break
        role = GAME.active_roles(state)[0]
        legal = GAME.legal_actions(state, role)
        assert [a for a in legal if tuple(a) not in numbers] == []
        if step % 20 == 0:
            for who in PLAYERS:
                seen = GAME.observe(state, who)
                assert all(0.0 <= x <= 1.0 for x in seen)
                assert length in (None, len(seen))
                length = len(seen)
        GAME.perform(state, role, rng.choice(legal))
    assert step > 100


def test_the_observation_reads_only_the_view() -> None:
    # §8.1: a twin with the opponent's hand and the deck dealt anew (the sampler deals what the
    # role cannot see) looks the same to the role, and differs to the opponent, whose hand it is
    state = GAME.setup(5, "A")
    rng = random.Random(5)
    compared = 0
    for _ in range(300):
        if GAME.outcome(state) is not None:
            break
        role = GAME.active_roles(state)[0]
        for who in PLAYERS:
            twin = GAME.sample(state, who, random.Random(compared))
            assert GAME.observe(twin, who) == GAME.observe(state, who)
            compared += 1
        GAME.perform(state, role, rng.choice(GAME.legal_actions(state, role)))
    assert compared > 100
    other = GAME.setup(5, "A")
    other.hands["muslim"], other.deck = (
        other.deck[: len(other.hands["muslim"])],
        other.hands["muslim"] + other.deck[len(other.hands["muslim"]) :],
    )
    base = GAME.setup(5, "A")
    assert GAME.observe(other, "christian") == GAME.observe(base, "christian")
    assert GAME.observe(other, "muslim") != GAME.observe(base, "muslim")


def test_the_own_hand_is_encoded() -> None:
    # §8.1: a player sees his own cards: each card of the hand sets its slot
    state = GAME.setup(1, "A")
    pack = data(state)
    seen = encoding.observe(GAME.view(state, "christian"), "christian", pack)
    gone = state.copy()
    gone.deck.append(gone.hands["christian"].pop())
    assert encoding.observe(GAME.view(gone, "christian"), "christian", pack) != seen
