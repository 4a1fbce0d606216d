"""Hidden information in whole games of Four Powers (issue 16, "Hidden information and
simultaneous decisions"): what a role's view and log never show, and twin games that differ only
in one faction's screen (its Gold and Faith, PlayerSetup.6) or hand, in which every other role is
shown the very same thing after the same actions until the game's end reveals them.

The generic twins test (tests/test_twins.py) deals its twins with the sampler, which keeps every
screen as it is (sampler.py: the public record fixes them); these twins change the screens."""

from __future__ import annotations

import random
from typing import Any

import pytest

from outremer.engine import get_game
from outremer.games.four_powers.state import BLUFF, State

GAME = get_game("four-powers")


def random_states(seed: int, scenario: str = "four", every: int = 7) -> list[State]:
    state = GAME.setup(seed, scenario)
    chooser = random.Random(seed)
    out = []
    for step in range(5000):
        active = GAME.active_roles(state)
        if not active:
            break
        if step % every == 0:
            out.append(GAME.copy(state))
        role = active[0]
        legal = GAME.legal_actions(state, role)
        GAME.perform(state, role, legal[chooser.randrange(len(legal))])
    return out


@pytest.mark.parametrize("seed", [1, 2])
def test_no_view_shows_another_factions_screen_hand_or_deck_order(seed: int) -> None:
    # PlayerSetup.6: Gold and Faith behind the screen; Draft, Round.3: hands; Setup.4-5: deck orders
    for state in random_states(seed):
        for viewer in [*state.players, None]:
            view = GAME.view(state, viewer)
            for role, faction in view["factions"].items():
                if role != viewer:
                    assert faction["gold"] is None and faction["faith"] is None and faction["hand"] is None
            assert isinstance(view["deck"], int) and isinstance(view["round_deck"], int)
            if state.draft and viewer is not None:
                assert set(view["draft"]) == {"pick", "hand", "kept"}
                assert view["draft"]["hand"] == state.draft["hands"][viewer]
            for frame in view["procedures"]:
                for role, sealed in frame.get("sealed", {}).items():
                    assert (sealed is True) == (role != viewer)  # Battle.7-8, Draft.2: made, not what


def seen(state: State, viewer: str) -> Any:
    view = GAME.view(state, viewer)
    legal = GAME.legal_actions(state, viewer) if viewer in GAME.active_roles(state) else []
    return view, legal, GAME.log(state, viewer), GAME.active_roles(state)


def twin_games(seed: int, scenario: str, change: Any) -> None:
    """Plays a random game and its twin, whose hidden facts ``change(twin, owner)`` alters for one
    faction at the start of the first round; every other faction must see the same in both."""
    state = GAME.setup(seed, scenario)
    chooser = random.Random(seed)
    twin: State | None = None
    owner = state.players[seed % len(state.players)]
    for _ in range(5000):
        active = GAME.active_roles(state)
        if not active:
            break
        if twin is None and state.round == 1 and not state.draft:
            twin = GAME.copy(state)
            change(twin, owner)
        role = active[0]
        legal = GAME.legal_actions(state, role)
        action = legal[chooser.randrange(len(legal))]
        if twin is not None:
            if action not in GAME.legal_actions(twin, role):
                assert role == owner, f"{role}'s choices differ with {owner}'s hidden facts changed"
                return  # the owner's own choices depend on its own screen: the twins part here
            GAME.perform(twin, role, action)
        GAME.perform(state, role, action)
        if twin is not None and state.result is None:
            for viewer in state.players:
                if viewer != owner:
                    assert seen(twin, viewer) == seen(state, viewer), (viewer, action)


def _richer(state: State, owner: str) -> None:
    state.gold[owner] += 9
    state.faith[owner] += 2


def _other_hand(state: State, owner: str) -> None:
    # another hand of the same size: the owner's cards change places with the bottom of the deck,
    # which nobody sees and nobody draws before long
    hand = [c for c in state.hands[owner] if c != BLUFF]
    bottom = state.deck[-len(hand) :]
    state.deck[-len(hand) :] = hand
    state.hands[owner] = bottom + [c for c in state.hands[owner] if c == BLUFF]


@pytest.mark.parametrize("scenario", ["four", "two-crusaders-seljuk"])
@pytest.mark.parametrize("seed", [3, 4, 5])
def test_another_factions_gold_and_faith_change_nothing_the_others_see(scenario: str, seed: int) -> None:
    # PlayerSetup.6: no window, pause or message depends on what is behind a screen
    twin_games(seed, scenario, _richer)


@pytest.mark.parametrize("seed", [3, 4, 5])
def test_another_factions_hand_changes_nothing_the_others_see(seed: int) -> None:
    # Round.3, Battle.7: a hand is hidden, so is the card laid face down from it
    twin_games(seed, "four", _other_hand)
