"""Bots in seats play on the server, each decision in a bot process of its own, one action at a time.

After any change to a game the server calls :meth:`BotRunner.kick`, which queues the game for its
bot process (by the game's id; each has a queue and a thread of the web process that talks to it
over a pipe). That thread reads the game's bot turn (:meth:`Store.bot_turn`: which bot seat must
act, and the game's record) and sends the bot process what it lacks of it, where the bot brings
the state up to date and thinks (bots/worker.py); a search bot's thought competes with no request
for the interpreter, and no request waits for it (the game's lock is held only to read the turn and
to store the answer). The thread stores the answer through the store like a person's action
(:meth:`Store.bot_act`), one action per version; an answer the game has moved past (another
process's bot or a person acted first, or an action was taken back) is dropped, and the bots asked
again. Then, if a bot is still to act, the game is queued again behind the other games waiting, so
a long bot-against-bot game never holds up others. That next look trusts the store's copy of the
game (no query) if nothing but the answer just stored happened to the game meanwhile; any other
kick (a change made here, another process's change seen by the watcher, a start) and a stale
answer make it bring the copy up to the stored actions first.

A bot process keeps each of its games' state and bots between decisions (a bot's memory holds).
Each thread remembers how far each game's process has it (the number of actions and the row id of
the last, which names every action before it), and sends only the actions after those when they
are still the game's first, the whole game otherwise (an action taken back); a process that has
not what the thread thought (started anew, or it let the game go) says what it has, and is sent
what it lacks. A decision thus costs the web process the same early in a game and late in it. The
processes start when a bot first has to think, forked from a fork server that has the bots and
titles imported already; one found dead when a task is sent is replaced, and the task sent again.

A bot that goes round a loop of its own choices (a defect, in the title or the bot) must not store
actions without end: a bot seat that has taken :data:`RUN_LIMIT` actions in a row, no other seat
acting between, or a game that has reached :data:`~outremer.bots.match.MAX_STEPS` actions (two
bots answering each other in a loop), stops with a ``bot_error`` on the game, which its players
see, and nothing more is stored (:func:`runaway`).

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
from collections import OrderedDict
from collections.abc import Callable, Hashable
from dataclasses import replace
from enum import Enum
from importlib.metadata import entry_points
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess

from ..bots.match import MAX_STEPS
from ..bots.worker import CAPACITY, Answer, Task, serve
from ..engine.registry import ENTRY_POINT_GROUP
from .store import BotTurn, Store

log = logging.getLogger("outremer.server.bots")

DEFAULT_PROCESSES = 2
"""Bot processes per server process (``create_app(bot_workers=...)``)."""
RUN_LIMIT = 2000
"""The most actions one bot seat may take in a row, no other seat acting between (:func:`runaway`).
The longest runs the scripted bots take (``python bench/bot_runs.py --games 3``: three games of each
scenario of each title): 52 actions in games of two or more seats (Kingdom of Heaven), 306 in The
First Crusade, whose only seat is the player's, so that a bot there plays the whole game."""


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


class _Step(Enum):
    """How a decision ended: no bot to act, the answer stored, or the answer stale."""

    NONE = "none"
    STORED = "stored"
    STALE = "stale"


def runaway(turn: BotTurn) -> str | None:
    """Why ``turn``'s bot may not act (its seat has taken :data:`RUN_LIMIT` actions in a row, or the
    game has reached :data:`MAX_STEPS`), or None: a bot in a loop must not store actions without
    end."""
    actions = turn.record.actions
    if len(actions) >= MAX_STEPS:
        title = turn.game.title
        return f"the game has reached {MAX_STEPS} actions, more than a game of {title} takes; its bots stop"
    for run, (role, _) in enumerate(reversed(actions), 1):
        if role != turn.role:
            return None
        if run >= RUN_LIMIT:
            who = turn.game.role_name(turn.role)
            return f"the {who} bot has taken {RUN_LIMIT} actions in a row, no other seat acting; it stops"
    return None


def task_for(key: Hashable, turn: BotTurn, has: tuple[int, int] | None) -> Task:
    """The task bringing a bot process that ``has`` the game ``key``'s first actions (count, row id
    of the last; None: unknown) to ``turn``: only the actions after those if they are still the
    game's first (the row id says so), or else the whole game from its setup."""
    actions, row_ids = turn.record.actions, turn.row_ids
    last_id = row_ids[-1] if row_ids else 0
    common = (turn.role, turn.bot, turn.seed)
    if has is not None and turn.stored is not None:  # the row ids are known
        count, count_id = has
        if 0 < count <= len(row_ids) and row_ids[count - 1] == count_id:
            return Task(key, turn.game, None, count, count_id, actions[count:], last_id, *common)
    setup = replace(turn.record, actions=[])
    return Task(key, turn.game, setup, 0, 0, list(actions), last_id, *common)


class _Thinker:
    """One bot process (started when first needed), the pipe to it, and how far it has each game."""

    def __init__(self, index: int) -> None:
        self.index = index
        self.conn: Connection | None = None
        self.process: BaseProcess | None = None
        self.has: OrderedDict[int, tuple[int, int]] = OrderedDict()
        """Each game's (count, row id of the last) actions the process was last sent, the game sent
        longest ago first (as many as the process keeps)."""
        self.sent = 0
        """The actions sent to the process so far (benchmarks, tests)."""

    def decide(self, key: Hashable, turn: BotTurn) -> Answer:
        """``turn``'s bot's answer, the process sent only what it lacks of the game."""
        game_id = turn.game_id
        answer = self.ask(task_for(key, turn, self.has.pop(game_id, None)))
        if answer.need is not None:  # it has not what was thought: it says what it has
            answer = self.ask(task_for(key, turn, answer.need))
            if answer.need is not None:
                raise BotFailed(f"the bot's process could not bring game {game_id} up to date")
        if answer.error is None and turn.stored is not None:
            count, last_id = turn.stored
            self.has[game_id] = (count, last_id or 0)
            while len(self.has) > CAPACITY:
                self.has.popitem(last=False)
        return answer

    def ask(self, task: Task) -> Answer:
        """Send ``task`` and wait for the answer; BotFailed if the process stopped while on it (a
        new one is started for the next task). A process found dead when the task is sent (it
        died since its last answer) is replaced at once, and the task sent to the new one."""
        conn = self._running()
        try:
            try:
                conn.send(task)
            except OSError:
                self.stop()
                conn = self._running()
                conn.send(task)
            self.sent += len(task.actions)
            answer: Answer = conn.recv()
        except (EOFError, OSError) as exc:
            code = self.stop()
            raise BotFailed(f"the bot's process stopped (exit code {code})") from exc
        return answer

    def _running(self) -> Connection:
        """The pipe to the process, started if there is none."""
        if self.conn is None:
            context = _start_method()
            ours, theirs = context.Pipe()
            process = context.Process(
                target=serve, args=(theirs,), name=f"outremer-bot-{self.index}", daemon=True
            )
            process.start()
            theirs.close()
            self.conn, self.process = ours, process
        return self.conn

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
        self._pipes = [_Thinker(i) for i in range(processes)]
        self._cond = threading.Condition()
        self._queued: set[int] = set()
        self._dirty: set[int] = set()
        self._current: set[int] = set()  # games whose last change is this runner's stored answer
        self._pending = 0
        self._closed = False

    def kick(self, game_id: int, *, current: bool = False) -> None:
        """Let the bots of ``game_id`` act if it is their turn (returns at once). ``current``: the
        change was made through this process's store, whose copy then holds it (a person's action
        or undo), so the bots' turn is read from the copy without a query; any other change (one
        seen by the watcher, a new game, a seat taken) is read from the database first."""
        self._queue(game_id, current=current)

    def _queue(self, game_id: int, *, current: bool) -> None:
        """Queue ``game_id`` for its next decision; ``current``: the store's copy of it may be
        trusted then (nothing but this runner's answer has changed it since it was last read)."""
        with self._cond:
            if self._closed:
                return
            if game_id in self._queued:
                self._current.discard(game_id)
                self._dirty.add(game_id)  # look again when the decision under way ends
                return
            if current:
                self._current.add(game_id)
            else:
                self._current.discard(game_id)
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
        thinker = self._pipes[i]
        try:
            while (game_id := self._queues[i].get()) is not None:
                step = _Step.NONE
                if not self._closed:
                    try:
                        step = self._decide(thinker, game_id)
                    except Exception as exc:  # a broken bot must not stop the server or other games
                        self._failed(game_id, exc)
                self._done(game_id, step)
        finally:
            thinker.stop()

    def _decide(self, thinker: _Thinker, game_id: int) -> _Step:
        """One decision of ``game_id``'s bots, if one is to act: the answer stored (a bot may be to
        act again), or stale (the bots are asked again on the game brought up to date)."""
        with self._cond:
            current = game_id in self._current
            self._current.discard(game_id)
        turn = self.store.bot_turn(game_id, refresh=not current)
        if turn is None:
            return _Step.NONE
        if (why := runaway(turn)) is not None:
            raise BotFailed(why)
        answer = thinker.decide((self._token, game_id), turn)
        if answer.error is not None or answer.action is None:
            raise BotFailed(answer.error)
        if not self.store.bot_act(turn, answer.action):
            return _Step.STALE
        self.thinkers.add(answer.pid)
        self.on_change(game_id)
        return _Step.STORED

    def _failed(self, game_id: int, exc: BaseException) -> None:
        """A bot failed: log it and show it to the game's watchers (``bot_error``); the server and
        the other games go on."""
        log.error("bot failed in game %s: %s: %s", game_id, type(exc).__name__, exc)
        with contextlib.suppress(Exception):
            what = str(exc) if isinstance(exc, BotFailed) else f"{type(exc).__name__}: {exc}"
            self.store.live(game_id).bot_error = what
            self.on_change(game_id)

    def _done(self, game_id: int, step: _Step) -> None:
        """The game's decision ended; queue it again (behind the others) if it made a step or if the
        game was kicked meanwhile: trusting the store's copy only after an answer stored and no
        kick. Queued again before the count of pending decisions falls, under the same lock, so that
        :meth:`wait_idle` never sees a moment of rest between a stored answer and the next decision."""
        with self._cond:
            self._queued.discard(game_id)
            kicked = game_id in self._dirty
            self._dirty.discard(game_id)
            if kicked or step is not _Step.NONE:
                self._queue(game_id, current=step is _Step.STORED and not kicked)
            self._pending -= 1
            self._cond.notify_all()

    def actions_sent(self) -> int:
        """The actions sent to the bot processes so far (benchmarks, tests): each once, unless one
        was taken back, a process started anew or let a game go."""
        return sum(pipe.sent for pipe in self._pipes)

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
