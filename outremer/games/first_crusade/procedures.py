"""The procedures under way: a stack of frames, each the working data of one rules procedure.

The First Crusade nests procedures: a battle (23.1) may come inside a march (18.0), inside a
Pilgrimage's Ambush (13.2), inside a Jihad event (35.0) or a Muslim Counteroffensive (27.3), all
inside the turn (8.1). Each is a frame on ``state.stack`` (a JSON-native dict whose ``kind`` names
its :class:`Procedure`); the innermost is last. A procedure either asks the player (``legal`` gives
the choices) or runs by itself (``run``), and ends by popping its frame, which hands control back
to the frame below it. :func:`settle` runs frames until the player must decide or the game ends.

Rules modules register their procedures with :func:`procedure` when imported.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .state import State

Action = tuple[Any, ...]
Frame = dict[str, Any]
Legal = Callable[[State, Frame], list[Action]]
Perform = Callable[[State, Frame, Action], None]
Run = Callable[[State, Frame], None]
Prompt = Callable[[State, Frame], str]

MAX_STEPS = 100_000
"""Guard against a procedure that neither asks nor ends (a bug, never a rule)."""


def _nothing(state: State, frame: Frame) -> list[Action]:
    return []


def _cannot_run(state: State, frame: Frame) -> None:
    raise RuntimeError(f"procedure {frame['kind']!r} has nothing to ask and cannot run")


def _cannot_perform(state: State, frame: Frame, action: Action) -> None:
    raise RuntimeError(f"procedure {frame['kind']!r} asks nothing")


@dataclass(frozen=True)
class Procedure:
    kind: str
    legal: Legal
    perform: Perform
    run: Run
    prompt: Prompt


PROCEDURES: dict[str, Procedure] = {}


def procedure(
    kind: str,
    *,
    legal: Legal = _nothing,
    perform: Perform = _cannot_perform,
    run: Run = _cannot_run,
    prompt: Prompt | str = "",
) -> None:
    """Register the procedure ``kind`` (each kind once).

    ``legal`` lists the player's choices in a frame (none: the frame runs by itself with ``run``);
    ``perform`` carries out one of them; ``prompt`` says in words what is asked.
    """
    if kind in PROCEDURES:
        raise ValueError(f"procedure {kind!r} registered twice")
    if isinstance(prompt, str):
        text = prompt

        def prompt_fn(state: State, frame: Frame) -> str:
            return text

        PROCEDURES[kind] = Procedure(kind, legal, perform, run, prompt_fn)
    else:
        PROCEDURES[kind] = Procedure(kind, legal, perform, run, prompt)


def push(state: State, kind: str, **data: Any) -> Frame:
    """Start the procedure ``kind`` inside the one under way; it runs before that one goes on."""
    if kind not in PROCEDURES:
        raise KeyError(f"no procedure {kind!r}")
    frame: Frame = {"kind": kind, **data}
    state.stack.append(frame)
    return frame


def pop(state: State, frame: Frame, **result: Any) -> None:
    """End ``frame`` (the innermost); ``result`` is left for the frame below under ``"done"``."""
    if not state.stack or state.stack[-1] is not frame:
        raise RuntimeError(f"procedure {frame['kind']!r} is not the innermost")
    state.stack.pop()
    if state.stack and result:
        state.stack[-1]["done"] = {"kind": frame["kind"], **result}


def top(state: State) -> Frame | None:
    """The innermost procedure under way (None once the game is over)."""
    return state.stack[-1] if state.stack and state.result is None else None


def settle(state: State, check: Callable[[State], None] | None = None) -> None:
    """Run procedures until the player must choose or the game is over; ``check`` (conditions in
    effect at any time, such as sudden death, 6.3) is applied before every step."""
    for _ in range(MAX_STEPS):
        if check is not None:
            check(state)
        frame = top(state)
        if frame is None:
            return
        proc = PROCEDURES[frame["kind"]]
        if proc.legal(state, frame):
            return
        proc.run(state, frame)
    raise RuntimeError("procedures ran too long without asking the player")


def legal(state: State) -> list[Action]:
    """The player's choices now."""
    frame = top(state)
    return PROCEDURES[frame["kind"]].legal(state, frame) if frame is not None else []


def perform(state: State, action: Action, check: Callable[[State], None] | None = None) -> None:
    """Carry out ``action`` (already checked to be legal) and run on to the next choice."""
    frame = top(state)
    if frame is None:
        raise RuntimeError("the game is over")
    PROCEDURES[frame["kind"]].perform(state, frame, action)
    settle(state, check)


def prompt(state: State) -> str:
    frame = top(state)
    return PROCEDURES[frame["kind"]].prompt(state, frame) if frame is not None else "The game is over."
