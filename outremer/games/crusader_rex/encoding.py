"""Crusader Rex as numbers, for learning environments (outremer/rl; layout in docs/rl.md).

:func:`action_space` lists every action that can ever be legal, in a fixed order built from the
data pack: the pass-like verbs, the cards, then each verb over the towns or blocks it can name.
Some of them never turn out legal (a Saracen block seated in a Frank's seat); none is missing
(tests/rl/test_env.py checks the legal actions of random games against it).

:func:`observe` turns a role's view (views.py) into a fixed-length vector of numbers in [0, 1]. It
reads nothing but the view, so it cannot show what the view hides: an enemy block standing upright
counts only as "a hidden block" in its town's field or castle.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any

from ...engine.features import Features
from .board import SIDES, STAGING
from .common import BLOCKS, BOARD, TOWNS
from .procedures import decisions

Action = tuple[Any, ...]

YEARS = tuple(range(1187, 1193))
TURNS = tuple(range(7))  # 0: the deployment before the first game turn
PLACES = (*TOWNS, *STAGING)
"""Where a block on the board can be: the towns (Masyaf too) and the three staging boxes."""
ENTERABLE = tuple(p for p in PLACES if p not in TOWNS or not TOWNS[p].no_entry)
OFF_BOARD = ("pool", "aside", "dead")
"""A block off the board: in its draw pool face down, set aside face up, or gone for good."""
WHERE = (*PLACES, *OFF_BOARD)
SIDE_BLOCKS = tuple(b for b, info in BLOCKS.items() if info.side in SIDES)
SIDE_SIZE = {side: sum(1 for info in BLOCKS.values() if info.side == side) for side in SIDES}
HAND = 6  # cards dealt for a year (4.0): a hand never holds more
VICTORY = len(BOARD.victory_cities)
MOVES = 3  # the best Move card (5.0)
ROUNDS = 3  # combat rounds in a battle (6.2)
MODES = ("field", "storm")
MOVE_KINDS = ("group", "muster", "muster_pick")
MOVE_EVENTS = ("guide", "jihad")

PASSES = (("done",), ("end",), ("leave",), ("muster",), ("stay",))
TOWN_VERBS = ("battle", "campaign", "group", "muster", "place", "town")
BLOCK_VERBS = ("block", "castle", "disband", "fire", "hit", "replace", "sally", "storm", "swap", "withdraw")
ROAD_VERBS = ("step", "regroup", "retreat")


@cache
def action_space() -> tuple[Action, ...]:
    """Every action that can ever be legal, each once, in a fixed order (the optional rules add no
    kind of action, so there is one list for every game)."""
    out: list[Action] = list(PASSES)
    out += [("card", c) for c in BOARD.card_ids]
    out += [(verb, t) for verb in TOWN_VERBS for t in PLACES]
    out += [(verb, b) for verb in BLOCK_VERBS for b in BOARD.block_ids]
    out += [("charge", b) for b in SIDE_BLOCKS if BLOCKS[b].charge]
    out += [(verb, b, t) for verb in ROAD_VERBS for b in SIDE_BLOCKS for t in ENTERABLE]
    out += [("harry", b, t) for b in SIDE_BLOCKS if BLOCKS[b].harry for t in ENTERABLE]
    out += [("sea", b, t) for b in SIDE_BLOCKS for t in (*BOARD.ports, *STAGING)]
    out += [("enter", b, t) for b in SIDE_BLOCKS if BLOCKS[b].nation == "German" for t in ENTERABLE]
    out += [("seat", b, t) for b in SIDE_BLOCKS for t in BOARD.seats[b]]
    return tuple(out)


BLOCK_INDEX = {b: i for i, b in enumerate(BOARD.block_ids)}
CARD_INDEX = {c: i for i, c in enumerate(BOARD.card_ids)}
BY_LABEL = {info.label: b for b, info in BLOCKS.items()}


@cache
def _phases() -> tuple[str, ...]:
    """Every decision (registered as the rules modules are imported), then over."""
    return (*decisions(), "over")


def observe(view: Mapping[str, Any]) -> list[float]:
    """``view`` (a role's, from views.view) as numbers in [0, 1], always as many (docs/rl.md)."""
    role = view["role"]
    v = Features()
    v.one_hot(role, SIDES)
    v.one_hot(view["year"], YEARS)
    v.one_hot(view["turn"], TURNS)
    v.one_hot(view["phase"], _phases())
    v.many_hot(view["active"], {s: i for i, s in enumerate(SIDES)})
    v.one_hot(view["player1"], SIDES)
    for side in SIDES:
        v.share(view["victory_cities"][side], VICTORY)
    for name in ("iron_bridge", "forced_marches"):
        v.flag(bool(view["options"].get(name)))
    _blocks(v, view)
    _cards(v, view)
    _battle(v, view.get("battle"))
    _move(v, view.get("move"), view.get("moves_left", 0))
    drawn = view.get("drawn")
    v.one_hot(drawn["id"] if drawn else None, BOARD.block_ids)
    outcome = view["outcome"]
    v.flag(outcome is not None)
    v.many_hot(outcome["winners"] if outcome else (), {s: i for i, s in enumerate(SIDES)})
    return v.values


def _blocks(v: Features, view: Mapping[str, Any]) -> None:
    """Each block the role knows: where, in a castle, strength, revealed. Then, per place, the
    blocks it does not know (the enemy's standing upright), field and castle apart; then each
    side's face-down pool and unseen losses."""
    known: dict[str, tuple[str | None, bool, float, bool]] = {}
    hidden = [0.0] * (2 * len(PLACES))
    spots: list[tuple[str, str, list[dict[str, Any]]]] = []
    for town, spot in view["towns"].items():
        spots += [(town, "field", spot["field"]), (town, "castle", spot["castle"])]
    spots += [(box, "field", blocks) for box, blocks in view["staging"].items()]
    for place, part, blocks in spots:
        for entry in blocks:
            if "id" in entry:
                share = entry["steps"] / entry["max_steps"]
                known[entry["id"]] = (place, part == "castle", share, entry["revealed"])
            else:
                hidden[2 * PLACES.index(place) + (part == "castle")] += 1 / SIDE_SIZE[entry["side"]]
    for pool in view["pools"].values():
        for off, key in (("pool", "contents"), ("aside", "face_up"), ("dead", "eliminated")):
            for label in pool.get(key, ()):
                known[BY_LABEL[label]] = (off, False, 0.0, False)
    for b in BOARD.block_ids:
        where, in_castle, share, revealed = known.get(b, (None, False, 0.0, False))
        v.one_hot(where, WHERE)
        v.flag(in_castle)
        v.values.append(share)
        v.flag(revealed)
    v.values += [min(h, 1.0) for h in hidden]
    for side in SIDES:
        pool = view["pools"][side]
        v.share(pool["face_down"], SIDE_SIZE[side])
        v.share(pool.get("eliminated_unseen", 0), SIDE_SIZE[side])


def _cards(v: Features, view: Mapping[str, Any]) -> None:
    """The role's hand; each side's hand size, whether it has played, and its card once shown."""
    cards = view["cards"]
    v.many_hot((c["id"] for c in cards[view["role"]]["hand"]), CARD_INDEX)
    for side in SIDES:
        entry = cards[side]
        v.share(entry["in_hand"], HAND)
        v.flag(entry["played"])
        v.one_hot(entry["card"]["id"] if "card" in entry else None, BOARD.card_ids)


def _battle(v: Features, battle: Mapping[str, Any] | None) -> None:
    """The battle being fought: where, round, who attacks, the mode; reserves; the blocks the role
    knows to have fired, stormed or sallied this round; its own reserves."""
    b = battle or {}
    v.flag(battle is not None)
    v.one_hot(b.get("town"), tuple(TOWNS))
    v.share(b.get("round", 0), ROUNDS)
    v.one_hot(b.get("attacker"), SIDES)
    v.one_hot(b.get("defender"), SIDES)
    v.one_hot(b.get("mode"), MODES)
    reserves = b.get("reserves", {})
    for side in SIDES:
        v.share(reserves.get(side, {}).get("count", 0), SIDE_SIZE[side])
    mine: dict[str, int] = next((r["blocks"] for r in reserves.values() if "blocks" in r), {})
    v.many_hot(mine, BLOCK_INDEX)
    for key in ("acted", "storming", "sallying"):
        v.many_hot(b.get(key, ()), BLOCK_INDEX)


def _move(v: Features, move: Mapping[str, Any] | None, moves_left: int) -> None:
    """The role's move phase under way: moves left, the kind of move, its origin and target, the
    blocks moved, the event that gave it."""
    m = move or {}
    v.flag(move is not None)
    v.share(moves_left, MOVES)
    v.one_hot(m.get("kind"), MOVE_KINDS)
    v.one_hot(m.get("origin"), tuple(TOWNS))
    v.one_hot(m.get("target"), tuple(TOWNS))
    v.many_hot(m.get("moved", ()), BLOCK_INDEX)
    v.one_hot(m.get("event"), MOVE_EVENTS)
