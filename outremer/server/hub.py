"""Who watches which game: the WebSocket connections open on each game (``ws.py`` opens them) and
the notice that wakes them when the game changes (``Context.changed`` for changes made through this
process, ``watch.Watcher`` for those made by another). Notices may come from any thread; each reaches
its connection's event loop through a queue.
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any


@dataclass(eq=False)
class Subscriber:
    """One open connection watching one game.

    ``seen``: the game's fingerprint (``watch.fingerprints``) read just before its last page was
    built (None before the first, or when no watcher polls); ``poked``: the fingerprint it was last
    woken for by the watcher, so that one change wakes it once.
    """

    game_id: int
    loop: asyncio.AbstractEventLoop
    queue: asyncio.Queue[int] = field(default_factory=asyncio.Queue)
    seen: tuple[Any, ...] | None = None
    poked: tuple[Any, ...] | None = None

    def wake(self) -> None:
        """Have the connection send a fresh page (from any thread)."""
        with contextlib.suppress(RuntimeError):  # its loop has closed
            self.loop.call_soon_threadsafe(self.queue.put_nowait, self.game_id)


class Hub:
    """Who watches which game; ``notify`` may be called from any thread.

    ``on_subscribe`` (if given) is called after each subscription: the app starts its watcher there.
    """

    def __init__(self, on_subscribe: Callable[[], None] | None = None) -> None:
        self._subs: dict[int, set[Subscriber]] = {}
        self._lock = threading.Lock()
        self.on_subscribe = on_subscribe

    def subscribe(self, game_id: int) -> Subscriber:
        sub = Subscriber(game_id, asyncio.get_running_loop())
        with self._lock:
            self._subs.setdefault(game_id, set()).add(sub)
        if self.on_subscribe is not None:
            self.on_subscribe()
        return sub

    def unsubscribe(self, game_id: int, sub: Subscriber) -> None:
        with self._lock:
            subs = self._subs.get(game_id)
            if subs is not None:
                subs.discard(sub)
                if not subs:
                    del self._subs[game_id]

    def notify(self, game_id: int) -> None:
        with self._lock:
            subs = list(self._subs.get(game_id, ()))
        for sub in subs:
            sub.wake()

    def watchers(self, game_id: int) -> int:
        with self._lock:
            return len(self._subs.get(game_id, ()))

    def watched_games(self) -> dict[int, list[Subscriber]]:
        """Each watched game with its connections (a copy)."""
        with self._lock:
            return {game_id: list(subs) for game_id, subs in self._subs.items()}
