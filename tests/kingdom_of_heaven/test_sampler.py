"""The sampler of the search bot (sampler.py) under the optional rule of §4.3.Variant: each player's
first card of turn 1 is one of the scenario's own, which one hidden, that he got one public."""

from __future__ import annotations

import json
import random

import pytest

from outremer.games.kingdom_of_heaven.game import KingdomOfHeaven
from outremer.games.kingdom_of_heaven.state import State

from .test_search import first_card_held, scenario_cards, twin

GAME = KingdomOfHeaven()
VARIANT = {"scenario_card_first": True}
SAMPLES = 30


def opening(scenario: str = "D", seed: int = 1, options: dict[str, bool] | None = None) -> State:
    """Turn 1's first action round, the cards dealt (§4.3, §8.1)."""
    return GAME.setup(seed, scenario, VARIANT if options is None else options)


def played(state: State, player: str, card: str) -> State:
    """``state`` with ``card`` gone from ``player``'s hand to the discards, as a card played or
    discarded goes (§8.5)."""
    out = GAME.copy(state)
    out.hands[player].remove(card)
    out.discard.append(card)
    return out


def hands_dealt(state: State, role: str) -> list[list[str]]:
    """The opponent's hand in each of the samples ``role`` deals, each checked to look to him
    as ``state`` does and to hold the cards it held."""
    other = next(p for p in state.hands if p != role)
    out = []
    for k in range(SAMPLES):
        dealt = GAME.sample(state, role, random.Random(k))
        assert GAME.view(dealt, role) == GAME.view(state, role)
        assert sorted(dealt.hands[other] + dealt.deck) == sorted(state.hands[other] + state.deck)
        out.append(dealt.hands[other])
    return out


@pytest.mark.parametrize(("scenario", "role"), [("D", "christian"), ("D", "muslim"), ("A", "christian")])
def test_the_opponent_is_dealt_a_scenario_card_first(scenario: str, role: str) -> None:
    # §4.3.Variant: each player's first card is one of the scenario's own; the role knows his
    # opponent holds one, not which: every sample gives him one, each of those the role has not
    # seen in turn
    state = opening(scenario)
    own = scenario_cards(state)
    hands = hands_dealt(state, role)
    assert all(own & set(hand) for hand in hands)
    assert {hand[0] for hand in hands} == own - set(state.hands[role])


def test_without_the_variant_the_opponent_may_hold_no_scenario_card() -> None:
    # §4.3: without the variant the scenario's cards are shuffled into the deck with the rest
    state = opening(options={"scenario_card_first": False})
    own = scenario_cards(state)
    assert any(not own & set(hand) for hand in hands_dealt(state, "christian"))


def test_plays_of_other_cards_leave_the_first_card_in_his_hand() -> None:
    # §4.3.Variant, §8.5: cards played or discarded on turn 1, none of them a scenario card: the
    # opponent's first card is still in his hand, whatever he played
    state = opening()
    own = scenario_cards(state)
    for player in ("muslim", "christian", "muslim"):
        state = played(state, player, next(c for c in state.hands[player] if c not in own))
    assert all(own & set(hand) for hand in hands_dealt(state, "christian"))


@pytest.mark.parametrize("who", ["muslim", "christian"])
def test_once_a_scenario_card_is_played_his_first_may_be_gone(who: str) -> None:
    # §4.3.Variant, §8.5: a scenario card among the discards may have been the opponent's first
    # card (the role does not know where each of his own came from): his hand is dealt from all
    # the unseen cards, a scenario card in it or not
    state = opening()
    own = scenario_cards(state)
    state = played(state, who, next(c for c in state.hands[who] if c in own))
    assert any(not own & set(hand) for hand in hands_dealt(state, "christian"))


def test_after_turn_1_the_first_card_is_not_kept() -> None:
    # §5.5.1: the strategy phase ends only when neither player holds a card, so a hand of turn 2
    # holds nothing of turn 1's deal
    state = opening()
    state.turn = 2
    own = scenario_cards(state)
    assert any(not own & set(hand) for hand in hands_dealt(state, "christian"))


@pytest.mark.parametrize(("scenario", "seed", "plays"), [("D", 1, 0), ("B", 2, 0), ("D", 3, 3)])
def test_which_scenario_card_he_got_first_is_never_read(scenario: str, seed: int, plays: int) -> None:
    # §4.3.Variant, §8.1: a twin differs only in the opponent's hidden cards (another scenario
    # card first, other cards beside it) and the deck's order: the same samples
    state = opening(scenario, seed)
    own = scenario_cards(state)
    for k in range(plays):
        player = ("muslim", "christian")[k % 2]
        state = played(state, player, next(c for c in state.hands[player] if c not in own))
    assert first_card_held(state)
    for role in ("christian", "muslim"):
        other = twin(state, role, seed)
        opponent = next(p for p in state.hands if p != role)
        assert other.hands[opponent] != state.hands[opponent]
        for k in range(4):
            one, two = (GAME.sample(s, role, random.Random(k)) for s in (state, other))
            assert json.dumps(GAME.to_json(one), sort_keys=True) == json.dumps(
                GAME.to_json(two), sort_keys=True
            )
