"""The mustering phase (§7): leaders, the limits per space, captured cities, intrinsic garrisons,
the counter mix, Neutral Powers."""

from __future__ import annotations

from outremer.games.kingdom_of_heaven import (  # noqa: F401 (events' handlers)
    effects,
    events,
    muster,
    replacement,
)
from outremer.games.kingdom_of_heaven.common import data
from outremer.games.kingdom_of_heaven.procedures import PROCEDURES
from outremer.games.kingdom_of_heaven.state import CHRISTIAN, MUSLIM

from .positions_admin import blank, place, push


def _spaces(legal, power, face, label):
    return {a[4] for a in legal if a[:4] == ("unit", power, face, label)}


def _extended_turn_4():
    """§Example L1280: scenario D, turn 4: Acre, Jerusalem and Kerak taken by Saladin; the Kingdom
    left with the castles of Beirut and Tyre, Tripoli with its city (§Example.Muster L1294)."""
    state = blank("D", turn=4)
    state.cities["acre"] = state.cities["jerusalem"] = "ayyubids"
    for lost in ("kerak", "shawbak", "caesarea", "jubail"):
        state.castles[lost] = {"power": "ayyubids", "low": False}
    state.castles["aila"]["low"] = False
    place(state, "field", "acre", "ayyubids", full={"2-6": 1})
    place(state, "inside", "jerusalem", "ayyubids", full={"2-6": 1})
    return state


def test_extended_example_christian_muster():
    # §Example.Muster L1294: the Tripoli unit only in Tripoli, the Kingdom's units one each in
    # Beirut and Tyre, the Templar anywhere friendly (§7.2 L390).
    state = _extended_turn_4()
    place(state, "pool", "", "templars", reduced={"3-4": 1})
    place(state, "pool", "", "tripoli", full={"2-4": 1})
    place(state, "pool", "", "jerusalem", full={"2-4": 1}, reduced={"2-4": 1})
    push(state, "muster", player=CHRISTIAN)
    legal = PROCEDURES.legal(state, CHRISTIAN)
    assert _spaces(legal, "tripoli", "full", "2-4") == {"tripoli"}
    assert _spaces(legal, "jerusalem", "full", "2-4") == {"beirut", "tyre"}
    assert {"tyre", "beirut", "tripoli", "safed"} <= _spaces(legal, "templars", "reduced", "3-4")
    assert "acre" not in _spaces(legal, "templars", "reduced", "3-4")  # captured, no Catholic there
    for action in (
        ("unit", "jerusalem", "full", "2-4", "beirut"),
        ("unit", "jerusalem", "reduced", "2-4", "tyre"),
        ("unit", "templars", "reduced", "3-4", "tyre"),
    ):
        PROCEDURES.perform(state, CHRISTIAN, action)
    assert ("unit", "tripoli", "full", "2-4", "tripoli") in PROCEDURES.legal(state, CHRISTIAN)
    PROCEDURES.perform(state, CHRISTIAN, ("unit", "tripoli", "full", "2-4", "tripoli"))
    assert state.field["tyre"] == {
        "jerusalem": {"full": {}, "reduced": {"2-4": 1}, "leaders": []},
        "templars": {"full": {}, "reduced": {"3-4": 1}, "leaders": []},
    }
    # Nothing left to place: only the castle trades remain, with done.
    assert ("done",) in PROCEDURES.legal(state, CHRISTIAN)
    assert not any(a[0] in ("unit", "leader") for a in PROCEDURES.legal(state, CHRISTIAN))


def test_extended_example_muslim_muster():
    # §Example.Muster L1294: Saladin to the Mosul box; Harran and Aila flipped Low for a 2-6; four
    # 3-6 in Mosul (the box's limit), two in Damascus, Edessa up to two, Cairo, one in each castle;
    # nothing added to Acre or Jerusalem, captured in an enemy province (§7.2.1 L397).
    state = _extended_turn_4()
    place(state, "pool", "", "ayyubids", full={"3-6": 4, "2-6": 6}, leaders=["saladin"])
    push(state, "muster", player=MUSLIM)
    legal = PROCEDURES.legal(state, MUSLIM)
    assert all(a[0] == "leader" for a in legal)  # §7.1: leaders first
    assert ("leader", "saladin", "mosul") in legal
    PROCEDURES.perform(state, MUSLIM, ("leader", "saladin", "mosul"))
    assert ("strip", "ayyubids", "2-6", "aila", "harran") in PROCEDURES.legal(state, MUSLIM)
    assert not any(a[0] == "strip" and a[2] == "3-6" for a in PROCEDURES.legal(state, MUSLIM))  # yellow dot
    PROCEDURES.perform(state, MUSLIM, ("strip", "ayyubids", "2-6", "aila", "harran"))
    assert state.castles["aila"]["low"] and state.castles["harran"]["low"]
    assert state.pools["ayyubids"]["full"]["2-6"] == 7
    legal = PROCEDURES.legal(state, MUSLIM)
    spaces = _spaces(legal, "ayyubids", "full", "2-6")
    assert {"mosul", "damascus", "edessa", "cairo", "hama", "homs", "baalbek"} <= spaces
    assert not {"acre", "jerusalem"} & spaces
    for _ in range(4):
        PROCEDURES.perform(state, MUSLIM, ("unit", "ayyubids", "full", "3-6", "mosul"))
    assert "mosul" not in _spaces(PROCEDURES.legal(state, MUSLIM), "ayyubids", "full", "2-6")
    for at in ("damascus", "damascus", "edessa", "cairo", "hama", "homs"):
        PROCEDURES.perform(state, MUSLIM, ("unit", "ayyubids", "full", "2-6", at))
    spaces = _spaces(PROCEDURES.legal(state, MUSLIM), "ayyubids", "full", "2-6")
    assert "damascus" not in spaces and "hama" not in spaces and "edessa" in spaces and "cairo" in spaces
    PROCEDURES.perform(state, MUSLIM, ("unit", "ayyubids", "full", "2-6", "baalbek"))
    assert state.pools["ayyubids"]["full"] == {}
    assert ("done",) in PROCEDURES.legal(state, MUSLIM)


def _mamluks():
    """§7.4.Example L417: the Mamluks own Egypt and the Transjordan, castles at Kerak, Damietta and
    Alexandria; Baibars and two units in Cairo, five units in the pool."""
    state = blank("H", turn=3)
    state.castles = {s: {"power": "mamluks", "low": False} for s in ("kerak", "damietta", "alexandria")}
    state.owners = {k: (v if k in ("egypt", "transjordan") else None) for k, v in state.owners.items()}
    state.cities = {k: v for k, v in state.cities.items() if k == "cairo"}
    state.cities["cairo"] = "mamluks"
    place(state, "field", "cairo", "mamluks", full={"2-6": 2}, leaders=["baibars"])
    place(state, "pool", "", "mamluks", full={"2-6": 5})
    return state


def test_the_mamluk_mustering_example():
    # §7.4.Example L417: two castles flipped Low give a full 2-6; six units: three in Cairo (the
    # home capital, the units there do not count), two in Kerak (another provincial capital, its
    # castle adds nothing), one in Damietta or Alexandria.
    state = _mamluks()
    push(state, "muster", player=MUSLIM)
    PROCEDURES.perform(state, MUSLIM, ("strip", "mamluks", "2-6", "alexandria", "damietta"))
    assert state.pools["mamluks"]["full"] == {"2-6": 6}
    assert muster.limit(state, "mamluks", "cairo") == 3 and muster.limit(state, "mamluks", "kerak") == 2
    for at in ("cairo", "cairo", "cairo", "kerak", "kerak"):
        PROCEDURES.perform(state, MUSLIM, ("unit", "mamluks", "full", "2-6", at))
    assert _spaces(PROCEDURES.legal(state, MUSLIM), "mamluks", "full", "2-6") == {"damietta", "alexandria"}
    PROCEDURES.perform(state, MUSLIM, ("unit", "mamluks", "full", "2-6", "damietta"))
    assert state.field["cairo"]["mamluks"]["full"] == {"2-6": 5}


def test_the_mamluk_example_with_kerak_captured():
    # §7.4.Example L417: with Kerak lost, five units muster and one stays in the pool.
    state = _mamluks()
    state.castles["kerak"] = {"power": "jerusalem", "low": False}
    push(state, "muster", player=MUSLIM)
    PROCEDURES.perform(state, MUSLIM, ("strip", "mamluks", "2-6", "alexandria", "damietta"))
    for at in ("cairo", "cairo", "cairo", "alexandria", "damietta"):
        PROCEDURES.perform(state, MUSLIM, ("unit", "mamluks", "full", "2-6", at))
    # No place and no trade left (K87): the phase ends, one unit left in the pool.
    assert state.stack == [] and state.pools["mamluks"]["full"] == {"2-6": 1}


def test_no_muster_where_a_stronghold_is_besieged():
    # §7.2 L380, §7.1 L370: no unit and no leader in a space with a besieged stronghold.
    state = _mamluks()
    state.sieges["kerak"] = {"besieger": CHRISTIAN, "rf": 3, "blockade": False}
    place(state, "pool", "", "mamluks", leaders=["qutuz"])
    push(state, "muster", player=MUSLIM)
    assert not any(a[2] == "kerak" for a in PROCEDURES.legal(state, MUSLIM))
    PROCEDURES.perform(state, MUSLIM, ("leader", "qutuz", "cairo"))
    assert "kerak" not in _spaces(PROCEDURES.legal(state, MUSLIM), "mamluks", "full", "2-6")


def test_one_leader_to_a_space():
    # §7.1 L370: leaders are placed one to a space.
    state = _mamluks()
    place(state, "pool", "", "mamluks", leaders=["qutuz", "baibars"])
    state.field["cairo"]["mamluks"]["leaders"] = []
    push(state, "muster", player=MUSLIM)
    PROCEDURES.perform(state, MUSLIM, ("leader", "baibars", "cairo"))
    assert ("leader", "qutuz", "cairo") not in PROCEDURES.legal(state, MUSLIM)


def test_refilling_castles_from_the_pool():
    # §7.3 L405: a full unit removed from play flips two Low castles Full; a step flips one.
    state = _mamluks()
    for s in state.castles:
        state.castles[s]["low"] = True
    push(state, "muster", player=MUSLIM)
    legal = PROCEDURES.legal(state, MUSLIM)
    assert ("refill", "mamluks", "full", "2-6", "alexandria", "damietta") in legal
    before = muster.in_mix(state, "mamluks", "2-6")
    PROCEDURES.perform(state, MUSLIM, ("refill", "mamluks", "full", "2-6", "alexandria", "damietta"))
    assert not state.castles["alexandria"]["low"] and not state.castles["damietta"]["low"]
    assert muster.in_mix(state, "mamluks", "2-6") == before + 1
    PROCEDURES.perform(state, MUSLIM, ("refill", "mamluks", "full", "2-6", "kerak"))
    assert not state.castles["kerak"]["low"] and state.pools["mamluks"]["reduced"] == {"2-6": 1}


def test_the_counter_mix_is_a_hard_limit():
    # §7.3.Selecting L409: no more units than the counters printed; yellow dots never drawn.
    state = _mamluks()
    printed = next(u.count for u in data(state).counters.units_of("mamluks") if u.label == "2-6")
    place(state, "dead", "", "mamluks", full={"2-6": printed - 7})
    assert muster.in_mix(state, "mamluks", "2-6") == 0
    assert muster.drawable(state, "mamluks") == []
    push(state, "muster", player=MUSLIM)
    assert not any(a[0] == "strip" for a in PROCEDURES.legal(state, MUSLIM))


def test_neutral_powers_muster_in_their_capital_or_not_at_all():
    # §7.4 L415: everything in the capital, beyond the limits; nothing if another Power holds it.
    state = blank("D", turn=3)  # the Seljuks are neutral; Konya their capital
    place(state, "pool", "", "seljuks", full={"2-6": 5}, leaders=["kilij_arslan"])
    muster.neutral(state)
    assert state.field["konya"]["seljuks"] == {"full": {"2-6": 5}, "reduced": {}, "leaders": ["kilij_arslan"]}
    state = blank("D", turn=3)
    place(state, "pool", "", "seljuks", full={"2-6": 5})
    state.cities["konya"] = "byzantium"
    muster.neutral(state)
    assert state.pools["seljuks"]["full"] == {"2-6": 5} and "konya" not in state.field
    assert state.log[-1][2] == "Seljuks, neutral, cannot muster: another Power holds Konya, its capital."


def test_a_neutral_power_with_two_capitals_musters_in_the_first_it_holds():
    # §7.4 L415, §7.2 L379, K88: the Kingdom, neutral in G, musters its whole pool in Acre while it
    # holds it; with Acre taken, in Jerusalem if that is its own; with neither, not at all
    state = blank("G", turn=2)
    state.castles["jerusalem"]["power"] = "jerusalem"
    place(state, "pool", "", "jerusalem", full={"2-4": 4}, leaders=["balian"])
    muster.neutral(state)
    assert state.field["acre"]["jerusalem"] == {"full": {"2-4": 4}, "reduced": {}, "leaders": ["balian"]}
    state = blank("G", turn=2)
    state.castles["jerusalem"]["power"] = "jerusalem"
    state.cities["acre"] = "mamluks"
    place(state, "pool", "", "jerusalem", full={"2-4": 4})
    muster.neutral(state)
    assert state.field["jerusalem"]["jerusalem"]["full"] == {"2-4": 4} and "acre" not in state.field
    state = blank("G", turn=2)  # Jerusalem the Ayyubids' castle, as G sets it up
    state.cities["acre"] = "mamluks"
    place(state, "pool", "", "jerusalem", full={"2-4": 4})
    muster.neutral(state)
    assert state.pools["jerusalem"]["full"] == {"2-4": 4} and not state.field


def test_a_neutral_power_without_a_capital_does_not_muster():
    # §7.4 L415, K88: the Orders, neutral with the Kingdom in G, have no capital to muster in
    state = blank("G", turn=2)
    place(state, "pool", "", "templars", full={"3-4": 2})
    muster.neutral(state)
    assert state.pools["templars"]["full"] == {"3-4": 2} and not state.field
    assert (
        state.log[-1][2] == "Templars, neutral, has no capital: it musters nothing."
    )  # none held by another


def test_a_power_whose_home_another_power_owns_has_no_capital():
    # §3.Terms L203, K94: only a Power owning a province or box has a home and its capital. In F the
    # Ayyubids own Egypt, so Cairo is theirs and the Mamluks have none; in G the reverse.
    state = blank("F", turn=2)
    assert muster.capitals(state, "ayyubids") == ("cairo",) and muster.capitals(state, "mamluks") == ()
    assert muster.limit(state, "ayyubids", "cairo") == muster.OWN_CAPITAL
    assert muster.limit(state, "mamluks", "cairo") == muster.CITY  # another Power's capital (§7.2 L379)
    state = blank("G", turn=2)
    assert muster.capitals(state, "mamluks") == ("cairo",) and muster.capitals(state, "ayyubids") == ()
    state.owners["egypt"] = None  # §17.11, K83: a province passed to no Power
    assert muster.capitals(state, "mamluks") == ()


def test_crusader_events_bring_the_crusaders_into_a_scenario_without_them():
    # §19.3 L1230, K93: C lists no Crusaders, yet Crusaders Arrive (#54) may always be played: they
    # join on the Christian side and their three units come from the mix to the Mediterranean box
    state = blank("C", turn=2)
    assert "crusaders" not in state.political
    effects.run(state, CHRISTIAN, data(state).cards.cards["54"].event[0], {"card": "54"})
    PROCEDURES.settle(state)
    for _ in range(3):
        PROCEDURES.perform(state, CHRISTIAN, ("place", "mix", "3-4", "mediterranean"))
    assert state.political["crusaders"] == CHRISTIAN and "crusaders" in replacement.powers_of(
        state, CHRISTIAN
    )
    assert state.field["mediterranean"]["crusaders"]["full"] == {"3-4": 3} and not state.stack


def test_reinforcements_come_from_the_mix_to_the_capital():
    # §8.4.1 L466: Turcopole Levies, a Jerusalem 2-4 from the counter mix into a capital held.
    state = blank("D", turn=4)
    state.cities["jerusalem"] = "ayyubids"
    effects.run(
        state,
        CHRISTIAN,
        {"kind": "reinforce", "power": "jerusalem", "unit": "2-4", "count": 1, "where": "capital"},
        {},
    )
    PROCEDURES.settle(state)
    assert PROCEDURES.legal(state, CHRISTIAN) == [("place", "mix", "2-4", "acre")]
    PROCEDURES.perform(state, CHRISTIAN, ("place", "mix", "2-4", "acre"))
    assert state.stack == [] and state.field["acre"]["jerusalem"]["full"] == {"2-4": 1}


def test_reinforcements_from_the_dead_only_without_the_mix():
    # §8.4.1 L466-L468: the dead pile only when the mix has none; no yellow-dot type chosen; none
    # left anywhere: forfeited.
    state = blank("D", turn=4)
    printed = {u.label: u.count for u in data(state).counters.units_of("ayyubids")}
    place(state, "dead", "", "ayyubids", full={"2-6": printed["2-6"], "2-4": printed["2-4"] - 1})
    place(state, "pool", "", "ayyubids", full={"2-4": 1})
    assert sorted(muster.reinforcements(state, "ayyubids", None)) == [("dead", "2-4"), ("dead", "2-6")]
    assert muster.reinforcements(state, "ayyubids", "2-6") == [("dead", "2-6")]
    place(state, "pool", "", "ayyubids", full=state.dead["ayyubids"]["full"])
    state.dead["ayyubids"]["full"] = {}
    assert muster.reinforcements(state, "ayyubids", None) == []
    effects.run(
        state, MUSLIM, {"kind": "reinforce", "power": "controlled", "count": 2, "where": "capital"}, {}
    )
    PROCEDURES.settle(state)
    assert state.stack == [] and "forfeited" in state.log[-1][2]


def test_reinforcements_into_a_besieged_city():
    # §Example.M4 L1334: Madrasas Preach Jihad adds two 2-6 units inside the besieged Acre.
    state = blank("D", turn=4)
    state.cities["acre"] = "ayyubids"
    state.sieges["acre"] = {"besieger": CHRISTIAN, "rf": 4, "blockade": False}
    event = data(state).cards.cards["40"].event[0]
    effects.run(state, MUSLIM, event, {"card": "40"})
    PROCEDURES.settle(state)
    for _ in range(2):
        PROCEDURES.perform(state, MUSLIM, ("place", "mix", "2-6", "acre"))
    assert state.stack == [] and state.inside["acre"]["ayyubids"]["full"] == {"2-6": 2}


def test_a_trade_is_not_undone_in_the_same_phase():
    # §7.3 L405, K87: castles flipped Low for a unit are not flipped back Full with it at once.
    state = _mamluks()
    push(state, "muster", player=MUSLIM)
    PROCEDURES.perform(state, MUSLIM, ("strip", "mamluks", "2-6", "alexandria", "damietta"))
    assert not any(a[0] == "refill" for a in PROCEDURES.legal(state, MUSLIM))
    assert not any(
        a[0] == "strip" and {"alexandria", "damietta"} & set(a[3:]) for a in PROCEDURES.legal(state, MUSLIM)
    )


def test_jerusalems_castle_musters_only_for_its_muslim_holder_until_taken():
    # §17.1.2 L958-L960 (§7.2.1's "16.1.2", K1): in E-J Jerusalem is the Ayyubids' castle from the
    # start; they muster there, but no Christian unit does, even with the Ayyubids turned
    # pro-Christian; once the castle is taken (its marker another Power's) the new holder musters
    # as anywhere
    state = blank("E")
    assert state.castles["jerusalem"]["power"] == "ayyubids"
    assert muster.musters_for(state, "jerusalem") == "ayyubids"
    state.political["ayyubids"] = CHRISTIAN
    assert muster.musters_for(state, "jerusalem") is None
    state.castles["jerusalem"] = {"power": "jerusalem", "low": True}
    assert muster.musters_for(state, "jerusalem") == "jerusalem"


def test_a_leader_whose_power_passed_to_another_musters_for_it():
    # §7.1 L370, §8.4.1, K45, K96: Murder of Turanshah (F4) gives the Ayyubids' leaders to the
    # Mamluks, a pooled one too; he musters where the Mamluks may, from the Mamluks' pool
    state = blank("F", turn=3)
    place(state, "pool", "", "ayyubids", leaders=["yusuf"])
    murder = {"kind": "replace_power", "power": "ayyubids", "by": "mamluks"}
    effects.run(state, MUSLIM, murder, {"card": "F4"})  # events.py's handler
    assert state.pools["mamluks"]["leaders"] == ["yusuf"]
    push(state, "muster", player=MUSLIM)
    legal = PROCEDURES.legal(state, MUSLIM)
    assert ("leader", "yusuf", "cairo") in legal
    assert all(muster.musters_for(state, a[2]) == "mamluks" for a in legal if a[0] == "leader")
    PROCEDURES.perform(state, MUSLIM, ("leader", "yusuf", "cairo"))
    assert state.field["cairo"]["mamluks"]["leaders"] == ["yusuf"] and not state.pools["mamluks"]["leaders"]
