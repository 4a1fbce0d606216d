"""The replacement phase (§6): rates, the uses of RP, the Diplomatic Advantage, Neutral RP."""

from __future__ import annotations

from outremer.games.kingdom_of_heaven import effects, replacement
from outremer.games.kingdom_of_heaven.procedures import PROCEDURES
from outremer.games.kingdom_of_heaven.replacement import rate_points, received
from outremer.games.kingdom_of_heaven.state import CHRISTIAN, MUSLIM

from .positions_admin import blank, place, push


def _powers(actions):
    return {a[1] for a in actions if a[0] not in ("done", "power")}


def test_rates_by_turn():
    # §6.1 L329: "1/2" gives one RP on even turns, "1/3" on turns 3, 6, 9; none on turn 1 (§5.1).
    assert [rate_points("1/2", t) for t in (2, 3, 4, 5)] == [1, 0, 1, 0]
    assert [rate_points("1/3", t) for t in (2, 3, 4, 6, 7)] == [0, 1, 0, 1, 0]
    assert rate_points("2", 1) == 0 and rate_points("2", 5) == 2


def test_the_replacement_example_scenario_d_turn_5():
    # §6.1.Example L348-L358: dead Crusader, Hospitaller and Jerusalem units, Guy and Reynald; a
    # reduced Jerusalem unit in the pool; a reduced Antioch unit on the map.
    state = blank("D", turn=5)
    for power in ("crusaders", "hospitallers", "jerusalem"):
        label = "3-4" if power != "jerusalem" else "2-4"
        place(state, "dead", "", power, full={label: 1})
    place(state, "dead", "", "jerusalem", leaders=["guy", "reynald"])
    place(state, "pool", "", "jerusalem", reduced={"2-4": 1})
    place(state, "field", "antioch", "antioch", reduced={"2-4": 1})
    place(state, "field", "acre", "crusaders", reduced={"3-4": 1})
    push(state, "replacement", player=CHRISTIAN)
    legal = PROCEDURES.legal(state, CHRISTIAN)
    # The Crusaders get no RP: neither the dead unit nor the reduced one on the map (§6.1 L342).
    # Tripoli and the Orders (1/2) get none on an odd turn; Byzantium has none.
    assert _powers(legal) == {"antioch", "jerusalem"}
    assert ("flip", "antioch", "field", "antioch", "2-4") in legal
    assert not any(a[0] == "rebuild" and a[1] == "antioch" for a in legal)
    # Jerusalem's one RP: rebuild the dead unit, flip the pooled one, or one RP toward Reynald.
    assert ("rebuild", "jerusalem", "2-4") in legal
    assert ("flip", "jerusalem", "pool", "", "2-4") in legal
    assert ("leader_part", "jerusalem", "reynald") in legal
    assert not any(a[0] == "rebuild_full" for a in legal)  # two RP needed
    # Guy (command 5) may never come back (§6.1 L345).
    assert not any("guy" in a for a in legal)


def test_a_leader_paid_over_two_turns():
    # §6.1 L339: one RP now, flipped to show it, the second on a later turn.
    state = blank("D", turn=5)
    place(state, "dead", "", "jerusalem", leaders=["reynald"])
    push(state, "replacement", player=CHRISTIAN)
    PROCEDURES.perform(state, CHRISTIAN, ("leader_part", "jerusalem", "reynald"))
    assert state.rebuilds == {"reynald": 1}
    assert PROCEDURES.legal(state, CHRISTIAN) == []  # Jerusalem's RP spent: the phase ran on
    assert state.stack == []
    state.turn = 6
    push(state, "replacement", player=CHRISTIAN)
    PROCEDURES.perform(state, CHRISTIAN, ("leader", "jerusalem", "reynald"))
    assert "reynald" in state.pools["jerusalem"]["leaders"] and not state.rebuilds
    assert "reynald" not in state.dead["jerusalem"]["leaders"]


def test_extended_example_replacements():
    # §Example.Replacement L1282-L1291, turn 4: Jerusalem rebuilds a unit reduced; Tripoli's RP
    # (1/2, even turn) flips its pooled unit though it could go toward Raymond III; the Templars
    # rebuild a unit; the Ayyubids' 4 RP bring back two 2-6 at full; the DA is offered, declined.
    state = blank("D", turn=4)
    place(state, "dead", "", "jerusalem", full={"2-4": 1})
    place(state, "dead", "", "tripoli", leaders=["raymond_iii"])
    place(state, "pool", "", "tripoli", reduced={"2-4": 1})
    place(state, "dead", "", "templars", full={"3-4": 1})
    place(state, "dead", "", "ayyubids", full={"2-6": 3})
    state.advantage = MUSLIM
    push(state, "replacement", player=CHRISTIAN)
    legal = PROCEDURES.legal(state, CHRISTIAN)
    assert ("leader", "tripoli", "raymond_iii") not in legal and (
        "leader_part",
        "tripoli",
        "raymond_iii",
    ) in legal
    for action in (
        ("rebuild", "jerusalem", "2-4"),
        ("flip", "tripoli", "pool", "", "2-4"),
        ("rebuild", "templars", "3-4"),
    ):
        PROCEDURES.perform(state, CHRISTIAN, action)
    assert state.stack == []  # nothing left to spend: the phase ended by itself
    assert state.pools["jerusalem"]["reduced"] == {"2-4": 1}
    assert state.pools["tripoli"]["full"] == {"2-4": 1} and not state.pools["tripoli"]["reduced"]
    assert state.pools["templars"]["reduced"] == {"3-4": 1}
    push(state, "replacement", player=MUSLIM)
    legal = PROCEDURES.legal(state, MUSLIM)
    assert ("advantage", "ayyubids") in legal  # §6.1 L331
    PROCEDURES.perform(state, MUSLIM, ("rebuild_full", "ayyubids", "2-6"))
    PROCEDURES.perform(state, MUSLIM, ("rebuild_full", "ayyubids", "2-6"))
    assert state.pools["ayyubids"]["full"] == {"2-6": 2} and state.dead["ayyubids"]["full"] == {"2-6": 1}
    assert PROCEDURES.legal(state, MUSLIM) == [("advantage", "ayyubids"), ("done",)]
    PROCEDURES.perform(state, MUSLIM, ("done",))
    assert state.stack == [] and state.advantage == MUSLIM and not state.rp


def test_no_replacement_in_a_blockaded_or_enemy_space():
    # §6.1 L343: blockaded units and units in an enemy-controlled space are not refitted; besieged
    # but unblockaded ones are.
    state = blank("D", turn=3)  # Jerusalem 1 RP
    place(state, "inside", "kerak", "jerusalem", reduced={"2-4": 1})
    place(state, "field", "hama", "jerusalem", reduced={"2-4": 1})  # an Ayyubid castle
    state.sieges["kerak"] = {"besieger": MUSLIM, "rf": 3, "blockade": True}
    push(state, "replacement", player=CHRISTIAN)
    assert PROCEDURES.legal(state, CHRISTIAN) == []
    state.stack = []
    state.sieges["kerak"]["blockade"] = False
    push(state, "replacement", player=CHRISTIAN)
    assert _powers(PROCEDURES.legal(state, CHRISTIAN)) == {"jerusalem"}
    assert ("flip", "jerusalem", "field", "hama", "2-4") not in PROCEDURES.legal(state, CHRISTIAN)


def test_rp_are_never_kept():
    # §6.1 L347: RP left unspent at the end of the phase are lost.
    state = blank("D", turn=2)  # Ayyubids 4 RP
    place(state, "dead", "", "ayyubids", full={"2-6": 1})
    push(state, "replacement", player=MUSLIM)
    PROCEDURES.perform(state, MUSLIM, ("rebuild", "ayyubids", "2-6"))
    assert state.rp["ayyubids"] == 3
    PROCEDURES.perform(state, MUSLIM, ("done",))
    assert state.stack == [] and "ayyubids" not in state.rp
    assert received(state, "ayyubids") == 4


def test_the_advantage_is_no_rp_for_the_crusaders():
    # K80: the Crusaders gain RP only by event (§6.1 L342); the marker is not one.
    state = blank("D", turn=2)
    place(state, "dead", "", "crusaders", full={"3-4": 1})
    place(state, "dead", "", "byzantium", full={"3-4": 1})
    state.advantage = CHRISTIAN
    push(state, "replacement", player=CHRISTIAN)
    legal = PROCEDURES.legal(state, CHRISTIAN)
    assert ("advantage", "byzantium") in legal and ("advantage", "crusaders") not in legal
    PROCEDURES.perform(state, CHRISTIAN, ("advantage", "byzantium"))
    assert state.advantage is None and state.rp["byzantium"] == 1


def test_neutral_rp_flip_on_the_map_first_then_leaders_then_units():
    # §6.2 L362: Neutral RP flip units on the map, then bring back leaders, then rebuild units.
    state = blank("D", turn=2)  # the Seljuks are neutral, rate 1
    place(state, "field", "konya", "seljuks", reduced={"2-6": 1})
    place(state, "dead", "", "seljuks", full={"2-6": 1})
    state.stack = []
    replacement.neutral(state)
    assert state.field["konya"]["seljuks"]["full"] == {"2-6": 1}
    assert state.dead["seljuks"]["full"] == {"2-6": 1}
    state.turn = 3
    replacement.neutral(state)
    assert state.pools["seljuks"]["reduced"] == {"2-6": 1}  # one RP: reduced


def test_the_muslim_phase_ends_with_the_neutrals():
    # §6.2: the Neutral Powers are automated when the players are done (after the Muslim, §5.1).
    state = blank("D", turn=2)
    place(state, "dead", "", "seljuks", full={"2-4": 1})
    push(state, "replacement", player=MUSLIM)
    assert state.stack == [] and state.pools["seljuks"]["reduced"] == {"2-4": 1}


def test_a_card_grants_rp_at_once():
    # K80: a card's RP (Money Fiefs, +2 to a controlled Power) are spent when it is played.
    state = blank("D", turn=5)
    place(state, "dead", "", "jerusalem", full={"2-4": 1})
    push(state, "replacement", player=CHRISTIAN, grant={"powers": ["jerusalem", "antioch"], "value": 2})
    assert PROCEDURES.legal(state, CHRISTIAN) == [("power", "jerusalem"), ("power", "antioch")]
    PROCEDURES.perform(state, CHRISTIAN, ("power", "jerusalem"))
    assert ("rebuild_full", "jerusalem", "2-4") in PROCEDURES.legal(state, CHRISTIAN)
    assert ("advantage", "jerusalem") not in PROCEDURES.legal(state, CHRISTIAN)
    PROCEDURES.perform(state, CHRISTIAN, ("rebuild_full", "jerusalem", "2-4"))
    assert state.stack == [] and state.pools["jerusalem"]["full"] == {"2-4": 1}


def test_rp_cards_add_at_once_and_withhold_later():
    # K80: Money Fiefs' +2 for a controlled Power spent at once; Heretics Cause Unrest's -1 comes
    # off the enemy Power's next replacement phase.
    state = blank("D", turn=5)
    place(state, "dead", "", "antioch", full={"2-4": 1})
    effects.run(state, CHRISTIAN, {"kind": "rp", "power": "controlled", "value": 2}, {"card": "46"})
    PROCEDURES.settle(state)
    assert ("power", "antioch") in PROCEDURES.legal(state, CHRISTIAN)
    PROCEDURES.perform(state, CHRISTIAN, ("power", "antioch"))
    PROCEDURES.perform(state, CHRISTIAN, ("rebuild_full", "antioch", "2-4"))
    assert state.stack == [] and state.pools["antioch"]["full"] == {"2-4": 1}
    effects.run(state, CHRISTIAN, {"kind": "rp", "power": "enemy", "value": -1}, {"card": "29"})
    PROCEDURES.settle(state)
    assert PROCEDURES.legal(state, CHRISTIAN) == []  # the Muslim has one Power: no choice
    assert state.stack == [] and state.rp == {"ayyubids": -1}
    state.turn = 6
    assert received(state, "ayyubids") == 3  # rate 4 less the one withheld
    push(state, "replacement", player=MUSLIM)
    assert "ayyubids" not in state.rp


def test_the_crusaders_take_rp_only_from_cards():
    # §6.1 L342: Papal Legate's RP go to the Crusaders, who have no rate.
    state = blank("D", turn=5)
    place(state, "field", "tyre", "crusaders", reduced={"3-4": 1})
    effects.run(state, CHRISTIAN, {"kind": "rp", "power": "crusaders", "value": 1}, {"card": "56"})
    PROCEDURES.settle(state)
    assert PROCEDURES.legal(state, CHRISTIAN) == [("flip", "crusaders", "field", "tyre", "3-4"), ("done",)]
