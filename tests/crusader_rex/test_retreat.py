"""Retreats (6.6-6.63), regroups (6.7), 7.22-7.23, and random play through battles (no dead end)."""

from __future__ import annotations

import random

from outremer.games.crusader_rex import combat
from outremer.games.crusader_rex.common import BLOCKS, BOARD, TOWNS
from outremer.games.crusader_rex.game import CrusaderRex
from outremer.games.crusader_rex.positions import position, put

from .battle import F, S, act, attack, handed_back, legal

G = CrusaderRex()


def dests(s, verb, block):
    return sorted(a[2] for a in legal(s) if a[0] == verb and a[1] == block)


def test_attackers_retreat_by_their_roads_defenders_by_the_others(done, dice):
    # 6.61: attackers retreat by the roads they entered by; defenders by any other road.
    s = position(p1=S)
    put(s, "balian", "Jerusalem")
    put(s, "walter", "Jerusalem")
    put(s, "saladin", "Jerusalem")
    put(s, "yazkuj", "Jerusalem")
    attack(s, "Jerusalem", S, ["Hebron|Jerusalem"])
    dice.extend([6] * 100)
    combat.start_battle_phase(s)
    act(s, "done")  # deploy nobody in the castle
    act(s, "fire", "saladin")  # Saladin (A) is asked: he may retreat
    assert dests(s, "retreat", "balian") == ["Jericho", "Nablus", "Ramallah"]
    s2 = position(p1=S)
    put(s2, "balian", "Jerusalem")
    put(s2, "saladin", "Jerusalem")
    attack(s2, "Jerusalem", S, ["Hebron|Jerusalem"])
    combat.start_battle_phase(s2)
    act(s2, "done")
    assert dests(s2, "retreat", "saladin") == ["Hebron"]


def test_a_road_both_sides_entered_by_belongs_to_player_2(done, dice):
    # 6.61: a road that both players used to enter the battle is a retreat route for Player 2 alone.
    s = position(p1=S)
    put(s, "balian", "Legio")
    put(s, "saladin", "Legio")
    attack(s, "Legio", S, ["Legio|Nablus", "Baisan|Legio"], defender_roads=["Legio|Nablus"])
    combat.start_battle_phase(s)
    assert dests(s, "retreat", "saladin") == ["Baisan"]
    dice.extend([6] * 4)
    act(s, "fire", "saladin")
    assert dests(s, "retreat", "balian") == ["Acre", "Nablus"]


def test_no_retreat_into_enemy_towns_or_pending_battles(done, dice):
    # 6.6: never to an enemy-occupied town nor to an unresolved battle.
    s = position(p1=S)
    put(s, "balian", "Jerusalem")
    put(s, "saladin", "Jerusalem")
    put(s, "zangi", "Nablus")  # enemy-occupied
    put(s, "walter", "Ramallah")  # a battle not yet fought
    put(s, "sanjar", "Ramallah")
    attack(s, "Jerusalem", S, ["Hebron|Jerusalem"])
    attack(s, "Ramallah", S, ["Ascalon|Ramallah"])
    combat.start_battle_phase(s)
    act(s, "battle", "Jerusalem")
    act(s, "done")
    dice.extend([6] * 4)
    act(s, "fire", "saladin")
    assert dests(s, "retreat", "balian") == ["Jericho"]


def test_retreat_into_an_adjacent_siege_with_a_friendly_field(done, dice):
    # 6.62: blocks may retreat to an adjacent siege provided its field is friendly.
    s = position(p1=S)
    put(s, "balian", "Jerusalem")
    put(s, "saladin", "Jerusalem")
    put(s, "walter", "Nablus")  # Franks besiege Nablus
    put(s, "zangi", "Nablus", castle=True)
    attack(s, "Jerusalem", S, ["Hebron|Jerusalem"])
    combat.start_battle_phase(s)
    act(s, "battle", "Jerusalem")
    act(s, "done")
    dice.extend([6] * 4)
    act(s, "fire", "saladin")
    assert "Nablus" in dests(s, "retreat", "balian")


def test_retreat_road_limits_and_the_guide(done, dice):
    # 6.61, 5.1: two blocks a minor road (per side, per round); the Guide doubles it (sidebar p.3).
    for guide, expected in ((None, 2), (F, 4)):
        s = position(p1=S)
        frank = ["balian", "walter", "conrad", "king_guy", "raymond_tiberias"]
        for b in frank:
            put(s, b, "Jerusalem")
        put(s, "saladin", "Jerusalem")
        attack(s, "Jerusalem", S, ["Hebron|Jerusalem", "Jerusalem|Nablus", "Jerusalem|Ramallah"])
        s.flags["guide"] = guide
        combat.start_battle_phase(s)
        act(s, "done")
        dice.extend([6] * 4)
        act(s, "fire", "saladin")
        n = 0
        while s.phase == "combat_turn" and s.active == [F] and dests(s, "retreat", frank[n]) == ["Jericho"]:
            act(s, "retreat", frank[n], "Jericho")
            n += 1
        assert n == expected


def test_germans_never_retreat_off_map(done, dice):
    # 7.23, 6.6: the Germania roads are never a way out.
    s = position(p1=F)
    put(s, "barbarossa", "Aleppo")
    put(s, "saladin", "Aleppo")
    attack(s, "Aleppo", F, ["Aleppo|Germania"])
    combat.start_battle_phase(s)
    act(s, "done")
    dice.extend([6] * 4)
    if s.active == [S]:
        act(s, "fire", "saladin")
    assert dests(s, "retreat", "barbarossa") == []


def test_english_by_sea_retreat_only_where_other_franks_came_by_road(done, dice):
    # 7.22: retreat by sea is prohibited; the English use the Frank attackers' roads.
    s = position(p1=F)
    put(s, "richard", "Acre")
    put(s, "balian", "Acre")
    put(s, "saladin", "Acre")
    attack(s, "Acre", F, ["sea", "Acre|Legio"], reserves={"balian": 2})
    combat.start_battle_phase(s)
    act(s, "done")
    dice.extend([6] * 4)
    act(s, "fire", "saladin")
    assert dests(s, "retreat", "richard") == ["Legio"]


def test_withdraw_into_the_castle_within_its_limit(done, dice):
    # 6.62, 6.63: a field defender may withdraw into its castle, within the castle limit.
    s = position(p1=S)
    put(s, "balian", "Hama")
    put(s, "walter", "Hama")
    put(s, "saladin", "Hama")
    attack(s, "Hama", S, ["Hama|Homs"])
    combat.start_battle_phase(s)
    act(s, "done")
    dice.extend([6] * 4)
    act(s, "fire", "saladin")
    assert ("withdraw", "balian") in legal(s)
    act(s, "withdraw", "balian")
    assert "balian" in s.castle
    assert ("withdraw", "walter") not in legal(s)  # Hama holds one block
    assert ("withdraw", "saladin") not in legal(s, S)


def test_end_of_round_3_attacker_retreats_and_victor_regroups(done, dice):
    # 6.2: defenders still in the field after round 3: the attacker retreats everything.
    # 6.7: the victor may regroup, within road limits.
    s = position(p1=S)
    put(s, "balian", "Jerusalem")
    put(s, "saladin", "Jerusalem")
    put(s, "zangi", "Jerusalem")
    attack(s, "Jerusalem", S, ["Hebron|Jerusalem"])
    dice.extend([6] * 200)
    combat.start_battle_phase(s)
    act(s, "done")
    while s.phase == "combat_turn":
        act(s, *next(a for a in legal(s) if a[0] == "fire"))
    assert s.phase == "combat_retreat" and s.active == [S]
    assert set(legal(s)) == {("retreat", "saladin", "Hebron"), ("retreat", "zangi", "Hebron")}
    act(s, "retreat", "saladin", "Hebron")
    assert s.loc["zangi"] == "Hebron"  # the last one had a single way out
    assert s.phase == "regroup" and s.active == [F]
    assert "Hebron" not in dests(s, "regroup", "balian")  # enemy-held now
    act(s, "regroup", "balian", "Jericho")
    assert s.loc["balian"] == "Jericho" and done
    assert not {"balian", "saladin", "zangi"} & s.revealed  # 6.51: upright again


def test_regroup_road_limit(done, dice):
    # 6.7, 5.1: at most two blocks regroup along a minor road.
    s = position(p1=S)
    for b in ("balian", "walter", "conrad"):
        put(s, b, "Jerusalem")
    put(s, "saladin", "Jerusalem", steps=1)
    attack(s, "Jerusalem", S, ["Hebron|Jerusalem"])
    combat.start_battle_phase(s)
    act(s, "done")
    dice.extend([6, 1, 1, 1])  # Saladin misses; Balian kills him
    act(s, "fire", "saladin")
    act(s, "fire", "balian")
    assert s.phase == "regroup"
    act(s, "regroup", "balian", "Jericho")
    act(s, "regroup", "walter", "Jericho")
    assert "Jericho" not in dests(s, "regroup", "conrad")


# -- no dead ends ----------------------------------------------------------------------------------
def _random_battles(seed: int):
    rnd = random.Random(seed)
    s = position(p1=rnd.choice([F, S]), seed=seed)
    towns = [t for t in TOWNS if not TOWNS[t].no_entry]
    frank = [b for b, i in BLOCKS.items() if i.side == F]
    sara = [b for b, i in BLOCKS.items() if i.side == S]
    rnd.shuffle(frank)
    rnd.shuffle(sara)
    for town in rnd.sample(towns, 4):
        nf, ns = rnd.randint(1, 4), rnd.randint(1, 4)
        fs = [frank.pop() for _ in range(nf)]
        ss = [sara.pop() for _ in range(ns)]
        kind = rnd.random()
        if kind < 0.3 and TOWNS[town].rating > 0:
            inside = rnd.choice([fs, ss])
            outside = ss if inside is fs else fs
            for b in inside[: TOWNS[town].rating]:
                put(s, b, town, castle=True)
            for b in inside[TOWNS[town].rating :]:
                put(s, b, town)
            for b in outside:
                put(s, b, town)
            if rnd.random() < 0.5 and len(inside) > 1:
                s.castle.difference_update(inside)  # relief force in the field
                for b in inside[: TOWNS[town].rating - 1]:
                    s.castle.add(b)
        else:
            att = rnd.choice([F, S])
            for b in fs + ss:
                put(s, b, town)
            roads = [r for _, r in BOARD.adjacent[town]]
            mine = rnd.sample(roads, min(len(roads), rnd.randint(1, 2)))
            blocks = fs if att == F else ss
            reserves = {b: rnd.choice([2, 3]) for b in (fs if att != F else ss)[1:] if rnd.random() < 0.3}
            reserves.update({b: 2 for b in blocks[1:] if rnd.random() < 0.3})
            attack(s, town, att, mine, reserves=reserves)
    if rnd.random() < 0.3:
        s.flags["guide"] = rnd.choice([F, S])
    return s, rnd


def test_random_battles_never_dead_end():
    # Whenever battles are under way, someone is active and has a legal action; every battle ends.
    seen: set[str] = set()
    for seed in range(150):
        s, rnd = _random_battles(seed)
        combat.start_battle_phase(s)
        steps = 0
        while not handed_back(s):
            assert s.active, (seed, s.phase)
            role = s.active[0]
            acts = G.legal_actions(s, role)
            assert acts, (seed, s.phase, s.fight)
            seen.add(s.phase)
            G.apply_in_place(s, role, rnd.choice(acts))
            steps += 1
            assert steps < 2000
        assert s.fight is None
        # No block stays in a castle once no enemy is in the town.
        for b in s.castle:
            town = s.loc[b]
            assert any(BLOCKS[x].side != BLOCKS[b].side and w == town for x, w in s.loc.items()), seed
        G.to_json(s)
    assert seen >= {
        "battle_choice",
        "combat_deploy",
        "siege_storm",
        "siege_sally",
        "combat_turn",
        "combat_hit",
        "combat_retreat",
        "siege_end",
        "regroup",
    }, seen
