"""Third Crusade as numbers, for learning environments (outremer/rl; docs/rl.md, and
docs/writing-a-title.md, section 9).

:func:`action_space` lists every action that can ever be legal, in a fixed order built from the data
packs: the verbs without arguments, the rows laid in the Strategy phase (every ordering of 4 cards
of one Army's deck of one round, ``Strategy.Place``), the picks (``Strategy.Pick``), the Orders
placed (``Planning.Place``), the cards and Orders executed (``Command``), the choices of a step, a
March, a Battle, Diplomacy and Upkeep over Regions, slots, Orders and bounded counts, the variable
set-up's discards and deployments (``VariableSetup``). Some never turn
out legal; none is missing (tests/rl/test_env.py checks random games against it).

:func:`observe` turns the view (views.py) into a fixed-length vector of numbers in [0, 1], reading
nothing but the view: another Army's drawn cards, screen and Objectives count as unknown, and in the
variable set-up so do its dealt cards and the one it laid face down (their count and whether it has
laid one are public), while the observer's own and every Army's shown cards, deployment points and
Desert are read (``VariableSetup.Decks``, ``VariableSetup.Deploy``).
"""

from __future__ import annotations

from functools import cache
from itertools import permutations
from typing import Any

from ...engine.features import Features
from ...engine.game import Action
from ...engine.procedures import SEALED
from .common import pack_at
from .orders import ARMIES as ALLIANCE_OF
from .state import NEUTRAL, SABOTAGE, SLOTS, UNIT_KINDS
from .variable_setup import DISCARD

KINDS = (
    "battle",
    "command",
    "deploy",
    "diplomacy",
    "diplomacy_bid",
    "end_scoring",
    "event",
    "final_winner",
    "game",
    "order",
    "planning",
    "step",
    "strategy",
    "strategy_pick",
    "strategy_place",
    "upkeep",
    "variable_discard",
    "variable_setup",
)
"""The procedures of the rules (rounds.py, variable_setup.py and the modules they push), for the
step under way."""
PASSES = ("done", "end", "go", "lose", "pass", "port", "stop")
MOST_GOLD = 40  # gold in hand, for the bids (Diplomacy.Bid); more counts as this much
MOST_TRACK = 20  # a track's top, for scaling
MOST_CHOICES = 6  # the parts of a card's event or crown to choose among (Command.Event.Order)
MOST_AMOUNT = 10  # a gain step's amount (Glossary.Gain)
MOST_REWARDS = 4  # the rewards of a Diplomacy Card (Diplomacy.Card)
MOST_QUEUE = 40  # pieces waiting to move after a Battle, or in a March group (Battle.Retreat)
MOST_REACTIONS = 8  # Reactions in a Battle a Diversion may cancel (Glossary.Diversion)
ARMIES = tuple(ALLIANCE_OF)
GLORY = 13  # the Glory track's end either way (Glossary.Glory)
FAITH = 5  # the Faith and Mercantile tracks' spaces either way (R3)


@cache
def action_space() -> tuple[Action, ...]:
    """Every action any game of Third Crusade (with the shipped data packs) can offer, in a fixed
    order."""
    pack = pack_at(None)
    regions = sorted(pack.board.regions)
    slots = range(sum(pack.board.slot_counts.values()))
    orders = sorted(pack.orders.orders)
    out: list[Action] = [(verb,) for verb in PASSES]
    decks: dict[tuple[str, str], list[str]] = {}
    for card in pack.events.cards.values():
        decks.setdefault((card.army, card.round), []).append(card.id)
    for key in sorted(decks):
        out += [("place", *p) for p in permutations(sorted(decks[key]), 4)]
    out += [("pick", army, n) for army in ARMIES for n in SLOTS]
    out += [("order", o, r) for o in orders for r in regions]
    out += [("event", c) for c in sorted(pack.events.cards)]
    out += [("order", r) for r in regions]
    out += [(verb, n) for verb in ("main", "crown") for n in range(MOST_CHOICES)]
    out += [("gain", n) for n in range(1, MOST_AMOUNT + 1)]
    out += [(verb, o) for verb in ("take", "buy") for o in orders]
    out += [
        (verb, r)
        for verb in ("region", "road", "to", "clear", "place", "tithe", "land", "reveal")
        for r in regions
    ]
    out += [("slot", i) for i in slots]
    out += [("take", i) for i in slots]
    out += [("lose", i) for i in range(MOST_QUEUE)]
    out += [("lose", r, i) for r in (*regions, "road") for i in range(MOST_QUEUE)]
    out += [("move", k, r, i) for k in range(MOST_QUEUE) for r in regions for i in slots]
    out += [("react", r) for r in regions]
    out += [("react", r, i) for r in regions for i in range(MOST_REACTIONS)]
    out += [("replace", r, i) for r in regions for i in slots]
    out += [("remove", r, k) for r in regions for k in UNIT_KINDS]
    out += [("move", s) for s in sorted(pack.cards.board.spaces)]
    out += [("reward", n) for n in range(1, MOST_REWARDS + 1)]
    out += [("bid", n) for n in range(MOST_GOLD + 1)]
    out += [("bid", a, b) for a in range(MOST_GOLD + 1) for b in range(MOST_GOLD + 1 - a)]  # R17's option
    out += [("reveal", c) for c in sorted(pack.cards.objectives) if c not in pack.board.regions]
    out += [("discard", c) for c in sorted(pack.cards.objectives)]  # VariableSetup.Decks
    deployed = (*UNIT_KINDS, *sorted(x.id for x in pack.leaders.leaders.values() if x.variable_setup))
    out += [("deploy", p, r, i) for p in deployed for r in regions for i in slots]  # VariableSetup.Deploy
    out += [("section", s.id) for s in pack.orders.board.sections]  # refill_chosen_section (R13)
    return tuple(out)


def _signed(f: Features, value: int, most: int) -> None:
    """A value from -most to most as a share of the whole span."""
    f.values.append(min(max((value + most) / (2 * most), 0.0), 1.0))


def _leaning(f: Features, marker: list[Any] | None, most: int) -> None:
    """A Faith or Mercantile marker (R3): the Army it leans to and how far; all 0 when absent."""
    f.flag(marker is not None)
    f.one_hot(marker[0] if marker else None, ARMIES)
    f.share(abs(marker[1]) if marker else 0, most)


@cache
def _indexes() -> dict[str, dict[str, int]]:
    pack = pack_at(None)
    return {
        "cards": {c: i for i, c in enumerate(sorted(pack.events.cards))},
        "orders": {o: i for i, o in enumerate(sorted(pack.orders.orders))},
        "objectives": {c: i for i, c in enumerate(sorted(pack.cards.objectives))},
        "spaces": {s: i for i, s in enumerate(sorted(pack.cards.board.spaces))},
    }


def observe(view: dict[str, Any], role: str) -> list[float]:
    """``role``'s view as numbers in [0, 1]; as many for every state of any setup."""
    pack = pack_at(None)
    index = _indexes()
    f = Features()
    f.one_hot(role, ARMIES)
    f.many_hot([a for a in ARMIES if a in view["armies"]], {a: i for i, a in enumerate(ARMIES)})
    f.one_hot(view["round"], ("1190", "1191_spring", "1191_autumn", "1192"))
    top = view["stack"][-1]["kind"] if view["stack"] else None
    f.one_hot(top if top in KINDS else None, KINDS)
    f.flag(bool(view["legal"]))
    f.flag(view["result"] is not None)
    _signed(f, view["glory"], GLORY)
    for side in ("crusader", "muslim"):
        _leaning(f, view["faith"].get(side), FAITH)
        _leaning(f, view["mercantile"].get(side), FAITH)
    for position in range(4):
        at = view["initiative"][position] if position < len(view["initiative"]) else None
        f.one_hot(at, ARMIES)
    for army in ARMIES:
        _army(f, view["armies"].get(army), index)
    for rid in sorted(pack.board.regions):
        _region(f, view["regions"].get(rid), pack)
    own = view["armies"].get(role, {})
    f.many_hot([c for c in own.get("drawn") or () if isinstance(c, str)], index["cards"])
    f.many_hot(own.get("order_box") if isinstance(own.get("order_box"), list) else (), index["orders"])
    f.many_hot(own.get("objectives") if isinstance(own.get("objectives"), list) else (), index["objectives"])
    f.many_hot([c for row in view["bidding"].values() for c in row if c is not None], index["cards"])
    f.many_hot(view["event_discard"], index["cards"])
    _variable(f, view, index["objectives"], pack)
    return f.values


def _variable(f: Features, view: dict[str, Any], objectives: dict[str, int], pack: Any) -> None:
    """The variable set-up as the view gives it (variable_setup.view, and the discard's sealed
    choices on the stack): the observer's own dealt cards and the one it laid face down, sealed or
    not (``VariableSetup.Decks``, V6), then for every Army how many it holds, whether it has laid
    one down, the cards it shows, its deployment points left and its Desert
    (``VariableSetup.Deploy``, V2), and the decks' sizes; all 0 in the other set-ups."""
    v = view.get("variable") or {}
    f.flag(bool(v))
    f.flag("points" in v)
    top = view["stack"][-1] if view["stack"] else {}
    sealed = top.get(SEALED, {}) if top.get("kind") == DISCARD else {}
    hands, discarded = v.get("hands", {}), v.get("discarded", {})
    own = [h for h in hands.values() if isinstance(h, list)]
    f.many_hot(own[0] if own else (), objectives)
    laid = [c for c in discarded.values() if isinstance(c, str)]
    f.many_hot(laid + [a[1] for a in sealed.values() if isinstance(a, list)], objectives)
    regions = sorted(pack.board.regions)
    most_points = max(pack.setups.variable.points.values())
    deal = pack.setups.variable.deal
    for army in ARMIES:
        held = hands.get(army, 0)
        f.share(len(held) if isinstance(held, list) else held, deal)
        f.flag(bool(discarded.get(army)) or army in sealed)
        f.many_hot(v.get("revealed", {}).get(army, ()), objectives)
        f.share(v.get("points", {}).get(army, 0), most_points)
        f.one_hot(v.get("deserts", {}).get(army), regions)
    for side in ("crusader", "muslim"):
        f.share(v.get("decks", {}).get(side, 0), len(objectives))


def _army(f: Features, army: dict[str, Any] | None, index: dict[str, dict[str, int]]) -> None:
    """One Army's public board: tracks, gold, Units, cards and Orders counted or named."""
    f.flag(army is not None)
    a = army or {}
    for track in ("base", "current", "crowns", "supply", "gold"):
        f.share(a.get("tracks", {}).get(track, 0), MOST_TRACK)
    f.share(a.get("gold", 0), MOST_GOLD)
    for kind in UNIT_KINDS:
        f.share(a.get("board_units", {}).get(kind, 0), MOST_TRACK)
    f.share(len(a.get("leaders_beside", ())), 8)
    f.share(a.get("event_deck", 0), 8)
    f.many_hot(a.get("event_cards", ()), index["cards"])
    f.many_hot(a.get("executed", ()), index["orders"])
    f.many_hot(a.get("advanced", ()), index["orders"])
    box = a.get("order_box", 0)
    f.share(len(box) if isinstance(box, list) else box, 24)
    at = a.get("diplomacy_at")
    f.one_hot(at if at in index["spaces"] else None, list(index["spaces"]))  # None: off the board
    f.share(a.get("markers", 0), 10)


def _region(f: Features, region: dict[str, Any] | None, pack: Any) -> None:
    """A Region's slots (whose piece, of what kind, Sabotage), tokens, Ports and Orders."""
    r = region or {"slots": [], "resources": [], "destroyed_ports": 0, "orders": {}}
    f.flag(region is not None)
    owners = (*ARMIES, NEUTRAL)
    for i in range(9):
        piece = r["slots"][i] if i < len(r["slots"]) else None
        f.flag(piece == SABOTAGE)
        if piece is None or piece == SABOTAGE:
            f.values += [0.0] * (len(owners) + len(UNIT_KINDS) + 1)
            continue
        if ":" in piece:
            owner, kind = piece.split(":", 1)
            f.one_hot(owner, owners)
            f.one_hot(kind, UNIT_KINDS)
            f.flag(False)
        else:
            leader = pack.leaders.leaders[piece].army
            f.one_hot(leader if leader in owners else None, owners)
            f.values += [0.0] * len(UNIT_KINDS)
            f.flag(True)
    f.share(len(r["resources"]), 4)
    f.share(r["destroyed_ports"], 2)
    for side in ("crusader", "muslim"):
        placed = r["orders"].get(side)
        f.flag(placed is not None)
        f.one_hot(placed["army"] if placed else None, ARMIES)
        f.flag(bool(placed and placed["up"]))
        f.flag(bool(placed and placed["order"] is not None))
