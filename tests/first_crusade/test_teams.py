"""The team game (37.0, option ``teams``; rulings T-n in docs/first-crusade/rulings-teams.md)."""

from __future__ import annotations

from typing import Any

import pytest

from outremer.engine.errors import BadSave
from outremer.games.first_crusade import teams, victory
from outremer.games.first_crusade.game import FirstCrusade
from outremer.games.first_crusade.positions import position
from outremer.games.first_crusade.procedures import PROCEDURES
from outremer.games.first_crusade.state import PLAYER, State

GAME = FirstCrusade()
CRUSADERS, BYZANTINES, ARMENIANS = teams.ROLES
SHIELD = "penance_in_arms"  # a Special Action marker (chart: shield)

TOGETHER = {
    "godfrey": "constantinople",
    "crusader_knights_1": "constantinople",
    "crusader_foot_1": "constantinople",
    "takitios": "constantinople",
    "varangian_guard_1": "constantinople",
    "varangian_guard_2": "constantinople",
    "constantine": "sis",
    "armenian_azats_1": "sis",
}


def team_position(units: dict[str, str], **kw: Any) -> State:
    return position(units, options={"teams": True}, flags={"team": teams.new()}, **kw)


def test_the_team_game_has_a_seat_per_contingent() -> None:
    # 37.0: one player for the Crusaders, one for the Byzantines, one for the Armenians
    assert GAME.roles_for(None, {"teams": True}) == (CRUSADERS, BYZANTINES, ARMENIANS)
    assert GAME.roles_for(None, {"teams": False}) == (PLAYER,)
    state = GAME.setup(3, None, {"teams": True})
    assert set(GAME.active_roles(state)) <= set(teams.ROLES)
    assert GAME.legal_actions(state, PLAYER) == []


def test_each_player_takes_actions_with_his_own_leaders_and_units() -> None:
    # 37.0, ruling T-3: the Byzantine player cannot recruit with a Crusader Leader, and a march he
    # takes from Constantinople takes Byzantine units only
    state = team_position(TOGETHER)
    crusader, byzantine = GAME.legal_actions(state, CRUSADERS), GAME.legal_actions(state, BYZANTINES)
    assert ("recruit", "godfrey") in crusader
    assert ("recruit", "godfrey") not in byzantine
    assert ("march", "constantinople") in byzantine
    GAME.apply_in_place(state, BYZANTINES, ("march", "constantinople"))
    march = state.stack[-1]
    assert march["kind"] == "march"
    assert march["force"] and all(teams.owner(u) == BYZANTINES for u in march["force"])
    # ruling T-3: inside his Action only he decides
    assert GAME.active_roles(state) == (BYZANTINES,)
    assert GAME.legal_actions(state, CRUSADERS) == []
    assert ("take", "crusader_foot_1") not in GAME.legal_actions(state, BYZANTINES)


def test_a_step_ends_when_every_player_has_passed() -> None:
    # 37.0 (who takes each Action is negotiated), ruling T-2: any player may act; 'end' is a pass
    state = team_position(TOGETHER)
    assert GAME.active_roles(state) == (CRUSADERS, BYZANTINES)  # Armenia is not active (30.1)
    GAME.apply_in_place(state, CRUSADERS, ("end",))
    assert GAME.active_roles(state) == (BYZANTINES,)
    assert state.stack[0]["stage"] == "standard" and state.actions == 3
    GAME.apply_in_place(state, BYZANTINES, ("end",))
    assert state.stack[0]["stage"] != "standard" or state.turn > 0  # the step is over (12.1)


def test_a_pass_lasts_until_someone_acts() -> None:
    # ruling T-2: after an Action every player may act again
    state = team_position(TOGETHER)
    GAME.apply_in_place(state, CRUSADERS, ("end",))
    GAME.apply_in_place(state, BYZANTINES, ("recruit", "takitios"))  # 14.0
    assert state.stack[-1]["kind"] == "turn" and state.actions == 2
    assert CRUSADERS in GAME.active_roles(state)


def test_markers_belong_to_their_holder_and_can_be_given() -> None:
    # 37.0 (players can trade Pilgrimage markers), ruling T-5
    state = team_position(TOGETHER, stage="special_boons", available=[SHIELD])
    state.flags["team"]["holders"] = {SHIELD: CRUSADERS}
    assert GAME.active_roles(state) == (CRUSADERS,)
    play = next(a for a in GAME.legal_actions(state, CRUSADERS) if a[0] == "boon")
    assert GAME.legal_actions(state, BYZANTINES) == []
    GAME.apply_in_place(state, CRUSADERS, ("give", SHIELD, BYZANTINES))
    assert state.flags["team"]["holders"][SHIELD] == BYZANTINES
    assert GAME.active_roles(state) == (BYZANTINES,)
    assert play in GAME.legal_actions(state, BYZANTINES)
    GAME.apply_in_place(state, BYZANTINES, play)
    assert state.markers[SHIELD] == "bin" and SHIELD not in state.flags["team"]["holders"]
    assert state.special >= 2  # 12.2, chart: a Special Action marker gives two


def test_a_marker_drawn_is_the_drawing_players() -> None:
    # ruling T-5: the Pilgrimage (13.1) was the Crusader player's choice
    for seed in range(1, 40):
        state = team_position({"godfrey": "antioch", "crusader_foot_1": "antioch"}, seed=seed)
        GAME.apply_in_place(state, CRUSADERS, ("pilgrimage", "godfrey"))
        held = state.flags["team"]["holders"]
        drawn = [m for m, at in state.markers.items() if at == "available"]
        if drawn:
            assert all(held[m] == CRUSADERS for m in drawn)
            return
    pytest.fail("no boon drawn in 40 seeds")


def test_other_choices_go_to_the_player_with_most_units_there() -> None:
    # ruling T-4: broken stacking found outside an Action (10.1): the Byzantines have more units
    units = {"crusader_foot_1": "nicaea", "varangian_guard_1": "nicaea", "varangian_guard_2": "nicaea"}
    state = team_position(units)
    PROCEDURES.push(state, "stacking", space="nicaea", options=["crusader", "byzantine"])
    assert GAME.active_roles(state) == (BYZANTINES,)
    assert ("eliminate", "crusader", "nicaea") in GAME.legal_actions(state, BYZANTINES)


def test_the_team_wins_together_and_each_score_is_a_contribution() -> None:
    # 37.0: a mutual victory; ruling T-6: Jerusalem held by Crusaders is theirs, Sis the Armenians'
    units = {"godfrey": "jerusalem", "constantine": "sis", "varangian_guard_1": "nicaea"}
    state = team_position(units)
    shares = victory.contributions(state)
    total, _ = victory.score(state)
    assert sum(shares.values()) == total
    assert shares[CRUSADERS] >= 10 and shares[ARMENIANS] > 0 and shares[BYZANTINES] > 0
    victory.final(state)
    outcome = GAME.outcome(state)
    assert outcome is not None
    assert outcome.scores == {role: float(n) for role, n in shares.items()}
    assert outcome.winners in ((), teams.ROLES)


def test_a_save_with_broken_team_data_is_refused() -> None:
    state = GAME.setup(5, None, {"teams": True})
    data = GAME.to_json(state)
    data["flags"]["team"]["holders"] = {"penance_in_arms": "Saracens"}
    with pytest.raises(BadSave):
        GAME.from_json(data)
    data = GAME.to_json(GAME.setup(5, None, {}))
    data["flags"]["team"] = teams.new()
    with pytest.raises(BadSave):
        GAME.from_json(data)


@pytest.mark.parametrize("random_seat", [CRUSADERS, BYZANTINES, None])
def test_scripted_bots_play_a_team_game_to_its_end(random_seat: str | None) -> None:
    # 37.0, ruling T-3: each seat's bot plans with its own units only, so its forces form and a game
    # ends (a Byzantine bot planning with Crusader units once took and left units forever)
    from outremer.bots.match import play_match
    from outremer.bots.registry import make_bot

    bots = {
        r: make_bot("random" if r == random_seat else "scripted", GAME, 10 + i)
        for i, r in enumerate(teams.ROLES)
    }
    match = play_match(GAME, bots, seed=1, options={"teams": True}, max_steps=3000)
    assert not match.capped and GAME.outcome(match.state) is not None
    assert all(getattr(b, "errors", 0) == 0 for b in bots.values())
