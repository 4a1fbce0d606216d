"""The undo rule and its explanations, written once in engine/undo.py for the session and the
server (docs/architecture.md#undo)."""

from __future__ import annotations

from outremer.engine import Session
from outremer.engine.undo import Undo

from .toy import BLUE, RED, ToyGame, ToyState


def marching_red() -> tuple[ToyGame, ToyState]:
    """Red has won the bid with 3 and is about to march."""
    s = Session.new(ToyGame(), 4)
    s.act(RED, ["bid", 3])
    s.act(BLUE, ["bid", 1])
    assert s.active_roles() == (RED,)
    return ToyGame(), s.state


def test_a_step_that_keeps_the_turn_may_be_taken_back() -> None:
    game, before = marching_red()
    after = game.apply(before, RED, ["step", 1])
    undo = Undo()
    undo.taken(game, RED, before, after)
    assert undo.can_undo(RED) and undo.why_not(RED, [(RED, ("step", 1))]) == ""
    step = undo.pop()
    assert step.role == RED and step.before is before
    assert not undo.can_undo(RED)


def test_each_refusal_says_why() -> None:
    game, before = marching_red()
    after = game.apply(before, RED, ["step", 1])
    actions = [(RED, ("step", 1))]
    assert Undo().why_not(RED, []) == "nothing has been done yet"

    undo = Undo()
    undo.taken(game, RED, before, after)
    assert undo.why_not(BLUE, actions) == "the last action was taken by Red"  # another seat's action

    by_bot = Undo()
    by_bot.taken(game, RED, before, after, by_person=False)  # a bot's action is never taken back
    assert not by_bot.can_undo(RED)
    assert by_bot.why_not(RED, actions) == "the last action was not taken by a person at this seat"

    rolled = game.apply(after, RED, ["gamble"])  # a die roll: the barrier moves
    undo.taken(game, RED, after, rolled)
    assert not undo.steps  # nothing before it can be taken back either
    assert undo.why_not(RED, [*actions, (RED, ("gamble",))]) == (
        "the last action drew randomness, revealed something, or passed the turn"
    )
