"""The Presence action (Presence.Influence.1-9, Presence.Support.1-2, Actions.3; R2, R4b, R15)."""

from __future__ import annotations

from outremer.games.four_powers.common import presence_left
from outremer.games.four_powers.positions import (
    action,
    column,
    hand,
    influence,
    position,
    purse,
    support,
    turn,
)
from outremer.games.four_powers.procedures import PROCEDURES
from outremer.games.four_powers.state import BYZANTINES, CALIPHATE, CRUSADERS, SELJUK

from .acting import act


def test_the_rulebook_example_betrayal_of_the_emirs() -> None:
    # Presence.Example (L594-L606), from the set-up of Setup.8
    s = position()
    column(s, "presence", ["c05"])  # Godfrey of Bouillon, Cost 2
    hand(s, BYZANTINES, ["c06"])  # Betrayal of the Emirs, Cost 1, Byzantine
    purse(s, BYZANTINES, 10, 0)
    turn(s, BYZANTINES)
    act(s, BYZANTINES, "play", "c06", "presence")
    assert s.gold[BYZANTINES] == 7  # 3 Gold for the action (R4b)
    act(s, BYZANTINES, "effect")  # the effect first (Actions.3)
    assert s.gold[BYZANTINES] == 6  # 1 Gold for the effect
    act(s, BYZANTINES, "swap", "edessa")
    act(s, BYZANTINES, "swap", "jerusalem")
    # the Seljuk and the Caliphate drop below the Byzantines
    assert s.influence["edessa"] == [SELJUK, BYZANTINES, None, None]
    assert s.influence["jerusalem"] == [CALIPHATE, BYZANTINES, None, None]
    act(s, BYZANTINES, "influence", "edessa", 3)
    act(s, BYZANTINES, "influence", "jerusalem", 3)
    assert s.gold[BYZANTINES] == 0  # 6 Gold to reach both rightmost levels
    assert s.control["edessa"] == BYZANTINES and s.control["jerusalem"] == BYZANTINES  # Presence.Influence.5
    act(s, BYZANTINES, "done")
    assert s.stack == []


def test_new_influence_goes_next_to_where_it_was_at_the_start_of_the_turn() -> None:
    s = position()
    purse(s, SELJUK, 20, 0)
    influence(s, "edessa", [BYZANTINES, None, None, None])
    influence(s, "tyrus", [None, None, None, None])
    influence(s, "ascalon", [CALIPHATE, SELJUK, None, None])
    action(s, SELJUK, "presence")
    places = {a[1] for a in PROCEDURES.legal(s, SELJUK) if a[0] == "influence"}
    # Seljuk Influence in Ascalon only: new markers in its neighbours Tyrus, Jerusalem and Antiocheia
    # (the sea lane, map.md), a raise in Ascalon itself (Presence.Influence.1-2, R15); nowhere else
    assert places == {"ascalon", "tyrus", "jerusalem", "antiocheia"}
    act(s, SELJUK, "influence", "tyrus", 0)
    # Tyrus was not the Seljuk's at the start of the turn: no raise there, and Tyrus's neighbours
    # do not open because of the new marker
    legal = PROCEDURES.legal(s, SELJUK)
    assert ("influence", "tyrus", 1) not in legal and ("influence", "ascalon", 2) in legal
    assert not [a for a in legal if a[0] == "influence" and a[1] == "tripoli"]


def test_a_raise_pays_the_difference_and_the_push_cascades() -> None:
    s = position()
    purse(s, BYZANTINES, 10, 0)
    influence(s, "iconium", [BYZANTINES, CRUSADERS, SELJUK, CALIPHATE], control=CALIPHATE)
    action(s, BYZANTINES, "presence")
    act(s, BYZANTINES, "influence", "iconium", 3)
    assert s.gold[BYZANTINES] == 5  # Presence.Influence.2: 7 - 2 (Iconium, reconstruction.md)
    # R2: the Caliphate drop to the third level, the Seljuk and Crusaders each one below, into the
    # Byzantines' old level, freed first
    assert s.influence["iconium"] == [CRUSADERS, SELJUK, CALIPHATE, BYZANTINES]
    assert s.control["iconium"] == BYZANTINES


def test_a_push_below_the_first_level_returns_the_marker() -> None:
    s = position()
    purse(s, CALIPHATE, 10, 0)
    influence(s, "tyrus", [SELJUK, CRUSADERS, None, None])
    action(s, CALIPHATE, "presence")
    act(s, CALIPHATE, "influence", "tyrus", 1)
    # Presence.Influence.3-4, R2: Crusaders to the first level, Seljuk off the City
    assert s.influence["tyrus"] == [CRUSADERS, CALIPHATE, None, None]
    assert presence_left(s, SELJUK) == 7


def test_push_all_drops_every_marker_below() -> None:
    s = position(options={"push_all": True})
    purse(s, CALIPHATE, 10, 0)
    influence(s, "tyrus", [SELJUK, None, None, CRUSADERS], control=CRUSADERS)
    action(s, CALIPHATE, "presence")
    act(s, CALIPHATE, "influence", "tyrus", 3)
    # R2's option: every other marker at or below the target drops one level (without it the
    # Seljuk, not below an occupied level, would stay)
    assert s.influence["tyrus"] == [None, None, CRUSADERS, CALIPHATE]


def test_a_controller_with_a_citadel_cannot_be_pushed() -> None:
    s = position()
    purse(s, BYZANTINES, 20, 0)
    influence(s, "iconium", [BYZANTINES, None, None, CRUSADERS], control=CRUSADERS)
    s.citadels["iconium"] = CRUSADERS
    action(s, BYZANTINES, "presence")
    legal = PROCEDURES.legal(s, BYZANTINES)
    # Presence.Influence.9: the control level is closed, the levels below open (they push nobody)
    assert ("influence", "iconium", 3) not in legal
    assert ("influence", "iconium", 1) in legal and ("influence", "iconium", 2) in legal


def test_one_marker_per_player_per_city_and_per_level() -> None:
    s = position()
    purse(s, CRUSADERS, 20, 0)
    action(s, CRUSADERS, "presence")
    iconium = {a[2] for a in PROCEDURES.legal(s, CRUSADERS) if a[:2] == ("influence", "iconium")}
    # Presence.Influence.7: the Crusaders' marker on the second level only rises (R11b: to the
    # third column or the control level); .8: never onto its own level
    assert iconium == {2, 3}


def test_support_needs_influence_in_the_city_and_one_gold() -> None:
    s = position()
    purse(s, CALIPHATE, 1, 0)
    action(s, CALIPHATE, "presence")
    supports = {a[1] for a in PROCEDURES.legal(s, CALIPHATE) if a[0] == "support"}
    assert supports == {"ascalon", "jerusalem"}  # Presence.Support.1
    act(s, CALIPHATE, "support", "jerusalem")
    assert s.support["jerusalem"][CALIPHATE] == 3 and s.gold[CALIPHATE] == 0
    assert not [a for a in PROCEDURES.legal(s, CALIPHATE) if a[0] == "support"]  # no Gold left


def test_ten_markers_at_most() -> None:
    s = position()
    purse(s, CALIPHATE, 30, 0)
    support(s, "jerusalem", {CALIPHATE: 8})  # with 2 Influence: all 10 on the board
    action(s, CALIPHATE, "presence")
    legal = PROCEDURES.legal(s, CALIPHATE)
    assert not [a for a in legal if a[0] == "support"]  # Markers
    assert all(a[1] in ("ascalon", "jerusalem") for a in legal if a[0] == "influence")  # raises only


def test_with_no_influence_any_city_and_no_cost() -> None:
    s = position()
    for loc in ("iconium", "edessa", "jerusalem"):
        levels = [None if r == BYZANTINES else r for r in s.influence[loc]]
        influence(s, loc, levels)
    column(s, "presence", ["c05", "c02"])
    hand(s, BYZANTINES, ["c07"])
    purse(s, BYZANTINES, 2, 0)
    turn(s, BYZANTINES)
    # Presence.Influence.6: the Cost (5) is waived; any City, paying the level's Gold
    act(s, BYZANTINES, "play", "c07", "presence")
    assert s.gold[BYZANTINES] == 2
    places = {a[1] for a in PROCEDURES.legal(s, BYZANTINES) if a[0] == "influence"}
    assert places == set(s.in_play)
    act(s, BYZANTINES, "influence", "tripoli", 1)
    assert s.gold[BYZANTINES] == 0 and s.influence["tripoli"][1] == BYZANTINES
