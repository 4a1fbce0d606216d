"""The Strategy phase (strategy.py): Event Cards laid face down under the bidding board, revealed
together, picked by the enemy in initiative order for command points. Keys are those of
docs/third-crusade/sections.md; Rn of rulings.md."""

from __future__ import annotations

import pytest

from outremer.engine.errors import IllegalAction
from outremer.games.third_crusade.common import data
from outremer.games.third_crusade.state import State

from .play import GAME, kind, play, snapshot, start, through


def lay_in_drawn_order(state: State) -> None:
    """Every Army lays the cards it drew left to right in the order drawn."""
    for army in list(GAME.active_roles(state)):
        play(state, army, "place", *state.drawn[army])


def titles(state: State, cards: list[str]) -> list[str]:
    return [data(state).events.cards[c].title for c in cards]


def test_the_plutorial_picks_give_9_and_10_current_command_points() -> None:
    state = start("plutorial")
    lay_in_drawn_order(state)  # Plutorial.Strategy.Rows: slots 2 to 5 in the printed order
    assert kind(state) == "strategy_pick"
    assert GAME.active_roles(state) == ("ayyubid",)  # Plutorial.HowToPlay: the Ayyubid first
    play(state, "ayyubid", "pick", "angevin", 4)  # Plutorial.Strategy.1
    play(state, "angevin", "pick", "ayyubid", 5)  # Plutorial.Strategy.2
    play(state, "ayyubid", "pick", "angevin", 3)  # Plutorial.Strategy.3
    play(state, "angevin", "pick", "ayyubid", 3)  # Plutorial.Strategy.4
    # Plutorial.Strategy.CP: current points rise by the slots picked, base points stay
    assert state.tracks["angevin"]["current"] == 9 and state.tracks["angevin"]["base"] == 1
    assert state.tracks["ayyubid"]["current"] == 10 and state.tracks["ayyubid"]["base"] == 3
    # Strategy.Pick: a picked card goes to its owner
    angevin, ayyubid = (titles(state, state.event_cards[a]) for a in ("angevin", "ayyubid"))
    assert angevin == ["Ayyubid Servants Loot Their Own Camp", "Guy's Expedition"]
    assert ayyubid == ["Al-Adil's Victory", "Crusader Fleet Suffer Defeats"]
    # Strategy.End: the 4 cards left in the rows are discarded; Planning follows
    assert len(state.event_discard) == 4 and state.bidding == {"angevin": [], "ayyubid": []}
    assert kind(state) == "planning"


def test_a_row_is_revealed_only_once_every_row_is_laid() -> None:
    state = start("plutorial")
    play(state, "ayyubid", "place", *state.drawn["ayyubid"])
    # Strategy.Place: laid face down; the Angevin sees that the Ayyubid has laid, not how
    seen = GAME.view(state, "angevin")
    assert seen["bidding"] == {"angevin": [], "ayyubid": []}
    assert seen["stack"][-1]["sealed"] == {"ayyubid": True}
    assert GAME.active_roles(state) == ("angevin",)
    play(state, "angevin", "place", *state.drawn["angevin"])
    assert all(len(row) == 4 for row in state.bidding.values())  # revealed together


def test_a_player_lays_only_the_cards_it_drew() -> None:
    state = start("plutorial")
    before = snapshot(state)
    other = state.drawn["angevin"]
    with pytest.raises(IllegalAction):
        play(state, "ayyubid", "place", *other)  # Strategy.Place: its own cards
    with pytest.raises(IllegalAction):
        play(state, "ayyubid", "place", *state.drawn["ayyubid"][:3])  # one under every slot
    assert snapshot(state) == before


def test_picks_come_from_an_enemy_row_and_a_card_still_there() -> None:
    state = start("plutorial")
    lay_in_drawn_order(state)
    play(state, "ayyubid", "pick", "angevin", 5)
    before = snapshot(state)
    with pytest.raises(IllegalAction):
        play(state, "angevin", "pick", "angevin", 2)  # Strategy.Pick: from an enemy Army's row
    with pytest.raises(IllegalAction):
        play(state, "ayyubid", "pick", "angevin", 4)  # not the Ayyubid's turn
    assert snapshot(state) == before
    play(state, "angevin", "pick", "ayyubid", 2)
    before = snapshot(state)
    with pytest.raises(IllegalAction):
        play(state, "ayyubid", "pick", "angevin", 5)  # that card is gone
    assert snapshot(state) == before


def test_a_row_gives_two_cards_at_most_in_four_players() -> None:
    state = start("four")
    lay_in_drawn_order(state)
    first, second, third, fourth = state.initiative  # BoardSetup.2.Initiative: 1 and 3 are partners
    play(state, first, "pick", second, 2)
    play(state, second, "pick", first, 2)
    play(state, third, "pick", second, 3)
    play(state, fourth, "pick", first, 3)
    # Strategy.RowLimit: two cards are picked from the second Army's row; it gives no more
    picks = GAME.legal_actions(state, first)
    assert picks and {a[1] for a in picks} == {fourth}
    before = snapshot(state)
    with pytest.raises(IllegalAction):
        play(state, first, "pick", second, 4)
    assert snapshot(state) == before
    # Strategy.End: each Army ends with 2 cards, each player having picked 2
    through(state, "strategy_pick")
    assert all(len(state.event_cards[a]) == 2 for a in state.armies)


def test_three_players_the_lone_player_picks_four_and_each_partner_one_at_double() -> None:
    state = start("three_ayyubid", seed=2)
    lone = "ayyubid"
    lay_in_drawn_order(state)
    order: list[str] = []
    gains = {}
    while kind(state) == "strategy_pick":
        (role,) = GAME.active_roles(state)
        before = state.tracks[role]["current"]
        _, owner, slot = GAME.legal_actions(state, role)[0]
        play(state, role, "pick", owner, slot)
        order.append(role)
        gains.setdefault(role, []).append((state.tracks[role]["current"] - before, slot))
    # Strategy.ThreePlayer: the lone player 4 picks, 2 from each partner's row; each partner 1
    assert order.count(lone) == 4 and len(order) == 6
    assert all(len(state.event_cards[a]) == 2 for a in state.armies)
    # the partners' pick is worth twice the slot, the lone player's the slot
    assert all(gain == 2 * slot for role, g in gains.items() if role != lone for gain, slot in g)
    assert all(gain == slot for gain, slot in gains[lone])
    # Round.Initiative, R22: the lone player picks at both its positions, in turn with the others
    track = state.initiative
    assert order[:4] == track
