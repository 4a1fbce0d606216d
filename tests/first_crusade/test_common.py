"""Rules kept by the shared helpers (common.py) and checked at every step (game.always): control
(10.5), reveals (11.0, 26.2), where eliminated units go (14.5, 14.6, 23.3, 32.1, 32.4, 32.5), the
loss of Alexios (32.2), units at sea without a fleet (25.1, 25.3) and buildings overrun (33.5)."""

from __future__ import annotations

from outremer.games.first_crusade.common import (
    BOARD,
    alexios_lost,
    control,
    draw_muslims,
    eliminate,
    lost_at_sea,
    reduce,
)
from outremer.games.first_crusade.game import always
from outremer.games.first_crusade.positions import position
from outremer.games.first_crusade.procedures import PROCEDURES
from outremer.games.first_crusade.state import BIN, ELIMINATED, PLAYER, REMOVED


def test_control_of_a_space():
    # 10.5: a side alone in a space controls it; both there, it is contested; nobody, nobody's;
    # Constantinople is always Christian, garrisoned or not.
    s = position({"godfrey": "nicaea", "seljuk_militia_1": "dorylaeum", "crusader_foot_1": "ancyra"})
    s.loc["seljuk_militia_2"] = "ancyra"
    assert control(s, "nicaea") == "christian"
    assert control(s, "dorylaeum") == "muslim"
    assert control(s, "ancyra") == "contested"
    assert control(s, "philomelium") is None
    assert control(s, "constantinople") == "christian"


def test_muslims_placed_with_christians_are_revealed_at_once():
    # 11.0, 26.2: picked face down, revealed at once where Christians stand; 26.2: as many as the
    # Bin holds.
    s = position({"godfrey": "nicaea"})
    placed = draw_muslims(s, "nicaea", 2, "27.4")
    assert len(placed) == 2 and set(placed) <= s.revealed
    alone = draw_muslims(s, "dorylaeum", 1, "27.7")
    assert not set(alone) & s.revealed
    many = draw_muslims(s, "iconium", 500, "27.4")
    assert len(many) < 500 and not [
        u for u, w in s.loc.items() if w == BIN and BOARD.counters[u].bin == "seljuk"
    ]


def test_where_the_eliminated_go():
    # 14.5, 32.1: a Christian Leader is out for good, other units back to their Bin; 14.6, 32.5: a
    # mercenary to the Pilgrimage Bin, a mercenary Leader out for good; 32.4: an Emir to his Bin.
    s = position(
        {
            "godfrey": "nicaea",
            "crusader_foot_1": "nicaea",
            "knights_errant": "nicaea",
            "guynemer": "nicaea",
            "seljuk_emir_1": "dorylaeum",
        },
        reduced=["godfrey", "crusader_foot_1"],
    )
    for unit in ("godfrey", "crusader_foot_1", "knights_errant", "guynemer", "seljuk_emir_1"):
        assert reduce(s, unit, "23.3")  # reduced or one-step: eliminated
    assert s.loc["godfrey"] == ELIMINATED and s.loc["guynemer"] == ELIMINATED
    assert s.loc["crusader_foot_1"] == BIN and "crusader_foot_1" not in s.reduced
    assert s.loc["knights_errant"] == BIN and s.markers["knights_errant"] == "bin"
    assert s.markers["guynemer"] == "gone"
    assert s.loc["seljuk_emir_1"] == BIN


def test_a_two_step_unit_is_reduced_first():
    # 23.3, 4.2: a full two-step unit flips; a reduced one is eliminated.
    s = position({"crusader_knights_1": "nicaea"})
    assert not reduce(s, "crusader_knights_1", "18.2") and "crusader_knights_1" in s.reduced
    assert reduce(s, "crusader_knights_1", "18.2") and s.loc["crusader_knights_1"] == BIN


def test_the_loss_of_alexios():
    # 32.2: every Byzantine unit outside Constantinople and the fortresses (Castles are fortresses,
    # 33.7) leaves play; Byzantines take no more Actions.
    s = position(
        {
            "alexios": "constantinople",
            "john_doukas": "constantinople",
            "athanatoi": "ancyra",
            "vestiaritai": "dorylaeum",
            "imperial_fleet": "aegean_sea",
            "turcopoles_1": "philomelium",
        }
    )
    s.castles.append("philomelium")
    eliminate(s, "alexios", "23.3")
    assert s.flags["alexios_dead"]
    assert s.loc["alexios"] == ELIMINATED
    assert s.loc["john_doukas"] == "constantinople" and s.loc["athanatoi"] == "ancyra"
    assert s.loc["turcopoles_1"] == "philomelium"
    assert s.loc["vestiaritai"] == REMOVED and s.loc["imperial_fleet"] == REMOVED
    alexios_lost(s)  # again: nothing more to remove
    assert s.loc["athanatoi"] == "ancyra"


def test_land_units_beyond_the_fleets_at_sea_are_lost_the_player_selecting():
    # 25.1, 25.3: at sea each land unit needs a fleet; with one fleet left for two units, the player
    # selects the unit lost (ruling MV-4); with none left, both go.
    units = {
        "genoese_fleet": "aegean_sea",
        "crusader_knights_1": "aegean_sea",
        "crusader_foot_1": "aegean_sea",
    }
    s = position(units)
    lost_at_sea(s, "aegean_sea", "25.1")
    assert PROCEDURES.legal(s, PLAYER) == [("lose", "crusader_knights_1"), ("lose", "crusader_foot_1")]
    PROCEDURES.perform(s, PLAYER, ("lose", "crusader_foot_1"))
    assert s.loc["crusader_foot_1"] == BIN and s.loc["crusader_knights_1"] == "aegean_sea"
    assert s.stack[-1]["kind"] == "turn"
    s = position({**units, "genoese_fleet": "bin"})
    lost_at_sea(s, "aegean_sea", "25.1")
    assert s.loc["crusader_foot_1"] == s.loc["crusader_knights_1"] == BIN
    s = position({**units, "pisan_fleet": "aegean_sea"})
    lost_at_sea(s, "aegean_sea", "25.1")
    assert len(s.stack) == 1 and s.loc["crusader_foot_1"] == "aegean_sea"


def test_buildings_in_a_space_muslims_hold_alone_are_removed_at_any_time():
    # 33.5: a Camp the besiegers of Nicaea built (option siege, 34.5) is removed once they leave the
    # Muslims alone there; the markers can be built again. Christian-held or contested: it stays.
    s = position(
        {"godfrey": "nicaea", "seljuk_militia_1": "nicaea"},
        options={"siege": True},
        flags={"sieges": ["nicaea"]},
    )
    s.camps.append("nicaea")
    s.monasteries.append("dorylaeum")
    always(s)
    assert s.camps == ["nicaea"] and s.monasteries == ["dorylaeum"]
    s.loc["godfrey"] = "dorylaeum"
    always(s)
    assert s.camps == [] and s.monasteries == ["dorylaeum"]
    assert "33.5" in [entry[0] for entry in s.log]


def test_muslims_placed_in_armenia_activate_it():
    # 30.1 (4): the instant Muslim units are placed in Armenia; not elsewhere.
    s = position({"armenian_azats_1": "sis"})
    draw_muslims(s, "tarsus", 1, "27.7")
    assert not s.flags["armenia"]
    draw_muslims(s, "sis", 1, "27.4")
    assert s.flags["armenia"]
