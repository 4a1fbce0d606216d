"""Games in play: their states cached in memory, rebuilt from the database by replay, and the one
path by which an action is checked, stored durably, and only then applied to the cache.

Every game has a lock; all changes to a game (a person's action, a bot's action, a seat taken) go
through it, so the actions of a game are numbered 1, 2, 3... without gaps or races. Several server
processes on one database (``outremer serve --workers N``, or servers of their own) stay consistent
too. A read or an undo first brings the cache up to the stored actions (:meth:`Store._refresh`: one
query for the actions from the cache's last on; new ones are applied, and the game is rebuilt only
if its last action was taken back elsewhere). An action trusts the cache and lets the write check
it: one transaction touches the game's row (which holds its row lock in PostgreSQL, the write lock
in SQLite, until the commit) and inserts the action only if the game's highest action row id is
still the cache's, and the unique ``(game_id, n)`` refuses a second action of the same number. A
writer that lost a race stores nothing and gets :class:`Conflict` (409); :meth:`Store.act` then
looks at the database once and judges the action again on the game brought up to date, so no
action is ever stored after one another process has just taken back, nor judged on a stale state.
The statements are SQLAlchemy Core, built once (no ORM unit of work on the action path).
"""

from __future__ import annotations

import hashlib
import json
import threading
from collections import OrderedDict
from dataclasses import dataclass, field, replace
from typing import Any, cast
from weakref import WeakValueDictionary

from fastapi import HTTPException
from sqlalchemy import Table, and_, bindparam, delete, func, insert, select, update
from sqlalchemy.exc import IntegrityError

from ..engine.errors import BadSave, IllegalAction, OutremerError
from ..engine.game import Action, Game, Role, normalize_action
from ..engine.record import Record, new_state, replay
from ..engine.registry import get_game
from ..engine.undo import Undo
from .db import ACTIVE, BOT, OVER, ActionRow, Database, GameRow, SeatRow, now

SEED_RANGE = 2**128
"""Seeds are drawn from ``range(SEED_RANGE)``, and a seed chosen or imported must lie in it."""


def bot_seed(game_seed: int, role: Role) -> int:
    """The seed of the bot at ``role``: the same in every process, yet telling nothing of the game's
    seed (a BLAKE2b hash keyed by it), so a bot's choices never give the game's dice away."""
    key = str(game_seed).encode()
    digest = hashlib.blake2b(role.encode(), digest_size=8, key=key, person=b"outremer-bot").digest()
    return int.from_bytes(digest, "big")


class Conflict(HTTPException):
    """409: another process changed the game's stored actions while this one was checking a change.

    Nothing was stored. The copy in memory is brought up to the stored actions at its next use
    (:meth:`Store.act` does so at once and judges the action again). Try again."""

    def __init__(self, detail: str) -> None:
        super().__init__(409, detail)


@dataclass
class LiveGame:
    """One game's current state and record (setup plus actions), guarded by ``lock``.

    ``undo`` holds a step for each action since the last one that can never be undone, and says
    why an undo is refused (the undo rule, engine/undo.py); the last is undone first.
    """

    id: int
    game: Game[Any]
    record: Record
    state: Any
    lock: threading.RLock = field(default_factory=threading.RLock)
    bot_error: str | None = None
    undo: Undo = field(default_factory=Undo)
    # The row id of each stored action, in order (empty when not known: a game just imported).
    row_ids: list[int] = field(default_factory=list)
    # views.Pages: the parts of this state's pages, each computed once (made anew for a new state).
    pages: Any = field(default=None, repr=False, compare=False)
    # Its bot seats (role -> bot), read once the game is under way: they never change after, and a
    # game under way ends only by an action (:meth:`Store.bot_turn`).
    bot_seats: dict[Role, str] | None = None

    @property
    def roles(self) -> tuple[Role, ...]:
        """The roles of this game (they may depend on its scenario and options)."""
        return self.game.roles_for(self.record.scenario, self.record.options)

    @property
    def version(self) -> int:
        """How many actions have been taken."""
        return len(self.record.actions)

    @property
    def stored(self) -> tuple[int, int | None] | None:
        """(count, highest row id) of the stored actions this copy matches, or None when the row ids
        of its actions are not known (a game just imported: rebuilt from the database at its next
        use)."""
        if len(self.row_ids) != self.version:
            return None
        return self.version, self.row_ids[-1] if self.row_ids else None

    def log_key(self) -> str:
        """Names this point of the game's history: ``"version.row id of the last action"``. A client
        that has read ``n`` log entries here may later ask for the entries after them only."""
        return f"{self.version}.{self.row_ids[-1] if self.row_ids else 0}"

    def same_history(self, key: str | None) -> bool:
        """Whether the game has only moved forward since the point ``key`` names (no action at or
        before it taken back or replaced), so that a log read there is a prefix of today's."""
        if not key or self.stored is None:
            return False
        version, _, row_id = key.partition(".")
        if not (version.isascii() and version.isdigit() and row_id.isascii() and row_id.isdigit()):
            return False
        v = int(version)
        if v > self.version:
            return False
        return int(row_id) == (self.row_ids[v - 1] if v else 0)

    def can_undo(self, role: Role) -> bool:
        """Whether ``role`` (a person's seat) may take back the last action now."""
        return self.undo.can_undo(role)

    def why_not_undo(self, role: Role) -> str:
        """Words for why ``role`` may not undo now ("" if it may)."""
        return self.undo.why_not(role, self.record.actions)

    def advance(self, role: Role, action: Action, after: Any, by_person: bool) -> None:
        """Record ``action`` (already stored) and swap in the state ``after`` it."""
        self.undo.taken(self.game, role, self.state, after, by_person=by_person)
        self.state = after
        self.record.actions.append((role, action))


@dataclass(frozen=True)
class BotTurn:
    """A bot seat to act now (:meth:`Store.bot_turn`): the game at that moment (its title, and its
    record: setup and actions, from which the bot's process rebuilds the state), the role, its bot's
    name (with settings) and seed, and the stored actions it saw (count, highest row id), by which
    :meth:`Store.bot_act` tells a stale answer. ``row_ids`` holds the row id of each action: the id
    of an action names every action before it too (ids are never used again, and an undo deletes
    only the last), so the bot's process is sent only the actions after those it has (bots.py)."""

    game_id: int
    stored: tuple[int, int | None] | None
    role: Role
    bot: str
    seed: int
    game: Game[Any]
    record: Record
    row_ids: list[int]


# -- statements --------------------------------------------------------------------------------
# The action path's SQL, built once as SQLAlchemy Core statements (compiled once, then taken from
# SQLAlchemy's cache; PostgreSQL's driver prepares them on the server after a few uses): no ORM
# unit of work in the hot path.
ACTIONS = cast(Table, ActionRow.__table__)
GAMES = cast(Table, GameRow.__table__)
SEATS = cast(Table, SeatRow.__table__)

TOUCH = update(GAMES).where(GAMES.c.id == bindparam("gid")).values(updated=bindparam("at"))
"""First thing in a writing transaction: PostgreSQL then holds the game row's lock, SQLite its write
lock, until the commit, so the checks that follow see every change committed before and none can
come between."""
TOUCH_OVER = TOUCH.values(status=OVER)
""":data:`TOUCH` for the action that ends the game."""

INSERT_ACTION = (
    insert(ACTIONS)
    .from_select(
        ["game_id", "n", "role", "action", "user_id", "created"],
        select(
            bindparam("gid", type_=ACTIONS.c.game_id.type),
            bindparam("n", type_=ACTIONS.c.n.type),
            bindparam("role", type_=ACTIONS.c.role.type),
            bindparam("action", type_=ACTIONS.c.action.type),
            bindparam("user_id", type_=ACTIONS.c.user_id.type),
            bindparam("at", type_=ACTIONS.c.created.type),
        ).where(
            select(func.coalesce(func.max(ACTIONS.c.id), 0))
            .where(ACTIONS.c.game_id == bindparam("gid"))
            .scalar_subquery()
            == bindparam("last", type_=ACTIONS.c.id.type)
        ),
    )
    .returning(ACTIONS.c.id)
)
"""Action ``n`` of the game, stored only if the game's highest action row id is still ``last`` (0:
none), the one the cache was built from; otherwise nothing (no row id returned). Row ids are never
used again and an undo deletes only the last action, so while the row ``last`` exists and is the
highest, the stored actions are exactly the cache's. The unique ``(game_id, n)`` refuses a second
writer of the same number besides."""

SINCE = (
    select(ACTIONS.c.id, ACTIONS.c.n, ACTIONS.c.role, ACTIONS.c.action, ACTIONS.c.user_id)
    .where(ACTIONS.c.game_id == bindparam("gid"), ACTIONS.c.n >= bindparam("n"))
    .order_by(ACTIONS.c.n)
)
"""A game's stored actions from number ``n`` on (by the unique ``(game_id, n)`` index)."""

GAME = select(GAMES.c.title, GAMES.c.seed, GAMES.c.scenario, GAMES.c.options, GAMES.c.generator).where(
    GAMES.c.id == bindparam("gid")
)
STATUS = select(GAMES.c.status).where(GAMES.c.id == bindparam("gid"))
LAST_ACTION = (
    select(ACTIONS.c.id, ACTIONS.c.n, ACTIONS.c.role, ACTIONS.c.user_id)
    .where(ACTIONS.c.game_id == bindparam("gid"))
    .order_by(ACTIONS.c.n.desc())
    .limit(1)
)
DELETE_ACTION = delete(ACTIONS).where(ACTIONS.c.id == bindparam("id"))
BOT_SEATS = (
    select(GAMES.c.status, SEATS.c.role, SEATS.c.bot)
    .select_from(GAMES)
    .outerjoin(SEATS, and_(SEATS.c.game_id == GAMES.c.id, SEATS.c.kind == BOT))
    .where(GAMES.c.id == bindparam("gid"))
)
"""A game's status with each of its bot seats (one row with no seat if it has none)."""

MOVED_ON = "the game moved on while this action was checked; try again"


DEFAULT_LIVE_GAMES = 256
"""How many games a server keeps in memory (``outremer serve --live-games``)."""


class Store:
    """The games in memory, at most ``capacity`` of them: the one used longest ago is let go when
    another comes in (it is rebuilt from the database, by replay, when next used), unless a request
    or a bot is using it at that moment. A game let go while someone still holds it keeps its lock:
    the copy rebuilt meanwhile shares it, so a game's actions stay in one line."""

    def __init__(self, db: Database, capacity: int = DEFAULT_LIVE_GAMES) -> None:
        if capacity < 1:
            raise ValueError(f"a store keeps at least one game in memory, not {capacity}")
        self.db = db
        self.capacity = capacity
        self._live: OrderedDict[int, LiveGame] = OrderedDict()  # the one used longest ago first
        self._locks: WeakValueDictionary[int, threading.RLock] = WeakValueDictionary()
        self._lock = threading.Lock()

    # -- loading -------------------------------------------------------------------------------
    def live(self, game_id: int) -> LiveGame:
        """The cached game, loading (replaying) it from the database on first use; 404 if none."""
        with self._lock:
            cached = self._live.get(game_id)
            if cached is not None:
                self._live.move_to_end(game_id)
                return cached
        return self._keep(self._load(game_id), replace=False)

    def cached(self) -> tuple[int, ...]:
        """The games in memory now, the one used longest ago first."""
        with self._lock:
            return tuple(self._live)

    def current(self, game_id: int) -> LiveGame:
        """The cached game, first rebuilt if another process changed its stored actions."""
        live = self.live(game_id)
        with live.lock:
            return self._refresh(live)

    def forget(self, game_id: int) -> None:
        with self._lock:
            self._live.pop(game_id, None)

    def put(self, live: LiveGame) -> None:
        """Keep ``live`` as the game's copy in memory (a new game, or one rebuilt)."""
        self._keep(live, replace=True)

    def _keep(self, live: LiveGame, *, replace: bool) -> LiveGame:
        """Keep ``live`` as the most recently used game and let the oldest go beyond the capacity.
        With ``replace`` false a copy another thread loaded first wins. Returns the copy kept."""
        with self._lock:
            kept = self._live.get(live.id)
            if kept is not None and not replace:
                self._live.move_to_end(live.id)
                return kept
            lock = self._locks.get(live.id)
            if lock is None:
                self._locks[live.id] = live.lock
            else:
                live.lock = lock
            self._live[live.id] = live
            self._live.move_to_end(live.id)
            for old_id in list(self._live)[: max(0, len(self._live) - self.capacity)]:
                old = self._live[old_id]
                if old.lock.acquire(blocking=False):  # nobody is acting on it now
                    try:
                        del self._live[old_id]
                    finally:
                        old.lock.release()
            return live

    def _load(self, game_id: int) -> LiveGame:
        """The game rebuilt from the database: its setup, then every stored action replayed."""
        with self.db.engine.connect() as conn:
            row = conn.execute(GAME, {"gid": game_id}).one_or_none()
            if row is None:
                raise HTTPException(404, f"no game {game_id}")
            actions = conn.execute(SINCE, {"gid": game_id, "n": 1}).all()
        record = Record(row.title, row.seed, row.scenario, dict(row.options), [], row.generator)
        try:
            game = get_game(record.game)
            live = LiveGame(game_id, game, record, new_state(game, record))
            self._replay(live, actions)
        except OutremerError as exc:  # a title removed or changed since: say so, do not crash
            raise HTTPException(500, f"game {game_id} cannot be rebuilt: {exc}") from exc
        return live

    @staticmethod
    def _replay(live: LiveGame, rows: Any) -> None:
        """Apply stored action rows (``SINCE``'s, the next numbers in order) to ``live``, each
        checked again."""
        for row in rows:
            role, action = row.role, tuple(json.loads(row.action))
            after = live.game.copy(live.state)
            try:
                live.game.apply_in_place(after, role, action)
            except IllegalAction as exc:
                raise BadSave(f"action {row.n} ({role} {list(action)!r}) is illegal: {exc}") from exc
            live.advance(role, action, after, row.user_id is not None)
            live.row_ids.append(row.id)

    def _kept(self, live: LiveGame) -> LiveGame:
        """The game's copy in memory (call under ``live``'s lock). It may no longer be ``live``:
        another thread that held an older copy may have rebuilt and kept one while this one waited
        for the lock; acting on ``live`` would then advance a copy nobody reads again."""
        with self._lock:
            kept = self._live.get(live.id)
        if kept is not None and kept.lock is live.lock:  # the same game's line, which we hold
            return kept
        return live

    def _refresh(self, live: LiveGame) -> LiveGame:
        """The game's copy in memory, brought up to the stored actions (call under ``live``'s lock):
        one query reads the stored actions from the cache's last on. Unchanged: the same copy. Only
        new actions after it (stored by another process): they are applied to the copy. The cache's
        last action gone or replaced (taken back elsewhere): the game is rebuilt by replay."""
        live = self._kept(live)
        if live.stored is None:
            return self._rebuild(live)
        with self.db.engine.connect() as conn:
            rows = conn.execute(SINCE, {"gid": live.id, "n": max(live.version, 1)}).all()
        if live.version:
            if not rows or rows[0].n != live.version or rows[0].id != live.row_ids[-1]:
                return self._rebuild(live)
            rows = rows[1:]
        if [row.n for row in rows] != list(range(live.version + 1, live.version + 1 + len(rows))):
            return self._rebuild(live)
        if rows:
            try:
                self._replay(live, rows)
            except OutremerError as exc:
                raise HTTPException(500, f"game {live.id} cannot be rebuilt: {exc}") from exc
        return live

    def _rebuild(self, live: LiveGame) -> LiveGame:
        """A fresh copy of ``live``'s game from the database, kept, with its lock."""
        fresh = self._load(live.id)
        fresh.lock = live.lock
        self.put(fresh)
        return fresh

    # -- acting --------------------------------------------------------------------------------
    def act(
        self,
        game_id: int,
        role: Role,
        action: Any,
        *,
        user_id: int | None = None,
        expected_version: int | None = None,
    ) -> tuple[LiveGame, Action]:
        """Check ``action`` for ``role`` against the legal actions of this moment, store it, apply it.

        Seat ownership is the caller's business. Refusals raise HTTPException (422 malformed, 409
        illegal now or a stale ``expected_version``) and change nothing.

        The copy in memory is trusted first (no query before the write: the write itself checks that
        the stored actions are still the cache's). A 409 (refused, or another process stored first)
        makes the store look at the database once: if the game had moved on elsewhere, the action is
        judged again on the game brought up to date; if not, the refusal stands.
        """
        try:
            normalize_action(action)
        except IllegalAction as exc:
            raise HTTPException(422, str(exc)) from exc
        live = self.live(game_id)
        with live.lock:
            live = self._kept(live)
            if live.stored is None:
                live = self._refresh(live)
            try:
                return live, self._commit(live, role, action, user_id, expected_version)
            except HTTPException as exc:
                if exc.status_code != 409:
                    raise
                before, seen = live, live.stored
                live = self._refresh(live)
                if live is before and live.stored == seen:
                    raise  # the cache was the stored game: the refusal stands
            return live, self._commit(live, role, action, user_id, expected_version)

    def _commit(
        self,
        live: LiveGame,
        role: Role,
        action: Any,
        user_id: int | None,
        expected_version: int | None = None,
    ) -> Action:
        """Apply on a copy; store the action (one transaction: the game's row touched, the action
        inserted if the stored actions are still the cache's; committed, synced); then swap the copy
        in. :class:`Conflict` if another process stored or took back an action first."""
        if expected_version is not None and expected_version != live.version:
            raise HTTPException(
                409, f"the game has moved on: it is at action {live.version}, not {expected_version}"
            )
        state = live.game.copy(live.state)
        try:
            canon = live.game.apply_in_place(state, role, action)
        except IllegalAction as exc:
            raise HTTPException(409, str(exc)) from exc
        n = live.version + 1
        over = live.game.outcome(state) is not None
        at = now()
        values = {
            "gid": live.id,
            "n": n,
            "role": role,
            "action": json.dumps(list(canon)),
            "user_id": user_id,
            "at": at,
            "last": live.row_ids[-1] if live.row_ids else 0,
        }
        try:
            with self.db.engine.begin() as conn:
                conn.execute(TOUCH_OVER if over else TOUCH, {"gid": live.id, "at": at})
                row_id = conn.execute(INSERT_ACTION, values).scalar()
                if row_id is None:  # another process acted or undid first: nothing stored
                    raise Conflict(MOVED_ON)
        except IntegrityError as exc:  # another process stored action n first
            raise Conflict(MOVED_ON) from exc
        live.row_ids.append(row_id)
        live.advance(role, canon, state, user_id is not None)
        return canon

    # -- taking back ---------------------------------------------------------------------------
    def undo(self, game_id: int, role: Role, *, expected_version: int) -> LiveGame:
        """Take back the last action if ``role`` may (the undo rule; never a bot's action): delete
        its row (committed) and only then restore the state before it. Seat ownership is the
        caller's business. Refusals raise HTTPException 409 and change nothing."""
        live = self.live(game_id)
        with live.lock:
            live = self._refresh(live)
            if expected_version != live.version:
                raise HTTPException(
                    409, f"the game has moved on: it is at action {live.version}, not {expected_version}"
                )
            if not live.can_undo(role):
                raise HTTPException(409, f"{role} cannot undo: {live.why_not_undo(role)}")
            with self.db.engine.begin() as conn:
                conn.execute(TOUCH, {"gid": live.id, "at": now()})
                status = conn.execute(STATUS, {"gid": live.id}).scalar()
                last = conn.execute(LAST_ACTION, {"gid": live.id}).one_or_none()
                if (
                    last is None
                    or last.id != live.row_ids[-1]  # another process acted or undid since
                    or last.n != live.version
                    or last.role != role
                    or status != ACTIVE
                ):
                    raise Conflict("the game moved on while the undo was checked; try again")
                if last.user_id is None:  # defensive: a bot's action is never a person's to undo
                    raise HTTPException(409, f"{role} cannot undo: the last action was not a person's")
                conn.execute(DELETE_ACTION, {"id": last.id})
            step = live.undo.pop()
            live.state = step.before
            live.record.actions.pop()
            live.row_ids.pop()
            return live

    # -- bots ----------------------------------------------------------------------------------
    def bot_turn(self, game_id: int, *, refresh: bool = True) -> BotTurn | None:
        """The bot seat that must act now in ``game_id`` and what its bot process needs to choose
        (:class:`BotTurn`), or None (no bot to act, or the game is over). Holds the game's lock only
        to read: the bot thinks elsewhere (bots.py), and :meth:`bot_act` stores its answer.

        ``refresh`` false trusts the copy in memory, as :meth:`act` does (no query): for a caller
        that has just changed the game through this store, whose write :meth:`bot_act` checks, and
        who is kicked again by any later change (one made through another process kicks that
        process's bots). The bot seats are read from the database until the game is under way."""
        live = self.live(game_id)
        with live.lock:
            live = self._kept(live)
            if refresh or live.stored is None:
                live = self._refresh(live)
            seats = live.bot_seats if live.bot_seats is not None else self._bot_seats(live)
            for role in live.game.active_roles(live.state):
                name = seats.get(role)
                if name is not None:
                    record = replace(
                        live.record, options=dict(live.record.options), actions=list(live.record.actions)
                    )
                    seed = bot_seed(record.seed, role)
                    return BotTurn(
                        game_id, live.stored, role, name, seed, live.game, record, list(live.row_ids)
                    )
            return None

    def bot_act(self, turn: BotTurn, action: Action) -> bool:
        """Store ``action``, chosen by the bot of ``turn``, if the game is still where the bot saw it
        (the same stored actions, its role to act): True if stored. Otherwise nothing is stored and
        the answer is stale (another process's bot or a person moved first, or took an action
        back): False, and the caller asks again. One action per version, as for a person's.

        No query before the write, as for a person's action (:meth:`act`): the copy in memory tells
        a change made through this process, and the write itself one made through another. A bot
        seat stays a bot's from the game's making, and a game under way ends only by an action."""
        live = self.live(turn.game_id)
        with live.lock:
            live = self._kept(live)
            if live.stored != turn.stored or turn.role not in live.game.active_roles(live.state):
                return False
            try:
                self._commit(live, turn.role, action, None)
            except Conflict:
                return False
            return True

    def _bot_seats(self, live: LiveGame) -> dict[Role, str]:
        """The bot seats of ``live``'s game (role -> bot name), kept on it once the game is under
        way; none if it is not."""
        with self.db.engine.connect() as conn:
            rows = conn.execute(BOT_SEATS, {"gid": live.id}).all()
        if not rows or rows[0].status != ACTIVE:
            return {}
        live.bot_seats = {row.role: row.bot for row in rows if row.role is not None and row.bot is not None}
        return live.bot_seats


def record_from_save(data: Any) -> tuple[Game[Any], Record, Any]:
    """A save file's title, record and final state (replayed, every action checked); 422 if bad,
    a seed outside ``range(SEED_RANGE)`` included."""
    try:
        record = Record.from_json(data)
        if not 0 <= record.seed < SEED_RANGE:
            raise BadSave(f"its seed must be a whole number from 0 to 2**128 - 1, not {record.seed}")
        game = get_game(record.game)
        state = replay(game, record)
    except (BadSave, OutremerError) as exc:
        raise HTTPException(422, f"cannot import this save: {exc}") from exc
    return game, record, state
