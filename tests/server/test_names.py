"""Each title's scenarios and seats by name, as the new-game form, the lobby and the game page show
them (Game.scenario_name, Game.role_name): Kingdom of Heaven's letter with its years and name from
the scenario pack, Third Crusade's and Four Powers' with the Armies or factions that play them; a
seat whose id is a key ("hre", "christian") by its name."""

from __future__ import annotations

import re
from collections.abc import Callable

from fastapi import FastAPI
from fastapi.testclient import TestClient

from outremer.engine import get_game
from outremer.games.kingdom_of_heaven.common import pack_at

from .conftest import new_game

SNAKE_CASE = re.compile(r"\b[a-z]+_[a-z_]+\b")  # an internal id (issue 15: rulebook names only)


def test_every_scenario_has_a_name_of_its_own_and_no_internal_id(app: FastAPI) -> None:
    with TestClient(app) as client:
        titles = client.get("/api/titles").json()
    for t in titles:
        names = t["scenario_names"]
        assert list(names) == t["scenarios"], t["slug"]
        assert len(set(names.values())) == len(names), f"{t['slug']}: two scenarios share a name"
        for s, name in names.items():
            assert not SNAKE_CASE.search(name), (t["slug"], s, name)
    by_slug = {t["slug"]: t["scenario_names"] for t in titles}
    # The Scenario Book's list: the letter, the years (one turn a campaigning year), the name.
    koh = pack_at(None).scenarios
    assert by_slug["kingdom-of-heaven"]["A"] == f"A 1097-99 {koh['A'].name}"
    assert by_slug["kingdom-of-heaven"]["J"] == f"J 1289-91 {koh['J'].name}"
    # PlayerSetup.1: the Armies in play, and the one played alone by three players.
    assert by_slug["third-crusade"]["three_ayyubid"] == "3 players: Ayyubid alone, Angevin, Holy Roman Empire"
    assert by_slug["third-crusade"]["variable_four"].startswith("Variable set-up, 4 players")
    # Players.3-4: the factions in play.
    assert by_slug["four-powers"]["two-crusaders-seljuk"] == "2 players: Crusaders, Seljuk"


def test_a_title_that_names_no_scenario_shows_its_id() -> None:
    game = get_game("crusader-rex")
    assert [game.scenario_name(s) for s in game.scenarios] == list(game.scenarios)


def test_the_lobby_lists_a_game_by_its_scenarios_name(user: Callable[[str], TestClient]) -> None:
    alice = user("alice")
    seats = [{"role": "christian", "kind": "me"}, {"role": "muslim", "kind": "bot", "bot": "random"}]
    gid = new_game(alice, seats, title="kingdom-of-heaven", scenario="D")["id"]
    listed = [
        g
        for g in alice.get("/api/games", params={"status": "active", "mine": "true"}).json()
        if g["id"] == gid
    ]
    assert len(listed) == 1
    assert listed[0]["scenario"] == "D"
    assert listed[0]["scenario_name"] == get_game("kingdom-of-heaven").scenario_name("D")


def test_every_seat_has_a_name_and_no_internal_id(app: FastAPI) -> None:
    with TestClient(app) as client:
        titles = {t["slug"]: t for t in client.get("/api/titles").json()}
        # Players: the Army's name; §2: the side's player.
        assert titles["third-crusade"]["role_names"]["hre"] == "Holy Roman Empire"
        assert titles["kingdom-of-heaven"]["role_names"] == {"christian": "Christian", "muslim": "Muslim"}
        assert titles["crusader-rex"]["role_names"] == {"Franks": "Franks", "Saracens": "Saracens"}
        for t in titles.values():
            assert set(t["roles"]) <= set(t["role_names"]), t["slug"]
            assert all(name[0].isupper() and not SNAKE_CASE.search(name) for name in t["role_names"].values())
        # The seats of one scenario, as the form asks for them.
        three = client.get("/api/titles/third-crusade/roles", params={"scenario": "three_ayyubid"}).json()
        assert three["role_names"] == {r: get_game("third-crusade").role_name(r) for r in three["roles"]}


def test_a_game_names_its_seats_in_the_lobby_and_on_its_page(user: Callable[[str], TestClient]) -> None:
    alice = user("alice")
    seats = [{"role": "christian", "kind": "me"}, {"role": "muslim", "kind": "bot", "bot": "random"}]
    gid = new_game(alice, seats, title="kingdom-of-heaven", scenario="A")["id"]
    listed = alice.get("/api/games", params={"status": "active", "mine": "true"}).json()
    assert [g["role_names"] for g in listed if g["id"] == gid] == [
        {"christian": "Christian", "muslim": "Muslim"}
    ]
    page = alice.get(f"/api/games/{gid}", params={"role": "christian"}).json()
    assert page["role_names"] == {"christian": "Christian", "muslim": "Muslim"}
