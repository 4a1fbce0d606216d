"""The First Crusade data pack: it loads, it holds every fact the rulebook states, and a broken
file is refused with a message naming the file, the record and the problem."""

from __future__ import annotations

import json
from collections import Counter as Tally
from collections.abc import Callable
from importlib import resources
from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest

from outremer.engine.errors import BadData
from outremer.games.first_crusade.board import (
    CONSTANTINOPLE,
    FILES,
    JERUSALEM,
    LAND_ROUTES,
    Board,
    load_board,
    read_board,
)
from tests.datapacks import changed_copy

DATA = Path(str(resources.files("outremer.games.first_crusade").joinpath("data")))


@pytest.fixture(scope="module")
def board() -> Board:
    return load_board()


def named(board: Board, *names: str) -> set[str]:
    return {c.id for c in board.counters.values() if c.name in names}


# -- the pack loads ------------------------------------------------------------------------------


def test_loads_and_is_cached(board: Board) -> None:
    assert load_board() is board
    assert read_board(None) is not board  # an uncached read gives an equal, fresh pack
    assert len(board.spaces) == len(read_board(None).spaces)


RECORDS = {
    "map": ("routes", "spaces", "paths"),
    "counters": ("setup_draws", "counters"),
    "markers": ("symbols", "pilgrimage", "buildings", "administrative", "turns", "reaction/levels"),
    "tables": ("events/list", "events/known_cells", "victory/awards", "victory/bands"),
}
SECTIONS = {
    "map": (),
    "counters": (),
    "markers": ("counter_sheet", "reaction"),
    "tables": ("events", "counteroffensive", "victory"),
}


def test_every_record_has_a_source() -> None:
    for part in FILES:
        doc = json.loads((DATA / f"{part}.json").read_text(encoding="utf-8"))

        def at(where: str, doc: Any = doc) -> Any:
            node = doc
            for key in where.split("/"):
                node = node[key]
            return node

        records = [(f"{where}/{i}", r) for where in RECORDS[part] for i, r in enumerate(at(where))]
        records += [(where, at(where)) for where in SECTIONS[part]]
        assert records
        for where, record in records:
            source = record.get("source", "")
            assert source.startswith(("rulebook §", "reconstructed: ")), f"{part}.json {where}: {source!r}"
    tables = json.loads((DATA / "tables.json").read_text(encoding="utf-8"))
    for table in ("events", "counteroffensive"):
        assert all(f["reason"] for f in tables[table]["frequencies"])


# -- the map: facts the rulebook states ---------------------------------------------------------


def test_fortress_classes(board: Board) -> None:
    # 12.2: the five Crusader Pilgrimage fortresses, four Byzantine Objectives, two Armenian
    assert set(board.fortresses("pilgrimage")) == {"jerusalem", "tripolis", "antioch", "damascus", "edessa"}
    assert set(board.fortresses("byzantine_objective")) == {"ancyra", "iconium", "ephesus", "kypros"}
    assert set(board.fortresses("armenian")) == {"sis", "vahka"}
    # 3.1, 31.0: Masyaf is the Assassin fortress
    assert board.fortresses("assassin") == ("masyaf",)
    # 35.0 Turk Civil War names Nicaea a fortress; 7.0 names Rhodos one (it gets no militia);
    # 26.4 treats Acre as a fortress
    for sid in ("nicaea", "rhodos", "acre"):
        assert board.spaces[sid].kind == "fortress"
    # 30.0: Armenia is Sis and Vahka
    assert set(board.armenia) == {"sis", "vahka"}


def test_setup_garrisons(board: Board) -> None:
    # 7.0: one Seljuk militia in every fortress but Vahka, Sis, Masyaf, Rhodos and Kypros
    bare = {s.id for s in board.spaces.values() if s.kind == "fortress" and s.garrison is None}
    assert bare == {"vahka", "sis", "masyaf", "rhodos", "kypros"}
    assert all(s.garrison is None for s in board.spaces.values() if s.kind != "fortress")
    # 29.3: Jerusalem starts Seljuk-held
    assert board.spaces[JERUSALEM].garrison == "seljuk_militia"


def test_constantinople(board: Board) -> None:
    # 29.1: a fortress and a port for all purposes, yet never among the counted fortresses (27.2)
    c = board.spaces[CONSTANTINOPLE]
    assert c.kind == "constantinople" and c.is_fortress and c.port
    assert CONSTANTINOPLE not in board.fortresses()
    # 3.1: the roads run from Constantinople to Jerusalem
    for route in LAND_ROUTES:
        assert board.routes[route][0] == CONSTANTINOPLE
        assert board.routes[route][-1] == JERUSALEM


def test_routes(board: Board) -> None:
    # 17.2: four routes, three by land and one by sea
    assert set(board.routes) == {"eastern", "central", "coastal", "mediterranean"}
    # 29.3: Jerusalem lies on all three land routes, at distance 0
    jerusalem = board.spaces[JERUSALEM]
    assert set(jerusalem.routes) == set(LAND_ROUTES)
    assert all(st.to_jerusalem == 0 for st in jerusalem.stops)
    # 27.8, 27.11: Rhodos and Kypros lie on the Mediterranean route, Rhodos further west
    med = board.routes["mediterranean"]
    assert med.index("rhodos") < med.index("kypros")
    # 27.4: along every land route the distance to Jerusalem falls by one a space, roads joining them
    for route in LAND_ROUTES:
        seq = board.routes[route]
        for i, sid in enumerate(seq):
            stop = board.spaces[sid].stop(route)
            assert stop is not None and stop.order == i and stop.to_jerusalem == len(seq) - 1 - i
        for a, b in pairwise(seq):
            path = board.path(a, b)
            assert path is not None and path.kind == "road"


def test_every_named_space_is_on_the_map(board: Board) -> None:
    # every space the rulebook names (3.1, 6.1, 7.0, 10.5, 12.2, 17.5, 26.4, 27.10, 27.11, 35.0)
    rulebook = (
        *("constantinople", "jerusalem", "tripolis", "antioch", "damascus", "edessa", "ancyra"),
        *("iconium", "ephesus", "kypros", "sis", "vahka", "masyaf", "rhodos", "nicaea", "acre"),
        *("ascalon", "tarsus", "heraclea", "pergamum"),
    )
    for sid in rulebook:
        assert sid in board.spaces
    # and the places of the brief's historical frame
    for sid in ("dorylaeum", "philomelium", "adana", "mamistra", "marash", "latakia", "tyre", "jaffa"):
        assert sid in board.spaces


def test_masyaf_is_reached_by_passes_only(board: Board) -> None:
    # 31.1: on none of the four routes; a force enters by a pass from the routes beside it
    masyaf = board.spaces["masyaf"]
    assert masyaf.routes == ()
    assert board.neighbours("masyaf", ("road", "sea")) == ()
    beside = board.neighbours("masyaf", ("pass",))
    assert len(beside) >= 2
    assert len({r for s in beside for r in board.spaces[s].routes}) >= 2


def test_cilician_gates(board: Board) -> None:
    # 17.5: the Cilician Gates are a pass between Tarsus and Heraclea, on different routes
    gates = board.path("tarsus", "heraclea")
    assert gates is not None and gates.kind == "pass" and gates.name == "Cilician Gates"
    assert not set(board.spaces["tarsus"].routes) & set(board.spaces["heraclea"].routes)


def test_pergamum_errata(board: Board) -> None:
    # 3.1 errata: a sea path joins the town of Pergamum to the sea space beside it
    pergamum = board.spaces["pergamum"]
    assert pergamum.kind == "town" and pergamum.port
    seas = board.neighbours("pergamum", ("sea",))
    assert seas and all(board.spaces[s].is_sea for s in seas)


def test_armenian_reach(board: Board) -> None:
    # 30.2: Armenians move up to two spaces from Armenia, by paths or passes: Tarsus is in reach
    reach = board.distances(board.armenia)
    assert reach["tarsus"] <= 2


def test_passes_cross_between_routes(board: Board) -> None:
    # 3.1: passes join spaces of different routes
    for p in board.paths.values():
        if p.kind == "pass":
            assert not set(board.spaces[p.a].routes) & set(board.spaces[p.b].routes), p


def test_sea_paths_and_ports(board: Board) -> None:
    # 20.2, 25.1: fleets use sea spaces, ports and Constantinople; a sea path touches a sea space
    for p in board.paths.values():
        if p.kind == "sea":
            ends = [board.spaces[p.a], board.spaces[p.b]]
            assert any(s.is_sea for s in ends)
            assert all(s.is_sea or s.port for s in ends)
    # every port opens on the sea
    for s in board.spaces.values():
        if s.port:
            assert board.neighbours(s.id, ("sea",)), s.id
    # 27.8: Naval Action looks at fleets on or east of Rhodos, ports included
    assert board.east_of_rhodos("rhodos") and board.east_of_rhodos("kypros") and board.east_of_rhodos("jaffa")
    assert not board.east_of_rhodos("smyrna") and not board.east_of_rhodos(CONSTANTINOPLE)
    assert not board.east_of_rhodos("antioch")  # not a port


def test_adjacency_by_kind(board: Board) -> None:
    assert set(board.adjacency) == {"road", "sea", "pass"}
    assert "heraclea" in board.adjacency["pass"]["tarsus"]
    assert "heraclea" not in board.adjacency["road"]["tarsus"]
    for kind, table in board.adjacency.items():
        for a, near in table.items():
            for b in near:
                path = board.path(a, b)
                assert path is not None and path.kind == kind
                assert a in table[b]


def test_map_size_and_pacing(board: Board) -> None:
    # a few dozen to seventy spaces; every land route long enough that a leader march (2d6,
    # 7 on average, 19.1) needs several Actions, yet short enough for 9 turns
    assert 50 <= len(board.spaces) <= 70
    for route in LAND_ROUTES:
        assert 16 <= len(board.routes[route]) - 1 <= 24
    # every land route is barred by several garrisoned fortresses before Jerusalem
    for route in LAND_ROUTES:
        assert sum(1 for s in board.routes[route] if board.spaces[s].garrison) >= 5


# -- counters -----------------------------------------------------------------------------------


def test_crusader_setup(board: Board) -> None:
    crusaders = board.counters_of("crusader")
    leaders = [c for c in crusaders if c.is_leader]
    # 7.0: all 10 Crusader leaders in Constantinople
    assert len(leaders) == 10 and all(c.start == CONSTANTINOPLE for c in leaders)
    # 4.2: Raymond, Stephen and Adhemar are the game's only diplomatic leaders
    diplomats = {c.name.split()[0] for c in board.counters.values() if c.diplomatic}
    assert diplomats == {"Raymond", "Stephen", "Adhemar"}
    # 7.0: 2 heavy cavalry, 4 heavy infantry and 8 pilgrims with them
    there = Tally(c.type for c in crusaders if c.start == CONSTANTINOPLE and not c.is_leader)
    assert there == {"heavy_cavalry": 2, "heavy_infantry": 4, "pilgrims": 8}


def test_byzantine_setup(board: Board) -> None:
    byz = board.counters_of("byzantine")
    leaders = [c for c in byz if c.is_leader]
    # 7.0: four Byzantine leaders in Constantinople, among them Alexios, Takitios and Caspax (4.2)
    assert len(leaders) == 4 and all(c.start == CONSTANTINOPLE for c in leaders)
    names = {c.name.split()[0] for c in leaders}
    assert {"Alexios", "Takitios", "Caspax"} <= names
    # 32.1: Caspax is a naval leader, a fleet with leader abilities
    caspax = next(c for c in leaders if c.name == "Caspax")
    assert caspax.naval and caspax.is_fleet
    # 7.0: 2d6 units are drawn: the bin holds at least 12 non-leaders
    assert sum(1 for c in byz if c.start == "bin" and not c.is_leader) >= 12
    draws = {(d.bin, d.count, d.to) for d in board.setup_draws}
    assert ("byzantine", "2d6", CONSTANTINOPLE) in draws


def test_armenian_setup(board: Board) -> None:
    # 7.0: Constantine in Sis, two random Armenians there and two in Vahka
    (constantine,) = (c for c in board.counters_of("armenian") if c.is_leader)
    assert constantine.name == "Constantine" and constantine.start == "sis"
    draws = Tally(d.to for d in board.setup_draws if d.bin == "armenian" for _ in range(d.most))
    assert draws == {"sis": 2, "vahka": 2}
    assert sum(1 for c in board.counters_of("armenian") if c.start == "bin" and not c.is_leader) >= 4


def test_muslim_setup(board: Board) -> None:
    # 7.0: the setup militia have strength 1, one per garrisoned fortress, more in the bin
    militia = [c for c in board.counters_of("seljuk") if c.type == "militia"]
    assert all(c.factor == 1 for c in militia)
    garrisons = sum(1 for s in board.spaces.values() if s.garrison)
    assert sum(1 for c in militia if c.start == "garrison") == garrisons
    assert sum(1 for c in militia if c.start == "bin") >= 1
    # 7.0: every other Seljuk unit and all Fatimids start in their bins
    for c in board.counters_of("seljuk") + board.counters_of("fatimid"):
        assert c.start in ("bin", "garrison")
    # 4.2: all Muslim units have one step; 32.4: emirs are generic Muslim leaders
    for c in board.counters.values():
        if c.side == "muslim":
            assert c.steps == 1 and c.reduced is None
        if c.type == "emir":
            assert c.leader_kind == "military" and c.contingent in ("seljuk", "fatimid")
    # 7.0, 31.2: the one Assassin sits in Masyaf; its strength is a die roll
    (assassin,) = board.counters_of("assassin")
    assert assassin.start == "masyaf" and assassin.factor is None and assassin.variable_factor == "1d6"
    # the historical commanders
    assert named(board, "Kilij Arslan", "Kerbogha", "Duqaq", "Ridwan", "Yaghi-Siyan", "al-Afdal")


def test_mercenaries(board: Board) -> None:
    mercs = board.counters_of("mercenary")
    # 32.5: mercenaries have one step and come from the Pilgrimage bin
    assert all(c.steps == 1 and c.bin == "pilgrimage" and c.start == "bin" for c in mercs)
    # 6.1 speaks of mercenary leaders; 32.5 of mercenary fleets
    assert any(c.is_leader for c in mercs) and any(c.is_fleet for c in mercs)
    # each is one Pilgrimage marker
    assert {m.counter for m in board.pilgrimage.values() if m.kind == "mercenary"} == {c.id for c in mercs}


def test_factors(board: Board) -> None:
    # 23.2: a die at or under the factor hits; leaders 2-4 (35.0 Assassins Strike compares a die
    # with them), militia 1, nobody certain to hit
    for c in board.counters.values():
        if c.factor is None:
            continue
        assert 1 <= c.factor <= 4, c.id
        if c.is_leader:
            assert 2 <= c.factor <= 4, c.id
        if c.steps == 2:
            assert c.reduced is not None and 1 <= c.reduced < c.factor
    # 23.2 example: a 2 heavy cavalry, a 2 leader and a 3 horse archer among Muslim units
    seljuk = board.counters_of("seljuk")
    assert {c.factor for c in seljuk if c.type == "heavy_cavalry"} == {2}
    assert {c.factor for c in seljuk if c.type == "horse_archer"} == {3}


def test_counter_sheet_adds_up(board: Board) -> None:
    # 2.0: 176 pieces, 2 of them blank
    plain_markers = sum(1 for m in board.pilgrimage.values() if m.kind != "mercenary")
    total = (
        len(board.counters)
        + plain_markers
        + sum(board.buildings.values())
        + sum(board.administrative.values())
        + board.blanks
    )
    assert total == board.sheet_total == 176
    assert board.blanks == 2


# -- markers and tracks -------------------------------------------------------------------------


def test_pilgrimage_markers(board: Board) -> None:
    markers = board.pilgrimage.values()
    # 13.2: banes are Ambush or Event only
    assert {m.bane for m in markers if m.kind == "bane"} == {"ambush", "event"}
    # 13.2 example: Penance in Arms carries the sword and the shield
    assert set(board.pilgrimage["penance_in_arms"].symbols) == {"sword", "shield"}
    # 10.1(3): an Armenian Activation marker exists, a Negotiations (scroll) boon
    assert "scroll" in board.pilgrimage["armenian_activation"].symbols
    # every boon type appears
    assert {s for m in markers for s in m.symbols} == {"scroll", "sword", "shield", "eye", "wagon"}
    # 33.9: a castle and a monastery share one counter
    assert board.buildings["castle_monastery"] >= 1 and board.buildings["camp"] >= 1


def test_turns_and_reaction(board: Board) -> None:
    # 7.0: the first turn is 1097 Spring; three seasons a year; Winter after Autumn (28.0)
    assert board.turns[0].label == "1097 Spring"
    assert len(board.turns) == 9 and board.turns[-1].label == "1099 Autumn"
    assert [t.turn for t in board.turns if t.winter_after] == [3, 6, 9]
    # 27.1: Low, Medium, High roll 1, 2, 3 dice; 7.0: the game starts at Low
    assert [(lv.name, lv.dice) for lv in board.reaction_levels] == [("Low", 1), ("Medium", 2), ("High", 3)]
    assert board.reaction_start == 1


# -- tables -------------------------------------------------------------------------------------


def test_events_table(board: Board) -> None:
    t = board.tables
    # 9.0: a 1 then a 3 gives Assassins Strike
    assert t.event(1, 3) == "assassins_strike"
    # 35.0: all 17 events are on the table
    events = {e for column in t.event_grid for e in column}
    assert len(events - {"none"}) == 17
    assert sum(len(column) for column in t.event_grid) == 36


def test_counteroffensive_table(board: Board) -> None:
    cells = [c for column in board.tables.counteroffensive_grid for c in column]
    kinds = Tally(c.kind for c in cells)
    assert set(kinds) == {"attack", "relief", "raid", "naval_action"}
    # 27.11: no Attack or Relief Force on the Mediterranean; Kypros and Rhodos can be raided
    assert {c.route for c in cells if c.route} == set(LAND_ROUTES)
    raids = {c.space for c in cells if c.kind == "raid"}
    assert {"kypros", "rhodos"} <= raids
    # 27.3, 31.1: Muslims are never placed in Constantinople or Masyaf
    assert not raids & {CONSTANTINOPLE, "masyaf"}
    assert all(r in board.spaces and board.spaces[r].is_land for r in raids if r)


def test_victory(board: Board) -> None:
    t = board.tables
    # 6.2: 30 or fewer is Defeat, 31-39 Draw, 41-50 Victory, 51+ Overwhelming
    assert t.band(30).result == "defeat" and t.band(-5).result == "defeat"
    assert t.band(31).result == "draw" and t.band(39).result == "draw"
    assert t.band(41).result == "victory" and t.band(50).result == "victory"
    assert t.band(51).result == "overwhelming_victory"
    assert t.band(40).result == "draw"  # our ruling on the gap
    # 36.8: the optional Kingdoms raise every level by 15
    assert t.band(65, kingdoms=True).result == "victory"
    # 6.1: the awards
    assert t.vp["jerusalem_crusader"] == 10 and t.vp["ascalon"] == 2 and t.vp["alexios_eliminated"] == -10
    # an Overwhelming Victory is within reach, but only by taking nearly everything
    assert 51 <= board.max_vp() <= 70
    # without Jerusalem even a perfect game falls short of an Overwhelming Victory
    assert board.max_vp() - t.vp["jerusalem_crusader"] < 51


# -- broken files are refused -------------------------------------------------------------------


def broken(tmp_path: Path, part: str, change: Callable[[Any], None]) -> Path:
    return changed_copy(DATA, tmp_path, part, change)


def space(doc: dict[str, Any], sid: str) -> dict[str, Any]:
    return next(s for s in doc["spaces"] if s["id"] == sid)


def test_an_unbroken_copy_loads(tmp_path: Path) -> None:
    b = load_board(broken(tmp_path, "map", lambda doc: None))
    assert len(b.spaces) == len(load_board().spaces)


def _drop_source(doc: dict[str, Any]) -> None:
    del space(doc, "antioch")["source"]


def _path_to_nowhere(doc: dict[str, Any]) -> None:
    doc["paths"].append({"a": "antioch", "b": "baghdad", "kind": "road", "source": "reconstructed: x"})


def _gap_in_route(doc: dict[str, Any]) -> None:
    for st in space(doc, "tarsus")["routes"]:
        st["order"] += 1


def _wrong_distance(doc: dict[str, Any]) -> None:
    space(doc, "antioch")["routes"][0]["to_jerusalem"] = 3


def _road_on_masyaf(doc: dict[str, Any]) -> None:
    doc["paths"].append({"a": "masyaf", "b": "homs", "kind": "road", "source": "reconstructed: x"})


def _sea_path_inland(doc: dict[str, Any]) -> None:
    doc["paths"].append({"a": "damascus", "b": "levantine_sea", "kind": "sea", "source": "reconstructed: x"})


def _garrison_in_town(doc: dict[str, Any]) -> None:
    space(doc, "adana")["garrison"] = "seljuk_militia"


def _fortress_without_class(doc: dict[str, Any]) -> None:
    space(doc, "aleppo")["fortress"] = None


def _unknown_start(doc: dict[str, Any]) -> None:
    doc["counters"][0]["start"] = "rome"


def _muslim_two_steps(doc: dict[str, Any]) -> None:
    unit = next(c for c in doc["counters"] if c["id"] == "kerbogha")
    unit["steps"], unit["reduced"] = 2, 2


def _militia_short(doc: dict[str, Any]) -> None:
    unit = next(c for c in doc["counters"] if c["start"] == "garrison")
    unit["start"] = "bin"


def _duplicate_counter(doc: dict[str, Any]) -> None:
    doc["counters"].append(dict(doc["counters"][0]))


def _mercenary_to_nothing(doc: dict[str, Any]) -> None:
    next(m for m in doc["pilgrimage"] if m["kind"] == "mercenary")["counter"] = "saladin"


def _sheet_count(doc: dict[str, Any]) -> None:
    doc["counter_sheet"]["total"] = 180


def _turn_out_of_order(doc: dict[str, Any]) -> None:
    doc["turns"][1]["season"] = "autumn"


def _unknown_event(doc: dict[str, Any]) -> None:
    doc["events"]["grid"][0][0] = "mongol_invasion"


def _moved_known_cell(doc: dict[str, Any]) -> None:
    grid = doc["events"]["grid"]
    grid[0][2], grid[0][0] = grid[0][0], grid[0][2]


def _attack_at_sea(doc: dict[str, Any]) -> None:
    doc["counteroffensive"]["grid"][0][0] = "attack:mediterranean"


def _raid_on_constantinople(doc: dict[str, Any]) -> None:
    doc["counteroffensive"]["grid"][0][2] = "raid:constantinople"


def _wrong_frequency(doc: dict[str, Any]) -> None:
    doc["events"]["frequencies"][0]["cells"] += 1


def _band_gap(doc: dict[str, Any]) -> None:
    doc["victory"]["bands"][2]["min"] = 42


def _castle_big(doc: dict[str, Any]) -> None:
    space(doc, "antioch")["castle"] = "big"


def _unknown_top_key(doc: dict[str, Any]) -> None:
    doc["jokers"] = []


def _unknown_building_key(doc: dict[str, Any]) -> None:
    doc["buildings"][0]["castle"] = "big"


def _duplicated_path(doc: dict[str, Any]) -> None:
    doc["paths"].append({**doc["paths"][0], "a": doc["paths"][0]["b"], "b": doc["paths"][0]["a"]})


def _missing_event(doc: dict[str, Any]) -> None:
    gone = doc["events"]["list"].pop(0)["id"]
    grid = doc["events"]["grid"]
    doc["events"]["grid"] = [
        [doc["events"]["list"][0]["id"] if c == gone else c for c in col] for col in grid
    ]


def _four_reaction_levels(doc: dict[str, Any]) -> None:
    doc["reaction"]["levels"].append({**doc["reaction"]["levels"][-1], "level": 4, "dice": 4})


@pytest.mark.parametrize(
    ("part", "change", "message"),
    [
        (
            "map",
            _castle_big,
            "(antioch): Additional properties are not allowed ('castle'",
        ),
        ("map", _unknown_top_key, "map.json: at (top): Additional properties are not allowed ('jokers'"),
        ("markers", _unknown_building_key, "markers.json: at buildings/0 (camp): Unevaluated properties"),
        ("map", _duplicated_path, "is listed twice (one path per pair of spaces)"),
        ("tables", _missing_event, "tables.json: events list: names 16 events, not 17 (35.0)"),
        ("markers", _four_reaction_levels, "markers.json: reaction: the index has three levels"),
        ("map", _drop_source, "map.json: at spaces/"),
        ("map", _path_to_nowhere, "map.json: road path antioch-baghdad: ends at unknown space 'baghdad'"),
        ("map", _gap_in_route, "map.json: route coastal: orders must run 0, 1, 2"),
        ("map", _wrong_distance, "map.json: space antioch: to_jerusalem on coastal is 3"),
        ("map", _road_on_masyaf, "map.json: road path masyaf-homs: a road joins neighbouring spaces"),
        ("map", _sea_path_inland, "damascus-levantine_sea: damascus is neither a sea space nor a port"),
        ("map", _garrison_in_town, "map.json: space adana: a setup garrison stands only in a fortress"),
        ("map", _fortress_without_class, "map.json: at spaces/"),
        ("counters", _unknown_start, "counters.json: counter godfrey: starts at unknown space 'rome'"),
        ("counters", _muslim_two_steps, "counters.json: counter kerbogha: Muslim and mercenary units"),
        ("counters", _militia_short, "counters.json: setup garrisons: 17 militia start as garrisons"),
        ("counters", _duplicate_counter, "counters.json: counter godfrey: listed twice"),
        ("markers", _mercenary_to_nothing, "marker genoese_fleet: names unknown counter 'saladin'"),
        ("markers", _sheet_count, "markers.json: counter_sheet:"),
        ("markers", _turn_out_of_order, "markers.json: turn 2: follows 1097 Spring, so it is 1097 summer"),
        ("tables", _unknown_event, "tables.json: events cell (1,1): names unknown event 'mongol_invasion'"),
        ("tables", _moved_known_cell, "tables.json: events cell (1,3): must be assassins_strike"),
        ("tables", _attack_at_sea, "tables.json: counteroffensive cell (1,1): attack on 'mediterranean'"),
        ("tables", _raid_on_constantinople, "tables.json: counteroffensive cell (1,3): Muslims are never"),
        ("tables", _wrong_frequency, "tables.json: events frequencies:"),
        ("tables", _band_gap, "tables.json: victory band victory: must begin at 41"),
    ],
)
def test_broken_file_is_refused(
    tmp_path: Path, part: str, change: Callable[[Any], None], message: str
) -> None:
    with pytest.raises(BadData) as err:
        load_board(broken(tmp_path, part, change))
    assert message in str(err.value)


def test_schema_error_names_the_record(tmp_path: Path) -> None:
    expected = r"map\.json: at spaces/\d+ \(antioch\): 'source' is a required property"
    with pytest.raises(BadData, match=expected):
        load_board(broken(tmp_path, "map", _drop_source))


def test_missing_or_garbled_file(tmp_path: Path) -> None:
    broken(tmp_path, "map", lambda doc: None)
    (tmp_path / "tables.json").write_text("{not json", encoding="utf-8")
    with pytest.raises(BadData, match=r"tables\.json: not valid JSON"):
        load_board(tmp_path)
    (tmp_path / "tables.json").unlink()
    with pytest.raises(BadData, match=r"tables\.json: file not found"):
        load_board(tmp_path)
