"""Data packs: a title's JSON files, each checked against its JSON Schema when read.

A pack is read from the title's own ``data`` folder, or from another folder (a test's broken copy,
say); the schemas always come from the title, so a pack cannot loosen its own checks. Whatever is
wrong (a missing file, bad JSON, a schema violation, a duplicate or a dangling reference found by
the title's loader) raises :class:`BadData` naming the file, the record and the problem.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Sequence
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any, Generic, NoReturn, TypeVar

import jsonschema

from .errors import BadData, brief
from .schemas import Schema

T = TypeVar("T")


class Loader(Generic[T]):
    """A title's loader made of its reader ``read(directory)``: called with no folder, the shipped
    pack, read once and kept; with a folder (a test's broken copy, a player's printed values), the
    pack there, read afresh every time."""

    def __init__(self, read: Callable[[Path | None], T]) -> None:
        self._read = read
        self._shipped = cache(lambda: read(None))

    def __call__(self, directory: Path | None = None) -> T:
        return self._shipped() if directory is None else self._read(directory)


def fail(file: str, record: str, problem: str) -> NoReturn:
    """Raise :class:`BadData` about ``record`` of ``file``.json."""
    raise BadData(f"{file}.json: {record}: {problem}")


def unique(file: str, kind: str, keys: Iterable[str]) -> None:
    """Refuse the first key that is listed twice: ``"block richard: listed twice"``."""
    seen: set[str] = set()
    for key in keys:
        if key in seen:
            fail(file, f"{kind} {key}", "listed twice")
        seen.add(key)


def read_pack(package: str, names: Sequence[str], directory: Path | None = None) -> dict[str, Any]:
    """Each ``NAME.json`` of ``package``'s data pack (or of ``directory``), validated by the
    package's ``data/NAME.schema.json``, by name."""
    docs: dict[str, Any] = {}
    for name in names:
        doc = _read(package, directory, f"{name}.json")
        error = jsonschema.exceptions.best_match(schema(package, name).errors(doc))
        if error is not None:
            raise BadData(f"{name}.json: at {_where(doc, error.absolute_path)}: {_message(error)}")
        docs[name] = doc
    return docs


@cache
def schema(package: str, name: str) -> Schema:
    """The package's ``data/NAME.schema.json``, compiled once (a data pack's, or a state's)."""
    return Schema(_read(package, None, f"{name}.schema.json"))


def _read(package: str, directory: Path | None, name: str) -> Any:
    try:
        if directory is None:
            text = resources.files(package).joinpath("data").joinpath(name).read_text(encoding="utf-8")
        else:
            text = (directory / name).read_text(encoding="utf-8")
        return json.loads(text)
    except FileNotFoundError as e:
        raise BadData(f"{name}: file not found") from e
    except json.JSONDecodeError as e:
        raise BadData(f"{name}: not valid JSON ({e})") from e
    except RecursionError as e:
        raise BadData(f"{name}: nested too deeply") from e
    except (OSError, UnicodeDecodeError, ValueError) as e:  # ValueError: a number too long to read
        raise BadData(f"{name}: cannot be read ({brief(str(e))})") from e


def _message(error: jsonschema.ValidationError, most: int = 200) -> str:
    """The schema's complaint, cut short: it quotes the offending value, which may be large."""
    text = " ".join(error.message.split())
    return text if len(text) <= most else text[: most - 3] + "..."


def _where(doc: Any, path: Iterable[Any]) -> str:
    """A schema error's place, with the name of the innermost record that has one."""
    steps = list(path)
    where = "/".join(str(p) for p in steps) or "(top)"
    node, named = doc, None
    for p in steps:
        try:
            node = node[p]
        except (KeyError, IndexError, TypeError):
            break
        if isinstance(node, dict):
            named = _record_name(node) or named
    return f"{where} ({named})" if named else where


def _record_name(record: dict[str, Any]) -> str | None:
    """A record's id, else its name, else its two ends (a road or path)."""
    for key in ("id", "name"):
        if isinstance(record.get(key), str):
            return str(record[key])
    if isinstance(record.get("a"), str) and isinstance(record.get("b"), str):
        return f"{record['a']}-{record['b']}"
    return None
