"""The Third Crusade Mission, Diplomacy and Objective Cards and the diplomacy board (issue 17, "The data
the text lacks"): the shipped pack loads; every fact the rulebook states about these cards and the
board holds (the counts, the named cards, the Objective decks and examples, the diplomacy examples
of the plutorial and of the 4-player game); every source cites a real key; the tables of
docs/third-crusade/cards.md match the pack row by row; a broken copy is refused naming the record.
Lnnn are lines of shared/rules/third-crusade.txt; keys are those of sections.md; Rn of rulings.md."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from outremer.engine.errors import BadData
from outremer.games.third_crusade.board import NORTH, Board
from outremer.games.third_crusade.cards import (
    DECKS,
    START,
    Cards,
    DiplomacyCard,
    Mission,
    Objective,
    Requirement,
    Space,
    load_cards,
)
from outremer.games.third_crusade.leaders import load_leaders

from .test_orders import cited, copy_pack
from .texts import DATA, REPO, RULES, copied_runs, misplaced, source_words, table

DOC = REPO / "docs" / "third-crusade" / "cards.md"
FILES = ("cards", "diplomacy")


@pytest.fixture(scope="module")
def cards() -> Cards:
    return load_cards()


# --- what the rulebook states ----------------------------------------------------------------------


def test_the_shipped_pack_loads_with_the_printed_counts(cards: Cards) -> None:
    # Components.General L1589-L1591: 18 Objective, 7 Mission, 7 Diplomacy Cards.
    assert (len(cards.objectives), len(cards.missions), len(cards.diplomacy_cards)) == (18, 7, 7)


def test_an_unbroken_copy_loads_as_the_shipped_pack(tmp_path: Path, cards: Cards) -> None:
    assert load_cards(copy_pack(tmp_path, "cards", lambda doc: None)) == cards


def test_ensure_our_supply(cards: Cards) -> None:
    # Plutorial.Setup L1051 names the Mission; Plutorial.Upkeep.1.Example L1241: its Glory half counts the
    # Regions with at least 1 supply icon (uncovered: R14).
    m = next(x for x in cards.missions.values() if x.name == "Ensure our supply")
    assert m.glory == Requirement("icon", icon="supply")
    assert m.source["kind"] == "rulebook" and m.source["key"] == "Plutorial.Upkeep.1.Example"


def test_the_unnamed_mission_of_the_rules(cards: Cards) -> None:
    # Upkeep.1.Example L693-L698: a Mission whose Glory half counts crown Regions and whose Faith half
    # counts Ports.
    found = [x for x in cards.missions.values() if x.glory == Requirement("icon", icon="crown")]
    assert [x.faith for x in found] == [Requirement("port")]


def test_bedouin_tribes(cards: Cards) -> None:
    # Plutorial.Setup L1051 names the card; Plutorial.Diplomacy.Rewards L1226-L1228: reward 2 is 1 Glory,
    # reward 3 (the loser's in 2 players, Diplomacy.TwoPlayer L653) 1 gold.
    card = next(x for x in cards.diplomacy_cards.values() if x.name == "Bedouin Tribes")
    assert (card.reward(2).kind, card.reward(2).amount) == ("glory", 1)
    assert (card.reward(3).kind, card.reward(3).amount) == ("gold", 1)


def test_the_four_player_diplomacy_card(cards: Cards) -> None:
    # Example.DiplomacyCard L657-L662: a card with 1 Faith (reward 1), 1 Glory (reward 2), 1 gold (3).
    wanted = [("faith", 1), ("glory", 1), ("gold", 1)]
    assert any([(r.kind, r.amount) for r in c.rewards] == wanted for c in cards.diplomacy_cards.values())


def test_movement_follows_the_reward_numbers(cards: Cards) -> None:
    # Diplomacy.Bid L651 and Example.DiplomacyBoard L673-L680, ruling R18: 1, 2, 3, then the fourth.
    assert all(c.movement == (1, 2, 3, 4) for c in cards.diplomacy_cards.values())


def test_rewards_are_the_kinds_the_bot_ranks(cards: Cards) -> None:
    # Solo.Diplomacy.Card L983-L991: Glory, a move on the board, an Advanced Order, removing Sabotage,
    # Faith, gold; each kind appears on some card.
    kinds = {r.kind for c in cards.diplomacy_cards.values() for r in c.rewards}
    assert kinds == {"glory", "move", "advanced_order", "remove_sabotage", "faith", "gold"}


@pytest.mark.parametrize("loyalty", ["crusader", "muslim", None])
def test_the_objective_decks(cards: Cards, loyalty: str | None) -> None:
    # VariableSetup.Decks L302-L306 (Heraclium for Heracium: R36): 9 Crusader, 8 Muslim, Famagusta aside.
    assert {x.main for x in cards.deck(loyalty)} == DECKS[loyalty]
    assert len(DECKS[loyalty]) == {"crusader": 9, "muslim": 8, None: 1}[loyalty]


def test_objectives_name_four_cities_of_the_map(cards: Cards, board: Board) -> None:
    # Plutorial.EndGame L1324 and R26: four Cities, the main City among them; Cities, not Deserts (L162).
    for x in cards.objectives.values():
        assert len(set(x.cities)) == 4 and x.cities[0] == x.main, x.id
        assert all(board.regions[c].is_city for c in x.cities), x.id


def test_scores_rise_with_the_count(cards: Cards) -> None:
    # EndGame.2 L767: more of the named Cities, a higher score.
    for x in cards.objectives.values():
        assert list(x.score) == sorted(set(x.score)), x.id


def test_kerak_and_damascus_pay_three(cards: Cards) -> None:
    # EndGame.2.Example L771: the Ayyubid Controls Kerak and Damascus on one card: 3 Glory.
    found = [x for x in cards.objectives.values() if {"kerak", "damascus"} <= set(x.cities)]
    assert found
    assert any(x.glory({"kerak", "damascus", "tyre", "d_negev"}) == 3 for x in found)


def test_the_final_winner_example(cards: Cards) -> None:
    # EndGame.FinalWinner.Example L787-L790: the Holy Roman Empire Controls Sidon, Ascalon and Heraclium
    # on its second card, the Angevin Homs and Tyre: 3 against 2.
    hre = [x for x in cards.objectives.values() if {"sidon", "ascalon", "heraclium"} <= set(x.cities)]
    angevin = [x for x in cards.objectives.values() if {"homs", "tyre"} <= set(x.cities)]
    assert hre and angevin
    assert any(x.count({"sidon", "ascalon", "heraclium"}) == 3 for x in hre)
    assert any(x.count({"homs", "tyre"}) == 2 for x in angevin)


def test_the_plutorials_objectives(cards: Cards) -> None:
    # Plutorial.Continue.Objectives L1332-L1335: cards named Damascus and Sidon, on the south board the two
    # players use.
    for main in ("damascus", "sidon"):
        assert cards.objectives[main].main == main and not cards.objectives[main].north


def test_the_north_icon(cards: Cards, board: Board) -> None:
    # VariableSetup L300 and R26: cards of north-board Cities carry the north icon; without them the
    # Crusader deck keeps 4 cards, enough to deal 4 in a 2-player variable set-up (VariableSetup.Decks L308).
    for x in cards.objectives.values():
        assert x.north == (board.regions[x.main].board == NORTH), x.id
        if not x.north:
            assert all(board.regions[c].board != NORTH for c in x.cities), x.id
    for loyalty in ("crusader", "muslim"):
        assert len([x for x in cards.deck(loyalty) if not x.north]) >= 4


# --- the diplomacy board -------------------------------------------------------------------------


def test_the_board_rows(cards: Cards) -> None:
    # Diplomacy.Board L665 and Example.DiplomacyBoard L673-L680: rows of 4, of 2 and single spaces; the
    # last row is a 4-space row (L677: past a 2-space row lies the end of the board).
    b = cards.board
    sizes = [len(b.row(n)) for n in range(1, b.rows + 1)]
    assert set(sizes) == {1, 2, 4} and sizes[-1] == 4


def test_the_board_offers_what_the_text_names(cards: Cards) -> None:
    # Solo.Diplomacy.Board L992-L1003 and the examples: a Glory chit, a crown token and a command point
    # token (L1231), 3 Infantry and 2 Cavalry (L675), a Leader and a triangular Glory (L673, L677), a Faith
    # token and 3 supply tokens (L679), hexagonal and square Leaders (L995-L996), Neutral Units, gold.
    items = [i for s in cards.board.spaces.values() for i in s.contents]
    assert any(i.item == "token" and i.icons == ("glory",) and i.shape == "hexagon" for i in items)
    assert any(i.item == "token" and i.icons == ("crown",) for i in items)
    assert any(i.item == "token" and i.icons == ("command_point",) for i in items)
    assert any(i.item == "token" and i.icons == ("gold",) for i in items)
    assert any(i.item == "token" and i.icons == ("supply",) and i.count == 3 for i in items)
    assert any(i.item == "neutral" and i.unit == "infantry" and i.count == 3 for i in items)
    assert any(i.item == "neutral" and i.unit == "cavalry" and i.count == 2 for i in items)
    assert {i.track for i in items if i.item == "triangle"} == {"glory", "faith"}
    leaders = load_leaders()
    shapes = {leaders.leaders[i.leader].shape for i in items if i.leader}
    assert shapes == {"square", "hexagon"}


def test_the_plutorial_moves(cards: Cards) -> None:
    # Plutorial.Diplomacy.Moves L1231: the Ayyubid takes the Glory chit; the Angevin passes the crown token
    # of the first row for the command point token of the next.
    b = cards.board
    chit = space_with(b.spaces.values(), "token", "glory", row=1)
    assert chit.id in b.destinations(START)
    crown = space_with(b.spaces.values(), "token", "crown", row=1)
    point = space_with(b.spaces.values(), "token", "command_point", row=2)
    assert crown.id in b.destinations(START, {chit.id})
    assert point.id in b.destinations(START, {chit.id})


def test_the_four_player_moves(cards: Cards) -> None:
    # Example.DiplomacyBoard.1-.4 L673-L680, in the card's order: the Turkoman and then the Ayyubid, each
    # before a 2-space row with the end of the board beyond, take its Leader and its triangular Glory; the
    # Holy Roman Empire may not go back to 3 Infantry beside it and must stop in the 4-space row ahead (2
    # Cavalry); the Angevin passes a single Faith space to 3 supply tokens.
    b = cards.board
    turkoman, ayyubid, hre, angevin = "crown_command", "two_gold", "supply_token", "balian"
    taken = {turkoman, ayyubid, hre, angevin, "glory_chit", "command_token"}
    leader = space_with(b.spaces.values(), "leader", None, row=b.rows - 1)
    glory = space_with(b.spaces.values(), "triangle", "glory", row=b.rows - 1)
    last = {s.id for s in b.row(b.rows)}
    assert len(b.row(b.rows - 1)) == 2
    assert {leader.id, glory.id} | last <= b.destinations(turkoman, taken)
    taken.add(leader.id)
    assert glory.id in b.destinations(ayyubid, taken) and leader.id not in b.destinations(ayyubid, taken)
    infantry = space_with(b.spaces.values(), "neutral", "infantry", row=b.spaces[hre].row - 1)
    assert hre in b.forward[infantry.id]
    hre_to = b.destinations(hre, taken)
    assert infantry.id not in hre_to
    assert {b.spaces[s].row for s in hre_to} <= {b.spaces[hre].row, b.spaces[hre].row + 1}
    ahead = b.spaces[hre].row + 1
    assert len(b.row(ahead)) == 4
    cavalry = space_with(b.row(ahead), "neutral", "cavalry")
    assert cavalry.id in hre_to
    taken.add(cavalry.id)
    faith = space_with(b.spaces.values(), "triangle", "faith", row=b.spaces[angevin].row + 1)
    assert len(b.row(faith.row)) == 1
    supply = space_with(b.spaces.values(), "token", "supply", row=faith.row + 1)
    assert {faith.id, supply.id} <= b.destinations(angevin, taken)


def test_a_four_space_row_cannot_be_passed(cards: Cards) -> None:
    # Diplomacy.Board L665: from the start, nothing beyond the first 4-space row.
    b = cards.board
    first = min(n for n in range(1, b.rows + 1) if len(b.row(n)) == 4)
    assert max(b.spaces[s].row for s in b.destinations(START)) == first
    assert b.destinations(START, {s.id for s in b.row(first)}).isdisjoint({s.id for s in b.row(first + 1)})


def test_moves_never_go_back(cards: Cards) -> None:
    b = cards.board
    for s in b.spaces.values():
        assert all(b.spaces[t].row >= s.row for t in b.destinations(s.id)), s.id


def test_every_diplomacy_leader_is_offered_once(cards: Cards) -> None:
    leaders = load_leaders()
    offered = [i.leader for s in cards.board.spaces.values() for i in s.contents if i.leader]
    assert sorted(offered) == sorted(x.id for x in leaders.leaders.values() if x.enters == "diplomacy")


def space_with(spaces: Any, item: str, what: str | None, row: int | None = None) -> Space:
    """The one space of ``spaces`` (in ``row``) offering ``item`` of kind ``what``."""
    found = [
        s
        for s in spaces
        if (row is None or s.row == row)
        and any(i.item == item and (what is None or what in (*i.icons, i.unit, i.track)) for i in s.contents)
    ]
    assert len(found) == 1, (item, what, row, [s.id for s in found])
    return found[0]


# --- sources ------------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", FILES)
def test_every_record_has_a_source(name: str) -> None:
    doc = json.loads((DATA / f"{name}.json").read_text(encoding="utf-8"))
    parts = ["missions", "diplomacy_cards", "objectives"] if name == "cards" else ["spaces"]
    for part in parts:
        for record in doc[part]:
            source = record["source"]
            assert source.get("key" if source["kind"] == "rulebook" else "reason"), record["id"]
            if source["kind"] == "reconstructed":
                assert len(source["reason"]) > 40, record["id"]


@pytest.mark.parametrize("name", FILES)
def test_rulebook_citations_name_a_key_and_lines_inside_it(name: str) -> None:
    doc = json.loads((DATA / f"{name}.json").read_text(encoding="utf-8"))
    found = list(cited(doc))
    assert len(found) >= 5
    assert misplaced(found) == []


@pytest.mark.parametrize("path", [DATA / "cards.json", DATA / "diplomacy.json", DOC], ids=lambda p: p.name)
def test_neither_the_pack_nor_its_page_copies_the_rulebook(path: Path) -> None:
    if not RULES.exists():
        pytest.skip(f"rulebook text not here: {RULES}")

    assert copied_runs(path.read_text(encoding="utf-8"), RULES.read_text(encoding="utf-8")) == []


# --- the page says what the pack holds -------------------------------------------------------------


def requirement_words(r: Requirement) -> str:
    if r.kind == "icon":
        return f"{r.icon} icon"
    if r.kind == "type":
        return str(r.type)
    if r.kind == "named":
        return ", ".join(r.regions)
    return r.kind


def mission_row(x: Mission) -> str:
    return (
        f"| {x.id} | {x.name} | {requirement_words(x.glory)} | {requirement_words(x.faith)} | "
        f"{source_words(x.source)} |"
    )


def diplomacy_row(x: DiplomacyCard) -> str:
    rewards = " | ".join(f"{r.kind} {r.amount}" for r in x.rewards)
    order = " ".join(str(n) for n in x.movement)
    return f"| {x.id} | {x.name} | {rewards} | {order} | {source_words(x.source)} |"


def objective_row(x: Objective) -> str:
    return (
        f"| {x.id} | {x.deck or '-'} | {'yes' if x.north else '-'} | {', '.join(x.cities)} | "
        f"{' '.join(str(n) for n in x.score)} | {source_words(x.source)} |"
    )


def content_words(s: Space) -> str:
    out = []
    for i in s.contents:
        if i.item == "token":
            out.append(f"{i.count} {i.shape} {'+'.join(i.icons)} token")
        elif i.item == "triangle":
            out.append(f"triangle {i.track} {i.amount}")
        elif i.item == "neutral":
            out.append(f"{i.count} neutral {i.unit}")
        else:
            out.append(f"leader {i.leader}")
    return ", ".join(out)


def space_row(s: Space, cards: Cards) -> str:
    ahead = ", ".join(cards.board.forward.get(s.id, ())) or "-"
    return f"| {s.id} | {s.row} | {s.x:g} | {content_words(s)} | {ahead} | {source_words(s.source)} |"


def page_tables(cards: Cards) -> dict[str, list[str]]:
    return {
        "## Mission Cards": [mission_row(x) for x in cards.missions.values()],
        "## Diplomacy Cards": [diplomacy_row(x) for x in cards.diplomacy_cards.values()],
        "## Objective Cards": [objective_row(x) for x in cards.objectives.values()],
        "## The diplomacy board": [space_row(s, cards) for s in cards.board.spaces.values()],
    }


@pytest.mark.parametrize(
    "heading", ["## Mission Cards", "## Diplomacy Cards", "## Objective Cards", "## The diplomacy board"]
)
def test_the_page_lists_every_record_row_by_row(cards: Cards, heading: str) -> None:
    text = DOC.read_text(encoding="utf-8")
    assert table(text, heading) == page_tables(cards)[heading]


def test_the_page_check_can_fail(cards: Cards) -> None:
    text = DOC.read_text(encoding="utf-8").replace(
        "| kerak | muslim | - | kerak, damascus,", "| kerak | muslim |"
    )
    assert table(text, "## Objective Cards") != page_tables(cards)["## Objective Cards"]


# --- broken copies ---------------------------------------------------------------------------------


def _rec(doc: dict[str, Any], part: str, rid: str) -> dict[str, Any]:
    return next(x for x in doc[part] if x["id"] == rid)


def _mission_twice(doc: dict[str, Any]) -> None:
    doc["missions"].append(dict(_rec(doc, "missions", "pay_the_army")))


def _eight_missions(doc: dict[str, Any]) -> None:
    doc["missions"].append(dict(_rec(doc, "missions", "pay_the_army"), id="tax_the_pilgrims"))


def _same_halves(doc: dict[str, Any]) -> None:
    m = _rec(doc, "missions", "master_the_coast")
    m["faith"] = dict(m["glory"])


def _mission_unknown_region(doc: dict[str, Any]) -> None:
    _rec(doc, "missions", "road_to_jerusalem")["glory"]["regions"].append("beirut")


def _six_diplomacy(doc: dict[str, Any]) -> None:
    doc["diplomacy_cards"].remove(_rec(doc, "diplomacy_cards", "truce_talks"))


def _bad_movement(doc: dict[str, Any]) -> None:
    _rec(doc, "diplomacy_cards", "genoese_merchants")["movement"] = [1, 1, 3, 4]


def _unknown_reward(doc: dict[str, Any]) -> None:
    _rec(doc, "diplomacy_cards", "armenian_alliance")["rewards"][0]["kind"] = "crown"


def _desert_objective(doc: dict[str, Any]) -> None:
    _rec(doc, "objectives", "kerak")["cities"][3] = "d_negev"


def _unknown_city(doc: dict[str, Any]) -> None:
    _rec(doc, "objectives", "tyre")["cities"][2] = "beirut"


def _main_not_first(doc: dict[str, Any]) -> None:
    x = _rec(doc, "objectives", "sidon")
    x["cities"] = x["cities"][1:] + x["cities"][:1]


def _city_twice(doc: dict[str, Any]) -> None:
    _rec(doc, "objectives", "jaffa")["cities"][3] = "ascalon"


def _falling_score(doc: dict[str, Any]) -> None:
    _rec(doc, "objectives", "acre")["score"] = [1, 3, 3, 6]


def _wrong_north(doc: dict[str, Any]) -> None:
    _rec(doc, "objectives", "aleppo")["north"] = False


def _north_city_on_south_card(doc: dict[str, Any]) -> None:
    _rec(doc, "objectives", "tripoli")["cities"][3] = "tartosa"


def _wrong_deck(doc: dict[str, Any]) -> None:
    _rec(doc, "objectives", "acre")["deck"] = "crusader"


def _main_twice(doc: dict[str, Any]) -> None:
    x = _rec(doc, "objectives", "famagusta")
    x["main"] = "acre"
    x["cities"] = ["acre", "tyre", "jaffa", "famagusta"]


@pytest.mark.parametrize(
    ("change", "expected"),
    [
        (_mission_twice, "cards.json: mission pay_the_army: listed twice"),
        (_eight_missions, "cards.json: missions: 8 cards; the game has 7"),
        (_same_halves, "cards.json: mission master_the_coast: the Glory and Faith halves ask the same"),
        (_mission_unknown_region, "cards.json: mission road_to_jerusalem: names unknown region 'beirut'"),
        (_six_diplomacy, "cards.json: diplomacy_cards: 6 cards; the game has 7"),
        (_bad_movement, "cards.json: diplomacy card genoese_merchants: movement order [1, 1, 3, 4]"),
        (_unknown_reward, "cards.json: at diplomacy_cards/"),
        (_desert_objective, "cards.json: objective kerak: names 'd_negev', a desert"),
        (_unknown_city, "cards.json: objective tyre: names unknown region 'beirut'"),
        (_main_not_first, "cards.json: objective sidon: its main City 'sidon' must be the first"),
        (_city_twice, "cards.json: objective jaffa: names a City twice"),
        (_falling_score, "cards.json: objective acre: score [1, 3, 3, 6] does not rise"),
        (_wrong_north, "cards.json: objective aleppo: north icon False"),
        (_north_city_on_south_card, "cards.json: objective tripoli: a card without the north icon"),
        (_wrong_deck, "cards.json: deck crusader: main Cities"),
        (_main_twice, "cards.json: objective main City acre: listed twice"),
    ],
)
def test_a_broken_cards_copy_is_refused_naming_the_record(
    tmp_path: Path, change: Callable[[Any], None], expected: str
) -> None:
    with pytest.raises(BadData) as refused:
        load_cards(copy_pack(tmp_path, "cards", change))
    assert str(refused.value).startswith(expected)


def _space(doc: dict[str, Any], sid: str) -> dict[str, Any]:
    return next(x for x in doc["spaces"] if x["id"] == sid)


def _space_twice(doc: dict[str, Any]) -> None:
    doc["spaces"].append(
        dict(_space(doc, "guy"), contents=[{"item": "triangle", "track": "faith", "amount": 1}])
    )


def _three_in_a_row(doc: dict[str, Any]) -> None:
    _space(doc, "faith_triangle")["row"] = 7


def _link_two_rows(doc: dict[str, Any]) -> None:
    doc["links"].append({"a": "glory_chit", "b": "guy", "kind": "forward"})


def _link_unknown(doc: dict[str, Any]) -> None:
    doc["links"].append({"a": "glory_chit", "b": "beirut", "kind": "forward"})


def _cut_off(doc: dict[str, Any]) -> None:
    doc["links"] = [e for e in doc["links"] if "siege_train" not in (e["a"], e["b"])]


def _leader_twice(doc: dict[str, Any]) -> None:
    _space(doc, "two_glory")["contents"].append({"item": "leader", "leader": "balian"})


def _leader_not_offered(doc: dict[str, Any]) -> None:
    _space(doc, "reynald")["contents"] = [{"item": "triangle", "track": "glory", "amount": 1}]


def _wrong_leader(doc: dict[str, Any]) -> None:
    _space(doc, "reynald")["contents"] = [{"item": "leader", "leader": "saladin"}]


def _start_high(doc: dict[str, Any]) -> None:
    doc["start"]["links"].append("guy")


def _short_last_row(doc: dict[str, Any]) -> None:
    for sid in ("three_cavalry", "hexagon_glory"):
        doc["spaces"].remove(_space(doc, sid))
        doc["links"] = [e for e in doc["links"] if sid not in (e["a"], e["b"])]


@pytest.mark.parametrize(
    ("change", "expected"),
    [
        (_space_twice, "diplomacy.json: space guy: listed twice"),
        (_three_in_a_row, "diplomacy.json: row 5: 0 spaces"),
        (_link_two_rows, "diplomacy.json: link glory_chit-guy: forward from row 1 to row 3"),
        (_link_unknown, "diplomacy.json: link glory_chit-beirut: unknown space 'beirut'"),
        (_cut_off, "diplomacy.json: space siege_train: no line leads to it"),
        (_leader_twice, "diplomacy.json: offered leader balian: listed twice"),
        (_leader_not_offered, "diplomacy.json: leader reynald: enters by the diplomacy board"),
        (_wrong_leader, "diplomacy.json: space reynald: offers Saladin, who enters by setup"),
        (_start_high, "diplomacy.json: start: leads to 'guy' in row 3"),
        (_short_last_row, "diplomacy.json: row 8: the end of the board is a 4-space row"),
    ],
)
def test_a_broken_board_copy_is_refused_naming_the_record(
    tmp_path: Path, change: Callable[[Any], None], expected: str
) -> None:
    with pytest.raises(BadData) as refused:
        load_cards(copy_pack(tmp_path, "diplomacy", change))
    assert str(refused.value).startswith(expected)


@pytest.mark.parametrize(
    ("name", "change", "record"),
    [("cards", _unknown_reward, "(armenian_alliance)"), ("diplomacy", _wrong_leader, "reynald")],
)
def test_a_refusal_names_the_record(
    tmp_path: Path, name: str, change: Callable[[Any], None], record: str
) -> None:
    with pytest.raises(BadData) as refused:
        load_cards(copy_pack(tmp_path, name, change))
    assert record in str(refused.value)


def test_a_broken_copy_leaves_the_shipped_pack_as_it_was(tmp_path: Path, cards: Cards) -> None:
    with pytest.raises(BadData):
        load_cards(copy_pack(tmp_path, "cards", _mission_twice))
    assert load_cards() is cards
