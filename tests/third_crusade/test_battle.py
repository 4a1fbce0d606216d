"""Battles (battle.py, battle_strength.py, battle_moves.py): roles, Strength, Reaction Orders out of
turn, losses, retreats, Glory and the tracks after, on positions built for the purpose; the Tripoli
Battle example and the plutorial's Battles replayed. Keys are those of docs/third-crusade/sections.md;
Rn of rulings.md."""

from __future__ import annotations

import json
from typing import Any

import pytest

from outremer.engine.errors import IllegalAction
from outremer.games.third_crusade import battle, control
from outremer.games.third_crusade.battle_strength import faith_bonus, piece_strength, sides, strength
from outremer.games.third_crusade.procedures import PROCEDURES
from outremer.games.third_crusade.state import UNIT_KINDS, State

from .play import GAME, kind, play, snapshot, start
from .test_order import command, place

ATTACK = ["badr_al_din", "turkoman:cavalry", "turkoman:siege_engine", *["turkoman:infantry"] * 2]
"""Example.TripoliBattle.1: the Turkoman's attacking group on the Road to Tripoli."""


def clear(state: State, *regions: str) -> None:
    for rid in regions:
        here = state.regions[rid]["slots"]
        here[:] = [s if s == "sabotage" else None for s in here]


def put(state: State, region: str, pieces: dict[int, str]) -> None:
    for slot, piece in pieces.items():
        state.regions[region]["slots"][slot] = piece


def order(state: State, region: str, army: str, order_id: str) -> None:
    side = "crusader" if army in ("angevin", "hre") else "muslim"
    state.placed.setdefault(region, {})[side] = {"army": army, "order": order_id, "up": False}


def fight(
    state: State, region: str, attacker: str, road: list[str], origin: str | None, bonus: int = 0
) -> None:
    """Start a Battle as a March would (the hand-over, docs/third-crusade/rules.md), to its first question."""
    state.stack.clear()
    where = {"region": region, "origin": origin, "road": road}
    PROCEDURES.push(state, battle.BATTLE, attacker=attacker, order=None, strength=bonus, **where)
    PROCEDURES.settle(state)


def finish(state: State) -> None:
    """The rest of the Battle, every asked role taking its first choice (where the pieces go)."""
    while state.stack:
        (role,) = GAME.active_roles(state)
        play(state, role, *GAME.legal_actions(state, role)[0])


def seen(state: State, role: str) -> str:
    return json.dumps(GAME.view(state, role), sort_keys=True)


def frame(state: State) -> dict[str, Any]:
    return state.stack[-1]


def strengths(state: State) -> tuple[int, int]:
    f = frame(state)
    return tuple(strength(state, f, side) for side in sides(f))  # type: ignore[return-value]


def tripoli() -> State:
    """Example.TripoliBattle.Setup: the Turkoman attacks Tripoli from the Desert (d_buqaia), leaving 2
    Infantry behind; Tripoli holds a Neutral Infantry, a Holy Roman Empire Infantry, an Angevin
    Cavalry and the Neutral Leader Conrad; the Angevin has 2 Units in the other Desert (d_beqaa)."""
    state = start("four")
    state.initiative = ["turkoman", "hre", "ayyubid", "angevin"]  # the HRE ahead of the Angevin
    clear(state, "tripoli", "d_buqaia", "d_beqaa")
    put(state, "tripoli", {2: "neutral:infantry", 3: "hre:infantry", 6: "angevin:cavalry", 7: "conrad"})
    put(state, "d_buqaia", {2: "turkoman:infantry", 3: "turkoman:infantry"})
    put(state, "d_beqaa", {1: "angevin:infantry", 2: "angevin:infantry"})
    order(state, "tripoli", "hre", "hre_defence")
    order(state, "d_beqaa", "angevin", "angevin_reinforce")
    order(state, "d_buqaia", "turkoman", "turkoman_diversion")
    order(state, "sidon", "angevin", "angevin_diversion")
    for army in state.armies:
        state.tracks[army]["current"] = 5
    return state


def test_the_tripoli_battle() -> None:
    state = tripoli()
    fight(state, "tripoli", "turkoman", list(ATTACK), "d_buqaia")
    # Battle.Roles: no single Army Controls Tripoli; the HRE, higher on initiative, defends
    assert frame(state)["defender"] == "hre"
    # Example.TripoliBattle.1-2: 8 against 4 (the 2 Infantry left behind do not count)
    assert strengths(state) == (8, 4)
    assert GAME.active_roles(state) == ("hre",)
    assert GAME.legal_actions(state, "hre") == [("react", "tripoli"), ("pass",)]
    play(state, "hre", "react", "tripoli")
    assert strengths(state) == (8, 6)  # Example.TripoliBattle.2: the Defence adds 2
    play(state, "hre", "pass")  # still weaker; the HRE has nothing more
    # Example.TripoliBattle.3: the Angevin Reinforces from the adjacent Desert; Sidon is not adjacent
    assert GAME.legal_actions(state, "angevin") == [("react", "d_beqaa"), ("pass",)]
    play(state, "angevin", "react", "d_beqaa")
    assert strengths(state) == (8, 8)
    # Example.TripoliBattle.4: a tie makes the attacker the weaker; its Diversion cancels the Reinforce
    assert GAME.active_roles(state) == ("turkoman",)
    assert ("react", "d_buqaia", 1) in GAME.legal_actions(state, "turkoman")
    play(state, "turkoman", "react", "d_buqaia", 1)
    assert strengths(state) == (8, 6)
    # Example.TripoliBattle.5: no usable Reaction left to the Crusaders (Sidon is not adjacent)
    assert GAME.legal_actions(state, "hre") == [("pass",)]
    play(state, "hre", "pass")
    assert GAME.legal_actions(state, "angevin") == [("pass",)]
    play(state, "angevin", "pass")
    # the executed Reactions are set aside, paid for
    assert set(state.placed) == {"sidon"}
    assert state.executed["angevin"][-1] == "angevin_reinforce"
    assert [state.tracks[a]["current"] for a in ("hre", "angevin", "turkoman")] == [4, 3, 4]
    # Battle.Losses.Count: the winner loses 1, the attacker choosing an Infantry of its own
    assert GAME.active_roles(state) == ("turkoman",)
    play(state, "turkoman", "lose", "road", 3)
    # Example.TripoliBattle.Losses: the Crusaders lose 2; first a Neutral piece or the HRE's own, never
    # the Angevin Cavalry (R40)
    assert GAME.legal_actions(state, "hre") == [("lose", "tripoli", i) for i in (2, 3, 7)]
    play(state, "hre", "lose", "tripoli", 2)
    # then the HRE's own Infantry before the Angevin Cavalry or the Neutral Leader: no choice left
    assert state.regions["tripoli"]["slots"][3] is None
    # Example.TripoliBattle.Defender: the Angevin Cavalry retreats to the other Desert, not the origin
    assert state.regions["d_beqaa"]["slots"][6:8].count("angevin:cavalry") == 1
    # Example.TripoliBattle.Attacker: one hexagonal slot is left beside Conrad for two pieces
    assert GAME.active_roles(state) == ("turkoman",)
    assert ("move", 0, "tripoli", 6) in GAME.legal_actions(state, "turkoman")  # Badr al-Din
    play(state, "turkoman", "move", 1, "tripoli", 6)  # the Cavalry takes it
    play(state, "turkoman", "move", 2, "tripoli", 2)  # the Infantry on a blank square
    # the Siege Engine enters; Badr al-Din retreats to the Desert; the Battle is over
    assert state.stack == []
    squares = [None, None, "turkoman:infantry", None, None, None]
    assert state.regions["tripoli"]["slots"] == [
        *squares,
        "turkoman:cavalry",
        "conrad",
        "turkoman:siege_engine",
    ]
    assert "badr_al_din" in state.regions["d_buqaia"]["slots"]
    # Example.TripoliBattle.Glory: City, and Leaders on both sides: 3 Glory to the Muslims
    assert state.glory == -3
    # Example.TripoliBattle.Mercantile, Battle.After: Tripoli's capture moves the marker to the Turkoman
    assert control.controller(state, "tripoli") == "turkoman"
    assert state.mercantile["muslim"] == ["turkoman", 1]


def test_had_the_other_desert_been_enemy_the_angevin_cavalry_would_have_died() -> None:
    state = tripoli()
    clear(state, "d_beqaa")
    put(state, "d_beqaa", {1: "ayyubid:infantry"})
    del state.placed["d_beqaa"]
    cavalry = state.board_units["angevin"]["cavalry"]
    fight(state, "tripoli", "turkoman", list(ATTACK), "d_buqaia")
    play(state, "hre", "react", "tripoli")
    play(state, "hre", "pass")
    play(state, "angevin", "pass")
    play(state, "turkoman", "lose", "road", 3)
    play(state, "hre", "lose", "tripoli", 2)  # 8 against 6: the Neutral, then the HRE Infantry
    # Example.TripoliBattle.Defender: no Region to retreat to; the Cavalry dies
    assert state.board_units["angevin"]["cavalry"] == cavalry + 1
    assert not any("angevin:cavalry" in state.regions[r]["slots"] for r in ("tripoli", "d_buqaia", "d_beqaa"))


def test_illegal_battle_actions_are_refused_unchanged() -> None:
    state = tripoli()
    fight(state, "tripoli", "turkoman", list(ATTACK), "d_buqaia")
    before = snapshot(state)
    for role, action in [
        ("angevin", ("react", "d_beqaa")),  # Battle.Reaction: the Army in charge is asked first
        ("hre", ("react", "d_beqaa")),  # not the HRE's Order
        ("hre", ("react", "sidon")),  # Foldout.OrderIcons.Reaction: not next to the Battle
        ("turkoman", ("react", "d_buqaia", 0)),  # Battle.Reaction: only the weaker side reacts
        ("hre", ("lose", "tripoli", 2)),  # no loss before the Strengths are compared
    ]:
        with pytest.raises(IllegalAction):
            play(state, role, *action)
        assert snapshot(state) == before


def test_the_reaction_window_opens_whatever_the_weaker_side_holds() -> None:
    # Command.Reaction, fair play: a Defence or a Blank face down in Tripoli, the HRE is asked alike
    twins = []
    for hidden in ("hre_defence", "hre_blank_1"):
        state = tripoli()
        order(state, "tripoli", "hre", hidden)
        fight(state, "tripoli", "turkoman", list(ATTACK), "d_buqaia")
        twins.append(state)
    assert [GAME.active_roles(s) for s in twins] == [("hre",), ("hre",)]
    for role in ("turkoman", "ayyubid"):
        assert seen(twins[0], role) == seen(twins[1], role)
    for state in twins:  # Plutorial.Command.8.Battle: a pass does not show what the Order is
        play(state, "hre", "pass")
    assert seen(twins[0], "turkoman") == seen(twins[1], "turkoman")
    assert [GAME.active_roles(s) for s in twins] == [("angevin",), ("angevin",)]


def plutorial_attack() -> State:
    """Plutorial.Command.1: the Ayyubid marches 3 Infantry and its Cavalry from its Desert (d_samaria)
    into the Angevin's (d_galilee: a Neutral Infantry and an Angevin Cavalry), leaving 1 Infantry."""
    state = start("plutorial")
    clear(state, "d_samaria")
    put(state, "d_samaria", {2: "ayyubid:infantry"})
    order(state, "d_galilee", "angevin", "angevin_defence")
    road = [*["ayyubid:infantry"] * 3, "ayyubid:cavalry"]
    fight(state, "d_galilee", "ayyubid", road, "d_samaria")
    return state


def test_the_plutorial_battle_a_tie_goes_to_the_defender_and_the_attacker_goes_back() -> None:
    state = plutorial_attack()
    # Plutorial.Command.1.Battle: 5 against 3, the Neutral Infantry included
    assert strengths(state) == (5, 3)
    play(state, "angevin", "react", "d_galilee")  # Plutorial.Command.1.Defence: +2 for 1 point
    assert strengths(state) == (5, 5) and state.tracks["angevin"]["current"] == 0
    play(state, "ayyubid", "pass")
    # Battle.Losses: the tie goes to the defender; each side loses 1 (the Angevin the Neutral)
    play(state, "ayyubid", "lose", "road", 0)
    play(state, "angevin", "lose", "d_galilee", 1)
    # Battle.Retreat.Attacker: the beaten attacker goes back where it came from, by its own choice of slots
    assert {a[2] for a in GAME.legal_actions(state, "ayyubid")} == {"d_samaria"}
    finish(state)
    assert state.stack == [] and state.glory == 0  # Battle.Glory: no condition met
    assert sorted(p for p in state.regions["d_samaria"]["slots"] if p) == [
        "ayyubid:cavalry",
        *["ayyubid:infantry"] * 3,
    ]
    assert state.regions["d_galilee"]["slots"][6] == "angevin:cavalry"


def test_the_lone_player_with_higher_faith_gets_one_more() -> None:
    # Battle.Faith, R2: 2 players, the Angevin's Faith 3 against the Ayyubid's 2
    state = start("plutorial")
    state.faith["crusader"] = ["angevin", 3]
    clear(state, "d_samaria")
    fight(state, "d_galilee", "ayyubid", [*["ayyubid:infantry"] * 3, "ayyubid:cavalry"], "d_samaria")
    assert strengths(state) == (5, 4)
    # R27: a March Strength bonus adds to the attacking side
    state = start("plutorial")
    fight(state, "d_galilee", "ayyubid", ["ayyubid:cavalry"], "d_samaria", bonus=1)
    assert strengths(state) == (3, 3)


def test_a_retreat_reaction_leaves_without_losses_and_the_attacker_wins() -> None:
    # Glossary.Retreat, R7: no losses; the Crusaders leave; the Turkoman enters and gains the Glory
    state = tripoli()
    order(state, "tripoli", "hre", "hre_retreat")
    fight(state, "tripoli", "turkoman", list(ATTACK), "d_buqaia")
    play(state, "hre", "react", "tripoli")
    finish(state)
    assert state.stack == []
    assert sorted(p for p in state.regions["d_beqaa"]["slots"] if p) == [
        "angevin:cavalry",
        *["angevin:infantry"] * 2,
        "hre:infantry",
    ]
    tripoli_now = [p for p in state.regions["tripoli"]["slots"] if p]
    assert "neutral:infantry" in tripoli_now and "conrad" in tripoli_now  # Battle.Losses.Assign: they join
    assert state.glory == -3  # Battle.Glory.1-3
    assert control.controller(state, "tripoli") == "turkoman"


def test_a_tactical_retreat_costs_a_unit_and_denies_the_glory() -> None:
    # Glossary.TacticalRetreat, R7: one Unit lost, the others leave; no win, no Glory, no attacker loss
    state = tripoli()
    order(state, "tripoli", "hre", "hre_tactical_retreat")
    fight(state, "tripoli", "turkoman", list(ATTACK), "d_buqaia")
    play(state, "hre", "react", "tripoli")
    # any Unit of the side, the partner's included; not the Leader
    assert GAME.legal_actions(state, "hre") == [("lose", "tripoli", i) for i in (2, 3, 6)]
    play(state, "hre", "lose", "tripoli", 6)
    finish(state)
    assert state.stack == [] and state.glory == 0
    # all five attackers survive; one hexagonal slot beside Conrad: Badr al-Din takes it, the Cavalry retreats
    assert sorted(p for p in state.regions["tripoli"]["slots"] if p and p.startswith("turkoman")) == [
        *["turkoman:infantry"] * 2,
        "turkoman:siege_engine",
    ]
    assert "badr_al_din" in state.regions["tripoli"]["slots"]
    assert "turkoman:cavalry" in state.regions["d_buqaia"]["slots"]
    assert "hre:infantry" in state.regions["d_beqaa"]["slots"]


def test_a_leader_without_unit_icons_alone_is_lost_without_a_fight() -> None:
    # Battle.Strength.LeadersOnly, Glossary.Leader: Ibn Shaddad alone in a Desert is attacked
    state = start("plutorial")
    clear(state, "d_jordan")
    put(state, "d_jordan", {0: "ibn_shaddad"})
    fight(state, "d_jordan", "angevin", ["angevin:cavalry"], "d_galilee")
    finish(state)
    assert "ibn_shaddad" in state.leader_box
    assert state.regions["d_jordan"]["slots"][6] == "angevin:cavalry"  # no loss for the winner
    assert state.glory == 2  # Battle.Glory.3 and .4: a defending Leader, killed


def test_neutral_pieces_alone_do_not_fight() -> None:
    # R38: the Angevin enters a Region of Neutral pieces only; they join it, no Battle, no Glory
    state = start("plutorial")
    clear(state, "d_jordan")
    put(state, "d_jordan", {0: "neutral:infantry"})
    fight(state, "d_jordan", "angevin", ["angevin:cavalry"], "d_galilee")
    finish(state)
    assert state.glory == 0
    assert control.controller(state, "d_jordan") == "angevin"


def test_a_beaten_attacker_placed_by_an_event_retreats_by_the_general_rule() -> None:
    # R8: no origin; to an adjacent Region empty or held by its Alliance
    state = start("plutorial")
    fight(state, "d_galilee", "ayyubid", ["ayyubid:infantry"], None)
    play(state, "ayyubid", "pass")
    # 1 against 3: the attacker loses its only Infantry; the Angevin loses 1 (the Neutral, or its own)
    play(state, "angevin", "lose", "d_galilee", 1)
    assert state.stack == [] and state.glory == 0
    # a Cavalry and a Neutral Infantry left, only one beaten piece: nothing to retreat
    state = start("plutorial")
    fight(state, "d_galilee", "ayyubid", [*["ayyubid:infantry"] * 2, "neutral:infantry"], None)
    play(state, "ayyubid", "pass")
    play(state, "ayyubid", "lose", "road", 0)
    assert GAME.legal_actions(state, "angevin")  # the Angevin assigns its one loss
    play(state, "angevin", "lose", "d_galilee", 1)
    # Battle.Retreat.Defender: the attacker's Neutral joins the winning defenders, who place it
    assert {a[2] for a in GAME.legal_actions(state, "angevin")} == {"d_galilee"}
    play(state, "angevin", *GAME.legal_actions(state, "angevin")[0])
    assert "neutral:infantry" in state.regions["d_galilee"]["slots"]
    # its Infantry retreats to a Region empty or held by the Muslims (R8)
    assert GAME.active_roles(state) == ("ayyubid",)
    places = {a[2] for a in GAME.legal_actions(state, "ayyubid")}
    assert places == {"damascus", "acre", "d_samaria", "d_jordan"}


def test_bandits_strike_a_reinforce_and_a_retreat() -> None:
    # Glossary.Bandit, R5, R11: a Bandit on the Road from the Reinforcing Desert costs 2 of its Units
    state = tripoli()
    put(state, "d_beqaa", {3: "angevin:infantry"})  # 3 Angevin Units there
    state.bandits["d_beqaa|tripoli"] = 1
    fight(state, "tripoli", "turkoman", list(ATTACK), "d_buqaia")
    play(state, "hre", "pass")
    play(state, "angevin", "react", "d_beqaa")
    assert GAME.active_roles(state) == ("angevin",)  # it chooses which Units the Bandits take
    assert GAME.legal_actions(state, "angevin") == [("lose", "d_beqaa", i) for i in (1, 2, 3)]
    play(state, "angevin", "lose", "d_beqaa", 1)
    play(state, "angevin", "lose", "d_beqaa", 2)
    assert "d_beqaa|tripoli" not in state.bandits  # then the Bandits go
    assert strengths(state) == (8, 5)  # 4 in Tripoli and 1 Unit left to Reinforce
    # a retreat along a Road with Bandits loses its Units the same way
    state = tripoli()
    state.bandits["d_beqaa|tripoli"] = 1
    fight(state, "tripoli", "turkoman", list(ATTACK), "d_buqaia")
    play(state, "hre", "react", "tripoli")
    play(state, "hre", "pass")
    play(state, "angevin", "pass")
    play(state, "turkoman", "lose", "road", 3)
    play(state, "hre", "lose", "tripoli", 2)
    cavalry = state.board_units["angevin"]["cavalry"]
    finish(state)
    # the Angevin Cavalry retreated to the other Desert and was lost on the way; the Bandit is gone
    assert state.board_units["angevin"]["cavalry"] == cavalry + 1
    assert "angevin:cavalry" not in state.regions["d_beqaa"]["slots"]
    assert "d_beqaa|tripoli" not in state.bandits


def test_the_plutorial_battle_in_the_desert() -> None:
    # Plutorial.Command.7-8: Al-Afdal and an Infantry hold the west Desert of Damascus over a Blank;
    # James and 2 Infantry march on it from Sidon; the Ayyubid's Cavalry stands in the other Desert
    state = start("plutorial")
    clear(state, "d_beqaa", "d_jordan")
    put(state, "damascus", {5: None, 7: None})
    put(state, "sidon", {3: None, 7: None})
    put(state, "d_beqaa", {2: "ayyubid:infantry", 6: "al_afdal"})
    put(state, "d_jordan", {7: "ayyubid:cavalry"})
    order(state, "d_beqaa", "ayyubid", "ayyubid_blank_1")
    control.update_tracks(state)
    before = {army: dict(state.tracks[army]) for army in state.armies}
    fight(state, "d_beqaa", "angevin", ["james", "angevin:infantry", "angevin:infantry"], "sidon")
    # Plutorial.Command.8.Battle: 4 against 3; the Ayyubid declines, its Blank unshown
    assert strengths(state) == (4, 3)
    assert GAME.legal_actions(state, "ayyubid") == [("pass",)]
    play(state, "ayyubid", "pass")
    play(state, "angevin", "lose", "road", 1)  # Plutorial.Command.8.Glory: an Infantry
    play(state, "ayyubid", "lose", "d_beqaa", 2)  # its Infantry
    # Al-Afdal retreats to an adjacent Region of its own: Damascus or the weaker Desert
    assert {a[2] for a in GAME.legal_actions(state, "ayyubid")} == {"damascus", "d_jordan"}
    play(state, "ayyubid", "move", 0, "d_jordan", 6)  # on the supply icon, the one hexagon left
    play(state, "angevin", "move", 1, "d_beqaa", 1)  # the Infantry leaves the crown icon clear
    assert state.stack == [] and "james" in state.regions["d_beqaa"]["slots"]
    # 2 Glory for Leaders on both sides; the Ayyubid's supply and crown down, the Angevin's crown up
    assert state.glory == 2
    assert state.tracks["ayyubid"]["supply"] == before["ayyubid"]["supply"] - 1
    assert state.tracks["ayyubid"]["crowns"] == before["ayyubid"]["crowns"] - 1
    assert state.tracks["angevin"]["crowns"] == before["angevin"]["crowns"] + 1


def test_an_order_marching_into_enemies_fights_and_the_command_phase_goes_on() -> None:
    # Command.Order.Battle: the Angevin's Order in Sidon adds an Infantry and marches James and 2
    # Infantry on the Desert Al-Afdal holds (Plutorial.Command.8); the Battle is part of that action
    state = command()
    put(state, "damascus", {7: None})
    put(state, "d_beqaa", {1: "ayyubid:infantry", 6: "al_afdal"})
    place(state, "angevin", "angevin_levy_and_march", "sidon")
    play(state, "ayyubid", "pass")
    play(state, "angevin", "order", "sidon")
    for action in [("slot", 4), ("to", "d_beqaa"), ("take", 7), ("take", 2), ("take", 3), ("go",)]:
        play(state, "angevin", *action)
    assert kind(state) == "battle" and strengths(state) == (4, 3)
    play(state, "ayyubid", "pass")  # a passed player may still react, or not (Command.Pass)
    play(state, "angevin", "lose", "road", 1)
    play(state, "ayyubid", "lose", "d_beqaa", 1)
    play(state, "ayyubid", "move", 0, "d_jordan", 6)
    play(state, "angevin", "move", 1, "d_beqaa", 1)  # off the crown icon
    assert state.glory == 2 and control.controller(state, "d_beqaa") == "angevin"
    assert kind(state) == "command" and GAME.active_roles(state) == ("angevin",)


def test_three_players_the_lone_faith_against_the_enemy_army_in_charge() -> None:
    # Battle.Faith, R2: the pair's marker leans 3 to the Ayyubid; the Turkoman's Faith counts 0
    state = start("three_angevin")
    state.faith["muslim"] = ["ayyubid", 3]
    turkoman = {"attacker": "turkoman", "defender": "angevin"}
    assert [faith_bonus(state, turkoman, side) for side in ("crusader", "muslim")] == [1, 0]
    ayyubid = {"attacker": "ayyubid", "defender": "angevin"}  # 3 against the lone player's 2
    assert [faith_bonus(state, ayyubid, side) for side in ("crusader", "muslim")] == [0, 0]
    # 4 players: no Faith bonus at all
    state = start("four")
    state.faith["crusader"] = ["hre", 5]
    assert faith_bonus(state, {"attacker": "hre", "defender": "turkoman"}, "crusader") == 0


def test_the_strength_table() -> None:
    # Battle.Strength.Table: Infantry 1/1, Cavalry 1/2, Siege Engine 3/0 (City/Desert); a Leader by its icons
    state = start("four")
    table = {k: [piece_strength(state, f"hre:{k}", r) for r in ("city", "desert")] for k in UNIT_KINDS}
    assert table == {"infantry": [1, 1], "cavalry": [1, 2], "siege_engine": [3, 0]}
    assert [piece_strength(state, "saladin", r) for r in ("city", "desert")] == [2, 4]  # 2 Cavalry icons
    assert piece_strength(state, "ibn_shaddad", "city") == 0
