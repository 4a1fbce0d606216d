"""Session: checked actions and the undo rule (docs/architecture.md#undo)."""

from __future__ import annotations

import json

import pytest

from outremer.engine import BadSave, IllegalAction, Session

from .toy import BLUE, RED, ToyGame


def marching_red(seed: int = 4) -> Session:
    """A session where Red has won the bid with 3 and is about to march."""
    s = Session.new(ToyGame(), seed)
    s.act(RED, ["bid", 3])
    s.act(BLUE, ["bid", 1])
    assert s.active_roles() == (RED,)
    return s


def dump(s: Session) -> str:
    return json.dumps(s.game.to_json(s.state), sort_keys=True)


def test_illegal_act_changes_nothing() -> None:
    s = marching_red()
    before, n = dump(s), len(s.record.actions)
    with pytest.raises(IllegalAction):
        s.act(RED, ["step", 9])
    with pytest.raises(IllegalAction):
        s.act(BLUE, ["done"])
    assert dump(s) == before
    assert len(s.record.actions) == n


def test_undo_own_actions_one_at_a_time() -> None:
    s = marching_red()
    start = dump(s)
    s.act(RED, ["step", 1])
    after_one = dump(s)
    s.act(RED, ["step", 1])
    assert s.can_undo(RED)
    assert s.undo(RED) == ("step", 1)
    assert dump(s) == after_one
    assert s.undo(RED) == ("step", 1)
    assert dump(s) == start
    assert len(s.record.actions) == 2
    # the bid before it passed the turn and revealed the bids: no further
    assert not s.can_undo(RED)
    with pytest.raises(IllegalAction, match="cannot undo"):
        s.undo(RED)
    assert dump(s) == start


def test_no_undo_across_a_die_roll() -> None:
    s = marching_red()
    s.act(RED, ["step", 1])
    s.act(RED, ["gamble"])  # a die roll; Red stays active
    assert RED in s.active_roles()
    assert not s.can_undo(RED)
    assert "randomness" in s.why_not_undo(RED)
    # actions after the roll are undoable again, back to the roll but not past it
    s.act(RED, ["step", 1])
    assert s.can_undo(RED)
    s.undo(RED)
    assert not s.can_undo(RED)
    assert s.record.actions[-1] == (RED, ("gamble",))


def test_no_undo_of_the_other_roles_action() -> None:
    s = marching_red()
    s.act(RED, ["step", 1])
    assert not s.can_undo(BLUE)
    assert "taken by Red" in s.why_not_undo(BLUE)
    with pytest.raises(IllegalAction):
        s.undo(BLUE)


def test_no_undo_after_change_of_player() -> None:
    s = marching_red()
    s.act(RED, ["step", 1])
    s.act(RED, ["done"])  # Blue must roll now
    assert s.active_roles() == (BLUE,)
    assert not s.can_undo(RED)
    assert not s.can_undo(BLUE)


def test_no_undo_of_a_face_down_bid() -> None:
    s = Session.new(ToyGame(), 1)
    s.act(RED, ["bid", 2])  # Red is no longer active: its choice is committed
    assert not s.can_undo(RED)
    assert "nothing" in Session.new(ToyGame(), 1).why_not_undo(RED)


def test_from_record_replays_and_keeps_undo() -> None:
    s = marching_red()
    s.act(RED, ["step", 1])
    again = Session.from_record(s.game, s.record)
    assert dump(again) == dump(s)
    assert again.record == s.record and again.record is not s.record
    assert again.can_undo(RED)
    again.undo(RED)
    assert len(again.record.actions) == 2


def test_from_record_refuses_bad_record() -> None:
    s = marching_red()
    s.record.actions.append((BLUE, ("step", 1)))
    with pytest.raises(BadSave, match=r"action 3 \(Blue"):
        Session.from_record(s.game, s.record)


def test_new_refuses_bad_setup() -> None:
    with pytest.raises(IllegalAction, match="unknown scenario"):
        Session.new(ToyGame(), 1, "moon")
    with pytest.raises(IllegalAction, match="true or false"):
        Session.new(ToyGame(), 1, None, {"gamble": "yes"})
