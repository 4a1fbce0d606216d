"""A Kingdom of Heaven position as one player may imagine it: what he cannot see dealt anew.

Hidden from a player are the opponent's hand, save the cards of it he knows (a ransom draw, a card
announced and still held: state.known, §13.6), and the order of the strategy deck (§8.1); the
random generator too. The unseen cards (the opponent's unknown ones and the deck) are pooled in a
fixed order and dealt anew, the opponent keeping his hand's size; everything else, the player's
own hand included, is as it stands. The sampler reads only what the player sees, so two positions
he cannot tell apart give the same sample from the same generator.

With the optional rule of §4.3.Variant each player's first card of turn 1 is one of the scenario's
own cards: which one is hidden, that he got one is not. While the opponent surely still holds it,
his first card is dealt from the scenario cards among the unseen ones (each of them as likely:
the player's own hand holds his first card and those he drew, none of them the opponent's), and
the rest of his hand from the pool as above. He surely holds it on turn 1 (every hand is played
out before the turn ends, §5.5.1, and no ransom comes before turn 2, §5.3) while none of the
scenario's cards has been played or discarded (discards and removed cards are public, §8.4.1,
§8.5): once one has, it may have been his first card, and his hand is dealt from the pool alone.
"""

from __future__ import annotations

import random

from ...engine import rng as engine_rng
from .common import data
from .state import PLAYERS, State


def sample(state: State, role: str, rnd: random.Random) -> State:
    """A copy of ``state`` with the opponent's unknown cards and the deck's order dealt anew from
    ``rnd`` (his first card of the §4.3 variant kept a scenario card while he surely holds one),
    the other player's private log entries dropped and the generator keyed anew."""
    out = state.copy()
    for player in PLAYERS:
        if player == role:
            continue
        known = list(out.known[player])
        unseen = len(out.hands[player]) - len(known)
        pool = sorted([c for c in out.hands[player] if c not in known] + out.deck)
        first = [rnd.choice(firsts)] if unseen and (firsts := first_cards(out, pool)) else []
        pool = [c for c in pool if c not in first]
        rnd.shuffle(pool)
        dealt = unseen - len(first)
        out.hands[player] = first + known + pool[:dealt]
        out.deck = pool[dealt:]
    out.log = [entry for entry in out.log if entry[1] is None or role in entry[1]]
    out.rng = engine_rng.fresh(rnd)
    return out


def first_cards(state: State, unseen: list[str]) -> list[str]:
    """The cards of ``unseen`` (sorted) the opponent's first card of the §4.3 variant may be, if
    he surely still holds it (see the module's docstring); else none."""
    if not state.options.get("scenario_card_first") or state.turn != 1:
        return []
    own = {c.id for c in data(state).cards.of_scenario(state.scenario)}
    if own & set(state.discard + state.removed):
        return []
    return [c for c in unseen if c in own]
