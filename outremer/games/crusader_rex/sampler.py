"""Dealing what a side cannot see, for search bots (``Game.sample``, see docs/bots.md).

A sample is a state the side cannot tell from the real one: its own blocks, hand and log are kept;
everything hidden from it is dealt anew from what it has seen:

- the enemy blocks it cannot identify (upright on the map, face down in the draw pool, lost unseen
  in winter, 6.34, 8.3) are dealt at random to the places where such blocks stand, each where the
  rules allow it: no military order nor Saladin's family in the pool, only permanent blocks dead,
  crusaders and pilgrims in the pool all 1187 (nothing is drawn in 1187, 7.0), and until the 1187
  winter only blocks that began there in the pool (3.1, 3.2). Strengths on the map are dealt with
  the odds seen in play, mostly full (2.11, :data:`STEPS_SHORT`). The view does not remember
  blocks once they stand upright again, so neither does the sampler;
- the working data of a phase under way (a move, a battle's reserves, a draw) names the dealt
  blocks in place of the real ones;
- the enemy hand and its face-down card (4.1) are dealt from the cards the side has not seen this
  year: neither in its hand nor revealed in the log since the shuffle (4.0);
- the enemy's private log entries are dropped, and the random generator is keyed anew from
  ``rnd`` (engine.rng.fresh), never from the real game's key;
- a deal that does not agree with what the side sees happen next (its legal actions; whose turn it
  is in a battle, which follows the initiative of blocks it may not see, 6.2) is dealt again.

The sampler reads only what the side may see, so two states that differ only in what is hidden
from it give the same sample from the same generator (tests/crusader_rex/test_sampler.py).
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ...engine import rng
from .board import STAGING, enemy
from .cards import INTRIGUE
from .common import BLOCKS, BOARD, TOWNS
from .procedures import PROCEDURES, Action
from .state import State

CRUSADERS = "crusaders"
NOMADS = "nomads"
TRIES = 40
FIRST_YEAR = 1187
STEPS_SHORT = (0.81, 0.10, 0.07, 0.02)
"""How likely a block on the map is to be 0, 1, 2 or 3 steps short of full strength: the share of
such blocks in 150 games of the scripted bot against itself (bench/crusader_rex_evaluation.py's
games; Franks and Saracens alike). The view shows no enemy strength, and blocks are mostly whole."""
WINTER_LOSSES = frozenset({"winter_supply", "winter_replace"})
"""Phases after blocks may have gone back to the pool face down in winter (8.3)."""
CARDS_BY_NAME: dict[str, list[str]] = {}
for _card in BOARD.card_ids:
    CARDS_BY_NAME.setdefault(BOARD.cards[_card].name, []).append(_card)


def sample(state: State, side: str, rnd: random.Random) -> State:
    """A state ``side`` cannot tell from ``state``, the hidden parts dealt with ``rnd``.

    A deal must also agree with what the side sees happen next: its legal actions, and the turn
    order (whose turn it is in a battle follows the initiative of blocks it may not see, 6.2). A
    deal that does not is dealt again, up to :data:`TRIES` times (conditioning on what was seen);
    the last deal stands if none agrees."""
    foe = enemy(side)
    base = state.copy()
    base.log = [entry for entry in state.log if entry[1] != foe]
    hidden = _hidden(base, foe)
    wanted = _legal(state, side)
    for _ in range(TRIES):
        s = base.copy()
        _deal_blocks(s, hidden, rnd)
        _deal_cards(s, side, foe, rnd)
        if _legal(s, side) == wanted and all(_legal(s, r) for r in s.active):
            break
    s.rng = rng.fresh(rnd)
    return s


def _legal(s: State, role: str) -> list[Action]:
    return PROCEDURES.legal(s, role)


# -- blocks ------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Hidden:
    """The enemy blocks a side cannot identify: ``blocks`` in name order, and the same blocks as
    ``slots`` in the order of where they stand (``places``: place, in a castle or not)."""

    blocks: list[str]
    slots: list[str]
    places: list[tuple[str, bool]]
    first_year: bool
    opening: bool


def _hidden(s: State, foe: str) -> Hidden:
    blocks = sorted(b for b, info in BLOCKS.items() if info.side == foe and b not in s.revealed)
    refs = _references(s, frozenset(blocks))
    # A slot is where a hidden block stands, told apart only by what the side may see there:
    # the place, field or castle, and how the phase under way refers to it.
    slots = sorted(blocks, key=lambda b: (s.loc[b], b in s.castle, sorted(refs.get(b, ()))))
    places = [(s.loc[b], b in s.castle) for b in slots]
    first_year = s.year == FIRST_YEAR
    return Hidden(blocks, slots, places, first_year, first_year and s.phase not in WINTER_LOSSES)


def _deal_blocks(s: State, hidden: Hidden, rnd: random.Random) -> None:
    if not hidden.blocks:
        return
    dealt = _match(hidden.places, hidden.blocks, hidden.first_year, hidden.opening, rnd)
    for (where, in_castle), b in zip(hidden.places, dealt, strict=True):
        s.loc[b] = where
        s.castle.discard(b)
        if in_castle:
            s.castle.add(b)
        on_map = where in TOWNS or where in STAGING
        s.steps[b] = _strength(BLOCKS[b].max_steps, rnd) if on_map else 0
    rename = dict(zip(hidden.slots, dealt, strict=True))
    s.mv = _renamed(s.mv, rename)
    s.attacks = _renamed(s.attacks, rename)
    s.fight = _renamed(s.fight, rename)
    s.work = _renamed(s.work, rename)
    s.flags = _renamed(s.flags, rename)


def _strength(full: int, rnd: random.Random) -> int:
    """A strength for an unseen block on the map: steps short of ``full`` with the odds of
    :data:`STEPS_SHORT`, cut to what the block can have (2.11)."""
    odds = STEPS_SHORT[:full]
    return full - rnd.choices(range(len(odds)), odds)[0]


def _fits(block: str, where: str, first_year: bool, opening: bool) -> bool:
    """Whether the rules let ``block`` stand unseen at ``where`` (3.0-3.2, 6.34, 7.0, 7.21, 8.3).

    In 1187 nothing is drawn (7.0): crusaders and pilgrims are still in the pool; in the
    ``opening`` (1187 until winter supply) no block has yet gone back to the pool face down, so it
    holds only blocks that began the game there (3.1, 3.2)."""
    info = BLOCKS[block]
    if first_year and BOARD.start[block] is None and info.group != NOMADS:
        return where == "pool"
    if where == "pool":
        if opening:
            return BOARD.start[block] is None
        return not info.permanent or info.group == CRUSADERS  # crusaders wait there until drawn
    if where == "dead":
        return info.permanent
    if where in STAGING:
        return info.group == CRUSADERS and BOARD.staging[where] == info.nation
    return True


def _match(
    places: list[tuple[str, bool]], blocks: list[str], first_year: bool, opening: bool, rnd: random.Random
) -> list[str]:
    """A random block for each place, each where it fits; anything anywhere if the position is one
    the rules never reach."""
    order = list(blocks)
    rnd.shuffle(order)
    for strict in (True, False):

        def fits(block: str, where: str, strict: bool = strict) -> bool:
            return not strict or _fits(block, where, first_year, opening)

        owner = _assign([where for where, _ in places], order, fits)
        if owner is not None:
            got = {i: b for b, i in owner.items()}
            return [got[i] for i in range(len(places))]
    raise AssertionError("more hidden places than hidden blocks")  # pragma: no cover


def _assign(places: list[str], order: list[str], fits: Callable[[str, str], bool]) -> dict[str, int] | None:
    """block -> place index: the most constrained places first, each taking the first block of
    ``order`` that fits, through an augmenting path (bipartite matching) when none is free."""
    owner: dict[str, int] = {}

    def seat(i: int, tried: set[str]) -> bool:
        for b in order:
            if b in tried or not fits(b, places[i]):
                continue
            tried.add(b)
            if b not in owner or seat(owner[b], tried):
                owner[b] = i
                return True
        return False

    left = list(order)
    for i in sorted(range(len(places)), key=lambda i: _CONSTRAINT.get(places[i], 0)):
        free = next((k for k, b in enumerate(left) if fits(b, places[i])), None)
        if free is not None:
            owner[left.pop(free)] = i
        elif seat(i, set()):
            left = [b for b in order if b not in owner]
        else:
            return None
    return owner


_CONSTRAINT = {**dict.fromkeys(STAGING, -3), "dead": -2, "pool": -1}
"""The order in which places are dealt: the fewest blocks fit the first."""


def _references(s: State, secret: frozenset[str]) -> dict[str, list[str]]:
    """block -> where the working data names it, the other hidden blocks masked."""
    out: dict[str, list[str]] = {}

    def walk(data: Any, path: str) -> None:
        if isinstance(data, dict):
            for k, v in data.items():
                if k in secret:
                    out.setdefault(k, []).append(f"{path}/key={json.dumps(_masked(v, secret))}")
                    walk(v, f"{path}/?")
                else:
                    walk(v, f"{path}/{k}")
        elif isinstance(data, list):
            for i, v in enumerate(data):
                walk(v, f"{path}/{i}")
        elif isinstance(data, str) and data in secret:
            out.setdefault(data, []).append(path)

    for name in ("mv", "attacks", "fight", "work", "flags"):
        walk(getattr(s, name), name)
    return out


def _masked(data: Any, secret: frozenset[str]) -> Any:
    if isinstance(data, dict):
        return sorted(("?" if k in secret else k, _masked(v, secret)) for k, v in data.items())
    if isinstance(data, list):
        return [_masked(v, secret) for v in data]
    return "?" if isinstance(data, str) and data in secret else data


def _renamed(data: Any, rename: dict[str, str]) -> Any:
    """``data`` with every hidden block renamed; a dict keyed by blocks is put in name order, so
    that the sample does not keep the real blocks' order."""
    if isinstance(data, dict):
        items = [(rename.get(k, k), _renamed(v, rename)) for k, v in data.items()]
        if any(k in rename for k in data):
            items.sort(key=lambda kv: str(kv[0]))
        return dict(items)
    if isinstance(data, list):
        return [_renamed(v, rename) for v in data]
    if isinstance(data, str):
        return rename.get(data, data)
    return data


# -- cards -------------------------------------------------------------------------------------
def _deal_cards(s: State, side: str, foe: str, rnd: random.Random) -> None:
    """Deal the enemy hand and face-down card from the cards ``side`` has not seen this year."""
    revealed = s.p1 is not None or s.flags.get("cancelled", False)
    face_down = s.played[foe] is not None and not revealed
    if not s.hands[foe] and not face_down:
        return
    mine = set(s.hands[side])
    shown = set(s.last_card.values())
    if revealed:
        shown.update(s.played.values())
    elif (own := s.played[side]) is not None:
        mine.add(own)  # our own card, still face down
    seen = _revealed_this_year(s)
    unseen: list[str] = []
    for name, ids in CARDS_BY_NAME.items():
        # Of equal cards, the revealed ones are taken to be those still shown (played, copied).
        free = sorted((c for c in ids if c not in mine), key=lambda c: c not in shown)
        unseen += free[seen.get(name, 0) :]
    rnd.shuffle(unseen)
    if face_down:
        # The face-down card is one the enemy could play now (Intrigue not in game turn 1).
        playable = [c for c in unseen if not (c == INTRIGUE and s.turn == 1)]
        card = playable[0]
        unseen.remove(card)
        s.played[foe] = card
    s.hands[foe] = sorted(unseen[: len(s.hands[foe])])


def _revealed_this_year(s: State) -> dict[str, int]:
    """Card name -> how many were revealed since this year's shuffle (public log, 4.0, 4.1)."""
    seen: dict[str, int] = {}
    for _rule, audience, template, args in reversed(s.log):
        if audience is not None:
            continue
        if template.startswith("{year} begins"):
            break
        if template.startswith("Cards revealed"):
            for name in (args["franks"], args["saracens"]):
                seen[name] = seen.get(name, 0) + 1
    return seen
