"""The working records have the shapes records.py declares (issue 14: every working record gets a
declared shape, with the rule behind each field): at every step of random games, the flags (4.1,
4.2), the attack records (6.4), the move phase (5.x), the battle (6.x), the records of
deployment (3.1), Manna (4.2), draws (7.0) and winter (8.2-8.4) and the frames on the stack hold
the keys their TypedDict declares, no other, with values of the declared types. mypy checks the
keys the code names; this checks the data the games make, so a key written under another name, or
left undeclared, fails."""

from __future__ import annotations

import random
from typing import Any, get_args, get_type_hints

import pytest

from outremer.games.crusader_rex import records
from outremer.games.crusader_rex.game import CrusaderRex
from outremer.games.crusader_rex.state import State
from tests.shapes import problems

G = CrusaderRex()
SEEDS = range(12)
WORK = get_args(records.Work)


def check(state: State, seen: set[str]) -> list[str]:
    """The records of ``state`` that do not fit; ``seen`` collects the shapes met."""
    out = problems(dict(state.flags), records.Flags)
    for rec in state.attacks.values():
        seen.add("Attack")
        out += problems(dict(rec), records.Attack)
    if state.mv is not None:
        seen.add("MovePhase")
        out += problems(dict(state.mv), records.MovePhase)
    if state.fight is not None:
        fight = dict(state.fight)
        out += problems(fight, records.Fight)
        if fight.keys() != {"fought"}:
            seen.add("Fight")
            # while a battle is fought every key is set (combat._begin)
            out += [f"Fight: no {k!r}" for k in sorted(get_type_hints(records.Fight).keys() - fight.keys())]
    if state.work is not None:
        work = dict(state.work)
        shapes = [shape.__name__ for shape in WORK if not problems(work, shape)]
        seen.update(shapes)
        if len(shapes) != 1:
            out.append(f"work {work!r} fits {shapes or 'no shape'}")
    for frame in state.stack:
        seen.add(frame["kind"])
        out += problems(frame, records.SEQUENCES.get(frame["kind"], records.Decision))
    return out


def test_records_of_random_games_have_their_declared_shapes() -> None:
    seen: set[str] = set()
    for seed in SEEDS:
        s = G.setup(seed)
        r = random.Random(seed)
        while G.outcome(s) is None:
            assert not check(s, seen), (seed, s.ply, check(s, seen))
            role = r.choice(G.active_roles(s))
            G.perform(s, role, r.choice(G.legal_actions(s, role)))
    # the games met every shape, so none is declared in vain or left unchecked
    assert seen >= {"Attack", "MovePhase", "Fight", *(shape.__name__ for shape in WORK), *records.SEQUENCES}


@pytest.mark.parametrize(
    ("record", "shape"),
    [
        ({"fought": [], "town": "Acre", "attacker": "Franks"}, records.Fight),  # a key undeclared
        ({"draws": ["Franks"], "block": None}, records.Draws),  # a key missing
        ({"seated": "balian"}, records.Seating),  # a list expected
        ({"manna": [], "seated": []}, records.Manna),
        ({"n": True, "side": "Franks", "harry": None, "by": "balian"}, records.Hits),  # a bool for an int
        ({"kind": "turn", "stage": "muster"}, records.TurnFrame),  # no such step
        ({"kind": "card", "roles": "Franks"}, records.Decision),  # a list expected
    ],
)
def test_a_record_of_another_shape_is_caught(record: dict[str, Any], shape: Any) -> None:
    assert problems(record, shape)


def test_the_shapes_accept_what_the_rules_write() -> None:
    # 6.0: between battles the battle record holds only the towns fought over
    assert not problems({"fought": ["Acre"]}, records.Fight)
    # 6.42: a response road is optional in an attack record
    assert not problems(
        {"attacker": "Franks", "roads": {"Franks": ["Acre|Tyre"]}, "main": "Acre|Tyre", "reserves": {}},
        records.Attack,
    )
