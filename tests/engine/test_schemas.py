"""A JSON Schema compiled once (engine/schemas.py): a document that keeps it has no errors, one that
breaks it gets jsonschema's errors, which say where and what."""

from __future__ import annotations

import jsonschema
import pytest

from outremer.engine.schemas import Schema

SCHEMA = {
    "type": "object",
    "additionalProperties": False,
    "required": ["town"],
    "properties": {
        "town": {"type": "string", "pattern": "^[a-z_]+$"},
        "strength": {"type": "integer", "minimum": 1, "maximum": 4},
    },
}


def test_a_document_that_keeps_the_schema_has_no_errors() -> None:
    assert list(Schema(SCHEMA).errors({"town": "acre", "strength": 4})) == []


@pytest.mark.parametrize(
    ("doc", "where"),
    [
        ({"town": "acre", "strength": 5}, ["strength"]),
        ({"town": "Acre"}, ["town"]),
        ({"town": "acre", "steps": 1}, []),
        ({"strength": 2}, []),
        ({"town": "acre", "strength": 10**30}, ["strength"]),
        ({"town": "acre", "strength": float("nan")}, ["strength"]),
    ],
)
def test_a_document_that_breaks_it_gets_the_errors_jsonschema_words(doc: object, where: list[str]) -> None:
    errors = list(Schema(SCHEMA).errors(doc))
    assert [e.message for e in errors] == [
        e.message for e in jsonschema.Draft202012Validator(SCHEMA).iter_errors(doc)
    ]
    assert errors and list(errors[0].absolute_path) == where


def test_what_json_cannot_hold_is_refused_not_raised() -> None:
    # A key that is not a string: no JSON document has one, so the quick check cannot read it.
    errors = list(Schema(SCHEMA).errors({"town": "acre", 1: 2}))
    assert errors and "1" in errors[0].message
