"""Four Powers as numbers, for learning environments (outremer/rl; docs/rl.md).

:func:`action_space` lists every action that can ever be legal, in a fixed order built from the
data pack: the verbs without arguments, then each verb over the cards, Locations, factions, Unit
kinds, buildings or counts it can name. Some never turn out legal; none is missing
(tests/rl/test_env.py checks the legal actions of random games against it). The counts are bounded
by the box: at most 10 Presence markers a player (``Markers``), so 10 Support in a Region and a
closed hand of at most 2 Units per Support plus the besieged player's 4 (``Battle.8``, R10a), 30
Footmen, 10 Siege Towers or Knights (R16) and 60 Faith (R18).

:func:`observe` turns the view (views.py) into a fixed-length vector of numbers in [0, 1]. It
reads nothing but the view, so another faction's Gold, Faith and hand count as unknown.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from ...engine.features import Features
from .battle import CLOSED_FAITH
from .pack import Pack, load_pack
from .procedures import PROCEDURES
from .state import BLUFF, BOARD, BUILDINGS, COLUMNS, ROLES, UNITS

Action = tuple[Any, ...]

PRESENCE = 10  # Presence markers of a player (Markers)
MOST_UNITS = 2 * PRESENCE + 4  # 2 per Support, plus the besieged player's 1 + 3 Citadels (R10a)
MOST_FAITH = CLOSED_FAITH  # the most Faith in a closed hand (R18)
MOST_BIG = 10  # Siege Towers or Knights in the box (R16)
MOST_DICE = PRESENCE + 4  # a die per Support, plus the extra dice of cards (extra_dice)
MOST_GOLD = 40  # for scaling: more Gold than this counts as this much
MOST_VP = 40
LEVELS = 4  # City levels on the four-player side (Players.1, R11b)
PROVISIONS = [
    ("gold", "gold"),
    ("faith", "faith"),
    ("footman", "footman"),
    ("gold", "faith"),
    ("gold", "footman"),
    ("faith", "footman"),
    ("tower",),
]
"""The provisions of ``Income.2`` (R14)."""
PASSES = ("accept", "alone", "decline", "done", "effect", "end", "no_card", "ransack", "take")


@cache
def action_space() -> tuple[Action, ...]:
    """Every action any game of Four Powers (with the shipped data pack) can offer, in a fixed
    order."""
    pack = load_pack()
    cards = tuple(pack.cards)
    locations = tuple(pack.board.locations)
    out: list[Action] = [(verb,) for verb in PASSES]
    for c in cards:
        out += [("keep", c), ("discard", c), ("bottom", c), ("add_card", c), ("commit_card", c)]
        out += [("play", c, col) for col in COLUMNS]
    out.append(("commit_card", BLUFF))
    for loc in locations:
        out += [("swap", loc), ("city", loc), ("support", loc), ("reinforce", loc), ("siege", loc)]
        out += [("build", "church", loc), ("build", "citadel", loc)]
        out += [("influence", loc, level) for level in range(LEVELS)]
        out += [("push", loc, role) for role in ROLES]
        out += [("battle", loc, role) for role in ROLES]
    out += [("build", "fortress", space) for space in pack.board.fortress_spaces]
    for edge in pack.board.adjacency:
        for a, b in ((edge.a, edge.b), (edge.b, edge.a)):
            out += [("move", a, b, n) for n in range(1, PRESENCE + 1)]
    out += [("upgrade", kind) for kind in BUILDINGS]
    out += [("recruit", kind) for kind in UNITS] + [("buy_back", kind) for kind in UNITS]
    out += [("provision", *p) for p in PROVISIONS]
    out += [("invite", role) for role in ROLES]
    out += [("wound", role, kind) for role in ROLES for kind in (*UNITS, "support")]
    out += [("reroll", i) for i in range(MOST_DICE)]
    out += [
        ("commit", f, b, n)
        for f in range(MOST_UNITS + 1)
        for b in range(min(MOST_BIG, MOST_UNITS - f) + 1)
        for n in range(MOST_FAITH + 1)
    ]
    return tuple(out)


def observe(view: dict[str, Any], role: str, pack: Pack | None = None) -> list[float]:
    """``role``'s view as numbers in [0, 1]; as many for every state of any setup."""
    pack = pack or load_pack()
    f = Features()
    f.one_hot(role, ROLES)
    for r in ROLES:
        f.flag(r in view["players"])
    f.flag(view["side"] == "two")
    f.flag(view["crusade"] == 2)
    f.share(view["round"], 8)
    f.one_hot(view["first"], ROLES)
    f.share(view["round_deck"], 8)
    f.share(view["deck"], len(pack.cards))
    kinds = sorted(PROCEDURES.kinds)
    top = view["procedures"][-1]["kind"] if view["procedures"] else None
    f.one_hot(top, kinds)
    f.flag(role in view["active"])
    for loc in pack.board.locations:
        city = view["cities"][loc]
        f.flag(city["in_play"])
        levels = city["levels"] + [None] * (LEVELS - len(city["levels"]))
        for holder in levels:
            f.one_hot(holder, ROLES)
        f.one_hot(city["control"], ROLES)
        f.one_hot(city["citadel"], ROLES)
        for r in ROLES:
            f.share(city["support"].get(r, 0), PRESENCE)
            f.share(city["churches"].count(r), 2)
        f.flag(view["last_conflict"] == loc)
    for space in pack.board.fortress_spaces:
        f.one_hot(view["fortresses"].get(space), ROLES)
    own_columns = {BOARD, *ROLES} & set(view["columns"])
    for owner in (BOARD, *ROLES):
        cols = view["columns"].get(owner, {}) if owner in own_columns else {}
        for col in COLUMNS:
            cards = cols.get(col, [])
            f.share(len(cards), 12)
            f.share(sum(pack.cards[c].cost for c in cards), 20)
            shown: dict[str, int] = {}
            for i, c in enumerate(cards):
                icons = pack.cards[c].benefits
                for icon in icons if i == len(cards) - 1 else icons[:1]:
                    shown[icon] = shown.get(icon, 0) + 1
            for icon in (*UNITS, "gold", "faith"):
                f.share(shown.get(icon, 0), 10)
    for r in ROLES:
        fac = view["factions"].get(r)
        if fac is None:
            f.values += [0.0] * (2 + len(UNITS) + 2 * len(BUILDINGS) + 4 + 9)
            continue
        f.share(fac["vp"], MOST_VP)
        f.share(fac["presence"], PRESENCE)
        for kind in UNITS:
            f.share(fac["units"][kind], 30 if kind == "footman" else MOST_BIG)
        for kind in BUILDINGS:
            f.share(fac["stock"][kind], 3)
            f.share(fac["tracks"][kind], 3)
        f.share(fac["hand_size"], 3)
        f.flag(fac["gold"] is not None)
        f.share(fac["gold"] or 0, MOST_GOLD)
        f.share(fac["faith"] or 0, MOST_FAITH)
        f.many_hot(fac["control"], {loc: i for i, loc in enumerate(pack.board.locations)})
    index = {c: i for i, c in enumerate(pack.cards)}
    hand = view["factions"].get(role, {}).get("hand") or []
    f.many_hot([c for c in hand if c != BLUFF], index)
    f.many_hot(view["discard"], index)
    draft = view["draft"] or {}
    f.many_hot(draft.get("hand") or [], index)
    f.many_hot(draft.get("kept") or [], index)
    return f.values
