"""The Four Powers board as the browser draws it (GET /api/titles/four-powers/board, web/board.js).

Built from the data pack alone, never from a game: the nine Location cards laid out on a grid that
keeps the map's north and east (``GRID``: in play at set-up, or beside the board until the 2nd
Crusade, ``Setup.2``, ``EndCrusade.3``), each with its City levels on both sides of the card (cost,
income, ransack: ``Locations.Anatomy.3-6``, ``Players.1``) and its Region's Church/Mosque spaces;
the adjacencies; the Fortress spaces between adjacent Locations (``Buildings.Fortress``); the card
catalogue with every effect in words (words.py; ``Cards.Anatomy``, ``Actions.3``, ``Battle.9``); the factions
(``PlayerSetup``), the Upgrade tracks (``PlayerSetup.4``, R3b), the die (``Battle.10``), the Round
cards and the four action columns (``Actions.1``). Nothing here is a rule.

Only the Locations carry a ``name`` in a list: they are the board's locations for the board's
contract (docs/writing-a-title.md section 10); the Fortress spaces are drawn as places too, named in
words by the drawing.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from .board import SECOND_CRUSADE
from .cards import ActionCard
from .pack import Pack
from .state import COLUMNS, COST_COLUMNS
from .words import AFFILIATIONS, COLUMN_NAMES, NAMES, effect_words

CARD_W, CARD_H = 228, 166  # a Location card, map units
GAP_X, GAP_Y = 64, 58  # between two cards: room for a road and its Fortress space
MARGIN = 24

GRID: Mapping[str, tuple[float, float]] = {
    "iconium": (0, 0),
    "edessa": (2, 0),
    "antiocheia": (1, 1),
    "aleppo": (2, 1),
    "tripoli": (1, 2),
    "damascus": (2, 2),
    "tyrus": (1, 3),
    "ascalon": (1, 4),
    "jerusalem": (2, 4),
}
"""Column and row of each Location of the shipped map on the board: west to east, north to south,
every road clear of the other cards."""

BESIDE: Mapping[str, tuple[float, float]] = {"aleppo": (0, 1.5), "damascus": (0, 2.5)}
"""Where Damascus and Aleppo wait beside the board until the 2nd Crusade (``Setup.2``): the empty
west of the grid, which no road crosses."""


def card_description(c: ActionCard) -> dict[str, Any]:
    """An Action card's face (``Cards.Anatomy.1-9``), its effects in words."""
    return {
        "number": c.number,
        "name": c.name,
        "affiliation": AFFILIATIONS[c.affiliation],
        "cost": c.cost,
        "benefits": [NAMES[b][0] for b in c.benefits],
        "strength": c.strength,
        "action": effect_words(c.action) if c.action is not None else None,
        "conflict": effect_words(c.conflict) if c.conflict is not None else None,
    }


def _centre(cell: tuple[float, float]) -> tuple[float, float]:
    col, row = cell
    return (
        MARGIN + CARD_W / 2 + col * (CARD_W + GAP_X),
        MARGIN + CARD_H / 2 + row * (CARD_H + GAP_Y),
    )


def _cells(pack: Pack) -> tuple[dict[str, tuple[float, float]], dict[str, tuple[float, float]]]:
    """Each Location's cell on the board and, for those that join later, beside it. A map other than
    the shipped one (a test map) is laid out by latitude, one Location to a row."""
    ids = list(pack.board.locations)
    if set(ids) <= set(GRID):
        return {i: GRID[i] for i in ids}, {i: BESIDE[i] for i in ids if i in BESIDE}
    north = sorted(ids, key=lambda i: -pack.board.locations[i].lat)
    board = {i: (0.0, float(row)) for row, i in enumerate(north)}
    late = [i for i in north if pack.board.locations[i].arrives == SECOND_CRUSADE]
    return board, {i: (1.0, float(row)) for row, i in enumerate(late)}


def _edge_point(centre: tuple[float, float], towards: tuple[float, float]) -> tuple[float, float]:
    """Where the segment from a card's centre towards a point leaves the card."""
    dx, dy = towards[0] - centre[0], towards[1] - centre[1]
    scale = min(
        (CARD_W / 2) / abs(dx) if dx else math.inf,
        (CARD_H / 2) / abs(dy) if dy else math.inf,
    )
    return centre[0] + dx * scale, centre[1] + dy * scale


def _crosses(centres: Mapping[str, tuple[float, float]], a: str, b: str) -> bool:
    """Whether the straight road between ``a`` and ``b`` runs over another card (a lane by sea along
    a column, say)."""
    (ax, ay), (bx, by) = centres[a], centres[b]
    for other, (cx, cy) in centres.items():
        if other in (a, b):
            continue
        for k in range(1, 20):  # points along the road
            x, y = ax + (bx - ax) * k / 20, ay + (by - ay) * k / 20
            if abs(x - cx) < CARD_W / 2 and abs(y - cy) < CARD_H / 2:
                return True
    return False


def _lane(centres: Mapping[str, tuple[float, float]], a: str, b: str) -> list[list[float]]:
    """The bends of a road that would run over another card: down the gap west of the two cards,
    from beside the one to beside the other; none for a straight road."""
    if not _crosses(centres, a, b):
        return []
    (ax, ay), (bx, by) = centres[a], centres[b]
    x = round(min(ax, bx) - CARD_W / 2 - GAP_X / 2, 1)
    return [[x, round(ay, 1)], [x, round(by, 1)]]


def board_description(pack: Pack) -> dict[str, Any]:
    """Everything board.js draws that no view carries: JSON only (lists, dicts, str, int, float)."""
    board = pack.board
    cells, beside = _cells(pack)
    centres = {i: _centre(c) for i, c in cells.items()}
    locations = []
    for lid, loc in board.locations.items():
        x, y = centres[lid]
        city = pack.cities[lid]
        entry: dict[str, Any] = {
            "id": lid,
            "name": loc.name,
            "x": round(x, 1),
            "y": round(y, 1),
            "second_crusade": loc.arrives == SECOND_CRUSADE,
            "church_spaces": board.regions[lid].church_mosque_spaces,
            "sides": {
                side: {"costs": list(s.costs), "income": list(s.income), "ransack": s.ransack}
                for side, s in city.sides.items()
            },
        }
        if lid in beside:
            bx, by = _centre(beside[lid])
            entry["beside"] = {"x": round(bx, 1), "y": round(by, 1)}
        locations.append(entry)
    lanes = {frozenset((e.a, e.b)): _lane(centres, e.a, e.b) for e in board.adjacency}
    spaces = []
    for s in board.fortress_spaces.values():
        lane = lanes[frozenset(s.between)]
        if lane:
            x, y = lane[0][0], (lane[0][1] + lane[-1][1]) / 2
        else:
            a, b = (centres[i] for i in s.between)
            (ax, ay), (bx, by) = _edge_point(a, b), _edge_point(b, a)
            x, y = (ax + bx) / 2, (ay + by) / 2
        spaces.append({"id": s.id, "between": list(s.between), "x": round(x, 1), "y": round(y, 1)})
    every = [*centres.values(), *(_centre(c) for c in beside.values())]
    return {
        "layout": {
            "card_w": CARD_W,
            "card_h": CARD_H,
            "width": round(max(x for x, _ in every) + CARD_W / 2 + MARGIN),
            "height": round(max(y for _, y in every) + CARD_H / 2 + MARGIN),
        },
        "locations": locations,
        "connections": [
            {
                "a": e.a,
                "b": e.b,
                **({"via": lanes[frozenset((e.a, e.b))]} if lanes[frozenset((e.a, e.b))] else {}),
            }
            for e in board.adjacency
        ],
        "fortress_spaces": spaces,
        "columns": {c: {"name": COLUMN_NAMES[c], "cost": c in COST_COLUMNS} for c in COLUMNS},
        "cards": {cid: card_description(c) for cid, c in pack.cards.items()},
        "bluff": card_description(pack.bluff),
        "rounds": {r.id: r.name for r in pack.rounds},
        "die": [{"strength": f.strength, "wounds": f.wounds} for f in pack.die],
        "tracks": {k: {"values": list(t.values), "stars": list(t.stars)} for k, t in pack.tracks.items()},
        "factions": {
            role: {"id": f.id, "colour": f.colour, "faith": f.faith, "building": f.building}
            for role, f in pack.factions.items()
        },
    }
