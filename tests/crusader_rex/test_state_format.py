"""Positions written by hand in the documented state format (docs/crusader-rex/state.md)."""

from __future__ import annotations

import copy
import json

import pytest

from outremer.engine.errors import BadSave
from outremer.games.crusader_rex.game import CrusaderRex
from outremer.games.crusader_rex.positions import position

G = CrusaderRex()


def hand_written() -> dict:
    """A card phase of 1189, game turn 2, edited by hand into an empty position's JSON."""
    data = json.loads(json.dumps(G.to_json(position(year=1189, turn=2, p1=None))))
    data["loc"].update({"richard": "Acre", "saladin": "Hama", "balian": "Nablus"})
    data["steps"].update({"richard": 4, "saladin": 3, "balian": 2})
    data["hands"] = {"Franks": ["move3_1", "manna"], "Saracens": ["move2_1", "move1_1"]}
    # The card decision of 4.1 inside the game turn inside the game (docs/crusader-rex/state.md).
    data["stack"] = [
        {"kind": "game"},
        {"kind": "turn", "stage": "revealed"},
        {"kind": "card", "roles": ["Franks", "Saracens"]},
    ]
    return data


def format_1(data: dict) -> dict:
    """``data`` as a state of format 1 wrote it: the decision and who is asked, no stack."""
    old = {k: v for k, v in data.items() if k != "stack"}
    old["format"] = "outremer/crusader-rex/state/1"
    old["phase"], old["active"] = "card", ["Franks", "Saracens"]
    return old


def test_a_hand_written_position_loads_and_plays():
    s = G.from_json(hand_written())
    assert G.legal_actions(s, "Franks") == [("card", "move3_1"), ("card", "manna")]
    G.apply_in_place(s, "Franks", ("card", "move3_1"))
    G.apply_in_place(s, "Saracens", ("card", "move1_1"))
    assert s.p1 == "Franks" and s.phase == "move"  # 4.1: the higher card moves first
    assert G.to_json(G.from_json(G.to_json(s))) == G.to_json(s)


def test_a_position_of_format_1_loads_with_the_stack_beneath_its_phase():
    # A state saved before the stack named only the phase and who acts: read as format 2, it gets
    # the same procedures under way as the hand-written one above and plays on the same way.
    data = hand_written()
    old = G.from_json(format_1(data))
    assert G.to_json(old) == G.to_json(G.from_json(data))
    assert old.phase == "card" and G.active_roles(old) == ("Franks", "Saracens")


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (lambda d: d["loc"].update(richard="Paris"), "unknown place 'Paris'"),
        (lambda d: d["steps"].update(richard=5), "richard"),
        (lambda d: d["steps"].update(saladin=0), "strength 0"),
        (lambda d: d["loc"].pop("saladin"), "missing"),
        (lambda d: d["loc"].update(saladin="Masyaf"), "may not be in Masyaf"),
        (lambda d: d["hands"].update(Saracens=["move3_1"]), "dealt twice"),
        (lambda d: d["hands"].update(Saracens=["joker"]), "unknown card 'joker'"),
        (lambda d: d["stack"].append({"kind": "lunch"}), "unknown procedure 'lunch'"),
        (lambda d: d.update(stack=[{"kind": "card", "roles": ["Byzantines"]}]), "stack"),
        (lambda d: d.update(year=1066), "year"),
        (lambda d: d.update(format="chess"), "format"),
        (lambda d: d.pop("flags"), "flags"),
        (lambda d: d["castle"].append("richard_the_third"), "castle"),
    ],
)
def test_a_broken_position_is_refused_saying_what_is_wrong(edit, message):
    data = copy.deepcopy(hand_written())
    edit(data)
    with pytest.raises(BadSave, match=message):
        G.from_json(data)


def test_a_position_of_format_1_with_an_unknown_phase_is_refused():
    data = format_1(hand_written())
    data["phase"] = "lunch"
    with pytest.raises(BadSave, match="unknown procedure 'lunch'"):
        G.from_json(data)


def test_not_an_object_is_refused():
    with pytest.raises(BadSave):
        G.from_json([1, 2, 3])  # type: ignore[arg-type]
