"""Kingdom of Heaven as numbers, for learning environments (outremer/rl; docs/rl.md).

:func:`action_space` lists every action the procedures can offer, in a fixed order built from the
data packs: the verbs without arguments, then each verb over the cards, spaces, Powers, unit
types, faces and leaders it can name (read from each rule module's legal function). Many never
turn out legal; none is missing (tests/kingdom_of_heaven/test_encoding.py checks the legal
actions of random games of every scenario against it), the optional combined activations too
(§8.6: the leader first, ``("combine", leader)``, then each card, ``("add", card)``).

:func:`observe` turns a role's view (views.py) into a fixed-length vector of numbers in [0, 1]:
the stacks of each Power in each space and box (outside and inside its stronghold), the
strongholds and their holders, the sieges, the political status track, the VP, the turn and
phase, the role's own hand and every hand's size, the pools and dead piles as counts. It reads
nothing but the view (§8.1: the opponent's hand is a size and the cards he is known to hold).
"""

from __future__ import annotations

from functools import cache
from itertools import combinations
from typing import Any

from ...engine.features import Features
from ...engine.game import Action
from .common import Pack, pack_at
from .procedures import PROCEDURES
from .state import CHRISTIAN, MUSLIM, NEUTRAL, PHASES, PLAYERS

PASSES = (
    "all_in", "assault", "attack", "avoid", "besiege", "by_sea", "call", "cease", "decline", "done",
    "done_detach", "draw", "end", "fortunes", "free_vassal", "go", "keep", "leaders_done", "low",
    "no_draw", "none", "out", "pass", "rest", "roll", "shadow", "starve", "stay", "stop",
)  # fmt: skip
"""The verbs that name nothing: passes, ends and yes-or-no answers of the procedures."""

PLACE_VERBS = ("at", "from", "move", "to", "refill", "refuge", "attack", "follow", "siege")
"""The verbs that name one space or box: a target, a march's step, a retreat's end."""
FACES = ("full", "reduced")
PLACES = ("field", "inside", "pool")
MOST_STEPS = 80  # steps the besieged may commit to a sortie: more than any stronghold holds
DECLARED = 4  # interceptions declared against one move (reactions.py ``leave_out``)
MOST_UNITS = 30.0  # for scaling: a stack of more units than this counts as this many
MOST_VP = 60.0
MOST_CARDS = 12.0  # for scaling a hand's size
SIDES = (CHRISTIAN, NEUTRAL, MUSLIM)


@cache
def action_space(folder: str | None = None) -> tuple[Action, ...]:
    """Every action any game of Kingdom of Heaven played with the packs in ``folder`` (None: the
    shipped ones) can offer, each once, in a fixed order."""
    pack = pack_at(folder)
    board, counters = pack.board, pack.counters
    cards = tuple(pack.cards.cards)
    spaces = tuple(board.spaces)
    places = spaces + tuple(board.boxes)
    powers = tuple(counters.powers)
    leaders = tuple(counters.leaders)
    units = tuple((u.power, u.label) for u in counters.units)
    labels = tuple(sorted({u.label for u in counters.units}))
    castles = tuple(sorted(s for s, sp in board.spaces.items() if sp.castle_site))
    out: list[Action] = [(verb,) for verb in PASSES]
    for c in cards:  # a card played (§8.4, §9.2, §13.2, §8.4.2)
        out += [(verb, c) for verb in ("event", "discard", "play", "respond", "vassal", "add")]
        out += [(verb, c, x) for verb in ("activate", "activate_event") for x in leaders]
        out += [("diplomacy", c, p) for p in (*powers, "advantage")]
        out += [("siege", c, s) for s in spaces]
    out += [("combine", x) for x in leaders]
    out += [("advantage", n) for n in (-1, 1)] + [("advantage", p) for p in powers]
    for at in places:
        out += [(verb, at) for verb in PLACE_VERBS]
        out += [("leader", at, x) for x in leaders] + [("leader", x, at) for x in leaders]
    for at in spaces:
        out += [(verb, at, x) for verb in ("from", "sail") for x in ("", *leaders)]
        out += [("intercept", at, x) for x in (*leaders, "cavalry")]
    out += [(verb, p) for verb in ("passage", "power", "marker") for p in powers]
    out += [(verb, x) for verb in ("ransom", "stay", "leader") for x in leaders]
    verbs = ("drop_leader", "pick_leader", "take_leader", "leave_leader", "leader", "leader_part")
    out += [(verb, p, x) for verb in verbs for p in powers for x in leaders]
    pieces = ("drop", "pick", "put_back", "take", "leave", "lose", "step", "refill", "in", "out")
    out += [(verb, p, face, label) for verb in pieces for p, label in units for face in FACES]
    out += [(verb, p, "leader", x) for verb in ("in", "out") for p in powers for x in leaders]
    out.append(("lose", "castle", "castle", "castle"))
    out += [("leave_out", i, p, face, label) for i in range(DECLARED) for p, label in units for face in FACES]
    out += [("leave_out", i, p, "leader", x) for i in range(DECLARED) for p in powers for x in leaders]
    for p, label in units:  # the garrison trades (§7.3 L405) and the units raised (§7)
        out += [("strip", p, label, s) for s in castles]
        out += [("strip", p, label, *pair) for pair in combinations(castles, 2)]
        out += [("refill", p, face, label, s) for face in FACES for s in castles]
        out += [("refill", p, "full", label, *pair) for pair in combinations(castles, 2)]
        out += [("unit", p, face, label, at) for face in FACES for at in places]
        out += [("rebuild", p, label), ("rebuild_full", p, label)]
        out += [("flip", p, place, at, label) for place in PLACES for at in ("", *places)]
        out += [
            ("keep", place, at, p, face, label) for place in PLACES[:2] for at in places for face in FACES
        ]
    out += [("place", source, label, at) for source in ("mix", "dead") for label in labels for at in places]
    out += [("dead", label) for label in labels]
    out += [("commit", n) for n in range(1, MOST_STEPS + 1)]
    return tuple(dict.fromkeys(out))  # once each: a Power and a space may share a name (Antioch)


@cache
def index(folder: str | None = None) -> dict[Action, int]:
    """Each action's number in :func:`action_space`."""
    return {a: i for i, a in enumerate(action_space(folder))}


def observe(view: dict[str, Any], role: str, pack: Pack) -> list[float]:
    """``role``'s view as numbers in [0, 1]; as many for every state of any setup."""
    board, counters = pack.board, pack.counters
    powers = tuple(counters.powers)
    f = Features()
    f.one_hot(role, PLAYERS)
    f.one_hot(view["scenario"], tuple(pack.scenarios))
    turns = pack.scenarios[view["scenario"]].turns
    f.share(view["turn"], max(turns, 1))
    f.one_hot(view["phase"], PHASES)
    f.one_hot(view["first"], PLAYERS)
    f.one_hot(view["advantage"], PLAYERS)
    kinds = sorted(PROCEDURES.kinds)
    top = view["stack"][-1]["kind"] if view["stack"] else None
    f.one_hot(top, kinds)
    f.flag(view["result"] is not None)
    for p in PLAYERS:
        f.share(view["vp"][p], MOST_VP)
        f.share(view["failed_calls"][p], 3)
        f.share(view["hands"][p]["size"], MOST_CARDS)
        f.share(len(view["prisoners"][p]), 4)
    f.one_hot(view["crusade"], ("scheduled", "arrived", "cancelled"))
    for p in powers:  # the political status track (§9.1)
        f.one_hot(view["political"].get(p), SIDES)
    for p in powers:
        for where in ("pools", "dead"):
            g = view[where].get(p)
            f.share(_units(g), MOST_UNITS)
            f.share(len(g["leaders"]) if g else 0, 6)
    for at in (*board.spaces, *board.boxes):
        for where in ("field", "inside"):
            here = view[where].get(at, {})
            for p in powers:
                g = here.get(p)
                f.share(sum(g["full"].values()) if g else 0, MOST_UNITS)
                f.share(sum(g["reduced"].values()) if g else 0, MOST_UNITS)
                f.share(len(g["leaders"]) if g else 0, 4)
    for at in board.spaces:
        castle = view["castles"].get(at)
        f.one_hot(castle["power"] if castle else None, powers)
        f.flag(castle is not None and castle["low"])
        f.flag(at in view["cities"])
        f.one_hot(view["cities"].get(at), powers)
        siege = view["sieges"].get(at)
        f.flag(siege is not None)
        f.share(siege.get("rf", 0) if siege else 0, 6)
        f.flag(bool(siege and siege.get("blockade")))
    for province in (*board.provinces, *board.boxes):
        f.one_hot(view["owners"].get(province), powers)
    cards = {c: i for i, c in enumerate(pack.cards.cards)}
    f.many_hot(view["hands"][role].get("cards", []), cards)
    other = MUSLIM if role == CHRISTIAN else CHRISTIAN
    f.many_hot(view["hands"][other]["known"], cards)
    f.many_hot(view["discard"], cards)
    f.many_hot(view["removed"], cards)
    f.many_hot(view["lasting"], cards)
    f.share(view["deck"], len(cards))
    return f.values


def _units(g: dict[str, Any] | None) -> int:
    return 0 if g is None else sum(g["full"].values()) + sum(g["reduced"].values())
