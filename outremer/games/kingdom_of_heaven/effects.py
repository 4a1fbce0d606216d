"""The effects of the cards pack (docs/kingdom-of-heaven/cards.md, "Effect kinds"), each run by the
rule section it belongs to.

A section registers a handler for each kind it owns (``@handler("reinforce")``) in its own module;
``events.py`` runs a played event effect by effect through :func:`run`. An effect that only
qualifies something under way (a battle's modifier, a siege event's RF) is read by the procedure
it qualifies from the cards played in its frame, and has no handler here.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from .cards import EFFECTS, Effect
from .state import State

Handler = Callable[[State, str, Effect, Mapping[str, Any]], None]
"""A handler: the state, the player whose card it is, the effect, and the context (the card's id
under ``"card"``, and what the event was played in: a space, a siege, a moving force)."""

HANDLERS: dict[str, Handler] = {}


def handler(kind: str) -> Callable[[Handler], Handler]:
    """Register ``fn`` as the handler of the effect ``kind`` (each kind once)."""
    if kind not in EFFECTS:
        raise ValueError(f"no effect kind {kind!r} in the cards pack")

    def register(fn: Handler) -> Handler:
        if kind in HANDLERS:
            raise ValueError(f"effect kind {kind!r} has two handlers")
        HANDLERS[kind] = fn
        return fn

    return register


def run(state: State, player: str, effect: Effect, context: Mapping[str, Any]) -> None:
    """Carry out one effect of ``player``'s card (ValueError for a kind nobody handles: a bug)."""
    fn = HANDLERS.get(str(effect["kind"]))
    if fn is None:
        raise ValueError(f"effect kind {effect['kind']!r} has no handler")
    fn(state, player, effect, context)
