"""The Planning phase (planning.py): Orders placed face down in initiative order, one per Alliance
per Region, until every player has passed. Keys are those of docs/third-crusade/sections.md; Rn of
rulings.md."""

from __future__ import annotations

import pytest

from outremer.engine.errors import IllegalAction
from outremer.games.third_crusade import views
from outremer.games.third_crusade.common import alliance, data
from outremer.games.third_crusade.state import State

from .play import GAME, kind, play, snapshot, start, through


def planning(scenario: str, seed: int = 1) -> State:
    state = start(scenario, seed)
    through(state, "strategy_place", "strategy_pick")
    assert kind(state) == "planning"
    return state


def order(state: State, army: str, name: str) -> str:
    return next(o for o in sorted(state.order_box[army]) if o == f"{army}_{name}")


def test_orders_are_placed_in_initiative_order_one_at_a_time() -> None:
    state = planning("plutorial")
    assert GAME.active_roles(state) == ("ayyubid",)  # Planning.Place: the top of the track first
    march = order(state, "ayyubid", "march")
    play(state, "ayyubid", "order", march, "d_samaria")
    assert march not in state.order_box["ayyubid"]
    assert state.placed["d_samaria"] == {"muslim": {"army": "ayyubid", "order": march, "up": False}}
    assert GAME.active_roles(state) == ("angevin",)
    play(state, "angevin", "order", order(state, "angevin", "blank_1"), "d_samaria")
    # Planning.Sides: one Order per Alliance in a Region; the enemy's Section stays free
    assert set(state.placed["d_samaria"]) == {"muslim", "crusader"}
    before = snapshot(state)
    with pytest.raises(IllegalAction):
        play(state, "ayyubid", "order", order(state, "ayyubid", "defence"), "d_samaria")
    assert snapshot(state) == before


def test_an_order_may_go_in_any_region_whatever_its_requirements() -> None:
    state = planning("plutorial")
    # Planning.Note.Requirements: a Region without the Ayyubid's Presence takes its Order
    play(state, "ayyubid", "order", order(state, "ayyubid", "march"), "tyre")
    assert state.placed["tyre"]["muslim"]["army"] == "ayyubid"


def test_a_pass_is_final_and_planning_ends_when_all_have_passed() -> None:
    state = planning("plutorial")
    play(state, "ayyubid", "pass")
    # Planning.Pass: the Ayyubid is skipped for the rest of the phase
    play(state, "angevin", "order", order(state, "angevin", "march"), "tripoli")
    assert GAME.active_roles(state) == ("angevin",)
    before = snapshot(state)
    with pytest.raises(IllegalAction):
        play(state, "ayyubid", "order", order(state, "ayyubid", "march"), "damascus")
    assert snapshot(state) == before
    play(state, "angevin", "order", order(state, "angevin", "garrison"), "tyre")
    assert GAME.active_roles(state) == ("angevin",)
    play(state, "angevin", "pass")
    assert kind(state) == "command"  # Planning.Pass: Command begins


def test_the_lone_player_places_at_both_positions_and_one_pass_covers_both() -> None:
    state = planning("three_hre", seed=3)
    asked = []
    for _ in range(4):
        (role,) = GAME.active_roles(state)
        asked.append(role)
        oid, rid = next((a[1], a[2]) for a in GAME.legal_actions(state, role) if a[0] == "order")
        play(state, role, "order", oid, rid)
    assert asked == state.initiative  # Round.Initiative, R22: the lone player at each of its positions
    while GAME.active_roles(state) != ("hre",):
        play(state, GAME.active_roles(state)[0], "order", *first_order(state))
    play(state, "hre", "pass")
    while kind(state) == "planning":
        (role,) = GAME.active_roles(state)
        assert role != "hre"  # R22: the pass covers both of the lone player's positions
        play(state, role, "pass")
    assert kind(state) == "command"


def first_order(state: State) -> tuple[str, str]:
    (role,) = GAME.active_roles(state)
    return next((a[1], a[2]) for a in GAME.legal_actions(state, role) if a[0] == "order")


def test_the_partner_sees_a_face_down_order_the_enemy_only_where_it_is() -> None:
    state = planning("four")
    first, enemy, partner, _ = state.initiative
    oid, rid = first_order(state)
    play(state, first, "order", oid, rid)
    side = alliance(first)
    # Planning.Facing: the Order faces its Army; the partner may look at it, the enemy may not
    assert GAME.view(state, partner)["regions"][rid]["orders"][side] == {
        "army": first,
        "order": oid,
        "up": False,
    }
    assert GAME.view(state, enemy)["regions"][rid]["orders"][side] == {
        "army": first,
        "order": None,
        "up": False,
    }
    assert GAME.view(state, None)["regions"][rid]["orders"][side]["order"] is None
    name = data(state).orders.orders[oid].name
    assert any(name in text for _, text in views.log(state, partner)[-1:])
    assert not any(name in text for _, text in views.log(state, enemy))
