"""Battles (23.0-24.2, 25.4, 29.3, 31, 33.5-33.7, options 34-35): each test builds a position, starts
a battle and makes the dice fall as it needs by setting the generator (``state.rng``) to a value
searched with the engine's own generator. Dice are rolled in this order: reinforcements (23.1(1)),
the two Tactical Edge dice (Christian, Muslim), the rounds (unless one round), then each round the
Assassin's strength, the edge side's fire and the other side's fire, one die per unit in data-pack
order. The pilgrimage and movement functions the battle calls are recorded."""

from __future__ import annotations

import json
from types import SimpleNamespace
from typing import Any

import pytest

from outremer.engine import rng
from outremer.engine.procedures import Frame
from outremer.games.first_crusade import combat, pilgrimage
from outremer.games.first_crusade.common import ASSASSIN, MASYAF, christians_at, muslims_at
from outremer.games.first_crusade.positions import position
from outremer.games.first_crusade.procedures import PROCEDURES
from outremer.games.first_crusade.state import BIN, ELIMINATED, PLAYER, State

HOLD = "combat_test_hold"


def _hold_fast(state: State, frame: Frame, role: str, action: Any) -> None:
    raise AssertionError("the test's hold is never performed")


PROCEDURES.procedure(
    HOLD, legal=lambda state, frame, role: [("wait",)], perform=_hold_fast, prompt="The test holds here."
)
"""A frame under the battle: it stops the game once the battle is over and keeps its result."""

HIT, MISS = 1, 6
"""A die that hits with any factor, and one that misses with any factor (no counter has 6)."""


# -- helpers --------------------------------------------------------------------------------------
def rolls(*faces: int) -> int:
    """A generator value whose next dice come up ``faces`` (searched with the engine's rng)."""
    for start in range(3_000_000):
        holder = SimpleNamespace(rng=start)
        if all(rng.d6(holder) == f for f in faces):
            return start
    raise AssertionError(f"no generator value gives {faces}")


def prepared(units: dict[str, str], **kw: Any) -> State:
    """A position with a frame to hold the game once the battle ends."""
    s = position(units, **kw)
    PROCEDURES.push(s, HOLD)
    return s


def begin(
    s: State, space: str, attacker: str = "christian", *, dice: tuple[int, ...] = (), **kw: Any
) -> Frame:
    """Start a battle (no reinforcement unless asked) with ``dice`` to come, without running it."""
    if dice:
        s.rng = rolls(*dice)
    return combat.start_battle(s, space, attacker, **{"reinforce": False, **kw})


def fight(s: State, space: str, attacker: str = "christian", **kw: Any) -> None:
    """Start a battle and run it to the player's next choice (or its end)."""
    begin(s, space, attacker, **kw)
    PROCEDURES.settle(s)


def until(s: State, stage: str, volley: int | None = None) -> Frame:
    """Run the battle by itself up to ``stage`` (at that ``volley`` of the round, if given); it must
    ask nothing on the way."""
    frame = s.stack[-1]
    while frame["stage"] != stage or volley not in (None, frame["volley"]):
        asked = PROCEDURES.legal(s, PLAYER)
        assert not asked, f"the battle asks {asked} before {stage}"
        PROCEDURES.get("battle").run(s, frame)
    return frame


def act(s: State, *action: Any) -> None:
    legal = PROCEDURES.legal(s, PLAYER)
    assert tuple(action) in legal, f"{action} is not among {legal}"
    PROCEDURES.perform(s, PLAYER, tuple(action))


def result(s: State) -> dict[str, Any]:
    """What the ended battle left to the frame below it."""
    assert s.stack[-1]["kind"] == HOLD, "the battle is not over"
    return dict(s.stack[-1]["done"])


@pytest.fixture(autouse=True)
def calls(monkeypatch: pytest.MonkeyPatch) -> dict[str, list[Any]]:
    """Record the rewards, penalties and retreat queries; ``retreats`` is what retreat_spaces gives."""
    rec: dict[str, list[Any]] = {"reward": [], "penalty": [], "retreat": [], "retreats": []}

    def retreat_spaces(state: State, space: str, units: list[str]) -> list[str]:
        rec["retreat"].append((space, list(units)))
        return list(rec["retreats"])

    monkeypatch.setattr(pilgrimage, "battle_boons", lambda state, frame: [])
    monkeypatch.setattr(pilgrimage, "reward", lambda state, space, rule: rec["reward"].append((space, rule)))
    monkeypatch.setattr(pilgrimage, "penalty", lambda state, rule: rec["penalty"].append(rule))
    monkeypatch.setattr(combat, "retreat_spaces", retreat_spaces)
    return rec


@pytest.fixture
def boons(monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    """The sword and the eye as the pilgrimage contract has them (engine.md): offered once a battle,
    each setting its frame keys; the plays are recorded."""
    played: list[Any] = []

    def offered(state: State, frame: Frame) -> list[Any]:
        out = [] if frame.get("edge_boon") else [("boon", "military_advantage_1", "sword")]
        if frame.get("reinforce") and not frame.get("treachery"):
            out.append(("boon", "treachery_1", "eye"))
        return out

    def play(state: State, frame: Frame, action: Any) -> None:
        played.append(action)
        if action[2] == "sword":
            frame["edge_boon"] = True
            frame["christian_bonus"] = frame.get("christian_bonus", 0) + 1
        else:
            frame["treachery"] = True

    monkeypatch.setattr(pilgrimage, "battle_boons", offered)
    monkeypatch.setattr(pilgrimage, "play_in_battle", play)
    return played


# -- 23.1(1)-(2): reinforcement and reveal -----------------------------------------------------------
def test_reinforcements_are_the_reaction_levels_dice_of_units():
    # 23.1(1): at Reaction II two dice give how many Seljuks join the garrison.
    s = prepared({"godfrey": "nicaea", "seljuk_militia_1": "nicaea"}, reaction=2)
    want = sum(rng.dice(SimpleNamespace(rng=s.rng), 2))
    begin(s, "nicaea", reinforce=True)
    until(s, "edge")
    assert len(muslims_at(s, "nicaea")) == 1 + want


def test_treachery_rolls_one_reinforcement_die_fewer(boons):
    # 23.1(1), Treachery (chart): played at the start, Reaction II rolls one die instead of two.
    s = prepared({"godfrey": "nicaea", "seljuk_militia_1": "nicaea"}, reaction=2)
    want = rng.dice(SimpleNamespace(rng=s.rng), 1)[0]
    fight(s, "nicaea", reinforce=True)
    assert PROCEDURES.legal(s, PLAYER) == [
        ("boon", "military_advantage_1", "sword"),
        ("boon", "treachery_1", "eye"),
        ("go",),
    ]
    act(s, "boon", "treachery_1", "eye")
    assert ("boon", "treachery_1", "eye") not in PROCEDURES.legal(s, PLAYER)
    PROCEDURES.get("battle").perform(s, s.stack[-1], PLAYER, ("go",))
    until(s, "edge")
    assert len(muslims_at(s, "nicaea")) == 1 + want


def test_no_reinforcement_when_the_placement_already_drew():
    # 23.1(1), ruling C-1: reinforce=False (a Counteroffensive placed them) draws nobody.
    s = prepared({"godfrey": "nicaea", "seljuk_militia_1": "nicaea"}, reaction=3)
    begin(s, "nicaea")
    until(s, "edge")
    assert muslims_at(s, "nicaea") == ["seljuk_militia_1"]


def test_no_reinforcement_ever_in_masyaf():
    # 31.1: Muslims never enter Masyaf: the Assassin fights alone, whatever the caller asks.
    s = prepared({"crusader_knights_1": "masyaf"}, reaction=3)
    frame = begin(s, "masyaf", reinforce=True)
    until(s, "edge")
    assert not frame["reinforce"]
    assert muslims_at(s, "masyaf") == [ASSASSIN]


def test_muslims_are_revealed_when_the_battle_begins():
    # 23.1(2): every Muslim in the space is turned face up.
    s = prepared({"godfrey": "nicaea", "seljuk_militia_1": "nicaea"})
    begin(s, "nicaea")
    until(s, "edge")
    assert "seljuk_militia_1" in s.revealed


# -- 23.1(3): the Tactical Edge -----------------------------------------------------------------------
def edge_of(units: dict[str, str], space: str, attacker: str, c: int, m: int, **kw: Any) -> str:
    """Who wins the Tactical Edge when the Christians roll ``c`` and the Muslims ``m``."""
    camps = kw.pop("camps", [])
    castles = kw.pop("castles", [])
    bonus = kw.pop("muslim_bonus", 0)
    s = prepared(units, **kw)
    s.camps, s.castles = list(camps), list(castles)
    begin(s, space, attacker, dice=(c, m), muslim_bonus=bonus)
    return str(until(s, "rounds")["edge"])


def test_a_military_leader_adds_one_and_a_tie_goes_to_the_attacker_in_the_open():
    # 23.1(3a): Godfrey's +1 makes 3+1 against 4, a tie: in the open the attacker has the edge.
    units = {"godfrey": "dorylaeum", "seljuk_militia_19": "dorylaeum"}
    assert edge_of(units, "dorylaeum", "christian", 3, 4) == "christian"


def test_a_diplomatic_leader_adds_nothing():
    # 23.1(3a): only Military Leaders count: Raymond's 3 loses to the Muslims' 4.
    units = {"raymond": "dorylaeum", "seljuk_militia_19": "dorylaeum"}
    assert edge_of(units, "dorylaeum", "christian", 3, 4) == "muslim"


def test_a_tie_goes_to_the_defender_in_a_fortress():
    # 23.1(3), 23.5: in Nicaea the same tie goes to the Muslim defenders.
    units = {"godfrey": "nicaea", "seljuk_militia_1": "nicaea"}
    assert edge_of(units, "nicaea", "christian", 3, 4) == "muslim"


def test_a_castle_is_a_fortress_for_the_tie():
    # 33.7: a Castle acts as a fortress (23.5): the defender wins the tie.
    units = {"crusader_knights_1": "dorylaeum", "seljuk_ghulams_1": "dorylaeum"}
    assert edge_of(units, "dorylaeum", "muslim", 4, 4, castles=["dorylaeum"]) == "christian"


@pytest.mark.parametrize(("camps", "edge"), [(["dorylaeum"], "christian"), ([], "muslim")])
def test_a_christian_defender_in_a_camp_wins_ties(camps, edge):
    # 33.6: defending in a Camp the Christians win the tie that would go to the Muslim attacker.
    units = {"crusader_knights_1": "dorylaeum", "seljuk_ghulams_1": "dorylaeum"}
    assert edge_of(units, "dorylaeum", "muslim", 4, 4, camps=camps) == edge


def test_more_christian_horse_archers_add_one_in_the_open():
    # 23.1(3c): the Turcopoles outnumber the Muslims' horse archers (none): 3+1 ties 4, attacker wins.
    units = {"turcopoles_1": "dorylaeum", "seljuk_militia_19": "dorylaeum"}
    assert edge_of(units, "dorylaeum", "christian", 3, 4) == "christian"


def test_horse_archers_count_for_nothing_at_a_fortress():
    # 23.5: no Horse Archer benefit at a fortress: 4 ties 4 and the defender keeps the edge.
    units = {"turcopoles_1": "nicaea", "seljuk_militia_1": "nicaea"}
    assert edge_of(units, "nicaea", "christian", 4, 4) == "muslim"


def test_more_muslim_horse_archers_add_one_in_the_open():
    # 23.1(3b) Muslims: one horse archer against none: 3+1 ties the Christians' 4, attacker wins.
    units = {"crusader_knights_1": "dorylaeum", "seljuk_horse_archers_1": "dorylaeum"}
    assert edge_of(units, "dorylaeum", "muslim", 4, 3) == "muslim"


def test_christians_defending_jerusalem_add_one():
    # 23.6, 29.3: 2+1 ties 3, and the defender of the fortress has the tie.
    units = {"crusader_knights_1": "jerusalem", "seljuk_ghulams_1": "jerusalem"}
    assert edge_of(units, "jerusalem", "muslim", 2, 3) == "christian"


def test_muslims_defending_jerusalem_add_one():
    # 23.1(3d) Muslims, 29.3: 3+1 ties the Christians' 4 and the defenders keep the edge.
    units = {"crusader_knights_1": "jerusalem", "seljuk_militia_1": "jerusalem"}
    assert edge_of(units, "jerusalem", "christian", 4, 3) == "muslim"


def test_an_ambush_or_jihad_bonus_adds_one_to_the_muslims():
    # 23.1(3c) Muslims, 35.0 Jihad: the bonus makes 3+1 against 4, a tie the attacker wins.
    units = {"crusader_knights_1": "dorylaeum", "seljuk_ghulams_1": "dorylaeum"}
    assert edge_of(units, "dorylaeum", "muslim", 4, 3, muslim_bonus=1) == "muslim"


def test_the_assassin_adds_one_defending_masyaf():
    # 31.1: 3+1 ties 4 in the fortress of Masyaf: the Assassin keeps the edge.
    assert edge_of({"crusader_knights_1": "masyaf"}, "masyaf", "christian", 4, 3) == "muslim"


def test_a_military_advantage_marker_adds_one(boons):
    # 23.1(3b): the sword played at the start: 3+1 ties 4 and the attacker wins; offered once only.
    s = prepared({"crusader_knights_1": "dorylaeum", "seljuk_militia_19": "dorylaeum"})
    fight(s, "dorylaeum", dice=(3, 4))
    assert PROCEDURES.legal(s, PLAYER) == [("boon", "military_advantage_1", "sword"), ("go",)]
    frame = s.stack[-1]
    PROCEDURES.get("battle").perform(s, frame, PLAYER, ("boon", "military_advantage_1", "sword"))
    assert boons == [("boon", "military_advantage_1", "sword")]
    assert PROCEDURES.legal(s, PLAYER) == []
    assert until(s, "rounds")["edge"] == "christian"


@pytest.mark.parametrize(("cavalry", "edge"), [(True, "christian"), (False, "muslim")])
def test_combined_arms_adds_one_with_leaders_by_their_arm(cavalry, edge):
    # 35.2 and its note: Godfrey (heavy cavalry) and two Knights, three Foot: +1 with the option.
    units = {
        "godfrey": "dorylaeum",
        "crusader_knights_1": "dorylaeum",
        "crusader_knights_2": "dorylaeum",
        "crusader_foot_1": "dorylaeum",
        "crusader_foot_2": "dorylaeum",
        "crusader_foot_3": "dorylaeum",
        "seljuk_militia_19": "dorylaeum",
    }
    assert edge_of(units, "dorylaeum", "christian", 2, 4, options={"cavalry": cavalry}) == edge


# -- 23.1(4): rounds ----------------------------------------------------------------------------------
def test_a_fortress_battle_has_one_round_without_a_roll():
    # 23.5: one round in a fortress; no die is rolled for it.
    s = prepared({"godfrey": "nicaea", "seljuk_militia_1": "nicaea"})
    begin(s, "nicaea", dice=(6, 1))
    frame = until(s, "round")
    assert frame["rounds"] == 1
    assert not any(e[2].startswith("The battle lasts") for e in s.log)


def test_a_battle_in_the_open_lasts_a_die_of_rounds():
    # 23.1(4): the die after the Tactical Edge gives the number of rounds.
    s = prepared({"godfrey": "dorylaeum", "seljuk_militia_19": "dorylaeum"})
    begin(s, "dorylaeum", dice=(6, 1, 4))
    assert until(s, "round")["rounds"] == 4


@pytest.mark.parametrize(("siege", "rounds"), [(True, 5), (False, 1)])
def test_a_muslim_leader_assault_on_a_fortress_lasts_a_die_of_rounds_with_sieges(siege, rounds):
    # The second 34.5 (option siege): Kerbogha's attack on Christian Nicaea lasts 1d6 rounds.
    units = {"crusader_knights_1": "nicaea", "kerbogha": "nicaea", "seljuk_ghulams_1": "nicaea"}
    s = prepared(units, options={"siege": siege})
    begin(s, "nicaea", "muslim", dice=(1, 6, 5))
    assert until(s, "round")["rounds"] == rounds


# -- 23.1(5)-(7), 23.2-23.4: fire and losses -------------------------------------------------------------
def test_the_edge_side_fires_first_and_the_dead_do_not_fire_back():
    # 23.1(5), 23.2: Godfrey hits, the militia is gone before its turn (its die would have hit).
    s = prepared({"godfrey": "nicaea", "crusader_knights_1": "nicaea", "seljuk_militia_1": "nicaea"})
    fight(s, "nicaea", dice=(6, 1, HIT, MISS, HIT))
    assert result(s)["winner"] == "christian"
    assert not s.reduced
    assert s.loc["seljuk_militia_1"] == BIN


def test_the_player_chooses_the_christian_unit_for_each_hit():
    # 23.2: two hits on three different units: the player picks one at a time.
    units = {"godfrey": "nicaea", "crusader_knights_1": "nicaea", "crusader_foot_1": "nicaea"}
    units |= {"seljuk_militia_1": "nicaea", "seljuk_militia_19": "nicaea", "seljuk_militia_20": "nicaea"}
    s = prepared(units)
    fight(s, "nicaea", dice=(1, 6, HIT, HIT, MISS))
    assert PROCEDURES.legal(s, PLAYER) == [
        ("hit", "godfrey"),
        ("hit", "crusader_knights_1"),
        ("hit", "crusader_foot_1"),
    ]
    act(s, "hit", "crusader_foot_1")
    assert "crusader_foot_1" in s.reduced
    act(s, "hit", "crusader_foot_1")
    assert s.loc["crusader_foot_1"] == BIN


def test_no_question_when_every_christian_unit_must_die():
    # 23.2: two hits, two steps left (a Pilgrim and a reduced Foot): no choice to make.
    units = {"crusader_pilgrims_1": "nicaea", "crusader_foot_1": "nicaea"}
    units |= {"seljuk_militia_1": "nicaea", "seljuk_militia_19": "nicaea"}
    s = prepared(units, reduced=["crusader_foot_1"])
    fight(s, "nicaea", dice=(1, 6, HIT, HIT))
    assert result(s)["winner"] == "muslim"
    assert s.loc["crusader_pilgrims_1"] == s.loc["crusader_foot_1"] == BIN


def test_no_question_among_identical_units(calls):
    # Pruned choice: one hit on three Pilgrims: which one cannot matter.
    units = {f"crusader_pilgrims_{i}": "nicaea" for i in (1, 2, 3)} | {"seljuk_militia_1": "nicaea"}
    s = prepared(units)
    calls["retreats"].append("dorylaeum")
    fight(s, "nicaea", dice=(1, 6, HIT, MISS, MISS))
    assert result(s)["winner"] is None
    assert s.loc["crusader_pilgrims_1"] == BIN


def test_hits_on_muslims_take_the_weakest_and_non_leaders_first():
    # 23.2, the rulebook example: three hits on two militia (1), a Ghulam (2), a leader (2) and a
    # horse archer (3) eliminate the militia and the Ghulam.
    units = {"godfrey": "nicaea", "crusader_knights_1": "nicaea", "crusader_knights_2": "nicaea"}
    units |= {
        "seljuk_militia_1": "nicaea",
        "seljuk_militia_19": "nicaea",
        "seljuk_ghulams_1": "nicaea",
        "yaghi_siyan": "nicaea",
        "seljuk_horse_archers_1": "nicaea",
    }
    s = prepared(units)
    begin(s, "nicaea", dice=(6, 1, HIT, HIT, HIT))
    until(s, "fire", volley=1)
    gone = ["seljuk_militia_1", "seljuk_militia_19", "seljuk_ghulams_1"]
    assert [s.loc[u] for u in gone] == [BIN, BIN, BIN]
    assert muslims_at(s, "nicaea") == ["yaghi_siyan", "seljuk_horse_archers_1"]


def test_the_player_breaks_ties_between_different_muslim_units():
    # 23.2: a Mamluk and a Spearman are both 2: the player picks which takes the one hit.
    units = {"crusader_knights_1": "acre", "fatimid_mamluks_1": "acre", "fatimid_spearmen_1": "acre"}
    s = prepared(units)
    fight(s, "acre", dice=(6, 1, HIT))
    assert PROCEDURES.legal(s, PLAYER) == [("hit", "fatimid_mamluks_1"), ("hit", "fatimid_spearmen_1")]
    act(s, "hit", "fatimid_spearmen_1")
    assert s.loc["fatimid_spearmen_1"] == BIN


def test_the_battle_ends_once_a_side_is_gone():
    # 23.1(6b): six rounds rolled, but the militia falls in the first.
    s = prepared({"godfrey": "dorylaeum", "seljuk_militia_19": "dorylaeum"})
    begin(s, "dorylaeum", dice=(6, 1, 6, HIT))
    frame = until(s, "outcome")
    assert (frame["round"], frame["rounds"]) == (1, 6)


def test_the_battle_goes_on_to_its_last_round():
    # 23.1(6c)-(7): both sides survive the first of two rounds, and fight the second.
    s = prepared({"crusader_knights_1": "dorylaeum", "seljuk_militia_19": "dorylaeum"})
    begin(s, "dorylaeum", dice=(6, 1, 2, MISS, MISS, MISS, MISS))
    frame = until(s, "outcome")
    assert frame["round"] == 2


# -- 24.0-24.2: the outcome -----------------------------------------------------------------------------
def test_a_win_that_kills_a_muslim_leader_earns_the_reward(calls):
    # 24.0: Yaghi-Siyan falls (overkill, 23.4, is lost): one Special Action and one marker.
    s = prepared({"godfrey": "nicaea", "crusader_knights_1": "nicaea", "yaghi_siyan": "nicaea"})
    fight(s, "nicaea", dice=(6, 1, HIT, HIT))
    assert result(s) == {"kind": "battle", "winner": "christian", "space": "nicaea"}
    assert s.loc["yaghi_siyan"] == ELIMINATED
    assert calls["reward"] == [("nicaea", "24.0")]


def test_an_emir_is_a_leader_for_the_reward(calls):
    # 24.0, 32.4 (ruling C-5): an Emir is a Muslim leader; eliminated, he goes back to the Bin.
    s = prepared({"crusader_knights_1": "nicaea", "seljuk_emir_1": "nicaea"})
    fight(s, "nicaea", dice=(6, 1, HIT))
    assert s.loc["seljuk_emir_1"] == BIN
    assert calls["reward"] == [("nicaea", "24.0")]


def test_a_win_without_a_muslim_leader_killed_earns_nothing(calls):
    # 24.0 (ruling C-4): the reward needs a Muslim leader eliminated.
    s = prepared({"crusader_knights_1": "nicaea", "seljuk_militia_1": "nicaea"})
    fight(s, "nicaea", dice=(6, 1, HIT))
    assert result(s)["winner"] == "christian"
    assert calls["reward"] == []


def test_muslims_winning_outside_a_fortress_all_go_back_to_the_bin():
    # 24.1(1) over 26.5 (ruling C-3): after a win in the open no Muslim stays.
    units = {
        "crusader_pilgrims_1": "dorylaeum",
        "seljuk_ghulams_1": "dorylaeum",
        "seljuk_ghulams_2": "dorylaeum",
    }
    s = prepared(units)
    fight(s, "dorylaeum", "muslim", dice=(1, 6, 1, HIT, HIT))
    assert result(s)["winner"] == "muslim"
    assert s.loc["seljuk_ghulams_1"] == s.loc["seljuk_ghulams_2"] == BIN
    assert not muslims_at(s, "dorylaeum")


def test_muslims_winning_in_a_fortress_leave_one_unit_face_down():
    # 24.1(2): one of the three militia, picked at random, stays concealed; the log never names it.
    units = {"crusader_pilgrims_1": "nicaea"} | {f"seljuk_militia_{i}": "nicaea" for i in (1, 19, 20)}
    s = prepared(units)
    fight(s, "nicaea", dice=(1, 6, HIT, MISS, MISS))
    [stays] = muslims_at(s, "nicaea")
    assert stays not in s.revealed
    assert sum(s.loc[f"seljuk_militia_{i}"] == BIN for i in (1, 19, 20)) == 2
    assert all(stays not in e[3].values() for e in s.log[-3:])


def test_a_defeat_with_a_christian_leader_eliminated_costs_the_penalty(calls):
    # 24.1: Godfrey's two steps both hit: a Special Action and a boon are lost.
    units = {"godfrey": "nicaea", "seljuk_militia_1": "nicaea", "seljuk_militia_19": "nicaea"}
    s = prepared(units)
    fight(s, "nicaea", dice=(1, 6, HIT, HIT))
    assert s.loc["godfrey"] == ELIMINATED
    assert calls["penalty"] == ["24.1"]


def test_a_stalemate_sends_muslim_attackers_home_and_earns_nothing(calls):
    # 24.2: Duqaq (the weakest) falls but the horse archer survives: it goes back to the Bin, and
    # a stalemate gains nothing even though a Muslim leader was eliminated.
    units = {"godfrey": "nicaea", "duqaq": "nicaea", "seljuk_horse_archers_1": "nicaea"}
    s = prepared(units)
    fight(s, "nicaea", "muslim", dice=(6, 1, HIT, MISS))
    assert result(s)["winner"] is None
    assert s.loc["duqaq"] == ELIMINATED and s.loc["seljuk_horse_archers_1"] == BIN
    assert christians_at(s, "nicaea") == ["godfrey"]
    assert calls["reward"] == calls["penalty"] == []


def test_a_christian_attacker_withdraws_to_the_space_the_player_chooses(calls):
    # 24.2: all miss in Nicaea; the player picks Civetot; then 24.1 for the Muslims of the fortress.
    units = {"crusader_knights_1": "nicaea", "crusader_foot_1": "nicaea"}
    units |= {"seljuk_militia_1": "nicaea", "seljuk_militia_19": "nicaea"}
    s = prepared(units)
    calls["retreats"].extend(["dorylaeum", "civetot"])
    fight(s, "nicaea", dice=(6, 1, MISS, MISS, MISS, MISS))
    assert calls["retreat"] == [("nicaea", ["crusader_knights_1", "crusader_foot_1"])]
    assert PROCEDURES.legal(s, PLAYER) == [("withdraw", "dorylaeum"), ("withdraw", "civetot")]
    act(s, "withdraw", "civetot")
    assert christians_at(s, "civetot") == ["crusader_knights_1", "crusader_foot_1"]
    assert len(muslims_at(s, "nicaea")) == 1


def test_a_single_withdrawal_space_is_not_asked(calls):
    # 24.2: one space open: the force goes there by itself.
    s = prepared({"crusader_knights_1": "nicaea", "seljuk_militia_1": "nicaea"})
    calls["retreats"].append("dorylaeum")
    fight(s, "nicaea", dice=(6, 1, MISS, MISS))
    assert result(s)["winner"] is None
    assert s.loc["crusader_knights_1"] == "dorylaeum"


def test_a_force_with_nowhere_to_withdraw_is_eliminated():
    # 24.2: units that cannot withdraw are eliminated.
    s = prepared({"crusader_knights_1": "nicaea", "seljuk_militia_1": "nicaea"})
    fight(s, "nicaea", dice=(6, 1, MISS, MISS))
    assert s.loc["crusader_knights_1"] == BIN


def test_withdrawing_to_sea_each_fleet_carries_one_land_unit(calls):
    # 24.2, 25.3-25.4: the fleet and the two units it brought fight; one fleet carries one of them
    # away (the player's pick), the other is eliminated.
    units = {"imperial_fleet": "tarsus", "crusader_knights_1": "tarsus", "crusader_foot_1": "tarsus"}
    s = prepared(units | {"seljuk_militia_1": "tarsus"})
    calls["retreats"].extend(["cilician_sea", "adana"])
    fight(s, "tarsus", dice=(6, 1, MISS, MISS, MISS, MISS))
    act(s, "withdraw", "cilician_sea")
    assert PROCEDURES.legal(s, PLAYER) == [("embark", "crusader_knights_1"), ("embark", "crusader_foot_1")]
    act(s, "embark", "crusader_foot_1")
    assert christians_at(s, "cilician_sea") == ["crusader_foot_1", "imperial_fleet"]
    assert s.loc["crusader_knights_1"] == BIN


def test_fleets_cannot_withdraw_inland(calls):
    # 24.2, 25.1: to Adana (no port) the land units go and the fleet, unable to follow, is lost.
    units = {"imperial_fleet": "tarsus", "crusader_knights_1": "tarsus", "seljuk_militia_1": "tarsus"}
    s = prepared(units)
    calls["retreats"].append("adana")
    fight(s, "tarsus", dice=(6, 1, MISS, MISS, MISS))
    assert christians_at(s, "adana") == ["crusader_knights_1"]
    assert s.loc["imperial_fleet"] == BIN


def test_fleets_do_not_withdraw_by_road_to_a_neighbouring_port(calls):
    # 24.2 ("to sea"), 25.1 (ruling MV-17): Seleucia is a port next to Tarsus by road only: the
    # Knights walk there, the fleet cannot follow and is lost.
    units = {"imperial_fleet": "tarsus", "crusader_knights_1": "tarsus", "seljuk_militia_1": "tarsus"}
    s = prepared(units)
    calls["retreats"].append("seleucia")
    fight(s, "tarsus", dice=(6, 1, MISS, MISS, MISS))
    assert christians_at(s, "seleucia") == ["crusader_knights_1"]
    assert s.loc["imperial_fleet"] == BIN


def test_a_camp_is_destroyed_when_the_muslims_win_its_space():
    # 33.5: the Muslims hold the space at the end, with no Christian left: the Camp goes.
    s = prepared({"crusader_pilgrims_1": "dorylaeum", "seljuk_ghulams_1": "dorylaeum"})
    s.camps = ["dorylaeum"]
    fight(s, "dorylaeum", "muslim", dice=(1, 6, 1, HIT))
    assert result(s)["winner"] == "muslim"
    assert s.camps == []


def test_a_castle_taken_is_destroyed_but_keeps_its_garrison():
    # 33.5, 33.7, 24.1(2) (ruling C-12): the Castle goes, and as after any fortress battle one
    # Muslim unit stays.
    units = {
        "crusader_pilgrims_1": "dorylaeum",
        "seljuk_ghulams_1": "dorylaeum",
        "seljuk_ghulams_2": "dorylaeum",
    }
    s = prepared(units)
    s.castles = ["dorylaeum"]
    fight(s, "dorylaeum", "muslim", dice=(1, 6, HIT, MISS))
    assert result(s)["winner"] == "muslim"
    assert s.castles == []
    assert len(muslims_at(s, "dorylaeum")) == 1


# -- 31.0: the Assassin ---------------------------------------------------------------------------------
def test_the_assassins_strength_is_rolled_each_round(calls):
    # 31.2: the Assassin's die is 5 this round, so its fire of 5 hits the Knights.
    s = prepared({"crusader_knights_1": "masyaf"})
    calls["retreats"].append("shaizar")
    fight(s, "masyaf", dice=(6, 1, 5, MISS, 5))
    assert "crusader_knights_1" in s.reduced


def test_eliminating_the_assassin_is_a_victory_for_the_rewards(calls):
    # 31.3: as a won battle (24.0): a Special Action and a marker; the Christians hold Masyaf.
    s = prepared({"crusader_knights_1": "masyaf"})
    fight(s, "masyaf", dice=(6, 1, 1, HIT))
    assert s.loc[ASSASSIN] == ELIMINATED
    assert calls["reward"] == [(MASYAF, "31.3")]


def test_failing_against_the_assassin_is_a_defeat(calls):
    # 31.3: a stalemate against the Assassin costs the defeat's penalty; it stays in Masyaf.
    s = prepared({"crusader_knights_1": "masyaf"})
    calls["retreats"].append("shaizar")
    fight(s, "masyaf", dice=(6, 1, 1, MISS, MISS))
    assert s.loc["crusader_knights_1"] == "shaizar"
    assert s.loc[ASSASSIN] == MASYAF
    assert calls["penalty"] == ["31.3"]


# -- options: sieges (34.1-34.4, 34.5), massacres (34.6) ---------------------------------------------------
def test_a_siege_places_its_marker_and_the_levels_dice_of_defenders():
    # 34.1: the marker, the 26.4 dice of Muslims drawn into Nicaea, and no battle.
    s = prepared({"godfrey": "nicaea", "seljuk_militia_1": "nicaea"}, options={"siege": True}, reaction=2)
    want = sum(rng.dice(SimpleNamespace(rng=s.rng), 2))
    combat.start_siege(s, "nicaea", ["godfrey"])
    assert s.flags["sieges"] == ["nicaea"]
    assert len(muslims_at(s, "nicaea")) == 1 + want
    assert s.stack[-1]["kind"] == HOLD


def test_a_siege_needs_a_military_leader():
    # 34.1: Raymond is a Diplomatic Leader.
    s = prepared({"raymond": "nicaea", "seljuk_militia_1": "nicaea"}, options={"siege": True})
    with pytest.raises(ValueError):
        combat.start_siege(s, "nicaea", ["raymond"])


def besieged(units: dict[str, str], space: str = "nicaea", **options: bool) -> State:
    """A position where the Christians besiege the Muslims of ``space`` (option siege, 34.1)."""
    muslims = [u for u in units if u.startswith(("seljuk", "fatimid"))]
    return prepared(units, options={"siege": True, **options}, flags={"sieges": [space]}, revealed=muslims)


def test_siege_attacks_are_offered_from_besieged_fortresses():
    # 34.2, 34.0 summary: a siege attack from each besieged fortress, with the option only.
    s = besieged({"godfrey": "nicaea", "seljuk_militia_1": "nicaea"})
    assert combat.siege_attacks(s) == [("siege_attack", "nicaea")]
    s.options = {**s.options, "siege": False}
    assert combat.siege_attacks(s) == []


def test_an_unfinished_siege_attack_keeps_the_siege(calls):
    # 34.2: a die of rounds (2), no reinforcement; both sides survive: the siege goes on, nobody
    # withdraws and the defenders stay revealed.
    s = besieged({"godfrey": "nicaea", "seljuk_militia_1": "nicaea"}, space="nicaea")
    s.reaction = 3
    s.rng = rolls(6, 1, 2, MISS, MISS, MISS, MISS)
    combat.siege_attack(s, "nicaea")
    PROCEDURES.settle(s)
    assert result(s)["winner"] is None
    assert s.flags["sieges"] == ["nicaea"]
    assert muslims_at(s, "nicaea") == ["seljuk_militia_1"] and "seljuk_militia_1" in s.revealed
    assert calls["retreat"] == []


def test_a_won_siege_attack_ends_the_siege():
    # 34.2-34.3: the besieged are all gone: the Christians hold the fortress.
    s = besieged({"godfrey": "nicaea", "seljuk_militia_1": "nicaea"})
    s.rng = rolls(6, 1, 1, HIT)
    combat.siege_attack(s, "nicaea")
    PROCEDURES.settle(s)
    assert result(s)["winner"] == "christian"
    assert s.flags["sieges"] == []


def test_armenians_and_others_make_separate_siege_attacks():
    # 30.2: Crusaders and Armenians may not act as one force: the player picks the one that attacks.
    units = {"godfrey": "tarsus", "constantine": "tarsus", "armenian_azats_1": "tarsus"}
    s = besieged(units | {"seljuk_militia_1": "tarsus"}, space="tarsus")
    s.flags["armenia"] = True
    combat.siege_attack(s, "tarsus")
    PROCEDURES.settle(s)
    assert PROCEDURES.legal(s, PLAYER) == [("siege_force", "godfrey"), ("siege_force", "constantine")]
    PROCEDURES.get("battle").perform(s, s.stack[-1], PLAYER, ("siege_force", "constantine"))
    assert s.stack[-1]["christians"] == ["constantine", "armenian_azats_1"]


def test_no_reinforcement_in_a_besieged_fortress():
    # 34.3 (ruling C-13): a force marching into a besieged fortress draws no Muslims.
    s = besieged({"godfrey": "nicaea", "crusader_knights_1": "nicaea", "seljuk_militia_1": "nicaea"})
    s.reaction = 3
    frame = begin(s, "nicaea", reinforce=True, christian_units=["crusader_knights_1"])
    until(s, "edge")
    assert not frame["reinforce"]
    assert muslims_at(s, "nicaea") == ["seljuk_militia_1"]


def test_a_failed_assault_on_a_besieged_fortress_leaves_the_siege(calls):
    # 34.2 note, 34.3 (rulings C-16, C-17): the Knights attack alone, one round, and withdraw;
    # Godfrey still besieges, so the militia stays, face up.
    s = besieged({"godfrey": "nicaea", "crusader_knights_1": "nicaea", "seljuk_militia_1": "nicaea"})
    calls["retreats"].append("dorylaeum")
    fight(s, "nicaea", dice=(6, 1, MISS, MISS), christian_units=["crusader_knights_1"])
    assert calls["retreat"] == [("nicaea", ["crusader_knights_1"])]
    assert s.loc["crusader_knights_1"] == "dorylaeum"
    assert s.flags["sieges"] == ["nicaea"]
    assert muslims_at(s, "nicaea") == ["seljuk_militia_1"] and "seljuk_militia_1" in s.revealed


def test_a_relief_battle_gives_the_besiegers_no_fortress():
    # 34.4: outside the walls the tie goes to the Muslim attacker, horse archers count (3+1 = 4) and
    # the battle lasts a die of rounds.
    units = {"crusader_knights_1": "nicaea", "seljuk_militia_1": "nicaea", "seljuk_horse_archers_1": "nicaea"}
    s = besieged(units)
    frame = begin(s, "nicaea", "muslim", dice=(4, 3, 3))
    until(s, "round")
    assert (frame["fortress"], frame["edge"], frame["rounds"]) == (False, "muslim", 3)


def test_a_relief_that_wins_occupies_the_fortress_with_the_whole_force():
    # 34.4: the besieged and the relief force stay in Nicaea, face down; the siege is over.
    units = {"crusader_pilgrims_1": "nicaea", "seljuk_militia_1": "nicaea", "seljuk_ghulams_1": "nicaea"}
    s = besieged(units)
    fight(s, "nicaea", "muslim", dice=(1, 6, 1, HIT, MISS))
    assert result(s)["winner"] == "muslim"
    assert muslims_at(s, "nicaea") == ["seljuk_ghulams_1", "seljuk_militia_1"]
    assert not set(muslims_at(s, "nicaea")) & s.revealed
    assert s.flags["sieges"] == []


def test_a_relief_that_does_not_win_withdraws_with_the_besieged():
    # 34.4, 24.2 (ruling C-15): the combined force is the attacker: all go back to the Bin and the
    # Christians take the fortress.
    units = {"crusader_knights_1": "nicaea", "seljuk_militia_1": "nicaea", "seljuk_ghulams_1": "nicaea"}
    s = besieged(units)
    fight(s, "nicaea", "muslim", dice=(6, 1, 1, MISS, MISS, MISS))
    assert result(s)["winner"] is None
    assert not muslims_at(s, "nicaea") and s.flags["sieges"] == []


def test_a_siege_attack_won_in_the_second_round_leaves_a_massacre():
    # The second 34.6: the fortress falls in round 2.
    s = besieged({"crusader_knights_1": "nicaea", "seljuk_militia_1": "nicaea"}, massacre=True)
    s.rng = rolls(6, 1, 3, MISS, MISS, HIT)
    combat.siege_attack(s, "nicaea")
    PROCEDURES.settle(s)
    assert result(s)["winner"] == "christian"
    assert s.flags["massacres"] == ["nicaea"]


def test_no_massacre_when_the_fortress_falls_in_the_first_round():
    # The second 34.6: a first-round win leaves no Massacre.
    s = besieged({"crusader_knights_1": "nicaea", "seljuk_militia_1": "nicaea"}, massacre=True)
    s.rng = rolls(6, 1, 3, HIT)
    combat.siege_attack(s, "nicaea")
    PROCEDURES.settle(s)
    assert result(s)["winner"] == "christian"
    assert s.flags["massacres"] == []


# -- the frame -------------------------------------------------------------------------------------------
def test_the_battle_frame_is_json_native():
    # engine.md: frames hold only JSON data; a state saved at a battle question loads the same.
    units = {"godfrey": "nicaea", "crusader_knights_1": "nicaea", "crusader_foot_1": "nicaea"}
    s = prepared(units | {"seljuk_militia_1": "nicaea", "seljuk_militia_19": "nicaea"})
    fight(s, "nicaea", dice=(1, 6, HIT, HIT))
    assert PROCEDURES.legal(s, PLAYER)
    frame = s.stack[-1]
    assert json.loads(json.dumps(frame)) == frame
    assert State.from_json(json.loads(json.dumps(s.to_json()))).stack == s.stack


def test_a_siege_ends_once_the_besiegers_are_gone():
    # 34.3: the marker stays only while both sides are in the space; the besiegers march off:
    # the siege is over and the garrison is face down again (11.0), so a later march draws (26.4).
    from outremer.games.first_crusade.game import always

    s = besieged({"godfrey": "nicaea", "seljuk_militia_1": "nicaea"})
    always(s)
    assert s.flags["sieges"] == ["nicaea"]
    s.loc["godfrey"] = "civetot"
    always(s)
    assert s.flags["sieges"] == [] and "seljuk_militia_1" not in s.revealed
    frame = begin(s, "nicaea", reinforce=True)
    assert frame["siege"] is None and frame["reinforce"] and frame["fortress"]


def test_a_siege_ends_once_the_besieged_are_gone():
    # 34.3: once every besieged unit is gone, whatever the cause (here winter starvation, 34.5):
    # the besiegers hold the fortress, and a Counteroffensive there is no relief battle (34.4).
    from outremer.games.first_crusade.game import always

    s = besieged({"godfrey": "nicaea", "seljuk_militia_1": "nicaea"})
    s.loc["seljuk_militia_1"] = BIN
    always(s)
    assert s.flags["sieges"] == []
    s.loc["seljuk_ghulams_1"] = "nicaea"
    frame = begin(s, "nicaea", "muslim")
    assert frame["siege"] is None and frame["fortress"]


def test_the_besiegers_camp_goes_once_they_take_the_fortress():
    # 34.5: a Camp built to supply a siege is removed when the Christians gain control of the fortress
    # (back to the box, ruling W-9); while the siege goes on it stays.
    s = besieged({"godfrey": "nicaea", "seljuk_militia_1": "nicaea"})
    s.camps = ["nicaea"]
    s.rng = rolls(6, 1, 2, MISS, MISS, MISS, MISS)
    combat.siege_attack(s, "nicaea")
    PROCEDURES.settle(s)
    assert s.camps == ["nicaea"]
    s.stack[-1:] = []
    PROCEDURES.push(s, HOLD)
    s.rng = rolls(6, 1, 1, HIT)
    combat.siege_attack(s, "nicaea")
    PROCEDURES.settle(s)
    assert result(s)["winner"] == "christian"
    assert s.camps == [] and s.flags["sieges"] == []


def test_later_rounds_draw_no_more_reinforcements(monkeypatch):
    # 23.1(1), 23.1(7) note: the draw is made once, before the Edge, however many rounds follow.
    draws: list[int] = []
    real = combat.draw_muslims
    monkeypatch.setattr(combat, "draw_muslims", lambda *a, **k: draws.append(a[2]) or real(*a, **k))
    units = {
        "crusader_knights_1": "dorylaeum",
        "crusader_foot_1": "dorylaeum",
        "seljuk_militia_19": "dorylaeum",
    }
    for start in range(200):
        draws.clear()
        s = prepared(units)
        s.rng = start
        frame = begin(s, "dorylaeum", reinforce=True)
        while s.stack[-1] is frame:
            legal = PROCEDURES.legal(s, PLAYER)
            if legal:
                PROCEDURES.get("battle").perform(s, frame, PLAYER, legal[0])
            else:
                PROCEDURES.get("battle").run(s, frame)
        if frame["round"] >= 3:
            break
    assert frame["round"] >= 3 and len(draws) == 1


def test_eliminated_mercenaries_go_back_to_the_pilgrimage_bin_and_their_leader_is_gone():
    # 23.3, 14.6, 32.5: the Knights Errant's marker goes back to the Pilgrimage Bin (it may be picked
    # again); Guynemer, a mercenary leader, is out for good.
    units = {
        "knights_errant": "tyre",
        "guynemer": "tyre",
        "seljuk_militia_1": "tyre",
        "seljuk_militia_2": "tyre",
    }
    s = prepared(units)
    s.markers["knights_errant"] = s.markers["guynemer"] = "unit"
    fight(s, "tyre", dice=(1, 6, HIT, HIT))
    assert s.loc["knights_errant"] == BIN and s.markers["knights_errant"] == "bin"
    assert s.loc["guynemer"] == ELIMINATED and s.markers["guynemer"] == "gone"


def test_a_muslim_leader_assault_won_in_the_second_round_leaves_one_massacre():
    # The second 34.5 and 34.6 (options siege, massacre): Kerbogha takes Christian Nicaea in round 2:
    # a Massacre; never two in one fortress.
    units = {"crusader_pilgrims_1": "nicaea", "kerbogha": "nicaea"}
    s = prepared(units, options={"siege": True, "massacre": True})
    fight(s, "nicaea", "muslim", dice=(1, 6, 3, MISS, MISS, HIT))
    assert result(s)["winner"] == "muslim"
    assert s.flags["massacres"] == ["nicaea"]
    s.stack[-1:] = []
    PROCEDURES.push(s, HOLD)
    s.loc["crusader_pilgrims_1"] = "nicaea"
    fight(s, "nicaea", "muslim", dice=(1, 6, 3, MISS, MISS, HIT))
    assert s.flags["massacres"] == ["nicaea"]


def test_no_massacre_after_a_relief_battle():
    # The second 34.6 (ruling C-24): a relief force fights the besiegers outside the walls.
    units = {"crusader_pilgrims_1": "nicaea", "seljuk_militia_1": "nicaea", "kerbogha": "nicaea"}
    s = besieged(units, massacre=True)
    fight(s, "nicaea", "muslim", dice=(1, 6, 3, MISS, MISS, MISS, HIT))
    assert result(s)["winner"] == "muslim"
    assert s.flags["massacres"] == []
