"""The Muslims run by the game (26-27, option 34.3-34.4): the Reaction Level, the Counteroffensive
and its results, the Naval Action and Fatimids Intervene, each on a position built for it. Dice
fall as the test needs by choosing the seed (searched with the engine's generator)."""

from __future__ import annotations

import sys
import types
from collections.abc import Callable
from types import SimpleNamespace
from typing import Any

import pytest

import outremer.games.first_crusade as package
from outremer.engine import rng
from outremer.games.first_crusade import indexes, muslims, pilgrimage
from outremer.games.first_crusade.board import CONSTANTINOPLE, JERUSALEM
from outremer.games.first_crusade.common import BOARD, COUNTERS, MASYAF, muslims_at
from outremer.games.first_crusade.positions import position
from outremer.games.first_crusade.state import BIN, PLAYER, REMOVED, State

COMBAT = "outremer.games.first_crusade.combat"


# -- helpers --------------------------------------------------------------------------------------
def seed_where(n: int, test: Callable[[list[int]], bool]) -> int:
    """A seed whose first ``n`` dice pass ``test`` (rolled by the engine's generator on a stand-in)."""
    for seed in range(1, 200_000):
        if test(rng.dice(SimpleNamespace(rng=rng.seed_state(seed)), n)):
            return seed
    raise AssertionError("no seed gives those dice")


def seed_for(*faces: int) -> int:
    """A seed whose first dice come up ``faces``."""
    return seed_where(len(faces), lambda dice: dice == list(faces))


def cell(result: str) -> tuple[int, int]:
    """The (column, row) of a Counteroffensive Table result such as "attack:central"."""
    for column in range(1, 7):
        for row in range(1, 7):
            if BOARD.tables.counteroffensive(column, row).text == result:
                return column, row
    raise AssertionError(f"no cell {result}")


def logged_dice(s: State, text: str) -> list[int]:
    """The dice of the last log entry whose template contains ``text``."""
    entry = next(e for e in reversed(s.log) if text in e[2])
    return [int(d) for d in entry[3]["dice"].split()]


def assert_hidden_names_kept(s: State) -> None:
    """No log entry names a Muslim unit that stands face down (11.0)."""
    for _rule, _who, _template, args in s.log:
        for value in args.values():
            if value in COUNTERS and COUNTERS[value].side == "muslim":
                assert value in s.revealed, f"the log names the concealed {value}"


def seljuks(s: State, space: str) -> list[str]:
    return [u for u in muslims_at(s, space) if COUNTERS[u].contingent == "seljuk"]


@pytest.fixture
def battles(monkeypatch: pytest.MonkeyPatch) -> list[dict[str, Any]]:
    """Record the battles started (combat.start_battle, the combat module's)."""
    calls: list[dict[str, Any]] = []

    def start_battle(
        state: State,
        space: str,
        attacker: str,
        *,
        reinforce: bool,
        muslim_bonus: int = 0,
        christian_units: list[str] | None = None,
        cause: str = "",
    ) -> None:
        calls.append(
            {
                "space": space,
                "attacker": attacker,
                "reinforce": reinforce,
                "bonus": muslim_bonus,
                "cause": cause,
            }
        )

    try:
        from outremer.games.first_crusade import combat
    except ImportError:  # combat.py is written by another engineer
        combat = types.ModuleType(COMBAT)
        monkeypatch.setitem(sys.modules, COMBAT, combat)
        monkeypatch.setattr(package, "combat", combat, raising=False)
    monkeypatch.setattr(combat, "start_battle", start_battle, raising=False)
    return calls


@pytest.fixture
def outcomes(monkeypatch: pytest.MonkeyPatch) -> list[tuple[Any, ...]]:
    """Record the battle-like gains and losses (pilgrimage.reward and penalty)."""
    calls: list[tuple[Any, ...]] = []
    monkeypatch.setattr(pilgrimage, "reward", lambda s, space, rule: calls.append(("reward", space, rule)))
    monkeypatch.setattr(pilgrimage, "penalty", lambda s, rule: calls.append(("penalty", rule)))
    return calls


HELD_FOUR = {
    "constantine": "sis",  # Armenians count before activation (27.2 note)
    "john_doukas": "ancyra",  # Byzantines count (ruling M-27.2)
    "godfrey": "nicaea",
    "seljuk_militia_1": "nicaea",  # contested counts
    "hugh": "dorylaeum",  # with a Castle (33.7)
    "bohemond": CONSTANTINOPLE,  # never counts
    "seljuk_militia_2": "iconium",  # Muslim-held: does not count
}


def held_four(seed: int = 1) -> State:
    s = position(HELD_FOUR, seed=seed)
    s.castles.append("dorylaeum")
    return s


# -- 27.1-27.2 the Reaction Level ------------------------------------------------------------------
def test_level_check_counts_christian_and_contested_fortresses_and_castles() -> None:
    # 27.2, ruling M-27.2: Sis, Ancyra, a contested Nicaea and a Castle; not Constantinople or Iconium.
    assert muslims.held_fortresses(held_four()) == 4


def test_level_rises_when_three_dice_total_at_most_the_fortresses_held() -> None:
    # 27.2 (2): a total equal to the count is enough.
    s = held_four(seed_where(3, lambda d: sum(d) == 4))
    muslims.check_level(s)
    assert s.reaction == 2


def test_level_stays_when_three_dice_total_more_than_the_fortresses_held() -> None:
    # 27.2 (3)
    s = held_four(seed_where(3, lambda d: sum(d) == 5))
    muslims.check_level(s)
    assert s.reaction == 1


@pytest.mark.parametrize(("start", "n", "end"), [(1, 1, 2), (3, 1, 3), (1, -1, 1), (3, -2, 1)])
def test_level_moves_within_low_and_high(start: int, n: int, end: int) -> None:
    # 27.1, ruling M-27.1: a change past I or III is lost.
    s = position({}, reaction=start)
    indexes.change_level(s, n, "35.0")
    assert s.reaction == end


def test_reaction_checks_the_level_before_the_counteroffensive(battles: list[dict[str, Any]]) -> None:
    # 8.1 step 4, 27.2 then 27.3: the raised level's two dice place the attackers.
    units = {"godfrey": "iconium", "hugh": "nicaea", "tancred": "ancyra", "bohemond": "ephesus"}
    units |= {"baldwin": "smyrna", "raymond": "tarsus"}
    seed = seed_where(5, lambda d: sum(d[:3]) <= 6 and (d[3], d[4]) == cell("attack:central"))
    s = position(units, seed=seed)
    assert muslims.held_fortresses(s) == 6
    muslims.reaction(s)
    assert s.reaction == 2
    dice = logged_dice(s, "Muslim attack")
    assert len(dice) == 2
    assert len(seljuks(s, "iconium")) == sum(dice)
    assert battles == [
        {"space": "iconium", "attacker": "muslim", "reinforce": False, "bonus": 0, "cause": "27.4"}
    ]


# -- 27.4 Attack -----------------------------------------------------------------------------------
def test_attack_hits_the_christian_space_closest_to_jerusalem(battles: list[dict[str, Any]]) -> None:
    # 27.4: on the Central route Heraclea is nearer Jerusalem than Iconium and Nicaea; one die at
    # level I places that many Seljuks, revealed as Christians are there (26.2), and they attack.
    s = position({"godfrey": "nicaea", "crusader_foot_1": "iconium", "hugh": "heraclea"}, seed=seed_for(3))
    muslims.attack(s, "central")
    placed = seljuks(s, "heraclea")
    assert len(placed) == 3
    assert set(placed) <= s.revealed
    assert not muslims_at(s, "iconium")
    assert battles == [
        {"space": "heraclea", "attacker": "muslim", "reinforce": False, "bonus": 0, "cause": "27.4"}
    ]


def test_attack_falls_on_jerusalem_when_christians_are_there(battles: list[dict[str, Any]]) -> None:
    # 27.4, 29.3: Jerusalem is on every land route and comes first.
    s = position({"godfrey": "damascus", "tancred": JERUSALEM}, seed=seed_for(2))
    muslims.attack(s, "eastern")
    assert [b["space"] for b in battles] == [JERUSALEM]
    assert len(muslims_at(s, JERUSALEM)) == 2


def test_attack_uses_the_dice_of_the_level(battles: list[dict[str, Any]]) -> None:
    # 27.4: as many dice as the Reaction Level (III: three dice).
    s = position({"godfrey": "iconium"}, reaction=3, seed=seed_for(6, 5, 4))
    muslims.attack(s, "central")
    assert len(muslims_at(s, "iconium")) == 15


def test_attack_with_christians_only_in_constantinople_has_no_effect(battles: list[dict[str, Any]]) -> None:
    # 27.3 note, 27.4, ruling M-27.4b: Constantinople is never a target; no dice are rolled.
    s = position({"godfrey": CONSTANTINOPLE, "hugh": "damascus"})
    before = s.rng
    muslims.attack(s, "central")
    assert battles == []
    assert s.rng == before
    assert not muslims_at(s, CONSTANTINOPLE)


def test_attack_with_an_empty_bin_and_no_muslims_fights_no_battle(battles: list[dict[str, Any]]) -> None:
    # 26.2: an empty Bin gives nothing; ruling M-23.1: with no Muslim to attack there is no battle.
    s = position({"godfrey": "iconium"})
    for c in BOARD.counters_of("seljuk"):
        s.loc[c.id] = REMOVED
    muslims.attack(s, "central")
    assert battles == []


# -- 27.5 Relief Force -----------------------------------------------------------------------------
def test_relief_attacks_the_christian_fortress_closest_to_jerusalem(battles: list[dict[str, Any]]) -> None:
    # 27.5: the town of Heraclea is nearer, but the relief goes to the fortress Iconium.
    s = position({"godfrey": "nicaea", "crusader_foot_1": "iconium", "hugh": "heraclea"}, seed=seed_for(1))
    muslims.relief(s, "central")
    assert [b["space"] for b in battles] == ["iconium"]
    assert battles[0]["cause"] == "27.5"
    assert len(muslims_at(s, "iconium")) == 1


def test_relief_counts_a_castle_as_a_fortress(battles: list[dict[str, Any]]) -> None:
    # 27.5, 33.7: a Castle at Dorylaeum is nearer Jerusalem than Nicaea.
    s = position({"godfrey": "nicaea", "hugh": "dorylaeum"})
    s.castles.append("dorylaeum")
    muslims.relief(s, "central")
    assert [b["space"] for b in battles] == ["dorylaeum"]


def test_relief_without_a_christian_fortress_reoccupies_the_nearest_empty_one(
    battles: list[dict[str, Any]],
) -> None:
    # 27.5, ruling M-27.5: no Christian fortress on the route: a raid on the empty fortress nearest
    # Jerusalem (Jerusalem and Homs are held, so Shaizar), reoccupied face down (27.7), no battle.
    s = position({"hugh": "heraclea", "seljuk_militia_1": JERUSALEM, "seljuk_militia_2": "homs"})
    muslims.relief(s, "central")
    assert battles == []
    placed = muslims_at(s, "shaizar")
    assert len(placed) == 1
    assert not set(placed) & s.revealed
    assert not muslims_at(s, "heraclea")
    assert_hidden_names_kept(s)


def test_relief_with_every_fortress_of_the_route_held_by_muslims_has_no_effect(
    battles: list[dict[str, Any]],
) -> None:
    # ruling M-27.5: no target at all; no re-roll (27.6).
    forts = [s for s in BOARD.routes["central"] if BOARD.spaces[s].kind == "fortress"]
    militia = [c.id for c in BOARD.counters_of("seljuk") if c.type == "militia"]
    s = position(dict(zip(militia, forts, strict=False)) | {"hugh": "heraclea"})
    before = dict(s.loc)
    muslims.relief(s, "central")
    assert battles == []
    assert s.loc == before


# -- 27.6-27.7 Raid and Reoccupation ---------------------------------------------------------------
def test_raid_on_a_christian_space_is_an_attack(battles: list[dict[str, Any]]) -> None:
    # 27.6: Christians in the raided space: the Attack procedure there.
    s = position({"tancred": "tarsus"}, seed=seed_for(4))
    muslims.raid(s, "tarsus", rule="27.6")
    assert len(seljuks(s, "tarsus")) == 4
    assert battles == [
        {"space": "tarsus", "attacker": "muslim", "reinforce": False, "bonus": 0, "cause": "27.6"}
    ]


def test_ambush_raid_gives_the_muslims_its_edge(battles: list[dict[str, Any]]) -> None:
    # 13.2 chart: an Ambush is a raid on the Pilgrim's space with +1 to the Muslim Tactical Edge.
    s = position({"raymond": "antioch"})
    muslims.raid(s, "antioch", muslim_bonus=1, rule="13.2")
    assert battles[0]["bonus"] == 1
    assert battles[0]["cause"] == "13.2"


def test_raid_on_an_empty_town_reoccupies_it_face_down(battles: list[dict[str, Any]]) -> None:
    # 27.6-27.7: no battle, one unit picked and placed face down, unnamed in the log.
    s = position({})
    muslims.raid(s, "philomelium", rule="27.6")
    assert battles == []
    placed = muslims_at(s, "philomelium")
    assert len(placed) == 1
    assert COUNTERS[placed[0]].contingent == "seljuk"
    assert placed[0] not in s.revealed
    assert_hidden_names_kept(s)


def test_raid_adds_no_unit_where_muslims_already_are() -> None:
    # 27.7: a space already holding a Muslim unit gets no other.
    s = position({"seljuk_militia_1": "philomelium"})
    muslims.raid(s, "philomelium", rule="27.6")
    assert muslims_at(s, "philomelium") == ["seljuk_militia_1"]


def test_raid_reoccupies_no_space_that_is_neither_fortress_nor_town() -> None:
    # 27.7, ruling M-27.7: Jaffa is a port, not a town.
    s = position({})
    muslims.raid(s, "jaffa", rule="27.6")
    assert not muslims_at(s, "jaffa")


def test_reoccupation_destroys_the_buildings_there() -> None:
    # 27.7, 33.5: Muslims alone in a space remove its Camp and Monastery.
    s = position({})
    s.camps.append("philomelium")
    s.monasteries.append("philomelium")
    muslims.raid(s, "philomelium", rule="27.6")
    assert s.camps == [] and s.monasteries == []


def test_raids_on_kypros_draw_fatimids(battles: list[dict[str, Any]]) -> None:
    # 27.11: the Mediterranean islands take units of the Fatimid Bin, with or without Christians.
    s = position({"imperial_fleet": "kypros"}, seed=seed_for(2))
    muslims.raid(s, "kypros", rule="27.6")
    muslims.raid(s, "rhodos", rule="27.6")
    assert {COUNTERS[u].contingent for u in muslims_at(s, "kypros") + muslims_at(s, "rhodos")} == {"fatimid"}
    assert len(muslims_at(s, "kypros")) == 2
    assert [b["space"] for b in battles] == ["kypros"]


def play_out(s: State) -> None:
    """Run the procedures pushed (all modules real, the checks of ``game.always`` made), taking the
    last choice offered each time, until the turn's own frame is back on top."""
    from outremer.games.first_crusade.game import always
    from outremer.games.first_crusade.procedures import PROCEDURES

    PROCEDURES.settle(s, always)
    while s.result is None and s.stack[-1]["kind"] != "turn":
        PROCEDURES.perform(s, PLAYER, PROCEDURES.legal(s, PLAYER)[-1], always)


def test_an_ambush_in_constantinople_draws_the_level_dice_and_attacks(battles: list[dict[str, Any]]) -> None:
    # Chart (Ambush: a raid in the pilgrim's space, engage in combat, +1 to the Muslims), 27.6 -> 27.4
    # (the level's dice of Muslims placed where the Christians are), ruling M-27.3: the one place the
    # note to 27.3 and 29.1 give way. Under the old reading (no effect) nothing was placed nor fought.
    s = position({"stephen": CONSTANTINOPLE}, reaction=2, seed=seed_for(4, 2))
    s.monasteries.append(CONSTANTINOPLE)
    muslims.raid(s, CONSTANTINOPLE, muslim_bonus=1, rule="13.2")
    assert battles == [
        {"space": CONSTANTINOPLE, "attacker": "muslim", "reinforce": False, "bonus": 1, "cause": "13.2"}
    ]
    assert len(seljuks(s, CONSTANTINOPLE)) == 6
    assert [f["kind"] for f in s.stack] == ["turn", "ambush_leave"]  # the battle's stand-in pushed none


@pytest.mark.parametrize("space", [CONSTANTINOPLE, MASYAF])
def test_an_ambush_battle_in_constantinople_or_masyaf_leaves_no_muslim_there(space: str) -> None:
    # Ruling M-27.3: the Muslims drawn fight the pilgrim's force there (chart, 27.6), then whoever is
    # left goes back to the Bin, face down (27.3 note, 29.1, 31.1: they may not stay), even after
    # winning, when 24.1(2) would keep one in a fortress. Constantinople stays Christian (10.5) with
    # its Monastery; in Masyaf a pilgrim who falls loses the Monastery (33.5) and the Assassin is back
    # (31.1). Over a few seeds each outcome comes up: the pilgrim wins, falls, or a stalemate.
    seen = set()
    for seed in range(1, 120):
        s = position({"stephen": space, "godfrey": "antioch"}, seed=seed)  # Godfrey: no sudden death (6.3)
        s.loc["assassin"] = "eliminated"  # out of Masyaf while Christians hold it (31.1)
        s.monasteries.append(space)
        muslims.raid(s, space, muslim_bonus=1, rule="13.2")
        play_out(s)
        said = [e[2].format(**e[3]) for e in s.log]
        assert any(t.startswith("Battle in") for t in said)
        assert any("Ambush or Jihad" in t for t in said if t.startswith("Tactical Edge"))
        assert [e for e in s.log if e[0] == "23.1" and "reinforcements" in e[2]] == []  # ruling M-23.1
        assert [u for u in muslims_at(s, space) if u != "assassin"] == []
        assert not any(COUNTERS[u].side == "muslim" and u in s.revealed for u in s.loc.at.get(BIN, ()))
        if s.loc["stephen"] == space:
            seen.add("stalemate" if any(e[0] == "24.2" for e in s.log) else "held")
            assert s.monasteries == [space]
        else:
            seen.add("lost")
            if space == CONSTANTINOPLE:
                assert s.monasteries == [CONSTANTINOPLE]
            else:
                assert s.monasteries == [] and s.loc["assassin"] == MASYAF
    assert seen == {"held", "lost", "stalemate"}


def test_no_counteroffensive_places_muslims_in_constantinople_or_masyaf() -> None:
    # 27.3 note, 29.1, 31.1, rulings M-27.4b, M-27.5: with Christians only in Constantinople and
    # Masyaf, no cell of the table, Jihad's +1 or not (35.0), puts a Muslim unit in either: Attacks
    # and Relief Forces find no target there, raids and reoccupation (27.6-27.7) go elsewhere.
    for column in range(1, 7):
        for row in range(1, 7):
            s = position({"godfrey": CONSTANTINOPLE, "hugh": MASYAF}, reaction=3, seed=seed_for(column, row))
            s.loc["assassin"] = "eliminated"
            muslims.counteroffensive(s, muslim_bonus=1)
            play_out(s)
            assert muslims_at(s, CONSTANTINOPLE) == muslims_at(s, MASYAF) == []


def test_counteroffensive_reads_the_column_die_then_the_row_die(battles: list[dict[str, Any]]) -> None:
    # 27.3: the first die is the column, the second the row: a raid on an empty Nicaea reoccupies it.
    column, row = cell("raid:nicaea")
    assert BOARD.tables.counteroffensive(row, column).text != "raid:nicaea"
    s = position({}, seed=seed_for(column, row))
    muslims.counteroffensive(s)
    assert len(muslims_at(s, "nicaea")) == 1


def test_jihad_counteroffensive_gives_the_muslims_plus_one(battles: list[dict[str, Any]]) -> None:
    # 35.0 Jihad: the Counteroffensive's battle has +1 for the Muslims.
    s = position({"godfrey": "iconium"}, seed=seed_for(*cell("attack:central")))
    muslims.counteroffensive(s, muslim_bonus=1)
    assert [(b["space"], b["bonus"]) for b in battles] == [("iconium", 1)]


# -- 27.8 Naval Action -----------------------------------------------------------------------------
NAVAL = {
    "imperial_fleet": "cilician_sea",
    "turcopoles_1": "cilician_sea",  # aboard (ruling M-25.2)
    "kibyrrhaiot_fleet": "kypros",
    "athanatoi": "kypros",  # ashore in a port
    "caspax": "aegean_sea",  # west of Rhodos
}


def test_naval_action_needs_christian_fleets_east_of_rhodos(outcomes: list[tuple[Any, ...]]) -> None:
    # 27.8: a fleet west of Rhodos does not count; nothing is rolled.
    s = position({"caspax": "aegean_sea", "imperial_fleet": "abydos"})
    before = s.rng
    muslims.naval_action(s)
    assert outcomes == []
    assert s.rng == before


def test_naval_action_won_when_the_muslim_fleet_is_at_most_the_christian_total(
    outcomes: list[tuple[Any, ...]],
) -> None:
    # 27.8: two fleets of 2 east of Rhodos (Kypros a port) total 4; a 4 is a Christian win.
    s = position(NAVAL, seed=seed_where(2, lambda d: sum(d) == 4))
    muslims.naval_action(s)
    assert outcomes == [("reward", CONSTANTINOPLE, "27.8")]
    assert not s.reduced


def test_naval_action_lost_reduces_the_eastern_fleets_and_their_passengers(
    outcomes: list[tuple[Any, ...]],
) -> None:
    # 27.8, ruling M-25.2: a 5 beats 4: the two eastern fleets and the unit at sea lose a step; the
    # unit ashore in Kypros and Caspax west of Rhodos do not; one Special Action and a boon are lost.
    s = position(NAVAL, seed=seed_where(2, lambda d: sum(d) == 5))
    muslims.naval_action(s)
    assert s.reduced == {"imperial_fleet", "kibyrrhaiot_fleet", "turcopoles_1"}
    assert s.loc["athanatoi"] == "kypros"
    assert outcomes == [("penalty", "27.8")]


def test_naval_action_lost_drowns_the_passengers_of_a_sunk_fleet(outcomes: list[tuple[Any, ...]]) -> None:
    # 27.8, 25.1, ruling M-25.1: the one-step Genoese fleet is eliminated (back to the Pilgrimage
    # Bin); the knights aboard, reduced, are left at sea with no fleet and are lost.
    s = position({"genoese_fleet": "syrian_sea", "crusader_knights_1": "syrian_sea"}, seed=seed_for(6, 6))
    muslims.naval_action(s)
    assert s.loc["genoese_fleet"] == BIN and s.markers["genoese_fleet"] == "bin"
    assert s.loc["crusader_knights_1"] == BIN


def test_naval_result_of_the_table_is_a_naval_action(outcomes: list[tuple[Any, ...]]) -> None:
    # 27.3, 27.8
    s = position(
        NAVAL, seed=seed_where(4, lambda d: (d[0], d[1]) == cell("naval_action") and sum(d[2:]) <= 4)
    )
    muslims.counteroffensive(s)
    assert outcomes == [("reward", CONSTANTINOPLE, "27.8")]


# -- 27.10 Fatimids Intervene ----------------------------------------------------------------------
def test_fatimids_take_jerusalem_from_the_seljuks() -> None:
    # 27.10: the Seljuks go back to their Bin, one die of Fatimids takes their place, face down.
    s = position({"seljuk_militia_1": JERUSALEM, "seljuk_horse_archers_1": JERUSALEM}, seed=seed_for(4))
    muslims.fatimids_intervene(s)
    assert s.loc["seljuk_militia_1"] == BIN and s.loc["seljuk_horse_archers_1"] == BIN
    placed = muslims_at(s, JERUSALEM)
    assert len(placed) == 4
    assert {COUNTERS[u].contingent for u in placed} == {"fatimid"}
    assert s.flags["fatimid_jerusalem"]
    assert_hidden_names_kept(s)


@pytest.mark.parametrize(
    "units",
    [
        {"seljuk_militia_1": JERUSALEM, "godfrey": JERUSALEM},  # contested
        {"godfrey": JERUSALEM},  # Christian
        {},  # empty
    ],
)
def test_fatimids_do_not_intervene_unless_the_seljuks_control_jerusalem(units: dict[str, str]) -> None:
    # 27.10
    s = position(units)
    muslims.fatimids_intervene(s)
    assert not s.flags["fatimid_jerusalem"]
    assert sorted(muslims_at(s, JERUSALEM)) == sorted(u for u in units if COUNTERS[u].side == "muslim")


def test_fatimids_intervene_once_only() -> None:
    # 35.0, ruling M-27.10: already in effect: no effect.
    s = position({"seljuk_militia_1": JERUSALEM}, flags={"fatimid_jerusalem": True})
    muslims.fatimids_intervene(s)
    assert muslims_at(s, JERUSALEM) == ["seljuk_militia_1"]


# -- option 34.3-34.4: a relief into a siege -------------------------------------------------------
def test_relief_into_a_besieged_fortress_joins_the_garrison(battles: list[dict[str, Any]]) -> None:
    # 34.3-34.4, ruling M-34.4: the besieged fortress has Christians: the relief goes there, joins the
    # besieged (same Bin) and all attack.
    s = position(
        {"godfrey": "iconium", "seljuk_militia_1": "iconium"},
        options={"siege": True},
        flags={"sieges": ["iconium"]},
        seed=seed_for(2),
    )
    muslims.relief(s, "central")
    assert len(seljuks(s, "iconium")) == 3
    assert [b["space"] for b in battles] == ["iconium"]
    assert any(e[0] == "34.4" for e in s.log)


def test_once_the_fatimids_hold_jerusalem_muslims_placed_there_ascalon_and_acre_are_fatimids() -> None:
    # 27.10 (last paragraph), 26.4 note: after the intervention Jerusalem, Ascalon and Acre draw from
    # the Fatimid Bin; a space already held by Seljuks keeps drawing Seljuks (10.2); elsewhere Seljuks.
    from outremer.games.first_crusade.common import muslim_bin

    s = position({"seljuk_militia_1": "acre"}, flags={"fatimid_jerusalem": True})
    assert [muslim_bin(s, x) for x in (JERUSALEM, "ascalon", "acre", "tyre")] == [
        "fatimid",
        "fatimid",
        "seljuk",
        "seljuk",
    ]
    s.loc["seljuk_militia_1"] = BIN
    assert muslim_bin(s, "acre") == "fatimid"
    s = position({"godfrey": "ascalon"}, flags={"fatimid_jerusalem": True}, reaction=1, seed=seed_for(1, 2))
    muslims.raid(s, "ascalon", rule="27.6")
    assert {COUNTERS[u].contingent for u in muslims_at(s, "ascalon")} == {"fatimid"}
    s = position({"godfrey": "ascalon"}, reaction=1, seed=seed_for(1, 2))
    muslims.raid(s, "ascalon", rule="27.6")
    assert {COUNTERS[u].contingent for u in muslims_at(s, "ascalon")} == {"seljuk"}


def test_a_counteroffensive_battle_runs_to_its_end_with_each_outcome() -> None:
    # 27.4 then 23.1-24.2, all modules real: Godfrey holds Nicaea, the central route's Christian space
    # closest to Jerusalem. Over a few seeds every outcome comes up: he holds it and no Muslim is left
    # (24.0); he falls and one Muslim stays, face down (24.1(2)); or both survive and the attackers go
    # back to their Bin (24.2). The Muslims placed are the battle's only draw (ruling M-23.1).
    from outremer.games.first_crusade.game import always
    from outremer.games.first_crusade.procedures import PROCEDURES

    seen = set()
    for seed in range(1, 80):
        s = position({"godfrey": "nicaea", "hugh": CONSTANTINOPLE}, seed=seed)  # no sudden death (6.3)
        muslims.attack(s, "central")
        PROCEDURES.settle(s, always)
        while s.stack[-1]["kind"] != "turn":
            PROCEDURES.perform(s, PLAYER, PROCEDURES.legal(s, PLAYER)[-1], always)
        placed = [e for e in s.log if e[0] == "27.4" and "placed" in e[2]]
        drawn = [e for e in s.log if e[0] == "23.1" and "reinforcements" in e[2]]
        assert len(placed) == 1 and drawn == []
        left = muslims_at(s, "nicaea")
        if s.loc["godfrey"] == "nicaea":
            assert left == []
            seen.add("held" if any(e[0] == "24.0" for e in s.log) else "stalemate")
        else:
            assert len(left) == 1 and left[0] not in s.revealed
            seen.add("lost")
    assert seen == {"held", "lost", "stalemate"}
