"""The Winter Supply Step after every Autumn turn (28.0-28.3), with the winter parts of the optional
rules: besieged fortresses (34.5, Siege supply) and Massacre markers (34.6, Massacres).

The ``winter`` frame walks through these stages (28.0 gives the order: Christians, then Muslims):

- ``check``: 28.1, every Christian force (the Christian units of one space) is found in or out of
  supply, and the result logged (:func:`supply_reason`);
- ``boons``: the player may play Supplies markers (wagon) for forces out of supply; ``("go",)`` ends
  the window. ``pilgrimage.winter_boons(state, frame)`` lists the plays; each names the space it
  supplies among its arguments, and only spaces in ``frame["unsupplied"]`` are offered. After
  ``pilgrimage.play_in_winter(state, frame, action)`` has spent the marker, the space is in supply;
- ``camps``: the Camps that supplied a force are expended, back to the Available box (28.1, 33.6);
- ``losses``: 28.2, one die per force out of supply; the player chooses who loses a step
  (a ``winter_losses`` frame per force);
- ``muslims``: 28.3, Muslims outside fortresses and towns go back to their Bin; besieged Muslims
  roll two dice for their survivors (34.5);
- ``massacres``: the Massacre markers are removed (34.6), and the step ends.

Rulings W-1 to W-13 are in docs/first-crusade/rulings-winter.md.
"""

from __future__ import annotations

from ...engine.procedures import Action, Frame, Role
from . import pilgrimage
from .common import (
    BOARD,
    COUNTERS,
    SPACES,
    christians_at,
    contingent,
    control,
    eliminate,
    factor,
    is_fortress,
    is_port,
    log,
    lost_at_sea,
    muslims_at,
    pick,
    reduce,
    roll,
)
from .procedures import GO, PROCEDURES
from .state import BIN, State

CAMP = "a Camp"


def start(state: State) -> None:
    """Begin the Winter Supply Step (28.0)."""
    log(state, "28.0", "Winter: the supply of every force is checked.")
    PROCEDURES.push(state, "winter", stage="check", unsupplied=[], camps=[])


# -- 28.1 Christian supply ---------------------------------------------------------------------------
def supply_reason(state: State, space: str) -> str | None:
    """Why the Christian force in ``space`` is in supply (28.1), or None when it is out of supply.

    The space itself first (unless besieging, 34.5, or massacred, 34.6), then a Christian-controlled
    port one path away (W-1), then a Camp (spent only when it is what supplies the force, W-3). A
    Supplies marker is played later, for the forces still out of supply (W-4)."""
    own = None if _denied(state, space) else _own_supply(state, space)
    if own is not None:
        return own
    port = next((p for p in BOARD.neighbours(space) if _supplying_port(state, p)), None)
    if port is not None:
        return f"next to the port of {SPACES[port].name}"
    return CAMP if space in state.camps else None


def _own_supply(state: State, space: str) -> str | None:
    """28.1: Constantinople, a fortress (a Castle is one, 33.7), a town (a Monastery acts as one,
    33.8) or a port supplies every Christian unit in it (W-2)."""
    s = SPACES[space]
    if s.kind == "constantinople":
        return "Constantinople"
    if space in state.castles:
        return "a Castle"
    if s.is_fortress:
        return "a fortress"
    if s.kind == "town":
        return "a town"
    if space in state.monasteries:
        return "a Monastery"
    return "a port" if s.port else None


def _denied(state: State, space: str) -> bool:
    """The space gives no supply of its own: Christians besieging it (34.5, W-8) or a Massacre
    marker in it (34.6, W-11)."""
    return _besieged(state, space) or space in state.flags["massacres"]


def _besieged(state: State, space: str) -> bool:
    """A siege goes on in ``space``: its marker is there with both sides in the space (34.3)."""
    return space in state.flags["sieges"] and control(state, space) == "contested"


def _supplying_port(state: State, space: str) -> bool:
    """A Christian-controlled port, of any contingent (28.1), that no Massacre has ruined (W-11)."""
    return is_port(space) and control(state, space) == "christian" and space not in state.flags["massacres"]


def _check(state: State, frame: Frame) -> None:
    """28.1 for every Christian force on the map (the Christian units of one space, W-12), in map
    order."""
    for space in SPACES:
        if not christians_at(state, space):
            continue
        why = supply_reason(state, space)
        if why is None:
            frame["unsupplied"].append(space)
            log(state, "28.1", "The Christian force in {space} is out of supply.", space=space)
            continue
        if why == CAMP:
            frame["camps"].append(space)
        log(state, "28.1", "The Christian force in {space} is in supply: {why}.", space=space, why=why)
    frame["stage"] = "boons"


# -- the Supplies marker (Pilgrimage chart: wagon) ---------------------------------------------------
def _boons(state: State, frame: Frame) -> list[Action]:
    """The Supplies plays for forces out of supply (W-4)."""
    if frame["stage"] != "boons" or not frame["unsupplied"]:
        return []
    return [a for a in pilgrimage.winter_boons(state, frame) if _space_of(a) in frame["unsupplied"]]


def _space_of(action: Action) -> str | None:
    return next((a for a in action[1:] if isinstance(a, str) and a in SPACES), None)


def _supplies(state: State, frame: Frame, action: Action) -> None:
    """Play a Supplies marker: every Christian unit in its space is in supply (28.1)."""
    space = _space_of(action)
    pilgrimage.play_in_winter(state, frame, action)
    if space in frame["unsupplied"]:
        frame["unsupplied"].remove(space)
    log(state, "28.1", "Supplies: the Christian force in {space} is in supply.", space=space)


def _expend_camps(state: State, frame: Frame) -> None:
    """28.1, 33.6: a Camp that supplied a force is expended at the end of the check (W-3, W-9)."""
    for space in frame["camps"]:
        state.camps.remove(space)
        log(state, "33.6", "The Camp in {space} is expended.", space=space)
    frame["stage"] = "losses"


# -- 28.2 out of supply ----------------------------------------------------------------------------
def _next_loss(state: State, frame: Frame) -> None:
    """28.2: roll one die for the next force out of supply; that many units are unaffected, every
    other unit loses a step, chosen by the player (W-5)."""
    if not frame["unsupplied"]:
        frame["stage"] = "muslims"
        return
    space = frame["unsupplied"].pop(0)
    units = len(christians_at(state, space))
    if not units:  # removed since the check (32.2)
        return
    (die,) = roll(state, 1)
    lose = max(0, units - die)
    log(
        state,
        "28.2",
        "Out of supply in {space}: die {dice}, {n} of {units} unit(s) lose a step.",
        space=space,
        dice=str(die),
        n=lose,
        units=units,
    )
    if lose:
        PROCEDURES.push(state, "winter_losses", space=space, left=lose, hit=[])


def _pending(state: State, frame: Frame) -> list[str]:
    """The units of the force not yet hit this winter (a unit loses one step at most, 28.2)."""
    return [u for u in christians_at(state, frame["space"]) if u not in frame["hit"]]


def loss_choices(state: State, frame: Frame) -> list[str]:
    """The units worth offering for the next step lost: one of each kind (identical units are
    interchangeable, W-5), in data-pack order."""
    seen: set[tuple[object, ...]] = set()
    out = []
    for unit in _pending(state, frame):
        key = _kind(state, unit)
        if key not in seen:
            seen.add(key)
            out.append(unit)
    return out


def _kind(state: State, unit: str) -> tuple[object, ...]:
    """What tells units apart for a loss: a leader is himself; other units their contingent, type,
    factors and side up."""
    c = COUNTERS[unit]
    if c.is_leader:
        return (unit,)
    return (c.contingent, c.type, c.steps, c.factor, c.reduced, unit in state.reduced)


def _losses_legal(state: State, frame: Frame, role: Role) -> list[Action]:
    choices = loss_choices(state, frame)
    return [("hit", u) for u in choices] if len(choices) > 1 else []


def _losses_perform(state: State, frame: Frame, role: Role, action: Action) -> None:
    _hit(state, frame, str(action[1]))


def _losses_run(state: State, frame: Frame) -> None:
    """One kind of unit left to choose from: it loses the step without asking."""
    choices = loss_choices(state, frame)
    if choices:
        _hit(state, frame, choices[0])
    else:  # the force is gone (32.2)
        PROCEDURES.pop(state, frame)


def _hit(state: State, frame: Frame, unit: str) -> None:
    """The unit loses a step (23.3; W-6); land units left at sea without a fleet are lost (25.1,
    ruling M-25.1)."""
    frame["hit"].append(unit)
    frame["left"] -= 1
    reduce(state, unit, "28.2")
    if frame["left"] <= 0:
        PROCEDURES.pop(state, frame)
    lost_at_sea(state, frame["space"], "25.1")  # may ask which units stay aboard (ruling MV-4)


def _losses_prompt(state: State, frame: Frame, role: Role) -> str:
    name = SPACES[frame["space"]].name
    return f"Winter, out of supply in {name}: choose a unit to lose a step ({frame['left']} to go)."


# -- 28.3 Muslim supply --------------------------------------------------------------------------------
def _muslim_check(state: State, frame: Frame) -> None:
    """28.3: a Muslim force is supplied in a fortress or town, unless a Massacre destroyed its supply
    (34.6, W-11); the others go back to their Bin. The Assassin is always supplied (31.3). Besieged
    Muslims starve instead (34.5)."""
    kept = 0
    for space in SPACES:
        units = [u for u in muslims_at(state, space) if contingent(u) != "assassin"]
        if not units:
            continue
        if _besieged(state, space):
            _starve(state, space, units)
        elif (SPACES[space].kind == "town" or is_fortress(state, space)) and space not in state.flags[
            "massacres"
        ]:
            kept += 1
        else:
            _to_bin(state, space, units)
    if kept:
        log(state, "28.3", "{n} Muslim force(s) in fortresses and towns are in supply.", n=kept)
    frame["stage"] = "massacres"


def _to_bin(state: State, space: str, units: list[str]) -> None:
    """Out of supply, the force goes back to its Bin, leaders included (W-7)."""
    for u in units:
        state.loc[u] = BIN
        state.revealed.discard(u)
    log(
        state,
        "28.3",
        "Out of supply: {n} {bin} unit(s) in {space} go back to their Bin.",
        n=len(units),
        bin=contingent(units[0]).title(),
        space=space,
    )


def _starve(state: State, space: str, units: list[str]) -> None:
    """34.5: two dice give how many besieged Muslim units survive; the others are eliminated, the
    weakest first and non-leaders before leaders of equal strength, equals picked at random (W-10)."""
    dice = roll(state, 2)
    lose = max(0, len(units) - sum(dice))
    log(
        state,
        "34.5",
        "Besieged in {space}: dice {dice}, {n} of {units} Muslim unit(s) are lost.",
        space=space,
        dice=f"{dice[0]} {dice[1]}",
        n=lose,
        units=len(units),
    )
    left = list(units)
    for _ in range(lose):
        weakest = min(_weakness(state, u) for u in left)
        pool = [u for u in left if _weakness(state, u) == weakest]
        victim = pick(state, pool) if len(pool) > 1 else pool[0]
        left.remove(victim)
        eliminate(state, victim, "34.5")


def _weakness(state: State, unit: str) -> tuple[int, bool]:
    return (factor(state, unit), COUNTERS[unit].is_leader)


def _remove_massacres(state: State, frame: Frame) -> None:
    """34.6: Massacre markers stay until the end of the Winter Supply Step (W-13)."""
    for space in state.flags["massacres"]:
        log(state, "34.6", "The Massacre marker in {space} is removed.", space=space)
    state.flags["massacres"] = []
    PROCEDURES.pop(state, frame)


# -- the procedures ----------------------------------------------------------------------------------


def _legal(state: State, frame: Frame, role: Role) -> list[Action]:
    boons = _boons(state, frame)
    return [*boons, GO] if boons else []


def _end_boons(state: State, frame: Frame) -> None:
    """No Supplies marker (more) to play: on to the Camps."""
    frame["stage"] = "camps"


def _perform(state: State, frame: Frame, role: Role, action: Action) -> None:
    if action == GO:
        _end_boons(state, frame)
    else:
        _supplies(state, frame, action)


_STAGES = {
    "check": _check,
    "boons": _end_boons,
    "camps": _expend_camps,
    "losses": _next_loss,
    "muslims": _muslim_check,
    "massacres": _remove_massacres,
}


def _run(state: State, frame: Frame) -> None:
    _STAGES[frame["stage"]](state, frame)


def _prompt(state: State, frame: Frame, role: Role) -> str:
    names = ", ".join(SPACES[s].name for s in frame["unsupplied"])
    return f"Winter: out of supply in {names}. Play a Supplies marker for a force, or go on."


PROCEDURES.procedure("winter", legal=_legal, perform=_perform, run=_run, prompt=_prompt, rule="28.0")
PROCEDURES.procedure(
    "winter_losses",
    legal=_losses_legal,
    perform=_losses_perform,
    run=_losses_run,
    prompt=_losses_prompt,
    rule="28.2",
)
