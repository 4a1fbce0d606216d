"""The demobilization phase (§16.1) and its exceptions."""

from __future__ import annotations

from outremer.games.kingdom_of_heaven import demobilization, dice, effects
from outremer.games.kingdom_of_heaven.procedures import PROCEDURES
from outremer.games.kingdom_of_heaven.state import CHRISTIAN, MUSLIM

from .positions_admin import blank, place, push


def _keeps(legal, space):
    return [a for a in legal if a[0] == "keep" and a[2] == space]


def _turn_4_end():
    """§Example.Demobilization L1395-L1400: the end of the Extended Example's turn 4."""
    state = blank("D", turn=4)
    state.cities["jerusalem"] = "ayyubids"  # taken by Saladin (§Example L1280)
    place(state, "inside", "edessa", "ayyubids", full={"2-6": 1})
    place(state, "inside", "aleppo", "ayyubids", full={"2-6": 1})
    place(state, "inside", "damascus", "ayyubids", full={"2-6": 2})
    place(state, "field", "cairo", "ayyubids", full={"2-6": 3}, leaders=["al_adil"])
    place(
        state,
        "field",
        "jerusalem",
        "ayyubids",
        full={"3-6": 1, "2-6": 2},
        reduced={"3-6": 3, "2-6": 2},
        leaders=["saladin", "al_afdal"],
    )
    place(state, "field", "acre", "crusaders", full={"3-4": 3}, leaders=["richard"])
    place(state, "inside", "acre", "templars", full={"3-4": 1})
    place(state, "inside", "acre", "hospitallers", full={"3-4": 1})
    place(state, "inside", "tyre", "jerusalem", full={"2-4": 1})
    place(state, "inside", "beirut", "jerusalem", full={"2-4": 1})
    place(state, "inside", "tripoli", "tripoli", full={"2-4": 1})
    state.political["antioch"] = "neutral"  # Example.M3
    place(state, "field", "antioch", "antioch", full={"2-4": 2})
    return state


def test_extended_example_muslim_demobilization():
    # §Example.Demobilization L1397: garrisons without leaders go; al-Adil (command 4) keeps two in
    # Cairo; Saladin keeps half his command 10, five units (K81); al-Afdal, not the ranking
    # leader, stays but keeps none.
    state = _turn_4_end()
    push(state, "demobilize", player=MUSLIM)
    legal = PROCEDURES.legal(state, MUSLIM)
    assert set(legal) == {("stay", "al_adil"), ("stay", "saladin"), ("stay", "al_afdal"), ("leaders_done",)}
    for x in ("al_adil", "saladin", "al_afdal"):
        PROCEDURES.perform(state, MUSLIM, ("stay", x))
    PROCEDURES.perform(state, MUSLIM, ("leaders_done",))
    legal = PROCEDURES.legal(state, MUSLIM)
    assert not any(a[2] in ("edessa", "aleppo", "damascus") for a in legal if a[0] == "keep")
    for _ in range(2):
        PROCEDURES.perform(state, MUSLIM, ("keep", "field", "cairo", "ayyubids", "full", "2-6"))
    assert _keeps(PROCEDURES.legal(state, MUSLIM), "cairo") == []
    for face, label in [
        ("full", "3-6"),
        ("reduced", "3-6"),
        ("reduced", "3-6"),
        ("reduced", "3-6"),
        ("full", "2-6"),
    ]:
        PROCEDURES.perform(state, MUSLIM, ("keep", "field", "jerusalem", "ayyubids", face, label))
    # The sixth unit the example keeps is beyond ceil(10 / 2) = 5 (K81).
    # Nothing more may stay: the phase ran to its end by itself.
    assert state.stack == []
    assert "edessa" not in state.inside and "damascus" not in state.inside
    assert state.field["cairo"]["ayyubids"] == {"full": {"2-6": 2}, "reduced": {}, "leaders": ["al_adil"]}
    jerusalem = state.field["jerusalem"]["ayyubids"]
    assert jerusalem["full"] == {"3-6": 1, "2-6": 1} and jerusalem["reduced"] == {"3-6": 3}
    assert sorted(jerusalem["leaders"]) == ["al_afdal", "saladin"]
    pool = state.pools["ayyubids"]
    assert pool["full"] == {"2-6": 6} and pool["reduced"] == {"2-6": 2}


def test_extended_example_christian_demobilization():
    # §Example.Demobilization L1399-L1400: the Crusaders stay; the Orders in Acre may, and do; the
    # Kingdom's units in Tyre and Beirut and Tripoli's in Tripoli go; neutral Antioch's stay.
    state = _turn_4_end()
    push(state, "demobilize", player=CHRISTIAN)
    assert PROCEDURES.legal(state, CHRISTIAN) == [
        ("keep", "inside", "acre", "hospitallers", "full", "3-4"),
        ("keep", "inside", "acre", "templars", "full", "3-4"),
        ("done",),
    ]
    PROCEDURES.perform(state, CHRISTIAN, ("keep", "inside", "acre", "hospitallers", "full", "3-4"))
    PROCEDURES.perform(state, CHRISTIAN, ("keep", "inside", "acre", "templars", "full", "3-4"))
    assert state.stack == []  # nothing else may stay: the phase ran to its end
    assert state.field["acre"]["crusaders"]["leaders"] == ["richard"]
    assert not {"tyre", "beirut", "tripoli"} & set(state.inside)
    assert state.field["antioch"]["antioch"]["full"] == {"2-4": 2}
    assert state.pools["jerusalem"]["full"] == {"2-4": 2} and state.pools["tripoli"]["full"] == {"2-4": 1}


def _captured_damascus():
    """§16.1.Example L933: two Jerusalem units and two Templars in a captured Damascus."""
    state = blank("D", turn=4)
    state.cities["damascus"] = "jerusalem"
    place(state, "inside", "damascus", "jerusalem", full={"2-4": 2})
    place(state, "inside", "damascus", "templars", full={"3-4": 2})
    return state


def test_captured_damascus_keeping_the_templars():
    # §16.1.Example L933: the Templars kept, the Jerusalem units must go.
    state = _captured_damascus()
    push(state, "demobilize", player=CHRISTIAN)
    for _ in range(2):
        PROCEDURES.perform(state, CHRISTIAN, ("keep", "inside", "damascus", "templars", "full", "3-4"))
    assert state.stack == []
    assert state.inside["damascus"] == {"templars": {"full": {"3-4": 2}, "reduced": {}, "leaders": []}}


def test_captured_damascus_trading_templars_for_jerusalem_units():
    # §16.1.Example L933: one Templar sent home lets one Jerusalem unit stay; at most two in all.
    state = _captured_damascus()
    push(state, "demobilize", player=CHRISTIAN)
    PROCEDURES.perform(state, CHRISTIAN, ("keep", "inside", "damascus", "jerusalem", "full", "2-4"))
    PROCEDURES.perform(state, CHRISTIAN, ("keep", "inside", "damascus", "templars", "full", "3-4"))
    legal = PROCEDURES.legal(state, CHRISTIAN)
    assert ("keep", "inside", "damascus", "jerusalem", "full", "2-4") not in legal
    PROCEDURES.perform(state, CHRISTIAN, ("done",))
    assert state.inside["damascus"]["jerusalem"]["full"] == {"2-4": 1}
    assert state.inside["damascus"]["templars"]["full"] == {"3-4": 1}


def test_the_kingdom_of_jerusalem_demobilization_example():
    # §16.1.Example L935: Manasses (command 3) may keep two Kingdom units; the Orders need not go;
    # the units in Acre, with no leader, go; Philip II and his Crusaders besieging stay.
    state = blank("B", turn=3)
    place(state, "field", "acre", "jerusalem", full={"2-4": 2})
    place(state, "field", "jerusalem", "jerusalem", full={"2-4": 2}, leaders=["manasses"])
    place(state, "field", "jerusalem", "templars", full={"3-4": 1})
    place(state, "field", "jerusalem", "hospitallers", full={"3-4": 1})
    state.political["crusaders"] = "christian"
    place(state, "field", "damascus", "crusaders", full={"3-4": 3}, leaders=["philip"])
    state.sieges["damascus"] = {"besieger": CHRISTIAN, "rf": 3, "blockade": False}
    push(state, "demobilize", player=CHRISTIAN)
    assert PROCEDURES.legal(state, CHRISTIAN) == [("stay", "manasses"), ("leaders_done",)]
    PROCEDURES.perform(state, CHRISTIAN, ("stay", "manasses"))
    PROCEDURES.perform(state, CHRISTIAN, ("leaders_done",))
    legal = PROCEDURES.legal(state, CHRISTIAN)
    assert ("keep", "field", "acre", "jerusalem", "full", "2-4") not in legal
    for _ in range(2):
        PROCEDURES.perform(state, CHRISTIAN, ("keep", "field", "jerusalem", "jerusalem", "full", "2-4"))
    assert ("keep", "field", "jerusalem", "jerusalem", "full", "2-4") not in PROCEDURES.legal(
        state, CHRISTIAN
    )
    PROCEDURES.perform(state, CHRISTIAN, ("done",))
    assert state.field["damascus"]["crusaders"]["leaders"] == ["philip"]
    assert (
        state.field["jerusalem"]["jerusalem"]["full"] == {"2-4": 2}
        and "templars" not in state.field["jerusalem"]
    )
    assert "acre" not in state.field and state.pools["jerusalem"]["full"] == {"2-4": 2}


def test_a_besieging_leader_rolls_to_stay(monkeypatch):
    # §16.1 L924: besieging, he stays on a roll at most his battle rating, else all go.
    for die, stays in ((2, True), (3, False)):
        state = blank("D", turn=4)
        place(state, "field", "kerak", "ayyubids", full={"2-6": 3}, leaders=["al_afdal"])  # battle 2
        state.sieges["kerak"] = {"besieger": MUSLIM, "rf": 3, "blockade": False}
        monkeypatch.setattr(dice, "roll", lambda *a, _d=die, **k: _d)
        push(state, "demobilize", player=MUSLIM)
        PROCEDURES.perform(state, MUSLIM, ("stay", "al_afdal"))
        if stays:
            PROCEDURES.perform(state, MUSLIM, ("keep", "field", "kerak", "ayyubids", "full", "2-6"))
            PROCEDURES.perform(state, MUSLIM, ("keep", "field", "kerak", "ayyubids", "full", "2-6"))
            assert state.field["kerak"]["ayyubids"]["full"] == {"2-6": 2}
        else:
            assert state.stack == [] and "kerak" not in state.field
            assert state.pools["ayyubids"]["leaders"] == ["al_afdal"]


def test_besieged_cities_wait_for_their_besiegers():
    # §16.1 L928: units besieged in a walled city go only once every besieger has; the Muslim's
    # wait for the Christian's demobilization.
    state = blank("D", turn=4)
    place(state, "inside", "damascus", "ayyubids", full={"2-6": 2})
    place(state, "field", "damascus", "jerusalem", full={"2-4": 2})
    state.sieges["damascus"] = {"besieger": CHRISTIAN, "rf": 3, "blockade": False}
    place(state, "inside", "acre", "jerusalem", full={"2-4": 1})
    place(state, "field", "acre", "ayyubids", full={"2-6": 1})
    state.sieges["acre"] = {"besieger": MUSLIM, "rf": 3, "blockade": False}
    push(state, "demobilize", player=MUSLIM)
    assert state.stack == []
    assert "acre" not in state.field and state.inside["damascus"]["ayyubids"]["full"] == {"2-6": 2}
    push(state, "demobilize", player=CHRISTIAN)
    # The Acre garrison's besiegers are gone: it goes; Damascus's besiegers went, so its garrison too.
    assert state.stack == []
    assert state.inside == {} and state.field == {}
    assert state.pools["ayyubids"]["full"] == {"2-6": 3}


def test_winter_campaign_keeps_the_army():
    # §16.1 L927, K49: the units moved by a Winter Campaign need not demobilize.
    state = blank("D", turn=4)
    place(state, "field", "nablus", "ayyubids", full={"2-6": 6}, leaders=["al_afdal"])
    effects.run(state, MUSLIM, {"kind": "stay_in_field"}, {"card": "5", "actor": "al_afdal"})
    assert state.wintering == ["al_afdal"]
    push(state, "demobilize", player=MUSLIM)
    PROCEDURES.perform(state, MUSLIM, ("leaders_done",))
    for _ in range(6):
        PROCEDURES.perform(state, MUSLIM, ("keep", "field", "nablus", "ayyubids", "full", "2-6"))
    assert state.stack == [] and state.field["nablus"]["ayyubids"]["full"] == {"2-6": 6}
    assert state.wintering == [] and demobilization.NEVER == ("crusaders", "mongols")
