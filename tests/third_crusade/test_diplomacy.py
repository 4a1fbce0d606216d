"""The Diplomacy phase (diplomacy.py): sealed bids, the Diplomacy Card's rewards, the moves on the
diplomacy board and what they place, the victory check after it. The plutorial's Diplomacy phase and
the 4-player Diplomacy Card example are replayed. Keys are those of docs/third-crusade/sections.md;
Rn of rulings.md."""

from __future__ import annotations

import json

import pytest

from outremer.engine.errors import IllegalAction
from outremer.games.third_crusade import bot_play, control, diplomacy, views
from outremer.games.third_crusade.procedures import PROCEDURES
from outremer.games.third_crusade.state import State

from .play import GAME, kind, play, snapshot, start


def phase(scenario: str = "plutorial", card: str = "bedouin_tribes") -> State:
    """The Diplomacy phase of the set-up's position, with ``card`` the round's Diplomacy Card."""
    state = start(scenario)
    state.stack.clear()
    state.diplomacy_cards = [card, *(c for c in state.diplomacy_cards if c != card)]
    PROCEDURES.push(state, diplomacy.DIPLOMACY)
    PROCEDURES.settle(state)
    return state


def test_the_plutorial_diplomacy_phase_is_replayed() -> None:
    state = phase()
    tripoli = state.regions["tripoli"]["slots"]
    tripoli[tripoli.index("angevin:infantry")] = None  # marched out in the plutorial's Command phase
    state.board_units["angevin"]["infantry"] += 1
    assert set(GAME.active_roles(state)) == {"ayyubid", "angevin"}  # Diplomacy.Bid: at once
    play(state, "angevin", "bid", 2)
    play(state, "ayyubid", "bid", 2)
    # Plutorial.Diplomacy.Bid: both bid 2, both pay; the tie goes to the Ayyubid on initiative
    assert state.gold == {"angevin": 2, "ayyubid": 2}
    # Diplomacy.TwoPlayer: the winner chooses reward 1 or 2
    assert GAME.active_roles(state) == ("ayyubid",)
    assert GAME.legal_actions(state, "ayyubid") == [("reward", 1), ("reward", 2)]
    play(state, "ayyubid", "reward", 2)
    # Plutorial.Diplomacy.Rewards: 1 Glory for the Ayyubid; the Angevin has reward 3, 1 gold
    assert state.glory == -1
    assert state.gold == {"angevin": 3, "ayyubid": 2}
    # Plutorial.Diplomacy.Moves: the Ayyubid moves first (reward 2) and takes the Glory chit into
    # Ahamant, not counted before upkeep
    play(state, "ayyubid", "move", "glory_chit")
    assert GAME.legal_actions(state, "ayyubid")[-1] == ("lose",)
    play(state, "ayyubid", "place", "ahamant")
    assert [icon for _, icon in state.regions["ahamant"]["resources"]] == ["glory"]
    assert state.glory == -1
    # the Angevin passes the crown for the command point token in Tripoli: base 1 to 2 (R37b)
    assert GAME.active_roles(state) == ("angevin",)
    assert ("move", "crown_token") in GAME.legal_actions(state, "angevin")
    play(state, "angevin", "move", "command_token")
    play(state, "angevin", "place", "tripoli")
    assert state.tracks["angevin"]["base"] == 2
    assert state.diplomacy_marks == {"glory_chit": "ayyubid", "command_token": "angevin"}
    assert state.stack == []  # Sequence.Diplomacy, R19: the victory check, nobody at 10


def test_the_diplomacy_card_example_with_four_players() -> None:
    # Example.DiplomacyCard: the Holy Roman Empire bids 3 and takes the Glory; the Turkoman and the
    # Ayyubid bid 2, the Turkoman first on initiative takes the Faith, the Ayyubid the gold; the
    # Angevin, last, pays and gets nothing
    state = phase("four")
    state.initiative = ["turkoman", "angevin", "ayyubid", "hre"]
    gold = dict(state.gold)
    for army, bid in (("hre", 3), ("turkoman", 2), ("ayyubid", 2), ("angevin", 1)):
        play(state, army, "bid", bid)
    assert GAME.active_roles(state) == ("hre",)
    assert GAME.legal_actions(state, "hre") == [("reward", 1), ("reward", 2), ("reward", 3)]
    play(state, "hre", "reward", 2)
    assert GAME.legal_actions(state, "turkoman") == [("reward", 1), ("reward", 3)]
    play(state, "turkoman", "reward", 1)
    # the Ayyubid has what is left; then the board, reward 1 first (R18)
    assert state.glory == 1
    assert state.faith["muslim"] == ["turkoman", 1]
    assert state.gold == {
        "hre": gold["hre"] - 3,
        "turkoman": gold["turkoman"] - 2,
        "ayyubid": gold["ayyubid"] - 2 + 1,
        "angevin": gold["angevin"] - 1,
    }
    assert GAME.active_roles(state) == ("turkoman",) and GAME.legal_actions(state, "turkoman")[0][0] == "move"


def test_a_bid_beyond_ones_gold_is_refused_unchanged() -> None:
    state = phase()
    before = snapshot(state)
    with pytest.raises(IllegalAction):
        play(state, "angevin", "bid", 5)
    assert snapshot(state) == before


def test_sealed_bids_stay_hidden_until_all_are_shown() -> None:
    # Diplomacy.Bid: secret bids, shown together; twins differing only in the Angevin's bid
    one, other = phase(), phase()
    play(one, "angevin", "bid", 1)
    play(other, "angevin", "bid", 4)
    for role in ("ayyubid", None):
        assert json.dumps(views.view(one, role)) == json.dumps(views.view(other, role))
    assert views.view(one, "angevin") != views.view(other, "angevin")


def test_pieces_go_only_into_regions_the_player_controls() -> None:
    state = phase()
    play(state, "angevin", "bid", 0)
    play(state, "ayyubid", "bid", 0)
    play(state, "ayyubid", "reward", 1)
    play(state, "ayyubid", "move", "three_infantry")
    # R16: three Neutral Infantry, one at a time, each into a Region the Ayyubid Controls
    regions = {a[1] for a in GAME.legal_actions(state, "ayyubid") if a[0] == "place"}
    assert regions == {"damascus", "acre", "d_samaria", "jerusalem", "ahamant"}
    before = snapshot(state)
    with pytest.raises(IllegalAction):
        play(state, "ayyubid", "place", "tripoli")
    assert snapshot(state) == before
    there = state.regions["jerusalem"]["slots"].count("neutral:infantry")
    for _ in range(3):
        play(state, "ayyubid", "place", "jerusalem")
    assert state.regions["jerusalem"]["slots"].count("neutral:infantry") == there + 3
    assert GAME.active_roles(state) == ("angevin",)


def test_in_a_full_region_a_unit_of_ones_own_may_be_replaced() -> None:
    state = phase()
    slots = state.regions["jerusalem"]["slots"]
    slots[:6] = ["ayyubid:infantry"] * 6  # every square slot of Jerusalem taken
    play(state, "angevin", "bid", 0)
    play(state, "ayyubid", "bid", 0)
    play(state, "ayyubid", "reward", 1)
    play(state, "ayyubid", "move", "three_infantry")
    # Diplomacy.Board.Full: Jerusalem is full; an Ayyubid Infantry there may make way
    assert ("place", "jerusalem") not in GAME.legal_actions(state, "ayyubid")
    assert ("replace", "jerusalem", 0) in GAME.legal_actions(state, "ayyubid")
    home = state.board_units["ayyubid"]["infantry"]
    play(state, "ayyubid", "replace", "jerusalem", 0)
    assert slots[0] == "neutral:infantry" and state.board_units["ayyubid"]["infantry"] == home + 1


def test_a_triangle_moves_its_track_at_once() -> None:
    state = phase()
    state.diplomacy_at["angevin"] = "gold_token"  # the row before the Faith triangle
    play(state, "angevin", "bid", 1)
    play(state, "ayyubid", "bid", 0)
    play(state, "angevin", "reward", 1)  # Faith 1 (Bedouin Tribes)
    play(state, "angevin", "move", "faith_triangle")
    # Diplomacy.Board: the triangle is discarded and the Faith marker moves (R3: to 2 + 1 + 1)
    assert state.faith["crusader"] == ["angevin", 4]
    assert kind(state) == "diplomacy" and GAME.active_roles(state) == ("ayyubid",)


def test_the_victory_check_after_diplomacy() -> None:
    state = phase()
    state.glory = -9
    play(state, "angevin", "bid", 0)
    play(state, "ayyubid", "bid", 1)
    play(state, "ayyubid", "reward", 2)  # 1 Glory: the Muslims reach 10
    while state.result is None:
        role = GAME.active_roles(state)[0]
        play(state, role, *next(a for a in GAME.legal_actions(state, role) if a[0] != "lose"))
    # Sequence.Diplomacy, R19: a victory check after the phase
    assert state.result["winners"] == ["ayyubid"]


def test_three_players_the_lone_player_bids_once_and_the_third_takes_what_is_left() -> None:
    # R17, R22: one bid from the lone Angevin; a tie goes by its higher marker, here behind the Ayyubid
    state = phase("three_angevin")
    state.initiative = ["ayyubid", "angevin", "turkoman", "angevin"]
    assert set(GAME.active_roles(state)) == {"angevin", "ayyubid", "turkoman"}
    play(state, "turkoman", "bid", 2)
    play(state, "angevin", "bid", 1)
    play(state, "ayyubid", "bid", 1)
    assert GAME.legal_actions(state, "turkoman") == [("reward", 1), ("reward", 2), ("reward", 3)]
    play(state, "turkoman", "reward", 3)  # gold
    assert GAME.legal_actions(state, "ayyubid") == [("reward", 1), ("reward", 2)]
    play(state, "ayyubid", "reward", 2)  # Glory
    # the Angevin has reward 1, Faith: the lone marker from 2 to 3 (R3)
    assert state.faith["crusader"] == ["angevin", 3]
    assert state.glory == -1


def test_extra_moves_won_on_the_card_may_be_declined() -> None:
    state = phase(card="armenian_alliance")  # reward 1: 2 extra moves
    play(state, "angevin", "bid", 1)
    play(state, "ayyubid", "bid", 0)
    play(state, "angevin", "reward", 1)
    # R46: the first move is compulsory, the extra ones are not
    assert ("stop",) not in GAME.legal_actions(state, "angevin")
    play(state, "angevin", "move", "crown_token")
    play(state, "angevin", "place", "d_galilee")
    assert GAME.active_roles(state) == ("angevin",) and ("stop",) in GAME.legal_actions(state, "angevin")
    play(state, "angevin", "move", "supply_token")
    play(state, "angevin", "place", "d_galilee")
    play(state, "angevin", "stop")
    assert state.markers["angevin"] == 12 - 2
    assert GAME.active_roles(state) == ("ayyubid",)


def test_a_reward_removes_sabotage_and_uncovers_its_icon() -> None:
    state = phase(card="envoys_of_sinan")  # reward 2: 2 Sabotage tokens removed
    play(state, "angevin", "bid", 0)
    play(state, "ayyubid", "bid", 0)
    assert control.icons(state, "ahamant")["glory"] == 0
    play(state, "ayyubid", "reward", 2)
    assert GAME.legal_actions(state, "ayyubid") == [("clear", "ahamant"), ("clear", "ascalon"), ("done",)]
    play(state, "ayyubid", "clear", "ahamant")
    play(state, "ayyubid", "done")
    assert "sabotage" not in state.regions["ahamant"]["slots"]
    # Glossary.Sabotage: Ahamant's Glory icon is uncovered, to count at upkeep (Upkeep.4.E)
    assert control.icons(state, "ahamant")["glory"] == 1
    assert GAME.legal_actions(state, "ayyubid")[0][0] == "move"


def test_a_reward_of_an_advanced_order_goes_into_the_order_box() -> None:
    state = phase(card="byzantine_envoys")  # reward 1: an Advanced Order
    play(state, "angevin", "bid", 1)
    play(state, "ayyubid", "bid", 0)
    play(state, "angevin", "reward", 1)
    play(state, "angevin", "take", "angevin_forced_march")
    assert "angevin_forced_march" in state.order_box["angevin"]
    assert "angevin_forced_march" not in state.advanced["angevin"]


def bot_on_the_board(solo: bool) -> State:
    """The plutorial's board stage with the Ayyubid to move (a Bot with ``solo``), every space it
    may reach but the command point token's already marked."""
    state = GAME.setup(1, "plutorial", {"solo": True} if solo else {})
    state.stack.clear()
    for space in diplomacy.destinations(state, "ayyubid"):
        if space != "command_token":
            state.diplomacy_marks[space] = "angevin"
    queue = ["ayyubid"]
    frame = {"stage": "board", "numbers": {}, "extra": {}, "tasks": [], "queue": queue, "order": queue}
    PROCEDURES.push(state, diplomacy.DIPLOMACY, **frame)
    return state


def test_a_bot_takes_three_gold_for_a_command_point_token() -> None:
    # Solo.Diplomacy.Board: a Bot's command point space gives it 3 gold and the token is removed
    state = bot_on_the_board(solo=True)
    gold, regions = state.gold["ayyubid"], json.dumps(state.regions)
    bot_play.settle(state)
    assert state.diplomacy_marks["command_token"] == "ayyubid"
    assert state.gold["ayyubid"] == gold + 3
    assert json.dumps(state.regions) == regions  # no token placed
    # Diplomacy.Board: a person moving there places the token in a Region it Controls
    state = bot_on_the_board(solo=False)
    PROCEDURES.settle(state)
    play(state, "ayyubid", "move", "command_token")
    assert GAME.legal_actions(state, "ayyubid")[0][0] == "place" and state.gold["ayyubid"] == gold
