"""The Kingdom of Heaven state (outremer/games/kingdom_of_heaven/state.py): every scenario's
state reads back from JSON as it was, a copy shares nothing that changes, the Orders follow the
Kingdom's political status marker, and a corrupt save is refused naming what is wrong."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

from outremer.engine.errors import BadSave
from outremer.games.kingdom_of_heaven import scenarios
from outremer.games.kingdom_of_heaven.common import load_state
from outremer.games.kingdom_of_heaven.scenarios import load_scenarios
from outremer.games.kingdom_of_heaven.setup import new_game
from outremer.games.kingdom_of_heaven.state import PLAYERS, group


@pytest.mark.parametrize("letter", list(load_scenarios()))
def test_a_state_reads_back_from_json_as_it_was(letter: str) -> None:
    state = new_game(5, letter)
    saved = json.loads(json.dumps(state.to_json()))
    again = load_state(saved)
    assert again.to_json() == state.to_json()
    assert again.hands == state.hands and again.deck == state.deck


def test_the_players_are_the_scenarios_sides() -> None:
    # §1, §9.1: the Christian and the Muslim player, the same strings the scenarios pack uses
    assert PLAYERS == scenarios.PLAYERS


def test_a_copy_shares_nothing_that_changes() -> None:
    state = new_game(5, "D")
    before = state.to_json()
    other = state.copy()
    other.hands["christian"].pop()
    other.deck.pop()
    other.field["acre"]["jerusalem"]["full"]["2-4"] -= 1
    other.political["jerusalem"] = "neutral"
    other.vp["muslim"] += 3
    other.castles[next(iter(other.castles))]["low"] = True
    other.say("§5", "a line in the copy only")
    assert state.to_json() == before


def test_the_orders_follow_the_kingdoms_marker() -> None:
    # §9.1.1: the Kingdom of Jerusalem and both Orders share one political status marker
    state = new_game(5, "G")
    state.political["jerusalem"] = "christian"
    assert state.orientation("templars") == state.orientation("hospitallers") == "christian"
    assert "templars" not in state.political and "hospitallers" not in state.political


def _set(path: tuple[Any, ...], value: Any) -> Callable[[dict[str, Any]], None]:
    def change(doc: dict[str, Any]) -> None:
        here = doc
        for key in path[:-1]:
            here = here[key]
        here[path[-1]] = value

    return change


def _drop(name: str) -> Callable[[dict[str, Any]], None]:
    return lambda doc: doc.pop(name)


def _twice(doc: dict[str, Any]) -> None:
    doc["discard"].append(doc["hands"]["muslim"][0])


BROKEN = {
    "format": (_set(("format",), "outremer/third-crusade/state/2"), "format"),
    "missing field": (_drop("political"), "political"),
    "unknown scenario": (_set(("scenario",), "I"), "scenario"),
    "turn past the end": (_set(("turn",), 9), "turn"),
    "unknown phase": (_set(("phase",), "lunch"), "phase"),
    "a third player": (_set(("vp", "neutral"), 3), "vp"),
    "VP not a number": (_set(("vp", "muslim"), "14"), "vp"),
    "unknown card": (_set(("hands", "christian", 0), "K9"), "K9"),
    "a card twice": (_twice, "two places"),
    "known card not held": (_set(("known", "muslim"), ["1"]), "known"),
    "unknown space": (_set(("field", "atlantis"), {"jerusalem": group()}), "atlantis"),
    "power not in play": (_set(("field", "acre", "mongols"), group()), "mongols"),
    "unknown pack": (_set(("pack",), "/nonexistent/pack"), "pack"),
    "castle of a power out": (_set(("castles", "acre"), {"power": "mongols", "low": False}), "castle"),
    "unknown unit": (_set(("field", "acre", "jerusalem", "full", "9-9"), 1), "9-9"),
    "negative count": (_set(("field", "acre", "jerusalem", "full", "2-4"), -1), "-1"),
    "unknown leader": (_set(("field", "acre", "jerusalem", "leaders"), ["arthur"]), "arthur"),
    "group shape": (_set(("pools", "ayyubids"), {"units": 3}), "pools ayyubids"),
    "orientation": (_set(("political", "jerusalem"), "pagan"), "political"),
    "advantage": (_set(("advantage",), "neutral"), "advantage"),
}


@pytest.mark.parametrize("case", list(BROKEN))
def test_a_corrupt_save_is_refused_naming_the_problem(case: str) -> None:
    change, named = BROKEN[case]
    doc = json.loads(json.dumps(new_game(5, "D").to_json()))
    load_state(doc)  # the save before the change reads
    change(doc)
    with pytest.raises(BadSave, match=named):
        load_state(doc)
