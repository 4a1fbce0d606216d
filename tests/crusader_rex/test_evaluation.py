"""The quick evaluation the search bot judges positions by (evaluation.py, docs/bots.md): positions
built for the purpose, each compared with the same position less the fact under test."""

from __future__ import annotations

import pytest

from outremer.games.crusader_rex import evaluation
from outremer.games.crusader_rex.common import BLOCKS, TOWNS
from outremer.games.crusader_rex.game import CrusaderRex
from outremer.games.crusader_rex.positions import position, put
from outremer.games.crusader_rex.turn import end_game

from .battle import F, S, attack

G = CrusaderRex()
CITIES = evaluation.NAMES.index("cities")
STEPS = evaluation.NAMES.index("steps")
BESIEGED = evaluation.NAMES.index("besieged")


def held_damascus():
    """Damascus (a victory city, 1.2) held by two Saracen emirs in the field."""
    s = position()
    put(s, "zangi", "Damascus")
    put(s, "yazkuj", "Damascus")
    return s


def test_a_strong_attack_is_counted_as_taking_the_city():
    # 6.2-6.4, 1.2: a field battle is pending in Damascus; five full Frank blocks against two
    # emirs are expected to destroy them within three rounds and hold the victory city.
    quiet = held_damascus()
    s = held_damascus()
    for b in ("richard", "philippe", "barbarossa", "conrad", "hospitallers_jerusalem"):
        put(s, b, "Damascus")
    attack(s, "Damascus", F, ["Bosra|Damascus"])
    before, after = evaluation.features(quiet), evaluation.features(s)
    assert after[CITIES] == before[CITIES] + 2  # one city less for the Saracens, one more for the Franks
    # 6.3: 64 steps times firepower score 10.7 hits a round, the emirs' 5 steps are gone in the
    # first, having scored 10/6 hits back: the Franks keep 20 - 10/6 steps, the Saracens none.
    assert after[STEPS] == pytest.approx((20 - 10 / 6) / 10)
    assert evaluation.evaluate(s)[F] > evaluation.evaluate(quiet)[F]


def test_an_attacker_still_standing_after_three_rounds_gives_way():
    # 6.22: an attack that has not won after the third round retreats; the defender keeps the city.
    quiet = held_damascus()
    s = held_damascus()
    put(s, "balian", "Damascus")
    put(s, "walter", "Damascus")
    attack(s, "Damascus", F, ["Bosra|Damascus"])
    features = evaluation.features(s)
    assert features[CITIES] == evaluation.features(quiet)[CITIES]
    # 6.3: 6 Frank steps at firepower 2 against 5 Saracen steps at 2, each side losing a third
    # of the other's steps a round: 4.33 to 3, then 3.33 to 1.56, then 2.81 to 0.44 steps.
    assert features[STEPS] == pytest.approx((2.81 - 0.44) / 10, abs=0.01)


def test_the_defender_of_an_even_fight_is_the_one_expected_to_hold():
    # 6.22: the same forces, the Saracens attacking a Frank-held Damascus this time.
    s = position()
    put(s, "balian", "Damascus")
    put(s, "walter", "Damascus")
    put(s, "zangi", "Damascus")
    put(s, "yazkuj", "Damascus")
    attack(s, "Damascus", S, ["Bosra|Damascus"])
    franks_hold = evaluation.features(s)[CITIES]
    attack(s, "Damascus", F, ["Bosra|Damascus"])
    assert franks_hold == evaluation.features(s)[CITIES] + 2


def test_a_castle_under_siege_still_counts_for_its_holder():
    # 1.2, 6.5: a besieged victory city belongs to the side inside the castle.
    s = position()
    put(s, "zangi", "Damascus", castle=True)
    put(s, "richard", "Damascus")
    put(s, "conrad", "Damascus")
    got = evaluation.features(s)
    assert got[CITIES] == evaluation.features(held_damascus())[CITIES]
    assert got[BESIEGED] == -1


def test_a_finished_game_is_judged_by_its_result():
    # 1.2: once the game is over the evaluation is the result, not an estimate.
    s = held_damascus()
    end_game(s, [F], "test")
    assert evaluation.evaluate(s) == {F: 1.0, S: 0.0}
    s = held_damascus()
    end_game(s, [], "test")
    assert evaluation.evaluate(s) == {F: 0.5, S: 0.5}


def test_the_nomads_to_come_count_while_the_franks_deploy():
    # 3.2: four of the twelve nomads join the Saracens once the Franks finish deploying; the
    # evaluation counts them already (their mean strength, 3.5 steps each), so that finishing is
    # not judged a loss of strength.
    s = G.setup(1)
    assert s.phase == "deploy_franks"
    before = evaluation.features(s)
    G.apply_in_place(s, F, ("done",))
    assert s.phase == "deploy_saracens"
    after = evaluation.features(s)
    drawn = sum(
        BLOCKS[b].max_steps for b, where in s.loc.items() if BLOCKS[b].group == "nomads" and where in TOWNS
    )
    assert before[STEPS] == pytest.approx(after[STEPS] + (drawn - 14) / 10)
