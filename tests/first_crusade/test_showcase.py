"""What the browser checks and the end-of-game summary read (issue 15): the named positions
(Game.positions), the Victory Points as 6.1 counts them (Game.points), and the step under way by
its rulebook name and rule number (view["phase_name"]), never an internal id."""

from __future__ import annotations

import random
import re

import pytest

from outremer.games.first_crusade import phases, victory
from outremer.games.first_crusade.frames import FRAMES
from outremer.games.first_crusade.game import FirstCrusade
from outremer.games.first_crusade.positions import position
from outremer.games.first_crusade.procedures import PROCEDURES
from outremer.games.first_crusade.state import ELIMINATED, PLAYER, State

G = FirstCrusade()
RULE = re.compile(r"\(\d+\.\d+")
SNAKE = re.compile(r"[a-z]+_[a-z]+")


def replay(name: str) -> State:
    """The named position, each action checked legal before it is taken."""
    p = G.positions()[name]
    state = G.setup(p.seed, p.scenario, p.options)
    for role, action in p.actions:
        assert action in G.legal_actions(state, role), (name, action)
        G.perform(state, role, action)
    return state


def test_the_positions_are_the_start_a_crowded_map_and_a_battle() -> None:
    # Issue 15: "start", "crowded" (the largest stacks), "battle" (a battle being fought), each
    # described, each a game still going on with a decision for the player.
    shown = G.positions()
    assert set(shown) == {"start", "crowded", "battle"}
    for name, p in shown.items():
        assert p.about, name
        state = replay(name)
        assert G.outcome(state) is None and G.active_roles(state) == (PLAYER,), name
    assert shown["start"].actions == ()


def test_the_crowded_position_has_large_stacks_in_several_spaces() -> None:
    # Issue 15: the board must draw large stacks without covering other spaces; this one has two
    # of 16 units or more at once, beside a third.
    view = G.view(replay("crowded"), PLAYER)
    sizes = sorted((len(units) for units in view["spaces"].values()), reverse=True)
    assert sizes[0] >= 16 and sizes[1] >= 16 and sizes[2] >= 5


def test_the_battle_position_is_a_decision_inside_a_battle() -> None:
    # 23.3: the Christians place the hits of a battle of several rounds (23.1(4)).
    state = replay("battle")
    view = G.view(state, PLAYER)
    b = view["battle"]
    assert PROCEDURES.top(state)["kind"] == "battle" and b["hits_on"] == "christian" and b["hits"] > 0
    assert b["rounds"] > 1 and min(len(b["units"]["christian"]), len(b["units"]["muslim"])) >= 3
    assert view["phase_name"] == "Combat (23.0): Combat Results (23.3)"


def test_points_are_the_victory_points_of_6_1() -> None:
    # 6.1: +3 a Pilgrimage fortress (Antioch), +1 another fortress (Nicaea), +1 a Monastery, -1 an
    # eliminated Christian Leader other than Alexios; a fortress the Muslims hold earns nothing.
    s = position(
        {
            "godfrey": "antioch",
            "crusader_foot_1": "nicaea",
            "tancred": "constantinople",
            "kilij_arslan": "iconium",
        }
    )
    s.monasteries.append("philomelium")
    s.loc["stephen"] = ELIMINATED
    assert G.points(s) == {PLAYER: 3 + 1 + 1 - 1}


def test_points_in_the_team_game_are_each_players_share() -> None:
    # 37.0, ruling T-6: each player's contribution; together they make the whole count of 6.1. At
    # the start the Armenians hold their two fortresses, Sis and Vahka (+3 each).
    state = G.setup(3, options={"teams": True})
    points = G.points(state)
    assert points == {"Crusaders": 0, "Byzantines": 0, "Armenians": 6}
    assert sum(points.values()) == victory.score(state)[0]


def decisions(seed: int, options: dict[str, bool]) -> set[str]:
    state = G.setup(seed, options=options)
    r = random.Random(seed)
    names = set()
    for _ in range(1500):
        roles = G.active_roles(state)
        if G.outcome(state) is not None or not roles:
            break
        names.add(G.view(state, roles[0])["phase_name"])
        G.perform(state, roles[0], r.choice(G.legal_actions(state, roles[0])))
    names.add(G.view(state, None)["phase_name"])
    return names


@pytest.mark.parametrize(
    "options", [{}, {"teams": True}, {"siege": True, "massacre": True, "cavalry": True, "kingdoms": True}]
)
def test_every_decision_is_named_as_the_rulebook_names_it(options: dict[str, bool]) -> None:
    # Issue 15: the step under way by its rulebook name with a rule number; no internal id (a
    # procedure's kind or stage, in snake_case) reaches the player.
    names = set().union(*(decisions(seed, options) for seed in range(6)))
    assert len(names) >= 10
    for name in names:
        assert RULE.search(name), name
        assert not SNAKE.search(name), name


def test_every_step_of_every_procedure_has_a_name() -> None:
    # The names cover every kind and stage frames.py declares, met in play or not.
    for kind, shape in FRAMES.items():
        frame: dict[str, object] = {
            "kind": kind,
            "verb": "supplied_leader_sea_move",
            "rule": "25.3",
            "siege": None,
        }
        stages = getattr(shape.__annotations__.get("stage"), "__args__", (None,))
        for stage in stages:
            name = phases.frame_name({**frame, "stage": stage})
            assert RULE.search(name) and not SNAKE.search(name), (kind, stage, name)
