"""Sieges (§17.6-§17.9) on built positions, and the siege example replayed with its dice
(§17.11.Example): Hulegu from Marat an'Numan by Hama and Homs to Damascus against Yusuf."""

from __future__ import annotations

import pytest

from outremer.games.kingdom_of_heaven import forces, sieges
from outremer.games.kingdom_of_heaven.common import data
from outremer.games.kingdom_of_heaven.procedures import PROCEDURES
from outremer.games.kingdom_of_heaven.strongholds import call_drm, manpower, rf

from .positions_strongholds import act, dice, done, drive, give, pieces, position, recorded

C, M = "christian", "muslim"
HULEGU = {"mongols": pieces({"4-6": 6, "2-4": 4}, leaders=["hulegu"])}


def _ov3(state) -> str:
    return next(
        c.id
        for c in data(state).cards.cards.values()
        if c.ov == 3 and not c.siege_event and c.id in state.deck
    )


def test_the_siege_example(monkeypatch):
    # §17.11.Example L1170-L1197, every die as the example rolls it.
    state = position("G")
    forces.put(state, "field", "damascus", "ayyubids", pieces({"2-6": 4}, leaders=["yusuf"]))
    faces = dice(monkeypatch, [5, 1, 2, 6, 6, 4, 3, 3, 3])
    with recorded() as seen:
        # Hama: a Low Ayyubid castle, RF 3-1 = 2; +1 for Hulegu's battle rating of 4; a 5 takes it.
        forces.put(state, "field", "hama", "mongols", HULEGU["mongols"])
        assert rf(state, "hama") == 2
        assert call_drm(state, C, "hama", HULEGU, "hulegu") == 1
        drive(state, "call", player=C, space="hama", group=HULEGU)
        assert PROCEDURES.legal(state, C) == [
            ("restore", "full", "2-4"),
            ("restore", "full", "4-6"),
            ("low",),
        ]
        act(state, C, "low")  # he chooses not to restore the garrison
        assert state.castles["hama"] == {"power": "mongols", "low": True}
        assert done(state) == {"kind": "call", "fell": True, "stop": False}  # rolled above the minimum
        # Homs: RF 3, a 1 fails; the failure is counted.
        forces.move(state, "mongols", HULEGU["mongols"], ("field", "hama"), ("field", "homs"))
        drive(state, "call", player=C, space="homs", group=HULEGU)
        assert done(state)["fell"] is False and state.failed_calls[C] == 1
        # Damascus: Yusuf goes inside; RF 3 + 2 (eight steps, at most +2) + 1 (half of 2) = 6.
        forces.move(state, "mongols", HULEGU["mongols"], ("field", "homs"), ("field", "damascus"))
        drive(state, "stronghold_entry", space="damascus", player=M)
        for _ in range(4):
            act(state, M, "in", "ayyubids", "full", "2-6")
        act(state, M, "in", "ayyubids", "leader", "yusuf")
        act(state, M, "done")
        assert rf(state, "damascus") == 6
        assert (
            call_drm(state, C, "damascus", HULEGU, "hulegu") == 0
        )  # +1 leader, -1 failed call: no 7 possible
        # The siege: ten against four, a blockade without a roll.
        drive(state, "besiege", player=C, space="damascus", group=HULEGU)
        assert state.sieges["damascus"] == {"besieger": C, "rf": 6, "blockade": True}
        # Muslim round: Sortie by Besieged (#57), two steps, rolls 2 and 6: a step lost, RF 7.
        give(state, M, "57", "40", "12")
        drive(state, "siege", player=M, space="damascus", card="57")
        act(state, M, "commit", 2)
        assert state.sieges["damascus"]["rf"] == 7
        assert forces.at(state, "inside", "damascus")["ayyubids"]["reduced"] == {"2-6": 1}
        # Christian round: Chinese Artillery (G1) to 3; Besieger's Supplies Run Low answers: RF 4 and
        # attrition at AV 13, a 6, three steps; the Siege Tower (#32) cancelled by Greek Fire (#12).
        give(state, C, "G1", "32")
        drive(state, "siege", player=C, space="damascus", card="G1")
        act(state, C, "event", "G1")
        assert state.sieges["damascus"]["rf"] == 3
        act(state, M, "event", "40")
        for _ in range(3):
            act(state, C, "lose", "mongols", "full", "2-4")
        assert state.sieges["damascus"]["rf"] == 4
        act(state, C, "event", "32")
        act(state, M, "event", "12")
        frame = state.stack[-1]
        assert state.sieges["damascus"]["rf"] == 4 and frame["man"]["A"] == 2  # eight manpower, six left
        assert frame["fresh"] == {C: 1, M: 1}  # both drew a replacement, not to be played this round
        assert state.hands[C][-1] not in sieges.playable_hand(state, frame, C)
        act(state, C, "end")
        # Starvation with an OV 3 card: the besieged roll 4+3 on AV 4, two steps; the besieger a 3 on
        # AV 10, one step, his last full infantry.
        starve = _ov3(state)
        give(state, C, starve)
        drive(state, "siege", player=C, space="damascus", card=starve)
        act(state, C, "starve")
        assert forces.at(state, "inside", "damascus")["ayyubids"]["reduced"] == {"2-6": 3}
        act(state, C, "lose", "mongols", "full", "2-4")
        act(state, C, "end")
        # Fortunes of War draws #43, Rats in Enemy Food Supply: RF 2, the last full unit reduced.
        give(state, C, "9" if starve != "9" else "10")
        state.deck.remove("43") if "43" in state.deck else None
        state.deck.insert(0, "43")
        drive(state, "siege", player=C, space="damascus", card=state.hands[C][-1])
        act(state, C, "fortunes")
        assert state.sieges["damascus"]["rf"] == 2
        assert forces.at(state, "inside", "damascus")["ayyubids"] == pieces(
            reduced={"2-6": 4}, leaders=["yusuf"]
        )
        # The assault: 32 against 6, two columns left to 11-16, +1 Hulegu, +2 the walls; both roll 3:
        # three steps against one, a major victory, Damascus falls.
        act(state, C, "assault")
        act(state, C, "pass")
        act(state, M, "pass")
        act(state, C, "lose", "mongols", "full", "4-6")
        assert state.cities["damascus"] == "mongols" and "damascus" not in state.sieges
        assert (
            "damascus" not in state.inside
            or "ayyubids" not in state.inside["damascus"]
            or not forces.units(state.inside["damascus"]["ayyubids"])
        )
        assert state.dead["ayyubids"]["full"]["2-6"] == 4
        assert state.failed_calls[C] == 0  # reset by the capture by assault (§17.5.1)
        losses = [f for f in seen if f["kind"] == "leader_loss"]
        assert losses == [
            {
                "kind": "leader_loss",
                "player": M,
                "leaders": ["yusuf"],
                "why": "assault_blockaded",
                "space": "damascus",
            }
        ]
    assert faces == []


def test_blockade_roll_needs_the_difference_or_less(monkeypatch):
    # §17.6.2: besiegers' units less the units inside, the castle one of them; a roll at most that.
    state = position("G")
    forces.put(state, "inside", "homs", "ayyubids", pieces({"2-6": 1}))
    force = {"mongols": pieces({"4-6": 4}, leaders=["hulegu"])}
    forces.put(state, "field", "homs", "mongols", force["mongols"])
    dice(monkeypatch, [3])
    with recorded():
        drive(state, "besiege", player=C, space="homs", group=force)
    assert state.sieges["homs"]["blockade"] is False  # 4 - (1 + 1) = 2: a 3 fails
    assert state.sieges["homs"]["rf"] == 3


def test_a_port_is_never_blockaded_by_the_roll(monkeypatch):
    # §17.6.2 L1045, §Example.C4 L1332: no blockade roll at a port.
    state = position("D")
    force = {"crusaders": pieces({"3-4": 6}, leaders=["richard"])}
    forces.put(state, "field", "acre", "crusaders", force["crusaders"])
    forces.put(state, "inside", "acre", "ayyubids", pieces({"2-6": 2}))
    state.cities["acre"] = "ayyubids"
    faces = dice(monkeypatch, [])
    with recorded():
        drive(state, "besiege", player=C, space="acre", group=force)
    assert state.sieges["acre"] == {"besieger": C, "rf": 6, "blockade": False}  # §Example.C4: RF 6
    assert faces == []


def test_a_low_castle_may_be_refilled_when_besieged(monkeypatch):
    # §17.10.1 L1161: at that moment only, a unit inside loses a step and the castle goes Full.
    state = position("G")
    forces.put(state, "inside", "hama", "ayyubids", pieces({"2-6": 1}))
    force = {"mongols": pieces({"4-6": 6}, leaders=["hulegu"])}
    forces.put(state, "field", "hama", "mongols", force["mongols"])
    dice(monkeypatch, [4])
    with recorded():
        drive(state, "besiege", player=C, space="hama", group=force)
        assert PROCEDURES.deciders(state) == (M,)
        act(state, M, "refill", "ayyubids", "full", "2-6")
    assert state.sieges["hama"]["blockade"] is True  # 6 - (1 + 1) = 4: a 4 blockades
    assert state.castles["hama"]["low"] is False
    assert state.sieges["hama"]["rf"] == 3  # the Full side's RF
    assert forces.at(state, "inside", "hama")["ayyubids"]["reduced"] == {"2-6": 1}


def test_starvation_needs_a_blockade():
    # §17.6.4 L1070: starvation only against a blockaded stronghold.
    state = position("G")
    forces.put(state, "inside", "homs", "ayyubids", pieces({"2-6": 1}))
    forces.put(state, "field", "homs", "mongols", pieces({"4-6": 2}))
    state.sieges["homs"] = {"besieger": C, "rf": 3, "blockade": False}
    give(state, C, "9")
    with recorded():
        drive(state, "siege", player=C, space="homs", card="9")
        assert ("starve",) not in PROCEDURES.legal(state, C)
        state.sieges["homs"]["blockade"] = True
        assert ("starve",) in PROCEDURES.legal(state, C)


def test_manpower_limits_the_round():
    # §17.6.6 L1089: two reduced units count one; the round's events together within it.
    state = position("G")
    forces.put(state, "inside", "homs", "ayyubids", pieces({"2-6": 1}))
    forces.put(state, "field", "homs", "mongols", pieces({"4-6": 1}, {"4-6": 1}))
    state.sieges["homs"] = {"besieger": C, "rf": 3, "blockade": False}
    assert not sieges.playable(state, "homs", "A", "32", 0)  # Construct Siege Tower needs 2
    forces.put(state, "field", "homs", "mongols", pieces(reduced={"4-6": 1}))
    assert sieges.playable(state, "homs", "A", "32", 0)
    assert not sieges.playable(state, "homs", "A", "32", 1)


def test_low_castle_manpower_is_one_plus_its_units():
    # §17.6.6 L1093, K71: Full castle 2, Low 1, each with the units inside.
    state = position("G")
    forces.put(state, "field", "hama", "mongols", pieces({"4-6": 1}))
    state.sieges["hama"] = {"besieger": C, "rf": 2, "blockade": False}
    assert sieges.defender_manpower(state, "hama") == 1
    forces.put(state, "inside", "hama", "ayyubids", pieces({"2-6": 1}))
    assert sieges.defender_manpower(state, "hama") == 2
    state.castles["hama"]["low"] = False
    assert sieges.defender_manpower(state, "hama") == 3


def test_the_besieged_plays_one_event_and_the_besieger_cannot_answer(monkeypatch):
    # §17.6.6 L1097: the besieged's own round, one event, no reply.
    state = position("G")
    forces.put(state, "inside", "homs", "ayyubids", pieces({"2-6": 2}))
    forces.put(state, "field", "homs", "mongols", pieces({"4-6": 3}))
    state.sieges["homs"] = {"besieger": C, "rf": 3, "blockade": False}
    give(state, M, "20")  # Walls Repaired: RF +1
    give(state, C, "29")
    dice(monkeypatch, [])
    with recorded():
        drive(state, "siege", player=M, space="homs", card="20")
    assert state.sieges["homs"]["rf"] == 4
    assert state.stack[-1]["kind"] == "probe"
    assert "20" in state.discard


def test_a_window_is_offered_whatever_the_hand(monkeypatch):
    # Fair play: after the besieger's event the besieged is asked, a pass offered, even empty-handed.
    state = position("G")
    forces.put(state, "inside", "homs", "ayyubids", pieces({"2-6": 2}))
    forces.put(state, "field", "homs", "mongols", pieces({"4-6": 3}))
    state.sieges["homs"] = {"besieger": C, "rf": 3, "blockade": False}
    give(state, C, "33")  # Mangonels: RF -1
    with recorded():
        drive(state, "siege", player=C, space="homs", card="33")
        act(state, C, "event", "33")
        assert PROCEDURES.deciders(state) == (M,) and PROCEDURES.legal(state, M) == [("pass",)]
        act(state, M, "pass")
        assert state.sieges["homs"]["rf"] == 2
        assert ("end",) in PROCEDURES.legal(state, C)


def test_lines_of_circumvallation_cancels_blockade_broken(monkeypatch):
    # §17.6.6 L1101: the besieger's canceller follows the card it cancels and is not one of his events.
    state = position("G")
    forces.put(state, "inside", "homs", "ayyubids", pieces({"2-6": 2}))
    forces.put(state, "field", "homs", "mongols", pieces({"4-6": 3}))
    state.sieges["homs"] = {"besieger": C, "rf": 3, "blockade": True}
    give(state, C, "33", "29")
    give(state, M, "5")
    with recorded():
        drive(state, "siege", player=C, space="homs", card="33")
        act(state, C, "event", "33")
        act(state, M, "event", "5")
        assert state.sieges["homs"]["blockade"] is True  # held while it may be cancelled
        act(state, C, "event", "29")
        assert state.sieges["homs"]["blockade"] is True
        assert state.stack[-1]["step"] == "more"


def test_fortunes_of_war_without_a_siege_event_ends_the_action(monkeypatch):
    # §17.6.5 L1083: nothing happens and play passes.
    state = position("G")
    forces.put(state, "inside", "homs", "ayyubids", pieces({"2-6": 2}))
    forces.put(state, "field", "homs", "mongols", pieces({"4-6": 3}))
    state.sieges["homs"] = {"besieger": C, "rf": 3, "blockade": False}
    give(state, C, "9")
    plain = next(
        c.id
        for c in data(state).cards.cards.values()
        if c.siege_event is None
        and c.id in state.deck
        and not any(e["kind"] == "lift_siege" for e in c.event)
    )
    state.deck.remove(plain)
    state.deck.insert(0, plain)
    with recorded():
        drive(state, "siege", player=C, space="homs", card="9")
        act(state, C, "fortunes")
    assert state.stack[-1]["kind"] == "probe" and plain in state.discard and "9" in state.discard


def test_fortunes_of_war_drawing_the_truce_lifts_the_siege(monkeypatch):
    # §17.6.5 L1080: the Truce drawn takes effect.
    state = position("G")
    forces.put(state, "inside", "homs", "ayyubids", pieces({"2-6": 2}))
    forces.put(state, "field", "homs", "mongols", pieces({"4-6": 3}))
    state.sieges["homs"] = {"besieger": C, "rf": 3, "blockade": False}
    give(state, C, "9")
    state.deck.remove("52")
    state.deck.insert(0, "52")
    with recorded():
        drive(state, "siege", player=C, space="homs", card="9")
        act(state, C, "fortunes")
    assert "homs" not in state.sieges


def test_a_defender_event_drawn_by_fortune_helps_the_defender(monkeypatch):
    # §17.6.5 L1079: whichever side the drawn event helps.
    state = position("G")
    forces.put(state, "inside", "homs", "ayyubids", pieces({"2-6": 2}))
    forces.put(state, "field", "homs", "mongols", pieces({"4-6": 3}))
    state.sieges["homs"] = {"besieger": C, "rf": 3, "blockade": False}
    give(state, C, "9")
    state.deck.remove("20")
    state.deck.insert(0, "20")  # Walls Repaired
    with recorded():
        drive(state, "siege", player=C, space="homs", card="9")
        act(state, C, "fortunes")
    assert state.sieges["homs"]["rf"] == 4


def test_a_siege_lifts_when_no_besieger_remains(monkeypatch):
    # §17.9 L1147 and §9.3 L524: the besieged rolls for the marker on a VP space.
    state = position("G")
    forces.put(state, "inside", "damascus", "ayyubids", pieces({"2-6": 2}))
    state.sieges["damascus"] = {"besieger": C, "rf": 6, "blockade": True}
    with recorded() as seen:
        state.stack = [{"kind": "probe"}]
        sieges.lift_abandoned(state)
        PROCEDURES.settle(state)
    assert "damascus" not in state.sieges
    assert seen == [
        {"kind": "advantage", "player": M, "at_most": 3, "why": "siege_ended", "space": "damascus"}
    ]


def test_the_besieged_may_attack_those_left_behind():
    # §17.9 L1149: a free attack on the part of the besiegers that stays.
    state = position("G")
    forces.put(state, "inside", "homs", "ayyubids", pieces({"2-6": 2}))
    forces.put(state, "field", "homs", "mongols", pieces({"4-6": 1}))
    state.sieges["homs"] = {"besieger": C, "rf": 3, "blockade": False}
    with recorded() as seen:
        drive(state, "left_behind", player=M, space="homs")
        act(state, M, "attack")
    assert seen[0]["why"] == "free_attack" and seen[0]["attacker"] == M and seen[0]["defender"] == C


def test_relief_and_sally():
    # §17.8: a relief army's battle gets +1; the besieged attacking from inside do not.
    state = position("G")
    forces.put(state, "inside", "homs", "ayyubids", pieces({"2-6": 2}))
    forces.put(state, "field", "homs", "mongols", pieces({"4-6": 1}))
    state.sieges["homs"] = {"besieger": C, "rf": 3, "blockade": False}
    assert (
        sieges.battle_why(state, "homs", M, from_inside=True) == "sally" and sieges.relief_drm("sally") == 0
    )
    assert (
        sieges.battle_why(state, "homs", M) == "relief" and sieges.relief_drm("relief") == 1
    )  # garrison or not
    assert sieges.battle_why(state, "homs", C) == "entry"


@pytest.mark.parametrize("card", ["9", "57"])
def test_resolvable_sieges(card):
    # §17.6.3: the besieger with any card; the besieged only with a defender's siege event.
    state = position("G")
    forces.put(state, "inside", "homs", "ayyubids", pieces({"2-6": 2}))
    forces.put(state, "field", "homs", "mongols", pieces({"4-6": 1}))
    state.sieges["homs"] = {"besieger": C, "rf": 3, "blockade": False}
    assert sieges.resolvable(state, C, card) == ["homs"]
    assert sieges.resolvable(state, M, card) == (["homs"] if card == "57" else [])


def test_an_epidemic_drawn_by_fortune_strikes_by_the_die(monkeypatch):
    # §17.6.5 L1081: drawn, it strikes the besieger on 1-3, the besieged on 4-6, then may spread.
    state = position("G")
    forces.put(state, "inside", "homs", "ayyubids", pieces({"2-6": 2}))
    forces.put(state, "field", "homs", "mongols", pieces({"4-6": 3}))
    state.sieges["homs"] = {"besieger": C, "rf": 3, "blockade": False}
    give(state, C, "9")
    state.deck.remove("11")
    state.deck.insert(0, "11")  # Epidemic
    faces = dice(monkeypatch, [5, 6, 6])  # the besieged: AV 2 + 2 = 4, a 6; then no spread on a 6
    with recorded():
        drive(state, "siege", player=C, space="homs", card="9")
        act(state, C, "fortunes")
        assert PROCEDURES.deciders(state) == (C,) and ("assault",) in PROCEDURES.legal(state, C)
    assert faces == []
    lost = 4 - forces.steps(forces.at(state, "inside", "homs")["ayyubids"])
    assert lost == sieges.grids(state).attrition.result(4, 6) > 0
    assert forces.at(state, "field", "homs")["mongols"] == pieces({"4-6": 3})


def test_an_event_picks_its_siege_when_there_are_several():
    # §8.4.1: Siege Engineers (#33) lowers the RF of a siege its player leads, which he chooses.
    from outremer.games.kingdom_of_heaven.effects import run

    state = position("G")
    for space in ("homs", "hama"):
        forces.put(state, "field", space, "mongols", pieces({"4-6": 1}))
        state.sieges[space] = {"besieger": C, "rf": 3, "blockade": False}
    with recorded():
        state.stack = [{"kind": "probe"}]
        run(state, C, {"kind": "rf", "value": -1}, {"card": "33"})
        PROCEDURES.settle(state)
        assert PROCEDURES.legal(state, C) == [("siege", "hama"), ("siege", "homs")]
        act(state, C, "siege", "hama")
    assert state.sieges["hama"]["rf"] == 2 and state.sieges["homs"]["rf"] == 3


def test_treachery_takes_the_stronghold_as_a_surrender(monkeypatch):
    # Treachery Within (surrender at_most 1): a 1 gives the stronghold up, its garrison dead (§17.5.1).
    state = position("G")
    forces.put(state, "inside", "homs", "ayyubids", pieces({"2-6": 1}))
    forces.put(state, "field", "homs", "mongols", pieces({"4-6": 3}))
    state.sieges["homs"] = {"besieger": C, "rf": 3, "blockade": False}
    give(state, C, "17")
    dice(monkeypatch, [1])
    with recorded():
        drive(state, "siege", player=C, space="homs", card="17")
        act(state, C, "event", "17")
        act(state, C, "low")
    assert state.castles["homs"] == {"power": "mongols", "low": True} and "homs" not in state.sieges
    assert state.stack[-1]["kind"] == "probe"


def test_the_siege_of_acre_in_the_extended_example(monkeypatch):
    # §Example.C4 L1330-L1332: Acre's RF 3 + 2 + 1 = 6, the call at +1 -1, a port: no blockade roll.
    # §Example.C5 L1336, §Example.C5.End L1363-L1364: the Siege Tower (RF 4, a replacement drawn);
    # Countermines cannot answer it; manpower 5, 2 used; Lines of Circumvallation has nothing to cancel.
    # §Example.C6 L1357-L1360: Militia Fills Out Garrisons discarded for Fortunes of War draws #43: RF 2,
    # three of the garrison reduced. §Example.C6.End: the assault, 3 and 3, Acre falls.
    state = position("D")
    state.cities["acre"] = "ayyubids"
    state.failed_calls[C] = 1
    force = {"crusaders": pieces({"3-4": 5}, leaders=["richard"]), "hospitallers": pieces({"3-4": 1})}
    for power, g in force.items():
        forces.put(state, "field", "acre", power, g)
    forces.put(state, "inside", "acre", "ayyubids", pieces({"2-6": 2}))
    assert rf(state, "acre") == 6
    assert call_drm(state, C, "acre", force, "richard") == 0  # seven or more needed: no surrender
    faces = dice(monkeypatch, [3, 3])
    with recorded():
        drive(state, "besiege", player=C, space="acre", group=force)
        assert state.sieges["acre"] == {"besieger": C, "rf": 6, "blockade": False}
        forces.lose_step(state, "field", "acre", "hospitallers", "full", "3-4")  # C4's foraging loss
        forces.put(state, "inside", "acre", "ayyubids", pieces({"2-6": 2}))  # M4: Madrasas Preach Jihad
        assert state.sieges["acre"]["rf"] == 6  # fixed once the siege started (§17.4 L997)
        give(state, C, "32", "29", "22")
        give(state, M, "38")
        state.deck.remove("4")
        state.deck.insert(0, "4")
        drive(state, "siege", player=C, space="acre", card="32")
        act(state, C, "event", "32")
        assert state.hands[C][-1] == "4"  # the replacement, Mercenaries
        assert PROCEDURES.legal(state, M) == [("pass",)]  # Countermines only answers Sappers and Miners
        act(state, M, "pass")  # the tower, held while Greek Fire could burn it, now stands
        assert state.sieges["acre"]["rf"] == 4
        frame = state.stack[-1]
        assert frame["man"]["A"] == 2 and manpower(sieges.besieging(state, "acre")) == 5
        assert PROCEDURES.legal(state, C) == [("assault",), ("end",)]
        act(state, C, "end")
        state.deck.remove("43")
        state.deck.insert(0, "43")
        drive(state, "siege", player=C, space="acre", card="22")
        act(state, C, "fortunes")
        assert state.sieges["acre"]["rf"] == 2
        assert forces.at(state, "inside", "acre")["ayyubids"] == pieces({"2-6": 1}, {"2-6": 3})
        # the assault is part of the card's play, no card of its own (§8.4 L445, whose "17.4" is
        # §17.7, K1)
        act(state, C, "assault")
        act(state, C, "pass")
        act(state, M, "pass")
        assert done(state) == {}  # the siege ends with the assault
    assert faces == []
    assert state.cities["acre"] == "jerusalem" and state.failed_calls[C] == 0


def test_starvation_crowds_the_garrisons_column(monkeypatch):
    # §17.6.4 L1071: one column right for each unit inside beyond four; the card's OV on the roll.
    state = position("G")
    forces.put(state, "inside", "damascus", "ayyubids", pieces({"2-6": 6}))
    forces.put(state, "field", "damascus", "mongols", pieces({"4-6": 1}))
    state.sieges["damascus"] = {"besieger": C, "rf": 5, "blockade": True}
    give(state, C, "9")  # OV 3
    dice(monkeypatch, [2, 6])
    with recorded():
        drive(state, "siege", player=C, space="damascus", card="9")
        act(state, C, "starve")
    expected = sieges.grids(state).attrition.result(6, 2 + 3, 2)
    assert expected != sieges.grids(state).attrition.result(6, 2 + 3)  # the shift matters here
    assert 12 - forces.steps(forces.at(state, "inside", "damascus")["ayyubids"]) == expected


def test_the_besieged_may_only_cancel_an_event_drawn_by_fortune():
    # §17.6.5 L1081: no answer to Fortunes of War but a canceller, such as Greek Fire for the tower.
    state = position("G")
    forces.put(state, "inside", "homs", "ayyubids", pieces({"2-6": 2}))
    forces.put(state, "field", "homs", "mongols", pieces({"4-6": 3}))
    state.sieges["homs"] = {"besieger": C, "rf": 3, "blockade": False}
    give(state, C, "9")
    give(state, M, "12", "20")  # Greek Fire; Walls Repaired, a defender's event but no canceller
    state.deck.remove("32")
    state.deck.insert(0, "32")  # Construct Siege Tower
    hand = len(state.hands[C])
    with recorded():
        drive(state, "siege", player=C, space="homs", card="9")
        act(state, C, "fortunes")
        assert PROCEDURES.legal(state, M) == [("event", "12"), ("pass",)]
        act(state, M, "event", "12")
    assert state.sieges["homs"]["rf"] == 3  # the tower burnt
    assert len(state.hands[C]) == hand - 1  # no replacement for a card drawn by fortune
    assert PROCEDURES.legal(state, C) == [("assault",), ("end",)]


def _homs_besieged(state, inside: dict[str, int]) -> None:
    """Homs, an Ayyubid castle on its Full side (scenario G), with ``inside`` Ayyubid units in it
    and three Mongol 4-6 besieging it for the Christian."""
    assert state.castles["homs"] == {"power": "ayyubids", "low": False}
    forces.put(state, "inside", "homs", "ayyubids", pieces(inside))
    forces.put(state, "field", "homs", "mongols", pieces({"4-6": 3}))
    state.sieges["homs"] = {"besieger": C, "rf": 3, "blockade": False}


def test_a_siege_event_flipping_units_spares_the_castle_s_own_garrison():
    # §17.6.7 L1107, K78: Rats in Enemy Food Supply (#43) lowers the RF by 2 and reduces up to three
    # units of the besieged, their owner choosing; only two are inside, and the castle's intrinsic
    # garrison is never among the choices nor the third step (were it, the Muslim would be offered
    # it and the castle would end on its Low side)
    state = position("G")
    _homs_besieged(state, {"2-6": 1, "2-4": 1})
    give(state, C, "43")
    with recorded():
        drive(state, "siege", player=C, space="homs", card="43")
        act(state, C, "event", "43")
        assert PROCEDURES.legal(state, M) == [
            ("lose", "ayyubids", "full", "2-4"),
            ("lose", "ayyubids", "full", "2-6"),
        ]
        act(state, M, "lose", "ayyubids", "full", "2-6")
    assert forces.at(state, "inside", "homs")["ayyubids"] == pieces(reduced={"2-6": 1, "2-4": 1})
    assert state.sieges["homs"]["rf"] == 1
    assert state.castles["homs"]["low"] is False


def test_an_epidemic_and_a_sortie_never_touch_the_castle_s_own_garrison(monkeypatch):
    # §17.6.7 L1107, K78: the Epidemic the besieger plays (#11) strikes the besieged (§17.6.5 L1081):
    # AV 1 + 2, a 6 costs a step, taken from the one unit inside without a question (the castle
    # would be a second choice); then their Sortie (#57) commits that unit's last step, a 1 loses
    # it, and the castle stays Full with nobody inside
    state = position("G")
    _homs_besieged(state, {"2-6": 1})
    give(state, C, "11")
    faces = dice(monkeypatch, [6, 6, 1])  # the attrition, no spread; the sortie
    with recorded():
        drive(state, "siege", player=C, space="homs", card="11")
        act(state, C, "event", "11")
        assert PROCEDURES.legal(state, M) == [("pass",)]  # the answer to the event, no loss to choose
        assert forces.at(state, "inside", "homs")["ayyubids"] == pieces(reduced={"2-6": 1})
        assert state.castles["homs"]["low"] is False
        give(state, M, "57")
        drive(state, "siege", player=M, space="homs", card="57")
        assert PROCEDURES.legal(state, M) == [("commit", 1)]  # the units' steps, not the castle's
        act(state, M, "commit", 1)
    assert faces == []
    assert not forces.at(state, "inside", "homs")
    assert state.castles["homs"] == {"power": "ayyubids", "low": False}
