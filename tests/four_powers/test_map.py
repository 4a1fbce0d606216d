"""The Four Powers board (issue 16, "The data the text lacks: the map"): the shipped pack loads, keeps
the two adjacencies the rulebook's examples fix, is symmetric and connected in both Crusades, gives
every record a source, and a broken copy is refused with an error naming the file and the record."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from importlib import resources
from pathlib import Path
from typing import Any

import pytest

from outremer.engine.errors import BadData
from outremer.games.four_powers.board import load_board
from tests.datapacks import changed_copy

DATA = Path(str(resources.files("outremer.games.four_powers").joinpath("data")))


def broken(tmp_path: Path, change: Callable[[Any], None]) -> Path:
    """A copy of the shipped pack in ``tmp_path``, its map changed."""
    return changed_copy(DATA, tmp_path, "map", change)


def test_the_shipped_pack_holds_the_nine_locations() -> None:
    board = load_board()
    # Setup.2 (L38-L40): every card on its space but Aleppo and Damascus, which wait beside the board
    # and join at the end of the 1st Crusade (L450-L451, EndCrusade.3).
    assert [loc.name for loc in board.locations.values()] == [
        "Iconium", "Edessa", "Antiocheia", "Tripoli", "Tyrus", "Jerusalem", "Ascalon", "Damascus", "Aleppo"
    ]  # fmt: skip
    assert set(board.in_play(second_crusade=True)) - set(board.in_play()) == {"damascus", "aleppo"}
    assert len(board.regions) == 9  # every Location is a City and a Region (L197-L199)


def test_an_unbroken_copy_loads(tmp_path: Path) -> None:
    assert load_board(broken(tmp_path, lambda doc: None)) == load_board()


def test_the_examples_fix_two_adjacencies() -> None:
    board = load_board()
    # L724-L729 (Battle.Example): the Defender's Ally moves Support from Iconium into the Battle in
    # Antiocheia, and an Ally moves Support only from adjacent Locations (L678-L680).
    assert board.adjacent("iconium", "antiocheia")
    # L625-L629 (Movement.Example): 1 Gold moves Support from Tripoli to Antiocheia, the price of
    # one step into an adjacent area (Movement.3, L620-L621).
    assert board.adjacent("tripoli", "antiocheia")
    # L524-L527 (Development.Example), L748-L750: the Fortress built beside Iconium stands beside
    # the Battle in Antiocheia.
    assert any({"iconium", "antiocheia"} == set(f.between) for f in board.fortress_spaces.values())


@pytest.mark.parametrize("second_crusade", [False, True])
def test_adjacency_is_symmetric_and_the_board_connected(second_crusade: bool) -> None:
    board = load_board()
    here = board.in_play(second_crusade)
    for a in here:
        for b in board.neighbours(a, second_crusade):
            assert a in board.neighbours(b, second_crusade), (a, b)
            assert a != b
    assert board.reached(here[0], second_crusade) == set(here)


def test_damascus_and_aleppo_join_the_board_only_in_the_second_crusade() -> None:
    board = load_board()  # L38-L40, L450-L451
    for late in ("damascus", "aleppo"):
        assert all(late not in board.neighbours(lid) for lid in board.in_play())
        assert board.neighbours(late, second_crusade=True)


def _records(node: Any, where: str = "") -> Iterator[tuple[str, dict[str, Any]]]:
    """Every object in the file but the top and the sources themselves."""
    if isinstance(node, dict):
        if where:
            yield where, node
        for k, v in node.items():
            if k != "source":
                yield from _records(v, f"{where}/{k}")
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from _records(v, f"{where}/{i}")


def test_every_record_has_a_source() -> None:
    # Issue 16: each record of the reconstruction carries its source.
    doc = json.loads((DATA / "map.json").read_text(encoding="utf-8"))
    records = list(_records(doc))
    assert len(records) > 40
    for where, record in records:
        source = record.get("source")
        assert isinstance(source, dict), where
        assert source["kind"] in ("rulebook", "reconstructed", "public fact"), where
        assert source.get("lines" if source["kind"] == "rulebook" else "reason"), where


def _edge(doc: dict[str, Any], a: str, b: str) -> dict[str, Any]:
    return next(e for e in doc["adjacency"] if {e["a"], e["b"]} == {a, b})


def _unknown_end(doc: dict[str, Any]) -> None:
    _edge(doc, "tripoli", "tyrus")["b"] = "beirut"


def _twice(doc: dict[str, Any]) -> None:
    doc["adjacency"].append(
        {"a": "antiocheia", "b": "iconium", "source": {"kind": "reconstructed", "reason": "twice over"}}
    )


def _to_itself(doc: dict[str, Any]) -> None:
    _edge(doc, "jerusalem", "ascalon")["b"] = "jerusalem"


def _region_without_location(doc: dict[str, Any]) -> None:
    doc["regions"][3]["location"] = "nicaea"


def _location_without_region(doc: dict[str, Any]) -> None:
    doc["regions"] = [r for r in doc["regions"] if r["location"] != "tyrus"]


def _no_source(doc: dict[str, Any]) -> None:
    del _edge(doc, "tyrus", "jerusalem")["source"]


def _location_no_source(doc: dict[str, Any]) -> None:
    del doc["locations"][4]["place"]["source"]


def _cut_off(doc: dict[str, Any]) -> None:
    doc["adjacency"] = [e for e in doc["adjacency"] if "ascalon" not in (e["a"], e["b"])]
    doc["fortress_spaces"] = [f for f in doc["fortress_spaces"] if "ascalon" not in f["between"]]


def _fortress_apart(doc: dict[str, Any]) -> None:
    doc["fortress_spaces"][0]["between"] = ["iconium", "jerusalem"]


@pytest.mark.parametrize(
    ("change", "expected"),
    [
        (_unknown_end, "map.json: adjacency tripoli-beirut: names unknown location 'beirut'"),
        (_twice, "map.json: adjacency antiocheia-iconium: listed twice"),
        (_to_itself, "map.json: adjacency jerusalem-jerusalem: joins a location to itself"),
        (_region_without_location, "map.json: region tripoli_region: names unknown location 'nicaea'"),
        (_location_without_region, "map.json: location tyrus: has no region"),
        (_no_source, "map.json: at adjacency/4 (tyrus-jerusalem): 'source' is a required property"),
        (_location_no_source, "map.json: at locations/4/place (tyrus): 'source' is a required property"),
        (_cut_off, "map.json: adjacency: ascalon cannot be reached from iconium at set-up"),
        (
            _fortress_apart,
            "map.json: fortress space iconium_antiocheia: iconium and jerusalem are not adjacent",
        ),
    ],
)
def test_a_broken_copy_is_refused_naming_the_record(
    tmp_path: Path, change: Callable[[Any], None], expected: str
) -> None:
    with pytest.raises(BadData) as refused:
        load_board(broken(tmp_path, change))
    assert str(refused.value).startswith(expected)
