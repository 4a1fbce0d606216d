"""Actions: normalisation, and apply_in_place refusing bad actions without changing anything."""

from __future__ import annotations

import json
from typing import Any

import pytest

from outremer.engine import IllegalAction, normalize_action

from .toy import BLUE, RED, ToyGame


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        (["bid", 2], ("bid", 2)),
        (("pass",), ("pass",)),
        (["step", "saladin", "Hama"], ("step", "saladin", "Hama")),
    ],
)
def test_normalize_action_accepts_lists_and_tuples(raw: Any, expected: tuple[Any, ...]) -> None:
    assert normalize_action(raw) == expected


@pytest.mark.parametrize(
    "raw",
    [[], (), "bid", None, 3, [1, 2], ["bid", True], ["bid", 1.5], ["bid", None], ["bid", [1]], {"bid": 1}],
)
def test_normalize_action_refuses_malformed(raw: Any) -> None:
    with pytest.raises(IllegalAction, match="malformed action"):
        normalize_action(raw)


def snapshot(game: ToyGame, state: Any) -> str:
    return json.dumps(game.to_json(state), sort_keys=True)


@pytest.mark.parametrize(
    ("role", "action", "words"),
    [
        (RED, ("nonsense",), "not legal"),
        (RED, ("bid", 4), "not legal"),
        (RED, ("bid", "2"), "not legal"),
        (RED, ["bid"], "not legal"),
        (RED, [], "malformed"),
        (RED, [1, 2], "malformed"),
        ("Green", ("bid", 1), "Green may not act now"),
    ],
)
def test_apply_in_place_refuses_and_changes_nothing(role: str, action: Any, words: str) -> None:
    game = ToyGame()
    state = game.setup(5)
    before = snapshot(game, state)
    with pytest.raises(IllegalAction, match=words):
        game.apply_in_place(state, role, action)
    assert snapshot(game, state) == before


def test_wrong_role_is_refused() -> None:
    game = ToyGame()
    state = game.setup(5)
    game.apply_in_place(state, RED, ["bid", 3])
    game.apply_in_place(state, BLUE, ["bid", 1])
    before = snapshot(game, state)
    with pytest.raises(IllegalAction, match="Blue may not act now"):
        game.apply_in_place(state, BLUE, ("step", 1))
    assert snapshot(game, state) == before


def test_apply_returns_new_state_and_leaves_old() -> None:
    game = ToyGame()
    state = game.setup(5)
    before = snapshot(game, state)
    after = game.apply(state, RED, ["bid", 2])
    assert snapshot(game, state) == before
    assert game.to_json(after)["stack"][-1]["sealed"][RED] == ["bid", 2]  # T.2: sealed until both bid


def test_over_game_refuses_everything() -> None:
    game = ToyGame()
    state = game.setup(5, "short")
    while game.outcome(state) is None:
        role = game.active_roles(state)[0]
        game.apply_in_place(state, role, game.legal_actions(state, role)[0])
    with pytest.raises(IllegalAction, match="over"):
        game.apply_in_place(state, RED, ("bid", 1))
