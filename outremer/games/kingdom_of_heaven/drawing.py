"""The Kingdom of Heaven board as the browser draws it (GET /api/titles/kingdom-of-heaven/board,
web/board.js).

Built from the data packs alone, never from a game. The printed map survives only in words
(docs/kingdom-of-heaven/map.md), so each space and box is drawn as a card of ``CELL`` map units
placed by the latitude and longitude the map pack gives it (north at the top), then pushed apart
until no two cards touch: the coast of Palestine is crowded. Each card carries the space's terrain
(Harsh, §10.6.Harsh; Nile, §10.6.Nile; port, §2.2 L140), its stronghold site (§2.2, §17.1.2) and
its VP by scenario (§20.1). The links keep their kind (normal, pass, desert: §10.6) and MP; each
province is drawn as the hull around its spaces' cards. Powers, leaders, unit types and cards
come with their names, so that the board never shows an id. Nothing here is a rule.

Only the spaces and the boxes carry a ``name`` in a list: they are the board's locations for the
board's contract (docs/writing-a-title.md section 10); provinces, Powers, leaders and cards are
maps keyed by id.
"""

from __future__ import annotations

import math
from functools import cache
from typing import Any

from .cards import SiegeEvent
from .common import pack_at
from .state import marker

CELL = (160.0, 78.0)  # a space's card: width and height, map units
GAP = 14.0  # the least room between two cards: for the links
SCALE = 230.0  # map units per degree of latitude
MARGIN = 40.0
ROUNDS = 600  # pushes apart at most


def _project(lat: float, lon: float) -> tuple[float, float]:
    """Map units (x east, y south) of a place, a degree of longitude shortened at 34 degrees N."""
    return lon * SCALE * math.cos(math.radians(34.0)), -lat * SCALE


def _spread(points: dict[str, list[float]]) -> None:
    """Push the cards centred on ``points`` apart until none overlaps another (with ``GAP``)."""
    w, h = CELL[0] + GAP, CELL[1] + GAP
    ids = sorted(points)
    for _ in range(ROUNDS):
        moved = False
        for i, a in enumerate(ids):
            pa = points[a]
            for b in ids[i + 1 :]:
                pb = points[b]
                dx, dy = pb[0] - pa[0], pb[1] - pa[1]
                ox, oy = w - abs(dx), h - abs(dy)
                if ox <= 0 or oy <= 0:
                    continue
                moved = True
                if ox / w < oy / h:  # the cheaper way out: sideways
                    push = (ox / 2 + 0.5) * (1 if dx >= 0 else -1)
                    pa[0] -= push
                    pb[0] += push
                else:
                    push = (oy / 2 + 0.5) * (1 if dy >= 0 else -1)
                    pa[1] -= push
                    pb[1] += push
        if not moved:
            return
    raise RuntimeError("Kingdom of Heaven board: the spaces' cards could not be pushed apart")


def _hull(points: list[tuple[float, float]]) -> list[list[float]]:
    """The convex hull of ``points``, counter-clockwise (Andrew's monotone chain)."""
    pts = sorted(set(points))
    if len(pts) < 3:
        return [list(p) for p in pts]

    def cross(o: tuple[float, float], a: tuple[float, float], b: tuple[float, float]) -> float:
        return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0])

    lower: list[tuple[float, float]] = []
    for p in pts:
        while len(lower) >= 2 and cross(lower[-2], lower[-1], p) <= 0:
            lower.pop()
        lower.append(p)
    upper: list[tuple[float, float]] = []
    for p in reversed(pts):
        while len(upper) >= 2 and cross(upper[-2], upper[-1], p) <= 0:
            upper.pop()
        upper.append(p)
    return [[round(x, 1), round(y, 1)] for x, y in lower[:-1] + upper[:-1]]


def _siege_event(event: SiegeEvent | None) -> dict[str, Any] | None:
    """What the foot of a card prints of its siege event (§2.4 L182, §17.6.6): its title, who may
    play it (A besieger, D besieged, B both), its manpower, blue (playable in an assault, §8.4.2),
    whether it needs a blockade, and the titles of the siege events it cancels."""
    if event is None:
        return None
    return {
        "title": event.title,
        "user": event.user,
        "man": event.man,
        "blue": event.blue,
        "blockaded": event.blockaded,
        "cancels": list(event.cancels),
    }


@cache
def board_description() -> dict[str, Any]:
    """The board of the shipped packs: spaces and boxes with their places and attributes, links,
    provinces, and the names of Powers, leaders and cards."""
    pack = pack_at(None)
    b = pack.board
    places = {s.id: list(_project(s.lat, s.lon)) for s in b.spaces.values()}
    places.update({x.id: list(_project(x.lat, x.lon)) for x in b.boxes.values()})
    _spread(places)
    x0 = min(p[0] for p in places.values()) - CELL[0] / 2 - MARGIN
    y0 = min(p[1] for p in places.values()) - CELL[1] / 2 - MARGIN
    at = {k: (round(p[0] - x0, 1), round(p[1] - y0, 1)) for k, p in places.items()}
    width = max(p[0] for p in at.values()) + CELL[0] / 2 + MARGIN
    height = max(p[1] for p in at.values()) + CELL[1] / 2 + MARGIN
    hw, hh = CELL[0] / 2 + 8, CELL[1] / 2 + 8
    provinces = {}
    for p in b.provinces.values():
        corners = [
            (at[s][0] + sx * hw, at[s][1] + sy * hh)
            for s in b.spaces_of(p.id)
            for sx in (-1, 1)
            for sy in (-1, 1)
        ]
        provinces[p.id] = {"title": p.name, "capitals": list(p.capitals), "hull": _hull(corners)}
    c = pack.counters
    return {
        "layout": {"width": round(width), "height": round(height), "cell_w": CELL[0], "cell_h": CELL[1]},
        "spaces": [
            {
                "id": s.id,
                "name": s.name,
                "province": s.province,
                "x": at[s.id][0],
                "y": at[s.id][1],
                "port": s.port,
                "harsh": s.harsh,
                "nile": s.nile,
                "walled_city": "".join(sorted(s.walled_city)),
                "castle_site": "".join(sorted(s.castle_site)),
                "vp": dict(s.vp),
            }
            for s in b.spaces.values()
        ],
        "boxes": [
            {"id": x.id, "name": x.name, "x": at[x.id][0], "y": at[x.id][1], "entries": list(x.entries)}
            for x in b.boxes.values()
        ],
        "links": [{"a": k.a, "b": k.b, "kind": k.kind, "mp": k.mp} for k in b.links],
        "provinces": provinces,
        "powers": {
            p.id: {"title": p.name, "religion": p.religion, "marker": marker(p.id)} for p in c.powers.values()
        },
        "leaders": {
            x.id: {
                "title": x.name,
                "power": x.power,
                "ratings": f"{x.strategy}/{x.battle}/{x.command}",
            }
            for x in c.leaders.values()
        },
        "cards": {
            k.id: {
                "number": k.number,
                "title": k.title,
                "ov": k.ov,
                "kind": k.kind,
                "side": k.side,
                "siege": _siege_event(k.siege_event),
            }
            for k in pack.cards.cards.values()
        },
        "scenarios": {k: {"title": v.name} for k, v in pack.scenarios.items()},
    }
