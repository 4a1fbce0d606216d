"""The rulings' other readings as setup options (options.py): each on a built position, played by
the ruling (the option off) and by its other reading (on). Keys are those of
docs/third-crusade/sections.md; Rn of rulings.md."""

from __future__ import annotations

import pytest

from outremer.engine.errors import IllegalAction
from outremer.games.third_crusade import bot_play, control, diplomacy, pieces, upkeep, victory
from outremer.games.third_crusade.battle_strength import faith_bonus
from outremer.games.third_crusade.common import data
from outremer.games.third_crusade.options import OPTIONS
from outremer.games.third_crusade.orders import Step
from outremer.games.third_crusade.procedures import PROCEDURES
from outremer.games.third_crusade.state import State

from .play import GAME, kind, play, snapshot, start
from .test_battle import ATTACK, clear, fight, finish, order, put, strengths, tripoli
from .test_diplomacy import phase
from .test_endgame import OBJECTIVES, four, scoring
from .test_order import command, step, steps_of
from .test_upkeep import empty, orders_on_map, run, said
from .test_upkeep import put as put_units


def test_the_options_are_off_by_default_and_kept_by_the_state() -> None:
    state = GAME.setup(1, "plutorial")
    assert state.options == {o.name: False for o in OPTIONS}
    chosen = GAME.setup(1, "plutorial", {"retreat_gives_no_glory": True})
    assert chosen.options["retreat_gives_no_glory"] and not chosen.options["leaders_only_no_glory"]
    assert type(chosen).from_json(chosen.to_json()).options == chosen.options
    with pytest.raises(IllegalAction):
        GAME.setup(1, "plutorial", {"retreat_gives_no_glory": 1})


@pytest.mark.parametrize("other", [False, True])
def test_retreat_gives_no_glory(other: bool) -> None:
    # Glossary.Retreat, R7: the attacker wins and gains the Battle's Glory (Battle.Glory.1-3);
    # retreat_gives_no_glory: it still moves in, without the Glory
    state = tripoli()
    state.options["retreat_gives_no_glory"] = other
    order(state, "tripoli", "hre", "hre_retreat")
    fight(state, "tripoli", "turkoman", list(ATTACK), "d_buqaia")
    play(state, "hre", "react", "tripoli")
    finish(state)
    assert state.glory == (0 if other else -3)
    assert "badr_al_din" in state.regions["tripoli"]["slots"]  # no losses either way


@pytest.mark.parametrize("other", [False, True])
def test_leaders_only_no_glory(other: bool) -> None:
    # Battle.Strength.LeadersOnly, R49: a lone Leader without Unit icons is lost and the attacker
    # gains the Glory of a defending Leader killed (Battle.Glory.3-4); leaders_only_no_glory: none
    state = start("plutorial")
    state.options["leaders_only_no_glory"] = other
    clear(state, "d_jordan")
    put(state, "d_jordan", {0: "ibn_shaddad"})
    fight(state, "d_jordan", "angevin", ["angevin:cavalry"], "d_galilee")
    finish(state)
    assert "ibn_shaddad" in state.leader_box
    assert state.glory == (0 if other else 2)


@pytest.mark.parametrize("other", [False, True])
def test_unused_reactions_unpunished(other: bool) -> None:
    # Upkeep.3, R15: the untithed Defence and Reinforce (Reactions) and the March cost 1 Glory each;
    # unused_reactions_unpunished: only the March does. Tyre's uncovered Glory icon gives +1 (Upkeep.4.E)
    state = empty()
    state.options["unused_reactions_unpunished"] = other
    orders_on_map(state)
    run(state)
    play(state, "angevin", "done")
    assert state.glory == (-1 if other else -3) + 1


@pytest.mark.parametrize("other", [False, True])
def test_reinforce_units_only(other: bool) -> None:
    # Glossary.ReinforceOrder, R5: the Angevin's 2 Infantry and William (1 Infantry icon) Reinforce
    # Tripoli from the adjacent Desert, +3 (Example.TripoliBattle.3); reinforce_units_only: +2
    state = tripoli()
    state.options["reinforce_units_only"] = other
    put(state, "d_beqaa", {0: "william"})
    fight(state, "tripoli", "turkoman", list(ATTACK), "d_buqaia")
    play(state, "hre", "react", "tripoli")
    play(state, "hre", "pass")
    play(state, "angevin", "react", "d_beqaa")
    assert strengths(state) == (8, 8 if other else 9)


@pytest.mark.parametrize("other", [False, True])
def test_control_units_only(other: bool) -> None:
    # Glossary.Control, R1: Ibn Shaddad alone Controls his Desert (Plutorial.Command.3), and beside
    # one Angevin Infantry the count is even; control_units_only: nobody, then the Angevin
    state = start("plutorial")
    state.options["control_units_only"] = other
    clear(state, "d_jordan")
    put(state, "d_jordan", {0: "ibn_shaddad"})
    assert control.controller(state, "d_jordan") == (None if other else "ayyubid")
    assert control.holder(state, "d_jordan") == (None if other else "muslim")
    put(state, "d_jordan", {1: "angevin:infantry"})
    assert control.controller(state, "d_jordan") == ("angevin" if other else None)


@pytest.mark.parametrize("other", [False, True])
def test_missions_count_covered(other: bool) -> None:
    # Upkeep.1, R14: the HRE's Infantry covers Tripoli's supply icon, so the Crusaders hold Sidon
    # alone against Damascus: even; missions_count_covered: Tripoli counts too, 2 to 1
    state = empty()
    state.options["missions_count_covered"] = other
    state.mission = "ensure_supply"
    put_units(state, "sidon", "angevin")
    put_units(state, "tripoli", "hre", at=1)  # its one supply icon (test_upkeep's Mission test)
    put_units(state, "damascus", "ayyubid")
    run(state)
    held = "2 to 1" if other else "1 to 1"
    assert said(state, "Upkeep.1")[0].startswith(f"Mission Ensure our supply: Regions held {held}")


@pytest.mark.parametrize("other", [False, True])
def test_faith_against_whole_track(other: bool) -> None:
    # Battle.Faith, R2: the pair's marker leans 3 to the Ayyubid, so the attacking Turkoman's Faith
    # is 0 and the lone Angevin's 2 wins the bonus; faith_against_whole_track: 3 against 2, no bonus
    state = start("three_angevin")
    state.options["faith_against_whole_track"] = other
    state.faith["muslim"] = ["ayyubid", 3]
    turkoman = {"attacker": "turkoman", "defender": "angevin"}
    assert [faith_bonus(state, turkoman, side) for side in ("crusader", "muslim")] == [0 if other else 1, 0]


@pytest.mark.parametrize("other", [False, True])
def test_diversion_adjacent_to_itself(other: bool) -> None:
    # Glossary.Diversion, R4: the Turkoman's Diversion in the Desert it attacked from may cancel the
    # HRE's Defence in Tripoli or the Angevin's Reinforce in the other Desert (Example.TripoliBattle.4);
    # diversion_adjacent_to_itself: not the Reinforce, the two Deserts not being joined by a Road
    state = tripoli()
    state.options["diversion_adjacent_to_itself"] = other
    fight(state, "tripoli", "turkoman", list(ATTACK), "d_buqaia")
    play(state, "hre", "react", "tripoli")
    play(state, "hre", "pass")
    play(state, "angevin", "react", "d_beqaa")
    assert strengths(state) == (8, 8)
    diversions = [a for a in GAME.legal_actions(state, "turkoman") if a[0] == "react"]
    assert diversions == ([("react", "d_buqaia", 0)] if other else [("react", "d_buqaia", i) for i in (0, 1)])
    if other:
        with pytest.raises(IllegalAction):
            play(state, "turkoman", "react", "d_buqaia", 1)


def on_the_map(state: State, piece: str) -> int:
    return sum(here["slots"].count(piece) for here in state.regions.values())


@pytest.mark.parametrize("other", [False, True])
def test_placed_attackers_die_when_beaten(other: bool) -> None:
    # Battle.Retreat.Attacker, R8: 2 Ayyubid Infantry and a Neutral placed among the Angevin's pieces
    # lose 1 against 3; the surviving Infantry retreats by the general rule, its owner choosing
    # where; placed_attackers_die_when_beaten: it is removed, back to its player board
    state = start("plutorial")
    state.options["placed_attackers_die_when_beaten"] = other
    fight(state, "d_galilee", "ayyubid", [*["ayyubid:infantry"] * 2, "neutral:infantry"], None)
    play(state, "ayyubid", "pass")
    play(state, "ayyubid", "lose", "road", 0)
    play(state, "angevin", "lose", "d_galilee", 1)
    home = state.board_units["ayyubid"]["infantry"]
    on_map = on_the_map(state, "ayyubid:infantry")
    play(state, "angevin", *GAME.legal_actions(state, "angevin")[0])  # the Neutral joins the Angevin
    if other:
        assert state.stack == [] and state.board_units["ayyubid"]["infantry"] == home + 1
        assert on_the_map(state, "ayyubid:infantry") == on_map
    else:
        assert GAME.active_roles(state) == ("ayyubid",)
        assert {a[2] for a in GAME.legal_actions(state, "ayyubid")} == {
            "damascus",
            "acre",
            "d_samaria",
            "d_jordan",
        }


@pytest.mark.parametrize("other", [False, True])
def test_neutral_regions_fight(other: bool) -> None:
    # Glossary.Neutral, R38: the Angevin marches 2 Infantry from Sidon into a Desert of 3 Neutral
    # Infantry: no Battle, it takes what fits and Controls the Desert beside them;
    # neutral_regions_fight: a Battle, 2 against 3 at once (no Reaction), the Ayyubid taking the
    # Neutrals' loss; the beaten Angevin goes back and no side gains Glory
    state = command()
    state.options["neutral_regions_fight"] = other
    clear(state, "d_beqaa")
    put(state, "d_beqaa", {i: "neutral:infantry" for i in (0, 1, 2)})
    play(state, "ayyubid", "pass")
    step(state, "angevin", Step("march"), regions=["sidon"])
    steps_of(state, "angevin", ("to", "d_beqaa"), ("take", 2), ("take", 3), ("go",))
    if not other:
        steps_of(state, "angevin", *[("slot", i) for i in (3, 4)])
        assert control.controller(state, "d_beqaa") == "angevin" and state.glory == 0
        return
    assert kind(state) == "battle" and strengths(state) == (2, 3)
    assert GAME.active_roles(state) == ("angevin",)  # its loss first (Battle.Losses.Assign)
    play(state, "angevin", "lose", "road", 0)
    assert GAME.legal_actions(state, "ayyubid") == [("lose", "d_beqaa", i) for i in (0, 1, 2)]
    play(state, "ayyubid", "lose", "d_beqaa", 0)
    while kind(state) == "battle":  # Battle.Retreat.Attacker: back to Sidon
        play(state, "angevin", *GAME.legal_actions(state, "angevin")[0])
    assert state.regions["d_beqaa"]["slots"].count("neutral:infantry") == 2
    assert control.controller(state, "d_beqaa") is None and state.glory == 0
    assert state.regions["sidon"]["slots"].count("angevin:infantry") == 1


@pytest.mark.parametrize("other", [False, True])
def test_diplomacy_any_region(other: bool) -> None:
    # Diplomacy.Board, R16: the Ayyubid's Neutral Infantry go into the Regions it Controls;
    # diplomacy_any_region: also into empty Deserts and Cities of Neutral pieces, never where the
    # Angevin stands (Tripoli, Sidon, Tyre, its Desert beside a Neutral)
    state = phase()
    state.options["diplomacy_any_region"] = other
    play(state, "angevin", "bid", 0)
    play(state, "ayyubid", "bid", 0)
    play(state, "ayyubid", "reward", 1)
    play(state, "ayyubid", "move", "three_infantry")
    regions = {a[1] for a in GAME.legal_actions(state, "ayyubid") if a[0] == "place"}
    own = {"damascus", "acre", "d_samaria", "jerusalem", "ahamant"}
    empty = {"d_beqaa", "d_buqaia", "d_jordan", "d_negev", "d_palmyra"}
    neutral = {"ascalon", "famagusta", "hama", "homs", "jaffa", "kerak"}
    assert regions == (own | empty | neutral if other else own)
    if other:
        play(state, "ayyubid", "place", "d_jordan")  # the Neutral alone: Controlled by nobody
        assert state.regions["d_jordan"]["slots"].count("neutral:infantry") == 1
        assert control.controller(state, "d_jordan") is None
    else:
        with pytest.raises(IllegalAction):
            play(state, "ayyubid", "place", "d_jordan")


@pytest.mark.parametrize("other", [False, True])
def test_lone_player_bids_twice(other: bool) -> None:
    # Diplomacy.Bid, R17: the lone Angevin of 3 bids once, takes one reward, and the third bidder
    # takes what is left; lone_player_bids_twice: two bids from its 4 gold, two rewards (Glory, then
    # Faith), the Turkoman the third and the Ayyubid, fourth, none
    state = phase("three_angevin")
    state.options["lone_player_bids_twice"] = other
    state.initiative = ["ayyubid", "angevin", "turkoman", "angevin"]
    state.gold["angevin"] = 4
    play(state, "turkoman", "bid", 1)
    play(state, "ayyubid", "bid", 0)
    gold = state.gold["ayyubid"]
    before = snapshot(state)
    with pytest.raises(IllegalAction):
        play(state, "angevin", *(("bid", 2) if other else ("bid", 2, 2)))
    assert snapshot(state) == before
    play(state, "angevin", *(("bid", 2, 2) if other else ("bid", 2)))
    assert state.gold["angevin"] == (0 if other else 2)
    play(state, "angevin", "reward", 2)  # Glory
    if other:
        assert GAME.legal_actions(state, "angevin") == [("reward", 1), ("reward", 3)]
        play(state, "angevin", "reward", 1)  # Faith: the lone marker from 2 to 3 (R3)
    else:
        play(state, "turkoman", "reward", 1)
    assert state.glory == 1
    assert state.faith["crusader"] == ["angevin", 3 if other else 2]
    assert state.gold["ayyubid"] == gold + (0 if other else diplomacy.card(state).reward(3).amount)
    markers = dict(state.markers)
    while state.stack:  # Diplomacy.Board: a move for each reward number taken
        (role,) = GAME.active_roles(state)
        play(state, role, *GAME.legal_actions(state, role)[0])
    assert markers["angevin"] - state.markers["angevin"] == (2 if other else 1)


@pytest.mark.parametrize("other", [False, True])
def test_uncontrolled_tie_shared(other: bool) -> None:
    # EndGame.2, Goal.Tie, R23: even Glory after round 4, Jerusalem held by nobody: the Muslims win
    # (their pair then goes to its Final Winner); uncontrolled_tie_shared: all four share the victory
    state = four({}, {a: [] for a in OBJECTIVES})
    state.options["uncontrolled_tie_shared"] = other
    scoring(state)
    assert state.result is not None
    assert state.result["alliance"] == (None if other else "muslim")
    if other:
        assert sorted(state.result["winners"]) == ["angevin", "ayyubid", "hre", "turkoman"]
    else:
        assert set(state.result["winners"]) <= {"ayyubid", "turkoman"}


@pytest.mark.parametrize("other", [False, True])
def test_final_winner_more_tiebreakers(other: bool) -> None:
    # EndGame.FinalWinner, R24: the Crusaders win at a victory check; Faith to the Angevin, the
    # Mercantile Cities even (the Angevin's 2 more than at the set-up kept) and no Objective Cards:
    # 1 to 0 is no majority, nobody holds Jerusalem, so the richer Holy Roman Empire is the Final
    # Winner (EndGame.FinalWinner.Tie); final_winner_more_tiebreakers: the Angevin
    state = four({"tyre": "angevin", "tripoli": "angevin"}, {a: [] for a in OBJECTIVES}, glory=10)
    state.options["final_winner_more_tiebreakers"] = other
    state.faith["crusader"] = ["angevin", 1]
    state.gold["angevin"], state.gold["hre"] = 3, 5
    state.stack.clear()
    victory.check(state, "a test")
    PROCEDURES.settle(state)
    assert state.result is not None
    assert state.result["tiebreakers"] == {"faith": ["angevin"], "mercantile": [], "objectives": []}
    assert state.result["winners"] == (["angevin"] if other else ["hre"])


def infantry_back(other: bool) -> State:
    """The 4-player set-up, where the Turkoman's first Infantry Section is empty and its second one
    short of one Unit (R13: Units leave from the left), then one Turkoman Infantry lost in a Battle
    going home (``Battle.Losses.Count``)."""
    state = GAME.setup(1, "four", {"refill_chosen_section": other})
    first, second = data(state).orders.board.of("infantry")[:2]
    assert (
        data(state).orders.board.units["infantry"] - state.board_units["turkoman"]["infantry"]
        == first.size + 1
    )
    state.stack.clear()
    pieces.home(state, "turkoman:infantry")
    bot_play.settle(state)
    return state


@pytest.mark.parametrize("other", [False, True])
def test_refill_chosen_section(other: bool) -> None:
    # Glossary.Section, Upkeep.4.A, R13: a Unit coming back fills the rightmost Section of its type
    # not full, so the second Section is full again and only the first asks supply;
    # refill_chosen_section: the owner chooses, and putting it into the first leaves both short
    state = infantry_back(other)
    by_r13 = upkeep.need(infantry_back(False), "turkoman")
    if not other:
        assert state.stack == [] and state.sections is None
        return
    assert GAME.active_roles(state) == ("turkoman",)
    assert GAME.legal_actions(state, "turkoman") == [("section", "infantry_1"), ("section", "infantry_2")]
    assert set(GAME.legal_actions(state, "turkoman")) <= set(GAME.action_space())  # encoding.py
    before = snapshot(state)
    with pytest.raises(IllegalAction):
        play(state, "turkoman", "section", "infantry_3")  # a full Section: refused, nothing changed
    assert snapshot(state) == before
    play(state, "turkoman", "section", "infantry_1")
    assert state.stack == [] and state.sections is not None
    assert state.sections["held"]["turkoman"][:2] == [1, 7]
    second = data(state).orders.board.of("infantry")[1]
    assert upkeep.need(state, "turkoman") == by_r13 + second.supply  # now short too (L711)
    state = infantry_back(True)
    play(state, "turkoman", "section", "infantry_2")  # the choice R13 makes: the same need
    assert upkeep.need(state, "turkoman") == by_r13
