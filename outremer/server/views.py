"""What the server sends about a game, built for one viewer: a seat's view or the observer's.

Everything about the state that leaves the server goes through :func:`game_payload`, which asks the
title for ``view(state, role)`` and ``log(state, role)`` of the one role the viewer holds (or of the
observer) and adds only public facts: seats, whose turn, the number of actions, the outcome.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from fastapi import HTTPException
from sqlalchemy import select
from sqlalchemy.orm import Session

from ..engine.errors import OutremerError
from ..engine.game import Role
from ..engine.registry import get_game
from .db import ACTIVE, BOT, GameRow, SeatRow, User
from .store import LiveGame, Store


def seats_of(s: Session, game_id: int) -> list[SeatRow]:
    return list(s.execute(select(SeatRow).where(SeatRow.game_id == game_id).order_by(SeatRow.id)).scalars())


def held_roles(seats: list[SeatRow], user_id: int | None) -> list[Role]:
    """The roles ``user_id`` plays (as an invited person or at the hotseat)."""
    if user_id is None:
        return []
    return [seat.role for seat in seats if seat.kind != BOT and seat.user_id == user_id]


def choose_role(s: Session, live: LiveGame, user_id: int | None, requested: str | None) -> Role | None:
    """Whose view this viewer gets: ``requested`` if they hold it (403 if not), else a held seat
    that must act now, else their first seat, else the observer (None)."""
    held = held_roles(seats_of(s, live.id), user_id)
    if requested is not None:
        if requested not in live.roles:
            raise HTTPException(422, f"{requested!r} is not a role of this game: {', '.join(live.roles)}")
        if requested not in held:
            raise HTTPException(403, f"you do not hold the seat {requested!r} in game {live.id}")
        return requested
    if not held:
        return None
    active = live.game.active_roles(live.state)
    return next((r for r in held if r in active), held[0])


def seat_json(seat: SeatRow, names: dict[int, str], creator_viewing: bool) -> dict[str, Any]:
    out: dict[str, Any] = {
        "role": seat.role,
        "kind": seat.kind,
        "player": names.get(seat.user_id) if seat.user_id is not None else None,
        "bot": seat.bot,
        "open": seat.is_open,
    }
    if creator_viewing and out["open"]:
        out["invite"] = seat.invite_token
    return out


def user_names(s: Session, seats: list[SeatRow], extra: Sequence[int | None] = ()) -> dict[int, str]:
    ids = {seat.user_id for seat in seats if seat.user_id is not None} | {i for i in extra if i is not None}
    if not ids:
        return {}
    return {u.id: u.name for u in s.execute(select(User).where(User.id.in_(ids))).scalars()}


def title_name(slug: str) -> str:
    """The title's name as its box says it ("Crusader Rex"); the slug if it is no longer installed."""
    try:
        return get_game(slug).title
    except OutremerError:
        return slug


def scenario_name(slug: str, scenario: str) -> str:
    """The scenario as the title names it (Game.scenario_name); its id if the title is no longer
    installed or no longer has it."""
    try:
        game = get_game(slug)
    except OutremerError:
        return scenario
    return game.scenario_name(scenario) if scenario in game.scenarios else scenario


def role_names(slug: str, roles: Sequence[Role]) -> dict[Role, str]:
    """Each role as the title names it (Game.role_name); its id if the title is no longer installed."""
    try:
        game = get_game(slug)
    except OutremerError:
        return {role: role for role in roles}
    return {role: game.role_name(role) for role in roles}


def active_now(store: Store, row: GameRow) -> list[Role]:
    """The roles that must act now in a game under way (none in a game not under way, or one that
    cannot be rebuilt: the listing then says nothing of its turn rather than failing)."""
    if row.status != ACTIVE:
        return []
    try:
        live = store.current(row.id)
    except HTTPException:
        return []
    with live.lock:
        return list(live.game.active_roles(live.state))


def summary(
    row: GameRow, seats: list[SeatRow], names: dict[int, str], viewer: int | None, active: Sequence[Role]
) -> dict[str, Any]:
    """A game as listed in the lobby: public facts only. ``active``: the roles that must act now
    (public: every view of the game shows whose turn it is); they count while the game is under way.
    ``to_act`` names each with its holder, ``your_turn`` says whether one is the viewer's."""
    by_role = {seat.role: seat for seat in seats}
    acting = [by_role[role] for role in active if role in by_role] if row.status == ACTIVE else []
    held = held_roles(seats, viewer)
    return {
        "id": row.id,
        "title": row.title,
        "title_name": title_name(row.title),
        "scenario": row.scenario,
        "scenario_name": scenario_name(row.title, row.scenario),
        "options": dict(row.options),
        "status": row.status,
        "public": row.public,
        "created_by": names.get(row.created_by) if row.created_by is not None else None,
        "created": row.created.isoformat(),
        "updated": row.updated.isoformat(),
        "seats": [seat_json(seat, names, viewer is not None and viewer == row.created_by) for seat in seats],
        "role_names": role_names(row.title, [seat.role for seat in seats]),
        "your_roles": held,
        "to_act": [
            {
                "role": seat.role,
                "player": names.get(seat.user_id) if seat.user_id is not None else None,
                "bot": seat.bot,
            }
            for seat in acting
        ],
        "your_turn": any(seat.role in held for seat in acting),
    }


def game_payload(
    s: Session,
    live: LiveGame,
    user_id: int | None,
    role: Role | None,
    *,
    fixed_role: bool = False,
    log_from: int = 0,
    log_key: str | None = None,
) -> dict[str, Any]:
    """The game as ``role`` sees it (None: the observer), for ``user_id``, who must hold ``role``.

    The log is sent from entry ``log_from`` on when the viewer read that many entries of this role's
    log at the point ``log_key`` (a payload's ``log_key``) and the game has only moved forward
    since; otherwise whole. ``log_from`` in the answer says where its ``log`` starts."""
    row = s.get(GameRow, live.id)
    if row is None:
        raise HTTPException(404, f"no game {live.id}")
    seats = seats_of(s, live.id)
    names = user_names(s, seats, [row.created_by])
    game, state = live.game, live.state
    if role is not None and role not in held_roles(seats, user_id):
        role = None  # defensive: never hand out a seat the viewer does not hold
    active = list(game.active_roles(state))
    out = summary(row, seats, names, user_id, active)
    # The key names the point in the game's history and whose log it was.
    history, _, whose = (log_key or "").rpartition("/")
    start = log_from if log_from > 0 and whose == (role or "") and live.same_history(history) else 0
    outcome = game.outcome(state)
    legal: list[dict[str, Any]] = []
    if role is not None and role in active and row.status == ACTIVE:
        legal = [
            {
                "action": list(a),
                "text": game.describe_action(state, role, a),
                "warning": game.warning(state, role, a),
            }
            for a in game.legal_actions(state, role)
        ]
    out.update(
        {
            "roles": list(live.roles),
            "version": live.version,
            "active_roles": active,
            "role": role,
            "view": game.view(state, role),
            "log": game.log(state, role, start),
            "log_from": start,
            "log_key": f"{live.log_key()}/{role or ''}",
            "legal_actions": legal,
            "can_undo": role is not None and row.status == ACTIVE and live.can_undo(role),
            "outcome": outcome.to_json() if outcome is not None else None,
            "bot_error": live.bot_error,
        }
    )
    return out
