"""The Sequence of Play (8.0-8.1), the Event Step (9.0), the Standard and Special Actions (12.1-12.2)
and the Special Actions won by fortresses (12.2, 29.2(3); option 36.5), each on a position built
for the rule."""

from __future__ import annotations

from types import SimpleNamespace

from outremer.engine import rng
from outremer.games.first_crusade import indexes, turn
from outremer.games.first_crusade.common import BOARD
from outremer.games.first_crusade.positions import position
from outremer.games.first_crusade.procedures import PROCEDURES
from outremer.games.first_crusade.state import PLAYER, State

END = ("end",)


def rigged(*faces: int) -> int:
    """A generator value whose next dice come up ``faces``."""
    for seed in range(500_000):
        start = rng.seed_state(seed)
        holder = SimpleNamespace(rng=start)
        if all(rng.d6(holder) == f for f in faces):
            return start
    raise AssertionError(f"no seed rolls {faces}")


def cell(event: str) -> tuple[int, int]:
    """The first (column, row) of the Random Events Table giving ``event`` (9.0)."""
    t = BOARD.tables
    return next((c, r) for c in range(1, 7) for r in range(1, 7) if t.event(c, r) == event)


def rules(state: State) -> list[str]:
    return [entry[0] for entry in state.log]


def run_turn_stage(state: State) -> None:
    """Let the turn frame take one step by itself."""
    PROCEDURES.get("turn").run(state, state.stack[-1])


# -- the Sequence of Play (8.1) ------------------------------------------------------------------------
def test_a_turn_walks_through_its_steps_in_order():
    # 8.1: Event (9.0), three Standard Actions (12.1), Special Actions (12.2), Muslim Reaction
    # (27.0) and, after an Autumn turn only, Winter (28.0); then the next turn (8.0).
    autumn = next(i for i, t in enumerate(BOARD.turns) if t.winter_after)
    s = position({"godfrey": "constantinople"}, stage="event", turn=autumn, actions=0)
    s.rng = rigged(*cell("none"))  # 9.0: the first die the column, the second the row
    PROCEDURES.settle(s)
    assert s.stack[-1]["stage"] == "standard" and s.actions == 3
    assert rules(s)[-2:] == ["8.1", "9.0"] and s.log[-1][3]["dice"] == "{} {}".format(*cell("none"))
    PROCEDURES.perform(s, PLAYER, END)
    order = rules(s)
    winter = order.index("28.0")
    assert order.index("12.0") < order.index("27.2") < order.index("27.3") < winter
    assert s.turn == autumn + 1 and "8.1" in order[winter:]


def test_no_winter_after_spring_or_summer():
    # 8.1 (5): the Winter Supply Step only follows an Autumn turn.
    spring = next(i for i, t in enumerate(BOARD.turns) if not t.winter_after)
    s = position({"godfrey": "constantinople"}, stage="reaction", turn=spring)
    run_turn_stage(s)
    assert s.stack[0]["stage"] == "end"


def test_the_last_turn_ends_the_game_with_the_vp_count():
    # 8.0 (a): once the last turn is over, victory is evaluated (6.1, 6.2).
    s = position({"godfrey": "constantinople"}, stage="end", turn=len(BOARD.turns) - 1)
    run_turn_stage(s)
    assert s.result is not None and s.stack == []
    assert "6.2" in rules(s)


def test_event_outcomes_are_registered_at_once():
    # 9.0, 12.2: Gesta Francorum: two Special Actions on the index at once, kept for the Special
    # Actions Step.
    s = position({"godfrey": "constantinople"}, stage="event")
    s.rng = rigged(*cell("gesta_francorum"))
    PROCEDURES.settle(s)
    assert s.special == 2 and s.stack[-1]["stage"] == "standard"


# -- Standard and Special Actions (12.1, 12.2) ---------------------------------------------------------
def test_three_standard_actions_then_the_step_ends():
    # 12.1: up to three Actions; none left, the Standard Action step is over.
    s = position({"godfrey": "constantinople"}, stage="standard", actions=0)
    assert PROCEDURES.legal(s, PLAYER) == []
    run_turn_stage(s)
    assert s.stack[-1]["stage"] == "special_boons"


def test_special_actions_left_are_lost_at_the_end_of_the_step():
    # 12.2: the index goes back to zero at the end of the Special Actions Step, used up or not.
    s = position({"godfrey": "constantinople"}, stage="special", special=4, actions=0)
    assert END in PROCEDURES.legal(s, PLAYER)
    PROCEDURES.get("turn").perform(s, s.stack[-1], PLAYER, END)
    run_turn_stage(s)
    assert s.special == 0 and s.stack[-1]["stage"] == "reaction"


def test_the_index_holds_zero_to_six():
    # 12.2 Limits and Loss: never above six, never below zero.
    s = position({}, special=5)
    indexes.add_special(s, 3)
    assert s.special == 6
    indexes.add_special(s, -9)
    assert s.special == 0


# -- Special Actions from fortresses (12.2, 29.2(3)) ----------------------------------------------------
def test_each_group_of_fortresses_held_by_its_contingent_gives_one():
    # 12.2: three Crusader Pilgrimage Fortresses held by Crusaders, three Byzantine Objectives by
    # Byzantines, Sis and Vahka by Armenians: one each; no Leader in the Pilgrimage Fortresses.
    units = {
        "crusader_foot_1": "antioch",
        "crusader_foot_2": "tripolis",
        "crusader_foot_3": "edessa",
        "varangian_guard_1": "ancyra",
        "varangian_guard_2": "iconium",
        "athanatoi": "ephesus",
        "armenian_azats_1": "sis",
        "armenian_azats_2": "vahka",
    }
    s = position(units, stage="determination")
    turn.determine_special_actions(s)
    assert s.special == 3
    # The note to 12.2: a fortress held by another contingent does not count for the group.
    s = position({**units, "crusader_foot_3": "bin", "armenian_archers_1": "edessa"}, stage="determination")
    turn.determine_special_actions(s)
    assert s.special == 2


def test_mercenaries_hold_fortresses_as_crusaders():
    # 12.2, 32.5: mercenaries are treated as Crusader units (ruling A-1).
    units = {"knights_errant": "antioch", "crusader_foot_2": "tripolis", "crusader_foot_3": "edessa"}
    s = position(units, stage="determination")
    turn.determine_special_actions(s)
    assert s.special == 1


def test_one_for_each_pilgrimage_fortress_a_crusader_leader_occupies():
    # 29.2(3): Godfrey in Jerusalem, the mercenary leader Guynemer in Tripolis (32.5), and Tancred
    # besieging Antioch: occupied (5.0: with or without enemy units) though not controlled (option
    # siege); a Byzantine Leader in Edessa does not count. Two held: no 12.2 bonus.
    units = {
        "godfrey": "jerusalem",
        "guynemer": "tripolis",
        "tancred": "antioch",
        "seljuk_militia_1": "antioch",
        "john_doukas": "edessa",
    }
    s = position(units, stage="determination", options={"siege": True}, flags={"sieges": ["antioch"]})
    turn.determine_special_actions(s)
    assert s.special == 3


def test_kingdom_leaders_replace_the_fortress_bonuses():
    # 36.5 (option kingdoms): one per Kingdom Leader on the map, wherever he is, instead of 12.2's
    # three Pilgrimage Fortresses and 29.2(3)'s Leaders in them (README ruling).
    units = {"godfrey": "jerusalem", "tancred": "antioch", "baldwin": "edessa", "hugh": "mamistra"}
    kingdoms = {"hugh": "antioch"}
    s = position(units, stage="determination", options={"kingdoms": True}, flags={"kingdoms": kingdoms})
    turn.determine_special_actions(s)
    assert s.special == 1
    s = position(units, stage="determination")
    turn.determine_special_actions(s)
    assert s.special == 1 + 3
