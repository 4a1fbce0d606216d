"""The sampler of search bots (sampler.py): a state the player cannot tell from the true one (11.0:
face-down Muslim counters show only their contingent; 3.5: the Bins are drawn blind)."""

from __future__ import annotations

import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from outremer.games.first_crusade import sampler
from outremer.games.first_crusade.common import COUNTERS
from outremer.games.first_crusade.positions import battle_before_the_reveal
from outremer.games.first_crusade.state import PLAYER, State

from .test_hidden import G, perturb, play_to


def dump(state: State) -> str:
    return json.dumps(G.to_json(state), sort_keys=True)


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31 - 1), steps=st.integers(0, 300))
def test_a_sample_looks_the_same_and_ignores_what_is_hidden(seed: int, steps: int) -> None:
    # 11.0: what the player sees is kept; which counter stands face down where is not read
    state = play_to(seed, steps, {"siege": seed % 2 == 0})
    dealt = G.sample(state, PLAYER, random.Random(seed))
    G.from_json(json.loads(dump(dealt)))  # a well-formed state
    assert G.view(dealt, PLAYER) == G.view(state, PLAYER)
    assert G.legal_actions(dealt, PLAYER) == G.legal_actions(state, PLAYER)
    assert G.log(dealt, PLAYER) == G.log(state, PLAYER)
    other = perturb(state, random.Random(seed ^ steps))
    assert dump(G.sample(other, PLAYER, random.Random(seed))) == dump(dealt)


def test_the_face_down_counters_are_dealt_anew() -> None:
    # 7.0: a face-down militia garrisons Nicaea; samples put other Seljuk counters there
    state = G.setup(5)
    there = {G.sample(state, PLAYER, random.Random(k)).loc.at["nicaea"].pop() for k in range(12)}
    assert len(there) > 3 and all(COUNTERS[u].contingent == "seljuk" for u in there)
    assert all(sampler.sample(state, random.Random(k)).rng != state.rng for k in range(5))


def test_a_battle_under_way_goes_on_against_the_counters_dealt() -> None:
    # 23.1: a battle against face-down Muslims before they are revealed; the frame follows the deal
    s = battle_before_the_reveal()
    for k in range(8):
        dealt = G.sample(s, PLAYER, random.Random(k))
        named = {p for p in json.dumps(dealt.stack).replace('"', " ").split() if p in COUNTERS}
        muslims = {u for u in named if COUNTERS[u].contingent in sampler.CONCEALABLE}
        assert muslims <= dealt.loc.at["nicaea"], "the battle names counters that are not there"
        assert G.legal_actions(dealt, PLAYER) == G.legal_actions(s, PLAYER)
