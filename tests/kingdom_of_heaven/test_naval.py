"""Naval movement (§10.8; K59)."""

from __future__ import annotations

from outremer.games.kingdom_of_heaven import effects, events, movement, naval
from outremer.games.kingdom_of_heaven.common import data
from outremer.games.kingdom_of_heaven.procedures import PROCEDURES

from .positions_movement import do, feed, position, put, said


def _sail_richard(state, at, units=5, answer=("pass",)):
    put(state, at, "crusaders", {"3-4": units}, leaders=["richard"])
    movement.activate(state, "christian", None, 3, "richard", at)
    do(state, "christian", ("by_sea",))
    if at != "mediterranean":  # K43: the Muslim's window on the naval move, a pass always offered
        assert ("pass",) in PROCEDURES.legal(state, "muslim")
        do(state, "muslim", answer)
    for _ in range(units):
        do(state, "christian", ("take", "crusaders", "full", "3-4"))


def test_richard_lands_at_limassol(monkeypatch):
    # §Example.C1 L1304-L1307: from the Mediterranean box no fleet roll; the neutral Principality of
    # Cyprus turns pro-Muslim (§10.9); the foraging roll at AV 5 + 2 on a 3 costs nothing
    state = position("D")
    feed(monkeypatch, [3])
    _sail_richard(state, "mediterranean")
    assert ("take", "crusaders", "full", "3-4") not in PROCEDURES.legal(state, "christian")
    do(state, "christian", ("to", "limassol"))
    assert state.political["cyprus_principality"] == "muslim"
    assert ("besiege",) in PROCEDURES.legal(state, "christian")
    do(state, "christian", ("stop",))
    assert said(state, "AV 7") and not said(state, "Fleet")
    assert state.field["limassol"]["crusaders"]["full"] == {"3-4": 5}


def test_from_a_port_the_fleet_roll(monkeypatch):
    # §Example.C3 L1314: from Limassol to Tyre a 1 (1-4 wins, §10.8.Fleet) lets Richard sail
    state = position("D")
    state.castles["limassol"] = {"power": "crusaders", "low": False}
    feed(monkeypatch, [1])
    _sail_richard(state, "limassol")
    do(state, "christian", ("to", "tyre"))
    assert said(state, "Fleet availability") and state.field["tyre"]["crusaders"]["leaders"] == ["richard"]


def test_a_failed_fleet_roll_loses_the_activation(monkeypatch):
    # §10.8.Fleet L638
    state = position("D")
    state.castles["limassol"] = {"power": "crusaders", "low": False}
    feed(monkeypatch, [5])
    _sail_richard(state, "limassol", 1)
    do(state, "christian", ("to", "tyre"))
    assert state.field["limassol"]["crusaders"]["full"] == {"3-4": 1} and not state.stack


def test_fleet_unavailable_answers_the_naval_move(monkeypatch):
    # §8.4.3 L476, K43, K58: the Muslim plays Fleet Unavailable (-3) in the window on the naval
    # move from a port; a 2 no longer finds a fleet (at most 4 - 3), the activation is lost
    state = position("D")
    state.castles["limassol"] = {"power": "crusaders", "low": False}
    state.hands["muslim"].append("25")
    assert events.responses(state, "muslim", "naval") == ["25"]
    assert "25" not in events.responses(state, "muslim", "activation")  # only a naval move
    feed(monkeypatch, [2])
    _sail_richard(state, "limassol", 1, answer=("respond", "25"))
    assert "25" in state.discard
    do(state, "christian", ("to", "tyre"))
    assert said(state, "modifier +3") and said(state, "No fleet") and "tyre" not in state.field


def test_no_window_on_a_sailing_from_the_box():
    # §10.8.Fleet L638: out of the Mediterranean box no fleet roll, so nothing for a response to do
    state = position("D")
    state.hands["muslim"].append("25")
    _sail_richard(state, "mediterranean", 1)
    assert PROCEDURES.deciders(state) == ("christian",)


def test_a_leader_alone_rolls_one_less(monkeypatch):
    # §10.8.Fleet L638, K59: -1 to the roll for a leader moving alone, so a 5 succeeds
    state = position("D")
    state.castles["limassol"] = {"power": "crusaders", "low": False}
    feed(monkeypatch, [5, 1])
    _sail_richard(state, "limassol", 0)
    do(state, "christian", ("to", "tyre"))
    assert said(state, "modifier -1") and "tyre" in state.field


def test_only_the_christian_sails_without_an_event():
    # §10.8.Supremacy L642; §10.8 L636: OV 3
    state = position("D")
    put(state, "ascalon", "ayyubids", {"2-6": 1}, leaders=["saladin"])
    frame = movement.activate(state, "muslim", None, 3, "saladin", "ascalon")
    assert not movement.by_sea(state, frame)
    assert naval.may_sail(state, "muslim", "ascalon", "mediterranean", False, 3)
    assert naval.may_sail(state, "christian", "acre", "mediterranean", False, 2)
    assert naval.may_sail(state, "christian", "acre", "red", False, 3)


def test_units_without_a_leader_land_only_in_a_friendly_port():
    # §10.8 L636
    state = position("D")
    put(state, "acre", "crusaders", {"3-4": 1})
    frame = {
        "player": "christian",
        "at": "acre",
        "sea": "mediterranean",
        "group": {"crusaders": {"full": {"3-4": 1}, "reduced": {}, "leaders": []}},
    }
    landing = naval.ports(state, frame)
    assert "tyre" in landing and "ascalon" not in landing


def test_corsairs_sail_the_red_sea_without_a_fleet_roll():
    # §10.8.Supremacy L642: the Red Sea only by Corsairs (card 9), for either player; an event's
    # naval move needs no fleet roll (§10.8.Fleet L638)
    state = position("D")
    state.cities.pop("qulzum", None)
    state.castles.pop("qulzum", None)
    put(state, "qulzum", "ayyubids", {"2-6": 2}, leaders=["al_afdal"])
    effects.run(state, "muslim", data(state).cards.cards["9"].event[0], {"card": "9"})
    assert ("from", "qulzum", "al_afdal") in PROCEDURES.legal(state, "muslim")
    do(state, "muslim", ("from", "qulzum", "al_afdal"))
    do(state, "muslim", ("take", "ayyubids", "full", "2-6"))
    do(state, "muslim", ("to", "aila"))
    assert not said(state, "Fleet") and state.field["aila"]["ayyubids"]["leaders"] == ["al_afdal"]


def test_corsairs_offer_no_leaderless_voyage_with_no_friendly_port_to_land_in():
    # §10.8 L636: units without a leader land only in a friendly port; on the Red Sea, with Qulzum
    # not the Muslim's, units alone in Aila have nowhere to go, so Aila is no start for them (a
    # random game took and put back the same unit there without end)
    state = position("D")
    put(state, "aila", "ayyubids", {"2-6": 2})
    put(state, "qulzum", "jerusalem", {"2-4": 1})  # the Christian holds Qulzum
    effects.run(state, "muslim", data(state).cards.cards["9"].event[0], {"card": "9"})
    assert PROCEDURES.legal(state, "muslim") == [("none",)]
    put(state, "aila", "ayyubids", leaders=["al_afdal"])  # a leader may land in an enemy port
    assert PROCEDURES.legal(state, "muslim") == [("from", "aila", "al_afdal")]


def test_a_fleet_carries_five_units_at_most():
    # §10.8 L636: a leader and up to five units sail; a force formed larger before sailing puts
    # units back before it may choose a port
    state = position("D")
    state.castles["limassol"] = {"power": "crusaders", "low": False}
    put(state, "limassol", "crusaders", {"3-4": 7}, leaders=["richard"])
    movement.activate(state, "christian", None, 3, "richard", "limassol")
    for _ in range(6):
        do(state, "christian", ("take", "crusaders", "full", "3-4"))
    do(state, "christian", ("by_sea",))
    do(state, "muslim", ("pass",))
    legal = PROCEDURES.legal(state, "christian")
    assert not any(a[0] in ("to", "take") for a in legal)  # six taken: none more, and no voyage
    do(state, "christian", ("put_back", "crusaders", "full", "3-4"))
    assert ("to", "tyre") in PROCEDURES.legal(state, "christian")


def test_a_kind_put_back_is_not_taken_aboard_again():
    # §10.8 L636: the force sailing is formed a piece at a time; a kind put back is not offered
    # again in the same forming (taking it would only undo the putting back), the others are
    state = position("D")
    state.castles["limassol"] = {"power": "crusaders", "low": False}
    put(state, "limassol", "crusaders", {"3-4": 3, "2-4": 1}, leaders=["richard"])
    movement.activate(state, "christian", None, 3, "richard", "limassol")
    do(state, "christian", ("by_sea",))
    do(state, "muslim", ("pass",))
    do(state, "christian", ("take", "crusaders", "full", "3-4"))
    do(state, "christian", ("put_back", "crusaders", "full", "3-4"))
    legal = PROCEDURES.legal(state, "christian")
    assert ("take", "crusaders", "full", "3-4") not in legal
    assert ("take", "crusaders", "full", "2-4") in legal
