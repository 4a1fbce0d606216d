"""The Command phase's frame (command.py): turns in initiative order until every player has passed,
the Event Cards and Orders a player may execute, the victory check after the phase. Carrying out an
Event or an Order is not built: the engine refuses to start it. Keys are those of
docs/third-crusade/sections.md; Rn of rulings.md."""

from __future__ import annotations

from outremer.games.third_crusade import views
from outremer.games.third_crusade.command import executable
from outremer.games.third_crusade.common import data
from outremer.games.third_crusade.state import State

from .play import GAME, kind, play, start, through


def command(placements: dict[str, list[tuple[str, str]]], scenario: str = "plutorial") -> State:
    """The Command phase after the Strategy phase's first legal choices and the Orders given
    (Army -> [(Order, Region)]) placed in turn, every player then passing."""
    state = start(scenario)
    through(state, "strategy_place", "strategy_pick")
    todo = {a: list(p) for a, p in placements.items()}
    while kind(state) == "planning":
        (role,) = GAME.active_roles(state)
        if todo.get(role):
            play(state, role, "order", *todo[role].pop(0))
        else:
            play(state, role, "pass")
    return state


def orders(state: State, role: str) -> list[str]:
    return [a[1] for a in GAME.legal_actions(state, role) if a[0] == "order"]


def test_turns_go_in_initiative_order_and_a_pass_is_final() -> None:
    state = command({})
    assert GAME.active_roles(state) == ("ayyubid",)  # Command: the top of the track first
    # Command: an Event Card picked for it, or pass (no Order on the map)
    assert {a[0] for a in GAME.legal_actions(state, "ayyubid")} == {"event", "pass"}
    assert len([a for a in GAME.legal_actions(state, "ayyubid") if a[0] == "event"]) == 2
    play(state, "ayyubid", "pass")
    assert GAME.active_roles(state) == ("angevin",)
    assert state.stack[-1]["passed"] == ["ayyubid"]


def test_after_every_pass_a_victory_check_then_the_diplomacy_phase() -> None:
    state = command({})
    play(state, "ayyubid", "pass")
    play(state, "angevin", "pass")
    # Command.Pass: once all have passed, the victory check; then the sealed bids (Sequence.Diplomacy)
    assert views.log(state, None)[-1][0] == "VictoryCheck"
    assert kind(state) == "diplomacy_bid"


def test_ten_glory_at_the_check_wins_for_a_one_player_alliance() -> None:
    state = command({})
    state.glory = -10  # the marker on the Muslim side
    play(state, "ayyubid", "pass")
    play(state, "angevin", "pass")
    # VictoryCheck, EndGame.1: the Muslim Alliance wins, its one Army with it
    assert state.result is not None and state.result["winners"] == ["ayyubid"]
    assert GAME.active_roles(state) == ()


def test_an_order_is_offered_only_where_its_requirements_and_cost_are_met() -> None:
    placed = {
        "angevin": [
            ("angevin_march", "tripoli"),  # Angevin Presence: executable
            ("angevin_garrison", "d_galilee"),  # a City Order in a Desert
            ("angevin_defence", "tyre"),  # a Reaction Order: only in a Battle
            ("angevin_blank_1", "sidon"),  # a Blank: never
            ("angevin_levy_and_march", "d_negev"),  # no Angevin Presence
        ]
    }
    state = command(placed)
    play(state, "ayyubid", "pass")
    # Command.Order.Requirements, Command.Order.Blank, Command.Reaction
    assert orders(state, "angevin") == ["tripoli"]
    state.tracks["angevin"]["current"] = 1
    assert orders(state, "angevin") == []  # Command.Order.Cost: the March costs 2


def test_a_port_order_needs_a_port_not_destroyed() -> None:
    state = command({"angevin": [("angevin_sea_move", "tyre")]})
    play(state, "ayyubid", "pass")
    assert orders(state, "angevin") == ["tyre"]
    ports = data(state).board.regions["tyre"].ports
    state.regions["tyre"]["destroyed_ports"] = ports - 1
    assert orders(state, "angevin") == ["tyre"]  # Glossary.DestroyedPort: a Port left open
    state.regions["tyre"]["destroyed_ports"] = ports
    assert orders(state, "angevin") == []  # every Port covered: no Port


def test_presence_may_be_the_partners_or_a_minority_one() -> None:
    state = command(
        {
            "hre": [("hre_allied_levy", "tripoli"), ("hre_march", "sidon")],
            "ayyubid": [("ayyubid_march", "homs")],
        },
        scenario="four",
    )
    state.tracks["hre"]["current"] = state.tracks["ayyubid"]["current"] = 3
    # Command.OrderExamples.3: an Order asking Alliance Presence runs on the partner's (the Angevin's)
    assert executable(state, "hre", "tripoli")
    # Command.OrderExamples.1: an Order asking the Army's own Presence fails without it
    assert not executable(state, "hre", "sidon")
    # Planning.Example.6: the Turkoman Controls Homs, the Ayyubid's Presence there is enough
    assert executable(state, "ayyubid", "homs")
    # Glossary.Presence: not an Order of another Army, even the partner's
    assert not executable(state, "angevin", "tripoli")
