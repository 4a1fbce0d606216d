"""Crusader Rex's procedures (engine.procedures): one :data:`PROCEDURES` for the title, at the
bottom of the package, and the few helpers its rules modules share to push, ask and end.

Two sorts of procedure run a game (docs/crusader-rex/state.md, "The stack"):

- a *decision* asks the roles in its frame's ``"roles"`` list and nothing else: it has a name
  the views show as the phase (``"card"``, ``"move"``, ``"combat_turn"`` ...), legal actions, a
  way to carry one out and a prompt. It is registered with :func:`decision` and opened with
  :func:`ask`; carrying out an action either leaves the frame to ask again or ends it with
  :func:`end`.
- a *sequence* runs by itself (``"game"``, ``"turn"``, ``"event"``, ``"move_phase"``,
  ``"battles"``, ``"draws"``, ``"winter"``): it pushes decisions and other sequences, and carries
  on when they end. A sequence is pushed with the data it starts from under ``"start"``
  (:func:`begin`), which it takes out when it opens (:func:`opening`), so a frame under way holds
  only what cannot be read from the rest of the state.

A rule section hands over by pushing a kind or by ending its frame, so it never imports the
section that comes next. :func:`at` puts a state built by hand at a decision point (frames.py
derives the stack beneath it).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...engine.procedures import Frame, Procedures
from .frames import derive
from .state import State

Action = tuple[Any, ...]
Legal = Callable[[State, str], list[Action]]
Perform = Callable[[State, str, Action], None]
Prompt = Callable[[State, str], str]
Run = Callable[[State, Frame], None]

PROCEDURES: Procedures[State] = Procedures("Crusader Rex")


def decision(kind: str, legal: Legal, perform: Perform, prompt: Prompt | str, rule: str = "") -> None:
    """Register the decision ``kind``: ``legal(state, role)`` lists a role's actions,
    ``perform(state, role, action)`` carries one out (ending the frame with :func:`end` when the
    decision is over), ``prompt`` says what is asked."""
    if isinstance(prompt, str):
        text = prompt

        def say(state: State, frame: Frame, role: str) -> str:
            return text

    else:
        words = prompt

        def say(state: State, frame: Frame, role: str) -> str:
            return words(state, role)

    def choices(state: State, frame: Frame, role: str) -> list[Action]:
        return legal(state, role)

    def carry_out(state: State, frame: Frame, role: str, action: Action) -> None:
        perform(state, role, action)

    PROCEDURES.procedure(kind, legal=choices, perform=carry_out, prompt=say, rule=rule)


def sequence(kind: str, run: Run, rule: str = "") -> None:
    """Register the sequence ``kind``: ``run(state, frame)`` takes one step each time it is the
    innermost frame, pushing what comes next or ending with :func:`end`."""
    PROCEDURES.procedure(kind, run=run, rule=rule)


def ask(state: State, kind: str, *roles: str) -> None:
    """Open the decision ``kind``, asking ``roles`` (a frame pushed as ``PROCEDURES.push`` would,
    without its check that ``kind`` is registered: every decision asked is one of this package's,
    and random play asks one on most actions)."""
    state.stack.append({"kind": kind, "roles": list(roles)})


def begin(state: State, kind: str, start: Any = True, **data: Any) -> None:
    """Push the sequence ``kind``, to open from ``start`` when it first runs; ``data`` stays in
    the frame while it is under way."""
    PROCEDURES.push(state, kind, **data, start=start)


def opening(frame: Frame) -> Any:
    """The data a sequence was pushed with, taken out of its frame the first time it runs; None
    once it is under way."""
    return frame.pop("start", None)


def end(state: State) -> None:
    """End the innermost procedure: the one below carries on (``PROCEDURES.pop`` of the innermost
    frame, with no result to leave below)."""
    state.stack.pop()


def decisions() -> list[str]:
    """Every decision's name, sorted (the phases a view may show, besides "over" and "idle")."""
    return sorted(k for k, p in PROCEDURES.kinds.items() if p.legal is not None)


def at(state: State, kind: str, *roles: str) -> None:
    """Put ``state``, built by hand (positions.py), at the decision ``kind`` asking ``roles``, with
    the procedures under way beneath it that its facts imply (frames.derive): the game and its turn,
    the move phase of ``state.mv``'s side, the event being resolved, the battles, draws or winter.
    Nothing runs: the next action goes on from there as in a game. The working record the decision
    reads (``mv`` for a move, ``fight`` for a battle, ``work`` for a draw, Manna or the winter) is
    the caller's to set; each rules module's ``start_...`` function opens its own instead."""
    if kind not in decisions():
        raise ValueError(f"Crusader Rex has no decision {kind!r}")
    state.stack = derive(kind, list(roles), state.p1, state.mv)
