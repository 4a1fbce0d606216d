"""How to set up the game (7.0): what ``setup.new_game`` places, on several seeds."""

from __future__ import annotations

from collections import Counter as Tally

import pytest

from outremer.games.first_crusade.common import BOARD, COUNTERS, MASYAF, christians_at, in_bin, muslims_at
from outremer.games.first_crusade.setup import new_game
from outremer.games.first_crusade.state import BIN

SEEDS = (1, 2, 3, 17)


@pytest.mark.parametrize("seed", SEEDS)
def test_turn_record_and_muslims(seed: int) -> None:
    # 7.0 (1): 1097 Spring at the Event Step, no Special Action; (2): a face-down Seljuk militia in
    # every fortress but Vahka, Sis, Masyaf, Rhodos and Kypros, the Assassin in Masyaf, every
    # other Muslim unit in its Bin, the Reaction Level at I - Low.
    s = new_game(seed, "1097", {})
    assert s.turn == 0 and s.special == 0 and s.reaction == 1
    assert s.stack == [{"kind": "turn", "stage": "event"}]
    for space in BOARD.fortresses():
        here = muslims_at(s, space)
        if space in ("vahka", "sis", "rhodos", "kypros"):
            assert here == []
        elif space == MASYAF:
            assert [COUNTERS[u].contingent for u in here] == ["assassin"]
        else:
            assert len(here) == 1 and COUNTERS[here[0]].type == "militia" and COUNTERS[here[0]].factor == 1
    assert not s.revealed
    placed = {u for u, w in s.loc.items() if w != BIN and COUNTERS[u].side == "muslim"}
    assert len(placed) == len(BOARD.fortresses()) - 4
    assert all(COUNTERS[u].contingent == "fatimid" for u in in_bin(s, "fatimid"))
    assert len(in_bin(s, "fatimid")) == len(BOARD.counters_of("fatimid"))


@pytest.mark.parametrize("seed", SEEDS)
def test_pilgrimage_markers_and_buildings(seed: int) -> None:
    # 7.0 (3): every Pilgrimage marker, mercenaries included, in the Pilgrimage Bin; (4): every
    # Camp, Castle and Monastery in the box.
    s = new_game(seed, "1097", {})
    assert set(s.markers.values()) == {"bin"}
    assert all(s.loc[c.id] == BIN for c in BOARD.counters_of("mercenary"))
    assert s.camps == s.castles == s.monasteries == []


@pytest.mark.parametrize("seed", SEEDS)
def test_christians(seed: int) -> None:
    # 7.0 (4): in Constantinople the ten Crusader Leaders, 2 Heavy Cavalry, 4 Heavy Infantry and
    # 8 Pilgrims, the four Byzantine Leaders and 2d6 Byzantine units picked; in Sis Constantine
    # and two Armenian units, in Vahka two more, picked; all face up; the rest in their Bins.
    s = new_game(seed, "1097", {})
    home = christians_at(s, "constantinople")
    crusaders = Tally(COUNTERS[u].type for u in home if COUNTERS[u].contingent == "crusader")
    assert crusaders == {"leader": 10, "heavy_cavalry": 2, "heavy_infantry": 4, "pilgrims": 8}
    byzantines = [u for u in home if COUNTERS[u].contingent == "byzantine"]
    leaders = [u for u in byzantines if COUNTERS[u].is_leader]
    assert len(leaders) == 4
    assert 2 <= len(byzantines) - 4 <= 12
    (dice,) = (entry[3]["n"] for entry in s.log if entry[3].get("bin") == "Byzantine")
    assert dice == len(byzantines) - 4
    sis = christians_at(s, "sis")
    assert "constantine" in sis and len(sis) == 3 and len(christians_at(s, "vahka")) == 2
    assert not any(COUNTERS[u].is_leader for u in christians_at(s, "vahka"))
    assert not s.reduced
    on_map = {u for u, w in s.loc.items() if w != BIN and COUNTERS[u].side == "christian"}
    assert on_map == {*home, *sis, *christians_at(s, "vahka")}


def test_the_picks_vary_with_the_seed() -> None:
    # 7.0 (4): the Byzantine and Armenian units are picked at random.
    setups = set()
    for seed in range(8):
        s = new_game(seed, "1097", {})
        setups.add(tuple(christians_at(s, "constantinople") + christians_at(s, "vahka")))
    assert len(setups) > 1
