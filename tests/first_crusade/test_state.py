"""The state's plain data: copies are independent, JSON round trips are exact, and the reverse index
of who is where always agrees with ``loc``."""

from __future__ import annotations

import json
import random

import pytest

from outremer.engine.errors import BadSave
from outremer.games.first_crusade.game import FirstCrusade
from outremer.games.first_crusade.state import PLAYER, Locations, State

G = FirstCrusade()


def index_agrees(loc: Locations) -> bool:
    rebuilt: dict[str, set[str]] = {}
    for unit, where in loc.items():
        rebuilt.setdefault(where, set()).add(unit)
    return rebuilt == loc.at


def test_the_index_follows_every_move_and_copies_are_independent() -> None:
    s = G.setup(11)
    r = random.Random(11)
    for _ in range(300):
        if G.outcome(s) is not None:
            break
        before = s.copy()
        G.perform(s, PLAYER, r.choice(G.legal_actions(s, PLAYER)))
        assert index_agrees(s.loc) and index_agrees(before.loc)
        assert before.loc.at is not s.loc.at
    loc = s.loc.copy()
    loc["godfrey"] = "jerusalem"
    assert s.loc["godfrey"] != "jerusalem" or "godfrey" in s.loc.at["jerusalem"]
    assert "godfrey" in loc.at["jerusalem"] and index_agrees(loc)
    with pytest.raises(TypeError):
        del loc["godfrey"]


def test_json_round_trip_is_exact() -> None:
    s = G.setup(3)
    data = json.loads(json.dumps(G.to_json(s)))
    back = G.from_json(data)
    assert G.to_json(back) == G.to_json(s) and index_agrees(back.loc)


def test_a_broken_state_is_refused() -> None:
    data = G.to_json(G.setup(3))
    with pytest.raises(BadSave):
        G.from_json({**data, "format": "something else"})
    with pytest.raises(BadSave):
        G.from_json({k: v for k, v in data.items() if k != "loc"})
    with pytest.raises(BadSave):
        G.from_json({**data, "loc": {**data["loc"], "no_such_unit": "nicaea"}})
    assert isinstance(State.from_json(data), State)
