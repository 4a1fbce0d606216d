"""The Third Crusade set-ups (issue 17, "The data the text lacks"): the shipped pack loads; every value the
rulebook prints for a start holds (track values, gold, Faith, Glory, round, initiative, boards, Orders,
the plutorial's pieces, the Genoa ship, the variable set-up); the 2-player start fits the plutorial's
upkeep; the tables of docs/third-crusade/setups.md match the pack row by row; a broken copy is refused
naming the record; neither file copies the rulebook. Lnnn are lines of shared/rules/third-crusade.txt;
keys are those of sections.md; Rn of rulings.md."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from outremer.engine.errors import BadData
from outremer.games.third_crusade.board import Board
from outremer.games.third_crusade.leaders import Leaders
from outremer.games.third_crusade.orders import ARMIES, load_orders
from outremer.games.third_crusade.setups import UNITS, Pieces, Scenario, Setups, load_setups

from .test_orders import ANGEVIN_START, AYYUBID_START, cited, copy_pack
from .texts import DATA, REPO, RULES, copied_runs, misplaced, source_words, table

DOC = REPO / "docs" / "third-crusade" / "setups.md"
PRINTED = {
    # Setup2p.Tracks L227-L233 and Setup4p.Tracks L292-L295: command points, crowns, supply, gold (R41)
    2: {"angevin": (1, 1, 5, 1), "hre": (2, 3, 5, 1), "ayyubid": (3, 2, 4, 3), "turkoman": (2, 2, 7, 3)},
    4: {"angevin": (1, 1, 6, 1), "hre": (2, 2, 4, 3), "ayyubid": (3, 2, 4, 3), "turkoman": (2, 2, 7, 2)},
}


@pytest.fixture(scope="module")
def setups() -> Setups:
    return load_setups()


@pytest.fixture(scope="module")
def plutorial(setups: Setups) -> Scenario:
    return setups.scenarios["plutorial"]


def test_the_shipped_pack_loads(setups: Setups) -> None:
    assert len(setups.scenarios) == 10


def test_an_unbroken_copy_loads_as_the_shipped_pack(tmp_path: Path, setups: Setups) -> None:
    assert load_setups(copy_pack(tmp_path, "setups", lambda doc: None)) == setups


# --- what the rulebook prints ----------------------------------------------------------------------


def tracks(s: Scenario, army: str) -> tuple[int, int, int, int]:
    t = s.tracks[army]
    return (t.command_points, t.crowns, t.supply, t.gold)


def test_the_printed_track_values(setups: Setups) -> None:
    # Setup2p.Tracks L225-L234, Setup4p.Tracks L290-L297, computed from the icons Controlled (BoardSetup.4
    # L199-L204): every 2- and 4-player scenario gives every Army its printed four values.
    checked = 0
    for s in setups.scenarios.values():
        if s.players in PRINTED:
            assert s.printed
            for army in s.armies:
                assert tracks(s, army) == PRINTED[s.players][army], (s.id, army)
                checked += 1
    assert checked == 5 * 2 + 4


THREE = {
    # R41: the 3-player page (L60) is lost; ours is the 2-player page with the additions setups.json
    # keeps to a lone Army or a pair (docs/third-crusade/balance.md, steps 6 and 13). Per lone Army: the
    # Regions it Controls and its command points, crowns, supply and gold counted from their icons
    # (BoardSetup.4 L199-L204); then the pair's values.
    "angevin": (
        {"tripoli", "sidon", "tyre", "d_galilee", "d_beqaa", "kerak", "jaffa"},
        (2, 3, 7, 3),
        {"ayyubid": (3, 2, 4, 3), "turkoman": (2, 2, 7, 3)},
    ),
    "hre": (
        {"tripoli", "sidon", "tyre", "d_galilee", "d_beqaa", "kerak", "jaffa"},
        (2, 3, 7, 3),
        {"ayyubid": (3, 2, 4, 3), "turkoman": (2, 2, 7, 3)},
    ),
    "ayyubid": (
        {"damascus", "acre", "d_samaria", "jerusalem", "ahamant"},
        (3, 2, 4, 3),
        {"angevin": (1, 0, 3, 1), "hre": (1, 3, 4, 1)},
    ),
    "turkoman": (
        {"hama", "d_buqaia", "homs", "d_palmyra", "jerusalem", "damascus", "acre"},
        (4, 3, 9, 5),
        {"angevin": (1, 0, 3, 1), "hre": (1, 3, 4, 1)},
    ),
}


def test_each_three_player_configuration(setups: Setups) -> None:
    # Goal.2 L17: one Alliance of two players, a lone one. No values are printed for 3 players; each
    # Army counts what it Controls (BoardSetup.4 L199, R1). A Crusader pair splits the two-coloured
    # pieces, Tyre to the Angevin and Sidon to the Holy Roman Empire; a Muslim pair gives Jerusalem's to
    # the Ayyubid (R41).
    for lone, (regions, values, pair) in THREE.items():
        s = setups.scenarios[f"three_{lone}"]
        assert not s.printed and s.lone == lone
        held = {p.where for p in s.pieces if s.controller(p.where) == lone}
        assert held == regions, lone
        assert tracks(s, lone) == values, lone
        assert {a: tracks(s, a) for a in s.armies if a != lone} == pair, lone
        if ARMIES[lone] == "muslim":
            assert (s.controller("tyre"), s.controller("sidon"), s.controller("jerusalem")) == (
                "angevin",
                "hre",
                lone,
            )


def _two_player_page_only(doc: Any) -> None:
    page = _page(doc)
    page["placements"] = [p for p in page["placements"] if p.get("only") != "lone"]


def test_the_three_player_additions_touch_no_other_game(tmp_path: Path, setups: Setups) -> None:
    # R41, Setup2p L213: the additions kept to a lone Army or a pair change no 2- or 4-player start,
    # and every 3-player start is the 2-player page's with more pieces of the Armies they name
    plain = load_setups(copy_pack(tmp_path, "setups", _two_player_page_only))
    changed = set()
    for sid, s in setups.scenarios.items():
        before = plain.scenarios[sid]
        if s.players != 3:
            assert s == before, sid
            continue
        for army in s.armies:
            for unit in UNITS:
                assert s.on_map(army, unit) >= before.on_map(army, unit), (sid, army, unit)
            if any(s.on_map(army, u) > before.on_map(army, u) for u in UNITS):
                changed.add((sid, army))
    assert changed == {("three_angevin", "angevin"), ("three_hre", "hre"), ("three_turkoman", "turkoman")}


def _without_the_two_player_additions(doc: Any) -> None:
    page = _page(doc)
    page["placements"] = [p for p in page["placements"] if p.get("only") != "two"]
    page["tokens"] = [t for t in page["tokens"] if t.get("only") != "two"]


def glory_icons(s: Scenario, board: Board, army: str) -> set[str]:
    """The Regions whose uncovered Glory icon ``army`` Controls at the start (Upkeep.4.E L731-L734)."""
    covered = {t.region for t in s.tokens if t.token == "sabotage" and t.icon == "glory"}
    return {
        rid
        for rid in {p.where for p in s.pieces}
        if s.controller(rid) == army and "glory" in board.regions[rid].icons() and rid not in covered
    }


def test_the_two_player_additions(tmp_path: Path, setups: Setups, board: Board) -> None:
    # Setup2p L213 (docs/third-crusade/setups.md, "The 2- and 3-player page"; balance.md, step 17): the
    # records kept to 2 players change only the four 2-player scenarios of the Armies' choice, neither the
    # plutorial's start nor a 3- or 4-player game. There the Turkoman holds the Desert of the Negev with
    # 1 Infantry, its supply icon under a Sabotage token (the printed 2 2 7 3 stay, Setup2p.Tracks
    # L233), and a Sabotage token covers the Ayyubid's Glory icon in Acre; since step 24 Sabotage tokens
    # also cover the Angevin's Glory icon in the Desert of Galilee and, in the Ayyubid's games, the one
    # of the Desert of the Negev, which no Army holds at its start. The Glory icons each Army Controls
    # at the start, which score at each upkeep (Upkeep.4.E), become 1, 2, 0 and 1.
    plain = load_setups(copy_pack(tmp_path, "setups", _without_the_two_player_additions))
    for sid, s in setups.scenarios.items():
        if s.players != 2 or sid == "plutorial":
            assert s == plain.scenarios[sid], sid
    icons = {
        "angevin": {"tyre"},
        "hre": {"tyre", "kerak"},
        "ayyubid": set(),
        "turkoman": {"d_negev"},
    }
    for crusader, muslim in (
        ("angevin", "ayyubid"),
        ("angevin", "turkoman"),
        ("hre", "ayyubid"),
        ("hre", "turkoman"),
    ):
        s, before = setups.scenarios[f"two_{crusader}_{muslim}"], plain.scenarios[f"two_{crusader}_{muslim}"]
        for army in (crusader, muslim):
            assert glory_icons(s, board, army) == icons[army], (s.id, army)
        assert glory_icons(before, board, muslim) == ({"acre"} if muslim == "ayyubid" else set())
        negev = [(p.owner, p.infantry, p.cavalry) for p in s.in_region("d_negev")]
        assert negev == ([("turkoman", 1, 0)] if muslim == "turkoman" else [])
        covered = {(t.region, t.icon) for t in s.tokens if t.token == "sabotage"}
        assert (("d_negev", "glory") in covered) == (muslim == "ayyubid")
        assert (("d_galilee", "glory") in covered) == (crusader == "angevin")
        assert s.on_map(muslim, "infantry") == before.on_map(muslim, "infantry") + (muslim == "turkoman")
    plutorial = setups.scenarios["plutorial"]
    assert glory_icons(plutorial, board, "ayyubid") == {"acre"}
    assert not plutorial.in_region("d_negev")


def test_the_four_player_tartosa(setups: Setups, board: Board) -> None:
    # Setup4p L271-L275 with Setup4p.Tracks L292-L293 (docs/third-crusade/setups.md, "The 4-player page";
    # balance.md, step 19): the Holy Roman Empire holds Tartosa with 1 Infantry, its supply icon under a
    # Sabotage token, and a supply Resource token in Sidon is the Angevin's sixth supply, so the printed
    # 1 1 6 1 and 2 2 4 3 stand. Tartosa is on the north board, in play with 4 players only
    # (BoardSetup.1 L180).
    four = setups.scenarios["four"]
    assert [(p.owner, p.infantry, p.cavalry) for p in four.in_region("tartosa")] == [("hre", 1, 0)]
    assert four.controller("tartosa") == "hre" and four.controller("sidon") == "angevin"
    assert [(t.token, t.icon) for t in four.tokens if t.region in ("tartosa", "sidon")] == [
        ("sabotage", "supply"),
        ("resource", "supply"),
    ]
    assert (tracks(four, "angevin"), tracks(four, "hre")) == ((1, 1, 6, 1), (2, 2, 4, 3))
    assert board.regions["tartosa"].board == "north"
    for s in setups.scenarios.values():
        if s.players < 4:
            assert not [t for t in s.tokens if t.region == "sidon"], s.id


def test_boards_by_player_count(setups: Setups) -> None:
    # BoardSetup.1 L180: the south board alone for 2 and 3 players, both for 4.
    for s in setups.scenarios.values():
        assert s.boards == (("south", "north") if s.players == 4 else ("south",)), s.id


def test_gold_faith_glory_round(setups: Setups) -> None:
    # PlayerSetup.B L144: 4 gold, the lone player of 3 takes 6. BoardSetup.2.Faith L188: a pair's Faith and
    # Mercantile markers on 0, a lone Army's Faith on 2 without a Mercantile marker (so both Alliances of a
    # 2-player game; Plutorial.Continue.Faith L1336 too). BoardSetup.2.Glory L185, BoardSetup.2.Round L186.
    for s in setups.scenarios.values():
        for army in s.armies:
            assert s.gold[army] == (6 if army == s.lone else 4)
        for alliance, faith in s.faith.items():
            pair = sum(ARMIES[a] == alliance for a in s.armies) == 2
            assert (faith.faith, faith.mercantile) == ((0, 0) if pair else (2, None)), (s.id, alliance)
    assert (setups.start.glory, setups.start.round) == (0, "1190")


def test_initiative_and_orders_and_objectives(setups: Setups, plutorial: Scenario) -> None:
    # BoardSetup.2.Initiative L187: one Alliance on 1 and 3, the other on 2 and 4.
    assert setups.start.initiative == ((1, 3), (2, 4))
    # PlayerSetup.F-G L158-L161 with Plutorial.Upkeep.4.B L1267: 12 basic Orders in the box, 10 beside.
    assert (setups.start.orders_in_box, setups.start.orders_beside) == (12, 10)
    # BoardSetup.5.B L207: 12 diplomacy markers and one pawn each.
    assert (setups.start.diplomacy_markers, setups.start.pawns) == (12, 1)
    # PlayerSetup.H L162: two Objective Cards each, but none in the plutorial (Plutorial.Setup L1051), whose
    # Ayyubid goes first (Plutorial.HowToPlay L1063) and which fixes the first Mission and Diplomacy Card.
    assert {s.objectives for s in setups.scenarios.values() if s.id != "plutorial"} == {2}
    assert plutorial.objectives == 0 and plutorial.initiative == ("ayyubid", "angevin")
    assert (plutorial.mission, plutorial.diplomacy) == ("ensure_supply", "bedouin_tribes")
    # Plutorial.Continue.Objectives L1332-L1334: Damascus for the Angevin, Sidon for the Ayyubid.
    assert dict(plutorial.later_objectives) == {"angevin": "damascus", "ayyubid": "sidon"}


def test_only_the_armies_in_play_and_a_neutral_in_every_empty_city(setups: Setups, board: Board) -> None:
    # Setup2p L213: the players set only their own Armies' pieces, then a Neutral Infantry in each empty City.
    for s in setups.scenarios.values():
        assert {p.owner for p in s.pieces} == {*s.armies, "neutral"}, s.id
        for rid in board.in_play(north=s.players == 4):
            if board.regions[rid].is_city:
                assert s.in_region(rid), (s.id, rid)


def test_the_armies_the_text_allows(setups: Setups) -> None:
    # PlayerSetup.1 L134: 2 players on opposite Alliances; Goal.2 L17: 3 players, one Alliance alone.
    pairs = {frozenset(s.armies) for s in setups.scenarios.values() if s.players == 2}
    assert pairs == {frozenset((c, m)) for c in ("angevin", "hre") for m in ("ayyubid", "turkoman")}
    assert {s.lone for s in setups.scenarios.values() if s.players == 3} == set(ARMIES)


def strength(s: Scenario, region: str, army: str, leaders: Leaders, kind: str) -> int:
    """Battle Strength (Battle.Strength.Table L549-L555) of an Army's pieces in a Region."""
    cavalry = 2 if kind == "desert" else 1
    total = 0
    for p in s.in_region(region):
        if p.owner == army:
            total += (
                p.infantry + cavalry * p.cavalry + sum(leaders.leaders[x].strength(kind) for x in p.leaders)
            )
    return total


def test_the_plutorial_start(plutorial: Scenario, leaders: Leaders) -> None:
    def where(lid: str) -> str:
        return next(p.where for p in plutorial.pieces if lid in p.leaders)

    # Plutorial.Command.8 L1190, Plutorial.Command.3 L1164, Plutorial.Command.7 L1186: the Leaders' places.
    assert where("james") == "sidon"
    assert where("al_adil") == where("ibn_shaddad") == "ahamant"
    assert where("al_afdal") == "damascus"
    # Plutorial.Command.1.Battle L1140: the Angevin's Desert defends with 3, a Neutral Infantry among them.
    assert strength(plutorial, "d_galilee", "angevin", leaders, "desert") + 1 == 3
    assert Pieces("d_galilee", "neutral", infantry=1) in plutorial.pieces
    # Plutorial.Command.1 L1131 with L1140: one Infantry added, one left, the rest worth 5 in the Desert.
    (samaria,) = [p for p in plutorial.in_region("d_samaria") if p.owner == "ayyubid"]
    assert samaria.infantry + 1 - 1 + 2 * samaria.cavalry == 5 and not samaria.leaders
    # Plutorial.Command.2.Card L1158: one Ayyubid Infantry in Jerusalem, and a Neutral Infantry stays.
    assert {(p.owner, p.infantry, p.count) for p in plutorial.in_region("jerusalem")} == {
        ("ayyubid", 1, 1),
        ("neutral", 1, 1),
    }
    # Plutorial.Command.6 L1182: 3 Infantry more fill Tyre's six squares.
    assert sum(p.count for p in plutorial.in_region("tyre")) == 3
    # Plutorial.Command.5 L1176: Tripoli holds the most Angevin Units.
    units = {
        r: sum(p.count - len(p.leaders) for p in plutorial.in_region(r)) for r in ("tripoli", "tyre", "sidon")
    }
    assert units["tripoli"] > max(units["tyre"], units["sidon"])
    # Plutorial.Upkeep.4.E.Example L1280: Ahamant's Glory icon is under a Sabotage token.
    assert [(t.token, t.icon) for t in plutorial.tokens if t.region == "ahamant"] == [("sabotage", "glory")]


def test_the_genoa_ships(setups: Setups) -> None:
    # Plutorial.Upkeep.7.Example L1296: Philip II and Richard I land from the 1191 Spring ship; BoardSetup.3
    # L189: only the pieces of Armies in play are loaded.
    spring = [p for p in setups.scenarios["plutorial"].ships if p.where == "1191_spring"]
    assert [(p.owner, set(p.leaders)) for p in spring] == [("angevin", {"richard", "philip"})]
    assert {p.owner for p in setups.scenarios["four"].ships} == {"angevin", "hre"}
    assert setups.scenarios["three_angevin"].ships == tuple(
        p for p in setups.scenarios["plutorial"].ships if p.owner == "angevin"
    )


def test_the_variable_setup(setups: Setups) -> None:
    v = setups.variable
    # VariableSetup L300: 4 players, or 2 without the north cards.
    assert set(v.players) == {2, 4}
    # VariableSetup.Decks L302-L308: Famagusta set aside, 4 dealt, 1 discarded.
    assert (v.set_aside, v.deal, v.discard) == ("famagusta", 4, 1)
    # VariableSetup.Forces L312-L315: 11, 11, 14 and 14 deployment points.
    assert dict(v.points) == {"angevin": 11, "hre": 11, "ayyubid": 14, "turkoman": 14}
    # VariableSetup.Deploy L319: Infantry 1, Cavalry 2, Siege Engine 4, Leaders free.
    assert dict(v.costs) == {"infantry": 1, "cavalry": 2, "siege_engine": 4, "leader": 0}
    # VariableSetup.Deploy.1-3 L321-L323: 3 main Cities, one Desert; Muslims in Jerusalem, 3 square and 1
    # hexagonal at most. VariableSetup.End L325: a Neutral Infantry in each empty City; R25: 2 new Objectives.
    assert (v.main_cities, v.deserts, v.jerusalem) == (3, 1, ("muslim", 3, 1))
    assert (v.fill, v.objectives) == ("infantry", 2)


# --- the plutorial's constraint on the 2-player start ----------------------------------------------


def test_the_two_player_start_fits_the_plutorial_upkeep(plutorial: Scenario) -> None:
    # Plutorial.Upkeep.4.A.Example L1263 and Plutorial.Upkeep.4.B.Example L1269 with the Sections: the ranges
    # of tests/third_crusade/test_orders.py (docs/third-crusade/setups.md, "The plutorial's constraint").
    angevin = {u: plutorial.on_map("angevin", u) for u in UNITS}
    ayyubid = {u: plutorial.on_map("ayyubid", u) for u in UNITS}
    assert angevin["infantry"] in ANGEVIN_START["infantry"] and angevin["cavalry"] in ANGEVIN_START["cavalry"]
    assert ayyubid["infantry"] in AYYUBID_START["infantry"] and ayyubid["cavalry"] in AYYUBID_START["cavalry"]
    assert angevin["siege_engine"] == ayyubid["siege_engine"] == 0
    board = load_orders().board
    for on_map in (angevin["infantry"] + 3, angevin["infantry"] + 2):
        assert board.supply_needed({"infantry": on_map, "cavalry": angevin["cavalry"]}) == 4
    assert board.supply_needed({"infantry": ayyubid["infantry"], "cavalry": ayyubid["cavalry"] + 1}) == 4


def away(s: Scenario, army: str) -> dict[str, int]:
    """The Units of each type ``army`` has off its player board at the start: on the map and loaded
    on the Genoa ships (BoardSetup.3 L189), as the game counts them at upkeep step 4.A."""
    return {u: s.on_map(army, u) + sum(p.units(u) for p in s.ships if p.owner == army) for u in UNITS}


def test_every_printed_start_is_supplied(setups: Setups) -> None:
    # Upkeep.4.A L711: a start whose supply did not cover its Sections would cost Glory at the first
    # upkeep; every printed start (Setup2p.Tracks L227-L233, Setup4p.Tracks L292-L295) covers them.
    board = load_orders().board
    printed = [s for s in setups.scenarios.values() if s.printed]
    assert len(printed) == 6
    for s in printed:
        for army in s.armies:
            assert board.supply_needed(away(s, army)) <= s.tracks[army].supply, (s.id, army)


def test_the_three_player_supply(setups: Setups) -> None:
    # R41: the 3-player tracks are counted, not printed. A lone Army covers its Sections; beside the
    # Angevin the Holy Roman Empire does with the Beqaa's supply Resource token, the Angevin starts one
    # short (Upkeep.4.A L711; docs/third-crusade/balance.md, step 13).
    board = load_orders().board
    short = {
        (s.lone, army): board.supply_needed(away(s, army)) - s.tracks[army].supply
        for s in setups.scenarios.values()
        if s.players == 3
        for army in s.armies
    }
    assert {k for k, v in short.items() if v > 0} == {("ayyubid", "angevin"), ("turkoman", "angevin")}
    assert short["ayyubid", "angevin"] == short["turkoman", "angevin"] == 1


# --- sources ---------------------------------------------------------------------------------------


def test_every_citation_lies_inside_its_key() -> None:
    doc = json.loads((DATA / "setups.json").read_text(encoding="utf-8"))
    found = list(cited(doc))
    assert len(found) >= 30
    assert misplaced(found) == []


@pytest.mark.parametrize("path", [DATA / "setups.json", DOC], ids=lambda p: p.name)
def test_neither_the_pack_nor_its_page_copies_the_rulebook(path: Path) -> None:
    if not RULES.exists():
        pytest.skip(f"rulebook text not here: {RULES}")
    assert copied_runs(path.read_text(encoding="utf-8"), RULES.read_text(encoding="utf-8")) == []


# --- the page says what the pack holds -------------------------------------------------------------


def pieces_words(p: Pieces, leaders: Leaders) -> str:
    parts = [f"{p.units(u)} {u.replace('_', ' ')}" for u in UNITS if p.units(u)]
    parts += [leaders.leaders[x].name for x in p.leaders]
    return f"{p.owner}: {', '.join(parts)}"


def scenario_rows(s: Scenario, board: Board, leaders: Leaders) -> list[str]:
    rows = []
    for rid in board.in_play(north=s.players == 4):
        here = s.in_region(rid)
        tokens = [f"{t.token} ({t.icon})" for t in s.tokens if t.region == rid]
        if here or tokens:
            pieces = "; ".join(pieces_words(p, leaders) for p in here) or "-"
            rows.append(f"| {rid} | {pieces} | {s.controller(rid) or '-'} | {', '.join(tokens) or '-'} |")
    return rows


def track_rows(setups: Setups) -> list[str]:
    rows = []
    for s in setups.scenarios.values():
        for army in s.armies:
            faith = s.faith[ARMIES[army]]
            mercantile = "" if faith.mercantile is None else f", Mercantile {faith.mercantile}"
            values = " | ".join(str(v) for v in tracks(s, army))
            printed = "printed" if s.printed else "counted"
            rows.append(
                f"| {s.id} | {army} | {values} | {s.gold[army]} | {faith.faith}{mercantile} | {printed} |"
            )
    return rows


def placement_rows(page: dict[str, Any]) -> list[str]:
    cells = [
        (
            p["region"],
            p["owner"] + (f" ({p['only']} only)" if "only" in p else ""),
            *(p[u] for u in UNITS),
            ", ".join(p["leaders"]) or "-",
            p["source"],
        )
        for p in page["placements"]
    ]
    cells += [
        (n["region"], "neutral", n["infantry"], n["cavalry"], 0, "-", n["source"]) for n in page["neutrals"]
    ]
    cells += [
        (
            t["region"],
            f"{t['token']} ({t['icon']})"
            + (
                f" ({t['army']}, {t['only']} only{', unheld' if t.get('unheld') else ''})"
                if "only" in t
                else ""
            ),
            *"----",
            t["source"],
        )
        for t in page["tokens"]
    ]
    return ["| " + " | ".join(str(c) for c in row[:-1]) + f" | {source_words(row[-1])} |" for row in cells]


def ship_rows(doc: dict[str, Any]) -> list[str]:
    rows = []
    for d in doc["genoa"]:
        units = " | ".join(str(d[u]) for u in UNITS)
        leaders = ", ".join(d["leaders"]) or "-"
        rows.append(f"| {d['period']} | {d['army']} | {units} | {leaders} | {source_words(d['source'])} |")
    return rows


def expected_tables(setups: Setups, board: Board, leaders: Leaders) -> dict[str, list[str]]:
    doc = json.loads((DATA / "setups.json").read_text(encoding="utf-8"))
    pages = {p["id"]: p for p in doc["pages"]}
    out = {
        "## The 2- and 3-player page": placement_rows(pages["south"]),
        "## The 4-player page": placement_rows(pages["four"]),
        "## The Genoa ships": ship_rows(doc),
        "## Starting values": track_rows(setups),
    }
    for s in setups.scenarios.values():
        out[f"### {s.id}"] = scenario_rows(s, board, leaders)
    return out


def test_the_page_tables_match_the_pack(setups: Setups, board: Board, leaders: Leaders) -> None:
    text = DOC.read_text(encoding="utf-8")
    for heading, rows in expected_tables(setups, board, leaders).items():
        assert table(text, heading) == rows, heading


def test_the_page_check_can_fail(setups: Setups, board: Board, leaders: Leaders) -> None:
    text = DOC.read_text(encoding="utf-8").replace(
        "| tyre | angevin: 3 infantry |", "| tyre | angevin: 4 infantry |"
    )
    assert table(text, "### plutorial") != expected_tables(setups, board, leaders)["### plutorial"]


# --- broken copies ---------------------------------------------------------------------------------


def _page(doc: dict[str, Any], pid: str = "south") -> dict[str, Any]:
    return next(p for p in doc["pages"] if p["id"] == pid)


def _placement(doc: dict[str, Any], region: str, owner: str, pid: str = "south") -> dict[str, Any]:
    return next(p for p in _page(doc, pid)["placements"] if (p["region"], p["owner"]) == (region, owner))


def _scenario(doc: dict[str, Any], sid: str) -> dict[str, Any]:
    return next(s for s in doc["scenarios"] if s["id"] == sid)


def _set(path: Callable[[Any], dict[str, Any]], key: str, value: Any) -> Callable[[Any], None]:
    def change(doc: Any) -> None:
        path(doc)[key] = value

    return change


def _without(path: Callable[[Any], dict[str, Any]], key: str) -> Callable[[Any], None]:
    def change(doc: Any) -> None:
        del path(doc)[key]

    return change


def _negev_token(doc: Any) -> dict[str, Any]:
    """The 2-player page's Sabotage token on the Negev's Glory icon, in the Ayyubid's games."""
    return next(t for t in _page(doc)["tokens"] if (t["region"], t["icon"]) == ("d_negev", "glory"))


def _without_source(doc: Any) -> None:
    del _placement(doc, "tyre", "crusader")["source"]


def _unknown_scenario_missing(doc: Any) -> None:
    doc["scenarios"] = [s for s in doc["scenarios"] if s["id"] != "two_hre_turkoman"]


def _leader_twice(doc: Any) -> None:
    _placement(doc, "tripoli", "angevin")["leaders"].append("james")


def _pair_missing(doc: Any) -> None:
    del _placement(doc, "sidon", "crusader")["pair"]


def _only_on_the_four_player_page(doc: Any) -> None:
    _placement(doc, "tripoli", "angevin", "four")["only"] = "lone"


def _two_on_the_four_player_page(doc: Any) -> None:
    _placement(doc, "tripoli", "angevin", "four")["only"] = "two"


def _two_token_without_army(doc: Any) -> None:
    del next(t for t in _page(doc)["tokens"] if t.get("only") == "two")["army"]


def _pair_token(doc: Any) -> dict[str, Any]:
    return next(t for t in _page(doc)["tokens"] if t.get("only") == "pair")


def _pair_token_without_army(doc: Any) -> None:
    del _pair_token(doc)["army"]


def _pair_token_on_the_four_player_page(doc: Any) -> None:
    _page(doc, "four")["tokens"].append(_pair_token(doc))


def _sabotage_in_jerusalem(doc: Any) -> None:
    _page(doc)["tokens"][1]["region"] = "jerusalem"


BROKEN = [
    (
        _pair_missing,
        "setups.json: page south placement sidon crusader: a two-coloured piece, and only it, names",
    ),
    (
        _set(lambda d: _placement(d, "tyre", "crusader"), "only", "lone"),
        "setups.json: page south placement tyre crusader lone: only an Army's own placement on a page of 3",
    ),
    (
        _only_on_the_four_player_page,
        "setups.json: page four placement tripoli angevin lone: only an Army's own placement on a page of 3",
    ),
    (
        _without_source,
        "setups.json: at pages/0/placements/1",
    ),
    (
        _set(lambda d: _placement(d, "tyre", "crusader"), "region", "beirut"),
        "setups.json: page south placement beirut crusader: unknown region 'beirut'",
    ),
    (
        _set(lambda d: _placement(d, "tyre", "crusader"), "region", "adana"),
        "setups.json: page south placement adana crusader: on the north board, not in use with 2 players",
    ),
    (
        _set(lambda d: _placement(d, "tripoli", "angevin"), "leaders", ["saladin"]),
        "setups.json: page south placement tripoli angevin: leader saladin is of the ayyubid",
    ),
    (
        _set(lambda d: _placement(d, "tripoli", "angevin"), "leaders", ["richard"]),
        "setups.json: page south placement tripoli angevin: leader richard enters by genoa_1191_spring",
    ),
    (
        _leader_twice,
        "setups.json: scenario plutorial leader james: listed twice",
    ),
    (
        _set(lambda d: _placement(d, "tyre", "crusader"), "infantry", 5),
        "setups.json: scenario plutorial region tyre: 5 square pieces for 4 plain slots",
    ),
    (
        _set(lambda d: _placement(d, "d_galilee", "angevin"), "siege_engine", 1),
        "setups.json: scenario plutorial region d_galilee: a Siege Engine set in a Desert",
    ),
    (
        _set(lambda d: d["genoa"][1], "infantry", 40),
        "setups.json: scenario two_hre_ayyubid army hre: 51 infantry set out; the player board holds 30",
    ),
    (
        _set(lambda d: _page(d)["tracks"]["angevin"], "supply", 4),
        "setups.json: scenario plutorial army angevin: the icons Controlled give",
    ),
    (
        _set(lambda d: _scenario(d, "two_hre_turkoman"), "armies", ["hre", "angevin"]),
        "setups.json: scenario two_hre_turkoman: 2 players take opposite Alliances",
    ),
    (
        _set(lambda d: _scenario(d, "three_angevin"), "lone", "ayyubid"),
        "setups.json: scenario three_angevin: the lone ayyubid is not alone",
    ),
    (
        _unknown_scenario_missing,
        "setups.json: scenarios: no scenario for 2 players with hre, turkoman",
    ),
    (
        _two_on_the_four_player_page,
        "setups.json: page four placement tripoli angevin two: only an Army's own placement on a page of 2",
    ),
    (
        _two_token_without_army,
        "setups.json: page south token sabotage d_negev two: a token kept to 2-player games names its Army",
    ),
    (
        _pair_token_without_army,
        "setups.json: page south token resource d_beqaa pair: a token kept to a pair names its Army",
    ),
    (
        _pair_token_on_the_four_player_page,
        "setups.json: page four token resource d_beqaa hre pair: a token kept to a pair names its Army",
    ),
    (
        _set(_pair_token, "army", "angevin"),
        "setups.json: scenario three_ayyubid token resource d_beqaa angevin pair: the angevin does not",
    ),
    (
        _set(_negev_token, "region", "acre"),
        "setups.json: scenario two_angevin_ayyubid token sabotage acre ayyubid two: the ayyubid Controls",
    ),
    (
        _without(_negev_token, "unheld"),
        "setups.json: scenario two_angevin_ayyubid token sabotage d_negev ayyubid two: the ayyubid does not",
    ),
    (
        _sabotage_in_jerusalem,
        "setups.json: scenario plutorial token sabotage jerusalem: no Sabotage in Jerusalem",
    ),
    (
        _set(lambda d: _page(d)["tokens"][1], "icon", "crown"),
        "setups.json: scenario plutorial token sabotage ascalon: no square slot with a crown icon",
    ),
    (
        _set(lambda d: d["genoa"][0], "army", "ayyubid"),
        "setups.json: ship 1191_spring ayyubid: the Genoa ships bring Crusader pieces only",
    ),
    (
        _set(lambda d: d["genoa"][0], "leaders", ["richard"]),
        "setups.json: ship 1191_spring angevin: leaders.json puts ['philip'] on this ship",
    ),
    (
        _set(lambda d: _scenario(d, "plutorial"), "mission", "take_acre"),
        "setups.json: scenario plutorial: unknown mission 'take_acre'",
    ),
    (
        _set(lambda d: d["variable"]["jerusalem"], "square", 7),
        "setups.json: variable jerusalem: 7 square pieces; Jerusalem has 6",
    ),
    (
        _set(lambda d: d["variable"]["decks"], "set_aside", "acre"),
        "setups.json: variable decks: 'acre' is not the set-aside Objective",
    ),
    (
        _set(lambda d: d["start"]["orders"], "in_box", 11),
        "setups.json: start orders: the angevin has 12 basic and 10 Advanced Orders",
    ),
]


@pytest.mark.parametrize(("change", "expected"), BROKEN)
def test_a_broken_copy_is_refused_naming_the_record(
    tmp_path: Path, change: Callable[[Any], None], expected: str
) -> None:
    with pytest.raises(BadData) as refused:
        load_setups(copy_pack(tmp_path, "setups", change))
    assert str(refused.value).startswith(expected)


def test_a_broken_copy_leaves_the_shipped_pack_as_it_was(tmp_path: Path, setups: Setups) -> None:
    with pytest.raises(BadData):
        load_setups(copy_pack(tmp_path, "setups", _leader_twice))
    assert load_setups() is setups
