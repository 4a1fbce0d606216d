"""The web server's resident memory after many games: is it bounded by ``--live-games``?

Builds the app in this process on a temporary SQLite file, creates ``--games`` hotseat games of a
title (one user holds every seat, through ``POST /api/games``), and plays ``--actions`` random legal
actions in each through the store (the path every person's and bot's action takes), then reads the
games back in a random order. Prints the games kept in memory and the process's resident memory
(now and at its peak) after each tenth of the games, and the time taken.

Usage: ``python bench/server_memory.py [--games 10000] [--actions 20] [--live-games 256]
[--title crusader-rex] [--seed 1] [--json]``. ``--live-games`` equal to ``--games`` keeps every game,
as a server did before the bound.
"""

from __future__ import annotations

import argparse
import json
import random
import resource
import tempfile
import time
from pathlib import Path
from typing import Any

from fastapi import HTTPException
from fastapi.testclient import TestClient

from outremer.server import create_app

PASSWORD = "correct horse battery"


def resident_mib() -> float:
    """The process's resident memory now (VmRSS), in MiB."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def peak_mib() -> float:
    """The process's peak resident memory, in MiB (Linux reports KiB)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def run(games: int, actions: int, live_games: int, title: str, seed: int) -> dict[str, Any]:
    rng = random.Random(seed)
    marks: list[dict[str, Any]] = []
    refused: list[str] = []
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="outremer-memory-") as folder:
        app = create_app(
            f"sqlite:///{Path(folder) / 'outremer.db'}", secure_cookies=False, live_games=live_games
        )
        ctx = app.state.ctx
        try:
            client = TestClient(app)
            r = client.post("/api/register", json={"name": "bench", "password": PASSWORD})
            assert r.status_code == 201, r.text
            roles = next(t["roles"] for t in client.get("/api/titles").json() if t["slug"] == title)
            ids: list[int] = []
            step = max(1, games // 10)
            for n in range(1, games + 1):
                seats = [{"role": role, "kind": "me"} for role in roles]
                r = client.post("/api/games", json={"title": title, "seats": seats})
                assert r.status_code == 201, r.text
                game_id = r.json()["id"]
                ids.append(game_id)
                for _ in range(actions):
                    live = ctx.store.live(game_id)
                    active = live.game.active_roles(live.state)
                    if not active:
                        break
                    role = active[0]
                    action = rng.choice(live.game.legal_actions(live.state, role))
                    try:
                        ctx.store.act(game_id, role, action, expected_version=live.version)
                    except HTTPException as exc:  # counted and shown: a legal action refused is a bug
                        refused.append(
                            f"game {game_id} (seed {live.record.seed}) v{live.version} "
                            f"{role} {list(action)}: {exc.detail}"
                        )
                        break
                if n % step == 0 or n == games:
                    marks.append(
                        {
                            "games": n,
                            "in_memory": len(ctx.store.cached()),
                            "resident_mib": round(resident_mib(), 1),
                            "seconds": round(time.perf_counter() - started, 1),
                        }
                    )
            rng.shuffle(ids)
            for game_id in ids[: min(len(ids), 1000)]:  # read back: rebuilt by replay where let go
                ctx.store.live(game_id)
        finally:
            ctx.close()
    return {
        "title": title,
        "games": games,
        "actions": actions,
        "live_games": live_games,
        "marks": marks,
        "resident_mib": round(resident_mib(), 1),
        "peak_mib": round(peak_mib(), 1),
        "seconds": round(time.perf_counter() - started, 1),
        "refused": refused,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=10000)
    parser.add_argument("--actions", type=int, default=20)
    parser.add_argument("--live-games", type=int, default=256)
    parser.add_argument("--title", default="crusader-rex")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    result = run(args.games, args.actions, args.live_games, args.title, args.seed)
    if args.json:
        print(json.dumps(result))
        return
    print(
        f"{result['games']} games of {result['title']}, {result['actions']} actions each, "
        f"at most {result['live_games']} in memory"
    )
    print(f"{'games':>7} {'in memory':>10} {'resident MiB':>13} {'seconds':>8}")
    for m in result["marks"]:
        print(f"{m['games']:>7} {m['in_memory']:>10} {m['resident_mib']:>13} {m['seconds']:>8}")
    print(
        f"after reading back up to 1000 games: resident {result['resident_mib']} MiB, "
        f"peak {result['peak_mib']} MiB, {result['seconds']} s"
    )
    for line in result["refused"]:
        print(f"refused: {line}")


if __name__ == "__main__":
    main()
