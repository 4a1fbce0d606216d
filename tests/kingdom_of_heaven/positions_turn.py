"""Positions and helpers for the tests of the turn, the strategy phase, the events and victory.

Other sections' procedures that the turn pushes may not exist yet, or would ask their own
questions; ``stand_ins`` replaces them for one test (pytest's monkeypatch restores the registry)
by procedures that record their frame and end at once, so a test sees exactly what the turn
pushed, with which keys, in which order.
"""

from __future__ import annotations

from typing import Any

import pytest

from outremer.engine.procedures import Procedures
from outremer.games.kingdom_of_heaven import game  # noqa: F401  (every section's procedures registered)
from outremer.games.kingdom_of_heaven.common import data
from outremer.games.kingdom_of_heaven.procedures import PROCEDURES
from outremer.games.kingdom_of_heaven.setup import new_game
from outremer.games.kingdom_of_heaven.state import PLAYERS, State

OTHERS = ("replacement", "muster", "demobilize", "activation", "siege", "diplomacy")
"""Kinds other sections own that the turn and the rounds push."""


def stand_ins(monkeypatch: pytest.MonkeyPatch, *kinds: str) -> list[dict[str, Any]]:
    """Each kind replaced, for this test, by a procedure that records its frame and pops; the
    list of recorded frames, in the order they ran."""
    seen: list[dict[str, Any]] = []
    local: Procedures[State] = Procedures("stand-ins")

    def run(state: State, frame: dict[str, Any]) -> None:
        seen.append(dict(frame))
        PROCEDURES.pop(state, frame)

    for kind in kinds or OTHERS:
        local.procedure(kind, run=run, rule="stand-in")
        monkeypatch.setitem(PROCEDURES.kinds, kind, local.kinds[kind])
    return seen


def position(scenario: str = "D", seed: int = 1, turn: int = 2) -> State:
    """A scenario's state at the start of ``turn``, hands and stack empty, every dealt card put
    back on the deck."""
    state = new_game(seed, scenario)
    for p in PLAYERS:
        state.deck += state.hands[p]
        state.hands[p] = []
    state.turn = turn
    state.stack = []
    return state


def plain_deck(state: State) -> None:
    """The cards Must Be Played set aside (removed), so that every card dealt may be discarded;
    one in a hand is replaced by the deck's next card."""
    cards = data(state).cards.cards
    bound = [c for c in state.deck if "must_be_played" in cards[c].keywords]
    state.deck = [c for c in state.deck if c not in bound]
    for hand in state.hands.values():
        for c in [c for c in hand if "must_be_played" in cards[c].keywords]:
            hand[hand.index(c)] = state.deck.pop(0)
            bound.append(c)
    state.removed += bound


def give(state: State, player: str, *cards: str) -> None:
    """Cards moved from wherever they are into ``player``'s hand."""
    for card in cards:
        for pile in (state.deck, state.discard, state.removed, *state.hands.values()):
            if card in pile:
                pile.remove(card)
        state.hands[player].append(card)


def kinds(state: State) -> list[str]:
    return [f["kind"] for f in state.stack]
