"""Winter (8.2-8.5): after both Winter Turn moves (8.1), in this order:

1. the end of the Winter Turn is the end of a game turn: sudden death (1.2);
2. the Winter Campaign siege, if any: harsher siege attrition, and the victor may regroup (8.2);
3. winter supply: every other siege is lifted with the loss of all its besiegers, then each side
   keeps at most the town's supply in each town, the owner choosing which blocks go (8.3);
4. sudden death again (1.2); after 1192 the final victory check instead (1.2) and the game ends;
5. replacements, Franks first, then Saracens (8.4);
6. year end (8.5): the winter ends, and the game deals the next year (turn.py).

The sequence ``winter`` (procedures.py) runs it; its decisions are ``winter_regroup`` (8.2),
``winter_supply`` (8.3), ``winter_replace`` (8.4). Working data in ``state.work``: the record
``records.Winter``, whose ``stage`` says where the winter goes on when a decision ends.
Rulings: docs/crusader-rex/draws-winter.md.
"""

from __future__ import annotations

from typing import cast

from ...engine.procedures import Frame
from . import turn
from .board import FRANKS, SARACENS, enemy
from .common import (
    BLOCKS,
    BOARD,
    TOWNS,
    besieged_side,
    eliminate,
    has_enemy,
    hide,
    log,
    others,
    reduce,
    roll,
    rules_of_format_1,
)
from .procedures import PROCEDURES, Action, ask, begin, decision, end, opening, sequence
from .records import Winter
from .state import State

REGROUP = "winter_regroup"
SUPPLY = "winter_supply"
REPLACE = "winter_replace"

SIDES = (FRANKS, SARACENS)  # 8.3, 8.4: the Franks decide first


# -- small queries (one pass over the blocks each) ---------------------------------------------
def _work(state: State) -> Winter | None:
    """The winter's record in ``state.work`` while the winter is run (8.2-8.4)."""
    return cast("Winter | None", state.work)


def _side_blocks(state: State, town: str, side: str) -> list[str]:
    """``side``'s blocks at ``town`` in data order (never set order: replays must not depend on it)."""
    return [b for b, where in state.loc.items() if where == town and BLOCKS[b].side == side]


def supply(town: str) -> int:
    """How many blocks of one side ``town`` supplies in winter (8.3): its rating, 1 if minor."""
    return max(1, TOWNS[town].rating)


def rp_cost(town: str, side: str) -> int:
    """Replacement points per step (8.4): 1 in one's own kingdom, 2 in the enemy's."""
    return 1 if TOWNS[town].side == side else 2


def _over_supply(state: State, side: str, exempt: str | None) -> dict[str, list[str]]:
    """town -> ``side``'s blocks there, for every town where ``side`` has more than its supply."""
    here: dict[str, list[str]] = {}
    for b, where in state.loc.items():
        if where in TOWNS and where != exempt and BLOCKS[b].side == side:
            here.setdefault(where, []).append(b)
    return {t: bs for t, bs in here.items() if len(bs) > supply(t)}


# -- the sequence ------------------------------------------------------------------------------
def start_winter(state: State) -> None:
    """The winter from a position built by hand (positions.py); the turn pushes it by kind."""
    begin(state, "winter")
    PROCEDURES.settle(state)


def _winter(state: State, frame: Frame) -> None:
    """Both Winter Turn moves are done (8.1): run the winter, going on where its stage says once a
    decision ends."""
    if opening(frame):
        _open(state)
        return
    work = _work(state)
    assert work is not None
    if work["stage"] == "campaign":
        _start_supply(state)
    elif work["stage"] == "supply":
        _next_supply(state)
    else:
        _next_replace(state)


def _open(state: State) -> None:
    if turn.check_sudden_death(state):
        return
    state.work = {
        "stage": "campaign",
        "exempt": None,
        "town": None,
        "side": None,
        "sides": [],
        "roads": {},
        "rp": {},
    }
    wc = state.flags.get("winter_campaign")
    if wc and _winter_campaign(state, wc["side"], wc["town"]):
        return  # the victor regroups first
    _start_supply(state)


def _winter_campaign(state: State, side: str, town: str) -> bool:
    """Winter siege attrition at the Winter Campaign siege (8.2). True if a regroup choice waits."""
    work = _work(state)
    assert work is not None
    foe = enemy(side)
    if besieged_side(state, town) != foe:
        log(
            state,
            "8.2",
            "The {side} are not besieging {town}: the Winter Campaign lapses.",
            side=side,
            town=town,
        )
        return False
    inside = [b for b in _side_blocks(state, town, foe) if b in state.castle]
    hit_on = 2 if TOWNS[town].fortified else 4
    dice = roll(state, len(inside))
    hits = sum(1 for d in dice if d <= hit_on)
    log(
        state,
        "8.2",
        "Winter siege attrition at {town}: the {foe} roll {dice} and lose {hits} step(s) "
        "(a hit on 1-{hit_on}).",
        town=town,
        foe=foe,
        dice=" ".join(map(str, dice)),
        hits=hits,
        hit_on=hit_on,
    )
    for b, d in zip(inside, dice, strict=True):
        if d <= hit_on:
            log(state, "8.2", "{block} loses a step.", audience=foe, block=BLOCKS[b].label)
            reduce(state, b, 1, "8.2", winter=True)
    if any(b in state.castle for b in _side_blocks(state, town, foe)):
        work["exempt"] = town
        log(state, "8.2", "The {side} maintain the siege of {town} over the winter.", side=side, town=town)
        return False
    log(
        state,
        "8.2",
        "The castle of {town} is emptied: the {side} win the winter siege.",
        side=side,
        town=town,
    )
    hide(state, _side_blocks(state, town, side))
    work["side"] = side
    work["town"] = town
    if not _regroup_legal(state, side):
        work["town"] = None
        return False
    ask(state, REGROUP, side)
    return True


def _start_supply(state: State) -> None:
    """Lift every siege but the Winter Campaign's (8.3), then ask for excess blocks."""
    work = _work(state)
    assert work is not None
    work["stage"] = "supply"
    exempt = work["exempt"]
    sieges = sorted({state.loc[b] for b in state.castle if state.loc[b] != exempt})
    for town in sieges:
        holder = besieged_side(state, town)
        if holder is not None:
            besiegers = _side_blocks(state, town, enemy(holder))
            log(
                state,
                "8.3",
                "The siege of {town} is lifted: the {n} besieging {side:adj} block(s) are eliminated.",
                town=town,
                n=len(besiegers),
                side=enemy(holder),
            )
            for b in besiegers:
                eliminate(state, b, "8.3", winter=True)
        left = [b for b in state.castle if state.loc[b] == town]
        state.castle.difference_update(left)
        hide(state, left)
    if state.year == turn.LAST_YEAR:
        # The game ends after this winter (1.2): keeping at least one block per town and side,
        # disbanding cannot change who holds any victory city, so it is not asked for.
        work["sides"] = []
    else:
        work["sides"] = list(SIDES)
    _next_supply(state)


def _next_supply(state: State) -> None:
    work = _work(state)
    assert work is not None
    while work["sides"]:
        side = work["sides"][0]
        if _over_supply(state, side, work["exempt"]):
            work["side"] = side
            ask(state, SUPPLY, side)
            return
        work["sides"].pop(0)
    _after_supply(state)


def _after_supply(state: State) -> None:
    if turn.check_sudden_death(state):
        state.work = None
        return
    if state.year == turn.LAST_YEAR:
        state.work = None
        turn.final_victory(state)
        return
    work = _work(state)
    assert work is not None
    work["stage"] = "replace"
    work["sides"] = list(SIDES)
    _next_replace(state)


def _next_replace(state: State) -> None:
    """Give the next side its replacement points (8.4); skip a side that can spend none, as the
    enemy sees it (:func:`_may_replace`)."""
    work = _work(state)
    assert work is not None
    while work["sides"]:
        side = work["sides"].pop(0)
        # Towns held by the side: its blocks there and no enemy, so never a town under siege.
        sides: dict[str, set[str]] = {}
        for b, where in state.loc.items():
            if where in TOWNS:
                sides.setdefault(where, set()).add(BLOCKS[b].side)
        rp = {t: TOWNS[t].rating for t, there in sides.items() if there == {side} and TOWNS[t].rating > 0}
        work["side"] = side
        work["rp"] = rp
        if _may_replace(state, side):
            log(state, "8.4", "The {side} take winter replacements.", side=side)
            ask(state, REPLACE, side)
            return
    state.work = None
    end(state)


def _may_replace(state: State, side: str) -> bool:
    """Whether ``side`` is asked (again) for replacements, told from public facts (8.4): a town it
    holds has points left for a step at its price. Whether a block there is below full strength is
    hidden from the enemy, so the side is asked anyway and may answer done (games saved before
    this ruling were asked only when a block could gain a step: common.rules_of_format_1)."""
    if rules_of_format_1(state):
        return bool(_replace_options(state, side))
    work = _work(state)
    assert work is not None
    return any(points >= rp_cost(town, side) for town, points in work["rp"].items())


def _replace_options(state: State, side: str) -> list[Action]:
    work = _work(state)
    assert work is not None
    out: list[Action] = []
    rp = work["rp"]
    for b, where in state.loc.items():
        points = rp.get(where)
        if (
            points
            and BLOCKS[b].side == side
            and state.steps[b] < BLOCKS[b].max_steps
            and points >= rp_cost(where, side)
        ):
            out.append(("replace", b))
    return out


# -- 8.2 regroup -------------------------------------------------------------------------------
def _regroup_targets(state: State, side: str) -> list[tuple[str, str]]:
    """(town, road) a victor of the winter siege may regroup to (6.7, 8.1, 8.2)."""
    work = _work(state)
    assert work is not None
    town = work["town"]
    assert town is not None
    guide = state.flags.get("guide") == side
    iron = bool(state.options.get("iron_bridge"))
    out = []
    for nb, road in BOARD.adjacent[town]:
        t = TOWNS.get(nb)
        if t is None or t.no_entry:
            continue  # staging boxes are off the map; Masyaf cannot be entered (1.12)
        if work["roads"].get(road, 0) >= BOARD.limit(road, guide, iron):
            continue  # road limits (5.1)
        if has_enemy(state, nb, side):
            continue  # friendly or vacant, never an enemy-held town in winter (6.7, 8.1)
        out.append((nb, road))
    return out


def _regroup_legal(state: State, side: str) -> list[Action]:
    work = _work(state)
    assert work is not None
    town = work["town"]
    assert town is not None
    blocks = _side_blocks(state, town, side)
    if not blocks:
        return []
    targets = _regroup_targets(state, side)
    return [("regroup", b, nb) for b in blocks for nb, _ in targets]


def _regroup_perform(state: State, role: str, action: Action) -> None:
    work = _work(state)
    assert work is not None
    if action[0] == "regroup":
        block, dest = action[1], action[2]
        town = work["town"]
        assert town is not None
        road = next(r for nb, r in BOARD.adjacent[town] if nb == dest)
        work["roads"][road] = work["roads"].get(road, 0) + 1
        state.loc[block] = dest
        log(
            state,
            "8.2",
            "A {side:adj} block regroups from {town} to {dest}.",
            audience=others(role),
            side=role,
            town=town,
            dest=dest,
        )
        log(
            state,
            "8.2",
            "{block} regroups from {town} to {dest}.",
            audience=role,
            block=BLOCKS[block].label,
            town=town,
            dest=dest,
        )
        if _regroup_legal(state, role):
            return
    work["town"] = None
    work["roads"] = {}
    end(state)


def _regroup_actions(state: State, role: str) -> list[Action]:
    if state.work is None:
        return []
    return [*_regroup_legal(state, role), ("done",)]


# -- 8.3 supply --------------------------------------------------------------------------------
def _supply_legal(state: State, role: str) -> list[Action]:
    work = _work(state)
    if work is None:
        return []
    over = _over_supply(state, role, work["exempt"])
    return [("disband", b) for blocks in over.values() for b in blocks]


def _supply_perform(state: State, role: str, action: Action) -> None:
    eliminate(state, action[1], "8.3", winter=True)
    end(state)


# -- 8.4 replacements --------------------------------------------------------------------------
def _replace_legal(state: State, role: str) -> list[Action]:
    if state.work is None:
        return []
    return [*_replace_options(state, role), ("done",)]


def _replace_perform(state: State, role: str, action: Action) -> None:
    work = _work(state)
    assert work is not None
    if action[0] == "replace":
        block = action[1]
        town = state.loc[block]
        cost = rp_cost(town, role)
        work["rp"][town] -= cost
        state.steps[block] += 1
        log(
            state,
            "8.4",
            "The {side} add a step to a block at {town} ({cost} RP).",
            audience=others(role),  # the player who acted reads one line, its own (issue 15)
            side=role,
            town=town,
            cost=cost,
        )
        log(
            state,
            "8.4",
            "{block} at {town} gains a step, now {steps} ({cost} RP).",
            audience=role,
            block=BLOCKS[block].label,
            town=town,
            steps=state.steps[block],
            cost=cost,
        )
        if _may_replace(state, role):
            return
    end(state)


# -- prompts -----------------------------------------------------------------------------------
def _regroup_prompt(state: State, role: str) -> str:
    work = _work(state)
    town = work["town"] if work else "the town"
    return f"You won the winter siege of {town}: regroup blocks to adjacent towns, or done (8.2, 6.7)."


def _supply_prompt(state: State, role: str) -> str:
    work = _work(state)
    over = _over_supply(state, role, work["exempt"] if work else None)
    parts = [f"{t} ({len(bs)} blocks, supply {supply(t)})" for t, bs in sorted(over.items())]
    return f"Winter supply: disband blocks over the supply of {', '.join(parts)} (8.3)."


def _replace_prompt(state: State, role: str) -> str:
    work = _work(state)
    rp = work["rp"] if work else {}
    parts = [f"{t} {n}" for t, n in sorted(rp.items()) if n > 0]
    return f"Winter replacements: spend points ({', '.join(parts)}) on blocks there, or done (8.4)."


sequence("winter", _winter, "8.1")
decision(REGROUP, _regroup_actions, _regroup_perform, _regroup_prompt, "8.2")
decision(SUPPLY, _supply_legal, _supply_perform, _supply_prompt, "8.3")
decision(REPLACE, _replace_legal, _replace_perform, _replace_prompt, "8.4")
