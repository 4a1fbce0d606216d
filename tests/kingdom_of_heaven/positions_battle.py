"""Positions and drivers for the battle, retreat and leader-loss tests: a scenario D game with the
map cleared, pieces put where a test wants them, the dice fed in order, and a stand-in for the
``advantage`` roll diplomacy.py owns (so a battle's push of it can be seen and passed)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

import pytest

from outremer.engine.procedures import Action, Procedures
from outremer.games.kingdom_of_heaven import dice
from outremer.games.kingdom_of_heaven.procedures import PROCEDURES
from outremer.games.kingdom_of_heaven.setup import new_game
from outremer.games.kingdom_of_heaven.state import PLAYERS, State, group


def position() -> State:
    """Scenario D with no piece on the map, empty hands and no procedure under way."""
    state = new_game(1, "D")
    state.field, state.inside, state.stack = {}, {}, []
    for player in PLAYERS:
        state.deck.extend(state.hands[player])
        state.hands[player], state.known[player] = [], []
    return state


def put(
    state: State,
    space: str,
    power: str,
    full: dict[str, int] | None = None,
    reduced: dict[str, int] | None = None,
    leaders: Iterable[str] = (),
    place: str = "field",
) -> None:
    g = group()
    g["full"], g["reduced"], g["leaders"] = dict(full or {}), dict(reduced or {}), list(leaders)
    getattr(state, place).setdefault(space, {})[power] = g


def deal(state: State, player: str, *cards: str) -> None:
    for card in cards:
        for pile in (state.deck, state.discard, state.removed):
            if card in pile:
                pile.remove(card)
        state.hands[player].append(card)


class Dice:
    """The dice a test feeds, in order; ``count`` dice come as their total."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, values: Iterable[int]) -> None:
        self.values = list(values)
        self.asked: list[str] = []
        monkeypatch.setattr(dice, "roll", self.roll)

    def roll(self, state: State, key: str, why: str, count: int = 1) -> int:
        assert self.values, f"no die left for {why}"
        self.asked.append(why)
        value = self.values.pop(0)
        state.barrier += 1
        state.say(key, f"{why}: rolled {value}.")
        return value


def stub_advantage(monkeypatch: pytest.MonkeyPatch) -> list[dict[str, Any]]:
    """Stand in for diplomacy.py's ``advantage`` (§9.3): record each frame pushed, then end it."""
    seen: list[dict[str, Any]] = []
    stub: Procedures[State] = Procedures("stub")

    def run(state: State, frame: dict[str, Any]) -> None:
        seen.append(dict(frame))
        PROCEDURES.pop(state, frame)

    stub.procedure("advantage", run=run)
    monkeypatch.setitem(PROCEDURES.kinds, "advantage", stub.kinds["advantage"])
    return seen


def drive(state: State, choose: Callable[[State, str, list[Action]], Action], limit: int = 200) -> None:
    """Settle, then answer every decision with ``choose`` until none is asked."""
    PROCEDURES.settle(state)
    for _ in range(limit):
        roles = PROCEDURES.deciders(state)
        if not roles:
            return
        role = roles[0]
        legal = PROCEDURES.legal(state, role)
        PROCEDURES.perform(state, role, choose(state, role, legal))
    raise AssertionError("still asking after the limit")


def step(state: State) -> str | None:
    """The step of the innermost frame."""
    return state.stack[-1].get("step") if state.stack else None


def said(state: State, text: str) -> bool:
    return any(text in entry[2] for entry in state.log)


def probe(monkeypatch: pytest.MonkeyPatch, state: State) -> list[dict[str, Any]]:
    """Push a stand-in for the section that started a procedure: it records what the procedure
    above it popped with, then ends."""
    seen: list[dict[str, Any]] = []
    stub: Procedures[State] = Procedures("stub")

    def run(state: State, frame: dict[str, Any]) -> None:
        seen.append(frame.get("done", {}))
        PROCEDURES.pop(state, frame)

    stub.procedure("probe", run=run)
    monkeypatch.setitem(PROCEDURES.kinds, "probe", stub.kinds["probe"])
    state.stack.append({"kind": "probe"})
    return seen
