"""The Kingdom of Heaven packs the data tests share, read once a session."""

from __future__ import annotations

import pytest

from outremer.games.kingdom_of_heaven.board import Board, load_board


@pytest.fixture(scope="session")
def board() -> Board:
    return load_board()
