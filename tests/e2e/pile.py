"""A title for the browser checks of the generic game page (tests/e2e/test_page.py): the bare
take-away game (tests/engine/bare.py) with a board (pile_web/board.js) drawn on a map larger than
the window, and points (the counters each role has taken). Its rules are the bare title's (T.1)."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from outremer.engine.game import Action
from tests.engine.bare import BareGame, Pile, taken

WEB = Path(__file__).resolve().parent / "pile_web"


class PileGame(BareGame):
    slug = "pile"
    title = "Pile of counters"

    def web_dir(self) -> Path:
        return WEB

    def view(self, state: Pile, role: str | None) -> dict[str, Any]:
        """The bare view, with the step by an internal id (``phase``, never shown) and by its name."""
        return {**super().view(state, role), "phase": "take_counters", "phase_name": "Taking counters (T.1)"}

    def describe_action(self, state: Pile, role: str, action: Action) -> str:
        n = action[1]
        return f"Take {n} counter{'s' if n != 1 else ''}"

    def points(self, state: Pile) -> Mapping[str, float]:
        """The counters each role has taken."""
        return taken(state)
