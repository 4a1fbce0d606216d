"""The Action cards' action effects (``Actions.3``, ``Cards.Anatomy.5``) and when they may be used.

A card played for Development or Presence whose affiliation matches the player's (``Actions.3``,
``Affiliation.1-2``) lets the player resolve its effect before the action's first step or after
its last, one finished before the other starts: the action's frame offers ``("effect",)`` while
it is ``open`` (no step taken) and again ``after`` its steps; ``("done",)`` ends the action and
forgoes an unused effect. The effect's price, if any, is paid when it starts (R4b, R12).

The nine effects (the data pack's vocabulary): ``gain``; ``swap_up`` and ``push_down`` (the
Citadel protection of ``Presence.Influence.9`` applies, as to the Presence action);
``footmen_per_adjacent_support``; ``free_support``; ``free_move``; ``upgrade``;
``faith_per_church``; ``gold_per_city``. One choice per step; an effect that needs none applies at
once.
"""

from __future__ import annotations

from ...engine.procedures import Action, Frame
from . import cities
from .common import (
    built,
    card,
    data,
    gain,
    level_of,
    move_support,
    name,
    pay,
    presence_left,
    purse,
    score,
    support_of,
)
from .procedures import PROCEDURES
from .state import BUILDINGS, State

UNUSED, USED, NONE = "unused", "used", "none"
"""An action frame's ``effect``: available and not yet used, used, or not available."""
OPEN, ACTING, AFTER = "open", "action", "after"
"""An action frame's ``step``: no step taken yet, steps under way, the action's steps over."""

PAID = {"swap_up", "push_down"}
"""The effects with a price in Gold, paid when they start."""
STEPS = {
    "swap_up": "cities",
    "push_down": None,
    "footmen_per_adjacent_support": None,
    "free_support": "count",
    "free_move": "steps",
    "upgrade": "count",
}
"""The effects that ask the player, with the parameter that says how many choices (None: one)."""


# -- the effect's place in a Development or Presence action (Actions.3) -------------------------
def action_frame(effect: bool) -> dict[str, str]:
    """The keys an action frame needs to offer the card's effect."""
    return {"effect": UNUSED if effect else NONE, "step": OPEN}


def affordable(state: State, role: str, card_id: str) -> bool:
    """Whether ``role`` can pay the effect's price (``swap_up``, ``push_down``)."""
    effect = card(state, card_id).action
    return effect is not None and purse(state, role) >= effect.params.get("pay", 0)


def offer(state: State, frame: Frame, role: str, steps: list[Action]) -> list[Action]:
    """The choices of an action frame: its steps (while the action is under way), the effect
    before the first step or after the last, and ``("done",)``; nothing once the effect used
    after the action (the frame then ends)."""
    usable = frame["effect"] == UNUSED and affordable(state, role, frame["card"])
    if frame["step"] == AFTER:
        return [("effect",), ("done",)] if usable else ([("done",)] if frame["effect"] == UNUSED else [])
    out = list(steps)
    if frame["step"] == OPEN and usable:
        out.append(("effect",))
    out.append(("done",))
    return out


def handle(state: State, frame: Frame, role: str, action: Action) -> bool:
    """Carry out ``("effect",)`` or ``("done",)`` in an action frame; False for a step of the
    action itself. ``("done",)`` after some steps with the effect unused asks once more whether
    to use it (``after``); otherwise it ends the action."""
    if action[0] == "effect":
        frame["effect"] = USED
        state.say("Actions.3", f"{role} resolves the effect of {card(state, frame['card']).name}.")
        start(state, role, frame["card"])
        return True
    if action[0] == "done":
        if frame["step"] == ACTING and frame["effect"] == UNUSED:
            frame["step"] = AFTER
        else:
            PROCEDURES.pop(state, frame)
        return True
    return False


# -- the effects ----------------------------------------------------------------------------------
BUILDING_NAMES = {"church": "Church", "fortress": "Fortress", "citadel": "Citadel"}
MOSQUE = "Mosque"


def building_name(state: State, role: str, kind: str) -> str:
    """A building's name for ``role``: a Muslim faction's Church is a Mosque (``Buildings.Church``)."""
    if kind == "church" and data(state).factions[role].building == "mosque":
        return MOSQUE
    return BUILDING_NAMES[kind]


def upgrade(state: State, role: str, kind: str, key: str) -> None:
    """``role``'s Upgrade marker of ``kind`` moves one space right, unless at the end; reaching a
    starred space scores 1 VP, once (R3a, R3b, ``Victory.1``)."""
    track = data(state).tracks[kind]
    space = state.tracks[role][kind]
    if space >= len(track.values) - 1:
        state.say(key, f"{role}'s {building_name(state, role, kind)} track is at its end already.")
        return
    state.tracks[role][kind] = space + 1
    state.say(
        key,
        f"{role} upgrades its {building_name(state, role, kind)} track to space {space + 2}"
        f" (value {track.values[space + 1]}).",
    )
    if space + 1 in track.stars:
        score(
            state, role, 1, "Victory.1", f"the starred space of the {building_name(state, role, kind)} track"
        )


def start(state: State, role: str, card_id: str) -> None:
    """Resolve the action effect of ``card_id`` for ``role``: at once, or by pushing the
    ``effect`` procedure for its choices."""
    effect = card(state, card_id).action
    assert effect is not None  # offered only for a card with an effect
    kind, params = effect.kind, effect.params
    what = card(state, card_id).name
    if kind == "gain":
        gain(state, role, dict(params), "Actions.3", what)
    elif kind == "faith_per_church":
        gain(state, role, {"faith": built(state, role, "church")}, "Actions.3", what)
    elif kind == "gold_per_city":
        held = sum(1 for r in state.control.values() if r == role)
        gain(state, role, {"gold": held}, "Actions.3", what)
    else:
        if kind in PAID:
            pay(state, role, params["pay"], "Actions.3", what)
        count_key = STEPS[kind]
        left = params[count_key] if count_key else 1
        PROCEDURES.push(
            state, "effect", role=role, roles=[role], card=card_id, effect=kind, left=left, used=[]
        )


def _opponent_above(state: State, role: str, loc: str) -> str | None:
    i = level_of(state, role, loc)
    if i is None or i >= cities.top(state, loc):
        return None
    other = state.influence[loc][i + 1]
    if other is None or cities.protected(state, loc) == other:
        return None
    return other


def _choices(state: State, frame: Frame, role: str) -> list[Action]:
    kind = frame["effect"]
    here = [loc for loc in state.in_play if level_of(state, role, loc) is not None]
    if kind == "swap_up":
        return [
            ("swap", loc) for loc in here if loc not in frame["used"] and _opponent_above(state, role, loc)
        ]
    if kind == "push_down":
        guarded = {loc: cities.protected(state, loc) for loc in here}
        return [
            ("push", loc, r)
            for loc in here
            for r in state.influence[loc]
            if r is not None and r != role and guarded[loc] != r
        ]
    if kind == "footmen_per_adjacent_support":
        return [("city", loc) for loc in here]
    if kind == "free_support":
        return [("support", loc) for loc in here] if presence_left(state, role) > 0 else []
    if kind == "free_move":
        second = state.crusade == 2
        out: list[Action] = []
        for a in state.in_play:
            n = support_of(state, role, a)
            for b in data(state).board.neighbours(a, second):
                out.extend(("move", a, b, k) for k in range(1, n + 1))
        return out
    # upgrade
    tracks = data(state).tracks
    return [("upgrade", k) for k in BUILDINGS if state.tracks[role][k] < len(tracks[k].values) - 1]


def _legal(state: State, frame: Frame, role: str) -> list[Action]:
    if frame["left"] <= 0:
        return []
    return [*_choices(state, frame, role), ("done",)]


def _perform(state: State, frame: Frame, role: str, action: Action) -> None:
    verb = action[0]
    key = "Actions.3"
    if verb == "done":
        PROCEDURES.pop(state, frame)
        return
    frame["left"] -= 1
    if verb == "swap":
        loc = action[1]
        frame["used"].append(loc)
        cities.swap_up(state, role, loc, key)
    elif verb == "push":
        cities.drop(state, action[2], action[1], key)
    elif verb == "city":
        loc = action[1]
        second = state.crusade == 2
        n = sum(1 for b in data(state).board.neighbours(loc, second) if support_of(state, role, b) > 0)
        state.say(key, f"{role} counts {n} adjacent Location(s) with its Support around {name(state, loc)}.")
        gain(state, role, {"footman": n}, key, card(state, frame["card"]).name)
    elif verb == "support":
        loc = action[1]
        state.support[loc][role] = support_of(state, role, loc) + 1
        state.say(key, f"{role} places 1 Support in {name(state, loc)} free.")
    elif verb == "move":
        _, a, b, n = action
        move_support(state, role, a, b, n)
        state.say(key, f"{role} moves {n} Support from {name(state, a)} to {name(state, b)} free.")
    else:
        upgrade(state, role, action[1], key)


def _run(state: State, frame: Frame) -> None:
    PROCEDURES.pop(state, frame)


def _prompt(state: State, frame: Frame, role: str) -> str:
    what = card(state, frame["card"]).name
    return f"The effect of {what}: {frame['left']} choice(s) left, or done (Actions.3)."


PROCEDURES.procedure("effect", legal=_legal, perform=_perform, run=_run, prompt=_prompt, rule="Actions.3")
