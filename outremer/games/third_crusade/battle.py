"""The procedure ``battle``: a Battle from the attack to the markers that follow it (``Battle``,
``Battle.*``, ``Command.Reaction``).

Keys are those of docs/third-crusade/sections.md, rulings (R2, R4-R9, R38, R40, R49-R51) those of
docs/third-crusade/rulings.md. Whatever moved or placed an Army's pieces into a Region holding enemy
pieces pushes it with ``region``, ``attacker`` (the active Army), ``order`` (the Order executed, or
None), ``strength`` (the move's March Strength, R27), ``origin`` (the Region the pieces came from,
None if they were placed, R8) and ``road`` (the attacking group, off the map: ``Battle.Road``).

1. Roles (``Battle.Roles``): the Army Controlling the Region defends; on a tie the Army of the
   defending Alliance there higher on initiative is in charge. A Region holding only Neutral pieces
   is no Battle: the attacker moves in and they join it (R38). With the option
   ``neutral_regions_fight`` they fight alone: no Reactions, no Faith, no Glory if they win; the
   Army of the defending Alliance first on initiative takes their losses and places them. A side
   of Leaders without Unit icons only loses them and the other side wins without losses
   (``Battle.Strength.LeadersOnly``, R49).
2. Reactions (``Battle.Reaction``, R51; battle_strength.py): the weaker side's Armies are asked in turn,
   the one in charge first, each free to pass whatever it holds (the window opens on the public
   Strengths alone); after any Reaction the Strengths are recomputed and the weaker side asked
   anew; once its Armies have all passed, the Battle is decided. Retreat and Tactical Retreat end
   it at once (R7).
3. Losses (``Battle.Losses``): the higher Strength wins, a tie goes to the defender; the winner
   loses 1 piece, the loser 1 per point of difference and at least 1 (R40; battle_moves.py).
4. Retreats (``Battle.Retreat.*``): a winning attacker's beaten defenders leave, the attacking group
   moves in and what does not fit retreats (R9); a winning defender stays, the attacker's surviving
   Neutrals join it, the attacking Armies' pieces go back (R8); a piece finds room or is removed (R50).
5. Glory (``Battle.Glory``): 1 for each of the four conditions to the winner; then the tracks follow
   Control (``Battle.After``; control.py). Glory icons and tokens wait for upkeep.
"""

from __future__ import annotations

from ...engine.procedures import Action, Frame
from . import battle_moves as moves
from .battle_strength import (
    defender_in_charge,
    effects,
    leading,
    reactions,
    reinforcing,
    sides,
    strength,
    weaker,
)
from .common import alliance, allies, counts, data, move_glory, owner
from .control import update_tracks
from .options import on
from .pieces import kind_of
from .procedures import PROCEDURES
from .solo import bots
from .state import NAMES, NEUTRAL, SABOTAGE, State

BATTLE = "battle"


def _region_name(state: State, frame: Frame) -> str:
    return data(state).board.regions[frame["region"]].name


# -- 1. the roles ------------------------------------------------------------------------------
def _open(state: State, frame: Frame) -> None:
    attacking, defending = sides(frame)
    here = counts(state, frame["region"])
    present = [a for a in state.armies if alliance(a) == defending and here[a]]
    frame.update(reactions=[], asked=[], killed=[], leaders=[], lose=[])
    frame["tally"] = {side: {"own": 0, "other": 0, "free": False} for side in (attacking, defending)}
    alone = not present and on(state, "neutral_regions_fight")
    if not present and not alone:  # R38: Neutral pieces alone do not fight
        state.say(
            "Battle", f"{NAMES[frame['attacker']]} meets no enemy Army in {_region_name(state, frame)}."
        )
        _decided(state, frame, attacking, glory=False)
        return
    army = defender_in_charge(state, frame["region"], defending, alone)  # a tie of Control: initiative
    assert army is not None
    frame["defender"] = army
    opening = f"Battle in {_region_name(state, frame)}: {NAMES[frame['attacker']]} attacks"
    if alone:  # the option neutral_regions_fight (R38): the Neutrals fight alone
        frame["neutral"] = True
        text = f"{opening} the Neutral pieces; the {NAMES[army]} takes their losses and places them."
    else:
        text = f"{opening}, {NAMES[army]} defends."
    state.say("Battle.Roles", text)
    leaders = data(state).leaders.leaders
    pieces = {
        attacking: list(frame["road"]),
        defending: [p for p in state.regions[frame["region"]]["slots"] if p is not None and p != SABOTAGE],
    }
    for side, other in ((attacking, defending), (defending, attacking)):
        if pieces[side] and all(kind_of(p) is None and not leaders[p].fights for p in pieces[side]):
            state.say(
                "Battle.Strength.LeadersOnly",
                f"The {side} side has only Leaders without Unit icons: they are lost.",
            )
            _record_leaders(state, frame)
            for where, i in reversed(moves.in_battle(state, frame, side)):
                moves.remove(state, frame, side, where, i)
            _decided(state, frame, other, glory=not on(state, "leaders_only_no_glory"))
            return
    if alone:  # no Reactions against Neutral pieces alone
        _resolve(state, frame)
        return
    frame["stage"] = "react"


# -- 2. the Reactions --------------------------------------------------------------------------
def _reactor(state: State, frame: Frame) -> str | None:
    """The next Army of the weaker side to ask: the one in charge, then its partner (``Battle.Reaction``)."""
    side = weaker(state, frame)
    first = leading(frame, side)
    order = [first, *(a for a in allies(state, first) if a != first)]
    return next((a for a in order if a not in frame["asked"]), None)


def _react(state: State, frame: Frame, army: str, action: Action) -> None:
    where = action[1]
    side = alliance(army)
    placed = state.placed[where].pop(side)
    if not state.placed[where]:
        del state.placed[where]
    order = data(state).orders.orders[placed["order"]]
    assert order.cost is not None
    if army not in bots(state):  # Solo.Setup.6: a Bot keeps no command points and pays none
        state.tracks[army]["current"] -= order.cost
    state.executed[army].append(order.id)
    reaction = {"army": army, "order": order.id, "region": where}
    text = f"{NAMES[army]} executes its {order.name} in {data(state).board.regions[where].name}"
    if len(action) > 2:
        reaction["target"] = action[2]
        cancelled = frame["reactions"][action[2]]
        name = data(state).orders.orders[cancelled["order"]].name
        text += f", cancelling the {name} of the {NAMES[cancelled['army']]}"
    frame["reactions"].append(reaction)
    frame["asked"] = []
    if "reinforce" in effects(order):  # R5, R11: Bandits on the Road strike the Reinforcing Units
        at = [[where, i] for i in reinforcing(state, army, where)]
        moves.exposed(state, frame, moves.road_key(where, frame["region"]), army, side, at)
    state.say("Battle.Reaction", text + ".")
    kinds = effects(order)
    attacking, defending = sides(frame)
    if "retreat" in kinds:  # R7: no losses; the attacker wins and gains the Glory (but the option)
        state.say("Glossary.Retreat", f"The {defending} side retreats from the Battle without losses.")
        _record_leaders(state, frame)
        _decided(state, frame, attacking, glory=not on(state, "retreat_gives_no_glory"))
    elif "tactical_retreat" in kinds:  # R7: one Unit lost; no win, no Glory
        state.say("Glossary.TacticalRetreat", f"The {defending} side loses a Unit and leaves the Region.")
        frame.update(winner=attacking, glory=False, stage="lose")
        frame["lose"] = [{"side": defending, "left": 1, "units": True, "any": True}]


# -- 3. the losses -----------------------------------------------------------------------------
def _record_leaders(state: State, frame: Frame) -> None:
    """The sides with a Leader of any colour in the Battle (``Battle.Glory.2``, ``Battle.Glory.3``)."""
    for side in sides(frame):
        if any(
            kind_of(moves.piece_at(state, frame, w, i)) is None
            for w, i in moves.in_battle(state, frame, side)
        ):
            frame["leaders"].append(side)


def _resolve(state: State, frame: Frame) -> None:
    attacking, defending = sides(frame)
    a, d = strength(state, frame, attacking), strength(state, frame, defending)
    winner = attacking if a > d else defending
    won = (
        "the Neutral pieces win"
        if frame.get("neutral") and winner == defending
        else f"the {winner} side wins"
    )
    state.say("Battle.Losses", f"Strength {a} against {d}: {won}.")
    _record_leaders(state, frame)
    frame.update(winner=winner, glory=True, stage="lose")
    frame["lose"] = [
        {"side": side, "left": 1 if side == winner else max(1, abs(a - d)), "units": False, "any": False}
        for side in (attacking, defending)
    ]


# -- 4. the retreats ---------------------------------------------------------------------------
def _decided(state: State, frame: Frame, winner: str, glory: bool) -> None:
    """Queue the pieces that leave or move in once the losses are made (``Battle.Retreat.*``)."""
    frame.update(winner=winner, glory=glory, stage="move", moves=[])
    attacking, defending = sides(frame)
    if winner == attacking:
        here = state.regions[frame["region"]]["slots"]
        for piece in here:
            if piece is not None and piece != SABOTAGE and _alliance_of(state, piece) == defending:
                moves.queue(frame, piece, frame["region"], owner(state, piece), "beaten", defending)
        for piece in frame["road"]:
            moves.queue(frame, piece, moves.ROAD, frame["attacker"], "enter", attacking)
        return
    for piece in frame["road"]:
        if _alliance_of(state, piece) is None:  # the attacker's Neutrals join the defenders
            moves.queue(frame, piece, moves.ROAD, frame["defender"], "enter", defending)
    for piece in frame["road"]:
        if _alliance_of(state, piece) is not None:
            moves.queue(frame, piece, moves.ROAD, owner(state, piece), "back", attacking)


def _alliance_of(state: State, piece: str) -> str | None:
    """The Alliance of a piece's owner; None for a Neutral piece."""
    who = owner(state, piece)
    return None if who == NEUTRAL else alliance(who)


# -- 5. Glory and the end ----------------------------------------------------------------------
def _finish(state: State, frame: Frame) -> None:
    attacking, defending = sides(frame)
    winner = frame["winner"]
    loser = defending if winner == attacking else attacking
    if frame["glory"] and not (frame.get("neutral") and winner == defending):  # no Alliance's win
        city = data(state).board.regions[frame["region"]].is_city
        points = int(winner == attacking and city)  # Battle.Glory.1
        points += int(attacking in frame["leaders"]) + int(defending in frame["leaders"])  # .2, .3
        points += int(loser in frame["killed"])  # Battle.Glory.4
        if points:
            move_glory(state, winner, points)
            state.say("Battle.Glory", f"The {winner} side gains {points} Glory.")
    update_tracks(state)  # Battle.After
    PROCEDURES.pop(state, frame)


# -- the procedure -----------------------------------------------------------------------------
def _choices(state: State, frame: Frame) -> tuple[str, list[Action]]:
    if frame["stage"] == "react" or (frame["stage"] == "move" and not frame["moves"]):
        return moves.bandit_choices(state, frame)
    if frame["stage"] == "lose":
        return moves.loss_choices(state, frame)
    return moves.move_choices(state, frame)


def _run(state: State, frame: Frame) -> None:
    frame["roles"] = []
    stage = frame.get("stage")
    if stage is None:
        _open(state, frame)
        return
    chooser, options = _choices(state, frame)
    if len(options) == 1:
        _perform(state, frame, chooser, options[0])
    elif options:
        frame["roles"] = [chooser]
    elif stage == "react" or (stage == "move" and not frame["moves"]):
        if frame.get("bandits"):
            moves.bandits_paid(state, frame)
        elif stage == "move":
            _finish(state, frame)
        else:
            army = _reactor(state, frame)
            if army is None:
                _resolve(state, frame)
            else:
                frame["roles"] = [army]
    elif stage == "lose":
        _decided(state, frame, frame["winner"], frame["glory"])
    else:
        moves.stranded(state, frame)


def _asking_reaction(frame: Frame) -> bool:
    return frame["stage"] == "react" and not frame.get("bandits")


def _legal(state: State, frame: Frame, role: str) -> list[Action]:
    if role not in frame.get("roles", ()):
        return []
    if _asking_reaction(frame):
        return [*reactions(state, frame, role), ("pass",)]
    chooser, options = _choices(state, frame)
    return options if role == chooser else []


def _perform(state: State, frame: Frame, role: str, action: Action) -> None:
    frame["roles"] = []
    if action[0] == "pass":
        frame["asked"].append(role)
        state.say("Battle.Reaction", f"{NAMES[role]} executes no Reaction.")
    elif action[0] == "react":
        _react(state, frame, role, action)
    elif action[0] == "lose" and frame["stage"] == "lose":
        moves.lose(state, frame, action[1], action[2])
    elif action[0] == "lose":
        moves.bandit_loss(state, frame, action[1], action[2])
    else:
        moves.move(state, frame, action[1], action[2], action[3])


def _prompt(state: State, frame: Frame, role: str) -> str:
    where = _region_name(state, frame)
    if frame.get("bandits"):
        return f"The Battle in {where}: choose a Unit lost to the Bandits (Glossary.Bandit)."
    if frame.get("stage") == "react":
        return f"The Battle in {where}: execute a Reaction Order, or pass (Battle.Reaction)."
    if frame.get("stage") == "lose":
        return f"The Battle in {where}: choose the next loss (Battle.Losses.Assign)."
    return f"The Battle in {where}: choose where the piece goes (Battle.Retreat)."


PROCEDURES.procedure(BATTLE, legal=_legal, perform=_perform, run=_run, prompt=_prompt, rule="Battle")
