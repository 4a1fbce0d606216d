"""Movement (§10): activation, command and rank, the march step by step (K54, K55)."""

from __future__ import annotations

import pytest

from outremer.games.kingdom_of_heaven import effects, movement
from outremer.games.kingdom_of_heaven.common import data
from outremer.games.kingdom_of_heaven.procedures import PROCEDURES

from .positions_movement import do, feed, position, put, said


def _force(**powers):
    return {p: {"full": dict(f), "reduced": {}, "leaders": list(ls)} for p, (f, ls) in powers.items()}


def test_command_example_richard_alone():
    # §10.2.1.Example L586-L587: Richard (command 6) takes the four Crusaders and one unit of each
    # other Power, never two of one Power not his own
    state = position("D")
    richard = ("crusaders", {"3-4": 4}, ["richard"])
    ok = _force(crusaders=richard[1:], templars=({"3-4": 1}, []), hospitallers=({"3-4": 1}, []))
    assert movement.commandable(state, "richard", ok)
    with_kingdom = _force(crusaders=richard[1:], templars=({"3-4": 1}, []), jerusalem=({"2-4": 1}, []))
    assert movement.commandable(state, "richard", with_kingdom)
    both = _force(crusaders=({"3-4": 3}, ["richard"]), jerusalem=({"2-4": 2}, []))
    assert not movement.commandable(state, "richard", both)  # §10.2.1 L582
    seven = _force(
        crusaders=richard[1:],
        templars=({"3-4": 1}, []),
        hospitallers=({"3-4": 1}, []),
        jerusalem=({"2-4": 1}, []),
    )
    assert not movement.commandable(state, "richard", seven)  # §10.2 L578: command 6


def test_command_example_with_guy_moves_nine():
    # §10.2.1.Example L588-L589 with K50, K54: Richard commands the Crusaders, one Order unit and Guy;
    # Guy (command 5) both Kingdom units and one Templar and one Hospitaller: nine units, one
    # Hospitaller left behind
    state = position("D")
    nine = _force(
        crusaders=({"3-4": 4}, ["richard"]),
        templars=({"3-4": 1}, []),
        hospitallers=({"3-4": 2}, []),
        jerusalem=({"2-4": 2}, ["guy"]),
    )
    assert movement.commandable(state, "richard", nine)
    ten = _force(
        crusaders=({"3-4": 4}, ["richard"]),
        templars=({"3-4": 1}, []),
        hospitallers=({"3-4": 3}, []),
        jerusalem=({"2-4": 2}, ["guy"]),
    )
    assert not movement.commandable(state, "richard", ten)


def test_no_units_of_another_religion_but_their_leaders():
    # §10.2.1 L584: no direct command of another religion's units; a subordinate of it may lead them
    state = position("D")
    assert not movement.commandable(
        state, "richard", _force(crusaders=({}, ["richard"]), byzantium=({"2-4": 1}, []))
    )


def test_a_stack_moves_at_its_slowest_piece():
    # §10.2 L578, K55: Saladin (6) with infantry moves 4; with cavalry alone 6; Richard's leader MA 4
    state = position("D")
    assert movement.allowance(state, _force(ayyubids=({"3-6": 2}, ["saladin"]))) == 6
    assert movement.allowance(state, _force(ayyubids=({"3-6": 2, "2-4": 1}, ["saladin"]))) == 4
    assert movement.allowance(state, _force(crusaders=({}, ["richard"]), jerusalem=({"2-6": 1}, []))) == 4


def test_saladin_from_the_mosul_box_to_aleppo():
    # §Example.M1 L1308: out of the box (1 MP, K7) by Deir ez-Zor, Ar Raqqa, Qalat Djabar and Maskanah
    # to Aleppo on six MP; no enemy territory or Harsh space, so no foraging roll
    state = position("D")
    put(state, "aleppo", "ayyubids", {"2-6": 1}, leaders=["al_afdal"])
    force = {"ayyubids": put(state, "mosul", "ayyubids", {"3-6": 4}, leaders=["saladin"])}
    movement.start(state, "muslim", "mosul", force, "saladin", 2)
    PROCEDURES.settle(state)
    for space in ("deir_ez_zor", "ar_raqqa", "qalat_djabar", "maskanah", "aleppo"):
        do(state, "muslim", ("move", space))
    assert movement.mp_left(state, PROCEDURES.find(state, "march")) == 1
    do(state, "muslim", ("stop",))
    assert not state.stack and not said(state, "Attrition")
    assert state.field["aleppo"]["ayyubids"]["full"] == {"3-6": 4, "2-6": 1}


def _gather(state, player, leader, space, card, ov, takes):
    """The activation of ``leader`` by ``card`` (§10.1), the pieces of ``takes`` gathered, then go."""
    movement.activate(state, player, card, ov, leader, space)
    PROCEDURES.settle(state)
    for action in takes:
        do(state, player, action)
    do(state, player, ("go",))


SALADINS = [("take_leader", "ayyubids", "al_afdal"), *[("take", "ayyubids", "full", "3-6")] * 4]


def test_saladin_from_aleppo_to_damascus():
    # §Example.M5 L1365: Old Man of the Mountains (#28) activates Saladin and al-Afdal with four 3-6
    # and two 2-6 (a 2-6 left in Aleppo); five MP by Marat an'Numan, Hama, Homs and An Nabk to
    # Damascus, all within his command; no enemy stronghold nor Harsh space, so no foraging
    state = position("D")
    put(state, "aleppo", "ayyubids", {"3-6": 4, "2-6": 3}, leaders=["saladin", "al_afdal"])
    _gather(
        state, "muslim", "saladin", "aleppo", "28", 3, SALADINS + [("take", "ayyubids", "full", "2-6")] * 2
    )
    for space in ("marat_an_numan", "hama", "homs", "an_nabk", "damascus"):
        do(state, "muslim", ("move", space))
    assert movement.mp_left(state, PROCEDURES.find(state, "march")) == 1
    do(state, "muslim", ("stop",))
    assert not state.stack and not said(state, "Attrition")
    assert state.field["damascus"]["ayyubids"] == {
        "full": {"3-6": 4, "2-6": 2}, "reduced": {}, "leaders": ["saladin", "al_afdal"],
    }  # fmt: skip
    assert state.field["aleppo"]["ayyubids"]["full"] == {"2-6": 1}


def test_saladin_from_damascus_to_jaffa_and_richards_failed_interception(monkeypatch):
    # §Example.M6 L1369-L1374: Saladin and al-Afdal lead eight units (4x 3-6, 4x 2-6) by Nawa,
    # Belvoir, Nablus
    # and Jerusalem (four MP), drop al-Afdal and a 2-6 there and go on to Jaffa (one more MP);
    # Richard, in Acre next to Jaffa, may intercept there (no enemy stronghold, K11, K57), at his
    # battle rating 4 with +1 against a cavalry army: a 6 fails. Belvoir is taken to have fallen
    # before turn 4 (it surrendered in January 1189), as the example forages nowhere.
    state = position("D")
    state.cities["jerusalem"] = "ayyubids"
    state.castles["belvoir"]["power"] = "ayyubids"
    put(state, "damascus", "ayyubids", {"3-6": 4, "2-6": 4}, leaders=["saladin", "al_afdal"])
    put(state, "acre", "crusaders", {"3-4": 4}, leaders=["richard"])
    feed(monkeypatch, [6])
    _gather(
        state, "muslim", "saladin", "damascus", "38", 3, SALADINS + [("take", "ayyubids", "full", "2-6")] * 4
    )
    for space in ("nawa", "belvoir", "nablus", "jerusalem"):
        do(state, "muslim", ("move", space))
    do(state, "muslim", ("drop_leader", "ayyubids", "al_afdal"))
    do(state, "muslim", ("drop", "ayyubids", "full", "2-6"))
    do(state, "muslim", ("move", "jaffa"))
    assert PROCEDURES.deciders(state) == ("christian",)
    do(state, "christian", ("intercept", "acre", "richard"))
    do(state, "christian", ("roll",))
    assert said(state, "rating 4, modifier +1")
    assert movement.mp_left(state, PROCEDURES.find(state, "march")) == 1
    do(state, "muslim", ("stop",))
    assert not state.stack and not said(state, "Attrition")
    assert state.field["jaffa"]["ayyubids"]["full"] == {"3-6": 4, "2-6": 3}
    assert state.field["jerusalem"]["ayyubids"] == {
        "full": {"2-6": 1},
        "reduced": {},
        "leaders": ["al_afdal"],
    }
    assert state.field["acre"]["crusaders"]["leaders"] == ["richard"]


def test_passes_and_the_long_pass_cost_more():
    # §10.2 L578, §10.6.Passes L616 (K5): Herakleia to Mersin costs 3
    state = position("D")
    steps = dict((s, mp) for s, mp, _ in movement.steps_from(state, "herakleia", 1))
    assert steps["mersin"] == 3 and steps["konya"] == 1


def test_the_desert_links_need_an_ov_3_card():
    # §10.6.Desert L622 (K4)
    state = position("D")
    assert "al_azraq" not in [s for s, _, _ in movement.steps_from(state, "bosra", 2)]
    assert "al_azraq" in [s for s, _, _ in movement.steps_from(state, "bosra", 3)]


def test_entering_neutral_territory_turns_the_power():
    # §10.9 L646: the Seljuks (neutral in scenario D) join the enemy when Richard enters Konya
    state = position("D")
    assert state.political["seljuks"] == "neutral"
    force = {"crusaders": put(state, "laranda", "crusaders", {"3-4": 1}, leaders=["richard"])}
    movement.start(state, "christian", "laranda", force, "richard", 1)
    PROCEDURES.settle(state)
    do(state, "christian", ("move", "konya"))
    assert state.political["seljuks"] == "muslim"


def test_free_passage_keeps_the_power_neutral():
    # §9.4 with §10.9: free passage through that Power
    state = position("D")
    state.passage = {"player": "christian", "power": "seljuks"}
    force = {"crusaders": put(state, "laranda", "crusaders", {"3-4": 1}, leaders=["richard"])}
    movement.start(state, "christian", "laranda", force, "richard", 1)
    PROCEDURES.settle(state)
    do(state, "christian", ("move", "konya"))
    assert state.political["seljuks"] == "neutral"


def test_an_activation_needs_the_strategy_rating():
    # §10.1 L570: Guy (strategy 2) is not activated by an OV 1 card
    state = position("D")
    put(state, "acre", "jerusalem", {"2-4": 1}, leaders=["guy"])
    try:
        movement.activate(state, "christian", None, 1, "guy", "acre")
    except ValueError as e:
        assert "strategy" in str(e)
    else:
        raise AssertionError("Guy moved on an OV 1 card")


def test_a_vassal_move_takes_ov_units_or_one_more_all_cavalry():
    # §10.1 L570: OV units, OV + 1 if all are cavalry (§Example.M2: four cavalry on an OV 3 card)
    state = position("D")
    put(state, "hama", "ayyubids", {"2-6": 4, "2-4": 1})
    frame = movement.activate(state, "muslim", None, 3, None, "hama", vassal=True)
    for _ in range(4):
        do(state, "muslim", ("take", "ayyubids", "full", "2-6"))
    assert ("take", "ayyubids", "full", "2-4") not in PROCEDURES.legal(state, "muslim")
    assert frame["group"]["ayyubids"]["full"] == {"2-6": 4}


def test_the_free_vassal_move_is_one_unit():
    # §10.1 L570, §8.4 L449: one unit without a card
    state = position("D")
    put(state, "hama", "ayyubids", {"2-6": 2})
    movement.activate(state, "muslim", None, 1, None, "hama", vassal=True, free=True)
    do(state, "muslim", ("take", "ayyubids", "full", "2-6"))
    assert ("take", "ayyubids", "full", "2-6") not in PROCEDURES.legal(state, "muslim")


def test_three_cavalry_in_place_of_a_leader():
    # §10.1.1 L574
    state = position("D")
    put(state, "hama", "ayyubids", {"2-6": 4})
    movement.activate(state, "muslim", None, 1, None, "hama", cavalry=True)
    for _ in range(3):
        do(state, "muslim", ("take", "ayyubids", "full", "2-6"))
    assert ("take", "ayyubids", "full", "2-6") not in PROCEDURES.legal(state, "muslim")


def test_picked_up_units_are_commanded_and_dropped_ones_stay(monkeypatch):
    # §10.2.Moving L590, §Example.C7 L1375: Richard picks up Conrad, a Crusader and the reduced
    # Templar at Tyre, who serve under Conrad; a unit dropped off may not move again
    state = position("D")
    force = {
        "crusaders": put(state, "acre", "crusaders", {"3-4": 4}, leaders=["richard"]),
        "hospitallers": put(state, "acre", "hospitallers", {"3-4": 1}),
    }
    put(state, "tyre", "jerusalem", leaders=["conrad"])
    put(state, "tyre", "crusaders", {"3-4": 1})
    put(state, "tyre", "templars", reduced={"3-4": 1})
    movement.start(state, "christian", "acre", force, "richard", 1)
    PROCEDURES.settle(state)
    do(state, "christian", ("move", "tyre"))
    do(state, "christian", ("pick", "crusaders", "full", "3-4"))
    assert ("pick", "templars", "reduced", "3-4") not in PROCEDURES.legal(state, "christian")  # command 6
    do(state, "christian", ("pick_leader", "jerusalem", "conrad"))  # he takes the Crusader over
    do(state, "christian", ("pick", "templars", "reduced", "3-4"))
    march = PROCEDURES.find(state, "march")
    assert movement.size(march["group"]) == 7
    do(state, "christian", ("drop", "templars", "reduced", "3-4"))
    assert ("pick", "templars", "reduced", "3-4") not in PROCEDURES.legal(state, "christian")


def test_an_activation_takes_the_garrison_out_unless_besieged():
    # §17.2 L964-L969: inside or outside matters only when the enemy comes; the besieged stay put
    state = position("D")
    put(state, "acre", "crusaders", {"3-4": 1}, leaders=["richard"], place="inside")
    movement.activate(state, "christian", None, 1, "richard", "acre")
    do(state, "christian", ("take", "crusaders", "full", "3-4"))
    do(state, "christian", ("go",))
    assert state.field["acre"]["crusaders"]["leaders"] == ["richard"] and "acre" not in state.inside
    do(state, "christian", ("move", "tyre"))
    assert state.field["tyre"]["crusaders"]["full"] == {"3-4": 1}
    besieged = position("D")
    put(besieged, "acre", "crusaders", {"3-4": 1}, leaders=["richard"], place="inside")
    besieged.sieges["acre"] = {"besieger": "muslim", "rf": 3, "blockade": False}
    assert movement.available(besieged, {"player": "christian"}, "acre") == []


def test_a_unit_moves_once_a_round():
    # §10.1.1 L574, §10.2.Moving L590: units dropped off, or moved by an earlier stack of the same
    # vassal move, move no further
    state = position("D")
    put(state, "hama", "ayyubids", {"2-6": 2})
    movement.activate(state, "muslim", None, 3, None, "hama", vassal=True)
    do(state, "muslim", ("take", "ayyubids", "full", "2-6"))
    do(state, "muslim", ("go",))
    do(state, "muslim", ("move", "homs"))
    do(state, "muslim", ("stop",))
    assert ("from", "homs") not in PROCEDURES.legal(state, "muslim")
    assert ("from", "hama") in PROCEDURES.legal(state, "muslim")


def test_vassal_move_of_four_cavalry_from_four_spaces():
    # §Example.M2 L1312: an OV 3 card moves four cavalry (OV + 1), one from each of Hama, Homs,
    # Baalbek and Jerusalem; then the move is over
    state = position("D")
    state.cities["jerusalem"] = "ayyubids"
    for space in ("hama", "homs", "baalbek", "jerusalem"):
        put(state, space, "ayyubids", {"2-6": 1})
    put(state, "jerusalem", "ayyubids", {"2-6": 1})
    movement.activate(state, "muslim", None, 3, None, None, vassal=True)
    for space in ("hama", "homs", "baalbek", "jerusalem"):
        do(state, "muslim", ("from", space))
        do(state, "muslim", ("take", "ayyubids", "full", "2-6"))
        do(state, "muslim", ("go",))
        do(state, "muslim", ("stop",))
    assert not state.stack


def test_entering_an_enemy_army_starts_a_battle(monkeypatch):
    # §10.2.Moving L590, §13.1: the mover attacks; a failed avoidance costs the defender -1 (§13.2 L787)
    state = position("D")
    state.castles.pop("hebron", None)
    put(state, "hebron", "ayyubids", {"2-6": 2}, leaders=["al_afdal"])
    force = {"crusaders": put(state, "jerusalem", "crusaders", {"3-4": 3}, leaders=["richard"])}
    feed(monkeypatch, [6])
    movement.start(state, "christian", "jerusalem", force, "richard", 1)
    PROCEDURES.settle(state)
    do(state, "christian", ("move", "hebron"))
    do(state, "muslim", ("avoid",))
    do(state, "muslim", ("roll",))
    battle = PROCEDURES.find(state, "battle")
    assert battle is not None
    assert (battle["attacker"], battle["defender"], battle["mover"], battle["why"]) == (
        "christian",
        "muslim",
        True,
        "entry",
    )
    assert battle["came_from"] == "jerusalem" and battle["avoid_failed"] is True
    assert battle["force"] == force


def test_a_successful_interception_starts_the_interceptors_battle(monkeypatch):
    # §11.3 L678: the interceptor attacks with +1, the mover defends
    state = position("D")
    put(state, "caesarea", "ayyubids", {"2-6": 2}, leaders=["al_afdal"])
    force = {"crusaders": put(state, "jerusalem", "crusaders", {"3-4": 3}, leaders=["richard"])}
    feed(monkeypatch, [1])
    movement.start(state, "christian", "jerusalem", force, "richard", 1)
    PROCEDURES.settle(state)
    do(state, "christian", ("move", "nablus"))
    do(state, "muslim", ("intercept", "caesarea", "al_afdal"))
    do(state, "muslim", ("roll",))
    battle = PROCEDURES.find(state, "battle")
    assert battle is not None
    assert (battle["attacker"], battle["mover"], battle["why"]) == ("muslim", False, "interception")
    assert battle["drm"]["muslim"] == 1  # the +1 of §11.3; the Christian's +2 is Richard's better rating
    assert battle["force"]["ayyubids"]["leaders"] == ["al_afdal"]


def test_friendly_units_in_the_space_attack_with_the_interceptor(monkeypatch):
    # §11.3 L678: units of the interceptor's side already in the space attack along, as far as his
    # command goes: al-Afdal (command 4) takes his two 2-6, the Ayyubid 2-6 at Nablus and one of
    # the two Damascus units there (one unit of each other Power, §10.2.1 L582)
    state = position("D")
    state.political["damascus"] = "muslim"
    put(state, "caesarea", "ayyubids", {"2-6": 2}, leaders=["al_afdal"])
    put(state, "nablus", "ayyubids", {"2-6": 1})
    put(state, "nablus", "damascus", {"2-6": 2})
    force = {"crusaders": put(state, "jerusalem", "crusaders", {"3-4": 3}, leaders=["richard"])}
    feed(monkeypatch, [1])
    movement.start(state, "christian", "jerusalem", force, "richard", 1)
    PROCEDURES.settle(state)
    do(state, "christian", ("move", "nablus"))
    do(state, "muslim", ("intercept", "caesarea", "al_afdal"))
    do(state, "muslim", ("roll",))
    battle = PROCEDURES.find(state, "battle")
    assert battle["force"]["ayyubids"] == {"full": {"2-6": 3}, "reduced": {}, "leaders": ["al_afdal"]}
    assert battle["force"]["damascus"] == {"full": {"2-6": 1}, "reduced": {}, "leaders": []}


def test_a_lasting_event_closes_spaces():
    # close_spaces (Late Nile Floods, card E1, §10.6.Nile L618): the Nile spaces may not be entered
    state = position("E")
    assert "cairo" in [s for s, _, _ in movement.steps_from(state, "bilbeis", 1)]
    state.lasting = ["E1"]
    assert "cairo" not in [s for s, _, _ in movement.steps_from(state, "bilbeis", 1)]


def test_event_mp_and_detach_act_on_the_activation():
    # mp (Forced March, card 3) adds MP to the force; detach (Aggravated Subordinate, card 1): a
    # subordinate and a unit left behind when the force sets out, the moving player naming
    # them (§Example.C4 L1328: Rick chooses, K92, K97), and not taken again (K92)
    state = position("D")
    put(state, "acre", "crusaders", {"3-4": 4}, leaders=["richard"])
    put(state, "acre", "jerusalem", {"2-4": 1}, leaders=["guy"])
    movement.activate(state, "christian", "3", 2, "richard", "acre")
    deck = data(state).cards.cards
    effects.run(state, "christian", deck["3"].event[0], {"card": "3"})
    effects.run(state, "muslim", deck["1"].event[0], {"card": "1"})
    for _ in range(4):
        do(state, "christian", ("take", "crusaders", "full", "3-4"))
    do(state, "christian", ("take_leader", "jerusalem", "guy"))
    do(state, "christian", ("go",))
    assert PROCEDURES.deciders(state) == ("christian",)
    assert PROCEDURES.legal(state, "muslim") == []
    do(state, "christian", ("leave_leader", "jerusalem", "guy"))
    do(state, "christian", ("leave", "crusaders", "full", "3-4"))
    legal = PROCEDURES.legal(state, "christian")
    assert ("take_leader", "jerusalem", "guy") not in legal
    assert ("take", "crusaders", "full", "3-4") not in legal
    do(state, "christian", ("go",))
    march = PROCEDURES.find(state, "march")
    assert march["group"] == {"crusaders": {"full": {"3-4": 3}, "reduced": {}, "leaders": ["richard"]}}
    legal = PROCEDURES.legal(state, "christian")  # nor picked up there by the march
    assert ("pick_leader", "jerusalem", "guy") not in legal
    assert ("pick", "crusaders", "full", "3-4") not in legal and ("pick", "jerusalem", "full", "2-4") in legal
    assert movement.mp_left(state, march) == 6  # Richard's 4 and Forced March's 2


@pytest.mark.parametrize("leader", [True, False])
def test_scenario_c_the_fatimids_join_the_first_to_enter_with_a_leader(leader):
    # §10.9 with scenario C's special rule (diplomacy.break_neutrality): a force led into Egypt
    # brings the Fatimids to its own side; units alone break their neutrality as anywhere else
    state = position("C")
    assert state.political["fatimids"] == "neutral"
    force = {"jerusalem": put(state, "gaza", "jerusalem", {"2-4": 1}, leaders=["amalric"] if leader else [])}
    movement.start(state, "christian", "gaza", force, "amalric" if leader else None, 1)
    PROCEDURES.settle(state)
    do(state, "christian", ("move", "al_arish"))
    assert state.political["fatimids"] == ("christian" if leader else "muslim")


def test_an_attack_on_a_neutral_under_free_passage_breaks_its_neutrality():
    # §9.4: free passage spares an entry, not an attack; §9.1 L498: attacking the Seljuks' units in
    # Konya turns them to the Muslim, and they fight as his
    state = position("D")
    state.passage = {"player": "christian", "power": "seljuks"}
    put(state, "konya", "seljuks", {"2-6": 1})
    force = {"crusaders": put(state, "laranda", "crusaders", {"3-4": 2}, leaders=["richard"])}
    movement.start(state, "christian", "laranda", force, "richard", 1)
    PROCEDURES.settle(state)
    do(state, "christian", ("move", "konya"))
    battle = PROCEDURES.find(state, "battle")
    assert battle is not None and battle["defender"] == "muslim"
    assert state.political["seljuks"] == "muslim" and said(state, "attack breaks")


def test_a_leader_left_alone_outside_a_stronghold_fights():
    # §17.2 L966, §3 (an army is leaders and/or units), K95: the enemy enters Acre, where Guy
    # and two units are inside; Reynald, with no unit, is left outside: he must fight, as the
    # army outside does, and the Call for Surrender waits on him (§17.5: no enemy outside)
    state = position("D")
    put(state, "acre", "jerusalem", {"2-4": 2}, leaders=["guy"], place="inside")
    put(state, "acre", "jerusalem", leaders=["reynald"])
    force = {"ayyubids": put(state, "tiberias", "ayyubids", {"3-6": 4}, leaders=["saladin"])}
    movement.start(state, "muslim", "tiberias", force, "saladin", 1)
    PROCEDURES.settle(state)
    do(state, "muslim", ("move", "acre"))
    do(state, "christian", ("roll",))  # no avoidance attempted
    do(state, "christian", ("done",))  # Reynald stays outside
    battle = PROCEDURES.find(state, "battle")
    assert battle is not None and (battle["attacker"], battle["defender"]) == ("muslim", "christian")


def test_a_kind_put_back_is_not_taken_again_in_the_same_forming():
    # §10.1, §10.2: forming the moving force is one choice, made a piece at a time; taking back a
    # kind just put back would only undo the putting back, and a bot went round that pair without
    # end (Damascus, scenario A): once put back, a kind is not offered again, the others still are
    state = position("D")
    put(state, "damascus", "ayyubids", {"2-4": 2, "2-6": 1}, leaders=["saladin"])
    movement.activate(state, "muslim", None, 3, "saladin", "damascus")
    do(state, "muslim", ("take", "ayyubids", "full", "2-4"))
    do(state, "muslim", ("put_back", "ayyubids", "full", "2-4"))
    legal = PROCEDURES.legal(state, "muslim")
    assert ("take", "ayyubids", "full", "2-4") not in legal
    assert ("take", "ayyubids", "full", "2-6") in legal and ("go",) in legal


def test_forming_a_force_always_comes_to_an_end():
    # §10.1: whatever order of takes and put-backs a player chooses, the forming ends, with only
    # the move itself (or sailing) left to choose
    state = position("D")
    put(state, "damascus", "ayyubids", {"2-4": 3, "2-6": 2}, leaders=["saladin"])
    movement.activate(state, "muslim", None, 3, "saladin", "damascus")
    steps = 0
    while forming := [a for a in PROCEDURES.legal(state, "muslim") if a[0] in ("take", "put_back")]:
        puts = [a for a in forming if a[0] == "put_back"]
        do(state, "muslim", puts[0] if puts and steps % 2 else forming[0])
        steps += 1
        assert steps < 50
    assert ("go",) in PROCEDURES.legal(state, "muslim")


def test_the_next_stack_of_a_vassal_move_forms_afresh():
    # §10.1 L570: a kind put back in one space does not bar the same kind in the next stack; a
    # leaderless force keeps its last piece (it may always go, with nothing else to choose)
    state = position("D")
    put(state, "hama", "ayyubids", {"2-6": 1, "2-4": 1})
    put(state, "homs", "ayyubids", {"2-6": 1})
    movement.activate(state, "muslim", None, 3, None, None, vassal=True)
    do(state, "muslim", ("from", "hama"))
    do(state, "muslim", ("take", "ayyubids", "full", "2-6"))
    assert not any(a[0] == "put_back" for a in PROCEDURES.legal(state, "muslim"))  # the last piece
    do(state, "muslim", ("take", "ayyubids", "full", "2-4"))
    do(state, "muslim", ("put_back", "ayyubids", "full", "2-6"))
    legal = PROCEDURES.legal(state, "muslim")
    assert ("take", "ayyubids", "full", "2-6") not in legal and ("go",) in legal
    do(state, "muslim", ("go",))
    do(state, "muslim", ("stop",))
    do(state, "muslim", ("from", "homs"))
    assert ("take", "ayyubids", "full", "2-6") in PROCEDURES.legal(state, "muslim")


def test_a_subordinate_moves_off_alone_and_his_superior_stays():
    # §10.4 L604: Guy (2/1/5), outranked by Richard (a Crusader, §10.3 L596), is activated on his
    # own: he cannot take Richard along, commands no more than his rating of 5 (§10.2 L578), and
    # Richard stays where he was when Guy's move ends, the activation over
    state = position("D")
    put(state, "acre", "crusaders", {"3-4": 4}, leaders=["richard"])
    put(state, "acre", "jerusalem", {"2-4": 6}, leaders=["guy"])
    movement.activate(state, "christian", None, 2, "guy", "acre")
    assert not [a for a in PROCEDURES.legal(state, "christian") if a[0] == "take_leader"]
    for _ in range(5):
        do(state, "christian", ("take", "jerusalem", "full", "2-4"))
    assert not [a for a in PROCEDURES.legal(state, "christian") if a[0] == "take"]
    do(state, "christian", ("go",))
    do(state, "christian", ("move", "tyre"))
    do(state, "christian", ("stop",))
    assert state.field["tyre"]["jerusalem"] == {"full": {"2-4": 5}, "reduced": {}, "leaders": ["guy"]}
    assert state.field["acre"]["crusaders"] == {"full": {"3-4": 4}, "reduced": {}, "leaders": ["richard"]}
    assert not state.stack  # no move for Richard on Guy's card


def test_a_multiple_activation_lets_the_superior_move_after_his_subordinate():
    # §10.4 L604 ("unless the card event allows multiple activations"), §10.1.1 L574: Guy leaves
    # Acre first; the same card then activates Richard, who stayed there
    state = position("D")
    put(state, "acre", "crusaders", {"3-4": 4}, leaders=["richard"])
    put(state, "acre", "jerusalem", {"2-4": 2}, leaders=["guy"])
    state.stack = []
    effects.run(state, "christian", {"kind": "activations", "count": 2}, {"ov": 2})
    PROCEDURES.settle(state)
    do(state, "christian", ("leader", "acre", "guy"))
    do(state, "christian", ("take", "jerusalem", "full", "2-4"))
    do(state, "christian", ("go",))
    do(state, "christian", ("move", "tyre"))
    do(state, "christian", ("stop",))
    legal = PROCEDURES.legal(state, "christian")
    assert ("leader", "acre", "richard") in legal and ("leader", "tyre", "guy") not in legal
    do(state, "christian", ("leader", "acre", "richard"))
    assert ("take", "crusaders", "full", "3-4") in PROCEDURES.legal(state, "christian")


def test_the_activated_leader_is_not_offered_to_himself():
    # §10.2 L578: the activated leader heads the force from the start; a take of himself would
    # change nothing, so only units (and other leaders) are offered. Conrad in Tyre, activated as
    # the action round pushes it (strategy._activate: no force named yet)
    state = position("D")
    put(state, "tyre", "jerusalem", {"2-4": 1}, leaders=["conrad"])
    PROCEDURES.push(
        state, "activation", player="christian", card="41", cards=["41"], ov=2, leader="conrad",
        space="tyre", dual=False,
    )  # fmt: skip
    legal = PROCEDURES.legal(state, "christian")
    assert ("take_leader", "jerusalem", "conrad") not in legal
    assert ("take", "jerusalem", "full", "2-4") in legal


def test_leaders_alone_are_a_cavalry_army():
    # §18.2 L1208, K98: an army of leaders and cavalry only, so of leaders alone too (a Christian
    # one included); a single infantry unit spoils it
    state = position("D")
    put(state, "acre", "jerusalem", {"2-4": 1}, leaders=["guy", "conrad"])
    alone = {"jerusalem": {"full": {}, "reduced": {}, "leaders": ["guy", "conrad"]}}
    assert movement.is_cavalry_army(state, alone)
    with_foot = {"jerusalem": {"full": {"2-4": 1}, "reduced": {}, "leaders": ["guy"]}}
    assert not movement.is_cavalry_army(state, with_foot)


def test_both_ways_of_pushing_an_activation_offer_the_same_force():
    # §10.1, §10.2 L578: the activated leader heads his force from the moment he is activated,
    # whether the activation was pushed with no force named (the action round, strategy._activate)
    # or with him already in it (movement.activate): both offer the same pieces, the unit and the
    # subordinate Bohemond III, and never Conrad himself
    choices = []
    for pushed_by_round in (True, False):
        state = position("D")
        put(state, "tyre", "jerusalem", {"2-4": 1}, leaders=["conrad", "bohemond_iii"])
        if pushed_by_round:
            PROCEDURES.push(
                state, "activation", player="christian", card="41", cards=["41"], ov=2, leader="conrad",
                space="tyre", dual=False,
            )  # fmt: skip
            assert "group" not in state.stack[-1]
        else:
            movement.activate(state, "christian", "41", 2, "conrad", "tyre")
            head = {"full": {}, "reduced": {}, "leaders": ["conrad"]}
            assert state.stack[-1]["group"] == {"jerusalem": head}
        choices.append(PROCEDURES.legal(state, "christian"))
    assert choices[0] == choices[1]
    assert ("take_leader", "jerusalem", "bohemond_iii") in choices[0]
    assert ("take", "jerusalem", "full", "2-4") in choices[0]
    assert not any(a[0] == "take_leader" and a[2] == "conrad" for a in choices[0])
