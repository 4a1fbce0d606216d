"""The scripted bot: legal, attacks at good odds, keeps its castles garrisoned."""

from __future__ import annotations

import pytest

from outremer.games.crusader_rex import cards, movement
from outremer.games.crusader_rex.bot import ScriptedBot
from outremer.games.crusader_rex.game import CrusaderRex
from outremer.games.crusader_rex.positions import position, put

G = CrusaderRex()
F, S = "Franks", "Saracens"


@pytest.fixture
def stop_after_moves(monkeypatch):
    monkeypatch.setattr(cards, "after_player", lambda state, side: None)


def play_moves(s, side, limit=40):
    bot = ScriptedBot(1)
    for _ in range(limit):
        if s.phase != "move":
            break
        G.apply_in_place(s, side, bot.choose(G, s, side))


def test_attacks_a_weak_neighbour_at_good_odds(stop_after_moves):
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


def test_does_not_strip_a_threatened_castle(stop_after_moves):
    # A lone garrison next to a strong enemy army stays home (keeps castles garrisoned).
    s = position(turn=2, p1=F)
    put(s, "balian", "Nablus")
    for b in ("saladin", "al_adil", "taqi_al_din"):
        put(s, b, "Baisan")
    movement.start_move_phase(s, F, 2)
    play_moves(s, F)
    assert s.loc["balian"] == "Nablus"


def test_does_not_attack_at_bad_odds(stop_after_moves):
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
