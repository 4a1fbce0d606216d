"""The Winter Supply Step (28.0-28.3) and the winter parts of the optional rules (34.5 Siege supply,
34.6 Massacres), each on a position built for the rule. Rulings W-n: docs/first-crusade/rulings-winter.md."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest

from outremer.engine import rng
from outremer.engine.procedures import Action
from outremer.games.first_crusade import pilgrimage, views, winter
from outremer.games.first_crusade.positions import position
from outremer.games.first_crusade.procedures import PROCEDURES
from outremer.games.first_crusade.state import BIN, ELIMINATED, PLAYER, REMOVED, State

AUTUMN = 2  # 1097 Autumn: a Winter follows it


def at(units: dict[str, str], **kw: Any) -> State:
    """A position after the Muslim Reaction Step of an Autumn turn (the turn frame at ``end``)."""
    return position(units, stage="end", turn=AUTUMN, **kw)


def dice(state: State, *faces: int) -> None:
    """Set the generator so that the next dice come up ``faces`` (a seed searched on a copy)."""
    for seed in range(100_000):
        if rng.dice(SimpleNamespace(rng=rng.seed_state(seed)), len(faces)) == list(faces):
            state.rng = rng.seed_state(seed)
            return
    raise AssertionError(f"no seed rolls {faces}")


def legal(state: State) -> list[Action]:
    return PROCEDURES.legal(state, PLAYER)


def go_on(state: State) -> list[Action]:
    """Run the winter until the player must choose (his choices) or it is over (no choices)."""
    while state.stack[-1]["kind"] != "turn":
        choices = legal(state)
        if choices:
            return choices
        frame = state.stack[-1]
        PROCEDURES.get(frame["kind"]).run(state, frame)
    return []


def act(state: State, action: Action) -> list[Action]:
    assert action in legal(state), (action, legal(state))
    frame = state.stack[-1]
    PROCEDURES.get(frame["kind"]).perform(state, frame, PLAYER, action)
    return go_on(state)


def run_winter(state: State) -> list[Action]:
    winter.start(state)
    return go_on(state)


def texts(state: State) -> list[str]:
    return [e["text"] for e in views.log_entries(state)]


def supply(state: State, space: str) -> str | None:
    return winter.supply_reason(state, space)


# -- 28.1 Christian supply -------------------------------------------------------------------------------
def test_constantinople_ports_fortresses_and_towns_supply() -> None:
    # 28.1: in Constantinople, a Port (Civetot is a harbour), a Fortress or a Town.
    s = at({"godfrey": "constantinople", "tancred": "civetot", "hugh": "nicaea", "stephen": "philomelium"})
    assert supply(s, "constantinople") == "Constantinople"
    assert supply(s, "civetot") == "a port"
    assert supply(s, "nicaea") == "a fortress"
    assert supply(s, "philomelium") == "a town"
    assert run_winter(s) == []
    assert not s.reduced and s.loc["hugh"] == "nicaea"
    assert "The Christian force in Nicaea is in supply: a fortress." in texts(s)


def test_open_and_desert_spaces_are_out_of_supply() -> None:
    # 28.1: otherwise out of supply: open (Dorylaeum) and desert (Axylon) spaces give nothing.
    s = at({"godfrey": "dorylaeum", "tancred": "axylon"})
    assert supply(s, "dorylaeum") is None
    assert supply(s, "axylon") is None


def test_castle_supplies_as_a_fortress_and_monastery_as_a_town() -> None:
    # 33.7: a Castle is a fortress for 28.1; 33.8: a Monastery acts as a town; both for every
    # Christian unit there, Byzantines included (W-2).
    s = at({"bohemond": "dorylaeum", "takitios": "lake_tatta", "john_doukas": "juliopolis"})
    s.castles.append("dorylaeum")
    s.monasteries.append("lake_tatta")
    assert supply(s, "dorylaeum") == "a Castle"
    assert supply(s, "lake_tatta") == "a Monastery"
    assert supply(s, "juliopolis") is None


def test_next_to_a_christian_port_of_any_contingent() -> None:
    # 28.1: adjacent to a Christian-controlled port, whoever holds it: Juliopolis is next to
    # Nicomedia held by a Byzantine.
    s = at({"godfrey": "juliopolis", "takitios": "nicomedia"})
    assert supply(s, "juliopolis") == "next to the port of Nicomedia"


def test_a_port_held_by_muslims_or_empty_supplies_no_neighbour() -> None:
    # 28.1: the port must be Christian-controlled.
    s = at({"godfrey": "juliopolis", "seljuk_militia_19": "nicomedia"})
    assert supply(s, "juliopolis") is None
    s.loc["seljuk_militia_19"] = BIN
    assert supply(s, "juliopolis") is None


def test_a_fleet_at_sea_is_supplied_by_its_port() -> None:
    # 28.1, W-1: a sea path makes a sea space adjacent to its ports; Constantinople is a port (29.1).
    s = at({"imperial_fleet": "propontis", "kibyrrhaiot_fleet": "lycian_sea"})
    assert supply(s, "propontis") == "next to the port of Constantinople"
    assert supply(s, "lycian_sea") is None
    s.loc["john_doukas"] = "attaleia"
    assert supply(s, "lycian_sea") == "next to the port of Attaleia"


def test_a_camp_supplies_and_is_expended() -> None:
    # 28.1, 33.6: a Camp supplies every Christian unit in its space and is expended after the check.
    s = at({"godfrey": "dorylaeum", "crusader_foot_1": "dorylaeum"})
    s.camps.append("dorylaeum")
    assert run_winter(s) == []
    assert s.camps == [] and not s.reduced
    assert "The Camp in Dorylaeum is expended." in texts(s)


def test_a_camp_not_needed_is_kept() -> None:
    # 28.1, W-3: a Camp is spent only when it is what supplies the force: not in a town, not next
    # to a Christian port, not where no Christian stands.
    s = at({"godfrey": "philomelium", "takitios": "nicomedia", "tancred": "juliopolis"})
    s.camps.extend(["philomelium", "juliopolis", "comana"])
    run_winter(s)
    assert s.camps == ["philomelium", "juliopolis", "comana"]


# -- the Supplies marker ------------------------------------------------------------------------------------
@pytest.fixture
def boons(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, Any]]:
    """pilgrimage's winter window, recorded: one Supplies play per space out of supply."""
    calls: list[tuple[str, Any]] = []

    def winter_boons(state: State, frame: dict[str, Any]) -> list[Action]:
        calls.append(("winter_boons", list(frame["unsupplied"])))
        return [("boon", "foraging_party", "wagon", s) for s in ["comana", *frame["unsupplied"]]]

    def play_in_winter(state: State, frame: dict[str, Any], action: Action) -> None:
        calls.append(("play_in_winter", action))
        state.markers["foraging_party"] = "bin"

    monkeypatch.setattr(pilgrimage, "winter_boons", winter_boons)
    monkeypatch.setattr(pilgrimage, "play_in_winter", play_in_winter)
    return calls


def test_supplies_marker_puts_one_force_in_supply(boons: list[tuple[str, Any]]) -> None:
    # 28.1, Pilgrimage chart (wagon): before the dice, a Supplies marker puts every Christian unit of
    # one space in supply; only spaces out of supply are offered (W-4).
    s = at(
        {"godfrey": "dorylaeum", "crusader_foot_1": "dorylaeum", "tancred": "axylon"},
        available=["foraging_party"],
    )
    choices = run_winter(s)
    assert choices == [
        ("boon", "foraging_party", "wagon", "dorylaeum"),
        ("boon", "foraging_party", "wagon", "axylon"),
        ("go",),
    ]
    assert act(s, ("boon", "foraging_party", "wagon", "dorylaeum")) == [
        ("boon", "foraging_party", "wagon", "axylon"),
        ("go",),
    ]
    assert [c for c in boons if c[0] == "play_in_winter"] == [
        ("play_in_winter", ("boon", "foraging_party", "wagon", "dorylaeum"))
    ]
    assert boons[0] == ("winter_boons", ["dorylaeum", "axylon"])
    assert boons[-1] == ("winter_boons", ["axylon"])
    dice(s, 1)
    assert act(s, ("go",)) == []  # Tancred alone: a 1 spares him
    assert not s.reduced and s.loc["crusader_foot_1"] == "dorylaeum"
    assert "Supplies: the Christian force in Dorylaeum is in supply." in texts(s)


def test_going_on_without_supplies(boons: list[tuple[str, Any]]) -> None:
    # 28.2 follows once the player declines the marker.
    s = at({"godfrey": "dorylaeum", "crusader_foot_1": "dorylaeum"}, available=["foraging_party"])
    run_winter(s)
    dice(s, 1)
    assert act(s, ("go",)) == [("hit", "godfrey"), ("hit", "crusader_foot_1")]


def test_no_supplies_window_when_every_force_is_supplied(boons: list[tuple[str, Any]]) -> None:
    # W-4: nothing to offer, nothing asked.
    s = at({"godfrey": "nicaea"}, available=["foraging_party"])
    assert run_winter(s) == []
    assert boons == []


# -- 28.2 out of supply ------------------------------------------------------------------------------------
def test_the_die_gives_the_units_unaffected_and_the_player_chooses() -> None:
    # 28.2: one die per force; that many units are unaffected, the others lose a step, chosen by the
    # player: four units, a 2: two lose a step.
    s = at(
        {
            "godfrey": "dorylaeum",
            "crusader_knights_1": "dorylaeum",
            "crusader_foot_1": "dorylaeum",
            "crusader_pilgrims_1": "dorylaeum",
        }
    )
    dice(s, 2)
    choices = run_winter(s)
    assert choices == [
        ("hit", u) for u in ("godfrey", "crusader_knights_1", "crusader_foot_1", "crusader_pilgrims_1")
    ]
    choices = act(s, ("hit", "crusader_knights_1"))
    assert ("hit", "crusader_knights_1") not in choices  # a unit loses one step at most
    assert act(s, ("hit", "crusader_pilgrims_1")) == []
    assert s.reduced == {"crusader_knights_1"}  # a two-step unit flips (23.3)
    assert s.loc["crusader_pilgrims_1"] == BIN  # a one-step unit is eliminated
    assert "Out of supply in Dorylaeum: die 2, 2 of 4 unit(s) lose a step." in texts(s)


def test_a_passenger_is_lost_with_the_fleet_that_starves() -> None:
    # 28.2, 25.1 (ruling M-25.1): at sea off Muslim ports, a 1: one of the two loses a step; the
    # player picks the one-step Genoese fleet, and the knights it carried, left at sea, are lost.
    s = at({"genoese_fleet": "levantine_sea", "crusader_knights_1": "levantine_sea"})
    dice(s, 1)
    assert run_winter(s) == [("hit", "crusader_knights_1"), ("hit", "genoese_fleet")]
    act(s, ("hit", "genoese_fleet"))
    assert s.loc["genoese_fleet"] == BIN and s.loc["crusader_knights_1"] == BIN


def test_a_starved_fleet_leaves_the_player_to_choose_who_stays_aboard() -> None:
    # 28.2, 25.3 (rulings M-25.1, MV-4): two fleets carry two units; a 3 of 4: the Genoese fleet
    # starves; the Pisan fleet carries one unit, the player selects the one lost; winter goes on.
    units = {"genoese_fleet": "levantine_sea", "pisan_fleet": "levantine_sea"}
    s = at(units | {"crusader_knights_1": "levantine_sea", "crusader_foot_1": "levantine_sea"})
    dice(s, 3)
    assert ("hit", "genoese_fleet") in run_winter(s)
    assert act(s, ("hit", "genoese_fleet")) == [("lose", "crusader_knights_1"), ("lose", "crusader_foot_1")]
    assert act(s, ("lose", "crusader_foot_1")) == []
    assert s.loc["crusader_foot_1"] == BIN and s.loc["crusader_knights_1"] == "levantine_sea"
    assert s.stack[-1]["kind"] == "turn"


def test_a_high_die_spares_the_whole_force() -> None:
    # 28.2: a die at least the number of units: nothing happens.
    s = at({"godfrey": "dorylaeum", "crusader_foot_1": "dorylaeum"})
    dice(s, 2)
    assert run_winter(s) == []
    assert not s.reduced
    assert "Out of supply in Dorylaeum: die 2, 0 of 2 unit(s) lose a step." in texts(s)


def test_identical_units_are_not_asked_about() -> None:
    # 28.2, W-5: four Pilgrims are interchangeable: with a 1, three are lost without a question.
    pilgrims = {f"crusader_pilgrims_{i}": "dorylaeum" for i in range(1, 5)}
    s = at(pilgrims)
    dice(s, 1)
    assert run_winter(s) == []
    assert sum(where == "dorylaeum" for where in s.loc.values()) == 1


def test_identical_units_offered_once() -> None:
    # W-5: of two full Knights one is offered; a reduced Knight is another choice.
    s = at(
        {
            "crusader_knights_1": "dorylaeum",
            "crusader_knights_2": "dorylaeum",
            "crusader_knights_3": "dorylaeum",
        },
        reduced=["crusader_knights_3"],
    )
    dice(s, 1)
    assert run_winter(s) == [("hit", "crusader_knights_1"), ("hit", "crusader_knights_3")]


def test_the_player_chooses_for_byzantines_too() -> None:
    # 28.2, W-5: the rule says "you choose" for Crusaders; the player also chooses for his Byzantines.
    s = at({"john_doukas": "juliopolis", "varangian_guard_1": "juliopolis", "thracian_tagma": "juliopolis"})
    dice(s, 1)
    assert run_winter(s) == [("hit", "john_doukas"), ("hit", "varangian_guard_1"), ("hit", "thracian_tagma")]


def test_a_reduced_leader_starving_is_eliminated_for_good() -> None:
    # 28.2, 23.3, 32.1: a reduced leader losing a step is out of play (W-6).
    s = at({"godfrey": "dorylaeum", "tancred": "dorylaeum"}, reduced=["tancred"])
    dice(s, 1)
    run_winter(s)
    act(s, ("hit", "tancred"))
    assert s.loc["tancred"] == ELIMINATED


def test_every_force_rolls_in_map_order() -> None:
    # 28.2: a die for each force out of supply.
    s = at(
        {
            "godfrey": "juliopolis",
            "crusader_foot_1": "juliopolis",
            "tancred": "dorylaeum",
            "crusader_foot_2": "dorylaeum",
        }
    )
    dice(s, 1, 1)
    assert run_winter(s) == [("hit", "godfrey"), ("hit", "crusader_foot_1")]
    assert act(s, ("hit", "crusader_foot_1")) == [("hit", "tancred"), ("hit", "crusader_foot_2")]


def test_the_loss_of_alexios_ends_the_losses_of_the_forces_it_removes() -> None:
    # 28.2, 32.2: Alexios starving to death removes the Byzantines outside fortresses: his own force
    # has no step left to lose, and a force gone before its turn to roll is not rolled for.
    s = at(
        {
            "alexios": "juliopolis",
            "varangian_guard_1": "juliopolis",
            "thracian_tagma": "juliopolis",
            "john_doukas": "dorylaeum",
            "macedonian_tagma": "dorylaeum",
        },
        reduced=["alexios"],
    )
    dice(s, 1)
    assert run_winter(s)[0] == ("hit", "alexios")  # two of three to lose a step
    assert act(s, ("hit", "alexios")) == []
    assert s.loc["alexios"] == ELIMINATED
    assert s.loc["varangian_guard_1"] == REMOVED and s.loc["john_doukas"] == REMOVED
    assert not any("Out of supply in Dorylaeum" in t for t in texts(s))
    assert s.stack[-1]["kind"] == "turn"


# -- 28.3 Muslim supply ------------------------------------------------------------------------------------
def test_muslims_outside_fortresses_and_towns_go_back_to_their_bin() -> None:
    # 28.3: supplied in a fortress or town; in open, desert or harbour spaces back to the Bin, leaders
    # too (W-7).
    s = at(
        {
            "seljuk_militia_1": "nicaea",
            "seljuk_militia_19": "philomelium",
            "seljuk_horse_archers_1": "axylon",
            "kilij_arslan": "dorylaeum",
            "seljuk_militia_20": "civetot",
        }
    )
    run_winter(s)
    assert s.loc["seljuk_militia_1"] == "nicaea" and s.loc["seljuk_militia_19"] == "philomelium"
    assert s.loc["seljuk_horse_archers_1"] == BIN
    assert s.loc["kilij_arslan"] == BIN
    assert s.loc["seljuk_militia_20"] == BIN
    log = texts(s)
    assert "Out of supply: 1 Seljuk unit(s) in Axylon go back to their Bin." in log
    assert not any("Kilij" in t or "Militia" in t or "Turkmen" in t for t in log)  # 11.0: face down


def test_the_assassin_is_always_supplied() -> None:
    # 31.3: the Assassin never leaves Masyaf for want of supply.
    s = at({})
    run_winter(s)
    assert s.loc["assassin"] == "masyaf"


def test_christians_are_checked_before_muslims() -> None:
    # 28.0: the Christian check comes first, then the Muslim one.
    s = at({"godfrey": "nicaea", "seljuk_horse_archers_1": "axylon"})
    run_winter(s)
    log = texts(s)
    christian = log.index("The Christian force in Nicaea is in supply: a fortress.")
    assert christian < next(i for i, t in enumerate(log) if "Axylon go back" in t)


# -- 34.5 Siege supply ---------------------------------------------------------------------------------------
def test_besiegers_get_no_supply_from_the_fortress() -> None:
    # 34.5 (Siege), W-8: a force besieging a fortress draws no supply from it, even a port.
    s = at(
        {"godfrey": "tyre", "seljuk_militia_1": "tyre"},
        flags={"sieges": ["tyre"]},
        revealed=["seljuk_militia_1"],
    )
    assert supply(s, "tyre") is None


def test_besiegers_supplied_by_a_port_across_a_pass() -> None:
    # 34.5 note: the path to the Christian port may be a pass (Homs-Tripolis).
    s = at(
        {"godfrey": "homs", "seljuk_militia_1": "homs", "tancred": "tripolis"},
        flags={"sieges": ["homs"]},
        revealed=["seljuk_militia_1"],
    )
    assert supply(s, "homs") == "next to the port of Tripolis"


def test_besiegers_supplied_by_a_camp() -> None:
    # 34.5: a Camp in the fortress space supplies the besiegers and is spent.
    s = at(
        {"godfrey": "nicaea", "seljuk_militia_1": "nicaea"},
        flags={"sieges": ["nicaea"]},
        revealed=["seljuk_militia_1"],
    )
    s.camps.append("nicaea")
    assert supply(s, "nicaea") == winter.CAMP


def test_besieged_muslims_roll_two_dice_for_survivors() -> None:
    # 34.5: two dice give how many besieged Muslim units survive; the others are eliminated, the
    # weakest first and non-leaders before leaders of equal strength (W-10).
    muslims = {
        "seljuk_militia_1": "nicaea",
        "seljuk_militia_19": "nicaea",
        "seljuk_militia_20": "nicaea",
        "ridwan": "nicaea",
        "seljuk_ghulams_1": "nicaea",
        "seljuk_horse_archers_1": "nicaea",
    }
    s = at(
        {"godfrey": "nicaea", "tancred": "civetot", **muslims},
        flags={"sieges": ["nicaea"]},
        revealed=list(muslims),
    )
    dice(s, 1, 2)  # 3 survive of 6
    run_winter(s)
    assert {u for u in muslims if s.loc[u] == "nicaea"} == {
        "ridwan",
        "seljuk_ghulams_1",
        "seljuk_horse_archers_1",
    }
    assert "Besieged in Nicaea: dice 1 2, 3 of 6 Muslim unit(s) are lost." in texts(s)


def test_a_leader_outlasts_a_non_leader_of_equal_strength() -> None:
    # 34.5, W-10: after the militia, one of the 2-strength Ghulams goes before the 2-strength leader.
    muslims = {
        "seljuk_militia_1": "nicaea",
        "ridwan": "nicaea",
        "seljuk_ghulams_1": "nicaea",
        "seljuk_ghulams_2": "nicaea",
    }
    s = at(
        {"godfrey": "nicaea", "tancred": "civetot", **muslims},
        flags={"sieges": ["nicaea"]},
        revealed=list(muslims),
    )
    dice(s, 1, 1)  # 2 survive of 4
    run_winter(s)
    assert s.loc["ridwan"] == "nicaea" and s.loc["seljuk_militia_1"] == BIN
    assert sum(s.loc[g] == "nicaea" for g in ("seljuk_ghulams_1", "seljuk_ghulams_2")) == 1


def test_unbesieged_fortress_garrisons_do_not_starve() -> None:
    # 28.3, 34.5: without a siege a garrison in a fortress is simply in supply, no dice.
    s = at({"seljuk_militia_1": "nicaea", "seljuk_militia_19": "nicaea", "seljuk_militia_20": "nicaea"})
    before = s.rng
    run_winter(s)
    assert s.rng == before
    assert all(s.loc[u] == "nicaea" for u in ("seljuk_militia_1", "seljuk_militia_19", "seljuk_militia_20"))


# -- 34.6 Massacres ----------------------------------------------------------------------------------------
def test_a_massacred_fortress_gives_no_supply() -> None:
    # 34.6, W-11: a Massacre destroys the fortress's supply, also as a port for its neighbours.
    s = at({"godfrey": "tarsus", "tancred": "cilician_sea"}, flags={"massacres": ["tarsus"]})
    assert supply(s, "tarsus") is None
    assert supply(s, "cilician_sea") is None


def test_a_massacre_leaves_camp_supply() -> None:
    # 34.6: supply from Camps is not affected.
    s = at({"godfrey": "nicaea"}, flags={"massacres": ["nicaea"]})
    s.camps.append("nicaea")
    assert supply(s, "nicaea") == winter.CAMP


def test_a_massacre_starves_the_muslims_who_hold_the_fortress_too() -> None:
    # 34.6, W-11: "all" supply of the fortress is gone, for the Muslims' winter check (28.3) as well:
    # the garrison of massacred Nicaea goes back to its Bin; Iconium's, untouched, stays.
    s = at({"seljuk_militia_1": "nicaea", "seljuk_militia_2": "iconium"}, flags={"massacres": ["nicaea"]})
    run_winter(s)
    assert s.loc["seljuk_militia_1"] == BIN and s.loc["seljuk_militia_2"] == "iconium"


def test_massacre_markers_are_removed_after_winter() -> None:
    # 34.6: the markers stay until the end of the Winter Supply Step.
    s = at({"godfrey": "nicaea"}, flags={"massacres": ["nicaea", "tarsus"]})
    dice(s, 6)
    run_winter(s)
    assert s.flags["massacres"] == []
    assert "The Massacre marker in Tarsus is removed." in texts(s)
    assert s.stack[-1]["kind"] == "turn"  # the winter frame is over
