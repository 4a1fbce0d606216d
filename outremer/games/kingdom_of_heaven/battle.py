"""Battles (§13): what fights, each side's strength and roll, the battle events, losses, the
winner, and what follows (leader casualties, the loser's retreat and its pursuit).

A battle is the frame ``battle`` (docs/kingdom-of-heaven/procedures.md), pushed by the section
that starts one (§13.1: an entry, an interception, a free attack on besiegers left behind, a
relief or a sally) and run step by step:

1. ``open``: each side's pieces, ranking leader, strength and modifiers, all public (§13.2,
   §10.3 L600: a tie of rank with different battle ratings is settled at random);
2. ``before``: a battle-event window for the attacker, then the defender (§13.2 L788-L790,
   §8.4.2), each offering a pass whatever the hand holds, closed to a side under a quarter of
   the enemy's strength (§13.2 L790);
3. ``roll``: each side's die, the attacker's first, read on the CRT (§13.2 L781-L792);
4. ``after``: the windows again for the events played after the dice (§13.7.Example L842);
5. ``losses``: the steps each side owes, both keeping one if both would vanish (§13.5 L816),
   taken one by one by their owner, a Crusader taking the first (§13.5 L815);
6. ``outcome``: the winner, a draw, a major victory (§13.3, §13.4 L806), leader casualties of a
   wiped-out force (§13.6, pushed as ``leader_loss``), and the retreat of the loser or of a
   drawing attacker (§13.3 L802, pushed as ``retreat``, which makes the one pursuit roll,
   K60); a sallying force that must retreat is already back inside (§17.3 L982, §17.8 L1143).

The frame pops with ``winner``, ``attacker_left`` and ``defender_left`` (True when the side has
no piece left where it fought: retreated or wiped out; §13.7: a winning mover still there may go
on). Rulings K60-K69 are docs/kingdom-of-heaven/rulings.md's.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from ...engine.errors import IllegalAction
from ...engine.procedures import Action, Frame
from . import cardplay, dice, diplomacy, forces
from .cards import Card, Effect
from .common import data, side, units
from .forces import Force
from .initiative import leading, outranks
from .names import power_name, role_name, space_name
from .procedures import PROCEDURES
from .state import NEUTRAL, PLAYERS, State
from .tables import Tables, load_tables

CRUSADERS = "crusaders"  # §13.5 L815: the Power that takes a side's first loss
KNIGHTS = frozenset({"crusaders", "templars", "hospitallers"})  # a card's "knights" (cards.md)
INSIDE_WHY = frozenset({"sally", "free_attack"})  # the attacker fights from inside (§17.8, §17.9)
BATTLE_EFFECTS = frozenset({"battle_drm", "losses"})


def tables(state: State) -> Tables:
    """The combat tables of the packs in play."""
    return load_tables(None if state.pack is None else Path(state.pack))


def other(player: str) -> str:
    return PLAYERS[1 - PLAYERS.index(player)]


# --- the sides -----------------------------------------------------------------------------------


def force_of(state: State, place: str, space: str, player: str) -> Force:
    """``player``'s pieces in ``space``, outside (``place`` "field") or inside, by Power."""
    return {p: g for p, g in forces.at(state, place, space).items() if side(state, p) == player}


def leaders_of(force: Mapping[str, Mapping[str, Any]]) -> list[str]:
    return sorted(x for g in force.values() for x in g["leaders"])


def unit_count(force: Mapping[str, Mapping[str, Any]]) -> int:
    return sum(units(g) for g in force.values())


def force_steps(force: Mapping[str, Mapping[str, Any]]) -> int:
    return sum(forces.steps(g) for g in force.values())


def unit_strength(state: State, force: Mapping[str, Mapping[str, Any]]) -> int:
    """The combat strength of a force's units (§2.3.Units)."""
    return sum(forces.strength(state, p, g) for p, g in force.items())


def strength(state: State, force: Mapping[str, Mapping[str, Any]]) -> int:
    """A force's battle strength: its units' combat strength and its leaders' battle ratings
    (§13.2 L772, L778)."""
    leaders = data(state).counters.leaders
    return unit_strength(state, force) + sum(leaders[x].battle for x in leaders_of(force))


def cavalry_steps(state: State, force: Mapping[str, Mapping[str, Any]]) -> tuple[int, int]:
    """(cavalry steps, infantry steps) of a force (§13.4 L809)."""
    cav = inf = 0
    for power, g in force.items():
        for face, label in forces.pieces(g):
            n = 2 if face == "full" else 1
            if forces.cavalry(state, power, label):
                cav += n
            else:
                inf += n
    return cav, inf


def cavalry_army(state: State, force: Mapping[str, Mapping[str, Any]]) -> bool:
    """Whether a force is a cavalry army: units, every one of them cavalry (§18.2 L1208)."""
    cav, inf = cavalry_steps(state, force)
    return cav > 0 and inf == 0


def ranking(state: State, leaders: list[str]) -> list[str]:
    """The leaders none of the others outranks more than the fewest (§10.3 L600, K29)."""
    counters = data(state).counters
    if not leaders:
        return []
    above = {a: sum(outranks(counters, b, a) for b in leaders if b != a) for a in leaders}
    fewest = min(above.values())
    return sorted(a for a in leaders if above[a] == fewest)


def is_siege_battle(frame: Mapping[str, Any]) -> bool:
    return frame["why"] in INSIDE_WHY


def place_of(frame: Mapping[str, Any], player: str) -> str:
    """Where ``player``'s side fights: the sallying attacker from inside, everyone else outside."""
    return "inside" if player == frame["attacker"] and is_siege_battle(frame) else "field"


def side_force(state: State, frame: Mapping[str, Any], player: str) -> Force:
    return force_of(state, place_of(frame, player), frame["space"], player)


# --- §13.2.1: combat rolls an event orders -------------------------------------------------------


def event_roll(state: State, player: str, value: int, why: str) -> int:
    """A combat roll an event orders: a die on the CRT column of ``value``, unmodified unless the
    card says otherwise (§13.2.1 L796); the steps it inflicts."""
    die = dice.roll(state, "§13.2.1", f"Combat roll of the {role_name(player)} player ({why})")
    return tables(state).crt.result(value, die)


# --- the battle's events -------------------------------------------------------------------------


def meets(state: State, frame: Mapping[str, Any], player: str, requires: str | None, hit: str) -> bool:
    """Whether a battle event's requirement holds: ``attacker``/``defender`` of the card's
    ``player``, ``in:<space>`` of the battle, anything else of the force of ``hit`` (the side
    the effect works on, K62)."""
    if requires is None:
        return True
    if requires in ("attacker", "defender"):
        return frame[requires] == player
    head, _, name = requires.partition(":")
    if head == "in":
        return bool(frame["space"] == name)
    force = side_force(state, frame, hit)
    if requires == "cavalry_army":
        return cavalry_army(state, force)
    if requires == "cavalry":
        return cavalry_steps(state, force)[0] > 0
    if requires == "knights":
        return any(units(g) for p, g in force.items() if p in KNIGHTS)
    if head == "power":
        return units(force.get(name, forces.group())) > 0
    raise ValueError(f"unknown requirement {requires!r}")


def hits(effect: Effect, player: str) -> str:
    """The side an effect works on (K62): a die modifier and fewer losses the card's player's,
    more losses the enemy's."""
    if effect["kind"] == "losses" and effect["value"] > 0:
        return other(player)
    return player


def playable(state: State, frame: Mapping[str, Any], player: str, card: Card, timing: str) -> bool:
    """Whether ``player`` may play ``card`` as a battle event in the window of ``timing``
    (§8.4.2, §13.2 L788): a blue event his side may play, every effect of that timing and
    its requirement met."""
    if card.kind != "battle" or card.side not in ("both", player):
        return False
    effects = [e for e in card.event if e["kind"] in BATTLE_EFFECTS]
    return bool(effects) and all(
        e["timing"] == timing and meets(state, frame, player, e.get("requires"), hits(e, player))
        for e in effects
    )


def played_effects(state: State, frame: Mapping[str, Any], kind: str) -> list[tuple[str, Effect]]:
    """(player, effect) of every battle event played in the battle, of ``kind``."""
    cards = data(state).cards.cards
    return [
        (player, e)
        for player, ids in frame["played"].items()
        for cid in ids
        for e in cards[cid].event
        if e["kind"] == kind
    ]


def quarter(frame: Mapping[str, Any], player: str) -> bool:
    """Whether ``player``'s strength is at least a quarter of the enemy's (§13.2 L790)."""
    return 4 * frame["strength"][player] >= frame["strength"][other(player)]


# --- the steps -----------------------------------------------------------------------------------


def _open(state: State, frame: Frame) -> None:
    """§13.2: both sides' strengths, ranking leaders and modifiers, logged for both. A neutral
    Power's pieces attacked there (entered under free passage) join the defender first (§9.1
    L498, diplomacy.break_neutrality)."""
    counters = data(state).counters
    for power in sorted(forces.at(state, "field", frame["space"])):
        if side(state, power) == NEUTRAL:
            diplomacy.break_neutrality(state, frame["attacker"], power, "attack")
    frame["strength"], frame["leader"], frame["led"], frame["dead"] = {}, {}, {}, {}
    for player in (frame["attacker"], frame["defender"]):
        whole = side_force(state, frame, player)
        if player == frame["attacker"] and frame.get("force") is not None:
            fighting: Mapping[str, Any] = frame["force"]  # §13.2 L776: only what he commands
        else:
            fighting = whole
        value = unit_strength(state, fighting) + sum(counters.leaders[x].battle for x in leaders_of(whole))
        frame["strength"][player] = value
        frame["leader"][player] = leading(state, leaders_of(whole))
        frame["led"][player] = bool(leaders_of(whole))
        frame["dead"][player] = dead_units(state, player)
    rating = {p: (0 if x is None else counters.leaders[x].battle) for p, x in frame["leader"].items()}
    a, d = frame["attacker"], frame["defender"]
    drm = {a: int(frame.get("drm", 0)), d: 0}
    gap = rating[a] - rating[d]
    drm[a if gap > 0 else d] += abs(gap)  # §13.2 L783
    besieging = state.sieges.get(frame["space"], {}).get("besieger") == d
    if besieging and frame["why"] in ("entry", "interception"):
        drm[a] += 1  # §13.2 L785; a relief brings its +1 in drm (§17.8 L1143, K63), a sally none
    if frame.get("avoid_failed"):
        drm[d] -= 1  # §13.2 L786
    frame["drm"] = drm
    for player in (a, d):
        x = frame["leader"][player]
        who = "no leader" if x is None else counters.leaders[x].name
        role = "attacker" if player == a else "defender"
        state.say(
            "§13.2",
            f"Battle in {space_name(state, frame['space'])}: the {role_name(player)} {role} has strength "
            f"{frame['strength'][player]}, led by {who}, modifier {drm[player]:+d}.",
        )
    frame["step"] = "before"
    frame["window"] = [a, d]


def _window(state: State, frame: Frame) -> None:
    """Open the next battle-event window, or go on once both have closed."""
    while frame["window"]:
        player = frame["window"][0]
        if quarter(frame, player):
            frame["roles"] = [player]
            return
        state.say(
            "§13.2", f"The {role_name(player)} player has under a quarter of the enemy's strength: no event."
        )
        frame["window"].pop(0)
    frame.pop("roles", None)
    frame["step"] = "roll" if frame["step"] == "before" else "losses"
    if frame["step"] == "losses":
        _results(state, frame)


def _roll(state: State, frame: Frame) -> None:
    """Each side's die, the attacker's first (§13.2 L781)."""
    frame["dice"] = {}
    for player in (frame["attacker"], frame["defender"]):
        frame["dice"][player] = dice.roll(state, "§13.2", f"Battle roll of the {role_name(player)} player")
    frame["step"] = "after"
    frame["window"] = [frame["attacker"], frame["defender"]]


def _results(state: State, frame: Frame) -> None:
    """The CRT read for each side with every modifier and event, and the losses owed (§13.2
    L792, §13.5 L816)."""
    crt = tables(state).crt
    drm = dict(frame["drm"])
    for player, e in played_effects(state, frame, "battle_drm"):
        drm[player] += int(e["value"])
    owed = {}
    for player in PLAYERS:
        total = frame["dice"][player] + drm[player]
        owed[other(player)] = crt.result(frame["strength"][player], total)
        state.say(
            "§13.2",
            f"The {role_name(player)} player's roll {frame['dice'][player]}{drm[player]:+d} = {total} "
            f"inflicts {owed[other(player)]} step(s).",
        )
    for player, e in played_effects(state, frame, "losses"):
        hit = hits(e, player)
        owed[hit] = max(0, owed[hit] + int(e["value"]))
    steps = {p: force_steps(side_force(state, frame, p)) for p in PLAYERS}
    owed = {p: min(owed[p], steps[p]) for p in PLAYERS}
    frame["kept"] = all(steps[p] and owed[p] >= steps[p] for p in PLAYERS)
    if frame["kept"]:
        owed = {p: steps[p] - 1 for p in PLAYERS}  # §13.5 L816
        state.say("§13.5", "Both sides would be wiped out: each keeps one step, and the battle is a draw.")
    frame["owed"], frame["lost"] = owed, dict.fromkeys(PLAYERS, 0)
    for player in PLAYERS:
        state.say("§13.5", f"The {role_name(player)} player loses {owed[player]} step(s).")


def loss_choices(state: State, place: str, space: str, player: str, first: bool) -> list[Action]:
    """The units of ``player`` in ``space`` that may lose the next step: any of them (§13.5
    L815), a Crusader for a side's ``first`` loss while one is there."""
    force = force_of(state, place, space, player)
    if first and units(force.get(CRUSADERS, forces.group())):
        force = {CRUSADERS: force[CRUSADERS]}
    return step_choices(force)


def step_choices(force: Mapping[str, Mapping[str, Any]]) -> list[Action]:
    """A step lost by any unit of ``force``, as ("step", Power, face, label)."""
    faces = ("full", "reduced")
    return sorted(("step", p, face, x) for p, g in force.items() for face in faces for x in g[face])


def take_step(state: State, place: str, space: str, player: str, action: Action, key: str) -> None:
    """Carry out a step loss chosen among :func:`loss_choices`."""
    _, power, face, label = action
    eliminated = forces.lose_step(state, place, space, power, face, label)
    what = "is eliminated" if eliminated else "is reduced"
    state.say(key, f"The {role_name(player)} player's {power_name(state, power)} {label} {what}.")


def _losses(state: State, frame: Frame) -> None:
    """Take the owed steps, the attacker's first; a choice of one is made at once."""
    for player in (frame["attacker"], frame["defender"]):
        if frame["lost"][player] < frame["owed"][player]:
            choices = _loss_choices(state, frame, player)
            if len(choices) == 1:
                _lose(state, frame, player, choices[0])
            else:
                frame["roles"] = [player]
            return
    frame.pop("roles", None)
    frame["step"] = "outcome"


def _loss_choices(state: State, frame: Frame, player: str) -> list[Action]:
    return loss_choices(state, place_of(frame, player), frame["space"], player, frame["lost"][player] == 0)


def _lose(state: State, frame: Frame, player: str, action: Action) -> None:
    take_step(state, place_of(frame, player), frame["space"], player, action, "§13.5")
    frame["lost"][player] += 1


def _outcome(state: State, frame: Frame) -> None:
    """§13.3 and §13.4: the winner and a major victory; §13.6 leader casualties; §14.1 the
    retreat."""
    a, d = frame["attacker"], frame["defender"]
    lost = frame["lost"]
    gone = {p: unit_count(side_force(state, frame, p)) == 0 for p in PLAYERS}
    winner: str | None
    if frame["kept"] or all(gone.values()):
        winner = None
    elif gone[a] or gone[d]:
        winner = d if gone[a] else a
    elif lost[a] != lost[d]:
        winner = a if lost[a] < lost[d] else d
    else:
        winner = None
    major = winner is not None and lost[other(winner)] > 0 and lost[other(winner)] >= 2 * lost[winner]
    frame["winner"], frame["major"], frame["gone"] = winner, major, gone
    if winner is None:
        state.say("§13.3", "The battle is a draw.")
    else:
        kind = "a major victory" if major else "the battle"
        score = f"{lost[other(winner)]} steps to {lost[winner]}"
        state.say("§13.3", f"The {role_name(winner)} player wins {kind} ({score}).")
    frame["step"] = "casualties"
    frame["todo"] = [p for p in (a, d) if gone[p] and leaders_of(side_force(state, frame, p))]


def _casualties(state: State, frame: Frame) -> None:
    """§13.6: the leaders of a force wiped out roll on the Leader Loss Table, one side at a time."""
    if frame["todo"]:
        player = frame["todo"].pop(0)
        PROCEDURES.push(
            state,
            "leader_loss",
            player=player,
            leaders=leaders_of(side_force(state, frame, player)),
            why="major_field_victory" if frame["major"] and frame["winner"] == other(player) else "battle",
            space=frame["space"],
        )
        return
    frame["step"] = "retreat"
    winner = frame["winner"]
    mover = frame["attacker"] if winner is None else other(winner)
    if frame["gone"][mover]:
        frame["step"] = "end"
        return
    if mover == frame["attacker"] and is_siege_battle(frame):
        state.say("§17.8", f"The {role_name(mover)} player's sally is beaten back into the stronghold.")
        frame["step"] = "end"
        return
    _push_retreat(state, frame, mover)


def _push_retreat(state: State, frame: Frame, player: str) -> None:
    """§14.1: the retreat of ``player``'s side; a moving or intercepting army goes back first to
    where it came from, a defender never there (the intercepted mover's origin is
    ``defender_from``)."""
    if player == frame["attacker"]:
        came_from, mover = frame.get("came_from"), frame["why"] != "free_attack"
        marched = frame["mover"]
    elif frame["why"] == "interception":
        came_from, mover, marched = frame.get("defender_from"), True, True
    else:
        came_from, mover, marched = frame.get("came_from"), False, False
    PROCEDURES.push(
        state,
        "retreat",
        player=player,
        space=frame["space"],
        came_from=came_from,
        mover=mover,
        pursuit=bool(frame["major"] and frame["winner"] == other(player)),
        pursuer_avoided=bool(frame.get("avoid_failed")) and player == frame["attacker"],
        route=[dict(e) for e in frame.get("route", [])] if marched else [],  # §15.1 L878: one roll
    )
    frame["step"] = "end"


def dead_units(state: State, player: str) -> int:
    """The units in the dead piles of ``player``'s Powers."""
    return sum(units(g) for p, g in state.dead.items() if side(state, p) == player)


def _end(state: State, frame: Frame) -> None:
    """§9.3 L522: a winner who beat a force with a leader in it rolls for the Diplomatic
    Advantage, needing at most the enemy units eliminated (``advantage``, diplomacy.py); then the
    battle is over."""
    winner = frame["winner"]
    if winner is not None and frame["led"][other(winner)] and not frame.get("advantage"):
        frame["advantage"] = True
        eliminated = dead_units(state, other(winner)) - frame["dead"][other(winner)]
        PROCEDURES.push(
            state, "advantage", player=winner, at_most=eliminated, why="battle", space=frame["space"]
        )
        return
    left = {p: forces.empty(_merged(side_force(state, frame, p))) for p in PLAYERS}  # gone from it
    PROCEDURES.pop(
        state,
        frame,
        winner=frame["winner"],
        attacker_left=left[frame["attacker"]],
        defender_left=left[frame["defender"]],
    )


def _merged(force: Mapping[str, Mapping[str, Any]]) -> dict[str, Any]:
    whole = forces.group()
    for g in force.values():
        forces.add(whole, g)
    return whole


# --- the procedure -------------------------------------------------------------------------------

RUN = {
    "open": _open,
    "roll": _roll,
    "outcome": _outcome,
    "casualties": _casualties,
    "end": _end,
}


def _run(state: State, frame: Frame) -> None:
    frame.pop("done", None)
    frame.setdefault("step", "open")
    frame.setdefault("played", {p: [] for p in PLAYERS})
    step = frame["step"]
    if step in ("before", "after"):
        _window(state, frame)
    elif step == "losses":
        _losses(state, frame)
    else:
        RUN[step](state, frame)


def _legal(state: State, frame: Frame, role: str) -> list[Action]:
    if role not in frame.get("roles", ()):
        return []
    step = frame.get("step")
    if step in ("before", "after"):
        hand = sorted(state.hands[role])
        cards = data(state).cards.cards
        return [("pass",), *(("play", c) for c in hand if playable(state, frame, role, cards[c], step))]
    if step == "losses" and frame["lost"][role] < frame["owed"][role]:
        choices = _loss_choices(state, frame, role)
        return choices if len(choices) > 1 else []
    return []


def _perform(state: State, frame: Frame, role: str, action: Action) -> None:
    if tuple(action) not in {tuple(x) for x in _legal(state, frame, role)}:
        raise IllegalAction(f"{action!r} is not a choice in this battle")
    frame.pop("roles", None)
    if frame["step"] in ("before", "after"):
        if action[0] == "pass":
            state.say("§13.2", f"The {role_name(role)} player plays no more battle events now.")
            frame["window"].pop(0)
            return
        card = action[1]
        cardplay.spend(state, role, card, event=True)
        frame["played"][role].append(card)
        frame["roles"] = [role]  # §8.4.2 L472: any number of battle events
        title = data(state).cards.cards[card].title
        state.say("§8.4.2", f"The {role_name(role)} player plays the battle event {title} (card {card}).")
        return
    _lose(state, frame, role, action)


def _prompt(state: State, frame: Frame, role: str) -> str:
    if frame.get("step") in ("before", "after"):
        when = "before" if frame["step"] == "before" else "after"
        where = space_name(state, frame["space"])
        return f"Battle in {where}: play a battle event {when} the dice, or pass (§13.2)."
    owed = frame["owed"][role] - frame["lost"][role]
    return f"Battle losses: choose a unit to lose a step, {owed} to go (§13.5)."


PROCEDURES.procedure("battle", legal=_legal, perform=_perform, run=_run, prompt=_prompt, rule="13")
