"""Every frame has the shape frames.py declares for its kind (issue 14: every frame gets a declared
shape, with the rule behind each field): at every step of random games, with and without the
optional rules, each frame on the stack holds the keys its TypedDict declares, no other, with values
of the declared types. A key written under another name, or left undeclared, fails here."""

from __future__ import annotations

import random
from typing import Any

import pytest

from outremer.engine.registry import get_game
from outremer.games.first_crusade.frames import FRAMES, Battle, Done, March, Turn
from tests.shapes import problems

G = get_game("first-crusade")
OPTIONS = {o.name: True for o in G.options}


def check(stack: list[dict[str, Any]], seen: set[str]) -> list[str]:
    """The frames of ``stack`` that do not fit their kind's shape; ``seen`` collects the kinds."""
    out = []
    for frame in stack:
        shape = FRAMES.get(frame.get("kind", ""))
        if shape is None:
            out.append(f"no shape for {frame!r}")
            continue
        seen.add(frame["kind"])
        out += problems(frame, shape)
    return out


def test_frames_of_random_games_have_their_declared_shapes() -> None:
    seen: set[str] = set()
    for options in ({}, OPTIONS):
        for seed in range(8):
            s = G.setup(seed, None, options)
            r = random.Random(seed)
            while G.outcome(s) is None:
                assert not check(s.stack, seen), (options, seed, s.turn, check(s.stack, seen))
                role = r.choice(G.active_roles(s))
                G.perform(s, role, r.choice(G.legal_actions(s, role)))
    # the games met every kind of frame, so none is declared in vain or left unchecked
    assert seen == FRAMES.keys()


@pytest.mark.parametrize(
    ("frame", "shape"),
    [
        ({"kind": "turn", "stage": "muster"}, Turn),  # no such stage
        ({"kind": "march", "verb": "march"}, March),  # keys missing
        ({"kind": "turn", "stage": "event", "done": {"kind": "battle"}}, Turn),  # a result with no space
        ({"kind": "battle", "stage": "boons", "space": "nicaea", "attacker": "franks"}, Battle),
    ],
)
def test_a_frame_of_another_shape_is_caught(frame: dict[str, Any], shape: Any) -> None:
    assert problems(frame, shape)


def test_a_result_left_below_fits() -> None:
    # 24.0: a battle ends leaving its winner (None for a stalemate) and space to the frame below
    assert not problems({"kind": "battle", "space": "nicaea", "winner": None}, Done)
    assert not problems(
        {"kind": "turn", "stage": "standard", "done": {"kind": "march", "space": "nicaea", "force": []}}, Turn
    )
