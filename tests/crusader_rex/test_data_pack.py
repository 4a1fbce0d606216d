"""The Crusader Rex data pack from outside (issue 13, section 7): a broken copy of the pack is
refused with one error naming the file, the record and the problem, never accepted silently."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from importlib import resources
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from outremer.cli.main import cli
from outremer.engine import registry
from outremer.engine.errors import BadData
from outremer.games.crusader_rex.board import CARD_KINDS, GROUPS, load_board
from tests.datapacks import changed_copy

DATA = Path(str(resources.files("outremer.games.crusader_rex").joinpath("data")))


def broken(tmp_path: Path, part: str, change: Callable[[Any], None]) -> Path:
    """A copy of the shipped pack in ``tmp_path`` with ``part``.json changed."""
    return changed_copy(DATA, tmp_path, part, change)


def town(doc: dict[str, Any], name: str) -> dict[str, Any]:
    return next(t for t in doc["towns"] if t["name"] == name)


def block(doc: dict[str, Any], bid: str) -> dict[str, Any]:
    return next(b for b in doc["blocks"] if b["id"] == bid)


def test_the_shipped_pack_holds_the_rulebook_counts() -> None:
    board = load_board(None)
    for group, (side, count) in GROUPS.items():  # 2.21-2.25, 2.31-2.32, 2.4
        assert [b.side for b in board.blocks.values() if b.group == group] == [side] * count
    assert len(board.blocks) == 63
    assert {k: sum(c.kind == k for c in board.cards.values()) for k in CARD_KINDS} == {"move": 22, "event": 5}
    assert len(board.victory_cities) == 7  # 1.2


def test_an_unbroken_copy_loads(tmp_path: Path) -> None:
    board = load_board(broken(tmp_path, "map", lambda doc: None))
    assert len(board.roads) == len(load_board(None).roads)


def _missing_card(doc: dict[str, Any]) -> None:
    doc["cards"] = [c for c in doc["cards"] if c["id"] != "move3_1"]


def _duplicated_card(doc: dict[str, Any]) -> None:
    doc["cards"].append(dict(doc["cards"][-1]))


def _missing_block(doc: dict[str, Any]) -> None:
    doc["blocks"] = [b for b in doc["blocks"] if b["id"] != "saladin"]


def _duplicated_block(doc: dict[str, Any]) -> None:
    doc["blocks"].append(dict(block(doc, "richard")))


def _duplicated_road(doc: dict[str, Any]) -> None:
    doc["roads"].append({"a": "Ascalon", "b": "Jaffa", "type": "minor", "source": "test"})  # either way


def _road_to_nowhere(doc: dict[str, Any]) -> None:
    doc["roads"].append({"a": "Acre", "b": "Rome", "type": "major", "source": "test"})


def _castle_big(doc: dict[str, Any]) -> None:
    town(doc, "Acre")["castle"] = "big"


def _rating_big(doc: dict[str, Any]) -> None:
    town(doc, "Acre")["rating"] = "big"


def _unknown_block_key(doc: dict[str, Any]) -> None:
    block(doc, "richard")["lionheart"] = True


def _unknown_top_key(doc: dict[str, Any]) -> None:
    doc["jokers"] = []


def _duplicated_town(doc: dict[str, Any]) -> None:
    doc["towns"].append(dict(town(doc, "Acre")))


def _unknown_kingdom(doc: dict[str, Any]) -> None:
    town(doc, "Acre")["kingdom"] = "Cyprus"


def _unknown_seat(doc: dict[str, Any]) -> None:
    block(doc, "saladin")["alternate_seats"].append("Baghdad")


def _unknown_start(doc: dict[str, Any]) -> None:
    block(doc, "saladin")["start"]["where"] = "Baghdad"


def _wrong_side(doc: dict[str, Any]) -> None:
    block(doc, "saladin")["side"] = "Franks"


def _unmarked_victory_city(doc: dict[str, Any]) -> None:
    town(doc, "Acre")["victory_city"] = False


def _eighth_victory_city(doc: dict[str, Any]) -> None:
    doc["victory_cities"]["list"].append("Tyre")
    town(doc, "Tyre")["victory_city"] = True


def _shield_of_nobody(doc: dict[str, Any]) -> None:
    town(doc, "Acre")["shields"].append("Lancelot")


def _event_card_unknown(doc: dict[str, Any]) -> None:
    next(c for c in doc["cards"] if c["kind"] == "event")["id"] = "plague"


@pytest.mark.parametrize(
    ("part", "change", "message"),
    [
        ("cards", _missing_card, "cards.json: move cards: the deck has 22, not 21 (4.0)"),
        ("cards", _duplicated_card, "cards.json: card move1_6: listed twice"),
        ("cards", _event_card_unknown, "cards.json: at cards/0/id (plague): 'plague' is not one of"),
        ("blocks", _missing_block, "blocks.json: group emirs: has 18 blocks, not 19 (2.2-2.4)"),
        ("blocks", _duplicated_block, "blocks.json: block richard: listed twice"),
        ("blocks", _unknown_block_key, "blocks.json: at blocks/0 (richard): Additional properties"),
        ("blocks", _unknown_seat, "blocks.json: block saladin: has unknown seat 'Baghdad'"),
        ("blocks", _unknown_start, "blocks.json: block saladin: starts at unknown town 'Baghdad'"),
        ("blocks", _wrong_side, "blocks.json: block saladin: emirs are Saracens blocks, not Franks"),
        ("map", _duplicated_road, "map.json: road Ascalon-Jaffa: listed twice"),
        ("map", _road_to_nowhere, "map.json: road Acre-Rome: ends at unknown place 'Rome'"),
        ("map", _castle_big, "('castle' was unexpected)"),
        ("map", _rating_big, "'big' is not of type 'integer'"),
        ("map", _unknown_top_key, "map.json: at (top): Additional properties are not allowed ('jokers'"),
        ("map", _duplicated_town, "map.json: town Acre: listed twice"),
        ("map", _unknown_kingdom, "map.json: town Acre: is in unknown kingdom 'Cyprus'"),
        ("map", _unmarked_victory_city, "map.json: victory city Acre: is not a town marked victory_city"),
        ("map", _eighth_victory_city, "map.json: victory_cities: lists 8, not 7 (1.2)"),
        ("map", _shield_of_nobody, "map.json: town Acre: shows shield 'Lancelot'"),
    ],
)
def test_a_broken_pack_is_refused(
    tmp_path: Path, part: str, change: Callable[[Any], None], message: str
) -> None:
    with pytest.raises(BadData) as err:
        load_board(broken(tmp_path, part, change))
    assert message in str(err.value)
    assert "\n" not in str(err.value)


def test_a_schema_error_names_the_record(tmp_path: Path) -> None:
    with pytest.raises(
        BadData, match=r"^map\.json: at towns/\d+ \(Acre\): Additional properties are not allowed"
    ):
        load_board(broken(tmp_path, "map", _castle_big))


def test_an_unreadable_file_is_refused(tmp_path: Path) -> None:
    broken(tmp_path, "map", lambda doc: None)
    (tmp_path / "cards.json").write_text("[" * 10_000 + "]" * 10_000, encoding="utf-8")
    with pytest.raises(BadData, match=r"^cards\.json: nested too deeply$"):
        load_board(tmp_path)
    (tmp_path / "cards.json").write_text('{"cards": [' + "7" * 5_000 + "]}", encoding="utf-8")
    with pytest.raises(BadData, match=r"^cards\.json: cannot be read"):
        load_board(tmp_path)
    (tmp_path / "cards.json").unlink()
    with pytest.raises(BadData, match=r"^cards\.json: file not found$"):
        load_board(tmp_path)


@pytest.fixture
def broken_title(tmp_path: Path) -> Iterator[str]:
    """A title whose data pack has a duplicated block, installed as ``broken-pack``."""
    folder = broken(tmp_path, "blocks", _duplicated_block)
    registry.register("broken-pack", lambda: load_board(folder))  # type: ignore[arg-type,return-value]
    yield "broken-pack"
    registry.unregister("broken-pack")


def test_the_command_line_prints_one_line(broken_title: str) -> None:
    result = CliRunner(mix_stderr=False).invoke(cli, ["play", broken_title, "--seed", "1"], input="")
    assert result.exit_code != 0 and isinstance(result.exception, SystemExit)
    assert result.stderr.splitlines() == [
        "Error: title 'broken-pack' is installed but failed to load: "
        "BadData: blocks.json: block richard: listed twice"
    ]
