"""Plain-data states (engine/plain.py): a state class declared once as its fields, ``copy``,
``to_json`` and ``from_json`` derived from the declaration (issue 14: "state copying from the same
field list as to_json"), on a state class built for the purpose and on both titles' states."""

from __future__ import annotations

import json
from typing import Any

import pytest

from outremer.engine import rng
from outremer.engine.errors import BadSave
from outremer.engine.plain import (
    FLAT,
    FLAT_VALUES,
    GENERATOR,
    LOG,
    NESTED,
    SET,
    SHARED,
    Kind,
    PlainState,
    clone,
    slots,
)
from outremer.engine.registry import get_game
from outremer.games.crusader_rex.state import State as CrusaderRexState
from outremer.games.first_crusade.state import State as FirstCrusadeState

FIELDS = (
    ("rng", GENERATOR),
    ("options", SHARED),
    ("ply", SHARED),
    ("seen", FLAT),
    ("order", FLAT),
    ("hands", FLAT_VALUES),
    ("work", NESTED),
    ("log", LOG),
    ("marked", SET),
)


class Sample(PlainState, fields=FIELDS, json_format="test/sample/1", title="Sample"):
    """One field of every kind."""

    __slots__ = slots(FIELDS)

    rng: rng.Value
    options: dict[str, bool]
    ply: int
    seen: dict[str, int]
    order: list[str]
    hands: dict[str, list[str]]
    work: dict[str, Any] | None
    log: list[list[Any]]
    marked: set[str]


def sample() -> Sample:
    s = Sample.__new__(Sample)
    s.rng = rng.seed_state(5)
    s.options = {"fast": True}
    s.ply = 3
    s.seen = {"a": 1, "b": 2}
    s.order = ["x", "y"]
    s.hands = {"red": ["c1", "c2"], "blue": []}
    s.work = {"battle": {"rounds": [[1, 2], {"hits": 3}]}, "queue": ["p"]}
    s.log = [["1.0", None, "{x} moves", {"x": "a"}]]
    s.marked = {"q", "p"}
    return s


# -- copy: as deep as each kind promises -----------------------------------------------------------
def test_a_copy_equals_its_original_and_shares_nothing_its_kinds_copy() -> None:
    s = sample()
    before = json.dumps(s.to_json())
    c = s.copy()
    assert type(c) is Sample and c.to_json() == s.to_json()
    c.seen["a"] = 9
    c.order.append("z")
    c.hands["red"].append("c3")
    c.hands["green"] = []
    assert c.work is not None
    c.work["battle"]["rounds"][0].append(7)
    c.work["battle"]["rounds"][1]["hits"] = 0
    c.work["queue"].clear()
    c.log.append(["2.0", None, "", {}])
    c.marked.add("r")
    assert json.dumps(s.to_json()) == before


def test_shared_kinds_share_and_the_log_shares_its_entries() -> None:
    # SHARED and GENERATOR fields are never changed in place, so a copy holds the same object; the
    # log's entries are never changed once written, so only the list is new.
    s = sample()
    c = s.copy()
    assert c.options is s.options and c.rng is s.rng
    assert c.log is not s.log and c.log[0] is s.log[0]


def test_a_titles_own_kind_copies_by_its_own_copy() -> None:
    calls: list[str] = []

    class Tracked(dict[str, str]):
        def copy(self) -> Tracked:
            calls.append("copy")
            return Tracked(self)

    fields = (("loc", Kind("tracked", "{}.copy()", clone, Tracked)),)

    class Own(PlainState, fields=fields, json_format="test/own/1", title="Own"):
        __slots__ = slots(fields)
        loc: Tracked

    s = Own.__new__(Own)
    s.loc = Tracked(a="b")
    c = s.copy()
    assert calls == ["copy"] and isinstance(c.loc, Tracked) and c.loc is not s.loc
    back = Own.from_json(s.to_json())
    assert isinstance(back.loc, Tracked) and back.loc == {"a": "b"}


def test_a_kinds_copier_copies_one_value_as_a_state_copies_its_field() -> None:
    # a title's views copy a field the way its state does (Kingdom of Heaven's groups)
    value = {"a": {"x": [1, 2]}, "b": {"y": [3]}}
    for kind in (FLAT_VALUES, NESTED):
        copy = kind.copier()(value)
        assert copy == value and copy is not value and copy["a"] is not value["a"]
    nested = NESTED.copier()(value)
    assert nested["a"]["x"] is not value["a"]["x"]
    assert FLAT_VALUES.copier()(value)["a"]["x"] is value["a"]["x"]  # one level, as FLAT_VALUES says


# -- to_json, from_json and copy read the same declaration ------------------------------------------
def test_to_json_lists_the_declared_fields_in_order_with_sets_sorted() -> None:
    data = sample().to_json()
    assert list(data) == ["format", *slots(FIELDS)]
    assert data["format"] == "test/sample/1" and data["marked"] == ["p", "q"]


def test_from_json_reads_back_what_to_json_wrote_and_keeps_nothing_of_the_data() -> None:
    s = sample()
    data = json.loads(json.dumps(s.to_json()))
    back = Sample.from_json(data)
    assert back.to_json() == s.to_json() and back.marked == {"p", "q"}
    data["work"]["battle"]["rounds"][0].append(9)
    data["hands"]["red"].clear()
    assert back.to_json() == s.to_json()


@pytest.mark.parametrize("cls", [CrusaderRexState, FirstCrusadeState])
def test_each_titles_state_copies_and_writes_every_slot(cls: type[PlainState]) -> None:
    # The titles' states declare their fields once: to_json writes every slot and copy sets every
    # slot (to_json of the copy reads them all: an unset slot would raise AttributeError).
    game = get_game("crusader-rex" if cls is CrusaderRexState else "first-crusade")
    state = game.setup(4)
    assert isinstance(state, cls)
    names = slots(cls._plain_fields)
    assert tuple(cls.__slots__) == names
    c = state.copy()
    assert list(state.to_json()) == ["format", *names]
    assert c.to_json() == state.to_json() == cls.from_json(state.to_json()).to_json()


# -- bad input: a clear error, nothing changed -----------------------------------------------------
@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (lambda d: d.update(format="chess"), "not a Sample state"),
        (lambda d: d.pop("hands"), "missing the field 'hands'"),
        (lambda d: d.update(marked=5), "malformed field 'marked'"),
        (lambda d: d.update(rng=["not hex", 0]), "malformed field 'rng'"),
    ],
)
def test_a_broken_state_is_refused_naming_the_field(edit: Any, message: str) -> None:
    data = sample().to_json()
    edit(data)
    kept = json.dumps(data)
    with pytest.raises(BadSave, match=message):
        Sample.from_json(data)
    assert json.dumps(data) == kept


def test_not_a_mapping_is_refused() -> None:
    with pytest.raises(BadSave, match="not a Sample state"):
        Sample.from_json([1, 2])  # type: ignore[arg-type]


# -- the declaration is checked when the class is created ------------------------------------------
def test_a_slot_missing_from_the_declaration_is_refused() -> None:
    with pytest.raises(TypeError, match="__slots__"):

        class Extra(PlainState, fields=(("a", SHARED),), json_format="x", title="x"):
            __slots__ = ("a", "b")
            a: int
            b: int


def test_a_declared_field_without_a_slot_is_refused() -> None:
    with pytest.raises(TypeError, match="__slots__"):

        class Missing(PlainState, fields=(("a", SHARED), ("b", FLAT)), json_format="x", title="x"):
            __slots__ = ("a",)
            a: int
            b: int


def test_an_annotated_field_not_declared_is_refused() -> None:
    fields = (("a", SHARED),)
    with pytest.raises(TypeError, match=r"annotated but not declared \['b'\]"):

        class Noted(PlainState, fields=fields, json_format="x", title="x"):
            __slots__ = slots(fields)
            a: int
            b: int


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ((), "at least one field"),
        ((("a", SHARED), ("a", FLAT)), "declared twice"),
        ((("a b", SHARED),), "cannot be a field name"),
        ((("class", SHARED),), "cannot be a field name"),
        ((("a", "shared"),), "has no Kind"),
    ],
)
def test_a_malformed_declaration_is_refused(fields: Any, message: str) -> None:
    with pytest.raises(TypeError, match=message):

        class Bad(PlainState, fields=fields, json_format="x", title="x"):
            __slots__ = ()
