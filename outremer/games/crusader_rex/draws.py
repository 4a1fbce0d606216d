"""The draw phase (7.0-7.3): each player draws one block from the draw pool and deploys it.

Sequence (7.0): Player 1 draws and places its block, then Player 2. No draws in 1187, in a
cancelled turn or in the Winter Turn (the draws end at once then). A draw is one
random block of the side whose ``loc`` is ``"pool"``; blocks ``"aside"`` were eliminated this year
and cannot be drawn (6.34, 7.1).

Where a drawn block goes:

- crusaders: face up to their nation's staging box (7.21), no choice;
- pilgrims: a friendly port (1.14, 7.24); into the castle of a besieged friendly Tyre or Tripoli
  only within its castle limit (6.51, 6.52); nowhere: back to the pool and the draw is lost;
- everyone else (outremers, turcopoles, emirs, nomads): full strength at its home or an
  alternate seat (1.13) with no enemy block there, or strength 1 in any other friendly town
  (7.25, 7.3); nowhere: back to the pool.

The drawn block's identity is told only to its owner; where a block appeared is public. Its owner
is asked where to deploy it even when there is one place only: how many places there are depends on
the block, hidden from the enemy, and a pause in one case only would tell it (games saved before
this ruling placed it at once: common.rules_of_format_1). Rulings:
docs/crusader-rex/draws-winter.md.
"""

from __future__ import annotations

from typing import cast

from ...engine import rng
from ...engine.procedures import Frame
from . import turn
from .board import FRANKS, SARACENS, enemy
from .common import (
    BLOCKS,
    BOARD,
    TOWNS,
    besieged_side,
    castle_limit,
    log,
    others,
    port_friendly,
    reveal,
    rules_of_format_1,
)
from .procedures import PROCEDURES, Action, ask, begin, decision, end, opening, sequence
from .records import Draws
from .state import State

PHASE = "draw"

# nation -> staging box (7.21)
STAGING_BOX = {nation: box for box, nation in BOARD.staging.items()}

# Blocks placed at a seat (full) or in a friendly town (strength 1): 7.25, 7.3. Military orders and
# Saladin's family are permanently eliminated (6.34) and so never drawn; they are placed like
# outremers should a hand-made position put one in the pool.
PILGRIMS = "pilgrims"
CRUSADERS = "crusaders"


# -- queries -----------------------------------------------------------------------------------
def _town_sides(state: State) -> tuple[dict[str, set[str]], dict[str, set[str]], dict[str, int]]:
    """One pass over the blocks: town -> sides in the field, town -> sides anywhere there,
    (town, side) castle counts keyed "town|side"."""
    field: dict[str, set[str]] = {}
    anywhere: dict[str, set[str]] = {}
    inside: dict[str, int] = {}
    castle = state.castle
    for b, where in state.loc.items():
        if where not in TOWNS:
            continue
        side = BLOCKS[b].side
        anywhere.setdefault(where, set()).add(side)
        if b in castle:
            key = f"{where}|{side}"
            inside[key] = inside.get(key, 0) + 1
        else:
            field.setdefault(where, set()).add(side)
    return field, anywhere, inside


def _friendly(town: str, side: str, field: dict[str, set[str]], anywhere: dict[str, set[str]]) -> bool:
    """common.is_friendly, from the one-pass tables (1.12)."""
    sides = field.get(town)
    if sides:
        return len(sides) == 1 and side in sides
    there = anywhere.get(town)
    if there:  # only castle blocks, no one in the field
        return len(there) == 1 and side in there
    return TOWNS[town].side == side


def placements(state: State, block: str) -> dict[str, int]:
    """Where a drawn ``block`` may be deployed: town -> strength it arrives with (7.24, 7.25, 7.3).

    Pilgrims: friendly ports at full strength (castle of a besieged Tyre/Tripoli within its limit).
    Others: full strength at a seat with no enemy block, strength 1 in any other friendly town.
    """
    info = BLOCKS[block]
    side = info.side
    field, anywhere, inside = _town_sides(state)
    out: dict[str, int] = {}
    if info.group == PILGRIMS:
        for port in BOARD.ports:
            if not port_friendly(state, port, side):
                continue
            held = inside.get(f"{port}|{side}", 0)
            if held and enemy(side) in field.get(port, ()) and held >= castle_limit(port):
                continue  # our besieged Tyre/Tripoli (6.51) with its castle full (6.52, 7.24)
            out[port] = info.max_steps
        return out
    foe = enemy(side)
    for town, t in TOWNS.items():
        if t.no_entry:
            continue
        if _friendly(town, side, field, anywhere):
            out[town] = 1
    for seat in BOARD.seats[block]:
        if TOWNS[seat].no_entry:
            continue
        if foe not in anywhere.get(seat, ()):
            out[seat] = info.max_steps
    return out


# -- the phase ---------------------------------------------------------------------------------
def _work(state: State) -> Draws | None:
    """The draw phase's record in ``state.work`` while draws are made (7.0)."""
    return cast("Draws | None", state.work)


def start_draw_phase(state: State) -> None:
    """The draw phase from a position built by hand (positions.py); the turn pushes it by kind."""
    begin(state, "draws")
    PROCEDURES.settle(state)


def _draws(state: State, frame: Frame) -> None:
    """Player 1 draws and deploys, then Player 2 (7.0); each time a player has placed its block,
    the next draw."""
    if opening(frame):
        if state.year == turn.FIRST_YEAR or state.turn == turn.WINTER_TURN or state.flags.get("cancelled"):
            end(state)
            return
        p1 = state.p1 or FRANKS
        state.work = {"draws": [p1, enemy(p1)], "block": None, "towns": {}}
    _next_draw(state)


def _next_draw(state: State) -> None:
    """Draw for the next side still to draw; stop at the first real choice."""
    work = _work(state)
    assert work is not None
    while work["draws"]:
        side = work["draws"].pop(0)
        pool = [b for b, where in state.loc.items() if where == "pool" and BLOCKS[b].side == side]
        if not pool:
            log(state, "7.1", "The {side:adj} draw pool is empty: no draw.", side=side)
            continue
        state.barrier += 1
        block = pool[rng.below(state, len(pool))]
        info = BLOCKS[block]
        # The drawing side reads one line per draw: its own, naming the block (issue 15); a
        # crusader's is the public line below, which names it for all.
        log(state, "7.0", "The {side} draw a block.", audience=others(side), side=side)
        if info.group != CRUSADERS:
            log(state, "7.0", "You draw {block}.", audience=side, block=info.label)
        if info.group == CRUSADERS:
            box = STAGING_BOX[info.nation or ""]
            state.loc[block] = box
            state.steps[block] = info.max_steps
            reveal(state, [block])
            log(
                state,
                "7.21",
                "{block} is drawn and placed face up in the {box} staging box.",
                block=info.label,
                box=box,
            )
            continue
        towns = placements(state, block)
        if not towns:
            # The public entry cites 7.2/7.3 only: 7.24 or 7.25 would tell the enemy the block's kind.
            log(
                state,
                _public_rule(side),
                "The block the {side} drew cannot deploy: it returns to the pool.",
                audience=others(side),
                side=side,
            )
            rule = "7.24" if info.group == PILGRIMS else ("7.3" if side == SARACENS else "7.25")
            log(
                state,
                rule,
                "{block} has nowhere to deploy: it returns to the draw pool.",
                audience=side,
                block=info.label,
            )
            continue
        if len(towns) == 1 and rules_of_format_1(state):
            ((town, strength),) = towns.items()
            _place(state, block, town, strength)
            continue
        work["block"] = block
        work["towns"] = towns
        ask(state, PHASE, side)
        return
    state.work = None
    end(state)


def _place(state: State, block: str, town: str, strength: int) -> None:
    info = BLOCKS[block]
    side = info.side
    state.loc[block] = town
    state.steps[block] = strength
    state.revealed.discard(block)
    if info.group == PILGRIMS:
        rule = "7.24"
        if besieged_side(state, town) == side:
            # a besieged Tyre or Tripoli: the pilgrims land inside the castle (6.51, 6.52)
            state.castle.add(block)
    else:
        rule = "7.3" if side == SARACENS else "7.25"
    log(
        state,
        _public_rule(side),
        "The {side} deploy a drawn block at {town}.",
        audience=others(side),
        side=side,
        town=town,
    )
    log(
        state,
        rule,
        "{block} deploys at {town} at strength {strength}.",
        audience=side,
        block=info.label,
        town=town,
        strength=strength,
    )


def _public_rule(side: str) -> str:
    """The rule a public draw entry cites: the side's draw rules, never the block's kind."""
    return "7.3" if side == SARACENS else "7.2"


def _legal(state: State, role: str) -> list[Action]:
    work = _work(state)
    if work is None or work.get("block") is None:
        return []
    return [("place", town) for town in work["towns"]]


def _perform(state: State, role: str, action: Action) -> None:
    work = _work(state)
    assert work is not None and work["block"] is not None
    block = work["block"]
    town = action[1]
    strength = work["towns"][town]
    work["block"] = None
    work["towns"] = {}
    _place(state, block, town, strength)
    end(state)


def _prompt(state: State, role: str) -> str:
    work = _work(state)
    block = work.get("block") if work else None
    if work is None or block is None:
        return "Deploy the block you drew."
    info = BLOCKS[block]
    full = sorted(t for t, n in work["towns"].items() if n == info.max_steps)
    if info.group == PILGRIMS:
        return f"You drew {info.label}: deploy it in a friendly port (7.24)."
    if not full:
        return f"You drew {info.label}: deploy it at strength 1 in a friendly town (7.25, 7.3)."
    where = ", ".join(full)
    return (
        f"You drew {info.label}: deploy it at full strength in {where}, "
        "or at strength 1 in a friendly town (7.25, 7.3)."
    )


sequence("draws", _draws, "7.0")
decision(PHASE, _legal, _perform, _prompt, "7.0")
