"""The title registry."""

from __future__ import annotations

import pytest

from outremer.engine import UnknownGame, get_game, register, titles, unregister
from outremer.engine import registry as reg

from .toy import ToyGame


def test_builtin_titles_listed() -> None:
    assert "crusader-rex" in titles()


def test_unknown_game_lists_installed() -> None:
    with pytest.raises(UnknownGame, match="no title 'chess' is installed; installed titles: .*crusader-rex"):
        get_game("chess")


def test_register_and_unregister(toy: ToyGame) -> None:
    assert "toy" in titles()
    game = get_game("toy")
    assert isinstance(game, ToyGame)
    assert get_game("toy") is game
    unregister("toy")
    assert "toy" not in titles()
    register("toy", ToyGame)  # the fixture unregisters it


def test_register_factory_function() -> None:
    register("toy2", lambda: ToyGame())
    try:
        assert isinstance(get_game("toy2"), ToyGame)
    finally:
        unregister("toy2")


def test_broken_title_says_why() -> None:
    def broken() -> ToyGame:
        raise ImportError("no module named views")

    register("broken", broken)
    try:
        with pytest.raises(
            UnknownGame, match="installed but failed to load: ImportError: no module named views"
        ):
            get_game("broken")
    finally:
        unregister("broken")


def test_not_a_game() -> None:
    register("junk", lambda: object())  # type: ignore[arg-type, return-value]
    try:
        with pytest.raises(UnknownGame, match="does not provide a Game"):
            get_game("junk")
    finally:
        unregister("junk")


def test_plugin_entry_points(monkeypatch: pytest.MonkeyPatch) -> None:
    class FakeEntryPoint:
        name = "plugged"

        def load(self) -> type[ToyGame]:
            return ToyGame

    monkeypatch.setattr(
        reg, "entry_points", lambda group: [FakeEntryPoint()] if group == reg.ENTRY_POINT_GROUP else []
    )
    assert "plugged" in titles()
    try:
        assert isinstance(get_game("plugged"), ToyGame)
    finally:
        unregister("plugged")
