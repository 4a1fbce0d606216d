"""Shared fixtures of the Crusader Rex tests."""

from __future__ import annotations

import pytest

from outremer.games.crusader_rex import common

from .battle import handed_back


@pytest.fixture
def done():
    """Whether the battle phase a test started is over: ``combat.start_battle_phase`` on a position
    built by hand pushes the battles alone, so when they end nothing follows (in a game the turn
    goes on to the draws, turn.py) and ``done(s)`` is true."""
    return handed_back


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
