"""Games in play: their states cached in memory, rebuilt from the database by replay, and the one
path by which an action is checked, stored durably, and only then applied to the cache.

Every game has a lock; all changes to a game (a person's action, a bot's action, a seat taken) go
through it, so the actions of a game are numbered 1, 2, 3... without gaps or races. Several server
processes on one PostgreSQL database stay consistent too: before each action the stored count of
actions is compared with the cache (and the cache rebuilt if another process moved on), and the
unique ``(game_id, n)`` constraint refuses a second action with the same number.
"""

from __future__ import annotations

import json
import threading
from dataclasses import dataclass, field
from typing import Any

from fastapi import HTTPException
from sqlalchemy import func, select
from sqlalchemy.exc import IntegrityError

from ..engine.errors import BadSave, IllegalAction, OutremerError
from ..engine.game import Action, Game, Role, normalize_action
from ..engine.record import Record, replay
from ..engine.registry import get_game
from .db import ACTIVE, OVER, ActionRow, Database, GameRow, SeatRow, now


@dataclass
class LiveGame:
    """One game's current state and record (setup plus actions), guarded by ``lock``."""

    id: int
    game: Game[Any]
    record: Record
    state: Any
    lock: threading.RLock = field(default_factory=threading.RLock)
    bots: dict[Role, Any] = field(default_factory=dict)
    bot_error: str | None = None

    @property
    def version(self) -> int:
        """How many actions have been taken."""
        return len(self.record.actions)


class Store:
    def __init__(self, db: Database) -> None:
        self.db = db
        self._live: dict[int, LiveGame] = {}
        self._lock = threading.Lock()

    # -- loading -------------------------------------------------------------------------------
    def live(self, game_id: int) -> LiveGame:
        """The cached game, loading (replaying) it from the database on first use; 404 if none."""
        with self._lock:
            cached = self._live.get(game_id)
        if cached is not None:
            return cached
        loaded = self._load(game_id)
        with self._lock:
            return self._live.setdefault(game_id, loaded)

    def forget(self, game_id: int) -> None:
        with self._lock:
            self._live.pop(game_id, None)

    def put(self, live: LiveGame) -> None:
        with self._lock:
            self._live[live.id] = live

    def _load(self, game_id: int) -> LiveGame:
        with self.db.session() as s:
            row = s.get(GameRow, game_id)
            if row is None:
                raise HTTPException(404, f"no game {game_id}")
            actions = s.execute(
                select(ActionRow).where(ActionRow.game_id == game_id).order_by(ActionRow.n)
            ).scalars()
            record = Record(
                row.title,
                row.seed,
                row.scenario,
                dict(row.options),
                [(a.role, a.action_tuple()) for a in actions],
            )
        try:
            game = get_game(record.game)
            state = replay(game, record)
        except OutremerError as exc:  # a title removed or changed since: say so, do not crash
            raise HTTPException(500, f"game {game_id} cannot be rebuilt: {exc}") from exc
        return LiveGame(game_id, game, record, state)

    def _refresh(self, live: LiveGame) -> LiveGame:
        """``live``, or a fresh copy if another process stored actions since (call under its lock)."""
        with self.db.session() as s:
            count = s.execute(select(func.count()).where(ActionRow.game_id == live.id)).scalar_one()
        if count == live.version:
            return live
        fresh = self._load(live.id)
        fresh.lock = live.lock
        fresh.bots = live.bots
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
        """
        try:
            normalize_action(action)
        except IllegalAction as exc:
            raise HTTPException(422, str(exc)) from exc
        live = self.live(game_id)
        with live.lock:
            live = self._refresh(live)
            if expected_version is not None and expected_version != live.version:
                raise HTTPException(
                    409, f"the game has moved on: it is at action {live.version}, not {expected_version}"
                )
            return live, self._commit(live, role, action, user_id)

    def _commit(self, live: LiveGame, role: Role, action: Any, user_id: int | None) -> Action:
        """Apply on a copy; store the action (committed, synced); then swap the copy in."""
        state = live.game.copy(live.state)
        try:
            canon = live.game.apply_in_place(state, role, action)
        except IllegalAction as exc:
            raise HTTPException(409, str(exc)) from exc
        n = live.version + 1
        over = live.game.outcome(state) is not None
        try:
            with self.db.session() as s:
                s.add(
                    ActionRow(
                        game_id=live.id, n=n, role=role, action=json.dumps(list(canon)), user_id=user_id
                    )
                )
                row = s.get(GameRow, live.id)
                if row is not None:
                    row.updated = now()
                    if over:
                        row.status = OVER
        except IntegrityError as exc:  # another process stored action n first
            self.forget(live.id)
            raise HTTPException(409, "the game moved on while this action was checked; try again") from exc
        live.state = state
        live.record.actions.append((role, canon))
        return canon

    # -- bots ----------------------------------------------------------------------------------
    def bot_step(self, game_id: int, make_bot: Any) -> bool:
        """If a bot seat must act now, let it choose and store one action; True if one was taken."""
        live = self.live(game_id)
        with live.lock:
            live = self._refresh(live)
            with self.db.session() as s:
                row = s.get(GameRow, game_id)
                if row is None or row.status != ACTIVE:
                    return False
                seats = {
                    seat.role: seat.bot
                    for seat in s.execute(select(SeatRow).where(SeatRow.game_id == game_id)).scalars()
                    if seat.kind == "bot"
                }
            for role in live.game.active_roles(live.state):
                name = seats.get(role)
                if name is None:
                    continue
                bot = live.bots.get(role)
                if bot is None:
                    seed = (live.record.seed * 31 + live.game.roles.index(role)) & 0x7FFFFFFF
                    bot = live.bots[role] = make_bot(name, live.game, seed)
                action = bot.choose(live.game, live.state, role)
                self._commit(live, role, action, None)
                return True
            return False


def record_from_save(data: Any) -> tuple[Game[Any], Record, Any]:
    """A save file's title, record and final state (replayed, every action checked); 422 if bad."""
    try:
        record = Record.from_json(data)
        game = get_game(record.game)
        state = replay(game, record)
    except (BadSave, OutremerError) as exc:
        raise HTTPException(422, f"cannot import this save: {exc}") from exc
    return game, record, state
