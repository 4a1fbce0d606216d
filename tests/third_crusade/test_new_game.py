"""A new game of Third Crusade (setup.py): every scenario of setups.json starts, laid out as the
set-up pages and rules say, each random step drawn from the state's generator. Keys are those of
docs/third-crusade/sections.md; Rn of rulings.md."""

from __future__ import annotations

from collections import Counter

import pytest

from outremer.engine.errors import IllegalAction
from outremer.games.third_crusade.common import alliance, counts, data, pack_at
from outremer.games.third_crusade.events import ROUNDS
from outremer.games.third_crusade.orders import UNITS
from outremer.games.third_crusade.setup import PLUTORIAL_ROWS

from .play import GAME, kind, snapshot, start

SCENARIOS = list(pack_at(None).setups.scenarios)
"""The set-ups laid out from a page (the variable set-up's are in test_variable_setup.py)."""


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_every_scenario_starts_with_the_strategy_phase_of_1190(scenario: str) -> None:
    state = start(scenario)
    s = data(state).setups.scenarios[scenario]
    assert state.round == 0 and ROUNDS[state.round] == "1190"  # BoardSetup.2.Round
    assert state.glory == 0  # BoardSetup.2.Glory
    assert kind(state) == "strategy_place"  # Strategy.Place: every player lays its cards at once
    assert set(GAME.active_roles(state)) == set(s.armies)
    assert all(len(state.drawn[a]) == 4 for a in s.armies)  # Strategy.Place: 4 cards drawn
    for army in s.armies:
        t = s.tracks[army]
        # BoardSetup.4: base and current command points alike, crowns, supply and gold from the map
        assert state.tracks[army] == {
            "base": t.command_points,
            "current": t.command_points,
            "crowns": t.crowns,
            "supply": t.supply,
            "gold": t.gold,
        }
        assert state.gold[army] == (6 if army == s.lone else 4)  # PlayerSetup.B
        assert len(state.order_box[army]) == 12 and len(state.advanced[army]) == 10  # PlayerSetup.F-G


@pytest.mark.parametrize("scenario", list(GAME.scenarios))
def test_every_unit_is_on_the_map_on_a_ship_or_on_its_board(scenario: str) -> None:
    state = start(scenario)
    for army in state.armies:
        for unit, total in UNITS.items():
            on_map = sum(
                1 for r in state.regions.values() for piece in r["slots"] if piece == f"{army}:{unit}"
            )
            aboard = sum(load.get(army, {}).get(unit, 0) for load in state.ships.values())
            # PlayerSetup.C, BoardSetup.2-3: the Army's Units are somewhere, once
            assert on_map + aboard + state.board_units[army][unit] == total


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_the_map_holds_the_pieces_of_the_set_up_page(scenario: str) -> None:
    state = start(scenario)
    s = data(state).setups.scenarios[scenario]
    for region in state.regions:
        want = Counter[str]()
        for p in s.in_region(region):
            want[p.owner] += p.count
        assert counts(state, region) == want  # Setup2p, Setup4p, BoardSetup.2


def test_initiative_is_drawn_by_alliance_with_the_lone_player_twice() -> None:
    for seed in range(12):
        two = start("two_hre_turkoman", seed).initiative
        assert sorted(two) == ["hre", "turkoman"]  # Round.Initiative: 2 players, their own markers
        four = start("four", seed).initiative
        # BoardSetup.2.Initiative: an Army on 1 and its partner on 3, an enemy on 2 and its partner on 4
        assert sorted(four) == sorted(["angevin", "hre", "ayyubid", "turkoman"])
        assert alliance(four[0]) == alliance(four[2]) != alliance(four[1]) == alliance(four[3])
        three = start("three_ayyubid", seed).initiative
        assert three.count("ayyubid") == 2  # R22: the lone player holds both its Alliance's positions
        assert alliance(three[0]) == alliance(three[2]) != alliance(three[1]) == alliance(three[3])
    firsts = {start("four", seed).initiative[0] for seed in range(12)}
    assert len(firsts) > 1  # the draw is random


def test_the_same_seed_sets_up_the_same_game() -> None:
    assert snapshot(start("four", 7)) == snapshot(start("four", 7))
    assert snapshot(start("four", 7)) != snapshot(start("four", 8))


def test_the_plutorial_starts_as_its_text_says() -> None:
    state = start("plutorial")
    assert state.initiative == ["ayyubid", "angevin"]  # Plutorial.HowToPlay
    assert state.mission == "ensure_supply"  # Plutorial.Setup
    assert state.diplomacy_cards[0] == "bedouin_tribes"
    assert state.objectives == {"angevin": [], "ayyubid": []}  # Objectives left out
    titles = {a: tuple(data(state).events.cards[c].title for c in state.drawn[a]) for a in state.armies}
    assert titles == PLUTORIAL_ROWS  # Plutorial.Strategy.Rows: the cards each player lays


def test_event_decks_leave_out_cards_marked_for_an_absent_army() -> None:
    state = start("two_hre_turkoman")
    cards = data(state).events.cards
    for army, years in state.event_decks.items():
        held = [c for deck in years.values() for c in deck] + state.drawn[army]
        # PlayerSetup.A: the Army's own cards only, none marked for the absent Angevin or Ayyubid
        assert all(cards[c].army == army for c in held)
        assert all(cards[c].marked_for in (None, "hre", "turkoman") for c in held)


@pytest.mark.parametrize("scenario", ["two_angevin_ayyubid", "three_hre", "four"])
def test_objectives_are_dealt_two_each_from_the_boards_in_play(scenario: str) -> None:
    state = start(scenario)
    dealt = [c for a in state.armies for c in state.objectives[a]]
    assert all(len(state.objectives[a]) == 2 for a in state.armies)  # PlayerSetup.H
    assert len(set(dealt)) == len(dealt)
    north = [c for c in dealt + state.objective_deck if data(state).cards.objectives[c].north]
    assert bool(north) == state.north  # R42: north-board Objectives only with the north board


def test_an_unknown_scenario_is_refused() -> None:
    with pytest.raises(IllegalAction, match="no scenario"):
        start("five")
