"""Sieges (6.5-6.57), reserves and battlefield control (6.41, 6.42), the Jihad bonus."""

from __future__ import annotations

from outremer.games.crusader_rex import combat
from outremer.games.crusader_rex.positions import position, put

from .battle import F, S, act, attack, finish, legal


def test_double_defense_two_hits_per_step(done, dice):
    # 6.54: blocks in a castle need two hits to lose one step.
    s = position(p1=S)
    put(s, "balian", "Jerusalem", castle=True)  # B2, 3 steps
    put(s, "saladin", "Jerusalem")  # A3, 4 steps
    dice.extend([1, 1, 1, 6, 6, 6])  # Saladin storms: three hits; Balian misses
    combat.start_battle_phase(s)
    act(s, "storm", "saladin")
    assert set(legal(s)) == {("fire", "saladin"), ("withdraw", "saladin")}  # 6.54: fire or withdraw
    act(s, "fire", "saladin")
    # Saladin (A) fires before Balian (B): three hits = one step and a half-hit.
    assert s.steps["balian"] == 2
    assert s.fight["half"] == {"balian": 1}
    assert "balian" in s.revealed  # a besieged block that takes hits is revealed (6.51)


def test_half_hit_carries_to_the_next_storm_round_and_is_lost_when_storming_ends(done, dice):
    # 6.54: a half-hit carries forward while storming goes on; it is recovered when storming ends.
    s = position(p1=S)
    put(s, "balian", "Jerusalem", castle=True)
    put(s, "saladin", "Jerusalem", steps=1)
    combat.start_battle_phase(s)
    act(s, "storm", "saladin")
    dice.extend([1, 6, 6, 6])  # round 1: one hit = a half-hit; Balian fires back and misses
    act(s, "fire", "saladin")
    assert s.fight["round"] == 2 and s.phase == "siege_storm"
    assert s.steps["balian"] == 3 and s.fight["half"] == {"balian": 1}
    act(s, "storm", "saladin")
    dice.extend([1, 6, 6])  # round 2: the next hit completes the step
    act(s, "fire", "saladin")
    assert s.steps["balian"] == 2 and s.fight["half"] == {}
    act(s, "storm", "saladin")
    dice.extend([1, 6, 6])
    act(s, "fire", "saladin")
    # 6.2: after round 3 the besieger stays or leaves; the half-hit is gone with the storm.
    assert s.phase == "siege_end"


def test_declining_to_storm_recovers_half_hits(done, dice):
    # 6.54: storming ends when the besieger declines: the half-hit is gone.
    s = position(p1=S)
    put(s, "balian", "Jerusalem", castle=True)
    put(s, "saladin", "Jerusalem", steps=1)
    dice.extend([1, 6, 6, 6])
    combat.start_battle_phase(s)
    act(s, "storm", "saladin")
    act(s, "fire", "saladin")
    if s.phase == "combat_turn":
        act(s, "fire", "balian")
    assert s.phase == "siege_storm"
    act(s, "done")
    assert s.fight["half"] == {}
    assert s.phase == "siege_sally" and s.active == [F]


def test_storm_limit_is_the_castle_limit(done, dice):
    # 6.52: no more blocks may storm than the castle limit (Hama: 1).
    s = position(p1=S)
    put(s, "balian", "Hama", castle=True)
    put(s, "saladin", "Hama")
    put(s, "zangi", "Hama")
    dice.extend([6] * 20)
    combat.start_battle_phase(s)
    assert set(legal(s)) == {("storm", "saladin"), ("storm", "zangi"), ("done",)}
    act(s, "storm", "zangi")
    assert s.fight["mode"] == "storm" and s.fight["stormers"] == ["zangi"]


def test_round_ends_at_once_when_all_stormers_withdraw(done, dice):
    # 6.54, 6.63: a storming block may withdraw to the field; with no stormer left the round ends.
    s = position(p1=F)
    put(s, "saladin", "Hama", castle=True)  # A: fires first
    put(s, "king_guy", "Hama")
    dice.extend([6] * 4)
    combat.start_battle_phase(s)
    act(s, "storm", "king_guy")
    act(s, "withdraw", "king_guy")
    assert s.fight["round"] == 2 and s.phase == "siege_storm"


def test_both_pass_goes_to_attrition(done, dice):
    # 6.53: no storm, no sally, no reserves coming: straight to the end of the siege's battle.
    # 6.2: the besieger may stay; 6.57: each besieged block rolls, 1-3 loses a step.
    s = position(p1=S)
    put(s, "balian", "Jerusalem", castle=True)
    put(s, "walter", "Jerusalem", castle=True)
    put(s, "saladin", "Jerusalem")
    combat.start_battle_phase(s)
    act(s, "done")  # no storm
    act(s, "done")  # no sally
    assert s.phase == "siege_end" and s.active == [S] and s.fight["round"] == 1
    dice.extend([3, 4])
    act(s, "stay")
    assert sorted([s.steps["balian"], s.steps["walter"]]) == [2, 3]
    assert done(s)
    assert s.castle == {"balian", "walter"}  # the siege goes on
    assert "balian" not in s.revealed


def test_attrition_in_tyre_only_on_a_one(done, dice):
    # 6.57: Tyre and Tripoli lose a step only on a roll of 1.
    s = position(p1=S)
    put(s, "balian", "Tyre", castle=True)
    put(s, "conrad", "Tyre", castle=True)
    put(s, "saladin", "Tyre")
    combat.start_battle_phase(s)
    act(s, "done")
    act(s, "done")
    dice.extend([2, 1])
    act(s, "stay")
    assert s.steps["balian"] + s.steps["conrad"] == 3 + 4 - 1  # only the 1 counts


def test_attrition_that_empties_the_castle_lets_the_besieger_regroup(done, dice):
    # 6.57, 6.7: the siege ends by attrition; the victor may regroup.
    s = position(p1=S)
    put(s, "balian", "Hama", castle=True, steps=1)
    put(s, "saladin", "Hama")
    combat.start_battle_phase(s)
    act(s, "done")
    act(s, "done")
    dice.extend([1])
    act(s, "stay")
    assert s.loc["balian"] == "aside"
    assert s.phase == "regroup" and s.active == [S]
    assert ("regroup", "saladin", "Homs") in legal(s)
    act(s, "regroup", "saladin", "Homs")
    assert s.loc["saladin"] == "Homs"
    assert done(s)


def test_besieger_may_leave_after_round_3(done, dice):
    # 6.2: in a siege the attacker may retreat instead of staying.
    s = position(p1=S)
    put(s, "balian", "Hama", castle=True)
    put(s, "saladin", "Hama")
    combat.start_battle_phase(s)
    act(s, "done")
    act(s, "done")
    assert set(legal(s)) == {("stay",), ("leave",)}
    act(s, "leave")
    assert s.phase == "combat_retreat"
    act(s, "retreat", "saladin", "Homs")
    assert s.loc["saladin"] == "Homs"
    assert "balian" not in s.castle  # no enemy left: the castle flag goes
    finish(s)
    assert done(s)


def test_sally_makes_a_field_battle_with_the_sallying_blocks_attacking(done, dice):
    # 6.55: the sally attacks when it starts a field battle; it has no double defense and
    # cannot retreat, but may withdraw into the castle.
    s = position(p1=S)
    put(s, "balian", "Jerusalem", castle=True)
    put(s, "walter", "Jerusalem", castle=True)
    put(s, "zangi", "Jerusalem")
    combat.start_battle_phase(s)
    act(s, "done")  # no storm
    act(s, "sally", "balian")
    act(s, "done")
    f = s.fight
    assert f["mode"] == "field" and f["att"] == F and f["defd"] == S
    assert "balian" in s.revealed and "walter" not in s.revealed
    # Zangi (defender B) first.
    dice.extend([1, 1, 1])
    act(s, "fire", "zangi")
    assert s.steps["balian"] == 0 or s.steps["balian"] == 0  # three hits: no double defense
    assert s.loc["balian"] == "aside"


def test_sallying_blocks_cannot_retreat_and_go_back_after_round_3(done, dice):
    # 6.55: sallying blocks only fire, charge or withdraw; after round 3 they go back inside.
    s = position(p1=S)
    put(s, "balian", "Jerusalem", castle=True)
    put(s, "zangi", "Jerusalem")
    combat.start_battle_phase(s)
    act(s, "done")
    act(s, "sally", "balian")
    dice.extend([6] * 100)
    while s.phase == "combat_turn":
        if s.active == [F]:
            assert not any(a[0] in ("retreat", "harry") for a in legal(s))
            assert ("withdraw", "balian") in legal(s)
            act(s, "fire", "balian")
        else:
            act(s, "fire", "zangi")
    assert "balian" in s.castle
    assert s.phase == "siege_end"


def test_relief_force_prevents_storming(done, dice):
    # 6.56: Player 1's relief by its main road fights in round 1: a field battle, no storm.
    s = position(p1=F)
    put(s, "balian", "Hama", castle=True)
    put(s, "zangi", "Hama")
    put(s, "king_guy", "Hama")
    attack(s, "Hama", F, ["Hama|Homs"])
    dice.extend([6] * 100)
    combat.start_battle_phase(s)
    assert s.phase != "siege_storm"
    f = s.fight
    assert f["mode"] == "field" and f["att"] == F and f["defd"] == S
    # 6.56: relief forces cannot withdraw into the castle; 6.55: the castle may sally to help.
    assert s.phase == "siege_sally"
    act(s, "done")
    assert not any(a[0] == "withdraw" for a in legal(s, F)) or s.active != [F]


def test_reserves_arrive_in_round_2(done, dice):
    # 6.41: blocks attacking by another road are reserves: no fire, no hits in round 1.
    s = position(p1=F)
    put(s, "zangi", "Legio")
    put(s, "king_guy", "Legio")
    put(s, "balian", "Legio")
    attack(s, "Legio", F, ["Acre|Legio"], reserves={"balian": 2})
    dice.extend([6] * 100)
    combat.start_battle_phase(s)
    assert s.fight["round"] == 1
    assert "balian" not in s.revealed
    fighters = {a[1] for a in legal(s, s.active[0])}
    assert "balian" not in fighters
    while s.fight["round"] == 1:
        act(s, *next(a for a in legal(s) if a[0] == "fire"))
    assert "balian" in s.revealed


def test_battlefield_control_changes_when_the_attacker_wins_round_1(done, dice):
    # 6.41: the attacker wins round 1 before the defending reserves arrive: it defends rounds 2-3.
    s = position(p1=F)
    put(s, "yazkuj", "Legio", steps=1)
    put(s, "sanjar", "Legio")
    put(s, "king_guy", "Legio")
    attack(s, "Legio", F, ["Acre|Legio"], reserves={"sanjar": 2})
    s.attacks["Legio"]["roads"][S] = ["Legio|Nablus"]
    combat.start_battle_phase(s)
    dice.extend([6])
    act(s, "fire", "yazkuj")
    dice.extend([1, 6, 6, 6])
    act(s, "fire", "king_guy")
    assert s.loc["yazkuj"] == "aside"
    f = s.fight
    assert f["round"] == 2 and f["att"] == S and f["defd"] == F
    # Now the Franks are defenders: their B blocks fire before the Saracen B.
    assert s.active == [F]


def test_jihad_side_fires_all_before_the_enemy_in_round_1(done, dice):
    # Jihad (sidebar p.3, our ruling): in round 1 every Jihad block fires before any enemy block.
    s = position(p1=S)
    put(s, "turcopoles_antioch", "Legio")  # Frank A defender would normally fire first
    put(s, "kurds_1", "Legio")  # Saracen C
    attack(s, "Legio", S, ["Legio|Nablus"])
    s.attacks["Legio"]["roads"] = {S: []}
    s.flags["jihad"] = {"side": S, "town": "Legio"}
    dice.extend([6] * 100)
    combat.start_battle_phase(s)
    # The Kurds (C) already fired on their own; now the Turcopoles.
    log_fire = [e[3]["block"] for e in s.log if e[2].startswith("{block} {how}")]
    assert log_fire == ["Kurds (1)"]
    assert s.active == [F]


def test_new_defenders_may_withdraw_into_the_empty_castle_after_control_changes(done, dice):
    # 6.41 then 6.62: the attacker took the field in round 1; when the enemy reserves arrive it
    # defends the town, and the empty castle is now its to withdraw into.
    s = position(p1=F)
    put(s, "yazkuj", "Nablus", steps=1)
    put(s, "sanjar", "Nablus")
    put(s, "king_guy", "Nablus")
    attack(s, "Nablus", F, ["Legio|Nablus"], reserves={"sanjar": 2})
    s.attacks["Nablus"]["roads"][S] = ["Baisan|Nablus"]
    combat.start_battle_phase(s)
    assert s.phase == "combat_deploy"
    act(s, "done")  # 6.1: the Saracens keep Yazkuj in the field
    dice.extend([6])
    act(s, "fire", "yazkuj")
    dice.extend([1, 6, 6, 6])
    act(s, "fire", "king_guy")
    assert s.fight["round"] == 2 and s.fight["defd"] == F
    assert ("withdraw", "king_guy") in legal(s, F)
