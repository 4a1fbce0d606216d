"""A card leaving a hand, whichever section plays it: the action round's card (§8.3-§8.4), a
battle event (§8.4.2), a response (§8.4.3), a siege event (§17.6.6) or a starvation card (§17.6.4).

A played card goes to the discard pile, open to both (§8.5), unless its event was played and it is
marked Remove If Played: then it leaves the game (§8.4.1). A card whose event orders a reshuffle
sets the state's flag for the end of the turn (§8.5).
"""

from __future__ import annotations

from .common import data
from .state import State


def holds(state: State, player: str, card: str) -> bool:
    """Whether ``card`` is in ``player``'s hand."""
    return card in state.hands[player]


def spend(state: State, player: str, card: str, *, event: bool) -> None:
    """``card`` out of ``player``'s hand, played for its event (``event``) or not; a card the
    player does not hold is a bug of the caller (ValueError), never a player's mistake."""
    if card not in state.hands[player]:
        raise ValueError(f"the {player} player does not hold card {card}")
    state.hands[player].remove(card)
    if card in state.known[player]:
        state.known[player].remove(card)
    keywords = data(state).cards.cards[card].keywords
    if event and "remove_if_played" in keywords:
        state.removed.append(card)
    else:
        state.discard.append(card)
    if event and "reshuffle" in keywords:
        state.reshuffle = True
