"""The search bot on Kingdom of Heaven (bots/ismcts.py over sampler.py): blind to what its player
cannot see (the opponent's hand, the deck's order, the generator, §8.1), the same search for the
same seed, and led by the scripted bot, whose game it plays with a single iteration."""

from __future__ import annotations

import hashlib
import json
import random
from typing import Any

import pytest

from outremer.bots.match import play_match
from outremer.bots.registry import make_bot
from outremer.engine import rng as engine_rng
from outremer.games.kingdom_of_heaven.bot import ScriptedBot
from outremer.games.kingdom_of_heaven.common import data
from outremer.games.kingdom_of_heaven.game import KingdomOfHeaven
from outremer.games.kingdom_of_heaven.state import PLAYERS, State

GAME = KingdomOfHeaven()


class Recording(KingdomOfHeaven):
    """Kingdom of Heaven noting every position the search judges: the whole state (a digest of its
    JSON) and the evaluation."""

    def __init__(self) -> None:
        self.judged: list[tuple[str, dict[str, float]]] = []

    def evaluate(self, state: State) -> dict[str, float]:
        whole = hashlib.sha256(json.dumps(self.to_json(state), sort_keys=True).encode()).hexdigest()
        self.judged.append((whole, super().evaluate(state)))
        return self.judged[-1][1]


def play_to(scenario: str, seed: int, steps: int, options: dict[str, bool] | None = None) -> State:
    """The position after ``steps`` actions of the scripted bots and on to the next decision with
    a choice (or the end, if sooner), the game set up with ``options``."""
    state = GAME.setup(seed, scenario, options)
    players = {r: ScriptedBot(seed + i) for i, r in enumerate(PLAYERS)}
    done = 0
    while GAME.active_roles(state):
        role = GAME.active_roles(state)[0]
        if done >= steps and len(GAME.legal_actions(state, role)) > 1:
            break
        GAME.perform(state, role, players[role].choose(GAME, state, role))
        done += 1
    return state


def twin(state: State, role: str, seed: int) -> State:
    """``state`` as ``role`` cannot tell it apart: the opponent's unknown cards exchanged with the
    deck's (§8.1: both hidden; the cards he knows of that hand, §13.6, kept), the deck shuffled,
    the generator keyed anew. With the §4.3 variant, on turn 1 while no scenario card has been
    played or discarded, the opponent surely holds the scenario card dealt him first: he keeps
    one, another maybe."""
    out = GAME.copy(state)
    r = random.Random(seed)
    for other in PLAYERS:
        if other == role:
            continue
        known = out.known[other]
        unknown = [c for c in out.hands[other] if c not in known]
        pool = unknown + out.deck
        r.shuffle(pool)
        own = scenario_cards(out)
        if unknown and first_card_held(out):
            pool.insert(0, pool.pop(next(i for i, c in enumerate(pool) if c in own)))
        out.hands[other] = list(known) + pool[: len(unknown)]
        out.deck = pool[len(unknown) :]
    out.rng = engine_rng.fresh(r)
    return out


def scenario_cards(state: State) -> set[str]:
    """The scenario's own cards (§4.3)."""
    return {c.id for c in data(state).cards.of_scenario(state.scenario)}


def first_card_held(state: State) -> bool:
    """Whether each player surely still holds the scenario card the §4.3 variant dealt him first:
    on turn 1 (hands are played out every turn, §5.5.1) while no scenario card is among the
    discards or the removed cards (§8.4.1, §8.5)."""
    played = set(state.discard + state.removed)
    return state.options["scenario_card_first"] and state.turn == 1 and not scenario_cards(state) & played


def search(game: KingdomOfHeaven, seed: int) -> Any:
    return make_bot("ismcts:iterations=12", game, seed)


@pytest.mark.parametrize(
    ("scenario", "seed", "steps", "variant"),
    [("A", 3, 40, False), ("D", 5, 25, False), ("D", 7, 160, False), ("B", 4, 6, True)],
)
def test_the_search_ignores_the_opponents_hand_the_deck_and_the_generator(
    scenario: str, seed: int, steps: int, variant: bool
) -> None:
    # §8.1: the opponent's hand and the deck's order are hidden; with the §4.3 variant, which
    # scenario card he was dealt first too. On a position and its twin (only those and the
    # generator changed), the very same search: choice, visits, every position judged, whole (the
    # samples dealt from what the player sees alone); the same again for the same seed.
    state = play_to(scenario, seed, steps, {"scenario_card_first": variant})
    assert first_card_held(state) == variant
    role = GAME.active_roles(state)[0]
    assert len(GAME.legal_actions(state, role)) > 1
    other = twin(state, role, seed)
    assert other.hands != state.hands or other.deck != state.deck
    seen = []
    for position in (state, other, state):
        game = Recording()
        bot = search(game, seed)
        seen.append((bot.choose(game, position, role), bot.last_visits, game.judged))
    assert seen[0] == seen[1] == seen[2]
    assert 0 < sum(seen[0][1].values()) == bot.last_iterations <= 12
    assert len(seen[0][2]) == 2 * bot.last_iterations  # each iteration judged, and its root


def test_with_one_iteration_it_plays_the_scripted_bots_game_move_for_move() -> None:
    # The scripted bot leads the search (its choice gets half the prior) and is shown every
    # decision of the real game: with a single iteration the search plays its game.
    def players(name: str) -> dict[str, Any]:
        return {r: make_bot(name, GAME, 4 + i) for i, r in enumerate(PLAYERS)}

    searched = play_match(GAME, players("ismcts:iterations=1"), 4, "D", max_steps=150)
    scripted = play_match(GAME, players("scripted"), 4, "D", max_steps=150)
    assert searched.record.actions == scripted.record.actions
    assert len(searched.record.actions) == 150
