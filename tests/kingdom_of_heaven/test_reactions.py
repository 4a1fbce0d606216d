"""Interception, avoidance and shadowing (§11, §12, §18; K56-K58)."""

from __future__ import annotations

from copy import deepcopy as copy

from outremer.games.kingdom_of_heaven import forces, movement, reactions
from outremer.games.kingdom_of_heaven.procedures import PROCEDURES

from .positions_movement import do, feed, position, put, said


def _saladin_in_jaffa(state):
    # §Example.M6 L1369: Saladin's seven cavalry units reach Jaffa from Jerusalem
    return {"ayyubids": put(state, "jaffa", "ayyubids", {"3-6": 4, "2-6": 3}, leaders=["saladin"])}


def _richard_in_acre(state):
    return put(state, "acre", "crusaders", {"3-4": 4}, leaders=["richard"])


def test_richard_fails_to_intercept_saladin_at_jaffa(monkeypatch):
    # §Example.M6 L1371-L1373: Richard may intercept into Jaffa (no enemy stronghold); he needs his
    # battle rating 4 or less with +1 against a cavalry army (§18.2); a 6 fails
    state = position("D")
    _richard_in_acre(state)
    feed(monkeypatch, [6])
    PROCEDURES.push(
        state,
        "reactions",
        player="muslim",
        space="jaffa",
        came_from="jerusalem",
        group=_saladin_in_jaffa(state),
    )
    PROCEDURES.settle(state)
    assert PROCEDURES.deciders(state) == ("christian",)
    do(state, "christian", ("intercept", "acre", "richard"))
    do(state, "christian", ("roll",))
    assert said(state, "rating 4, modifier +1")
    assert "crusaders" not in state.field["jaffa"] and not state.stack


def test_a_successful_interception_moves_in(monkeypatch):
    # §11.2, §11.3: a 3 (+1 = 4) succeeds; the interceptor enters the space to attack
    state = position("D")
    _richard_in_acre(state)
    feed(monkeypatch, [3])
    group = _saladin_in_jaffa(state)
    PROCEDURES.push(state, "reactions", player="muslim", space="jaffa", came_from="jerusalem", group=group)
    PROCEDURES.settle(state)
    do(state, "christian", ("intercept", "acre", "richard"))
    do(state, "christian", ("roll",))
    assert state.field["jaffa"]["crusaders"]["leaders"] == ["richard"]


def test_one_always_succeeds_six_always_fails():
    # §11.2 L674, §12.1 L699
    assert reactions.succeeds(1, 5, 1)
    assert not reactions.succeeds(6, -5, 6)
    assert reactions.succeeds(2, -1, 1) and not reactions.succeeds(3, -1, 1)


def test_no_interception_into_an_enemy_stronghold_or_across_a_pass():
    # §Example.C7 L1377: Richard's return to Acre, a Christian stronghold, cannot be intercepted;
    # §11.1 L659: never across a pass
    state = position("D")
    _saladin_in_jaffa(state)
    group = {"crusaders": _richard_in_acre(state)}
    assert reactions.interceptions(state, {"player": "christian", "space": "acre", "group": group}) == []
    put(state, "mersin", "armenia", {"2-6": 1})
    state.political["armenia"] = "muslim"
    mover = {"crusaders": put(state, "herakleia", "crusaders", {"3-4": 1}, leaders=["barbarossa"])}
    assert reactions.interceptions(state, {"player": "christian", "space": "herakleia", "group": mover}) == []


def test_cavalry_alone_intercepts_at_rating_one():
    # §11.1 L658, §18.1 L1204: up to three cavalry without a leader, rating 1, and a cavalry army's -1
    state = position("D")
    put(state, "caesarea", "ayyubids", {"2-6": 4})
    mover = {"crusaders": put(state, "nablus", "crusaders", {"3-4": 2}, leaders=["richard"])}
    frame = {"player": "christian", "space": "nablus", "group": mover}
    assert ("intercept", "caesarea", "cavalry") in reactions.interceptions(state, frame)
    cav = reactions.cavalry_only(state, reactions.army(state, "caesarea", "muslim"))
    assert movement.size(cav) == 3 and reactions.rating(state, cav) == 1
    assert reactions.intercept_drm(state, frame, cav) == -1  # §18.2: a cavalry army's -1


def test_avoidance_limits():
    # §12.1 L707-L713: not by a pass, not into the space the enemy came from, not into an enemy
    # stronghold without a friendly unit; infantry alone may not avoid
    state = position("D")
    put(state, "hama", "ayyubids", {"2-4": 2})
    mover = {"crusaders": put(state, "homs", "crusaders", {"3-4": 1}, leaders=["richard"])}
    frame = {"player": "christian", "space": "hama", "came_from": "homs", "group": mover}
    assert reactions.avoidances(state, frame) == []
    put(state, "hama", "ayyubids", leaders=["al_afdal"])
    dests = reactions.avoid_to(state, frame, False)
    assert "homs" not in dests and dests


def _amalric():
    # §12.4.2.Example L752: the position of the shadowing example
    state = position("C")
    state.political["seljuks"] = "muslim"
    for space in ("bosra", "ras_al_ma"):
        state.castles[space] = {"power": "seljuks", "low": False}
    state.castles["belvoir"] = {"power": "jerusalem", "low": False}
    state.castles["kerak"] = {"power": "jerusalem", "low": False}
    state.cities["jerusalem"], state.cities["damascus"] = "jerusalem", "seljuks"
    state.owners["damascus"], state.owners["transjordan"] = "seljuks", "jerusalem"
    force = {
        "jerusalem": put(state, "jerusalem", "jerusalem", {"2-4": 4}, leaders=["amalric"]),
        "templars": put(state, "jerusalem", "templars", {"3-4": 1}),
    }
    put(state, "as_salt", "seljuks", {"2-6": 2})
    return state, force


def test_shadowing_example(monkeypatch):
    # §12.4.2.Example L752-L763: Amalric I (1/2/6) with a Templar 3-4 and four Jerusalem 2-4 from
    # Jerusalem by As-Salt, Bosra and Ras al-Ma' to Damascus; two Seljuk 2-6 shadow on a 2 (rating
    # 1, -1 cavalry army), their only first move Bosra; then As-Salt, Bosra, Ras al-Ma'. Amalric's AV
    # is 16, the shadowers' 1.
    state, force = _amalric()
    feed(monkeypatch, [2, 1, 1])
    movement.start(state, "christian", "jerusalem", force, "amalric", 1)
    PROCEDURES.settle(state)
    do(state, "christian", ("move", "as_salt"))
    do(state, "muslim", ("shadow",))
    do(state, "muslim", ("roll",))
    assert said(state, "rating 1, modifier -1")
    assert PROCEDURES.legal(state, "muslim") == [("to", "bosra")]
    do(state, "muslim", ("to", "bosra"))
    do(state, "christian", ("move", "bosra"))
    follows = {a for a in PROCEDURES.legal(state, "muslim") if a[0] == "follow"}
    assert follows == {("follow", "as_salt"), ("follow", "ras_al_ma")}  # not Belvoir nor al-Azraq
    do(state, "muslim", ("follow", "as_salt"))
    do(state, "christian", ("move", "ras_al_ma"))
    do(state, "muslim", ("follow", "bosra"))
    do(state, "christian", ("move", "damascus"))
    do(state, "muslim", ("follow", "ras_al_ma"))
    do(state, "christian", ("stop",))
    assert said(state, "AV 16")
    do(state, "christian", ("lose", "jerusalem", "full", "2-4"))  # the 16-19 column's 1 costs a step
    assert said(state, "AV 1")
    assert not state.stack


def test_extended_example_c7(monkeypatch):
    # §Example.C7 L1375-L1384: Richard by Tyre (picking up Conrad, a Crusader and the reduced
    # Templar), Acre and Jaffa; Saladin shadows on a 3 (rating 3, -1); he falls back to Jerusalem,
    # Richard returns to Acre and Saladin follows to Jaffa. Richard's AV 7 + 7 - 3 = 11, a 6 costs
    # two steps, two Crusaders reduced; Saladin's 7 - 1 = 6, a 1 costs nothing.
    state = position("D")
    state.cities["jerusalem"] = "ayyubids"
    _saladin_in_jaffa(state)
    force = {
        "crusaders": _richard_in_acre(state),
        "hospitallers": put(state, "acre", "hospitallers", {"3-4": 1}),
    }
    put(state, "tyre", "jerusalem", leaders=["conrad"])
    put(state, "tyre", "crusaders", {"3-4": 1})
    put(state, "tyre", "templars", reduced={"3-4": 1})
    feed(monkeypatch, [3, 6, 1])
    movement.start(state, "christian", "acre", force, "richard", 1)
    PROCEDURES.settle(state)
    do(state, "christian", ("move", "tyre"))
    do(state, "christian", ("pick_leader", "jerusalem", "conrad"))
    do(state, "christian", ("pick", "crusaders", "full", "3-4"))
    do(state, "christian", ("pick", "templars", "reduced", "3-4"))
    do(state, "christian", ("move", "acre"))
    assert PROCEDURES.deciders(state) == ("christian",)  # no interception into Acre
    do(state, "christian", ("move", "jaffa"))
    do(state, "muslim", ("shadow",))
    do(state, "muslim", ("roll",))
    assert said(state, "rating 3, modifier -1")
    assert ("to", "acre") not in PROCEDURES.legal(state, "muslim")
    do(state, "muslim", ("to", "jerusalem"))
    do(state, "christian", ("move", "acre"))
    do(state, "muslim", ("follow", "jaffa"))
    do(state, "christian", ("stop",))
    assert said(state, "AV 11")
    do(state, "christian", ("lose", "crusaders", "full", "3-4"))
    do(state, "christian", ("lose", "crusaders", "full", "3-4"))
    assert said(state, "AV 6")
    assert state.field["acre"]["crusaders"]["reduced"] == {"3-4": 2}
    assert state.field["jaffa"]["ayyubids"]["full"] == {"3-6": 4, "2-6": 3}


def test_a_portion_intercepts(monkeypatch):
    # §11.1 L656, §Example.M6 L1371: the interceptor decides before the roll what goes; the rest
    # stays behind
    state = position("D")
    _richard_in_acre(state)
    put(state, "acre", "hospitallers", {"3-4": 1})
    feed(monkeypatch, [2])
    group = _saladin_in_jaffa(state)
    PROCEDURES.push(state, "reactions", player="muslim", space="jaffa", came_from="jerusalem", group=group)
    PROCEDURES.settle(state)
    do(state, "christian", ("intercept", "acre", "richard"))
    do(state, "christian", ("leave_out", 0, "hospitallers", "full", "3-4"))
    do(state, "christian", ("leave_out", 0, "crusaders", "full", "3-4"))
    assert ("leave_out", 0, "crusaders", "leader", "richard") not in PROCEDURES.legal(state, "christian")
    do(state, "christian", ("roll",))
    assert state.field["jaffa"]["crusaders"]["full"] == {"3-4": 3}
    assert state.field["acre"]["crusaders"]["full"] == {"3-4": 1} and "hospitallers" in state.field["acre"]


def test_a_garrison_intercepts_unless_enemy_units_share_its_space(monkeypatch):
    # §11.1 L661: an army inside a stronghold may intercept, not with enemy units in its space
    state = position("D")
    put(state, "acre", "crusaders", {"3-4": 2}, leaders=["richard"], place="inside")
    frame = {
        "player": "muslim",
        "space": "jaffa",
        "came_from": "jerusalem",
        "group": _saladin_in_jaffa(state),
    }
    assert ("intercept", "acre", "richard") in reactions.interceptions(state, frame)
    feed(monkeypatch, [1])
    PROCEDURES.push(state, "reactions", **frame)
    PROCEDURES.settle(state)
    do(state, "christian", ("intercept", "acre", "richard"))
    do(state, "christian", ("roll",))
    assert state.field["jaffa"]["crusaders"]["full"] == {"3-4": 2} and "acre" not in state.inside
    put(state, "tyre", "jerusalem", {"2-4": 1}, leaders=["guy"], place="inside")
    put(state, "tyre", "ayyubids", {"2-6": 1})
    frame = {"player": "muslim", "space": "acre", "came_from": "jaffa", "group": {}}
    assert not [a for a in reactions.interceptions(state, frame) if a[1] == "tyre"]


def test_a_shadower_attacks_a_rearguard(monkeypatch):
    # §12.4.1 L744: a shadower may enter a space with enemy units left behind; it attacks, and
    # no interception of it is possible; infantry alone cannot avoid (§12.1 L692)
    state, force = _amalric()
    feed(monkeypatch, [2, 1])  # the shadowing roll; the dropped Templar's foraging (§15.1 L878)
    movement.start(state, "christian", "jerusalem", force, "amalric", 1)
    PROCEDURES.settle(state)
    do(state, "christian", ("move", "as_salt"))
    do(state, "muslim", ("shadow",))
    do(state, "muslim", ("roll",))
    do(state, "muslim", ("to", "bosra"))
    do(state, "christian", ("move", "bosra"))
    do(state, "muslim", ("follow", "as_salt"))
    do(state, "christian", ("drop", "templars", "full", "3-4"))
    do(state, "christian", ("move", "ras_al_ma"))
    do(state, "muslim", ("follow", "bosra"))
    battle = PROCEDURES.find(state, "battle")
    assert battle is not None and battle["space"] == "bosra"
    assert (battle["attacker"], battle["defender"], battle["mover"]) == ("muslim", "christian", False)


def test_an_army_in_a_space_the_mover_besieges_may_avoid_him():
    # §12.1 L713: only a besieger is kept from avoiding a landing (came_from None); here the mover besieges
    # Konya and the Muslim army outside its walls may avoid him as anywhere (a random game broke
    # on the siege's besieger, a player, read as a Power)
    state = position("D")
    state.sieges["konya"] = {"besieger": "christian", "rf": 4, "blockade": False}
    put(state, "konya", "seljuks", {"2-6": 2}, leaders=["kilij_arslan"])
    state.political["seljuks"] = "muslim"
    mover = {"crusaders": put(state, "konya", "crusaders", {"3-4": 1}, leaders=["richard"])}
    frame = {"player": "christian", "space": "konya", "came_from": None, "group": mover}
    assert ("avoid",) in reactions.avoidances(state, frame)


def test_an_army_avoiding_twice_forages_once_for_its_whole_route(monkeypatch):
    # §12.3 L722: avoiding the same mover again needs no roll; §12.3.1 L726, K91: one foraging
    # roll for the avoidance, after the move, for every Harsh space it went through: Bosra and
    # Ras al-Ma', AV 3 + 1 + 1 = 5 (and Guy's own roll for As-Salt and Bosra, AV 2 + 1 + 1)
    state = position("D")
    put(state, "as_salt", "ayyubids", {"2-6": 3}, leaders=["al_afdal"])
    force = {"jerusalem": put(state, "jerusalem", "jerusalem", {"2-4": 2}, leaders=["guy"])}
    faces = feed(monkeypatch, [1, 1, 1])
    movement.start(state, "christian", "jerusalem", force, "guy", 1)
    PROCEDURES.settle(state)
    do(state, "christian", ("move", "as_salt"))
    do(state, "muslim", ("avoid",))
    do(state, "muslim", ("roll",))
    do(state, "muslim", ("to", "bosra"))
    do(state, "christian", ("move", "bosra"))
    do(state, "muslim", ("avoid",))
    do(state, "muslim", ("roll",))
    assert said(state, "avoids again without a roll")
    do(state, "muslim", ("to", "ras_al_ma"))
    do(state, "christian", ("stop",))
    assert faces == [] and not state.stack
    rolls = [e[2] for e in state.log if e[0] == "§15.2" or "AV" in e[2]]
    assert sum("AV 5" in r for r in rolls) == 1 and sum("AV 4" in r for r in rolls) == 1, rolls
    assert state.field["ras_al_ma"]["ayyubids"]["full"] == {"2-6": 3}


def test_enemy_units_besides_the_mover_bar_an_interception_and_its_bonus():
    # §11.1 L660, §11.2 L668, K57: the moving army itself never counts as the "enemy units" of the
    # space entered; another enemy unit there bars the interception into it (no friend being
    # there) and cancels the -1 for a friendly stronghold
    state = position("D")
    richard = {"crusaders": _richard_in_acre(state)}
    frame = {
        "player": "muslim",
        "space": "jaffa",
        "came_from": "jerusalem",
        "group": _saladin_in_jaffa(state),
    }
    assert ("intercept", "acre", "richard") in reactions.interceptions(state, frame)
    put(state, "jaffa", "ayyubids", {"2-6": 1})  # a unit that was there before Saladin came
    assert not any(a[0] == "intercept" for a in reactions.interceptions(state, frame))
    adil = {"ayyubids": put(state, "caesarea", "ayyubids", {"3-6": 4, "2-6": 3}, leaders=["al_adil"])}
    into_castle = {"player": "muslim", "space": "caesarea", "came_from": "jaffa", "group": adil}
    # -1 for the Kingdom's castle, +1 against a cavalry army
    assert reactions.intercept_drm(state, into_castle, richard) == -1 + 1
    put(state, "caesarea", "ayyubids", {"2-6": 1})
    assert reactions.intercept_drm(state, into_castle, richard) == +1


def test_a_shadower_swept_off_by_a_retreat_stops_shadowing(monkeypatch):
    # §12.4.1 L736: the shadowing army follows the mover; one whose pieces a retreat swept away
    # from its space (§14.1: a retreat takes up the friendly units in the space it enters) is no
    # longer there to follow, and the mover goes on (a scripted game of G broke here, moving
    # pieces that had gone)
    state, force = _amalric()
    feed(monkeypatch, [2, 1, 1])
    movement.start(state, "christian", "jerusalem", force, "amalric", 1)
    PROCEDURES.settle(state)
    do(state, "christian", ("move", "as_salt"))
    do(state, "muslim", ("shadow",))
    do(state, "muslim", ("roll",))
    do(state, "muslim", ("to", "bosra"))
    do(state, "christian", ("move", "bosra"))
    do(state, "muslim", ("follow", "as_salt"))
    shadowers = forces.at(state, "field", "as_salt")["seljuks"]
    forces.move(state, "seljuks", copy(shadowers), ("field", "as_salt"), ("field", "damascus"))
    do(state, "christian", ("move", "ras_al_ma"))
    assert PROCEDURES.find(state, "shadow") is None
    assert not PROCEDURES.find(state, "march")["shadow"]["active"]
    assert not {a[0] for a in PROCEDURES.legal(state, "muslim")} & {"follow", "stay", "cease", "attack"}
