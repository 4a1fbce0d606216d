"""Live updates: a WebSocket per game and viewer, pushing ``changed`` notices with that viewer's page.

``GET /api/games/{id}/ws[?role=ROLE]`` (a WebSocket; the session cookie signs the user in, or not,
for an observer). On connecting, and after every change to the game, the server sends::

    {"type": "changed", "game": {... the same object as GET /api/games/{id} for this viewer ...}}

A connection is bound to one seat (or to the observer) for its whole life, so it never carries
another seat's view. Notices from worker threads reach the connection's event loop through a queue.
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
from dataclasses import dataclass, field
from typing import Any

from fastapi import APIRouter, HTTPException, WebSocket, WebSocketDisconnect
from starlette.concurrency import run_in_threadpool

from .auth import COOKIE, user_for_token
from .context import Context
from .views import choose_role, game_payload

router = APIRouter()


@dataclass(eq=False)
class Subscriber:
    loop: asyncio.AbstractEventLoop
    queue: asyncio.Queue[int] = field(default_factory=asyncio.Queue)


class Hub:
    """Who watches which game; ``notify`` may be called from any thread."""

    def __init__(self) -> None:
        self._subs: dict[int, set[Subscriber]] = {}
        self._lock = threading.Lock()

    def subscribe(self, game_id: int) -> Subscriber:
        sub = Subscriber(asyncio.get_running_loop())
        with self._lock:
            self._subs.setdefault(game_id, set()).add(sub)
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
            with contextlib.suppress(RuntimeError):  # its loop has closed
                sub.loop.call_soon_threadsafe(sub.queue.put_nowait, game_id)

    def watchers(self, game_id: int) -> int:
        with self._lock:
            return len(self._subs.get(game_id, ()))


def _resolve(
    ctx: Context, game_id: int, token: str | None, role: str | None
) -> tuple[int | None, str | None]:
    with ctx.db.session() as s:
        user = user_for_token(s, token)
        user_id = user.id if user is not None else None
        chosen = choose_role(s, ctx.store.live(game_id), user_id, role)
    return user_id, chosen


def _payload(ctx: Context, game_id: int, user_id: int | None, role: str | None) -> dict[str, Any]:
    with ctx.db.session() as s:
        return game_payload(s, ctx.store.current(game_id), user_id, role, fixed_role=True)


@router.websocket("/api/games/{game_id}/ws")
async def game_socket(websocket: WebSocket, game_id: int, role: str | None = None) -> None:
    ctx: Context = websocket.app.state.ctx
    try:
        user_id, chosen = await run_in_threadpool(_resolve, ctx, game_id, websocket.cookies.get(COOKIE), role)
    except HTTPException as exc:
        await websocket.close(code=4000 + exc.status_code, reason=str(exc.detail)[:120])
        return
    await websocket.accept()
    sub = ctx.hub.subscribe(game_id)
    try:
        receiver = asyncio.create_task(_drain(websocket))
        try:
            while True:
                message = await run_in_threadpool(_payload, ctx, game_id, user_id, chosen)
                await websocket.send_json({"type": "changed", "game": message})
                getter = asyncio.create_task(sub.queue.get())
                done, _ = await asyncio.wait({getter, receiver}, return_when=asyncio.FIRST_COMPLETED)
                if receiver in done:
                    getter.cancel()
                    return
                while not sub.queue.empty():  # several changes at once: one notice with the latest
                    sub.queue.get_nowait()
        finally:
            receiver.cancel()
    except WebSocketDisconnect:
        return
    finally:
        ctx.hub.unsubscribe(game_id, sub)


async def _drain(websocket: WebSocket) -> None:
    """Read (and ignore) what the client sends, until it disconnects."""
    with contextlib.suppress(WebSocketDisconnect):
        while True:
            await websocket.receive_text()
