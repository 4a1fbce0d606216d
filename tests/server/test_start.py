"""The server imports every installed title when it starts, before its first request, and starts
even when a title is broken (that title is then refused with the reason, the others served)."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from outremer.engine import registry
from outremer.server.app import create_app
from tests.engine.bare import BareGame


@pytest.fixture
def counted() -> Iterator[list[int]]:
    """A title ``counted`` whose factory counts its calls, and a title ``broken`` that fails to load."""
    calls: list[int] = []

    def make() -> BareGame:
        calls.append(1)
        return BareGame()

    def broken() -> Any:
        raise ImportError("its data pack is missing")

    registry.register("counted", make)
    registry.register("broken", broken)
    yield calls
    registry.unregister("counted")
    registry.unregister("broken")


def test_titles_are_loaded_at_start_and_a_broken_one_is_skipped(
    counted: list[int], tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    app = create_app(f"sqlite:///{tmp_path / 'start.db'}", secure_cookies=False)
    assert counted == []  # building the app loads nothing
    with caplog.at_level(logging.WARNING, logger="outremer.server.app"), TestClient(app) as client:
        assert counted == [1]  # loaded by the start, before any request
        warnings = [r.getMessage() for r in caplog.records]
        assert any("broken" in w and "data pack is missing" in w for w in warnings)
        listed = {t["slug"]: t for t in client.get("/api/titles").json()}
        assert counted == [1]  # the request found it loaded
        assert listed["counted"]["roles"] == ["First", "Second"]
        assert "data pack is missing" in listed["broken"]["error"]
        assert client.get("/api/titles/broken/board").status_code == 404
        assert client.get("/api/health").status_code == 200
