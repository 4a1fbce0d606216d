"""Assaults (§17.7) on built positions, and the assault on Acre replayed with its dice
(§Example.C6.End)."""

from __future__ import annotations

from outremer.games.kingdom_of_heaven import assault, forces
from outremer.games.kingdom_of_heaven.procedures import PROCEDURES

from .positions_strongholds import act, dice, done, drive, give, pieces, position, recorded

C, M = "christian", "muslim"


def _acre(state):
    state.cities["acre"] = "ayyubids"
    forces.put(state, "field", "acre", "crusaders", pieces({"3-4": 5}, leaders=["richard"]))
    forces.put(state, "field", "acre", "hospitallers", pieces(reduced={"3-4": 1}))
    forces.put(state, "inside", "acre", "ayyubids", pieces({"2-6": 1}, {"2-6": 3}))
    state.sieges["acre"] = {"besieger": C, "rf": 2, "blockade": False}


def test_the_assault_on_acre(monkeypatch):
    # §Example.C6.End L1367-L1368: 22 on the 17-25 column, two left to 7-10, +1 for Richard; the
    # garrison's 5 on 3-6 with +2; both roll 3: two steps against one, a major victory, Acre falls;
    # the one step lost is a Crusader's (§13.5); the failed calls reset; the marker roll at 5 or less.
    state = position("D")
    _acre(state)
    state.failed_calls[C] = 1
    faces = dice(monkeypatch, [3, 3])
    with recorded() as seen:
        drive(state, "assault", player=C, space="acre")
        act(state, C, "pass")
        act(state, M, "pass")  # offered with an empty hand
        assert done(state) == {"kind": "assault", "taken": True}
    assert forces.at(state, "field", "acre")["crusaders"] == pieces({"3-4": 4}, {"3-4": 1}, ["richard"])
    assert faces == []
    assert state.cities["acre"] != "ayyubids" and state.dead["ayyubids"]["full"]["2-6"] == 4
    assert "acre" not in state.inside and "acre" not in state.sieges
    assert state.failed_calls[C] == 0
    assert [f for f in seen if f["kind"] == "advantage"] == [
        {"kind": "advantage", "player": C, "at_most": 5, "why": "capture", "space": "acre"}
    ]


def test_a_failed_assault_raises_the_rf_and_the_defender_takes_his_losses(monkeypatch):
    # §17.7.4 L1139; §17.7.1: a step flips a Full castle.
    state = position("G")
    forces.put(state, "field", "homs", "mongols", pieces({"4-6": 3}, leaders=["hulegu"]))  # 12 + 4 = 16
    forces.put(state, "inside", "homs", "ayyubids", pieces({"2-6": 2}))
    state.sieges["homs"] = {"besieger": C, "rf": 3, "blockade": True}
    assert assault.defender_strength(state, "homs") == 7 and assault.defender_steps(state, "homs") == 6
    faces = dice(monkeypatch, [6, 6])  # 16 on 11-16 shifted 3 left: 1-2 column at 7 = 1; the walls' 7 at 8
    with recorded():
        drive(state, "assault", player=C, space="homs")
        act(state, C, "pass")
        act(state, M, "pass")
        assert ("lose", "castle", "castle", "castle") in PROCEDURES.legal(state, M)
        act(state, M, "lose", "castle", "castle", "castle")
        while PROCEDURES.deciders(state) == (C,) and PROCEDURES.legal(state, C)[0][0] == "lose":
            act(state, C, *PROCEDURES.legal(state, C)[0])
        assert done(state) == {"kind": "assault", "taken": False}
    assert faces == []
    assert state.sieges["homs"]["rf"] == 4 and state.castles["homs"] == {"power": "ayyubids", "low": True}


def test_an_empty_city_falls_to_any_result(monkeypatch):
    # §17.7.2 L1127, K72: no intrinsic garrison, so any result takes it, even none inflicted.
    state = position("G")
    forces.put(state, "field", "damascus", "mongols", pieces({"2-4": 1}))  # 2, shifted off the table by RF 4
    forces.put(state, "inside", "damascus", "ayyubids", pieces(leaders=["yusuf"]))
    state.sieges["damascus"] = {"besieger": C, "rf": 4, "blockade": True}
    dice(monkeypatch, [1, 1])
    with recorded() as seen:
        drive(state, "assault", player=C, space="damascus")
        act(state, C, "pass")
        act(state, M, "pass")
        assert done(state)["taken"] is True
    assert state.cities["damascus"] == "mongols"
    assert [f["leaders"] for f in seen if f["kind"] == "leader_loss"] == [["yusuf"]]


def test_the_better_leader_and_the_walls_modify_the_rolls():
    # §17.7 L1115-L1116.
    state = position("G")
    forces.put(state, "field", "damascus", "mongols", pieces({"2-4": 1}, leaders=["hulegu"]))
    forces.put(state, "inside", "damascus", "ayyubids", pieces({"2-6": 1}, leaders=["yusuf"]))
    state.sieges["damascus"] = {"besieger": C, "rf": 4, "blockade": True}
    assert assault.leader_drm(state, "damascus") == (1, 0)
    forces.take(state, "field", "damascus", "mongols", pieces(leaders=["hulegu"]))
    assert assault.leader_drm(state, "damascus") == (0, 1)
    assert assault.DEFENDER_DRM == 2


def test_major_victory():
    # §13.4 L806: twice the losses, or any when none suffered.
    assert assault.major(2, 1) and assault.major(1, 0)
    assert not assault.major(3, 2) and not assault.major(0, 0)


def test_blue_siege_events_in_the_assault_and_their_canceller(monkeypatch):
    # §8.4.2 L472, §17.7 L1119: only blue siege events; Countermines cancels Sappers and Miners.
    state = position("G")
    forces.put(state, "field", "homs", "mongols", pieces({"4-6": 4}, leaders=["hulegu"]))
    forces.put(state, "inside", "homs", "ayyubids", pieces({"2-6": 1}))
    state.sieges["homs"] = {"besieger": C, "rf": 3, "blockade": True}
    give(state, C, "2", "15", "32")  # Sappers and Miners (blue), Escalade (blue), Construct Siege Tower
    give(state, M, "38", "41")  # Countermines, The Walls Hold (blue)
    dice(monkeypatch, [1, 1])
    with recorded():
        drive(state, "assault", player=C, space="homs")
        assert PROCEDURES.legal(state, C) == [("event", "15"), ("event", "2"), ("pass",)]
        act(state, C, "event", "2")
        act(state, C, "event", "15")
        act(state, C, "pass")
        assert PROCEDURES.legal(state, M) == [("event", "38"), ("event", "41"), ("pass",)]
        act(state, M, "event", "38")
        act(state, M, "event", "41")
        act(state, M, "pass")
        frame = state.stack[-1]
        assert frame["kind"] != "assault" or frame["drm"] == {"attacker": 1, "defender": 1}
