"""Rate limits on signing in and registering, counted in memory with an injectable clock.

Failed passwords are counted per account name and per client address; a name (or address) that
reached its limit within the window is refused (429, with ``Retry-After``) until its oldest counted
failure leaves the window. A successful sign-in clears the name's failures. Registration attempts
(those that pass the name and password rules) are counted per address.

The counters live in this process: several server processes each count separately, so an attacker
spread over N processes gets up to N times the attempts. A table shared by all processes would
close that gap at the cost of a database write on every failure; see ``docs/server.md``.
"""

from __future__ import annotations

import math
import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass

from fastapi import HTTPException, Request

Clock = Callable[[], float]
NAME_KEY = 64  # names are counted by their first 64 characters (a real one has at most 32)


@dataclass(frozen=True)
class Limits:
    """How many events of each kind are allowed within their window (seconds)."""

    name_failures: int = 5
    ip_failures: int = 30
    failure_window: float = 15 * 60
    registrations: int = 10
    registration_window: float = 60 * 60


class Window:
    """At most ``limit`` events per key within the last ``seconds`` (a sliding log per key)."""

    SWEEP_EVERY = 1000  # hits between sweeps of keys with no event left in the window

    def __init__(self, limit: int, seconds: float, clock: Clock) -> None:
        self.limit, self.seconds, self.clock = limit, seconds, clock
        self._events: dict[str, deque[float]] = {}
        self._hits = 0

    def _recent(self, key: str, now: float) -> deque[float]:
        events = self._events.get(key)
        if events is None:
            return deque()
        while events and events[0] <= now - self.seconds:
            events.popleft()
        if not events:
            del self._events[key]
        return events

    def retry_after(self, key: str) -> float | None:
        """Seconds until ``key`` may act again, or None if it may now."""
        now = self.clock()
        events = self._recent(key, now)
        if len(events) < self.limit:
            return None
        return events[-self.limit] + self.seconds - now

    def hit(self, key: str) -> None:
        now = self.clock()
        events = self._events.setdefault(key, deque(maxlen=self.limit))
        events.append(now)
        self._hits += 1
        if self._hits >= self.SWEEP_EVERY:
            self._hits = 0
            for old in list(self._events):
                self._recent(old, now)

    def unhit(self, key: str) -> None:
        """Forget the latest event of ``key``."""
        events = self._events.get(key)
        if events:
            events.pop()
            if not events:
                del self._events[key]

    def clear(self, key: str) -> None:
        self._events.pop(key, None)


def _refuse(message: str, seconds: float) -> HTTPException:
    wait = max(1, math.ceil(seconds))
    when = f"{math.ceil(wait / 60)} minute(s)" if wait > 60 else f"{wait} second(s)"
    return HTTPException(429, f"{message}; try again in {when}", headers={"Retry-After": str(wait)})


class Limiter:
    """The sign-in and registration limits of one server process (thread-safe)."""

    def __init__(self, limits: Limits | None = None, clock: Clock = time.monotonic) -> None:
        self.limits = limits = limits or Limits()
        self._names = Window(limits.name_failures, limits.failure_window, clock)
        self._ips = Window(limits.ip_failures, limits.failure_window, clock)
        self._registrations = Window(limits.registrations, limits.registration_window, clock)
        self._lock = threading.Lock()

    def check_login(self, name: str, ip: str) -> None:
        """Refuse (429) a sign-in for a name or from an address with too many recent failures; else
        count it as a failure until ``login_succeeded`` says otherwise (so that parallel attempts
        cannot all pass the check before the first has failed)."""
        name = name[:NAME_KEY]
        with self._lock:
            by_name = self._names.retry_after(name)
            by_ip = self._ips.retry_after(ip)
            if by_name is None and by_ip is None:
                self._names.hit(name)
                self._ips.hit(ip)
        if by_name is not None:
            raise _refuse(f"too many failed sign-ins for {name!r}", by_name)
        if by_ip is not None:
            raise _refuse("too many failed sign-ins from your address", by_ip)

    def login_succeeded(self, name: str, ip: str) -> None:
        """The sign-in checked last was right: clear the name's failures, and uncount it for the address."""
        with self._lock:
            self._names.clear(name[:NAME_KEY])
            self._ips.unhit(ip)

    def check_register(self, ip: str) -> None:
        """Refuse (429) a registration from an address that registered too often; else count it."""
        with self._lock:
            wait = self._registrations.retry_after(ip)
            if wait is None:
                self._registrations.hit(ip)
        if wait is not None:
            raise _refuse("too many registrations from your address", wait)


def client_address(request: Request) -> str:
    """The client's address (behind a proxy: as uvicorn's ``--proxy-headers`` and
    ``--forwarded-allow-ips`` give it)."""
    return request.client.host if request.client is not None else "unknown"
