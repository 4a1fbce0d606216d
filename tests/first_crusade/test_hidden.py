"""Hidden information (11.0 fog of war, 3.5 Bins): the view, the log and the legal actions must not
change when only what the player cannot see changes: which unit a face-down Muslim counter is (only
its contingent shows), which units are in the Muslim Bins, and the random generator."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from outremer.engine.rng import fresh
from outremer.games.first_crusade.common import COUNTERS, SPACES
from outremer.games.first_crusade.game import FirstCrusade
from outremer.games.first_crusade.positions import battle_before_the_reveal, position
from outremer.games.first_crusade.state import BIN, PLAYER, State

G = FirstCrusade()
MUSLIM_BINS = ("seljuk", "fatimid")


def play_to(seed: int, steps: int, options: dict[str, bool]) -> State:
    s = G.setup(seed, options=options)
    r = random.Random(seed)
    for _ in range(steps):
        if G.outcome(s) is not None:
            break
        G.perform(s, PLAYER, r.choice(G.legal_actions(s, PLAYER)))
    return s


def concealed(state: State) -> list[str]:
    """Muslim counters the player cannot identify: face down on the map, or in a Muslim Bin."""
    return [
        u
        for u, where in state.loc.items()
        if COUNTERS[u].contingent in MUSLIM_BINS
        and ((where in SPACES and u not in state.revealed) or where == BIN)
    ]


def perturb(state: State, r: random.Random) -> State:
    """Exchange the places of two concealed counters of the same contingent, and reseed."""
    s = state.copy()
    # Reseeded on the same generator: a legacy one would play under the rules of format 1.
    s.rng = fresh(r)
    hidden = concealed(s)
    for _ in range(5):
        a = r.choice(hidden)
        mates = [u for u in hidden if u != a and COUNTERS[u].contingent == COUNTERS[a].contingent]
        if mates:
            b = r.choice(mates)
            s.loc[a], s.loc[b] = s.loc[b], s.loc[a]
    return s


def seen(state: State) -> tuple[object, ...]:
    return (
        G.view(state, PLAYER),
        G.view(state, None),
        G.log(state, PLAYER),
        G.legal_actions(state, PLAYER),
        [G.describe_action(state, PLAYER, a) for a in G.legal_actions(state, PLAYER)],
        G.render_text(G.view(state, PLAYER)),
        G.points(state),  # issue 15: the points charted at the end are public facts only
    )


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 2**31 - 1),
    steps=st.integers(0, 400),
    siege=st.booleans(),
    kingdoms=st.booleans(),
)
def test_views_do_not_depend_on_what_is_concealed(seed: int, steps: int, siege: bool, kingdoms: bool) -> None:
    options = {"siege": siege, "massacre": siege, "cavalry": kingdoms, "kingdoms": kingdoms}
    s = play_to(seed, steps, options)
    r = random.Random(seed ^ steps)
    other = perturb(s, r)
    assert concealed(other) or not concealed(s)
    assert seen(other) == seen(s)


def test_face_down_muslims_show_only_their_contingent() -> None:
    # 11.0: a face-down counter is blank to the player, apart from its contingent's colour.
    s = G.setup(5)
    view = G.view(s, PLAYER)
    hidden = [u for u in view["spaces"]["nicaea"] if u.get("hidden")]
    assert hidden == [{"hidden": True, "contingent": "seljuk"}]
    text = " ".join(e["text"] for e in G.log(s, PLAYER))
    for u, where in s.loc.items():
        if where in SPACES and COUNTERS[u].side == "muslim" and u not in s.revealed:
            assert COUNTERS[u].name not in text


def test_a_battle_does_not_tell_which_face_down_muslims_are_in_it() -> None:
    # 11.0: before 23.1(2) turns them face up, the Muslims in a battle are only their contingent's
    # colour; another face-down leader and unit in their place change nothing the player sees.
    s = battle_before_the_reveal()
    battle = G.view(s, PLAYER)["battle"]
    assert battle["units"]["muslim"] == [{"hidden": True, "contingent": "seljuk"}] * 2
    other = s.copy()
    other.loc["kilij_arslan"], other.loc["duqaq"] = BIN, "nicaea"
    other.loc["seljuk_militia_1"], other.loc["seljuk_horse_archers_3"] = BIN, "nicaea"
    assert seen(other) == seen(s)


def test_a_stack_does_not_tell_where_a_face_down_counter_stands_among_known_ones() -> None:
    # 11.0: a face-down counter beside face-up ones (turned up by Treachery, then joined by a new
    # face-down unit) shows only its contingent; the order of the stack must not tell which it is.
    s = position(
        {"seljuk_horse_archers_4": "nicaea", "seljuk_emir_1": "nicaea"}, revealed=["seljuk_horse_archers_4"]
    )
    other = s.copy()
    other.loc["seljuk_emir_1"], other.loc["seljuk_militia_2"] = BIN, "nicaea"  # before / after it
    stack = G.view(s, PLAYER)["spaces"]["nicaea"]
    assert [u.get("hidden", False) for u in stack] == [False, True]
    assert seen(other) == seen(s)
