"""The player's Actions (12.0-16.1, 33.0, 36.2-36.7) and the end-of-Action stacking check (10.1,
30.2, 32.3), each on a position built for the rule. Rulings A-n: docs/first-crusade/rulings-actions.md."""

from __future__ import annotations

import importlib
import sys
import types
from typing import Any

import pytest

import outremer.games.first_crusade as package
from outremer.engine.procedures import Action
from outremer.games.first_crusade import actions, pilgrimage
from outremer.games.first_crusade.common import may_act
from outremer.games.first_crusade.positions import position
from outremer.games.first_crusade.procedures import PROCEDURES
from outremer.games.first_crusade.state import BIN, ELIMINATED, PLAYER, REMOVED, State

MARCH = ("march", "godfrey")
CRUSADE = {"godfrey": "constantinople", "baldwin": "constantinople", "raymond": "constantinople"}


@pytest.fixture(autouse=True)
def movement(monkeypatch: pytest.MonkeyPatch) -> list[Action]:
    """movement.py is another module's: its ``offered`` gives one march, its ``start`` is recorded."""
    name = "outremer.games.first_crusade.movement"
    try:
        module = importlib.import_module(name)
    except ImportError:  # not written yet
        module = types.ModuleType(name)
        monkeypatch.setitem(sys.modules, name, module)
        monkeypatch.setattr(package, "movement", module, raising=False)
    started: list[Action] = []
    monkeypatch.setattr(module, "offered", lambda state: [MARCH], raising=False)
    monkeypatch.setattr(module, "start", lambda state, action: started.append(action), raising=False)
    return started


def legal(state: State) -> list[Action]:
    return PROCEDURES.legal(state, PLAYER)


def run(state: State) -> None:
    """Run the procedures above the turn until the player must choose or they are done."""
    while len(state.stack) > 1:
        frame = state.stack[-1]
        if PROCEDURES.get(frame["kind"]).asks(state, frame):
            return
        PROCEDURES.get(frame["kind"]).run(state, frame)


def act(state: State, action: Action) -> None:
    """Start ``action`` from the turn's step and run until the player must choose."""
    assert action in legal(state), action
    PROCEDURES.get("turn").perform(state, state.stack[-1], PLAYER, action)
    run(state)


def choose(state: State, action: Action) -> None:
    assert action in legal(state), action
    PROCEDURES.get(state.stack[-1]["kind"]).perform(state, state.stack[-1], PLAYER, action)
    run(state)


def only(units: dict[str, str], keep: list[str], **kw: Any) -> State:
    """A position where every Christian recruit Bin holds only ``keep`` (the rest removed)."""
    state = position(units, **kw)
    for u, where in state.loc.items():
        c = actions.COUNTERS[u]
        if where == BIN and c.bin in actions.RECRUIT_BINS and u not in keep:
            state.loc[u] = REMOVED
    return state


# -- what is offered -------------------------------------------------------------------------------
def test_offered_lists_own_actions_movement_and_end():
    # 12.1, 14.1: leaders that would recruit alike are offered once; movement's actions follow.
    s = position(CRUSADE)
    offered = legal(s)
    assert ("recruit", "godfrey") in offered
    assert ("recruit", "baldwin") not in offered  # the same recruit as Godfrey's
    assert ("recruit", "raymond") in offered  # a Diplomatic Leader picks two
    assert MARCH in offered and ("end",) in offered


def test_nothing_costing_more_than_the_actions_left():
    # 12.2, 33.3: at the Special step a Monastery (2) needs two Special Actions.
    s = position({"raymond": "nicomedia"}, stage="special", special=1, actions=0)
    assert ("build_monastery", "nicomedia") not in legal(s)
    s = position({"raymond": "nicomedia"}, stage="special", special=2, actions=0)
    assert ("build_monastery", "nicomedia") in legal(s)


# -- who may act (30.1, 32.2, 35.0) ----------------------------------------------------------------
def test_armenians_take_no_action_before_activation():
    # 30.1: Constantine may not recruit in Sis until Armenia is activated.
    s = position({"constantine": "sis"})
    assert ("recruit", "constantine") not in legal(s)
    s = position({"constantine": "sis"}, flags={"armenia": True})
    assert ("recruit", "constantine") in legal(s)


def test_byzantines_take_no_action_once_alexios_is_lost():
    # 32.2
    s = position({"john_doukas": "constantinople"}, flags={"alexios_dead": True})
    assert not [a for a in legal(s) if a[0] == "recruit"]


def test_infighting_lets_only_crusaders_and_their_mercenaries_act():
    # 35.0 Christian Infighting
    s = position(
        {
            "godfrey": "smyrna",
            "knights_errant": "smyrna",
            "genoese_crossbows": "nicomedia",
            "caspax": "smyrna",
        },
        flags={"infighting": True},
    )
    assert may_act(s, "godfrey") and may_act(s, "knights_errant")
    assert not may_act(s, "genoese_crossbows")  # no Crusader with it
    assert not may_act(s, "caspax")  # a Byzantine


# -- Recruit (14.0) --------------------------------------------------------------------------------
def test_diplomatic_leader_recruits_two_of_his_contingent_in_his_space():
    # 14.1, 14.3: two units from the Crusader Bin, full strength, in Antioch; one Action spent.
    s = position({"raymond": "antioch"})
    before = [u for u, w in s.loc.items() if w == BIN and actions.COUNTERS[u].bin == "crusader"]
    act(s, ("recruit", "raymond"))
    new = [u for u in before if s.loc[u] == "antioch"]
    assert len(new) == 2 and not set(new) & s.reduced
    assert s.actions == 2 and s.stack[-1]["kind"] == "turn"


def test_recruited_fleet_goes_to_constantinople_unless_the_leader_is_in_a_port():
    # 14.2: the only Byzantine recruit is a fleet.
    s = only({"john_doukas": "antioch"}, ["imperial_fleet"])
    act(s, ("recruit", "john_doukas"))
    assert s.loc["imperial_fleet"] == "constantinople"
    s = only({"john_doukas": "smyrna"}, ["imperial_fleet"])
    act(s, ("recruit", "john_doukas"))
    assert s.loc["imperial_fleet"] == "smyrna"


def test_no_recruiting_from_an_empty_bin():
    # 14.4: the counter mix is the limit.
    s = only({"john_doukas": "constantinople"}, [])
    assert ("recruit", "john_doukas") not in legal(s)


def test_no_recruiting_in_a_byzantine_objective_fortress():
    # 14.1: Ancyra is a Byzantine Objective, not a port.
    s = position({"john_doukas": "ancyra"})
    assert ("recruit", "john_doukas") not in legal(s)


def test_mercenary_leaders_do_not_recruit():
    # 14.6, ruling A-3
    s = position({"guynemer": "smyrna"})
    assert ("recruit", "guynemer") not in legal(s)


# -- Rally (15.0) ----------------------------------------------------------------------------------
def test_rally_flips_one_unit_per_leader_the_player_choosing():
    # 15.1: two leaders, three reduced units of three kinds: two flips, chosen.
    units = {"godfrey": "antioch", "tancred": "antioch", "crusader_knights_1": "antioch"}
    units |= {"crusader_foot_1": "antioch"}
    s = position(units, reduced=["tancred", "crusader_knights_1", "crusader_foot_1"])
    act(s, ("rally", "antioch"))
    assert set(legal(s)) == {("flip", "tancred"), ("flip", "crusader_knights_1"), ("flip", "crusader_foot_1")}
    choose(s, ("flip", "tancred"))  # 15.2: a reduced leader may rally himself
    choose(s, ("flip", "crusader_foot_1"))
    assert s.reduced == {"crusader_knights_1"} and s.stack[-1]["kind"] == "turn"


def test_rally_of_alike_units_asks_nothing():
    # 15.1: one leader, two reduced Knights: either is the same.
    units = {"godfrey": "antioch", "crusader_knights_1": "antioch", "crusader_knights_2": "antioch"}
    s = position(units, reduced=["crusader_knights_1", "crusader_knights_2"])
    act(s, ("rally", "antioch"))
    assert len(s.reduced) == 1 and s.stack[-1]["kind"] == "turn"


def test_no_rally_in_the_open():
    # 15.1: Constantinople, a port or a fortress only.
    s = position({"godfrey": "dorylaeum", "crusader_knights_1": "dorylaeum"}, reduced=["crusader_knights_1"])
    assert ("rally", "dorylaeum") not in legal(s)


# -- Diplomacy (16.1) ------------------------------------------------------------------------------
def test_diplomacy_in_sis_activates_armenia():
    # 16.1(1), 30.1(1); the envoy may stand with the Armenians in Sis (30.2).
    s = position({"raymond": "sis", "constantine": "sis"})
    act(s, ("diplomacy", "raymond"))
    assert s.flags["armenia"] and s.loc["raymond"] == "sis" and s.loc["constantine"] == "sis"


def test_diplomacy_once_armenia_is_active_picks_a_marker_without_a_bane(monkeypatch):
    # 16.1(2), 13.2: a bane picked by Diplomacy has no effect.
    raids: list[Any] = []
    monkeypatch.setattr("outremer.games.first_crusade.muslims.raid", lambda *a, **k: raids.append(a))
    s = position({"raymond": "sis"}, flags={"armenia": True})
    for m in s.markers:
        if m != "ambush_1":
            s.markers[m] = "gone"
    act(s, ("diplomacy", "raymond"))
    assert s.markers["ambush_1"] == "bin" and not raids


def test_only_a_diplomatic_leader_negotiates():
    # 16.1: a Military Leader cannot.
    s = position({"godfrey": "sis"})
    assert not [a for a in legal(s) if a[0] == "diplomacy"]


# -- Go on a Pilgrimage (13.1) ---------------------------------------------------------------------
def test_pilgrimage_draws(monkeypatch):
    # 13.1, 29.3: a military leader picks one, a diplomat two, one more in Jerusalem.
    calls: list[Any] = []
    monkeypatch.setattr(pilgrimage, "draw", lambda state, n, **kw: calls.append((n, kw)))
    s = position({"godfrey": "antioch", "raymond": "jerusalem"})
    act(s, ("pilgrimage", "godfrey"))
    act(s, ("pilgrimage", "raymond"))
    assert calls == [
        (1, {"space": "antioch", "leader": "godfrey", "mode": "pilgrimage", "rule": "13.1"}),
        (3, {"space": "jerusalem", "leader": "raymond", "mode": "pilgrimage", "rule": "13.1"}),
    ]


def test_pilgrimage_needs_a_crusader_held_pilgrimage_fortress_or_a_monastery():
    # 13.1, 33.8: contested Antioch does not serve; a Monastery in the open does.
    s = position({"godfrey": "antioch", "seljuk_militia_1": "antioch", "tancred": "dorylaeum"})
    s.monasteries.append("dorylaeum")
    offered = legal(s)
    assert ("pilgrimage", "godfrey") not in offered
    assert ("pilgrimage", "tancred") in offered


def test_a_massacre_does_not_forbid_a_pilgrimage():
    # The second 34.6: a Leader may go on a Pilgrimage in a fortress holding a Massacre marker; but a
    # besieged fortress counts as no fortress for Pilgrimages, recruiting or rallying (the first 34.6).
    s = position({"godfrey": "antioch"}, options={"massacre": True}, flags={"massacres": ["antioch"]})
    assert ("pilgrimage", "godfrey") in legal(s)
    s = position(
        {"godfrey": "antioch", "seljuk_militia_1": "antioch"},
        options={"siege": True},
        flags={"sieges": ["antioch"]},
    )
    assert not any(a[0] in ("pilgrimage", "recruit", "rally") for a in legal(s))


def test_byzantine_leaders_go_on_no_pilgrimage():
    # 13.1: a Crusader Leader (ruling A-5).
    s = position({"john_doukas": "antioch"})
    assert ("pilgrimage", "john_doukas") not in legal(s)


# -- Camps, Castles, Monasteries (33.0) ------------------------------------------------------------
def test_build_camp_for_one_action():
    # 33.1
    s = position({"john_doukas": "dorylaeum"})
    act(s, ("build_camp", "dorylaeum"))
    assert s.camps == ["dorylaeum"] and s.actions == 2


def test_no_camp_in_a_desert_a_fortress_or_beside_a_camp():
    # 33.1
    s = position({"godfrey": "axylon", "baldwin": "antioch", "tancred": "dorylaeum"})
    s.camps.append("dorylaeum")
    assert not [a for a in legal(s) if a[0] == "build_camp"]


def test_castle_needs_a_crusader_military_leader():
    # 33.2, 33.3
    s = position({"raymond": "dorylaeum", "john_doukas": "philomelium"})
    offered = legal(s)
    assert ("build_castle", "dorylaeum") not in offered and ("build_castle", "philomelium") not in offered
    assert ("build_monastery", "dorylaeum") in offered


def test_castle_for_three_standard_actions():
    # 33.2; a Castle is a fortress from then on (33.7).
    s = position({"godfrey": "dorylaeum"})
    act(s, ("build_castle", "dorylaeum"))
    assert s.castles == ["dorylaeum"] and s.actions == 0


def test_castle_begun_at_the_standard_step_is_finished_at_the_special_step():
    # 33.3 note, ruling A-8: one standard Action, then two Special Actions; meanwhile nothing else.
    s = position({"godfrey": "dorylaeum"}, actions=1)
    act(s, ("build_castle", "dorylaeum"))
    assert s.castles == [] and s.flags["work"]["left"] == 2
    s.stack[0]["stage"] = "special"
    s.special = 3
    assert [a for a in legal(s) if a[0] != "end"] == [("build_castle", "dorylaeum")]
    act(s, ("build_castle", "dorylaeum"))
    assert s.castles == ["dorylaeum"] and s.special == 1 and s.flags["work"] is None


def test_unfinishable_work_is_abandoned():
    # Ruling A-8: too few Special Actions to finish: other actions are offered, and the work lapses.
    s = position({"godfrey": "dorylaeum"}, actions=1)
    act(s, ("build_castle", "dorylaeum"))
    s.stack[0]["stage"] = "special"
    s.special = 1
    assert ("build_camp", "dorylaeum") in legal(s)
    act(s, ("build_camp", "dorylaeum"))
    assert s.flags["work"] is None and s.castles == [] and s.camps == ["dorylaeum"]


def test_monastery_for_two_actions_even_in_a_fortress():
    # 33.3: a Crusader Diplomatic Leader; only Desert and another Monastery bar it.
    s = position({"raymond": "antioch"})
    act(s, ("build_monastery", "antioch"))
    assert s.monasteries == ["antioch"] and s.actions == 1
    assert ("build_monastery", "antioch") not in legal(s)


def test_castle_and_monastery_counters_are_limited():
    # 33.9: four castle/monastery counters, either side.
    s = position({"godfrey": "dorylaeum", "raymond": "dorylaeum"})
    s.castles += ["nicomedia", "juliopolis"]
    s.monasteries += ["caesarea", "comana"]
    assert not [a for a in legal(s) if a[0] in ("build_castle", "build_monastery")]


# -- Crusader Kingdoms (36.0, option) --------------------------------------------------------------
KINGDOMS = {"kingdoms": True}


def test_establish_a_kingdom_in_a_held_capital():
    # 36.2
    s = position({"godfrey": "antioch", "john_doukas": "edessa"}, options=KINGDOMS)
    offered = legal(s)
    assert ("kingdom", "godfrey") in offered and ("kingdom", "john_doukas") not in offered
    act(s, ("kingdom", "godfrey"))
    assert s.flags["kingdoms"] == {"godfrey": "antioch"}
    assert ("kingdom", "godfrey") not in legal(s)


def test_title_passes_when_its_leader_is_lost():
    # 36.3
    s = position({"tancred": "antioch"}, options=KINGDOMS, flags={"kingdoms": {"godfrey": "antioch"}})
    s.loc["godfrey"] = ELIMINATED
    act(s, ("kingdom", "tancred"))
    assert s.flags["kingdoms"] == {"tancred": "antioch"}


def test_kingdom_leader_recruits_and_pilgrims_as_a_diplomat():
    # 36.6
    s = position({"godfrey": "antioch"}, options=KINGDOMS, flags={"kingdoms": {"godfrey": "antioch"}})
    assert actions.picks(s, "godfrey") == 2 and actions.draws(s, "godfrey") == 2


def test_castles_only_on_or_next_to_a_capital_with_kingdoms():
    # 36.7: Camps are not affected.
    units = {"godfrey": "antioch", "tancred": "dorylaeum", "bohemond": "st_symeon"}
    s = position(units, options=KINGDOMS, flags={"kingdoms": {"godfrey": "antioch"}})
    offered = legal(s)
    assert ("build_castle", "dorylaeum") not in offered and ("build_camp", "dorylaeum") in offered
    assert "antioch" in actions.BOARD.neighbours("st_symeon")
    assert ("build_castle", "st_symeon") in offered


# -- movement's actions ----------------------------------------------------------------------------
def test_movement_action_is_handed_to_movement(movement):
    # 17.1: one Action spent, movement.start called with the action.
    s = position(CRUSADE)
    act(s, MARCH)
    assert movement == [MARCH] and s.actions == 2 and s.stack[-1]["kind"] == "turn"


# -- stacking (10.1) -------------------------------------------------------------------------------
def test_broken_stacking_eliminates_one_contingent_chosen(movement):
    # 10.1(1): Byzantines ended an Action with Crusaders in Nicaea.
    s = position(
        {"godfrey": "nicaea", "john_doukas": "nicaea", "athanatoi": "nicaea", "knights_errant": "nicaea"}
    )
    act(s, MARCH)
    assert set(legal(s)) == {("eliminate", "crusader", "nicaea"), ("eliminate", "byzantine", "nicaea")}
    choose(s, ("eliminate", "byzantine", "nicaea"))
    assert s.loc["john_doukas"] == ELIMINATED and s.loc["athanatoi"] == BIN
    assert s.loc["godfrey"] == "nicaea" and s.loc["knights_errant"] == "nicaea"  # 10.1(4)
    assert s.stack[-1]["kind"] == "turn"


@pytest.mark.parametrize(
    ("units", "flags"),
    [
        ({"godfrey": "constantinople", "john_doukas": "constantinople"}, {}),  # 10.1(2)
        ({"godfrey": "nicaea", "takitios": "nicaea"}, {}),  # 32.3
        ({"godfrey": "vahka", "armenian_azats_1": "vahka"}, {"armenia": True}),  # 10.1(3)
        ({"raymond": "sis", "godfrey": "sis", "armenian_azats_1": "sis"}, {}),  # 30.2
    ],
)
def test_allowed_stacks(units, flags):
    s = position(units, flags=flags)
    act(s, MARCH)
    assert s.stack[-1]["kind"] == "turn"


def test_crusaders_with_armenians_before_activation():
    # 10.1(3): in Vahka, without a diplomat in Sis.
    s = position({"godfrey": "vahka", "armenian_azats_1": "vahka"})
    act(s, MARCH)
    assert set(legal(s)) == {("eliminate", "crusader", "vahka"), ("eliminate", "armenian", "vahka")}


def test_takitios_does_not_cover_other_byzantines():
    # 32.3: only Takitios himself may stack with Crusaders.
    s = position({"godfrey": "nicaea", "takitios": "nicaea", "athanatoi": "nicaea"})
    act(s, MARCH)
    assert ("eliminate", "byzantine", "nicaea") in legal(s)


def test_a_kingdom_is_recorded_once_for_its_vp():
    # 36.8: the Kingdom counts once for VP, whoever takes its Title after a Leader is lost (36.3,
    # ruling A-11).
    s = position({"godfrey": "antioch"}, options=KINGDOMS)
    act(s, ("kingdom", "godfrey"))
    s.loc["godfrey"] = ELIMINATED
    s.loc["tancred"] = "antioch"
    act(s, ("kingdom", "tancred"))
    assert s.flags["kingdoms"] == {"tancred": "antioch"} and s.flags["established"] == ["antioch"]


def test_stacking_broken_at_sea_leaves_no_unit_without_a_fleet(movement):
    # 10.1(1), 25.1, 25.3: a Byzantine fleet ended the Action at sea with Crusaders aboard a
    # mercenary fleet and its own; eliminating the Byzantines leaves two units and one fleet: the
    # player selects the unit lost (ruling MV-4).
    s = position(
        {
            "imperial_fleet": "aegean_sea",
            "genoese_fleet": "aegean_sea",
            "crusader_knights_1": "aegean_sea",
            "crusader_foot_1": "aegean_sea",
        }
    )
    act(s, MARCH)
    choose(s, ("eliminate", "byzantine", "aegean_sea"))
    assert set(legal(s)) == {("lose", "crusader_knights_1"), ("lose", "crusader_foot_1")}
    choose(s, ("lose", "crusader_foot_1"))
    assert s.loc["crusader_foot_1"] == BIN and s.loc["crusader_knights_1"] == "aegean_sea"
    assert s.stack[-1]["kind"] == "turn"


def test_castle_and_camp_exclude_each_other_and_no_second_castle():
    # 33.1: no Camp where a Castle stands (a fortress, 33.7); 33.2: no Castle beside a Camp or
    # another Castle.
    s = position({"godfrey": "dorylaeum", "tancred": "philomelium"})
    s.castles.append("dorylaeum")
    s.camps.append("philomelium")
    offered = legal(s)
    assert ("build_camp", "dorylaeum") not in offered and ("build_castle", "dorylaeum") not in offered
    assert ("build_castle", "philomelium") not in offered
    assert ("build_camp", "philomelium") not in offered


def test_a_monastery_in_jerusalem_adds_no_marker(monkeypatch):
    # 33.8: a Monastery in a Crusader Pilgrimage Fortress adds nothing: a diplomat in Jerusalem picks
    # two, plus one for Jerusalem (29.3).
    calls: list[Any] = []
    monkeypatch.setattr(pilgrimage, "draw", lambda state, n, **kw: calls.append(n))
    s = position({"raymond": "jerusalem"})
    s.monasteries.append("jerusalem")
    act(s, ("pilgrimage", "raymond"))
    assert calls == [3]


def test_only_the_five_pilgrimage_fortresses_are_capitals():
    # 36.1: Jerusalem, Tripolis, Antioch, Edessa, Damascus; not a Byzantine Objective.
    s = position({"godfrey": "ancyra", "tancred": "tripolis"}, options=KINGDOMS)
    offered = legal(s)
    assert ("kingdom", "tancred") in offered and ("kingdom", "godfrey") not in offered
    assert set(actions.CAPITALS) == {"jerusalem", "tripolis", "antioch", "edessa", "damascus"}


def test_takitios_among_crusaders_recruits_no_other_byzantine():
    # 10.1(1), 32.3: a Byzantine recruited in Nicomedia would end the Action with Godfrey; only
    # Takitios himself may (ruling A-13). Alone, or where a fleet goes to Constantinople, he may.
    s = position({"takitios": "nicomedia", "godfrey": "nicomedia"})
    assert ("recruit", "takitios") not in legal(s)
    s = position({"takitios": "nicomedia"})
    assert ("recruit", "takitios") in legal(s)
    s = only({"takitios": "antioch", "godfrey": "antioch"}, ["imperial_fleet"])
    assert ("recruit", "takitios") in legal(s)  # 14.2: the fleet goes to Constantinople
