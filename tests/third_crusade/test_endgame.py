"""The end of the game (endgame.py): End Game Scoring after the fourth round and the Final Winner of a
two-player Alliance, on positions built for the purpose. Keys are those of
docs/third-crusade/sections.md; Rn of rulings.md."""

from __future__ import annotations

import json

import pytest

from outremer.engine.errors import IllegalAction
from outremer.games.third_crusade import control, endgame, victory, views
from outremer.games.third_crusade.procedures import PROCEDURES
from outremer.games.third_crusade.state import SABOTAGE, State, unit

from .play import GAME, play, snapshot, start


def hold(state: State, regions: dict[str, str]) -> None:
    """Every piece off the map, then one Infantry of the Army given in each Region."""
    for here in state.regions.values():
        here["slots"] = [s if s == SABOTAGE else None for s in here["slots"]]
    for rid, army in regions.items():
        state.regions[rid]["slots"][0] = unit(army, "infantry")


def scoring(state: State) -> State:
    state.stack.clear()
    PROCEDURES.push(state, endgame.SCORING)
    PROCEDURES.settle(state)
    return state


def four(regions: dict[str, str], objectives: dict[str, list[str]], glory: int = 0) -> State:
    state = start("four")
    state.initiative = ["turkoman", "angevin", "ayyubid", "hre"]
    hold(state, regions)
    state.objectives = objectives
    state.glory = glory
    return state


OBJECTIVES = {
    "angevin": ["tripoli", "acre"],
    "hre": ["heraclium", "ascalon"],
    "ayyubid": ["kerak", "damascus"],
    "turkoman": ["aleppo", "antioch"],
}


def test_each_player_in_initiative_order_shows_one_objective_and_scores_its_controlled_cities() -> None:
    # EndGame.2.Example: the Ayyubid Controls Kerak and Damascus from one card: 3 Glory
    state = scoring(four({"kerak": "ayyubid", "damascus": "ayyubid"}, OBJECTIVES, glory=5))
    assert GAME.active_roles(state) == ("turkoman",)  # EndGame.2: in initiative order
    assert GAME.legal_actions(state, "turkoman") == [("reveal", "aleppo"), ("reveal", "antioch")]
    play(state, "turkoman", "reveal", "aleppo")  # it Controls none of its Cities
    assert state.glory == 5 and GAME.active_roles(state) == ("angevin",)
    play(state, "angevin", "reveal", "acre")
    play(state, "ayyubid", "reveal", "kerak")
    assert state.glory == 2  # 3 Glory towards the Muslims
    play(state, "hre", "reveal", "ascalon")
    # EndGame.2: the Alliance with the Glory wins; the pair goes to its Final Winner
    assert state.result is not None and state.result["alliance"] == "crusader"


def test_a_card_not_held_is_refused_unchanged() -> None:
    state = scoring(four({}, OBJECTIVES))
    before = snapshot(state)
    with pytest.raises(IllegalAction):
        play(state, "turkoman", "reveal", "kerak")
    assert snapshot(state) == before


def test_even_glory_goes_to_the_alliance_holding_jerusalem() -> None:
    # EndGame.2, Goal.Tie: a tie goes to the Alliance Controlling Jerusalem
    state = scoring(four({"jerusalem": "hre"}, {a: [] for a in OBJECTIVES}))
    assert state.result is not None and state.result["alliance"] == "crusader"


def test_even_glory_with_jerusalem_held_by_nobody_goes_to_the_muslims() -> None:
    state = scoring(four({}, {a: [] for a in OBJECTIVES}))  # R23
    assert state.result is not None and state.result["alliance"] == "muslim"


def test_a_lone_army_wins_for_its_alliance_at_once() -> None:
    state = start("plutorial")
    hold(state, {"jerusalem": "ayyubid"})
    state.objectives = {"angevin": [], "ayyubid": []}
    scoring(state)  # EndGame.2: 0 Glory, the Muslims hold Jerusalem
    assert state.result is not None and state.result["winners"] == ["ayyubid"]


def test_the_final_winner_example_is_replayed() -> None:
    # EndGame.FinalWinner.Example: the Crusaders win; the Holy Roman Empire wins Faith, the Angevin
    # the Mercantile Cities; the unshown Objectives: 3 Cities (Sidon, Ascalon, Heraclium) against 2
    # (Homs, Tyre), so the Holy Roman Empire is the Final Winner.
    regions = {"sidon": "hre", "ascalon": "hre", "heraclium": "hre", "homs": "angevin", "tyre": "angevin"}
    regions |= {"tripoli": "angevin", "antioch": "angevin"}  # a Mercantile City more than at the set-up
    state = four(regions, {**OBJECTIVES, "hre": ["jaffa", "heraclium"], "angevin": ["kerak", "tyre"]})
    state.faith["crusader"] = ["hre", 2]
    assert control.mercantile_marker(state, "crusader")[0] == "angevin"
    state.stack.clear()
    shown = {"hre": "jaffa", "angevin": "kerak"}
    PROCEDURES.push(state, endgame.FINAL_WINNER, alliance="crusader", reason="a test", shown=shown)
    PROCEDURES.settle(state)
    result = state.result
    assert result is not None and result["winners"] == ["hre"]
    assert result["tiebreakers"] == {"faith": ["hre"], "mercantile": ["angevin"], "objectives": ["hre"]}


def won_by_crusaders(regions: dict[str, str], faith: list[str | int | None], gold: tuple[int, int]) -> State:
    """The Crusaders at 10 Glory at a victory check, the partners' Objectives all hidden."""
    state = four(regions, OBJECTIVES, glory=10)
    state.faith["crusader"] = faith
    state.gold["angevin"], state.gold["hre"] = gold
    state.stack.clear()
    victory.check(state, "a test")  # VictoryCheck: a pair wins; its Final Winner is decided
    PROCEDURES.settle(state)
    return state


def test_a_one_to_nothing_split_is_no_majority_and_goes_to_jerusalem() -> None:
    # R24: Faith to the Angevin, the other two even: 1-0 is no majority, so Jerusalem decides
    # (EndGame.FinalWinner.Tie). Antioch and Aleppo keep the Angevin's two Mercantile Cities of the
    # set-up (the marker centred, R3); Homs (its Tripoli card) and Jerusalem (the Holy Roman
    # Empire's Ascalon card) make one City each on the cards not shown.
    regions = {"jerusalem": "hre", "antioch": "angevin", "aleppo": "angevin", "homs": "angevin"}
    state = won_by_crusaders(regions, ["angevin", 1], (4, 4))
    assert state.result is not None and state.result["winners"] == ["hre"]
    assert state.result["tiebreakers"] == {"faith": ["angevin"], "mercantile": [], "objectives": []}


def test_without_jerusalem_the_richer_partner_wins_and_even_gold_shares_the_victory() -> None:
    state = won_by_crusaders({}, [None, 0], (3, 5))  # EndGame.FinalWinner.Tie: more gold
    assert state.result is not None and state.result["winners"] == ["hre"]
    state = won_by_crusaders({}, [None, 0], (4, 4))  # EndGame.FinalWinner.Shared
    assert state.result is not None and state.result["winners"] == ["angevin", "hre"]


def test_with_every_objective_hidden_each_partner_counts_its_better_card() -> None:
    # EndGame.FinalWinner.3, R44: the Angevin's Tripoli card (Tripoli, Homs) beats the Holy Roman
    # Empire's best (Ascalon), and with Faith to the Angevin that is a majority
    regions = {"tripoli": "angevin", "homs": "angevin", "ascalon": "hre", "acre": "angevin"}
    state = won_by_crusaders(regions, ["angevin", 1], (0, 9))
    assert state.result is not None and state.result["winners"] == ["angevin"]
    assert state.result["tiebreakers"]["objectives"] == ["angevin"]


def test_a_game_of_passes_runs_its_four_rounds_to_end_game_scoring() -> None:
    state = start("plutorial", seed=1)
    while state.result is None:
        role = GAME.active_roles(state)[0]
        legal = GAME.legal_actions(state, role)
        play(state, role, *next((a for a in legal if a[0] == "pass"), legal[0]))
    # Sequence, Upkeep.6, R20: four rounds, the marker moved three times, then End Game Scoring
    keys = [k for k, _, _ in state.log]
    assert keys.count("Round") == 4 and keys.count("Upkeep.6") == 4
    assert keys.index("EndGame.2") > max(i for i, k in enumerate(keys) if k == "Upkeep.6")
    assert state.round == 3 and GAME.outcome(state) is not None


def test_the_objective_not_shown_stays_hidden() -> None:
    # PlayerSetup.H, EndGame.2: twins differing only in the Turkoman's second card look alike to
    # the others once it has shown its first
    one = scoring(four({}, OBJECTIVES))
    other = scoring(four({}, {**OBJECTIVES, "turkoman": ["aleppo", "iconium"]}))
    for state in (one, other):
        play(state, "turkoman", "reveal", "aleppo")
    for role in ("angevin", "ayyubid", None):
        assert json.dumps(views.view(one, role)) == json.dumps(views.view(other, role))
