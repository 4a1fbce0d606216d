"""The sampler of search bots (engine.game.Game.sample): a Four Powers state that ``role`` cannot
tell from the true one, with everything hidden from it dealt anew.

Hidden from ``role`` (views.py): the other factions' hands and the cards they hold in the draft,
the order of the Action deck, the order of the Round cards below Rounds 1-5 (``Setup.4``), the
other roles' sealed choices (face-down Conflict cards, closed hands of Units and Faith: the engine's
``reseal``) and the random generator. The sample pools every Action card ``role`` cannot place (the
deck and the others' hands and draft cards), deals each other faction a hand of the same size and
the deck the rest, shuffles the Round cards whose place is unknown, deals the sealed choices anew
and keys a new generator from the bot's own randomness.

The other factions' Gold and Faith stay as they are: they are behind the screens, yet every Gold
and Faith a faction gains or pays is announced (``common.gain``, ``common.pay``, the reveal of
``Battle.9``), so the public record fixes them; a sample consistent with that record holds them.

Only what ``role`` sees is read: the pool is sorted before it is dealt, so two states that differ
only in which hidden card is where give the same sample from the same seed.
"""

from __future__ import annotations

import random

from ...engine.rng import fresh
from .common import data
from .procedures import PROCEDURES
from .state import BLUFF, State


def sample(state: State, role: str, rng: random.Random) -> State:
    new = state.copy()
    others = [r for r in state.players if r != role]
    pool: list[str] = list(state.deck)
    sizes: dict[str, int] = {}
    for r in others:
        cards = [c for c in state.hands.get(r, []) if c != BLUFF]
        sizes[r] = len(cards)
        pool.extend(cards)
    draft_sizes: dict[str, dict[str, int]] = {}
    for part in ("hands", "kept"):
        for r, cards in (state.draft.get(part) or {}).items() if state.draft else ():
            if r != role:
                draft_sizes.setdefault(part, {})[r] = len(cards)
                pool.extend(cards)
    pool.sort()
    rng.shuffle(pool)
    for r in others:
        bluffs = [c for c in state.hands.get(r, []) if c == BLUFF]
        new.hands[r] = [pool.pop() for _ in range(sizes[r])] + bluffs
    for part, by_role in draft_sizes.items():
        for r, n in by_role.items():
            new.draft[part][r] = [pool.pop() for _ in range(n)]
    new.deck = pool
    new.round_deck = _round_deck(state, rng)
    new.log = [e for e in state.log if e[1] is None or e[1] == role or e[1].startswith("!")]
    PROCEDURES.reseal(new, role, rng)
    new.rng = fresh(rng)
    return new


def _round_deck(state: State, rng: random.Random) -> list[str]:
    """The Round cards left: those of Rounds 1-5 on top in their order (public, ``Setup.4``), the
    others shuffled anew."""
    order = {c.id: c.order for c in data(state).rounds}
    fixed = sorted((c for c in state.round_deck if order[c] is not None), key=lambda c: order[c] or 0)
    loose = sorted(c for c in state.round_deck if order[c] is None)
    rng.shuffle(loose)
    return fixed + loose
