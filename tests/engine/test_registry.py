"""The title registry."""

from __future__ import annotations

from importlib.metadata import distribution

import pytest

from outremer.engine import UnknownGame, get_game, register, titles, unregister
from outremer.engine import registry as reg

from .toy import ToyGame


def test_builtin_titles_listed() -> None:
    assert "crusader-rex" in titles()


def test_builtin_titles_are_the_distributions_entry_points() -> None:
    # issue 14: Outremer declares its own titles as entry points, as any other package would; the
    # registry names none of them.
    declared = {
        ep.name: ep.value for ep in distribution("outremer").entry_points if ep.group == reg.ENTRY_POINT_GROUP
    }
    assert declared == {
        "crusader-rex": "outremer.games.crusader_rex.game:CrusaderRex",
        "first-crusade": "outremer.games.first_crusade.game:FirstCrusade",
        "four-powers": "outremer.games.four_powers.game:FourPowers",
        "third-crusade": "outremer.games.third_crusade.game:ThirdCrusade",
        "kingdom-of-heaven": "outremer.games.kingdom_of_heaven.game:KingdomOfHeaven",
    }
    assert set(declared) <= set(titles())
    assert get_game("first-crusade").slug == "first-crusade"


def test_no_title_known_by_name(monkeypatch: pytest.MonkeyPatch) -> None:
    # With no distribution declaring a title, the registry has none of its own.
    monkeypatch.setattr(reg, "entry_points", lambda group: [])
    monkeypatch.setattr(reg, "_instances", {})  # forget titles loaded by earlier tests
    monkeypatch.setattr(reg, "_registered", {})  # and titles registered by hand (the toy)
    assert not {"crusader-rex", "first-crusade"} & set(titles())
    with pytest.raises(UnknownGame, match="no title 'crusader-rex' is installed; installed titles: none"):
        get_game("crusader-rex")


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


def test_broken_entry_point_says_why(monkeypatch: pytest.MonkeyPatch) -> None:
    # A declared title whose module is missing is listed, and asking for it says why; the title
    # declared beside it still loads.
    class BrokenEntryPoint:
        name = "ghost"

        def load(self) -> type[ToyGame]:
            raise ModuleNotFoundError("No module named 'ghost_title'")

    class GoodEntryPoint:
        name = "plugged"

        def load(self) -> type[ToyGame]:
            return ToyGame

    monkeypatch.setattr(reg, "entry_points", lambda group: [BrokenEntryPoint(), GoodEntryPoint()])
    monkeypatch.setattr(reg, "_instances", {})
    assert {"ghost", "plugged"} <= set(titles())
    with pytest.raises(
        UnknownGame,
        match="'ghost' is installed but failed to load: ModuleNotFoundError: No module named 'ghost_title'",
    ):
        get_game("ghost")
    assert isinstance(get_game("plugged"), ToyGame)
