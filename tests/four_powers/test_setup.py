"""Setting up Four Powers (Setup.1-8, PlayerSetup.1-6, Players.1-5; rulings R8a, R11a, R11b)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from outremer.games.four_powers import setup
from outremer.games.four_powers.common import data, presence_left
from outremer.games.four_powers.procedures import PROCEDURES
from outremer.games.four_powers.setup import OPTIONS, SCENARIOS, new_game
from outremer.games.four_powers.state import BOARD, BYZANTINES, CALIPHATE, CRUSADERS, ROLES, SELJUK


def test_four_players_start_where_setup_8_puts_them() -> None:
    s = new_game(3, "four", {})
    # Setup.8 on the four-player side, R11b: left is the first level, middle the second; the third
    # column and the control level start empty, so nobody controls
    assert s.influence["iconium"] == [BYZANTINES, CRUSADERS, None, None]
    assert s.influence["edessa"] == [BYZANTINES, SELJUK, None, None]
    assert s.influence["jerusalem"] == [BYZANTINES, CALIPHATE, None, None]
    assert s.influence["tyrus"] == [None, SELJUK, None, None]
    assert s.influence["ascalon"] == [CALIPHATE, None, None, None]
    assert s.influence["tripoli"] == [None, None, None, None]
    assert set(s.control.values()) == {None}
    assert s.support["iconium"] == {CRUSADERS: 3}
    assert s.support["antiocheia"] == {BYZANTINES: 1, SELJUK: 1}
    assert s.support["jerusalem"] == {CALIPHATE: 2}
    # PlayerSetup.6: 6 Presence markers left in supply each, the printed stock
    assert all(presence_left(s, r) == 6 for r in ROLES)
    assert s.gold == {CRUSADERS: 4, BYZANTINES: 8, CALIPHATE: 6, SELJUK: 5}
    assert s.faith == {CRUSADERS: 3, BYZANTINES: 2, CALIPHATE: 1, SELJUK: 3}
    assert s.units[SELJUK] == {"footman": 7, "tower": 0, "knight": 0}
    assert s.units[CALIPHATE] == {"footman": 3, "tower": 1, "knight": 1}
    # PlayerSetup.3-4: 3 buildings of each kind on the board, every Upgrade marker on its first space
    assert all(s.stock[r] == {"church": 3, "fortress": 3, "citadel": 3} for r in ROLES)
    assert all(set(s.tracks[r].values()) == {0} for r in ROLES)
    assert s.vp == dict.fromkeys(ROLES, 0)  # Setup.6


def test_damascus_and_aleppo_wait_beside_the_board() -> None:
    s = new_game(1, "four", {})
    # Setup.2: both join only at the end of the 1st Crusade; their Cities are kept, empty
    assert "damascus" not in s.in_play and "aleppo" not in s.in_play
    assert s.influence["damascus"] == [None, None, None, None] and s.control["aleppo"] is None
    assert len(s.in_play) == 7


def test_the_round_deck_has_rounds_1_to_5_on_top_and_the_rest_shuffled() -> None:
    # Setup.4: Round 1 uppermost, then 2 to 5 in order; X, Y and Last below in some order
    orders = set()
    for seed in range(12):
        s = new_game(seed, "four", {})
        assert s.round_deck[:5] == ["round_1", "round_2", "round_3", "round_4", "round_5"]
        assert sorted(s.round_deck[5:]) == ["last_round", "round_x", "round_y"]
        orders.add(tuple(s.round_deck[5:]))
    assert len(orders) > 1


def test_the_draft_is_dealt_from_a_shuffled_deck_of_54() -> None:
    s = new_game(1, "four", {})
    dealt = [c for h in s.draft["hands"].values() for c in h]
    # Setup.5, Draft.1: 5 cards each from the 54, the rest in the deck
    assert len(dealt) == 20 and len(s.deck) == 34
    assert sorted(dealt + s.deck) == sorted(data(s).cards)
    assert new_game(2, "four", {}).deck != s.deck
    assert PROCEDURES.deciders(s) == ROLES  # the first pick, all at once (Draft.1)


def test_the_first_player_is_drawn_and_said() -> None:
    firsts = {new_game(seed, "four", {}).first for seed in range(20)}
    assert firsts == set(ROLES)  # R8a: a random draw
    s = new_game(5, "four", {})
    said = [e for e in s.log if e[0] == "R8a"]
    assert said == [["R8a", None, f"{s.first} is drawn as the first player."]]  # public


def test_three_players_use_the_two_column_side() -> None:
    s = new_game(1, "three-without-crusaders", {})
    # Players.1-2, R11b: two columns and the control level; the Crusaders' pieces are gone
    assert s.players == [BYZANTINES, CALIPHATE, SELJUK]
    assert all(len(levels) == 3 for levels in s.influence.values())
    assert s.support["iconium"] == {}
    # R11b: each starting Influence on its printed column, left the first, middle the second
    assert s.influence["edessa"] == [BYZANTINES, SELJUK, None]
    assert s.influence["jerusalem"] == [BYZANTINES, CALIPHATE, None]
    assert s.influence["iconium"] == [BYZANTINES, None, None]
    assert not any(s.control.values())  # nobody starts on a control level
    assert presence_left(s, BYZANTINES) == 6  # R11b: the markers not on the board are in supply
    assert len(s.deck) + 15 == 54  # R11a: all 54 cards with 3 players by default


def test_three_player_card_removal_is_an_option() -> None:
    s = new_game(1, "three-without-seljuk", {"three_player_card_removal": True})
    pk = data(s)
    kept = s.deck + [c for h in s.draft["hands"].values() for c in h]
    # Players.5, R11a: only the combined and any-faction cards stay
    assert kept and all(pk.cards[c].affiliation in ("christians", "muslims", "any") for c in kept)
    assert len(kept) == sum(1 for c in pk.cards.values() if c.affiliation in ("christians", "muslims", "any"))


def test_the_absent_factions_cards_leave_a_three_player_game_as_an_option() -> None:
    pk = data(new_game(1, "three-without-seljuk", {}))
    seljuk = {c for c, card in pk.cards.items() if card.affiliation == pk.factions[SELJUK].id}
    assert seljuk
    # R11c, by default: the Seljuk's cards stay in the deck without the Seljuk (Players.2)
    s = new_game(1, "three-without-seljuk", {})
    kept = set(s.deck) | {c for h in s.draft["hands"].values() for c in h}
    assert seljuk <= kept
    # the option: Players.2 read as covering the absent faction's cards; the other factions'
    # single-faction cards and the combined ones stay
    s = new_game(1, "three-without-seljuk", {"absent_faction_cards": True})
    kept = set(s.deck) | {c for h in s.draft["hands"].values() for c in h}
    assert kept == set(pk.cards) - seljuk
    assert any(key == "Players.2" for key, _, _ in s.log)
    # with four players it changes nothing
    assert len(new_game(1, "four", {"absent_faction_cards": True}).deck) == len(new_game(1, "four", {}).deck)


def test_two_players_take_their_co_religionists_places_where_higher() -> None:
    s = new_game(1, "two-crusaders-seljuk", {})
    pk = data(s)
    assert s.players == [CRUSADERS, SELJUK]
    # Players.4: the Crusaders take the Byzantines' Support in Antiocheia; in Iconium their own
    # Influence (middle) is higher than the Byzantines' (left), so nothing changes there
    assert s.support["antiocheia"] == {CRUSADERS: 1, SELJUK: 1}
    assert s.influence["iconium"] == [None, CRUSADERS, None]
    # The Seljuk take the Caliphate's places: Jerusalem's middle, Ascalon, 2 Support in Jerusalem
    assert s.support["jerusalem"] == {SELJUK: 2}
    assert s.influence["ascalon"] == [SELJUK, None, None]
    # Players.4's example (L840-L847), R11b: the Crusaders take Influence in Edessa and Jerusalem,
    # on the left column, below the Seljuk's middle there
    assert s.influence["edessa"] == [CRUSADERS, SELJUK, None]
    assert s.influence["jerusalem"] == [CRUSADERS, SELJUK, None]
    # Players.5: single-faction cards leave with 2 players
    kept = s.deck + [c for h in s.draft["hands"].values() for c in h]
    assert all(
        pk.cards[c].affiliation not in ("crusaders", "byzantines", "caliphate", "seljuk") for c in kept
    )


@pytest.mark.parametrize("scenario", list(SCENARIOS))
def test_every_scenario_seats_its_players_in_seat_order(scenario: str) -> None:
    s = new_game(1, scenario, {})
    assert s.players == [r for r in ROLES if r in SCENARIOS[scenario].players]
    assert set(s.gold) == set(s.players) == set(s.hands)
    assert set(s.influence) == set(data(s).board.locations)  # every Location keyed
    assert s.columns == {BOARD: {c: [] for c in ("development", "presence", "movement", "income")}}


def test_own_columns_give_each_player_its_set() -> None:
    s = new_game(1, "four", {"own_columns": True})  # R1's option
    assert set(s.columns) == set(ROLES)
    assert s.options["own_columns"] and not s.options["push_all"]


def test_bad_setups_are_refused() -> None:
    with pytest.raises(ValueError, match="no scenario 'five'"):
        new_game(1, "five", {})
    with pytest.raises(ValueError, match="no option 'fog'"):
        new_game(1, "four", {"fog": True})
    assert {o.name for o in OPTIONS} == {
        "own_columns",
        "push_all",
        "conflicts_any_action",
        "three_player_card_removal",
        "absent_faction_cards",
    }


def test_a_data_pack_of_ones_own_is_played_with(tmp_path: Path) -> None:
    source = Path(setup.__file__).parent / "data"
    for f in source.glob("*.json"):
        shutil.copy(f, tmp_path / f.name)
    doc = json.loads((tmp_path / "components.json").read_text(encoding="utf-8"))
    for faction in doc["factions"]:
        if faction["role"] == CRUSADERS:
            faction["gold"], faction["footman"] = 5, 2  # still 15 in all (PlayerSetup.6)
    (tmp_path / "components.json").write_text(json.dumps(doc), encoding="utf-8")
    s = new_game(1, "four", {}, pack=tmp_path)
    assert s.pack == str(tmp_path) and s.gold[CRUSADERS] == 5 and s.units[CRUSADERS]["footman"] == 2
