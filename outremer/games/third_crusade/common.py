"""Queries every rule section of Third Crusade shares: the data packs in play, the Alliances,
initiative order, pieces and Presence in a Region.

Keys are those of docs/third-crusade/sections.md, rulings (R1, R22) those of
docs/third-crusade/rulings.md.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path

from .board import Board, load_board
from .cards import Cards, load_cards
from .events import Events, load_events
from .leaders import Leaders, load_leaders
from .orders import ARMIES, Orders, load_orders
from .setups import Setups, load_setups
from .state import NEUTRAL, SABOTAGE, State


@dataclass(frozen=True)
class Pack:
    """The title's data packs, read together from one folder."""

    board: Board
    orders: Orders
    leaders: Leaders
    cards: Cards
    events: Events
    setups: Setups


@cache
def pack_at(folder: str | None) -> Pack:
    """The packs in ``folder`` (None: the shipped ones), read once."""
    path = None if folder is None else Path(folder)
    board, orders, leaders = load_board(path), load_orders(path), load_leaders(path)
    return Pack(board, orders, leaders, load_cards(path), load_events(path), load_setups(path))


def data(state: State) -> Pack:
    """The data packs the game is played with."""
    return pack_at(state.pack)


# -- Alliances and initiative ------------------------------------------------------------------
def alliance(army: str) -> str:
    """The Alliance of an Army (``Glossary.Alliance``)."""
    return ARMIES[army]


def allies(state: State, army: str) -> list[str]:
    """The Armies in play of ``army``'s Alliance, itself included (``Glossary.AlliancePartner``)."""
    return [a for a in state.armies if alliance(a) == alliance(army)]


def enemies(state: State, army: str) -> list[str]:
    """The Armies in play of the other Alliance (``Glossary.Alliance``)."""
    return [a for a in state.armies if alliance(a) != alliance(army)]


def next_position(state: State, after: int, eligible: Callable[[str], bool]) -> int | None:
    """The first initiative position after ``after`` (-1: from the top), going round the track,
    whose Army is ``eligible``; None if none is (``Round.Initiative``: the lone player of 3 at
    each of its two positions, R22)."""
    track = state.initiative
    for step in range(1, len(track) + 1):
        position = (after + step) % len(track)
        if eligible(track[position]):
            return position
    return None


def players(state: State) -> list[str]:
    """Each player once, in initiative order: the lone player of 3 at its higher marker (R17, R22)."""
    return list(dict.fromkeys(state.initiative))


# -- pieces and Presence -----------------------------------------------------------------------
def owner(state: State, piece: str) -> str:
    """Who a piece in a slot belongs to: an Army or NEUTRAL (a Leader by the Leaders pack)."""
    if ":" in piece:
        return piece.split(":", 1)[0]
    return data(state).leaders.leaders[piece].army


def counts(state: State, region: str) -> Counter[str]:
    """Units and Leaders in ``region`` by owner, Neutral pieces under NEUTRAL (R1). The Counter is
    shared by every call on the same pieces (the bots ask it hundreds of thousands of times a
    game): read it, never change it."""
    return slot_counts(state.pack, tuple(state.regions[region]["slots"]))


COUNTED = 1 << 14
"""How many slot contents :func:`counts` keeps its answer for (the most recently asked)."""


@lru_cache(maxsize=COUNTED)
def slot_counts(pack: str | None, slots: tuple[str | None, ...]) -> Counter[str]:
    """:func:`counts` of a Region whose slots hold ``slots``, with the Leaders of ``pack``; kept for
    the :data:`COUNTED` contents last asked."""
    leaders = pack_at(pack).leaders.leaders
    found: Counter[str] = Counter()
    for piece in slots:
        if piece is not None and piece != SABOTAGE:
            found[piece.split(":", 1)[0] if ":" in piece else leaders[piece].army] += 1
    return found


def has_presence(state: State, army: str, region: str) -> bool:
    """One Unit or Leader of ``army`` in ``region`` gives it Presence (``Glossary.Presence``)."""
    return counts(state, region)[army] > 0


def presence_holds(state: State, icon: str, region: str) -> bool:
    """Whether one Presence icon of an Order or event holds in ``region`` (``Glossary.Presence``,
    ``Iconography.Players``): an Army's or an Alliance's Presence, its negation (``no_``), or
    disregarding Presence."""
    if icon == "disregarding":
        return True
    if icon.startswith("no_"):
        return not presence_holds(state, icon[3:], region)
    here = counts(state, region)
    return any(n > 0 and who != NEUTRAL and icon in (who, alliance(who)) for who, n in here.items())


def port_open(state: State, region: str) -> bool:
    """``region`` prints a Port not every one of which a Destroyed Port covers
    (``Glossary.DestroyedPort``)."""
    ports = data(state).board.regions[region].ports
    return ports > state.regions[region]["destroyed_ports"]


# -- the Glory and Faith markers ---------------------------------------------------------------
GLORY_END = 13
"""The last space of the Glory track on either side (``Setup2p.GloryTrack``, R19)."""
FAITH_END = 5
"""The last space of a Faith track on either side (``Setup2p.Board``, R3)."""


def move_glory(state: State, side: str, steps: int) -> None:
    """Move the Glory marker ``steps`` spaces towards ``side`` (away from it if negative); it stops
    at the end of the track (R19)."""
    sign = 1 if side == "crusader" else -1
    state.glory = max(-GLORY_END, min(GLORY_END, state.glory + sign * steps))


def move_faith(state: State, army: str, steps: int) -> None:
    """Move ``army``'s Alliance's Faith marker ``steps`` spaces towards ``army`` (away if negative),
    one at a time: a pair's marker crosses the centre to the partner's side, a lone Army's stops on
    0; both stop at the end (R3)."""
    marker = state.faith[alliance(army)]
    lone = len(allies(state, army)) == 1
    for _ in range(abs(steps)):
        lean, spaces = marker
        signed = spaces if lean in (army, None) else -spaces
        signed = max(0 if lone else -FAITH_END, min(FAITH_END, signed + (1 if steps > 0 else -1)))
        if lone:
            marker[:] = [army, signed]
        elif signed == 0:
            marker[:] = [None, 0]
        else:
            partner = next(a for a in allies(state, army) if a != army)
            marker[:] = [army if signed > 0 else partner, abs(signed)]
