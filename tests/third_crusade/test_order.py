"""Executing Orders (order.py) and the steps and marches both packs share (steps.py, marches.py) on
positions built for the purpose: the plutorial's Orders in Tyre and Damascus, the hand-over to a
Battle, Bandits, Forced March, Disperse, Sea Move, Coordinated March, Assassination, Sabotage, Named
Leaders, Advanced Orders, parts that cannot apply. Keys are those of docs/third-crusade/sections.md;
Rn and En of rulings.md and events.md."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from outremer.engine.errors import IllegalAction
from outremer.engine.procedures import Procedure
from outremer.games.third_crusade import bot_play, control, steps
from outremer.games.third_crusade.common import alliance
from outremer.games.third_crusade.events import Step as CardStep
from outremer.games.third_crusade.order import ORDER
from outremer.games.third_crusade.orders import Step
from outremer.games.third_crusade.procedures import PROCEDURES
from outremer.games.third_crusade.state import State

from .play import GAME, kind, play, snapshot, start, through


def command(scenario: str = "plutorial") -> State:
    """The Command phase after the Strategy phase's first legal choices and no Order placed."""
    state = start(scenario)
    through(state, "strategy_place", "strategy_pick")
    while kind(state) == "planning":
        (role,) = GAME.active_roles(state)
        play(state, role, "pass")
    return state


def place(state: State, army: str, order: str, region: str) -> None:
    state.placed.setdefault(region, {})[alliance(army)] = {"army": army, "order": order, "up": False}


def legal(state: State, role: str) -> list[tuple[Any, ...]]:
    return [tuple(a) for a in GAME.legal_actions(state, role)]


def steps_of(state: State, role: str, *actions: tuple[Any, ...]) -> None:
    for action in actions:
        play(state, role, *action)


def step(state: State, army: str, the_step: Any, **where: Any) -> None:
    """Start one step for ``army`` on top of the Command phase, as an Order or a card would."""
    steps.push(state, army, the_step, None, **where)
    PROCEDURES.settle(state)


@pytest.fixture
def battles(monkeypatch: pytest.MonkeyPatch) -> list[dict[str, Any]]:
    """A stand-in for the battle procedure (battle.py's business): it keeps the frame it was given."""
    seen: list[dict[str, Any]] = []

    def run(state: State, frame: dict[str, Any]) -> None:
        seen.append(dict(frame))
        PROCEDURES.pop(state, frame)

    fake = Procedure("battle", lambda s, f: (), None, None, run, lambda s, f, r: "", "Battle")
    monkeypatch.setitem(PROCEDURES.kinds, "battle", fake)
    return seen


def test_the_plutorial_garrison_in_tyre() -> None:
    state = command()
    place(state, "angevin", "angevin_garrison", "tyre")
    play(state, "ayyubid", "pass")
    current, supply = state.tracks["angevin"]["current"], state.tracks["angevin"]["supply"]
    # Plutorial.Command.6 (L1182): the Order in Tyre, 3 command points, 3 Infantry
    play(state, "angevin", "order", "tyre")
    assert state.tracks["angevin"]["current"] == current - 3  # Command.Order.Cost
    assert legal(state, "angevin") == [("slot", 0), ("slot", 1), ("slot", 5), ("done",)]  # R12
    steps_of(state, "angevin", ("slot", 5), ("slot", 0), ("slot", 1))
    # the last covers a supply icon: the supply track falls by 1 (Glossary.Slots, Command.Order.Tracks)
    assert state.tracks["angevin"]["supply"] == supply - 1
    # Command.Order.After: the Order leaves the map for the space above the board
    assert "tyre" not in state.placed and state.executed["angevin"] == ["angevin_garrison"]
    assert kind(state) == "command"


def test_the_plutorial_march_from_damascus_gains_the_crown_of_the_desert() -> None:
    state = command()
    place(state, "ayyubid", "ayyubid_march", "damascus")
    crowns = state.tracks["ayyubid"]["crowns"]
    # Plutorial.Command.7 (L1190): Al-Afdal and 1 Infantry March to the west Desert
    play(state, "ayyubid", "order", "damascus")
    roads = ["homs", "d_palmyra", "d_beqaa", "d_jordan", "d_galilee"]
    assert [a[1] for a in legal(state, "ayyubid") if a[0] == "to"] == roads
    steps_of(state, "ayyubid", ("to", "d_beqaa"), ("take", 7), ("take", 4), ("go",), ("slot", 6), ("slot", 1))
    assert state.regions["d_beqaa"]["slots"][6] == "al_afdal"
    assert state.tracks["ayyubid"]["crowns"] == crowns + 1
    assert control.controller(state, "damascus") == "ayyubid"  # 1 Infantry stays
    assert kind(state) == "command"


def test_a_march_into_enemies_hands_the_group_to_the_battle(battles: list[dict[str, Any]]) -> None:
    state = command()
    state.regions["d_beqaa"]["slots"][1] = "ayyubid:infantry"
    state.regions["d_beqaa"]["slots"][6] = "al_afdal"
    place(state, "angevin", "angevin_levy_and_march", "sidon")
    play(state, "ayyubid", "pass")
    # Plutorial.Command.8 (L1194): an Infantry added in Sidon, then a March on the Desert with James
    # and 2 Infantry
    play(state, "angevin", "order", "sidon")
    steps_of(state, "angevin", ("slot", 4), ("to", "d_beqaa"), ("take", 7), ("take", 2), ("take", 3), ("go",))
    # Command.Order.Battle, Battle.Road: the pieces wait on the Road, in no slot
    (frame,) = battles
    assert frame["region"] == "d_beqaa" and frame["attacker"] == "angevin"
    assert frame["order"] == "angevin_levy_and_march" and frame["strength"] == 0
    assert frame["origin"] == "sidon" and frame["road"] == ["james", "angevin:infantry", "angevin:infantry"]
    assert "james" not in state.regions["d_beqaa"]["slots"] + state.regions["sidon"]["slots"]
    assert kind(state) == "command"


def test_bandits_take_two_units_each_unless_ignored() -> None:
    state = command()
    state.bandits["d_beqaa|sidon"] = 1
    play(state, "ayyubid", "pass")
    step(state, "angevin", Step("march"), regions=["sidon"])
    steps_of(state, "angevin", ("to", "d_beqaa"), ("take", 2), ("take", 3), ("take", 7), ("go",))
    # Glossary.Bandit, R11: 2 Units lost, chosen by the mover; never the Leader
    assert legal(state, "angevin") == [("lose", 0), ("lose", 1)]
    home = state.board_units["angevin"]["infantry"]
    steps_of(state, "angevin", ("lose", 0), ("lose", 0), ("slot", 6))
    assert state.board_units["angevin"]["infantry"] == home + 2
    assert state.bandits == {} and state.regions["d_beqaa"]["slots"][6] == "james"
    # R11: an Ignore Bandit move crosses without loss, and the Bandit stays
    state.bandits["d_beqaa|tripoli"] = 1
    step(state, "angevin", Step("march", ignore_bandit=True), regions=["tripoli"])
    steps_of(state, "angevin", ("to", "d_beqaa"), ("take", 2), ("go",), ("slot", 1))
    assert state.bandits == {"d_beqaa|tripoli": 1}
    assert state.regions["d_beqaa"]["slots"][1] == "angevin:infantry"


def test_a_forced_march_is_capped_on_its_first_move_then_goes_on() -> None:
    state = command()
    play(state, "ayyubid", "pass")
    for i in range(1, 6):  # Buqaia keeps one free square
        state.regions["d_buqaia"]["slots"][i] = "neutral:infantry"
    step(state, "angevin", Step("forced_march"), regions=["tripoli"])
    play(state, "angevin", "to", "d_buqaia")
    play(state, "angevin", "take", 2)
    # Glossary.ForcedMarch, R9: no more than the free slots of the Region entered
    assert not [a for a in legal(state, "angevin") if a in (("take", 3), ("take", 4), ("take", 5))]
    steps_of(state, "angevin", ("take", 6), ("go",), ("slot", 0), ("slot", 6))
    # the second move goes on from Buqaia, Neutrals of a Region it Controls along (Glossary.Neutral)
    assert [a[1] for a in legal(state, "angevin") if a[0] == "to"] == ["tripoli", "homs"]
    play(state, "angevin", "to", "homs")
    assert ("take", 1) in legal(state, "angevin")
    play(state, "angevin", "done")
    assert kind(state) == "command"


def test_disperse_goes_into_two_different_regions() -> None:
    state = command()
    play(state, "ayyubid", "pass")
    step(state, "angevin", Step("disperse"), regions=["tripoli"])
    steps_of(state, "angevin", ("to", "d_buqaia"), ("take", 2), ("go",), ("slot", 2))
    # Glossary.Disperse: the second move from the same Region, to the other Adjacent Region
    assert [a[1] for a in legal(state, "angevin") if a[0] == "to"] == ["d_beqaa"]
    steps_of(state, "angevin", ("to", "d_beqaa"), ("take", 3), ("go",), ("slot", 1))
    assert kind(state) == "command"


def test_a_sea_move_goes_between_usable_ports_and_only_what_fits() -> None:
    state = command()
    play(state, "ayyubid", "pass")
    state.regions["acre"]["destroyed_ports"] = 2  # Glossary.DestroyedPort: both Ports covered
    step(state, "angevin", Step("sea_move"), regions=["tripoli"])
    # Glossary.SeaMove, R6: any other Port open, no Road needed; Acre's are destroyed
    ports = ["famagusta", "sidon", "tyre", "jaffa", "ascalon"]
    assert [a[1] for a in legal(state, "angevin") if a[0] == "to"] == ports
    play(state, "angevin", "to", "tyre")
    # R9: Tyre has 3 free squares (0, 1, 5): a fourth square piece does not fit
    steps_of(state, "angevin", ("take", 2), ("take", 3), ("take", 4))
    assert ("take", 5) not in legal(state, "angevin")


def test_a_coordinated_march_may_bring_the_partners_pieces() -> None:
    state = command("four")
    state.regions["iconium"]["slots"][0] = "angevin:infantry"
    step(state, "hre", Step("march"), regions=["iconium"])
    play(state, "hre", "to", "heraclium")
    # Glossary.March: only its own pieces
    assert ("take", 0) not in legal(state, "hre")
    play(state, "hre", "done")
    step(state, "hre", Step("march", coordinated=True), regions=["iconium"])
    play(state, "hre", "to", "heraclium")
    assert ("take", 0) in legal(state, "hre")  # Glossary.CoordinatedMarch


def test_an_assassination_order_sends_a_leader_to_the_box() -> None:
    state = command()
    place(state, "ayyubid", "ayyubid_assassins", "tripoli")
    state.tracks["ayyubid"]["current"] = 3
    # Glossary.Assassination: a Crusader or Neutral Leader in the Order's Region
    play(state, "ayyubid", "order", "tripoli")
    assert legal(state, "ayyubid") == [("slot", 5), ("done",)]
    play(state, "ayyubid", "slot", 5)
    assert "william" in state.leader_box and "william" not in state.regions["tripoli"]["slots"]
    assert state.tracks["ayyubid"]["current"] == 0


def test_sabotage_never_in_jerusalem_and_a_step_that_cannot_apply_is_skipped() -> None:
    state = command()
    step(state, "ayyubid", Step("sabotage"), regions=["jerusalem"])
    # Glossary.Sabotage: never in Jerusalem; Command.Event.Ignore: the part is skipped
    assert kind(state) == "command" and state.log[-1][2].endswith("skipped.")
    # R39: no Siege Engine is built in a Desert
    step(state, "ayyubid", Step("muster", unit="siege_engine", count=1), regions=["d_samaria"])
    assert kind(state) == "command"


def test_muster_among_enemies_starts_a_battle_from_no_region(battles: list[dict[str, Any]]) -> None:
    state = command()
    play(state, "ayyubid", "pass")
    step(state, "angevin", CardStep("muster", unit="infantry", count=2), regions=["acre"])
    steps_of(state, "angevin", ("slot", 4), ("done",))
    # Command.Event.Battle, R8: the placed pieces came from no Region
    (frame,) = battles
    assert frame["origin"] is None and frame["road"] == ["angevin:infantry"] and frame["order"] is None
    assert "angevin:infantry" not in state.regions["acre"]["slots"]


def test_named_leaders_enter_once_and_remove_takes_units_only() -> None:
    state = command()
    # Glossary.NamedLeader, E8: Henry enters a square slot; not again once on the map
    step(state, "angevin", CardStep("leader", leader="henry"), regions=["tyre"])
    play(state, "angevin", "slot", 5)
    assert state.regions["tyre"]["slots"][5] == "henry" and "henry" not in state.leaders_beside["angevin"]
    step(state, "angevin", CardStep("leader", leader="henry"), regions=["sidon"])
    assert kind(state) == "command"
    # E9: remove takes Units, never Leaders
    step(state, "ayyubid", CardStep("remove", unit="any", count=3, of=("crusader",)), regions=["tyre"])
    assert legal(state, "ayyubid") == [("slot", 2), ("slot", 3), ("slot", 4), ("done",)]


def test_advanced_orders_come_free_and_tokens_are_cleared() -> None:
    state = command()
    # Glossary.AdvancedOrder: behind the screen for free
    step(state, "ayyubid", CardStep("advanced_orders", count=1))
    play(state, "ayyubid", "take", "ayyubid_forced_march")
    assert "ayyubid_forced_march" in state.order_box["ayyubid"]
    assert "ayyubid_forced_march" not in state.advanced["ayyubid"]
    # Iconography.General, R10: a printed removal clears a Destroyed Port; a Bandit goes too
    state.regions["tyre"]["destroyed_ports"] = 1
    state.bandits["acre|tyre"] = 1
    step(state, "ayyubid", CardStep("clear", token="destroyed_port", count=1), regions=["tyre"])
    play(state, "ayyubid", "port")
    step(state, "ayyubid", CardStep("clear", token="bandit", count=1), regions=["tyre"])
    assert legal(state, "ayyubid") == [("road", "acre"), ("done",)]
    play(state, "ayyubid", "road", "acre")
    assert state.regions["tyre"]["destroyed_ports"] == 0 and state.bandits == {}


def test_an_illegal_choice_inside_an_order_is_refused_unchanged() -> None:
    state = command()
    place(state, "ayyubid", "ayyubid_march", "damascus")
    play(state, "ayyubid", "order", "damascus")
    before = snapshot(state)
    for bad in (("to", "tyre"), ("take", 4), ("go",), ("slot", 0)):
        with pytest.raises(IllegalAction):
            play(state, "ayyubid", *bad)
    assert snapshot(state) == before


def test_the_raiders_order_puts_a_bandit_on_a_road_of_its_region() -> None:
    state = command("four")
    place(state, "turkoman", "turkoman_raiders", "d_buqaia")
    state.tracks["turkoman"]["current"] = 5
    while GAME.active_roles(state) != ("turkoman",):
        (role,) = GAME.active_roles(state)
        play(state, role, "pass")
    # Glossary.Bandit: a Bandit on one of the Roads of the Order's Region
    play(state, "turkoman", "order", "d_buqaia")
    assert legal(state, "turkoman") == [("road", "tartosa"), ("road", "tripoli"), ("road", "homs"), ("done",)]
    play(state, "turkoman", "road", "homs")
    assert state.bandits == {"d_buqaia|homs": 1} and kind(state) == "command"


@pytest.mark.parametrize("scenario", ["plutorial", "three_hre", "four"])
def test_random_commands_keep_the_tracks_on_what_is_controlled(scenario: str) -> None:
    # Command.Event.Tracks, Command.Order.Tracks, Battle.After: whenever a turn of the Command phase
    # is over, every track that follows Control shows what the map gives
    rng = random.Random(scenario)
    state = start(scenario, seed=7)
    through(state, "strategy_place", "strategy_pick")
    turns = 0
    while kind(state) != "diplomacy_bid" and state.result is None:
        role = GAME.active_roles(state)[0]
        actions = GAME.legal_actions(state, role)
        busy = [a for a in actions if a[0] not in ("pass", "done", "end")]
        play(state, role, *rng.choice(busy if busy and rng.random() < 0.8 else actions))
        if kind(state) == "command":
            turns += 1
            for army in state.armies:
                assert {k: state.tracks[army][k] for k in control.TRACK_ICONS} == control.counted(state, army)
    assert turns > 3


def four_at(army: str) -> State:
    """The 4-player Command phase, passed round to ``army``'s turn."""
    state = command("four")
    while GAME.active_roles(state) != (army,):
        (role,) = GAME.active_roles(state)
        play(state, role, "pass")
    return state


def test_the_order_examples_presence_disregarded_and_the_partners_presence() -> None:
    state = four_at("turkoman")
    # Command.OrderExamples.2 (L517): an Order ignoring Presence adds an Infantry in a Desert for 3;
    # the Turkoman Controls it and its supply track rises by its 2 uncovered supply icons
    place(state, "turkoman", "turkoman_nomads", "d_jazira")
    state.tracks["turkoman"]["current"] = 3
    supply = state.tracks["turkoman"]["supply"]
    play(state, "turkoman", "order", "d_jazira")
    play(state, "turkoman", "slot", 2)
    assert control.controller(state, "d_jazira") == "turkoman"
    assert state.tracks["turkoman"]["supply"] == supply + 2 and state.tracks["turkoman"]["current"] == 0


def test_the_order_example_in_antioch_takes_control_from_the_partner() -> None:
    state = four_at("ayyubid")
    state.regions["antioch"]["slots"][3] = "turkoman:infantry"
    state.regions["antioch"]["resources"].append([4, "command_point"])
    control.update_tracks(state)
    place(state, "ayyubid", "ayyubid_allied_levy", "antioch")
    state.tracks["ayyubid"]["current"] = 3
    before = dict(state.tracks["ayyubid"])
    # Command.OrderExamples.3 (L521): Muslim Presence through the Turkoman; 2 Infantry for 3 points
    play(state, "ayyubid", "order", "antioch")
    steps_of(state, "ayyubid", ("slot", 5), ("slot", 0))
    assert control.controller(state, "antioch") == "ayyubid"
    # the token's command point and the gold icon count at once; the Glory icon only at upkeep
    gained = {"base": before["base"] + 1, "gold": before["gold"] + 1}
    assert state.tracks["ayyubid"] == {**before, "current": 0, **gained}


def test_a_game_saved_in_the_middle_of_a_march_reads_back_and_goes_on() -> None:
    state = command()
    place(state, "ayyubid", "ayyubid_march", "damascus")
    play(state, "ayyubid", "order", "damascus")
    steps_of(state, "ayyubid", ("to", "d_beqaa"), ("take", 7))
    back = GAME.from_json(json.loads(json.dumps(state.to_json())))
    assert snapshot(back) == snapshot(state)
    for game in (state, back):
        steps_of(game, "ayyubid", ("take", 4), ("go",), ("slot", 6), ("slot", 1))
    assert snapshot(back) == snapshot(state)


def test_neutral_pieces_placed_among_enemies_join_the_controller(battles: list[dict[str, Any]]) -> None:
    state = command()
    # Glossary.Neutral: Neutral pieces go with the Region's Controller; Command.Event.Battle asks
    # the Army's own Units among enemies
    step(state, "ayyubid", CardStep("muster", unit="cavalry", count=1, neutral=True), regions=["d_galilee"])
    play(state, "ayyubid", "slot", 7)
    assert battles == [] and kind(state) == "command"
    assert state.regions["d_galilee"]["slots"][7] == "neutral:cavalry"
    assert control.controller(state, "d_galilee") == "angevin"


@pytest.mark.parametrize(
    ("army", "order", "region"),
    [("ayyubid", "ayyubid_march", "damascus"), ("angevin", "angevin_garrison", "tyre")],
)
def test_a_bots_order_is_never_charged_and_its_log_tells_no_cost(army: str, order: str, region: str) -> None:
    # Solo.Setup.6: a Bot keeps no command points, so its Order costs it nothing; a person still
    # pays the printed cost (Command.Order.Cost)
    state = GAME.setup(1, "plutorial", {"solo": True})  # the Ayyubid is the Bot
    state.stack.clear()
    place(state, army, order, region)
    current = state.tracks[army]["current"]
    PROCEDURES.push(state, ORDER, army=army, region=region)
    bot_play.settle(state)
    (said,) = [text for key, _, text in state.log if key == "Command.Order"]
    if army == "ayyubid":
        assert state.tracks[army]["current"] == current and "paying" not in said
    else:
        assert state.tracks[army]["current"] == current - 3 and "paying 3" in said
