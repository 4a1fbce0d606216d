"""The Siege (Siege, Siege.1-14, Siege.12.1-2; R10a-d): its Defender, no reinforcement, Allies
from the Region only, the Defender's rise, the take-over and the ransack, the Citadel."""

from __future__ import annotations

from outremer.games.four_powers.common import data, presence_left
from outremer.games.four_powers.procedures import PROCEDURES
from outremer.games.four_powers.state import BYZANTINES, CALIPHATE, CRUSADERS, SELJUK, State

from .fights import act, asked, conflict, conflicts_for, drive, empty, kind, rolls, texts

BLANK = 0
CITY = "antiocheia"


def besieged() -> State:
    """Antiocheia's City, four levels on this side (R11b): the Caliphate on the first level, the
    Byzantines on the second; the Seljuk with 1 Support in the Region and 2 Footmen; dice that
    show nothing."""
    s = empty()
    s.influence[CITY] = [CALIPHATE, BYZANTINES, None, None]
    s.support[CITY] = {SELJUK: 1}
    s.units[SELJUK]["footman"] = 2
    s.rng = rolls(BLANK, BLANK, BLANK, BLANK)
    return s


def siege(s: State, attacker: str = SELJUK) -> None:
    conflicts_for(s, attacker)
    act(s, attacker, "siege", CITY)


def test_the_defender_is_the_other_influence_on_the_highest_level() -> None:
    # Siege: against the player whose Influence is highest among the others in the City.
    s = besieged()
    s.influence[CITY] = [BYZANTINES, None, None, SELJUK]
    conflicts_for(s, SELJUK)
    assert ("siege", CITY) in PROCEDURES.legal(s, SELJUK)
    act(s, SELJUK, "siege", CITY)
    assert conflict(s)["defender"] == BYZANTINES and conflict(s)["kind"] == "siege"


def test_nobody_moves_support_in_and_allies_come_only_from_the_region() -> None:
    # Siege.1, .4: no Support moves in; Siege.2, .5: an Ally must have Support in the Region.
    s = besieged()
    s.support["iconium"] = {SELJUK: 2, BYZANTINES: 2, CRUSADERS: 1}
    s.support[CITY][CALIPHATE] = 1
    s.gold[SELJUK] = s.gold[BYZANTINES] = 5
    siege(s)
    assert kind(s) == "siege_invite"
    assert PROCEDURES.legal(s, SELJUK) == [("invite", CALIPHATE), ("alone",)]  # not the Crusaders
    act(s, SELJUK, "alone")
    assert kind(s) == "siege_invite" and asked(s) == (BYZANTINES,)
    act(s, BYZANTINES, "invite", CALIPHATE)
    act(s, CALIPHATE, "accept")
    assert kind(s) == "siege_card"  # no reinforcement window for anyone
    assert s.support["iconium"] == {SELJUK: 2, BYZANTINES: 2, CRUSADERS: 1}


def test_a_winning_defender_rises_one_level() -> None:
    # Siege.12, R10c, R10d: the Defender (winning the tie, R7a) rises from the third column to the
    # empty top level and takes the City Control marker; every participant scores 1 VP.
    s = besieged()
    s.influence[CITY] = [CALIPHATE, None, BYZANTINES, None]
    siege(s)
    drive(s)
    assert s.influence[CITY] == [CALIPHATE, None, None, BYZANTINES]
    assert s.control[CITY] == BYZANTINES
    assert s.vp[SELJUK] == 1 and s.vp[BYZANTINES] == 1 and s.vp[CALIPHATE] == 0


def test_a_defender_rising_below_the_top_level_takes_no_control() -> None:
    # Siege.12, R10c: the Defender rises one level only, from the second to the third column;
    # R10d: not on the top level, so the City Control marker stays on its card.
    s = besieged()
    siege(s)
    drive(s)
    assert s.influence[CITY] == [CALIPHATE, None, BYZANTINES, None]
    assert s.control[CITY] is None
    assert s.vp[SELJUK] == 1 and s.vp[BYZANTINES] == 1


def test_a_rising_defender_changes_places_with_the_marker_above() -> None:
    # Siege.12, R10c: the Seljuk besiege from the top level; the Byzantines below them win and
    # change places with them, taking control (R10d).
    s = besieged()
    s.influence[CITY] = [CALIPHATE, None, BYZANTINES, SELJUK]
    s.control[CITY] = SELJUK
    siege(s)
    assert conflict(s)["defender"] == BYZANTINES
    drive(s)
    assert s.influence[CITY] == [CALIPHATE, None, SELJUK, BYZANTINES]
    assert s.control[CITY] == BYZANTINES


def test_a_winning_defender_on_the_top_level_scores_one_more_vp() -> None:
    # Siege.12, R10c: already on top, the Defender gains 1 VP instead of rising.
    s = besieged()
    s.influence[CITY] = [None, None, None, BYZANTINES]
    s.control[CITY] = BYZANTINES
    siege(s)
    drive(s)
    assert s.influence[CITY] == [None, None, None, BYZANTINES]
    assert s.vp[BYZANTINES] == 2 and s.vp[SELJUK] == 1


def test_a_winning_attacker_takes_the_top_level_and_control() -> None:
    # Siege.12.1, R10b, R10d: the Defender's Influence leaves; the winner's goes on top, from its
    # supply; the Citadel stays.
    s = besieged()
    s.citadels[CITY] = BYZANTINES
    siege(s)
    before = presence_left(s, SELJUK)
    drive(s, commits={SELJUK: (2, 0, 0)}, stop="siege_spoils")
    assert PROCEDURES.legal(s, SELJUK) == [("take",), ("ransack",)]
    act(s, SELJUK, "take")
    assert s.influence[CITY] == [CALIPHATE, None, None, SELJUK]
    assert s.control[CITY] == SELJUK and s.citadels[CITY] == BYZANTINES
    assert presence_left(s, SELJUK) == before - 1
    assert s.vp[SELJUK] == 1  # a winning attacker gains no more VP in a Siege (Siege.12)


def test_a_winner_already_in_the_city_moves_its_marker_to_the_top() -> None:
    # R10b, Presence.Influence.7: one marker per player per City.
    s = besieged()
    s.influence[CITY] = [SELJUK, BYZANTINES, None, None]
    siege(s)
    before = presence_left(s, SELJUK)
    drive(s, commits={SELJUK: (2, 0, 0)}, spoils="take")
    assert s.influence[CITY] == [None, None, None, SELJUK]
    assert presence_left(s, SELJUK) == before


def test_with_no_marker_in_supply_nor_in_the_city_the_winner_can_only_ransack() -> None:
    # R10b
    s = besieged()
    for loc in ("iconium", "edessa", "tripoli", "tyrus", "jerusalem", "ascalon", "damascus", "aleppo"):
        s.support[loc] = {SELJUK: 1}
    s.support["iconium"][SELJUK] = 2
    assert presence_left(s, SELJUK) == 0
    siege(s)
    drive(s, commits={SELJUK: (2, 0, 0)}, stop="siege_spoils")
    assert PROCEDURES.legal(s, SELJUK) == [("ransack",)]


def test_a_ransack_empties_the_city_removes_the_citadel_and_pays_its_gold() -> None:
    # Siege.12.2, R10d: every Influence leaves, the Citadel leaves the game, the City Control
    # marker goes back to its card, the winner gains the City's ransack Gold.
    s = besieged()
    s.citadels[CITY] = BYZANTINES
    s.stock[BYZANTINES]["citadel"] = 2
    s.control[CITY] = BYZANTINES
    siege(s)
    drive(s, commits={SELJUK: (2, 0, 0)}, spoils="ransack")
    assert s.influence[CITY] == [None, None, None, None]
    assert CITY not in s.citadels and s.stock[BYZANTINES]["citadel"] == 2
    assert s.control[CITY] is None
    assert s.gold[SELJUK] == data(s).cities[CITY].sides["four"].ransack > 0
    assert any("ransacks" in t for t in texts(s))


def test_the_besieged_commits_one_unit_plus_one_per_citadel_off_its_board_besides_its_support() -> None:
    # Siege.7-11, Markers.Influence, Buildings.Citadel.3, R10a; Units: Siege Towers, not Knights.
    s = besieged()
    s.support[CITY][BYZANTINES] = 1
    s.stock[BYZANTINES]["citadel"] = 1  # two Citadels off its player board
    s.units[BYZANTINES] = {"footman": 9, "tower": 9, "knight": 9}
    siege(s)
    drive(s, stop="siege_commit")
    legal = PROCEDURES.legal(s, BYZANTINES)
    assert max(f + t for _, f, t, _n in legal) == 2 * 1 + 1 + 2
    seljuk = PROCEDURES.legal(s, SELJUK)
    assert max(f + t for _, f, t, _n in seljuk) == 2  # the attacker: 2 per Support only
    act(s, BYZANTINES, "commit", 0, 5, 0)
    act(s, SELJUK, "commit", 0, 0, 0)
    assert conflict(s)["units"][BYZANTINES] == {"footman": 0, "tower": 5}
    assert s.units[BYZANTINES] == {"footman": 9, "tower": 4, "knight": 9}


def test_the_besieged_citadel_adds_its_track_value() -> None:
    # Buildings.Citadel.2: the besieged Defender's Citadel gives Strength at its track value.
    s = besieged()
    s.citadels[CITY] = BYZANTINES
    s.tracks[BYZANTINES]["citadel"] = 3  # value 3 on the last space (tracks.json)
    siege(s)
    drive(s, commits={SELJUK: (2, 0, 0)})
    assert "Strength: Seljuk 2, Byzantines 3; the Byzantines' side wins." in texts(s)
