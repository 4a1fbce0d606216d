"""Crusader Rex in words for the terminal: the board, hands and pools from a role's view.

Every mark a line uses is explained in the key printed under the board (issue 15); the step of
play is named as the rulebook names it (the view's ``phase_name``), never by an internal id.
"""

from __future__ import annotations

import textwrap
from typing import Any

from .common import BLOCKS, TOWNS
from .views import ADJECTIVE

WIDTH = 80
"""Lines are wrapped to a narrow terminal's width, a block never split across two lines."""
NBSP = "\u00a0"
MODES = {"field": "field battle", "storm": "storming the castle (6.54)"}

KEY = (
    "Key: Templars 3/4 B3 m3 = strength 3 of 4 (2.11), fires in turn B (A, then B, then C) and "
    "hits on 1-3 (2.12), moves up to 3 towns (2.13); * = face up, seen by both sides; a town's "
    "rating is its castle limit (1.11, 6.52)."
)


def _wrap(text: str, indent: str = "") -> list[str]:
    """``text`` wrapped to :data:`WIDTH`, its next lines indented past ``indent``; words glued
    with non-breaking spaces stay on one line."""
    wrapper = textwrap.TextWrapper(
        width=WIDTH, initial_indent=indent, subsequent_indent=indent + "    ", break_on_hyphens=False
    )
    return [line.replace(NBSP, " ") for line in wrapper.wrap(text)]


def _glue(text: str) -> str:
    return text.replace(" ", NBSP)


def _block(b: dict[str, Any]) -> str:
    mark = "*" if b.get("revealed") else ""
    return _glue(f"{b['name']}{mark} {b['steps']}/{b['max_steps']} {b['combat']} m{b['move']}")


def _group(blocks: list[dict[str, Any]]) -> str:
    known = [_block(b) for b in blocks if "name" in b]
    hidden: dict[str, int] = {}
    for b in blocks:
        if "name" not in b:
            hidden[b["side"]] = hidden.get(b["side"], 0) + 1
    parts = known + [
        _glue(f"{n} hidden {ADJECTIVE.get(side, side)} block{'s' if n > 1 else ''}")
        for side, n in hidden.items()
    ]
    return ", ".join(parts)


def _town_label(name: str) -> str:
    t = TOWNS.get(name)
    if t is None:
        return name
    tags = [f"rating {t.rating}" if t.rating else "minor town"]
    if t.port:
        tags.append("fortified port" if t.fortified else "port")
    if t.victory:
        tags.append("victory city")
    return f"{name} ({', '.join(tags)}; {t.kingdom})"


def _player1(view: dict[str, Any]) -> str:
    """Who is Player 1 this game turn, in words (4.1, 4.2)."""
    if view["player1"]:
        return f"the {view['player1']}"
    if all("card" in c for c in view["cards"].values()):
        return "nobody: both played Events, the game turn is cancelled (4.2)"
    return "not yet known (the higher card played face down decides, 4.1)"


def _header(view: dict[str, Any]) -> list[str]:
    if view["turn"] == 0:
        turn = "before the first game turn"
    else:
        turn = "Winter Turn" if view["winter_turn"] else f"game turn {view['turn']}"
    step = view["phase_name"]
    vc = view["victory_cities"]
    return [
        f"== {view['year']}, {turn}: {step} ==",
        *_wrap(f"Player 1: {_player1(view)}."),
        f"Victory cities held: Franks {vc['Franks']}, Saracens {vc['Saracens']}.",
    ]


def _towns(view: dict[str, Any]) -> list[str]:
    by_side: dict[str, list[str]] = {"Franks": [], "Saracens": [], "contested": []}
    for name in sorted(view["towns"]):
        spot = view["towns"][name]
        sides = {b["side"] for b in spot["field"] + spot["castle"]}
        text = f"{_town_label(name)}: "
        if spot["field"]:
            text += _group(spot["field"])
        if spot["castle"]:
            text += ("; in the castle: " if spot["field"] else "in the castle: ") + _group(spot["castle"])
        key = sides.pop() if len(sides) == 1 else "contested"
        by_side.setdefault(key, []).extend(_wrap(text, "  "))
    lines: list[str] = []
    for key, title in (
        ("Franks", "Frank towns:"),
        ("Saracens", "Saracen towns:"),
        ("contested", "Battles and sieges:"),
    ):
        if by_side.get(key):
            lines.append(title)
            lines.extend(by_side[key])
    return lines


def _off_map(view: dict[str, Any]) -> list[str]:
    lines: list[str] = []
    staged = [f"{box}: {_group(bs)}" for box, bs in view["staging"].items() if bs]
    if staged:
        lines.extend(_wrap("Staging boxes (7.21): " + "; ".join(staged)))
    for side, pool in view["pools"].items():
        text = f"{side} draw pool: {pool['face_down']} face down"
        if pool.get("contents"):
            text += f" ({', '.join(_glue(b) for b in pool['contents'])})"
        if pool["face_up"]:
            text += f"; face up until next year: {', '.join(_glue(b) for b in pool['face_up'])}"
        if pool["eliminated"]:
            text += f"; eliminated for good: {', '.join(_glue(b) for b in pool['eliminated'])}"
        if pool.get("eliminated_unseen"):
            text += f"; {pool['eliminated_unseen']} more eliminated for good, unseen"
        lines.extend(_wrap(text))
    return lines


def _cards(view: dict[str, Any]) -> list[str]:
    lines: list[str] = []
    for side, c in view["cards"].items():
        n = c["in_hand"]
        text = f"{side}: {n} card{'' if n == 1 else 's'} in hand"
        if c.get("hand"):
            text += ": " + ", ".join(_glue(card["name"]) for card in c["hand"])
        if "card" in c:
            text += f"; this turn's card: {c['card']['name']}"
        elif c["played"]:
            text += "; has played a card face down"
        lines.extend(_wrap(text))
    return lines


def _battle(view: dict[str, Any]) -> list[str]:
    battle = view.get("battle")
    if not battle or not battle.get("round"):
        return []
    text = f"Battle of {battle['town']}, round {battle['round']}: the {battle['attacker']} attack"
    if battle.get("mode"):
        text += f" ({MODES.get(battle['mode'], battle['mode'])})"
    due = [f"{side} {r['count']}" for side, r in battle["reserves"].items() if r["count"]]
    if due:
        text += "; reserves due: " + ", ".join(due)
    if battle["acted"]:
        text += "; have acted this round: " + ", ".join(_glue(BLOCKS[b].label) for b in battle["acted"])
    return _wrap(text + ".")


def render_text(view: dict[str, Any]) -> str:
    """The board and the role's private information as plain text, with the key to its marks."""
    lines = [*_header(view), *_towns(view), *_off_map(view), *_cards(view), *_battle(view)]
    return "\n".join([*lines, *_wrap(KEY)])
