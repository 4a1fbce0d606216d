"""Foraging and attrition (§10.7, §15.1, §15.2, §10.6.Boxes; K51-K53)."""

from __future__ import annotations

from outremer.games.kingdom_of_heaven import foraging, movement
from outremer.games.kingdom_of_heaven.procedures import PROCEDURES

from .positions_movement import do, feed, position, put, said


def _entry(space, stronghold=None, harsh=False, crossed=False, rest=0, start=False):
    return {
        "space": space,
        "stronghold": stronghold,
        "harsh": harsh,
        "pass": crossed,
        "rest": rest,
        "start": start,
    }


def test_the_route_modifiers():
    # §15.2 L895-L899 (K51): +2 enemy stronghold, +2 pass, +1 Harsh, -1 friendly stronghold, -1 per extra MP
    assert foraging.route_av([_entry("a", "enemy")]) == 2
    assert foraging.route_av([_entry("a", crossed=True)]) == 2
    assert foraging.route_av([_entry("a", harsh=True)]) == 1
    assert foraging.route_av([_entry("a", "friendly", harsh=True)]) == -1  # the stronghold negates the Harsh
    assert foraging.route_av([_entry("a", "friendly", rest=2)]) == -3
    assert (
        foraging.route_av([_entry("a", "surrendered", rest=1)]) == -1
    )  # §15.2 L899: counting those that surrender
    assert foraging.route_av([_entry("a", "friendly", rest=1, start=True)]) == -1  # resting where it began


def test_a_shadower_counts_each_space_once_the_mover_each_entry():
    # K52: §12.4.2.Example counts Bosra once for the shadower; §Example.C7 counts Acre twice for Richard
    twice = [_entry("bosra", "friendly"), _entry("as_salt", harsh=True), _entry("bosra", "friendly")]
    assert foraging.route_av(twice, per_space=True) == 0
    assert foraging.route_av(twice) == -1


def test_when_foraging_is_needed():
    # §10.7 L632, §15.1 L872-L876, K53
    assert foraging.needs_forage([_entry("a", "enemy")], True, True, False)
    assert not foraging.needs_forage([_entry("a", harsh=True)], True, True, False)  # friendly start and end
    assert foraging.needs_forage([_entry("a", harsh=True)], True, False, False)
    assert not foraging.needs_forage([_entry("a", "friendly", harsh=True)], False, False, False)  # K53
    assert not foraging.needs_forage([_entry("a", "surrendered")], False, False, False)  # §15.1 L872
    assert foraging.needs_forage([], True, True, True)  # §12.4.2: shadowed


def test_foraging_example(monkeypatch):
    # §15.2.Example L911-L914: Louis IX, Edward and five units rest a MP in Acre, move by Tiberias
    # (friendly castle) and Banias (Mamluk castle) to Damascus; AV 5 + 4 - 2 = 7; a 6 costs two steps,
    # two units reduced, none eliminated (§15.2 L909).
    state = position("F")
    state.castles["tiberias"] = {"power": "jerusalem", "low": False}
    state.castles["banias"] = {"power": "mamluks", "low": False}
    state.cities["acre"], state.cities["damascus"] = "jerusalem", "mamluks"
    for province in ("jerusalem", "damascus"):
        state.owners[province] = "jerusalem" if province == "jerusalem" else "mamluks"
    put(state, "damascus", "mamluks", {"2-6": 2}, place="inside")
    force = {"crusaders": put(state, "acre", "crusaders", {"3-4": 5}, leaders=["louis_ix", "edward"])}
    feed(monkeypatch, [6])
    movement.start(state, "christian", "acre", force, "louis_ix", 2)
    PROCEDURES.settle(state)
    do(state, "christian", ("rest",))
    for space in ("tiberias", "banias", "damascus"):
        do(state, "christian", ("move", space))
        while PROCEDURES.deciders(state) == ("muslim",):  # the garrison neither reacts nor comes out
            do(state, "muslim", ("roll",) if state.stack[-1]["kind"] == "reactions" else ("done",))
    assert movement.mp_left(state, PROCEDURES.find(state, "march")) == 0
    do(state, "christian", ("stop",))
    assert said(state, "AV 7")
    assert state.field["damascus"]["crusaders"]["full"] == {"3-4": 3}
    assert state.field["damascus"]["crusaders"]["reduced"] == {"3-4": 2}
    assert not state.stack


def test_a_reduced_unit_dies_only_when_none_is_full(monkeypatch):
    # §15.2 L909: the owner chooses among full units; a reduced one goes only when no full is left
    state = position("D")
    put(state, "acre", "crusaders", {"3-4": 1}, {"3-4": 1})
    put(state, "acre", "hospitallers", {"3-4": 1})
    force = {p: dict(g) for p, g in state.field["acre"].items()}
    feed(monkeypatch, [10])
    foraging.push(state, "christian", "acre", force, "event", 20)
    PROCEDURES.settle(state)
    legal = PROCEDURES.legal(state, "christian")
    assert legal == [("lose", "crusaders", "full", "3-4"), ("lose", "hospitallers", "full", "3-4")]


def test_asia_minor_leaves_the_byzantines_out(monkeypatch):
    # §10.6.Boxes L626, §15.1 L882, §15.2 L903: +5 and only that; Byzantines neither count nor lose
    state = position("D")
    force = {
        "crusaders": put(state, "constantinople", "crusaders", {"3-4": 2}, leaders=["barbarossa"]),
        "byzantium": put(state, "constantinople", "byzantium", {"2-4": 3}),
    }
    feed(monkeypatch, [1])
    movement.start(state, "christian", "constantinople", force, "barbarossa", 1)
    PROCEDURES.settle(state)
    do(state, "christian", ("move", "konya"))
    assert said(state, "AV 7")  # two Crusader units + 5, the three Byzantines not counted


def test_a_low_attrition_value_needs_no_roll():
    # §15.2 L907: an AV below 1 never suffers attrition
    state = position("D")
    force = {"crusaders": put(state, "acre", "crusaders", {"3-4": 1})}
    foraging.push(state, "christian", "acre", force, "march", -2)
    PROCEDURES.settle(state)
    assert said(state, "no roll") and not state.stack


def test_a_roll_waiting_under_another_counts_only_the_pieces_still_there(monkeypatch):
    # §15.2 L889, L909: the Attrition Value counts the force's units and the losses fall on them;
    # pushed at the end of a move under other rolls, it finds one unit already gone (a random game
    # took a step from a unit no longer in the space)
    state = position("D")
    put(state, "acre", "crusaders", {"3-4": 2})
    force = {p: dict(g) for p, g in state.field["acre"].items()}
    force["hospitallers"] = {"full": {"3-4": 1}, "reduced": {}, "leaders": []}  # gone before the roll
    rolls = feed(monkeypatch, [10])
    foraging.push(state, "christian", "acre", force, "event", 20)
    PROCEDURES.settle(state)
    assert said(state, "AV 22") and not rolls
    assert PROCEDURES.legal(state, "christian") == []  # one kind of unit left: no choice
    assert state.dead["crusaders"]["full"] == {"3-4": 2} and not state.dead["hospitallers"]["full"]
