"""The Third Crusade procedures: the title's registry on the engine's procedure stack.

Every rule section registers the procedures it owns here when imported and pushes the others' by
kind (docs/writing-a-title.md, section 4). A kind pushed but registered by no module is a part of
the rules not built yet (docs/third-crusade/rules.md): the engine refuses to push it
(``ProcedureError``) before anything changes.
"""

from __future__ import annotations

from ...engine.procedures import Procedures
from .state import State

PROCEDURES: Procedures[State] = Procedures("Third Crusade")
