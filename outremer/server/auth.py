"""Accounts and sign-in: argon2id password hashes, and session cookies holding a random token.

The database keeps only the SHA-256 of each session token, so a leaked database opens no session.
The cookie is ``HttpOnly`` and ``SameSite=Lax``, and ``Secure`` unless the server runs on loopback
(plain http on 127.0.0.1 for local play).
"""

from __future__ import annotations

import hashlib
import re
import secrets
from datetime import timedelta

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from fastapi import HTTPException, Request, Response
from sqlalchemy import delete, select
from sqlalchemy.orm import Session

from .db import LoginSession, User, now

COOKIE = "outremer_session"
SESSION_DAYS = 30
NAME_RE = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,31}$")
MIN_PASSWORD = 8
LOOPBACK = frozenset({"127.0.0.1", "localhost", "::1", "[::1]"})

_hasher = PasswordHasher()


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
    API's registration and ``outremer user add``."""
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


def user_for_token(s: Session, token: str | None) -> User | None:
    """The user signed in with ``token``, or None (no token, unknown, or expired)."""
    if not token:
        return None
    row = s.get(LoginSession, _token_hash(token))
    if row is None:
        return None
    expires = row.expires if row.expires.tzinfo else row.expires.replace(tzinfo=now().tzinfo)
    if expires < now():
        s.delete(row)
        return None
    return s.get(User, row.user_id)


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
