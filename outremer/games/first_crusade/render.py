"""The First Crusade in words for the terminal: the board as the player sees it (views.view).

The turn and its step by the rulebook's name (the view's ``phase_name``, 8.1), the Muslim Reaction
Level (27.1), the Special Actions index (12.2), the actions left, every occupied space with its
units (a face-down Muslim shows only its contingent, 11.0), Camps, Castles and Monasteries (33.0),
the Pilgrimage markers Available (13.2), how many counters each Bin holds (3.5), the Eliminated
Leaders box, the rules in effect, and a key to the marks used (issue 15). Lines fit a terminal 80
characters wide; a unit is never split across two.
"""

from __future__ import annotations

import textwrap
from typing import Any

from .common import BOARD, MARKERS, SPACES

CONTINGENTS = ("crusader", "mercenary", "byzantine", "armenian", "seljuk", "fatimid", "assassin")
FORTRESS_CLASS = {
    "pilgrimage": "Pilgrimage fortress",
    "byzantine_objective": "Byzantine Objective",
    "armenian": "Armenian fortress",
    "assassin": "Assassin fortress",
    "other": "fortress",
}

NBSP = "\u00a0"
WRAP = textwrap.TextWrapper(
    width=80, initial_indent="    ", subsequent_indent="      ", break_on_hyphens=False
)
BOX_WRAP = textwrap.TextWrapper(width=80, subsequent_indent="    ", break_on_hyphens=False)
KEY = (
    "Key: Knights I (heavy cavalry 3) = a unit, its type and combat factor on the side up (4.2), "
    "1d6 when rolled each round (31.2); ? Seljuk x2 = two face-down Muslim units (11.0); "
    "Holy Lance (sword/shield) = a Pilgrimage marker and its symbols, one use of either (13.2)."
)


def _unit(u: dict[str, Any]) -> str:
    """One known unit: name, what it is and its combat factor on the side up."""
    what = f"{u['leader']} leader" if u.get("leader") else str(u["type"]).replace("_", " ")
    factor = "1d6" if u.get("factor") is None else str(u["factor"])
    reduced = ", reduced" if u.get("reduced") else ""
    return f"{u['name']} ({what} {factor}{reduced})"


def _units(units: list[dict[str, Any]]) -> list[str]:
    """A space's units, a line per contingent; face-down Muslims as "? Seljuk", counted."""
    lines: list[str] = []
    for c in CONTINGENTS:
        mine = [u for u in units if u["contingent"] == c]
        if not mine:
            continue
        known = [_unit(u) for u in mine if not u.get("hidden")]
        hidden = len(mine) - len(known)
        if hidden:
            known.append(f"? {c.title()}" + (f" x{hidden}" if hidden > 1 else ""))
        glued = [k.replace(" ", NBSP) for k in known]  # a unit is never split across lines
        lines.extend(line.replace(NBSP, " ") for line in WRAP.wrap(f"{c.title()}: " + ", ".join(glued)))
    return lines


def _space_label(view: dict[str, Any], space: str) -> str:
    s = SPACES[space]
    if s.kind == "constantinople":
        tags = ["fortress and port"]
    else:
        tags = [FORTRESS_CLASS[s.fortress or "other"] if s.kind == "fortress" else s.kind]
    if s.port and s.kind not in ("port", "constantinople"):
        tags.append("port")
    for key, word in (("camps", "Camp"), ("castles", "Castle"), ("monasteries", "Monastery")):
        if space in view[key]:
            tags.append(word)
    if space in view["flags"]["sieges"]:
        tags.append("SIEGE")
    if space in view["flags"]["massacres"]:
        tags.append("Massacre")
    return f"  {s.name} ({', '.join(tags)})"


def _header(view: dict[str, Any]) -> list[str]:
    level = BOARD.reaction_levels[view["reaction"] - 1]
    step = view["phase_name"]
    return [
        *BOX_WRAP.wrap(f"== {view['turn'] or 'after the last turn'}: {step} =="),
        f"Muslim Reaction: {level.numeral} {level.name} · Special Actions: {view['special']}"
        f" · actions left: {view['actions']}",
    ]


def _board(view: dict[str, Any]) -> list[str]:
    marked = {*view["camps"], *view["castles"], *view["monasteries"]}
    marked.update(view["flags"]["sieges"], view["flags"]["massacres"])
    lines = []
    for space in SPACES:
        units = view["spaces"].get(space, [])
        if units or space in marked:
            lines.append(_space_label(view, space))
            lines.extend(_units(units))
    return ["Map:", *lines] if lines else ["Map: no unit on the map"]


def _boxes(view: dict[str, Any]) -> list[str]:
    available = [f"{MARKERS[m].name} ({'/'.join(MARKERS[m].symbols)})" for m in view["available"]]
    lines = [f"Pilgrimage markers Available: {', '.join(available) or 'none'}"]
    camps = BOARD.buildings["camp"] - len(view["camps"])
    others = BOARD.buildings["castle_monastery"] - len(view["castles"]) - len(view["monasteries"])
    lines.append(f"Buildings to build: {camps} Camp(s), {others} Castle/Monastery counter(s)")
    lines.append("Bins: " + ", ".join(f"{b.title()} {n}" for b, n in view["bins"].items()))
    if view["eliminated"]:
        names = [BOARD.counters[u].name for u in view["eliminated"]]
        lines.append(f"Eliminated Christian leaders: {', '.join(names)}")
    return lines


def _flags(view: dict[str, Any]) -> list[str]:
    f = view["flags"]
    said = [
        "Armenia is activated" if f["armenia"] else "Armenia is neutral",
        "the Fatimids have taken Jerusalem" if f["fatimid_jerusalem"] else "",
        "Alexios is dead: no Byzantine actions" if f["alexios_dead"] else "",
        "Christian Infighting: Crusader actions only this turn" if f["infighting"] else "",
    ]
    kingdoms = [f"{BOARD.counters[k].name} of {SPACES[c].name}" for k, c in f["kingdoms"].items()]
    if kingdoms:
        said.append("Kingdoms: " + ", ".join(kingdoms))
    return ["In effect: " + "; ".join(s for s in said if s) + "."]


def _team(view: dict[str, Any]) -> list[str]:
    """The team game (37.0): its players, whose Action is under way, who has passed at this step,
    and who holds each Pilgrimage marker Available."""
    t = view.get("team")
    if not t:
        return []
    said = [f"Team game (37.0): {', '.join(t['roles'])}"]
    if t["action"]:
        said.append(f"Action under way by the {t['action']}")
    if t["passed"]:
        said.append(f"passed: {', '.join(t['passed'])}")
    if t["holders"]:
        held = [f"{MARKERS[m].name if m in MARKERS else m} ({r})" for m, r in t["holders"].items()]
        said.append("markers held: " + ", ".join(held))
    return ["; ".join(said) + "."]


def _result(view: dict[str, Any]) -> list[str]:
    r = view.get("result")
    return [f"Game over: {r['reason']} ({r['vp']} VP)."] if r else []


def render_text(view: dict[str, Any]) -> str:
    """The board and the boxes as plain text, with the key to the marks."""
    boxes = [*_boxes(view), *_flags(view), *_team(view), KEY, *_result(view)]
    lines = [*_header(view), *_board(view), *(line for text in boxes for line in BOX_WRAP.wrap(text))]
    return "\n".join(lines)
