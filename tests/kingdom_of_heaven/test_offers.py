"""The ``offers`` of a procedure (procedures.py) stands in for its listing where the stack only asks
whom to ask, so it must agree with it: at every step of random games, for every procedure that
registers one (the muster of §7, the action round of §8, the activation of §10.1, the march of
§10.2 and the demobilization of §16.1), ``offers`` is
true exactly when ``legal`` lists something, and the roles asked are those the engine's own rule
(Procedure.asks, from the listing) would ask."""

from __future__ import annotations

import random

import pytest

from outremer.engine.procedures import Procedure
from outremer.games.kingdom_of_heaven.game import KingdomOfHeaven
from outremer.games.kingdom_of_heaven.procedures import PROCEDURES, Offering
from outremer.games.kingdom_of_heaven.state import State

GAME = KingdomOfHeaven()


def _agrees(state: State) -> str | None:
    """The kind of the innermost frame if it has an ``offers``, after checking it agrees."""
    frame = state.stack[-1]
    proc = PROCEDURES.kinds[frame["kind"]]
    if not isinstance(proc, Offering) or proc.offers is None or proc.legal is None:
        return None
    for role in GAME.roles:
        assert proc.offers(state, frame, role) == bool(proc.legal(state, frame, role)), (frame, role)
    assert proc.asks(state, frame) == Procedure.asks(proc, state, frame)
    return str(frame["kind"])


@pytest.mark.parametrize("scenario, seed", [("A", 1), ("D", 2)])
def test_offers_agrees_with_the_listing_at_every_step(scenario: str, seed: int) -> None:
    rng = random.Random(seed)
    state = GAME.setup(seed, scenario, {o.name: seed % 2 == 0 for o in GAME.options})
    seen = set()
    while GAME.active_roles(state):
        kind = _agrees(state)
        if kind is not None:
            seen.add(kind)
        role = GAME.active_roles(state)[0]
        legal = GAME.legal_actions(state, role)
        GAME.perform(state, role, legal[rng.randrange(len(legal))])
    # The game went through a muster (§7.1-§7.3), action rounds (§8.2), an activation (§10.1), a
    # march (§10.2) and a demobilization (§16.1).
    assert seen == {"muster", "round", "activation", "march", "demobilize"}


def test_a_muster_with_nothing_to_place_or_trade_offers_nothing() -> None:
    # §7.2 L392: once nothing can be placed or traded the player is not asked; the muster ends.
    state = GAME.setup(1, "A")
    PROCEDURES.push(state, "muster", player="christian", placed={}, leader_spaces=[], flipped=[])
    frame = state.stack[-1]
    for power in list(state.pools):
        state.pools[power] = {"full": {}, "reduced": {}, "leaders": []}
    state.castles.clear()  # no castle to strip or refill (§7.3 L405)
    proc = PROCEDURES.kinds["muster"]
    assert isinstance(proc, Offering) and proc.offers is not None and proc.legal is not None
    assert proc.legal(state, frame, "christian") == []
    assert proc.offers(state, frame, "christian") is False
    assert PROCEDURES.deciders(state) == ()
