"""Movement (17.0-22.0, 25.0-25.4, 10.4, 29.1, 29.3, 30.2, 31.1, 32.2, 33.6, 35.0, options 34.1,
35.1, 36.4), each on a position built for the rule. The dice fall as a test needs by setting the
generator (``state.rng``) to a value searched with the engine's rng; the battle, the siege and the
boon windows are other modules': they are recorded. Rulings MV-n: docs/first-crusade/rulings-movement.md."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest

from outremer.engine import rng
from outremer.engine.procedures import Action, Frame
from outremer.games.first_crusade import combat, movement, pilgrimage, reach
from outremer.games.first_crusade.game import FirstCrusade
from outremer.games.first_crusade.positions import position
from outremer.games.first_crusade.procedures import PROCEDURES
from outremer.games.first_crusade.state import BIN, PLAYER, State

GO, STOP = ("go",), ("stop",)
SUPPLIES = ("boon", "supplies", "wagon")
TREACHERY = ("boon", "treachery", "eye")


@pytest.fixture
def battles(monkeypatch: pytest.MonkeyPatch) -> list[dict[str, Any]]:
    """combat.start_battle and combat.start_siege are the combat module's: record the calls."""
    calls: list[dict[str, Any]] = []

    def battle(state: State, space: str, attacker: str, **kw: Any) -> None:
        calls.append({"what": "battle", "space": space, "attacker": attacker, **kw})

    def siege(state: State, space: str, units: list[str]) -> None:
        calls.append({"what": "siege", "space": space, "units": units})

    monkeypatch.setattr(combat, "start_battle", battle)
    monkeypatch.setattr(combat, "start_siege", siege)
    return calls


@pytest.fixture
def boons(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, Any]]:
    """The boon windows are pilgrimage.py's: offer one Supplies and one Treachery, record the plays
    and do to the frame what the contract says (engine.md)."""
    calls: list[tuple[str, Any]] = []

    def offer(state: State, frame: Frame, window: str) -> list[Action]:
        calls.append(("window", window))
        return [SUPPLIES] if window == "attrition" else [TREACHERY]

    def play(state: State, frame: Frame, action: Action) -> None:
        calls.append(("play", action))
        if action == SUPPLIES:
            frame["no_attrition"] = True
        else:
            frame["pass_through"] = frame.get("pass_through", 0) + 1

    monkeypatch.setattr(pilgrimage, "march_boons", offer)
    monkeypatch.setattr(pilgrimage, "play_in_march", play)
    return calls


@pytest.fixture
def no_boons(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(pilgrimage, "march_boons", lambda state, frame, window: [])


def rigged(*faces: int, generator: str = rng.KEYED) -> Any:
    """A generator value whose next dice come up ``faces``."""
    for seed in range(500_000):
        start = rng.seed_state(seed, generator)
        holder = SimpleNamespace(rng=start)
        if all(rng.d6(holder) == f for f in faces):
            return start
    raise AssertionError(f"no seed rolls {faces}")


def legal(state: State) -> list[Action]:
    return PROCEDURES.legal(state, PLAYER)


def act(state: State, *actions: Action) -> None:
    for a in actions:
        assert a in legal(state), f"{a} not in {legal(state)}"
        PROCEDURES.perform(state, PLAYER, a)


def setout(state: State, verb: str, space: str, *faces: int, generator: str = rng.KEYED) -> Frame:
    """Start a march from ``space`` with its force as prefilled, the Movement Allowance rolling
    ``faces`` (and any dice after them), on the keyed generator unless ``generator`` says."""
    movement.start(state, (verb, space))
    frame = state.stack[-1]
    state.rng = rigged(*faces, generator=generator)
    PROCEDURES.settle(state)
    if GO in legal(state):
        act(state, GO)
    return frame


def moves(state: State) -> list[str]:
    return [a[1] for a in legal(state) if a[0] == "move"]


# -- which marches may start (17.1, 18.1, 19.1, 20.1, 21.0, 30.1, 32.2, 35.0) -------------------------
def test_each_kind_of_move_is_offered_where_its_force_can_form():
    # 18.1, 19.1, 20.1: a March needs a unit that is no Leader, a Leader March a Leader, sea moves
    # a fleet (ruling MV-1).
    s = position({"godfrey": "dorylaeum", "crusader_knights_1": "dorylaeum", "baldwin": "philomelium"})
    offered = movement.offered(s)
    assert ("march", "dorylaeum") in offered
    assert ("leader_march", "dorylaeum") in offered
    assert ("leader_march", "philomelium") in offered
    assert ("march", "philomelium") not in offered
    assert not [a for a in offered if a[0].endswith("sea_move")]


def test_armenian_units_move_only_once_armenia_is_activated():
    # 30.1: no Action with Armenian units before Armenia is activated.
    units = {"constantine": "sis", "armenian_azats_1": "sis"}
    assert not [a for a in movement.offered(position(units)) if a[1] == "sis"]
    assert ("leader_march", "sis") in movement.offered(position(units, flags={"armenia": True}))


def test_byzantines_take_no_action_once_alexios_is_lost():
    # 32.2: Byzantine units may not initiate Actions after Alexios is eliminated.
    s = position({"athanatoi": "nicomedia"}, flags={"alexios_dead": True})
    assert not [a for a in movement.offered(s) if a[1] == "nicomedia"]


def test_christian_infighting_leaves_only_crusaders_and_their_mercenaries():
    # 35.0 Christian Infighting: Actions with Crusader units and the mercenaries stacked with them.
    s = position(
        {
            "crusader_knights_1": "dorylaeum",
            "knights_errant": "dorylaeum",
            "athanatoi": "nicomedia",
            "genoese_crossbows": "civetot",
        },
        flags={"infighting": True},
    )
    assert {a[1] for a in movement.offered(s)} == {"dorylaeum"}
    movement.start(s, ("march", "dorylaeum"))
    assert s.stack[-1]["force"] == ["crusader_knights_1", "knights_errant"]


def test_a_march_may_leave_its_leader_behind():
    # 18.1, 10.0: a March is a force without a Leader; one in the space may stay (ruling MV-1).
    s = position({"godfrey": "dorylaeum", "crusader_knights_1": "dorylaeum"})
    movement.start(s, ("march", "dorylaeum"))
    assert s.stack[-1]["force"] == ["crusader_knights_1"]
    assert ("take", "godfrey") not in legal(s)


def test_crusaders_and_armenians_never_form_one_force():
    # 30.2: activated Armenians stack with Crusaders but never move with them as one force.
    s = position(
        {"godfrey": "sis", "crusader_knights_1": "sis", "constantine": "sis", "armenian_azats_1": "sis"},
        flags={"armenia": True},
    )
    movement.start(s, ("leader_march", "sis"))
    assert s.stack[-1]["force"] == ["godfrey", "crusader_knights_1"]
    assert not [a for a in legal(s) if a[0] == "take"]
    act(s, ("leave", "crusader_knights_1"), ("leave", "godfrey"), ("take", "constantine"))
    assert ("take", "armenian_azats_1") in legal(s)
    assert ("take", "godfrey") not in legal(s)


def test_twin_units_are_one_choice():
    # 10.0: units that are the same in play are offered once (the choice would change nothing).
    s = position(
        {f"crusader_pilgrims_{i}": "dorylaeum" for i in (1, 2, 3)} | {"crusader_foot_1": "dorylaeum"}
    )
    movement.start(s, ("march", "dorylaeum"))
    assert [a for a in legal(s) if a[0] == "leave"] == [
        ("leave", "crusader_foot_1"),
        ("leave", "crusader_pilgrims_1"),
    ]


def test_a_fleet_carries_one_unit():
    # 25.2, 25.3: each fleet carries one unit that started in its port.
    s = position({"imperial_fleet": "smyrna", "crusader_foot_1": "smyrna", "crusader_foot_2": "smyrna"})
    movement.start(s, ("sea_move", "smyrna"))
    assert s.stack[-1]["force"] == ["crusader_foot_1", "imperial_fleet"]
    assert ("take", "crusader_foot_2") not in legal(s)
    assert ("leave", "imperial_fleet") not in legal(s)


def test_fleets_never_march_by_land():
    # 25.1: fleets move by sea only (ruling MV-8).
    s = position({"godfrey": "smyrna", "imperial_fleet": "smyrna"})
    movement.start(s, ("leader_march", "smyrna"))
    assert s.stack[-1]["force"] == ["godfrey"]
    assert legal(s) == []  # one possible force: no question, the march sets out


# -- the Movement Allowance (17.3, 18.1, 19.1, 35.1) ------------------------------------------------
def test_a_march_rolls_one_die_and_a_leader_march_two():
    # 18.1: one die without a Leader; 19.1: two dice with one.
    s = position({"crusader_knights_1": "dorylaeum"})
    assert setout(s, "march", "dorylaeum", 3)["mp"] == 3
    s = position({"godfrey": "dorylaeum"})
    assert setout(s, "leader_march", "dorylaeum", 4, 5)["mp"] == 9


def test_full_strength_cavalry_moves_farther_with_the_option():
    # 35.1: +2 for a Leader March of full-strength cavalry only; none with a reduced unit.
    units = {"godfrey": "dorylaeum", "crusader_knights_1": "dorylaeum"}
    s = position(units, options={"cavalry": True})
    assert setout(s, "leader_march", "dorylaeum", 2, 2)["mp"] == 6
    s = position(units, options={"cavalry": True}, reduced=["crusader_knights_1"])
    assert setout(s, "leader_march", "dorylaeum", 2, 2)["mp"] == 4


def test_cavalry_adds_one_to_a_march_and_nothing_by_sea_or_with_infantry():
    # 35.1: +1 for a normal March of full-strength cavalry; nothing with a foot unit in the force,
    # nor for a Sea Move, nor without the option.
    s = position({"crusader_knights_1": "dorylaeum"}, options={"cavalry": True})
    assert setout(s, "march", "dorylaeum", 3)["mp"] == 4
    s = position({"crusader_knights_1": "dorylaeum"}, options={"cavalry": False})
    assert setout(s, "march", "dorylaeum", 3)["mp"] == 3
    s = position(
        {"crusader_knights_1": "dorylaeum", "crusader_foot_1": "dorylaeum"}, options={"cavalry": True}
    )
    assert setout(s, "march", "dorylaeum", 3)["mp"] == 3
    s = position({"imperial_fleet": "smyrna", "turcopoles_1": "smyrna"}, options={"cavalry": True})
    assert setout(s, "sea_move", "smyrna", 3)["mp"] == 3


# -- moving (17.4-17.6, 10.4, 29.1, 29.3, 31.1) ---------------------------------------------------------
def test_a_force_moves_a_space_a_point_and_stops_when_spent():
    # 17.4: one point a space; once the allowance is spent the move ends without a question.
    s = position({"crusader_knights_1": "dorylaeum"})
    setout(s, "march", "dorylaeum", 2)
    assert sorted(moves(s)) == ["nicaea", "philomelium"]  # no pass without a Leader (17.5)
    act(s, ("move", "philomelium"), ("move", "axylon"))
    assert s.loc["crusader_knights_1"] == "axylon"
    assert s.stack[-1]["kind"] == "turn"


def test_a_pass_needs_a_leader_and_uses_all_movement():
    # 17.5: crossing a pass takes a Leader and ends the move whatever the allowance.
    s = position({"godfrey": "dorylaeum"})
    setout(s, "leader_march", "dorylaeum", 6, 6)
    assert "ancyra" in moves(s)
    act(s, ("move", "ancyra"))
    assert s.loc["godfrey"] == "ancyra"
    assert s.stack[-1]["kind"] == "turn"


def test_masyaf_is_reached_by_a_pass_and_fought_without_reinforcement(battles):
    # 31.1: Masyaf only by a pass move, then the Assassin is attacked; no Bin reinforces it (MV-10).
    s = position({"godfrey": "shaizar"})
    setout(s, "leader_march", "shaizar", 1, 1)
    act(s, ("move", "masyaf"))
    assert battles == [
        {
            "what": "battle",
            "space": "masyaf",
            "attacker": "christian",
            "reinforce": False,
            "christian_units": ["godfrey"],
            "cause": "march",
        }
    ]


def test_entering_a_muslim_space_stops_the_force_for_battle(battles):
    # 10.4, 17.6, 18.1: the force stops among Muslims, reveals them (11.0) and attacks; the fortress
    # had no Christians, so the battle draws reinforcements (26.4, ruling MV-10).
    s = position({"crusader_knights_1": "civetot", "seljuk_militia_1": "nicaea"})
    setout(s, "march", "civetot", 4)
    act(s, ("move", "nicaea"))
    assert s.loc["crusader_knights_1"] == "nicaea"
    assert "seljuk_militia_1" in s.revealed
    assert [(b["space"], b["reinforce"], b["christian_units"]) for b in battles] == [
        ("nicaea", True, ["crusader_knights_1"])
    ]
    assert all("seljuk_militia_1" not in entry[3].values() for entry in s.log)


def test_a_force_among_muslims_may_leave_without_fighting(battles):
    # 17.6: a force that begins with Muslims may move out, or stay, without attacking.
    s = position(
        {"crusader_knights_1": "nicaea", "crusader_foot_1": "nicaea", "seljuk_militia_1": "nicaea"},
        revealed=["seljuk_militia_1"],
    )
    setout(s, "march", "nicaea", 2)
    assert "dorylaeum" in moves(s)
    act(s, ("move", "dorylaeum"), ("move", "philomelium"))
    assert battles == []


def test_an_abandoned_fortress_is_entered_without_battle_or_reinforcement(battles):
    # 26.6: nobody holds Nicaea: the force marches in and on, no Muslim is drawn (26.4), no battle.
    s = position({"crusader_knights_1": "civetot"})
    setout(s, "march", "civetot", 2)
    act(s, ("move", "nicaea"), ("move", "dorylaeum"))
    assert battles == [] and s.loc["crusader_knights_1"] == "dorylaeum"
    assert not [u for u, w in s.loc.items() if w == "nicaea"]


def test_a_contested_space_entered_draws_no_reinforcement(battles):
    # 26.4: reinforcements come only where no Christians were before (34.3; ruling MV-10).
    s = position(
        {"crusader_knights_1": "civetot", "crusader_foot_1": "nicaea", "seljuk_militia_1": "nicaea"},
        revealed=["seljuk_militia_1"],
    )
    setout(s, "march", "civetot", 3)
    act(s, ("move", "nicaea"))
    assert [(b["space"], b["reinforce"]) for b in battles] == [("nicaea", False)]


def test_the_assassin_returns_once_the_force_leaves_masyaf():
    # 31.1: the Assassin garrison is back whenever no Christian unit is in Masyaf.
    s = position({"godfrey": "masyaf"})
    s.loc["assassin"] = "eliminated"
    setout(s, "leader_march", "masyaf", 1, 1)
    act(s, ("move", "shaizar"))
    assert s.loc["assassin"] == "masyaf"


def test_a_force_moves_through_other_christian_contingents():
    # 10.2: Christians of different contingents move through each other; stacking counts at the end.
    s = position({"crusader_knights_1": "constantinople", "athanatoi": "nicomedia"})
    setout(s, "march", "constantinople", 3)
    act(s, ("move", "nicomedia"))
    assert "juliopolis" in moves(s)


def test_entering_constantinople_ends_the_move():
    # 29.1: Christian units entering Constantinople stop there for this Action.
    s = position({"crusader_knights_1": "nicomedia"})
    setout(s, "march", "nicomedia", 5)
    act(s, ("move", "constantinople"))
    assert s.stack[-1]["kind"] == "turn"


def test_moving_into_muslim_jerusalem_takes_one_more_action(battles):
    # 29.3: two Actions to move into and attack Jerusalem: the move in is offered only with one
    # more Action left, and spends it (ruling MV-9).
    units = {"godfrey": "jericho", "seljuk_militia_1": "jerusalem"}
    s = position(units, actions=0)
    setout(s, "leader_march", "jericho", 3, 3)
    assert "jerusalem" not in moves(s)
    s = position(units, actions=2)
    setout(s, "leader_march", "jericho", 3, 3)
    act(s, ("move", "jerusalem"))
    assert s.actions == 1
    assert [b["space"] for b in battles] == ["jerusalem"]


def test_entering_empty_jerusalem_ends_the_move_at_no_extra_cost():
    # 29.3: units entering Jerusalem stop, whoever holds it; no attack, no second Action.
    s = position({"godfrey": "jericho"}, actions=2)
    setout(s, "leader_march", "jericho", 3, 3)
    act(s, ("move", "jerusalem"))
    assert s.loc["godfrey"] == "jerusalem"
    assert s.actions == 2
    assert s.stack[-1]["kind"] == "turn"


def test_units_are_dropped_off_and_picked_up_along_the_way():
    # 17.4: dropped units stay; picked-up units go on with the force and no farther.
    s = position({"godfrey": "nicomedia", "crusader_knights_1": "nicomedia", "crusader_foot_1": "juliopolis"})
    frame = setout(s, "leader_march", "nicomedia", 2, 3)
    act(s, ("move", "juliopolis"), ("pick_up", "crusader_foot_1"), ("drop", "crusader_knights_1"))
    act(s, ("move", "ancyra"), STOP)
    assert s.loc["crusader_knights_1"] == "juliopolis"
    assert s.loc["crusader_foot_1"] == s.loc["godfrey"] == "ancyra"
    assert sorted(frame["pool"]) == ["crusader_foot_1", "crusader_knights_1", "godfrey"]


def test_a_dropped_unit_is_not_picked_up_again():
    # 17.4: a unit dropped off has ended its move (ruling MV-6).
    s = position({"godfrey": "nicomedia", "crusader_knights_1": "nicomedia"})
    setout(s, "leader_march", "nicomedia", 3, 3)
    act(s, ("move", "juliopolis"), ("drop", "crusader_knights_1"), ("move", "ancyra"), ("move", "juliopolis"))
    assert ("pick_up", "crusader_knights_1") not in legal(s)


def test_armenians_keep_within_two_spaces_of_armenia():
    # 30.2: Armenian units move no farther than two spaces from Armenia.
    s = position({"armenian_azats_1": "sis"}, flags={"armenia": True})
    setout(s, "march", "sis", 6)
    act(s, ("move", "marash"), ("move", "turbessel"))
    assert "aleppo" not in moves(s)
    assert "edessa" not in moves(s)  # a pass, and three spaces away


def test_before_activation_a_force_may_cross_armenia_but_not_stop_there():
    # 30.2: Crusaders may enter Armenia before it is activated, not end a move with Armenians.
    units = {"crusader_knights_1": "coxon", "armenian_azats_1": "vahka"}
    s = position(units)
    setout(s, "march", "coxon", 1)
    assert "vahka" not in moves(s)  # it would end there
    s = position(units)
    setout(s, "march", "coxon", 3)
    act(s, ("move", "vahka"))
    assert STOP not in legal(s)


def test_a_diplomatic_leader_may_stop_in_sis_to_activate_armenia():
    # 30.2, 16.1: the exception for a Leader come to Sis for Diplomacy.
    s = position({"raymond": "coxon", "crusader_knights_1": "coxon", "armenian_azats_1": "sis"})
    setout(s, "leader_march", "coxon", 2, 2)
    act(s, ("move", "vahka"), ("move", "sis"))
    assert STOP in legal(s)


def test_a_kingdom_leader_keeps_to_his_realm():
    # 36.4 (option kingdoms): a titled Leader only in his capital and the land spaces next to it.
    s = position(
        {"godfrey": "antioch"}, options={"kingdoms": True}, flags={"kingdoms": {"godfrey": "antioch"}}
    )
    setout(s, "leader_march", "antioch", 3, 3)
    assert sorted(moves(s)) == ["aleppo", "mamistra", "marash", "st_symeon"]
    act(s, ("move", "mamistra"))
    assert moves(s) == ["antioch"]


# -- at sea (20.1-20.3, 25.1-25.3, 29.1) --------------------------------------------------------------
def test_a_fleet_leaves_constantinople_freely_and_stops_in_a_port():
    # 29.1: Constantinople is left at the normal cost; 20.2: entering a port ends the move; the
    # carried unit goes with its fleet (25.2) (ruling MV-7).
    s = position({"imperial_fleet": "constantinople", "thracian_tagma": "constantinople"})
    setout(s, "sea_move", "constantinople", 5)
    act(s, ("move", "propontis"), ("move", "aegean_sea"))
    assert sorted(moves(s)) == ["lycian_sea", "pergamum", "propontis", "rhodos", "smyrna"]
    act(s, ("move", "smyrna"))
    assert s.loc["imperial_fleet"] == s.loc["thracian_tagma"] == "smyrna"
    assert s.stack[-1]["kind"] == "turn"


def test_leaving_a_port_ends_a_sea_move():
    # 20.2: a fleet leaving a port spends one point and stops (ruling MV-7).
    s = position({"imperial_fleet": "smyrna"})
    setout(s, "sea_move", "smyrna", 6)
    act(s, ("move", "aegean_sea"))
    assert s.loc["imperial_fleet"] == "aegean_sea"
    assert s.stack[-1]["kind"] == "turn"


def test_units_at_sea_keep_a_fleet_each():
    # 25.1, 25.3: a unit at sea stays aboard a fleet: a fleet may not sail off and leave it.
    s = position(
        {"imperial_fleet": "aegean_sea", "kibyrrhaiot_fleet": "aegean_sea", "crusader_foot_1": "aegean_sea"}
    )
    movement.start(s, ("sea_move", "aegean_sea"))
    act(s, ("leave", "crusader_foot_1"))
    assert GO not in legal(s)  # the foot would be left at sea without a fleet
    act(s, ("leave", "imperial_fleet"))
    assert GO in legal(s)


def test_at_sea_only_fleets_are_picked_up_and_none_strands_a_unit():
    # 25.2: a fleet carries only a unit that began in its port; 25.1: no unit stays at sea alone.
    s = position(
        {
            "imperial_fleet": "constantinople",
            "kibyrrhaiot_fleet": "propontis",
            "pisan_fleet": "propontis",
            "crusader_foot_2": "propontis",
        }
    )
    setout(s, "sea_move", "constantinople", 4)
    act(s, ("move", "propontis"))
    assert [a for a in legal(s) if a[0] == "pick_up"] == [
        ("pick_up", "kibyrrhaiot_fleet"),
        ("pick_up", "pisan_fleet"),
    ]
    act(s, ("pick_up", "pisan_fleet"))
    assert not [a for a in legal(s) if a[0] == "pick_up"]


# -- Treachery (chart, 17.6) --------------------------------------------------------------------------
def test_treachery_lets_a_force_move_through_a_muslim_space(battles, boons):
    # Chart, Treachery: the force moves through one Muslim-held space without stopping (MV-16).
    s = position(
        {"crusader_knights_1": "civetot", "crusader_foot_1": "civetot", "seljuk_militia_1": "nicaea"}
    )
    frame = setout(s, "march", "civetot", 3)
    assert ("window", "path") in boons
    act(s, TREACHERY, ("move", "nicaea"))
    assert STOP not in legal(s)
    assert not [a for a in legal(s) if a[0] == "drop"]
    act(s, ("move", "dorylaeum"), STOP)
    assert battles == []
    assert frame["pass_through"] == 0


# -- attrition (18.1-18.2, 19.1, 20.1, 21.0, 25.3) ------------------------------------------------------
@pytest.mark.parametrize(
    "verb, dice, entered, due",
    [
        ("march", [6], [], True),
        ("march", [5], [], False),
        ("march", [5], ["axylon"], True),
        ("leader_march", [3, 4], [], True),
        ("leader_march", [4, 4], [], False),
        ("leader_march", [4, 4], ["lake_tatta"], True),
        ("sea_move", [6], [], True),
        ("leader_sea_move", [4, 4], [], True),
        ("leader_sea_move", [4, 5], [], False),
    ],
)
def test_the_roll_calls_for_attrition(verb, dice, entered, due):
    # 18.1: a 6, or 5-6 if a Desert was entered; 19.1: 7, or 7-8 with Desert; 20.1: 6; 21.0: 7 or
    # 8 (ruling MV-3).
    sea, leader, _ = movement.kind(verb)
    assert movement.attrition_due({"sea": sea, "leader": leader, "dice": dice, "entered": entered}) is due


def test_attrition_spares_a_die_of_units_and_the_player_picks_the_rest(no_boons):
    # 18.2: one die, the units unaffected; the player selects the others, a step each. 18.1 note:
    # a force that does not move is still checked.
    units = ["crusader_knights_1", "crusader_foot_1", "crusader_pilgrims_1", "crusader_pilgrims_2"]
    s = position(dict.fromkeys(units, "dorylaeum"))
    setout(s, "march", "dorylaeum", 6, 2)
    act(s, STOP)
    assert sorted(legal(s)) == [
        ("hit", "crusader_foot_1"),
        ("hit", "crusader_knights_1"),
        ("hit", "crusader_pilgrims_1"),
    ]
    act(s, ("hit", "crusader_knights_1"), ("hit", "crusader_pilgrims_1"))
    assert s.reduced == {"crusader_knights_1"}
    assert s.loc["crusader_pilgrims_1"] == BIN
    assert s.stack[-1]["kind"] == "turn"


def test_attrition_with_nothing_to_choose_asks_nothing(no_boons):
    # 18.2: twins lose their steps without a question.
    s = position({f"crusader_pilgrims_{i}": "dorylaeum" for i in (1, 2, 3)})
    setout(s, "march", "dorylaeum", 6, 1)
    act(s, STOP)
    assert [s.loc[f"crusader_pilgrims_{i}"] for i in (1, 2, 3)].count(BIN) == 2
    assert s.stack[-1]["kind"] == "turn"


def test_supplies_cancel_attrition_after_its_roll(boons):
    # 18.2 note, chart Supplies: played after the roll, no unit loses a step (ruling MV-5).
    s = position({"crusader_knights_1": "dorylaeum", "crusader_foot_1": "dorylaeum"})
    setout(s, "march", "dorylaeum", 6, 1)
    act(s, STOP)
    assert ("window", "attrition") in boons
    assert legal(s) == [SUPPLIES, ("hit", "crusader_knights_1"), ("hit", "crusader_foot_1")]
    act(s, SUPPLIES)
    assert s.reduced == set()
    assert s.stack[-1]["kind"] == "turn"


def test_supplies_may_cancel_losses_that_leave_no_choice(boons):
    # 18.2 note: the Supplies window opens even when every loss is forced.
    s = position({f"crusader_pilgrims_{i}": "dorylaeum" for i in (1, 2, 3)})
    setout(s, "march", "dorylaeum", 6, 1)
    act(s, STOP)
    assert legal(s) == [SUPPLIES, GO]
    act(s, GO)
    assert [s.loc[f"crusader_pilgrims_{i}"] for i in (1, 2, 3)].count(BIN) == 2


def test_units_dropped_off_suffer_attrition_too(no_boons):
    # 18.2: attrition affects units dropped off or picked up.
    s = position({"crusader_knights_1": "dorylaeum", "crusader_foot_1": "dorylaeum"})
    setout(s, "march", "dorylaeum", 6, 1)
    act(s, ("move", "philomelium"), ("drop", "crusader_knights_1"), ("move", "axylon"), STOP)
    assert ("hit", "crusader_knights_1") in legal(s)


def test_carried_units_suffer_only_with_their_fleets(no_boons):
    # 20.1, 25.3: fleets count for the check; a carried unit loses a step only for a fleet hit
    # that carried it, the empty fleets taking the first hits (ruling MV-4).
    s = position({"imperial_fleet": "smyrna", "kibyrrhaiot_fleet": "smyrna", "thracian_tagma": "smyrna"})
    setout(s, "sea_move", "smyrna", 6, 1)
    act(s, STOP)
    assert s.reduced == {"imperial_fleet"}
    s = position(
        {
            "imperial_fleet": "smyrna",
            "kibyrrhaiot_fleet": "smyrna",
            "thracian_tagma": "smyrna",
            "athanatoi": "smyrna",
        }
    )
    setout(s, "sea_move", "smyrna", 6, 1)
    act(s, STOP)
    assert legal(s) == [("hit", "athanatoi"), ("hit", "thracian_tagma")]
    act(s, ("hit", "thracian_tagma"))
    assert s.reduced == {"imperial_fleet", "thracian_tagma"}


def test_a_unit_left_at_sea_without_its_fleet_is_lost(no_boons):
    # 25.1, 25.3: a fleet eliminated at sea takes its cargo down; the player picks which unit
    # (ruling MV-4).
    s = position(
        {
            "genoese_fleet": "aegean_sea",
            "pisan_fleet": "aegean_sea",
            "crusader_knights_1": "aegean_sea",
            "crusader_foot_1": "aegean_sea",
        }
    )
    setout(s, "sea_move", "aegean_sea", 6, 1)
    act(s, STOP)
    act(s, ("hit", "crusader_foot_1"))
    assert s.loc["genoese_fleet"] == BIN
    assert legal(s) == [("lose", "crusader_knights_1"), ("lose", "crusader_foot_1")]
    act(s, ("lose", "crusader_foot_1"))
    assert s.loc["crusader_foot_1"] == BIN
    assert s.loc["crusader_knights_1"] == "aegean_sea"
    assert s.stack[-1]["kind"] == "turn"


def test_a_unit_dropped_at_sea_goes_down_with_its_fleet(no_boons):
    # 17.4, 25.3: a fleet and its cargo dropped off at sea; the fleet lost to attrition, the unit
    # it carried is lost too, with no choice to make (ruling MV-4).
    s = position(
        {
            "genoese_fleet": "aegean_sea",
            "pisan_fleet": "aegean_sea",
            "crusader_foot_1": "aegean_sea",
            "crusader_foot_2": "aegean_sea",
        }
    )
    setout(s, "sea_move", "aegean_sea", 6, 1)
    act(s, ("move", "lycian_sea"), ("drop", "genoese_fleet"))
    assert moves(s) == []  # two units and one fleet: no further until one is dropped too
    act(s, ("drop", "crusader_foot_1"), ("move", "cilician_sea"), STOP)
    assert s.loc["genoese_fleet"] == s.loc["crusader_foot_1"] == BIN
    assert s.loc["crusader_foot_2"] == s.loc["pisan_fleet"] == "cilician_sea"
    assert s.stack[-1]["kind"] == "turn"


# -- Supplied March (22.0-22.1, 33.6) --------------------------------------------------------------------
def test_a_supplied_march_ends_in_a_christian_fortress_without_attrition(no_boons):
    # 22.0: from a Fortress to another held by Christians, no attrition; its steps lead there.
    s = position({"godfrey": "constantinople", "crusader_foot_1": "nicaea"})
    assert ("supplied_leader_march", "constantinople") in movement.offered(s)
    setout(s, "supplied_leader_march", "constantinople", 3, 4)  # a 7 would call for attrition
    assert moves(s) == ["civetot"]
    act(s, ("move", "civetot"))
    assert STOP not in legal(s)
    act(s, ("move", "nicaea"), STOP)
    assert s.reduced == set()
    assert s.stack[-1]["kind"] == "turn"


def test_a_supplied_march_that_does_not_move_is_an_ordinary_one(no_boons):
    # 18.1 note, 22.0: a force may stay put; then no depot was reached and attrition applies.
    s = position(
        {"godfrey": "constantinople", "crusader_knights_1": "constantinople", "crusader_foot_1": "nicaea"}
    )
    setout(s, "supplied_leader_march", "constantinople", 3, 4, 1)
    act(s, STOP, ("hit", "crusader_knights_1"))
    assert s.reduced == {"crusader_knights_1"}


def test_a_supplied_march_is_offered_only_with_a_depot_in_reach():
    # 22.0: the march must be able to end in another Fortress or Camp held by Christians.
    s = position({"godfrey": "constantinople"})
    assert ("supplied_leader_march", "constantinople") not in movement.offered(s)
    s = position({"godfrey": "constantinople", "crusader_foot_1": "iconium"})
    assert ("supplied_march", "constantinople") not in movement.offered(s)  # 1d6 falls short


def test_a_massacred_fortress_is_no_depot_for_a_supplied_march():
    # The second 34.6: a Massacre destroys the fortress's supply for a Supplied March (22.0), as a
    # start and as an end.
    units = {"godfrey": "constantinople", "crusader_foot_1": "nicaea"}
    s = position(units, options={"massacre": True}, flags={"massacres": ["nicaea"]})
    assert ("supplied_leader_march", "constantinople") not in movement.offered(s)
    s = position({"godfrey": "nicaea"}, options={"massacre": True}, flags={"massacres": ["nicaea"]})
    assert ("supplied_leader_march", "nicaea") not in movement.offered(s)


def test_a_camp_used_by_a_supplied_march_is_expended():
    # 22.1: the Camp that supplied the march goes back to the box; a fortress uses none.
    s = position({"godfrey": "constantinople", "crusader_foot_1": "civetot"})
    s.camps = ["civetot"]
    setout(s, "supplied_leader_march", "constantinople", 1, 1)
    act(s, ("move", "civetot"))
    assert s.camps == []


def test_the_player_selects_the_camp_when_both_ends_have_one():
    # 22.1, 33.6: both ends are Camps: the player selects which one goes.
    s = position({"godfrey": "dorylaeum", "crusader_foot_1": "philomelium"})
    s.camps = ["dorylaeum", "philomelium"]
    setout(s, "supplied_leader_march", "dorylaeum", 1, 1)
    act(s, ("move", "philomelium"))  # nowhere else to go: the move ends there
    assert legal(s) == [("camp", "dorylaeum"), ("camp", "philomelium")]
    act(s, ("camp", "philomelium"))
    assert s.camps == ["dorylaeum"]


# -- sieges (option 34.1) --------------------------------------------------------------------------------
def test_a_military_leader_may_besiege_instead_of_attacking(battles):
    # 34.1: a force with a Military Leader ending at a Muslim-held fortress may besiege it.
    s = position({"godfrey": "civetot", "seljuk_militia_1": "nicaea"}, options={"siege": True})
    setout(s, "leader_march", "civetot", 1, 1)
    act(s, ("move", "nicaea"))
    assert legal(s) == [("attack",), ("besiege",)]
    act(s, ("besiege",))
    assert battles == [{"what": "siege", "space": "nicaea", "units": ["godfrey"]}]


def test_any_force_may_join_a_siege_or_attack(battles):
    # 34.3: a besieged fortress holds no more reinforcements; others may march in and stay, or
    # attack it by the standard rule (34.2 note; ruling MV-15).
    units = {"crusader_knights_1": "civetot", "crusader_foot_1": "nicaea", "seljuk_militia_1": "nicaea"}
    flags = {"sieges": ["nicaea"]}
    s = position(units, options={"siege": True}, flags=flags, revealed=["seljuk_militia_1"])
    setout(s, "march", "civetot", 1)
    act(s, ("move", "nicaea"), ("besiege",))
    assert battles == []
    assert s.loc["crusader_knights_1"] == "nicaea"
    s = position(units, options={"siege": True}, flags=flags, revealed=["seljuk_militia_1"])
    setout(s, "march", "civetot", 1)
    act(s, ("move", "nicaea"), ("attack",))
    assert [(b["what"], b["reinforce"]) for b in battles] == [("battle", False)]


# -- withdrawal (24.2) -------------------------------------------------------------------------------------
def test_a_force_withdraws_to_adjacent_spaces_free_of_muslims():
    # 24.2: one adjacent space without Muslims; a pass only with a Leader (17.5).
    s = position({"seljuk_militia_1": "philomelium"})
    assert reach.retreat_spaces(s, "dorylaeum", ["crusader_knights_1"]) == ["nicaea"]
    assert reach.retreat_spaces(s, "dorylaeum", ["godfrey"]) == ["nicaea", "ancyra"]


def test_fleets_withdraw_to_sea():
    # 24.2: fleets withdraw one space to sea, carrying land units (25.3).
    s = position({})
    assert reach.retreat_spaces(s, "tarsus", ["imperial_fleet", "thracian_tagma"]) == [
        "seleucia",
        "adana",
        "cilician_sea",
    ]
    assert reach.retreat_spaces(s, "tarsus", ["imperial_fleet"]) == ["cilician_sea"]


def test_each_question_says_what_it_asks(no_boons):
    # 12.4: the player is told which force is formed, where it moves, what it loses.
    s = position({"crusader_knights_1": "dorylaeum", "crusader_foot_1": "dorylaeum"})
    movement.start(s, ("march", "dorylaeum"))
    assert "Dorylaeum" in PROCEDURES.prompt(s, PLAYER)
    s.rng = rigged(6, 1)
    act(s, GO)
    assert "6 movement left" in PROCEDURES.prompt(s, PLAYER)
    act(s, STOP)
    assert "lose a step (1 to go)" in PROCEDURES.prompt(s, PLAYER)


def test_a_fleet_entering_a_muslim_port_fights_with_its_cargo(battles):
    # 20.1, 20.2, 25.4: a Sea Move into a port the Muslims hold stops there and attacks; the unit
    # the fleet carries lands and fights with it; the port had no Christians, so the battle draws
    # reinforcements (26.4, ruling MV-10).
    s = position(
        {"imperial_fleet": "cilician_sea", "thracian_tagma": "cilician_sea", "seljuk_militia_1": "tarsus"}
    )
    setout(s, "sea_move", "cilician_sea", 3)
    act(s, ("move", "tarsus"))
    assert s.loc["imperial_fleet"] == s.loc["thracian_tagma"] == "tarsus"
    assert [(b["space"], b["reinforce"], b["christian_units"]) for b in battles] == [
        ("tarsus", True, ["thracian_tagma", "imperial_fleet"])
    ]


# -- stacking at the end of the move (10.1) ----------------------------------------------------------
def test_byzantines_may_not_end_a_move_with_crusaders():
    # 10.1(1): Byzantine units may not end an Action in the space of Crusader units, nor Crusaders
    # in the space of Byzantines; they may move through (10.2).
    for mover, stayer in (("athanatoi", "crusader_knights_1"), ("crusader_knights_1", "athanatoi")):
        units = {mover: "nicomedia", stayer: "juliopolis"}
        s = position(units)
        setout(s, "march", "nicomedia", 1)
        assert "juliopolis" not in moves(s)  # it would end there
        s = position(units)
        setout(s, "march", "nicomedia", 3)
        act(s, ("move", "juliopolis"))
        assert STOP not in legal(s) and "ancyra" in moves(s)


def test_a_game_of_save_format_1_keeps_the_stacking_rules_it_was_played_with():
    # common.rules_of_format_1: a game on the legacy generator (outremer/save/1) is replayed under
    # the rules it was played with, before 10.1(1) kept moves from ending Byzantines with Crusaders.
    s = position({"athanatoi": "nicomedia", "crusader_knights_1": "juliopolis"})
    setout(s, "march", "nicomedia", 1, generator=rng.LEGACY)
    assert isinstance(s.rng, int)
    assert "juliopolis" in moves(s)


def test_takitios_may_end_a_move_with_crusaders():
    # 32.3: Takitios may stack with Crusader units.
    s = position({"takitios": "nicomedia", "crusader_knights_1": "juliopolis"})
    setout(s, "leader_march", "nicomedia", 1)
    assert "juliopolis" in moves(s)


def test_a_force_of_both_contingents_must_part_before_it_ends():
    # 10.1(1), 10.2, 17.4: the march from Constantinople takes every contingent; they may move on
    # together, but only once the Byzantines are dropped off may the Crusaders stop.
    s = position({"athanatoi": "constantinople", "crusader_knights_1": "constantinople"})
    setout(s, "march", "constantinople", 3)
    assert "nicomedia" in moves(s)
    act(s, ("move", "nicomedia"))
    assert STOP not in legal(s) and "juliopolis" in moves(s)
    act(s, ("move", "juliopolis"))
    assert "ancyra" not in moves(s)  # the last step: it would end there together
    assert ("drop", "crusader_knights_1") in legal(s)
    act(s, ("drop", "athanatoi"))
    assert "ancyra" in moves(s)
    act(s, ("move", "ancyra"))
    assert s.loc["athanatoi"] == "juliopolis" and s.loc["crusader_knights_1"] == "ancyra"


def test_no_drop_leaves_byzantines_with_crusaders():
    # 10.1(1), 17.4: a unit dropped off ends the Action where it is dropped.
    s = position(
        {"athanatoi": "nicomedia", "crusader_foot_1": "nicomedia", "crusader_knights_1": "juliopolis"}
    )
    setout(s, "march", "nicomedia", 3)
    act(s, ("move", "juliopolis"))
    assert ("drop", "athanatoi") not in legal(s)
    assert ("drop", "crusader_foot_1") in legal(s)


def test_the_game_warns_before_a_force_of_both_contingents_sets_out():
    # 10.1(1), ruling MV-21: Game.warning names the rule on `go` with Byzantines and Crusaders
    # together; none once they are apart, nor for other actions.
    game = FirstCrusade()
    s = position({"athanatoi": "constantinople", "crusader_knights_1": "constantinople"})
    movement.start(s, ("march", "constantinople"))
    warning = game.warning(s, PLAYER, GO)
    assert warning is not None and "10.1(1)" in warning and "eliminated" in warning
    assert game.warning(s, PLAYER, ("leave", "athanatoi")) is None
    act(s, ("leave", "athanatoi"))
    assert game.warning(s, PLAYER, GO) is None


def test_a_force_stuck_where_it_may_not_stack_is_offered_the_stop_with_a_warning():
    # 10.1(1), ruling MV-21: the Crusaders cannot leave Juliopolis without ending among Byzantines
    # and may not stop there with John Doukas: the stop, which eliminates one contingent, is the
    # player's to take.
    s = position(
        {
            "crusader_knights_1": "constantinople",
            "toxotai_1": "nicomedia",
            "john_doukas": "juliopolis",
            "thracian_tagma": "ancyra",
        }
    )
    setout(s, "march", "constantinople", 3)
    act(s, ("move", "nicomedia"), ("move", "juliopolis"))
    assert legal(s) == [STOP]  # not made for the player: the move before may be taken back
    warning = FirstCrusade().warning(s, PLAYER, STOP)
    assert warning is not None and "Juliopolis" in warning and "10.1(1)" in warning
