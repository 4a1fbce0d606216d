"""The browser board's description (drawing.py, ``KingdomOfHeaven.board()``) and the named positions
it is shown in (showcase.py, ``positions()``): every space and box of the map pack drawn once, on
its own card that touches no other, north at the top; the links and their kinds as the pack has
them (§10.6); every name the board shows; each position reached and showing what it is named for."""

from __future__ import annotations

from typing import Any

import pytest

from outremer.games.kingdom_of_heaven import showcase
from outremer.games.kingdom_of_heaven.board import Board
from outremer.games.kingdom_of_heaven.counters import Counters
from outremer.games.kingdom_of_heaven.game import KingdomOfHeaven
from outremer.games.kingdom_of_heaven.state import State

GAME = KingdomOfHeaven()


@pytest.fixture(scope="module")
def drawn() -> dict[str, Any]:
    return GAME.board()


def places(drawn: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {p["id"]: p for p in [*drawn["spaces"], *drawn["boxes"]]}


def test_every_space_and_box_is_drawn_once_with_its_name(drawn: dict[str, Any], board: Board) -> None:
    # §2.2: the map's spaces and its three boxes are the board's locations.
    assert [s["id"] for s in drawn["spaces"]] == list(board.spaces)
    assert [b["id"] for b in drawn["boxes"]] == list(board.boxes)
    assert {p["id"]: p["name"] for p in places(drawn).values()} == {
        **{s.id: s.name for s in board.spaces.values()},
        **{b.id: b.name for b in board.boxes.values()},
    }


def test_no_two_cards_touch_and_all_lie_on_the_map(drawn: dict[str, Any]) -> None:
    lay = drawn["layout"]
    w, h = lay["cell_w"], lay["cell_h"]
    cards = list(places(drawn).values())
    for p in cards:
        assert w / 2 <= p["x"] <= lay["width"] - w / 2 and h / 2 <= p["y"] <= lay["height"] - h / 2, p["id"]
    for i, a in enumerate(cards):
        for b in cards[i + 1 :]:
            apart = abs(a["x"] - b["x"]) >= w or abs(a["y"] - b["y"]) >= h
            assert apart, f"{a['id']} and {b['id']} overlap"


@pytest.mark.parametrize(
    ("north", "south"), [("konya", "jerusalem"), ("antioch", "acre"), ("jerusalem", "cairo")]
)
def test_north_is_at_the_top(drawn: dict[str, Any], board: Board, north: str, south: str) -> None:
    assert board.spaces[north].lat > board.spaces[south].lat  # the premise, from the map pack
    assert places(drawn)[north]["y"] < places(drawn)[south]["y"]


def test_the_links_keep_their_kind_and_mp(drawn: dict[str, Any], board: Board) -> None:
    # §10.6: a pass and a desert link are drawn apart from a normal link; the MP in the words.
    assert [(k["a"], k["b"], k["kind"], k["mp"]) for k in drawn["links"]] == [
        (k.a, k.b, k.kind, k.mp) for k in board.links
    ]
    assert {k["kind"] for k in drawn["links"]} == {"normal", "pass", "desert"}


def test_terrain_and_strongholds_come_from_the_pack(drawn: dict[str, Any], board: Board) -> None:
    # §2.2 L140 ports, §10.6.Harsh, §10.6.Nile, §17.1.2 walled cities, §20.1 VP.
    for s in drawn["spaces"]:
        space = board.spaces[s["id"]]
        assert (s["port"], s["harsh"], s["nile"]) == (space.port, space.harsh, space.nile)
        assert set(s["walled_city"]) == set(space.walled_city)
        assert s["vp"] == dict(space.vp)


def test_the_names_shown_for_powers_leaders_and_cards(drawn: dict[str, Any], counters: Counters) -> None:
    # The board never shows an id: every Power and leader has its name, the Orders the Kingdom's
    # political status marker (§9.1.1 L504).
    assert {p: d["title"] for p, d in drawn["powers"].items()} == {
        p.id: p.name for p in counters.powers.values()
    }
    assert drawn["powers"]["templars"]["marker"] == "jerusalem"
    assert drawn["leaders"]["richard"] == {"title": "Richard I", "power": "crusaders", "ratings": "1/4/6"}


def replay(name: str) -> State:
    p = GAME.positions()[name]
    state = GAME.setup(p.seed, p.scenario, p.options)
    for role, action in p.actions:
        GAME.perform(state, role, tuple(action))
    return state


def test_the_named_positions_show_what_they_are_named_for() -> None:
    assert set(GAME.positions()) == {"start", "third-crusade", "crowded", "battle", "siege", "siege-events"}
    assert replay("start").scenario == "A" and replay("third-crusade").scenario == "D"
    assert showcase.battle(replay("battle")) and replay("battle").stack[-1]["kind"] == "battle"
    siege = replay("siege")
    assert showcase.siege(siege) and siege.stack[-1]["space"] in siege.sieges
    assert showcase.crowded(replay("crowded"))
    # §17.6.6: both sides have laid siege events this round, and one of them is asked what next.
    exchange = replay("siege-events")
    top = exchange.stack[-1]
    assert showcase.exchange(exchange) and top["kind"] == "siege" and top["asks"] in ("christian", "muslim")
    assert {e["as"] for e in top["laid"]} == {"A", "D"}


def test_crowded_asks_both_sides_at_one_stronghold() -> None:
    state = GAME.setup(1, "A")
    assert not showcase.crowded(state)  # at the start no stronghold has the enemy at its walls
    inside = next(iter(state.inside))
    side = state.orientation(next(iter(state.inside[inside])))
    enemy = next(p for p in state.political if state.political[p] != side and state.political[p] != "neutral")
    state.field.setdefault(inside, {})[enemy] = {"full": {"2-4": 8}, "reduced": {}, "leaders": []}
    assert showcase.crowded(state)
