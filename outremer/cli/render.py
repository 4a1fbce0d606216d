"""Showing a role's view in a terminal: the title's own rendering if it has one, else a generic one.

A title draws its board in text with ``Game.render_text(view)``; where it has none (the default,
None) the view dict is printed key by key.
"""

from __future__ import annotations

import json
from typing import Any

from ..engine.game import Game

# Keys of a view that the play loop shows itself (prompt, menu) or that are too long to print.
SKIPPED_KEYS = frozenset({"prompt", "legal", "legal_actions", "actions", "log"})


def _scalar(value: Any) -> str:
    if value is None:
        return "-"
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def _inline(value: Any) -> str:
    if isinstance(value, (str, int, float, bool)) or value is None:
        return _scalar(value)
    if isinstance(value, list) and all(not isinstance(v, (dict, list)) for v in value):
        return ", ".join(_scalar(v) for v in value) or "(none)"
    return json.dumps(value, ensure_ascii=False, sort_keys=True)


def _label(key: str) -> str:
    return key.replace("_", " ")


def generic_text(view: dict[str, Any]) -> str:
    """A readable plain-text rendering of any view dict."""
    lines: list[str] = []
    for key, value in view.items():
        if key in SKIPPED_KEYS or (key == "phase" and "phase_name" in view):
            continue  # the phase by its rulebook name only, never an internal id (issue 15)
        if isinstance(value, dict) and value:
            lines.append(f"{_label(key)}:")
            for k, v in value.items():
                lines.append(f"  {k}: {_inline(v)}")
        else:
            lines.append(f"{_label(key)}: {_inline(value)}")
    return "\n".join(lines)


def board_text(game: Game[Any], view: dict[str, Any]) -> str:
    """``view`` in words: the title's renderer if it offers one, else :func:`generic_text`."""
    text = game.render_text(view)
    return generic_text(view) if text is None else text


def step_of(view: dict[str, Any]) -> str:
    """The step of play a view is at, by its rulebook name (``phase_name``), else its ``phase``."""
    return str(view.get("phase_name") or view.get("phase") or "")


def without_step(text: str, step: str) -> str:
    """A board's ``text`` without the name of its ``step`` of play: what tells whether the board
    itself changed when the step did."""
    return text.replace(step, "") if step else text
