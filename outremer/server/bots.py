"""Bots in seats play on the server, in a pool of worker threads, one action per task.

After any change to a game the server calls :meth:`BotRunner.kick`. A task takes one bot action
(stored exactly like a person's), then, if a bot is still to act, queues the game again behind the
other games waiting: a long bot-against-bot game never holds up the others, and no request waits
for a bot to think.

Several processes on one database each run their bots: every process resumes the bots of every game
under way when it starts, kicks them after each change made through it, and after each change another
process made to a game someone watches through it (``watch.py``). Two processes may then choose the
same bot's move at once; the store lets exactly one of them store it, and the other's
:meth:`Store.bot_step` reports the change without storing anything, so this runner looks at the game
again (the bot may still be to act) instead of recording a ``bot_error``.
"""

from __future__ import annotations

import contextlib
import logging
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor

from ..bots.registry import make_bot
from .store import Store

log = logging.getLogger("outremer.server.bots")


class BotRunner:
    def __init__(self, store: Store, on_change: Callable[[int], None], workers: int = 4) -> None:
        self.store = store
        self.on_change = on_change
        self.workers = workers
        self._pool: ThreadPoolExecutor | None = None
        self._cond = threading.Condition()
        self._queued: set[int] = set()
        self._dirty: set[int] = set()
        self._pending = 0
        self._closed = False

    def kick(self, game_id: int) -> None:
        """Let the bots of ``game_id`` act if it is their turn (returns at once)."""
        with self._cond:
            if self._closed:
                return
            if game_id in self._queued:
                self._dirty.add(game_id)  # look again when the running task ends
                return
            self._queued.add(game_id)
            self._pending += 1
            if self._pool is None:
                self._pool = ThreadPoolExecutor(self.workers, thread_name_prefix="outremer-bot")
            self._pool.submit(self._run, game_id)

    def _run(self, game_id: int) -> None:
        moved = failed = False
        try:
            moved = self.store.bot_step(game_id, make_bot)
        except Exception as exc:  # a broken bot must not stop the server or other games
            log.exception("bot failed in game %s", game_id)
            failed = True
            with contextlib.suppress(Exception):
                self.store.live(game_id).bot_error = f"{type(exc).__name__}: {exc}"
        if moved or failed:  # failed: the watchers' pages show bot_error
            self.on_change(game_id)
        with self._cond:
            self._queued.discard(game_id)
            again = moved or game_id in self._dirty
            self._dirty.discard(game_id)
            self._pending -= 1
            self._cond.notify_all()
        if again:
            self.kick(game_id)

    def wait_idle(self, timeout: float = 10.0) -> bool:
        """Wait until no bot task is queued or running (tests); False on timeout."""
        with self._cond:
            return self._cond.wait_for(lambda: self._pending == 0, timeout)

    def close(self) -> None:
        with self._cond:
            self._closed = True
            pool, self._pool = self._pool, None
        if pool is not None:
            pool.shutdown(wait=True, cancel_futures=True)
