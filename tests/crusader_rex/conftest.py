"""Shared fixtures of the Crusader Rex tests."""

from __future__ import annotations

import pytest

from outremer.games.crusader_rex import common, turn


@pytest.fixture
def done(monkeypatch):
    """Stop at the end of the battle phase instead of going on to the draws."""
    ended: list[int] = []

    def after(state):
        ended.append(1)
        state.phase = "after_battles"
        state.active = []

    monkeypatch.setattr(turn, "after_battles", after)
    return ended


@pytest.fixture
def dice(monkeypatch):
    """Scripted dice: append the rolls the test needs, in order."""
    queue: list[int] = []

    def roll(state, n):
        state.barrier += 1
        assert len(queue) >= n, f"the test ran out of dice (needs {n})"
        out = queue[:n]
        del queue[:n]
        return out

    monkeypatch.setattr(common, "roll", roll)
    return queue
