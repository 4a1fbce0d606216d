"""City levels: placing and raising Influence, the pushes it makes, and the City Control marker
(outremer/games/four_powers/cities.py), on Cities set up by hand."""

from __future__ import annotations

import pytest

from outremer.games.four_powers import cities
from outremer.games.four_powers.state import BYZANTINES, CALIPHATE, CRUSADERS, SELJUK, State

C, B, K, S = CRUSADERS, BYZANTINES, CALIPHATE, SELJUK


def city(levels: list[str | None], *, control: str | None = None, push_all: bool = False) -> State:
    """A state holding one City, Edessa, with ``levels`` (first level first): four on the
    four-player side, three (two columns and the control level) on the other (R11b)."""
    state = State.__new__(State)
    state.influence = {"edessa": list(levels)}
    state.control = {"edessa": control}
    state.citadels = {}
    state.options = {"push_all": push_all}
    state.log = []
    state.pack = None
    state.side = "four" if len(levels) == 4 else "two"  # R11b: 4 levels, or 3 on the two-column side
    return state


def test_placing_on_a_held_level_pushes_its_marker_down_in_cascade() -> None:
    # Presence.Influence.3, R2: the marker on the target level drops; the one below it drops in turn
    state = city([B, S, None])
    cities.place(state, C, "edessa", 1, "Presence.Influence.3")
    assert state.influence["edessa"] == [S, C, None]  # Seljuk down to the first level, Byzantines off
    said = [e[2] for e in state.log]
    assert "The Byzantines' Influence leaves Edessa for its supply (Presence.Influence.4)." in said


def test_on_the_four_player_side_the_cascade_runs_through_the_third_column() -> None:
    # Presence.Influence.3-4, R2, R11b: three columns below the control level; the third column is
    # not the control level, so nobody takes the City Control marker (Presence.Influence.5)
    state = city([B, S, K, None])
    cities.place(state, C, "edessa", 2, "Presence.Influence.3")
    assert state.influence["edessa"] == [S, K, C, None]
    assert state.control["edessa"] is None
    cities.place(state, B, "edessa", 3, "Presence.Influence.5")
    assert state.influence["edessa"] == [S, K, C, B] and state.control["edessa"] == B


def test_a_push_stops_at_an_empty_level() -> None:
    # R2: only the markers in an unbroken run below the target level drop
    state = city([None, S, K])
    cities.place(state, C, "edessa", 2, "Presence.Influence.3")
    assert state.influence["edessa"] == [S, K, C]


def test_push_all_drops_every_other_marker_on_or_below_the_level() -> None:
    # option push_all (R2's other reading): every other Influence at or below the level drops one
    state = city([B, None, K], push_all=True)
    cities.place(state, C, "edessa", 2, "Presence.Influence.3")
    assert state.influence["edessa"] == [None, K, C]


def test_a_raise_leaves_the_old_level_first() -> None:
    # Presence.Influence.2, .7: a raise moves the player's own marker; the displaced one takes the freed level
    state = city([C, S, None])
    cities.place(state, C, "edessa", 1, "Presence.Influence.2")
    assert state.influence["edessa"] == [S, C, None]


def test_reaching_the_control_level_takes_the_marker_from_its_holder() -> None:
    # Presence.Influence.5, R10d
    state = city([None, K, S], control=S)
    cities.place(state, B, "edessa", 2, "Presence.Influence.5")
    assert state.influence["edessa"] == [K, S, B]
    assert state.control["edessa"] == B


def test_a_holder_pushed_down_keeps_the_marker_until_someone_reaches_the_top() -> None:
    # R10d: the marker moves only when a player's Influence reaches the control level
    state = city([K, None, S], control=S)
    cities.drop(state, S, "edessa", "Presence.Influence.3")
    assert state.influence["edessa"] == [K, S, None]
    assert state.control["edessa"] == S


def test_drop_changes_places_with_the_marker_below() -> None:
    # push_down: the pushed marker and the one below change places; nobody else moves
    state = city([K, S, B], control=B)
    cities.drop(state, B, "edessa", "push_down")
    assert state.influence["edessa"] == [K, B, S]
    assert state.control["edessa"] == S  # R10d: S reached the control level


def test_drop_from_the_first_level_returns_the_marker_to_its_supply() -> None:
    # Presence.Influence.4
    state = city([K, None, None])
    cities.drop(state, K, "edessa", "push_down")
    assert state.influence["edessa"] == [None, None, None]


def test_swap_up_trades_places_with_the_marker_above() -> None:
    # Presence.Example (L594-L599): the Byzantine Influence rises as the Seljuk one drops
    state = city([B, S, None])
    cities.swap_up(state, B, "edessa", "Presence.Example")
    assert state.influence["edessa"] == [S, B, None]


def test_swap_up_onto_the_control_level_takes_control() -> None:
    state = city([None, B, K], control=K)
    cities.swap_up(state, B, "edessa", "Presence.Example")
    assert state.influence["edessa"] == [None, K, B]
    assert state.control["edessa"] == B


@pytest.mark.parametrize(
    ("levels", "level", "falling"),
    [([B, S, None], 1, [S, B]), ([None, S, K], 2, [K, S]), ([B, S, K, None], 2, [K, S, B])],
)
def test_pushed_names_who_drops_before_the_move(
    levels: list[str | None], level: int, falling: list[str]
) -> None:
    # Presence.Influence.9 needs to know beforehand who a placement would push
    assert cities.pushed(city(levels), "edessa", C, level) == falling


def test_a_controller_with_a_citadel_is_protected() -> None:
    # Presence.Influence.9
    state = city([None, None, K], control=K)
    assert cities.protected(state, "edessa") is None
    state.citadels["edessa"] = K
    assert cities.protected(state, "edessa") == K
    state.control["edessa"] = S  # the Citadel protects only its owner while it holds the marker
    assert cities.protected(state, "edessa") is None
