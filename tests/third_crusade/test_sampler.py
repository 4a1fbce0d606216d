"""The sampler (sampler.py): a state the role cannot tell from the true one, everything hidden from
it dealt anew, nothing hidden read. Keys are those of docs/third-crusade/sections.md."""

from __future__ import annotations

import json
import random

from outremer.games.third_crusade.common import alliance
from outremer.games.third_crusade.sampler import sample
from outremer.games.third_crusade.state import State

from .play import GAME, kind, start, through


def planning() -> State:
    """A four-player game in Planning with every Army's Orders placed for a while."""
    state = start("four", 3)
    through(state, "strategy_place", "strategy_pick")
    for _ in range(12):
        assert kind(state) == "planning"
        role = GAME.active_roles(state)[0]
        GAME.apply_in_place(state, role, GAME.legal_actions(state, role)[0])
    return state


def down(state: State, army: str) -> dict[str, str]:
    return {
        r: s[alliance(army)]["order"]
        for r, s in state.placed.items()
        if alliance(army) in s and s[alliance(army)]["army"] == army
    }


def seen(state: State, role: str) -> str:
    return json.dumps([GAME.view(state, role), GAME.legal_actions(state, role)], sort_keys=True)


def test_keeps_all_the_role_sees() -> None:
    state = planning()
    for role in state.armies:
        assert seen(sample(state, role, random.Random(1)), role) == seen(state, role)


def test_deals_the_enemies_orders_anew_but_not_the_partners() -> None:
    # Planning.Facing: the Orders of one's Alliance are seen, the other Alliance's are not;
    # PlayerSetup.F: what is behind another screen is not seen either
    state = planning()
    dealt = [sample(state, "angevin", random.Random(k)) for k in range(8)]
    assert any(down(s, "ayyubid") != down(state, "ayyubid") for s in dealt)
    assert all(down(s, "hre") == down(state, "hre") for s in dealt)
    assert all(s.order_box["angevin"] == state.order_box["angevin"] for s in dealt)
    # the partner's screen is hidden too, but it holds the Orders not on the map: the same, shuffled
    assert all(sorted(s.order_box["hre"]) == sorted(state.order_box["hre"]) for s in dealt)
    for s in dealt:  # the same Orders, only elsewhere
        for army in ("ayyubid", "turkoman"):
            assert sorted(s.order_box[army] + list(down(s, army).values())) == sorted(
                state.order_box[army] + list(down(state, army).values())
            )


def test_deals_the_others_objectives_and_keeps_its_own() -> None:
    # PlayerSetup.H: each player's Objective Cards are its secret, even from its partner
    state = start("four", 2)
    dealt = [sample(state, "hre", random.Random(k)) for k in range(8)]
    assert all(s.objectives["hre"] == state.objectives["hre"] for s in dealt)
    assert any(s.objectives["angevin"] != state.objectives["angevin"] for s in dealt)
    for s in dealt:
        assert all(len(s.objectives[a]) == len(state.objectives[a]) for a in state.armies)
        held = [c for a in state.armies for c in s.objectives[a]] + s.objective_deck
        assert sorted(held) == sorted(
            [c for a in state.armies for c in state.objectives[a]] + state.objective_deck
        )


def test_deals_the_cards_others_drew_from_their_deck() -> None:
    # Strategy.Place: each player sees the cards it drew, not the others'
    state = start("four", 4)
    assert kind(state) == "strategy_place"
    dealt = [sample(state, "turkoman", random.Random(k)) for k in range(8)]
    assert all(s.drawn["turkoman"] == state.drawn["turkoman"] for s in dealt)
    assert any(s.drawn["angevin"] != state.drawn["angevin"] for s in dealt)


def test_reads_nothing_hidden() -> None:
    # twins that differ in what the Angevin cannot see (an enemy's face-down Order and the one
    # behind its screen swapped; the others' Objectives swapped) give the same sample
    a = planning()
    b = a.copy()
    region, order = next(iter(down(b, "turkoman").items()))
    hidden = b.order_box["turkoman"][0]
    b.placed[region]["muslim"]["order"], b.order_box["turkoman"][0] = hidden, order
    b.objectives["hre"], b.objectives["ayyubid"] = b.objectives["ayyubid"], b.objectives["hre"]
    assert seen(a, "angevin") == seen(b, "angevin")
    x, y = sample(a, "angevin", random.Random(5)), sample(b, "angevin", random.Random(5))
    assert json.dumps(x.to_json(), sort_keys=True) == json.dumps(y.to_json(), sort_keys=True)
