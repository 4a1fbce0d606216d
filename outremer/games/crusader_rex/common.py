"""Queries and effects shared by the rules modules: who is where, town control (1.12), victory
cities (1.2), eliminations (6.34), dice, reveals and the log.

Every rules module goes through these helpers, so that control, eliminations and the undo
barrier behave the same everywhere.
"""

from __future__ import annotations

from typing import Any

from ...engine import rng
from .board import ASSASSINS, FRANKS, SARACENS, Board, default_board, enemy
from .state import State

BOARD: Board = default_board()
BLOCKS = BOARD.blocks
TOWNS = BOARD.towns

OFF_MAP = frozenset({"pool", "aside", "dead", "England", "France", "Germania"})

__all__ = ["ASSASSINS", "BLOCKS", "BOARD", "FRANKS", "SARACENS", "TOWNS", "enemy"]


# -- the log ----------------------------------------------------------------------------------
def log(state: State, rule: str, template: str, audience: str | None = None, **args: Any) -> None:
    """Write a log entry. ``template`` is English with ``{name}`` fields filled from ``args``.

    ``audience`` None means everyone may read it; a side's name keeps it private to that side;
    ``others(side)`` shows it to everyone but that side (the anonymous twin of a private entry,
    seen by the enemy and by observers). Never name a hidden block in a public entry.
    """
    state.log.append([rule, audience, template, args])


def others(side: str) -> str:
    """The audience of everyone except ``side``."""
    return "!" + side


# -- randomness and reveals (both stop undo) ---------------------------------------------------
def roll(state: State, count: int) -> list[int]:
    """Roll ``count`` dice."""
    state.barrier += 1
    return rng.dice(state, count)


def reveal(state: State, blocks: list[str] | set[str]) -> None:
    """Stand ``blocks`` face up so the enemy sees them."""
    new = [b for b in blocks if b not in state.revealed]
    if new:
        state.revealed.update(new)
        state.barrier += 1


def hide(state: State, blocks: list[str] | set[str]) -> None:
    """Stand ``blocks`` upright again (after a battle, 6.51)."""
    state.revealed.difference_update(blocks)


def rules_of_format_1(state: State) -> bool:
    """Whether the game is played under the rules of save format 1: games saved in format 1
    (``outremer/save/1``, on the legacy SplitMix64 generator, an integer ``rng``) are replayed under
    the rules they were played with, so that every action in their saves stays legal. Every game
    set up today is on the keyed generator and gets the rulings made since, which these games keep
    as they were (the code of commit c578d3d):

    - asking from public facts only (docs/crusader-rex/rulings.md, "Hidden information"): Manna
      (4.2), winter replacements (8.4) and a drawn block's deployment (7.2-7.3) wait for their
      player, and a block gone unseen stops undo; format 1 skipped those steps when the player had
      nothing to choose;
    - 5.0: a block that moved in a Group Move or Muster moves no more in the phase;
    - 6.51, 5.4: a besieger may Sea Move into an ordinary port it besieges."""
    return rng.generator(state.rng) == rng.LEGACY


# -- where blocks are --------------------------------------------------------------------------
def side_of(block: str) -> str:
    return BLOCKS[block].side


def on_map(state: State, block: str) -> bool:
    return state.loc[block] in TOWNS


def blocks_at(state: State, town: str) -> list[str]:
    """Every block at ``town`` (field and castle), in data order."""
    return [b for b, where in state.loc.items() if where == town]


def side_blocks_at(state: State, town: str, side: str) -> list[str]:
    return [b for b, where in state.loc.items() if where == town and BLOCKS[b].side == side]


def field_blocks(state: State, town: str, side: str | None = None) -> list[str]:
    """Blocks in the field of ``town`` (optionally of one side)."""
    castle = state.castle
    return [
        b
        for b, where in state.loc.items()
        if where == town and b not in castle and (side is None or BLOCKS[b].side == side)
    ]


def castle_blocks(state: State, town: str, side: str | None = None) -> list[str]:
    """Blocks inside the castle of ``town`` (optionally of one side)."""
    castle = state.castle  # data order, never set order: dice and choices must replay identically
    return [
        b
        for b, where in state.loc.items()
        if where == town and b in castle and (side is None or BLOCKS[b].side == side)
    ]


def occupants(state: State) -> dict[str, list[str]]:
    """town -> blocks there, for every occupied town (one pass over the blocks)."""
    out: dict[str, list[str]] = {}
    for b, where in state.loc.items():
        if where in TOWNS:
            out.setdefault(where, []).append(b)
    return out


def besieged_side(state: State, town: str) -> str | None:
    """The side holding the castle of ``town`` against enemies in the field, if it is a siege."""
    inside = castle_blocks(state, town)
    if not inside:
        return None
    holder = BLOCKS[inside[0]].side
    if field_blocks(state, town, enemy(holder)):
        return holder
    return None


# -- control (1.12) ----------------------------------------------------------------------------
def field_controller(state: State, town: str) -> str | None:
    """Who holds the field of ``town``: the side with blocks in it (1.12), the kingdom's side if
    it is vacant, and None while both sides have blocks in the field (a battle is pending)."""
    sides = {BLOCKS[b].side for b in field_blocks(state, town)}
    if not sides:
        holders = {BLOCKS[b].side for b in castle_blocks(state, town)}
        if len(holders) == 1:
            return holders.pop()
        return TOWNS[town].side
    if len(sides) == 1:
        return sides.pop()
    return None


def is_friendly(state: State, town: str, side: str) -> bool:
    """A town is friendly to ``side`` when its field is that side's (1.12)."""
    return field_controller(state, town) == side


def is_vacant(state: State, town: str) -> bool:
    return not any(where == town for where in state.loc.values())


def has_enemy(state: State, town: str, side: str) -> bool:
    """Whether any enemy block is at ``town``, in field or castle."""
    foe = enemy(side)
    return any(where == town and BLOCKS[b].side == foe for b, where in state.loc.items())


def port_friendly(state: State, town: str, side: str) -> bool:
    """Whether ``town`` is a friendly port for ``side`` (1.14, 5.4, 6.51).

    The besieger holds a besieged port, except Tyre and Tripoli, whose fortified ports stay with
    the besieged side.
    """
    t = TOWNS[town]
    if not t.port:
        return False
    holder = besieged_side(state, town)
    if holder is not None and t.fortified:
        return holder == side
    return is_friendly(state, town, side)


def victory_controller(state: State, town: str) -> str:
    """Who holds ``town`` for victory (1.2): the castle holder in a siege, else the occupant,
    else the side whose kingdom it lies in."""
    holder = besieged_side(state, town)
    if holder is not None:
        return holder
    sides = {BLOCKS[b].side for b in blocks_at(state, town)}
    if len(sides) == 1:
        return sides.pop()
    return TOWNS[town].side


def victory_count(state: State) -> dict[str, int]:
    counts = {FRANKS: 0, SARACENS: 0}
    for city in BOARD.victory_cities:
        counts[victory_controller(state, city)] += 1
    return counts


# -- losses (6.34) -----------------------------------------------------------------------------
def eliminate(state: State, block: str, rule: str, *, winter: bool = False) -> None:
    """Take ``block`` off the map (6.34).

    Crusaders, military orders and Saladin's family are gone for good. Others go to the draw pool:
    face up (``aside``, not drawable this year) after a battle or event, face down (``pool``) when
    lost in winter (8.3). A block lost in winter is not revealed, even when it is gone for good.
    """
    info = BLOCKS[block]
    was = state.loc[block]
    state.castle.discard(block)
    state.steps[block] = 0
    if (winter or block not in state.revealed) and not rules_of_format_1(state):
        # Where it goes (the pool face down, face up, or for good) tells the enemy something it
        # could not see: which block, or at least its kind (6.34, 8.3). Undo may not step back.
        state.barrier += 1
    if info.permanent and winter:
        # Lost in winter, it is never shown: the enemy learns only that a block is gone (8.3).
        state.loc[block] = "dead"
        state.revealed.discard(block)
        log(
            state,
            rule,
            "{block} at {town} is permanently eliminated.",
            audience=info.side,
            block=info.label,
            town=was,
        )
        log(
            state,
            rule,
            "A {side:adj} block at {town} is eliminated.",
            audience=others(info.side),
            side=info.side,
            town=was,
        )
    elif info.permanent:
        state.loc[block] = "dead"
        state.revealed.add(block)
        log(
            state,
            "6.34",
            "{block} ({side}) is permanently eliminated at {town}.",
            block=info.label,
            side=info.side,
            town=was,
        )
    elif winter:
        state.loc[block] = "pool"
        state.revealed.discard(block)
        log(  # the enemy reads "A Frank block", its owner the block's name (issue 15)
            state,
            rule,
            "A {side:adj} block at {town} is eliminated and returns to the draw pool.",
            audience=others(info.side),
            side=info.side,
            town=was,
        )
        log(
            state,
            rule,
            "{block} at {town} is eliminated and returns to the draw pool.",
            audience=info.side,
            block=info.label,
            town=was,
        )
    else:
        state.loc[block] = "aside"
        state.revealed.add(block)
        log(
            state,
            "6.34",
            "{block} ({side}) is eliminated at {town}; it goes to the draw pool face up.",
            block=info.label,
            side=info.side,
            town=was,
        )


def reduce(state: State, block: str, hits: int, rule: str, *, winter: bool = False) -> bool:
    """Take ``hits`` steps off ``block`` (2.11); eliminate it at zero. True if eliminated."""
    left = state.steps[block] - hits
    if left <= 0:
        eliminate(state, block, rule, winter=winter)
        return True
    state.steps[block] = left
    return False


def full_strength(block: str) -> int:
    return BLOCKS[block].max_steps


def castle_limit(town: str) -> int:
    """How many blocks fit in the castle of ``town`` (6.52): its rating."""
    return TOWNS[town].rating
