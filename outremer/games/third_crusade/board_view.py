"""What the browser's board draws from (docs/writing-a-title.md, section 10): the map boards in map
units, each Region's box with its nine slots (``Glossary.Slots``: six squares, two hexagons, a
trapezoid) and printed icons, Roads (``Glossary.Road``), Ports (``Glossary.Port``) and Mercantile
Cities (``Glossary.MercantileCities``); and the names the board and its panel show: Armies,
Leaders, Orders, Event, Mission, Diplomacy and Objective Cards, the diplomacy board's spaces, the
player board's Sections (``Glossary.Section``: what each holds is in the view with the option
``refill_chosen_section``, R13), and the variable set-up's pieces with their costs and its key
(``VariableSetup``).

Coordinates: each Region sits at its place of the map pack's drawing data (``map.json``'s ``at``,
reconstructed: the rulebook's maps are pictures), scaled by :data:`SCALE`; the box layout around
that point is ours (:data:`BOX`), checked by tests/third_crusade/test_board_view.py never to let two
boxes overlap. Lists whose entries carry a ``name`` are the board's locations (the Regions); the rest
are keyed tables, so that only Regions count as places pieces stand.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from .common import pack_at
from .orders import ARMIES
from .state import NAMES, SLOTS, UNIT_KINDS
from .words import VARIABLE_KEY, deploy_words, space_words

SCALE = 13
"""CSS px (map units of the drawing) per unit of the map pack's grid."""
MARGIN = 60
"""Room around the outermost Regions' points for their boxes."""
SLOT = 26
GAP = 3
PAD = 4
LABEL = 18
ORDERS = 20
BOX = {
    "w": 3 * SLOT + 2 * GAP + 2 * PAD,
    "h": PAD + LABEL + 3 * SLOT + 2 * GAP + PAD + ORDERS + PAD,
    "slot": SLOT,
    "label": LABEL,
    "orders": ORDERS,
    "pad": PAD,
}
"""A Region's box: its name on top, the slots in three rows (three squares, three squares, two
hexagons and the trapezoid), a row for the Orders placed on it (Planning.Sides) at the bottom."""


def _slot_places() -> list[tuple[float, float]]:
    """Each slot's top-left corner inside the box, in the order of a Region's slots."""
    step = SLOT + GAP
    top = PAD + LABEL
    rows = [(0, 0), (1, 0), (2, 0), (0, 1), (1, 1), (2, 1), (0, 2), (1, 2), (2, 2)]
    return [(PAD + col * step, top + row * step) for col, row in rows]


@cache
def board_description() -> dict[str, Any]:
    """The board's description, built once from the shipped data packs."""
    pack = pack_at(None)
    board = pack.board
    width = 2 * MARGIN + board.layout.width * SCALE
    bottom = max(b.bottom for b in board.boards.values())
    places = _slot_places()
    regions = []
    for r in board.regions.values():
        cx, cy = MARGIN + r.x * SCALE, MARGIN + r.y * SCALE
        x, y = cx - BOX["w"] / 2, cy - BOX["h"] / 2
        regions.append(
            {
                "id": r.id,
                "name": r.name,
                "board": r.board,
                "kind": r.kind,
                "jerusalem": r.jerusalem,
                "ports": r.ports,
                "mercantile": r.mercantile,
                "x": x,
                "y": y,
                "cx": cx,
                "cy": cy,
                "slots": [
                    {"shape": s.shape, "icon": s.icon, "x": x + px, "y": y + py}
                    for s, (px, py) in zip(r.slots, places, strict=True)
                ],
            }
        )
    return {
        "width": width,
        "height": 2 * MARGIN + bottom * SCALE,
        "box": BOX,
        "boards": {
            b.id: {"title": b.name, "top": MARGIN / 2 + b.top * SCALE, "bottom": MARGIN + b.bottom * SCALE}
            for b in board.boards.values()
        },
        "regions": regions,
        "roads": [{"a": road.a, "b": road.b} for road in board.roads],
        "armies": {a: {"title": NAMES[a], "alliance": side} for a, side in ARMIES.items()},
        "leaders": {
            x.id: {"title": x.name, "army": x.army, "shape": x.shape} for x in pack.leaders.leaders.values()
        },
        "orders": {o.id: {"title": o.name, "army": o.army} for o in pack.orders.orders.values()},
        "cards": {c.id: {"title": c.title, "army": c.army} for c in pack.events.cards.values()},
        "missions": {m.id: m.name for m in pack.cards.missions.values()},
        "diplomacy_cards": {d.id: d.name for d in pack.cards.diplomacy_cards.values()},
        "objectives": {o.id: board.regions[o.main].name for o in pack.cards.objectives.values()},
        "spaces": {
            s.id: {"row": s.row, "x": s.x, "words": space_words(pack, s.id)}
            for s in pack.cards.board.spaces.values()
        },
        "bid_slots": list(SLOTS),
        "sections": [  # the player board's Sections, left to right (Glossary.Section, R13)
            {"id": s.id, "unit": s.unit, "size": s.size, "supply": s.supply}
            for s in pack.orders.board.sections
        ],
        "variable": {
            "pieces": {
                p: deploy_words(pack, p)
                for p in (*UNIT_KINDS, *(x.id for x in pack.leaders.leaders.values() if x.variable_setup))
            },
            "key": VARIABLE_KEY,
        },
    }
