"""The sampler (``CrusaderRex.sample``, sampler.py): what a side cannot see, dealt anew for the
search bots, from what it has seen (2.0 fog of war, 4.0-4.1 cards, 6.34 eliminations, 7.1 pools)."""

from __future__ import annotations

import json
import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from outremer.games.crusader_rex import combat
from outremer.games.crusader_rex.common import BLOCKS, BOARD, TOWNS
from outremer.games.crusader_rex.game import CrusaderRex
from outremer.games.crusader_rex.positions import position, put
from outremer.games.crusader_rex.state import State

from .battle import act
from .test_hidden import perturb, play_to

G = CrusaderRex()
ROLES = ("Franks", "Saracens")
SOME = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def dump(state: State) -> str:
    return json.dumps(state.to_json(), sort_keys=True)


def unseen(state: State, side: str) -> set[str]:
    """Enemy blocks ``side`` cannot identify, wherever they are."""
    return {b for b, info in BLOCKS.items() if info.side == foe(side) and b not in state.revealed}


def foe(side: str) -> str:
    return "Saracens" if side == "Franks" else "Franks"


@SOME
@given(seed=st.integers(0, 10_000), steps=st.integers(0, 1200), side=st.sampled_from(ROLES))
def test_a_sample_looks_the_same_to_the_side(seed, steps, side):
    s = play_to(seed, steps)
    got = G.sample(s, side, random.Random(seed))
    assert G.view(got, side) == G.view(s, side)
    assert G.log(got, side) == G.log(s, side)
    assert G.legal_actions(got, side) == G.legal_actions(s, side)
    assert dump(G.from_json(got.to_json())) == dump(got)


@SOME
@given(
    seed=st.integers(0, 10_000),
    steps=st.integers(0, 1200),
    side=st.sampled_from(ROLES),
    salt=st.integers(0, 99),
)
def test_a_sample_ignores_what_is_hidden_from_the_side(seed, steps, side, salt):
    # Two states that differ only in which enemy block is which, their strengths, the enemy hand
    # and the generator (test_hidden.perturb) give the very same sample.
    s = play_to(seed, steps)
    other = perturb(s, side, random.Random(salt))
    assert dump(G.sample(other, side, random.Random(salt))) == dump(G.sample(s, side, random.Random(salt)))


@SOME
@given(seed=st.integers(0, 10_000), steps=st.integers(0, 1200), side=st.sampled_from(ROLES))
def test_a_sample_deals_hidden_blocks_anew_where_the_rules_allow(seed, steps, side):
    s = play_to(seed, steps)
    hidden = unseen(s, side)
    deals = [G.sample(s, side, random.Random(k)) for k in range(4)]
    for got in deals:
        assert unseen(got, side) == hidden  # the same blocks unseen, wherever they stand
        for b in hidden:
            info, where = BLOCKS[b], got.loc[b]
            if where == "pool":
                assert not info.permanent or info.group == "crusaders"  # 6.34, 7.1
                if s.year == 1187 and s.turn < 6:
                    assert BOARD.start[b] is None  # only blocks that began there (3.1, 3.2)
            elif s.year == 1187:
                assert info.group not in ("crusaders", "pilgrims")  # nothing drawn in 1187 (7.0)
            if where == "dead":
                assert info.permanent  # 6.34
            if where in TOWNS:
                assert 1 <= got.steps[b] <= info.max_steps  # 2.11
    if len(hidden) > 3:
        assert len({tuple(sorted((b, d.loc[b]) for b in hidden)) for d in deals}) > 1


@SOME
@given(seed=st.integers(0, 10_000), steps=st.integers(0, 1200), side=st.sampled_from(ROLES))
def test_the_enemy_hand_is_dealt_from_cards_not_seen_this_year(seed, steps, side):
    s = play_to(seed, steps)
    enemy = foe(side)
    got = G.sample(s, side, random.Random(seed))
    assert len(got.hands[enemy]) == len(s.hands[enemy])
    assert not set(got.hands[enemy]) & set(s.hands[side])
    revealed = [
        args[key]
        for entry in _this_year(s)
        if entry[2].startswith("Cards revealed")
        for args in [entry[3]]
        for key in ("franks", "saracens")
    ]
    for name, ids in _by_name().items():
        shown = sum(1 for r in revealed if r == name)
        held = sum(1 for c in got.hands[enemy] + got.hands[side] if c in ids)
        assert held + shown <= len(ids), name


def test_unseen_strengths_are_dealt_mostly_whole():
    # 2.11: the view shows no enemy strength; blocks on the map are mostly at full strength.
    s = play_to(11, 600)
    whole = dealt = 0
    for k in range(40):
        got = G.sample(s, "Franks", random.Random(k))
        for b in unseen(got, "Franks"):
            if got.loc[b] in TOWNS:
                dealt += 1
                whole += got.steps[b] == BLOCKS[b].max_steps
    assert dealt > 200 and 0.7 < whole / dealt < 0.9


def test_a_face_down_card_is_dealt_anew_until_revealed():
    s = G.setup(3)
    while s.phase != "card":
        role = s.active[0]
        G.perform(s, role, G.legal_actions(s, role)[-1])
    G.perform(s, "Franks", G.legal_actions(s, "Franks")[0])
    cards = {G.sample(s, "Saracens", random.Random(k)).played["Franks"] for k in range(30)}
    assert len(cards) > 3 and "intrigue" not in cards  # no Intrigue in game turn 1
    assert all(
        G.sample(s, "Franks", random.Random(k)).played["Franks"] == s.played["Franks"] for k in range(5)
    )


def test_deals_agree_with_whose_turn_it_is_in_a_battle(done, dice):
    # 6.2, 6.54: Saladin (A) storms a castle holding one hidden Frank block, and the Saracens fire
    # first: so the block is not one of the Franks' A blocks (crossbows, turcopoles), who would
    # have fired before him. No deal may put one of them in the castle.
    s = position(p1="Saracens")
    put(s, "balian", "Jerusalem", castle=True)
    put(s, "saladin", "Jerusalem")
    for b in ("crossbows", "turcopoles_antioch", "turcopoles_beirut", "king_guy"):
        put(s, b, "Acre")
    dice.extend([6] * 30)
    combat.start_battle_phase(s)
    act(s, "storm", "saladin")
    assert s.active == ["Saracens"]
    inside = set()
    for k in range(40):
        got = G.sample(s, "Saracens", random.Random(k))
        assert G.legal_actions(got, "Saracens") == G.legal_actions(s, "Saracens")
        inside |= {b for b in got.castle if got.loc[b] == "Jerusalem"}
    assert inside and not inside & {"crossbows", "turcopoles_antioch", "turcopoles_beirut"}
    assert len(inside) > 1


def _this_year(s: State) -> list[list]:
    out = []
    for entry in reversed(s.log):
        if entry[1] is None and entry[2].startswith("{year} begins"):
            break
        if entry[1] is None:
            out.append(entry)
    return out


def _by_name() -> dict[str, set[str]]:
    out: dict[str, set[str]] = {}
    for c in BOARD.card_ids:
        out.setdefault(BOARD.cards[c].name, set()).add(c)
    return out
