"""Reactions declared together and rolled in order (§11.4, §12.2), and who may shadow whom, with
the shadowing roll's modifiers (§12.4, §18.2), on positions built for each test."""

from __future__ import annotations

import pytest

from outremer.games.kingdom_of_heaven import reactions
from outremer.games.kingdom_of_heaven.procedures import PROCEDURES

from .positions_movement import do, feed, position, put, said


def _saladin_enters_jaffa(state):
    """Saladin's seven cavalry, a cavalry army (§18.2), come into Jaffa from Jerusalem; the
    reactions to that entry are asked."""
    group = {"ayyubids": put(state, "jaffa", "ayyubids", {"3-6": 4, "2-6": 3}, leaders=["saladin"])}
    PROCEDURES.push(state, "reactions", player="muslim", space="jaffa", came_from="jerusalem", group=group)
    PROCEDURES.settle(state)


def _rolls(state) -> list[str]:
    """The reaction rolls in the order they fell."""
    return [e[2] for e in state.log if e[0] in ("§11.2", "§12.1")]


@pytest.mark.parametrize("first", ["acre", "caesarea"])
def test_two_interceptions_are_declared_before_any_roll_and_rolled_in_that_order(monkeypatch, first):
    # §11.4 L682-L684: one interception from each adjacent army into the same space, all named
    # before any die; §11.1 L656: one attempt a space. The first die (a 6) fails whichever army
    # was named first, the second (a 1) succeeds for the other: the rolls follow the declaration.
    # (Rolled in any fixed order, sorted or by the board, one of the two cases would fail.)
    state = position("D")
    put(state, "acre", "crusaders", {"3-4": 4}, leaders=["richard"])
    put(state, "caesarea", "jerusalem", {"2-4": 2}, leaders=["guy"])
    faces = feed(monkeypatch, [6, 1])
    _saladin_enters_jaffa(state)
    who = {"acre": "richard", "caesarea": "guy"}
    second = "caesarea" if first == "acre" else "acre"
    do(state, "christian", ("intercept", first, who[first]))
    legal = PROCEDURES.legal(state, "christian")
    assert not [a for a in legal if a[:2] == ("intercept", first)]  # §11.1 L656: once from a space
    assert ("intercept", second, who[second]) in legal
    assert faces == [6, 1] and PROCEDURES.deciders(state) == ("christian",)  # nothing rolled yet
    do(state, "christian", ("intercept", second, who[second]))
    do(state, "christian", ("roll",))
    assert faces == []
    names = {"acre": "Acre", "caesarea": "Caesarea"}
    rolls = _rolls(state)
    assert [names[first] in rolls[0], names[second] in rolls[1]] == [True, True], rolls
    assert rolls[0].endswith("rolled 6.") and rolls[1].endswith("rolled 1.")
    jaffa = state.field["jaffa"]
    mover_of = {"acre": "crusaders", "caesarea": "jerusalem"}
    assert mover_of[second] in jaffa and mover_of[first] not in jaffa  # §11.3: only the success moves
    assert state.field[first][mover_of[first]]["leaders"] == [who[first]]


def test_an_avoidance_and_an_interception_both_roll_whatever_the_first_gives(monkeypatch):
    # §11.4 L684 (its example), §12.2 L717: Guy's army in Jaffa avoids while Richard intercepts
    # from Acre, both named first; the avoidance succeeds (a 1) and the interception must still
    # be rolled (a 3: at most 4 with +1 against a cavalry army, §11.2, §18.2); Guy leaves, Richard
    # comes in to fight. (A resolution that stopped at the first success would leave the 3 unrolled
    # and Richard in Acre.)
    state = position("D")
    put(state, "acre", "crusaders", {"3-4": 4}, leaders=["richard"])
    put(state, "jaffa", "jerusalem", {"2-4": 2}, leaders=["guy"])
    faces = feed(monkeypatch, [1, 3])
    _saladin_enters_jaffa(state)
    do(state, "christian", ("avoid",))
    assert ("avoid",) not in PROCEDURES.legal(state, "christian")  # one avoidance (§12.4 L732)
    do(state, "christian", ("intercept", "acre", "richard"))
    do(state, "christian", ("roll",))
    assert faces == []
    rolls = _rolls(state)
    assert "Avoid in Jaffa" in rolls[0] and "Interception from Acre" in rolls[1], rolls
    assert state.field["jaffa"]["crusaders"]["leaders"] == ["richard"]  # in before Guy goes
    where = PROCEDURES.legal(state, "christian")
    assert ("to", "caesarea") in where and ("to", "jerusalem") not in where  # §12.1 L711
    do(state, "christian", ("to", "caesarea"))
    assert state.field["caesarea"]["jerusalem"]["leaders"] == ["guy"]
    assert "jerusalem" not in state.field["jaffa"] and "crusaders" in state.field["jaffa"]


def test_a_failed_interception_does_not_stop_the_avoidance_roll(monkeypatch):
    # §11.4 L684, "and vice versa": the interception named first fails (a 6) and the avoidance
    # named after it is still rolled; a 1 takes Guy out of Jaffa and no battle is left there
    state = position("D")
    put(state, "acre", "crusaders", {"3-4": 4}, leaders=["richard"])
    put(state, "jaffa", "jerusalem", {"2-4": 2}, leaders=["guy"])
    faces = feed(monkeypatch, [6, 1])
    _saladin_enters_jaffa(state)
    do(state, "christian", ("intercept", "acre", "richard"))
    do(state, "christian", ("avoid",))
    do(state, "christian", ("roll",))
    assert faces == []
    rolls = _rolls(state)
    assert "Interception from Acre" in rolls[0] and "Avoid in Jaffa" in rolls[1], rolls
    do(state, "christian", ("to", "caesarea"))
    assert "jerusalem" not in state.field["jaffa"] and "crusaders" not in state.field["jaffa"]
    assert state.field["acre"]["crusaders"]["leaders"] == ["richard"] and not state.stack


# --- shadowing (§12.4, §18.2) ----------------------------------------------------------------


def _hulegu_enters_hama(state, units):
    """Hulegu (the Christian player's, scenario G) with ``units`` comes into Hama from Marat
    an-Numan, where Yusuf stands; the frame the reactions are asked in."""
    group = {"mongols": put(state, "hama", "mongols", units, leaders=["hulegu"])}
    return {"player": "christian", "space": "hama", "came_from": "marat_an_numan", "group": group}


def _yusuf(state, units):
    return {"ayyubids": put(state, "hama", "ayyubids", units, leaders=["yusuf"])}


def test_only_a_cavalry_army_may_shadow():
    # §12.4 L730, §18.2 L1208-L1212: shadowing is open to an army of leaders and cavalry alone;
    # one 2-4 infantry with Yusuf's cavalry leaves him the avoidance only
    state = position("G")
    frame = _hulegu_enters_hama(state, {"2-4": 2})
    _yusuf(state, {"2-6": 2, "2-4": 1})
    assert reactions.avoidances(state, frame) == [("avoid",)]
    cavalry = position("G")
    frame = _hulegu_enters_hama(cavalry, {"2-4": 2})
    _yusuf(cavalry, {"2-6": 3})
    assert reactions.avoidances(cavalry, frame) == [("avoid",), ("shadow",)]


def test_no_shadowing_of_a_cavalry_army():
    # §12.4 L732, §18.2 L1214: a cavalry army may not shadow another; Hulegu with his 4-6 cavalry
    # alone is one, and with a single 2-4 he is not
    state = position("G")
    frame = _hulegu_enters_hama(state, {"4-6": 3})
    _yusuf(state, {"2-6": 3})
    assert reactions.avoidances(state, frame) == [("avoid",)]
    mixed = position("G")
    frame = _hulegu_enters_hama(mixed, {"4-6": 3, "2-4": 1})
    _yusuf(mixed, {"2-6": 3})
    assert ("shadow",) in reactions.avoidances(mixed, frame)


def test_the_shadowing_roll_pays_one_against_a_force_with_cavalry():
    # §12.1 L698, §12.4 L732: +1 to shadow an army with any cavalry, on top of the cavalry army's
    # -1 (§12.1 L694); no +1 against infantry alone, nor for an avoidance
    state = position("G")
    frame = _hulegu_enters_hama(state, {"4-6": 3, "2-4": 1})
    yusuf = _yusuf(state, {"2-6": 3})
    assert reactions.avoid_drm(state, frame, yusuf, shadow=True) == -1 + 1
    assert reactions.avoid_drm(state, frame, yusuf, shadow=False) == -1
    foot = position("G")
    frame = _hulegu_enters_hama(foot, {"2-4": 4})
    yusuf = _yusuf(foot, {"2-6": 3})
    assert reactions.avoid_drm(foot, frame, yusuf, shadow=True) == -1


@pytest.mark.parametrize(("how", "moved"), [("shadow", False), ("avoid", True)])
def test_a_three_shadows_no_army_with_cavalry_but_avoids_it(monkeypatch, how, moved):
    # §12.1 L692-L699, §12.4 L732: Yusuf's rating is 2; a 3 with the cavalry army's -1 is 2 and
    # avoids, but shadowing Hulegu's army (it has cavalry) adds +1 and the 3 fails: Yusuf stays
    state = position("G")
    frame = _hulegu_enters_hama(state, {"4-6": 3, "2-4": 1})
    _yusuf(state, {"2-6": 3})
    faces = feed(monkeypatch, [3])
    PROCEDURES.push(state, "reactions", **frame)
    PROCEDURES.settle(state)
    do(state, "muslim", (how,))
    do(state, "muslim", ("roll",))
    assert faces == []
    assert said(state, f"(rating 2, modifier {-1 + (how == 'shadow'):+d})")
    assert (PROCEDURES.legal(state, "muslim") != []) is moved  # asked where to go only on a success
