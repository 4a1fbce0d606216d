"""The Third Crusade packs the data tests share, read once a session."""

from __future__ import annotations

import pytest

from outremer.games.third_crusade.board import Board, load_board
from outremer.games.third_crusade.leaders import Leaders, load_leaders


@pytest.fixture(scope="session")
def board() -> Board:
    return load_board()


@pytest.fixture(scope="session")
def leaders() -> Leaders:
    return load_leaders()
