"""Audit of battles and sieges (6.0-6.7) against the rulebook: one position per rule sentence that
was not yet pinned down by a test, each citing its rule."""

from __future__ import annotations

from outremer.games.crusader_rex import combat
from outremer.games.crusader_rex.positions import position, put

from .battle import F, S, act, attack, finish, legal


def _fire_order(s):
    return [e[3]["block"] for e in s.log if e[2].startswith("{block} {how}")]


# -- 6.54 double defense ---------------------------------------------------------------------------
def test_half_hit_is_recovered_when_every_stormer_is_eliminated(done, dice):
    # 6.54: a half-hit is recovered when storming ends, even if storming resumes later. Storming
    # ends when the last stormer is eliminated (6.54: the siege round ends at once).
    s = position(p1=S)
    put(s, "balian", "Jerusalem", castle=True)  # B2, 3 steps
    put(s, "saladin", "Jerusalem", steps=1)  # A3
    put(s, "zangi", "Jerusalem")
    combat.start_battle_phase(s)
    act(s, "storm", "saladin")
    act(s, "done")
    # Saladin: one hit = a half-hit on Balian; Balian (who can only fire, so fires on his own)
    # kills Saladin: no stormer is left and the round ends.
    dice.extend([1, 1, 6, 6])
    act(s, "fire", "saladin")
    assert s.loc["saladin"] == "dead"  # 6.34: Saladin's family is lost for good
    assert s.fight["round"] == 2 and s.phase == "siege_storm"
    assert s.fight["half"] == {}
    dice.extend([6, 6, 6])  # Balian (the defender's B fires first) misses
    act(s, "storm", "zangi")  # the only field block: the declaration closes by itself
    dice.extend([1, 6, 6])  # Zangi (B2, 3 steps): one hit
    act(s, "fire", "zangi")
    assert s.steps["balian"] == 3  # a fresh half-hit, not the second half of the old one
    assert s.fight["half"] == {"balian": 1}


# -- 6.61 retreat road limits ----------------------------------------------------------------------
def test_retreat_road_limits_count_per_combat_round(done, dice):
    # 6.61: per combat round, at most two blocks retreat along a minor road. Two Franks leave by
    # the Jericho road (minor) in round 1; the third must stay that round, and may go in round 2.
    s = position(p1=S)
    for b in ("balian", "walter", "conrad"):
        put(s, b, "Jerusalem")
    put(s, "saladin", "Jerusalem")
    attack(s, "Jerusalem", S, ["Hebron|Jerusalem", "Jerusalem|Nablus", "Jerusalem|Ramallah"])
    dice.extend([6] * 100)
    combat.start_battle_phase(s)
    act(s, "done")  # nobody in the castle
    act(s, "fire", "saladin")
    act(s, "retreat", "balian", "Jericho")
    act(s, "retreat", "walter", "Jericho")
    assert s.fight["round"] == 1
    assert not any(a[0] == "retreat" for a in legal(s))  # the road is full for this round
    act(s, "fire", "conrad")
    act(s, "fire", "saladin")
    assert s.fight["round"] == 2
    assert ("retreat", "conrad", "Jericho") in legal(s)
    act(s, "retreat", "conrad", "Jericho")
    assert s.loc["conrad"] == "Jericho"
    finish(s)
    assert done(s)


def _fire_until(s, stop):
    """Every block fires (no retreat, charge or withdrawal) until ``stop(s)`` holds."""
    while s.phase == "combat_turn" and not stop(s):
        act(s, *next(a for a in legal(s) if a[0] == "fire"))


# -- 6.41, 6.42 reserves ---------------------------------------------------------------------------
def test_player2_reserves_arrive_in_round_2_by_one_road_and_round_3_by_others(done, dice):
    # 6.42: Player 2's blocks answering a battle by one road arrive for round 2, by other roads for
    # round 3 (movement writes 2 and 3 in the attack record). Before that they neither fire nor
    # take hits (6.41).
    s = position(p1=S)
    put(s, "saladin", "Legio")
    put(s, "balian", "Legio")
    put(s, "walter", "Legio")
    put(s, "conrad", "Legio")
    attack(s, "Legio", S, ["Legio|Nablus"], reserves={"walter": 2, "conrad": 3})
    dice.extend([6] * 200)
    combat.start_battle_phase(s)
    seen: dict[int, set[str]] = {}
    while s.phase == "combat_turn":
        seen.setdefault(s.fight["round"], set()).update(a[1] for a in legal(s))
        act(s, *next(a for a in legal(s) if a[0] == "fire"))
    frank = {"balian", "walter", "conrad"}
    assert seen[1] & frank == {"balian"}
    assert seen[2] & frank == {"balian", "walter"}
    assert seen[3] & frank == frank


# -- 6.55 sallying ---------------------------------------------------------------------------------
def test_a_sally_joining_the_field_defenders_still_defends(done, dice):
    # 6.55: sallying blocks that join the current field defenders are still defenders (they fire
    # first within their letter, 6.2), and not in round 1 of a new battle (our ruling, combat.md).
    # After round 3 they go back into the castle, since they have not won the field battle.
    s = position(p1=S)
    put(s, "balian", "Jerusalem")
    put(s, "walter", "Jerusalem")
    put(s, "zangi", "Jerusalem")
    attack(s, "Jerusalem", S, ["Hebron|Jerusalem"])
    dice.extend([6] * 200)
    combat.start_battle_phase(s)
    act(s, "castle", "balian")
    act(s, "done")
    assert s.phase == "combat_turn" and s.fight["round"] == 1  # no sally offered in round 1
    _fire_until(s, lambda s: s.fight["round"] == 2)
    assert s.phase == "siege_sally" and s.active == [F]
    act(s, "sally", "balian")
    f = s.fight
    assert f["defd"] == F and f["att"] == S
    assert s.active == [F]  # Frank B blocks fire before Zangi (B)
    assert not any(a[0] in ("retreat", "harry") for a in legal(s) if a[1] == "balian")
    _fire_until(s, lambda s: s.fight["round"] == 3 and s.phase == "siege_sally")
    act(s, "done")
    _fire_until(s, lambda s: False)
    # 6.2: the attacker retreats after round 3; 6.55: the sally went back in first.
    assert s.loc["zangi"] == "Hebron"
    assert s.loc["balian"] == "Jerusalem" and s.loc["walter"] == "Jerusalem"
    finish(s)
    assert done(s)


def test_a_sally_that_wins_the_field_stays_out(done, dice):
    # 6.55: sallying blocks go back in only if they have not won the field battle.
    s = position(p1=S)
    put(s, "balian", "Jerusalem", castle=True)
    put(s, "zangi", "Jerusalem", steps=1)
    combat.start_battle_phase(s)
    act(s, "done")  # no storm
    act(s, "sally", "balian")
    dice.extend([6, 1, 6, 6])  # Zangi (defender) misses; Balian kills him
    act(s, "fire", "zangi")
    act(s, "fire", "balian")
    assert s.loc["zangi"] == "aside"
    assert s.loc["balian"] == "Jerusalem" and "balian" not in s.castle
    finish(s)
    assert done(s)


# -- 6.56 relief forces ----------------------------------------------------------------------------
def test_player2_relief_arrives_in_round_2_and_storming_is_allowed_before(done, dice):
    # 6.56: Player 2's relief by its first road arrives for round 2; the besieger may storm in
    # round 1 before it arrives. Then the relief attacks, the besiegers defend the field, there
    # is no storm, the castle may sally to help, and relief blocks cannot withdraw into the castle.
    s = position(p1=S)
    put(s, "balian", "Jerusalem", castle=True)
    put(s, "saladin", "Jerusalem")
    put(s, "walter", "Jerusalem")
    attack(s, "Jerusalem", F, ["Jerusalem|Nablus"], reserves={"walter": 2})
    dice.extend([6] * 200)
    combat.start_battle_phase(s)
    assert s.phase == "siege_storm" and s.active == [S]
    act(s, "storm", "saladin")  # Walter is not there yet: Saladin is the only one to storm
    _fire_until(s, lambda s: s.fight["round"] == 2)
    f = s.fight
    assert f["mode"] == "field" and f["att"] == F and f["defd"] == S
    assert s.phase == "siege_sally" and s.active == [F]
    act(s, "done")
    _fire_until(s, lambda s: s.active == [F])
    moves = [a for a in legal(s) if a[1] == "walter"]
    assert ("withdraw", "walter") not in moves
    assert {a[2] for a in moves if a[0] == "retreat"} == {"Nablus"}  # 6.61: the road it came by


# -- 6.57 siege attrition --------------------------------------------------------------------------
def test_attrition_once_per_game_turn_per_siege(done, dice):
    # 6.57: one attrition roll per siege per game turn. The Nablus siege is fought first; a Frank
    # block that then retreats into it (6.62: its field is friendly) does not open it again.
    s = position(p1=S)
    put(s, "walter", "Nablus")
    put(s, "zangi", "Nablus", castle=True)
    put(s, "balian", "Jerusalem")
    put(s, "saladin", "Jerusalem")
    attack(s, "Jerusalem", S, ["Hebron|Jerusalem"])
    combat.start_battle_phase(s)
    act(s, "battle", "Nablus")
    act(s, "done")  # no storm
    act(s, "done")  # no sally
    dice.extend([5])
    act(s, "stay")
    assert s.fight["town"] == "Jerusalem"
    act(s, "done")  # Balian stays in the field
    dice.extend([6] * 4)
    act(s, "fire", "saladin")
    act(s, "retreat", "balian", "Nablus")
    finish(s)
    assert done(s)
    assert sum(1 for e in s.log if e[0] == "6.57" and e[1] is None) == 1
    assert s.loc["balian"] == "Nablus" and s.castle == {"zangi"}


def test_siege_attrition_eliminates_permanently_and_names_no_hidden_block(done, dice):
    # 6.34: permanent elimination applies to siege attrition too (a military order is gone for
    # good). 2.0, 6.51: the public log gives the dice, never the name of a hidden castle block
    # that only loses a step.
    s = position(p1=S)
    put(s, "templars_jerusalem", "Jerusalem", castle=True, steps=1)
    put(s, "balian", "Jerusalem", castle=True)
    put(s, "saladin", "Jerusalem")
    combat.start_battle_phase(s)
    act(s, "done")
    act(s, "done")
    dice.extend([1, 2])
    act(s, "stay")
    assert s.loc["templars_jerusalem"] == "dead"
    assert s.steps["balian"] == 2 and "balian" not in s.revealed
    public = [str(e[3]) for e in s.log if e[1] is None]
    assert not any("Balian" in text for text in public)


# -- 6.6, 6.34 -------------------------------------------------------------------------------------
def test_a_crusader_that_cannot_retreat_is_eliminated_for_good(done, dice):
    # 6.6: blocks that cannot retreat when required are eliminated; 6.34: a crusader for good.
    s = position(p1=F)
    put(s, "richard", "Legio")
    put(s, "yazkuj", "Legio")
    attack(s, "Legio", F, ["Acre|Legio"])
    put(s, "saladin", "Acre")  # the only road Richard came by now leads to an enemy town
    dice.extend([6] * 200)
    combat.start_battle_phase(s)
    _fire_until(s, lambda s: False)
    assert s.loc["richard"] == "dead"


# -- 6.7 regroups ----------------------------------------------------------------------------------
def test_regroup_into_an_adjacent_siege_that_is_fought_later(done, dice):
    # 6.7: the victor may regroup into an adjacent siege whose field is friendly, and then takes
    # part normally in that siege later in the game turn.
    s = position(p1=S)
    put(s, "walter", "Nablus")
    put(s, "zangi", "Nablus", castle=True)
    put(s, "balian", "Jerusalem")
    put(s, "saladin", "Jerusalem", steps=1)
    attack(s, "Jerusalem", S, ["Hebron|Jerusalem"])
    combat.start_battle_phase(s)
    act(s, "battle", "Jerusalem")
    act(s, "done")
    dice.extend([6, 1, 6, 6])  # Saladin misses; Balian kills him
    act(s, "fire", "saladin")
    act(s, "fire", "balian")
    assert s.phase == "regroup" and ("regroup", "balian", "Nablus") in legal(s)
    act(s, "regroup", "balian", "Nablus")
    assert s.fight["town"] == "Nablus" and s.phase == "siege_storm" and s.active == [F]
    assert ("storm", "balian") in legal(s)


# -- Jihad (card notes p.3) ------------------------------------------------------------------------
def test_jihad_gives_no_bonus_to_besiegers_who_face_a_sally(done, dice):
    # Jihad: the card's bonus is for field battles and storms; in a siege only when the Jihad
    # side storms (rulings.md). If it declines and the castle sallies, the sally attacks (6.55) and
    # the normal order holds (6.2): the Frank B block fires before the Saracen C block.
    s = position(p1=S)
    put(s, "balian", "Jerusalem", castle=True)
    put(s, "kurds_1", "Jerusalem")
    s.flags["jihad"] = {"side": S, "town": "Jerusalem"}
    combat.start_battle_phase(s)
    act(s, "done")  # no storm
    dice.extend([6] * 10)
    act(s, "sally", "balian")
    assert s.active == [F]
    act(s, "fire", "balian")
    assert _fire_order(s) == ["Balian"]
