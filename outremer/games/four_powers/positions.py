"""Positions built by hand, for tests: a game set up as usual, then edited field by field.

``position`` sets up a scenario and clears the procedure stack and the draft, every hand holding
only the Bluff; the helpers then put cards in hands and columns (taken from wherever they are),
Influence and Support on the board, Gold and Faith behind the screens, and start a turn or an
action. Nothing here is a rule; each edit keeps the state's representation (state.py).
"""

from __future__ import annotations

from collections.abc import Mapping

from . import actions, development, income, movement, presence
from .procedures import PROCEDURES
from .setup import new_game
from .state import BLUFF, State


def position(scenario: str = "four", options: Mapping[str, bool] | None = None, seed: int = 1) -> State:
    """A game of ``scenario`` set up (``Setup``), with nothing under way: no draft, empty hands
    but the Bluff, the Round deck as dealt, every dealt draft card back in the Action deck."""
    state = new_game(seed, scenario, options or {})
    for cards in state.draft.get("hands", {}).values():
        state.deck.extend(cards)
    state.draft = {}
    state.stack = []
    state.hands = {r: [BLUFF] for r in state.players}
    state.log = []
    return state


def take(state: State, card_id: str) -> None:
    """Take ``card_id`` out of wherever it is (deck, discard pile, a hand, a column)."""
    for pile in (state.deck, state.discard, *state.hands.values()):
        if card_id in pile:
            pile.remove(card_id)
            return
    for columns in state.columns.values():
        for cards in columns.values():
            if card_id in cards:
                cards.remove(card_id)
                return
    raise ValueError(f"no card {card_id!r} in the game")


def hand(state: State, role: str, cards: list[str]) -> None:
    """``role`` holds ``cards`` and the Bluff."""
    for c in state.hands[role]:
        if c != BLUFF:
            state.deck.append(c)
    state.hands[role] = []
    for c in cards:
        take(state, c)
    state.hands[role] = [*cards, BLUFF]


def column(state: State, name: str, cards: list[str], owner: str = "board") -> None:
    """The column ``name`` of ``owner`` holds ``cards``, oldest first."""
    for c in state.columns[owner][name]:
        state.deck.append(c)
    state.columns[owner][name] = []
    for c in cards:
        take(state, c)
    state.columns[owner][name] = list(cards)


def influence(state: State, location: str, levels: list[str | None], control: str | None = None) -> None:
    """``location``'s City levels, first first, and its Control marker's holder."""
    assert len(levels) == len(state.influence[location])
    state.influence[location] = list(levels)
    state.control[location] = control


def support(state: State, location: str, counts: Mapping[str, int]) -> None:
    """The Support in ``location``'s Region."""
    state.support[location] = {r: n for r, n in counts.items() if n}


def purse(state: State, role: str, gold: int, faith: int = 0) -> None:
    """``role``'s Gold and Faith behind its screen."""
    state.gold[role] = gold
    state.faith[role] = faith


def turn(state: State, role: str) -> None:
    """Start ``role``'s turn (``Round.3``) and run to its first decision."""
    actions.start_turn(state, role)
    PROCEDURES.settle(state)


def action(state: State, role: str, name: str, card_id: str = "c34", effect: bool = False) -> None:
    """Start ``role``'s action ``name`` as if the card had just been played and paid for."""
    if name == "development":
        development.start(state, role, card_id, effect)
    elif name == "presence":
        presence.start(state, role, card_id, effect)
    elif name == "movement":
        movement.start(state, role)
    else:
        income.start(state, role)
    PROCEDURES.settle(state)
