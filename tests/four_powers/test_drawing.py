"""The board description the browser draws from (drawing.py, GET /api/titles/four-powers/board):
every Location with both sides of its card, every road, every Fortress space and every card of the
data pack; JSON only; a layout where no card covers another, a Fortress space or a road's space
beside the board; effects in words, never an internal id (issue 15)."""

from __future__ import annotations

import json
import re
import shutil
from importlib import resources
from pathlib import Path
from typing import Any

import pytest

from outremer.games.four_powers.drawing import board_description
from outremer.games.four_powers.game import FourPowers
from outremer.games.four_powers.pack import load_pack

DATA = Path(str(resources.files("outremer.games.four_powers").joinpath("data")))
SNAKE_CASE = re.compile(r"\b[a-z]+_[a-z_]+\b")  # as tests/e2e/test_boards.py


def described() -> dict[str, Any]:
    return board_description(load_pack())


def boxes(desc: dict[str, Any], where: str = "board") -> dict[str, tuple[float, float, float, float]]:
    """Each Location card's box, on the board or (``beside``) where it waits."""
    w, h = desc["layout"]["card_w"], desc["layout"]["card_h"]
    out = {}
    for loc in desc["locations"]:
        p = loc if where == "board" else loc.get("beside")
        if p is not None:
            out[loc["id"]] = (p["x"] - w / 2, p["y"] - h / 2, p["x"] + w / 2, p["y"] + h / 2)
    return out


def overlaps(a: tuple[float, ...], b: tuple[float, ...]) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def test_the_game_serves_the_description_and_its_web_folder() -> None:
    game = FourPowers()
    assert game.board() == described()
    assert (game.web_dir() / "board.js").is_file()


def test_the_description_is_plain_json() -> None:
    desc = described()
    assert json.loads(json.dumps(desc)) == desc


def test_every_location_with_both_sides_of_its_card() -> None:
    # Locations.Anatomy.3-6, Players.1: the City's costs, income and ransack on either side.
    pack = load_pack()
    desc = described()
    assert [loc["id"] for loc in desc["locations"]] == list(pack.board.locations)
    for loc in desc["locations"]:
        here = pack.board.locations[loc["id"]]
        assert loc["name"] == here.name
        assert loc["church_spaces"] == pack.board.regions[loc["id"]].church_mosque_spaces
        for side, values in pack.cities[loc["id"]].sides.items():
            assert loc["sides"][side] == {
                "costs": list(values.costs),
                "income": list(values.income),
                "ransack": values.ransack,
            }


def test_only_damascus_and_aleppo_wait_beside_the_board() -> None:
    # Setup.2, EndCrusade.3: the two Locations that join in the 2nd Crusade.
    desc = described()
    waiting = sorted(loc["id"] for loc in desc["locations"] if loc["second_crusade"])
    assert waiting == ["aleppo", "damascus"]
    assert sorted(loc["id"] for loc in desc["locations"] if "beside" in loc) == waiting


def test_every_road_and_fortress_space() -> None:
    # Buildings.Fortress: a Fortress space between two adjacent Locations.
    pack = load_pack()
    desc = described()
    assert [(c["a"], c["b"]) for c in desc["connections"]] == [(e.a, e.b) for e in pack.board.adjacency]
    assert [s["id"] for s in desc["fortress_spaces"]] == list(pack.board.fortress_spaces)
    for s in desc["fortress_spaces"]:
        assert tuple(s["between"]) == pack.board.fortress_spaces[s["id"]].between


def test_every_card_with_its_face() -> None:
    # Cards.Anatomy.1-9: affiliation, Cost, Benefits, Strength, both effects.
    pack = load_pack()
    desc = described()
    assert list(desc["cards"]) == list(pack.cards)
    for cid, c in pack.cards.items():
        face = desc["cards"][cid]
        assert (face["name"], face["cost"], face["strength"]) == (c.name, c.cost, c.strength)
        assert len(face["benefits"]) == len(c.benefits)
        assert (face["action"] is None) == (c.action is None)
        assert (face["conflict"] is None) == (c.conflict is None)
    assert desc["bluff"]["strength"] == 0 and desc["bluff"]["action"] is None  # R6c
    assert len(desc["die"]) == len(pack.die)
    assert list(desc["tracks"]) == ["church", "fortress", "citadel"]
    assert list(desc["factions"]) == list(pack.factions)
    assert set(desc["rounds"]) == {r.id for r in pack.rounds}


def test_the_locations_are_the_only_named_entries_of_a_list() -> None:
    # The board's contract (docs/writing-a-title.md section 10): the entries with a name in the
    # description's lists are the locations the page checks for a marker and a label.
    desc = described()
    named = [
        e.get("id", e["name"])
        for entries in desc.values()
        if isinstance(entries, list)
        for e in entries
        if isinstance(e, dict) and "name" in e and not {"a", "b"} <= e.keys()
    ]
    assert named == list(load_pack().board.locations)


@pytest.mark.parametrize("where", ["board", "beside"])
def test_no_card_covers_another(where: str) -> None:
    cards = boxes(described(), where)
    ids = list(cards)
    assert [(a, b) for i, a in enumerate(ids) for b in ids[i + 1 :] if overlaps(cards[a], cards[b])] == []


def test_cards_waiting_beside_the_board_cover_no_card_in_play() -> None:
    desc = described()
    board = boxes(desc)
    late = {loc["id"] for loc in desc["locations"] if loc["second_crusade"]}
    for box in boxes(desc, "beside").values():
        assert not [other for other, b in board.items() if other not in late and overlaps(box, b)]


def test_fortress_spaces_lie_between_the_cards_inside_the_map() -> None:
    # A Fortress on its space must cover no Location card (the board's contract).
    desc = described()
    cards = boxes(desc)
    r = 20  # the Fortress marker's reach from its space's point
    for s in desc["fortress_spaces"]:
        spot = (s["x"] - r, s["y"] - r, s["x"] + r, s["y"] + r)
        assert [lid for lid, box in cards.items() if overlaps(spot, box)] == [], s["id"]
        assert spot[0] >= 0 and spot[2] <= desc["layout"]["width"]
        assert spot[1] >= 0 and spot[3] <= desc["layout"]["height"]


def test_cards_read_in_words_without_internal_ids() -> None:
    # Actions.3, Battle.9 (issue 15: no internal id reaches a player).
    desc = described()
    texts = [
        str(v) for face in [*desc["cards"].values(), desc["bluff"]] for v in face.values() if v is not None
    ]
    assert [t for t in texts if SNAKE_CASE.search(t)] == []
    deus_vult = desc["cards"]["c01"]
    assert deus_vult["action"] == "Gain 2 Footmen"
    assert deus_vult["benefits"] == ["Footman", "Faith"]  # upper first (Cards.Anatomy.2)


def test_a_test_map_is_laid_out_too(tmp_path: Path) -> None:
    # A pack with a tenth Location (a test map): laid out one Location to a row, north first.
    for name in ("map", "locations", "cards", "components", "tracks"):
        shutil.copy(DATA / f"{name}.json", tmp_path / f"{name}.json")
    source = {"kind": "reconstructed", "reason": "a test map"}
    board = json.loads((tmp_path / "map.json").read_text(encoding="utf-8"))
    board["locations"].append(
        {
            "id": "krak",
            "name": "Krak",
            "arrives": "setup",
            "place": {"lat": 34.76, "lon": 36.29, "source": source},
            "source": source,
        }
    )
    board["regions"].append(
        {
            "id": "krak_region",
            "location": "krak",
            "church_mosque_spaces": {"count": 1, "source": source},
            "source": source,
        }
    )
    board["adjacency"].append({"a": "krak", "b": "tripoli", "source": source})
    board["fortress_spaces"].append({"id": "krak_tripoli", "between": ["krak", "tripoli"], "source": source})
    (tmp_path / "map.json").write_text(json.dumps(board), encoding="utf-8")
    cities = json.loads((tmp_path / "locations.json").read_text(encoding="utf-8"))
    side = {"costs": [1, 2, 3, 4], "income": [0, 1, 1, 1], "ransack": 2}
    cities["cities"].append(
        {
            "location": "krak",
            "four": side,
            "two": {**side, "costs": [1, 2, 3], "income": [0, 1, 1]},
            "source": source,
        }
    )
    (tmp_path / "locations.json").write_text(json.dumps(cities), encoding="utf-8")
    desc = board_description(load_pack(tmp_path))
    assert len(desc["locations"]) == 10
    cards = boxes(desc)
    ids = list(cards)
    assert [(a, b) for i, a in enumerate(ids) for b in ids[i + 1 :] if overlaps(cards[a], cards[b])] == []
    rows = sorted(desc["locations"], key=lambda loc: loc["y"])
    assert rows[0]["id"] == "iconium" and rows[-1]["id"] == "ascalon"  # north at the top
