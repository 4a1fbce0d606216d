"""Bots in seats play on the server, each decision in a bot process of its own, one action at a time.

After any change to a game the server calls :meth:`BotRunner.kick`, which queues the game for its
bot process (by the game's id; each has a queue and a thread of the web process that talks to it
over a pipe). That thread reads the game's bot turn (:meth:`Store.bot_turn`: which bot seat must
act, and the game's record) and sends it to the bot process, where the bot rebuilds the state and
thinks (bots/worker.py); a search bot's thought competes with no request for the interpreter, and
no request waits for it (the game's lock is held only to read the turn and to store the answer).
The thread stores the answer through the store like a person's action (:meth:`Store.bot_act`), one
action per version; an answer the game has moved past (another process's bot or a person acted
first, or an action was taken back) is dropped, and the bots asked again. Then, if a bot is still
to act, the game is queued again behind the other games waiting, so a long bot-against-bot game
never holds up others.

A bot process keeps each of its games' state and bots between decisions (a bot's memory holds,
and only new actions are applied). The processes start when a bot first has to think, forked from
a fork server that has the bots and titles imported already.

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
import queue
import threading
import time
import uuid
from collections.abc import Callable
from importlib.metadata import entry_points
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess

from ..bots.worker import Answer, serve
from ..engine.registry import ENTRY_POINT_GROUP
from .store import Store

log = logging.getLogger("outremer.server.bots")

DEFAULT_PROCESSES = 2
"""Bot processes per server process (``create_app(bot_workers=...)``)."""


class BotFailed(Exception):
    """A bot's process answered with an error instead of an action, or stopped."""


def _start_method() -> multiprocessing.context.ForkServerContext:
    """Bot processes are forked from a fork server that imported the bots and every installed title
    once (a process started afresh takes seconds to import them; forking the threaded web process
    itself is unsafe). As with any start method but fork, a script that starts a server in its
    own process must guard its main code (``if __name__ == "__main__":``)."""
    context = multiprocessing.get_context("forkserver")
    titles = sorted({ep.module for ep in entry_points(group=ENTRY_POINT_GROUP)})
    context.set_forkserver_preload(["outremer.bots.worker", *titles])
    return context


class _Thinker:
    """One bot process (started when first needed) and the pipe to it."""

    def __init__(self, index: int) -> None:
        self.index = index
        self.conn: Connection | None = None
        self.process: BaseProcess | None = None

    def ask(self, task: tuple[object, ...]) -> Answer:
        """Send ``task`` (:func:`think`'s arguments) and wait for the answer; BotFailed if the
        process stopped (a new one is started for the next task)."""
        if self.conn is None:
            context = _start_method()
            ours, theirs = context.Pipe()
            process = context.Process(
                target=serve, args=(theirs,), name=f"outremer-bot-{self.index}", daemon=True
            )
            process.start()
            theirs.close()
            self.conn, self.process = ours, process
        try:
            self.conn.send(task)
            answer: Answer = self.conn.recv()
        except (EOFError, OSError) as exc:
            code = self.stop()
            raise BotFailed(f"the bot's process stopped (exit code {code})") from exc
        return answer

    def stop(self) -> int | None:
        """End the process (it finishes the task under way first); its exit code."""
        conn, process, self.conn, self.process = self.conn, self.process, None, None
        if conn is not None:
            with contextlib.suppress(OSError):
                conn.send(None)
            conn.close()
        if process is None:
            return None
        process.join(5)
        if process.is_alive():
            process.kill()
            process.join()
        return process.exitcode


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
        self._queues: list[queue.SimpleQueue[int | None]] = [queue.SimpleQueue() for _ in range(processes)]
        self._threads: list[threading.Thread | None] = [None] * processes
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
            i = game_id % self.processes
            if self._threads[i] is None:
                thread = threading.Thread(
                    target=self._serve, args=(i,), name=f"outremer-bot-{i}", daemon=True
                )
                self._threads[i] = thread
                thread.start()
            self._queues[i].put(game_id)

    def _serve(self, i: int) -> None:
        """The thread of bot process ``i``: one decision at a time for the games queued to it."""
        thinker = _Thinker(i)
        try:
            while (game_id := self._queues[i].get()) is not None:
                again = False
                if not self._closed:
                    try:
                        again = self._decide(thinker, game_id)
                    except Exception as exc:  # a broken bot must not stop the server or other games
                        self._failed(game_id, exc)
                self._done(game_id, again=again)
        finally:
            thinker.stop()

    def _decide(self, thinker: _Thinker, game_id: int) -> bool:
        """One decision of ``game_id``'s bots, if one is to act: True if the game should be looked at
        again (the answer stored, and a bot may be to act again; or the answer stale)."""
        turn = self.store.bot_turn(game_id)
        if turn is None:
            return False
        task = ((self._token, game_id), turn.game, turn.record, turn.role, turn.bot, turn.seed)
        answer = thinker.ask(task)
        if answer.error is not None or answer.action is None:
            raise BotFailed(answer.error)
        if self.store.bot_act(turn, answer.action):
            self.thinkers.add(answer.pid)
            self.on_change(game_id)
        return True

    def _failed(self, game_id: int, exc: BaseException) -> None:
        """A bot failed: log it and show it to the game's watchers (``bot_error``); the server and
        the other games go on."""
        log.error("bot failed in game %s: %s: %s", game_id, type(exc).__name__, exc)
        with contextlib.suppress(Exception):
            what = str(exc) if isinstance(exc, BotFailed) else f"{type(exc).__name__}: {exc}"
            self.store.live(game_id).bot_error = what
            self.on_change(game_id)

    def _done(self, game_id: int, *, again: bool) -> None:
        """The game's decision ended; queue it again (behind the others) if asked to or if it changed
        meanwhile."""
        with self._cond:
            self._queued.discard(game_id)
            again = again or game_id in self._dirty
            self._dirty.discard(game_id)
            self._pending -= 1
            self._cond.notify_all()
        if again:
            self.kick(game_id)

    def cpu_seconds(self) -> float:
        """The CPU time the runner's threads in the web process have taken so far (reading turns,
        sending them, storing answers: a bot's thinking is in its process), for benchmarks."""
        with self._cond:
            idents = [t.ident for t in self._threads if t is not None and t.is_alive() and t.ident]
        total = 0.0
        for ident in idents:
            with contextlib.suppress(OSError):  # the thread just ended
                total += time.clock_gettime(time.pthread_getcpuclockid(ident))
        return total

    def wait_idle(self, timeout: float = 10.0) -> bool:
        """Wait until no bot decision is queued or under way (tests); False on timeout."""
        with self._cond:
            return self._cond.wait_for(lambda: self._pending == 0, timeout)

    def close(self) -> None:
        """Stop: decisions not begun are dropped, those under way end (their answers stored), and
        the bot processes exit."""
        with self._cond:
            self._closed = True
            threads = [t for t in self._threads if t is not None]
            for q in self._queues:
                q.put(None)
        for thread in threads:
            thread.join()
