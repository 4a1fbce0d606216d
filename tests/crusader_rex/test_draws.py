"""The draw phase (7.0-7.3, 6.34), on positions built for each rule."""

from __future__ import annotations

import pytest

from outremer.games.crusader_rex import draws
from outremer.games.crusader_rex.board import FRANKS, SARACENS
from outremer.games.crusader_rex.common import BLOCKS, BOARD
from outremer.games.crusader_rex.positions import position, put
from outremer.games.crusader_rex.state import State

from .battle import act, handed_back, legal


def only_in_pool(s: State, side: str, *blocks: str) -> None:
    """Leave only ``blocks`` of ``side`` in its draw pool (the others are put aside)."""
    for b, where in s.loc.items():
        if where == "pool" and BLOCKS[b].side == side and b not in blocks:
            s.loc[b] = "aside"
    for b in blocks:
        put(s, b, "pool")


def empty_pool(s: State, side: str) -> None:
    only_in_pool(s, side)


def public(entry: list) -> bool:
    """Whether the enemy reads ``entry``: everyone does, or all but its side (common.others)."""
    return entry[1] is None or str(entry[1]).startswith("!")


def public_text(s: State) -> str:
    return " ".join(str(e[2]) + str(e[3]) for e in s.log if public(e))


# -- 7.0 ---------------------------------------------------------------------------------------
def test_player1_draws_and_places_first_then_player2() -> None:
    # 7.0: Player 1 (here the Saracens) draws and deploys before Player 2 draws.
    s = position(year=1189, turn=2, p1=SARACENS)
    only_in_pool(s, SARACENS, "kurds_1")
    only_in_pool(s, FRANKS, "pilgrims_genoa")
    draws.start_draw_phase(s)
    assert s.phase == "draw" and s.active == [SARACENS]
    assert s.loc["pilgrims_genoa"] == "pool"  # the Franks have not drawn yet
    act(s, "place", "Damascus")
    assert s.loc["kurds_1"] == "Damascus" and s.steps["kurds_1"] == 4
    assert s.active == [FRANKS]
    act(s, "place", "Acre")
    assert s.loc["pilgrims_genoa"] == "Acre"
    assert handed_back(s)  # the draws are over: the turn would end (1.2)
    assert s.work is None


@pytest.mark.parametrize(
    ("year", "game_turn", "cancelled"), [(1187, 3, False), (1190, 6, False), (1190, 2, True)]
)
def test_no_draws_in_1187_winter_or_cancelled_turn(year: int, game_turn: int, cancelled: bool) -> None:
    # 7.0: no draws in 1187 nor in the Winter Turn; 4.2: a cancelled turn has no draw phase.
    s = position(year=year, turn=game_turn)
    s.flags["cancelled"] = cancelled
    before = dict(s.loc)
    draws.start_draw_phase(s)
    assert handed_back(s)  # the draws are over: the turn would end (1.2)
    assert s.loc == before


def test_one_block_per_side_is_drawn() -> None:
    # 7.0: ONE block per player per draw phase.
    s = position(year=1188, turn=1)
    draws.start_draw_phase(s)
    while s.work is not None:
        act(s, *legal(s)[0])
    out = {
        side: [b for b in BLOCKS if BLOCKS[b].side == side and s.loc[b] != "pool"]
        for side in (FRANKS, SARACENS)
    }
    assert len(out[FRANKS]) == 1 and len(out[SARACENS]) == 1
    assert handed_back(s)  # the draws are over: the turn would end (1.2)


def test_eliminated_blocks_of_this_year_cannot_be_drawn() -> None:
    # 6.34, 7.1: blocks 'aside' (eliminated this year, face up) stay out of the draw.
    s = position(year=1190, turn=3)
    empty_pool(s, FRANKS)
    empty_pool(s, SARACENS)
    s.loc["kurds_2"] = "aside"
    s.loc["balian"] = "aside"
    draws.start_draw_phase(s)
    assert handed_back(s)  # the draws are over: the turn would end (1.2)
    assert s.loc["kurds_2"] == "aside" and s.loc["balian"] == "aside"
    assert any(e[0] == "7.1" for e in s.log)


def test_draw_is_random_and_stops_undo() -> None:
    # 7.0: the block is drawn at random; the draw is a barrier for undo.
    seen = set()
    for seed in range(12):
        s = position(year=1188, turn=1, seed=seed)
        empty_pool(s, SARACENS)
        draws.start_draw_phase(s)
        assert s.barrier > 0
        seen.add(s.work["block"] if s.work else next(b for b in BLOCKS if s.loc[b] in BOARD.staging))
    assert len(seen) > 3


# -- 7.21 --------------------------------------------------------------------------------------
def test_crusaders_go_face_up_to_their_staging_box() -> None:
    # 7.21: a drawn crusader goes face up, full strength, to its nation's staging box; no choice.
    for block, box in (("richard", "England"), ("hugues", "France"), ("leopold", "Germania")):
        s = position(year=1188, turn=1)
        only_in_pool(s, FRANKS, block)
        empty_pool(s, SARACENS)
        draws.start_draw_phase(s)
        assert s.loc[block] == box
        assert s.steps[block] == BLOCKS[block].max_steps
        assert block in s.revealed
        assert handed_back(s)


# -- 7.24 --------------------------------------------------------------------------------------
def test_pilgrims_go_to_a_friendly_port_only() -> None:
    # 7.24: pilgrims deploy in a friendly port, at full strength.
    s = position(year=1189, turn=1)
    only_in_pool(s, FRANKS, "pilgrims_sicily")
    empty_pool(s, SARACENS)
    put(s, "saladin", "Acre")  # an enemy-held port
    put(s, "yuzpah", "Jaffa")
    draws.start_draw_phase(s)
    towns = {a[1] for a in legal(s)}
    assert "Acre" not in towns and "Jaffa" not in towns
    assert "Egypt" not in towns  # a vacant Saracen port is not friendly to the Franks
    assert "Jerusalem" not in towns  # not a port
    assert {"Tyre", "Tripoli", "Ascalon", "St. Simeon", "Beirut"} <= towns
    act(s, "place", "Beirut")
    assert s.loc["pilgrims_sicily"] == "Beirut" and s.steps["pilgrims_sicily"] == 3
    assert "pilgrims_sicily" not in s.castle


def test_pilgrims_into_besieged_tyre_within_the_castle_limit() -> None:
    # 7.24, 6.51, 6.52: a besieged Tyre keeps its fortified port; pilgrims land in the castle if it
    # has room (Tyre rates 2). A besieged ordinary port (Acre) belongs to the besieger.
    s = position(year=1189, turn=1)
    only_in_pool(s, FRANKS, "pilgrims_genoa")
    empty_pool(s, SARACENS)
    put(s, "conrad", "Tyre", castle=True)
    put(s, "saladin", "Tyre")
    put(s, "walter", "Acre", castle=True)
    put(s, "al_adil", "Acre")
    draws.start_draw_phase(s)
    towns = {a[1] for a in legal(s)}
    assert "Tyre" in towns and "Acre" not in towns
    act(s, "place", "Tyre")
    assert s.loc["pilgrims_genoa"] == "Tyre" and "pilgrims_genoa" in s.castle

    s = position(year=1189, turn=1)
    only_in_pool(s, FRANKS, "pilgrims_genoa")
    empty_pool(s, SARACENS)
    put(s, "conrad", "Tyre", castle=True)
    put(s, "balian", "Tyre", castle=True)  # the castle is full
    put(s, "saladin", "Tyre")
    draws.start_draw_phase(s)
    assert "Tyre" not in {a[1] for a in legal(s)}


def test_pilgrims_with_no_friendly_port_go_back_and_the_draw_is_lost() -> None:
    # 7.24: no friendly port: the block returns to the pool and the draw is forfeit.
    s = position(year=1189, turn=1)
    only_in_pool(s, FRANKS, "pilgrims_brittany")
    empty_pool(s, SARACENS)
    emirs = [b for b in BLOCKS if BLOCKS[b].group == "emirs"]
    frank_ports = [p for p in BOARD.ports if BOARD.towns[p].side == FRANKS]
    for emir, port in zip(emirs, frank_ports, strict=False):
        put(s, emir, port)
    assert len(frank_ports) <= len(emirs)
    draws.start_draw_phase(s)
    assert s.loc["pilgrims_brittany"] == "pool"
    assert handed_back(s)  # the draws are over: the turn would end (1.2)
    assert any(e[0] == "7.24" for e in s.log)


def test_a_single_place_is_still_asked_for() -> None:
    # 7.24: with only one friendly port there is no choice to make, but the player is asked all the
    # same (our ruling, hidden information): how many places a drawn block has depends on which
    # block it is, and a pause in one case only would tell the enemy.
    s = position(year=1189, turn=1)
    only_in_pool(s, FRANKS, "pilgrims_brittany")
    empty_pool(s, SARACENS)
    emirs = [b for b in BLOCKS if BLOCKS[b].group == "emirs"]
    ports = [p for p in BOARD.ports if BOARD.towns[p].side == FRANKS and p != "Jaffa"]
    for emir, port in zip(emirs, ports, strict=False):
        put(s, emir, port)
    draws.start_draw_phase(s)
    assert s.phase == "draw" and s.active == [FRANKS]
    assert legal(s) == [("place", "Jaffa")]
    act(s, "place", "Jaffa")
    assert s.loc["pilgrims_brittany"] == "Jaffa"
    assert handed_back(s)  # the draws are over: the turn would end (1.2)


# -- 7.25 --------------------------------------------------------------------------------------
def test_outremer_full_strength_at_a_seat_else_strength_1_in_a_friendly_town() -> None:
    # 7.25: Balian (seats Nablus, Ascalon) at full strength at a seat with no enemy, strength 1 in
    # any other friendly town; never an enemy-held town, nor a vacant town of the enemy's kingdom,
    # nor Masyaf (1.12).
    s = position(year=1189, turn=1)
    s.loc["balian"] = "pool"
    only_in_pool(s, FRANKS, "balian")
    empty_pool(s, SARACENS)
    put(s, "saladin", "Nablus")
    put(s, "king_guy", "Homs")  # a Syrian town held by the Franks is friendly to them (1.12)
    draws.start_draw_phase(s)
    towns = {a[1] for a in legal(s)}
    assert s.work is not None
    strength = s.work["towns"]
    assert "Nablus" not in towns
    assert strength["Ascalon"] == 3
    assert strength["Jerusalem"] == 1 and strength["Homs"] == 1
    assert "Damascus" not in towns and "Masyaf" not in towns and "Hama" not in towns
    act(s, "place", "Ascalon")
    assert s.loc["balian"] == "Ascalon" and s.steps["balian"] == 3
    s2 = position(year=1189, turn=1)
    only_in_pool(s2, FRANKS, "balian")
    empty_pool(s2, SARACENS)
    put(s2, "saladin", "Nablus")
    draws.start_draw_phase(s2)
    act(s2, "place", "Jerusalem")
    assert s2.steps["balian"] == 1


def test_turcopoles_full_strength_at_any_of_their_seats() -> None:
    # 7.25, 1.13: turcopoles too deploy like outremers; every seat of theirs qualifies.
    s = position(year=1189, turn=1)
    only_in_pool(s, FRANKS, "turcopoles_beirut")
    empty_pool(s, SARACENS)
    draws.start_draw_phase(s)
    assert s.work is not None
    full = {t for t, n in s.work["towns"].items() if n == 3}
    assert full == {"Beirut", "Antioch", "Acre", "Tiberias"}


def test_a_seat_we_besiege_does_not_qualify() -> None:
    # 7.25 (our ruling): an enemy block in the castle makes the seat enemy occupied; the town is
    # still friendly (our field), so strength 1 only.
    s = position(year=1189, turn=1)
    only_in_pool(s, FRANKS, "conrad")
    empty_pool(s, SARACENS)
    put(s, "al_adil", "Tyre", castle=True)
    put(s, "balian", "Tyre")
    draws.start_draw_phase(s)
    assert s.work is not None
    assert s.work["towns"]["Tyre"] == 1


# -- 7.3 ---------------------------------------------------------------------------------------
def test_kurd_while_damascus_is_frank_occupied_goes_at_strength_1() -> None:
    # 7.3: a Kurd's only seat is Damascus; the Franks hold it, so the Kurd may only deploy at
    # strength 1 in a friendly town.
    s = position(year=1190, turn=2, p1=SARACENS)
    only_in_pool(s, SARACENS, "kurds_3")
    empty_pool(s, FRANKS)
    put(s, "bohemond", "Damascus")
    put(s, "yazkuj", "Ashtera")
    draws.start_draw_phase(s)
    assert s.active == [SARACENS]
    assert s.work is not None
    assert "Damascus" not in s.work["towns"]
    assert set(s.work["towns"].values()) == {1}
    assert "Ashtera" in s.work["towns"] and "Jerusalem" not in s.work["towns"]
    act(s, "place", "Ashtera")
    assert s.loc["kurds_3"] == "Ashtera" and s.steps["kurds_3"] == 1
    assert handed_back(s)  # the draws are over: the turn would end (1.2)


def test_kurd_when_damascus_castle_is_besieged() -> None:
    # 7.3, 1.12: Saracens besieged in Damascus: the Franks hold the field, so Damascus is neither
    # a full-strength seat nor a friendly town for the draw.
    s = position(year=1190, turn=2)
    only_in_pool(s, SARACENS, "kurds_1")
    empty_pool(s, FRANKS)
    put(s, "keukburi", "Damascus", castle=True)
    put(s, "bohemond", "Damascus")
    draws.start_draw_phase(s)
    assert s.work is not None
    assert "Damascus" not in s.work["towns"]


def test_nomad_full_strength_at_home() -> None:
    # 7.3: a Turk drawn while Aleppo is free deploys there at full strength.
    s = position(year=1190, turn=2)
    only_in_pool(s, SARACENS, "turks_3")
    empty_pool(s, FRANKS)
    put(s, "zangi", "Aleppo")
    draws.start_draw_phase(s)
    act(s, "place", "Aleppo")
    assert s.steps["turks_3"] == 4


def test_drawn_block_is_private_and_its_town_public() -> None:
    # 7.0, 2.0: the opponent learns where a block appeared, not which block it is.
    s = position(year=1190, turn=2)
    only_in_pool(s, SARACENS, "kurds_2")
    only_in_pool(s, FRANKS, "balian")
    draws.start_draw_phase(s)
    act(s, "place", "Nablus")
    act(s, "place", "Damascus")
    text = public_text(s)
    assert "Balian" not in text and "Kurd" not in text
    assert "Nablus" in text and "Damascus" in text
    assert any(e[1] == FRANKS and "Balian" in str(e[3]) for e in s.log)
    assert "balian" not in s.revealed and "kurds_2" not in s.revealed
    # the rule a public entry cites must not give away the kind of block either (7.24 vs 7.25)
    assert {e[0] for e in s.log if public(e)} <= {"7.0", "7.2", "7.3"}


def test_a_lost_pilgrim_draw_does_not_name_the_pilgrims_publicly() -> None:
    # 7.24: the forfeit is public, the block's kind is not.
    s = position(year=1189, turn=1)
    only_in_pool(s, FRANKS, "pilgrims_brittany")
    empty_pool(s, SARACENS)
    emirs = [b for b in BLOCKS if BLOCKS[b].group == "emirs"]
    for emir, port in zip(emirs, [p for p in BOARD.ports if BOARD.towns[p].side == FRANKS], strict=False):
        put(s, emir, port)
    draws.start_draw_phase(s)
    assert all(e[0] != "7.24" and "Pilgrim" not in public_text(s) for e in s.log if public(e))


def test_work_is_json_native_and_actions_are_small() -> None:
    s = position(year=1190, turn=2)
    only_in_pool(s, FRANKS, "balian")
    draws.start_draw_phase(s)
    again = State.from_json(s.to_json())
    assert again.work == s.work
    assert len(legal(s)) < 40
