"""The Upkeep phase (upkeep.py) on positions built for the purpose: the Mission, Tithe, the Orders
left on the map, the supply check, Advanced Orders, Jerusalem, income, Glory icons, the victory
check, the round marker and the end, the Genoa ships, the cards and the initiative track. Keys are
those of docs/third-crusade/sections.md; Rn of rulings.md."""

from __future__ import annotations

import pytest

from outremer.engine.errors import IllegalAction
from outremer.games.third_crusade import control, upkeep
from outremer.games.third_crusade.common import data
from outremer.games.third_crusade.procedures import PROCEDURES
from outremer.games.third_crusade.state import SABOTAGE, State, unit

from .play import GAME, kind, play, snapshot, start

SHAPES = {"infantry": "square", "cavalry": "hexagon", "siege_engine": "trapezoid"}


def put(
    state: State, region: str, army: str, n: int = 1, what: str = "infantry", at: int | None = None
) -> None:
    """``n`` Units of ``army`` into free slots of ``region`` without icons (or into slot ``at``),
    taken from its player board."""
    printed = data(state).board.regions[region].slots
    slots = state.regions[region]["slots"]
    free = [i for i, s in enumerate(printed) if s.shape == SHAPES[what] and slots[i] is None and not s.icon]
    for i in free[:n] if at is None else [at]:
        slots[i] = unit(army, what)
        state.board_units[army][what] -= 1


def empty(scenario: str = "four") -> State:
    """The set-up with every piece off the map (back on its board), no ships, no Orders."""
    state = start(scenario)
    state.initiative = ["turkoman", "angevin", "ayyubid", "hre"] if scenario == "four" else state.initiative
    for here in state.regions.values():
        here["slots"] = [s if s == SABOTAGE else None for s in here["slots"]]
        here["resources"] = []
    for army in state.armies:
        state.board_units[army] = dict(data(state).orders.board.units)
    state.ships = {}
    state.mission = None
    state.stack.clear()
    return state


def run(state: State) -> State:
    """Start the Upkeep phase on ``state``, its tracks following the map."""
    control.update_tracks(state)
    PROCEDURES.push(state, upkeep.UPKEEP)
    PROCEDURES.settle(state)
    return state


def said(state: State, key: str) -> list[str]:
    return [text for k, _, text in state.log if k == key]


def test_the_mission_counts_uncovered_icons_for_glory_and_partners_for_faith() -> None:
    state = empty()
    state.mission = "ensure_supply"  # Glory: a supply icon; Faith: a Desert
    put(state, "sidon", "angevin")  # 2 supply icons uncovered
    put(state, "tyre", "angevin")
    put(state, "d_galilee", "angevin")  # a Desert without supply
    put(state, "tripoli", "hre", at=1)  # its one supply icon may be covered
    put(state, "damascus", "ayyubid")
    put(state, "d_negev", "ayyubid")
    put(state, "d_beqaa", "turkoman")  # a Desert without supply
    covered = (
        data(state).board.regions["tripoli"].slots[state.regions["tripoli"]["slots"].index("hre:infantry")]
    )
    assert covered.icon == "supply"
    run(state)
    # Upkeep.1, R14: Sidon and Tyre for the Crusaders (Tripoli's icon covered), Damascus and the
    # Negev for the Muslims: even, no Glory. Faith: the Angevin 1 Desert, the Holy Roman Empire 0;
    # the Ayyubid and the Turkoman 1 each
    assert said(state, "Upkeep.1")[0].startswith("Mission Ensure our supply: Regions held 2 to 2")
    assert state.faith == {"crusader": ["angevin", 1], "muslim": [None, 0]}


def test_the_alliance_holding_more_regions_of_the_mission_gains_the_difference() -> None:
    state = empty()
    state.mission = "road_to_jerusalem"
    for region in ("jerusalem", "jaffa", "ascalon"):
        put(state, region, "hre")
    put(state, "d_samaria", "ayyubid")
    put(state, "ahamant", "ayyubid")  # not a Region of this Mission
    run(state)
    # Upkeep.1: 3 against 1 (the Desert of Samaria); then Upkeep.4.C: Jerusalem's 2; the Glory
    # icons of Upkeep.4.E: none uncovered in the Crusaders' Cities but Jaffa's and Ascalon's (2),
    # Ahamant's (1) for the Muslims
    assert said(state, "Upkeep.1")[0].startswith("Mission The Road to Jerusalem: Regions held 3 to 1;")
    assert said(state, "Upkeep.1")[0].endswith("the Glory marker at 2.")
    assert state.glory == 2 + 2 + 2 - 1


@pytest.mark.parametrize(
    ("mission", "ayyubid", "turkoman"),
    [
        ("pay_the_army", ("damascus", "hama"), "sidon"),  # 2 gold icons, no Port; a Port, no gold
        ("hold_the_desert", ("d_samaria",), "d_negev"),  # a command point icon; a supply icon
    ],
)
def test_the_faith_halves_of_step_22(mission: str, ayyubid: tuple[str, ...], turkoman: str) -> None:
    """Upkeep.1 with the reconstructed Faith halves of balance.md step 22: Pay the Army counts Ports,
    Hold the Desert Roads supply icons. The Ayyubid holds only what the former halves counted (gold
    and command point icons), the Turkoman one Region the new halves count."""
    state = empty()
    state.mission = mission
    for region in ayyubid:
        put(state, region, "ayyubid")
    put(state, turkoman, "turkoman")
    run(state)
    # Upkeep.1, R14: the partner holding more Regions of the Faith half moves the marker its way
    assert state.faith["muslim"] == ["turkoman", 1]


def orders_on_map(state: State) -> None:
    put(state, "tyre", "angevin")
    state.placed = {
        "tyre": {"crusader": {"army": "angevin", "order": "angevin_defence", "up": False}},
        "sidon": {"crusader": {"army": "angevin", "order": "angevin_reinforce", "up": False}},
        "d_galilee": {"crusader": {"army": "angevin", "order": "angevin_march", "up": False}},
        "acre": {"crusader": {"army": "angevin", "order": "angevin_blank_1", "up": False}},
        "jaffa": {"crusader": {"army": "angevin", "order": "angevin_charge", "up": True}},
    }
    for o in ("angevin_defence", "angevin_reinforce", "angevin_march", "angevin_blank_1", "angevin_charge"):
        if o in state.order_box["angevin"]:
            state.order_box["angevin"].remove(o)


def test_tithe_needs_presence_and_the_cost_and_gives_one_gold() -> None:
    state = empty()
    orders_on_map(state)
    state.tracks["angevin"]["current"] = 1
    gold = state.gold["angevin"]
    run(state)
    # Upkeep.2, R15: the Defence in Tyre (Presence, cost 1) may be tithed; the Reinforce in Sidon
    # lacks Presence
    assert GAME.active_roles(state) == ("angevin",)
    assert GAME.legal_actions(state, "angevin") == [("tithe", "tyre"), ("done",)]
    before = snapshot(state)
    with pytest.raises(IllegalAction):
        play(state, "angevin", "tithe", "sidon")
    assert snapshot(state) == before
    play(state, "angevin", "tithe", "tyre")
    assert state.gold["angevin"] == gold + 1 + state.tracks["angevin"]["gold"]
    # Upkeep.3: the Reinforce and the March not executed cost 1 Glory each; the Blank and the
    # executed Charge nothing; every Order back in the box
    assert len(said(state, "Upkeep.3")) == 3
    assert all(
        o in state.order_box["angevin"] for o in ("angevin_reinforce", "angevin_charge", "angevin_blank_1")
    )
    assert state.placed == {}


def test_orders_not_executed_cost_a_glory_each_when_not_tithed() -> None:
    state = empty()
    orders_on_map(state)
    run(state)
    play(state, "angevin", "done")
    # Upkeep.3, R15: the Defence too, untithed; Tyre's Glory icon is uncovered (Upkeep.4.E): +1
    assert state.glory == -3 + 1


def test_a_player_short_of_supply_loses_glory_once_and_takes_units_home_until_it_holds() -> None:
    # Upkeep.4.A.Example: short by 1, 1 Glory lost; 2 Infantry home fill a Section and lower the need
    state = empty()
    put(state, "tyre", "angevin", 4)
    put(state, "tyre", "angevin", at=1)  # its square supply icon covered
    put(state, "d_galilee", "angevin", 3)
    run(state)
    assert upkeep.need(state, "angevin") == 2 and state.tracks["angevin"]["supply"] == 1
    assert state.glory == -1
    assert GAME.active_roles(state) == ("angevin",)
    assert GAME.legal_actions(state, "angevin") == [
        ("remove", "tyre", "infantry"),
        ("remove", "d_galilee", "infantry"),
    ]
    play(state, "angevin", "remove", "d_galilee", "infantry")
    assert GAME.active_roles(state) == ("angevin",)  # still short
    play(state, "angevin", "remove", "d_galilee", "infantry")
    # R13: the first Section is full again; the need is 1 and the supply holds; no more Glory lost
    assert upkeep.need(state, "angevin") == 1
    assert state.board_units["angevin"]["infantry"] == 30 - 6
    assert state.stack == []  # the upkeep is over: nobody else had anything to do


def test_a_unit_taken_home_uncovers_the_icon_under_it() -> None:
    # Plutorial.Upkeep.4.A.Example: one Infantry off Tyre uncovers a supply icon, and the supply holds
    state = empty()
    put(state, "tyre", "angevin", 4)
    put(state, "tyre", "angevin", at=1)
    put(state, "d_galilee", "angevin", 3)
    run(state)
    play(state, "angevin", "remove", "tyre", "infantry")
    assert state.tracks["angevin"]["supply"] == 2 == upkeep.need(state, "angevin")
    assert state.glory == -1 + 1 + 1  # Upkeep.4.E: Tyre's and the Galilee's Glory icons


def test_supply_left_over_buys_advanced_orders_two_each() -> None:
    state = empty()
    for region in ("sidon", "tyre", "d_jazira"):
        put(state, region, "angevin")
    run(state)
    # Upkeep.4.B: 6 supply, 1 needed: 5 left buys two Advanced Orders
    assert upkeep.leftover(state, "angevin") == 5
    first, second = state.advanced["angevin"][:2]
    play(state, "angevin", "buy", first)
    play(state, "angevin", "buy", second)
    assert first in state.order_box["angevin"] and second in state.order_box["angevin"]
    assert first not in state.advanced["angevin"]
    assert state.stack == []  # 1 supply left: no third


def test_income_and_the_round_end() -> None:
    state = empty()
    put(state, "damascus", "ayyubid")  # a gold icon
    state.event_cards["ayyubid"] = ["x"]
    state.tracks["ayyubid"]["current"] = 9
    gold = state.gold["ayyubid"]
    next_mission = state.missions[0]
    card = state.diplomacy_cards[0]
    run(state)
    assert state.gold["ayyubid"] == gold + 1  # Upkeep.4.D: the gold track
    assert state.round == 1  # Upkeep.6
    assert card not in state.diplomacy_cards  # Upkeep.8
    assert state.mission == next_mission  # Upkeep.9
    assert state.initiative == ["hre", "turkoman", "angevin", "ayyubid"]  # Upkeep.10
    # Upkeep.End, R21: current command points back to base, the round's Event Cards gone
    assert state.tracks["ayyubid"]["current"] == state.tracks["ayyubid"]["base"]
    assert state.event_cards["ayyubid"] == [] and "x" in state.event_discard
    assert state.stack == []


def test_ten_glory_at_step_five_ends_the_game() -> None:
    state = empty("plutorial")
    put(state, "damascus", "ayyubid")
    state.glory = -10
    run(state)
    # Upkeep.5, VictoryCheck: the Muslim Alliance, one Army, wins; the round marker stays
    assert state.result is not None and state.result["winners"] == ["ayyubid"]
    assert state.round == 0


def test_after_1192_the_game_goes_to_end_game_scoring() -> None:
    state = empty()
    state.round = 3
    run(state)
    # Upkeep.6, R20: no next round; the steps 7 to 10 are skipped
    assert kind(state) == "end_scoring"
    assert state.initiative == ["turkoman", "angevin", "ayyubid", "hre"]


def test_genoa_ships_land_in_a_port_with_presence_in_initiative_order() -> None:
    state = empty()
    state.ships = start("four").ships
    for army, hold in state.ships["1191_spring"].items():  # the pieces aboard are off the board
        state.board_units[army]["infantry"] -= hold["infantry"]
    put(state, "sidon", "angevin")
    put(state, "tyre", "angevin")
    put(state, "d_negev", "hre")  # no Port: the Holy Roman Empire's pieces are lost
    run(state)
    play(state, "angevin", "done")  # Upkeep.4.B: no Advanced Order bought
    # Upkeep.7: 1191 Spring; the Angevin first on initiative, into Sidon or Tyre
    assert GAME.active_roles(state) == ("angevin",)
    assert GAME.legal_actions(state, "angevin") == [("land", "sidon"), ("land", "tyre")]
    play(state, "angevin", "land", "sidon")
    assert "richard" in state.regions["sidon"]["slots"] and "philip" in state.regions["sidon"]["slots"]
    assert "leopold" in state.leader_box
    assert state.board_units["hre"]["infantry"] == 30 - 1
    assert "1191_spring" not in state.ships or not state.ships["1191_spring"]
    # BoardSetup.4: the Leaders' icons count on the tracks at once
    assert state.tracks["angevin"] == {**state.tracks["angevin"], **control.counted(state, "angevin")}


def test_genoa_pieces_without_room_in_one_port_may_go_to_a_second() -> None:
    state = empty()
    state.ships = {
        "1191_spring": {"angevin": {"infantry": 3, "cavalry": 0, "siege_engine": 0, "leaders": []}}
    }
    state.board_units["angevin"]["infantry"] -= 3
    put(state, "sidon", "angevin", 4)
    put(state, "sidon", "angevin", at=0)  # one square slot left in Sidon
    put(state, "tyre", "angevin")
    run(state)
    play(state, "angevin", "land", "sidon")
    # Upkeep.7: two Infantry still aboard; a second Port with Presence, or let them go
    assert GAME.legal_actions(state, "angevin") == [("land", "tyre"), ("lose",)]
    play(state, "angevin", "land", "tyre")
    assert state.regions["sidon"]["slots"].count("angevin:infantry") == 6
    assert state.regions["tyre"]["slots"].count("angevin:infantry") == 3
