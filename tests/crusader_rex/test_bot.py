"""The scripted bot: legal, attacks at good odds, keeps its castles garrisoned."""

from __future__ import annotations

import os
import subprocess
import sys

from outremer.games.crusader_rex import combat, movement, turn, winter
from outremer.games.crusader_rex.bot import ScriptedBot
from outremer.games.crusader_rex.game import CrusaderRex
from outremer.games.crusader_rex.positions import position, put
from outremer.games.crusader_rex.procedures import PROCEDURES

from .battle import act, attack

G = CrusaderRex()
F, S = "Franks", "Saracens"


def play_moves(s, side, limit=40):
    bot = ScriptedBot(1)
    for _ in range(limit):
        if s.phase != "move":
            break
        G.apply_in_place(s, side, bot.choose(G, s, side))


def test_attacks_a_weak_neighbour_at_good_odds():
    # Two strong Frank blocks next to one Saracen block: the bot attacks (5.2, 6.0).
    s = position(turn=2, p1=F)
    for b in ("templars_jerusalem", "hospitallers_jerusalem", "king_guy"):
        put(s, b, "Jerusalem")
    put(s, "yazkuj", "Hebron", steps=1)
    movement.start_move_phase(s, F, 1)
    play_moves(s, F)
    attackers = [
        b for b in ("templars_jerusalem", "hospitallers_jerusalem", "king_guy") if s.loc[b] == "Hebron"
    ]
    assert len(attackers) >= 2
    assert s.attacks["Hebron"]["attacker"] == F


def test_does_not_strip_a_threatened_castle():
    # A lone garrison next to a strong enemy army stays home (keeps castles garrisoned).
    # The victory cities nearby are held: with Acre or Jerusalem empty, the bot rightly sends
    # Balian to garrison the victory city instead (1.2).
    s = position(turn=2, p1=F)
    put(s, "balian", "Nablus")
    put(s, "conrad", "Acre")
    put(s, "king_guy", "Jerusalem")
    for b in ("saladin", "al_adil", "taqi_al_din"):
        put(s, b, "Baisan")
    movement.start_move_phase(s, F, 2)
    play_moves(s, F)
    assert s.loc["balian"] == "Nablus"


def test_does_not_attack_at_bad_odds():
    # One weak block does not throw itself at a strong stack.
    s = position(turn=2, p1=F)
    put(s, "walter", "Caesarea", steps=1)
    put(s, "josselin", "Caesarea")
    for b in ("saladin", "al_adil", "taqi_al_din", "keukburi"):
        put(s, b, "Jaffa")
    movement.start_move_phase(s, F, 1)
    play_moves(s, F)
    assert "Jaffa" not in s.attacks


def test_only_legal_actions_in_whole_games():
    # The bot plays complete games (apply_in_place refuses anything illegal).
    for seed in (1, 2):
        s = G.setup(seed)
        bots = {F: ScriptedBot(seed), S: ScriptedBot(seed + 100)}
        steps = 0
        while G.outcome(s) is None and steps < 20000:
            role = s.active[0]
            G.apply_in_place(s, role, bots[role].choose(G, s, role))
            steps += 1
        assert G.outcome(s) is not None


# -- helpers for single decisions ------------------------------------------------------------------
def decide(s, role=None):
    role = role or s.active[0]
    action = ScriptedBot(3).choose(G, s, role)
    assert action in G.legal_actions(s, role)
    return action


def test_keeps_a_threatened_victory_city_garrisoned():
    # 1.2: Jerusalem is a victory city; a Saracen army next door. The lone garrison stays even
    # though a weak Saracen block at Jericho could be attacked.
    s = position(turn=2, p1=F)
    put(s, "king_guy", "Jerusalem")
    for b in ("saladin", "al_adil", "taqi_al_din"):
        put(s, b, "Hebron")
    put(s, "yazkuj", "Jericho", steps=1)
    movement.start_move_phase(s, F, 2)
    play_moves(s, F)
    assert s.loc["king_guy"] == "Jerusalem"


def test_takes_an_empty_enemy_victory_city():
    # 1.2, 1.12: occupying a vacant enemy town makes it friendly at once; Jerusalem stands empty.
    s = position(turn=2, p1=S)
    for b in ("saladin", "al_adil"):
        put(s, b, "Hebron")
    put(s, "balian", "Acre")
    movement.start_move_phase(s, S, 1)
    play_moves(s, S)
    assert any(s.loc[b] == "Jerusalem" for b in ("saladin", "al_adil"))


def test_plays_a_low_card_when_there_is_nothing_to_do():
    # 4.1, 5.0: unused moves are lost; with no enemy in reach the bot keeps its Move 3.
    s = position(turn=1)
    put(s, "king_guy", "Jerusalem")
    put(s, "saladin", "Aleppo")
    s.hands[F] = ["move3_1", "move2_1", "move1_1"]
    s.hands[S] = ["move2_2"]
    turn.start_turn(s)
    PROCEDURES.settle(s)
    s.turn = 1
    assert decide(s, F) == ("card", "move1_1")


def test_plays_a_high_card_to_attack():
    # 4.1: the higher card makes Player 1, who moves first; with a winning attack at hand the bot
    # plays its Move 3.
    s = position(turn=1)
    for b in ("templars_jerusalem", "hospitallers_jerusalem", "king_guy"):
        put(s, b, "Jerusalem")
    put(s, "yazkuj", "Hebron", steps=1)
    s.hands[F] = ["move3_1", "move2_1", "move1_1"]
    s.hands[S] = ["move2_2"]
    turn.start_turn(s)
    PROCEDURES.settle(s)
    s.turn = 1
    assert decide(s, F) == ("card", "move3_1")


def test_fires_when_ahead(done, dice):
    # 6.2, 6.6: a strong defender does not retreat from a weak attacker.
    s = position(p1=S)
    for b in ("hospitallers_jerusalem", "templars_jerusalem", "king_guy"):
        put(s, b, "Nablus")
    put(s, "sulaiman", "Nablus", steps=1)
    attack(s, "Nablus", S, ["Baisan|Nablus"])
    dice.extend([6] * 200)
    combat.start_battle_phase(s)
    while s.phase == "combat_deploy":
        act(s, *decide(s))
    assert s.phase == "combat_turn"
    while s.phase == "combat_turn" and s.active == [S]:
        act(s, *decide(s))
    assert s.phase == "combat_turn" and s.active == [F]
    assert decide(s)[0] in ("fire", "charge")


def test_retreats_when_hopeless(done, dice):
    # 6.6: a lone weak block facing an army retreats on its turn rather than dying.
    s = position(p1=S)
    put(s, "reynald_sidon", "Legio", steps=1)
    for b in ("saladin", "al_adil", "taqi_al_din", "al_mashtub"):
        put(s, b, "Legio", revealed=True)
    attack(s, "Legio", S, ["Baisan|Legio"])
    dice.extend([6] * 200)
    combat.start_battle_phase(s)
    while s.phase != "combat_turn" or s.active != [F]:
        act(s, *decide(s))
    assert decide(s)[0] == "retreat"


def test_castle_when_the_field_is_lost(done, dice):
    # 6.1, 6.54: a weak garrison of a victory city goes into the castle (double defense).
    s = position(p1=S)
    put(s, "balian", "Jerusalem")
    for b in ("saladin", "al_adil", "taqi_al_din", "al_mashtub"):
        put(s, b, "Jerusalem")
    attack(s, "Jerusalem", S, ["Hebron|Jerusalem"])
    combat.start_battle_phase(s)
    assert s.phase == "combat_deploy"
    assert decide(s) == ("castle", "balian")


def test_storms_only_at_good_odds(done, dice):
    # 6.53, 6.54: storming a castle against double defense needs a clear superiority;
    # otherwise the besieger lets siege attrition work (6.57).
    def siege(stormers):
        s = position(p1=S)
        put(s, "conrad", "Acre", castle=True)
        put(s, "king_guy", "Acre", castle=True)
        for b in stormers:
            put(s, b, "Acre")
        combat.start_battle_phase(s)
        assert s.phase == "siege_storm"
        return decide(s)

    assert siege(["yazkuj"]) == ("done",)
    assert siege(["saladin", "al_adil", "taqi_al_din"])[0] == "storm"


def test_knights_charge_when_ahead_but_not_a_last_step(done, dice):
    # 6.32: a charge adds one to firepower but each 6 is a step lost: the knights charge when
    # winning, never with a block on its last step.
    s = position(p1=S)
    put(s, "hospitallers_jerusalem", "Nablus")
    put(s, "templars_jerusalem", "Nablus", steps=1)
    put(s, "sulaiman", "Nablus", steps=2)
    attack(s, "Nablus", S, ["Baisan|Nablus"])
    dice.extend([5] * 200)
    combat.start_battle_phase(s)
    while s.phase == "combat_deploy":
        act(s, *decide(s))
    assert s.phase == "combat_turn" and s.active == [F]
    assert decide(s) == ("charge", "hospitallers_jerusalem")
    act(s, "charge", "hospitallers_jerusalem")
    assert s.phase == "combat_turn" and s.active == [F]
    assert decide(s) == ("fire", "templars_jerusalem")


def test_draw_goes_to_a_full_strength_seat():
    # 7.25: an Outremer drawn deploys at full strength at its seat, at strength 1 elsewhere.
    s = position(year=1188, turn=2, p1=F)
    put(s, "king_guy", "Acre")
    put(s, "saladin", "Banyas")
    for b, where in s.loc.items():
        if where == "pool" and b != "balian":
            s.loc[b] = "aside"
    put(s, "balian", "pool")
    s.flags["cancelled"] = False
    import outremer.games.crusader_rex.draws as draws

    draws.start_draw_phase(s)
    while s.phase == "draw" and s.active == [S]:
        act(s, *decide(s))
    assert s.phase == "draw" and s.active == [F]
    town = decide(s)[1]
    assert town in ("Nablus", "Ascalon")


def test_winter_disbands_the_weakest_and_spends_replacements(monkeypatch):
    # 8.3: over the supply limit, the weakest block goes; 8.4: replacements go to the blocks
    # in the victory city.
    s = position(year=1189, turn=6)
    put(s, "king_guy", "Legio")
    put(s, "josselin", "Legio", steps=1)
    winter.start_winter(s)
    assert s.phase == "winter_supply"
    assert decide(s) == ("disband", "josselin")
    s = position(year=1189, turn=6)
    put(s, "walter", "Jerusalem", steps=1)
    put(s, "conrad", "Jerusalem", steps=2)
    winter.start_winter(s)
    assert s.phase == "winter_replace"
    assert decide(s)[0] == "replace"


def test_a_muster_given_up_is_not_tried_again_in_the_same_phase(monkeypatch):
    # 5.3: after ("muster",) the bot must pick a town or back out; having backed out it does not
    # declare a muster again in that move phase (no endless muster/end loop).
    s = position(turn=2, p1=S)
    put(s, "yazkuj", "Ashtera")
    put(s, "qaimaz", "Banyas")
    movement.start_move_phase(s, S, 2)
    bot = ScriptedBot(3)
    bot.choose(G, s, S)  # starts the bot's record of this move phase
    monkeypatch.setattr(bot, "_plan_muster", lambda dg, town, winter: (0.0, []))  # no town worth it
    if s.phase == "move" and s.mv["kind"] is None:
        G.apply_in_place(s, S, ("muster",))
    assert s.mv["kind"] == "muster_pick"
    assert bot.choose(G, s, S) == ("end",)
    assert bot.muster_abandoned
    G.apply_in_place(s, S, ("end",))
    for _ in range(10):
        if s.phase != "move":
            break
        nxt = bot.choose(G, s, S)
        assert nxt != ("muster",)
        G.apply_in_place(s, S, nxt)


def test_steps_out_a_group_move_it_did_not_choose():
    # 5.2: a search bot that this bot guides may start another group move than the one planned
    # (Acre's, not Jerusalem's); the bot then plans that one, an attack on the lone block at
    # Tiberias, instead of ending it unmoved.
    s = position(turn=2, p1=F)
    for b in ("templars_jerusalem", "hospitallers_jerusalem", "king_guy"):
        put(s, b, "Jerusalem")
    put(s, "yazkuj", "Hebron", steps=1)
    for b in ("balian", "walter", "reynald_sidon"):
        put(s, b, "Acre")
    put(s, "yuzpah", "Tiberias", steps=1)
    movement.start_move_phase(s, F, 1)
    bot = ScriptedBot(1)
    assert bot.choose(G, s, F) == ("group", "Jerusalem")
    G.apply_in_place(s, F, ("group", "Acre"))
    step = bot.choose(G, s, F)
    assert step[0] == "step" and s.loc[step[1]] == "Acre"
    G.apply_in_place(s, F, step)
    play_moves(s, F)
    assert sum(s.loc[b] == "Tiberias" for b in ("balian", "walter", "reynald_sidon")) >= 2


def test_a_game_between_scripted_bots_is_the_same_in_every_process():
    # A game between bots replays from its seed (docs/bots.md): the bot's choices must not hang on
    # the order of Python's string hashing, which differs from one process to the next.
    code = (
        "import json\n"
        "from outremer.bots.match import play_match\n"
        "from outremer.bots.registry import make_bot\n"
        "from outremer.engine.registry import get_game\n"
        "g = get_game('crusader-rex')\n"
        "for seed in (1, 3):\n"
        "    bots = {r: make_bot('scripted', g, seed + i) for i, r in enumerate(g.roles)}\n"
        "    print(json.dumps(play_match(g, bots, seed).record.actions))\n"
    )
    games = {
        subprocess.run(
            [sys.executable, "-c", code],
            env={**os.environ, "PYTHONHASHSEED": str(hashing)},
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        for hashing in (1, 2)
    }
    assert len(games) == 1
