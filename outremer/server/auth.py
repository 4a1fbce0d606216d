"""Accounts and sign-in: argon2id password hashes, and session cookies holding a random token.

The database keeps only the SHA-256 of each session token, so a leaked database opens no session.
The cookie is ``HttpOnly`` and ``SameSite=Lax``, and ``Secure`` unless the server runs on loopback
(plain http on 127.0.0.1 for local play).

Who holds a session is remembered for a few seconds (:class:`Sessions`), so that a client's stream
of requests does not ask the database each time. A sign-out forgets it at once in the process that
signs out; another process on the same database honours it within :data:`REMEMBER` seconds.
"""

from __future__ import annotations

import hashlib
import os
import re
import secrets
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta

from argon2 import PasswordHasher, profiles
from argon2.exceptions import InvalidHashError, VerificationError
from cachetools import TTLCache
from fastapi import HTTPException, Request, Response
from sqlalchemy import delete, select
from sqlalchemy.orm import Session

from .db import Database, LoginSession, User, now

COOKIE = "outremer_session"
SESSION_DAYS = 30
NAME_RE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,31}$")
MIN_PASSWORD = 8
LOOPBACK = frozenset({"127.0.0.1", "localhost", "::1", "[::1]"})

CHEAP_HASHES = "OUTREMER_CHEAP_PASSWORD_HASHES"
"""An environment variable that only the test suite sets (to ``1``, tests/conftest.py): argon2id then
takes argon2-cffi's cheapest parameters, the profile it provides for tests. A hash with the default
parameters costs about a third of a CPU second, and the tests register and sign in several hundred
times. Every hash records its own parameters, so either kind verifies."""


def cheap_hashes() -> bool:
    """Whether the environment asks for the tests' cheap hashes (:data:`CHEAP_HASHES`)."""
    return os.environ.get(CHEAP_HASHES) == "1"


_hasher = PasswordHasher.from_parameters(profiles.CHEAPEST) if cheap_hashes() else PasswordHasher()


def hash_password(password: str) -> str:
    return _hasher.hash(password)


def verify_password(stored: str, password: str) -> bool:
    try:
        return _hasher.verify(stored, password)
    except (VerificationError, InvalidHashError):
        return False


def check_new_account(name: str, password: str) -> None:
    """Refuse (422) a user name or password that does not meet the rules."""
    if not NAME_RE.match(name):
        raise HTTPException(
            422, "a user name is 1-32 letters, digits, '_', '.' or '-', starting with a letter or digit"
        )
    if len(password) < MIN_PASSWORD:
        raise HTTPException(422, f"a password needs at least {MIN_PASSWORD} characters")
    if len(password) > 1024:
        raise HTTPException(422, "a password may have at most 1024 characters")


def add_user(s: Session, name: str, password_hash: str) -> User:
    """A new account ``name`` with the argon2id hash of its password (409 if the name is taken);
    the caller has checked both (:func:`check_new_account`). The one place accounts are made: the
    API's registration and bench/server_load.py's clients."""
    if find_user(s, name) is not None:
        raise HTTPException(409, f"the name {name!r} is taken")
    user = User(name=name, password_hash=password_hash)
    s.add(user)
    s.flush()
    return user


def _token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def start_session(s: Session, user: User) -> str:
    """A new session for ``user``; returns the token for the cookie."""
    token = secrets.token_urlsafe(32)
    s.add(
        LoginSession(
            token_hash=_token_hash(token), user_id=user.id, expires=now() + timedelta(days=SESSION_DAYS)
        )
    )
    return token


def end_session(s: Session, token: str | None) -> None:
    if token:
        s.execute(delete(LoginSession).where(LoginSession.token_hash == _token_hash(token)))


def _session_user(s: Session, token: str | None) -> tuple[User, datetime] | None:
    """The user signed in with ``token`` and when the session expires; None if there is no such
    session (no token, unknown, or expired: an expired one is deleted)."""
    if not token:
        return None
    row = s.get(LoginSession, _token_hash(token))
    if row is None:
        return None
    expires = row.expires if row.expires.tzinfo else row.expires.replace(tzinfo=now().tzinfo)
    if expires < now():
        s.delete(row)
        return None
    user = s.get(User, row.user_id)
    return (user, expires) if user is not None else None


REMEMBER = 5.0
"""Seconds a process remembers who holds a session before asking the database again: how long
another process may still honour a session after a sign-out."""


@dataclass(frozen=True)
class Holder:
    """Who holds a session, as remembered: the user's id and name, and when the session expires."""

    user_id: int
    name: str
    expires: datetime


class Sessions:
    """Who holds each session token, remembered for ``remember`` seconds (at most ``most`` tokens).

    Only sessions found are remembered (an unknown token fills nothing); the session's expiry is
    checked at every use; :meth:`forget` drops a token at once (sign-out). Thread-safe."""

    def __init__(
        self, remember: float = REMEMBER, most: int = 100_000, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self._held: TTLCache[str, Holder] = TTLCache(maxsize=most, ttl=remember, timer=clock)
        self._lock = threading.Lock()

    def recall(self, token: str | None) -> tuple[bool, User | None]:
        """Who holds ``token`` without asking the database: ``(True, user or None)`` when that is
        known here (no token; a remembered session, or one remembered and since expired), else
        ``(False, None)``: only :meth:`user` can tell. Never blocks on the database, so the web
        process may ask it in its event loop."""
        if not token:
            return True, None
        with self._lock:
            holder = self._held.get(_token_hash(token))
        if holder is None:
            return False, None
        if holder.expires < now():
            self.forget(token)
            return True, None
        return True, User(id=holder.user_id, name=holder.name)

    def user(self, db: Database, token: str | None) -> User | None:
        """The user signed in with ``token`` (a new, unattached ``User`` holding its id and name),
        or None: asks the database only if the token is not remembered."""
        known, user = self.recall(token)
        if known or not token:
            return user
        with db.session() as s:
            found = _session_user(s, token)
            if found is None:
                return None
            holder = Holder(found[0].id, found[0].name, found[1])
        with self._lock:
            self._held[_token_hash(token)] = holder
        return User(id=holder.user_id, name=holder.name)

    def forget(self, token: str | None) -> None:
        """Forget ``token`` (its session was ended)."""
        if token:
            with self._lock:
                self._held.pop(_token_hash(token), None)


def find_user(s: Session, name: str) -> User | None:
    return s.execute(select(User).where(User.name == name)).scalar_one_or_none()


def cookie_secure(request: Request, configured: bool | None) -> bool:
    """Whether the cookie gets ``Secure``: as configured, else unless served on loopback over http."""
    if configured is not None:
        return configured
    return request.url.scheme == "https" or (request.url.hostname or "") not in LOOPBACK


def set_cookie(response: Response, token: str, secure: bool) -> None:
    response.set_cookie(
        COOKIE,
        token,
        max_age=SESSION_DAYS * 24 * 3600,
        httponly=True,
        samesite="lax",
        secure=secure,
        path="/",
    )


def clear_cookie(response: Response, secure: bool) -> None:
    response.delete_cookie(COOKIE, httponly=True, samesite="lax", secure=secure, path="/")
