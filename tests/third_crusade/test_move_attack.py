"""The Move and Attack icons (``Iconography.Actions``; ruling R27: a Move may not enter a Region
where it would fight, an Attack must end among enemy pieces). No card of the shipped pack prints
them, so these tests load a copy of the pack in which an Order and an Event Card do, and play them
on positions built for the purpose."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from outremer.engine.errors import BadData, IllegalAction
from outremer.engine.procedures import Procedure
from outremer.games.third_crusade.events import load_events
from outremer.games.third_crusade.orders import load_orders
from outremer.games.third_crusade.procedures import PROCEDURES
from outremer.games.third_crusade.setup import new_game
from outremer.games.third_crusade.state import State, unit

from .play import GAME, play
from .test_orders import copy_pack

FOE, MINE = unit("turkoman", "infantry"), unit("hre", "infantry")
CARD = "hre_1190_armenian_guides"  # its main event is one March (events.md)


def _effects(doc: dict[str, Any]) -> None:
    """The HRE's March becomes a Move, its Forced March an Attack with +1 March Strength."""
    orders = {o["id"]: o for o in doc["orders"]}
    orders["hre_march"]["effect"] = [{"action": "move"}]
    orders["hre_forced_march"]["effect"] = [{"action": "attack", "strength": 1}]


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    path = copy_pack(tmp_path, "orders", _effects)
    events = path / "events.json"
    doc = json.loads(events.read_text(encoding="utf-8"))
    _card(doc)
    events.write_text(json.dumps(doc), encoding="utf-8")
    return path


def _card(doc: dict[str, Any]) -> None:
    card = next(c for c in doc["cards"] if c["id"] == CARD)
    card["main"]["steps"] = [{"action": "attack"}]


@pytest.fixture
def battles(monkeypatch: pytest.MonkeyPatch) -> list[dict[str, Any]]:
    """A stand-in for the battle procedure: it keeps the frame it was given."""
    seen: list[dict[str, Any]] = []

    def run(state: State, frame: dict[str, Any]) -> None:
        seen.append(dict(frame))
        PROCEDURES.pop(state, frame)

    fake = Procedure("battle", lambda s, f: (), None, None, run, lambda s, f, r: "", "Battle")
    monkeypatch.setitem(PROCEDURES.kinds, "battle", fake)
    return seen


def position(folder: Path) -> State:
    """The HRE with 3 Infantry in Acre; a Turkoman Infantry in Galilee (a Desert next to it), Tyre,
    Samaria and Jaffa empty; nothing else on the map, no Order placed."""
    state = new_game(1, "two_hre_turkoman", pack=folder)
    for region in state.regions.values():
        region["slots"] = [None] * len(region["slots"])
    state.placed, state.bandits, state.stack = {}, {}, []
    for slot in (2, 3, 4):
        state.regions["acre"]["slots"][slot] = MINE
    state.regions["d_galilee"]["slots"][2] = FOE
    return state


def order(state: State, oid: str) -> None:
    state.placed = {"acre": {"crusader": {"army": "hre", "order": oid, "up": False}}}
    PROCEDURES.push(state, "order", army="hre", region="acre")
    PROCEDURES.settle(state)


def tos(state: State) -> list[str]:
    return [a[1] for a in GAME.legal_actions(state, "hre") if a[0] == "to"]


def test_the_pack_loads_move_and_attack(folder: Path) -> None:
    # R27: both are movement steps of the effect vocabulary, in Orders and Event Cards alike
    orders = load_orders(folder).orders
    assert [s.action for s in orders["hre_march"].effect] == ["move"]
    assert orders["hre_forced_march"].effect[0].strength == 1
    assert orders["hre_forced_march"].marches
    assert load_events(folder).cards[CARD].marches  # BotTable.Command: a main event that Marches


def test_a_move_with_march_strength_is_refused(tmp_path: Path) -> None:
    # R27: March Strength counts in the Battle a move starts; a Move never starts one
    def strong_move(doc: dict[str, Any]) -> None:
        orders = {o["id"]: o for o in doc["orders"]}
        orders["hre_march"]["effect"] = [{"action": "move", "strength": 1}]

    with pytest.raises(BadData, match="hre_march"):
        load_orders(copy_pack(tmp_path, "orders", strong_move))


def test_a_move_never_enters_enemies(folder: Path, battles: list[dict[str, Any]]) -> None:
    # R27: Move, a March that may not enter a Region with enemy pieces (it starts no Battle)
    state = position(folder)
    order(state, "hre_march")
    assert tos(state) == ["tyre", "d_samaria", "jaffa"]
    with pytest.raises(IllegalAction):
        play(state, "hre", "to", "d_galilee")
    play(state, "hre", "to", "d_samaria")
    play(state, "hre", "take", 2)
    play(state, "hre", "go")
    play(state, "hre", "slot", 2)
    assert state.regions["d_samaria"]["slots"][2] == MINE and not battles
    assert state.executed["hre"] == ["hre_march"]  # Command.Order.After


def test_a_move_with_nowhere_to_go_is_skipped(folder: Path) -> None:
    # R27 with Command.Order.Partial: every Region next to Acre holds enemies, so the Move can
    # apply nowhere and the Order ends (Command.Event.Ignore)
    state = position(folder)
    for region in ("tyre", "d_samaria", "jaffa"):
        state.regions[region]["slots"][2] = FOE
    order(state, "hre_march")
    assert state.stack == [] and state.executed["hre"] == ["hre_march"]


def test_an_attack_goes_only_into_enemies(folder: Path, battles: list[dict[str, Any]]) -> None:
    # R27: Attack, a March that must end in a Region with enemy pieces; its March Strength goes to
    # the Battle it starts (Battle.Road: the pieces wait on the Road)
    state = position(folder)
    order(state, "hre_forced_march")
    assert tos(state) == ["d_galilee"]
    play(state, "hre", "to", "d_galilee")
    play(state, "hre", "take", 2)
    play(state, "hre", "take", 3)
    play(state, "hre", "go")
    (frame,) = battles
    assert frame["region"] == "d_galilee" and frame["strength"] == 1 and frame["road"] == [MINE, MINE]
    assert frame["origin"] == "acre" and frame["order"] == "hre_forced_march"


def test_an_attack_without_enemies_next_door_is_skipped(folder: Path) -> None:
    # R27: with no enemy piece Adjacent, the Attack can apply nowhere (Command.Event.Ignore)
    state = position(folder)
    state.regions["d_galilee"]["slots"][2] = None
    order(state, "hre_forced_march")
    assert state.stack == [] and state.executed["hre"] == ["hre_forced_march"]


def test_an_event_cards_attack(folder: Path, battles: list[dict[str, Any]]) -> None:
    # R27 in an Event Card's main event (Command.Event.Regions: a Region of its banner)
    state = position(folder)
    state.event_cards["hre"] = [CARD]
    PROCEDURES.push(state, "event", army="hre", card=CARD)
    PROCEDURES.settle(state)
    while not tos(state):
        legal = GAME.legal_actions(state, "hre")
        main = [a for a in legal if a[0] in ("main", "region")]
        play(state, "hre", *main[0])
    assert tos(state) == ["d_galilee"]
    for action in (("to", "d_galilee"), ("take", 2), ("go",)):
        play(state, "hre", *action)
    (frame,) = battles
    assert frame["region"] == "d_galilee" and frame["order"] is None and frame["road"] == [MINE]
