"""The variable set-up (variable_setup.py): the scenarios it is offered for, the Objective decks, the
sealed discard and the cards shown, each placement rule and cost on positions built for them, the
end of the deployment, what stays hidden (views and sampler), and whole games played from it.
Keys are those of docs/third-crusade/sections.md; V1-V7 the rulings of
docs/third-crusade/variable-setup.md, Rn those of rulings.md."""

from __future__ import annotations

import json
import random

import pytest

from outremer.engine.errors import IllegalAction
from outremer.engine.procedures import SEALED
from outremer.games.third_crusade import control
from outremer.games.third_crusade.common import alliance, data
from outremer.games.third_crusade.pieces import shape_of
from outremer.games.third_crusade.state import State, unit
from outremer.games.third_crusade.variable_setup import deserts, placements, regions

from .play import GAME, kind, play, snapshot, start

TWO = "variable_two_angevin_ayyubid"
SHOWN = {"angevin": ["ascalon", "tripoli", "tyre"], "ayyubid": ["homs", "jaffa", "kerak"]}
"""The Objectives the built positions show: Crusader and Muslim main Cities of the south board."""


def seen(state: State, role: str | None) -> str:
    return json.dumps(GAME.view(state, role), sort_keys=True)


def discard_all(state: State) -> None:
    """Every player lays its first card face down (``VariableSetup.Decks``)."""
    while kind(state) == "variable_discard":
        role = GAME.active_roles(state)[0]
        play(state, role, *GAME.legal_actions(state, role)[0])


def deploying(shown: dict[str, list[str]] = SHOWN, seed: int = 1) -> State:
    """A 2-player variable set-up at its first deployment, the Objectives shown set to ``shown``."""
    state = start(TWO, seed)
    discard_all(state)
    assert kind(state) == "deploy" and state.variable is not None
    for army, cards in shown.items():
        state.variable["revealed"][army] = list(cards)
    return state


def asked(state: State) -> str:
    (role,) = GAME.active_roles(state)
    return role


def to_deploy(state: State, army: str) -> State:
    """``army`` asked to deploy (the initiative drawn put either player first)."""
    frame = state.stack[-1]
    frame["roles"] = [army]
    frame["at"] = state.initiative.index(army)
    return state


# -- the offer ---------------------------------------------------------------------------------
def test_it_is_offered_for_4_players_and_each_2_player_pairing_only() -> None:
    # VariableSetup: 4 players, or 2 without the north cards; not the plutorial's scripted start
    offered = {s for s in GAME.scenarios if s.startswith("variable_")}
    assert offered == {
        "variable_four",
        "variable_two_angevin_ayyubid",
        "variable_two_angevin_turkoman",
        "variable_two_hre_ayyubid",
        "variable_two_hre_turkoman",
    }
    assert GAME.roles_for("variable_four") == ("angevin", "hre", "ayyubid", "turkoman")
    with pytest.raises(IllegalAction, match="unknown scenario 'variable_three_hre'"):
        GAME.setup(1, "variable_three_hre")
    with pytest.raises(IllegalAction, match="no scenario 'variable_plutorial'"):
        start("variable_plutorial")


def test_a_variable_set_up_with_bots_is_refused() -> None:
    # V7: the Bot Table has no deployment
    with pytest.raises(IllegalAction, match="V7"):
        GAME.setup(1, "variable_four", {"solo": True})


# -- the decks and the discard -----------------------------------------------------------------
@pytest.mark.parametrize("scenario", ["variable_four", TWO])
def test_each_player_is_dealt_4_from_its_own_sides_deck_famagusta_aside(scenario: str) -> None:
    state = start(scenario)
    v = state.variable
    assert v is not None and kind(state) == "variable_discard"
    objectives = data(state).cards.objectives
    dealt = [c for a in state.armies for c in v["hands"][a]]
    for army in state.armies:
        assert len(v["hands"][army]) == 4  # VariableSetup.Decks: 4 each
        assert {objectives[c].deck for c in v["hands"][army]} == {alliance(army)}
    pool = [*dealt, *v["decks"]["crusader"], *v["decks"]["muslim"]]
    assert "famagusta" not in pool and len(pool) == len(set(pool))  # VariableSetup.Decks: set aside
    # VariableSetup (L300): with 2 players the cards with the north icon are out
    assert all(state.north or not objectives[c].north for c in pool)
    assert len(pool) == sum(1 for o in objectives.values() if o.deck and (state.north or not o.north))
    assert state.initiative == []  # drawn once the Objectives are shown (VariableSetup.Deploy)
    assert all(r["slots"] == [None] * len(r["slots"]) for r in state.regions.values())  # an empty map


def test_the_discard_is_sealed_and_the_three_kept_are_shown_together() -> None:
    state = start(TWO)
    v = state.variable
    assert v is not None
    hand = list(v["hands"]["angevin"])
    play(state, "angevin", "discard", hand[1])
    # VariableSetup.Decks: face down: the Ayyubid sees that the Angevin has chosen, not what
    assert GAME.active_roles(state) == ("ayyubid",)
    view = GAME.view(state, "ayyubid")
    told = json.dumps([view["variable"], view["stack"], view["log"]]).lower()
    assert not any(card in told for card in hand)
    assert view["stack"][-1][SEALED] == {"angevin": True} and view["variable"]["hands"]["angevin"] == 4
    assert v["revealed"]["angevin"] == []
    play(state, "ayyubid", *GAME.legal_actions(state, "ayyubid")[0])
    # VariableSetup.Deploy: the 3 kept shown together, then initiative drawn
    assert v["revealed"]["angevin"] == sorted(c for c in hand if c != hand[1])
    assert len(v["revealed"]["ayyubid"]) == 3
    assert sorted(state.initiative) == ["angevin", "ayyubid"]
    assert kind(state) == "deploy"
    view = GAME.view(state, "ayyubid")["variable"]
    assert view["revealed"]["angevin"] == v["revealed"]["angevin"]
    assert view["discarded"]["angevin"] is True and view["hands"]["angevin"] == 0


def test_twins_differing_in_a_hand_or_a_sealed_discard_look_alike_to_the_others() -> None:
    # VariableSetup.Decks: the cards dealt and the one laid face down are the holder's alone; the
    # kept ones are shown, so the twins are compared while the discard is still sealed
    x, y = start(TWO), start(TWO)
    play(x, "angevin", *GAME.legal_actions(x, "angevin")[0])
    play(y, "angevin", *GAME.legal_actions(y, "angevin")[0])
    assert y.variable is not None
    hand, rest = y.variable["hands"]["ayyubid"], y.variable["decks"]["muslim"]
    hand[0], rest[0] = rest[0], hand[0]
    assert seen(x, "angevin") == seen(y, "angevin") and seen(x, None) == seen(y, None)
    assert GAME.legal_actions(x, "angevin") == GAME.legal_actions(y, "angevin")
    assert seen(x, "ayyubid") != seen(y, "ayyubid")
    # a sealed discard: the same view for the other player, the holder's differs
    p, q = start(TWO), start(TWO)
    assert p.variable is not None and q.variable is not None
    play(p, "ayyubid", "discard", p.variable["hands"]["ayyubid"][0])
    play(q, "ayyubid", "discard", q.variable["hands"]["ayyubid"][1])
    assert seen(p, "angevin") == seen(q, "angevin")
    assert GAME.legal_actions(p, "angevin") == GAME.legal_actions(q, "angevin")
    assert seen(p, "ayyubid") != seen(q, "ayyubid")
    # after the reveal, the card laid face down stays hidden
    r, s = deploying(), deploying()
    assert s.variable is not None
    s.variable["discarded"]["ayyubid"], s.variable["decks"]["muslim"][0] = (
        s.variable["decks"]["muslim"][0],
        s.variable["discarded"]["ayyubid"],
    )
    assert seen(r, "angevin") == seen(s, "angevin")


def test_the_sampler_deals_the_hidden_cards_anew_by_deck_reading_none() -> None:
    a = start("variable_four")
    play(a, "hre", *GAME.legal_actions(a, "hre")[0])  # a sealed discard
    b = a.copy()
    assert b.variable is not None
    hand, rest = b.variable["hands"]["hre"], b.variable["decks"]["crusader"]
    hand[0], rest[0] = rest[0], hand[0]
    one = GAME.sample(a, "angevin", random.Random(5))
    two = GAME.sample(b, "angevin", random.Random(5))
    assert json.dumps(one.to_json(), sort_keys=True) == json.dumps(two.to_json(), sort_keys=True)
    assert one.variable is not None and a.variable is not None
    objectives = data(a).cards.objectives
    for army in a.armies:  # VariableSetup.Decks: each from its side's deck, as many as before
        assert {objectives[c].deck for c in one.variable["hands"][army]} == {alliance(army)}
    assert one.variable["hands"]["angevin"] == a.variable["hands"]["angevin"]  # its own, kept
    sealed = one.stack[-1][SEALED]["hre"]
    assert sealed[1] in one.variable["hands"]["hre"]  # the sealed discard dealt among its cards


# -- the deployment ----------------------------------------------------------------------------
def test_the_regions_open_are_the_main_cities_their_deserts_and_jerusalem_for_muslims() -> None:
    state = deploying()
    board = data(state).board
    for army, cards in SHOWN.items():
        near = {
            rid
            for city in cards
            for rid in board.neighbours(city, state.north)
            if not board.regions[rid].is_city
        }
        assert set(deserts(state, army)) == near  # VariableSetup.Deploy.2
        jerusalem = {board.jerusalem} if alliance(army) == "muslim" else set()  # VariableSetup.Deploy.3
        assert set(regions(state, army)) == set(cards) | near | jerusalem  # VariableSetup.Deploy.1
        assert {a[2] for a in placements(state, army)} == set(regions(state, army))


def test_each_piece_costs_its_points_and_a_leader_nothing() -> None:
    # VariableSetup.Deploy: Infantry 1, Cavalry 2, Siege Engine 4, Leader free
    state = to_deploy(deploying(), "angevin")
    assert state.variable is not None
    points = state.variable["points"]
    assert points == {"angevin": 11, "ayyubid": 14}  # VariableSetup.Forces
    costs = {"infantry": 1, "cavalry": 2, "siege_engine": 4, "william": 0}
    for piece, cost in costs.items():
        state = to_deploy(state, "angevin")
        before, board_before = points["angevin"], dict(state.board_units["angevin"])
        action = next(a for a in GAME.legal_actions(state, "angevin") if a[1] == piece and a[2] == "tyre")
        play(state, "angevin", *action)
        assert points["angevin"] == before - cost
        placed = unit("angevin", piece) if piece in board_before else piece
        assert state.regions["tyre"]["slots"][action[3]] == placed
        if piece in board_before:  # PlayerSetup.C: from the player board
            assert state.board_units["angevin"][piece] == board_before[piece] - 1
        else:
            assert piece not in state.leaders_beside["angevin"]


def test_only_what_the_points_pay_for_is_offered() -> None:
    state = to_deploy(deploying(), "angevin")
    assert state.variable is not None
    state.variable["points"]["angevin"] = 1
    offered = {a[1] for a in GAME.legal_actions(state, "angevin") if a[0] == "deploy"}
    assert offered == {"infantry", "william", "james"}  # VariableSetup.Forces, VariableSetup.Deploy


def test_a_siege_engine_goes_into_a_city_only() -> None:
    state = deploying()
    board = data(state).board
    engines = {a[2] for a in placements(state, "angevin") if a[1] == "siege_engine"}
    assert engines and all(board.regions[r].is_city for r in engines)  # VariableSetup.Deploy
    assert set(deserts(state, "angevin")).isdisjoint(engines)


def test_a_placement_the_rules_refuse_is_an_error_that_changes_nothing() -> None:
    state = to_deploy(deploying(), "angevin")
    desert = deserts(state, "angevin")[0]
    slots = data(state).board.regions[desert].slots
    trapezoid = next(i for i, s in enumerate(slots) if s.shape == "trapezoid")
    before = snapshot(state)
    for action in (
        ("deploy", "siege_engine", desert, trapezoid),  # VariableSetup.Deploy: a City only
        ("deploy", "infantry", "acre", 0),  # VariableSetup.Deploy.1: no Objective of its shows Acre
        ("deploy", "saladin", "tyre", 6),  # VariableSetup.Forces: not its Leader
    ):
        with pytest.raises(IllegalAction):
            play(state, "angevin", *action)
        assert snapshot(state) == before


def test_a_player_deploys_into_a_single_desert() -> None:
    state = to_deploy(deploying(), "angevin")
    options = deserts(state, "angevin")
    assert len(options) > 1
    play(state, "angevin", *next(a for a in GAME.legal_actions(state, "angevin") if a[2] == options[1]))
    # VariableSetup.Deploy.2: a single Desert: the one it chose
    assert deserts(state, "angevin") == [options[1]]
    chosen = {a[2] for a in placements(state, "angevin")} - set(SHOWN["angevin"])
    assert chosen == {options[1]}


def test_jerusalem_takes_3_square_and_1_hexagonal_muslim_pieces_and_no_siege_engine() -> None:
    state = deploying()
    jerusalem = data(state).board.jerusalem
    here = state.regions[jerusalem]["slots"]
    there = {a[1] for a in placements(state, "ayyubid") if a[2] == jerusalem}
    assert "siege_engine" not in there and {"infantry", "cavalry"} <= there  # VariableSetup.Deploy.3, V5
    printed = data(state).board.regions[jerusalem].slots
    squares = [i for i, s in enumerate(printed) if s.shape == "square"]
    hexagons = [i for i, s in enumerate(printed) if s.shape == "hexagon"]
    for i in squares[:3]:
        here[i] = unit("ayyubid", "infantry")
    here[hexagons[0]] = unit("ayyubid", "cavalry")
    left = [a for a in placements(state, "ayyubid") if a[2] == jerusalem]
    assert left == []  # the cap is reached though slots are free
    assert len(squares) > 3 and len(hexagons) > 1


def test_no_piece_goes_where_the_enemy_stands() -> None:
    state = deploying()
    desert = deserts(state, "angevin")[0]
    slots = state.regions[desert]["slots"]
    slots[slots.index(None)] = unit("ayyubid", "infantry")  # the Ayyubid's Desert too
    assert desert not in regions(state, "angevin")  # V3


def test_leaders_take_their_shape_of_slot() -> None:
    state = deploying()
    printed = data(state).board.regions
    for action in placements(state, "ayyubid"):
        _, piece, rid, at = action
        name = unit("ayyubid", piece) if piece in ("infantry", "cavalry", "siege_engine") else piece
        assert printed[rid].slots[at].shape == shape_of(state, name)  # Glossary.Slots


def test_a_player_done_is_asked_no_more_and_one_with_nothing_left_is_done() -> None:
    state = deploying()
    first = asked(state)
    play(state, first, "done")  # V4
    other = asked(state)
    assert other != first
    assert state.variable is not None
    play(state, other, *next(a for a in GAME.legal_actions(state, other) if a[0] == "deploy"))
    assert asked(state) == other  # the one done is skipped
    state.variable["points"][other] = 1  # one Infantry more, and no Leader beside the board
    state.leaders_beside[other] = []
    play(state, other, *next(a for a in GAME.legal_actions(state, other) if a[1] == "infantry"))
    assert kind(state) == "strategy_place"  # V4: done by itself; every player done, the game begins


# -- the end -----------------------------------------------------------------------------------
@pytest.mark.parametrize("scenario", ["variable_four", TWO])
def test_the_end_fills_empty_cities_deals_2_objectives_and_counts_the_tracks(scenario: str) -> None:
    state = start(scenario, seed=3)
    rnd = random.Random(3)
    while kind(state) in ("variable_discard", "deploy"):
        role = GAME.active_roles(state)[0]
        play(state, role, *rnd.choice(GAME.legal_actions(state, role)))
    packs = data(state)
    for rid, here in state.regions.items():
        pieces = [p for p in here["slots"] if p is not None]
        if packs.board.regions[rid].is_city:
            assert pieces  # VariableSetup.End: a Neutral Infantry in each City left empty
            if all(p.startswith("neutral:") for p in pieces):
                assert pieces == [unit("neutral", "infantry")]
    # VariableSetup.End, R25: one deck again, 2 secret Objectives each, the north cards only with 4
    dealt = [c for a in state.armies for c in state.objectives[a]]
    assert all(len(state.objectives[a]) == 2 for a in state.armies)
    everything = [o.id for o in packs.cards.objectives.values() if state.north or not o.north]
    assert sorted(dealt + state.objective_deck) == sorted(everything)
    for army in state.armies:  # BoardSetup.4: the tracks from the map
        counted = control.counted(state, army)
        assert {k: state.tracks[army][k] for k in counted} == counted
        assert state.tracks[army]["current"] == state.tracks[army]["base"]
        assert state.gold[army] == 4  # PlayerSetup.B
    assert state.variable is not None and set(state.variable) == {"revealed", "mercantile"}
    for side, marker in state.mercantile.items():  # R43: the Mercantile marker starts at the centre
        assert marker is None or marker == [None, 0], side
    assert kind(state) == "strategy_place"


@pytest.mark.parametrize("scenario", ["variable_four", "variable_two_hre_turkoman"])
def test_a_whole_game_from_the_variable_set_up_plays_to_the_end(scenario: str) -> None:
    state = GAME.setup(7, scenario)
    rnd = random.Random(7)
    for _ in range(5000):
        roles = GAME.active_roles(state)
        if not roles:
            break
        role = rnd.choice(roles)
        play(state, role, *rnd.choice(GAME.legal_actions(state, role)))
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.winners  # EndGame: someone wins


def test_the_terminal_tells_points_shown_cards_and_ones_own_cards_alone() -> None:
    state = start(TWO)
    assert state.variable is not None
    names = data(state).board.regions
    mine = ", ".join(names[c].name for c in state.variable["hands"]["angevin"])
    own = GAME.render_text(GAME.view(state, "angevin"))
    other = GAME.render_text(GAME.view(state, "ayyubid"))
    # VariableSetup.Decks: the cards dealt to their holder alone; VariableSetup.Forces: the points
    assert f"Your cards dealt: {mine}." in own.replace("\n  ", " ")
    assert mine not in other.replace("\n  ", " ")
    assert "Angevin: 11 deployment points" in own and "Ayyubid: 14 deployment points" in other
    assert max(len(line) for line in own.splitlines()) <= 80
