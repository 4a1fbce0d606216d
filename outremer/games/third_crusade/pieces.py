"""Pieces on the map: the slot a piece takes, free slots, placing, lifting and sending pieces home.

Keys are those of docs/third-crusade/sections.md, rulings (R1, R12, R13) those of
docs/third-crusade/rulings.md. A slot holds one piece (``unit()`` or a Leader id), a Sabotage
token or nothing (``Glossary.Slots``); a Resource token does not make its slot busy (L1559).
"""

from __future__ import annotations

from . import refill
from .common import alliance, data, owner
from .state import NAMES, NEUTRAL, SABOTAGE, UNIT_KINDS, State

SHAPE = {"infantry": "square", "cavalry": "hexagon", "siege_engine": "trapezoid"}
"""The slot shape each Unit type takes (``Glossary.Infantry``, ``Glossary.Cavalry``,
``Glossary.SiegeEngine``)."""


def kind_of(piece: str) -> str | None:
    """The Unit type of a piece, None for a Leader."""
    return piece.split(":", 1)[1] if ":" in piece else None


def piece_name(state: State, piece: str) -> str:
    """A piece in the log's words: a Leader's name, or its owner and Unit type ("Angevin
    infantry"), never its id (issue 15)."""
    kind = kind_of(piece)
    if kind is None:
        return data(state).leaders.leaders[piece].name
    who = owner(state, piece)
    return f"{'Neutral' if who == NEUTRAL else NAMES[who]} {kind.replace('_', ' ')}"


def shape_of(state: State, piece: str) -> str:
    """The slot shape ``piece`` takes (``Glossary.Slots``; a Leader by its shape, ``Glossary.Leader``)."""
    kind = kind_of(piece)
    return SHAPE[kind] if kind is not None else data(state).leaders.leaders[piece].shape


def is_enemy(state: State, army: str, piece: str) -> bool:
    """``piece`` belongs to an Army of the other Alliance (Neutral pieces are nobody's enemy)."""
    who = owner(state, piece)
    return who != NEUTRAL and alliance(who) != alliance(army)


def enemies_in(state: State, army: str, region: str) -> bool:
    """``region`` holds pieces of ``army``'s enemies (``Battle``)."""
    return any(
        p is not None and p != SABOTAGE and is_enemy(state, army, p) for p in state.regions[region]["slots"]
    )


def free_slots(state: State, region: str, shape: str) -> list[int]:
    """The slots of ``shape`` in ``region`` holding no piece and no Sabotage token."""
    printed = data(state).board.regions[region].slots
    here = state.regions[region]["slots"]
    return [i for i, s in enumerate(printed) if s.shape == shape and here[i] is None]


def slot_choices(state: State, region: str, shape: str) -> list[int]:
    """The free slots of ``shape`` a player may choose between (R12), one for each different
    outcome: slots showing the same printed icon and the same Resource token are alike."""
    printed = data(state).board.regions[region].slots
    tokens = {at: icon for at, icon in state.regions[region]["resources"]}
    seen: set[tuple[str | None, str | None]] = set()
    out = []
    for i in free_slots(state, region, shape):
        look = (printed[i].icon, tokens.get(i))
        if look not in seen:
            seen.add(look)
            out.append(i)
    return out


def on_map(state: State, piece: str) -> str | None:
    """The Region where the Leader ``piece`` stands, or None."""
    for rid, here in state.regions.items():
        if piece in here["slots"]:
            return rid
    return None


def home(state: State, piece: str) -> None:
    """A piece leaving the map: a Unit goes back to its owner's player board (R13; a Neutral one to
    the pool), a Leader to the box (``Battle.Losses.Count``, ``Glossary.Assassination``)."""
    kind = kind_of(piece)
    if kind is None:
        state.leader_box.append(piece)
    elif owner(state, piece) != NEUTRAL:
        refill.returned(state, owner(state, piece), kind)


def take_from_board(state: State, army: str, kind: str) -> bool:
    """Take one Unit of ``kind`` from ``army``'s player board, if it has one (R13)."""
    if kind not in UNIT_KINDS or state.board_units[army][kind] == 0:
        return False
    refill.taken(state, army, kind)
    return True
