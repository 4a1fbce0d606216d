"""The end-of-game summary, GET /api/games/{id}/summary (issue 15: "When a game ends: a summary with
the result, the points over time as a small chart"): the outcome and each role's points (the
title's ``Game.points``) over the game, from its setup to its end; refused until the game is over."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from itertools import pairwise
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from outremer.engine import registry
from outremer.server.summary import SAMPLES, sample_plies
from tests.engine.bare import BareGame, Pile, taken

from .conftest import new_game


class CountedGame(BareGame):
    """Take-away with points: the counters each role has taken so far (read from the log)."""

    slug = "counted"
    title = "Counted take-away"

    def points(self, state: Pile) -> Mapping[str, float]:
        """The counters each role has taken."""
        return taken(state)


@pytest.fixture
def titles() -> Iterator[None]:
    registry.register("bare", BareGame)
    registry.register("counted", CountedGame)
    yield
    registry.unregister("bare")
    registry.unregister("counted")


HOTSEAT = [{"role": "First", "kind": "me"}, {"role": "Second", "kind": "me"}]


def play_out(client: TestClient, title: str, **extra: Any) -> tuple[int, list[int]]:
    """A game of ``title`` at the hotseat, each role taking 1, then 2, ... to the end: its id and
    the counters taken, in order."""
    game = new_game(client, HOTSEAT, title=title, scenario="seven", **extra)
    gid, taken = game["id"], list[int]()
    while game["outcome"] is None:
        role = game["active_roles"][0]
        n = 2 if len(taken) % 2 else 1
        n = min(n, game["view"]["left"])
        r = client.post(f"/api/games/{gid}/action", json={"role": role, "action": ["take", n]})
        assert r.status_code == 200, r.text
        game = r.json()["game"]
        taken.append(n)
    return gid, taken


def test_a_finished_game_has_its_points_from_the_setup_to_the_end(
    titles: None, user: Callable[[str], TestClient]
) -> None:
    alice = user("alice")
    gid, taken = play_out(alice, "counted")
    r = alice.get(f"/api/games/{gid}/summary")
    assert r.status_code == 200, r.text
    body = r.json()
    assert body["outcome"]["winners"] and body["outcome"]["reason"]
    points = body["points"]
    assert points["roles"] == ["First", "Second"]
    series = points["series"]
    assert [s["ply"] for s in series] == list(range(len(taken) + 1))  # a short game: every ply
    assert series[0]["points"] == {"First": 0, "Second": 0}  # nothing taken at the setup
    # The last point is the game's end: each role's counters taken (First took the odd plies).
    assert series[-1]["points"] == {"First": sum(taken[0::2]), "Second": sum(taken[1::2])}
    assert body["actions"] == len(taken)


def test_a_title_without_points_gets_a_summary_without_a_chart(
    titles: None, user: Callable[[str], TestClient]
) -> None:
    alice = user("alice")
    gid, _ = play_out(alice, "bare")
    body = alice.get(f"/api/games/{gid}/summary").json()
    assert body["points"] is None
    assert body["outcome"]["winners"]


def test_a_game_under_way_or_unknown_has_no_summary(titles: None, user: Callable[[str], TestClient]) -> None:
    alice = user("alice")
    game = new_game(alice, HOTSEAT, title="counted", scenario="seven")
    r = alice.get(f"/api/games/{game['id']}/summary")
    assert r.status_code == 409 and "over" in r.json()["error"]  # the result is not known yet
    r = alice.get("/api/games/999/summary")
    assert r.status_code == 404 and r.json() == {"error": "no game 999"}


def test_a_private_game_summary_is_for_its_players_only(
    titles: None, app: FastAPI, user: Callable[[str], TestClient]
) -> None:
    # As for its replay (access.py): to anyone else a private game answers as no game at all.
    alice = user("alice")
    gid, _ = play_out(alice, "counted", public=False)
    assert alice.get(f"/api/games/{gid}/summary").status_code == 200
    r = user("mallory").get(f"/api/games/{gid}/summary")
    assert r.status_code == 404 and r.json() == {"error": f"no game {gid}"}
    assert TestClient(app).get(f"/api/games/{gid}/summary").status_code == 404


def test_a_long_game_is_sampled_evenly_from_its_first_to_its_last_ply() -> None:
    plies = sample_plies(5000)
    assert len(plies) <= SAMPLES and plies[0] == 0 and plies[-1] == 5000
    steps = [b - a for a, b in pairwise(plies)]
    assert max(steps) - min(steps) <= 1  # evenly
    assert sample_plies(3) == [0, 1, 2, 3]
