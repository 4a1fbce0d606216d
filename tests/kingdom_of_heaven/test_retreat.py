"""Retreats (§14.1) and the pursuit they bring (§13.4), with the retreat into a friendly
stronghold (§17.3), on positions built for them around Nablus in scenario D."""

from __future__ import annotations

import pytest

from outremer.engine.errors import IllegalAction
from outremer.games.kingdom_of_heaven import diplomacy, leaders, retreat  # noqa: F401 (registers)
from outremer.games.kingdom_of_heaven.procedures import PROCEDURES

from .positions_battle import Dice, drive, position, probe, put, said, step


def withdraw(state, **frame):
    keys = {"mover": False, "pursuit": False, "pursuer_avoided": False, **frame}
    return PROCEDURES.push(state, "retreat", **keys)


def test_a_mover_goes_back_first_where_it_came_from(monkeypatch):
    # §14.1 L850: a moving army's first space is the one it entered the battle from
    state = position()
    put(state, "nablus", "jerusalem", full={"2-4": 2}, leaders=["guy"])
    put(state, "nablus", "ayyubids", full={"2-6": 2})
    popped = probe(monkeypatch, state)
    withdraw(state, player="christian", space="nablus", came_from="jerusalem", mover=True)
    PROCEDURES.settle(state)
    assert PROCEDURES.legal(state, "christian") == [("to", "jerusalem")]
    PROCEDURES.perform(state, "christian", ("to", "jerusalem"))
    legal = PROCEDURES.legal(state, "christian")
    assert ("stop",) in legal and ("to", "nablus") not in legal  # K64: never back into the battle
    PROCEDURES.perform(state, "christian", ("stop",))
    assert state.field["jerusalem"]["jerusalem"]["leaders"] == ["guy"]
    assert popped == [{"kind": "retreat", "to": "jerusalem"}]


def test_a_defender_avoids_the_movers_origin_and_pays_for_enemy_ground(monkeypatch):
    # §14.1.Restrictions L857: not into the mover's origin; §14.1.Penalties L861: a step for each
    # enemy unit in a space entered, no stop there; L863: through an enemy stronghold the victor
    # pursues though his victory was not major (no +2, infantry: no +1); §15.1: the retreat forages
    state = position()
    put(state, "nablus", "ayyubids", full={"2-6": 2}, leaders=["al_afdal"])
    put(state, "nablus", "jerusalem", full={"2-4": 1})  # strength 2: the 1-3 column
    put(state, "caesarea", "jerusalem", full={"2-4": 1})
    rolls = Dice(monkeypatch, [6, 1])  # pursuit 6: one step; attrition 1
    popped = probe(monkeypatch, state)
    withdraw(state, player="muslim", space="nablus", came_from="jerusalem")
    PROCEDURES.settle(state)
    first = PROCEDURES.legal(state, "muslim")
    assert ("to", "jerusalem") not in first
    assert set(first) == {("to", "belvoir"), ("to", "caesarea")}  # every way runs past enemy walls
    PROCEDURES.perform(state, "muslim", ("to", "caesarea"))
    assert PROCEDURES.legal(state, "muslim") == [("to", "jaffa")]  # caesarea cannot be the end

    def choose(state, role, legal):
        return ("to", "jaffa") if ("to", "jaffa") in legal else legal[0]

    drive(state, choose)
    assert said(state, "Pursuit: 6+0 costs the Muslim player 1 more step(s)")
    assert said(state, "Retreating past 1 enemy unit(s) costs as many steps")
    assert state.field["jaffa"]["ayyubids"] == {"full": {}, "reduced": {"2-6": 2}, "leaders": ["al_afdal"]}
    assert any("Attrition (retreat)" in why for why in rolls.asked)
    assert popped[0]["to"] == "jaffa"


def test_a_major_victory_through_enemy_walls_adds_two(monkeypatch):
    # §13.4 L810: +2 when the beaten army passes an enemy stronghold after a major victory; +1 when
    # the victor has as many cavalry steps as infantry; -1 if he had tried to avoid battle
    state = position()
    put(state, "nablus", "jerusalem", full={"2-4": 2}, leaders=["guy"])
    put(state, "nablus", "ayyubids", full={"2-6": 1})
    put(state, "caesarea", "ayyubids", full={"2-6": 1})
    state.castles["jerusalem"] = {"power": "ayyubids", "low": False}
    state.cities.pop("jerusalem")
    Dice(monkeypatch, [1, 1])
    withdraw(
        state, player="christian", space="nablus", came_from="belvoir", pursuit=True, pursuer_avoided=True
    )
    PROCEDURES.settle(state)
    PROCEDURES.perform(state, "christian", ("to", "jerusalem"))
    drive(state, lambda s, r, legal: ("to", "hebron") if ("to", "hebron") in legal else legal[0])
    assert said(state, "Pursuit: 1+2 costs")  # +1 cavalry, +2 major through walls, -1 avoided


def test_an_army_with_nowhere_to_go_is_eliminated(monkeypatch):
    # §14.1.Penalties L865, K64: a mover that landed from the sea has no space to go back to
    state = position()
    put(state, "nablus", "jerusalem", full={"2-4": 2}, leaders=["guy"])
    put(state, "nablus", "ayyubids", full={"2-6": 2})
    Dice(monkeypatch, [12])  # Guy: 12 + 1, Escape!
    popped = probe(monkeypatch, state)
    withdraw(state, player="christian", space="nablus", came_from=None, mover=True)
    drive(state, lambda s, r, legal: legal[0])
    assert "jerusalem" not in state.field["nablus"]
    assert state.dead["jerusalem"]["full"]["2-4"] >= 2
    assert "guy" in state.pools["jerusalem"]["leaders"]  # §13.6 L828
    assert popped[0]["to"] is None


def test_part_of_a_beaten_army_goes_inside_its_castle(monkeypatch):
    # §17.3 L976, §17.2.1 L972: into the castle in the space up to three pieces; the rest retreat
    state = position()
    put(state, "caesarea", "jerusalem", leaders=["balian"], place="inside")
    put(state, "caesarea", "jerusalem", full={"2-4": 3}, leaders=["guy"])
    put(state, "caesarea", "ayyubids", full={"2-6": 4})
    withdraw(state, player="christian", space="caesarea", came_from="jaffa")
    PROCEDURES.settle(state)
    legal = PROCEDURES.legal(state, "christian")
    assert ("out",) in legal and ("all_in",) not in legal  # four pieces, room for two
    before = state.to_json()
    with pytest.raises(IllegalAction):
        PROCEDURES.perform(state, "christian", ("to", "acre"))
    assert state.to_json() == before
    PROCEDURES.perform(state, "christian", ("in", "jerusalem", "leader", "guy"))
    PROCEDURES.perform(state, "christian", ("in", "jerusalem", "full", "2-4"))
    assert state.inside["caesarea"]["jerusalem"] == {
        "full": {"2-4": 1},
        "reduced": {},
        "leaders": ["balian", "guy"],
    }
    assert step(state) == "path"  # the castle is full: the two units left go out
    assert ("to", "jaffa") not in PROCEDURES.legal(state, "christian")  # the mover's origin


@pytest.mark.parametrize(("met", "swept"), [(1, True), (2, True), (3, False)])
def test_friends_met_on_the_way_are_swept_up_unless_more_numerous(monkeypatch, met, swept):
    # §14.1 L850, K67: friendly units in a space the retreat enters go along with it if they do not
    # outnumber the retreating units; more numerous ones stay where they are
    state = position()
    put(state, "nablus", "jerusalem", full={"2-4": 2}, leaders=["guy"])
    put(state, "nablus", "ayyubids", full={"2-6": 2})
    put(state, "caesarea", "jerusalem", reduced={"2-4": met})
    withdraw(state, player="christian", space="nablus", came_from="belvoir")
    PROCEDURES.settle(state)
    PROCEDURES.perform(state, "christian", ("to", "caesarea"))
    PROCEDURES.perform(state, "christian", ("to", "jaffa"))
    assert state.stack == []
    jaffa = state.field["jaffa"]["jerusalem"]
    assert jaffa["full"] == {"2-4": 2} and jaffa["leaders"] == ["guy"]
    assert jaffa["reduced"] == ({"2-4": met} if swept else {})
    assert ("caesarea" in state.field) is not swept


def test_no_retreat_over_a_pass_and_none_into_neutral_ground(monkeypatch):
    # §14.1.Restrictions L854: never across a pass; K65: never into a neutral Power's province;
    # with no way left the army is eliminated (§14.1.Penalties L865)
    state = position()
    put(state, "baalbek", "jerusalem", full={"2-4": 1})
    put(state, "baalbek", "ayyubids", full={"2-6": 1})
    withdraw(state, player="christian", space="baalbek", came_from="homs", mover=False)
    PROCEDURES.settle(state)
    assert PROCEDURES.legal(state, "christian") == [("to", "damascus")]  # not Tripoli nor Beirut
    state.stack = []
    put(state, "alexandretta", "ayyubids", full={"2-6": 2})
    put(state, "alexandretta", "jerusalem", full={"2-4": 1})
    popped = probe(monkeypatch, state)
    withdraw(state, player="muslim", space="alexandretta", came_from="baghras", mover=False)
    PROCEDURES.settle(state)  # Baghras is the mover's origin, Ayas Armenia's (neutral)
    assert said(state, "has nowhere to retreat: it is eliminated")
    assert "ayyubids" not in state.field["alexandretta"] and popped[0]["to"] is None


def test_a_retreat_never_follows_a_desert_line(monkeypatch):
    # K64 (§10.6.Desert L622): al-Azraq's only lines are desert lines: nowhere to go
    state = position()
    put(state, "al_azraq", "ayyubids", full={"2-6": 1})
    put(state, "al_azraq", "jerusalem", full={"2-4": 2})
    withdraw(state, player="muslim", space="al_azraq", came_from=None, mover=False)
    PROCEDURES.settle(state)
    assert said(state, "has nowhere to retreat")


@pytest.mark.parametrize("marched", [[], ["enemy"]])
def test_a_beaten_movers_march_and_retreat_forage_together(monkeypatch, marched):
    # §15.1 L878: one foraging roll an action round; the march before the battle (its route, an
    # enemy stronghold passed) and a retreat into a friendly city roll once for both, and a
    # retreat alone into that city rolls for nothing
    state = position()
    put(state, "nablus", "jerusalem", full={"2-4": 2}, leaders=["guy"])
    put(state, "nablus", "ayyubids", full={"2-6": 2})
    route = [
        {"space": "nablus", "stronghold": side, "harsh": False, "pass": False, "rest": 0} for side in marched
    ]
    rolls = Dice(monkeypatch, [6])
    withdraw(state, player="christian", space="nablus", came_from="jerusalem", mover=True, route=route)
    PROCEDURES.settle(state)
    PROCEDURES.perform(state, "christian", ("to", "jerusalem"))
    PROCEDURES.perform(state, "christian", ("stop",))
    PROCEDURES.settle(state)
    # §15.2: two units, +2 for the enemy walls marched past, -1 for the friendly city entered
    expected = ["Attrition (retreat) of the Christian player, AV 3"] if marched else []
    assert [why for why in rolls.asked if "Attrition" in why] == expected


def test_the_path_is_declared_before_the_pursuit_which_spares_those_inside(monkeypatch):
    # §13.4 L806-L808, §14.1.Penalties L863, K60: after a major victory the beaten army first puts
    # a unit into its castle, then names its whole path; only then the one pursuit roll, whose
    # steps fall on the pieces still outside in the battle space, never on those inside
    state = position()
    put(state, "caesarea", "jerusalem", full={"2-4": 3}, leaders=["guy"])
    put(state, "caesarea", "ayyubids", full={"3-6": 4}, leaders=["saladin"])
    Dice(monkeypatch, [6, 1])  # the pursuit; Guy's Leader Loss roll
    withdraw(state, player="christian", space="caesarea", came_from="jaffa", mover=True, pursuit=True)
    PROCEDURES.settle(state)
    PROCEDURES.perform(state, "christian", ("in", "jerusalem", "full", "2-4"))
    PROCEDURES.perform(state, "christian", ("out",))
    PROCEDURES.perform(state, "christian", ("to", "jaffa"))
    assert not said(state, "Pursuit")  # a second space may still be named
    PROCEDURES.perform(state, "christian", ("stop",))
    drive(state, lambda s, r, legal: legal[0])
    texts = [e[2] for e in state.log]
    declared = texts.index("The Christian player's army will retreat to Jaffa.")
    assert declared < next(i for i, t in enumerate(texts) if t.startswith("Pursuit roll"))
    assert said(state, "Pursuit: 6+1 costs the Christian player 6 more step(s)")
    assert state.inside["caesarea"]["jerusalem"] == {"full": {"2-4": 1}, "reduced": {}, "leaders": []}
    assert "jerusalem" not in state.field.get("caesarea", {}) and "jaffa" not in state.field


def test_free_passage_bought_on_the_opponents_round_opens_a_retreat(monkeypatch):
    # §9.4 L531-L533, K65: holding the Diplomatic Advantage, the Muslim, beaten at Alexandretta
    # with no other way out, buys free passage through neutral Armenia and retreats to Ayas; it
    # lasts to the end of his next round, when his army still in Armenia's lands turns it
    state = position()
    put(state, "alexandretta", "ayyubids", full={"2-6": 2})
    put(state, "alexandretta", "jerusalem", full={"2-4": 1})
    state.advantage = "muslim"
    popped = probe(monkeypatch, state)
    withdraw(state, player="muslim", space="alexandretta", came_from="baghras", mover=False)
    PROCEDURES.settle(state)
    assert PROCEDURES.legal(state, "muslim") == [("passage", "armenia"), ("none",)]
    PROCEDURES.perform(state, "muslim", ("passage", "armenia"))
    assert state.advantage is None and ("to", "ayas") in PROCEDURES.legal(state, "muslim")
    PROCEDURES.perform(state, "muslim", ("to", "ayas"))
    drive(state, lambda s, r, legal: ("stop",) if ("stop",) in legal else legal[0])
    assert popped[0]["to"] == "ayas" and state.orientation("armenia") == "neutral"
    assert diplomacy.passage_ends(state, "christian") == []  # the Christian's round ends: still his
    assert diplomacy.passage_ends(state, "muslim") == ["armenia"]  # his next round's end
    assert state.orientation("armenia") == "christian"


def test_declining_free_passage_loses_the_army(monkeypatch):
    # §14.1.Penalties L865: with no way out but through neutral ground, an army whose player keeps
    # the Diplomatic Advantage is eliminated
    state = position()
    put(state, "alexandretta", "ayyubids", full={"2-6": 2})
    put(state, "alexandretta", "jerusalem", full={"2-4": 1})
    state.advantage = "muslim"
    withdraw(state, player="muslim", space="alexandretta", came_from="baghras", mover=False)
    PROCEDURES.settle(state)
    PROCEDURES.perform(state, "muslim", ("none",))
    assert said(state, "has nowhere to retreat: it is eliminated") and state.advantage == "muslim"
    assert "ayyubids" not in state.field["alexandretta"]
