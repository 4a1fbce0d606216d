"""Reactions to an enemy's move: interception (§11), avoiding battle (§12.1-§12.3.1), shadowing
(§12.4-§12.4.2) and the cavalry rules they use (§18; K56).

``reactions`` is pushed by the march each time a force enters a space. The other player is asked
whenever one of his armies could try (every stack is open, §10.5.1, so the question reveals
nothing): he declares each interception from an adjacent space and an avoidance or a shadowing
out of the space entered, all before any roll (§11.4, §12.2), then the dice fall. ``shadow`` is
pushed by the march after each later space the mover enters, for the shadower's one-space move
(§12.4.1).

Rolls: at most the battle rating of the army's leader (unaccompanied cavalry count 1, §18.1),
modified (§11.2, §12.1, §12.4, §18.2, and the roll_drm of the cards in play); a 1 always
succeeds and a 6 always fails.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...engine.procedures import Action, Frame
from . import dice, foraging, forces
from .common import data, side, units
from .initiative import outranks
from .movement import (
    Force,
    bring_out,
    commandable,
    copy,
    enemy,
    enemy_units,
    has_cavalry,
    is_cavalry_army,
    leader_group,
    leaders,
    minus,
    plus,
    present,
    size,
    survivors,
)
from .names import leader_name, role_name, space_name
from .procedures import PROCEDURES
from .state import State, group

CAVALRY_ALONE = 1  # §11.2 L666, §12.1 L692, §18.1 L1204: unaccompanied cavalry's battle rating
CAVALRY_STACK = 3  # §11.1 L658: at most three cavalry intercept without a leader


def army(state: State, space: str, player: str) -> Force:
    """``player``'s pieces outside a stronghold in ``space``, by Power."""
    return copy({p: g for p, g in forces.at(state, "field", space).items() if side(state, p) == player})


def ranking(state: State, force: Mapping[str, Mapping[str, Any]]) -> str | None:
    """The force's highest-ranked leader (§10.3 L600): outranked by the fewest, then the best
    battle rating."""
    counters = data(state).counters
    ids = leaders(force)
    if not ids:
        return None
    return min(
        ids,
        key=lambda a: (sum(outranks(counters, b, a) for b in ids if b != a), -counters.leaders[a].battle, a),
    )


def rating(state: State, force: Mapping[str, Mapping[str, Any]]) -> int:
    """The battle rating the roll must not exceed: the ranking leader's, or 1 for cavalry alone."""
    head = ranking(state, force)
    return CAVALRY_ALONE if head is None else data(state).counters.leaders[head].battle


def led(state: State, head: str, pool: Mapping[str, Mapping[str, Any]]) -> Force:
    """The largest force ``head`` can command out of ``pool``: subordinates by command rating,
    then units by strength, each kept if the whole stays commandable (§10.2, §10.2.1)."""
    counters = data(state).counters
    power = next(p for p, g in pool.items() if head in g["leaders"])
    force: Force = {power: leader_group(head)}
    subs = sorted(
        (lid for lid in leaders(pool) if lid != head), key=lambda lid: -counters.leaders[lid].command
    )
    for lid in subs:
        p = next(q for q, g in pool.items() if lid in g["leaders"])
        bigger = plus(force, p, leader_group(lid))
        if commandable(state, head, bigger):
            force = bigger
    strength = {(u.power, u.label): u.cs for u in counters.units}
    pieces = sorted(
        ((p, face, label) for p, g in pool.items() for face, label in forces.pieces(g)),
        key=lambda x: (x[1] != "full", -strength[(x[0], x[2])], x),
    )
    for p, face, label in pieces:
        bigger = plus(force, p, forces.one(face, label))
        if commandable(state, head, bigger):
            force = bigger
    return force


def interceptors(state: State, space: str, player: str) -> Force:
    """``player``'s pieces in ``space`` that may intercept: those outside, and those inside its
    stronghold unless enemy units stand in the space (§11.1 L661)."""
    pool = army(state, space, player)
    if not enemy_units(state, space, player):
        for p, g in forces.at(state, "inside", space).items():
            if side(state, p) == player:
                forces.add(pool.setdefault(p, group()), g)
    return pool


def cavalry_only(state: State, pool: Mapping[str, Mapping[str, Any]]) -> Force:
    """Up to three cavalry units of ``pool``, the strongest first (§11.1 L658, §18.1)."""
    counters = data(state).counters
    strength = {(u.power, u.label): u.cs for u in counters.units}
    pieces = sorted(
        (
            (p, face, label)
            for p, g in pool.items()
            for face, label in forces.pieces(g)
            if forces.cavalry(state, p, label)
        ),
        key=lambda x: (x[1] != "full", -strength[(x[0], x[2])], x),
    )
    force: Force = {}
    for p, face, label in pieces[:CAVALRY_STACK]:
        force = plus(force, p, forces.one(face, label))
    return force


def others_there(state: State, space: str, player: str, moving: Mapping[str, Mapping[str, Any]]) -> bool:
    """Whether ``player``'s units stand in ``space`` besides the moving force (K57)."""
    for p, g in forces.at(state, "field", space).items():
        if side(state, p) == player and units(g) > units(moving.get(p, {"full": {}, "reduced": {}})):
            return True
    return any(side(state, p) == player and units(g) for p, g in forces.at(state, "inside", space).items())


def _open_to(
    state: State, space: str, reactor: str, mover: str, moving: Mapping[str, Mapping[str, Any]]
) -> bool:
    """Whether ``reactor`` may intercept or avoid into ``space``: no enemy unit (besides the
    moving force, K57) nor enemy stronghold there unless a friendly unit is present (§11.1 L660,
    §12.1 L709, §17.1 L947)."""
    hostile = (
        others_there(state, space, mover, moving)
        or foraging.stronghold_side(state, space, reactor) == "enemy"
    )
    friendly = any(
        side(state, p) == reactor and units(g) for p, g in forces.at(state, "field", space).items()
    )
    return not hostile or friendly


def interceptions(state: State, frame: Mapping[str, Any]) -> list[Action]:
    """The interceptions the reacting player may declare (§11.1): from each adjacent space not
    across a pass (§10.6.Passes) nor from a box (§10.6.Boxes), once per space, with a leader and
    the force he commands, or up to three cavalry; into a space open to him."""
    board = data(state).board
    space, mover = frame["space"], frame["player"]
    foe = enemy(mover)
    if (
        frame.get("no_intercept")
        or space not in board.spaces
        or not _open_to(state, space, foe, mover, frame["group"])
    ):
        return []
    out: list[Action] = []
    tried = {d[1] for d in frame.get("declared", []) if d[0] == "intercept"}
    march = PROCEDURES.find(state, "march")
    shadow = march.get("shadow") if march else None
    if shadow and shadow["active"]:  # a shadowing army does not intercept (§12.4.1 L740)
        tried.add(shadow["at"])
    for k in board.links_of(space):
        s = k.other(space)
        if k.kind == "pass" or s in tried:
            continue
        pool = interceptors(state, s, foe)
        if not any(units(g) for g in pool.values()) and not leaders(pool):
            continue
        out += [("intercept", s, lid) for lid in sorted(leaders(pool))]
        if cavalry_only(state, pool):
            out.append(("intercept", s, "cavalry"))
    return out


def avoid_to(state: State, frame: Mapping[str, Any], shadow: bool) -> list[str]:
    """Where an army avoiding battle out of the space may go (§12.1 L707-L713): an adjacent space
    open to it, not by a pass, not into a box, not the one the enemy came from; a shadower may
    cross a pass and enter that space, but never one with an enemy stronghold (§12.4.1 L742)."""
    board = data(state).board
    space, mover = frame["space"], frame["player"]
    foe = enemy(mover)
    out = []
    for k in board.links_of(space):
        s = k.other(space)
        if k.kind == "desert":
            continue
        if shadow:
            if foraging.stronghold_side(state, s, foe) != "enemy" and not others_there(state, s, mover, {}):
                out.append(s)
        elif k.kind != "pass" and s != frame.get("came_from") and _open_to(state, s, foe, mover, {}):
            out.append(s)
    return sorted(out)


def avoidances(state: State, frame: Mapping[str, Any]) -> list[Action]:
    """An avoidance or a shadowing the army in the space entered may declare (§12.1, §12.4): it
    needs a leader or cavalry (unaccompanied infantry may not); a besieger only against a land
    entry (§12.1 L713); shadowing for a cavalry army against a force that is not one (§18.2)."""
    space, mover = frame["space"], frame["player"]
    if space not in data(state).board.spaces or any(
        d[0] in ("avoid", "shadow") for d in frame.get("declared", [])
    ):
        return []
    pool = army(state, space, enemy(mover))
    if not leaders(pool) and not has_cavalry(state, pool):
        return []
    if _besieging(state, space, enemy(mover)) and frame.get("came_from") is None:
        return []
    out: list[Action] = []
    if avoid_to(state, frame, False):
        out.append(("avoid",))
    cavalry_army = is_cavalry_army(state, pool) and not is_cavalry_army(state, frame["group"])
    if cavalry_army and not frame.get("no_intercept") and avoid_to(state, frame, True):
        out.append(("shadow",))
    return out


def _besieging(state: State, space: str, player: str) -> bool:
    siege = state.sieges.get(space)
    if not siege:
        return False
    return bool(siege["besieger"] == player)  # the besieger is a player (sieges.py)


def card_drm(state: State, roll: str) -> int:
    """The roll_drm of the response cards played on the move under way (frames' ``responses``,
    movement.absorb): added to the
    number the roll must not exceed (K58), so subtracted from the roll."""
    deck = data(state).cards
    total = 0
    for frame in state.stack:
        for card in frame.get("responses", []):
            total += sum(
                int(e["value"])
                for e in deck.cards[card].event
                if e["kind"] == "roll_drm" and e["roll"] == roll
            )
    return total


def succeeds(die: int, drm: int, target: int) -> bool:
    """A 1 always succeeds, a 6 always fails, else the modified roll must not exceed the rating
    (§11.2 L674, §12.1 L699)."""
    return die == 1 or (die != 6 and die + drm <= target)


def intercept_drm(state: State, frame: Mapping[str, Any], force: Mapping[str, Mapping[str, Any]]) -> int:
    """§11.2 L668-L672, §18.2: -1 into a friendly stronghold's space with no enemy unit (besides
    the mover, K57), +1 against a cavalry army, -1 for a cavalry army; cards."""
    space, mover = frame["space"], frame["player"]
    drm = -card_drm(state, "intercept")
    if foraging.stronghold_side(state, space, enemy(mover)) == "friendly" and not others_there(
        state, space, mover, frame["group"]
    ):
        drm -= 1
    if is_cavalry_army(state, frame["group"]):
        drm += 1
    if is_cavalry_army(state, force):
        drm -= 1
    return drm


def avoid_drm(
    state: State, frame: Mapping[str, Any], force: Mapping[str, Mapping[str, Any]], shadow: bool
) -> int:
    """§12.1 L694-L698, §12.4 L732, §18.2: -1 for a cavalry army, -1 if the enemy comes from a
    space with one of the avoider's strongholds, +1 without cavalry against a cavalry army, +1
    when besieging, +1 when shadowing a force with cavalry; cards."""
    space, mover = frame["space"], frame["player"]
    foe = enemy(mover)
    drm = -card_drm(state, "avoid")
    if is_cavalry_army(state, force):
        drm -= 1
    came = frame.get("came_from")
    if came and came in data(state).board.spaces and foraging.stronghold_side(state, came, foe) == "friendly":
        drm -= 1
    if not has_cavalry(state, force) and is_cavalry_army(state, frame["group"]):
        drm += 1
    if _besieging(state, space, foe):
        drm += 1
    if shadow and has_cavalry(state, frame["group"]):
        drm += 1
    return drm


def _reactions_legal(state: State, frame: Frame, role: str) -> list[Action]:
    if role != enemy(frame["player"]):
        return []
    if frame.get("stage") == "where":
        return [("to", s) for s in avoid_to(state, frame, frame["how"] == "shadow")]
    options = interceptions(state, frame) + avoidances(state, frame)
    if not options and not frame.get("declared"):
        return []
    return [*options, *_leave_outs(state, frame), ("roll",)]


def _leave_outs(state: State, frame: Frame) -> list[Action]:
    """A declared interceptor may leave pieces behind (§11.1 L656: a portion may intercept) while
    what goes stays commanded (§11.1 L658); its leader, or one cavalry unit, always goes."""
    out: list[Action] = []
    for i, d in enumerate(frame.get("declared", [])):
        if d[0] != "intercept":
            continue
        force = d[3]
        for p, g in sorted(force.items()):
            for face, label in sorted(set(forces.pieces(g))):
                smaller = minus(force, p, forces.one(face, label))
                if (d[2] == "cavalry" and size(smaller)) or (
                    d[2] != "cavalry" and commandable(state, d[2], smaller)
                ):
                    out.append(("leave_out", i, p, face, label))
            for lid in g["leaders"]:
                if lid != d[2] and commandable(state, d[2], minus(force, p, leader_group(lid))):
                    out.append(("leave_out", i, p, "leader", lid))
    return out


def _reactions_perform(state: State, frame: Frame, role: str, action: Action) -> None:
    if action[0] == "intercept":
        pool = interceptors(state, action[1], role)
        force = cavalry_only(state, pool) if action[2] == "cavalry" else led(state, action[2], pool)
        frame.setdefault("declared", []).append([*action, force])
        src, who = space_name(state, action[1]), leader_name(state, action[2])
        state.say("§11.4", f"The {role_name(role)} player declares an interception from {src} ({who}).")
    elif action[0] == "leave_out":
        _, i, p, face, label = action
        d = frame["declared"][i]
        d[3] = minus(d[3], p, leader_group(label) if face == "leader" else forces.one(face, label))
    elif action[0] in ("avoid", "shadow"):
        frame.setdefault("declared", []).append(list(action))
        state.say("§11.4", f"The {role_name(role)} player declares: {action[0]}.")
    elif action[0] == "roll":
        _resolve(state, frame)
    else:
        _leave(state, frame, action[1])


def _resolve(state: State, frame: Frame) -> None:
    """Every declared attempt rolled in the order declared (§11.4 L684)."""
    mover = frame["player"]
    foe, space = enemy(mover), frame["space"]
    march = PROCEDURES.find(state, "march")
    auto = march is not None and space in march.get("auto_avoid", [])
    frame["hit"] = []
    for d in frame.get("declared", []):
        if d[0] == "intercept":
            force = d[3]
            drm, target = intercept_drm(state, frame, force), rating(state, force)
            what = f"Interception from {space_name(state, d[1])} (rating {target}, modifier {drm:+d})"
            die = dice.roll(state, "§11.2", what)
            if succeeds(die, drm, target):
                frame["hit"].append([d[1], force])
        else:
            pool = army(state, space, foe)
            shadow = d[0] == "shadow"
            if auto and not shadow:
                state.say(
                    "§12.3", "The army that avoided battle this activation avoids again without a roll."
                )
                ok = True
            else:
                drm, target = avoid_drm(state, frame, pool, shadow), rating(state, pool)
                die = dice.roll(
                    state,
                    "§12.1",
                    f"{d[0].capitalize()} in {space_name(state, space)} (rating {target}, modifier {drm:+d})",
                )
                ok = succeeds(die, drm, target)
            if ok:
                frame["stage"], frame["how"] = "where", d[0]
            else:
                frame["failed"] = True
    for s, force in frame["hit"]:
        for p, g in force.items():
            bring_out(state, s, {p: g})
            forces.move(state, p, g, ("field", s), ("field", space))
        state.say(
            "§11.3",
            f"The {role_name(foe)} player's army intercepts from "
            f"{space_name(state, s)} into {space_name(state, space)}.",
        )
    if frame.get("stage") != "where":
        _done(state, frame)


def _leave(state: State, frame: Frame, dst: str) -> None:
    """The avoiding army, every leader and unit of it, moves to ``dst`` at no MP cost (§12.1
    L703); a shadower is noted on the march to follow it (§12.4.1)."""
    mover, space = frame["player"], frame["space"]
    foe = enemy(mover)
    pool = army(state, space, foe)
    for _, force in frame["hit"]:  # interceptors that just came in stay to fight
        for p, g in force.items():
            forces.subtract(pool[p], g)
    pool = {p: g for p, g in pool.items() if not forces.empty(g)}
    for p, g in pool.items():
        forces.move(state, p, g, ("field", space), ("field", dst))
    state.say(
        "§12.1",
        f"The {role_name(foe)} player's army leaves {space_name(state, space)} "
        f"for {space_name(state, dst)} ({frame['how']}).",
    )
    march = PROCEDURES.find(state, "march")
    record = {"player": foe, "at": dst, "group": pool, "entries": [foraging.entry(state, foe, dst)]}
    if march is not None and march["player"] == mover:
        if frame["how"] == "shadow":
            march["shadow"] = {**record, "active": True, "step": len(march["path"])}
        else:
            _avoided(march, space, record)
            march.setdefault("auto_avoid", []).append(dst)
    frame["avoided"] = True
    _done(state, frame)


def _avoided(march: Frame, space: str, record: dict[str, Any]) -> None:
    """Note an avoider's move on the march for its foraging roll at the end (§12.3.1): an army
    that avoided before in this activation and now avoids again from ``space`` (§12.3, without a
    roll) keeps its one roll, its route going on (K91); the pieces it swept up roll with it."""
    before = [av for av in march.setdefault("avoiders", []) if av["at"] == space]
    for av in before:
        av["at"] = record["at"]
        av["entries"].extend(record["entries"])
    if len(before) == 1:
        before[0]["group"] = record["group"]
    elif not before:
        march["avoiders"].append(record)


def joined(state: State, space: str, player: str, hit: list[list[Any]]) -> list[list[Any]]:
    """§11.3 L678: ``player``'s units already outside in ``space`` attack with his interceptors
    (``hit``), each joining the first intercepting leader who can command it beside his force
    (the strongest full units first, as ``led`` takes them); cavalry without a leader commands
    none."""
    pool = army(state, space, player)
    for _, part in hit:
        for p, g in part.items():
            forces.subtract(pool[p], g)
    strength = {(u.power, u.label): u.cs for u in data(state).counters.units}
    pieces = sorted(
        ((p, face, label) for p, g in pool.items() for face, label in forces.pieces(g)),
        key=lambda x: (x[1] != "full", -strength[(x[0], x[2])], x),
    )
    out = [[s, copy(part)] for s, part in hit]
    for p, face, label in pieces:
        for entry in out:
            heads = [lid for lid in leaders(entry[1]) if commandable(state, lid, entry[1])]
            bigger = plus(entry[1], p, forces.one(face, label))
            if heads and commandable(state, heads[0], bigger):
                entry[1] = bigger
                break
    return out


def _done(state: State, frame: Frame) -> None:
    hit = bool(frame.get("hit"))
    force: Force = {}
    for _, part in joined(state, frame["space"], enemy(frame["player"]), frame["hit"]) if hit else []:
        for p, g in part.items():
            force = plus(force, p, g)
    origin = frame["hit"][0][0] if hit else None  # where a beaten interceptor retreats first (§14.1 L850)
    PROCEDURES.pop(
        state, frame, battle=hit, avoided=bool(frame.get("avoided")),
        failed_avoid=bool(frame.get("failed")) and not hit, force=force, came_from=origin,
    )  # fmt: skip


def _reactions_run(state: State, frame: Frame) -> None:
    _done(state, frame)


def _reactions_roles(state: State, frame: Frame) -> list[str]:
    return [enemy(frame["player"])]


def _reactions_prompt(state: State, frame: Frame, role: str) -> str:
    if frame.get("stage") == "where":
        return f"Where does your army go from {space_name(state, frame['space'])}? (§12.1)"
    return (
        f"The enemy enters {space_name(state, frame['space'])}: "
        "declare interceptions and avoidance, then roll (§11.4)."
    )


PROCEDURES.procedure(
    "reactions", legal=_reactions_legal, perform=_reactions_perform, run=_reactions_run,
    prompt=_reactions_prompt, roles=_reactions_roles, rule="11",
)  # fmt: skip


# --- shadowing -------------------------------------------------------------------------------


def follows(state: State, march: Mapping[str, Any]) -> list[Action]:
    """The shadower's choices after the mover enters a space (§12.4.1 L736-L742): move one space
    (passes too, costs ignored) to stay within one space of the mover, never into an enemy
    stronghold's space; stay if still next to it; enter the mover's space to fight; or cease."""
    board = data(state).board
    sh = march["shadow"]
    at, mover_at, foe = sh["at"], march["at"], sh["player"]
    out: list[Action] = []
    for k in board.links_of(at):
        s = k.other(at)
        if k.kind == "desert" or foraging.stronghold_side(state, s, foe) == "enemy":
            continue
        if s == mover_at:
            out.append(("attack", s))
        elif board.adjacent(s, mover_at):
            out.append(("follow", s))
    if board.adjacent(at, mover_at):
        out.append(("stay",))
    out.append(("cease",))
    return out


def _shadow_legal(state: State, frame: Frame, role: str) -> list[Action]:
    march = PROCEDURES.find(state, "march")
    if march is None or frame.get("stage") in ("battle", "rearguard") or role != frame["player"]:
        return []
    return follows(state, march)


def _shadow_perform(state: State, frame: Frame, role: str, action: Action) -> None:
    march = PROCEDURES.find(state, "march")
    assert march is not None
    sh = march["shadow"]
    sh["step"] = len(march["path"])
    if action[0] == "cease":
        sh["active"] = False
        state.say(
            "§12.4.1",
            f"The {role_name(role)} player's army stops shadowing in {space_name(state, sh['at'])}.",
        )
        PROCEDURES.pop(state, frame)
        return
    if action[0] == "stay":
        state.say(
            "§12.4.1",
            f"The {role_name(role)} player's shadowing army stays in {space_name(state, sh['at'])}.",
        )
        PROCEDURES.pop(state, frame)
        return
    dst = action[1]
    for p, g in sh["group"].items():
        forces.move(state, p, g, ("field", sh["at"]), ("field", dst))
    state.say(
        "§12.4.1",
        f"The {role_name(role)} player's shadowing army moves from "
        f"{space_name(state, sh['at'])} to {space_name(state, dst)}.",
    )
    came, sh["at"] = sh["at"], dst
    sh["entries"].append(foraging.entry(state, role, dst))
    frame["came"] = came
    if action[0] == "attack":
        sh["active"] = False
        _shadow_battle(state, frame, march)
    elif present(state, dst, march["player"]):  # a rearguard: it may try to avoid (§12.4.1 L744)
        frame["stage"] = "rearguard"
        PROCEDURES.push(
            state,
            "reactions",
            player=role,
            space=dst,
            came_from=came,
            group=copy(sh["group"]),
            no_intercept=True,
        )
    else:
        PROCEDURES.pop(state, frame)


def _shadow_battle(state: State, frame: Frame, march: Mapping[str, Any]) -> None:
    frame["stage"] = "battle"
    PROCEDURES.push(
        state, "battle", space=march["shadow"]["at"], attacker=frame["player"], defender=march["player"],
        mover=False, came_from=frame["came"], why="entry", drm=0, force=copy(march["shadow"]["group"]),
        avoid_failed=bool(frame.pop("avoid_failed", False)),
    )  # fmt: skip


def _shadow_run(state: State, frame: Frame) -> None:
    march = PROCEDURES.find(state, "march")
    if march is not None and frame.get("stage") == "rearguard":
        done = frame.pop("done", {})
        if enemy_units(state, march["shadow"]["at"], frame["player"]):
            frame["avoid_failed"] = bool(done.get("failed_avoid"))
            _shadow_battle(state, frame, march)
            return
    if march is not None and frame.get("stage") == "battle":
        sh = march["shadow"]
        done = frame.pop("done", {})
        sh["group"] = survivors(state, sh["at"], sh["group"])
        if not sh["group"] or done.get("winner") != frame["player"]:
            sh["active"] = False
    PROCEDURES.pop(state, frame)


def _shadow_prompt(state: State, frame: Frame, role: str) -> str:
    return "Shadowing: follow the enemy one space, stay, attack or stop (§12.4.1)."


PROCEDURES.procedure(
    "shadow",
    legal=_shadow_legal,
    perform=_shadow_perform,
    run=_shadow_run,
    prompt=_shadow_prompt,
    rule="12.4.1",
)
