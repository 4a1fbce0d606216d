"""Plain-data game states: JSON-native values copied all the way down, and a state's fields to and
from JSON (the titles keep their states as classes with ``__slots__``: scalars, JSON-native values
and sets, the sets stored as sorted lists)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, TypeVar

from . import rng
from .errors import BadSave

T = TypeVar("T")


def clone(x: Any) -> Any:
    """Copy JSON-native data (dicts, lists) all the way down."""
    if isinstance(x, dict):
        return {k: clone(v) if isinstance(v, (dict, list)) else v for k, v in x.items()}
    if isinstance(x, list):
        return [clone(v) if isinstance(v, (dict, list)) else v for v in x]
    return x


def fields_to_json(state: Any, fmt: str, plain: Iterable[str], sets: Iterable[str]) -> dict[str, Any]:
    """``{"format": fmt, field: value...}``; the log is copied shallowly, as its entries are never
    changed once written."""
    out: dict[str, Any] = {"format": fmt}
    for name in plain:
        out[name] = list(state.log) if name == "log" else clone(getattr(state, name))
    for name in sets:
        out[name] = sorted(getattr(state, name))
    return out


def fields_from_json(
    cls: type[T], data: Mapping[str, Any], fmt: str, plain: Iterable[str], sets: Iterable[str], title: str
) -> T:
    """A new ``cls`` (not initialised) with its fields read from ``data``; BadSave says what is wrong."""
    if not isinstance(data, Mapping) or data.get("format") != fmt:
        raise BadSave(f"not a {title} state (expected format {fmt!r})")
    new = cls.__new__(cls)
    try:
        for name in plain:
            setattr(new, name, clone(data[name]))
        for name in sets:
            setattr(new, name, set(data[name]))
    except KeyError as e:
        raise BadSave(f"{title} state is missing the field {e}") from e
    except TypeError as e:
        raise BadSave(f"{title} state has a malformed field: {e}") from e
    if "rng" in plain:
        try:
            rng.check(data["rng"])
        except ValueError as e:
            raise BadSave(f"{title} state has a malformed field 'rng': {e}") from e
    return new
