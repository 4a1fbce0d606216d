"""The phase table: every decision point of Crusader Rex, and the module that owns it.

A phase is a name in ``state.phase``; it owns three functions: the legal actions of a role, how
an action is carried out, and the prompt in words. Rules modules register their phases here with
:func:`phase`; the :class:`~.game.CrusaderRex` class dispatches through :data:`PHASES`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .state import State

Action = tuple[Any, ...]
Legal = Callable[[State, str], list[Action]]
Perform = Callable[[State, str, Action], None]
Prompt = Callable[[State, str], str]


@dataclass(frozen=True)
class Phase:
    name: str
    legal: Legal
    perform: Perform
    prompt: Prompt


PHASES: dict[str, Phase] = {}


def phase(name: str, legal: Legal, perform: Perform, prompt: Prompt | str) -> None:
    """Register the phase ``name`` (each name once)."""
    if name in PHASES:
        raise ValueError(f"phase {name!r} registered twice")
    if isinstance(prompt, str):
        text = prompt

        def prompt_fn(state: State, role: str) -> str:
            return text

        PHASES[name] = Phase(name, legal, perform, prompt_fn)
    else:
        PHASES[name] = Phase(name, legal, perform, prompt)


def set_phase(state: State, name: str, *active: str) -> None:
    """Move the game to phase ``name`` with ``active`` roles to act."""
    state.phase = name
    state.active = list(active)
