"""The procedure stack (outremer/engine/procedures.py) on small states built for each test.

The "rules" here are the tests' own: each test registers the few procedures it needs on a fresh
:class:`Procedures` and drives a hand-made state (docs/architecture.md#the-procedure-stack).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

import pytest

from outremer.engine.errors import IllegalAction
from outremer.engine.procedures import (
    SEALED,
    Action,
    Frame,
    ProcedureError,
    Procedures,
    public_frame,
    unseal,
)

A, B, C = "A", "B", "C"


@dataclass
class Table:
    """A state with just what the stack needs, a counter and a log."""

    stack: list[Frame] = field(default_factory=list)
    result: Any = None
    count: int = 0
    log: list[str] = field(default_factory=list)


def passing(kind: str, **kw: Any) -> Procedures[Table]:
    """Procedures holding one procedure ``kind`` whose single choice, "pass", pops it."""
    procs: Procedures[Table] = Procedures("test")

    def perform(state: Table, frame: Frame, role: str, action: Action) -> None:
        procs.pop(state, frame, by=role)

    procs.procedure(kind, legal=lambda s, f, r: [("pass",)], perform=perform, **kw)
    return procs


# -- push, pop, find ---------------------------------------------------------------------------
def test_push_pop_and_the_result_left_below() -> None:
    procs = passing("outer", run=lambda s, f: None)
    procs.procedure("inner", run=lambda s, f: None)
    state = Table()
    outer = procs.push(state, "outer", n=1)
    inner = procs.push(state, "inner", n=2)
    assert state.stack == [{"kind": "outer", "n": 1}, {"kind": "inner", "n": 2}]
    assert procs.top(state) is inner and procs.find(state, "outer") is outer
    assert procs.find(state, "nothing") is None
    with pytest.raises(ProcedureError, match="not the innermost"):
        procs.pop(state, outer)
    assert len(state.stack) == 2  # the refused pop took nothing off
    procs.pop(state, inner, hits=3)
    assert state.stack == [outer] and outer["done"] == {"kind": "inner", "hits": 3}
    del outer["done"]
    procs.push(state, "inner")
    procs.pop(state, state.stack[-1])
    assert "done" not in outer  # nothing to report, nothing left
    procs.pop(state, outer, hits=1)
    assert state.stack == []  # the last frame leaves its result to nobody


def test_pushing_an_unknown_kind_is_refused_and_changes_nothing() -> None:
    procs = passing("turn")
    state = Table()
    with pytest.raises(ProcedureError, match="no procedure 'battle'"):
        procs.push(state, "battle")
    assert state.stack == []


def test_top_is_none_once_the_game_is_over() -> None:
    procs = passing("turn", roles=lambda s, f: [A])
    state = Table()
    procs.push(state, "turn")
    state.result = "A wins"
    assert procs.top(state) is None and procs.deciders(state) == ()
    assert procs.legal(state, A) == [] and procs.prompt(state, A) == ""
    with pytest.raises(IllegalAction, match="over"):
        procs.perform(state, A, ("pass",))


# -- settling ----------------------------------------------------------------------------------
def test_settle_runs_frames_until_someone_is_asked() -> None:
    procs = passing("choose", roles=lambda s, f: [A])

    def turn(state: Table, frame: Frame) -> None:
        # Three ticks run by themselves, then A chooses; when A has chosen, the turn ends.
        if "done" in frame:
            state.log.append(f"chosen by {frame['done']['by']}")
            procs.pop(state, frame)
        elif state.count < 3:
            procs.push(state, "tick")
        else:
            procs.push(state, "choose")

    def tick(state: Table, frame: Frame) -> None:
        state.count += 1
        procs.pop(state, frame)

    procs.procedure("turn", run=turn)
    procs.procedure("tick", run=tick)
    state = Table()
    procs.push(state, "turn")
    procs.settle(state)
    assert state.count == 3 and procs.deciders(state) == (A,)
    assert [f["kind"] for f in state.stack] == ["turn", "choose"]
    assert procs.legal(state, A) == [("pass",)] and procs.legal(state, B) == []
    procs.perform(state, A, ("pass",))
    assert state.log == ["chosen by A"] and state.stack == [] and procs.deciders(state) == ()


def test_settle_applies_the_check_before_every_step_and_stops_at_the_end() -> None:
    procs: Procedures[Table] = Procedures("test")

    def tick(state: Table, frame: Frame) -> None:
        state.count += 1

    procs.procedure("tick", run=tick)
    state = Table()
    procs.push(state, "tick")

    def sudden_death(state: Table) -> None:
        if state.count == 5:
            state.result = "over"

    procs.settle(state, sudden_death)
    assert state.count == 5 and state.result == "over"


def test_a_procedure_that_may_run_asks_only_the_roles_with_choices() -> None:
    procs: Procedures[Table] = Procedures("test")
    choices: dict[str, list[Action]] = {A: [], B: [("react",)]}

    def perform(state: Table, frame: Frame, role: str, action: Action) -> None:
        state.log.append(role)
        procs.pop(state, frame)

    def run(state: Table, frame: Frame) -> None:
        state.log.append("nobody")
        procs.pop(state, frame)

    procs.procedure(
        "window", legal=lambda s, f, r: choices[r], perform=perform, run=run, roles=lambda s, f: [A, B]
    )
    state = Table()
    procs.push(state, "window")
    procs.settle(state)
    assert procs.deciders(state) == (B,)  # A has nothing, so is not asked
    choices[B] = []
    assert procs.deciders(state) == ()
    procs.settle(state)
    assert state.log == ["nobody"] and state.stack == []


def test_a_procedure_that_only_asks_asks_every_role_it_names() -> None:
    procs = passing("vote", roles=lambda s, f: [A, B])
    state = Table()
    procs.push(state, "vote")
    procs.settle(state)
    assert procs.deciders(state) == (A, B)


def test_the_default_roles_are_the_frames_own() -> None:
    procs = passing("turn")
    state = Table()
    procs.push(state, "turn", roles=[C])
    assert procs.deciders(state) == (C,) and procs.legal(state, A) == []


# -- the guard ---------------------------------------------------------------------------------
def test_a_procedure_that_neither_asks_nor_ends_trips_the_guard() -> None:
    procs: Procedures[Table] = Procedures("test")
    procs.procedure("stuck", run=lambda s, f: None)
    state = Table()
    procs.push(state, "stuck")
    with pytest.raises(ProcedureError, match="without asking anyone"):
        procs.settle(state)


def test_a_procedure_that_cannot_run_and_asks_nobody_is_an_error() -> None:
    procs = passing("turn", roles=lambda s, f: [])
    state = Table()
    procs.push(state, "turn")
    with pytest.raises(ProcedureError, match="asks nobody and cannot run"):
        procs.settle(state)


# -- registering -------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"legal": lambda s, f, r: []}, "needs both legal and perform"),
        ({"perform": lambda s, f, r, a: None}, "needs both legal and perform"),
        ({}, "neither asks nor runs"),
        ({"prompt": "Choose."}, "neither asks nor runs"),
    ],
)
def test_bad_registrations_are_refused(kwargs: dict[str, Any], message: str) -> None:
    procs: Procedures[Table] = Procedures("test")
    with pytest.raises(ProcedureError, match=message):
        procs.procedure("turn", **kwargs)
    assert procs.kinds == {}


def test_a_kind_is_registered_once() -> None:
    procs = passing("turn", rule="T.1")
    first = procs.get("turn")
    with pytest.raises(ProcedureError, match="registered twice"):
        procs.procedure("turn", run=lambda s, f: None)
    assert procs.get("turn") is first


def test_prompts_name_the_rule() -> None:
    procs = passing("turn", rule="T.1", roles=lambda s, f: [A])
    procs.procedure("battle", run=lambda s, f: None, prompt="Fight ({})", rule="T.2")
    procs.procedure(
        "siege", run=lambda s, f: None, prompt=lambda s, f, r: f"{r} holds {f['town']}", rule="T.3"
    )
    state = Table()
    procs.push(state, "turn")
    assert procs.prompt(state, A) == "turn (T.1)"
    procs.push(state, "battle")
    assert procs.prompt(state, A) == "Fight ({})"
    procs.push(state, "siege", town="Acre")
    assert procs.prompt(state, B) == "B holds Acre"


# -- simultaneous decisions --------------------------------------------------------------------
def simultaneous(resolved: list[dict[str, Action]], roles: tuple[str, ...] = (A, B)) -> Procedures[Table]:
    """A simultaneous "pledge": A pledges 1-3, B and C pledge 10-12; each commitment is logged,
    and the resolution noted."""
    procs: Procedures[Table] = Procedures("test")

    def legal(state: Table, frame: Frame, role: str) -> list[Action]:
        base = 1 if role == A else 10
        return [("pledge", base + i) for i in range(3)]

    def resolve(state: Table, frame: Frame, choices: dict[str, Action]) -> None:
        resolved.append(choices)
        procs.pop(state, frame)

    def committed(state: Table, frame: Frame, role: str, action: Action) -> None:
        state.log.append(f"{role} pledged, {len(frame[SEALED])} so far")

    procs.simultaneous(
        "pledge", roles=lambda s, f: roles, legal=legal, resolve=resolve, rule="T.9", committed=committed
    )
    return procs


def test_a_simultaneous_decision_seals_choices_until_all_have_committed() -> None:
    resolved: list[dict[str, Action]] = []
    procs = simultaneous(resolved)
    state = Table()
    frame = procs.push(state, "pledge")
    assert procs.deciders(state) == (A, B)
    procs.perform(state, A, ("pledge", 2))
    assert frame[SEALED] == {A: ["pledge", 2]}  # JSON-native
    assert procs.deciders(state) == (B,)  # A committed: asked no more
    assert procs.legal(state, A) == [] and procs.legal(state, B) == [("pledge", n) for n in (10, 11, 12)]
    assert resolved == [] and state.stack == [frame]  # nothing resolved while B has not committed
    procs.perform(state, B, ("pledge", 12))
    assert resolved == [{A: ("pledge", 2), B: ("pledge", 12)}]  # all at once, as actions
    assert state.log == ["A pledged, 1 so far", "B pledged, 2 so far"]  # told once sealed
    assert state.stack == []


def test_public_frame_shows_others_only_that_they_committed() -> None:
    procs = simultaneous([])
    state = Table()
    frame = procs.push(state, "pledge")
    procs.perform(state, A, ("pledge", 3))
    assert public_frame(frame, A) == {"kind": "pledge", SEALED: {A: ["pledge", 3]}}
    assert public_frame(frame, B) == {"kind": "pledge", SEALED: {A: True}}
    assert public_frame(frame, None) == {"kind": "pledge", SEALED: {A: True}}
    assert frame[SEALED] == {A: ["pledge", 3]}  # the frame itself is untouched
    assert public_frame({"kind": "turn"}, B) == {"kind": "turn"}


def test_unseal_clears_the_choices_for_another_round() -> None:
    procs = simultaneous([])
    state = Table()
    frame = procs.push(state, "pledge")
    procs.perform(state, A, ("pledge", 1))
    assert unseal(frame) == {A: ("pledge", 1)}
    assert SEALED not in frame and procs.deciders(state) == (A, B)
    assert unseal(frame) == {}


def test_reseal_deals_the_others_choices_anew_and_keeps_the_roles_own() -> None:
    procs = simultaneous([], roles=(A, B, C))
    state = Table()
    frame = procs.push(state, "pledge")
    procs.perform(state, A, ("pledge", 1))
    procs.perform(state, B, ("pledge", 10))
    dealt = set()
    for seed in range(20):
        sample = Table(stack=[dict(frame, **{SEALED: dict(frame[SEALED])})])
        procs.reseal(sample, A, random.Random(seed))
        sealed = sample.stack[0][SEALED]
        assert sealed[A] == ["pledge", 1]  # A's own choice, which A knows
        assert C not in sealed  # C has not committed: nothing to deal
        assert tuple(sealed[B]) in procs.get("pledge").legal(sample, sample.stack[0], B)  # type: ignore[misc]
        dealt.add(sealed[B][1])
    assert dealt == {10, 11, 12}  # B's choice is not kept: A cannot see it
    assert frame[SEALED] == {A: ["pledge", 1], B: ["pledge", 10]}
    same = [Table(stack=[dict(frame, **{SEALED: dict(frame[SEALED])})]) for _ in range(2)]
    for s in same:
        procs.reseal(s, A, random.Random(5))
    assert same[0] == same[1]  # dealt from the sampler's randomness only


# -- out-of-turn decisions ---------------------------------------------------------------------
def test_an_out_of_turn_decision_asks_the_role_its_frame_names() -> None:
    procs: Procedures[Table] = Procedures("test")

    def legal(state: Table, frame: Frame, role: str) -> list[Action]:
        return [("attack",), ("end",)]

    def perform(state: Table, frame: Frame, role: str, action: Action) -> None:
        if action == ("attack",):
            procs.push(state, "react", roles=[B], against=role)
        else:
            procs.pop(state, frame)

    def turn_prompt(state: Table, frame: Frame, role: str) -> str:
        done = frame.get("done")
        return f"B answered {done['answer']}" if done else "Attack or end."

    def react(state: Table, frame: Frame, role: str, action: Action) -> None:
        state.log.append(f"{role}: {action[0]} against {frame['against']}")
        procs.pop(state, frame, answer=action[0])

    procs.procedure("turn", legal=legal, perform=perform, roles=lambda s, f: [A], prompt=turn_prompt)
    procs.procedure("react", legal=lambda s, f, r: [("parry",), ("pass",)], perform=react, rule="T.4")
    state = Table()
    turn = procs.push(state, "turn")
    procs.settle(state)
    procs.perform(state, A, ("attack",))
    # Inside A's turn, B answers: A is not asked until B has.
    assert procs.deciders(state) == (B,)
    assert procs.legal(state, A) == [] and procs.legal(state, B) == [("parry",), ("pass",)]
    assert procs.prompt(state, B) == "react (T.4)"
    procs.perform(state, B, ("parry",))
    assert state.log == ["B: parry against A"] and state.stack == [turn]
    assert procs.deciders(state) == (A,) and procs.prompt(state, A) == "B answered parry"
