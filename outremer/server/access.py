"""Who may see a game: anyone if it is public; else its players and the holders of an invitation.

A game that is not public (``GameRow.public`` false) is seen only by

- its players: the users holding one of its seats (an invited person who took the seat, or the
  creator at the hotseat), and its creator (who is shown every open seat's invite link, so holds
  all its invitations);
- the holders of one of its invitations: a request naming, in ``invite``, the token of one of
  its seats that is still open (an observer's view of the game, until the seat is taken: the
  token then opens nothing more for anyone else).

It stays so once over. To anyone else every path to such a game answers exactly as for a game
that does not exist (:func:`no_game`: 404 ``no game N``), so a private game's id, existence and
status leak to nobody.
"""

from __future__ import annotations

from collections.abc import Iterable

from fastapi import HTTPException
from sqlalchemy import select
from sqlalchemy.orm import Session

from .db import PERSON, GameRow, SeatRow
from .facts import Facts, GameFacts, Seat


def no_game(game_id: int) -> HTTPException:
    """The one answer for a game that does not exist or that the viewer may not see."""
    return HTTPException(404, f"no game {game_id}")


def _sees(
    public: bool,
    created_by: int | None,
    seats: Iterable[SeatRow | Seat],
    user_id: int | None,
    invite: str | None,
) -> bool:
    if public or (user_id is not None and created_by == user_id):
        return True
    return any(
        (user_id is not None and seat.user_id == user_id)
        or (invite and seat.invite_token == invite and seat.kind == PERSON and seat.user_id is None)
        for seat in seats
    )


def may_see(s: Session, row: GameRow, user_id: int | None, invite: str | None = None) -> bool:
    """Whether ``user_id`` (None: nobody signed in) holding ``invite`` (a token, or None) may see ``row``."""
    if row.public:
        return True
    seats = s.execute(select(SeatRow).where(SeatRow.game_id == row.id)).scalars()
    return _sees(row.public, row.created_by, seats, user_id, invite)


def can_see(game: GameFacts, user_id: int | None, invite: str | None = None) -> bool:
    """:func:`may_see` for a game's facts as read for a page."""
    return _sees(game.public, game.created_by, game.seats, user_id, invite)


def visible_game(s: Session, game_id: int, user_id: int | None, invite: str | None = None) -> GameRow:
    """The game's row, if the viewer may see it; else 404 as if it did not exist."""
    row = s.get(GameRow, game_id)
    if row is None or not may_see(s, row, user_id, invite):
        raise no_game(game_id)
    return row


def visible(facts: Facts, game_id: int, user_id: int | None, invite: str | None = None) -> GameFacts:
    """The game's facts (:meth:`Facts.seats`: no query once the game is under way), if the viewer
    may see it; else 404 as if it did not exist."""
    game = facts.seats(game_id)
    if game is None or not can_see(game, user_id, invite):
        raise no_game(game_id)
    return game
