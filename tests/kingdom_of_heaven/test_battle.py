"""Battles (§13): the two worked examples replayed with their dice, and the rules of strength,
battle events, losses, victory and what follows, on positions built for them."""

from __future__ import annotations

import pytest

from outremer.engine.errors import IllegalAction
from outremer.engine.procedures import Action
from outremer.games.kingdom_of_heaven import battle, leaders, retreat  # noqa: F401 (registers)
from outremer.games.kingdom_of_heaven.common import data
from outremer.games.kingdom_of_heaven.procedures import PROCEDURES
from outremer.games.kingdom_of_heaven.state import State

from .positions_battle import Dice, deal, drive, position, probe, put, said, step, stub_advantage


def fight(state: State, **frame: object) -> dict:
    keys = {"mover": True, "came_from": None, "why": "entry", "drm": 0, **frame}
    return PROCEDURES.push(state, "battle", **keys)


def passing(state: State, role: str, legal: list[Action]) -> Action:
    return legal[0]


# --- §13.7.Example: Richard against Saladin in Jerusalem ------------------------------------------


def test_richard_against_saladin_in_jerusalem(monkeypatch):
    # §13.7.Example (L840-L845): 22 against 19 on 17-25, Richard +1; a 3 and a 4 give four each;
    # Feigned Flight after the rolls makes it four to two, a major victory; Saladin's 17 pursues
    # on 16-24 with +1 for his cavalry: a 4, eight steps, Richard's army gone; his dice total 5,
    # +4 -2: a prisoner.
    state = position()
    state.cities["jerusalem"] = "ayyubids"
    put(state, "jerusalem", "crusaders", full={"3-4": 6}, leaders=["richard"])
    put(state, "jerusalem", "ayyubids", full={"2-6": 8}, leaders=["saladin"])
    deal(state, "muslim", "6")
    rolls = Dice(monkeypatch, [3, 4, 4, 5])
    advantage = stub_advantage(monkeypatch)
    fight(state, space="jerusalem", attacker="christian", defender="muslim", came_from="jaffa")

    def choose(state: State, role: str, legal: list[Action]) -> Action:
        frame = state.stack[-1]
        if frame["kind"] == "battle" and step(state) == "after" and ("play", "6") in legal:
            return ("play", "6")
        if frame["kind"] == "battle" and step(state) == "losses" and role == "christian":
            return next((a for a in legal if a[2] == "reduced"), legal[0])  # two units wiped out
        if frame["kind"] == "retreat" and step(state) == "path":
            return ("to", "jaffa") if ("to", "jaffa") in legal else ("stop",)
        return legal[0]

    PROCEDURES.settle(state)
    frame = state.stack[0]
    assert frame["strength"] == {"christian": 22, "muslim": 19}  # §13.2 L772-L778
    assert frame["drm"] == {"christian": 1, "muslim": 0}  # §13.2 L783: 4 - 3
    drive(state, choose)
    assert rolls.values == []
    assert said(state, "roll 3+1 = 4 inflicts 4 step(s)") and said(state, "roll 4+0 = 4 inflicts 4 step(s)")
    assert said(state, "The Muslim player loses 2 step(s)")  # Feigned Flight (card 6)
    assert "6" in state.discard
    assert said(state, "wins a major victory (4 steps to 2)")  # §13.4 L806
    assert said(state, "Pursuit: 4+1 costs the Christian player 8 more step(s)")  # §13.4 L809
    assert state.field["jerusalem"]["ayyubids"] == {
        "full": {"2-6": 6},
        "reduced": {"2-6": 2},
        "leaders": ["saladin"],
    }
    assert "crusaders" not in state.field.get("jaffa", {}) and "crusaders" not in state.field["jerusalem"]
    assert state.dead["crusaders"]["full"]["3-4"] >= 6
    assert state.prisoners["muslim"] == ["richard"]  # §13.6: 5 + 4 - 2 = 7, Prisoner
    assert advantage == [
        {"kind": "advantage", "player": "muslim", "at_most": 6, "why": "battle", "space": "jerusalem"}
    ]  # §9.3 L522: a force with a leader beaten, six units eliminated
    assert state.stack == []


# --- §Example.C8: the battle of Jaffa ------------------------------------------------------------


def test_the_battle_of_jaffa(monkeypatch):
    # §Example.C8 (L1385-L1394): Richard (19 of units, +4 +2) attacks Saladin (18, +3) who failed
    # to shadow; 25 and 21 on 17-25, Richard +1, Saladin -1; both roll 3: four and two steps;
    # Crusaders take Richard's losses; a major victory; Richard's 23 pursues on 16-24 unmodified,
    # a 2: three more; Saladin retreats one space to Jerusalem; Richard may go on (§13.7).
    state = position()
    state.cities["jerusalem"] = "ayyubids"
    put(
        state,
        "jaffa",
        "crusaders",
        full={"3-4": 3},
        reduced={"3-4": 2},
        leaders=["richard"],
    )
    put(state, "jaffa", "hospitallers", full={"3-4": 1})
    put(state, "jaffa", "templars", reduced={"3-4": 1})
    state.field["jaffa"]["jerusalem"] = {"full": {}, "reduced": {}, "leaders": ["conrad"]}
    put(state, "jaffa", "ayyubids", full={"3-6": 4, "2-6": 3}, leaders=["saladin"])
    put(state, "jerusalem", "ayyubids", full={"2-6": 1}, leaders=["al_afdal"])
    Dice(monkeypatch, [3, 3, 2])
    advantage = stub_advantage(monkeypatch)
    popped = probe(monkeypatch, state)
    fight(state, space="jaffa", attacker="christian", defender="muslim", came_from="acre", avoid_failed=True)
    PROCEDURES.settle(state)
    frame = state.stack[1]
    assert frame["strength"] == {"christian": 25, "muslim": 21}
    assert frame["drm"] == {"christian": 1, "muslim": -1}  # §13.2 L783, L786

    def choose(state: State, role: str, legal: list[Action]) -> Action:
        frame = state.stack[-1]
        if frame["kind"] == "battle" and step(state) == "losses":
            if role == "christian":
                return ("step", "crusaders", "full", "3-4")  # §13.5 L815
            if frame["lost"]["muslim"] < 3:  # two 2-6 reduced, then one of them eliminated
                return (
                    ("step", "ayyubids", "full", "2-6")
                    if frame["lost"]["muslim"] < 2
                    else ("step", "ayyubids", "reduced", "2-6")
                )
            return ("step", "ayyubids", "full", "2-6")
        if frame["kind"] == "retreat" and step(state) == "path":
            return ("to", "jerusalem") if ("to", "jerusalem") in legal else ("stop",)
        if frame["kind"] == "retreat":
            return ("step", "ayyubids", "full", "3-6")
        return legal[0]

    drive(state, choose)
    assert said(state, "roll 3+1 = 4 inflicts 4 step(s)")
    assert said(state, "roll 3-1 = 2 inflicts 2 step(s)")  # K21
    assert said(state, "Pursuit: 2+0 costs the Muslim player 3 more step(s)")
    assert state.field["jaffa"]["crusaders"] == {
        "full": {"3-4": 1},
        "reduced": {"3-4": 4},
        "leaders": ["richard"],
    }
    assert "ayyubids" not in state.field.get("jaffa", {})
    assert state.field["jerusalem"]["ayyubids"] == {
        "full": {"3-6": 1, "2-6": 1},
        "reduced": {"3-6": 3, "2-6": 2},
        "leaders": ["al_afdal", "saladin"],
    }
    assert advantage[0]["player"] == "christian" and advantage[0]["at_most"] == 1  # §9.3 L522
    # §13.7: the winning mover is still in Jaffa and may go on; Saladin has left it
    done = {"kind": "battle", "winner": "christian", "attacker_left": False, "defender_left": True}
    assert popped == [done]
    assert state.stack == []


# --- the rules on built positions ----------------------------------------------------------------


def small_battle(monkeypatch, dice, **frame):
    state = position()
    put(state, "nablus", "crusaders", full={"3-4": 1}, leaders=["richard"])
    put(state, "nablus", "jerusalem", full={"2-4": 2}, leaders=["guy"])
    put(state, "nablus", "ayyubids", full={"2-6": 5}, leaders=["al_afdal"])
    Dice(monkeypatch, dice)
    stub_advantage(monkeypatch)
    popped = probe(monkeypatch, state)
    fight(state, space="nablus", attacker="christian", defender="muslim", came_from="jerusalem", **frame)
    return state, popped


def test_a_crusader_takes_the_first_loss(monkeypatch):
    # §13.5 L815: the first step lost must be a Crusader's when one is present; then any unit
    state, _ = small_battle(monkeypatch, [1, 6])  # 12 with +2 rolls 3: two; 12 rolls 6: three
    offered = []

    def choose(state, role, legal):
        if state.stack[-1]["kind"] == "battle" and step(state) == "losses" and role == "christian":
            offered.append(list(legal))
            return ("step", "jerusalem", "full", "2-4")
        return ("stop",) if ("stop",) in legal else legal[0]

    drive(state, choose)
    lost = [e[2] for e in state.log if e[0] == "§13.5" and "Christian player's" in e[2]]
    assert lost[0] == "The Christian player's Crusaders 3-4 is reduced."  # made at once: no choice
    assert len(lost) >= 2 and offered and any(a[1] == "jerusalem" for a in offered[0])


def test_both_sides_would_vanish_so_each_keeps_a_step(monkeypatch):
    # §13.5 L816: both wiped out by the results: each keeps one step, a draw, the attacker retreats
    state = position()
    put(state, "nablus", "jerusalem", reduced={"2-4": 1})
    put(state, "nablus", "ayyubids", reduced={"2-6": 1})
    Dice(monkeypatch, [6, 6])
    popped = probe(monkeypatch, state)
    fight(state, space="nablus", attacker="christian", defender="muslim", came_from="jerusalem")
    drive(state, lambda s, r, legal: ("stop",) if ("stop",) in legal else legal[0])
    assert said(state, "each keeps one step")
    assert state.field["nablus"]["ayyubids"]["reduced"] == {"2-6": 1}
    assert state.field["jerusalem"]["jerusalem"]["reduced"] == {"2-4": 1}  # §13.3 L802, §14.1 L850
    assert popped[0]["winner"] is None


def test_the_quarter_rule_closes_the_window(monkeypatch):
    # §13.2 L790: a side under a quarter of the enemy's strength may play no battle event
    state = position()
    put(state, "nablus", "jerusalem", reduced={"2-4": 1})
    put(state, "nablus", "ayyubids", full={"3-6": 2}, leaders=["saladin"])  # 9, and 1 < 9 / 4
    deal(state, "christian", "34")
    deal(state, "muslim", "21")
    Dice(monkeypatch, [1, 1])
    fight(state, space="nablus", attacker="christian", defender="muslim", came_from="jerusalem")
    PROCEDURES.settle(state)
    assert PROCEDURES.deciders(state) == ("muslim",)
    assert said(state, "Christian player has under a quarter")
    assert ("play", "21") in PROCEDURES.legal(state, "muslim")  # Horse Archers: a cavalry army


def test_a_window_offers_a_pass_whatever_the_hand(monkeypatch):
    # §8.4.2, fair play: each side's window opens with nothing to play, and bad input changes nothing
    state = position()
    put(state, "nablus", "jerusalem", full={"2-4": 2}, leaders=["guy"])
    put(state, "nablus", "ayyubids", full={"2-6": 2})
    Dice(monkeypatch, [1, 1])
    fight(state, space="nablus", attacker="christian", defender="muslim", came_from="jerusalem")
    PROCEDURES.settle(state)
    assert PROCEDURES.deciders(state) == ("christian",)
    assert PROCEDURES.legal(state, "christian") == [("pass",)]
    before = state.to_json()
    with pytest.raises(IllegalAction):
        PROCEDURES.perform(state, "christian", ("play", "34"))
    assert state.to_json() == before


def test_an_event_played_after_the_dice_changes_the_result(monkeypatch):
    # §13.2 L788 (§13.7.Example L842): Mamluk Discipline (+1, after the rolls) moves the roll's row
    state = position()
    put(state, "nablus", "jerusalem", full={"2-4": 4}, leaders=["guy"])
    put(state, "nablus", "mamluks", full={"2-6": 4})
    state.political["mamluks"] = "muslim"
    deal(state, "muslim", "31")
    Dice(monkeypatch, [1, 5, 1])
    stub_advantage(monkeypatch)
    fight(state, space="nablus", attacker="christian", defender="muslim", came_from="jerusalem")

    def choose(state, role, legal):
        return ("play", "31") if ("play", "31") in legal else legal[0]

    drive(state, lambda s, r, legal: choose(s, r, legal) if ("stop",) not in legal else ("stop",))
    assert said(state, "Muslim player's roll 5+1 = 6")


def test_attacking_besiegers_and_failed_avoidance(monkeypatch):
    # §13.2 L785-L786: +1 against an army besieging a stronghold; -1 after a failed avoidance
    state = position()
    state.sieges["jerusalem"] = {"besieger": "muslim", "rf": 3, "blockade": False}
    state.cities["jerusalem"] = "jerusalem"
    put(state, "jerusalem", "jerusalem", full={"2-4": 2})
    put(state, "jerusalem", "ayyubids", full={"2-6": 2})
    Dice(monkeypatch, [1, 1])
    fight(
        state,
        space="jerusalem",
        attacker="christian",
        defender="muslim",
        came_from="nablus",
        avoid_failed=True,
    )
    PROCEDURES.settle(state)
    assert state.stack[-1]["drm"] == {"christian": 1, "muslim": -1}


def test_a_beaten_sally_goes_back_inside(monkeypatch):
    # §17.3 L982, §17.8 L1143: besieged units that attack and lose end inside; no +1 for them
    state = position()
    state.sieges["jerusalem"] = {"besieger": "muslim", "rf": 3, "blockade": False}
    state.cities["jerusalem"] = "jerusalem"
    put(state, "jerusalem", "jerusalem", full={"2-4": 2}, leaders=["balian"], place="inside")
    put(state, "jerusalem", "ayyubids", full={"3-6": 4}, leaders=["saladin"])
    Dice(monkeypatch, [1, 1])  # 6 rolls 1: none; 15 rolls 1 +1: two
    stub_advantage(monkeypatch)
    popped = probe(monkeypatch, state)
    fight(state, space="jerusalem", attacker="christian", defender="muslim", why="sally", mover=False)
    PROCEDURES.settle(state)
    assert state.stack[-1]["drm"] == {"christian": 0, "muslim": 1}  # Saladin's 3 against Balian's 2
    drive(state, lambda s, r, legal: legal[0])
    assert said(state, "beaten back into the stronghold")
    assert "jerusalem" in state.inside["jerusalem"] and not any(f["kind"] == "retreat" for f in state.stack)
    assert popped[0]["winner"] == "muslim" and popped[0]["attacker_left"] is False


def test_a_relief_has_one_plus_one(monkeypatch):
    # §17.8 L1143, K63: the relief's +1 comes in drm and is not added again for the besiegers
    state = position()
    state.sieges["jerusalem"] = {"besieger": "muslim", "rf": 3, "blockade": False}
    state.cities["jerusalem"] = "jerusalem"
    put(state, "jerusalem", "jerusalem", full={"2-4": 2})
    put(state, "jerusalem", "ayyubids", full={"2-6": 2})
    Dice(monkeypatch, [1, 1])
    fight(
        state,
        space="jerusalem",
        attacker="christian",
        defender="muslim",
        came_from="nablus",
        why="relief",
        drm=1,
    )
    PROCEDURES.settle(state)
    assert state.stack[-1]["drm"] == {"christian": 1, "muslim": 0}


def test_an_intercepted_mover_falls_back_where_it_came_from(monkeypatch):
    # §11.3, §14.1 L850: the interceptor attacks with +1; the intercepted mover, beaten, retreats
    # first into the space it had entered the battle space from (defender_from)
    state = position()
    put(state, "nablus", "ayyubids", full={"3-6": 3}, leaders=["saladin"])
    put(state, "nablus", "jerusalem", full={"2-4": 4}, leaders=["guy"])
    Dice(monkeypatch, [1, 1, 1])
    stub_advantage(monkeypatch)
    fight(
        state,
        space="nablus",
        attacker="muslim",
        defender="christian",
        came_from="belvoir",
        why="interception",
        drm=1,
        mover=False,
        defender_from="jerusalem",
    )
    drive(state, lambda s, r, legal: ("stop",) if ("stop",) in legal else legal[0])
    assert said(state, "roll 1+3 = 4")  # +2 Saladin over Guy, +1 interception
    assert state.field["jerusalem"]["jerusalem"]["leaders"] == ["guy"]


def test_twin_hands_see_the_same_battle(monkeypatch):
    # fair play (§8.4.2, procedures.md): a player with a battle card and one without, passing,
    # are asked the same things and read the same log
    seen = []
    for hand in ([], ["6"]):
        state = position()
        put(state, "nablus", "jerusalem", full={"2-4": 2}, leaders=["guy"])
        put(state, "nablus", "ayyubids", full={"2-6": 3})
        deal(state, "muslim", *hand)
        Dice(monkeypatch, [3, 3, 3, 3])
        stub_advantage(monkeypatch)
        fight(state, space="nablus", attacker="christian", defender="muslim", came_from="jerusalem")
        asked = []

        def choose(state, role, legal, asked=asked):
            asked.append((role, state.stack[-1]["kind"], step(state)))
            return ("stop",) if ("stop",) in legal else legal[0]

        drive(state, choose)
        seen.append((asked, [e for e in state.log if e[1] is None]))
    assert seen[0] == seen[1]


def test_a_combat_roll_an_event_orders_is_unmodified(monkeypatch):
    # §13.2.1 L796: the die alone on the column of the strength the event names
    state = position()
    Dice(monkeypatch, [4])
    assert battle.event_roll(state, "muslim", 22, "a test") == 4  # 17-25, a 4: four steps


def test_every_battle_cards_requirement_is_decided_on_the_battle():
    # §8.4.2 L472, §13.2 L788, K62: the scenario cards' requirements as well as the basic ones; Battle
    # of al-Babein (C4) only in Minya, Robert of Artois Charges (F2) only against Crusaders, The Holy
    # Lance (A1) only with them
    state = position()
    put(state, "minya", "crusaders", full={"3-4": 2}, leaders=["richard"])
    put(state, "minya", "ayyubids", full={"2-6": 3})
    put(state, "nablus", "jerusalem", full={"2-4": 2}, leaders=["guy"])
    put(state, "nablus", "ayyubids", full={"2-6": 3})
    deck = data(state).cards.cards
    frames = [
        {"space": space, "attacker": "christian", "defender": "muslim", "why": "entry"}
        for space in ("minya", "nablus")
    ]
    decided = {
        (cid, player, frame["space"]): battle.playable(state, frame, player, c, e["timing"])
        for cid, c in deck.items()
        if c.kind == "battle"
        for e in c.event
        if e["kind"] in battle.BATTLE_EFFECTS
        for player in ("christian", "muslim")
        for frame in frames
    }
    assert decided[("C4", "muslim", "minya")] and not decided[("C4", "muslim", "nablus")]
    assert decided[("F2", "muslim", "minya")] and not decided[("F2", "muslim", "nablus")]
    assert decided[("A1", "christian", "minya")] and not decided[("A1", "christian", "nablus")]
    assert not decided[("C4", "christian", "minya")]  # a Muslim card
