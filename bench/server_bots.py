"""Server bots in their processes: what a bot action costs the web process, and how fast a request
on a game answers while its bots think.

Usage: ``python bench/server_bots.py [--title crusader-rex] [--bots random,random] [--games N]
[--processes P] [--seconds S] [--seed K] [--json]``.

One app in this process (SQLite in a temporary folder, as ``outremer serve`` would run it), ``N``
games with a bot in each seat (``--bots``: one name per role, e.g. ``ismcts,scripted``), played by
the app's bot runner in ``P`` bot processes (server/bots.py); a seat named ``person`` is a person's
instead, played by this thread through the API (a legal action drawn at random, seeded, whenever
the seat may act: a person's action answered by the bots, issue 19's case). Meanwhile this thread
reads the games in turn (``GET /api/games/{id}``) and times each answer. It stops when every game
is over or after ``S`` seconds. Printed: the bot actions stored and their rate, the CPU time the
web process spends per bot action (its bot runner's threads: reading the turn, sending the bot
process what it lacks, storing the answer; the thinking is in the bot processes; a person's
requests are not counted), the actions sent to the bot processes per bot action, and the GET
answers' p50/p90/p99/max. CPU time is what a busy machine disturbs least; wall-clock figures are
this machine's at the time.
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

from fastapi.testclient import TestClient

from outremer.engine.registry import get_game
from outremer.server import create_app

PASSWORD = "correct horse battery"
PERSON = "person"
"""The name in ``--bots`` of a seat this thread plays as a person."""


def percentile(values: list[float], q: float) -> float:
    """The ``q`` quantile (0..1) of ``values``, nearest rank."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def run(title: str, bots: list[str], games: int, processes: int, seconds: float, seed: int) -> dict[str, Any]:
    """Play the games and time the reads; the figures."""
    roles = get_game(title).roles
    if len(bots) != len(roles):
        raise SystemExit(f"--bots names one bot per role of {title}: {', '.join(roles)}")
    folder = Path(tempfile.mkdtemp(prefix="outremer-bots-"))
    app = create_app(f"sqlite:///{folder / 'bench.db'}", secure_cookies=False, bot_workers=processes)
    with TestClient(app) as client:
        r = client.post("/api/register", json={"name": "bench", "password": PASSWORD})
        assert r.status_code == 201, r.text
        seats = [
            {"role": role, "kind": "me"} if bot == PERSON else {"role": role, "kind": "bot", "bot": bot}
            for role, bot in zip(roles, bots, strict=True)
        ]
        person = next((role for role, bot in zip(roles, bots, strict=True) if bot == PERSON), None)
        chooser = random.Random(seed)
        moves = 0
        start = time.perf_counter()
        ids = []
        for i in range(games):
            r = client.post("/api/games", json={"title": title, "seed": seed + i, "seats": seats})
            assert r.status_code == 201, r.text
            ids.append(r.json()["id"])
        latencies: list[float] = []
        versions = dict.fromkeys(ids, 0)
        errors = []
        running = set(ids)
        while running and time.perf_counter() - start < seconds:
            for gid in sorted(running):
                asked = time.perf_counter()
                game = client.get(f"/api/games/{gid}", params={"role": person} if person else {}).json()
                latencies.append(time.perf_counter() - asked)
                versions[gid] = game["version"]
                if person is not None and game["legal_actions"] and not game["bot_error"]:
                    action = chooser.choice(game["legal_actions"])["action"]
                    body = {"role": person, "action": action, "version": game["version"]}
                    r = client.post(f"/api/games/{gid}/action", json=body)
                    if r.status_code == 200:  # 409: a bot acted first
                        moves += 1
                        game = r.json()["game"]
                        versions[gid] = game["version"]
                if game["bot_error"]:
                    errors.append(game["bot_error"])
                if game["status"] == "over" or game["bot_error"]:
                    running.discard(gid)
            time.sleep(0.01)
        wall = time.perf_counter() - start
        web_cpu = app.state.ctx.bots.cpu_seconds()
        sent = app.state.ctx.bots.actions_sent()
        actions = sum(versions.values()) - moves
    return {
        "title": title,
        "bots": bots,
        "games": games,
        "bot processes": processes,
        "games over": games - len(running),
        "bot errors": errors,
        "bot actions": actions,
        "person actions": moves,
        "wall seconds": wall,
        "bot actions per second": actions / wall,
        "web CPU ms per bot action": 1000 * web_cpu / actions if actions else None,
        "actions sent per bot action": sent / actions if actions else None,
        "GETs": len(latencies),
        "GET ms": {
            "p50": 1000 * statistics.median(latencies),
            "p90": 1000 * percentile(latencies, 0.9),
            "p99": 1000 * percentile(latencies, 0.99),
            "max": 1000 * max(latencies),
        },
    }


def main() -> None:
    """Parse arguments, run, print."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--title", default="crusader-rex")
    parser.add_argument(
        "--bots",
        default="random,random",
        help=f"one bot name per role, comma-separated ({PERSON!r}: a person)",
    )
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--processes", type=int, default=2, help="bot processes")
    parser.add_argument("--seconds", type=float, default=120.0, help="stop reading after this long")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args()
    figures = run(args.title, args.bots.split(","), args.games, args.processes, args.seconds, args.seed)
    if args.json:
        print(json.dumps(figures, indent=2))
        return
    get = figures["GET ms"]
    per = figures["web CPU ms per bot action"]
    print(
        f"{figures['games']} {figures['title']} games ({', '.join(figures['bots'])}), "
        f"{figures['bot processes']} bot processes: {figures['games over']} over, "
        f"{len(figures['bot errors'])} bot errors\n"
        f"{figures['bot actions']} bot actions ({figures['person actions']} a person's) in "
        f"{figures['wall seconds']:.1f} s ({figures['bot actions per second']:.1f}/s), web CPU "
        f"{'-' if per is None else f'{per:.2f}'} ms per bot action, "
        f"{figures['actions sent per bot action'] or 0:.2f} actions sent to bot processes per bot action\n"
        f"{figures['GETs']} GET game while the bots thought: p50 {get['p50']:.1f} ms, p90 {get['p90']:.1f}, "
        f"p99 {get['p99']:.1f}, max {get['max']:.1f}"
    )


if __name__ == "__main__":
    main()
