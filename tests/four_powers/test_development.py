"""The Development action (Development.1-4, Buildings.*.1, Actions.3, R3a, R3b, R4b)."""

from __future__ import annotations

from outremer.games.four_powers.common import track_value
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


def test_the_rulebook_example_fortress_by_iconium() -> None:
    # Development.Example (L524-L531): Holy Zeal for Development costs 3 with the column's Costs;
    # a Fortress by Iconium; the Fortress track upgraded (R3a); the Christian card gives 2 Faith
    s = position()
    column(s, "development", ["c02"])  # Siege of Antioch, Cost 2
    hand(s, CRUSADERS, ["c21"])  # Holy Zeal, Cost 1, Christians
    purse(s, CRUSADERS, 4, 0)
    turn(s, CRUSADERS)
    act(s, CRUSADERS, "play", "c21", "development")
    assert s.gold[CRUSADERS] == 1  # Development.1, R4b: 2 + 1 at once
    assert s.columns["board"]["development"] == ["c02", "c21"]
    act(s, CRUSADERS, "build", "fortress", "iconium_antiocheia")
    assert s.fortresses == {"iconium_antiocheia": CRUSADERS} and s.stock[CRUSADERS]["fortress"] == 2
    assert s.tracks[CRUSADERS]["fortress"] == 1 and track_value(s, CRUSADERS, "fortress") == 2  # R3a
    # Actions.3: the effect after the action
    assert PROCEDURES.legal(s, CRUSADERS) == [("effect",), ("done",)]
    act(s, CRUSADERS, "effect")
    assert s.faith[CRUSADERS] == 2
    assert not any(f["kind"] == "development" for f in s.stack)  # the turn went on to its end


def test_where_each_building_may_stand() -> None:
    s = position()
    influence(s, "tyrus", [None, None, None, SELJUK], control=SELJUK)
    influence(s, "edessa", [BYZANTINES, None, None, None])
    support(s, "tripoli", {SELJUK: 1})
    support(s, "edessa", {})
    support(s, "antiocheia", {})
    action(s, SELJUK, "development")
    legal = {a for a in PROCEDURES.legal(s, SELJUK) if a[0] == "build"}
    # Buildings.Church.1: only a Region with the player's Support
    assert {a for a in legal if a[1] == "church"} == {("build", "church", "tripoli")}
    # Buildings.Fortress.1: a space next to a Location with its Support or Influence
    assert {a[2] for a in legal if a[1] == "fortress"} == {
        "antiocheia_tripoli",
        "tripoli_tyrus",
        "tyrus_jerusalem",
        "tyrus_ascalon",
    }
    # Buildings.Citadel.1: a City it controls
    assert {a for a in legal if a[1] == "citadel"} == {("build", "citadel", "tyrus")}


def test_taken_places_and_empty_stock_are_refused() -> None:
    s = position()
    influence(s, "tyrus", [None, None, None, SELJUK], control=SELJUK)
    s.citadels["tyrus"] = SELJUK
    s.fortresses["tripoli_tyrus"] = CRUSADERS
    support(s, "edessa", {})
    support(s, "antiocheia", {})
    s.churches["tyrus"] = [CALIPHATE, BYZANTINES]  # both spaces of the Region taken
    support(s, "tyrus", {SELJUK: 1})
    s.stock[SELJUK]["fortress"] = 0
    action(s, SELJUK, "development")
    legal = [a for a in PROCEDURES.legal(s, SELJUK) if a[0] == "build"]
    assert ("build", "citadel", "tyrus") not in legal  # one Citadel per City
    assert ("build", "church", "tyrus") not in legal  # the Region's spaces are full
    assert not [a for a in legal if a[1] == "fortress"]  # none left on its board (Development.2)


def test_no_building_to_place_leaves_only_done() -> None:
    s = position()
    s.stock[CRUSADERS] = {"church": 0, "fortress": 0, "citadel": 0}
    action(s, CRUSADERS, "development")
    assert PROCEDURES.legal(s, CRUSADERS) == [("done",)]
    act(s, CRUSADERS, "done")
    assert s.stack == []


def test_the_starred_space_scores_once() -> None:
    s = position()
    s.tracks[CRUSADERS]["church"] = 1
    action(s, CRUSADERS, "development")
    act(s, CRUSADERS, "build", "church", "iconium")
    # R3b: the star on the third space; Victory.1: 1 VP
    assert s.tracks[CRUSADERS]["church"] == 2 and s.vp[CRUSADERS] == 1
    action(s, CRUSADERS, "development")
    act(s, CRUSADERS, "build", "church", "iconium")
    assert s.tracks[CRUSADERS]["church"] == 3 and s.vp[CRUSADERS] == 1
    support(s, "antiocheia", {CRUSADERS: 1})
    action(s, CRUSADERS, "development")
    act(s, CRUSADERS, "build", "church", "antiocheia")
    assert s.tracks[CRUSADERS]["church"] == 3 and s.vp[CRUSADERS] == 1  # the track's end


def test_the_effect_may_come_first_and_not_again() -> None:
    s = position()
    action(s, CRUSADERS, "development", "c21", effect=True)
    act(s, CRUSADERS, "effect")  # Actions.3: before the action
    assert s.faith[CRUSADERS] == 5
    legal = PROCEDURES.legal(s, CRUSADERS)
    assert ("effect",) not in legal and ("build", "church", "iconium") in legal
    act(s, CRUSADERS, "build", "church", "iconium")
    assert s.stack == []  # the action is over and the effect used


def test_an_unaffiliated_card_gives_no_effect() -> None:
    s = position()
    column(s, "development", [])
    hand(s, CRUSADERS, ["c11"])  # Caliphate's card
    turn(s, CRUSADERS)
    act(s, CRUSADERS, "play", "c11", "development")
    assert ("effect",) not in PROCEDURES.legal(s, CRUSADERS)  # Actions.3
    act(s, CRUSADERS, "build", "church", "iconium")
    assert s.stack == []  # the turn is over


def test_a_column_too_dear_cannot_be_played() -> None:
    s = position()
    column(s, "development", ["c02", "c05"])  # Costs 2 + 2
    hand(s, CRUSADERS, ["c21"])
    purse(s, CRUSADERS, 2, 2)  # R12: Faith makes up Gold: 4 in all, 5 needed
    turn(s, CRUSADERS)
    assert ("play", "c21", "development") not in PROCEDURES.legal(s, CRUSADERS)
    purse(s, CRUSADERS, 2, 3)
    act(s, CRUSADERS, "play", "c21", "development")
    assert s.gold[CRUSADERS] == 0 and s.faith[CRUSADERS] == 0


def test_the_columns_are_shared_unless_the_option() -> None:
    # R1: one set of columns on the board; a card's Cost counts for whoever plays there next
    s = position()
    hand(s, CRUSADERS, ["c02"])
    hand(s, BYZANTINES, ["c05"])
    purse(s, BYZANTINES, 10, 0)
    turn(s, CRUSADERS)
    act(s, CRUSADERS, "play", "c02", "development")
    act(s, CRUSADERS, "done")
    turn(s, BYZANTINES)
    act(s, BYZANTINES, "play", "c05", "development")
    assert s.gold[BYZANTINES] == 6  # 2 + 2
    # the option own_columns: each player's own set
    s = position(options={"own_columns": True})
    hand(s, CRUSADERS, ["c02"])
    hand(s, BYZANTINES, ["c05"])
    purse(s, BYZANTINES, 10, 0)
    turn(s, CRUSADERS)
    act(s, CRUSADERS, "play", "c02", "development")
    act(s, CRUSADERS, "done")
    turn(s, BYZANTINES)
    act(s, BYZANTINES, "play", "c05", "development")
    assert s.gold[BYZANTINES] == 8  # its own column held nothing
    assert s.columns[CRUSADERS]["development"] == ["c02"] and s.columns[BYZANTINES]["development"] == ["c05"]
