"""A Kingdom of Heaven position as one player may imagine it: what he cannot see dealt anew.

Hidden from a player are the opponent's hand, save the cards of it he knows (a ransom draw, a card
announced and still held: state.known, §13.6), and the order of the strategy deck (§8.1); the
random generator too. The unseen cards (the opponent's unknown ones and the deck) are pooled in a
fixed order and dealt anew, the opponent keeping his hand's size; everything else, the player's
own hand included, is as it stands. The sampler reads only what the player sees, so two positions
he cannot tell apart give the same sample from the same generator.
"""

from __future__ import annotations

import random

from ...engine import rng as engine_rng
from .state import PLAYERS, State


def sample(state: State, role: str, rnd: random.Random) -> State:
    """A copy of ``state`` with the opponent's unknown cards and the deck's order dealt anew from
    ``rnd``, the other player's private log entries dropped and the generator keyed anew."""
    out = state.copy()
    for player in PLAYERS:
        if player == role:
            continue
        known = list(out.known[player])
        unseen = len(out.hands[player]) - len(known)
        pool = sorted([c for c in out.hands[player] if c not in known] + out.deck)
        rnd.shuffle(pool)
        out.hands[player] = known + pool[:unseen]
        out.deck = pool[unseen:]
    out.log = [entry for entry in out.log if entry[1] is None or role in entry[1]]
    out.rng = engine_rng.fresh(rnd)
    return out
