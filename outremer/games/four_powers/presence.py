"""The Presence action (``Presence.Influence.1-9``, ``Presence.Support.1-2``, R2, R15).

Any number of steps, each paid at once (R12), until ``("done",)``:

- ``("influence", loc, level)``: a new Influence marker on any level of a City that is, or is
  adjacent to, a Location where the player had Influence at the start of the turn
  (``Presence.Influence.1``, R15), paying that level's Gold; anywhere with no Influence on the
  board at the start of the turn (``Presence.Influence.6``); or a raise of the player's Influence
  in a City where it was at the start of the turn, paying the difference (``Presence.Influence.2``).
  The markers displaced drop (``Presence.Influence.3-4``, R2, cities.place); reaching the control
  level takes the City Control marker (``Presence.Influence.5``). One marker per player per City,
  one per level (``.7``, ``.8``), at most the player's 10 (``Markers``); a controller with its
  Citadel in the City cannot be pushed down (``Presence.Influence.9``).
- ``("support", loc)``: one Support in the Region of a City holding the player's Influence, for
  1 Gold (``Presence.Support.1-2``).

The card's effect, if affiliated, comes before the first step or after the last (``Actions.3``).
"""

from __future__ import annotations

from ...engine.procedures import Action, Frame
from . import cities, effects
from .common import data, level_of, name, pay, presence_left, purse, support_of
from .procedures import PROCEDURES
from .state import State

SUPPORT_PRICE = 1
"""Gold per Support placed (``Presence.Support.1``)."""


def start(state: State, role: str, card_id: str, effect: bool) -> None:
    """Push ``role``'s Presence, played with ``card_id`` (its effect usable if ``effect``); the
    Cities where it has Influence now are those it had at the start of its turn."""
    held = [loc for loc in state.in_play if level_of(state, role, loc) is not None]
    PROCEDURES.push(
        state, "presence", role=role, roles=[role], card=card_id, start=held, **effects.action_frame(effect)
    )


def placements(state: State, frame: Frame, role: str) -> list[tuple[str, int, int]]:
    """Every Influence step open to ``role`` as (location, level, price), its purse aside."""
    start = frame["start"]
    second = state.crusade == 2
    board = data(state).board
    spare = presence_left(state, role) > 0
    out: list[tuple[str, int, int]] = []
    for loc in state.in_play:
        cur = level_of(state, role, loc)
        if cur is None:
            near = not start or loc in start or any(n in start for n in board.neighbours(loc, second))
            if not (spare and near):
                continue
            options = [(lvl, cities.cost(state, loc, lvl)) for lvl in range(cities.top(state, loc) + 1)]
        elif loc in start:
            paid = cities.cost(state, loc, cur)
            options = [
                (lvl, cities.cost(state, loc, lvl) - paid)
                for lvl in range(cur + 1, cities.top(state, loc) + 1)
            ]
        else:
            continue
        guard = cities.protected(state, loc)
        for lvl, gold in options:
            if guard is not None and guard in cities.pushed(state, loc, role, lvl):
                continue  # Presence.Influence.9
            out.append((loc, lvl, gold))
    return out


def _legal(state: State, frame: Frame, role: str) -> list[Action]:
    steps: list[Action] = []
    if frame["step"] != effects.AFTER:
        wallet = purse(state, role)
        steps = [
            ("influence", loc, lvl) for loc, lvl, gold in placements(state, frame, role) if gold <= wallet
        ]
        if wallet >= SUPPORT_PRICE and presence_left(state, role) > 0:
            steps.extend(("support", loc) for loc in state.in_play if level_of(state, role, loc) is not None)
    return effects.offer(state, frame, role, steps)


def _perform(state: State, frame: Frame, role: str, action: Action) -> None:
    if effects.handle(state, frame, role, action):
        return
    frame["step"] = effects.ACTING
    loc = action[1]
    where = name(state, loc)
    if action[0] == "support":
        pay(state, role, SUPPORT_PRICE, "Presence.Support.1", f"a Support in {where}")
        state.support[loc][role] = support_of(state, role, loc) + 1
        state.say("Presence.Support.1", f"{role} places 1 Support in the Region of {where}.")
        return
    lvl = action[2]
    gold = next(g for lc, lv, g in placements(state, frame, role) if lc == loc and lv == lvl)
    raising = level_of(state, role, loc) is not None
    key = "Presence.Influence.2" if raising else "Presence.Influence.1"
    pay(state, role, gold, key, f"Influence in {where}")
    state.say(key, f"{role} {'raises its' if raising else 'places'} Influence in {where} to level {lvl + 1}.")
    cities.place(state, role, loc, lvl, "Presence.Influence.3")


def _run(state: State, frame: Frame) -> None:
    PROCEDURES.pop(state, frame)


def _prompt(state: State, frame: Frame, role: str) -> str:
    if frame["step"] == effects.AFTER:
        return "Resolve the card's effect now, or end the Presence (Actions.3)."
    return "Presence: place or raise Influence, place Support, or end the action (Presence)."


PROCEDURES.procedure("presence", legal=_legal, perform=_perform, run=_run, prompt=_prompt, rule="Presence")
