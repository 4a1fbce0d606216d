"""The end-of-game summary (issue 15): a finished game's result and each role's points over its
course, charted by the browser's game page.

The points are what the title's ``Game.points(state)`` counts (public facts only, as the rulebook
counts them); the record is replayed from its setup and the points read at up to :data:`SAMPLES`
plies spread evenly over the game, the first (ply 0, the setup) and the last always among them. A
title without points (``points()`` None) gets ``"points": null``: the page then draws no chart.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from fastapi import APIRouter, HTTPException

from ..engine.game import Game
from ..engine.record import Record, new_state
from .access import visible_game
from .api import CtxDep, GameId, MaybeUser
from .db import OVER
from .inputs import ANY, refusals

router = APIRouter(prefix="/api", responses=refusals(*ANY))

SAMPLES = 200
"""The most points a series holds: enough for a small chart, however long the game."""


def sample_plies(total: int, most: int = SAMPLES) -> list[int]:
    """Plies 0..``total`` spread evenly, at most ``most`` of them, the first and last included."""
    if total + 1 <= most:
        return list(range(total + 1))
    return sorted({round(i * total / (most - 1)) for i in range(most)})


def points_series(game: Game[Any], record: Record) -> dict[str, Any] | None:
    """Each role's points at the sampled plies of ``record`` (replayed from its setup), or None if
    the title counts no points."""
    state = new_state(game, record)
    if game.points(state) is None:
        return None
    wanted = sample_plies(len(record.actions))
    series: list[dict[str, Any]] = []

    def read(ply: int) -> None:
        points = game.points(state) or {}
        series.append({"ply": ply, "points": {role: points.get(role, 0) for role in game.roles}})

    read(0)
    at = 1
    for ply, (role, action) in enumerate(record.actions, start=1):
        game.apply_in_place(state, role, action)
        if at < len(wanted) and wanted[at] == ply:
            read(ply)
            at += 1
    return {"roles": list(game.roles), "series": series}


@router.get("/games/{game_id}/summary", tags=["saves"], responses=refusals(404, 409, 422))
def game_summary(game_id: GameId, user: MaybeUser, ctx: CtxDep) -> dict[str, Any]:
    """A finished game's result (``outcome``: winners, reason, scores) and its points over time
    (``points``: ``{"roles": [...], "series": [{"ply": n, "points": {role: value}}, ...]}``, at
    most 200 plies from 0 to the last, or null for a title that counts no points). 409 until the
    game is over; a private game's only for its players (404 for anyone else, as for no game)."""
    with ctx.db.session() as s:
        if visible_game(s, game_id, user.id if user is not None else None).status != OVER:
            raise HTTPException(409, "a summary is available once the game is over")
    live = ctx.store.current(game_id)  # another process's last action too
    with live.lock:
        record = replace(live.record, options=dict(live.record.options), actions=list(live.record.actions))
        outcome = live.game.outcome(live.state)
    return {
        "title_name": live.game.title,
        "actions": len(record.actions),
        "outcome": outcome.to_json() if outcome is not None else None,
        "points": points_series(live.game, record),
    }
