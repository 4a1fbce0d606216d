"""Battles and sieges (6.0-6.7): positions built for each rule, driven through the game contract."""

from __future__ import annotations

import pytest

from outremer.engine.errors import IllegalAction
from outremer.games.crusader_rex import combat
from outremer.games.crusader_rex.positions import position, put

from .battle import F, S, act, attack, finish, legal


def test_player1_chooses_the_order_of_battles(done, dice):
    # 6.0: Player 1 picks which battle to fight first; the last one starts by itself.
    s = position(p1=S)
    put(s, "balian", "Legio")
    put(s, "zangi", "Legio")
    put(s, "conrad", "Lacum")
    put(s, "sanjar", "Lacum")
    combat.start_battle_phase(s)
    assert s.phase == "battle_choice" and s.active == [S]
    assert sorted(legal(s)) == [("battle", "Lacum"), ("battle", "Legio")]
    dice.extend([6] * 50)
    act(s, "battle", "Legio")
    assert s.fight["town"] == "Legio"


def test_a_single_battle_starts_by_itself_and_all_misses_run_to_the_end(done, dice):
    # 6.0, 6.2: nothing to decide (no retreat road, only fire): three rounds run on their own,
    # then 6.2 the attacker cannot retreat (no road of its own) and is eliminated (6.6).
    s = position()
    put(s, "yazkuj", "Legio")  # Saracen defender, B2
    put(s, "sanjar", "Legio")
    attack(s, "Legio", F, ["Acre|Legio"])
    s.attacks["Legio"]["roads"] = {F: []}
    put(s, "balian", "Legio")
    dice.extend([6] * 100)
    combat.start_battle_phase(s)
    # Saracens may retreat (any road): so they are asked; they fire every time.
    while s.phase == "combat_turn":
        fire = [a for a in legal(s) if a[0] == "fire"]
        act(s, *fire[0])
    finish(s)
    assert done(s)
    assert s.loc["balian"] == "aside"  # 6.6: must retreat and cannot


# -- 6.1 combat deployment -------------------------------------------------------------------------
def test_defender_deploys_in_castle_within_the_castle_limit(done, dice):
    # 6.1, 6.52: Tyre (rating 2) takes at most two blocks in its castle.
    s = position()
    for b in ("balian", "conrad", "walter"):
        put(s, b, "Tyre")
    put(s, "saladin", "Tyre")
    attack(s, "Tyre", S, ["Sidon|Tyre"])
    combat.start_battle_phase(s)
    assert s.phase == "combat_deploy" and s.active == [F]
    assert ("castle", "balian") in legal(s)
    act(s, "castle", "balian")
    act(s, "castle", "conrad")
    # The castle is full: deployment ends by itself and the field battle starts.
    assert s.castle == {"balian", "conrad"}
    assert s.phase != "combat_deploy"
    assert s.fight["mode"] == "field"
    assert "balian" not in s.revealed and "walter" in s.revealed  # 6.51: castle blocks stay hidden


def test_no_deployment_in_an_unrated_town(done, dice):
    # 6.1, 6.5: towns rated 0 have no castle: field battles only.
    s = position()
    put(s, "balian", "Legio")
    put(s, "saladin", "Legio")
    attack(s, "Legio", S, ["Legio|Nablus"])
    dice.extend([6] * 100)
    combat.start_battle_phase(s)
    assert s.phase != "combat_deploy"
    assert not any(a[0] == "castle" for a in legal(s))


def test_deploying_all_in_the_castle_makes_a_new_siege(done, dice):
    # 6.5: a new siege when the defender deploys no block in the field; the besieger declares.
    s = position()
    put(s, "balian", "Jerusalem")
    put(s, "saladin", "Jerusalem")
    attack(s, "Jerusalem", S, ["Hebron|Jerusalem"])
    combat.start_battle_phase(s)
    act(s, "castle", "balian")
    assert s.phase == "siege_storm" and s.active == [S]
    assert set(legal(s)) == {("storm", "saladin"), ("done",)}


# -- 6.2 initiative --------------------------------------------------------------------------------
def test_initiative_order_of_the_rulebook_example(done, dice):
    # 6.2: Conrad (B3) and Turcopoles (A2) attack Zangi (B2) and Kurds (C): the order is
    # Turcopoles, Zangi, Conrad, Kurds.
    s = position(p1=F)
    put(s, "conrad", "Hama")
    put(s, "turcopoles_antioch", "Hama")
    put(s, "zangi", "Hama")
    put(s, "kurds_1", "Hama")
    attack(s, "Hama", F, ["Hama|Homs"])
    dice.extend([6] * 200)
    combat.start_battle_phase(s)
    act(s, "done")  # the Saracens deploy nobody in the castle
    order = []
    for _ in range(4):
        fire = next(a for a in legal(s) if a[0] == "fire")
        order.append(fire[1])
        act(s, *fire)
    assert order == ["turcopoles_antioch", "zangi", "conrad", "kurds_1"]
    assert s.fight["round"] == 2


def test_owner_picks_the_order_among_blocks_of_one_letter(done, dice):
    # 6.2: a player's blocks that share an initiative letter fire in the order he chooses.
    s = position(p1=F)
    put(s, "balian", "Legio")
    put(s, "walter", "Legio")
    put(s, "zangi", "Legio")
    attack(s, "Legio", S, ["Legio|Nablus"])
    dice.extend([6] * 200)
    combat.start_battle_phase(s)
    assert s.active == [F]  # defender first within B
    blocks = {a[1] for a in legal(s) if a[0] == "fire"}
    assert blocks == {"balian", "walter"}
    act(s, "fire", "walter")
    assert {a[1] for a in legal(s) if a[0] == "fire"} == {"balian"}


# -- 6.3, 6.31 fire and hits -----------------------------------------------------------------------
def test_hits_on_or_under_firepower_go_to_the_strongest_block(done, dice):
    # 6.3: Saladin A3 at strength 4 rolls 1 2 4 5: two hits. 6.31: each to the strongest block.
    s = position(p1=S)
    put(s, "saladin", "Legio")
    put(s, "king_guy", "Legio")  # 4 steps
    put(s, "balian", "Legio", steps=2)
    attack(s, "Legio", S, ["Legio|Nablus"])
    s.attacks["Legio"]["roads"] = {S: []}  # Saladin has nowhere to go: his only option is to fire
    dice.extend([1, 2, 4, 5])
    combat.start_battle_phase(s)
    # Saladin (A) fired on his own: Guy 4 -> 3 -> 2.
    assert s.steps["king_guy"] == 2 and s.steps["balian"] == 2


def test_owner_chooses_among_equally_strong_blocks(done, dice):
    # 6.31 (example): after the first hit both blocks have two steps: the owner chooses.
    s = position(p1=F)
    put(s, "conrad", "Legio", steps=3)
    put(s, "zangi", "Legio", steps=2)
    put(s, "sanjar", "Legio", steps=3)
    attack(s, "Legio", F, ["Acre|Legio"])
    s.attacks["Legio"]["roads"] = {F: []}
    combat.start_battle_phase(s)
    # Saracen B blocks act first (defenders): let them retreat? they may; make them fire and miss.
    dice.extend([6] * 5)
    for _ in range(2):
        act(s, *next(a for a in legal(s) if a[0] == "fire"))
    assert s.active == [F] and s.phase == "combat_turn"
    dice.extend([1, 1, 6])  # Conrad B3: two hits
    act(s, "fire", "conrad")
    assert s.steps["sanjar"] == 2  # first hit: the only 3-step block
    assert s.phase == "combat_hit" and s.active == [S]
    assert sorted(legal(s)) == [("hit", "sanjar"), ("hit", "zangi")]
    with pytest.raises(IllegalAction):
        act(s, "hit", "conrad")
    act(s, "hit", "zangi")
    assert s.steps["zangi"] == 1 and s.steps["sanjar"] == 2


# -- 6.32 knights' charge --------------------------------------------------------------------------
def test_knights_charge_adds_one_and_sixes_hit_the_charger(done, dice):
    # 6.32: B2 charging fires as B3; each 6 is a hit on the charging block itself.
    s = position(p1=F)
    put(s, "king_guy", "Legio")  # B2, 4 steps
    put(s, "sanjar", "Legio")
    put(s, "zangi", "Legio")
    attack(s, "Legio", F, ["Acre|Legio"])
    combat.start_battle_phase(s)
    dice.extend([6, 6, 6, 6, 6, 6])  # Saracen B blocks miss
    while s.active == [S]:
        act(s, *next(a for a in legal(s) if a[0] == "fire"))
    assert ("charge", "king_guy") in legal(s)
    dice.extend([3, 3, 6, 5])  # two hits at firepower 3, one 6
    act(s, "charge", "king_guy")
    assert s.phase == "combat_hit"  # both Saracens have 3 steps
    act(s, "hit", "sanjar")
    assert s.steps["king_guy"] == 3
    assert s.steps["sanjar"] + s.steps["zangi"] == 4


def test_no_charge_when_storming(done, dice):
    # 6.32: knights may not charge when storming.
    s = position(p1=F)
    put(s, "saladin", "Hama", castle=True)
    put(s, "king_guy", "Hama")
    combat.start_battle_phase(s)
    dice.extend([6] * 4)  # Saladin fires first (defender A)
    act(s, "storm", "king_guy")
    assert s.active == [F]
    assert set(legal(s)) == {("fire", "king_guy"), ("withdraw", "king_guy")}


# -- 6.33 harrying --------------------------------------------------------------------------------
def test_harrying_fires_then_retreats(done, dice):
    # 6.33: a nomad fires, the hits land, then it retreats under normal retreat limits.
    s = position(p1=F)
    put(s, "turks_1", "Hama")  # A2 nomad, Saracen defender
    put(s, "balian", "Hama")
    attack(s, "Hama", F, ["Hama|Homs"])
    combat.start_battle_phase(s)
    act(s, "done")
    harry = [a for a in legal(s) if a[0] == "harry"]
    assert ("harry", "turks_1", "Zerdana") in harry
    assert all(a[2] != "Homs" for a in harry)  # 6.61: not by the road the attacker came
    dice.extend([1, 1, 6])
    act(s, "harry", "turks_1", "Zerdana")
    assert s.steps["balian"] == 1
    assert s.loc["turks_1"] == "Zerdana"
    assert s.phase == "regroup" and s.active == [F]  # 6.7: the Franks hold Hama and may regroup
    finish(s)
    assert done(s)
