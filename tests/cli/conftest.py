"""Fixtures for the engine tests: the toy title, registered for the duration of a test."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from outremer.engine import registry
from tests.engine.toy import ToyGame


@pytest.fixture
def toy() -> Iterator[ToyGame]:
    """The toy title, installed in the registry as ``toy``."""
    registry.register("toy", ToyGame)
    yield ToyGame()
    registry.unregister("toy")
