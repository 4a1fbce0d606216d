"""Random Events (9.0-9.1, 35.0), each on a position built for it; the player's selections are
answered on the event's own frame. Dice fall as the test needs by choosing the seed."""

from __future__ import annotations

from typing import Any

import pytest

from outremer.engine.procedures import Action
from outremer.games.first_crusade import events, muslims, pilgrimage
from outremer.games.first_crusade.board import CONSTANTINOPLE, JERUSALEM
from outremer.games.first_crusade.common import BOARD, MASYAF, SPACES, in_bin, muslims_at
from outremer.games.first_crusade.positions import position
from outremer.games.first_crusade.procedures import PROCEDURES
from outremer.games.first_crusade.state import BIN, ELIMINATED, PLAYER, State

from .test_muslims import seed_for

Calls = list[tuple[Any, ...]]


# -- helpers ----------------------------------------------------------------------------------------
def choices(s: State) -> list[Action]:
    """The player's choices in the event's frame (the innermost, above the turn)."""
    frame = s.stack[-1]
    assert frame["kind"] != "turn", "no event frame is waiting"
    return PROCEDURES.legal(s, PLAYER)


def answer(s: State, action: Action) -> None:
    assert action in choices(s)
    frame = s.stack[-1]
    PROCEDURES.get(frame["kind"]).perform(s, frame, PLAYER, action)


def run_events(s: State) -> None:
    """Run the event frames that ask nothing, down to the turn or to a choice."""
    while s.stack[-1]["kind"] != "turn" and not choices(s):
        frame = s.stack[-1]
        PROCEDURES.get(frame["kind"]).run(s, frame)


@pytest.fixture
def lost(monkeypatch: pytest.MonkeyPatch) -> Calls:
    """Record the Pilgrimage markers lost (pilgrimage.lose_markers, 13.4)."""
    calls: Calls = []
    monkeypatch.setattr(pilgrimage, "lose_markers", lambda s, n, rule: calls.append((n, rule)))
    return calls


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> Calls:
    """Record the Pilgrimage draws (pilgrimage.draw)."""
    calls: Calls = []

    def draw(
        s: State, n: int, *, space: str | None, leader: str | None, mode: str, rule: str, place: str
    ) -> list[str]:
        calls.append((n, space, leader, mode, rule, place))
        return []

    monkeypatch.setattr(pilgrimage, "draw", draw)
    return calls


# -- 9.0 the table ------------------------------------------------------------------------------------
def test_every_event_of_the_table_has_an_effect() -> None:
    # 35.0: the 17 events and "none".
    assert set(events.EVENTS) == set(BOARD.tables.event_names)


def test_the_event_roll_reads_the_column_then_the_row() -> None:
    # 9.0: (1, 2) is Gesta Francorum, (2, 1) is not.
    assert BOARD.tables.event(1, 2) == "gesta_francorum" != BOARD.tables.event(2, 1)
    s = position({}, seed=seed_for(1, 2))
    events.roll_event(s)
    assert s.special == 2


def test_no_event_changes_nothing() -> None:
    s = position({"godfrey": "nicaea"})
    before = s.to_json()
    events.resolve(s, "none")
    assert s.to_json() == before


# -- Special Actions and the Reaction Level ---------------------------------------------------------
def test_gesta_francorum_gives_two_special_actions_up_to_six() -> None:
    # 35.0, 12.2 limits
    s = position({}, special=5)
    events.resolve(s, "gesta_francorum")
    assert s.special == 6


def test_armenian_alliance_activates_armenia() -> None:
    # 35.0, 30.1 (3)
    s = position({})
    events.resolve(s, "armenian_alliance")
    assert s.flags["armenia"] and s.special == 0


def test_armenian_alliance_gives_a_special_action_once_armenia_is_active() -> None:
    s = position({}, flags={"armenia": True})
    events.resolve(s, "armenian_alliance")
    assert s.special == 1


@pytest.mark.parametrize(("level", "after"), [(2, 1), (1, 1)])
def test_muslim_infighting_lowers_the_level_and_gives_a_special_action(level: int, after: int) -> None:
    # 35.0, ruling M-27.1: at level I the level stays, the Special Action is still gained.
    s = position({}, reaction=level)
    events.resolve(s, "muslim_infighting")
    assert (s.reaction, s.special) == (after, 1)


def test_turk_civil_war_with_two_of_its_fortresses_held() -> None:
    # 35.0: Christians control Nicaea and Iconium.
    s = position({"godfrey": "nicaea", "john_doukas": "iconium"}, reaction=2)
    events.resolve(s, "turk_civil_war")
    assert (s.reaction, s.special) == (1, 1)


def test_turk_civil_war_without_two_fortresses_controlled_has_no_effect() -> None:
    # 35.0, ruling E-35.0a: a contested Damascus is not controlled.
    s = position({"godfrey": "nicaea", "hugh": "damascus", "seljuk_militia_1": "damascus"}, reaction=2)
    events.resolve(s, "turk_civil_war")
    assert (s.reaction, s.special) == (2, 0)


@pytest.mark.parametrize(
    "units",
    [{"godfrey": "damascus"}, {"godfrey": JERUSALEM, "seljuk_militia_1": JERUSALEM}],
)
def test_jihad_raises_the_level_then_counterattacks_with_plus_one(
    units: dict[str, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # 35.0, ruling E-35.0a: Christians occupy Damascus, or a contested Jerusalem.
    calls: list[tuple[int, int]] = []
    monkeypatch.setattr(
        muslims, "counteroffensive", lambda s, *, muslim_bonus: calls.append((s.reaction, muslim_bonus))
    )
    s = position(units)
    events.resolve(s, "jihad")
    assert calls == [(2, 1)]


def test_jihad_without_christians_in_jerusalem_or_damascus_has_no_effect(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    calls: list[int] = []
    monkeypatch.setattr(muslims, "counteroffensive", lambda s, *, muslim_bonus: calls.append(muslim_bonus))
    s = position({"godfrey": "homs"})
    events.resolve(s, "jihad")
    assert (calls, s.reaction) == ([], 1)


def test_fatimids_intervene_when_christians_control_two_pilgrimage_fortresses(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # 35.0, ruling E-35.0a: any contingent controls; then 27.10.
    calls: list[State] = []
    monkeypatch.setattr(muslims, "fatimids_intervene", calls.append)
    s = position({"godfrey": "antioch", "constantine": "edessa"})
    events.resolve(s, "fatimids_intervene")
    assert calls == [s]


def test_fatimids_do_not_intervene_with_one_pilgrimage_fortress_controlled(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    calls: list[State] = []
    monkeypatch.setattr(muslims, "fatimids_intervene", calls.append)
    s = position({"godfrey": "antioch", "hugh": "edessa", "seljuk_militia_1": "edessa"})
    events.resolve(s, "fatimids_intervene")
    assert calls == []


# -- the turn -----------------------------------------------------------------------------------------
@pytest.mark.parametrize(("turn", "stage"), [(0, "end"), (2, "winter")])
def test_earthquake_ends_the_turn(turn: int, stage: str) -> None:
    # 35.0, ruling E-35.0i: no more actions, no Muslim Reaction; after Autumn, straight to Supply.
    s = position({}, turn=turn, actions=3, special=2)
    events.resolve(s, "earthquake")
    assert (s.stack[0]["stage"], s.actions, s.special) == (stage, 0, 0)


def test_christian_infighting_loses_a_marker_and_restricts_the_turn(lost: Calls) -> None:
    # 35.0: one marker picked back to the Bin; Crusader units only for the rest of the turn.
    s = position({})
    events.resolve(s, "christian_infighting")
    assert lost == [(1, "35.0")]
    assert s.flags["infighting"]


# -- Pilgrimage markers -----------------------------------------------------------------------------
def test_celestial_wonder_swaps_every_available_marker(lost: Calls, drawn: Calls) -> None:
    # 35.0, ruling E-35.0c: two markers back to the Bin, two drawn and kept, mercenaries to Constantinople.
    s = position({}, available=["deus_vult", "firouz"])
    events.resolve(s, "celestial_wonder")
    assert lost == [(2, "35.0")]
    assert drawn == [(2, None, None, "keep", "35.0", "constantinople")]


def test_celestial_wonder_without_available_markers_has_no_effect(lost: Calls, drawn: Calls) -> None:
    s = position({})
    events.resolve(s, "celestial_wonder")
    assert (lost, drawn) == ([], [])


def test_papal_support_draws_one_die_of_markers(drawn: Calls) -> None:
    # 35.0: a die of draws, kept; the player places mercenaries (place="choice").
    s = position({}, seed=seed_for(5))
    events.resolve(s, "papal_support")
    assert drawn == [(5, None, None, "keep", "35.0", "choice")]


# -- Assassins Strike ----------------------------------------------------------------------------------
def test_assassins_do_not_strike_while_crusaders_hold_masyaf(lost: Calls) -> None:
    # 35.0, ruling E-35.0e: no effect but one Special Action.
    s = position({"godfrey": MASYAF, "hugh": "homs"})
    s.loc["assassin"] = ELIMINATED
    events.resolve(s, "assassins_strike")
    assert (lost, s.special, len(s.stack)) == ([], 1, 1)


def test_assassins_strike_costs_a_marker_and_lets_the_player_select_the_leader(lost: Calls) -> None:
    # 35.0: a marker picked back; every Christian Leader on the map may be selected.
    s = position({"godfrey": "nicaea", "alexios": CONSTANTINOPLE, "constantine": "sis", "hugh": BIN})
    events.resolve(s, "assassins_strike")
    assert lost == [(1, "35.0")]
    assert choices(s) == [("strike", "godfrey"), ("strike", "alexios"), ("strike", "constantine")]


def test_assassins_strike_reduces_a_leader_rolling_above_his_factor() -> None:
    # 35.0: Godfrey fights at 3; a 4 reduces him.
    s = position({"godfrey": "nicaea", "hugh": "iconium"}, seed=seed_for(4))
    events.resolve(s, "assassins_strike")
    answer(s, ("strike", "godfrey"))
    assert s.reduced == {"godfrey"}
    assert len(s.stack) == 1


def test_assassins_strike_misses_on_a_roll_equal_to_the_factor() -> None:
    s = position({"godfrey": "nicaea", "hugh": "iconium"}, seed=seed_for(3))
    events.resolve(s, "assassins_strike")
    answer(s, ("strike", "godfrey"))
    assert not s.reduced


def test_assassins_strike_the_only_leader_without_asking_and_eliminate_him_if_reduced() -> None:
    # 35.0, 23.3: a reduced Godfrey fights at 2; a 3 eliminates him, for good (32.1).
    s = position({"godfrey": "nicaea"}, reduced=["godfrey"], seed=seed_for(3))
    events.resolve(s, "assassins_strike")
    run_events(s)
    assert s.loc["godfrey"] == ELIMINATED
    assert len(s.stack) == 1


# -- reinforcements and departures ---------------------------------------------------------------------
def test_byzantine_reinforcement_arrives_in_constantinople() -> None:
    # 35.0: one unit picked from the Byzantine Bin.
    s = position({})
    before = in_bin(s, "byzantine")
    events.resolve(s, "byzantine_reinforcement")
    (unit,) = [u for u in before if s.loc[u] != BIN]
    assert s.loc[unit] == CONSTANTINOPLE


def test_crusader_reinforcement_goes_to_constantinople_or_a_crusader_port() -> None:
    # 35.0, ruling E-35.0f: Tyre is Crusader-held; Byzantine Acre and contested Beirut are not.
    units = {"godfrey": "tyre", "john_doukas": "acre", "tancred": "beirut", "seljuk_militia_1": "beirut"}
    s = position(units)
    before = in_bin(s, "crusader")
    events.resolve(s, "crusader_reinforcement")
    (unit,) = [u for u in before if s.loc[u] != BIN]
    assert choices(s) == [("place", CONSTANTINOPLE), ("place", "tyre")]
    answer(s, ("place", "tyre"))
    assert s.loc[unit] == "tyre"
    assert len(s.stack) == 1


def test_crusader_reinforcement_avoids_a_port_where_it_would_break_stacking() -> None:
    # 10.1(1), 32.3, ruling E-35.0f: Nicomedia is held by a mercenary with Byzantines: no Crusader
    # may stand there; with Takitios only it may (Smyrna).
    units = {"knights_errant": "nicomedia", "athanatoi": "nicomedia", "genoese_crossbows": "smyrna"}
    s = position({**units, "takitios": "smyrna"})
    events.resolve(s, "crusader_reinforcement")
    assert choices(s) == [("place", CONSTANTINOPLE), ("place", "smyrna")]


def test_crusader_reinforcement_without_a_crusader_port_stays_in_constantinople() -> None:
    # ruling E-35.0f: nothing to choose, nothing asked.
    s = position({"godfrey": "nicaea"})
    before = in_bin(s, "crusader")
    events.resolve(s, "crusader_reinforcement")
    run_events(s)
    (unit,) = [u for u in before if s.loc[u] != BIN]
    assert s.loc[unit] == CONSTANTINOPLE
    assert len(s.stack) == 1


def test_crusader_leader_goes_home_to_be_recruited_again() -> None:
    # 35.0, ruling E-35.0b: a Crusader Leader on the map (not a mercenary nor a Byzantine) is
    # selected; he goes back to the Bin at full strength, his Kingdom title with him (36.3).
    units = {"godfrey": JERUSALEM, "hugh": "nicaea", "guynemer": "kypros", "alexios": CONSTANTINOPLE}
    s = position(units, reduced=["godfrey"], flags={"kingdoms": {"godfrey": JERUSALEM}})
    events.resolve(s, "crusader_leader_goes_home")
    assert choices(s) == [("send_home", "godfrey"), ("send_home", "hugh")]
    answer(s, ("send_home", "godfrey"))
    assert s.loc["godfrey"] == BIN
    assert "godfrey" in in_bin(s, "crusader")
    assert not s.reduced
    assert s.flags["kingdoms"] == {}


def test_the_only_crusader_leader_goes_home_without_asking() -> None:
    s = position({"hugh": "nicaea", "alexios": CONSTANTINOPLE})
    events.resolve(s, "crusader_leader_goes_home")
    run_events(s)
    assert s.loc["hugh"] == BIN


@pytest.mark.parametrize(("die", "home"), [(2, True), (3, False)])
def test_byzantines_go_home_on_one_or_two(die: int, home: bool) -> None:
    # 35.0, ruling E-35.0d: the force at Dorylaeum rolls; its mercenary stays; fortresses and
    # Constantinople do not roll.
    units = {"john_doukas": "dorylaeum", "athanatoi": "dorylaeum", "knights_errant": "dorylaeum"}
    units |= {"takitios": "nicaea", "vestiaritai": CONSTANTINOPLE}
    s = position(units, reduced=["athanatoi"], seed=seed_for(die))
    events.resolve(s, "byzantines_go_home")
    where = BIN if home else "dorylaeum"
    assert (s.loc["john_doukas"], s.loc["athanatoi"]) == (where, where)
    assert ("athanatoi" in s.reduced) is not home
    assert s.loc["knights_errant"] == "dorylaeum"
    assert (s.loc["takitios"], s.loc["vestiaritai"]) == ("nicaea", CONSTANTINOPLE)


def test_byzantine_fleets_going_home_leave_their_mercenary_passenger_lost_at_sea() -> None:
    # 35.0, 25.1 (ruling M-25.1): the Imperial Fleet carried the Knights Errant (10.1(4)); it goes
    # home on a 1, and the knights, left at sea without a fleet, are lost.
    s = position({"imperial_fleet": "aegean_sea", "knights_errant": "aegean_sea"}, seed=seed_for(1))
    s.markers["knights_errant"] = "unit"
    events.resolve(s, "byzantines_go_home")
    assert s.loc["imperial_fleet"] == BIN
    assert s.loc["knights_errant"] == BIN and s.markers["knights_errant"] == "bin"


# -- Plague and Storms --------------------------------------------------------------------------------
PLAGUE = {
    "godfrey": CONSTANTINOPLE,  # two steps: reduced
    "crusader_pilgrims_1": CONSTANTINOPLE,  # one step: eliminated
    "alexios": CONSTANTINOPLE,
    "tancred": "nicaea",
    "seljuk_militia_1": "nicaea",
    "seljuk_militia_2": "nicaea",
    "hugh": "dorylaeum",  # two units: no roll
    "crusader_foot_1": "dorylaeum",
}


def test_plague_strikes_every_unit_of_a_crowded_space_on_a_six() -> None:
    # 35.0: Constantinople (first on the map) rolls 6, Nicaea 5; Dorylaeum, with two units, does
    # not roll.
    assert list(SPACES).index(CONSTANTINOPLE) < list(SPACES).index("nicaea")
    s = position(PLAGUE, seed=seed_for(6, 5))
    events.resolve(s, "plague")
    assert s.reduced == {"godfrey", "alexios"}
    assert s.loc["crusader_pilgrims_1"] == BIN
    assert len(muslims_at(s, "nicaea")) == 2
    assert [e[3]["space"] for e in s.log if e[2].startswith("Plague")] == [CONSTANTINOPLE, "nicaea"]


def test_plague_strikes_both_sides() -> None:
    # 35.0: Muslims too; the Christians stay in control of Nicaea.
    s = position(PLAGUE, seed=seed_for(5, 6))
    events.resolve(s, "plague")
    assert muslims_at(s, "nicaea") == []
    assert s.reduced == {"tancred"}


def test_plague_at_sea_drowns_the_passengers_of_lost_fleets() -> None:
    # 35.0, 25.1, ruling M-25.1: the two one-step fleets are eliminated; the knights left at sea are
    # lost with them.
    units = {"genoese_fleet": "syrian_sea", "pisan_fleet": "syrian_sea", "crusader_knights_1": "syrian_sea"}
    s = position(units, seed=seed_for(6))
    events.resolve(s, "plague")
    assert [s.loc[u] for u in units] == [BIN, BIN, BIN]


@pytest.mark.parametrize(("die", "where"), [(2, CONSTANTINOPLE), (3, "aegean_sea")])
def test_storms_blow_fleets_at_sea_back_to_constantinople(die: int, where: str) -> None:
    # 35.0, ruling M-25.2: the fleet at sea and the unit aboard; the fleet in the port of Kypros
    # does not roll.
    units = {"imperial_fleet": "aegean_sea", "turcopoles_1": "aegean_sea", "kibyrrhaiot_fleet": "kypros"}
    s = position(units, reduced=["imperial_fleet"], seed=seed_for(die))
    events.resolve(s, "storms")
    assert (s.loc["imperial_fleet"], s.loc["turcopoles_1"]) == (where, where)
    assert s.loc["kibyrrhaiot_fleet"] == "kypros"
    assert s.reduced == {"imperial_fleet"}


def test_the_assassins_eliminating_a_naval_leader_at_sea_drown_his_passenger() -> None:
    # 35.0, 32.1, 25.1 (ruling M-25.1): a reduced Caspax (1) is the only fleet carrying Turcopoles;
    # a 6 eliminates him and the Turcopoles, left at sea, are lost too.
    s = position({"caspax": "aegean_sea", "turcopoles_1": "aegean_sea"}, reduced=["caspax"], seed=seed_for(6))
    events.resolve(s, "assassins_strike")
    run_events(s)
    assert s.loc["caspax"] == ELIMINATED and s.loc["turcopoles_1"] == BIN
