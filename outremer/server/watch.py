"""Changes made by other server processes: a watcher that wakes this process's websockets.

Each process wakes its own watchers when a change goes through it (:meth:`Context.changed`). Other
processes sharing the database change games too, so while at least one websocket of this process is
open, a daemon thread looks for such changes. What it compares is a cheap *fingerprint* of each
watched game (:func:`fingerprints`, read in ONE query over the games: the number of stored actions
and the highest action row id, the game's status and ``updated`` time, how many seats are taken).
Every websocket remembers the fingerprint read just before it built its last page
(:attr:`~outremer.server.hub.Subscriber.seen`); one that saw another is woken. So a change made
anywhere reaches every watcher; a change this process already pushed wakes nobody twice; nothing
changed, nothing is sent; and the fingerprint is read *before* the page, so a change landing in
between is caught at the next look, never lost.

How the thread learns that something changed depends on the database:

- **SQLite**: it polls, every ``interval`` seconds, the fingerprints of every watched game.
- **PostgreSQL**: it listens (``LISTEN``, on a connection of its own) on the channel the database's
  triggers notify with a game's id whenever one of its rows changes (``migrations/notify.py``), and
  reads the fingerprints of the watched games among those notified, at once: no query while nothing
  changes. Right after it starts listening (also after a lost connection) it reads every watched
  game's fingerprint once, for what changed before it listened.

The thread starts with the first subscriber and ends when it finds none: a process nobody watches
does not query, nor listen. :meth:`Watcher.close` (on the app's shutdown) stops it.

When a watched game changed elsewhere, this process also kicks its own bot runner for it
(``on_change``). The process that made the change has already kicked its own, so usually both try
the bot's move; the database lets exactly one store it (see :meth:`Store.bot_act`), the other gives
up quietly. What this buys: if the process that should play the bot dies, the bot still moves while
someone watches the game through another process (and every process resumes the bots of every game
under way when it starts).
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

import psycopg
from sqlalchemy import BindParameter, bindparam, func, select

from .db import ActionRow, Database, GameRow, SeatRow
from .migrations.notify import CHANNEL

if TYPE_CHECKING:
    from .hub import Hub

log = logging.getLogger("outremer.server.watch")

Fingerprint = tuple[Any, ...]
"""What changes whenever anything a game's page shows from the database changes."""

DEFAULT_INTERVAL = 0.5
"""Seconds between two polls while anyone watches (SQLite)."""

TICK = 0.25
"""Listening (PostgreSQL): the longest wait for a notice before the thread looks whether anyone
still watches and whether it must stop."""


def fingerprints(db: Database, game_ids: Iterable[int]) -> dict[int, Fingerprint]:
    """The fingerprint of each of ``game_ids`` that exists, read in one query."""
    ids = sorted(set(game_ids))
    if not ids:
        return {}
    acts = (
        select(
            ActionRow.game_id.label("game_id"),
            func.count().label("count"),
            func.max(ActionRow.id).label("last"),
        )
        .where(ActionRow.game_id.in_(ids))
        .group_by(ActionRow.game_id)
        .subquery()
    )
    seats = (
        select(SeatRow.game_id.label("game_id"), func.count(SeatRow.user_id).label("taken"))
        .where(SeatRow.game_id.in_(ids))
        .group_by(SeatRow.game_id)
        .subquery()
    )
    query = (
        select(GameRow.id, acts.c.count, acts.c.last, GameRow.status, GameRow.updated, seats.c.taken)
        .outerjoin(acts, acts.c.game_id == GameRow.id)
        .outerjoin(seats, seats.c.game_id == GameRow.id)
        .where(GameRow.id.in_(ids))
    )
    with db.engine.connect() as c:
        rows = c.execute(query).all()
    return {
        row[0]: (row[1] or 0, row[2], row[3], row[4], row[5] or 0)  # no action yet: count 0, last None
        for row in rows
    }


_GAME: BindParameter[int] = bindparam("game")
_ONE = select(
    func.coalesce(select(func.count()).where(ActionRow.game_id == _GAME).scalar_subquery(), 0),
    select(func.max(ActionRow.id)).where(ActionRow.game_id == _GAME).scalar_subquery(),
    GameRow.status,
    GameRow.updated,
    func.coalesce(select(func.count(SeatRow.user_id)).where(SeatRow.game_id == _GAME).scalar_subquery(), 0),
).where(GameRow.id == _GAME)
"""One game's fingerprint, the same as :func:`fingerprints` gives, in a statement built once."""


def fingerprint(db: Database, game_id: int) -> Fingerprint | None:
    """The fingerprint of one game (None if there is no such game). A websocket reads it before
    each page, so it is read on a bare connection with a statement built once, not through an ORM
    session (that cost the server a quarter of its time under load)."""
    with db.engine.connect() as c:
        row = c.execute(_ONE, {"game": game_id}).first()
    return None if row is None else tuple(row)


class Watcher:
    """Polls the watched games of ``hub`` every ``interval`` seconds while there are any (see above).

    ``on_change(game_id)`` is called (from the watcher's thread) for each game found changed by
    someone else; the app passes its bot runner's ``kick``.
    """

    def __init__(
        self,
        db: Database,
        hub: Hub,
        interval: float = DEFAULT_INTERVAL,
        on_change: Callable[[int], None] | None = None,
    ) -> None:
        if interval <= 0:
            raise ValueError("the watch interval must be positive")
        self.db = db
        self.hub = hub
        self.interval = interval
        self.on_change = on_change
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self.polls = 0  # queries made (tests)

    def fingerprint(self, game_id: int) -> Fingerprint | None:
        """The game's fingerprint now (a websocket reads it before building each page)."""
        return fingerprint(self.db, game_id)

    def ensure_running(self) -> None:
        """Start the polling thread if it is not running (the hub calls this on each subscribe)."""
        with self._lock:
            if self._thread is not None or self._stop.is_set():
                return
            self._thread = threading.Thread(target=self._loop, name="outremer-watch", daemon=True)
            self._thread.start()

    @property
    def running(self) -> bool:
        with self._lock:
            return self._thread is not None

    @property
    def listens(self) -> bool:
        """Whether this watcher listens for notices (PostgreSQL) rather than polling (SQLite)."""
        return self.db.engine.dialect.name == "postgresql"

    def _watched(self) -> bool:
        """Whether anyone watches; if not, the thread is marked ended (under the lock that
        ensure_running takes: no subscriber is left behind)."""
        with self._lock:
            if self.hub.watched_games():
                return True
            self._thread = None
            return False

    def _loop(self) -> None:
        if self.listens:
            self._listen()
        else:
            self._poll_loop()
        with self._lock:
            if self._thread is threading.current_thread():
                self._thread = None

    def _poll_loop(self) -> None:
        while not self._stop.wait(self.interval):
            if not self._watched():
                return
            try:
                self.poll()
            except Exception:  # the database away for a moment: try again at the next poll
                log.exception("polling the watched games failed")

    def _listen(self) -> None:
        conn: psycopg.Connection[Any] | None = None
        try:
            while not self._stop.is_set() and self._watched():
                try:
                    if conn is None:
                        conn = self._connect()
                        self.poll()  # what changed before this connection listened
                    notified = set()
                    for note in conn.notifies(timeout=TICK, stop_after=1):
                        notified.add(note.payload)
                    if notified:  # and those that came with it
                        notified |= {note.payload for note in conn.notifies(timeout=0.001)}
                        self.poll({int(p) for p in notified if p.isdigit()})
                except Exception:  # the database away for a moment: listen again
                    log.exception("listening for changes failed")
                    if conn is not None:
                        conn.close()
                        conn = None
                    self._stop.wait(self.interval)
        finally:
            if conn is not None:
                conn.close()

    def _connect(self) -> psycopg.Connection[Any]:
        """A connection of the watcher's own, listening on the channel of game changes."""
        args, kwargs = self.db.engine.dialect.create_connect_args(self.db.engine.url)
        conn = psycopg.connect(*args, **kwargs, autocommit=True)
        conn.execute(f"LISTEN {CHANNEL}")
        return conn

    def poll(self, only: set[int] | None = None) -> list[int]:
        """Look once (at the games ``only``, if given): wake the watchers that saw an older
        fingerprint; the games changed elsewhere."""
        watched = self.hub.watched_games()
        if only is not None:
            watched = {game_id: subs for game_id, subs in watched.items() if game_id in only}
        if not watched:
            return []
        self.polls += 1
        now = fingerprints(self.db, watched)
        changed = []
        for game_id, subs in watched.items():
            current = now.get(game_id)
            if current is None:
                continue
            woken = False
            for sub in subs:
                # seen None: its first page is being built (after its fingerprint is read)
                if sub.seen is not None and sub.seen != current and sub.poked != current:
                    sub.poked = current
                    sub.wake()
                    woken = True
            if woken:
                changed.append(game_id)
                if self.on_change is not None:
                    try:
                        self.on_change(game_id)
                    except Exception:
                        log.exception("reacting to a change of game %s failed", game_id)
        return changed

    def close(self, timeout: float = 10.0) -> None:
        """Stop polling (for good) and wait for the thread to end."""
        with self._lock:
            self._stop.set()
            thread = self._thread
        if thread is not None and thread is not threading.current_thread():
            thread.join(timeout)
