"""The Kingdom of Heaven procedures: the title's registry on the engine's procedure stack.

Every rule section registers the procedures it owns here when imported and pushes the others' by
kind (docs/writing-a-title.md, section 4; the kinds and what their frames hold are listed in
docs/kingdom-of-heaven/procedures.md); the game class imports every section.
"""

from __future__ import annotations

from ...engine.procedures import Procedures
from .state import State

PROCEDURES: Procedures[State] = Procedures("Kingdom of Heaven")
