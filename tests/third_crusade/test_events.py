"""The Third Crusade Event Cards (issue 17, "The data the text lacks"): the shipped pack loads; every
fact the rulebook states about the cards holds (the counts, the decks, the plutorial's titles and the
four cards it plays, the untitled examples, the marked card); the effect vocabulary is small and
used; the Armies' decks balance; every source cites a real key; the tables of
docs/third-crusade/events.md match the pack row by row; a broken copy is refused naming the record.
Lnnn are lines of shared/rules/third-crusade.txt; keys are those of sections.md; Rn of rulings.md,
En of events.md."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from outremer.engine.errors import BadData
from outremer.games.third_crusade.board import NORTH, Board
from outremer.games.third_crusade.events import (
    PER_ROUND,
    ROUNDS,
    STRENGTH_APART,
    Banner,
    Effect,
    EventCard,
    Events,
    Step,
    crown_gold,
    load_events,
    strength,
)
from outremer.games.third_crusade.leaders import Leaders
from outremer.games.third_crusade.orders import ARMIES

from .test_orders import cited, copy_pack
from .texts import DATA, REPO, RULES, copied_runs, misplaced, source_words, table

DOC = REPO / "docs" / "third-crusade" / "events.md"
ANGEVIN_CROWNS, AYYUBID_CROWNS, START_GOLD = 1, 2, 4  # Setup2p.Tracks L227, L231 (R41); PlayerSetup.B L144


@pytest.fixture(scope="module")
def events() -> Events:
    return load_events()


# --- the counts ------------------------------------------------------------------------------------


def test_32_cards_per_army_8_per_year(events: Events) -> None:
    # Components.PerPlayer L1609: 32 Event Cards per Army, 8 per year; PlayerSetup.A L138: four decks.
    assert len(events.cards) == 128
    for army in ARMIES:
        assert sum(c.army == army for c in events.cards.values()) == 32
        assert [len(events.deck(army, r)) for r in ROUNDS] == [PER_ROUND] * 4


def test_the_decks_are_the_rounds() -> None:
    # Setup4p.Board L280-L286 and Upkeep.6 L739: four rounds, 1190, 1191 Spring, 1191 Autumn, 1192 (E1).
    assert ROUNDS == ("1190", "1191_spring", "1191_autumn", "1192")


def test_an_unbroken_copy_loads_as_the_shipped_pack(tmp_path: Path, events: Events) -> None:
    assert load_events(copy_pack(tmp_path, "events", lambda doc: None)) == events


# --- the printed cards -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("army", "titles"),
    [
        ("angevin", {"Conquests of Cyprus", "Guy's Expedition", "Ayyubid Servants Loot Their Own Camp",
                     "Henry II of Champagne"}),
        ("ayyubid", {"Tughril's Rebellion", "Crusader Fleet Suffer Defeats", "Forced Slaughter of Horses",
                     "Al-Adil's Victory"}),
    ],
)  # fmt: skip
def test_the_plutorials_1190_rows(events: Events, army: str, titles: set[str]) -> None:
    # Plutorial.Strategy.Rows L1071-L1088: four 1190 cards of each Army (Tughril for Tuhgril: R36).
    assert titles <= {c.title for c in events.deck(army, "1190")}


def test_guys_expedition(events: Events) -> None:
    # Plutorial.Command.4 L1174: a Desert with Angevin Presence; a Neutral Cavalry and a Neutral Infantry
    # placed together; the Angevin, 1 crown and 4 gold, cannot pay the crown event.
    card = events.titled("Guy's Expedition")
    assert card.main == Effect(
        Banner(("angevin",), "desert"),
        ((Step("muster", unit="cavalry", count=1, neutral=True),
          Step("muster", unit="infantry", count=1, neutral=True, same_region=True)),),
    )  # fmt: skip
    assert crown_gold(card.crown, ANGEVIN_CROWNS) > START_GOLD


def test_ayyubid_servants_loot_their_own_camp(events: Events) -> None:
    # Plutorial.Command.2.Card L1158: Ayyubid Presence in any Region; a Sabotage (Acre) and 1 Ayyubid
    # Infantry removed (Jerusalem), each in its own Region (E2); the crown event out of reach.
    card = events.titled("Ayyubid Servants Loot Their Own Camp")
    assert card.main.banner == Banner(("ayyubid",))
    assert card.main.steps == (
        Step("place", token="sabotage", count=1),
        Step("remove", unit="infantry", count=1, of=("ayyubid",)),
    )
    assert crown_gold(card.crown, ANGEVIN_CROWNS) > START_GOLD
    assert card.marked_for == "ayyubid"  # E4: it names the Ayyubid


def test_al_adils_victory(events: Events) -> None:
    # Plutorial.Command.3 L1164-L1172: Ayyubid Presence, a Forced March from Al-Adil's Region; 2 crowns
    # and 2 gold pay the crown event, which places a Bandit on a Road, any Presence.
    card = events.titled("Al-Adil's Victory")
    assert card.main == Effect(Banner(("ayyubid",), leader="al_adil"), ((Step("forced_march"),),))
    assert card.marches
    assert crown_gold(card.crown, AYYUBID_CROWNS) == 2
    assert card.crown.banner == Banner(("disregarding",)) and card.crown.steps == (
        Step("place", token="bandit", count=1),
    )


def test_crusader_fleet_suffer_defeats(events: Events) -> None:
    # Plutorial.Command.5 L1176: a Port, any Presence; a Destroyed Port (Tripoli) and a Sabotage (Sidon);
    # the Ayyubid's last 2 gold would have paid the crown event.
    card = events.titled("Crusader Fleet Suffer Defeats")
    assert card.main.banner == Banner(("disregarding",), "port")
    assert [s.token for s in card.main.steps] == ["destroyed_port", "sabotage"]
    assert crown_gold(card.crown, AYYUBID_CROWNS) == 2


def test_the_picks_of_the_plutorial(events: Events) -> None:
    # Plutorial.Strategy.1-2 L1091-L1094: Henry II of Champagne would give the Angevin Units; Forced
    # Slaughter of Horses would remove several Angevin Units.
    assert events.titled("Henry II of Champagne").adds_units
    slaughter = events.titled("Forced Slaughter of Horses")
    removed = [s for s in slaughter.main.steps if s.action == "remove" and s.of == ("angevin",)]
    assert sum(s.count for s in removed) >= 2


def test_tughril(events: Events) -> None:
    # Command.Event.Example L439-L448: General Tughril and a Cavalry into a Desert without Crusader or
    # Muslim Presence; 4 crowns, of which 2 on the track, so 4 gold (E3: the card Tughril's Rebellion).
    card = events.titled("Tughril's Rebellion")
    assert card.army == "ayyubid"
    assert card.main.banner == Banner(("no_crusader", "no_muslim"), "desert")
    assert [s.action for s in card.main.steps] == ["leader", "muster"]
    assert card.main.steps[0].leader == "tughril" and card.main.steps[1].unit == "cavalry"
    assert crown_gold(card.crown, 2) == 4


def test_the_crown_token_example(events: Events) -> None:
    # Command.Event.Example2 L467-L468: the Holy Roman Empire places an Infantry and a crown token in
    # Cities; with 3 crowns it may carry out the crown event, which 2 did not pay.
    found = [
        c for c in events.cards.values()
        if c.army == "hre" and [(s.action, s.unit or s.token) for s in c.main.steps]
        == [("muster", "infantry"), ("place", "crown")] and c.main.banner.region == "city"
    ]  # fmt: skip
    assert len(found) == 1
    assert crown_gold(found[0].crown, 3) == 0 < crown_gold(found[0].crown, 2)


def test_one_faith_or_three_glory(events: Events) -> None:
    # Command.Event.Or L459: an OR of 1 Faith and 3 Glory.
    wanted = ((Step("gain", track="faith", amount=1),), (Step("gain", track="glory", amount=3),))
    assert [c.id for c in events.cards.values() for e in (c.main, c.crown) if e.choices == wanted]


def test_the_bots_card_against_the_turkoman(events: Events) -> None:
    # Solo.Strategy.Example L853: a card of the Turkoman human's Bot enemy removes one of its Cavalry.
    cavalry = Step("remove", unit="cavalry", count=1, of=("turkoman",))
    found = [c for c in events.cards.values() if ARMIES[c.army] == "crusader" and cavalry in c.main.steps]
    assert found and all(c.marked_for == "turkoman" for c in found)


def test_burning_of_haifa_leaves_a_game_without_the_ayyubid(events: Events) -> None:
    # PlayerSetup.A L138-L143: the Angevin card marked for the Ayyubid is removed when no Ayyubid plays.
    card = events.titled("Burning of Haifa")
    assert card.army == "angevin" and card.marked_for == "ayyubid"
    assert card not in events.in_play(["angevin", "turkoman"])
    assert card in events.in_play(["angevin", "ayyubid"])


def test_greek_fire_is_turkoman(events: Events) -> None:
    # Strategy.Example L361: the Angevin picks the Turkoman's Greek Fire.
    assert events.titled("Greek Fire").army == "turkoman"


def test_a_two_player_game_keeps_the_cards_against_its_enemy(events: Events) -> None:
    # PlayerSetup.A L138: only cards marked for an absent Army go; with all four, none.
    assert len(events.in_play(ARMIES)) == 128
    pair = events.in_play(["angevin", "turkoman"])
    assert all(c.marked_for in (None, "angevin", "turkoman") for c in pair)
    assert len(pair) < 64


# --- the vocabulary and the pack's own constraints ------------------------------------------------


def test_every_step_kind_is_used_by_several_cards(events: Events) -> None:
    # events.md, the vocabulary: every kind of step, crown mode and the OR serve at least two cards.
    kinds: Counter[str] = Counter()
    for c in events.cards.values():
        kinds.update({s.action for e in (c.main, c.crown) for s in e.steps})
    assert set(kinds) == {
        "muster", "remove", "march", "forced_march", "disperse", "sea_move", "place", "clear", "gain",
        "leader", "assassination", "advanced_orders",
    }  # fmt: skip
    assert min(kinds.values()) >= 2, kinds
    modes = Counter(c.crown.mode for c in events.cards.values())
    assert set(modes) == {"add", "same_region", "instead"} and min(modes.values()) >= 2
    assert sum(e.either for c in events.cards.values() for e in (c.main, c.crown)) >= 2


def test_every_event_leader_comes_by_a_card(events: Events, leaders: Leaders) -> None:
    # Glossary.NamedLeader L1483: an Event adds a Named Leader; leaders.json says who enters so.
    added = {s.leader for c in events.cards.values() for e in (c.main, c.crown) for s in e.steps if s.leader}
    assert added == {x.id for x in leaders.leaders.values() if x.enters == "event"}


def test_the_north_icon(events: Events, board: Board) -> None:
    # VariableSetup L300: cards with the north icon exist and go in a 2-player variable set-up (E5).
    north = [c for c in events.cards.values() if c.north]
    assert north
    for c in north:
        named = {e.banner.named for e in (c.main, c.crown)} - {None}
        assert any(board.regions[r].board == NORTH for r in named), c.id


def test_every_deck_feeds_the_bot_table(events: Events) -> None:
    # BotTable.Command L1015: columns act on main events that add Units or March (E10).
    for army in ARMIES:
        for r in ROUNDS:
            deck = events.deck(army, r)
            assert sum(c.adds_units for c in deck) >= 2 and any(c.marches for c in deck), (army, r)


def test_the_armies_balance_by_round(events: Events, leaders: Leaders) -> None:
    # E10: per round, the cards adding Units differ by at most 1 between Armies, the Strength they add
    # by at most STRENGTH_APART.
    for r in ROUNDS:
        adds = [sum(c.adds_units for c in events.deck(a, r)) for a in ARMIES]
        power = [sum(strength(c, leaders) for c in events.deck(a, r)) for a in ARMIES]
        assert max(adds) - min(adds) <= 1, (r, adds)
        assert max(power) - min(power) <= STRENGTH_APART, (r, power)


def test_strength_counts_the_terrain(events: Events, leaders: Leaders) -> None:
    # Battle.Strength.Table L549-L555: Cavalry 2 in a Desert, and Tughril by his Cavalry icon: main 2 + 2,
    # crown (a Cavalry in a Desert) 2.
    assert strength(events.titled("Tughril's Rebellion"), leaders) == 6


# --- sources ------------------------------------------------------------------------------------------


def test_every_card_has_a_source() -> None:
    doc = json.loads((DATA / "events.json").read_text(encoding="utf-8"))
    for record in doc["cards"]:
        source = record["source"]
        assert len(source.get("reason", "")) > 40, record["id"]


def test_the_printed_titles_cite_the_rulebook(events: Events) -> None:
    for title in ("Conquests of Cyprus", "Burning of Haifa", "Greek Fire", "Al-Adil's Victory"):
        assert events.titled(title).source["kind"] == "rulebook", title


def test_rulebook_citations_name_a_key_and_lines_inside_it() -> None:
    doc = json.loads((DATA / "events.json").read_text(encoding="utf-8"))
    found = list(cited(doc))
    assert len(found) >= 10
    assert misplaced(found) == []


@pytest.mark.parametrize("path", [DATA / "events.json", DOC], ids=lambda p: p.name)
def test_neither_the_pack_nor_its_page_copies_the_rulebook(path: Path) -> None:
    if not RULES.exists():
        pytest.skip(f"rulebook text not here: {RULES}")

    assert copied_runs(path.read_text(encoding="utf-8"), RULES.read_text(encoding="utf-8")) == []


# --- the page says what the pack holds -------------------------------------------------------------

HEADINGS = {
    "angevin": "## Angevin cards",
    "hre": "## Holy Roman Empire cards",
    "ayyubid": "## Ayyubid cards",
    "turkoman": "## Turkoman cards",
}


def banner_words(b: Banner) -> str:
    out = "+".join(b.presence)
    if b.region:
        out += f", {b.region}"
    if b.named:
        out += f", in {b.named}"
    if b.leader:
        out += f", where {b.leader} is"
    return out


def step_words(s: Step) -> str:
    here = "here " if s.same_region else ""
    if s.action == "muster":
        return f"{here}+{s.count} {'neutral ' if s.neutral else ''}{s.unit}"
    if s.action == "remove":
        return f"{here}-{s.count} {'/'.join(s.of)} {s.unit}"
    if s.action == "place":
        return f"{here}place {s.count} {s.shape + ' ' if s.shape else ''}{s.token}"
    if s.action == "clear":
        return f"{here}clear {s.count} {s.token}"
    if s.action == "gain":
        return f"gain {s.amount} {s.track}"
    if s.action == "leader":
        return f"{here}leader {s.leader}"
    if s.action == "assassination":
        return f"{here}assassination ({', '.join(s.of)})"
    if s.action == "advanced_orders":
        return f"{s.count} advanced order"
    extras = [
        *(["coordinated"] if s.coordinated else []),
        *(["ignore bandit"] if s.ignore_bandit else []),
        *([f"{s.strength:+d} strength"] if s.strength else []),
    ]
    return f"{here}{s.action}" + (f" ({', '.join(extras)})" if extras else "")


def effect_words(e: Effect) -> str:
    return " OR ".join(", ".join(step_words(s) for s in choice) for choice in e.choices)


def card_row(c: EventCard) -> str:
    year = c.round.replace("_spring", " Spring").replace("_autumn", " Autumn")
    marks = " ".join([*([c.marked_for] if c.marked_for else []), *(["north"] if c.north else [])]) or "-"
    mode = {"add": "also", "same_region": "same Region", "instead": "instead"}[c.crown.mode]
    crown = f"{mode}; {banner_words(c.crown.banner)}: {effect_words(c.crown)}"
    return (
        f"| {c.id} | {year} | {c.title} | {marks} | {banner_words(c.main.banner)} | {effect_words(c.main)} | "
        f"{crown} | {c.crown.requirement} | {source_words(c.source)} |"
    )


def page_rows(events: Events, army: str) -> list[str]:
    return [card_row(c) for c in events.cards.values() if c.army == army]


@pytest.mark.parametrize("army", list(HEADINGS))
def test_the_page_lists_every_card_row_by_row(events: Events, army: str) -> None:
    text = DOC.read_text(encoding="utf-8")
    assert table(text, HEADINGS[army]) == page_rows(events, army)


def test_the_page_check_can_fail(events: Events) -> None:
    text = DOC.read_text(encoding="utf-8").replace("| Guy's Expedition |", "| Guy's March |")
    assert table(text, HEADINGS["angevin"]) != page_rows(events, "angevin")


# --- broken copies ---------------------------------------------------------------------------------


def _card(doc: dict[str, Any], cid: str) -> dict[str, Any]:
    return next(x for x in doc["cards"] if x["id"] == cid)


GUY = "angevin_1190_guys_expedition"
LOOT = "angevin_1190_ayyubid_servants_loot"
ADIL = "ayyubid_1190_al_adils_victory"
FLEET = "ayyubid_1190_crusader_fleet_defeats"


def _twice(doc: dict[str, Any]) -> None:
    doc["cards"].append(dict(_card(doc, GUY)))


def _ninth_card(doc: dict[str, Any]) -> None:
    doc["cards"].append(
        dict(_card(doc, "hre_1192_guidos_sortie"), id="hre_1192_second_sortie", title="Sortie")
    )


def _deck_moved(doc: dict[str, Any]) -> None:
    _card(doc, "turkoman_1192_horse_fairs")["round"] = "1191_autumn"


def _unknown_region(doc: dict[str, Any]) -> None:
    _card(doc, "angevin_1192_rebuilding_ascalon")["main"]["banner"]["named"] = "beirut"


def _desert_named_as_city(doc: dict[str, Any]) -> None:
    _card(doc, "angevin_1192_rebuilding_ascalon")["main"]["banner"]["named"] = "d_negev"
    _card(doc, "angevin_1192_rebuilding_ascalon")["main"]["banner"]["region"] = "city"


def _unknown_leader(doc: dict[str, Any]) -> None:
    _card(doc, "ayyubid_1190_tughrils_rebellion")["main"]["steps"][0]["leader"] = "baldwin"


def _setup_leader_added(doc: dict[str, Any]) -> None:
    _card(doc, "turkoman_1191_autumn_badr_al_din")["main"]["steps"][0]["leader"] = "saladin"


def _event_leader_never_added(doc: dict[str, Any]) -> None:
    _card(doc, "turkoman_1191_autumn_badr_al_din")["main"]["steps"] = [
        {"action": "muster", "unit": "cavalry", "count": 1}
    ]


def _siege_engine_in_a_desert(doc: dict[str, Any]) -> None:
    _card(doc, "hre_1191_spring_german_siege_towers")["main"]["banner"]["region"] = "desert"


def _sea_move_without_port(doc: dict[str, Any]) -> None:
    _card(doc, "angevin_1190_fleet_at_lisbon")["main"]["banner"].pop("region")


def _sabotage_in_jerusalem(doc: dict[str, Any]) -> None:
    _card(doc, "ayyubid_1191_autumn_razing_of_ascalon")["main"]["banner"]["named"] = "jerusalem"
    _card(doc, "ayyubid_1191_autumn_razing_of_ascalon")["crown"]["steps"] = [
        {"action": "gain", "track": "glory", "amount": 1}
    ]


def _too_many_horses(doc: dict[str, Any]) -> None:
    _card(doc, "ayyubid_1191_spring_the_halqa")["main"]["steps"].append(
        {"action": "muster", "unit": "cavalry", "count": 1, "same_region": True}
    )


def _same_region_first(doc: dict[str, Any]) -> None:
    _card(doc, GUY)["main"]["steps"][0]["same_region"] = True


def _removing_own_units(doc: dict[str, Any]) -> None:
    _card(doc, "ayyubid_1191_autumn_harassing_the_column")["main"]["steps"][0]["of"] = "ayyubid"


def _two_enemy_armies(doc: dict[str, Any]) -> None:
    _card(doc, "ayyubid_1190_slaughter_of_horses")["crown"]["steps"][0]["of"] = "hre"


def _mark_dropped(doc: dict[str, Any]) -> None:
    _card(doc, LOOT).pop("marked_for")


def _north_icon_dropped(doc: dict[str, Any]) -> None:
    _card(doc, "hre_1190_storming_of_iconium").pop("north")


def _printed_main_changed(doc: dict[str, Any]) -> None:
    _card(doc, GUY)["main"]["steps"][0]["unit"] = "infantry"


def _printed_crown_cheap(doc: dict[str, Any]) -> None:
    _card(doc, LOOT)["crown"]["requirement"] = 3


def _printed_crown_changed(doc: dict[str, Any]) -> None:
    _card(doc, ADIL)["crown"]["requirement"] = 4


def _printed_title_lost(doc: dict[str, Any]) -> None:
    _card(doc, "turkoman_1190_greek_fire")["title"] = "Naphtha"


def _printed_army_changed(doc: dict[str, Any]) -> None:
    for cid, army in ((FLEET, "turkoman"), ("turkoman_1190_caravan_tolls", "ayyubid")):
        c = _card(doc, cid)
        c["id"] = f"{army}_{cid.split('_', 1)[1]}"
        c["army"] = army


def _tughril_changed(doc: dict[str, Any]) -> None:
    _card(doc, "ayyubid_1190_tughrils_rebellion")["crown"]["requirement"] = 3


def _or_lost(doc: dict[str, Any]) -> None:
    _card(doc, "angevin_1192_henry_king")["crown"]["or"][1][0]["amount"] = 2


def _crown_token_lost(doc: dict[str, Any]) -> None:
    _card(doc, "hre_1191_autumn_leopolds_banner")["crown"]["requirement"] = 4


def _bot_card_lost(doc: dict[str, Any]) -> None:
    for cid in ("hre_1190_philomelion", "hre_1191_autumn_pursuit_of_raiders"):
        _card(doc, cid)["main"]["steps"][0]["count"] = 2


def _same_region_without_a_region(doc: dict[str, Any]) -> None:
    _card(doc, "angevin_1190_saladin_tithe")["crown"]["mode"] = "same_region"


def _unbalanced(doc: dict[str, Any]) -> None:
    _card(doc, "turkoman_1192_horse_fairs")["main"] = {
        "banner": {"presence": ["turkoman"], "region": "desert"},
        "steps": [{"action": "muster", "unit": "cavalry", "count": 2}],
    }


def _id_of_another_army(doc: dict[str, Any]) -> None:
    _card(doc, "hre_1192_guidos_sortie")["id"] = "angevin_1192_guidos_sortie"


@pytest.mark.parametrize(
    ("change", "expected"),
    [
        (_twice, f"events.json: card {GUY}: listed twice"),
        (_ninth_card, "events.json: cards: 129 cards; the game has 128"),
        (_deck_moved, "events.json: deck turkoman 1191_autumn: 9 cards"),
        (
            _unknown_region,
            "events.json: card angevin_1192_rebuilding_ascalon: main: names unknown region 'beirut'",
        ),
        (
            _desert_named_as_city,
            "events.json: card angevin_1192_rebuilding_ascalon: main: names d_negev, a desert",
        ),
        (
            _unknown_leader,
            "events.json: card ayyubid_1190_tughrils_rebellion: main: adds unknown leader 'baldwin'",
        ),
        (_setup_leader_added, "events.json: card turkoman_1191_autumn_badr_al_din: main: adds Saladin"),
        (_event_leader_never_added, "events.json: leader badr_al_din: enters by an Event Card"),
        (
            _siege_engine_in_a_desert,
            "events.json: card hre_1191_spring_german_siege_towers: main: a Siege Engine",
        ),
        (
            _sea_move_without_port,
            "events.json: card angevin_1190_fleet_at_lisbon: main: a Sea Move needs a Port",
        ),
        (
            _sabotage_in_jerusalem,
            "events.json: card ayyubid_1191_autumn_razing_of_ascalon: main: no Sabotage",
        ),
        (
            _too_many_horses,
            "events.json: card ayyubid_1191_spring_the_halqa: main: adds 3 pieces for hexagon",
        ),
        (_same_region_first, f"events.json: card {GUY}: main: muster: 'same Region' follows"),
        (
            _removing_own_units,
            "events.json: card ayyubid_1191_autumn_harassing_the_column: main: removes Units",
        ),
        (
            _two_enemy_armies,
            "events.json: card ayyubid_1190_slaughter_of_horses: names the enemy Armies angevin, hre",
        ),
        (_mark_dropped, f"events.json: card {LOOT}: marked for None; it names ayyubid"),
        (_north_icon_dropped, "events.json: card hre_1190_storming_of_iconium: north icon False"),
        (_printed_main_changed, f"events.json: card {GUY}: main event differs"),
        (_printed_crown_cheap, f"events.json: card {LOOT}: crown requirement 3; the text needs 4 or more"),
        (_printed_crown_changed, f"events.json: card {ADIL}: crown requirement 4; the text's is 3"),
        (_printed_title_lost, "events.json: card 'Greek Fire': printed (L361) but missing"),
        (
            _printed_army_changed,
            "events.json: card turkoman_1190_crusader_fleet_defeats: turkoman 1190; the text",
        ),
        (
            _tughril_changed,
            "events.json: card ayyubid_1190_tughrils_rebellion: crown requirement 3; the text's",
        ),
        (_or_lost, "events.json: cards: none offers 1 Faith or 3 Glory"),
        (_crown_token_lost, "events.json: cards: none is the Holy Roman Empire's Infantry and crown token"),
        (_bot_card_lost, "events.json: cards: no Crusader card removes a Turkoman Cavalry"),
        (_same_region_without_a_region, "events.json: card angevin_1190_saladin_tithe: an 'In same Region'"),
        (_unbalanced, "events.json: round 1192: Strength added per Army"),
        (_id_of_another_army, "events.json: card angevin_1192_guidos_sortie: its id does not begin"),
    ],
)
def test_a_broken_copy_is_refused_naming_the_record(
    tmp_path: Path, change: Callable[[Any], None], expected: str
) -> None:
    with pytest.raises(BadData) as refused:
        load_events(copy_pack(tmp_path, "events", change))
    assert str(refused.value).startswith(expected)


def _crown_without_requirement(doc: dict[str, Any]) -> None:
    _card(doc, FLEET)["crown"].pop("requirement")


def _requirement_out_of_range(doc: dict[str, Any]) -> None:
    _card(doc, FLEET)["crown"]["requirement"] = 9


def _crown_without_effect(doc: dict[str, Any]) -> None:
    _card(doc, FLEET)["crown"].pop("steps")


@pytest.mark.parametrize(
    "change", [_crown_without_requirement, _requirement_out_of_range, _crown_without_effect]
)
def test_a_schema_refusal_names_the_card(tmp_path: Path, change: Callable[[Any], None]) -> None:
    # Anatomy.Event L78-L79: a crown effect and its requirement come together, the requirement in range.
    with pytest.raises(BadData) as refused:
        load_events(copy_pack(tmp_path, "events", change))
    assert str(refused.value).startswith("events.json: at cards/")
    assert f"({FLEET})" in str(refused.value)


def test_a_broken_copy_leaves_the_shipped_pack_as_it_was(tmp_path: Path, events: Events) -> None:
    with pytest.raises(BadData):
        load_events(copy_pack(tmp_path, "events", _twice))
    assert load_events() is events
