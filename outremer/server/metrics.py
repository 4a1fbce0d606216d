"""Request metrics for an operator: for each route (its method and path template, never a game's
id), how many requests it answered, how many it refused (4xx) or failed (5xx), and its latency over
the most recent ones. :class:`Timing` is the ASGI middleware that measures every HTTP request."""

from __future__ import annotations

import statistics
import threading
import time
from collections import deque
from dataclasses import dataclass, field
from typing import Any

from starlette.types import ASGIApp, Message, Receive, Scope, Send

WINDOW = 1000
"""Latencies kept per route: the percentiles describe the most recent requests, in bounded memory."""


@dataclass
class RouteFigures:
    count: int = 0
    refused: int = 0  # answered 4xx
    failed: int = 0  # answered 5xx
    recent: deque[float] = field(default_factory=lambda: deque(maxlen=WINDOW))  # seconds


class Metrics:
    """Counts and latencies per route, safe to record from any thread."""

    def __init__(self) -> None:
        self.started = time.time()
        self._routes: dict[str, RouteFigures] = {}
        self._lock = threading.Lock()

    def uptime(self) -> float:
        """Seconds since the server started."""
        return time.time() - self.started

    def record(self, route: str, status: int, seconds: float) -> None:
        with self._lock:
            figures = self._routes.setdefault(route, RouteFigures())
            figures.count += 1
            figures.refused += 400 <= status < 500
            figures.failed += status >= 500
            figures.recent.append(seconds)

    def snapshot(self) -> dict[str, Any]:
        """Every route's figures, latencies in milliseconds (p50, p90, p99, max of the recent)."""
        with self._lock:
            routes = {
                route: (f.count, f.refused, f.failed, list(f.recent)) for route, f in self._routes.items()
            }
        out: dict[str, Any] = {}
        for route, (count, refused, failed, recent) in sorted(routes.items()):
            cuts = statistics.quantiles(recent, n=100, method="inclusive") if len(recent) > 1 else recent * 99
            out[route] = {
                "count": count,
                "refused": refused,
                "failed": failed,
                "ms": {
                    "p50": round(cuts[49] * 1000, 2),
                    "p90": round(cuts[89] * 1000, 2),
                    "p99": round(cuts[98] * 1000, 2),
                    "max": round(max(recent) * 1000, 2),
                },
            }
        return {"since": self.started, "routes": out}


class Timing:
    """Times each HTTP request from its arrival to its last byte, under its route's template."""

    def __init__(self, app: ASGIApp, metrics: Metrics) -> None:
        self.app = app
        self.metrics = metrics

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        status = 500  # unless the app starts an answer

        async def sending(message: Message) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = message["status"]
            await send(message)

        start = time.perf_counter()
        try:
            await self.app(scope, receive, sending)
        finally:
            path = getattr(scope.get("route"), "path", None) or "(no route)"  # the router sets it
            self.metrics.record(f"{scope['method']} {path}", status, time.perf_counter() - start)
