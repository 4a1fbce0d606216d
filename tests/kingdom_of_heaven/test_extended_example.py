"""The Extended Example of play (scenario D, turn 4, 1190) replayed whole, as one game, through the
turn's own procedures with the example's hands, draws and dice: the strategy phase's rounds C1 to
C8 and M1 to M7, then the demobilization, to the start of turn 5 (§Example.C1 to
§Example.Demobilization). Each round's rules are also tested alone on built positions (the
sections' tests); here they follow one another as a game plays them. Where the text slips, the
replay follows the ruling that corrects it (K21, K81, K97), and says so."""

from __future__ import annotations

from collections.abc import Callable
from types import SimpleNamespace
from typing import Any

import pytest

from outremer.games.kingdom_of_heaven import dice, victory
from outremer.games.kingdom_of_heaven.game import check
from outremer.games.kingdom_of_heaven.procedures import PROCEDURES
from outremer.games.kingdom_of_heaven.setup import new_game
from outremer.games.kingdom_of_heaven.state import State, group

from .positions_turn import give

CHRISTIAN_HAND = ("20", "22", "29", "32", "52", "D3", "D6")  # §Example.Deal L1298
MUSLIM_HAND = ("1", "7", "28", "38", "40", "48", "54")  # §Example.Deal L1300


def _put(state: State, space: str, power: str, full=None, reduced=None, leaders=(), place="field") -> None:
    g = group()
    g["full"].update(full or {})
    g["reduced"].update(reduced or {})
    g["leaders"].extend(leaders)
    here = getattr(state, place).setdefault(space, {})
    here[power] = g


def turn_4() -> State:
    """§Example L1280 and the musters of §Example.Muster L1294, in outline (K26): Saladin holding
    Jerusalem, Acre and Kerak with the Diplomatic Advantage; the Crusaders in their boxes; the
    Kingdom left with Beirut and Tyre; Belvoir taken (it fell in January 1189, and the example's
    marches pass it without foraging). What later rounds name is there: the Hospitallers in
    Tyre (C4), Acre's two-unit garrison (C4), al-Adil with two units in Cairo (Demobilization),
    and the deck's next cards the two the example draws (C5, C6)."""
    state = new_game(1, "D")
    state.turn, state.phase, state.crusade = 4, "strategy", "arrived"
    state.field, state.inside, state.stack, state.log = {}, {}, [], []
    for space in ("jerusalem", "acre"):
        state.cities[space] = "ayyubids"
    for space in ("kerak", "shawbak", "caesarea", "belvoir"):
        state.castles[space]["power"] = "ayyubids"
    state.advantage = "muslim"
    _put(state, "mediterranean", "crusaders", {"3-4": 5}, leaders=["richard"])
    _put(state, "constantinople", "crusaders", {"3-4": 8}, leaders=["barbarossa"])
    _put(state, "tyre", "crusaders", {"3-4": 1})
    _put(state, "tyre", "jerusalem", reduced={"2-4": 1}, leaders=["conrad"])
    _put(state, "tyre", "templars", reduced={"3-4": 1})
    _put(state, "tyre", "hospitallers", {"3-4": 1})  # Conrad's to lead in C4 (L1326)
    _put(state, "beirut", "jerusalem", {"2-4": 1})
    _put(state, "tripoli", "tripoli", {"2-4": 1})
    _put(state, "antioch", "antioch", {"2-4": 3}, leaders=["bohemond_iii"])
    _put(state, "mosul", "ayyubids", {"3-6": 4}, leaders=["saladin"])
    _put(state, "aleppo", "ayyubids", {"2-6": 1}, leaders=["al_afdal"])
    for space in ("hama", "homs", "baalbek", "edessa"):
        _put(state, space, "ayyubids", {"2-6": 1})
    _put(state, "cairo", "ayyubids", {"2-6": 2}, leaders=["al_adil"])  # two kept at the end (L1397)
    _put(state, "jerusalem", "ayyubids", {"2-6": 2})
    _put(state, "damascus", "ayyubids", {"2-6": 2})
    _put(state, "acre", "ayyubids", {"2-6": 2}, place="inside")  # the two-unit garrison of C4 (L1332)
    for player, hand in (("christian", CHRISTIAN_HAND), ("muslim", MUSLIM_HAND)):
        state.deck += state.hands[player]
        state.hands[player] = []
        give(state, player, *hand)
    for card in ("43", "4"):  # the draws: Mercenaries (C5 L1336), then card 43 (C6 L1357)
        state.deck.remove(card)
        state.deck.insert(0, card)
    state.first = "christian"  # §Example.Initiative L1302
    victory.refresh(state)
    return state


def scripted(monkeypatch: pytest.MonkeyPatch, faces: list[int]) -> list[int]:
    """The example's dice, in order: every roll of the game takes the next face."""
    monkeypatch.setattr(dice, "rng", SimpleNamespace(dice=lambda state, n: [faces.pop(0) for _ in range(n)]))
    return faces


def act(state: State, role: str, *action: object) -> None:
    legal = PROCEDURES.legal(state, role)
    assert tuple(action) in legal, (action, legal)
    PROCEDURES.perform(state, role, tuple(action), check)  # the game's settle check: VP, victory


def top(state: State) -> dict[str, Any]:
    frame = PROCEDURES.top(state)
    assert frame is not None  # the game goes on
    return frame


def said(state: State, text: str, since: int = 0) -> bool:
    return any(text in entry[2] for entry in state.log[since:])


def take(state: State, role: str, power: str, face: str, label: str, n: int = 1) -> None:
    for _ in range(n):
        act(state, role, "take", power, face, label)


def route(state: State, role: str, *spaces: str) -> None:
    for space in spaces:
        act(state, role, "move", space)


def c1(state: State) -> None:
    """C1 (L1304-L1307): Truce (#52, OV 3) activates Richard for a naval move with five units out
    of the Mediterranean box (no fleet roll); Cyprus, neutral, turns pro-Muslim (27 VP); his call
    at Limassol (RF 4, -1) rolls a 2 and fails; he besieges (no blockade at a port) and forages at
    AV 5 + 2 on a 3: no loss."""
    act(state, "christian", "activate", "52", "richard")
    act(state, "muslim", "pass")
    act(state, "christian", "by_sea")
    take(state, "christian", "crusaders", "full", "3-4", 5)
    act(state, "christian", "to", "limassol")
    assert state.political["cyprus_principality"] == "muslim" and state.vp["muslim"] == 27
    act(state, "christian", "call")
    assert state.failed_calls["christian"] == 1
    act(state, "christian", "besiege")
    assert "limassol" in state.sieges and not state.sieges["limassol"].get("blockade")
    assert said(state, "AV 7") and state.field["limassol"]["crusaders"]["full"] == {"3-4": 5}


def m1(state: State) -> None:
    """M1 (L1308): The Military Orders (#7) activates Saladin and four 3-6 in the Mosul box, by
    Deir ez-Zor, Ar Raqqa, Qalat Djabar and Maskanah to Aleppo; no foraging."""
    act(state, "muslim", "activate", "7", "saladin")
    act(state, "christian", "pass")
    take(state, "muslim", "ayyubids", "full", "3-6", 4)
    act(state, "muslim", "go")
    route(state, "muslim", "deir_ez_zor", "ar_raqqa", "qalat_djabar", "maskanah", "aleppo")
    act(state, "muslim", "stop")
    assert state.field["aleppo"]["ayyubids"] == {
        "full": {"2-6": 1, "3-6": 4}, "reduced": {}, "leaders": ["al_afdal", "saladin"],
    }  # fmt: skip


def c2(state: State) -> None:
    """C2 (L1310): Campaign in Cyprus (#D3): Crusader castles at Limassol and Famagusta, Christian
    9 VP and Muslim 25; Cyprus conquered and off the display; two rolls for the Diplomatic
    Advantage at 1 or less, a 2 and a 4: it stays with the Muslim."""
    act(state, "christian", "event", "D3")
    assert state.castles["limassol"]["power"] == state.castles["famagusta"]["power"] == "crusaders"
    assert "cyprus_principality" not in state.political and "limassol" not in state.sieges
    assert state.vp == {"christian": 9, "muslim": 25} and state.advantage == "muslim"


def m2(state: State) -> None:
    """M2 (L1312): Crusaders Arrive (#54) as a vassal move of four cavalry (OV 3 + 1): Hama's and
    Homs' to Aleppo, Baalbek's and one of Jerusalem's to Damascus."""
    act(state, "muslim", "vassal", "54")
    act(state, "christian", "pass")
    for space, steps in (
        ("hama", ("marat_an_numan", "aleppo")),
        ("homs", ("hama", "marat_an_numan", "aleppo")),
        ("baalbek", ("damascus",)),
        ("jerusalem", ("nablus", "belvoir", "nawa", "damascus")),
    ):
        act(state, "muslim", "from", space)
        take(state, "muslim", "ayyubids", "full", "2-6")
        act(state, "muslim", "go")
        for step in steps:
            act(state, "muslim", "move", step)
            if PROCEDURES.deciders(state) == ("christian",):  # Bohemond could intercept: he does not
                act(state, "christian", "roll")
        if top(state)["kind"] == "march":
            act(state, "muslim", "stop")
    assert state.field["aleppo"]["ayyubids"]["full"] == {"2-6": 3, "3-6": 4}
    assert state.field["damascus"]["ayyubids"]["full"] == {"2-6": 4}
    assert state.field["jerusalem"]["ayyubids"]["full"] == {"2-6": 1}


def c3(state: State) -> None:
    """C3 (L1314): Death of Barbarossa (#D6) activates Richard for a naval move from Limassol, now
    not the box: the fleet roll, 1 to 4, rolls a 1; he joins Conrad in Tyre."""
    act(state, "christian", "activate", "D6", "richard")
    act(state, "muslim", "pass")
    act(state, "christian", "by_sea")
    act(state, "muslim", "pass")  # the window on the naval move (K43): nothing to answer with
    take(state, "christian", "crusaders", "full", "3-4", 5)
    act(state, "christian", "to", "tyre")
    if top(state)["kind"] == "march":
        act(state, "christian", "stop")
    assert state.field["tyre"]["crusaders"] == {"full": {"3-4": 6}, "reduced": {}, "leaders": ["richard"]}
    assert top(state)["kind"] == "round" and PROCEDURES.deciders(state) == ("muslim",)


def m3(state: State) -> None:
    """M3 (L1316-L1324): Plan of Attack (#48, -2) to influence Antioch, with the Diplomatic
    Advantage spent for -1 more (K85); he needs 1 or less: 4 - 3 = 1. Antioch turns neutral, its
    units staying in its city (§9.6.1); the Christian falls to 4 VP."""
    act(state, "muslim", "diplomacy", "48", "antioch")
    act(state, "muslim", "advantage", -1)
    assert state.advantage is None
    assert PROCEDURES.legal(state, "christian") == [("pass",)]  # K44: no Diplomatic Insult to play
    act(state, "christian", "pass")
    assert state.political["antioch"] == "neutral"
    assert state.field["antioch"]["antioch"]["full"] == {"2-4": 3}
    assert state.vp == {"christian": 4, "muslim": 25}


def c4(state: State) -> None:
    """C4 (L1326-L1333): Greek Perfidy (#20) activates Richard in Tyre; Aggravated Subordinate
    (#1) answers it; Richard spends three MP in Tyre and the fourth on Acre, whose two-unit
    garrison stays inside (RF 3 + 2 + 1 = 6, no blockade at a port); AV 6 + 2 - 3 = 5 on a 5 costs
    a step, the Hospitallers'."""
    act(state, "christian", "activate", "20", "richard")
    act(state, "muslim", "respond", "1")  # §8.4.3: before Richard moves
    # Richard takes five Crusaders and Conrad, Conrad a Crusader and the Hospitallers (§10.2,
    # §10.3); the reduced Templar and the Kingdom's unit have no room left (L1326)
    take(state, "christian", "crusaders", "full", "3-4", 6)
    act(state, "christian", "take_leader", "jerusalem", "conrad")
    take(state, "christian", "hospitallers", "full", "3-4")
    legal = PROCEDURES.legal(state, "christian")
    assert ("take", "templars", "reduced", "3-4") not in legal
    assert ("take", "jerusalem", "reduced", "2-4") not in legal
    act(state, "christian", "go")
    # The card keeps Conrad and one unit back, Rick naming them (K92); the text's "two units" is
    # a slip the captions and Richard's six units at Acre correct (K97). The Hospitallers go with
    # Richard, and what stays is not taken again (K92).
    act(state, "christian", "leave_leader", "jerusalem", "conrad")
    act(state, "christian", "leave", "crusaders", "full", "3-4")
    legal = PROCEDURES.legal(state, "christian")
    assert ("take_leader", "jerusalem", "conrad") not in legal
    assert ("take", "crusaders", "full", "3-4") not in legal
    act(state, "christian", "go")
    assert top(state)["group"] == {
        "crusaders": {"full": {"3-4": 5}, "reduced": {}, "leaders": ["richard"]},
        "hospitallers": {"full": {"3-4": 1}, "reduced": {}, "leaders": []},
    }  # fmt: skip
    for _ in range(3):  # §15.2: each MP spent in a friendly stronghold takes one off the AV
        act(state, "christian", "rest")
    act(state, "christian", "move", "acre")
    act(state, "muslim", "done")  # §17.2: the garrison stays inside the walls
    assert ("call",) in PROCEDURES.legal(state, "christian")  # he would need a 7 (+1 -1): no call
    act(state, "christian", "besiege")
    assert state.sieges["acre"] == {"besieger": "christian", "rf": 6, "blockade": False}
    assert said(state, "AV 5: rolled 5") and state.failed_calls["christian"] == 1
    act(state, "christian", "lose", "hospitallers", "full", "3-4")
    assert state.field["acre"]["hospitallers"]["reduced"] == {"3-4": 1}
    assert state.field["tyre"]["jerusalem"] == {"full": {}, "reduced": {"2-4": 1}, "leaders": ["conrad"]}
    assert state.field["tyre"]["crusaders"]["full"] == {"3-4": 1}


def m4(state: State) -> None:
    """M4 (L1334): Madrasas Preach Jihad (#40) as its event: two 2-6 into the besieged Acre."""
    act(state, "muslim", "event", "40")
    for _ in range(2):
        act(state, "muslim", "place", "mix", "2-6", "acre")
    assert state.inside["acre"]["ayyubids"] == {"full": {"2-6": 4}, "reduced": {}, "leaders": []}
    assert state.sieges["acre"]["rf"] == 6  # fixed once the siege began (§17.4 L997)


def c5(state: State) -> None:
    """C5 (L1336, L1363-L1364): Construct Siege Tower, the siege event of Religious Divisions
    (#32): RF 4, and a replacement drawn, Mercenaries (#4); Countermines cannot answer it; two of
    Richard's five manpower used, and no attacker event he may play."""
    act(state, "christian", "siege", "32", "acre")
    act(state, "muslim", "pass")  # the window on the siege's announcement (K43)
    act(state, "christian", "event", "32")
    assert state.hands["christian"] == ["22", "29", "4"]
    assert PROCEDURES.legal(state, "muslim") == [("pass",)]  # #38's Countermines answers only Sappers
    act(state, "muslim", "pass")
    assert state.sieges["acre"]["rf"] == 4
    assert top(state)["man"]["A"] == 2
    # Lines of Circumvallation (#29) has nothing to cancel; #4, just drawn, has no siege event
    assert PROCEDURES.legal(state, "christian") == [("assault",), ("end",)]
    act(state, "christian", "end")


def m5(state: State) -> None:
    """M5 (L1365): with fewer cards (two to three) Sal could pass; Old Man of the Mountains (#28)
    activates Saladin (with al-Afdal, 4 × 3-6, 2 × 2-6) from Aleppo by Marat an'Numan, Hama, Homs
    and An Nabk to Damascus (K13), a 2-6 left in Aleppo; no foraging."""
    assert ("pass",) in PROCEDURES.legal(state, "muslim")
    act(state, "muslim", "activate", "28", "saladin")
    act(state, "christian", "pass")
    act(state, "muslim", "take_leader", "ayyubids", "al_afdal")
    take(state, "muslim", "ayyubids", "full", "3-6", 4)
    take(state, "muslim", "ayyubids", "full", "2-6", 2)
    act(state, "muslim", "go")
    before = len(state.log)
    route(state, "muslim", "marat_an_numan", "hama", "homs", "an_nabk", "damascus")
    act(state, "muslim", "stop")
    assert not said(state, "Attrition", before)
    assert state.field["damascus"]["ayyubids"] == {
        "full": {"2-6": 6, "3-6": 4}, "reduced": {}, "leaders": ["saladin", "al_afdal"],
    }  # fmt: skip
    assert state.field["aleppo"]["ayyubids"] == {"full": {"2-6": 1}, "reduced": {}, "leaders": []}


def c6(state: State) -> None:
    """C6 (L1355-L1360, L1367): Militia Fills Out Garrisons (#22) discarded for Fortunes of War
    draws #43, Rats in Enemy Food Supply (K22): RF 2, three of the garrison flipped (strength 5).
    The assault: 22 on 17-25, two columns left for the RF to 7-10, +1; the defender on 3-6, +2;
    both roll 3: two steps to one, a major victory, Acre falls and its garrison dies; a Crusader
    takes the step (§13.5); VP 9 and 20; the failed calls back to 0 (§17.5.1); the marker roll at
    5 or less, a 4: the Christian takes the Diplomatic Advantage."""
    act(state, "christian", "siege", "22", "acre")
    act(state, "muslim", "pass")
    act(state, "christian", "fortunes")
    assert state.discard[-2:] == ["22", "43"]
    assert state.sieges["acre"]["rf"] == 2
    assert state.inside["acre"]["ayyubids"] == {"full": {"2-6": 1}, "reduced": {"2-6": 3}, "leaders": []}
    act(state, "christian", "assault")  # part of the card's play (§8.4 L445, K1)
    act(state, "christian", "pass")
    act(state, "muslim", "pass")
    assert said(state, "The besieger's assault roll (+1): rolled 3.")
    assert said(state, "The defender's roll (+2): rolled 3.")
    assert said(state, "The besieger inflicts 2 step(s) and loses 1.")
    assert state.cities["acre"] == "jerusalem" and "acre" not in state.sieges and "acre" not in state.inside
    assert state.field["acre"]["crusaders"] == {
        "full": {"3-4": 4},
        "reduced": {"3-4": 1},
        "leaders": ["richard"],
    }
    assert state.vp == {"christian": 9, "muslim": 20}
    assert state.failed_calls["christian"] == 0 and state.advantage == "christian"


def m6(state: State) -> None:
    """M6 (L1369-L1374): Turcopole Levies (#38) activates Saladin (with al-Afdal, 4 × 3-6, 4 × 2-6)
    in Damascus, by Nawa, Belvoir and Nablus to Jerusalem (four MP), where al-Afdal and a 2-6
    stay, then to Jaffa (K11: no castle there). Richard tries to intercept with everything: his
    rating 4, +1 against an all-cavalry army (§18.2); a 6 fails. Saladin stops with an MP left."""
    act(state, "muslim", "activate", "38", "saladin")
    act(state, "christian", "pass")
    act(state, "muslim", "take_leader", "ayyubids", "al_afdal")
    take(state, "muslim", "ayyubids", "full", "3-6", 4)
    take(state, "muslim", "ayyubids", "full", "2-6", 4)
    act(state, "muslim", "go")
    route(state, "muslim", "nawa", "belvoir", "nablus", "jerusalem")
    act(state, "muslim", "drop_leader", "ayyubids", "al_afdal")
    act(state, "muslim", "drop", "ayyubids", "full", "2-6")
    act(state, "muslim", "move", "jaffa")
    act(state, "christian", "intercept", "acre", "richard")  # K57: the moving army does not bar it
    act(state, "christian", "roll")
    assert said(state, "Interception from Acre (rating 4, modifier +1): rolled 6.")
    assert ("move", "jerusalem") in PROCEDURES.legal(state, "muslim")  # his fifth MP still left
    act(state, "muslim", "stop")
    assert state.field["jaffa"]["ayyubids"] == {
        "full": {"2-6": 3, "3-6": 4}, "reduced": {}, "leaders": ["saladin"],
    }  # fmt: skip
    assert state.field["jerusalem"]["ayyubids"] == {
        "full": {"2-6": 2},
        "reduced": {},
        "leaders": ["al_afdal"],
    }
    assert state.hands["muslim"] == [] and "damascus" in state.field


def c7(state: State) -> None:
    """C7 (L1375-L1384): Mercenaries (#4) activates Richard; a reduced Crusader stays in Acre. By
    Tyre (Conrad, a Crusader and the reduced Templar picked up), Acre (no interception into a
    Christian stronghold) and Jaffa, where Saladin shadows on a 3 (rating 3, -1) and falls back
    to Jerusalem; Richard returns to Acre and Saladin follows to Jaffa. Richard's AV 7 + 7 - 3 =
    11 (K52) on a 6: two Crusaders reduced (§15.2); Saladin's 7 - 1 = 6 on a 1: nothing."""
    act(state, "christian", "activate", "4", "richard")
    act(state, "muslim", "pass")  # a window with nothing in hand (K43)
    take(state, "christian", "crusaders", "full", "3-4", 4)
    take(state, "christian", "hospitallers", "reduced", "3-4")
    act(state, "christian", "go")
    act(state, "christian", "move", "tyre")
    act(state, "christian", "pick_leader", "jerusalem", "conrad")
    act(state, "christian", "pick", "crusaders", "full", "3-4")
    act(state, "christian", "pick", "templars", "reduced", "3-4")
    act(state, "christian", "move", "acre")
    assert PROCEDURES.deciders(state) == ("christian",)  # §11.1: no interception into Acre
    act(state, "christian", "move", "jaffa")
    act(state, "muslim", "shadow")  # §12.4: Richard's army is the stronger
    act(state, "muslim", "roll")
    assert said(state, "Shadow in Jaffa (rating 3, modifier -1): rolled 3.")
    assert ("to", "acre") not in PROCEDURES.legal(state, "muslim")  # a Christian stronghold (§12.4.1)
    act(state, "muslim", "to", "jerusalem")
    act(state, "christian", "move", "acre")
    act(state, "muslim", "follow", "jaffa")
    act(state, "christian", "stop")
    assert said(state, "AV 11: rolled 6.") and said(state, "AV 6: rolled 1.")
    assert state.field["acre"]["crusaders"] == {
        "full": {"3-4": 3},
        "reduced": {"3-4": 3},
        "leaders": ["richard"],
    }
    assert state.field["jaffa"]["ayyubids"]["full"] == {"2-6": 3, "3-6": 4}
    assert state.field["tyre"] == {"jerusalem": {"full": {}, "reduced": {"2-4": 1}, "leaders": []}}


def m7(state: State) -> None:
    """M7 (L1385): Sal holds no card and passes (the free one-unit move he may make instead,
    §10.1 L570, he does not)."""
    assert PROCEDURES.legal(state, "muslim") == [("free_vassal",), ("pass",)]
    act(state, "muslim", "pass")


def c8(state: State) -> None:
    """C8 (L1385-L1394): Heretics Cause Unrest (#29) activates Richard and all in Acre but a
    reduced Crusader; two MP spent in Acre, the third on Jaffa; Saladin's shadowing roll, a 5,
    fails. Battle: 25 (19 + 4 + 2) at +1 against 21 (18 + 3) at -1 for the failed avoidance, both
    on 17-25; both roll 3: four steps and two (K21); two Crusaders flipped; two 2-6 reduced and a
    third eliminated. A major victory: the pursuit at 23 on 16-24, a 2: three 3-6 reduced; Saladin
    retreats one space to Jerusalem; the marker roll, a 4, changes nothing. Richard, who may go on
    (§13.7), returns to Acre."""
    act(state, "christian", "activate", "29", "richard")
    act(state, "muslim", "pass")
    take(state, "christian", "crusaders", "full", "3-4", 3)
    take(state, "christian", "crusaders", "reduced", "3-4", 2)
    act(state, "christian", "take_leader", "jerusalem", "conrad")  # who commands the Orders (§10.3)
    take(state, "christian", "hospitallers", "reduced", "3-4")
    take(state, "christian", "templars", "reduced", "3-4")
    act(state, "christian", "go")
    for _ in range(2):
        act(state, "christian", "rest")
    act(state, "christian", "move", "jaffa")
    act(state, "muslim", "shadow")
    act(state, "muslim", "roll")
    assert said(state, "Shadow in Jaffa (rating 3, modifier -1): rolled 5.")
    assert said(state, "the Christian attacker has strength 25, led by Richard I, modifier +1.")
    assert said(state, "the Muslim defender has strength 21, led by Saladin, modifier -1.")
    for role in ("christian", "muslim", "christian", "muslim"):  # no battle cards in either hand
        act(state, role, "pass")
    assert said(state, "roll 3+1 = 4 inflicts 4 step(s)") and said(state, "roll 3-1 = 2 inflicts 2 step(s)")
    for _ in range(2):  # a Crusader takes the first loss (§13.5)
        act(state, "christian", "step", "crusaders", "full", "3-4")
    for face in ("full", "full", "full", "reduced"):
        act(state, "muslim", "step", "ayyubids", face, "2-6")
    act(state, "muslim", "to", "jerusalem")
    act(state, "muslim", "stop")  # one space of the two he may (§14.1)
    assert said(state, "Pursuit roll of the Christian player (strength 23): rolled 2.")
    for _ in range(3):
        act(state, "muslim", "step", "ayyubids", "full", "3-6")
    assert said(state, "The Christian player rolls for the Diplomatic Advantage (battle): rolled 4.")
    assert state.advantage == "christian"
    assert ("move", "jerusalem") in PROCEDURES.legal(state, "christian")
    act(state, "christian", "move", "acre")
    act(state, "christian", "stop")
    assert said(state, "Neither player holds a card: the strategy phase ends.")
    assert "jaffa" not in state.field
    assert state.field["acre"]["crusaders"] == {
        "full": {"3-4": 1},
        "reduced": {"3-4": 5},
        "leaders": ["richard"],
    }
    assert state.field["jerusalem"]["ayyubids"] == {
        "full": {"2-6": 2, "3-6": 1}, "reduced": {"2-6": 2, "3-6": 3}, "leaders": ["al_afdal", "saladin"],
    }  # fmt: skip


def demobilization(state: State) -> None:
    """Demobilization (L1395-L1400), the Muslim first: the garrisons of Edessa, Aleppo and Damascus
    go; al-Adil keeps two in Cairo; Saladin keeps five in Jerusalem, half his command of ten, not
    the text's six (K81); al-Afdal, not the ranking leader, keeps none. Then the Christian: the
    Crusaders stay, the Orders in Acre may and do, the Kingdom's units in Tyre and Beirut and
    Tripoli's go, neutral Antioch's stay. The next turn begins."""
    pool = state.pools["ayyubids"]
    full, reduced = sum(pool["full"].values()), sum(pool["reduced"].values())
    for lid in ("al_adil", "saladin", "al_afdal"):
        act(state, "muslim", "stay", lid)
    for _ in range(2):
        act(state, "muslim", "keep", "field", "cairo", "ayyubids", "full", "2-6")
    for face, label in (
        ("full", "3-6"),
        ("reduced", "3-6"),
        ("reduced", "3-6"),
        ("reduced", "3-6"),
        ("full", "2-6"),
    ):
        act(state, "muslim", "keep", "field", "jerusalem", "ayyubids", face, label)
    assert PROCEDURES.deciders(state) == ("christian",)  # nothing more may stay (K81)
    assert not {"edessa", "aleppo", "damascus"} & set(state.field)
    assert state.field["cairo"]["ayyubids"] == {"full": {"2-6": 2}, "reduced": {}, "leaders": ["al_adil"]}
    assert state.field["jerusalem"]["ayyubids"] == {
        "full": {"2-6": 1, "3-6": 1}, "reduced": {"3-6": 3}, "leaders": ["al_afdal", "saladin"],
    }  # fmt: skip
    assert sum(pool["full"].values()) == full + 5 and sum(pool["reduced"].values()) == reduced + 2
    # Conrad, whom the example does not send home, stays with Richard (a choice it leaves open)
    act(state, "christian", "stay", "conrad")
    assert PROCEDURES.legal(state, "christian") == [
        ("keep", "field", "acre", "hospitallers", "reduced", "3-4"),
        ("keep", "field", "acre", "templars", "reduced", "3-4"),
        ("done",),
    ]
    act(state, "christian", "keep", "field", "acre", "hospitallers", "reduced", "3-4")
    act(state, "christian", "keep", "field", "acre", "templars", "reduced", "3-4")
    assert not {"tyre", "beirut", "tripoli"} & (set(state.field) | set(state.inside))
    assert state.field["antioch"]["antioch"]["full"] == {"2-4": 3}
    assert set(state.field["acre"]) == {"crusaders", "jerusalem", "hospitallers", "templars"}
    assert state.turn == 5 and state.phase == "replacement"


ROUNDS: tuple[tuple[Callable[[State], None], list[int]], ...] = (
    (c1, [2, 3]),
    (m1, []),
    (c2, [2, 4]),
    (m2, []),
    (c3, [1]),
    (m3, [4]),
    (c4, [5]),
    (m4, []),
    (c5, []),
    (m5, []),
    (c6, [3, 3, 4]),
    (m6, [6]),
    (c7, [3, 6, 1]),
    (m7, []),
    (c8, [5, 3, 3, 2, 4]),
    (demobilization, []),
)
"""Each round of the example and the dice it prints, in order."""


def test_the_extended_example_replayed_whole(monkeypatch: pytest.MonkeyPatch) -> None:
    # §Example L1280 to §Example.Demobilization L1402, one game from the strategy phase of turn 4
    state = turn_4()
    faces = scripted(monkeypatch, [])
    PROCEDURES.push(state, "turn", step="strategy")
    PROCEDURES.settle(state, check)
    assert state.vp == {"christian": 7, "muslim": 25}  # §Example L1280
    for play, rolls in ROUNDS:
        faces += rolls
        first = {"c": "christian", "m": "muslim"}.get(play.__name__[0])
        if first:  # §8.2: the rounds alternate, the Christian first (§Example.Initiative L1302)
            assert PROCEDURES.deciders(state) == (first,), play.__name__
        play(state)
        assert faces == [], play.__name__  # every printed die rolled, and no other
