"""Activating Event Cards (event.py, steps.py, marches.py): the plutorial's Command turns 2 to 5
replayed, the crown price, OR, "In same Region", "Instead", parts that cannot apply. Keys are those
of docs/third-crusade/sections.md; Rn and En of rulings.md and events.md."""

from __future__ import annotations

from typing import Any

import pytest

from outremer.engine.errors import IllegalAction
from outremer.games.third_crusade import control
from outremer.games.third_crusade.state import State

from .play import GAME, kind, play, snapshot, start, through


def command(scenario: str = "plutorial") -> State:
    """The Command phase after the Strategy phase's first legal choices and no Order placed."""
    state = start(scenario)
    through(state, "strategy_place", "strategy_pick")
    while kind(state) == "planning":
        (role,) = GAME.active_roles(state)
        play(state, role, "pass")
    return state


def steps(state: State, role: str, *actions: tuple[Any, ...]) -> None:
    for action in actions:
        play(state, role, *action)


def legal(state: State, role: str) -> list[tuple[Any, ...]]:
    return [tuple(a) for a in GAME.legal_actions(state, role)]


def plutorial_to_turn_4() -> State:
    """Plutorial.Command.2-3 (and .5 first, to let the Angevin play second)."""
    state = command()
    # Plutorial.Command.5 (L1176): a Destroyed Port in Tripoli, a Sabotage on a supply icon of Sidon
    play(state, "ayyubid", "event", "ayyubid_1190_crusader_fleet_defeats")
    supply = state.tracks["angevin"]["supply"]
    steps(state, "ayyubid", ("main", 0), ("region", "tripoli"), ("port",), ("region", "sidon"), ("slot", 0))
    assert state.regions["tripoli"]["destroyed_ports"] == 1
    assert state.tracks["angevin"]["supply"] == supply - 1  # Command.Event.Tracks
    play(state, "ayyubid", "end")  # L1177: the crown event left unpaid
    assert kind(state) == "command" and GAME.active_roles(state) == ("angevin",)
    return state


def test_the_plutorial_loot_of_the_camp_and_al_adils_victory() -> None:
    state = plutorial_to_turn_4()
    # Plutorial.Command.2 (L1158): a Sabotage on Acre's Glory icon, an Ayyubid Infantry home from
    # Jerusalem; the Neutral left alone holds it for nobody
    play(state, "angevin", "event", "angevin_1190_ayyubid_servants_loot")
    home = state.board_units["ayyubid"]["infantry"]
    steps(
        state, "angevin", ("main", 0), ("region", "acre"), ("slot", 0), ("region", "jerusalem"), ("slot", 0)
    )
    assert state.regions["acre"]["slots"][0] == "sabotage"
    assert state.board_units["ayyubid"]["infantry"] == home + 1
    assert control.controller(state, "jerusalem") is None
    # L1160: the crown event is beyond its crowns and gold, so the card is over
    assert kind(state) == "command" and "angevin_1190_ayyubid_servants_loot" in state.event_discard
    # Plutorial.Command.3 (L1164): a Forced March from Al-Adil's Region, Ibn Shaddad left behind
    play(state, "ayyubid", "event", "ayyubid_1190_al_adils_victory")
    before, gold = dict(state.tracks["ayyubid"]), state.gold["ayyubid"]
    play(state, "ayyubid", "main", 0)
    assert legal(state, "ayyubid") == [("region", "ahamant"), ("done",)]  # E8: the Leader's Region
    steps(state, "ayyubid", ("region", "ahamant"), ("to", "d_jordan"))
    steps(state, "ayyubid", ("take", 3), ("take", 4), ("take", 6), ("go",))
    # R12: the mover chooses among slots that differ (a plain one or one printing an icon)
    assert legal(state, "ayyubid") == [("slot", 0), ("slot", 1)]
    steps(state, "ayyubid", ("slot", 1), ("slot", 2), ("slot", 7))  # plain slots
    steps(state, "ayyubid", ("to", "jerusalem"), ("take", 1), ("take", 2), ("go",), ("slot", 0), ("slot", 2))
    assert control.controller(state, "jerusalem") == control.controller(state, "d_jordan") == "ayyubid"
    assert control.controller(state, "ahamant") == "ayyubid"  # R1: Ibn Shaddad alone
    assert state.tracks["ayyubid"] == {**before, "gold": before["gold"] + 1, "supply": before["supply"] + 1}
    # Plutorial.Command.3 (L1168-L1172): 2 crowns for a crown event of 3: 2 gold pays the third;
    # a Bandit on a Road west of Jerusalem; the crown and gold tracks do not move
    steps(state, "ayyubid", ("crown", 0), ("region", "jerusalem"), ("road", "jaffa"))
    assert state.gold["ayyubid"] == gold - 2 == 2
    assert state.bandits == {"jaffa|jerusalem": 1}
    assert state.tracks["ayyubid"]["crowns"] == before["crowns"]
    assert kind(state) == "command"


def test_the_plutorial_guys_expedition_places_neutrals_in_the_one_desert() -> None:
    state = plutorial_to_turn_4()
    give(state, "angevin", "angevin_1190_guys_expedition")
    # Plutorial.Command.4 (L1174): a Desert with Angevin Presence: Galilee only
    play(state, "angevin", "event", "angevin_1190_guys_expedition")
    play(state, "angevin", "main", 0)
    assert legal(state, "angevin") == [("region", "d_galilee"), ("done",)]
    steps(state, "angevin", ("region", "d_galilee"), ("slot", 7))
    # E2: the Infantry goes where the Cavalry went, without a choice of Region
    assert legal(state, "angevin")[0][0] == "slot"
    steps(state, "angevin", ("slot", 2))
    assert state.regions["d_galilee"]["slots"][7] == "neutral:cavalry"
    assert state.regions["d_galilee"]["slots"][2] == "neutral:infantry"
    # L1174: the crown (4 crowns, 1 on the track, 4 gold) cannot be paid
    assert kind(state) == "command"


def test_an_illegal_choice_is_refused_unchanged() -> None:
    state = command()
    play(state, "ayyubid", "event", "ayyubid_1190_al_adils_victory")
    before = snapshot(state)
    with pytest.raises(IllegalAction):
        play(state, "ayyubid", "main", 1)  # no OR on this card
    with pytest.raises(IllegalAction):
        play(state, "angevin", "end")  # not its card
    assert snapshot(state) == before


def give(state: State, army: str, card: str) -> None:
    state.event_cards[army] = [card]


def test_or_gives_one_of_two_effects_and_the_crown_costs_gold_only_for_a_shortfall() -> None:
    state = command()
    give(state, "ayyubid", "ayyubid_1191_autumn_talks_with_richard")
    state.tracks["ayyubid"]["crowns"] = 3
    play(state, "ayyubid", "event", "ayyubid_1191_autumn_talks_with_richard")
    # Command.Event.Or: the main event's two effects are two choices
    assert [a for a in legal(state, "ayyubid") if a[0] == "main"] == [("main", 0), ("main", 1)]
    gold = state.gold["ayyubid"]
    steps(state, "ayyubid", ("crown", 0), ("gain", 1))
    assert state.gold["ayyubid"] == gold  # Command.Event: 3 crowns on the track, nothing to pay
    assert state.faith["muslim"] == ["ayyubid", 3]  # a lone Army's marker, from 2 (R3)
    assert ("crown", 0) not in legal(state, "ayyubid")
    play(state, "ayyubid", "main", 1)
    assert kind(state) == "step"


def test_instead_replaces_the_main_event() -> None:
    state = command("four")
    give(state, "turkoman", "turkoman_1190_steppe_riders")
    state.tracks["turkoman"]["crowns"] = 4
    while GAME.active_roles(state) != ("turkoman",):
        (role,) = GAME.active_roles(state)
        play(state, role, "pass")
    play(state, "turkoman", "event", "turkoman_1190_steppe_riders")
    # Command.Event.Or, E6: an "Instead" crown replaces the main event; after one, not the other
    steps(state, "turkoman", ("crown", 0), ("done",))
    assert kind(state) == "command"


def test_in_same_region_needs_the_main_events_region() -> None:
    state = command()
    give(state, "angevin", "angevin_1190_conquests_of_cyprus")
    state.tracks["angevin"]["crowns"] = 3
    play(state, "ayyubid", "pass")
    play(state, "angevin", "event", "angevin_1190_conquests_of_cyprus")
    # E6: the "In same Region" crown is not offered before the main event has acted somewhere
    assert legal(state, "angevin") == [("main", 0), ("end",)]
    steps(state, "angevin", ("main", 0), ("region", "famagusta"), ("slot", 3), ("slot", 4))
    # Command.Event.Or: the crown acts in Famagusta, the main event's Region
    play(state, "angevin", "crown", 0)
    assert state.stack[-1]["region"] == "famagusta"
    # E7: the gold token goes on a free square printing no icon (Famagusta's slot 0 prints gold)
    assert legal(state, "angevin") == [("slot", 5), ("done",)]
    gold = state.tracks["angevin"]["gold"]
    play(state, "angevin", "slot", 5)
    assert state.regions["famagusta"]["resources"] == [[5, "gold"]]
    assert state.tracks["angevin"]["gold"] == gold + 1  # Command.Event.Tracks


def test_the_tughril_example_and_its_crown_bought_with_gold() -> None:
    state = command()
    give(state, "ayyubid", "ayyubid_1190_tughrils_rebellion")
    play(state, "ayyubid", "event", "ayyubid_1190_tughrils_rebellion")
    # Command.Event.Example (L441): Tughril and a Cavalry into a Desert without Crusader or Muslim
    # Presence (E3: the card Tughril's Rebellion)
    play(state, "ayyubid", "main", 0)
    deserts = [a[1] for a in legal(state, "ayyubid") if a[0] == "region"]
    assert deserts == ["d_buqaia", "d_palmyra", "d_beqaa", "d_jordan", "d_negev"]
    steps(state, "ayyubid", ("region", "d_negev"), ("slot", 6), ("slot", 7))
    assert state.regions["d_negev"]["slots"][6:8] == ["tughril", "ayyubid:cavalry"]
    assert control.controller(state, "d_negev") == "ayyubid"  # Glossary.Neutral: Tughril goes with it
    # Command.Event.Example (L445-L447): 4 crowns asked, 2 on the track: 4 gold, the track unchanged
    crowns, gold = state.tracks["ayyubid"]["crowns"], state.gold["ayyubid"]
    assert (crowns, gold) == (2, 4)
    play(state, "ayyubid", "crown", 0)
    assert state.gold["ayyubid"] == 0 and state.tracks["ayyubid"]["crowns"] == crowns
    # Command.Event.Ignore: the crown's Cavalry finds no hexagon left in the Desert: skipped
    assert kind(state) == "command"


def test_the_crown_token_example_raises_the_crowns_to_pay_for_the_crown_event() -> None:
    state = command("four")
    give(state, "hre", "hre_1191_autumn_leopolds_banner")
    state.tracks["hre"]["crowns"] = 2
    while GAME.active_roles(state) != ("hre",):
        (role,) = GAME.active_roles(state)
        play(state, role, "pass")
    current, gold = state.tracks["hre"]["current"], state.gold["hre"]
    play(state, "hre", "event", "hre_1191_autumn_leopolds_banner")
    # Command.Event.Example2 (L467): with 2 crowns the crown event of 3 is not free yet
    play(state, "hre", "main", 0)
    steps(state, "hre", ("region", "adana"), ("slot", 4), ("region", "heraclium"), ("slot", 5))
    # an Infantry and a crown token in Cities it Controls: 3 crowns, the current points unchanged
    assert state.tracks["hre"]["crowns"] == 3 and state.tracks["hre"]["current"] == current
    play(state, "hre", "crown", 0)  # now enough: nothing to pay
    assert state.gold["hre"] == gold
