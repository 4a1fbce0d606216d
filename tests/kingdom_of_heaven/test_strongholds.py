"""Strongholds (§17.1-§17.5, §17.10, §17.11) on built positions: inside or outside, the RF, the Call
for Surrender and its modifiers, the capture, garrisons and the dissolution of a Power."""

from __future__ import annotations

from outremer.games.kingdom_of_heaven import diplomacy, forces, strongholds, views
from outremer.games.kingdom_of_heaven.effects import run
from outremer.games.kingdom_of_heaven.procedures import PROCEDURES
from outremer.games.kingdom_of_heaven.replacement import in_play, powers_of
from outremer.games.kingdom_of_heaven.strongholds import (
    call_drm,
    can_call,
    dissolve_if_gone,
    rf,
    room,
    threat,
)

from .positions_strongholds import act, dice, done, drive, pieces, position, recorded

C, M = "christian", "muslim"


def test_rf_of_a_port_city_counts_steps_and_the_port():
    # §17.4, §Example.C4 L1330: Acre with two 2-6 inside: 3 + 2 + 1 = 6.
    state = position("D")
    state.cities["acre"] = "ayyubids"
    forces.put(state, "inside", "acre", "ayyubids", pieces({"2-6": 2}))
    assert rf(state, "acre") == 6
    forces.put(state, "inside", "acre", "ayyubids", pieces({"2-6": 2}))
    assert rf(state, "acre") == 6  # at most +2 for steps


def test_rf_of_castles_orders_and_low_side():
    # §17.4 L993-L994: +1 an Order's castle, -1 a Low castle unless an Order's.
    state = position("G")
    assert rf(state, "homs") == 3
    assert rf(state, "hama") == 2  # Low
    state.castles["hama"] = {"power": "templars", "low": True}
    assert rf(state, "hama") == 4  # §17.4: no -1 on an Order's Low side
    state.castles["hama"]["low"] = False
    assert rf(state, "hama") == 4


def test_rf_is_fixed_once_a_siege_starts():
    # §17.4 L997.
    state = position("G")
    state.sieges["homs"] = {"besieger": C, "rf": 7, "blockade": False}
    assert rf(state, "homs") == 7


def test_rf_stays_within_zero_and_eight():
    # §17.4 L995.
    state = position("D")
    state.cities["acre"] = "ayyubids"
    forces.put(state, "inside", "acre", "ayyubids", pieces({"3-6": 4}, leaders=["saladin"]))
    assert strongholds.clamp(12) == 8 and strongholds.clamp(-3) == 0
    assert rf(state, "acre") == 8  # 3 + 2 + 1 + 2 = 8


def test_the_defender_chooses_who_goes_inside_within_capacity():
    # §17.2, §17.2.1: a castle holds three pieces, leaders and units together.
    state = position("G")
    forces.put(state, "field", "homs", "ayyubids", pieces({"2-6": 3}, leaders=["yusuf"]))
    with recorded():
        drive(state, "stronghold_entry", space="homs", player=M)
        for _ in range(3):
            act(state, M, "in", "ayyubids", "full", "2-6")
        assert room(state, "homs") == 0
        assert all(a[0] != "in" for a in PROCEDURES.legal(state, M))
        act(state, M, "done")
    assert forces.at(state, "field", "homs")["ayyubids"]["leaders"] == ["yusuf"]


def test_a_piece_that_went_inside_is_not_offered_out_again_in_the_same_choice():
    # §17.2: the holder chooses who goes inside, a piece at a time; a kind just sent in is not
    # offered out (that would only undo the step, and the two could go round without end), nor a
    # kind sent out offered in; other kinds still are, and the choice ends
    state = position("G")
    forces.put(state, "field", "homs", "ayyubids", pieces({"2-6": 2, "2-4": 1}))
    forces.put(state, "inside", "homs", "ayyubids", pieces({"3-6": 1}))
    with recorded():
        drive(state, "stronghold_entry", space="homs", player=M)
        act(state, M, "in", "ayyubids", "full", "2-6")
        act(state, M, "out", "ayyubids", "full", "3-6")
        legal = PROCEDURES.legal(state, M)
        assert ("out", "ayyubids", "full", "2-6") not in legal
        assert ("in", "ayyubids", "full", "3-6") not in legal
        assert ("in", "ayyubids", "full", "2-4") in legal and ("done",) in legal
        act(state, M, "done")
    assert forces.at(state, "inside", "homs")["ayyubids"]["full"] == {"2-6": 1}


def test_call_modifiers_small_army_and_failures():
    # §17.5 L1008-L1011, §Example.C1 L1306: Richard with five units: +1 -2 = -1.
    state = position("D")
    force = {"crusaders": pieces({"3-4": 5}, leaders=["richard"])}
    forces.put(state, "field", "limassol", "crusaders", force["crusaders"])
    assert call_drm(state, C, "limassol", force, "richard") == -1
    state.failed_calls[C] = 2
    assert call_drm(state, C, "limassol", force, "richard") == -3


def test_richards_call_at_limassol_fails_and_is_counted(monkeypatch):
    # §Example.C1 L1306: Limassol's RF is 3 + 1 for the port (the example's "17.4"); Richard's call,
    # -1 in all, rolls a 2 and fails, and the Christian's failed calls go to 1: the example's
    # "17.4.1" is §17.5.1's track (K1)
    state = position("D")
    state.political["cyprus_principality"] = M
    force = {"crusaders": pieces({"3-4": 5}, leaders=["richard"])}
    forces.put(state, "field", "limassol", "crusaders", force["crusaders"])
    assert rf(state, "limassol") == 4 and can_call(state, C, "limassol")
    dice(monkeypatch, [2])
    with recorded():
        drive(state, "call", player=C, space="limassol", group=force)
    assert state.failed_calls[C] == 1 and not done(state)["fell"]
    assert state.castles["limassol"]["power"] == "cyprus_principality"
    assert not can_call(state, C, "limassol")  # once a turn (§17.5 L1002)


def test_an_enemy_army_in_reach_penalises_the_call():
    # §17.5 L1012: half the active strength, within one activation's MP.
    state = position("G")
    force = {"mongols": pieces({"4-6": 2}, leaders=["hulegu"])}  # 8 + 4 = 12
    forces.put(state, "field", "homs", "mongols", force["mongols"])
    forces.put(state, "field", "damascus", "ayyubids", pieces({"2-6": 2}, leaders=["yusuf"]))  # 4 + 2 = 6
    assert threat(state, C, "homs", 12)
    assert not threat(state, C, "homs", 13)
    forces.take(state, "field", "damascus", "ayyubids", pieces(leaders=["yusuf"]))
    assert not threat(state, C, "homs", 12)  # no leader, no activation


def test_one_call_per_stronghold_per_turn_and_none_with_enemies_outside(monkeypatch):
    # §17.5 L1004-L1006.
    state = position("G")
    force = {"mongols": pieces({"4-6": 6}, leaders=["hulegu"])}
    forces.put(state, "field", "homs", "mongols", force["mongols"])
    assert can_call(state, C, "homs")
    dice(monkeypatch, [1])
    with recorded():
        drive(state, "call", player=C, space="homs", group=force)
    assert not can_call(state, C, "homs")
    state.calls.clear()
    forces.put(state, "field", "homs", "ayyubids", pieces({"2-6": 1}))
    assert not can_call(state, C, "homs")


def test_a_city_surrender_stops_the_army_and_takes_prisoners(monkeypatch):
    # §17.5.1 L1015-L1016: the garrison dead, leaders prisoners; a city's fall stops the army (K70).
    state = position("G")
    force = {"mongols": pieces({"4-6": 6}, leaders=["hulegu"])}
    forces.put(state, "field", "damascus", "mongols", force["mongols"])
    forces.put(state, "inside", "damascus", "ayyubids", pieces(reduced={"2-6": 1}, leaders=["yusuf"]))
    assert rf(state, "damascus") == 4  # 3 + 0 (one step) + 1
    dice(monkeypatch, [6])
    with recorded() as seen:
        drive(state, "call", player=C, space="damascus", group=force)
        assert done(state) == {"kind": "call", "fell": True, "stop": True}
    assert state.cities["damascus"] == "mongols"
    assert state.prisoners[C] == ["yusuf"] and state.dead["ayyubids"]["full"]["2-6"] >= 1
    assert state.failed_calls[C] == 0
    assert seen[-1] == {"kind": "advantage", "player": C, "at_most": 3, "why": "capture", "space": "damascus"}


def test_a_castle_surrender_by_the_bare_minimum_stops_the_army(monkeypatch):
    # §17.5.1 L1016, K70: going on needs the lowest success beaten by one or more.
    state = position("G")
    force = {"mongols": pieces({"4-6": 6}, leaders=["hulegu"])}
    forces.put(state, "field", "homs", "mongols", force["mongols"])
    dice(monkeypatch, [3])  # 3 + 1 = 4 > RF 3, but not 5
    with recorded():
        drive(state, "call", player=C, space="homs", group=force)
        act(state, C, "low")
        assert done(state)["stop"] is True


def test_a_surrender_does_not_reset_failed_calls(monkeypatch):
    # §17.5.1 L1017-L1018, K73: only a capture by assault resets them; but the surrender, treated
    # as an assault's capture, gives the Diplomatic Advantage roll (§9.3 L522), at 1 for a castle
    # that is no VP space
    state = position("G")
    state.failed_calls[C] = 1
    force = {"mongols": pieces({"4-6": 6}, leaders=["hulegu"])}
    forces.put(state, "field", "homs", "mongols", force["mongols"])
    dice(monkeypatch, [6])
    with recorded() as seen:
        drive(state, "call", player=C, space="homs", group=force)
        act(state, C, "restore", "full", "4-6")
    assert state.failed_calls[C] == 1
    assert [(f["kind"], f["player"], f["at_most"]) for f in seen] == [("advantage", C, 1)]
    assert state.castles["homs"] == {"power": "mongols", "low": False}  # §17.10.1: restored by a step
    assert forces.at(state, "field", "homs")["mongols"]["reduced"] == {"4-6": 1}


def test_the_province_power_marks_a_captured_castle():
    # §17.7.3 L1133: the castle of a friendly province takes that Power's marker.
    state = position("G")
    state.owners["aleppo"] = "armenia"
    choices = strongholds.marker_choices(state, C, "hama", ["mongols"])
    assert choices == ["armenia"]


def test_the_orders_castle_counters_are_limited(monkeypatch):
    # §17.7.3 L1135, K90: the Templars' five castle counters all on the map, a castle the Templars
    # take with the Crusaders gets a Crusader marker; taken by Templars alone, one of another Power
    # of the captor's (the Christian player chooses), never a sixth Templar castle
    state = position("D")
    both = ["templars", "crusaders"]
    assert strongholds.marker_choices(state, C, "hama", both) == ["crusaders", "templars"]
    state.castles["harim"]["power"] = "templars"  # the fifth of five
    assert strongholds.marker_choices(state, C, "hama", both) == ["crusaders"]
    force = {"templars": pieces({"3-4": 6}, leaders=["gerard_ridefort"])}
    forces.put(state, "field", "hama", "templars", force["templars"])
    dice(monkeypatch, [6])
    with recorded():
        drive(state, "call", player=C, space="hama", group=force)
        legal = PROCEDURES.legal(state, C)
        assert ("marker", "templars") not in legal
        assert {("marker", "crusaders"), ("marker", "jerusalem"), ("marker", "antioch")} <= set(legal)
        act(state, C, "marker", "jerusalem")
    assert state.castles["hama"]["power"] == "jerusalem"
    assert sum(c["power"] == "templars" for c in state.castles.values()) == 5
    # another Power's castles may be made up (the note): the Crusaders' four are no limit
    for space in ("homs", "baalbek", "banias", "sidon"):
        state.castles[space]["power"] = "crusaders"
    assert strongholds.marker_choices(state, C, "harran", ["crusaders"]) == ["crusaders"]


def test_garrison_event_refills_low_castles():
    # §17.10.1 L1159: events refill castles; the player picks them.
    state = position("G")
    state.castles["homs"]["low"] = True
    with recorded():
        state.stack = [{"kind": "probe"}]
        run(state, M, {"kind": "garrison", "castles": 1}, {"card": "41"})
        PROCEDURES.settle(state)
        assert ("refill", "hama") in PROCEDURES.legal(state, M)
        act(state, M, "refill", "homs")
    assert state.castles["homs"]["low"] is False and state.castles["hama"]["low"] is True


def test_a_power_without_strongholds_is_dissolved():
    # §17.11 L1168, §Example.C2 L1311: Cyprus conquered, its marker off the display.
    state = position("D")
    held = [s for s, c in state.castles.items() if c["power"] == "cyprus_principality"]
    assert held
    for s in held:
        state.castles[s]["power"] = "crusaders"
    for s, p in list(state.cities.items()):
        if p == "cyprus_principality":
            state.cities[s] = "crusaders"
    forces.to_pool(state, "cyprus_principality", pieces({"2-4": 1}))
    assert dissolve_if_gone(state, "cyprus_principality")
    assert "cyprus_principality" not in state.political and "cyprus_principality" not in state.pools


def test_a_dissolved_powers_leaders_leave_the_game_wherever_they_are():
    # §17.11 L1168, K76: Armenia's leaders and units leave the game: on the map, inside a
    # stronghold, in the dead pile, held prisoner; its province passes to no Power (K83)
    state = position("D")
    for c in state.castles.values():
        if c["power"] == "armenia":
            c["power"] = "seljuks"
    for space, p in list(state.cities.items()):
        if p == "armenia":
            state.cities[space] = "seljuks"
    forces.put(state, "field", "sis", "armenia", pieces({"2-4": 1}, leaders=["leo_ii"]))
    forces.put(state, "inside", "sis", "armenia", pieces({"2-6": 1}))
    state.dead["armenia"] = pieces({"2-4": 2})
    state.prisoners[M].extend(["hethum_i", "saladin"])  # another Power's prisoner stays one
    assert dissolve_if_gone(state, "armenia")
    assert state.prisoners[M] == ["saladin"] and "armenia" not in state.dead
    assert all("armenia" not in gs for place in (state.field, state.inside) for gs in place.values())
    assert state.owners["cilicia"] is None and "armenia" not in state.political


def test_the_exempt_powers_are_never_dissolved():
    # §17.11 L1169.
    state = position("G")
    for power in ("mongols", "crusaders", "byzantium", "templars", "hospitallers"):
        assert not dissolve_if_gone(state, power)
    assert not dissolve_if_gone(state, "ayyubids")  # still holds castles


def test_taking_a_powers_last_stronghold_dissolves_it(monkeypatch):
    # §17.11 L1168: Armenia's last stronghold surrenders; its pieces everywhere leave the game.
    state = position("G")
    state.cities["tarsus"] = "mongols"
    forces.put(state, "field", "aleppo", "armenia", pieces({"2-4": 1}))
    forces.to_pool(state, "armenia", pieces({"2-4": 2}))
    force = {"ayyubids": pieces({"2-6": 6}, leaders=["yusuf"])}
    forces.put(state, "field", "sis", "ayyubids", force["ayyubids"])
    dice(monkeypatch, [6])
    with recorded():
        drive(state, "call", player=M, space="sis", group=force)
        act(state, M, "low")
    assert state.castles["sis"]["power"] == "ayyubids"
    assert "armenia" not in state.political and "armenia" not in state.pools
    assert all(p != "armenia" for gs in state.field.values() for p in gs)


def test_pieces_inside_a_besieged_stronghold_stay_in():
    # §17.2 L968: once besieged, the besieged may not leave but to fight the besiegers.
    state = position("G")
    forces.put(state, "inside", "homs", "ayyubids", pieces({"2-6": 1}))
    forces.put(state, "field", "homs", "ayyubids", pieces({"2-6": 1}))
    with recorded():
        drive(state, "stronghold_entry", space="homs", player=M)
        assert ("out", "ayyubids", "full", "2-6") in PROCEDURES.legal(state, M)
        state.sieges["homs"] = {"besieger": C, "rf": 3, "blockade": False}
        assert ("out", "ayyubids", "full", "2-6") not in PROCEDURES.legal(state, M)


def _without_strongholds(state, power: str, taker: str) -> None:
    """Every castle and walled city of ``power`` handed to ``taker``."""
    for c in state.castles.values():
        if c["power"] == power:
            c["power"] = taker
    for space, holder in list(state.cities.items()):
        if holder == power:
            state.cities[space] = taker


def test_a_dissolved_kingdom_leaves_play_while_the_orders_keep_its_marker():
    # §17.11 L1168, §9.1.1 L504, K76, K94: the Kingdom with no stronghold is dissolved and is no
    # Power in play any more, for its player, its view and a second check; the Orders, never
    # dissolved, keep its marker and its side
    state = position("D")
    _without_strongholds(state, "jerusalem", "ayyubids")
    assert dissolve_if_gone(state, "jerusalem")
    assert state.political["jerusalem"] == "christian"  # the Orders' marker
    assert "jerusalem" not in in_play(state) and {"templars", "hospitallers"} <= set(in_play(state))
    assert "jerusalem" not in powers_of(state, "christian") and "templars" in powers_of(state, "christian")
    assert state.orientation("templars") == "christian"
    assert "jerusalem" not in views.view(state, "muslim")["in_play"]
    logged = len(state.log)
    assert not dissolve_if_gone(state, "jerusalem") and len(state.log) == logged  # dissolved once


def test_the_orders_marker_stays_open_to_diplomacy_after_the_kingdom_is_dissolved():
    # §9.1.1 L504, §9.2 L508, §17.11 L1168, K94: in G the Kingdom is open to diplomacy; dissolved,
    # it is no longer, but the marker it shared is the Orders', who are never dissolved
    state = position("G")
    _without_strongholds(state, "jerusalem", "mamluks")
    assert dissolve_if_gone(state, "jerusalem")
    assert "jerusalem" in diplomacy.targets(state, "muslim")
    diplomacy.shift(state, "jerusalem", "muslim", "§9.2")
    assert state.orientation("templars") == state.orientation("hospitallers") == "muslim"
    assert "jerusalem" not in powers_of(state, "muslim") and "templars" in powers_of(state, "muslim")
