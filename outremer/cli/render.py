"""Showing a role's view in a terminal: the title's own rendering if it has one, else a generic one.

A title draws its board in text with ``Game.render_text(view)``; where it has none (the default,
None) the view dict is printed key by key.
"""

from __future__ import annotations

import json
from typing import Any

from rich.console import Console

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
        if key in SKIPPED_KEYS:
            continue
        if isinstance(value, dict) and value:
            lines.append(f"{_label(key)}:")
            for k, v in value.items():
                lines.append(f"  {k}: {_inline(v)}")
        else:
            lines.append(f"{_label(key)}: {_inline(value)}")
    return "\n".join(lines)


def show_view(console: Console, game: Game[Any], view: dict[str, Any]) -> None:
    """Print ``view`` with the title's renderer if it offers one, else :func:`generic_text`."""
    text = game.render_text(view)
    console.print(generic_text(view) if text is None else text, markup=False, highlight=False)
