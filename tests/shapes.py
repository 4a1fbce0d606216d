"""Does JSON-native data have the shape a TypedDict declares? For the tests of the titles' declared
working records and frames (issue 14: every working record gets a declared shape)."""

from __future__ import annotations

import types
from typing import Any, Literal, Union, get_args, get_origin, get_type_hints, is_typeddict


def fits(value: Any, hint: Any) -> bool:
    """Whether ``value`` has the type ``hint``: a TypedDict, a union, a Literal, a list, a dict, None
    or a plain class (an int is never a bool)."""
    if hint is Any:
        return True
    if is_typeddict(hint):
        return isinstance(value, dict) and not problems(value, hint)
    origin = get_origin(hint)
    if origin in (Union, types.UnionType):
        return any(fits(value, h) for h in get_args(hint))
    if origin is Literal:
        return value in get_args(hint)
    if origin is list:
        (item,) = get_args(hint)
        return isinstance(value, list) and all(fits(v, item) for v in value)
    if origin is dict:
        key, item = get_args(hint)
        return isinstance(value, dict) and all(fits(k, key) and fits(v, item) for k, v in value.items())
    if hint is type(None):
        return value is None
    if hint is int:
        return isinstance(value, int) and not isinstance(value, bool)
    return isinstance(value, hint)


def problems(record: dict[str, Any], shape: Any) -> list[str]:
    """What in ``record`` does not fit the TypedDict ``shape``: keys missing or undeclared, values
    of another type."""
    hints = get_type_hints(shape)
    out = [f"{shape.__name__}: no {key!r}" for key in sorted(shape.__required_keys__ - record.keys())]
    for key, value in record.items():
        if key not in hints:
            out.append(f"{shape.__name__}: undeclared {key!r}")
        elif not fits(value, hints[key]):
            out.append(f"{shape.__name__}: {key!r} = {value!r}")
    return out
