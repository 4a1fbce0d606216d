"""JSON Schemas (draft 2020-12) compiled once, for data packs and states read from JSON.

A document is checked by jsonschema-rs, which is fast; only a document it refuses is walked again
by jsonschema, whose errors say where and what for a person to read. Reading a title's data packs
at start-up, and every save or position read back, pays the fast check alone.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import jsonschema
import jsonschema_rs


class Schema:
    """One JSON Schema, ready to check documents against."""

    def __init__(self, schema: dict[str, Any]) -> None:
        self._quick = jsonschema_rs.Draft202012Validator(schema)
        self._full = jsonschema.Draft202012Validator(schema)

    def errors(self, doc: Any) -> Iterator[jsonschema.ValidationError]:
        """The ways ``doc`` breaks the schema; none if it keeps it."""
        try:
            valid = self._quick.is_valid(doc)
        except ValueError:  # not a JSON document (a key that is not a string): the full walk says why
            valid = False
        return iter(()) if valid else self._full.iter_errors(doc)
