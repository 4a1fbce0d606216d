"""The Kingdom of Heaven cards pack (outremer/games/kingdom_of_heaven/data/cards.json): every source
cites a section key at lines inside it, broken copies are refused naming the record, and the cards,
values and siege events the rulebook and its worked examples fix hold in the deck, each test
citing its section."""

from __future__ import annotations

import json
from collections.abc import Callable
from importlib import resources
from pathlib import Path
from typing import Any

import pytest

from outremer.engine.errors import BadData
from outremer.games.kingdom_of_heaven.board import Board
from outremer.games.kingdom_of_heaven.cards import EFFECTS, Card, Deck, SiegeEvent, load_cards, read_cards
from outremer.games.kingdom_of_heaven.counters import Counters

from ..datapacks import changed_copy
from .texts import REPO, copied_runs, misplaced, rulebook_lines, source_citations, source_words, table
from .texts import cited as citations

DATA = Path(str(resources.files("outremer.games.kingdom_of_heaven").joinpath("data")))
DOC = REPO / "docs" / "kingdom-of-heaven" / "cards.md"


@pytest.fixture(scope="module")
def deck() -> Deck:
    return load_cards()


def card(deck: Deck, cid: str) -> Card:
    return deck.cards[cid]


def siege(deck: Deck, title: str) -> SiegeEvent:
    holders = deck.siege_events(title)
    assert holders, title
    event = holders[0].siege_event
    assert event is not None
    return event


def effect(effects: Any, kind: str) -> dict[str, Any]:
    found = [dict(e) for e in effects if e["kind"] == kind]
    assert len(found) == 1, (kind, effects)
    return found[0]


def manpower(full: int, reduced: int) -> int:
    """§17.6.6 (L1089): full-strength units count one, two reduced units one."""
    return full + reduced // 2


# --- the pack as a whole ---------------------------------------------------------------------


def test_every_record_cites_a_key_at_lines_inside_it() -> None:
    text = (DATA / "cards.json").read_text(encoding="utf-8")
    doc = json.loads(text)
    cited = source_citations(doc)
    assert len(cited) > 40
    assert misplaced(cited) == []
    assert misplaced(citations(text)) == []
    for c in doc["cards"]:  # a source for who the card is, for its values and for its event
        assert {"source", "values_source", "event_source"} <= set(c), c["id"]


def test_the_pack_and_its_doc_copy_no_sentence_of_the_rulebook() -> None:
    rulebook = " ".join(rulebook_lines())
    assert copied_runs((DATA / "cards.json").read_text(encoding="utf-8"), rulebook) == []
    assert copied_runs(DOC.read_text(encoding="utf-8"), rulebook) == []


def test_110_cards(deck: Deck, board: Board) -> None:
    # §2.1 (L136), §2.4 (L183): the basic deck 1-60 and fifty scenario cards with their letter
    assert len(deck.cards) == 110
    assert sorted(c.number for c in deck.basic()) == list(range(1, 61))
    assert sum(len(deck.of_scenario(x)) for x in board.letters) == 50


def test_each_scenario_deck(deck: Deck, board: Board) -> None:
    # §4.3 (L265): the basic deck with the scenario's own cards; §4.3.Variant (L271): one of them
    # dealt to each player first, so at least two
    for letter in board.letters:
        own = deck.of_scenario(letter)
        assert len(own) >= 2, letter
        assert len(deck.strategy_deck(letter)) == 60 + len(own)
        assert all(c.scenario == letter for c in own)


def test_three_ones_make_a_three(deck: Deck) -> None:
    # §8.6 (L486): three cards of OV 1 combined move a leader of strategy 3
    ones = [c for c in deck.basic() if c.ov == 1]
    assert len(ones) >= 3
    assert sum(c.ov for c in ones[:3]) == 3


def test_every_keyword_is_on_some_card(deck: Deck) -> None:
    # §8.4.1 (L460-L466), §8.5 (L482), §8.3 (L435)
    words = set().union(*(c.keywords for c in deck.cards.values()))
    assert words == {
        "must_be_played",
        "remove_if_played",
        "draw_replacement",
        "reinforcements",
        "reshuffle",
        "dual_use",
    }


def test_battle_and_response_events(deck: Deck) -> None:
    # §8.4.2 (L472), §8.4.3 (L476): blue battle events and red response events are both in the deck;
    # of the siege events only cancellers answer an attacker's, blue ones act on assaults
    kinds = {c.kind for c in deck.cards.values()}
    assert kinds == {"event", "battle", "response"}
    for c in deck.cards.values():
        s = c.siege_event
        if s is not None and s.blue:
            assert any(e["kind"] == "assault_drm" for e in s.effects), c.id


# --- what the text names -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("cid", "title"),
    [
        ("1", "Aggravated Subordinate"),  # §Example.Deal (L1300)
        ("4", "Mercenaries"),  # §Example.C5 (L1336)
        ("7", "The Military Orders"),
        ("20", "Greek Perfidy"),  # §Example.Deal (L1298)
        ("22", "Militia Fills Out Garrisons"),
        ("28", "Old Man of the Mountains"),
        ("29", "Heretics Cause Unrest"),
        ("32", "Religious Divisions"),
        ("38", "Turcopole Levies"),
        ("40", "Madrasas Preach Jihad"),
        ("43", "Rats in Enemy Food Supply"),  # §Example.C6 (L1357), K22
        ("48", "Plan of Attack"),
        ("52", "Truce"),
        ("54", "Crusaders Arrive"),
        ("D3", "Campaign in Cyprus"),
        ("D6", "Death of Barbarossa"),
    ],
)
def test_numbered_cards_keep_their_titles(deck: Deck, cid: str, title: str) -> None:
    assert card(deck, cid).title == title


@pytest.mark.parametrize(
    "title",
    [
        "Able Subordinate",  # §10.1.1 (L574)
        "Forced March",  # §8.3 (L435)
        "Winter Campaign",
        "Diplomatic Insult",  # §9.2 (L512)
        "Feigned Flight",  # §13.7.Example (L842)
        "Corsairs",  # §10.8.Supremacy (L642)
        "Epidemic",  # §17.6.5 (L1081)
        "Late Nile Floods",  # §10.6.Nile (L618)
    ],
)
def test_cards_named_without_a_number(deck: Deck, title: str) -> None:
    assert deck.by_title(title) is not None


@pytest.mark.parametrize(
    "title",
    [
        "Construct Siege Tower",
        "Besieger's Supplies Run Low",
        "Rats in Enemy Food Supply",
        "Chinese Artillery",
        "Sortie by Besieged",
        "Greek Fire",
        "Countermines",
        "New Well Discovered",
        "Lines of Circumvallation",
        "Sappers and Miners",
        "Blockade Broken",
        "Epidemic",
    ],
)
def test_siege_events_named_in_the_text(deck: Deck, title: str) -> None:
    # §8.4.3 (L478), §17.6.2 (L1047), §17.6.5 (L1081), §17.6.6 (L1099-L1101), §17.11.Example, §Example.C5
    assert deck.siege_events(title)


def test_the_cancellers(deck: Deck) -> None:
    # §8.4.3 (L478): Greek Fire, Countermines and New Well Discovered are the defender's cancellers;
    # §17.6.6 (L1101): Lines of Circumvallation the attacker's; §Example.C5.End (L1363): Countermines
    # answers only Sappers and Miners; §17.11.Example (L1186): Greek Fire destroys the siege tower
    for title in ("Greek Fire", "Countermines", "New Well Discovered"):
        assert siege(deck, title).user == "D" and siege(deck, title).cancels, title
    assert siege(deck, "Lines of Circumvallation").user == "A"
    assert siege(deck, "Countermines").cancels == ("Sappers and Miners",)
    assert "Construct Siege Tower" in siege(deck, "Greek Fire").cancels
    cancelling = {c.siege_event.title for c in deck.cards.values() if c.siege_event and c.siege_event.cancels}
    assert cancelling == {"Greek Fire", "Countermines", "New Well Discovered", "Lines of Circumvallation"}


# --- the extended example's cards (scenario D, turn 4) -----------------------------------------------


def test_the_hands_are_cards_of_scenario_d(deck: Deck) -> None:
    # §Example.Deal (L1298-L1300): fourteen cards of the deck of scenario D
    hands = ["20", "22", "29", "32", "52", "D3", "D6", "1", "7", "28", "38", "40", "48", "54"]
    d = {c.id for c in deck.strategy_deck("D")}
    assert set(hands) <= d and {"4", "43"} <= d


def test_operations_values_the_example_needs(deck: Deck, counters: Counters) -> None:
    # §Example.C1 (L1304), §Example.C3 (L1314): Truce and Death of Barbarossa make naval moves, OV 3
    # (§10.8 L636); §Example.M2 (L1312): Crusaders Arrive moves four cavalry, its OV plus one
    # (§10.1 L570); cards that activate Richard or Saladin (strategy 1) have at least that
    assert card(deck, "52").ov == card(deck, "D6").ov == 3
    assert card(deck, "54").ov + 1 == 4
    richard, saladin = counters.leaders["richard"], counters.leaders["saladin"]
    for cid in ("20", "4", "29"):  # §Example.C4, §Example.C7, §Example.C8
        assert card(deck, cid).ov >= richard.strategy
    for cid in ("7", "28", "38"):  # §Example.M1, §Example.M5, §Example.M6
        assert card(deck, cid).ov >= saladin.strategy


def test_plan_of_attack_for_antioch(deck: Deck) -> None:
    # §Example.M3 (L1316-L1318): -2 from the card and -1 for the Diplomatic Advantage make -3; a roll
    # of 4 is then 1, the target for Antioch
    plan = card(deck, "48")
    assert plan.diplomacy == -2
    assert 4 + plan.diplomacy - 1 <= 1


def test_aggravated_subordinate(deck: Deck) -> None:
    # §Example.C4 (L1328-L1330): a red response event; Conrad stays with one unit, the captions'
    # count (§Example.TyreStack L1348, K97)
    played = card(deck, "1")
    assert played.kind == "response"
    assert effect(played.event, "detach") == {"kind": "detach", "leaders": 1, "units": 1}


def test_madrasas_preach_jihad(deck: Deck, counters: Counters) -> None:
    # §Example.M4 (L1334): two Ayyubid 2-6 units into the besieged city; or its siege event
    # Besieger's Supplies Run Low
    madrasas = card(deck, "40")
    reinforce = effect(madrasas.event, "reinforce")
    assert (reinforce["power"], reinforce["unit"], reinforce["count"]) == ("ayyubids", "2-6", 2)
    assert reinforce["where"] == "besieged_city"
    assert "reinforcements" in madrasas.keywords  # §8.4.1 (L466): from the counter tray
    assert any(u.label == "2-6" for u in counters.units_of("ayyubids"))
    assert madrasas.siege_event is not None and madrasas.siege_event.title == "Besieger's Supplies Run Low"


def test_campaign_in_cyprus(deck: Deck, board: Board, counters: Counters) -> None:
    # §Example.C2 (L1310): the castles at Limassol and Famagusta become Crusader castles
    cyprus = card(deck, "D3")
    swap = effect(cyprus.event, "replace_castles")
    assert sorted(swap["spaces"]) == ["famagusta", "limassol"] and swap["power"] == "crusaders"
    assert all("D" in board.spaces[s].castle_site for s in swap["spaces"])
    assert counters.castles["crusaders"] >= 2


def test_feigned_flight_at_jerusalem(deck: Deck) -> None:
    # §13.7.Example (L842): played after the rolls, it turns Saladin's four losses into two
    flight = card(deck, "6")
    assert flight.title == "Feigned Flight" and flight.kind == "battle"
    change = effect(flight.event, "losses")
    assert change["timing"] == "after"
    assert 4 + change["value"] == 2


def test_the_siege_of_acre(deck: Deck) -> None:
    # §Example.C4 (L1332): RF 3 + 2 for two units + 1 for a port = 6; §Example.C5 (L1336): the tower
    # makes it 4 and draws a replacement; §Example.C5.End (L1363): five manpower, two used, three
    # left; §Example.C6 (L1357): Rats makes it 2 and flips three of the four 2-6
    tower, rats = siege(deck, "Construct Siege Tower"), siege(deck, "Rats in Enemy Food Supply")
    assert card(deck, "32").siege_event == tower and tower.user == "A" and tower.draw_replacement
    rf = 3 + 2 + 1
    rf += effect(tower.effects, "rf")["value"]
    assert rf == 4
    assert manpower(5, 1) - tower.man == 3
    assert card(deck, "43").siege_event == rats and rats.user == "A"
    rf += effect(rats.effects, "rf")["value"]
    assert rf == 2
    assert min(4, effect(rats.effects, "flip_units")["count"]) == 3


def test_the_hands_after_construct_siege_tower(deck: Deck) -> None:
    # §Example.C5.End (L1363): the Muslim's only defender siege event is Countermines (he holds #28
    # and #38); the Christian's only attacker one Lines of Circumvallation (he holds #4, #22, #29);
    # §Example.C6 (L1355): so he has no usable siege event
    def events(ids: list[str], role: str) -> list[str]:
        found = [card(deck, i).siege_event for i in ids]
        return [s.title for s in found if s is not None and s.usable_by(role)]

    assert events(["28", "38"], "D") == ["Countermines"]
    assert events(["4", "22", "29"], "A") == ["Lines of Circumvallation"]


def test_truce_drawn_by_fortunes_of_war(deck: Deck) -> None:
    # §17.6.5 (L1081): drawn by Fortunes of War, Truce's own event acts: it has no siege event
    truce = card(deck, "52")
    assert truce.siege_event is None
    assert truce.event


def test_the_siege_of_damascus(deck: Deck) -> None:
    # §17.11.Example (L1184-L1194): RF 6; a sortie of two steps rolling 2 and 6 loses one step and
    # makes it 7; Chinese Artillery (G1) 3; Besieger's Supplies Run Low 4 with +3 to Hulegu's AV;
    # Construct Siege Tower cancelled by Greek Fire; Rats 2 and the last full unit reduced
    sortie = effect(siege(deck, "Sortie by Besieged").effects, "sortie")
    assert siege(deck, "Sortie by Besieged").user == "D" and siege(deck, "Sortie by Besieged").man <= 4
    rolls = (2, 6)
    lost = sum(1 for r in rolls if r in sortie["lose_on"])
    raised = sum(1 for r in rolls if r in sortie["raise_on"])
    rf = 6 + raised
    assert (lost, rf) == (1, 7)
    artillery = card(deck, "G1").siege_event
    assert artillery is not None and artillery.title == "Chinese Artillery"
    rf += effect(artillery.effects, "rf")["value"]
    assert rf == 3
    supplies = siege(deck, "Besieger's Supplies Run Low")
    assert supplies.user == "D"
    rf += effect(supplies.effects, "rf")["value"]
    assert rf == 4
    assert effect(supplies.effects, "attrition") == {"kind": "attrition", "target": "besieger", "av": 3}
    assert "Construct Siege Tower" in siege(deck, "Greek Fire").cancels
    rf += effect(siege(deck, "Rats in Enemy Food Supply").effects, "rf")["value"]
    assert rf == 2


def test_hulegu_s_manpower(deck: Deck) -> None:
    # §17.11.Example (L1188): seven full and three reduced units are 8 manpower; after Chinese
    # Artillery and Construct Siege Tower in the same round 6 are left
    spent = siege(deck, "Chinese Artillery").man + siege(deck, "Construct Siege Tower").man
    assert manpower(7, 3) == 8
    assert manpower(7, 3) - spent == 6


def test_yusuf_s_manpower(deck: Deck) -> None:
    # §17.11.Example (L1184): Sortie by Besieged needs one manpower and four full units have it;
    # later, three full and one reduced reply with Supplies Run Low and Greek Fire in one round
    assert siege(deck, "Sortie by Besieged").man == 1 <= manpower(4, 0)
    assert siege(deck, "Besieger's Supplies Run Low").man + siege(deck, "Greek Fire").man <= manpower(3, 1)


def test_scenario_cards_name_their_own_leaders(deck: Deck, counters: Counters) -> None:
    # §4.3 (L265): a scenario card is in play only in its scenario, so a leader it names serves there
    for c in deck.cards.values():
        for e in c.event:
            if "leader" in e and c.scenario and e["leader"] in counters.leaders:
                assert c.scenario in counters.leaders[e["leader"]].scenarios, c.id


# --- broken copies --------------------------------------------------------------------------------


def _card(doc: dict[str, Any], cid: str) -> dict[str, Any]:
    return next(c for c in doc["cards"] if c["id"] == cid)


BROKEN: list[tuple[str, Callable[[Any], None], str]] = [
    ("card lost", lambda d: d["cards"].remove(_card(d, "17")), "card 17: the basic deck is numbered 1-60"),
    ("card twice", lambda d: d["cards"].append(dict(_card(d, "17"))), "card 17: listed twice"),
    ("wrong id", lambda d: _card(d, "17").update(number=18), "card 17: its id does not match"),
    (
        "OV off the card",
        lambda d: _card(d, "17").update(ov=4),
        "at cards/16/ov (17): 4 is greater than the maximum of 3",
    ),
    (
        "scenario cards short",
        lambda d: d["deck"].update(scenario=51),
        "deck: 50 scenario cards, not 51",
    ),
    (
        "one card for G",
        lambda d: d.update(cards=[c for c in d["cards"] if c.get("scenario") != "G" or c["id"] == "G1"]),
        "scenario G: fewer than two",
    ),
    (
        "gap in D",
        lambda d: d["cards"].remove(_card(d, "D4")),
        "scenario D: its cards are not numbered D1-D5",
    ),
    (
        "unknown effect",
        lambda d: _card(d, "17")["event"][0].update(kind="smite"),
        "at cards/16/event/0/kind (17): 'smite'",
    ),
    (
        "missing parameter",
        lambda d: _card(d, "17")["event"][0].pop("at_most"),
        "card 17: effect surrender lacks",
    ),
    (
        "stray parameter",
        lambda d: _card(d, "17")["event"][0].update(count=2),
        "card 17: effect surrender takes no count",
    ),
    (
        "unknown power",
        lambda d: _card(d, "40")["event"][0].update(power="genoa"),
        "card 40: effect reinforce names unknown power 'genoa'",
    ),
    (
        "dotted reinforcement",
        lambda d: _card(d, "40")["event"][0].update(unit="3-6"),
        "card 40: effect reinforce: a 3-6 with a yellow dot",
    ),
    (
        "unit not in the mix",
        lambda d: _card(d, "40")["event"][0].update(unit="4-4"),
        "card 40: effect reinforce: no ayyubids unit 4-4",
    ),
    (
        "nowhere",
        lambda d: _card(d, "40")["event"][0].update(where="space:rome"),
        "card 40: effect reinforce places units at unknown 'space:rome'",
    ),
    (
        "leader of another scenario",
        lambda d: _card(d, "D6")["event"][0].update(leader="hulegu"),
        "card D6: effect leader_out: hulegu serves in no scenario D",
    ),
    (
        "unknown leader",
        lambda d: _card(d, "D6")["event"][0].update(leader="arthur"),
        "card D6: effect leader_out names unknown leader 'arthur'",
    ),
    (
        "no castle site",
        lambda d: _card(d, "D3")["event"][0].update(spaces=["limassol", "nicosia"]),
        "card D3: effect replace_castles: 'nicosia' is no castle site",
    ),
    (
        "reinforcements without units",
        lambda d: _card(d, "40").update(keywords=[]),
        "card 40: reinforcements goes with an event",
    ),
    (
        "blue without a roll",
        lambda d: _card(d, "6").update(kind="battle", event=[{"kind": "lift_siege"}]),
        "card 6: a blue battle event",
    ),
    (
        "two Greek Fires",
        lambda d: _card(d, "B6")["siege_event"].update(man=3),
        "card B6 siege event Greek Fire: differs from the same title on another card",
    ),
    (
        "cancels nothing known",
        lambda d: _card(d, "38")["siege_event"].update(cancels=["Trebuchet"]),
        "card 38 siege event Countermines: cancels 'Trebuchet', on no card",
    ),
    (
        "cancels its own side",
        lambda d: _card(d, "38")["siege_event"].update(cancels=["Sortie by Besieged"]),
        "card 38 siege event Countermines: cancels 'Sortie by Besieged', an event of its own side",
    ),
    (
        "blue with no assault",
        lambda d: _card(d, "32")["siege_event"].update(blue=True),
        "card 32 siege event Construct Siege Tower: blue",
    ),
    ("no source", lambda d: _card(d, "17").pop("event_source"), "at cards/16 (17): 'event_source'"),
]


@pytest.mark.parametrize(("change", "message"), [b[1:] for b in BROKEN], ids=[b[0] for b in BROKEN])
def test_a_broken_copy_is_refused_naming_the_record(
    tmp_path: Path, change: Callable[[Any], None], message: str
) -> None:
    folder = changed_copy(DATA, tmp_path, "cards", change)
    with pytest.raises(BadData, match="^cards.json") as refused:
        read_cards(folder)
    assert message in str(refused.value)


def test_a_broken_counters_pack_beside_it_is_refused_too(tmp_path: Path) -> None:
    folder = changed_copy(DATA, tmp_path, "counters", lambda doc: doc["total"].update(count=1))
    with pytest.raises(BadData, match="^counters.json: total"):
        read_cards(folder)


# --- the documentation ------------------------------------------------------------------------


def siege_text(s: SiegeEvent | None) -> str:
    return "-" if s is None else f"{s.title} ({s.user}, MAN {s.man}{', blue' if s.blue else ''})"


def card_row(c: Card) -> str:
    """A row of cards.md's table of cards, as the pack gives it."""
    keywords = ", ".join(sorted(c.keywords)) or "-"
    event = ", ".join(e["kind"] for e in c.event)
    dip = "-" if c.diplomacy is None else str(c.diplomacy)
    return (
        f"| {c.id} | {c.title} | {c.ov} | {dip} | {c.kind} | {c.side} | {keywords} | {event} | "
        f"{siege_text(c.siege_event)} | {source_words(c.source)} |"
    )


def siege_row(s: SiegeEvent, ids: list[str]) -> str:
    """A row of cards.md's table of siege events, as the pack gives it."""
    cancels = ", ".join(s.cancels) or "-"
    effects = ", ".join(e["kind"] for e in s.effects) or "-"
    return (
        f"| {s.title} | {s.user} | {s.man} | {'yes' if s.blue else 'no'} | "
        f"{'yes' if s.blockaded else 'no'} | {cancels} | {effects} | {', '.join(ids)} | "
        f"{source_words(s.source)} |"
    )


def test_the_tables_of_cards_md_match_the_pack(deck: Deck) -> None:
    text = DOC.read_text(encoding="utf-8")
    cards = table(text, "## The cards")
    assert cards[0].startswith("| card |")
    assert cards[1:] == [card_row(c) for c in deck.cards.values()]
    held: dict[str, tuple[SiegeEvent, list[str]]] = {}
    for c in deck.cards.values():
        if c.siege_event:
            held.setdefault(c.siege_event.title, (c.siege_event, []))[1].append(c.id)
    events = table(text, "## Siege events")
    assert events[0].startswith("| siege event |")
    assert events[1:] == [siege_row(*held[t]) for t in sorted(held)]
    kinds = table(text, "## Effect kinds")
    assert kinds[0].startswith("| kind |")
    assert [row.split("|")[1].strip() for row in kinds[1:]] == list(EFFECTS)
