"""The stack of procedures beneath each decision point, read from a state's other facts.

A Crusader Rex state keeps the procedures under way as a stack of frames (procedures.py,
docs/crusader-rex/state.md). Beneath every decision the stack is always the same shape, told by
the decision, who is asked, Player 1 and the move phase under way:

- ``deploy_franks``, ``deploy_saracens`` (3.1, 3.2): the game;
- ``card`` (4.1): the game, the turn (its cards being chosen);
- ``assassins``, ``manna``, ``jihad`` (4.2): the game, the turn (Player 1's or Player 2's part), the
  event;
- ``move`` (5.0): the game, the turn, the Guide or Jihad event if the moves are an event's, the
  move phase;
- the battle decisions (6.x): the game, the turn (its draws next), the battles;
- ``draw`` (7.0): the game, the turn (its end next), the draws;
- ``winter_regroup``, ``winter_supply``, ``winter_replace`` (8.x): the game, the Winter Turn, the
  winter.

So a state of format 1, which named only the decision (``phase``) and who was asked (``active``),
is read into format 2 by :func:`migrate`, and a position built by hand is put at a decision point
by ``procedures.at``. This module imports nothing of the title: state.py reads old states with it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

FORMAT_1 = "outremer/crusader-rex/state/1"

EVENT_DECISIONS = frozenset({"assassins", "manna", "jihad"})
BATTLE_DECISIONS = frozenset(
    {
        "battle_choice",
        "combat_deploy",
        "siege_storm",
        "siege_sally",
        "combat_turn",
        "combat_hit",
        "combat_retreat",
        "siege_end",
        "regroup",
    }
)
WINTER_DECISIONS = frozenset({"winter_regroup", "winter_supply", "winter_replace"})
NONE = frozenset({"idle", "over"})
"""Format 1's phases with no procedure under way: a position not yet started, a game over."""


def derive(kind: str, roles: list[str], p1: str | None, mv: Mapping[str, Any] | None) -> list[dict[str, Any]]:
    """The whole stack at the decision ``kind`` asking ``roles``, Player 1 being ``p1`` and ``mv``
    the move phase under way (or None); ValueError if ``kind`` is no decision."""
    top = {"kind": kind, "roles": list(roles)}
    game = {"kind": "game"}
    if kind in ("deploy_franks", "deploy_saracens"):
        return [game, top]
    if kind == "card":
        return [game, {"kind": "turn", "stage": "revealed"}, top]
    if kind in BATTLE_DECISIONS:
        return [game, {"kind": "turn", "stage": "draws"}, {"kind": "battles"}, top]
    if kind == "draw":
        return [game, {"kind": "turn", "stage": "end"}, {"kind": "draws"}, top]
    if kind in WINTER_DECISIONS:
        return [game, {"kind": "turn", "stage": "close"}, {"kind": "winter"}, top]
    if kind in EVENT_DECISIONS:
        side = roles[0]
        return [game, _turn(side, p1), {"kind": "event", "side": side, "card": kind, "stage": "end"}, top]
    if kind == "move":
        side = mv["side"] if mv else roles[0]
        event = mv.get("event") if mv else None
        stack = [game, _turn(side, p1)]
        if event:
            stack.append({"kind": "event", "side": side, "card": event, "stage": _after_moves(event)})
        return [*stack, {"kind": "move_phase", "side": side}, top]
    raise ValueError(f"no decision {kind!r}")


def _turn(side: str, p1: str | None) -> dict[str, Any]:
    """The turn frame during ``side``'s part (4.1, 4.2, 5.0): Player 2's part comes next, or
    after it the battles or the winter."""
    return {"kind": "turn", "stage": "p2" if side == p1 else "moved"}


def _after_moves(event: str) -> str:
    """What an event's frame does once its moves are made: Jihad names its battle (4.2)."""
    return "jihad" if event == "jihad" else "end"


def migrate(data: Mapping[str, Any], fmt: str) -> dict[str, Any]:
    """A state of format 1 as format ``fmt``: ``phase`` and ``active`` give way to ``stack``
    (empty before a position is started and once the game is over). Anything else is left for
    the state's own checks."""
    out = {k: v for k, v in data.items() if k not in ("phase", "active")}
    out["format"] = fmt
    phase = data.get("phase")
    active = data.get("active")
    if not isinstance(phase, str) or not isinstance(active, list):
        return out  # malformed: the schema says what is missing
    mv = data.get("mv")
    stack: list[dict[str, Any]] = []
    if phase not in NONE and data.get("result") is None:
        try:
            stack = derive(phase, active, data.get("p1"), mv if isinstance(mv, Mapping) else None)
        except (ValueError, IndexError):
            stack = [{"kind": phase, "roles": active}]  # the state's checks name what is wrong
    out["stack"] = stack
    return out
