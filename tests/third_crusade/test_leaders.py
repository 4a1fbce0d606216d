"""The Third Crusade Leaders (issue 17, "The data the text lacks"): the shipped pack loads; every Leader
the rulebook names is there with its Army; the Battle arithmetic of the plutorial and of the Tripoli
Battle, the Genoa ship's command points and crowns and the slots the examples put Leaders on hold; the
table of docs/third-crusade/orders.md matches the pack row by row; a broken copy is refused naming the
record. Lnnn are lines of shared/rules/third-crusade.txt; keys are those of sections.md."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from outremer.engine.errors import BadData
from outremer.games.third_crusade.board import Board
from outremer.games.third_crusade.leaders import NAMED, VARIABLE_SETUP, Leader, Leaders, load_leaders
from outremer.games.third_crusade.orders import ARMIES

from .test_orders import DOC, copy_pack
from .texts import source_words, table


def test_the_shipped_pack_loads(leaders: Leaders) -> None:
    assert len(leaders.leaders) == 25
    assert {x.army for x in leaders.leaders.values()} == {*ARMIES, "neutral"}


def test_an_unbroken_copy_loads_as_the_shipped_pack(tmp_path: Path, leaders: Leaders) -> None:
    assert load_leaders(copy_pack(tmp_path, "leaders", lambda doc: None)) == leaders


def test_every_leader_the_rulebook_names(leaders: Leaders) -> None:
    # VariableSetup.Forces L312-L315, Plutorial.Upkeep.7.Example L1296, Example.TripoliBattle.Attacker L614,
    # Command.Event.Example L441: seventeen names (spellings of R36).
    assert len(NAMED) == 17
    for name, (army, _line) in NAMED.items():
        found = leaders.named(name)
        assert army is None or found.army == army, name


@pytest.mark.parametrize("army", list(ARMIES))
def test_the_variable_setup_lists(leaders: Leaders, army: str) -> None:
    # VariableSetup.Forces L312-L315: two Angevin, three Holy Roman Empire, four Ayyubid, three Turkoman.
    assert {x.name for x in leaders.variable_setup(army)} == VARIABLE_SETUP[army]
    assert len(VARIABLE_SETUP[army]) == {"angevin": 2, "hre": 3, "ayyubid": 4, "turkoman": 3}[army]


def test_shapes_are_leader_slots_of_the_map(leaders: Leaders, board: Board) -> None:
    # Glossary.Leader L1461 with Glossary.Slots L1555: square or hexagonal slots; the trapezoid is a Siege
    # Engine's.
    assert {x.shape for x in leaders.leaders.values()} == {"square", "hexagon"}
    assert {"square", "hexagon"} <= set(board.slot_counts)


def test_the_tripoli_battle(leaders: Leaders, board: Board) -> None:
    # Example.TripoliBattle.1 L564-L569: Badr al-Din, a Cavalry, a Siege Engine and 2 Infantry make 8 in a
    # City, counting the Leader by his Cavalry icons.
    badr, conrad = leaders.named("Badr al-Din"), leaders.named("Conrad")
    assert badr.icon("cavalry") and not badr.icon("infantry")
    assert badr.strength("city") + 1 + 3 + 2 == 8
    # Example.TripoliBattle.2 L570-L575 with .Losses L602: the Crusaders' 4 are a Neutral Infantry, an
    # Infantry, a Cavalry and the Neutral Leader.
    assert conrad.army == "neutral" and 1 + 1 + 1 + conrad.strength("city") == 4
    # Example.TripoliBattle.Attacker L610-L615: Conrad, the Turkoman Cavalry and Badr al-Din are three
    # hexagonal pieces for Tripoli's two hexagonal slots, so Badr al-Din falls back.
    assert badr.shape == conrad.shape == "hexagon"
    assert len(board.regions["tripoli"].slots_of("hexagon")) < 1 + 2
    # Battle.Glory L626-L640: Leaders on both sides, so the winner's 3 Glory (City, attacker's Leader,
    # defender's Leader).
    assert badr.fights and conrad.fights


def test_the_plutorial_battle_in_the_beqaa(leaders: Leaders) -> None:
    # Plutorial.Command.8.Battle L1192-L1197: James and 2 Infantry make 4, Al-Afdal and 1 Infantry 3, in a
    # Desert.
    james, afdal = leaders.named("James"), leaders.named("Al-Afdal")
    assert james.strength("desert") + 2 == 4
    assert afdal.strength("desert") + 1 == 3


def test_al_afdal_covers_the_jordans_supply(leaders: Leaders, board: Board) -> None:
    # Plutorial.Command.8.Battle L1194: Al-Afdal retreats beside the Cavalry Al-Adil left in the Jordan
    # Desert (Plutorial.Command.3 L1164) and covers a supply icon: it is on a hexagonal slot there.
    jordan = board.regions["d_jordan"]
    assert leaders.named("Al-Afdal").shape == "hexagon"
    assert "supply" in jordan.icons("hexagon") and "supply" not in jordan.icons("square")


def test_a_leader_without_unit_icons(leaders: Leaders) -> None:
    # Battle.Strength.LeadersOnly L543 and Glossary.Leader L1463 speak of Leaders without Unit icons; Ibn
    # Shaddad, left alone in Ahamant to hold it (Plutorial.Command.3 L1164; R1), is one.
    shaddad = leaders.named("Ibn Shaddad")
    assert not shaddad.fights and shaddad.strength("city") == shaddad.strength("desert") == 0


def test_the_genoa_ship_leaders(leaders: Leaders, board: Board) -> None:
    # Plutorial.Upkeep.7.Example L1296-L1297 and Plutorial.CommandPoints.Example L1304-L1307 (R37b): Philip
    # II and Richard I land in Sidon from the 1191 Spring ship and raise the Angevin's base command points
    # by 2 and crowns by 2.
    kings = [leaders.named("Richard I"), leaders.named("Philip II")]
    assert all(x.army == "angevin" and x.enters == "genoa_1191_spring" for x in kings)
    assert sum(x.icon("command_point") for x in kings) == 2 and sum(x.icon("crown") for x in kings) == 2
    assert not any(x.icon("supply") or x.icon("gold") for x in kings)
    # ... without covering Sidon's crown: James has left its one plain hexagonal slot (L1190), so at most
    # one of the two kings is hexagonal.
    sidon = board.regions["sidon"]
    plain_hexagons = [s for s in sidon.slots_of("hexagon") if s.icon is None]
    assert sum(1 for x in kings if x.shape == "hexagon") <= len(plain_hexagons) == 1
    # Upkeep.7 L743: the ships bring Crusader pieces only.
    for period in ("1191_spring", "1191_autumn"):
        assert all(ARMIES.get(x.army) == "crusader" for x in leaders.ship(period))


def test_starting_leaders_carry_no_resource_icons(leaders: Leaders) -> None:
    # Setup2p.Tracks L225-L234 with BoardSetup.4 L199-L204: the map's Region icons alone give the printed
    # start values of the plutorial's Armies (tests/third_crusade/test_map.py), so James, Al-Adil, Ibn
    # Shaddad and Al-Afdal, on the map at the start, show none; the pack holds every starting Leader to it.
    for x in leaders.leaders.values():
        if x.enters == "setup":
            assert not any(x.icon(i) for i in ("command_point", "crown", "supply", "gold")), x.id


def test_the_diplomacy_board_offers_both_shapes(leaders: Leaders) -> None:
    # Solo.Diplomacy.Board L994-L996: a hexagonal and a square Leader among the diplomacy board's spaces;
    # they are white (BoardSetup.5.C L208).
    offered = {x.shape for x in leaders.leaders.values() if x.enters == "diplomacy"}
    assert offered == {"square", "hexagon"}
    assert all(x.army == "neutral" for x in leaders.leaders.values() if x.enters == "diplomacy")


def test_tughril_comes_with_an_event(leaders: Leaders) -> None:
    # Command.Event.Example L439-L448: an Ayyubid Event adds general Tughril and a Cavalry.
    assert leaders.named("Tughril").enters == "event"


def test_the_shown_regions_are_on_the_map(leaders: Leaders, board: Board) -> None:
    shown = [(x.id, r) for x in leaders.leaders.values() for r, _, _ in x.shown]
    assert len(shown) >= 8
    assert all(r in board.regions for _, r in shown)


# --- the page ----------------------------------------------------------------------------------------


def leader_row(x: Leader) -> str:
    icons = ", ".join(f"{name} {n}" for name, n in x.icons.items()) or "-"
    setup = "yes" if x.variable_setup else "-"
    return (
        f"| {x.id} | {x.name} | {x.army} | {x.shape} | {icons} | {x.enters} | {setup} | "
        f"{source_words(x.source)} |"
    )


def test_the_page_lists_every_leader_row_by_row(leaders: Leaders) -> None:
    text = DOC.read_text(encoding="utf-8")
    assert table(text, "## Leaders") == [leader_row(x) for x in leaders.leaders.values()]


def test_the_page_check_can_fail(leaders: Leaders) -> None:
    text = DOC.read_text(encoding="utf-8").replace("| saladin | Saladin | ayyubid | hexagon |", "| saladin |")
    assert table(text, "## Leaders") != [leader_row(x) for x in leaders.leaders.values()]


# --- broken copies ---------------------------------------------------------------------------------


def _leader(doc: dict[str, Any], lid: str) -> dict[str, Any]:
    return next(x for x in doc["leaders"] if x["id"] == lid)


def _twice(doc: dict[str, Any]) -> None:
    doc["leaders"].append(dict(_leader(doc, "james"), name="James again"))


def _name_twice(doc: dict[str, Any]) -> None:
    _leader(doc, "guy")["name"] = "Balian of Ibelin"


def _saladin_missing(doc: dict[str, Any]) -> None:
    doc["leaders"].remove(_leader(doc, "saladin"))


def _wrong_army(doc: dict[str, Any]) -> None:
    _leader(doc, "badr_al_din")["army"] = "ayyubid"


def _trapezoid(doc: dict[str, Any]) -> None:
    _leader(doc, "conrad")["shape"] = "trapezoid"


def _muslim_on_a_ship(doc: dict[str, Any]) -> None:
    _leader(doc, "keukburi")["enters"] = "genoa_1191_autumn"


def _rich_at_the_start(doc: dict[str, Any]) -> None:
    _leader(doc, "al_adil")["icons"]["gold"] = 1


def _not_in_the_variable_setup(doc: dict[str, Any]) -> None:
    _leader(doc, "diepold")["variable_setup"] = False


def _shown_nowhere(doc: dict[str, Any]) -> None:
    _leader(doc, "james")["shown"][0]["region"] = "beirut"


def _unknown_icon(doc: dict[str, Any]) -> None:
    _leader(doc, "richard")["icons"]["faith"] = 1


@pytest.mark.parametrize(
    ("change", "expected"),
    [
        (_twice, "leaders.json: leader james: listed twice"),
        (_name_twice, "leaders.json: leader name Balian of Ibelin: listed twice"),
        (_saladin_missing, "leaders.json: leader Saladin: named by the rulebook (L314) but missing"),
        (_wrong_army, "leaders.json: leader badr_al_din: of the ayyubid; the rulebook makes Badr al-Din"),
        (_trapezoid, "leaders.json: at leaders/"),
        (_muslim_on_a_ship, "leaders.json: leader keukburi: on a Genoa ship"),
        (_rich_at_the_start, "leaders.json: leader al_adil: a starting Leader with resource icons"),
        (_not_in_the_variable_setup, "leaders.json: army hre: variable set-up Leaders"),
        (_shown_nowhere, "leaders.json: leader james: shown in unknown region 'beirut'"),
        (_unknown_icon, "leaders.json: at leaders/"),
    ],
)
def test_a_broken_copy_is_refused_naming_the_record(
    tmp_path: Path, change: Callable[[Any], None], expected: str
) -> None:
    with pytest.raises(BadData) as refused:
        load_leaders(copy_pack(tmp_path, "leaders", change))
    assert str(refused.value).startswith(expected)


@pytest.mark.parametrize(("change", "record"), [(_trapezoid, "(conrad)"), (_unknown_icon, "(richard)")])
def test_a_schema_refusal_names_the_leader(
    tmp_path: Path, change: Callable[[Any], None], record: str
) -> None:
    with pytest.raises(BadData) as refused:
        load_leaders(copy_pack(tmp_path, "leaders", change))
    assert record in str(refused.value)


def test_a_broken_copy_leaves_the_shipped_pack_as_it_was(tmp_path: Path, leaders: Leaders) -> None:
    with pytest.raises(BadData):
        load_leaders(copy_pack(tmp_path, "leaders", _twice))
    assert load_leaders() is leaders
