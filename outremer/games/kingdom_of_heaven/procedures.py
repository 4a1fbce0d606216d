"""The Kingdom of Heaven procedures: the title's registry on the engine's procedure stack.

Every rule section registers the procedures it owns here when imported and pushes the others' by
kind (docs/writing-a-title.md, section 4; the kinds and what their frames hold are listed in
docs/kingdom-of-heaven/procedures.md); the game class imports every section.

A procedure that may also run by itself asks only the roles that have a choice, so the stack
reads a role's choices before every decision to learn whether to ask him (in the settle loop and
for the roles to act) as well as to list them. A section whose listing is dear may register
``offers``, a test of whether the role has any choice that stops at the first: it must be true
exactly when ``legal`` lists something, and then stands in for the listing wherever only that is
asked.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ...engine.procedures import Frame, Procedure, Procedures, Role
from .state import State

Offers = Callable[[State, Frame, Role], bool]


@dataclass(frozen=True)
class Offering(Procedure[State]):
    """A procedure that may run by itself, with ``offers``: whether a role has a choice, read
    without listing them all."""

    offers: Offers | None = None

    def asks(self, state: State, frame: Frame) -> tuple[Role, ...]:
        """The named roles that have a choice (Procedure.asks, with ``offers`` for ``legal``)."""
        offers = self.offers
        if offers is None or self.legal is None or self.run is None:
            return super().asks(state, frame)
        return tuple(r for r in self.roles(state, frame) if offers(state, frame, r))


class TitleProcedures(Procedures[State]):
    """The engine's registry, whose ``procedure`` also takes ``offers`` (see the module's text)."""

    def procedure(self, kind: str, *, offers: Offers | None = None, **spec: Any) -> None:
        super().procedure(kind, **spec)
        if offers is not None:
            p = self.kinds[kind]
            self.kinds[kind] = Offering(p.kind, p.roles, p.legal, p.perform, p.run, p.prompt, p.rule, offers)


PROCEDURES = TitleProcedures("Kingdom of Heaven")
