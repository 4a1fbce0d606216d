"""Movement (5.0-5.5), crusader entries (7.22, 7.23), Winter Turn moves (8.1), forced marches."""

from __future__ import annotations

import pytest

from outremer.engine import rng
from outremer.engine.errors import IllegalAction
from outremer.games.crusader_rex import common, movement
from outremer.games.crusader_rex.game import CrusaderRex
from outremer.games.crusader_rex.positions import position, put

from .battle import handed_back

G = CrusaderRex()
F, S = "Franks", "Saracens"


@pytest.fixture
def done():
    """Whether the move phase a test started is over: started alone on a position built by hand, it
    hands back to nothing (in a game the turn goes on to the other player, turn.py)."""
    return handed_back


def moving(side=F, moves=3, p1=F, turn=2, **opts):
    s = position(turn=turn, p1=p1, options=opts or None)
    return s


def legal(s, role=F):
    return G.legal_actions(s, role)


def steps_of(s, block, role=F):
    return sorted(a[2] for a in legal(s, role) if a[0] == "step" and a[1] == block)


def test_group_move_follows_roads_within_move_rating(done):
    # 5.2, 2.13: a group moves along roads up to each block's Move Rating.
    s = moving()
    put(s, "balian", "Nablus")  # move 2
    movement.start_move_phase(s, F, 3)
    G.apply_in_place(s, F, ("group", "Nablus"))
    assert steps_of(s, "balian") == ["Baisan", "Caesarea", "Damiya", "Jerusalem", "Legio"]
    G.apply_in_place(s, F, ("step", "balian", "Jerusalem"))
    assert "Hebron" in steps_of(s, "balian")
    G.apply_in_place(s, F, ("step", "balian", "Hebron"))
    assert steps_of(s, "balian") == []  # 2.13: two towns used up
    G.apply_in_place(s, F, ("end",))
    assert s.loc["balian"] == "Hebron"
    assert s.mv["moves"] == 2


def test_each_block_moves_once_per_phase(done):
    # 5.0: each block can only move once per movement phase.
    s = moving()
    put(s, "balian", "Nablus")
    movement.start_move_phase(s, F, 3)
    G.apply_in_place(s, F, ("group", "Nablus"))
    G.apply_in_place(s, F, ("step", "balian", "Jerusalem"))
    G.apply_in_place(s, F, ("end",))
    assert ("group", "Jerusalem") not in legal(s)


def test_minor_road_takes_two_blocks_per_phase(done):
    # 5.1: a minor road carries at most two blocks per movement phase.
    s = moving()
    for b in ("templars_jerusalem", "hospitallers_jerusalem", "king_guy"):
        put(s, b, "Jerusalem")
    movement.start_move_phase(s, F, 3)
    G.apply_in_place(s, F, ("group", "Jerusalem"))
    G.apply_in_place(s, F, ("step", "templars_jerusalem", "Jericho"))  # Jericho-Jerusalem is minor
    G.apply_in_place(s, F, ("step", "hospitallers_jerusalem", "Jericho"))
    assert "Jericho" not in steps_of(s, "king_guy")
    assert "Hebron" in steps_of(s, "king_guy")  # major road still open


def test_major_road_takes_four_blocks_and_guide_raises_it(done):
    # 5.1: four blocks on a major road; the Guide event raises it to eight (card notes).
    for guide in (False, True):
        s = moving()
        blocks = ["templars_jerusalem", "hospitallers_jerusalem", "king_guy", "balian", "walter"]
        for b in blocks:
            put(s, b, "Jerusalem")
        if guide:
            s.flags["guide"] = F
        movement.start_move_phase(s, F, 1)
        G.apply_in_place(s, F, ("group", "Jerusalem"))
        for b in blocks[:4]:
            G.apply_in_place(s, F, ("step", b, "Hebron"))
        assert ("Hebron" in steps_of(s, "walter")) is guide


def test_iron_bridge_option_limits_to_three(done):
    # Optional rule (p.4): the Antioch-Harim road takes at most three blocks.
    s = moving(iron_bridge=True)
    blocks = ["bohemond", "templars_antioch", "turcopoles_antioch", "josselin"]
    for b in blocks:
        put(s, b, "Antioch")
    movement.start_move_phase(s, F, 1)
    G.apply_in_place(s, F, ("group", "Antioch"))
    for b in blocks[:3]:
        G.apply_in_place(s, F, ("step", b, "Harim"))
    assert "Harim" not in steps_of(s, "josselin")


def test_must_stop_in_town_with_enemy_and_records_main_attack(done):
    # 5.0: a block stops in a town defended by enemy blocks; 6.41: its road is the Main Attack.
    s = moving()
    put(s, "king_guy", "Jerusalem")
    put(s, "balian", "Jerusalem")
    put(s, "yazkuj", "Hebron")
    movement.start_move_phase(s, F, 2)
    G.apply_in_place(s, F, ("group", "Jerusalem"))
    G.apply_in_place(s, F, ("step", "king_guy", "Hebron"))
    assert steps_of(s, "king_guy") == []
    G.apply_in_place(s, F, ("step", "balian", "Jericho"))
    G.apply_in_place(s, F, ("end",))
    rec = s.attacks["Hebron"]
    assert rec["attacker"] == F and rec["main"] == "Hebron|Jerusalem"
    assert rec["reserves"] == {}


def test_second_road_arrives_as_reserve(done):
    # 6.41: blocks attacking along another road than the Main Attack are reserves (round 2).
    s = moving()
    put(s, "king_guy", "Jerusalem")
    put(s, "reynald_kerak", "Kerak")
    put(s, "yazkuj", "Hebron")
    movement.start_move_phase(s, F, 2)
    G.apply_in_place(s, F, ("group", "Jerusalem"))
    G.apply_in_place(s, F, ("step", "king_guy", "Hebron"))
    G.apply_in_place(s, F, ("end",))
    G.apply_in_place(s, F, ("group", "Kerak"))
    G.apply_in_place(s, F, ("step", "reynald_kerak", "Zoar"))
    G.apply_in_place(s, F, ("step", "reynald_kerak", "Hebron"))
    assert s.attacks["Hebron"]["reserves"] == {"reynald_kerak": 2}


def test_pinning_holds_player2_blocks_and_bars_attack_roads(done):
    # 5.5: attackers (not reserves) pin as many Player 2 blocks; the rest may not leave by the
    # attacker's road.
    s = moving(p1=S)
    put(s, "balian", "Nablus")
    put(s, "walter", "Nablus")
    put(s, "saladin", "Nablus")
    s.attacks["Nablus"] = {
        "attacker": S,
        "roads": {S: ["Jerusalem|Nablus"]},
        "main": "Jerusalem|Nablus",
        "reserves": {},
        "first": 1,
    }
    movement.start_move_phase(s, F, 3)
    G.apply_in_place(s, F, ("group", "Nablus"))
    assert "Jerusalem" not in steps_of(s, "balian")  # the attacker's road
    G.apply_in_place(s, F, ("step", "balian", "Legio"))
    assert steps_of(s, "walter") == []  # one attacker pins one of the two defenders


def test_reserves_do_not_pin(done):
    # 5.5: reserves are not counted for pinning.
    s = moving(p1=S)
    put(s, "balian", "Nablus")
    put(s, "saladin", "Nablus")
    s.attacks["Nablus"] = {
        "attacker": S,
        "roads": {S: ["Jerusalem|Nablus"]},
        "main": "Baisan|Nablus",
        "reserves": {"saladin": 2},
        "first": 1,
    }
    movement.start_move_phase(s, F, 3)
    G.apply_in_place(s, F, ("group", "Nablus"))
    assert "Legio" in steps_of(s, "balian")


def test_player2_response_arrives_round_2_then_3(done):
    # 6.42: Player 2 reinforcing a battle: round 2 by one road, round 3 by others.
    s = moving(p1=S)
    put(s, "balian", "Nablus")
    put(s, "saladin", "Nablus")
    put(s, "walter", "Caesarea")
    put(s, "king_guy", "Jerusalem")
    s.attacks["Nablus"] = {
        "attacker": S,
        "roads": {S: ["Baisan|Nablus"]},
        "main": "Baisan|Nablus",
        "reserves": {},
        "first": 1,
    }
    movement.start_move_phase(s, F, 3)
    G.apply_in_place(s, F, ("group", "Caesarea"))
    G.apply_in_place(s, F, ("step", "walter", "Nablus"))
    G.apply_in_place(s, F, ("end",))
    G.apply_in_place(s, F, ("group", "Jerusalem"))
    G.apply_in_place(s, F, ("step", "king_guy", "Nablus"))
    assert s.attacks["Nablus"]["reserves"] == {"walter": 2, "king_guy": 3}


def test_muster_only_through_friendly_or_vacant_towns(done):
    # 5.3: several groups move to one friendly town for one move; no new battles on the way.
    s = moving()
    put(s, "king_guy", "Jerusalem")
    put(s, "walter", "Caesarea")
    put(s, "balian", "Acre")
    put(s, "yazkuj", "Legio")  # an enemy block on one route
    movement.start_move_phase(s, F, 2)
    G.apply_in_place(s, F, ("muster",))
    assert ("muster", "Acre") in legal(s)
    G.apply_in_place(s, F, ("muster", "Acre"))
    assert steps_of(s, "walter") == ["Acre"]
    G.apply_in_place(s, F, ("step", "walter", "Acre"))
    assert steps_of(s, "king_guy") == []  # Acre is 3 towns away through Legio, which is enemy
    G.apply_in_place(s, F, ("end",))
    assert s.mv["moves"] == 1
    assert s.attacks == {}


def test_muster_block_finishes_before_another_starts(done):
    # 5.3: a block on its way to the muster town keeps going until it arrives.
    s = moving()
    put(s, "templars_jerusalem", "Jerusalem")  # move 3: Jerusalem-Nablus-Legio-Acre
    put(s, "walter", "Caesarea")
    put(s, "balian", "Acre")
    movement.start_move_phase(s, F, 1)
    G.apply_in_place(s, F, ("muster",))
    G.apply_in_place(s, F, ("muster", "Acre"))
    G.apply_in_place(s, F, ("step", "templars_jerusalem", "Nablus"))
    assert {a[1] for a in legal(s) if a[0] == "step"} == {"templars_jerusalem"}
    assert ("end",) not in legal(s)


def test_sea_move_between_friendly_ports_costs_a_move_per_block(done):
    # 5.4: sea moves between friendly ports cost one move per block.
    s = moving()
    put(s, "walter", "Caesarea")
    put(s, "conrad", "Caesarea")
    put(s, "yazkuj", "Jaffa")
    movement.start_move_phase(s, F, 2)
    targets = {a[2] for a in legal(s) if a[0] == "sea" and a[1] == "walter"}
    assert "Acre" in targets and "Tyre" in targets
    assert "Jaffa" not in targets  # enemy-held port
    assert "Egypt" not in targets  # enemy kingdom
    G.apply_in_place(s, F, ("sea", "walter", "Acre"))
    G.apply_in_place(s, F, ("sea", "conrad", "Tyre"))
    assert s.loc["walter"] == "Acre" and s.loc["conrad"] == "Tyre"
    assert done(s) and s.mv["side"] == F  # two moves spent: the phase ends


def test_crusaders_sail_only_when_the_whole_nation_is_drawn(done):
    # 7.21, 7.22: staging blocks move only when all three of the nation are drawn, by sea.
    s = moving()
    put(s, "richard", "England", revealed=True)
    put(s, "robert", "England", revealed=True)
    movement.start_move_phase(s, F, 3)
    assert not [a for a in legal(s) if a[0] == "sea"]
    s2 = moving()
    for b in ("richard", "robert", "crossbows"):
        put(s2, b, "England", revealed=True)
    put(s2, "balian", "Acre")
    movement.start_move_phase(s2, F, 3)
    assert ("sea", "richard", "Acre") in legal(s2)


def test_english_may_attack_an_enemy_port_by_sea(done):
    # 7.22: Richard's sea-legs.
    s = moving()
    for b in ("richard", "robert", "crossbows"):
        put(s, b, "England", revealed=True)
    put(s, "philippe", "France", revealed=True)
    for b in ("hugues", "fileps"):
        put(s, b, "France", revealed=True)
    put(s, "yazkuj", "Jaffa")
    movement.start_move_phase(s, F, 3)
    assert ("sea", "richard", "Jaffa") in legal(s)
    assert ("sea", "philippe", "Jaffa") not in legal(s)
    G.apply_in_place(s, F, ("sea", "richard", "Jaffa"))
    assert s.attacks["Jaffa"]["main"] == "sea"


def test_germans_enter_at_three_towns_one_move_each(done):
    # 7.23
    s = moving()
    for b in ("barbarossa", "frederik", "leopold"):
        put(s, b, "Germania", revealed=True)
    put(s, "zangi", "Aleppo")
    movement.start_move_phase(s, F, 3)
    entries = {(a[1], a[2]) for a in legal(s) if a[0] == "enter"}
    assert ("barbarossa", "Aleppo") in entries and ("barbarossa", "St. Simeon") in entries
    G.apply_in_place(s, F, ("enter", "barbarossa", "St. Simeon"))
    G.apply_in_place(s, F, ("enter", "frederik", "St. Simeon"))
    # the off-map road to St. Simeon is minor: two blocks (5.1)
    assert ("enter", "leopold", "St. Simeon") not in legal(s)
    G.apply_in_place(s, F, ("enter", "leopold", "Aleppo"))
    assert s.attacks["Aleppo"]["attacker"] == F


def test_winter_turn_moves_cannot_enter_enemy_towns(done):
    # 8.1: no starting or reinforcing battles in the Winter Turn; vacant towns may be occupied.
    s = moving(turn=6)
    put(s, "king_guy", "Jerusalem")
    put(s, "yazkuj", "Hebron")
    movement.start_move_phase(s, F, 1)
    G.apply_in_place(s, F, ("group", "Jerusalem"))
    assert "Hebron" not in steps_of(s, "king_guy")
    assert "Jericho" in steps_of(s, "king_guy")


def test_forced_march_adds_a_town_and_rolls_for_a_step(done, monkeypatch):
    # Optional forced marches (p.4): +1 town; after movement, 1-3 loses a step.
    s = moving(forced_marches=True)
    put(s, "balian", "Nablus")
    movement.start_move_phase(s, F, 1)
    G.apply_in_place(s, F, ("group", "Nablus"))
    for town in ("Jerusalem", "Hebron", "Zoar"):
        G.apply_in_place(s, F, ("step", "balian", town))
    monkeypatch.setattr(movement, "roll", lambda state, n: [2])
    G.apply_in_place(s, F, ("end",))
    assert s.steps["balian"] == 2
    assert done(s) and s.mv["side"] == F


def test_winter_campaign_names_a_siege_being_besieged(done):
    # 8.2: the Winter Campaign player keeps one siege it is besieging.
    s = moving(turn=6)
    put(s, "saladin", "Tiberias")
    put(s, "raymond_tiberias", "Tiberias", castle=True)
    put(s, "balian", "Nablus")
    movement.start_move_phase(s, S, 1, winter_campaign=True)
    assert ("campaign", "Tiberias") in legal(s, S)
    G.apply_in_place(s, S, ("campaign", "Tiberias"))
    assert s.flags["winter_campaign"] == {"side": S, "town": "Tiberias"}


def test_illegal_step_is_refused_and_changes_nothing(done):
    s = moving()
    put(s, "balian", "Nablus")
    movement.start_move_phase(s, F, 1)
    G.apply_in_place(s, F, ("group", "Nablus"))
    before = G.to_json(s)
    with pytest.raises(IllegalAction):
        G.apply_in_place(s, F, ("step", "balian", "Egypt"))
    assert G.to_json(s) == before


def _muster_target_ok(m, town):
    """5.3, 8.1 stated plainly: friendly, or a siege being besieged; in winter no enemy at all."""
    if m.winter:
        return m.friendly(town) and not m.enemy_at(town)
    return m.holds_field(town) or (m.friendly(town) and not m.enemy_at(town))


def _brute_muster_targets(s):
    """Every friendly town some unmoved block can reach by a simple path (5.3), by brute force."""
    mv = s.mv
    m = movement._Map(s, mv["side"])
    found = set()

    def walk(origin, at, left, seen):
        for nxt, road in movement.TOWN_ADJ[at]:
            if nxt in seen or road in m.full or (at == origin and road in mv["barred"].get(at, ())):
                continue
            found.add(nxt)
            if left > 1 and m.passable(nxt):
                walk(origin, nxt, left - 1, (*seen, nxt))

    for town in m.mine:
        movers = movement._road_movers(mv, m, town)
        if movers:
            walk(town, town, max(movement._allowance(s, b) for b in movers), (town,))
    return sorted(t for t in found if not common.TOWNS[t].no_entry and _muster_target_ok(m, t))


@pytest.mark.parametrize("seed", range(40))
def test_muster_targets_match_brute_force(seed, done):
    # 5.3: the muster towns offered are exactly those some block can reach.
    import random

    r = random.Random(seed)
    s = moving(forced_marches=bool(seed % 2))
    towns = [t for t in common.TOWNS if not common.TOWNS[t].no_entry]
    for b, info in common.BLOCKS.items():
        if info.side in (F, S) and r.random() < 0.35:
            put(s, b, r.choice(towns))
    movement.start_move_phase(s, F, 3)
    for road in r.sample(sorted(common.BOARD.roads), 12):
        s.mv["roads"][road] = 4
    s.mv["moved"] = [b for b in common.BLOCKS if r.random() < 0.2]
    m = movement._Map(s, F)
    expected = _brute_muster_targets(s)
    assert movement._muster_targets(s, s.mv, m) == expected
    assert movement._can_muster(s, s.mv, movement._Map(s, F)) == bool(expected)


def test_saracens_never_move_crusaders_out_of_staging(done):
    # 7.21, 7.22: the staging boxes hold Frank blocks; only the Franks move them.
    s = moving(p1=S)
    for b in ("philippe", "hugues", "fileps"):
        put(s, b, "France", revealed=True)
    put(s, "saladin", "Egypt")
    movement.start_move_phase(s, S, 3)
    assert not [a for a in legal(s, S) if a[0] == "sea" and a[1] in ("philippe", "hugues", "fileps")]


def test_muster_choice_can_be_taken_back_without_spending_a_move(done):
    # 5.3: declaring the muster town spends the move; choosing to muster first does not.
    s = moving()
    put(s, "walter", "Caesarea")
    put(s, "balian", "Acre")
    movement.start_move_phase(s, F, 2)
    G.apply_in_place(s, F, ("muster",))
    G.apply_in_place(s, F, ("end",))
    assert s.mv["moves"] == 2 and s.mv["kind"] is None


def test_no_muster_is_offered_when_no_block_can_reach_a_friendly_town(done):
    # 5.3: a lone block with nowhere friendly within reach cannot muster.
    s = moving()
    put(s, "reynald_kerak", "Kerak")
    for b, town in (("saladin", "Amman"), ("al_adil", "Zoar"), ("yazkuj", "Jericho")):
        put(s, b, town)
    movement.start_move_phase(s, F, 1)
    assert ("muster",) not in legal(s)


def test_a_block_moved_in_one_group_move_is_not_moved_again_in_the_next(done):
    # 5.0: each block moves once per movement phase; 5.2: a group move moves the blocks of its
    # own town only. Balian used one of his two towns in the first group move.
    s = moving()
    put(s, "balian", "Nablus")
    put(s, "king_guy", "Jerusalem")
    movement.start_move_phase(s, F, 3)
    G.apply_in_place(s, F, ("group", "Nablus"))
    G.apply_in_place(s, F, ("step", "balian", "Caesarea"))
    G.apply_in_place(s, F, ("end",))
    G.apply_in_place(s, F, ("group", "Jerusalem"))
    assert steps_of(s, "balian") == []
    assert {a[1] for a in legal(s) if a[0] == "step"} == {"king_guy"}


def test_a_block_that_mustered_is_not_moved_again_in_a_group_move(done):
    # 5.0, 5.3: a block that mustered has had its move this phase.
    s = moving()
    put(s, "balian", "Nablus")
    put(s, "king_guy", "Jerusalem")
    movement.start_move_phase(s, F, 3)
    G.apply_in_place(s, F, ("muster",))
    G.apply_in_place(s, F, ("muster", "Jerusalem"))
    G.apply_in_place(s, F, ("step", "balian", "Jerusalem"))
    G.apply_in_place(s, F, ("end",))
    G.apply_in_place(s, F, ("group", "Jerusalem"))
    assert steps_of(s, "balian") == []
    assert steps_of(s, "king_guy")


def test_a_besieger_may_sail_into_an_ordinary_port_it_besieges(done):
    # 6.51: the besieger controls a besieged port, so it is friendly to it for Sea Moves (5.4);
    # the block joins the field of the siege, starting no new battle.
    s = moving()
    put(s, "walter", "Acre")
    put(s, "yazkuj", "Acre", castle=True)
    put(s, "balian", "Jaffa")
    movement.start_move_phase(s, F, 2)
    assert ("sea", "balian", "Acre") in legal(s)
    G.apply_in_place(s, F, ("sea", "balian", "Acre"))
    assert s.loc["balian"] == "Acre" and "balian" not in s.castle
    assert "Acre" not in s.attacks


def test_a_besieger_may_not_sail_into_tyre_or_tripoli(done):
    # 6.51, 5.4: Tyre and Tripoli stay friendly to the besieged player.
    s = moving()
    put(s, "walter", "Tyre")
    put(s, "yazkuj", "Tyre", castle=True)
    put(s, "balian", "Jaffa")
    movement.start_move_phase(s, F, 2)
    assert ("sea", "balian", "Tyre") not in legal(s)
    assert ("sea", "balian", "Acre") in legal(s)


def test_a_game_of_save_format_1_keeps_the_movement_rules_it_was_played_with(done):
    # common.rules_of_format_1: a game on the legacy generator (outremer/save/1) is replayed under
    # the rules it was played with, before 5.0 (a block moved in one group move is offered steps in
    # the next) and 6.51, 5.4 (no sea move into a port the side besieges) were ruled.
    s = moving()
    s.rng = rng.seed_state(1, rng.LEGACY)
    put(s, "walter", "Acre")
    put(s, "yazkuj", "Acre", castle=True)
    put(s, "balian", "Jaffa")
    movement.start_move_phase(s, F, 2)
    assert ("sea", "balian", "Acre") not in legal(s)
    s = moving()
    s.rng = rng.seed_state(1, rng.LEGACY)
    put(s, "balian", "Nablus")
    put(s, "king_guy", "Jerusalem")
    movement.start_move_phase(s, F, 3)
    G.apply_in_place(s, F, ("group", "Nablus"))
    G.apply_in_place(s, F, ("step", "balian", "Caesarea"))
    G.apply_in_place(s, F, ("end",))
    G.apply_in_place(s, F, ("group", "Jerusalem"))
    assert steps_of(s, "balian")
