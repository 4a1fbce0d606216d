"""Bots in seats play on the server, each decision in a bot process of its own, one action at a time.

After any change to a game the server calls :meth:`BotRunner.kick`. A thread of the web process then
reads the game's bot turn (:meth:`Store.bot_turn`: which bot seat must act, and the game's record)
and sends it to a bot process, where the bot rebuilds the state and thinks (bots/worker.py); a
search bot's thought competes with no request for the interpreter, and no request waits for it (the
game's lock is held only to read the turn and to store the answer). When the answer comes back, a
thread stores it through the store like a person's action (:meth:`Store.bot_act`), one action per
version; an answer the game has moved past (another process's bot or a person acted first, or an
action was taken back) is dropped, and the bot asked again. Then, if a bot is still to act, the game
is queued again behind the other games waiting, so a long bot-against-bot game never holds up others.

Each game's decisions go to the same bot process (by its id), which keeps the game's state and bots
between decisions (a bot's memory holds, and only new actions are applied). The processes start
when a bot first has to think, forked from a server process that has the titles imported already.

Several server processes on one database each run their bots: every process resumes the bots of
every game under way when it starts, kicks them after each change made through it, and after each
change another process made to a game someone watches through it (``watch.py``). Two processes may
then choose the same bot's move at once; the store lets exactly one of them store it, and the other
answer is stale, so this runner looks at the game again instead of recording a ``bot_error``.
"""

from __future__ import annotations

import contextlib
import logging
import multiprocessing
import threading
import uuid
from collections.abc import Callable
from concurrent.futures import Future, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from importlib.metadata import entry_points

from ..bots.worker import Answer, think
from ..engine.registry import ENTRY_POINT_GROUP
from .store import BotTurn, Store

log = logging.getLogger("outremer.server.bots")

DEFAULT_PROCESSES = 2
"""Bot processes per server process (``create_app(bot_workers=...)``)."""
THREADS = 4
"""Threads of the web process that read bot turns and store answers (short work, no thinking)."""


class BotFailed(Exception):
    """A bot's process answered with an error instead of an action."""


def _start_method() -> multiprocessing.context.BaseContext:
    """Bot processes are forked from a fork server that imported the bots and every installed title
    once (a process started afresh takes seconds to import them; forking the threaded web process
    itself is unsafe). As with any start method but fork, a script that starts a server in its
    own process must guard its main code (``if __name__ == "__main__":``)."""
    context = multiprocessing.get_context("forkserver")
    titles = sorted({ep.module for ep in entry_points(group=ENTRY_POINT_GROUP)})
    context.set_forkserver_preload(["outremer.bots.worker", *titles])
    return context


class BotRunner:
    """Runs the bots of every game of one server process in ``processes`` bot processes."""

    def __init__(
        self, store: Store, on_change: Callable[[int], None], processes: int = DEFAULT_PROCESSES
    ) -> None:
        if processes < 1:
            raise ValueError(f"bots need at least one process, not {processes}")
        self.store = store
        self.on_change = on_change
        self.processes = processes
        self.thinkers: set[int] = set()
        """The process ids that chose the actions stored so far (tests, operators)."""
        self._token = uuid.uuid4().hex  # names this runner's games in the bot processes
        self._threads: ThreadPoolExecutor | None = None
        self._pools: list[ProcessPoolExecutor | None] = [None] * processes
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
                self._dirty.add(game_id)  # look again when the decision under way ends
                return
            self._queued.add(game_id)
            self._pending += 1
            if self._threads is None:
                self._threads = ThreadPoolExecutor(THREADS, thread_name_prefix="outremer-bot")
            self._threads.submit(self._look, game_id)

    def _look(self, game_id: int) -> None:
        """Read the game's bot turn and send it to the game's bot process (or end the task)."""
        try:
            turn = self.store.bot_turn(game_id)
            if turn is None:
                self._done(game_id, again=False)
                return
            with self._cond:
                if self._closed:
                    self._done(game_id, again=False)
                    return
                pool = self._pool(game_id)
                future = pool.submit(
                    think, (self._token, game_id), turn.game, turn.record, turn.role, turn.bot, turn.seed
                )
        except Exception as exc:
            self._failed(game_id, exc)
            self._done(game_id, again=False)
            return
        future.add_done_callback(lambda answered: self._answered(turn, pool, answered))

    def _pool(self, game_id: int) -> ProcessPoolExecutor:
        """The bot process of ``game_id``, started if need be (call under ``_cond``)."""
        i = game_id % self.processes
        pool = self._pools[i]
        if pool is None:
            pool = self._pools[i] = ProcessPoolExecutor(1, mp_context=_start_method())
        return pool

    def _answered(self, turn: BotTurn, pool: ProcessPoolExecutor, answered: Future[Answer]) -> None:
        """A bot process answered (or failed, or was cancelled): store the answer in a thread of
        ours, not in the thread that collects the processes' results."""
        with self._cond:
            if not self._closed and self._threads is not None:
                self._threads.submit(self._store, turn, pool, answered)
                return
        self._done(turn.game_id, again=False)

    def _store(self, turn: BotTurn, pool: ProcessPoolExecutor, answered: Future[Answer]) -> None:
        """Store the bot's answer, or say why there is none."""
        game_id = turn.game_id
        stored = False
        try:
            answer = answered.result()
            if answer.error is not None or answer.action is None:
                raise BotFailed(answer.error)
            stored = self.store.bot_act(turn, answer.action)
            if stored:
                self.thinkers.add(answer.pid)
                self.on_change(game_id)
        except BrokenProcessPool as exc:  # the process died (killed, out of memory): a new one next
            with self._cond:
                i = game_id % self.processes
                if self._pools[i] is pool:
                    self._pools[i] = None
            pool.shutdown(wait=False)
            self._failed(game_id, exc)
            self._done(game_id, again=False)
            return
        except Exception as exc:
            self._failed(game_id, exc)
            self._done(game_id, again=False)
            return
        # Stored: the bot may be to act again. Not stored: the answer was stale; ask again.
        self._done(game_id, again=True)

    def _failed(self, game_id: int, exc: BaseException) -> None:
        """A bot failed: log it and show it to the game's watchers (``bot_error``); the server and
        the other games go on."""
        log.error("bot failed in game %s: %s: %s", game_id, type(exc).__name__, exc)
        with contextlib.suppress(Exception):
            what = str(exc) if isinstance(exc, BotFailed) else f"{type(exc).__name__}: {exc}"
            self.store.live(game_id).bot_error = what
            self.on_change(game_id)

    def _done(self, game_id: int, *, again: bool) -> None:
        """The game's task ended; queue it again if asked to or if it changed meanwhile."""
        with self._cond:
            self._queued.discard(game_id)
            again = again or game_id in self._dirty
            self._dirty.discard(game_id)
            self._pending -= 1
            self._cond.notify_all()
        if again:
            self.kick(game_id)

    def wait_idle(self, timeout: float = 10.0) -> bool:
        """Wait until no bot task is queued, thinking or being stored (tests); False on timeout."""
        with self._cond:
            return self._cond.wait_for(lambda: self._pending == 0, timeout)

    def close(self) -> None:
        """Stop: decisions not begun are dropped, those under way end (their answers unstored), and
        the bot processes exit."""
        with self._cond:
            self._closed = True
            threads, self._threads = self._threads, None
            pools, self._pools = self._pools, [None] * self.processes
        for pool in pools:
            if pool is not None:
                pool.shutdown(wait=True, cancel_futures=True)
        if threads is not None:
            threads.shutdown(wait=True, cancel_futures=True)
