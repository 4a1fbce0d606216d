"""The First Crusade's procedures: the title's one :class:`~outremer.engine.procedures.Procedures`.

The First Crusade nests procedures: a battle (23.1) may come inside a march (18.0), inside a
Pilgrimage's Ambush (13.2), inside a Jihad event (35.0) or a Muslim Counteroffensive (27.3), all
inside the turn (8.1). Each is a frame on ``state.stack`` (the engine's procedure stack,
docs/architecture.md); the rules modules register their procedures on :data:`PROCEDURES` when
imported (game.py imports them all) and start another section's procedure by pushing its kind.

Every procedure asks the one role of the Christian side, :data:`~.state.PLAYER`: the solitaire
player, or in the team game whichever team player teams.py lets speak for the Christians (37.0).
This module sits at the bottom of the package, with the state: it imports no rules module.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...engine.procedures import Frame, Procedures, Role
from .state import PLAYER, State

SIDE: tuple[Role, ...] = (PLAYER,)
"""Who every procedure asks: the Christians (1.0; the team game's seats are teams.py's)."""


def christians(state: State, frame: Frame) -> Sequence[Role]:
    """Every procedure's deciding role: the Christian side."""
    return SIDE


PROCEDURES: Procedures[State] = Procedures("The First Crusade", christians)
"""The title's procedures by kind, and the stack machine that runs them."""

END = ("end",)
"""End the step under way, leaving its other actions unused (12.0)."""
GO = ("go",)
"""Go on without playing anything more (a window for Pilgrimage markers closes, 13.2)."""
