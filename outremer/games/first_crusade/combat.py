"""Battles (23.0-24.2): Muslim reinforcement, the Tactical Edge, rounds of fire, losses and the
outcome; with fleets in battle (25.4), the Muslims after a battle (24.1, 26.5), Jerusalem (23.6,
29.3), the Assassin (31.1-31.3), Camps, Castles and Monasteries in battle (33.5-33.7), and the
optional Sieges (34.1-34.4), Muslim leader-led assaults (the second 34.5), Massacres (the second 34.6)
and Combined Arms (35.2).

A battle is one ``battle`` frame (:func:`start_battle`), walking through these stages:

- ``force``: a siege attack by a space holding Armenians and other Christians asks which force
  attacks (30.2);
- ``boons``: the start-of-battle boon window (pilgrimage.battle_boons, Military Advantage, Treachery);
- ``reinforce``: 23.1(1) reinforcement and 23.1(2) reveal;
- ``edge``: the Tactical Edge (23.1(3), 23.5, 23.6, 31.1, 33.6, 35.2);
- ``rounds``: how many rounds (23.1(4), 23.5, 34.2, 34.5);
- ``round``, ``fire``, ``hits``, ``continue``: each round, the edge side then the other fires
  (23.1(5)-(7), 23.2-23.4, 31.2);
- ``outcome``: 24.0, 24.1, 24.2 and 31.3; ``withdraw`` and ``embark``: a Christian attacker's
  withdrawal (24.2); ``leave``: the Muslims left after it (24.1);
- ``finish``: the siege marker, concealment and the Assassin's return; the frame pops with
  ``winner`` (``"christian"``, ``"muslim"`` or None for a stalemate) and ``space``.

Rulings C-n: docs/first-crusade/rulings-combat.md.
"""

from __future__ import annotations

from typing import Any

from ...engine.procedures import Action, Frame, Role
from . import pilgrimage
from .board import JERUSALEM, path_key
from .common import (
    ASSASSIN,
    BOARD,
    COUNTERS,
    MASYAF,
    ORDER,
    SPACES,
    assassin_returns,
    christians_at,
    clear_buildings,
    conceal,
    crusader_like,
    draw_muslims,
    eliminate,
    factor,
    is_fortress,
    lift_sieges,
    log,
    may_act,
    muslims_at,
    pick,
    reduce,
    reveal,
    roll,
)
from .procedures import GO, PROCEDURES
from .reach import retreat_spaces
from .state import BIN, State

CHRISTIAN = "christian"
MUSLIM = "muslim"
SIDES = (CHRISTIAN, MUSLIM)
NAMES = {CHRISTIAN: "Christians", MUSLIM: "Muslims"}


# -- starting a battle -------------------------------------------------------------------------------
def start_battle(
    state: State,
    space: str,
    attacker: str,
    *,
    reinforce: bool,
    muslim_bonus: int = 0,
    christian_units: list[str] | None = None,
    cause: str = "",
) -> Frame:
    """Push the ``battle`` frame for the Christians in ``space`` (``christian_units``, all of them
    by default: they defend together, 30.2) against every Muslim there. ``reinforce``: step 23.1(1)
    draws Muslims, never in Masyaf (31.1, ruling C-2) nor in a besieged fortress (34.3, ruling
    C-13). ``muslim_bonus``: Ambush or Jihad (13.2 chart, 35.0). A Muslim attack on a besieged
    fortress is a relief battle (34.4), a Christian one a standard assault on it (34.2 note)."""
    siege = None
    if space in state.flags["sieges"]:
        siege = "relief" if attacker == MUSLIM else "assault"
    units = christians_at(state, space) if christian_units is None else christian_units
    return _open(
        state, space, attacker, units, reinforce=reinforce, bonus=muslim_bonus, cause=cause, siege=siege
    )


def _open(
    state: State,
    space: str,
    attacker: str,
    units: list[str],
    *,
    reinforce: bool,
    bonus: int,
    cause: str,
    siege: str | None,
) -> Frame:
    log(
        state,
        "23.0",
        "Battle in {space}: the {side} attack{why}.",
        space=space,
        side=NAMES[attacker],
        why=f" ({cause})" if cause else "",
    )
    return PROCEDURES.push(
        state,
        "battle",
        stage="boons",
        space=space,
        attacker=attacker,
        cause=cause,
        siege=siege,
        fortress=is_fortress(state, space) and siege != "relief",
        reinforce=reinforce and siege is None and space != MASYAF,
        muslim_bonus=bonus,
        christian_bonus=0,
        edge_boon=False,
        treachery=False,
        christians=sorted(units, key=ORDER.__getitem__),
        edge=None,
        rounds=0,
        round=0,
        volley=0,
        hits=0,
        target=None,
        assassin=None,
        christian_leader_lost=False,
        muslim_leader_lost=False,
        assassin_killed=False,
        winner=None,
    )


def reaction_dice(state: State) -> int:
    """Dice rolled for Muslim reinforcements at the present Reaction Level (27.1)."""
    return BOARD.reaction_levels[state.reaction - 1].dice


# -- sieges (option siege, 34.1-34.4) ----------------------------------------------------------------
def start_siege(state: State, space: str, units: list[str]) -> None:
    """34.1: the force ``units``, with a Christian Military Leader, ends its move at the Muslim-held
    fortress ``space`` and besieges it: the Siege marker goes on, the level's dice of Muslims are
    drawn into the fortress (the 26.4 draw, the last it will get: 34.3), and there is no attack.
    Never Masyaf, where no Muslim may be placed (31.1, ruling C-14)."""
    if not any(COUNTERS[u].leader_kind == "military" and COUNTERS[u].side == CHRISTIAN for u in units):
        raise ValueError("a siege needs a Christian Military Leader (34.1)")
    if space == MASYAF or not is_fortress(state, space) or not muslims_at(state, space):
        raise ValueError(f"{space} is not a Muslim-held fortress that can be besieged (34.1, 31.1)")
    state.flags["sieges"].append(space)
    dice = roll(state, reaction_dice(state))
    log(
        state,
        "34.1",
        "Siege of {space}: {dice}, {n} Muslim unit(s) join the garrison.",
        space=space,
        dice=" ".join(map(str, dice)),
        n=sum(dice),
    )
    draw_muslims(state, space, sum(dice), "34.1")


def siege_forces(state: State, space: str) -> list[list[str]]:
    """The forces that may make a siege attack from ``space``: its Christians that may act (30.1,
    32.2, 35.0), Armenians apart from the others when both are there (30.2: no combined force;
    mercenaries go with the others, 10.1(4))."""
    units = [u for u in christians_at(state, space) if may_act(state, u)]
    armenians = [u for u in units if COUNTERS[u].contingent == "armenian"]
    others = [u for u in units if u not in armenians]
    if armenians and any(COUNTERS[u].contingent != "mercenary" for u in others):
        return [others, armenians]
    return [units] if units else []


def siege_attacks(state: State) -> list[Action]:
    """34.2 (option siege): ``("siege_attack", space)`` for every besieged fortress with a force
    that may attack; one Action each (34.0 summary)."""
    if not state.options.get("siege"):
        return []
    return [
        ("siege_attack", s) for s in state.flags["sieges"] if muslims_at(state, s) and siege_forces(state, s)
    ]


def siege_attack(state: State, space: str) -> None:
    """34.2: a siege attack from ``space``: a fortress battle without reinforcement that lasts
    1d6 rounds, after which the siege goes on if both sides are still there."""
    forces = siege_forces(state, space)
    frame = _open(
        state, space, CHRISTIAN, forces[0], reinforce=False, bonus=0, cause="siege attack", siege="attack"
    )
    if len(forces) > 1:
        frame["stage"] = "force"


# -- who fights --------------------------------------------------------------------------------------
def units_of(state: State, frame: Frame, side: str) -> list[str]:
    """The side's units still in the battle, in data-pack order."""
    space = frame["space"]
    if side == CHRISTIAN:
        return [u for u in frame["christians"] if state.loc.get(u) == space]
    return sorted(muslims_at(state, space), key=ORDER.__getitem__)


def other(side: str) -> str:
    return MUSLIM if side == CHRISTIAN else CHRISTIAN


def strength(state: State, frame: Frame, unit: str) -> int:
    """The combat factor this round: the Assassin's is the die rolled for the round (31.2)."""
    return (frame["assassin"] or 0) if unit == ASSASSIN else factor(state, unit)


def _profile(state: State, frame: Frame, unit: str) -> tuple[Any, ...]:
    """What makes units different when picking among them: a named leader is himself; other units
    of one contingent, type, present factor and side up are interchangeable (ruling C-7)."""
    c = COUNTERS[unit]
    if c.type == "leader":
        return (unit,)
    return (c.contingent, c.type, strength(state, frame, unit), unit in state.reduced)


def _firsts(state: State, frame: Frame, units: list[str]) -> list[str]:
    """The first unit of each profile."""
    seen: set[tuple[Any, ...]] = set()
    out = []
    for u in units:
        p = _profile(state, frame, u)
        if p not in seen:
            seen.add(p)
            out.append(u)
    return out


def _steps(state: State, units: list[str]) -> int:
    return sum(1 if COUNTERS[u].steps == 1 or u in state.reduced else 2 for u in units)


# -- stages before the rounds --------------------------------------------------------------------------
def _force_choices(state: State, frame: Frame) -> list[Action]:
    return [("siege_force", f[0]) for f in siege_forces(state, frame["space"])]


def _choose_force(state: State, frame: Frame, unit: str) -> None:
    """30.2: the force of ``unit`` makes the siege attack."""
    force = next(f for f in siege_forces(state, frame["space"]) if unit in f)
    frame["christians"] = force
    frame["stage"] = "boons"


def _run_reinforce(state: State, frame: Frame) -> None:
    """23.1(1): with ``reinforce``, the level's dice (one fewer after Treachery) give how many
    Muslims are drawn from the space's Bin; 23.1(2): every Muslim there is revealed."""
    frame["stage"] = "edge"
    space = frame["space"]
    count = reaction_dice(state) - (1 if frame["treachery"] else 0)
    if frame["reinforce"] and count > 0:
        dice = roll(state, count)
        log(
            state,
            "23.1",
            "Muslim reinforcements: {dice}, {n} unit(s).",
            dice=" ".join(map(str, dice)),
            n=sum(dice),
        )
        draw_muslims(state, space, sum(dice), "23.1")
    reveal(state, muslims_at(state, space))


def _horse_archers(units: list[str]) -> int:
    return sum(COUNTERS[u].horse_archer for u in units)


def combined_arms(units: list[str]) -> bool:
    """35.2: at least three heavy cavalry and three heavy infantry among the force's Crusader units
    (mercenaries count as Crusaders, 32.5; leaders by their arm, 35.2 note; ruling C-11)."""
    arms = [COUNTERS[u].arm if COUNTERS[u].is_leader else COUNTERS[u].type for u in units if crusader_like(u)]
    return arms.count("heavy_cavalry") >= 3 and arms.count("heavy_infantry") >= 3


def modifiers(state: State, frame: Frame, side: str) -> list[str]:
    """The +1s of ``side`` to its Tactical Edge die (23.1(3)), each named: a Military Leader,
    more Horse Archers outside a fortress (23.5), defending Jerusalem (23.6, 29.3), the Assassin
    defending Masyaf (31.1), Combined Arms (option cavalry, 35.2); and the boon or Ambush/Jihad
    bonus (23.1(3b), 13.2 chart, 35.0). Rulings C-8, C-9."""
    mine, theirs = units_of(state, frame, side), units_of(state, frame, other(side))
    defending = frame["attacker"] != side
    out = []
    if any(COUNTERS[u].leader_kind == "military" for u in mine):
        out.append("a Military Leader")
    if not frame["fortress"] and _horse_archers(mine) > _horse_archers(theirs):
        out.append("more Horse Archers")
    if defending and frame["fortress"] and frame["space"] == JERUSALEM:
        out.append("defending Jerusalem")
    if defending and ASSASSIN in mine and frame["space"] == MASYAF:
        out.append("the Assassin in Masyaf")
    if side == CHRISTIAN and state.options.get("cavalry") and combined_arms(mine):
        out.append("Combined Arms")
    if side == CHRISTIAN:
        out.extend(["Military Advantage"] * frame["christian_bonus"])
    else:
        out.extend(["Ambush or Jihad"] * frame["muslim_bonus"])
    return out


def _tie_to_defender(state: State, frame: Frame) -> bool:
    """Ties go to the defender in a fortress (23.1(3), 23.5, 33.7) or to a Christian defender in a
    Camp (33.6); otherwise to the attacker (ruling C-10)."""
    return frame["fortress"] or (frame["attacker"] == MUSLIM and frame["space"] in state.camps)


def _run_edge(state: State, frame: Frame) -> None:
    """23.1(3): each side rolls a die and adds its modifiers; the higher total has the Edge for the
    whole battle."""
    if not all(units_of(state, frame, side) for side in SIDES):
        frame["stage"] = "outcome"
        return
    frame["stage"] = "rounds"
    c_die, m_die = roll(state, 2)
    c_mods, m_mods = modifiers(state, frame, CHRISTIAN), modifiers(state, frame, MUSLIM)
    c_total, m_total = c_die + len(c_mods), m_die + len(m_mods)
    if c_total != m_total:
        edge = CHRISTIAN if c_total > m_total else MUSLIM
    else:
        edge = other(frame["attacker"]) if _tie_to_defender(state, frame) else frame["attacker"]
    frame["edge"] = edge
    log(
        state,
        "23.1",
        "Tactical Edge: Christians {c} ({c_why}), Muslims {m} ({m_why}): the {side} have it.",
        c=c_total,
        c_why=", ".join([f"die {c_die}", *c_mods]),
        m=m_total,
        m_why=", ".join([f"die {m_die}", *m_mods]),
        side=NAMES[edge],
        dice=f"{c_die} {m_die}",
    )


def _many_rounds(state: State, frame: Frame) -> bool:
    """1d6 rounds outside a fortress (23.1(4)), in a siege attack (34.2) and, with option siege, in
    a Muslim attack on a fortress led by a Military Leader (34.5); otherwise one (23.5)."""
    if not frame["fortress"] or frame["siege"] == "attack":
        return True
    led = any(COUNTERS[u].leader_kind == "military" for u in units_of(state, frame, MUSLIM))
    return bool(state.options.get("siege")) and frame["attacker"] == MUSLIM and led


def _run_rounds(state: State, frame: Frame) -> None:
    frame["stage"] = "round"
    if _many_rounds(state, frame):
        (frame["rounds"],) = roll(state, 1)
        log(state, "23.1", "The battle lasts {n} round(s).", n=frame["rounds"], dice=str(frame["rounds"]))
    else:
        frame["rounds"] = 1
        log(state, "23.5", "One round of battle in a fortress.")


# -- rounds of fire ----------------------------------------------------------------------------------
def _run_round(state: State, frame: Frame) -> None:
    """A round begins; the Assassin's strength is rolled for it (31.2)."""
    frame["round"] += 1
    frame["volley"] = 0
    frame["stage"] = "fire"
    if ASSASSIN in units_of(state, frame, MUSLIM):
        (frame["assassin"],) = roll(state, 1)
        log(
            state,
            "31.2",
            "The Assassin fights at {n} this round.",
            n=frame["assassin"],
            dice=str(frame["assassin"]),
        )


def _run_fire(state: State, frame: Frame) -> None:
    """23.2: every unit of the firing side rolls a die and hits at or under its combat factor; the
    edge side fires first, then the other side's survivors (23.1(5))."""
    side = frame["edge"] if frame["volley"] == 0 else other(frame["edge"])
    units = units_of(state, frame, side)
    dice = roll(state, len(units)) if units else []
    hits = sum(d <= strength(state, frame, u) for d, u in zip(dice, units, strict=True))
    frame.update(stage="hits", hits=hits, target=other(side))
    if units:
        log(
            state,
            "23.2",
            "Round {r}: the {side} fire with {n} unit(s): {hits} hit(s).",
            r=frame["round"],
            side=NAMES[side],
            n=len(units),
            hits=hits,
            dice=" ".join(map(str, dice)),
        )


def targets(state: State, frame: Frame) -> list[str]:
    """The units that may take the next hit: any Christian the player picks; among the Muslims the
    weakest, non-leaders before leaders of the same strength (23.2, ruling C-6)."""
    units = units_of(state, frame, frame["target"])
    if frame["target"] == CHRISTIAN or not units:
        return units

    def key(u: str) -> tuple[int, bool]:
        return strength(state, frame, u), COUNTERS[u].is_leader

    low = min(map(key, units))
    return [u for u in units if key(u) == low]


def _hit_choices(state: State, frame: Frame) -> list[Action]:
    """Ask which unit takes the next hit only when it can matter: not when every candidate dies
    anyway, nor when they are all alike (ruling C-7)."""
    if not frame["hits"]:
        return []
    units = targets(state, frame)
    if _steps(state, units) <= frame["hits"]:
        return []
    firsts = _firsts(state, frame, units)
    return [("hit", u) for u in firsts] if len(firsts) > 1 else []


def _hit(state: State, frame: Frame, unit: str) -> None:
    """23.3: one step off ``unit``; a leader or the Assassin lost is noted for 24.0, 24.1, 31.3."""
    frame["hits"] -= 1
    if reduce(state, unit, "23.3"):
        c = COUNTERS[unit]
        if c.is_leader:
            frame[f"{c.side}_leader_lost"] = True
        if unit == ASSASSIN:
            frame["assassin_killed"] = True


def _run_hits(state: State, frame: Frame) -> None:
    """The hits nobody need choose fall on the first candidate; hits beyond the units are lost
    (23.4); then the other side fires, or the round ends."""
    units = targets(state, frame) if frame["hits"] else []
    if units:
        _hit(state, frame, units[0])
        return
    frame["hits"] = 0
    frame["volley"] += 1
    frame["stage"] = "fire" if frame["volley"] < 2 else "continue"


def _run_continue(state: State, frame: Frame) -> None:
    """23.1(6): the battle ends after its last round or once a side is gone."""
    both = all(units_of(state, frame, side) for side in SIDES)
    frame["stage"] = "round" if both and frame["round"] < frame["rounds"] else "outcome"


# -- the outcome ----------------------------------------------------------------------------------------
def _run_outcome(state: State, frame: Frame) -> None:
    """23.1(8): a side alone in the battle wins it (24.0, 24.1); both there, a stalemate (24.2)."""
    alive = [side for side in SIDES if units_of(state, frame, side)]
    if alive == [CHRISTIAN]:
        _christians_win(state, frame)
    elif alive == [MUSLIM]:
        _muslims_win(state, frame)
    elif alive:
        _stalemate(state, frame)
    else:
        frame["stage"] = "finish"


def _christians_win(state: State, frame: Frame) -> None:
    """24.0: the force stays; only if a Muslim leader (Emirs included) was eliminated, one Special
    Action and one marker (rulings C-4, C-5); eliminating the Assassin gains the same (31.3, C-21)."""
    space = frame["space"]
    frame["winner"] = CHRISTIAN
    frame["stage"] = "finish"
    log(state, "24.0", "The Christians win the battle in {space}.", space=space)
    _massacre(state, frame)
    if frame["assassin_killed"]:
        pilgrimage.reward(state, space, "31.3")
    elif frame["muslim_leader_lost"]:
        pilgrimage.reward(state, space, "24.0")


def _muslims_win(state: State, frame: Frame) -> None:
    """24.1: the Muslims left in the space (ruling C-3); a Christian leader eliminated loses a
    Special Action and a boon (C-4), and so does failing against the Assassin (31.3, C-21)."""
    space = frame["space"]
    frame["winner"] = MUSLIM
    frame["stage"] = "finish"
    log(state, "24.1", "The Muslims win the battle in {space}.", space=space)
    _muslims_stay(state, frame)
    _massacre(state, frame)
    _defeat(state, frame)


def _defeat(state: State, frame: Frame) -> None:
    if frame["space"] == MASYAF:
        pilgrimage.penalty(state, "31.3")
    elif frame["christian_leader_lost"]:
        pilgrimage.penalty(state, "24.1")


def _stalemate(state: State, frame: Frame) -> None:
    """24.2: a siege attack leaves the siege in place (34.2); Muslim attackers, a relief force
    with the besieged included (34.4, ruling C-15), go back to their Bin; a Christian attacker
    withdraws."""
    space = frame["space"]
    log(state, "24.2", "Stalemate in {space}.", space=space)
    frame["stage"] = "finish"
    if frame["siege"] == "attack":
        log(state, "34.2", "The siege of {space} goes on.", space=space)
    elif frame["attacker"] == MUSLIM:
        _to_bin(state, units_of(state, frame, MUSLIM), "24.2")
    else:
        frame["retreats"] = retreat_spaces(state, space, units_of(state, frame, CHRISTIAN))
        frame["stage"] = "withdraw"


def _massacre(state: State, frame: Frame) -> None:
    """The second 34.6 (option massacre): an attack on a fortress won in its second or a later round
    leaves a Massacre marker there, never two."""
    space = frame["space"]
    if (
        state.options.get("massacre")
        and frame["winner"] == frame["attacker"]
        and frame["fortress"]
        and frame["round"] >= 2
        and is_fortress(state, space)
        and space not in state.flags["massacres"]
    ):
        state.flags["massacres"].append(space)
        log(state, "34.6", "Massacre in {space}.", space=space)


def _to_bin(state: State, units: list[str], rule: str) -> None:
    """Muslim units go back to their contingent's Bin (24.1, 24.2)."""
    if not units:
        return
    for u in units:
        state.loc[u] = BIN
        state.revealed.discard(u)
    log(state, rule, "{n} Muslim unit(s) go back to their Bin.", n=len(units))


def _muslims_stay(state: State, frame: Frame) -> None:
    """The Muslims in a space the Christians have left: Camps, Castles and Monasteries there are
    destroyed (33.5); a besieged garrison stays whole (34.3, 34.4); in a fortress one unit picked at
    random stays, face down, and the others go back to the Bin (24.1(2)); elsewhere all go back
    (24.1(1), ruling C-3). While Christians remain (a siege), the Muslims all stay (34.3, C-16)."""
    space = frame["space"]
    muslims = units_of(state, frame, MUSLIM)
    if christians_at(state, space) or not muslims:
        return
    clear_buildings(state, space, "33.5")
    if frame["siege"]:
        log(state, "34.3", "The Muslims hold {space}.", space=space)
    elif not frame["fortress"]:
        _to_bin(state, muslims, "24.1")
    else:
        stay = muslims[0] if len(muslims) == 1 else pick(state, muslims)
        _to_bin(state, [u for u in muslims if u != stay], "24.1")
        log(state, "24.1", "One Muslim unit stays in {space}, face down.", space=space)


# -- withdrawal after a stalemate (24.2) ----------------------------------------------------------------
def _fleets_and_land(state: State, frame: Frame) -> tuple[list[str], list[str]]:
    units = units_of(state, frame, CHRISTIAN)
    fleets = [u for u in units if COUNTERS[u].is_fleet]
    return fleets, [u for u in units if u not in fleets]


def _withdraw_choices(state: State, frame: Frame) -> list[Action]:
    spaces = frame["retreats"]
    return [("withdraw", s) for s in spaces] if len(spaces) > 1 else []


def _run_withdraw(state: State, frame: Frame) -> None:
    """One space to withdraw to: no question; none: the whole force is eliminated (24.2)."""
    if frame["retreats"]:
        _withdraw(frame, frame["retreats"][0])
        return
    log(state, "24.2", "The force has nowhere to withdraw.")
    for u in units_of(state, frame, CHRISTIAN):
        eliminate(state, u, "24.2")
    frame["stage"] = "leave"


def _withdraw(frame: Frame, dest: str) -> None:
    """24.2: the force withdraws to ``dest``; by sea, each fleet carries one land unit, the player
    choosing which when they are more than the fleets (25.3)."""
    frame["dest"] = dest
    frame["embarked"] = []
    frame["stage"] = "embark"


def _aboard(state: State, frame: Frame) -> tuple[int, list[str]]:
    """Places left aboard the fleets, and the land units not yet aboard."""
    fleets, land = _fleets_and_land(state, frame)
    return len(fleets) - len(frame["embarked"]), [u for u in land if u not in frame["embarked"]]


def _by_sea(frame: Frame) -> bool:
    """Whether the withdrawal goes along a sea path (to a sea space, or to a port by sea)."""
    return BOARD.paths[path_key(frame["space"], frame["dest"])].kind == "sea"


def _embark_choices(state: State, frame: Frame) -> list[Action]:
    if not _by_sea(frame):
        return []
    room, ashore = _aboard(state, frame)
    if room <= 0 or len(ashore) <= room:
        return []
    firsts = _firsts(state, frame, ashore)
    return [("embark", u) for u in firsts] if len(firsts) > 1 else []


def _run_embark(state: State, frame: Frame) -> None:
    room, ashore = _aboard(state, frame)
    if _by_sea(frame) and room > 0 and ashore:
        frame["embarked"].append(ashore[0])
        return
    _move_off(state, frame)


def _move_off(state: State, frame: Frame) -> None:
    """24.2: the units that can reach the space withdraw together; the others are eliminated.
    Fleets withdraw "to sea", by a sea path only (25.1), carrying the land units embarked; land
    units go by road or pass, never with the fleets (rulings C-19, MV-17)."""
    dest = frame["dest"]
    fleets, land = _fleets_and_land(state, frame)
    going = fleets + frame["embarked"] if _by_sea(frame) else land
    for u in going:
        state.loc[u] = dest
    log(state, "24.2", "{n} unit(s) withdraw to {space}.", n=len(going), space=dest)
    for u in fleets + land:
        if u not in going:
            eliminate(state, u, "24.2")
    frame["stage"] = "leave"


def _run_leave(state: State, frame: Frame) -> None:
    """After the withdrawal, 24.1 for the Muslims; against the Assassin, a failure (31.3)."""
    frame["stage"] = "finish"
    _muslims_stay(state, frame)
    if frame["space"] == MASYAF:
        _defeat(state, frame)


def _run_finish(state: State, frame: Frame) -> None:
    """The Siege marker goes once a side has left (34.3); Muslims alone in the space are face down
    again (11.0); the Assassin comes back to an empty Masyaf (31.1)."""
    space = frame["space"]
    lift_sieges(state)
    if not christians_at(state, space):
        conceal(state, muslims_at(state, space))
    assassin_returns(state)
    PROCEDURES.pop(state, frame, winner=frame["winner"], space=space)


# -- the procedure -----------------------------------------------------------------------------------
def _boon_choices(state: State, frame: Frame) -> list[Action]:
    plays = pilgrimage.battle_boons(state, frame)
    return [*plays, GO] if plays else []


CHOICES = {
    "force": _force_choices,
    "boons": _boon_choices,
    "hits": _hit_choices,
    "withdraw": _withdraw_choices,
    "embark": _embark_choices,
}


def _legal(state: State, frame: Frame, role: Role) -> list[Action]:
    choices = CHOICES.get(frame["stage"])
    return choices(state, frame) if choices else []


def _perform(state: State, frame: Frame, role: Role, action: Action) -> None:
    verb = action[0]
    if verb == "siege_force":
        _choose_force(state, frame, action[1])
    elif verb == "hit":
        _hit(state, frame, action[1])
    elif verb == "withdraw":
        _withdraw(frame, action[1])
    elif verb == "embark":
        frame["embarked"].append(action[1])
    elif action == GO:
        frame["stage"] = "reinforce"
    else:
        pilgrimage.play_in_battle(state, frame, action)


def _run_boons(state: State, frame: Frame) -> None:
    frame["stage"] = "reinforce"


RUN = {
    "boons": _run_boons,
    "reinforce": _run_reinforce,
    "edge": _run_edge,
    "rounds": _run_rounds,
    "round": _run_round,
    "fire": _run_fire,
    "hits": _run_hits,
    "continue": _run_continue,
    "outcome": _run_outcome,
    "withdraw": _run_withdraw,
    "embark": _run_embark,
    "leave": _run_leave,
    "finish": _run_finish,
}


def _run(state: State, frame: Frame) -> None:
    RUN[frame["stage"]](state, frame)


def _prompt(state: State, frame: Frame, role: Role) -> str:
    where = SPACES[frame["space"]].name
    stage = frame["stage"]
    if stage == "force":
        return f"Siege attack from {where}: which force attacks? (Armenians fight apart, 30.2)"
    if stage == "boons":
        return f"Battle in {where}: play a Pilgrimage marker before it begins, or go on."
    if stage == "hits":
        if frame["target"] == CHRISTIAN:
            return f"Battle in {where}: choose the Christian unit to take a hit ({frame['hits']} left)."
        return (
            f"Battle in {where}: choose which of the weakest Muslim units takes a hit ({frame['hits']} left)."
        )
    if stage == "withdraw":
        return f"Stalemate in {where}: choose the space the force withdraws to."
    if stage == "embark":
        return "Withdrawing to sea: choose a land unit to board a fleet (the others are lost)."
    return f"Battle in {where}."


PROCEDURES.procedure("battle", legal=_legal, perform=_perform, run=_run, prompt=_prompt, rule="23.1")
