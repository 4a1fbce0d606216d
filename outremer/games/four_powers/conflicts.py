"""Starting Conflicts (``Conflicts``, ``Battle``, ``Siege``; R5a, R8b).

The ``conflicts`` procedure is pushed for the role whose action allows Conflicts, with how many it
may start (``left``: one per turn in the 1st Crusade, two in the 2nd). The role chooses one at a
time, or ends:

- ``("battle", loc, defender)``: the role has Support in ``loc``'s Region and so has the
  ``defender`` (``Battle``);
- ``("siege", loc)``: the role has Support in ``loc``'s Region and an opponent has Influence in its
  City; the Defender is the other Influence on the highest level (``Siege``);
- ``("end",)``.

Only Locations in play count. When no Conflict can start (a public fact) the procedure ends at
once. The Region of each Conflict becomes the Last Conflict marker's (R8b).
"""

from __future__ import annotations

from ...engine.procedures import Action, Frame
from .battle import start
from .common import name, support_of
from .procedures import PROCEDURES
from .state import State


def besieged(state: State, location: str, attacker: str) -> str | None:
    """The Defender of a Siege of ``location`` by ``attacker``: the other player's Influence on
    the highest level of the City (``Siege``), or None."""
    for role in reversed(state.influence[location]):
        if role is not None and role != attacker:
            return role
    return None


def possible(state: State, role: str) -> list[Action]:
    """The Conflicts ``role`` may start now (``Battle``, ``Siege``)."""
    acts: list[Action] = []
    for loc in state.in_play:
        if support_of(state, role, loc) <= 0:
            continue
        acts += [("battle", loc, r) for r in state.players if r != role and support_of(state, r, loc) > 0]
        if besieged(state, loc, role) is not None:
            acts.append(("siege", loc))
    return acts


def _legal(state: State, frame: Frame, role: str) -> list[Action]:
    if frame["left"] <= 0:
        return []
    acts = possible(state, role)
    return [*acts, ("end",)] if acts else []


def _perform(state: State, frame: Frame, role: str, action: Action) -> None:
    frame.pop("done", None)
    if action[0] == "end":
        state.say("Conflicts", f"{role} starts no more Conflicts.")
        PROCEDURES.pop(state, frame)
        return
    loc = action[1]
    defender = action[2] if action[0] == "battle" else besieged(state, loc, role)
    assert defender is not None
    frame["left"] -= 1
    state.last_conflict = loc  # R8b
    kind = action[0]
    state.say(
        kind.capitalize(), f"{role} starts a {kind.capitalize()} against {defender} in {name(state, loc)}."
    )
    start(state, kind, loc, role, defender)


def _end(state: State, frame: Frame) -> None:
    PROCEDURES.pop(state, frame)


def _prompt(state: State, frame: Frame, role: str) -> str:
    left = frame["left"]
    return f"Start a Battle or a Siege ({left} Conflict{'s' if left != 1 else ''} left this turn), or end."


PROCEDURES.procedure("conflicts", legal=_legal, perform=_perform, run=_end, prompt=_prompt, rule="Conflicts")
