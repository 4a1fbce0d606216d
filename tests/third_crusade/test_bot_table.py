"""The Third Crusade Bot Table and the Bot's priorities (issue 17, the solo game): the shipped pack
loads; every fact the solo rules and the table's surviving text state holds (the rows of the table
column by column, the Order Fail actions, the piles, the priority lists, the Bot's set-up); every
source cites a real key; the tables of docs/third-crusade/bot.md match the pack row by row; a broken
copy is refused naming the record. Lnnn are lines of shared/rules/third-crusade.txt; keys are those
of sections.md; Rn of rulings.md, Bn of bot.md."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import fields
from pathlib import Path
from typing import Any

import pytest

from outremer.engine.errors import BadData
from outremer.games.third_crusade.board import load_board
from outremer.games.third_crusade.bot_table import (
    BotTable,
    Column,
    Draw,
    NamedOrder,
    Priority,
    ProximityUse,
    Trigger,
    load_bot_table,
)
from outremer.games.third_crusade.orders import ARMIES, Orders, Step, load_orders

from .test_orders import cited, copy_pack
from .texts import DATA, REPO, RULES, copied_runs, misplaced, source_words, table

DOC = REPO / "docs" / "third-crusade" / "bot.md"


@pytest.fixture(scope="module")
def bot() -> BotTable:
    return load_bot_table()


@pytest.fixture(scope="module")
def orders() -> Orders:
    return load_orders()


def row_of(bot: BotTable, cell: str) -> list[Any]:
    return [getattr(c, cell) for c in bot.columns.values()]


def printed(c: Column, cell: str) -> bool:
    return c.sources[cell]["kind"] == "rulebook"


# --- the table's rows ------------------------------------------------------------------------------


def test_the_shipped_pack_loads(tmp_path: Path, bot: BotTable) -> None:
    assert load_bot_table(copy_pack(tmp_path, "bot", lambda doc: None)) == bot


def test_one_column_per_face(bot: BotTable) -> None:
    # Solo.Strategy.Roll L855: the Bot's die picks its column; BotTable L1014-L1017: six columns.
    assert list(bot.columns) == [1, 2, 3, 4, 5, 6]
    assert bot.column(5).face == 5


def test_the_planning_row(bot: BotTable) -> None:
    # BotTable.Planning L1014: five counts survive, 4 5 6 6 7, for columns 1 to 5; R28: column 6 places 7.
    assert row_of(bot, "place") == [4, 5, 6, 6, 7, 7]
    assert [printed(c, "place") for c in bot.columns.values()] == [True] * 5 + [False]


def test_the_jerusalem_row(bot: BotTable) -> None:
    # BotTable.Command L1015: 10 down to 5.
    assert row_of(bot, "jerusalem") == [10, 9, 8, 7, 6, 5]
    assert all(printed(c, "jerusalem") for c in bot.columns.values())


def test_the_planning_example(bot: BotTable) -> None:
    # Example.BotPlanning L872, L876: the Bot nr 5 places 7 Orders and may place one in Jerusalem, where its
    # Strength is 3, within its limit of 6.
    five = bot.column(5)
    assert (five.place, five.jerusalem) == (7, 6)


def test_the_card_triggers(bot: BotTable) -> None:
    # BotTable.Command L1015: adding 1 or more Units; any March, Sea Move and Disperse included (Move
    # and Attack too, R27); adding 2 or more; executing a Reaction Order. Columns 4 and 5 lost their
    # icons (R30): a City, a Desert.
    t = {c.face: c.triggers for c in bot.columns.values()}
    assert t[1] == (Trigger("adds_units", at_least=1),)
    assert t[2] == (
        Trigger("marches", actions=("march", "forced_march", "disperse", "sea_move", "move", "attack")),
    )
    assert t[3] == (Trigger("adds_units", at_least=2),)
    assert t[6] == (Trigger("reaction"),)
    for face, region in ((4, "city"), (5, "desert")):
        assert {(x.region, x.alliance) for x in t[face]} == {(region, "crusader"), (region, "muslim")}
        assert not printed(bot.column(face), "trigger")


def test_the_event_cards_row(bot: BotTable) -> None:
    # BotTable.Command L1015: free crown effects; main events whatever the Region, whatever the Presence;
    # +1 Cavalry if the main event adds Units, +1 Infantry if it marches, +1 Infantry if an effect adds Units.
    e = [(x.kind, x.when, x.unit, x.count) for x in row_of(bot, "event")]
    assert e == [
        ("free_crown", None, None, 0),
        ("ignore_region", None, None, 0),
        ("ignore_presence", None, None, 0),
        ("extra_unit", "main_adds_units", "cavalry", 1),
        ("extra_unit", "main_marches", "infantry", 1),
        ("extra_unit", "adds_units", "infantry", 1),
    ]


def test_the_bonus_row(bot: BotTable) -> None:
    # BotTable.Command L1015: column 1, a Neutral in every Region with a Leader (Infantry: R29); the rest R29.
    first = bot.column(1).bonus
    assert (first.kind, first.where, first.count) == ("neutral", "leader_regions", 1)
    b = [(x.kind, x.track, x.amount) for x in row_of(bot, "bonus")[1:]]
    assert b == [
        ("track", "faith", 1),
        ("neutral", None, 0),
        ("sabotage", None, 0),
        ("track", "gold", 1),
        ("track", "gold", 2),
    ]


def test_the_bidding_row(bot: BotTable) -> None:
    # BotTable.Diplomacy L1016 and Solo.Diplomacy L981: a die plus gold, a die plus half rounded up, a die
    # alone; the add-on is the Bot's gold (R31).
    assert row_of(bot, "bid_gold") == ["all", "all", "half_up", "half_up", "none", "none"]


def test_the_upkeep_row(bot: BotTable) -> None:
    # BotTable.Upkeep L1017: draw 2 and keep both; 1 kept; 1 kept unless a Reaction; 1 kept if a March; 1 kept
    # if a Reaction; none.
    row = list(zip(row_of(bot, "advanced_draw"), row_of(bot, "advanced_keep"), strict=True))
    assert row == [(2, "any"), (1, "any"), (1, "not_reaction"), (1, "march"), (1, "reaction"), (0, "none")]
    assert all(printed(c, "advanced") for c in bot.columns.values())


def test_the_order_fail_faces(bot: BotTable) -> None:
    # BotTable.Command L1015: six actions for a die, in the printed order (R32): +1 Infantry, +1 Cavalry,
    # +2 Infantry, +1 Infantry and a March, a March, +1 Cavalry and +1 Siege Engine.
    inf, cav = Step("muster", unit="infantry", count=1), Step("muster", unit="cavalry", count=1)
    assert dict(bot.order_fail.faces) == {
        1: (inf,),
        2: (cav,),
        3: (Step("muster", unit="infantry", count=2),),
        4: (inf, Step("march")),
        5: (Step("march"),),
        6: (cav, Step("muster", unit="siege_engine", count=1)),
    }
    assert bot.order_fail.unusable == "reroll"


def test_the_placement(bot: BotTable) -> None:
    # Solo.Planning L859: all the Bot's Orders before the humans', the Bot higher on initiative first;
    # Solo.Planning.Order L861: one in the strongest Region, the rest weakest first; Solo.Planning.Ties L868:
    # Proximity, and a short pile places what it has; Example.BotPlanning.3 L878 and R33: the lone Leader's
    # Region first among equals, the other reading an option.
    p = bot.placement
    assert (p.before_humans, p.two_bots) == (True, "higher_initiative_first")
    assert (p.first, p.then, p.ties, p.short) == (
        "strongest",
        "weakest_first",
        "proximity",
        "place_what_there_is",
    )
    assert (p.equal_strength, p.equal_strength_option) == (
        "leader_only_first",
        "bot_leader_region_after_equal",
    )


def test_the_bidding(bot: BotTable) -> None:
    # Solo.Diplomacy L981: the humans bid first; the Bot loses only the gold added to its die.
    assert (bot.bidding.after_humans, bot.bidding.pays) == (True, "gold_only")


def test_the_two_bot_jerusalem_note(bot: BotTable) -> None:
    # BotTable.Command L1015: the limit's note on two Bots, read as their joint Strength (B1).
    assert bot.jerusalem_two_bots == "both_armies"


# --- draws, piles, priorities ----------------------------------------------------------------------


def test_the_draws(bot: BotTable) -> None:
    # Solo.Strategy.Roll L855-L856: a die per round, optionally each Phase; Solo.Planning L859: Orders from
    # Prepared; Solo.Battle.Reaction L930: from Reaction; BotTable.Upkeep L1017: from Advanced;
    # BotTable.Diplomacy L1016: the die again, the column kept (optionally changed).
    d = {x.id: (x.phase, x.drawn_from, x.count, x.option) for x in bot.draws.values()}
    assert d["column"] == ("strategy", "die", 1, "bot_column_each_phase")
    assert d["planning"] == ("planning", "prepared", None, None)
    assert d["reaction"][1] == "reaction" and d["advanced"][1:3] == ("advanced", None)
    assert d["bid"] == ("diplomacy", "die", 1, "bot_bid_changes_column")
    assert d["order_fail"][1] == "die" and d["event_card"][1] == "event_cards"


@pytest.mark.parametrize("army", list(ARMIES))
def test_the_piles(bot: BotTable, orders: Orders, army: str) -> None:
    # Solo.Setup.2-3 L811-L815: basic Reactions and Blanks; the other basic Orders and the Advanced March for
    # 1; the other Advanced Orders. The same as the Orders pack's reading of those lines.
    piles = bot.piles(orders, army)
    assert (piles["reaction"], piles["prepared"], piles["advanced"]) == orders.bot_groups(army)
    assert any(o.blank for o in piles["reaction"])
    assert [o.cost for o in piles["prepared"] if o.advanced] == [1]
    assert sum(len(p) for p in piles.values()) == 22  # Plutorial.Upkeep.4.B L1267


@pytest.mark.parametrize("army", list(ARMIES))
def test_the_named_orders_exist(bot: BotTable, orders: Orders, army: str) -> None:
    # Solo.Battle.Reaction.3 L940: a Reinforce drawn from the Reaction pile; Solo.March.7 L973: a Disperse.
    piles = bot.piles(orders, army)
    assert any(s.action == "reinforce" for o in piles["reaction"] for s in o.effect)
    assert any(s.action == "disperse" for o in orders.of(army) for s in o.effect)


def pri(bot: BotTable, pid: str) -> tuple[str, ...]:
    return bot.priorities[pid].items


def test_the_diplomacy_priorities(bot: BotTable) -> None:
    # Solo.Diplomacy.Card L983-L991 and Solo.Diplomacy.Board L992-L1003, as printed.
    assert pri(bot, "diplomacy_card") == (
        "glory",
        "move",
        "advanced_order",
        "remove_sabotage",
        "faith",
        "gold",
    )
    assert pri(bot, "diplomacy_board") == (
        "glory",
        "hexagon_leader",
        "square_leader",
        "crown",
        "faith",
        "command_point",
        "neutral",
        "gold",
        "supply",
    )


def test_the_piece_priorities(bot: BotTable) -> None:
    # Solo.Pieces.Sabotage L910: Glory, command point, crown, supply, gold; removal skips the command point.
    assert pri(bot, "sabotage") == ("glory", "command_point", "crown", "supply", "gold")
    assert pri(bot, "sabotage_removal") == ("glory", "crown", "supply", "gold")
    # Solo.Pieces.Resources L916: no command point chits; Solo.Pieces.Removing L908: Cavalry Leaders first.
    assert set(pri(bot, "resources")) == {"glory", "crown", "gold", "supply"}
    assert not bot.priorities["resources"].ranked
    assert pri(bot, "leader_removal") == ("cavalry", "infantry")
    # Solo.Battle.Losses.1 L947: a Neutral first, then by terrain, Leaders last.
    assert pri(bot, "losses_city") == ("neutral", "infantry", "cavalry", "siege_engine", "leader")
    assert pri(bot, "losses_desert") == ("neutral", "siege_engine", "infantry", "cavalry", "leader")


def test_the_region_priorities(bot: BotTable) -> None:
    # Solo.Planning.1-4 L863-L866; Solo.Command.Priority.1-3 L890-L893; Solo.March L953; Solo.Pieces.Adding
    # L906; Solo.Battle.Losses.3 L949.
    assert pri(bot, "planning_regions") == (
        "bot_control",
        "alliance_presence",
        "empty_next_to_bot_control",
        "human_control",
    )
    assert pri(bot, "command_regions") == (
        "jerusalem_below_limit",
        "weakest_bot_control",
        "presence_partner_control",
    )
    assert pri(bot, "march_targets") == (
        "winnable_human_strongest",
        "empty_with_own_order",
        "empty",
        "friendly",
    )
    assert pri(bot, "adding_overflow") == ("weakest_adjacent", "adjacent_with_neutrals", "empty_adjacent")
    assert pri(bot, "retreat") == ("weakest_with_units", "nearest_jerusalem", "proximity")


def test_proximity_breaks_the_ties_the_text_names(bot: BotTable) -> None:
    # SoloGlossary.Proximity L1035 and its uses: planning, Orders, marches, Disperse, losses, retreat, Genoa;
    # the map orders the Regions against either human Alliance.
    assert set(bot.proximity) == {"planning", "orders", "march", "disperse", "losses", "retreat", "genoa"}
    assert set(load_board().proximity) == {"crusader", "muslim"}


def test_the_bot_setup(bot: BotTable) -> None:
    # Solo.Setup.5-8 L817-L820: 3 Objectives; crowns and gold only; first on initiative in round 1; Faith 2
    # alone, 0 in a pair. Solo.Upkeep.Orders L1008: no Glory lost for Orders left.
    s = bot.setup
    assert (s.objectives, s.tracks, s.first_on_initiative) == (3, ("crown", "gold"), True)
    assert (s.faith_lone, s.faith_pair, s.glory_for_unexecuted) == (2, 0, False)


# --- sources ---------------------------------------------------------------------------------------


def bot_doc() -> Any:
    return json.loads((DATA / "bot.json").read_text(encoding="utf-8"))


def test_every_cell_and_list_has_a_source(bot: BotTable) -> None:
    sources = [s for c in bot.columns.values() for s in c.sources.values()]
    sources += [x.source for x in (*bot.draws.values(), *bot.groups.values(), *bot.named_orders.values())]
    sources += [x.source for x in (*bot.priorities.values(), *bot.proximity.values())]
    sources += [bot.order_fail.source, bot.setup.source, bot.placement.source, bot.bidding.source]
    assert len(sources) == 6 * 7 + 8 + 3 + 4 + 13 + 7 + 4
    for s in sources:
        if s["kind"] == "reconstructed":
            assert any(f"R{n}" in s["reason"] for n in range(28, 33)), s  # a reconstruction names its ruling


def test_rulebook_citations_name_a_key_and_lines_inside_it() -> None:
    found = list(cited(bot_doc()))
    assert len(found) >= 40
    assert misplaced(found) == []


@pytest.mark.parametrize("path", [DATA / "bot.json", DOC], ids=lambda p: p.name)
def test_neither_the_pack_nor_its_page_copies_the_rulebook(path: Path) -> None:
    if not RULES.exists():
        pytest.skip(f"rulebook text not here: {RULES}")
    assert copied_runs(path.read_text(encoding="utf-8"), RULES.read_text(encoding="utf-8")) == []


# --- the page says what the pack holds -------------------------------------------------------------


def trigger_words(t: Trigger) -> str:
    if t.kind == "marches":
        return "a March: " + ", ".join(t.actions)
    if t.kind == "reaction":
        return "a Reaction Order executed"
    where = f" to a {t.region}" if t.region else ""
    side = f" ({t.alliance})" if t.alliance else ""
    return f"adds {t.at_least}+ Units{where}{side}"


def cell_words(c: Column, cell: str) -> str:
    if cell == "place":
        return f"places {c.place}"
    if cell == "jerusalem":
        return f"Jerusalem up to {c.jerusalem}"
    if cell == "trigger":
        return "; ".join(trigger_words(t) for t in c.triggers)
    if cell == "event":
        e = c.event
        return f"+{e.count} {e.unit} if {e.when}" if e.kind == "extra_unit" else e.kind
    if cell == "bonus":
        b = c.bonus
        if b.kind == "neutral":
            return f"+{b.count} neutral {b.unit} in {b.where}"
        return f"+{b.amount} {b.track}" if b.kind == "track" else f"{b.count} sabotage"
    if cell == "bid":
        return {"all": "die + gold", "half_up": "die + half the gold, rounded up", "none": "die"}[c.bid_gold]
    return f"draw {c.advanced_draw}, keep {c.advanced_keep}"


CELLS = ("place", "jerusalem", "trigger", "event", "bonus", "bid", "advanced")


def column_rows(bot: BotTable) -> list[str]:
    return [
        f"| {c.face} | {cell} | {cell_words(c, cell)} | {source_words(c.sources[cell])} |"
        for c in bot.columns.values()
        for cell in CELLS
    ]


def step_words(s: Step) -> str:
    return f"+{s.count} {s.unit}" if s.action == "muster" else s.action


def fail_rows(bot: BotTable) -> list[str]:
    return [
        f"| {face} | {', '.join(step_words(s) for s in steps)} |"
        for face, steps in bot.order_fail.faces.items()
    ]


def draw_row(d: Draw) -> str:
    count = "column" if d.count is None else str(d.count)
    return f"| {d.id} | {d.phase} | {d.drawn_from} | {count} | {d.option or '-'} | {source_words(d.source)} |"


def named_row(n: NamedOrder) -> str:
    return f"| {n.id} | {n.action} | {n.group or 'any'} | {n.held_by} | {source_words(n.source)} |"


def priority_row(p: Priority) -> str:
    sep = " > " if p.ranked else ", "
    return f"| {p.id} | {sep.join(p.items)} | {source_words(p.source)} |"


def proximity_row(p: ProximityUse) -> str:
    return f"| {p.id} | {p.decides} | {source_words(p.source)} |"


def pile_rows(bot: BotTable, orders: Orders) -> list[str]:
    rows = []
    for army in ARMIES:
        piles = bot.piles(orders, army)
        names = [
            ", ".join(o.id.removeprefix(f"{army}_") for o in piles[g])
            for g in ("reaction", "prepared", "advanced")
        ]
        rows.append(f"| {army} | {' | '.join(names)} |")
    return rows


def record_rows(name: str, record: Any) -> list[str]:
    """A record's fields, one row each, its source last."""
    rows = []
    for f in fields(record):
        value = getattr(record, f.name)
        if f.name != "source":
            words = ("yes" if value else "no") if isinstance(value, bool) else value
            rows.append(f"| {name}.{f.name} | {words} |")
    return [*rows, f"| {name}.source | {source_words(record.source)} |"]


def page_tables(bot: BotTable, orders: Orders) -> dict[str, list[str]]:
    return {
        "## The columns": column_rows(bot),
        "## Order Fail": fail_rows(bot),
        "## Draws": [draw_row(d) for d in bot.draws.values()],
        "## Named Orders": [named_row(n) for n in bot.named_orders.values()],
        "## Placement and bidding": record_rows("placement", bot.placement)
        + record_rows("bidding", bot.bidding),
        "## The piles of each Army": pile_rows(bot, orders),
        "## Priority lists": [priority_row(p) for p in bot.priorities.values()],
        "## Proximity": [proximity_row(p) for p in bot.proximity.values()],
    }


HEADINGS = [
    "## The columns",
    "## Order Fail",
    "## Draws",
    "## Named Orders",
    "## Placement and bidding",
    "## The piles of each Army",
    "## Priority lists",
    "## Proximity",
]


@pytest.mark.parametrize("heading", HEADINGS)
def test_the_page_lists_every_record_row_by_row(bot: BotTable, orders: Orders, heading: str) -> None:
    assert table(DOC.read_text(encoding="utf-8"), heading) == page_tables(bot, orders)[heading]


def test_the_page_check_can_fail(bot: BotTable, orders: Orders) -> None:
    text = DOC.read_text(encoding="utf-8").replace("| 6 | place | places 7 |", "| 6 | place | places 8 |")
    assert table(text, "## The columns") != page_tables(bot, orders)["## The columns"]


# --- broken copies ---------------------------------------------------------------------------------


def _col(doc: dict[str, Any], face: int) -> dict[str, Any]:
    return next(c for c in doc["columns"] if c["face"] == face)


def _pri(doc: dict[str, Any], pid: str) -> dict[str, Any]:
    return next(p for p in doc["priorities"] if p["id"] == pid)


def _seven_columns(doc: dict[str, Any]) -> None:
    doc["columns"].append(dict(_col(doc, 6), face=6))


def _falling_count(doc: dict[str, Any]) -> None:
    _col(doc, 6)["place"]["count"] = 5


def _unknown_march(doc: dict[str, Any]) -> None:
    _col(doc, 2)["trigger"]["lines"][0]["actions"].append("sail")


def _two_lines_one_alliance(doc: dict[str, Any]) -> None:
    _col(doc, 4)["trigger"]["lines"][1]["alliance"] = "crusader"


def _command_point_bonus(doc: dict[str, Any]) -> None:
    _col(doc, 5)["bonus"]["track"] = "command_point"


def _keeps_without_drawing(doc: dict[str, Any]) -> None:
    _col(doc, 6)["advanced"]["keep"] = "any"


def _no_prepared(doc: dict[str, Any]) -> None:
    doc["groups"] = [g for g in doc["groups"] if g["id"] != "prepared"]


def _march_of_two(doc: dict[str, Any]) -> None:
    next(n for n in doc["named_orders"] if n["id"] == "advanced_march")["cost"] = 2


def _sabotage_short(doc: dict[str, Any]) -> None:
    _pri(doc, "sabotage")["items"].remove("gold")


def _unknown_reward(doc: dict[str, Any]) -> None:
    _pri(doc, "diplomacy_card")["items"].append("crown")


def _board_unranked(doc: dict[str, Any]) -> None:
    m = _pri(doc, "diplomacy_board")["matches"]
    m["faith"] = [{"item": "triangle", "track": "glory"}]


def _fail_face_missing(doc: dict[str, Any]) -> None:
    doc["order_fail"]["faces"].pop()


def _fail_unknown_action(doc: dict[str, Any]) -> None:
    doc["order_fail"]["faces"][4]["steps"][0]["action"] = "pillage"


def _priority_missing(doc: dict[str, Any]) -> None:
    doc["priorities"] = [p for p in doc["priorities"] if p["id"] != "retreat"]


def _nobody_holds_it(doc: dict[str, Any]) -> None:
    next(n for n in doc["named_orders"] if n["id"] == "sea_move")["group"] = "reaction"


def _trigger_without_count(doc: dict[str, Any]) -> None:
    del _col(doc, 3)["trigger"]["lines"][0]["at_least"]


def _extra_unit_without_unit(doc: dict[str, Any]) -> None:
    del _col(doc, 4)["event"]["unit"]


def _camel_bonus(doc: dict[str, Any]) -> None:
    _col(doc, 1)["bonus"]["unit"] = "camel"


def _no_planning_proximity(doc: dict[str, Any]) -> None:
    doc["proximity"] = [p for p in doc["proximity"] if p["id"] != "planning"]


def _reconstructed_proximity(doc: dict[str, Any]) -> None:
    doc["proximity"][0]["source"] = {"kind": "reconstructed", "reason": "a tie-break of our own making"}


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (_seven_columns, "bot.json: columns: faces [1, 2, 3, 4, 5, 6, 6]"),
        (_falling_count, "bot.json: column 6: places 5 Orders, fewer than column 5's 7 (R28)"),
        (_unknown_march, "bot.json: column 2: trigger on 'sail'"),
        (
            _two_lines_one_alliance,
            "bot.json: column 4: trigger lines are one for every Bot, or one per Alliance",
        ),
        (_command_point_bonus, "bot.json: column 5: a track bonus moves one of the Bot's tracks"),
        (
            _keeps_without_drawing,
            "bot.json: column 6: a column keeps no Advanced Order exactly when it draws none",
        ),
        (_no_prepared, "bot.json: groups: ['advanced', 'reaction']"),
        (
            _march_of_two,
            "bot.json: named order advanced_march: the angevin has no march Order in its prepared pile",
        ),
        (
            _sabotage_short,
            "bot.json: priority sabotage: ranks glory, command_point, crown, supply; it must rank",
        ),
        (_unknown_reward, "bot.json: priority diplomacy_card: ranks 'crown', not one of"),
        (_board_unranked, "bot.json: priority diplomacy_board: ranks nothing of space"),
        (_fail_face_missing, "bot.json: order_fail: faces [1, 2, 3, 4, 5]"),
        (_fail_unknown_action, "bot.json: order_fail face 5: pillage - is no step of the Orders pack"),
        (_priority_missing, "bot.json: priority retreat: missing"),
        (
            _nobody_holds_it,
            "bot.json: named order sea_move: no Army has a sea_move Order in its reaction pile",
        ),
        (_trigger_without_count, "bot.json: column 3: a trigger on added Units says how many"),
        (_extra_unit_without_unit, "bot.json: column 4: an extra Unit for Event Cards names its Unit"),
        (_camel_bonus, "bot.json: column 1: a Neutral bonus names a Unit of the Orders pack"),
        (_no_planning_proximity, "bot.json: placement: breaks ties by Proximity"),
        (_reconstructed_proximity, "bot.json: proximity planning: a use of Proximity is one the text names"),
    ],
    ids=lambda x: getattr(x, "__name__", ""),
)
def test_a_broken_copy_is_refused_naming_the_record(
    tmp_path: Path, change: Callable[[Any], None], message: str
) -> None:
    with pytest.raises(BadData) as e:
        load_bot_table(copy_pack(tmp_path, "bot", change))
    assert str(e.value).startswith(message), str(e.value)
