"""Load check of the web server on loopback: many concurrent games, each a person against a bot.

Starts a real ``outremer serve`` as its own process on 127.0.0.1 (a free port, a temporary SQLite
file unless ``--database`` is given). Its accounts are made before it starts, directly in the
database through the server's own account code (``auth.add_user``, ``auth.start_session``: one
session per client, as a sign-in would make), so no switch of the API is needed to get past the
registration limit. Each scripted client then creates a game against a server bot, watches it on a
websocket (as the browser does) and plays its seat: when the websocket says its seat must act (and
no bot seat is still to act), it reads the game (``GET``, with the incremental log) and posts a
legal action picked at random, with the version it read. A finished game is followed by a new one,
so the number of games under way stays the same.

Two modes: ``paced`` (each client acts about once a second, like a person; the default) and
``saturated`` (each acts as soon as it may). Only the ``--seconds`` of play count, after every
client has its game and its websocket. Printed: person actions per second; p50/p90/p99/max of
``POST action``, ``GET game`` and the websocket push delay (from the action's answer reaching the
client to the first ``changed`` message at that version or later on the game's socket; 0 when the
message came first); the server's CPU (its processes' user and system time from /proc) per HTTP
request and per person action; and the errors: every answer's status is checked, and any non-2xx
answer, exception or lost websocket is one, but for an action refused with 409 because a bot's
simultaneous action moved the game on between the client's read and its action (one action per
version: the client reads the game again, as the browser does), which is counted apart as a
version conflict. Traffic goes only to 127.0.0.1.

Usage: ``python bench/server_load.py [--games 10] [--mode paced|saturated] [--seconds 30]
[--bot random] [--title crusader-rex] [--database URL] [--serve-args "..."] [--client-nice N]
[--json]``. Run it at normal priority: the server must not be niced (``--client-nice`` lowers the
client's alone).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import re
import secrets
import shlex
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.parse
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from websockets.asyncio.client import connect

from outremer.server import auth
from outremer.server.db import Database

PASSWORD = "load-test-password"
TICKS = os.sysconf("SC_CLK_TCK")
TIMEOUT = 60.0  # seconds a request may take before it counts as an error
BOT_WAIT = 3.0  # seconds a client waits for a bot seat acting at the same time before acting anyway


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def make_accounts(database: str, count: int) -> list[str]:
    """``count`` accounts made in the database with a session each; their session tokens."""
    db = Database(database)
    run = secrets.token_hex(3)  # names new on every run, also on a database kept between runs
    hashed = auth.hash_password(PASSWORD)  # one argon2id hash: every bench account has this password
    try:
        with db.session() as s:
            return [auth.start_session(s, auth.add_user(s, f"load-{run}-{i}", hashed)) for i in range(count)]
    finally:
        db.close()


def process_tree_cpu(pid: int) -> float:
    """CPU seconds (user + system) used by ``pid`` and its live descendants, and by the children
    they have waited for."""
    children: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                stat = Path(f"/proc/{entry}/stat").read_text()
            except OSError:
                continue
            ppid = int(stat.rsplit(")", 1)[1].split()[1])
            children.setdefault(ppid, []).append(int(entry))
    total, todo = 0.0, [pid]
    while todo:
        p = todo.pop()
        try:
            fields = Path(f"/proc/{p}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += sum(int(x) for x in fields[11:15]) / TICKS  # utime, stime, cutime, cstime
        todo.extend(children.get(p, []))
    return total


@dataclass
class Stats:
    """What the clients saw during the measured window (``on``)."""

    on: bool = False
    latency: dict[str, list[float]] = field(default_factory=lambda: {"action": [], "get": [], "push": []})
    requests: int = 0
    actions: int = 0
    games_finished: int = 0
    errors: Counter[str] = field(default_factory=Counter)
    examples: dict[str, str] = field(default_factory=dict)
    pushed_first: int = 0  # pushes that arrived before the action's answer
    conflicts: int = 0  # actions refused because the game had moved on (409): read again

    def error(self, what: str, why: str = "") -> None:
        """Count an error of kind ``what`` (in and out of the window: an error is never fine),
        keeping the first ``why`` of each kind."""
        self.errors[what] += 1
        self.examples.setdefault(what, why[:200])


class Http:
    """One keep-alive HTTP/1.1 connection to the server with a client's session cookie: a few lines
    of asyncio instead of an HTTP library, so that the client spends little CPU per request."""

    def __init__(self, port: int, token: str) -> None:
        self.port = port
        self.head = f"Host: 127.0.0.1:{port}\r\nCookie: {auth.COOKIE}={token}\r\n"
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    async def call(self, method: str, path: str, body: Any = None) -> tuple[int, Any]:
        """Send a request and read its answer, within :data:`TIMEOUT` seconds (else TimeoutError)."""
        try:
            return await asyncio.wait_for(self._call(method, path, body), TIMEOUT)
        except TimeoutError:
            self.close()  # its answer may still come: the connection is no longer usable
            raise

    async def _call(self, method: str, path: str, body: Any = None) -> tuple[int, Any]:
        data = b"" if body is None else json.dumps(body).encode()
        extra = (
            f"Content-Type: application/json\r\nContent-Length: {len(data)}\r\n" if body is not None else ""
        )
        request = f"{method} {path} HTTP/1.1\r\n{self.head}{extra}\r\n".encode() + data
        fresh = self.writer is None or self.writer.is_closing()
        if fresh:
            self.reader, self.writer = await asyncio.open_connection("127.0.0.1", self.port)
        assert self.reader is not None and self.writer is not None
        self.writer.write(request)
        line = await self.reader.readline()
        if not line and not fresh:  # the server closed the idle connection: send it again on a new one
            self.writer.close()
            self.reader, self.writer = await asyncio.open_connection("127.0.0.1", self.port)
            self.writer.write(request)
            line = await self.reader.readline()
        status = int(line.split()[1])
        length, chunked, close = 0, False, False
        while (line := await self.reader.readline()) not in (b"\r\n", b""):
            name, _, value = line.decode("latin-1").partition(":")
            name, value = name.strip().lower(), value.strip().lower()
            if name == "content-length":
                length = int(value)
            elif name == "transfer-encoding":
                chunked = "chunked" in value
            elif name == "connection":
                close = value == "close"
        if chunked:
            parts = []
            while size := int((await self.reader.readline()).strip(), 16):
                parts.append(await self.reader.readexactly(size))
                await self.reader.readline()
            await self.reader.readline()
            raw = b"".join(parts)
        else:
            raw = await self.reader.readexactly(length)
        if close:
            self.writer.close()
        return status, json.loads(raw) if raw else None

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
            self.writer = None


class Player:
    """One client: a person's seat in one game at a time, against the server's bot."""

    def __init__(
        self, i: int, args: argparse.Namespace, port: int, token: str, roles: list[str], stats: Stats
    ):
        self.i, self.args, self.port, self.token, self.stats = i, args, port, token, stats
        self.role, self.bots = roles[0], roles[1:]
        self.http = Http(port, token)
        self.chooser = random.Random(args.seed + i)
        self.games = 0
        self.ready = asyncio.Event()  # set once the first game is made and watched
        self.turn = asyncio.Event()  # the newest page seen says this seat must act (or the game is over)
        self.moved = asyncio.Event()  # a newer page came
        self.known = -1  # the version of the newest page seen: the socket's, a GET's or an answer's
        self.bot_acting = False  # ... and that page says a bot seat must act too
        self.over = False
        self.pending: list[tuple[int, float]] = []  # (version, time answered) not pushed yet
        self.pushed_version, self.pushed_at = -1, 0.0

    async def request(self, method: str, path: str, body: Any, kind: str | None) -> tuple[int, Any]:
        t0 = time.perf_counter()
        status, answer = await self.http.call(method, path, body)
        if self.stats.on:
            self.stats.requests += 1
            if kind is not None:
                self.stats.latency[kind].append(time.perf_counter() - t0)
        if status == 409 and kind == "action":  # the game moved on: the client reads it again
            self.stats.conflicts += 1
        elif not 200 <= status < 300:
            route = re.sub(r"/\d+", "/{id}", path.split("?")[0])
            why = answer.get("error", "") if isinstance(answer, dict) else ""
            self.stats.error(f"{method} {route} {status}", why)
        return status, answer

    async def run(self, stop: asyncio.Event) -> None:
        try:
            while not stop.is_set():
                await self.play_one(stop)
        except Exception as exc:  # counted, never hidden
            self.stats.error(f"exception {type(exc).__name__}: {exc}"[:120])
        finally:
            self.ready.set()
            self.http.close()

    async def play_one(self, stop: asyncio.Event) -> None:
        seats = [{"role": self.role, "kind": "me"}] + [
            {"role": r, "kind": "bot", "bot": self.args.bot} for r in self.bots
        ]
        seed = self.args.seed * 1_000_003 + self.i * 1000 + self.games
        self.games += 1
        status, game = await self.request(
            "POST", "/api/games", {"title": self.args.title, "seed": seed, "seats": seats}, None
        )
        if status != 201:
            await asyncio.sleep(1)
            return
        gid = game["id"]
        self.turn.clear()
        self.over, self.pending, self.pushed_version, self.known = False, [], -1, -1
        query = urllib.parse.urlencode({"role": self.role})
        ws_url = f"ws://127.0.0.1:{self.port}/api/games/{gid}/ws?{query}"
        async with connect(
            ws_url, additional_headers={"Cookie": f"{auth.COOKIE}={self.token}"}, max_size=None
        ) as ws:
            watcher = asyncio.create_task(self.watch(ws))
            try:
                self.ready.set()
                await self.act_until_over(gid, stop, watcher)
            finally:
                watcher.cancel()
        if self.over and self.stats.on:
            self.stats.games_finished += 1

    async def watch(self, ws: Any) -> None:
        """Read the game's socket: note each page's version (the push delays) and whose turn it is."""
        async for message in ws:
            at = time.perf_counter()
            page = json.loads(message)["game"]
            version = page["version"]
            if version > self.pushed_version:
                self.pushed_version, self.pushed_at = version, at
            for v, answered in [p for p in self.pending if p[0] <= version]:
                self.pending.remove((v, answered))
                if self.stats.on:
                    self.stats.latency["push"].append(max(0.0, at - answered))
            self.note(page)
        if not self.over:
            self.stats.error("websocket closed by the server")

    def note(self, page: dict[str, Any]) -> None:
        """Whose turn it is, from ``page`` if it is the newest seen (pages may arrive out of order:
        the socket's next page before an action's answer)."""
        if page["version"] < self.known:
            return
        self.known = page["version"]
        self.over = page["status"] == "over"
        self.bot_acting = any(r in page["active_roles"] for r in self.bots)
        if page["legal_actions"] or self.over:
            self.turn.set()
        else:
            self.turn.clear()
        self.moved.set()

    async def let_bots_go_first(self) -> None:
        """While a bot seat must act at the same moment, let it go first, like a person would (at
        most :data:`BOT_WAIT` seconds)."""
        deadline = time.monotonic() + BOT_WAIT
        while self.bot_acting and time.monotonic() < deadline:
            self.moved.clear()
            try:
                await asyncio.wait_for(self.moved.wait(), max(0.0, deadline - time.monotonic()))
            except TimeoutError:
                return

    async def act_until_over(self, gid: int, stop: asyncio.Event, watcher: asyncio.Task[None]) -> None:
        held, key, due = 0, "", time.monotonic() + self.chooser.random() * self.args.pace
        while not stop.is_set() and not watcher.done():
            waiter = asyncio.create_task(self.turn.wait())
            stopper = asyncio.create_task(stop.wait())
            await asyncio.wait({waiter, stopper, watcher}, return_when=asyncio.FIRST_COMPLETED, timeout=30)
            waiter.cancel()
            stopper.cancel()
            if stop.is_set() or watcher.done():
                return
            if self.over:
                return
            if not self.turn.is_set():
                self.stats.error("no turn within 30 s")
                return
            await self.let_bots_go_first()
            if not self.turn.is_set():
                continue
            if self.args.mode == "paced":
                await asyncio.sleep(max(0.0, due - time.monotonic()))
            due = time.monotonic() + self.args.pace * (0.8 + 0.4 * self.chooser.random())
            query = {"role": self.role, "log_from": held, "log_key": key} if key else {"role": self.role}
            status, page = await self.request(
                "GET", f"/api/games/{gid}?{urllib.parse.urlencode(query)}", None, "get"
            )
            if status != 200:
                return
            held, key = page["log_from"] + len(page["log"]), page["log_key"]
            self.note(page)
            if page["status"] == "over":
                self.over = True
                return
            legal = page["legal_actions"]
            if not legal:  # the socket's page was older than this one: wait for the next
                continue
            body = {
                "role": self.role,
                "action": legal[self.chooser.randrange(len(legal))]["action"],
                "version": page["version"],
                "log_from": held,
                "log_key": key,
            }
            status, answer = await self.request("POST", f"/api/games/{gid}/action", body, "action")
            answered = time.perf_counter()
            if status != 200:
                continue
            if self.stats.on:
                self.stats.actions += 1
            version = answer["version"]
            if self.pushed_version >= version:  # the push came before the answer
                if self.stats.on:
                    self.stats.latency["push"].append(0.0)
                    self.stats.pushed_first += 1
            else:
                self.pending.append((version, answered))
            game = answer["game"]
            held, key = game["log_from"] + len(game["log"]), game["log_key"]
            self.note(game)


def percentiles(values: list[float]) -> dict[str, float]:
    """Milliseconds at the 50th, 90th and 99th percentiles and the most (empty if no values)."""
    if not values:
        return {}
    q = statistics.quantiles(values, n=100, method="inclusive") if len(values) > 1 else [values[0]] * 99
    return {"p50": q[49] * 1000, "p90": q[89] * 1000, "p99": q[98] * 1000, "max": max(values) * 1000}


def shown(ms: dict[str, float]) -> str:
    return " / ".join(f"{k} {v:.1f}" for k, v in ms.items()) + " ms" if ms else "-"


async def drive(args: argparse.Namespace, port: int, tokens: list[str], server_pid: int) -> dict[str, Any]:
    """Set every client up, then measure ``args.seconds`` of play."""
    stats = Stats()
    probe = Http(port, tokens[0])
    status, titles = await probe.call("GET", "/api/titles")
    probe.close()
    if status != 200:
        raise SystemExit(f"GET /api/titles answered {status}")
    title = next((t for t in titles if t["slug"] == args.title), None)
    if title is None:
        raise SystemExit(f"no title {args.title!r}")
    players = [Player(i, args, port, token, title["roles"], stats) for i, token in enumerate(tokens)]
    stop = asyncio.Event()
    tasks = [asyncio.create_task(p.run(stop)) for p in players]
    try:
        await asyncio.wait_for(asyncio.gather(*(p.ready.wait() for p in players)), 4 * TIMEOUT)
    except TimeoutError:
        stop.set()
        raise SystemExit(f"the clients could not all start a game: {dict(stats.errors)}") from None
    cpu0, client0, t0 = process_tree_cpu(server_pid), time.process_time(), time.perf_counter()
    stats.on = True
    await asyncio.sleep(args.seconds)
    stats.on = False
    seconds = time.perf_counter() - t0
    cpu = process_tree_cpu(server_pid) - cpu0
    client_cpu = time.process_time() - client0
    stop.set()
    await asyncio.wait(tasks, timeout=30)
    requests = max(stats.requests, 1)
    return {
        "mode": args.mode,
        "games": args.games,
        "title": args.title,
        "bot": args.bot,
        "database": args.database.split(":")[0] if args.database else "sqlite",
        "seconds": round(seconds, 2),
        "load average at start": args.load,
        "client nice": args.client_nice,
        "person actions": stats.actions,
        "person actions per second": round(stats.actions / seconds, 1),
        "HTTP requests per second": round(stats.requests / seconds, 1),
        "games finished": stats.games_finished,
        "POST action ms": percentiles(stats.latency["action"]),
        "GET game ms": percentiles(stats.latency["get"]),
        "websocket push delay ms": percentiles(stats.latency["push"]),
        "pushes before the answer": stats.pushed_first,
        "server CPU s": round(cpu, 2),
        "server CPU % of one core": round(100 * cpu / seconds, 1),
        "server CPU ms per request": round(1000 * cpu / requests, 2),
        "server CPU ms per person action": round(1000 * cpu / max(stats.actions, 1), 2),
        "client CPU % of one core": round(100 * client_cpu / seconds, 1),
        "version conflicts": stats.conflicts,
        "errors": sum(stats.errors.values()),
        "errors by kind": dict(stats.errors),
        "first error of each kind": stats.examples,
    }


def report(figures: dict[str, Any]) -> None:
    f = figures
    print(
        f"server load: {f['games']} games, {f['mode']}, {f['title']} person vs {f['bot']} bot, "
        f"{f['database']}, {f['seconds']} s (load average {f['load average at start']})"
    )
    print(f"  person actions per second   {f['person actions per second']} ({f['person actions']} actions)")
    print(f"  HTTP requests per second    {f['HTTP requests per second']}")
    print(f"  POST action                 {shown(f['POST action ms'])}")
    print(f"  GET game                    {shown(f['GET game ms'])}")
    print(f"  websocket push delay        {shown(f['websocket push delay ms'])}")
    print(
        f"  server CPU                  {f['server CPU ms per request']} ms per request, "
        f"{f['server CPU ms per person action']} ms per person action, "
        f"{f['server CPU % of one core']} % of one core"
    )
    print(f"  client CPU                  {f['client CPU % of one core']} % of one core")
    print(f"  games finished              {f['games finished']}")
    print(f"  version conflicts           {f['version conflicts']} (the game moved on: read again)")
    print(f"  errors                      {f['errors']}")
    for what, n in f["errors by kind"].items():
        why = f["first error of each kind"].get(what)
        print(f"    {n:6d}  {what}" + (f" (first: {why})" if why else ""))


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=10, help="concurrent games (one client each)")
    parser.add_argument("--mode", choices=("paced", "saturated"), default="paced")
    parser.add_argument("--pace", type=float, default=1.0, help="paced: seconds between a client's actions")
    parser.add_argument("--seconds", type=float, default=30.0, help="seconds of play measured")
    parser.add_argument("--title", default="crusader-rex", help="the person takes its first role")
    parser.add_argument("--bot", default="random", help="the bot in the other seats")
    parser.add_argument("--seed", type=int, default=1, help="the games' seeds derive from it")
    parser.add_argument("--database", default=None, help="a database URL (default: a temporary SQLite file)")
    parser.add_argument("--serve-args", default="", help="more options for `outremer serve`")
    parser.add_argument(
        "--client-nice",
        type=int,
        default=0,
        help="lower the client's priority by this much (not the server's)",
    )
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args()
    if args.games < 1 or args.seconds <= 0 or args.pace <= 0:
        parser.error("--games, --seconds and --pace must be positive")
    args.load = round(os.getloadavg()[0], 2)

    folder = Path(tempfile.mkdtemp(prefix="outremer-load-"))
    database = args.database or f"sqlite:///{folder / 'load.db'}"
    server = None
    try:
        tokens = make_accounts(database, args.games)
        port = free_port()
        exe = shutil.which("outremer", path=str(Path(sys.executable).parent)) or "outremer"
        command = [exe, "serve", "--host", "127.0.0.1", "--port", str(port), "--database", database]
        server = subprocess.Popen(
            command + shlex.split(args.serve_args),
            stdout=subprocess.DEVNULL,
            stderr=open(folder / "server.log", "wb"),  # noqa: SIM115 (closed with the process)
        )
        for _ in range(300):
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError as exc:
                if server.poll() is not None:
                    log = (folder / "server.log").read_text()[-2000:]
                    raise SystemExit(f"the server stopped: {log}") from exc
                time.sleep(0.1)
        else:
            raise SystemExit("the server did not start")
        os.nice(args.client_nice)  # the client only: the server keeps the priority it started with
        figures = asyncio.run(drive(args, port, tokens, server.pid))
    finally:
        if server is not None:
            server.terminate()
            try:
                server.wait(timeout=10)
            except subprocess.TimeoutExpired:
                server.kill()
        shutil.rmtree(folder, ignore_errors=True)
    if args.json:
        print(json.dumps(figures, indent=2))
    else:
        report(figures)


if __name__ == "__main__":
    main()
