"""Crusader Rex in words for the terminal: the board, hands and pools from a role's view."""

from __future__ import annotations

from typing import Any

from .common import BLOCKS, TOWNS
from .views import ADJECTIVE


def _block(b: dict[str, Any]) -> str:
    if "name" not in b:
        return "?"
    mark = "*" if b.get("revealed") else ""
    return f"{b['name']}{mark} {b['steps']}/{b['max_steps']} {b['combat']} m{b['move']}"


def _group(blocks: list[dict[str, Any]]) -> str:
    known = [_block(b) for b in blocks if "name" in b]
    hidden: dict[str, int] = {}
    for b in blocks:
        if "name" not in b:
            hidden[b["side"]] = hidden.get(b["side"], 0) + 1
    parts = known + [
        f"{n} hidden {ADJECTIVE.get(side, side)} block{'s' if n > 1 else ''}" for side, n in hidden.items()
    ]
    return ", ".join(parts)


def _town_label(name: str) -> str:
    t = TOWNS.get(name)
    if t is None:
        return name
    tags = [f"{t.rating}" if t.rating else "minor"]
    if t.port:
        tags.append("fortified port" if t.fortified else "port")
    if t.victory:
        tags.append("VICTORY")
    return f"{name} ({', '.join(tags)}; {t.kingdom})"


def render_text(view: dict[str, Any]) -> str:
    """The board and the role's private information as plain text."""
    lines = []
    if view["turn"] == 0:
        turn = "deployment"
    else:
        turn = "Winter Turn" if view["winter_turn"] else f"game turn {view['turn']}"
    vc = view["victory_cities"]
    lines.append(
        f"== {view['year']}, {turn} == Player 1: {view['player1'] or '-'} == "
        f"victory cities: Franks {vc['Franks']}, Saracens {vc['Saracens']}"
    )
    by_side: dict[str, list[str]] = {"Franks": [], "Saracens": [], "contested": []}
    for name in sorted(view["towns"]):
        spot = view["towns"][name]
        sides = {b["side"] for b in spot["field"] + spot["castle"]}
        text = f"  {_town_label(name)}: "
        if spot["field"]:
            text += _group(spot["field"])
        if spot["castle"]:
            text += ("  | castle: " if spot["field"] else "castle: ") + _group(spot["castle"])
        key = sides.pop() if len(sides) == 1 else "contested"
        by_side.setdefault(key, []).append(text)
    for key, title in (
        ("Franks", "Frank towns"),
        ("Saracens", "Saracen towns"),
        ("contested", "Battles and sieges"),
    ):
        if by_side.get(key):
            lines.append(f"{title}:")
            lines.extend(by_side[key])
    staged = [f"{box}: {_group(bs)}" for box, bs in view["staging"].items() if bs]
    if staged:
        lines.append("Staging: " + "; ".join(staged))
    for side, pool in view["pools"].items():
        text = f"{side} pool: {pool['face_down']} face down"
        if pool.get("contents"):
            text += f" ({', '.join(pool['contents'])})"
        if pool["face_up"]:
            text += f"; face up (back next year): {', '.join(pool['face_up'])}"
        if pool["eliminated"]:
            text += f"; gone for good: {', '.join(pool['eliminated'])}"
        lines.append(text)
    for side, c in view["cards"].items():
        text = f"{side}: {c['in_hand']} card(s) in hand"
        if "hand" in c:
            text += ": " + ", ".join(card["name"] for card in c["hand"])
        if "card" in c:
            text += f"; played {c['card']['name']}"
        elif c["played"]:
            text += "; has played a card face down"
        lines.append(text)
    battle = view.get("battle")
    if battle and battle.get("round"):
        text = f"Battle of {battle['town']}, round {battle['round']}: the {battle['attacker']} attack"
        if battle.get("mode"):
            text += f" ({battle['mode']})"
        due = [f"{side} {r['count']}" for side, r in battle["reserves"].items() if r["count"]]
        if due:
            text += "; reserves due: " + ", ".join(due)
        if battle["acted"]:
            text += "; have acted this round: " + ", ".join(BLOCKS[b].label for b in battle["acted"])
        lines.append(text)
    if view.get("moves_left") is not None:
        lines.append(f"Moves left: {view['moves_left']}")
    return "\n".join(lines)
