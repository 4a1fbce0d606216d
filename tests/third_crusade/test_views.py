"""What a role may see (views.py): twin states that differ only in one hidden fact give every role
that may not see it the same view, log included, while the role that may see it tells them apart.
Keys are those of docs/third-crusade/sections.md."""

from __future__ import annotations

import json
from collections.abc import Iterable

from outremer.games.third_crusade.common import alliance
from outremer.games.third_crusade.state import State

from .play import GAME, kind, play, start, through


def seen(state: State, role: str | None) -> str:
    return json.dumps(GAME.view(state, role), sort_keys=True)


def blind(a: State, b: State, roles: Iterable[str | None]) -> None:
    """Each of ``roles`` sees ``a`` and ``b`` alike."""
    for role in roles:
        assert seen(a, role) == seen(b, role), role


def test_the_cards_drawn_are_seen_by_their_owner_alone() -> None:
    a = start("four")
    b = a.copy()
    army = a.armies[0]
    deck = b.event_decks[army]["1190"]
    b.drawn[army][0], deck[0] = deck[0], b.drawn[army][0]  # another card drawn
    # Strategy.Place: each player looks at its own cards
    blind(a, b, [None, *(r for r in a.armies if r != army)])
    assert seen(a, army) != seen(b, army)


def test_the_order_of_an_event_deck_is_seen_by_nobody() -> None:
    a = start("three_turkoman")
    b = a.copy()
    b.event_decks["turkoman"]["1191_spring"].reverse()  # PlayerSetup.A: face down, shuffled
    blind(a, b, [None, *a.armies])


def test_cards_laid_face_down_are_seen_by_their_owner_alone_until_revealed() -> None:
    a, b = start("plutorial"), start("plutorial")
    cards = a.drawn["ayyubid"]
    play(a, "ayyubid", "place", *cards)
    play(b, "ayyubid", "place", *reversed(cards))
    # Strategy.Place: face down until every row is laid
    blind(a, b, [None, "angevin"])
    assert seen(a, "ayyubid") != seen(b, "ayyubid")


def test_a_face_down_order_is_seen_by_its_alliance_alone() -> None:
    a = start("four")
    through(a, "strategy_place", "strategy_pick")
    assert kind(a) == "planning"
    b = a.copy()
    first = a.initiative[0]
    region = "d_negev"
    play(a, first, "order", f"{first}_march", region)
    play(b, first, "order", f"{first}_blank_1", region)
    # Planning.Facing: the enemy sees an Order there, not which; the Order box is behind the screen
    enemies = [r for r in a.armies if alliance(r) != alliance(first)]
    blind(a, b, [None, *enemies])
    partner = next(r for r in a.armies if r != first and alliance(r) == alliance(first))
    assert seen(a, partner) != seen(b, partner)


def test_objectives_are_seen_by_their_holder_alone_not_even_the_partner() -> None:
    a = start("four")
    b = a.copy()
    army = a.armies[0]
    b.objectives[army][0], b.objective_deck[0] = b.objective_deck[0], b.objectives[army][0]
    blind(a, b, [None, *(r for r in a.armies if r != army)])  # PlayerSetup.H
    assert seen(a, army) != seen(b, army)
