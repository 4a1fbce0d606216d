"""Load check of the web server on loopback: many concurrent games, bots and scripted clients.

Starts a real ``outremer serve`` on 127.0.0.1 (a free port, a temporary SQLite file unless
``--database`` is given), signs up one scripted client per game, and has each play a person's seat
against a server-side bot: read the game, pick a legal action, post it, until the game is over or
``--actions`` actions are taken. Prints actions per second and latency percentiles. Traffic goes
only to 127.0.0.1; every loop is bounded in count and time.

Usage: ``python bench/server_load.py [--games 20] [--actions 60] [--bot random] [--seconds 120]
[--json]`` (``--json``: the figures as JSON).
"""

from __future__ import annotations

import argparse
import http.cookiejar
import json
import random
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


class Client:
    """One signed-in user talking JSON to the server (its own cookie jar)."""

    def __init__(self, base: str):
        self.base = base
        self.opener = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar())
        )

    def call(self, method: str, path: str, body: Any = None) -> tuple[int, Any]:
        data = None if body is None else json.dumps(body).encode()
        req = urllib.request.Request(self.base + path, data=data, method=method)
        req.add_header("Content-Type", "application/json")
        try:
            with self.opener.open(req, timeout=30) as r:
                return r.status, json.loads(r.read() or b"null")
        except urllib.error.HTTPError as e:
            return e.code, json.loads(e.read() or b"null")


def play_one(
    base: str,
    i: int,
    actions: int,
    bot: str,
    deadline: float,
    stats: dict[str, list[float]],
    lock: threading.Lock,
) -> int:
    """Sign up, create a game against a bot, and play up to ``actions`` actions. Returns actions taken."""
    c = Client(base)
    c.call("POST", "/api/register", {"name": f"load{i}", "password": "load-test-password"})
    status, game = c.call(
        "POST",
        "/api/games",
        {
            "title": "crusader-rex",
            "seed": 1000 + i,
            "seats": [{"role": "Franks", "kind": "me"}, {"role": "Saracens", "kind": "bot", "bot": bot}],
        },
    )
    if status != 201:
        raise RuntimeError(f"cannot create a game: {status} {game}")
    gid = game["id"]
    chooser = random.Random(i)
    taken = 0
    held, key = 0, ""  # log entries this client holds, like the browser (incremental logs)
    role = "Franks"
    while taken < actions and time.monotonic() < deadline:
        t0 = time.perf_counter()
        query = f"?role={role}&log_from={held}&log_key={urllib.parse.quote(key)}" if key else ""
        status, page = c.call("GET", f"/api/games/{gid}{query}")
        held, key = page["log_from"] + len(page["log"]), page["log_key"]
        t1 = time.perf_counter()
        with lock:
            stats["get"].append(t1 - t0)
        if page.get("status") == "over":
            break
        legal = page.get("legal_actions") or []
        if not legal:
            time.sleep(0.01)  # a bot is playing on the server
            continue
        choice = legal[chooser.randrange(len(legal))]
        body = {
            "role": page["role"],
            "action": choice["action"],
            "version": page["version"],
            "log_from": held,
            "log_key": key,
        }
        t2 = time.perf_counter()
        status, answer = c.call("POST", f"/api/games/{gid}/action", body)
        t3 = time.perf_counter()
        with lock:
            stats["action"].append(t3 - t2)
        if status == 200:
            taken += 1
            held, key = answer["game"]["log_from"] + len(answer["game"]["log"]), answer["game"]["log_key"]
        elif status != 409:  # 409: the bot moved in between; read again
            raise RuntimeError(f"action refused: {status} {answer}")
    return taken


def percentiles(values: list[float]) -> dict[str, float]:
    """Milliseconds at the 50th, 90th and 99th percentiles and the most (empty if no values)."""
    if not values:
        return {}
    q = statistics.quantiles(values, n=100) if len(values) > 1 else [values[0]] * 99
    return {"p50": q[49] * 1000, "p90": q[89] * 1000, "p99": q[98] * 1000, "max": max(values) * 1000}


def shown(ms: dict[str, float]) -> str:
    return ", ".join(f"{k} {v:.1f} ms" for k, v in ms.items()) or "-"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="concurrent games (one client each)")
    parser.add_argument("--actions", type=int, default=60, help="actions each client takes at most")
    parser.add_argument("--bot", default="random", help="the bot in the other seat")
    parser.add_argument("--seconds", type=float, default=120.0, help="stop after this long")
    parser.add_argument("--database", default=None, help="a database URL (default: a temporary SQLite file)")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args()

    folder = Path(tempfile.mkdtemp(prefix="outremer-load-"))
    database = args.database or f"sqlite:///{folder / 'load.db'}"
    port = free_port()
    exe = shutil.which("outremer", path=str(Path(sys.executable).parent)) or "outremer"
    server = subprocess.Popen(
        [exe, "serve", "--host", "127.0.0.1", "--port", str(port), "--database", database],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        for _ in range(200):
            try:
                if Client(base).call("GET", "/api/titles")[0] == 200:
                    break
            except OSError:
                time.sleep(0.1)
        else:
            raise SystemExit("the server did not start")
        stats: dict[str, list[float]] = {"get": [], "action": []}
        lock = threading.Lock()
        deadline = time.monotonic() + args.seconds
        start = time.perf_counter()
        with ThreadPoolExecutor(max_workers=args.games) as pool:
            futures = [
                pool.submit(play_one, base, i, args.actions, args.bot, deadline, stats, lock)
                for i in range(args.games)
            ]
            taken = sum(f.result() for f in futures)
        seconds = time.perf_counter() - start
        kind = database.split(":")[0]
        figures = {
            "games": args.games,
            "bot": args.bot,
            "database": kind,
            "person actions accepted": taken,
            "seconds": seconds,
            "person actions per second": taken / seconds,
            "requests per second": (len(stats["get"]) + len(stats["action"])) / seconds,
            "POST action latency ms": percentiles(stats["action"]),
            "GET game latency ms": percentiles(stats["get"]),
        }
        if args.json:
            print(json.dumps(figures, indent=2))
            return
        print(f"server load: {args.games} concurrent games (person vs {args.bot} bot), loopback, {kind}")
        print(f"  person actions accepted     {taken}")
        print(f"  seconds                     {seconds:.2f}")
        print(f"  person actions per second   {taken / seconds:.1f}")
        print(f"  requests per second         {figures['requests per second']:.1f}")
        print(f"  POST action latency         {shown(figures['POST action latency ms'])}")
        print(f"  GET game latency            {shown(figures['GET game latency ms'])}")
    finally:
        server.terminate()
        try:
            server.wait(timeout=10)
        except subprocess.TimeoutExpired:
            server.kill()
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
