"""Where the rule sections meet: a frame one section pushes carries what the next one reads
(procedures.md), on positions built for the purpose."""

from __future__ import annotations

from outremer.games.kingdom_of_heaven import forces, movement, strategy, strongholds  # noqa: F401
from outremer.games.kingdom_of_heaven.procedures import PROCEDURES

from .positions_movement import do, feed, position, put, said
from .positions_turn import give
from .positions_turn import position as turn_position


def test_an_interception_battle_knows_where_each_side_came_from(monkeypatch):
    # §11.3, §14.1 L850: the interceptor came from Acre and the intercepted army from Jerusalem;
    # the battle carries both, so whichever loses retreats the way it came instead of dying
    state = position("D")
    put(state, "acre", "crusaders", {"3-4": 4}, leaders=["richard"])
    saladin = {"ayyubids": put(state, "jerusalem", "ayyubids", {"3-6": 4, "2-6": 3}, leaders=["saladin"])}
    feed(monkeypatch, [3])  # §11.2: 3 +1 against a cavalry army is within Richard's 4
    movement.start(state, "muslim", "jerusalem", saladin, "saladin", 2)
    PROCEDURES.settle(state)
    do(state, "muslim", ("move", "jaffa"))
    do(state, "christian", ("intercept", "acre", "richard"))
    do(state, "christian", ("roll",))
    battle = PROCEDURES.find(state, "battle")
    assert battle is not None and battle["why"] == "interception"
    assert battle["came_from"] == "acre" and battle["defender_from"] == "jerusalem"


def test_a_leader_in_a_box_is_activated_without_a_naval_move():
    # §10.6.Boxes L624, §10.8 L636: the Mosul and Constantinople boxes are no ports; a leader there
    # gathers his force and marches by land
    state = position("D")
    put(state, "mosul", "ayyubids", {"3-6": 2}, leaders=["saladin"])
    put(state, "constantinople", "crusaders", {"3-4": 2}, leaders=["barbarossa"])
    movement.activate(state, "muslim", None, 3, "saladin", "mosul")
    assert ("take", "ayyubids", "full", "3-6") in PROCEDURES.legal(state, "muslim")
    state.stack = []
    movement.activate(state, "christian", None, 3, "barbarossa", "constantinople")
    legal = PROCEDURES.legal(state, "christian")
    assert ("by_sea",) not in legal and ("go",) in legal


def test_an_activation_whose_leader_died_at_its_announcement_ends():
    # §8.4.3, §14.2: a response to the announcement (Assassins' Dagger's Leader Loss roll) may kill
    # the activated leader before he sets out; the card is spent and nothing moves
    state = position("D")
    put(state, "damascus", "ayyubids", {"3-6": 2}, leaders=["saladin"])
    movement.activate(state, "muslim", None, 3, "saladin", "damascus")
    forces.to_dead(state, "ayyubids", movement.leader_group("saladin"))
    forces.take(state, "field", "damascus", "ayyubids", movement.leader_group("saladin"))
    PROCEDURES.settle(state)
    assert not state.stack and state.field["damascus"]["ayyubids"]["full"] == {"3-6": 2}


def test_a_card_played_for_the_diplomatic_advantage_is_said_in_words():
    # §9.3 L525: a diplomacy card may be played to win the marker; the round names it so
    state = turn_position()
    give(state, "muslim", "32", "21")
    give(state, "christian", "14", "24")
    state.first = "muslim"
    PROCEDURES.push(state, "strategy")
    PROCEDURES.settle(state)
    do(state, "muslim", ("diplomacy", "32", "advantage"))
    assert said(state, "to win the Diplomatic Advantage")


def test_campaign_in_cyprus_conquers_cyprus_and_rolls_twice_for_the_advantage(monkeypatch):
    # §Example.C2 L1310: the Cypriot castles become Crusader ones; Cyprus, with no stronghold left,
    # is conquered (§17.11) and leaves the Diplomacy display; two VP spaces won give the Christian
    # two rolls for the Diplomatic Advantage at most 1 (§9.3): a two and a four, the Muslim keeps it
    state = turn_position()
    state.advantage = "muslim"
    give(state, "christian", "D3")
    feed(monkeypatch, [2, 4])
    PROCEDURES.push(state, "event", player="christian", card="D3")
    PROCEDURES.settle(state)
    assert "cyprus_principality" not in state.political
    assert [e[2] for e in state.log if "Diplomatic Advantage (capture)" in e[2]] == [
        "The Christian player rolls for the Diplomatic Advantage (capture): rolled 2.",
        "The Christian player rolls for the Diplomatic Advantage (capture): rolled 4.",
    ]
    assert state.advantage == "muslim" and not state.stack


def test_a_march_goes_on_with_its_force_as_the_call_for_surrender_left_it():
    # §17.5.1, §17.10.1: a stronghold that surrenders is garrisoned from the calling force (a unit
    # put in, or one reduced to fill a castle); the march then goes on with what is left (a bot's
    # game moved a full unit the garrison had just reduced)
    state = position("H")
    force = {"mamluks": put(state, "krak", "mamluks", {"4-6": 1, "2-6": 1}, leaders=["qalawun"])}
    march = movement.start(state, "muslim", "krak", force, "qalawun", 2)
    forces.take(state, "field", "krak", "mamluks", forces.one("full", "4-6"))
    forces.put(state, "field", "krak", "mamluks", forces.one("reduced", "4-6"))  # the garrison's flip
    march["stage"] = "call"
    PROCEDURES.settle(state)
    assert march["group"]["mamluks"]["full"] == {"2-6": 1}
    assert march["group"]["mamluks"]["reduced"] == {"4-6": 1}
    do(state, "muslim", ("move", "masyaf"))
    assert state.field["masyaf"]["mamluks"]["reduced"] == {"4-6": 1}


def test_a_vassal_stack_that_dropped_its_last_unit_only_stops():
    # §10.2.Moving: units dropped off stay; a march with nothing left may not go on, call for
    # surrender or besiege (a random game called with no force and found no marker to set)
    state = position("D")
    force = {"jerusalem": put(state, "acre", "jerusalem", {"2-4": 1})}
    movement.start(state, "christian", "acre", force, None, 1)
    PROCEDURES.settle(state)
    do(state, "christian", ("move", "tyre"))
    do(state, "christian", ("drop", "jerusalem", "full", "2-4"))
    assert PROCEDURES.legal(state, "christian") == [("stop",)]
    do(state, "christian", ("stop",))
    assert state.field["tyre"]["jerusalem"]["full"] == {"2-4": 1} and not state.stack


def test_equal_rank_is_drawn_for_the_walls_as_for_a_battle():
    # §10.3 L600, K69: Richard (battle 4) and Philip (battle 2), Crusaders of command 6, are of
    # equal rank; the RF counts one of them drawn at random and said to both, as a battle does
    state = position("D")
    put(state, "acre", "crusaders", {"3-4": 1}, leaders=["richard", "philip"], place="inside")
    value = strongholds.rf(state, "acre")
    drawn = "richard" if said(state, "Richard") else "philip"
    assert said(state, "is drawn to lead")
    alone = position("D")
    put(alone, "acre", "crusaders", {"3-4": 1}, leaders=[drawn], place="inside")
    assert strongholds.rf(alone, "acre") == value and not said(alone, "is drawn")
