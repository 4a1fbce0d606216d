"""The browser board's description (board_view.py): every Region of the map pack drawn once, its
nine slots in its box with their shapes and icons as the pack prints them, no two boxes overlapping,
all inside the drawing, only Regions counted as locations. Keys are those of
docs/third-crusade/sections.md."""

from __future__ import annotations

import itertools
import json

from outremer.games.third_crusade.board_view import BOX, board_description
from outremer.games.third_crusade.common import pack_at

from .play import GAME


def test_every_region_is_drawn_once_with_its_slots() -> None:
    board = pack_at(None).board
    drawn = board_description()["regions"]
    assert [r["id"] for r in drawn] == list(board.regions)
    for r in drawn:
        region = board.regions[r["id"]]
        # Glossary.Slots: six squares, two hexagons, a trapezoid, with the icons printed on them
        assert [(s["shape"], s["icon"]) for s in r["slots"]] == [(s.shape, s.icon) for s in region.slots]
        for s in r["slots"]:
            assert r["x"] <= s["x"] and s["x"] + BOX["slot"] <= r["x"] + BOX["w"]
            assert r["y"] + BOX["label"] <= s["y"]
            assert s["y"] + BOX["slot"] <= r["y"] + BOX["h"] - BOX["orders"]


def test_no_two_region_boxes_overlap_and_all_lie_on_the_drawing() -> None:
    d = board_description()
    for r in d["regions"]:
        assert 0 <= r["x"] <= d["width"] - BOX["w"]
        assert 0 <= r["y"] <= d["height"] - BOX["h"]
    for a, b in itertools.combinations(d["regions"], 2):
        apart = abs(a["x"] - b["x"]) >= BOX["w"] or abs(a["y"] - b["y"]) >= BOX["h"]
        assert apart, (a["id"], b["id"])


def test_the_regions_alone_are_locations_and_the_roads_join_them() -> None:
    # docs/writing-a-title.md section 10: list entries with a name are locations
    d = GAME.board()
    entries = [e for v in d.values() if isinstance(v, list) for e in v if isinstance(e, dict)]
    named = [e["id"] for e in entries if "name" in e]
    assert named == list(pack_at(None).board.regions)
    assert {(r["a"], r["b"]) for r in d["roads"]} == {(r.a, r.b) for r in pack_at(None).board.roads}
    json.dumps(d)  # served as JSON
