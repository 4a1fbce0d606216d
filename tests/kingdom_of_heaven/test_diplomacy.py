"""Diplomacy (§9): influence rolls, the Diplomatic Advantage, free passage, a Power turned
Neutral, neutrality broken (§10.9)."""

from __future__ import annotations

import pytest

from outremer.engine.procedures import Procedure
from outremer.games.kingdom_of_heaven import dice, diplomacy, effects, movement, muster
from outremer.games.kingdom_of_heaven.common import controller, pack_at, vp
from outremer.games.kingdom_of_heaven.procedures import PROCEDURES
from outremer.games.kingdom_of_heaven.state import CHRISTIAN, MUSLIM, NEUTRAL

from .positions_admin import blank, place, push

MINUS_ONE, MINUS_TWO = "13", "12"  # cards with diplomacy modifiers -1 and -2 (cards pack)


@pytest.fixture
def window(monkeypatch):
    """The opponent's response window after a success (K44), events.py's procedure, stood in for
    by one that passes, or plays the card set in ``answer`` and runs its effects."""
    answer: dict[str, str] = {}

    def run(state, frame):
        if "card" in answer:
            for effect in effects_of(answer["card"]):
                effects.run(state, frame["player"], effect, {"card": answer["card"], "trigger": "diplomacy"})
            PROCEDURES.pop(state, frame, card=answer["card"])
        else:
            PROCEDURES.pop(state, frame)

    monkeypatch.setitem(
        PROCEDURES.kinds,
        "response",
        Procedure("response", lambda s, f: [], None, None, run, lambda s, f, r: "", ""),
    )
    return answer


def effects_of(card):
    return pack_at(None).cards.cards[card].event


def _die(monkeypatch, *faces):
    rolls = list(faces)
    monkeypatch.setattr(dice, "roll", lambda *a, **k: rolls.pop(0))


def test_the_armenia_example(monkeypatch, window):
    # §9.6.1.Example L562-L565: Armenia neutral, targets 2 (Christian) and 1 (Muslim); the Muslim's
    # -1 card and a roll of 2 make 1: Armenia turns pro-Muslim, and the Christian's card must wait.
    state = blank("D", turn=4)
    assert (
        diplomacy.target(state, MUSLIM, "armenia") == 1 and diplomacy.target(state, CHRISTIAN, "armenia") == 2
    )
    assert "armenia" in diplomacy.targets(state, CHRISTIAN)
    _die(monkeypatch, 2)
    push(state, "diplomacy", player=MUSLIM, power="armenia", card=MINUS_ONE)
    assert state.stack == [] and state.orientation("armenia") == MUSLIM
    assert "armenia" not in diplomacy.targets(state, CHRISTIAN)  # §9.2 L510: no more this turn


def test_a_roll_over_the_target_fails(monkeypatch, window):
    # §9.6 L548: above the target nothing moves; the attempt is spent for the turn (§9.2 L510).
    state = blank("D", turn=4)
    _die(monkeypatch, 3)
    push(state, "diplomacy", player=MUSLIM, power="armenia", card=MINUS_ONE)
    assert state.orientation("armenia") == NEUTRAL
    assert "armenia" not in diplomacy.targets(state, MUSLIM) and "armenia" in diplomacy.targets(
        state, CHRISTIAN
    )


def test_the_capital_counts_once_for_the_kingdom():
    # §9.5 L540-L541: -2 for holding the Power's capital, at most -2 with both of the Kingdom's.
    state = blank("D", turn=4)
    assert diplomacy.modifier(state, MUSLIM, "jerusalem", None) == 0
    state.cities["acre"] = state.cities["jerusalem"] = "ayyubids"
    assert diplomacy.modifier(state, MUSLIM, "jerusalem", MINUS_ONE) == -3


def test_the_advantage_spent_on_a_roll(monkeypatch, window):
    # §9.5 L544: the holder may spend the marker to move any diplomacy roll by one.
    state = blank("D", turn=4)
    state.advantage = CHRISTIAN
    _die(monkeypatch, 4)  # 4 - 1 = 3, one over the Christian's 2
    push(state, "diplomacy", player=CHRISTIAN, power="armenia", card=MINUS_ONE)
    assert PROCEDURES.deciders(state) == (CHRISTIAN,)
    PROCEDURES.perform(state, CHRISTIAN, ("advantage", -1))
    assert state.advantage is None and state.orientation("armenia") == CHRISTIAN


def test_the_opponent_may_spend_it_to_spoil(monkeypatch, window):
    state = blank("D", turn=4)
    state.advantage = CHRISTIAN
    _die(monkeypatch, 2)
    push(state, "diplomacy", player=MUSLIM, power="armenia", card=MINUS_ONE)
    PROCEDURES.perform(state, CHRISTIAN, ("advantage", 1))
    assert state.orientation("armenia") == NEUTRAL and state.advantage is None


def test_diplomatic_insult_cancels_a_success(monkeypatch, window):
    # §9.2 L512, K44: the success is undone; it was an attempt, not a success, so the other player
    # may still try this turn.
    state = blank("D", turn=4)
    window["card"] = "8"  # Diplomatic Insult
    _die(monkeypatch, 1)
    push(state, "diplomacy", player=MUSLIM, power="armenia", card=MINUS_ONE)
    assert state.stack == [] and state.orientation("armenia") == NEUTRAL
    assert "armenia" in diplomacy.targets(state, CHRISTIAN) and "armenia" not in diplomacy.targets(
        state, MUSLIM
    )


def test_winning_the_marker_by_a_card(monkeypatch, window):
    # §9.3 L525: a 3 or less with the card's modifier, +1 if the opponent holds it; once a turn.
    state = blank("D", turn=4)
    state.advantage = MUSLIM
    assert diplomacy.modifier(state, CHRISTIAN, diplomacy.MARKER, MINUS_ONE) == 0
    _die(monkeypatch, 3)
    push(state, "diplomacy", player=CHRISTIAN, power=diplomacy.MARKER, card=MINUS_ONE)
    PROCEDURES.perform(state, MUSLIM, ("keep",))
    assert state.advantage == CHRISTIAN
    assert diplomacy.MARKER not in diplomacy.targets(state, CHRISTIAN)


@pytest.mark.parametrize(
    ("holder", "at_most", "die", "after"),
    [
        (None, 5, 5, MUSLIM),  # at most the space's VP wins it
        (None, 5, 6, CHRISTIAN),  # a six gives it to the opponent
        (CHRISTIAN, 5, 6, CHRISTIAN),  # ... who already has it: no change
        (MUSLIM, 0, 6, CHRISTIAN),  # mandatory even when held: only a six matters
        (MUSLIM, 0, 1, MUSLIM),
        (None, 1, 2, None),
    ],
)
def test_the_advantage_rolls(monkeypatch, holder, at_most, die, after):
    # §9.3 L520-L527 and its note: the roll after a capture, a siege ended, a battle won.
    state = blank("D", turn=4)
    state.advantage = holder
    _die(monkeypatch, die)
    push(state, "advantage", player=MUSLIM, at_most=at_most, why="capture", space="acre")
    assert state.stack == [] and state.advantage == after


def test_events_shift_and_modify(monkeypatch, window):
    # §9.2 L514: events move Powers whatever the attempts; a pending modifier acts once.
    state = blank("D", turn=4)
    effects.run(
        state, MUSLIM, {"kind": "diplomacy_shift", "power": "armenia", "toward": "player"}, {"card": "x"}
    )
    assert state.orientation("armenia") == MUSLIM
    effects.run(state, CHRISTIAN, {"kind": "diplomacy_drm", "value": -1}, {"card": "27"})
    assert diplomacy.modifier(state, CHRISTIAN, "cyprus_principality", MINUS_TWO) == -3
    _die(monkeypatch, 4)
    push(state, "diplomacy", player=CHRISTIAN, power="cyprus_principality", card=MINUS_TWO)
    assert state.orientation("cyprus_principality") == CHRISTIAN  # 4 - 3 = 1, at most 2
    assert not state.diplomacy["drm"]  # the modifier acted once


def test_a_power_turned_neutral_pulls_back(monkeypatch):
    # §9.6.1 L556-L560: Antioch turned neutral: its units outside its lands go to its pool, those
    # in its lands stay frozen; a Christian force in its province goes to the nearest friendly
    # stronghold.
    state = blank("D", turn=4)
    place(state, "field", "tripoli", "antioch", full={"2-4": 1})
    place(state, "field", "antioch", "antioch", full={"2-4": 2})
    place(state, "field", "st_symeon", "jerusalem", full={"2-4": 1})
    state.castles["harim"] = {"power": "templars", "low": False}
    state.castles["baghras"] = {"power": "templars", "low": False}
    diplomacy.shift(state, "antioch", MUSLIM, "§9.6")
    PROCEDURES.settle(state)
    assert state.orientation("antioch") == NEUTRAL
    assert state.pools["antioch"]["full"] == {"2-4": 1} and state.field["antioch"]["antioch"]["full"] == {
        "2-4": 2
    }
    # Baghras, Harim and Margat are equally near: the owner chooses.
    assert PROCEDURES.legal(state, CHRISTIAN) == [("to", "baghras"), ("to", "harim"), ("to", "margat")]
    PROCEDURES.perform(state, CHRISTIAN, ("to", "harim"))
    assert state.stack == [] and "st_symeon" not in state.field
    assert state.field["harim"]["jerusalem"]["full"] == {"2-4": 1}


def test_neutrality_broken_and_free_passage():
    # §9.1 L498, §10.9 L646: a neutral entered joins the other player; §9.4: not under free
    # passage, which lasts to the end of the round it was bought in.
    state = blank("D", turn=4)
    state.advantage = CHRISTIAN
    assert "seljuks" in diplomacy.passage_powers(state, CHRISTIAN)
    diplomacy.grant_passage(state, CHRISTIAN, "seljuks", own_round=True)
    assert state.advantage is None
    assert not diplomacy.break_neutrality(state, CHRISTIAN, "seljuks", "entry")
    place(state, "field", "konya", "crusaders", full={"3-4": 1})
    assert diplomacy.passage_ends(state, CHRISTIAN) == ["seljuks"]
    assert state.orientation("seljuks") == MUSLIM and state.passage is None
    assert diplomacy.break_neutrality(state, MUSLIM, "armenia", "attack")
    assert state.orientation("armenia") == CHRISTIAN


def test_antioch_turns_neutral_in_the_extended_example(monkeypatch, window):
    # §Example.M3 L1316-L1325: Plan of Attack (-2) and the marker spent before the roll (-1, K85);
    # a 4 makes 1, the Muslim's target: Antioch goes neutral, its units stay, the Christian loses
    # Antioch's 5 VP; scenario D never lets the Muslim take it further.
    state = blank("D", turn=4)
    place(state, "field", "antioch", "antioch", full={"2-4": 2})
    state.advantage = MUSLIM
    before = vp(state)[CHRISTIAN]
    _die(monkeypatch, 4)
    push(state, "diplomacy", player=MUSLIM, power="antioch", card="48")
    assert PROCEDURES.legal(state, MUSLIM) == [("advantage", -1), ("advantage", 1), ("keep",)]
    PROCEDURES.perform(state, MUSLIM, ("advantage", -1))
    assert state.stack == [] and state.orientation("antioch") == NEUTRAL and state.advantage is None
    assert state.field["antioch"]["antioch"]["full"] == {"2-4": 2}
    assert vp(state)[CHRISTIAN] == before - 5
    assert "antioch" not in diplomacy.targets(state, MUSLIM)
    state.diplomacy = {"tried": [], "moved": []}  # a later turn
    assert "antioch" not in diplomacy.targets(state, MUSLIM) and "antioch" in diplomacy.targets(
        state, CHRISTIAN
    )


def test_the_fatimids_join_the_first_leader_in_egypt():
    # Scenario C's special rule: entering Egypt with a leader turns the Fatimids toward the
    # entering player; without a leader the usual §10.9 holds.
    state = blank("C", turn=2)
    assert state.orientation("fatimids") == NEUTRAL
    assert diplomacy.break_neutrality(state, CHRISTIAN, "fatimids", "entry", leader=True)
    assert state.orientation("fatimids") == CHRISTIAN
    state = blank("C", turn=2)
    assert diplomacy.break_neutrality(state, CHRISTIAN, "fatimids", "entry")
    assert state.orientation("fatimids") == MUSLIM


def test_a_province_of_no_power_in_play_belongs_to_nobody():
    # §3.Control L193, K83: in B Armenia is not in play; Cilicia and its walled city Tarsus are
    # nobody's: controlled by neither player (their VP count for nobody), no muster there, and a
    # Christian army entering turns no Power, neutral Damascus included; units in an open space of
    # it control that space
    state = blank("B", turn=2)
    assert state.owners["cilicia"] is None and state.political["damascus"] == NEUTRAL
    for space in ("tarsus", "sis"):
        assert controller(state, space) is None and muster.musters_for(state, space) is None
    before = dict(state.political)
    movement.trespass(state, CHRISTIAN, "sis", leader=True)
    assert state.political == before
    place(state, "field", "sis", "crusaders", full={"3-4": 1})
    assert controller(state, "sis") == CHRISTIAN and controller(state, "adana") is None
