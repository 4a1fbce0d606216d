"""The Action cards' action effects (Actions.3, Cards.Anatomy.5, Presence.Influence.9; R2, R3b, R16)."""

from __future__ import annotations

from outremer.games.four_powers.positions import action, influence, position, purse, support
from outremer.games.four_powers.procedures import PROCEDURES
from outremer.games.four_powers.state import BYZANTINES, CALIPHATE, CRUSADERS, SELJUK, State

from .acting import act, top


def _effect(s: State, role: str, card_id: str, name: str = "presence") -> None:
    """``role`` plays ``card_id`` for ``name`` and resolves its effect first."""
    action(s, role, name, card_id, effect=True)
    act(s, role, "effect")


def test_gain_applies_at_once() -> None:
    s = position()
    towers = s.units[BYZANTINES]["tower"]
    _effect(s, BYZANTINES, "c07", "development")  # Greek Fire: 1 Siege Tower
    assert s.units[BYZANTINES]["tower"] == towers + 1
    assert top(s)["kind"] == "development" and top(s)["effect"] == "used"


def test_swap_up_pays_then_swaps_in_distinct_cities() -> None:
    s = position()
    purse(s, BYZANTINES, 1, 0)
    _effect(s, BYZANTINES, "c06")  # Betrayal of the Emirs: pay 1, up to 2 Cities
    assert s.gold[BYZANTINES] == 0
    legal = PROCEDURES.legal(s, BYZANTINES)
    # only where an opponent stands directly above (Iconium's Crusaders, Edessa, Jerusalem)
    assert set(legal) == {("swap", "iconium"), ("swap", "edessa"), ("swap", "jerusalem"), ("done",)}
    act(s, BYZANTINES, "swap", "iconium")
    assert ("swap", "iconium") not in PROCEDURES.legal(s, BYZANTINES)  # up to k different Cities
    act(s, BYZANTINES, "swap", "edessa")
    assert top(s)["kind"] == "presence"  # both used: the effect is over


def test_swap_up_respects_the_citadel() -> None:
    s = position()
    # R11b: the Byzantines on the third column, directly below the Crusaders' control level
    influence(s, "iconium", [None, None, BYZANTINES, CRUSADERS], control=CRUSADERS)
    s.citadels["iconium"] = CRUSADERS
    _effect(s, BYZANTINES, "c09")  # Treaty of Devol: free, 1 City
    assert ("swap", "iconium") not in PROCEDURES.legal(s, BYZANTINES)  # Presence.Influence.9


def test_swap_up_to_the_top_takes_control() -> None:
    s = position()
    influence(s, "iconium", [None, None, BYZANTINES, CRUSADERS], control=CRUSADERS)
    _effect(s, BYZANTINES, "c09")
    act(s, BYZANTINES, "swap", "iconium")
    assert s.influence["iconium"] == [None, None, CRUSADERS, BYZANTINES]
    assert s.control["iconium"] == BYZANTINES  # Presence.Influence.5, R10d


def test_push_down_drops_one_opponent_in_a_shared_city() -> None:
    s = position()
    purse(s, CALIPHATE, 1, 0)
    influence(s, "jerusalem", [BYZANTINES, None, CALIPHATE, SELJUK], control=SELJUK)
    _effect(s, CALIPHATE, "c11")  # Vizier al-Afdal: pay 1, one push
    legal = set(PROCEDURES.legal(s, CALIPHATE))
    assert legal == {("push", "jerusalem", BYZANTINES), ("push", "jerusalem", SELJUK), ("done",)}
    act(s, CALIPHATE, "push", "jerusalem", SELJUK)
    # push_down: the Seljuk drop onto the Caliphate's level, and the Caliphate, who pushed from just
    # below, takes their place (Presence.Example) and with it the City Control marker (R10d)
    assert s.influence["jerusalem"] == [BYZANTINES, None, SELJUK, CALIPHATE]
    assert s.control["jerusalem"] == CALIPHATE
    assert top(s)["kind"] == "presence"


def test_push_down_changes_places_with_any_marker_below() -> None:
    s = position()
    purse(s, CALIPHATE, 1, 0)
    influence(s, "jerusalem", [CALIPHATE, None, BYZANTINES, SELJUK], control=SELJUK)
    _effect(s, CALIPHATE, "c11")
    act(s, CALIPHATE, "push", "jerusalem", SELJUK)
    # push_down: the Seljuk drop one level and the Byzantines there rise into their place; nobody
    # else moves, so the Caliphate keep their level
    assert s.influence["jerusalem"] == [CALIPHATE, None, SELJUK, BYZANTINES]
    assert s.control["jerusalem"] == BYZANTINES  # R10d: reaching the top takes the marker


def test_footmen_per_adjacent_support() -> None:
    s = position()
    support(s, "tyrus", {SELJUK: 1})
    support(s, "tripoli", {SELJUK: 2})
    support(s, "ascalon", {SELJUK: 1})
    footmen = s.units[SELJUK]["footman"]
    _effect(s, SELJUK, "c31")  # Local Reinforcements
    assert set(PROCEDURES.legal(s, SELJUK)) == {("city", "edessa"), ("city", "tyrus"), ("done",)}
    act(s, SELJUK, "city", "tyrus")  # Tripoli and Ascalon next to Tyrus hold Seljuk Support
    assert s.units[SELJUK]["footman"] == footmen + 2


def test_free_support_and_free_move() -> None:
    s = position()
    purse(s, SELJUK, 0, 0)
    _effect(s, SELJUK, "c20")  # Atabeg of Mosul: 2 Support free
    act(s, SELJUK, "support", "tyrus")
    act(s, SELJUK, "support", "tyrus")
    assert s.support["tyrus"] == {SELJUK: 2} and top(s)["kind"] == "presence"
    s = position()
    purse(s, SELJUK, 0, 0)
    _effect(s, SELJUK, "c16", "development")  # Kilij Arslan: 2 steps free
    act(s, SELJUK, "move", "edessa", "antiocheia", 1)
    act(s, SELJUK, "move", "antiocheia", "tripoli", 1)
    assert s.support["tripoli"][SELJUK] == 1 and s.support["antiocheia"][SELJUK] == 1
    assert s.gold[SELJUK] == 0
    assert top(s)["kind"] == "development"


def test_upgrade_and_the_star() -> None:
    s = position()
    s.tracks[CALIPHATE]["citadel"] = 1
    _effect(s, CALIPHATE, "c13", "development")  # Walls of Ascalon: one Upgrade
    act(s, CALIPHATE, "upgrade", "citadel")
    assert s.tracks[CALIPHATE]["citadel"] == 2 and s.vp[CALIPHATE] == 1  # R3b, Victory.1


def test_faith_per_church_and_gold_per_city() -> None:
    s = position()
    s.churches["iconium"] = [CRUSADERS]
    s.churches["antiocheia"] = [CRUSADERS, BYZANTINES]
    faith = s.faith[CRUSADERS]
    _effect(s, CRUSADERS, "c23", "development")  # Knights Hospitaller
    assert s.faith[CRUSADERS] == faith + 2
    s = position()
    s.control.update({"tyrus": CALIPHATE, "ascalon": CALIPHATE, "edessa": SELJUK})
    gold = s.gold[CALIPHATE]
    _effect(s, CALIPHATE, "c15", "development")  # Treasury of Cairo
    assert s.gold[CALIPHATE] == gold + 2


def test_an_effect_too_dear_is_not_offered_but_the_window_stays() -> None:
    s = position()
    purse(s, CALIPHATE, 1, 0)
    action(s, CALIPHATE, "presence", "c28", effect=True)  # Assassins of Alamut: pay 2
    assert ("effect",) not in PROCEDURES.legal(s, CALIPHATE)
    act(s, CALIPHATE, "support", "ascalon")
    act(s, CALIPHATE, "done")
    # Actions.3: the window after the action opens whether or not the effect can be paid
    assert top(s)["kind"] == "presence" and PROCEDURES.legal(s, CALIPHATE) == [("done",)]
    act(s, CALIPHATE, "done")
    assert s.stack == []
