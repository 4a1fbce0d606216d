"""The dice of a Conflict: the roll (``Battle.10``) and the rerolls of Churches and Mosques
(``Buildings.Church.3``, R9c).

Each participant with Support in the Region rolls one custom die per Support, plus the dice of its
``extra_dice`` card effects; a die is a face of the data pack's die (Strength and Wounds), drawn
with the engine's generator. Then each participant that may reroll (one reroll per own Church or
Mosque on the board, plus its ``rerolls`` card effects) is asked in turn, the attacker's side first;
a reroll touches only the player's own dice, and the same die may be rerolled again (R9c). The
window opens on public facts (buildings on the board, revealed cards) and always offers ``done``.
"""

from __future__ import annotations

from ...engine import rng
from ...engine.procedures import Action, Frame
from .common import built, data, support_of
from .procedures import PROCEDURES
from .sides import KINDS, dice_total, key, main, own_effect, participants
from .state import State


def describe(state: State, faces: list[int]) -> str:
    """Dice in words: each face's Strength and Wounds."""
    die = data(state).die
    words = []
    for i in faces:
        f = die[i]
        parts = [f"{f.strength} Strength"] if f.strength else []
        parts += [f"{f.wounds} Wound{'s' if f.wounds != 1 else ''}"] if f.wounds else []
        words.append("+".join(parts) or "blank")
    return ", ".join(words) if words else "no dice"


def roll(state: State, frame: Frame) -> None:
    """``Battle.10``: every participant with Support in the Region rolls its dice at once."""
    faces = len(data(state).die)
    for role in participants(frame):
        count = support_of(state, role, frame["location"]) + own_effect(state, frame, role, "extra_dice")
        if count <= 0:
            continue
        frame["dice"][role] = [rng.below(state, faces) for _ in range(count)]
        state.say(
            key(frame, 10),
            f"{role} rolls {count} {'die' if count == 1 else 'dice'}: {describe(state, frame['dice'][role])}"
            f" ({dice_total(state, frame, role, 'strength')} Strength,"
            f" {dice_total(state, frame, role, 'wounds')} Wounds).",
        )
    state.barrier += 1


def rerollers(state: State, frame: Frame) -> list[str]:
    """The participants who may reroll, the attacker's side first (``Buildings.Church.3``); each
    one's allowance is kept in the frame."""
    out = []
    for role in participants(frame):
        n = built(state, role, "church") + own_effect(state, frame, role, "rerolls")
        if n > 0 and frame["dice"].get(role):
            frame["rerolls"][role] = n
            out.append(role)
    return out


def open_rerolls(state: State, frame: Frame, role: str) -> bool:
    PROCEDURES.push(state, frame["kind"] + "_reroll", roles=[role], role=role)
    return True


def _reroll_legal(state: State, frame: Frame, role: str) -> list[Action]:
    conflict = main(state)
    if conflict["rerolls"].get(role, 0) <= 0:
        return []
    acts: list[Action] = [("reroll", i) for i in range(len(conflict["dice"][role]))]
    return [*acts, ("done",)]


def _reroll(state: State, frame: Frame, role: str, action: Action) -> None:
    conflict = main(state)
    if action[0] == "done":
        conflict["rerolls"][role] = 0
        state.say(key(conflict, 10), f"{role} keeps its dice.")
        return
    i = action[1]
    dice = conflict["dice"][role]
    old = dice[i]
    dice[i] = rng.below(state, len(data(state).die))
    conflict["rerolls"][role] -= 1
    state.barrier += 1
    state.say(
        key(conflict, 10),
        f"{role} rerolls a die ({describe(state, [old])}): {describe(state, [dice[i]])}"
        " (Buildings.Church.3, R9c).",
    )


def _reroll_end(state: State, frame: Frame) -> None:
    PROCEDURES.pop(state, frame)


def _reroll_prompt(state: State, frame: Frame, role: str) -> str:
    conflict = main(state)
    left = conflict["rerolls"].get(role, 0)
    return f"Reroll one of your dice ({left} reroll{'s' if left != 1 else ''} left), or keep them."


for _kind in KINDS:
    PROCEDURES.procedure(
        _kind + "_reroll",
        legal=_reroll_legal,
        perform=_reroll,
        run=_reroll_end,
        prompt=_reroll_prompt,
        rule=f"{_kind.capitalize()}.10",
    )
