"""Live updates: a WebSocket per game and viewer, pushing ``changed`` notices with that viewer's page.

``GET /api/games/{id}/ws[?role=ROLE][&invite=TOKEN]`` (a WebSocket; the session cookie signs the
user in, or not, for an observer; ``invite``: see ``access.py``). On connecting, and after every
change to the game, the server sends::

    {"type": "changed", "game": {... the same object as GET /api/games/{id} for this viewer ...}}

A connection is bound to one seat (or to the observer) for its whole life, so it never carries
another seat's view. Notices from worker threads reach the connection's event loop through a queue.

Changes made through this process wake its connections at once (:meth:`.hub.Hub.notify`); changes made by
another process on the same database wake them at the next poll of the :class:`~.watch.Watcher`,
which compares each connection's :attr:`.hub.Subscriber.seen` with the database (see ``watch.py``).
"""

from __future__ import annotations

import asyncio
import contextlib
from typing import Annotated

from fastapi import APIRouter, HTTPException, Path, Query, WebSocket, WebSocketDisconnect
from starlette.concurrency import run_in_threadpool
from starlette.websockets import WebSocketState

from .access import can_see, no_game, visible
from .auth import COOKIE
from .context import Context
from .db import MAX_ID
from .hub import Subscriber
from .views import Page, choose_role, game_payload

router = APIRouter()

DESCRIPTION = """**Live updates.** A WebSocket at `/api/games/{id}/ws?role=R&invite=T` (OpenAPI lists
no WebSocket, so it is not among the paths below) sends `{"type": "changed", "game": ...}`, the same
object as `GET /api/games/{id}` for the connection's seat (or the observer's), on connecting and
after every change. A refused connection is accepted and closed at once with code 4000 + the status
`GET /api/games/{id}` would answer, the error as the reason: 4403 a seat the user does not hold,
4404 no such game (also a private game the user may not see, in the same words), 4422 no such
role."""


def _resolve(
    ctx: Context, game_id: int, token: str | None, role: str | None, invite: str | None
) -> tuple[int | None, str | None]:
    """The user and the seat (None: the observer) a connection is for; refusals as for
    ``GET /api/games/{id}`` (404 alike for no game and a private game the user may not see)."""
    user = ctx.sessions.user(ctx.db, token)
    user_id = user.id if user is not None else None
    row = visible(ctx.facts, game_id, user_id, invite)
    live = ctx.store.live(game_id)
    return user_id, choose_role(row.seats, live, user_id, role)


def _payload(
    ctx: Context,
    sub: Subscriber,
    user_id: int | None,
    role: str | None,
    log_from: int,
    log_key: str | None,
    invite: str | None,
) -> Page:
    """The connection's next page; 404 if it was let in by an invitation that has since been spent
    (the seat taken) and the game is private to the user (see ``access.py``)."""
    game_id = sub.game_id
    seen = None
    if ctx.watcher is not None:  # read before the page: a change landing in between is seen later
        seen = sub.seen = ctx.watcher.fingerprint(game_id)
    live = ctx.store.current(game_id)
    # Under the game's lock, like every other reader: the row and the cached state are then read
    # at the same point (an action being stored holds the lock until both have changed).
    with live.lock:
        row = None
        if seen is not None and (seen[0], seen[1]) == live.stored:
            # The fingerprint was read at the stored actions the state is at: its status and
            # ``updated`` are the game's at that point (watch.fingerprint's order).
            row = ctx.facts.settled(game_id, seen[2], seen[3])
        if row is None:
            row = ctx.facts.now(game_id)
        if row is None or (invite is not None and not can_see(row, user_id, invite)):
            raise no_game(game_id)
        return game_payload(row, live, user_id, role, log_from=log_from, log_key=log_key)


async def _refuse(websocket: WebSocket, exc: HTTPException) -> None:
    """Close with 4000 + the HTTP status and the error as the reason (at most 123 bytes)."""
    if websocket.client_state == WebSocketState.CONNECTING:
        await websocket.accept()
    reason = str(exc.detail).encode()[:123].decode(errors="ignore")
    await websocket.close(code=4000 + exc.status_code, reason=reason)


@router.websocket("/api/games/{game_id}/ws")
async def game_socket(
    websocket: WebSocket,
    game_id: Annotated[int, Path(ge=1, le=MAX_ID)],
    role: str | None = None,
    log_from: Annotated[int, Query(ge=0)] = 0,
    log_key: Annotated[str | None, Query(max_length=100)] = None,
    invite: Annotated[str | None, Query(max_length=100)] = None,
) -> None:
    """Pushes the game after every change; the log only grows by what this connection has not sent
    yet (``log_from``/``log_key``: what the client held when it connected, see views.game_payload).
    A refusal is sent as a close code, 4000 + the HTTP status ``GET /api/games/{id}`` would answer
    (4403 a seat the user does not hold, 4404 no game or a private one, 4422 no such role), with
    its error as the reason: the handshake is accepted first, since a browser learns nothing of
    an HTTP refusal of it (it sees 1006, which a page takes for a lost connection)."""
    ctx: Context = websocket.app.state.ctx
    cookie = websocket.cookies.get(COOKIE)
    try:
        user_id, chosen = await run_in_threadpool(_resolve, ctx, game_id, cookie, role, invite)
    except HTTPException as exc:
        await _refuse(websocket, exc)
        return
    await websocket.accept()
    sub = ctx.hub.subscribe(game_id)
    try:
        receiver = asyncio.create_task(_drain(websocket))
        try:
            while True:
                try:
                    message = await run_in_threadpool(
                        _payload, ctx, sub, user_id, chosen, log_from, log_key, invite
                    )
                except HTTPException as exc:
                    await _refuse(websocket, exc)
                    return
                await websocket.send_text(f'{{"type":"changed","game":{message.text}}}')
                log_from, log_key = message.log_from + message.log_count, message.log_key
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
