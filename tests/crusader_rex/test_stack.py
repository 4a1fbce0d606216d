"""The procedure stack beneath each decision (docs/crusader-rex/state.md, "The stack"): what
frames.derive says of it holds at every decision of random games, so that states of format 1 read
into format 2 go on as they would have, and procedures.at puts a position built by hand there."""

from __future__ import annotations

import json
import random

import pytest

from outremer.games.crusader_rex.frames import FORMAT_1, derive
from outremer.games.crusader_rex.game import CrusaderRex
from outremer.games.crusader_rex.positions import position
from outremer.games.crusader_rex.procedures import at, decisions
from outremer.games.crusader_rex.state import FORMAT, State

G = CrusaderRex()
F, S = "Franks", "Saracens"


def random_game(seed: int, options: dict[str, bool] | None = None) -> list[State]:
    """Every state of a random game, from the set-up to the end."""
    rnd = random.Random(seed)
    s = G.setup(seed, options=options)
    seen = [s.copy()]
    while G.outcome(s) is None:
        role = G.active_roles(s)[0]
        G.apply_in_place(s, role, rnd.choice(G.legal_actions(s, role)))
        seen.append(s.copy())
    return seen


def as_format_1(s: State) -> dict:
    """``s`` as a state of format 1 held it: the phase and who acts, no stack."""
    data = G.to_json(s)
    del data["stack"]
    data.update(format=FORMAT_1, phase=s.phase, active=s.active)
    return data


@pytest.mark.parametrize(("seed", "options"), [(4, None), (5, {"iron_bridge": True, "forced_marches": True})])
def test_the_stack_beneath_every_decision_is_the_derived_one(seed, options):
    kinds, read_back = set(), set()
    for s in random_game(seed, options):
        if s.result is not None:
            assert s.stack == [] and s.phase == "over" and s.active == []
            continue
        kinds.add(s.phase)
        assert s.stack == derive(s.phase, s.active, s.p1, s.mv)
        # A state of format 1 at this point reads back as the very same state: once for each stack
        # and who acts, since reading one (its schema checked) is what costs the time.
        key = json.dumps([s.stack, s.active, s.p1], sort_keys=True)
        if key not in read_back:
            read_back.add(key)
            assert G.to_json(G.from_json(as_format_1(s))) == G.to_json(s)
    assert {"deploy_franks", "card", "move", "combat_turn", "draw", "winter_supply"} <= kinds


def test_at_puts_a_position_at_a_decision_and_play_goes_on_from_there():
    # 4.1: both choose a card; the higher card's side is Player 1 and moves first (5.0).
    s = position(year=1189, turn=2, p1=None)
    s.hands = {F: ["move3_1"], S: ["move1_1"]}
    at(s, "card", F, S)
    assert s.phase == "card" and G.active_roles(s) == (F, S)
    G.apply_in_place(s, S, ("card", "move1_1"))
    assert G.active_roles(s) == (F,)
    G.apply_in_place(s, F, ("card", "move3_1"))
    assert s.p1 == F and s.phase == "move" and s.mv is not None and s.mv["moves"] == 3
    # Player 1's moves end, then Player 2's (4.1, 5.0): the turn beneath goes on.
    G.apply_in_place(s, F, ("end",))
    assert s.phase == "move" and s.mv["side"] == S and s.mv["moves"] == 1


def test_at_refuses_what_is_no_decision_and_changes_nothing():
    s = position()
    before = G.to_json(s)
    for kind in ("lunch", "turn", "battles"):
        with pytest.raises(ValueError, match=kind):
            at(s, kind, F)
    assert G.to_json(s) == before


def test_the_decisions_are_the_phases_views_show():
    # The names a view gives the phase are those of the decisions (encoding.py one-hot encodes them).
    assert decisions() == [
        "assassins",
        "battle_choice",
        "card",
        "combat_deploy",
        "combat_hit",
        "combat_retreat",
        "combat_turn",
        "deploy_franks",
        "deploy_saracens",
        "draw",
        "jihad",
        "manna",
        "move",
        "regroup",
        "siege_end",
        "siege_sally",
        "siege_storm",
        "winter_regroup",
        "winter_replace",
        "winter_supply",
    ]
    assert FORMAT == "outremer/crusader-rex/state/2"
