"""The Third Crusade map boards (issue 17, "The data the text lacks"): the shipped pack loads, keeps
every adjacency and map fact the rulebook states, names every City it names, carries the plutorial's
track values in its icons, gives every record a source citing a real section key, matches the table
of docs/third-crusade/map.md, and a broken copy is refused with an error naming the file and the
record. Lnnn are lines of shared/rules/third-crusade.txt; keys are those of sections.md."""

from __future__ import annotations

import itertools
import json
import math
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from outremer.engine.errors import BadData
from outremer.games.third_crusade.board import NAMED_CITIES, Board, Region, load_board
from tests.datapacks import changed_copy

from .texts import DATA, REPO, RULES, copied_runs, misplaced, source_words, table

DOC = REPO / "docs" / "third-crusade" / "map.md"
TRACKS = ("command_point", "crown", "supply", "gold")  # Setup2p.Tracks, in the order of ruling R41


def broken(tmp_path: Path, change: Callable[[Any], None]) -> Path:
    """A copy of the shipped data folder in ``tmp_path``, its map changed."""
    return changed_copy(DATA, tmp_path, "map", change)


def named(board: Board, name: str) -> Region:
    (region,) = [r for r in board.regions.values() if r.name == name]
    return region


def tracks(regions: list[Region]) -> tuple[int, ...]:
    """Command points, crowns, supply and gold printed in these Regions, none covered."""
    icons = Counter(icon for r in regions for icon in r.icons())
    return tuple(icons[t] for t in TRACKS)


# --- what the boards hold ------------------------------------------------------------------------


def test_the_shipped_pack_loads(board: Board) -> None:
    # BoardSetup.1 L180: a south board for every game, a north one added for 4 players.
    assert set(board.boards) == {"south", "north"}
    assert len(board.in_play()) == 20 and len(board.in_play(north=True)) == 32
    assert board.in_play()[0] == "famagusta" and set(board.in_play()) < set(board.in_play(north=True))
    assert board.jerusalem == "jerusalem"


def test_an_unbroken_copy_loads_as_the_shipped_pack(tmp_path: Path, board: Board) -> None:
    assert load_board(broken(tmp_path, lambda doc: None)) == board


def test_every_named_city_is_a_city(board: Board) -> None:
    # Setup2p.Map L235-L266 and VariableSetup.Decks L304-L306 name twenty Cities (spellings: R36).
    assert len(NAMED_CITIES) == 20
    for name in NAMED_CITIES:
        assert named(board, name).is_city, name
    cities = [r.name for r in board.regions.values() if r.is_city]
    assert sorted(cities) == sorted(NAMED_CITIES)  # no City the text does not name


def test_the_south_board_holds_its_labels_and_the_plutorial_cities(board: Board) -> None:
    # Setup2p.Map L235-L266: twelve City labels and four Desert labels on the 2-player board;
    # Plutorial.Command.3 L1162-L1167: Ahamant is played in the 2-player game.
    labels = ["Ascalon", "Jaffa", "Acre", "Tyre", "Famagusta", "Sidon", "Tripoli", "Kerak", "Jerusalem",
              "Damascus", "Hama", "Homs"]  # fmt: skip
    for name in [*labels, "Ahamant"]:
        assert named(board, name).board == "south", name
    south = [board.regions[r] for r in board.in_play()]
    assert sum(1 for r in south if not r.is_city) >= 4


def test_the_two_player_variable_setup_keeps_four_crusader_cards(board: Board) -> None:
    # VariableSetup L300, VariableSetup.Decks L302-L309: with 2 players the north cards go and each
    # player is still dealt 4 cards from its own deck.
    crusader = ["Adana", "Antioch", "Ascalon", "Heraclium", "Selucia", "Sidon", "Tartosa", "Tripoli", "Tyre"]
    muslim = ["Acre", "Ahamant", "Aleppo", "Damascus", "Homs", "Iconium", "Jaffa", "Kerak"]
    for deck in (crusader, muslim):
        assert sum(1 for name in deck if named(board, name).board == "south") >= 4


def test_every_region_has_nine_slots(board: Board) -> None:
    # Glossary.Slots L1555: 6 square, 2 hexagonal and 1 trapezoid slots in every Region.
    assert dict(board.slot_counts) == {"square": 6, "hexagon": 2, "trapezoid": 1}
    for r in board.regions.values():
        shapes = Counter(s.shape for s in r.slots)
        assert shapes == {"square": 6, "hexagon": 2, "trapezoid": 1}, r.id
        assert set(r.icons()) <= set(board.icons), r.id


def test_ports_and_mercantile_cities(board: Board) -> None:
    # Foldout.BattleOverview L1662: a Port is in a City Region; Glossary.MercantileCities L1467.
    for r in board.regions.values():
        assert r.is_city or not (r.ports or r.mercantile), r.id
    # Plutorial.Command.5 L1176-L1181: Tripoli has one Port, unusable once one Destroyed Port covers it.
    assert board.regions["tripoli"].ports == 1
    # Example.TripoliBattle.Mercantile L645-L646: Tripoli is a Mercantile City.
    assert board.regions["tripoli"].mercantile
    # Plutorial.Upkeep.7.Example L1296-L1297 with Upkeep.7 L743: Genoa pieces land in Sidon's Port.
    assert board.regions["sidon"].ports
    # Glossary.Port L1507: Port Cities are Adjacent to each other for a Sea Move (R6), only on the
    # boards in play.
    assert "sidon" in board.sea_neighbours("tripoli") and "antioch" not in board.sea_neighbours("tripoli")
    assert "antioch" in board.sea_neighbours("tripoli", north=True)
    assert board.sea_neighbours("d_beqaa") == ()


@pytest.mark.parametrize("north", [False, True])
def test_adjacency_is_symmetric_and_every_board_set_connected(board: Board, north: bool) -> None:
    here = board.in_play(north)
    for a in here:
        for b in board.neighbours(a, north):
            assert a in board.neighbours(b, north) and a != b, (a, b)
    assert board.reached(here[0], north) == set(here)
    # Famagusta is on Cyprus: reached by sea only (VariableSetup.Decks L302 sets its card aside).
    assert board.neighbours("famagusta", north) == () and board.regions["famagusta"].ports
    assert set(here) - board.reached("jerusalem", north, by_sea=False) == {"famagusta"}


def test_the_north_board_joins_only_with_four_players(board: Board) -> None:
    # BoardSetup.1 L180: no Road of the 2-player game leads onto the north board.
    south = set(board.in_play())
    for r in south:
        assert set(board.neighbours(r)) <= south
    crossing = {road.key for road in board.roads if len({board.regions[e].board for e in road.key}) == 2}
    assert crossing and all(board.adjacent(*sorted(k), north=True) for k in crossing)


# --- the adjacency facts of the text ---------------------------------------------------------------


@pytest.mark.parametrize("north", [False, True])
def test_tripoli_has_only_two_desert_neighbours(board: Board, north: bool) -> None:
    # Example.TripoliBattle.Defender L620-L625: the Crusaders may not retreat to the attacker's
    # Desert, may to the other Desert, and with that one hostile there is nowhere else to go.
    near = board.neighbours("tripoli", north)
    assert len(near) == 2 and all(board.regions[r].kind == "desert" for r in near)
    # Example.TripoliBattle.5 L588-L591: Sidon's Order is not Adjacent to the Battle in Tripoli, though
    # both are Ports (R6: Ports are not Adjacent by Road).
    assert not board.adjacent("sidon", "tripoli", north)
    # R4: the Diversion in the attacker's Desert cancels the Reinforce in the other Desert; the two
    # are not Adjacent, which is why R4 measures "Adjacent" from the Battle Region.
    assert not board.adjacent(*near, north)


def test_al_adils_forced_march(board: Board) -> None:
    # Plutorial.Command.3 L1162-L1167: Ahamant, then a Desert, then Jerusalem, one Road each.
    middle = set(board.neighbours("ahamant")) & set(board.neighbours("jerusalem"))
    assert middle == {"d_jordan"} and board.regions["d_jordan"].kind == "desert"


def test_the_deserts_of_damascus(board: Board) -> None:
    damascus, west, south = (board.regions[r] for r in ("damascus", "d_beqaa", "d_jordan"))
    # Plutorial.Command.7 L1186-L1189: a Desert west of Damascus and one to the south, both a March away.
    assert board.adjacent("damascus", "d_beqaa") and west.x < damascus.x and west.kind == "desert"
    assert board.adjacent("damascus", "d_jordan") and south.y > damascus.y and south.kind == "desert"
    # Plutorial.Command.8 L1190-L1191: the Angevin marches from Sidon into that west Desert.
    assert board.adjacent("sidon", "d_beqaa")
    # Plutorial.Command.8.Battle L1192-L1197: Al-Afdal retreats from it into the Desert with the single
    # Cavalry Al-Adil left behind (Plutorial.Command.3 L1164): the Desert south of Damascus.
    assert board.adjacent("d_beqaa", "d_jordan")


def test_the_ayyubid_desert_lies_south_of_the_angevin_desert(board: Board) -> None:
    # Plutorial.Command.1 L1125-L1132: the Ayyubid marches from its Desert north into the Angevin's.
    angevin, ayyubid = board.regions["d_galilee"], board.regions["d_samaria"]
    assert board.adjacent("d_galilee", "d_samaria") and angevin.y < ayyubid.y
    assert angevin.kind == ayyubid.kind == "desert"


def test_jerusalem_has_roads_to_the_west(board: Board) -> None:
    # Plutorial.Command.3.Bandit L1172-L1173: the Bandit goes on one of the Roads west of Jerusalem.
    holy = board.regions["jerusalem"]
    west = [r for r in board.neighbours("jerusalem") if board.regions[r].x < holy.x]
    assert len(west) >= 2


def test_acre_disperses_into_two_deserts_the_southern_one_first(board: Board) -> None:
    # Solo.March.Example.Disperse L975-L978 (a Crusader Bot against a Muslim human, L943): Acre has two
    # Desert neighbours about as close to the human side; the one nearer the Glory track comes first.
    deserts = [r for r in board.neighbours("acre") if board.regions[r].kind == "desert"]
    assert len(deserts) >= 2
    a, b = deserts[:2]
    band = board.layout.band
    assert int((100 - board.regions[a].x) // band) == int((100 - board.regions[b].x) // band)
    order = board.proximity_order("muslim")
    southern = max((a, b), key=lambda r: board.regions[r].y)
    assert order.index(southern) < order.index(({a, b} - {southern}).pop())


def test_sidon_comes_before_tripoli_for_the_bot(board: Board) -> None:
    # Example.BotPlanning.1 L874-L875: a Crusader Bot with Sidon and Tripoli equally strong places
    # its first Order in Sidon by Proximity (to the Muslim human's side, then the Glory track).
    order = board.proximity_order("muslim")
    assert order.index("sidon") < order.index("tripoli")


@pytest.mark.parametrize("human", ["crusader", "muslim"])
@pytest.mark.parametrize("north", [False, True])
def test_the_proximity_order_follows_the_layout(board: Board, human: str, north: bool) -> None:
    # SoloGlossary.Proximity L1035-L1036: nearest the human side first; among Regions in one band from
    # that edge ("more or less equally close"), nearest the Glory track (the south edge) first.
    layout = board.layout
    bottom = max(b.bottom for b in board.boards.values())
    assert layout.sides == {"crusader": "west", "muslim": "east"} and layout.glory_track == "south"

    def key(rid: str) -> tuple[int, float, float, str]:
        r = board.regions[rid]
        edge = r.x if layout.sides[human] == "west" else layout.width - r.x
        return (int(edge // layout.band), bottom - r.y, edge, rid)

    assert board.proximity_order(human, north) == tuple(sorted(board.in_play(north), key=key))


def test_regions_are_drawn_apart(board: Board) -> None:
    # The drawing coordinates leave room for the nine slots of every Region.
    for r, s in itertools.combinations(board.regions.values(), 2):
        assert math.dist((r.x, r.y), (s.x, s.y)) >= 10, (r.id, s.id)


# --- the icons the examples fix ----------------------------------------------------------------------

ANGEVIN_START = ["tripoli", "tyre", "sidon", "d_galilee"]
"""The Angevin's Regions in the plutorial: its Tripoli Order (Plutorial.Command.5.SeaMove L1178),
Tyre (Plutorial.Command.6 L1182), Sidon with James (Plutorial.Command.8 L1190), its Desert
(Plutorial.Command.1 L1131, Plutorial.Command.4 L1174)."""
AYYUBID_START = ["acre", "jerusalem", "ahamant", "damascus", "d_samaria"]
"""The Ayyubid's: Acre's Reaction Order tithed with Presence (Plutorial.Upkeep.2.Example L1249),
Jerusalem (Plutorial.Command.2.Card L1158), Ahamant (Plutorial.Command.3 L1164), Damascus
(Plutorial.Command.7 L1186), its Desert (Plutorial.Command.1 L1125)."""


def test_the_plutorial_start_gives_the_printed_track_values(board: Board) -> None:
    # Setup2p.Tracks L227, L231 (the order of R41) and BoardSetup.4 L199: the icons of the Regions each
    # Army Controls at the start, none covered (BoardSetup.2 L182), give the printed values.
    assert tracks([board.regions[r] for r in ANGEVIN_START]) == (1, 1, 5, 1)
    assert tracks([board.regions[r] for r in AYYUBID_START]) == (3, 2, 4, 3)


def test_the_plutorial_track_changes(board: Board) -> None:
    regions = board.regions
    # Plutorial.Command.2.Card L1158-L1161 and Plutorial.Command.3 L1162-L1167: losing Jerusalem moves
    # no Ayyubid track; retaking it with the Desert gives 1 gold and 1 supply, all from the Desert.
    assert regions["jerusalem"].icons() == ()
    jordan = regions["d_jordan"]
    assert sorted(jordan.icons()) == ["gold", "supply"]
    # Plutorial.Command.8.Battle L1194-L1197: beside the Cavalry (on the plain hexagon) the retreating
    # Leader can only cover the supply icon.
    assert [s.icon for s in jordan.slots_of("hexagon")] in (["supply", None], [None, "supply"])
    # Plutorial.Command.7 L1186-L1189, Plutorial.Command.8.Glory L1198-L1203: the west Desert gives
    # one crown to whoever takes it, and nothing else that moves a track.
    assert regions["d_beqaa"].icons() == ("crown",)
    # Plutorial.Command.5 L1176-L1177: Sidon has more than one supply icon.
    assert regions["sidon"].icons().count("supply") >= 2
    # Plutorial.Command.6 L1182-L1185 and Plutorial.Upkeep.4.A.Example L1263-L1266: Tyre has more than
    # one supply icon, one of them on a square slot an Infantry covers.
    assert regions["tyre"].icons().count("supply") >= 2 and "supply" in regions["tyre"].icons("square")
    # Plutorial.Command.2.Card L1158: Acre's Glory icon is on a slot the Sabotage can take.
    assert "glory" in regions["acre"].icons("square")


def test_the_plutorial_upkeep_counts(board: Board) -> None:
    regions = board.regions
    covered = {"sidon": ["supply"], "tyre": ["supply", "glory"], "d_jordan": ["supply"],
               "acre": ["glory"], "ahamant": ["glory"]}  # fmt: skip
    """Icons covered at the round's end: the Sabotage on Sidon (L1176), Tyre's third Infantry (L1182)
    and the Glory icon covered there (L1280), Al-Afdal in the Desert (L1194), the Sabotage on Acre
    (L1158) and the set-up Sabotage on Ahamant (L1280)."""

    def uncovered(rid: str) -> list[str]:
        icons = list(regions[rid].icons())
        for icon in covered.get(rid, []):
            icons.remove(icon)
        return icons

    angevin = [*ANGEVIN_START, "d_beqaa"]  # the west Desert won at Plutorial.Command.8 L1198
    ayyubid = [*AYYUBID_START, "d_jordan"]  # the Desert taken at Plutorial.Command.3 L1164
    # Plutorial.Upkeep.1.Example L1241-L1244: Regions with a supply icon: the Ayyubid 4 icons in 2
    # Regions, the Angevin 3 icons in 3 Regions.
    for army, regions_held, icons, held in ((ayyubid, ayyubid, 4, 2), (angevin, angevin, 3, 3)):
        supply = [uncovered(r).count("supply") for r in regions_held]
        assert (sum(supply), sum(1 for n in supply if n)) == (icons, held), army
    # Plutorial.Upkeep.4.A.Example L1263-L1266: the Angevin Controls 3 supply and uncovers a 4th in Tyre.
    assert sum(uncovered(r).count("supply") for r in angevin) + 1 == 4
    # Plutorial.Upkeep.4.E.Example L1280-L1283: 1 Glory icon counts for the Angevin (its Desert), none
    # for the Ayyubid (its chit is not an icon); covered ones in Acre, Ahamant and Tyre.
    assert sum(uncovered(r).count("glory") for r in angevin) == 1
    assert "glory" in uncovered("d_galilee")
    assert sum(uncovered(r).count("glory") for r in ayyubid) == 0
    assert all("glory" in regions[r].icons() for r in ("acre", "ahamant", "tyre"))


def test_the_four_player_order_examples(board: Board) -> None:
    # Command.OrderExamples.3 L521-L526: taking Antioch moves the gold track by one (its command
    # point came from a token) and shows a Glory icon; Antioch is a north-board City.
    antioch = board.regions["antioch"]
    assert antioch.board == "north" and antioch.is_city
    assert [i for i in antioch.icons() if i != "glory"] == ["gold"] and "glory" in antioch.icons()
    # Command.OrderExamples.2 L517-L520: one Infantry Controls a Desert printing 2 supply and nothing
    # else on the tracks.
    assert any(
        r.kind == "desert" and sorted(r.icons()) == ["supply", "supply"] for r in board.regions.values()
    )
    # Planning.Example.6 L415-L418, Example.TripoliBattle.Setup L537: Homs and Tripoli have Deserts by
    # them (the Turkoman's Desert next to Tripoli lies on the road from Homs).
    assert set(board.neighbours("homs")) & set(board.neighbours("tripoli"))


def test_every_objective_city_has_a_desert_beside_it(board: Board) -> None:
    # VariableSetup.Deploy.2 L322: a player may deploy in one Desert joined by Road to a main City.
    mains = ["Adana", "Antioch", "Ascalon", "Heraclium", "Selucia", "Sidon", "Tartosa", "Tripoli", "Tyre",
             "Acre", "Ahamant", "Aleppo", "Damascus", "Homs", "Iconium", "Jaffa", "Kerak"]  # fmt: skip
    for name in mains:
        r = named(board, name)
        north = r.board == "north"
        assert any(board.regions[n].kind == "desert" for n in board.neighbours(r.id, north)), name


# --- sources -------------------------------------------------------------------------------------


def _records(node: Any, where: str = "") -> Iterator[tuple[str, dict[str, Any]]]:
    """Every object of the file but the top, the sources themselves and the layout's sides."""
    if isinstance(node, dict):
        if where and not where.endswith("/sides"):
            yield where, node
        for k, v in node.items():
            if k != "source":
                yield from _records(v, f"{where}/{k}")
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from _records(v, f"{where}/{i}")


def _sources(node: Any) -> Iterator[dict[str, Any]]:
    if isinstance(node, dict):
        if "source" in node:
            yield node["source"]
        for v in node.values():
            yield from _sources(v)
    elif isinstance(node, list):
        for v in node:
            yield from _sources(v)


def test_every_record_has_a_source() -> None:
    # Issue 17: each record of the reconstruction carries its source.
    doc = json.loads((DATA / "map.json").read_text(encoding="utf-8"))
    records = list(_records(doc))
    assert len(records) > 150
    for where, record in records:
        source = record.get("source")
        assert isinstance(source, dict), where
        assert source["kind"] in ("rulebook", "reconstructed"), where
        assert source.get("key" if source["kind"] == "rulebook" else "reason"), where


def test_rulebook_sources_cite_a_key_and_its_lines() -> None:
    # The first range of a rulebook source lies inside its key's range in sections.md; further
    # ranges may point elsewhere (the other lines the fact rests on).
    doc = json.loads((DATA / "map.json").read_text(encoding="utf-8"))
    cited = [(s["key"], s["lines"]) for s in _sources(doc) if s["kind"] == "rulebook"]
    assert len(cited) > 30
    assert misplaced(cited) == []


@pytest.mark.parametrize("path", [DATA / "map.json", DOC], ids=lambda p: p.name)
def test_neither_the_pack_nor_its_page_copies_the_rulebook(path: Path) -> None:
    if not RULES.exists():
        pytest.skip(f"rulebook text not here: {RULES}")

    assert copied_runs(path.read_text(encoding="utf-8"), RULES.read_text(encoding="utf-8")) == []


# --- the page says what the pack holds -----------------------------------------------------------


def region_row(board: Board, r: Region) -> str:
    neighbours = ", ".join(board.neighbours(r.id, north=True)) or "-"
    kind = r.kind + (", Jerusalem" if r.jerusalem else "")
    return f"| {r.id} | {r.name} | {r.board} | {kind} | {neighbours} | {source_words(r.source)} |"


def slots_row(r: Region) -> str:
    def row(shape: str) -> str:
        return " ".join((s.icon or "-") for s in r.slots_of(shape))

    ports = str(r.ports) if r.ports else "-"
    merc = "yes" if r.mercantile else "-"
    return (
        f"| {r.id} | {row('square')} | {row('hexagon')} | {row('trapezoid')} | {ports} | {merc} | "
        f"{source_words(r.slots_source)} |"
    )


def test_the_page_lists_every_region_row_by_row(board: Board) -> None:
    text = DOC.read_text(encoding="utf-8")
    assert table(text, "## Regions") == [region_row(board, r) for r in board.regions.values()]
    assert table(text, "## Slots, Ports and Mercantile Cities") == [
        slots_row(r) for r in board.regions.values()
    ]


def test_the_page_check_can_fail(board: Board) -> None:
    text = DOC.read_text(encoding="utf-8").replace(
        "| tyre | Tyre | south | city |", "| tyre | Tyre | north | city |"
    )
    assert table(text, "## Regions") != [region_row(board, r) for r in board.regions.values()]


# --- broken copies ---------------------------------------------------------------------------------


def _region(doc: dict[str, Any], rid: str) -> dict[str, Any]:
    return next(r for r in doc["regions"] if r["id"] == rid)


def _road(doc: dict[str, Any], a: str, b: str) -> dict[str, Any]:
    return next(e for e in doc["roads"] if {e["a"], e["b"]} == {a, b})


def _unknown_end(doc: dict[str, Any]) -> None:
    _road(doc, "sidon", "tyre")["b"] = "beirut"


def _twice(doc: dict[str, Any]) -> None:
    doc["roads"].append(
        {"a": "tyre", "b": "sidon", "source": {"kind": "reconstructed", "reason": "the same road"}}
    )


def _to_itself(doc: dict[str, Any]) -> None:
    _road(doc, "jaffa", "ascalon")["b"] = "jaffa"


def _five_squares(doc: dict[str, Any]) -> None:
    _region(doc, "acre")["slots"]["square"].pop()


def _port_in_a_desert(doc: dict[str, Any]) -> None:
    _region(doc, "d_negev")["ports"] = {
        "count": 1,
        "source": {"kind": "reconstructed", "reason": "a harbour in the sand"},
    }


def _two_jerusalems(doc: dict[str, Any]) -> None:
    _region(doc, "kerak")["jerusalem"] = True


def _acre_renamed(doc: dict[str, Any]) -> None:
    _region(doc, "acre")["name"] = "Akko"


def _region_twice(doc: dict[str, Any]) -> None:
    doc["regions"].append(dict(_region(doc, "tyre"), name="Tyre again"))


def _unknown_board(doc: dict[str, Any]) -> None:
    _region(doc, "hama")["board"] = "east"


def _off_the_board(doc: dict[str, Any]) -> None:
    _region(doc, "hama")["at"]["y"] = 20


def _proximity_short(doc: dict[str, Any]) -> None:
    doc["proximity"][1]["order"].remove("kerak")


def _proximity_unknown(doc: dict[str, Any]) -> None:
    doc["proximity"][0]["order"][3] = "cairo"


def _cyprus_cut_off(doc: dict[str, Any]) -> None:
    del _region(doc, "famagusta")["ports"]


def _no_source(doc: dict[str, Any]) -> None:
    del _road(doc, "jaffa", "jerusalem")["source"]


def _unknown_icon(doc: dict[str, Any]) -> None:
    _region(doc, "tyre")["slots"]["hexagon"][0] = "faith"


def _bad_lines(doc: dict[str, Any]) -> None:
    _region(doc, "tripoli")["source"]["lines"] = "line 251"


@pytest.mark.parametrize(
    ("change", "expected"),
    [
        (_unknown_end, "map.json: road sidon-beirut: names unknown region 'beirut'"),
        (_twice, "map.json: road tyre-sidon: listed twice"),
        (_to_itself, "map.json: road jaffa-jaffa: joins a region to itself"),
        (_five_squares, "map.json: region acre: has 5 square slots, every Region has 6 (L1555)"),
        (_port_in_a_desert, "map.json: region d_negev: a Desert with a Port"),
        (_two_jerusalems, "map.json: regions: 2 marked Jerusalem"),
        (_acre_renamed, "map.json: city Acre: named by the rulebook (L239) but not a City of the map"),
        (_region_twice, "map.json: region tyre: listed twice"),
        (_unknown_board, "map.json: region hama: names unknown board 'east'"),
        (_off_the_board, "map.json: region hama: drawn at (88, 20), off the south board"),
        (_proximity_short, "map.json: proximity muslim: leaves out kerak"),
        (_proximity_unknown, "map.json: proximity crusader: names unknown region 'cairo'"),
        (
            _cyprus_cut_off,
            "map.json: roads: famagusta cannot be reached from jerusalem on the south board alone",
        ),
        (_no_source, "map.json: at roads/"),
        (_unknown_icon, "map.json: at regions/"),
        (_bad_lines, "map.json: at regions/"),
    ],
)
def test_a_broken_copy_is_refused_naming_the_record(
    tmp_path: Path, change: Callable[[Any], None], expected: str
) -> None:
    with pytest.raises(BadData) as refused:
        load_board(broken(tmp_path, change))
    assert str(refused.value).startswith(expected)


@pytest.mark.parametrize(
    ("change", "record"),
    [(_no_source, "(jaffa-jerusalem)"), (_unknown_icon, "(tyre)"), (_bad_lines, "(tripoli)")],
)
def test_a_schema_refusal_names_the_record(
    tmp_path: Path, change: Callable[[Any], None], record: str
) -> None:
    with pytest.raises(BadData) as refused:
        load_board(broken(tmp_path, change))
    assert record in str(refused.value)


def test_a_broken_copy_leaves_the_shipped_pack_as_it_was(tmp_path: Path, board: Board) -> None:
    with pytest.raises(BadData):
        load_board(broken(tmp_path, _twice))
    assert load_board() is board
