"""The Kingdom of Heaven packs the data tests share, read once a session."""

from __future__ import annotations

import pytest

from outremer.games.kingdom_of_heaven.board import Board, load_board
from outremer.games.kingdom_of_heaven.counters import Counters, load_counters


@pytest.fixture(scope="session")
def board() -> Board:
    return load_board()


@pytest.fixture(scope="session")
def counters() -> Counters:
    return load_counters()
