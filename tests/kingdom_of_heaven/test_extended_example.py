"""The Extended Example of play (scenario D, turn 4, 1190) replayed round after round through the
strategy phase's own procedures, with the example's hands and dice: C1, M1, C2, M2, C3 and M3
(§Example.C1-§Example.M3). Each round's rules are also tested alone on built positions (the
sections' tests); here they follow one another as a game plays them."""

from __future__ import annotations

from types import SimpleNamespace

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
    marches pass it without foraging)."""
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
    _put(state, "beirut", "jerusalem", {"2-4": 1})
    _put(state, "tripoli", "tripoli", {"2-4": 1})
    _put(state, "antioch", "antioch", {"2-4": 3}, leaders=["bohemond_iii"])
    _put(state, "mosul", "ayyubids", {"3-6": 4}, leaders=["saladin"])
    _put(state, "aleppo", "ayyubids", {"2-6": 1}, leaders=["al_afdal"])
    for space in ("hama", "homs", "baalbek", "edessa", "cairo"):
        _put(state, space, "ayyubids", {"2-6": 1})
    _put(state, "jerusalem", "ayyubids", {"2-6": 2})
    _put(state, "damascus", "ayyubids", {"2-6": 2})
    _put(state, "acre", "ayyubids", {"2-6": 4}, place="inside")
    for player, hand in (("christian", CHRISTIAN_HAND), ("muslim", MUSLIM_HAND)):
        state.deck += state.hands[player]
        state.hands[player] = []
        give(state, player, *hand)
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


def said(state: State, text: str) -> bool:
    return any(text in entry[2] for entry in state.log)


def test_the_extended_example_rounds_c1_to_m3(monkeypatch: pytest.MonkeyPatch) -> None:
    state = turn_4()
    faces = scripted(monkeypatch, [2, 3, 2, 4, 1, 4])
    PROCEDURES.push(state, "strategy")
    PROCEDURES.settle(state, check)
    assert state.vp == {"christian": 7, "muslim": 25}  # §Example L1280

    # C1 (L1304-L1307): Truce (#52, OV 3) activates Richard for a naval move with five units out
    # of the Mediterranean box (no fleet roll); Cyprus, neutral, turns pro-Muslim (27 VP); his call
    # at Limassol (RF 4, -1) rolls a 2 and fails; he besieges (no blockade at a port) and forages
    # at AV 5 + 2 on a 3: no loss
    act(state, "christian", "activate", "52", "richard")
    act(state, "muslim", "pass")
    act(state, "christian", "by_sea")
    for _ in range(5):
        act(state, "christian", "take", "crusaders", "full", "3-4")
    act(state, "christian", "to", "limassol")
    assert state.political["cyprus_principality"] == "muslim" and state.vp["muslim"] == 27
    act(state, "christian", "call")
    assert state.failed_calls["christian"] == 1
    act(state, "christian", "besiege")
    assert "limassol" in state.sieges and not state.sieges["limassol"].get("blockade")
    assert said(state, "AV 7") and state.field["limassol"]["crusaders"]["full"] == {"3-4": 5}

    # M1 (L1308): The Military Orders (#7) activates Saladin and four 3-6 in the Mosul box, by
    # Deir ez-Zor, Ar Raqqa, Qalat Djabar and Maskanah to Aleppo; no foraging
    act(state, "muslim", "activate", "7", "saladin")
    act(state, "christian", "pass")
    for _ in range(4):
        act(state, "muslim", "take", "ayyubids", "full", "3-6")
    act(state, "muslim", "go")
    for space in ("deir_ez_zor", "ar_raqqa", "qalat_djabar", "maskanah", "aleppo"):
        act(state, "muslim", "move", space)
    act(state, "muslim", "stop")
    assert state.field["aleppo"]["ayyubids"] == {
        "full": {"2-6": 1, "3-6": 4}, "reduced": {}, "leaders": ["al_afdal", "saladin"],
    }  # fmt: skip

    # C2 (L1310): Campaign in Cyprus (#D3): Crusader castles at Limassol and Famagusta, Christian 9
    # VP and Muslim 25; Cyprus conquered and off the display; two rolls for the Diplomatic
    # Advantage at 1 or less, a 2 and a 4: it stays with the Muslim
    act(state, "christian", "event", "D3")
    assert state.castles["limassol"]["power"] == state.castles["famagusta"]["power"] == "crusaders"
    assert "cyprus_principality" not in state.political and "limassol" not in state.sieges
    assert state.vp == {"christian": 9, "muslim": 25} and state.advantage == "muslim"

    # M2 (L1312): Crusaders Arrive (#54) as a vassal move of four cavalry (OV 3 + 1): Hama's and
    # Homs' to Aleppo, Baalbek's and one of Jerusalem's to Damascus
    act(state, "muslim", "vassal", "54")
    act(state, "christian", "pass")
    for space, route in (
        ("hama", ("marat_an_numan", "aleppo")),
        ("homs", ("hama", "marat_an_numan", "aleppo")),
        ("baalbek", ("damascus",)),
        ("jerusalem", ("nablus", "belvoir", "nawa", "damascus")),
    ):
        act(state, "muslim", "from", space)
        act(state, "muslim", "take", "ayyubids", "full", "2-6")
        act(state, "muslim", "go")
        for step in route:
            act(state, "muslim", "move", step)
            if PROCEDURES.deciders(state) == ("christian",):  # Bohemond could intercept: he does not
                act(state, "christian", "roll")
        if PROCEDURES.top(state)["kind"] == "march":
            act(state, "muslim", "stop")
    assert state.field["aleppo"]["ayyubids"]["full"] == {"2-6": 3, "3-6": 4}
    assert state.field["damascus"]["ayyubids"]["full"] == {"2-6": 4}
    assert state.field["jerusalem"]["ayyubids"]["full"] == {"2-6": 1}

    # C3 (L1314): Death of Barbarossa (#D6) activates Richard for a naval move from Limassol, now
    # not the box: the fleet roll, 1 to 4, rolls a 1; he joins Conrad in Tyre
    act(state, "christian", "activate", "D6", "richard")
    act(state, "muslim", "pass")
    act(state, "christian", "by_sea")
    act(state, "muslim", "pass")  # the window on the naval move (K43): nothing to answer with
    for _ in range(5):
        act(state, "christian", "take", "crusaders", "full", "3-4")
    act(state, "christian", "to", "tyre")
    if PROCEDURES.top(state)["kind"] == "march":
        act(state, "christian", "stop")
    assert state.field["tyre"]["crusaders"] == {"full": {"3-4": 6}, "reduced": {}, "leaders": ["richard"]}
    assert PROCEDURES.top(state)["kind"] == "round" and PROCEDURES.deciders(state) == ("muslim",)

    # M3 (L1316-L1324): Plan of Attack (#48, -2) to influence Antioch, with the Diplomatic
    # Advantage spent for -1 more (K85); he needs 1 or less: 4 - 3 = 1. Antioch turns neutral,
    # its units staying in its city (§9.6.1); the Christian falls to 4 VP
    act(state, "muslim", "diplomacy", "48", "antioch")
    act(state, "muslim", "advantage", -1)
    assert state.advantage is None
    assert PROCEDURES.legal(state, "christian") == [("pass",)]  # K44: no Diplomatic Insult to play
    act(state, "christian", "pass")
    assert state.political["antioch"] == "neutral"
    assert state.field["antioch"]["antioch"]["full"] == {"2-4": 3}
    assert state.vp == {"christian": 4, "muslim": 25}
    assert faces == [] and PROCEDURES.deciders(state) == ("christian",)  # C4 next
