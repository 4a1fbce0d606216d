"""What the server sends about a game, built for one viewer: a seat's view or the observer's.

Everything about the state that leaves the server goes through :func:`game_payload`, which asks the
title for ``view(state, role)`` and ``log(state, role)`` of the one role the viewer holds (or of the
observer) and adds only public facts: seats, whose turn, the number of actions, the outcome.

What depends on the state alone is computed once per state and role, not per request
(:class:`Pages`, kept on the live game): a role's view, legal actions and log (from a given entry),
as JSON text, and the public facts (whose turn, the outcome). The pages belong to one state object:
an action, an undo or a rebuild swaps the live game's state for another, and the first read after
that starts afresh. A role's parts are asked of the title for that role only, and handed only to a
viewer :func:`game_payload` has found to hold it, so no viewer ever gets another role's.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from fastapi import HTTPException
from sqlalchemy import select
from sqlalchemy.orm import Session

from ..engine.errors import OutremerError
from ..engine.game import Role
from ..engine.registry import get_game
from .db import ACTIVE, BOT, GameRow, SeatRow, User
from .facts import GameFacts, Seat
from .store import LiveGame, Store


def seats_of(s: Session, game_id: int) -> list[SeatRow]:
    return list(s.execute(select(SeatRow).where(SeatRow.game_id == game_id).order_by(SeatRow.id)).scalars())


def held_roles(seats: Sequence[SeatRow | Seat], user_id: int | None) -> list[Role]:
    """The roles ``user_id`` plays (as an invited person or at the hotseat)."""
    if user_id is None:
        return []
    return [seat.role for seat in seats if seat.kind != BOT and seat.user_id == user_id]


def choose_role(
    seats: Sequence[SeatRow | Seat], live: LiveGame, user_id: int | None, requested: str | None
) -> Role | None:
    """Whose view this viewer gets: ``requested`` if they hold it (403 if not), else a held seat
    that must act now, else their first seat, else the observer (None)."""
    held = held_roles(seats, user_id)
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


def seat_json(seat: SeatRow | Seat, names: dict[int, str], creator_viewing: bool) -> dict[str, Any]:
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


def active_now(store: Store, row: GameRow | GameFacts) -> list[Role]:
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
    row: GameRow | GameFacts,
    seats: Sequence[SeatRow | Seat],
    names: dict[int, str],
    viewer: int | None,
    active: Sequence[Role],
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


LOG_STARTS = 32
"""The most log suffixes kept for one state and role: each client asks from where its log ends,
so a handful per state; more (someone asking from every entry) are rendered and not kept."""


def dumps(value: Any) -> str:
    """JSON text as the API sends it (UTF-8, no spaces)."""
    return json.dumps(value, ensure_ascii=False, allow_nan=False, separators=(",", ":"))


@dataclass
class Pages:
    """The parts of the pages of one state of a game, each computed once (call under the game's
    lock): whose turn and the outcome (public), and per role its view, its legal actions and its
    log from a given entry, as JSON text."""

    state: Any
    active: list[Role]
    outcome: Any
    parts: dict[tuple[Any, ...], tuple[str, int]] = field(default_factory=dict)

    @classmethod
    def of(cls, live: LiveGame) -> Pages:
        """The pages of ``live``'s current state, made the first time they are asked for."""
        pages = live.pages
        if not isinstance(pages, Pages) or pages.state is not live.state:
            outcome = live.game.outcome(live.state)
            pages = cls(live.state, list(live.game.active_roles(live.state)), outcome)
            live.pages = pages
        return pages

    def view(self, game: Any, role: Role | None) -> str:
        key = ("view", role)
        if key not in self.parts:
            self.parts[key] = (dumps(game.view(self.state, role)), 0)
        return self.parts[key][0]

    def legal(self, game: Any, role: Role) -> str:
        """The legal actions of ``role`` (which must act now), each with its words and warning."""
        key = ("legal", role)
        if key not in self.parts:
            legal = [
                {
                    "action": list(a),
                    "text": game.describe_action(self.state, role, a),
                    "warning": game.warning(self.state, role, a),
                }
                for a in game.legal_actions(self.state, role)
            ]
            self.parts[key] = (dumps(legal), len(legal))
        return self.parts[key][0]

    def log(self, game: Any, role: Role | None, start: int) -> tuple[str, int]:
        """The log ``role`` reads from entry ``start`` on, and how many entries that is."""
        key = ("log", role, start)
        found = self.parts.get(key)
        if found is None:
            entries = game.log(self.state, role, start)
            found = (dumps(entries), len(entries))
            if sum(k[0] == "log" for k in self.parts) < LOG_STARTS:
                self.parts[key] = found
        return found


@dataclass(frozen=True)
class Page:
    """One viewer's page of a game as JSON ``text``, with what a sender needs to know of it: where
    its log starts and how many entries it holds, its ``log_key`` and ``version``."""

    text: str
    log_from: int
    log_count: int
    log_key: str
    version: int


def game_payload(
    row: GameFacts,
    live: LiveGame,
    user_id: int | None,
    role: Role | None,
    *,
    log_from: int = 0,
    log_key: str | None = None,
) -> Page:
    """The game as ``role`` sees it (None: the observer), for ``user_id``, who must hold ``role``
    (call under the game's lock, with ``row`` read under it too: the row and the state then belong
    to the same moment, as an action holds the lock until both have changed).

    The log is sent from entry ``log_from`` on when the viewer read that many entries of this role's
    log at the point ``log_key`` (a payload's ``log_key``) and the game has only moved forward
    since; otherwise whole. ``log_from`` in the answer says where its ``log`` starts."""
    seats, names = row.seats, row.names
    game = live.game
    if role is not None and role not in held_roles(seats, user_id):
        role = None  # defensive: never hand out a seat the viewer does not hold
    pages = Pages.of(live)
    out = summary(row, seats, names, user_id, pages.active)
    # The key names the point in the game's history and whose log it was.
    history, _, whose = (log_key or "").rpartition("/")
    start = log_from if log_from > 0 and whose == (role or "") and live.same_history(history) else 0
    acting = role is not None and role in pages.active and row.status == ACTIVE
    key = f"{live.log_key()}/{role or ''}"
    log, count = pages.log(game, role, start)
    out.update(
        {
            "roles": list(live.roles),
            "version": live.version,
            "active_roles": pages.active,
            "role": role,
            "log_from": start,
            "log_key": key,
            "can_undo": role is not None and row.status == ACTIVE and live.can_undo(role),
            "outcome": pages.outcome.to_json() if pages.outcome is not None else None,
            "bot_error": live.bot_error,
        }
    )
    legal = pages.legal(game, role) if acting and role is not None else "[]"
    text = f'{dumps(out)[:-1]},"view":{pages.view(game, role)},"log":{log},"legal_actions":{legal}}}'
    return Page(text, start, count, key, live.version)
