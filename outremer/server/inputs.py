"""What the API accepts and how it refuses: bounded types for request values, the error body, and
the documented refusals of each endpoint.

Every value a client sends is checked before anything is written: integers are bounded to the
database's 64-bit range, text holds no NUL character (PostgreSQL stores none) and no lone UTF-16
surrogate (not encodable as UTF-8), and bodies are strict JSON types (``"0"`` is no integer).
Refusals are JSON ``{"error": "..."}`` answers; echoes of client input in them are clipped.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Annotated, Any

from fastapi import Path
from pydantic import AfterValidator, BaseModel, ConfigDict, Field

from .db import MAX_ID

ECHO = 200
"""How many characters of a client's input an error message may repeat."""


def clip(text: str, limit: int = ECHO) -> str:
    """``text``, cut to ``limit`` characters (marked with an ellipsis) if longer, with any lone
    surrogate written as its escape (so that the answer can be encoded)."""
    text = text.encode("utf-8", "backslashreplace").decode("utf-8")
    return text if len(text) <= limit else text[:limit] + "…"


def _storable(text: str) -> str:
    if "\x00" in text:
        raise ValueError("text may not contain the NUL character")
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as exc:
        raise ValueError("text must be valid Unicode (no lone surrogate)") from exc
    return text


Text = Annotated[str, AfterValidator(_storable)]
"""A string that can be stored and encoded: no NUL, no lone surrogate."""


Token = Annotated[str, Path(max_length=64, description="the invite link's token"), AfterValidator(_storable)]
"""An invitation's token, as its path segment."""

Count = Annotated[int, Field(ge=0, le=MAX_ID)]
"""A count of actions or log entries (bounded like the ids: a larger one is refused, 422)."""

LOG_KEY_PATTERN = r"^[0-9]{1,19}\.[0-9]{1,19}/"
"""A payload's ``log_key``: ``version.row id/role``, in ASCII digits."""


class Body(BaseModel):
    """A request body: strict JSON types (no ``"0"`` for 0, no ``"yes"`` for true)."""

    model_config = ConfigDict(strict=True)


class ErrorBody(BaseModel):
    """Every refusal: why, in words; a malformed request also lists what pydantic found."""

    error: str = Field(description="why the request was refused")
    detail: list[dict[str, Any]] | None = Field(
        default=None, description="for 422 malformed requests: each problem found, with where it is"
    )


def problems(errors: Sequence[Any]) -> list[dict[str, Any]]:
    """Pydantic's validation errors as plain JSON, each input repeated at most :data:`ECHO` characters."""
    out = []
    for error in errors:
        value = error.get("input")
        shown = value if isinstance(value, str) else json.dumps(value, default=repr)
        out.append(
            {
                "type": error.get("type"),
                "loc": [clip(str(part)) for part in error.get("loc", ())],
                "msg": clip(str(error.get("msg", "")), 4 * ECHO),
                "input": clip(shown),
            }
        )
    return out


WHY = {
    400: "the body is not readable JSON, or its Content-Length is no number",
    401: "not signed in (or wrong user name or password)",
    403: "not allowed: not your seat or game, or a cross-site request",
    404: "no such game, seat, title, file or invitation",
    409: "not possible now: the game is not at that point, or the name is taken",
    413: "the request body is too large",
    415: "the request body is not JSON (Content-Type: application/json)",
    422: "malformed: a value of the wrong type, out of range, or not one the game knows",
    429: "too many attempts: wait for the Retry-After seconds",
}


def refusals(*codes: int) -> dict[int | str, dict[str, Any]]:
    """The OpenAPI ``responses`` entries of these refusals (all with the :class:`ErrorBody` shape)."""
    out: dict[int | str, dict[str, Any]] = {}
    for code in codes:
        entry: dict[str, Any] = {"model": ErrorBody, "description": WHY[code]}
        if code == 429:
            entry["headers"] = {
                "Retry-After": {"description": "seconds to wait", "schema": {"type": "integer"}}
            }
        out[code] = entry
    return out


ANY = (400, 413)
"""Refusals of any request (``bodylimit.py``): a body too large, or one FastAPI cannot read."""

UNSAFE = (403, 415)
"""Refusals of any POST (``guard.py``): a cross-site request, or a body that is not JSON."""

BODY = (*UNSAFE, 422)
"""Refusals of any request with a JSON body: those of a POST, and a malformed body."""
