"""The search bot's estimate of each faction's chance (outremer/games/four_powers/evaluation.py)."""

from __future__ import annotations

from outremer.games.four_powers.evaluation import evaluate
from outremer.games.four_powers.state import BYZANTINES, CALIPHATE, CRUSADERS, SELJUK

from .fights import empty as board


def test_more_vp_is_a_better_chance_and_the_chances_add_to_one() -> None:
    # Victory: the most VP wins
    s = board()
    s.vp.update({CRUSADERS: 6, BYZANTINES: 3, CALIPHATE: 3, SELJUK: 0})
    chance = evaluate(s)
    assert chance[CRUSADERS] > chance[BYZANTINES] == chance[CALIPHATE] > chance[SELJUK]
    assert abs(sum(chance.values()) - 1) < 1e-9


def test_a_city_control_marker_counts_for_each_crusade_to_come() -> None:
    # EndCrusade.1, EndGame.1: 1 VP per City Control marker at the end of each Crusade
    s = board()
    s.control["jerusalem"] = SELJUK
    s.vp[CRUSADERS] = 1
    assert evaluate(s)[SELJUK] > evaluate(s)[CRUSADERS]  # 2 VP to come against 1 scored
    s.crusade = 2
    assert evaluate(s)[SELJUK] == evaluate(s)[CRUSADERS]  # 1 VP to come against 1 scored


def test_a_finished_game_gives_its_result() -> None:
    s = board()
    s.result = {"winners": [CALIPHATE], "reason": "", "scores": {}}
    assert evaluate(s) == {CRUSADERS: 0.0, BYZANTINES: 0.0, CALIPHATE: 1.0, SELJUK: 0.0}
