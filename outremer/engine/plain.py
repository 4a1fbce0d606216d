"""Plain-data game states: JSON-native values copied all the way down, and a state class declared
once as its fields, each with a kind that says how deep ``copy`` goes and how it is written to JSON
(the titles keep their states as classes with ``__slots__``: scalars, JSON-native values and sets,
the sets stored as sorted lists)."""

from __future__ import annotations

import keyword
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Self

from . import rng
from .errors import BadSave


def clone(x: Any) -> Any:
    """Copy JSON-native data (dicts, lists) all the way down."""
    if isinstance(x, dict):
        return {k: clone(v) if isinstance(v, (dict, list)) else v for k, v in x.items()}
    if isinstance(x, list):
        return [clone(v) if isinstance(v, (dict, list)) else v for v in x]
    return x


def _generator(value: Any) -> Any:
    """A state's ``rng`` read from JSON: a generator value (engine.rng), or ValueError."""
    rng.check(value)
    return clone(value)


@dataclass(frozen=True)
class Kind:
    """How a field is copied and written: ``copy`` is a Python expression of the copy with ``{}``
    standing for the original value (it may call ``_clone``, :func:`clone`); ``dump`` writes the
    value as JSON and ``load`` reads it back (raising TypeError or ValueError on malformed data). A
    title may declare kinds of its own."""

    name: str
    copy: str
    dump: Callable[[Any], Any]
    load: Callable[[Any], Any]

    def copier(self) -> Callable[[Any], Any]:
        """The copy as a function of the original value, compiled from the same expression as a
        state's ``copy`` (for a title's views that copy one field the way its state does)."""
        source = f"lambda value: {self.copy.format('value')}"
        code = compile(source, f"<{self.name} copier>", "eval")
        copier: Callable[[Any], Any] = eval(code, {"_clone": clone})
        return copier


SHARED = Kind("shared", "{}", clone, clone)
"""Shared by a copy and its original: immutable values, or data never changed once set up."""
GENERATOR = Kind("generator", "{}", clone, _generator)
"""The random generator (engine.rng): shared, since a draw replaces it and never changes it."""
FLAT = Kind("flat", "{}.copy()", clone, clone)
"""A dict or list of immutable values: a copy has its own container."""
FLAT_VALUES = Kind("flat values", "{{k: v.copy() for k, v in {}.items()}}", clone, clone)
"""A dict whose values are dicts or lists of immutable values: a copy has its own of each."""
NESTED = Kind("nested", "_clone({})", clone, clone)
"""JSON-native data of any depth (or None): a copy has its own at every depth."""
SET = Kind("set", "{}.copy()", sorted, set)
"""A set of strings, written as a sorted list: a copy has its own set."""
LOG = Kind("log", "{}.copy()", list, clone)
"""The log, a list of entries never changed once written: a copy has its own list and shares the
entries, and JSON holds the same entries."""

Fields = tuple[tuple[str, Kind], ...]


def slots(fields: Fields) -> tuple[str, ...]:
    """The field names, in order: a state class's ``__slots__``."""
    return tuple(name for name, _ in fields)


class PlainState:
    """A title's state class, declared once as its fields (``fields``, in JSON order), from which
    ``copy``, ``to_json`` and ``from_json`` are derived. ``copy`` and ``to_json`` are compiled for
    the class when it is created, one line per field, as fast as ones written out by hand (search
    bots copy states millions of times). A subclass names its fields, JSON format and title as
    class keywords and sets ``__slots__ = slots(fields)``; a field missing from ``__slots__`` or the
    declaration, or annotated but not declared, is refused when the class is created."""

    __slots__ = ()

    _plain_fields: ClassVar[Fields]
    _plain_format: ClassVar[str]
    _plain_title: ClassVar[str]

    def __init_subclass__(cls, *, fields: Fields, json_format: str, title: str, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        _check(cls, fields)
        cls._plain_fields = fields
        cls._plain_format = json_format
        cls._plain_title = title
        for name, method in _compile(cls, fields, json_format).items():
            setattr(cls, name, method)

    if TYPE_CHECKING:  # compiled per class by _compile

        def copy(self) -> Self:
            """An independent copy, each field as deep as its kind says."""

        def to_json(self) -> dict[str, Any]:
            """``{"format": ..., field: value...}`` in the declared order."""

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Self:
        """A new state with its fields read from ``data``; BadSave says what is wrong."""
        title = cls._plain_title
        if not isinstance(data, Mapping) or data.get("format") != cls._plain_format:
            raise BadSave(f"not a {title} state (expected format {cls._plain_format!r})")
        new = cls.__new__(cls)
        for name, kind in cls._plain_fields:
            if name not in data:
                raise BadSave(f"{title} state is missing the field {name!r}")
            try:
                setattr(new, name, kind.load(data[name]))
            except (TypeError, ValueError, AttributeError) as e:
                raise BadSave(f"{title} state has a malformed field {name!r}: {e}") from e
        return new


def _check(cls: type, fields: Fields) -> None:
    """TypeError unless ``fields`` are well formed and are exactly ``cls``'s slots and annotations."""
    names = slots(fields)
    where = cls.__qualname__
    if not names:
        raise TypeError(f"{where}: a state declares at least one field")
    for name, kind in fields:
        if not isinstance(kind, Kind):
            raise TypeError(f"{where}: field {name!r} has no Kind")
        if not name.isidentifier() or keyword.iskeyword(name) or name.startswith("_plain"):
            raise TypeError(f"{where}: {name!r} cannot be a field name")
    if len(set(names)) != len(names):
        raise TypeError(f"{where}: a field is declared twice")
    own = cls.__dict__.get("__slots__")
    if own is None or set(own) != set(names):
        raise TypeError(f"{where}: __slots__ must be the declared fields, slots(fields)")
    annotated = {
        name
        for name, note in cls.__dict__.get("__annotations__", {}).items()
        if not str(note).startswith(("ClassVar", "typing.ClassVar"))
    }
    if annotated != set(names):
        raise TypeError(
            f"{where}: fields annotated but not declared {sorted(annotated - set(names))}, "
            f"declared but not annotated {sorted(set(names) - annotated)}"
        )


def _compile(cls: type, fields: Fields, json_format: str) -> dict[str, Callable[[Any], Any]]:
    """``copy`` and ``to_json`` for ``cls``, compiled from one line per field (each field's
    ``dump`` bound to a name of its own, ``_dump0``...)."""
    dump_names = [f"_dump{i}" for i in range(len(fields))]
    copies = [f"        new.{name} = {kind.copy.format('self.' + name)}" for name, kind in fields]
    dumps = [
        f"            {name!r}: {d}(self.{name})," for (name, _), d in zip(fields, dump_names, strict=True)
    ]
    source = "\n".join(
        [
            "def make(_cls, _new, _clone, _format, _dumps):",
            f"    {', '.join([*dump_names, ''])} = _dumps",
            "    def copy(self):",
            '        """An independent copy, each field as deep as its kind says (engine.plain)."""',
            "        new = _new(_cls)",
            *copies,
            "        return new",
            "    def to_json(self):",
            '        """``{"format": ..., field: value...}`` in the declared order (engine.plain)."""',
            "        return {",
            '            "format": _format,',
            *dumps,
            "        }",
            "    return {'copy': copy, 'to_json': to_json}",
        ]
    )
    namespace: dict[str, Any] = {}
    exec(compile(source, f"<{cls.__qualname__} plain methods>", "exec"), namespace)
    methods: dict[str, Callable[[Any], Any]] = namespace["make"](
        cls, cls.__new__, clone, json_format, tuple(kind.dump for _, kind in fields)
    )
    for name, method in methods.items():
        method.__qualname__ = f"{cls.__qualname__}.{name}"
    return methods
