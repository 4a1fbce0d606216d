"""Crusader Rex through the engine's sessions: save, load, replay and undo (docs/architecture.md#undo)."""

from __future__ import annotations

import json
import random

import pytest

from outremer.engine.errors import BadSave, IllegalAction
from outremer.engine.record import load_record, replay, save_record
from outremer.engine.session import Session
from outremer.games.crusader_rex.game import CrusaderRex

G = CrusaderRex()
F, S = "Franks", "Saracens"


def random_session(seed: int, steps: int) -> Session:
    session = Session.new(G, seed, options={"forced_marches": True})
    r = random.Random(seed)
    for _ in range(steps):
        if session.outcome() is not None:
            break
        role = r.choice(session.active_roles())
        session.act(role, r.choice(session.legal_actions(role)))
    return session


@pytest.mark.parametrize("seed", [3, 11])
def test_saved_game_loads_to_the_identical_state(tmp_path, seed):
    session = random_session(seed, 600)
    path = tmp_path / "game.json"
    save_record(path, session.record)
    loaded = Session.from_record(G, load_record(path, expected_game="crusader-rex"))
    assert G.to_json(loaded.state) == G.to_json(session.state)
    assert json.dumps(G.to_json(replay(G, session.record)), sort_keys=True) == json.dumps(
        G.to_json(session.state), sort_keys=True
    )


def test_a_save_with_an_illegal_action_is_refused_naming_it(tmp_path):
    session = random_session(5, 200)
    path = tmp_path / "game.json"
    save_record(path, session.record)
    data = json.loads(path.read_text())
    data["actions"][100][1] = ["step", "saladin", "Atlantis"]  # no such town: never legal
    path.write_text(json.dumps(data))
    with pytest.raises(BadSave, match="action 101"):
        Session.from_record(G, load_record(path))


def test_a_truncated_or_foreign_save_is_refused(tmp_path):
    session = random_session(5, 50)
    path = tmp_path / "game.json"
    save_record(path, session.record)
    text = path.read_text()
    path.write_text(text[: len(text) // 2])
    with pytest.raises(BadSave):
        load_record(path)
    path.write_text(text.replace('"crusader-rex"', '"first-crusade"'))
    with pytest.raises(BadSave):
        load_record(path, expected_game="crusader-rex")


def test_undo_takes_back_own_choices_but_not_across_a_random_draw():
    # docs/architecture.md#undo: undo stops at randomness, a reveal or a change of player.
    session = Session.new(G, 1)
    start = G.to_json(session.state)
    session.act(F, ("seat", "balian", "Ascalon"))
    assert session.can_undo(F)
    session.undo(F)
    assert G.to_json(session.state) == start
    session.act(F, ("done",))  # the Saracen nomads are drawn at random now (3.2)
    assert not session.can_undo(F)
    with pytest.raises(IllegalAction):
        session.undo(F)


def _first_move_phase() -> Session:
    """A new game played to its first move phase (the first seed where a Move card leads)."""
    for seed in range(1, 50):
        session = Session.new(G, seed)
        session.act(F, ("done",))
        session.act(S, ("done",))
        for side in (F, S):
            session.act(side, ("card", max(session.state.hands[side])))  # move3_* sort last
        if session.state.phase == "move":
            return session
    raise AssertionError("no seed reached a move phase")


def test_undo_within_a_move_phase():
    # A group move and its steps can be taken back one by one until the dice roll.
    session = _first_move_phase()
    mover = session.state.active[0]
    before = G.to_json(session.state)
    group = next(a for a in session.legal_actions(mover) if a[0] == "group")
    session.act(mover, group)
    step = next(a for a in session.legal_actions(mover) if a[0] == "step")
    session.act(mover, step)
    assert session.can_undo(mover)
    session.undo(mover)
    session.undo(mover)
    assert G.to_json(session.state) == before
