"""Checking a state read from JSON, such as a position written by hand (docs/crusader-rex/state.md).

Its shape is checked against ``data/state.schema.json``; then its facts against the data pack:
every block placed exactly once at a known place, strengths within each block's steps, known
cards dealt at most once, procedures under way the title knows. A state of format 1 is read as
format 2 first (frames.migrate). Anything wrong raises :class:`BadSave` naming it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...engine.datapack import schema
from ...engine.errors import BadSave
from .board import STAGING
from .common import BLOCKS, BOARD, TOWNS
from .frames import FORMAT_1, migrate
from .procedures import PROCEDURES
from .state import FORMAT, State

OFF_MAP_PLACES = {"pool", "aside", "dead"}


def load_state(data: Mapping[str, Any]) -> State:
    """A state from JSON data, checked; raises BadSave saying what is wrong."""
    if isinstance(data, Mapping) and data.get("format") == FORMAT_1:
        data = migrate(data, FORMAT)
    errors = sorted(
        schema(__package__ or __name__, "state").errors(data), key=lambda e: list(e.absolute_path)
    )
    if errors:
        e = errors[0]
        where = "/".join(str(p) for p in e.absolute_path) or "(top)"
        raise BadSave(f"Crusader Rex state: at {where}: {e.message}")
    problems = _facts(data)
    if problems:
        raise BadSave("Crusader Rex state: " + "; ".join(problems[:5]))
    return State.from_json(data)


def _facts(data: Mapping[str, Any]) -> list[str]:
    out: list[str] = []
    loc, steps = data["loc"], data["steps"]
    if set(loc) != set(BLOCKS):
        missing, unknown = sorted(set(BLOCKS) - set(loc)), sorted(set(loc) - set(BLOCKS))
        out.append(f"loc must place every block once (missing {missing[:3]}, unknown {unknown[:3]})")
        return out
    if set(steps) != set(BLOCKS):
        out.append("steps must give every block's strength")
        return out
    for b, where in loc.items():
        info = BLOCKS[b]
        on_board = where in TOWNS or where in STAGING or where == "Masyaf"
        if not on_board and where not in OFF_MAP_PLACES:
            out.append(f"{b} is at unknown place {where!r}")
        elif where in TOWNS and TOWNS[where].no_entry and b != "assassins":
            out.append(f"{b} may not be in {where} (1.12)")
        elif on_board and not 1 <= steps[b] <= info.max_steps:
            out.append(f"{b} at {where} has strength {steps[b]}, not 1-{info.max_steps} (2.11)")
        elif not on_board and steps[b] != 0:
            out.append(f"{b} is off the map ({where}) but has strength {steps[b]}")
    for b in data["castle"]:
        if loc.get(b) not in TOWNS:
            out.append(f"{b} is listed in a castle but is not in a town")
    for b in data["revealed"]:
        if b not in BLOCKS:
            out.append(f"unknown revealed block {b!r}")
    dealt: list[str] = [c for hand in data["hands"].values() for c in hand]
    dealt += [c for c in data["played"].values() if c]
    for c in dealt:
        if c not in BOARD.cards:
            out.append(f"unknown card {c!r}")
    if len(dealt) != len(set(dealt)):
        out.append("a card is dealt twice")
    for frame in data["stack"]:
        kind = frame["kind"]
        if kind not in PROCEDURES.kinds:
            out.append(f"unknown procedure {kind!r} in the stack")
    return out
