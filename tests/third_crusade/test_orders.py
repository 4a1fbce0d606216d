"""The Third Crusade Orders and player-board Sections (issue 17, "The data the text lacks"): the shipped
pack loads; every fact the rulebook states about an Order or a Section holds (the plutorial's costs and
command point traces, the examples' Presence and Region icons, the Tripoli Battle's Reactions, the
Bot's groups, the supply examples); every record has a source citing a real section key; the tables of
docs/third-crusade/orders.md match the pack row by row; a broken copy is refused naming the record.
Lnnn are lines of shared/rules/third-crusade.txt; keys are those of sections.md; Rn of rulings.md."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from outremer.engine.errors import BadData
from outremer.games.third_crusade.board import load_board
from outremer.games.third_crusade.orders import (
    ARMIES,
    Order,
    Orders,
    PlayerBoard,
    Section,
    Step,
    load_orders,
    swift_march,
)
from tests.datapacks import changed_copy

from .texts import DATA, REPO, RULES, copied_runs, misplaced, source_words, table

DOC = REPO / "docs" / "third-crusade" / "orders.md"


@pytest.fixture(scope="module")
def pack() -> Orders:
    return load_orders()


def copy_pack(tmp_path: Path, name: str, change: Callable[[Any], None]) -> Path:
    """A copy of the shipped data folder in ``tmp_path`` with ``name``.json changed."""
    return changed_copy(DATA, tmp_path, name, change)


def order(pack: Orders, army: str, key: str) -> Order:
    return pack.orders[f"{army}_{key}"]


def only(o: Order) -> Step:
    (step,) = o.effect
    return step


# --- the counts ------------------------------------------------------------------------------------


def test_the_shipped_pack_loads(pack: Orders) -> None:
    assert len(pack.orders) == 4 * 22
    assert set(ARMIES) == {"angevin", "hre", "ayyubid", "turkoman"}


def test_an_unbroken_copy_loads_as_the_shipped_pack(tmp_path: Path, pack: Orders) -> None:
    assert load_orders(copy_pack(tmp_path, "orders", lambda doc: None)) == pack


@pytest.mark.parametrize("army", list(ARMIES))
def test_twenty_two_orders_twelve_basic_ten_advanced(pack: Orders, army: str) -> None:
    # Components.PerPlayer L1611: 22 Orders per Army; Plutorial.Upkeep.4.B L1267: 12 basic, 10 Advanced.
    assert len(pack.of(army)) == 22
    assert len(pack.of(army, advanced=False)) == 12 and len(pack.of(army, advanced=True)) == 10


@pytest.mark.parametrize("army", list(ARMIES))
def test_blank_orders(pack: Orders, army: str) -> None:
    # Glossary.BlankOrders L1391-L1394, Command.Order.Blank L479: basic bluffs with no effect. The
    # plutorial's Angevin leaves two Orders unexecuted besides the Tripoli Sea Move and loses Glory for
    # that one only (Plutorial.Planning.Orders L1115, Plutorial.Upkeep.3.Example L1255; R37a): two Blanks.
    blanks = [o for o in pack.of(army) if o.blank]
    assert len(blanks) == 2
    for o in blanks:
        assert not o.advanced and o.effect == () and o.cost is None and o.presence == ()
        assert not (o.reaction or o.tithe)


# --- the Orders the plutorial and the examples play -------------------------------------------------


def test_the_ayyubid_desert_order(pack: Orders) -> None:
    # Plutorial.Command.1 L1125-L1132: own-Army Presence, no Region icon, 3 points, +1 Infantry, March.
    o = order(pack, "ayyubid", "levy_and_march")
    assert (o.presence, o.region, o.cost) == (("ayyubid",), None, 3) and not o.advanced
    assert [s.action for s in o.effect] == ["muster", "march"]
    assert (o.effect[0].unit, o.effect[0].count) == ("infantry", 1)
    assert ("d_samaria", "Plutorial.Command.1", "L1125-L1132") in o.shown


def test_the_angevin_command_point_trace(pack: Orders) -> None:
    # Plutorial.Strategy.CP L1099: 9 current points; Plutorial.Command.1.Defence L1146: the Defence;
    # Plutorial.Command.6 L1182: Tyre, 3 points, 3 Infantry; Plutorial.Command.8 L1190: Sidon, +1
    # Infantry and a March; Plutorial.Command.End L1212: 2 left.
    defence, garrison, levy = (order(pack, "angevin", k) for k in ("defence", "garrison", "levy_and_march"))
    assert garrison.cost == 3 and only(garrison) == Step("muster", unit="infantry", count=3)
    assert [s.action for s in levy.effect] == ["muster", "march"] and levy.effect[0].count == 1
    assert 9 - defence.cost - garrison.cost - levy.cost == 2  # type: ignore[operator]


def test_the_ayyubid_command_point_trace(pack: Orders) -> None:
    # Plutorial.Strategy.CP L1099: 10; it executes its Desert Order (L1131), the Damascus March (L1186),
    # the Jerusalem Cavalry (L1204) and the Ahamant Infantry (L1208): 1 left (L1212); the Tithe of its
    # Acre Reaction costs that last point (Plutorial.Upkeep.2.Example L1249).
    played = [order(pack, "ayyubid", k) for k in ("levy_and_march", "march", "horsemen", "allied_levy")]
    left = 10 - sum(o.cost or 0 for o in played)
    assert left == 1
    assert left - order(pack, "ayyubid", "defence").cost == 0  # type: ignore[operator]


def test_the_plutorial_orders_icons(pack: Orders) -> None:
    # Plutorial.Command.7 L1186: a March from Damascus.
    assert only(order(pack, "ayyubid", "march")) == Step("march")
    # Plutorial.Command.9 L1204: Presence and the City icon, +1 Cavalry (Jerusalem).
    horsemen = order(pack, "ayyubid", "horsemen")
    assert (horsemen.presence, horsemen.region) == (("ayyubid",), "city")
    assert only(horsemen) == Step("muster", unit="cavalry", count=1)
    # Plutorial.Command.11 L1208-L1211 and Command.OrderExamples.3 L521-L526: a City, Muslim Alliance
    # Presence, 3 points, 2 Infantry.
    allied = order(pack, "ayyubid", "allied_levy")
    assert (allied.presence, allied.region, allied.cost) == (("muslim",), "city", 3)
    assert only(allied) == Step("muster", unit="infantry", count=2)
    # Plutorial.Command.5.SeaMove L1178-L1181: the Angevin's first-round Sea Move in Tripoli needs a Port.
    sea = order(pack, "angevin", "sea_move")
    assert not sea.advanced and sea.region == "port" and only(sea).action == "sea_move"
    assert load_board().regions["tripoli"].ports


def test_the_four_player_order_examples(pack: Orders) -> None:
    # Command.OrderExamples.1 L513-L516: an Angevin Order for a Desert with its own Presence.
    assert any(o.region == "desert" and o.presence == ("angevin",) for o in pack.of("angevin"))
    # Command.OrderExamples.2 L517-L520: the Turkoman's Desert Order regardless of Presence, 3 points, +1
    # Infantry.
    nomads = order(pack, "turkoman", "nomads")
    assert (nomads.presence, nomads.region, nomads.cost) == (("disregarding",), "desert", 3)
    assert only(nomads) == Step("muster", unit="infantry", count=1)
    # Planning.IconExample L385-L392: an Order for a Desert with any Presence; one for 2 points in any
    # Holy Roman Empire Region.
    assert any(o.region == "desert" and o.presence == ("disregarding",) for o in pack.orders.values())
    assert any(o.cost == 2 and o.presence == ("hre",) and o.region is None for o in pack.of("hre"))


@pytest.mark.parametrize("army", list(ARMIES))
def test_the_basic_reactions(pack: Orders, army: str) -> None:
    # Plutorial.Command.1.Defence L1146-L1149: a Reaction for 1 point, +2 to the defence.
    defence = order(pack, army, "defence")
    assert not defence.advanced and defence.reaction and defence.cost == 1
    assert only(defence) == Step("defence", strength=2)
    # Solo.Battle.Reaction.Example L943 with Solo.Setup.2 L812: the Bot draws a Reinforce from its group of
    # basic Reactions; Glossary.ReinforceOrder L1519: +1 per Unit.
    reinforce = order(pack, army, "reinforce")
    assert not reinforce.advanced and reinforce.reaction and only(reinforce) == Step("reinforce", per_unit=1)
    # Example.TripoliBattle.4 L584 (Diversion), Glossary.Retreat L1531, Glossary.TacticalRetreat L1567.
    actions = {only(o).action for o in pack.of(army) if o.reaction}
    assert {"diversion", "retreat", "tactical_retreat"} <= actions


def test_the_tripoli_battle_reactions(pack: Orders) -> None:
    # Example.TripoliBattle.2-4 L570-L587: 4, the Holy Roman Empire's Defence makes 6, the Angevin's
    # Reinforce from a Desert of 2 Units makes 8, the Turkoman's Diversion cancels it: 6 against 8.
    defence = only(order(pack, "hre", "defence")).strength
    reinforce = only(order(pack, "angevin", "reinforce")).per_unit
    assert only(order(pack, "turkoman", "diversion")).action == "diversion"
    assert 4 + defence == 6 and 4 + defence + 2 * reinforce == 8
    # Plutorial.Command.1.Battle L1140 and .Defence L1146: 3 plus the Defence ties the attack's 5.
    assert 3 + only(order(pack, "angevin", "defence")).strength == 5


@pytest.mark.parametrize("army", list(ARMIES))
def test_tithe_on_every_basic_reaction(pack: Orders, army: str) -> None:
    # Plutorial.Upkeep.2 L1245-L1250 and ruling R15: every basic Reaction Order carries the Tithe icon, no
    # Blank does; in this pack only Reaction Orders do.
    for o in pack.of(army):
        if o.reaction and not o.advanced:
            assert o.tithe, o.id
        if o.tithe:
            assert o.reaction and not o.blank, o.id


@pytest.mark.parametrize("army", list(ARMIES))
def test_the_bot_groups(pack: Orders, army: str) -> None:
    reaction, prepared, advanced = pack.bot_groups(army)
    # Solo.Setup.2-3 L811-L815: Reactions and Blanks; the other basic Orders and the Advanced March for 1.
    march = swift_march(pack, army)
    assert march.advanced and march.cost == 1 and only(march) == Step("march")
    assert march in prepared and march not in advanced
    assert all(o.reaction or o.blank for o in reaction) and any(o.blank for o in reaction)
    assert order(pack, army, "reinforce") in reaction  # Solo.Battle.Reaction.Example L943
    assert len(reaction) + len(prepared) + len(advanced) == 22
    # Example.BotPlanning L872-L883: column 5 places 7 Orders from Prepared in the first round.
    assert len(prepared) >= 7
    # BotTable.Upkeep L1017: the Advanced group holds Reactions, Marches and other Orders.
    assert any(o.reaction for o in advanced) and any(o.marches for o in advanced)
    assert any(not o.reaction for o in advanced)


def test_the_vocabulary(pack: Orders) -> None:
    # Glossary.SeaMove L1541-L1544 with Command.Order.Requirements L473: a Sea Move needs a Port.
    # R39: a Siege Engine is built in a City. R27: March Strength only qualifies a move.
    for o in pack.orders.values():
        for step in o.effect:
            if step.action == "sea_move":
                assert o.region == "port", o.id
            if step.action == "muster" and step.unit == "siege_engine":
                assert o.region in ("city", "port"), o.id
            if step.strength and step.action != "defence":
                assert step.moves, o.id
            if step.coordinated:
                assert ARMIES[o.army] in o.presence, o.id


def test_the_shown_regions_are_on_the_map_and_of_the_orders_type(pack: Orders) -> None:
    board = load_board()
    shown = [(o, r) for o in pack.orders.values() for r, _, _ in o.shown]
    assert len(shown) >= 8
    for o, rid in shown:
        region = board.regions[rid]
        if o.region in ("city", "port"):
            assert region.is_city, (o.id, rid)
        if o.region == "port":
            assert region.ports, (o.id, rid)
        if o.region == "desert":
            assert not region.is_city, (o.id, rid)


# --- the player board ---------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def player_board(pack: Orders) -> PlayerBoard:
    return pack.board


def test_the_sections_hold_the_armys_pieces(player_board: PlayerBoard) -> None:
    # Components.PerPlayer L1610: 30 Infantry, 12 Cavalry, 6 Siege Engines; Foldout.PlayerBoard L1648-L1651:
    # Sections of each type with a supply requirement.
    assert dict(player_board.units) == {"infantry": 30, "cavalry": 12, "siege_engine": 6}
    for unit, count in player_board.units.items():
        assert player_board.of(unit) and sum(s.size for s in player_board.of(unit)) == count
    assert set(player_board.armies) == set(ARMIES)
    assert set(player_board.tracks) == {"gold", "supply", "crown", "command_point"}  # L1652-L1655
    assert player_board.supply_needed({}) == 0  # a full board needs nothing (Glossary.Section L1547)


@pytest.mark.parametrize("unit", ["infantry", "cavalry", "siege_engine"])
def test_units_leave_from_the_left_and_return_from_the_right(player_board: PlayerBoard, unit: str) -> None:
    # BoardSetup.2 L182 and ruling R13: at most one Section of a type is ever partly empty, and the
    # Sections empty from the left.
    sizes = [s.size for s in player_board.of(unit)]
    for away in range(player_board.units[unit] + 1):
        held = player_board.contents(unit, away)
        partial = [i for i, (h, size) in enumerate(zip(held, sizes, strict=True)) if 0 < h < size]
        assert len(partial) <= 1
        empties = [i for i, h in enumerate(held) if h == 0]
        assert empties == list(range(len(empties)))
    with pytest.raises(ValueError):
        player_board.contents(unit, player_board.units[unit] + 1)


def test_the_supply_example(player_board: PlayerBoard) -> None:
    # Upkeep.4.A.Example L713-L718: 5 Sections not fully stacked ask 8 supply; 2 Infantry returned fill a
    # Section and the need falls to 7.
    away = {"infantry": 16, "cavalry": 7, "siege_engine": 0}
    assert len(player_board.not_full(away)) == 5 and player_board.supply_needed(away) == 8
    back = dict(away, infantry=14)
    assert len(player_board.not_full(back)) == 4 and player_board.supply_needed(back) == 7
    still = {s.id for s in player_board.not_full(back)}
    filled = [s for s in player_board.not_full(away) if s.id not in still]
    assert [(s.unit, s.supply) for s in filled] == [("infantry", 1)]


ANGEVIN_START = {"infantry": range(5, 12), "cavalry": range(1, 7)}
"""The Angevin's pieces on the map at the plutorial's start, as far as the text bounds them
(docs/third-crusade/orders.md): 3 Infantry in Tyre, 2 or more in Sidon, up to 4 in Tripoli, its Desert
worth 2; a Cavalry somewhere; no Siege Engine."""
AYYUBID_START = {"infantry": range(7, 13), "cavalry": range(2, 5)}
"""The Ayyubid's: 3 Infantry and a Cavalry in its Desert, 1 Infantry in Jerusalem, 2 in Damascus, 1 to
4 in Acre, up to 2 in Ahamant; no Siege Engine. Cavalry 2 to 4: one in its Desert (L1131, L1140), the
one Al-Adil leaves in the Desert on his way from Ahamant and perhaps a second that marched with him
(L1164), perhaps one in Acre (L1249); the supply of L1269 holds with 4 (docs/third-crusade/setups.md)."""


def test_the_plutorial_supply_needs(player_board: PlayerBoard) -> None:
    # Plutorial.Upkeep.4.A.Example L1263-L1266 and Plutorial.Upkeep.4.B.Example L1269-L1270: at upkeep the
    # Angevin (3 Infantry more on the map than at the start: Tyre 3, Sidon 1, a loss in the Beqaa) needs 4,
    # and still 4 after 1 Infantry goes home; the Ayyubid (one Cavalry more, as many Infantry) needs 4.
    for infantry in ANGEVIN_START["infantry"]:
        for cavalry in ANGEVIN_START["cavalry"]:
            for on_map in (infantry + 3, infantry + 2):
                need = player_board.supply_needed({"infantry": on_map, "cavalry": cavalry})
                assert need == 4, (infantry, cavalry, on_map)
            # the printed start supply 5 (Setup2p.Tracks L227) covers the start
            assert player_board.supply_needed({"infantry": infantry, "cavalry": cavalry}) <= 5
    for infantry in AYYUBID_START["infantry"]:
        for cavalry in AYYUBID_START["cavalry"]:
            assert player_board.supply_needed({"infantry": infantry, "cavalry": cavalry + 1}) == 4
            assert player_board.supply_needed({"infantry": infantry, "cavalry": cavalry}) <= 4  # L231


def test_the_plutorial_check_can_fail(player_board: PlayerBoard) -> None:
    # Without a Cavalry on the map the Angevin would need only 2 (its Infantry Sections): the bound above
    # is a real constraint on the 2-player set-up.
    assert player_board.supply_needed({"infantry": 12, "cavalry": 0}) == 2


# --- sources -----------------------------------------------------------------------------------------


def records(doc: Any, where: str = "") -> Iterator[tuple[str, dict[str, Any]]]:
    """Every record that must carry a source: the items of the top-level lists and the top-level
    objects (not the effects, the shown places or the icons)."""
    for key, value in doc.items():
        if isinstance(value, list):
            for i, item in enumerate(value):
                if isinstance(item, dict):
                    yield f"{where}/{key}/{i}", item
        elif isinstance(value, dict):
            yield f"{where}/{key}", value


def cited(doc: Any) -> Iterator[tuple[str, str]]:
    """Every (key, lines) the file cites: rulebook sources and shown places."""
    if isinstance(doc, dict):
        if doc.get("kind") == "rulebook" or ("region" in doc and "key" in doc):
            yield doc["key"], doc["lines"]
        for value in doc.values():
            yield from cited(value)
    elif isinstance(doc, list):
        for value in doc:
            yield from cited(value)


@pytest.mark.parametrize("name", ["orders", "sections", "leaders"])
def test_every_record_has_a_source(name: str) -> None:
    doc = json.loads((DATA / f"{name}.json").read_text(encoding="utf-8"))
    found = list(records(doc))
    assert len(found) >= 8
    for where, record in found:
        source = record.get("source")
        assert isinstance(source, dict), where
        assert source.get("key" if source["kind"] == "rulebook" else "reason"), where


@pytest.mark.parametrize("name", ["orders", "sections", "leaders"])
def test_rulebook_citations_name_a_key_and_lines_inside_it(name: str) -> None:
    # The first range of a citation lies inside its key's range in sections.md; further ranges may point
    # at the other lines the fact rests on.
    doc = json.loads((DATA / f"{name}.json").read_text(encoding="utf-8"))
    found = list(cited(doc))
    assert len(found) >= 3
    assert misplaced(found) == []


@pytest.mark.parametrize(
    "path",
    [DATA / "orders.json", DATA / "leaders.json", DATA / "sections.json", DOC],
    ids=lambda p: p.name,
)
def test_neither_the_pack_nor_its_page_copies_the_rulebook(path: Path) -> None:
    if not RULES.exists():
        pytest.skip(f"rulebook text not here: {RULES}")

    assert copied_runs(path.read_text(encoding="utf-8"), RULES.read_text(encoding="utf-8")) == []


# --- the page says what the pack holds -------------------------------------------------------------


def effect_words(o: Order) -> str:
    parts = []
    for s in o.effect:
        if s.action == "muster":
            parts.append(f"+{s.count} {s.unit}")
        elif s.action == "defence":
            parts.append(f"defence +{s.strength}")
        elif s.action == "reinforce":
            parts.append(f"reinforce +{s.per_unit}/unit")
        elif s.action == "assassination":
            parts.append(f"assassination ({', '.join(s.of)})")
        else:
            mods = [m for m, on in (("coordinated", s.coordinated), ("ignore bandit", s.ignore_bandit)) if on]
            if s.strength:
                mods.append(f"{s.strength:+d} strength")
            parts.append(s.action.replace("_", " ") + (f" ({', '.join(mods)})" if mods else ""))
    return ", then ".join(parts) or "-"


def order_row(o: Order) -> str:
    kind = "Advanced" if o.advanced else "basic"
    flags = " ".join(f for f, on in (("R", o.reaction), ("T", o.tithe)) if on) or "-"
    cost = "-" if o.cost is None else str(o.cost)
    presence = ", ".join(o.presence) or "-"
    return (
        f"| {o.id} | {o.name} | {kind} | {cost} | {presence} | {o.region or 'any'} | {flags} | "
        f"{effect_words(o)} | {source_words(o.source)} |"
    )


def section_row(s: Section) -> str:
    return f"| {s.id} | {s.unit} | {s.size} | {s.supply} | {source_words(s.source)} |"


@pytest.mark.parametrize("army", list(ARMIES))
def test_the_page_lists_every_order_row_by_row(pack: Orders, army: str) -> None:
    text = DOC.read_text(encoding="utf-8")
    assert table(text, f"### Orders of the {army}") == [order_row(o) for o in pack.of(army)]


def test_the_page_lists_every_section_row_by_row(pack: Orders) -> None:
    text = DOC.read_text(encoding="utf-8")
    assert table(text, "## Sections of the player board") == [section_row(s) for s in pack.board.sections]


def test_the_page_check_can_fail(pack: Orders) -> None:
    text = DOC.read_text(encoding="utf-8").replace("| angevin_garrison | Garrison | basic | 3 |", "| x |")
    assert table(text, "### Orders of the angevin") != [order_row(o) for o in pack.of("angevin")]


# --- broken copies ---------------------------------------------------------------------------------


def _order(doc: dict[str, Any], oid: str) -> dict[str, Any]:
    return next(o for o in doc["orders"] if o["id"] == oid)


def _twice(doc: dict[str, Any]) -> None:
    doc["orders"].append(dict(_order(doc, "hre_march")))


def _eleven_basic(doc: dict[str, Any]) -> None:
    _order(doc, "ayyubid_march")["advanced"] = True


def _lost_order(doc: dict[str, Any]) -> None:
    doc["orders"].remove(_order(doc, "turkoman_raiders"))


def _blank_with_effect(doc: dict[str, Any]) -> None:
    _order(doc, "hre_blank_2")["effect"] = [{"action": "march"}]


def _untithed_reaction(doc: dict[str, Any]) -> None:
    _order(doc, "angevin_reinforce")["tithe"] = False


def _reaction_mark_missing(doc: dict[str, Any]) -> None:
    _order(doc, "ayyubid_defence")["reaction"] = False


def _sea_move_inland(doc: dict[str, Any]) -> None:
    _order(doc, "angevin_sea_move")["region"] = "city"


def _siege_in_desert(doc: dict[str, Any]) -> None:
    _order(doc, "hre_siege_train")["region"] = "desert"


def _enemy_presence(doc: dict[str, Any]) -> None:
    _order(doc, "turkoman_garrison")["presence"] = ["crusader"]


def _no_swift_march(doc: dict[str, Any]) -> None:
    _order(doc, "ayyubid_swift_march")["cost"] = 2


def _shown_nowhere(doc: dict[str, Any]) -> None:
    _order(doc, "ayyubid_march")["shown"][0]["region"] = "cairo"


def _port_order_in_a_desert(doc: dict[str, Any]) -> None:
    _order(doc, "angevin_sea_move")["shown"][0]["region"] = "d_beqaa"


def _unknown_action(doc: dict[str, Any]) -> None:
    _order(doc, "hre_march")["effect"] = [{"action": "teleport"}]


def _no_source(doc: dict[str, Any]) -> None:
    del _order(doc, "turkoman_nomads")["source"]


@pytest.mark.parametrize(
    ("change", "expected"),
    [
        (_twice, "orders.json: order hre_march: listed twice"),
        (_eleven_basic, "orders.json: army ayyubid: 11 basic and 11 Advanced Orders"),
        (_lost_order, "orders.json: army turkoman: 12 basic and 9 Advanced Orders"),
        (_blank_with_effect, "orders.json: order hre_blank_2: a Blank is basic"),
        (_untithed_reaction, "orders.json: order angevin_reinforce: a basic Reaction Order carries"),
        (_reaction_mark_missing, "orders.json: order ayyubid_defence: a Reaction Order has Reaction effects"),
        (_sea_move_inland, "orders.json: order angevin_sea_move: a Sea Move starts from a Port"),
        (_siege_in_desert, "orders.json: order hre_siege_train: a Siege Engine is placed only in a City"),
        (_enemy_presence, "orders.json: order turkoman_garrison: asks 'crusader' Presence"),
        (_no_swift_march, "orders.json: army ayyubid: 0 Advanced Marches costing 1"),
        (_shown_nowhere, "orders.json: order ayyubid_march: shown in unknown region 'cairo'"),
        (_port_order_in_a_desert, "orders.json: order angevin_sea_move: a Port Order shown in d_beqaa"),
        (_unknown_action, "orders.json: at orders/"),
        (_no_source, "orders.json: at orders/"),
    ],
)
def test_a_broken_orders_copy_is_refused_naming_the_record(
    tmp_path: Path, change: Callable[[Any], None], expected: str
) -> None:
    with pytest.raises(BadData) as refused:
        load_orders(copy_pack(tmp_path, "orders", change))
    assert str(refused.value).startswith(expected)


@pytest.mark.parametrize(
    ("change", "record"), [(_unknown_action, "(hre_march)"), (_no_source, "(turkoman_nomads)")]
)
def test_a_schema_refusal_names_the_order(tmp_path: Path, change: Callable[[Any], None], record: str) -> None:
    with pytest.raises(BadData) as refused:
        load_orders(copy_pack(tmp_path, "orders", change))
    assert record in str(refused.value)


def _section(doc: dict[str, Any], sid: str) -> dict[str, Any]:
    return next(s for s in doc["sections"] if s["id"] == sid)


def _too_few_infantry(doc: dict[str, Any]) -> None:
    _section(doc, "infantry_2")["size"] = 7


def _section_twice(doc: dict[str, Any]) -> None:
    doc["sections"].append(dict(_section(doc, "cavalry_1")))


def _no_siege_sections(doc: dict[str, Any]) -> None:
    doc["sections"] = [s for s in doc["sections"] if s["unit"] != "siege_engine"]


def _split_type(doc: dict[str, Any]) -> None:
    doc["sections"].append(doc["sections"].pop(0))
    _section(doc, "infantry_1")["size"] = 6


def _thirty_one(doc: dict[str, Any]) -> None:
    doc["units"]["infantry"] = 31


def _refill_left(doc: dict[str, Any]) -> None:
    doc["refill"]["side"] = "left"


@pytest.mark.parametrize(
    ("change", "expected"),
    [
        (_too_few_infantry, "sections.json: sections infantry: hold 29; the Army has 30"),
        (_section_twice, "sections.json: section cavalry_1: listed twice"),
        (_no_siege_sections, "sections.json: sections siege_engine: none"),
        (_split_type, "sections.json: sections infantry: split by another type"),
        (_thirty_one, "sections.json: units infantry: 31; each Army has 30"),
        (_refill_left, "sections.json: refill: returned Units go to the rightmost Section"),
    ],
)
def test_a_broken_sections_copy_is_refused_naming_the_record(
    tmp_path: Path, change: Callable[[Any], None], expected: str
) -> None:
    with pytest.raises(BadData) as refused:
        load_orders(copy_pack(tmp_path, "sections", change))
    assert str(refused.value).startswith(expected)


def test_a_broken_copy_leaves_the_shipped_pack_as_it_was(tmp_path: Path, pack: Orders) -> None:
    with pytest.raises(BadData):
        load_orders(copy_pack(tmp_path, "orders", _twice))
    assert load_orders() is pack
