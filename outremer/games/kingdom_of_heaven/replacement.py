"""The replacement phase (§6): each player spends his Powers' replacement points, the Christian
first (§5.1, §6.1 L329); the Neutral Powers' RP are spent by the engine at random (§6.2).

The ``replacement`` procedure is pushed with ``player`` for the phase; the ``rp`` effect of a card
pushes it with ``grant`` (the Powers the card may feed and the RP it adds), spent at once (K80).
While the player has something to spend, he is asked, one RP use at a time:

- ``("rebuild", power, label)``: 1 RP, a unit of the dead pile into the force pool reduced;
- ``("rebuild_full", power, label)``: 2 RP, the same unit placed full (§6.1 L337);
- ``("flip", power, place, space, label)``: 1 RP, a reduced unit in the force pool (``place``
  "pool", ``space`` "") or on the map (``place`` "field" or "inside") flipped to full, unless it is
  blockaded or stands in a space the enemy controls (§6.1 L343);
- ``("leader", power, leader)``: a dead leader of command 3 or less back into the force pool for
  2 RP, or 1 RP if one was paid on an earlier turn; ``("leader_part", power, leader)``: that one
  RP paid now by a Power without two (§6.1 L339, ``State.rebuilds``);
- ``("advantage", power)``: in the phase, the Diplomatic Advantage marker spent for one more RP
  for one of his Powers, never the Crusaders (§6.1 L331, K80);
- ``("power", power)``: which of his Powers a card's RP go to, when it may feed several;
- ``("done",)``: the RP left are lost, never kept (§6.1 L347).

A Power's RP for the phase are its rate on the turn (``State.rates``: "1/2" one on even turns,
"1/3" one on turns 3, 6, 9..., §6.1 L329) plus what cards withheld (negative ``State.rp``
outside the phase, K80). Everything it looks at is public, so a player with nothing to spend is
not asked.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from ...engine import rng
from ...engine.procedures import Action, Frame
from . import forces
from .cards import Effect
from .common import controller, data, side
from .effects import handler
from .names import power_name, role_name, space_name
from .procedures import PROCEDURES
from .state import CHRISTIAN, MUSLIM, NEUTRAL, PLAYERS, State, group, marker

T = TypeVar("T")

CRUSADERS = "crusaders"
"""Crusaders gain RP only by event (§6.1 L342)."""
LEADER_RP = 2
"""The RP a leader's return costs, paid at once or one a turn (§6.1 L339)."""
MOST_COMMAND = 3
"""Leaders of a higher command rating never come back (§6.1 L345)."""


def rate_points(rate: str, turn: int) -> int:
    """The RP a rate gives on ``turn`` (§6.1 L329): "1/2" one on even turns, "1/3" one on turns
    3, 6, 9...; none on turn 1, which has no replacement phase (§5.1 L287)."""
    if turn == 1:
        return 0
    if "/" in rate:
        return 1 if turn % int(rate.split("/")[1]) == 0 else 0
    return int(rate)


def received(state: State, power: str) -> int:
    """The RP ``power`` receives in this turn's phase: its rate (none for the Crusaders, who gain
    RP only by event, §6.1 L342) with what a card withheld (K80), never below zero."""
    base = 0 if power == CRUSADERS else rate_points(state.rates.get(power, "0"), state.turn)
    return max(0, base + min(0, state.rp.get(power, 0)))


def holder_side(state: State, at: str) -> str | None:
    """The player controlling a space or an off-map box (§3.Control L193: boxes as provinces,
    with the units in them), None for nobody or a neutral Power."""
    board = data(state).board
    if at not in board.boxes:
        return controller(state, at)
    sides = {side(state, p) for p, g in state.field.get(at, {}).items() if not forces.empty(g)}
    sides.discard(NEUTRAL)
    who = sides.pop() if len(sides) == 1 else side(state, state.owners.get(at))
    return who if who in PLAYERS else None


def refit(state: State, power: str, place: str, space: str) -> bool:
    """Whether ``power``'s units in ``space`` (outside or inside its stronghold) may be refitted:
    not blockaded, and not in a space the enemy controls (§6.1 L343); a Neutral Power's not in a
    space a player controls."""
    siege = state.sieges.get(space)
    if place == "inside" and siege is not None and siege.get("blockade"):
        return False
    who = holder_side(state, space)
    mine = side(state, power)
    return who is None if mine == NEUTRAL else who in (None, mine)


def _flips(state: State, power: str) -> list[tuple[str, str, str]]:
    """(place, space, label) of every reduced unit of ``power`` that may be flipped to full."""
    out = [("pool", "", label) for label, n in state.pools.get(power, group())["reduced"].items() if n]
    for place in forces.PLACES:
        for space, gs in sorted(getattr(state, place).items()):
            g = gs.get(power)
            if g and refit(state, power, place, space):
                out.extend((place, space, label) for label, n in sorted(g["reduced"].items()) if n)
    return out


def _dead_leaders(state: State, power: str) -> list[str]:
    """Dead leaders of ``power`` who may come back: command 3 or less (§6.1 L339, L345)."""
    leaders = data(state).counters.leaders
    pile = state.dead.get(power, group())["leaders"]
    return [x for x in pile if leaders[x].command <= MOST_COMMAND]


def uses(state: State, power: str, rp: int) -> list[Action]:
    """What ``rp`` RP of ``power`` may buy now, one use at a time (§6.1 L335-L340)."""
    if rp <= 0:
        return []
    dead = sorted(label for label, n in state.dead.get(power, group())["full"].items() if n)
    out: list[Action] = [("rebuild", power, label) for label in dead]
    if rp >= 2:
        out += [("rebuild_full", power, label) for label in dead]
    out += [("flip", power, place, space, label) for place, space, label in _flips(state, power)]
    for leader in _dead_leaders(state, power):
        cost = LEADER_RP - state.rebuilds.get(leader, 0)
        if rp >= cost:
            out.append(("leader", power, leader))
        elif leader not in state.rebuilds:
            out.append(("leader_part", power, leader))
    return out


def in_play(state: State) -> list[str]:
    """The scenario's Powers still in play, in its order: not dissolved (§17.11); then the
    Crusaders when an event brought them into a scenario without them (§19.3, K93). A Power in
    play has a force pool, empty or not (§3.Terms; set up for each, §4.1); dissolving takes it
    away (K76). The pool, not the marker, tells: the Kingdom of Jerusalem's marker stays on the
    display after the Kingdom is dissolved while the Orders use it (§9.1.1, K94)."""
    listed = data(state).scenarios[state.scenario].orientation
    political, pools = state.political, state.pools
    found = [p for p in listed if marker(p) in political and p in pools]
    return found if CRUSADERS in listed or CRUSADERS not in political else [*found, CRUSADERS]


def marker_in_play(state: State, power: str) -> bool:
    """Whether a Power in play follows ``power``'s political status marker: a dissolved Kingdom's
    marker is still moved, by influence or event, for the Orders (§9.1.1, §17.11, K94)."""
    return any(marker(p) == marker(power) for p in in_play(state))


def powers_of(state: State, player: str) -> list[str]:
    """The Powers ``player`` controls now (§9.1 L496), in the order of the scenario."""
    return [p for p in in_play(state) if state.orientation(p) == player]


def _start(state: State, frame: Frame) -> None:
    """The phase's RP of each of the player's Powers, or a card's RP for its one Power."""
    if "grant" in frame:
        if len(frame["grant"]["powers"]) == 1:
            _grant(state, frame, frame["grant"]["powers"][0])
        return
    frame["powers"] = powers_of(state, frame["player"])
    for power in frame["powers"]:
        state.rp[power] = received(state, power)
        if state.rp[power]:
            state.say("§6.1", f"{power_name(state, power)} receives {state.rp[power]} RP.")


def _grant(state: State, frame: Frame, power: str) -> None:
    """A card's RP to ``power``, less what a card withheld earlier; a negative grant withholds
    that many from the Power's next RP (K80)."""
    value = int(frame["grant"]["value"])
    frame["powers"] = [power]
    if value < 0:
        state.rp[power] = min(0, state.rp.get(power, 0)) + value
        state.say("§6.1", f"{power_name(state, power)} will receive {-value} RP fewer (K80).")
        return
    state.rp[power] = max(0, state.rp.get(power, 0) + value)
    state.say("§6.1", f"{power_name(state, power)} receives {value} RP by the card's event (K80).")


def _legal(state: State, frame: Frame, role: str) -> list[Action]:
    if not frame.get("started"):
        return []
    if "powers" not in frame:
        return [("power", p) for p in frame["grant"]["powers"]]
    out: list[Action] = []
    for power in frame["powers"]:
        out += uses(state, power, state.rp.get(power, 0))
    if "grant" not in frame and state.advantage == role:
        for power in frame["powers"]:
            if power != CRUSADERS and uses(state, power, state.rp.get(power, 0) + 1):
                out.append(("advantage", power))
    return [*out, ("done",)] if out else []


def _perform(state: State, frame: Frame, role: str, action: Action) -> None:
    verb = action[0]
    if verb == "done":
        _end(state, frame)
        return
    if verb == "power":
        _grant(state, frame, action[1])
        return
    power = action[1]
    if verb == "advantage":
        state.advantage = None
        state.rp[power] = state.rp.get(power, 0) + 1
        state.say(
            "§6.1",
            f"The {role_name(role)} player spends the Diplomatic Advantage: "
            f"{power_name(state, power)} +1 RP.",
        )
        return
    state.rp[power] -= spend(state, action)


def spend(state: State, action: Action) -> int:
    """Carry out one use of RP (an action of :func:`uses`); the RP it cost."""
    verb, power = action[0], action[1]
    name = power_name(state, power)
    if verb == "flip":
        place, space, label = action[2:]
        if place == "pool":
            pool = state.pools[power]
            forces.subtract(pool, forces.one("reduced", label))
            forces.add(pool, forces.one("full", label))
        else:
            forces.take(state, place, space, power, forces.one("reduced", label))
            forces.put(state, place, space, power, forces.one("full", label))
        where = "in the force pool" if place == "pool" else f"in {space_name(state, space)}"
        state.say("§6.1", f"{name}: a reduced {label} {where} flipped to full (1 RP).")
        return 1
    if verb in ("rebuild", "rebuild_full"):
        label = action[2]
        face, cost = ("reduced", 1) if verb == "rebuild" else ("full", 2)
        forces.subtract(state.dead[power], forces.one("full", label))
        forces.to_pool(state, power, forces.one(face, label))
        state.say("§6.1", f"{name}: a dead {label} rebuilt into the force pool, {face} ({cost} RP).")
        return cost
    leader = action[2]
    who = data(state).counters.leaders[leader].name
    if verb == "leader_part":
        state.rebuilds[leader] = 1
        state.say("§6.1", f"{name}: 1 RP paid toward {who}'s return; one more on a later turn.")
        return 1
    cost = LEADER_RP - state.rebuilds.pop(leader, 0)
    state.dead[power]["leaders"].remove(leader)
    state.pools.setdefault(power, group())["leaders"].append(leader)
    state.say("§6.1", f"{name}: {who} returns from the dead pile to the force pool ({cost} RP).")
    return cost


def _end(state: State, frame: Frame) -> None:
    """The RP left are lost (§6.1 L347); after the Muslim's phase the Neutral Powers spend theirs
    (§6.2)."""
    for power in frame.get("powers", []):
        left = state.rp.get(power, 0)
        if left > 0:
            state.say("§6.1", f"{power_name(state, power)} loses {left} RP unspent.")
        if left >= 0:  # RP withheld wait for the Power's next ones (K80)
            state.rp.pop(power, None)
    if "grant" not in frame and frame["player"] == MUSLIM:
        neutral(state)
    PROCEDURES.pop(state, frame)


def neutral(state: State) -> None:
    """Each Neutral Power spends its RP by itself, after the Muslim player (§6.2 L362, K86):
    first reduced units on the map flipped, then dead leaders brought back, then dead units
    rebuilt, full if it can pay for it; where it has a choice, the state's generator picks."""
    for power in powers_of(state, NEUTRAL):
        rp = received(state, power)
        state.rp.pop(power, None)
        if rp:
            state.say("§6.2", f"{power_name(state, power)}, neutral, receives {rp} RP.")
        while rp > 0:
            choice = _neutral_use(state, power, rp)
            if choice is None:
                break
            rp -= spend(state, choice)


def _neutral_use(state: State, power: str, rp: int) -> Action | None:
    """The next use of a Neutral Power's RP in §6.2's order, drawn at random among equals."""
    on_map = [f for f in _flips(state, power) if f[0] != "pool"]
    if on_map:
        return ("flip", power, *_draw(state, on_map))
    leaders = _dead_leaders(state, power)
    if leaders:
        leader = _draw(state, leaders)
        part = rp < LEADER_RP - state.rebuilds.get(leader, 0)
        return ("leader_part" if part else "leader", power, leader)
    dead = [label for label, n in sorted(state.dead.get(power, group())["full"].items()) for _ in range(n)]
    if dead:
        return ("rebuild_full" if rp >= 2 else "rebuild", power, _draw(state, dead))
    return None


def _draw(state: State, items: list[T]) -> T:
    """One of ``items`` drawn with the state's generator (public: the log says what it was)."""
    if len(items) == 1:
        return items[0]
    state.barrier += 1
    return rng.choice(state, items)


def _prompt(state: State, frame: Frame, role: str) -> str:
    if "powers" not in frame:
        return f"Choose the Power that receives the card's {frame['grant']['value']} RP (§6.1, K80)."
    left = ", ".join(
        f"{power_name(state, p)} {state.rp.get(p, 0)}" for p in frame["powers"] if state.rp.get(p, 0)
    )
    return f"Spend replacement points ({left or 'none left'}), or stop (§6.1)."


def _run(state: State, frame: Frame) -> None:
    if not frame.get("started"):
        frame["started"] = True
        _start(state, frame)
    else:
        _end(state, frame)


def _player(state: State, frame: Frame) -> list[str]:
    return [frame["player"]]


PROCEDURES.procedure(
    "replacement", legal=_legal, perform=_perform, run=_run, prompt=_prompt, roles=_player, rule="§6.1-§6.2"
)


@handler("rp")
def _rp_effect(state: State, player: str, effect: Effect, context: Mapping[str, Any]) -> None:
    """RP added to one of the player's Powers, spent at once, or withheld from one of the
    enemy's next RP (§6.1, K80); ``controlled`` or ``enemy`` leaves the Power to the player."""
    named, value = str(effect["power"]), int(effect["value"])
    enemy = MUSLIM if player == CHRISTIAN else CHRISTIAN
    if named in ("controlled", "enemy"):
        powers = powers_of(state, player if named == "controlled" else enemy)
    else:
        powers = [named] if named in in_play(state) else []
    if not powers:
        state.say("§6.1", "No Power can receive these RP.")
        return
    PROCEDURES.push(state, "replacement", player=player, grant={"powers": powers, "value": value})
