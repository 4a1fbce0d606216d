"""The two sides of a Conflict under way and what their revealed cards do (``Battle``, ``Siege``).

A Battle or a Siege is a frame on the stack (kind ``"battle"`` or ``"siege"``, battle.py) holding
its Location, the attacker, the Defender and each side's Ally, and, once revealed (``Battle.9``),
the cards, Units and Faith of every participant. This module answers questions about that frame;
it changes nothing.

The Conflict effects of the cards (``Battle.9``; any card, whatever its affiliation, R17) mean:

- ``extra_card``: its player adds one more card from hand, face up; that card adds its Strength
  and effect, but its own ``extra_card`` adds nothing (R17);
- ``wounds`` {count}: the other side takes ``count`` more Wounds (``Battle.13``);
- ``shield`` {count}: the card's side takes ``count`` fewer Wounds;
- ``strength_per_support``: 1 Strength per Support of its player in the Region;
- ``battle_strength`` {count} / ``siege_strength`` {count}: that much Strength, in a Battle / in
  a Siege only;
- ``rerolls`` {count}: its player may reroll that many more of its own dice (R9c);
- ``extra_dice`` {count}: its player rolls that many more dice (``Battle.10``);
- ``free_return``: its player's surviving Units go back to its supply without paying
  (``Battle.14``);
- ``cancel``: the Conflict effects of the other side's cards are void (their Strength stays); a
  ``cancel`` is never voided itself.
"""

from __future__ import annotations

from typing import Any

from ...engine.procedures import Frame
from .common import card, data, support_of
from .state import STRENGTH, State

KINDS = ("battle", "siege")
"""The frame kinds of a Conflict under way."""

SIDES = ("attacker", "defender")


def main(state: State) -> Frame:
    """The innermost Conflict under way."""
    for frame in reversed(state.stack):
        if frame["kind"] in KINDS:
            return frame
    raise LookupError("no Conflict under way")


def key(frame: Frame, step: int | str) -> str:
    """The section key of a step of this Conflict: ``Battle.8``, ``Siege.12``."""
    return f"{frame['kind'].capitalize()}.{step}"


def is_siege(frame: Frame) -> bool:
    return bool(frame["kind"] == "siege")


def big(frame: Frame) -> str:
    """The Unit kind besides Footmen a Conflict admits: Knights in a Battle, Siege Towers in a
    Siege (``Units``)."""
    return "tower" if is_siege(frame) else "knight"


def leader(frame: Frame, side: str) -> str:
    return str(frame[side])


def members(frame: Frame, side: str) -> list[str]:
    """The side's leader, then its Ally if it has one."""
    ally = frame["allies"][side]
    return [frame[side]] + ([ally] if ally else [])


def participants(frame: Frame) -> list[str]:
    """Everyone taking part, the attacker's side first (``Battle.8``, R9a)."""
    return members(frame, "attacker") + members(frame, "defender")


def side_of(frame: Frame, role: str) -> str:
    return "attacker" if role in members(frame, "attacker") else "defender"


def other(side: str) -> str:
    return "defender" if side == "attacker" else "attacker"


def unit_cap(state: State, frame: Frame, role: str) -> int:
    """Units ``role`` may commit (``Battle.8``): 2 per own Support in the Region; the besieged
    Defender also 1, plus 1 per Citadel off its player board (``Markers.Influence``,
    ``Buildings.Citadel.3``, R10a)."""
    cap = 2 * support_of(state, role, frame["location"])
    if is_siege(frame) and role == frame["defender"]:
        cap += 1 + data(state).components.buildings_per_kind - state.stock[role]["citadel"]
    return cap


# -- the revealed cards ------------------------------------------------------------------------
def cards_of(frame: Frame, side: str) -> list[str]:
    """The cards the side's leader revealed and added (``Battle.9``); none before the reveal."""
    return list(frame["cards"].get(leader(frame, side), []))


def voided(state: State, frame: Frame, side: str) -> bool:
    """Whether the other side shows a ``cancel`` card, voiding this side's effects."""
    return any(_kind(state, c) == "cancel" for c in cards_of(frame, other(side)))


def effects(state: State, frame: Frame, side: str) -> list[tuple[str, dict[str, Any]]]:
    """The side's card effects in force: kind and parameters, in the order played."""
    if voided(state, frame, side):
        return []
    out = []
    for c in cards_of(frame, side):
        effect = card(state, c).conflict
        if effect is not None:
            out.append((effect.kind, dict(effect.params)))
    return out


def effect_total(state: State, frame: Frame, side: str, kind: str) -> int:
    """The sum of ``count`` over the side's effects of ``kind`` in force."""
    return sum(p.get("count", 1) for k, p in effects(state, frame, side) if k == kind)


def own_effect(state: State, frame: Frame, role: str, kind: str) -> int:
    """An effect of the cards of ``role`` (a leader; an Ally plays none): its total count."""
    side = side_of(frame, role)
    return effect_total(state, frame, side, kind) if role == frame[side] else 0


def _kind(state: State, card_id: str) -> str | None:
    effect = card(state, card_id).conflict
    return effect.kind if effect is not None else None


# -- Strength and Wounds ---------------------------------------------------------------------------
def unit_strength(units: dict[str, int]) -> int:
    return sum(STRENGTH[k] * n for k, n in units.items())


def dice_total(state: State, frame: Frame, role: str, what: str) -> int:
    """The Strength or Wounds of ``role``'s dice (``Battle.10``)."""
    faces = data(state).die
    return sum(getattr(faces[i], what) for i in frame["dice"].get(role, []))
