"""The browser board's description (board_view.py): every Region of the map pack drawn once, its
nine slots in its box with their shapes and icons as the pack prints them, no two boxes overlapping,
all inside the drawing, only Regions counted as locations; and what it draws the variable set-up
from: the pieces with their costs, the viewer's own dealt cards and sealed choice, every legal
placement a piece, a Region and a slot of the board. Keys are those of
docs/third-crusade/sections.md."""

from __future__ import annotations

import itertools
import json

from outremer.games.third_crusade.board_view import BOX, board_description
from outremer.games.third_crusade.common import pack_at
from outremer.games.third_crusade.pieces import shape_of
from outremer.games.third_crusade.state import UNIT_KINDS, unit
from outremer.games.third_crusade.variable_setup import placements

from .play import GAME, play, start, through


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


def test_every_piece_the_variable_set_up_deploys_is_named_with_its_cost() -> None:
    # VariableSetup.Forces: Infantry 1, Cavalry 2, Siege Engine 4 deployment points, a Leader free
    pack = pack_at(None)
    named = GAME.board()["variable"]["pieces"]
    leaders = {x.id: x.name for x in pack.leaders.leaders.values() if x.variable_setup}
    assert set(named) == {"infantry", "cavalry", "siege_engine", *leaders}
    for kind, cost in (("infantry", 1), ("cavalry", 2), ("siege_engine", 4)):
        assert f"({cost} deployment point" in named[kind]
    assert all(named[lid] == f"Leader {name} (free)" for lid, name in leaders.items())
    assert "VariableSetup" in GAME.board()["variable"]["key"]


def test_the_view_gives_the_board_its_own_dealt_cards_and_sealed_choice_alone() -> None:
    # VariableSetup.Decks, V6: the cards dealt and the one laid face down are the holder's alone;
    # the board names them by the board description's Objectives
    state = start("variable_two_angevin_ayyubid")
    assert state.variable is not None
    hand = sorted(state.variable["hands"]["angevin"])
    objectives = GAME.board()["objectives"]
    mine = GAME.view(state, "angevin")
    assert sorted(mine["variable"]["hands"]["angevin"]) == hand and all(c in objectives for c in hand)
    assert sorted(a[1] for a in mine["legal"]) == hand  # each a pick of a dealt card
    play(state, "angevin", "discard", hand[2])
    mine, theirs = GAME.view(state, "angevin"), GAME.view(state, "ayyubid")
    assert mine["stack"][-1]["sealed"] == {"angevin": ["discard", hand[2]]}
    assert theirs["stack"][-1]["sealed"] == {"angevin": True}
    assert theirs["variable"]["hands"]["angevin"] == 4 and theirs["variable"]["discarded"]["angevin"] is False
    play(state, "ayyubid", *GAME.legal_actions(state, "ayyubid")[0])
    # VariableSetup.Deploy: the 3 kept shown to all, the one laid down still its holder's
    theirs = GAME.view(state, "ayyubid")["variable"]
    assert theirs["revealed"]["angevin"] == [c for c in hand if c != hand[2]]
    assert theirs["discarded"]["angevin"] is True
    assert GAME.view(state, "angevin")["variable"]["discarded"]["angevin"] == hand[2]


def test_every_legal_placement_is_a_piece_a_region_and_a_slot_of_its_shape_on_the_board() -> None:
    # VariableSetup.Deploy, Glossary.Slots: each placement is picked as the piece, the Region on the
    # map and an empty slot of the piece's shape there
    state = start("variable_two_angevin_ayyubid")
    through(state, "variable_discard")
    d = GAME.board()
    regions = {r["id"]: r for r in d["regions"]}
    for army in state.armies:
        for _, piece, rid, at in placements(state, army):
            assert piece in d["variable"]["pieces"] and rid in regions
            shape = shape_of(state, unit(army, piece) if piece in UNIT_KINDS else piece)
            assert regions[rid]["slots"][at]["shape"] == shape
            assert state.regions[rid]["slots"][at] is None
        assert placements(state, army)  # something to place at the start
