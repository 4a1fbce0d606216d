"""Positions and tools the strongholds, sieges and assault tests share: a scenario's state with the
map cleared where a test builds its own forces, scripted dice, and other sections' procedures
replaced for the test by recorders (restored after), so a test sees the frames pushed to them."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest

from outremer.games.kingdom_of_heaven import assault, sieges, strongholds
from outremer.games.kingdom_of_heaven.procedures import PROCEDURES
from outremer.games.kingdom_of_heaven.setup import new_game
from outremer.games.kingdom_of_heaven.state import State, group

OTHERS = ("advantage", "leader_loss", "battle", "probe")
"""Kinds a strongholds test records instead of running: the other sections' and a probe frame
that sits under the tested one to receive what it pops with."""


def pieces(
    full: dict[str, int] | None = None, reduced: dict[str, int] | None = None, leaders=()
) -> dict[str, Any]:
    g = group()
    g["full"].update(full or {})
    g["reduced"].update(reduced or {})
    g["leaders"].extend(leaders)
    return g


def position(scenario: str = "G", seed: int = 1) -> State:
    """The scenario's start with no piece on the map and nobody's hand, so a test lays out its own."""
    state = new_game(seed, scenario)
    state.field.clear()
    state.inside.clear()
    for hand in state.hands.values():
        state.deck.extend(hand)
        hand.clear()
    return state


def give(state: State, player: str, *cards: str) -> None:
    for card in cards:
        for pile in (state.deck, state.discard, state.removed, *state.hands.values()):
            if card in pile:
                pile.remove(card)
        state.hands[player].append(card)


@contextmanager
def recorded() -> Iterator[list[dict[str, Any]]]:
    """The other sections' kinds replaced by recorders while the block runs: each frame pushed to
    one is kept (a copy) and popped at once; ``probe`` waits for the test."""
    seen: list[dict[str, Any]] = []
    saved = {k: PROCEDURES.kinds.pop(k) for k in OTHERS if k in PROCEDURES.kinds}

    def record(state: State, frame: dict[str, Any]) -> None:
        seen.append(dict(frame))
        PROCEDURES.pop(state, frame)

    for kind in OTHERS[:-1]:
        PROCEDURES.procedure(kind, run=record)
    PROCEDURES.procedure(
        "probe",
        legal=lambda s, f, r: [("wait",)],
        perform=lambda s, f, r, a: None,
        roles=lambda s, f: ["christian"],
    )
    try:
        yield seen
    finally:
        for kind in OTHERS:
            PROCEDURES.kinds.pop(kind, None)
        PROCEDURES.kinds.update(saved)


def dice(monkeypatch: pytest.MonkeyPatch, faces: list[int]) -> list[int]:
    """The dice of the strongholds modules scripted: each roll takes the next face (the list is
    emptied as they are rolled, so a test can check every one was used)."""

    def scripted(state: State, key: str, why: str, count: int = 1) -> int:
        total = sum(faces.pop(0) for _ in range(count))
        state.barrier += 1
        state.say(key, f"{why}: rolled {total}.")
        return total

    for module in (strongholds, sieges, assault):
        monkeypatch.setattr(module, "roll", scripted)
    return faces


def drive(state: State, frame_kind: str, **frame: Any) -> None:
    """Push ``frame_kind`` over a probe frame and settle."""
    state.stack = [{"kind": "probe"}]
    PROCEDURES.push(state, frame_kind, **frame)
    PROCEDURES.settle(state)


def act(state: State, role: str, *action: Any) -> None:
    assert action in [tuple(a) for a in PROCEDURES.legal(state, role)], (
        action,
        PROCEDURES.legal(state, role),
    )
    PROCEDURES.perform(state, role, tuple(action))


def done(state: State) -> dict[str, Any]:
    """What the tested procedure popped with, read on the probe frame."""
    assert state.stack[-1]["kind"] == "probe", state.stack[-1]
    result: dict[str, Any] = state.stack[-1].get("done", {})
    return result
