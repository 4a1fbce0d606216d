"""Deployment (3.1, 3.2), the card phase (4.0-4.2) and the five events (card notes, p.3)."""

from __future__ import annotations

import pytest

from outremer.engine.errors import IllegalAction
from outremer.games.crusader_rex import cards, common, events
from outremer.games.crusader_rex.game import CrusaderRex
from outremer.games.crusader_rex.positions import position, put
from outremer.games.crusader_rex.procedures import at

from .battle import handed_back

G = CrusaderRex()
F, S = "Franks", "Saracens"


def card_turn(franks, saracens, turn_no=2, last=(None, None)):
    s = position(turn=turn_no, p1=None)
    s.hands = {F: [franks, "move1_1"], S: [saracens, "move1_2"]}
    s.played = {F: None, S: None}
    s.last_card = {F: last[0], S: last[1]}
    at(s, "card", F, S)
    return s


def turn_alone(s):
    """The game turn of ``s`` without the game beneath it: when the turn ends nothing follows, so
    the test sees the turn's own state (its flags) at its end."""
    s.stack.pop(0)
    return s


def moving(s):
    """The side whose move phase is under way, and its moves (5.0)."""
    assert s.phase == "move"
    return s.mv["side"], s.mv["moves"]


# -- 3.x ---------------------------------------------------------------------------------------
def test_setup_places_blocks_at_their_seats_and_pools():
    # 3.0-3.2: full strength at seats; crusaders and pilgrims in the Frank pool, nomads in the Saracen pool.
    s = G.setup(1)
    assert s.loc["king_guy"] == "Jerusalem" and s.steps["king_guy"] == 4
    assert s.loc["richard"] == "pool" and s.loc["pilgrims_genoa"] == "pool"
    assert sum(1 for b, w in s.loc.items() if w == "pool" and common.BLOCKS[b].side == S) == 12
    assert G.active_roles(s) == (F,)


def test_frank_seat_adjustment_within_castle_limits():
    # 3.1: any seat of the block; castle limits cannot be exceeded.
    s = G.setup(1)
    assert ("seat", "balian", "Ascalon") in G.legal_actions(s, F)
    assert ("seat", "templars_jerusalem", "Amman") in G.legal_actions(s, F)
    G.apply_in_place(s, F, ("seat", "templars_antioch", "Jerusalem"))  # Jerusalem: 4 blocks, rating 3
    assert ("done",) not in G.legal_actions(s, F)
    G.apply_in_place(s, F, ("seat", "templars_jerusalem", "Amman"))
    assert ("done",) in G.legal_actions(s, F)


def test_saracens_draw_four_nomads_after_frank_deployment_and_may_swap_saladin():
    # 3.1: the Franks finish first; 3.2: four nomads deployed at their seats; Saladin's exchange.
    s = G.setup(3)
    G.apply_in_place(s, F, ("done",))
    nomads = [b for b, info in common.BLOCKS.items() if info.group == "nomads" and s.loc[b] != "pool"]
    assert len(nomads) == 4
    assert all(s.loc[b] == common.BLOCKS[b].home for b in nomads)
    assert ("swap", "al_aziz") in G.legal_actions(s, S)
    assert ("swap", "al_afdal") not in G.legal_actions(s, S)  # already in Damascus with Saladin
    G.apply_in_place(s, S, ("swap", "al_zahir"))
    assert s.loc["saladin"] == "Aleppo" and s.loc["al_zahir"] == "Damascus"
    assert s.phase == "card" and len(s.hands[F]) == 6 and len(s.hands[S]) == 6


def test_frank_view_does_not_show_which_nomads_were_drawn():
    # 3.2, 2.0: the nomads stand upright; the Franks see only that blocks are there.
    s = G.setup(3)
    G.apply_in_place(s, F, ("done",))
    fview = G.view(s, F)
    for town in ("Damascus", "Aleppo", "Egypt"):
        for blk in fview["towns"][town]["field"]:
            if blk["side"] == S:
                assert set(blk) == {"side"}


# -- 4.x ---------------------------------------------------------------------------------------
def test_both_play_face_down_then_higher_card_is_player1():
    # 4.1
    s = card_turn("move3_1", "move2_1")
    G.apply_in_place(s, S, ("card", "move2_1"))
    assert G.active_roles(s) == (F,)
    assert G.view(s, F)["cards"][S].get("card") is None  # still face down to the Franks
    G.apply_in_place(s, F, ("card", "move3_1"))
    assert s.p1 == F
    assert moving(s) == (F, 3)


def test_tie_is_resolved_by_2d6_rolloff(monkeypatch):
    # 4.1: ties resolved with 2d6, ties rerolled.
    rolls = iter([[3, 3], [2, 4], [1, 1], [6, 5]])  # 6 v 6 rerolled, then 2 v 11
    monkeypatch.setattr(cards, "roll", lambda s, n: next(rolls))
    s = card_turn("move2_1", "move2_2")
    G.apply_in_place(s, F, ("card", "move2_1"))
    G.apply_in_place(s, S, ("card", "move2_2"))
    assert s.p1 == S


def test_event_outranks_moves_and_goes_first(monkeypatch):
    # 4.2: events are executed before moves; an Event makes its player Player 1.
    s = card_turn("move3_1", "manna")
    put(s, "saladin", "Damascus", steps=2)
    G.apply_in_place(s, F, ("card", "move3_1"))
    G.apply_in_place(s, S, ("card", "manna"))
    assert s.p1 == S and s.phase == "manna"


def test_two_events_cancel_the_turn():
    # 4.2: both Events: the turn is cancelled, siege attrition and draws included.
    s = turn_alone(card_turn("guide", "manna"))
    G.apply_in_place(s, F, ("card", "guide"))
    G.apply_in_place(s, S, ("card", "manna"))
    assert s.flags["cancelled"] and handed_back(s)  # the game turn is over at once
    assert not any(e[0] in ("5.0", "6.0", "7.0") for e in s.log)
    assert s.last_card == {F: "guide", S: "manna"}


def test_intrigue_not_in_first_turn_and_copies_opponents_last_card():
    # Card notes p.3: Intrigue is not playable in a year's first game turn.
    s = card_turn("intrigue", "move1_3", turn_no=1)
    assert ("card", "intrigue") not in G.legal_actions(s, F)
    # Our ruling: it becomes the opponent's previous card this year and ranks as that card.
    s = card_turn("intrigue", "move2_3", turn_no=3, last=("move1_4", "move3_2"))
    G.apply_in_place(s, F, ("card", "intrigue"))
    G.apply_in_place(s, S, ("card", "move2_3"))
    assert s.p1 == F and moving(s) == (F, 3)


def test_intrigue_against_an_event_cancels():
    # Ruling: Intrigue counts as an Event for the cancellation test (4.2).
    s = turn_alone(card_turn("intrigue", "jihad", turn_no=3, last=("move1_4", "move3_2")))
    G.apply_in_place(s, F, ("card", "intrigue"))
    G.apply_in_place(s, S, ("card", "jihad"))
    assert s.flags["cancelled"]


def test_winter_campaign_is_a_move_1_card():
    # 8.2: playable any time as a Move 1 card, not an Event.
    s = card_turn("winter_campaign", "move2_3")
    G.apply_in_place(s, F, ("card", "winter_campaign"))
    G.apply_in_place(s, S, ("card", "move2_3"))
    assert s.p1 == S and moving(s) == (S, 2)


def test_playing_a_card_not_in_hand_is_refused():
    s = card_turn("move3_1", "move2_1")
    before = G.to_json(s)
    with pytest.raises(IllegalAction):
        G.apply_in_place(s, F, ("card", "move2_1"))
    with pytest.raises(IllegalAction):
        G.apply_in_place(s, F, ["card"])
    assert G.to_json(s) == before


# -- events --------------------------------------------------------------------------------------
def test_assassins_fire_three_dice_at_a_random_enemy_block_in_the_town(monkeypatch):
    # 2.4 and card notes: one enemy block is revealed and fired on by the Assassin (A3, 3 dice).
    s = position(turn=2, p1=S)
    put(s, "king_guy", "Jerusalem")
    put(s, "templars_jerusalem", "Jerusalem", castle=False)
    monkeypatch.setattr(events, "roll", lambda state, n: [1, 3, 6][:n])
    events.start_event(s, S, "assassins")
    assert G.legal_actions(s, S) == [("town", "Jerusalem")]
    G.apply_in_place(s, S, ("town", "Jerusalem"))
    hit = [
        b
        for b in ("king_guy", "templars_jerusalem")
        if s.steps[b] < common.BLOCKS[b].max_steps or s.loc[b] != "Jerusalem"
    ]
    assert len(hit) == 1
    victim = hit[0]
    strike = [e for e in G.log(s, F) if e["rule"] == "2.4"]
    assert strike and strike[-1]["dice"] == [1, 3, 6]  # the dice, for clients to show as they fall
    if victim == "templars_jerusalem":  # 3 steps - 2 hits
        assert s.steps[victim] == 1
    else:
        assert s.steps[victim] == 2
    assert handed_back(s)  # the event is over: the turn would go on


def test_assassins_can_permanently_eliminate(monkeypatch):
    # 6.34 warning: permanent elimination applies to assassination too.
    s = position(turn=2, p1=S)
    put(s, "templars_tartus", "Tartus", steps=1)
    monkeypatch.setattr(events, "roll", lambda state, n: [1, 1, 1])
    events.start_event(s, S, "assassins")
    G.apply_in_place(s, S, ("town", "Tartus"))
    assert s.loc["templars_tartus"] == "dead"


def test_manna_adds_a_step_to_up_to_three_different_blocks():
    # Card notes: +1 step to three different friendly blocks, besieged or besieging too.
    s = position(turn=2, p1=F)
    put(s, "king_guy", "Jerusalem", steps=1)
    put(s, "balian", "Nablus", steps=1)
    put(s, "walter", "Caesarea", steps=2)
    put(s, "conrad", "Tyre", steps=3, castle=True)
    put(s, "saladin", "Tyre")
    put(s, "bohemond", "Antioch")  # full strength: not eligible
    events.start_event(s, F, "manna")
    assert ("block", "bohemond") not in G.legal_actions(s, F)
    for b in ("king_guy", "conrad", "walter"):
        G.apply_in_place(s, F, ("block", b))
    assert (s.steps["king_guy"], s.steps["conrad"], s.steps["walter"]) == (2, 4, 3)
    assert s.steps["balian"] == 1 and handed_back(s)


def test_guide_gives_one_group_move_with_raised_limits():
    # Card notes: Guide raises road limits (4/8) for the move and later retreats and regroups.
    s = position(turn=2, p1=F)
    events.start_event(s, F, "guide")
    assert s.flags["guide"] == F
    assert moving(s) == (F, 1) and s.mv["event"] == "guide"


def test_jihad_names_a_battle_after_its_group_move():
    # Card notes: any one battle, declared before Player 2 moves.
    s = position(turn=2, p1=S)
    put(s, "saladin", "Damascus")
    put(s, "yazkuj", "Tiberias")
    put(s, "raymond_tiberias", "Tiberias")
    put(s, "qaimaz", "Beaufort")
    put(s, "reynald_sidon", "Beaufort")
    events.start_event(s, S, "jihad")
    assert s.phase == "move"
    G.apply_in_place(s, S, ("end",))
    assert sorted(G.legal_actions(s, S)) == [("town", "Beaufort"), ("town", "Tiberias")]
    G.apply_in_place(s, S, ("town", "Tiberias"))
    assert s.flags["jihad"] == {"side": S, "town": "Tiberias"}
    assert handed_back(s)


def test_each_frank_block_takes_its_seat_once_unless_its_town_is_over_the_limit():
    # 3.1 (our ruling): one seat choice per block; a block in an over-limit town may move on.
    s = G.setup(1)
    G.apply_in_place(s, F, ("seat", "balian", "Ascalon"))
    assert not [a for a in G.legal_actions(s, F) if a[:2] == ("seat", "balian")]
    G.apply_in_place(s, F, ("seat", "templars_antioch", "Jerusalem"))  # Jerusalem now over its limit
    movable = {a[1] for a in G.legal_actions(s, F) if a[0] == "seat"}
    assert "templars_antioch" in movable and "king_guy" in movable


def test_a_frank_block_moves_on_from_a_full_town_only_once():
    # 3.1 (our ruling): the adjustments end; a block moves at most twice, the second time out of
    # a town over its castle limit.
    s = G.setup(1)
    G.apply_in_place(s, F, ("seat", "templars_antioch", "Jerusalem"))  # Jerusalem now over its limit
    G.apply_in_place(s, F, ("seat", "templars_antioch", "Gaza"))  # on again
    G.apply_in_place(s, F, ("seat", "templars_gaza", "Jerusalem"))  # Gaza was full: Jerusalem again
    movable = {a[1] for a in G.legal_actions(s, F) if a[0] == "seat"}
    assert "templars_antioch" not in movable  # moved twice already
    assert "king_guy" in movable  # standing in over-limit Jerusalem, never moved
    # Any arrangement can still be reached: the two templars traded places.
    assert (s.loc["templars_antioch"], s.loc["templars_gaza"]) == ("Gaza", "Jerusalem")
