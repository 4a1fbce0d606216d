"""The search bot's estimate of each Army's chance to win (evaluation.py) and the upkeep forecast it
reads (forecast.py), on positions built for the purpose. Keys are those of
docs/third-crusade/sections.md."""

from __future__ import annotations

import pytest

from outremer.games.third_crusade import evaluation, forecast
from outremer.games.third_crusade.common import alliance, data
from outremer.games.third_crusade.evaluation import evaluate
from outremer.games.third_crusade.state import CRUSADER, MUSLIM, State, unit

from .play import GAME, kind, start, through


def _side(state: State, side: str) -> float:
    """The chance of ``side``'s Alliance: the sum over its Armies."""
    return sum(p for a, p in evaluate(state).items() if alliance(a) == side)


def _hold(state: State, region: str, army: str) -> None:
    """``army`` alone in ``region``, with two Infantry (``Glossary.Control``)."""
    slots = state.regions[region]["slots"]
    slots[:] = [None] * len(slots)
    slots[0] = slots[1] = unit(army, "infantry")


def test_the_game_class_offers_it() -> None:
    state = start("four", 1)
    assert GAME.evaluate(state) == evaluate(state)


@pytest.mark.parametrize("scenario", ["four", "two_hre_turkoman", "three_angevin"])
def test_chances_of_the_armies_in_play_sum_to_one(scenario: str) -> None:
    # Goal, EndGame.FinalWinner: exactly one Army wins (a shared victory aside)
    state = start(scenario, 3)
    chances = evaluate(state)
    assert set(chances) == set(state.armies)
    assert all(0 < p < 1 for p in chances.values())
    assert sum(chances.values()) == pytest.approx(1.0)


def test_a_side_far_ahead_in_glory_is_likelier_to_win() -> None:
    # VictoryCheck, Goal.1: 10 Glory on one side wins; the more the marker shows, the likelier
    state = start("two_angevin_ayyubid", 2)
    state.glory = 8
    ahead = evaluate(state)
    state.glory = -8
    behind = evaluate(state)
    assert ahead["angevin"] > 0.8 > ahead["ayyubid"]
    assert behind["ayyubid"] > 0.8 > behind["angevin"]
    state.glory = 4
    assert ahead["angevin"] > evaluate(state)["angevin"] > behind["angevin"]


def test_glory_counts_more_in_the_last_round() -> None:
    # Upkeep.6, EndGame.2: after the fourth round the side with the marker wins; earlier it may swing
    state = start("two_angevin_ayyubid", 2)
    state.glory = 3
    early = evaluate(state)["angevin"]
    state.round = 3
    assert evaluate(state)["angevin"] > early


@pytest.mark.parametrize("holder", ["angevin", "ayyubid", None])
def test_at_even_glory_in_the_last_round_jerusalems_holder_is_favoured(
    holder: str | None, monkeypatch: pytest.MonkeyPatch
) -> None:
    # EndGame.2, R23: on 0 after the fourth round the Alliance holding Jerusalem wins, the Muslims
    # if nobody holds it; the next upkeep due to move nothing, the marker on 0
    state = start("two_angevin_ayyubid", 2)
    monkeypatch.setattr(forecast, "upkeep_glory", lambda state, held=None: 0)
    state.round, state.glory = 3, 0
    jerusalem = data(state).board.jerusalem
    if holder is None:
        state.regions[jerusalem]["slots"][:] = [None] * len(state.regions[jerusalem]["slots"])
    else:
        _hold(state, jerusalem, holder)
    favoured = CRUSADER if holder == "angevin" else MUSLIM
    other = MUSLIM if favoured == CRUSADER else CRUSADER
    assert _side(state, favoured) > 0.5 > _side(state, other)


def test_a_partner_ahead_on_the_tiebreakers_is_the_likelier_final_winner() -> None:
    # EndGame.FinalWinner.1, R24: the Faith marker leaning to an Army is one of its tiebreakers
    state = start("four", 4)
    state.faith[CRUSADER] = ["hre", 3]
    chances = evaluate(state)
    state.faith[CRUSADER] = ["angevin", 3]
    swapped = evaluate(state)
    assert chances["hre"] > swapped["hre"] and swapped["angevin"] > chances["angevin"]
    assert chances["hre"] + chances["angevin"] == pytest.approx(swapped["hre"] + swapped["angevin"])


def test_a_finished_game_gives_its_result() -> None:
    # EndGame: 1 to each winner, 0 to the others
    state = start("four", 1)
    state.result = {"winners": ["turkoman"], "reason": "test", "alliance": MUSLIM}
    assert evaluate(state) == {"angevin": 0.0, "hre": 0.0, "ayyubid": 0.0, "turkoman": 1.0}


def test_the_forecast_counts_an_order_left_unexecuted() -> None:
    # Upkeep.3: each un-executed Order that is no Blank costs its Alliance 1 Glory; a Blank nothing
    state = start("two_angevin_ayyubid", 2)
    before = forecast.upkeep_glory(state)
    orders = data(state).orders.orders
    blank = next(o for o in state.order_box["angevin"] if orders[o].blank)
    march = next(o for o in state.order_box["angevin"] if orders[o].name == "March")
    state.placed["tyre"] = {CRUSADER: {"army": "angevin", "order": blank, "up": False}}
    assert forecast.upkeep_glory(state) == before
    state.placed["tyre"] = {CRUSADER: {"army": "angevin", "order": march, "up": False}}
    assert forecast.upkeep_glory(state) == before - 1


def test_the_forecast_spares_a_reaction_order_the_army_can_tithe() -> None:
    # Upkeep.2, R15: a Tithe Order with Presence and its cost paid leaves without a Glory lost
    state = start("two_angevin_ayyubid", 2)
    orders = data(state).orders.orders
    defence = next(o for o in state.order_box["angevin"] if orders[o].name == "Defence")
    tyre = "tyre"
    assert any(p and p.startswith("angevin") for p in state.regions[tyre]["slots"])  # Presence
    before = forecast.upkeep_glory(state)
    state.placed[tyre] = {CRUSADER: {"army": "angevin", "order": defence, "up": False}}
    state.tracks["angevin"]["current"] = orders[defence].cost or 0
    assert forecast.upkeep_glory(state) == before
    state.tracks["angevin"]["current"] = 0
    assert forecast.upkeep_glory(state) == before - 1


def test_the_forecast_gives_the_crusaders_jerusalem() -> None:
    # Upkeep.4.C: 2 Glory to the Crusaders holding Jerusalem (it prints no Glory icon, Upkeep.4.E)
    state = start("two_angevin_ayyubid", 2)
    state.mission = None
    jerusalem = data(state).board.jerusalem
    _hold(state, jerusalem, "ayyubid")
    muslim = forecast.upkeep_glory(state)
    _hold(state, jerusalem, "angevin")
    assert forecast.holdings(state).holder[jerusalem] == CRUSADER
    assert forecast.upkeep_glory(state) == muslim + 2


def test_the_forecast_spares_an_order_its_army_may_still_execute() -> None:
    # Planning.Pass, Command.Order.Requirements, Upkeep.3: in Planning an Order of action whose
    # requirements hold may still be executed in Command; without its Presence it is lost
    state = start("two_angevin_ayyubid", 2)
    through(state, "strategy_place", "strategy_pick")
    assert kind(state) == "planning"
    before = forecast.upkeep_glory(state)
    orders = data(state).orders.orders
    march = next(o for o in state.order_box["angevin"] if orders[o].name == "March")
    assert (orders[march].cost or 0) <= state.tracks["angevin"]["current"]
    state.placed["tyre"] = {CRUSADER: {"army": "angevin", "order": march, "up": False}}
    assert forecast.upkeep_glory(state) == before
    state.regions["tyre"]["slots"][:] = [None] * len(state.regions["tyre"]["slots"])
    assert forecast.order_losses(state, "angevin") == 1


def test_the_partners_features_are_each_others_opposites() -> None:
    # EndGame.FinalWinner.1-3, R24: a lead of one partner on a tiebreaker is the other's deficit,
    # so their shares of the Alliance's win add up to 1
    state = start("four", 4)
    state.faith[CRUSADER] = ["hre", 2]
    held = forecast.holdings(state)
    hre, angevin = (evaluation.partner_features(state, a, held) for a in ("hre", "angevin"))
    assert hre == [-x for x in angevin]
    assert hre[0] > 0  # the Faith marker leans to the Holy Roman Empire
    shares = [evaluation.partner_share(state, a, held) for a in ("hre", "angevin")]
    assert sum(shares) == pytest.approx(1.0)
