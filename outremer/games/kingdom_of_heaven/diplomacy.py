"""Diplomacy (§9): influence rolls on the Powers a scenario lists, the Diplomatic Advantage, free
passage, what follows a change of orientation, and neutrality broken by an attack (§10.9).

Kinds this module owns (docs/kingdom-of-heaven/procedures.md):

- ``diplomacy``, pushed by the round with ``player``, ``power`` and ``card`` (already spent):
  a roll with its modifiers (§9.5: the card's, -2 for holding the Power's capital, at most -2 for
  the Kingdom, the player's pending event modifiers); the holder of the Diplomatic Advantage may
  first spend it for +1 or -1 before the die (``("advantage", n)`` or ``("keep",)``, L544, K85,
  as in §Example.M3); a roll at most the scenario's target for the player succeeds (§9.6 L548),
  and the opponent's response window opens (K44: Diplomatic Insult); unless cancelled the Power
  moves one box toward the player, and no more influence is tried on it this turn (§9.2 L510).
  ``power`` :data:`MARKER` is the attempt to win the Diplomatic Advantage itself (§9.3 L525: a 3
  or less, +1 if the opponent holds it, once a turn). Scenario D's Muslim influence stops
  Antioch at Neutral (its special rule).
- ``advantage``, pushed by the sections that capture, lift sieges and win battles with
  ``player``, ``at_most``, ``why``, ``space``: the mandatory roll for the marker (§9.3 L520-L527):
  at most ``at_most`` wins it, a six hands it to the opponent if he lacks it.
- ``realign``, pushed here with ``power`` when a Power turns Neutral (§9.6.1 L556-L560): its
  forces outside its lands go to the pool, and the players' forces in its provinces go to their
  nearest friendly stronghold, the owner choosing among equals (``("to", space)``, K84).

Hooks for the other sections: :func:`targets` (what a player may try to influence now),
:func:`break_neutrality` (§9.1 L498, §10.9: a neutral Power entered or attacked joins the
other player, save under free passage), :func:`passage_powers` and :func:`grant_passage` (§9.4).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...engine.procedures import Action, Frame
from . import dice, forces
from .cards import Effect
from .common import data, side
from .effects import handler
from .muster import capitals
from .names import key_words, role_name, space_name
from .procedures import PROCEDURES
from .replacement import holder_side, in_play, marker_in_play
from .state import CHRISTIAN, MUSLIM, NEUTRAL, State, marker

MARKER = "advantage"
"""The ``power`` of a diplomacy action that tries to win the Diplomatic Advantage (§9.3 L525)."""
MARKER_TARGET = 3
"""The roll that wins the marker by a diplomacy card (§9.3 L525)."""
CAPITAL_DRM = -2
"""For holding the Power's capital, at most once (§9.5 L540-L541)."""
SIX = 6
CAPPED = {"antioch_neutral_at_most": ("antioch", MUSLIM)}
"""Scenario rules that stop one player's influence on a Power at Neutral (scenario D)."""
CALLS = ("shawar_calls", "fatimids")
"""Scenario C: the Fatimids join the first player entering Egypt with a leader."""


def other(player: str) -> str:
    return MUSLIM if player == CHRISTIAN else CHRISTIAN


def toward(current: str, goal: str) -> str:
    """One box along the track from ``current`` toward ``goal`` (§9.6 L548): the track runs
    pro-Christian, Neutral, pro-Muslim."""
    if current == goal:
        return current
    return goal if current == NEUTRAL else NEUTRAL


def targets(state: State, player: str) -> list[str]:
    """What ``player`` may play a diplomacy card on now (§9.2 L508-L514, §9.3 L525): a Power the
    scenario opens to diplomacy, still in play (or whose marker the Orders still follow, K94),
    not on his side, not yet tried by him nor moved by a success this turn; and :data:`MARKER`
    while he lacks the marker and has not tried it."""
    tried = [tuple(t) for t in state.diplomacy.get("tried", [])]
    moved = state.diplomacy.get("moved", [])
    s = data(state).scenarios[state.scenario]
    out = [
        p
        for p in s.orientation
        if p in s.diplomacy
        and marker_in_play(state, p)
        and state.orientation(p) != player
        and (player, p) not in tried
        and p not in moved
        and not _capped(state, player, p)
    ]
    if state.advantage != player and (player, MARKER) not in tried:
        out.append(MARKER)
    return out


def _rules(state: State) -> set[str]:
    return {r.id for r in data(state).scenarios[state.scenario].special_rules}


def _capped(state: State, player: str, power: str) -> bool:
    """Whether a scenario rule stops ``player``'s influence on ``power`` where it stands."""
    return any(
        rule in _rules(state) and (power, player) == who and state.orientation(power) == NEUTRAL
        for rule, who in CAPPED.items()
    )


def modifier(state: State, player: str, power: str, card: str | None) -> int:
    """The diplomacy roll's modifier before the marker (§9.5 L537-L543): the card's, -2 if the
    player holds a capital of the Power (once, even both of the Kingdom's), events pending; for
    the marker itself +1 if the opponent holds it (§9.3 L525)."""
    drm = 0 if card is None else data(state).cards.cards[card].diplomacy or 0
    if power == MARKER:
        drm += 1 if state.advantage == other(player) else 0
    elif any(holder_side(state, c) == player for c in capitals(state, power)):
        drm += CAPITAL_DRM
    return drm + sum(int(v) for who, v in state.diplomacy.get("drm", []) if who == player)


def target(state: State, player: str, power: str) -> int:
    """The highest modified roll that succeeds (§9.6 L548, §9.3 L525)."""
    if power == MARKER:
        return MARKER_TARGET
    christian, muslim = data(state).scenarios[state.scenario].diplomacy[power]
    return christian if player == CHRISTIAN else muslim


def _name(state: State, power: str) -> str:
    return "the Diplomatic Advantage" if power == MARKER else data(state).counters.powers[power].name


# -- the influence roll (§9.2-§9.6) ---------------------------------------------------------------


def _roll(state: State, frame: Frame) -> None:
    player, power = frame["player"], frame["power"]
    state.diplomacy.setdefault("tried", []).append([player, power])
    drm = modifier(state, player, power, frame.get("card")) + int(frame.get("spent", 0))
    state.diplomacy["drm"] = [e for e in state.diplomacy.get("drm", []) if e[0] != player]
    die = dice.roll(
        state, "§9.5", f"The {role_name(player)} player's diplomacy roll on {_name(state, power)}"
    )
    frame["total"] = die + drm
    frame["need"] = target(state, player, power)
    state.say(
        "§9.5", f"Modified roll {frame['total']} (modifier {drm:+d}); {frame['need']} or less succeeds."
    )


def _holder(state: State, frame: Frame) -> list[str]:
    if "offered" not in frame and state.advantage is not None:
        return [state.advantage]
    return []


def _legal(state: State, frame: Frame, role: str) -> list[Action]:
    if role not in _holder(state, frame):
        return []
    return [("advantage", -1), ("advantage", 1), ("keep",)]


def _perform(state: State, frame: Frame, role: str, action: Action) -> None:
    frame["offered"] = True
    if action[0] == "advantage":
        state.advantage = None
        frame["spent"] = int(action[1])
        state.say(
            "§9.5",
            f"The {role_name(role)} player spends the Diplomatic Advantage: {frame['spent']:+d} to the roll.",
        )


def _run(state: State, frame: Frame) -> None:
    frame["offered"] = True
    if "total" not in frame:
        _roll(state, frame)
        return
    if "success" not in frame:
        frame["success"] = frame["total"] <= frame["need"]
        if not frame["success"]:
            state.say("§9.6", f"The influence on {_name(state, frame['power'])} fails.")
            PROCEDURES.pop(state, frame)
            return
        state.say("§9.6", f"The influence on {_name(state, frame['power'])} succeeds.")
        PROCEDURES.push(
            state, "response", player=other(frame["player"]), trigger="diplomacy", space=None, actor=None
        )
        return
    PROCEDURES.pop(state, frame)
    if frame.get("cancelled"):
        state.say("§9.2", f"The success on {_name(state, frame['power'])} is cancelled: it stays as it was.")
        return
    if frame["power"] == MARKER:
        state.advantage = frame["player"]
        state.say("§9.3", f"The {role_name(frame['player'])} player takes the Diplomatic Advantage marker.")
        return
    state.diplomacy.setdefault("moved", []).append(frame["power"])
    if _capped(state, frame["player"], frame["power"]):
        state.say("§9.6", f"The scenario keeps {_name(state, frame['power'])} from moving further.")
        return
    shift(state, frame["power"], frame["player"], "§9.6")


def shift(state: State, power: str, goal: str, key: str) -> None:
    """``power``'s marker one box toward ``goal`` (a player or Neutral), with what follows: a
    Power turned Neutral pulls back (§9.6.1, the ``realign`` procedure)."""
    was = state.orientation(power)
    now = toward(was, goal)
    if now == was:
        state.say(key, f"{_name(state, power)} is already {role_name(was)}.")
        return
    state.political[marker(power)] = now
    state.say(
        key, f"{_name(state, power)} moves from {role_name(was)} to {role_name(now)} on the diplomacy track."
    )
    if now == NEUTRAL:
        PROCEDURES.push(state, "realign", power=marker(power))


# -- the Diplomatic Advantage's rolls (§9.3) ---------------------------------------------------


def _advantage(state: State, frame: Frame) -> None:
    """The mandatory roll for the marker (§9.3 L520-L527 and its note)."""
    player, at_most = frame["player"], int(frame["at_most"])
    die = dice.roll(
        state,
        "§9.3",
        f"The {role_name(player)} player rolls for the Diplomatic Advantage "
        f"({key_words(state, frame['why'])})",
    )
    if die == SIX:
        if state.advantage != other(player):
            state.advantage = other(player)
            state.say("§9.3", f"A six: the {role_name(other(player))} player takes the Diplomatic Advantage.")
    elif die <= at_most and state.advantage != player:
        state.advantage = player
        state.say("§9.3", f"The {role_name(player)} player takes the Diplomatic Advantage.")
    PROCEDURES.pop(state, frame)


# -- free passage (§9.4) and neutrality broken (§9.1, §10.9) -----------------------------------


def passage_powers(state: State, player: str) -> list[str]:
    """The neutral Powers ``player`` may buy free passage through with the marker (§9.4 L531)."""
    if state.advantage != player:
        return []
    return [p for p in in_play(state) if state.orientation(p) == NEUTRAL and marker(p) == p]


def grant_passage(state: State, player: str, power: str, own_round: bool) -> None:
    """The marker spent for free passage through ``power`` (§9.4 L531-L533): on his own round
    until its end, on the opponent's until the end of his next round (``State.passage``;
    ``own_round`` says which, for the log)."""
    if power not in passage_powers(state, player):
        raise ValueError(f"the {player} player cannot buy free passage through {power}")
    state.advantage = None
    state.passage = {"player": player, "power": power}
    until = "the end of this round" if own_round else "the end of his next round"
    state.say(
        "§9.4",
        f"The {role_name(player)} player spends the Diplomatic Advantage: free passage through "
        f"{_name(state, power)} until {until}.",
    )


def break_neutrality(state: State, player: str, power: str, why: str, leader: bool = False) -> bool:
    """A neutral ``power`` entered or attacked by ``player`` joins his enemy at once (§9.1 L498,
    §10.9 L646), unless ``player`` holds free passage through it and only entered (§9.4); the
    Orders' and the Kingdom's shared marker turns all three (§9.1.1). In scenario C the Fatimids
    join instead the first player entering with a ``leader`` (its special rule). True if it
    turned."""
    if state.orientation(power) != NEUTRAL:
        return False
    passage = state.passage
    if (
        why == "entry"
        and passage
        and passage["player"] == player
        and marker(passage["power"]) == marker(power)
    ):
        return False
    if CALLS[0] in _rules(state) and marker(power) == CALLS[1] and why == "entry" and leader:
        state.political[marker(power)] = player
        state.say(
            "§9.1",
            f"{_name(state, power)} join the {role_name(player)} player, the first to enter with a leader.",
        )
        return True
    state.political[marker(power)] = other(player)
    state.say(
        "§9.1",
        f"The {role_name(player)}'s {why} breaks {_name(state, power)}'s neutrality: it joins the "
        f"{role_name(other(player))}.",
    )
    return True


def passage_ends(state: State, player: str) -> list[str]:
    """At the end of ``player``'s round (§9.4 L533): his passage ends, and the neutral Power is
    violated if his units are still in its provinces; one bought on the other's round is due at
    the end of his next one, the first of his rounds to end after it. The Powers turned, if any."""
    passage = state.passage
    if passage is None or passage["player"] != player:
        return []
    state.passage = None
    power = passage["power"]
    board = data(state).board
    inside = any(
        side(state, p) == player and forces.units(g)
        for place in forces.PLACES
        for at, gs in getattr(state, place).items()
        if at in board.spaces and state.owners.get(board.spaces[at].province) == power
        for p, g in gs.items()
    )
    return [power] if inside and break_neutrality(state, player, power, "stay") else []


# -- a Power turned Neutral (§9.6.1) ---------------------------------------------------------------


def _lands(state: State, power: str) -> set[str]:
    board = data(state).board
    spaces = {s for s, sp in board.spaces.items() if state.owners.get(sp.province) == power}
    return spaces | {b for b in board.boxes if state.owners.get(b) == power}


def _recall(state: State, power: str) -> None:
    """The Power's pieces outside its provinces and its strongholds go to its pool; in a walled
    city outside its lands it stays only as the sole occupant (§9.6.1 L556-L559)."""
    for place in forces.PLACES:
        for at, gs in sorted(getattr(state, place).items()):
            for p in [q for q in gs if marker(q) == power]:
                holds = state.castles.get(at, {}).get("power") == p or state.cities.get(at) == p
                alone = all(q == p for q in forces.at(state, "inside", at)) and all(
                    q == p for q in forces.at(state, "field", at)
                )
                if at in _lands(state, p) or (holds and (at in state.castles or alone)):
                    continue
                g = gs[p]
                moving = {
                    "full": dict(g["full"]),
                    "reduced": dict(g["reduced"]),
                    "leaders": list(g["leaders"]),
                }
                forces.take(state, place, at, p, moving)
                forces.to_pool(state, p, moving)
                state.say(
                    "§9.6.1",
                    f"{_name(state, p)}, now neutral, recalls its "
                    f"forces from {space_name(state, at)} to its pool.",
                )


def _held(state: State, player: str) -> list[str]:
    """The strongholds ``player``'s side holds."""
    out = [s for s, c in state.castles.items() if side(state, c["power"]) == player]
    return out + [
        s
        for s, h in state.cities.items()
        if h is not None and s not in state.castles and side(state, h) == player
    ]


def _strays(state: State, power: str) -> list[list[str]]:
    """[player, space] of the players' forces in ``power``'s provinces outside a friendly
    stronghold's space (§9.6.1 L560)."""
    board = data(state).board
    out = []
    for at, gs in sorted(state.field.items()):
        if at not in board.spaces or state.owners.get(board.spaces[at].province) != power:
            continue
        for player in (CHRISTIAN, MUSLIM):
            mine = [p for p, g in gs.items() if side(state, p) == player and not forces.empty(g)]
            if mine and at not in _held(state, player):
                out.append([player, at])
    return out


def nearest(state: State, player: str, space: str) -> list[str]:
    """The friendly strongholds nearest ``space`` in MP (§9.6.1 L560), all of them if tied."""
    costs = data(state).board.mp_costs(space)
    found = [(costs[s], s) for s in _held(state, player) if s in costs and s not in state.sieges]
    if not found:
        return []
    best = min(c for c, _ in found)
    return sorted(s for c, s in found if c == best)


def _move_stray(state: State, player: str, space: str, to: str | None) -> None:
    for p, g in list(state.field.get(space, {}).items()):
        if side(state, p) != player:
            continue
        moving = {"full": dict(g["full"]), "reduced": dict(g["reduced"]), "leaders": list(g["leaders"])}
        forces.take(state, "field", space, p, moving)
        if to is None:
            forces.to_pool(state, p, moving)
        else:
            forces.put(state, "field", to, p, moving)
    where = "the force pool (no friendly stronghold)" if to is None else space_name(state, to)
    state.say(
        "§9.6.1",
        f"The {role_name(player)} player's forces in {space_name(state, space)} move to {where} (K84).",
    )


def _realign_run(state: State, frame: Frame) -> None:
    if "strays" not in frame:
        _recall(state, frame["power"])
        frame["strays"] = _strays(state, frame["power"])
    while frame["strays"]:
        player, space = frame["strays"][0]
        ends = nearest(state, player, space)
        if len(ends) > 1:
            return  # the owner chooses (_realign_legal)
        frame["strays"].pop(0)
        _move_stray(state, player, space, ends[0] if ends else None)
    PROCEDURES.pop(state, frame)


def _realign_roles(state: State, frame: Frame) -> list[str]:
    strays = frame.get("strays")
    return [strays[0][0]] if strays else []


def _realign_legal(state: State, frame: Frame, role: str) -> list[Action]:
    strays = frame.get("strays")
    if not strays or strays[0][0] != role:
        return []
    ends = nearest(state, role, strays[0][1])
    return [("to", s) for s in ends] if len(ends) > 1 else []


def _realign(state: State, frame: Frame, role: str, action: Action) -> None:
    player, space = frame["strays"].pop(0)
    _move_stray(state, player, space, action[1])


# -- the effect handlers of this section's kinds ------------------------------------------------


@handler("diplomacy_shift")
def _shift_effect(state: State, player: str, effect: Effect, context: Mapping[str, Any]) -> None:
    """A Power moved one box by an event (§9.2 L514: events are not influence attempts)."""
    power = str(effect["power"])
    if not marker_in_play(state, power):
        state.say("§9.2", f"{_name(state, power)} is not in play: the event moves nothing.")
        return
    goal = {"player": player}.get(str(effect["toward"]), str(effect["toward"]))
    shift(state, power, goal, "§9.2")


@handler("diplomacy_drm")
def _drm_effect(state: State, player: str, effect: Effect, context: Mapping[str, Any]) -> None:
    """A modifier to the player's next influence roll this turn (§9.5 L542)."""
    state.diplomacy.setdefault("drm", []).append([player, int(effect["value"])])
    state.say(
        "§9.5",
        f"The {role_name(player)} player's next diplomacy roll this turn gets {int(effect['value']):+d}.",
    )


@handler("cancel_diplomacy")
def _cancel_effect(state: State, player: str, effect: Effect, context: Mapping[str, Any]) -> None:
    """Diplomatic Insult: the success just rolled is undone; it stays an attempt, not a success
    (§9.2 L512, K44)."""
    frame = PROCEDURES.find(state, "diplomacy")
    if frame is None or not frame.get("success"):
        state.say("§9.2", "There is no successful influence roll to cancel.")
        return
    frame["cancelled"] = True


PROCEDURES.procedure(
    "diplomacy",
    legal=_legal,
    perform=_perform,
    run=_run,
    roles=_holder,
    prompt="The Diplomatic Advantage: spend it to move this diplomacy roll by one, or keep it (§9.5)",
    rule="§9.2-§9.6",
)
PROCEDURES.procedure("advantage", run=_advantage, rule="§9.3")
PROCEDURES.procedure(
    "realign",
    legal=_realign_legal,
    perform=_realign,
    run=_realign_run,
    roles=_realign_roles,
    prompt="Your forces in a Power turned neutral go to a nearest friendly stronghold: choose it (§9.6.1)",
    rule="§9.6.1",
)
