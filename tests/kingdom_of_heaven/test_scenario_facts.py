"""The public facts of the nine scenarios, as issue 18 lists them from the published game (one turn
a campaigning year), pinned against the data pack: the years and turns of each, and the leaders,
Powers, places and cards each is known for. The pack cites them as ``public:`` (the scenario names,
from the VASSAL module's scenario list) or as ``reconstructed: issue 18 gives ...`` (the lengths);
the rulebook's own statements about scenarios are tested in test_scenarios.py, A's Kerak at 0 VP
among them (test_jerusalem_and_kerak). D's turn 4 falls in 1190 by the table of years here."""

from __future__ import annotations

from collections.abc import Mapping

import pytest

from outremer.games.kingdom_of_heaven.board import Board
from outremer.games.kingdom_of_heaven.cards import Deck, load_cards
from outremer.games.kingdom_of_heaven.counters import Counters
from outremer.games.kingdom_of_heaven.scenarios import Scenario, load_scenarios

YEARS = {
    "A": (1097, 1099, 3),
    "B": (1144, 1149, 6),
    "C": (1163, 1169, 7),
    "D": (1187, 1192, 6),
    "E": (1217, 1221, 5),
    "F": (1248, 1254, 7),
    "G": (1259, 1261, 3),
    "H": (1265, 1272, 8),
    "J": (1289, 1291, 3),
}
"""Issue 18's first and last years of each scenario, and the turns: A, B and D state them, the
others follow from one turn a campaigning year."""

NAMES = {
    "A": "Deus lo Vult!: The First Crusade",
    "B": "Quantum Praedecessores: The Second Crusade",
    "C": "The Fall of the Caliphate: The Invasion of Egypt",
    "D": "Audita Tremendi: The Third Crusade",
    "E": "Quia Maior: The Fifth Crusade",
    "F": "The Promise of St. Louis: The Seventh Crusade",
    "G": "Storm From the East: The Mongol Invasion",
    "H": "The Lion of Egypt: Rukn ad-Din Baibars Bundukdari",
    "J": "Failed Alliance: The Fall of the Crusader States",
}
"""public: the scenario list of the VASSAL module's description, as the pack's name_source cites
it (D's is the rulebook's, §6.1.Example L348)."""


@pytest.fixture(scope="module")
def scenarios() -> Mapping[str, Scenario]:
    return load_scenarios()


@pytest.fixture(scope="module")
def deck() -> Deck:
    return load_cards()


def _leaders(s: Scenario, side: str) -> set[str]:
    """The leaders a side sets up or brings with its scheduled Crusade."""
    stacks = list(s.stacks) + list(s.crusade.stacks if s.crusade else ())
    return {lid for x in stacks if s.side(x.power) == side for lid in x.leaders}


def _named(counters: Counters, ids: set[str]) -> set[str]:
    return {counters.leaders[lid].name for lid in ids}


@pytest.mark.parametrize("letter", sorted(YEARS))
def test_every_scenario_s_years_and_turns(scenarios: Mapping[str, Scenario], letter: str) -> None:
    # public (issue 18): A 1097-99, B 1144-49, C 1163-69, D 1187-92, E 1217-21, F 1248-54,
    # G 1259-61, H 1265-72, J 1289-91; one turn a year (§Example L1280: D's turn 4 is 1190)
    first, last, turns = YEARS[letter]
    s = scenarios[letter]
    assert (s.first_year, s.turns, s.year(s.turns)) == (first, turns, last)
    assert [s.year(t) for t in range(1, turns + 1)] == list(range(first, last + 1))


@pytest.mark.parametrize("letter", sorted(NAMES))
def test_every_scenario_s_name(scenarios: Mapping[str, Scenario], letter: str) -> None:
    # public: the VASSAL module's scenario list (the pack's name_source)
    assert scenarios[letter].name == NAMES[letter]


def test_b_the_second_crusade(scenarios: Mapping[str, Scenario], counters: Counters) -> None:
    # public (issue 18): Zengi and Nur ad-Din against Edessa and Antioch; Damascus open to
    # diplomacy (§9.6); the Crusade of Louis VII and Conrad III (§19.1)
    b = scenarios["B"]
    assert {"Zengi", "Nur ad-Din"} <= _named(counters, _leaders(b, "muslim"))
    assert b.side(b.owners["edessa"]) == b.side(b.owners["antioch"]) == "christian"
    assert "damascus" in b.diplomacy and b.orientation["damascus"] == "neutral"
    assert b.crusade is not None
    crusade = {lid for x in b.crusade.stacks for lid in x.leaders}
    assert _named(counters, crusade) == {"Louis VII", "Conrad III"}


def test_c_amalric_against_shirkuh_for_egypt(scenarios: Mapping[str, Scenario], counters: Counters) -> None:
    # public (issue 18): Amalric I against Shirkuh for Fatimid Egypt, the Fatimids courted by both
    c = scenarios["C"]
    assert "Amalric I" in _named(counters, _leaders(c, "christian"))
    assert "Shirkuh" in _named(counters, _leaders(c, "muslim"))
    assert c.orientation["fatimids"] == "neutral" and "fatimids" in c.diplomacy
    assert c.owners["egypt"] == "fatimids"


def test_d_saladin_and_the_crusade_by_the_two_boxes(
    scenarios: Mapping[str, Scenario], counters: Counters, board: Board
) -> None:
    # public (issue 18): Saladin after Hattin; Barbarossa, and Richard with Philip, arrive by the
    # two boxes (§19.1): the Constantinople box and the Mediterranean
    d = scenarios["D"]
    assert "Saladin" in _named(counters, _leaders(d, "muslim"))
    assert d.crusade is not None
    where = {lid: x.at for x in d.crusade.stacks for lid in x.leaders}
    assert where == {"barbarossa": "constantinople", "richard": "mediterranean", "philip": "mediterranean"}
    assert {"constantinople", "mediterranean"} <= set(board.boxes)


def test_e_damietta_and_the_ayyubid_castle_in_jerusalem(
    scenarios: Mapping[str, Scenario], board: Board, deck: Deck
) -> None:
    # public (issue 18): the Ayyubids hold a castle in Jerusalem; the scenario's Late Nile Floods
    # (§10.6.Nile L618); Damietta, the Crusade's goal, is the Ayyubids'
    e = scenarios["E"]
    assert e.castles["jerusalem"].power == "ayyubids"
    assert "Late Nile Floods" in e.card_names
    flood = deck.by_title("Late Nile Floods")
    assert flood is not None and flood.scenario == "E"
    assert e.side(e.holder("damietta", board)) == "muslim"


def test_f_louis_ix_and_the_mamluks(scenarios: Mapping[str, Scenario], counters: Counters) -> None:
    # public (issue 18): Louis IX in Egypt and the rise of the Mamluks, a Power of the Muslim side
    f = scenarios["F"]
    assert "Louis IX" in _named(counters, _leaders(f, "christian"))
    assert f.orientation["mamluks"] == "muslim"
    assert any(x.power == "mamluks" for x in f.stacks)


def test_g_hulegu_against_yusuf_and_the_mamluks(
    scenarios: Mapping[str, Scenario], counters: Counters, deck: Deck
) -> None:
    # public (issue 18): Hulegu against Yusuf and the Mamluks; card G1 carries Chinese Artillery
    # (§17.11.Example L1186)
    g = scenarios["G"]
    assert "Hulegu" in _named(counters, _leaders(g, "christian"))
    assert "an-Nasir Yusuf" in _named(counters, _leaders(g, "muslim"))
    assert g.orientation["mamluks"] == "muslim"
    g1 = deck.cards["G1"]
    assert g1.scenario == "G" and g1.title in g.card_names
    assert g1.siege_event is not None and g1.siege_event.title == "Chinese Artillery"


def test_h_baibars_and_the_crusade_of_edward(scenarios: Mapping[str, Scenario], counters: Counters) -> None:
    # public (issue 18): Baibars' sieges and the Crusade of Edward (§19.1: H schedules one)
    h = scenarios["H"]
    assert "Baibars" in _named(counters, _leaders(h, "muslim"))
    assert h.crusade is not None
    assert _named(counters, {lid for x in h.crusade.stacks for lid in x.leaders}) == {"Edward"}


def test_j_tripoli_and_acre_christian_to_fall(scenarios: Mapping[str, Scenario], board: Board) -> None:
    # public (issue 18): the fall of Tripoli and Acre: both Christian at the start, and VP places
    j = scenarios["J"]
    for city in ("tripoli", "acre"):
        assert j.controller(city, board) == "christian" and board.vp(city, "J") > 0, city
