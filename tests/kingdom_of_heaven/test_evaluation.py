"""The evaluation for the search bot (evaluation.py): a finished game's result, and a chance that
grows with a side's VP toward its victory condition (§20.2)."""

from __future__ import annotations

from outremer.games.kingdom_of_heaven.evaluation import evaluate
from outremer.games.kingdom_of_heaven.game import KingdomOfHeaven
from outremer.games.kingdom_of_heaven.state import CHRISTIAN, MUSLIM

GAME = KingdomOfHeaven()


def test_a_finished_game_is_its_result() -> None:
    # §20.2: the side meeting its condition wins; neither, a draw, worth 1/2 to each
    state = GAME.setup(1, "B")
    state.result = {"winners": [MUSLIM], "reason": "test", "vp": dict(state.vp)}
    assert evaluate(state) == {CHRISTIAN: 0.0, MUSLIM: 1.0}
    state.result = {"winners": [], "reason": "test", "vp": dict(state.vp)}
    assert evaluate(state) == {CHRISTIAN: 0.5, MUSLIM: 0.5}


def test_more_vp_toward_the_condition_is_a_better_chance() -> None:
    # §20.2: B's Christian wins on reaching his VP mark; more VP make his chance better and the
    # chances of the two sides sum to 1
    state = GAME.setup(1, "B")
    before = evaluate(state)
    assert abs(sum(before.values()) - 1) < 1e-9
    state.vp[CHRISTIAN] += 3
    after = evaluate(state)
    assert after[CHRISTIAN] > before[CHRISTIAN]
    state.turn += 3
    assert evaluate(state)[CHRISTIAN] != after[CHRISTIAN]  # fewer turns left: a surer outcome
