"""Queries every rule section of Third Crusade shares: the data packs in play, the Alliances,
initiative order, pieces and Presence in a Region.

Keys are those of docs/third-crusade/sections.md, rulings (R1, R22) those of
docs/third-crusade/rulings.md.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
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


# -- pieces and Presence -----------------------------------------------------------------------
def owner(state: State, piece: str) -> str:
    """Who a piece in a slot belongs to: an Army or NEUTRAL (a Leader by the Leaders pack)."""
    if ":" in piece:
        return piece.split(":", 1)[0]
    return data(state).leaders.leaders[piece].army


def counts(state: State, region: str) -> Counter[str]:
    """Units and Leaders in ``region`` by owner, Neutral pieces under NEUTRAL (R1)."""
    found: Counter[str] = Counter()
    for piece in state.regions[region]["slots"]:
        if piece is not None and piece != SABOTAGE:
            found[owner(state, piece)] += 1
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
