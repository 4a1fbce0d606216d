"""Pilgrimage markers (13.1-13.4, 24.0-24.1, 32.5 and the Pilgrimage Marker Explanation Chart), each
on a position built for the rule. Rulings P-n: docs/first-crusade/rulings-actions.md."""

from __future__ import annotations

from collections.abc import Callable
from types import SimpleNamespace
from typing import Any

import pytest

from outremer.engine import rng
from outremer.engine.procedures import Action
from outremer.games.first_crusade import actions, events, muslims, pilgrimage, views
from outremer.games.first_crusade.positions import position
from outremer.games.first_crusade.procedures import PROCEDURES
from outremer.games.first_crusade.state import PLAYER, State

VIEWER = SimpleNamespace(prompt=lambda state, role: "")
"""What views.view needs of the game."""


@pytest.fixture
def raids(monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    """muslims.raid and events.roll_event are other modules': record the calls."""
    calls: list[Any] = []
    monkeypatch.setattr(muslims, "raid", lambda state, space, **kw: calls.append(("raid", space, kw)))
    monkeypatch.setattr(events, "roll_event", lambda state: calls.append(("event",)))
    return calls


def only_in_bin(state: State, markers: list[str]) -> None:
    """Leave only ``markers`` in the Pilgrimage Bin (the others set aside as played mercenaries)."""
    for m in state.markers:
        if state.markers[m] == "bin" and m not in markers:
            state.markers[m] = "gone"


def seeded(state: State, run: Callable[[State], Any], want: Callable[[State], bool]) -> None:
    """Give ``state`` a generator under which ``run`` gives what ``want`` checks (tried on copies)."""
    for seed in range(5000):
        trial = state.copy()
        trial.rng = rng.seed_state(seed)
        run(trial)
        if want(trial):
            state.rng = rng.seed_state(seed)
            return
    raise AssertionError("no seed gives the case")


def legal(state: State) -> list[Action]:
    return PROCEDURES.legal(state, PLAYER)


# -- drawing (13.1, 13.2) --------------------------------------------------------------------------
def pilgrim(state: State, n: int) -> list[str]:
    return actions.pilgrim_draw(state, n, "antioch", "raymond")


def test_a_bane_acts_and_ends_a_pilgrimage_draw(raids):
    # 13.2: a boon, then an Ambush: the boon is kept, the Ambush raids the Pilgrim's space with +1
    # to the Muslim Tactical Edge (chart), goes back to the Bin, and the third marker is not picked.
    s = position({"raymond": "antioch"})
    only_in_bin(s, ["deus_vult", "ambush_1", "council_of_princes"])
    seeded(
        s,
        lambda t: actions.pilgrim_draw(t, 3, "antioch", "raymond"),
        lambda t: t.markers["deus_vult"] == "available" and t.markers["council_of_princes"] == "bin",
    )
    raids.clear()
    assert pilgrim(s, 3) == ["deus_vult", "ambush_1"]
    assert raids == [("raid", "antioch", {"muslim_bonus": 1, "rule": "13.2"})]
    assert s.markers == {
        **s.markers,
        "deus_vult": "available",
        "ambush_1": "bin",
        "council_of_princes": "bin",
    }


def test_an_event_bane_rolls_on_the_event_table(raids):
    # 9.1, chart: the Event bane.
    s = position({"raymond": "antioch"})
    only_in_bin(s, ["event_1"])
    pilgrim(s, 2)
    assert raids == [("event",)] and s.markers["event_1"] == "bin"


def test_a_bane_drawn_outside_a_pilgrimage_has_no_effect(raids):
    # 13.2: the draw goes on and the bane goes back unplayed.
    s = position({"raymond": "sis"})
    only_in_bin(s, ["ambush_1", "deus_vult"])
    picked = pilgrimage.draw(s, 2, space="sis", leader="raymond", mode="keep", rule="16.1")
    assert sorted(picked) == ["ambush_1", "deus_vult"] and not raids
    assert s.markers["ambush_1"] == "bin" and s.markers["deus_vult"] == "available"


def test_land_mercenary_joins_the_pilgrim():
    # 13.2, 32.5
    s = position({"raymond": "antioch"})
    only_in_bin(s, ["knights_errant"])
    pilgrim(s, 1)
    assert s.loc["knights_errant"] == "antioch" and s.markers["knights_errant"] == "unit"


@pytest.mark.parametrize(("space", "where"), [("antioch", "constantinople"), ("tripolis", "tripolis")])
def test_mercenary_fleet_joins_the_pilgrim_only_in_a_port(space, where):
    # 13.2, 32.5: Tripolis is a port, Antioch is not.
    s = position({"raymond": space})
    only_in_bin(s, ["pisan_fleet"])
    actions.pilgrim_draw(s, 1, space, "raymond")
    assert s.loc["pisan_fleet"] == where


def test_drawing_from_an_empty_bin_picks_what_is_there():
    s = position({"raymond": "antioch"})
    only_in_bin(s, ["deus_vult"])
    assert pilgrim(s, 2) == ["deus_vult"]


# -- gains and losses (13.4, 24.0, 24.1) -----------------------------------------------------------
def test_reward_gains_a_special_action_and_a_marker():
    # 24.0: a land mercenary is placed in the battle's space.
    s = position({"godfrey": "nicaea"}, special=1)
    only_in_bin(s, ["genoese_crossbows"])
    pilgrimage.reward(s, "nicaea", "24.0")
    assert s.special == 2 and s.loc["genoese_crossbows"] == "nicaea"


def test_reward_fleet_goes_to_a_christian_port_chosen():
    # 24.0: a fleet in any Christian-occupied port or Constantinople.
    s = position({"godfrey": "nicaea", "crusader_foot_1": "smyrna", "john_doukas": "tripolis"})
    only_in_bin(s, ["english_fleet"])
    pilgrimage.reward(s, "nicaea", "24.0")
    assert set(legal(s)) == {("place", "constantinople"), ("place", "smyrna"), ("place", "tripolis")}
    PROCEDURES.get("mercenary").perform(s, s.stack[-1], PLAYER, ("place", "smyrna"))
    assert s.loc["english_fleet"] == "smyrna" and s.stack[-1]["kind"] == "turn"


def test_reward_fleet_may_go_to_a_port_christians_besiege():
    # 24.0, 5.0: "Christian occupied" is Christian units there, enemy units or not (option siege).
    s = position(
        {"godfrey": "nicaea", "tancred": "tyre", "seljuk_militia_1": "tyre"},
        options={"siege": True},
        flags={"sieges": ["tyre"]},
    )
    only_in_bin(s, ["english_fleet"])
    pilgrimage.reward(s, "nicaea", "24.0")
    assert set(legal(s)) == {("place", "constantinople"), ("place", "tyre")}


def test_papal_support_places_mercenaries_in_a_crusader_port():
    # 35.0 Papal Support: Constantinople or a Crusader-controlled port (not a Byzantine one).
    s = position({"crusader_foot_1": "smyrna", "john_doukas": "tripolis"})
    only_in_bin(s, ["knights_errant"])
    pilgrimage.draw(s, 1, space=None, leader=None, mode="keep", rule="35.0", place="choice")
    assert set(legal(s)) == {("place", "constantinople"), ("place", "smyrna")}


def test_penalty_loses_a_special_action_and_a_boon():
    # 24.1, 12.2: the index never goes below zero.
    s = position({}, special=0, available=["deus_vult"])
    pilgrimage.penalty(s, "24.1")
    assert s.special == 0 and s.markers["deus_vult"] == "bin"


def test_losing_more_markers_than_are_available():
    # 13.4: no further effect.
    s = position({}, available=["deus_vult", "firouz"])
    pilgrimage.lose_markers(s, 3, "35.0")
    assert pilgrimage.available(s) == []


# -- which markers are offered (ruling P-3) --------------------------------------------------------
def test_one_marker_per_use_is_offered():
    # Two scroll markers alike and one with scroll and eye: only one scroll-only marker is offered.
    s = position(
        {"godfrey": "antioch"},
        reaction=2,
        available=["embassy_to_cairo", "tribute_of_the_emirs", "imperial_envoys"],
    )
    assert pilgrimage.serving(s, "scroll") == ["embassy_to_cairo"]
    assert pilgrimage.serving(s, "eye") == ["imperial_envoys"]


# -- Negotiations (scroll) -------------------------------------------------------------------------
def test_negotiations_need_a_leader_in_an_objective_a_pilgrimage_fortress_or_sis():
    # Chart: Godfrey in Dorylaeum (open) does not serve; in Ancyra (a Byzantine Objective) he does.
    s = position({"godfrey": "dorylaeum"}, reaction=2, available=["embassy_to_cairo"])
    assert pilgrimage.anytime(s) == []
    s = position({"godfrey": "ancyra"}, reaction=2, available=["embassy_to_cairo"])
    assert set(pilgrimage.anytime(s)) == {
        ("boon", "embassy_to_cairo", "scroll", "level"),
        ("boon", "embassy_to_cairo", "scroll", "armenia"),
    }


def test_negotiations_lower_the_reaction_level_at_the_action_step():
    # Chart: the Level goes down by one; the marker goes back to the Bin (13.2). Played at the turn.
    s = position({"godfrey": "antioch"}, reaction=3, available=["embassy_to_cairo"])
    action = ("boon", "embassy_to_cairo", "scroll", "level")
    assert action in pilgrimage.anytime(s)
    PROCEDURES.get("turn").perform(s, s.stack[-1], PLAYER, action)
    assert s.reaction == 2 and s.markers["embassy_to_cairo"] == "bin"


def test_negotiations_activate_armenia_once():
    # Chart, 30.1(2); not offered at Low Level (no effect) nor once Armenia is active.
    s = position({"godfrey": "antioch"}, available=["embassy_to_cairo", "tribute_of_the_emirs"])
    assert pilgrimage.anytime(s) == [("boon", "embassy_to_cairo", "scroll", "armenia")]
    pilgrimage.play(s, ("boon", "embassy_to_cairo", "scroll", "armenia"))
    assert s.flags["armenia"] and s.flags["negotiated_armenia"]
    assert pilgrimage.anytime(s) == []


# -- Special Action (shield) -----------------------------------------------------------------------
def test_special_action_marker_at_the_start_of_the_special_step():
    # 12.2, chart: +2 Special Actions, offered before they are counted.
    s = position({}, stage="special_boons", special=1, available=["council_of_princes"])
    assert legal(s) == [("boon", "council_of_princes", "shield"), ("go",)]
    PROCEDURES.get("turn").perform(s, s.stack[-1], PLAYER, ("boon", "council_of_princes", "shield"))
    assert s.special == 3 and s.markers["council_of_princes"] == "bin"


def test_special_action_marker_not_offered_at_six():
    # 12.2: never more than six.
    s = position({}, stage="special_boons", special=6, available=["council_of_princes"])
    assert pilgrimage.special_action_boons(s) == []


# -- battle window ---------------------------------------------------------------------------------
def test_military_advantage_once_a_battle():
    # 23.1(3b), chart: +1 to the Christian Tactical Edge, one marker a battle.
    s = position({"godfrey": "nicaea"}, available=["deus_vult", "holy_lance"])
    battle = {"kind": "battle", "reinforce": True}
    assert pilgrimage.battle_boons(s, battle) == [("boon", "deus_vult", "sword")]
    pilgrimage.play_in_battle(s, battle, ("boon", "deus_vult", "sword"))
    assert battle["christian_bonus"] == 1 and battle["edge_boon"]
    assert pilgrimage.battle_boons(s, battle) == []


def test_treachery_in_battle_examines_every_muslim_and_cuts_a_die():
    # Chart, ruling P-2: every Muslim unit on the map is examined (face up in the view).
    s = position(
        {"godfrey": "nicaea", "seljuk_militia_1": "nicaea", "seljuk_militia_2": "iconium"},
        available=["firouz"],
    )
    battle = {"kind": "battle", "reinforce": True}
    assert ("boon", "firouz", "eye") in pilgrimage.battle_boons(s, battle)
    pilgrimage.play_in_battle(s, battle, ("boon", "firouz", "eye"))
    assert battle["treachery"] and {"seljuk_militia_1", "seljuk_militia_2"} <= s.revealed
    seen = views.view(VIEWER, s, "Christians")["spaces"]["iconium"]
    assert seen[0]["id"] == "seljuk_militia_2"
    assert pilgrimage.battle_boons(s, battle) == []


def test_no_treachery_when_the_battle_draws_no_reinforcements():
    # 23.1(1), ruling P-7
    s = position({"godfrey": "nicaea"}, available=["firouz"])
    assert pilgrimage.battle_boons(s, {"kind": "battle", "reinforce": False}) == []


# -- march windows ---------------------------------------------------------------------------------
def test_supplies_cancel_attrition_after_a_march_roll():
    # 18.2 note, chart
    s = position({}, available=["foraging_party"])
    march = {"kind": "march"}
    assert pilgrimage.march_boons(s, march, "attrition") == [("boon", "foraging_party", "wagon")]
    pilgrimage.play_in_march(s, march, ("boon", "foraging_party", "wagon"))
    assert march["no_attrition"] and pilgrimage.march_boons(s, march, "attrition") == []


def test_treachery_lets_a_march_through_a_muslim_space():
    # Chart: one space held by Muslims passed through per marker.
    s = position({}, available=["firouz", "byzantine_guides"])
    march = {"kind": "march"}
    play = pilgrimage.march_boons(s, march, "path")
    assert play == [("boon", "firouz", "eye")]  # ruling P-3: the plain eye before the eye-and-wagon
    pilgrimage.play_in_march(s, march, play[0])
    assert pilgrimage.march_boons(s, march, "path") == [("boon", "byzantine_guides", "eye")]
    pilgrimage.play_in_march(s, march, ("boon", "byzantine_guides", "eye"))
    assert march["pass_through"] == 2
    assert s.markers["firouz"] == s.markers["byzantine_guides"] == "bin"


# -- winter window ---------------------------------------------------------------------------------
def test_supplies_in_winter_for_one_space():
    # 28.1, chart
    s = position({}, available=["byzantine_convoy", "byzantine_guides"])
    winter = {"kind": "winter", "unsupplied": ["dorylaeum", "axylon"], "supplied": ["axylon"]}
    assert pilgrimage.winter_boons(s, winter) == [("boon", "byzantine_convoy", "wagon", "dorylaeum")]
    pilgrimage.play_in_winter(s, winter, ("boon", "byzantine_convoy", "wagon", "dorylaeum"))
    assert winter["supplied"] == ["axylon", "dorylaeum"] and s.markers["byzantine_convoy"] == "bin"


def test_neutral_armenia_leader_does_not_negotiate():
    # Ruling P-4: Constantine in Sis serves only once Armenia is activated.
    s = position({"constantine": "sis"}, reaction=2, available=["embassy_to_cairo"])
    assert pilgrimage.anytime(s) == []
    s.flags["armenia"] = True
    assert pilgrimage.anytime(s) == [("boon", "embassy_to_cairo", "scroll", "level")]


def test_an_ambush_in_a_monastery_in_constantinople_starts_a_battle_there():
    # Chart (Ambush: a raid in the pilgrim's space and a combat, +1 to the Muslims), 13.1, 33.8,
    # 27.6, ruling M-27.3: Stephen's Pilgrimage in a Monastery in Constantinople is attacked there
    # by the level's dice of Muslims, who leave once the battle is over (the frame under it).
    from outremer.games.first_crusade.common import muslims_at

    s = position({"stephen": "constantinople", "godfrey": "antioch"})
    s.monasteries.append("constantinople")
    only_in_bin(s, ["ambush_1", "deus_vult"])

    def abbot(t: State) -> list[str]:
        return actions.pilgrim_draw(t, 2, "constantinople", "stephen")

    seeded(s, abbot, lambda t: t.markers["deus_vult"] == "bin")
    assert abbot(s) == ["ambush_1"]
    battle = s.stack[-1]
    assert (battle["kind"], battle["space"], battle["attacker"]) == ("battle", "constantinople", "muslim")
    assert battle["muslim_bonus"] == 1 and battle["christians"] == ["stephen"]
    assert s.stack[-2] == {"kind": "ambush_leave", "space": "constantinople"}
    assert muslims_at(s, "constantinople")
