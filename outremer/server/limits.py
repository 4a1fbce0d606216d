"""Throttling of sign-ins and registrations, counted in memory with an injectable clock.

Failed sign-ins are counted per (client address, name) and per client address. Each count has a
few free failures; after those, every further failure doubles the wait before the next attempt
from that address (for that name, or for any name), up to a cap. An attempt made too early is
refused (429 with ``Retry-After``) and changes nothing: the server never sleeps, so an attacker
ties up no worker. Nothing is counted per name alone, so failures from one address never keep the
name's owner out at another address. A success clears the failures of its (address, name) pair.
Counts are forgotten a while after their last failure, and each table holds at most
``Limits.max_keys`` keys (the least recently failed go first), so memory stays bounded whatever
names or addresses an attacker cycles through. An IPv6 client is counted by its /64 network (what
one subscriber is usually given). Registration attempts (those that pass the name and password
rules) are counted per address in a sliding window.

The counters live in this process: several server processes each count separately, so an attacker
spread over N processes gets up to N times the attempts. A table shared by all processes would
close that gap at the cost of a database write on every failure; see ``docs/server.md``.
"""

from __future__ import annotations

import ipaddress
import math
import threading
import time
from collections import deque
from collections.abc import Callable, Hashable
from dataclasses import dataclass

from cachetools import TTLCache
from fastapi import HTTPException, Request

Clock = Callable[[], float]
NAME_KEY = 64  # names are counted by their first 64 characters (a real one has at most 32)


@dataclass(frozen=True)
class Limits:
    """The throttle's numbers (seconds for times).

    After ``pair_free`` failed sign-ins for one name from one address (``address_free`` from one
    address for any names), the next attempt waits ``first_delay``, doubled by each further
    failure, at most ``max_delay``, counted from the last failure. A count is forgotten
    ``forget_after`` after its last failure. ``registrations`` per address per
    ``registration_window``.
    """

    pair_free: int = 5
    address_free: int = 20
    first_delay: float = 1.0
    max_delay: float = 15 * 60
    forget_after: float = 60 * 60
    max_keys: int = 100_000
    registrations: int = 10
    registration_window: float = 60 * 60


@dataclass
class Strikes:
    """A key's failures and the time of the last one."""

    failures: int
    last: float


class Backoff:
    """Failures per key with an exponential wait after the free ones (not thread-safe: the
    :class:`Limiter` holds a lock)."""

    def __init__(self, free: int, limits: Limits, clock: Clock) -> None:
        self.free, self.limits, self.clock = free, limits, clock
        self._strikes: TTLCache[Hashable, Strikes] = TTLCache(
            maxsize=limits.max_keys, ttl=limits.forget_after, timer=clock
        )

    def delay(self, failures: int) -> float:
        """The wait after the ``failures``-th failure: none for the free ones, then doubling."""
        if failures < self.free:
            return 0.0
        doublings = min(failures - self.free, 64)
        return min(self.limits.max_delay, self.limits.first_delay * 2.0**doublings)

    def wait(self, key: Hashable) -> float:
        """Seconds before ``key`` may try again (0: now)."""
        strikes = self._strikes.get(key)
        if strikes is None:
            return 0.0
        return max(0.0, strikes.last + self.delay(strikes.failures) - self.clock())

    def fail(self, key: Hashable) -> None:
        """Count a failure (setting the key again restarts its time to be forgotten)."""
        strikes = self._strikes.get(key)
        failures = strikes.failures + 1 if strikes is not None else 1
        self._strikes[key] = Strikes(failures, self.clock())

    def unfail(self, key: Hashable) -> None:
        """Take back the latest failure counted (the attempt succeeded)."""
        strikes = self._strikes.get(key)
        if strikes is None:
            return
        strikes.failures -= 1
        if strikes.failures <= 0:
            del self._strikes[key]

    def clear(self, key: Hashable) -> None:
        self._strikes.pop(key, None)

    def __len__(self) -> int:
        return len(self._strikes)


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


def _refuse(message: str, seconds: float) -> HTTPException:
    wait = max(1, math.ceil(seconds))
    when = f"{math.ceil(wait / 60)} minute(s)" if wait > 60 else f"{wait} second(s)"
    return HTTPException(429, f"{message}; try again in {when}", headers={"Retry-After": str(wait)})


class Limiter:
    """The sign-in throttle and registration limit of one server process (thread-safe)."""

    def __init__(self, limits: Limits | None = None, clock: Clock = time.monotonic) -> None:
        self.limits = limits = limits or Limits()
        self._pairs = Backoff(limits.pair_free, limits, clock)
        self._addresses = Backoff(limits.address_free, limits, clock)
        self._registrations = Window(limits.registrations, limits.registration_window, clock)
        self._lock = threading.Lock()

    def check_login(self, name: str, address: str) -> None:
        """Refuse (429) a sign-in from an address that must still wait (for this name, or at all);
        else count it as a failure until ``login_succeeded`` says otherwise (so that parallel
        attempts cannot all pass the check before the first has failed)."""
        pair, network = (address_key(address), name[:NAME_KEY]), address_key(address)
        with self._lock:
            by_pair = self._pairs.wait(pair)
            by_address = self._addresses.wait(network)
            if not by_pair and not by_address:
                self._pairs.fail(pair)
                self._addresses.fail(network)
        if by_pair:
            raise _refuse(f"too many failed sign-ins for {name[:NAME_KEY]!r} from your address", by_pair)
        if by_address:
            raise _refuse("too many failed sign-ins from your address", by_address)

    def login_succeeded(self, name: str, address: str) -> None:
        """The sign-in checked last was right: clear the pair's failures, and uncount it for the address."""
        with self._lock:
            self._pairs.clear((address_key(address), name[:NAME_KEY]))
            self._addresses.unfail(address_key(address))

    def check_register(self, address: str) -> None:
        """Refuse (429) a registration from an address that registered too often; else count it."""
        network = address_key(address)
        with self._lock:
            wait = self._registrations.retry_after(network)
            if wait is None:
                self._registrations.hit(network)
        if wait is not None:
            raise _refuse("too many registrations from your address", wait)


def address_key(address: str) -> str:
    """What a client is counted by: its IPv4 address, or its IPv6 /64 network (an IPv4 address
    mapped into IPv6 counts as that IPv4 address); anything else as given."""
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return address
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.IPv6Network((ip, 64), strict=False))
    return str(ip)


def client_address(request: Request) -> str:
    """The client's address (behind a proxy: as uvicorn's ``--proxy-headers`` and
    ``--forwarded-allow-ips`` give it)."""
    return request.client.host if request.client is not None else "unknown"
