"""Hidden information (2.0, fog of war p.1; 4.1 face-down cards; 7.1 draw pools).

A role's view and log must not change when only information hidden from that role changes: which
enemy block is which, enemy strengths, the enemy hand, the enemy's face-down card, the order of the
draw pool and the random generator.
"""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from outremer.games.crusader_rex.common import BLOCKS, BOARD, TOWNS
from outremer.games.crusader_rex.game import CrusaderRex
from outremer.games.crusader_rex.state import State

G = CrusaderRex()
ROLES = ("Franks", "Saracens")


def play_to(seed: int, steps: int) -> State:
    s = G.setup(seed)
    r = random.Random(seed)
    for _ in range(steps):
        if G.outcome(s) is not None:
            break
        role = r.choice(G.active_roles(s))
        G.perform(s, role, r.choice(G.legal_actions(s, role)))
    return s


def hidden_from(state: State, viewer: str) -> list[str]:
    """Enemy blocks whose identity the viewer cannot see (on the map or face down in the pool)."""
    out = []
    for b, where in state.loc.items():
        info = BLOCKS[b]
        hidden = info.side in ROLES and info.side != viewer and b not in state.revealed
        if hidden and (where in TOWNS or where == "pool"):
            out.append(b)
    return out


def perturb(state: State, viewer: str, r: random.Random) -> State:
    """A state that differs from ``state`` only in what ``viewer`` cannot see."""
    s = state.copy()
    s.rng = r.getrandbits(64)
    hidden = hidden_from(s, viewer)
    # Exchange the identities of two hidden enemy blocks (same side, any places).
    if len(hidden) >= 2:
        a, b = r.sample(hidden, 2)
        for field in ("loc",):
            getattr(s, field)[a], getattr(s, field)[b] = getattr(s, field)[b], getattr(s, field)[a]
        in_a, in_b = a in s.castle, b in s.castle
        s.castle.discard(a)
        s.castle.discard(b)
        if in_a:
            s.castle.add(b)
        if in_b:
            s.castle.add(a)
        for blk in (a, b):
            s.steps[blk] = r.randint(1, BLOCKS[blk].max_steps) if s.loc[blk] in TOWNS else 0
        # Identities in the working data of phases follow the exchange.
        s.mv = _swap_ids(s.mv, a, b)
        s.fight = _swap_ids(s.fight, a, b)
        s.attacks = _swap_ids(s.attacks, a, b)
        s.work = _swap_ids(s.work, a, b)
    # Any hidden enemy block may have a different strength.
    for blk in hidden:
        if s.loc[blk] in TOWNS:
            s.steps[blk] = r.randint(1, BLOCKS[blk].max_steps)
    # The enemy hand is unknown (its size is known); so is its face-down card before the reveal.
    foe = "Saracens" if viewer == "Franks" else "Franks"
    held = set(s.hands["Franks"]) | set(s.hands["Saracens"])
    if s.played.get(foe) is not None and s.p1 is None and not s.flags.get("cancelled"):
        held.add(s.played[foe])
    spare = [c for c in BOARD.card_ids if c not in held and c not in s.last_card.values()]
    hand = s.hands[foe]
    if hand and spare and s.p1 is None:
        i = r.randrange(len(hand))
        hand[i] = r.choice(spare)
    return s


def _swap_ids(data, a: str, b: str):
    if isinstance(data, dict):
        return {_swap_ids(k, a, b): _swap_ids(v, a, b) for k, v in data.items()}
    if isinstance(data, list):
        return [_swap_ids(v, a, b) for v in data]
    if data == a:
        return b
    if data == b:
        return a
    return data


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 10_000),
    steps=st.integers(0, 900),
    viewer=st.sampled_from(ROLES),
    salt=st.integers(0, 99),
)
def test_view_ignores_information_hidden_from_the_role(seed, steps, viewer, salt):
    s = play_to(seed, steps)
    other = perturb(s, viewer, random.Random(salt))
    assert G.view(other, viewer) == G.view(s, viewer)
    assert G.log(other, viewer) == G.log(s, viewer)
    assert G.view(other, None) == G.view(s, None)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), steps=st.integers(0, 900))
def test_observer_sees_no_identity_that_is_not_public(seed, steps):
    s = play_to(seed, steps)
    view = G.view(s, None)
    for spot in view["towns"].values():
        for blocks in spot.values():
            for blk in blocks:
                if "id" in blk and blk["side"] in ROLES:
                    assert blk["id"] in s.revealed
    assert all("hand" not in c for c in view["cards"].values())
    assert all("contents" not in p for p in view["pools"].values())


def test_a_block_lost_for_good_in_winter_stays_unseen():
    # 8.3, 6.34: a Templar disbanded in winter is gone, but the Saracens never see which block it was.
    from outremer.games.crusader_rex import common
    from outremer.games.crusader_rex.positions import position, put

    s = position(turn=6)
    put(s, "templars_tartus", "Tartus")
    common.eliminate(s, "templars_tartus", "8.3", winter=True)
    assert s.loc["templars_tartus"] == "dead"
    seen = G.view(s, "Saracens")
    assert "Templars (Tartus)" not in str(seen) and "Templars" not in " ".join(
        e["text"] for e in G.log(s, "Saracens")
    )
    assert seen["pools"]["Franks"]["eliminated_unseen"] == 1
    assert "Templars (Tartus)" in G.view(s, "Franks")["pools"]["Franks"]["eliminated"]


def test_observers_read_the_public_twin_of_private_entries():
    # An observer (a spectator, a replay) sees that nomads were deployed and that blocks moved,
    # never which blocks they were (3.2, 5.2, 2.0).
    s = G.setup(4)
    r = random.Random(4)
    while s.phase != "battle_choice" and not s.fight:  # up to the first battle: nothing revealed yet
        role = r.choice(G.active_roles(s))
        G.perform(s, role, r.choice(G.legal_actions(s, role)))
    observer = [e["text"] for e in G.log(s, None) if e["rule"] != "2.4"]  # 2.4: the Assassin reveals
    assert sum("A nomad block is deployed" in t for t in observer) == 4
    assert any(" block moves from " in t for t in observer)
    names = {BLOCKS[b].label for b in hidden_from(s, "Franks") + hidden_from(s, "Saracens")}
    assert not [t for t in observer for n in names if n in t]
