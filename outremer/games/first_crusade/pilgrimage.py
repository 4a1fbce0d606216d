"""Pilgrimage markers (13.0-13.4, 14.6, 32.5 and the Pilgrimage Marker Explanation Chart).

- :func:`draw`: markers picked from the Pilgrimage Bin. For a Pilgrimage (13.1-13.2) a bane ends
  the draw and acts at once (that is the Pilgrimage Action's, actions.py); for any other cause
  (16.1, 24.0, 27.8, Papal Support, Celestial Wonder) banes go back unplayed. Boons are kept in the
  Available box; mercenaries are placed (13.2, 32.5, 24.0, 35.0), with a ``mercenary`` choice frame
  where the rule lets the player pick the port.
- :func:`reward`, :func:`penalty`, :func:`lose_markers`: the gains and losses of 24.0, 24.1, 13.4.
- Boon plays, every one an action ``("boon", marker, symbol, *args)`` that returns the marker to
  the Bin (13.2): Negotiations (scroll) at the action steps (:func:`anytime`), at the start of the
  Special Actions step and at the start of a battle; Special Action (shield) at the start of the
  Special Actions step (:func:`special_action_boons`); Military Advantage (sword) and Treachery
  (eye) at the start of a battle (:func:`battle_boons`); Treachery and Supplies (wagon) during a
  march (:func:`march_boons`); Supplies in the Winter Supply Step (:func:`winter_boons`). The
  windows' contract with the combat, movement and winter modules is in docs/first-crusade/engine.md.

A marker with several symbols serves for one of them (13.2). Of markers that serve equally, one is
offered: the same symbols, or more symbols than another marker that also serves (ruling P-3).
Rulings P-n: docs/first-crusade/rulings-actions.md.
"""

from __future__ import annotations

from typing import Any

from ...engine.procedures import Action, Frame, Role
from .board import CONSTANTINOPLE
from .common import (
    BOARD,
    COUNTERS,
    MARKERS,
    SPACES,
    activate_armenia,
    christians_at,
    controlled_by,
    is_port,
    leaders_at,
    log,
    pick,
    reveal,
)
from .indexes import add_special, change_level
from .procedures import PROCEDURES
from .state import State

BOON = "boon"
"""The verb of every boon play."""
NEGOTIATION_FORTRESSES = frozenset(
    [*BOARD.fortresses("pilgrimage"), *BOARD.fortresses("byzantine_objective"), "sis"]
)
"""Where a Christian Leader lets Negotiations be played (chart; ruling P-4)."""
CRUSADERS = ("crusader", "mercenary")
PORTS = tuple(s.id for s in SPACES.values() if s.port and s.is_land)
PLACES = ("space", "port", "choice", "constantinople")
"""Where drawn mercenaries go: ``space`` 13.2/32.5 (land units in ``space``, fleets there if it is a
port, else in Constantinople); ``port`` 24.0 (land units in ``space``, fleets in a Christian-occupied
port or Constantinople, chosen); ``choice`` Papal Support (every mercenary in Constantinople or a
Crusader-controlled port, chosen); ``constantinople`` Celestial Wonder."""


# -- drawing ---------------------------------------------------------------------------------------
def draw(
    state: State,
    n: int,
    *,
    space: str | None,
    leader: str | None,
    mode: str,
    rule: str,
    place: str | None = None,
) -> list[str]:
    """Pick ``n`` markers from the Pilgrimage Bin (as many as it holds) and dispose of them; return
    the markers picked. ``mode`` ``"pilgrimage"``: a Go on a Pilgrimage Action by ``leader`` in
    ``space`` (13.1): picks one at a time and a bane ends the draw (13.2), the last marker picked;
    the bane's effect is the Pilgrimage Action's (actions.pilgrim_draw). ``"keep"``: any other
    cause: all are picked, then boons kept and banes returned unplayed (13.2). ``place`` (one of
    :data:`PLACES`; by default ``space`` when a space is given, else ``constantinople``) says where
    mercenaries go; ``leader`` (or None) is named in the log. May push a frame (a port to choose):
    call it last in a step, once the caller's next stage is set. Ruling P-5."""
    where = place or ("space" if space is not None else "constantinople")
    if where not in PLACES or mode not in ("pilgrimage", "keep") or (mode == "pilgrimage" and space is None):
        raise ValueError(f"cannot draw with mode {mode!r}, space {space!r} and place {where!r}")
    picked: list[str] = []
    for _ in range(n):
        pool = [m for m, at in state.markers.items() if at == "bin" and m not in picked]
        if not pool:
            log(state, rule, "The Pilgrimage Bin is empty.")
            break
        picked.append(pick(state, pool))
        if mode == "pilgrimage" and MARKERS[picked[-1]].kind == "bane":
            break
    for marker in picked:
        _dispose(state, marker, space, leader, mode, rule, where)
    return picked


def _dispose(
    state: State, marker: str, space: str | None, leader: str | None, mode: str, rule: str, where: str
) -> None:
    m = MARKERS[marker]
    if leader is None:
        log(state, rule, "Pilgrimage marker picked: {marker}.", marker=marker)
    else:
        log(state, rule, "{leader} picks the Pilgrimage marker {marker}.", leader=leader, marker=marker)
    if m.kind == "boon":
        state.markers[marker] = "available"
    elif m.kind == "mercenary":
        _mercenary(state, marker, space, rule, where)
    elif mode == "keep":
        log(state, "13.2", "A bane picked outside a Pilgrimage has no effect: back to the Bin.")


def _mercenary(state: State, marker: str, space: str | None, rule: str, where: str) -> None:
    """A mercenary unit enters play (13.2, 14.6, 32.5): placed at once, or its port chosen (ruling
    P-6)."""
    unit = MARKERS[marker].counter
    assert unit is not None
    state.markers[marker] = "unit"
    fleet = COUNTERS[unit].is_fleet
    if where == "choice" or (where == "port" and fleet):
        options = _ports(state, where)
    elif where == "constantinople" or space is None:
        options = [CONSTANTINOPLE]
    else:
        options = [space if not fleet or is_port(space) else CONSTANTINOPLE]
    if len(options) == 1:
        _place(state, unit, options[0], rule)
    else:
        PROCEDURES.push(state, "mercenary", unit=unit, options=options, rule=rule)


def _ports(state: State, where: str) -> list[str]:
    """Constantinople and the ports a mercenary may be placed in: Christian-occupied ports (24.0;
    5.0: occupied with or without enemy units) or Crusader-controlled ports (Papal Support, 35.0)."""
    if where == "port":
        held = [p for p in PORTS if p != CONSTANTINOPLE and christians_at(state, p)]
    else:
        held = [p for p in PORTS if p != CONSTANTINOPLE and controlled_by(state, p, CRUSADERS)]
    return [CONSTANTINOPLE, *held]


def _place(state: State, unit: str, space: str, rule: str) -> None:
    state.loc[unit] = space
    log(state, rule, "{unit} joins the Christians in {space}.", unit=unit, space=space)


def _mercenary_legal(state: State, frame: Frame, role: Role) -> list[Action]:
    return [("place", s) for s in frame["options"]]


def _mercenary_perform(state: State, frame: Frame, role: Role, action: Action) -> None:
    _place(state, frame["unit"], action[1], frame["rule"])
    PROCEDURES.pop(state, frame)


def _mercenary_prompt(state: State, frame: Frame, role: Role) -> str:
    return f"Where does {COUNTERS[frame['unit']].name} enter play?"


PROCEDURES.procedure(
    "mercenary", legal=_mercenary_legal, perform=_mercenary_perform, prompt=_mercenary_prompt, rule="32.5"
)


# -- gains and losses (13.4, 24.0, 24.1) -----------------------------------------------------------
def reward(state: State, space: str, rule: str) -> None:
    """24.0: a victory gains one Special Action and one marker picked: boons kept, land mercenaries
    placed in ``space``, fleets in a Christian-occupied port or Constantinople, banes returned."""
    add_special(state, 1, rule)
    draw(state, 1, space=space, leader=None, mode="keep", rule=rule, place="port")


def penalty(state: State, rule: str) -> None:
    """24.1: a defeat loses one Special Action (never below zero, 12.2) and one boon picked from the
    Available box (13.4)."""
    add_special(state, -1, rule)
    lose_markers(state, 1, rule)


def lose_markers(state: State, n: int, rule: str) -> None:
    """13.4: ``n`` boons picked at random from the Available box go back to the Bin; if fewer are
    there, those (ruling P-9)."""
    for _ in range(n):
        held = available(state)
        if not held:
            return
        marker = pick(state, held)
        state.markers[marker] = "bin"
        log(state, rule, "{marker} is lost: back to the Pilgrimage Bin.", marker=marker)


def available(state: State) -> list[str]:
    """The boons in the Available box, in data-pack order; in the team game, while one player's
    choices are worked out, his own (37.0, ruling T-5)."""
    team = state.flags.get("team")
    if team is not None and team["lens"] is not None:
        mine, held = team["lens"], team["holders"]
        return [m for m, at in state.markers.items() if at == "available" and held.get(m, mine) == mine]
    return [m for m, at in state.markers.items() if at == "available"]


# -- which markers to offer ------------------------------------------------------------------------
def serving(state: State, symbol: str) -> list[str]:
    """The available markers worth offering for ``symbol`` (ruling P-3): one per set of symbols, and
    none whose symbols include all of another such marker's and more."""
    first: dict[tuple[str, ...], str] = {}
    for m in available(state):
        symbols = MARKERS[m].symbols
        if symbol in symbols:
            first.setdefault(tuple(sorted(symbols)), m)
    return [m for key, m in first.items() if not any(set(other) < set(key) for other in first)]


def _plays(state: State, symbol: str, *args: Any) -> list[Action]:
    return [(BOON, m, symbol, *args) for m in serving(state, symbol)]


def is_boon_play(action: Action) -> bool:
    return bool(action) and action[0] == BOON


def _spend(state: State, action: Action, rule: str) -> None:
    marker, symbol = action[1], action[2]
    state.markers[marker] = "bin"
    log(
        state,
        rule,
        "{marker} is played ({symbol}): back to the Pilgrimage Bin.",
        marker=marker,
        symbol=symbol,
    )


# -- Negotiations (scroll) and Special Action (shield) ---------------------------------------------
def negotiations(state: State) -> list[Action]:
    """Negotiations plays (chart): with a Christian Leader in a Byzantine Objective, a Crusader
    Pilgrimage Fortress or Sis, lower the Muslim Reaction Level (if above Low) or activate Armenia
    (once a game, if not yet active)."""
    if not any(negotiator(state, u) for f in NEGOTIATION_FORTRESSES for u in leaders_at(state, f)):
        return []
    plays: list[Action] = []
    if state.reaction > 1:
        plays += _plays(state, "scroll", "level")
    if not state.flags["armenia"] and not state.flags["negotiated_armenia"]:
        plays += _plays(state, "scroll", "armenia")
    return plays


def negotiator(state: State, leader: str) -> bool:
    """A Christian Leader who lets Negotiations be played: an Armenian one only once Armenia is
    activated, for neutral Armenia is not yet the player's (30.0-30.1; ruling P-4)."""
    return COUNTERS[leader].contingent != "armenian" or bool(state.flags["armenia"])


def anytime(state: State) -> list[Action]:
    """Boon plays open at the Standard and Special Actions steps: Negotiations (ruling P-1)."""
    return negotiations(state)


def special_action_boons(state: State) -> list[Action]:
    """At the start of the Special Actions step (12.2, chart): Special Action markers (+2, unless the
    index is at six already, ruling P-8) and Negotiations (ruling P-1)."""
    shields = _plays(state, "shield") if state.special < 6 else []
    return [*shields, *negotiations(state)]


def play(state: State, action: Action) -> None:
    """Play a boon at the turn's steps: Negotiations or Special Action."""
    _spend(state, action, "13.2")
    if action[2] == "shield":
        add_special(state, 2, "12.2")
    else:
        _negotiate(state, action[3])


def _negotiate(state: State, effect: str) -> None:
    if effect == "level":
        change_level(state, -1, "13.3")
    else:
        state.flags["negotiated_armenia"] = True
        activate_armenia(state, "30.1")


# -- Treachery (eye) -------------------------------------------------------------------------------
def examine(state: State) -> None:
    """Treachery: every Muslim unit on the map is examined (chart, ruling P-2): it stands face up."""
    units = [u for u, where in state.loc.items() if where in SPACES and COUNTERS[u].side == "muslim"]
    reveal(state, units)
    log(state, "11.0", "Treachery: every Muslim unit on the map is examined.")


# -- windows inside other procedures ---------------------------------------------------------------
def battle_boons(state: State, frame: Frame) -> list[Action]:
    """At the start of a battle with Christians (23.1, chart): Military Advantage once a battle
    (23.1(3b)), Treachery once a battle when the battle rolls reinforcements (23.1(1), ruling P-7),
    and Negotiations (ruling P-1)."""
    plays: list[Action] = []
    if not frame.get("edge_boon"):
        plays += _plays(state, "sword")
    if frame.get("reinforce") and not frame.get("treachery"):
        plays += _plays(state, "eye")
    return [*plays, *negotiations(state)]


def play_in_battle(state: State, frame: Frame, action: Action) -> None:
    """Sword: +1 to the Christian Tactical Edge (``christian_bonus``, ``edge_boon``); eye: every
    Muslim unit examined and one reinforcement die fewer (``treachery``); scroll: Negotiations."""
    _spend(state, action, "13.2")
    symbol = action[2]
    if symbol == "sword":
        frame["edge_boon"] = True
        frame["christian_bonus"] = frame.get("christian_bonus", 0) + 1
        log(state, "23.1", "Military Advantage: +1 to the Christian Tactical Edge.")
    elif symbol == "eye":
        examine(state)
        frame["treachery"] = True
        log(state, "23.1", "Treachery: one Muslim reinforcement die fewer.")
    else:
        _negotiate(state, action[3])


def march_boons(state: State, frame: Frame, window: str) -> list[Action]:
    """During a march (chart): ``"attrition"``, after a march roll that calls for attrition,
    Supplies cancels it; ``"path"``, before the force enters a space with Muslims, Treachery lets
    it move through that space."""
    if window == "attrition":
        return [] if frame.get("no_attrition") else _plays(state, "wagon")
    if window == "path":
        return _plays(state, "eye")
    raise ValueError(f"no march window {window!r}")


def play_in_march(state: State, frame: Frame, action: Action) -> None:
    """Wagon: no attrition for this roll (``no_attrition``); eye: every Muslim unit examined and
    one more Muslim-occupied space the force may move through (``pass_through``)."""
    _spend(state, action, "13.2")
    if action[2] == "wagon":
        frame["no_attrition"] = True
        log(state, "18.2", "Supplies: the march suffers no attrition.")
    else:
        examine(state)
        frame["pass_through"] = frame.get("pass_through", 0) + 1
        log(state, "10.4", "Treachery: the force may move through one space held by Muslims.")


def winter_boons(state: State, frame: Frame) -> list[Action]:
    """In the Winter Supply Step (28.1, chart): Supplies puts the Christian units of one space out of
    supply (``frame["unsupplied"]``) in supply."""
    done = frame.get("supplied", [])
    spaces = [s for s in frame.get("unsupplied", []) if s not in done]
    return [play for s in spaces for play in _plays(state, "wagon", s)]


def play_in_winter(state: State, frame: Frame, action: Action) -> None:
    """Wagon: the space named is in supply (``frame["supplied"]``)."""
    _spend(state, action, "28.1")
    frame.setdefault("supplied", []).append(action[3])
