"""Rank and initiative in Kingdom of Heaven (outremer/games/kingdom_of_heaven/initiative.py), on
positions built for each case: the three cases of rank (§10.3), the ranking leader and its
tie-break (§5.4), the lower strategy rating moving first, ties to the Christian, and K29-K30."""

from __future__ import annotations

import pytest

from outremer.games.kingdom_of_heaven.common import data
from outremer.games.kingdom_of_heaven.initiative import (
    determine,
    first_player,
    leaders_on_map,
    outranks,
    ranking_leader,
)
from outremer.games.kingdom_of_heaven.setup import new_game
from outremer.games.kingdom_of_heaven.state import State, group, marker

SIDES = {
    "crusaders": "christian",
    "jerusalem": "christian",
    "tripoli": "christian",
    "byzantium": "christian",
    "armenia": "christian",
    "ayyubids": "muslim",
    "seljuks": "muslim",
    "mamluks": "muslim",
    "mongols": "neutral",
}


def _position(*placed: tuple[str, str, str]) -> State:
    """Scenario D's state with no leader anywhere but ``placed``: (leader, Power, space), a space
    name prefixed 'in:' for inside its stronghold."""
    state = new_game(1, "D")
    for place in (state.field, state.inside):
        for groups in place.values():
            for g in groups.values():
                g["leaders"] = []
    for power, side in SIDES.items():
        state.political[marker(power)] = side
    for lid, power, at in placed:
        where = state.inside if at.startswith("in:") else state.field
        where.setdefault(at.removeprefix("in:"), {}).setdefault(power, group())["leaders"].append(lid)
    return state


def _outranks(a: str, b: str) -> bool:
    return outranks(data(new_game(1, "D")).counters, a, b)


@pytest.mark.parametrize(
    ("above", "below"),
    [
        ("tancred", "amalric"),  # §10.3: a Crusader (command 3) over a Kingdom leader (command 6)
        ("tancred", "gerard_ridefort"),  # §10.3: a Crusader over an Order's leader
        ("conrad", "raymond_iii"),  # §10.3: a Kingdom leader (command 2) over Tripoli's (command 3)
        ("conrad", "villiers"),  # §10.3: a Kingdom leader over a Hospitaller of higher command
    ],
)
def test_crusaders_then_the_kingdom_outrank_other_catholics_whatever_their_command(
    above: str, below: str
) -> None:
    # §10.3 L596-L597: the first two cases ignore the command rating
    assert _outranks(above, below)
    assert not _outranks(below, above)


@pytest.mark.parametrize(
    ("above", "below"),
    [
        ("barbarossa", "richard"),  # §10.3 L598: two Crusaders, command 8 over 6
        ("amalric", "guy"),  # §10.3 L598: two Kingdom leaders, command 6 over 5
        ("leo_ii", "tancred"),  # §10.3 L598: an Orthodox leader is no Catholic: command 4 over 3
        ("saladin", "al_adil"),  # §10.3 L598: Muslims, command 10 over 4
        ("bohemond_iii", "raymond_iii"),  # §10.3 L598: two other Catholics, command 4 over 3
    ],
)
def test_otherwise_the_higher_command_rating_outranks(above: str, below: str) -> None:
    assert _outranks(above, below)
    assert not _outranks(below, above)


def test_equal_command_outside_the_first_cases_gives_no_rank() -> None:
    # §10.3 L598: "otherwise neither leader outranks the other"
    assert not _outranks("richard", "philip") and not _outranks("philip", "richard")
    assert not _outranks("manuel_i", "amalric") and not _outranks("amalric", "manuel_i")


def test_the_ranking_leader_is_the_highest_ranked_on_the_map() -> None:
    # §5.4 L299, §10.3 L600: Robert of Normandy (a Crusader, strategy 3) outranks Amalric I (Kingdom,
    # strategy 1), so 3 is compared with Taqi al-Din's 2 and the Muslim goes first
    state = _position(
        ("robert_normandy", "crusaders", "antioch"),
        ("amalric", "jerusalem", "in:kerak"),
        ("taqi_al_din", "ayyubids", "cairo"),
    )
    assert ranking_leader(state, "christian") == "robert_normandy"
    assert first_player(state) == "muslim"
    # without Robert, Amalric, inside Kerak's stronghold, is on the map and his 1 beats 2
    state.field["antioch"]["crusaders"]["leaders"] = []
    assert ranking_leader(state, "christian") == "amalric"
    assert first_player(state) == "christian"


def test_a_crusader_of_poor_strategy_still_ranks_above_a_better_kingdom_leader() -> None:
    # §10.3 L596, §5.4 L299: Tancred (strategy 2) ranks above Amalric (strategy 1), so 2 is
    # compared with al-Adil's 2, and the tie goes to the Christian ...
    state = _position(
        ("tancred", "crusaders", "antioch"),
        ("amalric", "jerusalem", "acre"),
        ("al_adil", "ayyubids", "cairo"),
    )
    assert ranking_leader(state, "christian") == "tancred"
    assert first_player(state) == "christian"
    # ... while with Taqi al-Din's 2 and Saladin's 1 the Muslim's ranking leader is Saladin
    state = _position(
        ("tancred", "crusaders", "antioch"),
        ("taqi_al_din", "ayyubids", "aleppo"),
        ("saladin", "ayyubids", "cairo"),
    )
    assert ranking_leader(state, "muslim") == "saladin"
    assert first_player(state) == "muslim"


def test_between_leaders_of_equal_rank_the_lowest_strategy_rating_is_taken() -> None:
    # §5.4 L299: Philip (2/2/6) and Richard (1/4/6) are of equal rank: Richard's 1 counts
    state = _position(
        ("philip", "crusaders", "acre"), ("richard", "crusaders", "tyre"), ("qalawun", "mamluks", "cairo")
    )
    assert ranking_leader(state, "christian") == "richard"
    assert first_player(state) == "christian"


def test_the_lower_strategy_rating_moves_first_and_a_tie_goes_to_the_christian() -> None:
    # §5.4 L299: Barbarossa's 1 against Saladin's 1 is a tie: the Christian (§Example.Initiative L1302)
    state = _position(("barbarossa", "crusaders", "antioch"), ("saladin", "ayyubids", "cairo"))
    assert first_player(state) == "christian"
    # Guy's 2 against Saladin's 1: the Muslim; Guy's 2 against al-Afdal's 3: the Christian
    assert first_player(_position(("guy", "jerusalem", "acre"), ("saladin", "ayyubids", "cairo"))) == "muslim"
    assert (
        first_player(_position(("guy", "jerusalem", "acre"), ("al_afdal", "ayyubids", "cairo")))
        == "christian"
    )


def test_only_leaders_on_the_map_of_the_players_powers_count() -> None:
    # §5.4 L299: "consults the map" and "currently control": Saladin in the force pool, Baibars
    # a prisoner of the Christian and a neutral Mongol leader do not count for the Muslim
    state = _position(
        ("guy", "jerusalem", "acre"), ("al_afdal", "ayyubids", "cairo"), ("hulegu", "mongols", "mosul")
    )
    state.pools["ayyubids"]["leaders"].append("saladin")
    state.prisoners["christian"].append("baibars")
    assert leaders_on_map(state, "muslim") == ["al_afdal"]
    assert first_player(state) == "christian"
    state.political[marker("mongols")] = "muslim"  # Hulegu (1) once the Mongols side with the Muslim
    assert ranking_leader(state, "muslim") == "hulegu"
    assert first_player(state) == "muslim"


def test_a_circle_of_rank_takes_the_lowest_strategy_among_its_members() -> None:
    # K29 (§10.3): Tancred over Amalric (first case), Amalric over Leo II (6 over 4), Leo II over
    # Tancred (4 over 3): each is outranked once, so Amalric's strategy 1 counts
    state = _position(
        ("tancred", "crusaders", "antioch"),
        ("amalric", "jerusalem", "acre"),
        ("leo_ii", "armenia", "sis"),
        ("al_adil", "ayyubids", "cairo"),
    )
    assert ranking_leader(state, "christian") == "amalric"
    # with Leo II gone, Tancred is outranked by nobody and his 2 ties al-Adil's 2
    state.field["sis"]["armenia"]["leaders"] = []
    assert ranking_leader(state, "christian") == "tancred"


def test_no_leader_on_the_map_loses_the_initiative() -> None:
    # K30 (§5.4): a player without a leader on the map goes second; with none at all, the Christian first
    assert first_player(_position(("al_afdal", "ayyubids", "cairo"))) == "muslim"
    assert first_player(_position(("manasses", "jerusalem", "acre"))) == "christian"
    assert first_player(_position()) == "christian"


def test_determine_sets_the_first_player_and_logs_both_ranking_leaders() -> None:
    # §5.4: the initiative is public, as are the leaders on the map (§10.5.1)
    state = _position(("guy", "jerusalem", "acre"), ("saladin", "ayyubids", "cairo"))
    determine(state)
    assert state.first == "muslim"
    key, audience, text = state.log[-1]
    assert key == "§5.4" and audience is None
    assert "Guy" in text and "Saladin" in text
