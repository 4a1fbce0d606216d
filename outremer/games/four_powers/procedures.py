"""The Four Powers procedures: the title's registry on the engine's procedure stack.

Every rule section registers the procedures it owns here when imported and pushes the others' by
kind (docs/writing-a-title.md, section 4); the game class imports every section.
"""

from __future__ import annotations

from ...engine.procedures import Procedures
from .state import State

PROCEDURES: Procedures[State] = Procedures("Four Powers")
