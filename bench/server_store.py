"""The server's action path alone: actions per second and CPU per action through ``Store.act``.

Builds the app in this process on a temporary SQLite file (or ``--database URL``, e.g. a
PostgreSQL database), creates ``--games`` hotseat games of a title (one user holds every seat,
through ``POST /api/games``), then plays ``--actions`` random legal actions in each, the games taken
in turn (game 1, game 2, ... then game 1 again), each action sent to ``Store.act`` with the version
it was chosen at: the path every person's and bot's action takes (checked on a copy of the state,
stored and committed, then swapped into memory). No HTTP: this measures the store, the engine's
copy-and-apply and the database, nothing of the request stack.

Only the ``Store.act`` calls are timed: wall time and this process's CPU time (``time.process_time``,
which includes the database driver's work; SQLite runs in the process, a PostgreSQL server's own
CPU is not counted). ``engine ms`` is the title's own share, measured apart: the same
``copy`` + ``apply_in_place`` on a spare copy before each action. What is left is the store's and
the database's. Actions refused by the store (a legal action it will not take is a bug) are counted
and listed.

Usage: ``python bench/server_store.py [--games 20] [--actions 40] [--title crusader-rex]
[--seed 1] [--database URL] [--json]``.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from fastapi import HTTPException
from fastapi.testclient import TestClient

from outremer.server import create_app

PASSWORD = "correct horse battery"


def run(games: int, actions: int, title: str, seed: int, database: str | None) -> dict[str, Any]:
    rng = random.Random(seed)
    refused: list[str] = []
    wall: list[float] = []
    cpu: list[float] = []
    engine: list[float] = []
    with tempfile.TemporaryDirectory(prefix="outremer-store-") as folder:
        url = database or f"sqlite:///{Path(folder) / 'outremer.db'}"
        app = create_app(url, secure_cookies=False, watch_interval=None, live_games=max(games, 1))
        ctx = app.state.ctx
        try:
            client = TestClient(app)
            name = f"bench{rng.randrange(10**9)}"  # a database given may hold earlier runs' users
            r = client.post("/api/register", json={"name": name, "password": PASSWORD})
            assert r.status_code == 201, r.text
            roles = next(t["roles"] for t in client.get("/api/titles").json() if t["slug"] == title)
            ids = []
            for _ in range(games):
                seats = [{"role": role, "kind": "me"} for role in roles]
                r = client.post("/api/games", json={"title": title, "seats": seats})
                assert r.status_code == 201, r.text
                ids.append(r.json()["id"])
            playing = list(ids)
            for _ in range(actions):
                for game_id in list(playing):
                    live = ctx.store.live(game_id)
                    active = live.game.active_roles(live.state)
                    if not active:
                        playing.remove(game_id)
                        continue
                    role = active[0]
                    action = rng.choice(live.game.legal_actions(live.state, role))
                    t0 = time.perf_counter()
                    spare = live.game.copy(live.state)
                    live.game.apply_in_place(spare, role, action)
                    engine.append(time.perf_counter() - t0)
                    c0, w0 = time.process_time(), time.perf_counter()
                    try:
                        ctx.store.act(game_id, role, action, user_id=None, expected_version=live.version)
                    except HTTPException as exc:
                        refused.append(f"game {game_id} v{live.version} {role} {list(action)}: {exc.detail}")
                        playing.remove(game_id)
                        continue
                    wall.append(time.perf_counter() - w0)
                    cpu.append(time.process_time() - c0)
        finally:
            ctx.close()
    n = len(wall)
    ms = 1000.0
    return {
        "title": title,
        "database": "sqlite" if database is None else database.split(":", 1)[0],
        "games": games,
        "actions": n,
        "actions_per_s": round(n / sum(wall), 1) if n else 0.0,
        "wall_ms_per_action": round(ms * sum(wall) / n, 3) if n else None,
        "wall_ms_p50": round(ms * statistics.median(wall), 3) if n else None,
        "wall_ms_p99": round(ms * statistics.quantiles(wall, n=100)[98], 3) if n > 1 else None,
        "cpu_ms_per_action": round(ms * sum(cpu) / n, 3) if n else None,
        "engine_ms_per_action": round(ms * sum(engine) / len(engine), 3) if engine else None,
        "refused": refused,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--actions", type=int, default=40, help="actions per game (fewer if it ends)")
    parser.add_argument("--title", default="crusader-rex")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--database", default=None, help="a database URL (default: a temporary SQLite)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    result = run(args.games, args.actions, args.title, args.seed, args.database)
    if args.json:
        print(json.dumps(result))
        return
    print(
        f"{result['actions']} actions in {result['games']} games of {result['title']} "
        f"on {result['database']}, through Store.act"
    )
    print(f"  actions/s (wall, one thread)  {result['actions_per_s']}")
    print(
        f"  wall ms per action            {result['wall_ms_per_action']} "
        f"(p50 {result['wall_ms_p50']}, p99 {result['wall_ms_p99']})"
    )
    print(f"  CPU ms per action             {result['cpu_ms_per_action']}")
    print(f"  of which the title's engine   {result['engine_ms_per_action']} (copy + apply)")
    for line in result["refused"]:
        print(f"refused: {line}")


if __name__ == "__main__":
    main()
